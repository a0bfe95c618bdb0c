"""The public Python API of Remen. The CLI and the TUI call this and nothing below it."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TextIO

import numpy as np

from remen import bulk
from remen.answers import Answer, Route
from remen.ask.asker import Asker
from remen.ask.router import route
from remen.config import Settings, date_order, llm_settings
from remen.constants import (
    BACKGROUND_NICENESS,
    DEFAULT_LIMIT,
    EXTRACT_BULK_STEP,
    EXTRACT_PARALLEL_MIN_NOTES,
    IMPORT_BATCH,
    LLM_HEALTH_TIMEOUT_SECONDS,
    MODEL_NAMESPACE,
    PROGRESS_SECONDS,
)
from remen.embed import Embedder, ModelStatus, OnnxMiniLM, load_embedder
from remen.errors import ConfigError, RemenError
from remen.indexing import Indexer
from remen.knowledge import Aspect, EntityDetail, EntitySummary, EntityType, ExtractionRun, Fact, LabelCount
from remen.memory.builtin import BuiltinExtractor
from remen.memory.extractor import Extractor
from remen.memory.llm.client import LLMClient, LLMHealth
from remen.memory.llm.extractor import LLMExtractor
from remen.memory.parallel import ProcessExtractor
from remen.memory.reader import MemoryReader, after_visibility_change, subjects_before_change
from remen.memory.worker import MemoryWorker
from remen.models import (
    AppStatus,
    DoctorReport,
    ImportSummary,
    JobKind,
    ModelHealth,
    Note,
    NoteDraft,
    ParsedQuery,
    Problem,
    RelatedNote,
    Revision,
    SearchResult,
)
from remen.note_input import prepare
from remen.progress import Progress, ProgressCallback
from remen.search.engine import SearchEngine
from remen.search.query import parse_query
from remen.search.snippet import make_snippet
from remen.store import Store, maintenance
from remen.store import graph as graph_store
from remen.store import jobs as job_store
from remen.store import memory as memory_store
from remen.store import notes as note_store
from remen.store import search as search_store
from remen.store import vectors as vector_store
from remen.store.connect import Connection, damaged_error
from remen.store.notes import StoredNote
from remen.store.recover import SalvageReport, salvage
from remen.text import decode_text, derive_title, fold, inline_tags, new_id
from remen.timeutil import from_epoch, to_epoch
from remen.transfer.importer import count_inputs, read_drafts
from remen.wording import plural

# Pure helpers the interfaces use, re-exported so they never import below the service.
__all__ = ["Remen", "decode_text", "inline_tags", "make_snippet", "recover_database"]


def unused_id(conn: Connection) -> str:
    """A new note id no note has (a collision of 12 random characters is all but impossible, but
    checking costs one lookup)."""
    while True:
        candidate = new_id()
        if note_store.get(conn, candidate) is None:
            return candidate


def recovery_target(path: Path) -> Path:
    """A new file beside ``path`` for what a salvage recovers (never an existing file)."""
    for number in range(1, 1000):
        suffix = "" if number == 1 else f"-{number}"
        candidate = path.with_name(f"{path.stem}.recovered{suffix}{path.suffix or '.db'}")
        if not candidate.exists():
            return candidate
    raise RemenError(f"Too many recovered copies beside {path}; move some aside first.")


def recover_database(
    path: str | os.PathLike[str] | None = None, clock: Callable[[], float] = time.time
) -> SalvageReport:
    """Copy every note and revision still readable from a damaged database into a new file beside
    it. The damaged file is opened read-only and left as it is."""
    source = Settings.resolve(path).db_path
    if not source.is_file():
        raise RemenError(f"There is no database file at {source} to recover.")
    return salvage(source, recovery_target(source), clock())


class Remen:
    """One open Remen database, with its embedder loaded on first use."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        embedder: Embedder | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """Wrap an open store. Prefer :meth:`open`."""
        self.store = store
        self.settings = settings
        self.clock = clock
        self._embedder = embedder
        self._model_status = ModelStatus(True, embedder.description) if embedder else None
        self._embedder_lock = threading.Lock()
        # The CLI waits for the model on its first search; the TUI sets this False so typing never
        # waits on it and keyword results come first.
        self.search_waits_for_model = True
        self._background_embedder: Embedder | None = None
        self.indexer = Indexer(store, lambda: self.embedder, clock, lambda: self.background_embedder)
        self._status_counts: tuple[tuple[int, int, str], dict[str, int], int] | None = None
        self.engine = SearchEngine(store, self._search_embedder, date_order())
        self._extractor: Extractor | None = None
        self._extractor_lock = threading.Lock()
        self._background_pool: ProcessExtractor | None = None
        self.memory = MemoryReader(store)
        self.memory_worker = MemoryWorker(
            store, lambda: self.extractor, lambda: self.background_embedder, clock, llm_settings
        )
        # The asker's note search is the engine's: the answer carries the route already.
        self.asker = Asker(store, self.memory, self.engine.search, self._memory_vector, self.engine.date_order)

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str] | None = None,
        embedder: Embedder | None = None,
        clock: Callable[[], float] = time.time,
    ) -> Remen:
        """Open the database at ``path`` (or the configured default), creating it if needed."""
        settings = Settings.resolve(path)
        return cls(Store(settings.db_path), settings, embedder, clock)

    def close(self) -> None:
        """Close the database (and stop the background reader process, if one was started)."""
        if self._background_pool is not None:
            self._background_pool.close()
        self.engine.close()
        self.store.close()

    def __enter__(self) -> Remen:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- model -------------------------------------------------------------------------------

    @property
    def embedder(self) -> Embedder:
        """The embedder, loading the model on first use (about 0.3-0.7 s)."""
        with self._embedder_lock:
            if self._embedder is None:
                self._embedder, self._model_status = load_embedder(self.settings.model_dir)
            return self._embedder

    @property
    def background_embedder(self) -> Embedder:
        """The model on one compute thread for bulk work in the background (the hashed fallback is
        shared as it is)."""
        embedder = self.embedder
        with self._embedder_lock:
            if self._background_embedder is None or self._background_embedder.namespace != embedder.namespace:
                self._background_embedder = embedder.single_threaded() if isinstance(embedder, OnnxMiniLM) else embedder
            return self._background_embedder

    def _search_embedder(self) -> Embedder | None:
        return self.embedder if self.search_waits_for_model else self._embedder

    @property
    def model_loaded(self) -> bool:
        """True once the embedder is ready to use without waiting."""
        return self._embedder is not None

    @property
    def model_status(self) -> ModelStatus:
        """Whether the real model is in use (loads it if needed)."""
        _ = self.embedder
        assert self._model_status is not None
        return self._model_status

    # --- notes -------------------------------------------------------------------------------

    def add(
        self,
        body: str,
        title: str | None = None,
        tags: Iterable[str] = (),
        created: datetime | None = None,
        embed: bool = True,
    ) -> Note:
        """Save a new note; with ``embed`` it is findable by meaning when this returns."""
        prepared = prepare(body, title, tags)
        now = self.clock()
        created_at = to_epoch(created) if created else now
        with self.store.transaction() as conn:
            nid = note_store.insert(
                conn,
                unused_id(conn),
                prepared.title,
                prepared.body,
                prepared.tags,
                created_at,
                now,
                prepared.content_hash,
            )
            job_store.enqueue(conn, JobKind.EXTRACT, nid, now, prepared.content_hash)
            stored = note_store.get_many(conn, [nid])[nid]
        if embed:
            self.indexer.embed_after_save(stored)
        return stored.note

    def update(
        self,
        note_id: str,
        body: str | None = None,
        title: str | None = None,
        tags: Iterable[str] | None = None,
        embed: bool = True,
        keep_version: bool = False,
    ) -> Note:
        """Change a note's text, title or tags; the previous version is kept as a revision (saves
        in one editing session share one; ``keep_version`` keeps this one's whatever its age)."""
        current = self._resolve(note_id)
        old = current.note
        new_body = old.body if body is None else body
        if title is None and old.title != derive_title(old.body):
            title = old.title
        if tags is None:
            tags = [t for t in old.tags if t not in inline_tags(old.body)]
        prepared = prepare(new_body, title, tags)
        if prepared.content_hash == old.content_hash:
            return old
        now = self.clock()
        with self.store.transaction() as conn:
            note_store.update_content(
                conn,
                current.nid,
                prepared.title,
                prepared.body,
                prepared.tags,
                now,
                prepared.content_hash,
                now,
                keep_version=keep_version,
            )
            job_store.enqueue(conn, JobKind.EXTRACT, current.nid, now, prepared.content_hash)
            stored = note_store.get_many(conn, [current.nid])[current.nid]
        if embed:
            self.indexer.embed_after_save(stored)
        return stored.note

    def get(self, note_id: str) -> Note:
        """A note by id or unique id prefix."""
        return self._resolve(note_id).note

    def note_titled(self, title: str) -> Note | None:
        """The live note whose title is ``title`` (case and a leading "#" ignored), the most
        recently edited if several: what Enter in the app opens instead of a new note."""
        wanted = title.strip().lstrip("#").strip()
        if not wanted:
            return None
        with self.store.read() as conn:
            found = note_store.titled_like(conn, wanted)
        return next((s.note for s in found if fold(s.note.title) == fold(wanted)), None)

    def _resolve(self, note_id: str) -> StoredNote:
        with self.store.read() as conn:
            return note_store.resolve(conn, note_id)

    def _set_flags(self, note_id: str, archived: bool | None = None, deleted_at: float | bool | None = False) -> Note:
        stored = self._resolve(note_id)
        with self.store.transaction() as conn:
            subjects = subjects_before_change(conn, stored.nid)
            note_store.set_flags(conn, stored.nid, archived=archived, deleted_at=deleted_at)
            after_visibility_change(conn, subjects)
            return note_store.get_many(conn, [stored.nid])[stored.nid].note

    def delete(self, note_id: str) -> Note:
        """Move a note to the trash (undo with :meth:`restore`)."""
        return self._set_flags(note_id, deleted_at=self.clock())

    def restore(self, note_id: str) -> Note:
        """Bring a note back from the trash."""
        return self._set_flags(note_id, deleted_at=None)

    def archive(self, note_id: str) -> Note:
        """Hide a note from search and lists without deleting it."""
        return self._set_flags(note_id, archived=True)

    def unarchive(self, note_id: str) -> Note:
        """Bring an archived note back."""
        return self._set_flags(note_id, archived=False)

    def purge(self, note_id: str) -> None:
        """Delete a note for good, with its revisions and vectors. Cannot be undone."""
        stored = self._resolve(note_id)
        with self.store.transaction() as conn:
            subjects = subjects_before_change(conn, stored.nid)
            note_store.delete_row(conn, stored.nid)
            after_visibility_change(conn, subjects)

    def empty_trash(self) -> int:
        """Purge every note in the trash; return how many."""
        with self.store.read() as conn:
            trashed = note_store.list_notes(conn, trash=True)
        with self.store.transaction() as conn:
            for stored in trashed:
                subjects = subjects_before_change(conn, stored.nid)
                note_store.delete_row(conn, stored.nid)
                after_visibility_change(conn, subjects)
        return len(trashed)

    def list_notes(
        self, tag: str | None = None, archived: bool = False, trash: bool = False, limit: int | None = None
    ) -> list[Note]:
        """Notes, most recently updated first: live by default, or the archive, or the trash."""
        with self.store.read() as conn:
            return [s.note for s in note_store.list_notes(conn, tag=tag, archived=archived, trash=trash, limit=limit)]

    def tags(self) -> list[tuple[str, int]]:
        """Tags of live notes with counts."""
        with self.store.read() as conn:
            return note_store.tag_counts(conn)

    def revisions(self, note_id: str) -> list[Revision]:
        """Earlier versions of a note, newest first."""
        stored = self._resolve(note_id)
        with self.store.read() as conn:
            return note_store.revisions(conn, stored.nid)

    def revision(self, note_id: str, number: int) -> Revision:
        """Earlier version ``number`` (1 = the newest, as `revisions` lists them); an error that
        says which numbers exist otherwise."""
        revisions = self.revisions(note_id)
        if not 1 <= number <= len(revisions):
            raise RemenError(
                f"{note_id} has {plural(len(revisions), 'earlier version')}"
                + (f"; pick 1 to {len(revisions)}." if revisions else ".")
            )
        return revisions[number - 1]

    def restore_revision(self, note_id: str, number: int) -> Note:
        """Bring back earlier version ``number`` (1 = the newest, as `revisions` lists them): the
        text now becomes a revision in turn, so a restore can itself be undone."""
        revision = self.revision(note_id, number)
        title = revision.title if revision.title != derive_title(revision.body) else None
        return self.update(note_id, body=revision.body, title=title, tags=revision.tags, keep_version=True)

    def counts(self) -> dict[str, int]:
        """Live, archived and trashed note counts."""
        with self.store.read() as conn:
            return note_store.counts(conn)

    # --- search ------------------------------------------------------------------------------

    def search(
        self,
        text: str,
        now: datetime | None = None,
        limit: int = DEFAULT_LIMIT,
        include_archived: bool = False,
        include_deleted: bool = False,
    ) -> SearchResult:
        """Search by keyword, meaning and time; ``now`` fixes the clock for time phrases."""
        moment = now or from_epoch(self.clock())
        result = self.engine.search(text, moment, limit, include_archived, include_deleted)
        return replace(result, route=self.route(text, moment).to_dict())

    def explain(self, text: str, now: datetime | None = None) -> ParsedQuery:
        """How a query is understood, without running it."""
        return parse_query(text, now or from_epoch(self.clock()), self.engine.date_order)

    def related(self, note_id: str, limit: int = 5) -> list[RelatedNote]:
        """Notes closest in meaning to this one (not itself, not archived or trashed)."""
        return self.engine.related(self._resolve(note_id).nid, limit)

    def related_to_draft(self, text: str, limit: int = 5, exclude_id: str | None = None) -> list[RelatedNote]:
        """Notes closest in meaning to unsaved text (the note being written, if saved, excluded)."""
        exclude = None
        if exclude_id:
            exclude = self._resolve(exclude_id).nid
        return self.engine.related_to_text(text, limit, exclude)

    def meaning(self, text: str) -> np.ndarray:
        """The unit vector of a text (to tell whether a draft's meaning changed)."""
        return self.embedder.embed_query(text)

    def status(self) -> AppStatus:
        """What a status bar shows: note counts, pending background work, model state."""
        namespace = self._embedder.namespace if self._embedder else MODEL_NAMESPACE
        with self.store.read() as conn:
            # Counting scans every note (~70 ms at 100k) under the lock searches need; the status bar
            # polls every few seconds, so recount only when a write moved one of the generations.
            key = (search_store.notes_generation(conn), vector_store.generation(conn), namespace)
            if self._status_counts is None or self._status_counts[0] != key:
                self._status_counts = (key, note_store.counts(conn), vector_store.count_pending(conn, namespace))
            _, counts, pending = self._status_counts
            to_extract = memory_store.pending_extractions(conn)
            llm_ready, llm_waiting = memory_store.pending_refinements(conn, self.clock())
        status = self._model_status
        return AppStatus(
            notes=counts["live"],
            archived=counts["archived"],
            trash=counts["trash"],
            pending_embeddings=pending,
            pending_extractions=to_extract,
            pending_llm=llm_ready,
            waiting_llm=llm_waiting,
            model_ready=self._embedder is not None,
            model_ok=bool(status and status.ok),
            model_message=status.message if status else "model loading…",
        )

    def warm_search(self) -> None:
        """Load the model and every vector into RAM, for a long-lived process like the TUI."""
        _ = self.embedder
        self.engine.warm()

    # --- embeddings --------------------------------------------------------------------------

    @property
    def embed_failures(self) -> int:
        """Saves in this process whose embedding failed (those notes stay pending)."""
        return self.indexer.failures

    def pending_embeddings(self) -> int:
        """Notes whose vectors are missing or stale for the current embedder."""
        return self.indexer.count_pending()

    def embed_pending(
        self,
        on_progress: ProgressCallback | None = None,
        stop: threading.Event | None = None,
        background: bool = False,
    ) -> int:
        """Embed every note lacking current vectors, a step at a time (safe to interrupt).
        ``background``: run at low priority on one compute thread (call from a thread of its own)."""
        return self.indexer.embed_pending(on_progress, stop, background)

    # --- import / export ---------------------------------------------------------------------

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
                bulk.write_drafts(self.store, batch, summary, self.clock())
                seen += len(batch)
                batch = []
                if on_progress:
                    on_progress(Progress("import", seen, total))
                    reported = time.monotonic()
        if batch:
            bulk.write_drafts(self.store, batch, summary, self.clock())
            seen += len(batch)
        if on_progress:
            on_progress(Progress("import", total, total))
        if embed:
            if on_progress and not self.model_loaded:
                on_progress(Progress("embed", 0, seen, detail="loading the model"))
            summary.embedded_chunks = self.embed_pending(on_progress)
        namespace = self._embedder.namespace if self._embedder else MODEL_NAMESPACE
        with self.store.read() as conn:
            summary.pending_embeddings = vector_store.count_pending(conn, namespace)
        return summary

    def export_jsonl(self, out: TextIO) -> int:
        """Write every note (archived and trashed too) as JSON Lines; return the count."""
        return bulk.export_jsonl(self.store, out)

    def export_to_new_file(self, folder: Path) -> tuple[Path, int]:
        """Write every note as JSON Lines to a new file in ``folder`` named for today (never an
        existing file); the file and how many notes it holds (the app's "Export notes")."""
        today = datetime.fromtimestamp(self.clock()).strftime("%Y-%m-%d")
        for number in range(1, 1000):
            path = folder / f"remen-export-{today}{'' if number == 1 else f'-{number}'}.jsonl"
            try:
                with path.open("x", encoding="utf-8") as out:
                    return path, self.export_jsonl(out)
            except FileExistsError:
                continue
        raise RemenError(f"Too many exports for {today} in {folder}; move some aside first.")

    def export_markdown(self, folder: str | os.PathLike[str]) -> int:
        """Write live and archived notes as Markdown files, one sub-folder per first tag."""
        return bulk.export_markdown(self.store, Path(folder))

    # --- maintenance -------------------------------------------------------------------------

    def reindex(self, on_progress: ProgressCallback | None = None) -> int:
        """Rebuild both text indexes and re-embed every note; return the chunks embedded."""
        return self.indexer.rebuild(on_progress)

    # --- memory ------------------------------------------------------------------------------

    @property
    def extractor(self) -> Extractor:
        """The extractor of the knowledge graph (the built-in offline one), loaded on first use."""
        with self._extractor_lock:
            if self._extractor is None:
                self._extractor = BuiltinExtractor(self.background_embedder)
            return self._extractor

    def _memory_vector(self, text: str) -> np.ndarray | None:
        embedder = self._search_embedder()
        if embedder is None or embedder.namespace != MODEL_NAMESPACE:
            return None
        return embedder.embed_query(text)

    def pending_extractions(self) -> int:
        """Notes whose facts are still to extract."""
        return self.memory_worker.pending()

    def extract_pending(
        self,
        on_progress: ProgressCallback | None = None,
        stop: threading.Event | None = None,
        background: bool = False,
        refine: bool = True,
    ) -> ExtractionRun:
        """Extract every pending note into the knowledge graph (jobs a killed run left are retried),
        then, with ``refine`` and a model server configured, read the notes queued for it.
        A large foreground run reads notes in one process per core; ``background`` stays on one
        low-priority thread."""
        self.memory_worker.requeue_interrupted()
        if background:
            return self.memory_worker.run(
                on_progress, stop, background, extractor=self._background_reader(), refine=refine
            )
        cores = os.cpu_count() or 1
        if cores < 2 or self.pending_extractions() < EXTRACT_PARALLEL_MIN_NOTES:
            return self.memory_worker.run(on_progress, stop, refine=refine)
        pool = ProcessExtractor(cores, self._model_dir_for_memory())
        try:
            return self.memory_worker.run(on_progress, stop, extractor=pool, step_size=EXTRACT_BULK_STEP, refine=refine)
        finally:
            pool.close()

    def queue_for_llm(self) -> tuple[int, str]:
        """Queue every note the configured model has not read as it is now (`remen worker --llm`):
        how many, and which server. A ConfigError when no model server is configured."""
        settings = llm_settings()
        if settings is None:
            raise ConfigError(
                "No model server is configured: `remen config set llm.url http://127.0.0.1:11434 llm.model qwen2.5:3b`."
            )
        reader = LLMExtractor(settings)
        now = self.clock()
        with self.store.transaction() as conn:
            todo = memory_store.notes_to_refine(conn, reader.name, reader.version)
            for nid, content_hash in todo:
                job_store.enqueue(conn, JobKind.LLM_EXTRACT, nid, now, content_hash)
        return len(todo), settings.described

    def llm_health(self) -> LLMHealth | None:
        """A live check of the configured model server (None when there is none)."""
        settings = llm_settings()
        return None if settings is None else LLMClient(settings).check(LLM_HEALTH_TIMEOUT_SECONDS)

    def _model_dir_for_memory(self) -> Path | None:
        return self.settings.model_dir if self.background_embedder.namespace == MODEL_NAMESPACE else None

    def _background_reader(self) -> ProcessExtractor:
        """One low-priority process that reads notes for the app, started once and kept: spaCy in
        a thread of the app would hold the GIL the search thread needs."""
        with self._extractor_lock:
            if self._background_pool is None:
                self._background_pool = ProcessExtractor(1, self._model_dir_for_memory(), BACKGROUND_NICENESS)
            return self._background_pool

    def entities(self, kind: EntityType | None = None) -> list[EntitySummary]:
        """People, places, tools… the notes mention, most mentioned first."""
        return self.memory.entities(kind)

    def entity(self, name: str) -> EntityDetail:
        """One entity by any of its names: aliases, attributes, facts with history, notes."""
        return self.memory.entity(name)

    def facts(self, entity: str | None = None, aspect: Aspect | None = None, history: bool = False) -> list[Fact]:
        """Current facts (all, with ``history``), optionally about one entity or of one aspect."""
        return self.memory.facts(entity, aspect, history)

    def ask(self, question: str, now: datetime | None = None, with_notes: bool = True) -> Answer:
        """Answer a question from the knowledge graph (route, answers with their notes), with the
        note search for it alongside unless ``with_notes`` is False; says so when the notes do not
        have the answer."""
        return self.asker.ask(question, now or from_epoch(self.clock()), with_notes)

    def route(self, question: str, now: datetime | None = None) -> Route:
        """How ``question`` would be answered (for `remen explain`)."""
        return route(
            question,
            now or from_epoch(self.clock()),
            self.asker.index(),
            self.asker.entity_by_meaning,
            self.engine.date_order,
        )

    def labels(self) -> list[LabelCount]:
        """Topic labels of the notes, commonest first."""
        return self.memory.labels()

    def doctor(self, check_llm: bool = True) -> DoctorReport:
        """A health report: paths, versions, counts, model state, pending work and failures; with
        ``check_llm``, a live check of the configured model server (a config error is reported)."""
        status = self.model_status
        namespace = self.embedder.namespace
        with self.store.read() as conn:
            integrity = maintenance.integrity(conn)
            sqlite_version, vec_version = maintenance.versions(conn)
            problems = [Problem("embedding", note_id, error) for note_id, error, _ in vector_store.errors(conn)]
            problems += [
                Problem(kind, note_id, error, attempts) for kind, note_id, attempts, error in job_store.failures(conn)
            ]
            report = DoctorReport(
                database=str(self.settings.db_path),
                sqlite=sqlite_version,
                sqlite_vec=vec_version,
                integrity=integrity,
                notes=note_store.counts(conn),
                model=ModelHealth(status.ok, status.message, self.embedder.description),
                embedded=vector_store.namespace_counts(conn),
                pending_embeddings=vector_store.count_pending(conn, namespace),
                jobs=job_store.counts(conn),
                memory={
                    **graph_store.counts(conn),
                    "pending": memory_store.pending_extractions(conn),
                    "pending_llm": sum(memory_store.pending_refinements(conn, self.clock())),
                },
                problems=tuple(problems),
                advice=None
                if integrity == "ok"
                else str(damaged_error(self.settings.db_path, f"integrity check: {integrity}")),
            )
        if check_llm:
            try:
                health = self.llm_health()
            except ConfigError as exc:
                return replace(report, llm={"error": str(exc)})
            return replace(report, llm=None if health is None else health.to_dict())
        return report
