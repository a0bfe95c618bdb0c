"""The `remen` command. Thin: parse arguments, call the service, print."""

from __future__ import annotations

import argparse
import logging
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from remen.cli.memory import add_memory_commands
from remen.cli.search import cmd_explain, cmd_related, cmd_saved, cmd_search
from remen.cli.upkeep import (
    CONFIG_HELP,
    cmd_config,
    cmd_doctor,
    cmd_export,
    cmd_import,
    cmd_mcp,
    cmd_reindex,
    cmd_vault,
    recover,
)
from remen.core.errors import RemenError
from remen.core.logs import setup_logging
from remen.core.serialize import emit
from remen.core.wording import plural

if TYPE_CHECKING:
    from remen.core.models import Note
    from remen.service import Remen

EXIT_ERROR = 1
EXIT_INTERRUPTED = 130


def short_date(note: Note) -> str:
    """YYYY-MM-DD of a note's creation."""
    return note.created.strftime("%Y-%m-%d")


def note_line(note: Note) -> str:
    """One line of `remen list`."""
    in_title = note.title.lower().split()
    tags = " ".join(f"#{t}" for t in note.tags if f"#{t}" not in in_title)
    flags = (" [archived]" if note.archived else "") + (" [trash]" if note.deleted else "")
    return f"{note.id}  {short_date(note)}  {note.title}{flags}  {tags}".rstrip()


def read_stdin_text() -> str:
    """Standard input as text; anything but UTF-8 is decoded as well as it can be and reported."""
    from remen.core.text import decode_text

    text, encoding = decode_text(sys.stdin.buffer.read())
    if encoding == "cp1252":
        print("remen: input was not UTF-8; read it as Windows-1252 (Latin-1)", file=sys.stderr)
    elif encoding == "replaced":
        print("remen: input was not valid UTF-8; undecodable bytes were replaced with �", file=sys.stderr)
    return text


def cmd_add(app: Remen, args: argparse.Namespace) -> None:
    body = " ".join(args.text) if args.text else ("" if sys.stdin.isatty() else read_stdin_text())
    tags = [t for chunk in (args.tags or []) for t in chunk.replace(",", " ").split()]
    note = app.add(body, title=args.title, tags=tags, embed=not args.no_embed)
    if args.json:
        emit(note)
    else:
        print(f"Saved {note.id}  {note.title}")


def cmd_show(app: Remen, args: argparse.Namespace) -> None:
    note = app.get(args.id)
    if args.json:
        emit(note)
        return
    print(note_line(note))
    print(f"created {note.created:%Y-%m-%d %H:%M}  updated {note.updated:%Y-%m-%d %H:%M}")
    print()
    print(note.body)


def editor_command() -> tuple[str, str]:
    """The user's editor command and the variable it came from."""
    for variable in ("VISUAL", "EDITOR"):
        value = os.environ.get(variable)
        if value and value.strip():
            return value, f"${variable}"
    return "vi", "the default"


def cmd_edit(app: Remen, args: argparse.Namespace) -> None:
    note = app.get(args.id)
    editor, source = editor_command()
    fd, name = tempfile.mkstemp(prefix=f"remen-{note.id}-", suffix=".md")
    # A file ends with a newline, so a line the editor appends is not glued to the last word.
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(note.body if note.body.endswith("\n") else note.body + "\n")
    try:
        result = subprocess.run([*shlex.split(editor), name], check=False)
    except (OSError, ValueError) as exc:
        os.unlink(name)
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RemenError(
            f"Could not start the editor {editor!r} ({source}): {reason}. "
            "Set EDITOR to an installed editor, for example: EDITOR=nano remen edit ID"
        ) from exc
    text = Path(name).read_text(encoding="utf-8", errors="replace")
    if result.returncode != 0:
        raise RemenError(f"{editor} exited with {result.returncode}; your text is kept in {name}")
    # Editors add or keep a final newline; that alone is no change worth a new version.
    if text.rstrip("\n") == note.body.rstrip("\n"):
        os.unlink(name)
        print("No changes.")
        return
    if not note.body.endswith("\n"):
        text = text.rstrip("\n")
    try:
        updated = app.update(note.id, body=text)
    except RemenError as exc:
        raise RemenError(f"{exc} Your text is kept in {name}") from exc
    os.unlink(name)
    print(f"Saved {updated.id}  {updated.title}")


def cmd_rename(app: Remen, args: argparse.Namespace) -> None:
    """Give a note a new title without opening it."""
    before = app.get(args.id).title
    note = app.rename(args.id, " ".join(args.title))
    if args.json:
        emit(note)
        return
    print(f"Renamed: {before} → {note.title}  ({note.id}; the old title is in `remen history {note.id}`)")


def cmd_links(app: Remen, args: argparse.Namespace) -> None:
    """Where a note's `[[links]]` lead and which notes link to it."""
    links = app.links(args.id)
    if args.json:
        emit(links)
        return
    print("Links to:" if links.to else "Links to: none")
    for link in links.to:
        print(f"  {link.note_id or '(no note yet)':<14}  {link.title}")
    print("Linked from:" if links.linked_from else "Linked from: none")
    for link in links.linked_from:
        print(f"  {link.note_id:<14}  {link.title}")


def cmd_backlinks(app: Remen, args: argparse.Namespace) -> None:
    """The notes that link to a note (`remen links` shows both ways)."""
    linked_from = app.links(args.id).linked_from
    if args.json:
        emit(list(linked_from))
        return
    for link in linked_from:
        print(f"{link.note_id:<14}  {link.title}")


def cmd_history(app: Remen, args: argparse.Namespace) -> None:
    note = app.get(args.id)
    if args.restore and args.number is None:
        raise RemenError(
            f"Which version? `remen history {note.id}` lists them; then `remen history {note.id} N --restore`."
        )
    if args.restore:
        restored = app.restore_revision(note.id, args.number)
        if args.json:
            emit(restored)
            return
        print(f"Restored version {args.number} of {restored.id}  {restored.title}")
        print(f"The text it replaced is now version 1: `remen history {restored.id} 1 --restore` undoes this.")
        return
    if args.number is not None:
        revision = app.revision(note.id, args.number)
        if args.json:
            emit(revision.to_dict())
        else:
            print(revision.body)
        return
    revisions = app.revisions(note.id)
    if args.json:
        emit(
            [
                {"number": i, "title": r.title, "saved": r.saved.isoformat(), "chars": len(r.body)}
                for i, r in enumerate(revisions, start=1)
            ]
        )
        return
    if not revisions:
        print(f"{note.id} has no earlier versions.")
    for i, revision in enumerate(revisions, start=1):
        print(f"{i:3}  replaced {revision.saved:%Y-%m-%d %H:%M}  {len(revision.body):6} chars  {revision.title}")
    if revisions:
        print(f"Print one with: remen history {note.id} N; bring it back with: remen history {note.id} N --restore")


def cmd_list(app: Remen, args: argparse.Namespace) -> None:
    notes = app.list_notes(tag=args.tag, archived=args.archived, trash=args.trash, limit=args.limit)
    if args.json:
        emit(notes)
        return
    if not notes:
        print("No notes." if not (args.archived or args.trash) else "Nothing here.")
    for note in notes:
        print(note_line(note))


def flag_command(action: str) -> Callable[[Remen, argparse.Namespace], None]:
    """A command that applies one service action to each id and reports it."""
    past = {"delete": "Moved to trash", "restore": "Restored", "archive": "Archived", "unarchive": "Unarchived"}

    def run(app: Remen, args: argparse.Namespace) -> None:
        notes = [getattr(app, action)(note_id) for note_id in args.ids]
        if args.json:
            emit(notes)
            return
        for note in notes:
            print(f"{past[action]}: {note.id}  {note.title}")
        if action == "delete":
            print("Undo with: remen restore " + " ".join(n.id for n in notes))

    return run


def confirmed(question: str, yes: bool) -> bool:
    """``yes`` (--yes), or the person typed y at the prompt; with no terminal to ask, no."""
    if yes:
        return True
    if not sys.stdin.isatty():
        print(f"{question} Not asked without a terminal: add --yes to confirm.", file=sys.stderr)
        return False
    return input(f"{question} [y/N] ").strip().lower() in ("y", "yes")


def cmd_purge(app: Remen, args: argparse.Namespace) -> None:
    if args.trash:
        count = app.counts()["trash"]
        if not count:
            print("The trash is empty.")
        elif confirmed(f"Delete {plural(count, 'note')} in the trash for good? This cannot be undone.", args.yes):
            print(f"Deleted {plural(app.empty_trash(), 'note')} from the trash for good.")
        else:
            print("Nothing deleted.")
        return
    if not args.ids:
        raise RemenError("Which notes? `remen purge ID…` (trashed notes), or `remen purge --trash` for all of them.")
    notes = [app.get(note_id) for note_id in args.ids]
    for note in notes:
        if not note.deleted:
            raise RemenError(f"{note.id} is not in the trash; `remen rm {note.id}` first (purge cannot be undone).")
    titles = ", ".join(f"{n.id} {n.title}" for n in notes)
    if not confirmed(f"Delete for good: {titles}? This cannot be undone.", args.yes):
        print("Nothing deleted.")
        return
    for note in notes:
        app.purge(note.id)
        print(f"Deleted for good: {note.id}  {note.title}")


def cmd_tags(app: Remen, args: argparse.Namespace) -> None:
    tags = app.tags()
    if args.json:
        emit([{"tag": t, "count": n} for t, n in tags])
        return
    for tag, count in tags:
        print(f"{count:6}  #{tag}")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every command."""

    def common_options(default: object) -> argparse.ArgumentParser:
        # The same options before or after the command; after it they must not reset the value before it.
        common = argparse.ArgumentParser(add_help=False)
        common.add_argument(
            "--db", default=default, help="database file (default: REMEN_DB, REMEN_HOME or the data folder)"
        )
        common.add_argument("--json", action="store_true", default=default or False, help="print data as JSON")
        return common

    parser = argparse.ArgumentParser(
        prog="remen",
        parents=[common_options(None)],
        description="Local-first notes with instant, offline search. Without a command, opens the terminal UI.",
    )
    common = common_options(argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command")

    def add(name: str, handler: Callable[[Remen, argparse.Namespace], None], help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, parents=[common], help=help_text, description=help_text)
        p.set_defaults(handler=handler)
        return p

    p = add("add", cmd_add, "add a note (text from arguments or standard input)")
    p.add_argument("text", nargs="*")
    p.add_argument("--title")
    p.add_argument("--tags", action="append", help="comma or space separated")
    p.add_argument("--no-embed", action="store_true", help="save without loading the model")
    add("show", cmd_show, "print a note").add_argument("id")
    add("edit", cmd_edit, "edit a note in $EDITOR").add_argument("id")
    p = add("rename", cmd_rename, "give a note a new title (a first line that was the title says it too)")
    p.add_argument("id")
    p.add_argument("title", nargs="+")
    add("links", cmd_links, "where a note's [[Title]] links lead, and the notes that link to it").add_argument("id")
    add("backlinks", cmd_backlinks, "the notes that link to a note").add_argument("id")
    p = add("history", cmd_history, "earlier versions of a note (newest first); N prints one")
    p.add_argument("id")
    p.add_argument("number", nargs="?", type=int, metavar="N")
    p.add_argument("--restore", action="store_true", help="make version N the note's text again (undoable)")
    p = add("list", cmd_list, "list notes, newest first")
    p.add_argument("--tag")
    p.add_argument("--archived", action="store_true")
    p.add_argument("--trash", action="store_true")
    p.add_argument("--limit", type=int, default=None)
    for name, action, help_text in [
        ("rm", "delete", "move notes to the trash"),
        ("restore", "restore", "bring notes back from the trash"),
        ("archive", "archive", "archive notes"),
        ("unarchive", "unarchive", "unarchive notes"),
    ]:
        add(name, flag_command(action), help_text).add_argument("ids", nargs="+", metavar="ID")
    p = add("purge", cmd_purge, "delete trashed notes for good")
    p.add_argument("ids", nargs="*", metavar="ID")
    p.add_argument("--trash", action="store_true", help="empty the whole trash")
    p.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    add("tags", cmd_tags, "list tags with counts")
    p = add("import", cmd_import, "import a .jsonl export, a .md/.txt file or a folder")
    p.add_argument("path")
    p.add_argument("--no-wait", action="store_true", help="store notes now; embed and extract facts later")
    p = add("vault", cmd_vault, "a folder of Markdown files kept in step with your notes: link DIR, sync, status")
    p.add_argument("action", choices=["link", "sync", "status", "unlink"], nargs="?", default="status")
    p.add_argument("folder", nargs="?", metavar="DIR")
    p.add_argument("--no-wait", action="store_true", help="store notes now; embed and extract facts later")
    p = add("export", cmd_export, "export notes as JSON Lines (default) or Markdown")
    p.add_argument("dest", nargs="?")
    p.add_argument("--format", choices=["jsonl", "md"], default="jsonl")
    p.add_argument("--no-history", action="store_true", help="leave out each note's earlier versions (JSON Lines)")
    p = add("search", cmd_search, "search by keyword, meaning and time")
    p.add_argument("query", nargs="*")
    p.add_argument("--saved", metavar="NAME", help="run a saved search (words after it narrow it)")
    p.add_argument("--limit", type=int, default=20)
    p.add_argument("--now", help="pretend the time is this ISO 8601 moment (for scripts and tests)")
    p.add_argument("--archived", action="store_true", help="include archived notes")
    p.add_argument("--trash", action="store_true", help="include notes in the trash")
    p = add("saved", cmd_saved, "saved searches: list them, `add NAME QUERY…`, `rm NAME`")
    p.add_argument("action", choices=["list", "add", "rm"], nargs="?", default="list")
    p.add_argument("words", nargs="*", metavar="NAME/QUERY")
    p = add("mcp", cmd_mcp, "serve your notes to AI agents over the Model Context Protocol (stdio)")
    p.add_argument("--allow-writes", action="store_true", help="let agents add notes and append to them")
    p = add("explain", cmd_explain, "show how a query is understood, without searching")
    p.add_argument("query", nargs="+")
    p.add_argument("--now")
    p = add("related", cmd_related, "notes closest in meaning to a note")
    p.add_argument("id")
    p.add_argument("--limit", type=int, default=5)
    p = add("doctor", cmd_doctor, "check the database and the model")
    p.add_argument(
        "--recover", action="store_true", help="copy what can be read from a damaged database into a new file beside it"
    )
    p = add("reindex", cmd_reindex, "embed notes that lack vectors (--full: rebuild everything)")
    p.add_argument("--full", action="store_true")
    # Settings are read and written without opening the database (it may be the broken part).
    p = sub.add_parser("config", parents=[common], help=CONFIG_HELP, description=CONFIG_HELP)
    p.set_defaults(standalone=cmd_config)
    p.add_argument("action", choices=["get", "set", "unset"], nargs="?", default="get")
    p.add_argument("values", nargs="*", help="get: keys; set: KEY VALUE pairs; unset: keys")
    add_memory_commands(add)
    return parser


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the `remen` command."""
    parser = build_parser()
    args = parser.parse_args(argv)
    log_file = setup_logging()
    try:
        from remen.service import Remen

        if args.command is None:
            from remen.tui.app import run_app

            run_app(args.db)
            return
        if args.command == "doctor" and args.recover:
            recover(args)
            return
        standalone = getattr(args, "standalone", None)
        if standalone is not None:
            standalone(args)
            return
        with Remen.open(args.db) as app:
            for notice in app.notices:
                print(f"remen: {notice}", file=sys.stderr)
            args.handler(app, args)
            for problem in app.vault_problems():
                print(f"remen: linked folder: {problem}", file=sys.stderr)
    except RemenError as exc:
        print(f"remen: {exc}", file=sys.stderr)
        sys.exit(EXIT_ERROR)
    except KeyboardInterrupt:
        print("\nremen: interrupted. The database is consistent; run the command again to finish.", file=sys.stderr)
        sys.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        sys.stderr.close()
    except Exception as exc:
        logging.getLogger("remen.cli").exception("remen %s failed", args.command)
        where = f"; details in {log_file}" if log_file else ""
        print(f"remen: unexpected error: {type(exc).__name__}: {exc}{where}", file=sys.stderr)
        sys.exit(EXIT_ERROR)
