"""LLM extraction against a fake model server on 127.0.0.1: both wire formats, the request shapes,
validation of every answer, and each way a server fails. Every case ends with the right rows in
the graph and nothing lost (the built-in extractor's facts stay)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from cli_runner import run_cli
from fake_llm import Api, Reply, closed_port_url, fake_llm

from remen.core.logs import log_path
from remen.core.models import JobKind
from remen.memory.llm.extractor import answer_tokens
from remen.memory.llm.prompt import schema_for
from remen.service import Remen

NOW = datetime(2026, 3, 16, 10, 0).astimezone()  # the app fixture's clock
NOTE = (
    "Lunch with Sarah Chen at Luigi's. She joined Acme Corp as a designer last month. I prefer the window seats there."
)


def statement(aspect: str, quote: str, subject: str, predicate: str, obj: str | None) -> dict[str, Any]:
    """One statement of a model's answer."""
    return {"aspect": aspect, "quote": quote, "subject": subject, "predicate": predicate, "object": obj, "when": None}


GOOD: dict[str, Any] = {
    "entities": [{"name": "Sarah Chen", "type": "Person"}, {"name": "Acme Corp", "type": "Organization"}],
    "statements": [
        statement("Identity", "She joined Acme Corp as a designer", "Sarah Chen", "job title", "designer"),
        statement("Preference", "I prefer the window seats there", "I", "preference", None),
    ],
    "labels": ["friends"],
}
HALLUCINATED: dict[str, Any] = {
    "entities": [*GOOD["entities"], {"name": "Bob Smith", "type": "Person"}, {"name": "Luigi's", "type": "Weapon"}],
    "statements": [
        *GOOD["statements"],
        statement("Identity", "Bob Smith is her boss", "Bob Smith", "manager", "Sarah Chen"),
        statement("Identity", "She joined Acme Corp as a designer", "Sarah Chen", "email", "sarah@acme.com"),
        statement("Feeling", "I prefer the window seats there", "I", "mood", None),
    ],
    "labels": ["friends", "!!!"],
}


def use_server(monkeypatch: pytest.MonkeyPatch, url: str, api: Api, timeout: float = 5.0) -> None:
    """Point Remen at a model server through the environment."""
    monkeypatch.setenv("REMEN_LLM_URL", url)
    monkeypatch.setenv("REMEN_LLM_MODEL", "fake")
    monkeypatch.setenv("REMEN_LLM_API", api)
    monkeypatch.setenv("REMEN_LLM_TIMEOUT", str(timeout))


def producers(app: Remen) -> dict[str, set[str]]:
    """Statement text → the extractors that produced it."""
    found: dict[str, set[str]] = {}
    with app.store.read() as conn:
        rows = conn.execute(
            "SELECT s.text, s.predicate, coalesce(s.object_value, ''), ss.producer FROM statements s"
            " JOIN statement_sources ss ON ss.sid = s.sid"
        ).fetchall()
    for text, predicate, value, producer in rows:
        found.setdefault(f"{predicate}:{value or text}", set()).add(producer)
    return found


def llm_jobs(app: Remen) -> list[tuple[str, int, str | None, float]]:
    """(status, attempts, error, run_after) of the LLM jobs."""
    with app.store.read() as conn:
        rows = conn.execute(
            "SELECT status, attempts, error, run_after FROM jobs WHERE kind = ? ORDER BY id",
            (str(JobKind.LLM_EXTRACT),),
        ).fetchall()
    return [(str(a), int(b), c, float(d)) for a, b, c, d in rows]


@pytest.fixture
def written(app: Remen) -> Iterator[Remen]:
    """The app with NOTE saved (its built-in extraction still to run)."""
    app.add(NOTE)
    yield app


@pytest.mark.parametrize("api", ["ollama", "openai"])
def test_a_good_answer_adds_validated_facts_tagged_with_the_model(
    written: Remen, monkeypatch: pytest.MonkeyPatch, api: Api
) -> None:
    with fake_llm(api, [Reply(GOOD)]) as fake:
        use_server(monkeypatch, fake.url, api)
        run = written.extract_pending()
    assert (run.done, run.refined, run.llm_error) == (1, 1, None)
    (chat,) = fake.chats()
    body = chat.body
    if api == "ollama":
        assert chat.path == "/api/chat"
        assert body["format"] == schema_for(len(NOTE)) and body["stream"] is False
        assert body["options"]["temperature"] == 0
        assert body["options"]["num_predict"] == answer_tokens(len(NOTE)) < 1024  # a short note, a short answer
    else:
        assert chat.path == "/v1/chat/completions"
        assert body["response_format"]["type"] == "json_schema"
        assert body["response_format"]["json_schema"]["strict"] is True
        assert body["response_format"]["json_schema"]["schema"] == schema_for(len(NOTE))
        assert body["temperature"] == 0 and body["max_tokens"] == answer_tokens(len(NOTE))
    system, user = body["messages"]
    assert "Person:" in system["content"] and "Relationship:" in system["content"]
    assert "Note written on Monday 16 March 2026" in user["content"] and NOTE in user["content"]
    # The model's new finding is tagged with it; its preference is the rules' one, not a duplicate.
    assert producers(written) == {
        "event:Lunch with Sarah Chen at Luigi's.": {"builtin"},
        "works_at:She joined Acme Corp as a designer last month.": {"builtin"},
        "event:She joined Acme Corp as a designer last month.": {"builtin"},
        "role:designer": {"llm:fake"},
        "preference:I prefer the window seats there.": {"builtin"},
    }
    assert llm_jobs(written)[0][0] == "done"
    facts = {(f.subject, f.predicate, f.target) for f in written.facts("Sarah Chen")}
    assert ("Sarah Chen", "role", "designer") in facts


def test_names_the_note_does_not_hold_are_dropped(written: Remen, monkeypatch: pytest.MonkeyPatch) -> None:
    with fake_llm("ollama", [Reply(HALLUCINATED)]) as fake:
        use_server(monkeypatch, fake.url, "ollama")
        assert written.extract_pending().refined == 1
    names = {e.name for e in written.entities()}
    assert "Bob Smith" not in names and "Sarah Chen" in names
    made = producers(written)
    assert "email:sarah@acme.com" not in made and not any(k.startswith("manager:") for k in made)
    assert "role:designer" in made
    assert "!!!" not in {label.name for label in written.labels()}


def test_invalid_json_is_asked_for_once_more(written: Remen, monkeypatch: pytest.MonkeyPatch) -> None:
    with fake_llm("openai", [Reply(content="{not json"), Reply(GOOD)]) as fake:
        use_server(monkeypatch, fake.url, "openai")
        run = written.extract_pending()
    assert run.refined == 1 and len(fake.chats()) == 2
    assert "role:designer" in producers(written)


def test_twice_invalid_json_fails_the_note_for_a_later_retry(
    written: Remen, monkeypatch: pytest.MonkeyPatch, clock: Any
) -> None:
    with fake_llm("ollama", [Reply(content="{not json"), Reply(content="```json\n[1, 2]\n```")]) as fake:
        use_server(monkeypatch, fake.url, "ollama")
        run = written.extract_pending()
    assert (run.done, run.refined, run.failed) == (1, 0, 0) and "not a JSON object" in (run.llm_error or "")
    ((status, attempts, error, run_after),) = llm_jobs(written)
    assert status == "pending" and attempts == 1 and error and run_after > clock.now
    assert written.facts("Sarah Chen")  # the built-in extractor's facts stay


def test_a_server_without_json_schema_gets_json_mode_with_the_schema_in_the_prompt(
    written: Remen, monkeypatch: pytest.MonkeyPatch
) -> None:
    with fake_llm("openai", [Reply(status=400), Reply(GOOD)]) as fake:
        use_server(monkeypatch, fake.url, "openai")
        assert written.extract_pending().refined == 1
    first, second = fake.chats()
    assert first.body["response_format"]["type"] == "json_schema"
    assert second.body["response_format"] == {"type": "json_object"}
    assert '"statements"' in second.body["messages"][0]["content"]
    assert "role:designer" in producers(written)


@pytest.mark.parametrize("failure", ["http 500", "hang", "refused"])
def test_a_server_that_fails_leaves_the_built_in_facts_and_retries_later(
    app: Remen, monkeypatch: pytest.MonkeyPatch, clock: Any, failure: str
) -> None:
    app.add(NOTE)
    app.add("Tom works at Initech now.")
    replies = [Reply(status=500)] if failure == "http 500" else [Reply(hang=True)]
    with fake_llm("openai", replies) as fake:
        url = closed_port_url() if failure == "refused" else fake.url
        use_server(monkeypatch, url, "openai", timeout=1.0)
        run = app.extract_pending()
    assert run.done == 2 and run.refined == 0 and run.failed == 0
    assert run.llm_error and (
        "HTTP 500" in run.llm_error or "did not answer within" in run.llm_error or "reach" in run.llm_error
    )
    jobs = llm_jobs(app)
    assert [status for status, *_ in jobs] == ["pending", "pending"]
    assert all(run_after >= clock.now + 300 for *_, run_after in jobs)  # the whole queue waits
    assert len(fake.chats()) <= 1  # one try, not one per note
    assert {f.target for f in app.facts("Tom") if f.predicate == "works_at"} == {"Initech"}
    assert app.status().waiting_llm == 2 and app.status().pending_llm == 0


def test_a_note_written_meanwhile_is_read_before_the_model_goes_on(app: Remen, monkeypatch: pytest.MonkeyPatch) -> None:
    app.add(NOTE)
    app.add("Sourdough starter: feed it twice a day.")
    later = Reply(GOOD, meanwhile=lambda: app.add("Tom works at Initech now."))
    with fake_llm("ollama", [later, Reply(GOOD), Reply(GOOD)]) as fake:
        use_server(monkeypatch, fake.url, "ollama")
        app.extract_pending(refine=False)  # as `remen import` does: the model's pass comes later
        assert [status for status, *_ in llm_jobs(app)] == ["pending", "pending"]
        first = app.extract_pending()
        assert (first.done, first.refined) == (0, 1)  # the model's pass gave way to the new note
        assert "Tom" not in {e.name for e in app.entities()} and app.pending_extractions() == 1
        second = app.extract_pending()
    assert (second.done, second.refined) == (1, 2)
    assert len([c for c in fake.chats() if c.body["messages"][0]["content"].startswith("You extract")]) == 3
    assert {f.target for f in app.facts("Tom") if f.predicate == "works_at"} == {"Initech"}


def test_stopping_ends_a_request_that_hangs(app: Remen, monkeypatch: pytest.MonkeyPatch) -> None:
    app.add(NOTE)
    stop = threading.Event()
    with fake_llm("ollama", [Reply(hang=True)]) as fake:
        use_server(monkeypatch, fake.url, "ollama", timeout=600)
        result: list[object] = []
        worker = threading.Thread(target=lambda: result.append(app.extract_pending(stop=stop)))
        worker.start()
        while not fake.chats():
            worker.join(0.05)
        stop.set()
        worker.join(10)
        assert not worker.is_alive()
    (status, attempts, _, _) = llm_jobs(app)[0]
    assert status == "pending" and attempts == 0  # put back as it was, for the next run


def test_worker_llm_reads_again_the_notes_the_model_has_not_read(app: Remen, monkeypatch: pytest.MonkeyPatch) -> None:
    app.add(NOTE)
    app.extract_pending()  # no server configured yet: built-in only, nothing queued for a model
    assert llm_jobs(app) == []
    with fake_llm("ollama", [Reply(GOOD)]) as fake:
        use_server(monkeypatch, fake.url, "ollama")
        printed = run_cli("--db", str(app.settings.db_path), "worker", "--llm", "--once")
        assert "Queued 1 note for the model server (fake via ollama at http://127.0.0.1:" in printed.stderr
        assert "1 also read by the model server" in printed.stdout
    assert "role:designer" in producers(app)


def test_doctor_checks_the_server_live_and_config_is_validated(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "llm           none configured" in run_cli("doctor").stdout
    with fake_llm("ollama", [Reply({"ok": True})]) as fake:
        run_cli("config", "set", "llm.url", fake.url + "/", "llm.model", "fake", "llm.api", "ollama")
        shown = run_cli("config").stdout
        assert f"llm.url     {fake.url}\n" in shown and "llm.model   fake" in shown
        report = run_cli("doctor").stdout
        assert f"llm           fake via ollama at {fake.url}: ok, a tiny request took" in report
    run_cli("config", "set", "llm.url", closed_port_url())
    assert "unreachable" in run_cli("doctor").stdout
    refused = run_cli("config", "set", "llm.api", "grpc")
    assert refused.returncode == 1 and "llm.api must be one of ollama, openai" in refused.stderr
    assert "Unknown setting 'llm.modle'" in run_cli("config", "set", "llm.modle", "x").stderr
    run_cli("config", "unset", "llm.url", "llm.model")
    assert "none configured" in run_cli("doctor").stdout


def test_an_api_key_is_sent_but_never_logged(app: Remen, monkeypatch: pytest.MonkeyPatch) -> None:
    app.add(NOTE)
    monkeypatch.setenv("REMEN_LLM_API_KEY", "sk-secret-123")
    monkeypatch.setenv("REMEN_LOG", "DEBUG")
    with fake_llm("openai", [Reply(status=400), Reply(HALLUCINATED)]) as fake:
        use_server(monkeypatch, fake.url, "openai")
        run_cli("--db", str(app.settings.db_path), "worker", "--once")
    assert {chat.headers["Authorization"] for chat in fake.chats()} == {"Bearer sk-secret-123"}
    logged = log_path().read_text(encoding="utf-8")
    assert "refused json_schema" in logged and "item(s) from the model's answer" in logged
    assert "sk-secret-123" not in logged


EMPTY: dict[str, Any] = {"entities": [], "statements": [], "labels": []}


@pytest.mark.parametrize(
    ("summary", "kept"),
    [
        ("You decided to plant tomatoes and need a new washer for the hose.", True),
        ("You bought a greenhouse and hired a gardener named Paul.", False),
    ],
)
def test_a_digest_gets_a_summary_only_if_it_says_what_the_notes_say(
    app: Remen, monkeypatch: pytest.MonkeyPatch, summary: str, kept: bool
) -> None:
    app.add("We decided to plant tomatoes along the south wall. #garden")
    app.add("The hose leaks at the tap, I need a new washer. #garden")
    replies = [Reply(EMPTY), Reply(EMPTY), Reply({"summary": summary})]
    with fake_llm("ollama", replies) as fake:
        use_server(monkeypatch, fake.url, "ollama")
        run = app.extract_pending()
        asked = fake.chats()[-1].body
    assert run.summaries == int(kept)
    assert "We decided to plant tomatoes" in asked["messages"][1]["content"]
    recap = app.ask("summarize my garden notes this month", now=NOW).answers
    assert recap[0].text.startswith("garden (2 notes): " + (summary if kept else "We decided to plant tomatoes"))
