"""Merging the two legs into one ranking. Pure functions: the clock is an argument."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace

from remen.core.constants import (
    BOTH_BONUS,
    BOTH_FULL_SIMILARITY,
    BOTH_PARTIAL_BONUS,
    FIRST_PAGE,
    KEYWORD_FIRSTS_KEPT,
    KEYWORD_FULL_MATCH_SCORE,
    RANK_AGREEMENT_K,
    RECENCY_MAX_BOOST,
    RECENCY_WINDOW_DAYS,
    SEMANTIC_THRESHOLD,
    SHORT_NOTE_WORDS,
)
from remen.core.models import MatchType

DAY_SECONDS = 86_400.0


@dataclass(frozen=True)
class Ranked:
    """One merged result before it is dressed with title and snippet."""

    nid: int
    score: float
    match_type: MatchType
    keyword_score: float | None
    similarity: float | None
    recency_boost: float
    matched_terms: tuple[str, ...]


def recency_boost(created: float, now: float) -> float:
    """0.1 for a note created now, falling linearly to 0 at 30 days old (never negative)."""
    age_days = max(0.0, (now - created) / DAY_SECONDS)
    return RECENCY_MAX_BOOST * max(0.0, 1.0 - age_days / RECENCY_WINDOW_DAYS)


def shrunk(similarity: float, words: int) -> float:
    """A similarity moved toward the threshold by how few words its note says besides a name the
    query shares: the cosine of "Theo: a journey" to a question about Theo is the name's."""
    if similarity <= SEMANTIC_THRESHOLD or words >= SHORT_NOTE_WORDS:
        return similarity
    return SEMANTIC_THRESHOLD + (similarity - SEMANTIC_THRESHOLD) * words / SHORT_NOTE_WORDS


def both_strength(similarity: float) -> float:
    """How much of the both-legs bonus a similarity earns: none at the semantic threshold, all
    from BOTH_FULL_SIMILARITY."""
    return min(1.0, max(0.0, (similarity - SEMANTIC_THRESHOLD) / (BOTH_FULL_SIMILARITY - SEMANTIC_THRESHOLD)))


def leg_ranks(scores: Mapping[int, float]) -> dict[int, int]:
    """Each note's place in one leg, best first (0), ties by note."""
    return {nid: rank for rank, nid in enumerate(sorted(scores, key=lambda nid: (-scores[nid], nid)))}


def rank_agreement(nid: int, ranks: tuple[dict[int, int], ...]) -> float:
    """Reciprocal rank fusion's term for a note: 1 / (k + rank) summed over the legs that found it."""
    return sum(1.0 / (RANK_AGREEMENT_K + leg[nid] + 1) for leg in ranks if nid in leg)


def merge(
    keyword: Mapping[int, tuple[float, tuple[str, ...], float]],
    semantic: Mapping[int, tuple[float, int]],
    created: Mapping[int, float],
    now: float,
    window: tuple[float, float] | None = None,
    limit: int = 50,
    rank_weight: float = 0.0,
    replies: Mapping[int, int] | None = None,
    reply_share: float = 0.0,
) -> list[Ranked]:
    """Dedupe by note; max of the legs, + a bonus when both found it, + recency; filter to the
    window; sort. A keyword entry is (score, matched terms, word coverage: the share of the terms'
    weight matched as words); a semantic one (similarity, the words the note says besides a name
    the query shares), the similarity of a note saying few shrunk before it is weighed (see
    :func:`shrunk`; the result keeps it as found).

    Calibrated so that the merge never ranks below the better leg (scripts/eval.py, per category):
    a note holding every term as a word scores at least KEYWORD_FULL_MATCH_SCORE (one mention in
    a body is worth more than a weak meaning match), and the both-legs bonus grows with the
    similarity (a similarity at the threshold is agreement with noise): BOTH_BONUS with every term
    as a word, else at most BOTH_PARTIAL_BONUS, by how close the keyword score comes to this
    query's best (a question shares a word or two with the note that answers it).

    With ``rank_weight`` (a query put as a question) and both legs, each note also gets that
    weight times its reciprocal ranks in the legs (:func:`rank_agreement`): a leg's first note
    counts for being first, whatever its score's scale; and the keyword leg's first few stay on
    the first page (:func:`keep_on_first_page`).

    With ``replies`` (a note → the note written next in its thread), each reply scores at least
    ``reply_share`` of its note's score (:func:`with_replies`), before the keyword leg's first
    are kept on the first page.
    """
    ranked: list[Ranked] = []
    best_keyword = max((k[0] for k in keyword.values()), default=0.0)
    fused = rank_weight > 0 and bool(keyword) and bool(semantic)
    ranks: tuple[dict[int, int], ...] = (
        (leg_ranks({n: k[0] for n, k in keyword.items()}), leg_ranks({n: s[0] for n, s in semantic.items()}))
        if fused
        else ()
    )
    for nid in set(keyword) | set(semantic):
        when = created[nid]
        if window is not None and not (window[0] <= when < window[1]):
            continue
        kw = keyword.get(nid)
        found = semantic.get(nid)
        sim = found[0] if found is not None else None
        weighed = shrunk(*found) if found is not None else None
        kw_score = None
        full = False
        if kw is not None:
            full = kw[2] >= 1.0
            kw_score = max(kw[0], KEYWORD_FULL_MATCH_SCORE) if full else kw[0]
        both = kw is not None and sim is not None
        base = max(s for s in (kw_score, weighed) if s is not None)
        bonus = 0.0
        if kw is not None and weighed is not None:
            share = 1.0 if full else BOTH_PARTIAL_BONUS / BOTH_BONUS * math.sqrt(kw[0] / best_keyword)
            bonus = BOTH_BONUS * both_strength(weighed) * share
        boost = recency_boost(when, now)
        agreement = rank_weight * rank_agreement(nid, ranks)
        ranked.append(
            Ranked(
                nid=nid,
                score=base + bonus + boost + agreement,
                match_type=MatchType.BOTH if both else (MatchType.KEYWORD if kw else MatchType.SEMANTIC),
                keyword_score=kw_score,
                similarity=sim,
                recency_boost=boost,
                matched_terms=kw[1] if kw else (),
            )
        )
    ranked.sort(key=lambda r: (-r.score, -created[r.nid], r.nid))
    if replies:
        ranked = with_replies(ranked, replies, reply_share)
    if fused:
        ranked = keep_on_first_page(ranked, {nid for nid, rank in ranks[0].items() if rank < KEYWORD_FIRSTS_KEPT})
    return ranked[:limit]


def with_replies(ranked: list[Ranked], replies: Mapping[int, int], share: float) -> list[Ranked]:
    """``ranked`` with the reply to each hit (``replies``: hit → the note written next in its
    thread) scored at least ``share`` of the hit's score: "Thursday with Dr Anand at the Roundhay
    practice" says nothing of a vet, the turn before it asked about one. A reply no leg found is
    one of REPLY's; one a leg found keeps its own kind. A reply raised goes before the first note
    scored lower (``ranked`` is by score); the rest keep their order."""
    held = {r.nid: r for r in ranked}
    raised: dict[int, Ranked] = {}
    for hit in ranked:
        reply = replies.get(hit.nid, hit.nid)
        carried = share * hit.score
        current = raised.get(reply) or held.get(reply)
        if reply == hit.nid or carried <= (current.score if current else 0.0):
            continue
        raised[reply] = (
            replace(current, score=carried) if current else Ranked(reply, carried, MatchType.REPLY, None, None, 0.0, ())
        )
    kept = [r for r in ranked if r.nid not in raised]
    lifted = sorted(raised.values(), key=lambda r: (-r.score, r.nid))
    out: list[Ranked] = []
    i = 0
    for r in kept:
        while i < len(lifted) and lifted[i].score > r.score:
            out.append(lifted[i])
            i += 1
        out.append(r)
    return out + lifted[i:]


def keep_on_first_page(ranked: list[Ranked], kept: set[int], page: int = FIRST_PAGE) -> list[Ranked]:
    """``ranked`` with every note of ``kept`` inside its first ``page`` places: one ranked below
    moves up to the end of the page, in its order, and the page's last notes not kept make room
    (the rest keeps its order)."""
    below = [r for r in ranked[page:] if r.nid in kept]
    if not below:
        return ranked
    head = ranked[:page]
    room = page - len(below) - sum(r.nid in kept for r in head)
    others = [r for r in head if r.nid not in kept][: max(0, room)]
    first = {r.nid for r in head if r.nid in kept} | {r.nid for r in others} | {r.nid for r in below}
    return [r for r in ranked if r.nid in first] + [r for r in ranked if r.nid not in first]
