"""Time from launching `remen` to its first painted frame, in a real terminal (tmux).

Usage: python scripts/first_frame.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

MARKER = "Search, or type a title"


def first_frame_seconds(home: str) -> float:
    """Launch the app in a fresh tmux session and poll the screen until the search box shows."""
    session = f"remen-frame-{os.getpid()}"
    started = time.perf_counter()
    subprocess.run(
        [
            "tmux",
            "new-session",
            "-d",
            "-s",
            session,
            "-x",
            "100",
            "-y",
            "30",
            f"REMEN_HOME='{home}' '{sys.executable}' -m remen",
        ],
        check=True,
    )
    try:
        while time.perf_counter() - started < 20:
            screen = subprocess.run(
                ["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True
            ).stdout
            if MARKER in screen:
                return time.perf_counter() - started
            time.sleep(0.005)
        raise RuntimeError("the app did not paint within 20 s")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def main() -> None:
    """Print each run and the median."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        times = []
        for _ in range(args.runs):
            times.append(first_frame_seconds(home))
            print(f"first frame after {times[-1] * 1000:.0f} ms")
            time.sleep(0.5)
    print(f"median {statistics.median(times) * 1000:.0f} ms over {args.runs} runs (target: 600 ms on 2 cores)")


if __name__ == "__main__":
    main()
