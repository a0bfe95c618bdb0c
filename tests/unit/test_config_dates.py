"""The date order setting: the locale's order by default, the config file and env over it."""

from __future__ import annotations

from pathlib import Path

import pytest

from remen.core.config import date_order, locale_date_order, write_config
from remen.core.errors import ConfigError


@pytest.mark.parametrize(
    ("environ", "order"),
    [
        ({"LANG": "de_DE.UTF-8"}, "dmy"),
        ({"LANG": "en_GB.UTF-8"}, "dmy"),
        ({"LANG": "en_US.UTF-8"}, "mdy"),
        ({"LANG": "en_GB.UTF-8", "LC_TIME": "en_US.UTF-8"}, "mdy"),
        ({"LC_ALL": "fr_FR@euro", "LC_TIME": "en_US"}, "dmy"),
        ({"LANG": "C.UTF-8"}, "mdy"),
        ({}, "mdy"),
    ],
)
def test_the_locale_decides_by_default(environ: dict[str, str], order: str) -> None:
    assert locale_date_order(environ) == order


def test_the_setting_and_the_environment_override_the_locale(
    hermetic_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_TIME", raising=False)
    assert date_order() == "mdy"
    write_config({"dates.order": "dmy"})
    assert date_order() == "dmy"
    monkeypatch.setenv("REMEN_DATE_ORDER", "mdy")
    assert date_order() == "mdy"
    with pytest.raises(ConfigError, match=r"dates\.order is dmy"):
        write_config({"dates.order": "ymd"})


def test_dates_in_notes_follow_the_setting_too(hermetic_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from datetime import datetime

    from remen.memory.builtin import BuiltinExtractor
    from remen.memory.dates import stated_date

    written = datetime(2026, 1, 10, 9, 0).astimezone()
    day_first = stated_date("Dentist on 3/2 at nine", written, date_order="dmy")
    month_first = stated_date("Dentist on 3/2 at nine", written, date_order="mdy")
    assert day_first is not None and (day_first.moment.month, day_first.moment.day) == (2, 3)
    assert month_first is not None and (month_first.moment.month, month_first.moment.day) == (3, 2)
    monkeypatch.setenv("REMEN_DATE_ORDER", "dmy")
    assert BuiltinExtractor().date_order == "dmy"
