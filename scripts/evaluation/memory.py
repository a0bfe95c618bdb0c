"""Scoring an extractor against hand-labelled notes: entity precision/recall by type, aspect
accuracy, triple accuracy. Used by `scripts/eval.py memory` and by the tests' thresholds."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from remen.core.knowledge import USER_NAME, Extraction, NoteForExtraction
from remen.memory.extractor import Extractor
from remen.memory.names import name_key, normalise_value

from .tally import Tally


@dataclass(frozen=True)
class LabelledNote:
    """One note of the labelled set with what a reader should find in it."""

    id: str
    created: float
    text: str
    entities: tuple[tuple[str, str], ...]
    aspects: tuple[tuple[str, str], ...]
    triples: tuple[tuple[str, str, str], ...]


@dataclass
class MemoryScores:
    """Counts behind the figures."""

    entity_tp: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    entity_fp: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    entity_fn: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    aspects: Tally = field(default_factory=Tally)
    triples: Tally = field(default_factory=Tally)
    misses: list[str] = field(default_factory=list)

    def precision(self, kind: str | None = None) -> float:
        """Entity precision (of one type, or overall)."""
        tp = self.entity_tp[kind] if kind else sum(self.entity_tp.values())
        fp = self.entity_fp[kind] if kind else sum(self.entity_fp.values())
        return tp / (tp + fp) if tp + fp else 1.0

    def recall(self, kind: str | None = None) -> float:
        """Entity recall (of one type, or overall)."""
        tp = self.entity_tp[kind] if kind else sum(self.entity_tp.values())
        fn = self.entity_fn[kind] if kind else sum(self.entity_fn.values())
        return tp / (tp + fn) if tp + fn else 1.0

    @property
    def aspect_accuracy(self) -> float:
        """Labelled sentences whose statement has the labelled aspect."""
        return self.aspects.ratio

    @property
    def triple_accuracy(self) -> float:
        """Labelled triples the extractor produced exactly (subject, predicate, object)."""
        return self.triples.ratio


def load_labelled(path: Path) -> list[LabelledNote]:
    """The labelled set (JSON Lines)."""
    notes = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        notes.append(
            LabelledNote(
                row["id"],
                datetime.fromisoformat(row["created"]).astimezone().timestamp(),
                row["text"],
                tuple((e[0], e[1]) for e in row["entities"]),
                tuple((a[0], a[1]) for a in row["aspects"]),
                tuple((t[0], t[1], t[2]) for t in row["triples"]),
            )
        )
    return notes


def found_triples(extraction: Extraction) -> set[tuple[str, str, str]]:
    """(subject, predicate, object) keys of the graph statements of an extraction."""
    out = set()
    for s in extraction.statements:
        target = s.object_name or s.object_value
        if target and not s.negated:
            subject = USER_NAME if name_key(s.subject) == USER_NAME else name_key(s.subject)
            out.add((subject, s.predicate, normalise_value(name_key(target))))
    return out


def score(extractor: Extractor, notes: list[LabelledNote]) -> MemoryScores:
    """Run ``extractor`` over every labelled note (each on its own) and count."""
    scores = MemoryScores()
    for note in notes:
        extraction = extractor.extract(NoteForExtraction(note.text, (), note.created))
        got = {(name_key(e.name), e.type.value) for e in extraction.entities}
        want = {(name_key(n), t) for n, t in note.entities}
        for key in got & want:
            scores.entity_tp[key[1]] += 1
        for key in got - want:
            scores.entity_fp[key[1]] += 1
        for key in want - got:
            scores.entity_fn[key[1]] += 1
            scores.misses.append(f"{note.id}: entity {key}")
        for quote, aspect in note.aspects:
            match = next((s for s in extraction.statements if quote.lower() in s.text.lower()), None)
            if not scores.aspects.count(match is not None and match.aspect.value == aspect):
                scores.misses.append(f"{note.id}: aspect {quote!r} {aspect} ≠ {match.aspect.value if match else None}")
        triples = found_triples(extraction)
        for subject, predicate, target in note.triples:
            triple = (name_key(subject), predicate, normalise_value(name_key(target)))
            if not scores.triples.count(triple in triples):
                scores.misses.append(f"{note.id}: triple {triple}")
    return scores
