"""SQL of the knowledge graph's reads: entities, one entity, facts with history, labels.

Only statements that a note outside the trash still states are visible; archived notes count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from remen.core.knowledge import ENDED_PREFIX
from remen.store.connect import Connection
from remen.store.memory import VISIBLE


@dataclass(frozen=True)
class EntityListing:
    """An entity with its counts."""

    eid: int
    name: str
    type: str
    aliases: tuple[str, ...]
    statements: int
    notes: int


@dataclass(frozen=True)
class FactRow:
    """A visible statement with names resolved and its source notes."""

    sid: int
    aspect: str
    text: str
    subject: str
    predicate: str
    target: str | None
    valid_at: float
    invalid_at: float | None
    invalidated_by: int | None
    note_ids: tuple[str, ...]
    by_user: bool = False


def entities(conn: Connection, kind: str | None = None, limit: int = 500) -> list[EntityListing]:
    """Entities most talked about first (the user excluded)."""
    where = "e.key != 'me'" + (" AND e.type = ?" if kind else "")
    params: list[object] = [kind] if kind else []
    rows = conn.execute(
        "SELECT e.eid, e.name, e.type,"
        " (SELECT group_concat(alias, '\x1f') FROM entity_aliases a WHERE a.eid = e.eid),"
        f" (SELECT count(*) FROM statements s WHERE (s.subject_eid = e.eid OR s.object_eid = e.eid) AND {VISIBLE}),"
        " (SELECT count(*) FROM entity_mentions m JOIN notes n ON n.nid = m.nid"
        "   WHERE m.eid = e.eid AND n.deleted_at IS NULL) AS mentioned"
        f" FROM entities e WHERE {where} ORDER BY mentioned DESC, e.name LIMIT ?",
        [*params, limit],
    ).fetchall()
    return [
        EntityListing(int(r[0]), r[1], r[2], tuple((r[3] or "").split("\x1f")) if r[3] else (), int(r[4]), int(r[5]))
        for r in rows
        if int(r[5]) or int(r[4])
    ]


def find_entities(conn: Connection, key: str) -> list[int]:
    """Entities known by the alias ``key``, most mentioned first."""
    rows = conn.execute(
        "SELECT a.eid FROM entity_aliases a WHERE a.alias_key = ?"
        " ORDER BY (SELECT count(*) FROM entity_mentions m WHERE m.eid = a.eid) DESC",
        (key,),
    )
    return [int(r[0]) for r in rows]


def entity_names_like(conn: Connection, key: str, limit: int = 5) -> list[str]:
    """Entity names containing ``key`` (suggestions when nothing matched exactly)."""
    rows = conn.execute(
        "SELECT name FROM entities WHERE key LIKE ? AND key != 'me' ORDER BY name LIMIT ?", (f"%{key}%", limit)
    )
    return [str(r[0]) for r in rows]


def facts(
    conn: Connection,
    eids: Sequence[int] | None = None,
    aspects: Sequence[str] = (),
    history: bool = False,
    limit: int = 500,
    between: tuple[float, float] | None = None,
    sids: Sequence[int] | None = None,
) -> list[FactRow]:
    """Visible statements about ``eids`` (as subject or object), of ``aspects``, holding from a
    time ``between`` (start, end), among ``sids``; current ones only unless ``history``. Newest first."""
    where = [VISIBLE]
    params: list[object] = []
    if eids is not None:
        marks = ",".join("?" * len(eids))
        where.append(f"(s.subject_eid IN ({marks}) OR s.object_eid IN ({marks}))")
        params += [*eids, *eids]
    if aspects:
        where.append(f"s.aspect IN ({','.join('?' * len(aspects))})")
        params += list(aspects)
    if between is not None:
        where.append("s.valid_at >= ? AND s.valid_at < ?")
        params += list(between)
    if sids is not None:
        where.append(f"s.sid IN ({','.join('?' * len(sids)) or 'NULL'})")
        params += list(sids)
    if not history:
        where.append("s.invalid_at IS NULL")
    rows = conn.execute(
        "SELECT s.sid, s.aspect, s.text, subj.name, s.predicate, coalesce(obj.name, s.object_value), s.valid_at,"
        " s.invalid_at, s.invalidated_by, s.negated,"
        " (SELECT group_concat(n.id, ' ') FROM statement_sources ss JOIN notes n ON n.nid = ss.nid"
        "   WHERE ss.sid = s.sid AND n.deleted_at IS NULL),"
        " EXISTS (SELECT 1 FROM user_statements u WHERE u.sid = s.sid)"
        " FROM statements s JOIN entities subj ON subj.eid = s.subject_eid"
        " LEFT JOIN entities obj ON obj.eid = s.object_eid"
        f" WHERE {' AND '.join(where)} ORDER BY s.valid_at DESC, s.sid DESC LIMIT ?",
        [*params, limit],
    ).fetchall()
    return [
        FactRow(
            int(r[0]),
            r[1],
            r[2],
            r[3],
            (ENDED_PREFIX if r[9] else "") + r[4],
            r[5],
            float(r[6]),
            None if r[7] is None else float(r[7]),
            None if r[8] is None else int(r[8]),
            tuple(sorted(set((r[10] or "").split()))),
            bool(r[11]),
        )
        for r in rows
    ]


def mentioned_between(conn: Connection, eid: int) -> tuple[float, float] | None:
    """When the oldest and the newest note (not in the trash) that mention entity ``eid`` were
    written; None when none does."""
    row = conn.execute(
        "SELECT min(n.created), max(n.created) FROM entity_mentions m JOIN notes n ON n.nid = m.nid"
        " WHERE m.eid = ? AND n.deleted_at IS NULL",
        (eid,),
    ).fetchone()
    return None if row is None or row[0] is None else (float(row[0]), float(row[1]))


def entity_row(conn: Connection, eid: int) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
    """(name, type, aliases, ids of the notes that mention it) of one entity."""
    name, kind = conn.execute("SELECT name, type FROM entities WHERE eid = ?", (eid,)).fetchone()
    aliases = tuple(
        str(r[0]) for r in conn.execute("SELECT alias FROM entity_aliases WHERE eid = ? ORDER BY alias", (eid,))
    )
    notes = tuple(
        str(r[0])
        for r in conn.execute(
            "SELECT n.id FROM entity_mentions m JOIN notes n ON n.nid = m.nid WHERE m.eid = ? AND n.deleted_at IS NULL"
            " ORDER BY n.created",
            (eid,),
        )
    )
    return str(name), str(kind), aliases, notes


def labels(conn: Connection) -> list[tuple[str, int]]:
    """Labels with the number of notes (outside the trash) carrying each, commonest first."""
    rows = conn.execute(
        "SELECT l.name, count(n.nid) AS c FROM labels l JOIN note_labels nl ON nl.lid = l.lid"
        " JOIN notes n ON n.nid = nl.nid AND n.deleted_at IS NULL GROUP BY l.lid ORDER BY c DESC, l.name"
    )
    return [(str(name), int(count)) for name, count in rows]


def counts(conn: Connection) -> dict[str, int]:
    """How big the graph is (for `remen doctor`)."""
    return {
        "entities": int(conn.execute("SELECT count(*) FROM entities WHERE key != 'me'").fetchone()[0]),
        "statements": int(conn.execute("SELECT count(*) FROM statements").fetchone()[0]),
        "labels": int(conn.execute("SELECT count(*) FROM labels").fetchone()[0]),
        "extracted_notes": int(conn.execute("SELECT count(*) FROM note_memory").fetchone()[0]),
    }


def alias_names(conn: Connection) -> dict[str, str]:
    """Every alias key with the name of its entity (the most mentioned one when several share it)."""
    rows = conn.execute(
        "SELECT a.alias_key, e.name FROM entity_aliases a JOIN entities e ON e.eid = a.eid"
        " ORDER BY (SELECT count(*) FROM entity_mentions m WHERE m.eid = e.eid)"
    )
    return {str(key): str(name) for key, name in rows}


def entity_types(conn: Connection) -> dict[str, str]:
    """Every entity's name with its type."""
    return {str(name): str(kind) for name, kind in conn.execute("SELECT name, type FROM entities")}


def mentioned_names(conn: Connection, nids: Sequence[int]) -> list[tuple[str, str]]:
    """(alias, entity type) of every entity the notes mention, under each of its aliases."""
    marks = ",".join("?" * len(nids))
    rows = conn.execute(
        f"SELECT a.alias, e.type FROM entity_mentions m JOIN entities e ON e.eid = m.eid"
        f" JOIN entity_aliases a ON a.eid = e.eid WHERE m.nid IN ({marks})",
        list(nids),
    )
    return [(str(alias), str(kind)) for alias, kind in rows]


def facets(conn: Connection, start: float, end: float, limit: int = 10) -> dict[str, list[tuple[str, int]]]:
    """What the notes written in [start, end) were about: labels, entities, aspects, notes per day."""
    in_range = "n.created >= ? AND n.created < ? AND n.deleted_at IS NULL"
    labels = conn.execute(
        "SELECT l.name, count(*) c FROM note_labels nl JOIN labels l ON l.lid = nl.lid JOIN notes n ON n.nid = nl.nid"
        f" WHERE {in_range} GROUP BY l.lid ORDER BY c DESC, l.name LIMIT ?",
        (start, end, limit),
    ).fetchall()
    entities = conn.execute(
        "SELECT e.name, count(*) c FROM entity_mentions m JOIN entities e ON e.eid = m.eid"
        f" JOIN notes n ON n.nid = m.nid WHERE {in_range} AND e.key != 'me'"
        " GROUP BY e.eid ORDER BY c DESC, e.name LIMIT ?",
        (start, end, limit),
    ).fetchall()
    aspects = conn.execute(
        "SELECT s.aspect, count(DISTINCT s.sid) c FROM statements s JOIN statement_sources ss ON ss.sid = s.sid"
        f" JOIN notes n ON n.nid = ss.nid WHERE {in_range} GROUP BY s.aspect ORDER BY c DESC",
        (start, end),
    ).fetchall()
    days = conn.execute(
        "SELECT date(n.created, 'unixepoch', 'localtime') d, count(*) FROM notes n"
        f" WHERE {in_range} GROUP BY d ORDER BY d",
        (start, end),
    ).fetchall()
    return {
        "labels": [(str(a), int(b)) for a, b in labels],
        "entities": [(str(a), int(b)) for a, b in entities],
        "aspects": [(str(a), int(b)) for a, b in aspects],
        "days": [(str(a), int(b)) for a, b in days],
    }


def paths(conn: Connection, start: int, goal: int, avoid: int, max_hops: int, limit: int = 5) -> list[list[int]]:
    """Statement ids of the shortest paths from entity ``start`` to ``goal`` over current, visible
    statements between entities (either direction), never through ``avoid`` (the user, a hub)."""
    rows = conn.execute(
        "WITH RECURSIVE edge(a, b, sid) AS ("
        f"  SELECT s.subject_eid, s.object_eid, s.sid FROM statements s WHERE s.object_eid IS NOT NULL"
        f"  AND s.invalid_at IS NULL AND s.negated = 0 AND {VISIBLE}"
        f"  UNION ALL SELECT s.object_eid, s.subject_eid, s.sid FROM statements s WHERE s.object_eid IS NOT NULL"
        f"  AND s.invalid_at IS NULL AND s.negated = 0 AND {VISIBLE}"
        "), walk(node, seen, sids, hops) AS ("
        "  SELECT ?, ',' || ? || ',', '', 0"
        "  UNION ALL SELECT e.b, w.seen || e.b || ',', w.sids || e.sid || ',', w.hops + 1"
        "  FROM walk w JOIN edge e ON e.a = w.node"
        "  WHERE w.hops < ? AND instr(w.seen, ',' || e.b || ',') = 0 AND (e.b != ? OR e.b = ?)"
        "  AND w.node != ?"
        ") SELECT sids FROM walk WHERE node = ? AND hops > 0 ORDER BY hops LIMIT ?",
        (start, start, max_hops, avoid, goal, goal, goal, limit),
    ).fetchall()
    return [[int(sid) for sid in str(r[0]).split(",") if sid] for r in rows]
