"""A linked folder while the app is open, through Textual's Pilot on a real database and a real
folder: a file saved by another editor shows up in the list, and a note saved in the app lands in
its file."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import TextArea
from tui_helpers import drive, settle, wait_until

from remen.service import Remen
from remen.tui.app import RemenApp
from remen.tui.screens import EditorScreen
from remen.tui.widgets import ResultItem


def titles(app: RemenApp) -> list[str]:
    return [item.title for item in app.search_screen.query(ResultItem)]


def test_the_open_app_follows_the_folder_and_writes_into_it(service: Remen, tmp_path: Path) -> None:
    folder = tmp_path / "vault"
    folder.mkdir()
    (folder / "Reading list.md").write_text("# Reading list\nThe Dispossessed\n")
    service.link_vault(folder)

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        assert titles(app) == ["Reading list"]
        # Saved by another editor while the app is open: it shows up without a keystroke.
        (folder / "Groceries.md").write_text("# Groceries\noat milk, lemons\n")
        await wait_until(pilot, lambda: "Groceries" in titles(app), "the file saved outside the app")
        # Written in the app: its file appears in the folder.
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen)
        app.screen.query_one("#editor", TextArea).insert("Call the plumber\nabout the leak")
        await pilot.press("escape")
        await settle(pilot)
        await wait_until(pilot, lambda: (folder / "Call the plumber.md").exists(), "the note's file")
        assert (folder / "Call the plumber.md").read_text() == "Call the plumber\nabout the leak\n"

    drive(RemenApp(service=service), scenario)
    assert service.vault_status().pending == 0
