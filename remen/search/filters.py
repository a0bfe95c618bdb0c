"""Pure checks that narrow a search: the quoted phrases a note must hold, and the windows an event's
date may fall in for a time phrase."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta

from dateutil.relativedelta import relativedelta

from remen.core.models import (
    TimeRange,
)
from remen.core.text import fold
from remen.store.search import NoteText

# A range this short named without a year may be the coming one when notes plan events.
EVENT_AHEAD_MAX_SPAN = timedelta(days=31)
YEAR_RE = re.compile(r"\b(?:19|20)\d\d\b")


def event_windows(span: TimeRange, now: datetime) -> list[tuple[float, float]]:
    """Where events a time phrase names may be dated: the range itself and, for a short range in
    the past written without a year ("on March 3"), the coming one too: the note may plan it."""
    windows = [(span.start.timestamp(), span.end.timestamp())]
    if span.end <= now and span.end - span.start <= EVENT_AHEAD_MAX_SPAN and not YEAR_RE.search(span.phrase):
        ahead = relativedelta(years=1)
        windows.append(((span.start + ahead).timestamp(), (span.end + ahead).timestamp()))
    return windows


def holds_phrases(note: NoteText, phrases: Sequence[str]) -> bool:
    """Whether the note's title, body or tags contain every quoted phrase (folded)."""
    text = fold(f"{note.title}\n{note.body}\n{' '.join(note.tags)}")
    return all(fold(phrase) in text for phrase in phrases)
