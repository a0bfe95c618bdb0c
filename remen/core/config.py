"""Where Remen keeps its files. Nothing here touches the disk at import time."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from remen.core.constants import LLM_TIMEOUT_BASE_SECONDS
from remen.core.errors import ConfigError
from remen.core.models import DATE_ORDERS, DateOrder
from remen.core.private import create_private_folder, open_private

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
    package_dir = Path(__file__).resolve().parent.parent
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


CONFIG_FILENAME = "config.json"
# Environment variables that override the config file, and the one that holds an API key (never stored).
LLM_ENV = {
    "llm.url": "REMEN_LLM_URL",
    "llm.model": "REMEN_LLM_MODEL",
    "llm.api": "REMEN_LLM_API",
    "llm.timeout": "REMEN_LLM_TIMEOUT",
}
LLM_KEY_ENV = "REMEN_LLM_API_KEY"
LLMApi = Literal["ollama", "openai"]
LLM_APIS: tuple[LLMApi, ...] = ("ollama", "openai")
DATE_ORDER_KEY = "dates.order"
DATE_ORDER_ENV = "REMEN_DATE_ORDER"
# The folder of a linked vault that new notes' files go to (its root without it).
VAULT_INBOX_KEY = "vault.inbox"
VAULT_INBOX_ENV = "REMEN_VAULT_INBOX"
# The linked folder itself belongs to the database (`remen vault link`); `config get` shows it.
VAULT_PATH_KEY = "vault.path"
CONFIG_KEYS = (*LLM_ENV, DATE_ORDER_KEY, VAULT_INBOX_KEY)
# Every setting's environment variable, which overrides the file.
SETTING_ENV = {**LLM_ENV, DATE_ORDER_KEY: DATE_ORDER_ENV, VAULT_INBOX_KEY: VAULT_INBOX_ENV}
# Regions whose locales write the month first (3/2 is March 2); every other one writes the day first.
MONTH_FIRST_REGIONS = frozenset({"US", "PH", "FM", "MH", "PW", "BZ", "AS", "GU", "MP", "PR", "UM", "VI"})


def config_path() -> Path:
    """The config file: ``REMEN_CONFIG``, else ``config.json`` in ``REMEN_HOME``, else the
    platform's user config dir."""
    explicit = os.environ.get("REMEN_CONFIG")
    if explicit:
        return Path(explicit).expanduser()
    if os.environ.get("REMEN_HOME"):
        return default_home() / CONFIG_FILENAME
    from platformdirs import user_config_dir

    return Path(user_config_dir("remen", appauthor=False)) / CONFIG_FILENAME


def read_config(path: Path | None = None) -> dict[str, str]:
    """The stored settings (empty when there is no file). A damaged file is an error that names it."""
    path = path or config_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(f"Cannot read the config file {path}: {exc}. Fix or delete it.") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"The config file {path} does not hold an object. Fix or delete it.")
    return {str(k): str(v) for k, v in data.items()}


def known_key(key: str) -> str:
    """``key`` if it is a setting Remen has; a ConfigError listing the known ones otherwise."""
    if key not in CONFIG_KEYS:
        raise ConfigError(f"Unknown setting {key!r}; known: {', '.join(CONFIG_KEYS)}.")
    return key


def check_setting(key: str, value: str) -> str:
    """The value to store for ``key``; a ConfigError that says what is wrong otherwise."""
    known_key(key)
    value = value.strip()
    if key == "llm.url":
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ConfigError(f"llm.url must be an http(s) address such as http://127.0.0.1:11434, not {value!r}.")
        return value.rstrip("/")
    if key == "llm.api" and value not in LLM_APIS:
        raise ConfigError(f"llm.api must be one of {', '.join(LLM_APIS)}, not {value!r}.")
    if key == DATE_ORDER_KEY and value not in DATE_ORDERS:
        raise ConfigError(f"{DATE_ORDER_KEY} is dmy (3/2 is 3 February) or mdy (March 2), not {value!r}.")
    if key == "llm.timeout":
        try:
            seconds = float(value)
        except ValueError:
            seconds = 0.0
        if not 0 < seconds <= 3600:
            raise ConfigError(f"llm.timeout is the seconds a short note may take (say 30), not {value!r}.")
    if not value:
        raise ConfigError(f"{key} cannot be empty (use `remen config unset {key}`).")
    if key == VAULT_INBOX_KEY:
        return inbox_folder(value)
    return value


def inbox_folder(value: str) -> str:
    """A vault's inbox as a folder inside it ("Inbox", "notes/new"); a ConfigError for one that
    would leave the vault or hide its notes."""
    parts = [part for part in value.replace("\\", "/").split("/") if part]
    if not parts or value.startswith(("/", "~")) or any(part in (".", "..") or part.startswith(".") for part in parts):
        raise ConfigError(f"{VAULT_INBOX_KEY} is a folder inside the vault such as Inbox, not {value!r}.")
    return "/".join(parts)


def vault_inbox(path: Path | None = None) -> str | None:
    """The vault folder new notes' files go to: REMEN_VAULT_INBOX, else the vault.inbox setting,
    else None (the vault's root). A damaged config file or a bad value means the root."""
    try:
        chosen = os.environ.get(VAULT_INBOX_ENV) or read_config(path).get(VAULT_INBOX_KEY, "")
        return inbox_folder(chosen) if chosen else None
    except ConfigError:
        return None


def write_config(changes: dict[str, str | None], path: Path | None = None) -> dict[str, str]:
    """Set (or, with None, remove) settings and save the file atomically; the settings after."""
    path = path or config_path()
    stored = read_config(path)
    for key, value in changes.items():
        if value is None:
            stored.pop(known_key(key), None)
        else:
            stored[key] = check_setting(key, value)
    create_private_folder(path.parent)
    temporary = path.with_suffix(".tmp")
    with open_private(temporary) as out:
        out.write(json.dumps(stored, indent=2, sort_keys=True) + "\n")
    os.replace(temporary, path)
    return stored


@dataclass(frozen=True)
class LLMSettings:
    """Where the local model server is and how to talk to it; ``api_key`` comes from the env only."""

    url: str
    model: str
    api: LLMApi
    api_key: str | None = None
    # Seconds a short note may take; longer notes get more (see request_timeout).
    timeout: float = LLM_TIMEOUT_BASE_SECONDS

    @property
    def described(self) -> str:
        """'qwen2.5:3b via ollama at http://127.0.0.1:11434' (never the key)."""
        return f"{self.model} via {self.api} at {self.url}"


def llm_settings(path: Path | None = None) -> LLMSettings | None:
    """The LLM to use, from env variables over the config file; None when none is configured.
    A URL without a model (or the reverse) is an error that says what is missing."""
    stored = read_config(path)
    values = {key: os.environ.get(env) or stored.get(key, "") for key, env in LLM_ENV.items()}
    if not values["llm.url"] and not values["llm.model"]:
        return None
    for key in ("llm.url", "llm.model"):
        if not values[key]:
            raise ConfigError(f"{key} is not set: `remen config set {key} …` (or {LLM_ENV[key]}).")
    url = check_setting("llm.url", values["llm.url"])
    api = check_setting("llm.api", values["llm.api"] or "ollama")
    timeout = float(check_setting("llm.timeout", values["llm.timeout"])) if values["llm.timeout"] else None
    return LLMSettings(
        url,
        values["llm.model"],
        "openai" if api == "openai" else "ollama",
        os.environ.get(LLM_KEY_ENV),
        timeout or LLM_TIMEOUT_BASE_SECONDS,
    )


def locale_date_order(environ: dict[str, str] | os._Environ[str]) -> DateOrder:
    """The numeric date order of the locale the environment names (LC_ALL, LC_TIME, then LANG):
    month first for US-style regions and for the C locale (whose dates read 12/24/25)."""
    name = next((environ[var] for var in ("LC_ALL", "LC_TIME", "LANG") if environ.get(var)), "C")
    language_region = name.split(".")[0].split("@")[0]
    if "_" not in language_region:
        return "mdy"
    return "mdy" if language_region.split("_")[1].upper() in MONTH_FIRST_REGIONS else "dmy"


def date_order(path: Path | None = None) -> DateOrder:
    """How ambiguous numeric dates ("3/2") read: REMEN_DATE_ORDER, else the dates.order setting,
    else the system locale's order. A damaged config file falls back to the locale (search
    must not fail on it); ``remen config`` and ``remen doctor`` report the damage."""
    try:
        chosen = os.environ.get(DATE_ORDER_ENV) or read_config(path).get(DATE_ORDER_KEY, "")
    except ConfigError:
        chosen = ""
    return "dmy" if chosen == "dmy" else "mdy" if chosen == "mdy" else locale_date_order(os.environ)
