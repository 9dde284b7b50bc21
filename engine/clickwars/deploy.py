"""Deployment: the strips, checking a placement, and the three ready-made plans (CW-DEP-1, CW-DEP-2).

Plans are deterministic (no dice): "line" stands the army in one row across the middle of its strip,
"spread" in two staggered rows, "cover" clusters it behind the x of the sight-blocking pieces
nearest its half. Guns go first with their crewman in base contact on the side away from the enemy.
"""

from __future__ import annotations

import math

from engine.core.shapes import snap

from .messages import refuse
from .movement import HOSTAGE_RADIUS_CM, base_in_impassable
from .state import CwState, Seat, deployment_bounds

XY = tuple[float, float]


def strip_ok(state: CwState, seat: Seat, x: float, y: float, r: float) -> bool:
    """CW-DEP-1: the whole base inside the 20 cm strip and on the table."""
    lo, hi = deployment_bounds(state, seat)
    return lo + r - 1e-9 <= y <= hi - r + 1e-9 and r - 1e-9 <= x <= state.width - r + 1e-9


def hostage_ok(state: CwState, seat: Seat, x: float, y: float) -> bool:
    """§8.6: hostages in the defender's half, at least 30 cm from the attacker's area."""
    r = HOSTAGE_RADIUS_CM
    if not (r <= x <= state.width - r and r <= y <= state.height - r):
        return False
    mid = state.height / 2
    own_half = y <= mid if seat == state.south else y >= mid
    alo, ahi = deployment_bounds(state, "blue" if seat == "red" else "red")
    dist = alo - y if y < alo else (y - ahi if y > ahi else 0.0)
    return own_half and dist >= 30.0 - 1e-9


def radius_of(state: CwState, key: str) -> float:
    return HOSTAGE_RADIUS_CM if key.startswith("H") else state.units[key].radius


def check_placement(state: CwState, seat: Seat, key: str, x: float, y: float) -> None:
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
    for other, (ox, oy) in state.pending[seat].items():
        if other != key and math.hypot(ox - x, oy - y) < radius_of(state, other) + r - 1e-6:
            raise refuse("clickwars.overlap", unit=key, other=other)


def pieces_to_place(state: CwState, seat: Seat) -> list[str]:
    keys = [u.id for u in state.units.values() if u.side == seat]
    if state.options.scenario == "hostage_rescue" and state.attacker is not None and seat != state.attacker:
        keys += ["H1", "H2"]
    return keys


def plan(state: CwState, seat: Seat, kind: str) -> dict[str, XY]:
    """Positions for every piece of `seat` by a plan; each is checked with `check_placement` rules."""
    lo, hi = deployment_bounds(state, seat)
    toward = 1.0 if lo == 0.0 else -1.0  # +y points at the enemy for the south side
    front = hi - 4.0 if toward > 0 else lo + 4.0
    back = lo + 4.0 if toward > 0 else hi - 4.0
    width = state.width
    units = [u for u in state.units.values() if u.side == seat]
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
        blockers = [a for a in state.terrain if a.sight != "none"]
        mid = state.height / 2
        mine = [a for a in blockers if ((a.shape.bbox()[1] + a.shape.bbox()[3]) / 2 < mid) == (toward > 0)]
        xs = sorted(((a.shape.bbox()[0] + a.shape.bbox()[2]) / 2) for a in (mine or blockers)) or [width / 2]
        slots = _cluster_slots(xs, len(rest), width, (front, back))
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
        spot = _free(state, x, y, u.radius, taken, (lo_y, hi_y))
        out[u.id] = spot
        taken.append(spot)
    if "H1" in pieces_to_place(state, seat):
        hy = state.height / 2 - 15.0 if toward > 0 else state.height / 2 + 15.0
        out["H1"] = (snap(width / 2 - 25.0), snap(hy))
        out["H2"] = (snap(width / 2 + 25.0), snap(hy))
    return out


def _rows(n: int, width: float, ys: tuple[float, ...]) -> list[XY]:
    per = max(1, math.ceil(n / len(ys)))
    out = []
    for i in range(n):
        row, col = divmod(i, per)
        step = (width - 20.0) / per
        out.append((10.0 + step * (col + 0.5) + (step / 2 if row % 2 else 0.0), ys[row]))
    return out


def _cluster_slots(xs: list[float], n: int, width: float, ys: tuple[float, float]) -> list[XY]:
    out = []
    for i in range(n):
        cx = xs[i % len(xs)]
        k = i // len(xs)
        dx = (k // 2 + 1) * 7.0 * (1 if k % 2 == 0 else -1)
        out.append((min(max(cx + dx, 4.0), width - 4.0), ys[k % 2]))
    return out


def _free(state: CwState, x: float, y: float, r: float, taken: list[XY], ys: tuple[float, float]) -> XY:
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
