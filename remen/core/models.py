"""Plain data shared by the store, the search engine, the service and the interfaces."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import asdict, dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Literal


class JobKind(StrEnum):
    """Kinds of durable background work."""

    EXTRACT = "extract"
    # A second reading by the configured model server, after the built-in one.
    LLM_EXTRACT = "llm_extract"


class JobStatus(StrEnum):
    """Where a job is: waiting, being run, finished, given up after retries, or dropped because
    its note changed since it was queued."""

    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    DROPPED = "dropped"


class Leg(StrEnum):
    """Where a hit's evidence came from: the two search legs, or a time or tag listing."""

    KEYWORD = "keyword"
    SEMANTIC = "semantic"
    TIME = "time"
    TAG = "tag"


class MatchType(StrEnum):
    """Which legs found a hit; a query of only a time or only tags lists notes by that."""

    BOTH = "both"
    KEYWORD = "keyword"
    SEMANTIC = "semantic"
    TIME = "time"
    TAG = "tag"
    # Found through the chat turn it answers (the note written just before it).
    REPLY = "reply"


@dataclass(frozen=True)
class NoteFilter:
    """Which notes a query may return: created in [start, end) (epoch seconds), carrying every tag
    in ``tags`` (a tag also covers its children), and whether archived or trashed notes count.

    The one description of a query's reach, shared by both search legs and the graph handlers."""

    start: float | None = None
    end: float | None = None
    tags: tuple[str, ...] = ()
    include_archived: bool = False
    include_deleted: bool = False

    def admits_state(self, archived: bool, deleted: bool) -> bool:
        """Whether a note in this state may be returned."""
        return (self.include_archived or not archived) and (self.include_deleted or not deleted)

    def admits_created(self, created: float) -> bool:
        """Whether a note created at ``created`` falls in the time range."""
        return (self.start is None or created >= self.start) and (self.end is None or created < self.end)


@dataclass(frozen=True)
class NoteScope:
    """A :class:`NoteFilter` resolved against the database into sets: never a note in ``excluded``;
    only notes in ``within`` (time range and tags together) when it is given."""

    filter: NoteFilter
    excluded: AbstractSet[int] = frozenset()
    within: AbstractSet[int] | None = None
    tagged: AbstractSet[int] | None = None

    def admits(self, nid: int) -> bool:
        """Whether note ``nid`` may be returned."""
        return nid not in self.excluded and (self.within is None or nid in self.within)


@dataclass(frozen=True)
class Note:
    """One note as stored. Times are timezone-aware datetimes."""

    id: str
    title: str
    body: str
    tags: tuple[str, ...]
    created: datetime
    updated: datetime
    archived: bool = False
    deleted: bool = False
    content_hash: str = ""

    def to_dict(self) -> dict[str, object]:
        """The export/JSON shape: ISO 8601 times with offset."""
        return {
            "id": self.id,
            "title": self.title,
            "body": self.body,
            "tags": list(self.tags),
            "created": self.created.isoformat(),
            "updated": self.updated.isoformat(),
            "archived": self.archived,
            "deleted": self.deleted,
        }


@dataclass(frozen=True)
class PastVersion:
    """An earlier version of a note, as an export carries it."""

    title: str
    body: str
    tags: tuple[str, ...]
    saved: datetime

    def to_dict(self) -> dict[str, object]:
        """The export shape."""
        return {"title": self.title, "body": self.body, "tags": list(self.tags), "saved": self.saved.isoformat()}


@dataclass(frozen=True)
class Revision(PastVersion):
    """A previous version of a note, kept when it was overwritten."""

    note_id: str


@dataclass(frozen=True)
class NoteDraft:
    """A note to be written: what an importer or a form produces, before it has an id."""

    body: str
    title: str | None = None
    tags: tuple[str, ...] = ()
    id: str | None = None
    created: datetime | None = None
    updated: datetime | None = None
    archived: bool = False
    deleted: bool = False
    # Earlier versions, oldest first (a JSON Lines export's "revisions").
    revisions: tuple[PastVersion, ...] = ()


@dataclass
class ImportSummary:
    """What an import did, for the user and for tests."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped_binary: int = 0
    skipped_empty: int = 0
    replaced_utf8: int = 0
    decoded_cp1252: int = 0
    errors: list[str] = field(default_factory=list)
    embedded_chunks: int = 0
    pending_embeddings: int = 0

    @property
    def stored(self) -> int:
        """Notes now present that came from the input."""
        return self.added + self.updated + self.unchanged


@dataclass
class VaultSync:
    """What one pass over a linked folder did: notes added, updated from their files, files moved
    (their notes kept), notes trashed because their file was deleted, files as they were, files
    that cannot be notes (binary or empty), notes written out as new files (on linking, the
    notes the folder did not hold), and the files it could not read or write."""

    folder: str
    exported: int = 0
    added: int = 0
    updated: int = 0
    moved: int = 0
    trashed: int = 0
    unchanged: int = 0
    skipped: int = 0
    errors: list[str] = field(default_factory=list)
    embedded_chunks: int = 0
    # Conflict files Remen left in the folder (a note changed there and in Remen), still to merge.
    conflicts: int = 0

    @property
    def changed(self) -> int:
        """Notes this pass changed."""
        return self.added + self.updated + self.moved + self.trashed


@dataclass(frozen=True)
class VaultStatus:
    """A linked folder at a glance (by stat only, nothing read): its note files, the notes they
    stand for, the files a sync would read (new, changed) or let go (gone), and the conflict files
    Remen left beside files changed on both sides."""

    folder: str | None
    files: int = 0
    notes: int = 0
    new: int = 0
    changed: int = 0
    gone: int = 0
    conflicts: int = 0
    # Whether the folder is there (a disk not mounted, a folder moved away).
    present: bool = True

    @property
    def pending(self) -> int:
        """Files a sync would read or let go."""
        return self.new + self.changed + self.gone


# How a numeric date whose two numbers could both be a month is read: "3/2" is 3 February in
# "dmy", March 2 in "mdy". Unambiguous dates ("12/24", "24.12.") read the same in both.
DateOrder = Literal["dmy", "mdy"]
DATE_ORDERS: tuple[DateOrder, ...] = ("dmy", "mdy")


@dataclass(frozen=True)
class TimeRange:
    """A half-open local-time interval [start, end) with the words it came from."""

    start: datetime
    end: datetime
    description: str
    phrase: str = ""

    def contains(self, moment: datetime) -> bool:
        """True when ``moment`` falls inside the range."""
        return self.start <= moment < self.end


@dataclass(frozen=True)
class ParsedQuery:
    """How a query was understood: what to match, what to filter on."""

    raw: str
    text: str
    terms: tuple[str, ...]
    phrases: tuple[str, ...]
    tags: tuple[str, ...]
    time_range: TimeRange | None
    # Set when the query was too long to read whole for a time phrase: said on the interpretation line.
    time_notice: str | None = None

    @property
    def nothing_to_match(self) -> bool:
        """No words or phrases: only a time range and/or tags (or nothing at all) to filter by."""
        return not self.terms and not self.phrases

    @property
    def semantic_text(self) -> str:
        """What the semantic leg embeds: the query without its time phrase, tags and openers."""
        return self.text


@dataclass(frozen=True)
class Why:
    """The evidence behind one hit."""

    legs: tuple[Leg, ...]
    matched_terms: tuple[str, ...]
    similarity: float | None
    keyword_score: float | None
    recency_boost: float
    in_range: bool | None


@dataclass(frozen=True)
class SearchHit:
    """One note in a result list."""

    note_id: str
    title: str
    snippet: str
    score: float
    match_type: MatchType
    why: Why
    created: datetime
    updated: datetime
    tags: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        """JSON shape of a hit."""
        return {
            "id": self.note_id,
            "title": self.title,
            "snippet": self.snippet,
            "score": round(self.score, 4),
            "match_type": self.match_type,
            "created": self.created.isoformat(),
            "updated": self.updated.isoformat(),
            "tags": list(self.tags),
            "why": {
                "legs": list(self.why.legs),
                "matched_terms": list(self.why.matched_terms),
                "similarity": None if self.why.similarity is None else round(self.why.similarity, 4),
                "keyword_score": None if self.why.keyword_score is None else round(self.why.keyword_score, 4),
                "recency_boost": round(self.why.recency_boost, 4),
                "in_range": self.why.in_range,
            },
        }


@dataclass(frozen=True)
class SearchResult:
    """Everything a search returns: hits, interpretation, relaxation step and timings."""

    query: ParsedQuery
    results: tuple[SearchHit, ...]
    timings_ms: dict[str, float]
    relaxation: str | None = None
    model: str = ""
    # How `ask` routes the same text (the Route as plain data), so a caller can tell a question.
    route: dict[str, object] | None = None

    @property
    def temporal_filter(self) -> TimeRange | None:
        """The time range the query asked for, if any."""
        return self.query.time_range

    def to_dict(self) -> dict[str, object]:
        """JSON shape of a whole result."""
        tr = self.query.time_range
        return {
            "query": self.query.raw,
            "interpreted_query": interpretation_dict(self.query),
            "temporal_filter": None
            if tr is None
            else {
                "start": tr.start.isoformat(),
                "end": tr.end.isoformat(),
                "description": tr.description,
                "remaining_query": self.query.text,
            },
            "relaxation": self.relaxation,
            "route": self.route,
            "timings_ms": {k: round(v, 2) for k, v in self.timings_ms.items()},
            "results": [hit.to_dict() for hit in self.results],
        }


def interpretation_dict(query: ParsedQuery) -> dict[str, object]:
    """The interpretation of a query as plain data (for `remen explain --json`)."""
    tr = query.time_range
    return {
        "text": query.text,
        "terms": list(query.terms),
        "phrases": list(query.phrases),
        "tags": list(query.tags),
        "time_range": None
        if tr is None
        else {
            "start": tr.start.isoformat(),
            "end": tr.end.isoformat(),
            "description": tr.description,
            "phrase": tr.phrase,
        },
        "time_notice": query.time_notice,
    }


@dataclass(frozen=True)
class RelatedNote:
    """A note related to another: linked to or from it (``linked``), or similar in meaning
    (``similarity``: the cosine, 0 for a linked note the model does not place near)."""

    note_id: str
    title: str
    similarity: float
    linked: bool = False


@dataclass(frozen=True)
class LinkedNote:
    """A note at the other end of a `[[Title]]` link: the title and the note's id (None while no
    live note has that title)."""

    title: str
    note_id: str | None

    def to_dict(self) -> dict[str, object]:
        return {"title": self.title, "id": self.note_id}


@dataclass(frozen=True)
class NoteLinks:
    """Where a note's links lead (``to``) and the notes that link to it (``linked_from``)."""

    to: list[LinkedNote]
    linked_from: list[LinkedNote]


@dataclass(frozen=True)
class SavedSearch:
    """A query pinned under a name."""

    name: str
    query: str

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "query": self.query}


@dataclass(frozen=True)
class Job:
    """A unit of durable background work, for the note content it was queued for."""

    id: int
    kind: JobKind
    note_id: str | None
    payload: str
    attempts: int
    status: JobStatus
    content_hash: str


@dataclass(frozen=True)
class AppStatus:
    """A snapshot of the database and model state."""

    notes: int
    archived: int
    trash: int
    pending_embeddings: int
    model_ready: bool
    model_ok: bool
    model_message: str
    # Notes whose facts the extraction worker has still to read.
    pending_extractions: int = 0
    # Notes queued for the model server: ready now, and held until a retry.
    pending_llm: int = 0
    waiting_llm: int = 0
    # What went wrong writing notes back to a linked folder since the last status (conflicts kept
    # beside files changed on disk, files that could not be written): each said once.
    vault_problems: tuple[str, ...] = ()
    # Moves whenever any process adds, edits or deletes a note (trashing, archiving and restoring
    # move the counts): the app's list follows both.
    notes_generation: int = 0

    @property
    def notes_state(self) -> tuple[int, int, int, int]:
        """What changes when the list of notes does, whichever process changed it."""
        return (self.notes_generation, self.notes, self.archived, self.trash)


@dataclass(frozen=True)
class ModelHealth:
    """Whether the real model is in use, and what embeds notes meanwhile."""

    ok: bool
    message: str
    embedder: str


@dataclass(frozen=True)
class Problem:
    """A background task that failed: what, for which note, and the error it left."""

    task: str
    note_id: str | None
    error: str
    attempts: int = 1


@dataclass(frozen=True)
class DoctorReport:
    """`remen doctor`: where the database is, its health, the model, and background work."""

    database: str
    sqlite: str
    sqlite_vec: str
    integrity: str
    notes: dict[str, int]
    model: ModelHealth
    embedded: dict[str, int]
    pending_embeddings: int
    jobs: dict[str, int]
    problems: tuple[Problem, ...]
    advice: str | None
    # Entities, statements, labels and extracted notes of the knowledge graph; notes still to read.
    memory: dict[str, int] = field(default_factory=dict)
    # The live check of the configured model server (None: none configured).
    llm: dict[str, object] | None = None
    # The linked folder of notes (None: none linked).
    vault: VaultStatus | None = None

    def troubles(self) -> list[str]:
        """What needs the user's attention, in a few words each (empty: all is well)."""
        found = [] if self.integrity == "ok" else ["the database's integrity"]
        if not self.model.ok:
            found.append("the embedding model")
        if self.llm is not None and (self.llm.get("error") or not self.llm.get("reachable", True)):
            found.append("the model server")
        if self.problems:
            found.append(f"{len(self.problems)} failed task(s)")
        if self.vault is not None and not self.vault.present:
            found.append("the linked folder is missing")
        if self.vault is not None and self.vault.conflicts:
            found.append(f"{self.vault.conflicts} conflict file(s) in the linked folder")
        return found

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {**asdict(self), "troubles": self.troubles()}
