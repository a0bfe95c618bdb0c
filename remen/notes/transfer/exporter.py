"""Writing every note out: JSON Lines (the exact round trip) and a folder of Markdown files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TextIO

from remen.core.text import slugify
from remen.notes.transfer.markdown import note_to_markdown
from remen.store import Store
from remen.store import notes as note_store


def export_jsonl(store: Store, out: TextIO) -> int:
    """Write every note (archived and trashed too) as JSON Lines; return the count."""
    count = 0
    with store.read() as conn:
        notes = [s.note for s in note_store.all_notes(conn)]
    for note in notes:
        out.write(json.dumps(note.to_dict(), ensure_ascii=False) + "\n")
        count += 1
    return count


def export_markdown(store: Store, root: Path) -> int:
    """Write live and archived notes as Markdown files, one sub-folder per first tag."""
    with store.read() as conn:
        notes = [s.note for s in note_store.all_notes(conn) if not s.note.deleted]
    used: set[Path] = set()
    for note in notes:
        sub = root / (slugify(note.tags[0]) if note.tags else "")
        path = sub / f"{slugify(note.title)}.md"
        if path in used or path.exists():
            path = sub / f"{slugify(note.title)}-{note.id}.md"
        used.add(path)
        sub.mkdir(parents=True, exist_ok=True)
        path.write_text(note_to_markdown(note), encoding="utf-8")
    return len(notes)
