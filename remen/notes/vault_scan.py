"""What a linked vault's folder holds: its note files with their stat (a scan reads no file), the
files it skips, and how the folder differs from what the last sync saw.

Skipped: hidden files and folders (`.obsidian/`, `.git/`, `.trash/` among them), folders reached
through a symbolic link, and whatever matches a pattern of the vault's `.remenignore` (one glob
per line, `#` for comments; a pattern ending in `/` names folders; a pattern without `/` matches a
name at any depth).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path

from remen.core.constants import VAULT_READ_ATTEMPTS
from remen.notes.transfer.importer import NOTE_SUFFIXES
from remen.store.vault import VaultFile

IGNORE_FILE = ".remenignore"


@dataclass(frozen=True, slots=True)
class FileStat:
    """A note file of the vault: its path relative to the vault ("/" between folders), size and
    modification time."""

    path: str
    size: int
    mtime_ns: int


@dataclass
class VaultChanges:
    """How the folder differs from what the last sync saw: files new to it, files whose stat
    changed, files gone, and how many are as they were."""

    new: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    unchanged: int = 0

    @property
    def pending(self) -> int:
        """Files a sync would read or forget."""
        return len(self.new) + len(self.changed) + len(self.gone)


def ignore_patterns(root: Path) -> list[str]:
    """The patterns of the vault's `.remenignore` (none when it has none)."""
    try:
        lines = (root / IGNORE_FILE).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def ignored(relative: str, is_folder: bool, patterns: list[str]) -> bool:
    """Whether a path of the vault matches a `.remenignore` pattern."""
    name = relative.rsplit("/", 1)[-1]
    for pattern in patterns:
        folder_only = pattern.endswith("/")
        glob = pattern.strip("/")
        if folder_only and not is_folder:
            continue
        if fnmatchcase(relative, glob) or ("/" not in glob and fnmatchcase(name, glob)):
            return True
    return False


def scan(root: Path) -> dict[str, FileStat]:
    """Every note file under ``root`` by relative path, with its stat; nothing is read."""
    patterns = ignore_patterns(root)
    found: dict[str, FileStat] = {}
    folders = [(root, "")]
    while folders:
        folder, prefix = folders.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue  # a folder that vanished or cannot be read holds no notes this time
        for entry in entries:
            if entry.name.startswith("."):
                continue
            relative = f"{prefix}{entry.name}"
            try:
                if entry.is_dir(follow_symlinks=False):
                    if not (patterns and ignored(relative, True, patterns)):
                        folders.append((Path(entry.path), f"{relative}/"))
                    continue
                if os.path.splitext(entry.name)[1].lower() not in NOTE_SUFFIXES or not entry.is_file():
                    continue
                if patterns and ignored(relative, False, patterns):
                    continue
                stat = entry.stat()
            except OSError:
                continue
            found[relative] = FileStat(relative, stat.st_size, stat.st_mtime_ns)
    return found


def compare(files: Mapping[str, FileStat], known: Mapping[str, VaultFile]) -> VaultChanges:
    """How the scanned folder differs from the files the last sync saw (by stat only)."""
    changes = VaultChanges()
    for path, stat in files.items():
        seen = known.get(path)
        if seen is None:
            changes.new.append(path)
        elif seen.mtime_ns != stat.mtime_ns or seen.size != stat.size:
            changes.changed.append(path)
    changes.unchanged = len(files) - len(changes.new) - len(changes.changed)
    changes.new.sort()
    changes.changed.sort()
    changes.gone = sorted(path for path in known if path not in files)
    return changes


def read_settled(root: Path, scanned: FileStat) -> tuple[bytes, FileStat]:
    """A note file's bytes with a stat taken before they were read. A file being saved while the
    folder was scanned has moved on from its scanned stat: it is stat'ed again and read again (a
    few times at most), so the stat a sync remembers is the one of the bytes it read rather than
    one a save made stale (which left the file waiting for another sync). The stat returned always
    precedes the read, so a save during the read is seen as a change by the next sync, never lost."""
    taken = scanned
    for _ in range(VAULT_READ_ATTEMPTS - 1):
        data = (root / scanned.path).read_bytes()
        now = os.stat(root / scanned.path)
        settled = FileStat(scanned.path, now.st_size, now.st_mtime_ns)
        if settled == taken:
            return data, taken
        taken = settled
    return (root / scanned.path).read_bytes(), taken


def content_hash(data: bytes) -> str:
    """A file's content hash (a moved file is known by it)."""
    return hashlib.sha256(data).hexdigest()
