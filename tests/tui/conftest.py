"""Fixtures for driving the real Textual app through its Pilot."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from remen.service import Remen
from remen.timeutil import from_epoch


@pytest.fixture
def service(tmp_path: Path, embedder, clock) -> Iterator[Remen]:  # type: ignore[no-untyped-def]
    with Remen.open(tmp_path / "tui.db", embedder=embedder, clock=clock) as remen:
        yield remen


@pytest.fixture
def notebook(service: Remen, clock) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """A few notes with fixed dates."""
    now = clock.now
    made = {}
    for key, body, tags, days in [
        ("pasta", "# Carbonara\nGuanciale, eggs, pecorino and black pepper. #recipe", [], 20),
        ("pizza", "# Pizza dough\nFlour, water, yeast and salt; rest the dough for a day. #recipe", [], 10),
        ("dentist", "# Dentist\nThe crown on the upper left molar needs redoing. #health", [], 2),
    ]:
        made[key] = service.add(body, tags=tags, created=from_epoch(now) - timedelta(days=days)).id
    return made
