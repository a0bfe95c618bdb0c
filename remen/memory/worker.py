"""The extraction worker: drains `extract` jobs into the knowledge graph, a few notes per step.

Each step claims a few jobs (one short transaction), reads the notes, runs the extractor and the
model outside any transaction, then writes each note in its own short transaction after checking
that the note still has the content the job was queued for. A kill at any point loses nothing: a
job left 'running' is requeued at the next start, and re-extracting a note replaces what it said.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from concurrent.futures import wait as wait_for_futures
from dataclasses import dataclass

from remen.core.config import LLMSettings
from remen.core.constants import (
    BACKGROUND_GIL_SWITCH_SECONDS,
    BACKGROUND_WRITE_PAUSE_SECONDS,
    DIGEST_SUMMARIES_PER_RUN,
    DIGEST_SUMMARY_MIN_NOTES,
    DIGEST_SUMMARY_WEEKS,
    DIGEST_WEEKS_PER_STEP,
    EXTRACT_NOTES_PER_STEP,
    EXTRACT_STOP_POLL_SECONDS,
)
from remen.core.errors import ConfigError, LLMError
from remen.core.knowledge import EntityType, ExtractionRun, NoteForExtraction
from remen.core.models import Job, JobKind
from remen.core.priority import lower_thread_priority
from remen.core.progress import Progress, ProgressCallback
from remen.core.timeutil import from_epoch, to_epoch
from remen.embed import AloneVectors, Embedder, real_model
from remen.memory.digests import digest_from_row, rebuild_week, week_of
from remen.memory.extractor import Extractor, extract_all
from remen.memory.graph_writer import GraphWriter, Producer
from remen.memory.llm.extractor import LLMExtractor
from remen.memory.llm.validate import LLMBadOutput
from remen.memory.model_pass import ModelPass
from remen.memory.nearby import nearby_names
from remen.memory.queue import Claimed, put_back_if_interrupted
from remen.memory.reading import MemoryVectors, ReadNotes
from remen.store import Store
from remen.store import digests as digest_store
from remen.store import jobs as job_store
from remen.store import memory as memory_store
from remen.store import notes as note_store
from remen.store.connect import Connection

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Batch:
    """Claimed notes whose extraction is under way (in worker processes, or already done)."""

    todo: list[Claimed]
    producer: Producer
    labels: set[str]
    read: Future[ReadNotes]
    # Queue each note for the model server once written.
    queue_llm: bool = False


def read_unless_stopped(batch: Batch, stop: threading.Event | None) -> bool:
    """Wait until ``batch`` is read; False when ``stop`` was set first (its reading is abandoned)."""
    if stop is None:
        return True
    while not stop.is_set():
        if wait_for_futures([batch.read], timeout=EXTRACT_STOP_POLL_SECONDS).done:
            return True
    if batch.read.done():
        return True
    batch.read.cancel()
    return False


def done_future(value: ReadNotes) -> Future[ReadNotes]:
    """A future that already holds ``value``."""
    future: Future[ReadNotes] = Future()
    future.set_result(value)
    return future


def failed_future(error: Exception) -> Future[ReadNotes]:
    """A future that already holds ``error``."""
    future: Future[ReadNotes] = Future()
    future.set_exception(error)
    return future


class MemoryWorker:
    """Runs the extractor over pending notes and writes the graph."""

    def __init__(
        self,
        store: Store,
        extractor: Callable[[], Extractor],
        embedder: Callable[[], Embedder | None],
        clock: Callable[[], float],
        llm: Callable[[], LLMSettings | None] = lambda: None,
    ) -> None:
        """``extractor`` and ``embedder`` load lazily; an embedder that is not MiniLM adds no vectors.
        ``llm`` gives the model server to read notes a second time (read again at every run, so a
        `remen config set` in a shell reaches a running app)."""
        self.store = store
        self.extractor = extractor
        self.embedder = embedder
        self.clock = clock
        self.llm = llm
        self._vectors = MemoryVectors(None)

    def memory_vectors(self) -> MemoryVectors:
        """The memory vectors of the embedder in use (the model may load after the worker starts)."""
        embedder = real_model(self.embedder())
        held = self._vectors.vectors
        if embedder is not (held.embedder if held is not None else None):
            self._vectors = MemoryVectors(AloneVectors.for_model(embedder))
        return self._vectors

    def pending(self) -> int:
        """Notes still to extract."""
        with self.store.read() as conn:
            return memory_store.pending_extractions(conn)

    def requeue_interrupted(self) -> int:
        """Jobs a killed process left running go back to the queue."""
        with self.store.transaction() as conn:
            return job_store.requeue_running(conn, self.clock())

    def queue_older_readings(self, producer: str, version: str) -> int:
        """Queue every note ``producer`` read in another version than ``version`` (Remen was
        upgraded and its reader changed): read again, its facts follow the new rules. How many."""
        # Looked for with a read first: the app asks as it opens, and opening writes nothing.
        with self.store.read() as conn:
            if not memory_store.notes_read_by_older(conn, producer, version):
                return 0
        queued = self.queue_all(JobKind.EXTRACT, lambda conn: memory_store.notes_read_by_older(conn, producer, version))
        if queued:
            log.info("%d notes read by an older %s reader queued to be read again", queued, producer)
        return queued

    def queue_for_model(self, reader: LLMExtractor) -> int:
        """Queue every note ``reader`` has not read as it is now; return how many."""
        return self.queue_all(
            JobKind.LLM_EXTRACT, lambda conn: memory_store.notes_to_refine(conn, reader.name, reader.version)
        )

    def queue_all(self, kind: JobKind, find: Callable[[Connection], list[tuple[int, str]]]) -> int:
        """Queue a ``kind`` job for each (note, content hash) ``find`` lists, in one transaction;
        how many."""
        now = self.clock()
        with self.store.transaction() as conn:
            todo = find(conn)
            for nid, content_hash in todo:
                job_store.enqueue(conn, kind, nid, now, content_hash)
        return len(todo)

    def run(
        self,
        on_progress: ProgressCallback | None = None,
        stop: threading.Event | None = None,
        background: bool = False,
        extractor: Extractor | None = None,
        step_size: int = EXTRACT_NOTES_PER_STEP,
        refine: bool = True,
    ) -> ExtractionRun:
        """Drain every ready job (until ``stop`` is set), ``step_size`` notes at a time; then, with
        ``refine`` and a model server configured, the notes queued for it.

        ``background``: low priority, for a thread beside a user who is typing. ``extractor``
        replaces the default one for this run; one that can ``submit`` (the process pool) reads the
        next batch while this thread embeds and writes the current one."""
        if background:
            lower_thread_priority()
            # The writer's Python holds the GIL between its SQL calls; a search thread waiting for
            # it gets it after 1 ms instead of the default 5 ms while this runs.
            switch = sys.getswitchinterval()
            sys.setswitchinterval(min(switch, BACKGROUND_GIL_SWITCH_SECONDS))
            try:
                return self._run(on_progress, stop, background, extractor, step_size, refine)
            finally:
                sys.setswitchinterval(switch)
        return self._run(on_progress, stop, background, extractor, step_size, refine)

    def _run(
        self,
        on_progress: ProgressCallback | None,
        stop: threading.Event | None,
        background: bool,
        extractor: Extractor | None,
        step_size: int,
        refine: bool,
    ) -> ExtractionRun:
        extractor = extractor or self.extractor()
        run = ExtractionRun()
        settings = self.llm_settings(run)
        if settings is None and run.llm_error is None:
            self.drop_model_queue()
        total = self.pending()
        pause = BACKGROUND_WRITE_PAUSE_SECONDS if background else 0.0
        ahead: Batch | None = None
        with put_back_if_interrupted(self) as under_way:
            while True:
                jobs = [] if stop is not None and stop.is_set() else self.claim(step_size)
                under_way[:] = [*(c.job for c in ahead.todo), *jobs] if ahead is not None else jobs
                batch = self.start_batch(extractor, jobs, run, settings is not None) if jobs else None
                if ahead is not None:
                    if not read_unless_stopped(ahead, stop):
                        # The jobs under way go back to the queue; the next run reads them.
                        if batch is not None:
                            batch.read.cancel()
                        self.release(under_way)
                        under_way.clear()
                        break
                    self.finish_batch(ahead, run, pause)
                    if on_progress:
                        done = run.done + run.skipped + run.failed + run.dropped
                        on_progress(Progress("extract", min(done, total), max(total, done)))
                ahead = batch
                if not jobs:
                    break
        llm = LLMExtractor(settings, stop) if refine and settings is not None else None
        if llm is not None:
            ModelPass(self, llm, extractor, run, stop).drain(on_progress)
        run.digests = self.refresh_digests(stop, pause)
        if llm is not None and not run.llm_error and not self.pending():
            self.summarize_digests(llm, run, stop)
        return run

    def summarize_digests(self, llm: LLMExtractor, run: ExtractionRun, stop: threading.Event | None = None) -> None:
        """Ask the model server for a one-line summary of the recent digests that have none. An
        answer that says what the notes do not is stored as '' (not asked again until the digest
        changes); a server that is away ends the step."""
        since = week_of(from_epoch(self.clock() - DIGEST_SUMMARY_WEEKS * 7 * 86_400))
        with self.store.read() as conn:
            todo = digest_store.needing_summary(conn, since, DIGEST_SUMMARY_MIN_NOTES, DIGEST_SUMMARIES_PER_RUN)
        for week, label, notes, body in todo:
            if stop is not None and stop.is_set():
                return
            digest = digest_from_row(week, label, notes, body)
            try:
                summary = llm.summarize(label, list(digest.lines), list(digest.titles))
            except LLMBadOutput as exc:
                log.info("no summary for %r in the week of %s: %s", label, week, exc)
                summary = ""
            except LLMError as exc:
                log.warning("the model server is unavailable for digest summaries: %s", exc)
                run.llm_error = str(exc)
                return
            with self.store.transaction() as conn:
                digest_store.set_summary(conn, week, label, body, summary)
            run.summaries += bool(summary)

    def llm_settings(self, run: ExtractionRun) -> LLMSettings | None:
        """The model server to use, if any; a broken config is logged and reported, not raised."""
        try:
            return self.llm()
        except ConfigError as exc:
            log.error("LLM extraction is off: %s", exc)
            run.llm_error = str(exc)
            return None

    def drop_model_queue(self) -> int:
        """Forget the notes queued for a model server: none is configured any more, so they would
        wait (and show as waiting) for ever. How many were dropped. Every run without a server asks,
        so the write lock is taken only when there is something to drop."""
        with self.store.read() as conn:
            if not job_store.has_kind(conn, JobKind.LLM_EXTRACT):
                return 0
        with self.store.transaction() as conn:
            dropped = job_store.drop_kind(conn, JobKind.LLM_EXTRACT)
        if dropped:
            log.info("no model server is configured: dropped %d note(s) queued for one", dropped)
        return dropped

    def release(self, jobs: Sequence[Job]) -> None:
        """Put claimed jobs back, their attempts not counted."""
        if jobs:
            with self.store.transaction() as conn:
                for job in jobs:
                    job_store.release(conn, job.id, self.clock())

    def refresh_digests(self, stop: threading.Event | None = None, pause: float = 0.0) -> int:
        """Rebuild the weekly digests of every stale week, newest first, one short transaction
        each (until ``stop`` is set); the number rebuilt."""
        rebuilt = 0
        while not (stop is not None and stop.is_set()):
            with self.store.read() as conn:
                weeks = digest_store.stale_weeks(conn, DIGEST_WEEKS_PER_STEP)
            if not weeks:
                break
            for week in weeks:
                if pause:
                    time.sleep(pause)
                with self.store.transaction() as conn:
                    rebuild_week(conn, week, self.clock())
                rebuilt += 1
        return rebuilt

    def claim(self, step_size: int, kind: JobKind = JobKind.EXTRACT) -> list[Job]:
        """Take up to ``step_size`` ready jobs of ``kind`` (none left: an empty list)."""
        with self.store.transaction() as conn:
            return job_store.claim_many(conn, self.clock(), kind, step_size)

    def start_batch(
        self, extractor: Extractor, jobs: Sequence[Job], run: ExtractionRun, queue_llm: bool = False
    ) -> Batch | None:
        """Start reading the notes of ``jobs``; None when none of them is left to read."""
        producer = Producer(extractor.name, extractor.version)
        todo, labels = self.sort_out(jobs, producer, run)
        if not todo:
            return None
        notes = [c.note for c in todo]
        submit = getattr(extractor, "submit", None)
        if submit is not None:
            return Batch(todo, producer, labels, submit(notes, labels), queue_llm)
        try:
            return Batch(todo, producer, labels, done_future(ReadNotes(extract_all(extractor, notes))), queue_llm)
        except Exception as exc:  # noqa: BLE001 - reported with the batch's jobs in finish_batch
            return Batch(todo, producer, labels, failed_future(exc), queue_llm)

    def finish_batch(self, batch: Batch, run: ExtractionRun, pause: float = 0.0) -> None:
        """Embed what the writes need and write each note of the batch in its own transaction,
        ``pause`` seconds apart (in the app, so a search typed meanwhile gets the GIL at once)."""
        todo = batch.todo
        try:
            read = batch.read.result()
            extractions = read.extractions
            vectors = read.vectors
            if vectors is None:
                vectors = self.memory_vectors().of(extractions, todo[0].note.known_names, batch.labels)
        except Exception as exc:
            log.exception("extraction of %d notes failed", len(todo))
            self.fail([c.job for c in todo], f"{type(exc).__name__}: {exc}", run)
            return
        for claimed, extraction in zip(todo, extractions, strict=True):
            if pause:
                time.sleep(pause)
            try:
                with self.store.transaction() as conn:
                    if not job_store.is_current(conn, claimed.job):
                        job_store.drop(conn, claimed.job.id, self.clock())
                        run.dropped += 1
                        continue
                    writer = GraphWriter(conn, claimed.nid, claimed.note.created, batch.producer, vectors, self.clock())
                    writer.write(extraction, claimed.job.content_hash)
                    job_store.complete(conn, claimed.job.id, self.clock())
                    if batch.queue_llm:
                        job_store.enqueue(
                            conn, JobKind.LLM_EXTRACT, claimed.nid, self.clock(), claimed.job.content_hash
                        )
                run.done += 1
            except Exception as exc:
                log.exception("writing the memory of note %s failed", claimed.job.note_id)
                self.fail([claimed.job], f"{type(exc).__name__}: {exc}", run)

    def sort_out(
        self, jobs: Sequence[Job], producer: Producer, run: ExtractionRun, refined_by: Producer | None = None
    ) -> tuple[list[Claimed], set[str]]:
        """Drop jobs whose note changed or went, finish those already extracted (already read by
        the model server ``refined_by``, for its jobs); the rest to do, with the keys of the labels
        stored so far. Notes for a model server carry the known names near them."""
        todo: list[Claimed] = []
        with self.store.read() as conn:
            known = {key: EntityType(kind) for key, kind in memory_store.known_aliases(conn).items()}
            labels = memory_store.label_keys(conn)
            finished: list[tuple[Job, bool]] = []
            for job in jobs:
                stored = note_store.get(conn, job.note_id) if job.note_id else None
                if stored is None or stored.note.content_hash != job.content_hash:
                    finished.append((job, False))
                elif (
                    memory_store.is_refined(conn, stored.nid, refined_by.name, refined_by.version, job.content_hash)
                    if refined_by
                    else memory_store.is_extracted(conn, stored.nid, producer.name, producer.version, job.content_hash)
                ):
                    finished.append((job, True))
                else:
                    note = stored.note
                    text = note.body if note.title in note.body else f"{note.title}\n\n{note.body}"
                    nearby = nearby_names(conn, stored.nid, text) if refined_by else ()
                    todo.append(
                        Claimed(
                            job,
                            stored.nid,
                            NoteForExtraction(text, note.tags, to_epoch(note.created), known, nearby),
                        )
                    )
        if finished:
            with self.store.transaction() as conn:
                for job, done in finished:
                    if done:
                        job_store.complete(conn, job.id, self.clock())
                        run.skipped += 1
                    else:
                        job_store.drop(conn, job.id, self.clock())
                        run.dropped += 1
        return todo, labels

    def fail(self, jobs: Sequence[Job], error: str, run: ExtractionRun) -> None:
        """Record failures: retried later with backoff, listed by `remen doctor`."""
        run.failed += len(jobs)
        run.errors.append(error)
        with self.store.transaction() as conn:
            for job in jobs:
                job_store.fail(conn, job.id, self.clock(), error)
