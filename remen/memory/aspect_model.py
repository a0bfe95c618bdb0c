"""The aspect of a sentence by a trained linear classifier (scripts/train_aspects.py).

Most features are what spaCy has already computed for the sentence: the mean of its contextual
token vectors (tok2vec), hashed words and word pairs with names and numbers generalised away, the
opening word and tag, tag pairs, and the cue tables' readings (cue aspect, a stated date, an event
word, negation, first person, past tense). One costs a model run: MiniLM's vector of the sentence,
which knows "handed in my notice" and "quit" are one kind of thing however they are worded (read
on a person unseen in training it lifts accuracy by several points). It is computed only for the
sentences the graph may keep (someone's, or the writer's), in batches per note; the classifier is
trained with it and without it, so how-to prose and a missing model go by the rest. The weights
ship beside this module and are checked against their pinned sha256 when loaded.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from remen.core.constants import EMBED_DIM
from remen.core.knowledge import Aspect
from remen.embed import AloneVectors
from remen.memory.cues import cue_aspect, has_event_word, is_negated
from remen.memory.linear_model import SoftmaxModel, bucket, load_model, put_vector, unit, word_shape
from remen.memory.patterns import FIRST_PERSON

if TYPE_CHECKING:
    from spacy.tokens import Span as SpacySpan

WEIGHTS = Path(__file__).with_name("aspect_weights.npz")
WEIGHTS_SHA256 = Path(__file__).with_name("aspect_weights.sha256")

# Buckets of the hashed words, pairs and tags: a few thousand keep collisions rare for the
# vocabulary of a sentence while the weights stay under a megabyte.
HASH_BUCKETS = 4096
TENSOR_DIM = 96
CUE_ORDER: tuple[Aspect | None, ...] = (None, *Aspect)
FLAGS = (
    *("dated", "verbless", "event_word", "negated", "first_person"),
    *("past", "imperative", "question", "short", "long"),
)
BASE_DIM = HASH_BUCKETS + TENSOR_DIM + len(CUE_ORDER) + len(FLAGS)
# The sentence's MiniLM vector, scaled to weigh as much as the rest together (chosen by
# leave-one-person-out accuracy on dev), then 1 when there is one.
SENTENCE_VECTOR_SCALE = 2.0
FEATURE_DIM = BASE_DIM + EMBED_DIM + 1
# A sentence longer than this many tokens is read by its start (the aspect is said early).
MAX_SENTENCE_TOKENS = 64
# The label before a meeting's action items ("Action:", "Action items:", "Next steps:"), and the
# words of a name an item is handed to.
ACTION_LABEL = re.compile(r"actions?(?: items?)?|next steps?|todo|ai|follow[- ]ups?")
MAX_NAME_WORDS = 3


class SentenceVectors:
    """MiniLM's vectors of sentences; none without the real model."""

    def __init__(self, vectors: AloneVectors | None) -> None:
        """``vectors``: the model's (None: no vectors)."""
        self.vectors = vectors

    def of(self, texts: list[str]) -> list[np.ndarray | None]:
        """One vector per text (None each without the model), each run alone (see AloneVectors;
        on one core a batch of long sentences also costs more a sentence than one at a time: the
        activations outgrow the cache)."""
        if self.vectors is None:
            return [None] * len(texts)
        out: list[np.ndarray | None] = []
        for text in texts:
            chunk = self.vectors.embedder.chunk(text)[0]
            if len(chunk.tokens) > MAX_SENTENCE_TOKENS:
                chunk = replace(chunk, tokens=(*chunk.tokens[: MAX_SENTENCE_TOKENS - 1], chunk.tokens[-1]))
            out.append(self.vectors.of_chunk(chunk))
        return out


def aspect_features(sent: SpacySpan, dated: bool, vector: np.ndarray | None = None) -> np.ndarray:
    """The feature vector of one sentence (``dated``: the note's date reader found a date in it;
    ``vector``: its MiniLM vector, if it was read)."""
    tokens = [t for t in sent if not t.is_space and not t.is_punct]
    words = [word_shape(t.text, t.tag_) for t in tokens]
    tags = [t.tag_ for t in tokens]
    out = np.zeros(FEATURE_DIM, dtype=np.float32)
    if not tokens:
        return out
    hashed = [f"w:{w}" for w in words]
    hashed += [f"b:{a}_{b}" for a, b in pairwise(words)]
    hashed += [f"t:{a}_{b}" for a, b in pairwise(tags)]
    hashed += [f"first:{words[0]}", f"first_tag:{tags[0]}"]
    for feature in hashed:
        out[bucket(feature, HASH_BUCKETS)] += 1.0
    out[:HASH_BUCKETS] = unit(out[:HASH_BUCKETS])
    tensor = sent.doc.tensor
    if tensor is not None and len(tensor) >= sent.end:
        out[HASH_BUCKETS : HASH_BUCKETS + TENSOR_DIM] = unit(tensor[sent.start : sent.end].mean(axis=0))
    text = sent.text
    at = HASH_BUCKETS + TENSOR_DIM
    out[at + CUE_ORDER.index(cue_aspect(text) or (Aspect.TASK if assigned(sent) else None))] = 1.0
    at += len(CUE_ORDER)
    flags = (
        dated,
        not any(t.startswith("VB") for t in tags),
        has_event_word(text),
        is_negated(text),
        bool(FIRST_PERSON.search(text)),
        any(t in ("VBD", "VBN") for t in tags),
        tags[0] == "VB",
        text.rstrip().endswith("?"),
        len(tokens) <= 6,
        len(tokens) >= 25,
    )
    out[at : at + len(FLAGS)] = np.array(flags, dtype=np.float32)
    if vector is not None:
        put_sentence_vector(out, vector)
    return out


def assigned(sent: SpacySpan) -> bool:
    """Whether the sentence hands someone a piece of work, as meeting notes write it: "me to write
    the policy", "Mei Ling to run a second round", "Action: Anika to call the bank" (a name or
    "me", then "to" and a verb's base form)."""
    tokens = [t for t in sent if not t.is_space]
    colon = next((i for i, t in enumerate(tokens[:4]) if t.text == ":"), None)
    if colon is not None and ACTION_LABEL.fullmatch(" ".join(t.lower_ for t in tokens[:colon])):
        tokens = tokens[colon + 1 :]
    if tokens and tokens[0].lower_ in ("me", "i"):
        names = 1
    else:
        names = next(
            (i for i, t in enumerate(tokens) if not (t.tag_.startswith("NN") and t.text[:1].isupper())), len(tokens)
        )
        if not 1 <= names <= MAX_NAME_WORDS:
            return False
    rest = tokens[names : names + 2]
    return len(rest) == 2 and rest[0].lower_ == "to" and rest[1].tag_ == "VB"


def put_sentence_vector(row: np.ndarray, vector: np.ndarray) -> None:
    """Write a sentence's MiniLM vector, scaled, and its presence flag into a feature row."""
    put_vector(row, BASE_DIM, vector, SENTENCE_VECTOR_SCALE)


@cache
def shipped_classifier() -> SoftmaxModel:
    """The aspect classifier shipped with Remen, verified against its pinned checksum."""
    return load_model(WEIGHTS, WEIGHTS_SHA256, "aspect classifier")


def classify_aspect(sent: SpacySpan, dated: bool, vector: np.ndarray | None = None) -> tuple[Aspect, float]:
    """The likeliest aspect of a sentence and the classifier's probability for it."""
    label, p = shipped_classifier().classify(aspect_features(sent, dated, vector))
    return Aspect(label), p
