"""What reading a batch of notes yields: the extractions and, when computed beside them, the
memory vectors the writes need."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

import numpy as np

from remen.core.constants import MEMORY_VECTOR_CHARS
from remen.core.knowledge import EntityType, Extraction
from remen.embed import AloneVectors
from remen.memory.graph_writer import texts_to_embed


@dataclass(frozen=True)
class ReadNotes:
    """Extractions of a batch, in order; ``vectors`` None when the reader left them to the writer."""

    extractions: list[Extraction]
    vectors: dict[str, np.ndarray] | None = None


class MemoryVectors:
    """MiniLM vectors of the texts the writes may need (none without the model)."""

    def __init__(self, vectors: AloneVectors | None) -> None:
        """``vectors``: the model's (None: no model), shared with the reader's sentence vectors."""
        self.vectors = vectors

    def of(
        self, extractions: Sequence[Extraction], known: Mapping[str, EntityType], labels: AbstractSet[str]
    ) -> dict[str, np.ndarray]:
        """The vectors of every text the writes of ``extractions`` may need."""
        if self.vectors is None:
            return {}
        texts = sorted({t for extraction in extractions for t in texts_to_embed(extraction, known, labels)})
        return dict(zip(texts, self.vectors.of_texts([t[:MEMORY_VECTOR_CHARS] for t in texts]), strict=True))
