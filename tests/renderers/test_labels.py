"""Labels that never overlap (issue 27 item 2): renderers/labels.py, for random crowded layouts."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from renderers.labels import NEAR, Piece, hides, overlap, place

BOUNDS = (0.0, 0.0, 400.0, 300.0)

piece = st.builds(
    Piece,
    x=st.floats(40, 120),  # a crowd: up to 30 pieces in an 80 x 60 px patch of a 400 x 300 board
    y=st.floats(40, 100),
    r=st.floats(4, 12),
)
size = st.tuples(st.floats(10, 40), st.floats(8, 16))


@st.composite
def layouts(draw: st.DrawFn) -> tuple[list[Piece], list[tuple[float, float]]]:
    pieces = draw(st.lists(piece, min_size=1, max_size=30))
    sizes = draw(st.lists(size, min_size=len(pieces), max_size=len(pieces)))
    return pieces, sizes


@settings(max_examples=150, deadline=None)
@given(layouts())
def test_no_two_labels_overlap_and_none_hides_a_piece(layout) -> None:
    pieces, sizes = layout
    placed = place(pieces, sizes, BOUNDS)
    assert len(placed) == len(pieces)
    for i, a in enumerate(placed):
        w, h = sizes[i]
        assert math.isclose(a.box[2] - a.box[0], w) and math.isclose(a.box[3] - a.box[1], h)
        for b in placed[i + 1 :]:
            assert not overlap(a.box, b.box)
        inside = a.box[0] >= 0 and a.box[2] <= 400 and a.box[3] <= 300
        if inside:  # below the bounds (no room left in them) nothing can be hidden anyway
            assert not any(hides(a.box, p) for p in pieces)


@settings(max_examples=150, deadline=None)
@given(layouts())
def test_each_leader_line_ends_on_its_piece_and_its_label(layout) -> None:
    pieces, sizes = layout
    for p, a in zip(pieces, place(pieces, sizes, BOUNDS), strict=True):
        x0, y0, x1, y1 = a.box
        nearest = math.hypot(min(max(p.x, x0), x1) - p.x, min(max(p.y, y0), y1) - p.y)
        if a.line is None:  # touching its piece: no line needed
            assert nearest <= p.r + NEAR + 1e-6
            continue
        (lx, ly), (px, py) = a.line
        assert math.isclose(math.hypot(px - p.x, py - p.y), p.r, abs_tol=1e-6)  # on its piece's rim
        on_edge = math.isclose(lx, x0) or math.isclose(lx, x1) or math.isclose(ly, y0) or math.isclose(ly, y1)
        assert on_edge and x0 - 1e-6 <= lx <= x1 + 1e-6 and y0 - 1e-6 <= ly <= y1 + 1e-6


box = st.tuples(st.floats(0, 200), st.floats(0, 200), st.floats(5, 60), st.floats(5, 40)).map(
    lambda b: (b[0], b[1], b[0] + b[2], b[1] + b[3])
)


@settings(max_examples=80, deadline=None)
@given(layouts(), st.lists(piece, max_size=5), st.lists(box, max_size=2))
def test_unlabelled_obstacles_and_taken_boxes_are_never_covered_either(layout, obstacles, taken) -> None:  # type: ignore[no-untyped-def]
    pieces, sizes = layout
    placed = place(pieces, sizes, BOUNDS, obstacles, taken)
    for i, a in enumerate(placed):
        assert not any(overlap(a.box, b) for b in taken)
        assert not any(overlap(a.box, b.box) for b in placed[i + 1 :])
        if a.box[3] <= 300:  # inside the bounds
            assert not any(hides(a.box, o) for o in obstacles)


def test_a_lone_piece_keeps_its_label_beside_it_without_a_line() -> None:
    [a] = place([Piece(100, 100, 8)], [(20, 12)], BOUNDS)
    assert a.line is None and a.box[0] > 100  # to its right


def test_crowded_labels_move_out_with_leader_lines_and_the_same_every_time() -> None:
    pieces = [Piece(100 + 6 * (n % 4), 100 + 6 * (n // 4), 7) for n in range(12)]
    sizes = [(24.0, 12.0)] * 12
    first = place(pieces, sizes, BOUNDS)
    assert sum(a.line is not None for a in first) >= 6
    assert first == place(pieces, sizes, BOUNDS)  # deterministic


def test_the_clickwars_board_moves_crowded_labels_out_on_leader_lines() -> None:
    """Issue 27 item 2: 30 units in a 25 x 25 cm patch; every label readable, none over a token."""
    from engine.clickwars import RULES
    from engine.core import new_game
    from engine.core.fast import replace
    from renderers.clickwars import board

    state, _ = new_game(RULES, None, 1)
    units = [
        replace(u, x=40.0 + 5 * (n % 6), y=40.0 + 5 * (n // 6))
        for n, u in enumerate(list(state.units.values())[:30])
    ]
    f = board.Frame(state.options.width, state.options.height)
    placed = board.label_boxes(f, units)
    tokens = [Piece(*f.xy(u.x, u.y), max(u.radius * board.PX, 9.0)) for u in units]
    assert sum(p.line is not None for p in placed) >= 10
    for i, a in enumerate(placed):
        assert not any(overlap(a.box, b.box) for b in placed[i + 1 :])
        assert not any(hides(a.box, token) for token in tokens)
        if a.line is not None:
            assert math.isclose(math.dist(a.line[1], (tokens[i].x, tokens[i].y)), tokens[i].r, abs_tol=1e-6)
