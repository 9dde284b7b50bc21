"""Orders as players give them through the controls: a move to a point, toward a unit or along a
compass bearing, resolved to a concrete path and cost before it is confirmed (§8.7's prompts).

Readings (OUR, for the controls; the rules are those of movement.py):
- "Toward a unit" goes along the straight line between the centres and stops at base contact
  (edge gap ≤ 0.5 cm, §8.8) at the latest; "along a bearing" is a straight line (§8.8 compass).
- Without a distance, the unit goes as far as it legally may that way: the longest move on the
  0.5 cm steps of the line, from its allowance down, that every movement rule accepts. With a
  distance, exactly that far (capped at base contact toward a unit), or the rule's refusal.
- `state_of(view)` rebuilds a state from a seat's view (no secret is in it after the reveal) so the
  presenter offers only orders the rules accept; `decide` still has the last word.
"""

from __future__ import annotations

import math

from engine.core import Rejected
from engine.core.shapes import bearing_unit, snap

from .armies import GUN_PROFILES
from .los import CONTACT_CM, gap
from .messages import refuse
from .movement import CARRY_CM, MovePlan, allowance, carried_hostage, check_charge, check_move
from .state import CwState, Order, Unit
from .view import CwView

XY = tuple[float, float]
STEP_CM = 0.5
COMPASS: dict[str, int] = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}


def limit_of(s: CwState, u: Unit) -> float:
    """How far `u` may go this move (CW-MOV-1; §8.6 a hostage carrier at infantry speed)."""
    limit = allowance(s, u)
    return min(limit, CARRY_CM) if carried_hostage(s, u) is not None else limit


def resolve_move(
    s: CwState,
    u: Unit,
    *,
    x: float | None = None,
    y: float | None = None,
    toward: str | None = None,
    bearing: int | None = None,
    distance: float | None = None,
) -> MovePlan:
    """The move a player asked for, checked by every movement rule, or the rule's refusal."""
    if x is not None and y is not None:
        return check_move(s, u, (x, y))
    ux, uy = u.xy
    if toward is not None:
        t = s.units.get(toward)
        if t is None or not t.placed or t.id == u.id:
            raise refuse("clickwars.unknown_unit", unit=toward)
        dist = math.hypot(t.x - ux, t.y - uy)  # type: ignore[operator]
        if dist < 1e-9:
            raise refuse("clickwars.no_move", unit=u.id)
        dx, dy = (t.x - ux) / dist, (t.y - uy) / dist  # type: ignore[operator]
        most = dist - u.radius - t.radius - CONTACT_CM / 2  # the far end: in base contact
    elif bearing is not None:
        dx, dy = bearing_unit(bearing)
        most = math.inf
    else:
        raise refuse("clickwars.no_move", unit=u.id)
    if distance is not None:
        d = min(distance, most)
        if d < STEP_CM / 2:
            raise refuse("clickwars.no_move", unit=u.id)
        return check_move(s, u, (ux + dx * d, uy + dy * d))
    return farthest(s, u, dx, dy, min(limit_of(s, u), most))


def farthest(s: CwState, u: Unit, dx: float, dy: float, most: float) -> MovePlan:
    """The longest legal straight move along (dx, dy), at most `most` cm, in 0.5 cm steps."""
    ux, uy = u.xy
    first: Rejected | None = None
    d = math.floor(most / STEP_CM + 1e-9) * STEP_CM
    seen: set[XY] = set()
    while d >= STEP_CM - 1e-9:
        dest = (snap(ux + dx * d), snap(uy + dy * d))
        d -= STEP_CM
        if dest in seen or dest == (ux, uy):
            continue
        seen.add(dest)
        try:
            return check_move(s, u, dest)
        except Rejected as r:
            first = first or r
    raise first or refuse("clickwars.no_move", unit=u.id)


def move_order(s: CwState, u: Unit, plan: MovePlan) -> Order:
    return Order(
        unit=u.id, kind="move", path=tuple(plan.path), cost=round(plan.cost, 1), allowance=limit_of(s, u)
    )


def charge_order(s: CwState, u: Unit, bearing: int) -> Order:
    plan = check_charge(s, u, bearing)
    return Order(
        unit=u.id,
        kind="charge",
        path=(plan.start, plan.end),
        bearing=bearing,
        radius=u.radius,
        victims=tuple(plan.victims),
    )


def uncrewed_guns(units: dict[str, Unit], seat: str) -> list[Unit]:
    """The side's placed guns without a crewman, in the state's order (CW-ART-8)."""
    return [
        g
        for g in units.values()
        if g.crew is None and g.profile in GUN_PROFILES and g.side == seat and g.alive and g.x is not None
    ]


def free_infantryman(u: Unit) -> bool:
    """An infantryman serving no gun: who may replace a gun's crewman (CW-ART-8)."""
    return u.type == "infantry" and u.gun is None


def guns_to_crew(u: Unit, guns: list[Unit]) -> list[Unit]:
    """Those of `guns` (uncrewed, own) that `u` may be declared crewman of now: he is a free
    infantryman in base contact with it (CW-ART-8, §8.8 contact)."""
    if not free_infantryman(u):
        return []
    return [g for g in guns if gap(u, g) <= CONTACT_CM + 1e-9]


def may_crew(s: CwState, u: Unit) -> bool:
    """Whether `u` may be declared crewman of an uncrewed own gun, even after his move this turn
    (CW-ART-8, OUR RESOLUTION: ending his move in base contact with it)."""
    return free_infantryman(u) and bool(guns_to_crew(u, uncrewed_guns(s.units, u.side)))


def can_act(s: CwState, u: Unit) -> bool:
    """Whether `u` may still do something in this phase (the controls' list of units)."""
    if not u.placed or u.side != s.active and s.phase != "counter" or u.idle_turn == s.turn:
        return False
    match s.phase:
        case "movement":
            if u.moved:
                return may_crew(s, u)  # CW-ART-8: his move ended in base contact with an uncrewed gun
            if u.charged_turn is not None and u.charged_turn == s.turn - 2:
                return False
            if u.is_gun:  # CW-MOV-5 with its crewman, who moves once (§8.8; a replacement who walked)
                return u.crew is not None and not s.units[u.crew].moved
            return not (u.gun is not None and s.units[u.gun].placed)  # a crewman goes with his gun
        case "shooting":
            return not u.shot and u.ranged() is not None
        case "assault" | "counter":
            return not u.fought and not u.is_gun
    return False


def state_of(view: CwView) -> CwState:
    """A state with everything a seat's view shows (after the reveal: the whole table)."""
    return CwState(
        seed=0,
        version=view.version,
        options=view.options,
        terrain=view.terrain,
        units={u.id: u.model_copy() for u in view.units},
        phase=view.phase,  # type: ignore[arg-type]
        confirmed=list(view.confirmed),
        first=view.first,
        south=view.south,
        attacker=view.attacker,
        quarry=dict(view.quarry),
        ready=list(view.ready),
        hostages=[h.model_copy() for h in view.hostages],
        round=view.round,
        turn=view.turn,
        active=view.active,
        scores=dict(view.scores),
        marks=view.marks,
    )
