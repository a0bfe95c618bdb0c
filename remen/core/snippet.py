"""Short excerpts of a note around the words that matched. Pure."""

from __future__ import annotations

import re
from collections.abc import Sequence

from remen.core.constants import SNIPPET_CHARS

WHITESPACE_RE = re.compile(r"\s+")


def body_without_title(title: str, body: str) -> str:
    """The body minus a first line that only repeats the title."""
    first, _, rest = body.lstrip().partition("\n")
    if title and title in first and len(first.strip("# ")) <= len(title) + 2:
        return rest
    return body


def make_snippet(title: str, body: str, terms: Sequence[str], width: int = SNIPPET_CHARS) -> str:
    """About ``width`` characters of the body, centred on the first matched term when there is one."""
    text = WHITESPACE_RE.sub(" ", body_without_title(title, body)).strip()
    if len(text) <= width:
        return text
    lowered = text.lower()
    positions = [p for p in (lowered.find(t.lower()) for t in terms if t) if p >= 0]
    if not positions:
        return text[:width].rstrip() + "…"
    start = max(0, min(positions) - width // 3)
    end = min(len(text), start + width)
    start = max(0, end - width)
    excerpt = text[start:end].strip()
    return ("…" if start > 0 else "") + excerpt + ("…" if end < len(text) else "")
