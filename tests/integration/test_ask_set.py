"""`ask` on notes nobody tuned it for: the ask set's notebooks through the real pipeline (real
SQLite, the real model, spaCy's extraction), scored against plain search in the same run."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from remen.service import Remen
from scripts.evaluation.ask_set import score_split

WRITTEN = datetime(2026, 3, 2, 19, 10)
DAY = timedelta(days=1)

# Floors a little under what `scripts/eval.py ask` measures on each split: the card's first item,
# and the most false premises it may answer.
FLOORS = {"dev": (0.55, 0.15), "test": (0.50, 0.35)}


@pytest.mark.parametrize("split", ["dev", "test"])
def test_the_card_answers_unseen_notebooks_and_declines_false_premises(split: str, embedder) -> None:  # type: ignore[no-untyped-def]
    scores = score_split(split, lambda path: Remen.open(path, embedder=embedder))
    report = scores.report()
    first, most_answered = FLOORS[split]
    overall = report["all"]
    assert isinstance(overall, dict)
    assert overall["questions"] >= (180 if split == "dev" else 120)
    assert overall["card_first"] >= first, report
    assert report["false_premises_answered"] <= most_answered, report
    # The card's three items hold more answers than its first alone, and search's top hit holds
    # the answer somewhere in a whole note: both measured in the same run.
    assert overall["card_any"] >= overall["card_first"] and overall["search_top1"] > 0


def test_an_answer_from_the_notes_carries_its_sentence_note_and_source(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    with Remen.open(tmp_path / "one.db", embedder=embedder) as app:
        # Written a day apart: two notes, not one thread.
        note = app.add("Flight to Lisbon on 14 April, back on the 20th. Window seat booked.", created=WRITTEN)
        app.add("Lisbon restaurants to try: Taberna da Rua das Flores, Cervejaria Ramiro.", created=WRITTEN + DAY)
        answer = app.ask("when is my flight to Lisbon")
        first = answer.answers[0].to_dict()
        assert first["source"] == "notes" and first["note_ids"] == [note.id]
        assert first["sentence"] == "Flight to Lisbon on 14 April, back on the 20th."
        assert str(first["answer"]).startswith("on 14 April (")
        assert {"text", "as_of", "note_ids", "earlier", "answer", "sentence", "source"} <= set(first)
        # The app passes the search it already ran: ask reads those hits instead of searching again.
        searched = app.search("restaurants to try")
        reused = app.ask("when is my flight to Lisbon", found=searched)
        assert [hit.note_id for hit in reused.notes] == [hit.note_id for hit in searched.results]
        assert all(item.note_ids[0] != note.id for item in reused.answers)
        # Words typed to search are no question: no card, just the notes.
        assert app.ask("lisbon restaurants").answers == ()
        # A question about someone the notes do not connect to it is declined.
        declined = app.ask("when is Anna's flight to Lisbon")
        assert declined.answers == () and declined.not_found and declined.notes


def test_the_turns_of_a_chat_are_read_as_one_thread(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    turns = [
        "Jonas: Leila's wedding is in June, right? Are you giving a speech?",
        "Omar: Yes, June 20 in Marseille, and I'm terrified of the speech.",
        "Jonas: Tell the story of the roses.",
    ]
    with Remen.open(tmp_path / "chat.db", embedder=embedder) as app:
        notes = [app.add(text, created=WRITTEN + timedelta(minutes=i)) for i, text in enumerate(turns)]
        app.add("Omar: Marseille is too hot in summer.", created=WRITTEN + 3 * DAY)
        app.extract_pending()
        # The answer is the next turn, which names neither Leila nor her wedding.
        where = app.ask("where is Leila's wedding?", now=WRITTEN + 4 * DAY).answers[0]
        assert where.answer == "Marseille" and where.note_ids == (notes[1].id,)
        # Notes a day apart are no thread: a reply written the next day is read on its own.
        app.add("Jonas: Where is Mira's party?", created=WRITTEN + 10 * DAY)
        app.add("Omar: It is in Hamburg, I think.", created=WRITTEN + 11 * DAY)
        party = app.ask("where is Mira's party?", now=WRITTEN + 12 * DAY).answers
        assert all(item.answer != "Hamburg" for item in party)
        # A long note stands alone, however soon after a turn it was written.
        asked = WRITTEN + 20 * DAY
        app.add("Jonas: Where is Anna's concert?", created=asked)
        filler = "The rest of the day went to the tax forms, the garden and a long call with the bank. " * 6
        app.add(f"It is in Leipzig, I think. {filler}", created=asked + timedelta(minutes=1))
        concert = app.ask("where is Anna's concert?", now=asked + DAY).answers
        assert all(item.answer != "Leipzig" for item in concert)
