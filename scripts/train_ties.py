"""Train the tie classifier (the writer works at, lives in or uses a name) on the memory set's dev
split and ship its weights.

Every labelled organisation, place and tool of tests/data/memory_set/dev is found in its note's
sentences exactly as the extractor cuts them; each sentence naming it is one example, labelled
with the tie when the note's labels say the writer holds it ("T me | works_at | Kibo Freight"),
else none. The labelled sentences of dev/ties/sentences.tsv (label, type, name, sentence; written
fresh, none from the notes) add more, each read alone. Every example is used twice, with the
sentence's MiniLM vector and without. Before fitting on all of dev, leave-one-person-out precision
and recall of the ties at several thresholds say how it does on a person it has not seen and
which threshold to ship (the test split is never read here).

Usage: python scripts/train_ties.py [--check]   (--check: cross-validate only, write nothing)
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from evaluation.memory_set import SET_DIR, Person, load_split, same_value
from training import check_only, fit, note_sentences, ship, with_vectors

from remen.core.constants import TIE_MIN_PROBABILITY
from remen.core.knowledge import EntityType
from remen.memory.extractor import load_spacy
from remen.memory.tie_model import LABELS, NO_TIE, TIE_OF, WEIGHTS, WEIGHTS_SHA256, put_sentence_vector, tie_features

L2 = 1e-3
STEPS = 1000
RATE = 0.5
SENTENCES = SET_DIR / "dev" / "ties" / "sentences.tsv"
THRESHOLDS = (0.4, 0.5, 0.6, 0.7, 0.8, 0.9)


def occurrences(text: str, name: str) -> list[int]:
    """Where ``name`` starts in ``text`` (case folded), as whole words."""
    return [m.start() for m in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE)]


def examples(people: list[Person]) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[str], list[str]]:
    """(features without vectors, label indices, the index of the tie each name's type can hold,
    person of each, sentence of each)."""
    nlp = load_spacy()
    rows, labels, possible, owners, texts = [], [], [], [], []
    for person in people:
        for note in person.notes:
            sentences = note_sentences(note.text)
            people_named = [n for n, k in note.entities if k == "Person"]
            for name, label_kind in note.entities:
                kind = EntityType(label_kind) if label_kind in EntityType.__members__.values() else None
                if kind not in TIE_OF:
                    continue
                tie = TIE_OF[kind]
                held = any(
                    t.subject == "me" and t.predicate == tie and same_value(tie, t.target, name) for t in note.triples
                )
                for sent in sentences:
                    for at in occurrences(sent.text, name):
                        before = any(0 <= sent.text.find(p) < at for p in people_named)
                        rows.append(tie_features(sent, at, at + len(name), kind, before, None))
                        labels.append(LABELS.index(tie if held else NO_TIE))
                        possible.append(LABELS.index(tie))
                        owners.append(person.name)
                        texts.append(sent.text)
    for line in SENTENCES.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        label, kind_name, name, sentence = line.split("\t")
        sent = nlp(sentence)[:]
        at = sentence.find(name)
        rows.append(tie_features(sent, at, at + len(name), EntityType(kind_name), False, None))
        labels.append(LABELS.index(label))
        possible.append(LABELS.index(TIE_OF[EntityType(kind_name)]))
        owners.append("sentences")
        texts.append(sentence)
    return np.stack(rows), np.array(labels), np.array(possible), owners, texts


def cross_validate(x: np.ndarray, y: np.ndarray, kinds: np.ndarray, owners: list[str]) -> None:
    """Leave-one-person-out precision and recall of the ties (rows with vectors; ``kinds``: the
    tie each row's name can hold), by threshold: a tie counts when it has that probability."""
    n = len(kinds)
    chance = np.zeros(n)
    for person in sorted({o for o in owners[:n] if o != "sentences"}):
        unseen = np.array([o != person for o in owners])
        held = np.array([o == person for o in owners[:n]])
        model = fit(x[unseen], y[unseen], LABELS, L2, STEPS, RATE)
        p = model.probabilities(x[:n][held])
        chance[held] = p[np.arange(len(p)), kinds[held]]
    mine = np.array([o != "sentences" for o in owners[:n]])
    truth = y[:n] != LABELS.index(NO_TIE)
    for threshold in THRESHOLDS:
        said = (chance >= threshold) & mine
        tp = int((said & truth).sum())
        precision = tp / max(int(said.sum()), 1)
        recall = tp / max(int((truth & mine).sum()), 1)
        mark = " (shipped)" if threshold == TIE_MIN_PROBABILITY else ""
        print(f"  threshold {threshold:.1f}: precision {precision:.3f} recall {recall:.3f} ({tp} ties){mark}")


def main() -> None:
    """Cross-validate on dev, then fit on all of dev and write the weights and their checksum."""
    check = check_only(__doc__)
    without, y, kinds, owners, texts = examples(load_split("dev"))
    print(f"{len(y)} examples: {dict(Counter(LABELS[i] for i in y))}")
    x, y, owners = (
        np.vstack([with_vectors(without, texts, put_sentence_vector, "tie classifier"), without]),
        np.tile(y, 2),
        owners * 2,
    )
    print("leave-one-person-out on dev people's notes, with the sentence vector:")
    cross_validate(x, y, kinds, owners)
    if not check:
        ship(fit(x, y, LABELS, L2, STEPS, RATE), WEIGHTS, WEIGHTS_SHA256)


if __name__ == "__main__":
    main()
