"""Progress reports from long operations, and a terminal progress bar that shows them."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import TextIO

from remen.core.constants import PROGRESS_TICK_SECONDS


@dataclass(frozen=True)
class Progress:
    """How far a phase ("import", "embed") has come; ``detail`` says what it waits for meanwhile
    ("loading the model"), shown instead of a rate."""

    phase: str
    done: int
    total: int
    unit: str = "notes"
    detail: str = ""


ProgressCallback = Callable[[Progress], None]


def format_duration(seconds: float) -> str:
    """``1m05s`` / ``42s``."""
    seconds = max(0, round(seconds))
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"


@dataclass(frozen=True)
class PhaseClock:
    """When a phase's counting began, and from which count (work before it, such as loading a
    model, is not part of the rate)."""

    started: float
    done_at_start: int


def describe(progress: Progress, clock: PhaseClock | None, now: float) -> str:
    """The text of one report: count, rate and ETA, or the detail while there is no rate yet."""
    count = f"{progress.phase:<7} {progress.done:>6}/{progress.total} {progress.unit}"
    if progress.detail:
        return f"{count}  {progress.detail}…"
    elapsed = now - clock.started if clock else 0.0
    counted = progress.done - clock.done_at_start if clock else 0
    if elapsed <= 0 or counted <= 0:
        return f"{count}  starting…" if progress.done < progress.total else count
    rate = counted / elapsed
    eta = (progress.total - progress.done) / rate
    return f"{count}  {rate:6.1f}/s  ETA {format_duration(eta)}"


class ProgressBar:
    """A one-line bar with rate and ETA on a TTY, redrawn every PROGRESS_TICK_SECONDS; on a pipe, a line
    every 10% instead. Use it as a context manager so the redrawing stops with the work."""

    def __init__(
        self, stream: TextIO | None = None, width: int = 30, tick_seconds: float = PROGRESS_TICK_SECONDS
    ) -> None:
        """Write to ``stream`` (stderr by default)."""
        self.stream = stream or sys.stderr
        self.width = width
        self.tick_seconds = tick_seconds
        self.clocks: dict[str, PhaseClock] = {}
        self.last_decile: dict[str, int] = {}
        self.latest: Progress | None = None
        self.lock = threading.Lock()
        self.closed = threading.Event()
        self.ticker: threading.Thread | None = None

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Stop redrawing; a bar left mid-way gets its line ended."""
        self.closed.set()
        with self.lock:
            if self.latest is not None and not self.finished(self.latest) and self.stream.isatty():
                self.stream.write("\n")
                self.stream.flush()
            self.latest = None

    @staticmethod
    def finished(progress: Progress) -> bool:
        return not progress.detail and progress.done >= progress.total

    def __call__(self, progress: Progress) -> None:
        """Draw one update."""
        now = time.monotonic()
        with self.lock:
            if progress == self.latest and self.finished(progress):
                return  # the same final report twice would print the finished line twice
            if not progress.detail and progress.phase not in self.clocks:
                self.clocks[progress.phase] = PhaseClock(now, progress.done)
            self.latest = progress
            self.draw(progress, now)
        if self.ticker is None and self.stream.isatty():
            self.ticker = threading.Thread(target=self.tick, name="remen-progress", daemon=True)
            self.ticker.start()

    def tick(self) -> None:
        """Redraw the latest report until closed: the elapsed time moves even when reports do not."""
        while not self.closed.wait(self.tick_seconds):
            with self.lock:
                if self.latest is not None and not self.finished(self.latest):
                    self.draw(self.latest, time.monotonic())

    def draw(self, progress: Progress, now: float) -> None:
        """Write one report (the caller holds the lock)."""
        text = describe(progress, self.clocks.get(progress.phase), now)
        fraction = min(progress.done / max(progress.total, 1), 1.0)
        if self.stream.isatty():
            filled = int(self.width * fraction)
            bar = "█" * filled + "░" * (self.width - filled)
            end = "\n" if self.finished(progress) else ""
            # \x1b[K clears what a longer previous line left behind.
            self.stream.write(f"\r{bar} {text}\x1b[K{end}")
            self.stream.flush()
            return
        decile = int(fraction * 10)
        if not progress.detail and decile != self.last_decile.get(progress.phase):
            self.last_decile[progress.phase] = decile
            self.stream.write(text + "\n")
            self.stream.flush()
