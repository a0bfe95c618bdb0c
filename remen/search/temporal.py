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

from remen.core.models import DateOrder, TimeRange
from remen.search.calendar import (
    EARLIEST,
    Span,
    format_range,
    recent_day,
    safe_date,
    shift_forward,
    third_of,
    week_of,
    whole_day,
)
from remen.search.time_handlers import (
    CUE_PREP_RE,
    CUE_WORDS,
    DAYNUM_RE,
    HOLIDAY_RE,
    MAX_PHRASE_WORDS,
    MONTH_RE,
    NUMBER_RE,
    PART_RE,
    PUNCTUATION,
    SEASON_RE,
    UNIT_RE,
    VETO_BEFORE,
    WEEKDAY_RE,
    YEAR_RE,
    Handler,
    h_ago,
    h_day_before_yesterday,
    h_day_of_month,
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
        pattern(r"(?:earlier\s+)?(?P<which>this|current|last|previous|next)\s+(?P<period>week|month|quarter|year)"),
        h_relative_period,
        False,
    ),
    (pattern(r"(?:(?P<which>last|this|next|this past|past)\s+|(?:over\s+|on\s+)?the\s+)weekend"), h_weekend, False),
    (pattern(r"(?:the\s+)?weekend\s+before\s+last"), h_weekend_before_last, False),
    (pattern(r"(?:the\s+)?week\s+before\s+last"), lambda m, now: week_of(now - timedelta(weeks=2), m.group(0)), False),
    (pattern(r"(?:on\s+)?the\s+(?P<day>[0-3]?\d)(?:st|nd|rd|th)"), h_day_of_month, False),
    (pattern(r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)"), h_day_of_month, True),
    (pattern(r"(?:(?P<which>last|this|next)\s+)?" + WEEKDAY_RE + r"" + PART_RE), h_weekday, False),
    (pattern(MONTH_RE + r"\.?\s+" + DAYNUM_RE + r"(?:,?\s+" + YEAR_RE + r")?"), h_month_day, False),
    (pattern(DAYNUM_RE + r"\s+(?:of\s+)?" + MONTH_RE + r"(?:,?\s+" + YEAR_RE + r")?"), h_month_day, False),
    (pattern(YEAR_RE + r"[-/](?P<mm>\d\d?)[-/](?P<dd>\d\d?)"), h_iso_date, False),
    (pattern(YEAR_RE + r"-(?P<mm>\d\d)"), h_iso_month, False),
    (pattern(r"(?P<which>last|this|next|previous)\s+" + MONTH_RE), h_month, False),
    (pattern(MONTH_RE + r",?\s+" + YEAR_RE), h_month, False),
    (pattern(r"(?P<which>last|this|next|previous)\s+" + SEASON_RE), h_season, False),
    (pattern(SEASON_RE + r",?\s+(?:of\s+)?" + YEAR_RE), h_season, False),
    (pattern(r"q(?P<q>[1-4])(?:\s+" + YEAR_RE + r")?"), h_quarter, False),
    (pattern(MONTH_RE), h_month, True),
    (pattern(SEASON_RE), h_season, True),
    (pattern(YEAR_RE), h_year, True),
]

RANGE_RES = [
    re.compile(r"between\s+(?P<a>.+?)\s+and\s+(?P<b>.+)"),
    re.compile(r"from\s+(?P<a>.+?)\s+(?:to|until|till|through|thru|-)\s+(?P<b>.+)"),
    re.compile(r"(?P<a>.+?)\s+(?:to|until|till|through|thru)\s+(?P<b>.+)"),
]
EDGE_RE = re.compile(
    r"(?P<edge>early|mid|late|(?:the\s+)?(?:beginning|start|middle|end)\s+of)[\s-]+(?:the\s+)?(?P<rest>.+)"
)
EDGE_THIRD = {"early": 0, "beginning": 0, "start": 0, "mid": 1, "middle": 1, "late": 2, "end": 2}
CLOCK = (
    r"(?:at\s+|around\s+)?(?:(?P<h>1[0-2]|0?[1-9])(?::(?P<mm>[0-5]\d))?\s*(?P<ampm>am|pm)"
    r"|(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d))"
)
CLOCK_RES = [
    re.compile(r"(?P<rest>.+?)\s+" + CLOCK),
    re.compile(CLOCK + r"\s+(?P<rest>.+)"),
]
# A note "from 3pm" was probably written a little before or after it.
CLOCK_WINDOW = timedelta(hours=1)
OPEN_RE = re.compile(r"(?P<op>since|after|before|until|till|up\s+to|prior\s+to)\s+(?P<rest>.+)")
PREP_CUE_RE = re.compile(CUE_PREP_RE + r"(?P<rest>.+)")
THE_RE = re.compile(r"the\s+(?P<rest>.+)")


# Day.month. with the closing dot, or with a year: "3.11" alone is a version, not a date.
DOTTED_DATE_RE = re.compile(r"(?P<a>[0-3]?\d)\.(?P<b>[01]?\d)\.(?:(?P<year>\d{4}|\d\d)(?!\d))?")
SLASHED_DATE_RE = re.compile(r"(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?:/(?P<year>\d{4}|\d\d))?")
# A phrase ending in a dotted date keeps its closing dot ("on 24.12.").
DOTTED_END_RE = re.compile(r"(?<![\d.])[0-3]?\d\.[01]?\d\.$")


def numeric_date(phrase: str, now: datetime, cued: bool, date_order: DateOrder) -> Span | None:
    """A day written in numbers: day.month.(year) always day first; a/b(/year) day first when
    the first number cannot be a month, month first when the second cannot, else as
    ``date_order`` says. Without a year: the most recent such day, and only with a cue."""
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
        year = int(match.group("year"))
        found = safe_date(year + 2000 if year < 100 else year, month, day)
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


def at_clock(day: Span, match: re.Match[str]) -> Span:
    """``day`` narrowed to an hour either side of the clock time in ``match``."""
    if match.group("h24") is not None:
        hour, minute = int(match.group("h24")), int(match.group("m24"))
    else:
        hour = int(match.group("h")) % 12 + (12 if match.group("ampm") == "pm" else 0)
        minute = int(match.group("mm") or 0)
    moment = day.start.replace(hour=hour, minute=minute)
    return Span(moment - CLOCK_WINDOW, moment + CLOCK_WINDOW, match.group(0))


def parse_phrase(phrase: str, now: datetime, whole_query: bool, date_order: DateOrder) -> Span | None:
    """A complete time phrase: range, open range, clock time on a day, preposition + point, or a point."""
    for regex in CLOCK_RES:
        match = regex.fullmatch(phrase)
        if match:
            day = parse_phrase(match.group("rest"), now, True, date_order)
            if day is not None and day.end - day.start <= timedelta(days=1):
                return at_clock(day, match)
    for regex in RANGE_RES:
        match = regex.fullmatch(phrase)
        if match:
            first = parse_point(match.group("a"), now, True, date_order)
            last = parse_point(match.group("b"), now, True, date_order)
            if first and last:
                if last.start < first.start:
                    last = shift_forward(last, first)
                return Span(first.start, max(last.end, first.end), phrase)
    match = EDGE_RE.fullmatch(phrase)
    if match:
        point = parse_point(match.group("rest"), now, True, date_order)
        if point is not None and ((point.natural_end or point.end) - point.start) >= timedelta(days=3):
            return third_of(
                point, EDGE_THIRD[match.group("edge").split()[-2 if " " in match.group("edge") else 0]], phrase
            )
    match = OPEN_RE.fullmatch(phrase)
    if match:
        point = parse_point(match.group("rest"), now, True, date_order)
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
        point = parse_point(match.group("rest"), now, True, date_order)
        if point is not None:
            return point
    match = THE_RE.fullmatch(phrase)
    if match:
        point = parse_point(match.group("rest"), now, whole_query, date_order)
        if point is not None:
            return point
    return parse_point(phrase, now, whole_query, date_order)


def strip_punctuation(text: str) -> str:
    """Trailing and leading punctuation does not belong to a phrase ("yesterday?"), except the
    closing dot of a day.month. date."""
    stripped = text.strip(PUNCTUATION + " ")
    return stripped + "." if DOTTED_END_RE.search(text.rstrip(" ")) else stripped


BARE_WEEKDAY_RE = re.compile(WEEKDAY_RE)


def names_a_thing(words: list[re.Match[str]], i: int, length: int, phrase: str) -> bool:
    """Whether a weekday is part of a name, not the day a note was written: bare between two
    words ("black friday deals", "good friday service") or after "the" and before a word ("the
    monday blues", "the sunday roast")."""
    bare = phrase.removeprefix("the ")
    if not BARE_WEEKDAY_RE.fullmatch(bare) or i + length >= len(words):
        return False
    after = strip_punctuation(words[i + length].group(0).lower())
    if not after.isalpha() or after in CUE_WORDS:
        return False
    before = strip_punctuation(words[i - 1].group(0).lower()) if i else ""
    if bare != phrase or before == "the":
        return True
    return before.isalpha() and before not in CUE_WORDS


def to_local(moment: datetime) -> datetime:
    """A naive local time made timezone-aware (DST-correct for that date)."""
    return moment.astimezone()


def parse_temporal(text: str, now: datetime, date_order: DateOrder = "mdy") -> tuple[TimeRange | None, str]:
    """Find the leftmost, longest time phrase; return its range and the query without it.
    ``date_order`` reads numeric dates that could be either way round ("3/2")."""
    local_now = now.astimezone().replace(tzinfo=None) if now.tzinfo else now
    words = list(re.finditer(r"\S+", text))
    lowered = text.lower()
    for i in range(len(words)):
        for length in range(min(MAX_PHRASE_WORDS, len(words) - i), 0, -1):
            start_char, end_char = words[i].start(), words[i + length - 1].end()
            raw = lowered[start_char:end_char]
            # A possessive belongs to the phrase: "last night's dinner".
            phrase = re.sub(r"['’]s$", "", re.sub(r"\s+", " ", strip_punctuation(raw)))
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
