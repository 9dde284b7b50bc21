"""Plane geometry for measured tables: points, round bases, cards, "within N" and "move up to N".

Unit-agnostic on purpose: Hunt for the Arkenstone measures in inches, ClickWars in centimetres, and
both call these functions; the callers carry the unit in their names (`move_in`, `range_cm`).
Coordinates have the origin at the bottom-left corner of the table, x to the right, y up.
Every comparison that decides a rule takes an explicit tolerance `eps`, so "exactly 4.0 away" is
within 4 even after floating-point noise; nothing here rounds silently.
"""

from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict, model_validator

EPS = 1e-9
"""Default tolerance for "within" and "on the table" tests (games may pass a larger one)."""

_DIAGONAL = math.sqrt(0.5)
COMPASS: dict[str, tuple[float, float]] = {
    "N": (0.0, 1.0),
    "NE": (_DIAGONAL, _DIAGONAL),
    "E": (1.0, 0.0),
    "SE": (_DIAGONAL, -_DIAGONAL),
    "S": (0.0, -1.0),
    "SW": (-_DIAGONAL, -_DIAGONAL),
    "W": (-1.0, 0.0),
    "NW": (-_DIAGONAL, _DIAGONAL),
}
"""Unit vectors of the eight compass directions (north = +y, away from the first player)."""


class Point(BaseModel):
    """A position on the table."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    x: float
    y: float


class Rect(BaseModel):
    """An axis-aligned rectangle (a card), from its lower-left to its upper-right corner."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    x0: float
    y0: float
    x1: float
    y1: float

    @model_validator(mode="after")
    def _ordered(self) -> Rect:
        if self.x1 < self.x0 or self.y1 < self.y0:
            raise ValueError("a rectangle's corners must be ordered (x0 <= x1, y0 <= y1)")
        return self

    @classmethod
    def centred(cls, centre: Point, width: float, height: float) -> Rect:
        """The rectangle of the given size centred on a point."""
        return cls(
            x0=centre.x - width / 2,
            y0=centre.y - height / 2,
            x1=centre.x + width / 2,
            y1=centre.y + height / 2,
        )

    @property
    def centre(self) -> Point:
        return Point(x=(self.x0 + self.x1) / 2, y=(self.y0 + self.y1) / 2)


# --- measuring ---------------------------------------------------------------------------------


def distance(a: Point, b: Point) -> float:
    """Straight-line distance between two points."""
    return math.hypot(b.x - a.x, b.y - a.y)


def within(measured: float, limit: float, eps: float = EPS) -> bool:
    """True if a measured distance counts as "within `limit`" (≤ limit, with tolerance)."""
    return measured <= limit + eps


def circle_gap(a: Point, radius_a: float, b: Point, radius_b: float) -> float:
    """Edge-to-edge distance between two round bases (0 when they touch or overlap)."""
    return max(0.0, distance(a, b) - radius_a - radius_b)


def circles_overlap(a: Point, radius_a: float, b: Point, radius_b: float, eps: float = EPS) -> bool:
    """True if two round bases overlap by more than the tolerance (touching is not overlapping)."""
    return distance(a, b) < radius_a + radius_b - eps


def point_rect_distance(p: Point, rect: Rect) -> float:
    """Shortest distance from a point to a rectangle (0 inside it)."""
    dx = max(rect.x0 - p.x, 0.0, p.x - rect.x1)
    dy = max(rect.y0 - p.y, 0.0, p.y - rect.y1)
    return math.hypot(dx, dy)


def circle_rect_gap(centre: Point, radius: float, rect: Rect) -> float:
    """Shortest distance from a round base to a rectangle (0 when they touch or overlap)."""
    return max(0.0, point_rect_distance(centre, rect) - radius)


def nearest_point_in_rect(p: Point, rect: Rect) -> Point:
    """The point of the rectangle closest to `p` (p itself when inside)."""
    return Point(x=min(max(p.x, rect.x0), rect.x1), y=min(max(p.y, rect.y0), rect.y1))


# --- the table ---------------------------------------------------------------------------------


def circle_on_table(centre: Point, radius: float, width: float, height: float, eps: float = EPS) -> bool:
    """True if a round base lies fully on a width x height table."""
    return (
        centre.x - radius >= -eps
        and centre.y - radius >= -eps
        and centre.x + radius <= width + eps
        and centre.y + radius <= height + eps
    )


def rect_on_table(rect: Rect, width: float, height: float, eps: float = EPS) -> bool:
    """True if a rectangle lies fully on a width x height table."""
    return rect.x0 >= -eps and rect.y0 >= -eps and rect.x1 <= width + eps and rect.y1 <= height + eps


def clamp_to_table(centre: Point, radius: float, width: float, height: float) -> Point:
    """The nearest centre that keeps a round base fully on the table."""
    x = min(max(centre.x, radius), width - radius)
    y = min(max(centre.y, radius), height - radius)
    return centre if (x, y) == (centre.x, centre.y) else Point(x=x, y=y)


def room_along(start: Point, unit: tuple[float, float], radius: float, width: float, height: float) -> float:
    """How far a base can travel from `start` along a unit vector and still lie fully on the table."""
    room = math.inf
    for pos, d, lo, hi in (
        (start.x, unit[0], radius, width - radius),
        (start.y, unit[1], radius, height - radius),
    ):
        if d > 0:
            room = min(room, (hi - pos) / d)
        elif d < 0:
            room = min(room, (lo - pos) / d)
    return max(0.0, room)


# --- moving ------------------------------------------------------------------------------------


def heading(a: Point, b: Point) -> tuple[float, float]:
    """The unit vector from a toward b ((0, 0) when they coincide)."""
    d = distance(a, b)
    if d == 0.0:
        return (0.0, 0.0)
    return ((b.x - a.x) / d, (b.y - a.y) / d)


def offset(start: Point, unit: tuple[float, float], length: float) -> Point:
    """The point `length` away from `start` along a unit vector."""
    return Point(x=start.x + unit[0] * length, y=start.y + unit[1] * length)


def compass_step(start: Point, direction: str, length: float) -> Point:
    """The point `length` away from `start` in a compass direction ("N", "NE", … "NW")."""
    return offset(start, COMPASS[direction], length)


def move_toward(start: Point, target: Point, max_dist: float, stop_at: float = 0.0) -> Point:
    """Move straight toward `target`, at most `max_dist`, stopping `stop_at` short of it (never past)."""
    gap = distance(start, target) - stop_at
    if gap <= 0.0:
        return start
    return offset(start, heading(start, target), min(max(max_dist, 0.0), gap))


def segment_circle_entry(a: Point, b: Point, centre: Point, radius: float) -> float | None:
    """The first fraction t in [0, 1] of segment a→b that lies within `radius` of `centre`, or None."""
    dx, dy = b.x - a.x, b.y - a.y
    fx, fy = a.x - centre.x, a.y - centre.y
    c = fx * fx + fy * fy - radius * radius
    if c <= 0.0:
        return 0.0
    qa = dx * dx + dy * dy
    if qa == 0.0:
        return None
    qb = 2.0 * (fx * dx + fy * dy)
    disc = qb * qb - 4.0 * qa * c
    if disc < 0.0:
        return None
    t = (-qb - math.sqrt(disc)) / (2.0 * qa)
    return t if 0.0 <= t <= 1.0 else None


def approach_rect(start: Point, radius: float, rect: Rect, max_dist: float, reach: float = 0.0) -> Point:
    """Move a base toward a rectangle's centre, at most `max_dist`, stopping once within `reach` of it."""
    target = rect.centre
    total = min(max(max_dist, 0.0), distance(start, target))
    if circle_rect_gap(start, radius, rect) <= reach or total == 0.0:
        return start
    unit = heading(start, target)
    lo, hi = 0.0, total  # the gap only shrinks along this line, so bisect for the first spot in reach
    if circle_rect_gap(offset(start, unit, hi), radius, rect) > reach:
        return offset(start, unit, hi)
    for _ in range(60):
        mid = (lo + hi) / 2
        if circle_rect_gap(offset(start, unit, mid), radius, rect) <= reach:
            hi = mid
        else:
            lo = mid
    return offset(start, unit, hi)
