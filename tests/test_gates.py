"""The project's gates, run by the same test command as everything else (and so by CI)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

GATES = {
    "ruff check": [str(BIN / "ruff"), "check", "."],
    "ruff format": [str(BIN / "ruff"), "format", "--check", "."],
    "mypy strict": [str(BIN / "mypy")],
    "import layers": [str(BIN / "lint-imports")],
}


@pytest.mark.parametrize("gate", list(GATES))
def test_gate_passes(gate: str) -> None:
    result = subprocess.run(GATES[gate], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"{gate} failed:\n{result.stdout}\n{result.stderr}"
