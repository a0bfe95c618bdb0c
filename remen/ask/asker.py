"""Remen.ask: route the question, answer it from the graph and from the sentences of the notes its
search finds, put the better answer first, and keep the note search beside the answers."""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import cache

import numpy as np

from remen.ask.extractive import (
    Closeness,
    Extracted,
    Passage,
    Read,
    describes,
    extract,
    name_stems,
    passages,
    stem,
    stems,
    threads,
)
from remen.ask.handlers import (
    START_WORDS,
    Handled,
    asked_tool_kind,
    aspect_query,
    entity_lookup,
    exploratory,
    relationship,
    successor,
    temporal,
    temporal_facets,
    tie_end,
    tie_start,
)
from remen.ask.question import ASKS_PAST, SPECIFIC_KINDS, WHO_IS, AnswerKind, Question, read_question
from remen.ask.router import COUPLE_ASKED, EntityIndex, as_couple_question, first_names_of, route
from remen.core.answers import Answer, AnswerItem, EntityHint, QueryType, Route
from remen.core.constants import (
    ANSWER_TYPICAL_COSINE,
    ASK_ANSWER_MIN_PROBABILITY,
    ASK_ENTITY_MARGIN,
    ASK_ENTITY_MIN_SIMILARITY,
    ASK_NEAR_MIN_SIMILARITY,
    ASK_NEAR_STATEMENTS,
    ASK_NOTES,
    ASK_OVERTAKE_MIN_MEANING,
    ASK_SENTENCE_VECTORS_KEPT,
    DIGEST_DAYS,
    EXTRACT_NOTE_CHARS,
    EXTRACT_NOTES,
    THREAD_GAP,
    THREAD_TURNS,
)
from remen.core.knowledge import Aspect, EntityType
from remen.core.links import link_line, links_asked_about
from remen.core.models import DateOrder, SearchHit, SearchResult
from remen.core.text import alternation, fold, is_short_turn
from remen.memory.cues import TOOL_TYPES
from remen.memory.lexicon import (
    HONORIFICS,
    LEXICON_TYPES,
    MONEY_OF_MINE,
    PAY_WORDS,
    RELATIONS,
    USES,
    canonical_relation,
    ties_of,
)
from remen.memory.names import compatible
from remen.memory.reader import MemoryReader
from remen.search.query import STOPWORDS
from remen.store import Store
from remen.store import graph as graph_store
from remen.store import links as link_store
from remen.store import memory as memory_store
from remen.store import notes as note_store
from remen.store.notes import StoredNote


@dataclass(frozen=True)
class NoteReading:
    """A question read for answering from the notes, the sentences of the notes its search found,
    and the graph's kind of each name they mention (folded)."""

    question: Question
    passages: list[Passage]
    known: dict[str, str]
    # Each sentence's cosine to the question.
    closeness: Closeness


class Asker:
    """Answers questions from the graph; the entity index follows the graph's generation counter."""

    def __init__(
        self,
        store: Store,
        memory: MemoryReader,
        search: Callable[[str, datetime, int], SearchResult],
        embed: Callable[[str], np.ndarray | None],
        date_order: DateOrder = "mdy",
    ) -> None:
        """``search`` is the note search whose hits go with every answer; ``embed`` gives a text's
        MiniLM vector (None without the model); ``date_order`` reads dates such as "3/2"."""
        self.store = store
        self.date_order = date_order
        self.memory = memory
        self.search = search
        self.embed = embed
        self._index: tuple[int, EntityIndex] | None = None
        self._sentence_vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._sentence_lock = threading.Lock()

    def index(self) -> EntityIndex:
        """Alias keys and the user's current relations, rebuilt when a statement changed."""
        with self.store.read() as conn:
            generation = memory_store.memory_generation(conn)
            if self._index is not None and self._index[0] == generation:
                return self._index[1]
            aliases = graph_store.alias_names(conn)
            kinds = graph_store.entity_types(conn) if aliases else {}
        relations = (
            {f.predicate: f.target for f in self.memory.facts("me", Aspect.RELATIONSHIP) if f.target} if aliases else {}
        )
        labels = frozenset(label.name.lower() for label in self.memory.labels())
        index = EntityIndex(aliases, relations, aliases.get("me", "Me"), labels, first_names_of(aliases), kinds)
        self._index = (generation, index)
        return index

    def handle(self, chosen: Route, index: EntityIndex, now: datetime, question: str) -> Handled:
        """Run the route's handler for ``question``."""
        kind = chosen.query_type
        if kind == QueryType.ENTITY_LOOKUP:
            return entity_lookup(chosen, self.memory, index.user_name)
        if kind == QueryType.RELATIONSHIP:
            return relationship(chosen, self.memory, index.user_name)
        if kind == QueryType.ASPECT_QUERY:
            ended = tie_end(chosen, question, self.memory, index.user_name)
            if ended is not None:
                return ended
            began = tie_start(chosen, self.memory, index.user_name)
            if began is not None and not self.day_told(began):
                began = replace(began, written_day=True)
            return began or aspect_query(chosen, self.memory, self.similar, question)
        if kind == QueryType.TEMPORAL:
            return temporal(chosen, self.memory)
        span = chosen.temporal
        start, end = (
            (span.start.timestamp(), span.end.timestamp())
            if span
            else (now.timestamp() - DIGEST_DAYS * 86_400, now.timestamp() + 1)
        )
        label = f"from {span.description}" if span else f"from the last {DIGEST_DAYS} days"
        if kind == QueryType.TEMPORAL_FACETS:
            return temporal_facets(chosen, self.memory, start, end, label)
        if kind == QueryType.EXPLORATORY:
            return exploratory(chosen, self.memory, start, end, label, self.similar)
        return Handled(())

    def day_told(self, handled: Handled) -> bool:
        """Whether the fact a handler answered with began on a day its note told, rather than on
        the day the note was written."""
        fact = handled.answers[0].fact if handled.answers else None
        if fact is None:
            return False
        with self.store.read() as conn:
            written = [stored.note.created for stored in note_store.by_ids(conn, fact.note_ids).values()]
        # "First day at Paysmith", written that evening: the note's own day is the one it tells.
        return FIRST_DAY_TOLD.search(fact.text) is not None or all(
            abs(fact.valid_at - when) > TOLD_DAY_MARGIN for when in written
        )

    def entity_by_meaning(self, words: str) -> EntityHint | None:
        """The entity whose context (ENTITY vectors) the words describe, when one is clearly nearest."""
        vector = self.embed(words)
        if vector is None:
            return None
        found = self.memory.nearest_entities(vector, 3)
        if not found or found[0][1] < ASK_ENTITY_MIN_SIMILARITY:
            return None
        name, similarity = found[0]
        if any(other != name and similarity - sim < ASK_ENTITY_MARGIN for other, sim in found[1:]):
            return None  # two people fit about as well: better plain search than a guess
        return EntityHint(words, name, "meaning", similarity)

    def similar(self, topic: str) -> list[int] | None:
        """Statements nearest the topic in meaning (memory vectors), when the model is loaded."""
        vector = self.embed(topic) if topic else None
        if vector is None:
            return None
        near = self.memory.nearest_statements(("aspect", "statement"), vector, ASK_NEAR_STATEMENTS)
        return [sid for sid, sim in near if sim >= ASK_NEAR_MIN_SIMILARITY]

    def note_passages(self, hits: tuple[SearchHit, ...]) -> tuple[list[Passage], dict[str, str]]:
        """The sentences of the top hits and of the notes written minutes around them (the turns
        of a chat), and the graph's kind of each name they mention (folded)."""
        top = hits[:EXTRACT_NOTES]
        if not top:
            return [], {}
        gap = THREAD_GAP.total_seconds()
        reads: list[Read] = []
        nids: set[int] = set()
        with self.store.read() as conn:
            stored = note_store.by_ids(conn, [hit.note_id for hit in top])
            for rank, hit in enumerate(top):
                if hit.note_id not in stored:
                    continue
                hit_note = stored[hit.note_id]
                before, after = (
                    note_store.written_near(conn, hit_note.note.created.timestamp(), gap * THREAD_TURNS, THREAD_TURNS)
                    if is_short_turn(hit_note.note.body)
                    else ([], [])
                )
                for near in (*chained(hit_note, before), hit_note, *chained(hit_note, after)):
                    nids.add(near.nid)
                    text = near.note.body[:EXTRACT_NOTE_CHARS]
                    similarity = hit.why.similarity or 0.0
                    reads.append(Read(near.note.id, text, near.note.created, rank, similarity, near is hit_note))
            known = {fold(alias): kind for alias, kind in graph_store.mentioned_names(conn, sorted(nids))}
        # A person's first name alone is theirs too: "Ed to get a second quote" of "Ed Wozniak".
        people = {name: name for name, kind in known.items() if kind == EntityType.PERSON.value}
        firsts = (
            first for first in first_names_of(people) if first not in STOPWORDS and first.strip(".") not in HONORIFICS
        )
        known = dict.fromkeys(firsts, EntityType.PERSON.value) | known
        return [passage for thread in threads(reads, THREAD_GAP) for passage in passages(thread)], known

    def reading(self, question: str, now: datetime) -> NoteReading:
        """What ``ask`` reads in the notes for a question: the question as read (with the names
        the router found), the sentences of the notes its search finds, and the names' kinds. The
        answer model is trained on these (scripts/train_answers.py)."""
        chosen = route(question, now, self.index(), self.entity_by_meaning, self.date_order)
        return self.read_notes(question, chosen, self.search(question, now, ASK_NOTES))

    def read_notes(self, question: str, chosen: Route, found: SearchResult) -> NoteReading:
        """The question read for answering, and the sentences of the notes ``found`` holds."""
        asked = read_question(question)
        # A name the question only sets its scene with is none it must be about.
        marked = {fold(name) for name in asked.scene_names}
        user = self.index().user_name
        holders = tuple(h for h in hinted_names(question, chosen, user) if fold(h) not in marked)
        ties = tuple(
            (h.text.split()[-1], h.name)
            for h in chosen.entity_hints
            if h.matched_by == "relation" and h.name and h.name != user
        )
        asked = replace(asked, names=tuple(dict.fromkeys(asked.names + holders)), holders=ties)
        sentences, known = self.note_passages(found.results) if asked.asks else ([], {})
        return NoteReading(asked, sentences, known, self.closeness(question))

    def closeness(self, question: str) -> Closeness:
        """Each sentence's cosine to ``question``, by the model (a typical cosine each without it).
        A sentence is embedded alone, as the graph's are (a batch's quantisation would make its
        vector depend on its batch-mates), and kept for the next key typed."""

        def cosines(sentences: Sequence[str]) -> list[float]:
            asked = self.sentence_vector(question)
            vectors = [self.sentence_vector(sentence) for sentence in sentences]
            return [ANSWER_TYPICAL_COSINE if asked is None or v is None else float(v @ asked) for v in vectors]

        return cosines

    def sentence_vector(self, sentence: str) -> np.ndarray | None:
        """The model's vector of one sentence (None without the model), from those kept when it was
        read lately."""
        with self._sentence_lock:
            kept = self._sentence_vectors.get(sentence)
            if kept is not None:
                self._sentence_vectors.move_to_end(sentence)
                return kept
        vector = self.embed(sentence)
        if vector is not None:
            with self._sentence_lock:
                self._sentence_vectors[sentence] = vector
                if len(self._sentence_vectors) > ASK_SENTENCE_VECTORS_KEPT:
                    self._sentence_vectors.popitem(last=False)
        return vector

    def ask(self, question: str, now: datetime, with_notes: bool = True, found: SearchResult | None = None) -> Answer:
        """Route ``question`` as of ``now`` and answer it from the graph and from the sentences of
        the notes its search finds; the hits come along unless the caller shows its own
        (``with_notes`` False). ``found`` is that search when the caller already ran it (the app,
        on every keystroke), so it is not run twice."""
        started = time.perf_counter()
        index = self.index()
        asked = as_couple_question(question)
        chosen = route(asked, now, index, self.entity_by_meaning, self.date_order)
        handled = self.handle(chosen, index, now, asked)
        handler_ms = (time.perf_counter() - started) * 1000 - chosen.routing_ms
        found = found or self.search(question, now, ASK_NOTES)
        read_started = time.perf_counter()
        # The notes are read for the question's own words: "dating" asks nothing of a husband.
        read = self.read_notes(question, chosen, found)
        from_notes = extract(read.question, read.passages, read.known, closeness=read.closeness)
        from_notes = self.followed_up(read.question, chosen, from_notes, index.user_name)
        answers = shown_once(merged(read.question, chosen, handled, from_notes, read.known))
        not_found = unanswered(read.question, chosen, handled)
        linked = self.linking_notes(question)
        if linked is not None:
            answers, not_found = linked
        return Answer(
            question,
            chosen,
            answers,
            found.results if with_notes else (),
            None if answers else not_found,
            {
                "routing": chosen.routing_ms,
                "handler": handler_ms,
                "search": found.timings_ms.get("total", 0.0),
                "reading": (time.perf_counter() - read_started) * 1000,
            },
            self.unread() if with_notes else 0,
        )

    def followed_up(self, asked: Question, chosen: Route, found: list[Extracted], user: str) -> list[Extracted]:
        """The notes' best answer, or what took its place when the graph says the user gave it up
        for another ("what app do I log my books in": the note found says Goodreads, a later
        one StoryGraph instead). Only for a question about the user's own tie, of the kind it asks
        (a tool for "what app", a home for "where do I live"); one about before keeps the old value."""
        if not found or asked.kind not in FOLLOWED_KINDS or asked.earlier or ASKS_PAST.search(asked.text):
            return found
        if any(hint.name != user for hint in chosen.entity_hints):
            return found  # "where does my sister live": her home, not one the user left
        asked_ties = {chosen.attribute_hint} if chosen.attribute_hint else set()
        asked_ties |= {USES} if asked.kind == AnswerKind.NAME else set()
        first = found[0]
        new = (
            successor(self.memory, user, first.answer, asked_ties)
            if asked_ties and first.score >= ASK_ANSWER_MIN_PROBABILITY
            else None
        )
        if new is None or not new.target or not new.note_ids:
            return found
        rest = [a for a in found if fold(a.answer) != fold(new.target)]
        sentence = new.quote or new.text
        return [Extracted(new.target, sentence, new.note_ids[0], new.valid_at, first.score, first.kind), *rest]

    def linking_notes(self, question: str) -> tuple[tuple[AnswerItem, ...], str] | None:
        """For "what links to X", the notes whose `[[links]]` lead to the note titled X, each with
        its line that links (and what to say when none does); None for any other question, or
        when no note has that title."""
        title = links_asked_about(question)
        if title is None:
            return None
        with self.store.read() as conn:
            target = link_store.note_titled(conn, title)
            if target is None:
                return None
            found = link_store.backlinks(conn, target)
            stored = note_store.by_ids(conn, [link.note_id for link in found if link.note_id])
            shown = note_store.title_of(conn, target)
        items = tuple(
            AnswerItem(
                note.note.title,
                note.note.updated,
                (note.note.id,),
                answer=note.note.title,
                sentence=link_line(note.note.body, shown) or link_line(note.note.body, title),
                source="notes",
            )
            for note in (stored[link.note_id] for link in found if link.note_id in stored)
        )
        return items, f"No note links to {shown}."

    def unread(self) -> int:
        """Notes the graph has not read yet, for callers that show an answer on its own (the app's
        status bar already counts them, so it is not asked on every keystroke)."""
        with self.store.read() as conn:
            return memory_store.pending_extractions(conn)


def unanswered(asked: Question, chosen: Route, handled: Handled) -> str:
    """What the card says when nothing answers: the handler's word for a lookup of a name ("Your
    notes don't say Jonas's age") or a listing ("Your notes record no decision on that"); for a
    question that wants one specific answer (who, where, when, why…), that the notes don't say."""
    listing = chosen.query_type == QueryType.ASPECT_QUERY and asked.kind in SPECIFIC_KINDS
    return handled.not_found if handled.not_found and not listing else "Your notes don't say."


# Routes whose graph answers are summaries of a time or a topic ("how many notes in February",
# "summarize what Tom did"): no sentence of a note says them.
SUMMARIES = frozenset((QueryType.TEMPORAL_FACETS, QueryType.EXPLORATORY))


def hinted_names(question: str, chosen: Route, user: str) -> tuple[str, ...]:
    """Names the router found that the question's capitals do not show: a name typed in lower case
    ("email of sarah"; a word of three letters or fewer may be a common one, "go", and an entity
    the graph names in lower case is a common noun, "teams"), and the holder of a relation the
    question asks something of ("my wife's birthday" → Julia). An answer sentence must be about
    them."""
    lowered = question.lower()
    found = []
    for hint in chosen.entity_hints:
        if (
            hint.matched_by in ("alias", "fuzzy")
            and len(hint.text) > MIN_LOWER_NAME
            and fold(hint.text) not in STOPWORDS
            and hint.name != hint.name.lower()
        ):
            found.append(hint.text)
        elif (
            hint.matched_by == "relation"
            and hint.name
            and hint.name != user
            and re.search(rf"\b{re.escape(hint.text.lower())}['’]s\b", lowered)
        ):
            found.append(hint.name)
    return tuple(found)


# A lower-case word this long or shorter is not taken for a name the router matched.
MIN_LOWER_NAME = 3


def chained(hit: StoredNote, near: list[StoredNote]) -> list[StoredNote]:
    """The notes of one side of a hit (nearest first) that follow on from it without a pause longer
    than a thread's gap, oldest first; a long note ends a thread (a thread is of turns and jots)."""
    kept: list[StoredNote] = []
    last = hit.note.created
    for stored in near:
        if abs(stored.note.created - last) > THREAD_GAP or not is_short_turn(stored.note.body):
            break
        kept.append(stored)
        last = stored.note.created
    return sorted(kept, key=lambda s: s.note.created)


# A note must be this much newer than a graph value to overtake it (a value and the note that
# states it share a day).
OVERTAKE_MARGIN = timedelta(days=1)
# A fact's first day further than this from its notes' writing was told by them, not taken from it.
TOLD_DAY_MARGIN = timedelta(hours=12)
# A sentence that says its own day is a tie's first: "First day at Paysmith", "day one at the depot",
# "started at Kudipay today".
FIRST_DAY_TOLD = re.compile(
    r"(?i:\b(?:first\s+(?:day|shift|morning)|day\s+one)\b|\bstart(?:ed|ing)?\s+(?:(?:at|with)\s+[^.;!?]{1,40}?\s+)?today\b)"
)
# The words without which a sentence does not state an attribute that is a day.
ATTRIBUTE_SAID = {"birthday": re.compile(r"(?i:\b(?:birthdays?|bdays?|b-days?|born|birth)\b)")}


def note_item(found: Extracted) -> AnswerItem:
    """An answer from a sentence of the notes."""
    return AnswerItem(
        found.answer, found.created, (found.note_id,), answer=found.answer, sentence=found.sentence, source="notes"
    )


def precise(chosen: Route) -> bool:
    """Whether the graph's answer is a precise one: an attribute's value or a relation's holder."""
    return chosen.query_type == QueryType.RELATIONSHIP or (
        chosen.query_type == QueryType.ENTITY_LOOKUP and chosen.lookup_mode == "attribute"
    )


def agrees(item: AnswerItem, found: Extracted) -> bool:
    """Whether a graph answer and an answer from the notes say the same: the fact's value (or the
    item's text) inside the found answer or its sentence, or the other way round."""
    said = fold(item.fact.target or "") if item.fact else fold(item.text)
    other = fold(f"{found.answer} {found.sentence}")
    return bool(said) and (said in other or fold(found.answer) in said)


def names_only(asked: Question, chosen: Route) -> bool:
    """Whether the question asks about an entity as a whole ("who is Sarah", "tell me about my
    wife"): its words are only the names the router found. Its answer is the entity's card."""
    if chosen.query_type != QueryType.ENTITY_LOOKUP or chosen.lookup_mode == "attribute":
        return False
    # Someone described rather than named ("who is the guy from the climbing gym") is asked about
    # as a whole only by "who": "what is wrong with my wrist" is no question about the doctor
    # whose notes speak of wrists.
    asks_who = asked.kind == AnswerKind.PERSON
    hints = [hint for hint in chosen.entity_hints if hint.matched_by != "meaning" or asks_who]
    named = {fold(word) for hint in hints for word in f"{hint.text} {hint.name}".split()}
    # "who am I engaged to" asks of the partner the router found by the tie's words (not "who is
    # Marcus dating": Marcus is no answer).
    couple = COUPLE_ASKED.search(asked.text)
    if couple is not None and any(hint.matched_by == "relation" for hint in hints):
        named |= {fold(word) for word in couple.group(3).split()}
    return bool(named) and all(word in named for word in asked.focus)


def described(chosen: Route) -> bool:
    """Whether the router found every entity the question asks of by its description's meaning
    alone (no name or relation word of the question names it)."""
    return bool(chosen.entity_hints) and all(hint.matched_by == "meaning" for hint in chosen.entity_hints)


def merged(
    asked: Question, chosen: Route, handled: Handled, notes: list[Extracted], known: Mapping[str, str] | None = None
) -> tuple[AnswerItem, ...]:
    """The card (``known``: the graph's kind of each name the notes read mention, folded).

    - An entity's card answers "who is Sarah" / "tell me about my wife".
    - A precise graph answer (an attribute's current value, a relation's holder) leads, the notes'
      answer that agrees with it next, then the others; but a note written after the graph's
      value that says otherwise is the newer word and leads (not when the question asks what
      came before), and so does the day the notes tell when the graph's is only the day a note
      was written.
    - Other specific questions (who, where, when, how much, which, why) are answered from the
      notes: a bare entity card or a list of statements is no answer to them.
    - Open questions (what happened last week, a summary) keep the graph's answers first.
    - A day the notes give for an attribute that is a day (a birthday) comes from a sentence that
      says which: "Ola starts Aug 3" is no answer to "when is Ola's birthday".
    """
    # A name the question counts from or sets its scene with is no answer to it ("what did I use
    # before Dorico": not Dorico, though the graph holds it in use).
    graph = tuple(item for item in handled.answers if not is_marker(asked, item))
    said = ATTRIBUTE_SAID.get(chosen.attribute_hint or "")
    if said is not None and asked.kind in (AnswerKind.PLACE, AnswerKind.PERSON):
        # "where do I get Sigrid's birthday cake": a day answers no "where" nor "who".
        graph, said = (), None
    if said is not None and chosen.lookup_mode == "attribute":
        notes = [found for found in notes if said.search(found.sentence)]
    from_notes = [note_item(found) for found in notes]
    whole_entity = names_only(asked, chosen)
    card_only = chosen.lookup_mode != "attribute" and not whole_entity and not handled.precise
    if chosen.query_type == QueryType.ENTITY_LOOKUP and card_only:
        # "what was the fixed fee for Harbour Foods": the name's card (its type, how many notes,
        # the facts it takes part in) answers "who is" or "tell me about", not what is asked of it;
        # who holds a tie now, with who held it before, answers what it is asked.
        graph = ()
    if graph and (whole_entity or handled.precise or precise(chosen)):
        agreeing = [item for item, found in zip(from_notes, notes, strict=True) if agrees(graph[0], found)]
        # "which password manager do I use": a later note overtakes the tool of that kind in use
        # only with another tool of the kind, not with whatever name it offers ("Maadi"); and
        # only a sentence that speaks of what is asked, not one that shares a word with it in
        # another sense ("the new scorecard goes live 1 Oct" is no newer word on where I live).
        kind = asked_tool_kind(chosen)
        newer = (
            bool(from_notes)
            and (not kind or fold(notes[0].answer) in kind)
            and notes[0].meaning >= ASK_OVERTAKE_MIN_MEANING
        )
        overtaken = (
            newer
            and not asked.earlier
            and not handled.began
            and overtakes(notes[0], graph[0])
            and speaks_of_the_tie(chosen, notes[0])
            and from_notes[0] not in agreeing
            and not another_sum(chosen.attribute_hint, notes[0].sentence)
        )
        if (
            overtaken
            or (newer and not asked.earlier and filled_since(asked, graph[0], notes[0]))
            or (from_notes and handled.written_day and tells_the_start(asked, notes[0]))
            or (from_notes and earlier_one_asked(asked, chosen, graph[0], notes[0]))
        ):
            return (from_notes[0], graph[0], *from_notes[1:2])
        if asked.earlier and only_current(asked, graph[0]):
            # "where did Maria Lind work before": where she works now is no answer, nor what the
            # question counts back from; what else the notes say may be ("she used to be at Nokia").
            before = [
                item
                for item, found in zip(from_notes, notes, strict=True)
                if item not in agreeing and not names_a_marker(asked, found)
            ]
            if before:
                return (before[0], graph[0], *[item for item in from_notes if item is not before[0]][:1])
        if whole_entity and from_notes and described(chosen) and from_notes[0] not in agreeing:
            # "who is the chief pharmacist": the name the router found nearest the description
            # is a guess; a sentence that says the description beside another name answers it
            # ("Panel: Dr. Helen Ashby (chief pharmacist), Sunil Rao (HR)").
            return (from_notes[0], *graph[:1], *from_notes[1:2])
        if whole_entity and handled.bare and from_notes and said_beside_or_named(asked, notes[0], known):
            # "who is Yusuf": a card of no tie comes after "Yusuf, the IT guy who is also the
            # accountant"; "who interviewed me at DP World": after the one the notes name.
            return (from_notes[0], *graph[:2])
        if whole_entity:
            return (*graph, *from_notes[: max(0, 3 - len(graph))])
        others = [item for item in from_notes if item not in agreeing]
        return (graph[0], *agreeing[:1], *others)[:3]
    # A "which X" the notes' sentences do not answer may still be a list of statements ("what
    # problems did I have"); any other specific question gets no summary instead.
    listed = asked.kind == AnswerKind.NAME and chosen.query_type != QueryType.ENTITY_LOOKUP
    # Put in the present: a value given up answers no such question.
    present = not asked.earlier and not ASKS_PAST.search(asked.text)
    if asked.kind in SPECIFIC_KINDS and chosen.query_type not in SUMMARIES and (from_notes or not listed):
        tools_given = handled.guessed or chosen.attribute_hint == "uses"
        given_up = all(item.fact is not None and not item.fact.current for item in graph)
        if graph and tools_given and from_notes and given_up and present:
            # "which app do I log my books in": tools given up answer no question put in the
            # present; the notes' answer comes before them.
            return (*from_notes[:1], *graph[:2])
        if graph and tools_given and from_notes and not names_a_tool(from_notes[0].answer or "", known, asked):
            # "what practice software do we use": a name the notes give that is no tool (the
            # practice a meeting about the tool was held at) answers it less than the writer's
            # tools, nearest in meaning or told beside the topic ("what ticket system do we use":
            # not Omid, who said every ticket gets an answer).
            return (*graph[:2], *from_notes[:1])
        return tuple(from_notes[:3])
    if graph and from_notes and handled.guessed and names_a_tool(notes[0].sentence, known, asked):
        # "what do I use for notes": the tools nearest in meaning, none said to be for notes, come
        # after a sentence that says one is ("moved all my notes to Joplin"), not after one that
        # only shares a word ("no phones in class") or names only the tool asked of ("before
        # Notion": "try notion").
        return (*from_notes[:1], *graph[:2])
    if graph and from_notes and present:
        # "what do I use for invoices": a value given up answers no question put in the present;
        # the notes' answer comes before it.
        held = [item for item in graph if item.fact is None or item.fact.current]
        if len(held) < len(graph):
            ended = [item for item in graph if item not in held]
            return (*held, *from_notes[: max(0, 3 - len(held))], *ended)
    return (*graph, *from_notes[: max(0, 3 - len(graph))]) if graph else tuple(from_notes[:3])


def shown_once(answers: tuple[AnswerItem, ...]) -> tuple[AnswerItem, ...]:
    """The card without an item that says what one before it says in the same words ("Coffee with
    Tomek, the night baker, …" stored as an event and read again from its note)."""
    seen: set[str] = set()
    kept = []
    for item in answers:
        said = fold(item.text)
        if said not in seen:
            seen.add(said)
            kept.append(item)
    return tuple(kept)


def names_a_tool(sentence: str, known: Mapping[str, str] | None, asked: Question) -> bool:
    """Whether ``sentence`` names a tool the question does not: one the graph types as one
    (``known``) or the word lists know."""
    said = f" {spaced(sentence)} "
    tools = {spaced(name) for name, kind in (known or {}).items() if kind in TOOL_KINDS} | LEXICON_TOOLS
    given = {spaced(name) for name in (*asked.names, *asked.markers)}
    return any(f" {tool} " in said for tool in tools - given - {""})


def spaced(text: str) -> str:
    """``text`` folded, its words one space apart, marks dropped ("Joplin," → "joplin")."""
    return " ".join(NAME_PART.findall(fold(text)))


# The parts of a name set apart by anything else: "node.js" → "node js", "1Password." → "1password".
NAME_PART = re.compile(r"[\w+#]+")
TOOL_KINDS = frozenset(kind.value for kind in TOOL_TYPES)
LEXICON_TOOLS = frozenset(spaced(word) for word, kind in LEXICON_TYPES.items() if kind in TOOL_TYPES)


# Answers that are names of things one holds a tie to, which another may have taken the place of.
FOLLOWED_KINDS = frozenset({AnswerKind.NAME, AnswerKind.PERSON, AnswerKind.PLACE})


def tells_the_start(asked: Question, found: Extracted) -> bool:
    """Whether a sentence of the notes speaks of the start a question asks the day of: it says a
    name the question asks of, or a word of starting ("I start at Tulus Lotrek on the 16th"), so
    its day may be the start's own ("Divya and me fixed the wedding date, 7 February" is none)."""
    said = stems(found.sentence)
    named = any(not name_stems(name).isdisjoint(said) for name in asked.names)
    return named or not {stem(word) for word in START_WORDS}.isdisjoint(said)


def earlier_one_asked(asked: Question, chosen: Route, item: AnswerItem, found: Extracted) -> bool:
    """Whether a question put in the past that asks of more than the tie ("who was my manager at
    Seven Seeds") is answered by the notes with a holder the graph says came before the current
    one: the current holder is no answer to it."""
    if item.fact is None or not item.fact.current or not chosen.topic or not ASKS_PAST.search(asked.text):
        return False
    return fold(found.answer) in {fold(f.target) for f in item.earlier if f.target}


def only_current(asked: Question, item: AnswerItem) -> bool:
    """Whether a graph answer is a tie held now that the graph knows nothing before, and so no
    answer to a question asking what came before ("where did Maria work before": not where she
    works now). Before another value ("what car did I have before the EV6"), the one held may be
    the one asked for: the graph may not have read the change."""
    fact = item.fact
    return fact is not None and fact.current and not item.earlier and not asked.markers


def is_marker(asked: Question, item: AnswerItem) -> bool:
    """Whether a graph answer's value is a name the question counts from or sets its scene with."""
    target = fold(item.fact.target or "") if item.fact is not None else ""
    return bool(target) and any(fold(marker) == target for marker in asked.markers)


def names_a_marker(asked: Question, found: Extracted) -> bool:
    """Whether an answer from the notes is (or says) a name the question counts from ("the EV6"
    of "what car did I have before the EV6")."""
    said = fold(found.answer)
    return any(fold(marker) in said for marker in asked.markers)


def filled_since(asked: Question, item: AnswerItem, found: Extracted) -> bool:
    """Whether the notes name, asked in the present, a holder of a tie the graph says nobody holds
    now ("Nobody is your manager now; the last was Gary") who never held it before: the new job's
    boss the graph did not read."""
    fact = item.fact
    if fact is None or fact.current or ASKS_PAST.search(asked.text):
        return False
    named = set(fold(found.answer).split())
    return not any(named & set(fold(f.target).split()) for f in (fact, *item.earlier) if f.target)


# A word of the writer's sums in a sentence: "rent", "salary", "budget".
SUM_WORD = re.compile(rf"\b({alternation(MONEY_OF_MINE)})\b", re.IGNORECASE)


def another_sum(attribute: str | None, sentence: str) -> bool:
    """Whether a sentence names one of the writer's sums other than the one asked, and not that one:
    "The rent is 2.1 million a month" tells no newer salary."""
    if attribute not in MONEY_OF_MINE:
        return False
    asked = PAY_WORDS if attribute in PAY_WORDS else {attribute}
    named = {word.lower() for word in SUM_WORD.findall(sentence)}
    return bool(named) and named.isdisjoint(asked)


def said_beside_or_named(asked: Question, found: Extracted, known: Mapping[str, str] | None) -> bool:
    """Whether the notes' answer says more than an entity's card of no tie: the person a "who did"
    question asks for, or for "who is Yusuf" a sentence describing him beside his name."""
    if asked.kind == AnswerKind.PERSON:
        return True
    return WHO_IS.match(asked.text) is not None and describes(asked, dict(known or {}))(found.sentence) == 0


def speaks_of_the_tie(chosen: Route, found: Extracted) -> bool:
    """Whether a later sentence may be a newer word on who holds the tie the question asks of ("who
    is my family doctor"): it says a word of that tie ("Dr. Levent Öztürk, my new doctor"), or the
    question asks of no tie. "Kurban Bayramı week at Grandma's in Cunda" names no doctor."""
    asked = [hint.text.split()[-1] for hint in chosen.entity_hints if hint.matched_by == "relation"]
    if not asked:
        return True
    said = set(re.findall(r"\w+", fold(found.sentence)))
    return any(not said.isdisjoint(tie_words(word)) for word in asked)


@cache
def tie_words(word: str) -> frozenset[str]:
    """The relation words that name the tie ``word`` names, or a narrower or broader one ("boss":
    manager, supervisor, lead, …)."""
    ties = set(ties_of(word))
    return frozenset(fold(w) for w in RELATIONS if canonical_relation(w) in ties) | {fold(word)}


def overtakes(found: Extracted, item: AnswerItem) -> bool:
    """Whether the note an answer was found in was written after the graph's value took effect
    (an entity's card has no date to hold its ground with). A value the graph answers with though
    it ended (who held a tie at an earlier workplace) was chosen for the time asked about: a later
    note is no newer word on it; nor is one that names a value the graph's replaced."""
    if item.fact is not None and not item.fact.current:
        return False
    if any(earlier.target and compatible(found.answer, earlier.target) for earlier in item.earlier):
        # "Dr. Abebe retired" said after Yonas took over: a later word of the one before.
        return False
    return item.as_of is None or found.created > item.as_of + OVERTAKE_MARGIN
