"""Lowering a background thread's CPU priority so typing and searching stay quick."""

from __future__ import annotations

import logging
import os
import sys
import threading

from remen.core.constants import BACKGROUND_NICENESS

log = logging.getLogger(__name__)


def lower_thread_priority() -> None:
    """Make the calling thread yield the CPU to the others of the process (Linux: a thread id is a
    valid PRIO_PROCESS target and only that thread changes; elsewhere this does nothing)."""
    if sys.platform.startswith("linux"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), BACKGROUND_NICENESS)
        except OSError:
            log.debug("could not lower the background thread's priority", exc_info=True)
