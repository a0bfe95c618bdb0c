"""Keeping a database in order: status and health, embeddings, import, export, reindex."""

from __future__ import annotations

import os
import threading
import time
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TextIO

from remen.core.constants import IMPORT_BATCH, PROGRESS_SECONDS
from remen.core.errors import ConfigError, RemenError
from remen.core.models import AppStatus, DoctorReport, ImportSummary, ModelHealth, NoteDraft, Problem
from remen.core.private import open_private
from remen.core.progress import Progress, ProgressCallback
from remen.notes.transfer import exporter
from remen.notes.transfer.importer import count_inputs, read_drafts
from remen.notes.vault_files import folder_status
from remen.services.context import Context
from remen.services.memory import MemoryService
from remen.store import graph as graph_store
from remen.store import jobs as job_store
from remen.store import maintenance
from remen.store import memory as memory_store
from remen.store import notes as note_store
from remen.store import search as search_store
from remen.store import vectors as vector_store
from remen.store.connect import damaged_error


class UpkeepService:
    """What a status bar, `remen doctor`, `import`, `export` and `reindex` need."""

    def __init__(self, context: Context, memory: MemoryService) -> None:
        """Look after ``context``'s database (``memory`` answers the model server's health)."""
        self.context = context
        self.memory = memory
        self._status_counts: tuple[tuple[int, int, str], dict[str, int], int] | None = None

    def status(self) -> AppStatus:
        """What a status bar shows: note counts, pending background work, model state."""
        models = self.context.models
        namespace = models.namespace()
        with self.context.store.read() as conn:
            # Counting scans every note (~70 ms at 100k) under the lock searches need; the status bar
            # polls every few seconds, so recount only when a write moved one of the generations.
            key = (search_store.notes_generation(conn), vector_store.generation(conn), namespace)
            if self._status_counts is None or self._status_counts[0] != key:
                self._status_counts = (key, note_store.counts(conn), vector_store.count_pending(conn, namespace))
            _, counts, pending = self._status_counts
            to_extract = memory_store.pending_extractions(conn)
            llm_ready, llm_waiting = memory_store.pending_refinements(conn, self.context.clock())
        status = models.status
        return AppStatus(
            notes=counts["live"],
            archived=counts["archived"],
            trash=counts["trash"],
            pending_embeddings=pending,
            pending_extractions=to_extract,
            pending_llm=llm_ready,
            waiting_llm=llm_waiting,
            model_ready=models.loaded is not None,
            model_ok=bool(status and status.ok),
            model_message=status.message if status else "model loading…",
            vault_problems=tuple(self.context.writer.take_problems()),
            notes_generation=key[0],
        )

    def doctor(self, check_llm: bool = True) -> DoctorReport:
        """A health report: paths, versions, counts, model state, pending work and failures; with
        ``check_llm``, a live check of the configured model server (a config error is reported)."""
        embedder = self.context.models.embedder
        status = self.context.models.status
        assert status is not None
        db_path = self.context.settings.db_path
        with self.context.store.read() as conn:
            integrity = maintenance.integrity(conn)
            sqlite_version, vec_version = maintenance.versions(conn)
            problems = [Problem("embedding", note_id, error) for note_id, error, _ in vector_store.errors(conn)]
            problems += [
                Problem(kind, note_id, error, attempts) for kind, note_id, attempts, error in job_store.failures(conn)
            ]
            report = DoctorReport(
                database=str(db_path),
                sqlite=sqlite_version,
                sqlite_vec=vec_version,
                integrity=integrity,
                notes=note_store.counts(conn),
                model=ModelHealth(status.ok, status.message, embedder.description),
                embedded=vector_store.namespace_counts(conn),
                pending_embeddings=vector_store.count_pending(conn, embedder.namespace),
                jobs=job_store.counts(conn),
                memory={
                    **graph_store.counts(conn),
                    "pending": memory_store.pending_extractions(conn),
                    "pending_llm": sum(memory_store.pending_refinements(conn, self.context.clock())),
                },
                problems=tuple(problems),
                advice=None if integrity == "ok" else str(damaged_error(db_path, f"integrity check: {integrity}")),
            )
        report = replace(report, vault=folder_status(self.context.store))
        if not check_llm:
            return report
        try:
            health = self.memory.llm_health()
        except ConfigError as exc:
            return replace(report, llm={"error": str(exc)})
        return replace(report, llm=None if health is None else health.to_dict())

    def embed_pending(
        self,
        on_progress: ProgressCallback | None = None,
        stop: threading.Event | None = None,
        background: bool = False,
    ) -> int:
        """Embed every note lacking current vectors, a step at a time (safe to interrupt).
        ``background``: run at low priority on one compute thread (call from a thread of its own)."""
        return self.context.indexer.embed_pending(on_progress, stop, background)

    def pending_embeddings(self) -> int:
        """Notes whose vectors are missing or stale for the current embedder."""
        return self.context.indexer.count_pending()

    def reindex(self, on_progress: ProgressCallback | None = None) -> int:
        """Rebuild both text indexes and re-embed every note; return the chunks embedded."""
        return self.context.indexer.rebuild(on_progress)

    def import_path(
        self, path: str | os.PathLike[str], embed: bool = True, on_progress: ProgressCallback | None = None
    ) -> ImportSummary:
        """Import a .jsonl export, a Markdown/text file, or a folder of them. Re-imports are idempotent."""
        source = Path(path)
        summary = ImportSummary()
        total = count_inputs(source) if source.exists() else 0
        batch: list[NoteDraft] = []
        seen = 0
        if on_progress:
            on_progress(Progress("import", 0, total))
        reported = time.monotonic()
        for draft in read_drafts(source, summary):
            batch.append(draft)
            # Stored a batch at a time; reported at least every PROGRESS_SECONDS (big files read slowly).
            due = on_progress is not None and time.monotonic() - reported >= PROGRESS_SECONDS
            if len(batch) >= IMPORT_BATCH or due:
                self.context.writer.write_batch(batch, summary)
                seen += len(batch)
                batch = []
                if on_progress:
                    on_progress(Progress("import", seen, total))
                    reported = time.monotonic()
        if batch:
            self.context.writer.write_batch(batch, summary)
            seen += len(batch)
        if on_progress:
            on_progress(Progress("import", total, total))
        if embed:
            if on_progress and self.context.models.loaded is None:
                on_progress(Progress("embed", 0, seen, detail="loading the model"))
            summary.embedded_chunks = self.embed_pending(on_progress)
        summary.pending_embeddings = self.context.indexer.count_pending(self.context.models.namespace())
        return summary

    def export_jsonl(self, out: TextIO, history: bool = True) -> int:
        """Write every note (archived and trashed too) as JSON Lines, with its earlier versions
        unless ``history`` is off; return the count."""
        return exporter.export_jsonl(self.context.store, out, history)

    def export_to_new_file(self, folder: Path) -> tuple[Path, int]:
        """Write every note as JSON Lines to a new file in ``folder`` named for today (never an
        existing file); the file and how many notes it holds (the app's "Export notes")."""
        today = datetime.fromtimestamp(self.context.clock()).strftime("%Y-%m-%d")
        for number in range(1, 1000):
            path = folder / f"remen-export-{today}{'' if number == 1 else f'-{number}'}.jsonl"
            try:
                with open_private(path, exclusive=True) as out:
                    return path, self.export_jsonl(out)
            except FileExistsError:
                continue
        raise RemenError(f"Too many exports for {today} in {folder}; move some aside first.")

    def export_markdown(self, folder: str | os.PathLike[str]) -> int:
        """Write live and archived notes as Markdown files, one sub-folder per first tag."""
        return exporter.export_markdown(self.context.store, Path(folder))
