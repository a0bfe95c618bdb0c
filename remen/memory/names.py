"""Name normalisation for entity resolution: keys, relation references, compatible names. Pure."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from remen.core.knowledge import USER_NAME
from remen.core.text import alternation
from remen.memory import lexicon
from remen.memory.lexicon import HONORIFIC_SUFFIXES, RELATIONS

POSSESSIVE = re.compile(r"['’]s$")
SPACES = re.compile(r"\s+")
TITLES = frozenset(lexicon.TITLES) | frozenset(lexicon.COURTESY_TITLES)
# "p'wanida" → "wanida": the Thai "P'" (elder sibling) glued before the name of someone older or
# senior, no part of it.
SENIOR_PREFIX = re.compile(r"^p['’](?=\w)")
# "nakamura-san" → "nakamura": the honorific after a name.
HONORIFIC_SUFFIX = re.compile(r"(?<=\w)-(?:" + alternation(HONORIFIC_SUFFIXES) + r")$")
# A name written as its initials: "DOC", "NHS", "PRH".
ACRONYM = re.compile(r"[A-Z]{3,6}")


@lru_cache(maxsize=65536)
def name_key(name: str) -> str:
    """'@Sarah', 'sarah', 'Sarah's', 'SARAH' → 'sarah'; accents folded ('Müller' → 'muller').
    Remembered: the reader asks it of most words of every note."""
    text = unicodedata.normalize("NFKD", name.strip().lstrip("@").casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = POSSESSIVE.sub("", text.strip(" .,:;!?\"'()[]"))
    return SPACES.sub(" ", text)


def name_tokens(name: str) -> list[str]:
    """The words of a name's key, honorifics dropped ('Ms Park', 'Park-san', "P'Park" → ['park'])."""
    words = name_key(name).replace(".", " ").split()
    # Only before the name: "Horns Rev" is a wind farm, not Horns the reverend.
    while words and words[0] in TITLES:
        words = words[1:]
    return [HONORIFIC_SUFFIX.sub("", SENIOR_PREFIX.sub("", t)) for t in words]


def titled_forms(surname: str) -> list[str]:
    """The keys a surname has when written with a title: 'okoro' → 'dr okoro', 'dr. okoro', …"""
    return [f"{title}{dot} {surname}" for title in sorted(TITLES) for dot in ("", ".")]


def relation_reference(name: str) -> str | None:
    """'my wife' → 'wife': a reference to whoever the notes say holds that relation to the user."""
    key = name_key(name)
    if key.startswith("my "):
        relation = key[3:]
        if relation in RELATIONS:
            return relation
    return None


def is_user(name: str) -> bool:
    """Whether a statement's subject is the user."""
    return name_key(name) in (USER_NAME, "i", "myself")


def hyphened(word: str) -> bool:
    """Whether a word is two joined by a hyphen ("Seo-yeon", "Ji-hoon"), as a romanized given name
    is written."""
    return "-" in word.strip("-")


def compatible(a: str, b: str) -> bool:
    """Whether two names can be one entity: same first word and the words of one within the other
    ('Sarah' / 'Sarah Chen' yes; 'Tom Chen' / 'Sarah Chen' no: a shared surname is not enough), or
    a hyphened given name and the name it ends ('Seo-yeon' / 'Park Seo-yeon')."""
    left, right = name_tokens(a), name_tokens(b)
    if not left or not right or left == right:
        return bool(left) and left == right
    shorter, longer = (left, right) if len(left) <= len(right) else (right, left)
    if left[0] != right[0]:
        # A hyphened given name alone is the one written after the family name: "Seo-yeon" is
        # "Park Seo-yeon".
        return len(shorter) == 1 and hyphened(shorter[0]) and shorter[0] == longer[-1]
    return set(shorter) <= set(longer)


def is_acronym(name: str) -> bool:
    """Whether a name is written as initials in capitals ("DOC"; not "Doc", not "UK")."""
    return ACRONYM.fullmatch(name.strip()) is not None


def initials(name: str) -> frozenset[str]:
    """The acronyms a name of several words goes by: the first letters of all its words, and of
    its capitalised ones, that read as one: three letters or more ("Department of Conservation" →
    DOC, not DC; "Penguin Random House" → PRH)."""
    words = re.findall(r"[^\W\d_][\w'’-]*", name)
    if len(words) < 2:
        return frozenset()
    forms = {"".join(w[0] for w in words).upper(), "".join(w[0] for w in words if w[0].isupper()).upper()}
    return frozenset(form for form in forms if is_acronym(form))


def normalise_value(value: str) -> str:
    """A literal object for comparing statements: case, spaces and end punctuation ignored."""
    return SPACES.sub(" ", value.casefold().strip(" .,;:!?"))
