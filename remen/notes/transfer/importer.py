"""Turn files on disk into NoteDrafts, counting what had to be skipped or repaired."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from remen.core.errors import ImportFormatError
from remen.core.models import ImportSummary, NoteDraft, PastVersion
from remen.core.text import decode_text, normalise_tag, stable_id
from remen.core.timeutil import from_epoch, parse_iso
from remen.notes.transfer.markdown import draft_from_markdown

TAG_SEPARATOR_RE = re.compile(r"[,;\s]+")
NOTE_SUFFIXES = {".md", ".markdown", ".txt"}
BINARY_SNIFF_BYTES = 8192


@dataclass(frozen=True)
class SourceFile:
    """A file to import and the tag its folder gives it."""

    path: Path
    relative: str
    folder_tag: str | None


def is_binary(data: bytes) -> bool:
    """NUL bytes near the start mean this is not a text note."""
    return b"\x00" in data[:BINARY_SNIFF_BYTES]


def decode(data: bytes, summary: ImportSummary, label: str) -> str:
    """The file's text; anything but UTF-8 is counted and reported with the file's name."""
    text, encoding = decode_text(data)
    if encoding == "cp1252":
        summary.decoded_cp1252 += 1
        summary.errors.append(f"{label}: not UTF-8, read as Windows-1252 (Latin-1)")
    elif encoding == "replaced":
        summary.replaced_utf8 += 1
        summary.errors.append(f"{label}: invalid UTF-8, undecodable bytes replaced with �")
    return text


def list_note_files(root: Path) -> list[SourceFile]:
    """Markdown/text files under ``root`` (hidden folders skipped), in a stable order."""
    if root.is_file():
        return [SourceFile(root, root.name, None)]
    found: list[SourceFile] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            path = Path(folder) / name
            if path.suffix.lower() in NOTE_SUFFIXES and not name.startswith("."):
                relative = path.relative_to(root)
                parent = relative.parent.name
                found.append(SourceFile(path, relative.as_posix(), normalise_tag(parent) or None))
    return found


def read_markdown_file(source: SourceFile, summary: ImportSummary) -> NoteDraft | None:
    """One file as a draft, or None (counted in ``summary``) when it cannot be a note."""
    try:
        data = source.path.read_bytes()
        mtime = from_epoch(source.path.stat().st_mtime)
    except OSError as exc:
        summary.errors.append(f"{source.relative}: {exc.strerror or exc}")
        return None
    return draft_from_bytes(data, source, mtime, summary)


def draft_from_bytes(data: bytes, source: SourceFile, mtime: datetime, summary: ImportSummary) -> NoteDraft | None:
    """A file's bytes (modified at ``mtime``) as a draft, or None (counted in ``summary``) when they
    cannot be a note: binary, or empty once read."""
    if is_binary(data):
        summary.skipped_binary += 1
        return None
    text = decode(data, summary, source.relative)
    if not text.strip():
        summary.skipped_empty += 1
        return None
    draft = draft_from_markdown(text, source.path.stem, source.folder_tag, mtime, stable_id(source.relative))
    if not draft.body.strip():
        summary.skipped_empty += 1
        return None
    return draft


def draft_from_json(line: str, number: int) -> NoteDraft:
    """One JSON Lines record as a draft; a malformed record raises ImportFormatError."""
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ImportFormatError(f"line {number}: not valid JSON ({exc.msg})") from exc
    if not isinstance(record, dict) or not isinstance(record.get("body"), str):
        raise ImportFormatError(f"line {number}: expected an object with a string 'body'")
    try:
        created = parse_iso(record["created"]) if record.get("created") else None
        updated = parse_iso(record["updated"]) if record.get("updated") else None
    except ValueError as exc:
        raise ImportFormatError(f"line {number}: {exc}") from exc
    tags = record.get("tags") or []
    if isinstance(tags, str):
        # "a,b" and "a b" are lists written as text; joining them into one tag would mangle them.
        tags = [t for t in TAG_SEPARATOR_RE.split(tags) if t]
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise ImportFormatError(f"line {number}: 'tags' must be a list of strings or a comma-separated string")
    return NoteDraft(
        revisions=past_versions(record.get("revisions"), number),
        id=str(record["id"]) if record.get("id") else None,
        title=record.get("title") or None,
        body=record["body"],
        tags=tuple(tags),
        created=created,
        updated=updated,
        archived=bool(record.get("archived")),
        deleted=bool(record.get("deleted")),
    )


def past_versions(value: object, number: int) -> tuple[PastVersion, ...]:
    """A record's earlier versions ("revisions": objects with title, body, tags, saved), oldest
    first; a malformed list raises ImportFormatError."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ImportFormatError(f"line {number}: 'revisions' must be a list")
    versions = []
    for item in value:
        if not isinstance(item, dict) or not isinstance(item.get("body"), str) or not item.get("saved"):
            raise ImportFormatError(f"line {number}: each revision needs a string 'body' and a 'saved' time")
        tags = item.get("tags") or []
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            raise ImportFormatError(f"line {number}: a revision's 'tags' must be a list of strings")
        try:
            saved = parse_iso(str(item["saved"]))
        except ValueError as exc:
            raise ImportFormatError(f"line {number}: {exc}") from exc
        versions.append(PastVersion(str(item.get("title") or ""), item["body"], tuple(tags), saved))
    return tuple(versions)


def read_jsonl(path: Path, summary: ImportSummary) -> Iterator[NoteDraft]:
    """Drafts from a JSON Lines export; bad lines are reported and skipped."""
    data = path.read_bytes()
    text = decode(data, summary, path.name)
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            draft = draft_from_json(line, number)
        except ImportFormatError as exc:
            summary.errors.append(f"{path.name}: {exc}")
            continue
        if not draft.body.strip():
            summary.skipped_empty += 1
            continue
        yield draft


def count_inputs(path: Path) -> int:
    """How many records or files an import will read (for the progress bar)."""
    if path.suffix.lower() in {".jsonl", ".ndjson"}:
        with path.open("rb") as fh:
            return sum(1 for line in fh if line.strip())
    return len(list_note_files(path))


def read_drafts(path: Path, summary: ImportSummary) -> Iterator[NoteDraft]:
    """Drafts from a .jsonl file, a Markdown/text file, or a folder of them."""
    if not path.exists():
        raise ImportFormatError(f"{path} does not exist")
    if path.is_file() and path.suffix.lower() in {".jsonl", ".ndjson"}:
        yield from read_jsonl(path, summary)
        return
    if path.is_file() and path.suffix.lower() not in NOTE_SUFFIXES:
        raise ImportFormatError(f"{path}: Remen imports .jsonl files, .md/.txt files, or folders of them")
    for source in list_note_files(path):
        draft = read_markdown_file(source, summary)
        if draft is not None:
            yield draft
