"""Which answer read in the notes is right: a logistic model (scripts/train_answers.py) over what
the reading measured about each candidate (the question words its sentence shares, the names said,
the note's search rank and cosine, the span's kind and what stands near it). Trained on the ask
set's dev notebooks only; the weights ship beside this module, checked against their pinned
sha256 when loaded."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

import numpy as np

from remen.ask.question import AnswerKind
from remen.memory.linear_model import SoftmaxModel, load_model

WEIGHTS = Path(__file__).with_name("answer_weights.npz")
WEIGHTS_SHA256 = Path(__file__).with_name("answer_weights.sha256")
RIGHT = "right"
LABELS = ("wrong", RIGHT)
# Every feature a candidate may have, in the weights' order (absent ones are 0).
FEATURES: tuple[str, ...] = (
    *("inside", "around", "topic_inside", "topic_near", "names_said", "unnamed", "reply"),
    *("rank", "similarity", "recency", "length"),
    *(f"kind_{kind.value}" for kind in AnswerKind),
    *("sure", "contrary", "near", "unit", "from_earlier", "from_current", "alone", "beside", "speaker"),
    *("note_day", "whole", "reason", "in_time", "meaning", "meaning_gap"),
)
POSITION = {name: i for i, name in enumerate(FEATURES)}


def feature_vector(features: Mapping[str, float]) -> np.ndarray:
    """The features by name as the model's vector."""
    vector = np.zeros(len(FEATURES), dtype=np.float32)
    for name, value in features.items():
        vector[POSITION[name]] = value
    return vector


@cache
def shipped_ranker() -> SoftmaxModel:
    """The answer model shipped with Remen, verified against its pinned checksum."""
    return load_model(WEIGHTS, WEIGHTS_SHA256, "answer model")


def answer_probabilities(candidates: Sequence[Mapping[str, float]]) -> list[float]:
    """How likely each candidate, by its features, is a right answer (one product for them all)."""
    if not candidates:
        return []
    rows = np.stack([feature_vector(features) for features in candidates])
    return [float(p) for p in shipped_ranker().probabilities(rows)[:, LABELS.index(RIGHT)]]
