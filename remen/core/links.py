"""`[[Title]]` links between notes, as Obsidian, zk and nvALT write them. Pure text functions.

A link names a note by its title; `[[Title|shown text]]` and `[[Title#heading]]` link to the same
note. The database keeps each link's target by note once resolved, so a link survives the target's
title changing; renaming a note rewrites the links that name it (retitled_links).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath
from urllib.parse import unquote

# `[[` then the title (no brackets, bars, hashes or line breaks), then an optional `#heading` or
# `|shown text`, then `]]`.
LINK = re.compile(r"\[\[([^\[\]|#\n]+)((?:[#|][^\[\]\n]*)?)\]\]")
# A relative Markdown link to another note's file, as zk and Obsidian also write them:
# `[shown](Other%20note.md)`, `[x](../ideas/other.md#part)`; not a web or mail address.
FILE_LINK = re.compile(
    r"\[[^\]\n]*\]\((?![a-z][a-z0-9+.-]*:)<?([^)<>#\s][^)<>#]*?\.(?:md|markdown|txt))>?(?:#[^)]*)?\)"
)
# A question about a note's backlinks: "what links to Carbonara?", "which notes link to [[Pasta
# night]]", "who refers to the note Trip plan".
LINKS_TO = re.compile(
    r"^\s*(?:what|which(?:\s+notes?)?|who)\s+(?:links?|points?|refers?)\s+(?:here\s+)?to\s+"
    r"(?:the\s+note\s+)?[\"“'\[]*(.+?)[\"”'\]]*\s*\??\s*$",
    re.IGNORECASE,
)
# An unfinished link at the end of the text before the cursor: what completion completes.
OPEN_LINK = re.compile(r"\[\[([^\[\]|#\n]*)$")


@dataclass(frozen=True)
class LinkAt:
    """A link found in a text: the title it names and where the whole `[[…]]` is."""

    title: str
    start: int
    end: int


def link_title(text: str) -> str:
    """A title as links compare it: trimmed, inner runs of spaces made one."""
    return " ".join(text.split())


def links_in(body: str) -> list[LinkAt]:
    """Every link of a note's text, in order (a title named twice is there twice)."""
    return [
        LinkAt(title, match.start(), match.end())
        for match in LINK.finditer(body)
        if (title := link_title(match.group(1)))
    ]


def file_link_titles(body: str) -> list[str]:
    """The titles named by relative Markdown links to note files: each file's name as an import
    titles a file without a heading ("other-note.md" → "other note")."""
    titles = []
    for match in FILE_LINK.finditer(body):
        stem = PurePosixPath(unquote(match.group(1))).stem
        if title := link_title(stem.replace("-", " ").replace("_", " ")):
            titles.append(title)
    return titles


def linked_titles(body: str) -> list[str]:
    """The titles a note links to (`[[Title]]` and relative Markdown links to note files), each
    once, in the order first named."""
    seen: dict[str, str] = {}
    for title in [link.title for link in links_in(body)] + file_link_titles(body):
        seen.setdefault(title.casefold(), title)
    return list(seen.values())


def links_asked_about(question: str) -> str | None:
    """The title a question asks the backlinks of ("what links to Carbonara?" → "Carbonara")."""
    match = LINKS_TO.match(question)
    return link_title(match.group(1)) if match else None


def link_line(body: str, title: str) -> str | None:
    """The line of a note's text holding its link to ``title`` (for showing why it links)."""
    key = link_title(title).casefold()
    for line in body.splitlines():
        if any(link.title.casefold() == key for link in links_in(line)):
            return line.strip()
    return None


def link_at(text: str, offset: int) -> LinkAt | None:
    """The link whose brackets hold the character offset ``offset`` (the cursor), if any."""
    return next((link for link in links_in(text) if link.start < offset < link.end), None)


def open_link(before_cursor: str) -> str | None:
    """The title typed so far when the cursor is inside a `[[` not yet closed on its line, else None."""
    match = OPEN_LINK.search(before_cursor)
    return match.group(1) if match else None


def retitled_links(body: str, old: str, new: str) -> str:
    """``body`` with its links to the title ``old`` naming ``new`` instead, keeping any `|shown
    text` or `#heading` (the title compared as links compare it, case aside)."""
    wanted = link_title(old).casefold()

    def rename(match: re.Match[str]) -> str:
        if link_title(match.group(1)).casefold() != wanted:
            return match.group(0)
        return f"[[{new}{match.group(2)}]]"

    return LINK.sub(rename, body)
