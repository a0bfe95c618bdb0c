"""Import and export on real files: round trips, bad input, idempotence, interruption, the corpus."""

from __future__ import annotations

import io
import json
import os
import shutil
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from remen.core.constants import EMBED_NOTES_PER_STEP
from remen.core.progress import Progress
from remen.core.timeutil import parse_iso
from remen.embed import HashedEmbedder
from remen.service import Remen


@pytest.fixture
def app(tmp_path: Path, clock) -> Iterator[Remen]:  # type: ignore[no-untyped-def]
    """These tests are not about meaning: the hashed embedder, not the model."""
    with Remen.open(tmp_path / "remen.db", embedder=HashedEmbedder(), clock=clock) as remen:
        yield remen


def write(path: Path, data: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return path


def test_jsonl_round_trip_is_exact(app: Remen, tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    lines = [
        {
            "id": "n1",
            "title": "Café",
            "body": "crème brûlée #dessert",
            "tags": ["food", "dessert"],
            "created": "2024-03-02T10:11:12.345678+01:00",
            "updated": "2024-03-03T08:00:00+01:00",
            "archived": False,
            "deleted": False,
        },
        {
            "id": "n2",
            "title": "Old",
            "body": "archived thing",
            "tags": [],
            "created": "2023-01-01T00:00:00",
            "updated": "2023-01-02T00:00:00",
            "archived": True,
            "deleted": False,
        },
        {
            "id": "n3",
            "title": "Gone",
            "body": "in the trash",
            "tags": ["x"],
            "created": "2023-05-01T00:00:00+00:00",
            "updated": "2023-05-01T00:00:00+00:00",
            "archived": False,
            "deleted": True,
        },
    ]
    source = write(tmp_path / "in.jsonl", "\n".join(json.dumps(line) for line in lines) + "\n")
    summary = app.import_path(source, embed=False)
    assert summary.added == 3
    first = io.StringIO()
    assert app.export_jsonl(first) == 3
    exported = [json.loads(line) for line in first.getvalue().splitlines()]
    assert [e["id"] for e in exported] == ["n2", "n3", "n1"]
    by_id = {e["id"]: e for e in exported}
    assert by_id["n1"]["body"] == "crème brûlée #dessert" and by_id["n1"]["tags"] == ["food", "dessert"]
    assert parse_iso(by_id["n1"]["created"]) == parse_iso("2024-03-02T10:11:12.345678+01:00")
    assert parse_iso(by_id["n2"]["created"]) == datetime(2023, 1, 1).astimezone()
    assert by_id["n2"]["archived"] and by_id["n3"]["deleted"]

    copy_path = write(tmp_path / "again.jsonl", first.getvalue())
    with Remen.open(tmp_path / "second.db", embedder=HashedEmbedder()) as other:
        other.import_path(copy_path, embed=False)
        second = io.StringIO()
        other.export_jsonl(second)
    assert second.getvalue() == first.getvalue()
    assert app.import_path(copy_path, embed=False).unchanged == 3


def test_jsonl_round_trip_keeps_every_earlier_version(app: Remen, tmp_path: Path, clock) -> None:  # type: ignore[no-untyped-def]
    plan = app.add("# Plan\nfirst draft #work")
    for text in ("# Plan\nsecond draft #work", "# Plan\nthird draft #home"):
        clock.advance(86_400)  # a day apart: each save keeps the text it replaced
        app.update(plan.id, body=text)
    kept = app.revisions(plan.id)
    assert [r.body for r in kept] == ["# Plan\nsecond draft #work", "# Plan\nfirst draft #work"]
    exported = io.StringIO()
    app.export_jsonl(exported)
    (record,) = [json.loads(line) for line in exported.getvalue().splitlines()]
    assert [r["body"] for r in record["revisions"]] == ["# Plan\nfirst draft #work", "# Plan\nsecond draft #work"]
    copy_path = write(tmp_path / "with-history.jsonl", exported.getvalue())
    with Remen.open(tmp_path / "second.db", embedder=HashedEmbedder()) as other:
        other.import_path(copy_path, embed=False)
        assert other.revisions(plan.id) == kept
        again = io.StringIO()
        other.export_jsonl(again)
        # Importing the same file again adds no version twice.
        other.import_path(copy_path, embed=False)
        assert other.revisions(plan.id) == kept
    assert again.getvalue() == exported.getvalue()
    bare = io.StringIO()
    app.export_jsonl(bare, history=False)
    assert "revisions" not in json.loads(bare.getvalue())


def test_bad_jsonl_lines_are_reported_not_fatal(app: Remen, tmp_path: Path) -> None:
    source = write(tmp_path / "in.jsonl", '{"body": "ok"}\nnot json\n{"title": "no body"}\n{"body": "  "}\n')
    summary = app.import_path(source, embed=False)
    assert summary.added == 1 and summary.skipped_empty == 1
    assert len(summary.errors) == 2 and "line 2" in summary.errors[0]
    assert app.import_path(source, embed=False).unchanged == 1


def test_jsonl_tags_as_text_are_split_and_bad_tags_refused(app: Remen, tmp_path: Path) -> None:
    source = write(
        tmp_path / "tags.jsonl",
        '{"body": "comma tags", "tags": "a,b"}\n{"body": "space tags", "tags": "work home"}\n'
        '{"body": "number tags", "tags": 7}\n{"body": "list tags", "tags": ["x", "y"]}\n',
    )
    summary = app.import_path(source, embed=False)
    assert summary.added == 3
    assert summary.errors == ["tags.jsonl: line 3: 'tags' must be a list of strings or a comma-separated string"]
    tags = {n.body: n.tags for n in app.list_notes()}
    assert tags == {"comma tags": ("a", "b"), "space tags": ("work", "home"), "list tags": ("x", "y")}


def test_folder_import_handles_bad_files_and_is_idempotent(app: Remen, tmp_path: Path) -> None:
    root = tmp_path / "vault"
    write(
        root / "work" / "standup.md",
        "---\ntags: [meeting]\ncreated: 2024-02-01T09:00:00\n---\n# Standup\nnotes #daily\n",
    )
    write(root / "plain.txt", "grocery list: eggs, milk")
    write(root / "binary.md", b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    write(root / "latin1.md", "caf\xe9 au lait \u2013 \u20ac2".encode("cp1252"))
    write(root / "broken.md", b"# Broken\ncaf\xc3 \x81 bytes no encoding reads")
    write(root / "empty.md", "   \n")
    write(root / ".hidden" / "secret.md", "not imported")
    write(root / "image.png", b"\x89PNG")
    summary = app.import_path(root, embed=True)
    counts = (
        summary.added,
        summary.skipped_binary,
        summary.skipped_empty,
        summary.decoded_cp1252,
        summary.replaced_utf8,
    )
    assert counts == (4, 1, 1, 1, 1)
    assert any("latin1.md" in e and "Windows-1252" in e for e in summary.errors)
    assert any("broken.md" in e and "replaced" in e for e in summary.errors)
    assert summary.pending_embeddings == 0
    notes = {n.title: n for n in app.list_notes()}
    assert set(notes) == {"Standup", "plain", "latin1", "Broken"}
    assert notes["Standup"].tags == ("meeting", "daily", "work")
    assert notes["Standup"].created == datetime(2024, 2, 1, 9).astimezone()
    assert notes["latin1"].body == "caf\xe9 au lait \u2013 \u20ac2"
    assert "\ufffd" in notes["Broken"].body
    again = app.import_path(root, embed=True)
    assert (again.added, again.unchanged) == (0, 4)
    write(root / "plain.txt", "grocery list: eggs, milk, bread")
    assert app.import_path(root, embed=False).updated == 1
    assert len(app.revisions(notes["plain"].id)) == 1


def test_markdown_export_reimports_to_the_same_notes(app: Remen, tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    app.add("# Soup\nwarm #winter", tags=["food"])
    app.add("no tags: just a thought")
    archived = app.add("old idea")
    app.archive(archived.id)
    assert app.export_markdown(tmp_path / "out") == 3
    with Remen.open(tmp_path / "copy.db", embedder=HashedEmbedder()) as other:
        assert other.import_path(tmp_path / "out", embed=False).added == 3
        mine = {n.id: n for n in [*app.list_notes(), *app.list_notes(archived=True)]}
        theirs = {n.id: n for n in [*other.list_notes(), *other.list_notes(archived=True)]}
    assert mine.keys() == theirs.keys()
    for note_id, note in mine.items():
        other_note = theirs[note_id]
        assert (other_note.title, other_note.body, other_note.archived) == (note.title, note.body, note.archived)
        assert set(note.tags) <= set(other_note.tags)
        assert other_note.created == note.created


def test_interrupted_import_is_consistent_and_resumable(app: Remen, tmp_path: Path) -> None:
    root = tmp_path / "many"
    for i in range(450):
        write(root / f"note{i:03}.md", f"# Note {i}\nbody {i}")

    stopped: list[int] = []

    def interrupt(progress: Progress) -> None:
        if progress.phase == "import" and progress.done >= 200:
            stopped.append(progress.done)
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        app.import_path(root, embed=False, on_progress=interrupt)
    # Batches are stored whole; on a slow machine one may be cut short by the progress clock, so
    # what was reported done when Ctrl-C came is what is stored (200 at the usual batch size).
    (done,) = stopped
    assert 200 <= done < 450 and app.counts()["live"] == done
    with app.store.read() as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    summary = app.import_path(root, embed=False)
    assert (summary.added, summary.unchanged) == (450 - done, done)


def test_interrupted_embedding_resumes(app: Remen, tmp_path: Path) -> None:
    root = tmp_path / "few"
    count = 230  # more than one embedding step
    for i in range(count):
        write(root / f"n{i}.md", f"# Topic {i}\nsomething to embed number {i}")

    def interrupt(progress: Progress) -> None:
        # Ctrl-C half way through the first step: the notes it finished keep their vectors.
        if progress.phase == "embed" and progress.done > EMBED_NOTES_PER_STEP // 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        app.import_path(root, embed=True, on_progress=interrupt)
    assert 0 < app.pending_embeddings() <= count - EMBED_NOTES_PER_STEP // 2
    app.embed_pending()
    assert app.pending_embeddings() == 0


def test_whole_shared_corpus_imports_with_counts_tags_and_dates(app: Remen, corpus: Path, tmp_path: Path) -> None:
    manifest = [json.loads(line) for line in (corpus / "manifest.jsonl").read_text().splitlines()]
    copy = tmp_path / "til"
    shutil.copytree(corpus / "notes", copy)
    for entry in manifest:
        if entry["updated"]:
            stamp = parse_iso(entry["updated"]).timestamp()
            os.utime(copy / Path(entry["path"]).relative_to("notes"), (stamp, stamp))
    summary = app.import_path(copy, embed=False)
    assert summary.added == len(manifest) == 1871
    assert summary.errors == [] and summary.skipped_binary == 0
    assert app.counts()["live"] == 1871
    tags = dict(app.tags())
    topics = {e["topic"] for e in manifest}
    assert topics <= set(tags)
    for topic in topics:
        assert tags[topic] >= sum(1 for e in manifest if e["topic"] == topic)
    by_title = {}
    for note in app.list_notes():
        by_title.setdefault(note.title, note)
    sample = next(e for e in manifest if e["path"] == "notes/ack/ack-bar.md")
    ack = by_title["ack --bar"]
    assert "ack" in ack.tags
    assert ack.updated == parse_iso(sample["updated"])
    assert app.import_path(copy, embed=False).unchanged == 1871


def test_import_reports_both_phases_as_they_go(app: Remen, tmp_path: Path) -> None:
    root = tmp_path / "many"
    for i in range(120):
        write(root / f"n{i}.md", f"# Topic {i}\nsomething to embed number {i}")
    reports: list[Progress] = []
    app.import_path(root, embed=True, on_progress=reports.append)
    embedded = [r.done for r in reports if r.phase == "embed" and not r.detail]
    # Within one embedding step (up to 200 notes) the chunks already move the count.
    assert any(0 < done < 120 for done in embedded) and embedded[-1] == 120
    assert next(r.done for r in reports if r.phase == "import") == 0
