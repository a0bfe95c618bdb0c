from datetime import datetime

import pytest

from remen.core.text import clean_text, derive_title, fold, inline_tags, new_id, normalise_tag, stable_id
from remen.core.timeutil import list_time
from remen.notes.note_input import retitled_body


@pytest.mark.parametrize(
    "body, title",
    [
        ("# Pasta night\nboil water", "Pasta night"),
        # The first line is the title unless the note starts with a heading.
        ("intro line\n# Later heading", "intro line"),
        (
            "Python: dedupe a list keeping order\n    # keep the first of each\n    seen = set()",
            "Python: dedupe a list keeping order",
        ),
        ("\n\n## Second level\ntext", "Second level"),
        ("  \n- first bullet\nsecond", "first bullet"),
        ("```\n# not a heading\n```\nreal text", "real text"),
        ("**bold start** here", "bold start here"),
        ("x" * 500, "x" * 200),
    ],
)
def test_derive_title(body: str, title: str) -> None:
    assert derive_title(body) == title


@pytest.mark.parametrize(
    "body, tags",
    [
        ("buy milk #shopping #Home", ("shopping", "home")),
        ("#work: quarterly review", ("work",)),
        ("I write C# and F# code", ()),
        ("see http://x.com/page#section", ()),
        ("# Heading\n## Sub", ()),
        ("```bash\n#!/bin/bash\n#include <x>\n```\n#real", ("real",)),
        ("use `#notatag` inline", ()),
        ("#café #2024 #a/b", ("café", "a/b")),
        ("#dup #DUP", ("dup",)),
    ],
)
def test_inline_tags(body: str, tags: tuple[str, ...]) -> None:
    assert inline_tags(body) == tags


def test_normalise_tag() -> None:
    assert normalise_tag("#Work Stuff!") == "work-stuff"
    assert normalise_tag("  ") == ""


def test_fold_ignores_case_and_diacritics() -> None:
    assert fold("Café CRÈME") == "cafe creme"
    assert fold("plain") == "plain"
    assert fold("Straße naïve ÅNGSTRÖM — ﬁne") == "strasse naive angstrom — fine"


def test_ids_are_told_apart_by_their_first_characters() -> None:
    ids = [new_id() for _ in range(200)]
    assert all(len(i) == 12 and i.isalnum() for i in ids)
    # 36^5 = 60 million prefixes: two of 200 notes share one once in ~3,000 runs, three never.
    assert len({i[:5] for i in ids}) >= 199
    assert stable_id("a/b.md") == stable_id("a/b.md") != stable_id("a/c.md")


def test_clean_text_removes_nul_and_lone_surrogates() -> None:
    assert clean_text("a\x00b") == "ab"
    assert clean_text("bad \udcff end") == "bad ? end"


NOW = datetime(2026, 3, 18, 15, 0).astimezone()


@pytest.mark.parametrize(
    ("moment", "shown"),
    [
        (datetime(2026, 3, 18, 9, 5), "09:05"),
        (datetime(2026, 3, 17, 21, 30), "yesterday 21:30"),
        (datetime(2026, 3, 14, 10, 0), "Sat 10:00"),
        (datetime(2026, 3, 12, 10, 0), "Thu 10:00"),
        (datetime(2026, 3, 11, 10, 0), "11 Mar"),
        (datetime(2025, 12, 31, 23, 0), "31 Dec 2025"),
    ],
)
def test_a_list_tells_recent_times_by_the_clock_and_older_ones_by_the_day(moment: datetime, shown: str) -> None:
    assert list_time(moment.astimezone(), NOW) == shown
    assert list_time(moment, NOW.replace(tzinfo=None)) == shown  # naive times are local


@pytest.mark.parametrize(
    ("body", "old", "new", "renamed"),
    [
        ("# Carbonara\nGuanciale, eggs.", "Carbonara", "Roman carbonara", "# Roman carbonara\nGuanciale, eggs."),
        ("\n## Plan ##\nsteps", "Plan", "Q3 plan", "\n## Q3 plan ##\nsteps"),
        ("Groceries\nmilk", "Groceries", "Shopping", "Shopping\nmilk"),
        # A title given beside the body: the text stays as it is.
        ("milk, eggs", "Shopping", "Groceries", "milk, eggs"),
    ],
)
def test_a_rename_changes_the_first_line_only_when_it_was_the_title(
    body: str, old: str, new: str, renamed: str
) -> None:
    assert retitled_body(body, old, new) == renamed
