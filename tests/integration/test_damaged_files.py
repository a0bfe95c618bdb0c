"""Damaged databases, wrong paths and broken editors: clear words, exit 1, never a traceback."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from cli_runner import run_cli
from damage import damaged_database

from remen.embed import HashedEmbedder
from remen.service import Remen

NOTES = 300


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def damage(db: Path, leaf: int) -> Path:
    return damaged_database(db, NOTES, leaf)


@pytest.fixture
def damaged_db(tmp_path: Path) -> Path:
    """The last leaf of the notes table is garbage: reads of every note and new notes hit it."""
    return damage(tmp_path / "damaged.db", -1)


@pytest.mark.parametrize("command", [["list"], ["search", "gardening"], ["add", "--no-embed", "new"], ["doctor"]])
def test_damaged_database_is_explained(damaged_db: Path, command: list[str]) -> None:
    before = digest(damaged_db)
    result = run_cli("--db", str(damaged_db), *command)
    assert result.returncode == 1, result.stdout
    assert "Traceback" not in result.stderr
    assert "damaged" in result.stderr and "doctor --recover" in result.stderr
    assert digest(damaged_db) == before


def test_recover_copies_every_readable_note(tmp_path: Path) -> None:
    damaged_db = damage(tmp_path / "middle.db", NOTES // 60)
    before = digest(damaged_db)
    result = run_cli("--db", str(damaged_db), "doctor", "--recover", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert digest(damaged_db) == before
    target = Path(report["target"])
    assert target.parent == damaged_db.parent and target != damaged_db
    # One leaf page of the notes table held a handful of notes; the rest are all there.
    assert NOTES - 40 < report["notes"] < NOTES and report["problems"]
    with Remen.open(target, embedder=HashedEmbedder()) as app:
        assert app.counts()["live"] == report["notes"]
        assert app.search("gardening").results
        assert app.doctor().integrity == "ok"
    # A second recovery never overwrites the first.
    again = json.loads(run_cli("--db", str(damaged_db), "doctor", "--recover", "--json").stdout)
    assert again["target"] != report["target"]


def test_a_file_that_is_not_sqlite_is_left_alone(tmp_path: Path) -> None:
    bad = tmp_path / "bad.db"
    bad.write_text("not sqlite at all")
    for command in (["list"], ["add", "--no-embed", "x"], ["doctor"]):
        result = run_cli("--db", str(bad), *command)
        assert result.returncode == 1 and "not a Remen database" in result.stderr
        assert "Traceback" not in result.stderr
    assert bad.read_text() == "not sqlite at all"


def test_wrong_paths_are_explained(tmp_path: Path) -> None:
    folder = run_cli("--db", str(tmp_path), "list")
    assert folder.returncode == 1 and "is a folder" in folder.stderr and "Traceback" not in folder.stderr
    blocker = tmp_path / "plain-file"
    blocker.write_text("x")
    unreachable = run_cli("--db", str(blocker / "sub" / "remen.db"), "list")
    assert unreachable.returncode == 1 and "Cannot create the folder" in unreachable.stderr
    assert "Traceback" not in unreachable.stderr


def test_missing_editor_is_named(tmp_path: Path) -> None:
    db = str(tmp_path / "e.db")
    note = json.loads(run_cli("--db", db, "add", "--json", "--no-embed", "Edit me").stdout)
    result = run_cli("--db", db, "edit", note["id"], env={"EDITOR": "/nonexistent/editor", "VISUAL": ""})
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "/nonexistent/editor" in result.stderr and "$EDITOR" in result.stderr
