"""The linked vault watched while the app or `remen worker` runs.

A file watcher (watchdog: inotify on Linux, FSEvents on macOS; measured here against watchfiles
on 10k files: setup 18 vs 259 ms, idle CPU 0 vs 0.7%, a change seen after ~1 vs ~12 ms) wakes a
sync a moment after files change; a stat scan every VAULT_SCAN_SECONDS catches what a watcher
can miss. Syncs run one at a time in the watcher's own thread; what each did, or why it failed,
goes to the caller's callbacks (the app shows it, the worker prints it).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from remen.core.constants import VAULT_SCAN_SECONDS, VAULT_SETTLE_SECONDS
from remen.core.models import VaultSync
from remen.notes.transfer.importer import NOTE_SUFFIXES

logger = logging.getLogger(__name__)


def note_event(path: str) -> bool:
    """Whether a file event's path may change a note: a note file or a folder, not a hidden one
    (Remen's own temporary files, `.obsidian/`, `.git/`)."""
    parts = Path(path).parts
    if any(part.startswith(".") for part in parts):
        return False
    suffix = Path(path).suffix.lower()
    return suffix in NOTE_SUFFIXES or not suffix


class VaultWatcher:
    """Keeps the notes in step with the linked folder until stopped."""

    def __init__(
        self,
        root: Path,
        sync: Callable[[], VaultSync],
        on_synced: Callable[[VaultSync], object],
        on_error: Callable[[Exception], object],
        scan_seconds: float = VAULT_SCAN_SECONDS,
    ) -> None:
        """Run ``sync`` on file events under ``root`` and every ``scan_seconds``."""
        self.root = root
        self.sync = sync
        self.on_synced = on_synced
        self.on_error = on_error
        self.scan_seconds = scan_seconds
        self.wake = threading.Event()
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None
        self.observer: Any = None

    def start(self) -> None:
        """Start watching the folder and syncing."""
        self.observer = self.watch(self.root)
        self.thread = threading.Thread(target=self.run, name="remen-vault", daemon=True)
        self.thread.start()

    def watch(self, root: Path) -> Any:
        """A watchdog observer that wakes the sync on note file events; None when the folder cannot
        be watched (the stat scan still runs)."""
        try:
            from watchdog.events import FileSystemEvent, FileSystemEventHandler
            from watchdog.observers import Observer

            wake = self.wake

            class Waker(FileSystemEventHandler):
                def on_any_event(self, event: FileSystemEvent) -> None:
                    paths = (event.src_path, getattr(event, "dest_path", "") or "")
                    if any(note_event(str(p)) for p in paths if p):
                        wake.set()

            observer = Observer()
            observer.schedule(Waker(), str(root), recursive=True)
            observer.daemon = True
            observer.start()
            return observer
        except (OSError, ImportError) as exc:
            logger.warning("cannot watch %s (%s); a stat scan every %.0f s", root, exc, self.scan_seconds)
            return None

    def run(self) -> None:
        """Sync now, then on every burst of file events and every scan interval, until stopped."""
        while not self.stopping.is_set():
            self.sync_once()
            self.wake.wait(self.scan_seconds)
            if self.stopping.is_set():
                return
            self.stopping.wait(VAULT_SETTLE_SECONDS)
            self.wake.clear()

    def sync_once(self) -> None:
        """One sync; what it did (when anything) or its error goes to the callbacks."""
        try:
            done = self.sync()
        except Exception as exc:  # the watcher lives on; the caller shows the failure
            logger.warning("vault sync failed", exc_info=True)
            self.tell(self.on_error, exc)
            return
        if done.changed or done.errors:
            self.tell(self.on_synced, done)

    def tell(self, callback: Callable[[Any], object], what: object) -> None:
        """Hand a result to the caller; a caller gone (an app quitting) costs a log line, not the
        watcher."""
        try:
            callback(what)
        except Exception:
            logger.warning("the vault watcher's caller did not take its news", exc_info=True)

    def stop(self) -> None:
        """Stop watching and wait for a sync under way to finish."""
        self.stopping.set()
        self.wake.set()
        if self.observer is not None:
            self.observer.stop()
            self.observer.join(timeout=5)
        if self.thread is not None:
            self.thread.join(timeout=30)
