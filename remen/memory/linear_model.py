"""A small trained linear classifier (softmax regression) shipped as weights beside the code, and
checked against its pinned sha256 when loaded (the aspect and entity classifiers are two), and the
pieces both build their features from."""

from __future__ import annotations

import hashlib
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from remen.core.errors import ModelError


def bucket(feature: str, buckets: int) -> int:
    """A stable hash bucket of ``buckets`` (Python's own hash is salted per process)."""
    return zlib.crc32(feature.encode("utf-8")) % buckets


def unit(vector: np.ndarray) -> np.ndarray:
    """``vector`` scaled to length one (zero stays zero)."""
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm > 0 else vector


def put_vector(row: np.ndarray, at: int, vector: np.ndarray, scale: float) -> None:
    """Write a MiniLM vector, scaled, into a feature row from ``at``, and a 1 after it that says
    there is one (a row without it goes by its other features)."""
    row[at : at + len(vector)] = scale * vector
    row[at + len(vector)] = 1.0


def word_shape(text: str, tag: str) -> str:
    """A word as a feature: names and numbers generalised ('Kenji' → '<name>', '9:30' → '<num>')."""
    if tag in ("NNP", "NNPS"):
        return "<name>"
    if any(ch.isdigit() for ch in text):
        return "<num>"
    return text.lower()


@dataclass(frozen=True)
class SoftmaxModel:
    """P(label | features) = softmax(features · weights + bias)."""

    weights: np.ndarray  # (features, labels)
    bias: np.ndarray  # (labels,)
    labels: tuple[str, ...]

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        """P(label) for each row of ``features`` (or for one vector)."""
        logits = features @ self.weights + self.bias
        logits = logits - logits.max(axis=-1, keepdims=True)
        exp = np.exp(logits)
        result: np.ndarray = exp / exp.sum(axis=-1, keepdims=True)
        return result

    def classify(self, features: np.ndarray) -> tuple[str, float]:
        """The likeliest label of one feature vector and its probability."""
        p = self.probabilities(features)
        best = int(np.argmax(p))
        return self.labels[best], float(p[best])

    def save(self, path: Path) -> str:
        """Write the weights (float16 halves the file at no cost in accuracy) and return their sha256."""
        with path.open("wb") as out:
            np.savez_compressed(
                out,
                weights=self.weights.astype(np.float16),
                bias=self.bias.astype(np.float32),
                labels=np.array(self.labels),
            )
        return hashlib.sha256(path.read_bytes()).hexdigest()


def load_model(path: Path, pinned: Path, what: str) -> SoftmaxModel:
    """The model at ``path`` if its sha256 is the one written in ``pinned``; else a ModelError
    naming ``what`` and what to do."""
    try:
        data = path.read_bytes()
        expected = pinned.read_text(encoding="utf-8").split()[0]
    except OSError as exc:
        raise ModelError(f"The {what}'s weights are missing ({exc}); reinstall Remen.") from exc
    if hashlib.sha256(data).hexdigest() != expected:
        raise ModelError(f"The {what}'s weights are corrupt (sha256 mismatch): {path}; reinstall Remen.")
    with np.load(path) as npz:
        return SoftmaxModel(
            npz["weights"].astype(np.float32),
            npz["bias"].astype(np.float32),
            tuple(str(label) for label in npz["labels"]),
        )
