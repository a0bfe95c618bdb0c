"""The HTTP client for a local model server: Ollama's /api/chat or an OpenAI-compatible
/v1/chat/completions (llama.cpp's llama-server, LM Studio, vLLM, LocalAI), JSON out.

Only the configured address is ever contacted. Connecting has its own short timeout; the whole
request has a deadline, and a cancel event (the app quitting) ends the wait within a fraction of
a second. The API key goes into one header and nowhere else.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import logging
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from remen.core.config import LLMSettings
from remen.core.constants import LLM_CONNECT_TIMEOUT_SECONDS, LLM_MAX_REPLY_BYTES, LLM_POLL_SECONDS
from remen.core.errors import LLMError

log = logging.getLogger(__name__)

SCHEMA_NAME = "remen_extraction"
READ_CHUNK_BYTES = 65536
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
        # Both requests share the one timeout: the check as a whole ends in time.
        deadline = time.monotonic() + timeout
        try:
            names = self.models(timeout)
        except LLMError as exc:
            return LLMHealth(described, False, None, None, str(exc))
        present = None if not names else any(n in (model, f"{model}:latest") for n in names)
        if present is False and self.settings.api == "ollama":
            return LLMHealth(described, True, False, None, f"Model {model!r} is not pulled: `ollama pull {model}`.")
        started = time.monotonic()
        try:
            left = deadline - time.monotonic()
            if left <= 0:
                raise LLMError(f"The model server did not answer within {timeout:.0f} s.")
            self.chat_json("Reply with JSON.", 'Reply with {"ok": true}.', HEALTH_SCHEMA, left, 16)
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
        """One request with a connect timeout, a deadline over the whole response (a server that
        drips its reply a byte at a time is cut off too), a cap on the reply's size, and cancellation."""
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
            sock.settimeout(None)
            failure: Exception | None = None
            with Watchdog(sock, time.monotonic() + timeout, self.cancel) as watchdog:
                try:
                    conn.request(method, self.base + path, body=body, headers=headers)
                    response = conn.getresponse()
                    data = read_capped(response)
                except (OSError, http.client.HTTPException) as exc:
                    failure = exc
            # A socket shut by the watchdog can also look like a short, clean reply: check it first.
            if watchdog.cancelled:
                raise LLMCancelled("Stopped waiting for the model server: Remen is closing.") from failure
            if watchdog.expired:
                raise LLMError(f"The model server did not answer within {timeout:.0f} s.") from failure
            if failure is not None:
                raise LLMError(f"The model server at {self.settings.url} failed: {failure}") from failure
        finally:
            conn.close()
        if response.status >= 400:
            raise LLMHTTPError(response.status, data[:200].decode("utf-8", "replace").strip())
        try:
            return json.loads(data)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise LLMError(f"The model server's reply is not JSON: {data[:80]!r}") from exc


def read_capped(response: http.client.HTTPResponse) -> bytes:
    """The reply's body, refused once it grows past LLM_MAX_REPLY_BYTES (the answer's token cap is
    only asked of the server; a server may send far more)."""
    chunks: list[bytes] = []
    size = 0
    while chunk := response.read1(READ_CHUNK_BYTES):
        size += len(chunk)
        if size > LLM_MAX_REPLY_BYTES:
            raise LLMError(
                f"The model server's reply is over {LLM_MAX_REPLY_BYTES // 1_000_000} MB; "
                "Remen stopped reading it (is the model looping?)."
            )
        chunks.append(chunk)
    return b"".join(chunks)


class Watchdog:
    """Shuts the request's socket when its deadline passes or ``cancel`` is set: a blocked connect,
    send or read then fails at once, whatever the server is doing. Socket timeouts alone restart
    with every byte received, so they never stop a server that keeps sending slowly."""

    def __init__(self, sock: socket.socket, deadline: float, cancel: threading.Event | None) -> None:
        """Watch ``sock`` until the block ends."""
        self.sock = sock
        self.deadline = deadline
        self.cancel = cancel
        self.done = threading.Event()
        self.cancelled = False
        self.expired = False
        self.thread = threading.Thread(target=self.watch, name="llm-deadline", daemon=True)

    def __enter__(self) -> Watchdog:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        self.thread.join()

    def watch(self) -> None:
        """Wait in short steps; on cancel or deadline, shut the socket down and say which."""
        while not self.done.wait(LLM_POLL_SECONDS):
            self.cancelled = self.cancel is not None and self.cancel.is_set()
            self.expired = time.monotonic() > self.deadline
            if self.cancelled or self.expired:
                with contextlib.suppress(OSError):
                    self.sock.shutdown(socket.SHUT_RDWR)
                return


def field(data: Any, *path: str | int) -> Any:
    """``data[path[0]][path[1]]…``, or an LLMError naming what is missing."""
    for step in path:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError) as exc:
            raise LLMError(f"The model server's reply has no {step!r} where expected.") from exc
    return data
