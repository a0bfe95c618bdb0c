"""search(text, now): parse, run both legs in parallel, merge, relax when nothing matched."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime

import numpy as np

from remen.core.constants import (
    DEFAULT_LIMIT,
    FALLBACK_NAMESPACE,
    KEYWORD_REMEMBERED_TERMS,
    RANK_AGREEMENT_WEIGHT,
    RELATED_THRESHOLD,
    RELATED_THRESHOLD_FALLBACK,
    SEMANTIC_CHUNK_K,
    SEMANTIC_FLOOR,
    SEMANTIC_THRESHOLD,
    SEMANTIC_THRESHOLD_FALLBACK,
    SHORT_NOTE_WORDS,
    THREAD_GAP,
    THREAD_MAX_CHARS,
    THREAD_REPLY_SHARE,
    TOLD_TIME_MIN_COVERAGE,
)
from remen.core.knowledge import Aspect
from remen.core.models import (
    DateOrder,
    Leg,
    MatchType,
    NoteFilter,
    NoteScope,
    ParsedQuery,
    RelatedNote,
    SearchHit,
    SearchResult,
    Why,
)
from remen.core.snippet import make_snippet
from remen.core.text import asks, fold, is_short_turn, turn_words
from remen.core.timeutil import from_epoch
from remen.embed import Embedder, PendingQuery
from remen.search.filters import event_windows, holds_phrases
from remen.search.keyword import KeywordResult, TermNotes, Vocabulary, keyword_search
from remen.search.query import is_topical, parse_query, soften_time, time_names, told_time
from remen.search.rank import Ranked, merge, recency_boost
from remen.search.semantic import ChunkMatches, VectorIndex, best_per_note, knn_in_store
from remen.store import Store
from remen.store import search as search_store
from remen.store import vectors as vector_store
from remen.store.connect import Connection
from remen.store.search import NoteText


def beside_the_name(body: str, terms: set[str]) -> int:
    """How many words a chat turn says besides its speaker's name when the query names the speaker
    (its similarity may then be the name's alone); SHORT_NOTE_WORDS (weighed as found) otherwise."""
    turn = turn_words(body, SHORT_NOTE_WORDS)
    named = turn is not None and all(part in terms for part in fold(turn[0]).split())
    return turn[1] if turn is not None and named else SHORT_NOTE_WORDS


RELAX_ANY_WORD = "no note had all the words: showing notes with any of them"
RELAX_SEMANTIC = "no word matched: showing the closest notes by meaning"
NO_FLOOR = -1.0
RELAX_TIME = "no note written {when} matched: showing notes that mention “{words}”"
RELAX_EVENT = "no note written {when} matched: showing notes about something on that date"
BOTH_LEGS = frozenset({Leg.KEYWORD, Leg.SEMANTIC})
MODEL_NOT_READY = "keyword only (model loading)"


def elapsed_ms(start: float) -> float:
    """Milliseconds since ``start`` (a perf_counter reading)."""
    return (time.perf_counter() - start) * 1000


class SearchEngine:
    """Runs searches over one store. Keeps a vocabulary cache and, once warmed, vectors in RAM."""

    def __init__(self, store: Store, embedder: Callable[[], Embedder | None], date_order: DateOrder = "mdy") -> None:
        """``embedder`` returns the model, or None while it is not ready (keyword results only);
        ``date_order`` reads numeric dates that could be either way round ("3/2")."""
        self.store = store
        self.date_order = date_order
        self.embedder = embedder
        self.vocabulary = Vocabulary()
        self.index: VectorIndex | None = None
        # The in-RAM index is refreshed in place; one search or refresh touches it at a time.
        self._index_lock = threading.Lock()
        # Which legs run: both in the product; one alone to measure it (scripts/eval.py).
        self.legs = BOTH_LEGS
        self._hidden: tuple[int, list[tuple[int, bool, bool]]] | None = None
        self._note_count: tuple[int, int] = (-1, 0)
        # The keyword leg's index lookups by word, for the notes' generation they were made in.
        self._terms: tuple[int, dict[str, TermNotes]] = (-1, {})

    def warm(self) -> None:
        """Load every vector into RAM so later searches skip the scan in SQLite (long-lived apps)."""
        embedder = self.embedder()
        if embedder is None:
            return
        with self._index_lock:
            current = self.index if self.index and self.index.namespace == embedder.namespace else None
        if current is not None:
            with self._index_lock, self.store.read() as conn:
                current.refresh(conn)
            return
        # Loaded outside the index lock: searches keep running (through sqlite-vec) meanwhile.
        fresh = VectorIndex(embedder.namespace)
        with self.store.read() as conn:
            fresh.refresh(conn)
        with self._index_lock:
            if self.index is None or self.index.namespace != embedder.namespace:
                self.index = fresh

    # --- legs ------------------------------------------------------------------------------

    def scope(self, conn: Connection, note_filter: NoteFilter) -> NoteScope:
        """``note_filter`` resolved into sets (hidden notes cached until they change)."""
        generation = vector_store.generation(conn)
        if self._hidden is None or self._hidden[0] != generation:
            self._hidden = (generation, search_store.hidden_notes(conn))
        excluded = {
            nid for nid, archived, deleted in self._hidden[1] if not note_filter.admits_state(archived, deleted)
        }
        tagged = search_store.nids_with_tags(conn, note_filter.tags) if note_filter.tags else None
        within = None
        if note_filter.start is not None and note_filter.end is not None:
            within = search_store.created_between(conn, note_filter.start, note_filter.end)
        if tagged is not None:
            within = set(tagged) if within is None else within & tagged
        return NoteScope(note_filter, excluded=excluded, within=within, tagged=tagged)

    def keyword_leg(self, query: ParsedQuery, scope: NoteScope) -> tuple[KeywordResult, float]:
        """The keyword leg and its duration in ms (empty when the leg is switched off)."""
        start = time.perf_counter()
        if Leg.KEYWORD not in self.legs:
            return KeywordResult(), 0.0
        with self.store.read() as conn:
            generation = search_store.notes_generation(conn)
            if self._note_count[0] != generation:
                self._note_count = (generation, search_store.note_count(conn))
            notes = self._note_count[1]
            memo = self._remembered_terms(generation)
            result = keyword_search(conn, query.terms, query.phrases, scope, self.vocabulary, memo, notes)
        return result, elapsed_ms(start)

    def _remembered_terms(self, generation: int) -> dict[str, TermNotes]:
        """The index lookups made while the notes' text was at ``generation`` (a fresh set once it
        moves on, or once KEYWORD_REMEMBERED_TERMS are kept). Read in the same snapshot as the
        lookups that use them; threads may share them, as a lookup is the same whoever makes it."""
        kept, terms = self._terms
        if kept != generation or len(terms) > KEYWORD_REMEMBERED_TERMS:
            terms = {}
            self._terms = (generation, terms)
        return terms

    def forget_terms(self) -> None:
        """Drop the index lookups kept between searches (the benchmark times a query's own)."""
        self._terms = (-1, {})

    def chunks(self, embedder: Embedder, vector: np.ndarray, scope: NoteScope) -> ChunkMatches:
        """The chunks nearest ``vector`` in scope: in RAM once warm, else sqlite-vec's KNN."""
        with self.store.read() as conn:
            with self._index_lock:
                index = self.index
                if index is not None and index.namespace == embedder.namespace:
                    index.refresh(conn)
                    return index.search(vector, SEMANTIC_CHUNK_K, scope)
            return knn_in_store(conn, embedder.namespace, vector, SEMANTIC_CHUNK_K, scope.filter)

    def start_semantic(
        self, query: ParsedQuery, scope: NoteScope
    ) -> tuple[Embedder, PendingQuery[ChunkMatches]] | None:
        """The model set computing the query's vector, and the chunks nearest it, while the keyword
        leg runs; None when the model is not ready, the query has nothing for it or the leg is
        switched off."""
        embedder = self.embedder()
        if embedder is None or not query.semantic_text or Leg.SEMANTIC not in self.legs:
            return None
        return embedder, embedder.start_query(query.semantic_text, lambda vector: self.chunks(embedder, vector, scope))

    # --- search ----------------------------------------------------------------------------

    def search(
        self,
        text: str,
        now: datetime,
        limit: int = DEFAULT_LIMIT,
        include_archived: bool = False,
        include_deleted: bool = False,
    ) -> SearchResult:
        """Find notes for ``text`` as of ``now``."""
        embedder = self.embedder()  # may load the model once: not part of the search's timings
        model = embedder.description if embedder else MODEL_NOT_READY
        started = time.perf_counter()
        query = parse_query(text, now, self.date_order)
        timings = {"parse": elapsed_ms(started)}
        tr = query.time_range
        note_filter = NoteFilter(
            start=tr.start.timestamp() if tr else None,
            end=tr.end.timestamp() if tr else None,
            tags=query.tags,
            include_archived=include_archived,
            include_deleted=include_deleted,
        )
        with self.store.read() as conn:
            names = time_names(query)
            if any(search_store.newest_matches(conn, "substrings", name, 1) for name in names):
                # "black friday" when the notes say "black friday": words, not a day.
                query = soften_time(query) or query
                note_filter = replace(note_filter, start=None, end=None)
            scope = self.scope(conn, note_filter)
            listed = self._listing(conn, query, scope, now, limit) if query.nothing_to_match else None
        if listed is not None:
            hits, relaxation = listed, None
            softened = soften_time(query) if not listed else None
            if softened is not None:
                # "sunday" with no note written on Sunday: the notes that say it ("Sunday lunch").
                ranked, texts, _, searched, relaxation = self.soften(query, softened, note_filter, now, limit, timings)
                hits = self._dress(ranked, texts, searched)
            timings["total"] = elapsed_ms(started)
            return SearchResult(query, tuple(hits), timings, relaxation, model)
        timings["scope"] = elapsed_ms(started) - timings["parse"]

        run = SearchRun(self, query, scope, now, limit, timings)
        relaxation = None
        ranked, texts, corrections = run.legs(threshold=None)
        keyword_found = any(r.keyword_score is not None for r in ranked)
        if len(query.terms) > 1 and keyword_found and not run.all_words:
            relaxation = RELAX_ANY_WORD
        # A time phrase that is the topic ("ideas for christmas", "dentist on March 3") is searched
        # as words before the notes of that day are shown by meaning; any other one after.
        softened = soften_time(query) if not ranked else None
        topical = softened is not None and tr is not None and is_topical(tr.phrase)
        if topical and softened is not None:
            ranked, texts, corrections, query, relaxation = self.soften(
                query, softened, note_filter, now, limit, timings
            )
        if not ranked:
            # Inside a time range or a tag the closest notes are worth showing however far; over
            # every note, below the floor they are noise and "nothing matched" is the answer.
            floor = NO_FLOOR if query.time_range or query.tags else SEMANTIC_FLOOR
            ranked, texts, corrections = run.legs(threshold=floor)
            relaxation = RELAX_SEMANTIC if ranked else None
        if not ranked and softened is not None and not topical:
            ranked, texts, corrections, query, relaxation = self.soften(
                query, softened, note_filter, now, limit, timings
            )
        # Also when the range held no note with all the words: "how many pupils can I take from
        # January" is told in November.
        if ranked and tr is not None and relaxation in (None, RELAX_ANY_WORD, RELAX_SEMANTIC) and asks(query.raw):
            ranked, texts = self.with_time_told(query, ranked, texts, note_filter, now, limit)
        if corrections and relaxation is None:
            fixes = ", ".join(f"{term} → {' / '.join(alts)}" for term, alts in corrections.items())
            relaxation = f"typo tolerance: {fixes}"
        start = time.perf_counter()
        hits = self._dress(ranked, texts, query)
        timings["merge"] = timings.get("merge", 0.0) + elapsed_ms(start)
        timings["total"] = elapsed_ms(started)
        return SearchResult(query, tuple(hits), timings, relaxation, model)

    def soften(
        self,
        query: ParsedQuery,
        softened: ParsedQuery,
        note_filter: NoteFilter,
        now: datetime,
        limit: int,
        timings: dict[str, float],
    ) -> tuple[list[Ranked], dict[int, NoteText], dict[str, tuple[str, ...]], ParsedQuery, str | None]:
        """The search again without the time filter (``softened``: the time phrase as words):
        (results, texts, corrections, the query searched, the relaxation to show), the query
        unchanged if none."""
        span = query.time_range
        if span is None:
            return [], {}, {}, query, None
        with self.store.read() as conn:
            loose = self.scope(conn, replace(note_filter, start=None, end=None))
            events: set[int] = set()
            for start, end in event_windows(span, now):
                events |= search_store.notes_with_statements_between(conn, Aspect.EVENT, start, end)
        if events:
            # Notes whose stated event falls in the range come first: they say the date, however written.
            dated = replace(loose, within=events if loose.within is None else loose.within & events)
            undated = replace(query, time_range=None)
            ranked, texts, corrections = SearchRun(self, undated, dated, now, limit, timings).legs(threshold=None)
            if ranked:
                return ranked, texts, corrections, undated, RELAX_EVENT.format(when=span.description)
        ranked, texts, corrections = SearchRun(self, softened, loose, now, limit, timings).legs(threshold=None)
        if not ranked:
            return [], {}, {}, query, None
        return ranked, texts, corrections, softened, RELAX_TIME.format(when=span.description, words=span.phrase)

    def with_time_told(
        self,
        query: ParsedQuery,
        ranked: list[Ranked],
        texts: dict[int, NoteText],
        note_filter: NoteFilter,
        now: datetime,
        limit: int,
    ) -> tuple[list[Ranked], dict[int, NoteText]]:
        """A question's hits written in its time range, and beside them, by their keyword score,
        the notes written at any time that say the period its time phrase names and most of its
        words: "where do we go skiing this winter" is answered by "winter plan: skiing in
        Tignes", written in autumn."""
        told = told_time(query)
        if told is None:
            return ranked, texts
        searched, named = told
        with self.store.read() as conn:
            loose = self.scope(conn, replace(note_filter, start=None, end=None))
        found, _ = self.keyword_leg(searched, loose)
        whole = {
            nid: (hit.score, hit.matched, hit.word_coverage)
            for nid, hit in found.hits.items()
            if hit.word_coverage >= TOLD_TIME_MIN_COVERAGE and set(named) <= set(hit.matched)
        }
        created = {nid: found.texts[nid].created for nid in whole}
        seen = {r.nid for r in ranked}
        told_of = [r for r in merge(whole, {}, created, now.timestamp(), None, limit) if r.nid not in seen]
        if not told_of:
            return ranked, texts
        texts = {**texts, **{r.nid: found.texts[r.nid] for r in told_of}}
        both = sorted([*ranked, *told_of], key=lambda r: (-r.score, -texts[r.nid].created, r.nid))
        return both[:limit], texts

    def _listing(
        self,
        conn: Connection,
        query: ParsedQuery,
        scope: NoteScope,
        now: datetime,
        limit: int,
    ) -> list[SearchHit]:
        """Queries with nothing to match: notes in the time range and/or with the tags."""
        note_filter, tagged_nids = scope.filter, scope.tagged
        if note_filter.start is not None and note_filter.end is not None:
            # With a tag filter every note in range is a candidate (SQLite: LIMIT -1 = no limit).
            cap = limit if tagged_nids is None else -1
            nids = search_store.notes_in_range(conn, note_filter.start, note_filter.end, note_filter, cap)
            nids = [n for n in nids if tagged_nids is None or n in tagged_nids][:limit]
            texts = {t.nid: t for t in search_store.note_texts(conn, nids)}
        elif tagged_nids is not None:
            tagged = search_store.note_texts(conn, [n for n in tagged_nids if n not in scope.excluded])
            tagged.sort(key=lambda t: (-t.updated, -t.nid))
            texts = {t.nid: t for t in tagged[:limit]}
            nids = list(texts)
        else:
            return []
        hits = []
        for rank, nid in enumerate(nids):
            note = texts[nid]
            why = Why(
                (Leg.TIME,) if query.time_range else (Leg.TAG,),
                (),
                None,
                None,
                recency_boost(note.created, now.timestamp()),
                self._in_range(query, note),
            )
            listed = MatchType.TIME if query.time_range else MatchType.TAG
            hits.append(self._hit(note, (), 1.0 - rank / max(len(nids), 1), listed, why))
        return hits

    @staticmethod
    def _in_range(query: ParsedQuery, note: NoteText) -> bool | None:
        return query.time_range.contains(from_epoch(note.created)) if query.time_range else None

    @staticmethod
    def _hit(note: NoteText, snippet_terms: Sequence[str], score: float, match_type: MatchType, why: Why) -> SearchHit:
        return SearchHit(
            note_id=note.id,
            title=note.title,
            snippet=make_snippet(note.title, note.body, snippet_terms),
            score=score,
            match_type=match_type,
            why=why,
            created=from_epoch(note.created),
            updated=from_epoch(note.updated),
            tags=note.tags,
        )

    def _dress(self, ranked: list[Ranked], texts: dict[int, NoteText], query: ParsedQuery) -> list[SearchHit]:
        """Titles, snippets and explanations for merged results."""
        highlight = [*query.phrases, *query.terms]
        hits = []
        for r in ranked:
            note = texts[r.nid]
            legs = tuple(
                leg
                for leg, score in ((Leg.KEYWORD, r.keyword_score), (Leg.SEMANTIC, r.similarity))
                if score is not None
            )
            why = Why(
                legs, r.matched_terms, r.similarity, r.keyword_score, r.recency_boost, self._in_range(query, note)
            )
            hits.append(self._hit(note, r.matched_terms or highlight, r.score, r.match_type, why))
        return hits

    # --- related ---------------------------------------------------------------------------

    def related(self, nid: int, limit: int = 5) -> list[RelatedNote]:
        """Notes closest in meaning to note ``nid``: best pair of chunks, above the related threshold."""
        embedder = self.embedder()
        if embedder is None:
            return []
        with self.store.read() as conn:
            vectors = vector_store.note_vectors(conn, embedder.namespace, nid)
        return self._related_to_vectors(embedder, vectors, nid, limit)

    def related_to_text(self, text: str, limit: int = 5, exclude: int | None = None) -> list[RelatedNote]:
        """Notes closest in meaning to a text not saved yet (a draft)."""
        embedder = self.embedder()
        if embedder is None or not text.strip():
            return []
        return self._related_to_vectors(embedder, embedder.embed_query(text)[None, :], exclude, limit)

    def _related_to_vectors(
        self, embedder: Embedder, vectors: np.ndarray, exclude: int | None, limit: int
    ) -> list[RelatedNote]:
        threshold = RELATED_THRESHOLD_FALLBACK if embedder.namespace == FALLBACK_NAMESPACE else RELATED_THRESHOLD
        best: dict[int, float] = {}
        for vector in vectors:
            matches = self.chunks(embedder, vector, NoteScope(NoteFilter()))
            for other, sim in best_per_note(matches, threshold).items():
                if other != exclude and sim > best.get(other, -1.0):
                    best[other] = sim
        top = sorted(best.items(), key=lambda kv: -kv[1])[:limit]
        with self.store.read() as conn:
            texts = {t.nid: t for t in search_store.note_texts(conn, [n for n, _ in top])}
        return [RelatedNote(texts[n].id, texts[n].title, s) for n, s in top if n in texts]


class SearchRun:
    """One search's passes (at the threshold, then down to the floor) sharing the semantic leg."""

    def __init__(
        self,
        engine: SearchEngine,
        query: ParsedQuery,
        scope: NoteScope,
        now: datetime,
        limit: int,
        timings: dict[str, float],
    ) -> None:
        self.engine = engine
        self.query = query
        self.scope = scope
        self.now = now
        self.limit = limit
        self.timings = timings
        # Whether some keyword hit of the last pass holds every term.
        self.all_words = False
        # The semantic leg, set going now, once for every pass: the model's vector of the query on
        # its way, then the chunks nearest it (None: no model, or nothing for it).
        self.pending = engine.start_semantic(query, scope)

    def legs(self, threshold: float | None) -> tuple[list[Ranked], dict[int, NoteText], dict[str, tuple[str, ...]]]:
        """Run both legs at once (the model computes the query's vector on its own thread while
        the keyword leg runs here) and merge them. Quoted phrases filter the semantic leg too:
        only notes that hold them are kept."""
        engine = self.engine
        keyword, keyword_ms = engine.keyword_leg(self.query, self.scope)
        needles = len(self.query.terms) + len(self.query.phrases)
        self.all_words = any(len(h.matched) == needles for h in keyword.hits.values())
        semantic, semantic_ms, embed_ms = self.semantic_leg(threshold)
        self.timings.update(keyword=keyword_ms, semantic=semantic_ms, embed=embed_ms)
        start = time.perf_counter()
        texts = dict(keyword.texts)
        missing = [nid for nid in semantic if nid not in texts]
        if missing:
            with engine.store.read() as conn:
                texts.update((t.nid, t) for t in search_store.note_texts(conn, missing))
        if self.query.phrases:
            semantic = {nid: sim for nid, sim in semantic.items() if holds_phrases(texts[nid], self.query.phrases)}
        note_filter = self.scope.filter
        window = (
            (note_filter.start or float("-inf"), note_filter.end or float("inf")) if self.query.time_range else None
        )
        named = {fold(term) for term in self.query.terms}
        replies = self.replies(sorted(set(keyword.hits) | set(semantic)), texts, window)
        created = {nid: t.created for nid, t in texts.items()}
        ranked = merge(
            {nid: (h.score, h.matched, h.word_coverage) for nid, h in keyword.hits.items()},
            {nid: (sim, beside_the_name(texts[nid].body, named)) for nid, sim in semantic.items()},
            created,
            self.now.timestamp(),
            window,
            self.limit,
            RANK_AGREEMENT_WEIGHT if asks(self.query.raw) else 0.0,
            replies,
            THREAD_REPLY_SHARE,
        )
        unread = [r.nid for r in ranked if r.nid not in texts]
        if unread:
            with engine.store.read() as conn:
                texts.update((t.nid, t) for t in search_store.note_texts(conn, unread))
        self.timings["merge"] = elapsed_ms(start)
        return ranked, texts, keyword.corrections

    def semantic_leg(self, threshold: float | None) -> tuple[dict[int, float], float, float]:
        """Best similarity per visible note above ``threshold`` (the model's own by default), the
        leg's duration and the embedding's, in ms (the chunks are found once for every pass)."""
        if self.pending is None:
            return {}, 0.0, 0.0
        embedder, pending = self.pending
        found = pending.result()
        if threshold is None:
            threshold = SEMANTIC_THRESHOLD_FALLBACK if embedder.namespace == FALLBACK_NAMESPACE else SEMANTIC_THRESHOLD
        best = {nid: sim for nid, sim in best_per_note(found, threshold).items() if self.scope.admits(nid)}
        return best, pending.ms, pending.embed_ms

    def replies(
        self, candidates: list[int], texts: dict[int, NoteText], window: tuple[float, float] | None
    ) -> dict[int, int]:
        """For a question, the reply to each candidate that is a short chat turn: the turn written
        next, within minutes, admitted by the scope and inside the ``window`` asked for (see
        :func:`remen.search.rank.with_replies`). A jot written after another is no reply to it,
        nor is anything to a query that asks nothing. None for quoted phrases, which a reply would
        have to hold itself, nor when one leg is switched off (the evaluation's view of a leg
        alone)."""
        if not asks(self.query.raw) or self.query.phrases or self.engine.legs != BOTH_LEGS:
            return {}
        turns = [(nid, texts[nid].created) for nid in candidates if is_short_turn(texts[nid].body)]
        if not turns:
            return {}
        lo, hi = window or (float("-inf"), float("inf"))
        with self.engine.store.read() as conn:
            found = search_store.next_notes(conn, turns, THREAD_GAP.total_seconds(), THREAD_MAX_CHARS)
        return {
            nid: reply
            for nid, (reply, at, body) in found.items()
            if is_short_turn(body) and self.scope.admits(reply) and lo <= at < hi
        }
