"""The one road for every note write: create, update, trash, restore, archive, purge and import batches.

Whichever way a note changes, the same things follow in the same transaction: its content hash,
the revision it replaces, its extraction job, its `[[Title]]` links (and the links waiting for its
title), and, when it leaves or rejoins what is visible, the fact chains it is part of (so a
trashed note's facts stop replacing older ones). The FTS rows,
the digests' staleness marks and the vectors' pending state follow from the row through triggers
and content hashes. Once the change is committed, the notes' files in a linked vault follow it
(vault_files.py); a batch read from the vault's own files is not written back. Nothing else
writes notes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from remen.core.errors import EmptyNoteError, NoteTooLargeError
from remen.core.links import linked_titles, retitled_links
from remen.core.models import ImportSummary, JobKind, NoteDraft
from remen.core.text import clean_id, new_id, stable_id
from remen.core.timeutil import to_epoch
from remen.memory.graph_writer import refresh_chains
from remen.notes.note_input import PreparedNote, prepare, prepare_change
from remen.notes.vault_files import VaultWriter, WriteBack
from remen.store import Store
from remen.store import jobs as job_store
from remen.store import links as link_store
from remen.store import memory as memory_store
from remen.store import notes as note_store
from remen.store.connect import Connection
from remen.store.notes import StoredNote

# set_flags' "leave deleted_at as it is".
UNCHANGED = False


@dataclass(frozen=True)
class ImportedNote:
    """One draft of an import, validated, with the id and times it will be stored under."""

    draft: NoteDraft
    prepared: PreparedNote
    note_id: str
    created: float
    updated: float


def unused_id(conn: Connection) -> str:
    """A new note id no note has (a collision of 12 random characters is all but impossible, but
    checking costs one lookup)."""
    while True:
        candidate = new_id()
        if note_store.get(conn, candidate) is None:
            return candidate


def change_visibility(
    conn: Connection, nid: int, archived: bool | None = None, deleted_at: float | bool | None = UNCHANGED
) -> None:
    """Set a note's archived/trashed flags; the fact chains it is part of are computed again
    without it (or with it, when it comes back)."""
    chains = memory_store.chains_of_note(conn, nid)
    note_store.set_flags(conn, nid, archived=archived, deleted_at=deleted_at)
    refresh_chains(conn, chains)


def remove(conn: Connection, nid: int) -> None:
    """Delete a note's row for good; the chains it was part of are computed again without it."""
    chains = memory_store.chains_of_note(conn, nid)
    note_store.delete_row(conn, nid)
    refresh_chains(conn, chains)


def relink(conn: Connection, nid: int, prepared: PreparedNote, title_before: str | None) -> None:
    """Store the links a note's text makes; a note new or with a new title takes the links that
    wait for its title."""
    link_store.relink(conn, nid, linked_titles(prepared.body))
    if title_before is None or title_before.casefold() != prepared.title.casefold():
        link_store.claim_waiting_links(conn, nid, prepared.title)


class NoteWriter:
    """Writes notes, each change in one transaction with everything that follows from it."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        """Write through ``store``; ``clock`` stamps saves and jobs."""
        self.store = store
        self.clock = clock
        self.files = VaultWriter(store, clock)
        # What the last write back to the vault's files did, and the problems of write-backs not
        # yet shown (the app's status and the CLI take them).
        self.written_back = WriteBack()
        self.problems: list[str] = []
        self.problems_lock = threading.Lock()

    def write_back(self, nids: Sequence[int]) -> None:
        """Bring the vault's files of these notes in line with them, after their change committed."""
        self.written_back = self.files.write_back(nids)
        if self.written_back.problems:
            with self.problems_lock:
                self.problems.extend(self.written_back.problems)

    def take_problems(self) -> list[str]:
        """The write-back problems not taken yet, once each."""
        with self.problems_lock:
            taken, self.problems = self.problems, []
        return taken

    def create(self, prepared: PreparedNote, created: float | None = None) -> StoredNote:
        """Store a new note under a fresh id and queue it for extraction."""
        now = self.clock()
        with self.store.transaction() as conn:
            nid = note_store.insert(
                conn,
                unused_id(conn),
                prepared.title,
                prepared.body,
                prepared.tags,
                now if created is None else created,
                now,
                prepared.content_hash,
            )
            job_store.enqueue(conn, JobKind.EXTRACT, nid, now, prepared.content_hash)
            relink(conn, nid, prepared, None)
            created_note = note_store.get_many(conn, [nid])[nid]
        self.write_back([nid])
        return created_note

    def update(self, nid: int, prepared: PreparedNote, keep_version: bool = False) -> StoredNote:
        """Replace a note's content, keeping what it replaces as a revision, and queue it for
        extraction again."""
        with self.store.transaction() as conn:
            changed = self.change(conn, nid, prepared, keep_version)
        self.write_back([nid])
        return changed

    def rename(self, nid: int, prepared: PreparedNote) -> tuple[StoredNote, list[StoredNote]]:
        """Give a note its new title and content, and rewrite the `[[links]]` to its old title in
        the notes that link to it (each keeping its text before as a revision). Returns the note
        and the notes whose links were rewritten."""
        with self.store.transaction() as conn:
            before = note_store.title_of(conn, nid)
            renamed = self.change(conn, nid, prepared, keep_version=True)
            relinked = []
            for linking in note_store.get_many(conn, link_store.linking_notes(conn, nid)).values():
                body = retitled_links(linking.note.body, before, prepared.title)
                if body != linking.note.body and linking.nid != nid:
                    relinked.append(self.change(conn, linking.nid, prepare_change(linking.note, body), True))
        self.write_back([nid, *(note.nid for note in relinked)])
        return renamed, relinked

    def change(self, conn: Connection, nid: int, prepared: PreparedNote, keep_version: bool) -> StoredNote:
        """Overwrite a note's content inside an open transaction, with what follows from it."""
        now = self.clock()
        before = note_store.title_of(conn, nid)
        note_store.update_content(
            conn,
            nid,
            prepared.title,
            prepared.body,
            prepared.tags,
            now,
            prepared.content_hash,
            now,
            keep_version=keep_version,
        )
        job_store.enqueue(conn, JobKind.EXTRACT, nid, now, prepared.content_hash)
        relink(conn, nid, prepared, before)
        return note_store.get_many(conn, [nid])[nid]

    def set_flags(
        self, nid: int, archived: bool | None = None, deleted_at: float | bool | None = UNCHANGED
    ) -> StoredNote:
        """Archive, unarchive, trash (``deleted_at`` a time) or restore (``deleted_at=None``)."""
        with self.store.transaction() as conn:
            change_visibility(conn, nid, archived=archived, deleted_at=deleted_at)
            flagged = note_store.get_many(conn, [nid])[nid]
        self.write_back([nid])
        return flagged

    def purge(self, nids: Sequence[int]) -> int:
        """Delete notes for good with their revisions and vectors (and their files in the vault's
        trash folder); return how many."""
        files = self.files.trashed_files(nids)
        with self.store.transaction() as conn:
            for nid in nids:
                remove(conn, nid)
        for path in files:
            path.unlink(missing_ok=True)
        return len(nids)

    def write_batch(self, drafts: Sequence[NoteDraft], summary: ImportSummary, from_vault: bool = False) -> None:
        """Write one batch of imported notes in a single transaction: new ids are added, changed
        ones updated (the old text kept as a revision), and archived/trashed flags follow the
        input, through the same chain refresh as a trash or restore in the app. The notes' vault
        files follow, unless the batch was read from them (``from_vault``)."""
        now = self.clock()
        batch = prepare_batch(drafts, summary, now)
        written: list[int] = []
        with self.store.transaction() as conn:
            existing = note_store.states_by_id(conn, [item.note_id for item in batch])
            for item in batch:
                draft, prepared = item.draft, item.prepared
                deleted_at = item.updated if draft.deleted else None
                state = existing.get(item.note_id)
                if state is None:
                    nid = note_store.insert(
                        conn,
                        item.note_id,
                        prepared.title,
                        prepared.body,
                        prepared.tags,
                        item.created,
                        item.updated,
                        prepared.content_hash,
                        draft.archived,
                        deleted_at,
                    )
                    job_store.enqueue(conn, JobKind.EXTRACT, nid, now, prepared.content_hash)
                    relink(conn, nid, prepared, None)
                    keep_versions(conn, nid, draft)
                    summary.added += 1
                    written.append(nid)
                    continue
                if not note_store.has_revisions(conn, state.nid):
                    # Older than any text this import replaces: kept first, so the order holds.
                    keep_versions(conn, state.nid, draft)
                if state.content_hash == prepared.content_hash:
                    summary.unchanged += 1
                else:
                    note_store.update_content(
                        conn,
                        state.nid,
                        prepared.title,
                        prepared.body,
                        prepared.tags,
                        item.updated,
                        prepared.content_hash,
                        now,
                        created=item.created,
                    )
                    job_store.enqueue(conn, JobKind.EXTRACT, state.nid, now, prepared.content_hash)
                    relink(conn, state.nid, prepared, state.title)
                    summary.updated += 1
                if (state.archived, state.deleted) != (draft.archived, draft.deleted):
                    change_visibility(conn, state.nid, archived=draft.archived, deleted_at=deleted_at)
                written.append(state.nid)
        if not from_vault:
            self.write_back(written)


def keep_versions(conn: Connection, nid: int, draft: NoteDraft) -> None:
    """Store an imported note's earlier versions, oldest first."""
    for version in draft.revisions:
        note_store.insert_revision(
            conn, nid, version.title, version.body, " ".join(version.tags), to_epoch(version.saved)
        )


def prepare_batch(drafts: Sequence[NoteDraft], summary: ImportSummary, now: float) -> list[ImportedNote]:
    """Validate a batch of drafts; empty and oversized ones are counted in ``summary`` and left out."""
    batch = []
    for draft in drafts:
        try:
            prepared = prepare(draft.body, draft.title, draft.tags)
        except (EmptyNoteError, NoteTooLargeError) as exc:
            summary.skipped_empty += isinstance(exc, EmptyNoteError)
            if isinstance(exc, NoteTooLargeError):
                summary.errors.append(f"{draft.title or draft.id}: {exc}")
            continue
        created = to_epoch(draft.created) if draft.created else now
        updated = to_epoch(draft.updated) if draft.updated else created
        note_id = clean_id(draft.id) or stable_id(f"{created}:{prepared.body}")
        batch.append(ImportedNote(draft, prepared, note_id, created, updated))
    return batch
