"""The built-in extractor (real spaCy model) on the kinds of sentence a new user writes: titles and
dotted dates that do not end a sentence, values that only look like phones or dates, ticked
checkboxes, "our" relations, and who a verb's subject is."""

from __future__ import annotations

from datetime import datetime

import pytest

from remen.core.knowledge import Aspect, EntityType, Extraction, NoteForExtraction
from remen.memory.builtin import BuiltinExtractor

WRITTEN = datetime(2026, 3, 16, 10, 0).astimezone()


@pytest.fixture(scope="module")
def reader() -> BuiltinExtractor:
    return BuiltinExtractor(None, "dmy")


def read(reader: BuiltinExtractor, text: str) -> Extraction:
    return reader.extract(NoteForExtraction(text, (), WRITTEN.timestamp()))


def entities(found: Extraction) -> set[tuple[str, EntityType]]:
    return {(e.name, e.type) for e in found.entities}


def test_a_title_and_a_dotted_date_do_not_cut_the_sentence(reader: BuiltinExtractor) -> None:
    found = read(reader, "Appointment with Dr. Okafor on 22.03. at 14:00")
    assert ("Dr. Okafor", EntityType.PERSON) in entities(found)
    events = [s for s in found.statements if s.aspect == Aspect.EVENT]
    assert len(events) == 1 and "Dr. Okafor" in events[0].text
    assert events[0].valid_at is not None
    assert datetime.fromtimestamp(events[0].valid_at).strftime("%d.%m. %H:%M") == "22.03. 14:00"


def test_a_titled_name_is_one_person(reader: BuiltinExtractor) -> None:
    names = {name for name, kind in entities(read(reader, "Ran into Mr Fischer at the bakery.")) if kind == "Person"}
    assert names == {"Mr Fischer"}


def test_an_ip_address_is_not_a_phone_but_a_phone_number_is(reader: BuiltinExtractor) -> None:
    printer = read(reader, "The printer lives at 10.0.0.42 now.")
    assert not [s for s in printer.statements if s.predicate == "phone"]
    garage = read(reader, "My garage's number is +44 20 7946 0958.")
    assert [s.object_value for s in garage.statements if s.predicate == "phone"] == ["+44 20 7946 0958"]


def test_an_ordinal_before_a_noun_is_not_a_day(reader: BuiltinExtractor) -> None:
    room = read(reader, "Our meeting room is on the 5th floor.")
    assert not [s for s in room.statements if s.aspect == Aspect.EVENT]
    drinks = read(reader, "Drinks on the 12th at the pub.")
    dated = [s for s in drinks.statements if s.valid_at is not None]
    assert dated and datetime.fromtimestamp(dated[0].valid_at or 0).day == 12


def test_ticked_checkboxes_are_not_open_tasks(reader: BuiltinExtractor) -> None:
    found = read(reader, "- [x] renew passport\n- [ ] book the vet")
    assert [s.text for s in found.statements if s.aspect == Aspect.TASK] == ["book the vet"]


def test_our_child_is_a_relation(reader: BuiltinExtractor) -> None:
    found = read(reader, "Our son Felix turns 9 next week.")
    assert [(s.predicate, s.object_name) for s in found.statements if s.aspect == Aspect.RELATIONSHIP] == [
        ("son", "Felix")
    ]


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("Joined Umbrella Labs on Monday, my team lead is Ravi.", "me"),
        ("Priya works for Wayne Enterprises.", "Priya"),
        ("I started at Stark Industries in June.", "me"),
    ],
)
def test_who_works_somewhere_is_the_verbs_subject(reader: BuiltinExtractor, text: str, subject: str) -> None:
    works = [s for s in read(reader, text).statements if s.predicate == "works_at"]
    assert [s.subject for s in works] == [subject]


def test_a_common_noun_opening_a_note_is_not_a_person(reader: BuiltinExtractor) -> None:
    people = {n for n, kind in entities(read(reader, "Breakfast with Omar at nine.")) if kind == "Person"}
    assert "Breakfast" not in people


def test_a_day_is_when_someone_started_not_where(reader: BuiltinExtractor) -> None:
    found = read(reader, "The new designer Kofi joined Thursday, great energy.")
    assert not [s for s in found.statements if s.predicate == "works_at"]


def test_a_verb_opening_a_note_is_not_a_person_and_numbers_are_not_labels(reader: BuiltinExtractor) -> None:
    shipped = read(reader, "# Standup\nShipped the Kafka migration.")
    assert "Shipped" not in {name for name, _ in entities(shipped)}
    invoice = read(reader, "Invoice 00112 from Linode for the Q4 servers")
    assert invoice.labels == () or all(len([c for c in label if c.isalpha()]) >= 3 for label in invoice.labels)
