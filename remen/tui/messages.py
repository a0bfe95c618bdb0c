"""Typed messages from background workers to the widgets."""

from __future__ import annotations

from typing import Literal

from textual.dom import DOMNode
from textual.message import Message
from textual.worker import Worker, WorkerState

from remen.core.answers import Answer
from remen.core.models import AppStatus, Note, RelatedNote, SearchResult, VaultSync


class SearchFinished(Message):
    """A search ran; ``seq`` tells whether it is still the current one; ``answer`` holds what the
    knowledge graph answers to it (None when nothing does)."""

    def __init__(self, seq: int, result: SearchResult, answer: Answer | None = None) -> None:
        super().__init__()
        self.seq = seq
        self.result = result
        self.answer = answer


class NotesListed(Message):
    """Notes were read for a list (the newest for an empty search box, or a screen's archive or
    trash); ``seq``, when given, tells whether the read is still the current one. A worker posts
    it instead of changing the list itself: a worker cancelled by the next one halfway through
    replacing a list's rows leaves rows whose message loop never starts, and everything waiting
    on them hangs."""

    def __init__(self, notes: list[Note], seq: int | None = None) -> None:
        super().__init__()
        self.notes = notes
        self.seq = seq


class StatusChanged(Message):
    """New counts / model state for the status bar."""

    def __init__(self, status: AppStatus) -> None:
        super().__init__()
        self.status = status


class VaultChanged(Message):
    """The watcher of a linked folder synced changes (``done``) or failed (``error``). Posted from
    its thread, which never waits for the app (a sync ending as the app quits cannot block it)."""

    def __init__(self, done: VaultSync | None = None, error: Exception | None = None) -> None:
        super().__init__()
        self.done = done
        self.error = error


class StatusStale(Message):
    """A screen changed notes: the app re-reads the counts for the status bar."""


# Where a note can be put away, and be brought back from with Ctrl+Z.
PutAway = Literal["trash", "archive"]


class NotePutAway(Message):
    """An editor moved its note to the trash or the archive: the app offers the undo."""

    def __init__(self, note: Note, place: PutAway) -> None:
        super().__init__()
        self.note = note
        self.place = place


class RelatedFound(Message):
    """Related notes for the note or draft being edited."""

    def __init__(self, related: list[RelatedNote]) -> None:
        super().__init__()
        self.related = related


class WorkerFailed(Message):
    """A background worker raised: the app logs it and shows it."""

    def __init__(self, task: str, error: BaseException) -> None:
        super().__init__()
        self.task = task
        self.error = error


def forward_failure(node: DOMNode, event: Worker.StateChanged) -> None:
    """Worker state messages do not bubble: each screen hands its failed workers to the app."""
    error = event.worker.error
    if event.state == WorkerState.ERROR and error is not None:
        node.app.post_message(WorkerFailed(event.worker.group or event.worker.name, error))
