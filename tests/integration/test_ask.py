"""Asking questions of the labelled memory notes: routes, answers with provenance, honest misses."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from cli_runner import run_cli

from remen.ask.extractive import extract
from remen.ask.handlers import mentions
from remen.ask.router import route
from remen.core.answers import QueryType
from remen.core.constants import ASK_NOTES
from remen.embed import HashedEmbedder
from remen.service import Remen
from remen.store import digests as digest_store
from scripts.evaluation.ask import add_labelled_notes, load_questions, score

LABELLED = Path(__file__).resolve().parents[1] / "data" / "memory_notes.jsonl"
QUESTIONS = LABELLED.with_name("ask_questions.jsonl")
NOW = datetime(2026, 5, 10, 10, 0).astimezone()


@pytest.fixture(scope="module")
def notebook(tmp_path_factory: pytest.TempPathFactory, embedder) -> Iterator[Remen]:  # type: ignore[no-untyped-def]
    """The 46 labelled notes, read into the graph once for the module."""
    with Remen.open(tmp_path_factory.mktemp("ask") / "ask.db", embedder=embedder) as app:
        add_labelled_notes(lambda text, created: app.add(text, created=created), LABELLED)
        assert app.extract_pending().done == 46
        yield app


def test_the_labelled_questions_meet_the_measured_quality(notebook: Remen) -> None:
    # Thresholds a little under the figures measured on this set (README: ask quality).
    questions = load_questions(QUESTIONS)
    assert len(questions) >= 80
    scores = score(lambda q, at: notebook.ask(q, now=at), questions, NOW)
    assert scores.route_accuracy >= 0.95, scores.misses
    assert scores.answer_accuracy >= 0.93, scores.misses


@pytest.mark.parametrize(
    ("question", "route", "answer"),
    [
        ("what is my wife's birthday", QueryType.ENTITY_LOOKUP, "Julia's birthday: 12 May 1988"),
        ("julias bday?", QueryType.ENTITY_LOOKUP, "Julia's birthday: 12 May 1988"),
        ("when's anna's birthday", QueryType.ENTITY_LOOKUP, "Anna's birthday: 22 August"),
        ("Julia's email?", QueryType.ENTITY_LOOKUP, "julia.kraus@posteo.de"),
        ("what's Sarah's phone number", QueryType.ENTITY_LOOKUP, "+44 7700 900123"),
        ("where does tom work", QueryType.ENTITY_LOOKUP, "Tom's workplace: Initech"),
        ("where do I live", QueryType.ENTITY_LOOKUP, "Your home: Hamburg"),
        ("who is my manager", QueryType.ENTITY_LOOKUP, "Priya"),
        ("who's my landlord again", QueryType.ENTITY_LOOKUP, "Klaus Meyer"),
        ("how do I know Tom", QueryType.RELATIONSHIP, "Me · friend · Tom"),
        ("tell me about Priya", QueryType.ENTITY_LOOKUP, "Priya"),
        ("who is sarah", QueryType.ENTITY_LOOKUP, "Sarah Chen (person) · home: Manchester · phone number"),
        ("who is my wife", QueryType.ENTITY_LOOKUP, "Julia (person) · email: julia.kraus@posteo.de"),
    ],
)
def test_questions_get_the_right_answer_with_its_note(
    notebook: Remen, question: str, route: QueryType, answer: str
) -> None:
    result = notebook.ask(question, now=NOW)
    assert result.route.query_type == route, result.route.evidence
    assert result.answers, result.not_found
    assert answer in result.answers[0].text
    assert result.answers[0].note_ids and result.answers[0].as_of is not None


def test_a_changed_value_comes_with_its_history(notebook: Remen) -> None:
    result = notebook.ask("where does tom work", now=NOW)
    earlier = result.answers[0].earlier
    assert [f.target for f in earlier] == ["Globex"] and earlier[0].invalid_at is not None


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("what is Leo's birthday", "don't say Leo's birthday"),
        ("what's Tom's email", "don't say Tom's email"),
        ("what is Bartholomew's phone number", None),
    ],
)
def test_an_answer_the_notes_do_not_have_is_not_invented(notebook: Remen, question: str, says: str | None) -> None:
    result = notebook.ask(question, now=NOW)
    assert not result.answers
    if says is not None:
        assert result.not_found is not None and says in result.not_found


@pytest.mark.parametrize(
    ("question", "person", "answer"),
    [
        ("who reviewed the PR", "@marco", "@marco reviewed the PR"),
        ("whats the phone number of the product designer", "Sarah Chen", "Sarah Chen's phone number: +44 7700 900123"),
        ("email of the person born in 1988", "Julia", "Julia's email: julia.kraus@posteo.de"),
    ],
)
def test_a_person_described_but_not_named_is_found_by_meaning(
    notebook: Remen, question: str, person: str, answer: str
) -> None:
    result = notebook.ask(question, now=NOW)
    assert [(h.name, h.matched_by) for h in result.route.entity_hints][:1] == [(person, "meaning")]
    assert any(answer in item.text for item in result.answers), result.answers


@pytest.mark.parametrize("question", ["who is the best python web framework", "who fixed the kitchen sink"])
def test_a_description_that_fits_nobody_stays_a_search(notebook: Remen, question: str) -> None:
    result = notebook.ask(question, now=NOW)
    assert result.route.query_type == QueryType.SEARCH and not result.answers


@pytest.mark.parametrize(
    "question", ["pasta recipe", "docker build cache", "lisbon", '"quarterly report"', "c++", "the and of"]
)
def test_plain_searches_are_not_routed(notebook: Remen, question: str) -> None:
    result = notebook.ask(question, now=NOW)
    assert result.route.query_type == QueryType.SEARCH and not result.answers


def test_the_note_list_always_comes_along(notebook: Remen) -> None:
    result = notebook.ask("what is my wife's birthday", now=NOW)
    assert result.answers[0].note_ids[0] in {hit.note_id for hit in result.notes}


def test_cli_ask_and_explain(hermetic_home: Path) -> None:
    assert run_cli("add", "My wife Julia was born on 12 May 1988.").returncode == 0
    assert run_cli("worker", "--once").returncode == 0
    answered = json.loads(run_cli("ask", "--json", "julias bday").stdout)
    assert answered["route"]["query_type"] == "entity_lookup"
    assert answered["answers"][0]["text"] == "Julia's birthday: 12 May 1988" and answered["notes"]
    printed = run_cli("ask", "when is julia's birthday").stdout
    assert printed.startswith("Julia's birthday: 12 May 1988 (as of")
    explained = run_cli("explain", "julias bday").stdout
    assert "route        entity_lookup" in explained and "→ Julia (fuzzy)" in explained


def test_a_note_saved_while_nothing_reads_it_is_answered_from_its_sentence_and_counted(hermetic_home: Path) -> None:
    # Saved from a shell with no app or worker running: the graph has not read it yet.
    assert run_cli("add", "Flights: I always book an aisle seat, never the window.").returncode == 0
    unread = json.loads(run_cli("ask", "--json", "which seat do I prefer on flights").stdout)
    assert unread["unread_notes"] == 1 and "aisle seat" in unread["answers"][0]["sentence"]
    assert "1 note not read into the graph yet" in run_cli("ask", "which seat do I prefer on flights").stdout
    assert run_cli("worker", "--once").returncode == 0
    assert json.loads(run_cli("ask", "--json", "which seat do I prefer on flights").stdout)["unread_notes"] == 0


def test_two_entities_linked_through_a_third_are_found_by_their_path(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    with Remen.open(tmp_path / "path.db", embedder=embedder) as app:
        app.add("Tom works at Initech now.")
        app.add("Sarah Chen works at Initech since May.")
        app.add("My friend Tom and I went climbing.")
        app.extract_pending()
        answer = app.ask("how is Sarah Chen connected to Tom", now=NOW)
        assert answer.route.query_type == QueryType.RELATIONSHIP
        assert answer.answers[0].text == "Sarah Chen · works at · Initech → Tom · works at · Initech"
        assert len(answer.answers[0].note_ids) == 2


def test_search_results_carry_the_route_and_answers_fit_a_token_budget(notebook: Remen) -> None:
    routed = notebook.search("julias bday?", now=NOW)
    assert routed.route is not None and routed.route["query_type"] == "entity_lookup"
    assert notebook.search("pasta recipe", now=NOW).route["query_type"] == "search"  # type: ignore[index]
    whole = notebook.ask("my preferences", now=NOW)
    assert len(whole.answers) > 2 and whole.notes
    small = whole.within(40)
    assert 0 < len(small.answers) < len(whole.answers) and not small.notes
    assert len(json.dumps([a.to_dict()["text"] for a in small.answers])) <= 40 * 4


def test_labels_the_question_names_are_selected(notebook: Remen) -> None:
    routed = notebook.ask("decisions about terraform", now=NOW).route
    assert routed.query_type == QueryType.ASPECT_QUERY and routed.selected_labels == ("terraform",)


def test_a_facets_question_gets_the_counts_it_asks_for(notebook: Remen) -> None:
    topics = notebook.ask("what topics did I write about in march", now=NOW)
    assert topics.route.facets == ("labels",)
    assert [item.text.split(" ")[0] for item in topics.answers] == ["Topics"]
    counted = notebook.ask("how many notes did I write in february", now=NOW)
    assert counted.route.facets == ("days",) and counted.answers[0].text.startswith("16 notes on")


def test_weekly_digests_are_built_by_the_worker_and_never_answer_stale(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    monday = datetime(2026, 3, 2, 9, 0).astimezone()
    week = ["2026-03-02"]
    with Remen.open(tmp_path / "digests.db", embedder=embedder) as app:
        app.add("We decided to plant tomatoes along the south wall. #garden", created=monday)
        leak = app.add("The hose leaks at the tap, I need a new washer. #garden", created=monday + timedelta(days=1))
        assert app.extract_pending().digests == 1
        with app.store.read() as conn:
            assert not digest_store.stale_among(conn, week)
            assert [(label, notes) for _, label, notes, *_ in digest_store.stored(conn, week)] == [("garden", 2)]
        recap = app.ask("recap of march", now=NOW)
        assert recap.route.query_type == QueryType.EXPLORATORY
        assert recap.answers[0].text.startswith("garden (2 notes): We decided to plant tomatoes")
        assert leak.id in recap.answers[0].note_ids
        app.delete(leak.id)
        # Trashing marks the week stale; the answer is built afresh before the worker catches up.
        with app.store.read() as conn:
            assert digest_store.stale_among(conn, week) == set(week)
        assert app.ask("recap of march", now=NOW).answers[0].text.startswith("garden (1 note): ")
        assert app.extract_pending().digests == 1
        with app.store.read() as conn:
            assert [(label, notes) for _, label, notes, *_ in digest_store.stored(conn, week)] == [("garden", 1)]
        assert app.ask("summarize my cooking notes from march", now=NOW).not_found == (
            "No notes about cooking from march · Sun 1 – Tue 31 Mar."
        )


def test_a_note_that_adds_to_a_long_chain_makes_only_its_own_week_stale(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    monday = datetime(2026, 3, 2, 9, 0).astimezone()
    with Remen.open(tmp_path / "chain.db", embedder=embedder) as app:
        for weeks, tool in enumerate(("Todoist for my tasks", "Firefox as my browser", "Spotify for music")):
            app.add(f"I use {tool} now. #setup", created=monday + timedelta(weeks=weeks))
        assert app.extract_pending().digests == 3
        app.add("I use Tailscale for the VPN now. #setup", created=monday + timedelta(weeks=3))
        # The chain "I use …" is recomputed; the statements it leaves as they were keep their weeks' digests.
        assert app.extract_pending().digests == 1
        used = {f.target for f in app.memory.facts("me") if f.predicate == "uses" and f.invalid_at is None}
        assert {"Todoist", "Firefox", "Spotify", "Tailscale"} <= used


def written_days_apart(app: Remen, clock, days: int, *bodies: str) -> datetime:  # type: ignore[no-untyped-def]
    """Each note written ``days`` after the one before, all read into the graph; returns the time
    after the last."""
    for body in bodies:
        app.add(body, embed=False)
        clock.advance(days * 86_400)
    app.extract_pending()
    return datetime.fromtimestamp(clock()).astimezone()


def test_a_later_note_sharing_a_word_in_another_sense_does_not_overtake_the_graph(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        20,
        "Moved today. First night in our new flat in Stockbridge, boxes everywhere.",
        "Support team weekly\nAttendees: Hana, Luis (Eng), Dee, me\n- new help centre live 3 Nov\n"
        "- Luis: Intercom migration to Gorgias done by end of Oct",
    )
    answer = app.ask("where do I live", now=now)
    assert answer.answers and "Stockbridge" in answer.answers[0].text


def test_a_later_note_naming_the_one_before_does_not_overtake_who_holds_the_tie(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    for body in (
        "Back at the depot. My boss Mr. Okonkwo wants the stock count by Friday.",
        "First day at the new warehouse. My new boss is Halima Yusuf, very sharp.",
        "Heard the old depot got a new boss: Mr. Okonkwo retired in June.",
    ):
        app.add(body)  # found by meaning too, as the notes a question reads are
        clock.advance(30 * 86_400)
    app.extract_pending()
    answer = app.ask("who is my manager", now=datetime.fromtimestamp(clock()).astimezone())
    assert answer.answers and "Halima Yusuf" in answer.answers[0].text


def test_a_later_note_of_another_sum_does_not_overtake_the_pay(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    for body in (
        "First week at Lumen Bank done. They pay me 52,000 a year, paid on the 25th.",
        "Moved into a flat two streets from Lumen Bank. The rent is 1,400 a month, bills included.",
    ):
        app.add(body)
        clock.advance(30 * 86_400)
    app.extract_pending()
    answer = app.ask("what is my salary at Lumen Bank", now=datetime.fromtimestamp(clock()).astimezone())
    assert answer.answers and "52,000" in answer.answers[0].text


def test_a_relation_that_changed_answers_with_who_held_it_before(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        30,
        "First week done. My boss is Ingrid Holm, she runs the data team.",
        "Big reshuffle: my new boss is Marco Ruiz.",
        "From today I report to Yuki Tanaka.",
    )
    current = app.ask("who is my manager", now=now)
    first = current.answers[0]
    assert first.text == "Your manager: Yuki Tanaka"
    assert [f.target for f in first.earlier] == ["Marco Ruiz", "Ingrid Holm"]
    assert current.to_dict()["answers"][0]["earlier"]  # type: ignore[index]
    before = app.ask("who was my boss before Marco", now=now).answers[0]
    assert before.text == "Before Marco Ruiz, your boss was Ingrid Holm"
    # "Before" with nobody named after it asks for the one the current holder replaced.
    replaced = app.ask("who was my manager before", now=now).answers[0]
    assert replaced.text == "Your manager before: Marco Ruiz"
    assert [f.target for f in replaced.earlier] == ["Ingrid Holm"]
    app.add("Yuki Tanaka resigned, her farewell lunch was lovely.", embed=False)
    app.extract_pending()
    ended = app.ask("who is my boss", now=now).answers[0]
    assert ended.text.startswith("Nobody is your boss now; the last was Yuki Tanaka")


def test_the_holder_before_one_named_with_a_title_is_read_off_the_chain_first(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        40,
        "Saw my doctor, Dr. Ferreira, about the shoulder: rest and ice.",
        "Switched doctors: my new doctor is Dr. Okafor, who works with the rugby club.",
    )
    before = app.ask("who was my doctor before Dr. Okafor", now=now)
    assert before.answers[0].text == "Before Dr. Okafor, your doctor was Dr. Ferreira"


def test_whom_someone_is_married_to_is_the_tie_the_graph_holds_for_them(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app, clock, 3, "Dinner at my sister Jing Yi's new place in Bishan. Her husband Marcus cooked laksa."
    )
    for question in ("who is my sister married to", "Who is Jing Yi married to?", "who is Jing Yi's husband"):
        assert app.ask(question, now=now).answers[0].text == "Jing Yi's husband: Marcus"
    # Dating asks for no husband: the notes say nothing of whom Marcus dates.
    assert not app.ask("who is Marcus dating", now=now).answers


def test_whom_the_writer_is_engaged_to_is_their_partner(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(app, clock, 3, "Luka asked me to marry him on the roof, with a cake he had burned.")
    assert app.ask("who am I engaged to", now=now).answers[0].text.startswith("Luka")


def test_a_switch_told_after_a_note_named_the_new_one_still_makes_it_current(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        5,
        "Dentist Dr. Rowe Thurs 10:15. Using Figma for the mockups.",
        "Switched dentists, from Dr. Quinn to Dr. Rowe. Switched from Sketch to Figma for good.",
    )
    dentist = app.ask("who is my dentist", now=now).answers[0]
    assert dentist.text == "Your dentist: Dr. Rowe"
    assert "Dr. Quinn" in [f.target for f in dentist.earlier]
    current = [f.target for f in app.facts("me", limit=None) if f.predicate == "uses" and f.current]
    assert sorted(current) == ["Figma"]


def test_who_does_my_taxes_asks_for_the_accountant_the_notes_name_by_what_they_do(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        30,
        "Wanjiru still does my taxes, she is quick and cheap.",
        "Wanjiru is retiring. From this year Otieno Mwangi does my taxes instead.",
        "Paid the rent to Mr. Kamau, late again.",
    )
    asked = app.ask("who does my taxes now", now=now)
    taxes = asked.answers[0]
    assert taxes.text == "Your accountant: Otieno Mwangi"
    assert [f.target for f in taxes.earlier] == ["Wanjiru"]
    assert "Mr. Kamau" in app.ask("who do we pay the rent to", now=now).answers[0].text


def test_who_holds_a_relation_is_answered_when_it_is_a_firm(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        30,
        "Our accountant for years has been Ishida-san, who does it for a box of sweets.",
        "Hoshino Tax Office does our books from this year.",
    )
    accountant = app.ask("who is my accountant", now=now).answers[0]
    assert accountant.text == "Your accountant: Hoshino Tax Office"
    assert [f.target for f in accountant.earlier] == ["Ishida-san"]


def test_a_workplace_that_changed_answers_before_and_after_and_who_held_a_role_there(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        40,
        "Back at Kibo Freight after the holidays. My boss Achieng wants the route report every Monday.",
        "Our landlord Mrs. Tupou is selling the house.",
        "First day at Savanna Cold Chain. My manager is Grace Mutua herself, which is scary.",
        "From May the letting agent is Harcourts, who manage the house for the new owners.",
    )
    started = now - timedelta(days=2 * 40)
    before = app.ask("where did I work before Savanna Cold Chain", now=now).answers[0]
    assert before.text == "Before Savanna Cold Chain, your workplace was Kibo Freight"
    after = app.ask("where did I work after Kibo Freight", now=now).answers[0]
    assert after.text == "After Kibo Freight, your workplace was Savanna Cold Chain"
    assert app.ask("where did I work before", now=now).answers[0].text == (
        "Your workplace before Savanna Cold Chain: Kibo Freight"
    )
    assert app.ask("where do I work", now=now).answers[0].text == "Your workplace: Savanna Cold Chain"
    first = app.ask("where did I work before Kibo Freight", now=now)
    assert first.not_found == "Your notes name nobody as your workplace before Kibo Freight."
    # The boss of an earlier workplace is the one who held the tie while the user worked there.
    assert app.ask("who was my boss at Kibo", now=now).answers[0].text == "Your boss there: Achieng"
    assert app.ask("who is my boss", now=now).answers[0].text == "Your boss: Grace Mutua"
    start = app.ask("when did I start at Savanna Cold Chain", now=now).answers[0]
    assert start.text.startswith(f"Since {started:%a} {started.day} {started:%b %Y}, by your notes")
    # No note makes Harcourts the landlord: the last landlord the notes name came before.
    landlord = app.ask("who was our landlord before Harcourts", now=now).answers[0]
    assert landlord.text == "Your landlord before Harcourts, as far as your notes say: Mrs. Tupou"
    # Someone the notes spoke of before that landlord is no newcomer: the question's premise fails.
    nobody = app.ask("who was our landlord before Achieng", now=now)
    assert nobody.answers == () and nobody.not_found == "Your notes name nobody called Achieng as your landlord."


def test_a_place_asked_by_its_kind_is_the_attribute_and_a_time_is_not(app: Remen) -> None:
    app.add("First nights in Floreasca. Boxes everywhere.")
    app.add("Day one at Catena. My manager is Sorin Vasile.")
    app.extract_pending()
    home = app.ask("which neighbourhood do we live in", now=NOW)
    assert home.route.attribute_hint == "lives_in" and home.answers[0].text == "Your home: Floreasca"
    assert app.ask("what company do I work for", now=NOW).route.attribute_hint == "works_at"
    assert app.ask("what time do I work tomorrow", now=NOW).route.attribute_hint is None


def test_an_attribute_word_after_a_preposition_is_the_occasion_not_the_question(app: Remen) -> None:
    app.add("Julia's birthday is on 12 May.")
    app.add("Julia wants a pottery class for her birthday, not another scarf.")
    app.extract_pending()
    when = app.ask("when is Julia's birthday", now=NOW)
    assert when.answers and "12 May" in when.answers[0].text
    # "for her birthday" says when; what is asked is what she wants: the notes answer it.
    wants = app.ask("what does Julia want for her birthday", now=NOW)
    assert wants.route.attribute_hint != "birthday"
    assert wants.answers and "pottery class" in wants.answers[0].text
    # The birthday's day may follow from the notes as what else they say, never as the graph's answer.
    assert all(item.source == "notes" for item in wants.answers)


def test_a_birthday_comes_from_a_sentence_that_says_it_is_one(app: Remen) -> None:
    app.add("Ola starts as designer Aug 3. Laptop + Figma seat.")
    app.extract_pending()
    assert app.ask("when is Ola's birthday", now=NOW).answers == ()
    app.add("Ola's birthday is on 12 September, she wants a plant.")
    app.extract_pending()
    answer = app.ask("when is Ola's birthday", now=NOW)
    assert answer.answers and "12 September" in answer.answers[0].text


def test_a_question_nothing_answers_is_told_so_plainly(tmp_path: Path) -> None:
    with Remen.open(tmp_path / "plain.db", embedder=HashedEmbedder()) as app:
        app.add("Lunch with Sam at the Italian place. We decided to hire a designer.")
        app.extract_pending()
        # A listing route's words ("no event about day byrne moran") are no answer to a "when".
        assert app.ask("when was my last day at Byrne & Moran").not_found == "Your notes don't say."


def test_an_answer_beside_a_short_title_is_shown_with_the_sentence_it_stands_in(app: Remen) -> None:
    app.add("# Dentist\nDr. Hill on 14.01. at 9:30, bring the insurance card")
    app.extract_pending()
    when = app.ask("when is the dentist", now=NOW)
    assert when.answers and "14.01." in (when.answers[0].answer or "")
    # "Dentist" found the note; the sentence that says when comes along with it.
    assert "Dr. Hill on 14.01." in (when.answers[0].sentence or "")


def test_a_bare_entity_card_answers_who_is_not_what_is_asked_of_the_name(app: Remen) -> None:
    app.add("Call with Harbour Foods about the audit; they want the report by March.")
    app.add("My friend Aoife works at Harbour Foods in Cork.")
    app.extract_pending()
    about = app.ask("tell me about Harbour Foods", now=NOW)
    assert about.route.query_type == QueryType.ENTITY_LOOKUP
    assert about.answers and "Harbour Foods (organization)" in about.answers[0].text
    # The same route for a question about a fee the notes never state: neither the card nor the
    # facts it takes part in answer it.
    fee = app.ask("what was the fixed fee for Harbour Foods", now=NOW)
    assert fee.route.query_type == QueryType.ENTITY_LOOKUP
    assert fee.answers == () and fee.not_found == "Your notes don't say."
    assert fee.notes


def test_the_car_you_drive_is_the_one_you_bought_after_selling_the_last(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        30,
        "fuel 4,200 KES. my Vitz needs new tyres before Naivasha trip",
        "Sold the Vitz to a guy from Thika for 480,000. Bought a second-hand Mazda Demio, much better on fuel.",
        "When is the car's MOT? Ask the garage.",
    )
    car = app.ask("what car do I drive", now=now)
    assert car.route.attribute_hint == "car" and car.answers[0].text == "Your car: Mazda Demio"
    assert [fact.target for fact in car.answers[0].earlier] == ["Vitz"]
    # A van, a motorbike or a ute is asked for as the car.
    assert app.ask("which van do I drive", now=now).answers[0].text == "Your car: Mazda Demio"
    before = app.ask("what car did I have before the Mazda Demio", now=now).answers[0]
    assert before.text == "Before Mazda Demio, your car was Vitz"
    assert app.ask("what car did I sell", now=now).answers[0].text == "Your car before Mazda Demio: Vitz"
    # "My old car", "my previous car" ask the graph for the one before, as "before" does.
    for old in ("what was my old car", "what's my previous car"):
        assert app.ask(old, now=now).answers[0].text == "Your car before Mazda Demio: Vitz", old
    assert app.ask("what was my car's MOT", now=now).route.attribute_hint != "car"
    # The car is no tool of yours, and a question about its MOT asks no car.
    assert not [f for f in app.facts("me", history=True) if f.predicate == "uses"]
    assert app.ask("when is the car's MOT", now=now).route.attribute_hint != "car"


def test_the_tool_used_before_another_is_the_one_it_replaced(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        30,
        "We track everything in Notion for now.",
        "Mockups in Figma from today.",
        "Moved issues from Notion to Linear.",
    )
    before = app.ask("what did we use to track issues before Linear", now=now)
    assert before.answers and before.answers[0].source == "graph" and "Notion" in before.answers[0].text
    after = app.ask("what did we move to after Notion", now=now)
    assert after.answers and "Linear" in after.answers[0].text


def test_the_tool_used_before_another_read_earlier_is_the_one_it_replaced(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        45,
        "My own task lists live in Trello.",
        "New rule at work: every site photo goes into Todoist.",
        "Moved my own lists from Trello to Todoist, deleted the Trello app.",
    )
    before = app.ask("what did I use before Todoist", now=now)
    assert before.answers and "Trello" in before.answers[0].text
    # A word inside another is no topic word: "now" is not in "Snowflake".
    assert mentions("Snowflake costs are up", "use now") is False
    assert mentions("the team used it", "use")


def test_a_sentence_that_says_the_question_in_other_words_is_closest_and_read_once(app: Remen) -> None:
    asker = app.context.asker
    embedded: list[str] = []
    model = asker.embed

    def counted(text: str):  # type: ignore[no-untyped-def]
        embedded.append(text)
        return model(text)

    asker.embed = counted
    sentences = ["The heatwave emptied our shelves of desk fans by noon.", "Petra sold her old bike to a neighbour."]
    fans, shop = asker.closeness("what sold out in the hot weather")(sentences)
    assert fans > shop
    # Typing the question on asks again over the same notes: their sentences are not embedded again.
    asker.closeness("what sold out in the hot weather?")(sentences)
    assert embedded.count(sentences[0]) == 1 and embedded.count(sentences[1]) == 1


def test_a_tool_question_without_shared_words_puts_the_tool_nearest_its_meaning_first(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    with Remen.open(tmp_path / "tools.db", embedder=embedder) as app:
        app.add("Installed Lightroom for the wedding shoot, the presets are great.", created=NOW - timedelta(days=9))
        app.add("Signed up for Airtable to keep the household budget.", created=NOW - timedelta(days=5))
        app.add("Started using Zoom for the book club calls.", created=NOW - timedelta(days=2))
        app.extract_pending()
        uses = {f.target for f in app.facts("me", history=True, limit=None) if f.predicate == "uses"}
        assert {"Lightroom", "Airtable", "Zoom"} <= uses
        money = app.ask("what do I use for the family finances", now=NOW)
        assert money.route.query_type == QueryType.ASPECT_QUERY
        assert money.answers[0].text.endswith("Airtable")
        # Nothing it means either: the newest first.
        assert app.ask("which tool do I use", now=NOW).answers[0].text.endswith("Zoom")


def test_where_my_parents_live_is_not_where_i_live(app: Remen) -> None:
    app.add("Moved to Bronowice in June, the flat is small but ours.")
    app.add("Sunday dinner at my parents' in Nowa Huta. Mum sent me home with pierogi.")
    app.extract_pending()
    parents = app.ask("where do my parents live", now=NOW)
    assert parents.answers and "Nowa Huta" in parents.answers[0].text
    assert "Bronowice" in app.ask("where do I live", now=NOW).answers[0].text


def test_a_tie_asked_of_a_place_the_graph_holds_as_none_of_mine_is_not_todays_holder(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        60,
        "Back in the office at Lumen Studio. Farah wants the deck v2 by Monday.",
        "First day at DBS. Kenneth Lim, my new boss, walked me around the whole floor.",
    )
    assert "Kenneth Lim" in app.ask("who is my boss", now=now).answers[0].text
    there = app.ask("who was my boss at Lumen Studio", now=now)
    assert not there.answers or "Kenneth" not in there.answers[0].text


def test_a_tie_of_someone_named_is_not_read_from_a_sentence_without_the_tie(app: Remen) -> None:
    app.add(
        "## Handover\nAttendees: Hany, Salma, me\n- Salma takes the refunds service\n- Hany: runbooks in Confluence"
    )
    app.add("Long Friday at Nilecode. Hany, my team lead, stayed with me until it was fixed.")
    app.add("## Payments sync\nAttendees: Hany, Omar Fathy (QA), Salma, me\n- Salma owns the migration to Postgres 16")
    app.add("Leo's teacher Ms Park says he reads well above his age.")
    app.extract_pending()
    assert app.ask("who is Salma's manager", now=NOW).answers == ()
    # A manager said only as what someone is, in brackets after their name, is no one's manager.
    app.add("Attendees: Rukmini Das (ops manager), Teo Lang (HR), me\n- Rukmini signs off the new rota")
    app.extract_pending()
    assert app.ask("who is Rukmini's manager", now=NOW).answers == ()
    assert "Park" in app.ask("who is Leo's teacher", now=NOW).answers[0].text
    # In a chat, "my" is the speaker's.
    app.add("Priya: my manager Tomasz wants the slides by noon\nme: that man never sleeps")
    app.extract_pending()
    assert "Tomasz" in app.ask("who is Priya's manager", now=NOW).answers[0].text


def test_where_my_mother_lives_is_read_past_a_possessive(app: Remen) -> None:
    app.add("Mum keeps asking when we will move closer; the Sakai flat is fine but the commute is long.")
    app.add("Birthday cake at my mother's in Hirakata, she made everyone sing twice.")
    app.extract_pending()
    mother = app.ask("where does my mother live", now=NOW)
    assert mother.answers and mother.answers[0].answer == "Hirakata"


def test_a_tool_given_up_answers_no_question_put_in_the_present(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        30,
        "December invoices still in the Excel sheet. do them tonight",
        "invoices: all in Quaderno now, no more Excel",
    )
    facts = {(f.target, f.current) for f in app.facts("me", history=True, limit=None) if f.predicate == "uses"}
    assert ("Excel", False) in facts
    answers = app.ask("what do I use for invoices", now=now).answers
    assert answers and "Quaderno" in answers[0].text and "Excel" in answers[-1].text


def test_a_sentence_whose_subject_is_someones_kin_answers_nothing_of_another(app: Remen) -> None:
    app.add(
        "Dinner at Jing Yi's new place in Bishan. Her husband Marcus cooked laksa from scratch. "
        "Wei Ming and I took the train back."
    )
    app.extract_pending()
    asked = app.ask("what did Wei Ming cook at Jing Yi's place", now=NOW).answers
    assert not [item for item in asked if "Marcus" in (item.sentence or "")]
    assert "laksa" in app.ask("what did Marcus cook", now=NOW).answers[0].text


def test_someones_kin_named_with_a_hyphened_name_is_the_one_asked(app: Remen) -> None:
    app.add("Got back late from the depot and my flatmate Ji-won had saved me a bowl of japchae.")
    app.extract_pending()
    answers = app.ask("what did Ji-won save for me", now=NOW).answers
    assert answers and "japchae" in answers[0].text


def test_who_told_me_is_the_speaker_whose_turn_names_the_thing(app: Remen) -> None:
    app.add(
        "Thandi: did you sort the password thing?\nme: no, the vault still won't sync on my phone\n"
        "Thandi: Keeper. trust me"
    )
    app.extract_pending()
    told = app.ask("who told me to try Keeper", now=NOW).answers
    assert told and told[0].answer == "Thandi"


def test_a_role_word_used_as_a_verb_names_no_one_in_that_role(app: Remen) -> None:
    app.add(
        "Ewa: how's the new school?\nme: good, I miss you all\nEwa: Kuba says 3B asks about you\n"
        "me: tell them hi. Tomasz wants me to lead the parents' evening on the 22nd"
    )
    app.extract_pending()
    asked = app.ask("who is Kuba's manager", now=NOW).answers
    assert not [item for item in asked if "Tomasz" in item.text]


def test_a_sum_of_money_says_what_a_how_much_question_asks_in_other_words(app: Remen) -> None:
    app.add("Irene says the animal hospital in Campanar is hiring for the ICU job. I sent my CV at lunch.")
    app.add("## Interview - Hospital Aitana\n- ICU nights 2 per week, 1,950 euros gross a month\n- start 4 May")
    app.add("First shift at Hospital Aitana. The ICU is huge and very clean.")
    app.extract_pending()
    paid = app.ask("how much does the ICU job pay", now=NOW).answers
    assert paid and paid[0].answer == "1,950 euros"


def test_a_sum_in_millions_says_what_a_job_pays(app: Remen) -> None:
    app.add("Marcelo: did you see the Muebles Norte ad? they want a lead carpenter\nme: saw it. it's a factory")
    app.add("Marcelo: 1.9 million a month, man. think about it\nme: ok ok")
    app.add("Five months at Muebles Norte. Valeria put me on the new office line.")
    app.extract_pending()
    paid = app.ask("how much does the Muebles Norte job pay", now=NOW).answers
    assert paid and "1.9 million" in paid[0].text


def test_a_persons_first_name_alone_answers_as_their_name(app: Remen) -> None:
    app.add(
        "## Allotment committee\nPresent: Imogen Pryce, Ed Kowalski, me\n- water butt leaking again\n"
        "- Ed to call the plumber by Monday"
    )
    app.extract_pending()
    asked = app.ask("who is calling the plumber", now=NOW).answers
    assert asked and asked[0].answer == "Ed"


def test_a_tie_held_at_an_earlier_workplace_described_not_named(app: Remen) -> None:
    app.add("First week at Halford Bookshop. My manager is Priya, strict but fair.", created=NOW - timedelta(days=300))
    app.add("Last day at Halford Bookshop, cake and tears.", created=NOW - timedelta(days=120))
    app.add("Started at Riverside Council today. My new manager is Tomasz.", created=NOW - timedelta(days=110))
    app.extract_pending()
    asked = app.ask("who was my manager at the bookshop", now=NOW).answers
    assert asked and "Priya" in asked[0].text
    assert "Tomasz" in app.ask("who is my manager", now=NOW).answers[0].text


def test_a_kind_of_tool_asked_is_answered_by_the_writers_tool_of_that_kind(app: Remen) -> None:
    app.add("Switched from VS Code to Helix for good.", created=NOW - timedelta(days=90))
    app.add("Moved everything from LastPass to 1Password after the breach.", created=NOW - timedelta(days=60))
    app.add("Started using Todoist for the house jobs.", created=NOW - timedelta(days=40))
    app.add("We use Django and Kafka for the new billing service.", created=NOW - timedelta(days=20))
    app.add("New office is on Bernard Street in Leith, five minutes from the shore.", created=NOW - timedelta(days=10))
    app.extract_pending()
    assert "Helix" in app.ask("which editor do I use", now=NOW).answers[0].text
    assert "1Password" in app.ask("which password manager do I use", now=NOW).answers[0].text
    assert "LastPass" in app.ask("what password manager did I use before", now=NOW).answers[0].text


def test_a_tool_known_to_be_of_another_kind_is_no_answer_to_the_kind_asked(app: Remen) -> None:
    app.add("All my passwords live in Bitwarden now.", created=NOW - timedelta(days=30))
    app.add("Sold the Yaris, the Octavia is bigger.", created=NOW - timedelta(days=20))
    app.extract_pending()
    said = " ".join(item.text for item in app.ask("what editor do I use", now=NOW).answers)
    assert "Bitwarden" not in said and "Octavia" not in said
    assert "Bitwarden" in app.ask("which password manager do I use", now=NOW).answers[0].text


def test_a_value_the_graph_says_was_given_up_answers_with_what_took_its_place(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        40,
        "Every book I finish gets logged on Goodreads, with a star rating.",
        "Dentist on Tuesday, then groceries.",
        "Deleted Goodreads last night, all my reading is in StoryGraph now.",
    )
    present = app.ask("which app do I log my books in", now=now)
    assert present.answers and present.answers[0].answer == "StoryGraph"
    assert present.answers[0].source == "notes" and "StoryGraph" in (present.answers[0].sentence or "")
    # Asked of before, the old value stands.
    past = app.ask("which app did I log my books in", now=now)
    assert past.answers and past.answers[0].answer == "Goodreads"


def test_a_home_signed_for_before_the_move_stays_home_after_the_last_box_leaves_the_old_one(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        50,
        "The radiator in our Leith flat is clanking again.",
        "- signed for the house in Portobello! keys mid August",
        "Last box out of the Leith flat. Our first night in the house in Portobello, pizza on the floor.",
    )
    homes = [f for f in app.facts("me", history=True) if f.predicate == "lives_in"]
    assert {f.target for f in homes if f.current} == {"Portobello"}
    assert "Leith" in {f.target for f in homes if not f.current}
    answer = app.ask("where do I live", now=now)
    assert answer.answers and "Portobello" in answer.answers[0].text


def test_a_state_asked_after_is_not_answered_with_the_card_of_someone_its_words_describe(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        20,
        "- GP Dr. Nguyen, Thurs 26 Feb 9:15, wrist still sore from tamping",
        "- Dr. Nguyen's clinic closes end of May, need a new GP",
        "- X-ray fine, wrist is tendinitis, physio once a week",
    )
    answer = app.ask("what is wrong with my wrist", now=now)
    assert answer.answers and answer.answers[0].source == "notes"
    assert "(person)" not in answer.answers[0].text


def test_what_time_is_answered_with_a_time_of_day_not_a_day(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        10,
        "## Bakery weekly\n- new sourdough range from Friday\n- Marta: no ovens after 3pm, the landlord complained",
        "Ordered flour for the week.",
    )
    answer = app.ask("what time do we stop using the ovens", now=now)
    assert answer.answers and answer.answers[0].answer == "3pm"


def test_a_street_named_after_a_place_is_not_that_place(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        5,
        "Signed for a two-bed on Elm Row in Leith, 1,250 a month. Keys on 1 July.",
        "Lunch with Priya: she recommended the dentist Dr. Osei on Leith Walk",
    )
    homes = {f.target for f in app.facts("me") if f.predicate == "lives_in"}
    assert homes == {"Leith"}
    answer = app.ask("where do I live", now=now)
    assert answer.answers and "Leith Walk" not in answer.answers[0].text


def test_where_a_thing_is_kept_is_answered_with_the_phrase_that_says_it(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        5,
        "Sorted the study. Passports are in the blue folder behind the printer, birth certificates too.",
        "Booked the ferry to Santander for August.",
    )
    answer = app.ask("where are the passports", now=now)
    assert answer.answers and answer.answers[0].answer == "in the blue folder behind the printer"
    put = app.ask("where did I put the passports", now=now)
    assert put.answers and "blue folder" in (put.answers[0].answer or "")


def test_a_first_day_the_notes_tell_answers_when_the_graph_only_knows_when_it_was_written(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        30,
        "Larkspur Analytics offered me the job: I start 6 April, in the data team",
        "Ten days at Larkspur Analytics now and the coffee is still awful.",
    )
    # The day is ahead of the note that tells it, though the sentence opens in the past.
    answer = app.ask("when did I start at Larkspur Analytics", now=now)
    assert answer.answers and answer.answers[0].answer == "6 April (Mon 6 Apr 2026)"
    assert answer.answers[1].source == "graph"


def test_a_later_note_with_another_day_does_not_take_the_place_of_the_first_day(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        160,
        "First day at Medhavi Hospitals! Induction all day, then the recruiting software setup.",
        "Five months in Medhavi Hospitals. Divya and me fixed the wedding date, 7 February, in Guruvayur.",
    )
    answer = app.ask("when did I join Medhavi Hospitals", now=now)
    assert answer.answers and answer.answers[0].source == "graph"
    assert "since" in answer.answers[0].text.lower() and "February" not in (answer.answers[0].answer or "")


def test_the_pay_at_an_earlier_workplace_is_the_one_held_there(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        30,
        "Another long day at Zenox Bank. Zenox pays me ₦380k, not enough for Lekki.",
        "Last day at Zenox Bank. The team bought small chops.",
        "First day at Kudipay! Salary is ₦650k a month.",
    )
    earlier = app.ask("how much was I earning at Zenox Bank", now=now).answers
    assert earlier and earlier[0].source == "graph" and "₦380k" in earlier[0].text
    assert "₦650k" in app.ask("how much do I earn", now=now).answers[0].text
    started = app.ask("when did I resume at Kudipay", now=now).answers
    assert started and started[0].source == "graph" and "since" in started[0].text.lower()


def test_what_a_firm_pays_is_the_pay_of_the_job_it_offered(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        20,
        "Two years at Brightside Bakery and still on nights. Applied to Greystone Kitchens.",
        "Marta from Greystone Kitchens called: the job is mine. €41,000, Tuesday to Saturday, starting soon.",
        "First week at Greystone Kitchens done. Marta runs a calm pass.",
    )
    for asked in ("how much does Greystone Kitchens pay me", "how much does Greystone pay?"):
        answers = app.ask(asked, now=now).answers
        assert answers and answers[0].source == "graph" and "€41,000" in answers[0].text, asked
    # What the writer paid is a price, not what a job pays.
    assert app.ask("how much did I pay for the oven", now=now).route.attribute_hint != "salary"


def test_who_someone_is_is_told_by_the_words_set_beside_their_name(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        10,
        "Coffee with Priyesh, the new sound designer, who came over from the radio.",
        "Standup at Kestrel Labs with Dana, Priyesh and Olu, mixing notes for episode 4.",
    )
    # Of the notes' sentences, the one describing them leads (the card may show it as the graph's).
    asker = app.memory.context.asker
    chosen = route("who is Priyesh", now, asker.index(), asker.entity_by_meaning, asker.date_order)
    read = asker.read_notes("who is Priyesh", chosen, asker.search("who is Priyesh", now, ASK_NOTES))
    found = extract(read.question, read.passages, read.known, closeness=read.closeness)
    assert found and "sound designer" in found[0].sentence
    assert any("sound designer" in item.text for item in app.ask("who is Priyesh", now=now).answers)


def test_the_card_says_a_sentence_once(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    # Stored as an event and read again from its note: the same words are shown once.
    now = written_days_apart(app, clock, 5, "Coffee with Tomek, the night baker, who has been at Lindenhof for years.")
    texts = [item.text for item in app.ask("who is Tomek", now=now).answers]
    assert any("night baker" in text for text in texts)
    assert len(texts) == len(set(texts)), texts


def test_the_lines_under_a_heading_are_about_what_it_names(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        5,
        "## Orbis Labs - offer call\n- 52,000 a year plus a bonus\n- start 1 June",
        "## Orbis Labs board call\nPresent: Ana Diaz (CEO), Tom Berg (CFO)\n- budget signed off",
        "- flat viewing in Kaleva Saturday 11:00, 2 rooms, 890 €/month",
    )
    pay = app.ask("how much does Orbis Labs pay", now=now)
    assert pay.answers and pay.answers[0].answer == "52,000"
    # A role in brackets is the name's before it, not the next one's.
    cfo = app.ask("who is the CFO of Orbis Labs", now=now)
    assert cfo.answers and cfo.answers[0].answer == "Tom Berg"
    # Beside a sum, a bare count answers no "how much".
    flat = app.ask("how much is the flat in Kaleva", now=now)
    assert flat.answers and flat.answers[0].answer == "890 €/month"


def test_a_when_clause_sets_the_scene_and_a_place_may_be_common_nouns(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        5,
        "My cousin Nadia visited from Leeds with her husband Sol. We ate at Café Rouge on the quay. "
        "Sol works at a paper mill and barely spoke.",
        "We use Slack at work, and Zoom for clients.",
    )
    ate = app.ask("where did we eat when Nadia visited", now=now)
    assert ate.answers and "Café Rouge" in (ate.answers[0].answer or "")
    works = app.ask("where does Sol work", now=now)
    assert works.answers and works.answers[0].answer == "at a paper mill"
    # "at work" is where a tool is used, not the workplace asked.
    tool = app.ask("what chat app do we use at work", now=now)
    assert tool.answers and "Slack" in tool.answers[0].text


def test_an_hour_told_by_what_opens_then_and_the_spot_of_a_named_thing(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        5,
        "The bakery downstairs opens at 6 and the smell wakes me up.",
        "Noor: Fernway is hiring, the Fernway office is on King West, near the park",
    )
    opens = app.ask("when does the bakery open", now=now)
    assert opens.answers and opens.answers[0].answer == "at 6"
    office = app.ask("where is the Fernway office", now=now)
    assert office.answers and office.answers[0].answer == "on King West"


def test_a_limit_set_on_a_sum_is_no_sum_paid(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        10,
        "- look at rentals in Headingley, under 1,400\n- dentist Friday",
        "Noor: did you get the Headingley one??\nme: YES. two-bed over a chip shop on Otley Road, 1,250 a month"
        "\nNoor: jealous",
        "First week in Headingley. The bus to work takes ten minutes and the chip shop smells great.",
    )
    rent = app.ask("how much is the rent in Headingley", now=now)
    assert rent.answers and rent.answers[0].answer == "1,250"


def test_the_rent_asked_of_an_earlier_home_is_the_rent_paid_there(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        40,
        "First night in the Leith flat, finally.",
        "- rent £900/month, split w/ Ewan\n- broadband £30",
        "Moved to Portobello today, the rent is £1,150 a month now.",
    )
    then = app.ask("how much was the rent in Leith", now=now)
    assert then.answers and "900" in then.answers[0].text
    current = app.ask("how much is the rent", now=now)
    assert current.answers and "1,150" in current.answers[0].text


def test_jots_written_a_minute_apart_are_no_chat_and_a_name_may_hold_a_particle(app: Remen) -> None:
    written = datetime(2026, 11, 20, 20, 0).astimezone()
    app.add("Recipe: shakshuka - 6 eggs, 2 tins tomatoes, cumin, feta on top. 25 min.", created=written)
    app.add(
        "Our daughter Mia starts school on 1 September, Grundschule am Park", created=written + timedelta(minutes=1)
    )
    app.extract_pending()
    school = app.ask("where does Mia go to school", now=written + timedelta(days=1))
    assert school.answers and school.answers[0].answer == "Grundschule am Park"
    assert not [item for item in school.answers if "25 min" in (item.sentence or item.text)]
    # Nor is a jot found beside one that names the person asked about any answer about them.
    app.add("Kasia moved to another gym, new trainer is Dev.", created=written + timedelta(minutes=2))
    app.add("Pasta night: bucatini all'amatriciana with guanciale", created=written + timedelta(minutes=3))
    kasia = app.ask("what did Kasia do", now=written + timedelta(days=1))
    assert kasia.answers and not [item for item in kasia.answers if "bucatini" in item.text]


def test_a_past_question_of_a_place_the_graph_lost_is_answered_by_the_earlier_holder(app: Remen) -> None:
    # The graph holds both managers but not the earlier workplace (a busy day there is no stint it
    # reads): the current manager is no answer to who it was there.
    app.add(
        "Little Bean was packed again. Ellie is a good manager, she lets me roast.", created=NOW - timedelta(days=200)
    )
    app.add(
        "First week at Market Lane. My boss now is Dom, who lives for roast curves.", created=NOW - timedelta(days=100)
    )
    app.extract_pending()
    then = app.ask("who was my manager at Little Bean", now=NOW).answers
    assert then and then[0].answer == "Ellie"
    assert "Dom" in app.ask("who is my manager", now=NOW).answers[0].text


def test_a_day_the_graph_holds_answers_no_where(app: Remen) -> None:
    app.add("- Sigrid's birthday 19 Aug, cake from Ravnedalen bakeri\n- gym at 6", created=NOW - timedelta(days=30))
    app.extract_pending()
    assert "19 August" in app.ask("when is Sigrid's birthday", now=NOW).answers[0].text
    cake = app.ask("where do I get Sigrid's birthday cake", now=NOW).answers
    assert cake and "Ravnedalen" in (cake[0].answer or "") and "19 August" not in cake[0].text


def test_a_thing_named_by_its_number_is_not_another_of_its_kind(app: Remen) -> None:
    app.add("ADI part 1 theory is 14 March, need to pass 3 parts.", created=NOW - timedelta(days=200))
    app.add("Passed part 1! 88 out of 100 on the multiple choice.", created=NOW - timedelta(days=150))
    app.add("me: part 3 exam booked for June", created=NOW - timedelta(days=100))
    app.add("Shona: well??\nme: PASSED part 2. one minor for a late signal", created=NOW - timedelta(days=120))
    app.extract_pending()
    # "what did I score" asks for a count; "1" of "part 1" is which part, never the score.
    score = app.ask("what did I score on part 1", now=NOW).answers
    assert score and score[0].answer == "88"
    # Sentences of part 1 and part 3 answer nothing of part 2.
    passed = app.ask("when did I pass part 2", now=NOW).answers
    assert not [item for item in passed if "14 March" in item.text or "June" in (item.answer or "")]


def test_a_period_asked_of_what_is_ahead_finds_the_note_written_before_it(app: Remen) -> None:
    app.add("Elaine says I can take six pupils from January.", created=NOW - timedelta(days=20))
    app.add("Long shift, told to fill in the form and not take it personally.", created=NOW - timedelta(days=125))
    app.extract_pending()
    answers = app.ask("how many pupils can I take from January", now=NOW).answers
    assert answers and answers[0].answer == "six"


def test_a_new_job_leaves_the_old_manager_behind(app: Remen) -> None:
    before = NOW - timedelta(days=300)
    app.add("Twelve years at First Glasgow. Gary Lennox, my depot manager, said to fill in the form.", created=before)
    app.add(
        "First day at Clydeside Driving School! Elaine walked me round, she is the boss here.",
        created=NOW - timedelta(days=170),
    )
    app.extract_pending()
    managers = {(f.target, f.current) for f in app.facts("me", history=True, limit=None) if f.predicate == "manager"}
    # "She is the boss here", in a note that says where I work: the boss there is mine.
    assert managers == {("Gary Lennox", False), ("Elaine", True)}
    assert app.ask("who is my manager", now=NOW).answers[0].text == "Your manager: Elaine"
    assert "Gary" in app.ask("who was my manager at First Glasgow", now=NOW).answers[0].text


def test_one_said_to_run_the_firm_i_join_is_my_manager_there(app: Remen) -> None:
    app.add(
        "Twelve years at First Glasgow. Gary Lennox, my depot manager, said to fill in the form.",
        created=NOW - timedelta(days=300),
    )
    app.add(
        "Clydeside Driving School will take me on from June, Elaine Reid runs it.", created=NOW - timedelta(days=200)
    )
    app.add("First day at Clydeside Driving School! Four pupils to start.", created=NOW - timedelta(days=170))
    app.extract_pending()
    managers = {(f.target, f.current) for f in app.facts("me", history=True, limit=None) if f.predicate == "manager"}
    assert managers == {("Gary Lennox", False), ("Elaine Reid", True)}
    assert app.ask("who is my manager", now=NOW).answers[0].text == "Your manager: Elaine Reid"


def test_a_relation_word_before_a_noun_names_a_kind_not_my_relation(app: Remen) -> None:
    app.add("My foreman is Annika Holm, she is fair.", created=NOW - timedelta(days=30))
    app.add("Johan: the mill is looking for a foreman, you should apply", created=NOW - timedelta(days=60))
    app.extract_pending()
    # The question is about no foreman of mine: the notes say who spoke of the job.
    told = app.ask("who told me about the foreman job", now=NOW)
    assert "Annika Holm" not in [hint.name for hint in told.route.entity_hints]
    assert "Johan" in [item.answer for item in told.answers]
    assert "Annika" in app.ask("who is my foreman", now=NOW).answers[0].text


def test_a_word_before_a_relation_word_names_a_role_not_my_relation(app: Remen) -> None:
    app.add("My manager is Dafydd Rees, the head of the school.", created=NOW - timedelta(days=9))
    app.add("Bethan is the business manager, she signs off the budget.", created=NOW - timedelta(days=5))
    app.extract_pending()
    asked = app.ask("who is the business manager", now=NOW)
    assert "Dafydd Rees" not in [hint.name for hint in asked.route.entity_hints]
    assert asked.answers[0].answer == "Bethan"
    assert "Dafydd Rees" in app.ask("who is my manager", now=NOW).answers[0].text


@pytest.mark.parametrize(
    ("note", "holder", "asks_them", "asks_no_one"),
    [
        # "did the landlord leave": the verb after it, not a kind of thing the word says.
        (
            "Signed the lease, my landlord is Mr Adeyemi, deposit paid.",
            "Mr Adeyemi",
            "what did the landlord leave in the hallway",
            "did the landlord meeting happen",
        ),
        # The head of a trade is the manager; a head that aches is no one's.
        (
            "My manager is Ilse Berg, she runs the glasshouses.",
            "Ilse Berg",
            "who is my head gardener",
            "why does my head ache",
        ),
    ],
)
def test_a_relation_word_a_question_asks_of_is_my_relation(
    app: Remen, note: str, holder: str, asks_them: str, asks_no_one: str
) -> None:
    app.add(note, created=NOW - timedelta(days=30))
    app.extract_pending()
    asked = app.ask(asks_them, now=NOW)
    assert (holder, "relation") in [(hint.name, hint.matched_by) for hint in asked.route.entity_hints]
    other = app.ask(asks_no_one, now=NOW)
    assert holder not in [hint.name for hint in other.route.entity_hints]


def test_a_software_question_is_answered_by_my_tools_before_a_name_that_is_none(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        20,
        "First day at Hollins Vets. Priya sat me with Tom to learn VetLink; after six years of CarePoint "
        "nothing is where I expect.",
        "Practice meeting, Hollins Vets\nPresent: Priya, Tom, me\n- VetLink reminders move to SMS from July",
    )
    first = app.ask("what practice software do we use", now=now).answers[0]
    assert first.fact is not None and first.fact.target == "VetLink"


def test_when_i_started_at_a_workplace_described_by_a_word_of_its_name(app: Remen) -> None:
    app.add("First day at the Ponsonby Music Academy. Twelve guitar students.", created=NOW - timedelta(days=40))
    app.extract_pending()
    started = app.ask("when did I start at the academy", now=NOW).answers
    assert started and started[0].source == "graph"
    assert (NOW - timedelta(days=40)).strftime("%-d %b %Y") in started[0].text


def test_a_sum_the_notes_never_call_by_its_name_is_answered_from_the_graph(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        3,
        "First day at RET. Sandra showed me round the workshop.",
        "Samira found us a flat in Delft near the Westsingel, 1,150 a month, we sign on the 10th.",
    )
    # "rent" is one edit from "RET" and names no firm; the sum the notes never call rent is the rent.
    rent = app.ask("how much is the rent", now=now).answers
    assert rent and rent[0].text == "Your rent: 1,150 a month"


def test_a_job_left_before_the_next_begins_leaves_its_manager_behind(app: Remen) -> None:
    app.add(
        "Eleven years at Garage Verhoef. Kees Verhoef still won't buy a diagnostic laptop.",
        created=NOW - timedelta(days=300),
    )
    app.add("Told Kees today. Last day at Garage Verhoef is 24 April.", created=NOW - timedelta(days=200))
    app.add("First day at RET. Four days a week, Friday off.", created=NOW - timedelta(days=170))
    app.extract_pending()
    managers = {(f.target, f.current) for f in app.facts("me", history=True, limit=None) if f.predicate == "manager"}
    assert managers == {("Kees Verhoef", False)}
    assert "Kees" in app.ask("who was my boss at Garage Verhoef", now=NOW).answers[0].text


def test_a_boss_at_a_place_no_note_made_a_workplace_is_the_one_held_while_it_was_spoken_of(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        30,
        "Guides meeting, Cumbre Tours office\nPresent: Rosa, Wilber, Nayra, me\n- rainy season routes change",
        "Got the Nomad Travel offer. told Rosa I'm leaving. last day 31 March.",
        "First day at Nomad Travel. My new boss is Carla Mendes, she is lovely.",
    )
    assert app.ask("who was my boss at Cumbre Tours", now=now).answers[0].text == "Your boss there: Rosa"
    assert app.ask("who is my boss", now=now).answers[0].text.startswith("Your boss: Carla Mendes")


def test_a_number_whose_unit_measures_something_else_than_asked_gives_way(app: Remen) -> None:
    app.add("memoQ saved me about two days on the winter catalogue, 25k words.", created=NOW - timedelta(days=20))
    app.extract_pending()
    assert app.ask("how much time did memoQ save me", now=NOW).answers[0].answer == "two days"
    assert app.ask("how many words is the winter catalogue", now=NOW).answers[0].answer == "25k"


def test_a_reply_that_opens_on_a_place_and_a_comma_answers_where(app: Remen) -> None:
    chat(
        app,
        "Mina: how was the stag weekend? where did you all go in the end?",
        "Tariq: Portugal, four days. Samir booked every restaurant in advance.",
        "Mina: sounds exhausting",
    )
    # "Portugal," opens the turn as a name someone is spoken to would ("Walt, did you …").
    answers = app.ask("where did Tariq go for the stag weekend", now=NOW).answers
    assert answers and answers[0].answer == "Portugal"


def chat(app: Remen, *turns: str) -> None:
    """Turns of one chat, a minute apart, three days before NOW, all read into the graph."""
    written = NOW - timedelta(days=3)
    for minutes, turn in enumerate(turns):
        app.add(turn, created=written + timedelta(minutes=minutes))
    app.extract_pending()


def test_a_we_in_a_turn_that_names_someone_may_be_them(app: Remen) -> None:
    chat(
        app,
        "Kit: are you still singing with Marta?",
        "Sol: Still with Marta, yes. We finally have a gig, 3 March at St George's Hall.",
        "Kit: amazing",
    )
    where = app.ask("where does Marta have a gig", now=NOW).answers
    assert where and "St George's Hall" in (where[0].answer or "")


def test_people_asked_of_together_are_a_we_of_either_of_them(app: Remen) -> None:
    chat(
        app,
        "Kit: how is Sam?",
        "Nadia: Busy as ever. We adopted a dog, by the way. A beagle from the rescue centre in Ashfield.",
        "Kit: a beagle!",
    )
    where = app.ask("where did Nadia and Sam adopt their dog", now=NOW).answers
    assert where and where[0].answer == "Ashfield"


def test_a_turn_answers_the_question_someone_asked_a_few_turns_before(app: Remen) -> None:
    app.add(
        "Nell: are you still playing the harvest festival with the choir?\n"
        "me: Maria signed us up. nothing's printed yet\n"
        "Nell: fingers crossed\n"
        "me: thanks, it's in October, three evenings at St Cuthbert's Church",
        created=NOW - timedelta(days=3),
    )
    app.extract_pending()
    # The answer's turn never names the festival: the question it answers, three turns up, does.
    when = app.ask("when is the harvest festival", now=NOW).answers
    assert when and "October" in (when[0].answer or "")


def test_the_one_a_deed_is_done_to_did_not_do_it(app: Remen) -> None:
    app.add(
        "Bike stuff\nBought the road bike off Priyanka for £150, tyres need replacing. New lights were £35.",
        created=NOW - timedelta(days=3),
    )
    app.extract_pending()
    # Priyanka sold it: "how much did she buy it for" has a false premise, neither £150 nor the
    # lights' £35 beside it.
    assert not app.ask("how much did Priyanka buy the road bike for", now=NOW).answers
    paid = app.ask("how much was the road bike", now=NOW).answers
    assert paid and paid[0].answer == "£150"


def test_a_reply_that_narrows_the_time_asked_is_the_answer_not_the_question(app: Remen) -> None:
    chat(
        app,
        "Kit: are you going to the folk festival this year?",
        "Sol: Yes, all three of us, 14 to 17 August.",
        "Kit: can you bring the big tent to the planning night on the 14th?",
        "Sol: sure, I'll drop it round on Monday",
    )
    going = app.ask("when is Sol going to the folk festival", now=NOW).answers
    assert going and (going[0].answer or "").startswith("14 to 17 August")
    # A reply's time no narrower than the one asked leaves the question's standing.
    planning = app.ask("when is the planning night", now=NOW).answers
    assert planning and "the 14th" in (planning[0].answer or "")


def test_what_someones_someone_did_is_no_answer_of_what_the_asked_one_did(app: Remen) -> None:
    chat(
        app,
        "Sol: We moved! Out of the old flat at last, into a house in Roundhay with a garden.",
        "Kit: congrats! is the band ok?",
        "Sol: Yes, though our old drummer moved to Glasgow, so I'm learning the parts myself.",
    )
    moved = app.ask("where did Sol move to", now=NOW).answers
    assert moved and moved[0].answer == "Roundhay"
    assert "Glasgow" not in [item.answer for item in moved]


def test_where_someone_works_is_told_by_a_job(app: Remen) -> None:
    chat(
        app,
        "Kit: how was the week?",
        "Sol: Big news. I've been offered a job at Harbour Bakery, in the bread team.",
        "Kit: amazing!",
        "Sol: I signed yesterday. I start on 6 April, early shifts.",
    )
    works = app.ask("where does Sol work now", now=NOW).answers
    assert works and works[0].answer == "Harbour Bakery"


def test_who_someone_is_is_what_the_notes_say_of_them_not_another_name(app: Remen) -> None:
    chat(
        app,
        "Marcus: I didn't get it. They gave it to Hywel, who has been there twelve years.",
        "Nina: Sorry. Their loss.",
        "Marcus: I've started a podcast with Hywel instead, about chemistry in the kitchen.",
    )
    who = app.ask("who is Hywel", now=NOW).answers
    assert who and not {"Marcus", "Nina"} & {item.answer for item in who}
    assert any("twelve years" in (item.sentence or item.text) for item in who)


def test_people_asked_of_together_are_not_one_of_them_alone(app: Remen) -> None:
    chat(app, "Kit: how are things?", "Nadia: Busy. I adopted a dog from the rescue centre in Ashfield.", "Kit: wow")
    where = app.ask("where did Nadia and Sam adopt their dog", now=NOW).answers
    assert not where or where[0].answer != "Ashfield"


def test_a_name_asked_for_is_the_one_given_not_a_sentence_about_the_thing(app: Remen) -> None:
    app.add("Bought the van from a dealer in Leeds. Priya named it Biscuit, the kids love it.")
    app.extract_pending()
    for question in ("what did Priya name the van", "what is the van called"):
        answers = app.ask(question, now=NOW).answers
        assert answers and answers[0].answer == "Biscuit", question


def test_a_chat_turn_speaks_of_whom_the_turns_before_it_named(app: Remen) -> None:
    chat(
        app,
        "Kit: Rafa's wedding is in two weeks, I wrote the toast on the bus",
        "Sol: read me a line!",
        "Kit: Rafa has never been on time for anything, so today is a miracle.",
        "Sol: ha, perfect. where's the reception?",
        "Kit: At a hotel by the harbour, the Lantern. Two hundred guests.",
    )
    answers = app.ask("Where is the reception of Rafa's wedding?", now=NOW).answers
    # "in two weeks" is no spot: a stretch of time.
    assert answers and answers[0].answer == "Lantern"


def test_a_workplace_someone_used_to_have_answers_where_they_worked_before(app: Remen) -> None:
    app.add("First day at Sahra Pay. My manager is Laila Mostafa, who used to be at Fawry and talks fast.")
    app.extract_pending()
    before = app.ask("where did Laila work before", now=NOW)
    assert before.answers and before.answers[0].text == "Laila Mostafa's workplace before: Fawry"


def test_a_boss_named_before_the_next_job_began_was_not_the_boss_at_the_last(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    written = [
        (60, "Another long day at Zenox Bank. My oga Mr. Adewale shouted at the whole team again."),
        (10, "Tolu called: Kudipay wants me! Tolu will be my manager there."),
        (30, "Submitted my resignation letter to Mr. Adewale. My last day at Zenox is 12 June."),
        (1, "First day at Kudipay!"),
    ]
    for days, body in written:
        app.add(body, embed=False)
        clock.advance(days * 86_400)
    app.extract_pending()
    now = datetime.fromtimestamp(clock()).astimezone()
    # "at Zenox" is the stay at Zenox Bank too; Tolu, named in its last weeks, is the next job's boss.
    there = app.ask("who was my boss at Zenox", now=now)
    assert there.answers and there.answers[0].text == "Your boss there: Mr. Adewale"


def test_a_relative_the_notes_never_name_is_told_back_as_the_users_own(app: Remen) -> None:
    app.add("Long walk by the canal, then soup in town.")
    app.extract_pending()
    asked = app.ask("where does my mother live", now=NOW)
    assert not asked.answers
    assert asked.not_found == "Your notes don't say who your mother is."


def test_who_someone_is_is_told_first_by_a_sentence_saying_where_they_are_from(app: Remen) -> None:
    app.add(
        "Kyoto Press check-in (Mr. Sato + editor Ms. Kondo)\n- first chapter due end of May\n- glossary in Drive",
        created=NOW - timedelta(days=40),
    )
    app.add("first 50 pages sent to Mr. Sato. a day early!", created=NOW - timedelta(days=20))
    app.extract_pending()
    # The later sentence only mentions him; the meeting's says the firm he is with.
    who = app.ask("who is Mr. Sato", now=NOW)
    assert who.answers and "Kyoto Press" in who.answers[0].text
    assert any("first 50 pages" in item.text for item in who.answers[1:])


def test_a_role_said_beside_a_name_answers_who_holds_it_before_a_guess_by_meaning(app: Remen) -> None:
    day = NOW - timedelta(days=30)
    app.add(
        "Interview at Northgate Hospital pharmacy. Panel: Dr. Helen Ashby (chief pharmacist), Sunil Rao (HR).",
        created=day,
    )
    app.add("Sunil Rao from HR emailed the contract, start date 1 June.", created=day + timedelta(days=3))
    app.add("Sunil Rao says the pharmacy team is twelve people.", created=day + timedelta(days=5))
    app.extract_pending()
    answers = app.ask("who is the chief pharmacist", now=NOW).answers
    assert answers and answers[0].answer == "Dr. Helen Ashby"


def test_where_someone_works_now_is_no_answer_to_where_they_worked_before(app: Remen) -> None:
    day = NOW - timedelta(days=30)
    app.add("Eetu: sent. their lead is Maria Lind, she used to be at Nokia", created=day)
    app.add("Two weeks in at Valo Health. Maria Lind runs the QA team like a clock.", created=day + timedelta(days=20))
    app.add("Maria Lind works at Valo Health, she leads QA.", created=day + timedelta(days=21))
    app.extract_pending()
    answers = app.ask("where did Maria Lind work before", now=NOW).answers
    assert [a.answer for a in answers[:2]] == ["Nokia", None]
    assert answers[1].text == "Maria Lind's workplace: Valo Health"


def test_who_told_of_something_is_who_told_first_and_the_turn_s_speaker(app: Remen) -> None:
    day = NOW - timedelta(days=60)
    app.add("Coffee with the crew\nJoana: easyJet is opening a base in Porto. they want cabin crew", created=day)
    app.add(
        "Hello Beatriz, Rui Teixeira, base manager for easyJet Porto. We would like to invite you to an interview.",
        created=day + timedelta(days=20),
    )
    # Chats of other days: turns written days apart are no one thread.
    kev = "Kev: days too, ask for Joanne Ellis at Midland Freight, she hired my cousin"
    app.add(kev, created=day + timedelta(days=1))
    app.add("Ryo: Okada said you asked him about work direct", created=day + timedelta(days=2))
    app.add("Ana: the bakery on Elm Street is hiring bakers", created=day + timedelta(days=3))
    app.add("Ben: the bakery on Elm Street is hiring bakers, did you see?", created=day + timedelta(days=9))
    app.extract_pending()
    for question, teller in (
        ("who told me about the easyJet base", "Joana"),
        ("who told me Midland Freight was hiring", "Kev"),
        ("who told Ryo I was leaving", "Okada"),
        ("who told me the bakery on Elm Street was hiring", "Ana"),
    ):
        answers = app.ask(question, now=NOW).answers
        assert answers and answers[0].answer == teller, question


def test_a_place_counted_from_is_not_whose_home_is_asked(app: Remen) -> None:
    day = NOW - timedelta(days=90)
    app.add("The commute from Gulfton is 45 minutes on the 610.", created=day)
    app.add("Marco and I are looking at townhouses in Pearland, closer to his work.", created=day + timedelta(days=9))
    app.extract_pending()
    answers = app.ask("where did we live before Pearland", now=NOW).answers
    assert answers and answers[0].text == "Your home: Gulfton"


def test_the_name_a_question_counts_from_is_no_answer_to_it(app: Remen) -> None:
    app.add("- renew Sibelius licence before the 31st", created=NOW - timedelta(days=200))
    app.add("First day at the Ponsonby Music Academy. They use Dorico here.", created=NOW - timedelta(days=20))
    app.extract_pending()
    answers = app.ask("what did I use before Dorico", now=NOW).answers
    assert [a.text for a in answers] == ["Me · uses · Sibelius"]


def test_a_deadline_is_a_day_not_a_time_of_day(app: Remen) -> None:
    app.add("Pitch deck review\n- Orla wants the beta build by 14 May", created=NOW - timedelta(days=20))
    app.add("Beta build sent to Orla at 5:12pm. Pizza for the team.", created=NOW - timedelta(days=2))
    app.extract_pending()
    answers = app.ask("when is the beta build due", now=NOW).answers
    assert answers and "14 May" in (answers[0].answer or "")


def test_who_did_something_asks_the_doer_not_an_attribute(app: Remen) -> None:
    app.add("New work address: my email is ana.lee@corvina.kr from Monday.", created=NOW - timedelta(days=9))
    app.add("Bora gave me her phone number at the offsite: 010 5512 7788.", created=NOW - timedelta(days=3))
    app.extract_pending()
    # "who sent me the email" asks who sent it, never what my email is.
    sent = app.ask("who sent me the email", now=NOW)
    assert sent.route.query_type != QueryType.ENTITY_LOOKUP
    assert not [item for item in sent.answers if "ana.lee@corvina.kr" in item.text]
    gave = app.ask("who gave me her phone number", now=NOW)
    assert gave.route.query_type != QueryType.ENTITY_LOOKUP and gave.answers[0].answer == "Bora"
    # Asking the attribute itself still looks it up.
    assert app.ask("what is my email", now=NOW).route.query_type == QueryType.ENTITY_LOOKUP


def test_a_home_pay_and_last_day_asked_of_a_place_are_the_ones_held_there(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        40,
        "Six years at Harbourside Hotel. Drove home to Kaimukī after the late shift.",
        "Renata called about a job in Hilo. I'm on $58k now, they offer more. It would mean leaving Honolulu.",
        "Last day at Harbourside Hotel. The night team sang.",
        "First day at Volcano Lodge. My new place in Hilo is ten minutes away.",
    )
    # The place sets the scene: the writer's home and pay while there, not the town's.
    lived = app.ask("where did I live in Honolulu", now=now).answers
    assert lived and lived[0].text == "Your home there: Kaimukī"
    paid = app.ask("what was my pay at Harbourside Hotel", now=now).answers
    assert paid and "$58k" in paid[0].text
    ended = app.ask("when was my last day at Harbourside Hotel", now=now).answers
    assert ended and ended[0].source == "graph" and ended[0].text.startswith("Until")
    assert app.ask("when did I leave Harbourside Hotel", now=now).answers[0].text == ended[0].text


def test_a_launch_or_a_start_asked_in_the_past_is_a_day_not_a_time_of_day(app: Remen) -> None:
    app.add("Ops weekly\n- the new booking page goes live 1 Jun", created=NOW - timedelta(days=40))
    app.add(
        "The booking page has been live a while and the 3pm queue is half what it was.", created=NOW - timedelta(days=3)
    )
    app.extract_pending()
    answers = app.ask("when does the booking page go live", now=NOW).answers
    assert answers and "1 Jun" in (answers[0].answer or "")


def test_a_head_of_pharmacy_and_my_dentists_follow_up(app: Remen) -> None:
    notes = (
        "Twelve years in the pharmacy at Lakeside Hospital. Gloria Mensah, our head of pharmacy, wants the audit.",
        "CareDesk froze again during the morning rush, ticket to IT.",
        "Dr. Hill has been my dentist for years, already booked Thu 12 Feb 5pm.",
        "Last day at Lakeside Hospital. The team sang.",
        "First day at Riverside Clinic. Priya sat me with Joel to learn MedFlow.",
        "found a new dentist near work, Dr. Osei at BrightSmile, cleaning on 2 July",
        "- BrightSmile follow-up w/ Dr. Osei Tue 15 Sep",
    )
    for i, text in enumerate(notes):
        app.add(text, created=NOW - timedelta(days=20 * (len(notes) - i)))
    app.extract_pending()
    # "Head of pharmacy" names the writer's manager, asked of the workplace then.
    head = app.ask("who was my head of pharmacy at Lakeside Hospital", now=NOW).answers
    assert head and head[0].text == "Your manager there: Gloria Mensah"
    # "My dentist" is Dr. Osei now: the follow-up with him, not the day booked with the dentist before.
    follow_up = app.ask("when is my dentist follow-up", now=NOW).answers
    assert follow_up and "15 Sep" in (follow_up[0].answer or "")


def test_my_reply_about_myself_tells_nothing_of_another_named_later(app: Remen) -> None:
    app.add("Pharmacy meeting\nPresent: Gloria, Fah, me\n- Fah covers the night rota", created=NOW - timedelta(days=40))
    app.add(
        "Beam: is it true you're moving to Leeds??\nme: yes, last day at Lakeside is 30 April\n"
        "Beam: who takes over the warfarin clinic\nme: Fah. Gloria agreed this morning",
        created=NOW - timedelta(days=20),
    )
    app.extract_pending()
    assert not [item for item in app.ask("when did Fah leave Lakeside", now=NOW).answers if "30 April" in item.text]
    mine = app.ask("when was my last day at Lakeside", now=NOW).answers
    assert mine and "30 Apr" in mine[0].text


def test_of_two_tools_of_the_kind_asked_the_one_taken_up_by_a_switch_comes_first(app: Remen) -> None:
    app.add("- Jira → Linear migration done, backlog moved", created=NOW - timedelta(days=60))
    app.add("- incident review doc in Notion, share with Ania", created=NOW - timedelta(days=10))
    app.extract_pending()
    answers = app.ask("which issue tracker do we use", now=NOW).answers
    assert answers and answers[0].fact is not None and answers[0].fact.target == "Linear"


def test_my_reply_to_a_question_naming_another_tells_of_them(app: Remen) -> None:
    app.add("Pharmacy meeting\nPresent: Gloria, Fah, me\n- Fah covers the night rota", created=NOW - timedelta(days=40))
    app.add(
        "Beam: did you hear Fah is leaving Lakeside?\nme: yes, last day is 30 April", created=NOW - timedelta(days=20)
    )
    app.extract_pending()
    answers = app.ask("when does Fah leave Lakeside", now=NOW).answers
    assert answers and "30 April" in answers[0].text


def test_a_first_day_note_answers_when_i_started_before_an_interviews_today(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        40,
        "Interview at Kelvo today, the freight start-up by the harbour. Good questions for once.",
        "First day at Kelvo. Desk by the window and a laptop that works.",
    )
    started = datetime.fromtimestamp(clock() - 40 * 86_400).astimezone()
    answer = app.ask("when did I start at Kelvo", now=now)
    assert answer.answers[0].source == "graph"
    assert answer.answers[0].text.startswith(f"Since {started:%a} {started.day} {started:%b %Y}, by your notes")


def test_a_tool_whose_earlier_sentence_says_the_topic_answers_before_a_name_that_is_no_tool(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        30,
        "Interview at Ostra today. They run Zendesk for everything and asked how I'd clear 40 tickets on a Monday.",
        "First day at Ostra. Everything lives in Zendesk here, so goodbye Freshdesk.",
        "Desk weekly\nAttendees: Kjell Ek, Mona, me\n- Kjell: every ticket gets a first answer within 2 hours",
    )
    answer = app.ask("what ticket system do we use", now=now)
    assert answer.answers[0].source == "graph" and "Zendesk" in answer.answers[0].text


def test_my_boss_at_a_workplace_the_graph_does_not_hold_is_the_one_before_my_next_job(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        10,
        "Back in the office at Quillon Studio. Hana wants the pitch deck by Monday.",
        "Moved to Clementi today, boxes everywhere.",
        "Orbis has an opening for a lead designer. I think I want it. Haven't told Hana.",
        "First day at Orbis. Kenji Mori, my new boss, showed me around the floor.",
    )
    # A move of home in between does not end the time at Quillon: the next job does.
    answer = app.ask("who was my boss at Quillon", now=now)
    assert answer.answers and "Hana" in answer.answers[0].text


def test_someones_sum_is_read_only_from_a_sentence_that_says_it(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(app, clock, 5, "- JD 200 a month into savings\n- Yousef's wedding 3 July in Salt")
    assert app.ask("how much is Yousef's rent", now=now).answers == ()
    # Nor from the writer's own sum in a jot whose next line names them.
    now = written_days_apart(app, clock, 5, "- rent goes to 6 triệu from November\n- Linh's wedding 20 Dec!!")
    assert app.ask("how much is Linh's rent", now=now).answers == ()
    now = written_days_apart(app, clock, 5, "Yousef says his rent in Salt is JD 300 a month now.")
    answer = app.ask("how much is Yousef's rent", now=now)
    assert answer.answers and "300" in answer.answers[0].text


def test_the_tool_of_my_job_now_answers_what_we_use_not_the_one_of_the_job_before(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        20,
        "Four years at Volta Drinks this month. We use Odoo for stock and the counts are off by forty crates again.",
        "Last day at Volta Drinks, the lads bought cake.",
        "First day at Shopwise. Everything is scanned into NetSuite, nobody writes on paper.",
        "We moved the rota from WhatsApp to Deputy last month, nobody misses the voice notes.",
    )
    assert "NetSuite" in app.ask("what stock system do we use", now=now).answers[0].text
    # Asked in the past, the job before's tool answers.
    assert "Odoo" in app.ask("what did we use for stock counts", now=now).answers[0].text


def test_my_own_reply_to_a_question_put_to_me_tells_nothing_of_the_asker(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        3,
        "Dana: are you coming to Gran's on Sunday?\nme: yes, with the cake",
        "Dana: did you find a dentist near the new flat?\nme: yes, Dr. Okon at Bright Smile, quicker than the old one",
    )
    assert app.ask("who is Dana's dentist", now=now).answers == ()
    assert "Okon" in app.ask("who is my dentist", now=now).answers[0].text


def test_the_tools_used_at_a_workplace_named_are_those_in_use_while_the_writer_worked_there(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        30,
        "Long day at Ananta Apparels. WFX keeps logging me out.",
        "First day at Crescent Sourcing. Everyone here tracks orders in Centric PLM, so I use Centric PLM now.",
    )
    then = app.ask("which software did I use at Ananta Apparels", now=now).answers
    assert then and "WFX" in then[0].text
    assert "Centric PLM" in app.ask("which software do I use", now=now).answers[0].text


def test_an_attribute_word_before_a_software_noun_asks_for_the_software(app: Remen) -> None:
    app.add("Deleted Mint, I budget in YNAB now with Marco.")
    app.extract_pending()
    asked = app.ask("what budget app do I use", now=NOW)
    assert asked.route.attribute_hint == "uses"
    assert asked.answers and "YNAB" in asked.answers[0].text


def test_the_tools_of_a_workplace_named_by_any_of_its_names(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        30,
        "Another long day at Laboratorio Andino, twelve hours.",
        "LabWare crashed twice, lost the morning batch entries.",
        "last day at Andino: 27 March",
        "First day at Viña Los Maitenes: everything runs on Vintrace, so I use Vintrace now.",
    )
    then = app.ask("what software did I use at Andino", now=now).answers
    assert then and "LabWare" in then[0].text


def test_a_firm_called_without_the_word_its_name_opens_with_is_the_same_firm(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        20,
        "Francisca: we need a lab chief at Los Maitenes for the harvest\nme: tell me more",
        "First day at Viña Los Maitenes. The lab is tiny.",
    )
    started = app.ask("when did I start at Los Maitenes", now=now).answers
    assert started and "Viña Los Maitenes" in started[0].text


def test_a_later_note_that_speaks_of_no_such_tie_is_no_newer_word_on_its_holder(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        30,
        "- resignation to Levent Bey, one month notice\n- Dr. Aylin Kaya, Tue 3 Mar 17:30, Bornova: ask for the blood"
        " test results",
        "Bayram week at Grandma's in Cunda, the whole family came. The leaf results are in: potassium is low.",
    )
    answer = app.ask("who is my family doctor", now=now)
    assert answer.answers and "Kaya" in answer.answers[0].text


def test_who_someone_is_is_said_best_by_a_description_beside_their_name(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        10,
        "Everything is in Agrivi, so I spent the afternoon learning it with Yusuf, the IT guy who does the accounts.",
        "- Yusuf sets up the growers' accounts by Friday",
    )
    answer = app.ask("who is Yusuf", now=now)
    assert answer.answers and "IT guy" in answer.answers[0].text


def test_the_tools_i_used_at_a_workplace_are_mine_not_what_someone_else_uses(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        20,
        "Long day at Anadolu Gübre. SAP froze again at goods receipt.",
        "Hatice: field visits to 300 growers, and we track everything in Trello\nme: I'm interested",
        "Last day at Anadolu Gübre. Closed my SAP account myself.",
        "First day at Edremit Kooperatifi. Hatice, my new boss, showed me the lab.",
    )
    answers = app.ask("which system did I use at Anadolu Gübre", now=now).answers
    assert answers and "SAP" in answers[0].text


def test_a_name_cried_out_first_is_whom_my_turn_speaks_to_not_an_answer(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(app, clock, 3, "Mum: how is the new boss?\nme: Mum!! Laila is great, very fair")
    answers = app.ask("who is my boss", now=now).answers
    assert not answers or "Mum" not in (answers[0].answer or answers[0].text)


def test_who_someone_is_is_said_by_the_role_before_their_name_in_a_list(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        10,
        "Safety meeting on board\nPresent: Captain Manolis, chief engineer Giorgos Vlachos, bosun Mitsos, me\n"
        "- Giorgos orders the spare part from Piraeus",
        "Giorgos: Niko! the old man asks about you every trip\nme: tell him I miss the bridge",
        "Giorgos wrote that the company is selling the old ferry in September.",
    )
    answers = app.ask("who is Giorgos Vlachos", now=now).answers
    assert answers and "chief engineer" in answers[0].text


def test_a_sum_asked_in_the_present_is_the_one_told_last(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        100,
        "Long day at the salon. Sónia put me on the Saturday rota again. I make 1.050 € a month after tax and we"
        " put 150 € a month into savings, it is not enough. Rui says I should talk to Bruno.",
        "- new dentist near the flat, 12/5 at 9:30\n- savings: 300 € a month from May, the chair pays better\n"
        "- sold the Clio to Leandro, 4.200 €",
        "- rent 650 € a month to Sr. Carvalho by the 8th",
        "- Fresha goes up to 40 € a month per chair, head office pays",
        "Tiago turned nine today. Pizza in Cacilhas, 38 € for the four of us.",
    )
    answers = app.ask("how much do we save a month", now=now).answers
    assert [a.answer for a in answers[:2]] == ["300 €", "150 €"]


def test_what_the_work_is_done_in_asks_for_a_tool_in_use(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        20,
        "- Fresha double-booked Dona Amélia again, call her to move to Thursday",
        "Last day at Corte Real.",
        "First day at Estúdio Navalha! Installed Booksy on the shop tablet.",
    )
    answers = app.ask("what app do we book clients in", now=now).answers
    # Answered from the graph, as "which app do we use" is, though no sentence says what is booked in it.
    assert answers and "Booksy" in answers[0].text and answers[0].source == "graph"
    assert not app.ask("what did I put in the soup", now=now).answers


def test_a_tie_asked_with_the_is_the_writers_own(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        60,
        "- rent £950 pcm to Moginie James, standing order on the 1st, Penarth flat",
        "- flat on Newton Road, Mumbles: 2 bed, £1,100 pcm, landlord Mr. Hughes (lives upstairs)",
        "Moved to Mumbles today, sea from the kitchen window.",
    )
    assert app.ask("who is the landlord", now=now).answers[0].text == "Your landlord: Mr. Hughes"
    assert "Moginie James" in app.ask("who was the letting agent in Penarth", now=now).answers[0].text


def test_what_the_workplace_uses_asks_for_the_writers_tools(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        20,
        "First week at the Clínica Veterinaria Sur. We keep all the records in VetManager.",
        "Busy night shift, two cats and a very loud parrot.",
    )
    answers = app.ask("what software does the hospital use for records", now=now).answers
    assert answers and "VetManager" in answers[0].text and answers[0].source == "graph"


def test_a_place_described_in_a_question_in_the_past_asks_for_the_value_before(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        40,
        "Interpreters' mtg\nPresent: Sylvie Roy (chief), Marc-André, Priya, me\n- new rule: two per trial",
        "Élodie: did u see the Bureau posting??\nme: the pay is way better, I'm at $68k here w/ no overtime",
        "First day at the Translation Bureau. Daniel Okafor is my section chief, and I make $81,500 now.",
    )
    assert "Sylvie Roy" in app.ask("who was my boss at the court", now=now).answers[0].text
    assert "Daniel Okafor" in app.ask("who is my boss", now=now).answers[0].text
    assert "$68k" in app.ask("how much did I make at the court", now=now).answers[0].text
    assert "$81,500" in app.ask("how much do I make", now=now).answers[0].text
    assert app.ask("what did I make at the pottery class", now=now).route.attribute_hint != "salary"


def test_someone_titled_me_in_french_is_not_the_writer(app: Remen, clock) -> None:  # type: ignore[no-untyped-def]
    now = written_days_apart(
        app,
        clock,
        10,
        "Interpreters' mtg\nPresent: Sylvie Roy (head), Me Bouchard (Crown), me",
        "Last day at the Cour du Québec. First day at the Translation Bureau next week.",
        "First day at the Translation Bureau today.",
    )
    assert "Translation Bureau" in app.ask("where do I work", now=now).answers[0].text
    assert "Sylvie Roy" in app.ask("who is my boss", now=now).answers[0].text
