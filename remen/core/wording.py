"""Words for counts in messages, shared by the service, the CLI and the app."""

from __future__ import annotations


def plural(count: int, noun: str) -> str:
    """'1 note', '2 notes'."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
