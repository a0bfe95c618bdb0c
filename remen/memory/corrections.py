"""The user's corrections to the graph: forget a wrong fact, state the right one, merge two
entities that are one, rename one. Each is the user's own word and outranks extraction: reading
the notes again does not bring a forgotten fact back, a stated fact lives without a note, and
merged or renamed names keep resolving to the entity the user chose."""

from __future__ import annotations

import re

from dateutil import parser as date_parser

from remen.core.errors import CorrectionError
from remen.core.knowledge import USER_NAME, Aspect, EntityType, ExtractedStatement, Span
from remen.core.models import JobKind
from remen.memory.cues import is_phone_number
from remen.memory.dates import day_month
from remen.memory.graph_writer import refresh_chains, rekey, statement_key, user_entity
from remen.memory.lexicon import ATTRIBUTE_PREDICATES, PREDICATE_SYNONYMS, RELATIONS, canonical_relation
from remen.memory.names import is_user, name_key
from remen.memory.patterns import EMAIL, PHONE
from remen.memory.reader import entity_ids
from remen.store import Store
from remen.store import corrections as corrections_store
from remen.store import graph as graph_store
from remen.store import jobs as job_store
from remen.store import memory as memory_store
from remen.store.connect import Connection

# What kind of entity the object of a predicate is, when it is one ("works_at Acme": a company).
OBJECT_KINDS = {"works_at": EntityType.ORGANIZATION, "lives_in": EntityType.PLACE, "uses": EntityType.TECHNOLOGY}
WORD_PREDICATE = re.compile(r"^[a-z][a-z_-]{1,40}$")


def predicate_of(attribute: str) -> str:
    """The stored predicate for what the user typed ('employer' → works_at, 'boss' → manager)."""
    word = attribute.strip().lower().replace(" ", "_")
    word = PREDICATE_SYNONYMS.get(word, word)
    if not WORD_PREDICATE.match(word):
        raise CorrectionError(f"{attribute!r} is no attribute name: use a word like birthday, email, manager, uses.")
    return canonical_relation(word)


def typed_value(predicate: str, value: str) -> str:
    """``value`` as the predicate's kind of value, or a CorrectionError that says what it should be."""
    value = value.strip()
    if not value:
        raise CorrectionError("The value is empty.")
    if predicate == "email":
        if not EMAIL.fullmatch(value):
            raise CorrectionError(f"{value!r} does not look like an e-mail address (name@example.com).")
        return value.lower()
    if predicate == "phone":
        if not PHONE.fullmatch(value) or not is_phone_number(value):
            raise CorrectionError(f"{value!r} does not look like a phone number (at least 7 digits).")
        return value
    if predicate == "birthday":
        try:
            day = date_parser.parse(value, dayfirst=True)
        except (ValueError, OverflowError) as exc:
            raise CorrectionError(f"{value!r} is no date: write it like 12 May or 12 May 1988.") from exc
        return day_month(day, re.search(r"\b\d{4}\b", value) is not None)
    return value


class Corrector:
    """Applies corrections in one write transaction each."""

    def __init__(self, store: Store) -> None:
        """Write through ``store``."""
        self.store = store

    def forget(self, fact_id: int, now: float) -> None:
        """Remove fact ``fact_id``; reading its notes again will not state it again."""
        with self.store.transaction() as conn:
            statement = corrections_store.statement_for_correction(conn, fact_id)
            if statement is None:
                raise CorrectionError(f"No fact #{fact_id}. `remen facts` lists them with their numbers.")
            nids = corrections_store.source_notes(conn, fact_id)
            corrections_store.forget(conn, statement, nids, now)
            refresh_chains(conn, {(statement.subject_eid, statement.predicate)})

    def restore(self, fact_id: int, now: float) -> int:
        """Undo forgetting fact ``fact_id``: the user's own word is stored again, the notes that
        stated it are queued to be read again (their number)."""
        with self.store.transaction() as conn:
            row = corrections_store.unforget(conn, fact_id)
            if row is None:
                raise CorrectionError(f"Fact #{fact_id} was not forgotten, so there is nothing to restore.")
            if row.stated is not None and memory_store.statement_by_key(conn, row.key) is None:
                sid = memory_store.insert_statement(
                    conn,
                    row.aspect,
                    row.text,
                    row.subject_eid,
                    row.predicate,
                    row.object_eid,
                    row.object_value,
                    None,
                    None,
                    False,
                    row.key,
                    row.valid_at,
                )
                corrections_store.mark_user_statement(conn, sid, row.stated)
                refresh_chains(conn, {(row.subject_eid, row.predicate)})
            for nid, content_hash in corrections_store.live_notes(conn, row.nids):
                memory_store.forget_extraction(conn, nid)
                job_store.enqueue(conn, JobKind.EXTRACT, nid, now, content_hash)
        return len(row.nids)

    def set(self, entity: str, attribute: str, value: str, now: float) -> int:
        """State ``entity``'s ``attribute`` as ``value`` in the user's own word; returns the fact's
        id. It holds from now: an earlier value of a one-at-a-time attribute ends here."""
        predicate = predicate_of(attribute)
        with self.store.transaction() as conn:
            subject = user_entity(conn, now) if is_user(entity) else self.find(conn, entity)
            kind = EntityType.PERSON if predicate in RELATIONS else OBJECT_KINDS.get(predicate)
            object_eid = None
            literal = None
            if kind is not None:
                object_eid = self.entity_named(conn, value.strip(), kind, now)
            else:
                literal = typed_value(predicate, value)
            aspect = (
                Aspect.RELATIONSHIP
                if predicate in RELATIONS
                else Aspect.IDENTITY
                if predicate in ATTRIBUTE_PREDICATES
                else Aspect.KNOWLEDGE
            )
            name = USER_NAME if is_user(entity) else entity.strip()
            text = f"{name} · {predicate} · {value.strip() if literal is None else literal} (set by you)"
            statement = ExtractedStatement(
                aspect,
                text,
                name,
                predicate,
                Span(0, 0),
                object_name=value.strip() if object_eid else None,
                object_value=literal,
            )
            key = statement_key(subject, statement, object_eid)
            corrections_store.unforget_key(conn, key)
            sid = memory_store.statement_by_key(conn, key)
            if sid is None:
                sid = memory_store.insert_statement(
                    conn, aspect.value, text, subject, predicate, object_eid, literal, None, None, False, key, now
                )
            corrections_store.mark_user_statement(conn, sid, now)
            refresh_chains(conn, {(subject, predicate)})
        return sid

    def merge(self, kept_name: str, gone_name: str) -> None:
        """Entity ``gone_name`` is ``kept_name``: its names, mentions and facts become the kept one's."""
        with self.store.transaction() as conn:
            kept = self.find(conn, kept_name)
            gone = self.find(conn, gone_name)
            if kept == gone:
                raise CorrectionError(f"{kept_name!r} and {gone_name!r} are already one entity.")
            me = memory_store.entity_by_key(conn, USER_NAME)
            if me is not None and gone == me.eid:
                raise CorrectionError("You cannot be merged into someone else; merge the other way round.")
            touched = set()
            for statement in corrections_store.statements_of_entity(conn, gone):
                subject = kept if statement.subject_eid == gone else statement.subject_eid
                touched |= {(statement.subject_eid, statement.predicate), (subject, statement.predicate)}
                corrections_store.move_statement(conn, statement, gone, kept, rekey(statement.key, gone, kept))
            for key in corrections_store.forgotten_keys_of_entity(conn, gone):
                corrections_store.rekey_forgotten(conn, key, rekey(key, gone, kept), gone, kept)
            corrections_store.merge_entity_rows(conn, gone, kept)
            refresh_chains(conn, {(s, p) for s, p in touched if s != gone})
            memory_store.bump_memory_generation(conn)

    def rename(self, name: str, new_name: str) -> None:
        """Entity ``name`` is called ``new_name`` from now on (the old name still finds it)."""
        new_name = new_name.strip()
        key = name_key(new_name)
        if not key:
            raise CorrectionError("The new name is empty.")
        with self.store.transaction() as conn:
            eid = self.find(conn, name)
            other = [e for e in graph_store.find_entities(conn, key) if e != eid]
            if other:
                raise CorrectionError(
                    f"Another entity is already called {new_name!r}; if they are one, merge them:"
                    f" remen entity merge {quoted(new_name)} {quoted(name)}"
                )
            memory_store.rename_entity(conn, eid, new_name, key)
            memory_store.add_alias(conn, eid, new_name, key)
            memory_store.bump_memory_generation(conn)

    # --- lookups ------------------------------------------------------------------------------

    @staticmethod
    def find(conn: Connection, name: str) -> int:
        """The entity called ``name`` (the most mentioned, if several), or an error naming close ones."""
        if is_user(name):
            found = memory_store.entity_by_key(conn, USER_NAME)
            if found is not None:
                return found.eid
        return entity_ids(conn, name)[0]

    @staticmethod
    def entity_named(conn: Connection, name: str, kind: EntityType, now: float) -> int:
        """The entity known as ``name`` (of ``kind`` if several), else a new one."""
        key = name_key(name)
        if not key:
            raise CorrectionError("The value is empty.")
        known = memory_store.entities_by_alias(conn, key)
        same = [e for e in known if e.type == kind.value] or known
        if same:
            return same[0].eid
        eid = memory_store.insert_entity(conn, name, kind.value, key, now)
        memory_store.add_alias(conn, eid, name, key)
        return eid


def quoted(name: str) -> str:
    """A name as the shell needs it."""
    return f'"{name}"' if " " in name else name
