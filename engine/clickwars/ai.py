"""The ClickWars AI: plays either side from its own view, choosing among the legal sample.

Deploys spread out (measured: clusters behind cover feed the enemy's blast template, 12-5-13
against a random player over 30 seeds, spread 17-8-5); moves cover to cover (a destination scores the enemies it can shoot minus the
enemies that can shoot it, melee troops close in, the wounded walk home to heal); charges when the
corridor holds enemies; keeps the gun crewed; shoots the most damaged target it can reach (a gun
the densest enemy group); fights the weakest enemy in reach; ends a phase when nothing pays.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engine.core import Action, Dice
from engine.core.shapes import bearing_unit, capsule_hits_circle

from . import actions as a
from .armies import CHARGE_CM
from .los import gap, line_of_sight, melee_weapon
from .state import Unit, deployment_bounds
from .view import CwView


@dataclass
class Board:
    """The few fields the sight helpers read, built from a view (duck-typed like CwState)."""

    terrain: list[Any]
    units: dict[str, Unit]
    south: str
    height: float
    width: float


def _board(view: CwView) -> Board:
    return Board(
        terrain=view.terrain,
        units={u.id: u for u in view.units},
        south=view.south,
        height=float(view.options.height),
        width=float(view.options.width),
    )


class ClickWarsPilot:
    """A heuristic pilot; `dice` only breaks ties."""

    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        assert isinstance(view, CwView)
        seat = view.seat or "red"
        board = _board(view)
        best: tuple[float, int, Action] | None = None
        for n, action in enumerate(legal):
            score = self.score(view, board, seat, action) + dice.uniform(0, 0.01)
            if best is None or score > best[0]:
                best = (score, n, action)
        assert best is not None
        return best[2]

    # --- scoring --------------------------------------------------------------------------------
    def score(self, view: CwView, board: Board, seat: str, action: Action) -> float:
        match action:
            case a.ConfirmSetup() | a.ConfirmDeployment():
                return 10.0
            case a.ChooseEdge(edge=edge):
                return 1.0 if edge == "south" else 0.0
            case a.ChooseRole(role=role):
                return 1.0 if role == "defender" else 0.0  # the defender wins when time runs out
            case a.NameQuarry(quarry=q):
                return {"swordsman": 3.0, "cavalry": 2.0}.get(q, 0.0)
            case a.AutoDeploy(plan=plan):
                return -100.0 if view.my_deployment else {"cover": 1.0, "spread": 3.0, "line": 2.0}[plan]
            case a.EndPhase():
                return 0.0
            case a.Crew():
                return 50.0
            case a.Charge(unit=uid, bearing=bearing):
                return self.charge_score(board, board.units[uid], bearing)
            case a.Move(unit=uid, x=x, y=y):
                return self.move_score(view, board, board.units[uid], (x, y))
            case a.Shoot(unit=uid, target=tid, indirect=indirect):
                return self.shot_score(board, board.units[uid], board.units[tid], indirect)
            case a.ShootPoint():
                return 1.0
            case a.Fight(target=tid):
                t = board.units[tid]
                return 30.0 + (t.max_life - t.life)
        return 0.0

    def charge_score(self, board: Board, u: Unit, bearing: int) -> float:
        ux, uy = bearing_unit(bearing)
        end = (u.x + ux * CHARGE_CM, u.y + uy * CHARGE_CM)  # type: ignore[operator]
        victims = [
            o
            for o in board.units.values()
            if o.placed and o.side != u.side and capsule_hits_circle(u.xy, end, u.radius, o.x, o.y, o.radius)  # type: ignore[arg-type]
        ]
        if not victims:
            return -1.0
        kills = sum(1 for v in victims if v.life <= 9)
        return 12.0 * len(victims) + 10.0 * kills - 4.0  # the charger ends among the enemy

    def threats(self, board: Board, u: Unit, spot: tuple[float, float]) -> tuple[int, int]:
        """(enemies `u` could shoot from `spot`, enemy shooters that could shoot it there)."""
        me = u.model_copy(update={"x": spot[0], "y": spot[1]})
        board.units[u.id] = me
        try:
            mine = me.ranged()
            can, seen = 0, 0
            for o in board.units.values():
                if not o.placed or o.side == u.side:
                    continue
                d = gap(me, o)
                if mine is not None and not me.is_gun and d <= mine.range_cm and line_of_sight(board, me, o):  # type: ignore[arg-type]
                    can += 1
                if me.is_gun and d <= 40.0:
                    can += 1
                w = o.ranged()
                if w is not None and d <= w.range_cm + 10.0 and line_of_sight(board, o, me):  # type: ignore[arg-type]
                    seen += 1
            return can, seen
        finally:
            board.units[u.id] = u

    def move_score(self, view: CwView, board: Board, u: Unit, dest: tuple[float, float]) -> float:
        enemies = [o for o in board.units.values() if o.placed and o.side != u.side]
        if not enemies:
            return -1.0
        here_can, here_seen = self.threats(board, u, u.xy)
        there_can, there_seen = self.threats(board, u, dest)
        score = 3.0 * (min(there_can, 1) - min(here_can, 1)) - 1.2 * (there_seen - here_seen)
        near_here = min(math.hypot(o.x - u.x, o.y - u.y) for o in enemies)  # type: ignore[operator]
        near_there = min(math.hypot(o.x - dest[0], o.y - dest[1]) for o in enemies)  # type: ignore[operator]
        ranged = u.ranged()
        if u.is_gun:
            score += (
                0.2 * (near_here - near_there) if here_can == 0 else -5.0
            )  # a gun stays put while it has targets
        elif ranged is None or (melee_weapon(u) is not None and u.p.cc >= 6):
            score += 0.8 * (near_here - near_there)  # melee troops close in
        elif here_can == 0:
            score += 0.6 * (near_here - near_there)  # shooters advance until something is in range
        friends_near = 0
        for o in board.units.values():
            if o.placed and o.side == u.side and o.id not in (u.id, u.gun, u.crew):
                ox, oy = o.xy
                friends_near += math.hypot(ox - dest[0], oy - dest[1]) < 9.0
        score -= 1.0 * friends_near  # spread out: a blast template is 10 cm across
        if u.life <= u.max_life * 0.4:
            lo, hi = deployment_bounds(board, u.side)  # type: ignore[arg-type]
            mid = (lo + hi) / 2
            score += 0.6 * (abs(u.y - mid) - abs(dest[1] - mid))  # type: ignore[operator]
        if view.objective is not None and u.side == (view.attacker or u.side):
            ox, oy = view.objective
            score += 0.3 * (math.hypot(ox - u.x, oy - u.y) - math.hypot(ox - dest[0], oy - dest[1]))  # type: ignore[operator]
        return score

    def shot_score(self, board: Board, u: Unit, t: Unit, indirect: bool) -> float:
        if u.is_gun:
            value = 0.0
            for o in board.units.values():
                if not o.placed or o.id == u.id:
                    continue
                d = math.hypot(o.x - t.x, o.y - t.y)  # type: ignore[operator]
                if o.side != u.side and d < 5.0 + o.radius:
                    value += 12.0  # under the template of a hit
                elif o.side == u.side and d < 5.0 + o.radius + 25.4:
                    value -= 10.0 if d < 5.0 + o.radius + 10.0 else 4.0  # a miss may land on friends
            return value - (6.0 if indirect else 0.0)
        bonus = 15.0 if t.gun is not None else 0.0  # silence the enemy gun
        return 20.0 + (t.max_life - t.life) + (10.0 if t.life <= 12 else 0.0) + bonus
