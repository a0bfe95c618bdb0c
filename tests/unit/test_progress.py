"""The progress bar: a real rate and ETA, what it waits for, and redraws between reports."""

from __future__ import annotations

import io
import threading

from remen.core.progress import PhaseClock, Progress, ProgressBar, describe


class Terminal(io.StringIO):
    """A stream that says it is a terminal, and tells when it has been drawn on ``enough`` times."""

    def __init__(self, enough: int) -> None:
        super().__init__()
        self.draws = 0
        self.enough = enough
        self.drawn = threading.Event()

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.draws += text.count("\r")
        if self.draws >= self.enough:
            self.drawn.set()
        return super().write(text)


def test_no_rate_before_there_is_one_and_the_wait_is_named() -> None:
    assert describe(Progress("embed", 0, 175), PhaseClock(10.0, 0), 10.0).endswith("starting…")
    assert "loading the model…" in describe(Progress("embed", 0, 175, detail="loading the model"), None, 12.0)
    # 50 notes in 5 s since counting began: 10/s, 12.5 s to go.
    assert describe(Progress("embed", 60, 185), PhaseClock(10.0, 10), 15.0).endswith("10.0/s  ETA 12s")


def test_the_bar_is_redrawn_between_reports_and_stops_when_closed() -> None:
    stream = Terminal(enough=4)
    with ProgressBar(stream, tick_seconds=0.01) as bar:
        bar(Progress("embed", 1, 100))
        assert stream.drawn.wait(10), "the bar was not redrawn without new reports"
    assert bar.ticker is not None
    bar.ticker.join(10)
    assert not bar.ticker.is_alive()  # closing stops the redrawing
    assert stream.getvalue().endswith("\n")  # a bar left mid-way gets its line ended
