"""Turn what a person typed into terms, exact phrases, tag filters and a time range. Pure."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from remen.core.constants import MAX_QUERY_TERMS, MAX_TIME_PARSE_CHARS
from remen.core.models import DateOrder, ParsedQuery
from remen.core.text import fold, normalise_tag
from remen.search.calendar import MONTHS, SEASONS, WEEKDAYS
from remen.search.temporal import BARE_WEEKDAY_RE, parse_temporal
from remen.search.time_handlers import CUE_WORDS, HOLIDAY_NAMES

QUOTE_RE = re.compile(r'"([^"]*)"|“([^”]*)”')
TAG_RE = re.compile(r"(?:(?<=\s)|^)#([^\W\d_][\w/-]*)", re.UNICODE)
# Said before the topic, they carry no meaning of their own.
FILLER_RE = re.compile(
    r"^(?:(?:can|could)\s+you\s+)?(?:please\s+)?"
    r"(?:(?:show|find|get|give|list|search|look)(?:\s+(?:me|up|for))*\s+)?"
    r"(?:(?:all|any|every)\s+)?(?:(?:of\s+)?my\s+|the\s+)?"
    r"(?:notes?|entries|entry|thoughts|writings?|stuff|things?)?\s*"
    r"(?:(?:about|on|regarding|re|for|with|mentioning|related\s+to|that\s+mention)\s+)?",
    re.IGNORECASE,
)
QUESTION_RE = re.compile(
    r"^(?:what|where|when|which|how)\s+(?:did|do|have|was|were|is|am)\s+i\s+"
    r"(?:write|wrote|written|note|noted|save|saved|put|say|said|jot|jotted|read|learn|learned|find|found"
    r"|work(?:ed|ing)?|do|doing|done|think|thought)"
    r"(?:\s+down)?(?:\s+(?:about|on|regarding|for))?(?:\s+|$)",
    re.IGNORECASE,
)
STOPWORD_TEXT = """
a about above after again against all am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have
having he her here hers herself him himself his how i if in into is it its itself just me more most
my myself no nor not now of off on once only or other our ours ourselves out over own same she
should so some such than that the their theirs them themselves then there these they this those
through to too under until up very was we were what when where which while who whom why will with
would you your yours yourself yourselves also get got via per re thing things stuff something
anything everything someone somewhere remember wrote written write find show tell please whatever
kind sort
"""
STOPWORDS = frozenset(STOPWORD_TEXT.split())
POSSESSIVE_RE = re.compile(r"(?<=\w)['’]s$", re.IGNORECASE)
EDGE_PUNCTUATION = "\"'“”‘’()[]{}<>,;:!?*`~|\\"


def clean_term(token: str) -> str:
    """A word with the punctuation around it and a possessive removed ("Jonas's", "mum’s" → "Jonas",
    "mum"); inner and meaningful symbols (c++, c#, .net) stay."""
    term = token.strip(EDGE_PUNCTUATION)
    if term.endswith(".") and not term.startswith("."):
        term = term.rstrip(".")
    return POSSESSIVE_RE.sub("", term)


def dedupe(items: list[str]) -> tuple[str, ...]:
    """Keep the first of items equal after folding."""
    seen: dict[str, str] = {}
    for item in items:
        seen.setdefault(fold(item), item)
    return tuple(seen.values())


def strip_filler(text: str, has_other_filters: bool) -> str:
    """Remove "show me my notes about", "what did I write about" and similar openers.

    A query that is nothing but such words ("notes") keeps them, unless a time range, tag or
    phrase already says what to look for ("notes from yesterday").
    """
    stripped = QUESTION_RE.sub("", text, count=1)
    remainder = FILLER_RE.sub("", stripped, count=1)
    return remainder if remainder.strip() or has_other_filters else stripped


def parse_query(text: str, now: datetime, date_order: DateOrder = "mdy") -> ParsedQuery:
    """Split a raw query into phrases, #tags, a time range and the terms that remain;
    ``date_order`` reads numeric dates that could be either way round ("3/2")."""
    phrases = dedupe([(a or b).strip() for a, b in QUOTE_RE.findall(text) if (a or b).strip()])
    rest = QUOTE_RE.sub(" ", text).replace('"', " ")
    tags = dedupe([normalise_tag(t) for t in TAG_RE.findall(rest) if normalise_tag(t)])
    rest = TAG_RE.sub(" ", rest)
    time_range, rest = parse_temporal(rest, now, date_order)
    rest = strip_filler(rest.strip(), bool(time_range or tags or phrases))
    words = [clean_term(token) for token in rest.split()]
    # Pure punctuation ("...", "#") matches nothing useful.
    words = [w for w in words if any(ch.isalnum() for ch in w)]
    terms = [w for w in words if fold(w) not in STOPWORDS]
    if not terms and not phrases and not time_range and not tags:
        # A query of only stopwords ("the who", "it") still means something: search for the words.
        terms = words
    semantic = " ".join([*phrases, *words]) if (phrases or words) else ""
    return ParsedQuery(
        raw=text,
        text=re.sub(r"\s+", " ", semantic).strip(),
        terms=dedupe(terms)[:MAX_QUERY_TERMS],
        phrases=phrases,
        tags=tags,
        time_range=time_range,
        time_notice=(
            f"time phrases read in the first {MAX_TIME_PARSE_CHARS:,} characters"
            if len(text) > MAX_TIME_PARSE_CHARS
            else None
        ),
    )


def soften_time(query: ParsedQuery) -> ParsedQuery | None:
    """The query with its time phrase searched as words instead of used as a filter ("dentist on
    March 3" also finds the note written in February that says it), or None without one."""
    span = query.time_range
    if span is None or not span.phrase:
        return None
    words = [clean_term(token) for token in span.phrase.split()]
    words = [w for w in words if any(ch.isalnum() for ch in w) and fold(w) not in STOPWORDS]
    return without_time(query, words) if words else None


def without_time(query: ParsedQuery, words: list[str]) -> ParsedQuery:
    """``query`` with no time filter, ``words`` (of its time phrase) searched beside its own."""
    return replace(
        query,
        text=f"{query.text} {' '.join(words)}".strip(),
        terms=dedupe([*query.terms, *words])[:MAX_QUERY_TERMS],
        time_range=None,
    )


# Words that name a period whatever the day ("summer", "friday", "christmas", "january"): a note
# can tell of one before or after it comes; "last week" as the asker means it, never.
NAMED_PERIOD_WORDS = frozenset({*MONTHS, *WEEKDAYS, *SEASONS, *(name for name in HOLIDAY_NAMES if name.isalpha())})


def told_time(query: ParsedQuery) -> tuple[ParsedQuery, tuple[str, ...]] | None:
    """The query without its time filter and with the periods its time phrase names as words
    ("where do we go skiing this winter" → go, skiing, winter), and those words; None when it
    names none."""
    span = query.time_range
    if span is None:
        return None
    named = [w for w in (clean_term(t) for t in span.phrase.split()) if fold(w) in NAMED_PERIOD_WORDS]
    return (without_time(query, named), tuple(named)) if named else None


# A time phrase led by one of these is what the note is about, not when it was written.
TOPICAL_PREPOSITIONS = frozenset({"for", "about", "on", "regarding", "re"})


def is_topical(phrase: str) -> bool:
    """Whether a time phrase names the topic ("for christmas", "on March 3") rather than when the
    note was written ("from last month", "this week")."""
    words = phrase.lower().split()
    return bool(words) and words[0] in TOPICAL_PREPOSITIONS


def time_names(query: ParsedQuery) -> list[str]:
    """The names a time phrase could be, or be part of: a holiday named alone ("black friday",
    "thanksgiving") and the two-word names a bare weekday could be part of ("sunday roast"). If the
    notes say one, the phrase is words of the query, not when notes were written."""
    span = query.time_range
    if span is not None and span.phrase.lower() in HOLIDAY_NAMES:
        return [span.phrase.lower()]
    if span is None or not BARE_WEEKDAY_RE.fullmatch(span.phrase.lower()):
        return []
    words = query.raw.split()
    names = []
    for i, word in enumerate(words):
        if clean_term(word).lower() != span.phrase.lower():
            continue
        for j in (i - 1, i + 1):
            neighbour = clean_term(words[j]).lower() if 0 <= j < len(words) else ""
            if neighbour.isalpha() and neighbour not in CUE_WORDS and neighbour not in STOPWORDS:
                names.append(f"{neighbour} {span.phrase.lower()}" if j < i else f"{span.phrase.lower()} {neighbour}")
    return names
