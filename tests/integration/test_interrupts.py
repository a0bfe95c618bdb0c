"""Ctrl-C and kill -9 in the middle of reading notes into the graph: a quick exit, nothing left
"running", and a rerun that ends with the graph a clean run builds."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import CORPUS

from remen.embed import HashedEmbedder
from remen.service import Remen

NOTES = 400
# A queue the worker needs tens of seconds for, so that a test process slowed down by a busy
# machine still signals it before it runs out of notes.
LONG_QUEUE = 2000


PEOPLE = ("Sarah Chen", "Tom Becker", "Priya Nair", "Lena Vogel", "Omar Haddad", "Yuki Tanaka", "Marco Ruiz")
PLACES = ("Lisbon", "Leeds", "Porto", "Berlin", "Oslo")
ORGS = ("Acme Corp", "Initech", "Globex", "Umbrella Labs")
TOOLS = ("Postgres", "Redis", "Kafka", "Docker", "Neovim", "pnpm")
SENTENCES = (
    "Lunch with {p} in {c}; she joined {o} as a designer last month.",
    "Decided to move the billing service from {t} to {u} after the outage.",
    "My manager {p} wants the {t} migration done before the 14th.",
    "Always back up {t} before upgrading it. {p} learned that the hard way.",
    "Call {p} about the flat in {c} on Friday at 10:30.",
    "We switched from {t} to {u} for the side project, much faster.",
    "{p} recommends the ramen place near the {o} office.",
    "Problem: {t} keeps timing out under load since Tuesday.",
)


def import_notes(db: Path, corpus: Path | None = None, count: int = NOTES) -> None:
    """``count`` notes stored without their facts yet: the first of the shared corpus, or (without
    it) notes of varied people, places, tools and aspects."""
    if corpus is not None:
        source = db.parent / "source"
        for path in sorted(corpus.rglob("*.md"))[:count]:
            target = source / path.relative_to(corpus)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
        with Remen.open(db, embedder=HashedEmbedder()) as app:
            app.import_path(source, embed=False)
        return
    with Remen.open(db, embedder=HashedEmbedder()) as app:
        for i in range(count):
            fill = {
                "p": PEOPLE[i % len(PEOPLE)],
                "c": PLACES[i % len(PLACES)],
                "o": ORGS[i % len(ORGS)],
                "t": TOOLS[i % len(TOOLS)],
                "u": TOOLS[(i + 1) % len(TOOLS)],
            }
            body = " ".join(SENTENCES[(i + k) % len(SENTENCES)].format(**fill) for k in range(3))
            app.add(f"Note {i}\n\n{body}", embed=False)


def worker(db: Path) -> subprocess.Popen[str]:
    """`remen worker --once` in a session of its own (Ctrl-C in a terminal reaches the whole group)."""
    return subprocess.Popen(
        [sys.executable, "-m", "remen", "--db", str(db), "worker", "--once"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def job_counts(db: Path) -> dict[str, int]:
    with Remen.open(db, embedder=HashedEmbedder()) as app, app.store.read() as conn:
        rows = conn.execute("SELECT status, count(*) FROM jobs WHERE kind = 'extract' GROUP BY status").fetchall()
    return {str(status): int(n) for status, n in rows}


def wait_for_progress(db: Path, process: subprocess.Popen[str]) -> None:
    """Until the worker has read some notes and still has more to read (fails after 120 s)."""
    deadline = time.monotonic() + 120
    while job_counts(db).get("done", 0) == 0:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the worker read no note in 120 s"
        time.sleep(0.2)


def graph(db: Path) -> set[tuple[str, ...]]:
    """Every statement with its subject, object and the note it comes from, as text."""
    with Remen.open(db, embedder=HashedEmbedder()) as app, app.store.read() as conn:
        rows = conn.execute(
            "SELECT s.aspect, s.predicate, s.text, coalesce(s.object_value, ''), coalesce(subj.name, ''),"
            " coalesce(obj.name, ''), n.id FROM statements s"
            " JOIN statement_sources ss ON ss.sid = s.sid JOIN notes n ON n.nid = ss.nid"
            " LEFT JOIN entities subj ON subj.eid = s.subject_eid LEFT JOIN entities obj ON obj.eid = s.object_eid"
        ).fetchall()
    return {tuple(str(v) for v in row) for row in rows}


def test_ctrl_c_during_extraction_exits_at_once_and_leaves_nothing_running(tmp_path: Path) -> None:
    db = tmp_path / "remen.db"
    import_notes(db, count=LONG_QUEUE)
    process = worker(db)
    wait_for_progress(db, process)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=10)
    # Its own words on failure: a rare exit 1 instead of 130 was seen once, with nothing to read.
    assert process.returncode == 130 and "interrupted" in err, f"exit {process.returncode}, stderr:\n{err}"
    counts = job_counts(db)
    # Every note read or still waiting, none left claimed or failed. The signal may land after the
    # last note was claimed (while the worker finishes up): then none is pending, and that is fine.
    assert counts["done"] > 0 and set(counts) <= {"done", "pending"}, counts


@pytest.mark.parametrize("notes", ["written here", "the shared corpus"])
def test_a_rerun_after_kill_9_builds_the_graph_of_a_clean_run(tmp_path: Path, notes: str) -> None:
    # The corpus's real notes caught a batch-dependent embedding; it is used where it is present.
    if notes == "the shared corpus" and not CORPUS.is_dir():
        pytest.skip(f"shared corpus not found at {CORPUS}")
    clean, killed = tmp_path / "clean" / "remen.db", tmp_path / "killed" / "remen.db"
    clean.parent.mkdir()
    import_notes(clean, CORPUS if notes == "the shared corpus" else None)
    killed.parent.mkdir()
    shutil.copy(clean, killed)
    assert worker(clean).wait(timeout=300) == 0
    process = worker(killed)
    wait_for_progress(killed, process)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    assert job_counts(killed).get("pending", 0) > 0
    assert worker(killed).wait(timeout=300) == 0
    assert graph(killed) == graph(clean)
