"""Line of sight and arcs (SHB-6).

The line runs from the centre of one square to the centre of another (SHB-6.4). `traverse` walks
it exactly with integer arithmetic (a supercover traversal): every square the line passes through
is listed, and where it passes exactly through a grid corner the two squares beside that corner are
listed as a pair. A sight line is blocked by any listed square that blocks, and by a corner pair only
when both of its squares block (SHB-6.5). The same segment gives the same squares from either end,
so sight is symmetric by construction (SHB-6.6). Readings: the viewer's and the target's own
squares never block; walls count as blocking squares at a grazed corner; sight stays on one level
(Deathwing's holes, A-14, are the exception).

Walls (squares that are not on the board) never change, so `plan` resolves them once per pair of
squares and caches the rest on the board; `clear` then checks only the squares that may hold a
model, blip, closed door, flame or blocking feature.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from .board import VECTORS, Board, Square, relative

Plan = tuple[tuple[Square, ...], tuple[tuple[Square, Square], ...]]
BLOCKED: Plan | None = None


def traverse(a: Square, b: Square) -> tuple[list[Square], list[tuple[Square, Square]]]:
    """Squares strictly between a and b on the centre line, and the corner pairs it grazes."""
    x, y, z = a
    dx, dy = b[0] - x, b[1] - y
    nx, ny = abs(dx), abs(dy)
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    ix = iy = 0
    cells: list[Square] = []
    pairs: list[tuple[Square, Square]] = []
    while ix < nx or iy < ny:
        # Compare where the line next crosses a vertical vs a horizontal grid line:
        # (0.5 + ix) / nx against (0.5 + iy) / ny, cross-multiplied to stay in integers.
        decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if decision == 0:
            pairs.append(((x + sx, y, z), (x, y + sy, z)))
            x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
        elif decision < 0:
            x, ix = x + sx, ix + 1
        else:
            y, iy = y + sy, iy + 1
        if (x, y) != (b[0], b[1]):
            cells.append((x, y, z))
    return cells, pairs


def plan(board: Board, a: Square, b: Square) -> Plan | None:
    """The squares that must be clear for a to see b, walls resolved; None if walls always block."""
    key = (a, b) if a <= b else (b, a)
    cache = board.los_cache
    if key in cache:
        return cache[key]  # type: ignore[return-value]
    result = _make_plan(board, *key)
    cache[key] = result
    return result


def _make_plan(board: Board, a: Square, b: Square) -> Plan | None:
    if a[2] != b[2] or a not in board.cells or b not in board.cells:
        return BLOCKED  # other levels: Deathwing holes (DW-LOS-1..4) come with that issue
    cells, pairs = traverse(a, b)
    must: list[Square] = []
    for sq in cells:
        if sq not in board.cells:
            return BLOCKED  # SHB-6.4: a wall or off the map
        must.append(sq)
    either: list[tuple[Square, Square]] = []
    for p, q in pairs:
        p_wall, q_wall = p not in board.cells, q not in board.cells
        if p_wall and q_wall:
            return BLOCKED  # SHB-6.5: both squares at the corner block
        if p_wall:
            must.append(q)
        elif q_wall:
            must.append(p)
        else:
            either.append((p, q))
    return tuple(must), tuple(either)


def clear(board: Board, a: Square, b: Square, blockers: Collection[Square]) -> bool:
    """True when a and b see each other; `blockers` are the squares that block sight now."""
    p = plan(board, a, b)
    if p is None:
        return False
    must, either = p
    for sq in must:
        if sq in blockers:
            return False
    for p1, p2 in either:
        if p1 in blockers and p2 in blockers:
            return False
    return True


def in_fire_arc(facing: str, origin: Square, target: Square) -> bool:
    """SHB-6.3: the front 90 degrees, diagonals included (forward >= 1 and |side| <= forward)."""
    if origin[2] != target[2]:
        return False
    f, r = relative(facing, origin, target)
    return f >= 1 and abs(r) <= f


def in_vision_arc(facing: str, origin: Square, target: Square, arc: int = 180) -> bool:
    """SHB-6.2: the front 180 degrees (the line through the model included, its own square not); Q1 90.

    Reading: the squares level with the model (its sides) are inside the 180-degree arc.
    """
    if arc == 90:
        return in_fire_arc(facing, origin, target)
    if origin[2] != target[2]:
        return False
    f, r = relative(facing, origin, target)
    return f > 0 or (f == 0 and r != 0)


def front_three(facing: str, origin: Square) -> tuple[Square, Square, Square]:
    """SHB-6.3: the front-left diagonal, the square ahead and the front-right diagonal."""
    fx, fy = VECTORS[facing]
    rx, ry = -fy, fx
    x, y, z = origin
    return ((x + fx - rx, y + fy - ry, z), (x + fx, y + fy, z), (x + fx + rx, y + fy + ry, z))


def sees(
    board: Board, origin: Square, facing: str, target: Square, blockers: Collection[Square], arc: int = 180
) -> bool:
    """A model at origin with this facing sees target: in its vision arc and with clear LoS."""
    return in_vision_arc(facing, origin, target, arc) and clear(board, origin, target, blockers)


def visible_squares(
    board: Board, origin: Square, facing: str | None, blockers: Collection[Square], arc: int = 180
) -> Iterator[Square]:
    """Every board square a model at origin sees (facing None: all directions); a full sweep."""
    for sq in board.cells:
        if sq == origin:
            continue
        if facing is not None and not in_vision_arc(facing, origin, sq, arc):
            continue
        if clear(board, origin, sq, blockers):
            yield sq
