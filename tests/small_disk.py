"""A real, tiny filesystem (tmpfs) for disk-full tests: needs root; tests skip cleanly without it."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def small_disk(where: Path, size: str = "3m") -> Iterator[Path]:
    """Mount a ``size`` tmpfs at ``where`` for the block; skip the test where mounting is not allowed."""
    where.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True, text=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here (needs root): {mounted.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=True)


def fill(folder: Path) -> Path:
    """Use up every free byte of the filesystem holding ``folder`` with one filler file."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as out:
        for chunk in (65536, 512):
            try:
                while out.write(b"\0" * chunk):
                    pass
            except OSError:
                continue
    return filler
