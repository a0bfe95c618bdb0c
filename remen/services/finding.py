"""Finding notes: search by keyword, meaning and time, how a query is read, related notes."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import numpy as np

from remen.ask.router import route
from remen.core.answers import Route
from remen.core.constants import DEFAULT_LIMIT
from remen.core.errors import SavedSearchError
from remen.core.models import ParsedQuery, RelatedNote, SavedSearch, SearchResult
from remen.core.text import clean_text, one_line
from remen.search.query import parse_query
from remen.services.context import Context
from remen.store import links as link_store
from remen.store import notes as note_store


class FindingService:
    """Search and related notes over the context's engine (vectors in RAM once warmed)."""

    def __init__(self, context: Context) -> None:
        """Search the notes of ``context``'s database."""
        self.context = context
        self.engine = context.engine

    def search(
        self,
        text: str,
        now: datetime | None = None,
        limit: int = DEFAULT_LIMIT,
        include_archived: bool = False,
        include_deleted: bool = False,
    ) -> SearchResult:
        """Search by keyword, meaning and time; ``now`` fixes the clock for time phrases."""
        moment = self.context.moment(now)
        result = self.engine.search(text, moment, limit, include_archived, include_deleted)
        return replace(result, route=self.route(text, moment).to_dict())

    def route(self, question: str, now: datetime | None = None) -> Route:
        """How ``question`` would be answered (for `remen explain`)."""
        asker = self.context.asker
        return route(question, self.context.moment(now), asker.index(), asker.entity_by_meaning, self.engine.date_order)

    def explain(self, text: str, now: datetime | None = None) -> ParsedQuery:
        """How a query is understood, without running it."""
        return parse_query(text, self.context.moment(now), self.engine.date_order)

    def related(self, note_id: str, limit: int = 5) -> list[RelatedNote]:
        """The notes this one links to or is linked from (a link is the writer's own word for
        "related"), then the notes closest in meaning; ``limit`` in all, none archived or trashed."""
        note = self.context.resolve(note_id)
        near = self.engine.related(note.nid, limit)
        with self.context.store.read() as conn:
            ends = [*link_store.links_from(conn, note.nid), *link_store.backlinks(conn, note.nid)]
            ids = [end.note_id for end in ends if end.note_id is not None and end.note_id != note.note.id]
            titles = {key: stored.note.title for key, stored in note_store.by_ids(conn, ids).items()}
        similarity = {r.note_id: r.similarity for r in near}
        linked = {
            key: RelatedNote(key, titles[key], similarity.get(key, 0.0), linked=True) for key in ids if key in titles
        }
        return [*linked.values(), *(r for r in near if r.note_id not in linked)][:limit]

    def related_to_draft(self, text: str, limit: int = 5, exclude_id: str | None = None) -> list[RelatedNote]:
        """Notes closest in meaning to unsaved text (the note being written, if saved, excluded)."""
        exclude = self.context.resolve(exclude_id).nid if exclude_id else None
        return self.engine.related_to_text(text, limit, exclude)

    def meaning(self, text: str) -> np.ndarray:
        """The unit vector of a text (to tell whether a draft's meaning changed)."""
        return self.context.models.embedder.embed_query(text)

    def warm_search(self) -> None:
        """Load the model and every vector into RAM, for a long-lived process like the TUI."""
        _ = self.context.models.embedder
        self.engine.warm()

    def save_search(self, name: str, query: str) -> SavedSearch:
        """Pin ``query`` under ``name`` (a name saved before, case aside, gets the new query)."""
        name, query = one_line(clean_text(name)), one_line(clean_text(query))
        if not name:
            raise SavedSearchError("A saved search needs a name: type one.")
        if not query:
            raise SavedSearchError("There is no query to save: type a search first.")
        with self.context.store.transaction() as conn:
            link_store.save_search(conn, name, query, self.context.clock())
        return SavedSearch(name, query)

    def saved_searches(self) -> list[SavedSearch]:
        """Every saved search, by name."""
        with self.context.store.read() as conn:
            return link_store.saved_searches(conn)

    def saved_search(self, name: str) -> SavedSearch:
        """The saved search called ``name`` (case aside); an error that lists the names otherwise."""
        found = next((s for s in self.saved_searches() if s.name.casefold() == name.strip().casefold()), None)
        if found is None:
            names = ", ".join(s.name for s in self.saved_searches()) or "none yet"
            raise SavedSearchError(f"No saved search called {name!r} (saved: {names}).")
        return found

    def forget_search(self, name: str) -> SavedSearch | None:
        """Remove the saved search ``name`` (case aside); return it (to undo), or None when there
        was none."""
        with self.context.store.transaction() as conn:
            return link_store.forget_search(conn, name)
