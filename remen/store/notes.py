"""Notes, their tags and revisions. The FTS indexes follow through triggers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from remen.core.constants import MAX_REVISION_BYTES_PER_NOTE, MAX_REVISIONS_PER_NOTE, REVISION_SESSION_SECONDS
from remen.core.errors import AmbiguousIdError, NoteNotFoundError
from remen.core.models import Note, PastVersion, Revision
from remen.core.timeutil import from_epoch
from remen.store.connect import Connection

NOTE_COLUMNS = "nid, id, title, body, tags, created, updated, archived, deleted_at, content_hash"


@dataclass(frozen=True)
class StoredNote:
    """A note with its integer row id, for code that joins on it."""

    nid: int
    note: Note


def split_tags(tags: str) -> tuple[str, ...]:
    """Stored tags are one space-separated string."""
    return tuple(tags.split())


def row_to_note(row: Sequence[Any]) -> StoredNote:
    """Build a StoredNote from a row selected with NOTE_COLUMNS."""
    nid, note_id, title, body, tags, created, updated, archived, deleted_at, content_hash = row
    return StoredNote(
        nid=int(nid),
        note=Note(
            id=str(note_id),
            title=str(title),
            body=str(body),
            tags=split_tags(str(tags)),
            created=from_epoch(float(created)),
            updated=from_epoch(float(updated)),
            archived=bool(archived),
            deleted=deleted_at is not None,
            content_hash=str(content_hash),
        ),
    )


def insert(
    conn: Connection,
    note_id: str,
    title: str,
    body: str,
    tags: Sequence[str],
    created: float,
    updated: float,
    content_hash: str,
    archived: bool = False,
    deleted_at: float | None = None,
) -> int:
    """Insert a note and its tag rows; return its nid."""
    cur = conn.execute(
        "INSERT INTO notes(id, title, body, tags, created, updated, archived, deleted_at, content_hash)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (note_id, title, body, " ".join(tags), created, updated, int(archived), deleted_at, content_hash),
    )
    nid = int(cur.lastrowid)
    replace_tags(conn, nid, tags)
    return nid


def update_content(
    conn: Connection,
    nid: int,
    title: str,
    body: str,
    tags: Sequence[str],
    updated: float,
    content_hash: str,
    saved_at: float,
    created: float | None = None,
    keep_version: bool = False,
) -> None:
    """Overwrite a note's text, first keeping the old text as a revision.

    Saves within REVISION_SESSION_SECONDS of the note's newest revision belong to one editing
    session (autosaves): the text from before the session is kept, the intermediate ones are not,
    unless ``keep_version`` (a restore must keep the text it replaces, however recent). Then the
    oldest revisions beyond the count and size bounds are dropped.
    """
    newest = conn.execute("SELECT max(saved) FROM revisions WHERE nid = ?", (nid,)).fetchone()[0]
    if keep_version or newest is None or saved_at - float(newest) >= REVISION_SESSION_SECONDS:
        conn.execute(
            "INSERT INTO revisions(nid, title, body, tags, saved)"
            " SELECT nid, title, body, tags, ? FROM notes WHERE nid = ?",
            (saved_at, nid),
        )
        prune_revisions(conn, nid)
    conn.execute(
        "UPDATE notes SET title = ?, body = ?, tags = ?, updated = ?, content_hash = ?,"
        " created = coalesce(?, created) WHERE nid = ?",
        (title, body, " ".join(tags), updated, content_hash, created, nid),
    )
    replace_tags(conn, nid, tags)


def prune_revisions(conn: Connection, nid: int) -> None:
    """Drop a note's oldest revisions beyond MAX_REVISIONS_PER_NOTE or MAX_REVISION_BYTES_PER_NOTE
    (the newest one is always kept)."""
    kept_bytes = 0
    for number, (revision_id, size) in enumerate(
        conn.execute(
            "SELECT id, length(CAST(body AS BLOB)) FROM revisions WHERE nid = ? ORDER BY id DESC", (nid,)
        ).fetchall()
    ):
        kept_bytes += int(size)
        if number > 0 and (number >= MAX_REVISIONS_PER_NOTE or kept_bytes > MAX_REVISION_BYTES_PER_NOTE):
            conn.execute("DELETE FROM revisions WHERE nid = ? AND id <= ?", (nid, revision_id))
            return


def insert_revision(conn: Connection, nid: int, title: str, body: str, tags: str, saved: float) -> None:
    """Keep an earlier version of note ``nid`` (``tags`` as stored: space separated)."""
    conn.execute(
        "INSERT INTO revisions(nid, title, body, tags, saved) VALUES (?, ?, ?, ?, ?)", (nid, title, body, tags, saved)
    )


def replace_tags(conn: Connection, nid: int, tags: Iterable[str]) -> None:
    """Make the note_tags rows of ``nid`` equal ``tags``."""
    conn.execute("DELETE FROM note_tags WHERE nid = ?", (nid,))
    conn.executemany("INSERT OR IGNORE INTO note_tags(tag, nid) VALUES (?, ?)", [(t, nid) for t in tags])


def set_flags(
    conn: Connection, nid: int, archived: bool | None = None, deleted_at: float | bool | None = False
) -> None:
    """Change archived and/or deleted_at. ``deleted_at=False`` leaves it; ``None`` restores."""
    if archived is not None:
        conn.execute("UPDATE notes SET archived = ? WHERE nid = ?", (int(archived), nid))
    if deleted_at is not False:
        conn.execute("UPDATE notes SET deleted_at = ? WHERE nid = ?", (deleted_at, nid))


def delete_row(conn: Connection, nid: int) -> None:
    """Remove a note for good (its revisions, tags, chunks and vectors go with it)."""
    conn.execute("DELETE FROM notes WHERE nid = ?", (nid,))


def get(conn: Connection, note_id: str) -> StoredNote | None:
    """The note with exactly this id."""
    row = conn.execute(f"SELECT {NOTE_COLUMNS} FROM notes WHERE id = ?", (note_id,)).fetchone()
    return row_to_note(row) if row else None


def title_of(conn: Connection, nid: int) -> str:
    """A note's title."""
    return str(conn.execute("SELECT title FROM notes WHERE nid = ?", (nid,)).fetchone()[0])


def like_literal(text: str) -> str:
    """``text`` for a LIKE pattern with ESCAPE '\\': its % and _ match themselves."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def resolve(conn: Connection, id_or_prefix: str) -> StoredNote:
    """The note with this id, or the only note whose id starts with it."""
    exact = get(conn, id_or_prefix)
    if exact:
        return exact
    rows = conn.execute(
        f"SELECT {NOTE_COLUMNS} FROM notes WHERE id LIKE ? ESCAPE '\\' LIMIT 2", (like_literal(id_or_prefix) + "%",)
    ).fetchall()
    if not rows or not id_or_prefix:
        raise NoteNotFoundError(f"No note with id {id_or_prefix!r}. `remen list` shows the ids.")
    if len(rows) > 1:
        raise AmbiguousIdError(f"Several notes start with {id_or_prefix!r}; type more of the id.")
    return row_to_note(rows[0])


def titled_like(conn: Connection, title: str) -> list[StoredNote]:
    """Live notes whose title equals ``title`` ignoring ASCII case, newest edit first."""
    rows = conn.execute(
        f"SELECT {NOTE_COLUMNS} FROM notes WHERE title LIKE ? ESCAPE '\\' AND deleted_at IS NULL AND archived = 0"
        " ORDER BY updated DESC, nid DESC LIMIT 20",
        (like_literal(title),),
    )
    return [row_to_note(r) for r in rows]


def get_many(conn: Connection, nids: Sequence[int]) -> dict[int, StoredNote]:
    """Notes by nid."""
    found: dict[int, StoredNote] = {}
    for start in range(0, len(nids), 500):
        part = list(nids[start : start + 500])
        marks = ",".join("?" * len(part))
        for row in conn.execute(f"SELECT {NOTE_COLUMNS} FROM notes WHERE nid IN ({marks})", part):
            stored = row_to_note(row)
            found[stored.nid] = stored
    return found


def by_ids(conn: Connection, note_ids: Sequence[str]) -> dict[str, StoredNote]:
    """Notes by id (a few: the hits a question is answered from)."""
    if not note_ids:
        return {}
    marks = ",".join("?" * len(note_ids))
    rows = conn.execute(f"SELECT {NOTE_COLUMNS} FROM notes WHERE id IN ({marks})", list(note_ids))
    return {stored.note.id: stored for stored in map(row_to_note, rows)}


def written_near(
    conn: Connection, created: float, within: float, limit: int
) -> tuple[list[StoredNote], list[StoredNote]]:
    """Live notes written up to ``within`` seconds before and after ``created`` (not at it), at
    most ``limit`` on each side, each side nearest first: the turns around a chat turn."""
    live = "deleted_at IS NULL AND archived = 0"
    before = conn.execute(
        f"SELECT {NOTE_COLUMNS} FROM notes WHERE created < ? AND created >= ? AND {live} ORDER BY created DESC LIMIT ?",
        (created, created - within, limit),
    )
    after = conn.execute(
        f"SELECT {NOTE_COLUMNS} FROM notes WHERE created > ? AND created <= ? AND {live} ORDER BY created LIMIT ?",
        (created, created + within, limit),
    )
    return [row_to_note(r) for r in before], [row_to_note(r) for r in after]


def list_notes(
    conn: Connection,
    tag: str | None = None,
    archived: bool = False,
    trash: bool = False,
    limit: int | None = None,
    offset: int = 0,
) -> list[StoredNote]:
    """Notes newest-updated first. Default: live notes; ``archived`` or ``trash`` select those views."""
    where = ["deleted_at IS NOT NULL" if trash else "deleted_at IS NULL"]
    if not trash:
        where.append("archived = 1" if archived else "archived = 0")
    params: list[object] = []
    if tag:
        where.append("nid IN (SELECT nid FROM note_tags WHERE tag = ?)")
        params.append(tag)
    sql = f"SELECT {NOTE_COLUMNS} FROM notes WHERE {' AND '.join(where)} ORDER BY updated DESC, nid DESC"
    if limit is not None:
        sql += " LIMIT ? OFFSET ?"
        params += [limit, offset]
    return [row_to_note(r) for r in conn.execute(sql, params)]


def all_notes(conn: Connection) -> Iterable[StoredNote]:
    """Every note, including archived and trashed, oldest first (for export)."""
    for row in conn.execute(f"SELECT {NOTE_COLUMNS} FROM notes ORDER BY created, nid"):
        yield row_to_note(row)


def tag_counts(conn: Connection) -> list[tuple[str, int]]:
    """Tags of live notes with their note counts, most used first."""
    return [
        (str(tag), int(n))
        for tag, n in conn.execute(
            "SELECT t.tag, count(*) FROM note_tags t JOIN notes n ON n.nid = t.nid"
            " WHERE n.deleted_at IS NULL AND n.archived = 0 GROUP BY t.tag ORDER BY count(*) DESC, t.tag"
        )
    ]


def revisions(conn: Connection, nid: int) -> list[Revision]:
    """Earlier versions of a note, newest first."""
    note_id = conn.execute("SELECT id FROM notes WHERE nid = ?", (nid,)).fetchone()[0]
    return [
        Revision(note_id=note_id, title=t, body=b, tags=split_tags(tg), saved=from_epoch(s))
        for t, b, tg, s in conn.execute(
            "SELECT title, body, tags, saved FROM revisions WHERE nid = ? ORDER BY id DESC", (nid,)
        )
    ]


def all_revisions(conn: Connection) -> dict[str, list[PastVersion]]:
    """Every note's earlier versions by note id, oldest first (for an export)."""
    out: dict[str, list[PastVersion]] = {}
    rows = conn.execute(
        "SELECT n.id, r.title, r.body, r.tags, r.saved FROM revisions r JOIN notes n ON n.nid = r.nid"
        " ORDER BY r.nid, r.id"
    )
    for note_id, title, body, tags, saved in rows:
        out.setdefault(str(note_id), []).append(PastVersion(title, body, split_tags(tags), from_epoch(saved)))
    return out


def has_revisions(conn: Connection, nid: int) -> bool:
    """Whether note ``nid`` keeps any earlier version."""
    return conn.execute("SELECT 1 FROM revisions WHERE nid = ? LIMIT 1", (nid,)).fetchone() is not None


def counts(conn: Connection) -> dict[str, int]:
    """Live, archived and trashed note counts."""
    live, archived, trashed = conn.execute(
        "SELECT coalesce(sum(deleted_at IS NULL AND archived = 0), 0),"
        " coalesce(sum(deleted_at IS NULL AND archived = 1), 0),"
        " coalesce(sum(deleted_at IS NOT NULL), 0) FROM notes"
    ).fetchone()
    return {"live": int(live), "archived": int(archived), "trash": int(trashed)}


@dataclass(frozen=True)
class NoteState:
    """What an import compares against: a stored note's row id, content hash, flags and title."""

    nid: int
    content_hash: str
    archived: bool
    deleted: bool
    title: str


def states_by_id(conn: Connection, ids: Sequence[str]) -> dict[str, NoteState]:
    """The stored state of the existing notes among ``ids`` (import idempotence)."""
    found: dict[str, NoteState] = {}
    for start in range(0, len(ids), 500):
        part = list(ids[start : start + 500])
        marks = ",".join("?" * len(part))
        for note_id, nid, content_hash, archived, deleted_at, title in conn.execute(
            f"SELECT id, nid, content_hash, archived, deleted_at, title FROM notes WHERE id IN ({marks})", part
        ):
            found[note_id] = NoteState(int(nid), str(content_hash), bool(archived), deleted_at is not None, str(title))
    return found
