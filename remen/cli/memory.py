"""The memory commands of `remen`: worker, entities, entity, facts, labels."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING

from remen.core.answers import Answer
from remen.core.constants import LISTING_LIMIT
from remen.core.errors import CorrectionError
from remen.core.knowledge import Aspect, EntityType, ExtractionRun, Fact
from remen.core.serialize import cut, emit
from remen.core.wording import plural

if TYPE_CHECKING:
    from remen.core.models import VaultSync
    from remen.service import Remen

Command = Callable[["Remen", argparse.Namespace], None]
Register = Callable[[str, Command, str], argparse.ArgumentParser]

# How often `remen worker` looks for new notes when the queue is empty.
WORKER_POLL_SECONDS = 2.0


def describe_run(run: ExtractionRun) -> str:
    """One line on what an extraction run did."""
    parts = [f"{plural(run.done, 'note')} extracted"]
    if run.skipped:
        parts.append(f"{run.skipped} already current")
    if run.dropped:
        parts.append(f"{run.dropped} changed meanwhile (queued again)")
    if run.failed:
        parts.append(f"{run.failed} failed (retried later; see `remen doctor`)")
    if run.refined:
        parts.append(f"{run.refined} also read by the model server")
    if run.digests:
        parts.append(f"{run.digests} weekly digests rebuilt")
    if run.summaries:
        parts.append(f"{run.summaries} summed up by the model server")
    line = ", ".join(parts) + "."
    if run.llm_error:
        line += f"\nThe model server was left alone for now: {run.llm_error}"
    return line


def run_extraction(app: Remen, quiet: bool, refine: bool = True) -> ExtractionRun:
    """Drain the extraction queue with a progress bar on a terminal; with ``refine``, the notes
    queued for the model server too. Ctrl-C stops it even where Python swallows the interrupt (a
    finalizer, a callback): the run ends at its next batch and the interrupt is raised again."""
    from remen.core.progress import ProgressBar

    with ProgressBar() as bar, ctrl_c_stops() as stop:
        run = app.extract_pending(on_progress=None if quiet else bar, refine=refine, stop=stop)
    if stop.is_set():
        raise KeyboardInterrupt
    return run


@contextmanager
def ctrl_c_stops() -> Iterator[threading.Event]:
    """An event Ctrl-C sets besides interrupting what runs, for loops that check it at each turn: an
    interrupt that lands where Python swallows the exception (a finalizer, a callback) still ends
    them at their next turn."""
    stop = threading.Event()
    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, partial(interrupt, stop))
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


def cmd_worker(app: Remen, args: argparse.Namespace) -> None:
    if args.llm:
        queued, server = app.queue_for_llm()
        print(f"Queued {plural(queued, 'note')} for the model server ({server}).", file=sys.stderr)
    if args.once:
        run = run_extraction(app, args.json)
        if args.json:
            emit(run)
        else:
            print(describe_run(run))
        return
    # The folder's changes are embedded here, in the main thread, like the facts are read: loading
    # the model in the watcher's thread while this one loads its own raced on an import lock.
    stop_watching = app.watch_vault(
        lambda done: print(f"Linked folder: {describe_sync(done)}", file=sys.stderr),
        lambda exc: print(f"remen: linked folder: {exc}", file=sys.stderr),
    )
    print(
        "Extracting facts from new notes"
        + (" and syncing the linked folder" if stop_watching else "")
        + "; Ctrl-C stops.",
        file=sys.stderr,
    )
    try:
        with ctrl_c_stops() as stop:
            while not stop.is_set():
                if stop_watching is not None and app.pending_embeddings():
                    app.embed_pending(stop=stop)
                run = app.extract_pending(stop=stop)
                if run.done or run.failed or run.digests or run.refined:
                    print(describe_run(run), file=sys.stderr)
                stop.wait(WORKER_POLL_SECONDS)
    except KeyboardInterrupt:
        pass
    finally:
        if stop_watching is not None:
            stop_watching()
    print("Stopped. Notes not yet extracted stay queued.", file=sys.stderr)


def interrupt(stop: threading.Event, signum: int, frame: object) -> None:
    """Ctrl-C in `remen worker`: ask the loop to stop, and interrupt what it is doing."""
    stop.set()
    raise KeyboardInterrupt


def describe_sync(done: VaultSync) -> str:
    """One line on what a sync of the linked folder did."""
    line = (
        f"{done.added} new, {done.updated} updated, {done.moved} moved, {done.trashed} trashed,"
        f" {done.unchanged} unchanged."
    )
    return line + "".join(f"\n  {error}" for error in done.errors[:ERRORS_SHOWN])


# Problems listed after a sync or an import; the rest are counted.
ERRORS_SHOWN = 20


def fetch(limit: int) -> int | None:
    """How many to ask for to show ``limit`` and know whether more exist (0: all)."""
    return limit + 1 if limit > 0 else None


def cmd_entities(app: Remen, args: argparse.Namespace) -> None:
    found = cut(app.entities(EntityType(args.type) if args.type else None, fetch(args.limit)), args.limit, "entities")
    if args.json:
        emit(found)
        return
    if not found:
        print("No entities yet. Facts are extracted in the background (`remen worker --once` does it now).")
        return
    for e in found:
        aka = f"  (also {', '.join(a for a in e.aliases if a != e.name)})" if len(e.aliases) > 1 else ""
        print(f"{e.type.value:<12}  {e.name}{aka}  · {plural(e.notes, 'note')}, {plural(e.statements, 'fact')}")


def fact_line(fact: Fact) -> str:
    """One fact with its number and validity: '#12 me uses pnpm (since 10 Feb 2026; note …)'."""
    when = f"{'on' if fact.ended else 'since'} {fact.valid_at:%d %b %Y}"
    if fact.invalid_at is not None:
        when = f"{fact.valid_at:%d %b %Y} – {fact.invalid_at:%d %b %Y}, replaced"
    said = fact.triple_words() if fact.is_triple else f"“{fact.text}”"
    where = "set by you" if fact.by_user else f"note {', '.join(fact.note_ids) or '—'}"
    return f"#{fact.id} [{fact.aspect.value}] {said}  ({when}; {where})"


# `remen entity merge A B` and `remen entity rename A NEW`: the words after `entity` name an
# entity unless they are one of these with exactly two names after it.
ENTITY_ACTIONS = ("merge", "rename")


def cmd_entity(app: Remen, args: argparse.Namespace) -> None:
    if len(args.name) == 3 and args.name[0] in ENTITY_ACTIONS:
        action, first, second = args.name
        if action == "merge":
            detail = app.merge_entities(first, second)
            print(f"Merged {second!r} into {detail.name}: one entity from now on, also when notes are read again.")
        else:
            detail = app.rename_entity(first, second)
            print(f"Renamed {first!r} to {detail.name} (the old name still finds it).")
        if args.json:
            emit(detail)
        return
    detail = app.entity(" ".join(args.name))
    if args.json:
        emit(detail)
        return
    print(f"{detail.name} ({detail.type.value})")
    if len(detail.aliases) > 1:
        print(f"  also: {', '.join(a for a in detail.aliases if a != detail.name)}")
    for key, value in detail.attributes.items():
        print(f"  {key}: {value}")
    if detail.facts:
        print("Facts:")
        for fact in detail.facts:
            print("  " + fact_line(fact))
    print(f"Mentioned in {plural(len(detail.note_ids), 'note')}: {' '.join(detail.note_ids)}")


def cmd_facts(app: Remen, args: argparse.Namespace) -> None:
    aspect = Aspect(args.aspect) if args.aspect else None
    found = cut(app.facts(" ".join(args.entity) or None, aspect, args.history, fetch(args.limit)), args.limit, "facts")
    if args.json:
        emit(found)
        return
    if not found:
        print("No facts yet." + ("" if app.pending_extractions() == 0 else " Some notes are still being read."))
        return
    for fact in found:
        print(fact_line(fact))


def cmd_fact(app: Remen, args: argparse.Namespace) -> None:
    if args.action in ("forget", "restore"):
        if len(args.words) != 1 or not args.words[0].lstrip("#").isdigit():
            raise CorrectionError(f"Usage: remen fact {args.action} NUMBER (`remen facts` shows each fact's #number).")
        fact_id = int(args.words[0].lstrip("#"))
        if args.action == "forget":
            forgotten = app.forget_fact(fact_id)
            print(f"Forgot {fact_line(forgotten)}.\nReading its notes again will not bring it back.")
            print(f"Undo: remen fact restore {fact_id}")
        else:
            notes = app.restore_fact(fact_id)
            print(f"Restored #{fact_id}: {plural(notes, 'note')} read again.")
        return
    if len(args.words) != 3:
        raise CorrectionError('Usage: remen fact set ENTITY ATTRIBUTE VALUE (quote names with spaces: "Dana Scully").')
    fact = app.set_fact(*args.words)
    if args.json:
        emit(fact)
    else:
        print(f"Set: {fact_line(fact)}")


def cmd_labels(app: Remen, args: argparse.Namespace) -> None:
    found = app.labels()
    if args.json:
        emit([{"label": label.name, "notes": label.notes} for label in found])
        return
    for label in found:
        print(f"{label.notes:6}  {label.name}")


def print_answer(answer: Answer) -> None:
    """The answers first (with where they come from), then the notes the search found."""
    for item in answer.answers:
        told = "written" if item.source == "notes" else "as of"
        when = f" ({told} {item.as_of:%d %b %Y})" if item.as_of else ""
        source = f"  — note {', '.join(item.note_ids[:3])}" if item.note_ids else ""
        print(f"{item.text}{when}{source}")
        if item.sentence and item.sentence != item.text:
            print(f"    “{item.sentence}”")
        for old in item.earlier:
            until = f" until {old.invalid_at:%d %b %Y}" if old.invalid_at else ""
            print(f"    earlier: {old.target}{until}  — note {', '.join(old.note_ids)}")
    if answer.not_found:
        print(answer.not_found)
    if answer.unread_notes:
        unread = plural(answer.unread_notes, "note")
        print(f"({unread} not read into the graph yet: `remen worker --once` reads them)")
    if answer.notes:
        print(f"Notes ({len(answer.notes)}):")
        for hit in answer.notes[:10]:
            print(f"  {hit.note_id}  {hit.created:%Y-%m-%d}  {hit.title}")


def cmd_ask(app: Remen, args: argparse.Namespace) -> None:
    from remen.core.timeutil import parse_iso

    answer = app.ask(" ".join(args.question), now=parse_iso(args.now) if args.now else None)
    if args.max_tokens:
        answer = answer.within(args.max_tokens)
    if args.json:
        emit(answer)
    else:
        print_answer(answer)


def add_memory_commands(add: Register) -> None:
    """Register the memory commands on the CLI's parser."""
    p = add("worker", cmd_worker, "extract facts from notes into the knowledge graph (runs until stopped)")
    p.add_argument("--once", action="store_true", help="extract every pending note, then exit")
    p.add_argument("--llm", action="store_true", help="queue every note the model server has not read yet")
    p = add("entities", cmd_entities, "people, places, tools… your notes mention")
    p.add_argument("--type", choices=[t.value for t in EntityType])
    p.add_argument("--limit", type=int, default=LISTING_LIMIT, help=f"list at most N (default {LISTING_LIMIT}; 0: all)")
    p = add(
        "entity",
        cmd_entity,
        "what your notes say about one entity; `entity merge A B` makes B part of A, `entity rename A NEW`",
    )
    p.add_argument("name", nargs="+")
    p = add(
        "fact",
        cmd_fact,
        "correct the facts: `fact forget N`, `fact restore N` (undo), `fact set ENTITY ATTRIBUTE VALUE`",
    )
    p.add_argument("action", choices=["forget", "restore", "set"])
    p.add_argument("words", nargs="*", metavar="ARG")
    p = add("facts", cmd_facts, "facts extracted from your notes (current ones; --history for all)")
    p.add_argument("entity", nargs="*")
    p.add_argument("--aspect", choices=[a.value for a in Aspect])
    p.add_argument("--history", action="store_true", help="include facts later notes replaced")
    p.add_argument("--limit", type=int, default=LISTING_LIMIT, help=f"list at most N (default {LISTING_LIMIT}; 0: all)")
    add("labels", cmd_labels, "topic labels of your notes")
    p = add("ask", cmd_ask, "answer a question from what your notes say (with the notes to back it)")
    p.add_argument("question", nargs="+")
    p.add_argument("--now", help="pretend the time is this ISO 8601 moment")
    p.add_argument("--max-tokens", type=int, help="trim answers and notes to about this many tokens (for agents)")
