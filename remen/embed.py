"""Text → vectors. MiniLM through onnxruntime, or a hashed fallback when the model is unusable.

Heavy imports (onnxruntime, tokenizers) happen in :func:`load_embedder`, never at import time.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, cast

import numpy as np

from remen.core.constants import (
    ALONE_VECTORS_REMEMBERED,
    CHUNK_OVERLAP,
    CHUNK_TOKENS,
    EMBED_BATCH,
    EMBED_DIM,
    FALLBACK_DIM,
    FALLBACK_NAMESPACE,
    MAX_CHUNKS_PER_NOTE,
    MAX_EMBED_CHARS,
    MODEL_NAMESPACE,
    QUERY_EMBED_TIMEOUT_S,
    SHORT_TEXT_CHARS,
)
from remen.core.errors import ModelError
from remen.core.text import WORD_RE

# What a search finds with its query's vector (see PendingQuery).
Found = TypeVar("Found")

MODEL_FILE = "model.onnx"
TOKENIZER_FILE = "tokenizer.json"
SUMS_FILE = "SHA256SUMS"


@dataclass(frozen=True)
class Chunk:
    """One piece of a note, ready for the model: token ids (model) or words (fallback)."""

    tokens: tuple[Any, ...]


class Embedder(Protocol):
    """What the store and the search engine need from an embedding model."""

    namespace: str
    dim: int
    description: str

    def chunk(self, text: str) -> list[Chunk]:
        """Split a document into chunks the model can take whole."""
        ...

    def embed_chunks(self, chunks: Sequence[Chunk]) -> np.ndarray:
        """Unit vectors, one row per chunk."""
        ...

    def embed_query(self, text: str) -> np.ndarray:
        """One unit vector for a query."""
        ...

    def start_query(self, text: str, then: Callable[[np.ndarray], Found]) -> PendingQuery[Found]:
        """A query's vector and ``then`` of it, computed while the caller goes on (see
        :class:`PendingQuery`)."""
        ...


class PendingQuery(Generic[Found]):
    """A query's vector on its way, and what is found with it. The model computes the vector on
    onnxruntime's own thread, which holds no Python lock, while the caller runs the keyword leg on
    the other core, and ``then`` (the nearest chunks) runs there as soon as it is done: a Python
    thread for the embedding cost the search that core's worth of lock hand-overs (3.2 ms for what
    takes 1.4 + 1.8 ms apart, 1.6 ms so). :meth:`result` waits for both."""

    def __init__(self, then: Callable[[np.ndarray], Found]) -> None:
        self.started = time.perf_counter()
        self.embedded = self.finished = self.started
        self._then = then
        self._done = threading.Event()
        self._found: Found | None = None
        self._failure: Exception | None = None

    @classmethod
    def at_once(cls, vector: Callable[[], np.ndarray], then: Callable[[np.ndarray], Found]) -> PendingQuery[Found]:
        """The vector and what is found with it computed now, in the caller's thread."""
        pending = cls(then)
        pending.complete(vector)
        return pending

    def finish(self, outputs: list[np.ndarray], _user_data: object, error: str) -> None:
        """onnxruntime's callback, on its thread."""

        def pooled() -> np.ndarray:
            if error:
                raise ModelError(f"the model failed on the query: {error}")
            hidden = outputs[0]
            vector: np.ndarray = mean_pooled(hidden, np.ones(hidden.shape[:2], dtype=np.int64))[0]
            return vector

        self.complete(pooled)

    def complete(self, vector: Callable[[], np.ndarray]) -> None:
        """The vector, then what is found with it; a failure is kept for :meth:`result` to raise
        in the thread that asked."""
        try:
            computed = vector()
            self.embedded = time.perf_counter()
            self._found = self._then(computed)
        except Exception as exc:  # noqa: BLE001 - any failure is raised again by result(), in the thread that asked
            self._failure = exc
        finally:
            self.finished = time.perf_counter()
            self._done.set()

    def result(self) -> Found:
        """What was found with the query's vector, once done (ModelError if the model failed or
        hung; any other failure of ``then`` as raised)."""
        if not self._done.wait(QUERY_EMBED_TIMEOUT_S):
            raise ModelError(f"the model gave no vector for the query within {QUERY_EMBED_TIMEOUT_S:.0f} s")
        if self._failure is not None:
            raise self._failure
        return cast(Found, self._found)

    @property
    def embed_ms(self) -> float:
        """How long the vector took, in ms."""
        return (self.embedded - self.started) * 1000

    @property
    def ms(self) -> float:
        """How long the vector and what was found with it took, in ms."""
        return (self.finished - self.started) * 1000


def mean_pooled(hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Unit vectors of the token states averaged over the tokens the mask keeps, one per row."""
    weights = mask[:, :, None].astype(np.float32)
    return l2_normalise((hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9))


def l2_normalise(matrix: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length (zero rows stay zero)."""
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    unit: np.ndarray = (matrix / np.maximum(norms, 1e-12)).astype(np.float32)
    return unit


def embed_documents(
    embedder: Embedder,
    texts: Sequence[str],
    on_chunks: Callable[[int, int], None] | None = None,
    on_document: Callable[[int, np.ndarray], None] | None = None,
) -> list[np.ndarray]:
    """Embed several documents, batching chunks of similar length to waste little on padding;
    ``on_chunks(embedded, total)`` hears after each batch how many chunks are done of how many, and
    ``on_document(index, vectors)`` each document as soon as all its chunks are (short ones first),
    so a caller can keep them before a long run ends or is interrupted."""
    per_doc = [embedder.chunk(text) for text in texts]
    flat = [(d, c) for d, chunks in enumerate(per_doc) for c in range(len(chunks))]
    flat.sort(key=lambda dc: len(per_doc[dc[0]][dc[1]].tokens))
    out = [np.zeros((len(chunks), embedder.dim), dtype=np.float32) for chunks in per_doc]
    missing = [len(chunks) for chunks in per_doc]
    for start in range(0, len(flat), EMBED_BATCH):
        batch = flat[start : start + EMBED_BATCH]
        vectors = embedder.embed_chunks([per_doc[d][c] for d, c in batch])
        for (d, c), vec in zip(batch, vectors, strict=True):
            out[d][c] = vec
            missing[d] -= 1
            if on_document and not missing[d]:
                on_document(d, out[d])
        if on_chunks:
            on_chunks(start + len(batch), len(flat))
    return out


class AloneVectors:
    """The model's vectors of short texts (sentences, names, labels: their first chunk), each run
    alone: the model's dynamic int8 quantisation scales a batch as a whole, so in a batch a text's
    vector would depend on its batch-mates (by up to 0.04 a component), and a note read again in
    another batch would get other facts. A vector is then the same whenever it is asked for: the
    latest ``capacity`` are remembered by the tokens they ran on, so a name or label ("git", "Tom")
    met note after note, or a sentence read for its aspect and then stored as a statement, runs once."""

    def __init__(self, embedder: Embedder, capacity: int = ALONE_VECTORS_REMEMBERED) -> None:
        """``capacity``: how many vectors are kept (~1.5 KB each; the least recently asked for go first)."""
        self.embedder = embedder
        self.capacity = capacity
        self.remembered: OrderedDict[tuple[Any, ...], np.ndarray] = OrderedDict()
        # One extractor serves every thread of a process (the service's context keeps one).
        self.lock = threading.Lock()

    @staticmethod
    def for_model(embedder: Embedder | None) -> AloneVectors | None:
        """Vectors of ``embedder`` when it is MiniLM; None for none or the hashed fallback."""
        model = real_model(embedder)
        return AloneVectors(model) if model is not None else None

    def of_chunk(self, chunk: Chunk) -> np.ndarray:
        """The vector of one chunk run alone."""
        with self.lock:
            vector: np.ndarray | None = self.remembered.get(chunk.tokens)
            if vector is not None:
                self.remembered.move_to_end(chunk.tokens)
                return vector
        vector = self.embedder.embed_chunks([chunk])[0]
        with self.lock:
            self.remembered[chunk.tokens] = vector
            if len(self.remembered) > self.capacity:
                self.remembered.popitem(last=False)
        return vector

    def of_texts(self, texts: Sequence[str]) -> np.ndarray:
        """One vector per text: its first chunk's."""
        if not texts:
            return np.zeros((0, self.embedder.dim), dtype=np.float32)
        return np.stack([self.of_chunk(self.embedder.chunk(text[:SHORT_TEXT_CHARS])[0]) for text in texts])


class OnnxMiniLM:
    """all-MiniLM-L6-v2: mean pooling over the attention mask, then L2 normalisation."""

    namespace = MODEL_NAMESPACE
    dim = EMBED_DIM

    def __init__(self, model_path: Path, tokenizer_path: Path, threads: int | None = None) -> None:
        """Create the ONNX session and the tokenizer (about 200 ms)."""
        import onnxruntime as ort
        from tokenizers import Tokenizer

        ort.disable_telemetry_events()

        self.model_path = model_path
        self.tokenizer_path = tokenizer_path
        options = ort.SessionOptions()
        self.threads = threads or min(4, os.cpu_count() or 1)
        options.intra_op_num_threads = self.threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        # onnxruntime's threads spin on a core for a while after every run by default: a search
        # embeds its query while the keyword leg runs on the other core, and the spinning took
        # that core (search p95 15–26 ms at 10k notes with it, 11–15 ms without). Waking them
        # costs a short query ~0.3 ms; a long chunk nothing measurable.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.session = ort.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"])
        self.tokenizer = Tokenizer.from_file(str(tokenizer_path))
        self.tokenizer.no_padding()
        self.tokenizer.no_truncation()
        self.cls_id = self.tokenizer.token_to_id("[CLS]")
        self.sep_id = self.tokenizer.token_to_id("[SEP]")
        self.description = f"all-MiniLM-L6-v2 (ONNX, {model_path.name})"

    def single_threaded(self) -> OnnxMiniLM:
        """A second session of the same model on one compute thread, for background work: bulk
        embedding then leaves the other core to the searches typed meanwhile."""
        return OnnxMiniLM(self.model_path, self.tokenizer_path, threads=1)

    def chunk(self, text: str) -> list[Chunk]:
        """Overlapping windows of at most CHUNK_TOKENS tokens, [CLS] and [SEP] included."""
        ids = self.tokenizer.encode(text[:MAX_EMBED_CHARS], add_special_tokens=False).ids
        width = CHUNK_TOKENS - 2
        step = width - CHUNK_OVERLAP
        chunks: list[Chunk] = []
        start = 0
        while True:
            window = ids[start : start + width]
            chunks.append(Chunk(tokens=(self.cls_id, *window, self.sep_id)))
            if start + width >= len(ids) or len(chunks) >= MAX_CHUNKS_PER_NOTE:
                return chunks
            start += step

    def embed_chunks(self, chunks: Sequence[Chunk]) -> np.ndarray:
        """Run the model on one padded batch."""
        if not chunks:
            return np.zeros((0, self.dim), dtype=np.float32)
        longest = max(len(c.tokens) for c in chunks)
        input_ids = np.zeros((len(chunks), longest), dtype=np.int64)
        mask = np.zeros((len(chunks), longest), dtype=np.int64)
        for row, c in enumerate(chunks):
            input_ids[row, : len(c.tokens)] = c.tokens
            mask[row, : len(c.tokens)] = 1
        hidden = self.session.run(
            ["last_hidden_state"],
            {"input_ids": input_ids, "attention_mask": mask, "token_type_ids": np.zeros_like(input_ids)},
        )[0]
        return mean_pooled(hidden, mask)

    def embed_query(self, text: str) -> np.ndarray:
        """The first chunk of the query is all a query ever needs."""
        vector: np.ndarray = self.embed_chunks(self.chunk(text)[:1])[0]
        return vector

    def start_query(self, text: str, then: Callable[[np.ndarray], Found]) -> PendingQuery[Found]:
        """The query's first chunk run on onnxruntime's thread (``run_async``), ``then`` there too;
        with one compute thread (one core) there is no other thread to run it on: done at once."""
        if self.threads < 2:
            return PendingQuery.at_once(lambda: self.embed_query(text), then)
        pending = PendingQuery(then)
        ids = np.array([self.chunk(text)[0].tokens], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": np.ones_like(ids), "token_type_ids": np.zeros_like(ids)}
        self.session.run_async(["last_hidden_state"], feeds, pending.finish, None)
        return pending


FALLBACK_CHUNK_WORDS = 200


class HashedEmbedder:
    """Deterministic bag of hashed words and word pairs: crude, but works with no model at all."""

    namespace = FALLBACK_NAMESPACE
    dim = FALLBACK_DIM
    description = "hashed-token fallback (model unavailable)"

    def chunk(self, text: str) -> list[Chunk]:
        """Windows of FALLBACK_CHUNK_WORDS words."""
        words = WORD_RE.findall(text[:MAX_EMBED_CHARS].lower())
        windows = [
            Chunk(tokens=tuple(words[i : i + FALLBACK_CHUNK_WORDS]))
            for i in range(0, max(len(words), 1), FALLBACK_CHUNK_WORDS)
        ]
        return windows[:MAX_CHUNKS_PER_NOTE]

    def embed_chunks(self, chunks: Sequence[Chunk]) -> np.ndarray:
        """Signed feature hashing of words and adjacent word pairs."""
        matrix = np.zeros((len(chunks), self.dim), dtype=np.float32)
        for row, c in enumerate(chunks):
            features = list(c.tokens) + [f"{a} {b}" for a, b in zip(c.tokens, c.tokens[1:], strict=False)]
            for feature in features:
                digest = hashlib.blake2b(str(feature).encode(), digest_size=8).digest()
                value = int.from_bytes(digest, "little")
                matrix[row, value % self.dim] += 1.0 if (value >> 32) & 1 else -1.0
        return l2_normalise(matrix)

    def embed_query(self, text: str) -> np.ndarray:
        """Same features as documents."""
        vector: np.ndarray = self.embed_chunks(self.chunk(text)[:1])[0]
        return vector

    def start_query(self, text: str, then: Callable[[np.ndarray], Found]) -> PendingQuery[Found]:
        """Computed at once: hashing a query takes microseconds."""
        return PendingQuery.at_once(lambda: self.embed_query(text), then)


@dataclass(frozen=True)
class ModelStatus:
    """Whether the real model is in use, and if not, why."""

    ok: bool
    message: str


def sha256_of(path: Path) -> str:
    """Hex sha256 of a file, read in blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def check_model_files(model_dir: Path) -> ModelStatus:
    """Verify the model files exist and match SHA256SUMS."""
    sums_path = model_dir / SUMS_FILE
    for name in (MODEL_FILE, TOKENIZER_FILE, SUMS_FILE):
        if not (model_dir / name).is_file():
            return ModelStatus(False, f"model file missing: {model_dir / name}")
    expected = {}
    for line in sums_path.read_text().splitlines():
        parts = line.split()
        if len(parts) == 2:
            expected[parts[1]] = parts[0]
    for name in (MODEL_FILE, TOKENIZER_FILE):
        if expected.get(name) != sha256_of(model_dir / name):
            return ModelStatus(False, f"model file corrupt (sha256 mismatch): {model_dir / name}")
    return ModelStatus(True, f"all-MiniLM-L6-v2 ready ({model_dir})")


def real_model(embedder: Embedder | None) -> Embedder | None:
    """``embedder`` when it is MiniLM; None for none or the hashed fallback, whose vectors mean
    nothing to the graph or the trained classifiers."""
    return embedder if embedder is not None and embedder.namespace == MODEL_NAMESPACE else None


def load_embedder(model_dir: Path) -> tuple[Embedder, ModelStatus]:
    """The real model if its files are intact and load, else the hashed fallback with the reason."""
    status = check_model_files(model_dir)
    if not status.ok:
        return HashedEmbedder(), status
    try:
        model = OnnxMiniLM(model_dir / MODEL_FILE, model_dir / TOKENIZER_FILE)
    except Exception as exc:  # noqa: BLE001 - onnxruntime raises its own exception types for a bad file
        return HashedEmbedder(), ModelStatus(False, f"model failed to load: {exc}")
    return model, status
