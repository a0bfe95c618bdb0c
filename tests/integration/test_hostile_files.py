"""Full disks, databases from a newer Remen, hostile export folders and ids, private file modes."""

from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from cli_runner import run_cli
from small_disk import fill, small_disk

from remen.core.errors import DiskFullError, NewerDatabaseError
from remen.embed import HashedEmbedder
from remen.service import Remen
from remen.store import Store


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def remen(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The `remen` command in a process of its own, with ``home`` as its data folder."""
    env = {**os.environ, "REMEN_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "remen", *args], env=env, capture_output=True, text=True, timeout=120)


def test_full_disk_is_named_and_keeps_what_was_saved(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk") as disk:
        home = disk / "home"
        assert remen(home, "add", "--no-embed", "Saved before the disk filled").returncode == 0
        filler = fill(disk)
        for args in (["add", "--no-embed", "x" * 40_000], ["list"]):
            result = remen(home, *args)
            assert result.returncode == 1, result.stdout
            assert "disk holding" in result.stderr and "is full" in result.stderr, result.stderr
            assert "unexpected" not in result.stderr and "damaged" not in result.stderr
            assert "Traceback" not in result.stderr
        filler.unlink()
        listed = remen(home, "list")
        assert listed.returncode == 0 and "Saved before the disk filled" in listed.stdout
        assert "x" * 100 not in listed.stdout


def test_a_commit_that_finds_no_room_raises_disk_full_and_leaves_the_store_usable(tmp_path: Path) -> None:
    with Remen.open(tmp_path / "remen.db", embedder=HashedEmbedder()) as app:
        app.add("A short note", embed=False)
        with app.store.transaction() as conn:
            pages = conn.execute("PRAGMA page_count").fetchone()[0]
            conn.execute(f"PRAGMA max_page_count = {pages + 2}")
        with pytest.raises(DiskFullError, match="is full"):
            app.add("y" * 200_000, embed=False)
        assert [n.body for n in app.list_notes()] == ["A short note"]
        with app.store.transaction() as conn:
            conn.execute("PRAGMA max_page_count = 1073741823")
        app.add("Room again", embed=False)
        assert len(app.list_notes()) == 2


def test_a_database_from_a_newer_remen_is_refused_untouched(tmp_path: Path) -> None:
    db = tmp_path / "remen.db"
    with Remen.open(db, embedder=HashedEmbedder()) as app:
        app.add("Written by the newer Remen", embed=False)
        with app.store.transaction() as conn:
            conn.execute("INSERT INTO schema_migrations(name, applied) VALUES ('m999_from_the_future', 0)")
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    for args in (["list"], ["add", "--no-embed", "must not land"], ["doctor"]):
        result = run_cli("--db", str(db), *args)
        assert result.returncode == 1
        assert "newer version of Remen" in result.stderr and "Upgrade" in result.stderr
    with pytest.raises(NewerDatabaseError):
        Store(db)
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before


def test_markdown_export_never_writes_outside_its_folder(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "shopping-list.md").symlink_to(outside / "created-by-link.md")
    (out / "travel").symlink_to(outside, target_is_directory=True)
    with Remen.open(tmp_path / "remen.db", embedder=HashedEmbedder()) as app:
        app.add("Shopping list\n\nmilk, eggs", embed=False)
        records = [
            {"id": "x/../../escaped", "title": "Escape", "body": "tries to leave the folder"},
            {"id": "nul\u0000id", "title": "Nul", "body": "an id with a NUL"},
        ]
        jsonl = tmp_path / "in.jsonl"
        jsonl.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        assert app.import_path(jsonl, embed=False).added == 2
        assert app.export_markdown(out) == 3
        app.add("Trip to Lisbon #travel", embed=False)
        result = run_cli("--db", str(tmp_path / "remen.db"), "export", "--format", "md", str(out))
    assert result.returncode == 1 and "never through links" in result.stderr
    assert list(outside.iterdir()) == []
    assert not (tmp_path / "escaped.md").exists()
    written = [p for p in out.rglob("*") if p.is_file() and not p.is_symlink()]
    assert all(p.resolve().is_relative_to(out.resolve()) for p in written)
    assert any("milk, eggs" in p.read_text(encoding="utf-8") for p in written)
    assert (out / "shopping-list.md").is_symlink() and not (outside / "created-by-link.md").exists()


def test_control_characters_never_reach_ids_or_titles(tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "forged\nline.md").write_text("a body", encoding="utf-8")
    jsonl = tmp_path / "in.jsonl"
    jsonl.write_text(json.dumps({"id": "ab\u0000c\u001b[2J", "body": "\u001b[31mred\u001b[0m title\nbody"}) + "\n")
    with Remen.open(tmp_path / "remen.db", embedder=HashedEmbedder()) as app:
        app.import_path(folder, embed=False)
        app.import_path(jsonl, embed=False)
        app.add("x", title="two\nlines", embed=False)
        notes = app.list_notes()
    assert {n.title for n in notes} == {"forged line", "[31mred [0m title", "two lines"}
    assert any(n.id == "abc[2J" for n in notes)
    listing = run_cli("--db", str(tmp_path / "remen.db"), "list").stdout
    assert "\x00" not in listing and "\x1b" not in listing and len(listing.splitlines()) == 3


def test_files_holding_notes_are_private(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert remen(home, "add", "--no-embed", "My bank PIN is 1234").returncode == 0
    assert remen(home, "config", "set", "dates.order", "dmy").returncode == 0
    assert mode(home) == 0o700
    for name in ("remen.db", "remen.log", "config.json"):
        assert mode(home / name) == 0o600, name
    exported = tmp_path / "export"
    assert remen(home, "export", "--format", "md", str(exported)).returncode == 0
    assert remen(home, "export", str(tmp_path / "all.jsonl")).returncode == 0
    assert mode(exported) == 0o700 and mode(tmp_path / "all.jsonl") == 0o600
    assert {mode(p) for p in exported.rglob("*.md")} == {0o600}


def test_an_open_database_keeps_its_wal_files_private(tmp_path: Path) -> None:
    db = tmp_path / "remen.db"
    with Remen.open(db, embedder=HashedEmbedder()) as app:
        app.add("Held open", embed=False)
        assert {mode(Path(f"{db}{suffix}")) for suffix in ("", "-wal", "-shm")} == {0o600}


def test_loose_modes_of_an_existing_home_are_fixed_once_and_said(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert remen(home, "add", "--no-embed", "A secret").returncode == 0
    home.chmod(0o755)
    (home / "remen.db").chmod(0o644)
    first = remen(home, "list")
    assert first.returncode == 0 and "now only you can" in first.stderr
    assert str(home) in first.stderr and "remen.db" in first.stderr
    assert mode(home) == 0o700 and mode(home / "remen.db") == 0o600
    second = remen(home, "list")
    assert "now only you can" not in second.stderr
