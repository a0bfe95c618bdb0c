"""The knowledge graph and questions: reading notes into it, what it holds, answers from it."""

from __future__ import annotations

import os
import threading
from datetime import datetime

from remen.core.answers import Answer
from remen.core.config import llm_settings
from remen.core.constants import (
    EXTRACT_BULK_STEP,
    EXTRACT_PARALLEL_MIN_NOTES,
    LISTING_LIMIT,
    LLM_HEALTH_TIMEOUT_SECONDS,
)
from remen.core.errors import ConfigError
from remen.core.knowledge import Aspect, EntityDetail, EntitySummary, EntityType, ExtractionRun, Fact, LabelCount
from remen.core.models import SearchResult
from remen.core.progress import ProgressCallback
from remen.memory.builtin import BuiltinExtractor
from remen.memory.corrections import Corrector
from remen.memory.llm.client import LLMClient, LLMHealth
from remen.memory.llm.extractor import LLMExtractor
from remen.memory.parallel import ProcessExtractor
from remen.services.context import Context


class MemoryService:
    """Extraction runs, the model server's queue, graph listings and ask."""

    def __init__(self, context: Context) -> None:
        """Serve the graph of ``context``'s database."""
        self.context = context
        self.worker = context.memory_worker
        self.reader = context.memory
        self.corrector = Corrector(context.store)
        # Notes an older version of the built-in reader read are queued once per process: after an
        # upgrade the whole graph follows the new rules.
        self.older_readings_queued = False

    def pending_extractions(self) -> int:
        """Notes whose facts are still to extract."""
        return self.worker.pending()

    def extract_pending(
        self,
        on_progress: ProgressCallback | None = None,
        stop: threading.Event | None = None,
        background: bool = False,
        refine: bool = True,
    ) -> ExtractionRun:
        """Extract every pending note into the knowledge graph (jobs a killed run left are retried,
        notes an older version of the reader read are read again), then, with ``refine`` and a
        model server configured, read the notes queued for it. A large foreground run reads notes
        in one process per core; ``background`` stays on one low-priority thread."""
        self.worker.requeue_interrupted()
        self.queue_older_readings()
        models = self.context.models
        if background:
            return self.worker.run(on_progress, stop, background, extractor=models.background_reader(), refine=refine)
        cores = os.cpu_count() or 1
        if cores < 2 or self.pending_extractions() < EXTRACT_PARALLEL_MIN_NOTES:
            return self.worker.run(on_progress, stop, refine=refine)
        pool = ProcessExtractor(cores, models.model_dir_for_memory())
        try:
            run = self.worker.run(on_progress, stop, extractor=pool, step_size=EXTRACT_BULK_STEP, refine=refine)
        except BaseException:
            pool.abandon()
            raise
        pool.close()
        return run

    def queue_older_readings(self) -> int:
        """Queue every note an older version of the built-in reader read (Remen was upgraded and
        reads notes differently now), once per process; how many. The first extraction run does
        it, and the app as it opens, to tell the user."""
        if self.older_readings_queued:
            return 0
        self.older_readings_queued = True
        return self.worker.queue_older_readings(BuiltinExtractor.name, BuiltinExtractor.version)

    def queue_for_llm(self) -> tuple[int, str]:
        """Queue every note the configured model has not read as it is now (`remen worker --llm`):
        how many, and which server. A ConfigError when no model server is configured."""
        settings = llm_settings()
        if settings is None:
            raise ConfigError(
                "No model server is configured: `remen config set llm.url http://127.0.0.1:11434 llm.model qwen2.5:3b`."
            )
        return self.worker.queue_for_model(LLMExtractor(settings)), settings.described

    def drop_llm_queue(self) -> int:
        """Forget the notes queued for the model server when none is configured any more (after
        `remen config unset llm.url`); how many. With a server configured, nothing is dropped."""
        try:
            if llm_settings() is not None:
                return 0
        except ConfigError:
            return 0  # half set: kept until the settings are whole again (or both removed)
        return self.worker.drop_model_queue()

    def llm_health(self) -> LLMHealth | None:
        """A live check of the configured model server (None when there is none), over within the
        configured timeout (and never longer than LLM_HEALTH_TIMEOUT_SECONDS)."""
        settings = llm_settings()
        if settings is None:
            return None
        return LLMClient(settings).check(min(settings.timeout, LLM_HEALTH_TIMEOUT_SECONDS))

    def entities(self, kind: EntityType | None = None, limit: int | None = LISTING_LIMIT) -> list[EntitySummary]:
        """People, places, tools… the notes mention, most mentioned first (the first ``limit``;
        None: all)."""
        return self.reader.entities(kind, limit)

    def entity(self, name: str) -> EntityDetail:
        """One entity by any of its names: aliases, attributes, facts with history, notes."""
        return self.reader.entity(name)

    def facts(
        self,
        entity: str | None = None,
        aspect: Aspect | None = None,
        history: bool = False,
        limit: int | None = LISTING_LIMIT,
    ) -> list[Fact]:
        """Current facts (all, with ``history``), optionally about one entity or of one aspect
        (the newest ``limit``; None: all)."""
        return self.reader.facts(entity, aspect, history, limit)

    # --- corrections ----------------------------------------------------------------------------

    def forget_fact(self, fact_id: int) -> Fact:
        """Remove a wrong fact; reading its notes again does not bring it back (undo:
        restore_fact). Returns the fact as it was."""
        found = self.reader.statements(sids=[fact_id])
        self.corrector.forget(fact_id, self.context.clock())  # says so when there is no such fact
        return found[0]

    def restore_fact(self, fact_id: int) -> int:
        """Undo forget_fact: the notes that stated the fact are read again now; how many."""
        queued = self.corrector.restore(fact_id, self.context.clock())
        self.worker.run()
        return queued

    def set_fact(self, entity: str, attribute: str, value: str) -> Fact:
        """State ``entity``'s ``attribute`` in the user's own word ("me", "manager", "Priya"): it
        holds from now and outranks what notes say; a one-at-a-time attribute's earlier value ends."""
        sid = self.corrector.set(entity, attribute, value, self.context.clock())
        return self.reader.statements(sids=[sid])[0]

    def merge_entities(self, kept: str, gone: str) -> EntityDetail:
        """``gone`` is the same as ``kept``: one entity from now on, under ``kept``'s name."""
        self.corrector.merge(kept, gone)
        return self.reader.entity(kept)

    def rename_entity(self, name: str, new_name: str) -> EntityDetail:
        """Call entity ``name`` ``new_name`` from now on (the old name still finds it)."""
        self.corrector.rename(name, new_name)
        return self.reader.entity(new_name)

    def counts(self) -> dict[str, int]:
        """Sizes of the graph and what is left to extract."""
        return self.reader.counts()

    def labels(self) -> list[LabelCount]:
        """Topic labels of the notes, commonest first."""
        return self.reader.labels()

    def ask(
        self, question: str, now: datetime | None = None, with_notes: bool = True, found: SearchResult | None = None
    ) -> Answer:
        """Answer a question from the knowledge graph and the sentences of the notes its search
        finds (route, answers with their notes), with the note search alongside unless
        ``with_notes`` is False; ``found`` is that search when the caller already ran it. Says so
        when the notes do not have the answer."""
        return self.context.asker.ask(question, self.context.moment(now), with_notes, found)
