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

Keeping the gun crewed (CW-ART-8, A14): when a gun's crewman dies, the AI picks the infantryman
within CREW_WALK_CM of the gun whose crewing is worth most where the gun stands (`crew_worth`: the
best blast it could fire now with his own DI less what he does as himself, over the turns left;
nothing with no enemy in the gun's range or an enemy at it), walks him there (the legal sample
offers the step and the spot in base contact) and declares him crewman as soon as he touches it, the
gun then firing in the same turn. The gun fires when its expected net damage pays (`blast_worth`:
hits on everyone under the template, misses scattering onto friends); it used to hold fire whenever
a friend stood within 35 cm of the target, which was nearly always.

Against a random player, seeds 0-39 (`bench/clickwars.py --matches 40`): 30 wins, 4 draws, 6 losses
before; 30 wins, 6 draws, 4 losses after (red 17-2-1, blue 13-4-3). Its own gun never lost its
crewman in those games (nor in seeds 40-119). With the crewman removed by hand at the AI's first
turn of round 4 (seeds 0-79): 37 wins, 17 draws, 26 losses, the same with the walk switched off: the
gun seldom has an enemy in range where it stands, so nobody walks. Walking a replacement whenever
an enemy could come within range before the end lost games (32-18-30 at round 4; from round 1,
49-27-44 against 63-26-31 over seeds 0-119): an archer or rifleman pulled back to a gun that cannot
shoot yet is a fighter lost.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engine.core import Action, Dice
from engine.core.fast import replace
from engine.core.shapes import bearing_unit, capsule_hits_circle

from . import actions as a
from .armies import CHARGE_CM, MOVE_CM
from .checks import CREW_WALK_CM
from .combat import BLAST_RADIUS_CM, INCH_CM
from .los import CONTACT_CM, MAX_REACH_CM, gap, line_of_sight, melee_weapon
from .state import Unit, deployment_bounds
from .view import ClickWarsView


@dataclass
class Board:
    """The few fields the sight helpers read, built from a view (duck-typed like ClickWarsState)."""

    terrain: list[Any]
    units: dict[str, Unit]
    south: str
    height: float
    width: float


def _board(view: ClickWarsView) -> Board:
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

    def mood(self, view: ClickWarsView) -> tuple[float, float]:
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
        assert isinstance(view, ClickWarsView)
        seat = view.seat or "red"
        board = _board(view)
        self.walkers = self.crew_plan(view, board, seat) if view.phase == "movement" else {}
        best: tuple[float, int, Action] | None = None
        for n, action in enumerate(legal):
            score = self.score(view, board, seat, action) + dice.uniform(0, 0.01)
            if best is None or score > best[0]:
                best = (score, n, action)
        assert best is not None
        return best[2]

    # --- scoring --------------------------------------------------------------------------------
    def score(self, view: ClickWarsView, board: Board, seat: str, action: Action) -> float:
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
            case a.Crew(unit=uid, gun=gid):
                worth = self.crew_worth(view, board, board.units[uid], board.units[gid])
                return 50.0 + worth if worth > 0 else -5.0
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
        me = replace(u, x=spot[0], y=spot[1])
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
        me = replace(u, x=spot[0], y=spot[1])
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

    def value(self, view: ClickWarsView, board: Board, u: Unit, spot: tuple[float, float]) -> float:
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

    def move_score(self, view: ClickWarsView, board: Board, u: Unit, dest: tuple[float, float]) -> float:
        score = self.value(view, board, u, dest) - self.value(view, board, u, u.xy)
        gid = next((g for g, w in self.walkers.items() if w == u.id), None)
        if gid is not None:  # the chosen replacement walks to the uncrewed gun (CW-ART-8)
            g = board.units[gid]
            before = math.hypot(g.x - u.x, g.y - u.y)  # type: ignore[operator]
            after = math.hypot(g.x - dest[0], g.y - dest[1])  # type: ignore[operator]
            score += self.WALK * (before - after)
            if after - g.radius - u.radius <= CONTACT_CM + 1e-9:
                score += self.ARRIVE
        friends_near = 0
        for o in board.units.values():
            if o.placed and o.side == u.side and o.id not in (u.id, u.gun, u.crew):
                ox, oy = o.xy
                friends_near += math.hypot(ox - dest[0], oy - dest[1]) < 9.0
        return score - 1.0 * friends_near  # spread out: a blast template is 10 cm across

    # --- the gun's blast (CW-ART-1..6) ---------------------------------------------------------------
    FRIEND = 1.5  # a friend's life weighs more than an enemy's (troops standing, CW-WIN-1)
    GUN_MARGIN = 2.0  # fire when the blast is worth at least this much net damage

    def blast_worth(
        self, board: Board, gun: Unit, aim: tuple[float, float], indirect: bool, di: int | None = None
    ) -> float:
        """The expected net damage of a shot of `gun` at `aim`: enemies minus FRIEND x friends.

        The d10 against the crewman's DI (CW-ART-1, CW-ART-8): a 1 is a critical (the blast on the
        aim, CW-ART-9), 2..DI a hit (on the aim, harming everyone under it, CW-ART-3; indirect: it
        deviates first, CW-ART-5), DI+1..9 a miss (it deviates and harms only the firer's own units,
        CW-ART-4), 10 a fumble (no blast). The deviation is uniform in angle, 1d10 inches (§8.5);
        a unit is under the 5 cm template when its base overlaps it, and takes 1d10x5 less its
        armour and shield dice (5.5 each on average), at most its life. `di`: a would-be crewman's."""
        crew = board.units.get(gun.crew or "")
        if di is None and crew is None:
            return 0.0
        di = max(1, min(crew.p.di if di is None else di, 9))  # type: ignore[union-attr]
        p_crit, p_hit, p_miss = 0.1, (di - 1) / 10, (9 - di) / 10
        enemy_on, friend_on, enemy_off, friend_off = 0.0, 0.0, 0.0, 0.0
        for o in board.units.values():
            if not o.placed or o.id == gun.id:
                continue
            d = math.hypot(o.x - aim[0], o.y - aim[1])  # type: ignore[operator]
            reach = BLAST_RADIUS_CM + o.radius
            harm = min(27.5 - 5.5 * (o.p.armour + o.p.shield), float(o.life))
            on = 1.0 if d < reach else 0.0
            off = _scatter_share(d, reach)
            if o.side == gun.side:
                friend_on, friend_off = friend_on + on * harm, friend_off + off * harm
            else:
                enemy_on, enemy_off = enemy_on + on * harm, enemy_off + off * harm
        if indirect:
            gain = p_crit * (enemy_on - self.FRIEND * friend_on) + p_hit * (
                enemy_off - self.FRIEND * friend_off
            )
        else:
            gain = (p_crit + p_hit) * (enemy_on - self.FRIEND * friend_on)
        return gain - p_miss * self.FRIEND * friend_off

    # --- keeping the gun crewed (CW-ART-8, A14) ---------------------------------------------------
    WALK = 4.0  # per cm the chosen replacement comes nearer the gun: beats any other reason to move
    ARRIVE = 40.0  # his move ends in base contact
    MELEE_TURNS = 0.6  # a close-combat fighter strikes about 3 turns in 5 (he must close in first)
    AVERAGE = {"x1": 5.5, "x2": 11.0, "x5": 27.5, "+2": 7.5, "-2": 3.5}  # a d10 through each formula

    walkers: dict[str, str] = {}  # gun id -> the infantryman walking to crew it, this decision

    def own_worth(self, u: Unit) -> float:
        """The damage `u` deals a turn as himself: his ranged weapon (to-hit <= DI, shorter range
        counts less) or his close-combat weapon (CC, armour and shield keep him fighting; he strikes
        only once in reach), the better one plus a quarter of the other."""
        p = u.p
        shots = 0.0
        if p.ranged is not None and not u.ranged_broken:
            shots = min(p.di, 9) / 10 * self.AVERAGE[p.ranged.formula] * min(1.0, p.ranged.range_cm / 20.0)
        w = melee_weapon(u)
        fights = 0.0
        if w is not None:
            tough = 1.3 if (p.armour or p.shield) else 1.0
            fights = min(p.cc, 9) / 10 * self.AVERAGE[w.formula] * tough * self.MELEE_TURNS
        return max(shots, fights) + 0.25 * min(shots, fights)

    def gun_shot_now(self, board: Board, g: Unit, di: int) -> float:
        """The best blast gun `g` could fire from where it stands with a crewman of DI `di` (A14: a
        replacement uses his own DI): `blast_worth` at each enemy within its 40 cm (CW-ART-1),
        direct where it sees the target, else indirect (CW-ART-5); 0 when none is in range."""
        w = g.p.ranged
        best = 0.0
        for o in board.units.values():
            if not o.placed or o.side == g.side or w is None or gap(g, o) > w.range_cm:
                continue
            direct = line_of_sight(board, g, o)  # type: ignore[arg-type]
            best = max(best, self.blast_worth(board, g, o.xy, not direct, di=di))  # type: ignore[arg-type]
        return best

    def crew_worth(self, view: ClickWarsView, board: Board, u: Unit, g: Unit) -> float:
        """Whether walking `u` to the uncrewed gun `g` and crewing it pays, as a player would see it:
        is the gun worth more where it stands, with him at it, than he is as himself? The best blast
        it could fire now with his DI (`gun_shot_now`) less his own worth (`own_worth`), times the
        turns the gun would still fire after his walk (the round limit, CW-WIN-1); nothing when no
        enemy is in the gun's range (it moves 5 cm a turn; a gun far behind is not worth a fighter:
        measured, walking one to a gun out of range lost games against a random player), when an
        enemy stands in close combat at the gun (an engaged crewman cannot fire it, CW-ART-1), or
        for a unit that cannot walk off (engaged)."""
        if u.type != "infantry" or u.is_gun or u.gun is not None or not u.placed or not g.placed:
            return 0.0
        enemies = [o for o in board.units.values() if o.placed and o.side != u.side and not o.is_gun]
        if any(gap(g, o) <= 2 * u.radius + MAX_REACH_CM or gap(u, o) <= MAX_REACH_CM for o in enemies):
            return 0.0
        mine = view.active == u.side
        left = view.options.rounds - view.round + (1 if mine else 0)  # his side's turns still to come
        walk = max(0.0, gap(u, g) - CONTACT_CM)
        turns = math.ceil(walk / MOVE_CM["infantry"] - 1e-9)  # moves to reach him; 0: he touches it
        fires = left - max(0, turns - 1)  # arriving this turn he crews and it fires this turn
        gain = self.gun_shot_now(board, g, u.p.di) - self.own_worth(u)
        return gain * fires if gain > 0 and fires > 0 else 0.0

    def crew_plan(self, view: ClickWarsView, board: Board, seat: str) -> dict[str, str]:
        """Each uncrewed own gun -> the infantryman to walk to it and crew it: among those the move
        sample walks there (centre within CREW_WALK_CM), the one whose crewing is worth most
        (`crew_worth`; ties: the lower id); none if it is worth nothing to anyone."""
        plan: dict[str, str] = {}
        taken: set[str] = set()
        for g in sorted(board.units.values(), key=lambda o: o.id):
            if not (g.is_gun and g.side == seat and g.placed and g.crew is None):
                continue
            best: tuple[float, str] | None = None
            for u in board.units.values():
                if u.side != seat or u.id in taken or not u.placed:
                    continue
                if math.hypot(g.x - u.x, g.y - u.y) > CREW_WALK_CM:  # type: ignore[operator]
                    continue
                worth = self.crew_worth(view, board, u, g)
                if worth > 0 and (best is None or (worth, best[1]) > (best[0], u.id)):
                    best = (worth, u.id)
            if best is not None:
                plan[g.id] = best[1]
                taken.add(best[1])
        return plan

    def shot_score(self, board: Board, u: Unit, t: Unit, indirect: bool) -> float:
        if u.is_gun:
            return self.blast_worth(board, u, t.xy, indirect) - self.GUN_MARGIN  # type: ignore[arg-type]
        bonus = 15.0 if t.gun is not None else 0.0  # silence the enemy gun
        return 20.0 + (t.max_life - t.life) + (10.0 if t.life <= 12 else 0.0) + bonus


def _scatter_share(d: float, reach: float) -> float:
    """The chance that a blast deviating from the aim (uniform angle, 1d10 inches, §8.5) lands within
    `reach` of a point `d` from the aim: for each distance, the share of its circle inside reach."""
    share = 0.0
    for k in range(1, 11):
        r = k * INCH_CM
        if d + r <= reach or (d < 1e-9 and r < reach):
            share += 1.0
        elif abs(d - r) < reach and d > 1e-9:
            c = (d * d + r * r - reach * reach) / (2 * d * r)
            share += math.acos(max(-1.0, min(1.0, c))) / math.pi
    return share / 10
