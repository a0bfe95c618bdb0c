"""The semantic leg: nearest chunk vectors, best chunk per note, time filter inside the search."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from remen.core.constants import SKETCH_CANDIDATES, SKETCH_DIMS, SKETCH_MIN_CHUNKS, SKETCH_SAMPLE
from remen.core.models import NoteFilter, NoteScope
from remen.store import search as search_store
from remen.store import vectors as vector_store
from remen.store.connect import Connection


@dataclass(frozen=True)
class ChunkMatches:
    """Note ids and cosine similarities of the best chunks, best first (a note may repeat)."""

    nids: np.ndarray
    similarities: np.ndarray


def best_per_note(matches: ChunkMatches, threshold: float) -> dict[int, float]:
    """The best similarity of each note, keeping those at or above ``threshold``."""
    best: dict[int, float] = {}
    for nid, sim in zip(matches.nids.tolist(), matches.similarities.tolist(), strict=True):
        if sim >= threshold and sim > best.get(nid, -2.0):
            best[nid] = sim
    return best


class VectorIndex:
    """All vectors of one namespace in RAM: one matrix product per query instead of a scan in SQLite.

    It follows the database through the vectors generation counter: new chunks are appended in
    place (capacity doubles), replaced or deleted ones are marked dead, never copied around.

    From SKETCH_MIN_CHUNKS chunks on, each vector is also kept as its sketch: its SKETCH_DIMS
    coordinates along the vectors' principal directions. A query is compared with the sketches
    first (a third of the memory to read) and with the full vectors of the SKETCH_CANDIDATES
    closest only, so its similarities are exact.
    """

    def __init__(self, namespace: str) -> None:
        """Empty; call :meth:`refresh` to load."""
        self.namespace = namespace
        self.generation = -1
        # The deleted-chunks counter as of the last refresh (-1: never refreshed).
        self.deleted_chunks = -1
        self.size = 0
        self.last_chunk_id = 0
        self.chunk_ids = np.zeros(0, dtype=np.int64)
        self.nids = np.zeros(0, dtype=np.int64)
        self.created = np.zeros(0, dtype=np.float64)
        self.matrix = np.zeros((0, 0), dtype=np.float32)
        self.alive = np.zeros(0, dtype=bool)
        self.archived = np.zeros(0, dtype=bool)
        self.deleted = np.zeros(0, dtype=bool)
        # The principal directions (dims x SKETCH_DIMS; None until there are enough chunks), the
        # sketch of every row along them, and how many rows there were when they were found.
        self.basis: np.ndarray | None = None
        self.sketch = np.zeros((0, SKETCH_DIMS), dtype=np.float32)
        self.sketched_at = 0

    def _append(self, rows: vector_store.VectorRows) -> None:
        needed = self.size + len(rows.chunk_ids)
        if needed > len(self.chunk_ids) or self.matrix.shape[1] != rows.matrix.shape[1]:
            # Headroom, so notes saved later are appended without copying the matrix.
            capacity = max(needed + needed // 4, 2 * len(self.chunk_ids), 1024)
            self.chunk_ids = np.resize(self.chunk_ids, capacity)
            self.nids = np.resize(self.nids, capacity)
            self.created = np.resize(self.created, capacity)
            self.alive = np.resize(self.alive, capacity)
            matrix = np.zeros((capacity, rows.matrix.shape[1]), dtype=np.float32)
            if self.size:
                matrix[: self.size] = self.matrix[: self.size]
            self.matrix = matrix
            sketch = np.zeros((capacity, SKETCH_DIMS), dtype=np.float32)
            if self.size and self.basis is not None:
                sketch[: self.size] = self.sketch[: self.size]
            self.sketch = sketch
        end = self.size + len(rows.chunk_ids)
        self.chunk_ids[self.size : end] = rows.chunk_ids
        self.nids[self.size : end] = rows.nids
        self.created[self.size : end] = rows.created
        self.matrix[self.size : end] = rows.matrix
        self.alive[self.size : end] = True
        if self.basis is not None and self.basis.shape[0] == rows.matrix.shape[1]:
            self.sketch[self.size : end] = rows.matrix @ self.basis
        self.size = end
        self.last_chunk_id = int(rows.chunk_ids.max())
        if self.size >= SKETCH_MIN_CHUNKS and (self.basis is None or self.size > 2 * self.sketched_at):
            self._sketch_all()

    def _sketch_all(self) -> None:
        """Find the principal directions of (a sample of) the vectors and sketch every row: at
        load, and again whenever the index has doubled since."""
        rows = self.matrix[: self.size]
        sample = rows[:: max(1, self.size // SKETCH_SAMPLE)]
        _, directions = np.linalg.eigh(sample.T @ sample)
        self.basis = np.ascontiguousarray(directions[:, ::-1][:, :SKETCH_DIMS], dtype=np.float32)
        self.sketch[: self.size] = rows @ self.basis
        self.sketched_at = self.size

    def refresh(self, conn: Connection) -> None:
        """Bring the index up to date with the database (one cheap query when nothing changed)."""
        current = vector_store.generation(conn)
        if current == self.generation:
            return
        new = vector_store.load_all(conn, self.namespace, after_chunk_id=self.last_chunk_id)
        deleted = vector_store.deleted_chunks(conn, self.namespace)
        replaced = 0
        if len(new.chunk_ids):
            # A note that got new vectors had all its older ones replaced.
            old = self.alive[: self.size] & np.isin(self.nids[: self.size], new.nids)
            replaced = int(old.sum())
            self.alive[: self.size] &= ~old
            self._append(new)
        live = self.alive[: self.size]
        # Chunks deleted beyond the ones seen replaced (a note purged) are found by counting all
        # chunks, the one step here that grows with the database (~20 ms at 100k notes).
        if deleted != self.deleted_chunks + replaced and int(live.sum()) != vector_store.chunk_count(
            conn, self.namespace
        ):
            live &= np.isin(self.chunk_ids[: self.size], vector_store.chunk_ids(conn, self.namespace))
        self.deleted_chunks = deleted
        hidden = search_store.hidden_notes(conn)
        self.archived = np.isin(self.nids[: self.size], [nid for nid, archived, _ in hidden if archived])
        self.deleted = np.isin(self.nids[: self.size], [nid for nid, _, deleted in hidden if deleted])
        self.generation = current

    def search(self, query: np.ndarray, k: int, scope: NoteScope) -> ChunkMatches:
        """The ``k`` most similar chunks of notes in ``scope``."""
        if not self.size:
            return ChunkMatches(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32))
        query = query.astype(np.float32)
        mask = self.alive[: self.size].copy()
        note_filter = scope.filter
        if not note_filter.include_archived:
            mask &= ~self.archived
        if not note_filter.include_deleted:
            mask &= ~self.deleted
        # The time range is a mask over creation times: cheaper than testing membership of a set.
        if note_filter.start is not None:
            mask &= self.created[: self.size] >= note_filter.start
        if note_filter.end is not None:
            mask &= self.created[: self.size] < note_filter.end
        if scope.tagged is not None:
            mask &= np.isin(self.nids[: self.size], np.fromiter(scope.tagged, dtype=np.int64))
        candidates = np.flatnonzero(mask)
        # numpy's own loop, not BLAS: as fast as one BLAS thread here, and BLAS's threads spin on
        # every core after a product, taking the one the model embeds the next query on (its
        # start waited 2.4 ms behind them).
        if self.basis is not None and len(candidates) > SKETCH_CANDIDATES:
            rough = np.einsum("ij,j->i", self.sketch[: self.size], query @ self.basis)[candidates]
            candidates = candidates[np.argpartition(-rough, SKETCH_CANDIDATES)[:SKETCH_CANDIDATES]]
            sims = np.einsum("ij,j->i", self.matrix[candidates], query)
        else:
            sims = np.einsum("ij,j->i", self.matrix[: self.size], query)[candidates]
        if len(candidates) > k:
            top = np.argpartition(-sims, k)[:k]
            candidates, sims = candidates[top], sims[top]
        order = np.argsort(-sims)
        return ChunkMatches(self.nids[candidates[order]], sims[order])


def knn_in_store(conn: Connection, namespace: str, query: np.ndarray, k: int, note_filter: NoteFilter) -> ChunkMatches:
    """The same search run by sqlite-vec inside SQLite (no warm-up; used until the index is loaded)."""
    rows = vector_store.knn(
        conn,
        namespace,
        query,
        k,
        start=note_filter.start,
        end=note_filter.end,
        include_hidden=note_filter.include_archived or note_filter.include_deleted,
    )
    return ChunkMatches(
        np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows)),
        np.fromiter((r[1] for r in rows), dtype=np.float32, count=len(rows)),
    )
