"""Where Remen keeps its files. Nothing here touches the disk at import time."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DB_FILENAME = "remen.db"


def default_home() -> Path:
    """The data folder: ``REMEN_HOME`` if set, else the platform's user data dir."""
    env_home = os.environ.get("REMEN_HOME")
    if env_home:
        return Path(env_home).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("remen", appauthor=False))


def resolve_db_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The database path by precedence: ``--db`` argument, ``REMEN_DB``, then the home folder."""
    if explicit:
        return Path(explicit).expanduser()
    env_db = os.environ.get("REMEN_DB")
    if env_db:
        return Path(env_db).expanduser()
    return default_home() / DB_FILENAME


def model_dir() -> Path:
    """The folder holding model.onnx and tokenizer.json.

    ``REMEN_MODEL_DIR`` overrides it; an installed wheel carries the files in ``remen/_models``;
    a source checkout has them in ``assets/models``.
    """
    env_dir = os.environ.get("REMEN_MODEL_DIR")
    if env_dir:
        return Path(env_dir).expanduser()
    package_dir = Path(__file__).resolve().parent
    bundled = package_dir / "_models"
    if bundled.is_dir():
        return bundled
    return package_dir.parent / "assets" / "models"


@dataclass(frozen=True)
class Settings:
    """Resolved locations for one Remen instance."""

    db_path: Path
    model_dir: Path

    @classmethod
    def resolve(cls, db: str | os.PathLike[str] | None = None) -> Settings:
        """Settings from arguments and environment, without touching the disk."""
        return cls(db_path=resolve_db_path(db), model_dir=model_dir())
