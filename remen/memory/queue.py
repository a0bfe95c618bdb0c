"""The extraction queue as the model server's pass sees it: a claimed job, and what it may ask of
the worker that owns the queue (so the pass needs no import of the worker)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

from remen.core.knowledge import ExtractionRun, NoteForExtraction
from remen.core.models import Job, JobKind
from remen.memory.graph_writer import Producer
from remen.memory.reading import MemoryVectors
from remen.store import Store


@dataclass(frozen=True)
class Claimed:
    """A job whose note is to be extracted now."""

    job: Job
    nid: int
    note: NoteForExtraction


class JobQueue(Protocol):
    """The worker's side of the queue: claiming, sorting out, failing and releasing jobs."""

    store: Store
    clock: Callable[[], float]

    def memory_vectors(self) -> MemoryVectors:
        """The memory vectors of the embedder in use."""
        ...

    def pending(self) -> int:
        """Notes still waiting for their built-in reading."""
        ...

    def claim(self, step_size: int, kind: JobKind = JobKind.EXTRACT) -> list[Job]:
        """Take up to ``step_size`` ready jobs of ``kind``."""
        ...

    def sort_out(
        self, jobs: Sequence[Job], producer: Producer, run: ExtractionRun, refined_by: Producer | None = None
    ) -> tuple[list[Claimed], set[str]]:
        """The claimed jobs still to do, with the keys of the labels stored so far."""
        ...

    def release(self, jobs: Sequence[Job]) -> None:
        """Put claimed jobs back, their attempts not counted."""
        ...

    def fail(self, jobs: Sequence[Job], error: str, run: ExtractionRun) -> None:
        """Record failures, retried later with backoff."""
        ...


@contextmanager
def put_back_if_interrupted(queue: JobQueue) -> Iterator[list[Job]]:
    """The jobs the caller keeps in the yielded list and that are still running when the block is
    interrupted (Ctrl-C, an error) go back to the queue at once, not when the next run starts."""
    under_way: list[Job] = []
    try:
        yield under_way
    except BaseException:
        queue.release(under_way)
        raise
