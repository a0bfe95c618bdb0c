"""What kind of thing a name in a sentence is, by a trained linear classifier
(scripts/train_entities.py).

spaCy's small English model finds most names but often guesses their kind wrong on personal notes
("Kenji" a place, "Austin" a person, "Shortcut" a person) and reads some plain words as names.
The classifier re-reads each candidate: spaCy's entity spans, and runs of proper nouns it did not
call entities. Most of its features are what spaCy has already computed: spaCy's own label, the
words and tags around the name (the "with" of a person, the "in" of a place, the "switched to" of
a tool), the name's shape and ending, and the contextual token vectors (tok2vec) of the name and
of its neighbours. One costs a model run: MiniLM's vector of the name alone, which knows "Tarek"
is a first name and "Greenway Lettings" a company from its pretraining (one batch per note). It
answers a kind, or "none": not a name worth keeping. Words the tool lists know are not asked.
The weights ship beside this module and are checked against their pinned sha256 when loaded.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from remen.core.config import model_dir
from remen.core.constants import EMBED_DIM
from remen.core.knowledge import EntityType
from remen.core.text import IRREGULAR_PAST
from remen.embed import TOKENIZER_FILE, Embedder, real_model
from remen.memory.cues import tool_type
from remen.memory.lexicon import (
    CAR_MAKES,
    FESTIVALS,
    FIRM_HEADS,
    FIRM_OPENERS,
    HONORIFICS,
    KINSHIP,
    LEXICON_TYPES,
    NOTE_SHORTHAND,
    SURNAME_PARTICLES,
)
from remen.memory.linear_model import SoftmaxModel, bucket, load_model, unit, word_shape
from remen.memory.names import hyphened, name_key, name_tokens
from remen.memory.patterns import BRANCH_OF
from remen.memory.tool_use import PAST_FORMS, SOFTWARE_DOES, SOFTWARE_NOUNS
from remen.search.calendar import FLOATING_HOLIDAYS, HOLIDAYS, MONTHS, NUMBER_WORDS, WEEKDAY_NAMES

if TYPE_CHECKING:
    from spacy.tokens import Span as SpacySpan
    from spacy.tokens import Token

log = logging.getLogger(__name__)

WEIGHTS = Path(__file__).with_name("entity_weights.npz")
WEIGHTS_SHA256 = Path(__file__).with_name("entity_weights.sha256")
GAZETTEER = Path(__file__).with_name("name_gazetteer.json")

HASH_BUCKETS = 2048
TENSOR_DIM = 96
# spaCy's labels a candidate can carry ("" for a run of proper nouns it did not label).
NER_LABELS = ("", "PERSON", "ORG", "GPE", "LOC", "FAC", "PRODUCT", "NORP", "EVENT", "WORK_OF_ART", "LAW", "LANGUAGE")
# Whether the name's first word is a first name, its last a surname, and the whole a town, country
# or region, or a brand, the gazetteer knows.
GAZETTEER_DIM = 4
CONTEXT_DIM = len(NER_LABELS) + HASH_BUCKETS + 2 * TENSOR_DIM + GAZETTEER_DIM
# The name's vector, and whether there is one: without the model the classifier goes by the
# context alone (it is trained both ways).
FEATURE_DIM = CONTEXT_DIM + EMBED_DIM + 1
# A name longer than this is cut before the model reads it (a run of proper nouns can be a title).
MAX_NAME_CHARS = 80

# The classifier's answers: a kind, or not a name. A tool is a technology, product or standard as
# the word lists say (a technology when they do not know it).
NOT_A_NAME = "none"
TOOL = "Tool"
FIRM = "Organization"
KINDS: dict[str, EntityType | None] = {
    NOT_A_NAME: None,
    "Person": EntityType.PERSON,
    FIRM: EntityType.ORGANIZATION,
    "Place": EntityType.PLACE,
    TOOL: EntityType.TECHNOLOGY,
}
# Tags a candidate is trimmed of at either end: "hiked Mount Sanitas", "Coach Mike tue", "gym w/"
# name a place and a person, not "hiked …" or "… w/".
EDGE_TAGS = frozenset(
    {
        "VB",
        "VBD",
        "VBG",
        "VBN",
        "VBP",
        "VBZ",
        "RB",
        "JJ",
        "DT",
        "IN",
        "CC",
        "MD",
        "PRP",
        "PRP$",
        "TO",
        "CD",
        "POS",
        "UH",
    }
)
PROPER_NOUN_TAGS = frozenset({"NNP", "NNPS"})
# Tags of the function words some first names also are ("Per", "Will"), as the tagger reads them.
FUNCTION_WORD_TAGS = frozenset({"IN", "RB", "MD", "DT", "CC", "RP"})
# What a word opening a sentence or a line's item comes after.
OPENING_MARKS = frozenset({":", "-", "(", "–", "—", "•", "*"})
# Capitalised words that say when, not who ("Dana Monday" is Dana, on a Monday).
DAY_WORDS = frozenset((*MONTHS, *WEEKDAY_NAMES))
# The digits at most of a number ending a name ("Community 25", "Route 66"): a year is none.
MAX_NAME_NUMBER_DIGITS = 3
# The weekdays a name is trimmed of at either end ("Dr. Nwosu Thurs 10:15" is Dr. Nwosu, on a
# Thursday); not "Sun", a surname too, nor a month ("April", "June" are first names).
EDGE_WEEKDAYS = frozenset(WEEKDAY_NAMES) - {"sun"}
# Greetings and farewells, which spaCy tags as proper nouns when capitalised: "Goodbye Podgórze" is
# a place, "Hi Dana" a person.
EDGE_GREETINGS = frozenset({"goodbye", "bye", "hello", "hi", "hey", "farewell", "welcome", "thanks", "cheers"})
# Family words a chat turn ends on to speak to someone, never the end of a name: "how was
# Asheville Dad?" names Asheville ("Grandma Rose", with the word first, is a name).
EDGE_ADDRESSES = frozenset({"dad", "mom", "mum", "mama", "papa", "mommy", "daddy", "grandpa", "grandma", "nana"})
# A firm's department written after its name, never the name's end: "letter to Aegean Star HR".
EDGE_DEPARTMENTS = frozenset({"hr", "payroll"})
# Tokens inside one spaCy entity that part two names: "Corrib Coffee + Brennan & Daly" is two
# firms, "Notion to Linear" a move between two apps, "Toggl, Kees" a tool and a person.
NAME_PARTINGS = frozenset({"+", "to", "from", ",", ";"})
DASHES = frozenset({"-", "–", "—"})
# The particles that make a noun of a verb they are hyphened to ("Follow-up", "Drop-off", "Log-in").
VERB_PARTICLES = frozenset({"up", "out", "off", "down", "over", "back", "away", "in", "on"})
# What a name is written with: letters, digits, and the marks inside names ("O'Brien", "Byrne &
# Moran", "Notepad++", "St. John"). Pieces of links and code ("docs", "vmt`](https://…") are not.
NAME_TEXT = re.compile(r"[^\W_][\w'’.&+ -]*")
PARTING_MARKS = frozenset("→←↔⇒➔>|/")
ARROWS = frozenset({"->", "-->", "=>", "<-", "<->"})


@dataclass(frozen=True)
class Candidate:
    """A span of a sentence that may name something: token offsets within the sentence and the
    label spaCy gave it ("" when it gave none)."""

    start: int
    end: int
    ner_label: str


def trimmed(sent: SpacySpan, start: int, end: int) -> tuple[int, int]:
    """``start``..``end`` without verbs, function words, numbers, weekdays and punctuation at either
    end (a jot's opening verb too, which the tagger reads as part of the name after it)."""
    while (
        start < end
        and at_name_edge(sent[start])
        and not first_name_read_as_word(sent, start)
        and not capitalised_adjective_inside(sent, start)
    ):
        start += 1
    if start == 0 and end > 1 and opening_past_verb(sent[0].lower_):
        start = 1
    if end - start > 1 and lower_case_opening(sent, start):
        start += 1  # "rang Ruth: YES", of which the tagger reads a jot's opening verb as a name
    # A plain lower-case word closes no name: "TickTick today" is TickTick. The word a hyphen
    # joins to the one before is part of it, whatever its tag ("Seo-ah", read as "ah").
    while end > start and not hyphen_tail(sent, end - 1) and (at_name_edge(sent[end - 1]) or plain_word(sent[end - 1])):
        if end - 1 > start and numbered_name(sent[end - 1]) and not at_name_edge(sent[end - 2]):
            break
        if numbered_at_end(sent, start, end):
            break  # "School No. 47": the number is the name's
        end -= 1
    if end - start > 1 and sent[end - 1].lower_ in EDGE_ADDRESSES | EDGE_DEPARTMENTS:
        end -= 1
    return start, end


def capitalised_adjective_inside(sent: SpacySpan, i: int) -> bool:
    """Whether token ``i`` is an adjective written with a capital inside the sentence, a name's
    first word: "Civil" of "Civil 3D", "Final" of "Final Cut Pro" (not an opening word)."""
    token = sent[i]
    return token.tag_ == "JJ" and token.text[:1].isupper() and i > 0 and sent[i - 1].text not in OPENING_MARKS


def lower_case_opening(sent: SpacySpan, i: int) -> bool:
    """Whether token ``i`` opens its sentence or a line's item in lower case before a capitalised
    word: a jot's verb or noun, no part of the name after it, since a name is written in one case
    throughout ("rang Ruth", "ask Priya"; a surname's particle is kept: "van Dijk")."""
    token = sent[i]
    opening = i == 0 or sent[i - 1].text in OPENING_MARKS
    return (
        opening
        and token.is_alpha
        and token.text.islower()
        and token.lower_ not in SURNAME_PARTICLES
        and i + 1 < len(sent)
        and sent[i + 1].text[:1].isupper()
    )


def hyphen_tail(sent: SpacySpan, i: int) -> bool:
    """Whether token ``i`` is a word hyphens join, without spaces, to a capitalised word before it:
    the second half of "Seo-yeon", "Hyun-woo", "Jean-Luc", the last of "Stratford-upon-Avon", which
    the tagger reads as any word (a verb's particle makes a noun of it instead: "Drop-off",
    "Check-in")."""
    if i < 2 or i >= len(sent) or not sent[i].is_alpha or sent[i].lower_ in VERB_PARTICLES:
        return False
    first = hyphen_chain_start(sent, i)
    return first < i and sent[first].text[:1].isupper()


def hyphen_chain_start(sent: SpacySpan, i: int) -> int:
    """The first token of the words hyphens join, without spaces, to token ``i`` from before it
    ("Pen" of "Pen-y-Garth"); ``i`` when none is."""
    while (
        i >= 2
        and sent[i - 1].text == "-"
        and not sent[i - 1].whitespace_
        and not sent[i - 2].whitespace_
        and sent[i - 2].is_alpha
    ):
        i -= 2
    return i


def plain_word(token: Token) -> bool:
    """Whether ``token`` is an English word written in lower case on its own ("today", "trial"),
    not joined to the word before ("Fukushima-ku")."""
    joined = token.i > 0 and not token.doc[token.i - 1].whitespace_
    return not joined and token.text.isalpha() and token.text.islower() and token.lower_ in english_words()


def at_name_edge(token: Token) -> bool:
    """Whether ``token`` is no part of a name it stands at the edge of."""
    return (
        token.tag_ in EDGE_TAGS
        or token.is_punct
        or token.is_space
        or token.lower_ in EDGE_WEEKDAYS
        or token.lower_ in EDGE_GREETINGS
    )


def parted(sent: SpacySpan, start: int, end: int) -> list[tuple[int, int]]:
    """``start``..``end`` cut at the words that part two names, each piece trimmed; empty pieces
    left out."""
    pieces: list[tuple[int, int]] = []
    begin = start
    for i in range(start, end + 1):
        if (
            i == end
            or sent[i].text in NAME_PARTINGS
            or spaced_dash(sent, i)
            or no_name_mark(sent[i].text)
            or owner_after(sent, i, end)
            or where_a_firm_is(sent, begin, i)
        ):
            piece = trimmed(sent, begin, i)
            if piece[0] < piece[1]:
                pieces.append(piece)
            begin = i + 1
    return pieces


def where_a_firm_is(sent: SpacySpan, begin: int, i: int) -> bool:
    """Whether token ``i`` is an "on", "in" or "at" after a name that ends in a firm's word, which
    parts the firm from where it is ("Smile Clinic on Abay", "City Plumbing on Chorley Road")."""
    return i > begin and sent[i].lower_ in ("on", "in", "at") and sent[i - 1].lower_ in FIRM_HEADS


def owner_after(sent: SpacySpan, i: int, end: int) -> bool:
    """Whether token ``i`` is a "for" before someone's possessive, which parts a place from the
    person a trip was for ("up to Kendal for Chioma's 40th"); a firm's "for" ("Centre for Ageing
    Better") has no owner after it."""
    return sent[i].lower_ == "for" and any(t.tag_ == "POS" for t in sent[i + 1 : end + 1])


def no_name_mark(text: str) -> bool:
    """Whether a token is an arrow, a slash or a bar, which part two names ("movers Chiang Mai →
    Bangkok", which the tagger reads as one name; a bracket may hold a name's own word: "Packers
    (Agarwal)")."""
    return text in ARROWS or (bool(text) and set(text) <= PARTING_MARKS)


def spaced_dash(sent: SpacySpan, i: int) -> bool:
    """Whether token ``i`` is a dash set off by a space, which parts a heading's words ("Interview
    - Hospital Aitana"); a hyphen inside a name ("Coca-Cola") is not."""
    return sent[i].text in DASHES and i > 0 and bool(sent[i - 1].whitespace_)


def written_like_a_name(text: str) -> bool:
    """Whether ``text`` could be a name: two characters or more, a letter among them, nothing but
    the marks names are written with."""
    return len(text) >= 2 and any(ch.isalpha() for ch in text) and NAME_TEXT.fullmatch(text) is not None


def in_link(sent: SpacySpan, start: int, end: int) -> bool:
    """Whether tokens ``start``..``end`` are part of a web address or a path ("/docs/en"); a note's
    shorthand before them is a word ("booked w/ Cullen Removals")."""
    before = sent[start - 1].text if start > 0 else ""
    after = sent[end].text if end < len(sent) else ""
    shorthand = before in NOTE_SHORTHAND
    return (before.endswith(("/", ".", "=")) and not shorthand) or after.startswith(("/", "](", ".com", ".org"))


@cache
def english_words() -> frozenset[str]:
    """The whole words of MiniLM's vocabulary (about 20,000 of English's commonest, lower case);
    empty when the model files are missing."""
    try:
        vocab = json.loads((model_dir() / TOKENIZER_FILE).read_text(encoding="utf-8"))["model"]["vocab"]
    except (OSError, ValueError, KeyError, TypeError):
        return frozenset()
    return frozenset(word for word in vocab if word.isalpha())


def english_compound(word: str) -> bool:
    """Whether ``word`` is an English word MiniLM's vocabulary knows, or two of them written as one
    ("handshake", "timesheet"), each of four letters or more (a name splits into shorter ones:
    "samira", "sam" and "ira")."""
    words = english_words()
    return word in words or any(
        word[:cut] in words and word[cut:] in words
        for cut in range(MIN_COMPOUND_PART, len(word) - MIN_COMPOUND_PART + 1)
    )


# The shortest word of a compound: "handshake" is hand and shake.
MIN_COMPOUND_PART = 4


def called_by(name: str, kind: EntityType) -> str | None:
    """The part of a name of several words it is also called by alone, if any: a firm's own word
    after the common ones that say what it is ("Studio Dalgona", "Garage Verhoef" → Dalgona,
    Verhoef) or after a word that opens firms' names ("Viña Los Maitenes" → Los Maitenes), a
    person's hyphened given name after the family name written first ("Kang Ji-hoon" → Ji-hoon),
    a car's model after its make ("Hyundai Tucson" → Tucson)."""
    words = name.split()
    if len(words) < 2:
        return None
    last = words[-1]
    if kind == EntityType.PERSON:
        return last if hyphened(last) and last[:1].isupper() else None
    if kind == EntityType.ORGANIZATION and words[0].lower() in FIRM_OPENERS:
        return " ".join(words[1:])  # "Viña Los Maitenes" → Los Maitenes, "Laboratorio Andino" → Andino
    if kind == EntityType.ORGANIZATION:
        common = all(not unknown_word(word.lower()) for word in words[:-1])
        return last if common and unknown_word(last.lower()) and last[:1].isupper() else None
    if kind == EntityType.PRODUCT and words[0] in CAR_MAKES:
        return " ".join(words[1:])  # a car's model without its make: "Hyundai Tucson" → Tucson
    return None


def opening_past_verb(word: str) -> bool:
    """Whether a capitalised word opening a sentence is a verb's past ("Installed Reaper", "Wiped
    Windows", "Met Kofi from Frischeparadies"): a regular one ends in -ed and without it (or its
    -d) is an English word of four letters or more ("Ahmed", "Alfred" and "Fred" are not); an
    irregular one is no first name ("Said Ahmed called" names Said)."""
    if word in PAST_FORMS:
        # The verbs of taking up and giving up: "Deleted Evernote" ("delete" is no whole word of
        # the vocabulary).
        return True
    if word in IRREGULAR_PAST:
        return word not in gazetteer().first_names
    if not word.endswith("ed"):
        return False
    words = english_words()
    return any(len(stem) >= 4 and stem in words for stem in (word[:-2], word[:-1]))


def unknown_opening(sent: SpacySpan, i: int) -> bool:
    """Whether token ``i`` opens its sentence (or a line's item) capitalised as every opening word
    is, and is no English word: "Trados keeps freezing", "Headspace renewed itself", "Trish runs
    QA", which the tagger reads as common nouns or an adjective."""
    token = sent[i]
    if not token.text[:1].isupper():
        return False
    opening = i == 0 or sent[i - 1].text in OPENING_MARKS
    return opening and (tagged_a_word(token) or foreign_spelled(token.text)) and unknown_word(token.lower_)


def tagged_a_word(token: Token) -> bool:
    """Whether the tagger read a word as a common noun, an adjective, or a number it is not spelt
    as ("Farai carried the couch": a name it does not know, tagged a cardinal)."""
    return token.tag_ in ("NN", "NNS", "JJ") or (token.tag_ == "CD" and token.is_alpha and not token.is_upper)


def unknown_word(word: str) -> bool:
    """Whether ``word`` (lower case) is no English word MiniLM's vocabulary knows (never, without
    the model files: then nothing is known to be unknown)."""
    words = english_words()
    return bool(words) and word not in words


def foreign_spelled(word: str) -> bool:
    """Whether a word holds a letter English does not spell with ("Ørsted", "Søren", "Łódź"): no
    English word, whatever the tagger made of its ending ("Ørsted are hiring", read as a verb's
    past)."""
    return any(ch.isalpha() and not ch.isascii() for ch in word)


def unknown_capitalised(sent: SpacySpan, i: int) -> bool:
    """Whether token ``i``, inside its sentence, is capitalised and no English word though the
    tagger took it for one: "signed up for Todoist" (an adjective, by its -ist), "moved to
    Grafana"."""
    token = sent[i]
    if not token.text[:1].isupper():
        return False
    return i > 0 and (tagged_a_word(token) or foreign_spelled(token.text)) and unknown_word(token.lower_)


def named_by_its_software_noun(sent: SpacySpan, i: int) -> bool:
    """Whether token ``i`` is a capitalised word a software noun follows, which the tagger took for
    an adjective or a nationality: "renew the Rhino licence", "the Calm app" (inside its sentence);
    or a name in capitals a software noun or a program's failing follows, which the tagger took
    for a common noun: "AMOS froze again", "the AMOS password" (anywhere)."""
    token = sent[i]
    after = sent[i + 1] if i + 1 < len(sent) else None
    if after is None or not token.is_alpha or not token.text[:1].isupper():
        return False
    if token.text.isupper():
        return len(token.text) >= MIN_ACRONYM_LETTERS and (
            after.lower_ in SOFTWARE_NOUNS or (after.tag_.startswith("VB") and after.lower_ in SOFTWARE_DOES)
        )
    return i > 0 and after.lower_ in SOFTWARE_NOUNS


# The fewest letters of a name in capitals taken for a program's by what follows ("IT" is none).
MIN_ACRONYM_LETTERS = 3


# Words that speak of a person's own, after which a sentence's first noun is someone.
PERSONS_OWN = frozenset({"her", "his", "herself", "himself"})


def first_name_read_as_word(sent: SpacySpan, i: int) -> bool:
    """Whether token ``i`` is a first name the tagger took for the function word it also is
    ("handed in my notice to Per", "Telling Will") or the common noun ("Anders Holt", read as
    "anders"): capitalised inside a sentence not written in title case; opening one, only before a
    finite verb or a surname ("Per wants the kitchen fitted", "Per Lindqvist still measures",
    never "In Berlin"), and a noun only before a surname or another proper noun, or before a finite
    verb the sentence then says "her" or "his" of ("Saga has her own room")."""
    token = sent[i]
    if (
        not token.text[:1].isupper()
        or not token.text[1:].islower()
        or name_key(token.text) not in gazetteer().first_names
    ):
        return False  # asked of every word of every sentence: the cheap tests first
    opening = i == 0 or sent[i - 1].text in OPENING_MARKS
    after = sent[i + 1] if i + 1 < len(sent) else None
    before_surname = after is not None and after.text[:1].isupper() and name_key(after.text) in gazetteer().surnames
    # Or a common noun opening a sentence before a surname or a proper noun: "Anders Holt is calm"
    # (read as "anders").
    read_as_noun = (
        opening
        and token.tag_ in ("NN", "NNS")
        and after is not None
        and (
            before_surname
            or after.tag_ in PROPER_NOUN_TAGS
            # "Saga has her own room": a first name whose verb the sentence then says "her" or "his" of.
            or (after.tag_ in ("VBZ", "VBD") and any(t.lower_ in PERSONS_OWN for t in sent[i + 2 :]))
        )
    )
    if token.tag_ not in FUNCTION_WORD_TAGS and not read_as_noun:
        return False
    if opening:
        return read_as_noun or (after is not None and (after.tag_ in ("VBZ", "VBD") or before_surname))
    words = [t for t in sent if t.is_alpha]
    return sum(t.text[:1].isupper() for t in words) * 2 <= len(words)


def continues_name(token: Token) -> bool:
    """Whether ``token`` is more of the name before it: a proper noun spaCy gave no label of its
    own, and no day, month or ordinal ("Dana 1st, Ruslan 3rd": places in a ranking)."""
    return (
        token.tag_ in PROPER_NOUN_TAGS
        and not token.ent_type_
        and token.lower_ not in DAY_WORDS
        and ORDINAL.fullmatch(token.text) is None
    )


# A number's sign between a name and its number: "School No. 47", "Gymnasium Nr 3", "Hospital #2".
NUMBER_SIGNS = frozenset({"no", "nr", "nº", "№", "#", "num"})
ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)", re.IGNORECASE)


def numbered_at_end(sent: SpacySpan, start: int, end: int) -> bool:
    """Whether ``start``..``end`` ends in a number's sign and its number after a word of a name."""
    if end - start < 3 or not sent[end - 1].text.isdigit():
        return False
    sign = end - 3 if sent[end - 2].text == "." else end - 2
    return sign > start and numbered_by_sign(sent, sign) == end - sign


def numbered_by_sign(sent: SpacySpan, end: int) -> int:
    """How many tokens from ``end`` are a number's sign and its number after a name ("No. 47" of
    "School No. 47", read by the tagger as a name of its own and a date); 0 if none."""

    def sign(token: Token) -> bool:
        return token.lower_.rstrip(".") in NUMBER_SIGNS and (token.text[:1].isupper() or token.text == "#")

    if end >= len(sent):
        return 0
    # spaCy may have ended the name at the sign already ("School No", then ".", then "47").
    at = end if end > 0 and sign(sent[end - 1]) else end + 1 if sign(sent[end]) else -1
    if at < 0:
        return 0
    if at < len(sent) and sent[at].text == ".":
        at += 1
    return at + 1 - end if at < len(sent) and sent[at].text.isdigit() else 0


def leads_name(sent: SpacySpan, i: int) -> bool:
    """Whether token ``i``, just before a name spaCy labelled, is the name's first word: a
    capitalised proper noun spaCy gave no label, no day, month or title, inside the sentence (an
    opening one may be a jot's verb the tagger misread: "Call Ali")."""
    token = sent[i]
    opening = i == 0 or sent[i - 1].text in OPENING_MARKS
    return (
        not opening
        and token.is_alpha
        and token.text[:1].isupper()
        and continues_name(token)
        and not at_name_edge(token)
        and token.lower_ not in HONORIFICS
    )


def plural_possessive_joint(sent: SpacySpan, i: int) -> bool:
    """Whether token ``i`` is the apostrophe of a plural's possessive inside a name, a capitalised
    word after it: "Interpreters' Help", "Farmers' Market" (not "the Smiths' house")."""
    if not 0 < i < len(sent) - 1 or sent[i].text not in ("'", "’") or sent[i - 1].whitespace_:
        return False
    before, after = sent[i - 1], sent[i + 1]
    return before.text[:1].isupper() and before.lower_.endswith("s") and after.text[:1].isupper()


def opened_with_particle(sent: SpacySpan, i: int) -> bool:
    """Whether the two tokens before token ``i`` are a firm's opening word, capitalised, and a
    particle: "Cour du" of "Cour du Québec", "Banco de" of "Banco de Chile" (FIRM_OPENERS)."""
    opener, particle = sent[i - 2], sent[i - 1]
    return opener.text[:1].isupper() and opener.lower_ in FIRM_OPENERS and particle.lower_ in SURNAME_PARTICLES


def numbered_name(token: Token) -> bool:
    """Whether ``token`` is a number word written with a capital after a name, its last word
    ("Capture One", "Phase One", "Formula One"), which the tagger reads as a number."""
    return token.tag_ == "CD" and token.text[:1].isupper() and token.lower_ in COUNTED


def numbered_after(sent: SpacySpan, end: int) -> bool:
    """Whether token ``end`` is a small number ending the proper noun before it, as estates,
    terminals and routes are named ("Community 25", "Terminal 5", "Route 66"); not a day's
    ("June 14", "Monday 3"), a clock's ("Kofi 9:30"), nor the start of a range ("Abena 2-13")."""
    token, before = sent[end], sent[end - 1]
    after = sent[end + 1].text if end + 1 < len(sent) else ""
    return (
        token.text.isdigit()
        and len(token.text) <= MAX_NAME_NUMBER_DIGITS
        and before.tag_ in PROPER_NOUN_TAGS
        and before.text[:1].isupper()
        and before.lower_ not in DAY_WORDS
        and after not in (":", "-", "–", "/", "%", ".")
    )


def model_of_make(sent: SpacySpan, end: int) -> bool:
    """Whether token ``end`` is a car's model after its make ("Honda Jazz", "Mazda 3"), which the
    tagger reads as any word."""
    model = sent[end].text
    return end > 0 and sent[end - 1].text in CAR_MAKES and (model[:1].isupper() or model.isdigit())


def labelled_alone(token: Token) -> bool:
    """Whether ``token`` is a proper noun spaCy labelled by itself as a name of one word."""
    following = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    alone = token.ent_iob_ == "B" and (following is None or following.ent_iob_ != "I")
    return alone and token.tag_ in PROPER_NOUN_TAGS and token.lower_ not in DAY_WORDS


# A brand written with a capital inside a lower-case word, which the tagger reads as any word:
# "easyJet", "iCloud", "eBay".
CAMEL_CASE = re.compile(r"[a-z]{1,5}[A-Z][A-Za-z]{2,}")


def brand_spelling(name: str) -> bool:
    """Whether ``name`` is written as brands are in lower case with a capital inside, its lower-case
    head a letter or no English word ("iPhone", "jQuery", "ezyVet"; not "useState", "onClick")."""
    if not CAMEL_CASE.fullmatch(name):
        return False
    head = re.match(r"[a-z]+", name)
    return head is not None and (len(head.group()) == 1 or unknown_word(head.group()))


def brand_end(sent: SpacySpan, i: int) -> int:
    """Where a brand of two or three capitalised words starting at token ``i`` ends ("Premiere Pro
    keeps crashing", which the tagger reads as an adjective and a noun), else ``i``."""
    for size in (3, 2):
        words = sent[i : i + size]
        capitalised = len(words) == size and all(t.text[:1].isupper() for t in words)
        if capitalised and gazetteer().is_brand(words.text):
            return i + size
    return i


# How English names a people or its language: "Italian", "Chinese", "Polish", "Dutch", "Thai".
PEOPLES_WORD = re.compile(r"(?:an|ese|ish|ch|i)$")


def candidates(sent: SpacySpan) -> list[Candidate]:
    """spaCy's entities of the kinds a note's graph keeps, then runs of proper nouns it left out and
    brands of several words the gazetteer knows."""
    found: list[Candidate] = []
    taken = [False] * len(sent)
    for ent in sent.ents:
        if ent.label_ not in NER_LABELS or taken[ent.start - sent.start]:
            continue
        if (
            (ent.label_ == "LANGUAGE" or (ent.label_ == "NORP" and PEOPLES_WORD.search(ent.text) is not None))
            and ent.text.lower() not in LEXICON_TYPES
            and ent.text.lower() in english_words()
            and not (ent.end < sent.end and sent.doc[ent.end].text[:1].isupper())
        ):
            # "teaching in English", "a speech in Italian", "my Dutch colleague": a language or a
            # people is no place, firm or tool of a note's (one the dictionary knows and, for a
            # people, shaped like one: spaCy labels some towns so, "lost in Ruzafa", "the keys in
            # Swords"; nor the start of a name, "Polish Hill").
            for i in range(ent.start - sent.start, ent.end - sent.start):
                taken[i] = True
            continue
        start, end = trimmed(sent, ent.start - sent.start, ent.end - sent.start)
        if 0 < start < end and not taken[start - 1] and first_name_read_as_word(sent, start - 1):
            start -= 1  # "Per Lindqvist", of which spaCy labels the surname alone
        while 1 < start < end and not taken[start - 1] and leads_name(sent, start - 1):
            start -= 1  # "Jebel Ali", of which spaCy labels the last word alone
        if start >= 2 and not any(taken[start - 2 : start]) and opened_with_particle(sent, start):
            start -= 2  # "Cour du Québec", "Ministerio de Salud", of which spaCy labels the place alone
        chained = hyphen_chain_start(sent, start) if start < end else start
        if chained < start and sent[chained].text[:1].isupper() and not any(taken[chained:start]):
            start = chained  # "Pen-y-Garth", of which spaCy labels "Garth" alone
        # A name is the whole run of proper nouns: spaCy labels "Manchester" of "the Manchester
        # Royal Infirmary", "Peixaria" of "Peixaria Costa", and leaves the rest unlabelled; a run it
        # already left unlabelled goes on over a word it labelled alone ("Osaka Densetsu Supply").
        while start < end < len(sent):
            if hyphen_tail(sent, end + 1) or plural_possessive_joint(sent, end):
                end += 2
            elif numbered := numbered_by_sign(sent, end):
                end += numbered
            elif (
                continues_name(sent[end])
                or numbered_name(sent[end])
                or model_of_make(sent, end)
                or (end - start > len(ent) and labelled_alone(sent[end]))
            ):
                end += 1
            else:
                break
        for piece_start, piece_end in parted(sent, start, end):
            text = sent[piece_start:piece_end].text
            if written_like_a_name(text) and not in_link(sent, piece_start, piece_end):
                found.append(Candidate(piece_start, piece_end, ent.label_))
        if start == end:
            continue  # all of it trimmed ("Todoist" as a nationality, tagged an adjective): left to the runs below
        for i in range(min(start, ent.start - sent.start), max(ent.end - sent.start, end)):
            taken[i] = True
    i = 0
    while i < len(sent):
        brand = brand_end(sent, i) if sent[i].text[:1].isupper() and not any(taken[i : i + 3]) else i
        if brand > i:
            found.append(Candidate(i, brand, ""))
            i = brand
            continue
        if (
            taken[i]
            or not sent[i].text[:1].isalpha()
            or not (
                sent[i].tag_ in PROPER_NOUN_TAGS
                or hyphen_tail(sent, i + 2)
                or unknown_opening(sent, i)
                or unknown_capitalised(sent, i)
                or named_by_its_software_noun(sent, i)
                or first_name_read_as_word(sent, i)
                or CAMEL_CASE.fullmatch(sent[i].text)
            )
            or (i == 0 and opening_past_verb(sent[0].lower_))
        ):
            i += 1
            continue
        end = i + 1
        while end < len(sent) and not taken[end]:
            if hyphen_tail(sent, end + 1) or plural_possessive_joint(sent, end):
                end += 2
            elif sent[end].tag_ in PROPER_NOUN_TAGS or model_of_make(sent, end) or numbered_after(sent, end):
                end += 1
            else:
                break
        begin = i - 2 if i >= 2 and not any(taken[i - 2 : i]) and opened_with_particle(sent, i) else i
        if written_like_a_name(sent[begin:end].text) and not in_link(sent, begin, end):
            found.append(Candidate(begin, end, ""))
        i = end
    return found


def shape(text: str) -> str:
    """'Kenji' → 'Xx', 'MQTT' → 'X', 'memoQ' → 'xX', 'S-Bahn' → 'X-Xx': a word's case pattern."""
    out: list[str] = []
    for ch in text:
        kind = "X" if ch.isupper() else "x" if ch.isalpha() else "d" if ch.isdigit() else ch
        if not out or out[-1] != kind:
            out.append(kind)
    return "".join(out)


def context_word(token: Token | None) -> str:
    """A neighbour as a feature: its lower-case word, names and numbers generalised."""
    return "<edge>" if token is None else word_shape(token.text, token.tag_)


class NameVectors:
    """MiniLM's vector of each name of a note; zeros without the real model (the classifier then
    goes by the context only)."""

    def __init__(self, embedder: Embedder | None) -> None:
        """``embedder``: the model the vectors come from (None, or the hashed fallback: no vectors)."""
        self.embedder = real_model(embedder)

    def of(self, names: list[str]) -> np.ndarray:
        """One row per name: its vector, then 1 (all zeros without the model). The note's distinct
        names go to the model as one batch, in order: half the cost of one run each, and the same
        note always makes the same batch (the model's int8 scaling makes a vector depend on its
        batch-mates, slightly)."""
        out = np.zeros((len(names), EMBED_DIM + 1), dtype=np.float32)
        if self.embedder is None or not names:
            return out
        out[:, EMBED_DIM] = 1.0
        distinct = sorted(set(names))
        chunks = [self.embedder.chunk(name[:MAX_NAME_CHARS])[0] for name in distinct]
        found = dict(zip(distinct, self.embedder.embed_chunks(chunks), strict=True))
        for row, name in enumerate(names):
            out[row, :EMBED_DIM] = found[name]
        return out


def candidate_features(sent: SpacySpan, candidate: Candidate) -> np.ndarray:
    """The context part of a candidate's feature vector (the name's own vector goes beside it)."""
    out = np.zeros(CONTEXT_DIM, dtype=np.float32)
    out[NER_LABELS.index(candidate.ner_label)] = 1.0
    tokens = sent[candidate.start : candidate.end]
    n = len(sent)

    def at(i: int) -> Token | None:
        return sent[i] if 0 <= i < n else None

    before = [at(candidate.start - k) for k in (1, 2, 3)]
    after = [at(candidate.end + k) for k in (0, 1)]
    words = [context_word(t) for t in before]
    last = tokens[-1].text.lower()
    hashed = [
        f"l1:{words[0]}",
        f"l2:{words[1]} {words[0]}",
        f"l3:{words[2]}",
        f"lt:{before[0].tag_ if before[0] else '<edge>'}",
        f"r1:{context_word(after[0])}",
        f"r2:{context_word(after[0])} {context_word(after[1])}",
        f"rt:{after[0].tag_ if after[0] else '<edge>'}",
        f"shape:{' '.join(shape(t.text) for t in tokens)}",
        f"suf:{last[-3:]}",
        f"len:{min(len(tokens), 4)}",
        f"tags:{' '.join(t.tag_ for t in tokens)}",
        f"first:{candidate.start == 0}",
        f"lower:{tokens.text.islower()}",
    ]
    hashed += [f"near:{w}" for w in words if w not in ("<edge>", "<name>", "<num>")]
    hashed += [f"lastword:{last}", f"firstword:{tokens[0].text.lower()}"]
    padded = f"^{tokens.text.lower()}$"
    hashed += [f"c3:{padded[i : i + 3]}" for i in range(len(padded) - 2)]
    at_hash = len(NER_LABELS)
    for feature in hashed:
        out[at_hash + bucket(feature, HASH_BUCKETS)] += 1.0
    out[at_hash : at_hash + HASH_BUCKETS] = unit(out[at_hash : at_hash + HASH_BUCKETS])
    tensor = sent.doc.tensor
    at_tensor = at_hash + HASH_BUCKETS
    if tensor is not None and len(tensor) >= sent.end and tensor.shape[1] == TENSOR_DIM:
        first, until = sent.start + candidate.start, sent.start + candidate.end
        out[at_tensor : at_tensor + TENSOR_DIM] = unit(tensor[first:until].mean(axis=0))
        window = [i for i in (first - 2, first - 1, until, until + 1) if sent.start <= i < sent.end]
        if window:
            out[at_tensor + TENSOR_DIM : at_tensor + 2 * TENSOR_DIM] = unit(tensor[window].mean(axis=0))
    out[CONTEXT_DIM - GAZETTEER_DIM :] = gazetteer().hits(tokens.text)
    return out


@dataclass(frozen=True)
class Gazetteer:
    """Names of the world, lower case (scripts/make_name_pools.py): the commonest first names and
    surnames of a hundred countries, towns, countries and regions, and the brands of apps,
    services and firms. A hit is evidence the classifier weighs with the sentence, not a verdict:
    "Nelson" is a town and a first name, "Target" a shop and a word."""

    first_names: frozenset[str]
    surnames: frozenset[str]
    places: frozenset[str]
    brands: frozenset[str]

    def is_brand(self, name: str) -> bool:
        """Whether ``name`` is a brand, looked up by its words as the brands are kept ("Last.fm"
        as "last fm")."""
        return " ".join(name_tokens(name)) in self.brands

    def hits(self, name: str) -> tuple[float, float, float, float]:
        """Whether ``name`` starts with a first name, ends with a surname (after another word or a
        title: "Dr. Okoro"), is a place, is a brand; accents and case aside."""
        words = name_tokens(name)
        if not words:
            return 0.0, 0.0, 0.0, 0.0
        titled = len(words) < len(name_key(name).replace(".", " ").split())
        whole = " ".join(words)
        # The family name first, as Korean puts it: "Park Seo-yeon" (the hyphened given name last).
        family_first = (
            len(words) == 2 and hyphened(words[1]) and words[0] in self.surnames and words[1] in self.first_names
        )
        return (
            float((words[0] in self.first_names and len(words) <= 3 and not titled) or family_first),
            float((words[-1] in self.surnames and (len(words) > 1 or titled)) or family_first),
            float(whole in self.places),
            float(whole in self.brands),
        )


@cache
def gazetteer() -> Gazetteer:
    """The gazetteer shipped beside this module (empty if its file is missing or unreadable: the
    classifier then goes by the rest)."""
    try:
        pools = json.loads(GAZETTEER.read_text(encoding="utf-8"))
        return Gazetteer(
            frozenset(map(name_key, pools["first_names"])),
            frozenset(map(name_key, pools["surnames"])),
            frozenset(map(name_key, pools["places"])),
            # A brand is looked up by its words, as a name is: "Last.fm" as "last fm".
            frozenset(" ".join(name_tokens(brand)) for brand in pools["brands"]),
        )
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("name gazetteer %s unreadable (%s): names are typed by their sentences alone", GAZETTEER, exc)
        return Gazetteer(frozenset(), frozenset(), frozenset(), frozenset())


def person_shaped(name: str) -> bool:
    """Whether ``name`` is written as a person's: a given name the gazetteer knows, alone or before
    a known surname ("Tom", "Tom Hill"; not "Inka Trails", "Seven Seeds", nor an acronym: "TAM")."""
    words = name_tokens(name)
    if not words or words[0] not in gazetteer().first_names or name.isupper():
        return False
    return len(words) == 1 or words[-1] in gazetteer().surnames


@cache
def shipped_classifier() -> SoftmaxModel:
    """The entity classifier shipped with Remen, verified against its pinned checksum."""
    return load_model(WEIGHTS, WEIGHTS_SHA256, "entity classifier")


def features(sentences: list[SpacySpan], vectors: NameVectors) -> tuple[list[str], np.ndarray]:
    """Every candidate of the sentences the word lists do not know: its text, and its feature rows."""
    names: list[str] = []
    rows: list[np.ndarray] = []
    for sent in sentences:
        for candidate in candidates(sent):
            name = sent[candidate.start : candidate.end].text
            if name.lower() in LEXICON_TYPES:
                continue  # the word lists say what it is
            names.append(name)
            rows.append(candidate_features(sent, candidate))
    if not rows:
        return [], np.zeros((0, FEATURE_DIM), dtype=np.float32)
    return names, np.hstack([np.stack(rows), vectors.of(names)])


@dataclass
class NameKinds:
    """The kind of each candidate name of a note (by its lower-case text; None: not a name), and
    how sure the classifier is of each kind it chose (a rule's verdict is sure)."""

    kinds: dict[str, EntityType | None]
    sureness: dict[str, float]


def name_kinds(sentences: list[SpacySpan], vectors: NameVectors) -> NameKinds:
    """The kind of each candidate name of a note, the evidence of all its mentions in the note taken
    together: "Kenji" read once after "with" and once at the start of a sentence is one person."""
    names, rows = features(sentences, vectors)
    if not names:
        return NameKinds({}, {})
    model = shipped_classifier()
    log_p = np.log(model.probabilities(rows) + 1e-9)
    evidence: dict[str, np.ndarray] = {}
    for name, row in zip((n.lower() for n in names), log_p, strict=True):
        evidence[name] = evidence.get(name, 0) + row
    kinds: dict[str, EntityType | None] = {}
    sureness: dict[str, float] = {}
    # The classifier learnt "per" and "will" as the words they are; written as names, they are people.
    first_names = {sent[i].lower_ for sent in sentences for i in range(len(sent)) if first_name_read_as_word(sent, i)}
    # A name written in lower case with a capital inside ("ezyVet", "iCloud", "eBay") is a brand's
    # spelling: a tool or a firm, never a plain word, a person or a place. One opening with an
    # English word is code's ("useEffect", "onClick", "getServerSideProps"), left to the classifier.
    brands = {name.lower() for name in names if brand_spelling(name)}
    alternatives = weighed_against_known(sentences, set(evidence))
    for name, total in evidence.items():
        best = int(np.argmax(total))
        label = model.labels[best]
        kinds[name] = label_kind(label, name)
        chosen = kinds[name]
        if kinds[name] is None and name in first_names:
            kinds[name] = EntityType.PERSON
        if name in brands:
            tool, firm = model.labels.index(TOOL), model.labels.index(FIRM)
            kinds[name] = label_kind(TOOL if total[tool] >= total[firm] else FIRM, name)
        if kinds[name] is not None and SAINTED_PLACE.match(name) and not owned(name, sentences):
            kinds[name] = EntityType.PLACE
        if kinds[name] in NEVER_WHO and said_with_who(name, sentences):
            # "Sent my CV to Stevie Rae, who runs the place": a place or a tool is no "who".
            kinds[name] = EntityType.PERSON
        if kinds[name] == EntityType.ORGANIZATION and said_before_a_branch(name, sentences):
            # "the Jimma branch of Abay Bank": the firm is the other name; this one is where.
            kinds[name] = EntityType.PLACE
        if kinds[name] in NEVER_USED and used_by_name(name, sentences):
            # "Everybody here uses Bruno instead of Postman": what people use is no person or place.
            kinds[name] = label_kind(TOOL, name)
        if name in alternatives:
            # "why I'd pick Postgres over Mongo": one of two things weighed is of the other's kind.
            kinds[name] = alternatives[name]
        if name in KINSHIP and kinds[name] is not None:
            kinds[name] = EntityType.PERSON  # "a week at Grandma's in Cunda": her home, said by her name
        if (name in HOLIDAY_OWNERS and owned(name, sentences)) or name in HOLIDAY_NAMES:
            kinds[name] = None  # "Valentine's dessert", "Eid shopping": a holiday, not someone
        if kinds[name] == EntityType.PERSON and name.split()[0] in COUNTED:
            # "Seven Seeds", "Five Guys": nobody's name opens with a number; the likeliest other kind.
            others = (label_kind(model.labels[i], name) for i in np.argsort(-total))
            kinds[name] = next((k for k in others if k not in (None, EntityType.PERSON)), None)
        posterior = np.exp(total - total.max())
        sureness[name] = float(posterior[best] / posterior.sum()) if kinds[name] == chosen else 1.0
    return NameKinds(kinds, sureness)


# What a holiday is named after with a possessive ("Valentine's", "New Year's"): so written, a note
# speaks of the holiday, not of someone ("Mother's birthday" is a mother's).
HOLIDAY_OWNERS = frozenset(name.split("'")[0] for name in (*HOLIDAYS, *FLOATING_HOLIDAYS) if "'s" in name) - KINSHIP
# Every holiday and festival by its name: the calendar's and the world's others.
HOLIDAY_NAMES = FESTIVALS | frozenset(HOLIDAYS) | frozenset(FLOATING_HOLIDAYS)


# Number words a firm's name may open with ("Seven Seeds", "Two Birds Brewing"), never a person's.
COUNTED = frozenset(NUMBER_WORDS) - {"a", "an"}


def label_kind(label: str, name: str) -> EntityType | None:
    """The entity type a classifier label means for ``name`` (None: not a name)."""
    return tool_type(name) if label == TOOL else KINDS[label]


# Kinds of names nobody speaks of as "who" (a firm may be: "called Vodafone, who said …").
NEVER_WHO = frozenset({EntityType.PLACE, EntityType.TECHNOLOGY, EntityType.PRODUCT, EntityType.STANDARD})
# A relative clause about the name right before it, "Stevie Rae, who runs the place"; after a word
# of where, "who" is about someone named before the place ("my sister Ingrid in Duluth, who …").
WHO_AFTER = re.compile(r"^,?\s+who\b", re.IGNORECASE)
WHERE_BEFORE = re.compile(r"\b(?:in|at|near|from|outside|around|by|of)\s+(?:the\s+)?$", re.IGNORECASE)


def mentions(name: str, sentences: list[SpacySpan]) -> Iterator[tuple[str, re.Match[str]]]:
    """Each place a sentence writes the name as a whole word, with the sentence's text."""
    pattern = re.compile(r"(?<![\w'’])" + re.escape(name) + r"(?![\w'’])", re.IGNORECASE)
    return ((sent.text, m) for sent in sentences for m in pattern.finditer(sent.text))


def said_with_who(name: str, sentences: list[SpacySpan]) -> bool:
    """Whether a sentence follows the name with "who", not after a word of where."""
    return any(
        WHO_AFTER.match(text[m.end() :]) and not WHERE_BEFORE.search(text[: m.start()])
        for text, m in mentions(name, sentences)
    )


# A firm's place after a name, and the firm's name after it: "branch of Abay Bank".
BRANCH_AFTER = re.compile(r"^\s+" + BRANCH_OF + r"(?-i:[A-Z])")


def said_before_a_branch(name: str, sentences: list[SpacySpan]) -> bool:
    """Whether a sentence says the name before one of a firm's places and the firm: "the Jimma
    branch of Abay Bank" (Jimma is where the branch is)."""
    return any(BRANCH_AFTER.match(text[m.end() :]) for text, m in mentions(name, sentences))


# Two things weighed against each other, the chosen one first: "pick Postgres over Mongo", "Bruno
# instead of Postman", "Figma rather than Sketch", "Jira vs Linear".
WEIGHED = re.compile(
    r"(?<![\w'’])(?P<a>(?-i:[A-Z0-9])[\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*)?)\s+"
    r"(?P<how>(?i:instead\s+of|rather\s+than|vs\.?|versus|over))"
    r"\s+(?P<b>(?-i:[A-Z0-9])[\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*)?)(?![\w'’])"
)
# Verbs of choosing that make "X over Y" a choice ("pick Postgres over Mongo"; not "handed it over").
CHOSEN_OVER = re.compile(r"(?i:\b(?:pick|picks|picked|choose|chose|chosen|prefer|prefers|preferred|use|uses|used)\s+$)")


def weighed_against_known(sentences: list[SpacySpan], candidates: set[str]) -> dict[str, EntityType]:
    """The kind a candidate name takes from the one it is weighed against when the word lists know
    that one's kind: "why I'd pick Postgres over Mongo" makes Mongo software (lower-case keys)."""
    found: dict[str, EntityType] = {}
    for sent in sentences:
        for m in WEIGHED.finditer(sent.text):
            if m.group("how").lower() == "over" and not CHOSEN_OVER.search(sent.text[: m.start()]):
                continue
            a, b = m.group("a").lower(), m.group("b").lower()
            for known, other in ((a, b), (b, a)):
                if known in LEXICON_TYPES and other in candidates and other not in LEXICON_TYPES:
                    found[other] = LEXICON_TYPES[known]
    return found


# Kinds of names nobody is said to use ("uses Bruno" is a tool, "uses Quinovic" may be a firm).
NEVER_USED = frozenset({EntityType.PERSON, EntityType.PLACE})
USE_VERB_BEFORE = re.compile(r"(?i:\b(?:use|uses|used|using)\s+$)")


def used_by_name(name: str, sentences: list[SpacySpan]) -> bool:
    """Whether a sentence names it as what is used, right after the verb and not as an owner
    ("uses Bruno", "we're using Mongo"; not "used Tom's van")."""
    return any(
        USE_VERB_BEFORE.search(text[: m.start()]) and not text[m.end() :].startswith(("'s", "’s"))
        for text, m in mentions(name, sentences)
    )


def owned(name: str, sentences: list[SpacySpan]) -> bool:
    """Whether a sentence writes the name with a possessive ("St Mary's")."""
    pattern = re.compile(re.escape(name) + r"['’]s\b", re.IGNORECASE)
    return any(pattern.search(sent.text) for sent in sentences)


# A saint's or a mountain's name without a possessive is a place's ("St. Vital", "Saint-Denis", "Mt.
# Eden"); with one it is as often a church, a school or a hospital ("St. Mary's").
SAINTED_PLACE = re.compile(r"^(?:st\.?|saint|ste\.?|mt\.?|mount)[\s-]+[^\s'’]+(?:\s+[^\s'’]+)?$")
