"""Answers found in the notes, piece by piece: what a question asks for, the candidates a sentence
holds, days told as the note tells them, and which sentence answers."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import pytest

from remen.ask import answer_model
from remen.ask.asker import hinted_names, merged
from remen.ask.extractive import (
    Extracted,
    Passage,
    Read,
    asks_a_thing,
    candidate_out_of_turn,
    clock_only,
    cut_note,
    done_by_another,
    extract,
    given_up,
    left_behind,
    names_everyone,
    passages,
    read_candidates,
    span_measures,
    spoken_time,
    stem,
    told_in_past,
)
from remen.ask.handlers import Handled, fact_item
from remen.ask.question import AnswerKind, read_question
from remen.ask.router import ATTRIBUTE_WORD, EntityIndex, ahead_of, asks_the_attribute, attribute_asked, route
from remen.ask.spans import MONEY, Span, name_spans, spot_spans, time_spans, unit_fits, value_spans
from remen.core.answers import AnswerItem, EntityHint, QueryType, Route
from remen.core.constants import ANSWER_TYPICAL_COSINE
from remen.core.errors import ModelError
from remen.core.knowledge import Aspect, Fact
from remen.search.temporal import parse_temporal

WRITTEN = datetime(2026, 3, 18, 9, 0).astimezone()


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("who is my manager", AnswerKind.PERSON),
        ("where did Leila go on her honeymoon?", AnswerKind.PLACE),
        ("when is the dentist", AnswerKind.TIME),
        ("how much is the rent", AnswerKind.NUMBER),
        ("how long did the run take", AnswerKind.NUMBER),
        ("what is Priscilla's email", AnswerKind.EMAIL),
        ("what's the dentist's phone number", AnswerKind.PHONE),
        ("what is our address", AnswerKind.ADDRESS),
        ("which password manager do we use", AnswerKind.NAME),
        ("which email app do I use", AnswerKind.NAME),
        ("what email did Sarah give you", AnswerKind.EMAIL),
        ("what is the dentist's phone number", AnswerKind.PHONE),
        ("why did we leave Jira", AnswerKind.REASON),
        ("how do I take my tea", AnswerKind.SENTENCE),
        # Someone asked about as a whole: what the notes say of them, no other name.
        ("who is Hywel?", AnswerKind.SENTENCE),
        ("who's Dr. Brandt", AnswerKind.SENTENCE),
        ("who is my dentist", AnswerKind.PERSON),
        ("who is Tom's manager", AnswerKind.PERSON),
        ("who is the CFO of Orbis Labs", AnswerKind.PERSON),
        # A word of "-ing" or "-ed" before the noun asked of says which kind, no verb.
        ("which moving company did we book", AnswerKind.NAME),
        ("what used car do we have", AnswerKind.NAME),
        ("what happened to the car", AnswerKind.SENTENCE),
    ],
)
def test_a_question_says_what_kind_of_answer_it_wants(question: str, kind: AnswerKind) -> None:
    assert read_question(question).kind == kind


def test_a_holiday_in_a_question_says_when_and_names_nobody() -> None:
    assert read_question("Where was Tomek's ferry going on Valentine's Day?").names == ("Tomek",)
    assert read_question("what did Ana cook on Christmas Day").names == ("Ana",)
    assert read_question("where were we on Easter Monday").names == ()


def test_my_old_one_asks_for_an_earlier_value_and_how_old_does_not() -> None:
    assert read_question("who was my old dentist").earlier
    assert not read_question("how old is my dentist").earlier


def test_a_question_keeps_its_topic_its_names_and_the_names_that_only_mark_a_sequence() -> None:
    asked = read_question("Who was my manager before Luis Ortega?")
    assert asked.earlier and asked.names == () and asked.markers == ("Luis Ortega",)
    assert asked.focus == ("manager",)
    # A name of several words is one: a note saying "Valo" speaks of "Valo Health".
    assert read_question("when did I start at Valo Health").names == ("Valo Health",)
    # A clause of "when" sets the scene: its names are no one the answer must be about.
    visit = read_question("where did we eat when Liisa visited")
    assert visit.names == () and visit.markers == ("Liisa",) and visit.setting == ("liisa", "visited")
    rent = read_question("how much did I sell the Fiesta for")
    assert rent.measure == "much" and rent.names == ("Fiesta",) and "much" not in rent.focus
    # A weekday or a month is no one the answer must be about.
    assert read_question("where do I buy fish on Saturdays in May").names == ()


def test_values_are_found_by_their_shape() -> None:
    text = "New dentist: Dr. Mensah, 416-555-0182, mensah@clinic.ca, 4120 Lowell Blvd; bill £640 and 7 lb 2 oz"
    found = {s.text: s.kinds for k in AnswerKind for s in value_spans(text, WRITTEN, k)}
    assert AnswerKind.PHONE in found["416-555-0182"]
    assert AnswerKind.EMAIL in found["mensah@clinic.ca"]
    assert AnswerKind.ADDRESS in found["4120 Lowell Blvd"]
    assert {"£640", "7 lb 2 oz"} <= set(found)
    # An IP address is no phone number.
    assert value_spans("router at 192.168.178.1", WRITTEN, AnswerKind.PHONE) == []


def test_a_year_told_as_when_is_no_amount_and_quid_is_money() -> None:
    def amounts(text: str) -> list[str]:
        return [s.text for s in value_spans(text, WRITTEN, AnswerKind.NUMBER)]

    assert amounts("In 2009 it was trainers, and he paid for them with my bike.") == []
    assert amounts("since 2019 I pay 40 a month") == ["40"]
    assert amounts("the rent went up by 2000 euros") == ["2000 euros"]
    assert amounts("A used Yamaha, 240 quid off a guy in Harrogate.") == ["240 quid"]
    assert MONEY.search("240 quid") and MONEY.search("fifty bucks")


def test_names_are_runs_of_capitalised_words_typed_by_the_graph_when_it_knows_them() -> None:
    spans = {s.text: s for s in name_spans("I'm told Dr. Mensah and Luis Ortega met at Café Frischhut.", {})}
    assert set(spans) == {"Dr. Mensah", "Luis Ortega", "Café Frischhut"}
    school = "our Lena starts at Grundschule am Park, then Frankfurt am Main with Cristina di Luca"
    found = [s.text for s in name_spans(school, {})]
    assert found == ["Lena", "Grundschule am Park", "Frankfurt am Main", "Cristina di Luca"]
    assert AnswerKind.PERSON in spans["Dr. Mensah"].sure
    assert AnswerKind.PLACE in spans["Café Frischhut"].sure and not spans["Luis Ortega"].sure
    known = {s.text: s for s in name_spans("Lunch with Ama at Alo.", {"ama": "Person", "alo": "Place"})}
    assert known["Ama"].sure == frozenset((AnswerKind.PERSON, AnswerKind.NAME))
    assert AnswerKind.PLACE in known["Alo"].sure
    # A place the graph knows may still answer "who" (the graph types people as places on notes
    # nobody tuned it for), but only as a guess: its type is sure for places alone.
    assert AnswerKind.PERSON in known["Alo"].kinds and AnswerKind.PERSON not in known["Alo"].sure
    # A sentence's first word is capitalised anyway.
    assert name_spans("Tacos tonight.", {}) == []
    # The possessive ending a name is no part of it.
    assert [s.text for s in name_spans("Dinner at my sister Jing Yi's new place.", {})] == ["Jing Yi"]
    # Nor is a sentence's first word before a name the graph knows.
    dropped = name_spans("Deleted Goodreads, it is all in StoryGraph now.", {"goodreads": "Technology"})
    assert [s.text for s in dropped] == ["Goodreads", "StoryGraph"]


def one_passage(sentence: str, written: datetime) -> Passage:
    return passages([Read("n", sentence, written.astimezone(), 0)])[0]


def test_sat_as_a_verb_is_no_saturday() -> None:
    written = datetime(2026, 5, 4, 20).astimezone()
    assert not time_spans("Then Lena sat me down in front of the new booking system.", written)
    assert not time_spans("we sat in traffic for an hour", written)
    assert [s.text for s in time_spans("yoga on sat in the park", written)] == ["on sat"]


def test_a_day_or_month_before_a_plural_is_no_one_doing_something() -> None:
    sentence = "Monday mornings were hard until June."
    assert told_in_past(sentence, sentence.index("June"))
    assert not told_in_past("Mum arrives on Friday, we cleaned the flat", 15)


@pytest.mark.parametrize(
    ("sentence", "written", "told"),
    [
        ("We went hiking last weekend.", datetime(2023, 3, 26, 20), "last weekend (Sat 18 – Sun 19 Mar 2023)"),
        ("Moving next month, finally.", datetime(2023, 6, 4, 9), "next month (July 2023)"),
        ("Dinner with Tom on Friday.", datetime(2026, 3, 18, 9), "on Friday (Fri 20 Mar 2026)"),
        # A past verb pointing ahead: the day is to come.
        ("Dr. Osei moved my check-up to the 24th.", datetime(2026, 12, 6, 13), "the 24th (Thu 24 Dec 2026)"),
        ("Ski trip in January with Anna.", datetime(2026, 12, 1, 9), "in January (January 2027)"),
        ("Laptop arrives Wednesday.", datetime(2026, 7, 6, 9), "Wednesday (Wed 8 Jul 2026)"),
        # An arrow says what a thing is at: the verb before it tells nothing of the day's tense.
        ("Leo's mum asked about the mock dates -> 3 March", datetime(2026, 1, 22, 18), "3 March (Tue 3 Mar 2026)"),
        ("Went to the Lakes on 3 March.", datetime(2026, 3, 22, 18), "on 3 March (Tue 3 Mar 2026)"),
        # A past verb of arranging tells of what is still to come; "need" is no past.
        ("Flight to Lisbon booked: TP1351 on 14 Nov.", datetime(2026, 10, 2, 8), "on 14 Nov (Sat 14 Nov 2026)"),
        ("Dad's 70th party on 22 Nov, need to book the cake.", datetime(2026, 11, 1, 9), "on 22 Nov (Sun 22 Nov 2026)"),
        # A period that holds the note's moment is this one, not next year's.
        ("pass rate 61% this quarter", datetime(2026, 9, 9, 12), "this quarter (1 Jul – 9 Sep 2026)"),
        # Someone's present verb before the day tells a plan, whatever past comes after it.
        ("Ana starts at the bank in June, so the move worked out.", datetime(2026, 5, 2, 20), "in June (June 2026)"),
    ],
)
def test_days_are_told_as_the_note_tells_them_and_resolved_from_its_date(
    sentence: str, written: datetime, told: str
) -> None:
    passage = one_passage(sentence, written)
    spans = time_spans(passage.text, passage.created)
    assert [spoken_time(s, passage.text, passage.created) for s in spans] == [told]


# A found note's cosine to the question as the search gives it for a note about it.
FOUND_SIMILARITY = 0.5


def notebook(*notes: tuple[str, datetime]) -> list[Passage]:
    found: list[Passage] = []
    for rank, (text, written) in enumerate(notes):
        found.extend(passages([Read(f"n{rank}", text, written.astimezone(), rank, FOUND_SIMILARITY)]))
    return found


def test_the_current_value_answers_and_before_asks_for_the_earlier_one() -> None:
    found = notebook(
        ("Planning with Karen (my boss) and design.", datetime(2026, 1, 6)),
        ("Karen is leaving. Luis Ortega from platform will be my manager from May.", datetime(2026, 4, 10)),
    )
    now = extract(read_question("who is my manager"), found, {})
    assert now[0].answer == "Luis Ortega"
    before = extract(read_question("who was my manager before Luis"), found, {})
    assert before[0].answer == "Karen"


def test_an_answer_comes_with_its_sentence_and_a_neighbouring_sentence_can_hold_it() -> None:
    found = notebook(("Rachel had the baby!! Leo, 7 lb 2 oz. I'm an uncle.", datetime(2026, 7, 9)))
    weight = extract(read_question("how much did the baby weigh"), found, {})
    # The short sentence that matched comes with the one beside it the answer stands in.
    assert weight[0].answer == "7 lb 2 oz" and weight[0].sentence == "Rachel had the baby!! Leo, 7 lb 2 oz."


def test_an_answer_found_beside_a_long_sentence_is_shown_with_its_own() -> None:
    found = notebook(
        (
            "We finally met the new neighbours from the flat upstairs this morning. They are Ama and Kofi.",
            datetime(2026, 7, 9),
        )
    )
    got = extract(read_question("who are the new neighbours"), found, {}, minimum=0.0)
    assert got and got[0].answer in ("Ama", "Kofi") and got[0].sentence == "They are Ama and Kofi."
    # Found in the next jot of a thread, it comes from that jot's note.
    when = datetime(2026, 7, 9, 9).astimezone()
    jots = passages(
        [
            Read(
                "n0",
                "We finally met the new neighbours from the flat upstairs this morning.",
                when,
                0,
                FOUND_SIMILARITY,
            ),
            Read("n1", "They are Ama and Kofi.", when, 0, FOUND_SIMILARITY, hit=False),
        ]
    )
    got = extract(read_question("who are the new neighbours"), jots, {}, minimum=0.0)
    assert got and got[0].answer in ("Ama", "Kofi") and got[0].note_id == "n1"


def test_an_answer_about_someone_else_is_no_answer() -> None:
    found = notebook(
        ("Omar: Japan, three weeks. Leila has planned every day in a spreadsheet.", datetime(2026, 6, 24)),
        ("Jonas: Told you. Where are they going for the honeymoon?", datetime(2026, 6, 24)),
    )
    assert extract(read_question("Where did Jonas go on his honeymoon?"), found, {}) == []


PEOPLE = {"ama": "Person", "efua": "Person", "karim": "Person", "jonas": "Person"}


def test_a_sentence_whose_subject_is_another_person_answers_nothing_about_the_one_asked() -> None:
    found = notebook(
        ("Ama turned 36 today. Dinner at Alo with her sister Efua, who flew in from Accra.", datetime(2026, 3, 3)),
    )
    assert extract(read_question("how old did Ama turn"), found, PEOPLE)[0].answer == "36"
    # Efua is in the note and beside the sentence that says 36, but the one who turned 36 is Ama.
    assert extract(read_question("how old did Efua turn"), found, PEOPLE) == []


def test_the_writers_own_sentence_answers_nothing_about_someone_else_it_does_not_name() -> None:
    found = notebook(
        ("I expect a 2.7 in Analysis, not bad at all. Karim sat the exam too.", datetime(2026, 2, 20)),
        ("Moved issues from Notion to Linear. Jonas's first day, good timing.", datetime(2026, 4, 1)),
    )
    assert "2.7" in extract(read_question("what grade do I expect in Analysis"), found, PEOPLE)[0].answer
    assert extract(read_question("what grade does Karim expect in Analysis"), found, PEOPLE) == []
    # A jot that opens with a past verb is its writer's.
    assert extract(read_question("where did Jonas move"), found, PEOPLE) == []


def test_a_person_asked_about_as_an_owner_may_be_named_by_another_subject() -> None:
    when = datetime(2026, 5, 2, 18).astimezone()
    found = passages(
        [
            Read("n0", "Omar: Jonas, guess where your old bike went.", when, 1, FOUND_SIMILARITY),
            Read("n1", "Omar: Karim bought your bike, he sent me a photo of him riding it.", when, 0, FOUND_SIMILARITY),
        ]
    )
    assert extract(read_question("Who bought Jonas's old bike?"), found, PEOPLE)[0].answer == "Karim"


def test_a_day_found_beside_the_sentence_is_read_in_the_tense_of_its_own_sentence() -> None:
    found = notebook(("Flight to Lisbon on 14 April, back on the 20th. Window seat booked.", datetime(2026, 12, 1)))
    told = [a.answer for a in extract(read_question("when is my flight to Lisbon"), found, {})]
    assert told[0] == "on 14 April (Wed 14 Apr 2027)"


def test_a_day_is_read_in_the_tense_of_the_last_verb_before_it() -> None:
    written = datetime(2026, 6, 2, 9)
    ahead = notebook(("Told Luis I'm moving to Denver end of July.", written))
    told = [a.answer for a in extract(read_question("when am I moving to Denver"), ahead, {}, minimum=0.0)]
    assert told[0] == "end of July (21 Jul – 31 Jul 2026)"
    # The same words told after a past verb and before nothing ahead: the past July.
    behind = notebook(("Luis said the move to Denver was end of July.", written))
    told = [a.answer for a in extract(read_question("when did I move to Denver"), behind, {}, minimum=0.0)]
    assert told[0] == "end of July (21 Jul – 31 Jul 2025)"


def test_a_when_question_without_a_day_in_the_sentence_gets_the_notes_day() -> None:
    # Whether the card shows it is the calibrated model's call (the graph answers this one: the
    # day the tie to Denver began); the reading offers the note's day first.
    asked = read_question("when did I move into the Denver apartment")
    undated = notebook(("Moved into the apartment on Lowell Blvd in Denver.", datetime(2026, 7, 30, 20)))
    assert extract(asked, undated, {}, minimum=0.0)[0].answer == "Thu 30 Jul 2026"
    today = notebook(("Moved into the apartment on Lowell Blvd in Denver today.", datetime(2026, 7, 30, 20)))
    assert extract(asked, today, {}, minimum=0.0)[0].answer == "today (Thu 30 Jul 2026)"
    # A birthday is a date a value holds: the day a note mentions someone is not it.
    teacher = notebook(("Met Leo's teacher, Ms Park.", datetime(2026, 1, 18, 19)))
    assert extract(read_question("when is Leo's birthday"), teacher, {}, minimum=0.0) == []


def test_a_question_about_what_is_ahead_covers_the_whole_week_and_the_coming_january() -> None:
    now = datetime(2026, 12, 1, 12, 0).astimezone()
    for asked, told in [
        ("what's happening this week", "this week · Mon 30 Nov – Sun 6 Dec"),
        ("what's happening in january", "in january · Fri 1 – Sun 31 Jan 2027"),
    ]:
        span, _ = parse_temporal(asked, now)
        assert span is not None and ahead_of(span, now).description == told


def test_a_name_that_starts_like_a_month_or_a_day_is_still_a_name() -> None:
    spans = name_spans("Yes, June 20 in Marseille, then Maybelline and Satoshi on Wednesday.", {})
    assert [s.text for s in spans] == ["Marseille", "Maybelline", "Satoshi"]


def test_a_value_a_later_note_says_was_left_behind_is_no_current_answer() -> None:
    found = notebook(
        ("we track everything in Notion for now, the tool everyone knows", datetime(2026, 1, 10)),
        ("Moved issues from Notion to Linear.", datetime(2026, 5, 2)),
    )
    # The graph has read both notes and knows both names as tools, as in the app.
    tools = {"notion": "Product", "linear": "Product"}
    assert extract(read_question("which tool do we track issues in"), found, tools)[0].answer == "Linear"
    assert extract(read_question("which tool did we track issues in before"), found, tools)[0].answer == "Notion"


def test_a_value_given_up_in_the_sentence_that_names_its_successor_yields_to_it() -> None:
    found = notebook(("Sold the Vespa scooter to a neighbour and bought the Ninja scooter.", datetime(2026, 3, 29)))
    assert extract(read_question("what scooter do I have"), found, {})[0].answer == "Ninja"
    # Asked what came before, the value given up is the one in turn (the model may still show the
    # whole sentence, which tells both).
    before = read_question("which scooter did I have before")
    left = left_behind(found)
    turns = {c.answer: candidate_out_of_turn(c, left, before.earlier) for c in read_candidates(before, found, {})}
    assert turns["Vespa"] is False and turns["Ninja"] is True
    assert given_up("Decided to drop Peixaria Costa. From next week") == ["peixaria costa"]
    assert given_up("Last day at Byrne & Moran; we stopped using Jira. Sam Sold Vespa.") == [
        "byrne & moran",
        "jira",
        "vespa",
    ]
    assert given_up("I left it there. Dropped in\nThere") == []


def test_light_verbs_of_a_question_are_no_topic_a_sentence_must_share() -> None:
    asked = read_question("who did I go to Parklife with")
    assert asked.focus == ("parklife",)
    found = notebook(("Parklife with Jordan. Lost my voice, found a bucket hat.", datetime(2026, 6, 14)))
    assert extract(asked, found, {"jordan": "Person"})[0].answer == "Jordan"


def test_plural_and_past_forms_in_y_meet_their_word() -> None:
    assert stem("studies") == stem("study") == stem("studied")
    assert stem("cities") == stem("city") and stem("supplier") == stem("supplies")


def test_the_sentence_that_answers_beats_the_one_that_only_sets_the_scene() -> None:
    asked = read_question("what did Declan give me on my last day")
    assert asked.setting == ("last", "day")
    found = notebook(("Last day at Byrne & Moran. Cake, speeches, Declan gave me his old fountain pen.", WRITTEN))
    assert extract(asked, found, {"declan": "Person"}, minimum=0.0)[0].sentence.endswith("fountain pen.")
    # A question whose only topic is its scene keeps it whole.
    assert read_question("who did I go to Parklife with").setting == ()


def test_a_hyphened_word_holds_its_parts() -> None:
    asked = read_question("how often am I on call at Halcyon")
    found = notebook(("Halcyon onboarding: on-call is one week in six", WRITTEN))
    got = extract(asked, found, {"halcyon": "Organization"})
    assert got and got[0].sentence.endswith("one week in six")

    # And the other way round: a hyphened question word is looked for by its parts.
    assert {"next", "door", "neighbour"} <= set(read_question("who is the next-door neighbour").focus)
    found = notebook(
        ("Lost two balls over the fence to next door, a retired teacher called Mrs Begum.", WRITTEN),
        ("Sana finally has a room for her sewing.", WRITTEN),
    )
    got = extract(read_question("who is the next-door neighbour"), found, {"mrs begum": "Person", "sana": "Person"})
    assert got and got[0].answer == "Mrs Begum"


def test_an_amount_per_period_is_a_sum_for_how_much() -> None:
    found = notebook(
        ("flat in Benimaclet: 780/month, keys 15 June. First week there, five minutes from work.", WRITTEN)
    )
    read = read_candidates(read_question("how much is the rent in Benimaclet"), found, {"benimaclet": "Place"})
    units = {c.answer: c.features.get("unit", 0.0) for c in read}
    assert units["780/month"] == 1.0 and units["five minutes"] == 0.0


def test_a_time_of_day_is_no_amount() -> None:
    sentence = "Course starts 2 March, Tuesdays 6-9pm at Aston, 40 seats, doors 7.30 pm."
    assert [s.text for s in value_spans(sentence, WRITTEN, AnswerKind.NUMBER) if AnswerKind.NUMBER in s.kinds] == ["40"]
    assert [s.text for s in value_spans("cost 8.50, ran 5-10 km", WRITTEN, AnswerKind.NUMBER)] == ["8.50", "5", "10 km"]


def test_a_number_is_no_amount_inside_a_word() -> None:
    sentence = "switched to 1Password and a 3rd floor desk, 10km ride, 2x4 boards, 640 EUR a year"
    found = [s.text for s in value_spans(sentence, WRITTEN, AnswerKind.NUMBER)]
    assert found == ["10km", "2x4", "640 EUR"]


def test_names_the_router_found_in_lower_case_are_names_only_when_the_graph_capitalises_them() -> None:
    hints = (
        EntityHint("sarah", "Sarah Chen", "alias", 1.0),
        EntityHint("team", "teams", "fuzzy", 0.89),
    )
    chosen = Route(QueryType.ENTITY_LOOKUP, 1.0, entity_hints=hints)
    assert hinted_names("who runs the team of sarah", chosen, "Me") == ("sarah",)


def test_the_answer_models_weights_are_checked_before_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    damaged = bytearray(answer_model.WEIGHTS.read_bytes())
    damaged[len(damaged) // 2] ^= 0xFF
    weights = tmp_path / "answer_weights.npz"
    weights.write_bytes(bytes(damaged))
    monkeypatch.setattr(answer_model, "WEIGHTS", weights)
    answer_model.shipped_ranker.cache_clear()
    try:
        with pytest.raises(ModelError, match=r"answer model.*corrupt"):
            answer_model.answer_probabilities([{"inside": 1.0}])
        weights.unlink()
        with pytest.raises(ModelError, match="missing"):
            answer_model.answer_probabilities([{"inside": 1.0}])
    finally:
        answer_model.shipped_ranker.cache_clear()


def test_a_clear_answer_is_likelier_than_a_sentence_that_only_shares_a_word() -> None:
    asked = read_question("where did Efua move to")
    found = notebook(
        ("Efua moved to Accra in March, she starts at the university there.", WRITTEN),
        ("Efua loves the beach; we went to Brighton once.", WRITTEN),
    )
    got = extract(asked, found, {"efua": "Person", "accra": "Place", "brighton": "Place"}, minimum=0.0)
    assert got[0].answer == "Accra" and got[0].score > got[1].score


def test_a_less_likely_answer_follows_a_sure_one_but_never_stands_alone() -> None:
    asked = read_question("where did Efua move to")
    found = notebook(
        ("Efua moved to Accra in March, she starts at the university there.", WRITTEN),
        ("Efua loves the beach; we went to Brighton once.", WRITTEN),
    )
    known = {"efua": "Person", "accra": "Place", "brighton": "Place"}
    sure, unsure = (a.score for a in extract(asked, found, known, minimum=0.0))
    between = (sure + unsure) / 2
    assert [a.answer for a in extract(asked, found, known, minimum=between, alternative=between)] == ["Accra"]
    both = extract(asked, found, known, minimum=between, alternative=unsure)
    assert [a.answer for a in both] == ["Accra", "Brighton"]
    assert extract(asked, found, known, minimum=sure + 0.01, alternative=unsure) == []


def test_a_value_known_by_its_shape_answers_though_it_spells_the_name_asked_about() -> None:
    found = notebook(("Priscilla's email: priscilla.osei@northwind.io", datetime(2026, 2, 3)))
    email = extract(read_question("what is Priscilla's email"), found, {})
    assert [a.answer for a in email] == ["priscilla.osei@northwind.io"]


def test_a_street_word_is_a_whole_word() -> None:
    said = "Obaachan is 88 and still makes tamagoyaki every morning at six."
    assert value_spans(said, WRITTEN, AnswerKind.PLACE) == []
    assert [s.text for s in value_spans("she lives at 12 Harbour St.", WRITTEN, AnswerKind.PLACE)] == ["12 Harbour St."]


def test_old_asks_for_an_age_only_after_how() -> None:
    index = EntityIndex({"jonas": "Jonas"}, user_name="Me")
    aged = route("how old is Jonas", WRITTEN, index)
    assert aged.query_type == QueryType.ENTITY_LOOKUP and aged.lookup_mode == "attribute"
    assert route("who bought Jonas's old bike", WRITTEN, index).lookup_mode != "attribute"


def test_my_parents_or_my_kids_are_not_me() -> None:
    index = EntityIndex({"jonas": "Jonas"}, user_name="Me")
    for question in ("where do my parents live", "where do my kids go to school"):
        hints = route(question, WRITTEN, index).entity_hints
        assert [h.text for h in hints if h.matched_by == "relation"] == [f"my {question.split()[3]}"]
    assert route("where do I live", WRITTEN, index).attribute_hint == "lives_in"


def test_what_was_wrong_with_a_thing_asks_for_a_sentence_not_a_name() -> None:
    assert read_question("what was wrong with Librus").kind == AnswerKind.SENTENCE
    assert read_question("what is the name of the bakery").kind != AnswerKind.SENTENCE


def test_a_short_sentence_answering_whole_is_shown_with_the_next_one_of_its_note() -> None:
    found = notebook(
        ("Onboarding v3 launched Monday. Drop-off after the second screen went from 48% to 31%.", WRITTEN),
    )
    answers = extract(read_question("what happened to onboarding after v3 launched"), found, {}, minimum=0.0)
    shown = next(a for a in answers if a.sentence.startswith("Onboarding v3"))
    assert shown.sentence.endswith("from 48% to 31%.")


def test_a_name_ends_before_a_bracket() -> None:
    names = [s.text for s in name_spans("Call with Maison Duval (Claire Martin, marketing)", {})]
    assert names == ["Maison Duval", "Claire Martin"]


def test_the_top_hits_sentences_are_read_though_they_share_none_of_the_questions_words() -> None:
    rent = ("Looked at a flat in Floreasca. The landlord wants 550 euros a month.", datetime(2026, 3, 8, 19))
    question = read_question("how much rent do we pay")
    first = read_candidates(question, notebook(rent), {})
    assert "550 euros" in [c.answer for c in first]
    # Behind another note, a sentence needs the question's words to be read.
    second = read_candidates(question, notebook(("Bought a lamp for the hall.", rent[1]), rent), {})
    assert "550 euros" not in [c.answer for c in second]
    # It must name whom the question asks about (or be their turn), not only stand in a note that does.
    vet = notebook(("Jonas came along to the clinic. Biscuit is back, 300 euros for the stitches.", rent[1]))
    jonas = read_candidates(read_question("how much did Jonas pay the vet"), vet, {"jonas": "Person"})
    assert all(not c.passage.text.startswith("Biscuit") for c in jonas)
    # Only the hit's own: a note written minutes before it is read by the question's words.
    when = rent[1].astimezone()
    jots = passages(
        [
            Read("n0", "The landlord wants 550 euros a month.", when, 0, FOUND_SIMILARITY, hit=False),
            Read("n1", "ok", when, 0, FOUND_SIMILARITY, hit=False),
            Read("n2", "Bought a lamp for the hall.", when, 0, FOUND_SIMILARITY),
        ]
    )
    assert "550 euros" not in [c.answer for c in read_candidates(question, jots, {})]


def test_a_thing_its_owner_calls_that_or_yours_is_someone_elses() -> None:
    when = datetime(2026, 5, 2, 18).astimezone()
    found = passages(
        [
            Read("n0", "Omar: Biscuit, my dog, stole a whole baguette.", when, 0, FOUND_SIMILARITY),
            Read("n1", "Jonas: Ha, that dog has expensive taste.", when, 1, FOUND_SIMILARITY),
        ]
    )
    people = PEOPLE | {"omar": "Person"}
    assert "Biscuit" in extract(read_question("What is the name of Omar's dog?"), found, people)[0].answer
    # Jonas's "that dog" is Omar's, and Omar's "my dog" is no answer about Jonas's.
    assert extract(read_question("What is the name of Jonas's dog?"), found, people) == []


def test_the_speaker_of_a_turn_answers_who_when_speaking_of_themselves_or_asked_who_told() -> None:
    when = datetime(2026, 3, 6, 17).astimezone()
    offer = passages(
        [Read("n0", "Lucy Tran: Hi, it's Lucy. We'd love to offer you the ranger role.", when, 0, FOUND_SIMILARITY)]
    )
    offered = read_candidates(read_question("who offered me the ranger role"), offer, {})
    assert "Lucy Tran" in [c.answer for c in offered]
    # A turn about someone else does not make its speaker the answer.
    stuck = passages([Read("n0", "Jonah: she's stuck at Medtronic till 8, she'll meet us there", when, 0)])
    assert "Jonah" not in [c.answer for c in read_candidates(read_question("who is stuck at Medtronic"), stuck, {})]
    # Asked who told it, whoever says it in a chat told it, speaking of themselves or not.
    hiring = passages([Read("n0", "Ana: the depot in Mangere is hiring drivers again", when, 0, FOUND_SIMILARITY)])
    told = read_candidates(read_question("who told me the depot was hiring"), hiring, {})
    assert "Ana" in [c.answer for c in told]
    assert "Ana" not in [c.answer for c in read_candidates(read_question("who is hiring drivers"), hiring, {})]


def test_the_name_a_turn_speaks_to_is_no_answer_of_what_it_tells() -> None:
    when = datetime(2026, 3, 6, 17).astimezone()
    people = PEOPLE | {"walt": "Person", "hank": "Person", "maria": "Person"}
    for turn in ("Hank: Walt the library is hiring again", "Hank: Hi Walt, the library is hiring again"):
        found = passages([Read("n0", turn, when, 0, FOUND_SIMILARITY)])
        answers = [
            c.answer for c in read_candidates(read_question("who told me the library was hiring"), found, people)
        ]
        assert "Hank" in answers and not [a for a in answers if "Walt" in a]
    # Named first in the writer's own words, a name tells who did it.
    own = passages([Read("n0", "Maria the new librarian says the library is hiring", when, 0, FOUND_SIMILARITY)])
    assert "Maria" in [c.answer for c in read_candidates(read_question("who said the library was hiring"), own, people)]


def test_a_turn_that_says_you_names_the_one_it_speaks_to() -> None:
    when = datetime(2026, 5, 2, 18).astimezone()
    people = PEOPLE | {"omar": "Person", "karim": "Person"}
    found = passages(
        [
            Read("n0", "Omar: Karim bought your bike, he sent me a photo of him riding it.", when, 0, FOUND_SIMILARITY),
            Read("n1", "Jonas: Great, he was very polite.", when, 1, FOUND_SIMILARITY),
        ]
    )
    read = read_candidates(read_question("Who bought Jonas's old bike?"), found, people)
    assert any(c.answer == "Karim" and c.passage.text.startswith("Karim bought") for c in read)


def test_a_thing_named_as_someone_elses_answers_nothing_about_the_one_asked() -> None:
    when = datetime(2026, 5, 2, 18).astimezone()
    found = passages(
        [
            Read("n0", "Jonas: Leila's wedding is in June, right?", when, 0, FOUND_SIMILARITY),
            Read("n1", "Omar: Better than the ancient desktops you had.", when, 0, FOUND_SIMILARITY),
        ]
    )
    people = PEOPLE | {"omar": "Person", "leila": "Person"}
    assert all(
        "June" not in c.answer for c in read_candidates(read_question("When is Jonas's wedding?"), found, people)
    )


def test_each_candidate_is_measured_by_how_close_its_sentence_means_the_question() -> None:
    found = notebook(
        ("Long day at Harlow Hardware. The heatwave emptied our shelves of desk fans by noon.", datetime(2026, 7, 2))
    )
    question = read_question("what sold out in the heatwave")
    asked: list[list[str]] = []

    def closeness(sentences: Sequence[str]) -> list[float]:
        asked.append(list(sentences))
        return [0.7 if "fans" in s else 0.1 for s in sentences]

    candidates = read_candidates(question, found, {}, closeness)
    meant = {c.sentence: (c.features["meaning"], c.features["meaning_gap"]) for c in candidates}
    fans = next(v for s, v in meant.items() if "fans" in s)
    assert fans == pytest.approx((0.7 - ANSWER_TYPICAL_COSINE, 0.0))
    assert all(v == pytest.approx((0.1 - ANSWER_TYPICAL_COSINE, -0.6)) for s, v in meant.items() if "fans" not in s)
    # Each sentence is measured once, however many candidates it holds.
    assert len(asked) == 1 and len(asked[0]) == len(set(asked[0]))
    # Without the model the features are absent: the ranker reads the rest as before.
    assert all("meaning" not in c.features for c in read_candidates(question, found, {}))


def test_who_asks_for_a_person_tied_to_a_thing_not_for_the_thing() -> None:
    index = EntityIndex(
        {"obsidian": "Obsidian", "leeds": "Leeds", "ruth": "Ruth"},
        user_name="Me",
        kinds={"Obsidian": "Technology", "Leeds": "Place", "Ruth": "Person"},
    )
    assert route("who got me hooked on Obsidian", WRITTEN, index).query_type == QueryType.SEARCH
    assert route("who showed me around Leeds", WRITTEN, index).query_type == QueryType.SEARCH
    assert route("who is Ruth", WRITTEN, index).query_type == QueryType.ENTITY_LOOKUP
    # A tool the word lists know is nobody: only the person is a candidate for who.
    found = notebook(("Switched from Todoist to TickTick over the weekend. Kalani sold me on it.", WRITTEN))
    answers = {
        c.answer for c in read_candidates(read_question("who got me into TickTick"), found, {"kalani": "Person"})
    }
    assert "Kalani" in answers and "Todoist" not in answers
    # A name whose type the graph does not hold may be someone.
    assert route("who is Tomasz", WRITTEN, EntityIndex({"tomasz": "Tomasz"})).query_type == QueryType.ENTITY_LOOKUP


def test_a_name_the_graph_types_as_something_else_is_contrary_to_the_question() -> None:
    known = {"todoist": "Technology", "ines": "Person"}
    spans = {s.text: s for s in name_spans("Ines moved my lists from Todoist", known)}
    who = read_question("who moved my lists")
    assert span_measures(who, spans["Todoist"], "", 2, {})["contrary"] == 1.0
    assert span_measures(who, spans["Ines"], "", 2, {})["contrary"] == 0.0
    unknown = name_spans("lists moved by Kalinda", {})[0]
    assert span_measures(who, unknown, "", 1, {})["contrary"] == 0.0
    # A place is no car nor an app ("what car does Matías drive"), though it may be a hotel.
    town = name_spans("Matías moved down to Santa Cruz", {"santa cruz": "Place"})[0]
    assert span_measures(read_question("what car does Matías drive"), town, "", 1, {})["contrary"] == 1.0
    assert span_measures(read_question("which hotel did we stay at"), town, "", 1, {})["contrary"] == 0.0


def test_a_relation_asked_with_a_word_saying_which_is_the_users_relation() -> None:
    index = EntityIndex({"oona": "Oona Brady"}, relations={"manager": "Oona Brady"}, user_name="Me")
    hints = route("who was my team lead before Oona", WRITTEN, index).entity_hints
    assert hints[0].text == "my lead" and hints[0].name == "Oona Brady"


@pytest.mark.parametrize("question", ["where did I move to", "where is Karen moving", "where did we move"])
def test_where_someone_moved_asks_where_they_live(question: str) -> None:
    asked = route(question, WRITTEN, EntityIndex({"karen": "Karen"}, user_name="Me"))
    assert asked.query_type == QueryType.ENTITY_LOOKUP and asked.attribute_hint == "lives_in"


def test_a_notes_turns_are_read_as_the_graph_reads_them() -> None:
    meeting = "## Menu planning\nAttendees: Jens, Kofi from Frischeparadies, me\n- me: cost the lamb dish"
    assert {speaker for _, speaker in cut_note(meeting)} == {None}
    chat = "Zinhle: did you sort it?\nme: not yet\nZinhle: Bitwarden. trust me"
    assert [speaker for _, speaker in cut_note(chat)] == ["Zinhle", None, "Zinhle", "Zinhle"]
    # A note that is one turn of a chat kept one note per turn.
    assert cut_note("Omar: I'm in Lisbon!") == [("I'm in Lisbon!", "Omar")]
    # A chat pasted without the writer in it, of speakers the name lists know; a note of labels is none.
    pasted = "Tove: I got a job at Northern Echo Audio.\nOmar: Amazing! I moved to Chapel Allerton."
    assert cut_note(pasted) == [
        ("I got a job at Northern Echo Audio.", "Tove"),
        ("Amazing!", "Omar"),
        ("I moved to Chapel Allerton.", "Omar"),
    ]
    assert {speaker for _, speaker in cut_note("Goal: a fourteener\nTodo: I book the hut")} == {None}


def test_what_the_rent_or_a_price_is_asks_for_a_sum() -> None:
    for asked in ("what is the rent in Leith", "what does the course cost", "what was the price of the van"):
        question = read_question(asked)
        assert (question.kind, question.measure) == (AnswerKind.NUMBER, "much"), asked
    assert read_question("what is the name of the cat").measure != "much"


def test_a_money_word_before_a_preposition_left_without_its_object_asks_for_a_thing() -> None:
    for asked in ("what do we cost recipes in now", "what did I cost the menu in at the hotel", "what do I pay with"):
        assert read_question(asked).kind != AnswerKind.NUMBER, asked
    assert read_question("what is the rent in St. Vital").kind == AnswerKind.NUMBER


def test_a_verbs_inflections_meet_whatever_its_own_ending() -> None:
    pairs = (("offer", "offered"), ("order", "ordered"), ("answer", "answers"), ("move", "moving"), ("pass", "passed"))
    for plain, inflected in (*pairs, ("call", "called"), ("add", "added"), ("miss", "missing")):
        assert stem(plain) == stem(inflected), plain


def test_a_kind_of_tool_the_writer_is_on_asks_what_they_use() -> None:
    index = EntityIndex({"tariq": "Tariq"}, user_name="Me")
    for asked in ("which operating system am I on now", "what password manager do I have"):
        assert route(asked, WRITTEN, index).attribute_hint == "uses", asked
    assert route("which notes app does Tariq use", WRITTEN, index).attribute_hint != "uses"


def test_a_tie_only_people_hold_is_not_answered_by_a_firm_before_a_person() -> None:
    known = {"brightwell joinery": "Organization", "dana holm": "Person"}
    found = notebook(("First week as foreman at Brightwell Joinery. Dana Holm runs it and walked me round.", WRITTEN))
    boss = read_question("who is my boss")
    assert boss.human and not read_question("who insures the van").human
    assert read_question("who told me about the job").human
    # The members of a gathering are people: not the firm the interview was at.
    assert read_question("who was on the interview panel").human and read_question("who came to the party").human
    answers = [a.answer for a in extract(boss, found, known)]
    assert "Dana Holm" in answers
    assert "Brightwell Joinery" not in answers[: answers.index("Dana Holm")]
    firm = next(s for s in name_spans("at Brightwell Joinery", known) if s.text == "Brightwell Joinery")
    assert span_measures(boss, firm, "", 1, {})["contrary"] == 1.0
    assert span_measures(read_question("who insures the van"), firm, "", 1, {})["contrary"] == 0.0


def test_where_a_thing_is_asks_for_its_spot_which_a_phrase_after_it_tells() -> None:
    for asked in ("where is the spare key", "where's my passport?", "where did I put the charger"):
        question = read_question(asked)
        assert (question.kind, question.measure) == (AnswerKind.PLACE, "spot"), asked
    # Where someone lives or works, or where a named one is, is a place's name.
    for asked in ("where do I live", "where is Tom", "where did I work before"):
        assert read_question(asked).measure is None, asked
    key = read_question("where is the spare key").focus
    assert [s.text for s in spot_spans("the spare key is under the gnome by the back door", key)] == [
        "under the gnome by the back door"
    ]
    # A phrase far from the thing, or a day, is no spot of it.
    assert spot_spans("spare key cut today, then lunch with Mum at the Crown", key) == []
    assert spot_spans("lost the key on Friday", key) == []
    # Nor is a stretch of time.
    wedding = read_question("where is the wedding").focus
    assert spot_spans("the wedding is in two weeks, I wrote the toast on the bus", wedding) == []
    assert [s.text for s in spot_spans("the wedding is in the old town hall", wedding)] == ["in the old town hall"]
    # Nor is a set phrase of English that opens with a place's preposition.
    cat = read_question("where did we adopt the cat").focus
    for said in ("We adopted a cat, by the way.", "adopted the cat at last", "the cat came in fact"):
        assert spot_spans(said, cat) == [], said
    assert [s.text for s in spot_spans("we adopted the cat at the shelter", cat)] == ["at the shelter"]


def test_work_after_a_preposition_is_the_scene_and_after_going_to_the_workplace_asked() -> None:
    def asked(question: str) -> str | None:
        match = ATTRIBUTE_WORD.search(question)
        return attribute_asked(match) if match and asks_the_attribute(question, match) else None

    assert asked("where is Marcus going to work") == "works_at"
    assert asked("what company does Tom work for") == "works_at"
    assert asked("what issue tracker do we use at work") is None


def test_leaving_is_said_with_any_verb_of_giving_up_or_moving_on() -> None:
    found = notebook(
        ("Switched my notes from Evernote to Obsidian. Evernote's price went up again and the sync was slow.", WRITTEN)
    )
    answers = extract(read_question("why did I leave Evernote"), found, {})
    assert answers and "price went up" in answers[0].sentence


def test_a_reply_to_a_question_asked_without_its_mark_says_what_it_asks() -> None:
    chat = "me: Valo offered!!\nEetu: kippis! when do you start\nme: 13 April. telling Jussi tomorrow"
    found = notebook((chat, datetime(2026, 3, 11, 20)))
    reply = next(p for p in found if p.text.startswith("13 April"))
    assert reply.reply
    # The question is no answer; the reply to it is, though only the question says "start".
    assert not [c for c in read_candidates(read_question("when do I start"), found, {}) if "start" in c.sentence]
    answers = extract(read_question("when do I start at Valo"), found, {}, minimum=0.3)
    assert answers and answers[0].answer.startswith("13 April")


def test_a_reply_answers_every_sentence_of_the_question_it_follows() -> None:
    chat = (
        "Kasia: Ola's hen party is that weekend, I'll skip the afternoon.\n"
        "Femi: Ola is getting married? Your little sister?\n"
        "Kasia: 12 September in Sopot, to a Swede called Erik."
    )
    found = notebook((chat, datetime(2026, 7, 5, 20)))
    reply = next(p for p in found if p.text.startswith("12 September"))
    # The question's first sentence, not only the one right before the reply, says what it asks.
    assert reply.reply and {stem("Ola"), stem("married")} <= reply.asked
    answers = extract(read_question("when is Ola getting married"), found, {})
    assert answers and answers[0].answer.startswith("12 September")


def test_other_words_for_the_question_word_tell_it_where_the_asked_person_is_said() -> None:
    moved = notebook(
        ("Inês called about the baby, she is due in May.", WRITTEN),
        ("Lunch in Lisbon with Tomek.", WRITTEN),
        ("Inês and Rui moved to Porto in the summer, he got a job at a hospital.", WRITTEN),
    )
    known = {"inês": "Person", "rui": "Person", "lisbon": "Place", "porto": "Place"}
    lives = extract(read_question("where does Inês live"), moved, known)
    assert lives and lives[0].answer == "Porto"
    # The writer's own flat tells nothing of where someone else lives.
    mine = notebook(("Rui came round for dinner.", WRITTEN), ("The flat in Bonfim is small and noisy.", WRITTEN))
    assert not extract(read_question("where does Rui live"), mine, {"rui": "Person"})


def test_a_participle_after_a_present_is_or_getting_takes_its_tense() -> None:
    married = notebook(("Ola is getting married on 12 September, in Sopot.", WRITTEN))
    wedding = extract(read_question("when is Ola's wedding"), married, {"ola": "Person"})
    # "is getting married" is a plan: the coming 12 September, not the one gone.
    assert wedding and wedding[0].answer == "on 12 September (Sat 12 Sep 2026)"


def test_sums_with_spaced_thousands_owing_and_who_told_versus_who_was_told() -> None:
    found = notebook(("- pay Pappa back 3 000 kr for the van fuel\n- rent for the flat 9 800 kr/month", WRITTEN))
    owed = extract(read_question("how much do I owe Pappa"), found, {})
    assert owed and owed[0].answer == "3 000 kr"
    # On 4 May 2026 is a day, no amount of 2 026.
    assert [s.text for s in value_spans("on 4 May 2026 we met 300 people", WRITTEN, AnswerKind.NUMBER)][-1] == "300"
    chat = (
        "Ingrid: did you see Dyreparken wants a keeper with a nursing background??\n"
        "me: ok sending it tonight, don't tell Solveig"
    )
    told = extract(read_question("who told me about the Dyreparken job"), notebook((chat, WRITTEN)), {})
    assert told and told[0].answer == "Ingrid"


def test_a_thing_the_writer_calls_mine_beside_the_sentence_read_is_not_anothers() -> None:
    found = notebook(
        (
            "First week done. Anders Holt is calm and trusts you. The pandas are Tashi and Momo and Momo bit my glove.",
            WRITTEN,
        )
    )
    offered = read_candidates(read_question("who bit Anders's glove"), found, {"anders holt": "Person"})
    assert not [c for c in offered if c.answer in ("Tashi", "Momo")]


def test_someone_elses_tie_is_read_only_where_they_are_named_or_spoken_of() -> None:
    first_day = (
        "First day as foreman at Hisingen Snickeri. Annika walked me round and introduced me to the team. "
        "Two of the lads are older than me. Lunch in the container with Said and Petra."
    )
    known = {"annika": "Person", "petra": "Person", "said": "Person", "hisingen snickeri": "Organization"}
    offered = read_candidates(read_question("who is Petra's manager"), notebook((first_day, WRITTEN)), known)
    assert not [c for c in offered if c.answer == "Annika"]
    chat = (
        "Yumi: Mio's teacher called, she fell asleep in class\nme: I'll talk to her\nYumi: her teacher is Ms. Arai btw"
    )
    answers = extract(read_question("who is Mio's teacher"), notebook((chat, WRITTEN)), {})
    assert answers and answers[0].answer == "Ms. Arai"


def test_a_sum_per_period_is_money_for_how_much_with_or_without_its_currency() -> None:
    for told in ("720 a week", "780/month", "£50 per week", "2,150 a month"):
        assert unit_fits(Span(0, len(told), told, frozenset(), frozenset()), "much"), told
    assert not unit_fits(Span(0, 4, "Four", frozenset(), frozenset()), "much")


def test_a_later_note_tells_no_other_first_day_unless_it_speaks_of_the_start() -> None:
    began = datetime(2026, 5, 4, 21, 40).astimezone()
    job = Fact(
        1,
        Aspect.IDENTITY,
        "First day at Medhavi Hospitals!",
        "Me",
        "works_at",
        "Medhavi Hospitals",
        began,
        None,
        None,
        ("n1",),
        "First day at Medhavi Hospitals!",
    )
    handled = Handled((fact_item(job, "Since Mon 4 May 2026"),), precise=True, written_day=True, began=True)
    asked = read_question("when did I join Medhavi Hospitals")
    chosen = Route(
        QueryType.ASPECT_QUERY, 0.7, entity_hints=(EntityHint("medhavi", "Medhavi Hospitals", "alias", 1.0),)
    )
    later = datetime(2026, 10, 10, 22, 0).astimezone()
    wedding = Extracted(
        "7 February", "Divya and me fixed the wedding date, 7 February.", "n2", later, 0.9, AnswerKind.TIME
    )
    assert merged(asked, chosen, handled, [wedding])[0].source == "graph"
    start = Extracted("16 May", "I start at Medhavi Hospitals on 16 May.", "n2", later, 0.9, AnswerKind.TIME)
    assert merged(asked, chosen, handled, [start])[0].source == "notes"


def test_a_sentence_naming_a_tool_leads_the_tools_only_near_the_question_in_meaning() -> None:
    written = datetime(2026, 5, 4, 21, 40).astimezone()

    def used(fid: int, tool: str) -> AnswerItem:
        fact = Fact(fid, Aspect.KNOWLEDGE, "", "Me", "uses", tool, written, None, None, ("n1",), "")
        return fact_item(fact, f"Me · uses · {tool}")

    guessed = Handled((used(1, "Enyaq"), used(2, "Figma")), guessed=True)
    chosen = Route(QueryType.ASPECT_QUERY, 0.7, attribute_hint="uses")
    asked = read_question("what do I use for notes")
    known = {"joplin": "Technology", "evernote": "Product", "lena": "Person"}
    joplin = Extracted(
        "moved all my notes to Joplin, deleted Evernote",
        "moved all my notes to Joplin, deleted Evernote",
        "n2",
        written,
        0.7,
        AnswerKind.SENTENCE,
    )
    assert merged(asked, chosen, guessed, [joplin], known)[0].source == "notes"
    # A sentence that only shares a word with the question, or names only the tool it names, does not.
    phones = Extracted("no phones in class", "Lena: no phones in class", "n3", written, 0.7, AnswerKind.SENTENCE)
    assert merged(asked, chosen, guessed, [phones], known)[0].source == "graph"
    before = read_question("what did I use for notes before Joplin")
    try_it = Extracted("try Joplin", "try Joplin, it is free", "n4", written, 0.7, AnswerKind.SENTENCE)
    assert merged(before, chosen, guessed, [try_it], known)[0].source == "graph"
    # The graph's own answer, not a guess, keeps its place.
    sure = Handled((used(1, "Enyaq"),))
    assert merged(asked, chosen, sure, [joplin], known)[0].source == "graph"


def test_a_number_with_its_own_period_is_no_count_beside_a_sum() -> None:
    asked = read_question("how much did the gym cost a month")
    saved = "dropped the gym so I've cancelled it, saves me 35 a month"
    own = next(s for s in value_spans(saved, WRITTEN, asked.kind) if s.text.startswith("35"))
    assert span_measures(asked, own, saved, 1, {})["contrary"] == 0.0
    flat = "2 rooms, 890 €/month"
    rooms = next(s for s in value_spans(flat, WRITTEN, asked.kind) if s.text == "2")
    assert span_measures(asked, rooms, flat, 2, {})["contrary"] == 1.0


def test_a_weekday_after_a_name_is_its_day_not_part_of_it() -> None:
    spans = name_spans("Dentist appt Dr. Okoye Thurs 9:30, then lunch with Ana Friday", {})
    assert [s.text for s in spans] == ["Dr. Okoye", "Ana"]


def test_what_someones_someone_did_tells_nothing_the_asked_one_did() -> None:
    moved = read_question("where did Dayo move to")
    assert done_by_another(moved, "Yes, our old keyboard player moved to Glasgow, so I'm learning the parts.", {})
    assert not done_by_another(moved, "We moved! Out of Headingley at last.", {})
    assert not done_by_another(read_question("where did I move"), "My sister and I moved to Leeds", {})
    # One the question asks of, or one of several doings that is the asked one's own, stays.
    assert not done_by_another(read_question("where did my sister move"), "my sister moved to Leeds", {})
    work = read_question("where does Lina work")
    assert done_by_another(work, "her brother works at the bank", {})
    assert not done_by_another(work, "she works at the bike shop and her brother works at the bank", {})


def test_what_someone_named_did_tells_nothing_another_did() -> None:
    known = {"dawit": "Person", "julia brandt": "Person", "abay bank": "Organization"}
    started = read_question("when did I start at Abay Bank")
    assert done_by_another(started, "Dawit starts at the Jimma branch of Abay Bank in June.", known)
    assert done_by_another(started, "Then Dawit starts at Abay Bank", known)
    assert not done_by_another(read_question("when does Dawit start at Abay Bank"), "Dawit starts at Abay Bank", known)
    # A name the graph does not know as a person's may be a team's or a place's: it stays.
    assert not done_by_another(started, "Marketing starts at Abay Bank in June", known)
    moved = read_question("where did I move")
    assert done_by_another(moved, "Julia Brandt moved to Kiel", known)
    assert not done_by_another(moved, "Julia and I moved to Kiel", known)


@pytest.mark.parametrize(
    ("span", "only"),
    [("4:58pm", True), ("at 10:30", True), ("Sat 3pm", False), ("Thu 10:00", False), ("27 March at 3pm", False)],
)
def test_a_time_of_day_alone_is_told_from_one_with_its_day(span: str, only: bool) -> None:
    # A deadline is a day: only a span with no day beside its time is contrary to "when is it due".
    assert clock_only(span) is only


def test_leaving_somewhere_does_not_tell_who_bought_a_thing() -> None:
    people = {"ravi": "Person", "mei": "Person", "jun": "Person"}
    found = notebook(
        (
            'The report went to the board and Mei forwarded it with one line: "Jun\'s work." Ravi messaged that the'
            " old firm lost its biggest client, I am glad I left when I did.",
            datetime(2026, 9, 3),
        ),
    )
    # "sell" is a deal with a buyer, not a way of leaving: the sentence holds no deed asked of.
    assert extract(read_question("who did Ravi sell his car to"), found, people) == []
    sold = notebook(("Ravi sold his car to Mei last week.", datetime(2026, 9, 3)))
    assert extract(read_question("who did Ravi sell his car to"), sold, people)[0].answer == "Mei"


def test_a_sum_with_the_rands_r_glued_to_it_is_read_whole() -> None:
    def amounts(text: str) -> list[str]:
        return [s.text for s in value_spans(text, WRITTEN, AnswerKind.NUMBER)]

    assert "R9,500" in amounts("the rent is going to R9,500 from March")
    assert "500" not in amounts("the rent is going to R9,500 from March")
    # A road's name is no sum.
    assert amounts("took the R2 to Paarl") == []


def test_a_name_the_graph_knows_with_its_number_is_one_span() -> None:
    known = {"community 25": "Place", "kasoa": "Place"}
    assert [s.text for s in name_spans("the agent showed me the Community 25 house", known)] == ["Community 25"]
    # A number after a name the graph knows alone is no part of it.
    assert [s.text for s in name_spans("we moved to Kasoa 2 weeks ago", known)] == ["Kasoa"]


def test_which_one_in_a_row_or_a_sum_is_no_age() -> None:
    chat = (
        "Tariq: We're in Scarborough! Samira's first time at the seaside since she was tiny.\n"
        "Anouk: How much less does the school pay?\n"
        "Tariq: About four hundred pounds a month.\n"
        "Tariq: Samira says hi by the way. She's nine now."
    )
    found = notebook((chat, datetime(2026, 6, 27, 16)))
    answers = extract(read_question("How old is Samira?"), found, {"samira": "Person"}, minimum=0.0)
    assert [a.answer for a in answers] == ["nine"]


def test_a_holder_the_question_names_by_a_tie_is_whom_it_asks_about() -> None:
    chat = (
        "Anouk: Guess who's getting married!\n"
        "Tariq: You and Joost??\n"
        "Anouk: Ha, no. My brother Daan, to his boyfriend Luca, in Bologna."
    )
    found = notebook((chat, datetime(2026, 8, 8, 20)))
    known = {"anouk": "Person", "joost": "Person", "daan": "Person", "luca": "Person", "bologna": "Place"}
    marrying = extract(read_question("Who is Anouk's brother marrying?"), found, known, minimum=0.0)
    assert marrying and marrying[0].answer == "Luca"
    assert "Daan" not in [a.answer for a in marrying]
    # Asked for the tie itself, the holder answers.
    brother = extract(read_question("Who is Anouk's brother?"), found, known, minimum=0.0)
    assert "Daan" in [a.answer for a in brother]


def test_a_question_pointing_back_with_her_asks_of_whom_the_turn_before_told() -> None:
    chat = (
        "Tariq: We're driving to Nadia's parents in Bradford tomorrow. Her mum is turning seventy.\n"
        "Anouk: Happy birthday to her! What are you giving her?\n"
        "Tariq: A set of four mugs I made."
    )
    found = notebook((chat, datetime(2026, 10, 25, 11)))
    reply = next(p for p in found if p.text.startswith("A set"))
    assert {stem("Nadia"), stem("mum")} <= reply.asked
    known = {"tariq": "Person", "nadia": "Person", "anouk": "Person", "bradford": "Place"}
    gift = extract(read_question("What did Tariq give Nadia's mum for her seventieth birthday?"), found, known)
    assert gift and "mugs" in gift[0].answer


def test_a_turn_beside_of_someone_not_asked_about_tells_of_its_speaker() -> None:
    chat = (
        "Tariq: Samira and I went to the sculpture park. Then we had chips in Wakefield on the way home.\n"
        "Anouk: We bought a house! In Oosterbeek, like I said."
    )
    found = notebook((chat, datetime(2026, 4, 11, 10)))
    known = {"tariq": "Person", "samira": "Person", "anouk": "Person", "wakefield": "Place", "oosterbeek": "Place"}
    house = extract(read_question("Where did Anouk buy a house?"), found, known, minimum=0.0)
    # Tariq's "we" beside Anouk's sentence is Tariq and Samira: it answers nothing of Anouk's.
    assert house and house[0].answer == "Oosterbeek"
    assert all("Wakefield" not in a.sentence or a.sentence.startswith("Then") for a in house)


def test_a_number_of_things_is_no_stretch_of_time() -> None:
    chat = "Tariq: A set of four mugs I made.\nAnouk: I finished the trail race in 2 hours 51 minutes."
    found = notebook((chat, datetime(2026, 11, 16, 21)))
    known = {"tariq": "Person", "anouk": "Person"}
    race = extract(read_question("How long did Anouk take to finish the race?"), found, known, minimum=0.0)
    assert race and "four" not in [a.answer for a in race]
    assert race[0].answer.startswith("2 hours")


def test_a_name_given_after_a_bare_name_question_answers_what_it_is_called_not_where() -> None:
    chat = (
        "Anouk: Also we got a third cat, a tiny black kitten.\n"
        "Tariq: Judging. Name?\n"
        "Anouk: Pip. Someone left him at the hospital in Arnhem."
    )
    found = notebook((chat, datetime(2026, 10, 25, 11)))
    reply = next(p for p in found if p.text.startswith("Pip"))
    # "Name?" leaves out what it asks of: the turn before says it.
    assert stem("cat") in reply.asked
    known = {"anouk": "Person", "tariq": "Person", "pip": "Person", "arnhem": "Place"}
    called = extract(read_question("What is Anouk's third cat called?"), found, known)
    assert called and called[0].answer == "Pip"
    where = extract(read_question("Where did Anouk get her third cat?"), found, known, minimum=0.0)
    assert "Pip" not in [a.answer for a in where]


def test_a_thing_named_with_a_name_once_is_the_same_thing_in_a_later_session() -> None:
    found = notebook(
        ("Femi: We finally booked a stall, 3 May at the Digbeth food market.", datetime(2026, 4, 2, 20)),
        (
            "Kasia: How did the market go?\nFemi: Went great! We sold about 300 pączki, and a café owner asked for us.",
            datetime(2026, 5, 10, 19),
        ),
    )
    known = {"femi": "Person", "kasia": "Person", "digbeth": "Place"}
    sold = extract(read_question("How many pączki were sold at the Digbeth market?"), found, known)
    assert sold and sold[0].answer.startswith("300")


def test_the_name_of_a_tie_is_a_persons_and_a_person_is_no_car() -> None:
    sister = read_question("What is the name of Hiro's sister?")
    assert sister.kind == AnswerKind.PERSON
    assert read_question("What is Hiro's cat called?").kind == AnswerKind.NAME
    found = notebook(
        (
            "Hiro: The hospital in Sapporo where my sister works is hiring.\nHiro: Emi has been asking me for years.",
            datetime(2026, 2, 3, 19),
        ),
        ("Hiro: My old Honda died. I bought a used Subaru.\nHiro: Daisuke will drive.", datetime(2026, 9, 6, 20)),
    )
    known = {"hiro": "Person", "emi": "Person", "daisuke": "Person", "sapporo": "Place", "subaru": "Product"}
    named = extract(sister, found, known)
    assert named and named[0].answer == "Emi"
    car = extract(read_question("What car does Hiro drive now?"), found, known, minimum=0.0)
    assert car and car[0].answer != "Daisuke"


def test_a_name_given_in_quotes_is_what_a_thing_is_called() -> None:
    chat = (
        "Wanjiru: I sold forty jars of honey at the Karen farmers' market.\n"
        'Wanjiru: My cousin Njeri designed a label for the honey: "Limuru Gold".'
    )
    found = notebook((chat, datetime(2026, 7, 12, 12)))
    known = {"wanjiru": "Person", "njeri": "Person", "karen": "Place", "limuru gold": "Organization"}
    called = extract(read_question("What is Wanjiru's honey called?"), found, known)
    assert called and called[0].answer == "Limuru Gold"


def test_every_number_word_counts_and_a_way_is_told_by_either_end() -> None:
    numbers = [
        s.text for s in value_spans("it's about fourteen hours, seventeen if it snows", WRITTEN, AnswerKind.NUMBER)
    ]
    assert numbers == ["fourteen hours", "seventeen"]
    # The note names one end of the way only.
    chat = (
        "Hiro: I've lived in Osaka for eleven years.\n"
        "Wanjiru: Will you take your cat?\n"
        "Hiro: Of course. She hates trains so I'm driving up with her, it's about fourteen hours."
    )
    found = notebook((chat, datetime(2026, 4, 2, 21)))
    known = {"hiro": "Person", "wanjiru": "Person", "osaka": "Place", "sapporo": "Place"}
    drive = extract(read_question("How long is the drive from Osaka to Sapporo?"), found, known)
    assert drive and drive[0].answer == "fourteen hours"


def test_a_noun_of_one_who_does_something_asks_no_thing_no_person_is() -> None:
    # "what car", "which app": a name only a person bears answers neither.
    assert asks_a_thing("what car does Dawit have")
    assert asks_a_thing("which app do I log my runs in")
    # A buyer, a supplier, a florist may be a person or a firm: none is ruled out.
    assert not asks_a_thing("which buyer in Lyon got the report")
    assert not asks_a_thing("which supplier did I order the scales from")
    assert not asks_a_thing("which florist did the flowers")
    assert not asks_a_thing("which dentist did Ana see")


def test_a_firms_or_places_kind_alone_does_not_name_it() -> None:
    written = datetime(2026, 3, 10, 12)
    started = read_question("when did I start at Abay Bank")

    def named(sentence: str) -> bool:
        passage = one_passage(sentence, written)
        return names_everyone(started, passage, passage.note_words)

    assert not named("he's asking the bank for a transfer, start 4 May")
    assert named("First day at Abay Bank, start 4 May")
    swim = read_question("when did we swim in Lake Nakuru")
    lake = one_passage("swam in the lake on Sunday", written)
    assert not names_everyone(swim, lake, lake.note_words)


def test_what_a_period_is_asks_for_a_length() -> None:
    assert read_question("what is my notice period at Staffwise").kind == AnswerKind.NUMBER


def test_a_later_sentence_overtakes_the_holder_of_a_tie_only_when_it_speaks_of_the_tie() -> None:
    began = datetime(2026, 2, 27, 9, 0).astimezone()
    tie = Fact(1, Aspect.RELATIONSHIP, "", "Me", "doctor", "Dr. Ayşe Kaya", began, None, None, ("n1",), "")
    handled = Handled((fact_item(tie, "Your doctor: Dr. Ayşe Kaya"),), precise=True)
    asked = read_question("who is my doctor")
    chosen = Route(
        QueryType.ENTITY_LOOKUP, 0.7, entity_hints=(EntityHint("my doctor", "Dr. Ayşe Kaya", "relation", 1.0),)
    )
    later = datetime(2026, 5, 30, 21, 0).astimezone()
    holiday = Extracted("Cunda", "Bayram week at Grandma's in Cunda.", "n2", later, 0.84, AnswerKind.PERSON)
    assert merged(asked, chosen, handled, [holiday])[0].source == "graph"
    new = Extracted("Dr. Öztürk", "Registered with Dr. Öztürk, my new doctor.", "n3", later, 0.84, AnswerKind.PERSON)
    assert merged(asked, chosen, handled, [new])[0].source == "notes"
