"""engine.core.geometry: measuring, "within", moving up to N, staying on the table."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.geometry import (
    COMPASS,
    EPS,
    Point,
    Rect,
    approach_rect,
    circle_gap,
    circle_on_table,
    circle_rect_gap,
    circles_overlap,
    clamp_to_table,
    compass_step,
    distance,
    heading,
    move_toward,
    nearest_point_in_rect,
    offset,
    point_rect_distance,
    rect_on_table,
    room_along,
    segment_circle_entry,
    within,
)

coord = st.floats(min_value=-100, max_value=100, allow_nan=False, allow_infinity=False)
points = st.builds(Point, x=coord, y=coord)
radii = st.floats(min_value=0, max_value=5, allow_nan=False)
lengths = st.floats(min_value=0, max_value=50, allow_nan=False)
TABLE = 47.24
on_table_coord = st.floats(min_value=0, max_value=TABLE, allow_nan=False)


@st.composite
def rects(draw: st.DrawFn) -> Rect:
    x0, y0 = draw(coord), draw(coord)
    w = draw(st.floats(min_value=0, max_value=10, allow_nan=False))
    h = draw(st.floats(min_value=0, max_value=10, allow_nan=False))
    return Rect(x0=x0, y0=y0, x1=x0 + w, y1=y0 + h)


def test_distance_and_within_with_explicit_tolerance() -> None:
    assert distance(Point(x=0, y=0), Point(x=3, y=4)) == 5.0
    assert within(4.0, 4.0)
    assert within(4.0 + 1e-12, 4.0)  # float noise on an exact 4-inch move still counts
    assert not within(4.1, 4.0)
    assert within(1.0005, 1.0, eps=0.001) and not within(1.002, 1.0, eps=0.001)


def test_circle_gap_is_edge_to_edge_and_never_negative() -> None:
    assert circle_gap(Point(x=0, y=0), 0.5, Point(x=4, y=0), 1.0) == pytest.approx(2.5)
    assert circle_gap(Point(x=0, y=0), 0.5, Point(x=1, y=0), 1.0) == 0.0
    assert not circles_overlap(Point(x=0, y=0), 0.5, Point(x=1.5, y=0), 1.0)  # touching
    assert circles_overlap(Point(x=0, y=0), 0.5, Point(x=1.4, y=0), 1.0)


def test_base_to_card_distance_uses_the_nearest_edge_or_corner() -> None:
    card = Rect.centred(Point(x=10, y=10), 2.5, 3.5)  # x 8.75..11.25, y 8.25..11.75
    assert card.centre == Point(x=10, y=10)
    assert circle_rect_gap(Point(x=5, y=10), 0.5, card) == pytest.approx(3.25)  # side
    assert circle_rect_gap(Point(x=10, y=10), 0.5, card) == 0.0  # on top
    corner = point_rect_distance(Point(x=11.25 + 3, y=11.75 + 4), card)
    assert corner == pytest.approx(5.0)
    assert nearest_point_in_rect(Point(x=0, y=10), card) == Point(x=8.75, y=10)


def test_rect_rejects_unordered_corners() -> None:
    with pytest.raises(ValueError):
        Rect(x0=2, y0=0, x1=1, y1=1)


def test_table_edges() -> None:
    assert circle_on_table(Point(x=0.5, y=0.5), 0.5, TABLE, TABLE)
    assert not circle_on_table(Point(x=0.4, y=10), 0.5, TABLE, TABLE)
    assert clamp_to_table(Point(x=-3, y=50), 1.0, TABLE, TABLE) == Point(x=1.0, y=TABLE - 1.0)
    assert rect_on_table(Rect(x0=0, y0=0, x1=2.5, y1=3.5), TABLE, TABLE)
    assert not rect_on_table(Rect(x0=46, y0=0, x1=48.5, y1=3.5), TABLE, TABLE)
    assert room_along(Point(x=10, y=10), COMPASS["W"], 1.0, TABLE, TABLE) == pytest.approx(9.0)


def test_moves() -> None:
    start = Point(x=0, y=0)
    assert move_toward(start, Point(x=10, y=0), 4) == Point(x=4, y=0)
    assert move_toward(start, Point(x=3, y=0), 4) == Point(x=3, y=0)  # never past the target
    assert move_toward(start, Point(x=10, y=0), 20, stop_at=1.5) == Point(x=8.5, y=0)
    assert move_toward(start, Point(x=1, y=0), 4, stop_at=1.5) == start
    ne = compass_step(start, "NE", 2)
    assert distance(start, ne) == pytest.approx(2) and ne.x == pytest.approx(ne.y)
    assert compass_step(start, "S", 3) == Point(x=0, y=-3)
    assert heading(start, start) == (0.0, 0.0)


def test_segment_circle_entry() -> None:
    a, b = Point(x=0, y=0), Point(x=10, y=0)
    assert segment_circle_entry(a, b, Point(x=5, y=0), 1) == pytest.approx(0.4)
    assert segment_circle_entry(a, b, Point(x=5, y=3), 1) is None
    assert segment_circle_entry(a, b, Point(x=0, y=0.5), 1) == 0.0
    assert segment_circle_entry(a, b, Point(x=20, y=0), 1) is None


def test_approach_rect_stops_in_reach() -> None:
    card = Rect.centred(Point(x=20, y=0), 2.5, 3.5)
    end = approach_rect(Point(x=0, y=0), 0.5, card, 30, reach=1.0)
    assert circle_rect_gap(end, 0.5, card) == pytest.approx(1.0, abs=1e-6)
    assert end.x == pytest.approx(20 - 1.25 - 1.5, abs=1e-6)
    short = approach_rect(Point(x=0, y=0), 0.5, card, 4, reach=1.0)
    assert short == Point(x=4, y=0)


@given(points, points)
@settings(derandomize=True)
def test_distance_symmetric_and_non_negative(a: Point, b: Point) -> None:
    assert distance(a, b) == distance(b, a) >= 0


@given(points, points, points)
@settings(derandomize=True)
def test_triangle_inequality(a: Point, b: Point, c: Point) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c) + 1e-9


@given(points, radii, points, radii)
@settings(derandomize=True)
def test_circle_gap_symmetric(a: Point, ra: float, b: Point, rb: float) -> None:
    gap = circle_gap(a, ra, b, rb)
    assert gap >= 0 and math.isclose(gap, circle_gap(b, rb, a, ra), rel_tol=1e-12, abs_tol=1e-9)
    assert circles_overlap(a, ra, b, rb) == circles_overlap(b, rb, a, ra)


@given(points, radii, rects())
@settings(derandomize=True)
def test_base_to_card_gap_is_at_most_the_gap_to_its_centre(c: Point, r: float, rect: Rect) -> None:
    gap = circle_rect_gap(c, r, rect)
    assert 0 <= gap <= max(0.0, distance(c, rect.centre) - r) + 1e-9


@given(points, points, lengths, st.floats(min_value=0, max_value=5, allow_nan=False))
@settings(derandomize=True)
def test_moves_never_exceed_the_allowance_or_overshoot(
    a: Point, target: Point, n: float, stop: float
) -> None:
    end = move_toward(a, target, n, stop_at=stop)
    assert distance(a, end) <= n + 1e-9
    assert distance(end, target) >= min(stop, distance(a, target)) - 1e-9
    assert distance(end, target) <= distance(a, target) + 1e-9


@given(points, st.sampled_from(sorted(COMPASS)), lengths)
@settings(derandomize=True)
def test_compass_steps_cover_the_exact_length(a: Point, direction: str, n: float) -> None:
    assert math.isclose(distance(a, compass_step(a, direction, n)), n, rel_tol=1e-9, abs_tol=1e-9)


@given(st.builds(Point, x=on_table_coord, y=on_table_coord), st.sampled_from(sorted(COMPASS)), radii, lengths)
@settings(max_examples=200, derandomize=True)
def test_room_along_keeps_the_base_on_the_table(a: Point, direction: str, r: float, n: float) -> None:
    start = clamp_to_table(a, r, TABLE, TABLE)
    unit = COMPASS[direction]
    end = offset(start, unit, min(n, room_along(start, unit, r, TABLE, TABLE)))
    assert circle_on_table(end, r, TABLE, TABLE, eps=1e-6)


@given(points, radii)
@settings(derandomize=True)
def test_clamp_to_table_stays_on_table_and_is_idempotent(a: Point, r: float) -> None:
    c = clamp_to_table(a, r, TABLE, TABLE)
    assert circle_on_table(c, r, TABLE, TABLE, eps=EPS)
    assert clamp_to_table(c, r, TABLE, TABLE) == c


@given(points, radii, rects(), lengths, st.floats(min_value=0, max_value=3, allow_nan=False))
@settings(derandomize=True)
def test_approach_rect_never_exceeds_the_allowance(
    a: Point, r: float, rect: Rect, n: float, reach: float
) -> None:
    end = approach_rect(a, r, rect, n, reach)
    assert distance(a, end) <= n + 1e-9
    assert circle_rect_gap(end, r, rect) <= circle_rect_gap(a, r, rect) + 1e-9
