"""Remen.ask: route the question, run its handler, and keep the note search beside the answers."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime

import numpy as np

from remen.ask.handlers import (
    Handled,
    aspect_query,
    entity_lookup,
    exploratory,
    relationship,
    temporal,
    temporal_facets,
)
from remen.ask.router import EntityIndex, first_names_of, route
from remen.core.answers import Answer, EntityHint, QueryType, Route
from remen.core.constants import (
    ASK_ENTITY_MARGIN,
    ASK_ENTITY_MIN_SIMILARITY,
    ASK_NEAR_MIN_SIMILARITY,
    ASK_NEAR_STATEMENTS,
    DIGEST_DAYS,
)
from remen.core.knowledge import Aspect
from remen.core.models import DateOrder, SearchResult
from remen.memory.reader import MemoryReader
from remen.store import Store
from remen.store import graph as graph_store
from remen.store import memory as memory_store


class Asker:
    """Answers questions from the graph; the entity index follows the graph's generation counter."""

    def __init__(
        self,
        store: Store,
        memory: MemoryReader,
        search: Callable[[str, datetime], SearchResult],
        embed: Callable[[str], np.ndarray | None],
        date_order: DateOrder = "mdy",
    ) -> None:
        """``search`` is the note search whose hits go with every answer; ``embed`` gives a text's
        MiniLM vector (None without the model); ``date_order`` reads dates such as "3/2"."""
        self.store = store
        self.date_order = date_order
        self.memory = memory
        self.search = search
        self.embed = embed
        self._index: tuple[int, EntityIndex] | None = None

    def index(self) -> EntityIndex:
        """Alias keys and the user's current relations, rebuilt when a statement changed."""
        with self.store.read() as conn:
            generation = memory_store.memory_generation(conn)
            if self._index is not None and self._index[0] == generation:
                return self._index[1]
            aliases = graph_store.alias_names(conn)
        relations = (
            {f.predicate: f.target for f in self.memory.facts("me", Aspect.RELATIONSHIP) if f.target} if aliases else {}
        )
        labels = frozenset(label.name.lower() for label in self.memory.labels())
        index = EntityIndex(aliases, relations, aliases.get("me", "Me"), labels, first_names_of(aliases))
        self._index = (generation, index)
        return index

    def handle(self, chosen: Route, index: EntityIndex, now: datetime) -> Handled:
        """Run the route's handler."""
        kind = chosen.query_type
        if kind == QueryType.ENTITY_LOOKUP:
            return entity_lookup(chosen, self.memory, index.user_name)
        if kind == QueryType.RELATIONSHIP:
            return relationship(chosen, self.memory, index.user_name)
        if kind == QueryType.ASPECT_QUERY:
            return aspect_query(chosen, self.memory, lambda: self.similar(chosen.topic))
        if kind == QueryType.TEMPORAL:
            return temporal(chosen, self.memory)
        span = chosen.temporal
        start, end = (
            (span.start.timestamp(), span.end.timestamp())
            if span
            else (now.timestamp() - DIGEST_DAYS * 86_400, now.timestamp() + 1)
        )
        label = f"from {span.description}" if span else f"from the last {DIGEST_DAYS} days"
        if kind == QueryType.TEMPORAL_FACETS:
            return temporal_facets(chosen, self.memory, start, end, label)
        if kind == QueryType.EXPLORATORY:
            return exploratory(chosen, self.memory, start, end, label, lambda: self.similar(chosen.topic))
        return Handled(())

    def entity_by_meaning(self, words: str) -> EntityHint | None:
        """The entity whose context (ENTITY vectors) the words describe, when one is clearly nearest."""
        vector = self.embed(words)
        if vector is None:
            return None
        found = self.memory.nearest_entities(vector, 3)
        if not found or found[0][1] < ASK_ENTITY_MIN_SIMILARITY:
            return None
        name, similarity = found[0]
        if any(other != name and similarity - sim < ASK_ENTITY_MARGIN for other, sim in found[1:]):
            return None  # two people fit about as well: better plain search than a guess
        return EntityHint(words, name, "meaning", similarity)

    def similar(self, topic: str) -> list[int] | None:
        """Statements nearest the topic in meaning (memory vectors), when the model is loaded."""
        vector = self.embed(topic) if topic else None
        if vector is None:
            return None
        near = self.memory.nearest_statements(("aspect", "statement"), vector, ASK_NEAR_STATEMENTS)
        return [sid for sid, sim in near if sim >= ASK_NEAR_MIN_SIMILARITY]

    def ask(self, question: str, now: datetime, with_notes: bool = True) -> Answer:
        """Route ``question`` as of ``now`` and answer it; the note search comes along unless the
        caller runs it itself (``with_notes`` False: the app, which already searched)."""
        started = time.perf_counter()
        index = self.index()
        chosen = route(question, now, index, self.entity_by_meaning, self.date_order)
        handled = self.handle(chosen, index, now)
        handler_ms = (time.perf_counter() - started) * 1000 - chosen.routing_ms
        found = self.search(question, now) if with_notes else None
        return Answer(
            question,
            chosen,
            handled.answers,
            found.results if found else (),
            handled.not_found,
            {
                "routing": chosen.routing_ms,
                "handler": handler_ms,
                "search": found.timings_ms.get("total", 0.0) if found else 0.0,
            },
        )
