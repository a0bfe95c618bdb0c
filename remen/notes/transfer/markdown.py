"""Markdown files with optional YAML-style front matter, both ways. Pure functions."""

from __future__ import annotations

import re
from datetime import datetime

from remen.core.models import Note, NoteDraft
from remen.core.text import heading_title, inline_tags, normalise_tags
from remen.core.timeutil import parse_iso

FRONT_MATTER_RE = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.DOTALL)
KEY_RE = re.compile(r"^([A-Za-z_][\w-]*)\s*:\s*(.*)$")


def unquote(value: str) -> str:
    """Strip one pair of matching quotes."""
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def parse_front_matter(text: str) -> tuple[dict[str, object], str]:
    """Split ``---`` front matter from the body. Supports scalars, ``[a, b]`` and ``- item`` lists."""
    match = FRONT_MATTER_RE.match(text)
    if not match:
        return {}, text
    data: dict[str, object] = {}
    current: str | None = None
    for line in match.group(1).splitlines():
        item = line.strip()
        if current and item.startswith("- "):
            existing = data.setdefault(current, [])
            if isinstance(existing, list):
                existing.append(unquote(item[2:]))
            continue
        key_match = KEY_RE.match(line)
        if not key_match:
            continue
        key, value = key_match.group(1).lower(), key_match.group(2).strip()
        current = key
        if value.startswith("[") and value.endswith("]"):
            data[key] = [unquote(v) for v in value[1:-1].split(",") if v.strip()]
        elif value:
            data[key] = unquote(value)
        else:
            data[key] = []
    return data, text[match.end() :]


def as_list(value: object) -> list[str]:
    """A front-matter value as a list of strings (``tags: a, b`` or a list)."""
    if isinstance(value, list):
        return [str(v) for v in value]
    if isinstance(value, str):
        return [v for v in re.split(r"[,\s]+", value) if v]
    return []


def front_matter_time(data: dict[str, object], *keys: str) -> datetime | None:
    """The first parseable date among ``keys``."""
    for key in keys:
        value = data.get(key)
        if isinstance(value, str) and value:
            try:
                return parse_iso(value)
            except ValueError:
                continue
    return None


def draft_from_markdown(text: str, file_stem: str, folder_tag: str | None, mtime: datetime, note_id: str) -> NoteDraft:
    """A note from a Markdown file: title, tags and times from front matter, heading, folder, mtime."""
    meta, body = parse_front_matter(text)
    body = body.strip("\n")
    title_value = meta.get("title")
    title = (title_value if isinstance(title_value, str) and title_value else None) or heading_title(body)
    tags = [*as_list(meta.get("tags")), *inline_tags(body)]
    if folder_tag:
        tags.append(folder_tag)
    created = front_matter_time(meta, "created", "date") or mtime
    updated = front_matter_time(meta, "updated", "modified") or max(mtime, created)
    archived = str(meta.get("archived", "")).lower() == "true"
    return NoteDraft(
        id=str(meta["id"]) if isinstance(meta.get("id"), str) and meta["id"] else note_id,
        body=body,
        title=title or file_stem.replace("-", " ").replace("_", " ").strip() or None,
        tags=normalise_tags(tags),
        created=created,
        updated=updated,
        archived=archived,
    )


def note_to_markdown(note: Note) -> str:
    """A note as Markdown with front matter that :func:`draft_from_markdown` reads back the same."""
    lines = [
        "---",
        f"id: {note.id}",
        f"title: {quote_if_needed(note.title)}",
        f"tags: [{', '.join(note.tags)}]",
        f"created: {note.created.isoformat()}",
        f"updated: {note.updated.isoformat()}",
    ]
    if note.archived:
        lines.append("archived: true")
    lines.append("---")
    return "\n".join(lines) + "\n" + note.body + "\n"


def quote_if_needed(value: str) -> str:
    """Quote a scalar that would otherwise be misread."""
    if value == value.strip() and value and not any(ch in value for ch in ":#[]{},\"'"):
        return value
    if '"' not in value:
        return f'"{value}"'
    if "'" not in value:
        return f"'{value}'"
    return '"' + value.replace('"', "'") + '"'
