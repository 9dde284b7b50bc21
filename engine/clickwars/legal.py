"""The finite, useful sample of actions a side may take now (buttons, the AI, random-play tests).

Moves are sampled per unit: full and half allowance toward the nearest enemy, toward the nearest
cover (a spot behind a sight-blocking piece), back toward the own area when wounded, and toward the
objective; each is checked with the same rules `decide` uses. Typed forms reach any other point.
"""

from __future__ import annotations

import math
from typing import Literal

from engine.core import Action, Rejected
from engine.core.shapes import bearing_of, snap

from . import actions as a
from .armies import CHARGE_CM
from .deploy import check_placement, pieces_to_place
from .los import CONTACT_CM, engaged_with, gap, is_engaged, reach
from .movement import allowance, check_charge, check_move
from .state import CwState, Seat, Unit, deployment_bounds

PLANS: tuple[Literal["line", "cover", "spread"], ...] = ("line", "cover", "spread")


def legal_actions(s: CwState, seat: Seat) -> list[Action]:
    match s.phase:
        case "setup":
            return [a.ConfirmSetup()]
        case "edge":
            return [a.ChooseEdge(edge="south"), a.ChooseEdge(edge="north")]
        case "role":
            return [a.ChooseRole(role="attacker"), a.ChooseRole(role="defender")]
        case "quarry":
            names = sorted({u.profile for u in s.units.values() if u.side == seat and not u.is_gun})
            return [a.NameQuarry(quarry=n) for n in names]
        case "deploy":
            out: list[Action] = [a.AutoDeploy(plan=p) for p in PLANS]
            if _deployment_complete(s, seat):
                out.insert(0, a.ConfirmDeployment())  # first: a finished plan is one click from done
            return out
        case "movement":
            confirm: list[Action] = [a.Confirm()] if seat in s.orders else []  # a previewed order
            return [*confirm, *_moves(s, seat), a.EndPhase()]
        case "shooting":
            return [*_shots(s, seat), a.EndPhase()]
        case "assault" | "counter":
            return [*_fights(s, seat), a.EndPhase()]
    return []


def _deployment_complete(s: CwState, seat: Seat) -> bool:
    placed = s.pending[seat]
    if any(k not in placed for k in pieces_to_place(s, seat)):
        return False
    try:
        for key, (x, y) in placed.items():
            check_placement(s, seat, key, x, y)
    except Rejected:
        return False
    return True


def ready_units(s: CwState, seat: Seat) -> list[Unit]:
    return [u for u in s.units.values() if u.side == seat and u.placed and u.idle_turn != s.turn]


def _nearest(u: Unit, others: list[Unit]) -> Unit | None:
    ux, uy = u.xy
    best: tuple[float, str, Unit] | None = None
    for o in others:
        ox, oy = o.xy
        key = (math.hypot(ox - ux, oy - uy), o.id, o)
        if best is None or key[:2] < best[:2]:
            best = key
    return None if best is None else best[2]


def cover_spots(s: CwState, seat: Seat) -> list[tuple[float, float]]:
    """Spots just behind each sight-blocking piece, as seen from the enemy's side of the table."""
    lo, _ = deployment_bounds(s, seat)
    back = -1.0 if lo == 0.0 else 1.0  # toward the own edge
    spots = []
    for area in s.terrain:
        if area.sight == "none":
            continue
        x0, y0, x1, y1 = area.shape.bbox()
        y = (y0 - 3.0) if back < 0 else (y1 + 3.0)
        spots.append(((x0 + x1) / 2, y))
    return spots


def _moves(s: CwState, seat: Seat) -> list[Action]:
    enemies = [u for u in s.units.values() if u.side != seat and u.placed]
    out: list[Action] = []
    spots = cover_spots(s, seat)
    from .victory import objective

    goal = objective(s)
    for u in ready_units(s, seat):
        if u.moved or (u.charged_turn is not None and u.charged_turn == s.turn - 2):
            continue
        if u.gun is not None and s.units[u.gun].placed and not u.is_gun:
            continue  # a crewman stays with his gun (the gun's move carries him)
        if u.is_gun and u.crew is None:
            continue
        targets: list[tuple[float, float]] = []
        foe = _nearest(u, enemies)
        if foe is not None:
            targets.append(foe.xy)
        cover = min(spots, key=lambda p: math.hypot(p[0] - u.x, p[1] - u.y), default=None)  # type: ignore[operator]
        if cover is not None:
            targets.append(cover)
        if u.life < u.max_life:
            lo, hi = deployment_bounds(s, seat)
            targets.append((u.x, (lo + hi) / 2))  # type: ignore[arg-type]
        if goal is not None:
            targets.append(goal)
        seen: set[tuple[float, float]] = set()
        step = allowance(s, u)
        foes = engaged_with(s, u)
        if foes and not (u.p.lancer or u.type == "cavalry"):
            targets = [foes[0].xy]  # an engaged unit may only close in (CW-MOV-4)
        w = u.ranged()
        stops = [u.radius + 2.0 if foe is not None and (tx, ty) == foe.xy else 0.0 for tx, ty in targets]
        if foe is not None and w is not None and not u.is_gun:
            targets.append(foe.xy)  # close to just inside the weapon's range of the nearest enemy
            stops.append(w.range_cm + u.radius + foe.radius - 1.0)
        for (tx, ty), stop in zip(targets, stops, strict=True):
            d = math.hypot(tx - u.x, ty - u.y)  # type: ignore[operator]
            if d < 0.5:
                continue
            for frac in (1.0, 0.5):
                go = min(step * frac, d - stop)
                if go < 0.5:
                    continue
                dest = (snap(u.x + (tx - u.x) / d * go), snap(u.y + (ty - u.y) / d * go))  # type: ignore[operator]
                if dest in seen:
                    continue
                seen.add(dest)
                try:
                    check_move(s, u, dest, foes=foes)
                except Rejected:
                    continue
                out.append(a.Move(unit=u.id, x=dest[0], y=dest[1]))
                break
        if u.type == "cavalry" and foe is not None and not is_engaged(s, u):
            if math.hypot(foe.x - u.x, foe.y - u.y) <= CHARGE_CM + 3:  # type: ignore[operator]
                bearing = round(bearing_of(u.x, u.y, foe.x, foe.y)) % 360  # type: ignore[arg-type]
                try:
                    check_charge(s, u, bearing)
                    out.append(a.Charge(unit=u.id, bearing=bearing))
                except Rejected:
                    pass
        if not u.is_gun and u.type == "infantry" and u.gun is None:
            for g in s.units.values():
                if (
                    g.is_gun
                    and g.side == seat
                    and g.placed
                    and g.crew is None
                    and gap(u, g) <= CONTACT_CM + 1e-9
                ):
                    out.append(a.Crew(unit=u.id, gun=g.id))
    return out


def _shots(s: CwState, seat: Seat) -> list[Action]:
    from .rules import shot_problem

    enemies = [u for u in s.units.values() if u.side != seat and u.placed]
    out: list[Action] = []
    for u in ready_units(s, seat):
        w = u.ranged()
        if w is None or u.shot:
            continue
        for t in enemies:
            if gap(u, t) > w.range_cm + 10.0 + 1e-9:
                continue  # cheap range filter before sight
            if shot_problem(s, u, t, False) is None:
                out.append(a.Shoot(unit=u.id, target=t.id))
            elif u.is_gun and not t.is_gun and shot_problem(s, u, t, True) is None:
                out.append(a.Shoot(unit=u.id, target=t.id, indirect=True))
    return out


def _fights(s: CwState, seat: Seat) -> list[Action]:
    from .rules import fight_problem

    enemies = [u for u in s.units.values() if u.side != seat and u.placed]
    out: list[Action] = []
    for u in ready_units(s, seat):
        if u.is_gun or u.fought:
            continue
        r = reach(u)
        for t in enemies:
            if gap(u, t) <= r + 1e-9 and fight_problem(s, u, t) is None:
                out.append(a.Fight(unit=u.id, target=t.id))
    return out
