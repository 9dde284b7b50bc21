"""Quiet hours and time zones (issue 26 item 4).

`/settings timezone:Europe/Madrid quiet:23-08` stores a player's IANA time zone and quiet hours.
While a player's quiet hours last, nothing pings them or reaches their DMs: every ping and DM the
bot sends (their turn, a reminder, a time warning, a stand-in taking their seat, a pause or a
take-back asked of them, a take-back of theirs refused, a rematch invitation, the end of a game, a
fault's DM) goes through the hold of bot/held.py, and when their quiet hours end everything held
for them, at every table, goes out as one message. Reading: a player who is playing live at night
(who acted at that table in the last `AWAKE_S` seconds) is awake there, and is not held.

A table may opt in to `quiet_deadlines=true`: a deadline (a reminder's, or a game's time limit)
that would end inside the acting player's quiet hours moves to their end (bot/notices.py).

Every time shown to a player is a Discord timestamp (`<t:...:R>`), which each client shows in its
own time zone; the time zone here only places the quiet hours.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.core import Rejected

AWAKE_S = 30 * 60.0
_HOURS = re.compile(r"^(\d{1,2})(?::(\d{2}))?\s*-\s*(\d{1,2})(?::(\d{2}))?$")


def zone(name: str) -> ZoneInfo:
    """The time zone of an IANA name (Europe/Madrid), or a polite refusal."""
    try:
        if "/" not in name and name.upper() != "UTC":
            raise ZoneInfoNotFoundError(name)
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise Rejected(
            "absent.bad_timezone",
            "I do not know the time zone {zone}; write it like Europe/Madrid.",
            zone=name,
        ) from None


def parse_quiet(text: str) -> str:
    """Quiet hours typed as 23-08 or 23:30-07:45, as stored ("23:00-08:00"); a polite refusal else."""
    found = _HOURS.match(text.strip())
    if found:
        h1, m1, h2, m2 = (int(g) if g else 0 for g in found.groups())
        if h1 < 24 and h2 < 24 and m1 < 60 and m2 < 60 and (h1, m1) != (h2, m2):
            return f"{h1:02d}:{m1:02d}-{h2:02d}:{m2:02d}"
    raise Rejected("absent.bad_quiet", "Write quiet hours as 23-08 (or 23:30-07:45), or off.")


def _minutes(quiet: str) -> tuple[int, int]:
    start, end = quiet.split("-")
    return int(start[:2]) * 60 + int(start[3:]), int(end[:2]) * 60 + int(end[3:])


def quiet_end(at: float, timezone: str | None, quiet: str | None) -> float | None:
    """If `at` (epoch seconds) falls in the quiet hours, when they end; else None."""
    if not quiet:
        return None
    tz = ZoneInfo(timezone) if timezone else ZoneInfo("UTC")
    local = datetime.fromtimestamp(at, tz)
    start, end = _minutes(quiet)
    now = local.hour * 60 + local.minute
    inside = start <= now < end if start < end else (now >= start or now < end)
    if not inside:
        return None
    day = local.replace(hour=end // 60, minute=end % 60, second=0, microsecond=0)
    if day.timestamp() <= at:
        day = (local + timedelta(days=1)).replace(hour=end // 60, minute=end % 60, second=0, microsecond=0)
    # replace() keeps the wall-clock time; re-read it in the zone (a DST change in between)
    return datetime(day.year, day.month, day.day, day.hour, day.minute, tzinfo=tz).timestamp()


def out_of_quiet(at: float, timezone: str | None, quiet: str | None) -> float:
    """`at`, or the end of the quiet hours it falls in."""
    end = quiet_end(at, timezone, quiet)
    return at if end is None else end
