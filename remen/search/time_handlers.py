"""What each time phrase the grammar matches means: one handler per pattern, from a match and
the clock to a Span (or None when the words only look like a date). Pure."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta

from dateutil.relativedelta import relativedelta

from remen.core.constants import RECENTLY_DAYS
from remen.core.text import alternation
from remen.search.calendar import (
    FLOATING_HOLIDAYS,
    HOLIDAYS,
    MONTHS,
    NUMBER_WORDS,
    ORDINAL_WORDS,
    SEASONS,
    WEEKDAY_NAMES,
    WEEKDAY_SHORT,
    WEEKDAY_SHORT_WORDS,
    WEEKDAYS,
    Span,
    calendar_unit,
    coming_weekday,
    day_number,
    day_start,
    holiday_start,
    month_span,
    number,
    recent_day,
    recent_month,
    recent_season_year,
    recent_weekday,
    safe_date,
    season_span,
    two_digit_year,
    unit_delta,
    week_of,
    weekend_of,
    whole_day,
)

MAX_PHRASE_WORDS = 7
# "my most recent commit" describes the commit, not when the note was written.
VETO_BEFORE = {"recent": {"most", "more", "least"}, "recently": {"most", "more", "least"}}
# "this coming friday" is next friday, "this past friday" last friday.
WHICH_DAY = r"last|this|next|this coming|coming|this past|past"
PUNCTUATION = ",.;:!?)(\"'"

MONTH_RE = "(?P<month>" + alternation(MONTHS) + ")"
WEEKDAY_RE = "(?P<weekday>" + "|".join(WEEKDAYS) + ")"
SEASON_RE = "(?P<season>" + "|".join(SEASONS) + ")"
PART_RE = r"(?:\s+(?:in\s+the\s+)?(?P<part>morning|afternoon|evening|night))?"
DAYNUM_RE = r"(?P<day>[0-3]?\d(?:st|nd|rd|th)?|" + alternation(ORDINAL_WORDS) + ")"
SHORT_WEEKDAY_RE = "(?P<weekday>" + alternation(WEEKDAY_SHORT) + r")\.?"
PLAIN_SHORT_WEEKDAY_RE = "(?P<weekday>" + alternation(set(WEEKDAY_SHORT) - WEEKDAY_SHORT_WORDS) + r")\.?"
QUARTER_WORDS = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3, "4th": 4, "fourth": 4}
QUARTER_WORD_RE = "(?P<qword>" + "|".join(QUARTER_WORDS) + ")"
YEAR_RE = r"(?P<year>(?:19|20)\d\d)"
NUMBER_RE = r"(?P<n>\d{1,3}|" + alternation(NUMBER_WORDS) + ")"
UNIT_RE = r"(?P<unit>minute|hour|day|week|fortnight|month|year)s?"
CUE_PREP_RE = r"(?:in|on|during|from|over|at|of|for|around)\s+(?:the\s+)?"
# Words that make the weekday next to them a time ("notes from friday morning"), not a name.
CUE_WORDS = frozenset(
    {"in", "on", "during", "from", "over", "at", "of", "for", "around", "since", "after", "before", "until", "till"}
    | {"last", "this", "next", "past", "every", "and", "or", "to", "the", "by", "morning", "afternoon", "evening"}
    | {"night", "written", "wrote", "noted", "saved"}
)

Handler = Callable[[re.Match[str], datetime], Span | None]


# --- handlers: each turns a full match into a Span (or None when the words only look like a date) ---


def h_today(m: re.Match[str], now: datetime) -> Span:
    word = m.group("word")
    offset = {"today": 0, "tonight": 0, "yesterday": -1, "tomorrow": 1}[word]
    part = m.group("part") or ("evening" if word == "tonight" else None)
    return whole_day(now + timedelta(days=offset), m.group(0), part)


def h_day_before_yesterday(m: re.Match[str], now: datetime) -> Span:
    return whole_day(now - timedelta(days=2), m.group(0))


def h_last_night(m: re.Match[str], now: datetime) -> Span:
    today = day_start(now)
    return Span(today - timedelta(hours=6), today + timedelta(hours=6), "last night")


def h_this_part(m: re.Match[str], now: datetime) -> Span:
    return whole_day(now, m.group(0), m.group("part"))


def h_ago(m: re.Match[str], now: datetime) -> Span:
    n, unit = number(m.group("n")), m.group("unit")
    if unit in ("minute", "hour"):
        return Span(now - unit_delta(unit, n + 1), now, m.group(0))
    return calendar_unit(now - unit_delta(unit, n), unit, m.group(0))


def h_from_now(m: re.Match[str], now: datetime) -> Span:
    n, unit = number(m.group("n")), m.group("unit")
    if unit in ("minute", "hour"):
        return Span(now, now + unit_delta(unit, n + 1), m.group(0))
    return calendar_unit(now + unit_delta(unit, n), unit, m.group(0))


def h_rolling(m: re.Match[str], now: datetime) -> Span:
    n = number(m.group("n")) if m.group("n") else 1
    return Span(now - unit_delta(m.group("unit"), n), now, m.group(0))


def h_next_n(m: re.Match[str], now: datetime) -> Span:
    return Span(now, now + unit_delta(m.group("unit"), number(m.group("n"))), m.group(0))


HOLIDAY_NAMES = sorted((*HOLIDAYS, *FLOATING_HOLIDAYS), key=len, reverse=True)
HOLIDAY_RE = "(?P<holiday>" + "|".join(re.escape(h) for h in HOLIDAY_NAMES) + ")"


def h_holiday(m: re.Match[str], now: datetime) -> Span:
    name = m.group("holiday")
    which = m.groupdict().get("which") or ""
    if m.groupdict().get("year"):
        start, length = holiday_start(name, int(m.group("year")))
    else:
        start, length = holiday_start(name, now.year)
        # The most recent one that has begun ("last christmas": that has ended).
        ended = start + timedelta(days=length) <= now
        if start > now or (which == "last" and not ended):
            start, length = holiday_start(name, now.year - 1)
    return Span(start, start + timedelta(days=length), m.group(0))


def h_same_time_last_year(m: re.Match[str], now: datetime) -> Span:
    centre = day_start(now) - relativedelta(years=1)
    if m.group(0).endswith("today"):
        return whole_day(centre, m.group(0))
    return Span(centre - timedelta(days=7), centre + timedelta(days=8), m.group(0))


def h_recently(m: re.Match[str], now: datetime) -> Span:
    return Span(now - timedelta(days=RECENTLY_DAYS), now, m.group(0))


def h_other_day(m: re.Match[str], now: datetime) -> Span:
    return Span(day_start(now) - timedelta(days=7), day_start(now), m.group(0))


def h_relative_period(m: re.Match[str], now: datetime) -> Span:
    return relative_period(m.group("which"), m.group("period"), m.group(0), m.groupdict().get("when"), now)


def relative_period(which: str, period: str, label: str, when: str | None, now: datetime) -> Span:
    """The week, month, quarter or year ``which`` (this, last, next …) names; this one runs until
    now (from now, told ``when`` "later")."""
    step = {"this": 0, "current": 0, "last": -1, "previous": -1, "past": -1, "next": 1}.get(which, 1)
    if period == "week":
        span = week_of(now + timedelta(weeks=step), label)
    elif period == "month":
        moment = now + relativedelta(months=step)
        span = month_span(moment.year, moment.month, label)
    elif period == "quarter":
        first = datetime(now.year, 3 * ((now.month - 1) // 3) + 1, 1) + relativedelta(months=3 * step)
        span = Span(first, first + relativedelta(months=3), label)
    else:
        span = Span(datetime(now.year + step, 1, 1), datetime(now.year + step + 1, 1, 1), label)
    if step == 0 and when == "later":
        return Span(min(now, span.end), span.end, span.label)  # "later this month": from now on
    if step == 0:
        return Span(span.start, max(now, span.start + timedelta(minutes=1)), span.label, span.end)
    return span


def h_so_far(m: re.Match[str], now: datetime) -> Span:
    """This week, month, quarter or year until now: "so far this year", "month to date", "YTD"
    (the year's, the only such shorthand common enough to read: "MTD" is also a tax scheme)."""
    period = m.group("period") or m.group("period2") or m.group("period3") or "year"
    return relative_period("this", period, m.group(0), None, now)


def h_weekend(m: re.Match[str], now: datetime) -> Span:
    return weekend_of(m.group("which") or "", now, m.group(0))


def h_weekend_before_last(m: re.Match[str], now: datetime) -> Span:
    return weekend_of("last", now, m.group(0), weeks=-1)


def h_weekday(m: re.Match[str], now: datetime) -> Span:
    name = m.group("weekday")
    weekday = WEEKDAY_NAMES[name]
    which = {"coming": "next", "this coming": "next", "past": "last", "this past": "last"}.get(
        m.group("which") or "", m.group("which") or ""
    )
    if which == "next":
        day = coming_weekday(now, weekday)
    elif which == "this":
        day = day_start(now) + timedelta(days=weekday - now.weekday())
    else:
        day = recent_weekday(now, weekday)
    return whole_day(day, m.group(0), m.groupdict().get("part"))


def h_month_day(m: re.Match[str], now: datetime) -> Span | None:
    month, day = MONTHS[m.group("month")], day_number(m.group("day"))
    found = safe_date(int(m.group("year")), month, day) if m.group("year") else recent_day(now, month, day)
    return whole_day(found, m.group(0)) if found else None


def h_iso_date(m: re.Match[str], now: datetime) -> Span | None:
    found = safe_date(int(m.group("year")), int(m.group("mm")), int(m.group("dd")))
    return whole_day(found, m.group(0)) if found else None


def h_iso_month(m: re.Match[str], now: datetime) -> Span | None:
    month = int(m.group("mm"))
    return month_span(int(m.group("year")), month, m.group(0)) if 1 <= month <= 12 else None


def h_month(m: re.Match[str], now: datetime) -> Span:
    month = MONTHS[m.group("month")]
    which = m.groupdict().get("which") or ""
    if m.groupdict().get("year"):
        year = int(m.group("year"))
    elif which in ("last", "previous"):
        year = recent_month(now, month, strictly_before=True)
    elif which == "this":
        year = now.year
    elif which == "next":
        year = now.year if month > now.month else now.year + 1
    else:
        year = recent_month(now, month)
    return month_span(year, month, m.group(0))


def h_day_of_month(m: re.Match[str], now: datetime) -> Span | None:
    day = int(m.group("day"))
    found = safe_date(now.year, now.month, day) if day <= now.day else None
    if found is None:
        previous = now - relativedelta(months=1)
        found = safe_date(previous.year, previous.month, day)
    return whole_day(found, m.group(0)) if found else None


def h_season(m: re.Match[str], now: datetime) -> Span:
    season = "autumn" if m.group("season") == "fall" else m.group("season")
    which = m.groupdict().get("which") or ""
    if m.groupdict().get("year"):
        year = int(m.group("year")) - (1 if season == "winter" else 0)
    elif which in ("last", "previous"):
        year = recent_season_year(now, season, completed=True)
    elif which == "this":
        year = recent_season_year(now, season, completed=False)
        if season_span(year, season, "").end <= now:
            # Not in it now: the one of this calendar year (a winter's Jan–Feb count as its year).
            year = now.year - 1 if season == "winter" and now.month < 6 else now.year
    elif which == "next":
        year = recent_season_year(now, season, completed=False) + 1
    else:
        year = recent_season_year(now, season, completed=False)
    return season_span(year, season, m.group(0))


def h_quarter(m: re.Match[str], now: datetime) -> Span:
    quarter = int(m.group("q")) if m.groupdict().get("q") else QUARTER_WORDS[m.group("qword")]
    if m.group("year"):
        year = int(m.group("year"))
    else:
        year = now.year if datetime(now.year, 3 * quarter - 2, 1) <= now else now.year - 1
    start = datetime(year, 3 * quarter - 2, 1)
    return Span(start, start + relativedelta(months=3), m.group(0))


def h_decade(m: re.Match[str], now: datetime) -> Span:
    digits = m.group("decade")
    start = int(digits) * 10 if len(digits) == 3 else two_digit_year(int(digits) * 10, now)
    return Span(datetime(start, 1, 1), datetime(start + 10, 1, 1), m.group(0))


def h_year(m: re.Match[str], now: datetime) -> Span:
    year = int(m.group("year"))
    return Span(datetime(year, 1, 1), datetime(year + 1, 1, 1), m.group(0))
