"""The chat corpus of scripts/eval.py: every question's evidence names exactly one turn."""

from __future__ import annotations

import pytest

from scripts.evaluation.chat import QUESTIONS, chat_notes, evidence


def test_every_evidence_fragment_names_one_turn_and_the_set_is_big_enough() -> None:
    texts = [text for text, _ in chat_notes()]
    found = {evidence(texts, fragment) for _, fragments in QUESTIONS for fragment in fragments}
    assert len(QUESTIONS) >= 60 and len(found) >= 60
    assert len({q for q, _ in QUESTIONS}) == len(QUESTIONS)


def test_a_fragment_in_no_turn_or_in_two_is_refused() -> None:
    texts = ["Omar: the hackathon", "Jonas: the hackathon was fun"]
    with pytest.raises(ValueError, match="matches 2 turns"):
        evidence(texts, "the hackathon")
    with pytest.raises(ValueError, match="matches 0 turns"):
        evidence(texts, "marathon")
