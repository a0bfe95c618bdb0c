"""The known entities a note is about, listed in a model server's prompt so its names resolve to
the graph's spellings: names the note contains, then the entities nearest its meaning."""

from __future__ import annotations

import re

import numpy as np

from remen.core.constants import LLM_KNOWN_ENTITIES, MODEL_NAMESPACE
from remen.store import graph as graph_store
from remen.store import memory as memory_store
from remen.store import vectors as vector_store
from remen.store.connect import Connection


def nearby_names(conn: Connection, nid: int, text: str, limit: int = LLM_KNOWN_ENTITIES) -> tuple[str, ...]:
    """Up to ``limit`` entity names: those whose alias the note contains, then the nearest ones
    by ENTITY vectors to the note's own vectors."""
    lowered = text.lower()
    names: list[str] = []
    for alias, name in graph_store.alias_names(conn).items():
        if alias != "me" and re.search(rf"(?<!\w){re.escape(alias)}(?!\w)", lowered) and name not in names:
            names.append(name)
    vectors = vector_store.note_vectors(conn, MODEL_NAMESPACE, nid)
    if len(vectors) and len(names) < limit:
        centre = vectors.mean(axis=0)
        centre /= np.linalg.norm(centre) or 1.0
        near = [eid for eid, _ in memory_store.nearest(conn, "entity", centre, limit)]
        names += [name for name in memory_store.entity_names(conn, near) if name not in names]
    return tuple(names[:limit])
