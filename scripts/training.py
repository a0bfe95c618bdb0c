"""Fitting and cross-validating the shipped linear models: softmax regression (full-batch gradient
descent with L2, classes weighted by inverse frequency or not) with leave-one-person-out accuracy on the
memory set's dev split (scripts/train_aspects.py, train_entities.py); a ranker that picks one
right candidate among a question's, and its scores calibrated to probabilities
(scripts/train_answers.py)."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from remen.core.config import model_dir
from remen.embed import AloneVectors, load_embedder
from remen.memory.aspect_model import SentenceVectors
from remen.memory.builtin import note_pieces
from remen.memory.extractor import load_spacy
from remen.memory.linear_model import SoftmaxModel

if TYPE_CHECKING:
    from collections.abc import Callable

    from spacy.tokens import Span as SpacySpan


def fit(
    x: np.ndarray,
    y: np.ndarray,
    labels: tuple[str, ...],
    l2: float,
    steps: int,
    rate: float,
    balanced: bool = True,
) -> SoftmaxModel:
    """Softmax regression of ``y`` (indices into ``labels``) on ``x``; ``balanced``: rare labels
    count as much as common ones (else every example counts the same, and the labels' frequencies
    stay the model's prior)."""
    classes = len(labels)
    counts = np.bincount(y, minlength=classes).astype(np.float32)
    equal = np.ones(len(y), dtype=np.float32)
    sample_weight = (len(y) / (classes * np.maximum(counts, 1)))[y] if balanced else equal
    onehot = np.eye(classes, dtype=np.float32)[y]
    w = np.zeros((x.shape[1], classes), dtype=np.float32)
    b = np.zeros(classes, dtype=np.float32)
    for _ in range(steps):
        error = (SoftmaxModel(w, b, labels).probabilities(x) - onehot) * sample_weight[:, None] / len(y)
        w -= rate * (x.T @ error + l2 * w)
        b -= rate * error.sum(axis=0)
    return SoftmaxModel(w, b, labels)


def fit_ranker(groups: list[tuple[np.ndarray, np.ndarray]], l2: float, steps: int, rate: float) -> np.ndarray:
    """Weights of a linear score that puts a right candidate first among its group's (softmax over
    each group, the right ones' share maximised); ``groups`` are (features, right?) of each
    question with at least one right candidate."""
    used = [(x, right) for x, right in groups if len(x) and right.any()]
    x = np.concatenate([g[0] for g in used])
    right = np.concatenate([g[1] for g in used]).astype(np.float32)
    group = np.concatenate([np.full(len(g[0]), i) for i, g in enumerate(used)])
    w = np.zeros(x.shape[1], dtype=np.float32)
    for _ in range(steps):
        score = x @ w
        top = np.full(len(used), -np.inf)
        np.maximum.at(top, group, score)
        e = np.exp(score - top[group])
        share = e / np.bincount(group, weights=e)[group]
        right_e = e * right
        right_share = right_e / np.bincount(group, weights=right_e)[group]
        w -= rate * ((x.T @ (share - right_share)) / len(used) + l2 * w)
    return w


def calibrate(x: np.ndarray, right: np.ndarray, steps: int = 5000, rate: float = 0.3) -> tuple[np.ndarray, float]:
    """(weights, bias) of P(right) = sigmoid(x · weights + bias), fitted by logistic regression
    (no penalty, no class weights: the probabilities are meant as they are)."""
    w = np.zeros(x.shape[1])
    b = 0.0
    for _ in range(steps):
        error = 1 / (1 + np.exp(-(x @ w + b))) - right
        w -= rate * (x.T @ error) / len(right)
        b -= rate * float(np.mean(error))
    return w, b


def leave_one_person_out(
    x: np.ndarray,
    y: np.ndarray,
    owners: list[str],
    labels: tuple[str, ...],
    l2: float,
    steps: int,
    rate: float,
    sources: list[str] | None = None,
    balanced: bool = True,
    folds: int = 0,
) -> np.ndarray:
    """Each example's label predicted by a model fitted without its person's examples (nor, when
    ``sources`` says whose names an example was made with, any made with that person's names);
    per-person accuracy is counted on the examples as written (owner and source the same).
    ``folds``: people held out that many groups at a time (dealt in name order), not one by one,
    for a model too slow to fit once a person."""
    made_with = sources or owners
    predicted = np.zeros_like(y)
    people = sorted(set(owners))
    groups = [people[i::folds] for i in range(folds)] if folds else [[person] for person in people]
    for group in groups:
        out = set(group)
        held = np.array([o in out for o in owners])
        unseen = np.array([o not in out and s not in out for o, s in zip(owners, made_with, strict=True)])
        model = fit(x[unseen], y[unseen], labels, l2, steps, rate, balanced)
        predicted[held] = np.argmax(model.probabilities(x[held]), axis=1)
        scored = held & np.array([o == s for o, s in zip(owners, made_with, strict=True)])
        named = group[0] if len(group) == 1 else f"{len(group)} people"
        print(f"  {named:<14} {float((predicted[scored] == y[scored]).mean()):.3f} ({int(scored.sum())} examples)")
    return predicted


def check_only(doc: str | None) -> bool:
    """The training scripts' one option: --check cross-validates and writes nothing."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="cross-validate only")
    return bool(parser.parse_args().check)


def ship(model: SoftmaxModel, weights: Path, pinned: Path) -> None:
    """Write the weights beside the code and pin their sha256 next to them."""
    digest = model.save(weights)
    pinned.write_text(f"{digest}  {weights.name}\n", encoding="utf-8")
    print(f"wrote {weights} ({weights.stat().st_size} bytes, sha256 {digest[:12]}…) on {datetime.now():%Y-%m-%d}")


def with_vectors(
    x: np.ndarray, texts: list[str], put: Callable[[np.ndarray, np.ndarray], None], what: str
) -> np.ndarray:
    """``x`` (rows without a sentence vector) with each sentence's MiniLM vector written in by
    ``put``; the model is needed to train ``what``."""
    vectors = SentenceVectors(AloneVectors.for_model(load_embedder(model_dir())[0])).of([t.strip() for t in texts])
    out = x.copy()
    for row, vector in enumerate(vectors):
        if vector is None:
            sys.exit(f"the MiniLM model is needed to train the {what}")
        put(out[row], vector)
    return out


def note_sentences(text: str) -> list[SpacySpan]:
    """A note's sentences exactly as the extractor cuts them (spaCy's parse of its joined lines)."""
    joined, pieces = note_pieces(text)
    doc = load_spacy()(joined)
    return [s for p in pieces if (s := doc.char_span(p.start, p.start + p.length, alignment_mode="expand"))]
