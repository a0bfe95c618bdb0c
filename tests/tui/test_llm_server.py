"""The app with a model server that hangs: typing and searching stay instant, the status bar says
what waits for the server, and quitting does not wait for it."""

from __future__ import annotations

import asyncio

import pytest
from fake_llm import Reply, fake_llm
from textual.widgets import ListView
from tui_helpers import wait_until
from waiting import wait_for

from remen.service import Remen
from remen.tui.app import RemenApp
from remen.tui.widgets import ResultItem, StatusBar


@pytest.mark.parametrize("server", ["hangs", "drips a byte a second"])
def test_a_hanging_model_server_never_slows_the_app(
    service: Remen, monkeypatch: pytest.MonkeyPatch, server: str
) -> None:
    service.add("Lunch with Sarah Chen. She joined Acme Corp as a designer.")
    service.add("Sourdough starter: feed it twice a day.")
    dripping = server.startswith("drips")
    reply = Reply({"entities": [], "statements": [], "labels": []}) if dripping else Reply(hang=True)
    with fake_llm("ollama", [reply], drip_seconds=1.0 if dripping else 0.0) as fake:
        monkeypatch.setenv("REMEN_LLM_URL", fake.url)
        monkeypatch.setenv("REMEN_LLM_MODEL", "fake")
        monkeypatch.setenv("REMEN_LLM_TIMEOUT", "600")
        app = RemenApp(service=service)

        async def run() -> None:
            async with app.run_test(size=(100, 30), notifications=True) as pilot:
                await wait_until(pilot, lambda: bool(fake.chats()), "a request to the model server", 30)
                # The request hangs; the built-in facts are in and searching answers at once.
                assert "Acme Corp" in {f.target for f in service.facts("Sarah Chen")}
                await pilot.press(*"sourdough")
                results = app.search_screen.query_one(ListView)
                await wait_until(
                    pilot,
                    lambda: (
                        [i.title for i in results.children if isinstance(i, ResultItem)]
                        == ["Sourdough starter: feed it twice a day."]
                    ),
                    "the search results while the model server hangs",
                )
                app.refresh_status()
                bar = app.search_screen.query_one(StatusBar)
                await wait_until(pilot, lambda: "for the LLM" in str(bar.render()), "the status bar")
                await pilot.press("ctrl+q")

        asyncio.run(run())
        # Quitting ended the request under way (the server still hangs): its note is put back.
        assert wait_for(lambda: llm_job(service) == ("pending", 0)), llm_job(service)


def llm_job(service: Remen) -> tuple[str, int]:
    """(status, attempts) of the one job for the model server."""
    with service.store.read() as conn:
        row = conn.execute("SELECT status, attempts FROM jobs WHERE kind = 'llm_extract'").fetchone()
    return str(row[0]), int(row[1])
