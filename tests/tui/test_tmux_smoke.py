"""The real app in a real terminal (tmux): write a note, find it by a paraphrase, quit."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "tmux_smoke.sh"


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_tmux_smoke() -> None:
    result = subprocess.run(
        ["bash", str(SCRIPT)],
        env={**os.environ, "REMEN_PYTHON": sys.executable},
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "tmux smoke test passed" in result.stdout
