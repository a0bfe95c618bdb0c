"""route(question, now, index): which handler answers a question, decided without an LLM.

A declarative table of cue patterns, tried in order (like the temporal grammar), plus the entities
the question names (resolved through the alias index, the user's relations and fuzzy matching)
and its time phrase. Below MIN_CONFIDENCE, or when nothing but words remains, it is plain search.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime

from dateutil.relativedelta import relativedelta
from rapidfuzz import fuzz, process

from remen.ask.question import WHO_TOLD
from remen.core.answers import EntityHint, LookupMode, QueryType, Route
from remen.core.constants import ASK_FUZZY_MIN_SCORE, ASK_MIN_CONFIDENCE, MIN_FUZZY_NAME
from remen.core.knowledge import Aspect, EntityType
from remen.core.models import DateOrder, TimeRange
from remen.core.text import alternation
from remen.memory.lexicon import (
    MONEY_OF_MINE,
    PARTNER_WORDS,
    PLURAL_KIN,
    RELATIONS,
    SERVICE_ROLES,
    SINGLE_RELATIONS,
    canonical_relation,
    ties_of,
    words,
)
from remen.memory.names import name_key
from remen.memory.patterns import AGENT_NOUN, SERVICES
from remen.search.calendar import calendar_unit, format_range
from remen.search.query import STOPWORDS
from remen.search.temporal import parse_temporal

# Words a question is made of that never name an entity.
QUESTION_WORDS = words(
    """
    what whats what's when whens when's where wheres who whos who's whom how hows why which is are
    was were do does did i me my mine we our you your the a an of to in on at for about with and or
    again know tell show give list any all some s's is it this that these those there their his her
    him she he they them have has had can could should would will birthday bday email mail phone
    number address age role job live lives work works views view opinion opinions think prefer
    preference preferences like habits habit goals goal tasks task todo decisions decision problems
    problem write wrote written topics summary summarize summarise recent recently work worked
    working happening happened week month year today yesterday tomorrow last next this
    """
)

# Attribute words of a question and the predicate they ask for.
ATTRIBUTES = {
    "birthday": "birthday",
    "bday": "birthday",
    "born": "birthday",
    "email": "email",
    "e-mail": "email",
    "mail": "email",
    "phone": "phone",
    "number": "phone",
    "address": "address",
    "job": "role",
    "role": "role",
    "age": "age",
    "old": "age",
    # The writer's sums, kept under the word a note names them by ("rent 720 a week").
    **{word: word for word in MONEY_OF_MINE if word not in ("pay", "wages")},
    # "how much do I earn", "what was I earning at Zenox": the pay.
    **dict.fromkeys(("earn", "earns", "earned", "earning", "earnings"), "salary"),
    # "how much does Northlight pay me", "what does the studio job pay?": the pay too.
    **dict.fromkeys(("pay", "pays"), "salary"),
    # "how much do I make", "what did I make at the court": the writer's pay.
    **dict.fromkeys(("make", "made", "making"), "salary"),
}
# "where does X live / work": a place, asked with "where" only ("what do I think about work" is not).
WHERE_ATTRIBUTES = {
    "live": "lives_in",
    "lives": "lives_in",
    "living": "lives_in",
    "work": "works_at",
    "works": "works_at",
    # "where did I move to", "where is Karen moving": the home it is now.
    "move": "lives_in",
    "moved": "lives_in",
    "moving": "lives_in",
}
# Attribute words that ask for the attribute only after these words: "how old is Jonas" asks his
# age, "Jonas's old bike" does not.
ATTRIBUTE_AFTER = {"old": "how "}
# Attribute words that ask for it only in this shape: "pay" is the pay a job or a firm gives ("how
# much does Northlight pay me", "what does the job pay?", "my pay at …"), not a price the writer
# paid ("how much did I pay for the Jazz").
PAID_TO_THE_ASKER = (
    r"(?<!\bi\s)(?<!\bwe\s)(?<!\byou\s)(?:{0})(?=\s+(?:me|us)\b|\s*[?.!]*\s*$)"
    # "what was my pay at Waikiki Sands": the noun, the writer's.
    r"|(?<=\bmy\s)(?:{0})|(?<=\bour\s)(?:{0})"
)
# "Make" is the writer's pay asked with "how much", ending the question or before where or when:
# "how much do I make now", "how much did I make at Zenox" (not "what did I make at pottery").
MADE_BY_THE_ASKER = (
    r"(?:(?<=\bhow much do i )|(?<=\bhow much did i )|(?<=\bhow much do we )|(?<=\bhow much did we ))(?:{0})"
    r"(?=\s*[?.!]*\s*$|\s+(?:at|now|there|then|in|per|a\s+(?:month|year|week)|an\s+hour)\b)"
)
ATTRIBUTE_SHAPE = {
    "pay": PAID_TO_THE_ASKER,
    "pays": PAID_TO_THE_ASKER,
    **dict.fromkeys(("make", "made", "making"), MADE_BY_THE_ASKER),
}


def attribute_word(word: str) -> str:
    """The pattern of one attribute word, in the shape it must be asked in."""
    if word in ATTRIBUTE_SHAPE:
        return ATTRIBUTE_SHAPE[word].format(re.escape(word))
    return rf"(?<=\b{ATTRIBUTE_AFTER[word]}){re.escape(word)}" if word in ATTRIBUTE_AFTER else re.escape(word)


ATTRIBUTE_WORD = re.compile(
    r"\b(" + "|".join(attribute_word(w) for w in sorted(ATTRIBUTES, key=len, reverse=True)) + r")\b"
    # "which neighbourhood do we live in", "what company does Tom work for": a place named by its
    # kind; not "what time do I work" nor "what do I think about work".
    r"|(?:\bwhere\b|\b(?:which|what)\s+(?!(?:time|times|day|days|hours?|shifts?)\b)(?:[a-z]+\s+){1,2}(?:do|does|did)\b)"
    r".*\b(" + "|".join(WHERE_ATTRIBUTES) + r")\b"
    # "what car do I drive", "which van did Tom have", "what was my old car", "what's Tom's van": the
    # car itself ("when is the car's MOT", "what was my car's MOT" are not).
    r"|\b(?:what|which)(?:\s+(?:kind|make)\s+of|(?:\s+(?:is|was)|['’]s)\s+(?:my|our|[a-z]+['’]s)"
    r"(?:\s+(?:old|previous|former|first|last|new|current|other))?)?\s+"
    r"(car|van|motorbike|motorcycle|scooter|truck|ute)\b(?!['’])"
)
# An attribute word after one of these (and at most two words more) is the occasion, not what is
# asked: "what did Alex want for their birthday", "where did we go on my birthday", "what did Tom
# say in his email", "what do I think about my job".
OCCASION_BEFORE = re.compile(
    r"\b(?:for|on|at|to|in|into|about|before|after|since|until|during|from|with)\s+(?:[\w'’-]+\s+){0,2}$"
)
# A question of who did something: "who" and a verb that is no auxiliary or copula.
WHO_DID = re.compile(
    r"(?i:\s*who\s+(?!(?:is|was|are|were|am|be|been|has|have|had|does|do|did|will|would|can|could|should|"
    r"may|might|must|['’]s|else|exactly|here|there|of|in|at|from|on|my|our|your|the|a|an)\b)[a-z]+\b)"
)
# A preposition right before "work", "live": the word is a noun, the scene ("at work").
VERB_AS_NOUN = re.compile(r"\b(?:at|in|into|from|for|about|after|before|during|of)\s+$")


def attribute_asked(match: re.Match[str]) -> str:
    """The predicate an ATTRIBUTE_WORD match asks for: by its word, by where, or the car (whatever
    the vehicle)."""
    word, where, _vehicle = match.groups()
    if word:
        return ATTRIBUTES[word]
    return WHERE_ATTRIBUTES[where] if where else "car"


# A noun of software after an attribute's word, which then says what the software is for.
TOOL_NOUN_AFTER = re.compile(r"(?i:\s+(?:app|apps|application|tool|tools|software|program|platform|website|site)\b)")


def asks_the_attribute(text: str, match: re.Match[str]) -> bool:
    """Whether the attribute word ``match`` found is what the question asks for, not its occasion
    ("what tracker do we use at work" asks for a tool, not the workplace; "where is Marcus going
    to work" asks where he works; "what budget app do I use" asks for a tool)."""
    word = 1 if match.group(1) is not None else 2
    if match.group(word) is not None and TOOL_NOUN_AFTER.match(text, match.end(word)):
        return False
    if match.group(1) is not None:
        # "who offered Seo-ah a job", "who sent me the email": whoever did it is asked, not an
        # attribute of anyone.
        if WHO_DID.match(text):
            return False
        return OCCASION_BEFORE.search(text[: match.start(1)]) is None
    return match.group(2) is None or VERB_AS_NOUN.search(text[: match.start(2)]) is None


# Which counts a facets question asks for; all of them when it names none.
FACET_WORDS: tuple[tuple[str, str], ...] = (
    ("labels", r"topics?|subjects?|themes?|labels?|tags?"),
    ("entities", r"people|persons?|who|things|tools?|places?"),
    ("aspects", r"kinds?|types?|decisions|tasks|goals"),
    ("days", r"how many|count|days?|often"),
)
# Questions about what is coming: an undated month or day is the next one, not the last.
PAST = re.compile(r"\b(?:was|were|did|had|happened)\b")
THIS_UNIT = re.compile(r"\bthis (week|month|year)\b", re.IGNORECASE)
FORWARD = re.compile(r"\b(?:happening|coming up|upcoming|planned|scheduled|will|going to|next)\b")

ASPECT_WORDS: tuple[tuple[Aspect, str], ...] = (
    (Aspect.BELIEF, r"views?|opinions?|think about|thoughts on|believe|stance"),
    (Aspect.PREFERENCE, r"prefer\w*|favou?rites?|likes?|dislikes?"),
    (Aspect.HABIT, r"habits?|routines?|usually|every day"),
    (Aspect.GOAL, r"goals?|plans?|want to|ambitions?|resolutions?"),
    (Aspect.TASK, r"to-?dos?|tasks?|need to do|errands?|open items"),
    (Aspect.DIRECTIVE, r"rules?|principles?|guidelines?|always do|never do"),
    (Aspect.DECISION, r"decid\w*|decisions?|chose|choices?|went with"),
    (Aspect.PROBLEM, r"problems?|issues?|bugs?|what went wrong|pain points?"),
)


@dataclass(frozen=True)
class Cue:
    """One row of the routing table: when ``pattern`` matches, the route and how sure it is."""

    query_type: QueryType
    pattern: re.Pattern[str]
    confidence: float
    needs_entity: int = 0
    lookup_mode: LookupMode | None = None
    needs_time: bool = False
    # Aspects the cue itself implies ("when is the dentist": events), and a predicate to keep.
    aspects: tuple[Aspect, ...] = ()
    predicate: str | None = None


# The kinds of workplace a question names the writer's own by ("what does the office use").
WORKPLACE_KINDS = (
    "school|office|team|company|firm|clinic|practice|hospital|shop|store|factory|warehouse|depot|studio|salon|lab"
    "|restaurant|kitchen|bakery|agency|bank|library|brewery|hotel"
)


def cue(query_type: QueryType, regex: str, confidence: float, **kwargs: object) -> Cue:
    """A table row with its pattern compiled."""
    return Cue(query_type, re.compile(regex), confidence, **kwargs)  # type: ignore[arg-type]


CUES: tuple[Cue, ...] = (
    cue(QueryType.RELATIONSHIP, r"\bhow (?:do|did) (?:i|we) know\b", 0.9, needs_entity=1),
    cue(QueryType.RELATIONSHIP, r"\bhow (?:is|are|was) .+ (?:related|connected|linked) to\b", 0.85, needs_entity=2),
    cue(QueryType.RELATIONSHIP, r"\b(?:connection|relationship|link) between\b", 0.85, needs_entity=2),
    cue(QueryType.RELATIONSHIP, r"\bwho (?:is|'s|was) .+ to me\b", 0.8, needs_entity=1),
    cue(QueryType.ENTITY_LOOKUP, ATTRIBUTE_WORD.pattern, 0.85, needs_entity=1, lookup_mode="attribute"),
    cue(QueryType.TEMPORAL_FACETS, r"\b(?:what|which) (?:topics|subjects|themes)\b|\bhow many notes\b", 0.8),
    cue(QueryType.TEMPORAL_FACETS, r"\bwhat did i (?:write|take notes) about\b", 0.75, needs_time=True),
    cue(QueryType.EXPLORATORY, r"\b(?:summar(?:y|ize|ise)|overview|recap|digest)\b", 0.75),
    cue(
        QueryType.ASPECT_QUERY,
        r"\b(?:do|did|does) (?:i|we) use\b|\bswitch(?:ed)? (?:to|from)\b|\bam i using\b|\bare we using\b"
        # "which app does the school use for parents", "what does the factory use to track jobs":
        # the writer's workplace, said by its kind.
        rf"|\b(?:do|did|does) the (?:{WORKPLACE_KINDS}) use\b"
        # "which operating system am I on", "what password manager do I have": a kind of tool the
        # writer uses (not "which notes app does Tariq use").
        r"|\b(?:which|what) (?:code |text )?(?:editor|ide|password manager|navigation app|operating system|os|distro"
        r"|browser|vpn|terminal|email client|mail app|notes? app|to-?do app|task (?:manager|app)|calendar app"
        r"|design tool|messaging app|chat app)\b(?=.*\b(?:i|we|me|my|our)\b)"
        # "what app do we book clients in", "what do we plan in at work", "which tool does my team
        # track work in": what the writer's work is done in.
        r"|^(?:which|what)(?: (?:app|apps|tool|tools|software|system|program|platform))? (?:do|does|did)"
        r" (?:i|we|my \w+|our \w+)(?! (?:live|stay|sleep)\b)(?: [\w'’-]+){1,4} (?:in|on|into)"
        r"(?: (?:now|at work|these days))?\W*$",
        0.75,
        aspects=(Aspect.DECISION, Aspect.KNOWLEDGE),
        predicate="uses",
    ),
    cue(QueryType.ASPECT_QUERY, r"^when(?:'s| is| was| are| did| do| will)\b", 0.7, aspects=(Aspect.EVENT,)),
    cue(QueryType.ASPECT_QUERY, r"\bmy (?:" + "|".join(p for _, p in ASPECT_WORDS) + r")\b", 0.8),
    cue(QueryType.ASPECT_QUERY, r"\bwhat (?:do|did) i (?:think|believe|prefer|want|decide)\b", 0.8),
    cue(QueryType.ASPECT_QUERY, r"\b(?:" + "|".join(p for _, p in ASPECT_WORDS) + r")\b", 0.5),
    cue(QueryType.ENTITY_LOOKUP, r"^(?:who|what)(?: is|'s|s| was| are) \S", 0.7, needs_entity=1, lookup_mode="broad"),
    # "who fixed my bike": a person described by what they did, found by meaning.
    cue(QueryType.ENTITY_LOOKUP, r"^who (?!is\b|'s|s\b|was\b|are\b)\w+", 0.6, needs_entity=1, lookup_mode="broad"),
    cue(
        QueryType.ENTITY_LOOKUP,
        r"\b(?:tell me about|what do i know about|info on)\b",
        0.8,
        needs_entity=1,
        lookup_mode="broad",
    ),
    cue(QueryType.TEMPORAL, r"\b(?:what|anything) (?:did|have|was|am|is|are|'s|'re)\b", 0.7, needs_time=True),
    cue(
        QueryType.TEMPORAL,
        r"\bhappen(?:ing|ed|s)?\b|\bwork(?:ed)? on\b|\bschedule\b|\bagenda\b|\bplanned\b|\bcoming up\b"
        r"|\bupcoming\b",
        0.6,
        needs_time=True,
    ),
)


@dataclass
class EntityIndex:
    """What the router knows of the graph: alias keys, the user's current relations. Built by the
    service from the store and rebuilt when the graph changes."""

    aliases: dict[str, str] = field(default_factory=dict)  # alias key → entity name
    relations: dict[str, str] = field(default_factory=dict)  # relation ("wife") → holder's name
    user_name: str = "Me"
    labels: frozenset[str] = frozenset()  # label keys ("recipe", "side project")
    first_names: dict[str, str] = field(default_factory=dict)  # "sarah" → "Sarah Chen", when only one fits
    kinds: dict[str, str] = field(default_factory=dict)  # entity name → its type ("Person", "Place", …)

    def may_be_person(self, hint: EntityHint) -> bool:
        """Whether the entity a hint names may be someone: a person, or one whose type is unknown
        (a relation's holder, a name described by meaning)."""
        return self.kinds.get(hint.name, EntityType.PERSON.value) == EntityType.PERSON.value


def first_names_of(aliases: dict[str, str]) -> dict[str, str]:
    """The first word of every multi-word name, for the names only one entity starts with."""
    owners: dict[str, set[str]] = {}
    for key, name in aliases.items():
        first, _, rest = key.partition(" ")
        if rest and first not in aliases:
            owners.setdefault(first, set()).add(name)
    return {first: next(iter(names)) for first, names in owners.items() if len(names) == 1}


def normalise_question(question: str) -> str:
    """Lower case, plain apostrophes, single spaces, no trailing punctuation."""
    text = question.lower().replace("’", "'").replace("‘", "'")
    return re.sub(r"\s+", " ", text).strip(" ?!.")


# A service asked for by what is done ("who does my taxes now", "who do we pay the rent to"): the
# question about the one who holds the tie (lexicon.SERVICE_ROLES, read the same way in notes).
SERVICE_ASKED = re.compile(
    rf"\bwho (?:does|did|do|will do|handles|handled|files|sorts|prepares) (?:my|our) ({SERVICES})\b"
    rf"|\bwho (?:do|did|does|should) (?:i|we) (?:pay|send) (?:(?:the|my|our) )?({SERVICES}) to\b"
)


# A partner asked for by what the two are: "who is my sister married to", "who is Tom dating",
# "who am I engaged to".
COUPLE_ASKED = re.compile(
    r"\b(?i:who\s+(is|was|am)\s+)((?i:(?:my|our)\s+)?[\w'’ -]+?)"
    r"(?i:\s+(married\s+to|dating|engaged\s+to|going\s+out\s+with|seeing))\s*\??\s*$"
)


def as_couple_question(question: str) -> str:
    """A question about whom someone is with, asked as the tie it is (case kept): "Who is my sister
    married to?" → "who is my sister's spouse", "who is Tom dating" → "who is Tom's partner", "who
    am I engaged to" → "who is my partner"; any other question as it is."""
    couple = COUPLE_ASKED.search(question)
    if couple is None:
        return question
    tie = "spouse" if couple.group(3).lower().startswith("married") else "partner"
    verb, whose = couple.group(1).lower(), f"{couple.group(2)}'s"
    if verb == "am" and couple.group(2) == "I":
        verb, whose = "is", "my"  # "who am I engaged to": the writer's own
    return question[: couple.start()] + f"who {verb} {whose} {tie}"


def as_tie_question(text: str) -> str:
    """A question that names a service by what is done, asked as the tie it is: "who does my taxes"
    → "who is my accountant", "who did …" → "who was …"; any other question as it is."""
    match = SERVICE_ASKED.search(text)
    if match is None:
        return text
    service = match.group(1) or match.group(2)
    tense = "was" if re.search(r"\b(?:did|handled)\b", match.group(0)) else "is"
    return text[: match.start()] + f"who {tense} my {SERVICE_ROLES[service]}" + text[match.end() :]


def words_of(text: str) -> list[str]:
    """The words of a question, possessives dropped ("julia's" → "julia")."""
    return [re.sub(r"'s$|'$", "", w) for w in re.findall(r"[\w@.'-]+", text)]


def modifies_a_noun(words: list[str], at: int) -> bool:
    """Whether the relation word at ``at`` only says what kind a noun after it is, after an
    article ("the foreman job", "a mentor scheme"), not whose. After "did the", "will the" the word
    that follows is the question's verb when it ends the question or a function word follows it
    ("what did the landlady leave in the flat", "what did the dentist say"; not "did the foreman
    job pay"), and the relation its subject."""
    after = words[at + 1] if at + 1 < len(words) else ""
    if not (at > 0 and words[at - 1] in ("the", "a", "an") and bool(after) and after not in STOPWORDS):
        return False
    asked_verb = at > 1 and words[at - 2] in DO_AUXILIARIES
    return not (asked_verb and (at + 2 >= len(words) or words[at + 2] in STOPWORDS))


def head_named(words: list[str], at: int) -> int:
    """How many words from ``at`` name the head of a part of a workplace ("head of pharmacy": 3) or
    of a trade ("head nurse": 2; not "head ache", "head hurt"), else 0."""
    if words[at : at + 2] == ["head", "of"] and at + 2 < len(words):
        return 3
    if words[at : at + 1] == ["head"] and at + 1 < len(words) and AGENT_NOUN.fullmatch(words[at + 1]):
        return 2
    return 0


# The auxiliaries a bare verb follows in a question ("did the landlady leave").
DO_AUXILIARIES = frozenset({"do", "does", "did", "will", "would", "can", "could", "should"})


def relation_holder(index: EntityIndex, relation: str) -> str | None:
    """Who holds ``relation`` to the user, or a tie that may go by that word ("partner": the wife)."""
    return next((index.relations[tie] for tie in ties_of(relation) if tie in index.relations), None)


def is_plural_relation(word: str) -> bool:
    """Whether ``word`` names several of the user's people: "parents", "kids", "colleagues"."""
    return word in PLURAL_KIN or (word.endswith("s") and word[:-1] in RELATIONS)


# The ties "the …" asks of as the writer's own: one held at a time, never a partner ("the wife"),
# when the question asks who holds it or a detail of theirs ("who is the landlord", "the
# dentist's phone number"; not "who drives Tove's mum to the physio").
THE_WRITERS_TIES = alternation(
    word for word in RELATIONS if canonical_relation(word) in SINGLE_RELATIONS - PARTNER_WORDS
)
# Words before a bare relation word that leave it the writer's tie: "who is the new manager".
TIE_OPENERS = frozenset({"the", "a", "an", "new", "old", "current", "former", "previous", "our", "my"})
THE_TIE_ASKED = re.compile(
    rf"(?i:\bwho(?:['’]s|\s+is|\s+was)\s+the\s+({THE_WRITERS_TIES})\b(?!['’]s)|\bthe\s+({THE_WRITERS_TIES})['’]s\b)"
)


def entity_hints(text: str, index: EntityIndex) -> list[EntityHint]:
    """Entities a question names: 'my wife' (relations), 'I'/'me' (the user), aliases (longest
    first), then near spellings of aliases ("julias", "pirya")."""
    hints: list[EntityHint] = []
    taken: set[int] = set()
    words = words_of(text)
    asked = THE_TIE_ASKED.search(text)
    if asked is not None:
        # "who is the landlord", "who was the letting agent in Penarth", "the dentist's number": a
        # tie one holds to the writer at a time, asked of as the household's own.
        phrase = (asked.group(1) or asked.group(2)).lower()
        tie = canonical_relation(phrase)
        hints.append(EntityHint(f"my {tie}", relation_holder(index, tie) or "", "relation"))
        size = len(phrase.split())
        at = next((j for j in range(len(words)) if words[j : j + size] == phrase.split()), None)
        taken |= set(range(at, at + size)) if at is not None else set()
    for i, word in enumerate(words):
        if word not in ("my", "our"):
            continue
        # "my manager", or a word saying which before it: "my shift lead", "our line manager".
        at = next((j for j in (i + 1, i + 2) if j < len(words) and words[j] in RELATIONS), None)
        phrase = " ".join(words[i + 1 : i + 3])
        if at == i + 2 and phrase in RELATIONS:
            # A role of two words that names the tie of its last ("my family doctor": the doctor),
            # the first word no topic of its own.
            tie = canonical_relation(phrase)
            hints.append(EntityHint(f"my {phrase}", relation_holder(index, tie) or "", "relation"))
            taken |= set(range(i, at + 1))
        elif at is None and i + 1 < len(words) and is_plural_relation(words[i + 1]):
            # "where do my parents live": people of the user's, none of whom the graph holds alone;
            # the question is not about the user.
            hints.append(EntityHint(f"my {words[i + 1]}", "", "relation"))
            taken |= {i, i + 1}
        elif at is not None:
            # Nobody holds it now (or ever): still the user's relation, answered from its chain.
            hints.append(EntityHint(f"my {words[at]}", relation_holder(index, words[at]) or "", "relation"))
            taken |= set(range(i, at + 1))
        elif head := head_named(words, i + 1):
            # "who was my head of pharmacy", "who was my head nurse": whoever heads the writer's
            # part of a workplace or their trade there.
            tie = canonical_relation(" ".join(words[i + 1 : i + 1 + head]))
            hints.append(EntityHint(f"my {tie}", relation_holder(index, tie) or "", "relation"))
            taken |= set(range(i, i + 1 + head))
    for size in (3, 2, 1):
        for i in range(len(words) - size + 1):
            span = set(range(i, i + size))
            if span & taken:
                continue
            phrase = " ".join(words[i : i + size])
            key = name_key(phrase)
            if size == 1 and key in QUESTION_WORDS:
                continue
            if key in index.aliases:
                hints.append(EntityHint(phrase, index.aliases[key], "alias"))
                taken |= span
            elif size == 1 and key in index.first_names:
                hints.append(EntityHint(phrase, index.first_names[key], "alias"))  # "sarah": Sarah Chen
                taken |= span
    for i, word in enumerate(words):
        if i in taken or len(word) < 4 or word in QUESTION_WORDS or word in RELATIONS or not index.aliases:
            continue
        best = process.extractOne(name_key(word), index.aliases.keys(), scorer=fuzz.ratio)
        # A name of three letters or fewer is misspelt by no edit ("rent" is no "RET").
        if best is not None and best[1] >= ASK_FUZZY_MIN_SCORE and len(best[0]) >= MIN_FUZZY_NAME:
            hints.append(EntityHint(word, index.aliases[best[0]], "fuzzy", best[1] / 100))
            taken.add(i)
    for i, word in enumerate(words):
        # "wife's birthday?": a bare relation word is the user's when nobody else is named.
        if i in taken or word not in RELATIONS or any(h.matched_by == "alias" for h in hints):
            continue
        if modifies_a_noun(words, i) and not re.search(rf"\b{re.escape(word)}['’]s\b", text):
            continue  # "who told me about the foreman job": a kind of job, nobody's foreman
        if i > 0 and words[i - 1] not in TIE_OPENERS and words[i - 1] not in QUESTION_WORDS:
            continue  # "who is the business manager": a role at the workplace, nobody's tie to me
        holder = relation_holder(index, word)
        if holder:
            hints.append(EntityHint(word, holder, "relation"))
            taken.add(i)
        elif re.search(rf"\bmy {re.escape(word)}\b|\b{re.escape(word)}'s\b", text):
            hints.append(EntityHint(f"your {word}", "", "relation"))  # a relation the notes never name
            taken.add(i)
    if re.search(r"\b(i|me|my|myself|we|us|our)\b", text) and not any(h.name == index.user_name for h in hints):
        hints.append(EntityHint("I", index.user_name, "user"))
    seen: set[str] = set()
    unique = []
    for hint in hints:
        if hint.name not in seen:
            seen.add(hint.name)
            unique.append(hint)
    return unique


# Finds the entity a description fits ("the guy from the rust meetup") by meaning, or None.
ByMeaning = Callable[[str], EntityHint | None]


def ahead_of(time_range: TimeRange, now: datetime) -> TimeRange:
    """A time asked about forward ("what's happening this week", "in January"): "this
    week/month/year" runs to its end, not to now; a range already over is next year's."""
    local = now.astimezone().replace(tzinfo=None)
    start = time_range.start.astimezone().replace(tzinfo=None)
    end = time_range.end.astimezone().replace(tzinfo=None)
    unit = THIS_UNIT.search(time_range.phrase or "")
    if unit is not None:
        end = calendar_unit(local, unit.group(1), time_range.phrase or "").end
    elif time_range.end <= now:
        start, end = start + relativedelta(years=1), end + relativedelta(years=1)
    else:
        return time_range
    description = f"{time_range.phrase} · {format_range(start, end, local)}"
    return replace(time_range, start=start.astimezone(), end=end.astimezone(), description=description)


def route(
    question: str,
    now: datetime,
    index: EntityIndex,
    by_meaning: ByMeaning | None = None,
    date_order: DateOrder = "mdy",
) -> Route:
    """The route of ``question`` as of ``now``. A cue that needs an entity the question does not
    name asks ``by_meaning`` once for the entity its remaining words describe; ``date_order``
    reads dates such as "3/2"."""
    started = time.perf_counter()
    text = as_tie_question(normalise_question(question))
    time_range, _ = parse_temporal(text, now, date_order)
    if time_range is not None and FORWARD.search(text) and not PAST.search(text):
        time_range = ahead_of(time_range, now)
    hints = entity_hints(text, index)
    named = [h for h in hints if h.matched_by != "user"]
    evidence: list[str] = []
    chosen: Cue | None = None
    cued: re.Match[str] | None = None
    describe = by_meaning  # asked at most once
    for row in CUES:
        match = row.pattern.search(text)
        if match is None:
            continue
        if row.needs_time and time_range is None:
            continue
        if row.lookup_mode == "attribute" and not asks_the_attribute(text, match):
            continue
        # "who got me into TickTick", "who might take my room in Brunswick": a person the notes
        # tie to the thing named, not the thing; only a name that may be someone's fills "who".
        # A relation's holder does, whatever it is ("who is my accountant": a firm may be).
        asking_who = row.query_type == QueryType.ENTITY_LOOKUP and text.startswith("who")
        fitting = [h for h in named if h.matched_by == "relation" or index.may_be_person(h)] if asking_who else named
        people = len(fitting) + (1 if row.query_type == QueryType.RELATIONSHIP else 0)
        if row.lookup_mode == "attribute" and not named and len(hints) > len(named):
            people = 1  # "my birthday", "where do I live": the user's own attribute
        elif (
            row.lookup_mode == "attribute"
            and not any(index.may_be_person(h) for h in named)
            and attribute_asked(match) in MONEY_OF_MINE
        ):
            # "how much is the rent", "how much was the rent in Wedding": a sum of the user's,
            # said without "my" (a place only sets the scene).
            hints.append(EntityHint("I", index.user_name, "user"))
            people = 1
        if people < row.needs_entity and describe is not None and not WHO_TOLD.search(text):
            # "who told me about the foreman job": its words are what was told, no one's description.
            rest = topic_of(text, "", hints)  # a date can describe someone ("born in 1988")
            described_as = describe(rest) if rest else None
            describe = None
            if described_as is not None:
                hints.insert(0, described_as)
                named.insert(0, described_as)
                people += 1 if not asking_who or index.may_be_person(described_as) else 0
        if people < row.needs_entity:
            continue
        chosen, cued = row, match
        evidence.append(f"cue {row.query_type.value}: {match.group(0)!r}")
        break
    if chosen is None or chosen.confidence < ASK_MIN_CONFIDENCE:
        return Route(
            QueryType.SEARCH,
            0.0,
            temporal=time_range,
            entity_hints=tuple(hints),
            evidence=tuple(evidence),
            routing_ms=(time.perf_counter() - started) * 1000,
        )
    attribute = None
    if chosen.lookup_mode == "attribute" and cued is not None:
        # The attribute cue's pattern is ATTRIBUTE_WORD: its match says which attribute.
        attribute = attribute_asked(cued)
    aspects = chosen.aspects or tuple(
        aspect for aspect, pattern in ASPECT_WORDS if re.search(rf"\b(?:{pattern})\b", text)
    )
    evidence += [
        f"entity {h.text!r} → {h.name} ({h.matched_by}{f' {h.score:.2f}' if h.matched_by == 'meaning' else ''})"
        for h in hints
    ]
    topic = topic_of(text, time_range.phrase if time_range else "", hints)
    question_words = set(words_of(text))
    labels = tuple(
        sorted(label for label in index.labels if label in question_words or (" " in label and label in text))
    )
    if time_range is not None:
        evidence.append(f"time {time_range.description}")
    return Route(
        query_type=chosen.query_type,
        confidence=chosen.confidence,
        aspects=aspects if chosen.query_type == QueryType.ASPECT_QUERY else (),
        temporal=time_range,
        entity_hints=tuple(hints),
        lookup_mode=chosen.lookup_mode,
        attribute_hint=attribute or chosen.predicate,
        evidence=tuple(evidence),
        routing_ms=(time.perf_counter() - started) * 1000,
        topic=topic,
        past=PAST_QUESTION.search(text) is not None,
        described_place=described_place(text, time_range.phrase if time_range else "", hints),
        selected_labels=labels,
        facets=facets_of(text) if chosen.query_type == QueryType.TEMPORAL_FACETS else (),
    )


def facets_of(text: str) -> tuple[str, ...]:
    """The counts a facets question asks for (labels, entities, aspects, days); all when none is named."""
    asked = tuple(name for name, pattern in FACET_WORDS if re.search(rf"\b(?:{pattern})\b", text))
    return asked or tuple(name for name, _ in FACET_WORDS)


CUE_WORDS = words(
    """
    views view opinion opinions thoughts stance believe prefer preferences preference favorite favourite
    likes like dislikes habits habit routines routine goals goal plans plan ambitions resolutions todo
    todos tasks task errands rules rule principles guidelines decided decide decisions decision chose
    choices problems problem issues issue bugs bug pain points summary summarize summarise overview recap
    digest topics subjects themes notes note tell info happening happened happen happens schedule agenda
    open pending current outstanding remaining recent latest everything stuff things list
    """
)


# The verbs of a question asked in the past: "who was", "where did I", "what did we use to".
PAST_QUESTION = re.compile(r"\b(?:was|were|did|used\s+to)\b")


# A place described at the question's end: "at the court", "at the car dealership".
PLACE_DESCRIBED = re.compile(r"\b(?:at|in|on)\s+the\s+([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})$")


def described_place(text: str, time_phrase: str, hints: list[EntityHint]) -> str:
    """The words of a place the question describes at its end, not a name, nor a time ("who was
    my boss at the court": "court"; "… at the weekend" says when)."""
    rest = text.replace(time_phrase, " ").strip() if time_phrase else text
    found = PLACE_DESCRIBED.search(rest)
    if found is None or any(found.group(1) in h.text.lower() for h in hints):
        return ""
    return found.group(1)


def topic_of(text: str, time_phrase: str, hints: list[EntityHint]) -> str:
    """What the question is about once its cue words, time phrase and names are removed."""
    rest = text.replace(time_phrase, " ") if time_phrase else text
    named = {w for h in hints for w in words_of(h.text.lower())}
    kept = [w for w in words_of(rest) if w not in QUESTION_WORDS and w not in CUE_WORDS and w not in named]
    return " ".join(kept)
