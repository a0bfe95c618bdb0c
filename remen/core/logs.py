"""Logging to a rotating file in the data folder: background failures are recorded, never lost."""

from __future__ import annotations

import logging
import logging.handlers
import os
from pathlib import Path

from remen.core.config import default_home

LOG_FILENAME = "remen.log"
LOG_BYTES = 1_000_000
LOG_BACKUPS = 3
DEFAULT_LEVEL = "INFO"
FORMAT = "%(asctime)s %(process)d %(threadName)s %(levelname)s %(name)s: %(message)s"


def log_path() -> Path:
    """Where the log file is: ``remen.log`` in the data folder."""
    return default_home() / LOG_FILENAME


def setup_logging() -> Path | None:
    """Send Remen's log records to the rotating file, at the level ``REMEN_LOG`` names (INFO by
    default). Returns the file, or None when the folder cannot be written (logging then stays off:
    a read-only home must not stop the app)."""
    root = logging.getLogger("remen")
    level_name = os.environ.get("REMEN_LOG", DEFAULT_LEVEL).upper()
    root.setLevel(getattr(logging, level_name, logging.INFO))
    path = log_path()
    for handler in root.handlers:
        if isinstance(handler, logging.handlers.RotatingFileHandler) and Path(handler.baseFilename) == path:
            return path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    root.propagate = False
    return path
