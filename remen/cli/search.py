"""The search commands of `remen`: search, explain, related."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from remen.core.errors import RemenError
from remen.core.models import MatchType
from remen.core.serialize import emit
from remen.core.wording import plural

if TYPE_CHECKING:
    from datetime import datetime

    from remen.core.models import ParsedQuery
    from remen.service import Remen


def parse_now(value: str | None) -> datetime | None:
    """The --now option: an ISO 8601 time (no offset = local)."""
    if value is None:
        return None
    from remen.core.timeutil import parse_iso

    try:
        return parse_iso(value)
    except ValueError as exc:
        raise RemenError(f"--now: {exc}") from exc


SEARCH_OPTIONS = frozenset({"--limit", "--now", "--archived", "--trash", "--json", "--db"})


def cmd_search(app: Remen, args: argparse.Namespace) -> None:
    stray = [w for w in args.query if w.split("=")[0] in SEARCH_OPTIONS]
    if stray:
        print(f"remen: {' '.join(stray)} after `--` is searched as text; put options before `--`.", file=sys.stderr)
    words = [app.saved_search(args.saved).query] if args.saved else []
    words += args.query
    if not words:
        raise RemenError("Type what to search for, or --saved NAME (`remen saved` lists the names).")
    result = app.search(
        " ".join(words),
        now=parse_now(args.now),
        limit=args.limit,
        include_archived=args.archived,
        include_deleted=args.trash,
    )
    if args.json:
        emit(result)
        return
    print_interpretation(result.query)
    if result.relaxation:
        print(f"  ({result.relaxation})")
    if not result.results:
        print("No matching notes.")
    badges = {
        MatchType.BOTH: "◆ both",
        MatchType.KEYWORD: "▪ word",
        MatchType.SEMANTIC: "≈ meaning",
        MatchType.TIME: "◷ time",
        MatchType.TAG: "# tag",
        MatchType.REPLY: "↳ reply",
    }
    for hit in result.results:
        print(f"{hit.note_id}  {hit.created:%Y-%m-%d}  {badges[hit.match_type]:<9}  {hit.score:.2f}  {hit.title}")
        if hit.snippet:
            print(f"    {hit.snippet}")
    count = len(result.results)
    print(f"{count} result{'' if count == 1 else 's'} in {result.timings_ms.get('total', 0):.0f} ms", file=sys.stderr)
    pending = app.pending_embeddings()
    if pending:
        print(f"{plural(pending, 'note')} not indexed by meaning yet: run `remen reindex`.", file=sys.stderr)


def print_interpretation(query: ParsedQuery) -> None:
    """One line saying how a query was understood."""
    parts = []
    if query.time_range:
        parts.append(query.time_range.description)
    parts += [f"#{t}" for t in query.tags]
    parts += [f'"{p}"' for p in query.phrases]
    if query.terms:
        parts.append("words: " + " ".join(query.terms))
    if query.time_notice:
        parts.append(query.time_notice)
    print("Understood: " + (" · ".join(parts) if parts else "nothing to search for"))


def cmd_explain(app: Remen, args: argparse.Namespace) -> None:
    from remen.core.models import interpretation_dict

    text = " ".join(args.query)
    query = app.explain(text, now=parse_now(args.now))
    route = app.route(text, now=parse_now(args.now))
    if args.json:
        emit(interpretation_dict(query) | {"route": route.to_dict()})
        return
    print_interpretation(query)
    if query.time_range:
        print(f"time range   {query.time_range.start.isoformat()} .. {query.time_range.end.isoformat()}")
    print(f"remaining    {query.text!r}")
    print(f"route        {route.query_type.value} (confidence {route.confidence:.2f}, {route.routing_ms:.1f} ms)")
    for line in route.evidence:
        print(f"             {line}")


def cmd_related(app: Remen, args: argparse.Namespace) -> None:
    related = app.related(args.id, limit=args.limit)
    if args.json:
        emit(
            [
                {"id": r.note_id, "title": r.title, "similarity": round(r.similarity, 4), "linked": r.linked}
                for r in related
            ]
        )
        return
    if not related:
        print("No related notes.")
    for r in related:
        print(f"{r.note_id}  {'linked' if r.linked else f'{r.similarity:.2f}':>6}  {r.title}")


def cmd_saved(app: Remen, args: argparse.Namespace) -> None:
    """List, add or remove saved searches."""
    if args.action == "add":
        if len(args.words) < 2:
            raise RemenError("Usage: remen saved add NAME QUERY… (quote a name of several words).")
        saved = app.save_search(args.words[0], " ".join(args.words[1:]))
        print(f"Saved search {saved.name!r}: {saved.query}  (run it: remen search --saved {saved.name!r})")
        return
    if args.action == "rm":
        name = " ".join(args.words)
        if app.forget_search(name) is None:
            app.saved_search(name)  # says which names there are
        print(f"Removed the saved search {name!r}.")
        return
    found = app.saved_searches()
    if args.json:
        emit(found)
        return
    if not found:
        print("No saved searches yet: remen saved add NAME QUERY, or Ctrl+S in the app.")
    for saved in found:
        print(f"{saved.name:<24}  {saved.query}")
