"""Shapes on a measured table: circles, polygons (rectangles are polygons), segments through them.

Plain maths on purpose: the engine stays stdlib + pydantic (ARCHITECTURE.md), and the questions a
skirmish game asks are few and small (a segment against a dozen areas, a base against thirty bases),
so closed forms beat a general library both in speed and in exactness. Units are whatever the caller
measures in (ClickWars: cm). Every function works on plain floats so hot loops (line of sight,
legal moves) do not build models.

Answers:
- `seg_intervals(a, b, shape)`: the parts of segment a→b inside a shape, as fractions [t0, t1].
- `length_inside(a, b, shapes)`: how much of a segment lies inside the union of some shapes.
- `seg_crosses(a, b, shape)`: does the segment touch the shape's interior at all.
- `circle_hits_shape(c, r, shape)`: does a round base overlap a shape.
- `seg_point_distance`: distance from a point to a segment (a swept base is a capsule: its
  "corridor" overlaps a base when this distance is below the sum of the radii).
- `path_cost(points, weighted shapes)`: the allowance a path spends when some areas cost more.
- `bearing_offset(p, bearing, d)`: compass bearings (0 = +y, 90 = +x, clockwise) to points.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

EPS = 1e-9
XY = tuple[float, float]


class Circle(BaseModel):
    """A circular area (a hill, a wood, a blast template, a base)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    shape: str = "circle"
    x: float
    y: float
    r: float

    @model_validator(mode="after")
    def _positive(self) -> Circle:
        if self.r <= 0:
            raise ValueError("a circle needs a radius greater than 0")
        return self

    def bbox(self) -> tuple[float, float, float, float]:
        return self._box

    @cached_property
    def xyr(self) -> tuple[float, float, float]:
        """(x, y, r) as one tuple, kept: the hot paths read a circle's fields once (a model's
        attribute read costs several times a tuple's)."""
        return (self.x, self.y, self.r)

    @cached_property
    def _box(self) -> tuple[float, float, float, float]:
        return (self.x - self.r, self.y - self.r, self.x + self.r, self.y + self.r)


class Polygon(BaseModel):
    """A simple polygon given by its corners in order (either winding)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    shape: str = "polygon"
    points: tuple[XY, ...]

    @model_validator(mode="after")
    def _enough(self) -> Polygon:
        if len(self.points) < 3:
            raise ValueError("a polygon needs at least 3 corners")
        if abs(polygon_area(self.points)) < EPS:
            raise ValueError("a polygon needs a non-zero area")
        return self

    @classmethod
    def rect(cls, x0: float, y0: float, x1: float, y1: float) -> Polygon:
        """The axis-aligned rectangle x0..x1 by y0..y1."""
        if x1 <= x0 or y1 <= y0:
            raise ValueError("a rectangle's corners must be ordered (x0 < x1, y0 < y1)")
        return cls(points=((x0, y0), (x1, y0), (x1, y1), (x0, y1)))

    def bbox(self) -> tuple[float, float, float, float]:
        return self._box

    @cached_property
    def is_rect(self) -> bool:
        """True for an axis-aligned rectangle (fast paths use slab clipping)."""
        if len(self.points) != 4:
            return False
        xs = {p[0] for p in self.points}
        ys = {p[1] for p in self.points}
        return len(xs) == 2 and len(ys) == 2

    @cached_property
    def _box(self) -> tuple[float, float, float, float]:
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))


Shape = Circle | Polygon


def polygon_area(points: Sequence[XY]) -> float:
    """Signed area (shoelace)."""
    s = 0.0
    for i, (x0, y0) in enumerate(points):
        x1, y1 = points[(i + 1) % len(points)]
        s += x0 * y1 - x1 * y0
    return s / 2


def point_in_polygon(x: float, y: float, points: Sequence[XY], boundary: bool = True) -> bool:
    """Even-odd rule; points on an edge count as inside unless `boundary` is False."""
    inside = False
    n = len(points)
    for i in range(n):
        x0, y0 = points[i]
        x1, y1 = points[(i + 1) % n]
        if seg_point_distance(x, y, x0, y0, x1, y1) <= EPS:
            return boundary
        if (y0 > y) != (y1 > y):
            xc = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            if x < xc:
                inside = not inside
    return inside


def contains(shape: Shape, x: float, y: float) -> bool:
    """True if the point lies in the shape (boundary included)."""
    if isinstance(shape, Circle):
        return (x - shape.x) ** 2 + (y - shape.y) ** 2 <= shape.r * shape.r + EPS
    return point_in_polygon(x, y, shape.points)


def seg_point_distance(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from point p to segment a→b."""
    dx, dy = bx - ax, by - ay
    qq = dx * dx + dy * dy
    if qq == 0.0:
        return math.hypot(px - ax, py - ay)
    t = ((px - ax) * dx + (py - ay) * dy) / qq
    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _circle_interval(
    ax: float, ay: float, bx: float, by: float, xyr: tuple[float, float, float]
) -> list[tuple[float, float]]:
    cx, cy, cr = xyr
    dx, dy = bx - ax, by - ay
    fx, fy = ax - cx, ay - cy
    qa = dx * dx + dy * dy
    cc = fx * fx + fy * fy - cr * cr
    if qa == 0.0:
        return [(0.0, 1.0)] if cc <= 0 else []
    qb = 2.0 * (fx * dx + fy * dy)
    disc = qb * qb - 4.0 * qa * cc
    if disc <= 0.0:
        return []
    root = math.sqrt(disc)
    # max(0.0, t0) and min(1.0, t1) without a call (a builtin's call costs more than the sum here)
    t0 = (-qb - root) / (2 * qa)
    t0 = t0 if t0 > 0.0 else 0.0
    t1 = (-qb + root) / (2 * qa)
    t1 = t1 if t1 < 1.0 else 1.0
    return [(t0, t1)] if t1 > t0 else []


def _polygon_intervals(
    ax: float, ay: float, bx: float, by: float, poly: Polygon
) -> list[tuple[float, float]]:
    dx, dy = bx - ax, by - ay
    ts = [0.0, 1.0]
    pts = poly.points
    n = len(pts)
    for i in range(n):
        x0, y0 = pts[i]
        x1, y1 = pts[(i + 1) % n]
        ex, ey = x1 - x0, y1 - y0
        den = dx * ey - dy * ex
        if abs(den) < 1e-15:
            continue  # parallel: the edge's endpoints (other edges) bound any overlap
        t = ((x0 - ax) * ey - (y0 - ay) * ex) / den
        u = ((x0 - ax) * dy - (y0 - ay) * dx) / den
        if 0.0 < t < 1.0 and -EPS <= u <= 1.0 + EPS:
            ts.append(t)
    ts.sort()
    out: list[tuple[float, float]] = []
    for t0, t1 in zip(ts, ts[1:], strict=False):
        if t1 - t0 <= 1e-12:
            continue
        m = (t0 + t1) / 2
        if point_in_polygon(
            ax + m * dx, ay + m * dy, pts, boundary=False
        ):  # running along an edge is outside
            if out and abs(out[-1][1] - t0) <= 1e-12:
                out[-1] = (out[-1][0], t1)
            else:
                out.append((t0, t1))
    return out


def _bbox_miss(ax: float, ay: float, bx: float, by: float, box: tuple[float, float, float, float]) -> bool:
    return (
        (bx if bx > ax else ax) < box[0] - EPS  # max(ax, bx), without a call
        or (bx if bx < ax else ax) > box[2] + EPS
        or (by if by > ay else ay) < box[1] - EPS
        or (by if by < ay else ay) > box[3] + EPS
    )


def seg_intervals(a: XY, b: XY, shape: Shape) -> list[tuple[float, float]]:
    """The parts of segment a→b inside the shape, as sorted fractions [(t0, t1), ...]."""
    ax, ay = a
    bx, by = b
    if _bbox_miss(ax, ay, bx, by, shape.bbox()):
        return []
    if isinstance(shape, Circle):
        return _circle_interval(ax, ay, bx, by, shape.xyr)
    if shape.is_rect:
        return _rect_interval(ax, ay, bx, by, shape.bbox())
    return _polygon_intervals(ax, ay, bx, by, shape)


Prepared = tuple[int, Any, tuple[float, float, float, float]]
"""A shape as `prepared_intervals` reads it (`prepare`): its kind (0 circle, 1 axis-aligned rectangle,
2 polygon), what that kind's intervals read (the circle's (x, y, r), the rectangle's box, the
polygon) and its box."""


def prepare(shape: Shape) -> Prepared:
    """`shape` read once for `prepared_intervals` (a model's attribute and cached property cost many
    times a tuple's item; hot loops prepare the shapes they test many segments against)."""
    box = shape.bbox()
    if isinstance(shape, Circle):
        return (0, shape.xyr, box)
    if shape.is_rect:
        return (1, box, box)
    return (2, shape, box)


def prepared_intervals(
    ax: float, ay: float, bx: float, by: float, prep: Prepared
) -> list[tuple[float, float]]:
    """= seg_intervals((ax, ay), (bx, by), shape) for `prep` = prepare(shape)."""
    kind, data, box = prep
    if _bbox_miss(ax, ay, bx, by, box):
        return []
    if kind == 0:
        return _circle_interval(ax, ay, bx, by, data)
    if kind == 1:
        return _rect_interval(ax, ay, bx, by, data)
    return _polygon_intervals(ax, ay, bx, by, data)


def _rect_interval(
    ax: float, ay: float, bx: float, by: float, box: tuple[float, float, float, float]
) -> list[tuple[float, float]]:
    """Liang-Barsky slab clipping of a segment by an axis-aligned box (interior only)."""
    t0, t1 = 0.0, 1.0
    for p, d, lo, hi in ((ax, bx - ax, box[0], box[2]), (ay, by - ay, box[1], box[3])):
        if d == 0.0:
            if p <= lo + EPS or p >= hi - EPS:
                return []  # parallel and outside, or running along an edge
            continue
        u0, u1 = (lo - p) / d, (hi - p) / d
        if u0 > u1:
            u0, u1 = u1, u0
        t0, t1 = (u0 if u0 > t0 else t0), (u1 if u1 < t1 else t1)  # max(t0, u0), min(t1, u1)
        if t1 <= t0:
            return []
    return [(t0, t1)]


def merge(intervals: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    """Union of intervals, sorted."""
    out: list[tuple[float, float]] = []
    for t0, t1 in sorted(intervals):
        if out and t0 <= out[-1][1]:
            end = out[-1][1]
            out[-1] = (out[-1][0], t1 if t1 > end else end)  # max(end, t1)
        else:
            out.append((t0, t1))
    return out


def length_inside(a: XY, b: XY, shapes: Iterable[Shape]) -> float:
    """Length of segment a→b that lies inside the union of the shapes (overlaps counted once)."""
    ivs = [iv for s in shapes for iv in seg_intervals(a, b, s)]
    if not ivs:
        return 0.0
    total = math.hypot(b[0] - a[0], b[1] - a[1])
    return sum(t1 - t0 for t0, t1 in merge(ivs)) * total


def seg_crosses(a: XY, b: XY, shape: Shape, min_len: float = 1e-6) -> bool:
    """True if more than `min_len` of the segment lies inside the shape (grazing an edge is not crossing)."""
    total = math.hypot(b[0] - a[0], b[1] - a[1])
    if total == 0.0:
        return contains(shape, a[0], a[1])
    return any((t1 - t0) * total > min_len for t0, t1 in seg_intervals(a, b, shape))


def circle_hits_shape(x: float, y: float, r: float, shape: Shape, eps: float = 1e-6) -> bool:
    """True if a round base (centre x, y, radius r) overlaps the shape by more than `eps`."""
    if isinstance(shape, Circle):
        cx, cy, cr = shape.xyr
        return math.hypot(x - cx, y - cy) < r + cr - eps
    box = shape.bbox()
    if x + r < box[0] or x - r > box[2] or y + r < box[1] or y - r > box[3]:
        return False
    if point_in_polygon(x, y, shape.points):
        return True
    pts = shape.points
    n = len(pts)
    return any(seg_point_distance(x, y, *pts[i], *pts[(i + 1) % n]) < r - eps for i in range(n))


def capsule_hits_circle(a: XY, b: XY, r: float, x: float, y: float, r2: float, eps: float = 1e-6) -> bool:
    """True if a base of radius r swept from a to b overlaps a base of radius r2 at (x, y)."""
    return seg_point_distance(x, y, a[0], a[1], b[0], b[1]) < r + r2 - eps


def path_length(points: Sequence[XY]) -> float:
    """Length of a polyline."""
    return sum(math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in zip(points, points[1:], strict=False))


def path_cost(points: Sequence[XY], weighted: Sequence[tuple[float, Sequence[Shape]]]) -> float:
    """Allowance a polyline spends: each length pays the largest weight of the areas it is in (else 1).

    `weighted` is [(weight, shapes)], e.g. [(2.0, difficult areas)]. Overlapping areas of several
    weights pay the largest weight (the worst terrain applies).
    """
    cost = 0.0
    # a straight move's one segment without zip (a builtin's call costs more than the segment's sum)
    legs = ((points[0], points[1]),) if len(points) == 2 else zip(points, points[1:], strict=False)
    if len(weighted) <= 1:  # one kind of costly ground (the common case): no sweep between weights
        weight, shapes = weighted[0] if weighted else (1.0, ())
        for p, q in legs:
            seg = math.hypot(q[0] - p[0], q[1] - p[1])
            if seg == 0.0:
                continue
            ivs = [iv for s in shapes for iv in seg_intervals(p, q, s)]
            if ivs:
                cost += seg + (weight - 1.0) * sum(t1 - t0 for t0, t1 in merge(ivs)) * seg
            else:
                cost += seg  # = seg + (weight - 1.0) * 0 * seg
        return cost
    for p, q in legs:
        seg = math.hypot(q[0] - p[0], q[1] - p[1])
        if seg == 0.0:
            continue
        # sweep from the heaviest weight down: each fraction pays the first weight that covers it
        covered: list[tuple[float, float]] = []
        extra = 0.0
        for weight, shapes in sorted(weighted, key=lambda w: -w[0]):
            ivs = merge(iv for s in shapes for iv in seg_intervals(p, q, s))
            fresh = _subtract(ivs, covered)
            extra += (weight - 1.0) * sum(t1 - t0 for t0, t1 in fresh) * seg
            covered = merge([*covered, *ivs])
        cost += seg + extra
    return cost


def _subtract(ivs: list[tuple[float, float]], cut: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out = []
    for t0, t1 in ivs:
        parts = [(t0, t1)]
        for c0, c1 in cut:
            nxt = []
            for p0, p1 in parts:
                if c1 <= p0 or c0 >= p1:
                    nxt.append((p0, p1))
                    continue
                if p0 < c0:
                    nxt.append((p0, c0))
                if c1 < p1:
                    nxt.append((c1, p1))
            parts = nxt
        out.extend(parts)
    return out


def bearing_unit(bearing_deg: float) -> XY:
    """Unit vector of a compass bearing: 0 = +y, 90 = +x, clockwise."""
    rad = math.radians(bearing_deg)
    return (math.sin(rad), math.cos(rad))


def bearing_offset(x: float, y: float, bearing_deg: float, dist: float) -> XY:
    """The point `dist` from (x, y) along a compass bearing."""
    ux, uy = bearing_unit(bearing_deg)
    return (x + ux * dist, y + uy * dist)


def bearing_of(ax: float, ay: float, bx: float, by: float) -> float:
    """Compass bearing from a to b in degrees [0, 360)."""
    return math.degrees(math.atan2(bx - ax, by - ay)) % 360.0


def snap(v: float, step: float = 0.5) -> float:
    """Round to the nearest multiple of `step` (halves away from zero: 0.25 -> 0.5)."""
    if v > 0.0 and step == 0.5:  # the common case, the same value: v / 0.5 is v * 2.0 exactly
        return math.floor(v * 2.0 + 0.5) * 0.5
    q = v / step
    return math.copysign(math.floor(abs(q) + 0.5), q) * step
