"""Salvage a damaged database: copy every note and revision SQLite can still read into a new file.

The damaged file is opened read-only and never changed. Rows are read in key order; where a
damaged page breaks the scan, the reader probes ever further ahead for the next readable key and
then narrows back, so one bad page costs the rows stored on it and no more. Indexes, vectors and
jobs are derived data: the new file rebuilds them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import sqlean as sqlite3

from remen.core.models import JobKind
from remen.store import jobs as job_store
from remen.store import links as link_store
from remen.store import notes as note_store
from remen.store.connect import Connection, DatabaseError
from remen.store.db import Store

SMALLEST_KEY = -(2**63)
LARGEST_STEP = 2**62


@dataclass
class SalvageReport:
    """What a salvage copied and what it had to leave behind."""

    source: Path
    target: Path
    notes: int = 0
    revisions: int = 0
    unreadable_regions: int = 0
    problems: list[str] = field(default_factory=list)


def open_read_only(path: Path) -> Connection:
    """The damaged file, opened so that nothing can be written to it."""
    return cast(Connection, sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None))


def _first_key_after(conn: Connection, table: str, key: str, after: int) -> int | None:
    """The smallest readable key above ``after`` (raises if the seek hits a damaged page)."""
    row = conn.execute(f"SELECT {key} FROM {table} WHERE {key} > ? ORDER BY {key} LIMIT 1", (after,)).fetchone()
    return None if row is None else int(row[0])


def _next_readable_key(conn: Connection, table: str, key: str, after: int) -> int | None:
    """Past a damaged region: probe ahead with doubling steps, then narrow back to its end."""
    failed, step = 0, 1
    while step <= LARGEST_STEP:
        try:
            found = _first_key_after(conn, table, key, after + step)
        except DatabaseError:
            failed, step = step, step * 2
            continue
        succeeded = step
        while succeeded - failed > 1:
            middle = (failed + succeeded) // 2
            try:
                candidate = _first_key_after(conn, table, key, after + middle)
            except DatabaseError:
                failed = middle
                continue
            succeeded, found = middle, candidate
        return found
    return None


def readable_rows(
    conn: Connection, table: str, key: str, columns: str, report: SalvageReport
) -> Iterator[tuple[Any, ...]]:
    """Every row of ``table`` that can be read, in ``key`` order (the key is the first column)."""
    after = SMALLEST_KEY
    while True:
        try:
            for row in conn.execute(f"SELECT {key}, {columns} FROM {table} WHERE {key} > ? ORDER BY {key}", (after,)):
                after = int(row[0])
                yield tuple(row)
            return
        except DatabaseError as exc:
            report.unreadable_regions += 1
            report.problems.append(f"{table}: rows after key {after} unreadable ({exc})")
            resume = _next_readable_key(conn, table, key, after)
            if resume is None:
                return
            after = resume - 1


def salvage(source: Path, target: Path, now: float) -> SalvageReport:
    """Copy readable notes and revisions of ``source`` into a new Remen database at ``target``."""
    report = SalvageReport(source, target)
    damaged = open_read_only(source)
    store = Store(target)
    try:
        new_nid: dict[int, int] = {}
        for nid, note_id, title, body, tags, created, updated, archived, deleted_at, content_hash in readable_rows(
            damaged,
            "notes",
            "nid",
            "id, title, body, tags, created, updated, archived, deleted_at, content_hash",
            report,
        ):
            try:
                with store.transaction() as conn:
                    fresh = note_store.insert(
                        conn,
                        str(note_id),
                        str(title),
                        str(body),
                        note_store.split_tags(str(tags)),
                        float(created),
                        float(updated),
                        str(content_hash),
                        bool(archived),
                        None if deleted_at is None else float(deleted_at),
                    )
                    job_store.enqueue(conn, JobKind.EXTRACT, fresh, now, str(content_hash))
            except (DatabaseError, TypeError, ValueError) as exc:
                report.problems.append(f"note {note_id}: not copied ({exc})")
                continue
            new_nid[int(nid)] = fresh
            report.notes += 1
        for _, nid, title, body, tags, saved in readable_rows(
            damaged, "revisions", "id", "nid, title, body, tags, saved", report
        ):
            if int(nid) not in new_nid:
                continue
            with store.transaction() as conn:
                note_store.insert_revision(conn, new_nid[int(nid)], str(title), str(body), str(tags), float(saved))
            report.revisions += 1
        with store.transaction() as conn:
            link_store.relink_all(conn)
    finally:
        damaged.close()
        store.close()
    return report
