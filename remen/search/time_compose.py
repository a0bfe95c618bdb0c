"""Time phrases built from smaller ones, each rule reading its anchor with the whole grammar (the
parser is passed in, so pieces compose): a day picked inside a period ("monday of last week", "the
first monday of last month", "last day of october", "20th of the previous month"), a day counted
from another ("friday after next", "the day after tomorrow", "3 fridays from now", "saturday week"),
and a weekday in front of a date ("Fri, Jul 18, 2014"). Pure: the clock is passed in."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta

from dateutil.relativedelta import relativedelta

from remen.core.text import alternation
from remen.search.calendar import (
    NUMBER_WORDS,
    ORDINAL_WORDS,
    WEEKDAY_NAMES,
    WEEKDAYS,
    Span,
    coming_weekday,
    day_number,
    day_start,
    number,
    recent_weekday,
    week_of,
    weekend_of,
    whole_day,
)

# A phrase to a span, read as if cued ("october" alone counts): the anchor of a rule.
Parse = Callable[[str], Span | None]

WEEKDAY = "(?P<weekday>" + "|".join(WEEKDAYS) + ")"
ANY_WEEKDAY = "(?P<weekday>" + alternation(WEEKDAY_NAMES) + r")\.?"
NTH = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5}
NTH |= {"5th": 5, "last": -1}
NTH_RE = "(?P<nth>" + alternation(NTH) + ")"
DAY_NUMBER_RE = r"(?P<day>[0-3]?\d(?:st|nd|rd|th)?|" + alternation(ORDINAL_WORDS) + ")"
COUNT_RE = r"(?P<n>\d{1,2}|" + alternation(NUMBER_WORDS) + ")"

PICK_NTH_WEEKDAY = re.compile(rf"(?:the\s+)?{NTH_RE}\s+{WEEKDAY}\s+(?:of|in)\s+(?P<anchor>.+)")
PICK_NTH_PART = re.compile(rf"(?:the\s+)?{NTH_RE}\s+(?P<unit>day|week|weekend)\s+(?:of|in)\s+(?P<anchor>.+)")
PICK_DAY = re.compile(rf"(?:the\s+)?{DAY_NUMBER_RE}\s+of\s+(?P<anchor>.+)")
PICK_WEEKDAY = re.compile(rf"(?:the\s+)?{WEEKDAY}\s+(?:of\s+|in\s+)?(?P<anchor>.+)")
AFTER_NEXT = re.compile(rf"(?:the\s+)?(?:{WEEKDAY}|(?P<unit>week|weekend))\s+after\s+next")
# British and Irish English: "Saturday week" and "a week on Saturday" are a week after the coming
# Saturday, "Tuesday fortnight" two.
WEEK_AFTER = re.compile(rf"{WEEKDAY}\s+(?P<gap>week|fortnight)")
WEEK_ON = re.compile(rf"a\s+(?P<gap>week|fortnight)\s+on\s+{WEEKDAY}")
GAP_WEEKS = {"week": 1, "fortnight": 2}
DAY_AFTER_TOMORROW = re.compile(r"(?:the\s+)?day\s+after\s+tomorrow")
FOLLOWING = re.compile(rf"the\s+following\s+(?:{WEEKDAY}|(?P<unit>day|week|month|year|weekend))")
SHIFTED = re.compile(rf"{COUNT_RE}\s+(?P<unit>day|week|month|year)s?\s+(?:from|after)\s+(?P<anchor>.+)")
COUNTED = re.compile(rf"{COUNT_RE}\s+{WEEKDAY}s\s+(?P<way>from\s+now|from\s+today|ago|back)")
WEEKENDS_COUNTED = re.compile(rf"{COUNT_RE}\s+weekends\s+(?P<way>from\s+now|from\s+today|ago|back)")
# Half a period: "the first half of 2025", "second half of last year", "the back half of the
# month"; and the business shorthand with its year: "H1 2026", "h2 of last year".
HALF = re.compile(r"(?:the\s+)?(?P<half>first|1st|second|2nd|latter|back)\s+half\s+of\s+(?P<anchor>.+)")
HALF_CODE = re.compile(r"h(?P<half>[12])\s+(?:of\s+)?(?P<anchor>(?:19|20)\d{2}|(?:this|last|next)\s+year)")
FIRST_HALF = frozenset(("first", "1st", "1"))
# The period before the last one ("the month before last", "the night before last", "the summer
# before last"), and seasons counted back ("two summers ago"): the last one, moved back.
BEFORE_LAST = re.compile(
    r"(?:the\s+)?(?P<unit>night|month|quarter|year|spring|summer|autumn|fall|winter)\s+before\s+last"
)
SEASONS_AGO = re.compile(rf"{COUNT_RE}\s+(?P<unit>spring|summer|autumn|fall|winter)s\s+(?:ago|back)")
UNIT_STEPS = {"night": relativedelta(days=1), "month": relativedelta(months=1), "quarter": relativedelta(months=3)}
# "the week of the 10th", "week of march 3": the Monday-to-Sunday week around that day.
WEEK_OF = re.compile(r"(?:the\s+)?week\s+of\s+(?P<anchor>.+)")
WEEKDAY_FIRST = re.compile(rf"{ANY_WEEKDAY},?\s+(?P<rest>.+)")
COMPOSE_PATTERNS = [
    r.pattern
    for r in (PICK_NTH_WEEKDAY, PICK_NTH_PART, PICK_DAY, PICK_WEEKDAY, AFTER_NEXT, DAY_AFTER_TOMORROW, FOLLOWING)
] + [WEEK_AFTER.pattern, WEEK_ON.pattern, COUNTED.pattern, SHIFTED.pattern, WEEKDAY_FIRST.pattern]
COMPOSE_PATTERNS += [WEEKENDS_COUNTED.pattern, HALF.pattern, HALF_CODE.pattern, WEEK_OF.pattern]
COMPOSE_PATTERNS += [BEFORE_LAST.pattern, SEASONS_AGO.pattern]
# A day of the month alone after a weekday ("Mon 12th", "Friday the 9th"), and how many months
# either side of now are searched for a month where that day is that weekday.
BARE_DAY = re.compile(r"(?:the\s+)?[0-3]?\d(?:st|nd|rd|th)")
WEEKDAY_MONTHS = 6
# A date with its weekday and month but no year ("Sat 14th March") is looked for this many years
# either side of the one the grammar read, for the year it falls on that weekday.
WEEKDAY_YEARS = 1
YEAR_WRITTEN = re.compile(r"\b\d{4}\b|'\d{2}\b")
# "the month" inside a phrase is this one: "end of the month", "20th of the month".
BARE_PERIOD = re.compile(r"(?:the\s+)?(?P<period>week|month|year|quarter)")


def anchor_of(text: str, parse: Parse) -> Span | None:
    """The period a rule picks inside: any phrase of the grammar, "the month" meaning this one."""
    bare = BARE_PERIOD.fullmatch(text)
    return parse(f"this {bare.group('period')}" if bare else text)


def whole(span: Span) -> tuple[datetime, datetime]:
    """A period's start and its natural end ("this month" runs to now, but picks in all of it)."""
    return span.start, span.natural_end or span.end


def nth_weekday_in(span: Span, weekday: int, nth: int, label: str) -> Span | None:
    """The ``nth`` ``weekday`` inside a period (-1: the last one)."""
    start, end = whole(span)
    if nth < 0:
        last = day_start(end - timedelta(days=1))
        day = last - timedelta(days=(last.weekday() - weekday) % 7)
    else:
        day = start + timedelta(days=(weekday - start.weekday()) % 7 + 7 * (nth - 1))
    return whole_day(day, label) if start <= day < end else None


def nth_part_in(span: Span, unit: str, nth: int, label: str) -> Span | None:
    """The first or last day, week (seven days) or weekend of a period."""
    start, end = whole(span)
    if unit == "weekend":
        saturday = nth_weekday_in(span, 5, nth, label)
        return Span(saturday.start, saturday.start + timedelta(days=2), label) if saturday else None
    length = timedelta(days=1 if unit == "day" else 7)
    if end - start < length or abs(nth) != 1:
        return None
    first = start if nth == 1 else end - length
    return Span(first, first + length, label)


def pick_in(phrase: str, parse: Parse) -> Span | None:
    """A day picked inside a period: "first monday of last month", "last day of october", "the
    20th of the previous month", "monday of last week" (also "monday last week")."""
    match = PICK_NTH_WEEKDAY.fullmatch(phrase)
    if match:
        anchor = anchor_of(match.group("anchor"), parse)
        if anchor is not None and anchor.end - anchor.start > timedelta(days=7):
            return nth_weekday_in(anchor, WEEKDAYS[match.group("weekday")], NTH[match.group("nth")], phrase)
    match = PICK_NTH_PART.fullmatch(phrase)
    if match:
        anchor = anchor_of(match.group("anchor"), parse)
        if anchor is not None and anchor.end - anchor.start > timedelta(days=1):
            return nth_part_in(anchor, match.group("unit"), NTH[match.group("nth")], phrase)
    match = PICK_DAY.fullmatch(phrase)
    if match:
        anchor = anchor_of(match.group("anchor"), parse)
        if anchor is not None and timedelta(days=27) < whole(anchor)[1] - anchor.start < timedelta(days=32):
            day = anchor.start + timedelta(days=day_number(match.group("day")) - 1)
            return whole_day(day, phrase) if day < whole(anchor)[1] else None
    match = PICK_WEEKDAY.fullmatch(phrase)
    if match:
        anchor = anchor_of(match.group("anchor"), parse)
        if anchor is not None and whole(anchor)[1] - anchor.start == timedelta(days=7):
            return whole_day(anchor.start + timedelta(days=WEEKDAYS[match.group("weekday")]), phrase)
    return None


def counted(phrase: str, now: datetime) -> Span | None:
    """A day counted from today: "the day after tomorrow", "friday after next", "the week after
    next", "the following week", "3 fridays from now", "2 mondays ago", "saturday week"."""
    if DAY_AFTER_TOMORROW.fullmatch(phrase):
        return whole_day(now + timedelta(days=2), phrase)
    match = WEEK_AFTER.fullmatch(phrase) or WEEK_ON.fullmatch(phrase)
    if match:
        coming = coming_weekday(now, WEEKDAYS[match.group("weekday")])
        return whole_day(coming + timedelta(weeks=GAP_WEEKS[match.group("gap")]), phrase)
    match = AFTER_NEXT.fullmatch(phrase) or FOLLOWING.fullmatch(phrase)
    if match:
        unit, weekday = match.group("unit"), match.group("weekday")
        step = 2 if match.re is AFTER_NEXT else 1
        if weekday:
            return whole_day(coming_weekday(now, WEEKDAYS[weekday]) + timedelta(weeks=step - 1), phrase)
        if unit == "day":
            return whole_day(now + timedelta(days=step), phrase)
        if unit == "week":
            return week_of(now + timedelta(weeks=step), phrase)
        if unit == "weekend":
            return weekend_of("next", now, phrase, weeks=step - 1)
        first = now + (relativedelta(months=step) if unit == "month" else relativedelta(years=step))
        if unit == "month":
            start = datetime(first.year, first.month, 1)
            return Span(start, start + relativedelta(months=1), phrase)
        return Span(datetime(first.year, 1, 1), datetime(first.year + 1, 1, 1), phrase)
    match = COUNTED.fullmatch(phrase)
    if match:
        n, weekday = number(match.group("n")), WEEKDAYS[match.group("weekday")]
        if match.group("way").startswith("from"):
            return whole_day(coming_weekday(now, weekday) + timedelta(weeks=n - 1), phrase)
        return whole_day(recent_weekday(now, weekday) - timedelta(weeks=n - 1), phrase)
    match = WEEKENDS_COUNTED.fullmatch(phrase)
    if match:
        n = number(match.group("n"))
        if match.group("way").startswith("from"):
            return weekend_of("next", now, phrase, weeks=n - 1)
        # Counted back from last weekend: on a Saturday or Sunday, the one before this one.
        return weekend_of("last", now, phrase, weeks=1 - n)
    return None


def halved(phrase: str, parse: Parse) -> Span | None:
    """Half of a period: a year's by six months, anything else by whole days ("the second half of
    march" from the 16th)."""
    match = HALF.fullmatch(phrase) or HALF_CODE.fullmatch(phrase)
    if match is None:
        return None
    anchor = anchor_of(match.group("anchor"), parse)
    if anchor is None:
        return None
    start, end = whole(anchor)
    if end - start < timedelta(days=2):
        return None
    middle = start + relativedelta(months=6) if (end - start).days >= 365 else day_start(start + (end - start) / 2)
    return Span(start, middle, phrase) if match.group("half") in FIRST_HALF else Span(middle, end, phrase)


def moved_back(phrase: str, parse: Parse) -> Span | None:
    """The last period of a kind moved back: "the month before last" is the month before last
    month, "two summers ago" the summer a year before last summer."""
    match = BEFORE_LAST.fullmatch(phrase)
    steps = 1
    if match is None:
        match = SEASONS_AGO.fullmatch(phrase)
        if match is None:
            return None
        steps = number(match.group("n")) - 1
    unit = match.group("unit")
    last = parse(f"last {unit}")
    if last is None:
        return None
    back = UNIT_STEPS.get(unit, relativedelta(years=1)) * steps
    return Span(last.start - back, last.end - back, phrase)


def week_around(phrase: str, parse: Parse) -> Span | None:
    """The week of a day: "the week of the 10th" is the Monday-to-Sunday week holding it."""
    match = WEEK_OF.fullmatch(phrase)
    if match is None:
        return None
    day = parse(match.group("anchor"))
    if day is None or day.end - day.start != timedelta(days=1):
        return None
    return week_of(day.start, phrase)


def shifted(phrase: str, parse: Parse) -> Span | None:
    """A day some days, weeks, months or years from another: "a week from friday", "two weeks
    from tomorrow" (from now: the grammar's own "N days from now")."""
    match = SHIFTED.fullmatch(phrase)
    if match is None:
        return None
    anchor = parse(match.group("anchor"))
    if anchor is None:
        return None
    n, unit = number(match.group("n")), match.group("unit")
    step = relativedelta(days=n) if unit == "day" else relativedelta(weeks=n) if unit == "week" else None
    step = step or (relativedelta(months=n) if unit == "month" else relativedelta(years=n))
    return Span(anchor.start + step, anchor.end + step, phrase)


def weekday_first(phrase: str, now: datetime, parse: Parse) -> Span | None:
    """A date with its weekday in front ("Monday, Feb 18", "Fri, Jul 18, 2014"): the date. A day of
    the month alone ("Mon 12th") is the one nearest ``now`` that falls on that weekday; a day and
    month without a year ("Sat 14th March") falls in the year nearest ``now`` where it is that
    weekday, when one is near (else the weekday is taken for a slip)."""
    match = WEEKDAY_FIRST.fullmatch(phrase)
    if match is None:
        return None
    day = parse(match.group("rest"))
    if day is None or day.end - day.start != timedelta(days=1) or not any(ch.isdigit() for ch in match.group("rest")):
        return None
    name = match.group("weekday")
    weekday = WEEKDAY_NAMES[name]
    if BARE_DAY.fullmatch(match.group("rest")):
        months = (day.start + relativedelta(months=k) for k in range(-WEEKDAY_MONTHS, WEEKDAY_MONTHS + 1))
        fitting = [d for d in months if d.day == day.start.day and d.weekday() == weekday]
        if not fitting:
            return None
        nearest = min(fitting, key=lambda d: abs(d - now))
        return whole_day(nearest, phrase)
    if day.start.weekday() != weekday and not YEAR_WRITTEN.search(match.group("rest")):
        years = (day.start + relativedelta(years=k) for k in range(-WEEKDAY_YEARS, WEEKDAY_YEARS + 1))
        fitting = [d for d in years if d.weekday() == weekday]
        if fitting:
            return whole_day(min(fitting, key=lambda d: abs(d - now)), phrase)
    return Span(day.start, day.end, phrase)


def composed(phrase: str, now: datetime, parse: Parse) -> Span | None:
    """The phrase read by one of the composing rules, or None."""
    return (
        counted(phrase, now)
        or pick_in(phrase, parse)
        or shifted(phrase, parse)
        or weekday_first(phrase, now, parse)
        or halved(phrase, parse)
        or week_around(phrase, parse)
        or moved_back(phrase, parse)
    )
