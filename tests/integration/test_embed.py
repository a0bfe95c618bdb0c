"""The real ONNX model, its chunking, and the fallback when the files are missing or corrupt."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from remen.core.config import model_dir
from remen.core.constants import CHUNK_TOKENS, FALLBACK_DIM, MAX_CHUNKS_PER_NOTE
from remen.core.errors import ModelError
from remen.embed import AloneVectors, Chunk, HashedEmbedder, OnnxMiniLM, PendingQuery, embed_documents, load_embedder
from remen.memory.aspect_model import SentenceVectors


def test_paraphrases_are_closer_than_unrelated_text(embedder: OnnxMiniLM) -> None:
    query = embedder.embed_query("how do I undo my last git commit")
    close = embedder.embed_query("revert the most recent commit in git")
    far = embedder.embed_query("a recipe for chocolate cake")
    assert query.shape == (384,)
    assert abs(float(np.linalg.norm(query)) - 1.0) < 1e-4
    assert float(query @ close) > 0.6 > float(query @ far) + 0.3


def test_long_text_is_chunked_with_overlap_and_capped(embedder: OnnxMiniLM) -> None:
    words = " ".join(f"word{i}" for i in range(2000))
    chunks = embedder.chunk(words)
    assert 2 < len(chunks) <= MAX_CHUNKS_PER_NOTE
    assert all(len(c.tokens) <= CHUNK_TOKENS for c in chunks)
    assert chunks[0].tokens[-40:-1] != chunks[1].tokens[1:40]
    assert set(chunks[0].tokens[-20:-1]) & set(chunks[1].tokens[1:40])


def test_late_part_of_long_note_is_findable(embedder: OnnxMiniLM) -> None:
    filler = "Notes about the weekly meeting schedule and agenda items. " * 60
    doc = filler + "The sourdough starter needs feeding with rye flour every morning."
    [vectors] = embed_documents(embedder, [doc])
    query = embedder.embed_query("feeding my sourdough starter")
    assert len(vectors) > 1
    assert int(np.argmax(vectors @ query)) == len(vectors) - 1


def test_batch_matches_single_embedding(embedder: OnnxMiniLM) -> None:
    # The int8 model quantises activations with one scale per batch, so a text's vector moves a
    # little with its batch neighbours (how much depends on the CPU's int8 kernels: 0.98 on one
    # machine kind, 0.9798 on another); it must stay the same meaning.
    texts = ["short", "a somewhat longer sentence about databases and indexes"]
    batch = embed_documents(embedder, texts)
    for text, vecs in zip(texts, batch, strict=True):
        assert float(vecs[0] @ embedder.embed_query(text)) > 0.97
    assert np.array_equal(embed_documents(embedder, texts)[1], batch[1])


def test_a_short_text_has_one_vector_run_once_whatever_is_asked_with_it(embedder: OnnxMiniLM) -> None:
    runs: list[int] = []

    class Counted:
        namespace, dim, chunk = embedder.namespace, embedder.dim, embedder.chunk

        def embed_chunks(self, chunks: list[Chunk]) -> np.ndarray:
            runs.append(len(chunks))
            return embedder.embed_chunks(chunks)

    sentence = "Switched my notes from Evernote to Obsidian last week"
    vectors = AloneVectors.for_model(Counted())  # type: ignore[arg-type]
    assert vectors is not None
    read_for_aspect = SentenceVectors(vectors).of([sentence])[0]
    stored = vectors.of_texts(["Obsidian", sentence, "Evernote"])
    # The sentence read for its aspect is not run again when it is stored as a statement, and
    # each text ran alone: its vector is the one it has with no batch-mates.
    assert runs == [1, 1, 1]
    assert read_for_aspect is not None and np.array_equal(stored[1], read_for_aspect)
    assert np.array_equal(stored[1], embedder.embed_query(sentence))
    small = AloneVectors(embedder, capacity=2)
    first = small.of_texts(["git"])[0]
    small.of_texts(["tea", "coffee"])
    assert len(small.remembered) == 2 and np.array_equal(small.of_texts(["git"])[0], first)
    assert AloneVectors.for_model(HashedEmbedder()) is None


def test_missing_model_falls_back_with_reason(tmp_path: Path) -> None:
    embedder, status = load_embedder(tmp_path / "nowhere")
    assert isinstance(embedder, HashedEmbedder)
    assert not status.ok and "missing" in status.message


def test_corrupt_model_is_detected_by_checksum(tmp_path: Path) -> None:
    broken = tmp_path / "models"
    shutil.copytree(model_dir(), broken)
    with (broken / "model.onnx").open("r+b") as fh:
        fh.seek(1000)
        fh.write(b"\x00\x01\x02\x03")
    embedder, status = load_embedder(broken)
    assert isinstance(embedder, HashedEmbedder)
    assert "corrupt" in status.message


def test_fallback_is_deterministic_and_meaningful() -> None:
    fallback = HashedEmbedder()
    a = fallback.embed_query("pasta carbonara recipe")
    assert a.shape == (FALLBACK_DIM,)
    assert np.array_equal(a, HashedEmbedder().embed_query("pasta carbonara recipe"))
    assert float(a @ fallback.embed_query("carbonara pasta")) > float(a @ fallback.embed_query("tax return"))


def test_a_query_started_on_the_models_thread_gives_the_same_vector_and_what_is_found_with_it() -> None:
    folder = model_dir()
    text = "how do I undo my last git commit"
    for threads in (2, 1):  # one compute thread (one core): no thread to run on, done at once
        model = OnnxMiniLM(folder / "model.onnx", folder / "tokenizer.json", threads=threads)
        pending = model.start_query(text, lambda vector: (vector, "found"))
        vector, found = pending.result()
        assert found == "found" and float(vector @ model.embed_query(text)) > 0.9999
        assert pending.ms >= pending.embed_ms >= 0.0


def test_a_failure_on_the_models_thread_is_raised_in_the_thread_that_asked() -> None:
    failed = PendingQuery(lambda vector: vector)
    failed.finish([], None, "bad input")
    with pytest.raises(ModelError, match="bad input"):
        failed.result()

    def broken(vector: np.ndarray) -> int:
        raise ValueError("no index")

    unfound = PendingQuery(broken)
    unfound.finish([np.ones((1, 3, 4), dtype=np.float32)], None, "")
    with pytest.raises(ValueError, match="no index"):
        unfound.result()
    assert HashedEmbedder().start_query("pasta", lambda vector: vector.shape).result() == (FALLBACK_DIM,)
