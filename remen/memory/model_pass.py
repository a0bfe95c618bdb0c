"""The model server's pass over the notes queued for it, one request per note. Each note is then
written again as the built-in extractor reads it plus what the model found that the note
supports, in one transaction. A bad answer fails that note's job (retried later with backoff); a
server that is down, failing or too slow holds the whole queue for LLM_PAUSE_SECONDS."""

from __future__ import annotations

import logging
import threading
from typing import Literal

from remen.core.constants import LLM_NOTES_PER_STEP, LLM_PAUSE_SECONDS
from remen.core.errors import LLMError
from remen.core.knowledge import Extraction, ExtractionRun
from remen.core.models import Job, JobKind
from remen.core.progress import Progress, ProgressCallback
from remen.memory.extractor import Extractor, extract_all
from remen.memory.graph_writer import GraphWriter, Producer
from remen.memory.llm.client import LLMCancelled
from remen.memory.llm.extractor import LLMExtractor
from remen.memory.llm.validate import LLMBadOutput
from remen.memory.queue import Claimed, JobQueue, put_back_if_interrupted
from remen.store import jobs as job_store
from remen.store import memory as memory_store

log = logging.getLogger(__name__)

# After one note: read the next, stop (Remen is stopping), or hold the queue (the server is away).
Outcome = Literal["next", "stop", "pause"]


class ModelPass:
    """One drain of the model server's queue, on the worker's store and clock."""

    def __init__(
        self,
        worker: JobQueue,
        llm: LLMExtractor,
        extractor: Extractor,
        run: ExtractionRun,
        stop: threading.Event | None = None,
    ) -> None:
        """``extractor`` is the built-in one the notes are read with again; ``run`` gathers counts."""
        self.worker = worker
        self.llm = llm
        self.extractor = extractor
        self.run = run
        self.stop = stop
        self.base = Producer(extractor.name, extractor.version)
        self.producer = Producer(llm.name, llm.version)

    def drain(self, on_progress: ProgressCallback | None = None) -> None:
        """Read the ready notes of the queue until it is empty, Remen stops, the server fails, or
        a new note waits for the built-in extractor."""
        worker = self.worker
        with worker.store.read() as conn:
            total = sum(memory_store.pending_refinements(conn, worker.clock()))
        with put_back_if_interrupted(worker) as under_way:
            while not (self.stop is not None and self.stop.is_set()):
                if worker.pending():
                    return  # a note written meanwhile gets its built-in reading first, in the next run
                jobs = worker.claim(LLM_NOTES_PER_STEP, JobKind.LLM_EXTRACT)
                if not jobs:
                    return
                under_way[:] = jobs
                todo, labels = worker.sort_out(jobs, self.base, self.run, self.producer)
                try:
                    base = extract_all(self.extractor, [c.note for c in todo])
                except Exception as exc:
                    log.exception("the built-in extractor failed on notes queued for the model server")
                    worker.fail([c.job for c in todo], f"{type(exc).__name__}: {exc}", self.run)
                    continue
                for n, (claimed, extraction) in enumerate(zip(todo, base, strict=True)):
                    outcome = self.read(claimed, extraction, labels)
                    if outcome != "next":
                        worker.release([c.job for c in todo[n + 1 :]])
                        if outcome == "pause":
                            with worker.store.transaction() as conn:
                                until = worker.clock() + LLM_PAUSE_SECONDS
                                job_store.postpone(conn, JobKind.LLM_EXTRACT, until, worker.clock())
                        return
                    if on_progress:
                        on_progress(Progress("llm", min(self.run.refined, total), max(total, self.run.refined)))

    def read(self, claimed: Claimed, extraction: Extraction, labels: set[str]) -> Outcome:
        """Ask the model about one note and write what holds; whether to go on, stop (Remen is
        stopping) or pause the queue (the server is away)."""
        worker = self.worker
        if self.stop is not None and self.stop.is_set():
            worker.release([claimed.job])
            return "stop"
        try:
            checked = self.llm.read(claimed.note)
        except LLMCancelled:
            worker.release([claimed.job])
            return "stop"
        except LLMBadOutput as exc:
            log.warning("the model server's answer for note %s was unusable: %s", claimed.job.note_id, exc)
            self.fail(claimed.job, str(exc))
            return "next"
        except LLMError as exc:
            log.warning("the model server is unavailable, trying again later: %s", exc)
            self.fail(claimed.job, str(exc))
            return "pause"
        self.write(claimed, extraction, checked.extraction, labels)
        return "next"

    def write(self, claimed: Claimed, base: Extraction, found: Extraction, labels: set[str]) -> None:
        """Write a note as the built-in extractor read it plus what the model found, in one
        transaction, if the note still has the content the job was queued for."""
        worker = self.worker
        vectors = worker.memory_vectors().of([base, found], claimed.note.known_names, labels)
        try:
            with worker.store.transaction() as conn:
                if not job_store.is_current(conn, claimed.job):
                    job_store.drop(conn, claimed.job.id, worker.clock())
                    self.run.dropped += 1
                    return
                written, content_hash = claimed.note.created, claimed.job.content_hash
                GraphWriter(conn, claimed.nid, written, self.base, vectors, worker.clock()).write(base, content_hash)
                GraphWriter(conn, claimed.nid, written, self.producer, vectors, worker.clock()).add(found, content_hash)
                job_store.complete(conn, claimed.job.id, worker.clock())
            self.run.refined += 1
        except Exception as exc:
            log.exception("writing what the model found in note %s failed", claimed.job.note_id)
            worker.fail([claimed.job], f"{type(exc).__name__}: {exc}", self.run)

    def fail(self, job: Job, error: str) -> None:
        """Nothing usable for a note: its job is retried later with backoff; the note keeps what
        the built-in extractor found."""
        self.run.llm_error = error
        with self.worker.store.transaction() as conn:
            job_store.fail(conn, job.id, self.worker.clock(), error)
