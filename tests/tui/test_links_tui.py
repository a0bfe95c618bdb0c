"""`[[Title]]` links and saved searches in the app, through Textual's Pilot on a real database."""

from __future__ import annotations

from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input, ListView, OptionList, TextArea
from tui_helpers import drive, settle, wait_until

from remen.service import Remen
from remen.tui.app import RemenApp
from remen.tui.dialogs import ValueScreen
from remen.tui.screens import EditorScreen
from remen.tui.search_screen import SearchScreen
from remen.tui.widgets import LinkItem, ResultItem


def completion(app: RemenApp) -> OptionList:
    return app.screen.query_one("#link-completion", OptionList)


def suggestions(app: RemenApp) -> list[str]:
    box = completion(app)
    return [str(box.get_option_at_index(i).prompt) for i in range(box.option_count)] if box.display else []


def test_typing_a_link_completes_titles_and_enter_on_it_opens_the_note(
    service: Remen, notebook: dict[str, str]
) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen)
        await pilot.press(*list("Friday dinner"), "enter", *list("make [[pi"))
        await wait_until(pilot, lambda: suggestions(app) == ["Pizza dough"], "the title suggestions")
        await pilot.press("enter")  # takes the suggestion, not a new line
        await settle(pilot)
        editor = app.screen.query_one("#editor", TextArea)
        assert editor.text.endswith("make [[Pizza dough]]") and not completion(app).display
        await pilot.press(*list(" or [[car"))
        await wait_until(pilot, lambda: suggestions(app) == ["Carbonara"], "the second suggestion")
        await pilot.press("escape")  # closes the suggestions, stays in the note
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen) and not completion(app).display
        await pilot.press(*list("bonara]]"))
        await settle(pilot)
        editor.move_cursor((1, len("make [[Pizz")))
        await pilot.press("enter")  # on a link: opens it, the draft saved first
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, EditorScreen) and app.screen.note_id == notebook["pizza"],
            "the linked note",
        )
        draft = service.note_titled("Friday dinner")
        assert draft is not None and draft.body == "Friday dinner\nmake [[Pizza dough]] or [[carbonara]]\n"
        # The linked note's sidebar says who links to it; Enter there goes back.
        backlinks = app.screen.query_one("#backlinks", ListView)
        await wait_until(pilot, lambda: len(backlinks.children) == 1, "the backlinks")
        assert [item.title for item in backlinks.query(LinkItem)] == ["Friday dinner"]
        backlinks.focus()
        await pilot.press("enter")
        await wait_until(
            pilot, lambda: isinstance(app.screen, EditorScreen) and app.screen.note_id == draft.id, "the back link"
        )

    drive(RemenApp(service=service), scenario)


def test_enter_on_a_link_to_a_missing_title_starts_that_note(service: Remen, notebook: dict[str, str]) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        await pilot.press("ctrl+n")
        await settle(pilot)
        await pilot.press(*list("Menu"), "enter", *list("dessert: [[Tiramisu]]"), "left", "left", "left", "enter")
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, EditorScreen) and app.screen.text.startswith("# Tiramisu"),
            "a new note titled by the link",
        )
        await pilot.press(*list("Mascarpone."), "escape")
        await settle(pilot)
        made = service.note_titled("Tiramisu")
        menu = service.note_titled("Menu")
        assert made is not None and menu is not None
        assert [link.note_id for link in service.links(made.id).linked_from] == [menu.id]

    drive(RemenApp(service=service), scenario)


def test_a_search_saved_with_ctrl_s_is_run_from_the_palette(service: Remen, notebook: dict[str, str]) -> None:
    async def scenario(app: RemenApp, pilot: Pilot) -> None:
        search = app.search_screen.query_one("#search", Input)
        search.value = "#recipe"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, ValueScreen), "the name dialog")
        app.screen.query_one(Input).value = "recipes"
        await pilot.press("enter")
        await settle(pilot)
        assert [(s.name, s.query) for s in service.saved_searches()] == [("recipes", "#recipe")]
        search.value = "dentist"
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        commands = app.screen.query_one(CommandList)
        await pilot.press(*list("recipes"))
        await wait_until(pilot, lambda: commands.option_count > 0, "the saved search in the palette")
        assert str(commands.get_option_at_index(0).prompt).startswith("Search: recipes")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen) and search.value == "#recipe"
        assert {item.title for item in app.search_screen.query(ResultItem)} == {"Carbonara", "Pizza dough"}
        # Forgotten from the palette; Ctrl+Z brings it back.
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*list("Forget saved"))
        commands = app.screen.query_one(CommandList)
        await wait_until(pilot, lambda: commands.option_count > 0, "the forget command")
        await pilot.press("enter")
        await wait_until(pilot, lambda: service.saved_searches() == [], "the saved search forgotten")
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: [s.name for s in service.saved_searches()] == ["recipes"], "the undo")

    drive(RemenApp(service=service), scenario)
