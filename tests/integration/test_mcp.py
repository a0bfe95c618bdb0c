"""`remen mcp` as an agent sees it: the MCP SDK's own client, a real server subprocess over stdio."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
from cli_runner import run_cli
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

Call = Callable[[str, dict[str, Any]], Awaitable[tuple[bool, Any]]]


@asynccontextmanager
async def server(home: Path, *flags: str) -> AsyncIterator[ClientSession]:
    """A `remen mcp` subprocess on ``home``, through the SDK's stdio client."""
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "remen", "mcp", *flags], env={**os.environ, "REMEN_HOME": str(home)}
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


async def call(session: ClientSession, tool: str, arguments: dict[str, Any]) -> tuple[bool, Any]:
    """(is an error, the JSON result or the error text) of one tool call."""
    result = await session.call_tool(tool, arguments)
    text = "".join(getattr(part, "text", "") for part in result.content)
    return bool(result.is_error), (text if result.is_error else json.loads(text))


def test_the_read_only_server_answers_every_tool_and_refuses_writes(hermetic_home: Path) -> None:
    pasta = json.loads(run_cli("add", "--json", "# Carbonara\nGuanciale, eggs, pecorino. #recipe").stdout)
    run_cli("add", "# Kettle\nThe new kettle boils in two minutes.")
    run_cli("add", "My wife Julia was born on 12 May 1988.")
    run_cli("worker", "--once")

    async def scenario() -> None:
        async with server(hermetic_home) as session:
            tools = {tool.name for tool in (await session.list_tools()).tools}
            assert tools == {"search_notes", "ask", "get_note", "related", "list_recent"}
            error, found = await call(session, "search_notes", {"query": "italian pasta dinner", "limit": 3})
            assert not error and found["results"][0]["id"] == pasta["id"]
            assert {"title", "created", "updated", "tags", "snippet"} <= set(found["results"][0])
            error, found = await call(
                session, "search_notes", {"query": "pasta", "tags": ["recipe"], "since": "2020-01-01"}
            )
            assert not error and "#recipe" in found["query"] and found["time_range"]
            error, answer = await call(session, "ask", {"question": "when is julia's birthday?"})
            assert not error and "12 May 1988" in json.dumps(answer) and answer["route"]
            error, note = await call(session, "get_note", {"note_id": pasta["id"][:6], "max_tokens": 5})
            assert not error and note["truncated"] and len(note["body"]) == 20 and note["title"] == "Carbonara"
            error, related = await call(session, "related", {"note_id": pasta["id"]})
            assert not error and related["note"]["id"] == pasta["id"]
            error, recent = await call(session, "list_recent", {"days": 7})
            assert not error and len(recent["notes"]) == 3
            listed = await session.read_resource("remen://notes")
            assert pasta["id"] in listed.contents[0].text  # type: ignore[union-attr]
            one = await session.read_resource(f"remen://note/{pasta['id']}")
            assert "Guanciale" in one.contents[0].text  # type: ignore[union-attr]
            # Bad arguments get a clear error, never a traceback on the stream.
            for tool, arguments, says in [
                ("get_note", {"note_id": "zzzzzzzzzzzzz"}, "No note with id"),
                ("search_notes", {"query": "   "}, "query is empty"),
                ("search_notes", {"query": "x", "since": "last tuesday"}, "since must be an ISO date"),
                ("list_recent", {"days": 0}, "days must be between"),
                ("add_note", {"title": "x", "body": "y"}, "add_note"),
            ]:
                error, text = await call(session, tool, arguments)
                assert error and says in text, (tool, text)

    anyio.run(scenario)


def test_writes_when_allowed_are_findable_by_meaning_from_the_cli(hermetic_home: Path) -> None:
    target = json.loads(run_cli("add", "--json", "# Standup notes\nMonday: deploy went fine.").stdout)

    async def scenario() -> None:
        async with server(hermetic_home, "--allow-writes") as session:
            error, saved = await call(
                session,
                "add_note",
                {"title": "Garden", "body": "Planted tomatoes and basil by the fence.", "tags": ["home"]},
            )
            assert not error and saved["saved"]["title"] == "Garden" and saved["saved"]["tags"] == ["home"]
            error, appended = await call(
                session, "append_to_note", {"note_id": target["id"], "text": "Tuesday: tests red."}
            )
            assert not error and appended["saved"]["id"] == target["id"]
            error, text = await call(session, "add_note", {"title": "Huge", "body": "x" * 200_001})
            assert error and "the limit is 200,000" in text
            error, text = await call(session, "add_note", {"title": " ", "body": ""})
            assert error and "nothing to save" in text

    anyio.run(scenario)
    found = run_cli("search", "--json", "growing vegetables in the yard")
    assert json.loads(found.stdout)["results"][0]["title"] == "Garden"
    shown = json.loads(run_cli("show", "--json", target["id"]).stdout)
    assert shown["body"].endswith("Monday: deploy went fine.\n\nTuesday: tests red.")
    assert "Monday: deploy went fine." in run_cli("history", target["id"], "1").stdout
