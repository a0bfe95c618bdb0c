"""The model's answer checked against the note, never trusted: unknown types and aspects, names
the note does not contain, quotes it does not hold and values it never states are dropped. What
survives is an Extraction in the note's own words, ready for the same resolution as the rules'."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date, datetime

from remen.core.constants import LLM_MAX_ITEMS
from remen.core.errors import LLMError
from remen.core.knowledge import (
    USER_NAME,
    VOICE_ASPECTS,
    Aspect,
    EntityType,
    ExtractedEntity,
    ExtractedStatement,
    Extraction,
    NoteForExtraction,
    Span,
)
from remen.core.timeutil import from_epoch, to_epoch
from remen.memory.dates import stated_date
from remen.memory.lexicon import PREDICATE_SYNONYMS, RELATIONS, canonical_relation, ties_of, words
from remen.memory.llm.prompt import MAX_SUMMARY_CHARS
from remen.memory.names import is_user, name_key

# Aspects whose statement is its own sentence, with the predicate the built-in extractor gives them.
FREE_TEXT = {
    Aspect.DECISION: "decided",
    Aspect.KNOWLEDGE: "knowledge",
    Aspect.EVENT: "event",
    Aspect.PROBLEM: "problem",
}
WRITER_WORDS = frozenset({"i", "me", "my", "myself", "mine", "writer", "the writer", "user", "the user", "author"})
LABEL_SHAPE = re.compile(r"^[\w][\w +#.\-]{0,39}$")
CONTEXT_CHARS = 200
# A summary may add linking words, not facts: at most this share of its content words may be
# new (compared on their first STEM_CHARS letters, so "decided" matches "decision").
SUMMARY_MAX_NEW_SHARE = 0.3
STEM_CHARS = 5
# Words (or characters) a quote says a predicate with, beyond the words of its own name, compared
# on their first CUE_STEM_CHARS letters ("work" for works, worked, working).
CUE_STEM_CHARS = 4
PREDICATE_CUES: dict[str, tuple[str, ...]] = {
    "works_at": ("job", "joined", "started", "employed", "employer", "hired", "company", "office", "team"),
    "lives_in": ("home", "moved", "house", "flat", "apartment", "based", "address"),
    "address": ("live", "home", "moved", "house", "flat", "apartment"),
    "birthday": ("born", "birth", "turns", "bday"),
    "email": ("@",),
    "phone": ("+", "number", "call", "mobile", "tel"),
    "role": ("job", "works", "title", "position", "joined", "hired", "promoted"),
    "uses": ("switched", "moved", "using", "started", "adopted", "tried"),
    "age": ("old", "turns", "turned", "aged"),
}
# Words addressed to a model rather than facts of a note (a note that quotes a prompt injection).
INSTRUCTION = re.compile(
    r"\b(?:ignore|disregard|forget|override)\b[^.]{0,40}\b(?:instructions?|prompts?|rules?|above)\b"
    r"|\b(?:output|return|respond|reply|print|answer)\b[^.]{0,30}\b(?:entit(?:y|ies)|json|statements?|as my)\b"
    r"|\byou are (?:now )?(?:an? |the )?(?:ai|assistant|model|llm|chatbot)\b|\bsystem prompt\b",
    re.IGNORECASE,
)
SUMMARY_FREE_WORDS = words(
    """
    your you this that with from they them their about also week notes note topic have been were
    into over some more most than then when what which while these those there
    """
)


class LLMBadOutput(LLMError):
    """The model's reply is not the JSON object asked for."""


@dataclass(frozen=True)
class Checked:
    """A validated extraction, and a reason for every item dropped."""

    extraction: Extraction
    dropped: tuple[str, ...]


def parse_reply(reply: str) -> dict[str, object]:
    """The reply as a JSON object (a fenced ```json block is unwrapped); LLMBadOutput otherwise."""
    text = reply.strip()
    fenced = re.fullmatch(r"```(?:json)?\s*(.*?)\s*```", text, re.DOTALL)
    if fenced:
        text = fenced.group(1)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LLMBadOutput(f"The model's answer is not valid JSON ({exc.msg} at character {exc.pos}).") from exc
    if not isinstance(data, dict):
        raise LLMBadOutput("The model's answer is not a JSON object.")
    return data


def locate(needle: str, text: str, whole_words: bool = True) -> Span | None:
    """Where ``needle`` occurs in ``text``, ignoring case, spacing and the punctuation around it."""
    words = re.findall(r"\S+", needle.strip(" \t\n.,;:!?\"'()[]"))
    if not words:
        return None
    pattern = r"\s+".join(re.escape(w) for w in words)
    if whole_words:
        pattern = rf"(?<!\w){pattern}(?!\w)"
    found = re.search(pattern, text, re.IGNORECASE)
    return Span(found.start(), found.end()) if found else None


def context_of(text: str, span: Span) -> str:
    """The line around ``span``, at most CONTEXT_CHARS long."""
    start = text.rfind("\n", 0, span.start) + 1
    end = text.find("\n", span.end)
    line = text[start : end if end >= 0 else len(text)]
    return line.strip()[:CONTEXT_CHARS]


def items(data: dict[str, object], key: str, dropped: list[str]) -> list[dict[str, object]]:
    """The objects of one list of the answer, the first LLM_MAX_ITEMS of them (anything else in it
    is skipped; what is left beyond the cap is counted in ``dropped``)."""
    value = data.get(key)
    found = [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []
    if len(found) > LLM_MAX_ITEMS:
        dropped.append(f"{len(found) - LLM_MAX_ITEMS} {key} beyond the first {LLM_MAX_ITEMS}")
    return found[:LLM_MAX_ITEMS]


def text_field(item: dict[str, object], key: str) -> str:
    """A string field, '' when missing or not a string."""
    value = item.get(key)
    return value.strip() if isinstance(value, str) else ""


def check(data: dict[str, object], note: NoteForExtraction) -> Checked:
    """Keep what the note supports: entities it names, statements it quotes, values it states."""
    text = note.text
    dropped: list[str] = []
    entities: dict[str, ExtractedEntity] = {}
    for item in items(data, "entities", dropped):
        name, kind = text_field(item, "name"), text_field(item, "type")
        if kind not in EntityType.__members__.values():
            dropped.append(f"entity {name!r}: unknown type {kind!r}")
            continue
        span = locate(name, text)
        if span is None or is_user(name) or name.lower() in WRITER_WORDS:
            dropped.append(f"entity {name!r}: not in the note")
            continue
        named = text[span.start : span.end]
        entities.setdefault(
            name_key(named), ExtractedEntity(named, EntityType(kind), span, None, context_of(text, span))
        )
    statements: list[ExtractedStatement] = []
    for item in items(data, "statements", dropped):
        statement = check_statement(item, note, entities, dropped)
        if statement is not None:
            statements.append(statement)
    labels = []
    raw_labels = data.get("labels")
    said = stems(f"{text} {' '.join(note.tags)}")
    for label in raw_labels if isinstance(raw_labels, list) else []:
        cleaned = label.strip().lower() if isinstance(label, str) else ""
        if not LABEL_SHAPE.match(cleaned) or cleaned in labels:
            continue
        if not stems(cleaned) <= said:
            dropped.append(f"label {cleaned!r}: the note never says it")
            continue
        labels.append(cleaned)
    return Checked(Extraction(tuple(entities.values()), tuple(statements), tuple(labels[:3])), tuple(dropped))


def check_statement(
    item: dict[str, object], note: NoteForExtraction, entities: dict[str, ExtractedEntity], dropped: list[str]
) -> ExtractedStatement | None:
    """One statement in the note's own words, or None (the reason added to ``dropped``)."""
    text = note.text
    quote = text_field(item, "quote")
    aspect_name = text_field(item, "aspect")
    if aspect_name not in Aspect.__members__.values():
        dropped.append(f"statement {quote[:40]!r}: unknown aspect {aspect_name!r}")
        return None
    aspect = Aspect(aspect_name)
    span = locate(quote, text, whole_words=False)
    if span is None:
        dropped.append(f"statement {quote[:40]!r}: quotes nothing from the note")
        return None
    said = text[span.start : span.end]
    subject = who(text_field(item, "subject"), text, entities)
    if subject is None:
        dropped.append(f"statement {quote[:40]!r}: its subject {text_field(item, 'subject')!r} is not in the note")
        return None
    when = valid_from(text_field(item, "when"), said, note.created, aspect)
    if aspect in VOICE_ASPECTS:
        return ExtractedStatement(aspect, said, subject, aspect.value.lower(), span, valid_at=when)
    if aspect in FREE_TEXT:
        return ExtractedStatement(aspect, said, subject, FREE_TEXT[aspect], span, object_value=said, valid_at=when)
    predicate = predicate_of(text_field(item, "predicate"))
    target = text_field(item, "object")
    if not predicate or not target:
        dropped.append(f"statement {quote[:40]!r}: no predicate or object")
        return None
    unsupported = unsupported_by(said, predicate, target)
    if unsupported:
        dropped.append(f"statement {quote[:40]!r}: {unsupported}")
        return None
    if name_key(target) in entities:
        return ExtractedStatement(
            aspect, said, subject, predicate, span, object_name=entities[name_key(target)].name, valid_at=when
        )
    value = locate(target, said)
    assert value is not None  # unsupported_by checked that the quote holds it
    return ExtractedStatement(
        aspect,
        said,
        subject,
        predicate,
        span,
        object_value=said[value.start : value.end],
        valid_at=when,
    )


def unsupported_by(quote: str, predicate: str, target: str) -> str | None:
    """Why ``quote`` does not support "subject · predicate · target", or None when it does: the
    quote must not talk to the model, must hold the object, and must say the predicate (one of its
    cue words, a relation word naming the tie, or a word of the predicate's own name)."""
    if INSTRUCTION.search(quote):
        return "the quote is an instruction to the model, not a fact"
    if locate(target, quote) is None:
        return f"its object {target!r} is not in the quoted words"
    said = {w[:CUE_STEM_CHARS] for w in re.findall(r"[^\W\d_]{3,}", quote.lower())}
    if predicate in RELATIONS:
        cues = ties_of(predicate)
    else:
        cues = [*PREDICATE_CUES.get(predicate, ()), *(w for w in predicate.split("_") if len(w) >= 3)]
    if not any(cue in quote.lower() if not cue.isalpha() else cue[:CUE_STEM_CHARS] in said for cue in cues):
        return f"the quoted words never say {predicate.replace('_', ' ')!r}"
    return None


def who(subject: str, text: str, entities: dict[str, ExtractedEntity]) -> str | None:
    """The statement's subject: the writer, an entity found, or a name the note contains."""
    if not subject or subject.lower() in WRITER_WORDS or is_user(subject):
        return USER_NAME
    if name_key(subject) in entities:
        return entities[name_key(subject)].name
    span = locate(subject, text)
    return text[span.start : span.end] if span else None


def predicate_of(raw: str) -> str:
    """snake_case, mapped to the built-in extractor's word where one means the same."""
    snake = re.sub(r"[^a-z0-9]+", "_", raw.lower()).strip("_")[:40]
    return canonical_relation(PREDICATE_SYNONYMS.get(snake, snake))


def valid_from(when: str, said: str, created: float, aspect: Aspect) -> float | None:
    """When the statement holds from: the model's date if it is a real one, else (for events) the
    date the words state, else None (the note's time)."""
    if when:
        try:
            day = date.fromisoformat(when)
        except ValueError:
            day = None
        if day is not None and 1900 <= day.year <= 2200:
            return to_epoch(datetime.combine(day, datetime.min.time()))
    if aspect == Aspect.EVENT:
        stated = stated_date(said, from_epoch(created))
        return stated.moment.timestamp() if stated else None
    return None


def check_summary(data: dict[str, object], source: str) -> str:
    """A digest's summary, if its content words come from ``source`` (the lines and titles it
    summarises); LLMBadOutput when it is empty or says what the notes do not."""
    summary = data.get("summary")
    if not isinstance(summary, str) or not summary.strip():
        raise LLMBadOutput("The model's summary is empty.")
    summary = summary.strip()
    if len(summary) >= MAX_SUMMARY_CHARS - 2:
        # Cut off by the schema's limit: keep the whole sentences, if any.
        end = max(summary.rfind(". "), summary.rfind("! "), summary.rfind("? "))
        if end < 0:
            raise LLMBadOutput("The model's summary was cut off mid-sentence.")
        summary = summary[: end + 1]
    words = [w for w in re.findall(r"[^\W\d_]{4,}", summary.lower()) if w not in SUMMARY_FREE_WORDS]
    known = stems(source)
    new = [w for w in words if w[:STEM_CHARS] not in known]
    if len(new) > SUMMARY_MAX_NEW_SHARE * max(len(words), 1):
        raise LLMBadOutput(f"The model's summary says what the notes do not ({', '.join(new[:5])}).")
    return summary


def stems(text: str) -> set[str]:
    """The first STEM_CHARS letters of every word of 3+ letters in ``text``, lower-cased."""
    return {w[:STEM_CHARS] for w in re.findall(r"[^\W\d_]{3,}", text.lower())}
