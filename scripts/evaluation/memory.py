"""The notes `ask` is scored over (tests/data/memory_notes.jsonl). Extraction itself is scored
against the memory set (memory_set.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from .rows import json_lines


@dataclass(frozen=True)
class LabelledNote:
    """One note of the labelled set with what a reader should find in it."""

    id: str
    created: float
    text: str
    entities: tuple[tuple[str, str], ...]
    aspects: tuple[tuple[str, str], ...]
    triples: tuple[tuple[str, str, str], ...]


def load_labelled(path: Path) -> list[LabelledNote]:
    """The labelled set (JSON Lines)."""
    notes = []
    for row in json_lines(path):
        notes.append(
            LabelledNote(
                row["id"],
                datetime.fromisoformat(row["created"]).astimezone().timestamp(),
                row["text"],
                tuple((e[0], e[1]) for e in row["entities"]),
                tuple((a[0], a[1]) for a in row["aspects"]),
                tuple((t[0], t[1], t[2]) for t in row["triples"]),
            )
        )
    return notes
