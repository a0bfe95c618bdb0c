"""RemenApp: opens the database and the model in the background and wires the screens."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.worker import Worker

from remen.core.errors import DatabaseCorruptError, RemenError
from remen.core.logs import log_path, setup_logging
from remen.core.wording import plural
from remen.service import Remen
from remen.tui.dialogs import HelpScreen
from remen.tui.messages import (
    NotePutAway,
    StatusChanged,
    StatusStale,
    VaultChanged,
    WorkerFailed,
    forward_failure,
)
from remen.tui.screens import EditorScreen
from remen.tui.search_screen import SearchScreen

STATUS_POLL_SECONDS = 2.0

log = logging.getLogger(__name__)


class RemenApp(App[None]):
    """Search-as-you-type over your notes, with an editor and background indexing."""

    CSS_PATH = "remen.tcss"
    TITLE = "Remen"
    # Below 70 columns the editor drops its sidebar.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (70, "-wide")]
    BINDINGS = [Binding("f1", "help", "Help")]
    # How often the status bar re-reads counts (notes saved by other processes show up); tests
    # shorten it instead of sleeping past it.
    status_poll_seconds = STATUS_POLL_SECONDS

    def __init__(self, db: str | Path | None = None, service: Remen | None = None) -> None:
        """Open ``db`` in the background, or use an already open ``service`` (tests)."""
        super().__init__()
        self.db = db
        self.service = service
        self.search_screen = SearchScreen()
        self.stop = threading.Event()
        # The last model server problem shown, so a server that stays down is reported once.
        self.llm_warning: str | None = None
        self.problems_shown: set[str] = set()
        self.stop_watching: Callable[[], None] | None = None

    async def on_mount(self) -> None:
        # The screen must be mounted before the start-up worker touches its widgets.
        await self.push_screen(self.search_screen)
        self.start()

    @work(group="start", exit_on_error=False)
    async def start(self) -> None:
        """Open the database, list notes, then load the model and index what is pending."""
        if self.service is None:
            try:
                self.service = await asyncio.to_thread(Remen.open, self.db)
            except Exception as exc:  # noqa: BLE001 - whatever went wrong is shown, never an endless "opening…"
                message = str(exc) if isinstance(exc, RemenError) else f"{type(exc).__name__}: {exc}"
                self.search_screen.show_problem(f"Cannot open the database:\n{message}")
                self.notify(message, severity="error", timeout=30)
                return
        self.service.search_waits_for_model = False
        for notice in self.service.notices:
            self.notify(notice, severity="warning", timeout=15)
        self.search_screen.service = self.service
        self.search_screen.run_search()
        again = await asyncio.to_thread(self.service.queue_older_readings)
        if again:
            self.notify(
                f"Remen reads notes differently since its upgrade: {plural(again, 'note')} will be read"
                " again for facts, in the background.",
                timeout=10,
            )
        self.refresh_status()
        await asyncio.to_thread(self.service.warm_search)
        status = self.service.model_status
        if not status.ok:
            self.notify(
                f"{status.message}. Using a simpler fallback: search by meaning is degraded.",
                severity="warning",
                timeout=10,
            )
        self.refresh_status()
        self.search_screen.run_search()
        self.set_interval(self.status_poll_seconds, self.refresh_status)
        self.index_pending()
        await self.watch_vault()

    async def watch_vault(self) -> None:
        """Keep the notes in step with a linked folder while the app runs (a no-op without one)."""
        if self.service is None or self.stop.is_set():
            return
        self.stop_watching = await asyncio.to_thread(
            self.service.watch_vault,
            lambda done: self.post_message(VaultChanged(done)),
            lambda exc: self.post_message(VaultChanged(error=exc)),
        )

    def on_vault_changed(self, message: VaultChanged) -> None:
        """Changes read from the linked folder: the list shows them, new text gets embedded; a
        failure is said."""
        if message.error is not None:
            self.vault_failed(message.error)
        if message.done is None:
            return
        self.search_screen.run_search()
        self.refresh_status()
        for error in message.done.errors:
            self.vault_failed(RemenError(error))

    def vault_failed(self, exc: Exception) -> None:
        """A sync of the linked folder failed: said once per distinct problem."""
        message = f"Linked folder: {exc}"
        if message not in self.problems_shown:
            self.problems_shown.add(message)
            self.notify(message, severity="warning", timeout=15)

    @work(exclusive=True, group="index", exit_on_error=False, thread=True)
    def index_pending(self) -> None:
        """Embed notes that lack vectors (imported elsewhere, saved before the model was ready), in
        a thread of its own at low priority so typing stays fast."""
        if self.service is None:
            return
        self.service.embed_pending(None, self.stop, background=True)
        self.call_from_thread(self.refresh_status)

    @work(exclusive=True, group="extract", exit_on_error=False, thread=True)
    def extract_pending(self) -> None:
        """Read new notes into the knowledge graph, in a low-priority thread of its own; a note that
        fails is retried later and shown through the central failure handler (its error is logged)."""
        if self.service is None:
            return
        run = self.service.extract_pending(None, self.stop, background=True)
        if run.llm_error and run.llm_error != self.llm_warning:
            self.llm_warning = run.llm_error
            self.call_from_thread(
                self.notify,
                f"Model server: {run.llm_error.rstrip('.')}. The built-in extractor's facts stay; Remen retries later.",
                severity="warning",
                timeout=10,
            )
        if run.done or run.refined:
            # A question typed while its note was being read gets its answer now.
            self.call_from_thread(self.search_screen.refresh_answer)
        if run.failed:
            raise RuntimeError(f"{plural(run.failed, 'note')} could not be read for facts: {run.errors[-1]}")
        self.call_from_thread(self.refresh_status)

    @work(exclusive=True, group="status", exit_on_error=False)
    async def refresh_status(self) -> None:
        """Read counts and pending work in a thread; the status bar shows them."""
        if self.service is None:
            return
        status = await asyncio.to_thread(self.service.status)
        self.post_message(StatusChanged(status))

    def on_status_changed(self, message: StatusChanged) -> None:
        self.search_screen.show_status(message.status)
        for problem in message.status.vault_problems:
            self.vault_failed(RemenError(problem))
        indexing = any(w.group == "index" and not w.is_finished for w in self.workers)
        if message.status.model_ready and message.status.pending_embeddings and not indexing:
            self.index_pending()
        extracting = any(w.group == "extract" and not w.is_finished for w in self.workers)
        work = message.status.pending_extractions or message.status.pending_llm
        if message.status.model_ready and work and not extracting and not indexing:
            self.extract_pending()

    def on_status_stale(self, _: StatusStale) -> None:
        self.refresh_status()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        forward_failure(self, event)

    def on_worker_failed(self, message: WorkerFailed) -> None:
        """Every failed background task is logged, counted in the status bar and shown once."""
        error = message.error
        log.error("background task %r failed", message.task, exc_info=(type(error), error, error.__traceback__))
        text = str(error) if isinstance(error, RemenError) else f"{type(error).__name__}: {error}"
        if isinstance(error, DatabaseCorruptError):
            self.search_screen.show_problem(text)
        self.search_screen.add_problem()
        # One cause often fails several tasks (a damaged page): say each distinct problem once.
        if text not in self.problems_shown:
            self.problems_shown.add(text)
            self.notify(f"{message.task} failed: {text}\nDetails in {log_path()}", severity="error", timeout=15)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        main = self.search_screen
        yield SystemCommand("New note", "Write a new note", main.action_new_note)
        yield SystemCommand("Append to note", "Open the selected note with the cursor at its end", main.action_append)
        yield SystemCommand("Tags", "Filter the search by a tag", main.action_tags)
        yield SystemCommand("Archive", "Show archived notes", main.action_archive_view)
        yield SystemCommand("Trash", "Show the trash and restore notes", main.action_trash_view)
        yield SystemCommand("Undo", "Bring back the last note trashed or archived", main.action_undo)
        yield SystemCommand(
            "Empty trash", "Delete the notes in the trash for good (asks first)", main.action_empty_trash
        )
        yield SystemCommand(
            "Export notes", "Write every note to a JSON Lines file in your home folder", self.action_export
        )
        yield SystemCommand("Sort", "Order by best match, last edit, date written or title (F7)", main.action_sort)
        yield SystemCommand("Save search", "Pin the search typed under a name (Ctrl+S)", main.action_save_search)
        for saved in self.service.saved_searches() if self.service is not None else []:
            yield SystemCommand(f"Search: {saved.name}", saved.query, partial(main.run_saved, saved.query))
            yield SystemCommand(
                f"Forget saved search: {saved.name}",
                "Remove it from this list (Ctrl+Z undoes)",
                partial(main.drop_saved, saved.name),
            )
        yield SystemCommand("Help", "Keys and how Remen works", self.action_help)
        yield SystemCommand("Change theme", "Pick the colours of the app", self.action_change_theme)
        yield SystemCommand("Quit", "Save open notes and quit", self.action_quit)

    @work(group="export", exit_on_error=False)
    async def action_export(self) -> None:
        """Export every note to a new file in the home folder and say where."""
        if self.service is None:
            return
        path, count = await asyncio.to_thread(self.service.export_to_new_file, Path.home())
        self.notify(f"Exported {plural(count, 'note')} to {path}", timeout=10)

    def on_note_put_away(self, message: NotePutAway) -> None:
        """An editor trashed or archived its note: the search screen offers the undo."""
        self.search_screen.offer_undo(message.note, message.place)

    async def action_quit(self) -> None:
        """Save every open editor first; quit only if nothing would be lost."""
        for screen in self.screen_stack:
            if isinstance(screen, EditorScreen) and not await screen.save():
                self.notify(
                    "Not quitting: a note could not be saved. Copy your text or fix the problem.",
                    severity="error",
                    timeout=10,
                )
                return
        self.stop.set()
        self.exit()

    def on_unmount(self) -> None:
        self.stop.set()
        if self.stop_watching is not None:
            self.stop_watching()


def run_app(db: str | Path | None = None) -> None:
    """Start the terminal UI."""
    setup_logging()
    RemenApp(db).run()
