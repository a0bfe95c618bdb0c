"""Whole-database maintenance: rebuilding derived indexes, health figures."""

from __future__ import annotations

import sqlean

from remen.store.connect import Connection


def rebuild_indexes(conn: Connection) -> None:
    """Rebuild both text indexes from the notes and forget every vector (re-embedded after)."""
    conn.execute("INSERT INTO notes_fts(notes_fts) VALUES ('rebuild')")
    conn.execute("INSERT INTO notes_words(notes_words) VALUES ('rebuild')")
    conn.execute("DELETE FROM note_embeddings")


def integrity(conn: Connection) -> str:
    """SQLite's quick integrity check: 'ok', or the problems it found."""
    return "\n".join(str(row[0]) for row in conn.execute("PRAGMA quick_check"))


def versions(conn: Connection) -> tuple[str, str]:
    """SQLite's and sqlite-vec's versions."""
    return str(sqlean.sqlite_version), str(conn.execute("SELECT vec_version()").fetchone()[0])
