"""The editor, the trash/archive views, the tag list and the help screen."""

from __future__ import annotations

import asyncio
import threading

import numpy as np
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, Label, ListView, OptionList, TextArea
from textual.worker import Worker

from remen.core.constants import LINK_SUGGESTIONS
from remen.core.errors import RemenError
from remen.core.links import link_at, open_link
from remen.core.models import Note, NoteLinks
from remen.core.text import inline_tags
from remen.core.wording import plural
from remen.service import Remen
from remen.tui.dialogs import ConfirmScreen, HistoryScreen
from remen.tui.messages import NotePutAway, NotesListed, RelatedFound, StatusStale, forward_failure
from remen.tui.widgets import LinkItem, NoteItem, NoteText, RelatedItem

AUTOSAVE_SECONDS = 1.0
# Above this many characters a note is edited without highlighting and soft wrap, and its
# embedding after a save is left to the background indexer.
LARGE_NOTE_CHARS = 32_000
# Above this many characters a note opens read-only, showing this much (keys would take >50 ms).
EDITABLE_MAX_CHARS = 2_000_000
# Related notes follow the first this many characters of the text being written.
RELATED_DRAFT_CHARS = 4_000
RELATED_DEBOUNCE_SECONDS = 0.8
# A draft shorter than this says too little for related notes to mean anything.
DRAFT_MIN_CHARS = 60
# Cosine between the draft's meaning now and when related notes were last computed.
MEANING_UNCHANGED = 0.97


class EditorScreen(Screen[None]):
    """Write or edit one note; autosaves; `[[links]]` completed as they are typed and followed with
    Enter; a sidebar of the notes linking here and of related notes."""

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        forward_failure(self, event)

    BINDINGS = [
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "close", "Back"),
        Binding("f8", "delete", "Trash"),
        Binding("ctrl+r", "archive", "Archive"),
        Binding("f1", "app.help", "Help"),
        Binding("f9", "history", "History"),
        Binding("ctrl+home", "top", "Top", show=False),
        Binding("ctrl+end", "bottom", "End", show=False),
    ]
    # Focused as soon as the screen is active, so keys typed while it opens reach the text.
    AUTO_FOCUS = "#editor"
    # Pauses before an autosave and before the related notes follow the text; tests shorten them.
    autosave_seconds = AUTOSAVE_SECONDS
    related_debounce_seconds = RELATED_DEBOUNCE_SECONDS

    def __init__(
        self,
        service: Remen,
        note: Note | None = None,
        initial_text: str = "",
        at_end: bool = False,
        initial_tags: str = "",
    ) -> None:
        """Edit ``note`` (from its top, or its end with ``at_end``), or write a new one that
        starts with ``initial_text`` and ``initial_tags``."""
        super().__init__()
        self.service = service
        self.at_end = at_end
        self.note_id = note.id if note else None
        self.initial_text = note.body if note else initial_text
        self.initial_tags = " ".join(t for t in note.tags if t not in inline_tags(note.body)) if note else initial_tags
        # The text as it opened (with the line an append starts on): unchanged, nothing to save.
        self.opened_text: str | None = None
        # The text a restored version put in the editor, until the change loading it is reported.
        self.restored_text: str | None = None
        self.dirty = not note and bool(initial_text.strip())
        # A note this large would make every key slow: it opens read-only (`remen edit` edits it).
        self.too_large = note is not None and len(note.body) > EDITABLE_MAX_CHARS
        self.save_lock = threading.Lock()
        self.autosave_timer: Timer | None = None
        self.related_timer: Timer | None = None
        self.related_meaning: np.ndarray | None = None

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="editor-main"):
                if self.too_large:
                    size = len(self.initial_text.encode("utf-8")) / 1e6
                    yield Label(
                        f"This note is {size:.1f} MB: too large to edit here, so it opens read-only, its first"
                        f" {EDITABLE_MAX_CHARS // 1_000_000} MB shown. Edit it with `remen edit {self.note_id}`"
                        " (your $EDITOR).",
                        id="too-large",
                    )
                yield Input(self.initial_tags, placeholder="tags (space separated)", id="tags", disabled=self.too_large)
                large = len(self.initial_text) > LARGE_NOTE_CHARS
                # Highlighting and soft wrap re-read the whole text on every key: off for large notes.
                # tab_behavior="focus": Tab reaches the sidebar and Esc leaves the editor in one press.
                yield NoteText(
                    self.initial_text[:EDITABLE_MAX_CHARS] if self.too_large else self.initial_text,
                    language=None if large else "markdown",
                    soft_wrap=not large,
                    tab_behavior="focus",
                    read_only=self.too_large,
                    id="editor",
                )
                yield OptionList(id="link-completion")
            with Vertical(id="sidebar"):
                yield Label("Linked from", id="backlinks-title")
                yield ListView(id="backlinks")
                yield Label("Related", id="related-title")
                yield ListView(id="related")
                yield Label("", id="related-hint")
        yield Footer()

    def on_mount(self) -> None:
        editor = self.query_one("#editor", TextArea)
        editor.focus()
        if self.at_end and self.initial_text and not self.initial_text.endswith("\n") and not self.too_large:
            # Appended text starts on a line of its own: glued to a last line "#shopping" it would
            # break the tag.
            editor.insert("\n", editor.document.end)
        if self.note_id is None or self.at_end:
            # A new note continues after its title, an appended one after its last line; an
            # existing one opens at the top, to be read.
            editor.move_cursor(editor.document.end)
        self.opened_text = editor.text
        for hidden in ("#link-completion", "#backlinks", "#backlinks-title"):
            self.query_one(hidden).display = False
        self.query_one("#link-completion").border_title = "link to · ↑ ↓ · Enter puts it in · Esc"
        if self.note_id is not None:
            self.find_backlinks(self.note_id)
        self.schedule_related()

    @property
    def text(self) -> str:
        return self.query_one("#editor", TextArea).text

    @property
    def tags(self) -> list[str]:
        return self.query_one("#tags", Input).value.replace(",", " ").split()

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        # Only the change that loads a restored version is no edit; any after it is one.
        loaded, self.restored_text = self.restored_text, None
        if event.text_area.text != loaded:
            self.mark_dirty()
        self.schedule_related()
        self.follow_cursor()

    def on_text_area_selection_changed(self, event: TextArea.SelectionChanged) -> None:
        self.follow_cursor()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "tags":
            self.mark_dirty()

    def mark_dirty(self) -> None:
        """Remember there is unsaved text and save after a pause."""
        self.dirty = True
        if self.autosave_timer:
            self.autosave_timer.stop()
        self.autosave_timer = self.set_timer(self.autosave_seconds, self.autosave)

    def autosave(self) -> None:
        self.run_worker(self.save(), group="save")

    def _save_blocking(self, text: str, tags: list[str]) -> Note:
        # A note saved here ends with a newline, so text appended later starts on its own line.
        text = text if text.endswith("\n") else text + "\n"
        with self.save_lock:
            embed = self.service.model_loaded and len(text) <= LARGE_NOTE_CHARS
            if self.note_id is None:
                note = self.service.add(text, tags=tags, embed=embed)
            else:
                note = self.service.update(self.note_id, body=text, tags=tags, embed=embed)
            self.note_id = note.id
            return note

    async def save(self) -> bool:
        """Save if there are changes; on failure the text stays and the error is shown."""
        if self.too_large:
            return True  # read-only and showing only the start: saving it would cut the note short
        if not self.dirty:
            return True
        text, tags = self.text, self.tags
        if text == self.opened_text and " ".join(tags) == self.initial_tags and (self.note_id is None or self.at_end):
            # Nothing typed since it opened: an append left as it was, or a new note of only the
            # query it was opened with ("# Car service"), which is no note at all.
            if self.note_id is None and text.strip():
                self.notify("Nothing written: no note saved.", timeout=3)
            self.dirty = False
            return True
        if not text.strip():
            # Nothing to lose: the stored note keeps its last text; an empty new draft is dropped.
            if self.note_id is not None:
                self.notify(
                    "The note was emptied, so its last saved text is kept. F8 moves it to the trash.",
                    severity="warning",
                )
            return True
        try:
            await asyncio.to_thread(self._save_blocking, text, tags)
        except RemenError as exc:
            self.notify(f"Not saved: {exc} Your text is still here.", severity="error", timeout=8)
            return False
        except Exception as exc:  # noqa: BLE001 - any failure must leave the text in the editor and say so
            self.notify(f"Not saved ({exc}). Your text is still here.", severity="error", timeout=8)
            return False
        if self.text == text and self.tags == tags:
            self.dirty = False
        self.post_message(StatusStale())
        return True

    async def action_history(self) -> None:
        """Pick an earlier version of this note to restore (the current text is saved first)."""
        if self.too_large:
            self.notify(f"Too large to restore here: `remen history {self.note_id}` lists the versions.")
            return
        if not await self.save() or self.note_id is None:
            if self.note_id is None:
                self.notify("A new note has no earlier versions yet.")
            return
        revisions = await asyncio.to_thread(self.service.revisions, self.note_id)
        self.app.push_screen(HistoryScreen(revisions), callback=self.restore_version)

    def restore_version(self, number: int | None) -> None:
        if number is not None and self.note_id is not None:
            self.run_worker(self._restore_version(self.note_id, number), group="save")

    async def _restore_version(self, note_id: str, number: int) -> None:
        note = await asyncio.to_thread(self.service.restore_revision, note_id, number)
        editor = self.query_one("#editor", TextArea)
        self.restored_text = note.body
        editor.load_text(note.body)
        self.dirty = False
        self.notify(f"Restored version {number}. The text it replaced is version 1 now (F9 to go back).")
        self.post_message(StatusStale())

    def retitle(self, old: str, new: str) -> None:
        """Replace the first line ``old`` with ``new`` (keys typed before Enter arrived late)."""
        if not self.is_mounted or not self.query("#editor"):
            if self.initial_text.startswith(old):
                self.initial_text = new + self.initial_text[len(old) :]
            return
        editor = self.query_one("#editor", TextArea)
        if editor.document.get_line(0) == old:
            editor.replace(new, (0, 0), (0, len(old)), maintain_selection_offset=True)
            if self.opened_text is not None and self.opened_text.startswith(old):
                self.opened_text = new + self.opened_text[len(old) :]

    def prepend_title(self, title: str) -> None:
        """Put ``title`` as the first line of a note opened blank: Enter reached the app before
        any of the title's keys did, and those keys reached the search box after it."""
        heading = f"# {title}\n\n"
        if not self.is_mounted or not self.query("#editor"):
            self.initial_text = heading + self.initial_text
            return
        self.query_one("#editor", TextArea).insert(heading, (0, 0), maintain_selection_offset=True)
        if self.opened_text is not None:
            self.opened_text = heading + self.opened_text

    def action_top(self) -> None:
        self.query_one("#editor", TextArea).move_cursor((0, 0))

    def action_bottom(self) -> None:
        editor = self.query_one("#editor", TextArea)
        editor.move_cursor(editor.document.end)

    async def action_save(self) -> None:
        if await self.save():
            self.notify("Saved", timeout=1.5)

    async def action_close(self) -> None:
        if await self.save():
            self.dismiss()

    async def action_delete(self) -> None:
        if self.note_id is None and not self.text.strip():
            self.dismiss()
            return
        self.dirty = True
        if not await self.save() or self.note_id is None:
            return
        note = await asyncio.to_thread(self.service.delete, self.note_id)
        self.app.post_message(NotePutAway(note, "trash"))
        self.dismiss()

    async def action_archive(self) -> None:
        if not await self.save() or self.note_id is None:
            return
        note = await asyncio.to_thread(self.service.archive, self.note_id)
        self.app.post_message(NotePutAway(note, "archive"))
        self.dismiss()

    # --- links -----------------------------------------------------------------------------

    def follow_cursor(self) -> None:
        """Offer titles while the cursor is inside a `[[` not closed yet; hide them otherwise (in
        a link already closed, Enter follows it)."""
        editor = self.query_one("#editor", NoteText)
        row, column = editor.cursor_location
        line = editor.document.get_line(row)
        closed = link_at(line, column) is not None
        typed = None if editor.selected_text or closed else open_link(line[:column])
        if typed is None:
            self.hide_completion()
        else:
            self.suggest_titles(typed)

    def hide_completion(self) -> None:
        self.query_one("#link-completion", OptionList).display = False
        self.query_one("#editor", NoteText).completing = False

    @work(exclusive=True, group="complete", exit_on_error=False)
    async def suggest_titles(self, typed: str) -> None:
        titles = await asyncio.to_thread(self.service.link_titles, typed, LINK_SUGGESTIONS, self.note_id)
        box = self.query_one("#link-completion", OptionList)
        box.clear_options()
        box.add_options(titles)
        box.highlighted = 0 if titles else None
        box.display = bool(titles)
        self.query_one("#editor", NoteText).completing = bool(titles)

    def on_note_text_completion_key(self, message: NoteText.CompletionKey) -> None:
        box = self.query_one("#link-completion", OptionList)
        if message.key == "up":
            box.action_cursor_up()
        elif message.key == "down":
            box.action_cursor_down()
        elif message.key == "escape":
            self.hide_completion()
        elif box.highlighted is not None:
            self.complete_link(str(box.get_option_at_index(box.highlighted).prompt))

    def complete_link(self, title: str) -> None:
        """Put ``title`` in place of what was typed after `[[`, closed with `]]`, cursor after it."""
        editor = self.query_one("#editor", NoteText)
        row, column = editor.cursor_location
        line = editor.document.get_line(row)
        typed = open_link(line[:column]) or ""
        closing = "" if line[column:].startswith("]]") else "]]"
        start = column - len(typed)
        editor.replace(title + closing, (row, start), (row, column))
        editor.move_cursor((row, start + len(title) + 2))
        self.hide_completion()

    async def on_note_text_follow_link(self, message: NoteText.FollowLink) -> None:
        """Enter on a link: save, then open the note it leads to, or start one with that title."""
        if not await self.save():
            return
        target = await asyncio.to_thread(self.service.link_target, self.note_id or "", message.title)
        if target is None:
            self.notify(f"No note is called {message.title!r} yet: this one will be.", timeout=4)
            self.app.switch_screen(EditorScreen(self.service, None, f"# {message.title}\n\n"))
            return
        note = await asyncio.to_thread(self.service.get, target)
        self.app.switch_screen(EditorScreen(self.service, note))

    @work(group="backlinks", exit_on_error=False)
    async def find_backlinks(self, note_id: str) -> None:
        await self.show_backlinks(await asyncio.to_thread(self.service.links, note_id))

    async def show_backlinks(self, links: NoteLinks) -> None:
        """The sidebar's "Linked from": shown only when some note links here."""
        view = self.query_one("#backlinks", ListView)
        await view.clear()
        await view.extend(LinkItem(link) for link in links.linked_from)
        view.index = 0 if links.linked_from else None
        view.display = bool(links.linked_from)
        self.query_one("#backlinks-title", Label).display = bool(links.linked_from)

    # --- related notes -------------------------------------------------------------------

    def schedule_related(self) -> None:
        if self.related_timer:
            self.related_timer.stop()
        self.related_timer = self.set_timer(self.related_debounce_seconds, self.refresh_related)

    def refresh_related(self) -> None:
        # The opening of a note says what it is about; embedding a megabyte on every pause would not.
        text = self.text[:RELATED_DRAFT_CHARS]
        hint = self.query_one("#related-hint", Label)
        if len(text.strip()) < DRAFT_MIN_CHARS:
            hint.update("Related notes appear as the note grows.")
            return
        if not self.service.model_loaded:
            hint.update("Related notes appear when the model is ready.")
            return
        hint.update("")
        self.find_related(text)

    @work(exclusive=True, group="related", exit_on_error=False)
    async def find_related(self, text: str) -> None:
        meaning = await asyncio.to_thread(self.service.meaning, text)
        if self.related_meaning is not None and float(meaning @ self.related_meaning) >= MEANING_UNCHANGED:
            return
        related = await asyncio.to_thread(self.service.related_to_draft, text, 5, self.note_id)
        self.related_meaning = meaning
        self.post_message(RelatedFound(related))

    async def on_related_found(self, message: RelatedFound) -> None:
        view = self.query_one("#related", ListView)
        await view.clear()
        await view.extend(RelatedItem(r) for r in message.related)
        # Tab to the sidebar then Enter opens the first related note, without a Down first.
        view.index = 0 if message.related else None
        if not message.related:
            self.query_one("#related-hint", Label).update("No related notes yet.")

    async def on_list_view_selected(self, event: ListView.Selected) -> None:
        item = event.item
        if isinstance(item, RelatedItem | LinkItem) and item.note_id is not None and await self.save():
            note = await asyncio.to_thread(self.service.get, item.note_id)
            self.app.switch_screen(EditorScreen(self.service, note))


class NoteListScreen(Screen[None]):
    """The trash or the archive, with restore."""

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        forward_failure(self, event)

    BINDINGS = [
        Binding("r", "restore", "Restore"),
        Binding("e", "empty", "Empty trash"),
        Binding("escape", "close", "Back"),
        Binding("f1", "app.help", "Help"),
    ]

    def __init__(self, service: Remen, mode: str) -> None:
        super().__init__()
        self.service = service
        self.mode = mode

    def compose(self) -> ComposeResult:
        title = (
            "Trash — R restores a note, E empties the trash"
            if self.mode == "trash"
            else "Archive — R unarchives a note"
        )
        yield Label(title, id="list-title")
        yield ListView(id="notes")
        yield Label("", id="list-empty")
        yield Footer()

    def on_mount(self) -> None:
        self.load()

    @work(exclusive=True, group="list", exit_on_error=False)
    async def load(self) -> None:
        notes = await asyncio.to_thread(self.service.list_notes, None, self.mode == "archive", self.mode == "trash")
        self.post_message(NotesListed(notes))

    async def on_notes_listed(self, message: NotesListed) -> None:
        notes = message.notes
        view = self.query_one("#notes", ListView)
        await view.clear()
        await view.extend(NoteItem(n) for n in notes)
        if notes:
            view.index = 0
        self.query_one("#list-empty", Label).update("" if notes else "Nothing here.")
        view.focus()

    async def action_restore(self) -> None:
        view = self.query_one("#notes", ListView)
        item = view.highlighted_child
        if not isinstance(item, NoteItem):
            return
        action = self.service.restore if self.mode == "trash" else self.service.unarchive
        await asyncio.to_thread(action, item.note_id)
        self.notify(f"{'Restored' if self.mode == 'trash' else 'Unarchived'}: {item.note.title}")
        self.post_message(StatusStale())
        self.load()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Emptying is for the trash only."""
        return self.mode == "trash" if action == "empty" else True

    async def action_empty(self) -> None:
        """Delete every note in the trash for good, after a yes."""
        count = (await asyncio.to_thread(self.service.counts))["trash"]
        if not count:
            self.notify("The trash is empty.")
            return
        question = f"Delete the {plural(count, 'note')} in the trash for good? This cannot be undone."
        self.app.push_screen(ConfirmScreen(question), callback=self.empty_confirmed)

    def empty_confirmed(self, yes: bool | None) -> None:
        if yes:
            self.run_worker(self._empty(), group="list")

    async def _empty(self) -> None:
        deleted = await asyncio.to_thread(self.service.empty_trash)
        self.notify(f"Deleted {plural(deleted, 'note')} for good.")
        self.post_message(StatusStale())
        self.load()

    def action_close(self) -> None:
        self.dismiss()

    async def on_list_view_selected(self, event: ListView.Selected) -> None:
        if isinstance(event.item, NoteItem) and self.mode == "archive":
            self.app.push_screen(EditorScreen(self.service, event.item.note))
