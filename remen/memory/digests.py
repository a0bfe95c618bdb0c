"""Weekly digests per label, built without an LLM: the key statements and titles of that label's
notes that week. Pure functions; the worker stores them, the reader builds stale ones on the fly."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date, datetime, timedelta

from remen.core.constants import DIGEST_KEY_LINES, DIGEST_TITLES
from remen.core.knowledge import Aspect, Digest
from remen.core.timeutil import from_epoch, to_epoch
from remen.store import digests as digest_store
from remen.store.connect import Connection
from remen.store.digests import WeekNote, WeekStatement

# Which statements say most about a week, first to last.
KEY_ASPECTS: tuple[Aspect, ...] = (
    Aspect.DECISION,
    Aspect.GOAL,
    Aspect.PROBLEM,
    Aspect.TASK,
    Aspect.EVENT,
    Aspect.BELIEF,
    Aspect.PREFERENCE,
    Aspect.HABIT,
    Aspect.DIRECTIVE,
    Aspect.KNOWLEDGE,
    Aspect.IDENTITY,
    Aspect.RELATIONSHIP,
)


def week_of(moment: datetime) -> str:
    """The ISO date of the local Monday that starts ``moment``'s week."""
    day = moment.astimezone().date()
    return (day - timedelta(days=day.weekday())).isoformat()


def week_span(week: str) -> tuple[float, float]:
    """Epoch seconds of the week's local start (Monday 00:00) and of the next week's start."""
    monday = date.fromisoformat(week)
    start = datetime.combine(monday, datetime.min.time())
    return to_epoch(start), to_epoch(start + timedelta(days=7))


def weeks_between(start: float, end: float) -> list[str]:
    """The weeks that overlap [start, end), oldest first."""
    weeks = []
    monday = date.fromisoformat(week_of(from_epoch(start)))
    while week_span(monday.isoformat())[0] < end:
        weeks.append(monday.isoformat())
        monday += timedelta(days=7)
    return weeks


def build_digests(week: str, notes: Sequence[WeekNote], statements: Sequence[WeekStatement]) -> list[Digest]:
    """One digest per label of the week's notes (notes without a label under ''), most notes first."""
    members: dict[str, list[WeekNote]] = {}
    for note in sorted(notes, key=lambda n: -n.created):
        for label in note.labels or ("",):
            members.setdefault(label, []).append(note)
    said: dict[int, list[WeekStatement]] = {}
    for statement in statements:
        said.setdefault(statement.nid, []).append(statement)
    rank = {aspect.value: i for i, aspect in enumerate(KEY_ASPECTS)}
    digests = []
    for label, group in members.items():
        stated = [s for note in group for s in said.get(note.nid, [])]
        stated.sort(key=lambda s: rank.get(s.aspect, len(rank)))
        lines = tuple(dict.fromkeys(s.text for s in stated))[:DIGEST_KEY_LINES]
        digests.append(
            Digest(
                week,
                label,
                len(group),
                lines,
                tuple(n.title for n in group[:DIGEST_TITLES]),
                tuple(n.note_id for n in group),
            )
        )
    return sorted(digests, key=lambda d: (-d.notes, d.label))


def digest_body(digest: Digest) -> str:
    """The stored form of a digest's lists."""
    return json.dumps({"lines": digest.lines, "titles": digest.titles, "note_ids": digest.note_ids})


def digest_from_row(week: str, label: str, notes: int, body: str, summary: str | None = None) -> Digest:
    """A stored digest (an empty summary: the model's answer was unusable)."""
    data = json.loads(body)
    lines, titles, note_ids = tuple(data["lines"]), tuple(data["titles"]), tuple(data["note_ids"])
    return Digest(week, label, notes, lines, titles, note_ids, summary or None)


def week_digests(conn: Connection, week: str) -> list[Digest]:
    """A week's digests built from what its notes say now."""
    start, end = week_span(week)
    notes, statements = digest_store.week_material(conn, start, end)
    return build_digests(week, notes, statements)


def rebuild_week(conn: Connection, week: str, now: float) -> None:
    """Rebuild and store a week's digests (inside the caller's write transaction)."""
    digests = week_digests(conn, week)
    digest_store.replace_week(conn, week, [(d.label, d.notes, digest_body(d)) for d in digests], now)


def digests_between(conn: Connection, start: float, end: float) -> list[Digest]:
    """The digests of the weeks overlapping [start, end): stored ones, and stale weeks built now."""
    weeks = weeks_between(start, end)
    stale = digest_store.stale_among(conn, weeks)
    found = [digest_from_row(*row) for row in digest_store.stored(conn, weeks) if row[0] not in stale]
    for week in sorted(stale):
        found += week_digests(conn, week)
    return found
