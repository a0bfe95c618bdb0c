"""The keyword leg: Remen's per-term substring scoring, on the FTS indexes, with typo tolerance."""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from remen.constants import (
    FUZZY_LONG_LEN,
    FUZZY_MAX_CANDIDATES,
    FUZZY_MIN_LEN,
    KEYWORD_BODY_CAP,
    KEYWORD_BODY_SCORE,
    KEYWORD_CANDIDATE_CAP,
    KEYWORD_TITLE_SCORE,
)
from remen.models import NoteScope
from remen.store import search as search_store
from remen.store.connect import Connection
from remen.store.search import NoteText
from remen.text import fold

# The trigram index can only find substrings of three characters or more.
TRIGRAM_MIN = 3
VOCABULARY_RELOAD_FACTOR = 10


@dataclass(frozen=True)
class KeywordHit:
    """A note the keyword leg found, with its score and the terms that matched."""

    nid: int
    score: float
    matched: tuple[str, ...]


@dataclass
class KeywordResult:
    """Hits, the texts fetched to score them, and any typo corrections applied."""

    hits: dict[int, KeywordHit] = field(default_factory=dict)
    texts: dict[int, NoteText] = field(default_factory=dict)
    corrections: dict[str, tuple[str, ...]] = field(default_factory=dict)


def count_occurrences(folded_text: str, needle: str) -> int:
    """Occurrences of a folded needle; short needles only as whole words ("go" not in "good")."""
    if len(needle) >= TRIGRAM_MIN:
        return folded_text.count(needle)
    return len(re.findall(r"(?<![^\W_])" + re.escape(needle) + r"(?![^\W_])", folded_text))


def term_score(title: str, tags: Sequence[str], body: str, variants: Sequence[str]) -> float:
    """One term's score: +0.4 in the title or a tag, +0.1 per body occurrence up to 0.5 (all folded)."""
    in_title = any(count_occurrences(title, v) for v in variants) or any(v in tag for tag in tags for v in variants)
    body_hits = max(count_occurrences(body, v) for v in variants)
    return KEYWORD_TITLE_SCORE * in_title + min(KEYWORD_BODY_SCORE * body_hits, KEYWORD_BODY_CAP)


def score_note(text: NoteText, needles: Sequence[Sequence[str]]) -> tuple[float, list[int]]:
    """Total score (sum of term scores / number of terms, capped at 1) and which needles matched."""
    title, body = fold(text.title), fold(text.body)
    tags = [fold(t) for t in text.tags]
    scores = [term_score(title, tags, body, variants) for variants in needles]
    matched = [i for i, s in enumerate(scores) if s > 0]
    return min(sum(scores) / max(len(needles), 1), 1.0), matched


class Vocabulary:
    """The indexed words, reloaded when notes change, for correcting misspelled query words."""

    def __init__(self) -> None:
        """Empty until first needed."""
        self.generation = -1
        self.words: list[str] = []
        self.doc_counts: dict[str, int] = {}
        self.loaded_at = 0.0
        self.load_seconds = 0.0

    def refresh(self, conn: Connection) -> None:
        """Reload the word list if notes changed, at most once per VOCABULARY_RELOAD_FACTOR load times.

        Reading the vocabulary scans the whole word index (~150 ms at 100k notes): after every save
        that would make typing slow, so a large notebook tolerates a vocabulary a second or two old.
        """
        current = search_store.notes_generation(conn)
        if current == self.generation:
            return
        if self.generation >= 0 and time.monotonic() - self.loaded_at < VOCABULARY_RELOAD_FACTOR * self.load_seconds:
            return
        started = time.monotonic()
        pairs = search_store.vocabulary(conn)
        self.words = [w for w, _ in pairs if w.isalpha() and len(w) >= FUZZY_MIN_LEN - 2]
        self.doc_counts = dict(pairs)
        self.generation = current
        self.loaded_at = time.monotonic()
        self.load_seconds = self.loaded_at - started

    def corrections(self, term: str) -> tuple[str, ...]:
        """Indexed words within the allowed edit distance of ``term``, closest and commonest first."""
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        word = fold(term)
        if len(word) < FUZZY_MIN_LEN or not word.isalpha():
            return ()
        max_edits = 1 if len(word) < FUZZY_LONG_LEN else 2
        # Optimal string alignment: a swap of two letters ("rebsae") is one edit, not two.
        found = process.extract(word, self.words, scorer=OSA.distance, score_cutoff=max_edits, limit=25)
        ranked = sorted(found, key=lambda m: (m[1], -self.doc_counts.get(m[0], 0)))
        return tuple(m[0] for m in ranked if m[0] != word)[:FUZZY_MAX_CANDIDATES]


def stem(word: str) -> str:
    """A plural's singular, so "macros" finds "macro" and "queries" finds "query" (substring match)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def candidates(conn: Connection, needle: str, memo: dict[str, set[int]]) -> set[int]:
    """Notes whose title, body or tags contain ``needle`` (short needles: as a word), memoised."""
    if needle not in memo:
        table = "notes_fts" if len(needle) >= TRIGRAM_MIN else "notes_words"
        memo[needle] = search_store.match_nids(conn, table, needle)
    return memo[needle]


def keyword_search(
    conn: Connection,
    terms: Sequence[str],
    phrases: Sequence[str],
    scope: NoteScope,
    require_all: bool,
    vocabulary: Vocabulary | None = None,
    memo: dict[str, set[int]] | None = None,
) -> KeywordResult:
    """Score notes by the terms; every quoted phrase must match; with ``require_all`` every term too.

    ``memo`` carries index lookups between the passes of one search (all words, then any word).
    """
    memo = {} if memo is None else memo
    result = KeywordResult()
    needles: list[tuple[str, ...]] = []
    sets: list[set[int]] = []
    for phrase in phrases:
        needles.append((fold(phrase),))
        sets.append(candidates(conn, fold(phrase), memo))
    for term in terms:
        folded = stem(fold(term))
        found = candidates(conn, folded, memo)
        variants: tuple[str, ...] = (folded,)
        if not found and vocabulary is not None:
            vocabulary.refresh(conn)
            fixes = vocabulary.corrections(folded)
            if fixes:
                result.corrections[term] = fixes
                variants = fixes
                found = set().union(*(candidates(conn, fix, memo) for fix in fixes))
        needles.append(variants)
        sets.append(found)
    if not needles:
        return result
    phrase_count = len(phrases)
    if phrase_count:
        pool = sets[0].intersection(*sets[1:phrase_count])
    else:
        pool = sets[0].intersection(*sets[1:]) if require_all else set().union(*sets)
    if require_all and phrase_count and len(sets) > phrase_count:
        pool &= sets[phrase_count].intersection(*sets[phrase_count + 1 :])
    pool -= scope.excluded
    if scope.within is not None:
        pool &= scope.within
    if len(pool) > KEYWORD_CANDIDATE_CAP:
        hits_per_note = Counter(nid for s in sets for nid in s if nid in pool)
        pool = set(sorted(pool, key=lambda n: (hits_per_note[n], n), reverse=True)[:KEYWORD_CANDIDATE_CAP])
    display = [*phrases, *terms]
    for text in search_store.note_texts(conn, sorted(pool)):
        score, matched = score_note(text, needles)
        if any(i not in matched for i in range(phrase_count)):
            continue
        if require_all and len(matched) < len(needles):
            continue
        if score > 0:
            result.texts[text.nid] = text
            result.hits[text.nid] = KeywordHit(text.nid, score, tuple(display[i] for i in matched))
    return result
