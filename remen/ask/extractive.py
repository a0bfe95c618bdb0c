"""Answers found in the notes: the sentences of the notes a search found that share enough of the
question's words (weighted by how rare each is among those sentences; the sentences around count
for part); in the best of them every span of the kind the question asks for (or the sentence
itself) is a candidate, measured, and scored by the trained answer model (answer_model.py).
Deterministic, offline, and pure: the caller reads the notes."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import lru_cache
from itertools import pairwise

from remen.ask.answer_model import answer_probabilities
from remen.ask.question import (
    CLOCK_MEASURE,
    DATE_VALUES,
    MONEY_WORDS,
    NAME_MEASURE,
    SCORE_WORDS,
    SPAN_KINDS,
    SPOT_MEASURE,
    WHO_IS,
    AnswerKind,
    Question,
)
from remen.ask.spans import (
    ANY_NAME,
    FIRM_KINDS,
    KIND_OF_TYPE,
    MEASURE_UNITS,
    MONEY,
    PERSON_KINDS,
    TIME_OF_DAY,
    Span,
    name_spans,
    place_only,
    spot_spans,
    unit_fits,
    value_spans,
)
from remen.core.constants import (
    ANSWER_MEANING_SENTENCES,
    ANSWER_TYPICAL_COSINE,
    ASK_ALTERNATIVE_MIN_PROBABILITY,
    ASK_ANSWER_MIN_PROBABILITY,
    ASK_NEWER_SUM_MARGIN,
    EXTRACT_ALWAYS_READ_RANKS,
    EXTRACT_CONTEXT_SHARE,
    EXTRACT_MEANING_WEIGHT,
    EXTRACT_MIN_COVERAGE,
    EXTRACT_NAMED_TURNS_BACK,
    EXTRACT_RANK_WEIGHT,
    EXTRACT_READ_SENTENCES,
    EXTRACT_RECENCY_WEIGHT,
    EXTRACT_REPLY_REACH,
    EXTRACT_SCENE_SHARE,
    EXTRACT_THING_RECALL_DAYS,
    WHOLE_ANSWER_MIN_WORDS,
)
from remen.core.knowledge import EntityType
from remen.core.text import AUXILIARIES, IRREGULAR_PAST, TURN, fold, is_short_turn
from remen.memory.cues import WRITER, NoteLine, chat_turns, note_lines, sentence_bounds
from remen.memory.dates import FORWARD_BEFORE, stated_date
from remen.memory.entity_model import english_words
from remen.memory.lexicon import (
    ARRANGED_VERBS,
    FIRM_HEADS,
    LEXICON_TYPES,
    MONEY_OF_MINE,
    NARROWER_RELATIONS,
    PLACE_HEADS,
    RELATIONS,
    SAME_TIE,
    ties_of,
)
from remen.memory.names import POSSESSIVE, name_tokens
from remen.memory.speakers import is_speaker
from remen.memory.tool_use import END_VERBS
from remen.search.calendar import MONTHS, WEEKDAYS, day_text
from remen.search.query import STOPWORDS
from remen.search.temporal import parse_temporal

# Each text's cosine to the question, by MiniLM.
Closeness = Callable[[Sequence[str]], Sequence[float]]
WORD = re.compile(r"[\w@'’.+-]+")
SUFFIX = re.compile(r"(?:['’]s|ings?|ed|es|s|ers?|ly|ation|ions?|ment)$")
DOUBLED = re.compile(r"([b-df-hj-np-tv-z])\1$")
TO = re.compile(r"\bto\b", re.IGNORECASE)
# "from Notion to Linear": the name left behind for another.
FROM_TO = re.compile(r"\bfrom\s+([A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*)*)\s+to\s")
# A name given up: "sold the Fiesta", "decided to drop Peixaria Costa", "last day at Byrne & Moran".
# Every word before a capitalised name is tried (a lookahead, so no name hides the next verb) and
# kept when it is a give-up verb: one cheap pattern instead of an alternation of every verb form.
GIVEN_UP = re.compile(
    r"\b([A-Za-z]+)(?:\s+day\s+at)?\s+(?=(?:(?i:using|the|my|our)\s+)?"
    r"([A-Z][\w&'’-]*(?:\.\w+)*(?:[ \t]+(?:&[ \t]+)?[A-Z][\w&'’-]*(?:\.\w+)*)*))"
)
GIVE_UP_WORDS = END_VERBS | {"left"}
BACKWARD = re.compile(r"\b(?:last|ago|yesterday|previous|past)\b", re.IGNORECASE)
PAST = re.compile(r"\b(?:was|were|had|did|went|came|got|told|said|\w+ed)\b", re.IGNORECASE)
# Words of the present or the future: after a past verb they speak of what is ahead ("Told Luis
# I'm moving to Denver end of July").
AHEAD = re.compile(r"(?i:\b(?:am|is|are|will|shall|going\s+to)\b|['’](?:m|re|ll)\b)")
# A present helper right before a verb's participle: "is getting married", "are invited".
PRESENT_HELPER = re.compile(r"(?i:\b(?:am|is|are|be|being|get|gets|getting)\s+$|['’](?:m|re)\s+$)")
# A sentence put as a question without its mark, as chats put them: "when do you start", "how
# many do you need", "did you get the flat".
UNMARKED_QUESTION = re.compile(
    r"(?i:(?:who|what|which|where|when|why|how)(?:\s+\w+)?\s+(?:do|does|did|is|are|was|were|will|can|could|would"
    r"|should|have|has)\s+(?:you|we|they|he|she|i|it)\b|(?:do|does|did|are|is|will|can|could|have|has)\s+(?:you|we"
    r"|they|he|she)\b)"
)
# A verb of telling right before a name: the name is the one told ("telling Jussi tomorrow").
TOLD_BEFORE = re.compile(r"(?i:\b(?:tell|tells|told|telling|text|texted|message|messaged|email|emailed)\s+$)")
# A name said to have told: "Okada said you asked him", "Ana told me".
TOLD_AFTER = re.compile(r"(?i:\s+(?:said|says|told|tells|mentioned|texted|messaged|emailed|wrote)\b)")
# Someone spoken of by a pronoun: named before in the note.
SPOKEN_OF = re.compile(r"(?i:\b(?:she|he|her|his|they|their|him)\b)")
# An arrow: what a thing is at or comes to ("mock dates -> 3 March").
ARROW = re.compile(r"->|→|=>|⇒")
# The writer's verb right after "I"/"we": in the present ("I start 6 April") unless a past form.
OWN_VERB = re.compile(r"\b(?:I|[Ww]e)\s+([a-z]+)\b")
# A verb in the third person's present after someone named or "he"/"she": "Dawit starts at the
# bank in June", "Mum arrives Friday" (its stem an English word: "starts", "fixes", "flies").
THEIR_VERB = re.compile(r"\b(?:[Hh]e|[Ss]he|[A-Z][a-z]+)\s+([a-z]+s)\b")
# Words that give a reason or a manner: an answer to "why"/"how" has one near.
REASON = re.compile(
    r"\b(?:because|cause|since|so|due to|reason|after|thanks to|too|kept|keeps|without)\b|:", re.IGNORECASE
)
STEM_LENGTH = 6
STEM_CACHE = 65_536
# Kinds of value known by their shape, not by their words.
SHAPED_KINDS = frozenset((AnswerKind.EMAIL, AnswerKind.PHONE, AnswerKind.ADDRESS))


@dataclass(frozen=True)
class Passage:
    """One sentence of a found note, the sentences around it, and who said it in a chat turn.
    ``note_words`` are the stems of its note and of the notes beside it in its thread."""

    note_id: str
    created: datetime
    rank: int
    # The note's cosine to the question (MiniLM, from the search; 0 without the model).
    similarity: float
    text: str
    context: tuple[str, ...]
    speaker: str | None
    note_words: frozenset[str]
    # Stems of the sentence (and its speaker), and of the sentences around it.
    words: frozenset[str]
    around: frozenset[str]
    # The sentence before it in its thread is someone else's question, or one of another note: a
    # reply ("where is the wedding?" — "Marseille, in June"; not the writer's own "When is the
    # MOT? Ask the garage.").
    reply: bool = False
    # The sentence after it in its own note, if any.
    following: str | None = None
    # Its note is a hit of the search, not one read beside a hit.
    hit: bool = True
    # The note (id, time written) of each sentence of ``context``: a turn beside may be another's.
    context_notes: tuple[tuple[str, datetime], ...] = ()
    # Who said each sentence of ``context`` in a chat turn (None: the writer).
    context_speakers: tuple[str | None, ...] = ()
    # Stems of its note's heading ("## Valo Health - second interview"): what every line under it
    # is about, though it names it no more.
    heading: frozenset[str] = frozenset()
    # Of a reply, the stems of the question it answers, every sentence of it: "Ola is getting
    # married? Your little sister?" — "12 September in Sopot, to a Swede called Erik."
    asked: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Extracted:
    """A short answer with the sentence it comes from."""

    answer: str
    sentence: str
    note_id: str
    created: datetime
    score: float
    kind: AnswerKind
    # How close the sentence is to the question in meaning, around a typical closeness (0 when
    # it was not measured): a sentence far from it may hold the answer's kind without speaking of
    # what is asked ("the new scorecard goes live" for "where do I live").
    meaning: float = 0.0


@lru_cache(maxsize=STEM_CACHE)
def stem(word: str) -> str:
    """A crude stem so "moved" meets "move", "running" meets "run", "sold" meets "sell" and
    "translator" meets "translation": irregular past forms to the verb, suffix off, a doubled end
    undone, the first six letters."""
    # A possessive's ending goes first: "mother's" meets "mother", and "Mum's" "mum".
    folded = POSSESSIVE.sub("", fold(word).strip(".'’-"))
    folded = IRREGULAR_PAST.get(folded, folded)
    folded = SAME_TIE.get(folded, folded)
    if len(folded) > 4 and folded.endswith(("ies", "ied", "ier")):
        folded = folded[:-3] + "y"  # "studies", "studied" and "supplier" meet "study" and "supply"
    elif len(folded) > 4:
        bare = SUFFIX.sub("", folded)
        if bare != folded and bare.endswith("er") and len(bare) > 4:
            bare = bare[:-2]  # "offered" meets "offer", "ordered" "order": their "-er" goes too
        folded = DOUBLED.sub(r"\1", bare)
    elif len(folded) > 2:
        folded = DOUBLED.sub(r"\1", folded)  # "pass" meets "passed", "call" "called", "add" "added"
    if len(folded) > 3 and folded.endswith("e"):
        folded = folded[:-1]  # "move" meets "moving" and "moved"
    return folded[:STEM_LENGTH]


# The relation words narrower than each, by stem: "partner" covers "wife"; and the words English
# says the same thing with: "where does Nina work" is told by "a job at Langford".
NARROWER_STEMS = {stem(word): frozenset(stem(n) for n in below) for word, below in NARROWER_RELATIONS.items()} | {
    stem("work"): frozenset((stem("job"),)),
}
# Other words English says a question's word with, which tell it in a sentence that says whom the
# question asks about (or when it names nobody): "where does Inês live" is told by "Inês and Rui
# moved to Porto" or "Chloe and I are getting a flat in Moseley" (said by Femi, of Femi), "when is
# Ola's wedding" by "Ola is getting married?", "when do I fly" by "flights to Harare 18 Dec"; the
# writer's "the flat in Bonfim" tells nothing of where Rui lives.
SAID_ALSO = {
    "live": ("move", "flat", "home", "apartment"),
    "wedding": ("married",),
    "fly": ("flight",),
}
SAID_ALSO_STEMS = {stem(word): frozenset(stem(other) for other in others) for word, others in SAID_ALSO.items()}


# Leaving a thing, said with any verb of giving it up or moving on from it; not selling it, a deal
# with a buyer ("who did Ramesh sell his car to" is not told by "I left when I did").
LEAVING_STEMS = frozenset(stem(word) for word in GIVE_UP_WORDS | {"leave", "switch", "quit", "move"}) - {stem("sell")}


def holds(key: str, words: frozenset[str] | set[str]) -> bool:
    """Whether the words hold a question word's stem, or a narrower relation word for it ("partner"
    is held by "wife")."""
    return key in words or not NARROWER_STEMS.get(key, frozenset()).isdisjoint(words)


def name_stems(name: str) -> set[str]:
    """The stems of a name's words: a sentence says the name when it holds any of them."""
    return {stem(word) for word in name.split()}


def holder_stems(name: str) -> set[str]:
    """The stems of a name's words but its titles ("Dr. Thanawat": thanawat)."""
    return {stem(word) for word in name_tokens(name)}


def stems(text: str) -> set[str]:
    """The stems of a text's words, and of the parts of a hyphened one ("on-call" holds "call"). A
    role's word used as a verb is no role: "Tomasz wants me to lead the evening" holds no lead."""
    words = WORD.findall(text)
    said = {
        stem(w)
        for i, w in enumerate(words)
        if not (w.lower() in ROLE_VERBS and i and words[i - 1].lower() in BEFORE_A_VERB)
    }
    return said | {stem(part) for w in words if "-" in w for part in w.split("-") if part}


# Words that name a role and are verbs too, and the words that make them verbs before them.
ROLE_VERBS = frozenset({"lead", "leads", "head", "heads", "boss", "coach", "coaches", "manage", "manages"})
BEFORE_A_VERB = frozenset(
    {
        "to",
        "will",
        "would",
        "can",
        "could",
        "should",
        "must",
        "might",
        "i",
        "we",
        "you",
        "they",
        "he",
        "she",
        "me",
        "us",
    }
)


@dataclass(frozen=True)
class Read:
    """A note to read answers in: its text, when it was written, and the search rank and cosine to
    the question of the hit it was read for."""

    note_id: str
    text: str
    created: datetime
    rank: int
    similarity: float = 0.0
    # The hit itself, not a note written minutes around it (a turn of its chat).
    hit: bool = True


def is_question(sentence: str) -> bool:
    """Whether a sentence of a note asks something: its question mark, or its opening words."""
    return sentence.rstrip().endswith("?") or UNMARKED_QUESTION.match(sentence.strip()) is not None


def cut_note(text: str) -> list[tuple[str, str | None]]:
    """A note's sentences, each with its speaker when the note is a chat turn ("Omar: ...", None
    for the writer): a note of one line that is one, or a line of a note of several read as a
    chat the way the graph reads it (a meeting's "Attendees: Jens, Kofi, me" is no turn)."""
    lines = list(note_lines(text))
    if len(lines) > 1:
        turns = [(line.text, speaker) for line, speaker in chat_turns(lines, is_speaker)]
    else:
        turns = [one_turn(line) for line in lines]
    cut: list[tuple[str, str | None]] = []
    for spoken, speaker in turns:
        cut.extend((spoken[a:b].strip(), speaker) for a, b in sentence_bounds(spoken) if spoken[a:b].strip())
    return cut


def one_turn(line: NoteLine) -> tuple[str, str | None]:
    """A note's only line, without its "Name: " when it is a turn of a chat, and who said it."""
    turn = TURN.match(line.text)
    if turn is None:
        return line.text, None
    return line.text[turn.end() :], None if turn.group(1).lower() in WRITER else turn.group(1)


def passages(thread: Sequence[Read]) -> list[Passage]:
    """The sentences of a thread: one note, or notes written minutes apart, oldest first (the turns
    of a chat, jots in a row), read as one text. Around a sentence are the sentences beside it and
    the whole notes beside its note (the turn that answers "where is Leila's wedding?" follows the
    one that asks, and need not say "Leila"), and the words the notes beside it say (not who said
    them) count as its note's for the names a question is about."""
    cuts = [cut_note(read.text) for read in thread]
    headings = [heading_stems(read.text) for read in thread]
    spoken = [frozenset(stems(" ".join(s for s, _ in cut))) for cut in cuts]
    beside = [frozenset().union(*spoken[max(0, k - 1) : k], *spoken[k + 1 : k + 2]) for k in range(len(thread))]
    # A chat's topic outlives the turn that named it: "Femi's wedding is in three weeks" — "read me
    # a line!" — "Where's the reception?" — "At a hotel on Victoria Island" is still of Femi.
    named_before = [frozenset().union(*spoken[max(0, k - EXTRACT_NAMED_TURNS_BACK) : k]) for k in range(len(thread))]
    notes_words = [frozenset(stems(read.text)) | beside[k] | named_before[k] for k, read in enumerate(thread)]
    # Every sentence of the thread in order, with the index of its note.
    flat = [(k, sentence, speaker) for k, cut in enumerate(cuts) for sentence, speaker in cut]
    # A turn that says "you" names the one it speaks to: "Karim bought your bike" tells of Jonas's.
    spoken_to = [addressee(flat, j) if SECOND_PERSON.search(s) else None for j, (_, s, _) in enumerate(flat)]
    said = [frozenset(stems(s)) for _, s, _ in flat]
    words = [said[j] | {stem(who) for who in (speaker, spoken_to[j]) if who} for j, (_, _, speaker) in enumerate(flat)]
    out = []
    for j, (k, sentence, speaker) in enumerate(flat):
        next_to = [n for n in (j - 1, j + 1) if 0 <= n < len(flat) and abs(flat[n][0] - k) <= 1]
        reply = (
            j > 0 and abs(flat[j - 1][0] - k) <= 1 and is_question(flat[j - 1][1]) and flat[j - 1][::2] != (k, speaker)
        )
        around = beside[k].union(*(words[n] for n in next_to if flat[n][0] == k), *asked_before(flat, words, j))
        read = thread[k]
        out.append(
            Passage(
                read.note_id,
                read.created,
                read.rank,
                read.similarity,
                sentence,
                tuple(flat[n][1] for n in next_to),
                speaker,
                notes_words[k] | ({stem(spoken_to[j])} if spoken_to[j] else set()),
                words[j],
                around,
                reply,
                flat[j + 1][1] if j + 1 < len(flat) and flat[j + 1][0] == k else None,
                read.hit,
                tuple((thread[flat[n][0]].note_id, thread[flat[n][0]].created) for n in next_to),
                tuple(flat[n][2] for n in next_to),
                headings[k],
                question_answered(flat, said, j) if reply else frozenset(),
            )
        )
    return out


def question_answered(
    flat: Sequence[tuple[int, str, str | None]], said: Sequence[frozenset[str]], j: int
) -> frozenset[str]:
    """The words of the question the reply at ``j`` answers (not who asked it; ``said``: each
    sentence's stems): every question sentence in a row that ends right before it, in the turn
    before ("Ola is getting married? Your little sister?")."""
    asked: set[str] = set()
    n = j - 1
    pointing = False
    while n >= 0 and flat[n][0] == flat[j - 1][0] and is_question(flat[n][1]):
        asked |= said[n]
        pointing = pointing or POINTING_BACK.search(flat[n][1]) is not None or len(flat[n][1].split()) <= ELLIPTIC_WORDS
        n -= 1
    if pointing:
        # "Her mum is turning seventy." — "What are you giving her?" — "A set of four mugs": a
        # question that points back with "her", or says only "Name?", asks of what the turn
        # before it told.
        asking = flat[j - 1][::2]
        while n >= 0 and flat[n][::2] == asking:
            n -= 1
        told = flat[n][::2] if n >= 0 else None
        while n >= 0 and flat[n][::2] == told:
            asked |= said[n]
            n -= 1
    return frozenset(asked)


# At most this many words, a question leaves out what it asks of: "Name?", "Since when?".
ELLIPTIC_WORDS = 2
# A word that points back to someone or something told before: "her", "them", "it".
POINTING_BACK = re.compile(r"(?i:\b(?:she|her|he|him|they|them|it)\b)")


def asked_before(
    flat: Sequence[tuple[int, str, str | None]], words: Sequence[frozenset[str]], j: int
) -> list[frozenset[str]]:
    """The words of the question a turn answers: the nearest one someone else asked a few
    sentences before it in its note or the note beside ("doing the Celtic Connections album?" —
    "Stevie put me forward" — "you'll get it" — "recording six nights at the Royal Concert Hall")."""
    k, _, speaker = flat[j]
    for n in range(j - 1, max(-1, j - 1 - EXTRACT_REPLY_REACH), -1):
        if abs(flat[n][0] - k) > 1:
            break
        if flat[n][2] != speaker and is_question(flat[n][1]):
            return [words[n]]
    return []


HEADING = re.compile(r"^\s*#{1,6}\s+(.+)")


def heading_stems(text: str) -> frozenset[str]:
    """The stems of a note's markdown heading, when its first line is one."""
    first = text.lstrip().split("\n", 1)[0]
    heading = HEADING.match(first)
    return frozenset(stems(heading.group(1))) if heading else frozenset()


SECOND_PERSON = re.compile(r"(?i)\b(?:you|your|yours|yourself)\b")


def addressee(flat: Sequence[tuple[int, str, str | None]], j: int) -> str | None:
    """Whom the ``j``-th sentence of a thread (note index, sentence, speaker) speaks to: the speaker
    of the turn before or after it, of its note or the one beside, when that is someone else and
    not the writer ("you" said to the writer is the writer's "I")."""
    k, _, speaker = flat[j]
    for n in (j - 1, j + 1, j - 2, j + 2):
        if 0 <= n < len(flat) and abs(flat[n][0] - k) <= 1 and flat[n][2] not in (None, speaker):
            return flat[n][2]
    return None


def threads(reads: Iterable[Read], gap: timedelta) -> list[list[Read]]:
    """Notes grouped into threads: oldest first, a new thread wherever two notes are more than
    ``gap`` apart or one of them is no chat turn (jots written in a row are no chat). A note read
    for several hits is read once, for the best of them."""
    best: dict[str, Read] = {}
    for read in reads:
        if read.note_id not in best or read.rank < best[read.note_id].rank:
            best[read.note_id] = read
    out: list[list[Read]] = []
    chat: list[Read] | None = None  # the thread of turns a turn written next would join
    for read in sorted(best.values(), key=lambda r: r.created):
        if not is_short_turn(read.text):
            out.append([read])
        elif chat is not None and read.created - chat[-1].created <= gap:
            chat.append(read)
        else:
            chat = [read]
            out.append(chat)
    return out


def weights(question: Question, found: list[Passage]) -> dict[str, float]:
    """Each focus word's weight: rarer among the found sentences counts more (idf)."""
    sets = [p.words for p in found]
    total = len(sets) or 1
    counts = {stem(word): sum(holds(stem(word), s) for s in sets) for word in question.focus}
    present = {key: math.log(1 + total / (1 + df)) for key, df in counts.items() if df}
    # A word no found sentence has cannot tell them apart, but a question most of whose words the
    # notes lack is not answered by them: it counts as much as the commonest word found.
    floor = min(present.values(), default=0.0)
    scene = {stem(word) for word in question.setting}
    return {key: present.get(key, floor) * (EXTRACT_SCENE_SHARE if key in scene else 1.0) for key in counts}


def names_in_note(question: Question, passage: Passage) -> bool:
    """Whether the sentence's note (with the notes beside it in its thread), or the turn's speaker,
    names everyone the question is about: an answer about one person is no answer about another.
    People asked of together ("where did Tove and Lina adopt their cat") are one "we" of any of
    them: "Tove: We adopted a cat" names Lina too."""
    if names_everyone(question, passage, passage.note_words):
        return True
    ends = route_ends(question)
    if ends and any(names_everyone(replace(question, names=(end,)), passage, passage.note_words) for end in ends):
        # "how long is the drive from Osaka to Sapporo": a way is told by either end of it.
        rest = tuple(name for name in question.names if fold(name) not in {fold(end) for end in ends})
        if names_everyone(replace(question, names=rest), passage, passage.note_words):
            return True
    together = asked_together(question)
    return (
        {fold(name) for name in together} == {fold(name) for name in question.names}
        and not SAID_OF_US.isdisjoint(passage.words | passage.around)
        and any(names_everyone(replace(question, names=(name,)), passage, passage.note_words) for name in together)
    )


def things_named_before(question: Question, found: Sequence[Passage]) -> dict[str, tuple[str, list[datetime]]]:
    """The question's names that only say which thing it asks of ("the Brudenell gig", "the
    Iceland trip"), each with the stem of that thing and when found notes said both: a turn
    written soon after that says "the gig" is of that gig, though it names the club no more."""
    out: dict[str, tuple[str, list[datetime]]] = {}
    for name in question.names:
        after = re.search(rf"(?i:\b(?:the|my|our|your|his|her|their)\s+{re.escape(name)}\s+([a-z]+)\b)", question.text)
        if after is None or after.group(1) not in question.focus or after.group(1) in STOPWORDS:
            continue
        thing, keys = stem(after.group(1)), name_stems(name)
        said = [p.created for p in found if thing in p.note_words and not keys.isdisjoint(p.note_words)]
        if said:
            out[name] = (thing, said)
    return out


# How long after a note names a thing with its name a note's "the gig" is still of it.
THING_RECALL = timedelta(days=EXTRACT_THING_RECALL_DAYS)


def named_for(question: Question, passage: Passage, things: dict[str, tuple[str, list[datetime]]]) -> Question:
    """The question with the names it uses only to say which thing it asks of left out, for a
    sentence whose note says that thing but not the name, soon after a note said both
    (:func:`things_named_before`)."""
    kept = tuple(
        name
        for name in question.names
        if name not in things
        or things[name][0] not in passage.note_words
        or not name_stems(name).isdisjoint(passage.note_words)
        or not any(timedelta(0) <= passage.created - said <= THING_RECALL for said in things[name][1])
    )
    return question if kept == question.names else replace(question, names=kept)


def route_ends(question: Question) -> tuple[str, ...]:
    """The two names of a way the question asks about ("from Osaka to Sapporo"), else none."""
    names = names_alternation(question)
    if not names:
        return ()
    way = re.search(rf"\bfrom\s+({names})\s+to\s+({names})\b", question.text)
    return (way.group(1), way.group(2)) if way else ()


def names_alternation(question: Question) -> str:
    """The question's names as one alternation of a regular expression ("" when it names none)."""
    return "|".join(re.escape(name) for name in question.names)


def asked_together(question: Question) -> tuple[str, ...]:
    """The question's names it joins with "and" ("Tove and Lina", "Ana, Rui and Marta")."""
    names = names_alternation(question)
    joined = (
        re.search(rf"(?i)(?:(?:{names}),\s+)*(?:{names}),?\s+(?:and|&)\s+(?:{names})", question.text) if names else None
    )
    return tuple(name for name in question.names if joined and fold(name) in fold(joined.group(0)))


def names_everyone(question: Question, passage: Passage, words: frozenset[str]) -> bool:
    """Whether ``words`` (stems) or the passage's speaker name everyone the question names."""
    speaker = stem(passage.speaker) if passage.speaker else None
    return all(not telling_stems(name).isdisjoint(words) or speaker in name_stems(name) for name in question.names)


@lru_cache(maxsize=256)
def telling_stems(name: str) -> frozenset[str]:
    """The stems of a name's words that tell it from others: not the word of its kind a firm's or
    a place's name ends in ("Abay Bank" is not said by "the bank", "Lake Boye" not by "the lake"),
    unless that is all it is."""
    words = name.split()
    kept = [word for word in words if fold(word) not in FIRM_HEADS and fold(word) not in PLACE_HEADS] or words
    return frozenset(stem(word) for word in kept)


# A word that reads as a regular past verb ("moved", "started").
PAST_VERB = re.compile(r"[a-z]{2,}ed")
# A sentence's first word that makes its writer (or a chat turn's speaker) its subject.
FIRST_PLURAL = frozenset(("we", "we're", "we've", "we'll"))
# Words a sentence may open on before its subject: "Then we had chips in Wakefield", "Honestly, I".
SUBJECT_OPENER = re.compile(
    r"^(?i:(?:(?:then|so|and|but|also|anyway|well|honestly|actually|plus|now|oh|ok|okay|yeah|finally)\b[\s,]*)*)"
)
FIRST_PERSON = frozenset(("i", "i'm", "i've", "i'll", "i'd", *FIRST_PLURAL))
# The words of a sentence about its writer (or speaker) and others with them.
SAID_OF_US = frozenset(stem(word) for word in (*FIRST_PLURAL, "us", "our", "ours"))
# A speaker who does something: "I", "we", "(want) me to", "let us".
SPEAKING_OF_ONESELF = re.compile(r"(?i)\b(?:i|we)\b|\b(?:me|us)\s+to\b|\blet\s+(?:me|us)\b")


def asked_people(question: Question, known: dict[str, str]) -> list[str]:
    """The people a question asks what they did or are: its names the graph knows as people, not
    said as an owner ("how old did Efua turn" asks about Efua; "who bought Jonas's bike" about a
    buyer, whom a sentence may name as its subject; "where did I work before Siemens" about the
    writer). A word of a longer name the graph knows as something else is none ("Valo" of "Valo
    Health", though a chat's "Valo offered!!" made it someone)."""
    others = [fold(name) for name in question.names if " " in name and known.get(fold(name), "Person") != "Person"]
    return [
        name
        for name in question.names
        if known.get(fold(name)) == "Person"
        and not re.search(rf"\b{re.escape(name)}['’]", question.text, re.IGNORECASE)
        and not any(re.search(rf"\b{re.escape(fold(name))}\b", other) for other in others)
    ]


def about_someone_else(
    people: list[str], text: str, words: frozenset[str], known: dict[str, str], note_words: frozenset[str] = frozenset()
) -> bool:
    """Whether a sentence (``words``: its stems and its speaker's) tells of someone other than
    ``people``: it does not say their names (nor is it their turn), and its subject is its writer
    ("I expect a 2.7" for what Karim expects) or another person the graph knows ("Ama turned 36"
    for how old Efua turned). A "we" in a note (``note_words``) that names them may be them too:
    "Still Low Tide. We finally have a gig" tells of the band."""
    if not people or any(not name_stems(name).isdisjoint(words) for name in people):
        return False
    opened = SUBJECT_OPENER.sub("", text, count=1)
    first = fold(opened.split(maxsplit=1)[0].strip(",.:;!?")).replace("’", "'") if opened.strip() else ""
    if first in FIRST_PLURAL and all(not name_stems(name).isdisjoint(note_words) for name in people):
        return False
    # A jot that opens with a past verb is its writer's: "Moved issues from Notion to Linear."
    if first in FIRST_PERSON or (first not in known and (first in IRREGULAR_PAST or PAST_VERB.fullmatch(first))):
        return True
    # "Her husband Marcus cooked laksa": the subject is the name after whose and what they are.
    lead = KIN_BEFORE_NAME.match(text)
    opens = lead.end() if lead else 0
    subject = next((span for span in name_spans(text, known) if span.start == opens), None)
    return subject is not None and known.get(fold(subject.text)) == "Person"


def maybe_persons(question: Question, known: dict[str, str]) -> list[str]:
    """The question's names the graph knows for nothing but a person: whom a chat may speak of."""
    return [name for name in question.names if known.get(fold(name), "Person") == "Person"]


def speaks_of_self(people: list[str], text: str, speaker: str | None) -> bool:
    """Whether a chat turn of someone not asked about tells of its speaker: it says I or we and
    neither "you" nor an asked name ("Lina and I booked Iceland" is Tove's, not Dayo's)."""
    if speaker is None or not people or any(stem(speaker) in name_stems(name) for name in people):
        return False
    said = frozenset(stems(text))
    if any(not name_stems(name).isdisjoint(said) for name in people):
        return False
    return SAID_OF_ME.search(text) is not None and SECOND_PERSON.search(text) is None


# The words of a sentence its speaker says of themselves.
SAID_OF_ME = re.compile(r"(?i:\b(?:i|i['’]m|i['’]ve|i['’]ll|i['’]d|me|my|we|we['’]re|we['’]ve|us|our)\b)")


def owner_named(question: Question, name: str) -> bool:
    """Whether the question names ``name`` as an owner: "Asel's dentist", "who is Salma's manager"."""
    return re.search(rf"(?i:\b{re.escape(name)}['’]s\b)", question.text) is not None


def writers_own_reply(people: list[str], passage: Passage) -> bool:
    """Whether the sentence is the writer's reply to a question put to them ("Beam: is it true
    you're moving to Bangkok??" — "yes, last day at Suandok is 30 April") that, with the question,
    names none of ``people`` and speaks of no he or she: it tells of the writer, not of those the
    question asks about ("when did Fah leave Suandok")."""
    if not people or passage.speaker is not None or not passage.reply or not passage.context:
        return False
    asked_you = SECOND_PERSON.search(passage.context[0]) is not None
    # "are you coming to Sam's wedding?" — "yes, it's on 12 June" answers of Sam.
    said = passage.words | stems(passage.context[0])
    named = any(not name_stems(name).isdisjoint(said) for name in people)
    return asked_you and not named and THIRD_PERSON.isdisjoint(passage.words)


THIRD_PERSON = frozenset(stem(word) for word in ("he", "she", "they", "him", "her", "them", "his", "hers", "their"))


# Whose someone is, and what to them, before their name opening a sentence: "Her husband Marcus".
KIN_BEFORE_NAME = re.compile(r"(?:[Mm]y|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur|[Yy]our)\s+(?:[a-z-]+\s+){1,2}(?=[A-Z])")


# "Jonas's dog": a thing the question says whose it is.
OWNED = re.compile(r"\b([A-Z][\w-]*)['’]s\s+(?:(?:old|new|first|last)\s+)?([a-z][\w-]*)")
# Words before a thing that say whose it is, seen from the speaker.
MINE = frozenset(("my", "our"))
NOT_MINE = frozenset(("your", "that", "his", "her", "their"))


def named_anothers(question: Question, text: str) -> bool:
    """Whether ``text`` names the thing the question asks of as someone else's: "Leila's wedding"
    for "when is Jonas's wedding"."""
    owned = OWNED.search(question.text)
    if owned is None:
        return False
    owner, thing = stem(owned.group(1)), stem(owned.group(2))
    return any(stem(m.group(1)) != owner and stem(m.group(2)) == thing for m in OWNED.finditer(text))


# The verb a question asks its subject did: "where did Dayo move to", "where does Lina work",
# "when did I start".
ASKED_VERB = re.compile(
    r"(?i:\b(?:did|does|do|will|would|has|have|had|can|could)\s+(?:i|you|we|he|she|they|(?-i:[A-Z][\w'’-]*))"
    r"(?:\s+and\s+(?:i|(?-i:[A-Z][\w'’-]*)))?\s+([a-z]+)\b)"
)
# Someone's someone right before a verb, the one who does it: "our old keyboard player moved",
# "my sister lives"; not "my sister and I moved".
WHOSE_DOER = re.compile(r"(?i:\b(?:my|our|his|her|their|your)\s+((?:[\w'’-]+\s+){1,4})$)")
# Someone named right before a verb: "Dawit starts at Abay Bank", "Julia Brandt moved".
NAMED_DOER = re.compile(r"((?:[A-Z][\w'’-]*\s+){1,2})$")
# Where a clause opens: a mark, or a word that joins one to the one before.
CLAUSE_OPENS = re.compile(r"(?i:[,;:!?()]|\.\s|\b(?:and|but|so|because|when|while|then|after|before)\s)")


def done_by_another(question: Question, text: str, known: dict[str, str]) -> bool:
    """Whether every time the sentence does what the question asks its subject did, it is someone
    else's someone who does it, or someone else the graph knows as a person (``known``): "Yes, our
    old keyboard player moved to Glasgow" tells nowhere Dayo moved (nor where I did), "Dawit starts
    at Abay Bank in June" not when I did. Someone the question asks of stays: "where did my sister
    move"."""
    asked = ASKED_VERB.search(question.text)
    if asked is None:
        return False
    verb = stem(asked.group(1))
    done = [m for m in WORD.finditer(text) if stem(m.group(0)) == verb and m.start() > 0]
    if not done:
        return False
    focus = {stem(word) for word in question.focus}
    for at in done:
        clause = CLAUSE_OPENS.split(text[: at.start()])[-1]
        doer = WHOSE_DOER.search(clause) or named_doer(clause, known)
        if doer is None:
            return False
        # The question's words split a hyphened name ("Seo-ah": seo, ah); so are the doer's.
        if not focus.isdisjoint(stem(part) for word in WORD.findall(doer.group(1)) for part in word.split("-")):
            return False
    return True


def named_doer(clause: str, known: dict[str, str]) -> re.Match[str] | None:
    """The name of a person the graph knows that ends ``clause``, right before its verb: "Dawit",
    "Julia Brandt"; its last word alone if the two are no name ("Yesterday Dawit")."""
    found = NAMED_DOER.search(clause)
    if found is None:
        return None
    if known.get(fold(found.group(1).strip())) == "Person":
        return found
    last = NAMED_DOER.search(clause, found.start() + len(found.group(1).split()[0]))
    return last if last is not None and known.get(fold(last.group(1).strip())) == "Person" else None


# The one a question asks did something, by name: "how much did Dougie sell his car for".
ASKED_DOER = re.compile(r"\b(?:did|does|do|will|would|has|have|had|can|could)\s+([A-Z][\w'’-]*)\s+([a-z]+)\b")
# Whom a deed is done to or got from, right after it: "sold the Punto to Dougie", "bought it off Jo".
DONE_TO = re.compile(r"(?i:\b(?:to|from|off|for)\s+([\w'’-]+))")


@lru_cache(maxsize=64)
def asked_deed(asked: str) -> tuple[str, str] | None:
    """The stems of whom a question asks did something and of the deed ("how much did Kieran sell
    his bike for": kieran, sell), or None; read once for every sentence it is held against."""
    found = ASKED_DOER.search(asked)
    return None if found is None else (stem(found.group(1)), stem(found.group(2)))


def done_to_the_asked(question: Question, text: str) -> bool:
    """Whether the one the question asks did something is, every time the sentence does it, the
    one it is done to or got from, and never named before it: "sold the Fiat Punto to Dougie for
    £600" tells nothing Dougie sold (a false premise, not an answer)."""
    deed = asked_deed(question.text)
    if deed is None:
        return False
    doer, verb = deed
    done = [m for m in WORD.finditer(text) if stem(m.group(0)) == verb]
    if not done:
        return False
    for at in done:
        clause_start = text[: at.start()]
        if doer in {stem(word) for word in WORD.findall(CLAUSE_OPENS.split(clause_start)[-1])}:
            return False
        after = CLAUSE_OPENS.split(text[at.end() :])[0]
        if not any(stem(m.group(1)) == doer for m in DONE_TO.finditer(after)):
            return False
    return True


def notes_of_a_deed_done_to_the_asked(question: Question, found: Sequence[Passage]) -> set[str]:
    """The notes whose every sentence naming the one the question asks did something says it was
    done to them ("Sold my old bike to Kieran for £90"): the rest of such a note is not about what
    they did ("rent £820" beside it answers nothing Kieran sold)."""
    deed = asked_deed(question.text)
    if deed is None:
        return set()
    naming = [(p.note_id, done_to_the_asked(question, p.text)) for p in found if deed[0] in p.words]
    return {note for note, done in naming if done} - {note for note, done in naming if not done}


def anothers_thing(question: Question, passage: Passage) -> bool:
    """Whether the sentence speaks of someone else's thing than the one the question asks of
    ("what is Jonas's dog called"): its owner saying "that dog" or "your dog" (people call their
    own "my dog"), someone else saying "my dog", or anyone naming another owner's ("Leila's dog")."""
    return anothers_thing_in(question, passage.text, passage.speaker)


def anothers_sum_unsaid(question: Question, passage: Passage) -> bool:
    """Whether the question asks for someone's sum ("how much is Yousef's rent") and the sentence
    does not say that sum's word (another sum near their name is none of it: "JD 200 a month into
    savings" in a note that names Yousef), or says it of no one it names, speaks as or calls his or
    hers ("rent goes to 6 triệu" in a jot whose next line names Linh is the writer's)."""
    owned = OWNED.search(question.text)
    if owned is None or owned.group(2).lower() not in MONEY_OF_MINE:
        return False
    if stem(owned.group(2)) not in passage.words:
        return True
    owner = stem(owned.group(1))
    theirs = bool(THIRD_PERSON & passage.words) and owner in passage.around
    return owner not in passage.words and not theirs


def anothers_thing_in(question: Question, text: str, speaker: str | None) -> bool:
    """:func:`anothers_thing` of a sentence ``text`` said by ``speaker`` (None: the writer)."""
    owned = OWNED.search(question.text)
    if owned is None:
        return False
    if named_anothers(question, text):
        return True
    owner, thing = stem(owned.group(1)), stem(owned.group(2))
    by_owner = speaker is not None and stem(speaker) == owner
    words = WORD.findall(text)
    for before, word in pairwise(words):
        if stem(word) == thing and fold(before) in (NOT_MINE if by_owner else MINE):
            return True
    return False


def in_question(span: Span, question: Question) -> bool:
    """Whether the span repeats a name of the question or only its words: never an answer. An
    email, phone number or address of the kind asked is its own value though it spells a name of
    the question ("priscilla.osei@northwind.io" for Priscilla's email)."""
    if question.kind in SHAPED_KINDS and question.kind in span.sure:
        return False
    words = stems(span.text)
    names = {stem(word) for name in question.names + question.markers for word in name.split()}
    return bool(words & names) or (bool(words) and words <= {stem(f) for f in question.focus})


def near_focus(span: Span, text: str, weight: dict[str, float]) -> float:
    """The weighted share of the question's words within a few words of the span; a bracket right
    after it is its own and ends them ("Maria Lind (QA lead), Sami Virtanen (CTO)": no CTO near
    Maria)."""
    after = text[span.end : span.end + NEAR_CHARS]
    bracket = OWN_BRACKET.match(after)
    window = stems(text[max(0, span.start - NEAR_CHARS) : span.start] + " " + (bracket.group(0) if bracket else after))
    total = sum(weight.values()) or 1.0
    return sum(w for key, w in weight.items() if holds(key, frozenset(window))) / total


# A question of a deadline ("when is the report due", "what's the deadline for the slice"), which a
# day answers, never a time of day alone ("shipped at 4:58pm").
# Questions whose answer is a day, never a time of day alone: a deadline, a launch, or a "when"
# asked in the past ("when did I start at …": a day the notes tell; "when does the bakery open"
# may be a clock's).
DAY_ASKED = re.compile(
    r"(?i:\b(?:due|deadline|by\s+when|go(?:es)?\s+live|launch(?:es)?|released?)\b|^\s*when\s+(?:did|was|were)\b)"
)


# What may stand beside a time of day in a span that tells no day: "at 10:30".
AT = re.compile(r"(?i:\bat\b)")
# A word of two letters or more: a day's ("Sat", "27 March") beside the time.
WORDED = re.compile(r"[^\W\d_]{2,}")


def clock_only(text: str) -> bool:
    """Whether a span is a time of day and nothing else ("4:58pm", "at 10:30"; not "Sat 3pm")."""
    return TIME_OF_DAY.search(text) is not None and not WORDED.search(AT.sub("", TIME_OF_DAY.sub("", text)))


# Words right before a sum that make it a limit, not an amount: "under 2,300", "max £50".
BOUND_BEFORE = re.compile(
    r"(?i:\b(?:under|below|less\s+than|at\s+most|max(?:imum)?|up\s+to|no\s+more\s+than|budget)\s*$)"
)
# Characters on each side of a span that are near it (a few words).
NEAR_CHARS = 40
OWN_BRACKET = re.compile(r"\s*\([^()]*\)")


def told_in_past(sentence: str, at: int) -> bool:
    """Whether a day at ``at`` of ``sentence`` is told in the past: by the last verb before it
    that has a tense ("offered me the job: I start 6 April" is ahead), else by any past verb in
    the sentence. What stands before an arrow ("asked about the mock dates -> 3 March") is
    another clause: only the day's own counts."""
    cut = max((m.end() for m in ARROW.finditer(sentence, 0, at)), default=0)
    sentence, at = sentence[cut:], at - cut
    before = sentence[:at]
    # "Ola is getting married on 12 September": a participle after a present "is" or "getting"
    # takes that verb's tense.
    pasts = [m for m in past_verbs(before) if PRESENT_HELPER.search(before, 0, m.start()) is None]
    last_past = max((m.end() for m in pasts if m.group(0).lower() not in ARRANGED_VERBS), default=-1)
    present = (
        *(m.end() for m in OWN_VERB.finditer(before) if m.group(1) not in IRREGULAR_PAST and not past_form(m.group(1))),
        *(m.end() for m in THEIR_VERB.finditer(before) if third_person_present(m)),
    )
    arranged = (m.end() for m in pasts if m.group(0).lower() in ARRANGED_VERBS)
    last_ahead = max((*(m.end() for m in AHEAD.finditer(before)), *present, *arranged), default=-1)
    if last_past < 0 and last_ahead < 0:
        return bool(past_verbs(sentence))
    return last_past > last_ahead


def third_person_present(said: re.Match[str]) -> bool:
    """Whether a :data:`THEIR_VERB` match is a verb after its subject: its stem an English word,
    the word before no day or month ("Monday mornings" is no "Monday morns")."""
    subject, verb = fold(said.group(0).split()[0]), said.group(1).lower()
    if subject in MONTHS or subject in WEEKDAYS:
        return False
    return english_stem(
        verb[:-1], verb[:-2] if verb.endswith("es") else "", verb[:-3] + "y" if verb.endswith("ies") else ""
    )


def english_stem(*stems: str) -> bool:
    """Whether any of a word's possible stems ("start" of "starts", "supply" of "supplier") is an
    English word of three letters or more."""
    words = english_words()
    return any(len(stem) >= 3 and stem in words for stem in stems)


def past_form(word: str) -> bool:
    """Whether a word reads as a verb's past: an irregular one the pattern knows, or a regular one
    whose stem is an English word ("booked", "moved", "stopped", "tried", "agreed"; not "need",
    "speed", "indeed", "red")."""
    folded = word.lower()
    if not folded.endswith("ed"):
        return PAST.fullmatch(folded) is not None
    words = english_words()
    if folded.endswith("eed"):
        return len(folded) >= 5 and folded[:-1] in words  # "agreed", "freed"; not "need", "feed"
    doubled = len(folded) > 4 and folded[-3] == folded[-4] and folded[:-3] in words  # "stopped"
    return doubled or english_stem(folded[:-2], folded[:-1], folded[:-3] + "y" if folded.endswith("ied") else "")


def past_verbs(text: str) -> list[re.Match[str]]:
    """The verbs of ``text`` in the past tense (see :func:`past_form`)."""
    return [m for m in PAST.finditer(text) if past_form(m.group(0))]


def narrowed(asked: Span, told: list[Span], written: datetime) -> bool:
    """Whether a time a question offers (``asked``) is narrowed by one its reply tells (``told``):
    "Are you going to Green Man this year?" — "Yes, 14 to 17 August"; "Are you coming to Tokyo in
    April?" — "10 to 24 April!". The question's time is then no answer; one as wide as the reply's
    ("at the review on the 14th?" — "sure, slides by Monday") still is."""
    wide, _ = parse_temporal(asked.text, written)
    if wide is None:
        return False
    for span in told:
        narrow, _ = parse_temporal(span.text, written)
        if narrow is not None and narrow.end - narrow.start < wide.end - wide.start:
            return True
    return False


def spoken_time(span: Span, sentence: str, written: datetime) -> str:
    """A day as the note tells it, with what it means resolved against the note's date: "Monday
    (Mon 16 Mar 2026)", "last weekend (Sat 18 – Sun 19 Mar 2023)", "next month (July 2023)". A day
    is read in the sentence's direction (a plan's Friday is the coming one); a month or season in
    a plan is the coming one too. ``sentence`` is the one the span is in: its tense says the
    direction; ``written`` is its note's date."""
    found, _ = parse_temporal(span.text, written)
    if found is None:
        return span.text
    # "Dr. Osei moved my check-up to the 24th": a past verb pointing ahead tells a day to come.
    past = told_in_past(sentence, span.start) and FORWARD_BEFORE.search(sentence[: span.start]) is None
    start, end = found.start, found.end
    if end - start <= timedelta(days=1):
        day = stated_date(span.text, written, past)
        return f"{span.text} ({day_text(day.moment if day else start)})"
    # A plan's month already over is next year's; "this quarter" ends at the writing and stays.
    if not past and end < written and not BACKWARD.search(span.text):
        start, end = start.replace(year=start.year + 1), end.replace(year=end.year + 1)
    last = end - timedelta(seconds=1)
    if (end - start).days <= 3:
        told = f"{day_text(start, with_month=False, with_year=False)} – {day_text(last)}"
    elif start.day == 1 and last.month == start.month:
        told = f"{start:%B %Y}"
    else:
        told = f"{start.day} {start:%b} – {last.day} {last:%b %Y}"
    return f"{span.text} ({told})"


def typed_spans(
    question: Question, text: str, written: datetime, known: dict[str, str], turn: bool = False
) -> list[Span]:
    """The spans of ``text`` (the sentence or one around it; ``turn``: a chat turn of someone
    else's) of the kind asked for, none of them a name of the question or only its words, nor the
    one the sentence speaks to, nor for "who" a tool the word lists know."""
    values = value_spans(text, written, question.kind)
    if question.kind == AnswerKind.PLACE:
        # "where does Antti work" — "Antti works at a paper mill": a place of common nouns too.
        # The thing is what the question names without a name: "the Claimwise office" is an office.
        named = {fold(word) for name in question.names + question.markers for word in name.split()}
        thing = tuple(w for w in question.focus if w not in named)
        values += spot_spans(text, thing, question.measure == SPOT_MEASURE)
    names = (
        [
            n
            for n in name_spans(text, known)
            if not any(v.start < n.end and n.start < v.end for v in values) and not spoken_to(n, text, turn)
        ]
        if question.kind in ANY_NAME
        else []
    )
    if question.kind == AnswerKind.PERSON:
        # A tool the word lists know is nobody ("Todoist" in "switched from Todoist to TickTick, Dev
        # sold me on it"); the graph's types, often wrong on unseen notes, stay a feature.
        names = [n for n in names if fold(n.text) not in LEXICON_TYPES]
    return [span for span in values + names if question.kind in span.kinds and not in_question(span, question)]


def sentence_measures(
    question: Question, passage: Passage, weight: dict[str, float], age: float, people: list[str]
) -> dict[str, float]:
    """What a sentence shares with the question: the weighted share of its words inside the
    sentence and only around it, whether a topic word (neither a name nor a word of the closing
    scene) is there, whether the names are said in it (or by its speaker), the note's search
    rank, cosine and age. ``people``: the persons the question asks about."""
    have, around = passage.words, passage.around
    if passage.reply and passage.context:
        # "Eetu: when do you start" — "me: 13 April": a reply says what the question it answers asks.
        have = have | passage.asked
    if passage.speaker and question.telling is not None:
        # "who told me to try Bitwarden" — "Zinhle: Bitwarden. trust me": a chat turn is the telling.
        have = have | stems(question.telling)
    total = sum(weight.values()) or 1.0
    names = [name_stems(name) for name in question.names]
    named = {key for keys in names for key in keys}
    speaker = stem(passage.speaker) if passage.speaker else None
    # The names its note's heading says are the sentence's own: "4,300 € a month" under "## Valo
    # Health - second interview".
    have = have | (passage.heading & named)
    if question.kind not in (AnswerKind.PERSON, AnswerKind.NAME):
        # "when is my dentist follow-up" — "BangkokSmile follow-up w/ Dr. Thanawat": the holder of
        # the writer's relation named speaks of it ("who is my dentist" wants the holder: not there).
        have = have | {stem(word) for word, holder in question.holders if not holder_stems(holder).isdisjoint(have)}

    def says(keys: set[str]) -> bool:
        """Whether the sentence (with its note's heading) or its speaker says the name of these stems."""
        return not keys.isdisjoint(have) or speaker in keys

    said = all(says(keys) for keys in names)
    if question.measure == "much" and all(says(name_stems(p)) for p in people) and MONEY.search(passage.text):
        # "how much does the ICU job pay" — "ICU nights 2 per week, 1,950 euros gross a month": a
        # sum says it, in a sentence that names whom the question asks about.
        have = have | {stem(word) for word in question.focus if word in MONEY_WORDS}
    if SCORE_SHAPE.search(passage.text):
        # "what did I score on part 1" — "88 out of 100 on the multiple choice": the shape says it.
        have = have | {stem(word) for word in question.focus if word in SCORE_WORDS}
    leaving = {key for key in weight if key in LEAVING_STEMS}
    if leaving and question.measure != CLOCK_MEASURE:
        # "why did I leave Evernote" — "Switched my notes from Evernote": any verb of leaving says
        # it ("what time do we stop roasting" asks when work ends, not who left).
        have = have | leaving if not LEAVING_STEMS.isdisjoint(have) else have
        around = around | leaving if not LEAVING_STEMS.isdisjoint(around) else around
    if said or not names:
        have, around = said_also(weight, have), said_also(weight, around)
    scene = {stem(word) for word in question.setting}
    topic = [key for key in weight if key not in named and key not in scene]
    return {
        "inside": sum(w for key, w in weight.items() if holds(key, have)) / total,
        "around": sum(w for key, w in weight.items() if not holds(key, have) and holds(key, around)) / total,
        "topic_inside": float(not topic or any(holds(key, have) for key in topic)),
        "topic_near": float(not topic or any(holds(key, have) or holds(key, around) for key in topic)),
        "names_said": float(bool(names) and said),
        "unnamed": float(not names),
        "reply": float(passage.reply),
        "rank": 1 / (1 + passage.rank),
        "similarity": passage.similarity,
        # Who told of something is who told first: a later note that speaks of it again (the
        # firm's own letter) is no telling; the oldest sentence counts as the newest does elsewhere.
        "recency": (1 - age) if question.earlier or question.telling is not None else age,
        "length": min(len(passage.text.split()), LONG_SENTENCE) / LONG_SENTENCE,
        f"kind_{question.kind.value}": 1.0,
    }


def said_also(weight: dict[str, float], words: frozenset[str]) -> frozenset[str]:
    """``words`` with each question word (a key of ``weight``) they say in other words
    (:data:`SAID_ALSO`): "moved" holds "live"."""
    return words | {key for key in weight if not SAID_ALSO_STEMS.get(key, frozenset()).isdisjoint(words)}


def sum_beside(span: Span, text: str) -> bool:
    """Whether the sentence tells a sum other than the number at ``span``: money or a sum per a
    period that does not touch it ("2 rooms, 890 €/month" beside 2; not the 29 of "saves me 29 a
    month", whose period is its own)."""
    return any(m.start() > span.end + 1 or m.end() < span.start for m in MONEY.finditer(text))


def unit_clashes(question: Question, span: Span) -> bool:
    """Whether a number's unit says it measures something else than asked: a stretch of time for
    "how much is the studio" ("five minutes from the studio") or for "how many words" ("saved me
    two days"), anything else for "how much time", a sum of money for "how long"."""
    duration = unit_fits(span, "long") and not unit_fits(span, "much")
    if question.measure == "much":
        # "how much time did it save me" asks for the stretch of time, nothing else.
        return not duration if TIME_ASKED.search(question.text) else duration
    if question.measure == "many":
        return duration and not unit_fits(span, "many") and not TIME_ASKED.search(question.text)
    if question.measure == "long":
        return unit_fits(span, "much") and not unit_fits(span, "long")
    return False


# The noun right after "what" or "which" ("what car", "which app"): the kind of thing asked for.
WHAT_NOUN = re.compile(r"(?i)^\s*(?:what|which)\s+([a-z]+)\b")
# Nouns after "what/which" that a person answers ("which doctor", "what name").
PERSON_NOUNS = RELATIONS | frozenset({"person", "people", "guy", "man", "woman", "girl", "boy", "name", "names"})


@lru_cache(maxsize=256)
def asks_a_thing(question: str) -> bool:
    """Whether "what/which" and the noun after it ask for a thing no person is: "what car", "which
    app" (not "which doctor", nor "what is", "what did")."""
    noun = WHAT_NOUN.match(question)
    if noun is None:
        return False
    word = noun.group(1).lower()
    return word not in PERSON_NOUNS and word not in STOPWORDS and word not in AUXILIARIES and not agent_noun(word)


def asks_an_object(question: str) -> bool:
    """Whether "what/which" and the noun after it ask for a thing one has or uses, which no place
    is: "what car", "which app" (not "which hotel", "what shop")."""
    noun = WHAT_NOUN.match(question)
    return noun is not None and noun.group(1).lower() in OBJECT_NOUNS


# Nouns of things one drives, rides or runs, never a place.
OBJECT_NOUNS = frozenset(
    {
        *("car", "cars", "van", "truck", "bike", "motorbike", "scooter", "vehicle", "app", "apps", "tool"),
        *("tools", "software", "program", "laptop", "phone", "editor", "browser", "language", "framework"),
    }
)


def agent_noun(word: str) -> bool:
    """Whether a noun names one who does something, a person or a firm: "buyer", "supplier",
    "driver", "florist" (its stem an English verb; "printer" reads so too, and is left unjudged)."""
    if word.endswith("ist") and len(word) > 5:
        return True
    if not word.endswith(("er", "or")):
        return False
    return english_stem(word[:-2], word[:-1], word[:-3] + "y" if word.endswith("ier") else "")


def no_count(question: Question, span: Span, text: str) -> bool:
    """Whether a number cannot be the count asked for at all: which one in a row ("Samira's first
    time at the seaside" for "how old is Samira"), a sum of money for an age, or how many things
    there are ("a set of four mugs") for how long, how far or how old."""
    if ORDINAL.fullmatch(span.text) and question.measure in COUNTED_MEASURES:
        return True
    counted = THINGS_COUNTED.match(text, span.end)
    if question.measure in STRETCH_MEASURES and counted and counted.group(1) not in STOPWORDS:
        # The word counted is no unit of a stretch: "25 kilometres", "two years" hold theirs.
        return MEASURE_UNITS["long"].search(counted.group(1)) is None
    return question.measure == "old" and MONEY.search(span.text) is not None


# Which one in a row ("first", "the third"): an order, never how many, how old or how long.
ORDINAL = re.compile(r"(?i:(?:the\s+)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth))")
# The measures a count answers: an ordinal clashes with each.
COUNTED_MEASURES = frozenset(("many", "old", "long", "far", "often"))
# The measures of a stretch (of time, of way, of life), which no number of things answers.
STRETCH_MEASURES = frozenset(("long", "far", "old"))
# Things a number counts, right after it: "four mugs", "two little kids" (not "25 km in the Veluwe").
THINGS_COUNTED = re.compile(r"\s+(?:[a-z]+\s+)?([a-z]{2,}s)\b")

# A question that asks for a stretch of time ("how much time", "how many days"; not the period of
# a sum: "how much did the gym cost a month").
TIME_ASKED = re.compile(
    r"(?i:\bhow\s+(?:much|many)\s+(?:more\s+)?(?:time|minutes?|hours?|days?|nights?|weeks?|months?|years?|seasons?)\b)"
)


# Words of a sentence past which its length tells nothing more.
LONG_SENTENCE = 40


def told_in_turn(question: Question, span: Span, text: str, speaker: str) -> bool:
    """Whether a "who told" question's candidate is someone a chat turn names, not its speaker,
    nor one it says told ("Ryo: Okada said you asked him")."""
    if question.telling is None or fold(span.text) == fold(speaker):
        return False
    return TOLD_AFTER.match(text, span.end) is None


def span_measures(question: Question, span: Span, text: str, among: int, weight: dict[str, float]) -> dict[str, float]:
    """What a span brings: its kind sure or contrary to the graph's type, a question word near it,
    a unit that fits, a value left behind ("from X to Y"), and how many spans of the kind it stands
    among."""
    left = span.before == "from" and TO.search(text, span.end) is not None
    return {
        "sure": float(question.kind in span.sure),
        # The graph types the name as something that cannot answer: a tool for "who", a person
        # for "where" (its types are often wrong on unseen notes, so a feature, not a filter).
        "contrary": float(
            (bool(span.sure) and (question.kind not in span.sure or (question.human and span.sure == FIRM_KINDS)))
            # "who told me about the job": one the writer tells ("don't tell Solveig") told nothing.
            or (question.telling is not None and TOLD_BEFORE.search(text, 0, span.start) is not None)
            # "what time do we stop roasting": a day ("before Friday") is no time of day; "when was
            # the slice due": a time of day alone is no day.
            or (question.measure == CLOCK_MEASURE and TIME_OF_DAY.search(span.text) is None)
            or (DAY_ASKED.search(question.text) is not None and clock_only(span.text))
            # "how much does it pay": a sum has figures ("second", "the fourth floor" are none),
            # beside a sum ("2 rooms, 890 €/month") a bare count is none either, and a limit set
            # on it ("rentals under 2,300") is no sum paid.
            or (
                question.measure == "much"
                and (
                    not any(ch.isdigit() for ch in span.text)
                    or (not unit_fits(span, "much") and sum_beside(span, text))
                    or BOUND_BEFORE.search(text, 0, span.start) is not None
                )
            )
            or unit_clashes(question, span)
            # "what car does Hiro drive": a person is no car ("Daisuke will drive"), nor is a place
            # a car or an app ("Matías finally moved down to Santa Cruz").
            or (question.kind == AnswerKind.NAME and span.sure == PERSON_KINDS and asks_a_thing(question.text))
            or (span.sure == KIND_OF_TYPE["Place"] and asks_an_object(question.text))
        ),
        "near": near_focus(span, text, weight),
        "unit": float(unit_fits(span, question.measure)),
        "from_earlier": float(left and question.earlier),
        "from_current": float(left and not question.earlier),
        "alone": 1 / among,
    }


@dataclass(frozen=True)
class Candidate:
    """An answer read in one sentence, and what the reading measured about it (the answer model's
    features, by name)."""

    answer: str
    sentence: str
    passage: Passage
    features: dict[str, float]
    # The note (id, time written) the answer stands in, when it is not the passage's own.
    note: tuple[str, datetime] | None = None
    # Said as what something is called: "Samira named it Grijsje", "Name?" — "Saffran.".
    named: bool = False


# A result counted in points: "88 out of 100", "7/10", "92%", "41 points".
SCORE_SHAPE = re.compile(r"\b\d+(?:\s*(?:out\s+of|/)\s*\d+\b|\s*%|\s+points\b)")
# A thing named by its number: "part 2", "route 4", "flat 12", "room #3" (not a day: "March 14").
NUMBERED = re.compile(r"\b([^\W\d_]{2,})\s+#?(\d{1,3})\b(?![:.,/]\d)")
# The word right before a number that names which one it is.
NUMBERED_BEFORE = re.compile(r"\b([^\W\d_]{2,})\s+#?$")


def numbered(text: str) -> set[tuple[str, str]]:
    """(stem of the word, number) of each thing ``text`` names by its number."""
    return {
        (stem(word), number)
        for word, number in NUMBERED.findall(text)
        if fold(word) not in STOPWORDS and fold(word) not in MONTHS and fold(word) not in WEEKDAYS
    }


@lru_cache(maxsize=256)
def asked_numbered(question: str, focus: tuple[str, ...]) -> frozenset[tuple[str, str]]:
    """The things a question names by their number among its focus words ("when did I pass part 2")."""
    topics = {stem(word) for word in focus}
    return frozenset(pair for pair in numbered(question) if pair[0] in topics)


def another_numbered(question: Question, text: str) -> bool:
    """Whether ``text`` speaks of another one of what the question names by its number: "part 1
    theory is 14 March" answers nothing of part 2 (unless it names part 2 too)."""
    asked = asked_numbered(question.text, question.focus)
    if not asked:
        return False
    said = {pair for pair in numbered(text) if pair[0] in {word for word, _ in asked}}
    return bool(said) and not said & asked


def number_label(question: Question, text: str, span: Span) -> bool:
    """Whether the number ``span`` of ``text`` is the label of a thing of the kind the question
    names by its number ("2" of "Part 2 is the driving test"): which one, never how many."""
    words = {word for word, _ in asked_numbered(question.text, question.focus)}
    before = NUMBERED_BEFORE.search(text, 0, span.start)
    return before is not None and stem(before.group(1)) in words


def happened_that_day(question: Question, sentence: str) -> bool:
    """Whether the note's own day answers "when" for a sentence that states no day: it tells of
    something done ("Moved into the apartment"), and the question asks when something happened,
    not for a date a value holds (a birthday, a deadline)."""
    return bool(past_verbs(sentence)) and DATE_VALUES.isdisjoint(question.focus)


# A name a chat turn opens on to speak to someone: "Hi Walt, …", "Walt, did you …", "Walt the
# parks are hiring". That is whom the turn is said to (mostly the writer), never what it tells.
GREETED = re.compile(r"^(?i:hi|hey|hello|morning|evening|thanks|thank\s+you|dear|yo)\b[\s,]*")
SPOKEN_TO_BEFORE = re.compile(
    r"^(?:[,!?:]|\s+(?i:the|a|an|you|i|we|did|do|are|can|could|how|what|where|when|why|guess|look|listen)\b)"
)


def spoken_to(span: Span, text: str, turn: bool) -> bool:
    """Whether the name ``span`` of ``text`` is whom the sentence speaks to: greeted at its start,
    cried out first ("Mum!! …"), or (in a turn of someone else's, where "Tom the plumber came" is
    not said) named first and followed by a comma, a question's word or an article."""
    greeted = GREETED.match(text)
    if not greeted and place_only(span.text):
        return False
    start = greeted.end() if greeted else 0
    if span.start != start and not (greeted and span.start == 0):
        return False
    # "Mum!! Laila is great": a name cried out first is whom anyone's sentence speaks to.
    cried = text[span.end :].startswith("!")
    return greeted is not None or cried or (turn and SPOKEN_TO_BEFORE.match(text[span.end :]) is not None)


# An owner and a tie in a question, and the word after it: "Anouk's brother marrying", "my wife
# work" (not "my manager at Acme", "my dentist now"). Group 1 is the tie, group 2 the word after.
OWNED_TIE = re.compile(r"(?i)\b(?:my|your|his|her|our|their|[^\W\d_][\w-]*['’]s)\s+([a-z-]+)(?:\s+([a-z]+))?")


# Words after a tie that ask for its holder still: "what is my brother called", "my dentist today".
NO_VERB_AFTER_TIE = frozenset({"called", "named", "today", "currently", "since", "until", "again", "back"})


@lru_cache(maxsize=256)
def tie_as_subject(question: str) -> str | None:
    """The tie a question names as whom it asks about rather than as what it asks for: "who is
    Anouk's brother marrying" asks of the brother (not "who is Anouk's brother")."""
    for match in OWNED_TIE.finditer(question):
        after = (match.group(2) or "").lower()
        if match.group(1).lower() in RELATIONS and after and after not in STOPWORDS and after not in NO_VERB_AFTER_TIE:
            return match.group(1).lower()
    return None


def named_as_tie(span: Span, text: str, tie: str) -> bool:
    """Whether the name ``span`` of ``text`` is said as the holder of ``tie`` ("My brother Daan",
    "her little sister, Ola,"): whom the question asks about, never its answer."""
    return re.search(rf"(?i)\b{re.escape(tie)},?\s+$", text[: span.start]) is not None


def passage_candidates(
    question: Question,
    passage: Passage,
    measured: dict[str, float],
    weight: dict[str, float],
    known: dict[str, str],
    people: list[str],
    spoken_of: list[str],
) -> list[Candidate]:
    """The answers one sentence offers: every span of the asked kind in it and in the sentences
    beside it (not one about someone other than ``people``, the persons asked about, nor a chat
    turn's own of someone but ``spoken_of``, whom a turn may speak of); for "when"
    where none is, the note's own day; for "which", or a reason or other question, the sentence
    itself."""
    out: list[Candidate] = []
    if another_numbered(question, passage.text):
        return out  # the sentence is about another one, and so are the ones beside it
    if question.kind in SPAN_KINDS:
        besides = zip(passage.context, passage.context_notes, passage.context_speakers, strict=True)
        own = (passage.text, 0.0, None, passage.speaker)
        own_times: list[Span] = []
        tie = tie_as_subject(question.text) if question.kind in ANY_NAME else None
        for text, beside, note, said_by in (own, *((c, 1.0, n, t) for c, n, t in besides)):
            turn = said_by is not None
            if beside and (
                about_someone_else(
                    people, text, frozenset(stems(text) | ({stem(said_by)} if said_by else set())), known
                )
                or speaks_of_self(spoken_of, text, said_by)
                or anothers_thing_in(question, text, None)
                or another_numbered(question, text)
                or done_to_the_asked(question, text)
            ):
                continue
            spans = [
                s
                for s in typed_spans(question, text, passage.created, known, turn)
                if not number_label(question, text, s)
                and not no_count(question, s, text)
                and not (tie is not None and named_as_tie(s, text, tie))
                and not (beside and is_question(text) and narrowed(s, own_times, passage.created))
            ]
            if not beside and question.kind == AnswerKind.TIME:
                own_times = spans  # the reply's own times, which may narrow a question's beside it
            for span in spans:
                told = spoken_time(span, text, passage.created) if question.kind == AnswerKind.TIME else span.text
                if passage.speaker and not beside and told_in_turn(question, span, text, passage.speaker):
                    # "who told me Midland Freight was hiring" — "Kev: ask for Joanne Ellis": whom a
                    # turn names did not tell it; its speaker did (a candidate of its own).
                    continue
                features = measured | span_measures(question, span, text, len(spans), weight) | {"beside": beside}
                # An answer is shown with the sentence it stands in; one found beside a sentence too
                # short to say much comes with it: "Dentist" found the note, "Dr. Hill on 14.01. at
                # 9:30" says when.
                short = len(passage.text.split()) < WHOLE_ANSWER_MIN_WORDS
                shown = (f"{passage.text} {text}" if short else text) if beside else passage.text
                # The name of the thing asked: "her name is Pfeffer" of a cat answers no name of a dog.
                given_name = said_as_a_name(span, text, passage, beside)
                if given_name and question.kind == AnswerKind.PLACE:
                    continue  # "Name?" — "Saffran.": what the cat is called is no place
                named = question.measure == NAME_MEASURE and bool(features.get("topic_near")) and given_name
                out.append(Candidate(told, shown, passage, features, note, named))
        if question.kind == AnswerKind.PERSON and speaks_unasked(question, passage):
            # "Lucy: We'd love to offer you the role" answers who offered it: the turn's speaker.
            assert passage.speaker is not None
            features = measured | {"sure": 1.0, "speaker": 1.0, "alone": 1 / (1 + len(out))}
            out.append(Candidate(passage.speaker, f"{passage.speaker}: {passage.text}", passage, features))
        if question.kind == AnswerKind.TIME and not out and happened_that_day(question, passage.text):
            out.append(Candidate(day_text(passage.created), passage.text, passage, measured | {"note_day": 1.0}))
        if question.kind != AnswerKind.NAME:
            return out
    reason = any(REASON.search(t) for t in (passage.text, *passage.context))
    sentence = passage.text
    if question.kind == AnswerKind.REASON and passage.context and not REASON.search(sentence):
        sentence = f"{sentence} {passage.context[-1]}"
    elif len(sentence.split()) < WHOLE_ANSWER_MIN_WORDS and passage.following:
        # "Onboarding v3 launched Monday." says what the note is about; the figure asked for is in
        # the sentence after it, so a short sentence is shown with the next one of its note.
        sentence = f"{sentence} {passage.following}"
    out.append(Candidate(sentence, sentence, passage, measured | {"whole": 1.0, "reason": float(reason)}))
    return out


def speaks_unasked(question: Question, passage: Passage) -> bool:
    """Whether the sentence is a chat turn of someone the question does not name, who speaks of
    themselves in it ("we'd love to offer you the role", "let me pass your CV on"; not "she's
    stuck at work"), or who says what the question asks who told ("who told me the depot was
    hiring" — "Ana: the depot is hiring drivers")."""
    if passage.speaker is None:
        return False
    if not SPEAKING_OF_ONESELF.search(passage.text) and question.telling is None:
        return False
    return not said_by_named(question, passage)


def read_candidates(
    question: Question, found: list[Passage], known: dict[str, str], closeness: Closeness | None = None
) -> list[Candidate]:
    """Every answer the best sentences offer, with its features. A sentence is read when its note
    names everyone the question is about and it holds enough of the question's weighted words
    (those only a sentence around it holds count for part): the best few by those words, the
    search rank, cosine and age; the top hit's own sentences are read whatever words they share.
    ``closeness`` gives each shown sentence's cosine to the question (MiniLM; None without it)."""
    if not found or not question.focus:
        return []
    weight = weights(question, found)
    people = asked_people(question, known)
    # Whose thing or tie is asked ("who is Asel's dentist"): the writer's own reply tells none of it.
    owners = [name for name in question.names if known.get(fold(name)) == "Person" and owner_named(question, name)]
    times = [p.created.timestamp() for p in found]
    newest, oldest = max(times), min(times)
    # A tie of someone the question names as its holder ("who is Salma's manager"), asked of the
    # notes; not "my boss at Lumen".
    asked_ties = [tie for word in question.focus if word in RELATIONS for tie in ties_of(word)]
    # Not a tie named only as whom something went to: "what did Tariq give Nadia's mum".
    others_tie = (
        bool(asked_ties)
        and any(owner_named(question, name) for name in question.names)
        and (question.kind in PERSON_KINDS or tie_as_subject(question.text) is not None)
    )
    own_tie = writers_tie(asked_ties)
    read: list[tuple[float, Passage, dict[str, float]]] = []
    deed_notes = notes_of_a_deed_done_to_the_asked(question, found)
    things = things_named_before(question, found)
    # Whom a chat turn beside may speak of: the persons asked about, else the names the graph
    # knows for nothing but a person.
    spoken_of = people or maybe_persons(question, known)
    # "Ingrid: did you see Dyreparken wants a keeper??" tells of the job, though put as a question.
    telling = question.telling is not None
    for passage in found:
        asked = named_for(question, passage, things)  # the question as this sentence's note reads it
        if (
            (is_question(passage.text) and not (telling and passage.speaker))
            or not names_in_note(asked, passage)
            or about_someone_else(people, passage.text, passage.words, known, passage.note_words)
            or writers_own_reply(people + owners, passage)
            or anothers_thing(question, passage)
            or anothers_sum_unsaid(question, passage)
            or done_by_another(question, passage.text, known)
            or done_to_the_asked(question, passage.text)
            or passage.note_id in deed_notes
        ):
            continue  # a question in the notes answers nothing, nor a sentence about another
        age = (passage.created.timestamp() - oldest) / (newest - oldest) if newest > oldest else 0.0
        measured = sentence_measures(asked, passage, weight, age, people)
        if others_tie and (
            not measured["topic_inside"]
            or only_titles(asked_ties, passage.text)
            or (own_tie.search(passage.text) and not said_by_named(question, passage))
            or not named_near(question, passage)
        ):
            # "who is Salma's manager": a sentence that names her and no manager says none, nor
            # one whose manager is only what someone is ("Joanne Ellis (ops manager), Dev
            # Mistry (HR)"), nor one about the writer's own ("Hany, my team lead"), nor one that names neither her
            # nor anyone beside it says her ("Annika walked me round" of "who is Petra's
            # manager"); Salma's own turn in a chat may.
            continue
        share = measured["inside"] + EXTRACT_CONTEXT_SHARE * measured["around"]
        if share < EXTRACT_MIN_COVERAGE and (
            passage.rank >= EXTRACT_ALWAYS_READ_RANKS
            or not passage.hit
            or not (measured["names_said"] or measured["unnamed"])
        ):
            continue
        prior = share + EXTRACT_RANK_WEIGHT * measured["rank"] + EXTRACT_MEANING_WEIGHT * passage.similarity
        read.append((prior + EXTRACT_RECENCY_WEIGHT * measured["recency"], passage, measured))
    read.sort(key=lambda r: -r[0])
    out = [
        candidate
        for _, passage, measured in read[:EXTRACT_READ_SENTENCES]
        for candidate in passage_candidates(question, passage, measured, weight, known, people, spoken_of)
    ]
    # Of several values of the asked kind, the newest note's is the current one (the oldest's, for
    # what came before).
    dated = [c.passage.created for c in out if "alone" in c.features]
    if dated:
        wanted = min(dated) if question.earlier else max(dated)
        for candidate in out:
            if "alone" in candidate.features and candidate.passage.created == wanted:
                candidate.features["in_time"] = 1.0
    if any(c.named for c in out):
        # "What did Samira name the Corolla": the name she gave it, not the garage it came from.
        out = [c for c in out if c.named]
    elif question.measure == NAME_MEASURE and any("whole" not in c.features for c in out):
        # "What is the name of her cat" wants a name, not a sentence about the cat, when one is said.
        out = [c for c in out if "whole" not in c.features]
    if closeness is not None:
        measure_meaning(out, closeness)
    return out


# Words right before a name that say it is what something is called: "named it", "called",
# "his name is", "the dog's name's".
NAMING_BEFORE = re.compile(
    r"(?i:\b(?:named|called|christened|dubbed)(?:\s+(?:it|him|her|them))?|\bname\s+is|\bname['’]s)\s*[:\"“]?\s*$"
)
NAME_WORD = re.compile(r"(?i:\bnamed?\b|\bcalled\b)")


def said_as_a_name(span: Span, text: str, passage: Passage, beside: float) -> bool:
    """Whether ``span`` of ``text`` is given as a name: right after a naming word, or opening the
    reply to a question that asks for one ("no way! name?" — "Saffran. the kids chose it")."""
    if NAMING_BEFORE.search(text[: span.start]) or quoted(span, text):
        return True
    asked = passage.reply and bool(passage.context) and NAME_WORD.search(passage.context[0]) is not None
    return asked and not beside and span.start == 0


def quoted(span: Span, text: str) -> bool:
    """Whether the name ``span`` is the whole of a quotation: a name given in writing ('a label:
    "Limuru Gold"', 'the boat is "Sea Biscuit"')."""
    before, after = text[: span.start].rstrip()[-1:], text[span.end :].lstrip()[:1]
    return before in OPENING_QUOTES and after in CLOSING_QUOTES


# The marks a quotation opens and closes with, straight or curly.
OPENING_QUOTES = frozenset("\"“‘'")
CLOSING_QUOTES = frozenset("\"”’'")


def named_near(question: Question, passage: Passage) -> bool:
    """Whether the sentence, the sentences beside it or its speaker name everyone the question
    names, or the sentence speaks of someone its note names ("her teacher is Ms. Arai" two turns
    after "Mio's teacher called")."""
    spoken_of = SPOKEN_OF.search(passage.text) is not None
    return spoken_of or names_everyone(question, passage, passage.words | passage.around)


def said_by_named(question: Question, passage: Passage) -> bool:
    """Whether the sentence is a chat turn of someone the question names (their "my" is theirs)."""
    speaker = stem(passage.speaker) if passage.speaker else None
    return speaker is not None and any(speaker in name_stems(name) for name in question.names)


def only_titles(ties: list[str], text: str) -> bool:
    """Whether every one of ``ties`` a sentence says is what a person named before it is, in
    brackets after the name ("Joanne Ellis (ops manager)", "Catarina Lopes (operations lead)"): a
    job's title, no tie of anyone's."""
    said = [m.start() for tie in ties for m in re.finditer(rf"(?i:\b{re.escape(tie)}\b)", text)]
    return bool(said) and all(TITLE_IN_BRACKETS.search(text, 0, at) for at in said)


# A name and an open bracket with at most two words after it, right before a role word.
TITLE_IN_BRACKETS = re.compile(r"[A-Z][\w'’-]*\s*\(\s*(?:[\w-]+\s+){0,2}$")


def writers_tie(ties: list[str]) -> re.Pattern[str]:
    """What says one of ``ties`` is the writer's: "my team lead", "our manager"."""
    words = "|".join(re.escape(tie) for tie in ties) or "(?!)"
    return re.compile(rf"(?i:\b(?:my|our)\s+(?:[a-z-]+\s+)?(?:{words})\b)")


def measure_meaning(candidates: list[Candidate], closeness: Closeness) -> None:
    """Give each candidate its sentence's cosine to the question (around a typical cosine, so that
    a candidate read without the model sits in the middle), and how far it falls short of the
    closest sentence's: words the question and the sentence share say little when they say it in
    other words ("what medicine sold out" — "we sold out of oseltamivir by noon"). Only the first
    few sentences, those read first, are measured (a model run each); the rest count as typical."""
    sentences = list(dict.fromkeys(c.sentence for c in candidates))
    if not sentences:
        return
    measured = sentences[:ANSWER_MEANING_SENTENCES]
    cosine = dict.fromkeys(sentences, ANSWER_TYPICAL_COSINE) | dict(zip(measured, closeness(measured), strict=True))
    best = max(cosine.values())
    for candidate in candidates:
        candidate.features["meaning"] = cosine[candidate.sentence] - ANSWER_TYPICAL_COSINE
        candidate.features["meaning_gap"] = cosine[candidate.sentence] - best


def extract(
    question: Question,
    found: list[Passage],
    known: dict[str, str],
    limit: int = 3,
    minimum: float = ASK_ANSWER_MIN_PROBABILITY,
    alternative: float = ASK_ALTERNATIVE_MIN_PROBABILITY,
    closeness: Closeness | None = None,
) -> list[Extracted]:
    """The best answers in the found sentences by the answer model's probability, best first: one
    per sentence, each said once; none when none reaches ``minimum`` (the calibrated threshold).
    After one that does, others that reach ``alternative`` follow it: what else the notes may
    mean. ``closeness``: as for :func:`read_candidates`."""
    left = left_behind(found)
    candidates = read_candidates(question, found, known, closeness)
    # A name said as one ("named it Grijsje") answers a question asking what something is called
    # once it is likely enough to be shown at all: the model has no feature for naming words.
    probabilities = [
        max(p, minimum) if c.named and p >= alternative else p
        for p, c in zip(answer_probabilities([c.features for c in candidates]), candidates, strict=True)
    ]
    people = asked_people(question, known)
    describing = describes(question, known)
    # Of the candidates above the threshold, one the graph types as what cannot answer ("Hisingen
    # Snickeri" for "who is my boss") yields to those it does not; of a sentence's, one it gives up
    # ("sold the Fiesta and bought the Corsa") yields to the other, unless the question asks what
    # came before. A sentence that is itself the answer to what someone did yields to one that
    # names them ("what did Josée bring": not "Book club at my place"). Of sentences telling who
    # someone is, one set beside their name ("Amaru, the other retoucher,") comes first, then one
    # that says where they are from or what they are to the writer.
    scored = sorted(
        zip(probabilities, candidates, strict=True),
        key=lambda pc: (
            pc[0] < minimum,
            pc[1].features.get("contrary", 0.0) > 0,
            whole_but_unnamed(pc[1], people),
            candidate_out_of_turn(pc[1], left, question.earlier),
            describing(pc[1].sentence),
            -pc[0],
        ),
    )
    best: dict[str, Extracted] = {}
    sentences: set[tuple[str, str]] = set()
    for p, candidate in scored:
        passage = candidate.passage
        key, said = fold(candidate.answer), (passage.note_id, passage.text)
        if p < (alternative if best else minimum):
            break
        if key in best or said in sentences:
            continue
        sentences.add(said)
        note_id, created = candidate.note or (passage.note_id, passage.created)
        meaning = candidate.features.get("meaning", 0.0)
        best[key] = Extracted(candidate.answer, candidate.sentence, note_id, created, p, question.kind, meaning)
    # A value the same or a later note says was left for another ("from Notion to Linear", "sold
    # the Fiesta") goes after the others, being no current value, or before them when the question
    # asks what came before (judged by the note the answer stands in); else the order above stands
    # (the sort is stable).
    sure = sorted(
        (a for a in best.values() if a.score >= minimum),
        key=lambda a: out_of_turn(a.answer, a.created, left, question.earlier),
    )
    if question.measure == "much" and not question.earlier and ASKED_NOW.match(question.text) is not None:
        sure = told_last_first(sure)
    return [*sure, *(a for a in best.values() if a.score < minimum)][:limit]


def told_last_first(answers: list[Extracted]) -> list[Extracted]:
    """``answers`` with the sum of money told in the latest note first, when the first is a sum
    and that one is about as likely: asked in the present ("how much do we save a month"),
    "savings: 300 € a month from May" answers before "we put 150 € a month into savings"."""
    if not answers or not is_sum(answers[0].answer):
        return answers
    first = answers[0]
    newer = [
        a
        for a in answers[1:]
        if is_sum(a.answer) and a.created > first.created and a.score >= first.score - ASK_NEWER_SUM_MARGIN
    ]
    if not newer:
        return answers
    latest = max(newer, key=lambda a: a.created)
    return [latest, *(a for a in answers if a is not latest)]


def is_sum(answer: str) -> bool:
    """Whether an answer is a sum of money ("300 €", "£1,200"), not a bare count."""
    return MEASURE_UNITS["much"].search(answer) is not None


# A question of how much asked in the present tense: "how much do we save a month", "how much is
# the rent" (not "how much did we pay").
ASKED_NOW = re.compile(r"(?i)^\s*how\s+much\b(?:\s+[\w'’-]+){0,2}?\s+(?:do|does|is|are|am)\b")


def describes(question: Question, known: dict[str, str]) -> Callable[[str], int]:
    """For "who is Mr. Sato": whether a sentence says who they are, naming a firm or a place of
    the graph's beside them ("Kyoto Press check-in (Mr. Sato + editor Ms. Kondo)"), a tie ("my
    old flatmate") or a description set beside their name, not only mentioning them ("first 50
    pages sent to Mr. Sato"). 0 for a description beside the name (after it, or before it in a
    list: "chief engineer Giorgos Vlachos"), which says it best, 1 for a
    firm, place or tie, 2 for none. Any sentence does for another question (0)."""
    if question.kind != AnswerKind.SENTENCE or WHO_IS.match(question.text) is None:
        return lambda _: 0
    asked = {fold(word) for name in question.names for word in name.split()}
    places = [re.escape(name) for name, kind in known.items() if kind in PLACE_KINDS and name not in asked]
    # One pattern for all of them, built once for the question's sentences.
    placed = re.compile(rf"\b(?:{'|'.join(places)})\b") if places else None

    # Or a description set beside the name: "Amaru, the other retoucher,", "Raj Malhotra (store
    # manager)".
    named = [re.escape(fold(name)) for name in question.names]
    described = (
        re.compile(rf"\b(?:{'|'.join(named)})\s*(?:,\s*(?:the|my|our|a|an|his|her|their)\s|\()") if named else None
    )
    # Or before it, in lower case, as a list of who came writes it: "Present: Captain Manolis,
    # chief engineer Giorgos Vlachos, bosun Mitsos".
    titled = (
        re.compile(rf"(?:^|[,:;(+]\s*)(?:[a-z][\w-]*\s+){{1,3}}(?i:{'|'.join(map(re.escape, question.names))})\b")
        if question.names
        else None
    )

    def telling(sentence: str) -> int:
        if described is not None and described.search(fold(sentence)) is not None:
            return 0
        if titled is not None and titled.search(sentence) is not None:
            return 0
        said = placed is not None and placed.search(fold(sentence)) is not None
        return 1 if said or not RELATION_STEMS.isdisjoint(stems(sentence)) else 2

    return telling


# Kinds of the graph's names that say where someone is from: their firm or their place.
PLACE_KINDS = frozenset({EntityType.ORGANIZATION.value, EntityType.PLACE.value})
RELATION_STEMS = frozenset(stem(word) for word in RELATIONS)


def whole_but_unnamed(candidate: Candidate, people: list[str]) -> bool:
    """Whether a whole sentence offered as the answer names none of the people asked about, nor
    is their turn."""
    if "whole" not in candidate.features or not people:
        return False
    return all(name_stems(name).isdisjoint(candidate.passage.words) for name in people)


def candidate_out_of_turn(candidate: Candidate, left: dict[str, datetime], earlier: bool) -> bool:
    """:func:`out_of_turn` for a candidate; the whole sentence as an answer is out of turn for a
    question about now when it names a value left behind by then (it tells of that value)."""
    if "whole" not in candidate.features:
        return out_of_turn(candidate.answer, candidate.passage.created, left, earlier)
    folded = fold(candidate.sentence)
    tells_of_left = any(name in folded and candidate.passage.created <= when for name, when in left.items())
    return tells_of_left != earlier


def out_of_turn(name: str, said: datetime, left: dict[str, datetime], earlier: bool) -> bool:
    """Whether a value said at ``said`` is not the kind the question wants: one left behind by
    then or later, for a question about now; one never left, for a question about before."""
    when = left.get(fold(name))
    return (when is not None and said <= when) != earlier


def given_up(text: str) -> list[str]:
    """The names ``text`` says were given up (folded), by :data:`GIVEN_UP`."""
    names = []
    for m in GIVEN_UP.finditer(text):
        verb = m.group(1).lower()
        if verb in GIVE_UP_WORDS or (verb == "last" and m.group(0).lower().startswith("last day")):
            names.append(fold(m.group(2)))
    return names


def left_behind(found: list[Passage]) -> dict[str, datetime]:
    """The names some found sentence says were left for another or given up ("moved issues from
    Notion to Linear", "sold the Fiesta"), each with the newest such sentence's date."""
    left: dict[str, datetime] = {}
    for passage in found:
        for key in [fold(m.group(1)) for m in FROM_TO.finditer(passage.text)] + given_up(passage.text):
            if key not in left or left[key] < passage.created:
                left[key] = passage.created
    return left
