"""The HTTP client for a local model server: Ollama's /api/chat or an OpenAI-compatible
/v1/chat/completions (llama.cpp's llama-server, LM Studio, vLLM, LocalAI), JSON out.

Only the configured address is ever contacted. Connecting has its own short timeout; the whole
request has a deadline, and a cancel event (the app quitting) ends the wait within a fraction of
a second. The API key goes into one header and nowhere else.
"""

from __future__ import annotations

import http.client
import json
import logging
import select
import threading
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from remen.core.config import LLMSettings
from remen.core.constants import LLM_CONNECT_TIMEOUT_SECONDS, LLM_POLL_SECONDS
from remen.core.errors import LLMError

log = logging.getLogger(__name__)

SCHEMA_NAME = "remen_extraction"
HEALTH_SCHEMA: dict[str, object] = {
    "type": "object",
    "properties": {"ok": {"type": "boolean"}},
    "required": ["ok"],
    "additionalProperties": False,
}


class LLMHTTPError(LLMError):
    """The server answered with an HTTP error status."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(f"The model server answered HTTP {status}: {detail}")
        self.status = status


class LLMCancelled(LLMError):
    """The request was abandoned because Remen is stopping."""


@dataclass(frozen=True)
class LLMHealth:
    """What a live check of the model server found (for `remen doctor`)."""

    described: str
    reachable: bool
    model_present: bool | None  # None: the server does not list its models
    latency_ms: float | None
    error: str | None

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "server": self.described,
            "reachable": self.reachable,
            "model_present": self.model_present,
            "latency_ms": None if self.latency_ms is None else round(self.latency_ms, 1),
            "error": self.error,
        }


class LLMClient:
    """Chat requests that return JSON text, in either wire format."""

    def __init__(self, settings: LLMSettings, cancel: threading.Event | None = None) -> None:
        """``cancel``, once set, ends any request under way with LLMCancelled."""
        self.settings = settings
        self.cancel = cancel
        parts = urlsplit(settings.url)
        self.https = parts.scheme == "https"
        self.host = parts.hostname or ""
        self.port = parts.port or (443 if self.https else 80)
        self.base = parts.path.rstrip("/")

    def chat_json(self, system: str, user: str, schema: dict[str, object], timeout: float, max_tokens: int) -> str:
        """The model's reply (JSON text, unchecked) to a system and a user message, constrained to
        ``schema`` as the server allows."""
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        if self.settings.api == "ollama":
            body: dict[str, object] = {
                "model": self.settings.model,
                "messages": messages,
                "format": schema,
                "stream": False,
                "options": {"temperature": 0, "num_predict": max_tokens},
            }
            reply = self.post("/api/chat", body, timeout)
            return str(field(reply, "message", "content"))
        body = {
            "model": self.settings.model,
            "messages": messages,
            "temperature": 0,
            "max_tokens": max_tokens,
            "stream": False,
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": SCHEMA_NAME, "schema": schema, "strict": True},
            },
        }
        started = time.monotonic()
        try:
            reply = self.post("/v1/chat/completions", body, timeout)
        except LLMHTTPError as exc:
            if not 400 <= exc.status < 500:
                raise
            # Servers without structured output: plain JSON mode, the schema told in the prompt.
            log.info("the model server refused json_schema (HTTP %d); retrying with json_object", exc.status)
            told = f"{system}\n\nAnswer with one JSON object that follows this JSON schema:\n{json.dumps(schema)}"
            body["messages"] = [{"role": "system", "content": told}, {"role": "user", "content": user}]
            body["response_format"] = {"type": "json_object"}
            reply = self.post("/v1/chat/completions", body, max(1.0, timeout - (time.monotonic() - started)))
        return str(field(reply, "choices", 0, "message", "content"))

    def models(self, timeout: float) -> list[str] | None:
        """The models the server offers (None when it does not say)."""
        if self.settings.api == "ollama":
            listed = field(self.get("/api/tags", timeout), "models")
            return [str(m.get("name", "")) for m in listed if isinstance(m, dict)] if isinstance(listed, list) else None
        listed = field(self.get("/v1/models", timeout), "data")
        return [str(m.get("id", "")) for m in listed if isinstance(m, dict)] if isinstance(listed, list) else None

    def check(self, timeout: float) -> LLMHealth:
        """Reachable? Is the model there? How long does one tiny request take?"""
        described = self.settings.described
        model = self.settings.model
        try:
            names = self.models(timeout)
        except LLMError as exc:
            return LLMHealth(described, False, None, None, str(exc))
        present = None if not names else any(n in (model, f"{model}:latest") for n in names)
        if present is False and self.settings.api == "ollama":
            return LLMHealth(described, True, False, None, f"Model {model!r} is not pulled: `ollama pull {model}`.")
        started = time.monotonic()
        try:
            self.chat_json("Reply with JSON.", 'Reply with {"ok": true}.', HEALTH_SCHEMA, timeout, 16)
        except LLMError as exc:
            return LLMHealth(described, True, present, None, str(exc))
        return LLMHealth(described, True, present, (time.monotonic() - started) * 1000, None)

    # --- HTTP -----------------------------------------------------------------------------------

    def get(self, path: str, timeout: float) -> Any:
        """GET ``path`` and parse the JSON reply."""
        return self.request("GET", path, None, timeout)

    def post(self, path: str, body: dict[str, object], timeout: float) -> Any:
        """POST ``body`` as JSON to ``path`` and parse the JSON reply."""
        return self.request("POST", path, json.dumps(body).encode(), timeout)

    def request(self, method: str, path: str, body: bytes | None, timeout: float) -> Any:
        """One request with a connect timeout, a total deadline and cancellation."""
        deadline = time.monotonic() + timeout
        kind = http.client.HTTPSConnection if self.https else http.client.HTTPConnection
        conn = kind(self.host, self.port, timeout=min(LLM_CONNECT_TIMEOUT_SECONDS, timeout))
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.settings.api_key:
            headers["Authorization"] = f"Bearer {self.settings.api_key}"
        try:
            try:
                conn.connect()
            except OSError as exc:
                raise LLMError(f"Cannot reach the model server at {self.settings.url}: {exc}") from exc
            sock = conn.sock
            assert sock is not None
            sock.settimeout(max(0.1, deadline - time.monotonic()))
            conn.request(method, self.base + path, body=body, headers=headers)
            while not select.select([sock], [], [], LLM_POLL_SECONDS)[0]:
                if self.cancel is not None and self.cancel.is_set():
                    raise LLMCancelled("Stopped waiting for the model server: Remen is closing.")
                if time.monotonic() > deadline:
                    raise LLMError(f"The model server did not answer within {timeout:.0f} s.")
            sock.settimeout(max(0.1, deadline - time.monotonic()))
            response = conn.getresponse()
            data = response.read()
        except TimeoutError as exc:
            raise LLMError(f"The model server did not answer within {timeout:.0f} s.") from exc
        except (OSError, http.client.HTTPException) as exc:
            raise LLMError(f"The model server at {self.settings.url} failed: {exc}") from exc
        finally:
            conn.close()
        if response.status >= 400:
            raise LLMHTTPError(response.status, data[:200].decode("utf-8", "replace").strip())
        try:
            return json.loads(data)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise LLMError(f"The model server's reply is not JSON: {data[:80]!r}") from exc


def field(data: Any, *path: str | int) -> Any:
    """``data[path[0]][path[1]]…``, or an LLMError naming what is missing."""
    for step in path:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError) as exc:
            raise LLMError(f"The model server's reply has no {step!r} where expected.") from exc
    return data
