"""The `remen` command: in-process through ``main(argv)``, with two real subprocess smoke tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from cli_runner import run_cli


def remen(
    *args: str, stdin: bytes | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "remen", *args],
        input=stdin,
        capture_output=True,
        env={**os.environ, **(env or {})},
        timeout=120,
    )
    return subprocess.CompletedProcess(
        result.args, result.returncode, result.stdout.decode("utf-8"), result.stderr.decode("utf-8")
    )


def test_smoke_add_list_show_rm_restore_in_a_real_process(hermetic_home: Path) -> None:
    added = remen("add", "--json", "--tags", "work,ideas", "Quarterly", "review", "prep")
    assert added.returncode == 0, added.stderr
    note = json.loads(added.stdout)
    assert note["title"] == "Quarterly review prep" and note["tags"] == ["work", "ideas"]
    listed = remen("list")
    assert note["id"] in listed.stdout and "#work" in listed.stdout
    shown = json.loads(remen("show", note["id"][:9], "--json").stdout)
    assert shown["body"] == "Quarterly review prep"
    removed = remen("rm", note["id"])
    assert "Undo with: remen restore" in removed.stdout
    assert "Nothing here" not in remen("list", "--trash").stdout
    assert remen("restore", note["id"]).returncode == 0
    assert note["id"] in remen("list").stdout


def test_add_from_stdin_with_invalid_utf8(hermetic_home: Path) -> None:
    result = run_cli("add", "--json", "--no-embed", stdin=b"caf\xe9 notes from stdin\n")
    assert result.returncode == 0
    assert "Windows-1252" in result.stderr
    assert json.loads(result.stdout)["body"].startswith("café notes")
    broken = run_cli("add", "--no-embed", stdin=b"bytes \x81\x8d no encoding reads\n")
    assert broken.returncode == 0 and "not valid UTF-8" in broken.stderr


def test_smoke_errors_are_messages_not_tracebacks_in_a_real_process(hermetic_home: Path, tmp_path: Path) -> None:
    empty = remen("add", "--no-embed", stdin=b"  \n")
    assert empty.returncode == 1 and "empty" in empty.stderr and "Traceback" not in empty.stderr
    missing = remen("show", "nope")
    assert missing.returncode == 1 and "No note with id" in missing.stderr
    bad = tmp_path / "bad.db"
    bad.write_text("not sqlite at all")
    corrupt = remen("--db", str(bad), "list")
    assert corrupt.returncode == 1 and "not a Remen database" in corrupt.stderr
    assert bad.read_text() == "not sqlite at all"


def test_import_export_and_doctor(hermetic_home: Path, tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "a.md").write_text("# Alpha\nfirst")
    (folder / "b.md").write_text("# Beta\nsecond")
    imported = run_cli("import", str(folder))
    assert imported.returncode == 0 and "Imported 2 notes: 2 new" in imported.stdout
    exported = run_cli("export")
    assert [json.loads(line)["title"] for line in exported.stdout.splitlines()] == ["Alpha", "Beta"]
    doctor = json.loads(run_cli("doctor", "--json").stdout)
    assert doctor["model"]["ok"] and doctor["pending_embeddings"] == 0 and doctor["integrity"] == "ok"


def test_doctor_reports_a_missing_model(hermetic_home: Path, tmp_path: Path) -> None:
    result = run_cli("doctor", env={"REMEN_MODEL_DIR": str(tmp_path / "gone")})
    assert result.returncode == 1 and "problem with the embedding model" in result.stderr
    assert "PROBLEM: model file missing" in result.stdout and "hashed-token fallback" in result.stdout


def test_search_explain_related_json(hermetic_home: Path) -> None:
    first = json.loads(run_cli("add", "--json", "Carbonara: guanciale, eggs, pecorino, black pepper").stdout)
    run_cli("add", "Lasagna: fresh pasta sheets, beef ragu, bechamel and parmesan")
    found = json.loads(
        run_cli("search", "--json", "--now", "2030-01-01T10:00", "pasta with eggs and black pepper").stdout
    )
    assert found["results"][0]["id"] == first["id"] and found["temporal_filter"] is None
    assert {"keyword", "semantic", "total"} <= set(found["timings_ms"])
    explained = json.loads(
        run_cli("explain", "--json", "--now", "2026-03-16T10:00", '#food "black pepper" last week').stdout
    )
    assert explained["tags"] == ["food"] and explained["phrases"] == ["black pepper"]
    assert explained["time_range"]["start"].startswith("2026-03-09")
    related = json.loads(run_cli("related", "--json", first["id"]).stdout)
    assert related and related[0]["similarity"] >= 0.3
    removed = json.loads(run_cli("rm", "--json", first["id"]).stdout)
    assert removed[0]["deleted"] is True


def test_edit_file_ends_with_a_newline_and_a_newline_alone_is_no_change(hermetic_home: Path, tmp_path: Path) -> None:
    note = json.loads(run_cli("add", "--json", "--no-embed", "last word").stdout)
    appender = tmp_path / "append.sh"
    appender.write_text('#!/bin/sh\nprintf "next line\\n" >> "$1"\n')
    appender.chmod(0o755)
    newline_only = tmp_path / "newline.sh"
    newline_only.write_text('#!/bin/sh\nprintf "\\n" >> "$1"\n')
    newline_only.chmod(0o755)
    unchanged = run_cli("edit", note["id"], env={"EDITOR": str(newline_only)})
    assert "No changes" in unchanged.stdout
    assert "no earlier versions" in run_cli("history", note["id"]).stdout
    assert run_cli("edit", note["id"], env={"EDITOR": str(appender)}).returncode == 0
    assert json.loads(run_cli("show", "--json", note["id"]).stdout)["body"] == "last word\nnext line"


def test_history_lists_and_prints_earlier_versions(hermetic_home: Path, tmp_path: Path) -> None:
    note = json.loads(run_cli("add", "--json", "--no-embed", "first version").stdout)
    editor = tmp_path / "editor.sh"
    editor.write_text('#!/bin/sh\nprintf "second version" > "$1"\n')
    editor.chmod(0o755)
    assert run_cli("edit", note["id"], env={"EDITOR": str(editor)}).returncode == 0
    listed = run_cli("history", note["id"])
    assert "replaced" in listed.stdout and "first version" in listed.stdout
    assert run_cli("history", note["id"], "1").stdout.strip() == "first version"
    assert json.loads(run_cli("show", "--json", note["id"]).stdout)["body"] == "second version"
    assert "pick 1 to 1" in run_cli("history", note["id"], "5").stderr
    restored = run_cli("history", note["id"], "1", "--restore")
    assert "Restored version 1" in restored.stdout and "undoes this" in restored.stdout
    assert json.loads(run_cli("show", "--json", note["id"]).stdout)["body"] == "first version"
    assert run_cli("history", note["id"], "1").stdout.strip() == "second version"  # the undo is there
    assert "Which version?" in run_cli("history", note["id"], "--restore").stderr


def test_purge_asks_first_and_without_a_terminal_needs_yes(hermetic_home: Path) -> None:
    kept = json.loads(run_cli("add", "--json", "--no-embed", "keep me").stdout)
    gone = json.loads(run_cli("add", "--json", "--no-embed", "throw me away").stdout)
    run_cli("rm", kept["id"], gone["id"])
    refused = run_cli("purge", gone["id"])
    assert "add --yes to confirm" in refused.stderr and "Nothing deleted" in refused.stdout
    assert "throw me away" in run_cli("list", "--trash").stdout
    assert "Deleted for good" in run_cli("purge", gone["id"], "--yes").stdout
    assert "Nothing deleted" in run_cli("purge", "--trash").stdout
    assert "Deleted 1 note from the trash for good." in run_cli("purge", "--trash", "--yes").stdout
    assert "The trash is empty." in run_cli("purge", "--trash").stdout


def test_small_text_counts_tags_and_options_after_the_double_dash(hermetic_home: Path, tmp_path: Path) -> None:
    (tmp_path / "one.md").write_text("# Only one\nbody")
    assert "Imported 1 note: 1 new" in run_cli("import", "--no-wait", str(tmp_path / "one.md")).stdout
    run_cli("add", "--no-embed", "--tags", "home", "Router password #home")
    line = next(row for row in run_cli("list").stdout.splitlines() if "Router" in row)
    assert line.count("#home") == 1
    searched = run_cli("search", "--", "router", "--limit", "4")
    assert "--limit after `--` is searched as text" in searched.stderr


def test_rename_changes_the_title_and_its_heading_and_keeps_the_old_one_in_history(hermetic_home: Path) -> None:
    note = json.loads(run_cli("add", "--json", "# Carbonara\nGuanciale, eggs, pecorino.").stdout)
    renamed = json.loads(run_cli("rename", "--json", note["id"], "Roman", "carbonara").stdout)
    assert renamed["title"] == "Roman carbonara" and renamed["body"].startswith("# Roman carbonara\n")
    assert "Renamed: Roman carbonara → Pasta" in run_cli("rename", note["id"], "Pasta").stdout
    history = run_cli("history", note["id"]).stdout
    assert "Roman carbonara" in history and "Carbonara" in history
    # A title given beside the body (its first line says something else) is renamed alone.
    jot = json.loads(run_cli("add", "--json", "--title", "Shopping", "milk, eggs").stdout)
    assert json.loads(run_cli("rename", "--json", jot["id"], "Groceries").stdout)["body"] == "milk, eggs"
    empty = run_cli("rename", note["id"], " ")
    assert empty.returncode != 0 and "title cannot be empty" in empty.stderr
