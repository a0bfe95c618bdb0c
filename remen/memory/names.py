"""Name normalisation for entity resolution: keys, relation references, compatible names. Pure."""

from __future__ import annotations

import re
import unicodedata

from remen.core.knowledge import USER_NAME
from remen.memory.lexicon import RELATIONS

POSSESSIVE = re.compile(r"['’]s$")
SPACES = re.compile(r"\s+")
TITLES = frozenset({"mr", "mrs", "ms", "dr", "prof"})


def name_key(name: str) -> str:
    """'@Sarah', 'sarah', 'Sarah's', 'SARAH' → 'sarah'; accents folded ('Müller' → 'muller')."""
    text = unicodedata.normalize("NFKD", name.strip().lstrip("@").casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = POSSESSIVE.sub("", text.strip(" .,:;!?\"'()[]"))
    return SPACES.sub(" ", text)


def name_tokens(name: str) -> list[str]:
    """The words of a name's key, honorifics dropped ('Ms Park' → ['park'])."""
    return [t for t in name_key(name).replace(".", " ").split() if t not in TITLES]


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


def compatible(a: str, b: str) -> bool:
    """Whether two names can be one entity: same first word and the words of one within the other
    ('Sarah' / 'Sarah Chen' yes; 'Tom Chen' / 'Sarah Chen' no: a shared surname is not enough)."""
    left, right = name_tokens(a), name_tokens(b)
    if not left or not right or left == right:
        return bool(left) and left == right
    if left[0] != right[0]:
        return False
    shorter, longer = (left, right) if len(left) <= len(right) else (right, left)
    return set(shorter) <= set(longer)


def normalise_value(value: str) -> str:
    """A literal object for comparing statements: case, spaces and end punctuation ignored."""
    return SPACES.sub(" ", value.casefold().strip(" .,;:!?"))
