"""Scoring `ask` on hand-labelled questions: route accuracy and answer accuracy, with the misses.
Used by `scripts/eval.py ask` and the tests' thresholds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from remen.core.answers import Answer
from remen.core.timeutil import from_epoch

from .memory import load_labelled
from .rows import json_lines
from .tally import Tally


@dataclass(frozen=True)
class LabelledQuestion:
    """A question, the route it should take, and a piece of the answer (or that there is none)."""

    question: str
    route: str
    answer: str | None
    none: bool


@dataclass
class AskScores:
    """Counts behind the figures."""

    routes: Tally = field(default_factory=Tally)
    answers: Tally = field(default_factory=Tally)
    misses: list[str] = field(default_factory=list)

    @property
    def route_accuracy(self) -> float:
        """Questions routed as labelled."""
        return self.routes.ratio

    @property
    def answer_accuracy(self) -> float:
        """Questions with a labelled answer (or a labelled absence of one) answered so."""
        return self.answers.ratio


def load_questions(path: Path) -> list[LabelledQuestion]:
    """The labelled questions (JSON Lines)."""
    return [LabelledQuestion(r["q"], r["route"], r.get("answer"), bool(r.get("none"))) for r in json_lines(path)]


def answered(answer: Answer, expected: LabelledQuestion) -> bool:
    """Whether the answer holds the labelled piece, or rightly says the notes do not have it."""
    if expected.none:
        return not answer.answers
    wanted = (expected.answer or "").lower()
    return any(wanted in item.text.lower() for item in answer.answers)


def score(ask: Callable[[str, datetime], Answer], questions: list[LabelledQuestion], now: datetime) -> AskScores:
    """Ask every question as of ``now`` and count."""
    scores = AskScores()
    for expected in questions:
        answer = ask(expected.question, now)
        route = answer.route.query_type.value
        if not scores.routes.count(route == expected.route):
            scores.misses.append(f"route {expected.question!r}: {route} ≠ {expected.route}")
        labelled = expected.answer is not None or expected.none
        if labelled and not scores.answers.count(answered(answer, expected)):
            got = [item.text[:60] for item in answer.answers[:2]] or answer.not_found
            scores.misses.append(f"answer {expected.question!r}: {got} ≠ {expected.answer or 'none'}")
    return scores


def add_labelled_notes(add: Callable[[str, datetime], object], path: Path) -> int:
    """Add the labelled memory notes (text and time of each) through ``add``; returns how many."""
    notes = load_labelled(path)
    for note in notes:
        add(note.text, from_epoch(note.created))
    return len(notes)
