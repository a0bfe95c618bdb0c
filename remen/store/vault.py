"""A linked vault's folder and what the last sync saw of each of its files.

One vault per database: its folder is kept in `meta`. Each file row names its note and the size,
modification time and content hash it had when last read, so a sync reads only the files whose
stat changed, and a file that moved is matched to its note by its content.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from remen.store.connect import Connection

VAULT_PATH_KEY = "vault_path"


@dataclass(frozen=True, slots=True)
class VaultFile:
    """A file of the vault as the last sync saw it."""

    path: str  # relative to the vault, with "/" between folders
    nid: int | None  # None: the file cannot be a note (binary, empty)
    size: int
    mtime_ns: int
    file_hash: str
    # Where a file now in the vault's trash folder was (None: the file is where ``path`` says).
    origin: str | None = None


def vault_path(conn: Connection) -> str | None:
    """The linked folder, or None."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (VAULT_PATH_KEY,)).fetchone()
    return str(row[0]) if row else None


def set_vault_path(conn: Connection, path: str | None) -> None:
    """Link a folder (``None`` unlinks it and forgets its files; the notes stay)."""
    if path is None:
        conn.execute("DELETE FROM meta WHERE key = ?", (VAULT_PATH_KEY,))
        conn.execute("DELETE FROM vault_files")
        return
    conn.execute(
        "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (VAULT_PATH_KEY, path),
    )


COLUMNS = "path, nid, size, mtime_ns, file_hash, origin"


def file_row(row: Any) -> VaultFile:
    """A row of vault_files (SQLite gives the columns their types: no conversions, as a vault of
    10k files reads 10k rows on every check)."""
    return VaultFile(*row)


def vault_files(conn: Connection) -> dict[str, VaultFile]:
    """Every file of the vault the last sync saw (not those in its trash folder), by path."""
    return {
        row.path: row for row in map(file_row, conn.execute(f"SELECT {COLUMNS} FROM vault_files WHERE origin IS NULL"))
    }


def files_of_notes(conn: Connection, nids: Sequence[int]) -> dict[int, VaultFile]:
    """The file of each of these notes that has one (in the trash folder too)."""
    found: dict[int, VaultFile] = {}
    for start in range(0, len(nids), 500):
        part = list(nids[start : start + 500])
        marks = ",".join("?" * len(part))
        for row in map(file_row, conn.execute(f"SELECT {COLUMNS} FROM vault_files WHERE nid IN ({marks})", part)):
            if row.nid is not None:
                found[row.nid] = row
    return found


def unfiled_notes(conn: Connection) -> list[int]:
    """Notes not in the trash that no vault file stands for (written before the link)."""
    return [
        int(r[0])
        for r in conn.execute(
            "SELECT nid FROM notes WHERE deleted_at IS NULL AND nid NOT IN"
            " (SELECT nid FROM vault_files WHERE nid IS NOT NULL) ORDER BY nid"
        )
    ]


def record_files(conn: Connection, files: Iterable[VaultFile]) -> None:
    """Remember files as read or written now (a path known before is overwritten)."""
    conn.executemany(
        f"INSERT INTO vault_files({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT(path) DO UPDATE SET nid = excluded.nid, size = excluded.size,"
        " mtime_ns = excluded.mtime_ns, file_hash = excluded.file_hash, origin = excluded.origin",
        [(f.path, f.nid, f.size, f.mtime_ns, f.file_hash, f.origin) for f in files],
    )


def forget_files(conn: Connection, paths: Iterable[str]) -> None:
    """Forget files that are gone from the vault."""
    conn.executemany("DELETE FROM vault_files WHERE path = ?", [(p,) for p in paths])


def linked_notes(conn: Connection) -> int:
    """How many notes not in the trash a vault file stands for."""
    row = conn.execute(
        "SELECT count(DISTINCT v.nid) FROM vault_files v JOIN notes n ON n.nid = v.nid WHERE n.deleted_at IS NULL"
    ).fetchone()
    return int(row[0])
