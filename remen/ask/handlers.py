"""The handlers that answer a routed question from the graph. Each returns answers with the notes
that support them, or says plainly that the notes do not say."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from remen.ask.extractive import stem, stems
from remen.ask.question import ASKS_PAST
from remen.core.answers import AnswerItem, EntityHint, Route
from remen.core.errors import EntityNotFoundError
from remen.core.knowledge import ENDED_PREFIX, Aspect, Digest, EntityDetail, EntityType, Fact
from remen.core.text import fold
from remen.core.wording import addressed
from remen.memory.lexicon import MONEY_OF_MINE, RELATIONS, WORKS_AT, of_another_kind, ties_of, tool_kind
from remen.memory.names import compatible
from remen.memory.reader import MemoryReader
from remen.search.calendar import day_text
from remen.search.query import STOPWORDS

ATTRIBUTE_LABELS = {
    "birthday": "birthday",
    "email": "email",
    "phone": "phone number",
    "address": "address",
    "lives_in": "home",
    "works_at": "workplace",
    "role": "role",
    "age": "age",
}
MAX_CARD_FACTS = 8
# The writer's sums that belong to a stay, the stay's predicate, and the kinds of place it is at.
SUM_STAYS = {"salary": "works_at", "rent": "lives_in"}
SUM_PLACES = {"salary": frozenset({EntityType.ORGANIZATION}), "rent": frozenset({EntityType.PLACE})}
# The user's stays a tie may be asked of ("my boss at Kibo", "my landlord in Wedding").
STINT_PREDICATES = ("works_at", "lives_in")
# The words of the ties held at a workplace.
WORK_TIES = frozenset(ties_of("manager"))
# A "when" question's words that ask when a tie began: "when did I start at Acme", "join Catena".
# Not a move: people write "moving to Denver" weeks ahead, and the note of the day says it better.
# "resume" is Nigerian and Indian English for starting a job ("when did I resume at Kudipay").
START_WORDS = frozenset(
    ("start", "started", "starting", "join", "joined", "begin", "began", "resume", "resumed", "resumption")
)
MAX_LIST = 12
# A tool's use that ended within this of another's start was replaced by it ("moved issues from
# Notion to Linear" ends Notion's use the moment Linear's begins).
SWITCH_MARGIN = timedelta(days=1)
MAX_DIGEST_LABELS = 6
MAX_DIGEST_TITLES = 4
MAX_DIGEST_LINES = 2


# The ids of the statements nearest the question's topic in meaning (None without the model);
# called only by a handler that needs them, since it costs an embedding.
Similar = Callable[[str], list[int] | None]
USE_FORMS = re.compile(r"us(?:e|es|ed|ing)")


@dataclass(frozen=True)
class Handled:
    """A handler's result: answers, or why there are none."""

    answers: tuple[AnswerItem, ...]
    not_found: str | None = None
    # The first answer is a value read off a fact ("since Mon 1 Jun 2026"), as precise as an
    # attribute's: it leads the card whatever the route (see asker.merged).
    precise: bool = False
    # That value is only the day a note first spoke of it ("Two weeks at Northgate" dates the job
    # from that note): an answer the notes tell leads instead, the value after it.
    written_day: bool = False
    # That value is the day a tie began: a note written later is no newer word on it.
    began: bool = False
    # The answers are only the statements nearest the question in meaning, none of them saying
    # what it asks: an answer the notes tell, sure enough to be shown, leads them.
    guessed: bool = False
    # The first answer is an entity's card that says nothing of who or what it is (no tie, no
    # attribute): a sentence that describes it beside its name says more.
    bare: bool = False


def whose(hint: EntityHint, user: str) -> str:
    """'Julia's' or 'Your' for the subject of an answer."""
    return "Your" if hint.name == user else f"{hint.name}'s"


# Words asking for the value before the current one ("before" with no name after it: with one,
# the sequence's point is asked for).
BEFORE_WORDS = frozenset({"before", "previously", "previous", "formerly", "former", "earlier"})
# Verbs of giving a value up: "what car did I trade in", "which app did I ditch" ask for one that
# was replaced.
GIVEN_UP_WORDS = frozenset(
    {"sold", "sell", "scrapped", "scrap", "traded", "trade", "quit", "cancelled", "canceled", "ditched", "ditch"}
)


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
    attribute = route.attribute_hint if route.lookup_mode == "attribute" else None
    try:
        theirs = their_tie(route, hint, memory) if not attribute else None
        if theirs is not None:
            return theirs
        if hint.matched_by == "relation" and not attribute:
            return relation_holders(route, hint, memory, user)
        if not hint.name:
            return Handled((), f"Your notes don't say who {addressed(hint.text)} is.")
        if attribute in MONEY_OF_MINE and (me := user_hint(route)) is not None:
            # "how much was I earning at Zenox", "what was my rent in Wedding": the writer's own
            # sum while they worked or lived there; the place only sets the scene.
            then = own_sum_there(route, memory, attribute, me) or held_before_elsewhere(
                route,
                chain_of(memory, me.name, (attribute,)),
                chain_of(memory, me.name, STINT_PREDICATES),
                f"your {ATTRIBUTE_LABELS.get(attribute, attribute)}",
            )
            if then is not None:
                return then
            if attribute in SUM_STAYS and hint != me and memory.entity(hint.name).type in SUM_PLACES[attribute]:
                # "how much does Kudipay pay", "how much is our rent in Hamilton": the sum of the stay
                # there, not one the writer paid or earned before it.
                return sum_of_the_stay(memory, attribute, hint, me.name)
            hint = me
        if attribute and (me := counted_from(route, hint, memory)) is not None:
            hint = me
        elif attribute and (me := place_set_scene(route, hint, memory, attribute)) is not None:
            # "where did I live in Honolulu": the user's home while there; the place sets the scene.
            label = ATTRIBUTE_LABELS.get(attribute, attribute)
            chain, stays = chain_of(memory, me.name, (attribute,)), chain_of(memory, me.name, STINT_PREDICATES)
            then = held_there(
                route, memory, chain, stays, me, f"your {label}", f"Your notes don't say your {label} there."
            )
            if then is not None:
                return then
            hint = me
        if attribute:
            told = own_sequence(route, memory, attribute, user)
            facts = memory.facts(hint.name, history=True)
            return told or attribute_value(hint, facts, attribute, user, asks_before(route))
        detail = memory.entity(hint.name)
        card = entity_card(detail)
        return with_evidence(card, detail, hint.text) if hint.matched_by == "meaning" else card
    except EntityNotFoundError:
        return Handled((), f"Your notes say nothing about {addressed(hint.text)}.")


def place_set_scene(route: Route, hint: EntityHint, memory: MemoryReader, attribute: str) -> EntityHint | None:
    """The user, when the question asks where they live or work and names a place or a firm as the
    scene ("where did I live in Honolulu"): the name is where, not whose home is asked; None
    otherwise."""
    me = user_hint(route)
    if attribute not in STINT_PREDICATES or me is None or hint is me:
        return None
    return me if memory.entity(hint.name).type != EntityType.PERSON else None


def counted_from(route: Route, hint: EntityHint, memory: MemoryReader) -> EntityHint | None:
    """The user, when the question asks the user's own value before or after a name that is no
    person ("where did we live before Pearland"): the name is where the sequence is counted from,
    not whose home is asked; None otherwise."""
    me = user_hint(route)
    if me is None or hint is me or sequence_marker(route) is None:
        return None
    return me if memory.entity(hint.name).type != EntityType.PERSON else None


def their_tie(route: Route, hint: EntityHint, memory: MemoryReader) -> Handled | None:
    """ "Who is Jing Yi's husband", "who is my sister's husband" (or "married to"): whom the person
    the question names holds that tie to, by the graph, with who held it before; None when the
    question asks no tie of theirs or the graph knows none."""
    topic = route.topic.strip().lower()
    if not hint.name or topic not in RELATIONS or (hint.matched_by == "relation" and hint.text.endswith(topic)):
        return None
    chain = chain_of(memory, hint.name, ties_of(topic))
    if not chain:
        return None
    now = next((f for f in reversed(chain) if f.current), chain[-1])
    earlier = tuple(reversed([f for f in chain if f is not now]))
    return Handled((fact_item(now, f"{hint.name}'s {now.predicate}: {now.target}", earlier),), precise=True)


def relation_holders(route: Route, hint: EntityHint, memory: MemoryReader, user: str) -> Handled:
    """ "Who is my manager": who holds the tie now, with who held it before (the chain), then the
    holder's card. "Who was my manager before Priya": the one whose tie Priya's ended."""
    relation = hint.text.split()[-1]
    chain = chain_of(memory, user, ties_of(relation))
    label = f"your {relation}"
    point = sequence_point(route, hint, chain)
    if point is not None:
        word, at = point
        if at is None and word.startswith("before") and chain and came_after(route, hint, memory, chain[-1]):
            # "Who was our landlord before Harcourts" where no note made Harcourts the landlord,
            # though the notes speak of it only after the last landlord they name: that one held
            # it before, as far as they say.
            last = chain[-1]
            return Handled((fact_item(last, f"{label.capitalize()} {word}, as far as your notes say: {last.target}"),))
        if at is None:
            return Handled((), f"Your notes name nobody called {word.split()[-1]} as {label}.")
        return neighbour(word, at, chain, label)
    current = [f for f in chain if f.current]
    replaced = [f for f in chain if not f.current]
    if asks_before(route) and replaced and current:
        # "Who was my manager before": the one the current holder replaced.
        last = replaced[-1]
        return Handled(
            (fact_item(last, f"{label.capitalize()} before: {last.target}", tuple(reversed(replaced[:-1]))),),
            precise=True,
        )
    # The user's workplaces and homes, read once for both checks of a place the question names.
    stays = chain_of(memory, user, STINT_PREDICATES) if names_given(route) or route.topic else []
    # "Who was my landlord in Wedding", a home the graph does not hold: today's landlord is no
    # answer, the notes may say who it was.
    there = held_there(route, memory, chain, stays, hint, label, f"Your notes don't say who {label} was there.")
    if there is not None:
        return there
    before_there = held_before_elsewhere(route, chain, stays, label)
    if before_there is not None:
        return before_there
    if not current:
        if chain:  # the tie ended ("Tomasz left"): who held it, newest first
            ended = tuple(reversed(chain))
            text = f"Nobody is {label} now; the last was {ended[0].target}"
            return Handled((fact_item(ended[0], text, ended[1:]),), precise=True)
        return Handled((), f"Your notes don't say who {label} is.")
    now = current[-1]
    earlier = tuple(reversed([f for f in chain if f is not now]))
    card = entity_card(memory.entity(hint.name)) if hint.name else Handled(())
    if not earlier and card.answers:
        # Nothing changed: the holder's card says it all, dated from when the tie began, so a
        # later note naming someone else is the newer word.
        first = replace(card.answers[0], as_of=now.valid_at)
        return Handled((first, *card.answers[1:]))
    # Who holds a tie that changed is a precise answer: it leads however the question put it ("who
    # does my taxes now").
    return Handled((fact_item(now, f"{label.capitalize()}: {now.target}", earlier), *card.answers), precise=True)


def names_given(route: Route, besides: EntityHint | None = None) -> list[str]:
    """The entities the question names by name (not the user, a relation or a description),
    but ``besides``."""
    return [h.name for h in route.entity_hints if h is not besides and h.matched_by in ("alias", "fuzzy") and h.name]


def user_hint(route: Route) -> EntityHint | None:
    """The question's "I", "me" or "we", if it has one."""
    return next((h for h in route.entity_hints if h.matched_by == "user"), None)


def came_after(route: Route, hint: EntityHint, memory: MemoryReader, last: Fact) -> bool:
    """Whether the other name the question gives ("before Harcourts") is first spoken of after
    ``last``, the last holder the notes name, began to hold: "before Sofie", of someone named
    all along, asks about no newcomer."""
    named = names_given(route, hint)
    if not named:
        return False
    try:
        spoken = memory.mentioned_between(named[0])
    except EntityNotFoundError:
        return False
    return spoken is not None and spoken[0] > last.valid_at


def neighbour(word: str, at: int, chain: list[Fact], label: str) -> Handled:
    """The value before or after (``word``: "before Luis") the one at ``at`` of ``chain``."""
    step = -1 if word.startswith("before") else 1
    if not 0 <= at + step < len(chain):
        return Handled((), f"Your notes name nobody as {label} {word.split()[0]} {chain[at].target}.")
    other = chain[at + step]
    # Read off the chain, as "who was my manager before" is: it leads whatever a sentence says.
    return Handled(
        (fact_item(other, f"{word.split()[0].capitalize()} {chain[at].target}, {label} was {other.target}"),),
        precise=True,
    )


def chain_of(memory: MemoryReader, subject: str, predicates: Collection[str]) -> list[Fact]:
    """``subject``'s own values of any of ``predicates`` (a tie and the words that name it too), in
    the order they held."""
    facts = memory.facts(subject, history=True)
    return sorted(
        (f for f in facts if f.subject == subject and f.predicate in predicates and f.target), key=lambda f: f.valid_at
    )


def own_sequence(route: Route, memory: MemoryReader, attribute: str, user: str) -> Handled | None:
    """ "Where did I work before Savanna Cold Chain": the user's value of ``attribute`` next to
    the one the question names, from the chain; None when the question asks no such thing (or
    the user's chain does not hold the name: the notes may still say it)."""
    me = user_hint(route)
    if me is None or sequence_marker(route) is None:
        return None
    chain = chain_of(memory, user, (attribute,))
    point = sequence_point(route, me, chain)
    if point is None or point[1] is None:
        return None
    return neighbour(point[0], point[1], chain, f"your {ATTRIBUTE_LABELS.get(attribute, attribute)}")


def sum_of_the_stay(memory: MemoryReader, attribute: str, place: EntityHint, user: str) -> Handled:
    """The writer's pay at a firm or rent in a place ("how much does Kudipay pay", "our rent in
    Hamilton"): the sum that began with their stay there, or was theirs when it began, was stated
    once the notes spoke of the place, and whose sentence names none of their other stays (the
    job offered: "the job is mine. €41,000"); none when the graph holds no such sum ("Zenox pays
    me ₦380k" is the job before's, the last flat's rent no rent in Hamilton), so the notes'
    sentences answer."""
    held = chain_of(memory, user, (SUM_STAYS[attribute],))
    stays = [f for f in held if f.target and compatible(f.target, place.name)]
    # Each other stay by its first word ("Zenox pays me" names the stay at Zenox Bank).
    others = {words[0] for f in held if f.target and f not in stays and (words := fold(f.target).split())}
    spoken = memory.mentioned_between(place.name)

    def of_the_stay(told: Fact, stay: Fact) -> bool:
        began_there = stay.valid_at - SWITCH_MARGIN <= told.valid_at and (
            stay.invalid_at is None or told.valid_at < stay.invalid_at
        )
        held_at_start = told.valid_at <= stay.valid_at and (told.invalid_at is None or told.invalid_at > stay.valid_at)
        said = set(re.findall(r"\w+", fold(told.quote or told.text)))
        about_it = spoken is not None and told.valid_at >= spoken[0] - SWITCH_MARGIN
        return began_there or (held_at_start and about_it and not others & said)

    told = [f for f in chain_of(memory, user, (attribute,)) if any(of_the_stay(f, s) for s in stays)]
    label = ATTRIBUTE_LABELS.get(attribute, attribute)
    if not told:
        return Handled((), f"Your notes don't say your {label} there.")
    return Handled((fact_item(told[-1], f"Your {label} there: {told[-1].target}"),), precise=True)


def own_sum_there(route: Route, memory: MemoryReader, attribute: str, me: EntityHint) -> Handled | None:
    """The user's (``me``) sum ``attribute`` (pay, rent) held while at the earlier workplace or home the
    question names, or that the notes don't say it for a place that is none of the current ones;
    None when the question names no place or a current one (today's sum answers)."""
    if not names_given(route):
        return None
    stays = chain_of(memory, me.name, STINT_PREDICATES)
    label = f"your {attribute}"
    return held_there(
        route, memory, chain_of(memory, me.name, (attribute,)), stays, me, label, f"Your notes don't say {label} there."
    )


def held_there(
    route: Route,
    memory: MemoryReader,
    chain: list[Fact],
    stays: list[Fact],
    hint: EntityHint,
    label: str,
    unsaid: str,
) -> Handled | None:
    """The value of ``chain`` held while the user was at the earlier workplace or home the question
    names ("Your manager there: Lars"), or while the notes spoke of a place the graph holds no stay
    at (see :func:`held_while_spoken_of`); ``unsaid`` when it names a place that is none of theirs
    now and none the chain was held at (today's value is no answer); None otherwise."""
    then = held_during(route, chain, stays) or held_while_spoken_of(route, memory, chain, stays, hint)
    if then is not None:
        return Handled((fact_item(then, f"{label.capitalize()} there: {then.target}"),), precise=True)
    if elsewhere(route, hint, stays):
        return Handled((), unsaid)
    return None


def stints_at(stays: list[Fact], places: Iterable[str]) -> list[Fact]:
    """The user's stays (workplaces or homes) at the places named; a place named short is the stays
    of its longer names too: "at Zenox" is "Zenox Bank", "at Andino" "Laboratorio Andino"."""
    asked = [set(fold(place).split()) for place in places]
    return [f for f in stays if f.target and any(words <= set(fold(f.target).split()) for words in asked)]


def held_during(route: Route, chain: list[Fact], stays: list[Fact]) -> Fact | None:
    """ "Who was my boss at Kibo", "who was my landlord in Wedding", "who was my manager at the
    hardware store": of a tie's holders
    (``chain``), the last one who held it while the user worked or lived at the place the question
    names, when that place is an earlier workplace or home of ``stays`` (the user's chain of them;
    at the current one, the current holder answers). A place described, not named, is the earlier
    one whose name the description shares a word with ("at the hardware store": Ace Hardware)."""
    places = set(names_given(route))
    if not places:
        described = set(stems(route.topic))
        places = {f.target for f in stays if f.target and not f.current and described & set(stems(f.target))}
    stints = [f for f in stints_at(stays, places) if not f.current]
    ends = [f.invalid_at for f in stints if f.invalid_at is not None]
    if not ends:
        return None
    start, end = min(f.valid_at for f in stints), max(ends)
    during = [f for f in chain if f.valid_at < end and (f.invalid_at is None or f.invalid_at > start)]
    # One whose tie began during the stay and outlived it is likely the next job's boss, named
    # before it began ("You will report to me"), or its salary: another held there comes first.
    kept_there = [f for f in during if f.valid_at <= start or (f.invalid_at is not None and f.invalid_at <= end)]
    return (kept_there or during)[-1] if during else None


def held_while_spoken_of(
    route: Route, memory: MemoryReader, chain: list[Fact], stays: list[Fact], hint: EntityHint
) -> Fact | None:
    """ "Who was my boss at Inka Trails" when no note the graph read made Inka Trails a workplace:
    of a tie's holders (``chain``) that have been replaced, the last one whose tie ended while the
    notes spoke of the place or after, before the next stay of the user's began (the one told of
    leaving ends theirs on the last day)."""
    stayed = {f.target for f in stays}
    # A boss is left with the workplace, a landlord or a dentist with the home: the next stay of
    # that kind ends the tie's time there ("who was my boss at Lumen", not ended by a move).
    kind = "works_at" if hint.text.split()[-1] in WORK_TIES else "lives_in"
    for place in names_given(route, hint):
        if place in stayed:
            continue
        try:
            spoken = memory.mentioned_between(place)
        except EntityNotFoundError:
            continue
        if spoken is None:
            continue
        first, last = spoken
        after = [f.valid_at for f in stays if f.valid_at > last and f.predicate == kind]
        until = min(after) if after else None
        during = [
            f
            for f in chain
            if f.invalid_at is not None and f.invalid_at >= first and (until is None or f.invalid_at <= until)
        ]
        if during:
            return during[-1]
    return None


def described_elsewhere(route: Route, stays: list[Fact]) -> bool:
    """Whether the question asks in the past of a place it describes ("at the court") whose words
    name none of the user's workplaces or homes in ``stays``: an earlier one the graph does not
    hold."""
    described = set(stems(route.described_place))
    return route.past and bool(described) and not any(described & set(stems(f.target or "")) for f in stays)


def held_before_elsewhere(route: Route, chain: list[Fact], stays: list[Fact], label: str) -> Handled | None:
    """ "Who was my boss at the court", "how much did I make at the car dealership": asked in the
    past of a place the question describes whose words name none of the user's workplaces or
    homes in ``stays`` (an earlier one the graph does not hold), the value of ``chain`` that
    today's replaced, as far as the notes say; None otherwise."""
    if not described_elsewhere(route, stays):
        return None
    replaced = [f for f in chain if not f.current]
    if not replaced or len(replaced) == len(chain):
        return None
    last = replaced[-1]
    return Handled((fact_item(last, f"{label.capitalize()} there: {last.target}"),), precise=True)


def elsewhere(route: Route, hint: EntityHint, stays: list[Fact]) -> bool:
    """Whether the question asks of a tie at a place that is none of the user's current
    workplaces or homes in ``stays`` ("my landlord in Wedding" when no note made Wedding a home):
    the one who holds the tie now may not be the one asked for."""
    places = set(names_given(route, hint))
    if not places:
        return False
    return not any(f.current and f.target in places for f in stays)


def sequence_marker(route: Route) -> str | None:
    """ "before" or "after", when the question asks for a point in a sequence."""
    return next((w for w in route.topic.split() if w in ("before", "after")), None)


def sequence_point(route: Route, hint: EntityHint, chain: list[Fact]) -> tuple[str, int | None] | None:
    """("before Luis", where Luis stands in ``chain``) for "who was my manager before Luis" (the
    name found by the router, or the words after "before"/"after" when they name someone in the
    chain); None when the question names no point in the sequence."""
    marker = sequence_marker(route)
    if marker is None:
        return None
    named = names_given(route, hint)
    words = route.topic.split()
    after = words[words.index(marker) + 1 :]
    if not named and not after:
        return None
    wanted = set(stems(named[0])) if named else set(stems(" ".join(after)))
    at = next((i for i, f in enumerate(chain) if wanted and wanted <= set(stems(f.target or ""))), None)
    if at is None and not named:
        return None  # "before the reorg": a time, not someone in the chain
    return f"{marker} {named[0] if named else ' '.join(after)}", at


def attribute_value(hint: EntityHint, facts: list[Fact], attribute: str, user: str, before: bool = False) -> Handled:
    """Attribute mode: the current value of ``attribute`` with the values it replaced; asked
    ``before`` ("where did I work before"), the value the current one replaced leads."""
    label = ATTRIBUTE_LABELS.get(attribute, attribute)
    values = [f for f in facts if f.subject == hint.name and f.predicate == attribute and f.target]
    current = [f for f in values if f.current]
    earlier = tuple(f for f in values if not f.current)
    if before and earlier:
        # With no current value, the newest ended one: "where did Laila work before" of "who used
        # to be at Fawry", a value no later one took.
        newest_first = sorted(earlier, key=lambda f: f.valid_at, reverse=True)
        replaced = f" {current[0].target}" if current else ""
        text = f"{whose(hint, user)} {label} before{replaced}: {newest_first[0].target}"
        return Handled((fact_item(newest_first[0], text, tuple(newest_first[1:])),), precise=True)
    if not current:
        return Handled((), f"Your notes don't say {whose(hint, user).replace('Your', 'your')} {label}.")
    best = current[0]
    return Handled((fact_item(best, f"{whose(hint, user)} {label}: {best.target}", earlier),))


def asks_before(route: Route) -> bool:
    """Whether the question asks for the value before the current one without naming a point in
    the sequence: "where did I work before", "who was my manager previously"."""
    words = set(route.topic.split())
    # "my old dentist" asks for the one before; "how old is Carmen" for an age.
    old = "old" in words and route.attribute_hint != "age"
    return (old or not (BEFORE_WORDS | GIVEN_UP_WORDS).isdisjoint(words)) and "after" not in words


def with_evidence(card: Handled, detail: EntityDetail, description: str) -> Handled:
    """A card found by what the question described ("who reviewed the PR"), with the sentence that
    says it right after the card line: the card says who, the sentence why it is them."""
    wanted = stems(description) - STOPWORDS
    best, shared = None, 0
    for fact in detail.facts:
        overlap = len(wanted & stems(fact.text))
        if fact.current and overlap > shared:
            best, shared = fact, overlap
    if best is None or not card.answers or any(item.text == best.text for item in card.answers):
        return card
    return Handled((card.answers[0], fact_item(best, best.text), *card.answers[1:]))


def entity_card(detail: EntityDetail) -> Handled:
    """Broad lookup: a card line (type, aliases, attributes, how many notes; the notes newest
    first), then the other current facts in which the entity takes part."""
    current = [f for f in detail.facts if f.current]
    if not current:
        return Handled((), f"Your notes mention {detail.name} but say nothing about them yet.")
    # "sarah" for Sarah Chen is no news; "Jules" for Julia is.
    aka = [a for a in detail.aliases if a.lower() not in (detail.name.lower(), *detail.name.lower().split())]
    parts = [f"{detail.name} ({detail.type.value.lower()}{', also ' + ', '.join(aka) if aka else ''})"]
    parts += [
        k if v == detail.name else f"{ATTRIBUTE_LABELS.get(k, k.replace('_', ' '))}: {v}"  # "your wife"
        for k, v in detail.attributes.items()
    ]
    count = len(detail.note_ids)
    # Known only from what the user set (`remen fact set`): no notes to count.
    parts.append(f"in {count} note{'s' if count != 1 else ''}" if count else "set by you")
    newest = max(f.valid_at for f in current)
    card = AnswerItem(" · ".join(parts), newest, tuple(reversed(detail.note_ids)))
    shown = set(detail.attributes.values())
    others = [f for f in current if f.target not in shown and not (f.target == detail.name and f.subject == "Me")]
    facts = tuple(fact_item(f, describe(f)) for f in others[: MAX_CARD_FACTS - 1])
    return Handled((card, *facts), bare=not detail.attributes)


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
    chains = [chain for chain in memory.paths(first, second) if chain]
    if chains:
        return Handled(
            tuple(
                AnswerItem(
                    " → ".join(describe(f) for f in chain),
                    max(f.valid_at for f in chain),
                    tuple(dict.fromkeys(n for f in chain for n in f.note_ids)),
                )
                for chain in chains
            )
        )
    shared = [f for f in facts if f.current and f.aspect in (Aspect.RELATIONSHIP, Aspect.EVENT)]
    if shared:
        return Handled(tuple(fact_item(f, describe(f)) for f in shared[:MAX_CARD_FACTS]))
    return Handled((), f"Your notes don't say how {first if first != user else 'you'} and {second} are linked.")


def describe(fact: Fact) -> str:
    """A fact as a line: 'Me · wife · Julia' or the sentence for voice and free-text statements."""
    return fact.triple_words() if fact.is_triple else fact.text


def mentions(text: str, topic: str) -> bool:
    """Whether ``text`` has a word that starts with one of the topic's words of 3 or more letters
    ("use" in "used", not in "because"; "now" is not in "Snowflake")."""
    lowered = text.lower()
    return any(re.search(rf"\b{re.escape(w)}", lowered) for w in topic.lower().split() if len(w) >= 3)


def keyword_hit(fact: Fact, topic: str) -> bool:
    """Whether a statement (its sentence or its value) contains one of the topic's words."""
    return mentions(f"{fact.text} {fact.target or ''}", topic)


def ordered(facts: list[Fact]) -> list[Fact]:
    """Current statements first, then superseded ones, each newest first."""
    return sorted(facts, key=lambda f: (not f.current, -f.valid_at.timestamp()))


def by_closeness(facts: list[Fact], near: list[int] | None) -> list[Fact]:
    """Current statements first, each group by how near its sentence means the topic (``near``:
    statement ids, nearest first), then newest first."""
    rank = {sid: i for i, sid in enumerate(near or [])}
    return sorted(facts, key=lambda f: (not f.current, rank.get(f.id, len(rank)), -f.valid_at.timestamp()))


def marked(fact: Fact) -> str:
    """A statement's line, with its end when a later note replaced it."""
    line = describe(fact)
    if fact.invalid_at is not None:
        line += f" (until {fact.invalid_at:%d %b %Y})"
    return line


def tie_start(route: Route, memory: MemoryReader, user: str) -> Handled | None:
    """ "When did I start at Savanna Cold Chain", "when did I join Catena": the day the
    user's first tie to the place or thing named (works at, lives in, uses, a person's role)
    began to hold; None for any other question."""
    if START_WORDS.isdisjoint(route.topic.split()) or user_hint(route) is None:
        return None
    named = set(names_given(route))
    facts = memory.facts(user, history=True)
    ties = [f for f in facts if f.subject == user and f.target in named]
    if not named:
        # "when did I start at the academy": the workplace or home whose name shares a word of it.
        described = set(stems(route.topic)) - {stem(word) for word in START_WORDS}
        ties = [
            f
            for f in facts
            if f.subject == user and f.predicate in STINT_PREDICATES and described & set(stems(f.target or ""))
        ]
    if not ties:
        return None
    first = min(ties, key=lambda f: f.valid_at)
    told = f"Since {day_text(first.valid_at)}, by your notes: {describe(first)}"
    return Handled((fact_item(first, told),), precise=True, began=True)


# A "when" question that asks when a stay ended: "when was my last day at Waikiki Sands", "when
# did I leave Northgate" (the words are read in the question: its topic drops "last").
ENDING_ASKED = re.compile(r"(?i:\b(?:last|final)\s+(?:day|shift|week)\b|\b(?:leave|left|quit|leaving)\b)")


def tie_end(route: Route, question: str, memory: MemoryReader, user: str) -> Handled | None:
    """ "When was my last day at Waikiki Sands", "when did I leave Northgate": the day the user's
    last stay (a workplace or a home) at the place named ended, by the graph; None for any other
    question, or when no such stay has ended."""
    if ENDING_ASKED.search(question) is None or user_hint(route) is None:
        return None
    named = set(names_given(route))
    facts = memory.facts(user, history=True)
    ended = [
        (f.invalid_at, f)
        for f in facts
        if f.subject == user and f.predicate in STINT_PREDICATES and f.target in named and f.invalid_at is not None
    ]
    if not ended:
        return None
    until, last = max(ended, key=lambda pair: pair[0])
    told = f"Until {day_text(until)}, by your notes: {describe(last)}"
    return Handled((fact_item(last, told),), precise=True)


def aspect_query(route: Route, memory: MemoryReader, similar: Similar, question: str) -> Handled:
    """Statements of the asked aspects about the topic: scoped to the entity named, else to the
    statements nearest the topic (memory vectors, asked of ``similar`` only then) and those
    sharing its words; current first. ``question`` is asked as written (its tense)."""
    aspects = route.aspects
    named = [h for h in route.entity_hints if h.matched_by not in ("user",)]
    if route.attribute_hint:
        # "what did I switch to from npm", "which package manager do I use": the tools in use
        # whose sentence names the tool or the topic, else all of them, nearest in meaning first.
        every = [f for f in memory.statements(aspects) if f.predicate == route.attribute_hint]
        # The cue's own verb ("do I use") is in every sentence of a tool, and says nothing of which.
        topic = " ".join(w for w in route.topic.split() if not USE_FORMS.fullmatch(w))
        words = " ".join(h.text for h in named) or topic
        switched = switched_with(route, every)
        kind = asked_tool_kind(route)
        before = asks_before(route)
        # The writer's tools of the kind asked ("which editor do I use"), with those whose sentence
        # says the topic ("what do I use for invoices": Quaderno, no tool the kind lists know).
        of_kind = [f for f in every if fold(f.target or "") in kind or (kind and keyword_hit(f, words))]
        me = user_hint(route)
        at_job = tools_at_job(memory, of_kind or every, named, me.name if me else None) if switched is None else []
        if at_job:
            return Handled(tuple(fact_item(f, marked(f)) for f in at_job[:MAX_LIST]), precise=True)
        if switched is None and any(f.current != before for f in of_kind):
            # The one in use first (the one before, asked for it); of several in use, one taken up
            # in place of another of the kind ("Jira → Linear migration done") before one only
            # named beside a thing done in it ("postmortem doc in Notion").
            chosen = {f.target for f in of_kind if f.aspect == Aspect.DECISION}
            first = sorted(
                of_kind, key=lambda f: (f.current == before, f.target not in chosen, -f.valid_at.timestamp())
            )
            return Handled(tuple(fact_item(f, marked(f)) for f in first[:MAX_LIST]), precise=True)
        hits = [f for f in every if keyword_hit(f, words)]
        # A tool whose sentence says the topic answers by its statement in force: "they run ServiceNow
        # for everything … 40 tickets" before "Everything lives in ServiceNow here" (which does not).
        told_of = {f.target for f in hits}
        hits += [f for f in every if f.current and f.target in told_of and f not in hits]
        if switched is None and not before and not ASKS_PAST.search(question):
            now_used = tools_of_this_job(memory, every, hits, kind)
            if now_used:
                # The tool of the job the writer has now leads the one the topic's words found,
                # which is the job before's: a precise answer, before the notes' sentences.
                return Handled(tuple(fact_item(f, marked(f)) for f in [*now_used, *hits][:MAX_LIST]), precise=True)
        found = switched if switched is not None else hits
        if not found:
            # "which BI tool do we use": no tool's sentence says "BI"; the one whose sentence means
            # the question's topic most comes first. One known to be of another kind than asked
            # ("what editor do I use": not Bitwarden, nor a car) is none.
            near = similar(topic) if topic else None
            fitting = [f for f in every if not of_another_kind(fold(f.target or ""), kind)]
            nearest = by_closeness(fitting, near)[:MAX_LIST]
            return Handled(tuple(fact_item(f, marked(f)) for f in nearest), guessed=True)
    elif named:
        try:
            scoped = memory.statements(aspects, entity=named[0].name)
        except EntityNotFoundError:
            scoped = []
        # Statements that only mention it ("Flight to Lisbon on 14 April") count too.
        mentioning = [f for f in memory.statements(aspects) if keyword_hit(f, named[0].text)]
        found = list({f.id: f for f in [*scoped, *mentioning]}.values())
    elif route.topic:
        by_words = [f for f in memory.statements(aspects) if keyword_hit(f, route.topic)]
        near = similar(route.topic)
        by_meaning = memory.statements(aspects, sids=near) if near else []
        found = list({f.id: f for f in [*by_words, *by_meaning]}.values())
    else:
        found = memory.statements(aspects)
    if not found:
        # The topic is the question's words with its cue words taken out ("make office" for "what
        # decisions did we make about the office"): no words to quote back to the user.
        kinds = " or ".join(a.value.lower() for a in aspects) or "statement"
        return Handled((), f"Your notes record no {kinds} on that.")
    return Handled(tuple(fact_item(f, marked(f)) for f in ordered(found)[:MAX_LIST]))


def tools_at_job(
    memory: MemoryReader, tools: list[Fact], named: list[EntityHint], user: str | None = None
) -> list[Fact]:
    """ "Which software did I use at Ananta": the writer's tools in use while they worked at the
    workplace the question names, the longest in use there first; none when it names no workplace
    of theirs. ``user``: the writer, when the question names them ("did I use"): a tool someone else
    said they use is none of theirs."""
    tools = [f for f in tools if user is None or f.subject == user]
    if not tools or not named:
        return []
    jobs = stints_at(chain_of(memory, tools[0].subject, (WORKS_AT,)), (h.name for h in named))
    if not jobs:
        return []
    began, ended = jobs[0].valid_at, jobs[-1].invalid_at

    def overlap(tool: Fact) -> timedelta:
        ends = [end for end in (ended, tool.invalid_at) if end is not None]
        return min(ends) - max(began, tool.valid_at) if ends else timedelta.max  # both still held

    return sorted((f for f in tools if overlap(f) > timedelta(0)), key=overlap, reverse=True)


def tools_of_this_job(memory: MemoryReader, every: list[Fact], hits: list[Fact], kind: frozenset[str]) -> list[Fact]:
    """ "What stock system do we use", when the only tools whose sentences say the topic were last
    told of before the writer's current job began ("Odoo stock counts off by 40 crates" at the
    depot they left): the tool in use the notes spoke of since it began that they spoke of first (the
    system met at the interview or on the first day, before an app taken up later); none
    otherwise."""
    if not hits:
        return []
    jobs = chain_of(memory, hits[0].subject, (WORKS_AT,))
    current = [f for f in jobs if f.current]
    if not current or len(current) == len(jobs):
        return []
    began = current[-1].valid_at
    # A tool the notes still speak of since the job began is in use there too ("freee", taken up
    # the month before the writer's own firm opened).
    if any((told := spoken_between(memory, f.target)) is None or told[1] >= began for f in hits):
        return []
    asked_of = {h.target for h in hits}
    spoken = [
        (told, f)
        for f in every
        if f.current
        and f.target not in asked_of
        and not of_another_kind(fold(f.target or ""), kind)
        and (told := spoken_between(memory, f.target)) is not None
        and told[1] >= began
    ]
    return [min(spoken, key=lambda pair: pair[0][0])[1]] if spoken else []


def spoken_between(memory: MemoryReader, name: str | None) -> tuple[datetime, datetime] | None:
    """When the notes first and last named ``name`` (None: never, or no such entity)."""
    try:
        return memory.mentioned_between(name or "")
    except EntityNotFoundError:
        return None


def asked_tool_kind(route: Route) -> frozenset[str]:
    """The tools of the kind a question about the writer's tools asks for, by its topic and the
    words the router read as names ("password" of "which password manager" may be taken for
    1Password): empty when it asks for no kind."""
    if route.attribute_hint != "uses":
        return frozenset()
    said = {w for h in route.entity_hints if h.matched_by != "user" for w in fold(h.text).split()}
    return tool_kind(set(route.topic.split()) | said)


def switched_with(route: Route, values: list[Fact]) -> list[Fact] | None:
    """ "What did we use before Linear": the values whose time ended when the named one's began
    ("after": that began when it ended); None when the question names no such point among them."""
    marker, named = sequence_marker(route), names_given(route)
    if marker is None or not named:
        return None
    anchor = [f for f in values if f.target == named[0]]
    if not anchor:
        return None
    if marker == "before":
        # The value the named one replaced, or one that ended when it began (read in other notes).
        replaced_by = {f.id for f in anchor}
        start = min(f.valid_at for f in anchor)
        ended_then = {f.id for f in values if f.invalid_at is not None and abs(f.invalid_at - start) <= SWITCH_MARGIN}
        return [f for f in values if f.target != named[0] and (f.invalidated_by in replaced_by or f.id in ended_then)]
    replacing = {f.invalidated_by for f in anchor}
    ends = [f.invalid_at for f in anchor if f.invalid_at is not None]
    return [
        f
        for f in values
        if f not in anchor and (f.id in replacing or any(abs(f.valid_at - end) <= SWITCH_MARGIN for end in ends))
    ]


def temporal(route: Route, memory: MemoryReader) -> Handled:
    """What holds or happens in the range: statements by their event or note time, on topic."""
    span = route.temporal
    if span is None:
        return Handled(())
    found = memory.statements(between=(span.start.timestamp(), span.end.timestamp()))
    if route.topic:
        found = [f for f in found if keyword_hit(f, route.topic)] or found
    found.sort(key=lambda f: f.valid_at)
    if not found:
        return Handled((), f"Nothing in your notes for {span.description}.")
    return Handled(tuple(fact_item(f, f"{f.valid_at:%a %d %b}: {marked(f)}") for f in found[:MAX_LIST]))


def temporal_facets(route: Route, memory: MemoryReader, start: float, end: float, label: str) -> Handled:
    """Counts over the range: topics, people and things, kinds of statements, notes per day."""
    facets = memory.facets(start, end)
    if not facets["days"]:
        return Handled((), f"No notes {label}.")
    items = []
    for key, title in (("labels", "Topics"), ("entities", "People and things"), ("aspects", "Kinds")):
        if facets[key] and key in route.facets:
            listed = ", ".join(f"{name} ({count})" for name, count in facets[key])
            items.append(AnswerItem(f"{title} {label}: {listed}", None, ()))
    notes = sum(count for _, count in facets["days"])
    if "days" in route.facets or not items:
        items.append(AnswerItem(f"{notes} notes on {len(facets['days'])} days {label}", None, ()))
    return Handled(tuple(items))


def merged_by_label(digests: list[Digest]) -> list[Digest]:
    """One digest per label over all the weeks given, newest week first, most notes first."""
    by_label: dict[str, list[Digest]] = {}
    for digest in sorted(digests, key=lambda d: d.week, reverse=True):
        by_label.setdefault(digest.label, []).append(digest)
    merged = [
        Digest(
            group[0].week,
            label,
            sum(d.notes for d in group),
            tuple(dict.fromkeys(line for d in group for line in d.lines)),
            tuple(title for d in group for title in d.titles),
            tuple(dict.fromkeys(n for d in group for n in d.note_ids)),
            group[0].summary if len(group) == 1 else None,
        )
        for label, group in by_label.items()
    ]
    return sorted(merged, key=lambda d: (-d.notes, d.label))


def digest_line(digest: Digest) -> str:
    """'garden (3 notes): key statement; key statement — title; title'."""
    heading = f"{digest.label or 'other notes'} ({digest.notes} note{'s' if digest.notes != 1 else ''})"
    lines = digest.lines[:MAX_DIGEST_LINES]
    # A one-line note's title is its statement: say it once.
    untold = [t for t in digest.titles if not any(line.startswith(t) or t.startswith(line) for line in lines)]
    said = digest.summary or "; ".join(lines)
    titles = "; ".join(untold[:MAX_DIGEST_TITLES])
    return heading + ": " + " — ".join(part for part in (said, titles) if part)


def exploratory(route: Route, memory: MemoryReader, start: float, end: float, label: str, similar: Similar) -> Handled:
    """A digest of the range: what is said of the entities named, then the weekly digests per
    label (those about the entities, labels or topic the question names), else the statements
    nearest the topic in meaning."""
    items: list[AnswerItem] = []
    named = [h for h in route.entity_hints if h.matched_by != "user" and h.name][:2]
    for hint in named:
        try:
            about = memory.statements(entity=hint.name, between=(start, end), history=False)
        except EntityNotFoundError:
            about = []
        items += [fact_item(f, marked(f)) for f in ordered(about)[:MAX_CARD_FACTS]]
    digests = merged_by_label(memory.digests(start, end))
    if named:
        digests = [d for d in digests if any(mentions(" ".join((*d.lines, *d.titles)), h.name) for h in named)]
    elif route.selected_labels:
        digests = [d for d in digests if d.label.lower() in route.selected_labels]
    elif route.topic:
        digests = [d for d in digests if mentions(" ".join((d.label, *d.lines, *d.titles)), route.topic)]
        near = similar(route.topic) if not digests else None
        if near:
            stated = memory.statements(between=(start, end), sids=near, history=False)
            items += [fact_item(f, marked(f)) for f in ordered(stated)[:MAX_LIST]]
    items += [AnswerItem(digest_line(d), None, d.note_ids) for d in digests[:MAX_DIGEST_LABELS]]
    if not items:
        on_topic = f" about {route.topic}" if route.topic else ""
        return Handled((), f"No notes{on_topic} {label}.")
    return Handled(tuple(items))


def successor(memory: MemoryReader, user: str, name: str, predicates: Collection[str]) -> Fact | None:
    """What took the place of ``name`` in the user's life, when the graph says a tie of theirs to it
    (one of ``predicates``) ended and another value of that tie began then ("deleted Goodreads,
    everything is in StoryGraph now": StoryGraph for Goodreads); None while a tie to it still
    holds, or when nothing followed it."""
    try:
        about = memory.statements(entity=name)
    except EntityNotFoundError:
        return None
    ties = [
        f
        for f in about
        if f.subject == user
        and f.target
        and fold(f.target) == fold(name)
        and f.predicate.removeprefix(ENDED_PREFIX) in predicates
    ]
    held = [f for f in ties if not f.predicate.startswith(ENDED_PREFIX)]
    if not held or any(f.current for f in held):
        return None
    ended = max(held, key=lambda f: f.invalid_at or f.valid_at)
    if ended.invalid_at is None:
        return None
    end = ended.invalid_at.timestamp()
    margin = SWITCH_MARGIN.total_seconds()
    # The value of the same tie that began within a day of the end (its replacement, or one the
    # same note took up: "deleted Goodreads, everything is in StoryGraph now").
    followers = [
        f
        for f in memory.statements(history=False, between=(end - margin, end + margin))
        if f.subject == user and f.predicate == ended.predicate and f.target and fold(f.target) != fold(name)
    ]
    return min(followers, key=lambda f: abs(f.valid_at.timestamp() - end), default=None)
