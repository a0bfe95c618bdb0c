"""A fake model server on 127.0.0.1 for the LLM extraction tests: it records every request and
answers each with the next scripted behaviour, in Ollama's or the OpenAI wire format."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

Api = Literal["ollama", "openai"]


@dataclass
class Reply:
    """One scripted answer: a JSON answer, raw content, an HTTP status, or a hang."""

    answer: dict[str, Any] | None = None
    content: str | None = None
    status: int = 200
    hang: bool = False
    # Run while the request is open (what a user does meanwhile).
    meanwhile: Callable[[], object] | None = None


@dataclass
class Seen:
    """A request the fake server received."""

    method: str
    path: str
    body: dict[str, Any]
    headers: dict[str, str]


@dataclass
class FakeLLM:
    """The server's script and what it saw; ``release`` ends every hang."""

    api: Api
    replies: list[Reply] = field(default_factory=list)
    seen: list[Seen] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)
    url: str = ""
    # Seconds between the bytes of every response (a server that drips its replies); 0: at once.
    drip_seconds: float = 0.0

    def chats(self) -> list[Seen]:
        """The chat requests, in order."""
        return [s for s in self.seen if s.method == "POST"]


def envelope(api: Api, content: str) -> dict[str, Any]:
    """The server's reply around the model's text."""
    if api == "ollama":
        return {"model": "fake", "message": {"role": "assistant", "content": content}, "done": True}
    return {"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}


def handler_for(fake: FakeLLM) -> type[BaseHTTPRequestHandler]:
    """A request handler bound to ``fake``."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - http.server's name
            """Quiet."""

        def send_json(self, status: int, data: object) -> None:
            payload = json.dumps(data).encode()
            if fake.drip_seconds:
                self.drip(status, payload)
                return
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def drip(self, status: int, payload: bytes) -> None:
            """The whole response, headers too, one byte at a time until done or released."""
            head = f"HTTP/1.1 {status} OK\r\nContent-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n"
            for byte in head.encode() + payload:
                if fake.release.wait(fake.drip_seconds):
                    return
                try:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                except OSError:
                    return

        def do_GET(self) -> None:
            fake.seen.append(Seen("GET", self.path, {}, dict(self.headers)))
            if self.path == "/api/tags":
                self.send_json(200, {"models": [{"name": "fake:latest"}]})
            elif self.path == "/v1/models":
                self.send_json(200, {"object": "list", "data": [{"id": "fake"}]})
            else:
                self.send_json(404, {"error": "not found"})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            fake.seen.append(Seen("POST", self.path, body, dict(self.headers)))
            reply = fake.replies.pop(0) if fake.replies else Reply(status=503)
            if reply.meanwhile is not None:
                reply.meanwhile()
            if reply.hang:
                fake.release.wait(60)
                return
            if reply.status != 200:
                self.send_json(reply.status, {"error": f"scripted {reply.status}"})
                return
            content = reply.content if reply.content is not None else json.dumps(reply.answer)
            self.send_json(200, envelope(fake.api, content))

    return Handler


@contextmanager
def fake_llm(api: Api, replies: list[Reply], drip_seconds: float = 0.0) -> Iterator[FakeLLM]:
    """Run a fake server on a free port of 127.0.0.1 for the block."""
    fake = FakeLLM(api, list(replies), drip_seconds=drip_seconds)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler_for(fake))
    server.daemon_threads = True
    fake.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        fake.release.set()
        server.shutdown()
        server.server_close()


def closed_port_url() -> str:
    """An address on 127.0.0.1 where nothing listens (connections are refused)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"
