"""Open the SQLite file with sqlite-vec loaded and the pragmas Remen relies on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlean as sqlite3
import sqlite_vec

from remen.constants import BUSY_TIMEOUT_MS, CACHE_KIB, MMAP_BYTES
from remen.errors import DatabaseCorruptError, DatabaseLockedError

SQLITE_HEADER = b"SQLite format 3\x00"

Connection = Any  # sqlean's Connection has the sqlite3 API but no shared type to import


def check_header(path: Path) -> None:
    """Refuse a non-empty file that is not SQLite, before SQLite could ever write to it."""
    if not path.exists() or path.stat().st_size == 0:
        return
    with path.open("rb") as fh:
        header = fh.read(len(SQLITE_HEADER))
    if header != SQLITE_HEADER:
        raise DatabaseCorruptError(
            f"{path} is not a Remen database (not an SQLite file). It was left untouched; "
            "move it aside or point Remen elsewhere with --db or REMEN_DB."
        )


def is_locked_error(exc: BaseException) -> bool:
    """True for SQLite's 'database is locked' / 'busy' errors."""
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def locked_error(path: Path) -> DatabaseLockedError:
    """The message for a database another process keeps locked."""
    return DatabaseLockedError(
        f"The database {path} is locked by another program (another Remen writing?). "
        f"Waited {BUSY_TIMEOUT_MS / 1000:.0f} s; try again when it has finished."
    )


def connect(path: Path) -> Connection:
    """Open ``path`` (creating its folder), load sqlite-vec, set WAL, foreign keys, busy timeout."""
    if str(path) != ":memory:":
        path.parent.mkdir(parents=True, exist_ok=True)
        check_header(path)
    conn = sqlite3.connect(
        str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
    )
    try:
        conn.enable_load_extension(True)
        sqlite_vec.load(conn)
        conn.enable_load_extension(False)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        # A bigger page cache and memory-mapped reads keep searches over large indexes in RAM.
        conn.execute(f"PRAGMA cache_size = {-CACHE_KIB}")
        conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
    except sqlite3.DatabaseError as exc:
        conn.close()
        if is_locked_error(exc):
            raise locked_error(path) from exc
        raise DatabaseCorruptError(
            f"{path} cannot be read as a database ({exc}). It was left untouched; "
            "restore a backup or point Remen elsewhere with --db."
        ) from exc
    return conn


def run_script(conn: Connection, script: str) -> None:
    """Run several statements inside the caller's transaction.

    ``executescript`` would COMMIT first and break the atomicity of a migration, so statements are
    split with SQLite's own completeness test (trigger bodies contain semicolons).
    """
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            conn.execute(pending)
            pending = ""
    if pending.strip():
        raise ValueError(f"incomplete SQL statement: {pending.strip()[:80]}")
