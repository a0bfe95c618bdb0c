"""Screenshots of the main screen, the editor with its sidebar, and the empty state at 80x24.

They use the hashed embedder (conftest's ``service``): a screenshot must not depend on the CPU's int8 kernels."""

from __future__ import annotations

from datetime import timedelta

from textual.pilot import Pilot
from textual.widgets import Input, TextArea
from tui_helpers import settle, wait_until

from remen.core.timeutil import from_epoch
from remen.service import Remen
from remen.tui.app import RemenApp
from remen.tui.widgets import RelatedItem

SIZE = (80, 24)


async def steady(pilot: Pilot) -> None:
    """Settle, with every cursor drawn steadily: a blinking one is drawn or not by the clock, and a
    busy machine catches the other phase."""
    await settle(pilot)
    for widget in [*pilot.app.screen.query(TextArea), *pilot.app.screen.query(Input)]:
        widget.cursor_blink = False
    await settle(pilot)


def test_empty_state(snap_compare, service: Remen) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(RemenApp(service=service), terminal_size=SIZE, run_before=steady)


def test_main_screen_with_recent_notes(snap_compare, service: Remen, notebook: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    service.extract_pending()  # every note already read: the status bar says idle, not a count in flux
    assert snap_compare(RemenApp(service=service), terminal_size=SIZE, run_before=steady)


def test_editor_with_related_sidebar(snap_compare, service: Remen, notebook: dict[str, str], clock) -> None:  # type: ignore[no-untyped-def]
    # Shares most words with the pizza dough: related under the hashed embedder too.
    service.add(
        "# Focaccia\nFlour, water, yeast, salt and olive oil; rest the dough for a day.",
        created=from_epoch(clock.now) - timedelta(days=40),
    )

    async def open_pizza(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press(*"pizza")
        await settle(pilot)
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: bool(pilot.app.screen.query(RelatedItem)), "related notes in the sidebar")
        await steady(pilot)

    assert snap_compare(RemenApp(service=service), terminal_size=SIZE, run_before=open_pizza)
