"""Small pure readings of a sentence or a note: its aspect by cue phrases, negation, tools, lines."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from remen.core.knowledge import Aspect, EntityType
from remen.memory import lexicon
from remen.memory.patterns import DONE_ITEM, FENCE, MARKUP, NOT_NAMES


def title_case(word: str) -> str:
    """'julia' → 'Julia' (names written lower case in quick notes)."""
    return " ".join(part[:1].upper() + part[1:] for part in word.split())


def note_lines(text: str) -> Iterator[tuple[int, str]]:
    """(offset, line) of the prose lines of a markdown note: code blocks and ticked checklist items
    (done, so no longer tasks) skipped, markup stripped."""
    offset = 0
    in_code = False
    for raw in text.splitlines(keepends=True):
        start = offset
        offset += len(raw)
        if FENCE.match(raw):
            in_code = not in_code
            continue
        if in_code or raw.startswith(("    ", "\t")) or not raw.strip() or DONE_ITEM.match(raw):
            continue
        marker = MARKUP.match(raw)
        skip = marker.end() if marker else 0
        line = raw[skip:].rstrip()
        if line:
            yield start + skip, line


VOICE_NAMES = frozenset(
    a.value for a in (Aspect.DIRECTIVE, Aspect.PREFERENCE, Aspect.HABIT, Aspect.BELIEF, Aspect.GOAL, Aspect.TASK)
)


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
    if key in NOT_NAMES:
        return False
    kinds = [kind for name, kind in named if name.lower() == key]
    return (bool(kinds) and all(kind in TOOL_TYPES for kind in kinds)) or (not kinds and word[:1].islower())


def tool_type(word: str) -> EntityType:
    """Technology, product or standard by the word lists; a technology when unknown (it was switched to)."""
    return lexicon.LEXICON_TYPES.get(word.lower(), EntityType.TECHNOLOGY)


SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9À-Ý])")
# A word before a full stop that does not end a sentence: a title or common abbreviation, an
# initial ("J."), or a word or number with dots inside ("e.g.", "a.m.", a date "14.01.").
NOT_A_SENTENCE_END = re.compile(
    r"(?:^|[\s(\[])(?:(?i:" + "|".join(lexicon.ABBREVIATIONS) + r")|[A-Z]|\w+(?:\.\w+)+)\.$"
)
# Between a note's lines in the text spaCy reads: a paragraph break, never inside a sentence.
LINE_JOINER = "\n\n"


def sentence_bounds(line: str) -> list[tuple[int, int]]:
    """[start, end) of the sentences of one line: cut after . ! ? before a capital or a digit, but
    not after an abbreviation, an initial or a number written with dots ("Dr. Hill on 14.01.")."""
    bounds, start = [], 0
    for match in SENTENCE_END.finditer(line):
        if NOT_A_SENTENCE_END.search(line, max(start, match.start() - 24), match.start()):
            continue
        bounds.append((start, match.start()))
        start = match.end()
    if start < len(line):
        bounds.append((start, len(line)))
    return [(a, b) for a, b in bounds if line[a:b].strip()]
