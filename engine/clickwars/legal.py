"""The finite, useful sample of actions a side may take now (buttons, the AI, random-play tests).

Moves are sampled per unit: full and half allowance toward the nearest enemy, toward the nearest
cover (a spot behind a sight-blocking piece), back toward the own area when wounded, and toward the
objective; each is checked with the same rules `decide` uses. Typed forms reach any other point.
"""

from __future__ import annotations

import bisect
import math
import operator
from typing import Any, Literal

from engine.core import Action, Rejected
from engine.core.fast import built
from engine.core.shapes import bearing_of, snap

from . import actions as a
from .armies import CHARGE_CM, GUN_PROFILES, PROFILES
from .checks import CREW_WALK_CM, fight_problem, free_infantryman, guns_to_crew, limit_of, shooter_problem
from .deploy import pieces_to_place, placements_ok
from .los import CONTACT_CM, MAX_REACH_CM, engaged_with, gap, line_of_sight, reach, weapon_range
from .memo import (
    ALIVE,
    CREW,
    GUN,
    ID,
    LIFE,
    MAX_LIFE,
    MOVED,
    PROFILE,
    RADIUS,
    ROW,
    Reads,
    Row,
    X,
    Y,
    memo_for,
)
from .movement import (
    FIXED_MAX,
    Bases,
    Surroundings,
    allowance,
    bases_of,
    charge_end,
    check_charge,
    check_move,
    overlaps_any,
    terrain_cost,
)
from .state import XY, ClickWarsState, Seat, Unit, deployment_bounds
from .victory import objective

PLANS: tuple[Literal["line", "cover", "spread"], ...] = ("line", "cover", "spread")


# The actions that name nothing but a choice, built once: actions are frozen models, so one instance
# may sit in every list (building one costs about a microsecond of pydantic validation, and every
# step of every game offers "end the phase").
_END_PHASE = a.EndPhase()
_CONFIRM = a.Confirm()
_CONFIRM_SETUP = a.ConfirmSetup()
_EDGES = (a.ChooseEdge(edge="south"), a.ChooseEdge(edge="north"))
_ROLES = (a.ChooseRole(role="attacker"), a.ChooseRole(role="defender"))
_AUTO_DEPLOY = tuple(a.AutoDeploy(plan=p) for p in PLANS)
_CONFIRM_DEPLOYMENT = a.ConfirmDeployment()


def legal_actions(s: ClickWarsState, seat: Seat) -> list[Action]:
    match s.phase:
        case "setup":
            return [_CONFIRM_SETUP]
        case "edge":
            return [*_EDGES]
        case "role":
            return [*_ROLES]
        case "quarry":
            names = sorted({u.profile for u in s.units.values() if u.side == seat and not u.is_gun})
            return [a.NameQuarry(quarry=n) for n in names]
        case "deploy":
            out: list[Action] = [*_AUTO_DEPLOY]
            if _deployment_complete(s, seat):
                out.insert(0, _CONFIRM_DEPLOYMENT)  # first: a finished plan is one click from done
            return out
        case "movement":
            confirm: list[Action] = [_CONFIRM] if seat in s.orders else []  # a previewed order
            return [*confirm, *_moves(s, seat), _END_PHASE]
        case "shooting":
            return [*_shots(s, seat), _END_PHASE]
        case "assault" | "counter":
            return [*_fights(s, seat), _END_PHASE]
    return []


def unit_actions(s: ClickWarsState, seat: Seat, uid: str) -> list[Action]:
    """The legal actions that name unit `uid` as the one acting, in `legal_actions`' order, drawing
    only that unit's sample in the movement, shooting and assault phases: what the controls' "pick a
    unit, then its action" offers (the controls themselves filter `legal_actions`; this is for a
    player that needs one unit's actions only: the bench's unit-picking random player and its test).
    Phase-wide actions (end the phase, confirm, deployment) are not among them."""
    u = s.units.get(uid)
    if u is None or u.side != seat:
        return []
    match s.phase:
        case "movement":
            return _moves(s, seat, uid)
        case "shooting":
            return _shots(s, seat, uid)
        case "assault" | "counter":
            return _fights(s, seat, uid)
    return [x for x in legal_actions(s, seat) if getattr(x, "unit", None) == uid]


def _deployment_complete(s: ClickWarsState, seat: Seat) -> bool:
    """Whether `seat` may confirm its deployment: every piece placed, each where `check_placement`
    allows it (`placements_ok`: the same answer as asking it per piece)."""
    placed = s.pending[seat]
    if any(k not in placed for k in pieces_to_place(s, seat)):
        return False
    return placements_ok(s, seat)


def ready_units(s: ClickWarsState, seat: Seat) -> list[Unit]:
    turn = s.turn
    return [
        u for u in s.units.values() if u.side == seat and u.alive and u.x is not None and u.idle_turn != turn
    ]


def _nearest(x: float, y: float, others: list[Row]) -> str | None:
    """The id of the nearest of `others` (units' rows) to (x, y) by centre distance (ties: the lower id)."""
    best: str | None = None
    best_d = math.inf
    for o in others:
        dx, dy = o[X] - x, o[Y] - y  # type: ignore[operator]
        d = dx * dx + dy * dy
        if d < best_d or (d == best_d and best is not None and o[ID] < best):  # type: ignore[operator]
            best, best_d = o[ID], d  # type: ignore[assignment]
    return best


def _uncrewed_guns(units: dict[str, Unit], own: list[Row]) -> list[Unit]:
    """`checks.uncrewed_guns` of the memo's side, read from its rows (`own`: that side's, in the
    state's order): its placed guns without a crewman (CW-ART-8)."""
    return [
        units[r[ID]]
        for r in own
        if r[CREW] is None and r[PROFILE] in GUN_PROFILES and r[ALIVE] and r[X] is not None
    ]  # type: ignore[index]


def cover_spots(s: ClickWarsState, seat: Seat) -> list[tuple[float, float]]:
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


def _moves(s: ClickWarsState, seat: Seat, only: str | None = None) -> list[Action]:
    """Every ready unit's sampled moves, charge and crew actions (`only`: that unit's); a unit's
    sample is reused from the last call for the same table and side when nothing it depends on has
    changed (see `Memo`). The units are read from the memo's rows (`ROW`), not as models."""
    units = s.units
    goal = objective(s)
    memo = memo_for(s, seat, goal, cover_spots)
    rows, nearest = memo.fields, memo.nearest
    enemies: list[Row] | None = None  # the placed enemies' rows, listed when first needed, as `guns`
    guns: list[Unit] | None = None  # the uncrewed own guns (`checks.uncrewed_guns`)
    bases: Bases | None = None
    size: XY | None = None
    out: list[Action] = []
    turn = s.turn
    for row in memo.own:  # `ready_units`, and those that may still move (CW-CHG-6, CW-MOV-5)
        x, y, alive, _, gun, crew, profile, _, _, _, _, uid, _, moved, idle, charged = row
        if not alive or x is None or idle == turn or (only is not None and uid != only):
            continue
        if moved:  # CW-ART-8: ending his move in base contact with an uncrewed own gun, he may crew it
            if guns is None:
                guns = _uncrewed_guns(units, memo.own)
            if guns and free_infantryman(units[uid]):
                out += _crewing(units[uid], guns)
            continue
        if charged is not None and charged == turn - 2:
            continue
        if profile in GUN_PROFILES:
            if crew is None or rows[crew][MOVED]:  # CW-MOV-5; §8.8: a replacement who walked to it
                continue
        elif gun is not None and rows[gun][ALIVE] and rows[gun][X] is not None:
            continue  # a crewman stays with his gun (the gun's move carries him)
        kept = nearest.get(uid)
        if kept is not None and kept[0] == x and kept[1] == y:
            foe_id = kept[2]
        else:
            if enemies is None:
                enemies = [r for r in memo.others if r[ALIVE] and r[X] is not None]
            foe_id = _nearest(x, y, enemies)  # type: ignore[arg-type]
            nearest[uid] = (x, y, foe_id)
        known = memo.reuse(uid, row, foe_id)
        if known is None:
            if bases is None:
                bases = memo.bases()
            if guns is None:
                guns = _uncrewed_guns(units, memo.own)
            u = units[uid]
            foe = units[foe_id] if foe_id is not None else None
            if size is None:
                size = (s.width, s.height)
            reads = Reads()
            known = _unit_moves(s, seat, u, foe, memo.spots, goal, guns, reads, bases, row, size, memo.fixed)
            memo.keep(uid, row, foe_id, known, reads)
        out += known
    return out


def _unit_moves(
    s: ClickWarsState,
    seat: Seat,
    u: Unit,
    foe: Unit | None,
    spots: list[tuple[float, float]],
    goal: XY | None,
    guns: list[Unit],
    reads: Reads,
    bases: Bases | None = None,
    row: Row | None = None,
    size: XY | None = None,
    fixed: dict[tuple[float, ...], tuple[Any, ...]] | None = None,
) -> list[Action]:
    """One unit's sample: toward the nearest enemy, cover, home when wounded, the objective, just
    inside its weapon's range of the nearest enemy (full allowance, else half); a charge at the
    nearest enemy; crewing an adjacent gun (one of `guns`, the side's uncrewed ones). Each move
    checked by the rules `decide` uses. `bases`: the state's `Bases`, `row`: the unit's fields
    (`ROW`), `size`: the table's width and height, when the caller has them; `fixed`: the memo's
    dict of what depends only on the table and where a unit stands (`Surroundings`; its nearest
    cover spot).

    Records in `reads` what it read of the other bases besides its engagement and the guns it
    could crew (see `memo.Memo`): the rays its moves were cast along (`Surroundings`), the corridors
    swept by the base (and a gun's crewman) on the way to each spot it tried, and the charge's."""
    if bases is None:
        bases = bases_of(s)
    if row is None:
        row = ROW(u)
    out: list[Action] = []
    targets: list[tuple[float, float]] = []
    fxy = foe.xy if foe is not None else None
    if fxy is not None:
        targets.append(fxy)
    ux, uy, ur = row[X], row[Y], row[RADIUS]
    kind = u.type
    spot = fixed.get((ux, uy)) if fixed is not None else None
    if spot is not None:
        cover = spot[0]
    else:
        cover, best = None, math.inf  # the nearest spot (the first of equals)
        for p in spots:
            d = math.hypot(p[0] - ux, p[1] - uy)
            if d < best:
                cover, best = p, d
        if fixed is not None:
            if len(fixed) >= FIXED_MAX:
                fixed.clear()
            fixed[(ux, uy)] = (cover,)
    if cover is not None:
        targets.append(cover)
    if row[LIFE] < row[MAX_LIFE]:
        lo, hi = deployment_bounds(s, seat)
        targets.append((ux, (lo + hi) / 2))
    if goal is not None:
        targets.append(goal)
    seen: set[tuple[float, float]] = set()
    step = allowance(s, u)
    rescue = s.options.scenario == "hostage_rescue"
    limit = limit_of(s, u) if rescue else step  # (only a hostage's carrier goes slower)
    gun = kind == "artillery"  # u.is_gun
    plain = not gun and not rescue  # no crewman or hostage moves along
    close = ur + 3.0 + MAX_REACH_CM  # the biggest base and the longest reach (CW-CC-2)
    foes: list[Unit] = []
    # Any enemy within `close` in x and in y: ask its engagement. The nearest enemy (`foe`) answers
    # most units at once: it is inside that square, or too far for any enemy to be (all are at least
    # as far, and a point outside the square's circumcircle lies outside it); else look at them all.
    if fxy is not None:
        fdx, fdy = fxy[0] - ux, fxy[1] - uy
        if -close < fdx < close and -close < fdy < close:
            foes = engaged_with(s, u)
        elif fdx * fdx + fdy * fdy <= 2.0 * close * close * (1.0 + 1e-9):
            for ex, ey, _, _, side in bases.near_x(ux, close):
                if side != seat and -close < ex - ux < close and -close < ey - uy < close:
                    foes = engaged_with(s, u)
                    break
    if foes and not (u.p.lancer or kind == "cavalry"):
        targets = [foes[0].xy]  # an engaged unit may only close in (CW-MOV-4)
    w = u.ranged()
    stops = [ur + 2.0 if fxy == t else 0.0 for t in targets]
    walk = [g for g in guns if _may_walk_to(u, g)] if not foes else []
    for g in walk:  # CW-ART-8: toward base contact with an uncrewed own gun
        targets.append(g.xy)
        stops.append(ur + g.radius + CONTACT_CM / 2)
    if foe is not None and w is not None and not gun:
        targets.append(fxy)  # type: ignore[arg-type]  # close to just inside the weapon's range of the nearest enemy
        stops.append(w.range_cm + ur + foe.radius - 1.0)
    ways = Surroundings(s, u, step, bases, size, fixed) if plain and not foes else None
    crew = s.units[u.crew] if u.crew is not None and ways is None else None
    if crew is not None and crew.x is not None:  # check_move: the crewman's engagement (CW-MOV-5)
        reads.corridor(crew.x, crew.y, crew.x, crew.y, crew.radius + MAX_REACH_CM)  # type: ignore[arg-type]
    uid = u.id
    for k, (tx, ty) in enumerate(targets):  # with stops[k] (zip(strict=True) costs more than the loop)
        stop = stops[k]
        d = math.hypot(tx - ux, ty - uy)
        if d < 0.5:
            continue
        if ways is not None:  # valid by construction: as far as it surely may go that way
            rx, ry = (tx - ux) / d, (ty - uy) / d
            dest = ways.move(s, rx, ry, d - stop, limit)
            reads.ray(rx, ry, ways.ran)  # it reads no base beyond `ran`
            if dest is not None and dest not in seen:
                seen.add(dest)
                out.append(_move(uid, dest))
            continue
        for frac in (1.0, 0.5):
            go = min(step * frac, d - stop)
            if go < 0.5:
                continue
            dest = (snap(ux + (tx - ux) / d * go), snap(uy + (ty - uy) / d * go))
            if dest in seen:
                continue
            seen.add(dest)
            reads.corridor(ux, uy, dest[0], dest[1], ur)  # the bases its sweep and its end meet
            if crew is not None and crew.x is not None:  # and its crewman's, moved alike
                cx, cy = crew.xy
                reads.corridor(cx, cy, cx + dest[0] - ux, cy + dest[1] - uy, crew.radius)
            # Cheap necessary conditions first (the same functions check_move uses): a move that
            # costs more than the allowance, or ends on another base, is refused; try the half.
            if terrain_cost(s, [(ux, uy), dest]) > limit + 1e-6:
                continue
            if plain and overlaps_any(s, dest[0], dest[1], ur, {uid}) is not None:
                continue
            try:
                check_move(s, u, dest, foes=foes)
            except Rejected:
                continue
            out.append(a.Move(unit=uid, x=dest[0], y=dest[1]))
            break
    if kind == "cavalry" and foe is not None and not foes:
        if math.hypot(fxy[0] - ux, fxy[1] - uy) <= CHARGE_CM + 3:  # type: ignore[index]
            bearing = round(bearing_of(ux, uy, fxy[0], fxy[1])) % 360  # type: ignore[index]
            # the charge reads the bases on its corridor and at its end (§8.4)
            reads.corridor(ux, uy, *charge_end(u, bearing), ur)
            try:
                check_charge(s, u, bearing)
                out.append(a.Charge(unit=uid, bearing=bearing))
            except Rejected:
                pass
    for g in walk:  # and, within this move, the nearest spot in base contact with it
        dest = _contact_spot(s, u, g, step, limit, plain, reads)
        if dest is not None and dest not in seen:
            seen.add(dest)
            out.append(_move(uid, dest))
    if guns and not gun and kind == "infantry" and row[GUN] is None:  # (u.gun)
        out += _crewing(u, guns)
    return out


# --- walking a replacement crewman to an uncrewed gun (CW-ART-8) ----------------------------------

CONTACT_TRIES = 4  # contact spots tried per gun, nearest the walker first


def _may_walk_to(u: Unit, g: Unit) -> bool:
    if not free_infantryman(u):
        return False
    dx, dy = g.x - u.x, g.y - u.y  # type: ignore[operator]
    return dx * dx + dy * dy <= CREW_WALK_CM * CREW_WALK_CM


def _crewing(u: Unit, guns: list[Unit]) -> list[Action]:
    """Crew actions for `u` and each of `guns` (uncrewed, own) he may crew now (`checks.guns_to_crew`)."""
    return [a.Crew(unit=u.id, gun=g.id) for g in guns_to_crew(u, guns)]


_RINGS: dict[float, list[XY]] = {}


def _ring(rsum: float) -> list[XY]:
    """The offsets on the 0.5 cm grid whose distance from a centre is from `rsum` (bases touching)
    to `rsum` + CONTACT_CM: where a base stands in base contact with another on the grid."""
    ring = _RINGS.get(rsum)
    if ring is None:
        n = int((rsum + CONTACT_CM) * 2) + 1
        ring = []
        for i in range(-n, n + 1):
            for j in range(-n, n + 1):
                d = math.hypot(i * 0.5, j * 0.5)
                if rsum - 1e-9 <= d <= rsum + CONTACT_CM + 1e-9:
                    ring.append((i * 0.5, j * 0.5))
        _RINGS[rsum] = ring
    return ring


def _contact_spot(
    s: ClickWarsState, u: Unit, g: Unit, step: float, limit: float, plain: bool, reads: Reads
) -> XY | None:
    """The spot in base contact with gun `g` nearest to `u` (ties: the ring's order, so the same
    table gives the same spot) that `u` may move to straight this turn, trying the CONTACT_TRIES
    nearest within `step`; each checked by the rules `decide` uses. The corridor to each spot tried
    is kept for the memo (its check reads the bases along the way and at the end)."""
    ux, uy = u.xy
    gx, gy = g.xy
    spots = sorted(
        ((snap(gx + dx), snap(gy + dy)) for dx, dy in _ring(u.radius + g.radius)),
        key=lambda p: (p[0] - ux) ** 2 + (p[1] - uy) ** 2,
    )
    tried = 0
    for dest in spots:
        if math.hypot(dest[0] - ux, dest[1] - uy) > step + 1e-9 or tried == CONTACT_TRIES:
            return None
        if math.hypot(gx - dest[0], gy - dest[1]) - g.radius - u.radius > CONTACT_CM + 1e-9:
            continue  # the gun off the grid: the snap left this one out of contact
        tried += 1
        reads.corridor(ux, uy, dest[0], dest[1], u.radius)  # the bases its sweep and its end meet
        if terrain_cost(s, [u.xy, dest]) > limit + 1e-6:
            continue
        if plain and overlaps_any(s, dest[0], dest[1], u.radius, {u.id}) is not None:
            continue
        try:
            check_move(s, u, dest, foes=[])
        except Rejected:
            continue
        return dest
    return None


def _move(uid: str, dest: XY) -> a.Move:
    """A Move built without pydantic's validation (its fields are valid by construction; hot path)."""
    return built(
        a.Move, {"kind": "move", "unit": uid, "x": dest[0], "y": dest[1], "via": ()}, {"unit", "x", "y"}
    )


def _sides(
    s: ClickWarsState, seat: Seat, only: str | None
) -> tuple[list[Unit], list[float], list[tuple[float, int, Unit]], float]:
    """In one pass over the units (reading a unit's fields costs more than the arithmetic done with
    them): `seat`'s ready units (`ready_units`; `only`: that one), and for `_window` its placed
    enemies sorted by the y of their centres (ties: the state's order), their ys and the largest
    of their radii. The attack samples ask which enemies lie near each unit; the armies face each
    other across the table's y, so a y window alone leaves out nearly all of them (in random
    games, 93% for the shooters' range + 10 cm) at the cost of two bisections, where testing every
    pair costs a Python loop per unit."""
    turn = s.turn
    mine: list[Unit] = []
    rows: list[tuple[float, int, Unit]] = []
    for i, u in enumerate(s.units.values()):
        if u.side == seat:
            if u.alive and u.x is not None and u.idle_turn != turn and (only is None or u.id == only):
                mine.append(u)
        elif u.alive and u.x is not None:
            rows.append((u.y, i, u))  # type: ignore[arg-type]
    if not rows:
        return mine, [], rows, 0.0
    rows.sort()  # (y, index): the index is unique, so units are never compared
    return mine, [r[0] for r in rows], rows, max([r[2].radius for r in rows])


_INDEX = operator.itemgetter(1)


def _window(ys: list[float], rows: list[tuple[float, int, Unit]], y: float, half: float) -> list[Unit]:
    """The enemies of `_sides` whose centre's y is within `half` of `y`, in the state's order (a
    superset of those the caller then tests exactly: `half` carries a margin far above rounding)."""
    lo = bisect.bisect_left(ys, y - half)
    hi = bisect.bisect_right(ys, y + half, lo)
    if hi - lo <= 1:
        return [rows[lo][2]] if hi > lo else []
    win = rows[lo:hi]
    win.sort(key=_INDEX)
    return [r[2] for r in win]


def _shots(s: ClickWarsState, seat: Seat, only: str | None = None) -> list[Action]:
    """Every ready shooter's shots: at each enemy within range and sight, a gun's indirect fire at
    one in range only (CW-RNG-1, CW-LOS-2, CW-ART-4, CW-ART-7). The same answers as `shot_problem`
    per shooter and target (test_speed_paths), in a cheaper order: first the enemies within the
    weapon's range + 10 cm (the most a hill adds), found by a y window (`_window`, `_sides`) before the exact
    gap; only for a shooter with one there is what no target changes asked (`shooter_problem`,
    which looks for enemies in contact, and its range from a hill), then per target range and
    sight. Most shooters have no enemy that near (a shooting step offers 1.7 shots on average)."""
    units = s.units
    mine, ys, rows, rmax = _sides(s, seat, only)
    out: list[Action] = []
    if not rows:
        return out
    lowest, highest = ys[0], ys[-1]
    for u in mine:
        if u.shot or u.ranged_broken:
            continue
        w = PROFILES[u.profile].ranged  # `u.ranged()`, its weapon not broken
        if w is None:
            continue
        far = w.range_cm + 10.0 + 1e-9  # cheap range filter before sight
        ux, uy, ur = u.x, u.y, u.radius
        half = far + ur + rmax + 1e-6  # beyond, in y, the gap exceeds `far` by far more than rounding
        if uy + half < lowest or uy - half > highest:  # type: ignore[operator]
            continue  # every enemy beyond (what `_window` answers, without the call)
        cands = _window(ys, rows, uy, half)  # type: ignore[arg-type]
        if not cands:
            continue
        near: list[tuple[Unit, float]] = []
        for t in cands:
            d = math.hypot(ux - t.x, uy - t.y) - ur - t.radius  # type: ignore[operator]
            if d <= far:
                near.append((t, d if d > 0.0 else 0.0))  # `gap(u, t)`, exactly
        if not near:
            continue
        foes = _window(ys, rows, uy, ur + MAX_REACH_CM + rmax + 1e-6)  # type: ignore[arg-type]
        if shooter_problem(s, u, foes) is not None:  # (`foes`: those it could be engaged with)
            continue  # no target would do (asked once, not per target)
        rng = weapon_range(s, u, w) + 1e-9
        gun = u.profile in GUN_PROFILES
        for t, d in near:
            if gun:
                if d > rng:
                    continue  # out of range, direct or indirect
                if line_of_sight(s, u, t):
                    out.append(a.Shoot(unit=u.id, target=t.id))
                elif t.profile not in GUN_PROFILES:
                    out.append(a.Shoot(unit=u.id, target=t.id, indirect=True))
                continue
            aimed = t
            if t.profile in GUN_PROFILES:  # CW-ART-7: aimed at a gun, the shot targets its crewman
                if t.crew is None:
                    continue
                aimed = units[t.crew]
                d = gap(u, aimed)
            if d <= rng and line_of_sight(s, u, aimed):
                out.append(a.Shoot(unit=u.id, target=t.id))
    return out


def _fights(s: ClickWarsState, seat: Seat, only: str | None = None) -> list[Action]:
    """Every ready unit's close-combat attacks at each enemy within its reach (CW-CC-1, CW-CC-2,
    §8.8: at a gun, its crewman): `fight_problem`'s answers per unit and target. Most assault steps
    offer none (units stand apart), so a unit's candidates are first found by a y window
    (`_window`, `_sides`) with the longest reach (MAX_REACH_CM, no less than its own)."""
    mine, ys, rows, rmax = _sides(s, seat, only)
    out: list[Action] = []
    if not rows:
        return out
    lowest, highest = ys[0], ys[-1]
    for u in mine:
        if u.fought or u.profile in GUN_PROFILES:  # a gun piece has no close combat (CW-ART-1)
            continue
        ux, uy = u.x, u.y
        half = u.radius + MAX_REACH_CM + rmax + 1e-6
        if uy + half < lowest or uy - half > highest:  # type: ignore[operator]
            continue  # every enemy beyond (what `_window` answers, without the call)
        cands = _window(ys, rows, uy, half)  # type: ignore[arg-type]
        if not cands:
            continue
        r = reach(u)
        near = r + u.radius + 1e-6
        for t in cands:
            lim = near + t.radius
            dx, dy = t.x - ux, t.y - uy  # type: ignore[operator]
            if dx > lim or dx < -lim or dy > lim or dy < -lim:
                continue  # beyond reach by the boxes alone
            if gap(u, t) <= r + 1e-9 and fight_problem(s, u, t) is None:
                out.append(a.Fight(unit=u.id, target=t.id))
    return out
