"""The ClickWars AI: plays either side from its own view, choosing among the legal sample.

Deploys behind cover: the "cover" plan, the spread-out rows with each unit moved up to 6 cm to the
spot the terrain hides from most of the enemy's strip, bases 9 cm apart (against a random player,
seeds 0-79: 60 wins, 7 draws, 13 losses, where "spread" had 55, 12 and 13; the former "cover" plan,
clustered behind the blockers, fed the enemy's blast template and won 18 of 36 against 25). Each
move is scored by where it leaves the unit: targets it can shoot this turn (or an enemy in reach for
close-combat troops) against the danger there (every enemy that could move and then shoot it, in
sight from where it stands now, or reach it in close combat or by a charge), so the army advances
cover to cover to the edge of the enemy's reach, then steps in and shoots first; an enemy gun's
reach weighs three times its expected harm (a blast mostly kills; wins against a random player,
seeds 0-35: 1x 25, 2x 28, 3x 27, 6x 22; seeds 36-71: 2x 20, 3x 23); the wounded walk home to heal
(CW-LIF-3). In the last rounds the count of troops standing steers it (CW-WIN-1): ahead, it holds
and keeps out of harm's way; level or behind, it goes for kills. It charges when the corridor holds
enemies, keeps the gun crewed, shoots the most damaged target it can reach (a gun the densest enemy
group) and fights the weakest enemy in reach.
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
from .armies import CHARGE_CM, MOVE_CM
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

    DANGER = 0.2  # weight of the harm the enemy could do next turn
    SHOOT = 8.0  # a spot from which the unit can shoot this turn
    ADVANCE = 0.25  # per cm nearer the enemy, while nothing is in range

    def mood(self, view: CwView) -> tuple[float, float]:
        """(danger weight, advance weight) for the count of troops standing (CW-WIN-1 at the time
        limit): ahead, hold on and keep out of harm's way; level or behind late on, go for kills."""
        mine = sum(1 for u in view.units if u.placed and not u.is_gun and u.side == view.seat)
        theirs = sum(1 for u in view.units if u.placed and not u.is_gun and u.side != view.seat)
        left = view.options.rounds - view.round
        if mine > theirs and left <= self.LATE:
            return self.DANGER * 2.5, 0.0
        if mine <= theirs and left <= self.LATE:
            return self.DANGER * 0.5, self.ADVANCE * 2.0
        return self.DANGER, self.ADVANCE

    LATE = 3  # rounds before the limit when the count starts to steer
    DEPLOY = "cover"
    GUN = 3.0  # an enemy gun's reach weighs 3x its expected damage (a blast mostly kills; measured 1-6)

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
                return -100.0 if view.my_deployment else (3.0 if plan == self.DEPLOY else 1.0)
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

    def danger(self, board: Board, u: Unit, spot: tuple[float, float]) -> float:
        """The harm the enemy could do to `u` at `spot` in its next turn: each enemy that could move
        and then shoot it (in range after its move, in sight from where it stands now) or reach it
        in close combat, weighed by its chance to hit and its weapon (a gun's blast counts most)."""
        me = u.model_copy(update={"x": spot[0], "y": spot[1]})
        board.units[u.id] = me
        try:
            harm = 0.0
            for o in board.units.values():
                if not o.placed or o.side == u.side:
                    continue
                d = gap(me, o)
                step = MOVE_CM[o.type]
                w = o.ranged()
                if o.is_gun:
                    crew = board.units.get(o.crew or "")
                    if crew is not None and crew.placed and d <= 40.0 + 10.0 + step:
                        harm += self.GUN * 0.6 * 27.5 * 0.5  # a blast, half the time on target
                elif w is not None and d <= w.range_cm + step + 10.0 and line_of_sight(board, o, me):  # type: ignore[arg-type]
                    harm += min(o.p.di, 9) / 10 * 11.0
                charge = CHARGE_CM if o.type == "cavalry" else step
                if o.p.melee is not None and d <= charge + 3.0:
                    harm += min(o.p.cc, 9) / 10 * 11.0
            return harm
        finally:
            board.units[u.id] = u

    def value(self, view: CwView, board: Board, u: Unit, spot: tuple[float, float]) -> float:
        """How good it is for `u` to stand at `spot` now: targets to shoot this turn (or, for close
        combat troops, enemies in reach), minus the danger there; far from everything, nearer the
        enemy is better (so the army advances, cover to cover, to the edge of the enemy's reach)."""
        enemies = [o for o in board.units.values() if o.placed and o.side != u.side]
        if not enemies:
            return 0.0
        can, _ = self.threats(board, u, spot)
        near = min(math.hypot(o.x - spot[0], o.y - spot[1]) - o.radius - u.radius for o in enemies)  # type: ignore[operator]
        melee = u.ranged() is None or (melee_weapon(u) is not None and u.p.cc >= 6)
        danger, advance = self.mood(view)
        score = 0.0
        if u.is_gun:
            score += self.SHOOT if can else -0.2 * near
        elif melee:
            score += 12.0 if near <= 1.0 else -(advance + 0.1) * near
        else:
            score += self.SHOOT * min(can, 1) + (0.0 if can else -advance * near)
        score -= danger * self.danger(board, u, spot)
        if u.life <= u.max_life * 0.5 and not u.is_gun:
            lo, hi = deployment_bounds(board, u.side)  # type: ignore[arg-type]
            score -= 0.8 * abs(spot[1] - (lo + hi) / 2)  # the wounded walk home to heal (CW-LIF-3)
        if view.objective is not None and u.side == (view.attacker or u.side):
            ox, oy = view.objective
            score -= 0.3 * math.hypot(ox - spot[0], oy - spot[1])
        return score

    def move_score(self, view: CwView, board: Board, u: Unit, dest: tuple[float, float]) -> float:
        score = self.value(view, board, u, dest) - self.value(view, board, u, u.xy)
        friends_near = 0
        for o in board.units.values():
            if o.placed and o.side == u.side and o.id not in (u.id, u.gun, u.crew):
                ox, oy = o.xy
                friends_near += math.hypot(ox - dest[0], oy - dest[1]) < 9.0
        return score - 1.0 * friends_near  # spread out: a blast template is 10 cm across

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
