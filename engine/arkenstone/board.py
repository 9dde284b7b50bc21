"""The Arkenstone table (§8.1, §8.2): the figures and cards on it, and the measuring (its sizes are in measures.py).

Shared by the rules, the AI and the renderer. Every function takes a "board": the state or a view (both carry figures, cards and options), so the
AI measures from its own view with exactly the code the rules use.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from engine.core.geometry import (
    COMPASS,
    Point,
    Rect,
    circle_gap,
    circle_on_table,
    circle_rect_gap,
    circles_overlap,
    distance,
    heading,
    offset,
    rect_on_table,
    room_along,
    within,
)
from engine.core.rules import Model, Rejected, Seat

from .actions import MoveDirection, MoveTo, MoveToward
from .measures import CARD_HEIGHT_IN, CARD_WIDTH_IN, CELL_IN, COLUMNS, GRID_CELLS, TABLE_IN, TOLERANCE_IN
from .messages import refuse
from .options import ArkenstoneOptions

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

# --- the figures and the cards on the table (§2) -------------------------------------------------
BILBO, SMAUG = "bilbo", "smaug"
SEATS: tuple[str, ...] = (BILBO, SMAUG)


class Treasure(Model):
    """A diamond on the table. `rank` is secret while face down (the state only, never a view)."""

    label: int
    at: Point
    rank: int
    face_up: bool = False
    removed: bool = False


class Location(Model):
    """A club lying face up: a destination for forced moves."""

    rank: int
    at: Point


def treasure_name(label: int) -> str:
    """T1…T13, the public names of treasure cards (by placement order, §8.1)."""
    return f"T{label}"


RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}


def rank_text(rank: int) -> str:
    """A, 2…10, J, Q, K."""
    return RANK_TEXT.get(rank, str(rank))


class TreasureLike(Protocol):
    label: int
    at: Point
    removed: bool
    face_up: bool


class Board(Protocol):
    options: ArkenstoneOptions
    bilbo: Point | None
    smaug: Point | None

    @property
    def treasures(self) -> Sequence[TreasureLike]: ...

    @property
    def locations(self) -> Sequence[Location]: ...


FIGURE_NAME = {BILBO: "Bilbo", SMAUG: "Smaug"}
MOVE_IN = {BILBO: BILBO_MOVE_IN, SMAUG: SMAUG_MOVE_IN}


def other(seat: Seat) -> Seat:
    """The other side."""
    return SMAUG if seat == BILBO else BILBO


def same_spot(a: Point, b: Point) -> bool:
    """True when `b` reads as `a` at the table's 0.01-inch precision (§8.1) on both axes.

    Reading (§8.1, issue 15 item 5): a point typed to the hundredth names every spot that rounds to it,
    so the position a form shows (each coordinate rounded to 0.01 in) typed back means "where the
    figure stands", not a move of up to 0.007 in diagonally."""
    half = MIN_TRAVEL_IN + 1e-9
    return abs(a.x - b.x) <= half and abs(a.y - b.y) <= half


def inches(value: float) -> str:
    """A distance for a message: at most two decimals, no trailing zeros (4, 4.1, 5.25)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def beyond(value: float, limit: float) -> str:
    """A distance refused for exceeding `limit`, with the decimals it takes to read as more than it.

    Past the 0.001-inch tolerance (§8.2) three decimals always do: "4.003", never "4" against 4."""
    text = inches(value)
    return text if float(text) > limit else f"{value:.3f}".rstrip("0").rstrip(".")


def radius(options: ArkenstoneOptions, seat: Seat) -> float:
    """The base radius of a seat's figure."""
    return options.bilbo_radius_in if seat == BILBO else options.smaug_radius_in


def position(board: Board, seat: Seat) -> Point:
    """Where a seat's figure stands (the figure must be on the table)."""
    at = board.bilbo if seat == BILBO else board.smaug
    assert at is not None, f"{seat} is not on the table yet"
    return at


def card_rect(at: Point) -> Rect:
    """The rectangle of a card centred at `at` (portrait, §8.1)."""
    return Rect.centred(at, CARD_WIDTH_IN, CARD_HEIGHT_IN)


def card_on_table(at: Point) -> bool:
    """True if a card centred here lies fully on the table (AK-SET-4)."""
    return rect_on_table(card_rect(at), TABLE_IN, TABLE_IN, TOLERANCE_IN)


def figure_on_table(options: ArkenstoneOptions, seat: Seat, at: Point) -> bool:
    """True if the seat's base lies fully on the table here."""
    return circle_on_table(at, radius(options, seat), TABLE_IN, TABLE_IN, TOLERANCE_IN)


def figures_gap(board: Board) -> float:
    """Edge-to-edge distance between Bilbo's and Smaug's bases (§8.2)."""
    o = board.options
    return circle_gap(position(board, BILBO), o.bilbo_radius_in, position(board, SMAUG), o.smaug_radius_in)


def bilbo_card_gap(board: Board, at: Point, bilbo_at: Point | None = None) -> float:
    """Shortest distance from Bilbo's base to the card centred at `at` (§8.2)."""
    where = bilbo_at if bilbo_at is not None else position(board, BILBO)
    return circle_rect_gap(where, board.options.bilbo_radius_in, card_rect(at))


def in_reach(gap: float, reach: float) -> bool:
    """ "Within N inches" with the spec's tolerance (AK-GEN-3, §8.2)."""
    return within(gap, reach, TOLERANCE_IN)


def treasure_by_name(board: Board, name: str) -> TreasureLike | None:
    """The treasure card called "T5" (case-insensitive) still on the table, or None."""
    text = name.strip().upper()
    if not (text.startswith("T") and text[1:].isdigit()):
        return None
    label = int(text[1:])
    for t in board.treasures:
        if t.label == label and not t.removed:
            return t
    return None


def location_of(board: Board, rank: int) -> Location:
    """The club of a rank (A16: every club stays on the table)."""
    for loc in board.locations:
        if loc.rank == rank:
            return loc
    raise LookupError(f"no location card of rank {rank}")


def location_code(rank: int) -> str:
    """The public code of a club: "AC", "7C", "KC"."""
    return f"{rank_text(rank)}C"


def location_by_name(board: Board, name: str) -> Location | None:
    """The club named "7C", "7♣", "qc" (case-insensitive), or None."""
    text = name.strip().upper().replace("♣", "C")
    if not text.endswith("C"):
        return None
    for loc in board.locations:
        if location_code(loc.rank) == text:
            return loc
    return None


def target_point(board: Board, seat: Seat, name: str) -> Point:
    """The point a "toward" move heads for: a card's centre or the other figure's centre."""
    key = name.strip().lower()
    if key in (BILBO, SMAUG) and key != seat:
        return position(board, key)
    treasure = treasure_by_name(board, name)
    if treasure is not None:
        return treasure.at
    loc = location_by_name(board, name)
    if loc is not None:
        return loc.at
    raise refuse("arkenstone.unknown_target", target=name)


def travel(
    start: Point, unit: tuple[float, float], length: float, rival_at: Point | None, contact: float
) -> float:
    """How far a base gets along `unit` (at most `length`), stopping at contact with the rival base
    instead of ending overlapped (A10); 0 if it cannot leave its spot that way."""
    if rival_at is None or length <= 0.0:
        return max(length, 0.0)
    fx, fy = start.x - rival_at.x, start.y - rival_at.y
    ex, ey = fx + unit[0] * length, fy + unit[1] * length
    if ex * ex + ey * ey >= (contact - TOLERANCE_IN) ** 2:
        return length  # the end spot is clear (touching is fine)
    b = fx * unit[0] + fy * unit[1]
    c = fx * fx + fy * fy - contact * contact
    if c <= 0.0:
        return 0.0  # already touching or overlapping: no further along this path
    disc = b * b - c
    return max(0.0, -b - math.sqrt(max(disc, 0.0)))


def move_plan(
    board: Board, seat: Seat, action: MoveToward | MoveDirection
) -> tuple[tuple[float, float], float]:
    """The direction and length of a "toward" or compass move, before the rival and the checks.

    Either way the move stops at the table edge: the other figure's centre may lie closer to the
    edge than a bigger base can go."""
    start = position(board, seat)
    if isinstance(action, MoveToward):
        target = target_point(board, seat, action.target)
        # The move never passes the target; a distance beyond the maximum was refused (resolve_move).
        limit = MOVE_IN[seat]
        wanted = limit if action.distance_in is None else min(action.distance_in, limit)
        unit, length = heading(start, target), min(wanted, distance(start, target))
    else:
        unit, length = COMPASS[action.direction], action.distance_in
    return unit, min(length, room_along(start, unit, radius(board.options, seat), TABLE_IN, TABLE_IN))


def resolve_move(board: Board, seat: Seat, action: MoveTo | MoveToward | MoveDirection) -> Point:
    """Where a move action takes the seat's figure, or Rejected with the numbers (A10, §8.2).

    Reading (§8.3, A10): a "toward" move heads for the card's centre (or the other figure's centre),
    never passes the target and stops at contact instead of ending overlapped; a compass move stops
    at the table edge. One rule for over-long moves in every game (issue 27 item 7): a distance
    beyond the maximum is refused with the numbers, whatever the move's form (an exact MoveTo, a
    compass distance, or a "toward" distance: §8.3's "clipped to the maximum" read as refused with
    the maximum, as ClickWars refuses a path longer than the unit's move, CW-MOV). Chosen over
    confirming a shortened move because nothing then happens that the player did not ask for,
    the refusal names the maximum, and "as far as allowed" stays one empty field away (a "toward"
    move with no distance goes the maximum). Figures never block a path, only the end spot. A move
    that would go nowhere (under half the 0.01-inch precision, §8.1: an exact point where the figure
    already stands, or such a tiny distance) is refused whatever its form; staying put is a pass."""
    o = board.options
    start = position(board, seat)
    limit = MOVE_IN[seat]
    name = FIGURE_NAME[seat]
    if isinstance(action, MoveTo):
        end = Point(x=action.x, y=action.y)
        length = distance(start, end)
        if length < MIN_TRAVEL_IN or same_spot(start, end):  # no move (staying put is a pass)
            raise refuse("arkenstone.no_move", figure=name)
        if not in_reach(length, limit):
            raise _too_far(length, name, limit)
        if not figure_on_table(o, seat, end):
            raise refuse(
                "arkenstone.off_table",
                figure=name,
                x=inches(end.x),
                y=inches(end.y),
            )
        _check_no_overlap(board, seat, end)
        return end
    if action.distance_in is not None and action.distance_in <= 0:
        raise refuse("arkenstone.bad_distance")
    if action.distance_in is not None and action.distance_in < MIN_TRAVEL_IN:
        raise refuse("arkenstone.no_move", figure=name)  # asked for less than the table measures
    if action.distance_in is not None and not in_reach(action.distance_in, limit):
        raise _too_far(action.distance_in, name, limit)
    unit, length = move_plan(board, seat, action)
    rival = other(seat)
    rival_at = board.bilbo if rival == BILBO else board.smaug
    got = travel(start, unit, length, rival_at, radius(o, seat) + radius(o, rival))
    if got < MIN_TRAVEL_IN:
        if isinstance(action, MoveToward):
            raise refuse(
                "arkenstone.no_closer",
                figure=name,
                target=action.target,
            )
        raise refuse(
            "arkenstone.no_room",
            figure=name,
            direction=action.direction,
        )
    end = offset(start, unit, got)
    _check_no_overlap(board, seat, end)
    return end


def _too_far(length: float, name: str, limit: float) -> Rejected:
    return refuse(
        "arkenstone.move_too_far",
        distance=beyond(length, limit),
        figure=name,
        limit=inches(limit),
    )


def _check_no_overlap(board: Board, seat: Seat, end: Point) -> None:
    """A10: a figure may not voluntarily end overlapping the other figure's base."""
    o = board.options
    rival = other(seat)
    rival_at = board.bilbo if rival == BILBO else board.smaug
    if rival_at is not None and circles_overlap(
        end, radius(o, seat), rival_at, radius(o, rival), TOLERANCE_IN
    ):
        raise refuse(
            "arkenstone.overlap",
            figure=FIGURE_NAME[seat],
            other=FIGURE_NAME[rival],
        )


# --- the grid draft (§8.1) -----------------------------------------------------------------------


def cell_centre(column: int, row: int) -> Point:
    """The centre of cell (column 0–6 = A–G, row 0–6 = 1–7)."""
    return Point(x=CELL_IN * (column + 0.5), y=CELL_IN * (row + 0.5))


def cell_name(column: int, row: int) -> str:
    """ "A1"…"G7"."""
    return f"{COLUMNS[column]}{row + 1}"


CELLS: tuple[tuple[str, Point], ...] = tuple(
    (cell_name(c, r), cell_centre(c, r)) for r in range(GRID_CELLS) for c in range(GRID_CELLS)
)
CELL_BY_NAME = dict(CELLS)


def parse_cell(text: str) -> Point | None:
    """The centre of a cell named like "C4" (case-insensitive), or None."""
    return CELL_BY_NAME.get(text.strip().upper())


def cell_at(at: Point) -> str | None:
    """The name of the cell whose centre is `at` (within the tolerance), or None."""
    for name, centre in CELLS:
        if abs(centre.x - at.x) <= TOLERANCE_IN and abs(centre.y - at.y) <= TOLERANCE_IN:
            return name
    return None


def _cards_overlap(a: Point, b: Point) -> bool:
    """True if two cards centred at `a` and `b` overlap (same size and orientation: compare centres)."""
    return abs(a.x - b.x) < CARD_WIDTH_IN and abs(a.y - b.y) < CARD_HEIGHT_IN


def cell_is_free(board: Board, at: Point) -> bool:
    """Reading (§8.1): a cell is empty when no card and no figure base covers a card laid at its centre."""
    if any(_cards_overlap(at, t.at) for t in board.treasures) or any(
        _cards_overlap(at, loc.at) for loc in board.locations
    ):
        return False
    rect = card_rect(at)
    for seat in (BILBO, SMAUG):
        fig = board.bilbo if seat == BILBO else board.smaug
        if fig is not None and circle_rect_gap(fig, radius(board.options, seat), rect) <= 0.0:
            return False
    return True


def free_cells(board: Board) -> list[tuple[str, Point]]:
    """The empty cells, A1 first."""
    return [(name, at) for name, at in CELLS if cell_is_free(board, at)]
