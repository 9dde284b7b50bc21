"""Deployment: the strips, checking a placement, and the three ready-made plans (CW-DEP-1, CW-DEP-2).

Plans are deterministic (no dice): "line" stands the army in one row across the middle of its strip,
"spread" in two staggered rows, "cover" in the places of "spread", each unit moved up to 6 cm to
the spot of its strip that the terrain hides from most of the enemy's strip (`shelter`; OUR reading
of "deploys behind cover": hidden by solid pieces and woods per §8.3 from points along the middle of
the enemy's strip, figures left out, bases at least 9 cm apart so that a blast template rarely
catches two). Guns go first with their crewman in base contact on the side away from the enemy.
"""

from __future__ import annotations

import math
from functools import lru_cache
from types import SimpleNamespace

from engine.core.shapes import snap

from .armies import PROFILES
from .los import terrain_blocks, terrain_key
from .messages import refuse
from .movement import HOSTAGE_RADIUS_CM, base_in_impassable, terrain_index
from .state import ClickWarsState, Seat, deployment_bounds
from .state import other as opponent
from .terrain import Area

XY = tuple[float, float]


def strip_ok(state: ClickWarsState, seat: Seat, x: float, y: float, r: float) -> bool:
    """CW-DEP-1: the whole base inside the 20 cm strip and on the table."""
    lo, hi = deployment_bounds(state, seat)
    return _in_strip(lo, hi, state.width, x, y, r)


def _in_strip(lo: float, hi: float, width: float, x: float, y: float, r: float) -> bool:
    return lo + r - 1e-9 <= y <= hi - r + 1e-9 and r - 1e-9 <= x <= width - r + 1e-9


def hostage_ok(state: ClickWarsState, seat: Seat, x: float, y: float) -> bool:
    """§8.6: hostages in the defender's half, at least 30 cm from the attacker's area."""
    r = HOSTAGE_RADIUS_CM
    if not (r <= x <= state.width - r and r <= y <= state.height - r):
        return False
    mid = state.height / 2
    own_half = y <= mid if seat == state.south else y >= mid
    alo, ahi = deployment_bounds(state, "blue" if seat == "red" else "red")
    dist = alo - y if y < alo else (y - ahi if y > ahi else 0.0)
    return own_half and dist >= 30.0 - 1e-9


def radius_of(state: ClickWarsState, key: str) -> float:
    return HOSTAGE_RADIUS_CM if key.startswith("H") else state.units[key].radius


def check_placement(state: ClickWarsState, seat: Seat, key: str, x: float, y: float) -> None:
    """Rejected unless the piece may stand there (its strip, no impassable, no overlap with own pieces)."""
    r = radius_of(state, key)
    if key.startswith("H"):
        if not hostage_ok(state, seat, x, y):
            raise refuse("clickwars.hostage_spot", x=x, y=y)
    elif not strip_ok(state, seat, x, y, r):
        lo, hi = deployment_bounds(state, seat)
        raise refuse("clickwars.outside_area", unit=key, x=x, y=y, lo=int(lo), hi=int(hi))
    if base_in_impassable(state, x, y, r):
        raise refuse("clickwars.impassable", unit=key)
    units = state.units
    for other, (ox, oy) in state.pending[seat].items():  # `radius_of`, inline: asked for every piece
        if (
            other != key
            and math.hypot(ox - x, oy - y)
            < (HOSTAGE_RADIUS_CM if other.startswith("H") else units[other].radius) + r - 1e-6
        ):
            raise refuse("clickwars.overlap", unit=key, other=other)


def placements_ok(state: ClickWarsState, seat: Seat) -> bool:
    """Whether `check_placement` passes for every piece `seat` has placed (the legal sample asks it
    at every step of the deployment, to offer "confirm"): the same tests, what they read of the
    table (the strip, the impassable pieces) read once, each piece's radius once, and each pair of
    pieces tested for overlap once, in x order (the test is symmetric, and two pieces farther apart
    in x than their radii cannot overlap), where asking `check_placement` per piece tests every
    pair twice, reading the other's radius each time."""
    lo, hi = deployment_bounds(state, seat)
    width = state.width
    boxes = [b for b, _ in terrain_index(state).impassable]
    # below or above every impassable piece by a margin, a base overlaps none (`base_in_impassable`
    # then answers by its box tests alone): it is asked only in between
    under = min([b[1] for b in boxes], default=math.inf) - 1e-3
    over = max([b[3] for b in boxes], default=-math.inf) + 1e-3
    units = state.units
    pieces = []
    for key, (x, y) in state.pending[seat].items():
        if key.startswith("H"):
            r = HOSTAGE_RADIUS_CM
            if not hostage_ok(state, seat, x, y):
                return False
        else:
            r = units[key].radius
            if not _in_strip(lo, hi, width, x, y, r):
                return False
        if y + r >= under and y - r <= over and base_in_impassable(state, x, y, r):
            return False
        pieces.append((x, y, r))
    if not pieces:
        return True
    pieces.sort()
    rmax = max(p[2] for p in pieces)
    for i, (x, y, r) in enumerate(pieces):
        apart = x + r + rmax + 1e-6  # a piece whose centre lies at or beyond, in x, overlaps none
        for j in range(i + 1, len(pieces)):
            ox, oy, o_r = pieces[j]
            if ox >= apart:
                break
            if math.hypot(ox - x, oy - y) < o_r + r - 1e-6:
                return False
    return True


def pieces_to_place(state: ClickWarsState, seat: Seat) -> list[str]:
    keys = [u.id for u in state.units.values() if u.side == seat]
    if state.options.scenario == "hostage_rescue" and state.attacker is not None and seat != state.attacker:
        keys += ["H1", "H2"]
    return keys


def plan(state: ClickWarsState, seat: Seat, kind: str) -> dict[str, XY]:
    """Positions for every piece of `seat` by a plan; each is checked with `check_placement` rules."""
    units = tuple(u for u in state.units.values() if u.side == seat)
    return dict(
        _plan(
            kind,
            terrain_key(state.terrain),  # the pieces as a key, hashed once
            state.width,
            state.height,
            deployment_bounds(state, seat),
            deployment_bounds(state, opponent(seat)),
            tuple((u.id, u.profile, u.radius, u.crew) for u in units),
            "H1" in pieces_to_place(state, seat),
        )
    )


@lru_cache(maxsize=64)
def _plan(
    kind: str,
    terrain: tuple[Area, ...],
    width: float,
    height: float,
    strip: XY,
    enemy: XY,
    army: tuple[tuple[str, str, float, str | None], ...],
    hostages: bool,
) -> tuple[tuple[str, XY], ...]:
    """`plan` from what it reads: the table, both strips, the army (id, profile, base radius, crewman)
    and whether the side places the hostages. Cached: a player (or a random one) may ask for the
    same plans again and again before confirming one."""
    state = SimpleNamespace(terrain=list(terrain), width=width, height=height)
    lo, hi = strip
    toward = 1.0 if lo == 0.0 else -1.0  # +y points at the enemy for the south side
    front = hi - 4.0 if toward > 0 else lo + 4.0
    back = lo + 4.0 if toward > 0 else hi - 4.0
    units = [
        SimpleNamespace(id=i, radius=r, crew=c, is_gun=PROFILES[p].type == "artillery") for i, p, r, c in army
    ]
    guns = [u for u in units if u.is_gun]
    crew_of = {g.id: g.crew for g in guns}
    crews = {c for c in crew_of.values() if c}
    rest = [u for u in units if not u.is_gun and u.id not in crews]
    out: dict[str, XY] = {}
    gx = [width / 2 + 20.0 * (i - (len(guns) - 1) / 2) for i in range(len(guns))]
    for g, x in zip(guns, gx, strict=False):
        out[g.id] = (snap(x), snap(back + toward * 2.0))
        crewman = crew_of[g.id]
        if crewman:
            out[crewman] = (snap(x), snap(back + toward * 2.0 - toward * 4.5))  # touching, behind
    if kind == "cover":
        home = _rows(len(rest), width, (front, (front + back) / 2))
        slots = list(
            _shelter_spots(
                terrain, width, strip, enemy, tuple(u.radius for u in rest), tuple(home), tuple(out.values())
            )
        )
    elif kind == "spread":
        slots = _rows(len(rest), width, (front, (front + back) / 2))
    else:
        slots = _rows(len(rest), width, ((front + back) / 2,))
    taken = list(out.values())
    for u, (x, y) in zip(rest, slots, strict=False):
        x, y = snap(x), snap(y)
        x = min(max(x, u.radius), width - u.radius)
        lo_y, hi_y = lo + u.radius, hi - u.radius
        y = min(max(y, lo_y), hi_y)
        spot = _free(state, x, y, u.radius, taken, (lo_y, hi_y))  # type: ignore[arg-type]
        out[u.id] = spot
        taken.append(spot)
    if hostages:
        hy = height / 2 - 15.0 if toward > 0 else height / 2 + 15.0
        out["H1"] = (snap(width / 2 - 25.0), snap(hy))
        out["H2"] = (snap(width / 2 + 25.0), snap(hy))
    return tuple(out.items())


def _rows(n: int, width: float, ys: tuple[float, ...]) -> list[XY]:
    per = max(1, math.ceil(n / len(ys)))
    out = []
    for i in range(n):
        row, col = divmod(i, per)
        step = (width - 20.0) / per
        out.append((10.0 + step * (col + 0.5) + (step / 2 if row % 2 else 0.0), ys[row]))
    return out


SPOT_STEP_CM = 2.5  # candidate spots of the cover plan, across and along the strip
EYE_STEP_CM = 10.0  # the enemy's strip is watched from points this far apart
SPACING_CM = 9.0  # no two bases of the cover plan closer (centres): as the AI's moves keep friends (ai.py)
SHIFT_CM = 6.0  # how far the cover plan moves a unit from its place in the spread plan, at most


@lru_cache(maxsize=32)
def shelter(
    terrain: tuple[Area, ...], width: float, strip: XY, enemy: XY
) -> tuple[tuple[float, float, int], ...]:
    """Spots (x, y) of the strip `strip` (y from, to) on the 2.5 cm grid, 3 cm in from its edges, with
    how many of the enemy's eyes (`eyes`) the terrain hides them from (§8.3: solid blockers, more
    than 5 cm of wood; figures left out). Most hidden first, then by x and y. Cached per table."""
    board = SimpleNamespace(terrain=list(terrain))
    watch = eyes(width, enemy)
    spots = [
        (x, y, sum(terrain_blocks(board, eye, (x, y)) for eye in watch))  # type: ignore[arg-type]
        for y in _steps(strip[0] + 3.0, strip[1] - 3.0, SPOT_STEP_CM)
        for x in _steps(3.0, width - 3.0, SPOT_STEP_CM)
    ]
    spots.sort(key=lambda p: (-p[2], p[0], p[1]))
    return tuple(spots)


def eyes(width: float, enemy: XY) -> list[XY]:
    """Where the cover plan looks from: along the middle of the enemy's strip, every EYE_STEP_CM."""
    return [
        (x, (enemy[0] + enemy[1]) / 2) for x in _steps(EYE_STEP_CM / 2, width - EYE_STEP_CM / 2, EYE_STEP_CM)
    ]


def _steps(lo: float, hi: float, step: float) -> list[float]:
    n = int((hi - lo) / step + 1e-9)
    return [lo + i * step for i in range(n + 1)]


@lru_cache(maxsize=64)
def _shelter_spots(
    terrain: tuple[Area, ...],
    width: float,
    strip: XY,
    enemy: XY,
    radii: tuple[float, ...],
    home: tuple[XY, ...],
    taken: tuple[XY, ...],
) -> tuple[XY, ...]:
    """Each unit in turn (by its base radius) takes the most hidden free spot (`shelter`) within
    SHIFT_CM of its place in the spread plan (`home`), at least SPACING_CM from every base placed
    so far, the nearest its home among equally hidden ones; else its home (the caller then finds
    the nearest free spot). Cached: the same army on the same table gets the same plan."""
    spots = shelter(terrain, width, strip, enemy)
    board = SimpleNamespace(terrain=list(terrain))
    placed = list(taken)
    out: list[XY] = []
    for r, (hx, hy) in zip(radii, home, strict=False):
        best: tuple[int, float, float, float] | None = None
        for x, y, hidden in spots:
            if best is not None and -hidden > best[0]:
                break  # most hidden first: no spot further on is as hidden as the best one
            d = math.hypot(x - hx, y - hy)
            if d > SHIFT_CM:
                continue
            key = (-hidden, d, x, y)
            if (
                (best is None or key < best)
                and all(math.hypot(x - tx, y - ty) >= SPACING_CM for tx, ty in placed)
                and not base_in_impassable(board, x, y, r)  # type: ignore[arg-type]
            ):
                best = key
        spot = (best[2], best[3]) if best is not None else (hx, hy)
        out.append(spot)
        placed.append(spot)
    return tuple(out)


def _free(
    state: ClickWarsState, x: float, y: float, r: float, taken: list[XY], ys: tuple[float, float]
) -> XY:
    """The nearest free 0.5 cm spot to (x, y) in the strip, scanning outward along x then y."""

    def ok(px: float, py: float) -> bool:
        return (
            r <= px <= state.width - r
            and ys[0] - 1e-9 <= py <= ys[1] + 1e-9
            and not base_in_impassable(state, px, py, r)
            and all(math.hypot(px - tx, py - ty) >= r + 3.0 + 1e-6 for tx, ty in taken)
        )

    for step in range(0, 400):
        for dx in (0.0,) if step == 0 else (step * 0.5, -step * 0.5):
            for py in (y, ys[0], ys[1], (ys[0] + ys[1]) / 2):
                if ok(x + dx, py):
                    return (snap(x + dx), snap(py))
    raise AssertionError("no room to deploy")
