"""Writing many notes at once (imports, in batches of one transaction) and exporting them all."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from remen.errors import EmptyNoteError, NoteTooLargeError
from remen.models import ImportSummary, JobKind, NoteDraft
from remen.note_input import prepare
from remen.store import Store
from remen.store import jobs as job_store
from remen.store import notes as note_store
from remen.text import slugify, stable_id
from remen.timeutil import to_epoch
from remen.transfer.markdown import note_to_markdown


def write_drafts(store: Store, drafts: Sequence[NoteDraft], summary: ImportSummary, now: float) -> None:
    """Write one batch of imported notes in a single transaction."""
    prepared = []
    for draft in drafts:
        try:
            note = prepare(draft.body, draft.title, draft.tags)
        except (EmptyNoteError, NoteTooLargeError) as exc:
            summary.skipped_empty += isinstance(exc, EmptyNoteError)
            if isinstance(exc, NoteTooLargeError):
                summary.errors.append(f"{draft.title or draft.id}: {exc}")
            continue
        created = to_epoch(draft.created) if draft.created else now
        note_id = draft.id or stable_id(f"{created}:{note.body}")
        prepared.append((draft, note, note_id, created))
    with store.transaction() as conn:
        existing = note_store.hashes_by_id(conn, [p[2] for p in prepared])
        for draft, note, note_id, created in prepared:
            updated = to_epoch(draft.updated) if draft.updated else created
            deleted_at = updated if draft.deleted else None
            if note_id not in existing:
                nid = note_store.insert(
                    conn,
                    note_id,
                    note.title,
                    note.body,
                    note.tags,
                    created,
                    updated,
                    note.content_hash,
                    draft.archived,
                    deleted_at,
                )
                job_store.enqueue(conn, JobKind.EXTRACT, nid, now, note.content_hash)
                summary.added += 1
                continue
            nid, old_hash = existing[note_id]
            if old_hash == note.content_hash:
                summary.unchanged += 1
            else:
                note_store.update_content(
                    conn, nid, note.title, note.body, note.tags, updated, note.content_hash, now, created=created
                )
                job_store.enqueue(conn, JobKind.EXTRACT, nid, now, note.content_hash)
                summary.updated += 1
            note_store.set_flags(conn, nid, archived=draft.archived, deleted_at=deleted_at)


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
