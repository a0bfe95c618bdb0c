"""Capitals put back on the names of a note typed in lower case: only a letter's case changes."""

from __future__ import annotations

import pytest

from remen.memory.truecase import truecased


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # A title makes the word after it a name; the title takes its capital too.
        ("- mme roux wants the dates by fri", "- Mme Roux wants the dates by fri"),
        ("m. faure said hi, dr bakker too", "M. Faure said hi, Dr Bakker too"),
        # A surname's particle stays in lower case; the name after it is the title's.
        ("saw dr de vries and mr van der berg", "Saw Dr de Vries and Mr van der Berg"),
        # A town after a word of place; a first name English lacks; a brand of two words.
        ("tram home to villeurbanne was packed", "Tram home to Villeurbanne was packed"),
        ("kees and samira at 6", "Kees and Samira at 6"),
        ("Léa: u still using google keep?\nme: yeah", "Léa: u still using Google Keep?\nme: yeah"),
        # The name a workplace's or a home's words lead to, when English lacks one of its words.
        ("Long day at jean moulin. Then home", "Long day at Jean Moulin. Then home"),
        ("Moved to croix-rousse in July", "Moved to Croix-Rousse in July"),
        ("Moved to croix-rousse today. Boxes", "Moved to Croix-Rousse today. Boxes"),
        # The writer's "I", in any note.
        ("Long day, i dont miss it", "Long day, I dont miss it"),
    ],
)
def test_names_typed_in_lower_case_get_their_capitals(typed: str, read: str) -> None:
    assert truecased(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        # English words, words of another language and tools the lists read in lower case stay.
        "Made a roux, then the red pandas, then code review before merge",
        "I want to be on the roaster, not the register. Sugar is sucre in Lyon.",
        # Links, addresses, handles and file names stay as typed.
        "Mail kees@toggl.com, see www.delft.nl and @samira, open villeurbanne.txt",
        # A chat turn's "me" says who spoke.
        "Maman: when r u coming\nme: the 24th",
        "Long day at work, then home with Tom",
        # "coach tuesday": a title that is an everyday word makes no name of an English one.
        "Practice with Coach tuesday",
    ],
)
def test_words_that_are_no_names_stay_as_typed(typed: str) -> None:
    assert truecased(typed) == typed


def test_a_note_typed_without_capitals_gets_them_at_its_openings_and_keeps_its_length() -> None:
    typed = "- rentree today, 6e B first hour\n- basic-fit cancel?? never go. maman says hi"
    read = truecased(typed)
    assert read == "- Rentree today, 6e B first hour\n- Basic-fit cancel?? Never go. Maman says hi"
    assert len(truecased("straße in köln, ß and ŉ")) == len("straße in köln, ß and ŉ")
    # A note with a capital inside a sentence was typed with them: its openings stay.
    assert truecased("- renew Sibelius licence\n- call the bank") == "- renew Sibelius licence\n- call the bank"
