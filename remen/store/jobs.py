"""A durable job queue: enqueue, claim, complete, fail with exponential backoff."""

from __future__ import annotations

from remen.core.models import Job, JobKind, JobStatus
from remen.store.connect import Connection

MAX_ATTEMPTS = 5
BACKOFF_BASE_S = 30.0


def enqueue(conn: Connection, kind: JobKind, nid: int | None, now: float, content_hash: str, payload: str = "") -> None:
    """Add a pending job for the note as it is now (``content_hash``); a pending job of the same
    kind for the same note is reused and follows the newest content."""
    conn.execute(
        "INSERT INTO jobs(kind, nid, payload, content_hash, created, updated) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT(kind, nid) WHERE status = 'pending' DO UPDATE SET payload = excluded.payload,"
        " content_hash = excluded.content_hash, updated = excluded.updated",
        (str(kind), nid, payload, content_hash, now, now),
    )


def is_current(conn: Connection, job: Job) -> bool:
    """True while the job's note still has the content the job was queued for."""
    row = conn.execute("SELECT n.content_hash FROM jobs j JOIN notes n ON n.nid = j.nid WHERE j.id = ?", (job.id,))
    found = row.fetchone()
    return found is not None and str(found[0]) == job.content_hash


def drop(conn: Connection, job_id: int, now: float) -> None:
    """A job whose note changed or went since it was queued: never run (a newer job covers it)."""
    conn.execute("UPDATE jobs SET status = 'dropped', updated = ? WHERE id = ?", (now, job_id))


def claim(conn: Connection, now: float, kinds: tuple[str, ...] | None = None) -> Job | None:
    """Take the oldest ready job and mark it running (call inside a write transaction)."""
    sql = (
        "SELECT j.id, j.kind, n.id, j.payload, j.attempts, j.status, j.content_hash"
        " FROM jobs j LEFT JOIN notes n ON n.nid = j.nid"
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
    return Job(
        id=row[0],
        kind=JobKind(row[1]),
        note_id=row[2],
        payload=row[3],
        attempts=row[4] + 1,
        status=JobStatus.RUNNING,
        content_hash=row[6],
    )


def claim_many(conn: Connection, now: float, kind: JobKind, limit: int) -> list[Job]:
    """Take up to ``limit`` ready jobs of ``kind``, oldest first (call inside a write transaction)."""
    jobs: list[Job] = []
    while len(jobs) < limit:
        job = claim(conn, now, (str(kind),))
        if job is None:
            break
        jobs.append(job)
    return jobs


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


def postpone(conn: Connection, kind: JobKind, until: float, now: float) -> int:
    """Hold every pending job of ``kind`` until ``until`` (their server is away); how many."""
    cur = conn.execute(
        "UPDATE jobs SET run_after = max(run_after, ?), updated = ? WHERE kind = ? AND status = 'pending'",
        (until, now, str(kind)),
    )
    return int(cur.rowcount)


def has_kind(conn: Connection, kind: JobKind) -> bool:
    """Whether any job of ``kind`` is stored, whatever its state."""
    return conn.execute("SELECT 1 FROM jobs WHERE kind = ? LIMIT 1", (str(kind),)).fetchone() is not None


def drop_kind(conn: Connection, kind: JobKind) -> int:
    """Remove every job of ``kind``, whatever its state (the work it stands for is gone); how many."""
    return int(conn.execute("DELETE FROM jobs WHERE kind = ?", (str(kind),)).rowcount)


def release(conn: Connection, job_id: int, now: float) -> None:
    """Put a running job back as it was, its attempt not counted (Remen stopped while it ran); a
    job that has finished meanwhile is left as it is."""
    conn.execute(
        "UPDATE jobs SET status = 'pending', attempts = max(attempts - 1, 0), updated = ?"
        " WHERE id = ? AND status = 'running'",
        (now, job_id),
    )


def requeue_running(conn: Connection, now: float) -> int:
    """Jobs left 'running' by a process that died go back to pending (call at start-up)."""
    cur = conn.execute("UPDATE jobs SET status = 'pending', updated = ? WHERE status = 'running'", (now,))
    return int(cur.rowcount)


def failures(conn: Connection) -> list[tuple[str, str | None, int, str]]:
    """(kind, note id, attempts, last error) of jobs that failed or are waiting to retry."""
    rows = conn.execute(
        "SELECT j.kind, n.id, j.attempts, j.error FROM jobs j LEFT JOIN notes n ON n.nid = j.nid"
        " WHERE j.error IS NOT NULL AND j.status IN ('failed', 'pending') ORDER BY j.updated DESC"
    ).fetchall()
    return [(str(r[0]), None if r[1] is None else str(r[1]), int(r[2]), str(r[3])) for r in rows]


def counts(conn: Connection) -> dict[str, int]:
    """Jobs per status."""
    return {str(s): int(n) for s, n in conn.execute("SELECT status, count(*) FROM jobs GROUP BY status")}
