from datetime import UTC, datetime

from remen.core.models import Note
from remen.notes.transfer.markdown import draft_from_markdown, note_to_markdown, parse_front_matter

MTIME = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


def test_front_matter_scalars_and_lists() -> None:
    meta, body = parse_front_matter("---\ntitle: 'Hi: there'\ntags: [a, b]\nother:\n  - x\n  - y\n---\nbody\n")
    assert meta == {"title": "Hi: there", "tags": ["a", "b"], "other": ["x", "y"]}
    assert body == "body\n"


def test_no_front_matter() -> None:
    assert parse_front_matter("just text") == ({}, "just text")


def test_draft_title_tags_times() -> None:
    text = "---\ntags: recipe, quick\ncreated: 2023-01-02T03:04:05\n---\n# Soup\nwarm #winter\n"
    draft = draft_from_markdown(text, "soup-file", "food", MTIME, "fid")
    assert draft.title == "Soup"
    assert draft.tags == ("recipe", "quick", "winter", "food")
    assert draft.created == datetime(2023, 1, 2, 3, 4, 5).astimezone()
    assert draft.updated == MTIME
    assert draft.id == "fid"


def test_title_from_file_name_and_mtime_dates() -> None:
    draft = draft_from_markdown("no heading here", "my_note-name", None, MTIME, "fid")
    assert draft.title == "my note name"
    assert draft.created == draft.updated == MTIME


def test_note_round_trips_through_markdown() -> None:
    note = Note(
        id="abc123",
        title='Quotes "and": colons',
        body="# Other heading\ntext",
        tags=("x", "y/z"),
        created=datetime(2024, 1, 1, 9, 30, tzinfo=UTC),
        updated=datetime(2024, 2, 1, 9, 30, tzinfo=UTC),
        archived=True,
    )
    draft = draft_from_markdown(note_to_markdown(note), "ignored", None, MTIME, "other-id")
    assert (draft.id, draft.title, draft.body, draft.tags) == (note.id, note.title, note.body, note.tags)
    assert (draft.created, draft.updated, draft.archived) == (note.created, note.updated, True)
