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
from textual.widgets import Footer, Input, Label, ListView, TextArea
from textual.worker import Worker

from remen.core.errors import RemenError
from remen.core.models import Note
from remen.core.text import inline_tags
from remen.core.wording import plural
from remen.service import Remen
from remen.tui.dialogs import ConfirmScreen, HistoryScreen
from remen.tui.messages import NotePutAway, RelatedFound, StatusStale, forward_failure
from remen.tui.widgets import NoteItem, RelatedItem

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
    """Write or edit one note; autosaves; a related-notes sidebar."""

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
                yield TextArea(
                    self.initial_text[:EDITABLE_MAX_CHARS] if self.too_large else self.initial_text,
                    language=None if large else "markdown",
                    soft_wrap=not large,
                    tab_behavior="focus",
                    read_only=self.too_large,
                    id="editor",
                )
            with Vertical(id="sidebar"):
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
        self.schedule_related()

    @property
    def text(self) -> str:
        return self.query_one("#editor", TextArea).text

    @property
    def tags(self) -> list[str]:
        return self.query_one("#tags", Input).value.replace(",", " ").split()

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        self.mark_dirty()
        self.schedule_related()

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
        if isinstance(item, RelatedItem) and await self.save():
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
