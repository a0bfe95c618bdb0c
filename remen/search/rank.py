"""Merging the two legs into one ranking. Pure functions: the clock is an argument."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from remen.constants import BOTH_BONUS, RECENCY_MAX_BOOST, RECENCY_WINDOW_DAYS
from remen.models import MatchType

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


def merge(
    keyword: Mapping[int, tuple[float, tuple[str, ...], bool]],
    semantic: Mapping[int, float],
    created: Mapping[int, float],
    now: float,
    window: tuple[float, float] | None = None,
    limit: int = 50,
) -> list[Ranked]:
    """Dedupe by note; max of the legs, +0.15 when both found it and the keyword evidence is real
    (the third item of a keyword entry: a word match holding most of the terms' weight), + recency;
    filter to the window; sort."""
    ranked: list[Ranked] = []
    for nid in set(keyword) | set(semantic):
        when = created[nid]
        if window is not None and not (window[0] <= when < window[1]):
            continue
        kw = keyword.get(nid)
        sim = semantic.get(nid)
        kw_score = kw[0] if kw else None
        both = kw is not None and sim is not None
        base = max(s for s in (kw_score, sim) if s is not None)
        boost = recency_boost(when, now)
        bonus = BOTH_BONUS if both and kw is not None and kw[2] else 0.0
        ranked.append(
            Ranked(
                nid=nid,
                score=base + bonus + boost,
                match_type=MatchType.BOTH if both else (MatchType.KEYWORD if kw else MatchType.SEMANTIC),
                keyword_score=kw_score,
                similarity=sim,
                recency_boost=boost,
                matched_terms=kw[1] if kw else (),
            )
        )
    ranked.sort(key=lambda r: (-r.score, -created[r.nid], r.nid))
    return ranked[:limit]
