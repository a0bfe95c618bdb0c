"""LLMExtractor: the Extractor protocol over a local model server. Every answer is validated
against the note; invalid JSON is asked for once more, then the note is left to a later retry."""

from __future__ import annotations

import logging
import threading
from dataclasses import replace

from remen.core.config import LLMSettings
from remen.core.constants import (
    LLM_CHARS_PER_TOKEN,
    LLM_KNOWN_ENTITIES,
    LLM_MAX_NOTE_CHARS,
    LLM_MAX_TOKENS,
    LLM_TIMEOUT_MAX_SECONDS,
    LLM_TIMEOUT_PER_1000_CHARS,
)
from remen.core.knowledge import Extraction, NoteForExtraction
from remen.core.timeutil import from_epoch
from remen.memory.llm.client import LLMClient
from remen.memory.llm.prompt import (
    PROMPT_VERSION,
    SUMMARY_SCHEMA,
    SUMMARY_SYSTEM,
    longest_answer,
    schema_for,
    summary_prompt,
    system_prompt,
    user_prompt,
)
from remen.memory.llm.validate import Checked, LLMBadOutput, check, check_summary, parse_reply

log = logging.getLogger(__name__)
# Reasons for dropped items quoted in the one log line of an answer.
LOGGED_REASONS = 5


def answer_tokens(chars: int) -> int:
    """The most tokens an answer about a note of ``chars`` characters may take: room for the
    longest answer its schema allows, up to a cap."""
    return min(LLM_MAX_TOKENS, longest_answer(chars) // LLM_CHARS_PER_TOKEN)


def request_timeout(chars: int, base: float) -> float:
    """Seconds a note of ``chars`` characters may take: ``base``, more for longer notes."""
    return min(max(base, LLM_TIMEOUT_MAX_SECONDS), base + LLM_TIMEOUT_PER_1000_CHARS * chars / 1000)


class LLMExtractor:
    """Reads one note per request; raises LLMError (or LLMBadOutput) when no usable answer comes."""

    def __init__(self, settings: LLMSettings, cancel: threading.Event | None = None) -> None:
        """``cancel`` (Remen stopping) ends a request under way."""
        self.settings = settings
        self.client = LLMClient(settings, cancel)
        self.system = system_prompt()

    @property
    def name(self) -> str:
        """'llm:' and the model, stored with every statement it finds."""
        return f"llm:{self.settings.model}"

    @property
    def version(self) -> str:
        """The prompt's version: a new prompt reads every note again."""
        return PROMPT_VERSION

    def extract(self, note: NoteForExtraction) -> Extraction:
        """What the model found in ``note`` that the note supports."""
        return self.read(note).extraction

    def read(self, note: NoteForExtraction) -> Checked:
        """The validated extraction and what was dropped from the model's answer (and why)."""
        text = note.text[:LLM_MAX_NOTE_CHARS]
        shown = replace(note, text=text)
        prompt = user_prompt(text, from_epoch(note.created), list(note.nearby_names[:LLM_KNOWN_ENTITIES]))
        timeout = request_timeout(len(text), self.settings.timeout)
        tokens = answer_tokens(len(text))
        schema = schema_for(len(text))
        try:
            data = parse_reply(self.client.chat_json(self.system, prompt, schema, timeout, tokens))
        except LLMBadOutput:
            log.info("the model's answer was not valid JSON; asking once more")
            data = parse_reply(self.client.chat_json(self.system, prompt, schema, timeout, tokens))
        checked = check(data, shown)
        if checked.dropped:
            # One line per answer: a model that answers with thousands of items must not flood the log.
            shown_reasons = "; ".join(checked.dropped[:LOGGED_REASONS])
            more = len(checked.dropped) - LOGGED_REASONS
            log.info(
                "dropped %d item(s) from the model's answer: %s%s",
                len(checked.dropped),
                shown_reasons,
                f"; and {more} more" if more > 0 else "",
            )
        return checked

    def summarize(self, label: str, lines: list[str], titles: list[str]) -> str:
        """One sentence summing up a digest, checked to say nothing its lines and titles do not."""
        prompt = summary_prompt(label, lines, titles)
        reply = self.client.chat_json(
            SUMMARY_SYSTEM, prompt, SUMMARY_SCHEMA, request_timeout(len(prompt), self.settings.timeout), 96
        )
        return check_summary(parse_reply(reply), prompt)
