"""The extraction prompt and its JSON schema, written for Remen's graph: 11 entity types and 12
aspects defined in a sentence each, a worked example, the note's date, and the names the graph
already knows. Bump PROMPT_VERSION whenever either changes: every note is then read again."""

from __future__ import annotations

import json
from datetime import datetime

from remen.core.knowledge import Aspect, EntityType

PROMPT_VERSION = "llm-1"
MAX_STATEMENTS = 12
MAX_LABELS = 3
MAX_QUOTE_CHARS = 240
MAX_VALUE_CHARS = 120
MAX_NAME_CHARS = 60
MAX_PREDICATE_CHARS = 32
MAX_LABEL_CHARS = 40
MAX_SUMMARY_CHARS = 200
# A note allows one more statement per this many characters (two at least).
CHARS_PER_ITEM = 50

ENTITY_TYPES: dict[EntityType, str] = {
    EntityType.PERSON: "a human being, named (Julia, Dr. Weber, @marco).",
    EntityType.ORGANIZATION: "a company, team, school, shop or institution (Acme Corp, the payments squad).",
    EntityType.PLACE: "a city, country, address or venue (Lisbon, Schillerstrasse 12).",
    EntityType.EVENT: "a named occasion (PyCon 2026, Project Phoenix kickoff).",
    EntityType.PROJECT: "a named piece of ongoing work (Project Phoenix, the garden shed).",
    EntityType.TASK: "a named to-do that other notes refer to (the tax return).",
    EntityType.TECHNOLOGY: "a language, library, tool or protocol (Rust, pnpm, Kafka, GraphQL).",
    EntityType.PRODUCT: "a thing one buys or uses by brand (iPhone 15, Kindle, Notion).",
    EntityType.STANDARD: "a specification or norm (ISO 8601, HTTP/2, GDPR).",
    EntityType.CONCEPT: "an idea or field (code review, remote work, sourdough).",
    EntityType.PREDICATE: "a named kind of relation used as a thing (mentorship).",
}
ASPECTS: dict[Aspect, str] = {
    Aspect.IDENTITY: "a fact about who or what someone is: birthday, email, phone, address, "
    "where they live or work, their role.",
    Aspect.KNOWLEDGE: "something the writer learned or knows, a how-to or a fact about the world.",
    Aspect.BELIEF: "an opinion or view the writer holds.",
    Aspect.PREFERENCE: "what the writer likes, dislikes or prefers.",
    Aspect.HABIT: "something the writer does regularly.",
    Aspect.GOAL: "something the writer wants to achieve.",
    Aspect.TASK: "something still to do.",
    Aspect.DIRECTIVE: "a rule the writer sets for themselves or others (always…, never…).",
    Aspect.DECISION: "a choice that was made (decided, chose, switched to…).",
    Aspect.EVENT: "something that happened or will happen at a time (a meeting, a trip, an appointment).",
    Aspect.PROBLEM: "something broken, failing or painful.",
    Aspect.RELATIONSHIP: "how two people or a person and an organisation are linked "
    "(wife, friend, manager, teacher, works with).",
}


def answer_limits(chars: int) -> tuple[int, int, int]:
    """(items per list, quote length, value length) a note of ``chars`` characters allows."""
    items = max(2, min(MAX_STATEMENTS, 2 + chars // CHARS_PER_ITEM))
    return items, max(20, min(MAX_QUOTE_CHARS, chars)), max(20, min(MAX_VALUE_CHARS, chars))


def longest_answer(chars: int) -> int:
    """The most characters an answer that follows :func:`schema_for` can take (JSON included)."""
    items, quote, value = answer_limits(chars)
    entity = MAX_NAME_CHARS + 40
    statement = quote + 2 * MAX_NAME_CHARS + MAX_PREDICATE_CHARS + value + 10 + 100
    return 60 + items * (entity + statement) + MAX_LABELS * (MAX_LABEL_CHARS + 4)


def schema_for(chars: int) -> dict[str, object]:
    """The answer's JSON schema for a note of ``chars`` characters: a short note allows few items
    and short quotes, so a model that loops reaches the schema's end before the token cap."""
    items, quote, value = answer_limits(chars)
    return {
        "type": "object",
        "properties": {
            "entities": {
                "type": "array",
                "maxItems": items,
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string", "maxLength": MAX_NAME_CHARS},
                        "type": {"type": "string", "enum": [t.value for t in EntityType]},
                    },
                    "required": ["name", "type"],
                    "additionalProperties": False,
                },
            },
            "statements": {
                "type": "array",
                "maxItems": items,
                "items": {
                    "type": "object",
                    "properties": {
                        "aspect": {"type": "string", "enum": [a.value for a in Aspect]},
                        "quote": {"type": "string", "maxLength": quote},
                        "subject": {"type": "string", "maxLength": MAX_NAME_CHARS},
                        "predicate": {"type": "string", "maxLength": MAX_PREDICATE_CHARS},
                        "object": {"type": ["string", "null"], "maxLength": value},
                        "when": {"type": ["string", "null"], "maxLength": 10},
                    },
                    "required": ["aspect", "quote", "subject", "predicate", "object", "when"],
                    "additionalProperties": False,
                },
            },
            "labels": {
                "type": "array",
                "maxItems": MAX_LABELS,
                "items": {"type": "string", "maxLength": MAX_LABEL_CHARS},
            },
        },
        "required": ["entities", "statements", "labels"],
        "additionalProperties": False,
    }


EXAMPLE_NOTE = "Lunch with Sarah Chen. She joined Acme Corp as a designer; her birthday is 3 May. I want to learn Rust."
EXAMPLE_ANSWER = {
    "entities": [
        {"name": "Sarah Chen", "type": "Person"},
        {"name": "Acme Corp", "type": "Organization"},
        {"name": "Rust", "type": "Technology"},
    ],
    "statements": [
        {
            "aspect": "Identity",
            "quote": "She joined Acme Corp as a designer",
            "subject": "Sarah Chen",
            "predicate": "works_at",
            "object": "Acme Corp",
            "when": None,
        },
        {
            "aspect": "Identity",
            "quote": "her birthday is 3 May",
            "subject": "Sarah Chen",
            "predicate": "birthday",
            "object": "3 May",
            "when": None,
        },
        {
            "aspect": "Goal",
            "quote": "I want to learn Rust",
            "subject": "me",
            "predicate": "goal",
            "object": None,
            "when": None,
        },
    ],
    "labels": ["friends", "rust"],
}


def system_prompt() -> str:
    """The instructions, the same for every note."""
    types = "\n".join(f"- {t.value}: {text}" for t, text in ENTITY_TYPES.items())
    aspects = "\n".join(f"- {a.value}: {text}" for a, text in ASPECTS.items())
    return f"""You extract a personal knowledge graph from one note. Answer with JSON only.

Entities: things the note names, each with one type:
{types}

Statements: what the note says, each with one aspect:
{aspects}

Rules:
- "quote" is copied word for word from the note: the shortest part that says the statement.
- "subject" is "me" for the writer (I, my), else an entity name as written in the note.
- "predicate" is short snake_case: works_at, lives_in, birthday, email, phone, address, role,
  a relation word (wife, friend, manager), uses, or the aspect in lower case.
- "object" is an entity name or a value copied from the note, or null.
- "when" is the date the statement happens or starts, as YYYY-MM-DD, resolved against the
  note's date, or null.
- "labels" are up to {MAX_LABELS} short topics of the note, lower case.
- Leave out what the note does not say. Never invent names, values or dates.

Example note: {EXAMPLE_NOTE}
Example answer: {json.dumps(EXAMPLE_ANSWER)}"""


def user_prompt(text: str, written: datetime, known: list[str]) -> str:
    """The note with its date and the names the graph already knows."""
    names = f"Names already known (use these spellings for the same things): {', '.join(known)}\n" if known else ""
    return f"Note written on {written:%A %d %B %Y}.\n{names}Note:\n{text}"


SUMMARY_SCHEMA: dict[str, object] = {
    "type": "object",
    "properties": {"summary": {"type": "string", "maxLength": MAX_SUMMARY_CHARS}},
    "required": ["summary"],
    "additionalProperties": False,
}
SUMMARY_SYSTEM = (
    "You summarise one week of a person's notes on one topic in one short sentence, in the second "
    'person ("You decided…"). Use only words and facts from the lines given; never add anything. '
    'Answer with JSON: {"summary": "..."}'
)


def summary_prompt(label: str, lines: list[str], titles: list[str]) -> str:
    """The lines and titles of one digest, for a one-sentence summary."""
    said = "\n".join(f"- {line}" for line in [*lines, *titles])
    return f"Topic: {label or 'other notes'}\nWhat the notes say:\n{said}"
