"""AI for both sides, playing from the seat's own view and the legal actions (issue item 3).

Bilbo heads for the nearest unsearched treasure (or the face-up Arkenstone) and avoids ending near
Smaug; Smaug hunts Bilbo and discovers him whenever he can. Both guess higher or lower by the odds of
the cards left in their own deck since its last shuffle (all turned cards are public). Bilbo guesses
at once when his free action would not help (A13). At setup Smaug takes the middle of the table and
Bilbo a spot far from him; each lays the treasure near himself, and the clubs of Smaug's J/Q/K
events near the treasure (Smaug) or far from it (Bilbo), the other clubs the other way round.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from engine.core.dice import Dice
from engine.core.geometry import Point, circle_gap, distance
from engine.core.rules import Action, Rejected, Seat

from .actions import (
    Discover,
    Guess,
    MoveDirection,
    MoveTo,
    MoveToward,
    Pass,
    PlaceCard,
    PlaceFigure,
    Recover,
    Search,
    Trick,
    TurnUp,
)
from .board import BILBO, SMAUG, SMAUG_MOVE_IN, TABLE_IN, bilbo_card_gap, location_of, position, resolve_move
from .state import ARKENSTONE, RANKS, SMAUG_EVENT_RANGE_IN
from .view import ArkenstoneView, TreasureView

SMAUG_THREAT_IN = SMAUG_MOVE_IN + 1.0
"""Smaug moves 6 inches and then discovers within 1: a gap Bilbo prefers not to end his turn in."""


def guess_higher(view: ArkenstoneView, seat: Seat) -> bool:
    """True if more of the cards left in the seat's deck are higher than the reference."""
    assert view.reference is not None
    left = [r for r in RANKS if r not in view.drawn[seat]]
    higher = sum(1 for r in left if r > view.reference)
    return 2 * higher >= len(left)


def _pick(legal: Sequence[Action], wanted: Action) -> Action:
    """`wanted` if it is among the legal actions, else the first legal one."""
    return wanted if wanted in legal else legal[0]


def _end_of(view: ArkenstoneView, seat: Seat, action: Action) -> Point | None:
    """Where a move would take the seat (None for a non-move or a refused move)."""
    if not isinstance(action, MoveTo | MoveToward | MoveDirection):
        return None
    try:
        return resolve_move(view, seat, action)
    except Rejected:
        return None


PLACEMENT_CHOICES = 3
"""A pilot lays each piece at one of its three best spots, by its dice, so AI tables differ."""
PLACING = ("place_smaug", "place_bilbo", "place_treasure", "place_location")
MIDDLE = Point(x=TABLE_IN / 2, y=TABLE_IN / 2)


def _spread(view: ArkenstoneView, at: Point) -> float:
    """The mean distance from a spot to the treasure on the table (0 before any is laid)."""
    spots = [t.at for t in view.treasures if not t.removed]
    return sum(distance(at, s) for s in spots) / len(spots) if spots else 0.0


def placement_cost(view: ArkenstoneView, seat: Seat, at: Point) -> float:
    """How poor a spot is for the piece `seat` must lay now (lower is better; AK-SET-1..3)."""
    match view.phase:
        case "place_smaug":
            return distance(at, MIDDLE)  # Smaug reaches the whole table from its middle
        case "place_bilbo":
            return -distance(at, position(view, SMAUG))
        case "place_treasure":  # near your own figure, away from the rival's
            mine, theirs = (BILBO, SMAUG) if seat == BILBO else (SMAUG, BILBO)
            return distance(at, position(view, mine)) - 0.5 * distance(at, position(view, theirs))
    # A club: Smaug's J/Q/K land him there and he discovers Bilbo in range (AK-EVS-J/Q/K), so Smaug
    # wants them by the treasure Bilbo must visit; other clubs take a tricked or escaping figure
    # (AK-TRN-8, AK-DSC-3), which each side wants the other way round.
    near = (view.next_location in SMAUG_EVENT_RANGE_IN) == (seat == SMAUG)
    return _spread(view, at) if near else -_spread(view, at)


def place(view: ArkenstoneView, seat: Seat, legal: Sequence[Action], dice: Dice) -> Action:
    """One of the best few spots on offer for the figure or card to lay now."""
    spots = [a for a in legal if isinstance(a, PlaceFigure | PlaceCard)]
    if not spots:
        return legal[0]
    ranked = sorted(spots, key=lambda a: placement_cost(view, seat, Point(x=a.x, y=a.y)))
    return dice.choice(ranked[:PLACEMENT_CHOICES])


def _targets(view: ArkenstoneView) -> list[TreasureView]:
    """What Bilbo is after: the face-up Arkenstone if known, else every face-down treasure."""
    stone = [t for t in view.treasures if t.face_up and not t.removed and t.rank == ARKENSTONE]
    return stone or [t for t in view.treasures if not t.face_up and not t.removed]


def _smaug_gap(view: ArkenstoneView, bilbo_at: Point, smaug_at: Point | None = None) -> float:
    o = view.options
    return circle_gap(bilbo_at, o.bilbo_radius_in, smaug_at or position(view, SMAUG), o.smaug_radius_in)


def bilbo_value(view: ArkenstoneView, at: Point, smaug_at: Point | None = None) -> float:
    """How good a spot is for Bilbo (higher is better): near a target, away from Smaug."""
    targets = _targets(view)
    reach = min((bilbo_card_gap(view, t.at, at) for t in targets), default=0.0)
    gap = _smaug_gap(view, at, smaug_at)
    danger = 0.0
    if gap <= 1.0:
        danger = 8.0
    elif gap <= SMAUG_THREAT_IN:
        danger = 3.0 * (SMAUG_THREAT_IN - gap) / SMAUG_THREAT_IN
    return -reach - danger


class BilboPilot:
    """Treasure first, Smaug second."""

    seat: Seat = BILBO

    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        assert isinstance(view, ArkenstoneView)
        if view.phase in PLACING:
            return place(view, BILBO, legal, dice)
        match view.phase:
            case "guess":
                return _pick(legal, Guess(higher=guess_higher(view, BILBO)))
            case "trick":  # send Smaug to the club if that puts him farther away
                assert view.trick_rank is not None
                club = location_of(view, view.trick_rank).at
                bilbo = position(view, BILBO)
                farther = distance(bilbo, club) > distance(bilbo, position(view, SMAUG))
                return _pick(legal, Trick(move=farther))
            case "turn_up":  # turn the far cards; Bilbo can search the near ones himself
                bilbo = position(view, BILBO)
                options = [a for a in legal if isinstance(a, TurnUp)]
                by_label = {f"T{t.label}": t for t in view.treasures}
                return max(options, key=lambda a: distance(bilbo, by_label[a.card].at))
            case "free_action" | "action":
                return self._act(view, legal)
        return legal[0]

    def _act(self, view: ArkenstoneView, legal: Sequence[Action]) -> Action:
        if Recover() in legal:
            return Recover()
        searches = [a for a in legal if isinstance(a, Search)]
        if searches:
            return searches[0]
        here = position(view, BILBO)
        best: Action = Pass()
        best_value = bilbo_value(view, here)
        for action in legal:
            end = _end_of(view, BILBO, action)
            if end is not None:
                value = bilbo_value(view, end)
                if value > best_value + 1e-9:
                    best, best_value = action, value
        if best == Pass() and view.phase == "free_action":  # A13: nothing worth doing: guess at once
            best = Guess(higher=guess_higher(view, BILBO))
        return _pick(legal, best)


class SmaugPilot:
    """Hunt Bilbo; discover him at every chance."""

    seat: Seat = SMAUG

    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        assert isinstance(view, ArkenstoneView)
        if view.phase in PLACING:
            return place(view, SMAUG, legal, dice)
        match view.phase:
            case "guess":
                return _pick(legal, Guess(higher=guess_higher(view, SMAUG)))
            case "trick":  # send Bilbo to the club if it is a worse spot for him
                assert view.trick_rank is not None
                club = location_of(view, view.trick_rank).at
                worse = bilbo_value(view, club) < bilbo_value(view, position(view, BILBO))
                return _pick(legal, Trick(move=worse))
            case "free_action" | "action":
                return self._act(view, legal)
        return legal[0]

    def _act(self, view: ArkenstoneView, legal: Sequence[Action]) -> Action:
        if Discover() in legal:
            return Discover()
        bilbo = position(view, BILBO)
        best: Action = Pass()
        best_gap = _smaug_gap(view, bilbo)
        for action in legal:
            end = _end_of(view, SMAUG, action)
            if end is not None:
                gap = _smaug_gap(view, bilbo, end)
                if gap < best_gap - 1e-9:
                    best, best_gap = action, gap
        return _pick(legal, best)


class RandomPilot:
    """Any legal action, uniformly (the benchmark's and the tests' opponent)."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat

    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        return dice.choice(list(legal))
