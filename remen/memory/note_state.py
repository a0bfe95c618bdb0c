"""What the built-in extractor gathers while it reads one note: entities by name, dated sentences,
statements, and whom an e-mail address belongs to."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from remen.core.constants import (
    MAX_STATEMENTS_PER_NOTE,
)
from remen.core.knowledge import (
    Aspect,
    EntityType,
    ExtractedEntity,
    ExtractedStatement,
    Span,
)
from remen.core.models import DateOrder
from remen.core.text import IRREGULAR_FORMS
from remen.core.timeutil import from_epoch
from remen.memory.dates import StatedDate, stated_date
from remen.memory.lexicon import ARRANGED_VERBS
from remen.memory.names import name_key
from remen.memory.patterns import (
    ADOPT,
    DATE_HINT,
    DROP,
    HONORIFIC_AFTER_NAME,
    NOT_USING,
    NUMBER_AFTER_NAME,
    USING,
)
from remen.memory.tool_use import ToolUse

if TYPE_CHECKING:
    from spacy.tokens import Span as SpacySpan
    from spacy.tokens import Token

# Where one clause of a sentence ends and the next begins: "did it, he comes thursday morning" is
# past up to the comma and a plan after it, as "signed the lease!! keys 15 August" is up to the cry.
CLAUSE_BREAKS = frozenset({",", ";", ":", "—", "–", "!", "!!", "?", "but", "so", "because"})
# The auxiliaries of a perfect (the tagger's tags, no parse: the parser is off while reading).
PERFECT_AUXILIARIES = frozenset({"have", "has", "had", "'ve", "’ve", "'d", "’d"})


# Finite verbs of the present and modals: "I'm moving", "she says", "will call".
PRESENT_TAGS = frozenset(("VBP", "VBZ", "MD"))


def base_of_another_past(token: Token) -> bool:
    """Whether a verb is written in its base form and its past is another word ("come", "run",
    "become"; not "put" nor "read", whose past is written alike)."""
    word = token.lower_
    return word in IRREGULAR_FORMS and word not in IRREGULAR_FORMS[word]


# The tags of a verb that carries its own tense ("has", "went", "will").
FINITE_VERB_TAGS = ("VBZ", "VBP", "VBD", "MD")


def clause_tenses(sent: SpacySpan) -> tuple[tuple[int, bool], ...]:
    """(end offset within the stripped sentence, past tense) of each clause of ``sent``. A clause is
    past when its last finite verb is in the simple past or a perfect ("has sent"); a participle
    alone is not ("wants it reviewed by Friday"), and a present or a modal after a past verb
    speaks of what is ahead ("Told Luis I'm moving to Denver end of July"), as a verb of arranging
    does ("exam booked 30 Sept")."""
    lead = len(sent.text) - len(sent.text.lstrip())
    clauses: list[tuple[int, bool]] = []
    past = perfect = False
    opening = True
    verbed = False
    for token in sent:
        first, opening = opening and not token.is_punct and not token.is_space, opening and token.is_punct
        if token.lower_ in CLAUSE_BREAKS or (verbed and joins_a_new_clause(token)):
            verbed = False
            clauses.append((token.idx - sent.start_char - lead, past))
            past = perfect = False
            opening = True
        elif token.lower_ in PERFECT_AUXILIARIES:
            # "have" in the present is a perfect only when a participle follows ("I have sent"
            # is past, "told them I have an interview on Monday" speaks of the coming Monday).
            perfect = True
            past = past and token.tag_ not in PRESENT_TAGS
        elif token.lower_ in ARRANGED_VERBS:
            past = False  # "part 3 exam booked 30 Sept": what is arranged is ahead
        elif token.tag_ == "VBD" or (token.tag_ == "VBN" and (perfect or first)):
            verbed = True
            # A participle opening a clause is a note's past without its subject: "Started at
            # Kettle Foods on Monday" (written on Saturday) is the Monday gone; not a verb's own
            # base whose past is another word, which the tagger may take for its participle ("come
            # to Santiago for my birthday on the 30th?" asks of the coming 30th).
            past = perfect or not base_of_another_past(token)
        elif token.tag_ in PRESENT_TAGS and token.lower_ not in PERFECT_AUXILIARIES:
            past = False
            verbed = True
    clauses.append((len(sent.text), past))
    return tuple(clauses)


def joins_a_new_clause(token: Token) -> bool:
    """Whether ``token`` is an "and" that opens a clause with a subject of its own, or a finite verb
    of its own, after one with a verb: "We moved in on Sunday and there are still boxes", "Owain
    started there on Monday and already has a desk" keep Monday in the past."""
    if token.lower_ != "and":
        return False
    following = [t for t in token.doc[token.i + 1 : token.i + 4] if t.tag_ != "RB"]
    return bool(following) and following[0].tag_ in ("PRP", "EX", *FINITE_VERB_TAGS)


@dataclass(frozen=True)
class TieMention:
    """An organisation, place or tool named in one of the writer's sentences, at character ``at``
    of it; whether a person is named before it; the sentence's MiniLM vector, if it was read."""

    name: str
    kind: EntityType
    span: Span
    sent: SpacySpan
    at: int
    person_before: bool
    vector: np.ndarray | None = field(compare=False)


@dataclass
class NoteState:
    """What one note's extraction accumulates as it reads the note, sentence by sentence."""

    written: float
    # How numeric dates that could be either way round ("3/2") read: the user's setting.
    date_order: DateOrder = "mdy"
    entities: dict[str, ExtractedEntity] = field(default_factory=dict)
    statements: list[ExtractedStatement] = field(default_factory=list)
    last_person: str | None = None
    # The person the note pairs with the writer ("Mira and I …"): whom "my partner" means.
    paired: str | None = None
    # Whether a sentence read so far speaks of someone as she or he.
    she_or_he: bool = False
    # The tool named last ("Cancelled it" gives it up).
    last_tool: str | None = None
    # The sentence read before the one being read ("new flat!" before a bare address).
    previous_sentence: str = ""
    # Whether the note speaks of a car anywhere (patterns.VEHICLE_WORDS): a model it names as
    # bought, sold or "my …" is the writer's car.
    about_a_car: bool = False
    # Whether the note speaks of moving house (MOVING_NOTE).
    about_a_move: bool = False
    # The clauses of the sentence being read and whether each is in the past tense: a day a past
    # clause states is not the coming one (clause_tenses).
    clauses: tuple[tuple[int, bool], ...] = ()
    _date_cache: tuple[str, StatedDate | None] = ("", None)
    mentions: Counter[str] = field(default_factory=Counter)
    # The kind of each name the note's sentences may hold, read once for the whole note
    # (remen.memory.entity_model.name_kinds); None: not a name.
    name_kinds: dict[str, EntityType | None] = field(default_factory=dict)
    # How sure the classifier was of each kind it chose there (a tie needs the kind and the tie).
    kind_sureness: dict[str, float] = field(default_factory=dict)
    # MiniLM's vector of each sentence the graph may keep, by where it starts in the note's text.
    sentence_vectors: dict[int, np.ndarray] = field(default_factory=dict)
    # The writer's own sentences' organisations, places and tools, for the tie classifier to read
    # once the whole note is read (remen.memory.tie_model).
    tie_mentions: list[TieMention] = field(default_factory=list)
    # Names said to be leaving ("Coach Mike moved to San Antonio"), as the sentence spells them.
    departed: list[str] = field(default_factory=list)
    # Whose birthday the sentence before spoke of without its day: a day opening the next one
    # answers it ("are you coming for Mum's birthday? 4 July").
    birthday_untold: str | None = None

    def entity(
        self, name: str, kind: EntityType, span: Span, role: str | None = None, context: str = "", sure: bool = False
    ) -> str:
        """Record an entity mention; returns the name it is known by in this note. A ``sure`` type
        (from a pattern like "my wife X" or "lives in X") overrides what the NER guessed."""
        name = re.sub(r"['’]s$", "", name.strip().strip("\"'"))
        if kind == EntityType.PERSON:
            name = HONORIFIC_AFTER_NAME.sub("", name)
        numbered = NUMBER_AFTER_NAME.match(context, context.find(name) + len(name)) if name in context else None
        if numbered is not None and f"{name} {numbered.group(1)}".lower() in self.name_kinds:
            # The rule's name stops at a word; the note's candidate goes on over its number
            # ("moved to Community 25": Community 25).
            name = f"{name} {numbered.group(1)}"
        key = name.lower()
        known = self.entities.get(key)
        if known is None or (sure and known.type != kind) or (role and not known.role):
            self.entities[key] = ExtractedEntity(
                name, kind, span, role or (known.role if known else None), context[:200]
            )
        self.mentions[key] += 1
        if kind == EntityType.PERSON:
            self.last_person = self.entities[key].name
        elif kind in (EntityType.TECHNOLOGY, EntityType.PRODUCT):
            self.last_tool = self.entities[key].name
        return self.entities[key].name

    def date_of(self, sentence: str) -> StatedDate | None:
        """The date the sentence states (read once per sentence; most sentences have none)."""
        if self._date_cache[0] != sentence:
            found = None
            if DATE_HINT.search(sentence):
                written = from_epoch(self.written)
                found = stated_date(sentence, written, False, self.date_order)
                if found is not None and self.past_at(sentence.lower().find(found.phrase.lower())):
                    found = stated_date(sentence, written, True, self.date_order)
            self._date_cache = (sentence, found)
        return self._date_cache[1]

    def time_of(self, sentence: str) -> float | None:
        """When the sentence says what it tells happens (epoch seconds), or None when it states no
        date ("I start at Tulus Lotrek on the 16th": the 16th)."""
        date = self.date_of(sentence)
        return None if date is None else date.moment.timestamp()

    def time_or_written(self, sentence: str) -> float:
        """The time the sentence states, else when the note was written."""
        stated = self.time_of(sentence)
        return self.written if stated is None else stated

    def past_at(self, offset: int) -> bool:
        """Whether the clause of the sentence being read that holds ``offset`` is in the past tense."""
        return next((past for end, past in self.clauses if offset < end), False)

    def state(self, statement: ExtractedStatement) -> None:
        """Record a statement, once; never one that ties a name to itself (a reading that took the
        subject for the object too)."""
        if statement.object_name is not None and name_key(statement.object_name) == name_key(statement.subject):
            return
        if len(self.statements) < MAX_STATEMENTS_PER_NOTE and statement not in self.statements:
            self.statements.append(statement)

    def end(self, statement: ExtractedStatement) -> None:
        """Record a value given up ("sold the Fiesta", "last day at Byrne & Moran", "cancelled
        Headspace") as a negated statement, after the value held until then: giving something up
        says it was held, even if no earlier note says so, and the history keeps it as the earlier
        value. (An earlier note that does say so makes the same statement, which keeps its time.)"""
        ended = statement.valid_at if statement.valid_at is not None else self.written
        self.state(replace(statement, negated=False, valid_at=ended - 1))
        self.state(replace(statement, negated=True))


# Sentences about using a tool: adopting it (a decision), using it (a fact), dropping it, not
# using it.
TOOL_USES = (
    (ADOPT, Aspect.DECISION, ToolUse.STARTS),
    (USING, Aspect.KNOWLEDGE, ToolUse.USES),
    (DROP, Aspect.DECISION, ToolUse.ENDS),
    (NOT_USING, Aspect.KNOWLEDGE, ToolUse.NOT_TAKEN),
)


def email_first_name(email: str) -> str | None:
    """The first word of an address's local part, when it can be a first name ("sarah.chen@…")."""
    first = re.split(r"[._+-]", email.split("@")[0].lower())[0]
    return first if len(first) >= 3 and first.isalpha() else None


def email_owner(email: str, state: NoteState) -> str | None:
    """The person of the note an address is named after ("sarah.chen@acme.com" → Sarah Chen when
    the note names her). One the graph knows is found when the statement is written."""
    first = email_first_name(email)
    if first is None:
        return None
    for key, entity in state.entities.items():
        if entity.type == EntityType.PERSON and key.split()[0] == first:
            return entity.name
    return None
