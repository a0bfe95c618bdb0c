"""Train the answer model (remen/ask/answer_model.py) on the ask set's dev notebooks and ship it.

Every dev notebook goes through the real pipeline (notes added, read into the graph); for each of
its questions, the answers `ask` reads in the notes its search finds are the candidates: one is
right when its own answer holds a gold answer (a span by its text, a sentence answer by the
sentence, the note's day for "when"). A linear ranker is fitted to put a right candidate first
among its question's (softmax over each question's candidates, L2); its score is calibrated to
the probability that a question's first answer is right, false premises counting as wrong, on
scores of models that did not see the question's notebook. Leave-one-notebook-out figures say how
it does on a notebook it has not seen: the first answer right, and at each threshold the
questions answered right and the false premises answered. The test split is never read here.

Usage: python scripts/train_answers.py [--check]   (--check: cross-validate only, write nothing)
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from evaluation.ask_set import GoldQuestion, ask_time, holds, load_split, notebook_notes
from training import calibrate, check_only, fit_ranker, ship

from remen.ask.answer_model import FEATURES, LABELS, WEIGHTS, WEIGHTS_SHA256, feature_vector
from remen.ask.extractive import read_candidates
from remen.core.constants import ASK_ANSWER_MIN_PROBABILITY
from remen.memory.linear_model import SoftmaxModel
from remen.service import Remen

# Strength of the L2 penalty, steps and step size: chosen by leave-one-notebook-out figures.
L2 = 0.1
STEPS = 1500
RATE = 0.5
THRESHOLDS = (0.35, 0.4, 0.45, 0.5, 0.55)
# Answers of these kinds score lower than a span by the ranker's make (no span's terms), but are
# not the less often right: the calibration gives each its own term.
CALIBRATED_KINDS = ("whole", "note_day")


@dataclass(frozen=True)
class Asked:
    """One question's candidates: their features, whether each is right, and whether what each
    shows (its answer and sentence) holds the gold."""

    notebook: str
    gold: GoldQuestion
    x: np.ndarray
    right: np.ndarray
    shown_right: np.ndarray


def read_split() -> list[Asked]:
    """Every dev question's candidates, through the real pipeline."""
    out = []
    for name, questions in load_split("dev").items():
        notes = notebook_notes(name, "dev")
        with tempfile.TemporaryDirectory() as tmp, Remen.open(Path(tmp) / f"{name}.db") as app:
            for text, created in notes:
                app.add(text, created=created)
            app.extract_pending()
            now = ask_time(max(created for _, created in notes))
            for gold in questions:
                read = app.context.asker.reading(gold.question, now)
                found = read_candidates(read.question, read.passages, read.known, read.closeness)
                x = np.array([feature_vector(c.features) for c in found], dtype=np.float32).reshape(-1, len(FEATURES))
                answerable = not gold.false_premise
                right = np.array([answerable and holds(c.answer, gold) for c in found], dtype=bool)
                # A sentence that holds the answer is right only when no short answer is: the
                # ranker learns to put the short one first.
                whole = np.array(["whole" in c.features for c in found], dtype=bool)
                if (right & ~whole).any():
                    right &= ~whole
                shown = np.array([answerable and holds(f"{c.answer} · {c.sentence}", gold) for c in found], dtype=bool)
                out.append(Asked(name, gold, x, right, shown))
        print(f"  read {name}: {len(questions)} questions", file=sys.stderr)
    return out


def fitted(asked: list[Asked]) -> np.ndarray:
    """The ranker's weights fitted on these questions."""
    return fit_ranker([(a.x, a.right) for a in asked], L2, STEPS, RATE)


def calibrated(w: np.ndarray, scale: np.ndarray, bias: float) -> SoftmaxModel:
    """The ranker and its calibration as one model: P(right) = sigmoid(a · score + the kinds of
    answer's own terms + b); two labels, the first's logit fixed at 0, so the softmax is that
    sigmoid."""
    logit = scale[0] * w
    for name, term in zip(CALIBRATED_KINDS, scale[1:], strict=True):
        logit[FEATURES.index(name)] += term
    return SoftmaxModel(np.stack([np.zeros_like(logit), logit], axis=1), np.array([0.0, bias], np.float32), LABELS)


def firsts(asked: list[Asked], model: Callable[[str], SoftmaxModel]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each question's first answer by the model ``model(notebook)`` gives for its notebook: its
    calibration inputs (score, then the kinds-of-answer flags), whether it is right (-inf score
    when there is none), whether the question's premise is false."""
    rows, right, premise = [], [], []
    for a in asked:
        m = model(a.notebook)
        premise.append(a.gold.false_premise)
        if not len(a.x):
            rows.append([-np.inf, *(0.0 for _ in CALIBRATED_KINDS)])
            right.append(False)
            continue
        scores = a.x @ m.weights[:, 1]
        top = int(np.argmax(scores))
        rows.append([float(scores[top]), *(float(a.x[top][FEATURES.index(n)]) for n in CALIBRATED_KINDS)])
        right.append(bool(a.shown_right[top]))
    return np.array(rows), np.array(right), np.array(premise)


def report(name: str, p: np.ndarray, right: np.ndarray, premises: np.ndarray) -> None:
    """The first answer right, and at each threshold the questions answered right and the false
    premises answered."""
    answerable = ~premises
    print(f"{name}: first answer right {right[answerable].mean():.3f} of {answerable.sum()} questions")
    for threshold in THRESHOLDS:
        shown = p >= threshold
        mark = " (shipped)" if threshold == ASK_ANSWER_MIN_PROBABILITY else ""
        print(
            f"  threshold {threshold:.2f}{mark}: answered right {(shown & right)[answerable].mean():.3f},"
            f" false premises answered {shown[premises].mean():.3f} of {premises.sum()}"
        )


def cross_validate(asked: list[Asked]) -> tuple[np.ndarray, float]:
    """Leave one notebook out: each question's first answer by a ranker fitted without its
    notebook; the calibration is fitted on those first answers, and the calibrated models are
    scored again (a model that did not see the notebook answers for it). Returns the calibration."""
    rankers = {held: fitted([a for a in asked if a.notebook != held]) for held in sorted({a.notebook for a in asked})}
    plain = {held: calibrated(w, np.array([1.0, *(0.0 for _ in CALIBRATED_KINDS)]), 0.0) for held, w in rankers.items()}
    rows, right, _ = firsts(asked, plain.__getitem__)
    read = np.isfinite(rows[:, 0])
    scale, bias = calibrate(rows[read], right[read].astype(np.float64))
    models = {held: calibrated(w, scale, bias) for held, w in rankers.items()}
    rows, right, premises = firsts(asked, models.__getitem__)
    p = np.array([models[a.notebook].probabilities(a.x)[:, 1].max() if len(a.x) else 0.0 for a in asked])
    report("leave-one-notebook-out", p, right, premises)
    return scale, bias


def main() -> None:
    """Cross-validate, then (without --check) fit on all of dev and ship the calibrated weights."""
    check = check_only(__doc__)
    asked = read_split()
    candidates, right = sum(len(a.x) for a in asked), sum(int(a.right.sum()) for a in asked)
    print(f"{len(asked)} questions, {candidates} candidates, {right} right")
    scale, bias = cross_validate(asked)
    if not check:
        ship(calibrated(fitted(asked), scale, bias), WEIGHTS, WEIGHTS_SHA256)


if __name__ == "__main__":
    main()
