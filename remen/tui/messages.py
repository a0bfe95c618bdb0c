"""Typed messages from background workers to the widgets."""

from __future__ import annotations

from textual.message import Message

from remen.models import RelatedNote, SearchResult
from remen.models import AppStatus


class SearchFinished(Message):
    """A search ran; ``seq`` tells whether it is still the current one."""

    def __init__(self, seq: int, result: SearchResult) -> None:
        super().__init__()
        self.seq = seq
        self.result = result


class StatusChanged(Message):
    """New counts / model state for the status bar."""

    def __init__(self, status: AppStatus) -> None:
        super().__init__()
        self.status = status


class RelatedFound(Message):
    """Related notes for the note or draft being edited."""

    def __init__(self, related: list[RelatedNote]) -> None:
        super().__init__()
        self.related = related
