"""The handlers that answer a routed question from the graph. Each returns answers with the notes
that support them, or says plainly that the notes do not say."""

from __future__ import annotations

from dataclasses import dataclass

from remen.answers import AnswerItem, EntityHint, Route
from remen.errors import EntityNotFoundError
from remen.knowledge import Aspect, Fact
from remen.memory.reader import MemoryReader

ATTRIBUTE_LABELS = {
    "birthday": "birthday",
    "email": "email",
    "phone": "phone number",
    "address": "address",
    "lives_in": "home town",
    "works_at": "workplace",
    "role": "role",
    "age": "age",
}
MAX_CARD_FACTS = 8


@dataclass(frozen=True)
class Handled:
    """A handler's result: answers, or why there are none."""

    answers: tuple[AnswerItem, ...]
    not_found: str | None = None


def whose(hint: EntityHint, user: str) -> str:
    """'Julia's' or 'Your' for the subject of an answer."""
    return "Your" if hint.name == user else f"{hint.name}'s"


def fact_item(fact: Fact, text: str, earlier: tuple[Fact, ...] = ()) -> AnswerItem:
    """An answer backed by one fact."""
    return AnswerItem(text, fact.valid_at, fact.note_ids, fact, earlier)


def subject_of(route: Route, user: str) -> EntityHint | None:
    """The entity an entity lookup is about: the first one named, else the user ("my birthday")."""
    named = [h for h in route.entity_hints if h.matched_by != "user"]
    if named:
        return named[0]
    return next((h for h in route.entity_hints if h.name == user), None)


def entity_lookup(route: Route, memory: MemoryReader, user: str) -> Handled:
    """An attribute's current value with its earlier values, or the entity's card."""
    hint = subject_of(route, user)
    if hint is None:
        return Handled((), "The question names nobody the notes know.")
    try:
        facts = memory.facts(hint.name, history=True)
    except EntityNotFoundError:
        return Handled((), f"Your notes say nothing about {hint.text}.")
    about = [f for f in facts if f.subject == hint.name]
    if route.lookup_mode == "attribute" and route.attribute_hint:
        label = ATTRIBUTE_LABELS.get(route.attribute_hint, route.attribute_hint)
        values = [f for f in about if f.predicate == route.attribute_hint and f.target]
        current = [f for f in values if f.current]
        if not current:
            return Handled((), f"Your notes don't say {whose(hint, user).replace('Your', 'your')} {label}.")
        best = current[0]
        earlier = tuple(f for f in values if not f.current)
        return Handled((fact_item(best, f"{whose(hint, user)} {label}: {best.target}", earlier),))
    items = [fact_item(f, describe(f)) for f in facts if f.current][:MAX_CARD_FACTS]
    if not items:
        return Handled((), f"Your notes mention {hint.name} but say nothing about them yet.")
    return Handled(tuple(items))


def relationship(route: Route, memory: MemoryReader, user: str) -> Handled:
    """How two entities are linked: the statements between them, else what is said of the other."""
    named = [h for h in route.entity_hints if h.matched_by != "user"]
    if not named:
        return Handled((), "The question names nobody the notes know.")
    first = named[0].name if len(named) > 1 else user
    second = named[-1].name
    try:
        facts = memory.facts(second, history=True)
    except EntityNotFoundError:
        return Handled((), f"Your notes say nothing about {named[-1].text}.")
    linking = [f for f in facts if {f.subject, f.target} == {first, second}]
    if linking:
        return Handled(tuple(fact_item(f, describe(f)) for f in linking))
    shared = [f for f in facts if f.current and f.aspect in (Aspect.RELATIONSHIP, Aspect.EVENT)]
    if shared:
        return Handled(tuple(fact_item(f, describe(f)) for f in shared[:MAX_CARD_FACTS]))
    return Handled((), f"Your notes don't say how {first if first != user else 'you'} and {second} are linked.")


def describe(fact: Fact) -> str:
    """A fact as a line: 'Me · wife · Julia' or the sentence for voice and free-text statements."""
    if fact.target and fact.predicate not in ("knowledge", "event", "problem", "decided"):
        return f"{fact.subject} · {fact.predicate.replace('_', ' ')} · {fact.target}"
    return fact.text
