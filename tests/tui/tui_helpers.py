"""Helpers for driving the real Textual app through its Pilot."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from textual.pilot import Pilot

from remen.tui.app import RemenApp

Scenario = Callable[[RemenApp, Pilot], Awaitable[None]]


async def settle(pilot: Pilot, timeout: float = 30.0) -> None:
    """Let debounced searches, workers and refreshes finish (cancelled workers count as finished)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    await pilot.pause(0.15)
    while not all(worker.is_finished for worker in pilot.app.workers):
        if loop.time() > deadline:
            busy = [w.name for w in pilot.app.workers if not w.is_finished]
            raise AssertionError(f"workers still running after {timeout} s: {busy}")
        await pilot.pause(0.05)
    await pilot.pause()


async def wait_until(pilot: Pilot, condition: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    """Pump the app until ``condition`` holds; fail, naming ``what``, when it does not in time."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        await pilot.pause(0.05)


def drive(app: RemenApp, scenario: Scenario, size: tuple[int, int] = (100, 30)) -> None:
    """Run ``scenario`` against the app in a headless terminal."""

    async def run() -> None:
        async with app.run_test(size=size, notifications=True) as pilot:
            await settle(pilot)
            await scenario(app, pilot)

    asyncio.run(run())
