"""ASCII diagrams for tests: map characters plus marks (any other character) that stand on floor."""

from __future__ import annotations

from textwrap import dedent

from engine.spacehulk.board import Board, Square
from engine.spacehulk.board.mapfile import DEPLOY_CHARS, DOOR_CHARS, FEATURE_CHARS, TERRAIN_FLOOR, parse_map

MAP_CHARS = (
    set(TERRAIN_FLOOR) | set(DOOR_CHARS) | set(FEATURE_CHARS) | set(DEPLOY_CHARS) | set("123456789X #")
)


def board_from(diagram: str) -> tuple[Board, dict[str, list[Square]]]:
    """Parse a diagram: map characters keep their meaning; every other character is a mark on floor."""
    rows = dedent(diagram).strip("\n").splitlines()
    marks: dict[str, list[Square]] = {}
    clean = []
    for y, row in enumerate(rows):
        line = []
        for x, ch in enumerate(row):
            if ch in MAP_CHARS:
                line.append(ch)
            else:
                marks.setdefault(ch, []).append((x, y, 0))
                line.append(".")
        clean.append("".join(line))
    return parse_map("[level 0]\n" + "\n".join(clean)), marks


def one(marks: dict[str, list[Square]], ch: str) -> Square:
    """The single square marked `ch`."""
    (sq,) = marks[ch]
    return sq
