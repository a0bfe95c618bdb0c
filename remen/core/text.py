"""Pure helpers over note text: titles, inline tags, hashes, ids."""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from collections.abc import Iterable
from typing import Literal

from remen.core.constants import MAX_TITLE_CHARS, THREAD_MAX_CHARS, TURN_HEAD_CHARS

HEADING_RE = re.compile(r"^#\s+(.+?)\s*#*\s*$")
FENCE_RE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE_RE = re.compile(r"`[^`\n]*`")
# A tag starts after a space or line start, so C#, URLs with #anchors and "##" headings are not tags.
INLINE_TAG_RE = re.compile(r"(?:(?<=\s)|^)#([^\W\d_][\w/-]*)", re.UNICODE)
TAG_ALLOWED_RE = re.compile(r"[^\w/-]+", re.UNICODE)
MARKDOWN_DECOR_RE = re.compile(r"^[#>*\-+\s]+|[*_`]+")
# A chat turn's speaker label: "Omar: ...", "me: ..." (group 1 is the speaker).
TURN = re.compile(r"^(me|i|[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)?):\s+(?=\S)")
WORD_RE = re.compile(r"\w+")
ID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"
ID_LENGTH = 12


def normalise_tag(tag: str) -> str:
    """Lower case, no leading '#', spaces become '-', other punctuation dropped."""
    cleaned = tag.strip().lstrip("#").strip().lower().replace(" ", "-")
    return TAG_ALLOWED_RE.sub("", cleaned).strip("-/")


def normalise_tags(tags: Iterable[str]) -> tuple[str, ...]:
    """Normalised, de-duplicated, order kept."""
    seen: dict[str, None] = {}
    for tag in tags:
        clean = normalise_tag(tag)
        if clean:
            seen.setdefault(clean, None)
    return tuple(seen)


def prose_lines(body: str) -> Iterable[str]:
    """Lines outside fenced code blocks, with inline code removed."""
    in_fence = False
    for line in body.splitlines():
        if FENCE_RE.match(line):
            in_fence = not in_fence
            continue
        if not in_fence:
            yield INLINE_CODE_RE.sub(" ", line)


def inline_tags(body: str) -> tuple[str, ...]:
    """``#tags`` written in the text, ignoring code, headings and things like C#."""
    found = (m.group(1) for line in prose_lines(body) for m in INLINE_TAG_RE.finditer(line))
    return normalise_tags(found)


def heading_title(body: str) -> str | None:
    """The text of the first ``# `` heading outside code, if any."""
    for line in prose_lines(body):
        match = HEADING_RE.match(line.strip())
        if match:
            return match.group(1).strip()[:MAX_TITLE_CHARS]
    return None


def derive_title(body: str) -> str:
    """The first non-empty line outside fenced code, as a heading's text when it is one (a
    ``# `` line further down, like a comment in unfenced code, is never the title), without
    markdown decoration."""
    for line in prose_lines(body):
        heading = HEADING_RE.match(line.strip())
        text = one_line(heading.group(1) if heading else MARKDOWN_DECOR_RE.sub("", line))
        if text:
            return text[:MAX_TITLE_CHARS]
    return "Untitled"


def content_hash(title: str, body: str, tags: Iterable[str]) -> str:
    """A short stable hash of what a note says; derived data is keyed on it."""
    data = "\x00".join([title, body, " ".join(tags)]).encode("utf-8", "surrogatepass")
    return hashlib.sha256(data).hexdigest()[:32]


def new_id() -> str:
    """A 12-character random id (base36): the first 4–5 characters already tell notes apart
    (time-based ids shared their first characters, so picking one took 6 or more)."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def stable_id(key: str) -> str:
    """A deterministic id for imported files (so re-imports update instead of duplicating)."""
    return "f" + hashlib.sha1(key.encode("utf-8", "surrogatepass")).hexdigest()[:11]


# The combining marks NFKD splits off letters (the blocks of combining diacritics); one regex in C
# instead of a Python test per character keeps folding a long note cheap.
COMBINING_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def fold(text: str) -> str:
    """Case- and diacritic-insensitive form used for matching (café → cafe)."""
    lowered = text.casefold()
    if lowered.isascii():
        return lowered
    return COMBINING_MARKS.sub("", unicodedata.normalize("NFKD", lowered))


def slugify(text: str, limit: int = 60) -> str:
    """A file-name-safe slug."""
    slug = re.sub(r"[^\w]+", "-", fold(text)).strip("-")
    return slug[:limit].strip("-") or "note"


# Unicode categories that break a line or drive the terminal: controls (NUL, newline, ESC…) and
# the line and paragraph separators.
LINE_BREAKING_CATEGORIES = frozenset({"Cc", "Zl", "Zp"})


def one_line(text: str) -> str:
    """``text`` as one printable line: controls and line breaks become spaces, runs of spaces one.
    Titles go through it, so a listing never shows a forged line or a terminal escape."""
    spaced = "".join(" " if unicodedata.category(ch) in LINE_BREAKING_CATEGORIES else ch for ch in text)
    return " ".join(spaced.split())


def clean_id(raw: str | None) -> str | None:
    """An imported note id without control characters or surrounding space; None when nothing is left
    (the note then gets an id of its own)."""
    if raw is None:
        return None
    return "".join(ch for ch in raw if unicodedata.category(ch) not in LINE_BREAKING_CATEGORIES).strip() or None


def clean_text(text: str) -> str:
    """Text SQLite and the indexes can hold: no NUL characters, no lone surrogates."""
    if "\x00" in text:
        text = text.replace("\x00", "")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


TextEncoding = Literal["utf-8", "cp1252", "replaced"]


def decode_text(data: bytes) -> tuple[str, TextEncoding]:
    """Bytes as text: UTF-8 (with or without BOM), else Windows-1252/Latin-1 (the usual encoding
    of older text files), else UTF-8 with undecodable bytes replaced by U+FFFD. Says which."""
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("utf-8-sig", errors="replace"), "replaced"


# Words that open a question: who/what/… and the auxiliaries of a yes/no question ("did she …").
QUESTION_WORDS = frozenset(("who", "whom", "whose", "what", "which", "where", "when", "why", "how"))
AUXILIARIES = frozenset(
    ("is", "are", "was", "were", "do", "does", "did", "can", "could", "will", "would", "should", "has", "have", "had")
)


def asks(text: str) -> bool:
    """Whether ``text`` is put as a question: it has a question mark, or its first word opens one
    ("when was Theo's meeting with the bank", "did Nadia go")."""
    first = next(WORD_RE.finditer(text.lower()), None)
    return "?" in text or (first is not None and first.group(0) in QUESTION_WORDS | AUXILIARIES)


def turn_words(body: str, enough: int) -> tuple[str, int] | None:
    """A chat turn's speaker and how many words it says after that label, counted up to
    ``enough`` in its first characters (a long note is not read to its end); None for a note
    that is no turn."""
    text = body[:TURN_HEAD_CHARS].lstrip()
    turn = TURN.match(text)
    if turn is None:
        return None
    count = 0
    for _ in WORD_RE.finditer(text, turn.end()):
        count += 1
        if count >= enough:
            break
    return turn.group(1), count


def is_short_turn(body: str) -> bool:
    """Whether a note is one turn of a chat ("Nadia: £40 a month"), short enough for a thread:
    jots written in a row are no chat."""
    return len(body) <= THREAD_MAX_CHARS and turn_words(body, 1) is not None


def alternation(words: Iterable[str]) -> str:
    """The words as a regex alternation, each escaped, longest first: "tax returns" is tried before
    "tax", "twenty-first" before "twenty"."""
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))


# English irregular verbs and the past forms people write in notes.
IRREGULAR_FORMS: dict[str, frozenset[str]] = {
    verb: frozenset(forms.split())
    for verb, forms in {
        "buy": "bought",
        "sell": "sold",
        "go": "went gone",
        "give": "gave given",
        "tell": "told",
        "take": "took taken",
        "make": "made",
        "meet": "met",
        "leave": "left",
        "get": "got gotten",
        "run": "ran",
        "win": "won",
        "pay": "paid",
        "say": "said",
        "find": "found",
        "bring": "brought",
        "think": "thought",
        "come": "came",
        "begin": "began begun",
        "feel": "felt",
        "keep": "kept",
        "lose": "lost",
        "send": "sent",
        "spend": "spent",
        "build": "built",
        "write": "wrote written",
        "read": "read",
        "eat": "ate eaten",
        "drive": "drove driven",
        "fly": "flew flown",
        "see": "saw seen",
        "teach": "taught",
        "catch": "caught",
        "choose": "chose chosen",
        "hold": "held",
        "sleep": "slept",
        "swim": "swam",
        "sing": "sang sung",
        "break": "broke broken",
        "speak": "spoke spoken",
        "wear": "wore worn",
        "ride": "rode ridden",
        "fall": "fell fallen",
        "grow": "grew grown",
        "know": "knew known",
        "hear": "heard",
        "lead": "led",
        "stand": "stood",
        "understand": "understood",
        "sit": "sat",
        "become": "became",
    }.items()
}
# The same past forms, to the verb a question asks with.
IRREGULAR_PAST = {past: verb for verb, forms in IRREGULAR_FORMS.items() for past in forms}
