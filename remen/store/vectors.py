"""Chunk embeddings in sqlite-vec vec0 tables, one table per embedder namespace."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from remen.store.connect import Connection
from remen.store.migrations import DELETED_CHUNKS_KEY, VECTOR_TABLES, vector_table

GENERATION_KEY = "vectors_generation"  # kept current by triggers (migration m002)


@dataclass(frozen=True)
class PendingNote:
    """A note whose vectors are missing or stale for a namespace."""

    nid: int
    title: str
    body: str
    content_hash: str
    created: float
    hidden: bool


@dataclass(frozen=True)
class VectorRows:
    """All vectors of a namespace, aligned row by row."""

    chunk_ids: np.ndarray
    nids: np.ndarray
    created: np.ndarray
    matrix: np.ndarray


def generation(conn: Connection) -> int:
    """The current vectors generation number."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (GENERATION_KEY,)).fetchone()
    return int(row[0]) if row else 0


def replace_note_vectors(
    conn: Connection,
    nid: int,
    namespace: str,
    vectors: np.ndarray,
    content_hash: str,
    created: float,
    hidden: bool,
) -> None:
    """Store a note's chunk vectors for ``namespace``, dropping its older vectors of every namespace."""
    table = vector_table(namespace)
    conn.execute("DELETE FROM chunks WHERE nid = ?", (nid,))
    conn.execute("DELETE FROM note_embeddings WHERE nid = ?", (nid,))
    for seq, vec in enumerate(np.asarray(vectors, dtype=np.float32)):
        cur = conn.execute("INSERT INTO chunks(nid, namespace, seq) VALUES (?, ?, ?)", (nid, namespace, seq))
        conn.execute(
            f"INSERT INTO {table}(rowid, embedding, nid, created, hidden) VALUES (?, ?, ?, ?, ?)",
            (cur.lastrowid, vec.tobytes(), nid, created, int(hidden)),
        )
    conn.execute(
        "INSERT INTO note_embeddings(nid, namespace, content_hash) VALUES (?, ?, ?)", (nid, namespace, content_hash)
    )


def replace_if_current(conn: Connection, note: PendingNote, namespace: str, vectors: np.ndarray) -> bool:
    """Store vectors computed from ``note`` unless the note changed (or went) since they were
    computed: derived data is keyed by the content hash it came from. True when stored."""
    row = conn.execute("SELECT content_hash FROM notes WHERE nid = ?", (note.nid,)).fetchone()
    if row is None or row[0] != note.content_hash:
        return False
    replace_note_vectors(conn, note.nid, namespace, vectors, note.content_hash, note.created, note.hidden)
    conn.execute("DELETE FROM embed_errors WHERE nid = ?", (note.nid,))
    return True


def record_error(conn: Connection, nid: int, namespace: str, error: str, now: float) -> None:
    """Remember why a note could not be embedded (shown by `remen doctor` until it is)."""
    conn.execute(
        "INSERT INTO embed_errors(nid, namespace, error, at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT(nid) DO UPDATE SET namespace = excluded.namespace, error = excluded.error, at = excluded.at",
        (nid, namespace, error, now),
    )


def errors(conn: Connection) -> list[tuple[str, str, float]]:
    """(note id, error, when) of notes whose last embedding failed, newest first."""
    rows = conn.execute(
        "SELECT n.id, e.error, e.at FROM embed_errors e JOIN notes n ON n.nid = e.nid ORDER BY e.at DESC"
    ).fetchall()
    return [(str(r[0]), str(r[1]), float(r[2])) for r in rows]


PENDING_WHERE = (
    "NOT EXISTS (SELECT 1 FROM note_embeddings e WHERE e.nid = n.nid"
    " AND e.namespace = ? AND e.content_hash = n.content_hash)"
)


def pending(conn: Connection, namespace: str, limit: int, after_nid: int = 0) -> list[PendingNote]:
    """Notes (any state) lacking current vectors in ``namespace``, by nid."""
    rows = conn.execute(
        "SELECT nid, title, body, content_hash, created, (archived != 0 OR deleted_at IS NOT NULL)"
        f" FROM notes n WHERE nid > ? AND {PENDING_WHERE} ORDER BY nid LIMIT ?",
        (after_nid, namespace, limit),
    ).fetchall()
    return [PendingNote(int(r[0]), r[1], r[2], r[3], float(r[4]), bool(r[5])) for r in rows]


def count_pending(conn: Connection, namespace: str) -> int:
    """How many notes lack current vectors in ``namespace``."""
    return int(conn.execute(f"SELECT count(*) FROM notes n WHERE {PENDING_WHERE}", (namespace,)).fetchone()[0])


def knn(
    conn: Connection,
    namespace: str,
    query: np.ndarray,
    k: int,
    start: float | None = None,
    end: float | None = None,
    include_hidden: bool = False,
) -> list[tuple[int, float]]:
    """Nearest chunks as (nid, cosine similarity); the time and visibility filters apply inside the KNN."""
    table = vector_table(namespace)
    where = ["embedding MATCH ?", "k = ?"]
    params: list[object] = [np.asarray(query, dtype=np.float32).tobytes(), k]
    if start is not None:
        where.append("created >= ?")
        params.append(start)
    if end is not None:
        where.append("created < ?")
        params.append(end)
    if not include_hidden:
        where.append("hidden = 0")
    rows = conn.execute(f"SELECT nid, distance FROM {table} WHERE {' AND '.join(where)}", params).fetchall()
    return [(int(nid), 1.0 - float(dist)) for nid, dist in rows]


def load_all(conn: Connection, namespace: str, after_chunk_id: int = 0) -> VectorRows:
    """Every vector of ``namespace`` with chunk id above ``after_chunk_id`` (for in-memory search).

    vec0 cannot range-scan rowids, so a refresh finds the new chunk ids in the chunks table and
    fetches only those vectors by rowid.
    """
    table = vector_table(namespace)
    dim = VECTOR_TABLES[namespace]
    select = f"SELECT rowid, nid, created, embedding FROM {table}"
    if after_chunk_id == 0:
        rows = conn.execute(select + " ORDER BY rowid").fetchall()
    else:
        new_ids = conn.execute(
            "SELECT id FROM chunks WHERE id > ? AND namespace = ? ORDER BY id", (after_chunk_id, namespace)
        ).fetchall()
        rows = [conn.execute(select + " WHERE rowid = ?", (chunk_id,)).fetchone() for (chunk_id,) in new_ids]
    matrix = np.frombuffer(b"".join(r[3] for r in rows), dtype=np.float32).reshape(len(rows), dim)
    return VectorRows(
        chunk_ids=np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows)),
        nids=np.fromiter((r[1] for r in rows), dtype=np.int64, count=len(rows)),
        created=np.fromiter((r[2] for r in rows), dtype=np.float64, count=len(rows)),
        matrix=matrix,
    )


def deleted_chunks(conn: Connection, namespace: str) -> int:
    """How many chunks of ``namespace`` were ever deleted (a counter kept by triggers)."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (f"{DELETED_CHUNKS_KEY}_{namespace}",)).fetchone()
    return int(row[0]) if row else 0


def chunk_count(conn: Connection, namespace: str) -> int:
    """How many chunks ``namespace`` holds."""
    return int(conn.execute("SELECT count(*) FROM chunks WHERE namespace = ?", (namespace,)).fetchone()[0])


def chunk_ids(conn: Connection, namespace: str) -> np.ndarray:
    """Ids of the chunks that exist now in ``namespace``."""
    rows = conn.execute("SELECT id FROM chunks WHERE namespace = ?", (namespace,)).fetchall()
    return np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))


def note_vectors(conn: Connection, namespace: str, nid: int) -> np.ndarray:
    """The chunk vectors of one note in ``namespace`` (possibly empty)."""
    table = vector_table(namespace)
    dim = VECTOR_TABLES[namespace]
    rows = conn.execute(
        f"SELECT embedding FROM {table} WHERE rowid IN (SELECT id FROM chunks WHERE nid = ? AND namespace = ?)",
        (nid, namespace),
    ).fetchall()
    return np.frombuffer(b"".join(r[0] for r in rows), dtype=np.float32).reshape(len(rows), dim)


def namespace_counts(conn: Connection) -> dict[str, int]:
    """Notes embedded per namespace."""
    return {
        str(ns): int(n) for ns, n in conn.execute("SELECT namespace, count(*) FROM note_embeddings GROUP BY namespace")
    }
