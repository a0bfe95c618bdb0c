"""SQL of the user's corrections to the graph: facts forgotten, facts stated by the user, entities
merged and renamed."""

from __future__ import annotations

from dataclasses import dataclass

from remen.store.connect import Connection


@dataclass(frozen=True)
class StatementKeyRow:
    """What a correction needs of a stored statement."""

    sid: int
    key: str
    text: str
    subject_eid: int
    predicate: str
    object_eid: int | None
    replaces_eid: int | None


@dataclass(frozen=True)
class ForgottenRow:
    """A forgotten statement: the notes to read again on undo, and, when it was the user's own
    word, what to store again."""

    sid: int
    key: str
    text: str
    subject_eid: int
    predicate: str
    nids: list[int]
    aspect: str
    object_eid: int | None
    object_value: str | None
    valid_at: float
    stated: float | None


STATEMENT_COLUMNS = "sid, key, text, subject_eid, predicate, object_eid, replaces_eid"


def statement_for_correction(conn: Connection, sid: int) -> StatementKeyRow | None:
    """The statement ``sid``, or None."""
    row = conn.execute(f"SELECT {STATEMENT_COLUMNS} FROM statements WHERE sid = ?", (sid,)).fetchone()
    return None if row is None else StatementKeyRow(int(row[0]), row[1], row[2], int(row[3]), row[4], row[5], row[6])


def source_notes(conn: Connection, sid: int) -> list[int]:
    """Notes that state statement ``sid``."""
    return [int(r[0]) for r in conn.execute("SELECT DISTINCT nid FROM statement_sources WHERE sid = ?", (sid,))]


def forget(conn: Connection, statement: StatementKeyRow, nids: list[int], now: float) -> None:
    """Remember that the user forgot ``statement`` (so reading its notes again does not bring it
    back) and delete it."""
    conn.execute(
        "INSERT OR REPLACE INTO forgotten_statements(key, sid, text, subject_eid, predicate, nids, forgotten,"
        " aspect, object_eid, object_value, valid_at, stated)"
        " SELECT s.key, s.sid, s.text, s.subject_eid, s.predicate, ?, ?, s.aspect, s.object_eid, s.object_value,"
        " s.valid_at, u.stated FROM statements s LEFT JOIN user_statements u ON u.sid = s.sid WHERE s.sid = ?",
        (" ".join(map(str, nids)), now, statement.sid),
    )
    conn.execute("DELETE FROM statements WHERE sid = ?", (statement.sid,))


def is_forgotten(conn: Connection, key: str) -> bool:
    """Whether the user forgot the statement stored under ``key``."""
    return conn.execute("SELECT 1 FROM forgotten_statements WHERE key = ?", (key,)).fetchone() is not None


def unforget(conn: Connection, sid: int) -> ForgottenRow | None:
    """Undo forgetting the statement that had id ``sid``: what it was, or None when no statement
    with that id was forgotten."""
    row = conn.execute(
        "SELECT sid, key, text, subject_eid, predicate, nids, aspect, object_eid, object_value, valid_at, stated"
        " FROM forgotten_statements WHERE sid = ?",
        (sid,),
    ).fetchone()
    if row is None:
        return None
    conn.execute("DELETE FROM forgotten_statements WHERE key = ?", (row[1],))
    nids = [int(n) for n in str(row[5]).split()]
    return ForgottenRow(
        int(row[0]), row[1], row[2], int(row[3]), row[4], nids, row[6], row[7], row[8], float(row[9]), row[10]
    )


def mark_user_statement(conn: Connection, sid: int, now: float) -> None:
    """Statement ``sid`` is the user's own word: it lives without a note."""
    conn.execute("INSERT OR REPLACE INTO user_statements(sid, stated) VALUES (?, ?)", (sid, now))


def statements_of_entity(conn: Connection, eid: int) -> list[StatementKeyRow]:
    """Statements that name entity ``eid`` as subject, object or what was replaced."""
    rows = conn.execute(
        f"SELECT {STATEMENT_COLUMNS} FROM statements WHERE subject_eid = ? OR object_eid = ? OR replaces_eid = ?",
        (eid, eid, eid),
    ).fetchall()
    return [StatementKeyRow(int(r[0]), r[1], r[2], int(r[3]), r[4], r[5], r[6]) for r in rows]


def move_statement(conn: Connection, statement: StatementKeyRow, gone: int, kept: int, key: str) -> None:
    """Statement ``statement`` names ``kept`` wherever it named ``gone``, under its new ``key``; when
    ``kept`` already has the same statement, the sources (and the user's word) join that one."""
    same = conn.execute("SELECT sid FROM statements WHERE key = ? AND sid != ?", (key, statement.sid)).fetchone()
    if same is not None:
        target = int(same[0])
        conn.execute(
            "INSERT OR IGNORE INTO statement_sources(sid, nid, start, end, valid_at, producer, version)"
            " SELECT ?, nid, start, end, valid_at, producer, version FROM statement_sources WHERE sid = ?",
            (target, statement.sid),
        )
        conn.execute(
            "INSERT OR IGNORE INTO user_statements(sid, stated) SELECT ?, stated FROM user_statements WHERE sid = ?",
            (target, statement.sid),
        )
        conn.execute(
            "UPDATE statements SET valid_at = min(valid_at, (SELECT valid_at FROM statements WHERE sid = ?))"
            " WHERE sid = ?",
            (statement.sid, target),
        )
        conn.execute("DELETE FROM statements WHERE sid = ?", (statement.sid,))
        return
    conn.execute(
        "UPDATE statements SET key = ?,"
        " subject_eid = CASE subject_eid WHEN ? THEN ? ELSE subject_eid END,"
        " object_eid = CASE object_eid WHEN ? THEN ? ELSE object_eid END,"
        " replaces_eid = CASE replaces_eid WHEN ? THEN ? ELSE replaces_eid END WHERE sid = ?",
        (key, gone, kept, gone, kept, gone, kept, statement.sid),
    )


def forgotten_keys_of_entity(conn: Connection, eid: int) -> list[str]:
    """Keys of the forgotten statements that name entity ``eid``: to re-key on a merge."""
    rows = conn.execute(
        "SELECT key FROM forgotten_statements WHERE subject_eid = ? OR key LIKE ?", (eid, f"%|e{eid}")
    ).fetchall()
    return [str(r[0]) for r in rows]


def rekey_forgotten(conn: Connection, old: str, new: str, gone: int, kept: int) -> None:
    """A forgotten statement's key (and subject) after entity ``gone`` merged into ``kept``."""
    conn.execute(
        "UPDATE OR REPLACE forgotten_statements SET key = ?,"
        " subject_eid = CASE subject_eid WHEN ? THEN ? ELSE subject_eid END WHERE key = ?",
        (new, gone, kept, old),
    )


def unforget_key(conn: Connection, key: str) -> None:
    """The user states again what they had forgotten: it is no longer forgotten."""
    conn.execute("DELETE FROM forgotten_statements WHERE key = ?", (key,))


def live_notes(conn: Connection, nids: list[int]) -> list[tuple[int, str]]:
    """(nid, content hash) of those of ``nids`` that still exist."""
    marks = ",".join("?" * len(nids)) or "NULL"
    rows = conn.execute(f"SELECT nid, content_hash FROM notes WHERE nid IN ({marks})", nids).fetchall()
    return [(int(r[0]), str(r[1])) for r in rows]


def merge_entity_rows(conn: Connection, gone: int, kept: int) -> None:
    """Entity ``gone``'s names and mentions become ``kept``'s, then ``gone`` is deleted."""
    conn.execute(
        "INSERT OR IGNORE INTO entity_aliases(alias_key, eid, alias) SELECT alias_key, ?, alias FROM entity_aliases"
        " WHERE eid = ?",
        (kept, gone),
    )
    conn.execute(
        "INSERT OR IGNORE INTO entity_mentions(eid, nid) SELECT ?, nid FROM entity_mentions WHERE eid = ?",
        (kept, gone),
    )
    conn.execute("DELETE FROM entities WHERE eid = ?", (gone,))
