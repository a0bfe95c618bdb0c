"""Train the entity classifier on the memory set's dev split and ship its weights.

Every candidate name of every sentence of tests/data/memory_set/dev, found exactly as the
extractor finds them (remen.memory.entity_model.candidates), is one example: labelled with the
kind of the note's labelled entity of the same name, or "none" when the note labels no such
entity. Softmax regression with L2, fitted by full-batch gradient descent. Before fitting on all of
dev, accuracy on people it has not seen, held out a quarter at a time, says how it does on a new
person (the test split is never read here).

Usage: python scripts/train_entities.py [--check]   (--check: cross-validate only, write nothing)
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from evaluation.memory_set import Person, load_split
from training import check_only, fit, leave_one_person_out, note_sentences, ship

from remen.core.config import model_dir
from remen.embed import load_embedder
from remen.memory.entity_model import (
    CONTEXT_DIM,
    KINDS,
    NER_LABELS,
    NOT_A_NAME,
    TOOL,
    WEIGHTS,
    WEIGHTS_SHA256,
    NameVectors,
    features,
)
from remen.memory.names import name_tokens

# Strength of the L2 penalty, steps and step size: chosen by leave-one-person-out accuracy on dev.
L2 = 1e-4
STEPS = 2000
RATE = 0.5
# What spaCy's label alone would make of a candidate (the baseline).
SPACY_GUESS = {
    "PERSON": "Person",
    "ORG": "Organization",
    "GPE": "Place",
    "LOC": "Place",
    "FAC": "Place",
    "PRODUCT": TOOL,
}
# People held out a quarter at a time: a fit takes minutes, so one a person (57) outlasts a session.
PERSON_FOLDS = 4
# Copies of each note with another person's names put in.
COPIES = 4
LABELS = tuple(KINDS)
# The set's kinds as the classifier's: technologies, products and standards are tools; projects,
# concepts and events are found by other means, so a candidate labelled one of them teaches
# nothing here.
SET_KINDS = {
    "Person": "Person",
    "Organization": "Organization",
    "Place": "Place",
    "Technology": TOOL,
    "Standard": TOOL,
    "Product": TOOL,
}


def key(name: str) -> str:
    """A name as the set's labels are compared."""
    return " ".join(name_tokens(name))


@dataclass
class Examples:
    """Feature rows with their label, the person whose note each comes from, and the person whose
    names were put into it (the same person for the notes as written)."""

    rows: list[np.ndarray] = field(default_factory=list)
    labels: list[int] = field(default_factory=list)
    owners: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)

    def read(self, text: str, labelled: dict[str, str], owner: str, source: str, vectors: NameVectors) -> set[str]:
        """Add every candidate of ``text`` (labelled: name key → the set's kind), with the features
        the extractor computes; the names seen."""
        names, rows = features(note_sentences(text), vectors)
        seen = set()
        for name, row in zip(names, rows, strict=True):
            kind = labelled.get(key(name))
            label = SET_KINDS.get(kind, "") if kind else NOT_A_NAME
            if not label:
                continue
            seen.add(key(name))
            self.rows.append(row)
            self.labels.append(LABELS.index(label))
            self.owners.append(owner)
            self.sources.append(source)
        return seen


def names_by_kind(person: Person) -> dict[str, list[str]]:
    """The names a person's notes label, by the classifier's kind."""
    out: dict[str, set[str]] = {}
    for note in person.notes:
        for name, kind in note.entities:
            if kind in SET_KINDS:
                out.setdefault(SET_KINDS[kind], set()).add(name)
    return {kind: sorted(names) for kind, names in out.items()}


def swapped(
    text: str, entities: tuple[tuple[str, str], ...], donor: dict[str, list[str]], rng: random.Random
) -> tuple[str, dict[str, str]]:
    """``text`` with each labelled name of a kind the donor has replaced by one of the donor's, and
    the labels of the new text."""
    labelled = {}
    for name, kind in entities:
        pool = donor.get(SET_KINDS.get(kind, ""), [])
        pattern = re.compile(r"(?<!\w)" + re.escape(name) + r"(?!\w)")
        if pool and pattern.search(text):
            other = rng.choice(pool)
            text = pattern.sub(lambda _: other, text)  # noqa: B023 - used at once
            labelled[key(other)] = kind
        else:
            labelled[key(name)] = kind
    return text, labelled


def examples(people: list[Person], copies: int, vectors: NameVectors) -> Examples:
    """Every candidate of dev's notes as written, then of ``copies`` versions of each note with its
    names swapped for another person's names of the same kind: the context, not the name itself,
    has to tell a person from a place (the test split's names are all new)."""
    out = Examples()
    rng = random.Random(0)
    found = wanted = 0
    donors = {person.name: names_by_kind(person) for person in people}
    for person in people:
        others = [p.name for p in people if p.name != person.name]
        for note in person.notes:
            labelled = {key(name): kind for name, kind in note.entities}
            seen = out.read(note.text, labelled, person.name, person.name, vectors)
            scored = {k for k, kind in labelled.items() if kind in SET_KINDS}
            wanted += len(scored)
            found += len(scored & seen)
            for donor in rng.sample(others, copies):
                text, relabelled = swapped(note.text, note.entities, donors[donor], rng)
                out.read(text, relabelled, person.name, donor, vectors)
    print(f"candidates hold {found} of {wanted} labelled names ({found / max(wanted, 1):.3f})")
    return out


def main() -> None:
    """Cross-validate on dev, then fit on all of dev and write the weights and their checksum."""
    check = check_only(__doc__)
    found = examples(load_split("dev"), COPIES, NameVectors(load_embedder(model_dir())[0]))
    with_vectors = np.stack(found.rows)
    # Every example twice: with the name's vector and without (the model may be missing).
    without = with_vectors.copy()
    without[:, CONTEXT_DIM:] = 0.0
    x, y = np.vstack([with_vectors, without]), np.array(found.labels * 2)
    found.owners *= 2
    found.sources *= 2
    print(f"{len(y)} dev candidates with the swapped copies: {dict(Counter(LABELS[i] for i in y))}")
    predicted = leave_one_person_out(x, y, found.owners, LABELS, L2, STEPS, RATE, found.sources, folds=PERSON_FOLDS)
    written = np.array([o == s for o, s in zip(found.owners, found.sources, strict=True)])
    model_read = written & (np.arange(len(y)) < len(y) // 2)
    context_only = written & ~model_read
    for what, rows in (("with the model", model_read), ("without it (context only)", context_only)):
        print(f"held-out people's accuracy {what}: {float((predicted[rows] == y[rows]).mean()):.3f}")
    guessed = np.array(
        [LABELS.index(SPACY_GUESS.get(NER_LABELS[int(np.argmax(r[: len(NER_LABELS)]))], NOT_A_NAME)) for r in x]
    )
    baseline = float((guessed[model_read] == y[model_read]).mean())
    print(f"baseline, spaCy's own label on the same candidates: {baseline:.3f}")
    pairs = zip(y[model_read], predicted[model_read], strict=True)
    confusion = Counter((LABELS[a], LABELS[b]) for a, b in pairs if a != b)
    print("confusions (labelled, predicted):", confusion.most_common(10))
    for i, label in enumerate(LABELS):
        right, said, labelled = (
            int(((predicted == i) & (y == i))[model_read].sum()),
            int((predicted == i)[model_read].sum()),
            int((y == i)[model_read].sum()),
        )
        print(f"  {label:<13} F1 {2 * right / max(said + labelled, 1):.3f}")
    if not check:
        ship(fit(x, y, LABELS, L2, STEPS, RATE), WEIGHTS, WEIGHTS_SHA256)


if __name__ == "__main__":
    main()
