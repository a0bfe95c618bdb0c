"""Open the SQLite file with sqlite-vec loaded and the pragmas Remen relies on.

The database file is only ever opened through SQLite. Opening it with Python's ``open()`` while a
connection exists would drop the process's POSIX locks on it when that descriptor closes, and
another process could then checkpoint and delete the WAL under us (lost commits).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol, cast

import sqlean as sqlite3
import sqlite_vec

from remen.core.constants import BUSY_TIMEOUT_MS, CACHE_KIB, DISK_FULL_BYTES, MMAP_BYTES
from remen.core.errors import (
    DatabaseCorruptError,
    DatabaseLockedError,
    DatabasePathError,
    DiskFullError,
    RemenError,
)
from remen.core.private import create_private_folder, make_private

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
DISK_IO_ERROR = "disk i/o error"
LOCK_RETRY_SECONDS = 0.02
DAMAGE_WORDS = ("malformed", DISK_IO_ERROR, "database corrupt")
NOT_A_DATABASE = "file is not a database"
# SQLITE_FULL: no room on the disk (or beyond max_page_count); the statement or COMMIT failed whole.
DISK_FULL = "database or disk is full"


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


def disk_full_error(path: Path) -> DiskFullError:
    """The message for a change that found no room on the disk holding the database."""
    return DiskFullError(
        f"The disk holding {path} is full: Remen could not write to it, so this change was not saved "
        "(everything saved before is intact). Free some space, or move the database elsewhere with "
        "--db, then try again."
    )


def disk_is_full(path: Path) -> bool:
    """Whether the filesystem holding ``path`` has (almost) no room left. SQLite reports a full disk
    as a plain "disk I/O error" when it cannot even grow its shared-memory file, which must not be
    taken for damage."""
    try:
        usage = os.statvfs(path.parent if str(path) != ":memory:" else ".")
    except OSError:
        return False
    return usage.f_bavail * usage.f_frsize < DISK_FULL_BYTES


def translate_error(exc: BaseException, path: Path) -> RemenError | None:
    """The user-facing error for an SQLite error about the file itself, or None for other errors."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return None
    text = str(exc).lower()
    if is_locked_error(exc):
        return locked_error(path)
    if DISK_FULL in text or (DISK_IO_ERROR in text and disk_is_full(path)):
        return disk_full_error(path)
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
        create_private_folder(path.parent)
    except OSError as exc:
        raise DatabasePathError(
            f"Cannot create the folder {path.parent} for the database: {exc.strerror or exc}."
        ) from exc


def retry_while_locked(step: Callable[[], object]) -> None:
    """Run ``step``, again while SQLite says the file is locked, for up to BUSY_TIMEOUT_MS. Opening
    a file that other processes are creating or switching to WAL this very moment can be refused
    at once, without SQLite's own busy wait (seen with four processes opening a new file)."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            step()
            return
        except sqlite3.DatabaseError as exc:
            if not is_locked_error(exc) or time.monotonic() > deadline:
                raise
        time.sleep(LOCK_RETRY_SECONDS)


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
        retry_while_locked(lambda: conn.execute("SELECT count(*) FROM sqlite_master").fetchone())
        retry_while_locked(lambda: conn.execute("PRAGMA journal_mode = WAL"))
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


def rollback(conn: Connection) -> None:
    """Undo the open transaction, if SQLite has not already: after a failed COMMIT (disk full, I/O
    error) it has rolled back by itself, and a second ROLLBACK would fail and hide the real error."""
    if conn.in_transaction:
        conn.execute("ROLLBACK")


def database_files(path: Path) -> tuple[Path, Path, Path]:
    """The database file and the two SQLite keeps beside it in WAL mode."""
    return path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")


def make_database_private(path: Path) -> list[Path]:
    """Take other users' access away from the database and its WAL files (SQLite gives new -wal and
    -shm files the database's own mode, so they follow); the files that had some."""
    return [file for file in database_files(path) if make_private(file)]


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
