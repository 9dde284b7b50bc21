"""The Terminator Force List's turn timer (DW-TMR-1, DW-TMR-2; the table rebuilt in A-16)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

STEP_S = 30
MIN_S = 30


class ForceTimer(BaseModel):
    """The timer bought under the Force List: leaders N counted at force building, timer points P."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    leaders: int = Field(ge=1)  # Captains + Sergeants in the force (DW-FL-3: at least one, A-17)
    points: int = Field(ge=1, le=5)  # timer points bought (A-16: P is 1-5)


def table_seconds(leaders: int, points: int) -> int:
    """DW-TMR-1, A-16: every entry of the table is 30 s x (N + P - 1); N above 4 reads as 4."""
    return STEP_S * (min(leaders, 4) + points - 1)


def turn_seconds(timer: ForceTimer, leaders_now: int) -> int:
    """DW-TMR-2, A-16, DW-TEL-3: 30 s less for each leader lost (dead or teleported out), never below 30 s."""
    lost = max(0, timer.leaders - leaders_now)
    return max(MIN_S, table_seconds(timer.leaders, timer.points) - STEP_S * lost)


def parse_minutes(text: str) -> int:
    """The book's M.SS notation in seconds ("1.30" is 1 min 30 s, DW-TMR-1)."""
    minutes, _, seconds = text.partition(".")
    return int(minutes) * 60 + int(seconds or 0)
