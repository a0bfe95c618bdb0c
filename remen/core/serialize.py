"""The one way Remen turns its results into JSON, for the CLI, the memory commands and MCP alike,
so every interface names the same fields the same way."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import fields, is_dataclass
from datetime import datetime
from enum import Enum
from typing import Any, TypeVar

from remen.core.models import Note, SearchHit

Item = TypeVar("Item")


def plain(value: object) -> Any:
    """JSON-ready data: an object's own ``to_dict`` shape when it has one, a dataclass field by
    field, ISO 8601 times, enum values, lists for tuples and sets."""
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return plain(to_dict())
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(item) for item in value]
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    return value


def dumps(value: object, pretty: bool = True) -> str:
    """``value`` as JSON, Unicode kept: indented for people, compact for agents."""
    data = plain(value)
    if pretty:
        return json.dumps(data, ensure_ascii=False, indent=2)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def emit(value: object) -> None:
    """Print ``value`` as indented JSON on standard output (the CLI's ``--json``)."""
    print(dumps(value))


def provenance(note_id: str, title: str, created: datetime, updated: datetime, tags: Sequence[str]) -> dict[str, Any]:
    """Where a piece of text comes from: the note's id, title, dates and tags."""
    return {
        "id": note_id,
        "title": title,
        "created": created.isoformat(timespec="seconds"),
        "updated": updated.isoformat(timespec="seconds"),
        "tags": list(tags),
    }


def note_ref(note: Note) -> dict[str, Any]:
    """A note's provenance."""
    return provenance(note.id, note.title, note.created, note.updated, note.tags)


def hit_ref(hit: SearchHit) -> dict[str, Any]:
    """One search hit with its provenance and why it matched."""
    return {
        **provenance(hit.note_id, hit.title, hit.created, hit.updated, hit.tags),
        "snippet": hit.snippet,
        "score": round(hit.score, 3),
        "match": str(hit.match_type),
    }


def cut(items: Sequence[Item], limit: int, what: str) -> list[Item]:
    """The first ``limit`` of ``items`` (fetched with one more to know); when some were left out,
    say so on standard error, so a JSON list on standard output stays whole and parseable."""
    if limit <= 0 or len(items) <= limit:
        return list(items)
    print(f"remen: showing the first {limit} {what}; more exist (--limit 0 lists all).", file=sys.stderr)
    return list(items[:limit])
