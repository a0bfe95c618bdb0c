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


# An item of a front-matter list written as a block ("- work" under "tags:").
BLOCK_ITEM_RE = re.compile(r"^\s+-\s|^-\s")


def vault_markdown(
    existing: str | None,
    note: Note,
    file_stem: str,
    folder_tag: str | None,
) -> str:
    """A note as the text of its vault file: the file's front matter kept as written (unknown
    keys, their order, its line endings), with ``title``, ``tags``, ``archived`` and ``updated``
    set where the note needs them so that :func:`draft_from_markdown` reads the note back; the
    body after it, ending in a newline."""
    newline = "\r\n" if existing is not None and "\r\n" in existing else "\n"
    match = FRONT_MATTER_RE.match(existing or "")
    lines = match.group(1).replace("\r\n", "\n").split("\n") if match else []
    implied = {*inline_tags(note.body), *([folder_tag] if folder_tag else [])}
    own_tags = [tag for tag in note.tags if tag not in implied]
    lines = set_key(lines, "tags", f"[{', '.join(own_tags)}]" if own_tags else None, keep_absent=not own_tags)
    lines = set_key(lines, "archived", "true" if note.archived else None, keep_absent=not note.archived)
    lines = set_key(lines, "title", quote_if_needed(note.title), keep_absent=True)
    lines = set_key(lines, "updated", note.updated.isoformat(), keep_absent=True)
    text = assemble(lines, note.body, bool(match))
    read = draft_from_markdown(text, file_stem, folder_tag, note.updated, note.id)
    if read.title != note.title:
        text = assemble([*lines, f"title: {quote_if_needed(note.title)}"], note.body, True)
    return text.replace("\n", newline)


def set_key(lines: list[str], key: str, value: str | None, keep_absent: bool) -> list[str]:
    """Front-matter lines with ``key`` set to ``value`` where it stands (its block list items
    replaced), added at the end when absent unless ``keep_absent``, removed when ``value`` is
    None."""
    out: list[str] = []
    found = False
    skipping = False
    for line in lines:
        if skipping and BLOCK_ITEM_RE.match(line):
            continue
        skipping = False
        key_match = KEY_RE.match(line)
        if key_match and key_match.group(1).lower() == key:
            found, skipping = True, True
            if value is not None:
                out.append(f"{key_match.group(1)}: {value}")
            continue
        out.append(line)
    if not found and value is not None and not keep_absent:
        out.append(f"{key}: {value}")
    return out


def assemble(lines: list[str], body: str, fenced: bool) -> str:
    """Front matter (when there is any, or the file had a block) and body, ending in a newline."""
    head = "---\n" + "".join(f"{line}\n" for line in lines) + "---\n" if lines or fenced else ""
    return f"{head}{body.rstrip(chr(10))}\n"
