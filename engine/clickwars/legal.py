"""The finite, useful sample of actions a side may take now (buttons, the AI, random-play tests).

Moves are sampled per unit: full and half allowance toward the nearest enemy, toward the nearest
cover (a spot behind a sight-blocking piece), back toward the own area when wounded, and toward the
objective; each is checked with the same rules `decide` uses. Typed forms reach any other point.
"""

from __future__ import annotations

import bisect
import itertools
import math
import operator
import threading
from typing import Any, Literal

from engine.core import Action, Rejected
from engine.core.fast import built
from engine.core.shapes import bearing_of, seg_point_distance, snap

from . import actions as a
from .armies import CHARGE_CM, GUN_PROFILES, MOVE_CM, PROFILES
from .checks import fight_problem, free_infantryman, guns_to_crew, limit_of, shooter_problem
from .deploy import pieces_to_place, placements_ok
from .los import CONTACT_CM, MAX_REACH_CM, engaged_with, gap, line_of_sight, reach, weapon_range
from .movement import (
    FIXED_MAX,
    SNAP_SLACK_CM,
    Bases,
    Surroundings,
    bases_of,
    charge_end,
    check_charge,
    check_move,
    model_values,
    overlaps_any,
    terrain_cost,
)
from .state import XY, ClickWarsState, Seat, Unit, deployment_bounds, in_place_edits
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


def _nearest(x: float, y: float, others: list[_Row]) -> str | None:
    """The id of the nearest of `others` (units' rows) to (x, y) by centre distance (ties: the lower id)."""
    best: str | None = None
    best_d = math.inf
    for o in others:
        dx, dy = o[X] - x, o[Y] - y  # type: ignore[operator]
        d = dx * dx + dy * dy
        if d < best_d or (d == best_d and best is not None and o[ID] < best):  # type: ignore[operator]
            best, best_d = o[ID], d  # type: ignore[assignment]
    return best


def _uncrewed_guns(units: dict[str, Unit], own: list[_Row]) -> list[Unit]:
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
    changed (see `_Memo`). The units are read from the memo's rows (`_ROW`), not as models."""
    units = s.units
    goal = objective(s)
    memo = _memo(s, seat, goal)
    rows, nearest = memo.fields, memo.nearest
    enemies: list[_Row] | None = None  # the placed enemies' rows, listed when first needed, as `guns`
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
            known, rays = _unit_moves(s, seat, u, foe, memo.spots, goal, guns, bases, row, size, memo.fixed)
            memo.keep(uid, row, foe_id, known, rays)
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
    bases: Bases | None = None,
    row: _Row | None = None,
    size: XY | None = None,
    fixed: dict[tuple[float, ...], tuple[Any, ...]] | None = None,
) -> tuple[list[Action], list[_Ray]]:
    """One unit's sample: toward the nearest enemy, cover, home when wounded, the objective, just
    inside its weapon's range of the nearest enemy (full allowance, else half); a charge at the
    nearest enemy; crewing an adjacent gun (one of `guns`, the side's uncrewed ones). Each move
    checked by the rules `decide` uses. `bases`: the state's `Bases`, `row`: the unit's fields
    (`_ROW`), `size`: the table's width and height, when the caller has them; `fixed`: the memo's
    dict of what depends only on the table and where a unit stands (`Surroundings`; its nearest
    cover spot).

    Also returns what it read of the other bases besides its engagement and the guns it could crew
    (see `_Memo`): the rays its moves were cast along (`Surroundings`) or the corridors swept by
    the base (and a gun's crewman) on the way to each spot it tried, and the charge's corridor."""
    if bases is None:
        bases = bases_of(s)
    if row is None:
        row = _ROW(model_values(u))
    out: list[Action] = []
    targets: list[tuple[float, float]] = []
    fxy = foe.xy if foe is not None else None
    if fxy is not None:
        targets.append(fxy)
    ux, uy, ur = row[X], row[Y], row[RADIUS]  # = u.xy, u.radius
    kind = _TYPE_OF[row[PROFILE]]  # = u.type
    spot = fixed.get((ux, uy)) if fixed is not None else None
    if spot is not None:
        cover = spot[0]
    else:
        cover, best = None, math.inf  # the nearest spot (the first of equals), = min(spots, key=hypot)
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
    step = MOVE_CM[kind]  # = allowance(s, u)
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
    w = None if row[RANGED_BROKEN] else _RANGED_OF[row[PROFILE]]  # = u.ranged()
    stops = [ur + 2.0 if fxy == t else 0.0 for t in targets]
    walk = [g for g in guns if _may_walk_to(u, g)] if not foes else []
    for g in walk:  # CW-ART-8: toward base contact with an uncrewed own gun
        targets.append(g.xy)
        stops.append(ur + g.radius + CONTACT_CM / 2)
    if foe is not None and w is not None and not gun:
        targets.append(fxy)  # type: ignore[arg-type]  # close to just inside the weapon's range of the nearest enemy
        stops.append(w.range_cm + ur + foe.radius - 1.0)
    ways = Surroundings(s, u, step, bases, size, fixed) if plain and not foes else None
    rays: list[_Ray] = []
    crew = s.units[u.crew] if u.crew is not None and ways is None else None
    if crew is not None and crew.x is not None:  # check_move: the crewman's engagement (CW-MOV-5)
        rays.append((crew.x, crew.y, crew.x, crew.y, crew.radius + MAX_REACH_CM))  # type: ignore[arg-type]
    uid = row[ID]  # = u.id
    for k, (tx, ty) in enumerate(targets):  # with stops[k] (zip(strict=True) costs more than the loop)
        stop = stops[k]
        d = math.hypot(tx - ux, ty - uy)
        if d < 0.5:
            continue
        if ways is not None:  # valid by construction: as far as it surely may go that way
            rx, ry = (tx - ux) / d, (ty - uy) / d
            dest = ways.move(s, rx, ry, d - stop, limit)
            rays.append((rx, ry, ways.ran))  # it reads no base beyond `ran`
            if dest is not None and dest not in seen:
                seen.add(dest)
                out.append(_move(uid, dest))
            continue
        for frac in (1.0, 0.5):
            go = step * frac
            if d - stop < go:  # go = min(step * frac, d - stop)
                go = d - stop
            if go < 0.5:
                continue
            dest = (snap(ux + (tx - ux) / d * go), snap(uy + (ty - uy) / d * go))
            if dest in seen:
                continue
            seen.add(dest)
            rays.append((ux, uy, dest[0], dest[1], ur))  # the bases its sweep and its end meet
            if crew is not None and crew.x is not None:  # and its crewman's, moved alike
                cx, cy = crew.xy
                rays.append((cx, cy, cx + dest[0] - ux, cy + dest[1] - uy, crew.radius))
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
            rays.append((ux, uy, *charge_end(u, bearing), ur))
            try:
                check_charge(s, u, bearing)
                out.append(a.Charge(unit=uid, bearing=bearing))
            except Rejected:
                pass
    for g in walk:  # and, within this move, the nearest spot in base contact with it
        dest = _contact_spot(s, u, g, step, limit, plain, rays)
        if dest is not None and dest not in seen:
            seen.add(dest)
            out.append(_move(uid, dest))
    if guns and not gun and kind == "infantry" and row[GUN] is None:  # (u.gun)
        out += _crewing(u, guns)
    return out, rays


# --- walking a replacement crewman to an uncrewed gun (CW-ART-8) ----------------------------------

CREW_WALK_CM = 20.0
"""An own infantryman serving no gun whose centre is at most this far from an uncrewed own gun's
gets two more moves in his sample: the farthest toward the gun, and, when one move reaches it, to the
nearest spot in base contact with it (CW-ART-8, OUR RESOLUTION: ending his move there, he may be
declared its crewman). 20 cm is two infantry moves in the open. Within `_near` of infantry, and
`_touches` reads an own gun this near, so the move memo drops such a sample whenever the gun changes
(its crewman dies, another takes it, it moves)."""

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
    s: ClickWarsState, u: Unit, g: Unit, step: float, limit: float, plain: bool, rays: list[_Ray]
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
        rays.append((ux, uy, dest[0], dest[1], u.radius))  # the bases its sweep and its end meet
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


# --- the memo: a unit's sample depends only on what lies near it ----------------------------------

NEAR_CM = 12.0  # beyond the move or charge: the largest base (3) twice, the longest reach (3), a crewman
MEMOS = 64
# A straight move cast from the unit's centre along the unit vector (dx, dy) that went `length` cm
# (dx, dy, length), or a corridor swept by a base of radius r from (x0, y0) to (x1, y1) (x0, y0, x1, y1, r).
_Ray = tuple[float, ...]
RAY_PAD_CM = 1.0 + SNAP_SLACK_CM  # + both radii: how near `check_charge` sees a base, with a margin
RUN_PAD_CM = 0.5  # added to a base's radius and a move's length: `_stops` errs on the safe side


# A unit as the move sample reads it: its fields, read once per call from the model's own values
# (`model_values`, `_ROW`). A pydantic model's attribute costs about ten times a tuple's item: BaseModel
# defines __getattr__, which keeps CPython 3.11 from specialising the attribute read (about 430
# machine instructions each, against 75 for a tuple's item), and the sample reads thousands a call.
#
# What of a unit the samples read, x and y first. Another unit's sample reads only its first GEO
# fields: where its base is, whether it stands, its close-combat weapon (the reach of an engagement,
# CW-CC-2), a gun's crew and a crewman's gun (crewing, CW-MOV-5); its profile never changes. Its own
# sample reads all of them up to SELF but its life, of which only whether it is wounded (the way
# home), see `_same_self`. Whether it may move at all this turn (moved, charged last turn, idle) is
# checked before the memo is asked. Its side, id and radius never change (the rules never change
# them); its side picks the units `_moves` walks.
_ROW = operator.itemgetter(
    "x", "y", "alive", "melee_broken", "gun", "crew", "profile", "ranged_broken", "side", "max_life", "life",
    "id", "radius", "moved", "idle_turn", "charged_turn",
)  # fmt: skip
X, Y, ALIVE, MELEE_BROKEN, GUN, CREW, PROFILE, RANGED_BROKEN, SIDE, MAX_LIFE, LIFE = range(11)
ID, RADIUS, MOVED, IDLE, CHARGED = range(11, 16)
GEO = 6
SELF = 10
_Row = tuple[Any, ...]  # see _ROW
_TYPE_OF = {name: p.type for name, p in PROFILES.items()}  # Unit.type by profile, as GUN_PROFILES
_RANGED_OF = {name: p.ranged for name, p in PROFILES.items()}  # a profile's ranged weapon (Unit.ranged)


def _same_self(a: _Row, b: _Row) -> bool:
    """Whether a unit's own sample drawn with row `a` holds with row `b`: the same up to SELF, and
    wounded in both or in neither."""
    return a[:SELF] == b[:SELF] and (a[LIFE] < a[MAX_LIFE]) == (b[LIFE] < b[MAX_LIFE])  # type: ignore[operator]


class _Memo:
    """The last sample of one table and side, per unit, with the unit fields it was drawn from.

    A unit's sample is a function of its own fields (`_same_self`), its nearest enemy (where it
    stands: GEO), the GEO fields of the units within `_near` of it (every base its moves, charge,
    engagement or crewman could touch) and the table (terrain, size, scenario, roles, edges,
    hostages: the memo's key). Every call reads the fields (`_ROW`) of the units that are not the
    same objects as at the last call (all of them after a unit was changed in place:
    `state.in_place_edits`), compares them with the last call's, and drops the samples that a unit whose GEO fields changed may alter (`_touches`); a
    sample is reused only if its unit and its nearest enemy are as they were. Exact: the same sample
    as drawn afresh (tests/engine/clickwars/test_speed_paths.py).

    What a sample read of the other bases is kept with it (`_unit_moves`): its engagement and the
    guns it could crew (within `close` of its centre), the rays its moves were cast along
    (`Surroundings.run` stops at the nearest base it meets: a base changes the answer only if met
    before that stop, or if it was the stop), and the corridors its tried moves, its crewman's and
    its charge swept (`check_move`, `check_charge` read the bases overlapping them)."""

    def __init__(self, seat: Seat, spots: list[XY]) -> None:
        self.seat = seat
        self.spots = spots  # `cover_spots`: a function of the memo's key
        self.fixed: dict[tuple[float, ...], tuple[Any, ...]] = {}  # see `_unit_moves`: of the key too
        self.keys: list[str] = []  # the state's unit ids, in its order, at the last call
        self.objs: list[Unit] = []  # the units themselves (see `update`)
        self.edits = -1  # `in_place_edits()` at the last call
        self.values: list[_Row] = []  # their rows, in that order
        self.fields: dict[str, _Row] = {}  # the same by id
        self.own: list[_Row] = []  # the memo's side's rows, in order
        self.others: list[_Row] = []  # the other side's
        # per unit in the state's order: the list its row is in (own, others) and its index there
        self.places: list[tuple[list[_Row], int]] = []
        self.index: Bases | None = None  # the placed units' `Bases`, once asked (`bases`)
        # a unit's nearest enemy by where the unit stands, while no enemy has changed (cleared when one does)
        self.nearest: dict[str, tuple[object, object, str | None]] = {}
        # per unit: its row, its nearest enemy and that one's row, the sample, what it read, _near squared
        self.samples: dict[str, tuple[_Row, str | None, _Row | None, list[Action], list[_Ray], float]] = {}

    def update(self, s: ClickWarsState) -> None:
        units = s.units
        keys = list(units)
        objs = list(units.values())
        edits = in_place_edits()
        # each unit whose row changed: its row now and at the last call (None: new to the memo)
        diff: list[tuple[_Row, _Row | None]] = []
        gone: list[_Row] = []  # the rows of the units no longer in the state
        if keys == self.keys and edits == self.edits:
            # The rules never change a unit in place (`evolve` replaces it: `state.edit`) and no unit
            # was changed in place since the last call: a unit that is the same object as then has
            # the same row. Only the others are read (in a game, one or two a call), and the rows
            # kept are changed where they are (nothing outside the memo holds these lists).
            others = list(itertools.compress(range(len(objs)), map(operator.is_not, objs, self.objs)))
            if not others:
                return
            self.objs = objs
            values, rows, places = self.values, self.fields, self.places
            for i in others:
                row, was = _ROW(model_values(objs[i])), values[i]
                if row == was:
                    continue
                values[i] = rows[keys[i]] = row
                side, j = places[i]
                side[j] = row
                diff.append((row, was))
            if not diff:
                return
            if self.index is not None:  # the bases that moved, came or went, changed in the index
                for f, g in diff:
                    if g is not None and g[:3] == f[:3]:  # X, Y, ALIVE (radius, id and side never change)
                        continue
                    if g is not None and g[ALIVE] and g[X] is not None:
                        self.index.remove(g[X], g[ID])
                    if f[ALIVE] and f[X] is not None:
                        self.index.add((f[X], f[Y], f[RADIUS], f[ID], f[SIDE]))
        else:
            now = list(map(_ROW, map(model_values, objs)))
            self.objs, self.edits = objs, edits
            if keys == self.keys:
                if now == self.values:
                    return
                diff = [(f, g) for f, g in zip(now, self.values, strict=True) if f != g]
            else:
                old = self.fields
                diff = [(f, old.get(uid)) for uid, f in zip(keys, now, strict=True)]
                gone = [g for uid, g in old.items() if uid not in units]
            self.keys, self.values = keys, now
            self.fields = dict(zip(keys, now, strict=True))
            self.index = None
            self.own, self.others, self.places = [], [], []
            for f in now:  # a unit's side never changes (the rules never change it): its place holds
                side = self.own if f[SIDE] == self.seat else self.others
                self.places.append((side, len(side)))
                side.append(f)
        rows = self.fields
        seat = self.seat
        # the bases whose GEO fields changed, where they are and where they were, each with its row
        # then (a change of life or of a ranged weapon alone is read by that unit's own sample only:
        # `reuse`)
        changed: list[tuple[_Row | None, object, object, bool]] = []  # True: where it is now
        enemy = False
        for f, g in diff:
            if g is not None and g[:GEO] == f[:GEO]:
                continue
            changed.append((f, f[X], f[Y], True))
            if g is not None:  # (with its row then: a gun's crew then, see `_touches`)
                changed.append((g, g[X], g[Y], False))
            enemy = enemy or f[SIDE] != seat
        for h in gone:
            changed.append((None, h[X], h[Y], False))
            enemy = True
        if not changed:
            return
        if enemy:
            self.nearest.clear()
        samples = self.samples
        for uid, kept in list(samples.items()):
            drawn, rays, near2 = kept[0], kept[4], kept[5]
            ux, uy = drawn[X], drawn[Y]
            u = rows.get(uid)
            if u is None or ux is None:
                del samples[uid]
                continue
            for o, x, y, now_there in changed:
                if o is None or x is None:
                    del samples[uid]  # a unit gone from the table's list, or not placed (never seen)
                    break
                dx, dy = x - ux, y - uy  # type: ignore[operator]
                if dx * dx + dy * dy <= near2 and _touches(u, o, ux, uy, rays, x, y, now_there):  # type: ignore[arg-type]
                    del samples[uid]
                    break

    def bases(self) -> Bases:
        """`movement.bases_of` the state of the last `update`, from the rows (built once, then kept
        up to date by `update`: a call in a game changes one or two of them)."""
        if self.index is None:
            self.index = Bases(
                [
                    (r[X], r[Y], r[RADIUS], r[ID], r[SIDE])
                    for r in self.values
                    if r[ALIVE] and r[X] is not None
                ]
            )  # type: ignore[misc]
        return self.index

    def reuse(self, uid: str, mine: _Row, foe_id: str | None) -> list[Action] | None:
        """The kept sample of unit `uid`, whose row is `mine` now, if it holds with `foe_id` its
        nearest enemy, else None. (Rows that did not change are the same tuples: `is` first.)"""
        kept = self.samples.get(uid)
        if kept is None:
            return None
        drawn, kept_foe, foe_row, sample, _, _ = kept
        if kept_foe != foe_id or not (drawn is mine or drawn == mine or _same_self(drawn, mine)):
            return None
        if foe_id is not None:  # the sample reads where the foe stands, its base and profile, not its life
            now = self.fields[foe_id]
            if foe_row is not now and foe_row != now and foe_row[:GEO] != now[:GEO]:  # type: ignore[index]
                return None
        return sample

    def keep(self, uid: str, mine: _Row, foe_id: str | None, sample: list[Action], rays: list[_Ray]) -> None:
        near = _near(mine)  # a function of the unit's profile and base
        foe_row = self.fields[foe_id] if foe_id is not None else None
        self.samples[uid] = (mine, foe_id, foe_row, sample, rays, near * near)


_SIDE_OF = operator.itemgetter(SIDE)


def _touches(
    u: _Row, o: _Row, ux: float, uy: float, rays: list[_Ray], x: float, y: float, now_there: bool
) -> bool:
    """Whether a change of unit `o` (a base that is at (x, y) if `now_there`, else was; `o` its row
    now, or then) may alter the sample of `u` drawn at (ux, uy) that read `rays` (both units' rows):
    an enemy within reach of an engagement (CW-CC-2), an uncrewed own gun (now, or then) within
    reach of walking to it and crewing it (an infantryman serving no gun: the sample reads only the
    side's uncrewed guns, `_uncrewed_guns`; a crewed one is a base like any other), a base met by a
    move's ray before where it stopped (one that comes) or at that stop (one that goes), with both
    radii and the snap's room (`Surroundings.run`), or a base whose radius and the corridor's +
    RAY_PAD_CM come near a corridor."""
    ur, orad = u[RADIUS], o[RADIUS]
    cx, cy = x - ux, y - uy
    d2 = cx * cx + cy * cy
    if o[SIDE] != u[SIDE] or (
        o[CREW] is None
        and o[PROFILE] in GUN_PROFILES
        and u[GUN] is None
        and _TYPE_OF[u[PROFILE]] == "infantry"
    ):  # type: ignore[index]
        close = ur + orad + MAX_REACH_CM + 1.0  # type: ignore[operator]
        if o[SIDE] == u[SIDE]:
            close = CREW_WALK_CM + 1.0  # a gun to walk to and crew (CW-ART-8), beyond crewing reach
        if d2 <= close * close:
            return True
    big = ur + orad + SNAP_SLACK_CM + RUN_PAD_CM  # type: ignore[operator]
    c = d2 - big * big
    for ray in rays:
        if len(ray) == 3:
            # = _stops(cx, cy, dx, dy, big, went) if now_there, else
            #   _stops(cx, cy, dx, dy, big, went + RUN_PAD_CM, True), written out (a call per ray
            #   was most of the memo's upkeep); tests/engine/clickwars/test_speed_paths.py holds them equal
            dx, dy, went = ray
            b = -(dx * cx + dy * cy)
            if b >= 0.0:
                continue
            if c < 0.0:
                if not now_there or went > 0.0:
                    return True
                continue
            disc = b * b - c
            if disc <= 0.0:
                continue
            t = -b - math.sqrt(disc)
            if (t < went) if now_there else (t <= went + RUN_PAD_CM):
                return True
        elif seg_point_distance(x, y, ray[0], ray[1], ray[2], ray[3]) <= ray[4] + orad + RAY_PAD_CM:  # type: ignore[operator]
            return True
    return False


def _stops(cx: float, cy: float, dx: float, dy: float, big: float, length: float, at: bool = False) -> bool:
    """Whether a base grown to `big` at (cx, cy) from a move's start is met by `Surroundings.run`
    along (dx, dy) before `length` (`at`: at `length` or before), by run's own arithmetic: a base
    behind (or beside) the start, or in contact with it while the move goes away from it, is passed
    over by `run`. `run` answers the nearest stop: a base that comes changes its answer only if met
    before it (a move that went 0 cm stays at 0), one that goes only if it was the stop (met at it).
    A grown base and a longer length only answer True more often (the safe side)."""
    b = -(dx * cx + dy * cy)
    if b >= 0.0:
        return False  # not ahead: `run` skips it (a hit would lie behind the start)
    c = cx * cx + cy * cy - big * big
    if c < 0.0:
        return at or length > 0.0  # in contact, going toward it: `run` stops at once
    disc = b * b - c
    if disc <= 0.0:
        return False
    t = -b - math.sqrt(disc)
    return t <= length if at else t < length


def _near(u: _Row) -> float:
    """How far from a unit's centre (its row) a change can alter its sample: its longest move or
    charge, plus margins."""
    kind, r = _TYPE_OF[u[PROFILE]], u[RADIUS]  # type: ignore[index]
    move = MOVE_CM[kind]
    if kind == "cavalry" and CHARGE_CM > move:  # the longest of its move and its charge
        move = CHARGE_CM
    near = move + r + NEAR_CM
    if kind == "infantry" and CREW_WALK_CM + 1.0 > near:
        near = CREW_WALK_CM + 1.0  # a gun to walk to (CW-ART-8)
    return near


class _Caches(threading.local):
    """The memos, one set per thread. A memo is mutable (`_Memo.update` brings it to the state asked
    about), so two threads asking about two states of one table at once (the bot runs engine jobs
    in threads while its worker processes start, beside the event loop's own queries) would each
    read a sample drawn for the other's state. A worker process has one thread: one set, as before."""

    def __init__(self) -> None:
        self.memos: dict[tuple[object, ...], _Memo] = {}
        # id -> (the terrain list itself, its token, the pieces it held then)
        self.terrains: dict[int, tuple[list[object], int, list[object]]] = {}


_LOCAL = _Caches()
_TOKENS = itertools.count(1)  # next() on a count is atomic under the GIL: tokens stay unique across threads


def _memo(s: ClickWarsState, seat: Seat, goal: XY | None) -> _Memo:
    """The memo of this table and side (a small cache: the oldest is dropped past MEMOS)."""
    memos, terrains = _LOCAL.memos, _LOCAL.terrains
    fields = model_values(s)  # the state's fields, read as dict items (see `_ROW`)
    terrain = fields["terrain"]
    known = terrains.get(id(terrain))
    # holding the list keeps its id from being reused; a list changed in place (its pieces no longer
    # those the token was given for) gets a new token, so no sample drawn on the old pieces is served
    if known is None or known[0] is not terrain or known[2] != terrain:
        if len(terrains) >= MEMOS:
            terrains.clear()
            memos.clear()
        known = (terrain, next(_TOKENS), list(terrain))
        terrains[id(terrain)] = known
    options, hostages = fields["options"], fields["hostages"]
    key = (
        known[1],
        seat,
        options.width,
        options.height,
        options.scenario,
        fields["south"],
        fields["attacker"],
        goal,
        tuple((h.id, h.x, h.y) for h in hostages) if hostages else (),
    )
    memo = memos.get(key)
    if memo is None:
        if len(memos) >= MEMOS:
            memos.pop(next(iter(memos)))
        memo = memos[key] = _Memo(seat, cover_spots(s, seat))
    memo.update(s)
    return memo


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
