"""The built-in offline extractor: spaCy's English pipeline plus rules for what it does not know.

spaCy finds people, organisations, places and dates and parses each sentence. The rules add what a
personal note needs: relations ("my wife Julia", "Leo's teacher"), attributes (birthdays, emails,
phones, where someone lives or works), technologies and products from word lists, tool switches and
decisions, dated events. The aspect of each sentence is the trained classifier's
(remen.memory.aspect_model), which reads the cue tables as features among others.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from itertools import takewhile
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from remen.core.config import date_order
from remen.core.constants import (
    ATTENDEE_NAME_WORDS,
    MAX_BRACKETED_FIRM_WORDS,
    MAX_EXTRACT_CHARS,
    MAX_LABELS_PER_NOTE,
    MIN_ASPECT_CONFIDENCE,
    MIN_STATEMENT_WORDS,
    ROLE_INITIALS,
    SECOND_ASPECT_CONFIDENCE,
    TEAM_INITIALS,
    TIE_MIN_PROBABILITY,
)
from remen.core.knowledge import (
    USER_NAME,
    VOICE_ASPECTS,
    Aspect,
    EntityType,
    ExtractedStatement,
    Extraction,
    NoteForExtraction,
    Span,
)
from remen.core.models import DateOrder
from remen.core.text import TURN, alternation, fold
from remen.embed import AloneVectors, Embedder
from remen.memory import lexicon
from remen.memory.aspect_model import SentenceVectors, classify_aspect
from remen.memory.cues import (
    LINE_JOINER,
    TOOL_TYPES,
    NoteLine,
    chat_turns,
    could_be_tool,
    is_negated,
    is_tool,
    note_lines,
    period_said,
    phone_numbers,
    sentence_bounds,
    title_case,
    tool_type,
)
from remen.memory.dates import StatedDate, day_month, writers_date_order
from remen.memory.entity_model import (
    COUNTED,
    PROPER_NOUN_TAGS,
    NameVectors,
    called_by,
    candidates,
    english_compound,
    english_words,
    gazetteer,
    name_kinds,
    person_shaped,
    unknown_word,
    written_like_a_name,
)
from remen.memory.extractor import load_spacy, parse
from remen.memory.lexicon import ENDS_PARTNER, ENDS_TIES, TAKES_OVER
from remen.memory.names import POSSESSIVE, compatible, is_acronym, name_key, name_tokens
from remen.memory.patterns import (
    ADDRESSED,
    AGENT_NOUN,
    ALL_KEPT_IN,
    AMOUNT_BEFORE,
    AMOUNT_CHANGE,
    AMOUNT_IS,
    AMOUNT_JOTTED,
    ARROW_SWITCH,
    ASKED_NEW_ROLE,
    ASKED_WHO_HOLDS,
    ATTENDEE_FIRM,
    ATTENDEE_FROM,
    ATTENDEE_LIST,
    BARE_KIN,
    BARE_KIN_OWNER,
    BIRTHDAY,
    BIRTHDAY_OCCASION,
    BOSS_DESCRIBED,
    BRACKET_MANAGERS,
    BROKE_UP,
    CAR_GONE,
    CAR_INSPECTED,
    CAR_JOTTED,
    CAR_KEPT,
    CAR_TAKEN,
    CHECK_AFTER,
    CLAUSE_END,
    COME_FROM,
    COMMUTE_JOTTED,
    COMPARED_WITH,
    COUPLE,
    DATE_HINT,
    DAY_COUNT,
    DAY_TOLD,
    DENTAL_CARE,
    DENTIST_SAID,
    DEPARTS,
    DOCTOR_AT,
    DOCTOR_NAME,
    EMAIL,
    EMPLOYER_OFFER,
    END_SPELL,
    ENGAGED,
    FAREWELL_SWITCH,
    FIRM_AFTER,
    FIRM_APPOSITION,
    FIRM_BEFORE,
    FIRST_NIGHT_IN,
    FIRST_PERSON,
    FIRST_SINGULAR,
    FOR_PROJECT,
    FORMER_WORK,
    FRESH_START,
    GOT_IT,
    HANDLE,
    HE_OR_SHE,
    HEAD_OF_IS,
    HEALTH_CARE,
    HELD_AT,
    HIRING_AFTER,
    HIS_RELATION,
    HOLDER_NAMED_BEFORE,
    HOME_AFTER,
    HOME_BY,
    HOME_COMMUTE,
    HOME_DEAL,
    HOME_FROM,
    HOME_IN,
    HOME_NOUN,
    HOME_NOUNS,
    HOME_OWNER,
    HOME_TAKEN,
    HOME_WORDS,
    HONORIFIC_AFTER,
    IN_A_TOWN,
    IN_BEFORE,
    INSTEAD,
    INSTEAD_SWITCH,
    INTERVIEW_WITH,
    IS_MY_SUM,
    JOB_REFUSED,
    JOB_SOUGHT,
    JOB_START_TOLD,
    JOB_WON,
    JOINED,
    KIN_OPENS,
    LAST_DAY_IS,
    LAST_SPELL_WITH,
    LEADING_STREET,
    LEARNT_NAME,
    LEASE_SIGNED,
    LEAVING_A_JOB,
    LEFT,
    LEFT_HOME,
    LIVES_AT,
    LIVES_IN,
    MARRIED,
    MOVED_FROM,
    MOVED_IN,
    MOVED_INTO,
    MOVED_MY_THINGS,
    MOVING_NOTE,
    MY_HOME,
    MY_NUMBER,
    MY_RELATION_IS,
    MY_RELATION_NAMED,
    MY_RELATION_REF,
    MY_RELATION_WORD,
    NAME_THEN_ROLE,
    NAMED_HEAD_OF,
    NAMED_IS_RELATION,
    NAMED_MY_ROLE,
    NAMED_THE_BEST_ROLE,
    NAMED_WITH_BRACKETS,
    NEW_ROLE,
    NOBODY_USES,
    NOT_NAMES,
    NOT_THE_HOLDER,
    NOT_YET_TOLD,
    NOTICE_HANDED_TO,
    NOTICE_TO,
    OLD_VALUE,
    OLD_VALUE_REACH,
    OPENING_ROLE,
    OTHERS_KIN,
    OUR_RELATION_WORD,
    OWNERS_SITE,
    PAID_TO_ME,
    PAIRED_WITH_ME,
    PANEL_LIST,
    PAY_AT_LEAST,
    PAY_RAISED_TO,
    PERIOD_TOLD,
    PERSON_BY_TIE,
    PERSON_NAME_WORDS,
    PERSON_OF_FIRM,
    PERSONAL_PRONOUNS,
    PLACE_HOME,
    PONDERING,
    POSSESSIVE_DETAIL,
    PREMISES_WORDS,
    PREPOSITION_BEFORE,
    PROJECT,
    PRONOUN_THIRD,
    PROVIDER_LEFT,
    RECOMMENDED,
    REGISTERED_WITH,
    RENT_RAISED,
    RENT_SUM,
    RENT_WORD,
    RENTED_HOME,
    RENTED_HOME_IN,
    REPLACED,
    REPORTS_TO,
    ROLE_AT,
    ROLE_CRIED,
    ROLE_IS_SOMEONE_CALLED,
    ROLE_LABEL,
    ROLE_SWITCH,
    ROLE_THE_WRITER_KNOWS,
    ROLE_WITH,
    RUNS_IT,
    RUNS_THE_WORKPLACE,
    SENIOR_NAMED,
    SERVICE_DONE_BY,
    SERVICE_JOTTED,
    SERVICE_PAID_AS,
    SERVICE_PAID_TO,
    SHE_DEPARTS,
    SHE_OR_HE,
    SIGNED_WITH,
    SITE_OWNER,
    SOMEONE_ELSES,
    SPEAKER_MANAGES,
    SPELL_OF_WHAT,
    SPELL_SITE,
    SPELL_TENURE,
    SPELL_WITH_TOOL,
    STAFF_THERE,
    START_SPELL,
    STREET_ADDRESS,
    STREET_AFTER,
    STREET_LED,
    STREET_NAMED,
    STREET_ONLY_AFTER,
    SUBJECTLESS_CUE,
    SUCCEEDS,
    SUCCESSOR,
    SUFFIX_TITLED_NAME,
    SUM_JOTTED,
    SWITCH,
    SWITCHED_OVER,
    SWITCHED_ROLE,
    SWITCHING,
    THE_BOSS,
    THE_ROLE_NAMED,
    THEIR_CAR,
    THEIR_HOME,
    THEIR_RELATION,
    THEIRS_BEFORE,
    THIRD_PERSONS_BIRTHDAY,
    THIRD_SUBJECT,
    TIE_FROM,
    TITLED_NAME,
    TITLED_OPENING,
    TOGETHER,
    TOLD_SOMEONE,
    TRAVELLED_TO,
    TRYING,
    TURNED_AGE,
    UNNAMED_RELATIONS_BIRTHDAY,
    USE_CUE,
    USED,
    USING,
    VEHICLE_WORDS,
    VIEWING,
    WEEK_COUNT,
    WITH_BEFORE,
    WITH_FAMILY,
    WITHIN_A_PLACE,
    WORK_SPELL,
    WORK_SPELL_BY,
    WORK_SPELL_LOOSE,
    WORKS_AT,
    WORKS_IN,
    WRITER_SAID,
    YEARS_ON_TOOL,
)
from remen.memory.speakers import is_speaker
from remen.memory.tie_model import TIE_OF, tie_features, tie_probabilities
from remen.memory.tool_use import (
    HOSTING_VERBS,
    LEADING_VERBS,
    MADE_IN_VERBS,
    OBJECT_OPENING_TAGS,
    OWNING_VERBS,
    REPLACING,
    SOFTWARE_DOES,
    SOFTWARE_FAILS,
    SOFTWARE_NOUNS,
    SOFTWARE_VERBS,
    ToolMention,
    ToolUse,
    read_tools,
)
from remen.memory.truecase import truecased
from remen.search.calendar import MONTHS, number

if TYPE_CHECKING:
    from spacy.tokens import Span as SpacySpan
    from spacy.tokens import Token

from remen.memory.note_state import TOOL_USES, NoteState, TieMention, clause_tenses, email_owner

# Tags of a word used as a verb, adverb, adjective or function word.
PLAIN_WORD_TAGS = frozenset(
    {"VB", "VBD", "VBG", "VBN", "VBP", "VBZ", "RB", "RBR", "RBS", "JJ", "JJR", "JJS", "DT", "IN", "CC", "MD", "PRP"}
)
# A label names a topic in words: "q3" or "00028" is not one.
LABEL_WORD = re.compile(r"[^\W\d_]{3,}")
# A role said as the writer's or new: "my dentist", "new dentist in Bonn".
MINE_OR_NEW = re.compile(r"(?i:(?:my|our|new)\b)")
# What only people do: a first name that also names a tool is the person when it does them.
PEOPLE_VERBS = lexicon.words(
    """
    says said tells told asks asked wants wanted gives gave shows showed thinks thought calls called
    texts texted emails emailed writes wrote offers offered hugs hugged laughs laughed smiles smiled
    agrees agreed promises promised replies replied answers answered mentions mentioned suggests
    suggested invites invited visits visited cries cried shouts shouted helps helped will would can
    """
)
# What only a person does, never a firm: talks, laughs, cries ("Hirut messaged from Addis").
SPEAKERS_VERBS = lexicon.words(
    """
    says said tells told asks asked texts texted messages messaged replies replied laughs laughed
    smiles smiled hugs hugged cries cried shouts shouted whispers whispered
    """
)
# How many characters before "moving to X" a wish or a doubt may stand ("Thinking about moving to").
PONDER_REACH = 40


def clause_subject(state: NoteState, text: str, at: int, named: list[tuple[str, EntityType]]) -> str | None:
    """Who does the verb starting at character ``at`` of the sentence, by spaCy's dependency parse:
    its subject ("Tom joined Acme": Tom; "she works at …": the last person, None when the note
    has named nobody; "Tom, who works at …": Tom; None for a thing or an unnamed someone: "my
    sister lives in …"), else the writer: a note drops its "I" ("Started at Acme today, my manager
    is Dana": me, not Dana)."""
    doc = parse(text)
    verb = next((t for t in doc if t.idx >= at), None)
    if verb is None:
        return USER_NAME
    said = verb
    for _ in range(3):  # "works night shifts at …": from "night" up to "works"
        if verb.tag_.startswith("VB") or verb.head.i == verb.i:
            break
        verb = verb.head
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    # The verb's own subject, said before it: a parse that had to climb from the word found to a
    # verb is no sure sign of one ("Joined Umbrella Labs, my team lead is Ravi").
    own = verb is said and bool(subjects) and subjects[0].i < verb.i
    if not subjects and verb.dep_ == "conj":
        subjects = [c for c in verb.head.children if c.dep_ in ("nsubj", "nsubjpass")]
    if not subjects and verb.dep_ == "xcomp":
        # "Laila used to work at Fawry", "who wants to work at …": the subject of the verb it
        # completes.
        verb = verb.head
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    if not subjects or subjects[0].lower_ in ("i", "we"):
        return USER_NAME
    subject = subjects[0]
    if subject.lower_ == "who" and verb.dep_ == "relcl":
        # "my sister Ingrid in Duluth, who just started at …": "who" is the person named last
        # before it (the parse may hang the clause on the nearest noun, a place); one unnamed
        # ("my brother, who started at Google") is nobody the graph can hold.
        before = doc.text[: subject.idx]
        people = [(before.rfind(name), name) for name, kind in named if kind == EntityType.PERSON and name in before]
        return max(people)[1] if people else None
    if subject.lower_ in ("she", "he", "they"):
        return state.last_person
    words = {t.text for t in subject.subtree}  # "my sister Anna lives…": the subject is "sister Anna"
    # "Jordan's mom is visiting from …": Jordan only owns the subject, someone unnamed.
    owners = {t.text for t in subject.subtree if t.dep_ == "poss" and subject.tag_ in ("NN", "NNS")}
    # "Divya's cousin Sneha works in …": the subject's own name before its owner's.
    persons = sorted((name for name, kind in named if kind == EntityType.PERSON), key=lambda n: subject.text not in n)
    for name in persons:
        if words & set(name.split()):
            return None if set(name.split()) <= owners else name
    if subject.tag_ == "NNP":  # a name the entity recogniser missed: "Priya works for …"
        return " ".join(t.text for t in subject.subtree if t.tag_ == "NNP")
    if own and subject.tag_ in ("NN", "NNS") and not any(t.lower_ in ("i", "we") for t in subject.subtree):
        # "My sister lives in Lyon", "the notes live in Bear": someone or something unnamed, not
        # the writer ("my wife and I live in …" is the writer too).
        return None
    return USER_NAME


def part_of_name(words: str, name: str) -> bool:
    """Whether ``words`` are all words of ``name`` ("Kettle Coffee" of "Copper Kettle Coffee")."""
    own = name_tokens(words)
    return bool(own) and set(own) <= set(name_tokens(name))


def known_person(
    state: NoteState, who: str | None, named: list[tuple[str, EntityType]], span: Span, text: str
) -> str | None:
    """A verb's subject as the graph's person: a name no reading of the sentence typed ("Priya
    works for …" at a sentence's start) becomes one; the writer, a named entity or None as is."""
    if who is not None and who != USER_NAME and all(who != name for name, _ in named):
        return state.entity(who, EntityType.PERSON, span, None, text)
    return who


# Words that join the parts of an organisation's name: "Byrne & Moran", "Bank of Ireland".
NAME_JOINERS = frozenset({"&", "and", "of", "de", "du", "la", "von", "van"})


# A lower-case word right after a name that is no function word: the noun the name is said of
# ("IB training", "Kauai trip").
NOUN_AFTER = re.compile(rf"\s+(?!(?:{alternation(NOT_NAMES)})\b)[a-z]{{3,}}\b")


def whole_name(text: str, at: int, found: str, named: list[tuple[str, EntityType]]) -> str:
    """The longest name the sentence's entities hold that starts where a pattern found ``found``
    ("Ruth Kelly Solicitors" where the pattern's two capitalised words saw "Ruth Kelly", "School
    No. 47" where they saw "School No")."""
    longer = [
        name
        for name, _ in named
        if len(name) > len(found)
        and text.startswith(name, at)
        and all(
            w[:1].isupper() or w in NAME_JOINERS or w.strip(".").isdigit() or w == "."
            for w in name[len(found) :].split()
        )
    ]
    whole = max(longer, key=len, default=found)
    numbered = SIGNED_NUMBER.match(text, at + len(whole)) if whole.split()[-1] in NUMBER_SIGN_WORDS else None
    return whole + numbered.group(0) if numbered else whole


# "School No. 47" where a pattern's capitalised words saw "School No" and the classifier no name.
NUMBER_SIGN_WORDS = frozenset({"No", "Nr", "Nº", "№"})
SIGNED_NUMBER = re.compile(r"\.?\s?\d{1,4}\b")


def whole_name_ending(text: str, at: int, found: str, names: Iterable[str]) -> str:
    """The longest of ``names`` that ends where a pattern's ``found``, starting at ``at``, ends and
    holds it whole ("Hessa Al Marri" where the pattern's two capitalised words saw "Al Marri")."""
    end = at + len(found)
    longer = [
        name
        for name in names
        if len(name) > len(found) and name.endswith(" " + found) and text.startswith(name, end - len(name))
    ]
    return max(longer, key=len, default=found)


# Words that stand for a person without naming one ("She is my manager" names nobody).
PRONOUNS = frozenset({"i", "my", "me", "you", "she", "he", "they", "we", "it", "this", "that", "who"})
# Words a name a pattern found cannot start with: function words and pronouns.
NOBODY = NOT_NAMES | PRONOUNS
# A home's details two people who live together share: told in a chat by the other, the writer's too.
HOUSEHOLD_DETAILS = frozenset({"rent", "landlord"})


def names_someone(name: str) -> bool:
    """Whether ``name``, as a pattern found it, names someone: its first word is no function word,
    pronoun nor number ("She does my taxes", "The rent goes to …", "Seven Seeds and I" name
    nobody)."""
    first = name.split()[0].lower()
    return first not in NOBODY and first not in COUNTED


# Verbs that make a sentence say who someone is: "X is / will be / became my manager".
COPULAS = frozenset({"is", "be", "was", "became", "becomes", "become", "'s", "’s", "remains", "stays"})


def proper_name(token: Token) -> str | None:
    """The name a token heads, with the proper nouns compounded to it ("Luis Ortega from platform":
    Luis Ortega), or None when it heads no proper noun."""
    if token.tag_ not in PROPER_NOUN_TAGS:
        return None
    words = [c for c in token.lefts if c.dep_ == "compound" and c.tag_ in PROPER_NOUN_TAGS]
    # As written, from its first word: "Choi Eun-ji" keeps its hyphen.
    return token.doc[words[0].i : token.i + 1].text if words else token.text


# What one takes over when taking another's place ("Sofia takes over the team"), not a task of
# theirs ("takes over the team lunch").
DUTIES = frozenset(
    {"team", "group", "department", "role", "job", "position", "post", "practice", "clinic", "class", "unit", "ward"}
    | {"crew", "squad", "office", "desk", "patients", "clients", "caseload", "accounts", "shift"}
)
TAKE_FORMS = frozenset({"take", "takes", "took", "taking", "taken"})
TAKES_OVER_WORDS = re.compile(rf"(?i:\b(?:{alternation(TAKE_FORMS)})\s+over\b)")


def plain_unknown_word(word: str) -> bool:
    """Whether ``word`` is an English word in lower case the word lists know no tool by ("moved
    to another gym"; not "obsidian")."""
    return word.islower() and word in english_words() and word not in lexicon.LEXICON_TYPES


def plain_opening_word(name: str) -> bool:
    """Whether a name opening a sentence is one English word no one is called ("Mostly",
    "Honestly"; not "Grace", a first name too)."""
    word = name.lower()
    return " " not in word and word in english_words() and word not in gazetteer().first_names


def duty_takers(text: str) -> list[str]:
    """Who takes over a duty the sentence names by what it is, not whose ("Sofia takes over the
    team", "Johan Ek will take over the department"): the subject of "take … over" whose object
    is one of DUTIES, read from the dependency parse."""
    if not TAKES_OVER_WORDS.search(text):
        return []
    takers = []
    for token in parse(text):
        children = list(token.children)
        if (
            token.lower_ in TAKE_FORMS
            and any(c.dep_ == "prt" and c.lower_ == "over" for c in children)
            and any(c.dep_ == "dobj" and c.lower_ in DUTIES for c in children)
        ):
            takers += [name for c in children if c.dep_ == "nsubj" and (name := proper_name(c)) is not None]
    return takers


def maybe_only(verb: Token) -> bool:
    """Whether the verb is only a possibility: "would be", "could be", "might be"."""
    return any(c.dep_ == "aux" and c.lower_ in ("would", "could", "might", "may") for c in verb.children)


def someone_named(text: str, named: list[tuple[str, EntityType]], pronouns: re.Pattern[str] = PRONOUN_THIRD) -> bool:
    """Whether ``text`` names a person of the sentence's or says she, he or they (``pronouns``: the
    words of someone else it looks for)."""
    return pronouns.search(text) is not None or any(kind == EntityType.PERSON and name in text for name, kind in named)


def someone_else_gives_up(before: str, named: list[tuple[str, EntityType]]) -> bool:
    """Whether the clause a giving up is told in (``before``: its words up to the giving up) names
    someone else as the one who gives up: a person or she, he, they, and not I or we after them."""
    clause = CLAUSE_END.split(before)[-1]
    return not FIRST_PERSON.search(clause) and someone_named(clause, named)


def used_by_others(text: str, tool: str, named: list[tuple[str, EntityType]]) -> bool:
    """Whether every place ``text`` names ``tool`` is in a clause someone else is the subject of
    (see :func:`someone_else_uses`)."""
    places = [m.start() for m in re.finditer(rf"(?<!\w){re.escape(tool)}(?!\w)", text)]
    return bool(places) and all(someone_else_uses(text[:at], named) for at in places)


def someone_else_uses(before: str, named: list[tuple[str, EntityType]]) -> bool:
    """Whether the clause a tool is named in (``before``: its words up to the tool, the clause
    within its line) has someone else for its subject, a person or she, he, they, and no I or
    we: "They use Python, so my MATLAB scripts will have to go" of a place the writer has yet to
    join ("everyone here logs their runs on Garmin Connect" is the writer's workplace)."""
    clause = CLAUSE_END.split(before)[-1].rsplit("\n", 1)[-1]
    return not FIRST_PERSON.search(clause) and someone_named(clause, named, THIRD_SUBJECT)


def person_before(state: NoteState, text: str, at: int) -> str | None:
    """The person the sentence ``text`` names last before character ``at`` ("Sipho came with his
    girlfriend …": Sipho), if any."""
    people = [e.name for e in state.entities.values() if e.type == EntityType.PERSON]
    named = [(found, name) for name in people if (found := text.rfind(name, 0, at)) >= 0]
    return max(named)[1] if named else None


def copular_ties(state: NoteState, text: str) -> list[tuple[str, str]]:
    """(relation word, name) for each "X will be my manager", "my new dentist is Dr. Mensah",
    "Ama became our landlord", "Mick takes over as our supervisor", "Lindiwe, who will be my
    manager" the dependency parse reads, whatever stands between the name and the relation; "she
    will be my manager" is the last person named."""
    ties = []
    for token in parse(text):
        if token.lower_ not in lexicon.RELATIONS or not any(
            c.dep_ == "poss" and c.lower_ in ("my", "our") for c in token.children
        ):
            continue
        ties += [(token.lower_, name) for name in copula_holders(state, token)]
    return ties


def copula_holders(state: NoteState, token: Token) -> list[str]:
    """Whom the parse says a relation word is said of: the subject of "X will be my manager", the
    complement of "my dentist is Dr. Mensah", whoever "takes over as our supervisor", the name a
    "who will be my manager" clause hangs on; "she" is the last person named."""
    verb = token.head
    other: tuple[str, ...] = ()
    if token.dep_ == "pobj" and verb.lower_ == "as":
        verb, other = verb.head, ("nsubj",)
    elif verb.lower_ not in COPULAS:
        return []
    elif token.dep_ in ("attr", "oprd"):
        other = ("nsubj", "nsubjpass")
    elif token.dep_ == "nsubj":
        other = ("attr",)
    names = []
    for holder in (c for c in verb.children if c.dep_ in other):
        name = proper_name(holder)
        if name is None and holder.lower_ in ("she", "he") and state.last_person:
            name = state.last_person
        if holder.lower_ in ("who", "that") and verb.dep_ == "relcl" and not maybe_only(verb):
            # "Lindiwe Dube, who will be my manager": the one the clause hangs on; "who would
            # be my mentor if I join" is only maybe.
            name = proper_name(verb.head)
        if name is not None:
            names.append(name)
    return names


def the_boss_named(state: NoteState, text: str, workplaces: set[str]) -> str | None:
    """The one a sentence calls the boss of the writer's workplace (``workplaces``, lower case),
    by the parse ("The boss there is Ian Price", "Ian Price is the manager"); parsed only when it
    says "the" before a word for a boss."""
    if not THE_BOSS.search(text):
        return None
    bosses = [token for token in parse(text) if the_boss_there(token, workplaces)]
    return next((name for token in bosses for name in copula_holders(state, token)), None)


def the_boss_there(token: Token, workplaces: set[str]) -> bool:
    """Whether a word is "the boss" of a note that says where the writer works (``workplaces``, lower
    case): "The boss there is Ian Price", "Ian Price is the manager"; not someone else's place's
    ("the manager at the café", "the Lidl manager")."""
    if token.lower_ not in lexicon.BOSS_WORDS:
        return False
    if not any(c.dep_ == "det" and c.lower_ == "the" for c in token.children) or token.head.tag_ == "VBD":
        return False  # "Ian was the boss before Tom": no boss of the writer's now
    if any(c.dep_ in ("compound", "poss", "amod") and c.lower_ != "new" for c in token.children):
        return False
    places = [g for c in token.children if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj"]
    return all((proper_name(place) or "").lower() in workplaces for place in places)


@dataclass(frozen=True)
class Piece:
    """A sentence of a note as spaCy reads it: where it starts in the text spaCy reads and in the
    note, its length, who said it (None: the writer), whether it is a heading (read for the names
    in it, never as a statement: "# Tooling", "Use An Array Check") and whether its line is ticked
    done (what it says was done: no task)."""

    start: int
    original: int
    length: int
    speaker: str | None
    heading: bool
    done: bool = False

    @property
    def span(self) -> Span:
        """Where the sentence is in the note."""
        return Span(self.original, self.original + self.length)


def note_pieces(text: str) -> tuple[str, list[Piece]]:
    """The text spaCy reads for a note (its prose lines, chat turns without their "Name: ", up to
    MAX_EXTRACT_CHARS) and the sentences in it. Each note's lines go to spaCy as one text (fewer,
    larger docs run faster); sentences are cut by punctuation within a line."""
    parts: list[str] = []
    pieces: list[Piece] = []
    budget, at = MAX_EXTRACT_CHARS, 0
    for block, speaker in chat_turns(titled_lines(list(note_lines(text))), is_speaker):
        if budget <= 0:
            break
        line = block.text[:budget]
        budget -= len(line)
        pieces += [
            Piece(at + start, block.offset + start, end - start, speaker, block.heading, block.done)
            for start, end in sentence_bounds(line)
        ]
        parts.append(line)
        at += len(line) + len(LINE_JOINER)
    return LINE_JOINER.join(parts), pieces


def titled_lines(lines: list[NoteLine]) -> list[NoteLine]:
    """The note's lines with its title read as a sentence when it says something: the app saves
    what is typed in the search box as a "# " heading, so "Dentist Dr. Hill on 14.01. at 9:30"
    alone, or "Handed in my notice at Pellowe Haulage" above the rest, is a heading that is the
    note. A title is read when nothing else in the note is prose, or when it speaks of the writer
    ("my", "I") or of their first or last days at a job ("First day at Riverside Clinic" above what
    happened); a document's title above its text ("# Use an array check") names things only."""
    if not lines or not lines[0].heading:
        return lines
    title, rest = lines[0], lines[1:]
    spell = START_SPELL.search(title.text) or END_SPELL.search(title.text)
    if all(line.heading for line in rest) or FIRST_PERSON.search(title.text) or spell:
        return [replace(title, heading=False), *rest]
    return lines


def joined_tools(text: str, after: int, named: list[tuple[str, EntityType]]) -> list[str]:
    """The tools the clause after character ``after`` adds with "and", "plus" or a comma ("uses Jira
    for everything and Confluence for docs", "we use Slack, Zoom and Miro"): the same use."""
    clause = CLAUSE_END.split(text[after:], maxsplit=1)[0]
    joined = []
    for name, kind in named:
        at = clause.find(name)
        if kind in TOOL_TYPES and at > 0 and JOINED.search(clause[:at]):
            joined.append(name)
    return joined


def state_use(state: NoteState, uses: ExtractedStatement, use: ToolUse, when: float | None) -> None:
    """The writer's 'uses' statement of a tool as the sentence tells it: in use (since whenever),
    taken up on the sentence's day, given up then (so it was in use until then), or not taken up."""
    if use == ToolUse.USES:
        state.state(uses)
    elif use == ToolUse.ENDS:
        state.end(replace(uses, valid_at=when))
    else:
        state.state(replace(uses, valid_at=when, negated=use == ToolUse.NOT_TAKEN))


def spoken_by(state: NoteState, speaker: str, since: int, span: Span) -> None:
    """A chat turn of someone else's: they are a person of the note, and the statements read from
    it since index ``since`` that would be the writer's ("I have the clinic") are theirs; a tie the
    turn calls "our" ("Dubois from station 4 is our new captain") the writer shares, and keeps."""
    spoken_of = state.last_person
    who = state.entity(speaker, EntityType.PERSON, span, None, speaker, sure=True)
    # The speaker is "you" to the turn after: its "she" or "he" is someone spoken of.
    state.last_person = spoken_of
    state.statements[since:] = [
        replace(s, subject=who)
        if s.subject == USER_NAME and not shared_tie(s) and not offered_to_you(s) and not shared_home(s)
        else s
        for s in state.statements[since:]
    ]


def shared_home(statement: ExtractedStatement) -> bool:
    """Whether a rent or a landlord read from a chat turn is the home the writer shares with the
    speaker: the turn says "the rent", "landlord is …", nothing of the speaker's own ("bro the rent
    is going to R9,500 from March, Mrs Daniels says"; not "my rent went up")."""
    return statement.predicate in HOUSEHOLD_DETAILS and FIRST_SINGULAR.search(statement.text) is None


def offered_to_you(statement: ExtractedStatement) -> bool:
    """Whether a pay read from a chat turn is of a job the turn offers to "you", the writer ("We'd
    like to offer you the position, start May 4, $41/hour"), or a sum its speaker's firm offers
    ("We can offer 72,000 taka a month": to the one they speak to)."""
    if statement.predicate != "salary":
        return False
    won = JOB_WON.search(statement.text)
    return EMPLOYER_OFFER.search(statement.text) is not None or (
        won is not None and re.search(r"(?i:\byou(?:rs)?\b)", won.group()) is not None
    )


def shared_tie(statement: ExtractedStatement) -> bool:
    """Whether a tie read from a chat turn is one the turn calls "our", its speaker saying nothing
    of their own ("my", "I") in the sentence."""
    text = statement.text
    return (
        statement.aspect == Aspect.RELATIONSHIP
        and statement.object_name is not None
        and OUR_RELATION_WORD.search(text) is not None
        and FIRST_SINGULAR.search(text) is None
    )


def speaker_manages(state: NoteState, piece: Piece, text: str) -> None:
    """ "Tolu: You will report to me directly": the speaker of a chat turn who says so is the
    writer's manager, from the day the turn names when it is one still to come ("I'll be your
    manager, see you on the 1st")."""
    if piece.speaker is not None and SPEAKER_MANAGES.search(text):
        boss = state.entity(piece.speaker, EntityType.PERSON, piece.span, None, text, sure=True)
        told = state.time_of(text)
        begins = told if told is not None and told > state.written else None
        state.state(
            ExtractedStatement(
                Aspect.RELATIONSHIP, text, USER_NAME, "manager", piece.span, object_name=boss, valid_at=begins
            )
        )


def given_up_for_the_other(state: NoteState, text: str) -> None:
    """A note in which the writer gives one tool up ("Uninstalled VS Code on Friday", "Deleted
    Waze") and names one other tool of the same kind they do not give up ("Everyone at Discovery
    uses Zed, so I gave it a proper week"), or moves their things to ("Moved all my transfers to
    Kuda, deleted Opay"): the writer uses that one from then, in its place. Of a kind the word
    lists know, that one is the note's only other tool of the kind; of a kind they do not, the two
    must be the note's only tools; a tool of the kind the lists know is one written with a capital
    whatever the classifier made of it ("Zed")."""
    mine = [s for s in state.statements if s.predicate == "uses" and s.subject == USER_NAME]
    ended = {s.object_name for s in mine if s.negated}
    if len(ended) != 1:
        return
    (old,) = ended
    # Of a kind the lists know, only a tool of that kind can take its place: "Gave Zed a proper
    # week … uninstalled IntelliJ. The Rust plugin still has rough edges" (Rust is no editor).
    kinds = [kind for kind in lexicon.TOOL_KINDS.values() if fold(old or "") in kind]

    def of_its_kind(tool: str) -> bool:
        return not kinds or any(fold(tool) in kind for kind in kinds)

    taken = {s.object_name for s in mine if not s.negated and s.object_name} - ended
    if any(of_its_kind(tool) for tool in taken):
        return
    tools = {e.name for e in state.entities.values() if e.type in TOOL_TYPES} - ended
    gone = next(s for s in mine if s.negated)
    # Inside a sentence only: "Things got busy" opening one is no Things app.
    unread = {
        written.group(1)
        for kind in kinds
        for name in kind
        if (written := re.search(rf"[a-z,]\s+({re.escape(name)})(?![\w.])", text, re.IGNORECASE)) is not None
        and written.group(1)[:1].isupper()
        and fold(written.group(1)) not in fold(old or "")
    }
    tools |= unread
    moved = MOVED_MY_THINGS.search(gone.text)
    known = state.entities.get(moved.group(2).lower()) if moved is not None else None
    kept_there = moved is not None and not lexicon.DIGITAL_THINGS.isdisjoint(moved.group(1).lower().split())
    if known is not None and known.name not in ended and (known.type != EntityType.PLACE or kept_there):
        # "Moved all my savings and transfers to Kuda, deleted Opay": what the writer moved their
        # things to is the tool taken in its place, whatever else the note names and whatever the
        # classifier made of the name (a place only when the things are kept in apps: "moved all
        # my notes to Joplin").
        if known.type not in TOOL_TYPES:
            state.entities[known.name.lower()] = replace(known, type=EntityType.TECHNOLOGY)
        tools = {known.name}
    # A tool the note says others use is theirs, not the one the writer takes up: "They use Python
    # at the Met Office, so my MATLAB scripts will have to go".
    named = [(e.name, e.type) for e in state.entities.values()]
    tools = {tool for tool in tools if of_its_kind(tool) and not used_by_others(text, tool, named)}
    if len(tools) != 1:
        return
    (new,) = tools
    if new in unread:
        new = state.entity(new, EntityType.TECHNOLOGY, gone.span, None, gone.text, sure=True)
    state.state(replace(gone, aspect=Aspect.DECISION, object_name=new, negated=False, replaces=old))


def switched_from_the_other(state: NoteState) -> None:
    """A note that switches to a tool ("Switched to Neovim for good", "move the team to Shortcut")
    without saying from what, and names one other tool it does not take up ("VS Code stays
    installed for the debugger only"): that tool is the one replaced. It was in use until the
    switch, and the note's other readings of it as in use are dropped (the chain ends it)."""
    tools = {e.name for e in state.entities.values() if e.type in TOOL_TYPES}
    taken = {
        s.object_name
        for s in state.statements
        if s.predicate == "uses" and not s.negated and s.aspect == Aspect.DECISION
    }
    # A tool the note gives up ("moving runs off Strava") was switched from, not to.
    ended = {s.object_name for s in state.statements if s.predicate == "uses" and s.negated}
    for at, statement in enumerate(state.statements):
        if (
            statement.predicate != "uses"
            or statement.negated
            or statement.object_name in ended
            or statement.replaces is not None
            or statement.aspect != Aspect.DECISION
            or not (SWITCHING.search(statement.text) or REPLACING.search(statement.text))
        ):
            continue
        others = tools - taken - {statement.object_name}
        if len(others) != 1:
            continue
        (old,) = others
        switched = statement.valid_at if statement.valid_at is not None else state.written
        state.statements[at] = replace(statement, replaces=old)
        state.statements = [
            s for s in state.statements if not (s.predicate == "uses" and s.object_name == old and not s.negated)
        ]
        state.state(replace(statement, aspect=Aspect.KNOWLEDGE, object_name=old, valid_at=switched - 1))
        return


def services(text: str) -> list[tuple[str, str]]:
    """Who serves the writer by what the sentence says goes to them or is done by them ("paid the
    rent to Quinovic", "Greenway Lettings put the rent up": a landlord; "Marta does my taxes": an
    accountant): (name, relation) pairs."""
    found = [(m.group(3), m.group(1) or m.group(2)) for m in SERVICE_PAID_TO.finditer(text)]
    found += [(m.group(1), m.group(2)) for m in SERVICE_DONE_BY.finditer(text)]
    found += [(m.group(1), m.group(2)) for m in SERVICE_PAID_AS.finditer(text)]
    found += [(m.group(2), m.group(1)) for m in SERVICE_JOTTED.finditer(text)]
    found += [(m.group(1), "rent") for m in RENT_RAISED.finditer(text)]
    return [(name, lexicon.SERVICE_ROLES[service.lower()]) for name, service in found if names_someone(name)]


def offered_pay(text: str, previous: str, spoken: bool = False) -> str | None:
    """The pay of a job offered to the writer or won, told after the offer in its sentence ("offer
    you the position, start May 4, $41/hour"; in an employer's own chat turn, ``spoken``, "We can
    offer 72,000 taka a month") or in the next ("Stevie offered me the job. £31,000, four days a
    week"): a sum by the hour, week, month or year, or in thousands; never one of an offer
    turned down."""
    won = JOB_WON.search(text) or (EMPLOYER_OFFER.search(text) if spoken else None)
    if won is not None:
        sums = [m.group(0) for m in IS_MY_SUM.finditer(text, won.end())]
        refused = JOB_REFUSED.search(text)
    else:
        # "They offered me the job! Deputy head from 1 September, £48,500 on the leadership scale",
        # "They called: I got it! Staff interpreter … starting May 4, $81,500": the next sentence's
        # sum, wherever it stands, unless it is weighed against the writer's pay now ("The pay is
        # 52,000 pesos a month, I make 41,000 now").
        won_before = JOB_WON.search(previous) or (
            GOT_IT.search(previous) and JOB_START_TOLD.search(text) and not HOME_NOUN.search(text)
        )
        offered = won_before and not PAID_TO_ME.search(text)
        sums = [m.group(0) for m in IS_MY_SUM.finditer(text)] if offered else []
        refused = JOB_REFUSED.search(previous) or JOB_REFUSED.search(text)
    pay = next((s.strip() for s in sums if pay_like(s)), None)
    return None if refused else pay


def day_opening(state: NoteState, text: str) -> StatedDate | None:
    """The day of the month a sentence opens with ("3 October, of course"; "4 July"; not
    "Friday"), or None."""
    date = state.date_of(text)
    if date is None or not any(ch.isdigit() for ch in date.phrase):
        return None
    at = text.lower().find(date.phrase.lower().strip())
    return date if at >= 0 and not text[:at].strip(" -*•:(") else None


def pay_like(told: str) -> bool:
    """Whether a sum reads as pay: by a period, in thousands, or a thousand and more."""
    if PERIOD_TOLD.search(told) or re.search(r"\dk\b", told, re.IGNORECASE):
        return True
    digits = re.sub(r"[.,\s](?=\d{3}\b)", "", told)
    whole = re.search(r"\d+", digits)
    return whole is not None and int(whole.group()) >= PAY_AT_LEAST


def cars(state: NoteState, text: str, span: Span, named: list[tuple[str, EntityType]]) -> None:
    """In a note about a car, the model the writer buys, drives, calls "my …" or keeps up ("MOT for
    the Micra") is their car from then on, and the one they sell or scrap was it until then ("Sold
    the Vitz … Bought a second-hand Mazda Demio"); the one someone drives the writer in is theirs
    ("Munkh drove us back in his Land Cruiser"). The classifier's kind is not asked (it takes models for people);
    a relation is no car ("my Mum"), nor is a tool the word lists know ("bought a Kindle"). The
    model is the whole name the sentence holds ("a used Tesla Model Y", not "Tesla Model")."""
    for pattern, given_up in (
        (CAR_TAKEN, False),
        (CAR_KEPT, False),
        (CAR_INSPECTED, False),
        (CAR_GONE, True),
        (CAR_JOTTED, False),
    ):
        for match in pattern.finditer(text):
            found = next(i for i, g in enumerate(match.groups(), 1) if g)
            model = whole_name(text, match.start(found), match.group(found), named)
            if pattern in (CAR_JOTTED, CAR_INSPECTED) and not known_car(model):
                continue  # "Maria 2019 from Lisbon": only a make or model the word lists know
            model = CHECK_AFTER.sub("", model)  # "Astra APK due 3 Feb": the Astra
            if len(model.split()) > 1 and model.split()[0].lower() in ("the", "my", "our"):
                model = model.split(maxsplit=1)[1]  # "The Punto is gone …" opening a sentence
            first = model.split()[0].lower()
            if first in NOBODY | lexicon.RELATIONS or (
                model.lower() in lexicon.LEXICON_TYPES and not known_car(model) and not car_by_deed(model, text)
            ):
                continue  # "bought a Kindle"; the lists know the Prius as a product too
            if match.group(0).lower().startswith(("my ", "our ")) and not car_like(model, text):
                continue  # "Sent my CV tonight" in a note that speaks of a Peugeot elsewhere
            name = state.entity(model, EntityType.PRODUCT, span, None, text, sure=True)
            car = ExtractedStatement(Aspect.IDENTITY, text, USER_NAME, "car", span, object_name=name)
            if given_up:
                state.end(car)
            else:
                state.state(car)
    for driven in THEIR_CAR.finditer(text):
        holder = state.entity(driven.group(1), EntityType.PERSON, span, None, text, sure=True)
        name = state.entity(
            whole_name(text, driven.start(2), driven.group(2), named), EntityType.PRODUCT, span, None, text
        )
        state.state(ExtractedStatement(Aspect.IDENTITY, text, holder, "car", span, object_name=name))


def someone_elses_after_a_comma(text: str, label: re.Match[str]) -> bool:
    """Whether a role's titled name set off by a comma may be anyone's: only one who serves the
    writer, said as theirs or new ("new dentist in Bonn, Dr. Yilmaz"), is theirs, and not in a
    sentence about someone else's ("Kwame's school has a new principal, Mrs. Boateng", "took Mum
    to the dentist, Dr. Patel")."""
    comma = label.group(3) is not None and "," in label.group(0)
    theirs = SOMEONE_ELSES.search(text, 0, label.start()) is not None
    # A jot's line that opens with the role lists the writer's own: "dentist, Dr. Villanueva, Thu 4pm".
    mine = MINE_OR_NEW.match(label.group(0)) is not None or not text[: label.start()].strip()
    return comma and (label.group(1).lower() not in lexicon.FIRM_ROLES or theirs or not mine)


def acts_as_someone(sent: SpacySpan, start: int, end: int, kind: EntityType | None) -> bool:
    """Whether the one-word name from token ``start`` to ``end``, read as ``kind``, is a person by
    what it does or is called: a first name the gazetteer knows read as a tool ("Julia", "Ruby")
    that does what only people do (says, asks, wants, gives, calls), does something to the writer
    ("put me in charge"), or is called by an honorific or a tie ("Ruby apa", "Ruby, my boss"), or
    a capitalised word nobody's lists know read as no person or firm ("Hirut", "Dawit") that does
    what no firm does (says, messages)."""
    if end - start != 1 or end >= len(sent):
        return False
    first_name = sent[start].lower_ in gazetteer().first_names
    if first_name and kind in TOOL_TYPES and titled_or_tied(sent, end):
        return True  # "Ruby apa, my new boss, gave me …": no language
    if sent[end].tag_ not in ("VBZ", "VBD", "VBP", "MD"):
        return False
    verb = sent[end].lower_
    if first_name:
        # "Ruby put me in charge of …": what a verb does to the writer, someone did.
        to_me = end + 1 < len(sent) and sent[end + 1].lower_ in ("me", "us")
        return kind in TOOL_TYPES and (verb in PEOPLE_VERBS or to_me)
    # A name no list knows may be a firm's, and firms want, offer and call too.
    return (
        kind not in (EntityType.PERSON, EntityType.ORGANIZATION) and unheard_of(sent[start]) and verb in SPEAKERS_VERBS
    )


# After a name, an honorific or the writer's tie to its bearer: "Ruby apa", "Julia, my new boss".
TITLED_OR_TIED = re.compile(
    rf"(?i:\s+(?:{HONORIFIC_AFTER})\b|\s*,\s+(?:my|our)\s+(?:new\s+|old\s+)?"
    rf"(?:{alternation(lexicon.RELATIONS)})\b)"
)


def titled_or_tied(sent: SpacySpan, end: int) -> bool:
    """Whether the words after the name that ends before token ``end`` of the sentence call it by
    an honorific or say what its bearer is to the writer ("Ruby apa", "Ruby, my boss")."""
    name_end = sent[end - 1].idx + len(sent[end - 1].text) - sent.start_char
    return TITLED_OR_TIED.match(sent.text, name_end) is not None


def unheard_of(token: Token) -> bool:
    """Whether a capitalised word is known to no list: no English word, place, brand or tool."""
    word = token.text
    return (
        word[:1].isupper()
        and unknown_word(word.lower())
        and name_key(word) not in gazetteer().places
        and not known_tool(word)
    )


def known_tool(name: str) -> bool:
    """Whether the word lists or the gazetteer's brands know ``name`` as a tool."""
    return name.lower() in lexicon.LEXICON_TYPES or gazetteer().is_brand(name)


def known_car(model: str) -> bool:
    """Whether a name holds a make or a model the word lists know ("Kia Niro", "RAV4")."""
    return any(w in lexicon.CAR_MAKES or w.lower() in lexicon.CAR_MODEL_KEYS for w in model.split())


def car_like(model: str, text: str) -> bool:
    """Whether a name only called "my …" may be a car: a make or a model the word lists know, a
    model with a number ("EV6", "MX-5"), or one the sentence speaks of as a car otherwise (one
    bought, sold or kept up is a car by what is done to it: "bought the Jazz")."""
    return (
        known_car(model)
        or any(ch.isdigit() for ch in model)
        or VEHICLE_WORDS.search(text.replace(model, " ")) is not None
    )


def named_car(name: str, kind: EntityType, text: str) -> bool:
    """Whether a name typed a tool is a car in a sentence about one: a product there is the car
    ("The Fiesta failed the MOT"), and so is any name the lists know for no software ("Vivaro
    needs two new tyres"; "Waze sent me round the diesel queue" still names the app)."""
    return VEHICLE_WORDS.search(text) is not None and (
        kind == EntityType.PRODUCT or not known_tool(name) or car_by_deed(name, text)
    )


def car_by_deed(name: str, text: str) -> bool:
    """Whether a name the lists know as something else ("Swift", a language) is a car by what the
    sentence does to it, in words about cars besides it: sold to someone for a sum, or kept up
    with parts only a car has ("the Swift goes to a man from Győr for 1.2 million, and we pick up
    the Octavia")."""
    if VEHICLE_WORDS.search(text.replace(name, " ")) is None:
        return False
    for pattern in (CAR_GONE, CAR_KEPT):
        for match in pattern.finditer(text):
            if any(group == name for group in match.groups()):
                return True
    return False


def everyday_noun(token: Token) -> bool:
    """Whether a word of the tool lists that is an everyday noun too (or the plural of an English
    word: "pandas"; or two written as one: "handshake") is written as one: in lower case after a
    determiner or an adjective, and no noun after it ("the fish from the market", "a switch for the
    office", "the red pandas"; "a node script", "the fish shell" are the tools), or a season after
    a word of time ("in spring")."""
    word = token.lower_
    plain = word in lexicon.EVERYDAY_NOUNS or english_compound(word) or english_compound(word.removesuffix("s"))
    if not plain or not token.text.islower() or token.i == 0:
        return False
    before = token.doc[token.i - 1]
    after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    if word in lexicon.SEASON_WORDS and before.lower_ in lexicon.SEASON_BEFORE:
        return True  # "new fume hoods in spring"
    if word in lexicon.SEASON_WORDS and after is not None and after.text.islower() and after.tag_.startswith("NN"):
        return after.lower_ not in lexicon.SPRING_PROJECTS  # "spring price list goes out", not "spring boot"
    if word in lexicon.EVERYDAY_NOUNS and token.tag_ == "NNS":
        return True  # "she actually explains things": a plural in lower case is the plain word
    determined = before.tag_ in ("DT", "PRP$", "JJ") or before.lower_ in ("some", "any", "this", "that")
    return determined and (after is None or not after.tag_.startswith("NN"))


def aged_person(name: str, named: list[tuple[str, EntityType]]) -> bool:
    """Whether the name before "turned seven" can be a person's: not a word that names nobody, a
    thing the word lists know, or a name the sentence typed as something else."""
    if name.split()[0].lower() in NOT_NAMES or name.lower() in lexicon.LEXICON_TYPES:
        return False
    return all(kind == EntityType.PERSON for found, kind in named if found.lower() == name.lower())


def said_to_someone(text: str, upto: int) -> bool:
    """Whether a sentence about a home asks, or speaks to someone up to character ``upto`` ("the
    flat you found is …"); a "you" after that is anyone's ("… and you can see the river")."""
    return text.rstrip().endswith("?") or ADDRESSED.search(text, 0, upto) is not None


def home_rent(text: str) -> str | None:
    """The monthly sum a sentence tells of a rented home before it, which it says is taken ("flat on
    Torvegade, 3rd floor, 8,400 kr a month, keys 25 May"): the writer's rent, unless the home is
    only looked at or thought of, or the sentence asks or speaks to someone."""
    told = home_sum(text)
    if told is None or not HOME_TAKEN.search(text):
        return None
    monthly, home = told
    if said_to_someone(text, monthly.end()) or VIEWING.search(text, 0, home.start()):
        return None
    return monthly.group(0).strip()


def home_sum(text: str, any_sum: bool = False) -> tuple[re.Match[str], re.Match[str]] | None:
    """The monthly sum a sentence tells of a rented home named before it, and that home, unless it
    is only thought of ("thinking about the flat on …"); ``any_sum``: a sum without its period too
    ("a room in Cẩm Phô, 5.5 triệu")."""
    told = RENT_SUM.search(text) or (IS_MY_SUM.search(text) if any_sum else None)
    home = None if told is None else RENTED_HOME.search(text, 0, told.start())
    if told is None or home is None or PONDERING.search(text, 0, home.start()):
        return None
    return told, home


def rent_of_the_let_home(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """A note naming the writer's landlord is about the home they rent: a monthly sum it tells of a
    home is its rent, even where the home is only shown ("Ama: the agent showed me the house, 2
    bedrooms, GH₵ 2,200 a month … who is the landlord? … one Mr. Tetteh"), unless it is pondered."""
    mine = [s for s in state.statements if s.subject == USER_NAME and not s.negated]
    if not any(s.predicate == "landlord" for s in mine) or any(s.predicate == "rent" for s in mine):
        return
    for piece, sent in sentences:
        text = sent.text.strip()
        told = home_sum(text, any_sum=True)
        if told is not None:
            sum_told = period_said(told[0].group(0).strip())
            state.state(ExtractedStatement(Aspect.IDENTITY, text, USER_NAME, "rent", piece.span, object_value=sum_told))
            return


def make_and_model(name: str) -> bool:
    """Whether ``name`` is a car's make the word lists know and a model after it ("Honda Fit",
    "Kia EV6", "Skoda Octavia"; not the make alone, nor a firm's name: "Toyota Motors")."""
    make, _, model = name.partition(" ")
    words = model.split()
    return (
        make in lexicon.CAR_MAKES
        and 0 < len(words) <= 2
        and all(w[:1].isupper() or w[:1].isdigit() for w in words)
        and not firm_named(name)
        and not place_named(name)
    )


def cars_are_no_tools(state: NoteState) -> None:
    """A car the note names is no tool the writer uses, nor is its make: its readings as one are
    dropped ("Sold the Fiesta" was read as giving a tool up; "Tesla" of a "Tesla Model Y"), as are
    those of a make's model the note does not say is the writer's ("the old Volvo V70 has done
    340,000 km"), and of a make or a model the lists know named alone ("guessing what a Peugeot
    wants", "and the old Skoda?" before "sold it"): a car or a firm, never a tool."""
    owned = [set(s.object_name.lower().split()) for s in state.statements if s.predicate == "car" and s.object_name]
    state.statements = [
        s
        for s in state.statements
        if not (
            s.predicate == "uses"
            and s.object_name
            and (
                any(set(s.object_name.lower().split()) <= car for car in owned)
                or make_and_model(s.object_name)
                or s.object_name in lexicon.CAR_MAKES
                or s.object_name.lower() in lexicon.CAR_MODEL_KEYS
            )
        )
    ]


def taken_tool(match: re.Match[str], new: str, old: str, named: list[tuple[str, EntityType]]) -> bool:
    """Whether the name a farewell switch takes up is a tool: one the lists or the sentence's types
    know, or one the sentence says is used ("They use Dorico here"; "in Leeds" says nothing)."""
    if is_tool(new, named):
        return True
    used = match.group("taken").lower().startswith("us")
    return used and new[:1].isupper() and could_be_tool(new, named, old, switched=True)


def house_move(text: str) -> bool:
    """Whether the sentence moves from one place to another with nothing moved between ("we moved
    from Podgórze to Bronowice"): a home's move, unless the word lists know a side for a tool
    ("Moved from Notion to Linear") or one is written like a product ("moved from ClassDojo to
    Seesaw"); tools are moved with what moves ("moved my logins from …")."""
    sides = moved_between(text)
    return sides is not None and not tools_named(sides)


def tools_named(sides: tuple[str, str]) -> bool:
    """Whether either side of a move is a tool: one the word lists know for one, or one written
    like a product ("ClassDojo")."""
    return bool({side.lower() for side in sides} & set(lexicon.LEXICON_TYPES)) or any(
        PRODUCT_SHAPE.search(side) for side in sides
    )


def moved_between(text: str) -> tuple[str, str] | None:
    """The names a sentence moves from and to ("moved from Podgórze to Bronowice"), or None."""
    move = MOVED_FROM.search(text)
    if move is None:
        return None
    after = text[move.end(1) :].split()
    return move.group(1), after[1].strip(".,;!?") if len(after) > 1 else ""


def homes_left_behind(state: NoteState, sentences: list[tuple[SpacySpan, int]]) -> None:
    """A note in which the writer has a new home and misses, leaves or hands back the keys of
    another place ("First nights in Floreasca. I already miss the market in Drumul Taberei"): that
    place was home until the new one (``sentences``: the writer's own, with where each line starts)."""
    left = {
        (sent.text.strip(), next(g for g in match.groups() if g).lower())
        for sent, _ in sentences
        for match in LEFT_HOME.finditer(sent.text)
    }
    homes = [
        s
        for s in state.statements
        if s.predicate == "lives_in" and s.subject == USER_NAME and not s.negated and s.object_name
    ]
    # A home read in the very words that say it was left ("twenty years in Morningside") is no new one.
    new_homes = [s for s in homes if (s.text, (s.object_name or "").lower()) not in left]
    if not new_homes:
        return
    moved = min(state.written if s.valid_at is None else s.valid_at for s in new_homes)
    new = {s.object_name for s in new_homes}
    state.statements = [s for s in state.statements if s not in homes or s in new_homes]
    former: str | None = None
    for sent, offset in sentences:
        text = sent.text
        for match in LEFT_HOME.finditer(text):
            entity = state.entities.get(next(g for g in match.groups() if g).lower())
            if entity is None or entity.name in new:
                continue
            if entity.type != EntityType.PLACE:
                # "quieter than Ruzafa", "Footscray already feels far away": a name compared with
                # the new home, or far from it, is a place, unless it is written as a person's
                # ("calmer than Tom").
                placed = match.group(2) is not None or match.group(match.re.groups) is not None
                if entity.type != EntityType.PERSON or person_shaped(entity.name) or not placed:
                    continue
                state.entity(entity.name, EntityType.PLACE, entity.span, None, text.strip(), sure=True)
            start = offset + sent.start_char
            former = former or entity.name
            state.state(
                ExtractedStatement(
                    Aspect.IDENTITY,
                    text.strip(),
                    USER_NAME,
                    "lives_in",
                    Span(start, start + len(text)),
                    object_name=entity.name,
                    valid_at=moved - 1,
                )
            )
    if former is not None:
        # The new home replaces the one left, so it holds from this note on even when an earlier
        # note already named it ("signed for the house in Kungsbacka" in June, the move in August).
        state.statements = [
            replace(s, replaces=former) if s in new_homes and s.replaces is None else s for s in state.statements
        ]


def attendees_are_people(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """The names a meeting's list of who came holds are people, whatever the classifier took them
    for ("Present: Imogen Pryce, Ed Kowalski, me"); what an item says after the name, in brackets or
    after "from", is where they are from ("Ramiro (CNC)", "Kofi from Frischeparadies"): a name after
    "from" is the firm they work at."""
    for piece, sent in sentences:
        text = sent.text.strip()
        listed = ATTENDEE_LIST.match(text)
        if listed is None:
            continue
        for item in re.split(r",|\band\b|;", listed.group(1)):
            name = ATTENDEE_FROM.sub("", item).strip(" .")
            entity = state.entities.get(name.lower())
            if entity is not None and entity.type != EntityType.PERSON:
                state.entities[name.lower()] = replace(entity, type=EntityType.PERSON)
            elif entity is None and attendee_name(name):
                # A name the classifier passed over ("Josée" beside "Derek, Malik") is someone too.
                state.entity(name, EntityType.PERSON, piece.span, None, text)
            firm = ATTENDEE_FIRM.search(item)
            person = state.entities.get(name.lower())
            # "Sam from Leeds" says where Sam comes from; a town's name is no firm.
            town = firm is not None and name_key(firm.group(1)) in gazetteer().places
            if firm is not None and not town and person is not None and person.type == EntityType.PERSON:
                at = state.entity(firm.group(1), EntityType.ORGANIZATION, piece.span, None, text, sure=True)
                works = ExtractedStatement(
                    Aspect.IDENTITY, text, person.name, lexicon.WORKS_AT, piece.span, object_name=at
                )
                state.state(works)


def firm_in_brackets(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """Someone named with a firm in brackets after them works there: "Daniel Koh (DBS)", "Nuria
    Solé (art director, Penguin Random House)" (the bracket's last part, a name the note reads as a
    firm; a team's "(IT)" or a town is none)."""
    for piece, sent in sentences:
        text = sent.text.strip()
        for named in NAMED_WITH_BRACKETS.finditer(text):
            person = state.entities.get(named.group(1).lower())
            told = named.group(2).split(",")[-1].strip()
            firm = state.entities.get(told.lower())
            if person is None or person.type != EntityType.PERSON or name_key(told) in gazetteer().places:
                continue
            if firm is None and firm_named_in_brackets(told):
                firm = state.entities[state.entity(told, EntityType.ORGANIZATION, piece.span, None, text).lower()]
            if firm is not None and firm.type == EntityType.ORGANIZATION:
                works = ExtractedStatement(
                    Aspect.IDENTITY, text, person.name, lexicon.WORKS_AT, piece.span, object_name=firm.name
                )
                state.state(works)


def firm_named_in_brackets(told: str) -> bool:
    """Whether what a bracket after someone's name says is a firm's name the classifier passed
    over ("Sam Whitford (Airservices)", "Maeve Joyce (Corrib)"): capitalised words, none a word of
    English nor a first name, not a team's initials in capitals ("(HR)", "(CNC)"; "(KPMG)" is a
    firm) nor a role's in mixed case ("(SENCo)", "(HoD)": short, and mostly capitals)."""
    words = told.split()
    mostly_capitals = sum(ch.isupper() for ch in told) * 2 > len(told)
    mixed_case = not told.isupper() and mostly_capitals and len(told) <= ROLE_INITIALS
    initials = (told.isupper() and len(told) <= TEAM_INITIALS) or mixed_case
    return (
        0 < len(words) <= MAX_BRACKETED_FIRM_WORDS
        and all(w[:1].isupper() and w.lower() not in english_words() for w in words)
        and not initials
        and name_key(words[0]) not in gazetteer().first_names
    )


def interview_panel(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """Who sat on a job interview with a firm the note's heading names works there: "## Interview
    - Rota Verde" / "With: Catarina Lopes (operations lead), Hugo (senior dispatcher)" (each named
    with the role in brackets, as a panel is listed, with or without a label)."""
    if not sentences:
        return
    heading = INTERVIEW_WITH.search(sentences[0][1].text)
    if heading is None:
        return
    named = next(found for found in heading.groups() if found)
    key = named.lower()
    # "# Phone interview", "## Zoom interview" name how, not with whom.
    plain = key in english_words() or key in lexicon.LEXICON_TYPES or key in NOT_NAMES
    if written_like_a_name(named) and not plain and not any(key in k or k in key for k in state.entities):
        # A name the classifier passed over ("## Valo Health - second interview") is the firm.
        state.entity(named, EntityType.ORGANIZATION, sentences[0][0].span, None, sentences[0][1].text)
    firm = state.entities.get(key) or next(
        (e for k, e in state.entities.items() if k.startswith(key) and e.type == EntityType.ORGANIZATION), None
    )
    in_town = IN_A_TOWN.match(sentences[0][1].text, heading.end())
    if firm is not None and firm.type in lexicon.NOT_A_WORKPLACE_READING and in_town is not None:
        # An interview at a name in a town is at a firm there, whatever the name's reading
        # ("Interview at Shopa in Tema today" read Shopa as a place beside the town; "Interview at
        # Britomart" alone may be where it happens).
        firm = state.entities[firm.name.lower()] = replace(firm, type=EntityType.ORGANIZATION)
    if firm is None or firm.type != EntityType.ORGANIZATION:
        return
    for piece, sent in sentences[1:]:
        listed = PANEL_LIST.match(sent.text.strip())
        for item in re.split(r",(?![^(]*\))|;", listed.group(1) if listed else sent.text):
            if "(" not in item:
                continue
            name = ATTENDEE_FROM.sub("", item).strip(" .")
            person = state.entities.get(name.lower())
            if person is not None and person.type == EntityType.PERSON:
                text = sent.text.strip()
                said = ExtractedStatement(
                    Aspect.IDENTITY, text, person.name, lexicon.WORKS_AT, piece.span, object_name=firm.name
                )
                state.state(said)


def attendee_name(item: str) -> bool:
    """Whether an item of a list of who came is a person's name: one to three capitalised words
    (not all capitals: "HR", "QA" are teams), not the writer nor a word for many ("All", "Team")."""
    words = item.split()
    if not 1 <= len(words) <= ATTENDEE_NAME_WORDS or item.isupper():
        return False
    if not all(written_like_a_name(w) and w[0].isupper() for w in words):
        return False
    return words[0].lower() not in NOT_NAMES | PERSONAL_PRONOUNS | lexicon.GATHERED_WORDS


def workplaces_are_organisations(state: NoteState) -> None:
    """Where the writer or anyone works is an organisation, whatever the name's own reading said
    ("I start at Tulus Lotrek on the 16th" read the restaurant as a place, and "first service at
    Tulus" later as a firm: two entities, two workplaces), and no tool the writer uses."""
    for statement in state.statements:
        if statement.predicate != lexicon.WORKS_AT or not statement.object_name:
            continue
        entity = state.entities.get(statement.object_name.lower())
        if entity is not None and entity.type in lexicon.NOT_A_WORKPLACE_READING:
            state.entities[statement.object_name.lower()] = replace(entity, type=EntityType.ORGANIZATION)
    # Nor is the writer's workplace a tool of theirs in the sentence that says they work there
    # ("First day with easyJet", "Six years flying with TAP": "with" reads a tool worked in).
    employed = {
        (s.text, s.object_name)
        for s in state.statements
        if s.predicate == lexicon.WORKS_AT and s.subject == USER_NAME and s.object_name
    }
    state.statements = [
        s for s in state.statements if not (s.predicate == "uses" and (s.text, s.object_name) in employed)
    ]


# Verbs whose object is a work performed: a song, a poem, a prayer ("sang Calon Lân").
PERFORMING_VERBS = frozenset(
    {"sing", "sings", "sang", "sung", "singing", "hum", "hummed", "humming", "recite", "recited", "reciting"}
)


def firms_called_short(state: NoteState) -> None:
    """A firm's name called short in the same note names the firm ("Transition meeting, Ysgol Bryn
    Tawe" … "Bryn Tawe moved from ClassDojo to Seesaw"), not a place or a tool of its own, for the
    tie classifier too."""
    org = EntityType.ORGANIZATION
    shorts = {short.lower() for e in state.entities.values() if e.type == org and (short := called_by(e.name, org))}
    for key in shorts:
        entity = state.entities.get(key)
        if entity is not None and entity.type in (EntityType.PLACE, EntityType.TECHNOLOGY, EntityType.PRODUCT):
            state.entities[key] = replace(entity, type=org)
            state.tie_mentions = [replace(m, kind=org) if m.name.lower() == key else m for m in state.tie_mentions]


def predecessor_departed(state: NoteState) -> None:
    """A note that names a new holder of a role the writer has one of at a time ("New trainer at
    the gym: Brianna, starts next week") and one other person leaving ("Coach Mike moved to San
    Antonio"): the one leaving held the role until the new one took it, though no note said so."""
    leaving = {
        entity.name
        for name in state.departed
        if (entity := state.entities.get(name.lower())) is not None and entity.type == EntityType.PERSON
    }
    for at, statement in enumerate(state.statements):
        if not newly_held(statement):
            continue
        others = leaving - {statement.object_name}
        if len(others) != 1:
            continue
        (old,) = others
        took_over_from(state, at, old)
        return


def newly_held(statement: ExtractedStatement) -> bool:
    """Whether a statement says the writer has a new holder of a role they have one of at a time,
    in words that call it new ("New trainer at the gym: Brianna"), replacing no one it names."""
    fresh = NEW_ROLE.search(statement.text)
    return (
        statement.subject == USER_NAME
        and not statement.negated
        and statement.replaces is None
        and statement.predicate in lexicon.SINGLE_RELATIONS
        and fresh is not None
        and lexicon.canonical_relation(fresh.group(1).lower()) == statement.predicate
    )


def predecessor_titled(state: NoteState) -> None:
    """A note that names the writer's new doctor or dentist ("new doctor: Dr. Boateng") and one
    other doctor, tied by nothing else it says ("Dr. Asante at Madina Polyclinic is too far now"):
    the other is the one the new one replaces."""
    for at, statement in enumerate(state.statements):
        if not newly_held(statement) or not statement.object_name or not DOCTOR_NAME.match(statement.object_name):
            continue
        # Tied to something: the object of a statement, or the subject of a detail or a tie.
        tied = {s.object_name for s in state.statements} | {
            s.subject for s in state.statements if s.aspect in (Aspect.IDENTITY, Aspect.RELATIONSHIP)
        }
        others = {
            entity.name
            for entity in state.entities.values()
            if entity.type == EntityType.PERSON and DOCTOR_NAME.fullmatch(entity.name) and entity.name not in tied
        }
        if len(others) == 1:
            took_over_from(state, at, others.pop())
        return


def provider_left_for_another(state: NoteState) -> None:
    """A doctor or dentist of the writer's the sentence says is left ("dentist: Dr. Sami in Weibdeh
    is too far now, booked Dr. Nour Khatib in Khalda"): the other doctor it names after that holds
    the tie, replacing them."""
    switched = {s.predicate for s in state.statements if s.replaces is not None}
    for at, statement in enumerate(state.statements):
        old = statement.object_name
        if (
            statement.subject != USER_NAME
            or statement.negated
            or statement.predicate in switched  # read already: "new dentist: Dr. Meyer"
            or statement.predicate not in lexicon.SINGLE_RELATIONS
            or not old
            or old not in statement.text
        ):
            continue
        left = PROVIDER_LEFT.match(statement.text, statement.text.index(old) + len(old))
        new = None if left is None else DOCTOR_NAME.search(statement.text, left.end())
        if new is not None and new.group(0) != old:
            holder = state.entity(new.group(0), EntityType.PERSON, statement.span, statement.predicate, statement.text)
            state.statements[at] = replace(statement, object_name=holder)
            took_over_from(state, at, old)
            return


def predecessor_compared(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """A note that names a new holder of a role the writer has one of at a time (not a partner),
    told as new or at its start, and compares them with someone else in the writer's words ("First
    week with Imran as my manager. He is calmer than Gwen"; not "Lunch with my manager Dana. She is
    taller than Tom"): the one compared with held the role until the new one took it, though no
    note said so."""
    compared = [
        match.groups()
        for piece, sent in sentences
        if piece.speaker is None
        for match in COMPARED_WITH.finditer(sent.text)
    ]
    if not compared:
        return
    for at, statement in enumerate(state.statements):
        new = statement.object_name
        if (
            new is None
            or statement.subject != USER_NAME
            or statement.negated
            or statement.replaces is not None
            or statement.predicate not in lexicon.HELD_ROLES
            or not (NEW_ROLE.search(statement.text) or FRESH_START.search(statement.text))
        ):
            continue
        olds = {
            entity.name
            for subject, other in compared
            if (subject.lower() in ("he", "she", "they") or compatible(subject, new))
            and not compatible(other, new)
            and (entity := state.entities.get(other.lower())) is not None
            and entity.type == EntityType.PERSON
        }
        if len(olds) != 1:
            continue
        (old,) = olds
        took_over_from(state, at, old)
        return


def took_over_from(state: NoteState, at: int, old: str) -> None:
    """The tie stated at index ``at`` replaced ``old``'s, which held until the new one began."""
    statement = state.statements[at]
    taken = statement.valid_at if statement.valid_at is not None else state.written
    state.statements[at] = replace(statement, replaces=old)
    state.state(replace(statement, object_name=old, valid_at=taken - 1))


class SpellRead(NamedTuple):
    """A spell at a workplace as a sentence tells it: what it says ("first week", "two weeks
    notice"), the workplace's name, where that name starts, where the spell starts."""

    told: str
    firm: str
    firm_at: int
    at: int


def site_of_a_place(text: str, name: str, at: int) -> bool:
    """Whether ``name`` (at character ``at``) is a place naming a site of a firm, "the Porto base",
    "the Leeds office": a town the gazetteer knows (and no brand), after "the", before a word in
    lower case ("the Adlon kitchen" is the Adlon's)."""
    before, after = text[:at], text[at + len(name) :]
    _, _, place, brand = gazetteer().hits(name)
    if not place or brand:
        return False
    return re.search(r"(?i:\bthe\s+)$", before) is not None and re.match(r"\s+[a-z]{3,}\b", after) is not None


def day_one(spell: re.Match[str], state: NoteState) -> float | None:
    """The first day at a workplace, told by how many days or weeks in the note is written ("day 3
    at Halcyon": the day before yesterday; "first week at Rota Verde" on a Friday: that Monday);
    None for any other spell ("first week back at …" is a return, "three years at …" no start)."""
    written = datetime.fromtimestamp(state.written).replace(hour=0, minute=0, second=0, microsecond=0)
    counted = DAY_COUNT.fullmatch(spell.group(1))
    if counted is not None:
        return (written - timedelta(days=number(counted.group(1)) - 1)).timestamp()
    weeks = WEEK_COUNT.fullmatch(spell.group(1))
    if weeks is None or re.match(r"\s+back\b", spell.string[spell.end(1) :]):
        return None
    count = ORDINAL_NUMBERS.get(weeks.group(1).lower(), 0) if weeks.group(1) else number(weeks.group(2))
    monday = written - timedelta(days=written.weekday())
    return (monday - timedelta(weeks=count - 1)).timestamp()


# Ordinals a spell counts weeks with.
ORDINAL_NUMBERS = {"first": 1, "second": 2, "third": 3}


def firm_context(text: str, start: int, end: int) -> bool:
    """Whether the words around the name at characters ``start``-``end`` of ``text`` make it a
    firm's, whatever the classifier guessed from the name ("Copperleaf's office is in Shoreditch",
    which it took for a tool; "a startup called Fernbrook", which it did not take for a name; "Dr.
    Thanawat at BangkokSmile", a practice, unless the gazetteer knows a town by the name)."""
    after = text[end:]
    if text[start:end].lower() in MONTHS:
        return False  # "the June payroll": the month's, of no firm named June
    at_doctors = DOCTOR_AT.search(text, 0, start) is not None and name_key(text[start:end]) not in gazetteer().places
    return (
        at_doctors
        or FIRM_BEFORE.search(text, 0, start) is not None
        or FIRM_AFTER.match(after) is not None
        or (FIRM_APPOSITION.match(after) is not None and IN_BEFORE.search(text, 0, start) is None)
        or (HIRING_AFTER.match(after) is not None and PREPOSITION_BEFORE.search(text, 0, start) is None)
    )


def firm_named(name: str) -> bool:
    """Whether a name of several words ends in a word that says it is a firm's: "Keane
    Accountancy", "Footscray Dental", "Brum Removals" (lexicon.FIRM_HEADS), or opens with one where
    its language puts it first: "Estudio Lumbre", "Clínica Turia" (lexicon.FIRM_OPENERS)."""
    words = name.lower().split()
    return len(words) > 1 and (words[-1].strip(".") in lexicon.FIRM_HEADS or words[0] in lexicon.FIRM_OPENERS)


def place_named(name: str) -> bool:
    """Whether a name of several words ends in a feature of the land: "Rainbow Mountain", "Victoria
    Island", "Small Heath" (lexicon.PLACE_HEADS)."""
    words = name.lower().split()
    return len(words) > 1 and words[-1] in lexicon.PLACE_HEADS


def town_and_state(name: str) -> bool:
    """Whether a name is a town and a US state's postal code ("Denver CO", "Austin TX")."""
    words = name.split()
    return len(words) > 1 and words[-1] in lexicon.STATE_CODES


def town_unlike_anyone(name: str) -> bool:
    """Whether ``name`` is a place of several words the gazetteer knows and not written as a
    person's ("Chiang Mai", which the tagger may hear as a person's beside an arrow; one word may be
    a person's whatever the gazetteer holds: "Koro", a grandfather in Māori)."""
    return " " in name.strip() and name_key(name) in gazetteer().places and not person_shaped(name)


# Animals people keep and name.
ANIMAL = (
    r"(?:cat|kitten|kitty|dog|puppy|pup|mutt|pooch|horse|mare|stallion|pony|foal|rabbit|bunny|hamster|guinea\s+pig"
    r"|parrot|budgie|tortoise|turtle|goldfish|ferret|gecko|lizard|snake|hen|goat)s?"
)
# Words before a name that say an animal bears it: "a mare called", "a brown mutt we called", "our
# cat", "my old dog".
ANIMAL_BEFORE = re.compile(
    rf"(?i:\b{ANIMAL}\s+(?:(?:we|i|they|she|he)\s+)?(?:called|named)\s*$|\b(?:my|our|his|her|their|your)\s+(?:[a-z]+\s+)?{ANIMAL},?\s*$)"
)
# Words after a name that say an animal bears it: "Chispa, our cat", "Pip, a tiny black kitten".
ANIMAL_AFTER = re.compile(rf"(?i:^,\s+(?:my|our|his|her|their|your|a|the)\s+(?:[a-z]+\s+){{0,2}}{ANIMAL}\b)")


def animal_named(text: str, start: int, end: int) -> bool:
    """Whether the name at ``start:end`` of the sentence is an animal's, said as its name: a pet,
    which the notes speak of as one of the family (typed a person)."""
    return ANIMAL_BEFORE.search(text[:start]) is not None or ANIMAL_AFTER.match(text[end:]) is not None


def venue(sent: SpacySpan, start: int, end: int) -> bool:
    """Whether the name from token ``start`` to ``end`` is a venue named for its owner: "at Luigi's",
    "back from Nando's." (a possessive with nothing after it but the clause's end): where, not who
    ("at Moana's place" names Moana; "at Grandma's" is her home, said by the tie)."""
    after = end + 1
    return (
        start >= 1
        and sent[start:end].text.lower() not in lexicon.KINSHIP
        and sent[start - 1].lower_ in ("at", "to", "from")
        and end < len(sent)
        and sent[end].text in ("'s", "’s")
        and (after == len(sent) or sent[after].is_punct or sent[after].tag_ in ("IN", "CC"))
    )


# What the classifier may make of a thing bought or sold: a product whatever it guessed.
THING_GUESSES = frozenset({EntityType.PERSON, EntityType.PLACE, EntityType.ORGANIZATION, EntityType.TECHNOLOGY})


def owned_thing(sent: SpacySpan, start: int) -> bool:
    """Whether the name at token ``start`` of the sentence is something bought, sold or returned
    ("Sold the Vespa", "bought my Brompton"): a product, not a person, a place, a firm nor a
    technology ("sold Tom the bike" names whom, without a determiner; a firm is bought into,
    "shares in Apple")."""
    return start >= 2 and sent[start - 1].tag_ in ("DT", "PRP$") and sent[start - 2].lower_ in OWNING_VERBS


# A word with a capital inside it after two small letters is a product's name ("OneNote",
# "LastPass", "memoQ"), not a person's nor a place's ("McKenzie", "DeAndre", "LaToya" have their
# capital after a name's prefix).
PRODUCT_SHAPE = re.compile(r"\b(?!(?:Mac|Mc|De|Di|La|Le|Van|Du)[A-Z])[A-Za-z]*[a-z]{2}[A-Z]")


def product_like(word: str, kind: EntityType | None, sent: SpacySpan, start: int, end: int) -> bool:
    """Whether a name the word lists do not know is software by what is done with it, or written
    like a product where the classifier took it for a person or a place, or a word of it for no
    name at all ("TickTick trial: …" opening a line)."""
    if word in lexicon.LEXICON_TYPES:
        return False
    text = sent[start:end].text
    guessed = kind in (EntityType.PERSON, EntityType.PLACE) or (kind is None and passed_over_brand(sent, start, end))
    return software(sent, start, end, kind) or (guessed and bool(PRODUCT_SHAPE.search(text)))


def passed_over_brand(sent: SpacySpan, start: int, end: int) -> bool:
    """Whether the classifier's no-name is one word written like a brand ("TickTick trial: …"), not
    a piece of code: capitalised, outside backticks, no call or member access beside it
    ("useEffect", "`orderBy`", "this.setState", "ValueError(")."""
    if end - start != 1 or not sent[start].text[:1].isupper():
        return False
    before = sent[start - 1].text if start > 0 else ""
    after = sent[end].text if end < len(sent) else ""
    return not (before.endswith(CODE_BEFORE) or after.startswith(CODE_AFTER) or "." in sent[start].text)


# Marks beside a word that put it inside code: backticks, a member's dot, a call's bracket.
CODE_BEFORE = ("`", ".", "_", "<", "/")
CODE_AFTER = ("`", "(", "_", "<", "/")


def kept_in(sent: SpacySpan, i: int) -> bool:
    """Whether token ``i`` says where work's things live: "Everything from voyage estimates to
    bunker orders lives in Veson", "all our docs live in", "…, everything is in Interpreters' Help"
    (a clause opening on a thing, not someone: "we're all in Cacilhas" is none)."""
    clause = next((j + 1 for j in range(i - 1, -1, -1) if sent[j].is_punct), 0)
    opening = next((t for t in sent[clause:i] if t.tag_ not in ("DT", "PRP$")), None)
    return sent[i].lower_ in KEPT_IN_VERBS and opening is not None and opening.lower_ in lexicon.THINGS_KEPT


# Verbs of where things are kept: "lives in", and "is in" after a thing.
KEPT_IN_VERBS = frozenset({"live", "lives", "lived", "is", "are", "was", "were"})


def things_kept_in(sent: SpacySpan, last: int) -> bool:
    """Whether the words ending at token ``last``, before an "in", are a verb and its object of
    work's things: "they book everything in", "I keep all my shifts in", "we log orders in" (not
    "booked a table in", nor "we're all in")."""
    for i in range(last, max(last - MADE_IN_OBJECT_WORDS, 0) - 1, -1):
        if sent[i].lower_ in lexicon.THINGS_KEPT and sent[i].tag_.startswith(KEPT_THING_TAGS):
            verb = i - 1
            while verb >= 0 and sent[verb].tag_ in DETERMINER_TAGS:
                verb -= 1
            return verb >= 0 and sent[verb].tag_.startswith("VB") and sent[verb].lower_ not in BE_FORMS
        if not sent[i].tag_.startswith(OBJECT_WORD_TAGS):
            return False
    return False


# Tags of the words between a verb and its object's noun: "all my", "the", "every"; the tags of
# the object's own word ("everything", "all", "orders"; not the adverb of "we're all in").
DETERMINER_TAGS = frozenset({"DT", "PDT", "PRP$"})
KEPT_THING_TAGS = ("NN", "DT", "PDT")
# The verb "be", which keeps nothing anywhere ("we're all in Cacilhas").
BE_FORMS = frozenset({"be", "am", "is", "are", "was", "were", "been", "being", "'m", "’m", "'re", "’re", "'s", "’s"})
# A street whose name opens with its street word: "who runs the office on Calle Plateros".
STREET_FIRST = re.compile(rf"{LEADING_STREET}\s")


def verb_before_object(sent: SpacySpan, last: int, verbs: frozenset[str]) -> bool:
    """Whether one of ``verbs`` is token ``last``, or stands before its object of a few words that
    ends there: "models in", "we track everything in", "plan the week in", "we run the fleet on"."""
    for i in range(last, max(last - MADE_IN_OBJECT_WORDS, 0) - 1, -1):
        if sent[i].lower_ in verbs:
            return True
        if not sent[i].tag_.startswith(OBJECT_WORD_TAGS):
            return False
    return False


# The longest object between a verb of making and its "in" ("plan the week in"), and the tags its
# words have.
MADE_IN_OBJECT_WORDS = 4
OBJECT_WORD_TAGS = ("NN", "DT", "PRP", "JJ", "CD", "POS")


def told_just_before(state: NoteState, name: str) -> bool:
    """Whether the sentence before the one read names ``name`` and no other person."""
    before = state.previous_sentence
    people = [
        e.name
        for e in state.entities.values()
        if e.type == EntityType.PERSON and re.search(rf"\b{re.escape(e.name)}\b", before) is not None
    ]
    return people == [name]


# What work runs on: "everything runs on Vintrace", "the whole shop ran on Odoo", "we run
# everything on Zabbix".
RUN_FORMS = frozenset({"run", "runs", "ran", "running"})


def software(sent: SpacySpan, start: int, end: int, kind: EntityType | None) -> bool:
    """Whether the name from token ``start`` to ``end`` of the sentence is software by what is done
    with it or what it does: installed, downloaded, deleted ("Installed Reaper", "uninstalled the
    Zoom app", "deleted Opay"), something made in it ("models in Rhino"), or crashing, freezing with
    no object, logging its users out ("Pro Tools crashed twice"; an English word opening the
    sentence is the sentence's own: "Goodbye freezes"; a name ``kind`` or its shape makes a
    person's freezes as people do), or by a software noun after it ("renew Sibelius licence")."""
    before = start - 1 if start >= 1 and sent[start - 1].tag_ not in ("DT", "PRP$") else start - 2
    # ("AMOS froze again" in capitals is a name, whatever word it spells.)
    plain_opening = start == 0 and end == 1 and sent[0].lower_ in english_words() and not is_acronym(sent[0].text)
    after = sent[end].lower_ if end < len(sent) else ""
    does = not plain_opening and end < len(sent) and sent[end].tag_.startswith("VB") and after in SOFTWARE_DOES
    # Software crashes; someone crashes something ("Tomas crashed his bike", "crashed the car").
    does &= end + 1 >= len(sent) or sent[end + 1].tag_ not in OBJECT_OPENING_TAGS
    does |= (
        not plain_opening and end < len(sent) and bool(SOFTWARE_FAILS.match(sent.text, sent[end].idx - sent.start_char))
    )
    # People freeze and crash too ("Tom froze on stage"): a name heard or written as a person's is
    # one; an acronym is no one's ("BADR down again all morning").
    name = sent[start:end].text
    does &= (kind != EntityType.PERSON or is_acronym(name)) and not person_shaped(name)
    # "renew Hawaii license": a driving licence of a place the gazetteer knows (not one in capitals:
    # "the AMOS password").
    licensed = (
        not plain_opening and after in SOFTWARE_NOUNS and (name_key(name) not in gazetteer().places or is_acronym(name))
    )
    # "Deleted Tom's number": what is done is to a thing of the name's, not to it.
    owner = end < len(sent) and sent[end].tag_ == "POS"
    # "Everyone models in Rhino", "everything runs on Vintrace": a thing made in it, or what work
    # runs on, and no town the gazetteer knows.
    made_in = (
        start >= 2
        and (
            (sent[start - 1].lower_ in ("in", "into") and verb_before_object(sent, start - 2, MADE_IN_VERBS))
            or (sent[start - 1].lower_ == "in" and kept_in(sent, start - 2))
            # "they book everything in Booksy" (not "drop the receipts in Friday").
            or (
                sent[start - 1].lower_ == "in"
                and things_kept_in(sent, start - 2)
                and DATE_HINT.search(sent[start:end].text) is None
            )
            or (
                sent[start - 1].lower_ == "on"
                # "we run everything on Zabbix", "we run the fleet on Veson" (not "she runs the
                # pharmacy on Street Lane").
                and verb_before_object(sent, start - 2, RUN_FORMS)
                and not place_named(name)
                and WITHIN_A_PLACE.search(name) is None
                and STREET_FIRST.match(name) is None
                and DATE_HINT.search(sent[start:end].text.rstrip("s")) is None  # "runs on Sundays"
            )
        )
        and name_key(sent[start:end].text) not in gazetteer().places
    )
    return (before >= 0 and sent[before].lower_ in SOFTWARE_VERBS and not owner) or does or licensed or made_in


def word_matches(text: str, name: str) -> Iterator[re.Match[str]]:
    """Every place ``name`` stands in ``text`` as whole words (not "Bear" of "Bearings")."""
    return re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text)


def word_at(text: str, name: str) -> int:
    """Where ``name`` first stands in ``text`` as whole words; -1 if not."""
    found = next(word_matches(text, name), None)
    return found.start() if found else -1


def tie_mentions(state: NoteState, sent: SpacySpan, span: Span, named: list[tuple[str, EntityType]]) -> None:
    """Record the organisations, places and tools the sentence names for the tie classifier
    (none of a sentence that tries or compares: "Comparing Notion vs Obsidian" uses neither)."""
    text = sent.text
    if TRYING.search(text):
        return
    people = [at for n, t in named if t == EntityType.PERSON and (at := word_at(text, n)) >= 0]
    vector = state.sentence_vectors.get(sent.start_char)
    for name, kind in named:
        at = word_at(text, name)
        # A tie is to something with a name ("Harvest", "Kibo Freight"), not to a word ("things")
        # nor to a phrase a reading ran together ("Outlook to Superhuman").
        named_so = all(w[0].isupper() or w[0].isdigit() or w in NAME_JOINERS for w in name.split())
        if kind in TIE_OF and at >= 0 and named_so:
            state.tie_mentions.append(TieMention(name, kind, span, sent, at, any(p < at for p in people), vector))


def dentists_seen(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """The one doctor a sentence of the writer's, or a turn said to them ("did you see Dr. Wójcik
    about the tooth?"), sees about their teeth is their dentist; so is the one doctor of a note
    whose other sentences speak of the writer's teeth or dentist and of no other care ("did you
    book the dentist?" — "Dr. Brandt can't see me till the 20th"), unless the note says who is."""
    if any(s.predicate == "dentist" for s in state.statements):
        return
    heard = [(piece, sent) for piece, sent in sentences if piece.speaker is None or ADDRESSED.search(sent.text)]
    for piece, sent in heard:
        text = sent.text.strip()
        doctors = {m.group(0) for m in DOCTOR_NAME.finditer(text)}
        if len(doctors) == 1 and DENTAL_CARE.search(text):
            seen_by(state, piece, text, doctors.pop(), "dentist")
            return
    only = only_doctor(sentences)
    if only is None or any(HEALTH_CARE.search(sent.text) for _, sent in sentences):
        return
    others = [sent.text for _, sent in heard if only[2] not in sent.text]
    if any(DENTAL_CARE.search(text) or DENTIST_SAID.search(text) for text in others):
        seen_by(state, *only, "dentist")


def role_asked_in_chat(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """Another's chat turn asking after the writer's new holder of a role ("how's the new
    dentist", "and a doctor? you need one there"), answered by the writer's next turn, or the
    writer asking who holds one ("who is the landlord?", "who owns it?" of a flat), answered by
    another's: the first
    person the answer names holds the role, not one it compares them with ("Dr. Villaseñor in
    Chapultepec, way gentler than Dr. Aguilar")."""
    for at, (piece, sent) in enumerate(sentences):
        asked = (ASKED_NEW_ROLE if piece.speaker is not None else ASKED_WHO_HOLDS).search(sent.text)
        # The reply is the turn after the asking one, however many sentences that one has.
        reply, said = next(((p, s) for p, s in sentences[at + 1 :] if p.speaker != piece.speaker), (piece, sent))
        if asked is None or reply is piece or (reply.speaker is None) == (piece.speaker is None):
            continue
        word = next(word for word in asked.groups() if word).lower()
        owner = word in ("owns", "owner")
        if owner and not any(RENTED_HOME.search(s.text) for _, s in sentences[:at]):
            continue  # "who owns it?" asks of a home only after one is told of
        relation = "landlord" if owner else lexicon.canonical_relation(word)
        if any(s.subject == USER_NAME and s.predicate == relation for s in state.statements):
            continue
        text = said.text.strip()
        # The whole name, or its first word when what follows is a title the truecaser raised
        # ("Anita Didi is strict": Anita).
        named = (
            name
            for m in re.finditer(PERSON_NAME_WORDS, text)
            if not text[: m.start()].rstrip().lower().endswith("than")
            for name in dict.fromkeys((m.group(0), m.group(0).split()[0]))
            if (known := state.entities.get(name.lower())) is not None and known.type == EntityType.PERSON
        )
        # "Mum: and the baby?" — "me: Mum!! the baby comes in December": the one asking is called.
        holder = next((name for name in named if fold(name) != fold(piece.speaker or "")), None)
        if holder is not None:
            seen_by(state, reply, text, holder, relation)


def notice_runs_to(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """A notice handed in ends the job on the last day the note tells in a sentence of its own
    ("Handed in my notice at Bright Smile today. … Last day is 24 April"), not on the day it was
    handed in."""
    handed = [
        s
        for s in state.statements
        if s.subject == USER_NAME and s.predicate == "works_at" and s.negated and "notice" in s.text.lower()
    ]
    if len(handed) != 1:
        return
    last = last_day_told(state, sentences)
    if last is None:
        return
    (notice,) = handed
    held = [
        s for s in state.statements if not s.negated and replace(s, negated=True, valid_at=notice.valid_at) == notice
    ]
    state.statements = [
        replace(s, valid_at=last) if s is notice else replace(s, valid_at=last - 1) if s in held else s
        for s in state.statements
    ]


def last_day_told(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> float | None:
    """The last day at work the writer tells, ahead of the note, in a sentence of its own ("Last
    day is 24 April", "My last day in Chiado is 28 March"), if any."""
    return next(
        (
            when
            for piece, sent in sentences
            if piece.speaker is None and LAST_DAY_IS.match(sent.text)
            if (when := state.time_of(sent.text.strip())) is not None and when > state.written
        ),
        None,
    )


def job_started(state: NoteState) -> ExtractedStatement | None:
    """The statement of a note that starts the writer's time at a workplace ("First day at
    Kudipay"), if the note has one."""
    return next(
        (
            s
            for s in state.statements
            if s.subject == USER_NAME and s.predicate == "works_at" and not s.negated and START_SPELL.search(s.text)
        ),
        None,
    )


def names_a_kind(sent: SpacySpan, end: int) -> bool:
    """Whether the name ending at character ``end`` of the sentence only says which of a noun after
    it is meant: "learn the NAV form", "the HR rules" (not "the TrakCare login", a software noun)."""
    after = next((t for t in sent if t.idx - sent.start_char >= end), None)
    return (
        after is not None
        and after.text.islower()
        and after.tag_.startswith("NN")
        and after.lower_ not in SOFTWARE_NOUNS
    )


def first_days_tools(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """In a note of the writer's first days at a workplace, a name they are set to learn or trained
    on is a tool of the new job ("sat me with Nan to learn TrakCare", "trained me on Opera"): not a
    person's, a place's, nor a word of English (a language: "learn Thai"). A tool the note says
    they spent years on before is the one it replaces ("after eight years of HOSxP")."""
    started = job_started(state)
    if started is None:
        return
    for piece, sent in sentences:
        if piece.speaker is not None or piece.heading:
            continue
        text = sent.text.strip()
        learnt = [
            name
            for match in LEARNT_NAME.finditer(sent.text)
            if not spoken_tongue(sent, match.start(1))
            and not names_a_kind(sent, match.end(1))
            and (name := tool_named(state, match.group(1)))
        ]
        if not learnt:
            continue
        held = [name for match in YEARS_ON_TOOL.finditer(text) if (name := tool_named(state, match.group(1)))]
        old = next((name for name in held if name not in learnt), None)
        for name in learnt:
            tool = state.entity(name, EntityType.TECHNOLOGY, piece.span, None, text, sure=True)
            if old is not None:
                earlier = state.entity(old, EntityType.TECHNOLOGY, piece.span, None, text, sure=True)
                state.state(
                    ExtractedStatement(
                        Aspect.KNOWLEDGE,
                        text,
                        USER_NAME,
                        "uses",
                        piece.span,
                        object_name=earlier,
                        valid_at=(started.valid_at or state.written) - 1,
                    )
                )
            state.state(
                ExtractedStatement(
                    Aspect.DECISION if old else Aspect.KNOWLEDGE,
                    text,
                    USER_NAME,
                    "uses",
                    piece.span,
                    object_name=tool,
                    valid_at=started.valid_at,
                    replaces=old,
                )
            )


def spoken_tongue(sent: SpacySpan, at: int) -> bool:
    """Whether the word at character ``at`` of the sentence is a language or a people's name by the
    tagger ("learn Thai phrases", "learn Spanish"), which no one uses as a tool."""
    return any(t.idx - sent.start_char == at and t.ent_type_ in ("NORP", "LANGUAGE") for t in sent)


def tool_named(state: NoteState, name: str) -> str | None:
    """``name`` if it may be a tool's: none the note holds for a person or a place, nor a word of
    English it holds for nothing (a language: "learn Thai")."""
    known = state.entities.get(name.lower())
    if known is not None and known.type in (EntityType.PERSON, EntityType.PLACE):
        return None
    if known is None and name_key(name) in english_words() and name_key(name) not in lexicon.LEXICON_TYPES:
        return None
    return name


def opens_with(text: str, at: int) -> bool:
    """Whether nothing but spaces and a jot's bullet stand before character ``at`` of a sentence."""
    return not text[:at].strip(" -*•")


def job_told(state: NoteState) -> ExtractedStatement | None:
    """The statement of a note that tells the writer's time at a workplace, started ("First day at
    Kudipay") or counted ("Eleven years at Carpinteria Ruiz this spring"), if the note has one."""
    return job_started(state) or next(
        (
            s
            for s in state.statements
            if s.subject == USER_NAME
            and s.predicate == "works_at"
            and not s.negated
            and (told := SPELL_TENURE.search(s.text)) is not None
            and opens_with(s.text, told.start())
        ),
        None,
    )


def first_days_host(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """In a note of the writer's first days at a workplace, the first person named who hosts them
    ("Sandra Bos showed me round the workshop", "Lindiwe walked me through the test strategy") or
    leads there ("Stevie runs everything in Reaper", "Dev Anand sets the priorities") is their new
    manager, unless the note says who is or ties that person otherwise; so in a note that counts
    their time there ("Eleven years at Carpinteria Ruiz. Don Ernesto still checks every joint I
    glue"), from the note's day, by the sentence of the spell or the one after it."""
    started = job_told(state)
    if started is None or any(s.subject == USER_NAME and s.predicate == "manager" for s in state.statements):
        return
    tied = {s.object_name for s in state.statements if s.object_name}
    people = [e.name for e in state.entities.values() if e.type == EntityType.PERSON and e.name not in tied]
    # A note that counts the writer's time tells of more than work ("... Dr. de Vries gave me a
    # referral"): only the sentence of the spell and the one after it speak of the job.
    counted = START_SPELL.search(started.text) is None
    spell_at = next((i for i, (_, sent) in enumerate(sentences) if started.text in sent.text), 0)
    for index, (piece, sent) in enumerate(sentences):
        if piece.speaker is not None or piece.heading or (counted and index > spell_at + 1):
            continue
        text = sent.text.strip()
        for token in parse(text):
            verb = token.head
            if token.dep_ != "nsubj" or not verb.tag_.startswith("VB"):
                continue
            hosts = verb.lower_ in HOSTING_VERBS and any(c.lower_ in ("me", "us") for c in verb.children)
            if not hosts and verb.lower_ not in LEADING_VERBS:
                continue
            ends = token.idx + len(token)
            host = next((p for p in people if (at := word_at(text, p)) >= 0 and at + len(p) == ends), None)
            if host is not None:
                break
        else:
            # The words alone, where the parse lost the verb ("Trish runs QA like a lab", its name
            # read as an adjective and "runs" as a plural noun).
            host = next((p for p in people if leads_by_words(text, p)), None)
        if host is not None:
            state.state(
                ExtractedStatement(
                    Aspect.RELATIONSHIP,
                    text,
                    USER_NAME,
                    "manager",
                    piece.span,
                    object_name=host,
                    valid_at=None if counted else started.valid_at,
                )
            )
            return


def leads_by_words(text: str, person: str) -> bool:
    """Whether ``text`` names ``person`` right before a verb of leading ("runs", "checks") or of
    hosting the writer ("puts me", "showed us"), a word of time between ("still", "now")."""
    told = re.search(rf"(?<!\w){re.escape(person)}\s+(?:(?:still|now|also|always)\s+)?(\w+)(?:\s+(\w+))?", text)
    if told is None:
        return False
    verb, after = told.group(1).lower(), (told.group(2) or "").lower()
    return verb in LEADING_VERBS or (verb in HOSTING_VERBS and after in ("me", "us"))


def only_doctor(sentences: list[tuple[Piece, SpacySpan]]) -> tuple[Piece, str, str] | None:
    """The one titled doctor a note names, with the piece and sentence first naming them; none in
    a meeting's note (a doctor there is a colleague)."""
    doctors = {m.group(0) for _, sent in sentences for m in DOCTOR_NAME.finditer(sent.text)}
    if len(doctors) != 1 or any(ATTENDEE_LIST.match(sent.text.strip()) for _, sent in sentences):
        return None
    (doctor,) = doctors
    piece, sent = next((p, s) for p, s in sentences if doctor in s.text)
    return piece, sent.text.strip(), doctor


def seen_by(state: NoteState, piece: Piece, text: str, doctor: str, tie: str) -> None:
    """The writer's ``tie`` ("dentist", "doctor") is ``doctor``, read in ``text`` of ``piece``."""
    span = piece.span
    name = state.entity(doctor, EntityType.PERSON, span, None, text)
    state.state(ExtractedStatement(Aspect.RELATIONSHIP, text, USER_NAME, tie, span, object_name=name))


def works_at(state: NoteState, firm: str | None = None) -> bool:
    """Whether the note says the writer works somewhere (at ``firm``, when given)."""
    return any(
        s.predicate == lexicon.WORKS_AT and s.subject == USER_NAME and not s.negated and firm in (None, s.object_name)
        for s in state.statements
    )


def workplaces_of(state: NoteState) -> set[str]:
    """Where the note says the writer works."""
    return {
        s.object_name
        for s in state.statements
        if s.predicate == lexicon.WORKS_AT and s.subject == USER_NAME and not s.negated and s.object_name
    }


def manager_named(state: NoteState) -> bool:
    """Whether the note already says who the writer's manager is."""
    return any(s.predicate == "manager" and s.subject == USER_NAME for s in state.statements)


def workplace_runners(state: NoteState, sentences: list[tuple[SpacySpan, int]]) -> None:
    """In a note that says where the writer works, the one a sentence of theirs says runs "the
    store", "the team", "the kitchen" is their manager ("Denise, who runs the store, is half my
    age"), and so is the one it calls the boss or the manager ("The boss there is Ian Price"),
    unless the note already says who is (``sentences``: the writer's own, with where each line
    starts)."""
    if not works_at(state) or manager_named(state):
        return
    workplaces = {firm.lower() for firm in workplaces_of(state)}
    for sent, offset in sentences:
        text = sent.text.strip()
        runner = RUNS_THE_WORKPLACE.search(text) or BOSS_DESCRIBED.search(text)
        named = runner.group(1) if runner is not None else the_boss_named(state, text, workplaces)
        if named is None or named.split()[0].lower() in NOT_NAMES:
            continue
        start = offset + sent.start_char
        span = Span(start, start + len(sent.text))
        name = state.entity(named, EntityType.PERSON, span, "manager", text, sure=True)
        state.state(ExtractedStatement(Aspect.RELATIONSHIP, text, USER_NAME, "manager", span, object_name=name))
        return


def family_firm_owner(state: NoteState, sentences: list[tuple[SpacySpan, int]]) -> None:
    """In a note that says where the writer works, one who bears the firm's family name runs it
    ("Eleven years at Garage Verhoef. Kees Verhoef still won't buy a proper diagnostic laptop"),
    and is the writer's manager unless the note says who is (``sentences``: the writer's own)."""
    for firm in workplaces_of(state):
        # A name of one word ("Verhoef") may be the person's own; one of more words holds the family's.
        family = {name_key(word) for word in firm.split() if word[:1].isupper()} if " " in firm else set()
        for entity in list(state.entities.values()):
            words = entity.name.split()
            if entity.type != EntityType.PERSON or len(words) < 2 or name_key(words[-1]) not in family:
                continue
            sent, offset = next(((t, o) for t, o in sentences if entity.name in t.text), (None, 0))
            if sent is None:
                continue
            start = offset + sent.start_char
            runs_firm(state, sent.text.strip(), Span(start, start + len(sent.text)), entity.name, firm)


def fragments_dropped(state: NoteState, text: str) -> None:
    """A person the note never names but at the end of a firm's or a place's longer name ("Harbor
    Games", read alone from "at Blue Harbor Games") is that name cut short: it is dropped, and what
    was said of them."""
    for key, entity in list(state.entities.items()):
        if entity.type != EntityType.PERSON:
            continue
        longer = [
            other
            for other in state.entities.values()
            if other.type in (EntityType.ORGANIZATION, EntityType.PLACE) and other.name.endswith(" " + entity.name)
        ]
        if not longer:
            continue  # the common case: the text is searched only for a name that may be cut short
        at = [m.start() for m in word_matches(text, entity.name)]
        inside = [(m.start(), m.end()) for other in longer for m in re.finditer(re.escape(other.name), text)]
        if at and inside and all(any(start <= a < end for start, end in inside) for a in at):
            del state.entities[key]
            del state.mentions[key]
            state.statements = [s for s in state.statements if entity.name not in (s.subject, s.object_name)]


def runs_firm(state: NoteState, text: str, span: Span, person: str, firm: str) -> None:
    """``person`` runs ``firm``, read in ``text``; in a note that says the writer works there and
    names no manager of theirs, they are the writer's manager too."""
    state.state(ExtractedStatement(Aspect.KNOWLEDGE, text, person, lexicon.RUNS, span, object_name=firm))
    if works_at(state, firm) and not manager_named(state):
        state.state(ExtractedStatement(Aspect.RELATIONSHIP, text, USER_NAME, "manager", span, object_name=person))


def firm_runners(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """ "Clydeside Driving School will take me on, Elaine Reid runs it", "Ørsted are hiring … Mette
    Holm runs the team": the person runs the firm the note names last before that, a firm the
    classifier took for one before any it took for a place. In a note that says the writer works
    there and names no manager of theirs, the runner is their manager too. One said to work
    "there" ("Efua Mensah is the ops manager there") works at the firm named last before."""
    # A firm is run: one the classifier took for a place is a firm here ("Hisingen Snickeri"),
    # unless it is a town the name pools know ("Leith is lovely, Tom runs it like a village").
    towns = gazetteer().places
    kinds = (
        [e.name for e in state.entities.values() if e.type == EntityType.ORGANIZATION],
        [e.name for e in state.entities.values() if e.type == EntityType.PLACE and name_key(e.name) not in towns],
    )
    earlier = ""
    for piece, sent in sentences:
        text = sent.text.strip()
        runner = RUNS_IT.search(text) or RUNS_THE_WORKPLACE.search(text)
        if runner is not None and runner.group(1).split()[0].lower() not in NOT_NAMES:
            told = f"{earlier}\n{text[: runner.start()]}"
            said = next((last for kind in kinds if (last := named_last(told, kind)) is not None), None)
            if said is not None:
                person = state.entity(runner.group(1), EntityType.PERSON, piece.span, None, text, sure=True)
                firm = state.entity(said, EntityType.ORGANIZATION, piece.span, None, text, sure=True)
                runs_firm(state, text, piece.span, person, firm)
        staff = None if runner is not None else STAFF_THERE.search(text)
        if staff is not None and staff.group(1).split()[0].lower() not in NOT_NAMES:
            at = named_last(f"{earlier}\n{text[: staff.start()]}", kinds[0])
            if at is not None:
                person = state.entity(staff.group(1), EntityType.PERSON, piece.span, None, text, sure=True)
                state.state(
                    ExtractedStatement(Aspect.IDENTITY, text, person, lexicon.WORKS_AT, piece.span, object_name=at)
                )
        earlier = f"{earlier}\n{text}"


def named_last(told: str, names: list[str]) -> str | None:
    """Of ``names``, the one ``told`` says last (None: it says none)."""
    said = [name for name in names if name in told]
    return max(said, key=told.rfind) if said else None


def told_of_leaving(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """ "Got the job! Told Gary this afternoon", "told Rosa I'm leaving", "gave resignation to
    Ramesh sir": the one person the writer tells of leaving their job, or hands their notice to,
    is their manager until they leave (the last day the note states, else now), unless the note
    ties them to the writer otherwise (kin, a partner) or already names a manager. One the writer
    has not told yet of a job they seek ("I think I want it. Haven't told Farah.") is the manager
    still."""
    if manager_named(state):
        return
    leaving = any(LEAVING_A_JOB.search(sent.text) for piece, sent in sentences if piece.speaker is None)
    seeking = leaving or any(JOB_SOUGHT.search(sent.text) for piece, sent in sentences if piece.speaker is None)
    tied = {s.object_name for s in state.statements if s.subject == USER_NAME and s.object_name}
    told = [
        (piece, sent, match)
        for piece, sent in sentences
        if piece.speaker is None
        for match in [
            *NOTICE_HANDED_TO.finditer(sent.text.strip()),
            *(TOLD_SOMEONE.finditer(sent.text.strip()) if leaving else ()),
            *(NOT_YET_TOLD.finditer(sent.text.strip()) if seeking else ()),
        ]
        if match.group(1).split()[0].lower() not in NOT_NAMES | lexicon.RELATIONS
        and (found := state.entities.get(match.group(1).lower())) is not None
        and found.type == EntityType.PERSON
        and found.name not in tied
    ]
    if len({match.group(1) for _, _, match in told}) == 1:
        piece, sent, match = told[0]
        text = sent.text.strip()
        person = state.entity(match.group(1), EntityType.PERSON, piece.span, None, text)
        ended = [s for s in state.statements if s.predicate == "works_at" and s.negated and s.subject == USER_NAME]
        # "Told Sónia today that I am leaving. … My last day in Chiado is 28 March": until then.
        left = ended[0].valid_at if ended else last_day_told(state, sentences)
        boss = ExtractedStatement(Aspect.RELATIONSHIP, text, USER_NAME, "manager", piece.span, object_name=person)
        if match.re is NOT_YET_TOLD and left is None:
            state.state(boss)  # kept in the dark about a job still only wanted: the manager still
        else:
            state.end(replace(boss, valid_at=left))


def tie_start(state: NoteState, text: str) -> float | None:
    """The day a tie the sentence states begins, when the sentence names one right after "from",
    "starting", "as of" or "effective" ("I report to Marek from 1 April"); None for a period ("does
    our books from this year" says no more than the note's own day)."""
    cue = TIE_FROM.search(text)
    begins = state.date_of(text[cue.start() :]) if cue is not None else None
    if cue is None or begins is None or DAY_TOLD.search(begins.phrase) is None:
        return None
    told_at = text.lower().find(begins.phrase.lower(), cue.start())
    return begins.moment.timestamp() if 0 <= told_at <= cue.end() else None


def my_home_told(state: NoteState) -> bool:
    """Whether the note already told where the writer lives."""
    return any(s.predicate == "lives_in" and s.subject == USER_NAME for s in state.statements)


def my_rent_told(state: NoteState, span: Span | None = None) -> bool:
    """Whether the note (or its sentence at ``span``) told the writer's rent."""
    return any(s.predicate == "rent" and s.subject == USER_NAME and span in (None, s.span) for s in state.statements)


def couples(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """The one the writer plans a wedding with is their partner; the one they keep an anniversary
    or count years married with their husband or wife, by the first "he" or "she" after the name in
    the writer's own words ("Dawit and I … six years married. The dancers pulled him onto the
    stage"), else their spouse. A tie the note states otherwise stays."""
    if any(s.predicate in lexicon.PARTNER_WORDS for s in state.statements):
        return
    own = [(piece, sent) for piece, sent in sentences if piece.speaker is None]
    for k, (piece, sent) in enumerate(own):
        text = sent.text.strip()
        couple = COUPLE.search(text)
        if couple is None or couple.group(1).split()[0].lower() in NOT_NAMES:
            continue
        tie = "partner"
        if couple.group("married"):
            after = " ".join([text[couple.end(1) :], *(s.text for _, s in own[k + 1 :])])
            pronoun = HE_OR_SHE.search(after)
            tie = "spouse" if pronoun is None else "husband" if pronoun.group("he") else "wife"
        person = state.entity(couple.group(1), EntityType.PERSON, piece.span, tie, text, sure=True)
        state.state(ExtractedStatement(Aspect.RELATIONSHIP, text, USER_NAME, tie, piece.span, object_name=person))
        return


# A name a chat turn opens by calling someone, alone or before or after a greeting: "Hi Diego, this
# is Valeria", "Jonas, we want you!", "SELAM. and Dawit?", "kenji-san are you really leaving??",
# "Tuğba hi!".
CALLED_BY_NAME = re.compile(
    r"(?i)^\s*(?:(?:hi|hey|hello|dear|morning|congrats|congratulations)\s+)?([^\W\d_][\w'’]*)"
    r"(?:-(?:san|ji|chan|kun))?(?:\s+(?:hi|hey|hello))?\s*(?:[,!.?]+|$)"
)


def writers_own_name(state: NoteState, sentences: list[tuple[Piece, SpacySpan]], text: str) -> None:
    """In a chat the writer takes part in, the name of a person another speaker opens a turn by
    calling is the writer's own ("Valeria: Hi Diego, …" in Diego's notes): no one else to keep,
    unless someone speaks under that name, the writer's own words name it, or the turn answers the
    writer's question."""
    if not any(piece.speaker is None for piece, _ in sentences) or not any(piece.speaker for piece, _ in sentences):
        return
    speakers = {fold(piece.speaker) for piece, _ in sentences if piece.speaker}
    said_by_me = " ".join(fold(sent.text) for piece, sent in sentences if piece.speaker is None)
    called: set[str] = set()
    asked = False
    for piece, sent in sentences:
        line_start = text.rfind("\n", 0, piece.original) + 1
        label = TURN.match(text[line_start : piece.original + 1])
        opening = label is not None and line_start + label.end() == piece.original
        # A name right after the writer's question answers it: "me: who runs pastry now?" —
        # "Irakli: Salome. she says hi" calls no one.
        name = CALLED_BY_NAME.match(sent.text) if piece.speaker and opening and not asked else None
        if name is not None:
            called.add(fold(name.group(1)))
        asked = piece.speaker is None and sent.text.rstrip().endswith("?")
    # The entities are keyed in lower case, the calls folded ("Tuğba hi!"): matched folded.
    for key in [key for key in state.entities if fold(key) in called]:
        entity = state.entities[key]
        if entity.type != EntityType.PERSON or fold(key) in speakers:
            continue  # "Zinhle: Bitwarden. trust me" names a tool
        if not re.search(rf"\b{re.escape(fold(key))}\b", said_by_me):
            del state.entities[key]
            del state.mentions[key]
            kept = [s for s in state.statements if fold(s.object_name or "") != fold(key)]
            state.statements = [replace(s, subject=USER_NAME) if fold(s.subject) == fold(key) else s for s in kept]


def home_owner(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """ "flat in Jayanagar, 21,000 rent … owner Mr. Prakash Hegde": the owner a note about the
    writer's rented home names is their landlord (not "the café's owner")."""
    if not my_rent_told(state) or any(s.predicate == "landlord" for s in state.statements):
        return
    for piece, sent in sentences:
        text = sent.text.strip()
        owner = HOME_OWNER.search(text)
        if owner is not None and piece.speaker is None and owner.group(1).split()[0].lower() not in NOT_NAMES:
            person = state.entity(owner.group(1), EntityType.PERSON, piece.span, "landlord", text, sure=True)
            state.state(
                ExtractedStatement(Aspect.RELATIONSHIP, text, USER_NAME, "landlord", piece.span, object_name=person)
            )
            return


def home_rented(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """ "rent 650 € to Sr. Carvalho by the 8th, flat in Amadora", "rent £950 pcm …, Penarth flat": in
    the writer's own sentence that pays their rent, the home named in a place or by it is theirs (a
    flat looked at says no rent)."""
    if my_home_told(state):
        return
    for piece, sent in sentences:
        text = sent.text.strip()
        rented = HOME_IN.search(text) or PLACE_HOME.search(text)
        if (
            piece.speaker is not None
            or rented is None
            or RENT_WORD.search(text) is None
            or not my_rent_told(state, piece.span)
        ):
            continue
        key = rented.group(1).lower()
        if key not in state.entities and key not in english_words():
            # "Gulberg portion rent Rs 60,000 to Malik sahab": a name no reading typed, before the
            # home whose rent the writer pays, is where it is.
            state.entity(rented.group(1), EntityType.PLACE, piece.span, None, text, sure=True)
        place = state.entities.get(key)
        if place is not None and place.type == EntityType.PLACE:
            state.state(
                ExtractedStatement(Aspect.IDENTITY, text, USER_NAME, "lives_in", piece.span, object_name=place.name)
            )
            return


def home_of_the_address(state: NoteState) -> None:
    """ "The address is Rua Elias Garcia 27, 3º esq, 2800 Almada": the writer lives in the town
    their address ends with, a place the note names (the last one the address holds)."""
    if my_home_told(state):
        return
    for told in [s for s in state.statements if s.predicate == "address" and s.subject == USER_NAME]:
        address = told.object_value or ""
        places = [
            (found.start(), e.name)
            for e in state.entities.values()
            # The town, not the street ("14 Cardigan Road", "Rua Elias Garcia 27").
            if e.type == EntityType.PLACE and not WITHIN_A_PLACE.search(e.name) and not STREET_FIRST.match(e.name)
            for found in re.finditer(rf"\b{re.escape(e.name)}\b", address)
        ]
        if places:
            town = max(places)[1]
            state.state(
                ExtractedStatement(Aspect.IDENTITY, told.text, USER_NAME, "lives_in", told.span, object_name=town)
            )
            return


def doctors_seen(state: NoteState, sentences: list[tuple[Piece, SpacySpan]]) -> None:
    """The one titled doctor a note names, in a note whose writer speaks of their health in their
    own words (a prescription, blood tests, cholesterol) or registers with a practice, is their
    doctor, unless the note says who is or gave that doctor another tie (a dentist), or is a
    meeting's (a colleague)."""
    if any(s.predicate in ("doctor", "dentist") for s in state.statements):
        return
    cared = any(
        piece.speaker is None and (HEALTH_CARE.search(sent.text) or REGISTERED_WITH.search(sent.text))
        for piece, sent in sentences
    )
    only = only_doctor(sentences)
    if only is not None and cared:
        seen_by(state, *only, "doctor")


def inferred_ties(state: NoteState) -> None:
    """The writer's ties the classifier reads where no rule read anything of the name in the note:
    for each name, from the sentence it is surest of."""
    # Who runs a firm says nothing of the writer's tie to it ("Denise, who runs the store").
    read = {s.object_name for s in state.statements if s.object_name and s.predicate != lexicon.RUNS}
    mentions = [m for m in state.tie_mentions if m.name not in read]
    if not mentions:
        return
    features = [tie_features(m.sent, m.at, m.at + len(m.name), m.kind, m.person_before, m.vector) for m in mentions]
    chances = tie_probabilities(np.stack(features), [m.kind for m in mentions])
    best: dict[str, tuple[float, TieMention]] = {}
    for tie_chance, mention in zip(chances, mentions, strict=True):
        # A tool's use holds only if the name is a tool: "the walk home to Rusholme" reads as using
        # one only as far as Rusholme is one. (Firms and places the classifier types well; the
        # lists' tools are sure.)
        key = mention.name.lower()
        typed = mention.kind in TOOL_TYPES and state.name_kinds.get(key) == mention.kind and not known_tool(key)
        chance = tie_chance * (state.kind_sureness.get(key, 1.0) if typed else 1.0)
        if chance >= TIE_MIN_PROBABILITY and chance > best.get(mention.name, (0.0, mention))[0]:
            best[mention.name] = (chance, mention)
    for _, mention in best.values():
        tie = TIE_OF[mention.kind]
        if tie == "lives_in" and (acts_on_something(mention) or names_a_thing(mention)):
            # "Nakamura moved my physical to the 24th": someone who acts, no home; "three hours in
            # Cerner training": what the training is of.
            continue
        aspect = Aspect.KNOWLEDGE if tie == "uses" else Aspect.IDENTITY
        text = mention.sent.text.strip()
        state.state(ExtractedStatement(aspect, text, USER_NAME, tie, mention.span, object_name=mention.name))


def acts_on_something(mention: TieMention) -> bool:
    """Whether the name the mention holds is the subject of a verb with an object of its own in the
    parse ("Nakamura moved my physical"): a doer, whatever the classifier typed it."""
    for token in parse(mention.sent.text):
        if token.idx == mention.at:
            # A name of several words is the subject by its last word ("Young Bros shipped the car").
            subject = token.head if token.dep_ == "compound" else token
            head = subject.head
            return (
                subject.dep_ == "nsubj"
                and head.tag_.startswith("VB")
                and any(child.dep_ == "dobj" for child in head.children)
            )
    return False


def names_a_thing(mention: TieMention) -> bool:
    """Whether the name the mention holds only says which thing a noun after it is, in the parse
    ("in Cerner training", "the Figma file"): not a home's ("the Khalda flat" is in Khalda), nor a
    town's the gazetteer knows ("Austin traffic" is the town's)."""
    if name_key(mention.name) in gazetteer().places:
        return False
    for token in parse(mention.sent.text):
        if token.idx == mention.at:
            last = token
            while last.dep_ == "compound" and last.head.i == last.i + 1 and last.head.tag_ == "NNP":
                last = last.head
            head = last.head
            return last.dep_ == "compound" and head.tag_ in ("NN", "NNS") and not re.fullmatch(HOME_NOUNS, head.lower_)
    return False


def said_to_self(text: str) -> bool:
    """Whether a sentence is a rule said to oneself ("Never deploy on a Friday"): the writer's even
    without an "I"."""
    return text.lower().lstrip(" -*>").startswith(lexicon.DIRECTIVE_OPENINGS)


def may_be_kept(state: NoteState, text: str) -> bool:
    """Whether a sentence may become a statement of the graph: it is the writer's, a rule to
    oneself, or speaks of someone or something the note names. Only these are worth a model run
    for their aspect; how-to prose about nobody is classified by its words alone."""
    if len(text.split()) < MIN_STATEMENT_WORDS:
        return False
    if FIRST_PERSON.search(text) or SHE_OR_HE.search(text) or said_to_self(text):
        return True
    lowered = text.lower()
    return any(kind is not None and name in lowered for name, kind in state.name_kinds.items())


def as_typed(found: Extraction, typed: str, read: str) -> Extraction:
    """``found`` (read from ``read``, the note with its names' capitals put back) with each
    statement's sentence and value in the writer's own letters (``typed``): the capitals helped
    the reading, the words stay the writer's. Names keep their capitals. The two texts differ only
    in case, so a sentence found in one is at the same place in the other."""
    if typed == read:
        return found

    def own(text: str | None, span: Span) -> str | None:
        if not text:
            return text
        at = read.find(text, span.start)
        at = at if at >= 0 else read.find(text)
        return typed[at : at + len(text)] if at >= 0 else text

    statements = [
        replace(s, text=own(s.text, s.span) or s.text, object_value=own(s.object_value, s.span))
        for s in found.statements
    ]
    return replace(found, statements=tuple(statements))


class BuiltinExtractor:
    """spaCy + rules + the trained aspect classifier."""

    name = "builtin"
    # Bumped when the rules or the shipped models change what a note yields: on the next run every
    # note read by another version is read again (MemoryService.extract_pending).
    version = "59"

    def __init__(self, order: DateOrder | None = None, embedder: Embedder | None = None) -> None:
        """The spaCy model loads on first use (~0.3 s), verified against its pinned checksums.
        ``order`` reads dates like "3/2" (default: the user's dates.order setting); ``embedder``
        (MiniLM) gives the entity classifier each name's vector (without it, the context only)."""
        self.date_order = order or date_order()
        self.name_vectors = NameVectors(embedder)
        # Shared with the memory vectors of a reader process: a sentence stored as a statement has
        # the vector its aspect was read with.
        self.vectors = AloneVectors.for_model(embedder)
        self.sentence_vectors = SentenceVectors(self.vectors)

    @property
    def nlp(self) -> Any:
        """The loaded pipeline (shared by the process)."""
        return load_spacy()

    def extract(self, note: NoteForExtraction) -> Extraction:
        """Entities, statements and labels of one note."""
        return self.extract_many([note])[0]

    def extract_many(self, notes: Sequence[NoteForExtraction]) -> list[Extraction]:
        """Several notes at once: spaCy batches them."""
        read_texts = [truecased(note.text) for note in notes]
        joined = [note_pieces(text) for text in read_texts]
        docs = self.nlp.pipe([text for text, _ in joined], batch_size=64)
        states = []
        for note, doc, (_, pieces), read in zip(notes, docs, joined, read_texts, strict=True):
            state = NoteState(
                note.created,
                writers_date_order(note.text, self.date_order),
                about_a_car=VEHICLE_WORDS.search(note.text) is not None,
                about_a_move=MOVING_NOTE.search(note.text) is not None,
            )
            sentences = [
                (piece, sent)
                for piece in pieces
                if (sent := doc.char_span(piece.start, piece.start + piece.length, alignment_mode="expand"))
            ]
            read_kinds = name_kinds([sent for _, sent in sentences], self.name_vectors)
            state.name_kinds, state.kind_sureness = read_kinds.kinds, read_kinds.sureness
            kept = [sent for piece, sent in sentences if not piece.heading and may_be_kept(state, sent.text)]
            vectors = self.sentence_vectors.of([sent.text.strip() for sent in kept])
            state.sentence_vectors = {
                sent.start_char: vector for sent, vector in zip(kept, vectors, strict=True) if vector is not None
            }
            for piece, sent in sentences:
                if piece.heading:
                    self.entities_in(state, sent, piece.original - piece.start)
                else:
                    said, named = len(state.statements), len(state.tie_mentions)
                    self.read_sentence(state, sent, piece.original - piece.start, piece.speaker is not None)
                    if piece.done:
                        state.statements[said:] = [
                            replace(s, aspect=Aspect.EVENT) if s.aspect == Aspect.TASK else s
                            for s in state.statements[said:]
                        ]
                    if piece.speaker is not None:
                        spoken_by(state, piece.speaker, said, piece.span)
                        speaker_manages(state, piece, sent.text.strip())
                        del state.tie_mentions[named:]  # the tie classifier reads the writer's own words
                state.previous_sentence = sent.text
            switched_from_the_other(state)
            given_up_for_the_other(state, doc.text)
            attendees_are_people(state, sentences)
            firm_in_brackets(state, sentences)
            interview_panel(state, sentences)
            workplaces_are_organisations(state)
            firms_called_short(state)
            predecessor_departed(state)
            predecessor_titled(state)
            provider_left_for_another(state)
            predecessor_compared(state, sentences)
            role_asked_in_chat(state, sentences)
            rent_of_the_let_home(state, sentences)
            first_days_host(state, sentences)
            first_days_tools(state, sentences)
            notice_runs_to(state, sentences)
            dentists_seen(state, sentences)
            doctors_seen(state, sentences)
            firm_runners(state, sentences)
            told_of_leaving(state, sentences)
            home_owner(state, sentences)
            home_rented(state, sentences)
            home_of_the_address(state)
            couples(state, sentences)
            fragments_dropped(state, doc.text)
            inferred_ties(state)
            cars_are_no_tools(state)
            # The writer's own sentences: a place another speaker misses is theirs to miss.
            own = [(sent, piece.original - piece.start) for piece, sent in sentences if piece.speaker is None]
            homes_left_behind(state, own)
            workplace_runners(state, own)
            family_firm_owner(state, own)
            writers_own_name(state, sentences, read)
            states.append(state)
        return [
            as_typed(self.finish(note, state), note.text, read)
            for note, state, read in zip(notes, states, read_texts, strict=True)
        ]

    # --- one sentence ------------------------------------------------------------------------

    def read_sentence(self, state: NoteState, sent: SpacySpan, offset: int, spoken: bool = False) -> None:
        """Entities and statements of one sentence (``offset``: where its line starts in the note;
        ``spoken``: a chat turn of someone else's, whose words are what they told)."""
        text = sent.text.strip()
        if len(text) < 3:
            return
        start = offset + sent.start_char
        span = Span(start, start + len(sent.text))
        state.clauses = clause_tenses(sent)
        earlier_tool, earlier_person = state.last_tool, state.last_person
        state.she_or_he |= SHE_OR_HE.search(text) is not None
        named = self.entities_in(state, sent, offset)
        before = len(state.statements)
        related = self.relations(state, sent, span, earlier_person)
        # A name the relations retyped ("her flatmate Bryn": a person) is named with its new type.
        named = list(dict.fromkeys((n, state.entities[n.lower()].type) for n, _ in named))
        named += [(n, EntityType.PERSON) for n in related if (n, EntityType.PERSON) not in named]
        found = bool(related)
        found |= self.attributes(state, text, span, named, spoken)
        found |= self.tool_changes(state, sent, span, named, earlier_tool)
        if state.about_a_car:
            cars(state, text, span, named)  # beside what the sentence says: "Sold the Vitz" stays an event
        tie_mentions(state, sent, span, named)
        for left in LEFT.finditer(text):
            if left.start(1) == 0 and plain_opening_word(left.group(1)):
                continue  # "Mostly retired teachers who boss me around": no one named Mostly retired
            # Which ties end is known only to the graph: the writer ends them (see GraphWriter).
            person = state.entity(left.group(1), EntityType.PERSON, span, None, text, sure=True)
            state.state(ExtractedStatement(Aspect.RELATIONSHIP, text, USER_NAME, ENDS_TIES, span, object_name=person))
        for couple in BROKE_UP.finditer(text):
            # Which partner word holds the tie is known only to the graph: the writer ends it.
            person = state.entity(couple.group(1) or couple.group(2), EntityType.PERSON, span, None, text, sure=True)
            ended = ExtractedStatement(Aspect.RELATIONSHIP, text, USER_NAME, ENDS_PARTNER, span, object_name=person)
            state.state(ended)
        state.departed += [m.group(1) for m in DEPARTS.finditer(text)]
        if earlier_person is not None and SHE_DEPARTS.search(text):
            state.departed.append(earlier_person)
        self.successions(state, text, span, earlier_person, named)
        if sum(not t.is_punct for t in sent) < MIN_STATEMENT_WORDS:
            return  # "yes.", "ugh": a reply, not a statement
        subject = self.subject_of(state, sent, named)
        # A date the sentence states is when it happens, whatever its aspect: a task "Wed am", a
        # decision "from 1 June", a plan "visit on the 21st" are all kept on their day.
        when = state.time_of(text)
        aspect, confidence = classify_aspect(sent, when is not None, state.sentence_vectors.get(sent.start_char))
        said = {s.aspect for s in state.statements[before:]} | {Aspect.IDENTITY, Aspect.RELATIONSHIP, Aspect.KNOWLEDGE}
        if found and (aspect in said or (confidence < SECOND_ASPECT_CONFIDENCE and when is None)):
            # A triple read from the sentence says it (or all the classifier can be sure of); a date
            # it states is kept on its own statement ("physio with Aaron Tan on Tuesday").
            return
        impersonal = not spoken and subject == USER_NAME and not FIRST_PERSON.search(text) and not said_to_self(text)
        if impersonal and (confidence < MIN_ASPECT_CONFIDENCE or aspect == Aspect.KNOWLEDGE):
            # About nobody the note names: how-to prose ("the flag sets the port") stays in the
            # note, whose vector finds it; the graph keeps what is said of someone or something.
            return
        negated = is_negated(text)
        if aspect == Aspect.EVENT:
            state.state(ExtractedStatement(aspect, text, subject, "event", span, object_value=text, valid_at=when))
        elif aspect == Aspect.PROBLEM:
            about = next((n for n, t in named if t in (EntityType.TECHNOLOGY, EntityType.PRODUCT)), subject)
            state.state(
                ExtractedStatement(
                    aspect, text, about, "problem", span, object_value=text, negated=negated, valid_at=when
                )
            )
        elif aspect == Aspect.DECISION:
            state.state(
                ExtractedStatement(
                    aspect, text, subject, "decided", span, object_value=text, negated=negated, valid_at=when
                )
            )
        elif aspect in VOICE_ASPECTS:
            state.state(
                ExtractedStatement(aspect, text, subject, aspect.value.lower(), span, negated=negated, valid_at=when)
            )
        else:
            # Knowledge, and who-is-who or a person's details told in words no pattern reads: kept
            # whole under their aspect, with no triple to store.
            state.state(ExtractedStatement(aspect, text, subject, "knowledge", span, object_value=text, valid_at=when))

    def entities_in(self, state: NoteState, sent: SpacySpan, offset: int) -> list[tuple[str, EntityType]]:
        """Every entity named in the sentence, recorded in ``state``; (name, type) in order."""
        text = sent.text
        base = offset + sent.start_char
        named: list[tuple[str, EntityType]] = []

        def add(name: str, kind: EntityType, at: int, role: str | None = None) -> None:
            if name.lower() in NOT_NAMES or len(name) < 2:
                return
            final = state.entity(name, kind, Span(base + at, base + at + len(name)), role, text)
            if (final, kind) not in named:
                named.append((final, kind))

        # "Hoshino-san", "Sharma-ji"; but "Eun-ji" is a given name the gazetteer knows, not "Eun" titled.
        suffixed = [m for m in SUFFIX_TITLED_NAME.finditer(text) if name_key(m.group(0)) not in gazetteer().first_names]
        titled = [(m.start(), m.end()) for m in (*TITLED_NAME.finditer(text), *SENIOR_NAMED.finditer(text), *suffixed)]
        for start, end in titled:
            add(text[start:end], EntityType.PERSON, start)
        led = [(m.start(), m.end()) for m in STREET_LED.finditer(text)]
        for start, end in led:
            add(text[start:end], EntityType.PLACE, start)  # "on rue Laurier", whoever it is named for
        people_at: list[tuple[int, int]] = []
        for candidate in candidates(sent):
            mention = sent[candidate.start : candidate.end]
            word = mention.text.lower()
            at, until = mention.start_char - sent.start_char, mention.end_char - sent.start_char
            if any(start < until and at < end for start, end in (*titled, *led)):
                continue  # "@sarah" is never a candidate: handles are read below
            # The word lists name tools whatever the classifier makes of their context.
            kind = lexicon.LEXICON_TYPES.get(word) or state.name_kinds.get(word)
            if mention.text in lexicon.CAR_MAKES and kind in (EntityType.PLACE, EntityType.PERSON):
                kind = EntityType.ORGANIZATION  # "service at the Honda place": the maker's, nobody's home
            if acts_as_someone(sent, candidate.start, candidate.end, kind):
                kind = EntityType.PERSON  # "Julia says I can order what I need": no language
            if candidate.start > 0 and sent[candidate.start - 1].lower_ in PERFORMING_VERBS:
                continue  # "Year 4 sang Calon Lân in the yard": a song, no one's firm or town
            if kind in THING_GUESSES and word not in lexicon.LEXICON_TYPES and owned_thing(sent, candidate.start):
                kind = EntityType.PRODUCT
            elif kind == EntityType.PERSON and (
                venue(sent, candidate.start, candidate.end) or town_unlike_anyone(word)
            ):
                kind = EntityType.PLACE
            elif (
                kind in (EntityType.PERSON, EntityType.ORGANIZATION)
                and TRAVELLED_TO.search(text, 0, at)
                and not gazetteer().is_brand(word)
            ):
                kind = EntityType.PLACE  # "on the way up to Gergeti": where one goes (not "the bus to IKEA")
            elif kind == EntityType.ORGANIZATION and HOME_AFTER.match(text, until) and not gazetteer().is_brand(word):
                kind = EntityType.PLACE  # "the Gldani flat is 700": a home where, not a firm's
            elif kind != EntityType.PERSON and animal_named(text, at, until):
                kind = EntityType.PERSON  # "a mare called Duchess", "Chispa, our cat": one of the family
            elif product_like(word, kind, sent, candidate.start, candidate.end):
                kind = EntityType.TECHNOLOGY
            elif (word in lexicon.CAR_MODEL_KEYS and mention.text[:1].isupper()) or make_and_model(mention.text):
                # "car is the school's Yaris": a model the word lists know is a car, whichever
                # person or town the classifier heard in its sound; so is a make's model ("Honda
                # Fit", "Volvo V70"), which its make's capitals made a firm.
                kind = EntityType.PRODUCT
            # "movers booked w/ Cullen Removals": a name in capitals that ends in a trade is a firm,
            # even one the classifier took for no name.
            if word not in lexicon.LEXICON_TYPES and (
                firm_context(text, at, until)
                or (
                    firm_named(word)
                    and (
                        kind is not None
                        or all(part[:1].isupper() or part in lexicon.SURNAME_PARTICLES for part in mention.text.split())
                    )
                )
            ):
                kind = EntityType.ORGANIZATION
            elif kind is not None and town_and_state(mention.text):
                kind = EntityType.PLACE
            elif kind not in (None, EntityType.PERSON) and place_named(mention.text):
                kind = EntityType.PLACE  # "Rainbow Mountain", read as a firm by its capitals
            elif kind is not None and STREET_ONLY_AFTER.search(mention.text):
                kind = EntityType.PLACE  # "Dr. Márton Kiss on Rákóczi út": a street, whoever it is named for
            street = STREET_AFTER.match(text, until) if kind in (EntityType.PLACE, EntityType.PERSON) else None
            if street is not None:
                add(text[at : street.end()], EntityType.PLACE, at)  # "on Abashidze street"
            elif kind is not None:
                add(mention.text, kind, at)
                if kind == EntityType.PERSON:
                    people_at.append((at, until))
        # A word of a street's name is no tool: "9 Elm Street" names no Elm; nor is one of a
        # person's: "Ruby Akter" names no Ruby.
        streets = [(m.start(), m.end()) for pattern in (STREET_ADDRESS, STREET_NAMED) for m in pattern.finditer(text)]
        named_otherwise = streets + people_at
        for token in sent:
            word = token.lower_
            kind = lexicon.LEXICON_TYPES.get(word)
            at = token.idx - sent.start_char
            # A tool's name that is also a plain word is the plain word when used as one: "I go
            # to the market", "less sugar", "the fish from the market" are no Go, no less, no fish.
            # One written with a capital that is no English word is a name whatever the tagger made
            # of it ("Todoist: move the project", an adjective by its -ist).
            if (
                kind is not None
                and (token.tag_ not in PLAIN_WORD_TAGS or (token.text[:1].isupper() and unknown_word(word)))
                and not everyday_noun(token)
                and not any(n.lower() == word for n, _ in named)
                and not any(start <= at < end for start, end in named_otherwise)
            ):
                add(token.text, kind, at)
            elif word in lexicon.PARENT_ADDRESSES and token.text[:1].isupper():
                add(token.text, EntityType.PERSON, at)  # "Appa birthday …", read as an adjective
        for match in PROJECT.finditer(text):
            name = match.group(1) or match.group(2)
            add(name.strip('"'), EntityType.PROJECT, match.start())
        for match in HANDLE.finditer(text):
            add("@" + match.group(1), EntityType.PERSON, match.start())
        return named

    def relations(self, state: NoteState, sent: SpacySpan, span: Span, earlier_person: str | None) -> list[str]:
        """'my wife Julia', 'Tom is a friend', "Leo's teacher Ms Park": relationship triples; the
        people named (``earlier_person``: the last person named before the sentence, whom a "Her
        husband Marcus" opening it speaks of)."""
        text = sent.text.strip()
        lead = sent.start_char + len(sent.text) - len(sent.text.lstrip())
        found: list[str] = []

        def tie(name: str, relation: str, ending: bool = False) -> None:
            """``name`` holds ``relation`` to the user: a person, or a firm the classifier took it for
            where firms hold the tie too ("Letting agent: Greenway Lettings"); ``ending``: held until
            now ("Last week with Kasia as my boss")."""
            name = POSSESSIVE.sub("", name)  # "my sister Jing Yi's new place": Jing Yi
            firm = (
                relation in lexicon.FIRM_ROLES
                and state.name_kinds.get(name.lower()) == EntityType.ORGANIZATION
                and TITLED_NAME.match(name) is None  # "pay Auntie Grace the rent": a title names a person
            )
            if firm:
                holder = state.entity(name, EntityType.ORGANIZATION, span, relation, text)
            else:
                holder = state.entity(name, EntityType.PERSON, span, relation, text, sure=True)
            when = None if ending else tie_start(state, text)
            held = ExtractedStatement(
                Aspect.RELATIONSHIP, text, USER_NAME, relation, span, object_name=holder, valid_at=when
            )
            if ending:
                state.end(replace(held, valid_at=state.written))
            else:
                state.state(held)
            found.append(holder)

        def their_tie(owner: str, word: str, name: str) -> None:
            """``name`` holds the tie ``word`` names to ``owner``, someone other than the user
            ("Leo's teacher Ms Park", "his new girlfriend Naledi")."""
            holder = state.entity(owner, EntityType.PERSON, span, None, text, sure=True)
            person = state.entity(name, EntityType.PERSON, span, None, text, sure=True)
            relation = lexicon.canonical_relation(word.lower())
            state.state(ExtractedStatement(Aspect.RELATIONSHIP, text, holder, relation, span, object_name=person))
            found.extend((holder, person))

        for person in PERSON_BY_TIE.finditer(text):
            # Only a name the note's entities hold is retyped: "my boss Monday morning" names no one.
            if (known := state.entities.get(person.group(1).lower())) is not None and names_someone(known.name):
                state.entity(known.name, EntityType.PERSON, span, None, text, sure=True)
        matches = [
            # The relation word is the group before the name, whichever alternative matched.
            (m.group((m.lastindex or 2) - 1).lower(), m)
            for m in [*MY_RELATION_NAMED.finditer(text), *MY_RELATION_IS.finditer(text)]
        ]
        matches += [("manager", m) for m in REPORTS_TO.finditer(text)]
        matches += [(m.group(1), m) for m in BARE_KIN.finditer(text)]
        for word, match in matches:
            relation, name = lexicon.canonical_relation(word), match.group(match.lastindex or 0)
            first = name.split()[0]
            titled = first.lower() in lexicon.HONORIFICS and len(name.split()) > 1  # "Captain Dubois"
            if first.lower() in NOT_NAMES or (first.lower() in lexicon.RELATIONS and not titled):
                continue
            if not first[0].isalpha():
                continue
            if not first[0].isupper():
                at = lead + match.start(match.lastindex or 0)
                if "," in match.group(0) or next((t.tag_ for t in sent if t.idx == at), "NN") in PLAIN_WORD_TAGS:
                    # "my accountant, needs the receipts", "my partner remembers": no name
                    continue
                name = title_case(first)
            elif len(name.split()) > 1 and name.split()[1].lower() in NOT_NAMES:
                name = first
            tie(name, relation)
        for name, relation in services(text):
            tie(name, relation)
        kin = KIN_OPENS.match(text)
        if (
            kin is not None
            and kin.group(2).lower() not in lexicon.SAYING_VERBS
            and not found
            and earlier_person
            and told_just_before(state, earlier_person)
        ):
            # "Aisyah was asleep when I got home. My wife deserves a medal …": the one the
            # sentence before named, tied to the writer by nothing yet, is the kin spoken of.
            relation = lexicon.canonical_relation(kin.group(1).lower())
            tied = any(s.subject == USER_NAME and s.object_name == earlier_person for s in state.statements)
            held = any(s.subject == USER_NAME and s.predicate == relation for s in state.statements)
            if not tied and not held:
                tie(earlier_person, relation)
        for switch in ROLE_SWITCH.finditer(text):
            found += self.role_switched(state, text, span, *switch.groups())
        labelled = [
            (m.group(2) or m.group(3), m.group(1))
            for m in ROLE_LABEL.finditer(text)
            # "she recommended the dentist Dr. Osei": a name passed on, not the writer's dentist yet
            # (one the writer has a time with is: "Ravi recommended a physio: Kerry, Tuesdays 7am").
            if (not RECOMMENDED.search(text[max(0, m.start() - PONDER_REACH) : m.start()]) or DATE_HINT.search(text))
            and not someone_elses_after_a_comma(text, m)
        ]
        labelled += [
            (m.group(2) or m.group(3) or m.group(5), m.group(1) or m.group(4))
            for m in THE_ROLE_NAMED.finditer(text)
            # "My sister has a landlord called Mr. Grey": hers.
            if not (m.group(4) and SOMEONE_ELSES.search(text, 0, m.start()))
        ]
        labelled += [(m.group(2), m.group(1)) for m in SWITCHED_ROLE.finditer(text)]
        cried = ROLE_CRIED.match(state.previous_sentence or "")
        holder_after = TITLED_OPENING.match(text) if cried is not None else None
        if cried is not None and holder_after is not None:
            labelled.append((holder_after.group(1), cried.group(1)))
        labelled += [
            (m.group(2), m.group(1))
            for m in ROLE_IS_SOMEONE_CALLED.finditer(text)
            if not THEIRS_BEFORE.search(text, 0, m.start())
        ]
        labelled += [
            (m.group(1), "manager" if m.group(2).lower() in BRACKET_MANAGERS else m.group(2))
            for m in NAME_THEN_ROLE.finditer(text)
        ]
        labelled += [
            (m.group(2), m.group(1))
            for m in OPENING_ROLE.finditer(text)
            if (known := state.entities.get(m.group(2).lower())) is not None and known.type == EntityType.PERSON
        ]
        # "trainer with Sam's gym" names no trainer, "dentist Tuesday with Mum" whom I take along.
        labelled += [
            (m.group(2), m.group(1))
            for m in ROLE_WITH.finditer(text)
            if not POSSESSIVE.search(m.group(2)) and m.group(2).lower() not in lexicon.RELATIONS
        ]
        labelled += [(m.group(2), m.group(1)) for m in HEAD_OF_IS.finditer(text)]
        # "her principal M. Faure", "Jo's landlord Mr. Grey": someone else's, read below.
        theirs = {(m.group(2) or "") + m.group(3) for m in HIS_RELATION.finditer(text)}
        theirs |= {(m.group(3) or "") + m.group(4) for m in THEIR_RELATION.finditer(text)}
        for name, word in labelled:
            if name.split()[0].lower() in NOT_NAMES or name in found or name in theirs:
                continue
            relation = lexicon.canonical_relation(word.lower())
            tie(name, relation)
        said = (NAMED_IS_RELATION, NAMED_MY_ROLE, NAMED_HEAD_OF, NAMED_THE_BEST_ROLE)
        for match in [m for pattern in said for m in pattern.finditer(text)]:
            relation = lexicon.canonical_relation(match.group(2).lower())
            name = whole_name_ending(text, match.start(1), match.group(1), [e.name for e in state.entities.values()])
            if not names_someone(name):
                continue
            tie(name, relation, ending=LAST_SPELL_WITH.search(text, 0, match.start()) is not None)
        if not found and MY_RELATION_WORD.search(text):
            for word, name in copular_ties(state, text):
                tie(name, lexicon.canonical_relation(word))
        for pattern, relation in ((MARRIED, "spouse"), (TOGETHER, "partner"), (ENGAGED, "partner")):
            for match in pattern.finditer(text):
                name = match.group(match.lastindex or 0)
                if names_someone(name) and name not in found:
                    tie(name, relation)
        paired = PAIRED_WITH_ME.search(text)
        if paired and names_someone(paired.group(1)):
            state.paired = state.entity(paired.group(1), EntityType.PERSON, span, None, text)
        reference = MY_RELATION_REF.search(text)
        if not found and reference and reference.group(1).lower() in lexicon.PARTNER_WORDS:
            # "Mira and I are officially together. … My partner is a better climber": the one
            # the note pairs with the writer, or the only person it names, spoken of as she or he.
            partner = state.paired or self.only_person(state)
            told = any(
                s.subject == USER_NAME and s.object_name == partner and s.predicate in lexicon.PARTNER_WORDS
                for s in state.statements
            )
            if partner is not None and partner.lower() not in text.lower() and not told:
                tie(partner, lexicon.canonical_relation(reference.group(1).lower()))
        for match in THEIR_RELATION.finditer(text):
            their_tie(match.group(1), match.group(2), (match.group(3) or "") + match.group(4))
        for match in HIS_RELATION.finditer(text):
            opening = not text[: match.start()].strip()
            owner = person_before(state, text, match.start()) or (earlier_person if opening else None)
            name = (match.group(2) or "") + match.group(3)
            if owner is not None and name.split()[0].lower() not in NOT_NAMES:
                their_tie(owner, match.group(1), name)
        return found

    @staticmethod
    def role_switched(state: NoteState, text: str, span: Span, word: str, earlier: str, now: str) -> list[str]:
        """ "Switched dentists, from Dr. Quinn to Dr. Rowe": the role's earlier holder until the
        note (or the date it states), the new one from then on, replacing them; the two names."""
        relation = lexicon.canonical_relation(word.lower())
        switched = state.time_or_written(text)
        old = state.entity(earlier, EntityType.PERSON, span, relation, text, sure=True)
        new = state.entity(now, EntityType.PERSON, span, relation, text, sure=True)
        state.state(
            ExtractedStatement(
                Aspect.RELATIONSHIP, text, USER_NAME, relation, span, object_name=old, valid_at=switched - 1
            )
        )
        state.state(
            ExtractedStatement(
                Aspect.DECISION, text, USER_NAME, relation, span, object_name=new, valid_at=switched, replaces=old
            )
        )
        return [old, new]

    @staticmethod
    def successions(
        state: NoteState, text: str, span: Span, earlier_person: str | None, named: list[tuple[str, EntityType]]
    ) -> None:
        """ "Frau Demir replaces Herr Vogt", "his successor: Frau Demir" (his: the person named
        before the sentence), "Dr. Okoro has retired. Registered with Dr. Varga instead" (the one
        person the note says has left, retired or quit, and the one other person the sentence
        names; "Tom left early, so lunch with Anna instead" is no leaving), "Sofia takes over the
        team" (the one person the note says leaves): the newcomer takes over the other's ties to
        the writer, which only the graph knows (see GraphWriter)."""
        pairs = [(m.group(1), m.group(2)) for m in SUCCEEDS.finditer(text)]
        pairs += [(m.group(2), m.group(1) or earlier_person) for m in SUCCESSOR.finditer(text)]
        if INSTEAD.search(text):
            left = [s.object_name for s in state.statements if s.predicate == ENDS_TIES and s.object_name]
            newcomers = [n for n, t in named if t == EntityType.PERSON and n not in left]
            if len(set(left)) == 1 and len(newcomers) == 1:
                pairs.append((newcomers[0], left[0]))
        for taker in duty_takers(text):
            # "Henrik is leaving end of month, Sofia takes over the team": the one the note says leaves.
            leaving = {name for name in state.departed if name != taker}
            if len(leaving) == 1:
                pairs.append((taker, leaving.pop()))
        for new, old in pairs:
            if old is None or new == old or not (names_someone(new) and names_someone(old)):
                continue
            earlier = state.entity(old, EntityType.PERSON, span, None, text, sure=True)
            later = state.entity(new, EntityType.PERSON, span, None, text, sure=True)
            when = state.time_of(text)
            state.state(
                ExtractedStatement(
                    Aspect.RELATIONSHIP, text, later, TAKES_OVER, span, object_name=earlier, valid_at=when
                )
            )

    def attributes(
        self,
        state: NoteState,
        text: str,
        span: Span,
        named: list[tuple[str, EntityType]],
        spoken: bool = False,
    ) -> bool:
        """Birthdays, emails, phones, addresses, where someone lives and works: identity triples
        (``spoken``: of a chat turn of someone else's)."""
        streets = [m.group(0).strip(" ,") for m in STREET_ADDRESS.finditer(text)]
        told_at = list(LIVES_AT.finditer(text))
        possessive = POSSESSIVE_DETAIL.search(text)
        if possessive and possessive.group(1).split()[0].lower() not in NOT_NAMES | {"my", "our"}:
            whose = payer = state.entity(possessive.group(1), EntityType.PERSON, span, None, text, sure=True)
        else:
            # A street's name is nobody whose details these are ("new address: Strada Barbu
            # Vacarescu 12").
            places = streets + [m.group(1) for m in told_at]
            kept = [(n, t) for n, t in named if not any(n in st for st in places)]
            whose = self.person_in(state, text, kept)
            # Nor is a sum theirs who it is shared with or paid to ("rent 1,400, split with Joy";
            # "rent £850/month, landlord Mr. Whitaker 07700 900456", whose phone that is).
            not_theirs = [m.end() for m in NOT_THE_HOLDER.finditer(text)]
            paying = [
                (n, t)
                for n, t in kept
                if not any(text.startswith(n, at) for at in not_theirs)
                and not any(HOLDER_NAMED_BEFORE.match(text, m.end()) for m in re.finditer(re.escape(n), text))
            ]
            payer = self.person_in(state, text, paying)
        found = False

        def payer_before(at: int) -> str:
            """Whom a sum told by character ``at`` belongs to: one named after it, in the clause
            that follows, holds none of it ("salary came in: 560 000 Ft, and with Levente's money
            we …")."""
            if payer == USER_NAME or text.find(payer) in range(at):
                return payer
            return self.person_in(state, text[:at], [(n, t) for n, t in named if n in text[:at]])

        def attribute(
            predicate: str,
            value: str | None = None,
            target: str | None = None,
            when: float | None = None,
            holder: str | None = None,
        ) -> None:
            """State a detail of ``holder`` (by default whom the sentence is about)."""
            nonlocal found
            state.state(
                ExtractedStatement(
                    Aspect.IDENTITY,
                    text,
                    holder or whose,
                    lexicon.SUMS_KEPT_AS.get(predicate, predicate),
                    span,
                    object_name=target,
                    object_value=period_said(value) if value else value,
                    valid_at=when,
                )
            )
            found = True

        for known in ROLE_THE_WRITER_KNOWS.finditer(text):
            if (known.group(2), EntityType.PERSON) in named:
                attribute("role", known.group(1), holder=known.group(2))
        birthday = BIRTHDAY.search(text)
        untold, state.birthday_untold = state.birthday_untold, None
        if birthday:
            # The date after the word, not another one earlier in the sentence ("moved last month
            # and her birthday is 22 August"); an occasion's day told before it is the occasion's
            # ("Sunday 16th, for Samira's birthday lunch").
            date = state.date_of(text[birthday.start() :])
            if date is None and not BIRTHDAY_OCCASION.search(text):
                date = state.date_of(text)
            born: str | None = whose
            if THIRD_PERSONS_BIRTHDAY.search(text, 0, birthday.start()) and whose == USER_NAME:
                # "her actual bday is the 12th": the person last spoken of, never the writer.
                born = state.last_person
            kin = UNNAMED_RELATIONS_BIRTHDAY.search(text, 0, birthday.start())
            if kin is not None and born is not None and kin.group(1).lower() not in born.lower():
                # "don't forget your brother's birthday" in Mom's turn: not hers, and no name says whose.
                born = None
            if date is not None and born is not None:
                attribute("birthday", day_month(date.moment, date.has_year), holder=born)
            elif date is None and not BIRTHDAY_OCCASION.search(text):
                state.birthday_untold = born
        elif untold is not None and (answer := day_opening(state, text)) is not None:
            # "Nain asks if you're coming up for her birthday" — "3 October, of course": the day
            # that answers it.
            attribute("birthday", day_month(answer.moment, answer.has_year), holder=untold)
        elif (aged := TURNED_AGE.search(text)) and aged_person(aged.group(1), named):
            # A person's age reached on a day is their birthday ("Spotify turned 20 today" is none).
            date = state.date_of(text[aged.end() :])
            if date is not None:
                person = state.entity(aged.group(1), EntityType.PERSON, span, None, text, sure=True)
                attribute("birthday", day_month(date.moment, has_year=False), holder=person)
        for email in EMAIL.findall(text):
            # "sarah@acme.com" belongs to the Sarah the note or the graph knows, when there is one.
            owner = email_owner(email, state)
            if owner is not None and owner != whose:
                state.state(ExtractedStatement(Aspect.IDENTITY, text, owner, "email", span, object_value=email.lower()))
                found = True
            else:
                attribute("email", email.lower())
        for phone in phone_numbers(text):
            # "new number: 07922 654321, the old 07911 123456 is dead": the old one held before.
            before = OLD_VALUE.search(text, max(0, phone.start() - OLD_VALUE_REACH), phone.start())
            # "old number 07700 900123 still on the staff list, ask Manon to change it": an old
            # number no one is named before is the writer's own.
            unowned_old = before is not None and not someone_named(text[: phone.start()], named)
            mine = USER_NAME if MY_NUMBER.search(text, 0, phone.start()) or unowned_old else None
            if before is None:
                attribute("phone", phone.group(0).strip(), holder=mine)
            else:
                # Held until the note, and no longer: a new number told in an earlier note stays.
                number = phone.group(0).strip()
                state.end(ExtractedStatement(Aspect.IDENTITY, text, mine or whose, "phone", span, object_value=number))
                found = True
        address = told_at[0] if told_at else None
        if address and not any(ch.isdigit() for ch in address.group(1)):
            address = None  # an address has a number: "the address is wrong again" gives none
        if address and not possessive and address.group(0)[:4].lower() == "live":
            # "Tom lives at 4 Hill Road": whoever is the verb's subject (a sentence's first word
            # may be a name no other reading typed).
            others = [(n, t) for n, t in named if n not in address.group(1)]
            holder = known_person(state, clause_subject(state, text, address.start(), others), others, span, text)
            if holder is not None:
                attribute("address", address.group(1).strip(), holder=holder)
        elif address:
            attribute("address", address.group(1).strip())
        elif streets:
            found |= self.street_address(state, text, span, named, whose, streets[0])
        lives = LIVES_IN.search(text) or (FIRST_NIGHT_IN.search(text) if state.about_a_move else None)
        moved_to = text.strip(" \t\n.!")
        if (
            lives is None
            and MOVED_IN.search(state.previous_sentence)
            and ((moved_to, EntityType.PLACE) in named or name_key(moved_to) in gazetteer().places)
        ):
            # "moved in!!! Horwich.": the place said alone after the move is the new home.
            place = state.entity(moved_to, EntityType.PLACE, span, None, text, sure=True)
            state.state(ExtractedStatement(Aspect.IDENTITY, text, USER_NAME, "lives_in", span, object_name=place))
            found = True
        if lives and PONDERING.search(text, max(0, lives.start() - PONDER_REACH), lives.start()):
            lives = None
        # "Bryn Tawe moved from ClassDojo to Seesaw": a move between tools, and no house move.
        sides = moved_between(text)
        switched = sides if sides is not None and tools_named(sides) else None
        for tool in switched or ():
            if tool:
                state.entity(tool, EntityType.TECHNOLOGY, span, None, text, sure=True)
        if lives and ((is_tool(lives.group(1), named) and sides is None) or switched):
            lives = None  # "Moved to Obsidian last week": a switch of tools, read below
        if lives and state.date_of(lives.group(1)) is not None:
            lives = None  # "moved to Feb 12 at 4": an appointment moved to a day
        possessed = POSSESSIVE.search(lives.group(1)) if lives else None
        if lives and possessed and OWNERS_SITE.match(text, lives.start(1) + possessed.start()):
            lives = None
        if lives and not address:
            place = state.entity(lives.group(1), EntityType.PLACE, span, None, text, sure=True)
            others = [(n, t) for n, t in named if n != place]
            # "Told Luis I'm moving to Denver": who moves is the verb's subject, not whoever is named.
            mover = whose if possessive else clause_subject(state, text, lives.start(), others)
            if mover == place:
                mover = self.person_in(state, text, others)
            if mover is not None:
                # "I'm moving to Denver end of July": from then on.
                when = state.time_of(text)
                moved = ExtractedStatement(
                    Aspect.IDENTITY, text, mover, "lives_in", span, object_name=place, valid_at=when
                )
                state.state(moved)
                found = True
                left = MOVED_FROM.search(text)
                if left is not None and left.group(1) != place:
                    former = state.entity(left.group(1), EntityType.PLACE, span, None, text, sure=True)
                    until = (state.written if when is None else when) - 1
                    state.state(replace(moved, object_name=former, valid_at=until))
        commute = (
            None
            if lives or address
            else (
                HOME_BY.search(text)
                or HOME_FROM.search(text)
                or HOME_COMMUTE.search(text)
                or COMMUTE_JOTTED.search(text)
            )
        )
        # A commute home ends at a place, whatever the classifier made of its name ("the bus home
        # to Samal-2", typed a tool by its digit); only a tool the lists know is one.
        if (
            commute is not None
            and not known_tool(commute.group(1))
            # "came home to Luciana"; but no one is a bus's start ("the trotro from Madina")
            and (commute.re is HOME_COMMUTE or (commute.group(1), EntityType.PERSON) not in named)
        ):
            preceding = text[: commute.start()]
            someone = any(t == EntityType.PERSON and n in preceding for n, t in named)
            if not someone or WRITER_SAID.search(preceding):
                # Home by the bus or the train is the writer's when nobody else is said to ride.
                place = state.entity(commute.group(1), EntityType.PLACE, span, None, text, sure=True)
                state.state(ExtractedStatement(Aspect.IDENTITY, text, USER_NAME, "lives_in", span, object_name=place))
                if commute.re is HOME_COMMUTE and commute.group(2) and not known_tool(commute.group(2)):
                    state.entity(commute.group(2), EntityType.PLACE, span, None, text, sure=True)
                found = True
        for theirs in THEIR_HOME.finditer(text):
            person, place = theirs.groups()
            if (person, EntityType.PERSON) in named and (place, EntityType.PLACE) in named:
                state.state(ExtractedStatement(Aspect.IDENTITY, text, person, "lives_in", span, object_name=place))
                found = True
        home = None if lives or address else MY_HOME.search(text)
        if home is not None:
            found |= self.home_named(state, text, span, named, home)
        lease = None if lives or address or home else LEASE_SIGNED.search(text)
        if lease is not None:
            found |= self.home_signed_for(state, text, span, named, lease)
        signed = None if lives or address or home or lease else SIGNED_WITH.search(text)
        let_by = signed is not None and self.landlord_signed_with(state, text, span, named, signed)
        found |= let_by
        rent = None if lease is not None or let_by else home_rent(text)
        if rent is not None:
            attribute("rent", rent, holder=USER_NAME)
        come = None if lives else COME_FROM.search(text)
        if come is not None and not is_tool(come.group(1), named):
            others = [(n, t) for n, t in named if n != come.group(1)]
            visitor = clause_subject(state, text, come.start(), others)
            if visitor is not None and (visitor, EntityType.PERSON) in others:
                place = state.entity(come.group(1), EntityType.PLACE, span, None, text, sure=True)
                state.state(ExtractedStatement(Aspect.IDENTITY, text, visitor, "lives_in", span, object_name=place))
                found = True
        for change in AMOUNT_CHANGE.finditer(text):
            attribute_of, old, new = change.groups()
            if attribute_of.lower() not in NOBODY:
                # A change says what the amount was until then, even if no earlier note says so.
                changed = state.time_or_written(text)
                attribute(attribute_of.lower(), old.strip(), when=changed - 1, holder=payer)
                attribute(attribute_of.lower(), new.strip(), when=changed, holder=payer)
        for amount in [*AMOUNT_IS.finditer(text), *AMOUNT_JOTTED.finditer(text)]:
            # "Pay is $78k, I'm on $64k now": the pay of the job spoken of, the writer's after it.
            others_pay = amount.group(1).lower() in lexicon.PAY_WORDS and PAID_TO_ME.search(text, amount.end())
            if amount.group(1).lower() not in NOBODY and not others_pay:
                # "my salary is …", "the rent's …": the writer's, whoever else the sentence names.
                mine = USER_NAME if amount.re is AMOUNT_IS else None
                before = AMOUNT_BEFORE.match(text, amount.end())
                if before is not None:
                    when = state.time_or_written(text) - 1
                    attribute(amount.group(1).lower(), before.group(1).strip(), when=when, holder=mine or payer)
                attribute(amount.group(1).lower(), amount.group(2).strip(), holder=mine or payer_before(amount.end()))
        for amount in SUM_JOTTED.finditer(text):
            attribute(amount.group(2).lower(), amount.group(1).strip(), holder=payer)
        for pay in PAID_TO_ME.finditer(text):
            told = next(said for said in pay.groups() if said).strip()
            # "I get 420,000 now" is a pay; "I get 20 minutes" is none.
            if "get" not in pay.group(0).lower() or pay_like(told):
                attribute("salary", told, holder=USER_NAME)
        for rise in PAY_RAISED_TO.finditer(text):
            # Mine when the writer is the last one the words before it speak of ("she made me head
            # of the clinic, with a pay rise to £31,000"; not "Tom got a raise to £40k").
            writer_said = [m.end() for m in FIRST_PERSON.finditer(text, 0, rise.start())]
            if writer_said and not someone_named(text[writer_said[-1] : rise.start()], named):
                attribute("salary", rise.group(1).strip(), holder=USER_NAME)
        offered = offered_pay(text, state.previous_sentence, spoken)
        if offered is not None:
            # The pay of a job to come is the writer's from its first day ("starting April 20").
            starts = state.time_of(text)
            attribute("salary", offered, holder=USER_NAME, when=starts if starts and starts > state.written else None)
        taken = RENTED_HOME_IN.search(text) if lives is None and HOME_TAKEN.search(text) else None
        if taken is not None and (taken.group(1), EntityType.PLACE) in named and my_rent_told(state, span):
            # "flat in Jayanagar, 1BHK, 21,000 rent, advance 1.5 lakhs": the home taken for that
            # rent is the writer's, from the day the sentence says.
            taken_home = ExtractedStatement(
                Aspect.IDENTITY,
                text,
                USER_NAME,
                "lives_in",
                span,
                object_name=taken.group(1),
                valid_at=state.time_of(text),
            )
            state.state(taken_home)
        spell = WORK_SPELL.search(text)
        tenure_firm: str | None = None
        if spell is not None and spell.group(1).lower().endswith("service") and VEHICLE_WORDS.search(text):
            spell = None  # "Corolla first service at Smit": the car's, at a garage
        if spell is not None and SPELL_SITE.search(text, spell.end(1), spell.start(2)):
            firm = whole_name(text, spell.start(2), spell.group(2), named)
            spell = spell if (firm, EntityType.ORGANIZATION) in named else None
        if (
            spell is not None
            and SPELL_WITH_TOOL.fullmatch(text, spell.end(1), spell.start(2))
            and (
                is_tool(spell.group(2), named)
                or (
                    SPELL_TENURE.fullmatch(spell.group(1))
                    and not firm_named(whole_name(text, spell.start(2), spell.group(2), named))
                )
                or NOUN_AFTER.match(text, spell.end(2)) is not None
            )
        ):
            # "twelve years of Pro Tools", "after nine years of Opera": time spent on a tool, whatever
            # the name was typed; years are spent at or with a workplace, not "of" it, unless it is
            # named as a firm ("day one of Ruth Kelly Solicitors" is a first day). A name before a
            # noun of its own says what kind of thing the spell is of ("day three of IB training").
            spell = None
        if spell is None:
            loose = WORK_SPELL_LOOSE.search(text) or WORK_SPELL_BY.search(text)
            if (
                loose is not None
                and loose.re is WORK_SPELL_LOOSE
                and SPELL_TENURE.match(loose.group(1)) is not None
                and not person_shaped(loose.group(2))
            ):
                tenure_firm = loose.group(2)
            firm_told = loose is not None and (
                (loose.group(2), EntityType.ORGANIZATION) in named or tenure_firm is not None
            )
            if loose is not None and firm_told and not WITH_FAMILY.search(text):
                spell = loose
        spell_read = SpellRead(spell.group(1), spell.group(2), spell.start(2), spell.start()) if spell else None
        if spell_read is not None and SPELL_OF_WHAT.search(text, 0, spell_read.firm_at):
            held = HELD_AT.match(text, spell_read.firm_at + len(spell_read.firm))
            where = whole_name(text, held.start(1), held.group(1), named) if held is not None else ""
            if held is not None and (where, EntityType.ORGANIZATION) in named:
                spell_read = spell_read._replace(firm=where, firm_at=held.start(1))
        if spell_read is None and (given := NOTICE_TO.search(text)) is not None:
            spell_read = SpellRead(given.group(2), given.group(1), given.start(1), given.start())
        # "First week with Imran as my manager": a person is no workplace (a tenure's name not
        # written as a person's is one, however it was typed).
        people = {n for n, t in named if t == EntityType.PERSON and n != tenure_firm}
        if spell_read and site_of_a_place(text, spell_read.firm, spell_read.firm_at):
            # "four months at the Porto base": where the site is, not the firm; "the Leeds office
            # of Halden Analytics" says whose it is.
            owned = SITE_OWNER.match(text, spell_read.firm_at + len(spell_read.firm))
            spell_read = spell_read._replace(firm=owned.group(1), firm_at=owned.start(1)) if owned else None
        if spell_read and spell_read.firm.split()[0].lower() not in NOT_NAMES and spell_read.firm not in people:
            spelled, firm, firm_at, spell_at = spell_read
            workplace = whole_name(text, firm_at, firm, named)
            org = state.entity(workplace, EntityType.ORGANIZATION, span, None, text, sure=True)
            told = spelled.lower()
            notice = told.endswith("notice")
            ended = notice or told.startswith(("last", "final"))
            # "She works night shifts at the Klinikum": hers, not the writer's. A workplace the parse
            # takes for the subject is no worker of its own ("First week at Market Lane Coffee done").
            worker = clause_subject(state, text, spell_at, named)
            if opens_with(text, spell_at):
                # A sentence that opens with the spell has no subject of its own: the writer's,
                # whoever the clause after it is about ("Four years at Willow Vets this winter, and
                # Gareth still puts me on nights").
                worker = USER_NAME
            if worker is not None and part_of_name(worker, workplace):
                worker = USER_NAME
            if worker is not None:
                # Handing in one's notice is a decision; the rest tell who the writer is.
                job = ExtractedStatement(
                    Aspect.DECISION if notice else Aspect.IDENTITY,
                    text,
                    worker,
                    "works_at",
                    span,
                    object_name=org,
                    valid_at=day_one(spell, state) if spell else None,
                )
                if ended:
                    # "My last service at the Adlon is 15 March": it ends that day.
                    state.end(replace(job, valid_at=state.time_of(text)))
                else:
                    state.state(job)
            return True
        for member in PERSON_OF_FIRM.finditer(text):
            person, firm = member.groups()
            if (person, EntityType.PERSON) not in named and " " in person:
                person = person.split(maxsplit=1)[1]  # "Met Kofi from Frischeparadies": Kofi
            if (person, EntityType.PERSON) in named and (firm, EntityType.ORGANIZATION) in named:
                state.state(ExtractedStatement(Aspect.IDENTITY, text, person, "works_at", span, object_name=firm))
                found = True
        role = next((m for m in ROLE_AT.finditer(text) if not m.group("loose") or AGENT_NOUN.search(m.group(2))), None)
        # Whose job it is: the person named last before it ("My classmate Tolu is now head of …"),
        # or the one "she" or "he" stands for; when that is nobody the note names as a person, the
        # job is no one's the note can tell ("Malia Akana called. She's the new GM at …").
        holder = person_before(state, text, role.start()) if role else None
        if role and holder is None and whose == USER_NAME and SHE_OR_HE.search(text, 0, role.start()):
            role = None
        if role:
            firm = whole_name(text, role.start(3), role.group(3), named)
            org = state.entity(firm, EntityType.ORGANIZATION, span, None, text, sure=True)
            attribute("role", role.group(2).strip(), holder=holder)
            attribute("works_at", target=org, holder=holder)
        elif (held_before := FORMER_WORK.search(text)) is not None:
            found |= self.former_work(state, text, span, named, held_before)
        else:
            works = WORKS_AT.search(text) or next(
                (m for m in WORKS_IN.finditer(text) if (m.group(1), EntityType.ORGANIZATION) in named), None
            )
            if works and PONDERING.search(text, max(0, works.start() - PONDER_REACH), works.start()):
                works = None  # "Laila wants to work at Fawry": a wish, no workplace
            if (
                works
                and WITH_BEFORE.search(text, works.start(), works.start(1))
                and (works.group(1), EntityType.PERSON) in named
            ):
                works = None  # "on Wednesday I start with Bruno": one starts or works with a person, not at them
            # "started Monday" says when, not where.
            if works and works.group(1).lower() not in NOT_NAMES and state.date_of(works.group(1)) is None:
                kind = lexicon.LEXICON_TYPES.get(works.group(1).lower(), EntityType.ORGANIZATION)
                if kind == EntityType.ORGANIZATION:
                    workplace = whole_name(text, works.start(1), works.group(1), named)
                    org = state.entity(workplace, kind, span, None, text, sure=True)
                    who = known_person(state, clause_subject(state, text, works.start(), named), named, span, text)
                    if who is not None and part_of_name(who, workplace):
                        who = USER_NAME
                    if who is not None:
                        # "I start at Tulus Lotrek on the 16th": from then on.
                        since = state.time_of(text)
                        job = ExtractedStatement(
                            Aspect.IDENTITY, text, who, "works_at", span, object_name=org, valid_at=since
                        )
                        state.state(job)
                        found = True
        return found

    @staticmethod
    def former_work(
        state: NoteState, text: str, span: Span, named: list[tuple[str, EntityType]], former: re.Match[str]
    ) -> bool:
        """ "Laila, who used to be at Fawry", "I used to work at Deloitte", "Tom used to work at a
        Boots in Leeds": a workplace held until some time before the note, ended by it; a firm the
        note names, or any name but a person's or a known tool's one worked at."""
        verb, firm = former.groups()
        kinds = {t for n, t in named if n == firm}
        worked = verb.lower() == "work" and EntityType.PERSON not in kinds and firm.lower() not in lexicon.LEXICON_TYPES
        if EntityType.ORGANIZATION not in kinds and not (worked and kinds):
            return False
        others = [(n, t) for n, t in named if n != firm]
        who = known_person(state, clause_subject(state, text, former.start(), others), others, span, text)
        if who is None:
            return False
        firm = state.entity(firm, EntityType.ORGANIZATION, span, None, text, sure=True)
        state.end(ExtractedStatement(Aspect.IDENTITY, text, who, "works_at", span, object_name=firm))
        return True

    @staticmethod
    def home_named(
        state: NoteState, text: str, span: Span, named: list[tuple[str, EntityType]], home: re.Match[str]
    ) -> bool:
        """The writer lives where "the Brunswick flat", "our place in Ealing" is, when the name is
        a place the note names and the home is not one only looked at or thought of."""
        place = home.group(1) or home.group(2) or home.group(3)
        before = text[max(0, home.start() - PONDER_REACH) : home.start()]
        if home.group(3):
            # "We viewed two flats. The flat in Leith had mould": the sentence before says whose. A
            # note that already said where the writer lives ("Moved to Lisbon. The flat in Graça is
            # tiny") names the district of that home, not another.
            if my_home_told(state):
                return False
            before = f"{state.previous_sentence.strip().rstrip('.;!?')} {before}"
        # A home "in" a name says the name is a place's, whatever the classifier took it for ("the
        # new place in Villa Crespo"); "the Jumia place" may be a shop's.
        firm_in = home.group(1) is None and (place, EntityType.ORGANIZATION) in named
        # "the Ruzafa landlord": the landlord of a home there, whatever the classifier made of it.
        let_there = home.group(0).lower().endswith(("landlord", "landlady")) and (place, EntityType.PERSON) not in named
        firm_in |= let_there
        if (
            ((place, EntityType.PLACE) not in named and not firm_in)
            or PONDERING.search(before)
            or VIEWING.search(before)
        ):
            return False
        if text.rstrip().endswith("?") or ADDRESSED.search(text):
            return False  # "did you sign for the Tiong Bahru flat??" asks of someone else's home
        place = state.entity(place, EntityType.PLACE, span, None, text, sure=True) if firm_in else place
        state.state(ExtractedStatement(Aspect.IDENTITY, text, USER_NAME, "lives_in", span, object_name=place))
        return True

    @staticmethod
    def home_signed_for(
        state: NoteState, text: str, span: Span, named: list[tuple[str, EntityType]], lease: re.Match[str]
    ) -> bool:
        """The writer lives where a home they signed for is, from the day the sentence gives (the
        move) or the note's; a monthly sum in the sentence is the rent. Only when the words speak
        of a home: a lease, a home noun, or that sum ("signed for the parcel in reception" is none)."""
        lease_word, before, place = lease.groups()
        monthly = RENT_SUM.search(text, lease.end())
        home_said = lease_word or HOME_NOUN.search(before) or monthly
        if not home_said or (place, EntityType.PLACE) not in named:
            return False
        if PONDERING.search(text, 0, lease.start()) or said_to_someone(text, (monthly or lease).end()):
            return False
        when = state.time_of(text)
        state.state(
            ExtractedStatement(Aspect.IDENTITY, text, USER_NAME, "lives_in", span, object_name=place, valid_at=when)
        )
        if monthly is not None:
            rent = monthly.group(0).strip()
            state.state(ExtractedStatement(Aspect.IDENTITY, text, USER_NAME, "rent", span, object_value=rent))
        return True

    @staticmethod
    def landlord_signed_with(
        state: NoteState, text: str, span: Span, named: list[tuple[str, EntityType]], signed: re.Match[str]
    ) -> bool:
        """ "signed with Mrs. Varga: 150 000 Ft/month, deposit two months, keys 28.03.": the person
        the writer signs with for a home (its deposit, keys or lease said) is their landlord, and
        the monthly sum after the name its rent. Not when someone else signs, nor when it is
        pondered."""
        person = signed.group(1)
        monthly = RENT_SUM.search(text, signed.end())
        if (
            (person, EntityType.PERSON) not in named
            or monthly is None
            or not (HOME_DEAL.search(text) or HOME_NOUN.search(text))
            or someone_named(text[: signed.start()], named)
            or PONDERING.search(text, 0, signed.start())
        ):
            return False
        state.state(ExtractedStatement(Aspect.RELATIONSHIP, text, USER_NAME, "landlord", span, object_name=person))
        rent = period_said(monthly.group(0).strip())
        state.state(ExtractedStatement(Aspect.IDENTITY, text, USER_NAME, "rent", span, object_value=rent))
        return True

    @staticmethod
    def street_address(
        state: NoteState, text: str, span: Span, named: list[tuple[str, EntityType]], whose: str, street: str
    ) -> bool:
        """A street address told without "address" or "lives at": the premises of the
        organisation the sentence (else the note) names ("signed the lease for an office on
        Oranienstraße 12"), or the home of whom the sentence is about ("new flat: 14 Cardigan
        Road"; an address alone after a sentence that speaks of a home: "new flat! Corso Regina
        Margherita 112."). Whether it is anyone's is left unsaid otherwise."""
        owner: str | None = None
        alone = not text.replace(street, "").strip(" .,;:!")
        if PREMISES_WORDS.search(text):
            orgs = [n for n, t in named if t == EntityType.ORGANIZATION]
            orgs = orgs or [e.name for e in state.entities.values() if e.type == EntityType.ORGANIZATION][-1:]
            owner = orgs[0] if orgs else None
        elif HOME_WORDS.search(text) or (alone and HOME_WORDS.search(state.previous_sentence)):
            owner = whose
        if owner is None:
            return False
        state.state(ExtractedStatement(Aspect.IDENTITY, text, owner, "address", span, object_value=street))
        return True

    def tool_changes(
        self,
        state: NoteState,
        sent: SpacySpan,
        span: Span,
        named: list[tuple[str, EntityType]],
        earlier_tool: str | None,
    ) -> bool:
        """Switching from one tool to another, adopting or dropping one: 'uses' triples with history
        (``earlier_tool``: the tool the note named before this sentence, which "it" can stand for)."""
        text = sent.text.strip()
        project = FOR_PROJECT.search(text)
        subject = USER_NAME
        if project:
            subject = state.entity(project.group(1), EntityType.PROJECT, span, None, text)
        when = state.time_of(text)
        found = False
        switches = (SWITCH, MOVED_INTO, REPLACED, SWITCHED_OVER, ARROW_SWITCH, FAREWELL_SWITCH, INSTEAD_SWITCH)
        for pattern, match in [(told, found) for told in switches for found in told.finditer(text)]:
            farewell = pattern is FAREWELL_SWITCH
            # A farewell or an "instead of" says the tool taken up first (after the word that takes it up).
            new_first = farewell or pattern is INSTEAD_SWITCH
            old, new = (match.group(3), match.group(2)) if new_first else (match.group(1), match.group(2))
            old, new = old.strip(".,"), new.strip(".,")
            verb = match.group(0).lower().startswith("switch")
            if farewell:
                # A farewell beside a tool taken up is said to a tool, whatever its name's sound made
                # of it ("so goodbye Sibelius"), unless the sentence names a person ("so long Priya").
                if (old, EntityType.PERSON) in named or not taken_tool(match, new, old, named):
                    continue
            elif not (could_be_tool(old, named, new, verb) and could_be_tool(new, named, old, verb)):
                continue
            if pattern in (SWITCHED_OVER, ARROW_SWITCH, INSTEAD_SWITCH) and not (
                is_tool(old, named) or is_tool(new, named)
            ):
                continue  # "swapped Monday for Tuesday": without "from", a known tool says it is a switch
            if house_move(text):
                continue  # "We moved from Podgórze to Bronowice": a home, though the names read as apps
            # The switch says both are tools, whatever a name's words made of them ("Google Keep").
            old_name = state.entity(old, tool_type(old), span, None, text, sure=True)
            new_name = state.entity(new, tool_type(new), span, None, text, sure=True)
            switched = when if when is not None else state.written
            # A switch says the old tool was in use until then, even if no earlier note says so.
            state.state(
                ExtractedStatement(
                    Aspect.KNOWLEDGE, text, subject, "uses", span, object_name=old_name, valid_at=switched - 1
                )
            )
            state.state(
                ExtractedStatement(
                    Aspect.DECISION, text, subject, "uses", span, object_name=new_name, valid_at=when, replaces=old_name
                )
            )
            found = True
        if found:
            return True
        for pattern, aspect, told in TOOL_USES:
            for match in pattern.finditer(text):
                tool = match.group(1).strip(".,")
                if told == ToolUse.ENDS and someone_else_gives_up(text[: match.start()], named):
                    continue  # "Priti stopped using Notion": hers to give up, not the writer's
                # "They use Dorico here": what is used is no place, whatever its sound suggested.
                used = pattern is USING and USED.search(match.group(0)) is not None
                sure = used and could_be_tool(tool, named, switched=True) and tool[:1].isupper()
                if not (is_tool(tool, named) or sure) or plain_unknown_word(tool):
                    continue
                for name in (tool, *joined_tools(text, match.end(), named)):
                    name = state.entity(name, tool_type(name), span, None, text, sure=sure and name == tool)
                    uses = ExtractedStatement(aspect, text, subject, "uses", span, object_name=name)
                    state_use(state, uses, told, when)
                found = True
        # What the parse says the writer does with each tool the sentence names; a tool right after
        # "in", "on", "with" in the writer's own sentence is one they work in ("I'm in VS Code").
        # An inference beside what the sentence says, so the sentence keeps its own aspect.
        stated = {s.object_name for s in state.statements if s.predicate == "uses" and s.text == text}
        lead = len(sent.text) - len(sent.text.lstrip())
        # Every time the sentence names it: "miles better than Tradify so I've cancelled Tradify"
        # gives it up the second time.
        mentions = [
            ToolMention(name, lead + found.start(), lead + found.end())
            for name, kind in named
            if kind in TOOL_TYPES and name not in stated
            if not any(ch.isdigit() for ch in name)
            if not named_car(name, kind, text)
            for found in word_matches(text, name)
        ]
        reading = read_tools(sent, mentions, earlier_tool is not None)
        writer = FIRST_PERSON.search(text) is not None and not is_negated(text)
        # "VS Code" names a tool; only a "vs" outside the names compares two.
        unnamed = text
        for name, _ in named:
            unnamed = unnamed.replace(name, " " * len(name))
        trying = TRYING.search(unnamed) is not None
        for mention in mentions:
            if mention.name in stated:
                continue
            use = reading.uses.get(mention.name)
            if use == ToolUse.USES and trying:
                use = None
            at = mention.start - lead
            leading = text[:at].lower().split()
            # "I had used Trello for years": then, not now.
            cued = at > 0 and USE_CUE.search(" ".join(leading[-3:])) is not None and "had" not in leading[-4:]
            # A note's sentence without a subject of its own is the writer's ("- log hours in
            # Toggl", "Hours go into Clockify here"); one that names someone or says she or they
            # before the tool is theirs. "In" or "on" alone then needs a tool the lists know ("flat
            # in Benimaclet" may hold a place the classifier took for a tool).
            before = text[:at]
            subjectless = (
                not is_negated(text)
                and not someone_named(before, named)
                and (
                    SUBJECTLESS_CUE.search(" ".join(leading[-3:])) is not None
                    or ALL_KEPT_IN.search(before) is not None
                    or known_tool(mention.name)
                )
            )
            if use is None and cued and NOBODY_USES.search(before):
                use = ToolUse.ENDS  # "nobody uses InterpretBank here": where the writer works now
            elif (
                use is None and (writer or subjectless) and cued and not trying and not someone_else_uses(before, named)
            ):
                use = ToolUse.USES
            if use is not None:
                stated.add(mention.name)
                uses = ExtractedStatement(Aspect.KNOWLEDGE, text, subject, "uses", span, object_name=mention.name)
                state_use(state, uses, use, when)
        if earlier_tool is not None and earlier_tool not in stated and (reading.gives_up_it or reading.keeps_it):
            uses = ExtractedStatement(Aspect.KNOWLEDGE, text, subject, "uses", span, object_name=earlier_tool)
            state_use(state, uses, ToolUse.ENDS if reading.gives_up_it else ToolUse.STARTS, when)
        return found

    # --- helpers -----------------------------------------------------------------------------

    @staticmethod
    def person_in(state: NoteState, text: str, named: list[tuple[str, EntityType]]) -> str:
        """Whom an attribute belongs to: 'my wife' / a named person / 'she' (the last person) / me."""
        lower = text.lower()
        reference = MY_RELATION_REF.search(text)
        people = [n for n, t in named if t == EntityType.PERSON]
        if reference and not people:
            return "my " + reference.group(1).lower()
        kin = BARE_KIN_OWNER.search(text)
        before = text[: kin.start()].split() if kin else []
        if kin and not people and (not before or before[-1].lower() not in OTHERS_KIN):
            return "my " + kin.group(1).lower()  # "mum's birthday 9 March" in a jot
        if re.search(r"\b(my|i|i'm|me|we|our)\b", lower) and not people:
            return USER_NAME
        if people:
            return people[0]
        if PRONOUN_THIRD.search(lower) and state.last_person:
            return state.last_person
        return USER_NAME

    @staticmethod
    def only_person(state: NoteState) -> str | None:
        """The one person the note has named so far, when it also speaks of them as she or he."""
        people = [e.name for e in state.entities.values() if e.type == EntityType.PERSON]
        return people[0] if len(people) == 1 and state.she_or_he else None

    @staticmethod
    def subject_of(state: NoteState, sent: SpacySpan, named: list[tuple[str, EntityType]]) -> str:
        """The subject when it is a named entity (the first one named before the first verb, also
        after the writer's word for them: "My sister Lena moved to Porto") or 'she'/'he' (the last
        person named), else the user."""
        words = iter(sent)
        for token in words:
            if token.tag_.startswith("VB") or token.tag_ == "MD":
                break
            if token.lower_ in ("my", "our"):
                title = list(takewhile(lambda t: t.tag_ in ("NN", "NNS"), words))
                after = sent[title[-1].i - sent.start + 1 :].text if title else ""
                return next((n for n, _ in named if after.startswith(n)), USER_NAME)
            if token.lower_ in ("i", "we"):
                return USER_NAME
            if token.lower_ in ("she", "he") and state.last_person:
                return state.last_person
            for name, _ in named:
                if token.lower_ in name.lower().split():
                    return name
        return USER_NAME

    @staticmethod
    def finish(note: NoteForExtraction, state: NoteState) -> Extraction:
        """The note's extraction with its labels: its tags, then its most mentioned topics."""
        labels = [tag.lower() for tag in note.tags]
        topical = (
            EntityType.TECHNOLOGY,
            EntityType.PROJECT,
            EntityType.PRODUCT,
            EntityType.STANDARD,
            EntityType.CONCEPT,
        )
        for key, _ in state.mentions.most_common():
            entity = state.entities[key]
            if entity.type in topical and key not in labels and LABEL_WORD.search(key):
                labels.append(key)
            if len(labels) >= MAX_LABELS_PER_NOTE:
                break
        return Extraction(tuple(state.entities.values()), tuple(state.statements), tuple(labels[:MAX_LABELS_PER_NOTE]))
