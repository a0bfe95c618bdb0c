"""Remen.ask: route the question, run its handler, and keep the note search beside the answers."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime

from remen.answers import Answer, QueryType
from remen.ask.handlers import Handled, entity_lookup, relationship
from remen.ask.router import EntityIndex, route
from remen.knowledge import Aspect
from remen.memory.reader import MemoryReader
from remen.models import SearchResult
from remen.store import Store
from remen.store import graph as graph_store
from remen.store import memory as memory_store


class Asker:
    """Answers questions from the graph; the entity index follows the graph's generation counter."""

    def __init__(self, store: Store, memory: MemoryReader, search: Callable[[str, datetime], SearchResult]) -> None:
        """``search`` is the note search whose hits go with every answer."""
        self.store = store
        self.memory = memory
        self.search = search
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
        index = EntityIndex(aliases, relations, aliases.get("me", "Me"))
        self._index = (generation, index)
        return index

    def ask(self, question: str, now: datetime) -> Answer:
        """Route ``question`` as of ``now`` and answer it; the note search always comes along."""
        started = time.perf_counter()
        index = self.index()
        chosen = route(question, now, index)
        handled = Handled(())
        if chosen.query_type == QueryType.ENTITY_LOOKUP:
            handled = entity_lookup(chosen, self.memory, index.user_name)
        elif chosen.query_type == QueryType.RELATIONSHIP:
            handled = relationship(chosen, self.memory, index.user_name)
        handler_ms = (time.perf_counter() - started) * 1000 - chosen.routing_ms
        found = self.search(question, now)
        return Answer(
            question,
            chosen,
            handled.answers,
            found.results,
            handled.not_found,
            {"routing": chosen.routing_ms, "handler": handler_ms, "search": found.timings_ms.get("total", 0.0)},
        )
