"""The memory set's label files: an aspect the schema does not have is refused when the set loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.evaluation.memory_set import load_person

NOTE = """# Ada: a test person.

=== 2026-01-05 09:00 jot
molar crown fitted
---
A molar crown fitted => {aspect}
"""


def test_an_aspect_outside_the_schema_is_refused(tmp_path: Path) -> None:
    good = tmp_path / "ada.txt"
    good.write_text(NOTE.format(aspect="Event"), encoding="utf-8")
    assert load_person(good).notes[0].aspects == (("molar crown fitted", "Event"),)
    bad = tmp_path / "bea.txt"
    bad.write_text(NOTE.format(aspect="Health"), encoding="utf-8")
    with pytest.raises(ValueError, match="'Health' is no aspect"):
        load_person(bad)
