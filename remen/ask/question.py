"""What a question asks for: the kind of answer (a person, a place, a day, a number, a name, a
reason), the words an answer sentence should share with it, and the names it is about. Cue
tables here are about English question words, not about anyone's notes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from remen.core.text import AUXILIARIES, QUESTION_WORDS, fold
from remen.memory.lexicon import HONORIFICS, NARROWER_RELATIONS, PERSON_TIES, SAME_TIE
from remen.search.calendar import FLOATING_HOLIDAYS, HOLIDAYS
from remen.search.query import STOPWORDS

# A question put in the past: a value given up may answer it ("what did I use for invoices").
ASKS_PAST = re.compile(r"(?i:\b(?:did|was|were|had|used\s+to)\b)")


class AnswerKind(StrEnum):
    """The kind of short answer a question wants."""

    PERSON = "person"
    PLACE = "place"
    TIME = "time"
    NUMBER = "number"
    EMAIL = "email"
    PHONE = "phone"
    ADDRESS = "address"
    NAME = "name"
    REASON = "reason"
    SENTENCE = "sentence"


# "what/which <noun> ...": the noun says the kind of the answer.
NOUN_KINDS: dict[str, AnswerKind] = {
    **dict.fromkeys(("email", "e-mail", "mail"), AnswerKind.EMAIL),
    **dict.fromkeys(("phone", "number", "mobile", "landline", "cell"), AnswerKind.PHONE),
    **dict.fromkeys(("address",), AnswerKind.ADDRESS),
    **dict.fromkeys(
        ("day", "date", "time", "year", "month", "week", "weekday", "days", "hour", "birthday", "bday", "deadline"),
        AnswerKind.TIME,
    ),
    **dict.fromkeys(
        ("city", "country", "town", "street", "neighbourhood", "neighborhood", "venue", "restaurant"),
        AnswerKind.PLACE,
    ),
    **dict.fromkeys(
        ("price", "cost", "rate", "amount", "fee", "salary", "rent", "weight", "height", "age", "score", "grade"),
        AnswerKind.NUMBER,
    ),
    # "what place did the team get": a rank, not a location.
    **dict.fromkeys(("place", "position", "rank"), AnswerKind.NUMBER),
    # "what is my notice period": a length of time.
    **dict.fromkeys(("period", "duration", "length"), AnswerKind.NUMBER),
}
# Nouns that ask for a value even without a question word.
VALUE_NOUNS: dict[str, AnswerKind] = {
    **dict.fromkeys(("email", "e-mail"), AnswerKind.EMAIL),
    **dict.fromkeys(("phone", "mobile"), AnswerKind.PHONE),
    "address": AnswerKind.ADDRESS,
    **dict.fromkeys(("birthday", "bday", "deadline"), AnswerKind.TIME),
}
# Nouns of a date a value holds: the day a note was written is never theirs.
DATE_VALUES = frozenset(word for word, kind in VALUE_NOUNS.items() if kind == AnswerKind.TIME)
HOW_NUMBER = frozenset(("many", "much", "long", "old", "often", "far", "big", "high", "deep", "tall", "heavy", "fast"))
BE = frozenset(("is", "are", "was", "were", "'s", "s"))
# Words after a value's noun that leave it the head of its phrase ("what email did she use", "what
# day is it", "what time on Friday").
NOT_A_HEAD = STOPWORDS | QUESTION_WORDS | AUXILIARIES
# Openings of a request for an answer without a question word ("tell me about", "list my goals").
REQUESTS = frozenset(("tell", "list", "show", "summarize", "summarise", "remind", "explain", "describe"))
# Verbs a note rarely repeats ("who did I go with" → "Parklife with Jordan").
LIGHT_VERBS = frozenset(
    ("go", "goes", "going", "went", "gone", "do", "doing", "done", "make", "made", "have", "having")
) | frozenset(("take", "took", "taken", "use", "used", "using"))
# Words that carry no topic in a question ("what is the name of ...").
FILLER = frozenset(
    ("name", "called", "kind", "sort", "type", "tell", "remind", "know", "say", "said", "get", "got", *LIGHT_VERBS)
)
# Relation words: "mom's birthday" names no one.
RELATION_WORDS = (
    frozenset(NARROWER_RELATIONS)
    | frozenset(SAME_TIE)
    | frozenset(word for below in NARROWER_RELATIONS.values() for word in below)
)
# Prepositions that open a phrase setting the scene of a question: when, where, on what occasion.
SCENE = frozenset(("on", "in", "at", "during", "after", "since", "for", "from"))
# Words after which a name marks a point in time or order, not the question's subject.
SEQUENCE_MARKERS = frozenset(("before", "after", "than", "replaced", "instead"))
# Words that open a clause of the question setting its scene: its names mark when, as above.
SCENE_CLAUSES = frozenset(("when", "while"))
WORD = re.compile(r"[\w@.+'’-]+")
NAME_WORD = re.compile(r"^[A-ZÀ-Þ][\w'’.-]*$")
POSSESSIVE = re.compile(r"['’]s?$")
# "leo's" in a question typed in lower case: an owner, so a name, unless a determiner or a
# relation word says otherwise ("the dentist's", "my wife's").
POSSESSIVE_NAME = re.compile(r"^[^\W\d_]+['’]s$")
DETERMINERS = frozenset(("the", "my", "our", "your", "his", "her", "their", "a", "an", "this", "that"))
# A holiday named in a question says when, not whom: "on Valentine's Day", "on Easter Monday".
HOLIDAY = re.compile(
    r"(?i)\b(?:"
    + "|".join(
        re.escape(name).replace("'", "['’]?") for name in sorted((*HOLIDAYS, *FLOATING_HOLIDAYS), key=len, reverse=True)
    )
    + r")\b"
)
# Month and weekday names: a number beside one may be a day, a capitalised one is no name.
DATE_WORD = re.compile(
    r"\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?(?!\w)"
    r"|\b(?:mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?s?\b|\d[./]\d",
    re.IGNORECASE,
)
# Capitalised words of a question that name no one (and month and weekday names).
NEVER_NAMES = STOPWORDS | frozenset(HONORIFICS) | RELATION_WORDS | QUESTION_WORDS | AUXILIARIES


# "What time …", "at what hour …": a time of day is asked, which a day alone does not answer.
CLOCK_ASKED = re.compile(r"(?i:\b(?:what|which)\s+(?:time|hour)\b)")
CLOCK_MEASURE = "clock"
# "Where is the spare key", "where did I put my passport": a thing's spot is asked, which a
# phrase tells ("under the gnome", "in the top drawer"), not only a place's name.
SPOT_ASKED = re.compile(
    r"(?i:^\s*where\s*(?:['’]s|is|are|was|were|did\s+(?:i|we)\s+(?:put|leave|keep|store|hide|park)"
    r"|do\s+(?:i|we)\s+(?:keep|store)|can\s+(?:i|we)\s+find)\b)"
)
SPOT_MEASURE = "spot"
# "What is the name of Tove's cat", "what did Jordan name the car", "what is the van called": a
# name is asked, which a sentence about the thing does not give.
NAME_ASKED = re.compile(r"(?i:\bname\s+of\b|\b(?:called|named)\s*\??\s*$|\bname\s+(?:the|his|her|their|its|my|our)\b)")
NAME_MEASURE = "name"


@dataclass(frozen=True)
class Question:
    """A question read for answering from the notes."""

    text: str
    kind: AnswerKind
    # Folded content words an answer sentence should share (names included).
    focus: tuple[str, ...]
    # Names the question is about, as typed (possessive dropped): an answer sentence must be about
    # them, and the answer is never one of them.
    names: tuple[str, ...]
    # "before"/"used to"/"previous"/"my old": the question wants an earlier value, not the current one.
    earlier: bool
    # The word after "how" in "how much/long/many/often/old ...": which numbers fit; "clock" for
    # "what time …" (a time of day, not a day); "spot" for "where is the …" (a phrase may say it).
    measure: str | None = None
    # Whether it is a question at all (a question word, "did/is ..." first, a "?", a value's noun)
    # rather than search words: only a question gets answers from the notes' sentences.
    asks: bool = True
    # Names that only mark a point in a sequence ("my manager before Luis"): never the answer, but
    # not what the answer sentence is about either.
    markers: tuple[str, ...] = ()
    # Focus words of a closing phrase that sets the scene ("on my last day", "in October"): an
    # answer sentence may leave them to the sentences around it.
    setting: tuple[str, ...] = ()
    # Whether only a person can answer: a tie only people hold ("who is my boss") or a telling
    # ("who told me about the job"); a firm answers "who insures the car", "who do I bank with".
    human: bool = False
    # The names of a clause setting the question's scene ("when Liisa visited"), among ``markers``.
    scene_names: tuple[str, ...] = ()
    # The verb of telling a "who told" question asks of ("told", "recommended"), read once.
    telling: str | None = None
    # The writer's relations the question names, each with its holder by the graph ("my dentist" →
    # ("dentist", "Dr. Thanawat")): a sentence naming the holder speaks of the relation.
    holders: tuple[tuple[str, str], ...] = ()


# "Who is Hywel", "who's Ola", "who was Dr. Brandt": someone asked about as a whole.
WHO_IS = re.compile(r"(?i)^\s*who(?:['’]s|\s+is|\s+was)\s")
# A "who" question whose verb is one of telling: in a chat, whoever says the thing told it.
WHO_TOLD = re.compile(
    r"(?i)^\s*who(?:['’]s|\s+has|\s+had)?\s+(?:first\s+)?(told|said|mentioned|suggested|recommended|warned|"
    r"texted|messaged|emailed|wrote|tipped|reminded|pointed\s+out|let\s+(?:me|us)\s+know|brought\s+up)\b"
)
# Gatherings whose members are people: "who was on the interview panel", "who came to the party"
# asks for people, never the firm the note names beside them.
GATHERINGS = frozenset(
    ("panel", "team", "committee", "board", "jury", "crew", "band", "party", "meeting", "call", "wedding", "dinner")
)
# Words of a question that only say it asks for money ("how much does it pay", "what is the rent"):
# a sentence with a sum says them.
MONEY_WORDS = frozenset(
    {"pay", "pays", "paid", "cost", "costs", "price", "rent", "salary", "earn", "earns", "fee", "charge", "charges"}
    | {"owe", "owes", "owed", "lend", "lent", "borrow", "borrowed", "spend", "spent"}
)
# Prepositions a question may leave without their object, the thing asked for ("what do we cost
# recipes in now"), and the words that may follow one so left: another preposition, a time.
LEFT_OVER_PREPOSITIONS = frozenset({"in", "on", "with", "via", "through", "for", "from", "into", "at", "to"})
AFTER_LEFT_OVER = LEFT_OVER_PREPOSITIONS | {"now", "then", "today", "nowadays", "anymore", "before", "lately", "these"}


def left_over_preposition(words: list[str]) -> bool:
    """Whether a preposition of the question has no object: last, or before another preposition or
    a word of time ("what did I cost the menu in at the hotel", "what do we pay with now")."""
    return any(
        word in LEFT_OVER_PREPOSITIONS and (at == len(words) - 1 or words[at + 1] in AFTER_LEFT_OVER)
        for at, word in enumerate(words)
    )


# Words of a result counted in points: "what did I score", "what marks did she get".
SCORE_WORDS = frozenset({"score", "scored", "scores", "marks", "points", "percent", "percentage"})
# The word after the state a "what is …" question asks about ("wrong with", "special about").
STATE_OF = frozenset({"with", "about"})


def answer_kind(words: list[str]) -> AnswerKind:
    """The kind of answer from the question's words (folded), by its question word and the noun
    after "what/which"."""
    lowered = [POSSESSIVE.sub("", w) for w in words]
    at = next((i for i, w in enumerate(lowered) if w in QUESTION_WORDS), None)
    if at is None:
        # "Klaus phone number", "julias bday?": a value's noun says it without a question word.
        return next((VALUE_NOUNS[w] for w in lowered if w in VALUE_NOUNS), AnswerKind.SENTENCE)
    wh, rest = lowered[at], lowered[at + 1 :]
    if wh in ("who", "whom", "whose"):
        return AnswerKind.PERSON
    if wh == "where":
        return AnswerKind.PLACE
    if wh == "when":
        return AnswerKind.TIME
    if wh == "why":
        return AnswerKind.REASON
    if wh == "how":
        return AnswerKind.NUMBER if rest and rest[0] in HOW_NUMBER else AnswerKind.SENTENCE
    # "what was wrong with Librus", "what is special about Ojców": a state asked after, not a name.
    if len(rest) >= 3 and rest[0] in BE and rest[1] not in DETERMINERS and rest[2] in STATE_OF:
        return AnswerKind.SENTENCE
    # The noun phrase right after "what/which (is the)": "what is the dentist's phone number"; a
    # verb after the question word ("what did I do") asks about an action, not a value.
    noun = False
    for i, word in enumerate(rest[:6]):
        if word in NOUN_KINDS:
            after = rest[i + 1] if i + 1 < len(rest) else ""
            if after and after not in NOUN_KINDS and after not in NOT_A_HEAD:
                return AnswerKind.NAME  # "which email app": the noun after is the thing asked for
            if after not in NOUN_KINDS:
                return NOUN_KINDS[word]
        # "which moving company did we book", "what used car do we have": a word of "-ing" or "-ed"
        # before the noun the question's verb follows says which kind, no verb.
        describing = i + 2 < len(rest) and rest[i + 1] not in NOT_A_HEAD and rest[i + 2] in AUXILIARIES
        verb_like = word not in BE and word not in DETERMINERS and word.endswith(("ed", "ing")) and not describing
        if word in AUXILIARIES - BE or verb_like:
            return AnswerKind.NAME if noun else AnswerKind.SENTENCE
        noun = noun or (word not in BE and word not in DETERMINERS)
    return AnswerKind.NAME


def read_question(text: str) -> Question:
    """The question's answer kind, focus words and names."""
    found = list(WORD.finditer(text))
    tokens = [m.group(0) for m in found]
    words = [fold(t).strip(".'’") for t in tokens]
    holidays = [m.span() for m in HOLIDAY.finditer(text)]
    in_holiday = [any(a <= m.start() < b for a, b in holidays) for m in found]
    names: list[str] = []
    markers: list[str] = []
    marked: set[str] = set()
    # "where did we eat when Liisa visited": a clause of "when" after the question sets its scene;
    # its names are what the answer sentence may be about, not what it must be.
    scene_at = next((i for i, w in enumerate(words) if i > 0 and w in SCENE_CLAUSES), len(words))
    last_name = -2
    for i, token in enumerate(tokens):
        bare = POSSESSIVE.sub("", token).strip(".")
        owner = POSSESSIVE_NAME.search(token) is not None and (i == 0 or words[i - 1] not in DETERMINERS)
        if (
            (NAME_WORD.match(bare) or owner)
            and fold(bare) not in NEVER_NAMES
            and not DATE_WORD.fullmatch(bare)
            and not in_holiday[i]
        ):
            in_sequence = any(w in SEQUENCE_MARKERS for w in words[max(0, i - 2) : i])
            kept = markers if in_sequence or i > scene_at else names
            if i == last_name + 1 and kept and not POSSESSIVE.search(tokens[i - 1]):
                # "Valo Health" is one name: a note saying "Valo" speaks of it.
                kept[-1] = f"{kept[-1]} {bare}"
            else:
                kept.append(bare)
            last_name = i
            if in_sequence:
                marked.add(fold(bare))
    after_how = {words[i + 1] for i in range(len(words) - 1) if words[i] == "how"}
    bare_words = [POSSESSIVE.sub("", w) for w in words]
    # A hyphened word is looked for by its parts, as the notes' words are: "next-door" in "over the
    # fence to next door".
    # A number names which one: "part 2", "room 4" (a lone letter says nothing).
    split = [part for w in bare_words for part in (w.split("-") if "-" in w.strip("-") else [w])]
    parts = [part for part in split if len(part) > 1 or part.isdigit()]
    focus = tuple(
        dict.fromkeys(
            w
            for w in parts
            if w
            and w not in QUESTION_WORDS
            and w not in AUXILIARIES
            and w not in STOPWORDS
            and w not in FILLER
            and w not in after_how
            and w not in marked
        )
    )
    earlier = bool(
        re.search(r"\b(before|previous|previously|used to|former|earlier|(?:my|our)\s+old)\b", text, re.IGNORECASE)
    )
    at = words.index("how") if "how" in words else -1
    measure = words[at + 1] if 0 <= at < len(words) - 1 and words[at + 1] in HOW_NUMBER else None
    kind = answer_kind(words)
    # "what is the rent in St. Vital", "what does the course cost": a sum, as "how much" asks; not
    # with the question's last word a preposition left over: "what do we cost recipes in", "what
    # did I spend it on" ask for a thing.
    money = (
        measure is None
        and "what" in words
        and any(w in MONEY_WORDS for w in bare_words)
        and not left_over_preposition(bare_words)
    )
    if money and kind in (AnswerKind.NUMBER, AnswerKind.SENTENCE):
        kind, measure = AnswerKind.NUMBER, "much"
    elif kind in (AnswerKind.SENTENCE, AnswerKind.NAME) and "what" in words and not SCORE_WORDS.isdisjoint(words):
        kind = AnswerKind.NUMBER  # "what did I score on part 1", "what marks did Leo get": a count
    if kind == AnswerKind.TIME and CLOCK_ASKED.search(text):
        measure = CLOCK_MEASURE  # "what time do we stop": a time of day, not a day
    if kind in (AnswerKind.SENTENCE, AnswerKind.NAME) and NAME_ASKED.search(text):
        kind, measure = AnswerKind.NAME, NAME_MEASURE
        if focus and focus[-1] in PERSON_TIES:
            # "what is the name of Hiro's sister": a sister's name is a person's (not "Sapporo").
            kind, measure = AnswerKind.PERSON, None
    # A thing's spot, also of something named ("where is the Claimwise office"), not where someone
    # named is ("where is Tom").
    named_words = {fold(word) for name in names for word in name.split()}
    said_names = {word.strip(".'’") for word in named_words} | set(HONORIFICS)
    who_is = WHO_IS.match(text)
    only_a_name = who_is is not None and all(word[:1].isupper() for word in WORD.findall(text[who_is.end() :]))
    if kind == AnswerKind.PERSON and focus and all(w in said_names for w in focus) and only_a_name:
        # "who is Hywel" asks what the notes say of him, never for another name: "Marcus" of
        # "I've started a podcast with Hywel" is no answer.
        kind = AnswerKind.SENTENCE
    if kind == AnswerKind.PLACE and any(w not in named_words for w in focus) and SPOT_ASKED.search(text):
        measure = SPOT_MEASURE
    asks = (
        text.rstrip().endswith("?")
        or any(w in QUESTION_WORDS for w in bare_words)
        or bool(bare_words and bare_words[0] in AUXILIARIES)
        or kind != AnswerKind.SENTENCE
        or bool(bare_words and bare_words[0] in REQUESTS)
    )
    setting = scene_words(words, focus, names)
    told = WHO_TOLD.search(text)
    human = kind == AnswerKind.PERSON and (
        any(w in PERSON_TIES or w in GATHERINGS for w in bare_words) or told is not None
    )
    return Question(
        text,
        kind,
        focus,
        tuple(dict.fromkeys(names)),
        earlier,
        measure,
        asks,
        tuple(dict.fromkeys(markers)),
        setting,
        human,
        tuple(m for m in dict.fromkeys(markers) if fold(m.split()[0]) not in marked),
        told.group(1) if told is not None else None,
    )


def scene_words(words: list[str], focus: tuple[str, ...], names: list[str]) -> tuple[str, ...]:
    """The focus words after the question's last scene-setting preposition or clause ("what did
    Declan give me on my last day" → last, day; "where did we eat when Liisa visited" → visited),
    names excepted; none when they would be all its topic."""
    at = max((i for i, w in enumerate(words) if w in SCENE or (i > 0 and w in SCENE_CLAUSES)), default=-1)
    if at < 0:
        return ()
    named = {fold(n) for n in names}
    after = {POSSESSIVE.sub("", w) for w in words[at + 1 :]}
    scene = tuple(w for w in focus if w in after and w not in named)
    core = [w for w in focus if w not in scene and w not in named]
    return scene if core else ()


# Kinds answered by a span of a sentence; a reason or a sentence is answered by the sentence.
SPAN_KINDS = frozenset(AnswerKind) - {AnswerKind.REASON, AnswerKind.SENTENCE}
# Kinds of a specific question (who, where, when, how much, which email...): answered from the
# notes' sentences, never by a list of statements or a summary.
SPECIFIC_KINDS = SPAN_KINDS | {AnswerKind.REASON}
