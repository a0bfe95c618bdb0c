"""The Store: one writer connection, a pool of reader connections, transactions that always finish.

SQLite in WAL mode lets readers run while one writer commits. Each read borrows a connection of
its own from the pool, so a search never waits on another thread's read or on a background write
of this process; writes are short transactions on the one writer connection.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from remen.core.errors import NewerDatabaseError
from remen.store.checkpoints import Checkpointer
from remen.store.connect import (
    Connection,
    DatabaseError,
    connect,
    make_database_private,
    rollback,
    translate_error,
)
from remen.store.migrations import migrate, unknown_migrations


class Store:
    """Owns the SQLite connections. Every write goes through :meth:`transaction`."""

    def __init__(self, path: Path) -> None:
        """Open ``path`` and bring its schema up to date."""
        self.path = path
        existed = path.exists()
        self._writer: Connection = connect(path)
        # Commits never checkpoint: the Checkpointer's thread does, off the write path.
        self._writer.execute("PRAGMA wal_autocheckpoint = 0")
        self.checkpoints = Checkpointer(path)
        # Files other users could read: a fresh file is made private silently, an old one is reported.
        loosened = [] if str(path) == ":memory:" else make_database_private(path)
        self.made_private: tuple[Path, ...] = tuple(loosened) if existed else ()
        self._write_lock = threading.Lock()
        self._pool_lock = threading.Lock()
        self._idle: list[Connection] = []
        self._closed = False
        try:
            with self._translated():
                newer = unknown_migrations(self._writer)
                if newer:
                    raise NewerDatabaseError(
                        f"The database {path} was made by a newer version of Remen (it has "
                        f"{', '.join(newer)}). Upgrade Remen to open it; this version leaves it untouched."
                    )
                migrate(self._writer)
        except BaseException:
            self._writer.close()
            raise

    @contextmanager
    def _translated(self) -> Iterator[None]:
        """SQLite errors about the file itself (locked, damaged) become messages a user can act on."""
        try:
            yield
        except DatabaseError as exc:
            translated = translate_error(exc, self.path)
            if translated is None:
                raise
            raise translated from exc

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """A write transaction (BEGIN IMMEDIATE): committed on success, rolled back on any error."""
        with self._write_lock, self._translated():
            conn = self._writer
            try:
                # Inside the try: a Ctrl-C can land just after SQLite began the transaction and
                # before the call returns; it is rolled back all the same.
                conn.execute("BEGIN IMMEDIATE")
                yield conn
            except BaseException:
                rollback(conn)
                raise
            try:
                conn.execute("COMMIT")
            except DatabaseError:
                rollback(conn)
                raise
        self.checkpoints.written()

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """A read-only connection of this caller's own, inside one read transaction (a consistent
        snapshot). Reads in other threads, and writes, go on meanwhile."""
        conn = self._borrow()
        try:
            with self._translated():
                try:
                    conn.execute("BEGIN")
                    yield conn
                finally:
                    if conn.in_transaction:
                        conn.execute("COMMIT")
        finally:
            self._give_back(conn)

    def set_busy_timeout(self, milliseconds: int) -> None:
        """How long a write waits for another process's write lock before giving up."""
        with self._write_lock:
            self._writer.execute(f"PRAGMA busy_timeout = {int(milliseconds)}")

    def checkpoint(self) -> None:
        """Copy the WAL into the database file and truncate it (for benchmarks and backups)."""
        with self._write_lock, self._translated():
            self._writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def _borrow(self) -> Connection:
        with self._pool_lock:
            if self._closed:
                raise RuntimeError("the store is closed")
            if self._idle:
                return self._idle.pop()
        return connect(self.path, read_only=True)

    def _give_back(self, conn: Connection) -> None:
        with self._pool_lock:
            if self._closed:
                conn.close()
            else:
                self._idle.append(conn)

    def close(self) -> None:
        """Close every connection (the last one in any process checkpoints the WAL). Readers still
        borrowed are closed when they are given back."""
        self.checkpoints.close()
        with self._pool_lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()
        with self._write_lock:
            self._writer.close()
