"""Pure parts of the memory layer: validity chains, names, cue aspects, dates in sentences."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest

from remen.core.knowledge import Aspect, EntityType
from remen.memory.chains import ChainItem, validity
from remen.memory.cues import cue_aspect, is_negated, is_tool, note_lines, period_said, sentence_bounds
from remen.memory.dates import stated_date
from remen.memory.lexicon import FUNCTIONAL_PREDICATES, one_at_a_time_kind
from remen.memory.names import compatible, initials, is_acronym, name_key, relation_reference

JAN, FEB, MAR = 1.0, 2.0, 3.0


def test_a_later_value_of_a_single_valued_predicate_ends_the_earlier_one() -> None:
    chain = validity(
        [ChainItem(2, "manager", "e9", False, MAR), ChainItem(1, "manager", "e8", False, JAN)], FUNCTIONAL_PREDICATES
    )
    assert chain == {1: (MAR, 2), 2: (None, None)}


def test_many_valued_predicates_accumulate_and_replacements_end_only_their_object() -> None:
    items = [
        ChainItem(1, "friend", "e1", False, JAN),
        ChainItem(2, "friend", "e2", False, FEB),
        ChainItem(3, "uses", "e5", False, JAN),
        ChainItem(4, "uses", "e6", False, JAN),
        ChainItem(5, "uses", "e7", False, MAR, replaces_key="e5"),
    ]
    chain = validity(items, FUNCTIONAL_PREDICATES)
    assert chain[1] == chain[2] == chain[4] == (None, None)
    assert chain[3] == (MAR, 5)


def test_a_tool_kept_one_at_a_time_is_ended_by_the_next_of_its_kind_and_no_other() -> None:
    items = [
        ChainItem(1, "uses", "e5", False, JAN, kind="password"),
        ChainItem(2, "uses", "e6", False, JAN),
        ChainItem(3, "uses", "e7", False, FEB, kind="music"),
        ChainItem(4, "uses", "e8", False, MAR, kind="password"),
    ]
    assert validity(items, FUNCTIONAL_PREDICATES) == {1: (MAR, 4), 2: (None, None), 3: (None, None), 4: (None, None)}
    assert one_at_a_time_kind("bitwarden") == one_at_a_time_kind("lastpass") == "password"
    # Notion tracks tasks too, and people keep a task tracker for work and one of their own.
    assert one_at_a_time_kind("notion") is None
    assert one_at_a_time_kind("todoist") is None


def test_negation_ends_and_a_later_reaffirmation_ends_the_negation() -> None:
    items = [
        ChainItem(1, "uses", "e5", False, JAN),
        ChainItem(2, "uses", "e5", True, FEB),
        ChainItem(3, "uses", "e5", False, MAR),
    ]
    assert validity(items, FUNCTIONAL_PREDICATES) == {1: (FEB, 2), 2: (MAR, 3), 3: (None, None)}


def test_a_tie_told_only_as_held_until_now_ends_no_tie_told_before_it() -> None:
    # "Anders will be my boss" (Feb), then "Told Solveig I'm leaving" (Mar): Solveig held until
    # then, a second before her own end, and Anders stays; a workplace told so ends the earlier one.
    ties = [
        ChainItem(1, "manager", "e1", False, FEB),
        ChainItem(2, "manager", "e2", False, MAR - 1),
        ChainItem(3, "manager", "e2", True, MAR),
    ]
    assert validity(ties, FUNCTIONAL_PREDICATES, frozenset({"manager"})) == {
        1: (None, None),
        2: (MAR, 3),
        3: (None, None),
    }
    jobs = [replace(item, predicate="works_at") for item in ties]
    assert validity(jobs, FUNCTIONAL_PREDICATES, frozenset({"manager"}))[1] == (MAR - 1, 2)


def test_a_voice_contradiction_links_by_statement_whatever_the_arrival_order() -> None:
    # Statement 7 was stored first but says what held later; 8 named 7 as the one it contradicts.
    items = [ChainItem(7, "preference", "s7", False, MAR), ChainItem(8, "preference", "s8", True, JAN, replaces_sid=7)]
    assert validity(items, FUNCTIONAL_PREDICATES) == {8: (MAR, 7), 7: (None, None)}


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("Sarah", "Sarah Chen", True),
        ("sarah", "SARAH CHEN", True),
        ("Tom Chen", "Sarah Chen", False),
        ("Ms Park", "Park", True),
        ("Anna", "Annabel", False),
        ("Müller", "muller", True),
        # A hyphened given name is the one written after the family name; a plain one is not.
        ("Seo-yeon", "Park Seo-yeon", True),
        ("Chen", "Sarah Chen", False),
    ],
)
def test_compatible_names(a: str, b: str, same: bool) -> None:
    assert compatible(a, b) is same


def test_name_keys_and_relation_references() -> None:
    assert name_key("@Sarah's") == "sarah"
    assert name_key("  José  García ") == "jose garcia"
    assert relation_reference("my wife") == "wife" and relation_reference("My Manager") == "manager"
    assert relation_reference("my car") is None


@pytest.mark.parametrize(
    ("sentence", "aspect"),
    [
        ("call the plumber about the leak", Aspect.TASK),
        ("Always back up the database before migrating.", Aspect.DIRECTIVE),
        ("I prefer tea over coffee after 4pm, otherwise I don't sleep.", Aspect.PREFERENCE),
        ("We decided to go with Kafka.", Aspect.DECISION),
        ("I go running every morning.", Aspect.HABIT),
        ("I want to learn the cello.", Aspect.GOAL),
        ("I think small teams ship faster.", Aspect.BELIEF),
        ("The build fails on CI.", Aspect.PROBLEM),
        ("Paris is the capital of France.", None),
    ],
)
def test_cue_aspects(sentence: str, aspect: Aspect | None) -> None:
    assert cue_aspect(sentence) == aspect


@pytest.mark.parametrize(
    ("line", "sentences"),
    [
        ("Dr. Hill on 14.01. at 9:30, bring the card", ["Dr. Hill on 14.01. at 9:30, bring the card"]),
        # An abbreviation that opens a sentence after another one is no sentence's end either.
        ("signed! St. Paul, Cathedral Hill, moving 1 June", ["signed!", "St. Paul, Cathedral Hill, moving 1 June"]),
        ("Call them. Dr. Hill at 9. Bring the card.", ["Call them.", "Dr. Hill at 9.", "Bring the card."]),
        ("I met J. Smith. He was nice.", ["I met J. Smith.", "He was nice."]),
        # A capital and consonants only is an abbreviation no list has to know; a name is not one.
        ("my oga, Engr. Adebayo, agreed", ["my oga, Engr. Adebayo, agreed"]),
        ("Lunch with Bryn. Then home.", ["Lunch with Bryn.", "Then home."]),
        ("I live in NYC. It is loud.", ["I live in NYC.", "It is loud."]),
        # A cry goes on in lower case; a stop's lower case opens a quick note's next sentence.
        ("Kallisto offer in!! starting 1 April", ["Kallisto offer in!! starting 1 April"]),
        ("Mum!! the baby comes in December", ["Mum!!", "the baby comes in December"]),
        ("shipped it. zero pages", ["shipped it.", "zero pages"]),
    ],
)
def test_sentences_end_at_a_full_stop_that_ends_no_abbreviation(line: str, sentences: list[str]) -> None:
    assert [line[a:b] for a, b in sentence_bounds(line)] == sentences


def test_negation() -> None:
    assert is_negated("I no longer drink coffee") and not is_negated("I drink coffee")


def test_dates_in_sentences_follow_tense_and_the_note_time() -> None:
    written = datetime(2026, 2, 20, 10).astimezone()
    coming = stated_date("Dentist on March 3", written)
    assert coming is not None and coming.moment.date().isoformat() == "2026-03-03"
    past = stated_date("we switched in January", written, past=True)
    assert past is not None and past.moment.date().isoformat() == "2026-01-01"
    this_month = stated_date("we switched in February", written, past=True)
    assert this_month is not None and this_month.moment == written  # the note's time is more precise
    today = stated_date("switched to pnpm today", written, past=True)
    assert today is not None and today.moment == written
    born = stated_date("born on 12 May 1988", written, past=True)
    assert born is not None and born.has_year and born.moment.year == 1988
    assert stated_date("no date here at all", written) is None


def test_a_weekday_before_a_date_says_its_year_and_a_weekday_week_is_a_week_on() -> None:
    written = datetime(2026, 1, 25, 20, 5).astimezone()
    party = stated_date("yes Funtasia, Sat 14th March 2-4, €220 deposit paid", written)
    assert party is not None and party.moment.date().isoformat() == "2026-03-14"
    later = stated_date("Declan's 40th Saturday week, booked the restaurant", datetime(2026, 11, 18, 21).astimezone())
    assert later is not None and later.moment.date().isoformat() == "2026-11-28"
    # Written long after: the weekday still says the year, with or without "th"; without a
    # weekday, a plan's day far behind is next year's.
    december = datetime(2026, 12, 5, 9).astimezone()
    for told in ("dentist, Dr. Amadi, Thu 12 Mar 4pm", "party Sat 14 March 2-4", "party Sat 14th March"):
        day = stated_date(told, december)
        assert day is not None and day.moment.year == 2026, told
    plan = stated_date("dentist 12 Mar", december)
    assert plan is not None and plan.moment.date().isoformat() == "2027-03-12"


@pytest.mark.parametrize(
    ("sentence", "past", "day"),
    [
        ("Laptop arrives Wednesday", False, "2026-07-08"),  # a plan: the coming Wednesday
        ("dentist Monday 9am", False, "2026-07-06"),  # written on a Monday: that day
        ("launched Monday", True, "2026-07-06"),  # the past tense on a Monday: that day too
        ("dinner on Friday was lovely", True, "2026-07-03"),  # the past tense: the last Friday
        ("lunch next Friday", False, "2026-07-10"),
        ("drinks last Friday", False, "2026-07-03"),  # the phrase says it, whatever the tense
        ("party on the 2nd", False, "2026-08-02"),  # a plan: the 2nd of the coming month
        ("we met on the 2nd", True, "2026-07-02"),
        ("on the 20th", False, "2026-07-20"),
        # A month in numbers is no bare day of the month; in a plan, months behind, the coming one.
        ("Dentist on 3/2", False, "2027-02-03"),
        ("Dentist was on 3/2", True, "2026-02-03"),
    ],
)
def test_a_day_without_a_year_is_read_the_way_the_sentence_speaks(sentence: str, past: bool, day: str) -> None:
    written = datetime(2026, 7, 6, 18, 0).astimezone()  # a Monday evening
    found = stated_date(sentence, written, past, "dmy")
    assert found is not None and found.moment.date().isoformat() == day


def test_tools_are_words_of_the_lists_or_named_tools_never_function_words() -> None:
    assert is_tool("pnpm", []) and is_tool("Postgres", [])
    assert not is_tool("Hamburg", [("Hamburg", EntityType.PLACE)])
    assert not is_tool("the", []) and not is_tool("it", [])


def test_an_acronym_is_the_initials_of_a_name_of_several_words() -> None:
    assert initials("Department of Conservation") == {"DOC"}
    assert initials("Penguin Random House") == {"PRH"}
    assert initials("Allina Health") == frozenset()  # two letters read as no acronym
    assert initials("Sarah") == frozenset()
    assert is_acronym("NHS") and not is_acronym("Doc") and not is_acronym("UK")


def test_a_sums_period_is_said_one_way() -> None:
    assert period_said("18,500/mo") == period_said("18,500 per month") == "18,500 a month"
    assert period_said("£850/month") == "£850 a month"
    assert period_said("280 a week") == "280 a week"
    assert period_said("£15/h") == "£15 an hour"
    assert period_said("48k") == "48k"
    assert period_said("Oranienstraße 12") == "Oranienstraße 12"


def test_a_ticked_line_is_read_as_done_and_a_bullet_journals_marks_are_bullets() -> None:
    lines = list(note_lines("- [x] renew passport\n× sold the Corolla\n• call the bank\n○ party Sat\n< 3 May: MOT"))
    assert [(line.text, line.item, line.done) for line in lines] == [
        ("renew passport", True, True),
        ("sold the Corolla", True, True),
        ("call the bank", True, False),
        ("party Sat", True, False),
        ("3 May: MOT", True, False),
    ]


def test_a_jots_lines_are_items_and_a_wrapped_paragraph_is_one_block() -> None:
    jot = "boiler service Mrs Adeyemi 14 Mill Lane Avenue Thurs 9am\nGas Safe cert renewal due 30 Oct"
    assert [line.text for line in note_lines(jot)] == jot.splitlines()
    wrapped = (
        "When you want to list every file that git tracks in the repository, run\n"
        "Git's ls-files command with the stage flag, and then look for the mode\npipe it to grep."
    )
    assert len(list(note_lines(wrapped))) == 1


def test_a_weekday_beside_a_day_in_figures_says_which_order_and_year() -> None:
    written = datetime(2026, 4, 28, 20).astimezone()
    for order in ("mdy", "dmy"):
        dentist = stated_date("dentist Dr. Lamprou in Glyfada, Thu 7/5 17:00", written, date_order=order)
        assert dentist is not None and dentist.moment.isoformat()[:16] == "2026-05-07T17:00", order
        # Figures with stops are day then month, whatever the locale: 5 September is a Saturday too.
        dotted = stated_date("Sat 05.09. 10:00 Sommerfest", written, date_order=order)
        assert dotted is not None and dotted.moment.date().isoformat() == "2026-09-05", order
    met = stated_date("met him Thu 2/4", written, past=True, date_order="mdy")
    assert met is not None and met.moment.date().isoformat() == "2026-04-02"
