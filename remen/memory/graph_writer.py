"""Write one note's extraction into the graph: resolve entities, merge statements, chain, label.

Runs inside the caller's write transaction and only reads and writes: every vector it may need was
computed beforehand (see :func:`texts_to_embed`), so the transaction lasts milliseconds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace

import numpy as np

from remen.core.constants import (
    ENTITY_MATCH_SIMILARITY,
    LABEL_MERGE_SIMILARITY,
    VOICE_CONTRADICTION_SIMILARITY,
    VOICE_DUPLICATE_SIMILARITY,
)
from remen.core.knowledge import (
    FREE_TEXT_PREDICATES,
    USER_NAME,
    VOICE_ASPECTS,
    Aspect,
    EntityType,
    ExtractedStatement,
    Extraction,
)
from remen.core.text import fold
from remen.memory.chains import ChainItem, validity
from remen.memory.entity_model import called_by, gazetteer
from remen.memory.lexicon import (
    ENDS_PARTNER,
    ENDS_TIES,
    FUNCTIONAL_PREDICATES,
    JOB_TIES,
    NOT_A_WORKPLACE_READING,
    PARTNER_WORDS,
    RUNS,
    SINGLE_RELATIONS,
    TAKES_OVER,
    USES,
    WORKS_AT,
    one_at_a_time_kind,
    ties_of,
)
from remen.memory.names import (
    compatible,
    initials,
    is_acronym,
    is_user,
    name_key,
    name_tokens,
    normalise_value,
    relation_reference,
    titled_forms,
)
from remen.memory.note_state import email_first_name
from remen.memory.patterns import IS_MY_SUM, WITHIN_A_PLACE
from remen.memory.tool_use import made_by_maker
from remen.store import corrections as corrections_store
from remen.store import memory as memory_store
from remen.store.connect import Connection

NEIGHBOURS = 5
CONTEXT_TYPES = frozenset({EntityType.PERSON})
VOICE_VALUES = frozenset(a.value for a in VOICE_ASPECTS)


@dataclass(frozen=True)
class Producer:
    """Which extractor produced the rows (name and version key every source)."""

    name: str
    version: str


def entity_context(name: str, kind: EntityType, context: str) -> str:
    """The text an entity is embedded from in the ENTITY namespace: its name, type and sentence."""
    return f"{name} ({kind.value}): {context}"


def statement_key(subject: int, statement: ExtractedStatement, object_eid: int | None) -> str:
    """What makes two statements the same: voice ones by their words, graph ones by their triple."""
    polarity = "not" if statement.negated else "is"
    if statement.aspect in VOICE_ASPECTS:
        return f"voice|{subject}|{statement.aspect.value}|{polarity}|{normalise_value(statement.text)}"
    target = f"e{object_eid}" if object_eid is not None else normalise_value(statement.object_value or "")
    return f"{subject}|{statement.predicate}|{polarity}|{target}"


def user_entity(conn: Connection, now: float) -> int:
    """The user's own entity, created the first time it is needed."""
    found = memory_store.entity_by_key(conn, USER_NAME)
    if found is not None:
        return found.eid
    eid = memory_store.insert_entity(conn, "Me", EntityType.PERSON.value, USER_NAME, now)
    memory_store.add_alias(conn, eid, "me", USER_NAME)
    return eid


def within_another(first: str, second: str) -> bool:
    """Whether one of two place names is a street or landmark in the other ("Leith Walk" and
    "Leith"): two places, though their words are compatible."""
    shorter, longer = sorted((first.strip(), second.strip()), key=len)
    return shorter != longer and WITHIN_A_PLACE.search(longer) is not None and not WITHIN_A_PLACE.search(shorter)


def rekey(key: str, gone: int, kept: int) -> str:
    """A statement key (see :func:`statement_key`) after entity ``gone`` merged into ``kept``."""
    if key.startswith("voice|"):
        parts = key.split("|", 4)
        parts[1] = str(kept) if parts[1] == str(gone) else parts[1]
        return "|".join(parts)
    parts = key.split("|", 3)
    parts[0] = str(kept) if parts[0] == str(gone) else parts[0]
    if len(parts) == 4 and parts[3] == f"e{gone}":
        parts[3] = f"e{kept}"
    return "|".join(parts)


def vector_kind(statement: ExtractedStatement) -> str | None:
    """Voice statements go to ASPECT (dedupe, contradictions), triples to STATEMENT; a statement
    whose object is its own sentence (knowledge, events, problems) has none: the note's vector
    covers it, and embedding every sentence would halve throughput."""
    if statement.aspect in VOICE_ASPECTS:
        return "aspect"
    return None if statement.predicate in FREE_TEXT_PREDICATES else "statement"


def texts_to_embed(extraction: Extraction, known: Mapping[str, EntityType], labels: AbstractSet[str]) -> list[str]:
    """Every text :class:`GraphWriter` may want a vector for (computed outside the transaction).

    Entities already ``known`` by name resolve without one, and only people are told apart by
    context ("Sarah" at work or at the bakery); a tool, a place or a company is its name. Labels
    already stored need none either."""
    texts = [
        entity_context(e.name, e.type, e.context)
        for e in extraction.entities
        if e.type in CONTEXT_TYPES and name_key(e.name) not in known
    ]
    texts += [s.text for s in extraction.statements if vector_kind(s) is not None]
    texts += [label for label in extraction.labels if name_key(label) not in labels]
    return texts


@dataclass
class GraphWriter:
    """One note's write. ``vectors`` maps texts to their MiniLM vectors (empty without the model)."""

    conn: Connection
    nid: int
    written: float
    producer: Producer
    vectors: Mapping[str, np.ndarray]
    now: float
    touched: set[tuple[int, str]] = field(default_factory=set)
    resolved: dict[str, int] = field(default_factory=dict)
    user: int = 0

    def write(self, extraction: Extraction, content_hash: str) -> None:
        """Replace what the note said before (a model server's findings too) with ``extraction``,
        then recompute the chains."""
        conn = self.conn
        self.touched |= memory_store.chains_of_note(conn, self.nid)
        orphans, old_labels = memory_store.retract_note(conn, self.nid)
        memory_store.forget_refinement(conn, self.nid)
        self.store(extraction)
        memory_store.mark_extracted(conn, self.nid, self.producer.name, self.producer.version, content_hash, self.now)
        refresh_chains(conn, self.touched)
        memory_store.drop_orphans(conn, orphans, old_labels, keep=self.user)

    def add(self, extraction: Extraction, content_hash: str) -> None:
        """Add a model server's findings to what :meth:`write` just stored for the note, through
        the same resolution and chains, each source tagged with this writer's producer."""
        self.store(extraction)
        memory_store.mark_refined(
            self.conn, self.nid, self.producer.name, self.producer.version, content_hash, self.now
        )
        refresh_chains(self.conn, self.touched)

    def store(self, extraction: Extraction) -> None:
        """Resolve and store the entities, statements and labels of ``extraction``."""
        conn = self.conn
        self.user = self.user_entity()
        types = {name_key(e.name): e.type for e in extraction.entities}
        for found in extraction.entities:
            eid = self.resolve(found.name, found.type, entity_context(found.name, found.type, found.context))
            memory_store.add_mention(conn, eid, self.nid)
        for statement in extraction.statements:
            if statement.predicate == ENDS_TIES and statement.object_name:
                self.end_ties(statement)
            elif statement.predicate == ENDS_PARTNER and statement.object_name:
                self.end_ties(statement, PARTNER_WORDS)
            elif statement.predicate == TAKES_OVER and statement.object_name:
                self.take_over(statement, types)
            else:
                if statement.predicate == WORKS_AT:
                    self.change_job_ties(statement, extraction.statements)
                self.add_statement(statement, types)
                if statement.predicate == USES and statement.negated and statement.object_name:
                    self.end_made_tools(statement)
        for label in extraction.labels:
            memory_store.label_note(conn, self.nid, self.label(label))

    def user_entity(self) -> int:
        """The user's own entity, created once."""
        return user_entity(self.conn, self.now)

    # --- entities ------------------------------------------------------------------------------

    def resolve(self, name: str, kind: EntityType, context: str) -> int:
        """The entity ``name`` refers to: the user, a relation's holder, an alias, a compatible name
        whose context is close (ENTITY vectors), or a new entity."""
        key = name_key(name)
        if key in self.resolved:
            return self.resolved[key]
        eid = self._resolve(name, key, kind, context)
        self.resolved[key] = eid
        return eid

    def _resolve(self, name: str, key: str, kind: EntityType, context: str) -> int:
        conn = self.conn
        if is_user(name):
            return self.user
        relation = relation_reference(name)
        if relation is not None:
            for tie in ties_of(relation):
                holder = memory_store.current_relation_holder(conn, self.user, tie)
                if holder is not None:
                    return holder
        candidates = memory_store.entities_by_alias(conn, key)
        same = [c for c in candidates if c.type == kind.value] or candidates
        if same:
            return same[0].eid
        spelled = self.spelled_out(name, key, kind)
        if spelled is not None:
            return spelled
        tokens = name_tokens(name)
        vector = self.vectors.get(context)
        if tokens and relation is None:
            candidates = [
                c
                for c in memory_store.entities_by_first_word(conn, tokens[0], kind.value)
                if compatible(c.name, name) and not (kind == EntityType.PLACE and within_another(c.name, name))
            ]
            if not candidates and kind == EntityType.PERSON and name_key(name) == tokens[0]:
                # A surname alone ("Okoro has retired") is the one the notes gave a title ("Dr. Okoro").
                candidates = [
                    c
                    for form in titled_forms(tokens[0])
                    for c in memory_store.entities_by_first_word(conn, form, kind.value)
                    if compatible(c.name, name)
                ]
            if not candidates:
                candidates = self.called_alike(name, key, kind)
            # The writer is never someone else's first word: "Me Bouchard" (a Québec lawyer's title)
            # is a person of the notes, not the user renamed.
            candidates = [c for c in candidates if c.eid != self.user]
            chosen = candidates[0] if len(candidates) == 1 else self.closest_in_context(candidates, vector)
            if chosen is not None:
                memory_store.add_alias(conn, chosen.eid, name, key)
                if len(tokens) > len(name_tokens(chosen.name)):
                    memory_store.rename_entity(conn, chosen.eid, name, key)
                return chosen.eid
        eid = memory_store.insert_entity(conn, name, kind.value, key, self.now)
        memory_store.add_alias(conn, eid, name, key)
        if vector is not None:
            memory_store.put_vector(conn, "entity", eid, vector)
        return eid

    def called_alike(self, name: str, key: str, kind: EntityType) -> list[memory_store.EntityRow]:
        """The entities of ``kind`` one name is the other's part called alone (entity_model.called_by):
        "Studio Dalgona" met after "Dalgona", or "Dalgona" after it; "Kang Ji-hoon" and "Ji-hoon";
        "Los Maitenes" after "Viña Los Maitenes"."""
        short = called_by(name, kind)
        if short is not None:
            return [c for c in memory_store.entities_by_alias(self.conn, name_key(short)) if c.type == kind.value]
        if " " in key and kind != EntityType.ORGANIZATION:
            return []
        return [
            c
            for c in memory_store.entities_of_several_words(self.conn, kind.value)
            if (alone := called_by(c.name, kind)) is not None and name_key(alone) == key
        ]

    def spelled_out(self, name: str, key: str, kind: EntityType) -> int | None:
        """The one organisation an acronym stands for ("DOC": the Department of Conservation), or
        the acronym met first that an organisation's full name spells out (then named in full)."""
        conn = self.conn
        if is_acronym(name):
            found = {
                c.eid
                for c in memory_store.entities_of_several_words(conn, EntityType.ORGANIZATION.value)
                if name.strip() in initials(c.name)
            }
            if len(found) != 1:
                return None
            eid = found.pop()
            memory_store.add_alias(conn, eid, name, key)
            return eid
        if kind != EntityType.ORGANIZATION:
            return None
        short = {
            c.eid
            for form in initials(name)
            for c in memory_store.entities_by_alias(conn, name_key(form))
            if is_acronym(c.name)
        }
        if len(short) != 1:
            return None
        eid = short.pop()
        memory_store.add_alias(conn, eid, name, key)
        memory_store.rename_entity(conn, eid, name, key)
        return eid

    def closest_in_context(
        self, candidates: list[memory_store.EntityRow], vector: np.ndarray | None
    ) -> memory_store.EntityRow | None:
        """Of several entities the name fits ("Sarah" with Sarah Chen and Sarah Lee known), the one
        whose stored context is closest to this mention's, if close enough (ENTITY vectors)."""
        if not candidates or vector is None:
            return None
        wanted = {c.eid: c for c in candidates}
        for ref, sim in memory_store.nearest(self.conn, "entity", vector, NEIGHBOURS * 4):
            if ref in wanted and sim >= ENTITY_MATCH_SIMILARITY:
                return wanted[ref]
        return None

    # --- statements ----------------------------------------------------------------------------

    def add_statement(self, statement: ExtractedStatement, types: Mapping[str, EntityType]) -> None:
        """Store one statement, or add this note as a source of the same one."""
        conn = self.conn

        def entity_of(name: str) -> int:
            kind = types.get(name_key(name), EntityType.PERSON if relation_reference(name) else EntityType.CONCEPT)
            return self.resolve(name, kind, entity_context(name, kind, statement.text))

        subject = entity_of(statement.subject)
        if statement.predicate == "email" and statement.object_value:
            subject = self.address_owner(statement.object_value) or subject
        object_eid = entity_of(statement.object_name) if statement.object_name else None
        if statement.predicate == WORKS_AT and object_eid is not None:
            memory_store.retype_entity(conn, object_eid, EntityType.ORGANIZATION, NOT_A_WORKPLACE_READING)
        replaces_eid = entity_of(statement.replaces) if statement.replaces else None
        valid_at = statement.valid_at if statement.valid_at is not None else self.written
        key = statement_key(subject, statement, object_eid)
        if corrections_store.is_forgotten(conn, key):
            return  # the user said it is wrong: reading the note again does not bring it back
        sid = memory_store.statement_by_key(conn, key)
        if sid is not None and replaces_eid is not None and memory_store.statement_start(conn, sid) < valid_at:
            # "Switched dentists, from Dr. Quinn to Dr. Rowe" after an earlier note named Dr. Rowe:
            # the switch holds from its own time (the earlier holder it names held until then), so it
            # is a statement of its own, not another source of the first.
            key = f"{key}|replaces e{replaces_eid}"
            sid = memory_store.statement_by_key(conn, key)
        kind = vector_kind(statement)
        vector = self.vectors.get(statement.text) if kind else None
        replaces_sid = None
        if sid is None and kind == "aspect" and vector is not None:
            sid, replaces_sid = self.near_voice(subject, statement, vector)
        if sid is None:
            sid = memory_store.insert_statement(
                conn,
                statement.aspect.value,
                statement.text,
                subject,
                statement.predicate,
                object_eid,
                statement.object_value,
                replaces_eid,
                replaces_sid,
                statement.negated,
                key,
                valid_at,
            )
            if kind is not None and vector is not None:
                memory_store.put_vector(conn, kind, sid, vector)
        span = statement.span
        memory_store.add_source(
            conn, sid, self.nid, span.start, span.end, valid_at, self.producer.name, self.producer.version
        )
        self.touched.add((subject, statement.predicate))

    def person_of(self, operation: ExtractedStatement) -> int:
        """The person a graph operation ("X left", "Y replaces X") is about: X, resolved."""
        assert operation.object_name is not None
        name = operation.object_name
        return self.resolve(name, EntityType.PERSON, entity_context(name, EntityType.PERSON, operation.text))

    def end_ties(self, left: ExtractedStatement, only: frozenset[str] | None = None) -> None:
        """ "Dana left the company": each current tie of Dana's (my manager, works at Acme), or
        each of the predicates ``only`` ("Chiara and I broke up": partner words), gets a negated
        statement from this sentence, which ends it in its chain. Looked up as notes are written,
        in their order, like every resolution."""
        for aspect, subject, predicate, target in memory_store.current_ties(self.conn, self.person_of(left)):
            if only is not None and predicate not in only:
                continue
            ended = ExtractedStatement(
                Aspect(aspect),
                left.text,
                subject,
                predicate,
                left.span,
                object_name=target,
                negated=True,
                valid_at=left.valid_at,
            )
            self.add_statement(ended, {})

    def change_job_ties(self, job: ExtractedStatement, told: Sequence[ExtractedStatement]) -> None:
        """ "First day at Clydeside" when the graph has me working at First Glasgow (or had me
        working somewhere until then): a new workplace ends my manager there, unless a note names
        them with the new one ("Annika Holm runs it") or this note names them my manager again; and
        one the graph says runs the new workplace is my manager there, unless this note names
        another. Looked up as notes are written, in their order, like every resolution."""
        if not is_user(job.subject) or job.negated or not job.object_name:
            return
        joined = self.resolved.get(name_key(job.object_name))
        workplaces = [
            set(name_key(name).split()) for name in memory_store.current_objects(self.conn, self.user, WORKS_AT)
        ]
        words = set(name_key(job.object_name).split())
        # "Last day at Brébeuf" (at Collège Brébeuf) says where I worked until then, not a new job.
        last_day = any(s.negated and s.predicate == WORKS_AT and s.object_name == job.object_name for s in told)
        if joined is None or last_day or any(words <= place for place in workplaces):
            return
        named = {name_key(s.object_name) for s in told if s.object_name and s.predicate in JOB_TIES}
        # A workplace left before ("Last day at Garage Verhoef is 24 April") leaves its manager to
        # the new job as much as one held until now.
        left = workplaces or memory_store.ended_objects(self.conn, self.user, WORKS_AT)
        for predicate in JOB_TIES if left else ():
            for boss in memory_store.current_objects(self.conn, self.user, predicate, joined):
                if name_key(boss) not in named:
                    self.add_statement(self.job_tie(job, predicate, boss, negated=True), {})
        runners = memory_store.current_subjects(self.conn, RUNS, joined)
        if not named and len(runners) == 1:
            self.add_statement(self.job_tie(job, "manager", runners[0], negated=False), {})

    @staticmethod
    def job_tie(job: ExtractedStatement, predicate: str, holder: str, negated: bool) -> ExtractedStatement:
        """My tie ``predicate`` to ``holder``, begun or ended by the sentence that says where I work."""
        return ExtractedStatement(
            Aspect.RELATIONSHIP,
            job.text,
            job.subject,
            predicate,
            job.span,
            object_name=holder,
            negated=negated,
            valid_at=job.valid_at,
        )

    def end_made_tools(self, ended: ExtractedStatement) -> None:
        """ "Cancelled the Adobe subscription": each tool of the writer's the maker makes
        (Photoshop, Premiere Pro) gets a negated statement from this sentence too. Looked up as notes
        are written, in their order, like every resolution."""
        assert ended.object_name is not None
        if not is_user(ended.subject):
            return
        tools = memory_store.current_objects(self.conn, self.user, USES)
        for tool in made_by_maker(ended.object_name, tools, gazetteer().brands):
            self.add_statement(replace(ended, object_name=tool), {})

    def take_over(self, succession: ExtractedStatement, types: Mapping[str, EntityType]) -> None:
        """ "Frau Demir replaces Herr Vogt": each current relation of Herr Vogt's to the user (my
        accountant) is Frau Demir's from this sentence on, and ends for Herr Vogt. Looked up as
        notes are written, in their order, like every resolution."""
        for aspect, subject, predicate, target in memory_store.current_ties(self.conn, self.person_of(succession)):
            if aspect != Aspect.RELATIONSHIP.value or not is_user(subject):
                continue
            moved = ExtractedStatement(
                Aspect.RELATIONSHIP,
                succession.text,
                subject,
                predicate,
                succession.span,
                object_name=succession.subject,
                valid_at=succession.valid_at,
            )
            self.add_statement(moved, types)
            self.add_statement(replace(moved, object_name=target, negated=True), {})

    def address_owner(self, email: str) -> int | None:
        """The one person the graph knows by the first name an address starts with, if exactly one
        ("sarah.chen@acme.com" → Sarah Chen). Looked up as notes are written, in their order, so a
        note read again after a crash finds the same owner."""
        first = email_first_name(email)
        if first is None:
            return None
        people = memory_store.entities_by_first_word(self.conn, first, EntityType.PERSON.value)
        return people[0].eid if len(people) == 1 else None

    def near_voice(
        self, subject: int, statement: ExtractedStatement, vector: np.ndarray
    ) -> tuple[int | None, int | None]:
        """(a voice statement saying the same thing, one it contradicts) among the subject's, by ASPECT vectors."""
        near = memory_store.nearest(self.conn, "aspect", vector, NEIGHBOURS)
        rows = {r.sid: r for r in memory_store.visible_statements(self.conn, [ref for ref, _ in near])}
        for ref, sim in near:
            row = rows.get(ref)
            if row is None or (row.subject_eid, row.predicate, row.aspect) != (
                subject,
                statement.predicate,
                statement.aspect.value,
            ):
                continue
            if row.negated == statement.negated and sim >= VOICE_DUPLICATE_SIMILARITY:
                return ref, None
            if row.negated != statement.negated and sim >= VOICE_CONTRADICTION_SIMILARITY:
                return None, ref
        return None, None

    # --- labels --------------------------------------------------------------------------------

    def label(self, name: str) -> int:
        """The label ``name`` becomes: an existing one with the same key or close in LABEL space."""
        key = name_key(name)
        found = memory_store.label_by_key(self.conn, key)
        if found is not None:
            return found
        vector = self.vectors.get(name)
        if vector is not None:
            for ref, sim in memory_store.nearest(self.conn, "label", vector, 1):
                if sim >= LABEL_MERGE_SIMILARITY:
                    return ref
        lid = memory_store.insert_label(self.conn, name, key)
        if vector is not None:
            memory_store.put_vector(self.conn, "label", lid, vector)
        return lid


def refresh_chains(conn: Connection, chains: set[tuple[int, str]]) -> None:
    """Recompute the validity of the (subject, predicate) ``chains`` from their visible statements.

    A statement can only end another of the same subject and predicate (a voice contradiction links
    two of one aspect), so each chain is computed alone; free-text predicates never contradict."""
    chains = {(subject, predicate) for subject, predicate in chains if predicate not in FREE_TEXT_PREDICATES}
    if not chains:
        return
    rows = memory_store.visible_statements_of(conn, chains)
    told = {row.sid: (row.object_value or "").strip() for row in rows}
    by_chain: dict[tuple[int, str], list[ChainItem]] = {}
    for row in rows:
        if row.object_eid is not None:
            target = f"e{row.object_eid}"
        elif row.aspect in VOICE_VALUES:
            target = f"s{row.sid}"  # voice statements are linked only through replaces_sid
        else:
            target = normalise_value(row.object_value or "")
        by_chain.setdefault((row.subject_eid, row.predicate), []).append(
            ChainItem(
                row.sid,
                row.predicate,
                target,
                row.negated,
                row.valid_at,
                None if row.replaces_eid is None else f"e{row.replaces_eid}",
                row.replaces_sid,
                one_at_a_time_kind(fold(row.object_name)) if row.predicate == USES and row.object_name else None,
            )
        )
    # Only what changed is written: a long chain ("I use …") is recomputed for every note that adds
    # to it, and each row updated marks its notes' weeks for a digest rebuild.
    stored = {row.sid: row.validity for row in rows}
    updates = []
    for (_, predicate), items in by_chain.items():
        # An amount of one's own (rent, savings) holds one value at a time, whatever it is called;
        # read as written, where a currency's case tells it ("210 000 Ft" is forints, not feet).
        amounts = all(item.object_key and IS_MY_SUM.fullmatch(told[item.sid]) for item in items)
        functional = FUNCTIONAL_PREDICATES | {predicate} if amounts else FUNCTIONAL_PREDICATES
        for sid, (invalid_at, by) in validity(items, functional, SINGLE_RELATIONS).items():
            if stored[sid] != (invalid_at, by):
                updates.append((invalid_at, by, sid))
    memory_store.set_validity(conn, updates)
    memory_store.clear_validity_of_hidden(conn, chains)
