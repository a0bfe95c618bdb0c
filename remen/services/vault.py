"""A linked vault: a folder of Markdown files kept in step with the notes.

A sync reads only the files whose stat changed since the last one; a new file becomes a note (the
same id `remen import` gives it, so a folder imported before is linked, not copied), a changed
file updates its note (its old text kept as a revision), a file moved or renamed keeps its note
(matched by content), and a deleted file trashes its note. Every write goes through the note
writer, a batch at a time, like an import.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from remen.core.constants import IMPORT_BATCH
from remen.core.errors import VaultError
from remen.core.models import ImportSummary, NoteDraft, VaultStatus, VaultSync
from remen.core.progress import Progress, ProgressCallback
from remen.core.text import normalise_tag, stable_id
from remen.core.timeutil import from_epoch
from remen.notes.transfer.importer import SourceFile, draft_from_bytes
from remen.notes.vault_files import CONFLICT_MARK, folder_status
from remen.notes.vault_scan import FileStat, compare, content_hash, read_settled, scan
from remen.services.context import Context
from remen.services.upkeep import UpkeepService
from remen.services.vault_watch import VaultWatcher
from remen.store import notes as note_store
from remen.store import vault as vault_store
from remen.store.vault import VaultFile

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class FileRead:
    """A vault file read for writing: its stat and content hash, and its note as a draft."""

    stat: FileStat
    file_hash: str
    draft: NoteDraft


class VaultService:
    """`remen vault link/sync/status/unlink`, and the sync the app and the worker run."""

    def __init__(self, context: Context, upkeep: UpkeepService) -> None:
        """Keep ``context``'s notes in step with its linked folder (``upkeep`` embeds new text)."""
        self.context = context
        self.upkeep = upkeep

    def watch(
        self, on_synced: Callable[[VaultSync], object], on_error: Callable[[Exception], object], embed: bool = False
    ) -> Callable[[], None] | None:
        """Keep the notes in step with the linked folder from now on (file events and a periodic
        stat scan, in a thread of their own; ``embed``: embed new text in each sync). Returns the
        function that stops it, or None when no folder is linked."""
        root = self.folder()
        if root is None:
            return None
        watcher = VaultWatcher(root, lambda: self.sync(embed=embed), on_synced, on_error)
        watcher.start()
        return watcher.stop

    def problems(self) -> list[str]:
        """What went wrong writing notes back to the folder since last asked (each said once)."""
        return self.context.writer.take_problems()

    def folder(self) -> Path | None:
        """The linked folder, or None."""
        with self.context.store.read() as conn:
            path = vault_store.vault_path(conn)
        return Path(path) if path else None

    def link(
        self, folder: str | os.PathLike[str], on_progress: ProgressCallback | None = None, embed: bool = True
    ) -> VaultSync:
        """Link a folder of Markdown/text files (one per database) and read it in (embedding the
        notes unless ``embed`` is off)."""
        root = Path(folder).expanduser().resolve()
        if not root.is_dir():
            raise VaultError(f"{root} is not a folder")
        linked = self.folder()
        if linked is not None and linked != root:
            raise VaultError(f"This database is linked to {linked}; run `remen vault unlink` first")
        with self.context.store.transaction() as conn:
            vault_store.set_vault_path(conn, str(root))
        done = self.sync(on_progress, embed)
        # The notes the folder does not hold become files in it: the folder holds every note.
        written = self.context.writer.files.write_back([], everything=True)
        done.exported = written.written
        done.errors.extend(written.problems)
        return done

    def unlink(self) -> Path:
        """Let the linked folder go; its notes stay (as notes of the database only)."""
        linked = self.linked()
        with self.context.store.transaction() as conn:
            vault_store.set_vault_path(conn, None)
        return linked

    def linked(self) -> Path:
        """The linked folder; an error that says what to do when there is none or it is gone."""
        root = self.folder()
        if root is None:
            raise VaultError("No folder is linked; link one with `remen vault link DIR`")
        if not root.is_dir():
            raise VaultError(f"The linked folder {root} is missing; reconnect it or `remen vault unlink`")
        return root

    def status(self) -> VaultStatus:
        """The linked folder at a glance, by stat only (nothing is read or written)."""
        return folder_status(self.context.store)

    def sync(self, on_progress: ProgressCallback | None = None, embed: bool = True) -> VaultSync:
        """One pass over the linked folder: read the files whose stat changed, write their notes,
        trash the notes of deleted files; then embed the new text unless ``embed`` is off."""
        root = self.linked()
        with self.context.store.read() as conn:
            known = vault_store.vault_files(conn)
        files = scan(root)
        changes = compare(files, known)
        result = VaultSync(str(root), unchanged=changes.unchanged)
        result.conflicts = sum(CONFLICT_MARK in path for path in files)
        if not changes.pending:
            return result
        reads, touched, moved_from = self.read_changed(root, files, known, changes.new + changes.changed, result)
        self.write(reads, result, on_progress)
        gone = [path for path in changes.gone if path not in moved_from]
        with self.context.store.transaction() as conn:
            vault_store.record_files(conn, touched)
            vault_store.forget_files(conn, [*gone, *moved_from])
        self.trash_gone(gone, known, result)
        if embed and (result.added or result.updated or result.moved):
            result.embedded_chunks = self.upkeep.embed_pending(on_progress)
        logger.info("vault sync of %s: %s", root, result)
        return result

    def read_changed(
        self,
        root: Path,
        files: dict[str, FileStat],
        known: dict[str, VaultFile],
        paths: list[str],
        result: VaultSync,
    ) -> tuple[list[FileRead], list[VaultFile], set[str]]:
        """Read the files whose stat changed: those whose content did not change only need their
        stat remembered (``touched``); the others become drafts of their notes. A new file with
        the content of a file gone is that file moved: it keeps the note (``moved_from`` holds
        the old paths)."""
        gone_by_hash = {f.file_hash: f for p, f in known.items() if p not in files and f.nid is not None}
        summary = ImportSummary()
        read: list[tuple[FileStat, str, NoteDraft, int | None]] = []
        touched: list[VaultFile] = []
        moved_from: set[str] = set()
        for path in paths:
            try:
                data, stat = read_settled(root, files[path])
            except OSError as exc:
                result.errors.append(f"{path}: {exc.strerror or exc}")
                continue
            digest = content_hash(data)
            seen = known.get(path)
            if seen is not None and seen.file_hash == digest:
                touched.append(VaultFile(path, seen.nid, stat.size, stat.mtime_ns, digest))
                result.unchanged += 1
                continue
            nid = seen.nid if seen is not None else None
            if nid is None and digest in gone_by_hash:
                origin = gone_by_hash.pop(digest)
                nid = origin.nid
                moved_from.add(origin.path)
                result.moved += 1
            folder = PurePosixPath(path).parent.name
            mtime = from_epoch(stat.mtime_ns / 1e9)
            source = SourceFile(root / path, path, normalise_tag(folder) or None)
            skipped_before = summary.skipped_binary + summary.skipped_empty
            draft = draft_from_bytes(data, source, mtime, summary)
            if draft is None:
                # Remembered, so it is not read again until it changes; a note it stood for stays.
                result.skipped += summary.skipped_binary + summary.skipped_empty - skipped_before
                touched.append(VaultFile(path, nid, stat.size, stat.mtime_ns, digest))
                continue
            read.append((stat, digest, draft, nid))
        result.errors.extend(summary.errors)
        # Only the notes these files stand for are read (a sync of one saved file in a vault of
        # 10k must not load every note), and the notes a new file's id already names.
        with self.context.store.read() as conn:
            stored = note_store.get_many(conn, [nid for *_, nid in read if nid is not None])
            named = note_store.states_by_id(conn, [draft.id or "" for _, _, draft, nid in read if nid is None])
        # Notes a file still present stands for: a new file may not take them (a copy of a file
        # keeps its front matter's id, but is a note of its own); nor an id given in this sync.
        present = {f.nid for p, f in known.items() if p in files and f.nid is not None}
        claimed: set[str] = set()
        reads: list[FileRead] = []
        for stat, digest, draft, nid in read:
            note = stored.get(nid) if nid is not None else None
            if note is not None:
                # An edited file without a date of its own keeps its note's: an edit is no new note.
                mtime = from_epoch(stat.mtime_ns / 1e9)
                created = note.note.created if draft.created == mtime else draft.created
                draft = replace(draft, id=note.note.id, created=created)
            elif draft.id in claimed or ((state := named.get(draft.id or "")) is not None and state.nid in present):
                draft = replace(draft, id=stable_id(stat.path))
            claimed.add(draft.id or "")
            reads.append(FileRead(stat, digest, draft))
        return reads, touched, moved_from

    def write(self, reads: list[FileRead], result: VaultSync, on_progress: ProgressCallback | None) -> None:
        """Write the read files' notes a batch at a time, then remember each batch's files (a
        crash between the two costs nothing: the next sync finds the same notes by their ids)."""
        total = len(reads)
        if on_progress:
            on_progress(Progress("vault", 0, total, unit="files"))
        for start in range(0, total, IMPORT_BATCH):
            batch = reads[start : start + IMPORT_BATCH]
            summary = ImportSummary()
            self.context.writer.write_batch([read.draft for read in batch], summary, from_vault=True)
            result.added += summary.added
            result.updated += summary.updated
            result.unchanged += summary.unchanged
            result.errors.extend(summary.errors)
            with self.context.store.transaction() as conn:
                states = note_store.states_by_id(conn, [read.draft.id or "" for read in batch])
                # A file the writer refused (too large) is remembered without a note, so it is
                # read again only when it changes.
                vault_store.record_files(
                    conn,
                    [
                        VaultFile(
                            read.stat.path,
                            state.nid if (state := states.get(read.draft.id or "")) else None,
                            read.stat.size,
                            read.stat.mtime_ns,
                            read.file_hash,
                        )
                        for read in batch
                    ],
                )
            if on_progress:
                on_progress(Progress("vault", min(total, start + IMPORT_BATCH), total, unit="files"))

    def trash_gone(self, gone: list[str], known: dict[str, VaultFile], result: VaultSync) -> None:
        """Trash the notes of deleted files (a note already in the trash stays as it is)."""
        now = self.context.clock()
        with self.context.store.read() as conn:
            notes = note_store.get_many(conn, sorted({nid for path in gone if (nid := known[path].nid) is not None}))
        for stored in notes.values():
            if not stored.note.deleted:
                self.context.writer.set_flags(stored.nid, deleted_at=now)
                result.trashed += 1
