"""Find the time phrase in a query and turn it into a local-time range. Pure: the clock is passed in.

Conventions (see README, "Time in queries"):
- Ranges are half-open [start, end) in local time. Weeks start on Monday.
- "this week/month/year/quarter" run from their start to now; "last week" is the previous Monday to
  Sunday; "past/last N days" roll back from now; "N days ago" is that whole calendar day.
- "last friday"/"on friday" is the most recent Friday before today; "next friday" the first after today.
- A bare month, season, quarter or year counts only with a cue (in, during, since, last, this, a day
  number, a year) or when it is the whole query: "march madness" and "spring boot" are not times.
- Seasons are northern-hemisphere: winter Dec–Feb (winter 2025 = Dec 2024 – Feb 2025), spring
  Mar–May, summer Jun–Aug, autumn/fall Sep–Nov. "last summer" is the most recent completed one.
- Holidays are the day itself: "christmas" is 25 Dec, "before christmas" ends as it begins.
- Numeric dates: ISO (2025-12-24), day.month. (24.12., 24.12.2025) and slashed (12/24, 24/12/2025);
  when both numbers could be the month ("3/2") the date order setting decides. Without a year
  they need a cue ("on 3/2") or the whole query: "1/2 cup" is an amount, not a date.
- A bare weekday between two words ("black friday deals", "monday blues playlist") names a
  thing, not a day; the search engine also keeps "black friday" as words when the notes say it.
- Parts of day: morning 06–12, afternoon 12–18, evening/night 18–24; "last night" is yesterday
  18:00 to today 06:00. "recently" is the past RECENTLY_DAYS days.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from functools import lru_cache

from remen.core.constants import MAX_TIME_PARSE_CHARS
from remen.core.models import DateOrder, TimeRange
from remen.core.text import alternation
from remen.search.calendar import (
    EARLIEST,
    MONTHS,
    ORDINAL_WORDS,
    SEASONS,
    WEEKDAY_NAMES,
    Span,
    day_number,
    day_start,
    format_range,
    month_span,
    recent_day,
    safe_date,
    shift_forward,
    third_of,
    two_digit_year,
    week_of,
    whole_day,
)
from remen.search.time_compose import COMPOSE_PATTERNS, anchor_of, composed
from remen.search.time_handlers import (
    CUE_PREP_RE,
    CUE_WORDS,
    DAYNUM_RE,
    HOLIDAY_RE,
    MAX_PHRASE_WORDS,
    MONTH_RE,
    NUMBER_RE,
    PART_RE,
    PLAIN_SHORT_WEEKDAY_RE,
    PUNCTUATION,
    QUARTER_WORD_RE,
    SEASON_RE,
    SHORT_WEEKDAY_RE,
    UNIT_RE,
    VETO_BEFORE,
    WEEKDAY_RE,
    WHICH_DAY,
    YEAR_RE,
    Handler,
    h_ago,
    h_day_before_yesterday,
    h_day_of_month,
    h_decade,
    h_from_now,
    h_holiday,
    h_iso_date,
    h_iso_month,
    h_last_night,
    h_month,
    h_month_day,
    h_next_n,
    h_other_day,
    h_quarter,
    h_recently,
    h_relative_period,
    h_rolling,
    h_same_time_last_year,
    h_season,
    h_so_far,
    h_this_part,
    h_today,
    h_weekday,
    h_weekend,
    h_weekend_before_last,
    h_year,
)


def pattern(regex: str) -> re.Pattern[str]:
    """Compile a full-phrase pattern."""
    return re.compile(regex)


# (pattern, handler, needs a cue). Patterns that need a cue match alone only as the whole query,
# or inside since/before/between phrases, or after a preposition.
POINTS: list[tuple[re.Pattern[str], Handler, bool]] = [
    (pattern(r"(?:the\s+)?day\s+before\s+yesterday"), h_day_before_yesterday, False),
    (pattern(r"(?P<word>today|tonight|yesterday|tomorrow)" + PART_RE), h_today, False),
    (pattern(r"last\s+night"), h_last_night, False),
    (pattern(r"this\s+(?P<part>morning|afternoon|evening)"), h_this_part, False),
    (pattern(r"(?:earlier|later)\s+today"), lambda m, now: whole_day(now, m.group(0)), False),
    (pattern(NUMBER_RE + r"\s+" + UNIT_RE + r"\s+(?:ago|back|earlier)"), h_ago, False),
    (pattern(NUMBER_RE + r"\s+" + UNIT_RE + r"\s+(?:from\s+now|from\s+today|later|ahead)"), h_from_now, False),
    # Days and longer only: "in a minute" is an idiom, not a time to search.
    (pattern(r"in\s+" + NUMBER_RE + r"\s+(?P<unit>day|week|fortnight|month|year)s?(?:\s+time)?"), h_from_now, False),
    (
        pattern(r"(?:(?:around|about)\s+)?this\s+time\s+last\s+year|a\s+year\s+ago\s+today"),
        h_same_time_last_year,
        False,
    ),
    (pattern(HOLIDAY_RE), h_holiday, True),
    (pattern(r"(?P<which>last|this)\s+" + HOLIDAY_RE), h_holiday, False),
    (pattern(HOLIDAY_RE + r",?\s+" + YEAR_RE), h_holiday, False),
    (
        pattern(
            r"(?:(?:in|over|during|within)\s+)?(?:the\s+)?(?:past|last|previous)\s+" + NUMBER_RE + r"\s+" + UNIT_RE
        ),
        h_rolling,
        False,
    ),
    (
        pattern(
            r"(?:(?:in|over|during|within)\s+)?the\s+(?:past|last)\s+(?P<unit>minute|hour|day|week|fortnight|month|year)(?P<n>)"
        ),
        h_rolling,
        False,
    ),
    (pattern(r"past\s+(?P<unit>minute|hour|day|week|fortnight|month|year)(?P<n>)"), h_rolling, False),
    (pattern(r"last\s+(?P<unit>fortnight)(?P<n>)"), h_rolling, False),
    (pattern(r"(?:in\s+the\s+)?next\s+" + NUMBER_RE + r"\s+" + UNIT_RE), h_next_n, False),
    (pattern(r"recent(?:ly)?|lately|of\s+late"), h_recently, False),
    (pattern(r"the\s+other\s+day"), h_other_day, False),
    (
        pattern(
            r"(?:(?P<when>earlier|later)\s+)?(?:the\s+)?(?P<which>this|current|last|previous|next|this coming|coming)"
            r"\s+(?P<period>week|month|quarter|year)"
        ),
        h_relative_period,
        False,
    ),
    # "so far this year", "this month so far", "year to date": this period until now.
    (
        pattern(
            r"(?:so\s+far\s+)?(?P<which>this)\s+(?P<period>week|month|quarter|year)\s+so\s+far"
            r"|so\s+far\s+(?P<which2>this)\s+(?P<period2>week|month|quarter|year)"
            r"|(?P<period3>week|month|quarter|year)[\s-]+to[\s-]+date|(?P<ytd>ytd)"
        ),
        h_so_far,
        False,
    ),
    (pattern(r"(?:(?P<which>last|this|next|this past|past)\s+|(?:over\s+|on\s+)?the\s+)weekend"), h_weekend, False),
    (pattern(r"(?:the\s+)?weekend\s+before\s+last"), h_weekend_before_last, False),
    (pattern(r"(?:the\s+)?week\s+before\s+last"), lambda m, now: week_of(now - timedelta(weeks=2), m.group(0)), False),
    (pattern(r"(?:on\s+)?the\s+(?P<day>[0-3]?\d)(?:st|nd|rd|th)"), h_day_of_month, False),
    (pattern(r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)"), h_day_of_month, True),
    (pattern(r"(?:(?P<which>" + WHICH_DAY + r")\s+)?" + WEEKDAY_RE + r"" + PART_RE), h_weekday, False),
    (pattern(r"(?P<which>" + WHICH_DAY + r")\s+" + SHORT_WEEKDAY_RE), h_weekday, False),
    (pattern(r"(?P<which>)" + PLAIN_SHORT_WEEKDAY_RE), h_weekday, False),
    (pattern(r"(?P<which>)" + SHORT_WEEKDAY_RE), h_weekday, True),
    (pattern(MONTH_RE + r"\.?\s+" + DAYNUM_RE + r"(?:,?\s+" + YEAR_RE + r")?"), h_month_day, False),
    (pattern(DAYNUM_RE + r"\s+(?:of\s+)?" + MONTH_RE + r"(?:,?\s+" + YEAR_RE + r")?"), h_month_day, False),
    (pattern(YEAR_RE + r"[-/](?P<mm>\d\d?)[-/](?P<dd>\d\d?)"), h_iso_date, False),
    (pattern(YEAR_RE + r"-(?P<mm>\d\d)"), h_iso_month, False),
    (pattern(r"(?P<which>last|this|next|previous)\s+" + MONTH_RE), h_month, False),
    (pattern(MONTH_RE + r",?\s+(?:of\s+)?" + YEAR_RE), h_month, False),
    (pattern(r"the\s+(?P<decade>\d)0['’]?s"), h_decade, False),
    (pattern(r"(?P<decade>\d)0['’]?s"), h_decade, True),
    (pattern(r"(?:the\s+)?(?P<decade>(?:19|20)\d)0['’]?s"), h_decade, False),
    (pattern(r"(?P<which>last|this|next|previous)\s+" + SEASON_RE), h_season, False),
    (pattern(SEASON_RE + r",?\s+(?:of\s+)?" + YEAR_RE), h_season, False),
    (pattern(r"q(?P<q>[1-4])(?:\s+" + YEAR_RE + r")?"), h_quarter, False),
    (pattern(r"(?:the\s+)?" + QUARTER_WORD_RE + r"\s+quarter(?:\s+(?:of\s+)?" + YEAR_RE + r")?"), h_quarter, False),
    (pattern(MONTH_RE), h_month, True),
    (pattern(SEASON_RE), h_season, True),
    (pattern(YEAR_RE), h_year, True),
]

RANGE_RES = [
    re.compile(r"between\s+(?P<a>.+?)\s+and\s+(?P<b>.+)"),
    re.compile(r"from\s+(?P<a>.+?)\s+(?:to|until|till|through|thru|-)\s+(?P<b>.+)"),
    re.compile(r"(?P<a>.+?)\s+(?:to|until|till|through|thru)\s+(?P<b>.+)"),
    # Days joined by a dash before their month: "8-13 feb", "3rd–5th march 2027".
    re.compile(r"(?P<a>[0-3]?\d(?:st|nd|rd|th)?)\s*[-–]\s*(?P<b>[0-3]?\d(?:st|nd|rd|th)?\s+[a-z].*)"),
]
# Days joined by a dash after their month: "feb 8-13", "march 3–5 2027" (the last day takes the
# month, and the year if one follows).
MONTH_DAYS_RE = re.compile(
    r"(?P<month>[a-z]+\.?)\s+(?P<a>[0-3]?\d(?:st|nd|rd|th)?)\s*[-–]\s*(?P<b>[0-3]?\d(?:st|nd|rd|th)?)(?P<year>,?\s+\d{4})?"
)
EDGE_RE = re.compile(
    r"(?P<edge>early|mid|late|(?:the\s+)?(?:beginning|start|middle|end)\s+of)[\s-]+(?:the\s+)?(?P<rest>.+)"
)
EDGE_THIRD = {"early": 0, "beginning": 0, "start": 0, "mid": 1, "middle": 1, "late": 2, "end": 2}
CLOCK = (
    r"(?:at\s+|around\s+|@\s*)?(?:(?P<h>1[0-2]|0?[1-9])(?:[:.](?P<mm>[0-5]\d))?\s*(?P<ampm>am|pm)"
    r"|(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)|(?P<noon>noon|midday|midnight))"
)
# An hour without am/pm is a clock time only after "at"/"@" behind a day ("friday at 5"), or just
# before a part of day ("8 tonight").
BARE_CLOCK_AFTER = r"(?:at|@)\s*(?P<h>1[0-2]|0?[1-9])(?::(?P<mm>[0-5]\d))?(?P<ampm>)(?P<h24>)?(?P<m24>)?"
BARE_CLOCK_BEFORE = r"(?:at\s+)?(?P<h>1[0-2]|0?[1-9])(?::(?P<mm>[0-5]\d))?(?P<ampm>)(?P<h24>)?(?P<m24>)?"
PARTS_AHEAD = r"(?P<rest>tonight|(?:this|tomorrow|yesterday)\s+(?:morning|afternoon|evening|night))"
CLOCK_RES = [
    re.compile(r"(?P<rest>.+?)\s+" + CLOCK),
    re.compile(CLOCK + r"\s+(?P<rest>.+)"),
    re.compile(r"(?P<rest>.+?)\s*" + BARE_CLOCK_AFTER),
    re.compile(BARE_CLOCK_AFTER + r"\s+(?P<rest>.+)"),
    re.compile(BARE_CLOCK_BEFORE + r"\s+" + PARTS_AHEAD),
]
# A bare day number before a dated day in a range ("13th" in "from 13th to 15th july").
BARE_DAY_RE = re.compile(r"(?:the\s+)?(?P<day>[0-3]?\d(?:st|nd|rd|th)?)")
# Words without which no phrase is a time: its anchors.
TIME_ANCHOR_RE = re.compile(
    r"\d|\b(?:" + alternation({*MONTHS, *WEEKDAY_NAMES, *SEASONS}) + r")s?\b"
    r"|today|tonight|yesterday|tomorrow|morning|afternoon|evening|night|week|month|year|quarter|fortnight"
    r"|day|hour|minute|recent|lately|late\b|xmas|christmas|easter|halloween|valentine|thanksgiving|friday"
    r"|\b(?:yrs?|wks?|qtrs?|hrs?|mins?|mos?|tmrw|tmw|tmr|yday|tonite|noon|midday|midnight|ytd)\b|\d0['’]?s\b"
    r"|\b(?:" + alternation(ORDINAL_WORDS) + r")\b|\bq[1-4]\b"
)
THE_SHORT_DAY_RE = re.compile(r"\bthe\s+" + SHORT_WEEKDAY_RE + r"(?:\s|$)")
PHRASE_CACHE = 4096
WORD_CACHE = 65_536
# What splits a word into the pieces the grammar may know ("mid-january", "year's").
PIECE_BREAK = re.compile(r"[-/'’.,;:!?()\"@]+")
# Short units written in a hurry: "3 wks ago", "in 2 yrs", "last qtr".
SHORT_UNITS = {"yr": "year", "yrs": "years", "wk": "week", "wks": "weeks", "qtr": "quarter", "qtrs": "quarters"}
SHORT_UNITS |= {"hr": "hour", "hrs": "hours", "min": "minute", "mins": "minutes", "mo": "month", "mos": "months"}
SHORT_UNITS |= {"tmrw": "tomorrow", "tmw": "tomorrow", "tmr": "tomorrow", "yday": "yesterday", "tonite": "tonight"}
SHORT_UNIT_RE = re.compile(r"\b(?:" + alternation(SHORT_UNITS) + r")\b")
# Edges are taken of periods at least this long: a part of a day ("late last night") or more.
EDGE_SHORTEST = timedelta(hours=6)
# A note "from 3pm" was probably written a little before or after it.
CLOCK_WINDOW = timedelta(hours=1)
OPEN_RE = re.compile(r"(?P<op>since|after|before|until|till|up\s+to|prior\s+to)\s+(?P<rest>.+)")
PREP_CUE_RE = re.compile(CUE_PREP_RE + r"(?P<rest>.+)")
THE_RE = re.compile(r"the\s+(?P<rest>.+)")


# Day.month. with the closing dot, or with a year: "3.11" alone is a version, not a date.
DOTTED_DATE_RE = re.compile(r"(?P<a>[0-3]?\d)\.(?P<b>[01]?\d)\.(?:(?P<year>\d{4}|\d\d)(?!\d))?")
SLASHED_DATE_RE = re.compile(r"(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?:/(?P<year>\d{4}|\d\d))?")
# A month and a four-digit year: "2/2013", "12/2012".
MONTH_YEAR_RE = re.compile(r"(?P<month>1[0-2]|0?[1-9])/(?P<year>(?:19|20)\d\d)")
# "31-Oct-74", "5-jan-2024".
DASHED_DATE_RE = re.compile(r"(?P<day>[0-3]?\d)-" + MONTH_RE + r"-(?P<year>\d{4}|\d\d)")
# A phrase ending in a dotted date keeps its closing dot ("on 24.12.").
DOTTED_END_RE = re.compile(r"(?<![\d.])[0-3]?\d\.[01]?\d\.$")


def numeric_date(phrase: str, now: datetime, cued: bool, date_order: DateOrder) -> Span | None:
    """A day written in numbers: day.month.(year) always day first; a/b(/year) day first when
    the first number cannot be a month, month first when the second cannot, else as
    ``date_order`` says. Without a year: the most recent such day, and only with a cue. A year
    of two digits is this century's unless that is more than ten years ahead ("10/31/74" is
    1974). Also a month with its year ("2/2013") and "31-Oct-74"."""
    month_year = MONTH_YEAR_RE.fullmatch(phrase)
    if month_year:
        return month_span(int(month_year.group("year")), int(month_year.group("month")), phrase)
    dashed = DASHED_DATE_RE.fullmatch(phrase)
    if dashed:
        year = two_digit_year(int(dashed.group("year")), now)
        found = safe_date(year, MONTHS[dashed.group("month")], int(dashed.group("day")))
        return whole_day(found, phrase) if found else None
    dotted = DOTTED_DATE_RE.fullmatch(phrase)
    match = dotted or SLASHED_DATE_RE.fullmatch(phrase)
    if match is None or not (cued or match.group("year")):
        return None
    a, b = int(match.group("a")), int(match.group("b"))
    day_first = dotted is not None or a > 12 or (b <= 12 and date_order == "dmy")
    day, month = (a, b) if day_first else (b, a)
    if not 1 <= month <= 12:
        return None
    if match.group("year"):
        found = safe_date(two_digit_year(int(match.group("year")), now), month, day)
    else:
        found = recent_day(now, month, day)
    return whole_day(found, phrase) if found else None


def parse_point(phrase: str, now: datetime, cued: bool, date_order: DateOrder) -> Span | None:
    """A single point expression, matched as a whole."""
    if phrase[:1].isdigit():
        found = numeric_date(phrase, now, cued, date_order)
        if found is not None:
            return found
    for regex, handler, needs_cue in POINTS:
        if needs_cue and not cued:
            continue
        match = regex.fullmatch(phrase)
        if match:
            span = handler(match, now)
            if span is not None:
                return span
    return None


def clock_on(day: Span, hour: int, minute: int, said_pm: bool | None, label: str) -> Span:
    """``day`` narrowed to an hour either side of a clock time; an hour without am/pm is read by
    the part of day it follows ("tonight at 8" is 20:00, "this morning @ 10" 10:00), else as a
    waking hour (1-7 pm, 8-11 am)."""
    if said_pm is None:
        said_pm = day.start.hour >= 12 or (day.start.hour < 6 and 1 <= hour <= 7)
    moment = day_start(day.start).replace(hour=hour % 12 + (12 if said_pm else 0), minute=minute)
    return Span(moment - CLOCK_WINDOW, moment + CLOCK_WINDOW, label)


def at_clock(day: Span, match: re.Match[str]) -> Span:
    """``day`` narrowed to an hour either side of the clock time in ``match``."""
    if match.groupdict().get("noon"):
        moment = day_start(day.start) + timedelta(hours=0 if match.group("noon") == "midnight" else 12)
        return Span(moment - CLOCK_WINDOW, moment + CLOCK_WINDOW, match.group(0))
    if match.group("h24"):
        moment = day.start.replace(hour=int(match.group("h24")), minute=int(match.group("m24")))
        return Span(moment - CLOCK_WINDOW, moment + CLOCK_WINDOW, match.group(0))
    said_pm = match.group("ampm") == "pm" if match.group("ampm") else None
    return clock_on(day, int(match.group("h")), int(match.group("mm") or 0), said_pm, match.group(0))


def parse_range(phrase: str, now: datetime, date_order: DateOrder) -> Span | None:
    """ "between A and B", "from A to B", "A to B", "8-13 Feb", "Feb 8-13"; a bare day before a
    dated one takes its month ("from 13th to 15th July")."""
    days = MONTH_DAYS_RE.fullmatch(phrase)
    if days:
        phrase = f"{days.group('a')} to {days.group('month')} {days.group('b')}{days.group('year') or ''}"
    for regex in RANGE_RES:
        match = regex.fullmatch(phrase)
        if not match:
            continue
        last = parse_phrase(match.group("b"), now, True, date_order)
        if last is None:
            continue
        bare = BARE_DAY_RE.fullmatch(match.group("a"))
        if bare and last.end - last.start == timedelta(days=1):
            first_day = safe_date(last.start.year, last.start.month, day_number(bare.group("day")))
            first = whole_day(first_day, match.group("a")) if first_day else None
        else:
            first = parse_phrase(match.group("a"), now, True, date_order)
        if first:
            if last.start < first.start:
                last = shift_forward(last, first)
            return Span(first.start, max(last.end, first.end), phrase)
    return None


@lru_cache(maxsize=PHRASE_CACHE)
def parse_phrase(phrase: str, now: datetime, whole_query: bool, date_order: DateOrder) -> Span | None:
    """A complete time phrase: a clock time on a day, a range, a composed phrase ("monday of last
    week"), an edge of a period, an open range, preposition + point, or a point. Remembered: a
    long query tries the same few words many times."""
    if THE_SHORT_DAY_RE.search(phrase):
        return None  # "in the sun", "the sat nav": a short weekday after "the" is a word
    for regex in CLOCK_RES:
        match = regex.fullmatch(phrase)
        if match:
            day = parse_phrase(match.group("rest"), now, True, date_order)
            if day is not None and day.end - day.start <= timedelta(days=1):
                return at_clock(day, match)
    ranged = parse_range(phrase, now, date_order)
    if ranged is not None:
        return ranged
    found = composed(phrase, now, lambda text: parse_phrase(text, now, True, date_order))
    if found is not None:
        return found
    match = EDGE_RE.fullmatch(phrase)
    if match:
        point = anchor_of(match.group("rest"), lambda text: parse_phrase(text, now, True, date_order))
        if point is not None and ((point.natural_end or point.end) - point.start) >= EDGE_SHORTEST:
            return third_of(
                point, EDGE_THIRD[match.group("edge").split()[-2 if " " in match.group("edge") else 0]], phrase
            )
    match = OPEN_RE.fullmatch(phrase)
    if match:
        point = parse_phrase(match.group("rest"), now, True, date_order)
        if point is None:
            return None
        op = match.group("op")
        if op == "since":
            return Span(point.start, max(now, point.end), phrase)
        if op == "after":
            return Span(point.end, max(now, point.end + timedelta(minutes=1)), phrase)
        if op in ("until", "till", "up to"):
            return Span(EARLIEST, point.end, phrase)
        return Span(EARLIEST, point.start, phrase)
    match = PREP_CUE_RE.fullmatch(phrase)
    if match:
        point = parse_phrase(match.group("rest"), now, True, date_order)
        if point is not None:
            return point
    match = THE_RE.fullmatch(phrase)
    if match:
        point = parse_phrase(match.group("rest"), now, whole_query, date_order)
        if point is not None:
            return point
    return parse_point(phrase, now, whole_query, date_order)


def strip_punctuation(text: str) -> str:
    """Trailing and leading punctuation does not belong to a phrase ("yesterday?"), except the
    closing dot of a day.month. date."""
    stripped = text.strip(PUNCTUATION + " ")
    return stripped + "." if DOTTED_END_RE.search(text.rstrip(" ")) else stripped


BARE_WEEKDAY_RE = re.compile(WEEKDAY_RE)


# Words that open a clause or tell the time of day after a weekday: "discharge Thursday if stairs
# are ok", "Wed am" are days, where "black friday deals" names a thing.
CLAUSE_OPENERS = frozenset({"if", "when", "unless", "so", "because", "but", "then", "as", "am", "pm", "with", "while"})


def names_a_thing(words: list[re.Match[str]], i: int, length: int, phrase: str) -> bool:
    """Whether a weekday is part of a name, not the day a note was written: bare between two
    words ("black friday deals", "good friday service") or after "the" and before a word ("the
    monday blues", "the sunday roast"). A comma or stop after the weekday ends the phrase there:
    "dentist Thursday, out after 2" names a day."""
    bare = phrase.removeprefix("the ")
    if not BARE_WEEKDAY_RE.fullmatch(bare) or i + length >= len(words):
        return False
    if words[i + length - 1].group(0)[-1] in ",.;:!?":
        return False
    after = strip_punctuation(words[i + length].group(0).lower())
    if not after.isalpha() or after in CUE_WORDS or after in CLAUSE_OPENERS:
        return False
    before = strip_punctuation(words[i - 1].group(0).lower()) if i else ""
    if bare != phrase or before == "the":
        return True
    return before.isalpha() and before not in CUE_WORDS


def to_local(moment: datetime) -> datetime:
    """A naive local time made timezone-aware (DST-correct for that date)."""
    return moment.astimezone()


def grammar_words() -> frozenset[str]:
    """Every word the grammar's patterns and tables spell out: a phrase with any other word in it
    is no time phrase, so a query's long stretches of plain words are never parsed."""
    sources = [regex.pattern for regex, _, _ in POINTS] + [r.pattern for r in (*RANGE_RES, *CLOCK_RES)]
    sources += [EDGE_RE.pattern, OPEN_RE.pattern, PREP_CUE_RE.pattern, THE_RE.pattern, *COMPOSE_PATTERNS]
    words = {w for source in sources for w in re.findall(r"[a-z]+", source)}
    return frozenset(words | set(SHORT_UNITS) | set(CUE_WORDS))


GRAMMAR_WORDS = grammar_words()


@lru_cache(maxsize=WORD_CACHE)
def fits_grammar(word: str) -> bool:
    """Whether a word can be part of a time phrase: it holds a digit, or every piece of it is a
    word of the grammar, perhaps plural or with -ly ("mid-january", "year's", "weeks", "recently")."""
    if any(ch.isdigit() for ch in word):
        return True
    pieces = [p for p in PIECE_BREAK.split(word.lower()) if p and p != "s"]
    return all(
        p in GRAMMAR_WORDS or p.removesuffix("s") in GRAMMAR_WORDS or p.removesuffix("ly") in GRAMMAR_WORDS
        for p in pieces
    )


def spans_to_try(words: list[str]) -> list[int]:
    """For each word, how many words from it on can form a time phrase: they all fit the grammar
    and one of them anchors it (a digit, a month, "today", "week"...), at most MAX_PHRASE_WORDS."""
    fits = [fits_grammar(w) for w in words]
    anchors = [f and bool(TIME_ANCHOR_RE.search(w.lower())) for f, w in zip(fits, words, strict=True)]
    out = [0] * (len(words) + 1)
    run, last_anchor = 0, -1
    for i in range(len(words) - 1, -1, -1):
        run = run + 1 if fits[i] else 0
        if anchors[i]:
            last_anchor = i
        reach = min(run, MAX_PHRASE_WORDS)
        out[i] = reach if 0 <= last_anchor - i < reach else 0
    return out[: len(words)]


def parse_temporal(text: str, now: datetime, date_order: DateOrder = "mdy") -> tuple[TimeRange | None, str]:
    """Find the leftmost, longest time phrase; return its range and the query without it.
    ``date_order`` reads numeric dates that could be either way round ("3/2"). Only the first
    MAX_TIME_PARSE_CHARS characters are read for it."""
    if len(text) > MAX_TIME_PARSE_CHARS:
        cut = text.rfind(" ", 0, MAX_TIME_PARSE_CHARS)
        cut = cut if cut > 0 else MAX_TIME_PARSE_CHARS
        found, rest = parse_temporal(text[:cut], now, date_order)
        return found, re.sub(r"\s+", " ", f"{rest} {text[cut:]}").strip()
    local_now = now.astimezone().replace(tzinfo=None) if now.tzinfo else now
    words = list(re.finditer(r"\S+", text))
    lowered = text.lower()
    reach = spans_to_try([w.group(0) for w in words])
    for i in range(len(words)):
        for length in range(reach[i], 0, -1):
            start_char, end_char = words[i].start(), words[i + length - 1].end()
            raw = lowered[start_char:end_char]
            # A possessive belongs to the phrase: "last night's dinner".
            phrase = re.sub(r"['’]s$", "", re.sub(r"\s+", " ", strip_punctuation(raw)))
            phrase = SHORT_UNIT_RE.sub(lambda m: SHORT_UNITS[m.group(0)], phrase)
            if not phrase:
                continue
            whole = i == 0 and length == len(words)
            previous = lowered[words[i - 1].start() : words[i - 1].end()] if i else ""
            if previous in VETO_BEFORE.get(phrase, ()):
                continue
            if names_a_thing(words, i, length, phrase):
                continue
            span = parse_phrase(phrase, local_now, whole, date_order)
            if span is None:
                continue
            rest = re.sub(r"\s+", " ", (text[:start_char] + " " + text[end_char:])).strip()
            start, end = to_local(span.start), to_local(span.end)
            description = f"{span.label} · {format_range(span.start, span.end, local_now)}"
            return TimeRange(start=start, end=end, description=description, phrase=text[start_char:end_char]), rest
    return None, re.sub(r"\s+", " ", text).strip()
