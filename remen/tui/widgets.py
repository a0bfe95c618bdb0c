"""Widgets of the main and editor screens. They render data; they never call the database."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Label, ListItem, ListView, Static, TextArea

from remen.core.answers import Answer
from remen.core.knowledge import Fact
from remen.core.links import link_at
from remen.core.models import AppStatus, LinkedNote, MatchType, Note, ParsedQuery, RelatedNote, SearchHit
from remen.core.snippet import make_snippet
from remen.core.timeutil import list_time

BADGES = {
    MatchType.BOTH: ("both", "bold green"),
    MatchType.KEYWORD: ("word", "bold cyan"),
    MatchType.SEMANTIC: ("meaning", "bold magenta"),
    MatchType.TIME: ("time", "bold yellow"),
    MatchType.TAG: ("tag", "bold blue"),
    MatchType.REPLY: ("reply", "bold white"),
}


def highlighted(text: str, words: tuple[str, ...]) -> Text:
    """``text`` with every occurrence of ``words`` emphasised (case-insensitive)."""
    rich = Text(text)
    rich.highlight_words([w for w in words if w], style="bold reverse", case_sensitive=False)
    return rich


class ResultItem(ListItem):
    """One note in the list: title, when it was written (or edited, in that order), badge, and a
    snippet with the matched words highlighted."""

    def __init__(
        self,
        note_id: str,
        title: str,
        created: datetime,
        snippet: str,
        match_type: MatchType | None,
        words: tuple[str, ...],
        updated: datetime | None = None,
    ) -> None:
        super().__init__(classes="result")
        self.note_id = note_id
        self.title = title
        self.created = created
        self.updated = updated or created
        self.snippet = snippet
        self.match_type = match_type
        self.words = words
        # The time the row shows ("14:05", "yesterday 09:30", "3 Mar"): set by the list before it
        # is shown, as the chosen order wants it.
        self.when = f"{created.day} {created:%b %Y}"

    @classmethod
    def from_hit(cls, hit: SearchHit, words: tuple[str, ...]) -> ResultItem:
        """A search hit."""
        return cls(hit.note_id, hit.title, hit.created, hit.snippet, hit.match_type, words, hit.updated)

    @classmethod
    def from_note(cls, note: Note) -> ResultItem:
        """A note listed without a query (recent notes)."""
        return cls(note.id, note.title, note.created, make_snippet(note.title, note.body, ()), None, (), note.updated)

    def dated(self, edited: bool, now: datetime) -> None:
        """Show when the note was last edited (``edited``) or written, as a list tells it."""
        self.when = list_time(self.updated if edited else self.created, now)

    def compose(self):  # type: ignore[no-untyped-def]
        badge, style = BADGES[self.match_type] if self.match_type else ("", "")
        head = Text.assemble(
            highlighted(self.title, self.words),
            ("  " + self.when, "dim"),
            ("  " + badge, style),
        )
        head.no_wrap = True
        head.overflow = "ellipsis"
        yield Label(head, classes="result-title")
        if self.snippet:
            snippet = highlighted(self.snippet, self.words)
            snippet.no_wrap = True
            snippet.overflow = "ellipsis"
            yield Label(snippet, classes="result-snippet")


class NoteItem(ListItem):
    """A note in the trash or archive views."""

    def __init__(self, note: Note) -> None:
        super().__init__()
        self.note_id = note.id
        self.note = note

    def compose(self):  # type: ignore[no-untyped-def]
        yield Label(Text.assemble(self.note.title, ("  " + self.note.updated.strftime("%d %b %Y"), "dim")))


class RelatedItem(ListItem):
    """A related note in the sidebar."""

    def __init__(self, related: RelatedNote) -> None:
        super().__init__()
        self.note_id = related.note_id
        self.related = related

    def compose(self):  # type: ignore[no-untyped-def]
        yield Label(Text.assemble(self.related.title, (f" {self.related.similarity:.2f}", "dim")))


class LinkItem(ListItem):
    """A note that links to the open one, in the sidebar's "Linked from"."""

    def __init__(self, link: LinkedNote) -> None:
        super().__init__()
        self.note_id = link.note_id
        self.title = link.title

    def compose(self):  # type: ignore[no-untyped-def]
        yield Label(self.title)


# Keys that act on the title suggestions while they show, instead of on the text.
COMPLETION_KEYS = frozenset({"up", "down", "enter", "tab", "escape"})


class NoteText(TextArea):
    """The editor's text area, which knows `[[links]]`: while the screen shows title suggestions
    (``completing``) the arrows, Enter, Tab and Esc act on them; Enter with the cursor inside a
    link follows it. Both are said to the screen as messages."""

    completing = False

    class CompletionKey(Message):
        """A key meant for the title suggestions."""

        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    class FollowLink(Message):
        """Enter on the link to ``title``."""

        def __init__(self, title: str) -> None:
            super().__init__()
            self.title = title

    async def _on_key(self, event: events.Key) -> None:
        # Runs before TextArea's own handler; stopping the key here keeps it from the text and
        # from the bindings (Esc would leave the editor, Enter would break the line).
        if self.read_only:
            return
        if self.completing and event.key in COMPLETION_KEYS:
            event.stop()
            event.prevent_default()
            self.post_message(self.CompletionKey(event.key))
            return
        if event.key == "enter" and not self.selected_text:
            row, column = self.cursor_location
            link = link_at(self.document.get_line(row), column)
            if link is not None:
                event.stop()
                event.prevent_default()
                self.post_message(self.FollowLink(link.title))


class ResultsList(ListView):
    """The hits under the search input."""


RECENT_HINT = "Recent notes · type to search · ↓ then Enter opens · Ctrl+N new note · F1 help"


class Interpretation(Static):
    """How the query was understood: time range, tags, phrases, relaxation."""

    def __init__(self, id: str) -> None:  # noqa: A002 - Textual's name
        super().__init__(Text(RECENT_HINT, "dim"), id=id)

    def show_query(
        self,
        query: ParsedQuery | None,
        relaxation: str | None,
        count: int,
        opens_hit: bool = False,
        sorted_by: str | None = None,
    ) -> None:
        """Describe ``query`` (None: the recent-notes view), the order of the list when the user
        chose one (``sorted_by``), and what Enter does: open the hit whose title is the query
        (``opens_hit``), else write a new note titled with it."""
        if query is None or not query.raw.strip():
            self.update(Text(RECENT_HINT + (f" · sorted by {sorted_by} (F7)" if sorted_by else ""), "dim"))
            return
        parts: list[str] = []
        if query.time_range:
            parts.append("⏱ " + query.time_range.description)
        parts += [f"#{t}" for t in query.tags]
        parts += [f'"{p}"' for p in query.phrases]
        if query.time_notice:
            parts.append(query.time_notice)
        if relaxation:
            parts.append(relaxation)
        parts.append(f"{count} result{'s' if count != 1 else ''}")
        if sorted_by:
            parts.append(f"sorted by {sorted_by} (F7)")
        if not opens_hit:
            parts.append("Enter: new note" + (" · ↓ picks a result" if count else ""))
        self.update(Text(" · ".join(parts), "dim"))


class StatusBar(Static):
    """Model state, pending background work, note count, last search time."""

    def __init__(self, id: str) -> None:  # noqa: A002 - Textual's name
        super().__init__("opening…", id=id)

    def show(self, status: AppStatus, search_ms: float | None, problems: int = 0) -> None:
        """Render the bar; ``problems`` counts failed background tasks (details in the log)."""
        if not status.model_ready:
            model = "◌ model loading (keyword search only)"
        elif status.model_ok:
            model = "● model ready"
        else:
            model = "▲ fallback model (model files missing)"
        parts = [model, f"{status.notes:,} note{'s' if status.notes != 1 else ''}"]
        work = []
        if status.pending_embeddings:
            work.append(f"{status.pending_embeddings:,} to index")
        if status.pending_extractions:
            work.append(f"{status.pending_extractions:,} to read for facts")
        if status.pending_llm:
            work.append(f"{status.pending_llm:,} for the LLM")
        elif status.waiting_llm:
            work.append(f"{status.waiting_llm:,} for the LLM (retrying later)")
        parts.append("background: " + (", ".join(work) if work else "idle"))
        if search_ms is not None:
            parts.append(f"search {search_ms:.0f} ms")
        if problems:
            parts.insert(0, problems_mark(problems))
        self.update(" │ ".join(parts))

    def show_problems(self, problems: int) -> None:
        """Only the count of failed background tasks (nothing else is known yet)."""
        self.update(problems_mark(problems))


def problems_mark(problems: int) -> str:
    """The status bar's mark for failed background tasks."""
    return f"⚠ {problems} problem{'s' if problems != 1 else ''} (see log)"


class AnswerCard(Static):
    """What the notes answer to a question, above the hits: the fact, as of when, earlier values.
    Selected (Up from the first hit), it lists every earlier value and Enter opens the source."""

    answer: Answer | None = None
    selected: bool = False

    def show_answer(self, answer: Answer | None) -> None:
        """Show the answers (hidden when there are none); a new answer is not selected."""
        self.answer = answer if answer is not None and answer.answers else None
        self.selected = False
        self.redraw()

    def select(self, selected: bool) -> None:
        """Select the card (its history shown in full) or leave it."""
        self.selected = selected and self.answer is not None
        self.redraw()

    @property
    def fact(self) -> Fact | None:
        """The stored fact the first answer states (None when it is a note's sentence)."""
        return None if self.answer is None else self.answer.answers[0].fact

    @property
    def source(self) -> str | None:
        """The id of the note the first answer comes from."""
        if self.answer is None or not self.answer.answers[0].note_ids:
            return None
        return self.answer.answers[0].note_ids[0]

    def redraw(self) -> None:
        """Render the answer as it is now (shown, selected or hidden)."""
        self.set_class(self.answer is None, "hidden")
        self.set_class(self.selected, "selected")
        if self.answer is None:
            self.update("")
            return
        lines = []
        for n, item in enumerate(self.answer.answers[:ANSWER_CARD_LINES]):
            told = "written" if item.source == "notes" else "as of"
            when = f"  ({told} {item.as_of:%d %b %Y})" if item.as_of else ""
            lines.append(Text.assemble(("➜ ", "bold green"), item.text, (when, "dim")))
            if item.sentence and item.sentence != item.text:
                lines.append(Text(f"    “{item.sentence}”", style="dim"))
            shown = item.earlier if self.selected and n == 0 else item.earlier[:ANSWER_CARD_EARLIER]
            for old in shown:
                span = f" ({old.valid_at:%d %b %Y} – {old.invalid_at:%d %b %Y})" if old.invalid_at else ""
                lines.append(Text(f"    earlier: {old.target or old.text}{span}", style="dim"))
            if not self.selected and len(item.earlier) > len(shown):
                lines.append(Text(f"    … {len(item.earlier) - len(shown)} more earlier values (↑)", style="dim"))
        if self.selected:
            hints = ["Enter opens the note it comes from"] if self.source is not None else []
            hints += ["F6 corrects the fact", "F8 forgets it"] if self.fact is not None else []
        else:
            hints = ["↑ selects the answer"] + (["Ctrl+O opens its note"] if self.source is not None else [])
        lines.append(Text(" · ".join(hints), style="dim italic"))
        self.update(Text("\n").join(lines))


ANSWER_CARD_EARLIER = 2
ANSWER_CARD_LINES = 4
