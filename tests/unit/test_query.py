"""Query NLP: filler, stopwords, phrases, tags, symbols, Unicode."""

from __future__ import annotations

from datetime import datetime

import pytest

from remen.search.query import parse_query, told_time

NOW = datetime(2026, 3, 16, 10, 0).astimezone()


@pytest.mark.parametrize(
    "raw, terms, phrases, tags",
    [
        ("show me my notes about docker compose", ("docker", "compose"), (), ()),
        ("what did I write about the quarterly review", ("quarterly", "review"), (), ()),
        ("find notes on kubernetes", ("kubernetes",), (), ()),
        ('#work "quarterly review" budget', ("budget",), ("quarterly review",), ("work",)),
        ('"exact phrase" "Exact Phrase" more words', ("words",), ("exact phrase",), ()),
        ("c++ templates", ("c++", "templates"), (), ()),
        ("C# events", ("C#", "events"), (), ()),
        ("node.js streams.", ("node.js", "streams"), (), ()),
        (".net core", (".net", "core"), (), ()),
        ("café crème", ("café", "crème"), (), ()),
        ("Straße", ("Straße",), (), ()),
        ("#Work/Q1 #home", (), (), ("work/q1", "home")),
        ("NEAR(a b) OR c*", ("NEAR(a", "b", "c"), (), ()),
        ("'; DROP TABLE notes; --", ("DROP", "TABLE", "notes"), (), ()),
        ("the who", ("who",), (), ()),
        ("it", ("it",), (), ()),
    ],
)
def test_parse_query(raw: str, terms: tuple[str, ...], phrases: tuple[str, ...], tags: tuple[str, ...]) -> None:
    query = parse_query(raw, NOW)
    assert (query.terms, query.phrases, query.tags) == (terms, phrases, tags)


@pytest.mark.parametrize("raw", ["", "   ", "???", '""', "!!! ...", "#", '"'])
def test_nothing_to_search_is_not_an_error(raw: str) -> None:
    query = parse_query(raw, NOW)
    assert query.terms == () and query.phrases == () and query.time_range is None


def test_time_phrase_is_removed_from_terms_and_semantic_text() -> None:
    query = parse_query("that pasta thing from last month", NOW)
    assert query.time_range is not None and query.time_range.description.startswith("last month")
    assert query.terms == ("pasta",)
    assert "month" not in query.semantic_text and "pasta" in query.semantic_text


def test_quoted_time_words_are_not_a_time() -> None:
    query = parse_query('"last week" retro', NOW)
    assert query.time_range is None and query.phrases == ("last week",)


@pytest.mark.parametrize(
    "raw",
    [
        "what did I work on last week",
        "what was I working on yesterday",
        "what did I do on friday",
        "notes from last month",
        "anything from yesterday",
    ],
)
def test_questions_about_a_time_list_that_time(raw: str) -> None:
    query = parse_query(raw, NOW)
    assert query.nothing_to_match and query.time_range is not None


def test_temporal_only_query() -> None:
    query = parse_query("notes from yesterday", NOW)
    assert query.nothing_to_match and query.time_range is not None


def test_a_pasted_paragraph_keeps_a_bounded_number_of_terms() -> None:
    paragraph = " ".join(f"word{i}" for i in range(500))
    query = parse_query(paragraph, NOW)
    assert query.terms == tuple(f"word{i}" for i in range(24))
    assert query.semantic_text.startswith("word0 word1")


def test_a_query_too_long_to_read_whole_for_time_says_so() -> None:
    long = "notes about decorators and the way they compose " * 50
    parsed = parse_query(long + "yesterday", NOW)
    assert parsed.time_range is None and parsed.time_notice == "time phrases read in the first 2,000 characters"
    assert parse_query("notes from yesterday", NOW).time_notice is None


def test_a_named_period_of_a_question_is_searched_as_a_word_too() -> None:
    now = datetime(2026, 10, 3, 9).astimezone()
    told = told_time(parse_query("where do we go skiing this winter?", now))
    assert told is not None and told[1] == ("winter",)
    assert told[0].time_range is None and told[0].terms == ("go", "skiing", "winter")
    assert told_time(parse_query("what did I work on last week", now)) is None
    friday = told_time(parse_query("when is the dentist on friday", now))
    assert friday is not None and friday[0].terms == ("dentist", "friday")
    assert told_time(parse_query("dentist", now)) is None
