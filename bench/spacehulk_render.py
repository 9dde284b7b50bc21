"""The hulk image of a large board: render time against the PNG-encode floor of the same size.

Run: python bench/spacehulk_render.py [--repeat N]
The board is about ten geotiles (40x40 squares: rooms joined by corridors, doors, entry areas, an
exit) with 10 Terminators, 20 Genestealers, 12 blips on the board and 6 lurking, burning squares, and
an active Marine (so the fire arc and sight are computed and drawn). The floor is PNG-encoding the
very same picture as an RGB image with Pillow's default settings, as bench/platform_render.py does.
Goal (issue 12 item 1): render in at most 80 ms and within 2x the floor. Prints figures only.
"""

from __future__ import annotations

import argparse
import io
import random
import time

from PIL import Image

from engine.core import new_game
from engine.spacehulk import RULES
from engine.spacehulk.board.mapfile import parse_map
from engine.spacehulk.view import DoorView, PieceView, SpaceHulkView
from renderers.spacehulk import PRESENTER
from renderers.spacehulk.board import render


def map_ten_tiles() -> str:
    """A 40x40 deck: a 4x4 lattice of 6x6 rooms joined by corridors with a door at each room mouth."""
    grid = [["#"] * 40 for _ in range(40)]
    for ry in range(4):
        for rx in range(4):
            x0, y0 = 1 + rx * 10, 1 + ry * 10
            for y in range(y0, y0 + 6):
                for x in range(x0, x0 + 6):
                    grid[y][x] = ":"
            if rx < 3:  # a corridor east, with a door at each end
                for x in range(x0 + 6, x0 + 10):
                    grid[y0 + 2][x] = "."
                grid[y0 + 2][x0 + 6] = "D"
                grid[y0 + 2][x0 + 9] = "d"
            if ry < 3:  # a corridor south
                for y in range(y0 + 6, y0 + 10):
                    grid[y][x0 + 3] = "."
                grid[y0 + 6][x0 + 3] = "D"
    for n, (x, y) in enumerate(((0, 3), (39, 13), (0, 23), (39, 33)), start=1):
        grid[y][x] = str(n)
        step = 1 if x == 0 else -1
        grid[y][x + step] = "."
    grid[39][4] = "X"
    grid[38][4] = "."
    return "name: Ten geotiles\n[level 0]\n" + "\n".join("".join(row) for row in grid) + "\n"


def big_view(seed: int = 1) -> SpaceHulkView:
    """A busy spectator view of the 40x40 deck (built from a real view, pieces scattered)."""
    state, _ = new_game(RULES, {"mission": "purge"}, seed)
    base = RULES.view(state, None)
    assert isinstance(base, SpaceHulkView)
    text = map_ten_tiles()
    board = parse_map(text)
    rng = random.Random(seed)
    floor = sorted(sq for sq, cell in board.cells.items() if sq not in board.door_index)
    spots = rng.sample(floor, 42)
    facings = ("N", "E", "S", "W")
    pieces: list[PieceView] = []
    template = base.pieces[0]
    for i, sq in enumerate(spots):
        kind = "marine" if i < 10 else ("genestealer" if i < 30 else "blip")
        pieces.append(
            template.model_copy(
                update={
                    "id": f"{kind[0]}{i + 1}",
                    "kind": kind,
                    "square": sq,
                    "facing": None if kind == "blip" else facings[i % 4],
                    "name": f"Brother {i + 1}" if kind == "marine" else "",
                    "overwatch": kind == "marine" and i % 3 == 0,
                    "jammed": kind == "marine" and i % 5 == 0,
                }
            )
        )
    for i in range(6):
        pieces.append(
            template.model_copy(
                update={
                    "id": f"b{50 + i}",
                    "kind": "blip",
                    "square": None,
                    "area": str(1 + i % 4),
                    "facing": None,
                }
            )
        )
    doors = tuple(
        DoorView(square=d.square, status=("closed", "open", "destroyed")[i % 3], fixed=None)
        for i, d in enumerate(board.doors)
    )
    burning = tuple(sq for sq in floor if board.cells[sq].section == board.cells[spots[35]].section)
    return base.model_copy(
        update={
            "map_text": text,
            "pieces": tuple(pieces),
            "doors": doors,
            "burning": burning,
            "active_model": pieces[0].id,
            "turn": 3,
            "phase": "marine",
        }
    )


def best_of(repeat: int, fn) -> float:  # type: ignore[no-untyped-def]
    """The fastest of `repeat` runs, in ms (the least disturbed by other processes)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    view = big_view()
    first = time.perf_counter()
    png = PRESENTER.board_png(view, "en")
    cold = (time.perf_counter() - first) * 1000
    image = Image.open(io.BytesIO(png)).convert("RGB")
    total = best_of(args.repeat, lambda: PRESENTER.board_png(view, "en"))
    draw = best_of(args.repeat, lambda: render(view, "en"))
    floor = best_of(args.repeat, lambda: image.save(io.BytesIO(), format="PNG"))
    own = best_of(args.repeat, lambda: image.save(io.BytesIO(), format="PNG", compress_level=1))
    w, h = image.size
    print(f"hulk image {w}x{h}, 40x40 squares, {len(view.pieces)} pieces, {len(png) // 1024} KiB")
    print(f"  first render (static layer drawn and cached): {cold:6.1f} ms")
    print(f"  render to PNG: {total:6.1f} ms  (drawing {draw:5.1f} ms + encoding at level 1)")
    print(f"  floor, PNG encode of the same picture (Pillow defaults): {floor:6.1f} ms")
    print(f"  (the same picture encoded at level 1 alone: {own:6.1f} ms)")
    print(f"  ratio {total / floor:4.2f}x the floor; goal <= 80 ms and <= 2x")


if __name__ == "__main__":
    main()
