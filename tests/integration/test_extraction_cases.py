"""The built-in extractor (real spaCy model) on the kinds of sentence a new user writes: titles and
dotted dates that do not end a sentence, values that only look like phones or dates, ticked
checkboxes, "our" relations, and who a verb's subject is."""

from __future__ import annotations

import logging
from datetime import date, datetime
from pathlib import Path
from types import ModuleType

import pytest
from spacy.tokens import Span as SpacySpan

from remen.core.errors import ModelError
from remen.core.knowledge import USER_NAME, Aspect, EntityType, Extraction, NoteForExtraction
from remen.embed import Embedder
from remen.memory import aspect_model, entity_model, tie_model
from remen.memory.builtin import PRODUCT_SHAPE, BuiltinExtractor, named_car, passed_over_brand
from remen.memory.dates import stated_date
from remen.memory.extractor import load_spacy
from remen.memory.names import compatible, name_tokens
from remen.memory.tool_use import ToolMention, ToolUse, read_tools

WRITTEN = datetime(2026, 3, 16, 10, 0).astimezone()


@pytest.fixture(scope="module")
def reader() -> BuiltinExtractor:
    return BuiltinExtractor("dmy")


@pytest.fixture(scope="module")
def model_reader(embedder: Embedder) -> BuiltinExtractor:
    """The extractor as the app runs it: MiniLM gives the entity classifier each name's vector."""
    return BuiltinExtractor("dmy", embedder=embedder)


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
    assert "phone" not in predicates(printer)
    garage = read(reader, "My garage's number is +44 20 7946 0958.")
    assert [s.object_value for s in garage.statements if s.predicate == "phone"] == ["+44 20 7946 0958"]


def test_numbers_in_links_code_and_dates_are_not_phones(reader: BuiltinExtractor) -> None:
    pasted = read(
        reader,
        "Fixed the build thanks to [this answer](https://stackoverflow.com/questions/15895579/last-value), "
        "see also example.org/a/24689738/535590 and the post from 2014/10/08. The job id was `60028624`.",
    )
    assert "phone" not in predicates(pasted)
    plumber = read(reader, "The plumber's number is 030/1234567, see https://plumber.example/")
    assert [s.object_value for s in plumber.statements if s.predicate == "phone"] == ["030/1234567"]


def test_an_ordinal_before_a_noun_is_not_a_day(reader: BuiltinExtractor) -> None:
    room = read(reader, "Our meeting room is on the 5th floor.")
    assert not [s for s in room.statements if s.aspect == Aspect.EVENT]
    drinks = stated_date("Drinks on the 12th at the pub.", datetime(2026, 3, 2, 9, 0).astimezone())
    assert drinks is not None and drinks.moment.date() == date(2026, 3, 12)


def test_ticked_checkboxes_are_not_open_tasks(reader: BuiltinExtractor) -> None:
    found = read(reader, "- [x] renew passport\n- [ ] book the vet")
    assert [s.text for s in found.statements if s.aspect == Aspect.TASK] == ["book the vet"]


def test_a_jot_opening_with_a_role_names_the_writers_and_a_firm_may_end_in_health(reader: BuiltinExtractor) -> None:
    assert ("me", "dentist", "Dr. Amadi") in triples(read(reader, "• dentist, Dr. Amadi, Thu 5 Mar 4pm"))
    assert not [t for t in triples(read(reader, "took Dad to the dentist, Dr. Amadi")) if t[1] == "dentist"]
    intro = read(reader, "Rosa: Hi, Rosa Lim from Bayview Health here, about the QA role.")
    assert ("Bayview Health", EntityType.ORGANIZATION) in entities(intro)
    assert ("Rosa Lim", "works_at", "Bayview Health") in triples(intro)


def test_a_sum_shared_with_someone_stays_the_writers_and_a_thousand_may_be_a_k(reader: BuiltinExtractor) -> None:
    def sums(text: str) -> list[tuple[str, str, str | None]]:
        return [
            (s.subject, s.predicate, s.object_value) for s in read(reader, text).statements if s.aspect == "Identity"
        ]

    assert sums("- rent 1,400/mo, split w/ Joy 700 each") == [(USER_NAME, "rent", "1,400 a month")]
    # The landlord is paid the rent; the phone after the name is the landlord's.
    assert sorted(sums("rent £900 per month, landlord Mrs. Patel 07700 900111")) == [
        ("Mrs. Patel", "phone", "07700 900111"),
        (USER_NAME, "rent", "£900 a month"),
    ]
    assert sums("New job! salary 52k a year, start Monday") == [(USER_NAME, "salary", "52k a year")]
    assert sums("Ran the 5k with Tom on Sunday.") == []


def test_a_bullet_journals_lines_are_items_and_one_done_tells_what_was_done(reader: BuiltinExtractor) -> None:
    # Rapid logging: "•" a task, "×" done, "○" an event, "–" a note; each line its own item.
    log = "• renew passport\n× cancelled Headspace\n○ dentist Thu 19 Mar 4pm\n– rent 900 a month"
    found = read(reader, log)
    assert [s.text for s in found.statements if s.aspect == Aspect.TASK] == ["renew passport"]
    assert not any(s.text.startswith(("•", "×", "○", "–")) for s in found.statements)
    ended = [s for s in found.statements if s.predicate == "uses" and s.object_name == "Headspace"]
    assert ended and ended[-1].negated  # a done line is read: what it says was done
    dentist = next(s for s in found.statements if s.text.startswith("dentist"))
    assert datetime.fromtimestamp(dentist.valid_at or 0).date() == date(2026, 3, 19)


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
        ("Started full time at Fonderia Sonora today.", "me"),
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
    assert "works_at" not in predicates(found)


def test_a_verb_opening_a_note_is_not_a_person_and_numbers_are_not_labels(reader: BuiltinExtractor) -> None:
    shipped = read(reader, "# Standup\nShipped the Kafka migration.")
    assert "Shipped" not in {name for name, _ in entities(shipped)}
    invoice = read(reader, "Invoice 00112 from Linode for the Q4 servers")
    assert invoice.labels == () or all(len([c for c in label if c.isalpha()]) >= 3 for label in invoice.labels)


@pytest.mark.parametrize(("module", "what"), [(aspect_model, "aspect"), (entity_model, "entity"), (tie_model, "tie")])
def test_weights_that_do_not_match_their_checksum_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: ModuleType, what: str
) -> None:
    loader = module.shipped_classifier
    weights = tmp_path / "weights.npz"
    damaged = bytearray(module.WEIGHTS.read_bytes())
    damaged[200] ^= 0xFF
    weights.write_bytes(bytes(damaged))
    monkeypatch.setattr(module, "WEIGHTS", weights)
    loader.cache_clear()
    try:
        with pytest.raises(ModelError, match=rf"{what} classifier.*corrupt"):
            loader()
        weights.unlink()
        with pytest.raises(ModelError, match="missing"):
            loader()
    finally:
        loader.cache_clear()


def test_the_gazetteer_knows_first_names_surnames_places_and_brands_of_the_world(
    model_reader: BuiltinExtractor,
) -> None:
    found = entity_model.gazetteer()
    assert found.hits("Marta Ibáñez") == (1.0, 0.0, 0.0, 0.0)  # accents aside; Ibáñez is no common surname
    assert found.hits("Dr. Okoro") == (0.0, 1.0, 0.0, 0.0)  # a title and a surname: no first name
    assert found.hits("Ljubljana") == (0.0, 0.0, 1.0, 0.0)
    # A brand, also without its maker's name ("Adobe Photoshop"), and written with a dot.
    assert found.hits("Photoshop") == found.hits("Last.fm") == (0.0, 0.0, 0.0, 1.0)
    assert found.hits("Bruno Mars") == (1.0, 0.0, 0.0, 0.0)
    # A brand named with a common word is read as a tool, not a place or a firm.
    note = "Rebuilt the sales report in Power BI over the weekend, so much faster than Tableau."
    assert ("Tableau", EntityType.TECHNOLOGY) in entities(read(model_reader, note))
    # A brand of several words is a name wherever it stands, though the tagger reads no name in it.
    crashing = read(model_reader, "Premiere Pro keeps crashing on the 4K timeline.")
    assert ("Premiere Pro", EntityType.TECHNOLOGY) in entities(crashing)
    assert ("me", "uses", "Premiere Pro") in triples(crashing)


def test_without_its_gazetteer_the_entity_classifier_goes_by_the_sentence_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, model_reader: BuiltinExtractor, caplog: pytest.LogCaptureFixture
) -> None:
    note = "Coffee with Ingrid before her flight to Reykjavik."
    assert ("Ingrid", EntityType.PERSON) in entities(read(model_reader, note))
    monkeypatch.setattr(entity_model, "GAZETTEER", tmp_path / "missing.json")
    # The app's log file handler stops records reaching the root logger pytest listens on.
    monkeypatch.setattr(logging.getLogger("remen"), "propagate", True)
    entity_model.gazetteer.cache_clear()
    try:
        assert {name for name, _ in entities(read(model_reader, note))} == {"Ingrid", "Reykjavik"}
        assert entity_model.gazetteer().hits("Ingrid") == (0.0, 0.0, 0.0, 0.0)
        assert "gazetteer" in caplog.text
    finally:
        entity_model.gazetteer.cache_clear()


def test_the_shipped_aspect_classifier_reads_sentences_it_was_not_trained_on(reader: BuiltinExtractor) -> None:
    # Sentences written for this test (none is in the memory set); the classifier must get most
    # of them right, not each one: it is a model, and the memory set measures it properly.
    cases = {
        "Remember to water the plants before the trip": Aspect.TASK,
        "I really enjoy cooking on slow Sunday afternoons": Aspect.PREFERENCE,
        "We decided to rent a car instead of taking the train": Aspect.DECISION,
        "The dishwasher leaks every time it runs a long cycle": Aspect.PROBLEM,
        "Never leave the stove on when you go out": Aspect.DIRECTIVE,
        "I think open offices make people quieter, not more social": Aspect.BELIEF,
    }
    right = 0
    for sentence, aspect in cases.items():
        right += any(s.aspect == aspect for s in read(reader, sentence).statements)
    assert right >= 4


# Written for this test (no sentence of the memory set nor of the classifier's training): where the
# writer works, lives or what they use, said by what the sentence is about rather than spelled
# out; and the same names in sentences that tie someone else, or nobody, to them.
TIED = {
    "Nine years at Crestview Hospital and the car park is still a nightmare.": ("works_at", "Crestview Hospital"),
    "Sunny morning in Clontarf, walked the dog along the seafront before breakfast.": ("lives_in", "Clontarf"),
    "my recipes all live in Paprika, sorted by season": ("uses", "Paprika"),
    "Quarterly targets at Dunmore Freight are up again, my team is not amused.": ("works_at", "Dunmore Freight"),
    "Our landlord in Marrickville finally fixed the leaking gutter.": ("lives_in", "Marrickville"),
}
NOT_TIED = (
    "Took Mum to Crestview Hospital for her scan, she was brave.",
    "Weekend in Clontarf with the in-laws, too much cake.",
    "Priya keeps her recipes in Paprika and sends me screenshots.",
    "Dunmore Freight delivered the sofa two days late.",
    "Marrickville has a great Greek bakery, worth the drive.",
)
TIES = ("works_at", "lives_in", "uses")


def test_the_tie_classifier_reads_where_i_work_live_and_what_i_use_from_what_a_sentence_is_about(
    model_reader: BuiltinExtractor,
) -> None:
    # A model, so most rather than each (the rules alone find one of the five ties).
    found = sum(tie in writers_ties(read(model_reader, text)) for text, tie in TIED.items())
    wrong = sum(bool(writers_ties(read(model_reader, text))) for text in NOT_TIED)
    assert found >= 3
    assert wrong <= 1


def writers_ties(found: Extraction) -> set[tuple[str, str]]:
    return {(p, o) for s, p, o in triples(found) if s == "me" and p in TIES}


def predicates(found: Extraction) -> set[str]:
    """Every predicate the reading stated, negated or not."""
    return {s.predicate for s in found.statements}


def triples(found: Extraction) -> set[tuple[str, str, str]]:
    return {(s.subject, s.predicate, s.object_name or s.object_value or "") for s in found.statements if not s.negated}


def test_roles_written_as_labels_and_in_brackets_are_relations(reader: BuiltinExtractor) -> None:
    assert ("me", "accountant", "Herr Vogt") in triples(read(reader, "Accountant: Herr Vogt, needs the receipts."))
    assert ("me", "dentist", "Dr. Liu") in triples(read(reader, "book dentist (Dr. Liu) for a cleaning"))
    assert ("me", "manager", "Karen") in triples(read(reader, "Planning with Karen (my boss) and design"))
    assert ("me", "manager", "Grace Liang") in triples(read(reader, "My manager here is Grace Liang."))
    assert not [t for t in triples(read(reader, "My partner remembers every date.")) if t[1] == "partner"]


def test_whose_detail_it_is_and_who_moves(reader: BuiltinExtractor) -> None:
    assert ("Ama", "birthday", "3 March") in triples(read(reader, "Ama's birthday is March 3. Gift: a ceramics class."))
    moving = triples(read(reader, "Told Luis I'm moving to Denver end of July."))
    assert ("me", "lives_in", "Denver") in moving and not [t for t in moving if t[0] == "Luis"]


def test_an_unnamed_someone_or_a_thing_that_lives_somewhere_is_not_the_writer(reader: BuiltinExtractor) -> None:
    def homes(text: str) -> set[tuple[str, str, str]]:
        return {t for t in triples(read(reader, text)) if t[1] == "lives_in"}

    assert homes("My sister lives in Lyon now.") == set()
    assert homes("The notes live in Bear now.") == set()
    assert homes("My wife and I live in Lyon now.") == {("me", "lives_in", "Lyon")}
    assert homes("I live in Lyon now.") == {("me", "lives_in", "Lyon")}


def test_who_lives_at_an_address_is_the_verbs_subject(reader: BuiltinExtractor) -> None:
    def addresses(text: str) -> set[tuple[str, str, str]]:
        return {t for t in triples(read(reader, text)) if t[1] == "address"}

    assert addresses("Tom lives at 4 Hill Road.") == {("Tom", "address", "4 Hill Road")}
    assert addresses("I live at 4 Hill Road now.") == {("me", "address", "4 Hill Road now")}
    assert addresses("Lunch with my cousin Priya. She lives at 9 Elm Street.") == {("Priya", "address", "9 Elm Street")}
    # A street named like a tool names no tool.
    assert not [e for e in read(reader, "She lives at 9 Elm Street.").entities if e.name == "Elm"]


def test_an_event_is_its_subjects(model_reader: BuiltinExtractor) -> None:
    def events(text: str) -> list[str]:
        return [s.subject for s in read(model_reader, text).statements if s.aspect == Aspect.EVENT]

    # "who booked the venue" is answered by the one who did it, not by the writer.
    assert events("Priya booked the venue for the reunion yesterday.") == ["Priya"]
    assert events("I booked the venue for the reunion yesterday.") == [USER_NAME]
    # The writer's word for someone, then their name: the one named is who the sentence is about.
    assert events("My colleague Ines Duarte presented the budget on Monday.") == ["Ines Duarte"]
    assert events("My colleague and I presented the budget on Monday.") == [USER_NAME]


def test_a_spell_at_a_workplace_starts_or_ends_working_there(reader: BuiltinExtractor) -> None:
    assert ("me", "works_at", "Halcyon Health") in triples(read(reader, "Day one at Halcyon Health. Laptop Wednesday."))
    last = read(reader, "Last day at Northwind. Cake and speeches.")
    assert [s.object_name for s in last.statements if s.predicate == "works_at" and s.negated] == ["Northwind"]
    # How the day went says where, when the name is an organisation's.
    long_day = read(reader, "Long day at Farmacia Tei. The flu season is brutal.")
    assert ("me", "works_at", "Farmacia Tei") in triples(long_day)
    # A seasonal job is counted in seasons.
    seasons = read(reader, "Three winters teaching for Snowsports Verbier, and the knees still hold.")
    assert ("me", "works_at", "Snowsports Verbier") in triples(seasons)
    for elsewhere in ("Three days waiting for Tom to call back.", "A long day at Bondi with the kids."):
        assert "works_at" not in predicates(read(reader, elsewhere))
    # Handing in one's notice ends the job, a decision; the firm is an organisation, however named.
    notice = read(reader, "Handed in my notice at Pellowe Haulage, my last shift is on Friday.")
    ended = [s for s in notice.statements if s.predicate == "works_at" and s.negated]
    assert [s.object_name for s in ended] == ["Pellowe Haulage"] and ended[0].aspect == Aspect.DECISION
    assert ("Pellowe Haulage", EntityType.ORGANIZATION) in entities(notice)
    assert "works_at" not in predicates(read(reader, "Gave notice to the landlord today."))


def test_a_pasted_chat_gives_each_speaker_their_own_words(reader: BuiltinExtractor) -> None:
    chat = read(reader, "Ama: can you pick up Kwame at 3? I have the clinic\nme: yes. I use Bitwarden now\nAma: ok")
    assert ("Ama", EntityType.PERSON) in entities(chat)
    assert not [s for s in chat.statements if s.text in ("yes.", "ok")]
    assert ("me", "uses", "Bitwarden") in triples(chat)
    assert all(s.subject == "Ama" for s in chat.statements if "clinic" in s.text)

    # A meeting's list is no chat: "Attendees" is no speaker, nor the writer's action item a turn.
    meeting = read(
        reader,
        "## Site visit\nAttendees: Wendell Hargreaves, Priti, me\n- Priti to order scaffolding\n- me: call the council",
    )
    assert ("Attendees", EntityType.PERSON) not in entities(meeting)
    assert {"Wendell Hargreaves", "Priti"} <= {name for name, _ in entities(meeting)}


def test_a_chat_kept_a_turn_a_note_gives_each_turn_to_its_speaker(reader: BuiltinExtractor) -> None:
    turn = read(reader, "Tove: I got a job at Northern Echo Audio, and my sister Ingrid moved to Malmö.")
    assert ("Tove", EntityType.PERSON) in entities(turn)
    assert {("Tove", "works_at", "Northern Echo Audio"), ("Tove", "sister", "Ingrid")} <= triples(turn)
    assert not [s for s in turn.statements if s.subject == "me"]
    two = read(reader, "Omar: I live in Leeds now.\nAmira Haddad: I moved to Leeds too!")
    assert {("Omar", "lives_in", "Leeds"), ("Amira Haddad", "lives_in", "Leeds")} <= triples(two)
    # A label is no speaker, though the name lists hold it as a name ("Edit") or lack it ("Todo").
    for label in ("Edit", "Todo", "June", "Update"):
        assert ("me", "lives_in", "Leeds") in triples(read(reader, f"{label}: I moved to Leeds in May.")), label


def test_a_tie_a_chat_turn_calls_ours_is_the_writers_too(reader: BuiltinExtractor) -> None:
    crew = read(reader, "Bilge: guess what, Okafor from the night shift is our new supervisor\nme: finally")
    assert ("me", "manager", "Okafor") in triples(crew)
    # What the speaker calls theirs stays theirs, even beside an "our".
    own = read(reader, "Bilge: my new supervisor is Okafor, our old one retired\nme: nice")
    assert ("Bilge", "manager", "Okafor") in triples(own) and ("me", "manager", "Okafor") not in triples(own)


def test_a_title_typed_in_the_app_is_read_when_it_is_the_note_or_speaks_of_the_writer(reader: BuiltinExtractor) -> None:
    # The app saves what is typed in the search box as the note's "# " title.
    alone = read(reader, "# Dentist Dr. Hill on 14.01. at 9:30\n\n")
    assert ("me", "dentist", "Dr. Hill") in triples(alone)
    above = read(reader, "# Handed in my notice at Pellowe Haulage\n\nMy last shift is on Friday.")
    assert [s.object_name for s in above.statements if s.predicate == "works_at" and s.negated] == ["Pellowe Haulage"]
    # A document's title above its text names things only.
    document = read(reader, "# Use An Array Check\n\nIn bash you can check whether a variable is an array.")
    assert not [s for s in document.statements if s.text.startswith("Use An Array Check")]


def test_a_switch_names_the_old_tool_as_used_until_then(reader: BuiltinExtractor) -> None:
    found = read(reader, "Finally moved all my passwords from LastPass to Bitwarden.")
    uses = {s.object_name: s for s in found.statements if s.predicate == "uses"}
    assert uses["Bitwarden"].replaces == "LastPass" and "LastPass" in uses
    assert (uses["LastPass"].valid_at or 0) < WRITTEN.timestamp()
    assert "uses" not in predicates(read(reader, "I usually go to the market on Saturdays."))


def test_a_new_holder_of_a_role_compared_with_someone_ends_that_ones_hold(reader: BuiltinExtractor) -> None:
    found = read(reader, "First week with Idris as my manager. He is calmer than Maren, fewer emails.")
    held = {s.object_name: s for s in found.statements if s.predicate == "manager"}
    assert held["Idris"].replaces == "Maren" and (held["Maren"].valid_at or 0) < WRITTEN.timestamp()
    dentist = read(reader, "My new dentist Dr. Lowry is much gentler than Dr. Brandt.")
    assert ("me", "dentist", "Dr. Brandt") in triples(dentist)
    # A tie not told as new compares with anyone: "taller than Tom" makes no one a former manager.
    lunch = read(reader, "Lunch with my manager Dana. She is taller than Tom.")
    assert ("me", "manager", "Tom") not in triples(lunch)


def test_a_tool_no_english_word_names_is_a_tool_whatever_the_tagger_made_of_it(reader: BuiltinExtractor) -> None:
    # The tagger reads "Todoist" opening a jot as an adjective (by its -ist).
    jot = read(reader, "- Todoist: move all the pharmacy stuff into one project")
    assert ("me", "uses", "Todoist") in triples(jot)
    assert "uses" not in predicates(read(reader, "Less sugar in the coffee from now on."))


# Names none of which is in the memory set, each in a sentence written for this test.
NAMED_KINDS = {
    "Coffee with Ingrid before her flight to Reykjavik.": {
        "Ingrid": EntityType.PERSON,
        "Reykjavik": EntityType.PLACE,
    },
    "Signed the lease with Harbourview Properties today.": {"Harbourview Properties": EntityType.ORGANIZATION},
    "Booked a table at Osteria Franca for Friday.": {"Osteria Franca": EntityType.PLACE},
    "Pair-programmed with Oluwaseun on the billing service.": {"Oluwaseun": EntityType.PERSON},
    "Drove up to Inverness with Callum and Morag.": {
        "Inverness": EntityType.PLACE,
        "Callum": EntityType.PERSON,
        "Morag": EntityType.PERSON,
    },
    "Tom Chen from accounting sent the invoices.": {"Tom Chen": EntityType.PERSON},
}


def kinds_right(reader: BuiltinExtractor) -> int:
    right = 0
    for sentence, kinds in NAMED_KINDS.items():
        found = dict(entities(read(reader, sentence)))
        right += sum(found.get(name) == kind for name, kind in kinds.items())
    return right


def test_the_entity_classifier_types_names_it_never_saw(
    reader: BuiltinExtractor, model_reader: BuiltinExtractor
) -> None:
    # A model, so most right rather than each; with MiniLM's vector of each name it knows first
    # names and company words, without the model it goes by the words around the name alone.
    assert kinds_right(model_reader) >= 8
    assert kinds_right(reader) >= 6


@pytest.mark.parametrize(
    ("sentence", "firm"),
    [
        ("My pension is with Aviva now.", "Aviva"),
        ("My bank is Monzo, the joint account too.", "Monzo"),
        ("Priya moved to a startup called Fernbrook.", "Fernbrook"),
        ("Copperleaf's office is in Shoreditch, by the canal.", "Copperleaf"),
        ("Applied to Quillon for the data role.", "Quillon"),
        ("The new animal hospital in Campanar, Hospital Aitana, is hiring nurses.", "Hospital Aitana"),
        # A heading's dash parts its words: the firm, not "Interview - Pellham Freight".
        ("## Interview - Pellham Freight\nAttendees: Jo Reyes, me", "Pellham Freight"),
        # A name ending in the trade it is in.
        ("Quote from Greenfield Roofing: £2,400 for the whole job.", "Greenfield Roofing"),
        ("Check-up at Ashgrove Dental on the 14th.", "Ashgrove Dental"),
    ],
)
def test_the_words_around_a_name_can_make_it_a_firms(model_reader: BuiltinExtractor, sentence: str, firm: str) -> None:
    assert dict(entities(read(model_reader, sentence))).get(firm) == EntityType.ORGANIZATION
    # A state's abbreviation is no legal form; where an interview happens is no firm.
    assert dict(entities(read(model_reader, "Flew to Denver CO for the wedding."))).get("Denver CO") != (
        EntityType.ORGANIZATION
    )
    # Where an interview happens is no firm.
    hiring = dict(entities(read(model_reader, "The Montessori school on Rosewood Avenue is hiring.")))
    assert hiring.get("Rosewood Avenue") != EntityType.ORGANIZATION
    assert dict(entities(read(model_reader, "Interview at Britomart, then lunch."))).get("Britomart") != (
        EntityType.ORGANIZATION
    )


def test_a_relation_named_anywhere_in_the_sentence_is_read_by_the_parse(model_reader: BuiltinExtractor) -> None:
    reader = model_reader
    future = triples(read(reader, "Luis Ortega from platform will be my manager from May."))
    assert ("me", "manager", "Luis Ortega") in future
    became = triples(read(reader, "Met Dana at the conference. She is my new mentor."))
    assert ("me", "mentor", "Dana") in became
    nobody = read(reader, "She will be my manager.")
    assert "manager" not in predicates(nobody)
    job = triples(read(reader, "Started my new job at Christie today."))
    assert ("me", "works_at", "Christie") in job


@pytest.mark.parametrize(
    ("text", "tie"),
    [
        ("My team lead Oona Brady wants the figures by noon.", ("manager", "Oona Brady")),
        ("Asked our night supervisor Raúl for the Friday off.", ("manager", "Raúl")),
        ("My former boss Nils sent a postcard.", None),
        # A trade's or a country's word for the one in charge, in apposition.
        ("Otto, our head chef, tasted every sauce twice.", ("manager", "Otto")),
        ("My oga, Engr. Bello, wants the drawings by Friday.", ("manager", "Engr. Bello")),
        ("My principal is Halina Sobczak, strict but fair.", ("manager", "Halina Sobczak")),
        ("Hany, my team lead, stayed with me until it was fixed.", ("manager", "Hany")),
        ("Nils, my former team lead, sent a card.", None),
    ],
)
def test_a_word_saying_which_may_stand_before_the_relation(
    reader: BuiltinExtractor, text: str, tie: tuple[str, str] | None
) -> None:
    found = [(s.predicate, s.object_name) for s in read(reader, text).statements if s.aspect == Aspect.RELATIONSHIP]
    assert [t for t in found if t[0] == "manager"] == ([tie] if tie else [])


def test_whoever_comes_in_as_the_writers_relation_holds_it(model_reader: BuiltinExtractor) -> None:
    newcomer = triples(read(model_reader, "Beatriz Lemos steps in as our manager next week."))
    assert ("me", "manager", "Beatriz Lemos") in newcomer
    starts = triples(read(model_reader, "Ana Ruiz starts as my new supervisor on Monday."))
    assert ("me", "manager", "Ana Ruiz") in starts
    seen_as = triples(read(model_reader, "I think of the job as my hobby."))
    assert not [t for t in seen_as if t[0] == "me" and t[1] == "hobby"]


def test_a_capitalised_word_no_dictionary_knows_is_a_name_whatever_its_tag(reader: BuiltinExtractor) -> None:
    # The tagger reads "Todoist" as an adjective (its -ist) and the recogniser as a nationality.
    found = read(reader, "We signed up for Todoist to plan the week.")
    assert [e.name for e in found.entities] == ["Todoist"]
    assert not read(reader, "The English teacher was late again.").entities


def test_his_or_her_relation_is_of_the_person_named_before(model_reader: BuiltinExtractor) -> None:
    found = triples(read(model_reader, "Kwame turned up late with his new girlfriend Efua and a cake."))
    assert ("Kwame", "girlfriend", "Efua") in found
    assert not [t for t in triples(read(model_reader, "Her husband Mark cooked.")) if t[1] == "husband"]


def test_a_tool_used_before_the_time_told_of_is_not_in_use(model_reader: BuiltinExtractor) -> None:
    def used(text: str) -> list[tuple[str | None, bool]]:
        found = read(model_reader, text).statements
        return [(s.object_name, s.negated) for s in found if s.predicate == "uses" and s.valid_at is None]

    assert used("I had used Trello for years before the move.") == []
    assert used("Deleted Evernote tonight. I had used it since school.") == []
    assert used("We use Trello for the garden plans.") == [("Trello", False)]


def test_a_relation_said_in_a_clause_about_someone_is_theirs_unless_only_maybe(model_reader: BuiltinExtractor) -> None:
    future = triples(read(model_reader, "Lunch with Halima Yusuf, who will be my manager from June."))
    assert ("me", "manager", "Halima Yusuf") in future
    maybe = read(model_reader, "Spoke to Ravi, who could be my mentor if the transfer happens.")
    assert "mentor" not in predicates(maybe)


def ties(found: Extraction) -> set[tuple[str, str | None]]:
    return {(s.predicate, s.object_name) for s in found.statements if s.aspect == Aspect.RELATIONSHIP}


@pytest.mark.parametrize(
    ("text", "tie"),
    [
        ("New trainer at the gym: Brianna, starts next week.", ("trainer", "Brianna")),
        ("Dentist Dr. Hill on 14.01. at 9:30", ("dentist", "Dr. Hill")),
        ("Thesis registered, supervisor Prof. Weber, due in March.", ("manager", "Prof. Weber")),
    ],
)
def test_a_role_names_its_holder_with_or_without_a_colon(reader: BuiltinExtractor, text: str, tie: tuple) -> None:
    assert tie in ties(read(reader, text))


def test_my_partner_is_the_one_the_note_pairs_with_me(reader: BuiltinExtractor) -> None:
    paired = read(reader, "Mira and I are officially together. She met Marek today. My partner climbs better than me.")
    assert ("partner", "Mira") in ties(paired)
    unpaired = read(reader, "Lunch with Tom at noon. My wife called about the kids.")
    assert not [name for predicate, name in ties(unpaired) if predicate == "wife"]


@pytest.mark.parametrize(
    ("text", "tie"),
    [
        ("Losa and me, married 9 years on 20 Feb. She wants to go to Rarotonga.", ("spouse", "Losa")),
        ("I'm married to Conor, he hates boats.", ("spouse", "Conor")),
        ("Zawadi and I: 3 years together on 14 Feb. Book somewhere nice.", ("partner", "Zawadi")),
        ("Jan and I have been together 6 years.", ("partner", "Jan")),
        ("Tom and I went together to the match.", None),
        ("Tom and I worked together at Acme.", None),
    ],
)
def test_a_spouse_or_partner_said_by_being_married_or_together(reader: BuiltinExtractor, text: str, tie: tuple) -> None:
    found = ties(read(reader, text))
    if tie is None:
        assert not [name for predicate, name in found if predicate in ("spouse", "partner")]
    else:
        assert tie in found


def test_a_partner_said_twice_in_a_note_is_one_statement(reader: BuiltinExtractor) -> None:
    found = read(reader, "Alex and I have been together four years today. My partner remembers every date.")
    assert [s.object_name for s in found.statements if s.predicate == "partner"] == ["Alex"]


def test_a_move_only_thought_of_is_no_home_and_a_move_ahead_holds_from_its_day(reader: BuiltinExtractor) -> None:
    pondered = read(reader, "Thinking about moving to Denver to be near Rachel and the baby.")
    assert "lives_in" not in predicates(pondered)
    # A past verb first ("Told Luis"), then the move ahead in the present: the coming July.
    told = read(reader, "Told Luis I'm moving to Denver end of July. He said fine.")
    (moved,) = [s for s in told.statements if s.predicate == "lives_in"]
    assert moved.object_name == "Denver" and moved.valid_at is not None
    day = datetime.fromtimestamp(moved.valid_at)
    assert (day.year, day.month) == (2026, 7)  # written in March 2026


@pytest.mark.parametrize(
    ("text", "workplace"),
    [
        ("Shift at Café Frischhut until ten again.", "Café Frischhut"),
        ("Day one of Ruth Kelly Solicitors: a desk in a shared office.", "Ruth Kelly Solicitors"),
        ("First week as a site engineer with Morrow Civil, muddy boots already.", "Morrow Civil"),
    ],
)
def test_a_spell_at_a_workplace_says_where_i_work(model_reader: BuiltinExtractor, text: str, workplace: str) -> None:
    found = read(model_reader, text)
    assert [(s.subject, s.object_name) for s in found.statements if s.predicate == "works_at"] == [("me", workplace)]


@pytest.mark.parametrize(
    ("sentence", "written", "past", "day"),
    [
        # A month in a plan is the coming one, in the past tense the last one.
        ("rent goes up from April", datetime(2026, 3, 2, 9, 0), False, date(2026, 4, 1)),
        ("in February we had snow", datetime(2026, 3, 2, 9, 0), True, date(2026, 2, 1)),
        # A bare day of the month that is today's is next month's in a plan, today's in the past.
        ("Declan wants me to start on the 9th.", datetime(2026, 2, 9, 18, 0), False, date(2026, 3, 9)),
        ("We launched on the 9th.", datetime(2026, 2, 9, 18, 0), True, date(2026, 2, 9)),
        # With its weekday, the day of the month that is that weekday: 12 January 2026 is a Monday.
        ("Deck due by Mon 12th.", datetime(2026, 1, 8, 9, 0), False, date(2026, 1, 12)),
        # A past verb that points ahead: the day is to come; without a word pointing ahead, behind.
        ("The boiler service was moved to 18 Feb.", datetime(2026, 2, 11, 9, 0), True, date(2026, 2, 18)),
        ("She offered me the job starting 1 May.", datetime(2026, 3, 20, 9, 0), True, date(2026, 5, 1)),
        ("I booked the vet for March 3.", datetime(2026, 2, 10, 9, 0), True, date(2026, 3, 3)),
        ("Okafor moved my check-up to the 24th.", datetime(2026, 2, 9, 9, 0), True, date(2026, 2, 24)),
        ("I met Anna on 3 March.", datetime(2026, 12, 1, 9, 0), True, date(2026, 3, 3)),
        # The end of a period is its last day, not the start of its last stretch.
        ("Henrik is leaving end of month.", datetime(2026, 12, 4, 9, 0), False, date(2026, 12, 31)),
        ("Contract runs until the end of March.", datetime(2026, 1, 10, 9, 0), False, date(2026, 3, 31)),
    ],
)
def test_a_day_in_a_note_is_read_the_way_the_sentence_speaks(
    sentence: str, written: datetime, past: bool, day: date
) -> None:
    found = stated_date(sentence, written.astimezone(), past=past)
    assert found is not None and found.moment.date() == day


def test_where_someone_else_works_is_not_where_i_work(reader: BuiltinExtractor) -> None:
    found = read(reader, "She's funny, tidy, and works night shifts at the Klinikum sometimes.")
    assert not [s for s in found.statements if s.predicate == "works_at" and s.subject == "me"]
    # "who" is the person named before it, even when the parse hangs the clause on a place.
    sister = read(reader, "Called my sister Ingrid in Duluth, who just started at Essentia Health.")
    assert [(s.subject, s.object_name) for s in sister.statements if s.predicate == "works_at"] == [
        ("Ingrid", "Essentia Health")
    ]
    lunch = read(reader, "Lunch with Tom, who works at Acme now.")
    assert [(s.subject, s.object_name) for s in lunch.statements if s.predicate == "works_at"] == [("Tom", "Acme")]
    # Leaving for a job somewhere is working there; applying for one is not.
    leaving = read(reader, "Marcus announced he is leaving for a job at Mayo Clinic.")
    assert [(s.subject, s.object_name) for s in leaving.statements if s.predicate == "works_at"] == [
        ("Marcus", "Mayo Clinic")
    ]
    assert "works_at" not in predicates(read(reader, "Applied for a job at Arup."))
    got = read(reader, "Aroha got the job at the Dowse!")
    assert [(s.subject, s.object_name) for s in got.statements if s.predicate == "works_at"] == [("Aroha", "Dowse")]


def test_someone_come_from_a_place_lives_there_but_the_writer_back_from_one_does_not(reader: BuiltinExtractor) -> None:
    visit = read(reader, "Dinner at Alo with her sister Efua, who flew in from Accra for it.")
    assert [(s.subject, s.object_name) for s in visit.statements if s.predicate == "lives_in"] == [("Efua", "Accra")]
    assert "lives_in" not in predicates(read(reader, "I flew in from Lisbon last night."))
    fish = read(reader, "From next week all our fish comes from Mar Fresco in Peniche.")
    assert "lives_in" not in predicates(fish)


def test_an_address_has_a_number_and_a_move_names_the_city(reader: BuiltinExtractor) -> None:
    card = read(reader, "Rachel's address for the card: 2214 Tennyson St, Denver CO 80212")
    assert [(s.subject, s.object_value) for s in card.statements if s.predicate == "address"] == [
        ("Rachel", "2214 Tennyson St, Denver CO 80212")
    ]
    wrong = read(reader, "The address is wrong again.")
    assert "address" not in predicates(wrong)
    moved = read(reader, "Moved into the apartment on Lowell Blvd in Denver today.")
    assert [(s.subject, s.object_name) for s in moved.statements if s.predicate == "lives_in"] == [("me", "Denver")]


def days_of(found: Extraction, fragment: str) -> set[date]:
    """The days the statements holding ``fragment`` happen on (the note's day when undated)."""
    return {
        datetime.fromtimestamp(s.valid_at or WRITTEN.timestamp()).date() for s in found.statements if fragment in s.text
    }


def test_a_day_is_read_in_the_tense_of_its_own_clause(reader: BuiltinExtractor) -> None:
    # Written on Monday 16 March: a past clause before the comma does not turn the plan back.
    plan = read(reader, "Called the technician, he comes thursday morning to fix the boiler.")
    assert days_of(plan, "he comes thursday") == {date(2026, 3, 19)}
    wanted = read(reader, "The board wants the budget reviewed by Friday.")
    assert days_of(wanted, "reviewed by Friday") == {date(2026, 3, 20)}
    done = read(reader, "We finally shipped the release on Thursday after a long week.")
    assert days_of(done, "shipped the release") == {date(2026, 3, 12)}


def test_a_stated_day_dates_a_sentence_of_any_aspect(reader: BuiltinExtractor) -> None:
    found = read(reader, "I need to renew my passport before 6 April. Off until Friday.")
    assert days_of(found, "renew my passport") == {date(2026, 4, 6)}
    assert days_of(found, "Off until Friday") == {date(2026, 3, 20)}


def test_a_short_weekday_is_the_coming_day_not_next_month() -> None:
    assert stated_date("stairs assessment on Wed", WRITTEN, False, "dmy").moment.date() == date(2026, 3, 18)
    assert stated_date("discharge Thursday if the stairs are ok", WRITTEN, False, "dmy") is not None
    assert stated_date("black friday deals on laptops", WRITTEN, False, "dmy") is None
    # A comma after the weekday ends the phrase: the day, not a "black friday"-like name.
    assert stated_date("physio Thursday, home after 3", WRITTEN, False, "dmy").moment.date() == date(2026, 3, 19)


@pytest.mark.parametrize(
    ("text", "tie"),
    [
        ("First week with Imran as my manager. He asks more than he tells.", ("manager", "Imran")),
        ("Tariq = brother. Lives in Bradford.", ("brother", "Tariq")),
    ],
)
def test_a_tie_written_with_as_or_an_equals_sign(reader: BuiltinExtractor, text: str, tie: tuple[str, str]) -> None:
    found = read(reader, text)
    assert [(s.predicate, s.object_name) for s in found.statements if s.predicate == tie[0]] == [tie]
    assert "works_at" not in predicates(found)


def test_a_street_address_is_a_home_or_premises_by_what_the_sentence_says(reader: BuiltinExtractor) -> None:
    def addresses(text: str) -> list[tuple[str, str | None]]:
        return [(s.subject, s.object_value) for s in read(reader, text).statements if s.predicate == "address"]

    assert addresses("new flat: 14 Cardigan Road, Headingley. rent is fine") == [("me", "14 Cardigan Road")]
    office = "Marek and I started Tidepool Labs in 2024; today we signed the lease for an office on Oranienstraße 12."
    assert addresses(office) == [("Tidepool Labs", "Oranienstraße 12")]
    assert addresses("Pub quiz at 221 Baker Street on Thursday.") == []


def test_a_tool_named_vs_is_used_and_it_kept_after_a_trial_is_taken_up(reader: BuiltinExtractor) -> None:
    def used(text: str) -> list[tuple[str | None, bool]]:
        return [(s.object_name, s.negated) for s in read(reader, text).statements if s.predicate == "uses"]

    assert used("after lunch, I'm in VS Code debugging the invoice job") == [("VS Code", False)]
    assert used("Comparing Notion vs Obsidian for my notes this week.") == []
    assert used("tried Obsidian for notes. folders + links, offline. keeping it") == [("Obsidian", False)]
    assert used("Tried Notion for a week. Not keeping it.") == []


def test_goodbye_to_a_tool_gives_it_up_and_hello_takes_one_up(reader: BuiltinExtractor) -> None:
    def used(text: str) -> set[tuple[str | None, bool]]:
        return {(s.object_name, s.negated) for s in read(reader, text).statements if s.predicate == "uses"}

    # Beside a tool taken up, the farewell is a switch: the new tool replaces the old.
    switched = read(reader, "Everyone tracks work in Asana here, so goodbye Trello.").statements
    assert any(s.object_name == "Asana" and s.replaces == "Trello" for s in switched)
    assert ("Trello", True) in used("Work is tracked on paper again, so goodbye Trello.")
    assert used("Bye bye Evernote, hello Obsidian.") >= {("Evernote", True), ("Obsidian", False)}
    assert ("Evernote", True) in used("Handed the laptop back, which means goodbye to Evernote as well.")
    # Saying goodbye to a person ends nothing.
    assert used("Goodbye, Tom, see you in June.") == set()


def given_up(reader: BuiltinExtractor, text: str) -> set[str | None]:
    """The tools a note gives up."""
    return {s.object_name for s in read(reader, text).statements if s.predicate == "uses" and s.negated}


def test_a_use_said_to_be_over_gives_the_tool_up_and_someone_elses_ends_nothing(reader: BuiltinExtractor) -> None:
    assert given_up(reader, "Stopped paying for Spotify, the free tier is enough.") == {"Spotify"}
    assert given_up(reader, "I quit using Todoist in the spring.") == {"Todoist"}
    assert given_up(reader, "Gave up Evernote for good.") == {"Evernote"}
    assert given_up(reader, "Got rid of Dropbox after the price went up.") == {"Dropbox"}
    assert given_up(reader, "I don't open Evernote anymore.") == {"Evernote"}
    assert given_up(reader, "Priti and I stopped using Notion.") == {"Notion"}
    # Someone else's giving up is theirs; stopping by a place ends nothing.
    assert given_up(reader, "Priti stopped using Notion.") == set()
    assert given_up(reader, "She gave up Trello last year.") == set()
    assert given_up(reader, "I stopped by the office and opened Jira.") == set()


def test_a_tool_said_gone_or_its_account_closed_is_given_up(reader: BuiltinExtractor) -> None:
    assert given_up(reader, "LastPass is gone.") == {"LastPass"}
    assert given_up(reader, "Evernote is history, everything lives in Obsidian.") == {"Evernote"}
    assert given_up(reader, "Moved every password to Bitwarden and closed the LastPass account.") == {"LastPass"}
    # Closing an app's window, or a thing the tool holds being gone, gives up nothing.
    assert given_up(reader, "I closed VS Code and went home.") == set()
    assert given_up(reader, "The Notion page is gone, someone deleted it.") == set()


@pytest.mark.parametrize(
    ("text", "tie"),
    [
        ("My depot manager, Faisal, put me on the electric buses.", ("manager", "Faisal")),
        ("The landlord, Mr. Popa, wants 550 euros a month.", ("landlord", "Mr. Popa")),
        ("Their partner, Katrin Holm, would take the board seat.", None),
        ("The team lead, Dr. Hoffmann, seems kind and precise.", None),
    ],
)
def test_a_role_named_between_commas_is_the_writers_only_when_it_says_so(
    reader: BuiltinExtractor, text: str, tie: tuple[str, str] | None
) -> None:
    ties = [(s.predicate, s.object_name) for s in read(reader, text).statements if s.aspect == Aspect.RELATIONSHIP]
    assert ties == ([tie] if tie else [])


def test_a_switch_names_tools_of_several_words_and_a_street_is_nobodys_detail(reader: BuiltinExtractor) -> None:
    found = read(reader, "Moved everything from Google Keep to Todoist this weekend.")
    assert [(s.object_name, s.replaces) for s in found.statements if s.predicate == "uses"] == [
        ("Google Keep", None),
        ("Todoist", "Google Keep"),
    ]
    moved = read(reader, "signed! moving 1 April. new address: Strada Barbu Vacarescu 12")
    assert [(s.subject, s.predicate) for s in moved.statements if s.predicate == "address"] == [("me", "address")]


def test_a_day_without_a_year_in_a_plan_written_long_after_it_is_next_years() -> None:
    december = datetime(2026, 12, 2, 12, 0).astimezone()
    assert stated_date("check-up on 9 July at 8:40", december, False, "dmy").moment.date() == date(2027, 7, 9)
    # Told a few days late, or in the past tense, it is this year's.
    assert stated_date("dinner at Aqua on 28 Nov", december, False, "dmy").moment.date() == date(2026, 11, 28)
    assert stated_date("Visited Rome on 3 March", december, True, "dmy").moment.date() == date(2026, 3, 3)


def test_a_name_is_its_whole_run_of_proper_nouns_but_no_day_after_it(model_reader: BuiltinExtractor) -> None:
    # spaCy labels "Manchester" alone and leaves "Royal Infirmary" unlabelled.
    names = {name for name, _ in entities(read(model_reader, "Started on ward 7 at the Manchester Royal Infirmary."))}
    assert "Manchester Royal Infirmary" in names
    assert not names & {"Manchester", "Royal Infirmary"}
    call = {name for name, _ in entities(read(model_reader, "Call Dana Monday about the lease."))}
    assert "Dana Monday" not in call


def test_what_is_bought_or_sold_is_a_thing_not_a_person_or_a_place(model_reader: BuiltinExtractor) -> None:
    assert ("Vespa", EntityType.PRODUCT) in entities(read(model_reader, "Sold the Vespa to a neighbour."))
    assert ("Brompton", EntityType.PRODUCT) in entities(read(model_reader, "Bought a Brompton for the commute."))
    assert ("Tom", EntityType.PERSON) in entities(read(model_reader, "sold Tom the bike"))


def test_a_venue_named_for_its_owner_is_a_place_and_no_one_a_pronoun_stands_for(model_reader: BuiltinExtractor) -> None:
    lunch = read(model_reader, "Lunch with Sarah Chen at Luigi's. She joined Acme Corp as a designer last month.")
    assert ("Luigi", EntityType.PLACE) in entities(lunch)
    assert ("Sarah Chen", "works_at", "Acme Corp") in triples(lunch)
    assert ("Tom", EntityType.PERSON) in entities(read(model_reader, "Dinner at Tom's place in Petone."))


def uses(found: Extraction) -> list[tuple[str | None, str | None, bool]]:
    return [(s.object_name, s.replaces, s.negated) for s in found.statements if s.predicate == "uses"]


def test_software_is_known_by_what_is_done_with_it_or_what_it_does(model_reader: BuiltinExtractor) -> None:
    # The jot's opening verb is no part of the name, and what is installed is software.
    installed = read(model_reader, "Installed Reaper and rebuilt my mixing template in it.")
    assert ("Reaper", EntityType.TECHNOLOGY) in entities(installed)
    assert not {name for name, _ in entities(installed)} & {"Installed Reaper", "Installed"}
    assert ("Reaper", None, False) in uses(installed)
    crashed = read(model_reader, "Long session at the studio. Pro Tools crashed twice and ate a whole comp.")
    assert ("Pro Tools", EntityType.TECHNOLOGY) in entities(crashed)
    # Someone crashes something: a person crashing a bike is no software, nor used by the writer.
    for text, name in (("Tomasz crashed his bike on the way to work.", "Tomasz"), ("Priya crashed the van.", "Priya")):
        found = read(model_reader, text)
        assert (name, EntityType.PERSON) in entities(found)
        assert not uses(found)
    # A plain word opening the sentence is the sentence's own, whatever verb follows it.
    assert "Goodbye" not in {name for name, _ in entities(read(model_reader, "Licence not renewed. Goodbye freezes."))}


def test_a_switch_to_a_known_tool_says_what_it_left_is_a_tool_too(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Spent the evening moving every login from Dashlane to 1Password.")
    assert uses(found)[-1] == ("1Password", "Dashlane", False)
    # Two places stay places: the move is a home's, Denver from May and Austin until then.
    moved = read(model_reader, "We moved from Austin to Denver in May.")
    assert not uses(moved)
    assert [s.object_name for s in moved.statements if s.predicate == "lives_in"] == ["Denver", "Austin"]
    # "Notion to Linear" is two tools and a move, not one name.
    assert "Notion to Linear" not in {name for name, _ in entities(read(model_reader, "Moved from Notion to Linear."))}


def test_moving_to_a_tool_is_no_home_and_nobody_is_a_tool(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Moved to Obsidian last week.")
    assert "lives_in" not in predicates(found)
    assert ("Obsidian", EntityType.PRODUCT) in entities(found)
    assert not uses(read(model_reader, "Chiara picked me up at 1am and did not complain once."))


def test_a_name_written_like_a_product_is_no_person(model_reader: BuiltinExtractor) -> None:
    found = entities(read(model_reader, "OneNote is exported and deleted; my notes live elsewhere now."))
    assert ("OneNote", EntityType.PERSON) not in found and ("OneNote", EntityType.PLACE) not in found
    assert ("Liam McKenzie", EntityType.PERSON) in entities(read(model_reader, "Lunch with Liam McKenzie on Friday."))


def test_a_role_labelled_with_a_dash_and_an_address_told_after_a_new_home(reader: BuiltinExtractor) -> None:
    dentist = read(reader, "dentist - Dr. Okoro, Thurs 15 Jan 4pm. ask about the cracked filling")
    assert [(s.predicate, s.object_name) for s in dentist.statements if s.aspect == Aspect.RELATIONSHIP] == [
        ("dentist", "Dr. Okoro")
    ]
    flat = read(reader, "new flat! Corso Regina Margherita 112. update address with the bank")
    assert [(s.subject, s.object_value) for s in flat.statements if s.predicate == "address"] == [
        ("me", "Corso Regina Margherita 112")
    ]
    # An address alone after a sentence about something else is nobody's home.
    dinner = read(reader, "Great dinner. Corso Regina Margherita 112.")
    assert "address" not in predicates(dinner)


def test_switching_between_two_unknown_names_makes_them_tools_and_an_old_number_came_first(
    model_reader: BuiltinExtractor,
) -> None:
    found = read(model_reader, "switched my salary account from Monzo to Starling, Monzo card cut up")
    assert ("Starling", "Monzo", False) in uses(found)
    phones = read(model_reader, "me: new sim, new number: 07922 654321. the old 07911 123456 is dead")
    told = {s.object_value: s.valid_at for s in phones.statements if s.predicate == "phone" and not s.negated}
    assert told["07922 654321"] is None
    assert told["07911 123456"] is not None and told["07911 123456"] < WRITTEN.timestamp()
    ended = [s.object_value for s in phones.statements if s.predicate == "phone" and s.negated]
    assert ended == ["07911 123456"]


def test_a_model_bought_or_sold_in_a_note_about_a_car_is_the_car(model_reader: BuiltinExtractor) -> None:
    swap = read(model_reader, "bought a used Yaris hybrid from the dealer. Panda sold for scrap, 300 euros")
    cars = [(s.object_name, s.negated) for s in swap.statements if s.predicate == "car"]
    assert ("Yaris", False) in cars and ("Panda", True) in cars
    # Without a word about cars a thing bought is no car, and a relation or a listed tool never is.
    assert "car" not in predicates(read(model_reader, "Bought a Brompton for the commute."))
    family = read(model_reader, "my Mum says the car is fine. Bought a Kindle for the train.")
    assert "car" not in predicates(family)
    # A car is no tool given up or taken up.
    fiesta = read(model_reader, "Sold the Fiesta. Bought a Corsa from Alex's mate, 40k miles.")
    assert [(s.object_name, s.negated) for s in fiesta.statements if s.predicate == "car"][-1] == ("Corsa", False)
    assert not uses(fiesta)
    # The model is the whole name, and its make is no tool either.
    tesla = read(model_reader, "Picked up a used Tesla Model Y from a dealer. The old Golf went for scrap.")
    cars = [(s.object_name, s.negated) for s in tesla.statements if s.predicate == "car"]
    assert ("Tesla Model Y", False) in cars and ("Golf", True) in cars
    assert not uses(tesla)
    gone = read(model_reader, "New tyres on the Clio at last. The Punto is gone to the scrapyard.")
    assert ("Punto", True) in [(s.object_name, s.negated) for s in gone.statements if s.predicate == "car"]


def test_whom_the_rent_goes_to_and_who_does_my_taxes_serve_me(model_reader: BuiltinExtractor) -> None:
    def served(text: str) -> set[tuple[str, str, str]]:
        return {t for t in triples(read(model_reader, text)) if t[1] in ("landlord", "accountant")}

    assert served("Paid the rent to Mr. Haworth this morning.") == {("me", "landlord", "Mr. Haworth")}
    assert served("From May our rent goes to Harcourts Lettings.") == {("me", "landlord", "Harcourts Lettings")}
    assert served("Okafor & Sons still do my taxes, slow as ever.") == {("me", "accountant", "Okafor & Sons")}
    assert served("Lena does my accounts now.") == {("me", "accountant", "Lena")}
    # In any tense, and the returns someone does for you are the tax returns.
    assert served("Brennan Tax is doing my taxes from now on.") == {("me", "accountant", "Brennan Tax")}
    assert served("Ruth has done my returns for years.") == {("me", "accountant", "Ruth")}
    # Who puts the rent up is the landlord, and a letting agent is one; a firm stays a firm.
    raised = read(model_reader, "Kelsall Homes put the rent up £60 from March.")
    assert ("me", "landlord", "Kelsall Homes") in triples(raised)
    agent = read(model_reader, "Letting agent from June: Harbourside Lettings.")
    assert ("me", "landlord", "Harbourside Lettings") in triples(agent)
    assert ("Harbourside Lettings", EntityType.ORGANIZATION) in entities(agent)
    # A pronoun names nobody, and the rent's amount is no landlord.
    assert served("She does my taxes.") == set()
    assert served("The rent went up to 900 a month.") == set()


def test_names_part_at_a_spaced_plus_and_lose_a_weekday_at_their_edge(model_reader: BuiltinExtractor) -> None:
    files = entities(read(model_reader, "Year-end files for Corrib Coffee Roasters + Brennan & Daly."))
    assert {name for name, _ in files} >= {"Corrib Coffee Roasters", "Brennan & Daly"}
    assert not [name for name, _ in files if "+" in name]
    gp = read(model_reader, "- GP Dr. Nwosu Thurs 10:15, knee")
    assert ("Dr. Nwosu", EntityType.PERSON) in entities(gp)
    assert ("me", "doctor", "Dr. Nwosu") in triples(gp)


def test_someone_from_a_firm_works_there_and_a_day_at_a_firm_is_a_workday(model_reader: BuiltinExtractor) -> None:
    call = read(model_reader, "Call with Tom from Deloitte about the audit.")
    assert ("Tom", "works_at", "Deloitte") in triples(call)
    assert not [t for t in triples(read(model_reader, "Coffee with Sarah from Leeds.")) if t[1] == "works_at"]
    day_three = read(model_reader, "day 3 at Halcyon Health. Busy.")
    assert ("me", "works_at", "Halcyon Health") in triples(day_three)
    # Day 3 of a job written on the 16th: it began on the 14th.
    began = [s.valid_at for s in day_three.statements if s.predicate == "works_at"]
    assert began and began[0] is not None and datetime.fromtimestamp(began[0]).date() == date(2026, 3, 14)


def test_a_role_named_by_a_man_called_and_an_engagement_and_a_switch_of_dentists(reader: BuiltinExtractor) -> None:
    landlord = read(reader, "The flat is freezing and the landlord, a man called Gerry Fahy, still hasn't called.")
    assert ("me", "landlord", "Gerry Fahy") in triples(landlord)
    proposed = read(reader, "This morning Ciarán proposed on the beach. I said yes.")
    assert ("me", "partner", "Ciarán") in triples(proposed)
    assert ("me", "partner", "Ben") in triples(read(reader, "Ben and I got engaged last night!"))
    for other in ("Tom proposed to Anna last night.", "Priya proposed that we meet on Friday."):
        assert not [t for t in triples(read(reader, other)) if t[1] == "partner"]
    switched = read(reader, "Switched dentists at last, from Dr. Quinn in Salthill to Dr. Rowe in Oranmore.")
    dentists = [(s.object_name, s.replaces) for s in switched.statements if s.predicate == "dentist"]
    assert ("Dr. Rowe", "Dr. Quinn") in dentists and ("Dr. Quinn", None) in dentists


def test_kin_a_possessive_a_home_and_a_pronoun_opening_a_sentence(reader: BuiltinExtractor) -> None:
    dinner = read(reader, "Dinner at my sister Jing Yi's new place in Bishan. Her husband Marcus cooked laksa.")
    assert {("me", "sister", "Jing Yi"), ("Jing Yi", "husband", "Marcus"), ("Jing Yi", "lives_in", "Bishan")} <= (
        triples(dinner)
    )
    assert ("Uncle Boon", EntityType.PERSON) in entities(read(reader, "One speech from Uncle Boon went on for ages."))
    # A home asked about in a chat turn is nobody's yet.
    asked = read(reader, "Jing Yi: did you sign for the Tiong Bahru flat??")
    assert not [t for t in triples(asked) if t[1] == "lives_in"]


def test_the_teams_tools_a_verbless_manager_and_never_again(reader: BuiltinExtractor) -> None:
    team = triples(read(reader, "The team uses Jira for everything and Confluence for docs."))
    assert {("me", "uses", "Jira"), ("me", "uses", "Confluence")} <= team
    assert ("me", "manager", "Mei Ling") in triples(read(reader, "Mei Ling officially my manager from today."))
    # A tool set against the one in use is not used.
    assert ("Teams", True) in {
        (s.object_name, s.negated) for s in read(reader, "We use Slack but not Teams.").statements
    }
    never = read(reader, "Honestly? I'm never opening Sketch again.")
    assert ("Sketch", True) in [(s.object_name, s.negated) for s in never.statements if s.predicate == "uses"]


def test_work_handed_to_someone_in_meeting_notes_is_a_task(model_reader: BuiltinExtractor) -> None:
    for item in ("Mei Ling to run a second round with older customers", "Action: Anika to call the bank about fees"):
        assert [s.aspect for s in read(model_reader, item).statements] == [Aspect.TASK]


def test_an_appointment_with_someone_who_serves_me_is_the_tie_and_keeps_its_day(reader: BuiltinExtractor) -> None:
    physio = read(reader, "- physio with Aaron Tan on Tuesday")
    assert ("me", "physio", "Aaron Tan") in triples(physio)
    assert [s.valid_at is not None for s in physio.statements if s.aspect == Aspect.EVENT] == [True]
    assert not [t for t in triples(read(reader, "Booked my trainer with Sam's gym.")) if t[1] == "trainer"]
    # A role named and dated in one line keeps the day too.
    gp = read(reader, "- GP Dr. Nwosu Thurs 10:15, knee")
    assert ("me", "doctor", "Dr. Nwosu") in triples(gp)
    assert [s for s in gp.statements if s.valid_at is not None]


def test_a_job_starts_and_ends_on_the_days_the_note_says(reader: BuiltinExtractor) -> None:
    written = datetime(2026, 2, 23, 18, 30).astimezone()

    def on(text: str) -> list[tuple[str | None, bool, date | None]]:
        found = reader.extract(NoteForExtraction(text, (), written.timestamp()))
        return [
            (s.object_name, s.negated, datetime.fromtimestamp(s.valid_at).date() if s.valid_at else None)
            for s in found.statements
            if s.predicate == "works_at"
        ]

    assert ("Tulus Lotrek", False, date(2026, 3, 16)) in on("I start at Tulus Lotrek on the 16th.")
    assert ("Adlon", True, date(2026, 3, 15)) in on("My last service at the Adlon is 15 March.")


def test_a_new_flat_and_a_jotted_rent_say_where_i_live_and_who_my_landlord_is(reader: BuiltinExtractor) -> None:
    assert ("me", "lives_in", "Neukölln") in triples(read(reader, "First week in the new flat in Neukölln."))
    assert ("me", "landlord", "Herr Brandt") in triples(read(reader, "- rent to Herr Brandt, 890 €, by Friday"))


def test_a_sum_opening_a_jotted_item_after_a_comma_is_mine_not_the_landlords(reader: BuiltinExtractor) -> None:
    found = triples(read(reader, "new place sorted. deposit back from Mrs. Ahern (landlady), rent €1,150 from May."))
    assert ("me", "rent", "€1,150") in found
    assert not any(predicate == "rent" and subject != "me" for subject, predicate, _ in found)


def test_a_name_followed_by_who_is_a_person(model_reader: BuiltinExtractor) -> None:
    found = dict(entities(read(model_reader, "Handed the invoice to Rhona Baird, who runs the place.")))
    assert found.get("Rhona Baird") == "Person"
    # After a word of where, "who" is about someone named before the place.
    found = dict(entities(read(model_reader, "Called my cousin Aled in Llanelli, who just got engaged.")))
    assert found.get("Llanelli") == "Place"


def test_years_spent_with_a_tool_are_no_workplace(model_reader: BuiltinExtractor) -> None:
    found = triples(read(model_reader, "Nine years of Photoshop habits and Figma still confuses me."))
    assert not any(predicate == "works_at" for _, predicate, _ in found)
    assert ("me", "works_at", "Arup") in triples(read(model_reader, "Nine years at Arup and still no parking space."))


def test_amounts_in_the_worlds_currencies_a_landlady_and_a_polish_title(reader: BuiltinExtractor) -> None:
    rent = triples(read(reader, "My rent is 3100 zł from July."))
    assert ("me", "rent", "3100 zł") in rent
    # A jot opening with a sum of the writer's gives it within a few words.
    assert ("me", "rent", "2900 zł") in triples(read(reader, "rent Bronowice 2900 zł from July. deposit paid"))
    assert ("me", "salary", "4 200 €") in triples(read(reader, "salary: 4 200 € after tax"))
    assert ("me", "rent", "9800 kr") in triples(read(reader, "Our rent is 9800 kr now."))
    landlady = triples(read(reader, "The landlady, Pani Zielińska, asked for three months' deposit."))
    assert ("me", "landlord", "Pani Zielińska") in landlady


def test_a_greeting_is_no_part_of_the_name_it_greets(model_reader: BuiltinExtractor) -> None:
    names = {name for name, _ in entities(read(model_reader, "Goodbye Podgórze, hello trams that actually come."))}
    assert "Podgórze" in names and not any("Goodbye" in name for name in names)


def test_a_switch_from_a_tool_the_note_names_makes_the_other_side_a_tool_too(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Moved all my logins from Dashlane to Proton Pass tonight.")
    uses = {(s.object_name, s.replaces) for s in found.statements if s.predicate == "uses" and not s.negated}
    assert ("Proton Pass", "Dashlane") in uses


def test_going_home_by_bus_or_train_is_where_i_live_and_a_move_names_the_home_left(reader: BuiltinExtractor) -> None:
    assert ("me", "lives_in", "Heliopolis") in triples(read(reader, "The microbus home to Heliopolis was packed."))
    assert ("me", "lives_in", "Tampines") in triples(
        read(reader, "Wei Ming and I took the last train back to Tampines.")
    )
    assert not [
        t for t in triples(read(reader, "Tom took the bus home to Leeds.")) if t[0] == "me" and t[1] == "lives_in"
    ]
    moved = [
        s for s in read(reader, "We moved from Berlin to Hamburg last May.").statements if s.predicate == "lives_in"
    ]
    when = {s.object_name: s.valid_at for s in moved}
    assert set(when) == {"Berlin", "Hamburg"}
    assert when["Berlin"] is not None and when["Hamburg"] is not None and when["Berlin"] < when["Hamburg"]


def test_moving_from_one_name_to_another_with_nothing_moved_is_a_home(model_reader: BuiltinExtractor) -> None:
    # Found in the app: the classifier read two Polish districts as apps and the move as a switch.
    found = read(model_reader, "We moved from Podgorze to Bronowice last week, the flat is tiny.")
    assert "uses" not in predicates(found)
    assert {s.object_name for s in found.statements if s.predicate == "lives_in"} == {"Podgorze", "Bronowice"}


def test_a_workplace_one_used_to_have_ended_and_a_wish_is_none(reader: BuiltinExtractor) -> None:
    former = [
        (s.subject, s.object_name, s.negated)
        for s in read(reader, "My manager is Laila Mostafa, who used to be at Fawry and talks fast.").statements
        if s.predicate == "works_at"
    ]
    assert former == [("Laila Mostafa", "Fawry", False), ("Laila Mostafa", "Fawry", True)]
    mine = [
        (s.subject, s.negated)
        for s in read(reader, "I used to work at Deloitte.").statements
        if s.predicate == "works_at"
    ]
    assert mine == [("me", False), ("me", True)]
    assert "works_at" not in predicates(read(reader, "Laila wants to work at Fawry."))
    # The subject of the verb "to work" completes: Laila's, not the writer's.
    hers = [
        s.subject
        for s in read(reader, "Laila started to work at Fawry in May.").statements
        if s.predicate == "works_at"
    ]
    assert hers == ["Laila"]


def test_a_name_with_an_honorific_after_it_is_a_person_and_the_bare_name(reader: BuiltinExtractor) -> None:
    found = read(reader, "Attendees: Hoshino-san, Yumi, me")
    assert ("Hoshino-san", EntityType.PERSON) in entities(found)
    assert compatible("Hoshino-san", "Hoshino") and name_tokens("Sharma-ji") == ["sharma"]


def test_a_role_held_for_years_and_a_firm_of_three_words_serve_the_writer(reader: BuiltinExtractor) -> None:
    held = read(reader, "Our accountant for years has been Ishida-san, who does it for a box of sweets.")
    assert ("me", "accountant", "Ishida-san") in triples(held)
    firm = read(reader, "Hoshino Tax Office does our books from this year.")
    assert ("me", "accountant", "Hoshino Tax Office") in triples(firm)


def test_a_car_traded_in_ends_and_the_one_driven_home_starts(reader: BuiltinExtractor) -> None:
    found = read(reader, "Traded in the Probox at the dealer and drove home a white Hiace, six years old.")
    cars = {(s.object_name, s.negated) for s in found.statements if s.predicate == "car"}
    assert ("Hiace", False) in cars and ("Probox", True) in cars


def test_an_age_reached_on_a_told_day_is_a_birthday(reader: BuiltinExtractor) -> None:
    assert ("Mio", "birthday", "16 March") in triples(read(reader, "Mio turned seven today. Cake at Mum's."))
    assert ("Ama", "birthday", "21 March") in triples(read(reader, "Ama turns 40 on Saturday, party at hers."))
    assert "birthday" not in predicates(read(reader, "The project turned 3 today."))


def test_a_run_of_proper_nouns_stays_one_name_over_a_word_labelled_alone(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "first order from Osaka Densetsu Supply arrived, cheaper than the old place.")
    assert "Osaka Densetsu Supply" in {name for name, _ in entities(found)}


def test_the_doctor_seen_about_the_writers_teeth_is_their_dentist(reader: BuiltinExtractor) -> None:
    asked = read(reader, "Magda: did you see Dr. Wójcik about the tooth?\nme: not yet, Thursday")
    assert ("me", "dentist", "Dr. Wójcik") in triples(asked)
    told = read(reader, "Dr. Navarro says the filling has to be redone, 90 euros.")
    assert ("me", "dentist", "Dr. Navarro") in triples(told)
    for someone_elses in ("Dr. Lee fixed her tooth.", "Magda: Dr. Kim says my teeth are fine\nme: good"):
        assert "dentist" not in predicates(read(reader, someone_elses))


def test_the_place_a_new_home_is_compared_with_was_home_until_the_move(reader: BuiltinExtractor) -> None:
    found = read(reader, "Moved to Howth yesterday. The gulls are louder than the traffic in Rathmines ever was.")
    homes = {s.object_name: s.valid_at for s in found.statements if s.predicate == "lives_in" and not s.negated}
    assert set(homes) == {"Howth", "Rathmines"}
    assert homes["Rathmines"] is not None and homes["Howth"] is not None and homes["Rathmines"] < homes["Howth"]


def test_a_tool_named_like_an_everyday_noun_is_the_noun_when_written_as_one(reader: BuiltinExtractor) -> None:
    market = read(reader, "The fish from Peixaria Costa came two hours late again.")
    assert "fish" not in {name for name, _ in entities(market)}
    assert "uses" not in predicates(market)
    assert ("fish", EntityType.TECHNOLOGY) in entities(read(reader, "The fish shell has better completions."))
    assert ("node", EntityType.TECHNOLOGY) in entities(read(reader, "I wrote a node script for the export."))


def test_an_irregular_past_verb_opening_a_jot_is_no_part_of_the_name_after_it(reader: BuiltinExtractor) -> None:
    found = read(reader, "Met Kofi from Frischeparadies about the asparagus.")
    assert ("Kofi", EntityType.PERSON) in entities(found)
    assert not [name for name, _ in entities(found) if name.startswith("Met")]
    assert ("Kofi", "works_at", "Frischeparadies") in triples(found)


def test_a_spanish_title_is_a_title_and_a_role_may_say_where_it_is(reader: BuiltinExtractor) -> None:
    found = read(reader, "wrist again. new doctor near the flat: Dra. Gómez, Av. Corrientes 5100.")
    assert ("Dra. Gómez", EntityType.PERSON) in entities(found)
    assert ("me", "doctor", "Dra. Gómez") in triples(found)
    assert compatible("Dra. Gómez", "Gómez")


def test_coming_home_to_a_place_is_living_there_not_to_a_person(reader: BuiltinExtractor) -> None:
    assert ("me", "lives_in", "Palermo") in triples(read(reader, "Came home to Palermo covered in sawdust."))
    assert not [
        s for s in read(reader, "Came home to Luciana asleep on the sofa.").statements if s.predicate == "lives_in"
    ]


def test_a_spell_in_a_part_of_a_firm_is_working_for_the_firm(reader: BuiltinExtractor) -> None:
    found = read(reader, "Six months in the lab at Novartis and the coffee is still terrible.")
    assert ("me", "works_at", "Novartis") in triples(found)
    assert "works_at" not in predicates(read(reader, "A week at the lake with Kim."))


def test_the_years_in_a_place_a_move_leaves_were_spent_living_there(reader: BuiltinExtractor) -> None:
    found = read(reader, "Moved to Leith yesterday. Twenty years in Morningside and we sold in a week.")
    homes = {s.object_name: s.valid_at for s in found.statements if s.predicate == "lives_in" and not s.negated}
    assert set(homes) == {"Leith", "Morningside"}
    assert homes["Morningside"] is not None and homes["Leith"] is not None and homes["Morningside"] < homes["Leith"]


def test_a_condo_is_a_home(reader: BuiltinExtractor) -> None:
    assert ("me", "lives_in", "Ballard") in triples(read(reader, "Painted the bedroom of our condo in Ballard."))


def test_a_car_traded_for_another_ends_and_the_other_starts(reader: BuiltinExtractor) -> None:
    found = read(reader, "Traded my Corolla in at the dealer for a used Honda Civic, 2018.")
    cars = {(s.object_name, s.negated) for s in found.statements if s.predicate == "car"}
    assert ("Honda Civic", False) in cars and ("Corolla", True) in cars


def test_a_note_about_the_car_says_so_by_its_mechanic_or_its_make(reader: BuiltinExtractor) -> None:
    repair = read(reader, "mechanic says the Corsa needs a new clutch cable. my Corsa again!")
    assert ("me", "car", "Corsa") in triples(repair)
    made = read(reader, "Bought a Skoda Octavia from my neighbour.")
    assert ("me", "car", "Skoda Octavia") in triples(made)


def test_a_new_role_may_say_since_when_before_its_holder(reader: BuiltinExtractor) -> None:
    found = read(reader, "new dentist since the move: Dr. Haddad on Elm Street.")
    assert ("me", "dentist", "Dr. Haddad") in triples(found)


def test_who_runs_the_writers_workplace_is_their_manager(reader: BuiltinExtractor) -> None:
    found = read(reader, "Started at Bunnings last month. Priya, who runs the store, is a fair boss.")
    assert ("me", "manager", "Priya") in triples(found)
    elsewhere = read(reader, "Priya, who runs the bakery on Main Street, gave us bread.")
    assert "manager" not in predicates(elsewhere)


def test_a_parish_priest_is_named_with_his_title(reader: BuiltinExtractor) -> None:
    assert ("Father Declan", EntityType.PERSON) in entities(read(reader, "Father Declan blessed the new hall."))


def test_a_family_word_a_turn_ends_on_is_no_part_of_the_name_before_it(reader: BuiltinExtractor) -> None:
    found = read(reader, "Ana: how was Lisbon Mum?\nme: sunny and steep")
    assert "Lisbon" in {name for name, _ in entities(found)}
    assert not [name for name, _ in entities(found) if "Mum" in name]


def test_the_names_a_meetings_list_of_who_came_holds_are_people(reader: BuiltinExtractor) -> None:
    found = read(reader, "## Allotment committee\nPresent: Imogen Pryce, Ed Kowalski, me\n- water butt leaking again")
    assert {("Imogen Pryce", EntityType.PERSON), ("Ed Kowalski", EntityType.PERSON)} <= entities(found)


def test_notice_given_to_a_firm_ends_working_there(reader: BuiltinExtractor) -> None:
    found = read(reader, "Handed Brightloop my notice today.")
    assert {(s.object_name, s.negated) for s in found.statements if s.predicate == "works_at"} >= {
        ("Brightloop", False),
        ("Brightloop", True),
    }
    assert "works_at" not in predicates(read(reader, "I gave Tom my notice about the flat."))


def test_the_one_doctor_of_a_note_about_the_writers_health_is_their_doctor(reader: BuiltinExtractor) -> None:
    asked = read(reader, "Ben: what did Dr. Osei say?\nme: blood pressure is a bit high, more walking\nBen: ok")
    assert ("me", "doctor", "Dr. Osei") in triples(asked)
    assert ("me", "doctor", "Dr. Lund") in triples(read(reader, "Dr. Lund says the knee needs rest, no running."))
    for not_mine in (
        "Dr. Kim says her blood pressure is fine.",
        "Team meeting\nAttendees: Dr. Berg, Anna, me\n- Dr. Berg wants the vaccine list updated",
        "Told Dr. Berg today; he said the clinic will always take me back.",
    ):
        assert "doctor" not in predicates(read(reader, not_mine)), not_mine


def test_a_station_captain_is_named_with_the_title_and_is_the_manager(reader: BuiltinExtractor) -> None:
    found = read(reader, "First month under Captain Okoye. She runs a tight crew.")
    assert ("Captain Okoye", EntityType.PERSON) in entities(found)
    assert ("me", "manager", "Captain Okoye") in triples(found)
    new = read(reader, "Haddad from station 2 is our new captain.")
    assert ("me", "manager", "Haddad") in triples(new)


def test_lists_moved_from_one_app_into_another_switch_tools(reader: BuiltinExtractor) -> None:
    found = read(reader, "moved all my recipes from Evernote into Obsidian last night.")
    uses = {(s.object_name, s.replaces) for s in found.statements if s.predicate == "uses"}
    assert ("Obsidian", "Evernote") in uses


def test_a_role_may_say_what_it_is_close_to_before_its_holder(reader: BuiltinExtractor) -> None:
    found = read(reader, "new physio closer to St. Kilda: Dr. Nair, first session Monday")
    assert ("me", "physio", "Dr. Nair") in triples(found)


def test_a_thing_moved_to_a_day_is_no_home_and_a_visitors_relative_is_not_the_visitor(
    reader: BuiltinExtractor,
) -> None:
    assert not [s for s in read(reader, "Sam: moved to Mar 14 at 3").statements if s.predicate == "lives_in"]
    visit = read(reader, "Kemal's dad is visiting from Izmir next week.")
    assert not [s for s in visit.statements if s.predicate == "lives_in" and s.subject == "Kemal"]


def test_a_common_car_model_makes_a_note_about_a_car(reader: BuiltinExtractor) -> None:
    found = read(reader, "Bought the Corolla. Sold the Micra to my neighbour for 900.")
    cars = {(s.object_name, s.negated) for s in found.statements if s.predicate == "car"}
    assert ("Corolla", False) in cars and ("Micra", True) in cars
    assert "uses" not in predicates(found)


def test_a_saints_name_is_a_place_and_a_home_there_is_the_writers(reader: BuiltinExtractor) -> None:
    found = read(reader, "Our last night in Leith. The St. Kilda flat has a balcony and a view of the pier.")
    homes = {s.object_name: s.valid_at for s in found.statements if s.predicate == "lives_in" and not s.negated}
    assert set(homes) == {"Leith", "St. Kilda"}
    assert homes["Leith"] is not None and homes["Leith"] < (homes["St. Kilda"] or WRITTEN.timestamp())
    assert ("St. Kilda", EntityType.PLACE) in entities(found)
    hospital = read(reader, "nights this week at St Mary's, then two days off")
    assert ("St Mary", EntityType.PLACE) not in entities(hospital)


def test_a_brand_with_a_capital_inside_a_lower_case_word_is_a_name(reader: BuiltinExtractor) -> None:
    found = read(reader, "First day with easyJet, the base is tiny.")
    assert "easyJet" in {name for name, _ in entities(found)}
    assert ("me", "works_at", "easyJet") in triples(found)


def test_a_spell_at_a_towns_site_of_the_firm_is_not_working_for_the_town(reader: BuiltinExtractor) -> None:
    assert "works_at" not in predicates(read(reader, "Four months at the Porto base."))
    assert ("me", "works_at", "Adlon") in triples(read(reader, "Six months at the Adlon kitchen, still learning."))
    owned = read(reader, "First week at the Leeds office of Halden Analytics.")
    assert {s.object_name for s in owned.statements if s.predicate == "works_at"} == {"Halden Analytics"}


def test_a_tool_given_up_beside_one_other_of_its_kind_is_replaced_by_it(reader: BuiltinExtractor) -> None:
    found = read(reader, "Ana showed me Citymapper on the bus, it knows every stop. Deleted Google Maps that night.")
    uses = {(s.object_name, s.replaces, s.negated) for s in found.statements if s.predicate == "uses"}
    assert ("Citymapper", "Google Maps", False) in uses and ("Google Maps", None, True) in uses
    other_kind = read(reader, "Spotify playlists for the run. Deleted Google Maps, it drains the battery.")
    assert not [s for s in other_kind.statements if s.predicate == "uses" and s.object_name == "Spotify" and s.replaces]


def test_a_first_name_that_is_also_a_function_word_is_a_person(reader: BuiltinExtractor) -> None:
    found = read(reader, "Per Lindqvist still checks every cut twice.")
    assert {n for n, kind in entities(found) if kind == "Person"} == {"Per Lindqvist"}
    told = read(reader, "Asked Tom about the new job, then handed in my notice to Per.")
    assert ("Per", EntityType.PERSON) in entities(told)
    words = entities(read(reader, "The room is 40 euros per night. In Berlin we stayed with friends."))
    assert words == {("Berlin", EntityType.PLACE)}
    # spaCy labels the surname alone beside another name of the firm's: the first name stays with it.
    both = read(reader, "Nine years with Lindqvist Bygg now. Per Lindqvist still checks every cut twice.")
    assert ("Per Lindqvist", EntityType.PERSON) in entities(both)


def test_notice_handed_to_someone_names_the_manager(reader: BuiltinExtractor) -> None:
    assert ("me", "manager", "Maria Costa") in triples(read(reader, "Handed in my notice to Maria Costa this morning."))
    assert "manager" not in predicates(read(reader, "I handed in my notice to HR."))


def test_a_spell_as_a_role_without_an_article_is_work_there(reader: BuiltinExtractor) -> None:
    found = read(reader, "First week as foreman at Kallio Snickeri, the lads are kind.")
    assert ("me", "works_at", "Kallio Snickeri") in triples(found)
    assert ("Kallio Snickeri", EntityType.ORGANIZATION) in entities(found)


def test_what_one_tool_holds_moved_into_another_switches_tools(reader: BuiltinExtractor) -> None:
    for text, old, new in (
        ("moved the old Excel price list into Google Sheets, deleted the file", "Excel", "Google Sheets"),
        ("Migrated our Jira tickets to Linear.", "Jira", "Linear"),
    ):
        uses = {(s.object_name, s.replaces) for s in read(reader, text).statements if s.predicate == "uses"}
        assert (new, old) in uses
    # Said with "from", the switch is read as before; a place's cards moved to a column are no switch.
    own = read(reader, "moved my own lists from Trello to Todoist")
    assert {(s.object_name, s.replaces) for s in own.statements if s.predicate == "uses"} == {
        ("Trello", None),
        ("Todoist", "Trello"),
    }
    assert not [s for s in read(reader, "- move the Askim cards in Trello to Done").statements if s.replaces]


def test_who_runs_a_library_or_a_clinic_the_writer_works_at_is_their_manager(reader: BuiltinExtractor) -> None:
    found = read(reader, "Four years at Dawson College this fall. Marc Leblanc runs the library like a border post.")
    assert ("me", "manager", "Marc Leblanc") in triples(found)
    clinic = read(reader, "Back at Parkview Dental after the break. Dr. Osei runs the clinic with a stopwatch.")
    assert ("me", "manager", "Dr. Osei") in triples(clinic)


def test_a_home_signed_for_is_where_the_writer_lives_and_its_monthly_sum_the_rent(reader: BuiltinExtractor) -> None:
    found = read(reader, "Signed for a two-bed on Elm Row in Leith, 1,250 a month, keys on Friday.")
    assert ("me", "lives_in", "Leith") in triples(found)
    assert {s.object_value for s in found.statements if s.predicate == "rent"} == {"1,250 a month"}
    lease = read(reader, "- signed the lease for the flat in Stockbridge, move on 1 June")
    moved = [s for s in lease.statements if s.predicate == "lives_in"]
    assert [s.object_name for s in moved] == ["Stockbridge"] and moved[0].valid_at is not None
    # A contract for a job, or a home only thought of, is no home.
    for text in ("Signed the contract for the job in Leeds today.", "Thinking of signing for a flat in Leith."):
        assert not [s for s in read(reader, text).statements if s.predicate in ("lives_in", "rent")]


def test_every_name_in_a_list_of_who_came_is_a_person(reader: BuiltinExtractor) -> None:
    found = entities(read(reader, "## Sprint review\nAttendees: Derek, Malik, Josée, me\n- demo went fine"))
    assert {("Derek", EntityType.PERSON), ("Malik", EntityType.PERSON), ("Josée", EntityType.PERSON)} <= found
    # Teams, groups and the writer are no one's name.
    listed = entities(read(reader, "Present: Ama Owusu, the whole team, HR, All, me"))
    assert {name for name, kind in listed if kind == EntityType.PERSON} == {"Ama Owusu"}


def test_the_last_box_out_of_a_flat_leaves_that_home(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Last box out of the Stockbridge flat. Our first night in the house in Portobello.")
    homes = {s.object_name: s.valid_at for s in found.statements if s.predicate == "lives_in"}
    assert set(homes) == {"Stockbridge", "Portobello"}
    assert homes["Stockbridge"] is not None and (
        homes["Portobello"] is None or homes["Stockbridge"] < homes["Portobello"]
    )


def test_a_workplace_the_parse_takes_for_the_subject_is_where_the_writer_works(reader: BuiltinExtractor) -> None:
    found = read(reader, "First week at Copper Kettle Coffee done. My boss now is Dom.")
    assert ("me", "works_at", "Copper Kettle Coffee") in triples(found)
    assert not [s for s in found.statements if s.object_name and s.subject == s.object_name]


def test_a_role_said_with_called_or_named_names_its_holder(reader: BuiltinExtractor) -> None:
    house = read(reader, "Two housemates, a fig tree, and a landlord called Mr. Daly who answers the same day.")
    assert ("me", "landlord", "Mr. Daly") in triples(house)
    assert ("me", "landlord", "Mr. Daly") in triples(read(reader, "Our landlord is called Mr. Daly."))
    # Someone else's landlord is not the writer's.
    theirs = read(reader, "My brother has a landlord called Mr. Grey.")
    assert "landlord" not in predicates(theirs)


def test_a_name_that_opens_with_a_number_is_nobodys(reader: BuiltinExtractor) -> None:
    found = read(reader, "Two years on the till at Four Pines and I can pour a rosetta.")
    assert not [name for name, kind in entities(found) if kind == EntityType.PERSON]


def test_a_flatmate_or_housemate_is_a_roommate(reader: BuiltinExtractor) -> None:
    assert ("me", "roommate", "Jordan") in triples(read(reader, "My flatmate Jordan left his bike in the hall."))
    assert ("me", "roommate", "Ama") in triples(read(reader, "Our housemate Ama cooked jollof."))


def test_a_sentence_that_opens_with_the_flat_in_a_place_tells_the_writers_home(reader: BuiltinExtractor) -> None:
    found = read(reader, "The flat in Marvila is small and the neighbours fight, but it is ten minutes from the depot.")
    assert ("me", "lives_in", "Marvila") in triples(found)
    # One the sentence before says was only looked at is not.
    seen = read(reader, "We viewed two places today. The flat in Leith had mould.")
    assert "lives_in" not in predicates(seen)


def test_the_weeks_counted_at_a_workplace_date_its_first_day(reader: BuiltinExtractor) -> None:
    friday = datetime(2026, 4, 10, 20, 30).timestamp()
    for text, first in (
        ("First week as a dispatcher at Cais Logística.", datetime(2026, 4, 6)),
        ("Week 2 at Halcyon, still lost.", datetime(2026, 3, 30)),
    ):
        jobs = [s for s in reader.extract(NoteForExtraction(text, (), friday)).statements if s.predicate == "works_at"]
        assert [s.valid_at for s in jobs] == [first.timestamp()]
    back = reader.extract(NoteForExtraction("First week back at Kibo Freight after the holidays.", (), friday))
    assert [s.valid_at for s in back.statements if s.predicate == "works_at"] == [None]


def test_a_role_someone_recommended_is_not_yet_the_writers(reader: BuiltinExtractor) -> None:
    passed_on = read(reader, "Coffee with Ines: she recommended the physio Dr. Varga near the station")
    assert "physio" not in predicates(passed_on)
    mine = read(reader, "New physio: Dr. Varga, recommended by Ines.")
    assert ("me", "physio", "Dr. Varga") in triples(mine)
    # One the writer has a time with is theirs.
    booked = read(reader, "Ines recommended a physio for my knee: Dr. Varga, Thursdays 8am")
    assert ("me", "physio", "Dr. Varga") in triples(booked)


def test_a_spell_told_by_where_the_writer_stands_at_a_firm_is_work_there(reader: BuiltinExtractor) -> None:
    found = read(reader, "Eight years behind the desk at Halden Insurance and the coffee is still bad.")
    assert ("me", "works_at", "Halden Insurance") in triples(found)
    beach = read(reader, "Two days on the beach at Bondi with the kids.")
    assert "works_at" not in predicates(beach)


def test_who_owns_the_writers_workplace_is_their_manager(reader: BuiltinExtractor) -> None:
    found = read(reader, "Started at Mill Lane Bakery in May. Dorota owns the place and bakes every loaf herself.")
    assert ("me", "manager", "Dorota") in triples(found)


def test_who_sat_on_a_job_interview_works_at_the_firm_of_its_heading(model_reader: BuiltinExtractor) -> None:
    found = read(
        model_reader, "## Interview - Larkspur Analytics\nPanel: Amara Obi (head of data), Pete Lund (HR)\n- two rounds"
    )
    assert {("Amara Obi", "works_at", "Larkspur Analytics"), ("Pete Lund", "works_at", "Larkspur Analytics")} <= (
        triples(found)
    )
    review = read(model_reader, "## Sprint review\nPresent: Jo Park (PM), Li Wei (design)\n- demo went fine")
    assert "works_at" not in predicates(review)


def test_a_name_written_like_a_product_is_a_tool_whatever_opens_or_follows_it(model_reader: BuiltinExtractor) -> None:
    found = entities(read(model_reader, "- NotePlan trial: the calendar view is better than Things"))
    assert ("NotePlan", EntityType.TECHNOLOGY) in found
    later = {name for name, _ in entities(read(model_reader, "Tried NotePlan today, the calendar view is nice."))}
    assert "NotePlan" in later and "NotePlan today" not in later
    # A piece of code written that way is none.
    doc = load_spacy()("It calls `SessionRepository`, then useEffect, then ValueError() and TickTick.")
    shaped = [t for t in doc if PRODUCT_SHAPE.search(t.text)]
    brands = [t.text for t in shaped if passed_over_brand(doc[:], t.i, t.i + 1)]
    assert brands == ["TickTick"]


def test_a_name_run_over_for_into_someones_possessive_is_parted_there() -> None:
    # spaCy's small model sometimes labels "Kendal for Chioma's" one organisation.
    doc = load_spacy()("Drove up to Hexham for Amira's 30th.")
    doc.ents = [SpacySpan(doc, 3, 7, label="ORG")]
    names = [doc[c.start : c.end].text for c in entity_model.candidates(doc[:])]
    assert "Hexham" in names and not [name for name in names if " for " in name]
    firm = load_spacy()("Wrote to the Centre for Ageing Better.")
    firm.ents = [SpacySpan(firm, 3, 7, label="ORG")]
    assert [firm[c.start : c.end].text for c in entity_model.candidates(firm[:])] == ["Centre for Ageing Better"]


def test_a_cars_model_after_its_make_is_part_of_its_name(reader: BuiltinExtractor) -> None:
    names = {name for name, _ in entities(read(reader, "Dad's selling his Honda Fit, 2015."))}
    assert "Honda Fit" in names


def test_a_car_whose_upkeep_the_writer_minds_is_theirs_until_it_goes_for_scrap(reader: BuiltinExtractor) -> None:
    assert ("me", "car", "Corsa") in triples(read(reader, "Insurance on my Corsa renews in March."))
    assert ("me", "car", "Fabia") in triples(read(reader, "- the Fabia's brakes squeal again"))
    gone = read(reader, "- Punto to the scrapyard tomorrow, finally")
    assert [s.object_name for s in gone.statements if s.predicate == "car" and s.negated] == ["Punto"]


def test_a_housemate_called_by_name_is_a_roommate(reader: BuiltinExtractor) -> None:
    found = read(reader, "Found a room in Headingley with a garden and a housemate called Ines who bakes.")
    assert ("me", "roommate", "Ines") in triples(found)


def test_someone_who_used_to_work_at_a_branch_of_a_firm_worked_there(reader: BuiltinExtractor) -> None:
    found = read(reader, "My cousin Dev used to work at a Tesco in Hull.")
    jobs = [(s.subject, s.object_name, s.negated) for s in found.statements if s.predicate == "works_at"]
    assert jobs == [("Dev", "Tesco", False), ("Dev", "Tesco", True)]


def test_who_sits_on_an_interview_named_after_the_firm_works_there_without_a_label(
    model_reader: BuiltinExtractor,
) -> None:
    found = read(
        model_reader, "## Orbis Labs - final interview\nKemi Adeyemi (QA lead), Jon Sato (CTO), me\n- 3 rounds"
    )
    assert ("Orbis Labs", EntityType.ORGANIZATION) in entities(found)
    assert {("Kemi Adeyemi", "works_at", "Orbis Labs"), ("Jon Sato", "works_at", "Orbis Labs")} <= triples(found)


def test_who_runs_a_named_team_where_the_writer_works_is_their_manager(reader: BuiltinExtractor) -> None:
    found = read(reader, "Three weeks in at Orbis Labs. Kemi runs the QA team with an iron fist.")
    assert ("me", "manager", "Kemi") in triples(found)


def test_a_year_of_doing_the_work_at_a_studio_is_work_there(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Fourth year of animating trailers at Lumo Games and the coffee is still bad.")
    assert ("Lumo Games", EntityType.ORGANIZATION) in entities(found)
    assert ("me", "works_at", "Lumo Games") in triples(found)


def test_a_place_told_of_in_the_past_beside_a_new_home_was_home_until_then(model_reader: BuiltinExtractor) -> None:
    text = "First night in our new flat in Didsbury. I think about Leeds a lot, though Leeds had the better curry."
    found = read(model_reader, text)
    homes = {s.object_name: s for s in found.statements if s.predicate == "lives_in" and not s.negated}
    assert homes["Didsbury"].replaces == "Leeds"
    assert homes["Leeds"].valid_at is not None and homes["Leeds"].valid_at < WRITTEN.timestamp()


def test_a_word_joined_to_a_name_stays_and_a_brand_beside_a_town_is_no_tool(model_reader: BuiltinExtractor) -> None:
    ward = {name for name, _ in entities(read(model_reader, "My sister's café in Fukushima-ku needs new wiring."))}
    assert "Fukushima-ku" in ward
    base = entities(read(model_reader, "Rui Teixeira, base manager for easyJet Porto, called back."))
    assert not [name for name, kind in base if kind == EntityType.TECHNOLOGY]


def test_a_relatives_birthday_jotted_without_my_is_theirs(reader: BuiltinExtractor) -> None:
    found = read(reader, "- mum's birthday 9 March, order the orchids")
    assert ("my mum", "birthday", "9 March") in triples(found)
    assert not [s for s in found.statements if s.subject == "me" and s.predicate == "birthday"]


def test_an_interview_heading_may_name_the_firm_before_the_word_alone(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "# Fernway interview\nAmara Obi (head of data), Pete Lund (HR)\n- case study next")
    assert ("Amara Obi", "works_at", "Fernway") in triples(found)
    # How it happens is no firm.
    phone = read(model_reader, "# Phone interview\nAmara Obi (head of data)\n- went fine")
    assert "works_at" not in predicates(phone)


def test_nordic_and_dutch_titles_a_first_name_read_as_a_noun_and_a_tool_name_used_as_a_noun(
    reader: BuiltinExtractor,
) -> None:
    landlord = read(reader, "Landlord is Hr. Dahl, the boiler is still broken. Fru Berg upstairs agrees.")
    assert {("Hr. Dahl", EntityType.PERSON), ("Fru Berg", EntityType.PERSON)} <= entities(landlord)
    assert [(s.predicate, s.object_name) for s in landlord.statements if s.object_name] == [("landlord", "Hr. Dahl")]
    # The tagger reads "Anders" opening a sentence as a plural noun; "Holt" is a town too.
    boss = read(reader, "First week at Dyreparken done. Anders Holt is exactly as calm as he seemed.")
    assert ("Anders Holt", EntityType.PERSON) in entities(boss)
    # A word of the tool lists used as an everyday noun, after an adjective, is no tool.
    pandas = read(reader, "Momo bit my glove, the red pandas are a menace.")
    assert not [e for e in pandas.entities if e.name == "pandas"]
    assert ("pandas", EntityType.TECHNOLOGY) in entities(read(reader, "loading the csv with pandas was slow"))


def test_a_name_spelled_with_letters_english_lacks_opens_a_sentence(model_reader: BuiltinExtractor) -> None:
    # The tagger reads "Ørsted" opening a sentence as a verb's past (by its -ed).
    found = read(model_reader, "Ørsted are hiring technicians for a new crew out of the harbour.")
    assert "Ørsted" in {name for name, _ in entities(found)}


def test_the_one_doctor_of_a_chat_about_the_dentist_is_mine(reader: BuiltinExtractor) -> None:
    chat = "Ilinca: did you book the dentist? you've been chewing on one side\nme: Dr. Brandt can't see me till Monday"
    assert ("me", "dentist", "Dr. Brandt") in triples(read(reader, chat))
    # The dentist said in the doctor's own sentence is someone else's visit.
    visit = read(reader, "Took Mum to the dentist, Dr. Patel was lovely.")
    assert "dentist" not in predicates(visit)


def test_who_runs_the_team_of_a_firm_named_earlier_runs_the_firm(model_reader: BuiltinExtractor) -> None:
    hiring = read(
        model_reader,
        "Vestas are hiring technicians for a new crew out of the harbour. Ahmed went over last autumn. "
        "Mette Holm runs the team; he says she's fair.",
    )
    assert ("Mette Holm", "runs", "Vestas") in triples(hiring)
    # Where the writer works, the store's runner is the manager, and the job is still read.
    store = read(
        model_reader,
        "Now I mix paint at Ace Hardware three days a week. Denise, who runs the store, is half my age.",
    )
    assert {("me", "works_at", "Ace Hardware"), ("me", "manager", "Denise")} <= triples(store)


def test_the_drive_in_from_a_place_is_from_home(reader: BuiltinExtractor) -> None:
    found = read(reader, "Still beats the drive in from Varde in the dark, forty minutes each way.")
    assert ("me", "lives_in", "Varde") in triples(found)
    assert ("me", "lives_in", "Hove") in triples(read(reader, "The commute from Hove is brutal."))
    # Where the commute goes may be said first.
    to_work = read(reader, "The commute to Kelvin Works from Paisley is forty minutes on a good day.")
    assert ("me", "lives_in", "Paisley") in triples(to_work)
    assert ("me", "lives_in", "Kelvin Works") not in triples(to_work)
    # Someone else's commute says nothing of the writer's home.
    assert "lives_in" not in predicates(read(reader, "Tom drives in from Leeds every day."))


def test_an_app_that_reports_a_result_and_one_things_go_into_are_in_use(model_reader: BuiltinExtractor) -> None:
    assert ("me", "uses", "Strava") in triples(read(model_reader, "- 10k along the beach, Strava says 52:40"))
    assert ("me", "uses", "SAP") in triples(read(model_reader, "- me: lift plan into SAP by Friday"))
    # A car's model in a sentence about the car is no tool.
    car = read(model_reader, "The Fiesta failed the MOT. Brakes and a corroded pipe, £640.")
    assert "uses" not in predicates(car)


def test_a_monthly_sum_of_a_home_taken_is_the_rent(reader: BuiltinExtractor) -> None:
    flat = read(reader, "- flat on Torvegade, 3rd floor, 8,400 kr a month, keys 25 May")
    assert ("me", "rent", "8,400 kr a month") in triples(flat)
    lund = read(reader, "- deposit paid for the Lund flat, 9 800 kr/month")
    assert ("me", "rent", "9 800 kr a month") in triples(lund)  # the period said one way
    # A listing's price is no rent of the writer's.
    listing = read(reader, "- flat in Villa Crespo: 2 rooms, balcony, 650,000 a month")
    assert "rent" not in predicates(listing)


def test_a_titled_surname_may_open_on_a_particle_and_registering_names_the_doctor(reader: BuiltinExtractor) -> None:
    back = read(reader, "My back has been bad since the cold set in; Dr. de Vries gave me a referral for the physio.")
    assert ("me", "doctor", "Dr. de Vries") in triples(back)
    practice = read(reader, "- register with a huisarts in Delft: Dr. Bakker, Praktijk Hof van Delft")
    assert ("me", "doctor", "Dr. Bakker") in triples(practice)


def test_a_cars_check_jotted_after_it_and_no_car_in_a_cv(reader: BuiltinExtractor) -> None:
    assert ("me", "car", "Astra") in triples(read(reader, "- Kees wants the van fixed\n- Astra APK due 3 Feb"))
    # A note that speaks of a Peugeot makes no car of "my CV", nor a workplace of the car's garage.
    cv = read(reader, "Nobody has to guess with a Peugeot there. Sent my CV tonight.")
    assert "car" not in predicates(cv)
    garage = read(reader, "- Corolla first service at Smit 12 June")
    assert "works_at" not in predicates(garage)
    assert ("me", "works_at", "Noma") in triples(read(reader, "First service at Noma tonight, terrifying."))


def test_a_jots_tool_is_the_writers_and_a_tool_told_to_go_is_given_up(model_reader: BuiltinExtractor) -> None:
    jot = read(model_reader, "- log hours in Toggl, Kees checks them Fridays")
    assert ("me", "uses", "Toggl") in triples(jot)
    moved = read(model_reader, "Hours go into Clockify here, so Toggl can go.")
    assert ("me", "uses", "Clockify") in triples(moved)
    assert True in [s.negated for s in moved.statements if s.predicate == "uses" and s.object_name == "Toggl"]
    # Someone named before the tool uses it, not the writer.
    assert not [s for s in read(model_reader, "Priti logs her hours in Toggl.").statements if s.subject == "me"]


def test_a_birthday_occasions_day_told_before_it_is_no_birthday(reader: BuiltinExtractor) -> None:
    lunch = read(reader, "me: Sunday 16th, for Samira's birthday lunch")
    assert "birthday" not in predicates(lunch)
    dinner = read(reader, "Killa: my birthday dinner is on October 9")
    assert [s.object_value for s in dinner.statements if s.predicate == "birthday"] == ["9 October"]


def test_a_home_signed_for_gives_the_rent(reader: BuiltinExtractor) -> None:
    found = read(reader, "Samira found us a flat in Delft near the Westsingel, 1,150 a month, we sign on the 10th.")
    assert ("me", "rent", "1,150 a month") in triples(found)


def test_one_who_bears_the_firms_family_name_runs_it(reader: BuiltinExtractor) -> None:
    found = read(reader, "Eleven years at Garage Verhoef. Kees Verhoef still won't buy a diagnostic laptop.")
    assert {("Kees Verhoef", "runs", "Garage Verhoef"), ("me", "manager", "Kees Verhoef")} <= triples(found)
    # A firm of one word may be someone's own name.
    alone = read(reader, "Third year at Verhoef. Anna Verhoef joined the team today.")
    assert not [s for s in alone.statements if s.predicate in ("runs", "manager")]


def test_an_interview_heading_may_name_the_firm_straight_after_the_word(reader: BuiltinExtractor) -> None:
    found = read(reader, "Interview RET depot Delft\nSandra Bos (workshop lead), Pieter Jansen (HR)\n- test 25 March")
    assert {("Sandra Bos", "works_at", "RET"), ("Pieter Jansen", "works_at", "RET")} <= triples(found)


def test_a_note_typed_in_lower_case_still_names_its_people_and_places(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "- mme roux wants the cross-country dates by fri\n- tram home to villeurbanne, 40 min")
    assert {("Mme Roux", EntityType.PERSON), ("Villeurbanne", EntityType.PLACE)} <= entities(found)
    assert ("me", "lives_in", "Villeurbanne") in triples(found)
    # The sentences stay in the writer's own letters.
    assert "mme roux wants the cross-country dates by fri" in {s.text for s in found.statements}


def test_her_principal_with_any_title_is_hers_and_an_ordinal_before_dont_is_a_day(reader: BuiltinExtractor) -> None:
    hers = read(reader, "Léa told me about the job. Her principal M. Faure is tough but fair.")
    assert ("Léa", "manager", "M. Faure") in triples(hers)
    assert ("me", "manager", "M. Faure") not in triples(hers)
    birthday = read(reader, "maman: papa's birthday is the 28th dont forget\nme: i know!!")
    assert [s.object_value for s in birthday.statements if s.predicate == "birthday"] == ["28 March"]


def test_one_works_in_a_firm_the_note_names_not_in_a_town_or_a_tool(reader: BuiltinExtractor) -> None:
    assert ("Sneha", "works_at", "Medhavi Hospitals") in triples(read(reader, "Sneha works in Medhavi Hospitals."))
    assert "works_at" not in predicates(read(reader, "My brother works in Berlin now."))


def test_an_honorific_after_a_name_is_no_part_of_it_and_resignation_goes_to_the_manager(
    reader: BuiltinExtractor,
) -> None:
    found = read(reader, "Gave resignation to Ramesh sir today. He was not happy.")
    assert ("Ramesh", EntityType.PERSON) in entities(found)
    assert ("me", "manager", "Ramesh") in triples(found)
    assert ("me", "manager", "Dana") in triples(read(reader, "Submitted my resignation letter to Dana this morning."))


def test_the_one_told_of_leaving_a_job_was_the_manager_until_the_last_day(reader: BuiltinExtractor) -> None:
    found = read(reader, "Told Lars. He shook my hand. My last day at Nordvind is 29 May.")
    held = [s for s in found.statements if s.predicate == "manager" and s.object_name == "Lars"]
    assert [s.negated for s in held] == [False, True]
    assert datetime.fromtimestamp(held[1].valid_at or 0).date() == date(2026, 5, 29)
    assert ("me", "manager", "Rosa") in triples(read(reader, "told Rosa I'm leaving. last tour on the 12th"))
    # A move, or kin told of the news, says nothing of a manager.
    for text in ("Told Javi I'm moving to Lisbon in June.", "Got the job! Told Mum tonight."):
        assert "manager" not in predicates(read(reader, text)), text


def test_a_jotted_sum_before_its_word_and_a_home_owner_give_rent_and_landlord(reader: BuiltinExtractor) -> None:
    found = read(reader, "- flat in Jayanagar, 1BHK, 21,000 rent, advance 1.5 lakhs\n- owner Mr. Prakash Hegde")
    assert {("me", "rent", "21,000"), ("me", "landlord", "Mr. Prakash Hegde")} <= triples(found)
    assert ("me", "rent", "11,500") in triples(read(reader, "- PG rent 11,500 due, pay today only"))
    assert ("me", "salary", "9 LPA") in triples(read(reader, "- salary 9 LPA from June"))
    # The owner of a place the writer only visits is no landlord.
    cafe = read(reader, "Lunch at Café Rosa, 12 € a head. The owner Marco gave us free tiramisu.")
    assert "landlord" not in predicates(cafe)


def test_a_day_told_by_its_ordinal_alone_is_the_coming_one(reader: BuiltinExtractor) -> None:
    written = datetime(2026, 4, 18, 20, 0).astimezone()
    assert (found := stated_date("agreement signing 25th", written, False, "dmy")) is not None
    assert found.moment.date() == date(2026, 4, 25)
    assert (bus := stated_date("28th night bus to Thrissur", written, False, "dmy")) is not None
    assert bus.moment.date() == date(2026, 4, 28)
    for text in ("came 2nd. great race", "her 21st, party at home", "flat in the 4th block, 1BHK"):
        assert stated_date(text, written, False, "dmy") is None, text


def test_a_parent_called_by_the_family_word_of_any_language_is_a_person(reader: BuiltinExtractor) -> None:
    found = read(reader, "Amma: good. Appa birthday is on 3rd Sept, don't forget this time")
    assert ("Appa", EntityType.PERSON) in entities(found)
    assert ("Appa", "birthday", "3 September") in triples(found)
    assert not [s for s in found.statements if s.predicate == "birthday" and s.subject == "me"]


def test_the_subject_owned_by_another_person_is_the_one_named_after_the_owner(reader: BuiltinExtractor) -> None:
    found = read(reader, "Divya's cousin Sneha works in Medhavi Hospitals HR and she told they are hiring.")
    assert ("Sneha", "works_at", "Medhavi Hospitals") in triples(found)
    assert ("Divya", "works_at", "Medhavi Hospitals") not in triples(found)


def test_coming_back_to_a_rented_room_and_a_flat_taken_for_a_rent_say_where_one_lives(
    reader: BuiltinExtractor,
) -> None:
    back = read(reader, "Came back to PG in Marathahalli by 10 pm, food was cold.")
    assert ("me", "lives_in", "Marathahalli") in triples(back)
    assert ("me", "lives_in", "London") not in triples(read(reader, "Came back to London on Sunday."))
    taken = read(reader, "- flat in Jayanagar 4th block, 1BHK, 21,000 rent, advance 1.5 lakhs")
    assert ("me", "lives_in", "Jayanagar") in triples(taken)
    viewed = read(reader, "- viewing a flat in Leith, 950 a month, deposit 1,200. not sure")
    assert "lives_in" not in predicates(viewed)


def test_a_chat_turns_speaker_who_says_they_manage_the_writer_is_their_manager(reader: BuiltinExtractor) -> None:
    found = read(reader, "Tolu: The offer letter is in your mail.\nme: I accept!\nTolu: You will report to me directly")
    assert ("me", "manager", "Tolu") in triples(found)
    mine = read(reader, "me: you will report to me from Monday\nKemi: ok boss")
    assert "manager" not in predicates(mine)
    # One still to come is the manager from the day the turn names, not from the chat's.
    later = read(reader, "me: I accept!\nRosa: Welcome aboard! I'll be your manager, see you on Monday 6 April.")
    (tie,) = [s for s in later.statements if s.predicate == "manager"]
    assert tie.object_name == "Rosa" and tie.valid_at is not None
    assert datetime.fromtimestamp(tie.valid_at).date() == date(2026, 4, 6)


def test_pay_told_by_who_pays_it_and_a_test_result_with_a_doctor(reader: BuiltinExtractor) -> None:
    assert ("me", "salary", "₦380k") in triples(read(reader, "The pay is ₦650k monthly, Zenox pays me ₦380k."))
    assert ("me", "doctor", "Dr. Okonkwo") in triples(
        read(reader, "- iron the suit\n- Dr. Okonkwo at 5, malaria test result")
    )


def test_a_tool_the_writer_moves_their_things_to_takes_the_deleted_ones_place(
    reader: BuiltinExtractor, model_reader: BuiltinExtractor
) -> None:
    found = read(model_reader, "Moved all my savings and transfers to Kuda last week, deleted Opay.")
    assert {("Opay", EntityType.TECHNOLOGY), ("Kuda", EntityType.TECHNOLOGY)} <= entities(found)
    assert ("me", "uses", "Kuda") in triples(found)
    moved = read(reader, "Moved all my stuff to Lekki, deleted Opay.")
    assert ("me", "uses", "Lekki") not in triples(moved)
    # A name the classifier takes for a town is the app when the things moved are kept in apps.
    notes = read(model_reader, "moved all my notes to Joplin, deleted Evernote")
    assert ("me", "uses", "Joplin") in triples(notes)
    number = read(reader, "Deleted Tom's number by mistake.")
    assert ("Tom", EntityType.TECHNOLOGY) not in entities(number)


def test_a_car_fuelled_is_the_writers(reader: BuiltinExtractor) -> None:
    assert ("me", "car", "Corolla") in triples(read(reader, "- fuel the Corolla, queue at Total was crazy"))


def test_a_car_jotted_with_its_year_its_dealer_or_its_lease_is_the_writers(reader: BuiltinExtractor) -> None:
    for jot, model in (
        ("- sold the Corolla for 4.2m\n- Honda Accord 2015 from Cars45, pick up Wednesday", "Honda Accord"),
        ("Kia Niro on a lease, pick up Friday from Sturgess", "Kia Niro"),
        ("- RAV4 2021 from CarMax, monthly $389", "RAV4"),
    ):
        assert ("me", "car", model) in triples(read(reader, jot)), jot
    # A name no word list holds for a make or a model is no car, whatever follows it.
    assert "car" not in predicates(read(reader, "Maria 2019 from Lisbon, a great trip"))


def test_a_day_and_month_written_with_dots_needs_no_cue(reader: BuiltinExtractor) -> None:
    written = datetime(2026, 4, 14, 20, 0).astimezone()
    for text, day in (
        ("flat in Bonn-Beuel, 3 rooms, signing 22.04.", date(2026, 4, 22)),
        ("My sister Hanna marries in Münster on 14.11., I am the witness", date(2026, 11, 14)),
        ("so my last day by Hartmann is 31.05. Tonight beer with Marco", date(2026, 5, 31)),
    ):
        assert (found := stated_date(text, written, False, "mdy")) is not None, text
        assert found.moment.date() == day, text
    assert stated_date("upgraded Python to 3.11.", written, False, "mdy") is None


def test_a_spell_by_a_firm_is_a_spell_at_it(reader: BuiltinExtractor) -> None:
    assert ("me", "works_at", "Voltwerk") in triples(read(reader, "First day by Voltwerk! Only 40 people."))
    assert ("me", "works_at", "Hartmann Antriebstechnik") in triples(
        read(reader, "I work by Hartmann Antriebstechnik since 6 years now.")
    )
    trip = read(reader, "Two weeks by Eurostar and train around Europe.")
    assert "works_at" not in predicates(trip)


def test_a_first_name_that_names_a_tool_is_a_person_when_it_speaks(reader: BuiltinExtractor) -> None:
    assert ("Julia", EntityType.PERSON) in entities(read(reader, "Julia says I can order what I need."))
    assert ("Julia", EntityType.PERSON) not in entities(read(reader, "Rewrote the solver in Julia, it runs fast."))


def test_a_titled_name_after_a_comma_a_cars_part_after_a_colon_and_an_offers_salary(reader: BuiltinExtractor) -> None:
    assert ("me", "dentist", "Dr. Yilmaz") in triples(
        read(reader, "- new dentist in Bonn, Dr. Yilmaz, first visit 2.6.")
    )
    assert ("me", "car", "Polo") in triples(read(reader, "- Polo: winter tyres still in the garage, change!!"))
    offer = read(reader, "Salary would be 78.000 €, the old job pays less.")
    assert "salary" not in predicates(offer)


def test_a_move_to_someones_site_is_no_home_and_nothing_is_tied_to_itself(reader: BuiltinExtractor) -> None:
    found = read(reader, "Nuala: is Cian still in the bank?\nme: no, he moved to Network Rail's Crewe depot in May")
    assert "lives_in" not in predicates(found)
    assert not [s for s in found.statements if s.object_name and s.object_name.lower() == s.subject.lower()]
    assert ("Cian", "lives_in", "Galway") in triples(
        read(reader, "Nuala: how is Cian getting on?\nme: grand, he lives in Galway now with the girlfriend")
    )


def test_registering_with_a_doctor_written_short(reader: BuiltinExtractor) -> None:
    assert ("me", "doctor", "Dr. Osei") in triples(read(reader, "- new GP: register w/ Dr. Osei, €50 each"))


def test_the_one_told_after_the_notice_is_the_manager(reader: BuiltinExtractor) -> None:
    found = read(reader, "Handed in my notice at Kestrel Labs today. Told Priya after lunch, she took it well.")
    assert any(s.predicate == "manager" and s.object_name == "Priya" for s in found.statements)


def test_her_birthday_is_the_one_spoken_of_and_a_home_settled_in(reader: BuiltinExtractor) -> None:
    party = read(reader, "Booked the hall for Tomasz's party. His actual birthday is 3 April so cake at home.")
    assert ("Tomasz", "birthday", "3 April") in triples(party)
    assert not [s for s in party.statements if s.predicate == "birthday" and s.subject == "me"]
    assert ("me", "lives_in", "Portobello") in triples(read(reader, "Busy week. We got the keys for Portobello today!"))
    assert ("me", "lives_in", "Leith") in triples(read(reader, "Boxes everywhere. Slowly settling into Leith."))


def test_a_notes_shorthand_is_read_as_the_word_it_stands_for(reader: BuiltinExtractor) -> None:
    assert ("Brennan Removals", EntityType.ORGANIZATION) in entities(
        read(reader, "van booked w/ Brennan Removals for the 18th, €850")
    )


def test_the_rent_said_with_the_and_a_landlord_who_is_a_fella_called(reader: BuiltinExtractor) -> None:
    found = read(
        reader,
        "Orla found a two bed near her sister's and the rent's 1200 a month, landlord is a fella called Sean Duggan",
    )
    assert ("me", "rent", "1200 a month") in triples(found)
    assert ("me", "landlord", "Sean Duggan") in triples(found)
    theirs = read(reader, "Her landlord is a guy called Tom Reilly, he never fixes anything.")
    assert not [s for s in theirs.statements if s.predicate == "landlord" and s.subject == "me"]
    other = read(reader, "From May the property manager is a woman called Priya, the rent goes to Harcourts.")
    assert "manager" not in predicates(other)


def test_a_supplier_is_one_who_serves_and_a_role_switched_to_is_the_new_one(reader: BuiltinExtractor) -> None:
    assert ("me", "supplier", "Brakes") in triples(read(reader, "Our supplier is Brakes, they deliver Tuesdays."))
    assert ("me", "supplier", "Bidfood") in triples(
        read(reader, "switched suppliers, Bidfood on the ring road give me 10 percent off")
    )
    assert ("me", "dentist", "Dr. Mensah") in triples(read(reader, "changed dentists, now with Dr. Mensah"))


def test_a_tie_from_a_day_starts_then_and_its_last_week_ends_it(reader: BuiltinExtractor) -> None:
    starts = read(reader, "- I report to Magnus from 6 April")
    boss = next(s for s in starts.statements if s.predicate == "manager" and s.object_name == "Magnus")
    assert boss.valid_at is not None and datetime.fromtimestamp(boss.valid_at).date() == date(2026, 4, 6)
    ends = read(reader, "Last week with Dorota as my boss. She gave me a plant.")
    assert any(s.predicate == "manager" and s.object_name == "Dorota" and s.negated for s in ends.statements)
    books = read(reader, "- Nakamura Tax Office does our books from this year")
    assert all(s.valid_at is None for s in books.statements if s.predicate == "accountant")


def test_the_boss_of_a_note_that_says_where_i_work_is_mine(reader: BuiltinExtractor) -> None:
    started = "Started at Kettle Foods on Monday."
    for said in ("The boss there is Ian Price.", "Ian Price is the manager, seems nice.", "The boss is Ian Price."):
        assert ("me", "manager", "Ian Price") in triples(read(reader, f"{started} {said}")), said
    # Someone else's place, a boss before, or a note that says of no workplace of mine.
    for said in (
        f"{started} The manager at the café downstairs is Tom Reyes.",
        f"{started} The Lidl manager is Tom Reyes.",
        f"{started} Tom Reyes was the boss before Ian.",
        "The manager is Tom Reyes, he was rude about the refund.",
    ):
        assert not [t for t in triples(read(reader, said)) if t[1] == "manager"], said


def test_a_home_in_a_name_taken_for_a_firm_is_where_i_live(reader: BuiltinExtractor) -> None:
    text = "The new place in Villa Crespo is ten minutes by bike from the factory."
    found = read(reader, text)
    assert ("me", "lives_in", "Villa Crespo") in triples(found)
    assert ("Villa Crespo", EntityType.PLACE) in entities(found)


def test_a_name_after_a_word_only_a_person_can_be_is_a_persons(reader: BuiltinExtractor) -> None:
    assert ("Bryn", EntityType.PERSON) in entities(read(reader, "Her new flatmate Bryn works at Xero."))
    assert ("Tolu Bakare", EntityType.PERSON) in entities(read(reader, "My former classmate Tolu Bakare called."))


def test_someones_job_at_a_firm_is_theirs_said_with_a_comma_or_as_news(reader: BuiltinExtractor) -> None:
    nurse = triples(read(reader, "Tom Reyes, a nurse at St James's Hospital, called."))
    assert ("Tom Reyes", "works_at", "St James's Hospital") in nurse
    news = triples(read(reader, "My former classmate Tolu Bakare is now head of partnerships at Kudipay."))
    assert ("Tolu Bakare", "works_at", "Kudipay") in news and ("me", "works_at", "Kudipay") not in news
    # A comma before no job: a coffee is no one's role.
    coffee = triples(read(reader, "Lunch with Tom, a quick coffee at Joe's after."))
    assert not [t for t in coffee if t[1] == "works_at"]


def test_a_participle_opening_a_jot_tells_a_day_gone(reader: BuiltinExtractor) -> None:
    # Written on Monday 16 March: the Thursday a subjectless "Started …" speaks of is the 12th, and
    # a booking still looks ahead.
    def days(text: str) -> set[str]:
        found = read(reader, text).statements
        return {datetime.fromtimestamp(s.valid_at).date().isoformat() for s in found if s.valid_at is not None}

    assert "2026-03-12" in days("Started at Kettle Foods on Thursday.")
    assert days("Dentist booked for Thursday.") == {"2026-03-19"}


def test_hashtags_opening_lines_tag_them_as_items_of_their_own(reader: BuiltinExtractor) -> None:
    found = read(reader, "#kids Amara parents evening Tue 3 Feb 6pm\n#home LastPass locked me out again")
    said = {s.text for s in found.statements}
    assert "LastPass locked me out again" in said and not [t for t in said if "#" in t]
    assert ("Amara", EntityType.TECHNOLOGY) not in entities(found)
    # A heading's "#" is followed by a space: it names things only.
    assert not [s for s in read(reader, "# Dentist Dr. Hill\nbring the forms").statements if "Dentist" in s.text]


def test_an_english_word_opening_a_sentence_is_no_one_who_retired(reader: BuiltinExtractor) -> None:
    mostly = read(reader, "Heavy boxes, lovely people. Mostly retired teachers who boss me around.")
    assert "ends_ties" not in predicates(mostly)
    assert ("Mostly", EntityType.PERSON) not in entities(mostly)
    # A first name that is an English word too still retires.
    grace = read(reader, "Grace retired last week, Tom takes over the ward.")
    assert ("me", "ends_ties", "Grace") in triples(grace)


def test_a_workplace_named_after_what_kind_of_place_it_is(reader: BuiltinExtractor) -> None:
    found = read(reader, "I got a job at a podcast studio, Northern Echo Audio, starting 13 April.")
    assert ("me", "works_at", "Northern Echo Audio") in triples(found)
    # Whom one works with, set off by commas, is no workplace.
    roof = read(reader, "Working with a friend, Tom, on the garage roof all weekend.")
    assert "works_at" not in predicates(roof)


def test_a_switch_jotted_as_an_arrow_between_tools_replaces_the_first(reader: BuiltinExtractor) -> None:
    for jotted in ("- Jira → Linear migration done", "Todoist -> TickTick, finally"):
        found = read(reader, jotted)
        old, new = (s for s in found.statements if s.predicate == "uses")
        assert new.replaces == old.object_name and old.object_name in jotted.split()[0:2], jotted
    # An arrow between languages, places or words the lists know no tool of is no switch.
    for other in ("- spring catalogue FR→JA, 42k words", "Leeds → York by train", "Draft → Final by Friday"):
        assert "uses" not in predicates(read(reader, other)), other


def test_a_farewell_beside_a_tool_taken_up_replaces_the_tool_given_up(reader: BuiltinExtractor) -> None:
    for said, old, new in (
        ("They use Dorico here, so goodbye Sibelius after eight years.", "Sibelius", "Dorico"),
        ("Everyone tracks work in Asana here, so goodbye Trello.", "Trello", "Asana"),
        ("whole kitchen plans in Notion, so bye bye Trello", "Trello", "Notion"),
    ):
        uses = {s.object_name: s for s in read(reader, said).statements if s.predicate == "uses"}
        assert set(uses) == {old, new} and uses[new].replaces == old, said
    # A farewell to a place or a person beside no tool taken up is no switch.
    for other in ("Moved in with Tom in Leeds, so goodbye London.", "We use Slack at work, so long Priya, she left."):
        uses = {s.object_name for s in read(reader, other).statements if s.predicate == "uses"}
        assert uses <= {"Slack"}, other


def test_a_present_have_and_a_weekly_schedule_do_not_turn_a_day_back(reader: BuiltinExtractor) -> None:
    # Written on Monday 16 March: "have" with no participle after it speaks of what is ahead.
    found = read(reader, "Told my brother I have a viva on Thursday.")
    assert days_of(found, "a viva on Thursday") == {date(2026, 3, 19)}
    done = read(reader, "I have posted the forms on Thursday.")
    assert days_of(done, "posted the forms") == {date(2026, 3, 12)}
    # "Monday to Friday" is the week's hours, not this week; the first day is the date.
    hours = stated_date("€3,100 a month, Tuesday to Saturday, first shift 7 April", WRITTEN)
    assert hours is not None and hours.moment.date() == date(2026, 4, 7)
    assert stated_date("open Mon-Fri only", WRITTEN) is None


def test_a_sum_sent_to_someone_is_the_writers_and_they_are_paid_it(reader: BuiltinExtractor) -> None:
    found = triples(read(reader, "- rent €940 to Mrs. Okoye, standing order from the 3rd"))
    assert {("me", "rent", "€940"), ("me", "landlord", "Mrs. Okoye")} <= found
    assert not [t for t in found if t[0] == "Mrs. Okoye"]


def test_a_car_jotted_with_a_part_only_a_car_has_is_the_writers(reader: BuiltinExtractor) -> None:
    assert ("me", "car", "Skoda Fabia") in triples(read(reader, "Skoda Fabia brakes squeaking again, garage Tues"))
    # A battery or an engine may be anything's.
    assert "car" not in predicates(read(reader, "Pixel battery dying by noon, mechanic Tom says buy a new car"))


def test_the_pay_of_a_job_offered_is_the_writers_from_its_first_day(reader: BuiltinExtractor) -> None:
    found = read(reader, "Ingrid offered me the job at the bakery. €36,500, early shifts, start 4 May.")
    pay = [s for s in found.statements if s.predicate == "salary"]
    assert [(s.subject, s.object_value) for s in pay] == [("me", "€36,500")]
    assert pay[0].valid_at is not None and datetime.fromtimestamp(pay[0].valid_at).date() == date(2026, 5, 4)
    # Offered to "you" in someone's chat turn: still the writer's pay, its sign kept after a day.
    chat = read(reader, "Marguerite: we would love to offer you the sous-chef post, start June 2, $24/hour.\nme: yes!")
    assert ("me", "salary", "$24 an hour") in triples(chat)
    for other in (
        "They offered me the job at 52k but I turned it down.",
        "Got the job! Bought a new bike for €300 to celebrate.",
    ):
        assert "salary" not in predicates(read(reader, other)), other


def test_a_number_word_with_a_capital_ends_a_name(reader: BuiltinExtractor) -> None:
    found = read(reader, "Colour grading the catalogue in Capture One all afternoon.")
    assert "Capture One" in {e.name for e in found.entities}
    assert "One" not in {e.name for e in read(reader, "Capture it. One more try tomorrow.").entities}


def test_a_first_night_somewhere_in_a_note_about_moving_is_the_new_home(reader: BuiltinExtractor) -> None:
    found = read(reader, "Unpacking all weekend. First night in Lincoln: no curtains yet.")
    assert ("Lincoln", EntityType.PLACE) in entities(found)
    assert ("me", "lives_in", "Lincoln") in triples(found)


def test_a_name_a_preposition_governs_is_no_clauses_subject() -> None:
    nlp = load_spacy()

    def read_alone(text: str, name: str) -> dict[str, ToolUse]:
        sent = nlp(text)[:]
        at = text.index(name)
        return read_tools(sent, [ToolMention(name, at, at + len(name))]).uses

    # Before the first verb, the tool is what the clause speaks of, unless a preposition governs it.
    assert read_alone("Figma ran slow all afternoon.", "Figma") == {"Figma": ToolUse.USES}
    assert read_alone("The talk about Figma ran long.", "Figma") == {}
    assert read_alone("The walk along the Loire is the best part of the day.", "Loire") == {}


def test_a_car_named_in_a_sentence_about_one_is_no_tool_but_an_app_stays_one() -> None:
    assert named_car("Vivaro", EntityType.TECHNOLOGY, "Vivaro needs two new tyres")
    assert named_car("Berlingo", EntityType.PRODUCT, "Berlingo failed its MOT")
    assert not named_car("Waze", EntityType.TECHNOLOGY, "Waze sent me round the diesel queue")
    assert not named_car("Notion", EntityType.TECHNOLOGY, "Notion search can't find it")


def test_a_tool_given_up_makes_way_for_the_one_of_its_kind(model_reader: BuiltinExtractor) -> None:
    # Python is no editor: the one of Sublime Text's kind the note names takes its place.
    found = read(
        model_reader,
        "Gave Emacs a fair week and it is quick. Deleted Sublime Text on Monday. "
        "The Python plugin for it never worked anyway.",
    )
    assert ("Emacs", "Sublime Text", False) in uses(found)


def test_the_entity_classifier_says_how_sure_it_is_of_each_kind(embedder: Embedder) -> None:
    nlp = load_spacy()
    sentences = [nlp(text)[:] for text in ("Lunch with Tarek at Kibo Freight.", "Tarek wants the quote in Harvest.")]
    read_kinds = entity_model.name_kinds(sentences, entity_model.NameVectors(embedder))
    assert read_kinds.kinds and read_kinds.sureness.keys() == read_kinds.kinds.keys()
    assert all(0.0 < sure <= 1.0 for sure in read_kinds.sureness.values())
    assert read_kinds.kinds["tarek"] == EntityType.PERSON


def test_a_hyphened_given_name_is_one_person_and_a_verbs_noun_no_name(model_reader: BuiltinExtractor) -> None:
    people = entities(read(model_reader, "Lunch with Min-ji and Jae-sung, then Hyun-woo joined us."))
    assert {("Min-ji", EntityType.PERSON), ("Jae-sung", EntityType.PERSON), ("Hyun-woo", EntityType.PERSON)} <= people
    # Korean puts the family name first: one person, not a firm.
    assert ("Choi Eun-ji", EntityType.PERSON) in entities(read(model_reader, "Choi Eun-ji would be my lead there."))
    for text in ("Follow-up with the bank on Monday.", "Drop-off went from 40% to 31%."):
        assert not entities(read(model_reader, text))


def test_sums_in_won_and_in_millions_are_sums(reader: BuiltinExtractor) -> None:
    found = read(reader, "- rent 640,000 won to Mr. Jang by the 5th")
    assert ("me", "rent", "640,000 won") in triples(found)
    assert ("me", "landlord", "Mr. Jang") in triples(found)
    salary = read(reader, "Mum asked about my salary, which is 48 million won, and sighed.")
    assert ("me", "salary", "48 million won") in triples(salary)
    # A "you" after the sum is anyone's: the home is still the writer's, its sum the rent.
    flat = read(reader, "We signed for a flat in Mangwon, 900,000 won a month, and you can hear the trains.")
    assert ("me", "rent", "900,000 won a month") in triples(flat)


def test_a_person_cut_from_a_firms_name_is_no_one(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Fourth year at Red Kettle Games and I still dread the milestone reviews.")
    assert ("Red Kettle Games", EntityType.ORGANIZATION) in entities(found)
    assert not [e for e in found.entities if e.type == EntityType.PERSON]
    assert not [s for s in found.statements if s.predicate in ("manager", "runs")]


def test_the_best_boss_i_have_had_is_my_boss(reader: BuiltinExtractor) -> None:
    assert ("me", "manager", "Ines") in triples(read(reader, "Ines is the best manager I've had, she shields us."))


def test_a_name_ending_in_a_feature_of_the_land_is_a_place(model_reader: BuiltinExtractor) -> None:
    for text, place in (
        ("Camped two nights below Harrow Peak with the scouts.", "Harrow Peak"),
        ("Ferry to Tern Island was cancelled again.", "Tern Island"),
        ("Walked the dog round Copper Lake before work.", "Copper Lake"),
    ):
        assert (place, EntityType.PLACE) in entities(read(model_reader, text))
    # A person's surname may be such a word too: "Tom Hill" stays a person.
    assert ("Tom Hill", EntityType.PERSON) in entities(read(model_reader, "Tom Hill fixed the boiler."))


def test_a_tool_named_twice_is_read_each_time(model_reader: BuiltinExtractor) -> None:
    # The second naming gives it up; the first only says what it did.
    assert ("Tradify", None, True) in uses(
        read(model_reader, "Tradify keeps duplicating the VAT lines, so I cancelled Tradify.")
    )
    switched = read(model_reader, "Clockwise is miles slower than Toggl, so I cancelled Clockwise on Friday.")
    assert ("Clockwise", None, True) in uses(switched) and ("Toggl", "Clockwise", False) in uses(switched)
    # "miles slower" is how much, not a car's miles: the tools are no cars.
    assert not named_car("Clockwise", EntityType.TECHNOLOGY, "Clockwise is miles slower than Toggl")


def test_a_tool_kinds_name_of_several_words_is_a_tool_and_takes_the_place_of_one_given_up(
    model_reader: BuiltinExtractor,
) -> None:
    found = read(model_reader, "cancelled Deezer, Apple Music comes free with the new phone plan")
    assert ("Apple Music", EntityType.TECHNOLOGY) in entities(found)
    assert ("Apple Music", "Deezer", False) in uses(found)
    # What my things moved to takes the place of the one deleted, whatever else the note names.
    moved = read(model_reader, "Coffee with Julia + the CTO at 2. moved all my notes to Joplin, deleted Evernote")
    assert ("Joplin", "Evernote", False) in uses(moved)


def test_sums_in_rupiah_are_sums_not_phones_and_bu_and_pak_are_titles(reader: BuiltinExtractor) -> None:
    sold = read(reader, "Sold the scooter to Fajar for Rp 6.500.000, he needed it for ojek.")
    assert not [s for s in sold.statements if s.predicate == "phone"]
    jotted = read(reader, "- kos rent Rp 2.150.000 to Bu Wati before the 5th")
    assert ("me", "rent", "Rp 2.150.000") in triples(jotted) and ("me", "landlord", "Bu Wati") in triples(jotted)
    assert ("Pak Budi", EntityType.PERSON) in entities(read(reader, "Pak Budi signed the purchase order."))
    assert ("me", "salary", "9,5 juta") in triples(read(reader, "Mama asked about my salary, which is 9,5 juta."))
    new_home = read(reader, "- new kos in Depok: Rp 1.500.000/month, quiet street")
    assert ("me", "rent", "Rp 1.500.000 a month") in triples(new_home) and ("me", "lives_in", "Depok") in triples(
        new_home
    )


def test_arabic_names_keep_their_particles_and_gulf_sums_are_read(model_reader: BuiltinExtractor) -> None:
    # A name of three words the relation grammar saw the last two of is the whole name.
    assert ("me", "manager", "Khalid Al Mansoori") in triples(
        read(model_reader, "Khalid Al Mansoori is my new manager, very direct.")
    )
    # The word before one spaCy labelled alone is the name's first: a place, no person "Ali".
    harbour = entities(read(model_reader, "Two trucks stuck at the Jebel Ali gate again, call Ramesh."))
    assert ("Jebel Ali", EntityType.PLACE) in harbour and ("Ali", EntityType.PERSON) not in harbour
    # A currency's code before the sum; a lease signed with a colon, a home by its bedrooms and a
    # rent by the year.
    lease = read(model_reader, "Signed the tenancy: 3BR in Al Nahda, QAR 84,000 per year, two cheques")
    assert ("me", "rent", "QAR 84,000 per year") in triples(lease) and ("me", "lives_in", "Al Nahda") in triples(lease)
    # "I'm on 22k" is a pay; "I'm on 10k steps" is none.
    assert ("me", "salary", "22k") in triples(
        read(model_reader, "Honestly I'm on 22k at the bank and they offered more.")
    )
    assert not [s for s in read(model_reader, "I'm on 10k steps a day now").statements if s.predicate == "salary"]


def test_a_tenure_told_by_the_work_done_names_a_workplace_however_its_name_was_typed(
    model_reader: BuiltinExtractor,
) -> None:
    for text, firm in (
        ("Seven seasons guiding for Inca Paths and my knees feel it.", "Inca Paths"),
        ("Four years flying with TAM and I still love take-off.", "TAM"),
        ("Eleven years driving for Jade Coaches, and my back knows it.", "Jade Coaches"),
    ):
        found = read(model_reader, text)
        assert ("me", "works_at", firm) in triples(found) and (firm, EntityType.ORGANIZATION) in entities(found)
    # A name written as a person's is whom the time was spent on.
    assert not [
        s for s in read(model_reader, "Three days waiting for Tom Hill.").statements if s.predicate == "works_at"
    ]


def test_a_makes_model_is_a_car_not_a_firm_nor_a_tool(model_reader: BuiltinExtractor) -> None:
    for text, car in (
        ("Booked the Honda Fit in for its service on Friday.", "Honda Fit"),
        ("Forty minutes each way in the old Peugeot Partner whose heater only works on one side.", "Peugeot Partner"),
    ):
        found = read(model_reader, text)
        assert (car, EntityType.PRODUCT) in entities(found)
        assert not [s for s in found.statements if s.predicate == "uses"]
    # A firm named after a make is still a firm.
    assert ("Toyota Motors", EntityType.ORGANIZATION) in entities(
        read(model_reader, "Toyota Motors announced a recall.")
    )


def test_software_by_what_is_made_in_it_and_by_its_licence(model_reader: BuiltinExtractor) -> None:
    # "in Rhino" had made the modelling program a town the writer lives in.
    modelled = read(model_reader, "Everyone here models in Rhino, so I spent the weekend on it.")
    assert ("Rhino", EntityType.TECHNOLOGY) in entities(modelled)
    assert not [s for s in modelled.statements if s.predicate == "lives_in"]
    assert ("Lisbon", EntityType.PLACE) in entities(read(model_reader, "She designs in Lisbon now."))
    # A capitalised word before a software noun, which the tagger read as a nationality.
    assert ("Rhino", EntityType.TECHNOLOGY) in entities(read(model_reader, "renew the Rhino licence before 1 Oct"))


def test_spanish_titles_pay_said_with_make_and_rent_paid_to_someone_named_first(
    model_reader: BuiltinExtractor,
) -> None:
    boss = read(model_reader, "Ing. Rocío Treviño, my boss, moved the deadline again.")
    assert ("me", "manager", "Ing. Rocío Treviño") in triples(boss)
    assert ("me", "salary", "38,000") in triples(read(model_reader, "They offer 45,000 a month; I make 38,000 now."))
    paid = read(model_reader, "- pay Don Chuy the rent, $9,800")
    assert ("me", "rent", "$9,800") in triples(paid) and ("me", "landlord", "Don Chuy") in triples(paid)
    assert ("me", "landlord", "Gerry") in triples(read(model_reader, "- pay Gerry rent €1,150 by the 1st"))


def test_a_firm_named_by_its_kind_first_and_a_new_role_asked_after_in_a_chat(model_reader: BuiltinExtractor) -> None:
    assert ("Despacho Garza", EntityType.ORGANIZATION) in entities(
        read(model_reader, "Héctor runs Despacho Garza, twelve people and all of them tired.")
    )
    chat = read(
        model_reader,
        "Lucía: how's the new physio\nme: Kemi Adeyemi, much kinder than Bruno. two sessions left\nLucía: nice",
    )
    assert ("me", "physio", "Kemi Adeyemi") in triples(chat)
    assert ("me", "physio", "Bruno") not in triples(chat)


def test_software_freezes_and_logs_its_users_out_but_people_and_states_are_no_software(
    model_reader: BuiltinExtractor,
) -> None:
    assert ("Vendrix", EntityType.TECHNOLOGY) in entities(
        read(model_reader, "the till queue grew and Vendrix froze twice.")
    )
    assert ("Rostrum", EntityType.TECHNOLOGY) in entities(read(model_reader, "- Rostrum keeps logging me out again"))
    # People freeze too; a state's licence is a driving licence.
    assert ("Tom", EntityType.PERSON) in entities(read(model_reader, "Yesterday Tom froze on the stairs."))
    assert ("Texas", EntityType.PLACE) in entities(read(model_reader, "- renew Texas license before June"))
    # Years "of" a name are years spent on a tool, not at a workplace; "day one of" a firm is a start.
    assert not [
        s
        for s in read(model_reader, "after eight years of Quillpad the new system feels fast.").statements
        if s.predicate == "works_at"
    ]
    assert ("me", "works_at", "Harrow Legal") in triples(
        read(model_reader, "Day one of Harrow Legal: a desk by the window.")
    )


def test_a_gm_is_a_manager_and_pay_is_read_from_a_hire_and_from_what_i_am_on(model_reader: BuiltinExtractor) -> None:
    assert ("me", "manager", "Priya Nair") in triples(read(model_reader, "Priya Nair, our GM, signed off the rota."))
    hired = read(model_reader, "Tamsin will hire me at £41k plus a laptop, starting in June.")
    assert ("me", "salary", "£41k") in triples(hired)
    # The pay of the job spoken of is not the writer's while they say what they are on.
    offered = read(model_reader, "Pay is £50k, I'm on £38k now.")
    assert ("me", "salary", "£38k") in triples(offered)
    assert not [s for s in offered.statements if s.object_value == "£50k"]


def test_a_role_at_a_firm_said_with_she_is_hers_and_never_the_writers(model_reader: BuiltinExtractor) -> None:
    told = read(model_reader, "Anke called. She's the new CFO at Brightwell Foods.")
    assert ("Anke", "works_at", "Brightwell Foods") in triples(told)
    # When no person the note names is the "she", the job is nobody's the note can tell.
    unknown = read(model_reader, "Hollis Vance Partners called. She's the new COO at Brightwell Foods.")
    assert ("me", "works_at", "Brightwell Foods") not in triples(unknown)
    # "there's a job at …" names no one's role.
    assert not [s for s in read(model_reader, "there's a job at Evenwood in Leeds").statements if s.predicate == "role"]


def test_a_doctor_asked_after_in_a_chat_and_one_seen_for_a_physical(model_reader: BuiltinExtractor) -> None:
    chat = read(
        model_reader,
        "Dad: and a dentist? you need one there\nme: found one, Dr. Osei by the station, first visit 3 May\nDad: ok",
    )
    assert ("me", "dentist", "Dr. Osei") in triples(chat)
    assert ("me", "doctor", "Dr. Lindqvist") in triples(read(model_reader, "- Dr. Lindqvist 3/14 10:00 physical"))


def test_a_lease_for_a_town_tells_the_rent_and_a_car_is_what_is_shipped_as_one(model_reader: BuiltinExtractor) -> None:
    assert ("me", "rent", "$2,400 a month") in triples(read(model_reader, "- lease for Fremont signed, $2,400/mo"))
    assert not [
        s for s in read(model_reader, "- car lease for the Golf signed, £300/mo").statements if s.predicate == "rent"
    ]
    assert ("me", "car", "Outback") in triples(read(model_reader, "- car ferry for the Outback booked, $210"))


def test_a_birthday_of_someone_named_by_a_relation_is_not_the_speakers(model_reader: BuiltinExtractor) -> None:
    chat = read(model_reader, "Dad: don't forget your sister's birthday Friday\nme: I won't")
    assert not [s for s in chat.statements if s.predicate == "birthday"]


def test_someone_who_acts_is_no_home_whatever_the_name_sounds_like(model_reader: BuiltinExtractor) -> None:
    moved = read(model_reader, "Mom: did you see the doctor\nme: not yet, Nakamura moved my physical to the 24th")
    assert not [s for s in moved.statements if s.predicate == "lives_in"]


def test_a_numbered_school_is_one_name_and_an_nth_year_there_is_where_i_work(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Ninth year at Gymnasium No. 12 and the projector still flickers.")
    assert ("me", "works_at", "Gymnasium No. 12") in triples(found)
    assert ("School No. 47", EntityType.ORGANIZATION) in entities(read(model_reader, "Last day at School No. 47."))
    # A place in a ranking is no part of the name before it.
    ranked = entities(read(model_reader, "district finals: Amira 1st, Bekzat 3rd!!"))
    assert ("Amira", EntityType.PERSON) in ranked and not [n for n, _ in ranked if "1st" in n]
    # A firm named with where it is: the firm, then the place.
    clinic = entities(read(model_reader, "found a dentist at Bright Smile Clinic on Tole Bi, quick and kind"))
    assert ("Bright Smile Clinic", EntityType.ORGANIZATION) in clinic


def test_a_spell_of_a_name_before_its_noun_is_no_job(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Day two of CELTA training in Bangkok, my head is full.")
    assert not [s for s in found.statements if s.predicate == "works_at"]


def test_pay_told_as_what_i_get_and_an_offer_that_came(model_reader: BuiltinExtractor) -> None:
    told = read(model_reader, "They offer 900,000 tenge a month, I get 380,000 now.")
    assert ("me", "salary", "380,000") in triples(told)
    assert not [s for s in told.statements if s.object_value and s.object_value.startswith("900,000")]
    assert not [s for s in read(model_reader, "I get 20 minutes for lunch").statements if s.predicate == "salary"]
    offer = read(
        model_reader, "The offer came this morning: lab manager at Qoldau, 650,000 a month, start 1 September."
    )
    assert [s for s in offer.statements if s.predicate == "salary" and s.object_value == "650,000 a month"]


def test_a_rent_in_tenge_to_an_owner_titled_after_the_name(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "- flat in Medeu district: 2 rooms, 250,000 tenge/month, keys 1 Sep, owner Saule apa")
    assert ("me", "landlord", "Saule") in triples(found)
    assert [s for s in found.statements if s.predicate == "rent" and s.object_value.startswith("250,000")]  # type: ignore[union-attr]


def test_a_language_a_season_and_a_flask_are_no_entities_and_a_system_that_is_down_is_software(
    model_reader: BuiltinExtractor,
) -> None:
    assert ("English", EntityType.PLACE) not in entities(
        read(model_reader, "The whole course is taught in English now.")
    )
    seasons = read(model_reader, "They promised new lab benches in spring, as they did last spring.")
    assert not [n for n, _ in entities(seasons) if n.lower() == "spring"]
    assert not [n for n, _ in entities(read(model_reader, "Mum gave me a flask for the trip.")) if n.lower() == "flask"]
    assert ("Bilimland", EntityType.TECHNOLOGY) in entities(
        read(model_reader, "- Bilimland is down again today, grades wait")
    )


def test_a_commute_home_ends_at_a_place_however_its_name_was_typed(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "The tram home to Orbita-2 was packed.")
    assert ("me", "lives_in", "Orbita-2") in triples(found)


def test_who_hosts_or_leads_me_in_my_first_days_at_a_job_is_my_manager(model_reader: BuiltinExtractor) -> None:
    for text, boss in (
        ("First day at Brightwell. Oona Reyes showed me round the plant and gave me a locker.", "Oona Reyes"),
        ("Two weeks at Tallis Labs. Kwame sets the priorities on Mondays and then leaves us alone.", "Kwame"),
    ):
        assert ("me", "manager", boss) in triples(read(model_reader, text))
    # Not on any other day, nor one the note ties otherwise.
    assert not [
        s
        for s in read(model_reader, "Oona Reyes showed me round her allotment on Sunday.").statements
        if s.predicate == "manager"
    ]
    tied = read(model_reader, "First day at Brightwell. My colleague Sam showed me the canteen.")
    assert ("me", "manager", "Sam") not in triples(tied)


def test_a_home_told_by_the_commute_from_it_or_by_its_landlord(model_reader: BuiltinExtractor) -> None:
    for text, home in (
        ("The 38 bus from Kilburn was so late I missed standup.", "Kilburn"),
        ("- commute Ealing to Farringdon: 55 min each way, too long", "Ealing"),
        ("tell the Gràcia landlord we leave by the 1st", "Gràcia"),
    ):
        assert ("me", "lives_in", home) in triples(read(model_reader, text)), text
    # A train or a flight from a town is a trip's; someone else's bus is theirs.
    assert not [s for s in read(model_reader, "The train from Paris was late.").statements if s.predicate == "lives_in"]
    assert ("me", "lives_in", "Ikeja") not in triples(read(model_reader, "Kemi took the bus from Ikeja to see me."))


def test_the_home_left_is_the_one_the_new_home_is_compared_with_or_far_from(model_reader: BuiltinExtractor) -> None:
    for text, left in (
        ("First week in Poblenou. It is quieter than Sants and the beach is close.", "Sants"),
        ("Slept my first night in the Carlton flat. Preston already feels far away.", "Preston"),
    ):
        assert ("me", "lives_in", left) in triples(read(model_reader, text)), text
    compared = read(model_reader, "First week in Poblenou. The neighbour is friendlier than Tom.")
    assert ("me", "lives_in", "Tom") not in triples(compared)


def test_my_number_is_mine_whoever_else_the_sentence_names(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Didi: ok\nme: my number is 9841 555 210 in case Hari asks, the old SIM died")
    assert ("me", "phone", "9841 555 210") in triples(found)


def test_an_offer_letter_with_its_pay_and_nepali_titles_after_a_name(model_reader: BuiltinExtractor) -> None:
    letter = read(
        model_reader, "Everest Bank sent the letter today: teller supervisor, Rs 88,000 a month, joining 1 June."
    )
    assert ("me", "salary", "Rs 88,000 a month") in triples(letter)
    assert ("Suman", EntityType.PERSON) in entities(read(model_reader, "- Suman dai wants the vouchers by Sat"))
    chat = read(model_reader, "Bahini: how is the new boss\nme: Sita didi is strict but fair, she explains things")
    assert ("me", "manager", "Sita") in triples(chat)
    assert not [n for n, _ in entities(chat) if n.lower() == "things"]
    assert ("Corebank", EntityType.TECHNOLOGY) in entities(read(model_reader, "- Corebank upgrade moved to April"))


def test_a_notice_ends_the_job_on_the_last_day_the_note_tells(model_reader: BuiltinExtractor) -> None:
    written = datetime(2026, 3, 27, 22, 0).astimezone()
    found = model_reader.extract(
        NoteForExtraction(
            "Handed in my notice at Quayside Dental today. Harbour Smiles offered me 3 days a week. "
            "Last day is 24 April.",
            (),
            written.timestamp(),
        )
    )
    ended = [s for s in found.statements if s.predicate == "works_at" and s.negated]
    assert len(ended) == 1 and ended[0].valid_at is not None
    assert datetime.fromtimestamp(ended[0].valid_at).date() == date(2026, 4, 24)


def test_thai_titles_are_no_part_of_a_name_and_an_arrow_parts_two_places(model_reader: BuiltinExtractor) -> None:
    titled = read(model_reader, "P'Noi checks the count. Khun Anan walked the interns through the stock room.")
    assert {("P'Noi", EntityType.PERSON), ("Khun Anan", EntityType.PERSON)} <= entities(titled)
    # The title and the elder's "P'" are no part of whom the name keys and matches.
    assert name_tokens("Khun Anan") == ["anan"] and name_tokens("P'Noi") == ["noi"]
    assert compatible("Khun Anan", "Anan") and compatible("P'Noi", "Noi") and not compatible("O'Brien", "Brien")
    moved = entities(read(model_reader, "movers Chiang Mai → Bangkok on Sat"))
    assert {("Chiang Mai", EntityType.PLACE), ("Bangkok", EntityType.PLACE)} <= moved


def test_a_tool_learnt_in_my_first_days_is_the_new_jobs_and_replaces_the_one_of_my_years(
    model_reader: BuiltinExtractor,
) -> None:
    found = read(
        model_reader,
        "First day at Riverside Clinic. Priya sat me with Joel to learn MedFlow; after six years of CareDesk "
        "nothing is where I expect.",
    )
    new = [s for s in found.statements if s.predicate == "uses" and s.object_name == "MedFlow"]
    assert new and new[0].replaces == "CareDesk"
    assert ("me", "uses", "CareDesk") in triples(found)
    # Not on another day, nor a language learnt.
    assert ("me", "uses", "MedFlow") not in triples(read(model_reader, "Joel wants to learn MedFlow before May."))
    tongue = read(model_reader, "First day at Riverside Clinic. Joel showed me how to learn Thai phrases.")
    assert not [s for s in tongue.statements if s.predicate == "uses"]


def test_years_in_a_part_of_a_firm_and_a_dentists_practice(model_reader: BuiltinExtractor) -> None:
    spell = read(model_reader, "Nine years in the hospital pharmacy at St Luke's Hospital and nobody knows my name.")
    assert ("me", "works_at", "St Luke's Hospital") in triples(spell)
    for text in (
        "new dentist near the office, Dr. Osei at BrightSmile, cleaning on 3 May",
        "- BrightSmile follow-up w/ Dr. Osei Tue 15 Sep",
    ):
        found = read(model_reader, text)
        assert ("BrightSmile", EntityType.ORGANIZATION) in entities(found), text
        assert ("me", "uses", "BrightSmile") not in triples(found), text


def test_kin_named_by_the_word_alone_is_the_writers(model_reader: BuiltinExtractor) -> None:
    assert ("me", "cousin", "Tong") in triples(read(model_reader, "- sell scooter to cousin Tong, 18,000"))
    assert ("me", "sister", "Anna") in triples(read(model_reader, "dinner with sister Anna tonight"))
    # Another's kin is theirs; a titled uncle is no one's by the word.
    assert ("me", "cousin", "Tong") not in triples(read(model_reader, "Tom's cousin Tong came over"))
    assert not [s for s in read(model_reader, "Uncle Boon gave a speech").statements if s.predicate == "uncle"]


def test_a_tool_of_the_kind_given_up_takes_its_place_though_the_classifier_missed_it(
    model_reader: BuiltinExtractor,
) -> None:
    found = read(
        model_reader,
        "The whole team at Northwind works in Helix, so I tried it for a week. Uninstalled Sublime Text on Friday.",
    )
    taken = [s for s in found.statements if s.predicate == "uses" and not s.negated and s.replaces]
    assert [(s.object_name, s.replaces) for s in taken] == [("Helix", "Sublime Text")]


def test_a_title_of_my_first_day_at_a_job_is_read_as_what_the_note_tells(model_reader: BuiltinExtractor) -> None:
    # The app saves the first line typed as a "# " title above the body.
    found = read(
        model_reader,
        "# First day at Riverside Clinic\n\nKhun Anan walked me round, then sat me with Joel to learn MedFlow.",
    )
    assert {
        ("me", "works_at", "Riverside Clinic"),
        ("me", "manager", "Khun Anan"),
        ("me", "uses", "MedFlow"),
    } <= triples(found)
    # A document's title above its text still names things only.
    doc = read(model_reader, "# Use an array check\n\nThe check runs before the loop in Riverside's code.")
    assert not [s for s in doc.statements if s.predicate == "works_at"]


def test_a_sentence_opening_with_my_spell_at_a_firm_is_mine_whoever_the_rest_is_about(
    model_reader: BuiltinExtractor,
) -> None:
    found = read(model_reader, "Six years at Harbour Dental this spring, and Leonie still books me on every Saturday.")
    assert ("me", "works_at", "Harbour Dental") in triples(found)
    assert ("Leonie", "works_at", "Harbour Dental") not in triples(found)


def test_a_brand_written_in_lower_case_with_a_capital_inside_is_a_tool(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "The clinic has eziBook and it never crashed once.")
    assert ("eziBook", EntityType.TECHNOLOGY) in entities(found)
    # Code's names open with an English word: no brand's spelling, left to the classifier.
    assert entity_model.brand_spelling("iPhone") and entity_model.brand_spelling("jQuery")
    assert not entity_model.brand_spelling("useEffect") and not entity_model.brand_spelling("onClick")


def test_a_jots_opening_word_in_lower_case_is_no_part_of_the_name_after_it(model_reader: BuiltinExtractor) -> None:
    names = {name for name, _ in entities(read(model_reader, "rang Ruth: YES"))}
    assert "Ruth" in names and "rang Ruth" not in names


def test_a_short_weekday_written_with_its_capital_is_a_day() -> None:
    written = datetime(2026, 8, 20, 9, 0).astimezone()  # a Thursday
    saturday = stated_date("Nadia's birthday Sat, card in the staff room", written)
    assert saturday is not None and saturday.moment.date() == date(2026, 8, 22)
    monday = stated_date("x-ray results back Mon", written)
    assert monday is not None and monday.moment.date() == date(2026, 8, 24)
    # The verb, the star and a name are no days.
    for text in ("Sat with Omar for an hour", "read The Sun on the train", "Sun Life rang about the policy"):
        assert stated_date(text, written) is None, text


def test_a_pay_rise_to_a_sum_is_my_salary_when_it_is_mine(model_reader: BuiltinExtractor) -> None:
    mine = read(model_reader, "Maren put me in charge of the night ward, with a pay rise to £34,500.")
    assert ("me", "salary", "£34,500") in triples(mine)
    theirs = read(model_reader, "Jonas got a raise to £40,000 and bought everyone cake.")
    assert not [s for s in theirs.statements if s.predicate == "salary" and s.subject == "me"]


def test_a_car_make_named_alone_is_no_tool_i_give_up(model_reader: BuiltinExtractor) -> None:
    found = read(
        model_reader,
        "Dad: how's the new car\nme: great, 480 km on a charge\nDad: and the old Renault?\n"
        "me: sold it to a guy from Ribe for 22,000",
    )
    assert not [s for s in found.statements if s.predicate == "uses" and s.object_name == "Renault"]


def test_my_workplace_is_no_tool_of_mine_in_the_sentence_that_says_i_work_there(
    model_reader: BuiltinExtractor,
) -> None:
    for text, firm in (
        ("First day with Spotify. Green everywhere.", "Spotify"),
        ("Nine years with Shopify and I still love it.", "Shopify"),
    ):
        found = triples(read(model_reader, text))
        assert ("me", "works_at", firm) in found, text
        assert ("me", "uses", firm) not in found, text


def test_the_one_who_leads_me_in_a_note_counting_my_time_at_a_job_is_my_manager(
    model_reader: BuiltinExtractor,
) -> None:
    found = read(model_reader, "Nine years at Holm Joinery this autumn. Arvid still checks every cut I make.")
    assert ("me", "manager", "Arvid") in triples(found)
    # Past the sentence after the spell, the note tells of more than the job.
    later = read(
        model_reader,
        "Six years at Holm Joinery. The new saw is loud. My knee is bad again; Dr. Lund gave me a referral.",
    )
    assert not [s for s in later.statements if s.predicate == "manager"]


def test_a_first_name_the_tagger_reads_as_an_adjective_is_a_name(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Two weeks at Pinecrest. Trish runs intake like a lab: every call has a reason.")
    assert ("Trish", EntityType.PERSON) in entities(found)
    assert ("me", "manager", "Trish") in triples(found)


def test_a_sum_with_the_rands_r_glued_to_it_is_a_sum(model_reader: BuiltinExtractor) -> None:
    assert ("me", "rent", "R8,900") in triples(
        read(model_reader, "the rent is going up to R8,900 from May, says the agent")
    )
    # A road's or a quarter's name is no sum.
    assert not [
        s for s in read(model_reader, "Took the R2 to Paarl, Q1 report on the way").statements if s.object_value
    ]


def test_the_rent_a_housemate_tells_of_in_a_chat_is_ours(model_reader: BuiltinExtractor) -> None:
    shared = read(model_reader, "Thabo: the rent is going to R7,400 from June\nme: ugh")
    assert ("me", "rent", "R7,400") in triples(shared)
    theirs = read(model_reader, "Thabo: my rent went up to R7,400 in June\nme: ugh")
    assert ("me", "rent", "R7,400") not in triples(theirs)


def test_what_people_use_in_place_of_a_tool_is_a_tool_that_replaces_it(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Everybody on the team uses Dexter instead of Jenkins now.")
    assert ("Dexter", EntityType.TECHNOLOGY) in entities(found)
    taken = [s for s in found.statements if s.predicate == "uses" and s.object_name == "Dexter"]
    assert taken and taken[0].replaces == "Jenkins"
    # Two places weighed are no switch of tools.
    assert not [
        s for s in read(model_reader, "Lunch in Soho instead of Camden with Priya.").statements if s.predicate == "uses"
    ]


def test_a_name_weighed_against_a_known_tool_is_of_its_kind(model_reader: BuiltinExtractor) -> None:
    assert ("Cassia", EntityType.TECHNOLOGY) in entities(
        read(model_reader, "She'd pick Postgres over Cassia for a ledger.")
    )
    assert ("Tom", EntityType.PERSON) in entities(read(model_reader, "Handed Tom over Postgres duty for the week."))


def test_a_name_in_apposition_with_a_start_up_is_a_firm(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Coffee with Lumora yesterday, the payments start-up on Long Street.")
    assert ("Lumora", EntityType.ORGANIZATION) in entities(found)


def test_an_unknown_name_the_tagger_reads_as_a_number_is_a_name(model_reader: BuiltinExtractor) -> None:
    assert ("Farai", EntityType.PERSON) in entities(read(model_reader, "Farai carried the boxes up the stairs."))


def test_an_offer_jotted_with_its_pay_and_the_one_told_of_leaving(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "- Kelvo offer!! R48k a month, start 1 June\n- tell Pieter on Monday, two weeks notice")
    assert ("me", "salary", "R48k a month") in triples(found)
    assert any(s.predicate == "manager" and s.object_name == "Pieter" for s in found.statements)


def test_a_day_at_a_firm_told_by_how_it_went_is_a_day_at_my_workplace(model_reader: BuiltinExtractor) -> None:
    assert ("me", "works_at", "Brightloop") in triples(
        read(model_reader, "Hectic Monday at Brightloop. The client wants twelve hires by Friday.")
    )


def test_one_who_has_run_a_group_at_my_workplace_or_is_called_a_boss_is_my_manager(
    model_reader: BuiltinExtractor,
) -> None:
    run = read(
        model_reader,
        "Another late night at Holloway & Reed. Maureen Kyle, who has run the tax group since the nineties, "
        "sent my memo back covered in ink.",
    )
    assert ("me", "manager", "Maureen Kyle") in triples(run)
    for text in (
        "Three winters cycling for Pedal Post. Duarte is a fair boss, but the app pays per drop.",
        "Three winters cycling for Pedal Post. Duarte is fair as bosses go.",
    ):
        assert ("me", "manager", "Duarte") in triples(read(model_reader, text)), text
    hoping = read(model_reader, "Three winters cycling for Pedal Post. Duarte wants to be a manager one day.")
    assert not [s for s in hoping.statements if s.predicate == "manager"]


def test_a_day_written_with_a_slash_and_no_year_is_a_day_in_the_order_the_note_writes(embedder: Embedder) -> None:
    written = datetime(2026, 1, 28, 13, 0).astimezone()
    due = stated_date("me: write the heating report by 29/5", written)
    assert due is not None and due.moment.date() == date(2026, 5, 29)
    # A note that writes "25/2" puts the day first, whatever the machine's order: its "9/2" is the
    # 9th of February.
    month_first = BuiltinExtractor("mdy", embedder=embedder)
    found = month_first.extract(
        NoteForExtraction("- new laptops arrive 9/2, me + Sven\n- next meeting 25/2", (), written.timestamp())
    )
    days = {datetime.fromtimestamp(s.valid_at).date() for s in found.statements if s.valid_at}
    assert date(2026, 2, 9) in days and date(2026, 2, 25) in days
    # A share, a score and a rate are no days.
    for text in ("add 1/2 cup of sugar", "rated it 8/10", "won 3/4 games", "the shop is open 24/7"):
        assert stated_date(text, written, date_order="dmy") is None, text


def test_a_sambo_is_a_partner(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Karin says I worry too much, but as my sambo she has to say that.")
    assert ("me", "partner", "Karin") in triples(found)


def test_a_firm_making_an_offer_and_the_one_told_on_a_weekday(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "- Ostra offer: 41 000 kr/month, start in May\n- tell Britta Thursday")
    assert ("Ostra", EntityType.ORGANIZATION) in entities(found)
    assert any(s.predicate == "manager" and s.object_name == "Britta" for s in found.statements)


def test_a_place_said_alone_after_moving_in_is_my_new_home(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "moved in!!! Chorley. boxes everywhere, no kettle")
    assert ("me", "lives_in", "Chorley") in triples(found)
    # Someone else moving in with another says nothing of the writer's home.
    other = read(model_reader, "Mum moved in with Dave. Chorley. Weird.")
    assert not [s for s in other.statements if s.predicate == "lives_in" and s.subject == "me"]


def test_one_i_have_not_told_of_a_job_i_want_is_my_manager_still(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Orbis has an opening for a senior tester. I think I want it. Haven't told Marguerite.")
    bosses = [s for s in found.statements if s.predicate == "manager" and s.object_name == "Marguerite"]
    assert bosses and not any(s.negated for s in bosses)
    # Without a job sought, a secret kept is no tie.
    kept = read(model_reader, "Lunch with Tom. Haven't told Marguerite about the party.")
    assert not [s for s in kept.statements if s.predicate == "manager"]


def test_a_first_name_read_as_a_noun_is_a_name_when_the_sentence_says_her_or_his(
    model_reader: BuiltinExtractor,
) -> None:
    found = read(model_reader, "New flat is quiet. Saga has her own desk now and keeps it tidy.")
    assert ("Saga", EntityType.PERSON) in entities(found)


def test_a_sum_in_any_currency_unicode_knows_with_its_country_letters(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "- Lydia called, they want me!! GH₵ 8,000 a month, resume 2 May")
    assert ("me", "salary", "GH₵ 8,000 a month") in triples(found)
    # "wants me to" hands work over, it offers no job.
    asked = read(model_reader, "- Lydia wants me to run the audit, GH₵ 8,000 a month budget")
    assert not [s for s in asked.statements if s.predicate == "salary"]
    kept = read(model_reader, "Keys to the flat on Abay Avenue today, ₸ 180,000 a month.")
    assert ("me", "rent", "₸ 180,000 a month") in triples(kept)


def test_the_landlord_i_ask_after_in_a_chat_and_the_rent_of_the_home_shown(model_reader: BuiltinExtractor) -> None:
    found = read(
        model_reader,
        "Esi: the agent showed me the flat on Ring Road, 2 rooms, GH₵ 3,000 a month\n"
        "me: nice. who is the landlord?\nEsi: a Mrs. Quaye, she lives abroad",
    )
    assert ("me", "landlord", "Mrs. Quaye") in triples(found)
    assert ("me", "rent", "GH₵ 3,000 a month") in triples(found)
    # Without a landlord of the writer's, a home shown is only a listing.
    listing = read(model_reader, "Esi: the agent showed me the flat on Ring Road, 2 rooms, GH₵ 3,000 a month")
    assert not [s for s in listing.statements if s.predicate == "rent"]


def test_a_shared_minibus_from_home_and_a_place_named_with_its_number(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "The tro-tro from Kasoa to Kaneshie took three hours today. Never again.")
    assert ("me", "lives_in", "Kasoa") in triples(found)
    assert {("Kasoa", EntityType.PLACE), ("Kaneshie", EntityType.PLACE)} <= entities(found)
    moved = read(model_reader, "We moved to Sector 17 today, the boxes can wait.")
    assert ("me", "lives_in", "Sector 17") in triples(moved)


def test_a_landlord_named_by_a_title_of_kin_is_a_person(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "- pay Uncle Kwabena the rent by Friday")
    assert ("Uncle Kwabena", EntityType.PERSON) in entities(found)
    assert ("me", "landlord", "Uncle Kwabena") in triples(found)


def test_the_firm_of_a_job_interview_beside_its_town_is_a_firm(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Interview at Zantro in Kumasi today. Two hours, three people, one hard question.")
    assert ("Zantro", EntityType.ORGANIZATION) in entities(found)


def test_resuming_at_a_firm_is_a_first_day_there(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Resumed at Farmwise today, everyone was kind and the canteen is free.")
    assert ("me", "works_at", "Farmwise") in triples(found)


def test_the_one_i_will_inform_of_an_offer_is_my_manager(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "- Kelvo offer!! R48k a month, start 1 June\n- inform Mrs. Ampofo on Friday")
    assert any(s.predicate == "manager" and s.object_name == "Mrs. Ampofo" for s in found.statements)


def test_a_switch_of_what_belongs_to_others_names_the_tool_taken_up(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "We moved the drivers' schedules from Excel to Rotacloud last week, much calmer.")
    assert ("me", "uses", "Rotacloud") in triples(found)


def test_a_period_something_covers_is_not_its_date(model_reader: BuiltinExtractor) -> None:
    written = datetime(2026, 10, 5, 11, 30).astimezone()
    due = stated_date("car insurance for next year due 3rd Dec", written, date_order="dmy")
    assert due is not None and due.moment.date() == date(2026, 12, 3)
    alone = stated_date("booked the hall for next month", written, date_order="dmy")
    assert alone is not None and alone.moment.date() == date(2026, 11, 1)


def test_a_new_doctor_replaces_the_other_doctor_the_note_names(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "- Dr. Mensah is too far now. new dentist: Dr. Ofori, Mon 6 April 9am")
    new = [s for s in found.statements if s.predicate == "dentist" and s.object_name == "Dr. Ofori"]
    assert new and new[0].replaces == "Dr. Mensah"
    # A doctor the note ties to something else is not the one replaced.
    other = read(model_reader, "- new dentist: Dr. Ofori, Mon 6 April 9am. Dr. Mensah is my sister's GP.")
    assert not [s for s in other.statements if s.replaces]


def test_someone_listed_with_a_firm_in_brackets_works_there(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Present: Ana Brito, Luke Oduya (Trackwell), Tom (HR), me")
    assert ("Luke Oduya", "works_at", "Trackwell") in triples(found)
    assert ("Trackwell", EntityType.ORGANIZATION) in entities(found)
    assert not [s for s in found.statements if s.predicate == "works_at" and s.subject == "Tom"]


def test_one_who_works_there_works_at_the_firm_named_before(model_reader: BuiltinExtractor) -> None:
    found = read(
        model_reader,
        "Yaw: Kelvo is hiring drivers for the new depot\nme: the bus company?\n"
        "Yaw: yes. my sister Abena Owusu is the fleet manager there, I can pass your CV",
    )
    assert ("Abena Owusu", "works_at", "Kelvo") in triples(found)
    # "There" after a town names no firm.
    town = read(model_reader, "Went up to Leeds for the weekend. Sarah is the best climber there.")
    assert not [s for s in town.statements if s.predicate == "works_at"]


def test_a_name_that_only_says_which_training_it_is_is_no_home(model_reader: BuiltinExtractor) -> None:
    found = read(
        model_reader,
        "First day at Brightmoor. Spent three hours in Cerner training and still could not find anything. "
        "Moved into the Hove flat last night.",
    )
    homes = {s.object_name for s in found.statements if s.predicate == "lives_in" and not s.negated}
    assert homes == {"Hove"}


def test_who_owns_the_home_asked_in_a_chat_is_the_landlord(model_reader: BuiltinExtractor) -> None:
    found = read(
        model_reader,
        "Sara: found a flat in Jubeiha, 3 rooms, JD 420 a month\nme: who owns it?\nSara: Abu Khalil, he lives upstairs",
    )
    assert ("me", "landlord", "Abu Khalil") in triples(found)
    assert ("me", "rent", "JD 420 a month") in triples(found)
    scooter = read(model_reader, "Sara: look at that red Vespa outside\nme: who owns it?\nSara: Abu Khalil")
    assert not [s for s in scooter.statements if s.predicate == "landlord"]


def test_the_rent_given_to_someone_and_told_by_them_is_mine(model_reader: BuiltinExtractor) -> None:
    given = read(model_reader, "- give Abu Khalil the rent by the 5th")
    assert ("me", "landlord", "Abu Khalil") in triples(given)
    told = read(model_reader, "- rent goes to KD 400 from March, Abu Khalil says the water bill went up")
    assert ("me", "rent", "KD 400") in triples(told)
    assert not [s for s in told.statements if s.predicate == "rent" and s.subject != "me"]


def test_a_fiance_written_with_its_accent(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Mama!! Omar is my fiancé, you met him twice")
    assert ("me", "fiance", "Omar") in triples(found)


def test_a_doctor_said_to_be_left_is_replaced_by_the_one_booked(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "- doctor: Dr. Haddad in Shmeisani has retired, booked Dr. Rami Aziz for Tue 3 March")
    new = [s for s in found.statements if s.predicate == "doctor" and s.object_name == "Dr. Rami Aziz"]
    assert new and new[0].replaces == "Dr. Haddad"


def test_sums_in_millions_as_vietnamese_english_writes_them(model_reader: BuiltinExtractor) -> None:
    hired = read(model_reader, "- Hai Au Hotel said yes!! 13.5 triệu a month, start 4 May")
    assert ("me", "salary", "13.5 triệu a month") in triples(hired)
    raised = read(model_reader, "- rent goes to 7 triệu from December, water bill up again")
    assert ("me", "rent", "7 triệu") in triples(raised)


def test_an_honorific_written_in_lower_case_before_a_name(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "- pay cô Mai the rent 4 triệu by the 10th")
    assert any(s.predicate == "landlord" and "Mai" in (s.object_name or "") for s in found.statements)
    assert ("me", "rent", "4 triệu") in triples(found)
    assert compatible("anh Khoa", "Khoa") and compatible("cô Hạnh", "Hạnh")


def test_who_is_the_owner_of_a_room_asked_in_a_chat_and_its_sum(model_reader: BuiltinExtractor) -> None:
    found = read(
        model_reader,
        "Vy: my uncle has a room in Thanh Khê, 3.5 triệu, near the market\nme: who is the owner?\n"
        "Vy: chú Tư, very quiet man",
    )
    assert any(s.predicate == "landlord" and "Tư" in (s.object_name or "") for s in found.statements)
    assert ("me", "rent", "3.5 triệu") in triples(found)


def test_the_next_one_on_the_weekday_a_note_is_written_is_a_week_on(model_reader: BuiltinExtractor) -> None:
    monday = datetime(2026, 1, 26, 9, 0).astimezone()
    told = stated_date("next briefing Monday", monday, date_order="dmy")
    assert told is not None and told.moment.date() == date(2026, 2, 2)
    today = stated_date("gym Monday", monday, date_order="dmy")
    assert today is not None and today.moment.date() == date(2026, 1, 26)


def test_one_who_is_a_team_there_without_an_article_works_at_the_firm_before(model_reader: BuiltinExtractor) -> None:
    found = read(
        model_reader,
        "Linh: the Hai Au Hotel is hiring night auditors\nme: the one by the river?\n"
        "Linh: yes, my friend Trang is HR there, she can pass your CV",
    )
    assert ("Trang", "works_at", "Hai Au Hotel") in triples(found)


def test_what_they_use_at_a_place_the_writer_has_yet_to_join_is_not_the_writers(
    model_reader: BuiltinExtractor,
) -> None:
    told = read(model_reader, "They use Python and a lot of Fortran, so my MATLAB scripts will have to go.")
    held = {(s.object_name, s.negated) for s in told.statements if s.predicate == "uses" and s.subject == USER_NAME}
    assert ("Python", False) not in held and ("Fortran", False) not in held
    # Told to go, the writer's own tool is given up; the other tool the note names is theirs, not
    # taken up in its place; the writer's workplace's tools are the writer's.
    assert ("MATLAB", True) in held
    alone = read(model_reader, "They use Python at the Met Office, so my MATLAB scripts will have to go.")
    assert ("me", "uses", "Python") not in triples(alone)
    # Someone named on a line before is no subject of the next line's clause.
    jotted = read(
        model_reader,
        "- Dr. Patel retired, the clinic sent a letter\n- deleted Goodreads, everything is in StoryGraph now",
    )
    assert ("me", "uses", "StoryGraph") in triples(jotted)
    ours = read(
        model_reader,
        "First day at Ørsted. Everyone here logs their runs on Garmin Connect and there's a leaderboard, so "
        "I've moved over from Strava.",
    )
    assert ("me", "uses", "Garmin Connect") in triples(ours)


def test_a_spell_of_what_the_writer_does_at_a_workplace_is_spent_at_the_workplace(
    model_reader: BuiltinExtractor,
) -> None:
    found = read(model_reader, "Third year of the PhD at the University of Edinburgh and the cloud chapter is a mess.")
    jobs = {o for s, p, o in triples(found) if s == USER_NAME and p == "works_at"}
    assert jobs == {"University of Edinburgh"}


def test_a_people_or_its_language_is_no_entity_but_a_town_spacy_calls_one_stays(model_reader: BuiltinExtractor) -> None:
    found = entities(read(model_reader, "I have to give a speech in Italian at Daan's wedding, in Bologna."))
    assert not any(name == "Italian" for name, _ in found)
    assert ("Bologna", EntityType.PLACE) in found
    # spaCy calls the town "Swords" a people; its name is no people's word.
    assert any(name == "Swords" for name, _ in entities(read(model_reader, "We get the keys in Swords on the 18th.")))


def test_an_animal_named_as_one_is_of_the_family(model_reader: BuiltinExtractor) -> None:
    assert ("Duchess", EntityType.PERSON) in entities(read(model_reader, "Operated on a mare called Duchess today."))
    assert ("Waffle", EntityType.PERSON) in entities(read(model_reader, "Waffle, our dog, ate a whole sock."))


def test_a_firms_branch_named_by_its_town_is_the_firms_and_the_town_a_place(model_reader: BuiltinExtractor) -> None:
    text = "We moved to Kisumu last week. Wanjiku starts at the Kisumu branch of Equity Bank in May."
    found = read(model_reader, text)
    assert ("Wanjiku", "works_at", "Equity Bank") in triples(found)
    assert not [t for t in triples(found) if t[1] == "works_at" and t[2] == "Kisumu"]
    assert ("Kisumu", EntityType.PLACE) in entities(found)
    office = read(model_reader, "Priyanka works at the Pune office of Thoughtworks.")
    assert ("Priyanka", "works_at", "Thoughtworks") in triples(office)


def test_a_car_given_to_a_chats_speaker_is_theirs(model_reader: BuiltinExtractor) -> None:
    chat = "Kwabena: work gave me a Skoda Octavia, no more tro-tro\nme: finally! road trip to Cape Coast"
    found = read(model_reader, chat)
    assert ("Kwabena", "car", "Skoda Octavia") in triples(found)
    # An account handed over is no car, though the note speaks of one.
    handed = read(model_reader, "Tolu gave me the Jumia account to run. The Accord needs a mechanic again.")
    assert not [t for t in triples(handed) if t[1] == "car" and t[2] == "Jumia"]


def test_a_couples_wedding_or_anniversary_names_the_writers_partner_or_spouse(reader: BuiltinExtractor) -> None:
    planned = read(reader, "Kojo and I finally set our wedding for 3 October in Kumasi.")
    assert ("me", "partner", "Kojo") in triples(planned)
    married = read(reader, "Lotte and I went out for our anniversary, twelve years married. She chose the wine.")
    assert ("me", "wife", "Lotte") in triples(married)
    unsure = read(reader, "Sam and I had lunch for our anniversary.")
    assert ("me", "spouse", "Sam") in triples(unsure)
    # Someone else's wedding ties the two who go to it to nobody.
    guests = read(reader, "Tom and I went to the wedding of Sara in Leeds.")
    assert not [t for t in triples(guests) if t[1] in ("partner", "spouse")]


def test_the_name_a_chat_calls_the_writer_by_is_no_one_else(model_reader: BuiltinExtractor) -> None:
    offer = read(model_reader, "Marisol: Hi Tomas, this is Marisol from Casa Verde. The job is yours!\nme: thank you!!")
    assert "Tomas" not in {name for name, _ in entities(offer)}
    # One who speaks in the chat under the name is someone else; so is a tool a turn opens on.
    group = read(model_reader, "Ana: Tom, can you bring the cake?\nTom: sure\nme: I will bring drinks")
    assert ("Tom", EntityType.PERSON) in entities(group)
    tool = read(model_reader, "Zinhle: Bitwarden. trust me\nme: fine, I'll try it")
    assert "Bitwarden" in {name for name, _ in entities(tool)}


def test_a_car_sold_or_failing_to_start_was_the_writers(reader: BuiltinExtractor) -> None:
    sold = read(reader, "Sold the Prius to my cousin for 18 million. Bought a Hyundai Tucson from the dealer.")
    assert ("me", "car", "Hyundai Tucson") in triples(sold)
    assert [s.object_name for s in sold.statements if s.predicate == "car" and s.negated] == ["Prius"]
    cold = read(reader, "Minus 30 this morning and the Prius would not start, so we pushed it down the hill.")
    assert ("me", "car", "Prius") in triples(cold)


def test_a_sum_after_an_offer_told_in_a_chat_is_the_pay(reader: BuiltinExtractor) -> None:
    chat = read(reader, "Sven: well?\nme: they offered!! 41,000 a year, starting 6 April\nSven: champagne")
    assert [s.object_value for s in chat.statements if s.predicate == "salary"] == ["41,000 a year"]
    unsure = read(reader, "- start date if offered: 1 June\n- ask about the pension")
    assert not [s for s in unsure.statements if s.predicate == "salary"]


def test_a_name_no_list_knows_that_speaks_is_a_person(model_reader: BuiltinExtractor) -> None:
    assert ("Yohannes", EntityType.PERSON) in entities(
        read(model_reader, "Yohannes says the rain will stop by Friday.")
    )
    assert ("Dawit", EntityType.PERSON) in entities(read(model_reader, "Dawit laughed at the goat."))
    # A firm wants, offers and calls too: wanting makes no firm a person.
    firm = read(model_reader, "Analytics debrief\n- HealthPartners wants to compare sepsis numbers")
    assert ("HealthPartners", EntityType.PERSON) not in entities(firm)


def test_the_car_someone_drives_the_writer_in_is_theirs(reader: BuiltinExtractor) -> None:
    found = read(reader, "Ama picked me up in her old Corolla, the clutch still slips.")
    assert ("Ama", "car", "Corolla") in triples(found)
    assert not [t for t in triples(found) if t[0] == "me" and t[1] == "car"]


def test_a_proposal_names_the_writers_partner(reader: BuiltinExtractor) -> None:
    found = read(reader, "Luka asked me to marry him on the roof of our building. I said yes.")
    assert ("me", "partner", "Luka") in triples(found)
    # Asked to marry someone else, as their officiant, is no proposal to the writer.
    officiant = read(reader, "Tom asked me to marry Anna and him at the registry office.")
    assert not [t for t in triples(officiant) if t[1] == "partner"]


def test_a_name_answering_the_writers_question_in_a_chat_calls_no_one(model_reader: BuiltinExtractor) -> None:
    chat = read(model_reader, "Irakli: Nino!! Zurab left\nme: no way. who runs pastry now?\nIrakli: Salome. says hi")
    assert ("Salome", EntityType.PERSON) in entities(chat)
    assert "Nino" not in {name for name, _ in entities(chat)}


def test_the_local_bus_home_says_where_the_writer_lives(reader: BuiltinExtractor) -> None:
    for text in ("Took the marshrutka home to Gldani at midnight.", "the jeepney home to Cubao took an hour"):
        assert any(t[1] == "lives_in" for t in triples(read(reader, text))), text


def test_a_holiday_named_with_its_possessive_is_no_one(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Valentine's dessert: pomegranate tart, decided")
    assert "Valentine" not in {name for name, _ in entities(found)}


def test_a_hotel_or_a_bakehouse_named_so_is_a_firm(model_reader: BuiltinExtractor) -> None:
    hotel = read(model_reader, "breakfast buffet at Hotel Iveria Grand is full all week")
    assert ("Hotel Iveria Grand", EntityType.ORGANIZATION) in entities(hotel)
    bakery = read(model_reader, "Production weekly, Puri Bakehouse")
    assert ("Puri Bakehouse", EntityType.ORGANIZATION) in entities(bakery)


def test_what_figures_are_kept_in_or_a_login_names_software(model_reader: BuiltinExtractor) -> None:
    costed = read(model_reader, "All recipes are costed in Apicbase now.")
    assert ("Apicbase", EntityType.TECHNOLOGY) in entities(costed)
    login = read(model_reader, "Apicbase login for Tako expires, ask Mariam")
    assert ("Apicbase", EntityType.TECHNOLOGY) in entities(login)


def test_where_a_way_leads_is_a_place(model_reader: BuiltinExtractor) -> None:
    hike = read(model_reader, "Luka fell twice on the way up to Gergeti")
    assert ("Gergeti", EntityType.PLACE) in entities(hike)
    shop = read(model_reader, "the bus to IKEA was late")
    assert ("IKEA", EntityType.PLACE) not in entities(shop)


def test_a_street_word_in_lower_case_after_a_name_is_part_of_the_streets_name(model_reader: BuiltinExtractor) -> None:
    flat = read(model_reader, "found one! 2 rooms on Abashidze street in Vake, 1,100 lari")
    assert ("Abashidze street", EntityType.PLACE) in entities(flat)
    road = read(model_reader, "Two hours on the Sharjah to Dubai road again this morning")
    assert "Dubai road" not in {name for name, _ in entities(road)}


def test_a_name_before_a_homes_noun_is_a_place(model_reader: BuiltinExtractor) -> None:
    chat = read(model_reader, "Luka: 2 rooms in Vake, 1,100 lari\nme: and the Gldani flat is 700... but 10 min walk")
    assert ("Gldani", EntityType.PLACE) in entities(chat)


def test_a_first_name_the_word_lists_hold_as_a_tool_is_someone_when_called_or_acting_on_me(
    model_reader: BuiltinExtractor,
) -> None:
    boss = read(model_reader, "First day at Crescent Sourcing. Ruby apa, my new boss, gave me the denim program.")
    assert ("Ruby", EntityType.PERSON) in entities(boss)
    assert ("me", "manager", "Ruby") in triples(boss)
    charge = read(model_reader, "Ruby put me in charge of the knit program too.")
    assert ("Ruby", EntityType.PERSON) in entities(charge)
    code = read(model_reader, "We rewrote the API in Ruby last year.")
    assert ("Ruby", EntityType.PERSON) not in entities(code)


def test_a_festival_is_no_one(model_reader: BuiltinExtractor) -> None:
    for text in ("Eid shopping with Ammu on Friday, New Market", "Naadam in Khui Doloon Khudag with the family."):
        names = {name for name, _ in entities(read(model_reader, text))}
        assert not names & {"Eid", "Naadam"}, text


def test_a_name_ending_in_its_trade_is_a_firms(model_reader: BuiltinExtractor) -> None:
    for text, firm in (
        ("Production meeting, Ananta Apparels", "Ananta Apparels"),
        ("decided: we nominate Envoy Textiles for the next season", "Envoy Textiles"),
    ):
        assert (firm, EntityType.ORGANIZATION) in entities(read(model_reader, text)), text


def test_a_sum_an_employer_offers_in_a_chat_is_the_writers_pay(reader: BuiltinExtractor) -> None:
    chat = read(reader, "Ruby: congratulations! We can offer 72,000 taka a month, joining 5 April\nme: I accept")
    assert [(s.subject, s.object_value) for s in chat.statements if s.predicate == "salary"] == [
        ("me", "72,000 taka a month")
    ]
    # The writer's own "we can offer" is their firm's offer to someone else.
    hiring = read(reader, "We can offer 45,000 a year to the new hire.")
    assert not [s for s in hiring.statements if s.predicate == "salary"]


def test_a_name_jotted_down_since_a_time_is_software(model_reader: BuiltinExtractor) -> None:
    jot = read(model_reader, "- WFX down since morning, nobody in IT picks up")
    assert ("WFX", EntityType.TECHNOLOGY) in entities(jot)
    flu = read(model_reader, "Tom down since Monday with flu")
    assert ("Tom", EntityType.PERSON) in entities(flu)


def test_a_tools_word_inside_a_persons_name_is_no_tool(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Attendees: Ruby Akter, Sohel (QA), Priyanka from Uniqlo, me")
    assert ("Ruby Akter", EntityType.PERSON) in entities(found)
    assert "Ruby" not in {name for name, _ in entities(found)}


def test_a_lab_or_a_winery_named_so_is_a_firm_and_kin_may_title_a_name(model_reader: BuiltinExtractor) -> None:
    for text, firm in (
        ("QA meeting, Laboratorio Andino", "Laboratorio Andino"),
        ("Harvest review, Viña Los Maitenes", "Viña Los Maitenes"),
    ):
        assert (firm, EntityType.ORGANIZATION) in entities(read(model_reader, text)), text
    assert ("Tío Jorge", EntityType.PERSON) in entities(read(model_reader, "- sell the car, ask Tío Jorge"))


def test_a_pet_named_by_its_owners_is_one_of_the_family(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "We adopted a dog from the fire station, a brown mutt we called Tannat.")
    assert ("Tannat", EntityType.PERSON) in entities(found)


def test_what_work_runs_on_is_software(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "Francisca showed me the lab, and everything runs on Vintrace now.")
    assert ("Vintrace", EntityType.TECHNOLOGY) in entities(found)
    bus = read(model_reader, "the 54 bus runs on Sundays too")
    assert not [name for name, kind in entities(bus) if kind == EntityType.TECHNOLOGY]


def test_a_verbs_base_the_tagger_takes_for_its_participle_speaks_of_what_is_ahead(reader: BuiltinExtractor) -> None:
    chat = read(reader, "me: a legend\nMatías: come to Santiago for my birthday on the 20th?")
    assert [s.object_value for s in chat.statements if s.predicate == "birthday"] == ["20 March"]
    back = read(reader, "Came back from Leeds on the 3rd")
    assert [datetime.fromtimestamp(s.valid_at).day for s in back.statements if s.valid_at] == [3]


def test_a_turkish_honorific_after_a_name_is_no_part_of_it(model_reader: BuiltinExtractor) -> None:
    for text, name in (
        ("- Mehmet Bey wants the stock count by Friday", "Mehmet"),
        ("Attendees: Ayla Hanım, Kemal Amca (treasurer), me", "Kemal"),
    ):
        found = entities(read(model_reader, text))
        assert (name, EntityType.PERSON) in found, text
        assert not {n for n, _ in found if n.startswith(f"{name} ")}, text


def test_a_cooperative_a_haulier_or_a_telecom_is_a_firm(model_reader: BuiltinExtractor) -> None:
    for text, firm in (
        ("Our olives go to Edremit Kooperatifi this year", "Edremit Kooperatifi"),
        ("me: get a second quote from Anadolu Nakliyat", "Anadolu Nakliyat"),
        ("cancel the landline, Vodafone Telekom needs a month", "Vodafone Telekom"),
    ):
        assert (firm, EntityType.ORGANIZATION) in entities(read(model_reader, text)), text


def test_a_season_before_a_noun_is_no_tool(model_reader: BuiltinExtractor) -> None:
    jot = read(model_reader, "Sales meeting\n- spring catalogue goes to print 16 February")
    assert not [e for e in jot.entities if e.name.lower() == "spring"]
    assert not [s for s in jot.statements if s.predicate == "uses"]


def test_a_jotted_pay_after_a_label_is_mine(reader: BuiltinExtractor) -> None:
    jot = read(reader, "- payday: first salary 41.500 TL")
    assert [(s.subject, s.object_value) for s in jot.statements if s.predicate == "salary"] == [("me", "41.500 TL")]


def test_what_is_kept_in_software_with_its_object_between_names_it(model_reader: BuiltinExtractor) -> None:
    kept = read(model_reader, "Selin: we track every grower's harvest in Farmbrite")
    assert ("Farmbrite", EntityType.TECHNOLOGY) in entities(kept)
    trip = read(model_reader, "I plan a trip in Lisbon next month")
    assert ("Lisbon", EntityType.PLACE) in entities(trip)


def test_my_own_name_called_before_a_greeting_is_no_one_else(model_reader: BuiltinExtractor) -> None:
    chat = read(model_reader, "Selin: Ayşe hi! Murat gave me your number\nme: hello! what is the job?")
    assert "Ayşe" not in {name for name, _ in entities(chat)}
    assert ("Murat", EntityType.PERSON) in entities(chat)


def test_a_tie_asked_after_alone_is_named_by_my_answer(model_reader: BuiltinExtractor) -> None:
    chat = read(
        model_reader, "Murat: still happy there?\nme: very\nMurat: and the boss?\nme: Gülay is great, very fair"
    )
    assert ("me", "manager", "Gülay") in triples(chat)
    mine = read(
        model_reader, "Ada: the flat on Mill Road is £900\nme: and the landlord?\nAda: an old man called Mr. Brennan"
    )
    assert ("me", "landlord", "Mr. Brennan") in triples(mine)


def test_a_kin_word_written_as_a_name_is_a_person_also_at_their_home(model_reader: BuiltinExtractor) -> None:
    found = entities(read(model_reader, "Sunday lunch at Grandma's in Leeds, the whole family came."))
    assert ("Grandma", EntityType.PERSON) in found
    assert ("Luigi", EntityType.PLACE) in entities(read(model_reader, "dinner at Luigi's."))


def test_a_bayram_is_no_one(model_reader: BuiltinExtractor) -> None:
    names = {name for name, _ in entities(read(model_reader, "Kurban Bayramı at home with the kids."))}
    assert not {n for n in names if "Bayram" in n}


def test_the_one_who_asks_after_a_tie_called_in_my_answer_holds_no_tie(model_reader: BuiltinExtractor) -> None:
    chat = read(
        model_reader, "Mum: when are you coming to Kumasi?\nme: August\nMum: how is the new boss?\nme: Mum!! fine"
    )
    assert not [t for t in triples(chat) if t[2] == "Mum"]


def test_a_sum_in_dirhams_or_lira_as_written_there_is_a_sum(reader: BuiltinExtractor) -> None:
    jot = read(reader, "- rent 4.500 dh, due on the 5th")
    assert [(s.subject, s.object_value) for s in jot.statements if s.predicate == "rent"] == [("me", "4.500 dh")]


def test_a_moroccan_courtesy_title_makes_a_name_a_persons(model_reader: BuiltinExtractor) -> None:
    found = entities(read(model_reader, "- tell Hajj Driss we leave the flat end of March"))
    assert {kind for name, kind in found if "Driss" in name} == {EntityType.PERSON}


def test_an_acronym_down_again_is_software(model_reader: BuiltinExtractor) -> None:
    jot = read(model_reader, "- 3 containers blocked at the port\n- BADR down again all morning\n- call the broker")
    assert ("BADR", EntityType.TECHNOLOGY) in entities(jot)


def test_the_owner_asked_after_a_flat_i_found_is_my_landlord(model_reader: BuiltinExtractor) -> None:
    chat = read(
        model_reader,
        "Kenza: so you found something?\nme: yes! flat in Malabata, 2 rooms, 3.800 dh\nKenza: and the owner?\n"
        "me: Mme Bennani, a retired teacher",
    )
    assert ("me", "landlord", "Mme Bennani") in triples(chat)


def test_the_rent_paid_to_someone_is_mine(reader: BuiltinExtractor) -> None:
    jot = read(reader, "- rent to Herr Brandt, 890 €, by Friday")
    assert [(s.subject, s.object_value) for s in jot.statements if s.predicate == "rent"] == [("me", "890 €")]


def test_a_festival_named_in_full_is_no_one(model_reader: BuiltinExtractor) -> None:
    names = {name for name, _ in entities(read(model_reader, "Eid al-Adha week back in Casablanca with Mama."))}
    assert not {n for n in names if n.startswith("Eid")}


def test_a_malay_courtesy_title_makes_a_name_a_persons(model_reader: BuiltinExtractor) -> None:
    for text in (
        "- outage Bangsar, escalate to NOC\n- Encik Razak wants the report",
        "- notice to Encik Razak, 1 month",
    ):
        found = entities(read(model_reader, text))
        assert {kind for name, kind in found if "Razak" in name} == {EntityType.PERSON}, text


def test_a_sum_in_ringgit_keeps_its_currency(reader: BuiltinExtractor) -> None:
    jot = read(reader, "- first salary RM 9,500 in!!\n- pay Mr. Lim the rent, RM 1,800, before the 5th")
    sums = {(s.predicate, s.object_value) for s in jot.statements if s.predicate in ("salary", "rent")}
    assert sums == {("salary", "RM 9,500"), ("rent", "RM 1,800")}


def test_what_everything_runs_on_is_software(model_reader: BuiltinExtractor) -> None:
    chat = read(model_reader, "Priya: will do. we run everything on Zabbix btw\nme: ok")
    assert ("Zabbix", EntityType.TECHNOLOGY) in entities(chat)


def test_a_malaysian_car_model_is_a_car(model_reader: BuiltinExtractor) -> None:
    jot = read(model_reader, "- accepted the offer!! start 1 April\n- sell the Myvi? Aisyah wants something bigger")
    assert not [s for s in jot.statements if s.predicate == "uses"]


def test_a_kin_word_opening_a_sentence_is_the_one_named_just_before(model_reader: BuiltinExtractor) -> None:
    night = read(
        model_reader,
        "Another night shift. Aisyah was asleep when I got home. My wife deserves a medal for marrying an engineer.",
    )
    assert ("me", "wife", "Aisyah") in triples(night)
    # Someone already tied to the writer is not the kin spoken of next.
    boss = read(model_reader, "Priya, my manager, called at 2am. My wife was not amused.")
    assert ("me", "wife", "Priya") not in triples(boss)
    # Named in the sentence before as a word, not inside another ("Tomorrow" holds no Tom).
    trip = read(model_reader, "Tom fixed the shelf. Tomorrow I fly to Oslo. My brother is in Paris.")
    assert ("me", "brother", "Tom") not in triples(trip)


def test_a_past_clause_keeps_its_day_behind_when_a_present_one_follows(reader: BuiltinExtractor) -> None:
    written = datetime(2026, 4, 1, 19, 30).astimezone()  # a Wednesday
    found = reader.extract(
        NoteForExtraction(
            "We moved into the flat on Sunday and there are still boxes everywhere.", (), written.timestamp()
        )
    )
    days = {datetime.fromtimestamp(s.valid_at).date() for s in found.statements if s.valid_at}
    assert days == {date(2026, 3, 29)}


def test_a_name_in_capitals_that_freezes_or_has_a_password_is_software(model_reader: BuiltinExtractor) -> None:
    for text in (
        "- AMOS froze again on the bridge PC, ticket to IT",
        "Handed the AMOS password and the chart corrections to the new second officer.",
    ):
        assert ("AMOS", EntityType.TECHNOLOGY) in entities(read(model_reader, text)), text


def test_what_work_runs_on_or_lives_in_is_software_but_a_street_is_none(model_reader: BuiltinExtractor) -> None:
    for text in (
        "Anna: perfect. we run the fleet on Veson, any experience?\nme: only spreadsheets",
        "Everything from voyage estimates to bunker orders lives in Veson, so Petros taught me the screens.",
    ):
        assert ("Veson", EntityType.TECHNOLOGY) in entities(read(model_reader, text)), text
    for text, street in (
        ("He runs the bakery on Main Street", "Main Street"),
        ("who runs the office on Calle Plateros", "Calle Plateros"),
    ):
        assert (street, EntityType.TECHNOLOGY) not in entities(read(model_reader, text)), text


def test_a_shipping_line_and_a_firms_hr_are_firms(model_reader: BuiltinExtractor) -> None:
    assert ("Aegean Star Lines", EntityType.ORGANIZATION) in entities(
        read(model_reader, "Back home in Piraeus after eight days on board with Aegean Star Lines.")
    )
    assert ("Kallisto Shipping", EntityType.ORGANIZATION) in entities(
        read(model_reader, "Anna: Anna Papadaki from Kallisto Shipping, head of fleet operations.")
    )
    assert entities(read(model_reader, "- resignation letter to Aegean Star HR, one month notice")) == {
        ("Aegean Star", EntityType.ORGANIZATION)
    }


def test_a_greek_courtesy_title_and_kin_word_make_a_person(reader: BuiltinExtractor) -> None:
    rent = read(reader, "- rent to kyria Sofia, 850 €, by the 5th")
    ties = {
        (s.predicate, s.object_name or s.object_value) for s in rent.statements if s.predicate in ("landlord", "rent")
    }
    assert ties == {("landlord", "kyria Sofia"), ("rent", "850 €")}
    birthday = read(reader, "- yiayia Katina's birthday 20 May, book the ferry to Chios")
    assert {(s.subject, s.object_value) for s in birthday.statements if s.predicate == "birthday"} == {
        ("yiayia Katina", "20 May")
    }


def test_my_pay_told_before_who_pays_it_or_after_the_firm_is_my_salary(reader: BuiltinExtractor) -> None:
    for text, pay in (
        ("The salary would be 2,600 € a month, against the 2,150 € Aegean Star pays me now.", "2,150 €"),
        ("- first Kallisto salary 2,600 € in", "2,600 €"),
    ):
        found = read(reader, text)
        assert {s.object_value for s in found.statements if s.predicate == "salary"} == {pay}, text


def test_the_car_someone_drives_me_in_is_theirs_after_what_else_they_did(reader: BuiltinExtractor) -> None:
    found = read(reader, "Eleni took the afternoon off and drove me home in her little Fiat, what a car.")
    assert {(s.subject, s.object_name) for s in found.statements if s.predicate == "car"} == {("Eleni", "Fiat")}
    found = read(reader, "Temuulen's brother Munkh drove us back in his Land Cruiser, the car was full.")
    assert {(s.subject, s.object_name) for s in found.statements if s.predicate == "car"} == {("Munkh", "Land Cruiser")}


def test_handing_a_tools_login_to_someone_gives_the_tool_up(model_reader: BuiltinExtractor) -> None:
    for text, tool in (
        ("Last day at Sinar Connect. Handed my SolarWinds admin account to Daniel.", "SolarWinds"),
        ("Handed the AMOS password and the chart corrections to the new second officer.", "AMOS"),
    ):
        found = read(model_reader, text)
        assert (USER_NAME, tool, True) in {(s.subject, s.object_name, s.negated) for s in found.statements}, text
    kept = read(model_reader, "Handed the Jira tickets to Tom.")
    assert not [s for s in kept.statements if s.predicate == "uses" and s.negated]


def test_two_english_words_written_as_one_are_no_brand(reader: BuiltinExtractor) -> None:
    found = read(reader, "Encik Razak gave me a proper handshake, the first in six years.")
    assert {kind for _, kind in entities(found)} == {EntityType.PERSON}


def test_starting_with_a_person_is_no_workplace(reader: BuiltinExtractor) -> None:
    found = read(reader, "Twelve years in Chiado. On Wednesday I start with Bruno.")
    assert ("Bruno", EntityType.PERSON) in entities(found)
    assert not [s for s in found.statements if s.predicate == "works_at"]
    assert ("me", "works_at", "Deloitte") in triples(read(reader, "I start with Deloitte on Monday."))


def test_what_work_keeps_its_things_in_is_software(model_reader: BuiltinExtractor) -> None:
    for text, tool in (
        ("- they book everything in Booksy", "Booksy"),
        ("started putting all my shifts in Shiftbase, colour per clinic", "Shiftbase"),
        ("- Booksy export for the accountant, by Friday", "Booksy"),
    ):
        assert (tool, EntityType.TECHNOLOGY) in entities(read(model_reader, text)), text
    for text, name in (
        ("We're all in Cacilhas this weekend.", "Cacilhas"),
        ("We booked a table in Cacilhas for Friday.", "Cacilhas"),
        ("I'll drop the receipts in Friday", "Friday"),
    ):
        assert (name, EntityType.TECHNOLOGY) not in entities(read(model_reader, text)), text


def test_the_home_the_rent_is_paid_for_or_the_address_ends_in_is_mine(reader: BuiltinExtractor) -> None:
    rent = read(reader, "- rent 650 € to Sr. Carvalho by the 8th, flat in Amadora")
    assert ("me", "lives_in", "Amadora") in triples(rent)
    viewed = read(reader, "- flat in Almada, Cacilhas, 2 rooms, 720 €/month, landlady Dona Fernanda Lopes")
    assert not [t for t in triples(viewed) if t[1] == "lives_in"]
    for text, town in (
        ("me: almost, boxes everywhere. The address is Rua Elias Garcia 27, 3º esq, 2800 Almada", "Almada"),
        ("My new address is 2231 Lowell Blvd, Denver", "Denver"),
    ):
        assert [t for t in triples(read(reader, text)) if t[1] == "lives_in"] == [("me", "lives_in", town)], text
    assert not [t for t in triples(read(reader, "Priya's address is 4 Mill Lane, Bath")) if t[1] == "lives_in"]


def test_the_boss_told_of_leaving_stays_the_boss_until_the_last_day_told(reader: BuiltinExtractor) -> None:
    found = read(reader, "Told Sónia today that I am leaving. My last day in Chiado is 28 March.")
    ended = [s for s in found.statements if s.predicate == "manager" and s.negated]
    assert [(s.object_name, datetime.fromtimestamp(s.valid_at or 0).date()) for s in ended] == [
        ("Sónia", date(2026, 3, 28))
    ]


def test_a_currency_after_the_sum_is_read_in_any_case_and_the_forint_capitalised(reader: BuiltinExtractor) -> None:
    assert ("me", "salary", "480 000 HUF") in triples(read(reader, "I earn 480 000 HUF gross."))
    assert ("me", "salary", "2 400 EUR a month") in triples(read(reader, "I make 2 400 EUR a month after tax."))
    assert ("me", "rent", "210 000 Ft") in triples(read(reader, "- rent 210 000 Ft to Mr. Tóth, transfer on the 5th"))
    assert not [t for t in triples(read(reader, "I get 30 ft of cable for the shed.")) if t[1] == "salary"]


def test_one_signed_with_for_a_home_by_the_month_is_the_landlord(reader: BuiltinExtractor) -> None:
    found = triples(read(reader, "- signed with Mrs. Varga: 150 000 Ft/month, deposit two months, keys 28.03."))
    assert {("me", "landlord", "Mrs. Varga"), ("me", "rent", "150 000 Ft a month")} <= found
    for text in (
        "Anna signed with Mr. Lee, £900 pcm, deposit 6 weeks.",  # someone else's
        "- signed with Bruno: 45% of everything, 200 €/month for the chair",  # no home
        "thinking about signing with Mrs. Varga, 150 000 Ft/month, deposit two months",
    ):
        assert not [t for t in triples(read(reader, text)) if t[1] == "landlord"], text


def test_a_car_needing_parts_picked_up_or_inspected_is_the_writers(reader: BuiltinExtractor) -> None:
    for text, car in (
        ("The Octavia needs new tyres before winter.", "Octavia"),
        ("we pick up the Octavia from Levente's cousin on Thursday, then the car wash", "Octavia"),
        ("- Suzuki Swift inspection expires 14.02.!", "Suzuki Swift"),
    ):
        assert ("me", "car", car) in triples(read(reader, text)), text
    assert not [
        t for t in triples(read(reader, "- Ofsted inspection on Friday, the car park is closed")) if t[1] == "car"
    ]


def test_a_change_of_tool_asked_about_is_only_thought_of(reader: BuiltinExtractor) -> None:
    for text in ("- cancel Netflix?", "- sell the iPad?"):
        assert not [s for s in read(reader, text).statements if s.predicate == "uses"], text
    assert [s for s in read(reader, "- cancelled Netflix").statements if s.predicate == "uses" and s.negated]


def test_what_is_invoiced_in_is_software(model_reader: BuiltinExtractor) -> None:
    found = read(model_reader, "- decided: taproom invoices in Billingo too, no more paper receipt books")
    assert ("Billingo", EntityType.TECHNOLOGY) in entities(found)
    assert ("me", "uses", "Billingo") in triples(found)
    assert ("Porto", EntityType.PLACE) in entities(read(model_reader, "We bill in Porto from May."))


def test_a_name_before_a_noun_it_qualifies_is_not_what_is_learnt(reader: BuiltinExtractor) -> None:
    note = "- first day at Hordó Brewing! Anna showed me the brewhouse\n- learn the NAV form\n- learn TrakCare properly"
    found = triples(read(reader, note))
    assert ("me", "uses", "TrakCare") in found
    assert not [t for t in found if t[2] == "NAV"]


def test_a_month_before_a_department_is_no_firm(reader: BuiltinExtractor) -> None:
    found = entities(read(reader, "the June payroll is the first one I did alone, Bérprofi only checks it now"))
    assert not [name for name, _ in found if name == "June"]


def test_a_street_word_after_the_name_makes_a_street(reader: BuiltinExtractor) -> None:
    found = entities(
        read(reader, "Registered with a GP here, Dr. Márton Kiss on Rákóczi út, who is young and listens.")
    )
    assert ("Rákóczi út", EntityType.PLACE) in found and ("Dr. Márton Kiss", EntityType.PERSON) in found


def test_a_season_in_a_plan_is_the_coming_one() -> None:
    written = datetime(2026, 9, 10, 21, 40).astimezone()
    for text, day in (
        ("The Octavia needs new tyres before winter.", date(2026, 12, 1)),
        ("In summer we go to Crete.", date(2027, 6, 1)),
        ("We went skiing in winter.", date(2025, 12, 1)),
    ):
        told = stated_date(text, written, past=text.startswith("We went"))
        assert told is not None and told.moment.date() == day, text


def test_a_rent_per_calendar_month_to_an_agent_names_the_home_by_its_place(reader: BuiltinExtractor) -> None:
    found = triples(read(reader, "- rent £950 pcm to Moginie James, standing order on the 1st, Penarth flat"))
    assert {("me", "rent", "£950 a month"), ("me", "landlord", "Moginie James"), ("me", "lives_in", "Penarth")} <= found


def test_a_day_opening_the_sentence_after_a_birthday_asked_about_is_its_day(reader: BuiltinExtractor) -> None:
    chat = (
        "Cerys: Nain asks if you're coming up for her birthday\nme: 3 October, of course, we'll drive up Friday night"
    )
    assert ("Nain", "birthday", "3 October") in triples(read(reader, chat))
    assert ("Mum", "birthday", "4 July") in triples(read(reader, "Dóra: are you coming for Mum's birthday? 4 July"))
    for text in ("Is it Tom's birthday party? 12 May we go bowling.", "Is it Tom's birthday? Friday we go bowling."):
        assert "birthday" not in predicates(read(reader, text)), text


def test_words_hyphens_join_to_a_capitalised_one_are_one_name(reader: BuiltinExtractor) -> None:
    assert ("Stratford-upon-Avon", EntityType.PLACE) in entities(read(reader, "Lunch in Stratford-upon-Avon with Tom."))
    named = {name for name, _ in entities(read(reader, "Last day at Pen-y-Garth."))}
    assert named == {"Pen-y-Garth"}


def test_an_and_before_a_verb_of_its_own_starts_a_clause_with_its_own_tense(reader: BuiltinExtractor) -> None:
    note = "Owain started at Swansea University on Monday and already has a desk by the window."
    written = datetime(2026, 9, 25, 21, 0).astimezone()
    found = reader.extract(NoteForExtraction(note, (), written.timestamp()))
    [job] = [s for s in found.statements if s.predicate == "works_at"]
    assert job.valid_at is not None and datetime.fromtimestamp(job.valid_at).date() == date(2026, 9, 21)


def test_a_school_named_in_welsh_is_a_firm_and_so_is_its_short_name(reader: BuiltinExtractor) -> None:
    note = (
        "Transition meeting, Ysgol Bryn Tawe\nPresent: Dafydd Rees (head), Manon (Year 6), me\n"
        "- Bryn Tawe moved from ClassDojo to Seesaw last year, logins for me by August"
    )
    found = read(reader, note)
    kinds = entities(found)
    assert {("Ysgol Bryn Tawe", EntityType.ORGANIZATION), ("Bryn Tawe", EntityType.ORGANIZATION)} <= kinds
    assert {("ClassDojo", EntityType.TECHNOLOGY), ("Seesaw", EntityType.TECHNOLOGY)} <= kinds
    assert "lives_in" not in predicates(found)
    moved = triples(read(reader, "we moved from Podgórze to Bronowice"))
    assert ("me", "lives_in", "Bronowice") in moved


def test_the_sum_after_a_job_offered_is_its_pay_unless_weighed_against_mine(reader: BuiltinExtractor) -> None:
    offered = read(
        reader,
        "They offered me the job! Deputy head at Ysgol Bryn Tawe from 1 September, £48,500 on the leadership scale.",
    )
    [pay] = [s for s in offered.statements if s.predicate == "salary"]
    assert pay.object_value == "£48,500" and pay.valid_at is not None
    assert datetime.fromtimestamp(pay.valid_at).date() == date(2026, 9, 1)
    weighed = read(reader, "She wants me as project lead. The pay is 52,000 pesos a month, I make 41,000 now.")
    assert {s.object_value for s in weighed.statements if s.predicate == "salary"} == {"41,000"}


def test_an_old_number_no_one_is_named_before_is_the_writers_and_ended(reader: BuiltinExtractor) -> None:
    found = read(reader, "- old number 07700 900123 still on the staff list, ask Manon to change it")
    phones = {(s.subject, s.negated) for s in found.statements if s.predicate == "phone"}
    assert phones == {("me", False), ("me", True)}


def test_a_roles_initials_in_brackets_are_no_firm(reader: BuiltinExtractor) -> None:
    found = triples(read(reader, "Present: Dafydd Rees (head), Manon (Year 6), Gareth (SENCo), me"))
    assert not [t for t in found if t[1] == "works_at"]
    assert ("Sam Whitford", "works_at", "Airservices") in triples(
        read(reader, "Call with Sam Whitford (Airservices) about the roster")
    )
    assert ("Sam Whitford", "works_at", "KPMG") in triples(
        read(reader, "Call with Sam Whitford (KPMG) about the audit")
    )


def test_what_is_sung_is_a_song(reader: BuiltinExtractor) -> None:
    found = read(
        reader, "Last day at Pen-y-Garth. Year 4 sang Calon Lân in the yard and I could not look at any of them."
    )
    assert {name for name, _ in entities(found)} == {"Pen-y-Garth"}


def test_a_jot_in_quebec_french_names_the_home_its_rent_landlord_and_street(reader: BuiltinExtractor) -> None:
    found = read(
        reader, "- appart in Gatineau (Hull), rue Laurier: 4½, $1,720/mo, proprio Mme Leblanc lives on the ground floor"
    )
    told = triples(found)
    assert {("me", "landlord", "Mme Leblanc"), ("me", "rent", "$1,720 a month")} <= told
    assert ("rue Laurier", EntityType.PLACE) in entities(found)
    gym = read(reader, "- Nautilus Plus on boul. Saint-Joseph, $45/mo, joined yesterday")
    assert ("boul. Saint-Joseph", EntityType.PLACE) in entities(gym)
    assert len([s for s in gym.statements if s.predicate in ("event", "knowledge", "task")]) == 1  # one sentence
    assert ("me", "landlord", "M. Gagnon") in triples(read(reader, "- rent $1,350 -> M. Gagnon, e-transfer on the 1st"))
    assert not [name for name, kind in entities(read(reader, "sent it via DHL on Monday")) if kind == EntityType.PLACE]


def test_a_chief_or_a_head_of_the_writers_trade_is_the_manager(reader: BuiltinExtractor) -> None:
    assert ("me", "manager", "Daniel Okafor") in triples(read(reader, "Daniel Okafor is my section chief."))
    for role in ("chief", "head"):
        note = f"Staff mtg\nPresent: Sylvie Roy ({role}), Marc-André, Priya, me\n- new rule: two of us per trial"
        assert ("me", "manager", "Sylvie Roy") in triples(read(reader, note)), role
    for role in ("head of nursing", "head brewer", "chief pharmacist"):
        headed = triples(read(reader, f"Present: Marta Soler ({role}), Joy, me"))
        assert not [t for t in headed if t[1] == "manager"], role


def test_a_new_role_cried_out_is_held_by_the_titled_name_after_it(reader: BuiltinExtractor) -> None:
    found = triples(read(reader, "- new family doctor!! Dr. Amina Osman, CLSC Hull, first appt Jun 3 9:00"))
    assert ("me", "doctor", "Dr. Amina Osman") in found
    assert not [t for t in triples(read(reader, "- new dentist!! Anna says hi")) if t[1] == "dentist"]


def test_pay_i_am_at_and_pay_told_after_a_job_won(reader: BuiltinExtractor) -> None:
    assert ("me", "salary", "$68k") in triples(read(reader, "the pay is way better, I'm at $68k here w/ no overtime"))
    won = read(
        reader,
        "They called: I got it! Staff interpreter at the Translation Bureau starting May 4, $81,500 plus the bonus.",
    )
    assert ("me", "salary", "$81,500") in triples(won)
    flat = read(reader, "I got it! The flat at Elm Court, $1,500/mo from June 1.")
    assert "salary" not in predicates(flat)


def test_names_joined_by_a_particle_or_a_plurals_apostrophe_are_one(reader: BuiltinExtractor) -> None:
    assert ("Cour du Québec", EntityType.ORGANIZATION) in entities(read(reader, "- Cour du Québec: 3 hearings tmrw"))
    note = "Nobody uses InterpretBank here, everything is in Interpreters' Help and the Termium database."
    found = read(reader, note)
    kinds = entities(found)
    assert {("Interpreters' Help", EntityType.TECHNOLOGY), ("Termium", EntityType.TECHNOLOGY)} <= kinds
    uses = {(s.object_name, s.negated) for s in found.statements if s.predicate == "uses"}
    assert ("Interpreters' Help", False) in uses and ("InterpretBank", True) in uses
    assert {name for name, _ in entities(read(reader, "Dinner at the Smiths' house."))} <= {"Smiths"}


def test_the_role_someone_holds_for_the_writer_is_their_role(reader: BuiltinExtractor) -> None:
    found = triples(read(reader, "The booth partner I shadow this week is Annika, who has done it for 15 years."))
    assert ("Annika", "role", "booth partner") in found
    assert "role" not in predicates(read(reader, "The one I trust is Anna."))


def test_a_month_a_task_is_for_is_no_date_when_its_day_is_told() -> None:
    written = datetime(2026, 5, 20, 8, 15).astimezone()
    told = stated_date("Daniel: booth schedule for June by Friday", written)
    assert told is not None and told.moment.date() == date(2026, 5, 22)
    booked = stated_date("flights booked for June", written)
    assert booked is not None and booked.moment.date() == date(2026, 6, 1)


def test_a_boarding_and_an_annex_are_rented_homes(reader: BuiltinExtractor) -> None:
    jotted = triples(read(reader, "- boarding rent Rs. 35,000 to Kumari Aunty before 5th"))
    assert {("me", "rent", "Rs. 35,000"), ("me", "landlord", "Kumari")} <= jotted
    found = triples(read(reader, "Petrol from my boarding in Peradeniya eats twenty of it."))
    assert ("me", "lives_in", "Peradeniya") in found
    note = "- annex in Nugegoda, near Nawala junction: Rs. 55,000 a month, owner Mr. Silva upstairs, 3 months advance"
    annex = triples(read(reader, note))
    assert {("me", "rent", "Rs. 55,000 a month"), ("me", "landlord", "Mr. Silva")} <= annex
    assert not [t for t in triples(read(reader, "boarding at gate 12, delayed again")) if t[1] == "lives_in"]


def test_a_car_makers_place_is_nobodys_home(reader: BuiltinExtractor) -> None:
    found = read(reader, "- Dio service at the Honda place, Saturday")
    assert ("Honda", EntityType.ORGANIZATION) in entities(found)
    assert "lives_in" not in predicates(found)


def test_the_post_got_and_its_pay_and_a_project_manager_in_brackets(reader: BuiltinExtractor) -> None:
    won = read(reader, "NWSDB called today: I got the post. Project engineer from 1 June, Rs. 240,000 with allowance.")
    assert ("me", "salary", "Rs. 240,000") in triples(won)
    listed = triples(read(reader, "Site meeting\nPresent: Mr. Perera (PM), Nimal (QS), me\n- bypass at 62%"))
    assert ("me", "manager", "Mr. Perera") in listed
    assert "manager" not in predicates(read(reader, "Call at 4 (pm) with Anna about the bypass"))


def test_a_capitalised_adjective_opens_a_tools_name(reader: BuiltinExtractor) -> None:
    drawn = read(reader, "Everyone here draws in Civil 3D, I start Monday.")
    assert ("Civil 3D", EntityType.TECHNOLOGY) in entities(drawn)
    assert ("Final Cut Pro", EntityType.TECHNOLOGY) in entities(read(reader, "We edit in Final Cut Pro now."))


def test_a_portion_rented_where_it_is_named_and_a_stipend_is_the_pay(
    reader: BuiltinExtractor, model_reader: BuiltinExtractor
) -> None:
    found = triples(read(model_reader, "- Gulberg portion rent Rs 60,000 to Malik sahab by 10th"))
    assert {("me", "rent", "Rs 60,000"), ("me", "landlord", "Malik"), ("me", "lives_in", "Gulberg")} <= found
    assert "lives_in" not in predicates(read(reader, "- rent £900 to Anna, the blue flat"))
    assert ("me", "salary", "Rs 85,000") in triples(read(reader, "The stipend is Rs 85,000, half of it goes on rent."))
    took = read(reader, "Alhamdulillah, AKU took me! Internal medicine residency from 1 July, Rs 180,000 a month.")
    assert ("me", "salary", "Rs 180,000 a month") in triples(took)
