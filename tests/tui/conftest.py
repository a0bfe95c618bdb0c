"""Fixtures for driving the real Textual app through its Pilot."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from remen.core.timeutil import from_epoch
from remen.embed import HashedEmbedder
from remen.service import Remen
from remen.tui.screens import EditorScreen
from remen.tui.search_screen import SearchScreen


@pytest.fixture(autouse=True)
def no_debounce(monkeypatch: pytest.MonkeyPatch) -> None:
    """Searches and related notes follow the text at once: tests wait for results, not timers."""
    monkeypatch.setattr(SearchScreen, "debounce_seconds", 0.0)  # asyncio.sleep(0): a yield
    monkeypatch.setattr(EditorScreen, "related_debounce_seconds", 0.001)  # Textual timers refuse 0


@pytest.fixture
def service(tmp_path: Path, clock) -> Iterator[Remen]:  # type: ignore[no-untyped-def]
    """The hashed embedder: for the flows that are not about meaning."""
    with Remen.open(tmp_path / "tui.db", embedder=HashedEmbedder(), clock=clock) as remen:
        yield remen


@pytest.fixture
def meaning_service(tmp_path: Path, embedder, clock) -> Iterator[Remen]:  # type: ignore[no-untyped-def]
    """The real model: for the flows that find notes by meaning."""
    with Remen.open(tmp_path / "tui.db", embedder=embedder, clock=clock) as remen:
        yield remen


@pytest.fixture
def notebook(service: Remen, clock) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """A few notes with fixed dates."""
    return write_notebook(service, clock.now)


@pytest.fixture
def meaning_notebook(meaning_service: Remen, clock) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The same notes, embedded by the real model."""
    return write_notebook(meaning_service, clock.now)


def write_notebook(service: Remen, now: float) -> dict[str, str]:
    """Three notes 20, 10 and 2 days old; their ids by key."""
    made = {}
    for key, body, tags, days in [
        ("pasta", "# Carbonara\nGuanciale, eggs, pecorino and black pepper. #recipe", [], 20),
        ("pizza", "# Pizza dough\nFlour, water, yeast and salt; rest the dough for a day. #recipe", [], 10),
        ("dentist", "# Dentist\nThe crown on the upper left molar needs redoing. #health", [], 2),
    ]:
        made[key] = service.add(body, tags=tags, created=from_epoch(now) - timedelta(days=days)).id
    return made
