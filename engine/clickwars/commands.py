"""Commands as players give them through the controls: a move to a point, toward a unit or along a
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

from .checks import limit_of
from .los import CONTACT_CM
from .messages import refuse
from .movement import MovePlan, check_charge, check_move
from .state import ClickWarsState, Order, Unit
from .view import ClickWarsView

XY = tuple[float, float]
STEP_CM = 0.5
COMPASS: dict[str, int] = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}


def resolve_move(
    s: ClickWarsState,
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


def farthest(s: ClickWarsState, u: Unit, dx: float, dy: float, most: float) -> MovePlan:
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


def move_order(s: ClickWarsState, u: Unit, plan: MovePlan) -> Order:
    return Order(
        unit=u.id, kind="move", path=tuple(plan.path), cost=round(plan.cost, 1), allowance=limit_of(s, u)
    )


def charge_order(s: ClickWarsState, u: Unit, bearing: int) -> Order:
    plan = check_charge(s, u, bearing)
    return Order(
        unit=u.id,
        kind="charge",
        path=(plan.start, plan.end),
        bearing=bearing,
        radius=u.radius,
        victims=tuple(plan.victims),
    )


def state_of(view: ClickWarsView) -> ClickWarsState:
    """A state with everything a seat's view shows (after the reveal: the whole table)."""
    return ClickWarsState(
        seed=0,
        version=view.version,
        options=view.options,
        terrain=view.terrain,
        units={u.id: u for u in view.units},
        phase=view.phase,  # type: ignore[arg-type]
        confirmed=list(view.confirmed),
        first=view.first,
        south=view.south,
        attacker=view.attacker,
        quarry=dict(view.quarry),
        ready=list(view.ready),
        hostages=list(view.hostages),
        round=view.round,
        turn=view.turn,
        active=view.active,
        scores=dict(view.scores),
        marks=view.marks,
    )
