"""The queries behind search: FTS candidates, note texts, vocabulary, time ranges, tag filters."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from remen.core.models import NoteFilter
from remen.store.connect import Connection

NOTES_GENERATION_KEY = "notes_generation"  # kept current by triggers (migration m004)

# Where a needle is looked up, in the two text indexes: anywhere in the text (every substring of
# three characters or more: trigrams), as a whole word, or at the start of a word (the word index's
# prefix query: a thirtieth to a third of the trigrams' time).
TextIndex = Literal["substrings", "words", "word starts"]
INDEX_TABLES: dict[TextIndex, str] = {"substrings": "notes_fts", "words": "notes_words", "word starts": "notes_words"}


def state_where(note_filter: NoteFilter) -> str:
    """A WHERE fragment over notes ``n`` for the filter's archived/trash rules."""
    where = ["1"]
    if not note_filter.include_archived:
        where.append("n.archived = 0")
    if not note_filter.include_deleted:
        where.append("n.deleted_at IS NULL")
    return " AND ".join(where)


@dataclass(frozen=True)
class NoteText:
    """What ranking and snippets need of a note."""

    nid: int
    id: str
    title: str
    body: str
    tags: tuple[str, ...]
    created: float
    updated: float


def fts_string(text: str) -> str:
    """User text as one FTS5 string token: never an operator, never a syntax error."""
    return '"' + text.replace('"', '""') + '"'


def match_string(index: TextIndex, text: str) -> str:
    """The MATCH argument that finds ``text`` in ``index``."""
    return fts_string(text) + (" *" if index == "word starts" else "")


def match_nids(conn: Connection, index: TextIndex, text: str) -> set[int]:
    """Notes whose text ``index`` (substrings, words or word starts) contains ``text``.

    No join here: visibility is applied by the caller with sets, which is far cheaper than a
    lookup in notes for each of tens of thousands of matches.
    """
    table = INDEX_TABLES[index]
    rows = conn.execute(f"SELECT rowid FROM {table} WHERE {table} MATCH ?", (match_string(index, text),)).fetchall()
    return {r[0] for r in rows}


def word_doc_count(conn: Connection, word: str) -> int:
    """How many notes hold ``word`` as a word (the word index's count: no notes are read)."""
    row = conn.execute("SELECT doc FROM notes_vocab WHERE term = ?", (word,)).fetchone()
    return int(row[0]) if row else 0


def newest_matches(conn: Connection, index: TextIndex, text: str, limit: int) -> set[int]:
    """The ``limit`` newest notes whose text ``index`` contains ``text`` (stops reading there)."""
    table = INDEX_TABLES[index]
    rows = conn.execute(
        f"SELECT rowid FROM {table} WHERE {table} MATCH ? ORDER BY rowid DESC LIMIT ?",
        (match_string(index, text), limit),
    ).fetchall()
    return {r[0] for r in rows}


def hidden_notes(conn: Connection) -> list[tuple[int, bool, bool]]:
    """(nid, archived, in trash) of every note that is archived or in the trash (a partial index)."""
    rows = conn.execute(
        "SELECT nid, archived != 0, deleted_at IS NOT NULL FROM notes WHERE archived != 0 OR deleted_at IS NOT NULL"
    )
    return [(int(nid), bool(a), bool(d)) for nid, a, d in rows]


def created_between(conn: Connection, start: float, end: float) -> set[int]:
    """Notes created in [start, end) (an index range scan)."""
    return {r[0] for r in conn.execute("SELECT nid FROM notes WHERE created >= ? AND created < ?", (start, end))}


def notes_with_statements_between(conn: Connection, aspect: str, start: float, end: float) -> set[int]:
    """Notes stating a statement of ``aspect`` dated in [start, end) (the memory layer's events:
    "dentist on 3/3" written in February is about 3 March)."""
    rows = conn.execute(
        "SELECT DISTINCT ss.nid FROM statements s JOIN statement_sources ss ON ss.sid = s.sid"
        " WHERE s.aspect = ? AND s.valid_at >= ? AND s.valid_at < ?",
        (aspect, start, end),
    )
    return {int(r[0]) for r in rows}


def note_texts(conn: Connection, nids: Sequence[int]) -> list[NoteText]:
    """Texts of the given notes (order not kept)."""
    found: list[NoteText] = []
    for start in range(0, len(nids), 500):
        part = list(nids[start : start + 500])
        marks = ",".join("?" * len(part))
        for row in conn.execute(
            f"SELECT nid, id, title, body, tags, created, updated FROM notes WHERE nid IN ({marks})", part
        ):
            found.append(NoteText(int(row[0]), row[1], row[2], row[3], tuple(row[4].split()), row[5], row[6]))
    return found


def next_notes(
    conn: Connection, notes: Sequence[tuple[int, float]], gap: float, max_chars: int
) -> dict[int, tuple[int, float, str]]:
    """For each (note, time written) the note written next, its time and body, when it came
    within ``gap`` seconds and says at most ``max_chars`` characters (archived or deleted too: the
    caller's scope decides whether it may be shown)."""
    replies: dict[int, tuple[int, float, str]] = {}
    for start in range(0, len(notes), 400):
        part = notes[start : start + 400]
        rows = ",".join("(?, ?)" for _ in part)
        found = conn.execute(
            f"WITH asked(nid, created) AS (VALUES {rows}) SELECT asked.nid, "
            "(SELECT n.nid FROM notes n WHERE n.created > asked.created AND n.created <= asked.created + ? "
            "ORDER BY n.created, n.nid LIMIT 1) AS reply FROM asked",
            [value for note in part for value in note] + [gap],
        ).fetchall()
        replied = {int(r[0]): int(r[1]) for r in found if r[1] is not None}
        if not replied:
            continue
        marks = ",".join("?" * len(replied))
        short = {
            int(r[0]): (int(r[0]), float(r[1]), str(r[2]))
            for r in conn.execute(
                f"SELECT nid, created, body FROM notes WHERE nid IN ({marks}) AND length(body) <= ?",
                [*replied.values(), max_chars],
            )
        }
        replies.update((nid, short[reply]) for nid, reply in replied.items() if reply in short)
    return replies


def vocabulary(conn: Connection) -> list[tuple[str, int]]:
    """Every indexed word with the number of notes containing it."""
    return [(str(t), int(d)) for t, d in conn.execute("SELECT term, doc FROM notes_vocab")]


def note_count(conn: Connection) -> int:
    """How many notes there are (any state): the N of the keyword leg's term weights."""
    return int(conn.execute("SELECT count(*) FROM notes").fetchone()[0])


def notes_generation(conn: Connection) -> int:
    """A number that moves whenever any note's text changes."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (NOTES_GENERATION_KEY,)).fetchone()
    return int(row[0]) if row else 0


def notes_in_range(conn: Connection, start: float, end: float, note_filter: NoteFilter, limit: int) -> list[int]:
    """Notes created or edited in [start, end): created in range first (newest first), then edited."""
    rows = conn.execute(
        "SELECT n.nid FROM notes n WHERE ((n.created >= ? AND n.created < ?) OR (n.updated >= ? AND n.updated < ?))"
        f" AND {state_where(note_filter)} ORDER BY (n.created >= ? AND n.created < ?) DESC,"
        " CASE WHEN n.created >= ? AND n.created < ? THEN n.created ELSE n.updated END DESC LIMIT ?",
        [start, end, start, end, start, end, start, end, limit],
    ).fetchall()
    return [int(r[0]) for r in rows]


def nids_with_tags(conn: Connection, tags: Iterable[str]) -> set[int]:
    """Notes carrying every tag given (a tag also matches its children: work → work/q1)."""
    result: set[int] | None = None
    for tag in tags:
        rows = conn.execute(
            "SELECT nid FROM note_tags WHERE tag = ? OR (tag > ? AND tag < ?)", (tag, tag + "/", tag + "0")
        ).fetchall()
        found = {int(r[0]) for r in rows}
        result = found if result is None else result & found
    return result or set()
