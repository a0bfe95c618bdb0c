"""Logging to a rotating file in the data folder: background failures are recorded, never lost."""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
from pathlib import Path

from remen.core.config import default_home
from remen.core.private import create_private_folder, open_private_append

LOG_FILENAME = "remen.log"
LOG_BYTES = 1_000_000
LOG_BACKUPS = 3
DEFAULT_LEVEL = "INFO"
FORMAT = "%(asctime)s %(process)d %(threadName)s %(levelname)s %(name)s: %(message)s"


def log_path() -> Path:
    """Where the log file is: ``remen.log`` in the data folder."""
    return default_home() / LOG_FILENAME


class PrivateFileHandler(logging.handlers.RotatingFileHandler):
    """A rotating log whose files only their owner can read (they quote note titles and errors)."""

    def _open(self) -> io.TextIOWrapper:
        return open_private_append(Path(self.baseFilename))


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
        create_private_folder(path.parent)
        handler = PrivateFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
    except OSError:
        return None
    # A full disk must not print a traceback for every record the handler cannot write.
    logging.raiseExceptions = False
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    root.propagate = False
    return path
