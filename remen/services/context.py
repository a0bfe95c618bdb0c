"""What the services of one open database share: the store, the clock, the models, and the
writer, indexer, search engine and graph readers built on them."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import numpy as np

from remen.ask.asker import Asker
from remen.core.config import Settings, date_order, llm_settings
from remen.core.constants import MODEL_NAMESPACE
from remen.core.timeutil import as_local, from_epoch
from remen.embed import Embedder, ModelStatus, OnnxMiniLM, load_embedder, real_model
from remen.memory.builtin import BuiltinExtractor
from remen.memory.extractor import Extractor
from remen.memory.parallel import ProcessExtractor
from remen.memory.reader import MemoryReader
from remen.memory.worker import MemoryWorker
from remen.notes.indexing import Indexer
from remen.notes.writer import NoteWriter
from remen.search.engine import SearchEngine
from remen.store import Store
from remen.store import notes as note_store
from remen.store.notes import StoredNote


class Models:
    """The embedder (loaded on first use), its one-thread twin for background work, the extractor
    of the graph, and the background reader process."""

    def __init__(self, settings: Settings, embedder: Embedder | None) -> None:
        """Use ``embedder`` when given; otherwise the model in ``settings.model_dir`` on first use."""
        self.settings = settings
        self._embedder = embedder
        self.status: ModelStatus | None = ModelStatus(True, embedder.description) if embedder else None
        self._lock = threading.Lock()
        self._background: Embedder | None = None
        self._extractor: Extractor | None = None
        self._extractor_lock = threading.Lock()
        self._pool: ProcessExtractor | None = None
        # The CLI waits for the model on its first search; the TUI sets this False so typing never
        # waits on it and keyword results come first.
        self.search_waits = True

    @property
    def embedder(self) -> Embedder:
        """The embedder, loading the model on first use (about 0.3-0.7 s)."""
        with self._lock:
            if self._embedder is None:
                self._embedder, self.status = load_embedder(self.settings.model_dir)
            return self._embedder

    @property
    def loaded(self) -> Embedder | None:
        """The embedder if it is ready, without waiting for it."""
        return self._embedder

    @property
    def background_embedder(self) -> Embedder:
        """The model on one compute thread for bulk work in the background (the hashed fallback is
        shared as it is)."""
        embedder = self.embedder
        with self._lock:
            if self._background is None or self._background.namespace != embedder.namespace:
                self._background = embedder.single_threaded() if isinstance(embedder, OnnxMiniLM) else embedder
            return self._background

    def search_embedder(self) -> Embedder | None:
        """The embedder a search uses: waited for, or only if loaded (see ``search_waits``)."""
        return self.embedder if self.search_waits else self._embedder

    def namespace(self) -> str:
        """The vector namespace of the embedder in use (the model's while it loads)."""
        return self._embedder.namespace if self._embedder else MODEL_NAMESPACE

    def memory_vector(self, text: str) -> np.ndarray | None:
        """The real model's vector of ``text`` for the graph's vectors (None with the fallback)."""
        embedder = real_model(self.search_embedder())
        if embedder is None:
            return None
        return embedder.embed_query(text)

    @property
    def extractor(self) -> Extractor:
        """The extractor of the knowledge graph (the built-in offline one), loaded on first use."""
        with self._extractor_lock:
            if self._extractor is None:
                self._extractor = BuiltinExtractor(embedder=self.background_embedder)
            return self._extractor

    def model_dir_for_memory(self) -> Path | None:
        """The model folder for reader processes, when the real model is the one in use."""
        return self.settings.model_dir if self.background_embedder.namespace == MODEL_NAMESPACE else None

    def background_reader(self) -> ProcessExtractor:
        """One low-priority process that reads notes for the app, started once and kept: spaCy in
        a thread of the app would hold the GIL the search thread needs."""
        with self._extractor_lock:
            if self._pool is None:
                self._pool = ProcessExtractor(1, self.model_dir_for_memory(), background=True)
            return self._pool

    def close(self) -> None:
        """End the background reader process, if one was started, without waiting for a batch it
        may still be reading: its run was stopped first and put that batch's notes back."""
        if self._pool is not None:
            self._pool.abandon()


class Context:
    """One open database and everything built on it, shared by the services."""

    def __init__(self, store: Store, settings: Settings, embedder: Embedder | None, clock: Callable[[], float]) -> None:
        """Wire the writer, indexer, search engine and graph readers to ``store``."""
        self.store = store
        self.settings = settings
        self.clock = clock
        self.models = Models(settings, embedder)
        self.writer = NoteWriter(store, clock)
        self.indexer = Indexer(store, lambda: self.models.embedder, clock, lambda: self.models.background_embedder)
        self.engine = SearchEngine(store, self.models.search_embedder, date_order())
        self.memory = MemoryReader(store)
        self.memory_worker = MemoryWorker(
            store, lambda: self.models.extractor, lambda: self.models.background_embedder, clock, llm_settings
        )
        # The asker's note search is the engine's: the answer carries the route already.
        self.asker = Asker(store, self.memory, self.engine.search, self.models.memory_vector, self.engine.date_order)

    def moment(self, now: datetime | None) -> datetime:
        """The time a question or query is asked at: ``now`` (naive means local time), or the clock."""
        return from_epoch(self.clock()) if now is None else as_local(now)

    def resolve(self, note_id: str) -> StoredNote:
        """A stored note by id or unique id prefix."""
        with self.store.read() as conn:
            return note_store.resolve(conn, note_id)

    def close(self) -> None:
        """Stop background processes and close the database."""
        self.models.close()
        self.store.close()
