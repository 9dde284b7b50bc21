"""Stand-ins for absent players (issue 26 item 1): a table's `absent=` rule, deadlines missed in a
row, `/away` (vacation mode) and "I'm back".

A table's setting `absent=` says what happens to a seat whose player is absent:

- `wait` (the default, the behaviour before issue 26): the table waits; the player is reminded once.
- `ai`: when the seat misses `absent_after` deadlines in a row (default 2), the game's AI plays for
  it (a *stand-in*) until its player clicks "I'm back" (or acts at that table, or types `/back`).
- `forfeit`: when the seat misses `absent_after` deadlines in a row, it forfeits the game.

A *deadline* is a turn reminder falling due while the seat still has not acted (every
`reminder_delay`, 6 h by default; with `absent=ai` or `forfeit` a new one is armed each time, so
misses can add up) or a game's own time limit running out for that seat (a live game's timers). A
move made by the player in person resets the count.

`/away [until]`: the player's seats at every running table (and every table started while they are
away: a campaign's next mission, a rematch) are played by a stand-in until the date or until they
return; a table whose rule is `wait` waits instead (reading: a vacation announced in advance is not
a reason to forfeit, so a `forfeit` table plays them by the AI too, as `ai` does). The other
players are told once, by one post in each table's thread.

A stand-in is the game's own AI pilot (`Rules.pilot`), given only `Rules.view(state, seat)`, as an
AI seat is (bot/moves.py): it sees what its seat may see and nothing more. Every event it causes is
logged with the actor `ai:<seat>` (an AI seat's is `ai`, a player's is the seat), which marks it in
the log, in the narration of the turn posts, and in the final result ("3 turns played by the AI").

Everything is in the store (the table's `settings` and `absence` columns, the player's
`away_until`), so it survives restarts; the scheduler hands seats back when an `/away` runs out.

The service's part is bot/absence_service.py (mixed into the table service). A member who left
the server (bot/faults.py) is this module's too: at the table's deadline the scheduler calls
`TableService.seat_absent(table_id, seat, when_wait="forfeit", gone="bot.forfeit_absent")` and
the table's own `absent=` rule decides (ai: a stand-in to the end; forfeit, or wait — nobody
comes back to a table that waits — the seat forfeits, "Blue left the server").
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any

from engine.core import Rejected

from .store import TableRecord

ABSENT_RULES = ("wait", "ai", "forfeit")
SETTING_KEYS = ("absent", "absent_after", "deadline_hours", "quiet_deadlines")
DEADLINE_HOURS_MAX = 720.0
DEFAULT_AFTER = 2
AFTER_MAX = 20
FOREVER = 1e18
"""`away_until` of an `/away` with no date: until the player returns."""

STAND_IN_PREFIX = "ai:"
AWAY_DAYS_MAX = 366


# --- settings ------------------------------------------------------------------------------
def split_settings(raw: Mapping[str, Any] | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the table's platform settings, the game's options) from what /game new was given; a bad
    setting is refused (in the player's language by the error handler)."""
    raw = dict(raw or {})
    settings: dict[str, Any] = {}
    if "absent" in raw:
        value = str(raw.pop("absent")).strip().lower()
        if value not in ABSENT_RULES:
            raise Rejected(
                "absent.bad_rule",
                "absent= takes one of {rules}, not {value}.",
                rules=", ".join(ABSENT_RULES),
                value=value,
            )
        settings["absent"] = value
    if "absent_after" in raw:
        value = raw.pop("absent_after")
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= AFTER_MAX:
            raise Rejected(
                "absent.bad_after",
                "absent_after= takes a whole number from 1 to {max}.",
                max=AFTER_MAX,
            )
        settings["absent_after"] = value
    if "deadline_hours" in raw:
        value = raw.pop("deadline_hours")
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not 0.1 <= value <= DEADLINE_HOURS_MAX
        ):
            raise Rejected(
                "absent.bad_deadline",
                "deadline_hours= takes a number of hours from 0.1 to {max}.",
                max=DEADLINE_HOURS_MAX,
            )
        settings["deadline_hours"] = float(value)
    if "quiet_deadlines" in raw:  # deadlines avoid the acting player's quiet hours (bot/quiet.py)
        value = raw.pop("quiet_deadlines")
        if not isinstance(value, bool):
            raise Rejected("absent.bad_quiet_deadlines", "quiet_deadlines= takes true or false.")
        settings["quiet_deadlines"] = value
    return settings, raw


def with_defaults(raw: Mapping[str, Any], defaults: Mapping[str, Any]) -> dict[str, Any]:
    """What /game new was given, with the server's defaults (bot/server.py) for the table settings
    it does not name; a setting typed wins."""
    out = dict(raw)
    for key in SETTING_KEYS:
        if key in defaults and key not in out:
            out[key] = defaults[key]
    return out


def reminder_delay(table: TableRecord, default: float) -> float:
    """Seconds a seat has to act before its reminder (its deadline): the table's `deadline_hours`,
    else the bot's."""
    hours = table.settings.get("deadline_hours")
    return float(hours) * 3600.0 if isinstance(hours, int | float) and hours > 0 else default


def rule(table: TableRecord) -> str:
    value = table.settings.get("absent", "wait")
    return value if value in ABSENT_RULES else "wait"


def after(table: TableRecord) -> int:
    return int(table.settings.get("absent_after", DEFAULT_AFTER))


# --- the absence record -------------------------------------------------------------------
def stand_in_actor(seat: str) -> str:
    """The `actor` logged for an event a stand-in caused at `seat`."""
    return f"{STAND_IN_PREFIX}{seat}"


def stand_in_of(actor: str | None) -> str | None:
    """The seat a stand-in played for, if `actor` is a stand-in's."""
    if actor and actor.startswith(STAND_IN_PREFIX):
        return actor[len(STAND_IN_PREFIX) :]
    return None


def counts_missed(table: TableRecord, seat: str) -> bool:
    """Whether a deadline `seat` misses now counts against it: the table is played, a player holds
    the seat and plays it in person, and the table's rule is not `wait` (which never counts)."""
    return (
        table.status == "active"
        and table.user_of(seat) is not None
        and not reason(table, seat)
        and rule(table) != "wait"
    )


def missed(table: TableRecord, seat: str) -> int:
    return int((table.absence.get("missed") or {}).get(seat, 0))


def missed_now(absence: Mapping[str, Any], seat: str) -> int:
    return int((absence.get("missed") or {}).get(seat, 0))


def reason(table: TableRecord, seat: str) -> str | None:
    """Why a stand-in plays `seat` ("missed" or "away"), None when its player plays."""
    value = (table.absence.get("stand_ins") or {}).get(seat)
    return str(value) if value else None


def _with(absence: Mapping[str, Any], part: str, seat: str, value: Any) -> dict[str, Any]:
    out = {k: dict(v) if isinstance(v, dict) else v for k, v in absence.items()}
    section = dict(out.get(part) or {})
    if value is None:
        section.pop(seat, None)
    else:
        section[seat] = value
    out[part] = section
    return out


def with_missed(absence: Mapping[str, Any], seat: str, count: int) -> dict[str, Any]:
    return _with(absence, "missed", seat, count or None)


def with_stand_in(absence: Mapping[str, Any], seat: str, why: str | None) -> dict[str, Any]:
    return _with(absence, "stand_ins", seat, why)


def turns(table: TableRecord) -> dict[str, int]:
    """How many turns a stand-in played for each seat."""
    return {s: int(n) for s, n in (table.absence.get("turns") or {}).items() if n}


def counted(absence: Mapping[str, Any], marks: list[tuple[str, str]]) -> dict[str, Any]:
    """The absence record with the stand-ins' turns counted: `marks` are (seat, turn key) of each
    stand-in action; a turn is counted once per seat (`Rules.turn_of`, else each action)."""
    out = dict(absence)
    for seat, key in marks:
        last = dict(out.get("last_turn") or {})
        if key and last.get(seat) == key:
            continue
        out = _with(out, "turns", seat, int((out.get("turns") or {}).get(seat, 0)) + 1)
        last[seat] = key
        out["last_turn"] = last
    return out


def parse_until(typed: str | None, now: float, tz: tzinfo = UTC) -> float | None:
    """When an `/away` ends, from what the player typed: a number of days (`7`, `7d`), or a date
    `YYYY-MM-DD` (the end of that day) with an optional time `YYYY-MM-DD HH:MM`, both read in the
    player's time zone `tz` (their /settings timezone; UTC when they set none): "away until
    2026-12-24" in Madrid ends at midnight in Madrid; empty: until they return."""
    if typed is None or not typed.strip():
        return None
    text = typed.strip().lower()
    days = text.removesuffix("d").strip()
    if days.isdigit():
        count = int(days)
        if not 1 <= count <= AWAY_DAYS_MAX:
            raise Rejected("absent.away_days", "Say how many days, from 1 to {max}.", max=AWAY_DAYS_MAX)
        return now + count * 86400.0
    for layout, end_of_day in (("%Y-%m-%d %H:%M", False), ("%Y-%m-%d", True)):
        try:
            moment = datetime.strptime(text, layout)
        except ValueError:
            continue
        if end_of_day:  # the next day's midnight on the wall clock (a DST day is 23 or 25 hours)
            moment += timedelta(days=1)
        at = moment.replace(tzinfo=tz).timestamp()
        if at <= now:
            raise Rejected("absent.away_past", "That date has already passed.")
        if at > now + AWAY_DAYS_MAX * 86400.0:
            raise Rejected("absent.away_days", "Say how many days, from 1 to {max}.", max=AWAY_DAYS_MAX)
        return at
    raise Rejected(
        "absent.away_syntax",
        "Write a number of days (7) or a date (2026-12-24), or nothing to stay away until you return.",
    )
