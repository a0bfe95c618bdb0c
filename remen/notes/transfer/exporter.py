"""Writing every note out: JSON Lines (the exact round trip) and a folder of Markdown files."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from pathlib import Path
from typing import TextIO

from remen.core.errors import ExportError
from remen.core.private import PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, create_private_folder
from remen.core.text import slugify
from remen.notes.transfer.markdown import note_to_markdown
from remen.store import Store
from remen.store import notes as note_store


def export_jsonl(store: Store, out: TextIO, history: bool = True) -> int:
    """Write every note (archived and trashed too) as JSON Lines, each with its earlier versions
    (oldest first) unless ``history`` is off; return the count."""
    count = 0
    with store.read() as conn:
        notes = [s.note for s in note_store.all_notes(conn)]
        versions = note_store.all_revisions(conn) if history else {}
    for note in notes:
        record = note.to_dict()
        if versions.get(note.id):
            record["revisions"] = [version.to_dict() for version in versions[note.id]]
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
        count += 1
    return count


def export_markdown(store: Store, root: Path) -> int:
    """Write live and archived notes as Markdown files, one sub-folder per first tag.

    Every write stays inside ``root``: file and folder names are slugs (no separators, no dots), and
    nothing is written through a link. A folder Remen creates is 0700 and each file 0600."""
    with store.read() as conn:
        notes = [s.note for s in note_store.all_notes(conn) if not s.note.deleted]
    try:
        create_private_folder(root)
        with MarkdownFolder(root) as folder:
            for note in notes:
                sub = slugify(note.tags[0]) if note.tags else ""
                name = f"{slugify(note.title)}.md"
                if folder.taken(sub, name):
                    name = f"{slugify(note.title)}-{slugify(note.id)}.md"
                folder.write(sub, name, note_to_markdown(note))
    except OSError as exc:
        raise ExportError(f"Cannot export to {root}: {exc.strerror or exc}.") from exc
    return len(notes)


class MarkdownFolder:
    """The export folder, opened once; sub-folders and files are reached relative to its descriptor,
    so a link planted inside it (to a folder or a file elsewhere) is never followed."""

    def __init__(self, root: Path) -> None:
        """Open ``root`` (it must be a folder; a link the user named as the folder itself is fine)."""
        self.root = root
        self.descriptors: dict[str, int] = {"": os.open(root, os.O_RDONLY | os.O_DIRECTORY)}
        self.used: set[tuple[str, str]] = set()

    def __enter__(self) -> MarkdownFolder:
        return self

    def __exit__(self, *exc: object) -> None:
        for descriptor in self.descriptors.values():
            os.close(descriptor)

    def folder(self, sub: str) -> int:
        """The descriptor of the sub-folder ``sub`` (created 0700); a link or a file there is refused."""
        if sub not in self.descriptors:
            with contextlib.suppress(FileExistsError):
                os.mkdir(sub, PRIVATE_FOLDER_MODE, dir_fd=self.descriptors[""])
            try:
                flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
                self.descriptors[sub] = os.open(sub, flags, dir_fd=self.descriptors[""])
            except OSError as exc:
                raise ExportError(
                    f"{self.root / sub} is a link or not a folder; Markdown export writes only inside "
                    f"{self.root} and never through links. Move it aside, or export to a new folder."
                ) from exc
        return self.descriptors[sub]

    def taken(self, sub: str, name: str) -> bool:
        """Whether ``sub/name`` was written in this export or already exists (a link counts)."""
        if (sub, name) in self.used:
            return True
        try:
            os.lstat(name, dir_fd=self.folder(sub))
        except FileNotFoundError:
            return False
        return True

    def write(self, sub: str, name: str, text: str) -> None:
        """Write ``sub/name`` through a new private file renamed into place: the rename replaces a
        link or a hard link there instead of writing through it."""
        directory = self.folder(sub)
        temporary = f".{name}.{secrets.token_hex(4)}.tmp"
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
        descriptor = os.open(temporary, flags, PRIVATE_FILE_MODE, dir_fd=directory)
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, name, src_dir_fd=directory, dst_dir_fd=directory)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary, dir_fd=directory)
            raise
        self.used.add((sub, name))
