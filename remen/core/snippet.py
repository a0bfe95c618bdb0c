"""Short excerpts of a note around the words that matched. Pure."""

from __future__ import annotations

from collections.abc import Sequence

from remen.core.constants import SNIPPET_CHARS


def body_without_title(title: str, body: str) -> str:
    """The body minus a first line that only repeats the title."""
    first, _, rest = body.lstrip().partition("\n")
    if title and title in first and len(first.strip("# ")) <= len(title) + 2:
        return rest
    return body


# A body longer than this many widths is cut to a window around its first matched term before
# its whitespace is evened out: a search dresses fifty hits, and evening out a whole long note for
# each cost more than the rest of the snippet.
WINDOW_WIDTHS = 4


def make_snippet(title: str, body: str, terms: Sequence[str], width: int = SNIPPET_CHARS) -> str:
    """About ``width`` characters of the body, centred on the first matched term when there is one."""
    body = body_without_title(title, body)
    margin = WINDOW_WIDTHS * width
    if len(body) > 2 * margin:
        at = first_match(body.lower(), terms) or 0
        start, end = max(0, at - margin), min(len(body), at + margin)
        excerpt = snippet_of(evened(body[start:end]), terms, width)
        before = "…" if start > 0 and not excerpt.startswith("…") else ""
        after = "…" if end < len(body) and not excerpt.endswith("…") else ""
        return before + excerpt + after
    return snippet_of(evened(body), terms, width)


def evened(text: str) -> str:
    """``text`` with every run of white space one space, none at the ends. str.split and the
    regular expression's \\s know the same white space; splitting is three times faster, and a
    search dresses fifty hits."""
    return " ".join(text.split())


def snippet_of(text: str, terms: Sequence[str], width: int) -> str:
    """The excerpt of ``text`` (whitespace evened out) around the first matched term."""
    if len(text) <= width:
        return text
    at = first_match(text.lower(), terms)
    if at is None:
        return text[:width].rstrip() + "…"
    start = max(0, at - width // 3)
    end = min(len(text), start + width)
    start = max(0, end - width)
    excerpt = text[start:end].strip()
    return ("…" if start > 0 else "") + excerpt + ("…" if end < len(text) else "")


def first_match(lowered: str, terms: Sequence[str]) -> int | None:
    """Where the first of ``terms`` found in ``lowered`` (lower-cased text) starts, or None."""
    return min((p for p in (lowered.find(t.lower()) for t in terms if t) if p >= 0), default=None)
