"""Shared fixtures: a temp home per test, a fixed clock, the real model loaded once."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from remen.core.config import model_dir
from remen.embed import Embedder, OnnxMiniLM
from remen.service import Remen

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "til-jbranchaud"
# A fixed "now": Monday 2026-03-16 10:00 local time.
FIXED_NOW = datetime(2026, 3, 16, 10, 0).astimezone()


class Clock:
    """A settable clock for the service."""

    def __init__(self, start: datetime = FIXED_NOW) -> None:
        self.now = start.timestamp()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(autouse=True)
def hermetic_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own REMEN_HOME; no test sees the user's notes (nor another test's log)."""
    home = tmp_path / "home"
    monkeypatch.setenv("REMEN_HOME", str(home))
    monkeypatch.delenv("REMEN_DB", raising=False)
    monkeypatch.delenv("REMEN_MODEL_DIR", raising=False)
    for name in (
        "REMEN_CONFIG",
        "REMEN_LLM_URL",
        "REMEN_LLM_MODEL",
        "REMEN_LLM_API",
        "REMEN_LLM_TIMEOUT",
        "REMEN_DATE_ORDER",
        "REMEN_VAULT_INBOX",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("REMEN_LLM_API_KEY", raising=False)
    yield home
    logger = logging.getLogger("remen")
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    """The real MiniLM ONNX model, loaded once for the whole run."""
    folder = model_dir()
    return OnnxMiniLM(folder / "model.onnx", folder / "tokenizer.json")


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(tmp_path: Path, embedder: Embedder, clock: Clock) -> Iterator[Remen]:
    """A Remen on a fresh database file with the real model and a fixed clock."""
    with Remen.open(tmp_path / "remen.db", embedder=embedder, clock=clock) as remen:
        yield remen


@pytest.fixture
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"shared corpus not found at {CORPUS}")
    return CORPUS
