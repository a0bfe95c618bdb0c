"""The keyword leg: Remen's per-term substring scoring, on the FTS indexes, with typo tolerance."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from remen.core.constants import (
    FUZZY_LONG_LEN,
    FUZZY_MAX_CANDIDATES,
    FUZZY_MIN_LEN,
    INNER_MATCH_WEIGHT,
    KEYWORD_BODY_CAP,
    KEYWORD_BODY_SCORE,
    KEYWORD_CANDIDATE_CAP,
    KEYWORD_COMMON_DOCS,
    KEYWORD_MIN_COVERAGE,
    KEYWORD_SCORED,
    KEYWORD_TITLE_SCORE,
    KEYWORD_UNREAD_SHARE,
    WORD_START_MIN,
)
from remen.core.models import NoteScope
from remen.core.text import fold
from remen.store import search as search_store
from remen.store.connect import Connection
from remen.store.search import NoteText

# The trigram index can only find substrings of three characters or more.
TRIGRAM_MIN = 3
VOCABULARY_RELOAD_FACTOR = 10
# Body occurrences past the cap add nothing: counting stops there.
BODY_OCCURRENCES_ENOUGH = KEYWORD_BODY_CAP / KEYWORD_BODY_SCORE


@dataclass(frozen=True)
class KeywordHit:
    """A note the keyword leg found: its score, the terms that matched, and the share of the
    query's weight carried by the terms matched as words (not inside one)."""

    nid: int
    score: float
    matched: tuple[str, ...]
    word_coverage: float = 1.0


@dataclass
class KeywordResult:
    """Hits, the texts fetched to score them, and any typo corrections applied."""

    hits: dict[int, KeywordHit] = field(default_factory=dict)
    texts: dict[int, NoteText] = field(default_factory=dict)
    corrections: dict[str, tuple[str, ...]] = field(default_factory=dict)


def occurrences(folded_text: str, needle: str, enough: float = math.inf) -> tuple[int, int]:
    """(at the start of a word, inside a word) occurrences of a folded needle, counted until
    they weigh ``enough``; short needles count only as whole words ("go" not in "good")."""
    at_start = inner = 0
    whole_word = len(needle) < TRIGRAM_MIN
    pos = folded_text.find(needle)
    while pos >= 0 and at_start + INNER_MATCH_WEIGHT * inner < enough:
        starts = pos == 0 or not folded_text[pos - 1].isalnum()
        end = pos + len(needle)
        if not whole_word:
            at_start += starts
            inner += not starts
        elif starts and (end == len(folded_text) or not folded_text[end].isalnum()):
            at_start += 1
        pos = folded_text.find(needle, pos + 1)
    return at_start, inner


def term_score(title: str, tags: Sequence[str], body: str, variants: Sequence[str]) -> tuple[float, bool]:
    """One term's score and whether it matched as a word: +0.4 in the title or a tag, +0.1 per
    body occurrence up to 0.5; a match inside a word ("add" in "padding") counts INNER_MATCH_WEIGHT."""
    title_hits = [occurrences(title, v, 1) for v in variants]
    in_tag = any(tag.startswith(v) for tag in tags for v in variants)
    title_weight = (
        1.0 if in_tag or any(a for a, _ in title_hits) else INNER_MATCH_WEIGHT * any(i for _, i in title_hits)
    )
    body_hits = [occurrences(body, v, BODY_OCCURRENCES_ENOUGH) for v in variants]
    body_weight = max(a + INNER_MATCH_WEIGHT * i for a, i in body_hits)
    as_word = title_weight == 1.0 or any(a for a, _ in body_hits)
    score = KEYWORD_TITLE_SCORE * title_weight + min(KEYWORD_BODY_SCORE * body_weight, KEYWORD_BODY_CAP)
    return score, as_word


def score_note(
    text: NoteText, needles: Sequence[Sequence[str]], weights: Sequence[float]
) -> tuple[float, list[int], float, float]:
    """(score, matched needles, coverage, word coverage) of one note. Coverage is the share of the
    terms' weight (rarer terms weigh more) the matched terms carry; word coverage counts only the
    terms matched as words. The score is the weighted mean of the term scores times the coverage
    squared, so a note with every word outranks one with some, and one with half the weight
    scores a quarter (measured: partial matches of a sentence's common words crowd out meaning
    matches otherwise); capped at 1."""
    title, body = fold(text.title), fold(text.body)
    tags = [fold(t) for t in text.tags]
    scored = [term_score(title, tags, body, variants) for variants in needles]
    matched = [i for i, (s, _) in enumerate(scored) if s > 0]
    total = sum(weights) or 1.0
    score = sum(w * s for w, (s, _) in zip(weights, scored, strict=True)) / total
    coverage = sum(weights[i] for i in matched) / total
    word_coverage = sum(weights[i] for i in matched if scored[i][1]) / total
    return min(score * coverage * coverage, 1.0), matched, coverage, word_coverage


def idf(matches: int, notes: int) -> float:
    """How much a term found in ``matches`` of ``notes`` notes tells (rarer: more)."""
    return math.log(1.0 + notes / (1.0 + matches))


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
        return tuple(m[0] for m in ranked if m[0] != word and not drops_a_prefix(word, m[0]))[:FUZZY_MAX_CANDIDATES]


def drops_a_prefix(word: str, candidate: str) -> bool:
    """Whether ``candidate`` is ``word`` without its first letters: not a typo's fix but another
    word ("unterminated" is not a misspelled "terminated")."""
    return len(word) - len(candidate) >= 2 and word.endswith(candidate)


def stem(word: str) -> str:
    """A plural's singular, so "macros" finds "macro" and "queries" finds "query" (substring match)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@dataclass(frozen=True)
class TermNotes:
    """The notes holding a needle, or, for a needle too common to read whole, only how many hold
    it (``found`` is None: its notes are checked by reading the candidates' text instead)."""

    count: int
    found: set[int] | None


def index_for(needle: str) -> search_store.TextIndex:
    """The index that can find ``needle``: for short needles, words; for a long plain word, the
    notes with a word that starts with it (see WORD_START_MIN); else substrings (trigrams: "sql"
    in "PostgreSQL", "c++", "node.js", and scripts the word index does not cut into words)."""
    if len(needle) < TRIGRAM_MIN:
        return "words"
    return "word starts" if len(needle) >= WORD_START_MIN and needle.isascii() and needle.isalpha() else "substrings"


def term_notes(conn: Connection, needle: str, memo: dict[str, TermNotes], docs: int | None = None) -> TermNotes:
    """The notes whose title, body or tags contain ``needle``, memoised; a needle held as a word
    by more than KEYWORD_COMMON_DOCS notes is only counted (reading its notes costs ~1 µs each).
    ``docs``: how many notes hold it as a word, when the caller has already read that."""
    if needle not in memo:
        docs = search_store.word_doc_count(conn, needle) if docs is None else docs
        if docs > KEYWORD_COMMON_DOCS:
            memo[needle] = TermNotes(docs, None)
        else:
            found = search_store.match_nids(conn, index_for(needle), needle)
            memo[needle] = TermNotes(len(found), found)
    return memo[needle]


def visible(found: set[int], scope: NoteScope) -> set[int]:
    """The notes of ``found`` the scope admits (set operations: far cheaper than a test per note)."""
    kept = found - scope.excluded
    return kept & scope.within if scope.within is not None else kept


def candidate_pool(
    sets: Sequence[set[int] | None], weights: Sequence[float], phrase_count: int, scope: NoteScope
) -> set[int]:
    """The notes worth scoring, at most KEYWORD_CANDIDATE_CAP: with phrases, those holding every
    phrase; else those holding every word that occurs at all, then those holding the rarest
    words, rarest first (a note with only common words cannot hold most of the weight). Sets of
    needles too common to read (None) play no part."""
    if phrase_count:
        read = [s for s in sets[:phrase_count] if s is not None]
        return set(sorted(visible(set.intersection(*read), scope))[-KEYWORD_CANDIDATE_CAP:]) if read else set()
    present = sorted((s for s in sets if s), key=len)
    if not present:
        return set()
    every = set(present[0])
    for found in present[1:]:
        every &= found
    pool = set(sorted(visible(every, scope))[-KEYWORD_CANDIDATE_CAP:])
    for i in sorted(range(len(sets)), key=lambda i: -weights[i]):
        more = visible(sets[i] or set(), scope) - pool
        room = KEYWORD_CANDIDATE_CAP - len(pool)
        if len(more) > room:
            # Newest first among the notes of a word too common to take whole.
            pool |= set(sorted(more)[len(more) - max(room, 0) :])
            break
        pool |= more
    return pool


def common_only_pool(
    conn: Connection, needles: Sequence[Sequence[str]], lookups: Sequence[TermNotes], scope: NoteScope
) -> set[int]:
    """Candidates when every needle found is too common to read whole: the notes in scope when
    few, else the newest notes holding the rarest of them."""
    if scope.within is not None and len(scope.within) <= KEYWORD_CANDIDATE_CAP:
        return set(scope.within - scope.excluded)
    rarest = min((i for i, t in enumerate(lookups) if t.found is None), key=lambda i: lookups[i].count)
    needle = needles[rarest][0]
    found = search_store.newest_matches(conn, index_for(needle), needle, KEYWORD_CANDIDATE_CAP + len(scope.excluded))
    return visible(found, scope)


def weak_terms(counts: Sequence[int], notes: int) -> dict[int, TermNotes]:
    """The query's commonest words whose notes need not be read (by position, each with its count
    as a word), from how many notes hold each as a word: as many as their weight together stays
    under KEYWORD_UNREAD_SHARE of all the words' (a word no note holds is never among them)."""
    total = max(notes, max(counts, default=0), 1)
    weights = [idf(count, total) if count else 0.0 for count in counts]
    allowed = KEYWORD_UNREAD_SHARE * sum(weights)
    unread: dict[int, TermNotes] = {}
    spent = 0.0
    for i in sorted((i for i, count in enumerate(counts) if count), key=lambda i: weights[i]):
        spent += weights[i]
        if spent >= allowed:
            break
        unread[i] = TermNotes(counts[i], None)
    return unread


def merged_lookup(lookups: Sequence[TermNotes]) -> TermNotes:
    """One needle's notes from its spellings' (a misspelled word's corrections)."""
    if any(t.found is None for t in lookups):
        return TermNotes(max(t.count for t in lookups), None)
    found = set().union(*(t.found or set() for t in lookups))
    return TermNotes(len(found), found)


def keyword_search(
    conn: Connection,
    terms: Sequence[str],
    phrases: Sequence[str],
    scope: NoteScope,
    vocabulary: Vocabulary | None = None,
    memo: dict[str, TermNotes] | None = None,
    notes: int = 0,
) -> KeywordResult:
    """Score notes by the terms they contain, rarer terms weighing more; every quoted phrase must
    match; a note must hold at least KEYWORD_MIN_COVERAGE of the terms' weight as words, or every
    term. ``notes`` is how many notes there are (for the weights); ``memo`` carries index lookups
    between passes."""
    memo = {} if memo is None else memo
    result = KeywordResult()
    needles: list[tuple[str, ...]] = []
    lookups: list[TermNotes] = []
    for phrase in phrases:
        needles.append((fold(phrase),))
        lookups.append(term_notes(conn, fold(phrase), memo))
    stems = [stem(fold(term)) for term in terms]
    counts = [search_store.word_doc_count(conn, folded) for folded in stems]
    unread = weak_terms(counts, notes)
    for i, (term, folded) in enumerate(zip(terms, stems, strict=True)):
        lookup = unread[i] if i in unread else term_notes(conn, folded, memo, counts[i])
        if "ss" in folded:
            # Folding reads "ß" as "ss"; the index keeps "ß": "strasse" must find "Straße".
            lookup = merged_lookup([lookup, term_notes(conn, folded.replace("ss", "ß"), memo)])
        variants: tuple[str, ...] = (folded,)
        if not lookup.count and vocabulary is not None:
            vocabulary.refresh(conn)
            fixes = vocabulary.corrections(folded)
            if fixes:
                result.corrections[term] = fixes
                variants = fixes
                lookup = merged_lookup([term_notes(conn, fix, memo) for fix in fixes])
        needles.append(variants)
        lookups.append(lookup)
    if not needles:
        return result
    sets = [t.found for t in lookups]
    total = max(notes, max(t.count for t in lookups), 1)
    # A word no note contains tells nothing about the notes: it weighs nothing.
    weights = [idf(t.count, total) if t.count else 0.0 for t in lookups]
    phrase_count = len(phrases)
    pool = candidate_pool(sets, weights, phrase_count, scope)
    if not pool and any(t.found is None for t in lookups):
        pool = common_only_pool(conn, needles, lookups, scope)
    if len(pool) > KEYWORD_SCORED:
        # Score the notes whose words carry the most weight (by the index alone) first.
        held = {nid: sum(w for w, found in zip(weights, sets, strict=True) if found and nid in found) for nid in pool}
        pool = set(sorted(pool, key=lambda n: (held[n], n), reverse=True)[:KEYWORD_SCORED])
    display = [*phrases, *terms]
    for text in search_store.note_texts(conn, sorted(pool)):
        score, matched, coverage, word_coverage = score_note(text, needles, weights)
        if any(i not in matched for i in range(phrase_count)) or score <= 0:
            continue
        # Some of the words must be there as words; inside other words only counts when all are.
        if word_coverage < KEYWORD_MIN_COVERAGE and coverage < 1.0 and not phrase_count:
            continue
        result.texts[text.nid] = text
        matched_terms = tuple(display[i] for i in matched)
        result.hits[text.nid] = KeywordHit(text.nid, score, matched_terms, word_coverage)
    return result
