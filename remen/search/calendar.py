"""Calendar arithmetic for the temporal parser: spans of days, weeks, months, seasons. Pure."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from dateutil.relativedelta import relativedelta

# "before march" starts here: early enough for any note, late enough for every platform's mktime.
EARLIEST = datetime(1970, 1, 2)

MONTHS = {
    "january": 1,
    "jan": 1,
    "february": 2,
    "feb": 2,
    "march": 3,
    "mar": 3,
    "april": 4,
    "apr": 4,
    "may": 5,
    "june": 6,
    "jun": 6,
    "july": 7,
    "jul": 7,
    "august": 8,
    "aug": 8,
    "september": 9,
    "sep": 9,
    "sept": 9,
    "october": 10,
    "oct": 10,
    "november": 11,
    "nov": 11,
    "december": 12,
    "dec": 12,
}
WEEKDAYS = {
    "monday": 0,
    "tuesday": 1,
    "wednesday": 2,
    "thursday": 3,
    "friday": 4,
    "saturday": 5,
    "sunday": 6,
}
SATURDAY = WEEKDAYS["saturday"]
# Short weekday names: a day only with a cue ("on sat", "next thu"); "the sun" is no Sunday.
WEEKDAY_SHORT = {
    "mon": 0,
    "tue": 1,
    "tues": 1,
    "wed": 2,
    "weds": 2,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "fri": 4,
    "sat": 5,
    "sun": 6,
}
# Every way a weekday is written, full or short, to its number (Monday 0).
WEEKDAY_NAMES = {**WEEKDAYS, **WEEKDAY_SHORT}
# The short weekdays that are English words too ("sat down", "they wed"): a day only after a cue
# ("on sat"); the others are days wherever they stand ("GP Thurs 10:15", "gym tues").
WEEKDAY_SHORT_WORDS = frozenset({"mon", "wed", "sat", "sun"})
# Season name -> first month; each lasts three months.
SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
PARTS_OF_DAY = {"morning": (6, 12), "afternoon": (12, 18), "evening": (18, 24), "night": (18, 24)}
NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "couple": 2,
    "a couple": 2,
    "a couple of": 2,
    "couple of": 2,
    "few": 3,
    "a few": 3,
    "several": 3,
}

# Day numbers written as words: "march first", "the third of may".
ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20,
}  # fmt: skip
ORDINAL_WORDS |= {f"twenty-{w}": 20 + n for w, n in list(ORDINAL_WORDS.items())[:9]}
ORDINAL_WORDS |= {f"twenty {w}": 20 + n for w, n in list(ORDINAL_WORDS.items())[:9]}
ORDINAL_WORDS |= {"thirtieth": 30, "thirty-first": 31, "thirty first": 31}

# Holiday -> (month, day, days long): the day itself ("before christmas" ends when the 25th begins).
HOLIDAYS = {
    "christmas eve": (12, 24, 1),
    "christmas day": (12, 25, 1),
    "christmas": (12, 25, 1),
    "xmas": (12, 25, 1),
    "christmas holidays": (12, 24, 3),
    "christmas break": (12, 24, 3),
    "boxing day": (12, 26, 1),
    "new year's eve": (12, 31, 1),
    "new years eve": (12, 31, 1),
    "new year's day": (1, 1, 1),
    "new years day": (1, 1, 1),
    "new year's": (12, 31, 2),
    "new years": (12, 31, 2),
    "new year": (12, 31, 2),
    "halloween": (10, 31, 1),
    "valentine's day": (2, 14, 1),
    "valentines day": (2, 14, 1),
}


def nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The ``n``-th ``weekday`` of a month (n = -1: the last one)."""
    if n < 0:
        last = date(year, month, 1) + relativedelta(months=1, days=-1)
        return last - timedelta(days=(last.weekday() - weekday) % 7)
    first = date(year, month, 1)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))


def easter_day(year: int) -> date:
    """Western Easter Sunday (dateutil's computation)."""
    from dateutil.easter import easter

    return easter(year)


# Holidays whose day moves with the year (US dates where countries differ): name -> that year's day.
FLOATING_HOLIDAYS: dict[str, Callable[[int], date]] = {
    "easter": easter_day,
    "easter sunday": easter_day,
    "easter monday": lambda y: easter_day(y) + timedelta(days=1),
    "good friday": lambda y: easter_day(y) - timedelta(days=2),
    "thanksgiving": lambda y: nth_weekday(y, 11, 3, 4),
    "black friday": lambda y: nth_weekday(y, 11, 3, 4) + timedelta(days=1),
    "mother's day": lambda y: nth_weekday(y, 5, 6, 2),
    "mothers day": lambda y: nth_weekday(y, 5, 6, 2),
    "father's day": lambda y: nth_weekday(y, 6, 6, 3),
    "fathers day": lambda y: nth_weekday(y, 6, 6, 3),
    "memorial day": lambda y: nth_weekday(y, 5, 0, -1),
    "labor day": lambda y: nth_weekday(y, 9, 0, 1),
    "labour day": lambda y: nth_weekday(y, 9, 0, 1),
    "martin luther king day": lambda y: nth_weekday(y, 1, 0, 3),
    "mlk day": lambda y: nth_weekday(y, 1, 0, 3),
    "presidents day": lambda y: nth_weekday(y, 2, 0, 3),
    "presidents' day": lambda y: nth_weekday(y, 2, 0, 3),
}


def holiday_start(name: str, year: int) -> tuple[datetime, int]:
    """A holiday's first day in ``year`` and how many days it lasts."""
    if name in FLOATING_HOLIDAYS:
        day = FLOATING_HOLIDAYS[name](year)
        return datetime(day.year, day.month, day.day), 1
    month, day_of_month, length = HOLIDAYS[name]
    return datetime(year, month, day_of_month), length


def two_digit_year(year: int, now: datetime) -> int:
    """A year written with two digits: this century unless that is more than ten years ahead
    ("10/31/74" is 1974, "1/5/28" written in 2026 is 2028)."""
    if year >= 100:
        return year
    return 2000 + year if 2000 + year <= now.year + 10 else 1900 + year


@dataclass(frozen=True)
class Span:
    """A naive local-time range with a label, before it becomes a TimeRange."""

    start: datetime
    end: datetime
    label: str
    # "this year" ends now, but its beginning/middle/end are thirds of the whole year.
    natural_end: datetime | None = None


def day_start(moment: datetime) -> datetime:
    """Midnight at the start of ``moment``'s day."""
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def whole_day(day: datetime | date, label: str, part: str | None = None) -> Span:
    """A calendar day, or one part of it."""
    start = datetime(day.year, day.month, day.day)
    if part:
        first, last = PARTS_OF_DAY[part]
        return Span(start + timedelta(hours=first), start + timedelta(hours=last), label)
    return Span(start, start + timedelta(days=1), label)


def weekend_of(which: str, now: datetime, label: str, weeks: int = 0) -> Span:
    """The weekend ``which`` ("last", "this", "next" or "") names as of ``now``, moved ``weeks``
    weeks on (back, when negative): "the weekend before last" is last weekend a week back."""
    which = {"this past": "last", "past": "last"}.get(which, which)
    saturday = day_start(now) - timedelta(days=(now.weekday() - SATURDAY) % 7)
    in_weekend = now.weekday() >= SATURDAY
    if which == "last" and in_weekend:
        saturday -= timedelta(days=7)
    elif (which in ("this", "next") and not in_weekend) or which == "next":
        saturday += timedelta(days=7)
    saturday += timedelta(weeks=weeks)
    return Span(saturday, saturday + timedelta(days=2), label)


def week_of(day: datetime, label: str) -> Span:
    """The Monday-to-Sunday week containing ``day``."""
    monday = day_start(day) - timedelta(days=day.weekday())
    return Span(monday, monday + timedelta(days=7), label)


def month_span(year: int, month: int, label: str) -> Span:
    """One calendar month."""
    start = datetime(year, month, 1)
    return Span(start, start + relativedelta(months=1), label)


def season_span(year: int, season: str, label: str) -> Span:
    """A season starting in ``year`` (winter: December of ``year`` to February)."""
    start = datetime(year, SEASONS[season], 1)
    return Span(start, start + relativedelta(months=3), label)


def day_number(text: str) -> int:
    """A day of the month written as "3", "3rd" or "third"."""
    digits = text.rstrip("stndrh")
    return int(digits) if digits.isdigit() else ORDINAL_WORDS[text]


def number(text: str) -> int:
    """A count written as digits or words."""
    return int(text) if text.isdigit() else NUMBER_WORDS[re.sub(r"\s+", " ", text)]


def unit_delta(unit: str, n: int) -> relativedelta:
    """``n`` units as a calendar-aware delta."""
    if unit == "fortnight":
        return relativedelta(weeks=2 * n)
    deltas = {
        "minute": relativedelta(minutes=n),
        "hour": relativedelta(hours=n),
        "day": relativedelta(days=n),
        "week": relativedelta(weeks=n),
        "month": relativedelta(months=n),
        "year": relativedelta(years=n),
    }
    return deltas[unit]


def recent_weekday(now: datetime, weekday: int, allow_today: bool = False) -> datetime:
    """The most recent ``weekday`` before today (or today itself when allowed)."""
    back = (now.weekday() - weekday) % 7
    if back == 0 and not allow_today:
        back = 7
    return day_start(now) - timedelta(days=back)


def coming_weekday(now: datetime, weekday: int) -> datetime:
    """The next ``weekday`` after today (a week on when today is that day), at its start."""
    return day_start(now) + timedelta(days=(weekday - now.weekday()) % 7 or 7)


def recent_month(now: datetime, month: int, strictly_before: bool = False) -> int:
    """The year of the most recent ``month`` not in the future (before this month if strict)."""
    if month < now.month or (month == now.month and not strictly_before):
        return now.year
    return now.year - 1


def recent_season_year(now: datetime, season: str, completed: bool) -> int:
    """The start year of the most recent season that has begun (or ended, if ``completed``)."""
    for year in (now.year, now.year - 1, now.year - 2):
        span = season_span(year, season, "")
        if (span.end <= now) if completed else (span.start <= now):
            return year
    return now.year - 2


def safe_date(year: int, month: int, day: int) -> datetime | None:
    """A date, or None when it does not exist (February 30th)."""
    try:
        return datetime(year, month, day)
    except ValueError:
        return None


def recent_day(now: datetime, month: int, day: int) -> datetime | None:
    """The most recent ``month``/``day`` not after ``now`` ("march 3" in February is last year's),
    or None when it does not exist."""
    found = safe_date(now.year, month, day)
    return safe_date(now.year - 1, month, day) if found is not None and found > now else found


def calendar_unit(moment: datetime, unit: str, label: str) -> Span:
    """The whole calendar day, week, month or year containing ``moment``."""
    if unit == "day":
        return whole_day(moment, label)
    if unit in ("week", "fortnight"):
        return week_of(moment, label)
    if unit == "month":
        return month_span(moment.year, moment.month, label)
    return Span(datetime(moment.year, 1, 1), datetime(moment.year + 1, 1, 1), label)


def shift_forward(span: Span, earlier: Span) -> Span:
    """Move an end point that came out before the start: a day by a week (fri → mon), else by a year."""
    short = span.end - span.start <= timedelta(days=1) and earlier.start - span.start < timedelta(days=7)
    step = relativedelta(weeks=1) if short else relativedelta(years=1)
    return Span(span.start + step, span.end + step, span.label)


def third_of(span: Span, third: int, label: str) -> Span:
    """The first, middle or last third of a period: years by 4 months, months by days 1–10, 11–20,
    21–end, a day or part of one by hours, anything else by whole days."""
    end = span.natural_end or span.end
    days = (end - span.start).days
    if days >= 365:
        bounds = [span.start + relativedelta(months=4 * k) for k in range(3)] + [end]
    elif end - span.start <= timedelta(days=1):
        part = (end - span.start) / 3
        bounds = [span.start + k * part for k in range(3)] + [end]
    else:
        cuts = [0, 10, 20, days] if 28 <= days <= 31 else [0, round(days / 3), round(2 * days / 3), days]
        bounds = [span.start + timedelta(days=c) for c in cuts]
    return Span(bounds[third], bounds[third + 1], label)


def day_text(moment: datetime, with_month: bool = True, with_year: bool = True) -> str:
    """A day in plain words: ``Tue 3 Mar 2025`` (the day of the month without a padding zero, on
    every platform: strftime's ``%-d`` is not portable)."""
    text = f"{moment:%a} {moment.day}"
    if with_month:
        text += f" {moment:%b}"
    if with_year:
        text += f" {moment.year}"
    return text


def format_range(start: datetime, end: datetime, now: datetime) -> str:
    """Plain words for a range: ``Mon 9 – Sun 15 Mar`` or ``Tue 3 Mar 2025``."""
    last = end - timedelta(microseconds=1)
    if start <= EARLIEST:
        return f"until {day_text(last, True, last.year != now.year)}"
    show_year = start.year != now.year or last.year != now.year
    if start.date() == last.date():
        text = day_text(start, True, show_year)
        if (end - start) < timedelta(days=1) and (start.hour or end.hour):
            text += f" {start:%H:%M}–{end:%H:%M}"
        return text
    same_month = (start.year, start.month) == (last.year, last.month)
    return (
        f"{day_text(start, not same_month, show_year and start.year != last.year)} – {day_text(last, True, show_year)}"
    )
