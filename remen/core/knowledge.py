"""Plain data of the knowledge graph: entity types, aspects, and what extraction and queries return."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime
from enum import StrEnum


class EntityType(StrEnum):
    """The eleven kinds of things the graph knows (CORE's types)."""

    PERSON = "Person"
    ORGANIZATION = "Organization"
    PLACE = "Place"
    EVENT = "Event"
    PROJECT = "Project"
    TASK = "Task"
    TECHNOLOGY = "Technology"
    PRODUCT = "Product"
    STANDARD = "Standard"
    CONCEPT = "Concept"
    PREDICATE = "Predicate"


class Aspect(StrEnum):
    """What kind of statement a sentence makes (CORE's twelve aspects)."""

    IDENTITY = "Identity"
    KNOWLEDGE = "Knowledge"
    BELIEF = "Belief"
    PREFERENCE = "Preference"
    HABIT = "Habit"
    GOAL = "Goal"
    TASK = "Task"
    DIRECTIVE = "Directive"
    DECISION = "Decision"
    EVENT = "Event"
    PROBLEM = "Problem"
    RELATIONSHIP = "Relationship"


# Kept whole, in the user's own words; the others are stored as subject–predicate–object triples.
VOICE_ASPECTS = frozenset({Aspect.DIRECTIVE, Aspect.PREFERENCE, Aspect.HABIT, Aspect.BELIEF, Aspect.GOAL, Aspect.TASK})

# Predicates whose object is the statement's own sentence (knowledge, events, problems, decisions
# told in words): nothing to contradict, no triple to show, no vector of their own.
FREE_TEXT_PREDICATES = frozenset({"knowledge", "event", "problem", "decided"})
# How a stored fact's predicate says the tie ended ("Sold the Fiesta": me · not car · Fiesta).
ENDED_PREFIX = "not "

# The user: the subject of first-person statements ("I", "my").
USER_NAME = "me"


@dataclass(frozen=True)
class Span:
    """Character offsets [start, end) into the note's text (title line + body)."""

    start: int
    end: int


@dataclass(frozen=True)
class ExtractedEntity:
    """An entity as a note names it, before resolution against the graph."""

    name: str
    type: EntityType
    span: Span
    # A relation of the user's that names this entity ("wife" for "my wife Julia").
    role: str | None = None
    context: str = ""


@dataclass(frozen=True)
class ExtractedStatement:
    """One statement of a note. Graph aspects name a subject, a predicate and an object (an entity
    name or a literal value); voice aspects keep ``text`` whole and name the user as subject."""

    aspect: Aspect
    text: str
    subject: str
    predicate: str
    span: Span
    object_name: str | None = None
    object_value: str | None = None
    # When it happened or holds from (epoch seconds); None: the note's own time.
    valid_at: float | None = None
    # An object this statement replaces for the subject ("switched from npm to pnpm": npm).
    replaces: str | None = None
    negated: bool = False


@dataclass(frozen=True)
class NoteForExtraction:
    """What an extractor reads: the note's text and time. ``known_names`` (the graph's aliases,
    lower-cased → type) only spare computing vectors of names already stored: the built-in
    extractor reads each note on its own, so reading a note again, in any order or after a crash,
    gives the same facts."""

    text: str
    tags: tuple[str, ...]
    created: float
    known_names: dict[str, EntityType] = field(default_factory=dict)
    # Known entities near this note (ENTITY vectors, names it contains), for a model's prompt.
    nearby_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class Extraction:
    """Everything one extractor found in one note."""

    entities: tuple[ExtractedEntity, ...] = ()
    statements: tuple[ExtractedStatement, ...] = ()
    labels: tuple[str, ...] = ()


@dataclass(frozen=True)
class EntitySummary:
    """An entity in a listing."""

    name: str
    type: EntityType
    aliases: tuple[str, ...]
    statements: int
    notes: int

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {**asdict(self), "type": str(self.type)}


@dataclass(frozen=True)
class Fact:
    """A statement as stored, with its history and where it came from."""

    id: int
    aspect: Aspect
    text: str
    subject: str
    predicate: str
    target: str | None
    valid_at: datetime
    invalid_at: datetime | None
    invalidated_by: int | None
    note_ids: tuple[str, ...]
    quote: str
    # Stated by the user (`remen fact set`), not read from a note: it outranks extraction.
    by_user: bool = False

    @property
    def current(self) -> bool:
        """Whether nothing later replaced it."""
        return self.invalid_at is None

    @property
    def is_triple(self) -> bool:
        """Whether it reads as subject · predicate · object (else its sentence says it)."""
        return bool(self.target) and self.predicate not in FREE_TEXT_PREDICATES

    @property
    def ended(self) -> bool:
        """Whether it says a tie ended ("Sold the Fiesta": the Fiesta is your car no longer)."""
        return self.predicate.startswith(ENDED_PREFIX)

    def triple_words(self) -> str:
        """'Me · works at · Acme', or for an ended tie 'Me · car · Fiesta (ended)'."""
        predicate = self.predicate.removeprefix(ENDED_PREFIX).replace("_", " ")
        return f"{self.subject} · {predicate} · {self.target}" + (" (ended)" if self.ended else "")

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "id": self.id,
            "aspect": str(self.aspect),
            "text": self.text,
            "subject": self.subject,
            "predicate": self.predicate,
            "object": self.target,
            "valid_at": self.valid_at.isoformat(),
            "invalid_at": None if self.invalid_at is None else self.invalid_at.isoformat(),
            "invalidated_by": self.invalidated_by,
            "current": self.current,
            "notes": list(self.note_ids),
            "quote": self.quote,
            "by_user": self.by_user,
        }


@dataclass(frozen=True)
class EntityDetail:
    """`remen entity NAME`: the entity, its aliases and attributes, what is said of it, and where."""

    name: str
    type: EntityType
    aliases: tuple[str, ...]
    attributes: dict[str, str]
    facts: tuple[Fact, ...]
    note_ids: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "name": self.name,
            "type": str(self.type),
            "aliases": list(self.aliases),
            "attributes": dict(self.attributes),
            "facts": [f.to_dict() for f in self.facts],
            "notes": list(self.note_ids),
        }


@dataclass(frozen=True)
class LabelCount:
    """A topic label and how many notes carry it."""

    name: str
    notes: int


@dataclass(frozen=True)
class Digest:
    """What one label's notes said in one week: key statements and titles, newest first."""

    week: str  # the week's Monday, ISO date
    label: str  # '' for notes without a label
    notes: int
    lines: tuple[str, ...]
    titles: tuple[str, ...]
    note_ids: tuple[str, ...]
    # A model server's one-line summary of the lines and titles, checked against them.
    summary: str | None = None


@dataclass
class ExtractionRun:
    """What one drain of the extraction queue did."""

    done: int = 0
    skipped: int = 0
    failed: int = 0
    dropped: int = 0
    errors: list[str] = field(default_factory=list)
    digests: int = 0  # weeks whose digests were rebuilt
    refined: int = 0  # notes also read by the model server
    summaries: int = 0  # weekly digests the model server summed up
    llm_error: str | None = None  # why the model server was left alone for a while
