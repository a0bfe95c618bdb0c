"""Waiting in tests for something another thread or process does: the condition is checked every
50 ms up to a bound, never a bare sleep that hopes."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_for(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    """Whether ``condition`` comes true within ``timeout`` seconds (checked every 50 ms)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
