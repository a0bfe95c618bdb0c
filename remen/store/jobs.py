"""A durable job queue: enqueue, claim, complete, fail with exponential backoff."""

from __future__ import annotations

from remen.models import Job
from remen.store.connect import Connection

MAX_ATTEMPTS = 5
BACKOFF_BASE_S = 30.0


def enqueue(conn: Connection, kind: str, nid: int | None, now: float, payload: str = "") -> None:
    """Add a pending job; a pending job of the same kind for the same note is reused."""
    conn.execute(
        "INSERT INTO jobs(kind, nid, payload, created, updated) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT(kind, nid) WHERE status = 'pending' DO UPDATE SET payload = excluded.payload,"
        " updated = excluded.updated",
        (kind, nid, payload, now, now),
    )


def claim(conn: Connection, now: float, kinds: tuple[str, ...] | None = None) -> Job | None:
    """Take the oldest ready job and mark it running (call inside a write transaction)."""
    sql = (
        "SELECT j.id, j.kind, n.id, j.payload, j.attempts, j.status FROM jobs j LEFT JOIN notes n ON n.nid = j.nid"
        " WHERE j.status = 'pending' AND j.run_after <= ?"
    )
    params: list[object] = [now]
    if kinds:
        sql += f" AND j.kind IN ({','.join('?' * len(kinds))})"
        params += list(kinds)
    row = conn.execute(sql + " ORDER BY j.id LIMIT 1", params).fetchone()
    if row is None:
        return None
    conn.execute("UPDATE jobs SET status = 'running', attempts = attempts + 1, updated = ? WHERE id = ?", (now, row[0]))
    return Job(id=row[0], kind=row[1], note_id=row[2], payload=row[3], attempts=row[4] + 1, status="running")


def complete(conn: Connection, job_id: int, now: float) -> None:
    """Mark a job done."""
    conn.execute("UPDATE jobs SET status = 'done', error = NULL, updated = ? WHERE id = ?", (now, job_id))


def fail(conn: Connection, job_id: int, now: float, error: str) -> None:
    """Record a failure; retry later with backoff, or give up after MAX_ATTEMPTS."""
    attempts = conn.execute("SELECT attempts FROM jobs WHERE id = ?", (job_id,)).fetchone()[0]
    if attempts >= MAX_ATTEMPTS:
        conn.execute("UPDATE jobs SET status = 'failed', error = ?, updated = ? WHERE id = ?", (error, now, job_id))
        return
    conn.execute(
        "UPDATE jobs SET status = 'pending', error = ?, run_after = ?, updated = ? WHERE id = ?",
        (error, now + BACKOFF_BASE_S * 2 ** (attempts - 1), now, job_id),
    )


def requeue_running(conn: Connection, now: float) -> int:
    """Jobs left 'running' by a process that died go back to pending (call at start-up)."""
    cur = conn.execute("UPDATE jobs SET status = 'pending', updated = ? WHERE status = 'running'", (now,))
    return int(cur.rowcount)


def counts(conn: Connection) -> dict[str, int]:
    """Jobs per status."""
    return {str(s): int(n) for s, n in conn.execute("SELECT status, count(*) FROM jobs GROUP BY status")}
