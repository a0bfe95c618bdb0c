"""Files that hold notes are their owner's alone: folders 0700 and files 0600, as ssh and password
stores keep theirs. Notes hold passwords and addresses; a shared machine must not read them."""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path

PRIVATE_FOLDER_MODE = 0o700
PRIVATE_FILE_MODE = 0o600
# Permission bits for the group and for everyone else.
SHARED_BITS = 0o077


def create_private_folder(path: Path) -> None:
    """Create ``path`` (and missing parents) for its owner only; an existing folder is left as is."""
    path.mkdir(mode=PRIVATE_FOLDER_MODE, parents=True, exist_ok=True)


def make_private(path: Path) -> bool:
    """Take the group's and others' access away from an existing file or folder; True when it had
    some. A missing path is left alone."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return False
    if not mode & SHARED_BITS:
        return False
    os.chmod(path, mode & ~SHARED_BITS)
    return True


def open_private(path: Path, *, exclusive: bool = False) -> io.TextIOWrapper:
    """Open ``path`` for writing text, created 0600 (an existing file is truncated and made private;
    with ``exclusive``, an existing file raises FileExistsError)."""
    return _open_text(path, os.O_WRONLY | os.O_CREAT | (os.O_EXCL if exclusive else os.O_TRUNC))


def open_private_append(path: Path) -> io.TextIOWrapper:
    """Open ``path`` for appending text, created 0600 (an existing file is made private)."""
    return _open_text(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)


def _open_text(path: Path, flags: int) -> io.TextIOWrapper:
    descriptor = os.open(path, flags, PRIVATE_FILE_MODE)
    try:
        os.fchmod(descriptor, stat.S_IMODE(os.fstat(descriptor).st_mode) & ~SHARED_BITS)
        return os.fdopen(descriptor, "a" if flags & os.O_APPEND else "w", encoding="utf-8")
    except BaseException:
        os.close(descriptor)
        raise
