"""Notes as a person handles them: add, change, find by id or title, trash, archive, history."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from remen.core.constants import LINK_SUGGESTIONS
from remen.core.errors import EmptyTitleError, RemenError
from remen.core.links import link_title
from remen.core.models import Note, NoteLinks, Revision
from remen.core.text import clean_text, derive_title, fold, one_line
from remen.core.timeutil import to_epoch
from remen.core.wording import plural
from remen.notes.note_input import prepare, prepare_change, retitled_body
from remen.services.context import Context
from remen.store import links as link_store
from remen.store import notes as note_store


class NoteService:
    """Every change goes through the context's writer (the one road); reads use the pool."""

    def __init__(self, context: Context) -> None:
        """Serve the notes of ``context``'s database."""
        self.context = context
        self.writer = context.writer

    def add(
        self,
        body: str,
        title: str | None = None,
        tags: Iterable[str] = (),
        created: datetime | None = None,
        embed: bool = True,
    ) -> Note:
        """Save a new note; with ``embed`` it is findable by meaning when this returns."""
        stored = self.writer.create(prepare(body, title, tags), to_epoch(created) if created else None)
        if embed:
            self.context.indexer.embed_after_save(stored)
        return stored.note

    def update(
        self,
        note_id: str,
        body: str | None = None,
        title: str | None = None,
        tags: Iterable[str] | None = None,
        embed: bool = True,
        keep_version: bool = False,
    ) -> Note:
        """Change a note's text, title or tags; the previous version is kept as a revision (saves
        in one editing session share one; ``keep_version`` keeps this one's whatever its age)."""
        current = self.context.resolve(note_id)
        prepared = prepare_change(current.note, body, title, tags)
        if prepared.content_hash == current.note.content_hash:
            return current.note
        stored = self.writer.update(current.nid, prepared, keep_version)
        if embed:
            self.context.indexer.embed_after_save(stored)
        return stored.note

    def rename(self, note_id: str, title: str) -> Note:
        """Give a note a new title without opening it: a first line that was its title says the
        new one ("# Carbonara" → "# Roman carbonara"); otherwise the title is kept beside the body.
        The previous version is kept as a revision of its own (each rename can be looked up)."""
        new_title = one_line(clean_text(title))
        if not new_title:
            raise EmptyTitleError("A title cannot be empty: type the new title.")
        current = self.context.resolve(note_id)
        old = current.note
        prepared = prepare_change(old, retitled_body(old.body, old.title, new_title), new_title)
        if prepared.content_hash == old.content_hash:
            return old
        renamed, relinked = self.writer.rename(current.nid, prepared)
        for stored in (renamed, *relinked):
            self.context.indexer.embed_after_save(stored)
        return renamed.note

    def links(self, note_id: str) -> NoteLinks:
        """Where a note's `[[Title]]` links lead, and the notes that link to it."""
        nid = self.context.resolve(note_id).nid
        with self.context.store.read() as conn:
            return NoteLinks(link_store.links_from(conn, nid), link_store.backlinks(conn, nid))

    def link_target(self, note_id: str, title: str) -> str | None:
        """The id of the note a link in note ``note_id`` to ``title`` leads to (the note it was
        made to, though retitled since; else the note with that title), or None: no such note."""
        nid = self.context.resolve(note_id).nid if note_id else None
        with self.context.store.read() as conn:
            return link_store.target_of(conn, nid, link_title(title))

    def link_titles(self, typed: str, limit: int = LINK_SUGGESTIONS, besides: str | None = None) -> list[str]:
        """Titles to complete a link typed so far: starting with ``typed``, then holding it, last
        edited first; ``besides`` (the note being written) left out."""
        nid = self.context.resolve(besides).nid if besides else None
        with self.context.store.read() as conn:
            return link_store.titles_like(conn, link_title(typed), limit, nid)

    def get(self, note_id: str) -> Note:
        """A note by id or unique id prefix."""
        return self.context.resolve(note_id).note

    def note_titled(self, title: str) -> Note | None:
        """The live note whose title is ``title`` (case and a leading "#" ignored), the most
        recently edited if several: what Enter in the app opens instead of a new note."""
        wanted = title.strip().lstrip("#").strip()
        if not wanted:
            return None
        with self.context.store.read() as conn:
            found = note_store.titled_like(conn, wanted)
        return next((s.note for s in found if fold(s.note.title) == fold(wanted)), None)

    def delete(self, note_id: str) -> Note:
        """Move a note to the trash (undo with :meth:`restore`)."""
        return self.writer.set_flags(self.context.resolve(note_id).nid, deleted_at=self.context.clock()).note

    def restore(self, note_id: str) -> Note:
        """Bring a note back from the trash."""
        return self.writer.set_flags(self.context.resolve(note_id).nid, deleted_at=None).note

    def archive(self, note_id: str) -> Note:
        """Hide a note from search and lists without deleting it."""
        return self.writer.set_flags(self.context.resolve(note_id).nid, archived=True).note

    def unarchive(self, note_id: str) -> Note:
        """Bring an archived note back."""
        return self.writer.set_flags(self.context.resolve(note_id).nid, archived=False).note

    def purge(self, note_id: str) -> None:
        """Delete a note for good, with its revisions and vectors. Cannot be undone."""
        self.writer.purge([self.context.resolve(note_id).nid])

    def empty_trash(self) -> int:
        """Purge every note in the trash; return how many."""
        with self.context.store.read() as conn:
            trashed = note_store.list_notes(conn, trash=True)
        return self.writer.purge([stored.nid for stored in trashed])

    def list_notes(
        self, tag: str | None = None, archived: bool = False, trash: bool = False, limit: int | None = None
    ) -> list[Note]:
        """Notes, most recently updated first: live by default, or the archive, or the trash."""
        with self.context.store.read() as conn:
            return [s.note for s in note_store.list_notes(conn, tag=tag, archived=archived, trash=trash, limit=limit)]

    def tags(self) -> list[tuple[str, int]]:
        """Tags of live notes with counts."""
        with self.context.store.read() as conn:
            return note_store.tag_counts(conn)

    def counts(self) -> dict[str, int]:
        """Live, archived and trashed note counts."""
        with self.context.store.read() as conn:
            return note_store.counts(conn)

    def revisions(self, note_id: str) -> list[Revision]:
        """Earlier versions of a note, newest first."""
        stored = self.context.resolve(note_id)
        with self.context.store.read() as conn:
            return note_store.revisions(conn, stored.nid)

    def revision(self, note_id: str, number: int) -> Revision:
        """Earlier version ``number`` (1 = the newest, as `revisions` lists them); an error that
        says which numbers exist otherwise."""
        revisions = self.revisions(note_id)
        if not 1 <= number <= len(revisions):
            raise RemenError(
                f"{note_id} has {plural(len(revisions), 'earlier version')}"
                + (f"; pick 1 to {len(revisions)}." if revisions else ".")
            )
        return revisions[number - 1]

    def restore_revision(self, note_id: str, number: int) -> Note:
        """Bring back earlier version ``number`` (1 = the newest, as `revisions` lists them): the
        text now becomes a revision in turn, so a restore can itself be undone."""
        revision = self.revision(note_id, number)
        title = revision.title if revision.title != derive_title(revision.body) else None
        return self.update(note_id, body=revision.body, title=title, tags=revision.tags, keep_version=True)
