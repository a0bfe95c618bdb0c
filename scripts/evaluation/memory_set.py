"""Scoring extraction against the memory set (tests/data/memory_set): nine people's notes in four
styles, split into dev and test by person. Entities (F1 over the named kinds), aspects (accuracy),
relations and attributes (F1), dated events (accuracy), and changes kept as chains (after the
whole notebook went through the real pipeline)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from dateutil import parser as date_parser

from remen.core.knowledge import (
    FREE_TEXT_PREDICATES,
    USER_NAME,
    VOICE_ASPECTS,
    Aspect,
    Extraction,
    Fact,
    NoteForExtraction,
)
from remen.memory.cues import period_said
from remen.memory.extractor import Extractor
from remen.memory.lexicon import GRAPH_OPERATIONS, canonical_relation
from remen.memory.names import compatible, name_key, name_tokens, normalise_value

from .tally import Tally

ASPECT_NAMES = tuple(a.value for a in Aspect)
SET_DIR = Path(__file__).resolve().parents[2] / "tests" / "data" / "memory_set"
SPLITS = ("dev", "test")
# Notebooks with only their changes labelled, scored for chains alone (the set's README).
CHAIN_PROBE = "chain_probe"

# Entity types scored, and the kind each counts as: technologies, products and standards are all
# "tools" to a reader, and the set does not try to tell them apart.
SCORED_KINDS = {
    "Person": "Person",
    "Organization": "Organization",
    "Place": "Place",
    "Project": "Project",
    "Technology": "Tool",
    "Product": "Tool",
    "Standard": "Tool",
}

NOTE_HEADER = re.compile(r"^=== (\d{4}-\d\d-\d\d \d\d:\d\d) (jot|journal|meeting|chat)$")
NO_DIGITS = re.compile(r"\D")


@dataclass(frozen=True)
class Triple:
    """A labelled or found relation or attribute."""

    subject: str
    predicate: str
    target: str


@dataclass(frozen=True)
class SetNote:
    """One labelled note."""

    person: str
    created: datetime
    style: str
    text: str
    entities: tuple[tuple[str, str], ...]
    triples: tuple[Triple, ...]
    aspects: tuple[tuple[str, str], ...]
    dates: tuple[tuple[str, date], ...]


@dataclass(frozen=True)
class Change:
    """Something that changed over a person's year, oldest value first."""

    subject: str
    predicate: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class Person:
    """One person's labelled notebook."""

    name: str
    notes: tuple[SetNote, ...]
    changes: tuple[Change, ...]


@dataclass
class F1:
    """True and false positives and negatives."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float:
        """Found that were labelled."""
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        """Labelled that were found."""
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        """Harmonic mean of precision and recall."""
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class SetScores:
    """Counts behind the figures of one split."""

    notes: int = 0
    entities: F1 = field(default_factory=F1)
    entity_kinds: dict[str, F1] = field(default_factory=lambda: defaultdict(F1))
    aspects: Tally = field(default_factory=Tally)
    triples: F1 = field(default_factory=F1)
    dates: Tally = field(default_factory=Tally)
    chains: Tally = field(default_factory=Tally)
    misses: list[str] = field(default_factory=list)

    def report(self) -> dict[str, object]:
        """Plain figures for JSON and the table."""
        return {
            "notes": self.notes,
            "entities": figures(self.entities),
            "entity_kinds": {k: figures(v) for k, v in sorted(self.entity_kinds.items())},
            "aspect_accuracy": self.aspects.ratio,
            "aspects_labelled": self.aspects.total,
            "relations_attributes": figures(self.triples),
            "event_date_accuracy": self.dates.ratio,
            "event_dates_labelled": self.dates.total,
            "chains_kept": self.chains.ratio,
            "chains_labelled": self.chains.total,
        }


def figures(counts: F1) -> dict[str, float]:
    """Precision, recall and F1 of ``counts``."""
    return {"precision": counts.precision, "recall": counts.recall, "f1": counts.f1}


def split_triple(text: str) -> Triple:
    """'s | p | o' → Triple."""
    subject, predicate, target = (part.strip() for part in text.split("|"))
    return Triple(subject, predicate, target)


def load_person(path: Path) -> Person:
    """One person's file (format: README.md beside the files)."""
    changes: list[Change] = []
    notes: list[SetNote] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if line.startswith("C "):
            subject, predicate, values = (part.strip() for part in line[2:].split("|"))
            changes.append(Change(subject, predicate, tuple(v.strip() for v in values.split(">"))))
            continue
        header = NOTE_HEADER.match(line)
        if not header:
            continue
        body: list[str] = []
        while lines[i] != "---":
            body.append(lines[i])
            i += 1
        i += 1
        entities, triples, aspects, dates = [], [], [], []
        while i < len(lines) and lines[i].strip():
            kind, rest = lines[i][0], lines[i][2:]
            if kind == "E":
                name, _, type_ = rest.rpartition(" : ")
                entities.append((name.strip(), type_.strip()))
            elif kind == "T":
                triples.append(split_triple(rest))
            elif kind == "A":
                fragment, _, aspect = rest.rpartition(" => ")
                if aspect.strip() not in ASPECT_NAMES:
                    raise ValueError(f"{path.name}: {aspect.strip()!r} is no aspect (one of {', '.join(ASPECT_NAMES)})")
                aspects.append((fragment.strip(), aspect.strip()))
            elif kind == "D":
                fragment, _, day = rest.rpartition(" => ")
                dates.append((fragment.strip(), date.fromisoformat(day.strip())))
            else:
                raise ValueError(f"{path.name}: unknown label line {lines[i]!r}")
            i += 1
        notes.append(
            SetNote(
                path.stem,
                datetime.fromisoformat(header.group(1)).astimezone(),
                header.group(2),
                "\n".join(body).strip(),
                tuple(entities),
                tuple(triples),
                tuple(aspects),
                tuple(dates),
            )
        )
    return Person(path.stem, tuple(notes), tuple(changes))


def load_split(split: str, folder: Path = SET_DIR) -> list[Person]:
    """Every person of one split."""
    return [load_person(p) for p in sorted((folder / split).glob("*.txt"))]


def same_subject(label: str, found: str) -> bool:
    """Whether a found subject is the labelled one ('me' is the writer)."""
    if name_key(label) == USER_NAME or name_key(found) == USER_NAME:
        return name_key(label) == name_key(found)
    return compatible(label, found)


def same_value(predicate: str, label: str, found: str) -> bool:
    """Whether a found object says what the label says, compared as its kind of value."""
    if predicate == "phone":
        # Compared on their last nine digits: "+44 7700 900123" is "07700 900123".
        digits = NO_DIGITS.sub("", label)[-9:], NO_DIGITS.sub("", found)[-9:]
        return len(digits[0]) >= 7 and digits[0] == digits[1]
    if predicate == "birthday":
        try:
            a, b = (date_parser.parse(v, default=datetime(2000, 1, 1)) for v in (label, found))
        except (ValueError, OverflowError):
            return False
        return (a.month, a.day) == (b.month, b.day)
    # A sum's period said one way on both sides, as the reader says it: "780/month" is "780 a month".
    left, right = (normalise_value(name_key(period_said(value))) for value in (label, found))
    if left == right or compatible(label, found):
        return True
    if predicate == "address":
        return left in right or right in left
    words = set(name_tokens(label))
    return bool(words) and words <= set(name_tokens(found))


def found_triples(extraction: Extraction) -> list[Triple]:
    """Relations and attributes an extraction states (not free text, not the user's own words)."""
    out = []
    for s in extraction.statements:
        target = s.object_name or s.object_value
        if (
            not target
            or s.negated
            or s.predicate in FREE_TEXT_PREDICATES | GRAPH_OPERATIONS
            or s.aspect in VOICE_ASPECTS
        ):
            continue
        out.append(Triple(s.subject, canonical_relation(s.predicate), target))
    return out


def match_triples(labelled: Iterable[Triple], found: list[Triple]) -> tuple[list[Triple], list[Triple]]:
    """(labelled not found, found not labelled), each found triple matching at most one label."""
    left = list(found)
    missing = []
    for want in labelled:
        predicate = canonical_relation(want.predicate)
        hit = next(
            (
                f
                for f in left
                if f.predicate == predicate
                and same_subject(want.subject, f.subject)
                and same_value(predicate, want.target, f.target)
            ),
            None,
        )
        if hit is None:
            missing.append(want)
        else:
            left.remove(hit)
    return missing, left


def entity_key(name: str, kind: str) -> tuple[str, str] | None:
    """(name without titles, scored kind), or None for a kind the set does not score."""
    scored = SCORED_KINDS.get(kind)
    return (" ".join(name_tokens(name)), scored) if scored else None


def count_entities(note: SetNote, found: list[tuple[str, str]], scores: SetScores, where: str) -> None:
    """Count the (name, type) pairs found in ``note`` against its labelled entities."""
    got = {k for name, kind in found if (k := entity_key(name, kind))}
    want = {k for name, kind in note.entities if (k := entity_key(name, kind))}
    for key in got & want:
        scores.entities.tp += 1
        scores.entity_kinds[key[1]].tp += 1
    for key in got - want:
        scores.entities.fp += 1
        scores.entity_kinds[key[1]].fp += 1
        scores.misses.append(f"{where}: entity not labelled {key}")
    for key in want - got:
        scores.entities.fn += 1
        scores.entity_kinds[key[1]].fn += 1
        scores.misses.append(f"{where}: entity missed {key}")


def score_note(note: SetNote, extraction: Extraction, scores: SetScores) -> None:
    """Count one note's extraction against its labels."""
    where = f"{note.person} {note.created:%m-%d %H:%M}"
    count_entities(note, [(e.name, e.type.value) for e in extraction.entities], scores, where)
    for fragment, aspect in note.aspects:
        holding = [s for s in extraction.statements if fragment.lower() in s.text.lower()]
        kinds = {s.aspect.value for s in holding}
        if not scores.aspects.count(aspect in kinds):
            scores.misses.append(f"{where}: aspect {fragment!r} {aspect} ≠ {sorted(kinds) or None}")
    missing, extra = match_triples(note.triples, found_triples(extraction))
    scores.triples.tp += len(note.triples) - len(missing)
    scores.triples.fn += len(missing)
    scores.triples.fp += len(extra)
    scores.misses += [f"{where}: triple missed {t.subject} · {t.predicate} · {t.target}" for t in missing]
    scores.misses += [f"{where}: triple not labelled {t.subject} · {t.predicate} · {t.target}" for t in extra]
    for fragment, day in note.dates:
        holding = [s for s in extraction.statements if fragment.lower() in s.text.lower()]
        days = {
            datetime.fromtimestamp(s.valid_at).astimezone().date() if s.valid_at else note.created.date()
            for s in holding
        }
        if not scores.dates.count(day in days):
            scores.misses.append(f"{where}: date of {fragment!r} {day} ≠ {sorted(str(d) for d in days) or None}")


def score_extraction(extractor: Extractor, people: list[Person], scores: SetScores) -> None:
    """Read every note on its own and count it against its labels."""
    for person in people:
        for note in person.notes:
            extraction = extractor.extract(NoteForExtraction(note.text, (), note.created.timestamp()))
            score_note(note, extraction, scores)
            scores.notes += 1


def chain_kept(change: Change, facts: list[Fact]) -> bool:
    """Whether the stored history holds ``change``: every earlier value replaced, the last current."""
    predicate = canonical_relation(change.predicate)
    relevant = [f for f in facts if f.target and canonical_relation(f.predicate) == predicate]
    for i, value in enumerate(change.values):
        holding = [f for f in relevant if same_value(predicate, value, f.target or "")]
        last = i == len(change.values) - 1
        if not holding or any(f.current for f in holding) != last:
            return False
    return True


def score_chains(
    people: list[Person], notebook_facts: Callable[[Person], dict[str, list[Fact]]], scores: SetScores
) -> None:
    """Count the changes kept as chains; ``notebook_facts(person)`` puts the person's notes through
    the pipeline and returns the facts, with history, of each subject of the person's changes."""
    for person in people:
        facts_of = notebook_facts(person)
        for change in person.changes:
            if not scores.chains.count(chain_kept(change, facts_of[change.subject])):
                values = " > ".join(change.values)
                scores.misses.append(f"{person.name}: chain {change.subject} · {change.predicate} · {values}")
