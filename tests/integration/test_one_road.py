"""One road for every write: the same changes made through the API and carried by import leave the
same database (notes, revisions, jobs, current facts)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from conftest import Clock

from remen.embed import Embedder
from remen.service import Remen
from remen.store import Store


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone()


def state(app: Remen) -> dict[str, object]:
    """Everything a note write decides, keyed by note id (row ids and job times left out)."""
    store: Store = app.store
    with store.read() as conn:
        notes = conn.execute(
            "SELECT id, title, body, tags, created, updated, archived, deleted_at IS NOT NULL, content_hash"
            " FROM notes ORDER BY id"
        ).fetchall()
        revisions = conn.execute(
            "SELECT n.id, r.title, r.body, r.tags FROM revisions r JOIN notes n ON n.nid = r.nid ORDER BY n.id, r.id"
        ).fetchall()
        jobs = conn.execute(
            "SELECT n.id, j.kind, j.status, j.content_hash FROM jobs j JOIN notes n ON n.nid = j.nid"
            " ORDER BY n.id, j.kind, j.content_hash"
        ).fetchall()
    facts = sorted(
        (f.subject, f.predicate, f.target or f.text, f.current, tuple(sorted(f.note_ids)))
        for f in app.facts(history=True)
    )
    return {"notes": notes, "revisions": revisions, "jobs": jobs, "facts": facts}


@pytest.fixture
def pair(tmp_path: Path, embedder: Embedder, clock: Clock) -> Iterator[tuple[Remen, Remen]]:
    with (
        Remen.open(tmp_path / "api.db", embedder=embedder, clock=clock) as api,
        Remen.open(tmp_path / "imported.db", embedder=embedder, clock=clock) as imported,
    ):
        yield api, imported


def carry(api: Remen, imported: Remen, tmp_path: Path) -> None:
    """What a person does to move the API's notes over: export them, import the file."""
    out = io.StringIO()
    api.export_jsonl(out)
    path = tmp_path / "carried.jsonl"
    path.write_text(out.getvalue(), encoding="utf-8")
    imported.import_path(path, embed=False)


def read_both(api: Remen, imported: Remen) -> None:
    api.extract_pending()
    imported.extract_pending()


def test_api_and_import_leave_the_same_database(pair: tuple[Remen, Remen], tmp_path: Path, clock: Clock) -> None:
    api, imported = pair
    first = api.add("my manager Ruth wants the report by friday", created=at("2026-01-15T14:00"))
    second = api.add("Reorg: my new manager is Priya.", created=at("2026-03-10T09:30"))
    api.add("Bought oat milk and coffee beans #shopping", created=at("2026-03-11T18:00"))
    carry(api, imported, tmp_path)
    read_both(api, imported)
    assert state(api) == state(imported)
    assert [f.target for f in imported.facts("me") if f.predicate == "manager"] == ["Priya"]

    # An edit keeps the old text as a revision on both roads.
    clock.advance(3600)
    api.update(first.id, body="my manager Ruth wants the report by monday")
    carry(api, imported, tmp_path)
    read_both(api, imported)
    assert state(api) == state(imported)

    # Trashing the newer manager's note brings Ruth back as the current manager, whichever road
    # carried the trash (the bug this test was written for: import left no current manager).
    clock.advance(60)
    api.delete(second.id)
    carry(api, imported, tmp_path)
    assert state(api) == state(imported)
    assert [f.target for f in imported.facts("me") if f.predicate == "manager"] == ["Ruth"]

    # Restoring it and archiving another travel the same way.
    clock.advance(60)
    api.restore(second.id)
    api.archive(first.id)
    carry(api, imported, tmp_path)
    read_both(api, imported)
    assert state(api) == state(imported)
    assert [f.target for f in imported.facts("me") if f.predicate == "manager"] == ["Priya"]
