"""`remen mcp`: Remen as memory for AI agents, over the Model Context Protocol on stdio.

Read-only unless started with ``--allow-writes``. Nothing is printed: stdout carries the protocol,
so logs go to Remen's log file and every failure reaches the client as a tool error, never a
traceback on the stream.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

from remen.core.constants import MCP_CHARS_PER_TOKEN, MCP_DEFAULT_TOKENS, MCP_MAX_BODY_CHARS, MCP_MAX_TOKENS
from remen.core.errors import RemenError
from remen.core.models import Note
from remen.core.serialize import dumps, hit_ref, note_ref, plain
from remen.core.timeutil import from_epoch
from remen.service import Remen

log = logging.getLogger(__name__)


class McpInputError(RemenError):
    """Arguments an agent got wrong: the message says what to send instead."""


def within(value: int, name: str, low: int, high: int) -> int:
    """``value`` when it lies in [low, high]; an error that gives the range otherwise."""
    if not low <= value <= high:
        raise McpInputError(f"{name} must be between {low} and {high}.")
    return value


def budget_tokens(max_tokens: int) -> int:
    """The tokens a reply may take: at least 1 (else an error), at most MCP_MAX_TOKENS."""
    if max_tokens < 1:
        raise McpInputError("max_tokens must be at least 1.")
    return min(max_tokens, MCP_MAX_TOKENS)


def budget_chars(max_tokens: int) -> int:
    """The characters a reply may take for ``max_tokens``."""
    return budget_tokens(max_tokens) * MCP_CHARS_PER_TOKEN


def fit(payload: dict[str, Any], list_key: str, max_chars: int) -> dict[str, Any]:
    """``payload`` with items dropped from the end of ``payload[list_key]`` until its JSON fits
    ``max_chars``; says how many were left out."""
    items = list(payload[list_key])
    while items and len(compact({**payload, list_key: items})) > max_chars:
        items.pop()
    left_out = len(payload[list_key]) - len(items)
    return {**payload, list_key: items, **({"left_out": left_out} if left_out else {})}


def parse_day(value: str | None, name: str) -> date | None:
    """An ISO date argument (2026-03-01), or a clear error."""
    if value is None or not value.strip():
        return None
    try:
        return date.fromisoformat(value.strip()[:10])
    except ValueError as exc:
        raise McpInputError(f"{name} must be an ISO date such as 2026-03-01, not {value!r}.") from exc


class MemoryTools:
    """What the MCP tools do, on one open Remen: plain methods returning JSON-ready dicts."""

    def __init__(self, app: Remen, allow_writes: bool) -> None:
        """``allow_writes``: add_note and append_to_note are served (else they do not exist)."""
        self.app = app
        self.allow_writes = allow_writes

    def search_notes(
        self,
        query: str,
        limit: int = 10,
        since: str | None = None,
        until: str | None = None,
        tags: list[str] | None = None,
        max_tokens: int = MCP_DEFAULT_TOKENS,
    ) -> dict[str, Any]:
        """Search the user's notes by words and meaning at once. `query` may hold a time phrase
        ("last week", "in march") and #tags; `since`/`until` are ISO dates (2026-03-01) that
        bound when notes were written; `tags` filter (a tag also matches its children). Returns
        the best notes first, each with id, title, dates, tags and a snippet, trimmed to about
        `max_tokens` tokens; says how the query was understood and any relaxation."""
        if not query.strip():
            raise McpInputError("query is empty: say what to look for, e.g. 'recipe from last month'.")
        within(limit, "limit", 1, 100)
        start, end = parse_day(since, "since"), parse_day(until, "until")
        text = query.strip()
        if start and end:
            text += f" between {start.isoformat()} and {end.isoformat()}"
        elif start:
            text += f" since {start.isoformat()}"
        elif end:
            text += f" until {end.isoformat()}"
        text += "".join(f" #{tag.lstrip('#')}" for tag in tags or [] if tag.strip("# "))
        result = self.app.search(text, limit=limit)
        payload = {
            "query": text,
            "time_range": result.query.time_range.description if result.query.time_range else None,
            "relaxation": result.relaxation,
            "words": list(result.query.terms),
            "results": [hit_ref(hit) for hit in result.results],
        }
        return fit(payload, "results", budget_chars(max_tokens))

    def ask(self, question: str, max_tokens: int = MCP_DEFAULT_TOKENS) -> dict[str, Any]:
        """Ask a question about what the notes say ("when is Julia's birthday", "how do I know
        Tom", "what did I work on last week"). Answers come from facts read from the notes, each
        with the note it comes from and its dates; `route` says how the question was read. The
        notes a search finds come along. Trimmed to about `max_tokens` tokens."""
        if not question.strip():
            raise McpInputError("question is empty: ask something, e.g. 'when is Anna's birthday?'.")
        tokens = budget_tokens(max_tokens)
        return dict(plain(self.app.ask(question.strip()).within(tokens)))

    def get_note(self, note_id: str, max_tokens: int = MCP_DEFAULT_TOKENS) -> dict[str, Any]:
        """One note by id (or a unique id prefix): its text, title, dates and tags. The text is
        cut to about `max_tokens` tokens; `truncated` says whether it was."""
        note = self.note(note_id)
        room = budget_chars(max_tokens)
        body = note.body if len(note.body) <= room else note.body[:room]
        return {**note_ref(note), "body": body, "truncated": len(body) < len(note.body), "chars": len(note.body)}

    def related(self, note_id: str, limit: int = 5) -> dict[str, Any]:
        """The notes closest in meaning to one note (by id), with their similarity."""
        note = self.note(note_id)
        within(limit, "limit", 1, 50)
        found = self.app.related(note.id, limit)
        return {
            "note": note_ref(note),
            "related": [
                {"id": r.note_id, "title": r.title, "similarity": round(r.similarity, 3), "linked": r.linked}
                for r in found
            ],
        }

    def list_recent(self, days: int = 7, limit: int = 20, max_tokens: int = MCP_DEFAULT_TOKENS) -> dict[str, Any]:
        """Notes created or edited in the last `days` days, most recently edited first (ids,
        titles, dates, tags), trimmed to about `max_tokens` tokens."""
        within(days, "days", 1, 3660)
        within(limit, "limit", 1, 200)
        cutoff = from_epoch(self.app.clock()) - timedelta(days=days)
        # Newest edit first: the recent ones are at the head of the list.
        notes = [n for n in self.app.list_notes(limit=limit) if n.updated >= cutoff]
        return fit({"days": days, "notes": [note_ref(n) for n in notes]}, "notes", budget_chars(max_tokens))

    def add_note(self, title: str, body: str, tags: list[str] | None = None) -> dict[str, Any]:
        """Save a new note in the user's notes (title, Markdown body, tags). It is searchable at
        once and read into the knowledge graph like any note. Only when the server allows writes."""
        self.writable()
        text = self.checked_text(body, "body")
        if not title.strip() and not text.strip():
            raise McpInputError("Both title and body are empty: there is nothing to save.")
        note = self.app.add(text, title=title.strip() or None, tags=tags or [])
        return {"saved": note_ref(note)}

    def append_to_note(self, note_id: str, text: str) -> dict[str, Any]:
        """Add `text` at the end of a note (by id); the text before is kept as an earlier version
        the user can restore. Only when the server allows writes."""
        self.writable()
        addition = self.checked_text(text, "text")
        if not addition.strip():
            raise McpInputError("text is empty: there is nothing to append.")
        note = self.note(note_id)
        if len(note.body) + len(addition) > MCP_MAX_BODY_CHARS:
            raise McpInputError(f"The note would exceed {MCP_MAX_BODY_CHARS:,} characters; start a new note instead.")
        updated = self.app.update(note.id, body=note.body.rstrip("\n") + "\n\n" + addition)
        return {"saved": note_ref(updated)}

    def note_list(self) -> list[dict[str, Any]]:
        """Every live note's provenance, most recently edited first (the remen://notes resource)."""
        return [note_ref(n) for n in self.app.list_notes()]

    def note(self, note_id: str) -> Note:
        """A live note by id or unique id prefix; a clear error otherwise."""
        if not note_id.strip():
            raise McpInputError("id is empty: search_notes and list_recent give note ids.")
        return self.app.get(note_id.strip())

    def writable(self) -> None:
        """Refuse a write when the server is read-only."""
        if not self.allow_writes:
            raise McpInputError("This Remen MCP server is read-only: start it with `remen mcp --allow-writes`.")

    @staticmethod
    def checked_text(text: str, name: str) -> str:
        """Text an agent sends, refused when over MCP_MAX_BODY_CHARS."""
        if len(text) > MCP_MAX_BODY_CHARS:
            raise McpInputError(f"{name} is {len(text):,} characters; the limit is {MCP_MAX_BODY_CHARS:,}.")
        return text


def guarded(action: Callable[..., object]) -> Callable[..., str]:
    """``action`` answering compact JSON (tokens are the agent's budget), with every failure
    turned into a tool error the client reads: Remen's own messages as they are, anything else
    logged (with its traceback, to the log file) and named."""
    from mcp.server.mcpserver.exceptions import ToolError

    @functools.wraps(action)
    def run(*args: Any, **kwargs: Any) -> str:
        try:
            return compact(action(*args, **kwargs))
        except RemenError as exc:
            raise ToolError(str(exc)) from exc
        except Exception as exc:
            log.exception("MCP tool %s failed", action.__name__)
            raise ToolError(f"{action.__name__} failed: {type(exc).__name__}: {exc} (details in the log)") from exc

    return run


def compact(value: object) -> str:
    """JSON without spaces; a string stays as it is."""
    return value if isinstance(value, str) else dumps(value, pretty=False)


def build_server(tools: MemoryTools) -> Any:
    """The MCP server with Remen's tools and resources (write tools only when allowed)."""
    from mcp.server.mcpserver import MCPServer

    server = MCPServer(
        "remen",
        # The SDK's own log lines go to stderr; only problems are worth a line there.
        log_level="WARNING",
        instructions=(
            "Remen is the user's private, local note collection and the facts read from it. Search it"
            " before asking the user for things they may have written down; every result names its note."
        ),
    )
    readers: list[Callable[..., Any]] = [
        tools.search_notes,
        tools.ask,
        tools.get_note,
        tools.related,
        tools.list_recent,
    ]
    writers: list[Callable[..., Any]] = [tools.add_note, tools.append_to_note] if tools.allow_writes else []
    for action in [*readers, *writers]:
        server.tool(name=action.__name__, description=action.__doc__, structured_output=False)(guarded(action))

    def note_list() -> list[dict[str, Any]]:
        return tools.note_list()

    def note_resource(note_id: str) -> dict[str, Any]:
        return tools.get_note(note_id, MCP_MAX_TOKENS)

    server.resource("remen://notes", name="notes", mime_type="application/json")(guarded(note_list))
    server.resource("remen://note/{note_id}", name="note", mime_type="application/json")(guarded(note_resource))
    return server


def serve(app: Remen, allow_writes: bool) -> None:
    """Serve MCP on stdin/stdout until the client closes the stream."""
    log.info("MCP server started on stdio (%s)", "read and write" if allow_writes else "read-only")
    build_server(MemoryTools(app, allow_writes)).run("stdio")
