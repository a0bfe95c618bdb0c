"""The service API on a real database (meaning is tested in test_search and test_embed)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from remen.core.errors import AmbiguousIdError, EmptyNoteError, NoteNotFoundError
from remen.embed import HashedEmbedder
from remen.service import Remen
from remen.store import vectors


@pytest.fixture
def app(tmp_path: Path, clock) -> Iterator[Remen]:  # type: ignore[no-untyped-def]
    """These tests are not about meaning: the hashed embedder, not the model."""
    with Remen.open(tmp_path / "remen.db", embedder=HashedEmbedder(), clock=clock) as remen:
        yield remen


def test_add_get_and_title_rules(app: Remen) -> None:
    note = app.add("# Pasta night\nboil water #food", tags=["Dinner"])
    assert note.title == "Pasta night"
    assert note.tags == ("dinner", "food")
    assert app.get(note.id) == note
    assert app.get(note.id[:10]) == note
    titled = app.add("body only", title="Explicit")
    assert titled.title == "Explicit"


@pytest.mark.parametrize("body", ["", "   \n\t ", "\x00"])
def test_empty_note_is_refused(app: Remen, body: str) -> None:
    with pytest.raises(EmptyNoteError, match="empty"):
        app.add(body)
    assert app.counts()["live"] == 0


def test_update_keeps_revisions_and_reembeds(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    note = app.add("first draft about gardening #garden", tags=["keep"])
    clock.advance(60)
    changed = app.update(note.id, body="second draft about tomatoes #veg")
    assert changed.title == "second draft about tomatoes #veg"
    assert changed.tags == ("keep", "veg")
    assert changed.updated > note.updated and changed.created == note.created
    assert [r.body for r in app.revisions(note.id)] == ["first draft about gardening #garden"]
    assert app.update(note.id, body=changed.body) == changed
    assert app.pending_embeddings() == 0


def test_autosaves_of_one_session_keep_one_revision(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    big = "x" * 5_000_000
    note = app.add("# Big\n" + big, embed=False)
    for keystroke in "abcdef":
        clock.advance(2)
        app.update(note.id, body=app.get(note.id).body + keystroke, embed=False)
    assert [r.body for r in app.revisions(note.id)] == ["# Big\n" + big]
    clock.advance(11 * 60)
    app.update(note.id, body="# Big\nrewritten later", embed=False)
    assert [len(r.body) for r in app.revisions(note.id)] == [len(big) + 12, len(big) + 6]


def test_revisions_are_bounded_by_size(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    note = app.add("# Big\n" + "y" * 6_000_000, embed=False)
    for i in range(5):
        clock.advance(11 * 60)
        app.update(note.id, body=f"# Big\n{i}" + "y" * 6_000_000, embed=False)
    sizes = [len(r.body) for r in app.revisions(note.id)]
    # 20 MB of earlier versions at most per note: the three newest of six MB each.
    assert len(sizes) == 3


def test_explicit_title_survives_body_edits(app: Remen) -> None:
    note = app.add("some text", title="My title")
    assert app.update(note.id, body="other text").title == "My title"


def test_trash_restore_archive_purge(app: Remen) -> None:
    note = app.add("to be deleted")
    assert app.delete(note.id).deleted
    assert app.list_notes() == []
    assert [n.id for n in app.list_notes(trash=True)] == [note.id]
    assert not app.restore(note.id).deleted
    assert app.archive(note.id).archived
    assert app.list_notes() == [] and len(app.list_notes(archived=True)) == 1
    app.unarchive(note.id)
    app.delete(note.id)
    assert app.empty_trash() == 1
    with pytest.raises(NoteNotFoundError):
        app.get(note.id)


def test_unknown_and_ambiguous_ids(app: Remen) -> None:
    # 37 ids over 36 first characters: two share one (ids are random, so no other way is sure).
    ids = [app.add(f"note {i}", embed=False).id for i in range(37)]
    with pytest.raises(NoteNotFoundError, match="remen list"):
        app.get("zzzzzzzzzzzzz")
    shared = next(i[0] for i in ids if sum(j[0] == i[0] for j in ids) > 1)
    with pytest.raises(AmbiguousIdError):
        app.get(shared)


def test_huge_note_is_stored_whole_and_embedded_up_to_the_cap(tmp_path: Path, embedder, clock) -> None:  # type: ignore[no-untyped-def]
    body = "# Big log\n" + ("line of a very large log file with words\n" * 250_000)
    assert len(body) > 10_000_000
    with Remen.open(tmp_path / "big.db", embedder=embedder, clock=clock) as app:
        note = app.add(body)
        assert len(app.get(note.id).body) == len(body)
        with app.store.read() as conn:
            nid = conn.execute("SELECT nid FROM notes").fetchone()[0]
            assert 1 < len(vectors.note_vectors(conn, "minilm", nid)) <= 16


def test_fallback_vectors_are_replaced_when_the_model_returns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, embedder
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("REMEN_MODEL_DIR", str(tmp_path / "missing"))
    db = tmp_path / "fb.db"
    with Remen.open(db) as degraded:
        assert not degraded.model_status.ok
        degraded.add("pasta carbonara with guanciale")
        assert degraded.doctor().embedded == {"hashed": 1}
    with Remen.open(db, embedder=embedder) as healthy:
        assert healthy.pending_embeddings() == 1
        healthy.embed_pending()
        assert healthy.doctor().embedded == {"minilm": 1}
        with healthy.store.read() as conn:
            assert conn.execute("SELECT count(*) FROM vec_hashed").fetchone()[0] == 0


def test_a_failed_embedding_does_not_fail_the_save(app: Remen, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("onnxruntime exploded")

    monkeypatch.setattr(app.embedder, "embed_chunks", broken)
    note = app.add("saved even though the model failed")
    assert app.get(note.id).body == "saved even though the model failed"
    assert app.embed_failures == 1 and app.pending_embeddings() == 1
    problems = app.doctor().problems
    assert [(p.task, p.note_id) for p in problems] == [("embedding", note.id)]
    assert "onnxruntime exploded" in problems[0].error
    monkeypatch.undo()
    app.embed_pending()
    assert app.pending_embeddings() == 0
    assert app.doctor().problems == ()


def test_notes_saved_in_one_millisecond_get_distinct_ids(app: Remen) -> None:
    ids = {app.add(f"note {i}", embed=False).id for i in range(400)}  # the test clock stands still
    assert len(ids) == 400


def test_the_api_takes_naive_datetimes_as_local_time(app: Remen) -> None:
    app.add("Sprint review notes: the search page is faster", created=datetime(2026, 3, 10, 9, 0))
    naive = datetime(2026, 3, 18, 12, 0)
    found = app.search("search page last week", now=naive)
    assert [hit.title for hit in found.results][:1] == ["Sprint review notes: the search page is faster"]
    assert found.query.time_range is not None
    assert app.ask("what did I work on last week", now=naive).route is not None
