"""Links between notes (`[[Title]]`) and saved searches.

A link row holds the title as written (its key: SQLite's lower(), compared on both sides) and the
note it resolved to. A link keeps its note once resolved, so it survives the note's title changing;
a link to a title no note has yet waits, and the note that takes that title later gets it.
"""

from __future__ import annotations

from collections.abc import Sequence

from remen.core.links import linked_titles
from remen.core.models import LinkedNote, SavedSearch
from remen.store.connect import Connection
from remen.store.notes import like_literal

# A note neither trashed nor archived, unaliased and as "n".
LIVE = "deleted_at IS NULL AND archived = 0"
LIVE_N = "n.deleted_at IS NULL AND n.archived = 0"


def note_titled(conn: Connection, title: str, besides: int | None = None) -> int | None:
    """The note not in the trash with this title, other than ``besides``: of several, one not
    archived, then the last edited."""
    row = conn.execute(
        "SELECT nid FROM notes WHERE lower(title) = lower(?) AND nid IS NOT ? AND deleted_at IS NULL"
        " ORDER BY archived, updated DESC LIMIT 1",
        (title, besides),
    ).fetchone()
    return int(row[0]) if row else None


def relink(conn: Connection, nid: int, titles: Sequence[str]) -> None:
    """Store the links of note ``nid`` (the titles its text names): a title the note linked to
    before keeps its note, even if that note has been retitled since; a new one resolves by title."""
    kept = {
        str(key): target
        for key, target in conn.execute("SELECT target_key, target_nid FROM note_links WHERE nid = ?", (nid,))
    }
    conn.execute("DELETE FROM note_links WHERE nid = ?", (nid,))
    for title in titles:
        key = conn.execute("SELECT lower(?)", (title,)).fetchone()[0]
        target = kept.get(key) or note_titled(conn, title, besides=nid)
        conn.execute(
            "INSERT OR IGNORE INTO note_links(nid, target_key, title, target_nid) VALUES (?, ?, ?, ?)",
            (nid, key, title, target),
        )


def relink_all(conn: Connection) -> None:
    """Read the links of every note from its text (a database made before links were kept, or
    one a salvage refilled), once every note is there so each title finds its note."""
    for nid, body in conn.execute("SELECT nid, body FROM notes WHERE body LIKE '%[[%' ORDER BY nid").fetchall():
        relink(conn, int(nid), linked_titles(str(body)))


def claim_waiting_links(conn: Connection, nid: int, title: str) -> None:
    """Links that wait for a note with this title now lead to note ``nid``."""
    conn.execute(
        "UPDATE note_links SET target_nid = ? WHERE target_nid IS NULL AND target_key = lower(?) AND nid != ?",
        (nid, title, nid),
    )


def linking_notes(conn: Connection, nid: int) -> list[int]:
    """The notes (live or not) whose links lead to note ``nid``."""
    return [int(r[0]) for r in conn.execute("SELECT nid FROM note_links WHERE target_nid = ?", (nid,))]


def links_from(conn: Connection, nid: int) -> list[LinkedNote]:
    """Where note ``nid``'s links lead, in title order: the note (live ones only), or nothing yet."""
    rows = conn.execute(
        "SELECT l.title, n.id FROM note_links l LEFT JOIN notes n"
        f" ON n.nid = l.target_nid AND {LIVE_N}"
        " WHERE l.nid = ? ORDER BY l.target_key",
        (nid,),
    )
    return [LinkedNote(str(title), None if note_id is None else str(note_id)) for title, note_id in rows]


def backlinks(conn: Connection, nid: int) -> list[LinkedNote]:
    """The live notes that link to note ``nid``, last edited first."""
    rows = conn.execute(
        "SELECT n.title, n.id FROM note_links l JOIN notes n ON n.nid = l.nid"
        f" WHERE l.target_nid = ? AND l.nid != ? AND {LIVE_N} ORDER BY n.updated DESC",
        (nid, nid),
    )
    return [LinkedNote(str(title), str(note_id)) for title, note_id in rows]


def target_of(conn: Connection, nid: int | None, title: str) -> str | None:
    """The id of the note a link of note ``nid`` (None: a draft not saved yet) to ``title`` leads
    to: the stored link's note when it is live, else the note with that title."""
    row = (
        None
        if nid is None
        else conn.execute(
            f"SELECT n.id FROM note_links l JOIN notes n ON n.nid = l.target_nid AND {LIVE_N}"
            " WHERE l.nid = ? AND l.target_key = lower(?)",
            (nid, title),
        ).fetchone()
    )
    if row:
        return str(row[0])
    found = note_titled(conn, title)
    if found is None:
        return None
    return str(conn.execute("SELECT id FROM notes WHERE nid = ?", (found,)).fetchone()[0])


def titles_like(conn: Connection, typed: str, limit: int, besides: int | None) -> list[str]:
    """Titles of live notes for completing a link: those starting with ``typed`` first, then
    those holding it, each group last edited first (case aside; every title when nothing is typed)."""
    pattern = like_literal(typed)
    rows = conn.execute(
        f"SELECT title FROM notes WHERE title LIKE ? ESCAPE '\\' AND nid IS NOT ? AND {LIVE}"
        " ORDER BY title NOT LIKE ? ESCAPE '\\', updated DESC LIMIT ?",
        (f"%{pattern}%", besides, f"{pattern}%", limit * 2),
    )
    return list(dict.fromkeys(str(r[0]) for r in rows))[:limit]


def save_search(conn: Connection, name: str, query: str, saved: float) -> None:
    """Pin ``query`` under ``name``; a name already used (case aside) is given the new query."""
    conn.execute("DELETE FROM saved_searches WHERE lower(name) = lower(?) AND name != ?", (name, name))
    conn.execute(
        "INSERT INTO saved_searches(name, query, saved) VALUES (?, ?, ?)"
        " ON CONFLICT(name) DO UPDATE SET query = excluded.query, saved = excluded.saved",
        (name, query, saved),
    )


def saved_searches(conn: Connection) -> list[SavedSearch]:
    """Every saved search, by name."""
    rows = conn.execute("SELECT name, query FROM saved_searches ORDER BY lower(name)")
    return [SavedSearch(str(name), str(query)) for name, query in rows]


def forget_search(conn: Connection, name: str) -> SavedSearch | None:
    """Remove the saved search ``name`` (case aside); return it, or None when there is none."""
    row = conn.execute("SELECT name, query FROM saved_searches WHERE lower(name) = lower(?)", (name,)).fetchone()
    if row is None:
        return None
    conn.execute("DELETE FROM saved_searches WHERE name = ?", (row[0],))
    return SavedSearch(str(row[0]), str(row[1]))
