"""The store on a real SQLite file: migrations, FTS triggers, vectors, jobs, bad files."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest
from waiting import wait_for

from remen.core.constants import EMBED_DIM, MODEL_NAMESPACE
from remen.core.errors import DatabaseCorruptError, DatabaseLockedError
from remen.core.models import JobKind
from remen.store import Store, jobs, links, notes, vectors
from remen.store.checkpoints import Checkpointer
from remen.store.connect import connect
from remen.store.migrations import MIGRATIONS, applied, migrate


def test_blank_to_latest(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite")
    with store.read() as conn:
        assert applied(conn) == [name for name, _ in MIGRATIONS]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        assert {"notes", "notes_fts", "notes_words", "chunks", "vec_minilm", "vec_hashed", "jobs"} <= tables
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1


@pytest.mark.parametrize("stop_after", [name for name, _ in MIGRATIONS[:-1]])
def test_each_old_schema_upgrades_keeping_data(tmp_path: Path, stop_after: str) -> None:
    path = tmp_path / "old.sqlite"
    conn = connect(path)
    migrate(conn, upto=stop_after)
    conn.execute("BEGIN")
    kept = notes.insert(conn, "keep1", "Kept", "old body", ["t"], 1.0, 2.0, "h")
    notes.insert(conn, "link1", "Index", "see [[kept]]", [], 1.0, 2.0, "h2")
    conn.execute("COMMIT")
    conn.close()
    store = Store(path)
    with store.read() as conn:
        assert applied(conn) == [name for name, _ in MIGRATIONS]
        assert notes.get(conn, "keep1").note.body == "old body"  # type: ignore[union-attr]
        # Links written before they were kept are read from the text by the upgrade.
        names = [name for name, _ in MIGRATIONS]
        if names.index(stop_after) < names.index("m012_links_and_saved_searches"):
            assert [link.note_id for link in links.backlinks(conn, kept)] == ["link1"]
    with store.transaction() as conn:
        assert migrate(conn) == []


def fts_ids(store: Store, table: str, query: str) -> list[int]:
    with store.read() as conn:
        return [r[0] for r in conn.execute(f"SELECT rowid FROM {table} WHERE {table} MATCH ?", (query,))]


def test_fts_follows_inserts_updates_deletes(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite")
    with store.transaction() as conn:
        nid = notes.insert(conn, "a", "Café ideas", "espresso machine", ["coffee"], 1.0, 1.0, "h1")
    assert fts_ids(store, "notes_fts", '"cafe"') == [nid]
    assert fts_ids(store, "notes_words", "espresso") == [nid]
    with store.transaction() as conn:
        notes.update_content(conn, nid, "Tea ideas", "green leaves", ["tea"], 2.0, "h2", 2.0)
    assert fts_ids(store, "notes_fts", '"espresso"') == []
    assert fts_ids(store, "notes_words", "leaves") == [nid]
    with store.read() as conn:
        assert [r.body for r in notes.revisions(conn, nid)] == ["espresso machine"]
    with store.transaction() as conn:
        notes.delete_row(conn, nid)
    assert fts_ids(store, "notes_words", "leaves") == []


def test_vectors_follow_visibility_and_cascade(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite")
    vec = np.zeros((2, EMBED_DIM), dtype=np.float32)
    vec[:, 0] = 1.0
    with store.transaction() as conn:
        nid = notes.insert(conn, "a", "T", "B", [], 100.0, 100.0, "h")
        vectors.replace_note_vectors(conn, nid, MODEL_NAMESPACE, vec, "h", 100.0, False)
        gen = vectors.generation(conn)
    with store.read() as conn:
        assert [n for n, _ in vectors.knn(conn, MODEL_NAMESPACE, vec[0], 5)] == [nid, nid]
        assert vectors.knn(conn, MODEL_NAMESPACE, vec[0], 5, start=200.0) == []
        assert vectors.count_pending(conn, MODEL_NAMESPACE) == 0
    with store.transaction() as conn:
        notes.set_flags(conn, nid, archived=True)
    with store.read() as conn:
        assert vectors.knn(conn, MODEL_NAMESPACE, vec[0], 5) == []
        assert len(vectors.knn(conn, MODEL_NAMESPACE, vec[0], 5, include_hidden=True)) == 2
    with store.transaction() as conn:
        notes.delete_row(conn, nid)
        assert vectors.generation(conn) > gen
    with store.read() as conn:
        assert conn.execute("SELECT count(*) FROM vec_minilm").fetchone()[0] == 0


def test_jobs_queue_claim_fail_and_requeue(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite")
    with store.transaction() as conn:
        nid = notes.insert(conn, "a", "T", "B", [], 1.0, 1.0, "h")
        jobs.enqueue(conn, JobKind.EXTRACT, nid, 10.0, "h")
        jobs.enqueue(conn, JobKind.EXTRACT, nid, 11.0, "h")
        assert jobs.counts(conn) == {"pending": 1}
        job = jobs.claim(conn, now=12.0)
        assert job is not None and job.note_id == "a" and job.attempts == 1 and job.content_hash == "h"
        assert jobs.is_current(conn, job)
        assert jobs.claim(conn, now=12.0) is None
        jobs.fail(conn, job.id, now=13.0, error="boom")
        assert jobs.claim(conn, now=14.0) is None  # backing off
        again = jobs.claim(conn, now=13.0 + 31.0)
        assert again is not None and again.attempts == 2
        assert jobs.requeue_running(conn, now=50.0) == 1
        job = jobs.claim(conn, now=50.0)
        assert job is not None
        jobs.complete(conn, job.id, now=51.0)
        assert jobs.counts(conn) == {"done": 1}


def test_a_job_follows_its_notes_content(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite")
    with store.transaction() as conn:
        nid = notes.insert(conn, "a", "T", "B", [], 1.0, 1.0, "h1")
        jobs.enqueue(conn, JobKind.EXTRACT, nid, 10.0, "h1")
        running = jobs.claim(conn, now=11.0)
        assert running is not None and jobs.is_current(conn, running)
        # The note is edited while the job runs: the running job is stale, a new one is queued.
        notes.update_content(conn, nid, "T", "B2", [], 12.0, "h2", 12.0)
        jobs.enqueue(conn, JobKind.EXTRACT, nid, 12.0, "h2")
        assert not jobs.is_current(conn, running)
        jobs.drop(conn, running.id, 13.0)
        fresh = jobs.claim(conn, now=14.0)
        assert fresh is not None and fresh.content_hash == "h2" and jobs.is_current(conn, fresh)
        assert jobs.counts(conn) == {"dropped": 1, "running": 1}


def test_corrupt_file_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    garbage = b"this is my thesis, not a database\n" * 100
    path.write_bytes(garbage)
    with pytest.raises(DatabaseCorruptError, match="left untouched"):
        Store(path)
    assert path.read_bytes() == garbage


def test_truncated_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    Store(path).close()
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\xff" * 4000)
    with pytest.raises(DatabaseCorruptError):
        Store(path)


def test_locked_database_waits_then_explains(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("remen.store.connect.BUSY_TIMEOUT_MS", 300)
    path = tmp_path / "db.sqlite"
    store = Store(path)
    other = connect(path)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(DatabaseLockedError, match="locked by another program"), store.transaction() as conn:
            notes.insert(conn, "x", "T", "B", [], 1.0, 1.0, "h")
    finally:
        other.execute("ROLLBACK")
    released = threading.Event()
    with store.transaction() as conn:
        notes.insert(conn, "x", "T", "B", [], 1.0, 1.0, "h")
        released.set()
    assert released.is_set()


def write_notes(store: Store, count: int, size: int) -> None:
    """``count`` notes of ``size`` characters, one transaction each."""
    for i in range(count):
        with store.transaction() as conn:
            notes.insert(conn, f"n{i}", f"Note {i}", f"word{i} " * (size // 8), [], 1.0, 1.0, f"h{i}")


def checkpointing_after(path: Path, delay: float) -> Store:
    """A store on ``path`` whose checkpoint thread waits ``delay`` seconds after a write."""
    store = Store(path)
    store.checkpoints.close()
    store.checkpoints = Checkpointer(path, delay=delay)
    return store


def test_a_commit_never_checkpoints_the_wal(tmp_path: Path) -> None:
    # SQLite's automatic checkpoint would copy the WAL back (and start it over) inside the commit
    # that grows it past 1,000 pages, keeping the file near 4 MB; with the checkpoint thread held
    # off, the commits leave all their frames in the WAL.
    path = tmp_path / "db.sqlite"
    store = checkpointing_after(path, 3600)
    write_notes(store, 60, 200_000)
    wal = path.with_name(path.name + "-wal")
    assert wal.stat().st_size > 2 * 1000 * 4096
    store.close()
    with Store(path).read() as conn:
        assert conn.execute("SELECT count(*) FROM notes").fetchone()[0] == 60


def test_the_checkpoint_thread_copies_the_wal_after_writes(tmp_path: Path) -> None:
    store = checkpointing_after(tmp_path / "db.sqlite", 0.01)
    write_notes(store, 20, 50_000)
    written = store.checkpoints.runs
    # A checkpoint after the last write, which found no frame it could not copy.
    assert wait_for(lambda: store.checkpoints.runs > written and store.checkpoints.left == 0)
    with store.read() as conn:
        assert conn.execute("SELECT count(*) FROM notes").fetchone()[0] == 20
    store.close()


def test_closing_just_as_a_checkpoint_starts_does_not_hang(tmp_path: Path) -> None:
    store = checkpointing_after(tmp_path / "db.sqlite", 0.0)
    checkpoints = store.checkpoints
    closing = threading.Thread(target=checkpoints.close, daemon=True)

    class ClosedMeanwhile(threading.Event):
        """The thread's wake-up, with close() run between its "not stopped yet" and its clear()."""

        def clear(self) -> None:
            if not closing.is_alive() and not checkpoints._stop.is_set():
                closing.start()
                assert wait_for(lambda: checkpoints._stop.is_set() and self.is_set())
            super().clear()

    checkpoints._wake = ClosedMeanwhile()
    write_notes(store, 1, 100)
    assert wait_for(lambda: closing.ident is not None)
    closing.join(10)
    assert not closing.is_alive(), "close() waits for a checkpoint thread that sleeps for ever"
    store.close()


class InterruptedAfterBegin:
    """A connection on which Ctrl-C lands right after SQLite began a transaction, before the call
    returned (as a signal does between the C call and the next Python line)."""

    def __init__(self, conn: object) -> None:
        self.conn = conn
        self.armed = True

    def execute(self, sql: str, *args: object) -> object:
        result = self.conn.execute(sql, *args)  # type: ignore[attr-defined]
        if self.armed and sql.startswith("BEGIN"):
            self.armed = False
            raise KeyboardInterrupt
        return result

    def __getattr__(self, name: str) -> object:
        return getattr(self.conn, name)


def test_a_ctrl_c_as_a_transaction_begins_leaves_no_transaction_open(tmp_path: Path) -> None:
    store = Store(tmp_path / "remen.db")
    real = store._writer
    store._writer = InterruptedAfterBegin(real)  # type: ignore[assignment]
    with pytest.raises(KeyboardInterrupt), store.transaction():
        pass
    assert not real.in_transaction
    store._writer = real
    with store.transaction() as conn:
        conn.execute("CREATE TABLE after_interrupt (x)")
    store.close()
