"""Model servers that misbehave on purpose: a reply dripped a byte a second, a reply of 50 MB, an
answer with thousands of items, a server unset with notes still queued for it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run_cli
from fake_llm import Reply, fake_llm

from remen.core.config import llm_settings
from remen.core.errors import LLMError
from remen.core.knowledge import NoteForExtraction
from remen.core.logs import log_path
from remen.core.models import JobKind
from remen.memory.llm.client import LLMClient
from remen.memory.llm.extractor import LLMExtractor
from remen.service import Remen

NOTE = "Lunch with Sarah Chen at Luigi's. She joined Acme Corp as a designer last month."


def server_env(url: str, timeout: float) -> dict[str, str]:
    return {
        "REMEN_LLM_URL": url,
        "REMEN_LLM_MODEL": "fake",
        "REMEN_LLM_API": "ollama",
        "REMEN_LLM_TIMEOUT": str(timeout),
    }


def remen(db: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """`remen --db DB ARGS` in a process of its own; a run that hangs fails the test at 60 s."""
    return subprocess.run(
        [sys.executable, "-m", "remen", "--db", str(db), *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_server_that_drips_its_reply_is_cut_off_at_the_deadline(tmp_path: Path) -> None:
    db = tmp_path / "remen.db"
    with fake_llm("ollama", [Reply({"entities": [], "statements": [], "labels": []})] * 3, drip_seconds=1.0) as fake:
        env = server_env(fake.url, 3)
        assert remen(db, env, "add", "--no-embed", NOTE).returncode == 0
        worker = remen(db, env, "worker", "--once")
        assert worker.returncode == 0, worker.stderr
        assert "did not answer within" in worker.stdout + worker.stderr
        doctor = remen(db, env, "doctor")
        assert doctor.returncode == 1 and "did not answer within 3 s" in doctor.stdout
        assert "doctor found a problem with the model server" in doctor.stderr


def test_a_huge_reply_is_refused_after_a_bounded_read(monkeypatch: pytest.MonkeyPatch) -> None:
    entities = [{"name": f"Entity {i}", "type": "Person"} for i in range(1_400_000)]
    huge = Reply(content=json.dumps({"entities": entities, "statements": [], "labels": []}))
    with fake_llm("ollama", [huge]) as fake:
        monkeypatch.setenv("REMEN_LLM_URL", fake.url)
        monkeypatch.setenv("REMEN_LLM_MODEL", "fake")
        settings = llm_settings()
        assert settings is not None
        with pytest.raises(LLMError, match="over 2 MB"):
            LLMClient(settings).chat_json("system", "user", {}, 30, 16)


def test_an_answer_with_thousands_of_items_is_capped_and_logged_once(
    app: Remen, monkeypatch: pytest.MonkeyPatch
) -> None:
    entities = [{"name": f"Person {i}", "type": "Person"} for i in range(5_000)]
    answer: dict[str, Any] = {"entities": entities, "statements": [], "labels": []}
    app.add(NOTE)
    with fake_llm("ollama", [Reply(answer), Reply(answer)]) as fake:
        monkeypatch.setenv("REMEN_LLM_URL", fake.url)
        monkeypatch.setenv("REMEN_LLM_MODEL", "fake")
        run_cli("--db", str(app.settings.db_path), "worker", "--once")
        settings = llm_settings()
        assert settings is not None
        checked = LLMExtractor(settings).read(NoteForExtraction(NOTE, (), app.clock()))
    assert "4936 entities beyond the first 64" in checked.dropped
    lines = [line for line in log_path().read_text(encoding="utf-8").splitlines() if "dropped" in line]
    assert len(lines) == 2 and all("and " in line and "more" in line for line in lines)


def test_unsetting_the_server_drops_its_queue(app: Remen, monkeypatch: pytest.MonkeyPatch) -> None:
    app.add(NOTE)
    with fake_llm("ollama", [Reply(status=500)] * 4) as fake:
        db = str(app.settings.db_path)
        run_cli("config", "set", "llm.url", fake.url, "llm.model", "fake")
        run_cli("--db", db, "worker", "--once")
        assert app.status().waiting_llm + app.status().pending_llm == 1
        unset = run_cli("--db", db, "config", "unset", "llm.url", "llm.model")
    assert "Dropped 1 note queued for the model server" in unset.stderr
    status = app.status()
    assert status.waiting_llm == status.pending_llm == 0
    with app.store.read() as conn:
        assert conn.execute("SELECT count(*) FROM jobs WHERE kind = ?", (str(JobKind.LLM_EXTRACT),)).fetchone()[0] == 0
    doctor = run_cli("--db", db, "doctor")
    assert doctor.returncode == 0, doctor.stderr
