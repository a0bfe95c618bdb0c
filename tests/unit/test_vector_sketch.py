"""The vectors in RAM compared by their sketch first: the same chunks found, with exact similarities."""

from __future__ import annotations

import numpy as np

from remen.core.constants import SKETCH_MIN_CHUNKS
from remen.core.models import NoteFilter, NoteScope
from remen.search.semantic import VectorIndex
from remen.store.vectors import VectorRows


def unit(rows: np.ndarray) -> np.ndarray:
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def add(index: VectorIndex, vectors: np.ndarray) -> None:
    """Append rows as a refresh from the store does, note i+1 holding chunk i+1, none hidden."""
    ids = np.arange(index.size + 1, index.size + 1 + len(vectors), dtype=np.int64)
    index._append(VectorRows(chunk_ids=ids, nids=ids, created=np.zeros(len(vectors)), matrix=vectors))
    index.archived = index.deleted = np.zeros(index.size, dtype=bool)


def test_a_large_index_compares_sketches_first_and_finds_the_same_chunks() -> None:
    rng = np.random.default_rng(7)
    topics = rng.normal(size=(60, 384))
    count = SKETCH_MIN_CHUNKS + 2_000
    vectors = unit(topics[rng.integers(0, 60, count)] + 0.6 * rng.normal(size=(count, 384)))
    index = VectorIndex("test")
    add(index, vectors)
    assert index.basis is not None
    everything = NoteScope(NoteFilter())
    overlaps = []
    for topic in topics[:20]:
        query = unit((topic + 0.6 * rng.normal(size=384))[None, :])[0]
        sketched = index.search(query, 200, everything)
        # Similarities are the full vectors', never the sketch's.
        assert np.allclose(sketched.similarities, vectors[sketched.nids - 1] @ query, atol=1e-5)
        basis, index.basis = index.basis, None
        exact = index.search(query, 200, everything)
        index.basis = basis
        overlaps.append(len(set(sketched.nids.tolist()) & set(exact.nids.tolist())) / 200)
    assert np.mean(overlaps) >= 0.99
    # A chunk saved after the sketch was made is sketched too, and found.
    new = unit(rng.normal(size=(3, 384)))
    add(index, new)
    assert index.search(new[1], 5, everything).nids[0] == count + 2


def test_a_small_index_compares_every_full_vector() -> None:
    rng = np.random.default_rng(3)
    vectors = unit(rng.normal(size=(500, 384)))
    index = VectorIndex("test")
    add(index, vectors)
    assert index.basis is None
    found = index.search(vectors[42], 3, NoteScope(NoteFilter()))
    assert found.nids[0] == 43 and abs(float(found.similarities[0]) - 1.0) < 1e-5
