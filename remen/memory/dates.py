"""Dates stated in a note's sentence, read relative to when the note was written."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from remen.core.models import DateOrder
from remen.search.temporal import parse_temporal

YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")
# The search grammar leans to the past ("March 3" in a query means the last March 3); a note that
# says "dentist on March 3" in February means the coming one.
FORWARD_DAYS = 185


@dataclass(frozen=True)
class StatedDate:
    """A date a sentence states: its start, whether a year was written, and the words it spans."""

    moment: datetime
    has_year: bool
    phrase: str


def stated_date(
    sentence: str, written: datetime, past: bool = False, date_order: DateOrder = "mdy"
) -> StatedDate | None:
    """The first date ``sentence`` states, as of ``written`` (the note's time), or None. A day
    without a year in a sentence not in the past tense ("dentist on March 3") is the coming one."""
    found, _ = parse_temporal(sentence, written, date_order)
    if found is None:
        return None
    start = found.start
    if found.start <= written < found.end:
        start = written  # "today", "this week": the note's own time says it more precisely
    has_year = YEAR.search(found.phrase or "") is not None
    single_day = found.end - found.start <= timedelta(days=1)
    if not past and single_day and not has_year and start < written - timedelta(days=FORWARD_DAYS):
        later = start.replace(year=start.year + 1)
        if later <= written + timedelta(days=FORWARD_DAYS):
            start = later
    return StatedDate(start, has_year, found.phrase or "")


def day_month(moment: datetime, has_year: bool) -> str:
    """A birthday-style value: '12 May 1988', or '12 May' when no year was stated."""
    text = f"{moment.day} {moment:%B}"
    return f"{text} {moment.year}" if has_year else text
