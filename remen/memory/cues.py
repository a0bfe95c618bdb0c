"""Small pure readings of a sentence or a note: its aspect by cue phrases, negation, tools, lines."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from remen.core.knowledge import Aspect, EntityType
from remen.core.text import TURN
from remen.memory import lexicon
from remen.memory.patterns import (
    BULLET_MARKS,
    DONE_ITEM,
    FENCE,
    HASHTAGS,
    LINK_OR_CODE,
    MARKUP,
    NOT_A_PHONE,
    NOT_NAMES,
    PARTICLES,
    PERIOD_TOLD,
    PERIOD_WORDS,
    PERSONAL_PRONOUNS,
    PHONE,
)


def title_case(word: str) -> str:
    """'julia' → 'Julia' (names written lower case in quick notes)."""
    return " ".join(part[:1].upper() + part[1:] for part in word.split())


# The writer of a chat turn (core.text.TURN): "me: yes".
WRITER = frozenset({"me", "i"})


@dataclass(frozen=True)
class NoteLine:
    """A block of prose of a note: where it starts, its words, whether it is a heading, and
    whether it is an item of a list ("- me: write the doc", an action item, not a chat turn)."""

    offset: int
    text: str
    heading: bool = False
    item: bool = False
    # A ticked item ("- [x] cancel the gym", a bullet journal's "× last shift at BrightLine"):
    # something done, no longer a task.
    done: bool = False


# What opens an item of a list: a bullet ("- ", "• ", "× "...), "1. ", "2) ".
LIST_MARKS = frozenset(BULLET_MARKS + "0123456789")
HASHTAG_OPENING = re.compile(HASHTAGS)
# A line at least this long that ends mid-sentence was wrapped by its writer: the next plain line
# goes on with the same paragraph (shorter lines are list-like: "milk", "eggs"). Below the width
# writers wrap at (72 to 80 columns: in the shared TIL corpus 9 wrapped lines in 10 are 70 or
# longer), a line followed by one that opens with a capital is a jot's item of its own.
WRAPPED_LINE_CHARS = 50
WRAP_WIDTH_CHARS = 60
SENTENCE_PUNCTUATION = (".", "!", "?", ":", ";")


def note_lines(text: str) -> Iterator[NoteLine]:
    """The prose of a markdown note: code blocks skipped, markup stripped (a ticked item marked
    done: it says what was done, no longer a task), the lines of a hard-wrapped paragraph joined
    into one block (each line break read as a space, so offsets into the note hold)."""
    offset = 0
    in_code = False
    paragraph: NoteLine | None = None
    last = ""
    for raw in text.splitlines(keepends=True):
        start = offset
        offset += len(raw)
        if FENCE.match(raw):
            in_code = not in_code
            continue
        if in_code or raw.startswith(("    ", "\t")) or not raw.strip():
            if paragraph:
                yield paragraph
            paragraph = None
            continue
        marker = MARKUP.match(raw)
        line = raw[marker.end() if marker else 0 :].rstrip()
        plain = marker is None and TURN.match(line) is None
        if paragraph and plain and wraps(last, line):
            joined = text[paragraph.offset : start + len(line)]
            paragraph = NoteLine(paragraph.offset, joined.replace("\r", " ").replace("\n", " "))
            last = line
            continue
        last = line
        if paragraph:
            yield paragraph
        at = start + (marker.end() if marker else 0)
        opening = marker.group(0).lstrip() if marker else ""
        tagged = HASHTAG_OPENING.match(opening) is not None
        heading = opening.startswith("#") and not tagged
        item = opening[:1] in LIST_MARKS or tagged
        paragraph = NoteLine(at, line, heading, item) if plain else None
        if not plain:
            yield NoteLine(at, line, heading, item, DONE_ITEM.match(raw) is not None)
    if paragraph:
        yield paragraph


def wraps(line: str, following: str) -> bool:
    """Whether a line was cut by its writer's wrapping, mid-sentence, so ``following`` goes on with
    it: long, no stop at its end, and near a wrap's width unless the next line opens in lower case
    ("boiler service Mrs Okonkwo Thurs 9am" above "Gas Safe renewal due 30 Oct" is a jot's list)."""
    if len(line) < WRAPPED_LINE_CHARS or line.rstrip().endswith(SENTENCE_PUNCTUATION):
        return False
    return len(line) >= WRAP_WIDTH_CHARS or not following.lstrip()[:1].isupper()


# One compiled alternation per aspect, in the order the cues are tried.
CUE_PATTERNS = tuple(
    (aspect, re.compile(r"(?<![\w])(?:" + "|".join(re.escape(cue) for cue in cues) + ")"))
    for aspect, cues in lexicon.ASPECT_CUES
)


def cue_aspect(text: str) -> Aspect | None:
    """The first aspect one of whose cue phrases the sentence contains; a sentence opening with an
    imperative verb of errands ("call the plumber") is a task."""
    lower = " " + text.lower() + " "
    opening = text.lower().lstrip(" -*>").removeprefix("please ")
    first = re.match(r"([a-z]+)", opening)
    if first and first.group(1) in lexicon.TASK_OPENINGS and len(opening.split()) <= lexicon.TASK_MAX_WORDS:
        return Aspect.TASK
    if opening.startswith(lexicon.DIRECTIVE_OPENINGS):
        return Aspect.DIRECTIVE
    for aspect, pattern in CUE_PATTERNS:
        if pattern.search(lower):
            return aspect
    return None


def is_phone_number(text: str) -> bool:
    """Whether digits written as a phone number are one: 7 to 15 digits, not a year or a date
    with dashes ("2026-03-01"), not an IP address or a dotted date."""
    shape = text.strip()
    digits = sum(ch.isdigit() for ch in shape)
    is_year = re.fullmatch(r"(19|20)\d\d(-\d\d){0,2}", shape)
    return 7 <= digits <= 15 and not is_year and not NOT_A_PHONE.match(shape)


def phone_numbers(text: str, shape: re.Pattern[str] = PHONE) -> list[re.Match[str]]:
    """The phone numbers ``text`` writes (digits in ``shape`` that are one, see
    :func:`is_phone_number`), none inside a web address or a code span."""
    phones = [m for m in shape.finditer(text) if is_phone_number(m.group(0))]
    if not phones:
        return []  # asked of every sentence of every note: the links are looked for only beside digits
    hidden = [m.span() for m in LINK_OR_CODE.finditer(text)]
    return [m for m in phones if not any(start < m.end() and m.start() < end for start, end in hidden)]


def is_negated(text: str) -> bool:
    """Whether the sentence denies what it says ("no longer", "don't")."""
    lower = " " + text.lower() + " "
    return any(word in lower for word in lexicon.NEGATIONS)


def has_event_word(text: str) -> bool:
    """Whether the sentence speaks of something that happens at a time."""
    return any(word in lexicon.EVENT_WORDS for word in re.findall(r"[a-z-]+", text.lower()))


TOOL_TYPES = (EntityType.TECHNOLOGY, EntityType.PRODUCT, EntityType.STANDARD)


def is_tool(word: str, named: Sequence[tuple[str, EntityType]]) -> bool:
    """Whether ``word`` names a tool: in the word lists, or named in the sentence as a tool (not a
    place or a person: "moved to Hamburg" is no tool switch)."""
    key = word.lower()
    if key in lexicon.LEXICON_TYPES:
        return True
    if key in NOT_NAMES or key in PERSONAL_PRONOUNS or key in PARTICLES:
        return False
    kinds = [kind for name, kind in named if name.lower() == key]
    return (bool(kinds) and all(kind in TOOL_TYPES for kind in kinds)) or (not kinds and word[:1].islower())


def could_be_tool(word: str, named: Sequence[tuple[str, EntityType]], other: str = "", switched: bool = False) -> bool:
    """Whether ``word`` can name a tool in a switch from or to ``other`` ("moved my passwords from
    LastPass to Bitwarden"): the switch says it is one unless the sentence names it as a person or
    a place, or it is a number or a plain word. When the word lists know ``other`` for a tool, or
    the verb is "switch" (people move house, they do not switch it), or the sentence names ``other``
    a tool, a place is a guess the switch overrules ("from Dashlane to 1Password", "switched my
    account from Monzo to Starling", "from Dashlane to Proton Pass")."""
    key = word.lower()
    if key in lexicon.LEXICON_TYPES:
        return True
    if key in NOT_NAMES or not word[:1].isalpha():
        return False
    kinds = [kind for name, kind in named if name.lower() == key]
    other_kinds = [kind for name, kind in named if name.lower() == other.lower()]
    named_tool = bool(other_kinds) and all(kind in TOOL_TYPES for kind in other_kinds)
    sure = switched or other.lower() in lexicon.LEXICON_TYPES or named_tool
    ruled_out = {EntityType.PERSON} if sure else {EntityType.PERSON, EntityType.PLACE}
    return ruled_out.isdisjoint(kinds)


def tool_type(word: str) -> EntityType:
    """Technology, product or standard by the word lists; a technology when unknown (it was switched to)."""
    return lexicon.LEXICON_TYPES.get(word.lower(), EntityType.TECHNOLOGY)


# Quick notes start sentences in lower case too ("shipped it. zero pages. celebrating").
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[^\W_])")
# A word before a full stop that does not end a sentence: a title or common abbreviation, one
# written as a capital and consonants only ("Engr.", "Bldg."; no word is), an initial ("J."), or
# a word or number with dots inside ("e.g.", "a.m.", a date "14.01."). The
# word's start is a lookbehind, which sees the text before where the search starts: an
# abbreviation that opens a sentence ("Call them. Dr. Hill at 9") is one too.
CONSONANTS_ONLY = r"[A-Z][b-df-hj-np-tv-xz]{1,3}"
NOT_A_SENTENCE_END = re.compile(
    r"(?<![^\s(\[])(?:(?i:" + "|".join(lexicon.ABBREVIATIONS) + r")|" + CONSONANTS_ONLY + r"|[A-Z]|\w+(?:\.\w+)+)\.$"
)
# Between a note's lines in the text spaCy reads: a paragraph break, never inside a sentence.
LINE_JOINER = "\n\n"


def sentence_bounds(line: str) -> list[tuple[int, int]]:
    """[start, end) of the sentences of one line: cut after . ! ? before a word, but not after an
    abbreviation, an initial or a number written with dots ("Dr. Hill on 14.01."), nor after ! or ?
    ending more than a word before a word in lower case."""
    bounds, start = [], 0
    for match in SENTENCE_END.finditer(line):
        if NOT_A_SENTENCE_END.search(line, max(start, match.start() - 24), match.start()):
            continue
        cried = line[match.start() - 1] in "!?" and line[match.end()].islower()
        if cried and len(line[start : match.start()].split()) > 1:
            continue  # "accepted the offer!! start 1 April" goes on in lower case; "Mum!! the baby …" not
        bounds.append((start, match.start()))
        start = match.end()
    if start < len(line):
        bounds.append((start, len(line)))
    return [(a, b) for a, b in bounds if line[a:b].strip()]


def chat_turns(
    lines: list[NoteLine], is_someone: Callable[[str], bool] = lambda _: False
) -> list[tuple[NoteLine, str | None]]:
    """Each line of a note with who said it. In a chat (two turns or more, one of them the
    writer's; or turns only, each of someone ``is_someone`` takes for a person: "Dayo: I got the
    job", a turn of a chat kept a note a turn) each turn loses its "Name: " and says who spoke:
    None for the writer, whose "I" is the user; a line of a note that is no chat keeps its words
    ("Goal: a fourteener"). An item of a list is no turn: "Attendees: Gary, Kev, me" and "- me:
    check the tyres" are a meeting's."""
    turns = [None if line.item else TURN.match(line.text) for line in lines]
    with_writer = sum(t is not None for t in turns) >= 2 and any(t and t.group(1).lower() in WRITER for t in turns)
    prose = [turn for line, turn in zip(lines, turns, strict=True) if not line.heading]
    of_others = bool(prose) and all(turn is not None and is_someone(turn.group(1)) for turn in prose)
    if not (with_writer or of_others):
        return [(line, None) for line in lines]
    out: list[tuple[NoteLine, str | None]] = []
    for line, turn in zip(lines, turns, strict=True):
        if turn is None:
            out.append((line, None))
            continue
        speaker = turn.group(1)
        spoken = NoteLine(line.offset + turn.end(), line.text[turn.end() :])
        out.append((spoken, None if speaker.lower() in WRITER else speaker))
    return out


# A comma, semicolon or stop after a sum's last digit: the sentence's, not the sum's.
SUM_RAN_ON = re.compile(r"(?<=\d)[,.;]+$")


def period_said(value: str) -> str:
    """A stated sum with its period said one way ("18,500/mo", "18,500 per month" → "18,500 a
    month"), so the same sum written twice is one value, not a change; the comma or stop a jot
    ran on into dropped ("salary $58,000, start Monday"); any other value as it is."""
    value = SUM_RAN_ON.sub("", value)
    told = PERIOD_TOLD.search(value)
    if told is None or told.start() == 0:
        return value
    return f"{value[: told.start()]} {PERIOD_WORDS[told.group(1).lower()]}"
