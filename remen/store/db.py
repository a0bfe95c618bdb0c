"""The Store: one connection, a lock for threads, and transactions that always finish."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlean as sqlite3

from remen.store.connect import Connection, connect, is_locked_error, locked_error
from remen.store.migrations import migrate


class Store:
    """Owns the SQLite connection. Every write goes through :meth:`transaction`."""

    def __init__(self, path: Path) -> None:
        """Open ``path`` and bring its schema up to date."""
        self.path = path
        self.conn: Connection = connect(path)
        self.lock = threading.RLock()
        self._second: Connection | None = None
        self._second_lock = threading.Lock()
        try:
            with self.lock:
                migrate(self.conn)
        except sqlite3.OperationalError as exc:
            self.conn.close()
            if is_locked_error(exc):
                raise locked_error(path) from exc
            raise

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """A write transaction (BEGIN IMMEDIATE): committed on success, rolled back on any error."""
        with self.lock:
            try:
                self.conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                if is_locked_error(exc):
                    raise locked_error(self.path) from exc
                raise
            try:
                yield self.conn
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
            try:
                self.conn.execute("COMMIT")
            except sqlite3.OperationalError as exc:
                self.conn.execute("ROLLBACK")
                if is_locked_error(exc):
                    raise locked_error(self.path) from exc
                raise

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """The connection for reads, serialised with writers of this process."""
        with self.lock:
            yield self.conn

    @contextmanager
    def read_parallel(self) -> Iterator[Connection]:
        """A second connection, so one search leg can read while the other does (WAL allows it)."""
        with self._second_lock:
            if self._second is None:
                self._second = connect(self.path)
            yield self._second

    @contextmanager
    def read_separately(self) -> Iterator[Connection]:
        """A connection of its own for a long read (loading every vector) that must not block searches."""
        conn = connect(self.path)
        try:
            yield conn
        finally:
            conn.close()

    def close(self) -> None:
        """Close the connections (checkpointing the WAL)."""
        with self._second_lock:
            if self._second is not None:
                self._second.close()
                self._second = None
        with self.lock:
            self.conn.close()
