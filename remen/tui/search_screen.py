"""The main screen: one input that searches as you type, the results, and the status bar."""

from __future__ import annotations

import asyncio
from typing import Literal

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Input, Label
from textual.worker import Worker

from remen.core.errors import RemenError
from remen.core.knowledge import USER_NAME, Fact
from remen.core.models import AppStatus, Note, SearchResult
from remen.core.timeutil import from_epoch, local_now
from remen.service import Remen
from remen.tui.dialogs import TagsScreen, ValueScreen
from remen.tui.messages import NotesListed, PutAway, SearchFinished, StatusStale, forward_failure
from remen.tui.screens import EditorScreen, NoteListScreen
from remen.tui.widgets import AnswerCard, Interpretation, ResultItem, ResultsList, StatusBar

SEARCH_DEBOUNCE_SECONDS = 0.06
RECENT_LIMIT = 50


class SearchScreen(Screen[None]):
    """Search-as-you-type; Enter opens or creates; trash with undo; tags, archive and trash views."""

    # The pause after a keystroke before searching (typing on skips stale searches); tests shorten it.
    debounce_seconds = SEARCH_DEBOUNCE_SECONDS

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        forward_failure(self, event)

    BINDINGS = [
        Binding("ctrl+n", "new_note", "New"),
        Binding("f5", "append", "Append"),
        # A priority binding, not Input.Submitted: that message arrives after the keys typed just
        # after Enter, which would land in the search box instead of the note being opened.
        Binding("enter", "submit", "Open / new", show=False, priority=True),
        Binding("f8", "trash", "Trash"),
        Binding("ctrl+r", "archive", "Archive"),
        Binding("f2", "tags", "Tags"),
        # Kept off the footer so it fits 80 columns: F1 lists them, and a trash or an archive
        # says "Ctrl+Z to undo".
        Binding("ctrl+z", "undo", "Undo", show=False),
        Binding("f3", "archive_view", "Archived", show=False),
        Binding("f4", "trash_view", "Trash view", show=False),
        Binding("f7", "sort", "Sort", show=False),
        Binding("ctrl+o", "open_answer", "Answer's note", show=False),
        Binding("f6", "fix_fact", "Correct fact", show=False),
        Binding("ctrl+t", "rename", "Rename", show=False),
        Binding("ctrl+s", "save_search", "Save search", show=False),
        Binding("escape", "clear", "Clear", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding("up", "cursor(-1)", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.seq = 0
        self.status: AppStatus | None = None
        self.search_ms: float | None = None
        # What Ctrl+Z can undo, newest last: the kind; the note, fact or saved search; and a
        # renamed note's title or a forgotten search's query.
        self.undo: list[tuple[PutAway | Literal["fact", "rename", "search"], str, str]] = []
        self.problems = 0
        # The list's order: "best" is the search's (recent notes: last edited first).
        self.sort: SortOrder = "best"
        # Whether the user moved to a result with the arrow keys since the query last changed: only
        # then, or when a result's title is the query, does Enter open a result instead of creating.
        self.moved = False
        # A re-read of the list after the notes changed: the note whose row stays selected, and the
        # search it ran (an answer card the user is in is left alone then).
        self.keep_selected: str | None = None
        self.refresh_seq = -1
        # Set by the app once the database is open.
        self.service: Remen | None = None

    def compose(self) -> ComposeResult:
        yield Input(placeholder="Search, or type a title and press Enter to write a note…", id="search")
        yield Interpretation(id="interpretation")
        yield AnswerCard(id="answer", classes="hidden")
        yield Label("", id="empty", classes="hidden")
        yield ResultsList(id="results")
        yield StatusBar(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#search", Input).focus()

    @property
    def typed(self) -> str:
        return self.query_one("#search", Input).value

    def show_status(self, status: AppStatus) -> None:
        """New counts and model state from the app; when the notes changed (in this process or in
        another: `remen add` in a second shell), the list is read again."""
        changed = self.status is not None and self.status.notes_state != status.notes_state
        self.status = status
        if changed:
            self.refresh_results()
        # A poll can answer while the app is closing and the bar is already gone.
        for bar in self.query(StatusBar):
            bar.show(status, self.search_ms, self.problems)

    def add_problem(self) -> None:
        """One more background failure to mark in the status bar (the app logged and showed it)."""
        self.problems += 1
        for bar in self.query(StatusBar):
            if self.status is not None:
                bar.show(self.status, self.search_ms, self.problems)
            else:
                bar.show_problems(self.problems)

    def show_problem(self, text: str) -> None:
        """A problem that leaves nothing to search (the database could not be opened)."""
        empty = self.query_one("#empty", Label)
        empty.update(text)
        empty.remove_class("hidden")
        self.query_one(StatusBar).update("✗ no database")

    # --- search ---------------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "search":
            # The hits on screen are for what was typed before: none of them is Enter's target now.
            self.moved = False
            self.keep_selected = None
            self.query_one(ResultsList).index = None
            self.run_search()

    def run_search(self) -> None:
        """Start a debounced search of what is typed; only the newest one is applied."""
        self.seq += 1
        self.search_worker(self.typed, self.seq)

    def refresh_results(self) -> None:
        """Read the list again for what is typed, keeping the row the user selected (by its note)
        and an answer card they are reading."""
        results = self.query_one(ResultsList)
        item = results.highlighted_child
        self.keep_selected = item.note_id if self.moved and isinstance(item, ResultItem) else None
        self.run_search()
        self.refresh_seq = self.seq

    @work(exclusive=True, group="search", exit_on_error=False)
    async def search_worker(self, text: str, seq: int) -> None:
        await asyncio.sleep(self.debounce_seconds)
        service = self.service
        if service is None:
            return
        if not text.strip():
            notes = await asyncio.to_thread(service.list_notes, None, False, False, RECENT_LIMIT)
            self.post_message(NotesListed(notes, seq))
            return
        try:
            result = await asyncio.to_thread(service.search, text)
            answer = await asyncio.to_thread(service.ask, text, None, False, result)
        except RemenError as exc:
            self.notify(str(exc), severity="error")
            return
        self.post_message(SearchFinished(seq, result, answer))

    def refresh_answer(self) -> None:
        """The knowledge graph changed: answer what is typed again; the hits stay as they are."""
        if self.typed.strip() and not self.query_one(AnswerCard).selected:
            self.answer_worker(self.typed, self.seq)

    @work(exclusive=True, group="answer", exit_on_error=False)
    async def answer_worker(self, text: str, seq: int) -> None:
        if self.service is None:
            return
        answer = await asyncio.to_thread(self.service.ask, text, None, False)
        card = self.query_one(AnswerCard)
        if seq == self.seq and not card.selected:
            card.show_answer(answer)

    async def on_notes_listed(self, message: NotesListed) -> None:
        if message.seq != self.seq:
            return
        self.query_one(AnswerCard).show_answer(None)
        await self.show_items([ResultItem.from_note(n) for n in message.notes], None)

    async def on_search_finished(self, message: SearchFinished) -> None:
        if message.seq != self.seq:
            return
        result = message.result
        self.search_ms = result.timings_ms.get("total")
        words = (*result.query.phrases, *result.query.terms)
        card = self.query_one(AnswerCard)
        if not (message.seq == self.refresh_seq and card.selected):
            card.show_answer(message.answer)
        await self.show_items([ResultItem.from_hit(h, words) for h in result.results], result)
        if self.status is not None:
            self.query_one(StatusBar).show(self.status, self.search_ms, self.problems)

    async def show_items(self, items: list[ResultItem], result: SearchResult | None) -> None:
        """Replace the result list (in the order the user chose) and say what the query meant."""
        items = sorted_items(items, self.sort)
        now = from_epoch(self.service.clock()) if self.service is not None else local_now()
        for item in items:
            item.dated(self.sort == "edited", now)
        results = self.query_one(ResultsList)
        await results.clear()
        await results.extend(items)
        typed = self.typed.strip().lstrip("#").strip().casefold()
        exact = next((i for i, item in enumerate(items) if item.title.casefold() == typed), None)
        # Nothing is selected until the user moves: the first ↓ selects the first row, and F5, F8
        # and Ctrl+R act only on a row the user can see selected.
        kept = next((i for i, item in enumerate(items) if item.note_id == self.keep_selected), None)
        self.keep_selected = None
        results.index = kept
        self.moved = kept is not None
        self.query_one(Interpretation).show_query(
            result.query if result else None,
            result.relaxation if result else None,
            len(items),
            exact is not None,
            SORT_LABELS[self.sort] if self.sort != "best" else None,
        )
        empty = self.query_one("#empty", Label)
        empty.set_class(bool(items), "hidden")
        if result is None:
            empty.update("No notes yet. Type a title and press Enter (or Ctrl+N) to write your first note.")
        else:
            empty.update("No matching notes. Press Enter to create one from what you typed.")

    def action_cursor(self, step: int) -> None:
        results = self.query_one(ResultsList)
        card = self.query_one(AnswerCard)
        if card.selected:
            if step > 0:
                card.select(False)
                results.index = 0 if len(results.children) else None
                self.moved = True
            return
        if step < 0 and not results.index and card.answer is not None:
            card.select(True)  # Up from the first hit (or from none): the answer above it
            results.index = None
            return
        if len(results.children):
            start = -1 if results.index is None else results.index
            results.index = max(0, min(len(results.children) - 1, start + step))
            self.moved = True

    def selected(self) -> ResultItem | None:
        item = self.query_one(ResultsList).highlighted_child
        return item if isinstance(item, ResultItem) else None

    def action_sort(self) -> None:
        """F7: the next order of the list (best match, last edited, newest written, title)."""
        self.sort = SORT_ORDERS[(SORT_ORDERS.index(self.sort) + 1) % len(SORT_ORDERS)]
        self.notify(f"Sorted by {SORT_LABELS[self.sort]}", timeout=2)
        self.run_search()

    def action_clear(self) -> None:
        self.query_one("#search", Input).value = ""

    # --- opening and creating -------------------------------------------------------------

    async def action_submit(self) -> None:
        """nvALT's rule: Enter opens the result the user moved to, or the note titled exactly as
        typed; otherwise it writes a new note titled with the query. A hit found only by meaning
        is never Enter's target.

        Enter is handled here, ahead of the keys still queued for the search box, so that the keys
        typed after it reach the screen it opens; the title is checked again once the search box
        has taken the keys typed before it."""
        item = self.selected()
        typed = self.typed.strip()
        if self.query_one(AnswerCard).selected:
            await self.action_open_answer()
        elif item is not None and (self.moved or not typed):
            await self.open_note(item.note_id)
        elif typed and self.service is not None and (titled := self.service.note_titled(typed)):
            self.visit(EditorScreen(self.service, titled))
        elif self.service is not None and (tags := only_tags(typed)):
            # A query that only filters by tags is no title: the new note gets the tags.
            self.visit(EditorScreen(self.service, None, "", initial_tags=" ".join(tags)))
        elif self.service is not None:
            editor = EditorScreen(self.service, None, f"# {typed}\n\n" if typed else "")
            self.write_new(editor)
            self.query_one("#search", Input).call_later(self.finish_title, editor, typed)

    def finish_title(self, editor: EditorScreen, typed: str) -> None:
        """The search box has taken every key typed before Enter: give the new note the whole title."""
        final = self.typed.strip()
        if final != typed and typed:
            editor.retitle(f"# {typed}", f"# {final}")
        elif final != typed:
            editor.prepend_title(final)

    async def on_list_view_selected(self, event: ResultsList.Selected) -> None:
        """A click on a result opens it."""
        if isinstance(event.item, ResultItem):
            await self.open_note(event.item.note_id)

    async def open_note(self, note_id: str, at_end: bool = False) -> None:
        """Open a note in the editor (at its end with ``at_end``)."""
        if self.service is None:
            return
        try:
            note = await asyncio.to_thread(self.service.get, note_id)
        except RemenError as exc:
            self.notify(str(exc), severity="error")
            return
        self.visit(EditorScreen(self.service, note, at_end=at_end))

    def visit(self, screen: Screen[None]) -> None:
        """Show another screen (an editor, the trash…); the search runs again when it closes."""
        self.app.push_screen(screen, callback=self.refresh_after_change)

    async def action_append(self) -> None:
        """Open the selected note (or the one titled as typed) with the cursor at its end."""
        item = self.selected()
        if item is not None:
            await self.open_note(item.note_id, at_end=True)
            return
        typed = self.typed.strip()
        titled = await asyncio.to_thread(self.service.note_titled, typed) if typed and self.service else None
        if titled is None:
            self.notify("Pick a note first (↓ to a result), then F5 appends to it.")
            return
        await self.open_note(titled.id, at_end=True)

    async def action_open_answer(self) -> None:
        """Open the note the answer above the hits comes from."""
        source = self.query_one(AnswerCard).source
        if source is not None:
            await self.open_note(source)

    async def action_new_note(self) -> None:
        if self.service is None:
            return
        typed = self.typed.strip()
        tags = only_tags(typed)
        initial = f"# {typed}\n\n" if typed and not tags else ""
        editor = EditorScreen(self.service, None, initial, initial_tags=" ".join(tags))
        if tags:
            self.visit(editor)  # a tag filter stays: the new note is one of its notes
        else:
            self.write_new(editor)

    def write_new(self, editor: EditorScreen) -> None:
        """Show the editor of a new note titled with the query; once it is saved, the search box
        starts afresh (it keeps the title when nothing was written)."""

        def back(_: None = None) -> None:
            if editor.note_id is not None:
                self.query_one("#search", Input).value = ""
            self.refresh_after_change()

        self.app.push_screen(editor, callback=back)

    def refresh_after_change(self, _: None = None) -> None:
        """Back from another screen, or after a trash/undo/archive: rerun the search, recount."""
        self.query_one("#search", Input).focus()
        self.run_search()
        self.post_message(StatusStale())

    # --- trash, archive, undo -------------------------------------------------------------

    async def trash_note(self, note_id: str) -> None:
        """Move a note to the trash and offer undo."""
        assert self.service is not None
        self.offer_undo(await asyncio.to_thread(self.service.delete, note_id), "trash")

    def offer_undo(self, note: Note, place: PutAway) -> None:
        """``note`` went to the trash or the archive: Ctrl+Z brings it back."""
        self.undo.append((place, note.id, ""))
        said = "Moved to trash" if place == "trash" else "Archived"
        where = " (F3 shows the archive)" if place == "archive" else ""
        self.notify(f"{said}: {note.title} — Ctrl+Z to undo{where}", timeout=8)
        self.refresh_after_change()

    async def action_trash(self) -> None:
        card = self.query_one(AnswerCard)
        if card.selected:
            await self.forget_fact(card.fact)
            return
        item = self.selected()
        if item is None:
            self.notify("Pick a note first (↓ to a result), then F8 moves it to the trash.")
            return
        await self.trash_note(item.note_id)

    async def action_undo(self) -> None:
        if not self.undo or self.service is None:
            self.notify("Nothing to undo.")
            return
        kind, ref, before = self.undo.pop()
        if kind == "rename":
            note = await asyncio.to_thread(self.service.rename, ref, before)
            self.notify(f"Title back: {note.title}")
        elif kind == "search":
            await asyncio.to_thread(self.service.save_search, ref, before)
            self.notify(f"The saved search “{ref}” is back.")
        elif kind == "fact":
            await asyncio.to_thread(self.service.restore_fact, int(ref))
            self.notify("The forgotten fact is back.")
        elif kind == "archive":
            note = await asyncio.to_thread(self.service.unarchive, ref)
            self.notify(f"Unarchived: {note.title}")
        else:
            note = await asyncio.to_thread(self.service.restore, ref)
            self.notify(f"Restored: {note.title}")
        self.refresh_after_change()

    # --- correcting the answer's fact -----------------------------------------------------

    async def forget_fact(self, fact: Fact | None) -> None:
        """Forget the selected answer's fact (the notes got it wrong) and offer undo."""
        if fact is None or self.service is None:
            self.notify("This answer is no stored fact; open its note (Enter) to change what it says.")
            return
        try:
            await asyncio.to_thread(self.service.forget_fact, fact.id)
        except RemenError as exc:
            self.notify(str(exc), severity="error")
            return
        self.undo.append(("fact", str(fact.id), ""))
        self.notify(f"Forgot: {fact_words(fact)} — Ctrl+Z to undo", timeout=8)
        self.refresh_after_change()

    def action_fix_fact(self) -> None:
        """Type the right value of the selected answer's fact."""
        card = self.query_one(AnswerCard)
        fact = card.fact if card.selected else None
        if fact is None or not fact.is_triple:
            self.notify("Select an answer that states a fact first (↑ from the first hit), then F6 corrects it.")
            return
        whose = "your" if fact.subject.lower() == USER_NAME else f"{fact.subject}'s"
        self.app.push_screen(
            ValueScreen(
                f"The right value of {whose} {fact.predicate.replace('_', ' ')}:",
                fact.target or "",
                "Enter: set it, as your word (it outranks notes) · Esc: leave it",
            ),
            callback=lambda value: self.set_fact(fact, value),
        )

    async def set_fact(self, fact: Fact, value: str | None) -> None:
        """Store the value the user typed as their own word."""
        if value is None or self.service is None:
            return
        try:
            stored = await asyncio.to_thread(self.service.set_fact, fact.subject, fact.predicate, value)
        except RemenError as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify(f"Set: {fact_words(stored)} (your word outranks the notes)")
        self.refresh_after_change()

    def action_rename(self) -> None:
        """Ctrl+T: type a new title for the selected note without opening it."""
        item = self.selected()
        if item is None:
            self.notify("Pick a note first (↓ to a result), then Ctrl+T renames it.")
            return
        self.app.push_screen(
            ValueScreen("New title:", item.title, "Enter: rename (Ctrl+Z undoes it) · Esc: leave it"),
            callback=lambda title: self.rename_note(item.note_id, item.title, title),
        )

    async def rename_note(self, note_id: str, before: str, title: str | None) -> None:
        """Rename the note and offer undo."""
        if title is None or self.service is None:
            return
        try:
            note = await asyncio.to_thread(self.service.rename, note_id, title)
        except RemenError as exc:
            self.notify(str(exc), severity="error")
            return
        self.undo.append(("rename", note_id, before))
        self.notify(f"Renamed: {before} → {note.title} — Ctrl+Z to undo", timeout=8)
        self.refresh_after_change()

    # --- saved searches ----------------------------------------------------------------------

    def action_save_search(self) -> None:
        """Ctrl+S: pin what is typed under a name, listed in the command palette."""
        typed = self.typed.strip()
        if not typed:
            self.notify("Type a search first; Ctrl+S then saves it under a name.")
            return
        self.app.push_screen(
            ValueScreen("Save this search as:", typed, "Enter: save (listed in Ctrl+P) · Esc: leave it", True),
            callback=lambda name: self.save_search(name, typed),
        )

    async def save_search(self, name: str | None, query: str) -> None:
        if name is None or self.service is None:
            return
        try:
            saved = await asyncio.to_thread(self.service.save_search, name, query)
        except RemenError as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify(f"Saved search “{saved.name}”: Ctrl+P, then its name, runs it.", timeout=6)

    def run_saved(self, query: str) -> None:
        """Put a saved search's query in the box (the search follows)."""
        self.query_one("#search", Input).value = query
        self.query_one("#search", Input).focus()

    def drop_saved(self, name: str) -> None:
        """Remove a saved search (from the palette)."""
        self.run_worker(self.forget_saved(name), group="saved", exit_on_error=False)

    async def forget_saved(self, name: str) -> None:
        if self.service is None:
            return
        forgotten = await asyncio.to_thread(self.service.forget_search, name)
        if forgotten is not None:
            self.undo.append(("search", forgotten.name, forgotten.query))
            self.notify(f"Removed the saved search “{forgotten.name}” — Ctrl+Z to undo", timeout=8)

    async def action_archive(self) -> None:
        item = self.selected()
        if item is None:
            self.notify("Pick a note first (↓ to a result), then Ctrl+R archives it.")
            return
        if self.service is None:
            return
        self.offer_undo(await asyncio.to_thread(self.service.archive, item.note_id), "archive")

    def action_empty_trash(self) -> None:
        """The trash view, where E empties it after a yes."""
        if self.service is not None:
            screen = NoteListScreen(self.service, "trash")
            self.visit(screen)
            self.call_after_refresh(screen.run_action, "empty")

    def action_trash_view(self) -> None:
        if self.service is not None:
            self.visit(NoteListScreen(self.service, "trash"))

    def action_archive_view(self) -> None:
        if self.service is not None:
            self.visit(NoteListScreen(self.service, "archive"))

    async def action_tags(self) -> None:
        if self.service is None:
            return
        tags = await asyncio.to_thread(self.service.tags)
        self.app.push_screen(TagsScreen(tags), callback=self.filter_by_tag)

    def filter_by_tag(self, tag: str | None) -> None:
        search = self.query_one("#search", Input)
        if tag:
            search.value = f"#{tag} " + " ".join(w for w in search.value.split() if not w.startswith("#"))
        search.focus()


SortOrder = Literal["best", "edited", "created", "title"]
SORT_ORDERS: tuple[SortOrder, ...] = ("best", "edited", "created", "title")
SORT_LABELS: dict[SortOrder, str] = {
    "best": "best match",
    "edited": "last edit",
    "created": "date written",
    "title": "title",
}


def sorted_items(items: list[ResultItem], order: SortOrder) -> list[ResultItem]:
    """The list in ``order``: as found, newest edit first, newest written first, or by title."""
    if order == "edited":
        return sorted(items, key=lambda item: item.updated, reverse=True)
    if order == "created":
        return sorted(items, key=lambda item: item.created, reverse=True)
    if order == "title":
        return sorted(items, key=lambda item: item.title.casefold())
    return items


def only_tags(typed: str) -> list[str]:
    """The tags of a query that is nothing but tags ("#work #ideas"), else none."""
    words = typed.split()
    return [w.lstrip("#") for w in words] if words and all(len(w) > 1 and w.startswith("#") for w in words) else []


def fact_words(fact: Fact) -> str:
    """A fact in a notification: 'Me · manager · Priya', or its sentence."""
    return fact.triple_words() if fact.is_triple else f"“{fact.text}”"
