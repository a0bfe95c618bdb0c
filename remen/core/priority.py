"""Lowering a background thread's CPU priority so typing and searching stay quick."""

from __future__ import annotations

import logging
import os
import sys
import threading

from remen.core.constants import BACKGROUND_NICENESS

log = logging.getLogger(__name__)


def lower_process_priority() -> None:
    """:func:`lower_thread_priority` for every thread of the process, those a library started
    before it was asked as well (Linux lists them in /proc/self/task); threads started later
    inherit it."""
    try:
        threads = [int(tid) for tid in os.listdir("/proc/self/task")]
    except OSError:
        threads = [threading.get_native_id()]
    for tid in threads:
        lower_thread_priority(tid)


def lower_thread_priority(tid: int | None = None) -> None:
    """Make the calling thread (or thread ``tid`` of this process) run only when no other thread
    wants the CPU: Linux's SCHED_IDLE (only that thread changes; threads it starts inherit it).
    A nice value alone is not enough: a search thread waking after a keystroke still waited for a
    niced thread's time slice to end (measured: a woken task's p95 2x its idle time beside two
    niced busy processes, unchanged beside two SCHED_IDLE ones). Where SCHED_IDLE is refused, the
    nice value; elsewhere this does nothing."""
    if not sys.platform.startswith("linux"):
        return
    tid = tid or threading.get_native_id()
    try:
        os.sched_setscheduler(tid, os.SCHED_IDLE, os.sched_param(0))
        return
    except (OSError, AttributeError):
        log.debug("SCHED_IDLE refused; lowering the background thread's nice value instead", exc_info=True)
    try:
        os.setpriority(os.PRIO_PROCESS, tid, BACKGROUND_NICENESS)
    except OSError:
        log.debug("could not lower the background thread's priority", exc_info=True)
