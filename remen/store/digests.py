"""SQL of the weekly digests: the stale weeks the triggers mark, a week's material, stored digests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from remen.store.connect import Connection
from remen.store.memory import VISIBLE


@dataclass(frozen=True)
class WeekNote:
    """A note of the week with its labels."""

    nid: int
    note_id: str
    title: str
    created: float
    labels: tuple[str, ...]


@dataclass(frozen=True)
class WeekStatement:
    """A current statement one of the week's notes makes."""

    nid: int
    aspect: str
    text: str


def stale_weeks(conn: Connection, limit: int) -> list[str]:
    """Weeks whose digests a change made stale, newest first."""
    rows = conn.execute("SELECT week FROM digest_stale ORDER BY week DESC LIMIT ?", (limit,)).fetchall()
    return [str(r[0]) for r in rows]


def stale_among(conn: Connection, weeks: Sequence[str]) -> set[str]:
    """Which of ``weeks`` are stale."""
    marks = ",".join("?" * len(weeks)) or "NULL"
    rows = conn.execute(f"SELECT week FROM digest_stale WHERE week IN ({marks})", list(weeks)).fetchall()
    return {str(r[0]) for r in rows}


def week_material(conn: Connection, start: float, end: float) -> tuple[list[WeekNote], list[WeekStatement]]:
    """The notes written in [start, end) outside the trash with their labels, and the current
    statements they make."""
    notes = [
        WeekNote(int(r[0]), str(r[1]), str(r[2]), float(r[3]), tuple(sorted(filter(None, (r[4] or "").split("\x1f")))))
        for r in conn.execute(
            "SELECT n.nid, n.id, n.title, n.created,"
            " (SELECT group_concat(l.name, char(31)) FROM note_labels nl JOIN labels l ON l.lid = nl.lid"
            "   WHERE nl.nid = n.nid)"
            " FROM notes n WHERE n.created >= ? AND n.created < ? AND n.deleted_at IS NULL",
            (start, end),
        ).fetchall()
    ]
    statements = [
        WeekStatement(int(r[0]), str(r[1]), str(r[2]))
        for r in conn.execute(
            "SELECT ss.nid, s.aspect, s.text FROM notes n JOIN statement_sources ss ON ss.nid = n.nid"
            " JOIN statements s ON s.sid = ss.sid"
            f" WHERE n.created >= ? AND n.created < ? AND n.deleted_at IS NULL AND s.invalid_at IS NULL"
            f" AND s.negated = 0 AND {VISIBLE} ORDER BY ss.nid, ss.start",
            (start, end),
        ).fetchall()
    ]
    return notes, statements


def replace_week(conn: Connection, week: str, digests: Sequence[tuple[str, int, str]], now: float) -> None:
    """Store a week's digests as (label, notes, body), replacing the old ones; the week is fresh."""
    conn.execute("DELETE FROM digests WHERE week = ?", (week,))
    conn.executemany(
        "INSERT INTO digests(week, label, notes, body, built) VALUES (?, ?, ?, ?, ?)",
        [(week, label, notes, body, now) for label, notes, body in digests],
    )
    conn.execute("DELETE FROM digest_stale WHERE week = ?", (week,))


def stored(conn: Connection, weeks: Sequence[str]) -> list[tuple[str, str, int, str, str | None]]:
    """(week, label, notes, body, summary) of the stored digests of ``weeks``."""
    marks = ",".join("?" * len(weeks)) or "NULL"
    rows = conn.execute(
        f"SELECT week, label, notes, body, summary FROM digests WHERE week IN ({marks}) ORDER BY week", list(weeks)
    ).fetchall()
    return [(str(r[0]), str(r[1]), int(r[2]), str(r[3]), None if r[4] is None else str(r[4])) for r in rows]


def needing_summary(conn: Connection, since: str, min_notes: int, limit: int) -> list[tuple[str, str, int, str]]:
    """(week, label, notes, body) of digests from week ``since`` on, of ``min_notes`` notes or more,
    that have no summary yet, newest first."""
    rows = conn.execute(
        "SELECT week, label, notes, body FROM digests WHERE summary IS NULL AND week >= ? AND notes >= ?"
        " AND week NOT IN (SELECT week FROM digest_stale) ORDER BY week DESC, notes DESC LIMIT ?",
        (since, min_notes, limit),
    ).fetchall()
    return [(str(r[0]), str(r[1]), int(r[2]), str(r[3])) for r in rows]


def set_summary(conn: Connection, week: str, label: str, body: str, summary: str) -> None:
    """Store a digest's summary, unless the digest changed since it was read."""
    conn.execute(
        "UPDATE digests SET summary = ? WHERE week = ? AND label = ? AND body = ?", (summary, week, label, body)
    )
