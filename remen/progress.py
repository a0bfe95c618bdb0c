"""Progress reports from long operations, and a terminal progress bar that shows them."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO


@dataclass(frozen=True)
class Progress:
    """How far a phase ("import", "embed") has come."""

    phase: str
    done: int
    total: int
    unit: str = "notes"


ProgressCallback = Callable[[Progress], None]


def format_duration(seconds: float) -> str:
    """``1m05s`` / ``42s``."""
    seconds = max(0, round(seconds))
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"


class ProgressBar:
    """A one-line bar with rate and ETA on a TTY; on a pipe, a line every 10% instead."""

    def __init__(self, stream: TextIO | None = None, width: int = 30) -> None:
        """Write to ``stream`` (stderr by default)."""
        self.stream = stream or sys.stderr
        self.width = width
        self.started: dict[str, float] = {}
        self.last_decile: dict[str, int] = {}

    def __call__(self, progress: Progress) -> None:
        """Draw one update."""
        now = time.monotonic()
        start = self.started.setdefault(progress.phase, now)
        total = max(progress.total, 1)
        fraction = min(progress.done / total, 1.0)
        elapsed = now - start
        rate = progress.done / elapsed if elapsed > 0 else 0.0
        eta = (progress.total - progress.done) / rate if rate > 0 else 0.0
        text = (
            f"{progress.phase:<7} {progress.done:>6}/{progress.total} {progress.unit}"
            f"  {rate:6.1f}/s  ETA {format_duration(eta)}"
        )
        if self.stream.isatty():
            filled = int(self.width * fraction)
            bar = "█" * filled + "░" * (self.width - filled)
            end = "\n" if progress.done >= progress.total else ""
            # \x1b[K clears what a longer previous line left behind.
            self.stream.write(f"\r{bar} {text}\x1b[K{end}")
            self.stream.flush()
            return
        decile = int(fraction * 10)
        if decile != self.last_decile.get(progress.phase):
            self.last_decile[progress.phase] = decile
            self.stream.write(text + "\n")
            self.stream.flush()
