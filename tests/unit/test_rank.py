"""Merge arithmetic, recency boost, keyword scoring and snippets: pure functions."""

from __future__ import annotations

import re

import pytest

from remen.core.models import MatchType
from remen.core.snippet import evened, make_snippet
from remen.core.text import asks, turn_words
from remen.search.keyword import drops_a_prefix, idf, score_note, stem
from remen.search.rank import keep_on_first_page, merge, recency_boost, shrunk
from remen.store.search import NoteText

DAY = 86_400.0
NOW = 1_000 * DAY
# Notes long enough that their similarity is weighed as found.
LONG = 40


def said(similarities: dict[int, float], words: int = LONG) -> dict[int, tuple[float, int]]:
    """The semantic leg's entries: each similarity with the words its note says."""
    return {nid: (sim, words) for nid, sim in similarities.items()}


@pytest.mark.parametrize(
    "age_days, boost",
    [(0, 0.1), (15, 0.05), (30, 0.0), (45, 0.0), (-2, 0.1)],
)
def test_recency_boost(age_days: float, boost: float) -> None:
    assert recency_boost(NOW - age_days * DAY, NOW) == pytest.approx(boost)


def test_both_legs_get_max_plus_a_bonus_that_grows_with_similarity_and_the_words_held() -> None:
    created = {n: NOW - 100 * DAY for n in (1, 2, 3, 4, 5)}
    keyword = {1: (0.5, ("a",), 1.0), 2: (0.9, ("a",), 1.0), 4: (0.5, ("a",), 0.6), 5: (0.5, ("a",), 1.0)}
    ranked = merge(keyword, said({1: 0.7, 3: 0.6, 4: 0.7, 5: 0.3}), created, NOW)
    by_nid = {r.nid: r for r in ranked}
    assert by_nid[1].score == pytest.approx(0.7 + 0.15) and by_nid[1].match_type == "both"
    assert by_nid[2].score == pytest.approx(0.9) and by_nid[2].match_type == "keyword"
    assert by_nid[3].score == pytest.approx(0.6) and by_nid[3].match_type == "semantic"
    # Some words only: at most a third of the bonus, by the keyword score against the best (0.9).
    assert by_nid[4].score == pytest.approx(0.7 + 0.05 * (0.5 / 0.9) ** 0.5) and by_nid[4].match_type == "both"
    # A similarity just above the threshold is agreement with noise: a fifth of the bonus.
    assert by_nid[5].score == pytest.approx(0.5 + 0.15 * (0.3 - 0.25) / (0.5 - 0.25))
    assert [r.nid for r in ranked] == [2, 1, 4, 3, 5]


def test_a_note_with_every_word_outranks_a_weak_meaning_match() -> None:
    created = {n: NOW - 100 * DAY for n in (1, 2, 3)}
    # One mention of the only query word in a body (0.1) against a related note by meaning (0.33).
    ranked = merge({1: (0.1, ("macro",), 1.0), 3: (0.1, ("macro",), 0.5)}, said({2: 0.33}), created, NOW)
    assert [r.nid for r in ranked] == [1, 2, 3]
    assert ranked[0].keyword_score == pytest.approx(0.35)


def test_recency_is_added_and_window_filters() -> None:
    created = {1: NOW - 1 * DAY, 2: NOW - 200 * DAY}
    ranked = merge({}, said({1: 0.5, 2: 0.5}), created, NOW)
    assert ranked[0].nid == 1 and ranked[0].score == pytest.approx(0.5 + 0.1 * (1 - 1 / 30))
    windowed = merge({}, said({1: 0.5, 2: 0.5}), created, NOW, window=(NOW - 300 * DAY, NOW - 100 * DAY))
    assert [r.nid for r in windowed] == [2]


def test_a_short_notes_similarity_counts_for_less_but_is_shown_as_found() -> None:
    created = {n: NOW - 100 * DAY for n in (1, 2)}
    # "Theo: a journey" (2 words) near a question about Theo by the name alone, against the turn
    # that answers it (12 words) a little less near.
    ranked = merge({}, {1: (0.6, 2), 2: (0.55, 12)}, created, NOW)
    assert [r.nid for r in ranked] == [2, 1]
    assert ranked[1].score == pytest.approx(0.25 + 0.35 * 2 / 10) and ranked[1].similarity == pytest.approx(0.6)
    assert shrunk(0.55, 12) == 0.55 and shrunk(0.2, 1) == 0.2
    assert turn_words("Theo: a journey", 10) == ("Theo", 2) and turn_words("me: ok", 10) == ("me", 1)
    assert turn_words("Omar: " + "words " * 30, 10) == ("Omar", 10) and turn_words("Pasta night", 10) is None


def test_a_question_weighs_each_legs_ranks_so_the_keyword_legs_first_note_is_not_buried() -> None:
    created = {n: NOW - 100 * DAY for n in (1, 2)}
    # Note 1 holds the question's rare word (the keyword leg's first, a low score in absolute
    # terms) and is weakly near in meaning; note 2 is only nearer in meaning.
    keyword = {1: (0.30, ("bank",), 0.5)}
    semantic = said({1: 0.30, 2: 0.36})
    assert [r.nid for r in merge(keyword, semantic, created, NOW)] == [2, 1]
    fused = merge(keyword, semantic, created, NOW, rank_weight=5.0)
    assert [r.nid for r in fused] == [1, 2]
    assert fused[1].score == pytest.approx(0.36 + 5.0 / 61)
    # One leg alone: its order is kept as it is.
    assert [r.nid for r in merge({}, semantic, created, NOW, rank_weight=5.0)] == [2, 1]
    assert asks("When was Theo's meeting with the bank") and asks("bank meeting?")
    assert asks("did Nadia go") and not asks("bank meeting notes") and not asks("")


def test_a_questions_first_keyword_hits_stay_on_the_first_page() -> None:
    created = {n: NOW - 100 * DAY for n in range(30)}
    # Twenty turns near in meaning; note 0 alone holds the rare word, weakly, and is far in meaning.
    semantic = said({n: 0.5 + n / 100 for n in range(1, 21)} | {0: 0.26})
    keyword = {0: (0.05, ("olive",), 0.3), **{n: (0.02, ("bike",), 0.3) for n in (1, 2)}}
    plain = [r.nid for r in merge(keyword, semantic, created, NOW)]
    assert plain.index(0) >= 10
    assert [r.nid for r in merge(keyword, semantic, created, NOW, rank_weight=5.0)].index(0) < 10
    # A note kept takes the first page's last place; the notes it displaced follow in their order.
    ranked = merge({}, semantic, created, NOW)
    moved = [r.nid for r in keep_on_first_page(ranked, {0, 20}, page=5)]
    assert moved == [20, 19, 18, 17, 0, *range(16, 0, -1)]


def test_limit_applies_after_sorting() -> None:
    created = {n: NOW - 100 * DAY for n in range(10)}
    ranked = merge({}, said({n: n / 10 for n in range(10)}), created, NOW, limit=3)
    assert [r.nid for r in ranked] == [9, 8, 7]


def note(title: str, body: str, tags: tuple[str, ...] = ()) -> NoteText:
    return NoteText(1, "x", title, body, tags, 0.0, 0.0)


@pytest.mark.parametrize(
    "text, needles, score",
    [
        (note("Pasta night", "boil the pasta"), [("pasta",)], 0.5),
        (note("Other", "pasta pasta pasta pasta pasta pasta pasta"), [("pasta",)], 0.5),
        (note("Pasta", "pasta " * 9), [("pasta",)], 0.9),
        (note("Dinner", "nothing", ("pasta",)), [("pasta",)], 0.4),
        (note("Pasta", "sauce"), [("pasta",), ("sauce",)], (0.4 + 0.1) / 2),
        (note("Pasta", "pasta " * 9, ("pasta",)), [("pasta",)], 0.9),
        (note("Café", "crème brûlée"), [("cafe",), ("creme",)], (0.4 + 0.1) / 2),
        (note("Go tips", "good going"), [("go",)], 0.4),
        (note("x", "nothing here"), [("pasta",)], 0.0),
        # Inside a word ("add" in "padding") a match counts 0.3 of one at a word's start.
        (note("Padding", "more padding"), [("add",)], 0.3 * 0.4 + 0.3 * 0.1),
    ],
)
def test_keyword_scoring(text: NoteText, needles: list[tuple[str, ...]], score: float) -> None:
    assert score_note(text, needles, [1.0] * len(needles))[0] == pytest.approx(score)


def test_keyword_score_is_capped_at_one() -> None:
    text = note("a b", "a " * 10 + "b " * 10)
    assert score_note(text, [("a",), ("b",)], [1.0, 1.0])[0] <= 1.0


def test_rarer_words_weigh_more_and_every_word_beats_some() -> None:
    needles = [("omar",), ("learn",), ("hackathon",)]
    weights = [idf(3, 1000), idf(200, 1000), idf(5, 1000)]
    everything = note("Omar", "after the hackathon he learned rust")
    rare_ones = note("Omar", "the hackathon was fun")
    common_one = note("Learn", "learn learn learn")
    score_all, _, coverage_all, words_all = score_note(everything, needles, weights)
    score_rare, _, coverage_rare, _ = score_note(rare_ones, needles, weights)
    score_common, _, coverage_common, _ = score_note(common_one, needles, weights)
    assert coverage_all == pytest.approx(1.0) and words_all == pytest.approx(1.0)
    assert score_all > score_rare > score_common and coverage_rare > 0.8 > 0.2 > coverage_common
    _, _, coverage, word_coverage = score_note(note("Padding", "x"), [("add",)], [1.0])
    assert coverage == 1.0 and word_coverage == 0.0  # found only inside a word


@pytest.mark.parametrize(
    "word, stemmed",
    [
        ("macros", "macro"),
        ("queries", "query"),
        ("classes", "class"),
        ("status", "status"),
        ("css", "css"),
        ("boxes", "box"),
        ("git", "git"),
    ],
)
def test_stem(word: str, stemmed: str) -> None:
    assert stem(word) == stemmed


def test_snippet_centres_on_the_match_and_skips_the_title_line() -> None:
    body = "# Title\n" + "filler words here. " * 30 + "the secret ingredient is nutmeg. " + "more text. " * 30
    snippet = make_snippet("Title", body, ["nutmeg"])
    assert "nutmeg" in snippet and snippet.startswith("…") and snippet.endswith("…")
    assert not make_snippet("Title", "# Title\nshort body", []).startswith("#")


def test_a_long_notes_snippet_is_cut_from_a_window_around_the_match_and_reads_the_same() -> None:
    filler = "filler  words\n\nhere. " * 4_000  # ~90 KB with runs of whitespace
    body = filler + "the secret ingredient is nutmeg. " + filler
    snippet = make_snippet("Title", body, ["NUTMEG"])
    assert "filler words here. the secret ingredient is nutmeg. filler words" in snippet
    assert snippet.startswith("…") and snippet.endswith("…") and len(snippet) <= 160 + 2
    assert make_snippet("Title", filler + "the end", ["end"]).endswith("the end")  # nothing after it
    assert make_snippet("Title", filler, ["absent"]) == "filler words here. " * 8 + "filler w…"


def test_a_word_with_a_prefix_is_not_a_typo_of_the_word_without_it() -> None:
    assert drops_a_prefix("unterminated", "terminated")
    assert not drops_a_prefix("rebasee", "rebase") and not drops_a_prefix("rebsae", "rebase")


def test_a_snippet_evens_out_every_kind_of_white_space_as_the_regular_expression_would() -> None:
    # Every white space character Python knows (tabs, line and paragraph separators, no-break and
    # ideographic spaces) becomes one space, runs of them too, and none is left at either end.
    spaces = [chr(c) for c in range(0x110000) if chr(c).isspace()]
    text = "\u3000 start" + "".join(f"w{i}{s}{s}" for i, s in enumerate(spaces)) + "end\n"
    assert evened(text) == re.sub(r"\s+", " ", text).strip()
    assert make_snippet("", "a\u2028b\u00a0\u00a0c\td", []) == "a b c d"


def test_a_reply_gets_a_share_of_its_turns_score_and_the_rest_keep_their_order() -> None:
    created = {n: NOW - 100 * DAY for n in range(6)}
    ranked = merge({}, said({1: 0.9, 2: 0.8, 3: 0.7, 4: 0.3}), created, NOW)
    # 1's reply is 5, found by no leg; 3's reply is 4, found weakly; 2's reply 1 scores higher.
    replied = merge(
        {}, said({1: 0.9, 2: 0.8, 3: 0.7, 4: 0.3}), created, NOW, replies={1: 5, 3: 4, 2: 1}, reply_share=0.7
    )
    assert [r.nid for r in ranked] == [1, 2, 3, 4]
    assert [r.nid for r in replied] == [1, 2, 3, 5, 4]
    by_nid = {r.nid: r for r in replied}
    assert by_nid[5].match_type == MatchType.REPLY and by_nid[5].score == pytest.approx(0.63)
    assert by_nid[4].match_type == MatchType.SEMANTIC and by_nid[4].score == pytest.approx(0.49)
    assert by_nid[1].score == pytest.approx(0.9)
    # No share, no replies.
    assert [r.nid for r in merge({}, said({1: 0.9}), created, NOW, replies={1: 5})] == [1]
