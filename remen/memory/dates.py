"""Dates stated in a note's sentence, read relative to when the note was written."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from dateutil.relativedelta import relativedelta

from remen.core.models import DateOrder, TimeRange
from remen.memory.patterns import CAPITAL_SHORT_WEEKDAYS
from remen.search.calendar import SEASONS, WEEKDAY_SHORT
from remen.search.query import STOPWORDS
from remen.search.temporal import CLOCK_WINDOW, parse_temporal

CLOCK_TIME = re.compile(r"\d:\d\d|\d\s*[ap]m\b", re.IGNORECASE)
YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")
# The search grammar leans to the past ("March 3" in a query means the last March 3); a note that
# says "dentist on March 3" in February means the coming one, and so does "check-up on 9 July"
# written in December. A day only a few weeks behind is more likely told late ("dinner at Aqua on
# 28 Nov" written on 2 Dec) than eleven months ahead.
BEHIND_DAYS = 30
# A weekday or a bare day of the month whose direction the sentence's tense decides ("arrives
# Wednesday": the coming one; "launched Monday", written on a Monday: that day), unless the
# phrase says it ("last Friday", "next Tuesday"). Weekdays written out or short ("on Wed").
WEEKDAY = re.compile(r"\b(?:mon|tue|tues|wed|weds|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?\b", re.IGNORECASE)
# The short weekdays the grammar reads only after a cue, as a note writes them with a capital and
# no capitalised word after ("Sat", not "Sun Life").
CAPITAL_SHORT_WEEKDAY = re.compile(CAPITAL_SHORT_WEEKDAYS + r"(?!\s+[A-Z])")
# Two weekdays joined as a span, with no word saying which week: a schedule that recurs.
WEEKDAY_SPAN = re.compile(
    rf"(?:from\s+)?{WEEKDAY.pattern}\s*(?:to|through|thru|till|until|-|–|—)\s*{WEEKDAY.pattern}", re.IGNORECASE
)
# "next" said of what a day names: "next briefing Monday", "the next one is on Monday".
NEXT_ONE = re.compile(r"\bnext\b", re.IGNORECASE)
# A period something covers, said with "for": "rent for next year", "the plan for next month",
# "booth schedule for June" (a day told after it is the date: "… by Friday").
MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
PERIOD_COVERED = re.compile(
    rf"for\s+(?:(?:the\s+)?(?:next|this|coming|last)\s+(?:year|month|week|quarter)|{MONTH_WORD})", re.IGNORECASE
)
# The words that open a range at a day: the day is what a note states.
# A period's end ("end of month", "by the end of March"): its last day, not its last stretch.
END_OF = re.compile(r"(?:(?:by|at|until|till|before)\s+)?(?:the\s+)?end\s+of\b", re.IGNORECASE)
OPEN_BOUND = re.compile(r"(?:before|until|till|til|after|since|from)\s+", re.IGNORECASE)
MONTH_NAME = re.compile(rf"\b{MONTH_WORD}\.?(?!\w)", re.IGNORECASE)
# A season's name: the search grammar reads a bare one as the latest begun (what a search looks
# back to), a plan in a note means the coming one.
SEASON_NAME = re.compile(rf"\b(?:{'|'.join(SEASONS)})\b", re.IGNORECASE)
NUMERIC_DATE = re.compile(r"\d{1,4}\s*[./-]\s*\d{1,2}")
DIRECTION_WORD = re.compile(
    r"\b(?:last|next|this|coming|ago|yesterday|tomorrow|today|tonight|past|previous|following)\b", re.IGNORECASE
)

# Words before a day that point ahead of a past verb: "delivery moved to 18 Feb", "offered me the
# job starting 1 May", "booked the dentist for Friday", "moved my physical to the 24th" are days
# to come, however the verb is told.
FORWARD_BEFORE = re.compile(
    r"\b(?:to|for|starting|starts|start|due|effective|beginning|begins)\s+(?:on\s+|from\s+)?(?:the\s+)?$", re.IGNORECASE
)

# The lower-case words a phrase of the search grammar opens with ("for March 3", "on 3 March").
LEADING_WORDS = re.compile(r"(?:[a-z]+\s+)*")


# A bare ordinal ("the 3rd"), and the words after one that still let it be a day ("the 3rd at 5").
BARE_ORDINAL = re.compile(r"(?:\b(?:on|the)\s+)*\d{1,2}(?:st|nd|rd|th)$", re.IGNORECASE)
# A day of the month told by its ordinal ("the 9th").
DAY_ORDINAL = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)\b", re.IGNORECASE)
# A day of the month written as a bare number beside its month's name ("Thu 12 Mar").
DAY_NUMBER = re.compile(r"(?<![\d:.])\b\d{1,2}\b(?![:.]\d)")
# Words after a day's ordinal that number no noun: function words ("the 28th so …") and the
# contractions notes type without their apostrophe ("the 28th dont forget").
AFTER_A_DAY = (
    frozenset({"at", "in", "on", "of", "for", "and", "or", "to", "from", "with", "by", "until", "till", "then", "we"})
    | STOPWORDS
    | frozenset({"i", "dont", "cant", "wont", "isnt", "doesnt", "didnt", "im", "ill", "ive", "its", "thats"})
)


# A day told by its ordinal alone, as jots and chats write it ("agreement signing 25th", "28th
# night bus to Thrissur"): at a clause's end, or before a time of day.
LONE_ORDINAL = re.compile(
    r"(?<![\w./-])\d{1,2}(?:st|nd|rd|th)(?=\s*(?:$|[,.;!?)]|(?i:morning|afternoon|evening|night|noon|am|pm)\b))"
)

# A day and month written with dots and the closing one, as much of Europe writes them, without
# the cue the search grammar wants ("signing 22.04.", "delivery 20.07.", "marries on 14.11., I").
DOTTED_DAY = re.compile(r"(?<![\w.,])(?:[12]\d|3[01]|0?[1-9])\.(?:1[0-2]|0?[1-9])\.(?!\d)")
# "Open 24/7": round the clock, never the 24th of July.
NOT_ROUND_THE_CLOCK = r"(?!24/7\b)"
# A day and month in figures beside a weekday ("Thu 7/5", "Mon 03.08"): the weekday says which of
# the two orders, and which year, the writer means.
FIGURES_DAY = re.compile(r"(?<![\w./])(\d{1,2})[/.](\d{1,2})(?![\d/]|\.\d)")
# A day and month with a slash and no year, which the search grammar reads only after a cue
# ("Saga's birthday 19/1", "printer guide by 29/5", "starts 20/8"); not a fraction, a score or a
# rate ("1/2 cup", "8/10 stars", "open 24/7", "50/50 split").
SLASHED_DAY = re.compile(
    rf"(?<![\w./,-]){NOT_ROUND_THE_CLOCK}(?:[12]\d|3[01]|0?[1-9])/(?:[12]\d|3[01]|0?[1-9])(?![\w/%]|[.,]\d)"
    r"(?!\s+(?:of|cups?|tsp|tbsp|teaspoons?|tablespoons?|oz|lbs?|kg|g|ml|l|inch(?:es)?|miles?|km|stars?|split|"
    r"times|price|off|points|marks)\b)"
)
SCORE_BEFORE = re.compile(
    r"(?i:\b(?:rated|rate|rating|score|scored|scores|got|gave|marks?)\s+(?:(?:it|them|him|her|me)\s+)?$)"
)
# What may follow a day so written: the sentence's end or a stop, a clock time, a joining word
# ("19/1, she wants", "by 29/5", "2/7 at 8:15"); "won 3/4 games" is a share.
SLASHED_DAY_END = re.compile(
    r"\s*(?:$|[,.;:!?)\]–—-]|@|at\b|\d{1,2}[:.]\d\d|(?:and|to|till|until|or|for|with|in|on)\b)", re.IGNORECASE
)
# Two numbers a slash joins, to learn which of them a writer puts first.
SLASHED_PAIR = re.compile(rf"(?<![\w./]){NOT_ROUND_THE_CLOCK}(\d{{1,2}})/(\d{{1,2}})(?![\w/])")


def writers_date_order(text: str, default: DateOrder) -> DateOrder:
    """The order a note writes its numeric days in, by the ones only one order reads ("25/2" puts
    the day first, so the same note's "9/2" is the 9th of February); ``default`` when none tells,
    or when they disagree."""
    pairs = [(int(a), int(b)) for a, b in SLASHED_PAIR.findall(text)]
    day_first = any(12 < first <= 31 and 1 <= second <= 12 for first, second in pairs)
    month_first = any(1 <= first <= 12 and 12 < second <= 31 for first, second in pairs)
    if day_first != month_first:
        return "dmy" if day_first else "mdy"
    return default


# Words before one that make it a version ("upgraded Python to 3.11.").
VERSION_BEFORE = re.compile(r"(?i:\b(?:version|v|release|python|node|ios|android|build|firmware)\s+(?:to\s+)?$)")

# Words before an ordinal that make it a place in a race or an age ("came 2nd", "her 21st").
PLACE_OR_AGE_BEFORE = re.compile(r"(?i:\b(?:came|come|comes|finished|placed|ranked|my|his|her|their|our|your|its)\s+$)")


def ordinal_of_a_noun(sentence: str, phrase: str) -> bool:
    """Whether the date found is only an ordinal that numbers the noun after it ("the 3rd floor",
    "my 2nd attempt"), not a day of the month ("on the 3rd", "the 3rd at noon")."""
    if not phrase or not BARE_ORDINAL.search(phrase):
        return False
    at = sentence.lower().find(phrase.lower())
    following = re.match(r"\s+([a-z]+)", sentence[at + len(phrase) :]) if at >= 0 else None
    return following is not None and following.group(1).lower() not in AFTER_A_DAY


@dataclass(frozen=True)
class StatedDate:
    """A date a sentence states: its start, whether a year was written, and the words it spans."""

    moment: datetime
    has_year: bool
    phrase: str


def blanked(sentence: str, phrase: str) -> str:
    """``sentence`` with its first ``phrase`` (any case) spaced out, every other offset kept, so
    the date grammar reads what else it states."""
    at = sentence.lower().find(phrase.lower())
    return sentence[:at] + " " * len(phrase) + sentence[at + len(phrase) :]


def stated_date(
    sentence: str, written: datetime, past: bool = False, date_order: DateOrder = "mdy"
) -> StatedDate | None:
    """The first date ``sentence`` states, as of ``written`` (the note's time), or None. A day
    without a year in a sentence not in the past tense ("dentist on March 3") is the coming one."""
    found, _ = parse_temporal(sentence, written, date_order)
    if found is not None and ordinal_of_a_noun(sentence, found.phrase or ""):
        # "the 2nd office … on 4 May": the ordinal is not the date; another may follow.
        rest = blanked(sentence, found.phrase or "")
        found = parse_temporal(rest, written, date_order)[0]
        if found is not None and ordinal_of_a_noun(rest, found.phrase or ""):
            found = None
    if found is not None and WEEKDAY_SPAN.fullmatch((found.phrase or "").strip(" ,.;")):
        # "Monday to Friday" in a note is a week's schedule, not this week: the date is elsewhere
        # ("$58,000, Monday to Friday, starting April 20").
        found = parse_temporal(blanked(sentence, found.phrase or ""), written, date_order)[0]
    if found is not None and PERIOD_COVERED.fullmatch((found.phrase or "").strip(" ,.;")):
        # "rent for next year due 1st Nov": what the rent covers, not when it is due; a day the
        # sentence states after it is the date, or else the period is.
        told_after = parse_temporal(blanked(sentence, found.phrase or ""), written, date_order)[0]
        found = told_after or found
    if found is None and (weekday := capital_short_weekday(sentence)) is not None:
        found = day_as_cued(f"on {weekday}", weekday, written, date_order)
    lone = LONE_ORDINAL.search(sentence) if found is None else None
    if lone is not None and not PLACE_OR_AGE_BEFORE.search(sentence, 0, lone.start()):
        found = day_as_cued(f"on the {lone.group()}", lone.group(), written, date_order)
    dotted = DOTTED_DAY.search(sentence)
    if dotted is None and found is None:
        slashed = SLASHED_DAY.search(sentence)
        if (
            slashed is not None
            and not SCORE_BEFORE.search(sentence, 0, slashed.start())
            and SLASHED_DAY_END.match(sentence, slashed.end())
        ):
            found = day_as_cued(f"on {slashed.group()}", slashed.group(), written, date_order)
    told_at = -1 if found is None else sentence.lower().find((found.phrase or "").lower())
    if (
        dotted is not None
        and (found is None or 0 <= dotted.start() < told_at)
        and not VERSION_BEFORE.search(sentence, 0, dotted.start())
    ):
        # The first date the sentence states: "my last day is 31.05. Tonight beer" is the 31st.
        found = day_as_cued(f"on {dotted.group()}", dotted.group(), written, date_order)
    if found is None:
        return None
    bound = OPEN_BOUND.match(found.phrase or "")
    if bound:
        # "before 6 April", "until Friday": the search grammar's open range back to the dawn of
        # time; a note means the day itself, a deadline or a start.
        found = parse_temporal(found.phrase[bound.end() :], written, date_order)[0]
        if found is None:
            return None
    start = found.start
    if found.end - found.start == 2 * CLOCK_WINDOW and CLOCK_TIME.search(found.phrase or ""):
        start = found.start + CLOCK_WINDOW  # search reads "at 14:00" as 13:00-15:00; a note means 14:00
    elif found.start <= written < found.end:
        start = written  # "today", "this week": the note's own time says it more precisely
    phrase = found.phrase or ""
    if past:
        lead = LEADING_WORDS.match(phrase)
        before = sentence[: max(0, sentence.lower().find(phrase.lower()))] + (lead.group() if lead else "")
        past = not FORWARD_BEFORE.search(before)
    has_year = YEAR.search(phrase) is not None
    single_day = found.end - found.start <= timedelta(days=1)
    if single_day and not has_year and not DIRECTION_WORD.search(phrase):
        start = in_tense(start, written, phrase, past)
    elif MONTH_NAME.search(phrase) and not (has_year or past or DIRECTION_WORD.search(phrase)):
        # "from April" in a plan written in March is the coming April, not the one behind.
        start = next_year_if_far_behind(start, written)
    elif (
        SEASON_NAME.search(phrase) and found.end <= written and not (has_year or past or DIRECTION_WORD.search(phrase))
    ):
        # "new tyres before winter" written in July: the coming winter, not the last one.
        start += relativedelta(years=1)
    if (
        WEEKDAY.match(phrase.strip(" ,.;").removeprefix("on ").strip())
        and start.date() == written.date()
        and NEXT_ONE.search(sentence, 0, max(0, sentence.lower().find(phrase.lower())))
    ):
        # "next briefing Monday" in Monday's meeting notes: the Monday after, not the day itself.
        start += timedelta(days=7)
    agreed = weekday_agrees(phrase, written, past)
    if agreed is not None:
        return StatedDate(start.replace(year=agreed.year, month=agreed.month, day=agreed.day), has_year, phrase)
    if END_OF.match(phrase):
        # The grammar reads "end of March" as its last stretch, turned the way the sentence speaks.
        start = (found.end if start == written else start + (found.end - found.start)) - timedelta(days=1)
    return StatedDate(start, has_year, phrase)


def weekday_agrees(phrase: str, written: datetime, past: bool) -> datetime | None:
    """The day a phrase of a weekday and a day and month in figures states, read in the order and
    year whose day falls on that weekday, nearest the note's time on the side its tense speaks of
    ("Thu 7/5" in April is 7 May, a Thursday, whatever the locale's order); None when the phrase
    has no such pair or no reading agrees."""
    weekday, figures = WEEKDAY.search(phrase), FIGURES_DAY.search(phrase)
    if weekday is None or figures is None or YEAR.search(phrase):
        return None
    wanted = WEEKDAY_SHORT[weekday.group().lower()[:3]]
    first, second = int(figures.group(1)), int(figures.group(2))
    agreeing = []
    # Figures with a stop are always day then month ("05.09."); with a slash either way round.
    orders = {(first, second)} if "." in figures.group() else {(first, second), (second, first)}
    for day, month in orders:
        for year in (written.year - 1, written.year, written.year + 1):
            try:
                moment = written.replace(year=year, month=month, day=day)
            except ValueError:
                continue
            if moment.weekday() == wanted:
                agreeing.append(moment)
    # The side the sentence speaks of first (a plan's day is ahead, a past one behind), then nearness.
    return min(
        agreeing,
        key=lambda m: ((m.date() > written.date()) if past else (m.date() < written.date()), abs(m - written)),
        default=None,
    )


def capital_short_weekday(sentence: str) -> str | None:
    """A weekday's short name that is an English word too, written with its capital inside the
    sentence ("Jonny's birthday Sat", "bloods back Mon"): a day, though the grammar reads one only
    after a cue ("on sat"), since the verb or noun is not capitalised there ("the Sun", "Sun
    Valley" are no days, nor is a week's schedule: "open Mon-Fri")."""
    for m in CAPITAL_SHORT_WEEKDAY.finditer(sentence):
        before = sentence[: m.start()].split()
        if before and before[-1].lower() != "the" and not WEEKDAY_SPAN.match(sentence, m.start()):
            return m.group()
    return None


def day_as_cued(cued: str, told: str, written: datetime, date_order: DateOrder) -> TimeRange | None:
    """The day the search grammar reads in ``cued`` (the note's words ``told`` with the cue it
    wants, "on the 25th"), spanning the words the note wrote."""
    day = parse_temporal(cued, written, date_order)[0]
    return None if day is None else replace(day, phrase=told)


def in_tense(start: datetime, written: datetime, phrase: str, past: bool) -> datetime:
    """The day the search grammar read (the last one before the note) turned the way the sentence
    speaks: a plan's weekday or day of the month is the coming one, the same weekday in the past
    tense is the note's own day, a month and day far behind is next year's."""
    behind = (written.date() - start.date()).days
    if WEEKDAY.search(phrase) and (
        DAY_ORDINAL.search(phrase) or (MONTH_NAME.search(phrase) and DAY_NUMBER.search(phrase))
    ):
        # "Mon 12th", "Thu 12 Mar": the grammar found the day that is that weekday nearest the note
        # (the weekday tells the year; a plan's date far behind is no reason to move it on).
        return start
    if WEEKDAY.search(phrase) and not MONTH_NAME.search(phrase):
        if behind > 0 and (not past or behind == 7):
            return start + timedelta(days=7)
        return start
    if past or behind < 0 or (behind == 0 and not DAY_ORDINAL.search(phrase)):
        return start
    if not MONTH_NAME.search(phrase) and not NUMERIC_DATE.search(phrase):
        # "start on the 9th" in a plan written on the 9th is next month's: today would be "today".
        if start == written:
            start = start.replace(hour=0, minute=0, second=0, microsecond=0)
        ahead = start + relativedelta(months=1)
        return ahead if ahead.day == start.day else start
    return next_year_if_far_behind(start, written)


def next_year_if_far_behind(start: datetime, written: datetime) -> datetime:
    """A day or month without a year that lies more than a few weeks behind the note is next
    year's ("dentist on March 3", "check-up on 9 July", written in December)."""
    if start < written - timedelta(days=BEHIND_DAYS):
        return start + relativedelta(years=1)
    return start


def day_month(moment: datetime, has_year: bool) -> str:
    """A birthday-style value: '12 May 1988', or '12 May' when no year was stated."""
    text = f"{moment.day} {moment:%B}"
    return f"{text} {moment.year}" if has_year else text
