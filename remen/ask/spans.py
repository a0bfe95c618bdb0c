"""Answer candidates inside a sentence: names, days, numbers and amounts, emails, phone numbers
and addresses, each with the kinds of question it can answer. Pure functions over the text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from remen.ask.question import DATE_WORD, AnswerKind
from remen.core.text import fold
from remen.memory.cues import phone_numbers
from remen.memory.dates import stated_date
from remen.memory.entity_model import english_words, gazetteer
from remen.memory.lexicon import HONORIFICS
from remen.memory.names import POSSESSIVE
from remen.memory.patterns import CURRENCY_SIGNS, GLUED_RAND, MILLIONS, NUMBER_AFTER_NAME, SIGN_PREFIX, STREET_ADDRESS
from remen.search.calendar import WEEKDAY_NAMES
from remen.search.query import STOPWORDS


@dataclass(frozen=True)
class Span:
    """A candidate answer: where it is in the sentence, its words, the kinds of question it can
    answer, and those its kind is sure for: the graph's type or the span's own shape says so (a
    known person, a phone number), not only its capital letter. ``before`` is the word before it."""

    start: int
    end: int
    text: str
    kinds: frozenset[AnswerKind]
    sure: frozenset[AnswerKind]
    before: str = ""


EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
PHONE = re.compile(r"(?<![\w.])\+?\d[\d ()-]{7,}\d(?![\w.])")
UNIT = (
    rf"%|[{CURRENCY_SIGNS}]|k\b|m\b|bn\b|million\b|thousand\b|kg\b|g\b|km\b|ft\b|lb\b|oz\b|mins?\b|minutes?\b|h\b|hrs?\b"
    r"|hours?\b|days?\b|weeks?\b"
    r"|months?\b|years?\b|euros?\b|pounds?\b|dollars?\b|quid\b|bucks?\b|units?\b|pages?\b|words?\b|covers?\b"
    rf"|kilos?\b|metres?\b|(?:{MILLIONS})\b"
    r"|(?:eur|usd|gbp|chf|cad|aud|sek|nok|dkk|pln|czk|inr|jpy|kr)\b"
)
NUMBER = re.compile(
    # Thousands set apart by spaces only before a unit ("9 800 kr/month", "520 000 kr"): "on 4 May
    # 2026" is no amount.
    # The rand's "R" glued to a sum is its currency ("R9,500"), not a word the sum's end follows.
    rf"(?:{GLUED_RAND}|(?:{SIGN_PREFIX}[{CURRENCY_SIGNS}]\s?)?(?<![\w.]))"
    rf"(?:\d{{1,3}}(?:[ \u00a0\u202f]\d{{3}})+(?=\s?(?:{UNIT}))|\d+(?:[.,:]\d+)*)"
    rf"(?:\s?(?:{UNIT}))?(?:\s?(?:x|×|lb|oz|per|a|/)\s?\d+(?:\s?(?:{UNIT}))?)?"
    r"(?:\s\d+\s?(?:oz|lb|min|mins|s)\b)?(?:\s?/\s?(?:week|month|year|day|word|hour))?"
    # Not the start of a word: "1Password", "3rd".
    r"(?![^\W\d_])",
    re.IGNORECASE,
)
# A time of day, or a span of them: "6-9pm", "9am", "7:30 pm". No amount: "how much was the
# course" is not answered by the 9 of "Tuesdays 6-9pm".
CLOCK = re.compile(
    r"(?<![\w.])\d{1,2}(?:[:.]\d\d)?\s?(?:[-–]|to)\s?\d{1,2}(?:[:.]\d\d)?\s?[ap]\.?m\b\.?"
    r"|(?<![\w.])\d{1,2}(?:[:.]\d\d)?\s?[ap]\.?m\b\.?",
    re.IGNORECASE,
)
# A time of day as a clock shows it: "4pm", "6-9pm", "9:30", "21:15" (not "1:2" nor a ratio's "3:1").
# An hour told by what starts or ends at it: "the bakery opens at 6", "doors close at 11".
HOUR_OF_A_START = re.compile(
    r"(?i:\b(?:opens|open|closes|close|starts|start|begins|ends|shuts|leaves|departs|arrives|lands)\s+"
    r"((?:at\s+)?(?:[01]?\d|2[0-3]))(?![\w:/]|[.,]\d)(?!\s*(?:days?|weeks?|months?|years?|hours?|h|mins?|minutes?|%)\b))"
)
TIME_OF_DAY = re.compile(CLOCK.pattern + r"|(?<![\w.:/])(?:[01]?\d|2[0-3]):[0-5]\d(?![\w:/])", re.IGNORECASE)
NUMBER_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    "|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand"
    "|half|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|once|twice"
)
WORD_NUMBER = re.compile(
    rf"\b(?:an?\s+)?(?:{NUMBER_WORDS})(?:[\s-]+(?:{NUMBER_WORDS}|and|in))*"
    rf"(?:\s+(?:{UNIT}|times|place|floor|runs|nights|mornings))?\b",
    re.IGNORECASE,
)
# Words without which a sentence states no day: the date grammar is not run on it.
TIME_HINT = re.compile(
    r"\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|today|tonight|tomorrow"
    r"|yesterday|week|month|year|weekend|morning|evening|afternoon|night|spring|summer|autumn|fall|winter"
    r"|christmas|easter|next|last|ago|noon|midnight)",
    re.IGNORECASE,
)
# Words read on either side of a word that may belong to a date, and at most this many such words.
DATE_WINDOW = 4
MAX_DATE_WINDOWS = 4
RECURRING = re.compile(
    r"\b(?:every\s+)?(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:days?\b|\.|\b)(?:\s*(?:[/+&,]|and)\s*)?)+"
    r"(?:\s*(?:at\s+)?\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|h)?)?",
    re.IGNORECASE,
)
# An amount per period: "780/month", "50 a week".
PER_PERIOD = r"\d\s?/\s?(?:month|mo|week|wk|year|yr|day|hour|hr)\b|\d\s+(?:a|an|per)\s+(?:month|week|year|hour|day)\b"
# A sum of money in a sentence: a currency, thousands written short, or an amount per period.
MONEY = re.compile(
    rf"[{CURRENCY_SIGNS}]|\b(?:euros?|pounds?|dollars?|quid|bucks?|yen|kr|zł|rand|naira|cedis?|reais|usd|eur|gbp)\b"
    rf"|\d\s?(?:k|m|bn|{MILLIONS})\b"
    rf"|{PER_PERIOD}|\d\s*(?:million|thousand|grand)\b",
    re.IGNORECASE,
)
MEASURE_UNITS = {
    # An amount per period is a sum of money ("780/month", "50 a week").
    "much": re.compile(
        rf"[{CURRENCY_SIGNS}]|\d\s?(?:k|m|bn|{MILLIONS})\b|euros?|pounds?|dollars?|quid|bucks?|%|\d[.,]\d|{PER_PERIOD}",
        re.IGNORECASE,
    ),
    "long": re.compile(r"min|hour|hrs?\b|\dh\b|days?|weeks?|months?|years?|km|metres|miles", re.IGNORECASE),
    "many": re.compile(r"^\W*\d+\W*$|^[a-z-]+$|units?|words?|pages?|years?|\d\s?k\b", re.IGNORECASE),
    "often": re.compile(r"week|month|day|times|twice|once|every", re.IGNORECASE),
    "old": re.compile(r"^\d+$|^[a-z-]+$|years?|months?", re.IGNORECASE),
    "high": re.compile(r"\d\s?(?:ft|m|km|metres)\b|\d,\d", re.IGNORECASE),
    "deep": re.compile(r"\d\s?(?:m|cm|ft)\b", re.IGNORECASE),
    "far": re.compile(r"km|miles|min", re.IGNORECASE),
}
NAME_TOKEN = re.compile(r"[A-ZÀ-Þ][\w'’&.-]*|[a-z]+[A-Z][\w-]*")
NAME_JOINERS = frozenset(
    {"de", "da", "do", "dos", "du", "des", "di", "van", "von", "der", "den", "del", "la", "le", "of", "&", "y", "e"}
    | {"am", "im", "zum", "zur", "al", "el"}
)
DETERMINERS = frozenset(("the", "a", "an", "our", "my", "his", "her", "their", "this", "that"))
TOKEN = re.compile(r"\S+")
CONTRACTION = re.compile(r"['’](?:m|ll|re|ve|d|t)$|^I$", re.IGNORECASE)
TRAILING = ".,;:!?)\"'’”"
# What a firm may answer: where ("where do I work"), who ("who insures the car"), which.
FIRM_KINDS = frozenset((AnswerKind.PLACE, AnswerKind.PERSON, AnswerKind.NAME))
KIND_OF_TYPE: dict[str, frozenset[AnswerKind]] = {
    "Person": frozenset((AnswerKind.PERSON, AnswerKind.NAME)),
    "Place": frozenset((AnswerKind.PLACE, AnswerKind.NAME)),
    "Organization": FIRM_KINDS,
}
PHONE_KINDS = frozenset((AnswerKind.PHONE, AnswerKind.NUMBER))
ADDRESS_KINDS = frozenset((AnswerKind.ADDRESS, AnswerKind.PLACE))
ANY_NAME = frozenset((AnswerKind.PERSON, AnswerKind.PLACE, AnswerKind.NAME))
NUMBER_KINDS = frozenset((AnswerKind.NUMBER,))
TIME_KINDS = frozenset((AnswerKind.TIME,))
PERSON_KINDS = frozenset((AnswerKind.PERSON, AnswerKind.NAME))
# Prepositions before a place ("in Lisbon", "at the Forty Foot", "moved to Denver").
AT_A_PLACE = frozenset(("in", "at", "to", "from", "near"))
# A phrase telling where a thing is: a preposition of place and the noun phrase after it ("under
# the gnome", "in the top drawer of the desk", "at Tom's"), up to punctuation or a new clause (each
# word of it one that opens none).
SPOT_WORD = r"(?!(?:and|but|so|because|if|when|until|since|then|btw)\b)[\w'’-]+"
SPOT = re.compile(
    r"(?i:\b(?:under(?:neath)?|inside|in\s+front\s+of|in|on\s+top\s+of|on|behind|beside|next\s+to|above|"
    rf"below|by|near|at|with|between)\s+{SPOT_WORD}(?:\s+{SPOT_WORD}){{0,7}})"
)
# How many words after the thing asked about its spot may begin ("key is under", "keys are still in").
SPOT_REACH = 4
# A place of common nouns answers only right after the question's word ("works at a paper mill").
COMMON_SPOT_REACH = 1
# A stretch of time is no spot: "the wedding is in three weeks", "back in the morning".
TIME_WORD = re.compile(
    r"(?i:\b(?:minutes?|hours?|days?|weeks?|fortnights?|months?|years?|mornings?|afternoons?|evenings?|nights?"
    r"|weekends?|today|tonight|tomorrow|yesterday|time)\b)"
)
# English's set phrases of a place's preposition tell no place: "we adopted a cat, by the way".
SPOT_IDIOM = re.compile(
    r"(?i:(?:by\s+(?:the\s+way|far)|in\s+(?:fact|general|particular|total|any\s+case|case|the\s+end|a\s+way"
    r"|the\s+meantime|short|person|public|love)|at\s+(?:least|most|all|last|first|once|the\s+moment|the\s+end\s+of"
    r"\s+the\s+day)|on\s+(?:purpose|average|the\s+whole|the\s+other\s+hand))\b)"
)
CLAUSE_BREAK = re.compile(r"[,;:!?()]|\.(?:\s|$)")
SPOT_KINDS = frozenset((AnswerKind.PLACE,))


def name_spans(sentence: str, known: dict[str, str]) -> list[Span]:
    """Runs of capitalised words ("Luis Ortega", "Dr. Mensah", "Café Frischhut", "memoQ"), typed by
    the graph's entity types (``known``: folded name → type) where it knows them."""
    tokens = list(TOKEN.finditer(sentence))
    spans: list[Span] = []
    i = 0
    while i < len(tokens):
        word = tokens[i].group(0).strip(TRAILING + "(\"'“")
        if (
            not NAME_TOKEN.fullmatch(word)
            or (fold(word) in STOPWORDS and fold(word) not in HONORIFICS)
            or CONTRACTION.search(word)
        ):
            i += 1
            continue
        first = i
        # A name ends at punctuation, and before a bracket: "Maison Duval (Claire Martin, …)" is two.
        while (
            i + 1 < len(tokens)
            and not tokens[i].group(0).endswith((",", ";", ":", ")", "!", "?"))
            and not tokens[i + 1].group(0).startswith(("(", "["))
        ):
            following = tokens[i + 1].group(0).strip(TRAILING + "(")
            # "Dentist appt Dr. Keane Thurs 9:30": a weekday after a name is its day, no part of it
            # (the note reader's twin, patterns.NEXT_NAME_WORD, lets "Sun" be a surname).
            folded = fold(following)
            if NAME_TOKEN.fullmatch(following) and folded not in STOPWORDS and folded not in WEEKDAY_NAMES:
                i += 1
            elif following in NAME_JOINERS and i + 2 < len(tokens) and NAME_TOKEN.match(tokens[i + 2].group(0)):
                i += 2
            else:
                break
        start = tokens[first].start() + (len(tokens[first].group(0)) - len(tokens[first].group(0).lstrip("(\"'“")))
        last = tokens[i].group(0).rstrip(TRAILING)
        # "my sister Jing Yi's new place": the name is Jing Yi.
        end = tokens[i].start() + len(POSSESSIVE.sub("", last))
        text = sentence[start:end]
        numbered = NUMBER_AFTER_NAME.match(sentence, end)
        if numbered is not None and fold(f"{text} {numbered.group(1)}") in known:
            # A name the graph knows with its number: "Community 25".
            end = numbered.end()
            text = sentence[start:end]
        i += 1
        rest = text.split(maxsplit=1)[1:]
        if first == 0 and rest and fold(text) not in known and fold(rest[0]) in known:
            # "Deleted Goodreads, …": the sentence's capitalised first word is no part of the name
            # the graph knows after it.
            start = tokens[first + 1].start()
            text = sentence[start:end]
        if fold(text).strip(".") in HONORIFICS or DATE_WORD.fullmatch(text):
            continue
        kind = known.get(fold(text)) or known.get(fold(text.split()[-1]))
        words_before = [fold(w) for w in sentence[:start].split() if fold(w) not in DETERMINERS]
        before = words_before[-1] if words_before else ""
        if first == 0 and len(text.split()) == 1 and kind is None and not said_alone(sentence, text):
            continue  # a sentence's first word is capitalised anyway: no sign of a name
        # The graph's type, an honorific or a place's preposition make a kind sure. Any name may
        # answer any of them all the same, only not surely: on notes nobody tuned the extractor
        # for, it types people as places and places as people often enough.
        if kind is not None:
            sure = KIND_OF_TYPE.get(kind, frozenset((AnswerKind.NAME,)))
        elif fold(text.split()[0]).strip(".") in HONORIFICS:
            sure = PERSON_KINDS
        else:
            sure = frozenset((AnswerKind.PLACE,)) if before in AT_A_PLACE else frozenset()
        spans.append(Span(start, end, text, ANY_NAME, sure, before))
    return spans


def said_alone(sentence: str, word: str) -> bool:
    """Whether ``sentence`` is the one capitalised word and no English word: a reply's name
    ("Name?" — "Saffran."), not a reply's "Sure." or "Perfect."."""
    return sentence.strip().rstrip(TRAILING).strip() == word and fold(word) not in english_words()


def place_only(name: str) -> bool:
    """Whether the gazetteer knows ``name`` for a place and not for a first name: no one a chat
    turn speaks to ("Japan, three weeks." is no "Walt, did you …")."""
    first_name, _, place, _ = gazetteer().hits(name)
    return bool(place) and not first_name


def spot_spans(sentence: str, thing: tuple[str, ...], named: bool = True) -> list[Span]:
    """Phrases telling where a thing of ``thing`` (the question's folded words) is: a place's
    preposition and what follows it, begun within a few words after the thing is named ("the spare
    key is under the gnome" → "under the gnome"), never holding a date. Without ``named``, only
    phrases of common nouns ("works at a paper mill"), whose kind is then not sure: a name in
    one answers as a name."""
    ends = [m.end() for m in TOKEN.finditer(sentence) if any(fold(m.group(0)).startswith(w) for w in thing)]
    spans = []
    for m in SPOT.finditer(sentence):
        # Within the thing's own clause: "key cut today, then lunch at the Crown" tells no spot.
        between = [sentence[end : m.start()] for end in ends if end <= m.start()]
        gap = [len(words.split()) for words in between if not CLAUSE_BREAK.search(words)]
        if (
            not gap
            or min(gap) > (SPOT_REACH if named else COMMON_SPOT_REACH)
            or DATE_WORD.search(m.group(0))
            or TIME_WORD.search(m.group(0))
            or SPOT_IDIOM.match(m.group(0))
        ):
            continue
        text = m.group(0).rstrip(TRAILING)
        if not named and any(w[:1].isupper() for w in text.split()):
            continue
        spans.append(Span(m.start(), m.start() + len(text), text, SPOT_KINDS, SPOT_KINDS if named else frozenset()))
    return spans


def unit_fits(span: Span, measure: str | None) -> bool:
    """Whether a number's unit fits "how much/long/many/often/old": money for much, a duration for
    long, a count for many."""
    if measure is None or measure not in MEASURE_UNITS:
        return False
    return MEASURE_UNITS[measure].search(span.text) is not None


# A year told as when, no amount: "in 2009 it was trainers", "since 2019".
YEAR_TOLD = re.compile(
    rf"(?i:\b(?:in|since|from|until|till|by|before|after)\s+((?:19|20)\d\d)\b(?![.,]\d|\s?(?:{UNIT})|\s+(?:a|an|per)\s|\s?/))"
)


def value_spans(sentence: str, written: datetime, kind: AnswerKind) -> list[Span]:
    """The emails, phone numbers, addresses, days or numbers (with their units) a question of
    ``kind`` can be answered with; days also where a number could be part of one ("Nov 17")."""
    spans: list[Span] = []
    digits = any(ch.isdigit() for ch in sentence)
    if kind == AnswerKind.EMAIL and "@" in sentence:
        only = frozenset((kind,))
        spans.extend(Span(m.start(), m.end(), m.group(0), only, only) for m in EMAIL.finditer(sentence))
    if kind in (AnswerKind.PHONE, AnswerKind.NUMBER) and digits:
        phones = phone_numbers(sentence, PHONE)
        spans.extend(Span(m.start(), m.end(), m.group(0), PHONE_KINDS, PHONE_KINDS) for m in phones)
    if kind in (AnswerKind.ADDRESS, AnswerKind.PLACE) and digits:
        for m in STREET_ADDRESS.finditer(sentence):
            spans.append(Span(m.start(), m.end(), m.group(0).strip(" ,"), ADDRESS_KINDS, ADDRESS_KINDS))
    if kind == AnswerKind.TIME or (kind == AnswerKind.NUMBER and DATE_WORD.search(sentence)):
        spans.extend(time_spans(sentence, written))
    if kind == AnswerKind.NUMBER:
        taken = [(s.start, s.end) for s in spans] + [m.span() for m in CLOCK.finditer(sentence)]
        taken += [m.span(1) for m in YEAR_TOLD.finditer(sentence)]
        for pattern in (NUMBER, WORD_NUMBER) if digits else (WORD_NUMBER,):
            for m in pattern.finditer(sentence):
                text = m.group(0).strip()
                if text and not any(a < m.end() and m.start() < b for a, b in taken):
                    spans.append(Span(m.start(), m.start() + len(text), text, NUMBER_KINDS, NUMBER_KINDS))
                    taken.append((m.start(), m.end()))
    return spans


# A weekday's short name that is an English verb, as the verb: "sat me down", "sat in traffic", "we
# sat there" (not "on sat", "next sat", nor one with a capital: "Sat 3pm"). The date grammar reads
# no lone "sat"; the recurring days' pattern would.
VERB_NOT_A_DAY = re.compile(
    r"(?<!\bon\s)(?<!\bthis\s)(?<!\bnext\s)(?<!\blast\s)(?<!\bevery\s)\bsat\b"
    r"(?=\s+(?:me|him|her|us|them|it|down|up|back|around|there|through|with|beside|next|in|on|a|an|the|my|our|his"
    r"|their|your)\b)"
)


def time_spans(sentence: str, written: datetime) -> list[Span]:
    """Days and times: a date phrase (resolved later against the note's date) and recurring days
    ("Tuesdays and Fridays", "Mon + Wed"). The date grammar tries every phrase it is given, so it
    reads only a few words around each word that can start or end one."""
    spans: list[Span] = []
    words = list(TOKEN.finditer(sentence))
    windows = 0
    for hint in TIME_HINT.finditer(sentence):
        if any(s.start <= hint.start() < s.end for s in spans):
            continue
        windows += 1
        if windows > MAX_DATE_WINDOWS:
            break
        at = next((i for i, w in enumerate(words) if w.end() > hint.start()), 0)
        # Not back into a date already found: "on Nov 17, back Nov 19" has two.
        after = next((i for i, w in enumerate(words) if spans and w.start() >= spans[-1].end), 0)
        first = words[max(0, at - DATE_WINDOW, after if spans else 0)]
        last = words[min(len(words), at + DATE_WINDOW + 1) - 1]
        found = stated_date(sentence[first.start() : last.end()], written)
        if found is None or not found.phrase:
            continue
        start = sentence.lower().find(found.phrase.lower(), first.start())
        if start < 0 or any(s.start < start + len(found.phrase) and start < s.end for s in spans):
            continue
        text = sentence[start : start + len(found.phrase)].rstrip(TRAILING)
        spans.append(Span(start, start + len(text), text, TIME_KINDS, TIME_KINDS))
    for m in RECURRING.finditer(sentence):
        text = m.group(0).strip(" ,/+&")
        if VERB_NOT_A_DAY.match(sentence, m.start()) and text == "sat":
            continue
        if len(text) >= 3 and not any(s.start <= m.start() < s.end for s in spans):
            spans.append(Span(m.start(), m.start() + len(text), text, TIME_KINDS, TIME_KINDS))
    # A time of day told without a day ("no roasting after 4pm", "doors 6-9pm", "opens at 6"): the
    # date grammar reads a clock only on a day.
    hours = [(m.start(), m.group(0)) for m in TIME_OF_DAY.finditer(sentence)]
    hours += [(m.start(1), m.group(1)) for m in HOUR_OF_A_START.finditer(sentence)]
    for start, said in hours:
        if not any(s.start < start + len(said) and start < s.end for s in spans):
            text = said.rstrip(TRAILING)
            spans.append(Span(start, start + len(text), text, TIME_KINDS, TIME_KINDS))
    return sorted(spans, key=lambda s: s.start)
