"""Search end to end on a real database with the real model and a fixed clock."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from remen.core.models import MatchType
from remen.search.engine import RELAX_ANY_WORD, RELAX_SEMANTIC
from remen.search.keyword import index_for, weak_terms
from remen.service import Remen
from remen.store.search import word_doc_count
from scripts.evaluation.chat import session_notes
from scripts.evaluation.long_chat import NADIA_THEO

NOW = datetime(2026, 3, 16, 10, 0).astimezone()


def ids(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [h.note_id for h in result.results]


@pytest.fixture
def notes(app: Remen) -> dict[str, str]:
    """A small realistic notebook with known dates."""
    made = {}
    for key, body, tags, days_ago in [
        ("pasta", "# Carbonara\nGuanciale, eggs, pecorino and black pepper. No cream!", ["recipe"], 20),
        ("dentist", "Dentist appointment: the crown on the upper left molar needs redoing.", ["health"], 1),
        ("git", "# Undo the last commit\ngit reset --soft HEAD~1 keeps the changes staged.", ["git"], 40),
        ("review", "Quarterly review prep: metrics, hiring plan, budget for Q2.", ["work"], 6),
        ("cpp", "# C++ templates\nUse template specialisation for the serializer. Also C# generics differ.", [], 100),
        ("node", "node.js streams: pipe readable into writable, handle backpressure.", [], 100),
        ("cafe", "Café Crème on Rue Oberkampf has the best croissants.", ["paris"], 5),
        ("garden", "Planted tomatoes and basil on the balcony; water every evening.", ["garden"], 3),
    ]:
        note = app.add(body, tags=tags, created=NOW - timedelta(days=days_ago))
        made[key] = note.id
    return made


def test_paraphrase_finds_by_meaning(app: Remen, notes: dict[str, str]) -> None:
    result = app.search("how do I revert my most recent commit", now=NOW)
    assert ids(result)[0] == notes["git"]
    assert result.results[0].match_type in ("semantic", "both")
    assert result.results[0].why.similarity is not None and result.results[0].why.similarity > 0.4


def test_keyword_match_is_both_legs_and_explained(app: Remen, notes: dict[str, str]) -> None:
    result = app.search("carbonara guanciale", now=NOW)
    top = result.results[0]
    assert top.note_id == notes["pasta"] and top.match_type == "both"
    assert set(top.why.matched_terms) == {"carbonara", "guanciale"}
    assert "guanciale" in top.snippet.lower()
    assert {"parse", "keyword", "semantic", "merge", "total"} <= set(result.timings_ms)


def test_typo_in_a_distinctive_word_still_finds_the_note(app: Remen, notes: dict[str, str]) -> None:
    app.engine.legs = frozenset({"keyword"})
    result = app.search("guancale", now=NOW)
    assert ids(result) == [notes["pasta"]]
    assert result.relaxation and "typo" in result.relaxation
    assert app.search("tst", now=NOW).results == ()


def test_quoted_phrase_is_exact(app: Remen, notes: dict[str, str]) -> None:
    app.engine.legs = frozenset({"keyword"})
    assert ids(app.search('"black pepper"', now=NOW)) == [notes["pasta"]]
    assert ids(app.search('"pepper black"', now=NOW)) == []


def test_tag_filter_applies_to_both_legs(app: Remen, notes: dict[str, str]) -> None:
    result = app.search("#health appointment", now=NOW)
    assert ids(result) == [notes["dentist"]]
    assert app.search("#nosuchtag pasta", now=NOW).results == ()
    assert set(ids(app.search("#recipe", now=NOW))) == {notes["pasta"]}


def test_time_filter_and_temporal_only_ordering(app: Remen, notes: dict[str, str], clock) -> None:  # type: ignore[no-untyped-def]
    assert ids(app.search("dentist yesterday", now=NOW))[0] == notes["dentist"]
    assert notes["dentist"] not in ids(app.search("dentist last month", now=NOW))
    created_last_week = [notes["dentist"], notes["garden"], notes["cafe"], notes["review"]]
    last_week = app.search("last week", now=NOW)
    assert ids(last_week) == created_last_week
    assert last_week.temporal_filter is not None and last_week.temporal_filter.description.startswith("last week")
    clock.now = (NOW - timedelta(days=4)).timestamp()
    app.update(notes["pasta"], body="# Carbonara\nGuanciale, eggs, pecorino. Edited last week.")
    assert ids(app.search("last week", now=NOW)) == [*created_last_week, notes["pasta"]]
    assert ids(app.search("past 3 days", now=NOW)) == [notes["dentist"], notes["garden"]]


def test_archived_and_trashed_are_hidden_unless_asked(app: Remen, notes: dict[str, str]) -> None:
    app.archive(notes["garden"])
    app.delete(notes["cafe"])
    assert notes["garden"] not in ids(app.search("tomatoes basil", now=NOW))
    assert notes["garden"] in ids(app.search("tomatoes basil", now=NOW, include_archived=True))
    assert notes["cafe"] not in ids(app.search("croissants", now=NOW))
    assert notes["cafe"] in ids(app.search("croissants", now=NOW, include_deleted=True))
    assert ids(app.search("#garden", now=NOW)) == []
    assert ids(app.search("#garden", now=NOW, include_archived=True)) == [notes["garden"]]
    assert notes["cafe"] not in ids(app.search("past 7 days", now=NOW))
    assert ids(app.search("#paris past 7 days", now=NOW, include_deleted=True)) == [notes["cafe"]]


@pytest.mark.parametrize(
    "query, key",
    [
        ("c++", "cpp"),
        ("C#", "cpp"),
        ("node.js", "node"),
        ("café", "cafe"),
        ("CAFE creme", "cafe"),
        ("Crème", "cafe"),
        ("template*", "cpp"),
        ('"c++ templates"', "cpp"),
    ],
)
def test_symbols_and_unicode_match_by_keyword(app: Remen, notes: dict[str, str], query: str, key: str) -> None:
    app.engine.legs = frozenset({"keyword"})
    assert notes[key] in ids(app.search(query, now=NOW))


@pytest.mark.parametrize(
    "query",
    [
        '"',
        "'",
        '"unclosed',
        "NEAR(a b)",
        "a OR b AND NOT c",
        "col:value",
        "^start",
        "x*",
        "(((",
        "'; DROP TABLE notes; --",
        "%_\\",
        "\x00",
        "🙂",
        "the of and",
        "???",
        "#",
        "",
        "   ",
        "a" * 5000,
    ],
)
def test_any_input_is_safe(app: Remen, notes: dict[str, str], query: str) -> None:
    result = app.search(query, now=NOW)
    assert isinstance(result.results, tuple)
    assert app.counts()["live"] == len(notes)


def test_stopword_only_query_still_searches(app: Remen, notes: dict[str, str]) -> None:
    app.add("The Who played live at Leeds", created=NOW)
    assert app.search("the who", now=NOW).results


def test_relaxation_any_word_then_nothing_below_the_meaning_floor(app: Remen, notes: dict[str, str]) -> None:
    app.engine.legs = frozenset({"keyword"})
    result = app.search("guanciale zzzqqq", now=NOW)
    assert ids(result) == [notes["pasta"]] and result.relaxation == RELAX_ANY_WORD
    app.engine.legs = frozenset({"keyword", "semantic"})
    # Nothing is near it in meaning either: "nothing matched", not every note down to 0.00.
    vague = app.search("lorem ipsum dolor", now=NOW)
    assert vague.results == () and vague.relaxation is None
    # Inside a time range the closest notes are still shown, however far.
    ranged = app.search("lorem ipsum dolor this year", now=NOW)
    assert ranged.relaxation == RELAX_SEMANTIC and ranged.results


def test_note_is_findable_by_meaning_right_after_saving(app: Remen, notes: dict[str, str]) -> None:
    note = app.add("Booked flights to Lisbon for the conference in May")
    result = app.search("travel plans portugal", now=NOW + timedelta(days=1))
    assert result.results[0].note_id == note.id


def test_in_window_note_is_never_lost_to_the_top_k_cut(app: Remen) -> None:
    old = NOW - timedelta(days=400)
    for i in range(260):
        app.add(f"Sourdough bread baking log entry {i}: starter, flour, water, salt.", created=old)
    target = app.add("Notes on bread: my starter smelled odd today.", created=NOW - timedelta(days=1))
    for warm in (False, True):
        if warm:
            app.warm_search()
        result = app.search("sourdough baking yesterday", now=NOW)
        assert ids(result) == [target.id]


def test_warm_index_follows_new_archived_and_deleted_notes(app: Remen, notes: dict[str, str]) -> None:
    app.warm_search()
    new = app.add("Kayaking on the lake with Marta, bring the dry bag")
    assert ids(app.search("paddling trip", now=NOW))[0] == new.id
    app.archive(new.id)
    assert new.id not in ids(app.search("paddling trip", now=NOW))


def test_warm_index_follows_edits_and_purges_here_and_in_another_process(
    app: Remen, notes: dict[str, str], embedder
) -> None:  # type: ignore[no-untyped-def]
    app.warm_search()
    kayak = app.add("Kayaking on the lake with Marta, bring the dry bag")
    assert ids(app.search("paddling trip", now=NOW))[0] == kayak.id
    app.update(kayak.id, "Tax return: send the receipts to the accountant")
    assert kayak.id not in ids(app.search("paddling trip", now=NOW))
    assert ids(app.search("income tax paperwork", now=NOW))[0] == kayak.id
    app.delete(kayak.id)
    app.purge(kayak.id)
    assert kayak.id not in ids(app.search("income tax paperwork", now=NOW, include_deleted=True))
    # Chunks deleted by another process (a purge from the CLI) leave this process's index too.
    canoe = app.add("Canoe weekend on the river, pack the tent")
    assert ids(app.search("paddling trip", now=NOW))[0] == canoe.id
    with Remen.open(app.settings.db_path, embedder=embedder) as other:
        other.delete(canoe.id)
        other.purge(canoe.id)
    assert canoe.id not in ids(app.search("paddling trip", now=NOW, include_deleted=True))


def test_related_notes(app: Remen, notes: dict[str, str]) -> None:
    bread = app.add("Pizza dough: flour, water, yeast, salt, olive oil; rest 24 hours.")
    related = app.related(bread.id)
    assert related and related[0].note_id == notes["pasta"]
    assert all(r.note_id != bread.id and r.similarity >= 0.3 for r in related)
    app.archive(notes["pasta"])
    assert notes["pasta"] not in [r.note_id for r in app.related(bread.id)]


def test_keyword_results_come_before_the_model_is_loaded(tmp_path, clock) -> None:  # type: ignore[no-untyped-def]
    with Remen.open(tmp_path / "cold.db", clock=clock) as cold:
        cold.add("Carbonara with guanciale", embed=False)
        cold.search_waits_for_model = False
        result = cold.search("guanciale", now=NOW)
        assert not cold.model_loaded
        assert [h.match_type for h in result.results] == ["keyword"]
        assert "model loading" in result.model


def test_a_sentence_question_finds_the_note_with_most_of_its_words(app: Remen) -> None:
    answer = app.add("Omar said the hackathon taught him to ship small pull requests.")
    app.add("Hackathon pizza order: twelve margheritas.")
    app.add("Jonas's summer plans: hiking in the Dolomites and a week in Lisbon.")
    app.engine.legs = frozenset({"keyword"})
    result = app.search("What did Omar learn after the hackathon?", now=NOW)
    assert ids(result)[0] == answer.id  # "learn" is in no note: the rarer words decide
    plans = app.search("what are Jonas's plans for the summer", now=NOW)
    assert plans.results and "Jonas" in plans.results[0].title


def test_a_word_inside_another_is_weak_evidence(app: Remen) -> None:
    padded = app.add("CSS padding and margins on the card component.")
    adding = app.add("Add a column to the table with a default value.")
    app.engine.legs = frozenset({"keyword"})
    found = app.search("add column", now=NOW)
    assert ids(found) == [adding.id]  # "padding" holds "add" inside a word only: not enough alone
    assert ids(app.search("add", now=NOW))[:2] == [adding.id, padded.id]


def test_a_long_word_is_looked_up_at_the_start_of_words_and_a_short_one_anywhere(app: Remen) -> None:
    plural = app.add("Rotate the passwords every quarter.")
    sorted_list = app.add("Keep the glossary sorted alphabetically.")
    scripts = app.add("Notes on JavaScript closures.")
    app.engine.legs = frozenset({"keyword"})
    assert ids(app.search("password", now=NOW)) == [plural.id]
    assert ids(app.search("alphabetically", now=NOW)) == [sorted_list.id]
    assert ids(app.search("script", now=NOW)) == [scripts.id]
    assert [index_for(n) for n in ("alphabetically", "password", "script", "postgres.conf", "go")] == [
        "word starts",
        "word starts",
        "substrings",
        "substrings",
        "words",
    ]


def test_quoted_phrases_filter_the_meaning_leg_too(app: Remen, notes: dict[str, str]) -> None:
    app.add("Pasta with tomato sauce and basil.")
    result = app.search('"black pepper" pasta', now=NOW)
    assert ids(result) == [notes["pasta"]]  # other pasta notes are close in meaning, without the phrase


def test_a_time_phrase_that_is_the_topic_is_searched_as_words_when_no_note_was_written_then(app: Remen) -> None:
    written = NOW - timedelta(days=40)
    note = app.add("Dentist on March 3 at 9:00, Dr. Weber.", created=written)
    result = app.search("dentist on March 3", now=written + timedelta(days=1))
    assert ids(result) == [note.id]
    assert result.relaxation is not None and result.relaxation.startswith("no note written ")
    assert "showing notes that mention “on March 3”" in result.relaxation


def test_possessives_and_swapped_letters_still_match(app: Remen) -> None:
    mum = app.add("Mum birthday: 14 June, she likes orchids.")
    rebase = app.add("git rebase -i HEAD~3 to squash commits.")
    app.engine.legs = frozenset({"keyword"})
    assert ids(app.search("mum's birthday", now=NOW))[0] == mum.id
    swapped = app.search("rebsae squash", now=NOW)
    assert ids(swapped)[0] == rebase.id and "rebsae → rebase" in (swapped.relaxation or "")


def test_sharp_s_and_its_spelling_with_two_s_find_each_other(app: Remen) -> None:
    flat = app.add("Wohnung in der Hauptstraße 5, zweiter Stock.")
    app.add("Stress test results for the API.")
    app.engine.legs = frozenset({"keyword"})
    assert ids(app.search("hauptstrasse", now=NOW)) == [flat.id]
    assert ids(app.search("Hauptstraße", now=NOW)) == [flat.id]


def test_a_weekday_in_a_name_the_notes_use_is_searched_as_words(app: Remen) -> None:
    deals = app.add("Black Friday deals: headphones at 30% off.", created=NOW - timedelta(days=40))
    friday = NOW - timedelta(days=3)  # NOW is a Monday: last Friday
    app.add("Black coffee beans to order.", created=friday)
    result = app.search("black friday", now=NOW)
    assert ids(result)[0] == deals.id and result.query.time_range is None
    written_then = app.search("coffee friday", now=NOW)  # no note says "coffee friday": a day
    assert written_then.query.time_range is not None and len(ids(written_then)) == 1


def test_a_query_that_is_only_a_time_shows_notes_that_mention_it_when_none_was_written_then(app: Remen) -> None:
    lunch = app.add("Sunday lunch: carbonara for six.", created=NOW - timedelta(days=2))  # a Saturday
    result = app.search("sunday", now=NOW)  # NOW is a Monday: no note was written yesterday
    assert ids(result) == [lunch.id]
    assert result.relaxation is not None and "mention “sunday”" in result.relaxation
    written = app.add("Groceries: eggs, pecorino.", created=NOW - timedelta(days=1))
    listed = app.search("sunday", now=NOW)  # now one was: the day's notes, as a time query lists
    assert ids(listed) == [written.id] and listed.relaxation is None


def test_ambiguous_numeric_dates_follow_the_date_order_setting(app: Remen) -> None:
    in_february = app.add("Dentist check-up went fine.", created=datetime(2026, 2, 3, 9, 0).astimezone())
    in_march = app.add("Dentist bill paid.", created=datetime(2026, 3, 2, 9, 0).astimezone())
    app.engine.date_order = "dmy"
    assert ids(app.search("dentist on 3/2", now=NOW)) == [in_february.id]
    app.engine.date_order = "mdy"
    assert ids(app.search("dentist on 3/2", now=NOW)) == [in_march.id]
    assert ids(app.search("dentist 02.03.2026", now=NOW)) == [in_march.id]  # day.month.year: any order


def test_a_date_the_notes_state_as_an_event_answers_a_topical_time_phrase(app: Remen) -> None:
    planned = app.add("Dentist on 3/3 at 9:00 with Dr. Weber.", created=datetime(2026, 2, 10, 9, 0).astimezone())
    app.add("Dentist invoice paid by card.", created=datetime(2026, 2, 1, 9, 0).astimezone())
    app.extract_pending()
    result = app.search("dentist on March 3", now=NOW)
    assert ids(result) == [planned.id]  # the other dentist note states no event that day
    assert (
        result.relaxation == "no note written march 3 · Tue 3 Mar matched: showing notes about something on that date"
    )


def test_a_question_about_a_named_period_finds_the_plan_written_before_it(app: Remen) -> None:
    plan = app.add("Winter plan: a week of skiing in Tignes with Marc.", created=datetime(2026, 10, 5, 9).astimezone())
    for day, text in (
        (3, "Snow chains for the car, ski rack."),
        (9, "Christmas market with the kids."),
        (20, "Ice skating with Marc."),
    ):
        app.add(text, created=datetime(2026, 12, day, 9).astimezone())
    asked = datetime(2027, 3, 1, 9).astimezone()
    # Written in October, the plan tells of the winter: a question finds it beside the notes
    # written this winter.
    assert plan.id in ids(app.search("where do we go skiing this winter?", now=asked))
    # Not put as a question, the phrase says when the notes were written, as before.
    assert plan.id not in ids(app.search("skiing this winter", now=asked))
    # A period named by no word ("last week") is when the notes were written, question or not.
    app.add("Sledging on the hill behind the school.", created=datetime(2027, 2, 24, 9).astimezone())
    assert plan.id not in ids(app.search("where did we go skiing last week?", now=asked))


def test_a_chat_turn_near_a_question_by_its_speakers_name_alone_does_not_outrank_the_answer(app: Remen) -> None:
    # The long chat of the evaluation: hundreds of turns, many of two or three words.
    made = {text: app.add(text, created=when.astimezone()).id for text, when in session_notes(NADIA_THEO)}
    after = datetime(2027, 1, 10, 9, 0).astimezone()
    found = ids(app.search("What did Theo sign up for as his new year's resolution?", now=after))
    answer = made["Theo: resolution time. I signed up for a pottery class on Tuesday evenings"]
    assert answer in found[:3]
    short = made["Theo: a journey"]
    assert short not in found or found.index(short) > found.index(answer)
    # A terse jot that is no turn keeps its meaning: "Carbonara:" names no speaker the query has.
    jot = app.add("Carbonara: guanciale, eggs, pecorino, black pepper", created=NOW).id
    assert ids(app.search("pasta with eggs and black pepper", now=NOW))[0] == jot


def test_words_looked_up_before_a_note_changes_are_looked_up_again(app: Remen, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # Typing searches at every pause and keeps each word's index lookup for the next keystroke;
    # a note saved, edited or written by another process in between must still be found by its
    # words (not only by meaning).
    def by_words() -> set[str]:
        found = app.search("kayak fjord", now=NOW).results
        return {h.note_id for h in found if h.match_type in (MatchType.KEYWORD, MatchType.BOTH)}

    first = app.add("Kayak trip on the fjord with Marta", created=NOW - timedelta(days=3))
    assert by_words() == {first.id}
    second = app.add("Rented a kayak for the fjord crossing", created=NOW - timedelta(days=1))
    assert by_words() == {first.id, second.id}
    app.update(first.id, body="Dentist appointment moved to Tuesday")
    assert by_words() == {second.id}
    with Remen.open(tmp_path / "remen.db", embedder=app.embedder) as other:
        third = other.add("Kayak club meets at the fjord on Sundays", created=NOW - timedelta(days=2))
    assert by_words() == {second.id, third.id}


def test_the_commonest_words_are_checked_in_the_candidates_not_read_from_the_index(app: Remen) -> None:
    for day in range(40):
        app.add(f"Team standup, day {day}: nothing blocked", created=NOW - timedelta(days=day + 2), embed=False)
    kettle = app.add("Descale the kettle with vinegar, team kitchen", created=NOW - timedelta(days=1), embed=False)
    with app.store.read() as conn:
        unread = weak_terms([word_doc_count(conn, w) for w in ("kettle", "vinegar", "team")], 41)
    # "team" weighs little beside the two rare words: only its count is read.
    assert set(unread) == {2} and unread[2].count == 41 and unread[2].found is None
    hit = app.search("kettle vinegar team", now=NOW).results[0]
    # It still counts where the candidates' text holds it.
    assert hit.note_id == kettle.id and set(hit.why.matched_terms) == {"kettle", "vinegar", "team"}
    with app.store.read() as conn:
        # A query of common words alone reads them all.
        assert weak_terms([word_doc_count(conn, w) for w in ("standup", "team")], 41) == {}


def test_a_chat_turn_found_brings_the_reply_written_after_it(app: Remen, notes: dict[str, str]) -> None:
    # The reply says nothing of the boiler: it is found through the turn it answers.
    start = NOW - timedelta(days=2)
    asked = app.add("Ines: did you ever find someone to fix the boiler?", created=start).id
    reply = app.add("Marco: a guy called Petr came on Monday, 90 euros", created=start + timedelta(minutes=1)).id
    later = app.add("Marco: see you at the climbing wall", created=start + timedelta(minutes=30)).id
    hits = app.search("who fixed our boiler", now=NOW).results
    found = [h.note_id for h in hits]
    assert found[0] == asked
    assert reply in found and found.index(reply) < 3
    carried = next(h for h in hits if h.note_id == reply)
    assert carried.match_type == MatchType.REPLY
    assert carried.score == pytest.approx(0.7 * hits[0].score, rel=0.05)
    # A note written half an hour later is no reply; a reply out of the scope asked is not shown.
    assert later not in found
    app.archive(reply)
    assert reply not in ids(app.search("who fixed our boiler", now=NOW))
    assert reply in ids(app.search("who fixed our boiler", now=NOW, include_archived=True))
    # Quoted words must be in the note itself; a query that asks nothing carries no reply.
    assert ids(app.search('"boiler"', now=NOW)) == [asked]
    assert all(h.match_type != MatchType.REPLY for h in app.search("boiler", now=NOW, include_archived=True).results)
    # Jots written one after another are no chat: the second is no reply to the first.
    jotted = app.add("Boiler serviced today, pressure back to normal", created=NOW - timedelta(hours=5)).id
    app.add("Buy milk and eggs", created=NOW - timedelta(hours=5) + timedelta(minutes=1))
    hits = app.search("when was the boiler serviced?", now=NOW).results
    assert hits[0].note_id == jotted
    assert all(h.match_type != MatchType.REPLY for h in hits)
