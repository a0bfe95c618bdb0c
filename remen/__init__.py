"""Remen: local-first terminal notes with instant, offline search."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from remen.service import Remen

__version__ = "0.1.0"

# Nothing leaves the disk: onnxruntime records telemetry (a device id, the process path, the CPU)
# on its first import unless this is set before that import, wherever it happens.
os.environ["ORT_DISABLE_TELEMETRY"] = "1"


def open(path: str | Path | None = None, **kwargs: object) -> Remen:  # noqa: A001 - public API name
    """Open (creating if needed) the Remen database at ``path`` or the configured default."""
    from remen.service import Remen

    return Remen.open(path, **kwargs)  # type: ignore[arg-type]
