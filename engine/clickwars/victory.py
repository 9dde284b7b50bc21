"""Victory (CW-WIN-1, CW-WIN-2, §8.6): instant results after every decision, and the round's end.

Surrender is the platform's /concede (every game has it), so it needs no rule here.
Readings: "troops standing" counts living figures (crews count, guns do not, §8.6); an objective is
held "alone" when only one side has a figure centred inside it (§8.8: a gun piece is not one, so an
uncrewed gun alone in the circle holds nothing); hostages never count.
"""

from __future__ import annotations

import math
from typing import Any

from engine.core import Outcome, Tape

from . import events as e
from .armies import GUN_PROFILES
from .deploy import deployment_bounds
from .state import SEATS, ClickWarsState, Seat, other

OBJECTIVE_RADIUS_CM = 10.0


def figures(s: ClickWarsState, side: Seat) -> list[Any]:
    return [u for u in s.units.values() if u.side == side and u.placed and not u.is_gun]


def objective(s: ClickWarsState) -> tuple[float, float] | None:
    """The objective circle's centre for assault (30 cm from the defender's edge) or take and hold (centre)."""
    if s.options.scenario == "take_and_hold":
        return (s.width / 2, s.height / 2)
    if s.options.scenario == "assault" and s.attacker is not None:
        defender = other(s.attacker)
        return (s.width / 2, 30.0 if defender == s.south else s.height - 30.0)
    return None


def holder(s: ClickWarsState) -> Seat | None:
    """The side alone with units centred in the objective circle, if any."""
    centre = objective(s)
    if centre is None:
        return None
    inside = {  # figures only: a gun piece does not count as a figure for victory (§8.8)
        u.side
        for u in s.units.values()
        if u.placed
        and not u.is_gun
        and math.hypot(u.x - centre[0], u.y - centre[1]) <= OBJECTIVE_RADIUS_CM + 1e-9  # type: ignore[operator]
    }
    return next(iter(inside)) if len(inside) == 1 else None


def quarry_dead(s: ClickWarsState, side: Seat) -> bool:
    q = s.quarry.get(side)
    if q is None:
        return False
    marked = [u for u in s.units.values() if u.side == side and (u.id == q or u.profile == q)]
    return bool(marked) and all(not u.alive for u in marked)


def instant_result(s: ClickWarsState) -> Outcome | None:
    # CW-WIN-2: which sides still have a figure (guns are not figures, §8.6), asked after every
    # decision. The armies are listed one after the other, red's first: each side's search starts
    # from its own end of the list.
    units = list(s.units.values())
    alive = {"red": False, "blue": False}
    for side, order in (("red", units), ("blue", reversed(units))):
        for u in order:
            if u.side == side and u.alive and u.x is not None and u.profile not in GUN_PROFILES:
                alive[side] = True  # a placed figure, not a gun
                break
    if not any(alive.values()):
        return Outcome(winners=(), reason="clickwars.end.mutual_destruction")
    for side in SEATS:
        if not alive[side]:
            return Outcome(winners=(other(side),), reason="clickwars.end.extermination")
    scenario = s.options.scenario
    if scenario == "hunt":
        dead = [side for side in SEATS if quarry_dead(s, side)]
        if len(dead) == 2:
            return Outcome(winners=(), reason="clickwars.end.both_quarries")
        if dead:
            return Outcome(
                winners=(other(dead[0]),), reason="clickwars.end.hunt", params={"quarry": s.quarry[dead[0]]}
            )
    if scenario == "hostage_rescue" and s.attacker is not None:
        lo, hi = deployment_bounds(s, s.attacker)
        if any(lo <= h.y <= hi for h in s.hostages):
            return Outcome(winners=(s.attacker,), reason="clickwars.end.rescued")
    return None


def standing(s: ClickWarsState) -> Outcome:
    """Troops standing (CW-WIN-1): more living figures wins; equal is a draw."""
    n = {side: len(figures(s, side)) for side in SEATS}
    params = {"red": n["red"], "blue": n["blue"]}
    if n["red"] == n["blue"]:
        return Outcome(winners=(), reason="clickwars.end.standing_draw", params=params)
    return Outcome(
        winners=("red" if n["red"] > n["blue"] else "blue",), reason="clickwars.end.standing", params=params
    )


def round_end(t: Tape[ClickWarsState]) -> bool:
    """Score the round, check the scenario and the round limit; True when the game ended."""
    s = t.state
    scenario = s.options.scenario
    held = holder(s)
    scores = dict(s.scores)
    if scenario == "take_and_hold" and held is not None:
        scores[held] += 1
    t.emit(e.RoundEnded(round=s.round, holder=held, scores=scores if scenario == "take_and_hold" else {}))
    s = t.state
    result: Outcome | None = None
    last = s.round >= s.options.rounds
    if scenario == "take_and_hold":
        if any(v >= 3 for v in scores.values()):
            result = Outcome(
                winners=(max(scores, key=lambda k: scores[k]),), reason="clickwars.end.held", params=scores
            )
        elif last:
            if scores["red"] == scores["blue"]:
                result = Outcome(winners=(), reason="clickwars.end.held_draw", params=scores)
            else:
                result = Outcome(
                    winners=("red" if scores["red"] > scores["blue"] else "blue",),
                    reason="clickwars.end.held",
                    params=scores,
                )
    elif scenario == "assault" and s.attacker is not None:
        if held == s.attacker:
            result = Outcome(winners=(s.attacker,), reason="clickwars.end.assault_taken")
        elif last:
            result = Outcome(winners=(other(s.attacker),), reason="clickwars.end.defended")
    elif scenario == "hostage_rescue" and s.attacker is not None:
        if last:
            result = Outcome(winners=(other(s.attacker),), reason="clickwars.end.defended")
    elif last:
        result = standing(s)  # §8.8: any scenario without its own time rule
    if result is not None:
        t.emit(e.GameEnded(outcome=result))
        return True
    return False
