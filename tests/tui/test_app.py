"""Every flow of the terminal UI, driven through Textual's Pilot against a real database and model."""

from __future__ import annotations

import asyncio
import sys
from asyncio.subprocess import PIPE
from datetime import datetime
from pathlib import Path

from damage import damaged_database
from small_disk import fill, small_disk
from textual import events
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input, Label, ListView, TextArea
from tui_helpers import drive, settle, wait_until

from remen.core.logs import setup_logging
from remen.core.timeutil import from_epoch, list_time
from remen.embed import HashedEmbedder
from remen.service import Remen
from remen.tui.app import RemenApp
from remen.tui.dialogs import ConfirmScreen, HelpScreen, HistoryScreen, TagsScreen, ValueScreen
from remen.tui.screens import EditorScreen, NoteListScreen
from remen.tui.search_screen import SearchScreen
from remen.tui.widgets import AnswerCard, RelatedItem, ResultItem, StatusBar


def toasts(app: RemenApp) -> str:
    """The text of the notifications on screen."""
    return "\n".join(str(toast.render()) for toast in app.screen.query("Toast"))


def result_titles(app: RemenApp) -> list[str]:
    return [item.title for item in app.search_screen.query(ResultItem)]


async def type_search(pilot: Pilot, text: str) -> None:
    search = pilot.app.search_screen.query_one("#search", Input)
    search.value = ""
    await pilot.press(*list(text)) if text else None
    await settle(pilot)


def burst(app: RemenApp, *parts: str) -> None:
    """Keys sent to the app all at once, as a terminal delivers a paste or a fast typist: words are
    typed letter by letter, other parts are key names."""
    keys = [key for part in parts for key in ([part] if part in ("enter", "escape") else list(part))]
    for key in keys:
        event = events.Key("space" if key == " " else key, None if len(key) > 1 else key)
        event.set_sender(app)
        assert app._driver is not None
        app._driver.send_message(event)


async def write_in_a_burst(app: RemenApp, pilot: Pilot, title: str, body: str) -> None:
    """The rest of a title, Enter and a body sent in one burst; back on the search screen once the
    body is in the new note."""
    burst(app, title, "enter", body)
    await wait_until(
        pilot,
        lambda: isinstance(app.screen, EditorScreen) and app.screen.text.endswith(body),
        "the body in the new note",
    )
    await pilot.press("escape")
    await wait_until(pilot, lambda: isinstance(app.screen, SearchScreen), "back on the search screen")


def test_recent_notes_then_type_to_search(meaning_service: Remen, meaning_notebook: dict[str, str]) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        assert result_titles(app) == ["Dentist", "Pizza dough", "Carbonara"]
        await type_search(pilot, "guanciale")
        assert result_titles(app)[0] == "Carbonara"
        assert "result" in str(app.search_screen.query_one("#interpretation").render())
        status = str(app.search_screen.query_one(StatusBar).render())
        assert "3 notes" in status and "search" in status and "model ready" in status
        await type_search(pilot, "italian dinner with eggs and cheese")
        assert result_titles(app)[0] == "Carbonara"

    drive(RemenApp(service=meaning_service), scenario)


def test_open_edit_and_save_keeps_a_revision(service: Remen, notebook: dict[str, str]) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "carbonara")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen)
        editor = app.screen.query_one("#editor", TextArea)
        assert "Guanciale" in editor.text
        assert editor.cursor_location == (0, 0)
        editor.move_cursor(editor.document.end)
        await pilot.press(*list(" Serves four."))
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert service.get(notebook["pasta"]).body.endswith("Serves four.\n")
        assert len(service.revisions(notebook["pasta"])) == 1
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen)

    drive(RemenApp(service=service), scenario)


def test_create_from_query_with_enter_and_find_it_by_meaning(
    meaning_service: Remen, meaning_notebook: dict[str, str]
) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "Lisbon trip")
        app.search_screen.query_one("#results", ListView).clear()
        await pilot.pause()
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen)
        await pilot.press(*list("Flights booked to Portugal for the conference; hotel near the river."))
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen)
        await type_search(pilot, "travel plans abroad")
        assert result_titles(app)[0] == "Lisbon trip"

    drive(RemenApp(service=meaning_service), scenario)


def test_enter_with_no_match_creates_a_note_once_something_is_written(service: Remen) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "Buy a new kettle")
        assert result_titles(app) == []
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen)
        assert app.screen.query_one("#editor", TextArea).text.startswith("# Buy a new kettle")
        # Enter then Esc with nothing written: no note, and the app says so.
        await pilot.press("escape")
        await settle(pilot)
        assert service.list_notes() == [] and "Nothing written: no note saved." in toasts(app)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press(*list("descaler too"), "escape")
        await settle(pilot)
        (note,) = service.list_notes()
        assert note.title == "Buy a new kettle" and note.body == "# Buy a new kettle\n\ndescaler too\n"
        # The title became a note: the search box starts afresh.
        assert app.search_screen.query_one("#search", Input).value == ""
        # Enter on an empty box, then Esc: no empty note either.
        await type_search(pilot, "")
        await pilot.press("enter", "escape")
        await settle(pilot)
        assert len(service.list_notes()) == 1

    drive(RemenApp(service=service), scenario)


def test_enter_writes_a_new_note_unless_a_hit_was_picked_or_is_titled_so(
    meaning_service: Remen, meaning_notebook: dict[str, str]
) -> None:
    before = {n.id: n.body for n in meaning_service.list_notes()}

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "Dinner party menu")
        assert result_titles(app), "the closest notes by meaning are shown"
        assert "Enter: new note" in str(app.search_screen.query_one("#interpretation").render())
        # The rest of the title, Enter and the body arrive in one burst, as from a fast typist or a
        # paste: keys still queued for the search box when Enter is handled belong to the title.
        await write_in_a_burst(app, pilot, " for six", "Network: Lindqvist-5G")
        # The exact title opens its note even before the search for it has answered.
        app.search_screen.query_one("#search", Input).value = "carbonara"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen) and app.screen.note_id == meaning_notebook["pasta"]
        await pilot.press("escape")
        await type_search(pilot, "dough")
        await pilot.press("down", "enter")  # a hit the user moved to
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen) and app.screen.note_id == meaning_notebook["pizza"]

    drive(RemenApp(service=meaning_service), scenario)
    after = {n.id: n.body for n in meaning_service.list_notes()}
    assert {k: after[k] for k in before} == before  # no other note changed
    (new,) = [n for n in meaning_service.list_notes() if n.id not in before]
    assert new.title == "Dinner party menu for six"
    assert new.body == "# Dinner party menu for six\n\nNetwork: Lindqvist-5G\n"


def test_append_and_jumps_in_the_editor(service: Remen, notebook: dict[str, str]) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "recipe")
        await pilot.press("f5")
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen) and "Pick a note first" in toasts(app)
        await pilot.press("down", "f5")
        await settle(pilot)
        editor = app.screen.query_one("#editor", TextArea)
        assert isinstance(app.screen, EditorScreen) and editor.cursor_location == editor.document.end
        await pilot.press("ctrl+home")
        assert editor.cursor_location == (0, 0)
        await pilot.press("ctrl+end")
        assert editor.cursor_location == editor.document.end

    drive(RemenApp(service=service), scenario)


def test_related_sidebar_for_the_open_note(meaning_service: Remen, meaning_notebook: dict[str, str]) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "pizza dough")
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(app.screen.query(RelatedItem)), "related notes in the sidebar")
        related = [item.related.title for item in app.screen.query(RelatedItem)]
        assert related and related[0] == "Carbonara"
        assert "Pizza dough" not in related
        # Tab leaves the editor for the sidebar: Enter opens the first related note at once.
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "related"
        await pilot.press("enter")
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, EditorScreen) and app.screen.note_id == meaning_notebook["pasta"],
            "the first related note opened",
        )

    drive(RemenApp(service=meaning_service), scenario)


def test_draft_suggests_related_notes_once_long_enough(
    meaning_service: Remen, meaning_notebook: dict[str, str]
) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await pilot.press("ctrl+n")
        await settle(pilot)
        await pilot.press(*list("Sourdough"))
        hint = app.screen.query_one("#related-hint", Label)
        await wait_until(pilot, lambda: "as the note grows" in str(hint.render()), "the hint for a short draft")
        assert not app.screen.query(RelatedItem)
        await pilot.press(*list(" bread: mix flour, water and yeast, knead, rest the dough overnight."))
        await wait_until(pilot, lambda: bool(app.screen.query(RelatedItem)), "related notes for the draft")
        assert next(i.related.title for i in app.screen.query(RelatedItem)) == "Pizza dough"

    drive(RemenApp(service=meaning_service), scenario)


def test_archive_hides_the_note_and_is_undone_like_the_trash(service: Remen, notebook: dict[str, str]) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "dentist")
        await pilot.press("ctrl+r")  # nothing picked yet: nothing archived
        await settle(pilot)
        assert not service.get(notebook["dentist"]).archived and "Pick a note first" in toasts(app)
        await pilot.press("down", "ctrl+r")
        await settle(pilot)
        assert service.get(notebook["dentist"]).archived
        assert "Dentist" not in result_titles(app)
        await wait_until(pilot, lambda: "Ctrl+Z to undo" in toasts(app), "the undo offer")
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert not service.get(notebook["dentist"]).archived and "Unarchived: Dentist" in toasts(app)
        await pilot.press("down", "ctrl+r")
        await settle(pilot)
        await pilot.press("f3")
        await settle(pilot)
        assert isinstance(app.screen, NoteListScreen)
        await pilot.press("r")
        await settle(pilot)
        assert not service.get(notebook["dentist"]).archived
        assert "Unarchived: Dentist" in toasts(app)

    drive(RemenApp(service=service), scenario)


def test_delete_undo_and_restore_from_trash(service: Remen, notebook: dict[str, str]) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "dentist")
        await pilot.press("down", "f8")
        await settle(pilot)
        assert service.get(notebook["dentist"]).deleted
        await wait_until(pilot, lambda: "Ctrl+Z to undo" in toasts(app), "the undo offer")
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert not service.get(notebook["dentist"]).deleted
        await pilot.press("down", "f8")
        await pilot.press("f4")
        await settle(pilot)
        assert isinstance(app.screen, NoteListScreen)
        await pilot.press("r")
        await settle(pilot)
        assert not service.get(notebook["dentist"]).deleted
        await pilot.press("escape")
        await settle(pilot)
        assert "Dentist" in result_titles(app)

    drive(RemenApp(service=service), scenario)


def test_tag_list_filters_the_search(service: Remen, notebook: dict[str, str]) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, TagsScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.search_screen.query_one("#search", Input).value.startswith("#recipe")
        assert set(result_titles(app)) == {"Carbonara", "Pizza dough"}

    drive(RemenApp(service=service), scenario)


def test_help_and_palette(service: Remen, notebook: dict[str, str]) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        commands = app.screen.query_one(CommandList)
        await wait_until(pilot, lambda: commands.option_count > 0, "the command list")
        ours = {"New note", "Append to note", "Tags", "Archive", "Trash", "Undo", "Empty trash", "Export notes", "Sort"}
        ours |= {"Save search"}
        every = {str(commands.get_option_at_index(i).prompt).split("\n")[0] for i in range(commands.option_count)}
        # Remen's commands, the theme and quit: none of Textual's Keys, Maximize or Screenshot.
        assert every == ours | {"Help", "Change theme", "Quit"}
        await pilot.press(*list("Trash"))
        await wait_until(pilot, lambda: commands.option_count > 0, "commands matching 'Trash'")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, NoteListScreen) and app.screen.mode == "trash"

    drive(RemenApp(service=service), scenario)


def test_quit_saves_the_unsaved_draft(service: Remen) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await pilot.press("ctrl+n")
        await settle(pilot)
        await pilot.press(*list("Unsaved thought"))
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: app.return_code is not None, "the app to quit")

    drive(RemenApp(service=service), scenario)
    assert [n.body for n in service.list_notes()] == ["Unsaved thought\n"]


def test_failed_save_keeps_the_text_and_says_why(service: Remen, notebook: dict[str, str]) -> None:
    from remen.store.connect import connect

    service.store.set_busy_timeout(200)
    blocker = connect(service.settings.db_path)

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "carbonara")
        await pilot.press("enter")
        await settle(pilot)
        blocker.execute("BEGIN EXCLUSIVE")
        try:
            editor = app.screen.query_one("#editor", TextArea)
            editor.move_cursor(editor.document.end)
            await pilot.press(*list(" more"))
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert isinstance(app.screen, EditorScreen)
            assert app.screen.query_one("#editor", TextArea).text.endswith(" more")
            await wait_until(pilot, lambda: "Not saved" in toasts(app), "the failed save explained")
        finally:
            blocker.execute("ROLLBACK")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert service.get(notebook["pasta"]).body.endswith(" more\n")

    drive(RemenApp(service=service), scenario)


def test_full_disk_keeps_the_draft_and_says_so(tmp_path: Path, clock) -> None:  # type: ignore[no-untyped-def]
    with small_disk(tmp_path / "disk") as disk, Remen.open(disk / "tui.db", HashedEmbedder(), clock) as service:
        filler: list[Path] = []

        async def scenario(app: RemenApp, pilot: Pilot) -> None:
            await pilot.press("ctrl+n")
            await settle(pilot)
            filler.append(fill(disk))
            await pilot.press(*list("A thought worth keeping"))
            await pilot.press("ctrl+s")
            await wait_until(pilot, lambda: "disk holding" in toasts(app), "the full disk named")
            assert "Your text is still here" in toasts(app)
            assert isinstance(app.screen, EditorScreen)
            assert app.screen.query_one("#editor", TextArea).text.startswith("A thought worth keeping")
            filler[0].unlink()
            await pilot.press("ctrl+s")
            await settle(pilot)
            await wait_until(pilot, lambda: bool(service.list_notes()), "the note saved once there is room")

        drive(RemenApp(service=service), scenario)
        assert service.list_notes()[0].body.startswith("A thought worth keeping")


def test_small_terminal_still_works(service: Remen, notebook: dict[str, str]) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "pizza")
        assert result_titles(app)[0] == "Pizza dough"
        await pilot.press("down", "enter")
        await settle(pilot)
        assert not app.screen.query_one("#sidebar").display

    drive(RemenApp(service=service), scenario, size=(50, 14))


def test_a_corrupt_database_is_explained_not_a_crash(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.db"
    bad.write_text("my thesis, not a database")

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        assert "not a Remen database" in str(app.search_screen.query_one("#empty").render())
        assert "no database" in str(app.search_screen.query_one(StatusBar).render())
        await type_search(pilot, "anything")

    drive(RemenApp(db=bad), scenario)
    assert bad.read_text() == "my thesis, not a database"


def test_damaged_pages_are_shown_and_logged(tmp_path) -> None:  # type: ignore[no-untyped-def]
    db = damaged_database(tmp_path / "damaged.db", 200, -1)
    log_file = setup_logging()
    assert log_file is not None

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        # A failed worker's report reaches the app as a message, after the worker has finished.
        bar = app.search_screen.query_one(StatusBar)
        empty = app.search_screen.query_one("#empty")
        await wait_until(pilot, lambda: "problem" in str(bar.render()), "the problem mark in the status bar")
        await wait_until(pilot, lambda: "doctor --recover" in str(empty.render()), "the damage explained on screen")
        assert "damaged" in str(empty.render())
        await type_search(pilot, "gardening")
        assert isinstance(app.screen, SearchScreen)

    drive(RemenApp(db=db), scenario)
    logged = log_file.read_text(encoding="utf-8")
    assert "background task 'search' failed" in logged and "doctor --recover" in logged


def test_notes_saved_elsewhere_get_indexed_in_the_background(service: Remen, notebook: dict[str, str]) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        service.add("Added by another process without its embedding", embed=False)
        assert service.pending_embeddings() == 1
        await wait_until(pilot, lambda: service.pending_embeddings() == 0, "the note indexed by the status poll")
        bar = app.search_screen.query_one(StatusBar)
        await wait_until(pilot, lambda: "idle" in str(bar.render()), "the status bar back to idle")

    app = RemenApp(service=service)
    app.status_poll_seconds = 0.05
    drive(app, scenario)


def test_notes_are_read_for_facts_in_the_background(service: Remen, notebook: dict[str, str]) -> None:
    service.add("My wife Julia was born on 12 May 1988.")

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await wait_until(pilot, lambda: service.pending_extractions() == 0, "the notes read for facts", timeout=60)
        bar = app.search_screen.query_one(StatusBar)
        await wait_until(pilot, lambda: "idle" in str(bar.render()), "the status bar back to idle")
        assert service.entity("julia").attributes["birthday"] == "12 May 1988"
        assert "recipe" in {label.name for label in service.labels()}

    app = RemenApp(service=service)
    app.status_poll_seconds = 0.05
    drive(app, scenario)


def test_notes_an_older_reader_read_are_read_again_and_the_user_is_told(
    service: Remen, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from remen.memory.builtin import BuiltinExtractor

    monkeypatch.setattr(BuiltinExtractor, "version", "0-older")
    with Remen.open(tmp_path / "tui.db", embedder=HashedEmbedder()) as before_the_upgrade:
        before_the_upgrade.add("My team lead Oona Brady wants the figures by noon.")
        assert before_the_upgrade.extract_pending().done == 1
    monkeypatch.undo()

    def versions() -> set[str]:
        with service.store.read() as conn:
            return {str(v) for (v,) in conn.execute("SELECT version FROM note_memory")}

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await wait_until(pilot, lambda: "read again for facts" in toasts(app), "the notice of the re-reading")
        await wait_until(pilot, lambda: versions() == {BuiltinExtractor.version}, "the note read again", timeout=60)

    app = RemenApp(service=service)
    app.status_poll_seconds = 0.05
    drive(app, scenario)


def test_up_selects_the_answer_with_its_history_and_enter_opens_its_note(service: Remen) -> None:
    service.add("Tom works at Globex now, as a data engineer.", created=datetime(2026, 2, 24, 9).astimezone())
    latest = service.add("Tom started at Initech, left Globex in March.", created=datetime(2026, 4, 2, 9).astimezone())
    service.extract_pending()

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        card = app.search_screen.query_one(AnswerCard)
        results = app.search_screen.query_one(ListView)
        await type_search(pilot, "where does tom work")
        shown = str(card.render())
        assert "Tom's workplace: Initech" in shown and "earlier: Globex (24 Feb 2026 – " in shown
        await pilot.press("up")
        assert card.selected and "selected" in card.classes and results.index is None
        assert "Enter opens the note it comes from" in str(card.render())
        await pilot.press("down")
        assert not card.selected and results.index == 0
        await pilot.press("up", "enter")
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen) and app.screen.note_id == latest.id
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, SearchScreen), "back on the search screen")
        await type_search(pilot, "where does tom work now")
        assert not card.selected

    drive(RemenApp(service=service), scenario)


def test_the_answer_card_corrects_and_forgets_its_fact_with_undo(service: Remen) -> None:
    service.add("Tom works at Globex now, as a data engineer.", created=datetime(2026, 2, 24, 9).astimezone())
    service.extract_pending()

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        card = app.search_screen.query_one(AnswerCard)
        await type_search(pilot, "where does tom work")
        assert "Tom's workplace: Globex" in str(card.render())
        await pilot.press("up")
        assert "F6 corrects the fact" in str(card.render())
        await pilot.press("f6")
        await wait_until(pilot, lambda: isinstance(app.screen, ValueScreen), "the value dialog")
        field = app.screen.query_one(Input)
        assert field.value == "Globex"
        field.value = ""
        await pilot.press(*"Initech", "enter")
        await wait_until(pilot, lambda: "Tom's workplace: Initech" in str(card.render()), "the corrected answer")
        assert [f.target for f in service.facts("Tom") if f.predicate == "works_at"] == ["Initech"]
        assert "earlier: Globex" in str(card.render())
        await pilot.press("up", "f8")
        await wait_until(
            pilot, lambda: "Initech" not in str(card.render()) or "hidden" in card.classes, "the forgotten fact"
        )
        assert [f.target for f in service.facts("Tom") if f.predicate == "works_at"] == ["Globex"]
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: "Tom's workplace: Initech" in str(card.render()), "the fact back")

    drive(RemenApp(service=service), scenario)


def test_a_question_gets_its_answer_once_a_note_written_meanwhile_is_read(service: Remen) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        card = app.search_screen.query_one(AnswerCard)
        await type_search(pilot, "julias bday?")
        assert "hidden" in card.classes
        service.add("My wife Julia was born on 12 May 1988.")  # from a shell, while the app is open
        app.refresh_status()
        await wait_until(pilot, lambda: "Julia's birthday: 12 May 1988" in str(card.render()), "the answer card")

    drive(RemenApp(service=service), scenario)


def test_a_question_gets_an_answer_card_that_opens_its_note(service: Remen, notebook: dict[str, str]) -> None:
    source = service.add("# Family\nMy wife Julia was born on 12 May 1988.")
    service.extract_pending()

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        card = app.search_screen.query_one(AnswerCard)
        assert not card.display or "hidden" in card.classes
        await type_search(pilot, "julias bday?")
        assert "Julia's birthday: 12 May 1988" in str(card.render())
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen) and app.screen.note_id == source.id
        await pilot.press("escape")
        await type_search(pilot, "pizza")
        assert "hidden" in card.classes

    drive(RemenApp(service=service), scenario)


def test_a_question_the_graph_cannot_answer_is_answered_from_a_notes_sentence(service: Remen) -> None:
    source = service.add("Kofi: the dentist moved my cleaning to 21 April at 8am, Bloor St clinic.")
    service.add("Dentists near work: two on Bloor St, one on College.")

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        card = app.search_screen.query_one(AnswerCard)
        await type_search(pilot, "when is my dentist cleaning?")
        await wait_until(pilot, lambda: "21 April" in str(card.render()), "the answer from the note")
        shown = str(card.render())
        assert "“the dentist moved my cleaning to 21 April at 8am, Bloor St clinic.”" in shown
        await pilot.press("up")
        assert "Enter opens the note it comes from" in str(card.render())
        assert "F6" not in str(card.render())
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen) and app.screen.note_id == source.id

    drive(RemenApp(service=service), scenario)


def test_history_restores_an_earlier_version_and_keeps_the_replaced_text(
    service: Remen, notebook: dict[str, str]
) -> None:
    original = service.get(notebook["pasta"]).body
    service.update(notebook["pasta"], body="# Carbonara\nCream, bacon and peas (wrong).")

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "carbonara")
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("f9")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        assert "Guanciale" in app.screen.query_one("#history-text", TextArea).text
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen)
        await wait_until(pilot, lambda: app.screen.query_one("#editor", TextArea).text == original, "the restored text")
        await settle(pilot)
        # Loading the restored text is no edit: nothing is left to save (a save would add a version).
        assert isinstance(app.screen, EditorScreen) and not app.screen.dirty

    drive(RemenApp(service=service), scenario)
    assert service.get(notebook["pasta"]).body == original
    assert service.revisions(notebook["pasta"])[0].body == "# Carbonara\nCream, bacon and peas (wrong)."


def test_emptying_the_trash_asks_first(service: Remen, notebook: dict[str, str]) -> None:
    service.delete(notebook["dentist"])

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await pilot.press("f4")
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert service.list_notes(trash=True)
        await pilot.press("e")
        await settle(pilot)
        await pilot.press("y")
        await wait_until(pilot, lambda: not service.list_notes(trash=True), "the trash emptied")
        assert "Deleted 1 note for good" in toasts(app)

    drive(RemenApp(service=service), scenario)
    assert {n.title for n in service.list_notes()} == {"Carbonara", "Pizza dough"}


def test_export_from_the_palette(service: Remen, notebook: dict[str, str], tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("HOME", str(tmp_path))

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*list("Export notes"))
        commands = app.screen.query_one(CommandList)
        await wait_until(pilot, lambda: commands.option_count > 0, "the export command")
        await pilot.press("enter")
        await wait_until(pilot, lambda: "Exported 3 notes to" in toasts(app), "the export reported")

    drive(RemenApp(service=service), scenario)
    (exported,) = tmp_path.glob("remen-export-*.jsonl")
    assert len(exported.read_text(encoding="utf-8").splitlines()) == 3


def test_a_very_large_note_opens_read_only_and_is_never_cut_short(service: Remen) -> None:
    huge = "# Server log\n" + "GET /index.html 200 0.003s\n" * 90_000  # 2.4 MB
    big = service.add(huge, embed=False)
    large = service.add("# Meeting transcript\n" + "We talked about the launch plan. " * 1_500, embed=False)

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await app.search_screen.open_note(big.id)
        await settle(pilot)
        editor = app.screen.query_one("#editor", TextArea)
        assert editor.read_only and "too large to edit here" in str(app.screen.query_one("#too-large").render())
        assert f"remen edit {big.id}" in str(app.screen.query_one("#too-large").render())
        await pilot.press(*list("typed"), "escape")
        await settle(pilot)
        await app.search_screen.open_note(large.id)
        await settle(pilot)
        editor = app.screen.query_one("#editor", TextArea)
        assert not editor.read_only and editor.language is None and not editor.soft_wrap  # fast keys
        await pilot.press("ctrl+end", *list(" Done."), "escape")
        await settle(pilot)

    drive(RemenApp(service=service), scenario)
    assert service.get(big.id).body == huge
    assert service.get(large.id).body.endswith("the launch plan.  Done.\n")


def test_a_comment_line_in_a_snippet_is_not_the_title(service: Remen) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await pilot.press("ctrl+n")
        await settle(pilot)
        await pilot.press(*list("Python: dedupe a list keeping order"), "enter")
        await pilot.press(*list("# keep the first of each"), "enter", *list("list(dict.fromkeys(items))"), "escape")
        await settle(pilot)

    drive(RemenApp(service=service), scenario)
    assert [n.title for n in service.list_notes()] == ["Python: dedupe a list keeping order"]


def test_append_starts_on_a_line_of_its_own_and_keeps_the_last_tag(service: Remen) -> None:
    groceries = service.add("# Groceries\nmilk, eggs #shopping")

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "groceries")
        await pilot.press("down", "f5")
        await settle(pilot)
        await pilot.press(*list("bananas"), "escape")
        await settle(pilot)

    drive(RemenApp(service=service), scenario)
    note = service.get(groceries.id)
    assert note.body == "# Groceries\nmilk, eggs #shopping\nbananas\n"
    assert "shopping" in note.tags and "shopping" in dict(service.tags())


def test_an_append_left_as_it_was_changes_nothing(service: Remen) -> None:
    groceries = service.add("# Groceries\nmilk #shopping")

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "groceries")
        await pilot.press("down", "f5")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)

    drive(RemenApp(service=service), scenario)
    assert service.get(groceries.id).body == "# Groceries\nmilk #shopping" and service.revisions(groceries.id) == []


def test_nothing_is_selected_until_the_user_moves(service: Remen, notebook: dict[str, str]) -> None:
    car = service.add("# Car service\nBrakes and oil at the garage on Friday.")

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        # The empty box lists recent notes with none selected: F8 trashes nothing.
        await pilot.press("f8")
        await settle(pilot)
        assert "Pick a note first" in toasts(app) and not any(n.deleted for n in service.list_notes())
        # An exact title: the first ↓ selects row 1 (the note titled so), not row 2.
        await type_search(pilot, "Car service")
        assert result_titles(app)[0] == "Car service"
        await pilot.press("down", "f8")
        await settle(pilot)
        assert service.get(car.id).deleted
        assert all(not service.get(note_id).deleted for note_id in notebook.values())

    drive(RemenApp(service=service), scenario)


def test_a_tag_filter_never_becomes_a_title(service: Remen, notebook: dict[str, str]) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press("enter")  # the first tag of the list
        await settle(pilot)
        typed = app.search_screen.query_one("#search", Input).value.strip()
        assert typed.startswith("#")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen)
        assert app.screen.text == "" and app.screen.tags == [typed.lstrip("#")]
        await pilot.press("escape")  # nothing written: nothing saved
        await settle(pilot)
        assert len(service.list_notes()) == 3
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press(*list("Gum bleeds when flossing"), "escape")
        await settle(pilot)
        new = next(n for n in service.list_notes() if n.id not in notebook.values())
        assert new.title == "Gum bleeds when flossing" and typed.lstrip("#") in new.tags

    drive(RemenApp(service=service), scenario)


def test_a_time_only_query_labels_its_notes_by_time_and_the_footer_fits_80_columns(
    service: Remen, notebook: dict[str, str]
) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "past 30 days")
        items = list(app.search_screen.query(ResultItem))
        assert items and all(item.match_type == "time" for item in items)
        footer = "".join(str(key.render()) for key in app.search_screen.query("FooterKey"))
        assert len(footer) <= 80, footer

    drive(RemenApp(service=service), scenario, size=(80, 24))


def test_f7_sorts_the_list_by_last_edit_date_written_and_title(service: Remen, notebook: dict[str, str], clock) -> None:  # type: ignore[no-untyped-def]
    clock.advance(60)
    service.update(notebook["pasta"], body="# Carbonara\nGuanciale, eggs, pecorino, black pepper; no cream. #recipe")

    def line(app: RemenApp) -> str:
        return str(app.search_screen.query_one("#interpretation").render())

    def shown_time(app: RemenApp, title: str) -> str:
        return next(item.when for item in app.search_screen.query(ResultItem) if item.title == title)

    now = from_epoch(clock.now)
    written = service.get(notebook["pasta"]).created

    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "#recipe")
        assert "sorted by" not in line(app)
        assert shown_time(app, "Carbonara") == list_time(written, now)
        await pilot.press("f7")
        await settle(pilot)
        assert result_titles(app) == ["Carbonara", "Pizza dough"] and "sorted by last edit" in line(app)
        # Sorted by last edit, a row shows when it was edited: a minute ago, by the clock.
        assert shown_time(app, "Carbonara") == f"{now:%H:%M}" != list_time(written, now)
        await pilot.press("f7")
        await settle(pilot)
        assert result_titles(app) == ["Pizza dough", "Carbonara"] and "sorted by date written" in line(app)
        assert shown_time(app, "Carbonara") == list_time(written, now)
        await pilot.press("f7")
        await settle(pilot)
        assert result_titles(app) == ["Carbonara", "Pizza dough"] and "sorted by title" in line(app)
        await type_search(pilot, "")  # the recent notes follow the same order
        assert result_titles(app) == ["Carbonara", "Dentist", "Pizza dough"] and "sorted by title" in line(app)
        await pilot.press("f7")  # back to the best match: recent notes newest edit first
        await settle(pilot)
        assert result_titles(app)[0] == "Carbonara" and "sorted by" not in line(app)

    drive(RemenApp(service=service), scenario)


def test_ctrl_t_renames_the_selected_note_without_opening_it_and_ctrl_z_undoes(
    service: Remen, notebook: dict[str, str]
) -> None:  # type: ignore[no-untyped-def]
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await type_search(pilot, "carbonara")
        await pilot.press("ctrl+t")  # nothing selected yet: nothing to rename
        await settle(pilot)
        assert not isinstance(app.screen, ValueScreen)
        await pilot.press("down", "ctrl+t")
        await wait_until(pilot, lambda: isinstance(app.screen, ValueScreen), "the title dialog")
        title_box = app.screen.query_one(Input)
        assert title_box.value == "Carbonara"
        title_box.value = "Roman carbonara"
        await pilot.press("enter")
        await wait_until(pilot, lambda: service.get(notebook["pasta"]).title == "Roman carbonara", "the rename")
        assert service.get(notebook["pasta"]).body.startswith("# Roman carbonara\n")
        assert isinstance(app.screen, SearchScreen)
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: service.get(notebook["pasta"]).title == "Carbonara", "the undo")
        assert service.get(notebook["pasta"]).body.startswith("# Carbonara\n")

    drive(RemenApp(service=service), scenario)


async def shell(db: Path, *args: str) -> str:
    """Run the real `remen` command in its own process, as a second shell would, without blocking
    the app's loop; its standard output."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "remen", "--db", str(db), *args, stdout=PIPE, stderr=PIPE
    )
    out, err = await proc.communicate()
    assert proc.returncode == 0, err.decode()
    return out.decode()


def test_the_list_follows_notes_written_in_another_shell_and_keeps_the_selection(
    tmp_path: Path, service: Remen, notebook: dict[str, str]
) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        results = app.search_screen.query_one(ListView)
        await wait_until(pilot, lambda: len(results.children) == 3, "the recent notes listed")
        await pilot.press("down", "down")
        selected = results.highlighted_child
        assert isinstance(selected, ResultItem)
        await shell(tmp_path / "tui.db", "add", "Ferry times to the island: summer timetable from June")

        def titles() -> list[str]:
            return [item.title for item in results.children if isinstance(item, ResultItem)]

        def listed_and_kept() -> bool:
            kept = results.highlighted_child
            shown = any("Ferry" in t for t in titles())
            return shown and isinstance(kept, ResultItem) and kept.note_id == selected.note_id

        await wait_until(pilot, listed_and_kept, "the note from the other shell, the selection kept", timeout=30)
        await shell(tmp_path / "tui.db", "rm", notebook["pasta"])
        # The list is emptied and filled again as it is read: wait for it whole, without the note.
        await wait_until(
            pilot,
            lambda: len(titles()) == 3 and "Carbonara" not in titles(),
            "the note trashed in the other shell gone",
            timeout=30,
        )

    app = RemenApp(service=service)
    app.status_poll_seconds = 0.05
    drive(app, scenario)


def test_a_title_typed_into_an_empty_search_box_with_enter_in_one_burst_is_kept(service: Remen) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        # Every key of the title may still be queued for the search box when Enter is handled.
        await write_in_a_burst(app, pilot, "Plumber quote", "Leak under the sink")

    drive(RemenApp(service=service), scenario)
    (note,) = service.list_notes()
    assert note.body == "# Plumber quote\n\nLeak under the sink\n"
