"""Weekly digests: which weeks a range covers, and what a week's digest keeps."""

from __future__ import annotations

from datetime import datetime

from remen.core.timeutil import to_epoch
from remen.memory.digests import build_digests, week_of, week_span, weeks_between
from remen.store.digests import WeekNote, WeekStatement


def test_weeks_start_on_monday_and_cover_the_range() -> None:
    assert week_of(datetime(2026, 3, 8, 23, 0).astimezone()) == "2026-03-02"  # a Sunday night
    assert week_of(datetime(2026, 3, 9, 0, 0).astimezone()) == "2026-03-09"
    start, end = to_epoch(datetime(2026, 3, 1)), to_epoch(datetime(2026, 4, 1))
    assert weeks_between(start, end) == [
        "2026-02-23",
        "2026-03-02",
        "2026-03-09",
        "2026-03-16",
        "2026-03-23",
        "2026-03-30",
    ]
    first, after = week_span("2026-03-02")
    assert (first, after) == (to_epoch(datetime(2026, 3, 2)), to_epoch(datetime(2026, 3, 9)))


def test_a_digest_keeps_decisions_before_chatter_and_notes_without_labels_apart() -> None:
    notes = [
        WeekNote(1, "a", "Garden plan", 10.0, ("garden",)),
        WeekNote(2, "b", "Hose", 20.0, ("garden",)),
        WeekNote(3, "c", "Groceries", 30.0, ()),
    ]
    said = [
        WeekStatement(2, "Knowledge", "The hose is 20 m long."),
        WeekStatement(1, "Decision", "We decided to plant tomatoes."),
        WeekStatement(1, "Decision", "We decided to plant tomatoes."),
    ]
    garden, other = build_digests("2026-03-02", notes, said)
    assert (garden.label, garden.notes, garden.titles) == ("garden", 2, ("Hose", "Garden plan"))
    assert garden.lines == ("We decided to plant tomatoes.", "The hose is 20 m long.")
    assert (other.label, other.note_ids, other.lines) == ("", ("c",), ())
