"""engine.core.shapes: segments through circles and polygons, lengths inside, path cost, corridors, bearings."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core.shapes import (
    Circle,
    Polygon,
    bearing_of,
    bearing_offset,
    capsule_hits_circle,
    circle_hits_shape,
    contains,
    length_inside,
    path_cost,
    prepare,
    prepared_intervals,
    seg_crosses,
    seg_intervals,
    seg_point_distance,
    snap,
)

RECT = Polygon.rect(10, 10, 20, 14)
DISC = Circle(x=0, y=0, r=5)


def test_length_inside_circle_and_rectangle() -> None:
    assert length_inside((-10, 0), (10, 0), [DISC]) == pytest.approx(10)
    assert length_inside((-10, 3), (10, 3), [DISC]) == pytest.approx(8)
    assert length_inside((0, 0), (10, 0), [DISC]) == pytest.approx(5)  # starting inside
    assert length_inside((15, 0), (15, 30), [RECT]) == pytest.approx(4)
    assert length_inside((0, 12), (30, 12), [RECT]) == pytest.approx(10)
    assert length_inside((0, 0), (30, 30), [RECT]) == pytest.approx(4 * math.sqrt(2))
    assert length_inside((0, 30), (30, 30), [RECT]) == 0


def test_overlapping_areas_count_once() -> None:
    a, b = Polygon.rect(0, 0, 10, 10), Polygon.rect(5, 0, 15, 10)
    assert length_inside((-5, 5), (20, 5), [a, b]) == pytest.approx(15)


def test_concave_polygon() -> None:
    u = Polygon(points=((0, 0), (30, 0), (30, 20), (20, 20), (20, 5), (10, 5), (10, 20), (0, 20)))
    assert length_inside((-5, 10), (35, 10), [u]) == pytest.approx(20)
    assert not contains(u, 15, 10) and contains(u, 5, 10)


def test_crossing_grazing_and_base_overlap() -> None:
    assert seg_crosses((0, -10), (0, 10), RECT) is False
    assert seg_crosses((10, 0), (10, 30), RECT) is False  # along an edge: no interior
    assert seg_crosses((11, 0), (11, 30), RECT)
    assert circle_hits_shape(8, 12, 2.5, RECT) and not circle_hits_shape(8, 12, 2.0, RECT)
    assert circle_hits_shape(0, 9, 4.5, DISC) and not circle_hits_shape(0, 9, 4.0, DISC)


def test_path_cost_pays_double_in_difficult_ground() -> None:
    swamp = Polygon.rect(0, 4, 10, 8)
    assert path_cost([(5, 0), (5, 10)], [(2.0, [swamp])]) == pytest.approx(14)
    assert path_cost([(5, 0), (5, 6), (8, 6)], [(2.0, [swamp])]) == pytest.approx(4 + 2 * 2 + 2 * 3)
    assert path_cost([(5, 0), (5, 10)], []) == pytest.approx(10)


def test_corridor_and_distances() -> None:
    assert seg_point_distance(5, 3, 0, 0, 10, 0) == pytest.approx(3)
    assert seg_point_distance(13, 4, 0, 0, 10, 0) == pytest.approx(5)
    assert capsule_hits_circle((0, 0), (30, 0), 3, 15, 4.4, 1.5)
    assert not capsule_hits_circle((0, 0), (30, 0), 3, 15, 4.5, 1.5)  # touching is not overlapping


def test_bearings_and_scatter() -> None:
    assert bearing_offset(0, 0, 0, 10) == pytest.approx((0, 10))
    assert bearing_offset(0, 0, 90, 2.54) == pytest.approx((2.54, 0))
    assert bearing_of(0, 0, -1, 0) == pytest.approx(270)
    assert snap(10.26) == 10.5 and snap(10.24) == 10.0 and snap(-0.25) == -0.5


@given(
    st.floats(-50, 50),
    st.floats(-50, 50),
    st.floats(-50, 50),
    st.floats(-50, 50),
)
def test_length_inside_never_exceeds_the_segment(ax: float, ay: float, bx: float, by: float) -> None:
    total = math.hypot(bx - ax, by - ay)
    inside = length_inside((ax, ay), (bx, by), [DISC, RECT])
    assert -1e-9 <= inside <= total + 1e-9
    assert path_cost([(ax, ay), (bx, by)], [(2.0, [DISC, RECT])]) == pytest.approx(total + inside)


@given(
    st.lists(st.tuples(st.floats(-30, 30), st.floats(-30, 30)), min_size=2, max_size=4),
    st.floats(1.5, 3.0),
)
def test_path_cost_of_one_kind_of_ground_equals_the_sweep_over_weights(
    points: list[tuple[float, float]], weight: float
) -> None:
    """The one-weight shortcut of path_cost gives what the sweep over several weights gives (a
    weight of 1 adds nothing), and pays the weight exactly on the length inside."""
    shapes = [DISC, RECT, Circle(x=12, y=12, r=3)]
    fast = path_cost(points, [(weight, shapes)])
    swept = path_cost(points, [(weight, shapes), (1.0, [Circle(x=-20, y=-20, r=1)])])
    assert fast == pytest.approx(swept, abs=1e-9)
    legs = zip(points, points[1:], strict=False)
    assert fast == pytest.approx(
        sum(
            math.hypot(q[0] - p[0], q[1] - p[1]) + (weight - 1) * length_inside(p, q, shapes) for p, q in legs
        ),
        abs=1e-9,
    )


@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e12, max_value=1e12))
def test_snap_to_half_centimetres_is_the_general_rounding(v: float) -> None:
    """CW-MOV-1 (positions to 0.5 cm): snap's fast path for a positive value and the 0.5 cm step gives
    exactly the general formula's float, sign of zero included (halves away from zero)."""
    q = v / 0.5
    general = math.copysign(math.floor(abs(q) + 0.5), q) * 0.5
    got = snap(v)
    assert got == general and math.copysign(1.0, got) == math.copysign(1.0, general)
    assert type(got) is float


_COORD = st.floats(min_value=-5, max_value=35, allow_nan=False)
_TRIANGLE = Polygon(points=((12, 2), (28, 9), (15, 22)))


@given(_COORD, _COORD, _COORD, _COORD)
def test_a_prepared_shape_gives_the_intervals_of_the_shape(
    ax: float, ay: float, bx: float, by: float
) -> None:
    """CW-MOV-2 (the length of a move inside difficult ground): the hot paths' prepared shapes
    (`prepare`: a circle, an axis-aligned rectangle, another polygon) give exactly seg_intervals'
    intervals, for any segment, a point-like one included."""
    for shape in (DISC, RECT, _TRIANGLE, Circle(x=20, y=20, r=7)):
        assert prepared_intervals(ax, ay, bx, by, prepare(shape)) == seg_intervals((ax, ay), (bx, by), shape)
