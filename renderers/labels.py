"""Labels that never overlap (issue 27 item 2): where to put each piece's label so that no two labels
overlap and no label hides a piece; a label that cannot sit beside its piece moves out and is joined
to it by a thin leader line.

Pure and deterministic: pieces (discs in image pixels) and label sizes in, one box per label out, the
same for the same input. Used by the ClickWars board for its unit labels and by the lettered crops
(renderers/crop.py) for their letters.

How: the pieces are placed in a fixed order (top to bottom, left to right, then by their index); each
label tries the spots touching its piece first (right, above, left, below, then the corners), then
rings of candidate spots further and further out (every 30 degrees), and takes the first spot whose
box overlaps no label already placed and no piece (its own included) and stays inside `bounds`. When
the whole bounds are full, the label goes below the bounds, one line per such label, so the promise
(no overlap) holds for any input. A label placed away from its piece gets a leader line from the
nearest point of its box to its piece's rim.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

XY = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 (x1 > x0, y1 > y0)

GAP = 2.0  # pixels between a piece's rim and a label touching it
NEAR = 4.0  # a label this close to its piece needs no leader line
RING_STEP = 8.0  # each ring of candidate spots is this much further out
ANGLES = 12  # candidate spots per ring


@dataclass(frozen=True)
class Piece:
    """A piece drawn as a disc at (x, y) with radius r, in pixels."""

    x: float
    y: float
    r: float


@dataclass(frozen=True)
class Placed:
    """A label's box, and its leader line (from the box's edge to the piece's rim) when it stands away."""

    box: Box
    line: tuple[XY, XY] | None


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share any area (touching edges do not count)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def hides(box: Box, p: Piece, margin: float = 1.0) -> bool:
    """Whether a box covers any part of a piece's disc (grown by `margin`)."""
    nx = min(max(p.x, box[0]), box[2])
    ny = min(max(p.y, box[1]), box[3])
    return math.hypot(nx - p.x, ny - p.y) < p.r + margin


def nearest_on_box(box: Box, x: float, y: float) -> XY:
    """The point of a box nearest to (x, y) (on its edge when (x, y) is outside it)."""
    return (min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3]))


def _touching(p: Piece, w: float, h: float) -> list[Box]:
    """The spots touching a piece: right, above, left, below, then the four corners."""
    d = p.r + GAP
    cx, cy = p.x, p.y
    return [
        (cx + d, cy - h / 2, cx + d + w, cy + h / 2),
        (cx - w / 2, cy - d - h, cx + w / 2, cy - d),
        (cx - d - w, cy - h / 2, cx - d, cy + h / 2),
        (cx - w / 2, cy + d, cx + w / 2, cy + d + h),
        (cx + d * 0.7, cy - d * 0.7 - h, cx + d * 0.7 + w, cy - d * 0.7),
        (cx - d * 0.7 - w, cy - d * 0.7 - h, cx - d * 0.7, cy - d * 0.7),
        (cx - d * 0.7 - w, cy + d * 0.7, cx - d * 0.7, cy + d * 0.7 + h),
        (cx + d * 0.7, cy + d * 0.7, cx + d * 0.7 + w, cy + d * 0.7 + h),
    ]


def _ring(p: Piece, w: float, h: float, k: int) -> list[Box]:
    """Candidate spots on the k-th ring out from a piece, centred on it, starting up and to the right."""
    radius = p.r + GAP + k * RING_STEP + max(w, h) / 2
    out = []
    for n in range(ANGLES):
        angle = -math.pi / 4 + 2 * math.pi * n / ANGLES
        cx, cy = p.x + radius * math.cos(angle), p.y + radius * math.sin(angle)
        out.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
    return out


def _inside(box: Box, bounds: Box) -> bool:
    return box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2] and box[3] <= bounds[3]


def place(
    pieces: Sequence[Piece],
    sizes: Sequence[XY],
    bounds: Box,
    obstacles: Sequence[Piece] = (),
    taken: Sequence[Box] = (),
) -> list[Placed]:
    """One box per piece's label (`sizes[i]` = (width, height) of piece i's label), in the pieces'
    order: no two boxes overlap, no box covers a piece (nor one of the unlabelled `obstacles`, nor
    a box already `taken`, e.g. a caption), every box inside `bounds` while room is left there; a
    box away from its piece carries the leader line joining them."""
    if len(pieces) != len(sizes):
        raise ValueError("one label size per piece")
    order = sorted(range(len(pieces)), key=lambda i: (pieces[i].y, pieces[i].x, i))
    placed: list[Box] = list(taken)
    out: dict[int, Placed] = {}
    reach = math.hypot(bounds[2] - bounds[0], bounds[3] - bounds[1])
    overflow_y = bounds[3] + GAP
    covered = [*pieces, *obstacles]
    for i in order:
        p = pieces[i]
        w, h = sizes[i]
        box = _free_spot(p, w, h, covered, placed, bounds, reach)
        if box is None:  # no room left inside the bounds: a line of its own below them
            box = (bounds[0], overflow_y, bounds[0] + w, overflow_y + h)
            overflow_y += h + GAP
        placed.append(box)
        out[i] = Placed(box, _leader(box, p))
    return [out[i] for i in range(len(pieces))]


def _free_spot(
    p: Piece, w: float, h: float, pieces: Sequence[Piece], placed: Sequence[Box], bounds: Box, reach: float
) -> Box | None:
    k = 0
    candidates = _touching(p, w, h)
    while True:
        for box in candidates:
            if not _inside(box, bounds):
                continue
            if any(overlap(box, other) for other in placed):
                continue
            if any(hides(box, q) for q in pieces):
                continue
            return box
        k += 1
        if k * RING_STEP > reach:
            return None
        candidates = _ring(p, w, h, k)


def _leader(box: Box, p: Piece) -> tuple[XY, XY] | None:
    """The line from the box's nearest point to the piece's rim, or None when the box touches it."""
    bx, by = nearest_on_box(box, p.x, p.y)
    d = math.hypot(bx - p.x, by - p.y)
    if d <= p.r + NEAR:
        return None
    k = p.r / d
    return ((bx, by), (p.x + (bx - p.x) * k, p.y + (by - p.y) * k))
