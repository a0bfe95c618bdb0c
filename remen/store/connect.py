"""Open the SQLite file with sqlite-vec loaded and the pragmas Remen relies on.

The database file is only ever opened through SQLite. Opening it with Python's ``open()`` while a
connection exists would drop the process's POSIX locks on it when that descriptor closes, and
another process could then checkpoint and delete the WAL under us (lost commits).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol, cast

import sqlean as sqlite3
import sqlite_vec

from remen.core.constants import BUSY_TIMEOUT_MS, CACHE_KIB, MMAP_BYTES
from remen.core.errors import DatabaseCorruptError, DatabaseLockedError, DatabasePathError, RemenError

SqlParameters = Sequence[Any]


class Cursor(Protocol):
    """What the store uses of a DB-API cursor (rows are tuples of SQLite values)."""

    @property
    def rowcount(self) -> int:
        """Rows changed by the last statement."""

    @property
    def lastrowid(self) -> int:
        """Rowid of the last inserted row (read only right after an INSERT, when it is set)."""

    def fetchone(self) -> Any:
        """The next row, or None."""

    def fetchall(self) -> list[Any]:
        """Every remaining row."""

    def __iter__(self) -> Iterator[Any]:
        """Rows one by one."""


class Connection(Protocol):
    """What the store uses of an SQLite connection. sqlean's class has the sqlite3 API but no type
    of its own to import, so this names the part Remen relies on and lets mypy check every call."""

    @property
    def in_transaction(self) -> bool:
        """Whether a transaction is open."""

    def execute(self, sql: str, parameters: SqlParameters = (), /) -> Cursor:
        """Run one statement."""

    def executemany(self, sql: str, parameters: Iterable[SqlParameters], /) -> Cursor:
        """Run one statement for each parameter row."""

    def close(self) -> None:
        """Close the connection."""


DatabaseError = sqlite3.DatabaseError

# Words of SQLite's messages for a file that is damaged or is not a database at all.
DAMAGE_WORDS = ("malformed", "disk i/o error", "database corrupt")
NOT_A_DATABASE = "file is not a database"


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


def damaged_error(path: Path, detail: str) -> DatabaseCorruptError:
    """The message for a database file with damaged pages, with the way out."""
    return DatabaseCorruptError(
        f"The database {path} is damaged ({detail}). It was left untouched. "
        f"`remen --db {path} doctor --recover` copies every note SQLite can still read into a new file "
        "beside it; or restore a backup of the file."
    )


def translate_error(exc: BaseException, path: Path) -> RemenError | None:
    """The user-facing error for an SQLite error about the file itself, or None for other errors."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return None
    text = str(exc).lower()
    if is_locked_error(exc):
        return locked_error(path)
    if NOT_A_DATABASE in text:
        return DatabaseCorruptError(
            f"{path} is not a Remen database (not an SQLite file). It was left untouched; "
            "move it aside or point Remen elsewhere with --db or REMEN_DB."
        )
    if any(word in text for word in DAMAGE_WORDS):
        return damaged_error(path, str(exc))
    if "unable to open" in text:
        return DatabasePathError(
            f"Cannot open the database {path}: {exc}. Check that the folder exists and that you may write to it."
        )
    return None


def prepare_location(path: Path) -> None:
    """Make sure ``path`` can hold a database file: not a folder, its folder created."""
    if path.is_dir():
        raise DatabasePathError(f"{path} is a folder; give the database a file name, like {path / 'remen.db'}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabasePathError(
            f"Cannot create the folder {path.parent} for the database: {exc.strerror or exc}."
        ) from exc


def connect(path: Path, read_only: bool = False) -> Connection:
    """Open ``path``, load sqlite-vec, set WAL, foreign keys, busy timeout.

    ``read_only`` connections refuse writes (``query_only``), so a read path can never take the
    write lock by mistake. Errors about the file become messages a user can act on.
    """
    memory = str(path) == ":memory:"
    if not memory:
        prepare_location(path)
    try:
        raw = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False)
    except sqlite3.DatabaseError as exc:
        translated = translate_error(exc, path)
        if translated is None:
            raise
        raise translated from exc
    conn = cast(Connection, raw)
    try:
        raw.enable_load_extension(True)
        sqlite_vec.load(raw)
        raw.enable_load_extension(False)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        # The first read of the file: SQLite checks its header here and refuses a file that is not
        # a database before anything could be written to it.
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        # A bigger page cache and memory-mapped reads keep searches over large indexes in RAM.
        conn.execute(f"PRAGMA cache_size = {-CACHE_KIB}")
        conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
        if read_only:
            conn.execute("PRAGMA query_only = ON")
    except sqlite3.DatabaseError as exc:
        conn.close()
        translated = translate_error(exc, path)
        if translated is None:
            raise DatabaseCorruptError(
                f"{path} cannot be read as a database ({exc}). It was left untouched; "
                "restore a backup or point Remen elsewhere with --db."
            ) from exc
        raise translated from exc
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
