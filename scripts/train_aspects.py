"""Train the aspect classifier on the memory set's dev split and ship its weights.

Each labelled fragment of tests/data/memory_set/dev is found in its note's sentences exactly as
the extractor cuts them; the sentence's features (remen.memory.aspect_model) and its labelled
aspect are one example, twice: with the sentence's MiniLM vector and without it (how-to prose and
a missing model go without). The dev folder's labelled sentence files (*.tsv) add more, each read
alone. Softmax regression with L2, fitted by full-batch gradient descent, every sentence weighing
the same. Before fitting on all of dev, leave-one-person-out accuracy says how it does on a person
it has not seen (the test split is never read here).

Usage: python scripts/train_aspects.py [--check]   (--check: cross-validate only, write nothing)
"""

from __future__ import annotations

import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from evaluation.memory_set import SET_DIR, Person, load_split
from training import check_only, fit, leave_one_person_out, note_sentences, ship, with_vectors

from remen.core.config import date_order
from remen.core.knowledge import Aspect
from remen.memory.aspect_model import WEIGHTS, WEIGHTS_SHA256, aspect_features, put_sentence_vector
from remen.memory.cues import cue_aspect
from remen.memory.extractor import load_spacy
from remen.memory.note_state import NoteState, clause_tenses

# Strength of the L2 penalty, steps and step size: chosen by leave-one-person-out accuracy on dev.
L2 = 1e-3
STEPS = 1000
RATE = 0.5
# Every sentence counts the same: the aspects are scored by accuracy over sentences as people write
# them, and weighting rarely said aspects up made the classifier guess them where a common one was
# meant (held-out people's accuracy on 8 person folds of dev: 0.580 balanced, 0.625 not).
BALANCED = False
LABELS = tuple(a.value for a in Aspect)


def examples(people: list[Person]) -> tuple[np.ndarray, np.ndarray, list[str], list[str]]:
    """(features, aspect indices, person of each, sentence of each) of every labelled fragment."""
    rows, labels, owners, texts = [], [], [], []
    for person in people:
        for note in person.notes:
            sentences = note_sentences(note.text)
            state = NoteState(note.created.timestamp(), date_order())
            for fragment, aspect in note.aspects:
                sent = next((s for s in sentences if fragment.lower() in s.text.lower()), None)
                if sent is None:
                    print(f"not a sentence of its note: {person.name} {fragment!r}", file=sys.stderr)
                    continue
                state.clauses = clause_tenses(sent)
                rows.append(aspect_features(sent, state.date_of(sent.text.strip()) is not None))
                labels.append(LABELS.index(Aspect(aspect).value))
                owners.append(person.name)
                texts.append(sent.text)
    for path in sorted((SET_DIR / "dev").glob("*.tsv")):
        more, more_labels, more_texts = sentence_examples(path)
        rows += more
        labels += more_labels
        owners += [path.stem] * len(more)
        texts += more_texts
    return np.stack(rows), np.array(labels), owners, texts


def sentence_examples(path: Path) -> tuple[list[np.ndarray], list[int], list[str]]:
    """(features, aspect indices, sentences) of a file of labelled sentences (aspect<TAB>sentence),
    each read on its own."""
    nlp = load_spacy()
    rows, labels, texts = [], [], []
    state = NoteState(datetime(2026, 6, 1).astimezone().timestamp(), date_order())
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        aspect, sentence = line.split("\t", 1)
        sent = nlp(sentence)[:]
        state.clauses = clause_tenses(sent)
        rows.append(aspect_features(sent, state.date_of(sentence) is not None))
        labels.append(LABELS.index(Aspect(aspect).value))
        texts.append(sentence)
    return rows, labels, texts


def cross_validate(x: np.ndarray, y: np.ndarray, owners: list[str], texts: list[str]) -> None:
    """Leave-one-person-out accuracy on dev, with the sentence vector and without (and on the
    people's notes alone, without the single sentences), beside the cue tables alone."""
    n = len(y) // 2
    predicted = leave_one_person_out(x, y, owners, LABELS, L2, STEPS, RATE, balanced=BALANCED)
    people = np.array([not o.startswith("til") for o in owners])
    for what, rows in (("with the sentence vector", slice(0, n)), ("without it", slice(n, None))):
        right, mine = predicted[rows] == y[rows], people[rows]
        print(
            f"leave-one-person-out accuracy {what}: {float(right.mean()):.3f}"
            f" (people's notes {float(right[mine].mean()):.3f})"
        )
    cues = sum(cue_aspect(t) == Aspect(LABELS[label]) for t, label in zip(texts[:n], y[:n], strict=True))
    print(f"cue tables alone {cues / n:.3f}")


def main() -> None:
    """Cross-validate on dev, then fit on all of dev and write the weights and their checksum."""
    check = check_only(__doc__)
    without, y, owners, texts = examples(load_split("dev"))
    print(f"{len(y)} labelled dev sentences: {dict(Counter(LABELS[i] for i in y))}")
    x, y, owners, texts = (
        np.vstack([with_vectors(without, texts, put_sentence_vector, "aspect classifier"), without]),
        np.tile(y, 2),
        owners * 2,
        texts * 2,
    )
    cross_validate(x, y, owners, texts)
    if not check:
        ship(fit(x, y, LABELS, L2, STEPS, RATE, BALANCED), WEIGHTS, WEIGHTS_SHA256)


if __name__ == "__main__":
    main()
