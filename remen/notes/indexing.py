"""Keeping note vectors current: right after a save, in bulk steps, and on a full rebuild.

The model runs outside any transaction; the vectors are then written in short transactions (a few
notes each) after re-checking each note's content hash, so a search or a save in another thread
never waits long for this writer.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence

import numpy as np

from remen.core.constants import EMBED_NOTES_PER_STEP, EMBED_NOTES_PER_WRITE
from remen.core.priority import lower_thread_priority
from remen.core.progress import Progress, ProgressCallback
from remen.core.timeutil import to_epoch
from remen.embed import Embedder, embed_documents
from remen.notes.note_input import embeddable_text
from remen.store import Store, maintenance
from remen.store import vectors as vector_store
from remen.store.notes import StoredNote

log = logging.getLogger(__name__)


def pending_note(stored: StoredNote) -> vector_store.PendingNote:
    """What the embedding of a just-saved note needs from it."""
    note = stored.note
    return vector_store.PendingNote(
        stored.nid, note.title, note.body, note.content_hash, to_epoch(note.created), note.archived or note.deleted
    )


def step_progress(on_progress: ProgressCallback, done: int, step_notes: int, total: int) -> Callable[[int, int], None]:
    """A chunk counter for one step of up to EMBED_NOTES_PER_STEP notes that reports notes done
    (a step takes seconds: its chunks tell how far it is)."""

    def report(embedded: int, of: int) -> None:
        if of:
            on_progress(Progress("embed", min(done + step_notes * embedded // of, total), total))

    return report


class Indexer:
    """Embeds notes with the current embedder and stores their vectors."""

    def __init__(
        self,
        store: Store,
        embedder: Callable[[], Embedder],
        clock: Callable[[], float],
        background_embedder: Callable[[], Embedder] | None = None,
    ) -> None:
        """``embedder`` returns the model, loading it on first use; ``background_embedder`` the same
        model on one compute thread, for bulk work beside a user who is typing."""
        self.store = store
        self.embedder = embedder
        self.background_embedder = background_embedder or embedder
        self.clock = clock
        # Saves whose embedding failed in this process; those notes stay pending and are retried.
        self.failures = 0

    def embed(
        self,
        pending: Sequence[vector_store.PendingNote],
        on_chunks: Callable[[int, int], None] | None = None,
        embedder: Embedder | None = None,
    ) -> int:
        """Embed ``pending`` notes and store the vectors of those unchanged meanwhile; return chunks.
        Vectors are written as the notes are done, a few at a time: an interrupted step (Ctrl-C)
        keeps every note it finished."""
        embedder = embedder or self.embedder()
        finished: list[tuple[vector_store.PendingNote, np.ndarray]] = []
        chunks = 0

        def keep(index: int, matrix: np.ndarray) -> None:
            nonlocal chunks
            finished.append((pending[index], matrix))
            chunks += len(matrix)
            if len(finished) >= EMBED_NOTES_PER_WRITE:
                self._write(finished, embedder.namespace)
                finished.clear()

        try:
            embed_documents(embedder, [embeddable_text(p.title, p.body) for p in pending], on_chunks, keep)
        finally:
            if finished:
                self._write(finished, embedder.namespace)
        return chunks

    def _write(self, finished: Sequence[tuple[vector_store.PendingNote, np.ndarray]], namespace: str) -> None:
        with self.store.transaction() as conn:
            for note, matrix in finished:
                vector_store.replace_if_current(conn, note, namespace, matrix)

    def embed_after_save(self, stored: StoredNote) -> None:
        """Embed a just-saved note. The save has happened: if embedding fails (the database is busy,
        the model broke) the note stays pending for the next :meth:`embed_pending`, the failure is
        logged and kept for `remen doctor`, and the save is not reported as failed (which would make
        a caller save it twice)."""
        try:
            self.embed([pending_note(stored)])
        except Exception as exc:
            self.failures += 1
            log.warning("embedding note %s failed; it stays pending", stored.note.id, exc_info=True)
            self._record_failure(stored.nid, f"{type(exc).__name__}: {exc}")

    def _record_failure(self, nid: int, error: str) -> None:
        try:
            namespace = self.embedder().namespace
            with self.store.transaction() as conn:
                vector_store.record_error(conn, nid, namespace, error, self.clock())
        except Exception:
            log.warning("could not record the embedding failure of note nid=%s", nid, exc_info=True)

    def count_pending(self, namespace: str | None = None) -> int:
        """Notes whose vectors are missing or stale for the current embedder (or for ``namespace``,
        which spares loading the model)."""
        namespace = namespace or self.embedder().namespace
        with self.store.read() as conn:
            return vector_store.count_pending(conn, namespace)

    def embed_pending(
        self,
        on_progress: ProgressCallback | None = None,
        stop: threading.Event | None = None,
        background: bool = False,
    ) -> int:
        """Embed every note lacking current vectors, a step at a time (safe to interrupt).

        ``background``: the caller is a thread of its own beside a user who is typing; it runs at
        low priority on one compute thread so searches keep their speed."""
        embedder = self.background_embedder() if background else self.embedder()
        if background:
            lower_thread_priority()
        namespace = embedder.namespace
        total = self.count_pending()
        if on_progress:
            on_progress(Progress("embed", 0, total))
        done = 0
        after = 0
        chunks = 0
        while not (stop and stop.is_set()):
            with self.store.read() as conn:
                batch = vector_store.pending(conn, namespace, EMBED_NOTES_PER_STEP, after_nid=after)
            if not batch:
                break
            report = step_progress(on_progress, done, len(batch), total) if on_progress else None
            chunks += self.embed(batch, on_chunks=report, embedder=embedder)
            after = batch[-1].nid
            done += len(batch)
            if on_progress:
                on_progress(Progress("embed", min(done, total), total))
        return chunks

    def rebuild(self, on_progress: ProgressCallback | None = None) -> int:
        """Rebuild both text indexes and re-embed every note; return the chunks embedded."""
        with self.store.transaction() as conn:
            maintenance.rebuild_indexes(conn)
        return self.embed_pending(on_progress)
