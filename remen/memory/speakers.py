"""Who speaks a chat turn: whether the "Name" of a "Name: words" line is a person, so that a chat
kept a turn a note, or pasted without the writer in it, is read as its speakers' words by the graph
and by the reading of the notes alike."""

from __future__ import annotations

from remen.core.constants import MIN_SPEAKER_LETTERS
from remen.memory import lexicon
from remen.memory.entity_model import english_words, gazetteer
from remen.memory.names import name_key
from remen.search.calendar import MONTHS, SEASONS, WEEKDAY_NAMES


def is_speaker(label: str) -> bool:
    """Whether the "Name" of a "Name: words" line is someone speaking: a first name the name lists
    know, alone or before a surname ("Tove", "Amira Haddad"), not a day, a month, a season, a
    label they hold as a name too ("Edit"), an acronym ("GP"), a place or a firm ("Moseley
    Medical"). A name they lack stays a label: "Todo", "Recap" and "Backlog" are no one."""
    words = label.split()
    first, pools = name_key(words[0]), gazetteer()
    if (
        len(first) < MIN_SPEAKER_LETTERS
        or label.isupper()
        or first in MONTHS
        or first in SEASONS
        or first in WEEKDAY_NAMES
        or first in lexicon.LABELS_NAMED_AS_PEOPLE
        or any(name_key(word) in english_words() for word in words[1:])
        or pools.is_brand(label)
        or name_key(label) in pools.places
    ):
        return False
    return first in pools.first_names
