"""Capitals put back on the names of a note typed in lower case ("mme roux wants the dates by fri",
"tram home to villeurbanne"), so the tagger and the entity classifier, which go by capitals, see
them. Only a letter's case changes: every offset into the note stays where it was.

A word gets its capital when a title stands before it ("mme roux", "dr bakker"), or when the
gazetteer knows it as a name, a town or a brand and MiniLM's vocabulary knows it as no English
word ("villeurbanne", "kees", "toggl"; not "will", "rose", "karim"); two words the gazetteer knows
as one brand get theirs together ("google keep"). A note typed wholly in lower case (no capital
inside a sentence) also gets capitals at the openings of its lines and sentences, as the models
saw them; every note gets its "I", and the name a workplace's or a home's words lead to when
English lacks one of its words ("long day at jean moulin", "moved to croix-rousse"). Words
inside links, addresses, handles and file names are left alone.
"""

from __future__ import annotations

import re

from remen.memory import lexicon
from remen.memory.entity_model import english_compound, english_words, gazetteer
from remen.memory.names import name_key
from remen.memory.patterns import BULLET_MARKS
from remen.search.query import STOPWORDS

# A word: letters, with the marks names are written with inside it ("croix-rousse", "d'or").
WORD = re.compile(r"[^\W\d_][\w'’-]*")
# Marks that glue a word to a link, an address, a handle or a file name ("@kees", "toggl.com").
GLUED = frozenset("/@#._:\\=`")
TITLE_WORDS = frozenset(lexicon.HONORIFICS)
# Titles that are no everyday word: the word after them is a name whatever it is ("mr petit"),
# and they take a capital themselves; after one that is ("coach", "sister"), only a word English
# lacks is ("coach tuesday" stays).
FORMAL_TITLES = frozenset(lexicon.TITLES) | frozenset(
    ("m.", "mme", "mlle", "herr", "frau", "sr", "sra", "srta", "pani", "fru", "frk", "dhr", "mevr")
)
# Words after which a town is where someone goes, lives or is ("tram home to villeurbanne").
PLACE_BEFORE = frozenset(("in", "to", "from", "at", "near", "via", "around", "through", "outside"))
# Where a line's or a sentence's first word starts: after the line's bullet or a sentence's end.
OPENING = re.compile(rf"(?m:^[ \t]*(?:[{re.escape(BULLET_MARKS)}]\s+(?:\[[ xX]\]\s+)?)?|(?<=[.!?])\s+)(?=[^\W\d_])")
# A chat turn's speaker, whose "me" says who spoke and stays as typed.
SPEAKER = re.compile(r"(?m:^[ \t]*([^\W\d_][\w'’-]*)\s*:)")
WRITER_WORDS = frozenset(("me", "i"))
# Endings English makes words with, which the vocabulary may hold only the stem of.
ENDINGS = ("s", "es", "r", "er", "ers", "d", "ed", "ing", "ly")
# Words after which a note typed in lower case names a workplace or a home: "long day at jean
# moulin", "first day at lycée ampère", "moved to croix-rousse", "10 min walk from croix-rousse".
# The name after them gets its capitals when English lacks one of its words ("day at work" stays).
NAME_CUE = re.compile(
    r"(?i:\b(?:(?:day|days|week|weeks|month|months|year|years|shift|job|work|working|started|starting)\s+(?:at|with)"
    r"|(?:joined|joining|moved\s+to|moving\s+to|live\s+in|living\s+in|home\s+to|back\s+to)"
    r"|(?:walk|drive|ride|commute)\s+from)\s+)"
)
MAX_CUED_WORDS = 3
# A word this short is no name to recase ("ok", "ya").
MIN_NAME_LETTERS = 3


def truecased(text: str) -> str:
    """``text`` with capitals on the names it types in lower case (see the module's doc); the
    same length, character for character."""
    chars = list(text)
    words = [m for m in WORD.finditer(text) if not glued(text, m.start(), m.end())]
    for i, match in enumerate(words):
        word = match.group(0)
        if not word.islower():
            continue
        if word in lexicon.SURNAME_PARTICLES:
            continue  # "dr de vries": the particle stays, the name after it is the title's
        at = i - 1
        while at > 0 and words[at].group(0) in lexicon.SURNAME_PARTICLES and near(text, words[at - 1], words[at]):
            at -= 1
        before = words[at].group(0).lower() if at >= 0 and near(text, words[at], words[at + 1]) else ""
        title = "m." if before == "m" and text[words[at].end() : words[at].end() + 1] == "." else before
        formal = title in FORMAL_TITLES
        if formal or known_name(word, before) or (title in TITLE_WORDS and not english(word)):
            capitalise(chars, match.start())
            if formal:
                capitalise(chars, words[at].start())
        elif i + 1 < len(words) and near(text, match, words[i + 1]) and gazetteer().is_brand(word):
            # "google keep"; not "the register", "code review", whose first word is no brand.
            pair = f"{word} {words[i + 1].group(0)}"
            if words[i + 1].group(0).islower() and gazetteer().is_brand(pair):
                capitalise(chars, match.start())
                capitalise(chars, words[i + 1].start())
    speakers = {m.start(1) for m in SPEAKER.finditer(text) if m.group(1).lower() in WRITER_WORDS}
    openings = [m.end() for m in OPENING.finditer(text)]
    for cue in NAME_CUE.finditer(text):
        run = cued_name(text, cue.end())
        typed_lower = all(text[start:end].islower() for start, end in run)
        if run and typed_lower and not all(english(text[start:end]) for start, end in run):
            for start, end in run:
                capitalise_name(chars, text, start, end)
    if typed_in_lower_case(text, openings):
        for opening in openings:
            if opening not in speakers:
                capitalise(chars, opening)
    for match in words:
        if match.group(0) == "i" and match.start() not in speakers:
            capitalise(chars, match.start())
    return "".join(chars)


def cued_name(text: str, at: int) -> list[tuple[int, int]]:
    """The words of the name a cue is followed by at ``at`` ("jean moulin" of "long day at jean
    moulin."): up to three words of letters, up to a stop word, a number or a mark."""
    run: list[tuple[int, int]] = []
    for match in WORD.finditer(text, at):
        between = text[run[-1][1] if run else at : match.start()]
        word = match.group(0)
        # After its first word a name goes on only over words English lacks ("croix-rousse today").
        if between.strip() or word in STOPWORDS or len(run) == MAX_CUED_WORDS or (run and english(word)):
            break
        run.append((match.start(), match.end()))
    return run


def known_name(word: str, before: str) -> bool:
    """Whether ``word`` (after the word ``before``) is a name MiniLM's vocabulary knows as no
    English word: a first name the gazetteer knows, a surname after a first name it knows, or a
    town after a word of place ("to", "in"). Tools the word lists know are read in lower case
    already ("pandas", "dbt"), and a surname or a town alone is as often a word of another
    language ("sucre", "choma")."""
    if len(word) < MIN_NAME_LETTERS or english(word) or word in lexicon.LEXICON_TYPES:
        return False
    key, pools = name_key(word), gazetteer()
    return (
        key in pools.first_names
        or (key in pools.surnames and name_key(before) in pools.first_names)
        or (key in pools.places and before in PLACE_BEFORE)
        or pools.is_brand(word)
    )


def english(word: str) -> bool:
    """Whether MiniLM's vocabulary knows ``word`` or the word it is made from by an ending
    ("freelancer", "roasters"), or the two words it is made of ("handshake"); True without the
    vocabulary (nothing is recased then)."""
    vocabulary = english_words()
    stems = (word, *(word[: -len(end)] for end in ENDINGS if word.endswith(end) and len(word) > len(end) + 2))
    return not vocabulary or any(english_compound(stem) for stem in stems)


def typed_in_lower_case(text: str, openings: list[int]) -> bool:
    """Whether no word inside a sentence is capitalised (a title's, one letter or "I" aside) and
    some line or sentence (each opening at one of ``openings``) opens in lower case: the note was
    typed without capitals."""
    lower_opening = any(text[at].islower() for at in openings if at < len(text))
    opened = set(openings)
    for match in WORD.finditer(text):
        word = match.group(0)
        if match.start() in opened or len(word) == 1 or word.isupper() or not word[0].isupper():
            continue
        return False
    return lower_opening


def glued(text: str, start: int, end: int) -> bool:
    """Whether the word at ``start``..``end`` is part of a link, an address or a file name."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    following = text[end + 1] if end + 1 < len(text) else " "
    return before in GLUED or (after in GLUED and not following.isspace() and after != ":")


def near(text: str, first: re.Match[str], second: re.Match[str]) -> bool:
    """Whether two words stand side by side: only spaces (or a title's stop) between them."""
    return text[first.end() : second.start()].strip(". ") == ""


def capitalise_name(chars: list[str], text: str, start: int, end: int) -> None:
    """The word at ``start``..``end`` capitalised as a name is, each part after a hyphen too
    ("Croix-Rousse"; not a particle: "Aix-en-Provence")."""
    capitalise(chars, start)
    at = text.find("-", start, end)
    while at >= 0:
        part = re.match(r"[^\W\d_]+", text[at + 1 : end])
        if part and len(part.group(0)) >= MIN_NAME_LETTERS and part.group(0) not in lexicon.SURNAME_PARTICLES:
            capitalise(chars, at + 1)
        at = text.find("-", at + 1, end)


def capitalise(chars: list[str], at: int) -> None:
    """The letter at ``at`` in upper case, when that keeps it one character ("ß" stays)."""
    upper = chars[at].upper()
    if len(upper) == 1:
        chars[at] = upper
