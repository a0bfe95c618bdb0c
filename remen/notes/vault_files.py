"""Notes written back to the files of a linked vault, after the note writer commits.

Every write is atomic (a temporary file in the same folder, then a rename over the old one), never
outside the vault and never through a symbolic link. A note new to the vault becomes `Title.md`
(sanitised, unique) in its root or its inbox folder (the
`vault.inbox` setting); a trashed note's file moves to `.trash/` (Obsidian's place) and
comes back on restore; a note deleted for good takes its file in `.trash/` with it. A file that
changed on disk since Remen last saw it is never overwritten: Remen's text goes beside it as
`Title (conflict from remen DATE).md`, and the next sync reads both.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath

from remen.core.config import vault_inbox
from remen.core.models import VaultStatus
from remen.core.text import normalise_tag
from remen.notes.transfer.markdown import vault_markdown
from remen.notes.vault_scan import compare, content_hash, ignore_patterns, ignored, scan
from remen.store import Store
from remen.store import notes as note_store
from remen.store import vault as vault_store
from remen.store.notes import StoredNote
from remen.store.vault import VaultFile

logger = logging.getLogger(__name__)

TRASH = ".trash"
CONFLICT_MARK = "conflict from remen"
# Characters no file name may hold on the systems a synced vault reaches (and control characters).
UNSAFE_NAME = re.compile(r'[\\/:*?"<>|\x00-\x1f]+')
MAX_NAME_CHARS = 100
# The stat of a file reserved before it is written: no real file has it, so a sync reads the file.
UNSEEN = -1


@dataclass
class WriteBack:
    """What writing notes back did: files written, moved to or from the trash, removed, and the
    conflicts kept beside files changed on disk (and any file that could not be written)."""

    written: int = 0
    trashed: int = 0
    restored: int = 0
    removed: int = 0
    problems: list[str] = field(default_factory=list)


def file_name(title: str) -> str:
    """A note's title as a file name without its suffix: unsafe characters out, not hidden."""
    name = UNSAFE_NAME.sub(" ", title).strip().lstrip(".").strip()
    return re.sub(r"\s+", " ", name)[:MAX_NAME_CHARS].rstrip() or "Untitled"


def unused_path(folder: Path, stem: str, suffix: str = ".md") -> Path:
    """``folder/stem.md``, or ``stem 2.md``, ``stem 3.md``… when taken."""
    candidate = folder / f"{stem}{suffix}"
    number = 2
    while candidate.exists() or candidate.is_symlink():
        candidate = folder / f"{stem} {number}{suffix}"
        number += 1
    return candidate


def write_atomically(path: Path, data: bytes) -> None:
    """Write a file by a temporary file in its folder renamed over it (a crash leaves the old
    file or the new one, never half of one)."""
    temporary = path.with_name(f".{path.name}.remen-tmp")
    with open(temporary, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)


class VaultWriter:
    """Writes notes back to the linked vault's files."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        """Write the notes of ``store``; ``clock`` dates conflict files."""
        self.store = store
        self.clock = clock

    def write_back(self, nids: Sequence[int], everything: bool = False) -> WriteBack:
        """Bring the files of these notes in line with them (``everything``: also the notes no
        file stands for yet, as when a folder is first linked)."""
        done = WriteBack()
        with self.store.read() as conn:
            linked = vault_store.vault_path(conn)
            if linked is None:
                return done
            wanted = list(nids) + (vault_store.unfiled_notes(conn) if everything else [])
            files = vault_store.files_of_notes(conn, wanted)
            notes = note_store.get_many(conn, wanted)
        root = Path(linked)
        if not root.is_dir():
            done.problems.append(f"the linked folder {root} is missing; notes were saved in Remen only")
            logger.warning(done.problems[-1])
            return done
        records: list[VaultFile] = []
        moved: list[str] = []
        for nid in dict.fromkeys(wanted):
            stored = notes.get(nid)
            if stored is None:
                continue
            known = files.get(nid)
            try:
                record = self.write_note(root, stored, known, done)
            except OSError as exc:
                done.problems.append(f"{stored.note.title}: could not write its file ({exc.strerror or exc})")
                logger.warning("vault write-back of %s failed", stored.note.id, exc_info=True)
                continue
            if record is not None:
                records.append(record)
                if known is not None and known.path != record.path:
                    moved.append(known.path)
        if records:
            with self.store.transaction() as conn:
                vault_store.forget_files(conn, moved)
                vault_store.record_files(conn, records)
        return done

    def write_note(self, root: Path, stored: StoredNote, known: VaultFile | None, done: WriteBack) -> VaultFile | None:
        """One note's file: moved to or from the trash folder as the note is, then its text
        written unless the file already says it. Returns the file as it now is."""
        note = stored.note
        if note.deleted:
            if known is None or known.origin is not None:
                return None
            return self.move_to_trash(root, known, done)
        if known is not None and known.origin is not None:
            known = self.restore(root, known, done)
        path = root / known.path if known is not None else None
        if path is not None and not inside(root, path):
            done.problems.append(f"{known.path if known else ''}: outside the vault or a link; left alone")
            logger.warning("vault: %s", done.problems[-1])
            return None
        existing: bytes | None = None
        if path is not None and known is not None and path.exists():
            existing = path.read_bytes()
            if content_hash(existing) != known.file_hash:
                self.keep_conflict(root, stored, path, done)
                return None
        if path is None or known is None:
            inbox = vault_inbox()
            folder = root / inbox if inbox else root
            folder.mkdir(parents=True, exist_ok=True)
            path = unused_path(folder, file_name(note.title))
            if ignored(path.relative_to(root).as_posix(), False, ignore_patterns(root)):
                return None  # the vault keeps such files out: the note stays in Remen only
        relative = path.relative_to(root).as_posix()
        folder_tag = normalise_tag(PurePosixPath(relative).parent.name) or None
        text = vault_markdown(
            existing.decode("utf-8", "replace") if existing is not None else None, note, path.stem, folder_tag
        )
        data = text.encode("utf-8")
        if data != existing:
            self.reserve(VaultFile(relative, stored.nid, UNSEEN, UNSEEN, content_hash(data)))
            try:
                write_atomically(path, data)
            except OSError:
                # A file never written is no file gone: the next sync must not trash the note.
                self.undo_reserve(known, relative)
                raise
            done.written += 1
        stat = path.stat()
        return VaultFile(relative, stored.nid, stat.st_size, stat.st_mtime_ns, content_hash(data))

    def move_to_trash(self, root: Path, known: VaultFile, done: WriteBack) -> VaultFile | None:
        """A trashed note's file into the vault's trash folder (remembering where it was)."""
        path = root / known.path
        if not path.exists() or not inside(root, path):
            return None
        trash = root / TRASH
        trash.mkdir(exist_ok=True)
        target = unused_path(trash, path.stem, path.suffix)
        os.replace(path, target)
        done.trashed += 1
        stat = target.stat()
        return VaultFile(
            target.relative_to(root).as_posix(), known.nid, stat.st_size, stat.st_mtime_ns, known.file_hash, known.path
        )

    def restore(self, root: Path, known: VaultFile, done: WriteBack) -> VaultFile | None:
        """A restored note's file back from the trash folder to where it was (beside it, when
        another file took its place). None when the trashed file is gone: the note gets a new one."""
        trashed = root / known.path
        if known.origin is None or not trashed.exists():
            self.forget(known.path)
            return None
        origin = root / known.origin
        origin.parent.mkdir(parents=True, exist_ok=True)
        target = origin if not origin.exists() else unused_path(origin.parent, origin.stem, origin.suffix)
        self.reserve(VaultFile(target.relative_to(root).as_posix(), known.nid, UNSEEN, UNSEEN, known.file_hash))
        os.replace(trashed, target)
        done.restored += 1
        return VaultFile(target.relative_to(root).as_posix(), known.nid, known.size, known.mtime_ns, known.file_hash)

    def keep_conflict(self, root: Path, stored: StoredNote, path: Path, done: WriteBack) -> None:
        """Remen's text beside a file changed on disk since Remen last saw it; the file is left as it is."""
        stamp = datetime.fromtimestamp(self.clock()).strftime("%Y-%m-%d %H%M")
        target = unused_path(path.parent, f"{path.stem} ({CONFLICT_MARK} {stamp})")
        write_atomically(target, vault_markdown(None, stored.note, target.stem, None).encode("utf-8"))
        done.problems.append(
            f"{path.relative_to(root).as_posix()} changed on disk since Remen last read it; both kept,"
            f" Remen's text as {target.relative_to(root).as_posix()}"
        )
        logger.warning("vault: %s", done.problems[-1])

    def reserve(self, file: VaultFile) -> None:
        """Remember a file before it is written, with the hash it will have: a sync that runs
        meanwhile (the watcher, another process) then knows it as this note's, not a new one."""
        with self.store.transaction() as conn:
            vault_store.record_files(conn, [file])

    def undo_reserve(self, known: VaultFile | None, relative: str) -> None:
        """Put back what was known of a file whose write failed."""
        with self.store.transaction() as conn:
            if known is not None and known.path == relative:
                vault_store.record_files(conn, [known])
            else:
                vault_store.forget_files(conn, [relative])

    def forget(self, path: str) -> None:
        """Forget a file row (a trashed file that moved back or vanished)."""
        with self.store.transaction() as conn:
            vault_store.forget_files(conn, [path])

    def trashed_files(self, nids: Sequence[int]) -> list[Path]:
        """The files in the vault's trash folder of these notes (to go with them when purged)."""
        with self.store.read() as conn:
            linked = vault_store.vault_path(conn)
            files = vault_store.files_of_notes(conn, nids) if linked else {}
        if linked is None:
            return []
        root = Path(linked)
        return [root / f.path for f in files.values() if f.origin is not None and inside(root, root / f.path)]


def folder_status(store: Store) -> VaultStatus:
    """The linked folder at a glance, by stat only: its note files, their notes, the files a sync
    would read or let go, and the conflict files Remen left."""
    with store.read() as conn:
        linked = vault_store.vault_path(conn)
        known = vault_store.vault_files(conn)
        notes = vault_store.linked_notes(conn)
    if linked is None:
        return VaultStatus(None)
    root = Path(linked)
    files = scan(root) if root.is_dir() else {}
    changes = compare(files, known)
    conflicts = sum(CONFLICT_MARK in path for path in files)
    return VaultStatus(
        linked, len(files), notes, len(changes.new), len(changes.changed), len(changes.gone), conflicts, root.is_dir()
    )


def inside(root: Path, path: Path) -> bool:
    """Whether ``path`` is a file of the vault reached without a symbolic link."""
    if path.is_symlink():
        return False
    try:
        path.resolve().relative_to(root.resolve())
    except ValueError:
        return False
    return True
