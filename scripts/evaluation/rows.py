"""Reading the labelled sets' JSON Lines files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def json_lines(path: Path) -> list[dict[str, Any]]:
    """The objects of a JSON Lines file, blank lines skipped."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
