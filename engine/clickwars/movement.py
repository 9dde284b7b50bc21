"""Moves and charges: checking a path, its cost through terrain, and the charge corridor (CW-MOV, CW-CHG, §8.4).

Readings (OUR, beside the spec's): coordinates are snapped to the 0.5 cm grid (§8.1) before any
check; a path must keep the centre on the table at every waypoint (the table is convex, so the
whole path stays on); hostages are bases that may not be overlapped or charged through.
"""

from __future__ import annotations

import math
import operator
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Any

from engine.core.fast import replace
from engine.core.shapes import (
    Circle,
    Polygon,
    Prepared,
    bearing_unit,
    capsule_hits_circle,
    circle_hits_shape,
    merge,
    path_cost,
    prepare,
    prepared_intervals,
    seg_crosses,
    snap,
)

from .armies import CHARGE_CM, MOVE_CM
from .los import CONTACT_CM, MAX_REACH_CM, engaged, engaged_with, gap, reach
from .messages import refuse
from .state import ClickWarsState, Unit, table_size
from .terrain import Area, per_list

XY = tuple[float, float]
HOSTAGE_RADIUS_CM = 1.5
CARRY_CM = 10.0  # §8.6: a unit carrying a hostage moves at infantry speed


@dataclass
class MovePlan:
    path: list[XY]
    cost: float
    fled: bool
    crew: str | None = None
    crew_to: XY | None = None
    crew_leaves: bool = False
    hostage: str | None = None
    hostage_to: XY | None = None


def on_table(state: ClickWarsState, x: float, y: float, r: float) -> bool:
    return r - 1e-9 <= x <= state.width - r + 1e-9 and r - 1e-9 <= y <= state.height - r + 1e-9


class TerrainIndex:
    """A table's difficult and impassable pieces with their boxes, built once per terrain list (the
    list is shared by every copy of a game's state): the common case, a path far from any piece,
    is then answered by box tests alone. Each box is also kept grown by `_boxes_meet`'s margin,
    (x0, y0, x1, y1, shape), for the hot paths that test it inline."""

    def __init__(self, terrain: list[Area]) -> None:
        self.terrain = terrain  # held so that its id is not reused while this index lives
        self.areas = list(terrain)  # the pieces it was built from (`terrain_index` compares them)
        self.difficult = [(a.shape.bbox(), a.shape) for a in terrain if a.going == "difficult"]
        self.impassable = [(a.shape.bbox(), a.shape) for a in terrain if a.going == "impassable"]
        self.difficult_grown = [_grown(b, shape) for b, shape in self.difficult]
        self.difficult_prepared = [prepare(shape) for _, shape in self.difficult]  # in the same order
        self.impassable_grown = [_grown(b, shape) for b, shape in self.impassable]


def _grown(
    b: tuple[float, float, float, float], shape: Circle | Polygon
) -> tuple[float, float, float, float, Circle | Polygon]:
    """A box grown by `_boxes_meet`'s margin: box `a` meets `b` iff not (a[2] < g[0] or a[0] > g[2]
    or a[3] < g[1] or a[1] > g[3])."""
    return (b[0] - 1e-6, b[1] - 1e-6, b[2] + 1e-6, b[3] + 1e-6, shape)


_INDEXES: dict[int, TerrainIndex] = {}


def terrain_index(state: ClickWarsState) -> TerrainIndex:
    """The index of the state's terrain list (`terrain.per_list`: read again if the list changed)."""
    return per_list(_INDEXES, state.terrain, TerrainIndex, 64)


def _box_of(path: list[XY], pad: float = 0.0) -> tuple[float, float, float, float]:
    if len(path) == 2:  # a straight move (the common case): no lists
        (ax, ay), (bx, by) = path
        # min and max of two without a call (a builtin's call costs more than the rest here)
        return (
            (bx if bx < ax else ax) - pad,
            (by if by < ay else ay) - pad,
            (bx if bx > ax else ax) + pad,
            (by if by > ay else ay) + pad,
        )
    xs = [p[0] for p in path]
    ys = [p[1] for p in path]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def _boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return not (a[2] < b[0] - 1e-6 or a[0] > b[2] + 1e-6 or a[3] < b[1] - 1e-6 or a[1] > b[3] + 1e-6)


def terrain_cost(state: ClickWarsState, path: list[XY], index: TerrainIndex | None = None) -> float:
    """CW-MOV-2: difficult terrain costs 2 cm per cm (the worst type applies where areas overlap).
    `index`: the state's `terrain_index`, when the caller has it (as for the two below)."""
    x0, y0, x1, y1 = _box_of(path)
    difficult = [
        shape
        for g0, h0, g1, h1, shape in (index or terrain_index(state)).difficult_grown
        if not (x1 < g0 or x0 > g1 or y1 < h0 or y0 > h1)  # the path's box meets the piece's grown box
    ]
    if difficult:
        return path_cost(path, [(2.0, difficult)])
    if len(path) == 2:  # one straight leg on open ground: its length
        (px, py), (qx, qy) = path
        return math.hypot(qx - px, qy - py)
    return path_cost(path, [])


def crosses_impassable(state: ClickWarsState, path: list[XY], index: TerrainIndex | None = None) -> bool:
    x0, y0, x1, y1 = _box_of(path)
    for g0, h0, g1, h1, shape in (index or terrain_index(state)).impassable_grown:
        if not (x1 < g0 or x0 > g1 or y1 < h0 or y0 > h1):  # the path's box meets the piece's grown box
            for p, q in zip(path, path[1:], strict=False):
                if seg_crosses(p, q, shape):
                    return True
    return False


def base_in_impassable(
    state: ClickWarsState, x: float, y: float, r: float, index: TerrainIndex | None = None
) -> bool:
    """§8.8: no base may end overlapping Impassable terrain."""
    x0, y0, x1, y1 = x - r, y - r, x + r, y + r
    for g0, h0, g1, h1, shape in (index or terrain_index(state)).impassable_grown:
        if not (x1 < g0 or x0 > g1 or y1 < h0 or y0 > h1) and circle_hits_shape(x, y, r, shape):
            return True
    return False


# --- moves valid by construction (the legal sample) -------------------------------------------------

SNAP_SLACK_CM = 0.36  # a point snapped to the 0.5 cm grid moves at most 0.354 cm


class Bases:
    """Living units' bases on the table as (x, y, radius, id, side), sorted by x: the bases near a
    point are found by bisection instead of a pass over every unit (the legal sample builds it once
    for all the units whose moves it draws). `bases_of` builds it from a state."""

    def __init__(self, entries: list[tuple[float, float, float, str, str]]) -> None:
        self.entries = sorted(entries, key=_X_OF)
        self.xs = list(map(_X_OF, self.entries))
        self.rmax = max(map(_RADIUS_OF, self.entries), default=0.0)  # the largest radius among them

    def remove(self, x: float, uid: str) -> None:
        """Take out the base of unit `uid`, whose centre's x is `x`."""
        i = bisect_left(self.xs, x)
        while self.entries[i][3] != uid:
            i += 1
        del self.entries[i], self.xs[i]

    def add(self, entry: tuple[float, float, float, str, str]) -> None:
        """Put in a base (after those of the same x). `rmax` only grows: `near_x` may then return a
        few more bases, which its callers' own tests leave out (the same answers)."""
        i = bisect_right(self.xs, entry[0])
        self.entries.insert(i, entry)
        self.xs.insert(i, entry[0])
        if entry[2] > self.rmax:
            self.rmax = entry[2]

    def near_x(self, x: float, pad: float) -> list[tuple[float, float, float, str, str]]:
        """The bases whose centre's x lies within `pad` of x (and maybe a few more: callers apply
        their own exact test to these)."""
        return self.entries[bisect_left(self.xs, x - pad - 1.0) : bisect_right(self.xs, x + pad + 1.0)]


_X_OF = operator.itemgetter(0)
_RADIUS_OF = operator.itemgetter(2)


def bases_of(state: ClickWarsState) -> Bases:
    """The `Bases` of every living unit on the table."""
    placed = [(o.x, o.y, o.radius, o.id, o.side) for o in state.units.values() if o.x is not None and o.alive]
    return Bases(placed)  # type: ignore[arg-type]


FIXED_MAX = 20_000  # positions kept per `Surroundings` `fixed` dict (a game stands on about 1,400)


class Surroundings:
    """What lies within `reach` of a unit (other bases, impassable and difficult pieces), in
    coordinates relative to its centre, for casting straight moves from it (`run`)."""

    def __init__(
        self,
        state: ClickWarsState,
        u: Unit,
        reach: float,
        bases: Bases | None = None,
        size: XY | None = None,
        fixed: dict[tuple[float, ...], tuple[Any, ...]] | None = None,
    ) -> None:
        """`bases`: the state's `Bases`, when the caller builds it once for many units; `size`: the
        table's (width, height), when the caller has it; `fixed`: a dict the caller keeps for one
        terrain list and table size, where what depends only on them and on where the unit stands
        (the pieces near it, the table's edges) is kept by position. `run` reads its bases in any
        order (the nearest stop wins), so they are kept in the index's."""
        ux, uy, ur, uid = u.x, u.y, u.radius, u.id
        assert ux is not None and uy is not None
        self.u, self.ux, self.uy, self.r = u, ux, uy, ur
        self.ran = 0.0  # how far the last `move` could go before its snap (what its ray read)
        if bases is None:
            bases = bases_of(state)
        # only those whose x may be near enough: the same test below picks among them
        # (a comprehension: its loop costs a third less than appending; `for v in (e,)` is an assignment)
        self.bases = [
            (dx, dy, big)
            for ox, oy, orad, oid, _ in bases.near_x(ux, reach + bases.rmax + ur + SNAP_SLACK_CM)
            if oid != uid
            for big in (orad + ur + SNAP_SLACK_CM,)
            for lim in (reach + big,)
            for dx in (ox - ux,)
            if -lim < dx < lim
            for dy in (oy - uy,)
            if -lim < dy < lim
        ]
        for h in state.hostages:
            big = HOSTAGE_RADIUS_CM + ur + SNAP_SLACK_CM
            dx, dy = h.x - ux, h.y - uy
            if abs(dx) < reach + big and abs(dy) < reach + big:
                self.bases.append((dx, dy, big))
        key = (ux, uy, ur, reach)
        known = fixed.get(key) if fixed is not None else None
        if known is not None:
            self.blocks, self.difficult, self.table = known
            return
        x0, y0, x1, y1 = ux - reach - ur, uy - reach - ur, ux + reach + ur, uy + reach + ur
        index = terrain_index(state)
        self.blocks = [  # the pieces whose grown box meets the box around its reach
            (b, shape)
            for (g0, h0, g1, h1, _), (b, shape) in zip(index.impassable_grown, index.impassable, strict=True)
            if not (x1 < g0 or x0 > g1 or y1 < h0 or y0 > h1)
        ]
        self.difficult = [  # prepared (`shapes.prepare`): a cast move tests each against a few segments
            prep
            for (g0, h0, g1, h1, _), prep in zip(index.difficult_grown, index.difficult_prepared, strict=True)
            if not (x1 < g0 or x0 > g1 or y1 < h0 or y0 > h1)
        ]
        r = ur + SNAP_SLACK_CM
        width, height = size if size is not None else (state.width, state.height)
        self.table = (r - ux, r - uy, width - r - ux, height - r - uy)
        if fixed is not None:
            if len(fixed) >= FIXED_MAX:
                fixed.clear()
            fixed[key] = (self.blocks, self.difficult, self.table)

    def run(self, dx: float, dy: float, length: float, limit: float) -> float:
        """How far the unit may surely go along the unit vector (dx, dy), at most `length`: its base
        swept along the line touches no other base (friend or foe: stricter than CW-MOV-3) and no
        impassable piece, stays on the table, and the centre path costs at most `limit` (CW-MOV-2),
        all with room for the 0.5 cm snap (every obstacle grown by SNAP_SLACK_CM) (the cost is checked again after it, `move`). 0.0 when it
        cannot move that way."""
        best = length
        for cx, cy, big in self.bases:
            b = -(dx * cx + dy * cy)
            c = cx * cx + cy * cy - big * big
            disc = b * b - c
            if disc <= 0.0:
                continue
            if c < 0.0:  # within the snap's room already (in base contact): only away from it
                if b < 0.0:
                    return 0.0
                continue
            t = -b - math.sqrt(disc)
            if t < 0.0:
                continue
            if t < best:
                best = t
        x0, y0, x1, y1 = self.table
        t = x1 / dx if dx > 1e-12 else x0 / dx if dx < -1e-12 else best
        if t < best:
            best = t
        t = y1 / dy if dy > 1e-12 else y0 / dy if dy < -1e-12 else best
        if t < best:
            best = t
        if self.blocks:
            r = self.r + SNAP_SLACK_CM
            for box, shape in self.blocks:
                hit = _ray_enters(self.ux, self.uy, dx, dy, shape, box, r)
                if hit is not None and hit < best:
                    best = hit
        if limit < best:
            best = limit
        if best > 0.0 and self.difficult:
            best = _affordable(self.ux, self.uy, dx, dy, best, limit, self.difficult)
        return max(best, 0.0)

    def move(self, state: ClickWarsState, dx: float, dy: float, length: float, limit: float) -> XY | None:
        """The farthest snapped point along (dx, dy), at most `length` away, that the unit surely may
        move to in a straight line (`run`), its cost checked after the snap; None if none."""
        d = self.ran = self.run(dx, dy, length, limit)
        start = (self.ux, self.uy)
        for _ in range(4):
            if d < 0.5:
                return None
            dest = (snap(self.ux + dx * d), snap(self.uy + dy * d))
            cost = math.hypot(dest[0] - self.ux, dest[1] - self.uy)
            if self.difficult and cost != 0.0:
                # CW-MOV-2, the path's cost through difficult ground: dest lies within `limit` <=
                # `reach` (+ the snap) of the centre, so every difficult piece the path could meet
                # is in self.difficult (prepared: the stretches inside each, merged, cost double)
                found: list[tuple[float, float]] = []
                for prep in self.difficult:
                    got = prepared_intervals(start[0], start[1], dest[0], dest[1], prep)
                    if got:
                        found += got
                if found:
                    cost += (2.0 - 1.0) * sum([t1 - t0 for t0, t1 in merge(found)]) * cost
            if dest != start and cost <= limit + 1e-6:
                return dest
            d -= 0.5
        return None


def _ray_enters(
    x: float,
    y: float,
    dx: float,
    dy: float,
    shape: Circle | Polygon,
    box: tuple[float, float, float, float],
    r: float,
) -> float | None:
    """Where a base of radius r moving from (x, y) along (dx, dy) first touches the shape (a polygon
    is taken as its box, which holds it: a stricter test), or None."""
    if isinstance(shape, Circle):
        sx, sy, sr = shape.xyr
        cx, cy, big = sx - x, sy - y, sr + r
        b = -(dx * cx + dy * cy)
        c = cx * cx + cy * cy - big * big
        disc = b * b - c
        if disc <= 0.0:
            return None
        t = -b - math.sqrt(disc)
        return t if t >= 0.0 or c < 0.0 else None
    lo, hi = -math.inf, math.inf
    for p, d, a, z in ((x, dx, box[0] - r, box[2] + r), (y, dy, box[1] - r, box[3] + r)):
        if abs(d) < 1e-12:
            if p <= a or p >= z:
                return None
            continue
        t0, t1 = (a - p) / d, (z - p) / d
        if t0 > t1:
            t0, t1 = t1, t0
        lo, hi = (t0 if t0 > lo else lo), (t1 if t1 < hi else hi)  # max(lo, t0), min(hi, t1)
    if lo >= hi or hi <= 0.0:
        return None
    return 0.0 if 0.0 > lo else lo  # max(lo, 0.0)


def _affordable(
    x: float, y: float, dx: float, dy: float, length: float, limit: float, shapes: list[Prepared]
) -> float:
    """The farthest distance along the line, at most `length`, whose centre path costs at most
    `limit` (CW-MOV-2: difficult ground 2 cm per cm). `shapes`: the difficult pieces, prepared."""
    ex, ey = x + dx * length, y + dy * length
    found: list[tuple[float, float]] = []
    for prep in shapes:
        got = prepared_intervals(x, y, ex, ey, prep)
        if got:
            found += got
    if not found:  # open ground all the way
        return length if length < limit else limit
    ivs = merge(found) if len(found) > 1 else found
    spent, at = 0.0, 0.0
    for t0, t1 in ivs:
        a, b = t0 * length, t1 * length
        if spent + (a - at) >= limit:
            return at + (limit - spent)
        spent += a - at
        if spent + 2 * (b - a) >= limit:
            return a + (limit - spent) / 2
        spent += 2 * (b - a)
        at = b
    rest = at + (limit - spent)
    return rest if rest < length else length  # min(length, rest)


def overlaps_any(state: ClickWarsState, x: float, y: float, r: float, skip: set[str]) -> str | None:
    """The id of a base (figure, gun or hostage) that a base at (x, y) would overlap, else None."""
    for o in state.units.values():
        ox = o.x
        if ox is None or not o.alive:
            continue
        reach_ = o.radius + r - 1e-6
        dx, dy = ox - x, o.y - y  # type: ignore[operator]
        if (
            -reach_ < dx < reach_
            and -reach_ < dy < reach_
            and dx * dx + dy * dy < reach_ * reach_
            and o.id not in skip
        ):
            return o.id
    for h in state.hostages:
        if h.id not in skip and math.hypot(h.x - x, h.y - y) < HOSTAGE_RADIUS_CM + r - 1e-6:
            return h.id
    return None


def _gap_at(o: Unit, at: XY, r: float) -> float:
    """Edge gap between unit `o` and a base of radius r centred at `at`."""
    ox, oy = o.xy
    return math.hypot(ox - at[0], oy - at[1]) - o.radius - r


def sweep_hits_enemy(state: ClickWarsState, u: Unit, path: list[XY]) -> str | None:
    """CW-MOV-3, §8.8: the base swept along the path may not overlap an enemy base."""
    xs = [p[0] for p in path]
    ys = [p[1] for p in path]
    lox, hix, loy, hiy = min(xs) - u.radius, max(xs) + u.radius, min(ys) - u.radius, max(ys) + u.radius
    side = u.side
    for o in state.units.values():
        ox = o.x
        if ox is None or not o.alive or o.side == side:
            continue
        r = o.radius
        if ox + r < lox or ox - r > hix or o.y + r < loy or o.y - r > hiy:  # type: ignore[operator]
            continue
        for p, q in zip(path, path[1:], strict=False):
            if capsule_hits_circle(p, q, u.radius, ox, o.y, r):  # type: ignore[arg-type]
                return o.id
    return None


def allowance(state: ClickWarsState, u: Unit) -> float:
    return MOVE_CM[u.type]


def carried_hostage(state: ClickWarsState, u: Unit) -> str | None:
    """§8.6: an attacker unit starting its move in contact with a hostage carries it."""
    if state.options.scenario != "hostage_rescue" or u.side != state.attacker or u.is_gun:
        return None
    for h in state.hostages:
        if math.hypot(h.x - u.x, h.y - u.y) - HOSTAGE_RADIUS_CM - u.radius <= CONTACT_CM + 1e-9:  # type: ignore[operator]
            return h.id
    return None


def check_move(
    state: ClickWarsState, u: Unit, dest: XY, via: tuple[XY, ...] = (), foes: list[Unit] | None = None
) -> MovePlan:
    """Every movement rule for one move, or Rejected (CW-MOV-1..5, CW-CHG-6, §8.8).

    `foes` (the enemies `u` is engaged with) may be passed when already known (the legal sample)."""
    charged = u.charged_turn
    if charged is not None and charged == state.turn - 2:
        raise refuse("clickwars.after_charge_no_move", unit=u.id)  # CW-CHG-6
    if u.moved:
        raise refuse("clickwars.already_moved", unit=u.id)
    units = state.units
    gun = units[u.gun] if u.gun else None
    crew = units[u.crew] if u.crew else None
    kind = u.type
    if kind == "artillery" and crew is None:
        raise refuse("clickwars.gun_uncrewed", unit=u.id)  # CW-MOV-5
    if crew is not None and crew.moved:  # §8.8: the gun's move is his; a replacement walked (CW-ART-8)
        raise refuse("clickwars.already_moved", unit=crew.id)
    ux, uy = u.x, u.y
    assert ux is not None and uy is not None
    start = (ux, uy)
    ur = u.radius
    if via:
        path = [start, *((snap(x), snap(y)) for x, y in via), (snap(dest[0]), snap(dest[1]))]
    else:  # a straight move (the legal sample's): no generator
        path = [start, (snap(dest[0]), snap(dest[1]))]
    if path[-1] == start:
        raise refuse("clickwars.no_move", unit=u.id)
    width, height = table_size(state)
    for x, y in path[1:]:
        if not (ur - 1e-9 <= x <= width - ur + 1e-9 and ur - 1e-9 <= y <= height - ur + 1e-9):  # on_table
            raise refuse("clickwars.off_table", unit=u.id, x=x, y=y)
    index = terrain_index(state)
    end = path[-1]
    if crosses_impassable(state, path, index) or base_in_impassable(state, end[0], end[1], ur, index):
        raise refuse("clickwars.impassable", unit=u.id)  # CW-MOV-2, §8.8
    hostage = carried_hostage(state, u)
    limit = allowance(state, u)
    if hostage is not None:
        limit = min(limit, CARRY_CM)
    cost = terrain_cost(state, path, index)
    if cost > limit + 1e-6:
        raise refuse("clickwars.too_far", unit=u.id, cost=round(cost, 1), limit=round(limit, 1))
    skip = {u.id}
    if crew is not None:
        skip.add(crew.id)
    if hostage is not None:
        skip.add(hostage)
    near, hit, other = _scan(state, u, path, skip, foes is None)
    # CW-MOV-4: engaged units stay, except lancers and cavalry fleeing, or anyone closing in.
    # CW-MOV-5, OUR READING: a gun piece is engaged like a figure by an enemy whose CC weapon reaches
    # it (CW-CC-2: the enemy's reach, 1 cm for most; the gun has none), so it cannot move while such an
    # enemy stands by it, even though its crewman is free (docs/rules/clickwars.md, "Readings").
    if foes is None:
        foes = [o for o in near if engaged(u, o)]  # of the enemies the scan found near it
    fled = False
    if foes:
        moved = replace(u, x=end[0], y=end[1])
        closes_in = any(gap(moved, f) <= reach(u) + 1e-9 for f in foes) and all(
            gap(moved, f) <= gap(u, f) + 1e-9 for f in foes
        )
        if not closes_in:
            if not (u.p.lancer or u.type == "cavalry"):
                raise refuse("clickwars.engaged_cannot_move", unit=u.id, enemy=foes[0].id)
            fled = True
    if hit is not None:
        raise refuse("clickwars.through_enemy", unit=u.id, enemy=hit)
    plan = MovePlan(path=path, cost=round(cost, 3), fled=fled)
    if crew is not None:  # CW-MOV-5: the crewman moves with the gun, in base contact
        dx, dy = end[0] - start[0], end[1] - start[1]
        cto = (crew.x + dx, crew.y + dy)  # type: ignore[operator]
        crew_foes = engaged_with(state, crew)
        if crew_foes:
            raise refuse("clickwars.engaged_cannot_move", unit=crew.id, enemy=crew_foes[0].id)
        if (
            not on_table(state, cto[0], cto[1], crew.radius)
            or base_in_impassable(state, cto[0], cto[1], crew.radius)
            or crosses_impassable(state, [crew.xy, cto])
            or _scan(state, crew, [crew.xy, cto], {u.id, crew.id}, False)[1:] != (None, None)  # sweep, end
            or math.hypot(cto[0] - end[0], cto[1] - end[1]) < crew.radius + u.radius - 1e-6
        ):
            raise refuse("clickwars.crew_blocked", unit=u.id, crew=crew.id)
        plan.crew, plan.crew_to = crew.id, cto
    if other is not None:
        raise refuse("clickwars.overlap", unit=u.id, other=other)
    if gun is not None and _gap_at(gun, end, u.radius) > CONTACT_CM + 1e-9:
        plan.crew_leaves = True  # §8.8: out of contact, no longer its crewman
    if hostage is not None:
        h = next(h for h in state.hostages if h.id == hostage)
        plan.hostage, plan.hostage_to = hostage, (h.x + end[0] - start[0], h.y + end[1] - start[1])
    return plan


def _scan(
    state: ClickWarsState, u: Unit, path: list[XY], skip: set[str], want_near: bool
) -> tuple[list[Unit], str | None, str | None]:
    """One pass over the units for `check_move`: the enemies boxed near `u` (`los._near_enemies`,
    when `want_near`), the first enemy its base swept along the path meets (`sweep_hits_enemy`) and
    the first base (figure, gun or hostage) it would overlap at the end (`overlaps_any`, sparing
    `skip`): what the three give, each in the state's order."""
    ux, uy, ur, side = u.x, u.y, u.radius, u.side
    close = ur + MAX_REACH_CM + 1e-6
    lox, loy, hix, hiy = _box_of(path, ur)
    ex, ey = path[-1]
    near: list[Unit] = []
    hit: str | None = None
    other: str | None = None
    legs = [(path[0], path[1])] if len(path) == 2 else list(zip(path, path[1:], strict=False))
    near_too = want_near and ux is not None and u.alive
    # No base farther than this box around the path (and `u`), grown by its radius, is near `u`,
    # met by the sweep or overlapped at the end: one test passes over most of the table at once.
    pad = ur + MAX_REACH_CM + 1.0
    x0, x1, y0, y1 = lox - pad, hix + pad, loy - pad, hiy + pad
    if ux is not None:  # grown to hold u's own box: min and max of two without a call (dear builtins)
        x0 = ux - pad if ux - pad < x0 else x0
        x1 = ux + pad if ux + pad > x1 else x1
        y0 = uy - pad if uy - pad < y0 else y0  # type: ignore[operator]
        y1 = uy + pad if uy + pad > y1 else y1  # type: ignore[operator]
    for o in state.units.values():
        ox = o.x
        if ox is None:
            continue
        r = o.radius
        if ox + r < x0 or ox - r > x1:  # most bases lie outside the box's x range: y not read
            continue
        oy = o.y
        assert oy is not None  # placed (x and y are set together)
        if oy + r < y0 or oy - r > y1:
            continue
        if o.side != side:
            if near_too:
                lim = close + r
                dx, dy = ox - ux, oy - uy  # type: ignore[operator]
                if -lim < dx < lim and -lim < dy < lim:
                    near.append(o)
            if hit is None and o.alive:
                if not (ox + r < lox or ox - r > hix or oy + r < loy or oy - r > hiy):
                    for p, q in legs:
                        if capsule_hits_circle(p, q, ur, ox, oy, r):
                            hit = o.id
                            break
        if other is None and o.alive:
            reach_ = r + ur - 1e-6
            dx, dy = ox - ex, oy - ey
            if (
                -reach_ < dx < reach_
                and -reach_ < dy < reach_
                and dx * dx + dy * dy < reach_ * reach_
                and o.id not in skip
            ):
                other = o.id
    if other is None:
        for h in state.hostages:
            if h.id not in skip and math.hypot(h.x - ex, h.y - ey) < HOSTAGE_RADIUS_CM + ur - 1e-6:
                other = h.id
                break
    return near, hit, other


@dataclass
class ChargePlan:
    start: XY
    end: XY
    victims: list[str]  # enemies in the corridor, nearest first along the line


def charge_end(u: Unit, bearing: int) -> XY:
    ux, uy = bearing_unit(bearing)
    return (snap(u.x + ux * CHARGE_CM), snap(u.y + uy * CHARGE_CM))  # type: ignore[operator]


def check_charge(state: ClickWarsState, u: Unit, bearing: int) -> ChargePlan:
    """CW-CHG-1..3, CW-CHG-7, A17, §8.4: a straight 30 cm charge over Normal terrain only."""
    if u.type != "cavalry":
        raise refuse("clickwars.charge_cavalry_only", unit=u.id)
    if u.moved:
        raise refuse("clickwars.already_moved", unit=u.id)
    if u.charged_turn is not None and u.charged_turn == state.turn - 2:
        raise refuse("clickwars.after_charge_no_move", unit=u.id)
    if engaged_with(state, u):
        raise refuse("clickwars.charge_engaged", unit=u.id)
    start = u.xy
    end = charge_end(u, bearing)
    if not on_table(state, end[0], end[1], u.radius):
        raise refuse("clickwars.charge_short", unit=u.id)  # the full 30 cm must be completed
    for a in state.terrain:
        if a.going != "normal" and seg_crosses(start, end, a.shape):
            raise refuse("clickwars.charge_terrain", unit=u.id, area=a.id)
    if base_in_impassable(state, end[0], end[1], u.radius):
        raise refuse("clickwars.charge_terrain", unit=u.id, area="?")
    occupant = overlaps_any(state, end[0], end[1], u.radius, {u.id})
    if occupant is not None:
        raise refuse("clickwars.charge_end_occupied", unit=u.id, other=occupant)
    victims: list[tuple[float, str]] = []
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    for o in state.units.values():
        if not o.placed or o.id == u.id:
            continue
        if capsule_hits_circle(start, end, u.radius, o.x, o.y, o.radius):  # type: ignore[arg-type]
            if o.side == u.side or o.is_gun:
                raise refuse("clickwars.charge_blocked", unit=u.id, other=o.id)
            if o.p.lancer:
                raise refuse("clickwars.charge_lancer", unit=u.id, other=o.id)  # CW-CHG-7
            along = ((o.x - start[0]) * dx + (o.y - start[1]) * dy) / length  # type: ignore[operator]
            victims.append((along, o.id))
    for h in state.hostages:
        if capsule_hits_circle(start, end, u.radius, h.x, h.y, HOSTAGE_RADIUS_CM):
            raise refuse("clickwars.charge_blocked", unit=u.id, other=h.id)
    victims.sort(key=lambda v: (v[0], unit_order(v[1])))
    return ChargePlan(start=start, end=end, victims=[v for _, v in victims])


def unit_order(uid: str) -> tuple[str, int]:
    """Unit ids in natural order (R2 before R10)."""
    return (uid[0], int(uid[1:]) if uid[1:].isdigit() else 0)


def push_spot(state: ClickWarsState, victim: Unit, start: XY, end: XY, charger_r: float) -> XY:
    """§8.4, §8.8: perpendicular to the line, to the nearer side, just clear of the corridor.

    Rounded to the 0.5 cm grid away from the line; if that spot is off the table, overlaps a base
    or impassable terrain, the next spot 0.5 cm farther out is tried, then the other side. Our
    reading when no spot within 60 cm works: the unit stays where it is (never seen on real tables).
    """
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    vx, vy = victim.x - start[0], victim.y - start[1]  # type: ignore[operator]
    along = vx * ux + vy * uy
    cross = ux * vy - uy * vx  # > 0: left of the direction of travel
    right = (uy, -ux)
    left = (-uy, ux)
    first = left if cross > 1e-9 else right  # exactly on the line: to the charger's right
    need = charger_r + victim.radius
    beyond = max(0.0, -along, along - length)
    clear = math.sqrt(max(0.0, need * need - beyond * beyond))
    fx, fy = start[0] + ux * along, start[1] + uy * along
    for side in (first, (-first[0], -first[1])):
        d = clear
        while d <= clear + 60.0:
            px, py = fx + side[0] * d, fy + side[1] * d
            # round away from the line: up in the direction of the push
            sx = math.ceil(px * 2 - 1e-9) / 2 if side[0] > 0 else math.floor(px * 2 + 1e-9) / 2
            sy = math.ceil(py * 2 - 1e-9) / 2 if side[1] > 0 else math.floor(py * 2 + 1e-9) / 2
            if abs(side[0]) < 1e-12:
                sx = snap(px)
            if abs(side[1]) < 1e-12:
                sy = snap(py)
            ok = (
                on_table(state, sx, sy, victim.radius)
                and not capsule_hits_circle(start, end, charger_r, sx, sy, victim.radius)
                and not base_in_impassable(state, sx, sy, victim.radius)
                and overlaps_any(state, sx, sy, victim.radius, {victim.id}) is None
            )
            if ok:
                return (sx, sy)
            d += 0.5
    return victim.xy
