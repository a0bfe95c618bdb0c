"""Plain data of asking: how a question was routed, and the answers with their provenance."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum
from typing import Literal

from remen.core.knowledge import Aspect, Fact
from remen.core.models import SearchHit, TimeRange


class QueryType(StrEnum):
    """CORE's routes, plus plain search."""

    ASPECT_QUERY = "aspect_query"
    ENTITY_LOOKUP = "entity_lookup"
    TEMPORAL = "temporal"
    TEMPORAL_FACETS = "temporal_facets"
    EXPLORATORY = "exploratory"
    RELATIONSHIP = "relationship"
    SEARCH = "search"


LookupMode = Literal["attribute", "broad"]
# Where an answer comes from: a fact of the knowledge graph, or a sentence of the notes.
AnswerSource = Literal["graph", "notes"]
# Rough characters per token when an answer is trimmed to a token budget for an agent.
CHARS_PER_TOKEN = 4


@dataclass(frozen=True)
class EntityHint:
    """An entity the question names, and how the name was matched."""

    text: str
    name: str
    matched_by: Literal["user", "relation", "alias", "fuzzy", "meaning"]
    score: float = 1.0


@dataclass(frozen=True)
class Route:
    """How a question is answered: CORE's routing output, decided without an LLM."""

    query_type: QueryType
    confidence: float
    aspects: tuple[Aspect, ...] = ()
    temporal: TimeRange | None = None
    entity_hints: tuple[EntityHint, ...] = ()
    lookup_mode: LookupMode | None = None
    attribute_hint: str | None = None
    facets: tuple[str, ...] = ()
    selected_labels: tuple[str, ...] = ()
    evidence: tuple[str, ...] = ()
    routing_ms: float = 0.0
    # The question's words left once the cue, the time phrase and the names are taken out.
    topic: str = ""
    # Whether the question asks in the past ("who was my boss at the court", "where did I work").
    past: bool = False
    # A place the question describes at its end without naming it: "court" of "… at the court".
    described_place: str = ""

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        tr = self.temporal
        return {
            "query_type": str(self.query_type),
            "confidence": round(self.confidence, 3),
            "aspects": [str(a) for a in self.aspects],
            "temporal": None
            if tr is None
            else {"start": tr.start.isoformat(), "end": tr.end.isoformat(), "description": tr.description},
            "entity_hints": [
                {"text": h.text, "name": h.name, "matched_by": h.matched_by, "score": round(h.score, 3)}
                for h in self.entity_hints
            ],
            "lookup_mode": self.lookup_mode,
            "attribute_hint": self.attribute_hint,
            "facets": list(self.facets),
            "selected_labels": list(self.selected_labels),
            "evidence": list(self.evidence),
            "topic": self.topic,
            "past": self.past,
            "described_place": self.described_place,
            "routing_ms": round(self.routing_ms, 2),
        }


@dataclass(frozen=True)
class AnswerItem:
    """One answer: what the notes say, as of when, from which notes; earlier values if replaced."""

    text: str
    as_of: datetime | None
    note_ids: tuple[str, ...]
    fact: Fact | None = None
    earlier: tuple[Fact, ...] = ()
    # The short answer ("Lisbon") and the sentence it was found in, for answers from the notes.
    answer: str | None = None
    sentence: str | None = None
    source: AnswerSource = "graph"

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "text": self.text,
            "answer": self.answer if self.answer is not None else self.text,
            "sentence": self.sentence,
            "source": self.source,
            "as_of": None if self.as_of is None else self.as_of.isoformat(),
            "notes": list(self.note_ids),
            "note_ids": list(self.note_ids),
            "fact": None if self.fact is None else self.fact.to_dict(),
            "earlier": [f.to_dict() for f in self.earlier],
        }


@dataclass(frozen=True)
class Answer:
    """What `ask` returns: the route, the answers (empty when the notes do not say), the notes."""

    question: str
    route: Route
    answers: tuple[AnswerItem, ...]
    notes: tuple[SearchHit, ...]
    not_found: str | None = None
    timings_ms: dict[str, float] = field(default_factory=dict)
    # Notes not read into the graph yet (saved while no app or worker ran): the answers from the
    # graph may miss what they say; those from the notes' sentences do not.
    unread_notes: int = 0

    def within(self, max_tokens: int) -> Answer:
        """The same answer trimmed to about ``max_tokens`` (4 characters a token, as agents count
        roughly): answers first, then notes, each kept whole or left out."""
        budget = max_tokens * CHARS_PER_TOKEN
        answers: list[AnswerItem] = []
        notes: list[SearchHit] = []
        for item in self.answers:
            cost = len(item.text) + 40 * len(item.earlier) + 40
            if cost > budget:
                break
            answers.append(item)
            budget -= cost
        for hit in self.notes:
            cost = len(hit.title) + len(hit.snippet) + 60
            if cost > budget:
                break
            notes.append(hit)
            budget -= cost
        return replace(self, answers=tuple(answers), notes=tuple(notes))

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "question": self.question,
            "route": self.route.to_dict(),
            "answers": [a.to_dict() for a in self.answers],
            "not_found": self.not_found,
            "notes": [hit.to_dict() for hit in self.notes],
            "unread_notes": self.unread_notes,
            "timings_ms": {k: round(v, 2) for k, v in self.timings_ms.items()},
        }
