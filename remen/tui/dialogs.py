"""The app's small dialogs: pick a tag, confirm, type a fact's right value, pick an earlier
version, help."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Markdown, OptionList, TextArea
from textual.widgets.option_list import Option

from remen.core.models import Revision

HELP = """\
# Remen — keys

**Main screen**

| key | does |
| --- | --- |
| type | search as you type (words, meaning, `#tags`, `"phrases"`, times like *last week*) |
| ↑ ↓ | move in the results (nothing is selected until you do) |
| Enter | a new note titled with what you typed; the note you moved to (↓), or titled exactly so |
| Ctrl+N | new note (from what you typed) |
| F5 | append: open the selected note with the cursor on a new line at its end |
| F8 | move the selected note to the trash (Ctrl+Z undoes) |
| Ctrl+R | archive the selected note (Ctrl+Z undoes) |
| Ctrl+T | rename the selected note without opening it (Ctrl+Z undoes; `[[links]]` to it follow) |
| Ctrl+S | save the search typed under a name: Ctrl+P lists it ("Search: name") |
| Esc | clear the search |
| ↑ on the first hit | select the answer above the hits: Enter opens its note |
| F6 / F8 on the answer | correct its fact / forget it (Ctrl+Z undoes) |
| F2 / F3 / F4 | tags / archive / trash |
| F7 | sort the list: best match, last edit, date written, title (the line under the input says which) |
| Ctrl+P | command palette |
| Ctrl+Q | quit (unsaved text is saved first) |

**Editor**: it saves by itself after a pause, and on Ctrl+S. The first line or `# heading` is the
title; write `#tags` in the text or in the tags field. Ctrl+Home and Ctrl+End jump to the top
and the end. Esc goes back (saving first), F8 moves the note to the trash, Ctrl+R archives it.
The sidebar shows the notes that link here ("Linked from") and related notes; Tab to it, Enter
opens one.

**Links**: type `[[` and the start of a title: ↑ ↓ pick one of the titles offered, Enter or Tab
puts it in (`[[Carbonara]]`), Esc closes the list. Enter with the cursor inside a link opens that
note (a title no note has yet starts a new note with it).

F9 lists the note's earlier versions; Enter restores one (the text it replaces is kept as a version).

**Trash / archive**: R restores or unarchives, Enter opens, E empties the trash (after a yes), Esc
goes back.
"""


class TagsScreen(ModalScreen[str | None]):
    """Pick a tag to filter the search by."""

    BINDINGS = [Binding("escape", "dismiss_none", "Back")]

    def __init__(self, tags: list[tuple[str, int]]) -> None:
        super().__init__()
        self.tags = tags

    def compose(self) -> ComposeResult:
        with Vertical(id="tags-box"):
            yield Label("Tags — Enter filters the search")
            options = [Option(f"#{tag}  ({count})", id=tag) for tag, count in self.tags]
            yield OptionList(*options, id="tag-list")
            if not self.tags:
                yield Label("No tags yet: write #tags in a note.")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question before something that cannot be undone; anything but Y is no."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Label(self.question)
            yield Label("Y: yes, delete · N or Esc: no", classes="hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class ValueScreen(ModalScreen[str | None]):
    """One value to type (the right value of a fact, a note's new title, a saved search's name):
    Enter gives it, Esc leaves it; nothing is no change, and so is the value it opened with unless
    ``suggested`` (then that value is the one offered)."""

    BINDINGS = [Binding("escape", "dismiss_none", "Back")]

    def __init__(self, prompt: str, value: str, hint: str, suggested: bool = False) -> None:
        super().__init__()
        self.prompt = prompt
        self.value = value
        self.hint = hint
        self.suggested = suggested

    def compose(self) -> ComposeResult:
        with Vertical(id="value-box"):
            yield Label(self.prompt)
            yield Input(self.value, id="value-input")
            yield Label(self.hint, classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        self.dismiss(value if value and (self.suggested or value != self.value) else None)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class HistoryScreen(ModalScreen[int | None]):
    """A note's earlier versions, newest first, with the highlighted one's text; Enter restores it."""

    BINDINGS = [Binding("escape", "dismiss_none", "Back"), Binding("enter", "choose", "Restore", priority=True)]

    def __init__(self, revisions: list[Revision]) -> None:
        super().__init__()
        self.revisions = revisions

    def compose(self) -> ComposeResult:
        with Vertical(id="history-box"):
            yield Label("Earlier versions · Enter restores one", id="history-title")
            yield Label("(the text now becomes a version too)", classes="hint")
            options = [
                Option(f"{i:2}  {r.saved:%Y-%m-%d %H:%M}  {len(r.body):6} chars  {r.title}", id=str(i))
                for i, r in enumerate(self.revisions, start=1)
            ]
            yield OptionList(*options, id="history-list")
            yield TextArea(
                self.revisions[0].body if self.revisions else "No earlier versions yet.",
                read_only=True,
                soft_wrap=True,
                id="history-text",
            )

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self.query_one("#history-text", TextArea).load_text(self.revisions[int(event.option.id) - 1].body)

    def action_choose(self) -> None:
        chosen = self.query_one("#history-list", OptionList).highlighted
        self.dismiss(None if chosen is None or not self.revisions else chosen + 1)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """Keys and how things work."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Close"), Binding("f1", "app.pop_screen", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Markdown(HELP)
