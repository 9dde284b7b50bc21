"""Line of sight and arcs (SHB-6), table-driven from ASCII diagrams, plus hypothesis for geometry.

Diagram marks: a = viewer, b = target, o = a model or blip, * = a burning square; D is a closed door,
d an open door, # a wall. Every case is checked in both directions (SHB-6.6).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.spacehulk.board import FACINGS, chebyshev
from engine.spacehulk.board.los import (
    clear,
    front_three,
    in_fire_arc,
    in_vision_arc,
    traverse,
    visible_squares,
)
from engine.spacehulk.board.mapfile import parse_map

from .diagrams import board_from, one

LOS_CASES = [
    ("open corridor", "a...b", True),
    ("a model between blocks (SHB-6.4)", "a.o.b", False),
    ("a closed door blocks (SHB-6.4)", "a.D.b", False),
    ("an open door does not block", "a.d.b", True),
    ("a burning square blocks (SHB-6.4)", "a.*.b", False),
    ("adjacent target", "ab", True),
    ("diagonal neighbour, one wall at the corner (SHB-6.5)", "a#\n.b", True),
    ("diagonal neighbour, wall and model at the corner (SHB-6.5)", "ao\n#b", False),
    ("diagonal neighbour, two walls at the corner (SHB-6.5)", "a#\n#b", False),
    ("diagonal neighbour, open corner", "a.\n.b", True),
    ("long diagonal, two models at one corner (SHB-6.5)", "ao.\no..\n..b", False),
    ("long diagonal, one model at the corner", "ao.\n...\n..b", True),
    ("long diagonal, model on the line", "a..\n.o.\n..b", False),
    ("knight's move passes the square beside the viewer", "ao.\n..b", False),
    ("knight's move passes the square beside the target", "a..\n.ob", False),
    ("knight's move with the other squares full", "a.o\no.b", True),
    ("no sight round a corridor corner (SHB-6.5)", "a...\n###.\n###b", False),
    ("a room sees past a model off the line", "a..o.\n.....\n....b", True),
    ("wall between", "a#b", False),
    ("shallow line grazes a wall", "a....\n###.b", False),
    ("shallow line in a room", "a....\n....b", True),
]


@pytest.mark.parametrize(("name", "diagram", "expected"), LOS_CASES, ids=[c[0] for c in LOS_CASES])
def test_line_of_sight_table(name: str, diagram: str, expected: bool) -> None:
    board, marks = board_from(diagram)
    blockers = (
        set(marks.get("o", []))
        | set(marks.get("*", []))
        | {d.square for d in board.doors if d.initial == "closed"}
    )
    a, b = one(marks, "a"), one(marks, "b")
    blockers |= {a, b}  # viewer and target are models: the target's own square may be occupied (SHB-6.4)
    assert clear(board, a, b, blockers) is expected
    assert clear(board, b, a, blockers) is expected  # SHB-6.6: symmetric


def test_corridor_sees_only_straight_ahead() -> None:
    """SHB-6.5 result: from a 1-square corridor a model sees only along it, not into a side passage."""
    board, marks = board_from(
        """
        #####.##
        a.......
        #####.##
        """
    )
    a = one(marks, "a")
    seen = set(visible_squares(board, a, "E", set()))
    assert seen == {(x, 1, 0) for x in range(1, 8)}  # the side passage at column F stays unseen


def test_supercover_lists_corner_pairs() -> None:
    """SHB-6.4/6.5: centre-to-centre line; exact corner crossings give pairs, not single squares."""
    cells, pairs = traverse((0, 0, 0), (2, 2, 0))
    assert cells == [(1, 1, 0)]
    assert pairs == [((1, 0, 0), (0, 1, 0)), ((2, 1, 0), (1, 2, 0))]
    cells, pairs = traverse((0, 0, 0), (2, 1, 0))
    assert cells == [(1, 0, 0), (1, 1, 0)] and pairs == []


ARC_DIAGRAM = """
.......
.......
.......
...a...
.......
.......
.......
"""

VISION_N = """
VVVVVVV
VVVVVVV
VVVVVVV
VVV.VVV
.......
.......
.......
"""

FIRE_N = """
FFFFFFF
.FFFFF.
..FFF..
.......
.......
.......
.......
"""


def _arc_map(kind: str, facing: str, arc: int = 180) -> str:
    board, marks = board_from(ARC_DIAGRAM)
    a = one(marks, "a")
    test = in_fire_arc if kind == "F" else (lambda f, o, t: in_vision_arc(f, o, t, arc))
    rows = []
    for y in range(7):
        rows.append("".join(kind if test(facing, a, (x, y, 0)) else "." for x in range(7)))
    return "\n".join(rows)


def test_vision_arc_is_the_front_180_degrees() -> None:
    """SHB-6.2: ahead of the line through the model, or on it; its own square excluded."""
    assert _arc_map("V", "N") == VISION_N.strip()


def test_fire_arc_is_the_front_90_degree_cone() -> None:
    """SHB-6.3: forward >= 1 and |side| <= forward, so the 45-degree diagonals are in."""
    assert _arc_map("F", "N") == FIRE_N.strip()


def test_vision_arc_90_option() -> None:
    """Q1: the 3rd-edition 90-degree vision arc equals the fire arc."""
    assert _arc_map("V", "N", arc=90) == FIRE_N.strip().replace("F", "V")


def test_front_three_squares() -> None:
    """SHB-6.3: the nearest row of the fire cone, used for doors (SHB-11.2)."""
    assert front_three("N", (3, 3, 0)) == ((2, 2, 0), (3, 2, 0), (4, 2, 0))
    assert front_three("E", (3, 3, 0)) == ((4, 2, 0), (4, 3, 0), (4, 4, 0))


# --- hypothesis: geometry invariants -------------------------------------------------------------

coords = st.integers(min_value=0, max_value=11)
squares = st.tuples(coords, coords, st.just(0))


@given(squares, squares)
def test_traverse_is_symmetric(a, b) -> None:  # type: ignore[no-untyped-def]
    """SHB-6.6: the same squares and corner pairs from either end."""
    c1, p1 = traverse(a, b)
    c2, p2 = traverse(b, a)
    assert set(c1) == set(c2)
    assert {frozenset(p) for p in p1} == {frozenset(p) for p in p2}
    assert a not in c1 and b not in c1
    # the walk is connected: each listed square touches the previous one (8-way)
    path = [a, *c1, b]
    assert all(chebyshev(p, q) <= 1 for p, q in zip(path, path[1:], strict=False))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=30),
    st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=20),
    squares,
    squares,
)
def test_line_of_sight_is_symmetric_on_random_boards(walls, models, a, b) -> None:  # type: ignore[no-untyped-def]
    """SHB-6.6: clear(a, b) == clear(b, a) for any walls and blockers."""
    wallset = {(x, y) for x, y in walls} - {a[:2], b[:2]}
    rows = ["".join("#" if (x, y) in wallset else "." for x in range(12)) for y in range(12)]
    board = parse_map("[level 0]\n" + "\n".join(rows))
    blockers = {(x, y, 0) for x, y in models}
    assert clear(board, a, b, blockers) == clear(board, b, a, blockers)


@given(st.sampled_from(FACINGS), squares, squares)
def test_fire_arc_inside_vision_arc(facing, origin, target) -> None:  # type: ignore[no-untyped-def]
    """SHB-6.2/6.3: the 90-degree fire arc lies inside the 180-degree vision arc; own square in neither."""
    if in_fire_arc(facing, origin, target):
        assert in_vision_arc(facing, origin, target)
    assert not in_vision_arc(facing, origin, origin) and not in_fire_arc(facing, origin, origin)


@given(squares, squares)
def test_exactly_one_facing_has_the_square_dead_ahead_or_none(origin, target) -> None:  # type: ignore[no-untyped-def]
    """Every other square is in the fire arc of one or two facings (two only on the diagonals)."""
    if origin == target:
        return
    count = sum(in_fire_arc(f, origin, target) for f in FACINGS)
    dx, dy = abs(target[0] - origin[0]), abs(target[1] - origin[1])
    assert count == (2 if dx == dy else 1)


@given(squares, squares, squares)
def test_chebyshev_is_a_metric(a, b, c) -> None:  # type: ignore[no-untyped-def]
    """SHB-1.7: Chebyshev distance is symmetric and obeys the triangle inequality."""
    assert chebyshev(a, b) == chebyshev(b, a)
    assert chebyshev(a, c) <= chebyshev(a, b) + chebyshev(b, c)
    assert (chebyshev(a, b) == 0) == (a == b)


def test_sight_on_the_shipped_junctions() -> None:
    """SHB-6.4 / SHB-6.5 on our maps: at an X-junction you see down every arm; from an arm only along it."""
    from engine.spacehulk.board.mapfile import load_map

    board = load_map("x_junction")
    centre = (5, 5, 0)
    seen = set(visible_squares(board, centre, None, set()))
    assert seen == set(board.cells) - {centre}
    from_arm = set(visible_squares(board, (5, 2, 0), "S", set()))
    assert from_arm == {(5, y, 0) for y in range(3, 11)}  # straight down the arms, nothing round the corner
    board = load_map("t_junction")
    stem = set(visible_squares(board, (5, 3, 0), "N", set()))
    assert stem == {(5, 2, 0), (5, 1, 0), (5, 0, 0)}  # the crossbar is round a corner
