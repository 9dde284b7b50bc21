"""Hunt for the Arkenstone: named constants from the spec (§2, §5, §8), options and board pieces."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core.geometry import Point
from engine.core.rules import Model

# --- the table and the pieces (§8.1, §8.2) -------------------------------------------------------
TABLE_IN = 47.24
"""The 120 cm square table, in inches (§8.1)."""
CARD_WIDTH_IN = 2.5
CARD_HEIGHT_IN = 3.5
"""Poker-size cards, axis-aligned, portrait (§8.1)."""
BILBO_RADIUS_IN = 0.5
SMAUG_RADIUS_IN = 1.0
"""Base radii: 25 mm and 50 mm bases (§8.1, OUR DEFAULTS, configurable)."""
MAX_RADIUS_IN = CARD_WIDTH_IN / 2
"""Largest configurable radius: a figure set onto any card (A12) then still stands fully on the table."""
TOLERANCE_IN = 0.001
"""Tolerance for every ≤ test (§8.2)."""
GRID_CELLS = 7
CELL_IN = 6.75
"""The grid draft: 7x7 cells of 6.75 in, columns A–G along x, rows 1–7 along y (§8.1)."""
COLUMNS = "ABCDEFG"

# --- moves and ranges (§5) -----------------------------------------------------------------------
BILBO_MOVE_IN = 4.0  # AK-ACT-B1
SMAUG_MOVE_IN = 6.0  # AK-ACT-S1
SEARCH_REACH_IN = 1.0  # AK-ACT-B2
RECOVER_REACH_IN = 1.0  # AK-ACT-B3
DISCOVER_REACH_IN = 1.0  # AK-ACT-S2
SMELL_IN = 3.0  # AK-EVS-J
BREATH_IN = 6.0  # AK-EVS-Q
FEEL_IN = 9.0  # AK-EVS-K
MIN_TRAVEL_IN = 0.005
"""A move shorter than half the 0.01-inch precision (§8.1) is no move at all."""

# --- cards (§2, AK-GEN-1) ------------------------------------------------------------------------
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANKS: tuple[int, ...] = tuple(range(1, 14))
ARKENSTONE = ACE
"""The Arkenstone is the Ace of diamonds among the treasure cards."""
SPECIAL_RANKS = frozenset({ACE, JACK, QUEEN, KING})
TURN_UPS = {JACK: 1, QUEEN: 2, KING: 3}  # AK-EVB-J/Q/K
SMAUG_EVENT_RANGE_IN = {JACK: SMELL_IN, QUEEN: BREATH_IN, KING: FEEL_IN}  # AK-EVS-J/Q/K

BILBO, SMAUG = "bilbo", "smaug"
SEATS: tuple[str, ...] = (BILBO, SMAUG)

Phase = Literal[
    "setup",
    "place_smaug",
    "place_bilbo",
    "place_treasure",
    "place_location",
    "starting",
    "free_action",
    "guess",
    "revealing",
    "trick",
    "action",
    "turn_up",
    "turn_over",
    "over",
]
Layout = Literal["random", "draft", "free"]


class ArkenstoneOptions(BaseModel):
    """Table options: layout (§8.1) and the two configurable resolutions (A4, A8)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    layout: Layout = "draft"  # §8.1: the grid draft is OUR DEFAULT
    event_requires_correct_guess: bool = True
    search_recovers_immediately: bool = False
    bilbo_radius_in: float = Field(default=BILBO_RADIUS_IN, gt=0, le=MAX_RADIUS_IN)
    smaug_radius_in: float = Field(default=SMAUG_RADIUS_IN, gt=0, le=MAX_RADIUS_IN)


class Treasure(Model):
    """A diamond on the table. `rank` is secret while face down (the state only, never a view)."""

    label: int
    at: Point
    rank: int
    face_up: bool = False
    removed: bool = False


class TreasureView(Model):
    """A diamond as a seat sees it: its rank only once it has been turned."""

    label: int
    at: Point
    rank: int | None
    face_up: bool
    removed: bool


class Location(Model):
    """A club lying face up: a destination for forced moves."""

    rank: int
    at: Point


class MoveTrace(Model):
    """The last change of a figure's place, for the board image (`forced` for A12 placements)."""

    seat: str
    start: Point
    end: Point
    forced: bool


class Contest(Model):
    """The last Discover the Thief contest (AK-DSC)."""

    smaug_rank: int
    bilbo_rank: int
    smaug_won: bool
    trigger: Literal["action", "event"]


def treasure_name(label: int) -> str:
    """T1…T13, the public names of treasure cards (by placement order, §8.1)."""
    return f"T{label}"


RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}


def rank_text(rank: int) -> str:
    """A, 2…10, J, Q, K."""
    return RANK_TEXT.get(rank, str(rank))
