"""Conversions between stored epoch seconds and local, timezone-aware datetimes."""

from __future__ import annotations

from datetime import UTC, datetime


def local_now() -> datetime:
    """The current local time, timezone-aware."""
    return datetime.now(UTC).astimezone()


def as_local(moment: datetime) -> datetime:
    """``moment`` timezone-aware: a naive datetime is taken as local time (the Python API accepts both)."""
    return moment.astimezone() if moment.tzinfo is None else moment


def to_epoch(moment: datetime) -> float:
    """Epoch seconds; a naive datetime is taken as local time."""
    return as_local(moment).timestamp()


def from_epoch(seconds: float) -> datetime:
    """A local, timezone-aware datetime."""
    return datetime.fromtimestamp(seconds, UTC).astimezone()


def parse_iso(text: str) -> datetime:
    """Parse ISO 8601; no offset means local time. Raises ValueError with the bad text."""
    cleaned = text.strip()
    if cleaned.endswith(("Z", "z")):
        cleaned = cleaned[:-1] + "+00:00"
    try:
        moment = datetime.fromisoformat(cleaned)
    except ValueError:
        from dateutil import parser as date_parser

        try:
            moment = date_parser.isoparse(cleaned)
        except (ValueError, OverflowError) as exc:
            raise ValueError(f"not an ISO 8601 date: {text!r}") from exc
    return as_local(moment)


# Within this many days a listed time names its weekday ("Mon 09:30"), past it the date.
WEEKDAY_DAYS = 6


def list_time(moment: datetime, now: datetime) -> str:
    """When a note was written or edited, as a list shows it: the time today ("14:05"),
    "yesterday 09:30", the weekday within the week ("Mon 18:20"), the day this year ("3 Mar"),
    else the day and year ("3 Mar 2025")."""
    now = as_local(now)
    moment = as_local(moment).astimezone(now.tzinfo)
    days = (now.date() - moment.date()).days
    if days == 0:
        return f"{moment:%H:%M}"
    if days == 1:
        return f"yesterday {moment:%H:%M}"
    if 1 < days <= WEEKDAY_DAYS:
        return f"{moment:%a %H:%M}"
    if moment.year == now.year:
        return f"{moment.day} {moment:%b}"
    return f"{moment.day} {moment:%b %Y}"
