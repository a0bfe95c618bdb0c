"""Reading the knowledge graph as the service returns it: entities, one entity, facts, labels."""

from __future__ import annotations

from datetime import datetime

import numpy as np

from remen.core.constants import LISTING_LIMIT
from remen.core.errors import EntityNotFoundError
from remen.core.knowledge import Aspect, Digest, EntityDetail, EntitySummary, EntityType, Fact, LabelCount
from remen.core.timeutil import from_epoch
from remen.memory.digests import digests_between
from remen.memory.graph_writer import refresh_chains
from remen.memory.lexicon import ATTRIBUTE_PREDICATES
from remen.memory.names import name_key
from remen.store import Store
from remen.store import graph as graph_store
from remen.store import memory as memory_store
from remen.store.connect import Connection


def to_fact(row: graph_store.FactRow) -> Fact:
    """A stored statement as the API returns it."""
    return Fact(
        id=row.sid,
        aspect=Aspect(row.aspect),
        text=row.text,
        subject=row.subject,
        predicate=row.predicate,
        target=row.target,
        valid_at=from_epoch(row.valid_at),
        invalid_at=None if row.invalid_at is None else from_epoch(row.invalid_at),
        invalidated_by=row.invalidated_by,
        note_ids=row.note_ids,
        quote=row.text,
        by_user=row.by_user,
    )


def entity_ids(conn: Connection, name: str) -> list[int]:
    """Entities known by ``name`` (any alias), most mentioned first; an error naming close ones
    when there is none."""
    eids = graph_store.find_entities(conn, name_key(name))
    if not eids:
        hints = graph_store.entity_names_like(conn, name_key(name))
        more = f" Did you mean: {', '.join(hints)}?" if hints else " `remen entities` lists them."
        raise EntityNotFoundError(f"No entity called {name!r} in your notes yet.{more}")
    return eids


class MemoryReader:
    """Queries over the graph for the CLI, the TUI and, next, the ask handlers."""

    def __init__(self, store: Store) -> None:
        """Reads through the store's pool of read connections."""
        self.store = store

    def entities(self, kind: EntityType | None = None, limit: int | None = LISTING_LIMIT) -> list[EntitySummary]:
        """Entities, most mentioned first (the first ``limit``; None: all)."""
        with self.store.read() as conn:
            rows = graph_store.entities(conn, kind.value if kind else None, -1 if limit is None else limit)
        return [EntitySummary(r.name, EntityType(r.type), r.aliases, r.statements, r.notes) for r in rows]

    def entity(self, name: str) -> EntityDetail:
        """Everything the notes say about the entity ``name`` (any of its aliases)."""
        with self.store.read() as conn:
            eid = entity_ids(conn, name)[0]
            title, kind, aliases, notes = graph_store.entity_row(conn, eid)
            rows = graph_store.facts(conn, [eid], history=True)
        facts = tuple(to_fact(r) for r in rows)
        attributes: dict[str, str] = {}
        for fact in facts:
            if fact.current and fact.subject == title and fact.predicate in ATTRIBUTE_PREDICATES and fact.target:
                attributes.setdefault(fact.predicate, fact.target)
            elif fact.current and fact.target == title and fact.aspect == Aspect.RELATIONSHIP:
                attributes.setdefault(f"{fact.subject.lower()}'s {fact.predicate}".replace("me's", "your"), title)
        return EntityDetail(title, EntityType(kind), aliases, attributes, facts, notes)

    def mentioned_between(self, name: str) -> tuple[datetime, datetime] | None:
        """When the notes first and last spoke of the entity ``name`` (any of its aliases)."""
        with self.store.read() as conn:
            written = graph_store.mentioned_between(conn, entity_ids(conn, name)[0])
        return None if written is None else (from_epoch(written[0]), from_epoch(written[1]))

    def facts(
        self,
        entity: str | None = None,
        aspect: Aspect | None = None,
        history: bool = False,
        limit: int | None = LISTING_LIMIT,
    ) -> list[Fact]:
        """Current facts (or all, with ``history``), about ``entity`` and of ``aspect`` when given
        (the newest ``limit``; None: all)."""
        with self.store.read() as conn:
            eids = entity_ids(conn, entity) if entity else None
            aspects = [aspect.value] if aspect else []
            rows = graph_store.facts(conn, eids, aspects, history, -1 if limit is None else limit)
        return [to_fact(r) for r in rows]

    def statements(
        self,
        aspects: tuple[Aspect, ...] = (),
        history: bool = True,
        between: tuple[float, float] | None = None,
        sids: list[int] | None = None,
        entity: str | None = None,
    ) -> list[Fact]:
        """Statements by aspect, time they hold from, ids or entity (newest first)."""
        with self.store.read() as conn:
            eids = entity_ids(conn, entity) if entity else None
            rows = graph_store.facts(conn, eids, [a.value for a in aspects], history, between=between, sids=sids)
        return [to_fact(r) for r in rows]

    def nearest_statements(self, kinds: tuple[str, ...], vector: np.ndarray, k: int) -> list[tuple[int, float]]:
        """(statement id, similarity) nearest to ``vector`` among the memory vectors of ``kinds``."""
        with self.store.read() as conn:
            found = [hit for kind in kinds for hit in memory_store.nearest(conn, kind, vector, k)]
        return sorted(found, key=lambda hit: -hit[1])[:k]

    def nearest_entities(self, vector: np.ndarray, k: int) -> list[tuple[str, float]]:
        """(name, similarity) of the entities whose context is nearest ``vector`` (ENTITY vectors),
        among those a note outside the trash mentions."""
        with self.store.read() as conn:
            found = []
            for eid, similarity in memory_store.nearest(conn, "entity", vector, k):
                name, _, _, notes = graph_store.entity_row(conn, eid)
                if notes:
                    found.append((name, similarity))
        return found

    def facets(self, start: float, end: float) -> dict[str, list[tuple[str, int]]]:
        """Labels, entities, aspects and notes per day of the notes written in [start, end)."""
        with self.store.read() as conn:
            return graph_store.facets(conn, start, end)

    def digests(self, start: float, end: float) -> list[Digest]:
        """The weekly digests per label of the weeks overlapping [start, end), fresh even when the
        worker has not rebuilt them yet."""
        with self.store.read() as conn:
            return digests_between(conn, start, end)

    def paths(self, first: str, second: str, max_hops: int = 3) -> list[list[Fact]]:
        """The shortest chains of statements linking two entities (not through the user)."""
        with self.store.read() as conn:
            start, goal = entity_ids(conn, first)[0], entity_ids(conn, second)[0]
            user = graph_store.find_entities(conn, "me")
            found = graph_store.paths(conn, start, goal, user[0] if user else -1, max_hops)
            chains = []
            for sids in found:
                by_id = {r.sid: to_fact(r) for r in graph_store.facts(conn, sids=sids, history=True)}
                chains.append([by_id[sid] for sid in sids if sid in by_id])
        return chains

    def labels(self) -> list[LabelCount]:
        """Topic labels, commonest first."""
        with self.store.read() as conn:
            return [LabelCount(name, count) for name, count in graph_store.labels(conn)]

    def counts(self) -> dict[str, int]:
        """Sizes of the graph and what is left to extract."""
        with self.store.read() as conn:
            return {**graph_store.counts(conn), "pending": memory_store.pending_extractions(conn)}


def subjects_before_change(conn: Connection, nid: int) -> set[tuple[int, str]]:
    """The (subject, predicate) chains note ``nid`` is part of (read before trashing or purging it)."""
    return memory_store.chains_of_note(conn, nid)


def after_visibility_change(conn: Connection, chains: set[tuple[int, str]]) -> None:
    """A note went to the trash, came back or was purged: its statements leave or rejoin the chains."""
    refresh_chains(conn, chains)
