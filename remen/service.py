"""The public Python API of Remen, which the CLI, the TUI and the MCP server call: a thin front whose
methods are those of a few services (notes, finding, memory, upkeep) sharing one `Context`."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from types import MethodType
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, cast, overload

from remen.core.config import Settings, default_home
from remen.core.errors import RemenError
from remen.core.private import make_private
from remen.embed import Embedder, ModelStatus
from remen.memory.extractor import Extractor
from remen.search.engine import SearchEngine
from remen.services.context import Context
from remen.services.finding import FindingService
from remen.services.memory import MemoryService
from remen.services.notes import NoteService
from remen.services.upkeep import UpkeepService
from remen.services.vault import VaultService
from remen.store import Store
from remen.store.recover import SalvageReport, salvage

__all__ = ["Remen", "recover_database"]

logger = logging.getLogger(__name__)

Service = TypeVar("Service")
Params = ParamSpec("Params")
Result = TypeVar("Result")


class delegate(Generic[Service, Params, Result]):
    """A method of Remen that is ``method`` of the service held in the attribute ``service``,
    with its signature and docstring."""

    def __init__(self, service: str, method: Callable[Concatenate[Service, Params], Result]) -> None:
        """Forward to ``method`` of ``getattr(remen, service)``."""
        self.service = service
        self.method = method
        self.__doc__ = method.__doc__

    @overload
    def __get__(self, obj: None, owner: type[Any]) -> delegate[Service, Params, Result]: ...

    @overload
    def __get__(self, obj: object, owner: type[Any]) -> Callable[Params, Result]: ...

    def __get__(self, obj: object | None, owner: type[Any]) -> Any:
        if obj is None:
            return self
        return cast(Callable[Params, Result], MethodType(self.method, getattr(obj, self.service)))


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
        self.context = Context(store, settings, embedder, clock)
        self.notes = NoteService(self.context)
        self.finding = FindingService(self.context)
        self.memory = MemoryService(self.context)
        self.upkeep = UpkeepService(self.context, self.memory)
        self.vault = VaultService(self.context, self.upkeep)
        self.store: Store = store
        self.settings: Settings = settings
        self.clock: Callable[[], float] = clock
        self.engine: SearchEngine = self.context.engine
        self.notices: list[str] = []
        """Things the user should hear about once, from opening the database (the CLI prints them)."""

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str] | None = None,
        embedder: Embedder | None = None,
        clock: Callable[[], float] = time.time,
    ) -> Remen:
        """Open the database at ``path`` (or the configured default), creating it if needed."""
        settings = Settings.resolve(path)
        home = default_home()
        # Remen's own data folder is made private; a folder the user chose with --db is theirs.
        folder_fixed = settings.db_path.parent == home and make_private(home)
        app = cls(Store(settings.db_path), settings, embedder, clock)
        made_private = ([home] if folder_fixed else []) + list(app.store.made_private)
        if made_private:
            app.notices.append(
                "Other users of this machine could read "
                + ", ".join(str(p) for p in made_private)
                + "; now only you can (folders 0700, files 0600)."
            )
            logger.warning(app.notices[-1])
        return app

    def close(self) -> None:
        """Close the database (and stop the background reader process, if one was started)."""
        self.context.close()

    def __enter__(self) -> Remen:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def embedder(self) -> Embedder:
        """The embedder, loading the model on first use (about 0.3-0.7 s)."""
        return self.context.models.embedder

    @property
    def model_loaded(self) -> bool:
        """True once the embedder is ready to use without waiting."""
        return self.context.models.loaded is not None

    @property
    def model_status(self) -> ModelStatus:
        """Whether the real model is in use (loads it if needed)."""
        _ = self.embedder
        assert self.context.models.status is not None
        return self.context.models.status

    @property
    def search_waits_for_model(self) -> bool:
        """Whether a search waits for the model to load (the CLI); the app sets False, so typing
        never waits on it and keyword results come first."""
        return self.context.models.search_waits

    @search_waits_for_model.setter
    def search_waits_for_model(self, waits: bool) -> None:
        self.context.models.search_waits = waits

    @property
    def extractor(self) -> Extractor:
        """The extractor of the knowledge graph (the built-in offline one), loaded on first use."""
        return self.context.models.extractor

    @property
    def embed_failures(self) -> int:
        """Saves in this process whose embedding failed (those notes stay pending)."""
        return self.context.indexer.failures

    add = delegate("notes", NoteService.add)
    update = delegate("notes", NoteService.update)
    rename = delegate("notes", NoteService.rename)
    get = delegate("notes", NoteService.get)
    note_titled = delegate("notes", NoteService.note_titled)
    links = delegate("notes", NoteService.links)
    link_target = delegate("notes", NoteService.link_target)
    link_titles = delegate("notes", NoteService.link_titles)
    delete = delegate("notes", NoteService.delete)
    restore = delegate("notes", NoteService.restore)
    archive = delegate("notes", NoteService.archive)
    unarchive = delegate("notes", NoteService.unarchive)
    purge = delegate("notes", NoteService.purge)
    empty_trash = delegate("notes", NoteService.empty_trash)
    list_notes = delegate("notes", NoteService.list_notes)
    tags = delegate("notes", NoteService.tags)
    counts = delegate("notes", NoteService.counts)
    revisions = delegate("notes", NoteService.revisions)
    revision = delegate("notes", NoteService.revision)
    restore_revision = delegate("notes", NoteService.restore_revision)

    search = delegate("finding", FindingService.search)
    route = delegate("finding", FindingService.route)
    explain = delegate("finding", FindingService.explain)
    related = delegate("finding", FindingService.related)
    related_to_draft = delegate("finding", FindingService.related_to_draft)
    meaning = delegate("finding", FindingService.meaning)
    warm_search = delegate("finding", FindingService.warm_search)
    save_search = delegate("finding", FindingService.save_search)
    saved_searches = delegate("finding", FindingService.saved_searches)
    saved_search = delegate("finding", FindingService.saved_search)
    forget_search = delegate("finding", FindingService.forget_search)

    pending_extractions = delegate("memory", MemoryService.pending_extractions)
    extract_pending = delegate("memory", MemoryService.extract_pending)
    queue_older_readings = delegate("memory", MemoryService.queue_older_readings)
    queue_for_llm = delegate("memory", MemoryService.queue_for_llm)
    drop_llm_queue = delegate("memory", MemoryService.drop_llm_queue)
    llm_health = delegate("memory", MemoryService.llm_health)
    entities = delegate("memory", MemoryService.entities)
    entity = delegate("memory", MemoryService.entity)
    facts = delegate("memory", MemoryService.facts)
    labels = delegate("memory", MemoryService.labels)
    ask = delegate("memory", MemoryService.ask)
    forget_fact = delegate("memory", MemoryService.forget_fact)
    restore_fact = delegate("memory", MemoryService.restore_fact)
    set_fact = delegate("memory", MemoryService.set_fact)
    merge_entities = delegate("memory", MemoryService.merge_entities)
    rename_entity = delegate("memory", MemoryService.rename_entity)

    status = delegate("upkeep", UpkeepService.status)
    doctor = delegate("upkeep", UpkeepService.doctor)
    embed_pending = delegate("upkeep", UpkeepService.embed_pending)
    pending_embeddings = delegate("upkeep", UpkeepService.pending_embeddings)
    reindex = delegate("upkeep", UpkeepService.reindex)
    import_path = delegate("upkeep", UpkeepService.import_path)
    export_jsonl = delegate("upkeep", UpkeepService.export_jsonl)
    export_to_new_file = delegate("upkeep", UpkeepService.export_to_new_file)
    export_markdown = delegate("upkeep", UpkeepService.export_markdown)

    vault_folder = delegate("vault", VaultService.folder)
    link_vault = delegate("vault", VaultService.link)
    unlink_vault = delegate("vault", VaultService.unlink)
    sync_vault = delegate("vault", VaultService.sync)
    vault_status = delegate("vault", VaultService.status)
    watch_vault = delegate("vault", VaultService.watch)
    vault_problems = delegate("vault", VaultService.problems)
