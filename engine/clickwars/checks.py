"""The checks that `decide` (rules.py) and the legal sample (legal.py) share: whether a unit may act
in this phase, crew a gun, shoot or fight, and how far it may move. Each answers as the rules do;
`decide` raises the refusal, the sample asks the `*_problem` forms (a refusal or None)."""

from __future__ import annotations

import math

from engine.core import Rejected, Ruling, Seat
from engine.core.fast import built
from engine.core.ruling import Number
from engine.core.shapes import seg_crosses, snap

from .armies import GUN_PROFILES
from .los import (
    CONTACT_CM,
    HILL_BONUS_CM,
    elevated,
    gap,
    is_engaged,
    line_of_sight,
    melee_weapon,
    sight_line,
    weapon_range,
)
from .messages import refuse
from .movement import CARRY_CM, MovePlan, allowance, carried_hostage
from .state import ClickWarsState, Unit


def limit_of(s: ClickWarsState, u: Unit) -> float:
    """How far `u` may go this move (CW-MOV-1; §8.6 a hostage carrier at infantry speed)."""
    limit = allowance(s, u)
    return min(limit, CARRY_CM) if carried_hostage(s, u) is not None else limit


def uncrewed_guns(units: dict[str, Unit], seat: str) -> list[Unit]:
    """The side's placed guns without a crewman, in the state's order (CW-ART-8)."""
    return [
        g
        for g in units.values()
        if g.crew is None and g.profile in GUN_PROFILES and g.side == seat and g.alive and g.x is not None
    ]


CREW_WALK_CM = 20.0
"""An own infantryman serving no gun whose centre is at most this far from an uncrewed own gun's
gets two more moves in his sample: the farthest toward the gun, and, when one move reaches it, to the
nearest spot in base contact with it (CW-ART-8, OUR RESOLUTION: ending his move there, he may be
declared its crewman). 20 cm is two infantry moves in the open. Within `_near` of infantry, and
`_touches` reads an own gun this near, so the move memo drops such a sample whenever the gun changes
(its crewman dies, another takes it, it moves)."""


def free_infantryman(u: Unit) -> bool:
    """An infantryman serving no gun: who may replace a gun's crewman (CW-ART-8)."""
    return u.type == "infantry" and u.gun is None


def guns_to_crew(u: Unit, guns: list[Unit]) -> list[Unit]:
    """Those of `guns` (uncrewed, own) that `u` may be declared crewman of now: he is a free
    infantryman in base contact with it (CW-ART-8, §8.8 contact)."""
    if not free_infantryman(u):
        return []
    return [g for g in guns if gap(u, g) <= CONTACT_CM + 1e-9]


def may_crew(s: ClickWarsState, u: Unit) -> bool:
    """Whether `u` may be declared crewman of an uncrewed own gun, even after his move this turn
    (CW-ART-8, OUR RESOLUTION: ending his move in base contact with it)."""
    return free_infantryman(u) and bool(guns_to_crew(u, uncrewed_guns(s.units, u.side)))


def can_act(s: ClickWarsState, u: Unit) -> bool:
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


def may_shoot(s: ClickWarsState, u: Unit) -> None:
    if u.shot:
        raise refuse("clickwars.already_shot", unit=u.id)  # CW-GEN-2
    if u.fled:
        raise refuse("clickwars.fled_no_attack", unit=u.id)  # CW-MOV-4
    if u.charged_turn is not None and u.charged_turn in (s.turn, s.turn - 2):
        raise refuse("clickwars.charge_no_shooting", unit=u.id)  # CW-CHG-5, CW-CHG-6


def gun_crew(s: ClickWarsState, g: Unit) -> Unit:
    if g.ranged() is None:
        raise refuse("clickwars.weapon_broken", unit=g.id)
    if g.crew is None:
        raise refuse("clickwars.gun_uncrewed", unit=g.id)  # CW-MOV-5
    c = s.units[g.crew]
    if c.idle_turn == s.turn:
        raise refuse("clickwars.idle", unit=c.id)
    if c.shot or c.fled:
        raise refuse("clickwars.already_shot", unit=c.id)
    if is_engaged(s, c):
        raise refuse("clickwars.engaged_no_shooting", unit=c.id)  # CW-ART-1
    return c


def shooter_problem(s: ClickWarsState, u: Unit, near: list[Unit] | None = None) -> Rejected | None:
    """Why `u` may shoot at nothing now (the checks of `check_shot` that no target changes, direct or
    indirect), or None: the legal sample asks it once per unit before asking per target. `near`: the
    enemies that could be engaged with a figure `u` (`is_engaged`), when the sample has them."""
    try:
        may_shoot(s, u)
        if u.is_gun:
            gun_crew(s, u)
        elif u.ranged() is None:
            raise refuse("clickwars.no_ranged_weapon", unit=u.id)
        elif is_engaged(s, u, near):
            raise refuse("clickwars.engaged_no_shooting", unit=u.id)  # CW-RNG-2
    except Rejected as r:
        return r
    return None


def shot_problem(s: ClickWarsState, u: Unit, target: Unit, indirect: bool) -> Rejected | None:
    """Why `u` may not shoot `target` now, or None (shared by decide and the legal sample)."""
    try:
        check_shot(s, u, target, indirect)
    except Rejected as r:
        return r
    return None


def check_shot(s: ClickWarsState, u: Unit, target: Unit, indirect: bool) -> tuple[Unit, Unit | None]:
    """Returns (the unit actually targeted, the gun aimed at if redirected)."""
    may_shoot(s, u)
    if u.is_gun:
        gun_crew(s, u)
        w = u.ranged()
        assert w is not None
        rng = weapon_range(s, u, w)
        d = gap(u, target)
        if d > rng + 1e-9:
            raise refuse(
                "clickwars.out_of_range", unit=u.id, target=target.id, distance=round(d, 1), range=rng
            )
        if not indirect and not line_of_sight(s, u, target):
            raise refuse("clickwars.no_sight_gun", unit=u.id, target=target.id)  # CW-ART-5 instead
        return target, None
    if indirect:
        raise refuse("clickwars.indirect_guns_only", unit=u.id)
    w = u.ranged()
    if w is None:
        raise refuse("clickwars.no_ranged_weapon", unit=u.id)
    if is_engaged(s, u):
        raise refuse("clickwars.engaged_no_shooting", unit=u.id)  # CW-RNG-2
    aimed = None
    if target.is_gun:  # CW-ART-7: any other attack aimed at artillery targets its crewman
        if target.crew is None:
            raise refuse("clickwars.gun_immune", target=target.id)
        aimed, target = target, s.units[target.crew]
    rng = weapon_range(s, u, w)
    d = gap(u, target)
    if d > rng + 1e-9:
        raise refuse("clickwars.out_of_range", unit=u.id, target=target.id, distance=round(d, 1), range=rng)
    if not line_of_sight(s, u, target):
        raise refuse("clickwars.no_sight", unit=u.id, target=target.id)  # CW-LOS-2
    return target, aimed


def told_shot_problem(s: ClickWarsState, u: Unit, target: Unit, indirect: bool) -> Rejected | None:
    """`shot_problem` with its ruling when a measure made it (out of range, out of sight: the same
    as `decide` raises), for a panel that says why a unit has no target and `/why` after it. Not for
    the legal sample: the ruling traces the sight line again."""
    problem = shot_problem(s, u, target, indirect)
    if problem is not None and problem.message_id in MEASURED_SHOT:
        problem.ruled(shot_ruling(s, u, target, indirect))
    return problem


def told_fight_problem(s: ClickWarsState, u: Unit, target: Unit) -> Rejected | None:
    """`fight_problem` with its ruling when out of reach (as `decide` raises it), for the panel."""
    problem = fight_problem(s, u, target)
    if problem is not None and problem.message_id == "clickwars.out_of_reach":
        problem.ruled(fight_ruling(s, u, target))
    return problem


MEASURED_SHOT = frozenset({"clickwars.out_of_range", "clickwars.no_sight", "clickwars.no_sight_gun"})
"""The refusals of a shot that a measure made: they carry its ruling (`/why`)."""


def fight_problem(s: ClickWarsState, u: Unit, target: Unit) -> Rejected | None:
    try:
        check_fight(s, u, target)
    except Rejected as r:
        return r
    return None


def check_fight(s: ClickWarsState, u: Unit, target: Unit) -> tuple[Unit, Unit | None]:
    if u.is_gun:
        raise refuse("clickwars.gun_no_cc", unit=u.id)
    if u.fought:
        raise refuse("clickwars.already_fought", unit=u.id)  # CW-GEN-2
    if u.fled:
        raise refuse("clickwars.fled_no_attack", unit=u.id)
    aimed = None
    if target.is_gun:  # §8.8: a CC attack aimed at a gun is resolved against its crewman
        if target.crew is None:
            raise refuse("clickwars.gun_immune", target=target.id)
        aimed, target = target, s.units[target.crew]
    w = melee_weapon(u)
    assert w is not None
    d = gap(u, target)
    if d > w.reach_cm + 1e-9:
        raise refuse(
            "clickwars.out_of_reach", unit=u.id, target=target.id, distance=round(d, 1), reach=w.reach_cm
        )
    return target, aimed


# --- the checks every action of a unit begins with (decide, and the typed orders) ----------------


def own_unit(state: ClickWarsState, seat: Seat, uid: str) -> Unit:
    u = state.units.get(uid)
    if u is None:
        raise refuse("clickwars.unknown_unit", unit=uid)
    if u.side != seat:
        raise refuse("clickwars.not_yours", unit=uid)
    if not u.placed:
        raise refuse("clickwars.unit_dead", unit=uid)
    idle = u.idle_turn
    if idle is not None and idle == state.turn:
        raise refuse("clickwars.idle", unit=uid)  # fumble 2 (A20)
    return u


def enemy_unit(state: ClickWarsState, seat: Seat, uid: str) -> Unit:
    u = state.units.get(uid)
    if u is None:
        raise refuse("clickwars.unknown_unit", unit=uid)
    if u.side == seat:
        raise refuse("clickwars.not_enemy", unit=uid)
    if not u.placed:
        raise refuse("clickwars.unit_dead", unit=uid)
    return u


def in_phase(state: ClickWarsState, *phases: str) -> None:
    if state.phase not in phases:
        raise refuse(f"clickwars.now.{state.phase}")


def selectable(s: ClickWarsState, u: Unit) -> None:
    """A unit picked by the controls must still be able to act in this phase (CW-GEN-2)."""
    if can_act(s, u):
        return
    match s.phase:
        case "movement":
            if u.moved:
                raise refuse("clickwars.already_moved", unit=u.id)
            if u.charged_turn is not None and u.charged_turn == s.turn - 2:
                raise refuse("clickwars.after_charge_no_move", unit=u.id)  # CW-CHG-6
            if u.is_gun and u.crew is not None:  # §8.8: its crewman walked to it (CW-ART-8)
                raise refuse("clickwars.already_moved", unit=u.crew)
            if u.is_gun:
                raise refuse("clickwars.gun_uncrewed", unit=u.id)  # CW-MOV-5
            raise refuse("clickwars.crew_stays", unit=u.id, gun=u.gun)
        case "shooting":
            if u.shot:
                raise refuse("clickwars.already_shot", unit=u.id)
            raise refuse("clickwars.no_ranged_weapon", unit=u.id)
    if u.is_gun:
        raise refuse("clickwars.gun_no_cc", unit=u.id)
    raise refuse("clickwars.already_fought", unit=u.id)


def check_point_shot(
    s: ClickWarsState, u: Unit, point: tuple[float, float]
) -> tuple[Unit, float, float, Ruling]:
    """A gun's indirect fire at a point (CW-ART-5): (its crewman, the point snapped, what it was judged
    on for `/why`), or the refusal (carrying that ruling when the range refused it)."""
    if not u.is_gun:
        raise refuse("clickwars.indirect_guns_only", unit=u.id)
    may_shoot(s, u)
    crew = gun_crew(s, u)
    x, y = snap(point[0]), snap(point[1])
    if not (0 <= x <= s.width and 0 <= y <= s.height):
        raise refuse("clickwars.point_off_table", x=x, y=y)
    w = u.ranged()
    assert w is not None
    rng = weapon_range(s, u, w)
    # CW-ART-5, §8.8, OUR READING: a point has no base, so its range is measured from the gun piece's
    # centre to the point, where a unit's is measured edge to edge (CW-GEN-4): aimed at the same spot,
    # a unit standing there may be in range where the bare point is not (docs/rules/clickwars.md).
    d = math.hypot(x - u.x, y - u.y)  # type: ignore[operator]
    ruling = Ruling(  # `/why`: the point's distance from the gun piece against the range, the need
        rules=("CW-ART-5", "CW-RNG-3"),
        numbers={"point_distance_cm": round(d, 1), "range_cm": rng, "need": crew.p.di},
        path=(u.xy, (x, y)),
    )
    if d > rng + 1e-9:
        raise refuse("clickwars.point_out_of_range", unit=u.id, distance=round(d, 1), range=rng).ruled(ruling)
    return crew, x, y, ruling


def shot_ruling(s: ClickWarsState, u: Unit, target: Unit, indirect: bool) -> Ruling:
    """What a shot of `u` at `target` is judged on (`/why`): the distance edge to edge against the
    weapon's range (a hill's 10 cm added), the line of sight and what blocks it, and the to-hit
    number; the rules in the order `check_shot` applies them. For a gun aimed at a unit `target` is
    that unit; for a figure aimed at a gun, the gun's crewman (CW-ART-7), as `check_shot` reads it."""
    rules: list[str] = ["CW-GEN-4"]
    if target.is_gun and not u.is_gun and target.crew is not None:
        rules.append("CW-ART-7")
        target = s.units[target.crew]
    w = u.ranged()
    numbers: dict[str, Number] = {"distance_cm": round(gap(u, target), 1)}
    if w is not None:
        numbers["range_cm"] = weapon_range(s, u, w)
        rules += ["CW-RNG-1", "CW-RNG-3"]
        if elevated(s, u.x, u.y):  # type: ignore[arg-type]
            numbers["hill_bonus_cm"] = HILL_BONUS_CM
    sight, wood_cm = sight_line(s, u, target)
    if wood_cm:
        numbers["wood_cm"] = wood_cm
    if u.is_gun:
        rules += ["CW-ART-5"] if indirect else ["CW-ART-2", "CW-LOS-1"]
        crew = s.units.get(u.crew or "")
        if crew is not None:
            numbers["need"] = crew.p.di  # CW-ART-8: the crewman's DI
    else:
        rules += ["CW-LOS-1"] if sight.clear else ["CW-LOS-1", "CW-LOS-2"]
        numbers["need"] = u.p.di
    return Ruling(rules=tuple(rules), numbers=numbers, sight=None if indirect else sight)


def fight_ruling(s: ClickWarsState, u: Unit, target: Unit) -> Ruling:
    """What a close combat attack of `u` at `target` is judged on (`/why`): the gap against the CC
    weapon's reach, and the to-hit number (CW-CC-1..4; a gun's crewman for a gun, §8.8)."""
    if target.is_gun and target.crew is not None:
        target = s.units[target.crew]
    w = melee_weapon(u)
    rules = ["CW-GEN-4", "CW-CC-1", "CW-CC-2", "CW-CC-3"]
    if w is not None and w.name == "fists":
        rules.append("CW-CC-4")
    numbers: dict[str, Number] = {"distance_cm": round(gap(u, target), 1)}
    if w is not None:
        numbers["reach_cm"] = w.reach_cm
    numbers["need"] = u.p.cc
    return Ruling(rules=tuple(rules), numbers=numbers)


MOVE_RULES = ("CW-GEN-4", "CW-MOV-1", "CW-MOV-2", "CW-MOV-3")
_RULED = {"rules", "numbers", "path", "ground"}


def move_ruling(s: ClickWarsState, u: Unit, mp: MovePlan) -> Ruling:
    """What a checked move was measured on (`/why`): the ruler along the centre's path (CW-GEN-4),
    its length and its cost against the unit's allowance (CW-MOV-1), and the difficult ground it
    crossed, each cm there costing two (CW-MOV-2); a flight (CW-MOV-4) or a gun with its crewman
    (CW-MOV-5) say so. At every move of every game, so kept cheap: the ground is looked for only
    when the path cost more than its length, and the ruling is built without validation when its
    values already have their types (engine/core/fast.py), as the `Moved` event that carries it is
    (rules._moved)."""
    path = mp.path
    length = 0.0
    px, py = path[0]
    for x, y in path[1:]:
        length += math.hypot(x - px, y - py)
        px, py = x, y
    crossed = _difficult_crossed(s, path) if mp.cost > length + 0.05 else ()
    rules: tuple[str, ...] = MOVE_RULES
    if mp.fled or u.is_gun:
        rules += ("CW-MOV-4",) if mp.fled else ("CW-MOV-5",)
    numbers: dict[str, Number] = {
        "length_cm": round(length, 1),
        "cost_cm": round(mp.cost, 1),
        "allowance_cm": limit_of(s, u),
    }
    x0, y0 = path[0]
    if type(x0) is float and type(y0) is float and type(numbers["allowance_cm"]) is float:
        values = {"rules": rules, "numbers": numbers, "sight": None, "path": tuple(path), "ground": crossed}
        return built(Ruling, values, _RULED)
    return Ruling(rules=rules, numbers=numbers, path=tuple(path), ground=crossed)


def _difficult_crossed(s: ClickWarsState, path: list[tuple[float, float]]) -> tuple[str, ...]:
    """The difficult pieces (CW-MOV-2) a path crosses, in the table's order; boxes tested first."""
    xs, ys = [p[0] for p in path], [p[1] for p in path]
    lox, hix, loy, hiy = min(xs), max(xs), min(ys), max(ys)
    segments = list(zip(path, path[1:], strict=False))
    crossed = []
    for area in s.terrain:
        if area.going != "difficult":
            continue
        x0, y0, x1, y1 = area.shape.bbox()
        if hix < x0 or lox > x1 or hiy < y0 or loy > y1:
            continue
        if any(seg_crosses(a, b, area.shape) for a, b in segments):
            crossed.append(area.id)
    return tuple(crossed)
