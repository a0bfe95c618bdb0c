"""The built-in extractor spread over worker processes, for bulk runs (an import, `remen worker`).

spaCy holds the GIL, so threads would not help: each process loads its own pipeline and model
once (~2 s) and reads a share of every batch. The app's background reading uses one such process
that runs only when nothing else wants the CPU, so the search typed meanwhile waits neither for
the GIL nor for a core.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path

from remen.core.knowledge import Extraction, NoteForExtraction
from remen.core.priority import lower_process_priority
from remen.memory.builtin import BuiltinExtractor
from remen.memory.reading import MemoryVectors, ReadNotes

_extractor: list[BuiltinExtractor] = []
_vectors: list[MemoryVectors] = []


def _start(model_dir: Path | None, background: bool) -> None:
    """In a worker process: lower the priority of all its threads for ``background`` reading, load
    the extractor once (the model on one thread: the
    processes are the parallelism)."""
    from remen.embed import load_embedder

    # Ctrl-C in a terminal reaches the whole process group: the parent decides what stops, and a
    # reader must not die mid-batch with a traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if background:
        lower_process_priority()
    threading.Thread(target=_exit_with_parent, name="remen-reader-watchdog", daemon=True).start()
    embedder = None
    if model_dir is not None:
        loaded, status = load_embedder(model_dir)
        embedder = loaded if status.ok else None
        single = getattr(embedder, "single_threaded", None)
        embedder = single() if single is not None else embedder
    extractor = BuiltinExtractor(embedder=embedder)
    _extractor.append(extractor)
    _vectors.append(MemoryVectors(extractor.vectors))


def _exit_with_parent() -> None:
    """A reader whose parent died (killed with -9) would wait for work forever: leave with it."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)


def _read(notes: Sequence[NoteForExtraction], labels: set[str]) -> ReadNotes:
    """Extract the notes and compute the memory vectors their writes need, here rather than in the
    writer: the model's work is spread over the processes too."""
    extractions = _extractor[0].extract_many(notes)
    known = notes[0].known_names if notes else {}
    return ReadNotes(extractions, _vectors[0].of(extractions, known, labels))


@contextmanager
def main_script_hidden() -> Iterator[None]:
    """While reader processes may start: a spawned process runs the parent's main module again
    (found by its ``__spec__``, else its ``__file__``) before it takes work, so a script that
    calls the Python API without `if __name__ == "__main__":` would add its notes a second time
    in each reader, then fail. The readers need nothing of it: it is hidden from the spawn."""
    main = sys.modules.get("__main__")
    saved: dict[str, object] = {
        name: main.__dict__[name] for name in ("__spec__", "__file__") if main and name in main.__dict__
    }
    if main is None or not saved:
        yield
        return
    main.__dict__.update(__spec__=None)
    main.__dict__.pop("__file__", None)
    try:
        yield
    finally:
        main.__dict__.update(saved)


def start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker with the real standard error. A spawn starts it on
    first use and hands it ``sys.stderr``'s descriptor; inside the app Textual has replaced
    ``sys.stderr`` with an object that has none, and the spawn would fail."""
    from multiprocessing import resource_tracker

    saved = sys.stderr
    if sys.__stderr__ is not None:
        sys.stderr = sys.__stderr__
    try:
        resource_tracker.ensure_running()
    finally:
        sys.stderr = saved


class ProcessExtractor:
    """Same output as :class:`BuiltinExtractor` (same name and version), ``processes`` at a time."""

    name = BuiltinExtractor.name
    version = BuiltinExtractor.version

    def __init__(self, processes: int, model_dir: Path | None, background: bool = False) -> None:
        """Start the processes (each loads the pipeline once, ~2 s); close with :meth:`close`.
        ``background``: they run only when nothing else wants the CPU (the app's reading)."""
        self.processes = processes
        start_resource_tracker()
        # "spawn": the parent holds SQLite connections and onnxruntime threads a fork would copy.
        self.pool = ProcessPoolExecutor(
            processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start,
            initargs=(model_dir, background),
        )

    def extract(self, note: NoteForExtraction) -> Extraction:
        """One note (the worker reads batches through :meth:`submit`)."""
        return self.submit([note], set()).result().extractions[0]

    def submit(self, notes: Sequence[NoteForExtraction], labels: set[str]) -> Future[ReadNotes]:
        """Start reading a batch (``labels``: keys of the labels stored so far); the future holds
        the extractions in order with their memory vectors."""
        share = -(-len(notes) // self.processes)
        # The pool starts its processes as work comes in.
        with main_script_hidden():
            parts = [self.pool.submit(_read, list(notes[i : i + share]), labels) for i in range(0, len(notes), share)]
        combined: Future[ReadNotes] = Future()

        def gather(_: Future[ReadNotes]) -> None:
            if all(part.done() for part in parts) and not combined.done():
                try:
                    results = [part.result() for part in parts]
                    vectors = {text: vector for read in results for text, vector in (read.vectors or {}).items()}
                    combined.set_result(ReadNotes([e for read in results for e in read.extractions], vectors))
                except Exception as exc:  # noqa: BLE001 - handed to the caller through the future
                    combined.set_exception(exc)

        for part in parts:
            part.add_done_callback(gather)
        return combined

    def close(self) -> None:
        """Stop the processes once their work is done."""
        self.pool.shutdown(cancel_futures=True)

    def abandon(self) -> None:
        """Stop the processes now, their work thrown away (the caller was interrupted: its jobs go
        back to the queue), so Ctrl-C never waits for a batch still being read."""
        # The executor offers no way to end its processes before Python 3.14 (terminate_workers),
        # and forgets them on shutdown: take them first.
        processes: dict[int, multiprocessing.Process] = getattr(self.pool, "_processes", None) or {}
        running = list(processes.values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for process in running:
            process.terminate()
