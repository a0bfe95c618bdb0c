"""Words for counts in messages, shared by the service, the CLI and the app."""

from __future__ import annotations

import re

# The user's own words for what is theirs, as a message to them says it back.
FIRST_PERSON_OWNER = re.compile(r"(?i:\b(?:my|our)\b)")


def plural(count: int, noun: str) -> str:
    """'1 note', '2 notes'."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def addressed(words: str) -> str:
    """The user's words said back to them: "my mother" → "your mother", "our landlord" → "your landlord"."""
    return FIRST_PERSON_OWNER.sub("your", words)
