"""Screenshots of the main screen, the editor with its sidebar, and the empty state at 80x24."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from tui_helpers import settle

from remen.embed import HashedEmbedder
from remen.service import Remen
from remen.tui.app import RemenApp

SIZE = (80, 24)


@pytest.fixture
def service(tmp_path: Path, clock) -> Iterator[Remen]:  # type: ignore[no-untyped-def]
    """The hashed embedder: a screenshot must not depend on the CPU's int8 kernels."""
    with Remen.open(tmp_path / "tui.db", embedder=HashedEmbedder(), clock=clock) as remen:
        yield remen


def test_empty_state(snap_compare, service: Remen) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(RemenApp(service=service), terminal_size=SIZE, run_before=settle)


def test_main_screen_with_recent_notes(snap_compare, service: Remen, notebook: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(RemenApp(service=service), terminal_size=SIZE, run_before=settle)


def test_editor_with_related_sidebar(snap_compare, service: Remen, notebook: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    async def open_pizza(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("down", "enter")
        await pilot.pause(1.2)
        await settle(pilot)

    assert snap_compare(RemenApp(service=service), terminal_size=SIZE, run_before=open_pizza)
