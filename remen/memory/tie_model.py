"""The writer's tie to an organisation, place or tool a sentence names, by a trained linear
classifier (scripts/train_ties.py): works there, lives there, uses it, or none of these.

People seldom spell these out ("I work at …"): "Back at Kibo Freight after the holidays", "First
nights in Floreasca", "my hours go into Harvest" say them by what the sentence is about. The
features are the words around the name (which side, how far), the sentence's words, a few flags
(first person, someone else named before it, a question, negation, past tense), spaCy's
contextual vectors around the name and MiniLM's vector of the sentence when it was read. The
type of the name says which tie is possible; the classifier says whether the sentence tells it.
The rules' readings come first: the classifier only speaks of a name no rule read a tie of.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import numpy as np

from remen.core.constants import EMBED_DIM
from remen.core.knowledge import EntityType
from remen.memory.cues import is_negated
from remen.memory.linear_model import SoftmaxModel, bucket, load_model, put_vector, unit, word_shape
from remen.memory.patterns import FIRST_PERSON

if TYPE_CHECKING:
    from spacy.tokens import Span as SpacySpan

WEIGHTS = Path(__file__).with_name("tie_weights.npz")
WEIGHTS_SHA256 = Path(__file__).with_name("tie_weights.sha256")

Tie = Literal["works_at", "lives_in", "uses"]
NO_TIE = "none"
LABELS: tuple[str, ...] = (NO_TIE, "works_at", "lives_in", "uses")

# The one tie a name of each type can hold to the writer.
TIE_OF: dict[EntityType, Tie] = {
    EntityType.ORGANIZATION: "works_at",
    EntityType.PLACE: "lives_in",
    EntityType.TECHNOLOGY: "uses",
    EntityType.PRODUCT: "uses",
}
KIND_ORDER: tuple[Tie, ...] = ("works_at", "lives_in", "uses")

HASH_BUCKETS = 2048
TENSOR_DIM = 96
# Words either side of the name read by their distance from it.
WINDOW = 3
FLAGS = ("first_person", "person_before", "question", "negated", "opens", "past", "short")
BASE_DIM = HASH_BUCKETS + TENSOR_DIM + len(KIND_ORDER) + len(FLAGS)
SENTENCE_VECTOR_SCALE = 1.0
FEATURE_DIM = BASE_DIM + EMBED_DIM + 1


def tie_features(
    sent: SpacySpan, at: int, until: int, kind: EntityType, person_before: bool, vector: np.ndarray | None
) -> np.ndarray:
    """The feature vector of the name at characters ``at``–``until`` of ``sent`` (relative to the
    sentence), of type ``kind``; ``person_before``: a person is named before it in the sentence;
    ``vector``: the sentence's MiniLM vector, if it was read."""
    out = np.zeros(FEATURE_DIM, dtype=np.float32)
    tokens = [t for t in sent if not t.is_space]
    start = sent.start_char
    before = [t for t in tokens if t.idx - start < at and not t.is_punct]
    inside = [t for t in tokens if at <= t.idx - start < until]
    after = [t for t in tokens if t.idx - start >= until and not t.is_punct]
    hashed = [f"L{i}:{word_shape(t.text, t.tag_)}" for i, t in enumerate(reversed(before[-WINDOW:]), 1)]
    hashed += [f"R{i}:{word_shape(t.text, t.tag_)}" for i, t in enumerate(after[:WINDOW], 1)]
    hashed += [f"w:{word_shape(t.text, t.tag_)}" for t in before + after]
    hashed += [f"lemma:{t.lemma_.lower()}" for t in before + after if t.pos_ in ("VERB", "NOUN")]
    for feature in hashed:
        out[bucket(feature, HASH_BUCKETS)] += 1.0
    out[:HASH_BUCKETS] = unit(out[:HASH_BUCKETS])
    tensor = sent.doc.tensor
    if tensor is not None and inside and len(tensor) >= sent.end:
        first, last = inside[0].i, inside[-1].i + 1
        around = tensor[max(sent.start, first - WINDOW) : min(sent.end, last + WINDOW)]
        out[HASH_BUCKETS : HASH_BUCKETS + TENSOR_DIM] = unit(around.mean(axis=0))
    at_kind = HASH_BUCKETS + TENSOR_DIM
    out[at_kind + KIND_ORDER.index(TIE_OF[kind])] = 1.0
    text = sent.text
    flags = (
        FIRST_PERSON.search(text) is not None,
        person_before,
        text.rstrip().endswith("?"),
        is_negated(text),
        not before,
        any(t.tag_ == "VBD" for t in tokens),
        len(tokens) <= 6,
    )
    at_flags = at_kind + len(KIND_ORDER)
    out[at_flags : at_flags + len(FLAGS)] = np.array(flags, dtype=np.float32)
    if vector is not None:
        put_sentence_vector(out, vector)
    return out


def put_sentence_vector(row: np.ndarray, vector: np.ndarray) -> None:
    """Write a sentence's MiniLM vector, scaled, and its presence flag into a feature row."""
    put_vector(row, BASE_DIM, vector, SENTENCE_VECTOR_SCALE)


@cache
def shipped_classifier() -> SoftmaxModel:
    """The tie classifier shipped with Remen, verified against its pinned checksum."""
    return load_model(WEIGHTS, WEIGHTS_SHA256, "tie classifier")


def tie_probabilities(features: np.ndarray, kinds: list[EntityType]) -> list[float]:
    """For each row of ``features``, the probability that the writer holds the tie its name's type
    (``kinds``, one per row) can hold."""
    probabilities = shipped_classifier().probabilities(features)
    return [float(row[LABELS.index(TIE_OF[kind])]) for row, kind in zip(probabilities, kinds, strict=True)]
