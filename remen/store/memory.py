"""SQL of the knowledge graph's writes: entities, aliases, statements, sources, labels, vectors."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from remen.core.constants import MODEL_NAMESPACE
from remen.store.connect import Connection

MEMORY_GENERATION_KEY = "memory_generation"
# A statement ``s`` is in view while a note outside the trash states it, or the user does.
VISIBLE = (
    "(EXISTS (SELECT 1 FROM statement_sources ss JOIN notes n ON n.nid = ss.nid"
    " WHERE ss.sid = s.sid AND n.deleted_at IS NULL) OR EXISTS (SELECT 1 FROM user_statements u WHERE u.sid = s.sid))"
)
VECTOR_TABLE = f"memvec_{MODEL_NAMESPACE}"


@dataclass(frozen=True)
class EntityRow:
    """An entity as stored."""

    eid: int
    name: str
    type: str
    key: str


@dataclass(frozen=True)
class StatementRow:
    """What the chains and dedupe need of a stored statement."""

    sid: int
    subject_eid: int
    predicate: str
    object_eid: int | None
    object_value: str | None
    replaces_eid: int | None
    replaces_sid: int | None
    negated: bool
    valid_at: float
    aspect: str
    # The name of the object entity (None for a value).
    object_name: str | None = None
    # What the chain said last: (invalid_at, invalidated_by), (None, None) while current.
    validity: tuple[float | None, int | None] = (None, None)


def entity_by_key(conn: Connection, key: str) -> EntityRow | None:
    """The entity stored under the normalised name ``key``."""
    row = conn.execute(
        "SELECT eid, name, type, key FROM entities WHERE key = ? ORDER BY eid LIMIT 1", (key,)
    ).fetchone()
    return None if row is None else EntityRow(int(row[0]), row[1], row[2], row[3])


def entities_by_alias(conn: Connection, alias_key: str) -> list[EntityRow]:
    """Entities known by ``alias_key`` (a normalised surface form), most mentioned first."""
    rows = conn.execute(
        "SELECT e.eid, e.name, e.type, e.key FROM entity_aliases a JOIN entities e ON e.eid = a.eid"
        " WHERE a.alias_key = ? ORDER BY (SELECT count(*) FROM entity_mentions m WHERE m.eid = e.eid) DESC, e.eid",
        (alias_key,),
    ).fetchall()
    return [EntityRow(int(r[0]), r[1], r[2], r[3]) for r in rows]


def entities_by_first_word(conn: Connection, first: str, kind: str) -> list[EntityRow]:
    """Entities of ``kind`` whose name key starts with the word ``first`` (resolution candidates)."""
    rows = conn.execute(
        "SELECT eid, name, type, key FROM entities WHERE type = ? AND (key = ? OR key LIKE ? ESCAPE '\\')",
        (kind, first, first.replace("%", "\\%").replace("_", "\\_") + " %"),
    ).fetchall()
    return [EntityRow(int(r[0]), r[1], r[2], r[3]) for r in rows]


def entities_of_several_words(conn: Connection, kind: str) -> list[EntityRow]:
    """Entities of ``kind`` whose name has more than one word (those an acronym may stand for)."""
    rows = conn.execute("SELECT eid, name, type, key FROM entities WHERE type = ? AND key LIKE '% %'", (kind,))
    return [EntityRow(int(r[0]), r[1], r[2], r[3]) for r in rows.fetchall()]


def insert_entity(conn: Connection, name: str, kind: str, key: str, now: float) -> int:
    """A new entity; returns its id."""
    cur = conn.execute("INSERT INTO entities(name, type, key, created) VALUES (?, ?, ?, ?)", (name, kind, key, now))
    return int(cur.lastrowid)


def rename_entity(conn: Connection, eid: int, name: str, key: str) -> None:
    """Give an entity a fuller name ("Sarah" → "Sarah Chen")."""
    conn.execute("UPDATE entities SET name = ?, key = ? WHERE eid = ?", (name, key, eid))


def retype_entity(conn: Connection, eid: int, kind: str, only_from: Iterable[str]) -> None:
    """Give an entity the kind a statement about it proves, when it was read as one of ``only_from``
    (where someone works is a firm, though a note read it as a place)."""
    kinds = list(only_from)
    conn.execute(
        f"UPDATE entities SET type = ? WHERE eid = ? AND type IN ({', '.join('?' * len(kinds))})", (kind, eid, *kinds)
    )


def add_alias(conn: Connection, eid: int, alias: str, alias_key: str) -> None:
    """Another surface form of an entity."""
    conn.execute(
        "INSERT OR IGNORE INTO entity_aliases(alias_key, eid, alias) VALUES (?, ?, ?)", (alias_key, eid, alias)
    )


def add_mention(conn: Connection, eid: int, nid: int) -> None:
    """Note ``nid`` names entity ``eid``."""
    conn.execute("INSERT OR IGNORE INTO entity_mentions(eid, nid) VALUES (?, ?)", (eid, nid))


def known_aliases(conn: Connection) -> dict[str, str]:
    """Every alias key with its entity's type (what an extractor should recognise in lower case)."""
    rows = conn.execute("SELECT a.alias_key, e.type FROM entity_aliases a JOIN entities e ON e.eid = a.eid")
    return {str(key): str(kind) for key, kind in rows}


def label_keys(conn: Connection) -> set[str]:
    """Keys of every stored label."""
    return {str(r[0]) for r in conn.execute("SELECT key FROM labels")}


def current_relation_holder(conn: Connection, user_eid: int, relation: str) -> int | None:
    """Who currently holds ``relation`` to the user ("wife" → Julia), from visible statements."""
    row = conn.execute(
        "SELECT s.object_eid FROM statements s WHERE s.subject_eid = ? AND s.predicate = ? AND s.negated = 0"
        f" AND s.object_eid IS NOT NULL AND s.invalid_at IS NULL AND {VISIBLE}"
        " ORDER BY s.valid_at DESC LIMIT 1",
        (user_eid, relation),
    ).fetchone()
    return None if row is None else int(row[0])


def current_objects(conn: Connection, subject_eid: int, predicate: str, apart_eid: int | None = None) -> list[str]:
    """Names of what ``subject_eid`` currently holds by ``predicate`` (the tools it uses), from
    visible statements; with ``apart_eid``, only those no note names together with that entity
    (my manager, never named with the firm I join)."""
    return held_objects(conn, subject_eid, predicate, "s.invalid_at IS NULL", apart_eid)


def ended_objects(conn: Connection, subject_eid: int, predicate: str) -> list[str]:
    """Names of what ``subject_eid`` held by ``predicate`` and no longer holds (a workplace left),
    from visible statements."""
    return held_objects(conn, subject_eid, predicate, "s.invalid_at IS NOT NULL", None)


def held_objects(conn: Connection, subject_eid: int, predicate: str, when: str, apart_eid: int | None) -> list[str]:
    """Names of what ``subject_eid`` holds or held by ``predicate`` (``when``: the condition on a
    statement's end), from visible statements; with ``apart_eid``, only those no note names
    together with that entity."""
    apart = (
        " AND NOT EXISTS (SELECT 1 FROM entity_mentions held JOIN entity_mentions apart"
        " ON apart.nid = held.nid WHERE held.eid = s.object_eid AND apart.eid = ?)"
    )
    rows = conn.execute(
        "SELECT DISTINCT obj.name FROM statements s JOIN entities obj ON obj.eid = s.object_eid"
        f" WHERE s.subject_eid = ? AND s.predicate = ? AND s.negated = 0 AND {when}"
        f" AND {VISIBLE}{apart if apart_eid is not None else ''}",
        (subject_eid, predicate) if apart_eid is None else (subject_eid, predicate, apart_eid),
    ).fetchall()
    return [str(r[0]) for r in rows]


def current_subjects(conn: Connection, predicate: str, object_eid: int) -> list[str]:
    """Names of who currently holds ``predicate`` to entity ``object_eid`` (who runs a firm)."""
    rows = conn.execute(
        "SELECT DISTINCT subj.name FROM statements s JOIN entities subj ON subj.eid = s.subject_eid"
        " WHERE s.object_eid = ? AND s.predicate = ? AND s.negated = 0 AND s.invalid_at IS NULL"
        f" AND {VISIBLE}",
        (object_eid, predicate),
    ).fetchall()
    return [str(r[0]) for r in rows]


def current_ties(conn: Connection, eid: int) -> list[tuple[str, str, str, str]]:
    """(aspect, subject name, predicate, object name) of the current, visible ties of entity
    ``eid``: relations held to it, and where it works (what "X left" ends)."""
    rows = conn.execute(
        "SELECT s.aspect, subj.name, s.predicate, obj.name FROM statements s"
        " JOIN entities subj ON subj.eid = s.subject_eid JOIN entities obj ON obj.eid = s.object_eid"
        " WHERE s.negated = 0 AND s.invalid_at IS NULL"
        " AND ((s.object_eid = ? AND s.aspect = 'Relationship') OR (s.subject_eid = ? AND s.predicate = 'works_at'))"
        f" AND {VISIBLE}",
        (eid, eid),
    ).fetchall()
    return [(str(a), str(b), str(c), str(d)) for a, b, c, d in rows]


# --- statements ---------------------------------------------------------------------------------


def statement_by_key(conn: Connection, key: str) -> int | None:
    """The statement stored under the dedupe ``key``."""
    row = conn.execute("SELECT sid FROM statements WHERE key = ?", (key,)).fetchone()
    return None if row is None else int(row[0])


def statement_start(conn: Connection, sid: int) -> float:
    """When the statement ``sid`` began to hold (its first note's time, or the time it states)."""
    return float(conn.execute("SELECT valid_at FROM statements WHERE sid = ?", (sid,)).fetchone()[0])


def insert_statement(
    conn: Connection,
    aspect: str,
    text: str,
    subject_eid: int,
    predicate: str,
    object_eid: int | None,
    object_value: str | None,
    replaces_eid: int | None,
    replaces_sid: int | None,
    negated: bool,
    key: str,
    valid_at: float,
) -> int:
    """A new statement; returns its id."""
    cur = conn.execute(
        "INSERT INTO statements(aspect, text, subject_eid, predicate, object_eid, object_value, replaces_eid,"
        " replaces_sid, negated, key, valid_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            aspect,
            text,
            subject_eid,
            predicate,
            object_eid,
            object_value,
            replaces_eid,
            replaces_sid,
            int(negated),
            key,
            valid_at,
        ),
    )
    return int(cur.lastrowid)


def add_source(
    conn: Connection, sid: int, nid: int, start: int, end: int, valid_at: float, producer: str, version: str
) -> None:
    """Note ``nid`` states statement ``sid`` at [start, end); the statement holds from the earliest source."""
    conn.execute(
        "INSERT OR IGNORE INTO statement_sources(sid, nid, start, end, valid_at, producer, version)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (sid, nid, start, end, valid_at, producer, version),
    )
    conn.execute("UPDATE statements SET valid_at = min(valid_at, ?) WHERE sid = ?", (valid_at, sid))


def chains_of_note(conn: Connection, nid: int) -> set[tuple[int, str]]:
    """(subject, predicate) of the statements note ``nid`` is a source of: the chains it is part of."""
    rows = conn.execute(
        "SELECT DISTINCT s.subject_eid, s.predicate FROM statement_sources ss JOIN statements s ON s.sid = ss.sid"
        " WHERE ss.nid = ?",
        (nid,),
    )
    return {(int(r[0]), str(r[1])) for r in rows}


def retract_note(conn: Connection, nid: int) -> tuple[set[int], set[int]]:
    """Forget what note ``nid`` said (before re-deriving it): sources, mentions, labels. Returns the
    entities and labels it touched (they may be orphans now).

    Statements no other note states go with their last source (trigger); valid_at of the rest is
    recomputed from the sources they keep."""
    sids = [int(r[0]) for r in conn.execute("SELECT sid FROM statement_sources WHERE nid = ?", (nid,))]
    eids = {int(r[0]) for r in conn.execute("SELECT eid FROM entity_mentions WHERE nid = ?", (nid,))}
    eids |= {
        int(e)
        for row in conn.execute(
            "SELECT s.subject_eid, s.object_eid FROM statement_sources ss JOIN statements s ON s.sid = ss.sid"
            " WHERE ss.nid = ?",
            (nid,),
        )
        for e in row
        if e is not None
    }
    lids = {int(r[0]) for r in conn.execute("SELECT lid FROM note_labels WHERE nid = ?", (nid,))}
    conn.execute("DELETE FROM statement_sources WHERE nid = ?", (nid,))
    conn.execute("DELETE FROM entity_mentions WHERE nid = ?", (nid,))
    conn.execute("DELETE FROM note_labels WHERE nid = ?", (nid,))
    for start in range(0, len(sids), 500):
        part = sids[start : start + 500]
        marks = ",".join("?" * len(part))
        conn.execute(
            "UPDATE statements SET valid_at = coalesce((SELECT min(v) FROM (SELECT valid_at v FROM statement_sources"
            " WHERE sid = statements.sid UNION ALL SELECT stated FROM user_statements WHERE sid = statements.sid)),"
            f" valid_at) WHERE sid IN ({marks})",
            part,
        )
    return eids, lids


STATEMENT_ROW = (
    "SELECT s.sid, s.subject_eid, s.predicate, s.object_eid, s.object_value, s.replaces_eid, s.replaces_sid,"
    " s.negated, s.valid_at, s.aspect, e.name, s.invalid_at, s.invalidated_by FROM statements s"
    " LEFT JOIN entities e ON e.eid = s.object_eid"
)


def statement_rows(rows: Iterable[Sequence[Any]]) -> list[StatementRow]:
    """Rows of :data:`STATEMENT_ROW` as :class:`StatementRow`."""
    return [
        StatementRow(
            int(r[0]), int(r[1]), r[2], r[3], r[4], r[5], r[6], bool(r[7]), float(r[8]), r[9], r[10], (r[11], r[12])
        )
        for r in rows
    ]


def visible_statements_of(conn: Connection, chains: Iterable[tuple[int, str]]) -> list[StatementRow]:
    """Statements of the (subject, predicate) chains that a note outside the trash still states."""
    found: list[StatementRow] = []
    for subject, predicate in set(chains):
        query = f"{STATEMENT_ROW} WHERE s.subject_eid = ? AND s.predicate = ? AND {VISIBLE}"
        found += statement_rows(conn.execute(query, (subject, predicate)))
    return found


def visible_statements(conn: Connection, sids: Sequence[int]) -> list[StatementRow]:
    """The statements ``sids`` that a note outside the trash still states."""
    if not sids:
        return []
    marks = ",".join("?" * len(sids))
    return statement_rows(conn.execute(f"{STATEMENT_ROW} WHERE s.sid IN ({marks}) AND {VISIBLE}", list(sids)))


def set_validity(conn: Connection, updates: Sequence[tuple[float | None, int | None, int]]) -> None:
    """(invalid_at, invalidated_by, sid) for each statement whose validity the recomputed chain changed."""
    conn.executemany("UPDATE statements SET invalid_at = ?, invalidated_by = ? WHERE sid = ?", updates)


def clear_validity_of_hidden(conn: Connection, chains: Iterable[tuple[int, str]]) -> None:
    """Statements only trashed notes state are out of the chain: they neither end nor are ended."""
    for subject, predicate in set(chains):
        conn.execute(
            "UPDATE statements SET invalid_at = NULL, invalidated_by = NULL WHERE subject_eid = ? AND predicate = ?"
            " AND invalid_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM statement_sources ss JOIN notes n"
            " ON n.nid = ss.nid WHERE ss.sid = statements.sid AND n.deleted_at IS NULL)"
            " AND NOT EXISTS (SELECT 1 FROM user_statements u WHERE u.sid = statements.sid)",
            (subject, predicate),
        )


def drop_orphans(conn: Connection, eids: Iterable[int], lids: Iterable[int], keep: int) -> None:
    """Of the entities ``eids`` and labels ``lids``, drop those nothing mentions or uses any more
    (``keep``: the user). Only candidates are checked: a full scan per write would grow with the graph."""
    for eid in set(eids) - {keep}:
        conn.execute(
            "DELETE FROM entities WHERE eid = ?"
            " AND NOT EXISTS (SELECT 1 FROM entity_mentions WHERE eid = ?)"
            " AND NOT EXISTS (SELECT 1 FROM statements WHERE subject_eid = ?)"
            " AND NOT EXISTS (SELECT 1 FROM statements WHERE object_eid = ?)",
            (eid, eid, eid, eid),
        )
    for lid in set(lids):
        conn.execute(
            "DELETE FROM labels WHERE lid = ? AND NOT EXISTS (SELECT 1 FROM note_labels WHERE lid = ?)", (lid, lid)
        )


# --- labels and bookkeeping ---------------------------------------------------------------------


def label_by_key(conn: Connection, key: str) -> int | None:
    """The label stored under ``key``."""
    row = conn.execute("SELECT lid FROM labels WHERE key = ?", (key,)).fetchone()
    return None if row is None else int(row[0])


def insert_label(conn: Connection, name: str, key: str) -> int:
    """A new label; returns its id."""
    return int(conn.execute("INSERT INTO labels(name, key) VALUES (?, ?)", (name, key)).lastrowid)


def label_note(conn: Connection, nid: int, lid: int) -> None:
    """Note ``nid`` carries label ``lid``."""
    conn.execute("INSERT OR IGNORE INTO note_labels(nid, lid) VALUES (?, ?)", (nid, lid))


# Which producer read each note as it was: the built-in pass in note_memory, the model server's
# second reading in note_llm (the same columns).
ReadBy = Literal["note_memory", "note_llm"]


def mark_read(
    conn: Connection, table: ReadBy, nid: int, producer: str, version: str, content_hash: str, now: float
) -> None:
    """Note ``nid`` as it is (``content_hash``) has been read by ``producer`` ``version``."""
    conn.execute(
        f"INSERT INTO {table}(nid, producer, version, content_hash, extracted) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT(nid) DO UPDATE SET producer = excluded.producer, version = excluded.version,"
        " content_hash = excluded.content_hash, extracted = excluded.extracted",
        (nid, producer, version, content_hash, now),
    )


def was_read(conn: Connection, table: ReadBy, nid: int, producer: str, version: str, content_hash: str) -> bool:
    """Whether the note's current content was already read by this producer and version."""
    row = conn.execute(
        f"SELECT 1 FROM {table} WHERE nid = ? AND producer = ? AND version = ? AND content_hash = ?",
        (nid, producer, version, content_hash),
    ).fetchone()
    return row is not None


def mark_extracted(conn: Connection, nid: int, producer: str, version: str, content_hash: str, now: float) -> None:
    """Note ``nid`` as it is has been extracted by ``producer`` ``version``."""
    mark_read(conn, "note_memory", nid, producer, version, content_hash, now)


def is_extracted(conn: Connection, nid: int, producer: str, version: str, content_hash: str) -> bool:
    """Whether the note's current content was already extracted by this producer and version."""
    return was_read(conn, "note_memory", nid, producer, version, content_hash)


def mark_refined(conn: Connection, nid: int, producer: str, version: str, content_hash: str, now: float) -> None:
    """Note ``nid`` as it is has also been read by the model server ``producer``."""
    mark_read(conn, "note_llm", nid, producer, version, content_hash, now)


def is_refined(conn: Connection, nid: int, producer: str, version: str, content_hash: str) -> bool:
    """Whether the note's current content was already read by this model and prompt version."""
    return was_read(conn, "note_llm", nid, producer, version, content_hash)


def forget_refinement(conn: Connection, nid: int) -> None:
    """What the model server found in note ``nid`` was retracted with the rest."""
    conn.execute("DELETE FROM note_llm WHERE nid = ?", (nid,))


def forget_extraction(conn: Connection, nid: int) -> None:
    """Note ``nid`` is to be read again even though it did not change."""
    conn.execute("DELETE FROM note_memory WHERE nid = ?", (nid,))


def notes_read_by_older(conn: Connection, producer: str, version: str) -> list[tuple[int, str]]:
    """(nid, content hash) of the notes outside the trash ``producer`` last read in a version
    other than ``version``, oldest first."""
    rows = conn.execute(
        "SELECT n.nid, n.content_hash FROM notes n JOIN note_memory m ON m.nid = n.nid"
        " WHERE n.deleted_at IS NULL AND m.producer = ? AND m.version != ? ORDER BY n.nid",
        (producer, version),
    ).fetchall()
    return [(int(r[0]), str(r[1])) for r in rows]


def notes_to_refine(conn: Connection, producer: str, version: str) -> list[tuple[int, str]]:
    """(nid, content hash) of the notes outside the trash this model and prompt have not read as
    they are now, oldest first."""
    rows = conn.execute(
        "SELECT n.nid, n.content_hash FROM notes n LEFT JOIN note_llm l ON l.nid = n.nid"
        " WHERE n.deleted_at IS NULL AND (l.nid IS NULL OR l.producer != ? OR l.version != ?"
        " OR l.content_hash != n.content_hash) ORDER BY n.nid",
        (producer, version),
    ).fetchall()
    return [(int(r[0]), str(r[1])) for r in rows]


def pending_refinements(conn: Connection, now: float) -> tuple[int, int]:
    """(ready now, waiting for a retry) of the notes queued for the model server."""
    row = conn.execute(
        "SELECT coalesce(sum(run_after <= ?), 0), coalesce(sum(run_after > ?), 0) FROM jobs"
        " WHERE kind = 'llm_extract' AND status IN ('pending', 'running')",
        (now, now),
    ).fetchone()
    return int(row[0]), int(row[1])


# --- vectors --------------------------------------------------------------------------------------


def put_vector(conn: Connection, kind: str, ref: int, vector: np.ndarray) -> None:
    """Store the MiniLM vector of an entity, statement or label (``kind``: entity/statement/aspect/label)."""
    cur = conn.execute("INSERT OR IGNORE INTO memory_vectors(kind, ref) VALUES (?, ?)", (kind, ref))
    if cur.rowcount:
        conn.execute(
            f"INSERT INTO {VECTOR_TABLE}(rowid, kind, embedding) VALUES (?, ?, ?)",
            (cur.lastrowid, kind, np.asarray(vector, dtype=np.float32).tobytes()),
        )


def nearest(conn: Connection, kind: str, vector: np.ndarray, k: int) -> list[tuple[int, float]]:
    """(ref, cosine similarity) of the ``k`` nearest vectors of ``kind``."""
    rows = conn.execute(
        f"SELECT m.ref, v.distance FROM {VECTOR_TABLE} v JOIN memory_vectors m ON m.id = v.rowid"
        " WHERE v.embedding MATCH ? AND v.k = ? AND v.kind = ?",
        (np.asarray(vector, dtype=np.float32).tobytes(), k, kind),
    ).fetchall()
    return [(int(ref), 1.0 - float(distance)) for ref, distance in rows]


def bump_memory_generation(conn: Connection) -> None:
    """Names changed without a statement changing (a rename): readers' caches must refresh."""
    conn.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = ?", (MEMORY_GENERATION_KEY,))


def memory_generation(conn: Connection) -> int:
    """A number that moves whenever a statement is added or removed."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (MEMORY_GENERATION_KEY,)).fetchone()
    return int(row[0]) if row else 0


def pending_extractions(conn: Connection) -> int:
    """Extract jobs still to run (waiting or running)."""
    row = conn.execute("SELECT count(*) FROM jobs WHERE kind = 'extract' AND status IN ('pending', 'running')")
    return int(row.fetchone()[0])


def entity_names(conn: Connection, eids: Sequence[int]) -> list[str]:
    """The names of entities ``eids``, in that order (the user left out)."""
    marks = ",".join("?" * len(eids)) or "NULL"
    names = dict(conn.execute(f"SELECT eid, name FROM entities WHERE eid IN ({marks}) AND key != 'me'", list(eids)))
    return [str(names[e]) for e in eids if e in names]
