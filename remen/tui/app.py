"""RemenApp: wiring of the search screen, the service and the background work."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterable
from pathlib import Path

from textual import work
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Input, Label

from remen.errors import RemenError
from remen.models import SearchResult
from remen.service import Remen
from remen.tui.messages import SearchFinished, StatusChanged
from remen.tui.screens import EditorScreen, HelpScreen, NoteListScreen, TagsScreen
from remen.tui.widgets import Interpretation, ResultItem, ResultsList, StatusBar

SEARCH_DEBOUNCE_SECONDS = 0.06
STATUS_POLL_SECONDS = 2.0
RECENT_LIMIT = 50


class RemenApp(App[None]):
    """Search-as-you-type over your notes, with an editor and background indexing."""

    CSS_PATH = "remen.tcss"
    TITLE = "Remen"
    # Below 70 columns the editor drops its sidebar.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (70, "-wide")]
    BINDINGS = [
        Binding("ctrl+n", "new_note", "New"),
        Binding("ctrl+d", "trash", "Trash"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+r", "archive", "Archive"),
        Binding("f1", "help", "Help"),
        Binding("f2", "tags", "Tags"),
        Binding("f3", "archive_view", "Archived"),
        Binding("f4", "trash_view", "Trash view"),
        Binding("escape", "clear", "Clear", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding("up", "cursor(-1)", show=False),
    ]

    def __init__(self, db: str | Path | None = None, service: Remen | None = None) -> None:
        """Open ``db`` in the background, or use an already open ``service`` (tests)."""
        super().__init__()
        self.db = db
        self.service = service
        self.seq = 0
        self.last_result: SearchResult | None = None
        self.last_status = None
        self.last_search_ms: float | None = None
        self.undo_ids: list[str] = []
        self.stop = threading.Event()

    def compose(self) -> ComposeResult:
        yield Input(placeholder="Search, or type a title and press Enter to write a note…", id="search")
        yield Interpretation(id="interpretation")
        yield ResultsList(id="results")
        yield Label("", id="empty")
        yield StatusBar(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(StatusBar).show(None, None)
        self.query_one(Interpretation).show_query(None, None, 0)
        self.start()

    # --- start-up and background work ---------------------------------------------------

    @work(group="start", exit_on_error=False)
    async def start(self) -> None:
        """Open the database, show recent notes, then load the model and index what is pending."""
        if self.service is None:
            try:
                self.service = await asyncio.to_thread(Remen.open, self.db)
            except RemenError as exc:
                self.query_one("#empty", Label).update(f"Cannot open the database:\n{exc}")
                self.notify(str(exc), severity="error", timeout=30)
                return
        self.service.search_waits_for_model = False
        self.run_search(self.query_one("#search", Input).value)
        self.refresh_status()
        await asyncio.to_thread(self.service.warm_search)
        status = self.service.model_status
        if not status.ok:
            self.notify(f"{status.message}. Using a simpler fallback: search by meaning is degraded.",
                        severity="warning", timeout=10)
        self.refresh_status()
        self.run_search(self.query_one("#search", Input).value)
        self.set_interval(STATUS_POLL_SECONDS, self.refresh_status)
        await asyncio.to_thread(self.service.embed_pending, None, self.stop)
        self.refresh_status()

    @work(exclusive=True, group="status", exit_on_error=False)
    async def refresh_status(self) -> None:
        """Read counts and pending work in a thread; the status bar shows them."""
        if self.service is None:
            return
        status = await asyncio.to_thread(self.service.status)
        self.post_message(StatusChanged(status))

    def on_status_changed(self, message: StatusChanged) -> None:
        self.last_status = message.status
        self.query_one(StatusBar).show(message.status, self.last_search_ms)

    def on_unmount(self) -> None:
        self.stop.set()

    # --- search ---------------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "search":
            self.run_search(event.value)

    def run_search(self, text: str) -> None:
        """Start a debounced search; only the newest one is applied."""
        self.seq += 1
        self.search_worker(text, self.seq)

    @work(exclusive=True, group="search", exit_on_error=False)
    async def search_worker(self, text: str, seq: int) -> None:
        await asyncio.sleep(SEARCH_DEBOUNCE_SECONDS)
        service = self.service
        if service is None:
            return
        if not text.strip():
            notes = await asyncio.to_thread(service.list_notes, None, False, False, RECENT_LIMIT)
            if seq == self.seq:
                await self.show_items([ResultItem.from_note(n) for n in notes], None)
            return
        try:
            result = await asyncio.to_thread(service.search, text)
        except RemenError as exc:
            self.notify(str(exc), severity="error")
            return
        self.post_message(SearchFinished(seq, result))

    async def on_search_finished(self, message: SearchFinished) -> None:
        if message.seq != self.seq:
            return
        result = message.result
        self.last_search_ms = result.timings_ms.get("total")
        words = (*result.query.phrases, *result.query.terms)
        await self.show_items([ResultItem.from_hit(h, words) for h in result.results], result)
        self.query_one(StatusBar).show(self.last_status, self.last_search_ms)

    async def show_items(self, items: list[ResultItem], result: SearchResult | None) -> None:
        """Replace the result list."""
        self.last_result = result
        results = self.query_one(ResultsList)
        await results.clear()
        await results.extend(items)
        if items:
            results.index = 0
        self.query_one(Interpretation).show_query(result.query if result else None,
                                                  result.relaxation if result else None, len(items))
        empty = self.query_one("#empty", Label)
        if items:
            empty.update("")
        elif result is None:
            empty.update("No notes yet. Type a title and press Enter (or Ctrl+N) to write your first note.")
        else:
            empty.update("No matching notes. Press Enter to create one from what you typed.")

    def action_cursor(self, step: int) -> None:
        results = self.query_one(ResultsList)
        if len(results.children):
            results.index = max(0, min(len(results.children) - 1, (results.index or 0) + step))

    def selected(self) -> ResultItem | None:
        item = self.query_one(ResultsList).highlighted_child
        return item if isinstance(item, ResultItem) else None

    def action_clear(self) -> None:
        self.query_one("#search", Input).value = ""

    # --- opening and creating -------------------------------------------------------------

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "search":
            return
        item = self.selected()
        if item is None:
            await self.action_new_note()
        else:
            await self.open_note(item.note_id)

    async def on_list_view_selected(self, event: ResultsList.Selected) -> None:
        if isinstance(event.item, ResultItem):
            await self.open_note(event.item.note_id)

    async def open_note(self, note_id: str) -> None:
        """Open a note in the editor."""
        if self.service is None:
            return
        try:
            note = await asyncio.to_thread(self.service.get, note_id)
        except RemenError as exc:
            self.notify(str(exc), severity="error")
            return
        self.push_screen(EditorScreen(self.service, note), callback=self.after_editor)

    async def action_new_note(self) -> None:
        if self.service is None:
            return
        typed = self.query_one("#search", Input).value.strip()
        initial = f"# {typed}\n\n" if typed else ""
        self.push_screen(EditorScreen(self.service, None, initial), callback=self.after_editor)

    def after_editor(self, _: None) -> None:
        self.query_one("#search", Input).focus()
        self.run_search(self.query_one("#search", Input).value)
        self.refresh_status()

    # --- trash, archive, undo -------------------------------------------------------------

    async def trash_note(self, note_id: str) -> None:
        """Move a note to the trash and offer undo."""
        assert self.service is not None
        note = await asyncio.to_thread(self.service.delete, note_id)
        self.undo_ids.append(note.id)
        self.notify(f"Moved to trash: {note.title} — Ctrl+Z to undo", timeout=8)
        self.run_search(self.query_one("#search", Input).value)
        self.refresh_status()

    async def action_trash(self) -> None:
        item = self.selected()
        if item is not None:
            await self.trash_note(item.note_id)

    async def action_undo(self) -> None:
        if not self.undo_ids or self.service is None:
            self.notify("Nothing to undo.")
            return
        note = await asyncio.to_thread(self.service.restore, self.undo_ids.pop())
        self.notify(f"Restored: {note.title}")
        self.run_search(self.query_one("#search", Input).value)
        self.refresh_status()

    async def action_archive(self) -> None:
        item = self.selected()
        if item is None or self.service is None:
            return
        note = await asyncio.to_thread(self.service.archive, item.note_id)
        self.notify(f"Archived: {note.title} (F3 shows the archive)")
        self.run_search(self.query_one("#search", Input).value)
        self.refresh_status()

    def action_trash_view(self) -> None:
        if self.service is not None:
            self.push_screen(NoteListScreen(self.service, "trash"), callback=self.after_editor)

    def action_archive_view(self) -> None:
        if self.service is not None:
            self.push_screen(NoteListScreen(self.service, "archive"), callback=self.after_editor)

    async def action_tags(self) -> None:
        if self.service is None:
            return
        tags = await asyncio.to_thread(self.service.tags)
        self.push_screen(TagsScreen(tags), callback=self.filter_by_tag)

    def filter_by_tag(self, tag: str | None) -> None:
        search = self.query_one("#search", Input)
        if tag:
            search.value = f"#{tag} " + " ".join(w for w in search.value.split() if not w.startswith("#"))
        search.focus()

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    # --- palette and quitting -------------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New note", "Write a new note", self.action_new_note)
        yield SystemCommand("Tags", "Filter the search by a tag", self.action_tags)
        yield SystemCommand("Archive", "Show archived notes", self.action_archive_view)
        yield SystemCommand("Trash", "Show the trash and restore notes", self.action_trash_view)
        yield SystemCommand("Undo delete", "Restore the last note moved to the trash", self.action_undo)
        yield SystemCommand("Help", "Keys and how Remen works", self.action_help)

    async def action_quit(self) -> None:
        """Save every open editor first; quit only if nothing would be lost."""
        for screen in self.screen_stack:
            if isinstance(screen, EditorScreen) and not await screen.save():
                self.notify("Not quitting: a note could not be saved. Copy your text or fix the problem.",
                            severity="error", timeout=10)
                return
        self.stop.set()
        self.exit()


def run_app(db: str | Path | None = None) -> None:
    """Start the terminal UI."""
    RemenApp(db).run()
