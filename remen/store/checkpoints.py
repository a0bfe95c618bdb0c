"""Checkpoints off the write path: a thread of the Store's own copies the WAL into the database
file shortly after writes, so no commit pays for it.

SQLite's automatic checkpoint runs inside the COMMIT that grows the WAL past a thousand pages: on a
database of 100k notes that one save took ~250 ms instead of ~5. The writer connection has it turned
off; this thread runs a PASSIVE checkpoint (it waits for no reader and blocks no writer) on a
connection of its own, CHECKPOINT_DELAY_S after a write, once for every write in that time. When
the Store closes, the last connection to the file checkpoints what is left, as before.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from remen.core.constants import CHECKPOINT_DELAY_S
from remen.store.connect import connect

logger = logging.getLogger(__name__)


class Checkpointer:
    """One background thread that checkpoints the WAL of ``path`` after writes."""

    def __init__(self, path: Path, delay: float = CHECKPOINT_DELAY_S) -> None:
        """Nothing starts until the first write."""
        self.path = path
        self.delay = delay
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        # Checkpoints run so far, and the WAL frames the last one left behind (readers still on
        # them); for tests and diagnostics.
        self.runs = 0
        self.left = 0

    def written(self) -> None:
        """A write was committed: checkpoint soon."""
        with self._lock:
            if self._stop.is_set() or str(self.path) == ":memory:":
                return
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="remen-checkpoint", daemon=True)
                self._thread.start()
        self._wake.set()

    def _run(self) -> None:
        # The connection is opened when the first checkpoint is due: a one-shot CLI command that
        # writes and closes at once never waits for it.
        conn = None
        try:
            # Asked again on every turn: close() may set the wake-up just before this thread
            # clears it, and a thread that then waited for the next one would wait for ever.
            while not self._stop.is_set():
                self._wake.wait()
                if self._stop.wait(self.delay):
                    return
                self._wake.clear()
                try:
                    conn = conn or connect(self.path)
                    _, frames, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                except Exception:  # a locked, full or damaged file: logged, tried again after the next write
                    logger.exception("checkpoint of %s failed; the next write tries again", self.path)
                    continue
                self.left = max(0, frames - copied)
                self.runs += 1
        finally:
            if conn is not None:
                conn.close()

    def close(self) -> None:
        """Stop the thread (a checkpoint under way finishes first)."""
        with self._lock:
            self._stop.set()
            thread = self._thread
        self._wake.set()
        if thread is not None:
            thread.join()
