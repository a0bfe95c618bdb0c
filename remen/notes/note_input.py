"""From what a person typed to what is stored: validation, title, tags, hash. Pure functions."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from remen.core.constants import MAX_NOTE_BYTES
from remen.core.errors import EmptyNoteError, NoteTooLargeError
from remen.core.models import Note
from remen.core.text import clean_text, content_hash, derive_title, inline_tags, normalise_tags, one_line


@dataclass(frozen=True)
class PreparedNote:
    """Validated, normalised note content ready to be written."""

    title: str
    body: str
    tags: tuple[str, ...]
    content_hash: str


def prepare(body: str, title: str | None, tags: Iterable[str]) -> PreparedNote:
    """Validate and normalise what a user gave: refuse empty or oversized notes."""
    body = clean_text(body)
    if not body.strip():
        raise EmptyNoteError("Nothing to save: the note is empty.")
    size = len(body.encode("utf-8"))
    if size > MAX_NOTE_BYTES:
        raise NoteTooLargeError(
            f"The note is {size / 1e6:.1f} MB; Remen stores notes up to {MAX_NOTE_BYTES / 1e6:.0f} MB."
        )
    given_title = one_line(clean_text(title)) if title else ""
    final_title = given_title or derive_title(body)
    final_tags = normalise_tags([*tags, *inline_tags(body)])
    return PreparedNote(final_title, body, final_tags, content_hash(final_title, body, final_tags))


def prepare_change(
    old: Note, body: str | None = None, title: str | None = None, tags: Iterable[str] | None = None
) -> PreparedNote:
    """A note's new content from what changes: a title given beside the body stays unless a new
    one is given, and tags given beside the body stay unless new ones are (inline tags follow the
    body)."""
    if title is None and old.title != derive_title(old.body):
        title = old.title
    if tags is None:
        tags = [t for t in old.tags if t not in inline_tags(old.body)]
    return prepare(old.body if body is None else body, title, tags)


def embeddable_text(title: str, body: str) -> str:
    """The title leads the text the model sees, unless the body already starts with it."""
    head = body.lstrip()[: len(title) + 4]
    return body if title and title in head else f"{title}\n\n{body}"


# A first line that is a Markdown heading: its marks, then its text.
HEADING_LINE = re.compile(r"^(\s*#{1,6}\s+)(.*?)(\s*#*\s*)$")


def retitled_body(body: str, old_title: str, new_title: str) -> str:
    """The body with its first line renamed when that line is the note's title ("# Carbonara" →
    "# Roman carbonara"), so the title and the text say the same; else the body as it is (the
    title was given beside it)."""
    lines = body.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        return body
    line = lines[first]
    heading = HEADING_LINE.match(line)
    if heading and heading.group(2).strip() == old_title:
        lines[first] = f"{heading.group(1)}{new_title}{heading.group(3)}"
    elif line.strip() == old_title:
        lines[first] = line[: len(line) - len(line.lstrip())] + new_title
    return "\n".join(lines)
