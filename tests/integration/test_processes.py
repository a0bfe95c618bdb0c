"""Several real processes on one database file: every acknowledged write survives."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import sqlean as sqlite3

from remen.embed import Embedder
from remen.service import Remen


def cli(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the real `remen` command in its own process."""
    result = subprocess.run(
        [sys.executable, "-m", "remen", "--db", str(db), *args],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result


def integrity(db: Path) -> str:
    """PRAGMA integrity_check of a closed database."""
    conn = sqlite3.connect(str(db))
    try:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        conn.close()


def test_shell_writes_survive_an_open_app(tmp_path: Path, embedder: Embedder) -> None:
    db = tmp_path / "shared.db"
    app = Remen.open(db, embedder=embedder)
    seed = app.add("Seed note about the garden")
    assert app.search("garden").results
    app.warm_search()
    assert app.search("garden").results

    # The README's workflow: the app stays open while a shell lists, adds, edits and deletes.
    cli(db, "list")
    added = json.loads(cli(db, "add", "--json", "--no-embed", "Added from the shell while the app is open").stdout)
    edited = json.loads(cli(db, "add", "--json", "--no-embed", "Draft to be edited").stdout)
    doomed = json.loads(cli(db, "add", "--json", "--no-embed", "Note to be deleted").stdout)
    cli(db, "search", "garden")
    cli(db, "rm", doomed["id"])
    cli(db, "list")
    env_editor = {"EDITOR": f"{sys.executable} -c \"import sys; open(sys.argv[1], 'a').write('edited line\\n')\""}
    result = subprocess.run(
        [sys.executable, "-m", "remen", "--db", str(db), "edit", edited["id"]],
        capture_output=True,
        text=True,
        env={**os.environ, **env_editor},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr

    later = app.add("Added by the app after the shell")
    assert app.search("garden").results
    app.close()

    with Remen.open(db, embedder=embedder) as reopened:
        ids = {n.id for n in reopened.list_notes()}
        assert {seed.id, added["id"], edited["id"], later.id} <= ids
        assert doomed["id"] not in ids
        assert doomed["id"] in {n.id for n in reopened.list_notes(trash=True)}
        assert "edited line" in reopened.get(edited["id"]).body
    assert integrity(db) == "ok"


WRITER = """
import sys
from remen.service import Remen
from remen.embed import HashedEmbedder

db, name = sys.argv[1], sys.argv[2]
with Remen.open(db, embedder=HashedEmbedder()) as app:
    for i in range(60):
        app.add(f"{name} note {i} about shared writing")
        if i % 10 == 0:
            app.search("shared writing")
print("done")
"""


def test_three_processes_write_and_search_at_once(tmp_path: Path) -> None:
    db = tmp_path / "busy.db"
    Remen.open(db).close()
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(db), f"writer{k}"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for k in range(3)
    ]
    for proc in procs:
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
        assert out.strip() == "done"
    from remen.embed import HashedEmbedder

    with Remen.open(db, embedder=HashedEmbedder()) as app:
        titles = {n.title for n in app.list_notes()}
    assert titles == {f"writer{k} note {i} about shared writing" for k in range(3) for i in range(60)}
    assert integrity(db) == "ok"


OPEN_WHEN_TOLD = """
import sys, time
from pathlib import Path
from remen.store import Store
go = Path(sys.argv[2])
while not go.exists():
    time.sleep(0.001)
Store(Path(sys.argv[1])).close()
"""


def test_processes_opening_a_fresh_file_at_once_all_migrate_it(tmp_path: Path) -> None:
    # Each round, four processes wait at a start line and then open the same new file; the
    # schema's migrations must be applied once, whoever comes first, and nobody may fail.
    for round_number in range(4):
        db = tmp_path / f"fresh-{round_number}.db"
        go = tmp_path / f"go-{round_number}"
        starters = [
            subprocess.Popen(
                [sys.executable, "-c", OPEN_WHEN_TOLD, str(db), str(go)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(4)
        ]
        go.touch()
        for process in starters:
            _, err = process.communicate(timeout=120)
            assert process.returncode == 0, err
        conn = sqlite3.connect(str(db))
        try:
            names = [row[0] for row in conn.execute("SELECT name FROM schema_migrations")]
        finally:
            conn.close()
        assert len(names) == len(set(names)) and "m010_digest_summaries" in names
        assert integrity(db) == "ok"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SCHED_IDLE is Linux's")
def test_the_apps_background_reader_runs_only_when_nothing_else_wants_the_cpu() -> None:
    from remen.core.knowledge import NoteForExtraction
    from remen.memory.parallel import ProcessExtractor

    reader = ProcessExtractor(1, None, background=True)
    try:
        found = reader.extract(NoteForExtraction("Lunch with Priya Raman at Dishoom.", (), 1_750_000_000.0))
        assert "Priya Raman" in {e.name for e in found.entities}
        (process,) = reader.pool._processes.values()
        threads = [int(tid) for tid in os.listdir(f"/proc/{process.pid}/task")]
        assert threads and all(os.sched_getscheduler(tid) == os.SCHED_IDLE for tid in threads)
    finally:
        reader.close()
    # A bulk run's readers (`remen worker`, an import) keep the normal priority.
    bulk = ProcessExtractor(1, None)
    try:
        bulk.extract(NoteForExtraction("Lunch with Priya.", (), 1_750_000_000.0))
        (process,) = bulk.pool._processes.values()
        assert os.sched_getscheduler(process.pid) == os.SCHED_OTHER
    finally:
        bulk.close()


UNGUARDED_SCRIPT = """
import sys
from remen.service import Remen

# No `if __name__ == "__main__":`: the readers' processes must not run this again.
with Remen.open(sys.argv[1]) as app:
    for i in range(NOTES):
        app.add(f"Note {i}: lunch with Priya Nair in Lisbon about the Acme Corp offer", embed=False)
    run = app.extract_pending()
    print(run.done, run.failed)
"""


def test_a_script_without_a_main_guard_reads_its_notes_once(tmp_path: Path) -> None:
    # Reading that many notes starts one process per core; a spawned process runs the parent's
    # main script again unless it is kept from it: this one would add its notes twice, then fail.
    from remen.core.constants import EXTRACT_PARALLEL_MIN_NOTES

    script = tmp_path / "add_and_read.py"
    script.write_text(UNGUARDED_SCRIPT.replace("NOTES", str(EXTRACT_PARALLEL_MIN_NOTES)), encoding="utf-8")
    db = tmp_path / "notes.db"
    result = subprocess.run(
        [sys.executable, str(script), str(db)], capture_output=True, text=True, timeout=300, env=os.environ.copy()
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [str(EXTRACT_PARALLEL_MIN_NOTES), "0"], result.stderr
    conn = sqlite3.connect(str(db))
    try:
        notes = conn.execute("SELECT count(*) FROM notes").fetchone()[0]
    finally:
        conn.close()
    assert notes == EXTRACT_PARALLEL_MIN_NOTES
