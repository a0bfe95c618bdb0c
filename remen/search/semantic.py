"""The semantic leg: nearest chunk vectors, best chunk per note, time filter inside the search."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from remen.store import vectors as vector_store
from remen.store.connect import Connection
from remen.store.search import Visibility


@dataclass(frozen=True)
class ChunkMatches:
    """Note ids and cosine similarities of the best chunks, best first (a note may repeat)."""

    nids: np.ndarray
    similarities: np.ndarray


def best_per_note(matches: ChunkMatches, threshold: float) -> dict[int, float]:
    """The best similarity of each note, keeping those at or above ``threshold``."""
    best: dict[int, float] = {}
    for nid, sim in zip(matches.nids.tolist(), matches.similarities.tolist()):
        if sim >= threshold and sim > best.get(nid, -2.0):
            best[nid] = sim
    return best


class VectorIndex:
    """All vectors of one namespace in RAM: one matrix product per query instead of a scan in SQLite.

    It follows the database through the vectors generation counter, loading only new chunks.
    """

    def __init__(self, namespace: str) -> None:
        """Empty; call :meth:`refresh` to load."""
        self.namespace = namespace
        self.generation = -1
        self.chunk_ids = np.zeros(0, dtype=np.int64)
        self.nids = np.zeros(0, dtype=np.int64)
        self.created = np.zeros(0, dtype=np.float64)
        self.matrix = np.zeros((0, 0), dtype=np.float32)
        self.hidden = np.zeros(0, dtype=bool)

    def refresh(self, conn: Connection) -> None:
        """Bring the index up to date with the database (cheap when nothing changed)."""
        current = vector_store.generation(conn)
        if current == self.generation:
            return
        if len(self.chunk_ids):
            keep = np.isin(self.chunk_ids, vector_store.chunk_ids(conn, self.namespace))
            after = int(self.chunk_ids.max())
        else:
            keep = np.zeros(0, dtype=bool)
            after = 0
        new = vector_store.load_all(conn, self.namespace, after_chunk_id=after)
        self.chunk_ids = np.concatenate([self.chunk_ids[keep], new.chunk_ids])
        self.nids = np.concatenate([self.nids[keep], new.nids])
        self.created = np.concatenate([self.created[keep], new.created])
        old = self.matrix[keep] if len(self.matrix) else np.zeros((0, new.matrix.shape[1]), dtype=np.float32)
        self.matrix = np.ascontiguousarray(np.vstack([old, new.matrix]))
        hidden = np.fromiter(vector_store.hidden_nids(conn), dtype=np.int64)
        self.hidden = np.isin(self.nids, hidden)
        self.generation = current

    def search(self, query: np.ndarray, k: int, visibility: Visibility, allowed: set[int] | None) -> ChunkMatches:
        """The ``k`` most similar visible chunks."""
        if not len(self.nids):
            return ChunkMatches(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32))
        sims = self.matrix @ query.astype(np.float32)
        mask = np.ones(len(sims), dtype=bool)
        if not (visibility.include_archived or visibility.include_deleted):
            mask &= ~self.hidden
        if visibility.start is not None:
            mask &= self.created >= visibility.start
        if visibility.end is not None:
            mask &= self.created < visibility.end
        if allowed is not None:
            mask &= np.isin(self.nids, np.fromiter(allowed, dtype=np.int64))
        candidates = np.flatnonzero(mask)
        if len(candidates) > k:
            top = np.argpartition(-sims[candidates], k)[:k]
            candidates = candidates[top]
        order = candidates[np.argsort(-sims[candidates])]
        return ChunkMatches(self.nids[order], sims[order])


def knn_in_store(conn: Connection, namespace: str, query: np.ndarray, k: int, visibility: Visibility) -> ChunkMatches:
    """The same search run by sqlite-vec inside SQLite (no warm-up; used until the index is loaded)."""
    rows = vector_store.knn(
        conn,
        namespace,
        query,
        k,
        start=visibility.start,
        end=visibility.end,
        include_hidden=visibility.include_archived or visibility.include_deleted,
    )
    return ChunkMatches(
        np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows)),
        np.fromiter((r[1] for r in rows), dtype=np.float32, count=len(rows)),
    )
