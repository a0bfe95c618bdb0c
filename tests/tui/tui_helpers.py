"""Helpers for driving the real Textual app through its Pilot."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from textual.pilot import Pilot

from remen.tui.app import RemenApp

Scenario = Callable[[RemenApp, Pilot], Awaitable[None]]


async def settle(pilot: Pilot, timeout: float = 10.0) -> None:
    """Let debounced searches, workers and refreshes finish (cancelled workers count as finished)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    await pilot.pause(0.15)
    while loop.time() < deadline:
        if all(worker.is_finished for worker in pilot.app.workers):
            break
        await pilot.pause(0.05)
    await pilot.pause()


def drive(app: RemenApp, scenario: Scenario, size: tuple[int, int] = (100, 30)) -> None:
    """Run ``scenario`` against the app in a headless terminal."""

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await scenario(app, pilot)

    asyncio.run(run())
