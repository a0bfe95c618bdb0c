"""The upkeep commands of `remen`: import, export, doctor (and recovery), config, reindex, mcp."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from remen.cli.memory import describe_run, describe_sync, run_extraction
from remen.core.errors import ConfigError, RemenError
from remen.core.logs import log_path
from remen.core.private import open_private
from remen.core.serialize import emit, plain
from remen.core.wording import plural

if TYPE_CHECKING:
    from remen.core.models import DoctorReport
    from remen.service import Remen


def cmd_import(app: Remen, args: argparse.Namespace) -> None:
    from remen.core.progress import ProgressBar

    with ProgressBar() as bar:
        summary = app.import_path(args.path, embed=not args.no_wait, on_progress=None if args.json else bar)
    # Facts are read after the notes are stored and embedded: the import itself is already safe.
    extraction = None if args.no_wait else run_extraction(app, args.json, refine=False)
    if args.json:
        emit({**plain(summary), "stored": summary.stored, "extraction": extraction})
        return
    print(
        f"Imported {plural(summary.stored, 'note')}: {summary.added} new, {summary.updated} updated, "
        f"{summary.unchanged} unchanged."
    )
    skipped = summary.skipped_binary + summary.skipped_empty
    if skipped:
        print(f"Skipped {skipped}: {summary.skipped_binary} binary, {summary.skipped_empty} empty.")
    if summary.decoded_cp1252:
        print(f"{plural(summary.decoded_cp1252, 'file')} not in UTF-8 read as Windows-1252 (Latin-1).")
    if summary.replaced_utf8:
        print(f"{plural(summary.replaced_utf8, 'file')} had invalid UTF-8 (bytes replaced with �).")
    for error in summary.errors[:20]:
        print(f"  {error}", file=sys.stderr)
    if len(summary.errors) > 20:
        print(f"  … and {len(summary.errors) - 20} more", file=sys.stderr)
    if summary.pending_embeddings:
        print(
            f"{plural(summary.pending_embeddings, 'note')} still need embeddings: run `remen reindex` or open the app."
        )
    if extraction is not None:
        print(f"Facts: {describe_run(extraction)}")


def cmd_vault(app: Remen, args: argparse.Namespace) -> None:
    """`remen vault link DIR | sync | status | unlink`."""
    from remen.core.progress import ProgressBar

    if args.action == "status":
        show_vault_status(app, args.json)
        return
    if args.action == "unlink":
        folder = app.unlink_vault()
        if args.json:
            emit({"unlinked": str(folder)})
            return
        print(f"Unlinked {folder}; its notes stay in Remen, and the files are left as they are.")
        return
    if args.action == "link" and not args.folder:
        raise RemenError("Which folder? remen vault link DIR")
    if args.action == "sync" and args.folder:
        raise RemenError("`remen vault sync` takes no folder: it syncs the linked one")
    with ProgressBar() as bar:
        progress = None if args.json else bar
        embed = not args.no_wait
        done = (
            app.link_vault(args.folder, progress, embed) if args.action == "link" else app.sync_vault(progress, embed)
        )
    extraction = None if args.no_wait or not done.changed else run_extraction(app, args.json, refine=False)
    if args.json:
        emit({**plain(done), "extraction": extraction})
        return
    verb = "Linked" if args.action == "link" else "Synced"
    print(f"{verb} {done.folder}: {describe_sync(done)}")
    if done.exported:
        print(f"Wrote {plural(done.exported, 'note')} the folder did not hold as new files in it.")
    if done.skipped:
        print(f"Skipped {plural(done.skipped, 'file')} that cannot be notes (binary or empty).")
    if done.conflicts:
        print(CONFLICT_ADVICE.format(files=plural(done.conflicts, "conflict file")))
    if extraction is not None:
        print(f"Facts: {describe_run(extraction)}")


CONFLICT_ADVICE = (
    "{files} ('… (conflict from remen DATE).md'): a note changed in the folder and in Remen;"
    " both texts are kept, merge them and delete the copy."
)


def show_vault_status(app: Remen, as_json: bool) -> None:
    """The linked folder, its files and notes, and what a sync would do."""
    status = app.vault_status()
    if as_json:
        emit({**plain(status), "pending": status.pending})
        return
    if status.folder is None:
        print("No folder is linked. Link one with `remen vault link DIR`.")
        return
    print(f"Folder: {status.folder}")
    print(f"Files: {status.files}   notes: {status.notes}")
    if status.pending:
        print(
            f"Waiting for a sync: {status.new} new, {status.changed} changed, {status.gone} gone"
            " (`remen vault sync`, or open the app)."
        )
    else:
        print("In step: nothing waits for a sync.")
    if status.conflicts:
        print(CONFLICT_ADVICE.format(files=plural(status.conflicts, "conflict file")))


def cmd_export(app: Remen, args: argparse.Namespace) -> None:
    if args.format == "md":
        if not args.dest:
            raise RemenError("Markdown export needs a folder: remen export --format md FOLDER")
        count = app.export_markdown(args.dest)
        print(f"Wrote {plural(count, 'note')} to {args.dest}", file=sys.stderr)
        return
    history = not args.no_history
    if args.dest:
        with open_private(Path(args.dest)) as fh:
            count = app.export_jsonl(fh, history)
        print(f"Wrote {plural(count, 'note')} to {args.dest}", file=sys.stderr)
    else:
        app.export_jsonl(sys.stdout, history)


def cmd_doctor(app: Remen, args: argparse.Namespace) -> None:
    report = app.doctor()
    if args.json:
        emit(report)
    else:
        print_doctor(report)
    if report.advice:
        raise RemenError(report.advice)
    troubles = report.troubles()
    if troubles:
        raise RemenError(f"doctor found a problem with {', '.join(troubles)} (see above).")


def print_doctor(report: DoctorReport) -> None:
    """The health report as aligned lines."""
    notes = report.notes
    print(f"database      {report.database}  (integrity: {report.integrity})")
    print(f"sqlite        {report.sqlite}  sqlite-vec {report.sqlite_vec}")
    print(f"notes         {notes['live']} live, {notes['archived']} archived, {notes['trash']} in the trash")
    print(f"model         {'ok' if report.model.ok else 'PROBLEM'}: {report.model.message}")
    if not report.model.ok:
        print(f"              using {report.model.embedder}; search by meaning is degraded.")
        print("              Reinstall Remen (or restore assets/models) to get the real model back.")
    by_model = ", ".join(f"{n} by {ns}" for ns, n in report.embedded.items()) or "none"
    print(f"embedded      {by_model}; waiting: {report.pending_embeddings}")
    print(f"jobs          {', '.join(f'{n} {status}' for status, n in report.jobs.items()) or 'none'}")
    memory = report.memory
    if memory:
        print(
            f"memory        {memory['extracted_notes']} notes read: {memory['entities']} entities, "
            f"{memory['statements']} facts, {memory['labels']} labels; waiting: {memory['pending']}"
        )
    print_llm_health(report.llm)
    vault = report.vault
    if vault is not None and vault.folder is not None:
        state = "MISSING" if not vault.present else f"{vault.files} files, {vault.notes} notes, {vault.pending} waiting"
        print(f"vault         {vault.folder} ({state})")
        if vault.conflicts:
            print(f"              {vault.conflicts} conflict file(s) '… (conflict from remen DATE).md': merge them")
    print(f"log           {log_path()}")
    for problem in report.problems[:20]:
        note = f" note {problem.note_id}" if problem.note_id else ""
        tries = f" after {plural(problem.attempts, 'attempt')}" if problem.attempts > 1 else ""
        print(f"problem       {problem.task}{note} failed{tries}: {problem.error}")
    if len(report.problems) > 20:
        print(f"              … and {len(report.problems) - 20} more")


CONFIG_HELP = "show or change settings: config set llm.url URL llm.model NAME [llm.api ollama|openai]"


def cmd_config(args: argparse.Namespace) -> None:
    """`remen config set K V [K V…] | get [K] | unset K…`: settings kept in the config file."""
    from remen.core.config import (
        CONFIG_KEYS,
        DATE_ORDER_KEY,
        SETTING_ENV,
        VAULT_PATH_KEY,
        config_path,
        date_order,
        read_config,
        write_config,
    )

    values = args.values
    if VAULT_PATH_KEY in values:
        show_vault_path(args)
        return
    if args.action == "set":
        if not values or len(values) % 2:
            raise ConfigError("`remen config set` takes pairs: KEY VALUE [KEY VALUE …].")
        stored = write_config(dict(zip(values[::2], values[1::2], strict=True)))
    elif args.action == "unset":
        if not values:
            raise ConfigError("`remen config unset` takes the keys to remove.")
        stored = write_config(dict.fromkeys(values))
        if {"llm.url", "llm.model"} & set(values):
            drop_llm_queue(args)
    else:
        stored = read_config()
    shown = [k for k in values if k in CONFIG_KEYS] if args.action == "get" and values else CONFIG_KEYS
    if args.json:
        emit({"file": str(config_path()), "settings": {k: stored.get(k) for k in shown}})
        return
    width = max(map(len, CONFIG_KEYS))
    for key in shown:
        overridden = os.environ.get(SETTING_ENV[key])
        note = f"  (overridden by {SETTING_ENV[key]}={overridden})" if overridden else ""
        if key == DATE_ORDER_KEY and key not in stored and not overridden:
            note = f"  ({date_order()}, the system locale's order)"
        print(f"{key:<{width}} {stored.get(key, '—')}{note}")
    print(f"(in {config_path()})")


def show_vault_path(args: argparse.Namespace) -> None:
    """`remen config get vault.path`: the database's linked folder (set by `remen vault link`)."""
    from remen.service import Remen

    if args.action != "get":
        raise ConfigError("vault.path belongs to the database: `remen vault link DIR` or `remen vault unlink`.")
    with Remen.open(args.db) as app:
        folder = app.vault_folder()
    if args.json:
        emit({"database": str(app.settings.db_path), "settings": {"vault.path": str(folder) if folder else None}})
        return
    print(f"vault.path {folder or '—'}")


def drop_llm_queue(args: argparse.Namespace) -> None:
    """With the model server unset, the notes queued for it are dropped (and said so)."""
    from remen.service import Remen

    with Remen.open(args.db) as app:
        dropped = app.drop_llm_queue()
    if dropped:
        print(f"Dropped {plural(dropped, 'note')} queued for the model server.", file=sys.stderr)


def print_llm_health(llm: dict[str, object] | None) -> None:
    """The model server's line of `remen doctor`."""
    if llm is None:
        print("llm           none configured: facts come from the built-in extractor (see README: LLM extraction)")
        return
    if "server" not in llm:
        print(f"llm           PROBLEM: {llm['error']}")
        return
    if not llm["reachable"]:
        print(f"llm           {llm['server']}: unreachable ({llm['error']}); the built-in extractor carries on")
        return
    if llm["error"]:
        print(f"llm           {llm['server']}: PROBLEM: {llm['error']}")
        return
    print(f"llm           {llm['server']}: ok, a tiny request took {llm['latency_ms']} ms")


def recover(args: argparse.Namespace) -> None:
    """`remen doctor --recover`: salvage a damaged database without opening it for writing."""
    from remen.service import recover_database

    report = recover_database(args.db)
    if args.json:
        emit(
            {
                "source": str(report.source),
                "target": str(report.target),
                "notes": report.notes,
                "revisions": report.revisions,
                "problems": report.problems,
            }
        )
        return
    for problem in report.problems[:20]:
        print(f"  {problem}", file=sys.stderr)
    print(
        f"Recovered {plural(report.notes, 'note')} and {plural(report.revisions, 'earlier version')} "
        f"into {report.target}"
    )
    print(f"{report.source} was left as it was. Look at the copy with: remen --db {report.target} list")
    print(
        f"When it looks right, put it in place: mv {report.source} {report.source}.damaged && "
        f"mv {report.target} {report.source}"
    )


def cmd_reindex(app: Remen, args: argparse.Namespace) -> None:
    from remen.core.progress import ProgressBar

    with ProgressBar() as bar:
        chunks = app.reindex(bar) if args.full else app.embed_pending(bar)
    print(f"Embedded {plural(chunks, 'chunk')} with {app.embedder.description}.")


def cmd_mcp(app: Remen, args: argparse.Namespace) -> None:
    from remen.mcp_server import serve

    serve(app, args.allow_writes)
