"""Render the ten geotiles (and two sample built boards) to PNG for review: docs/geotiles/*.png.

    .venv/bin/python bench/render_geotiles.py [--out docs/geotiles]

Pillow is used directly here (the engine never imports it). Legend: dark = no square, grey =
corridor, sand = room, brown bar = door, blue = cryogenic tank, brown box = crate, dotted = rubble,
numbers = open corridor ends (entry areas), green/red triangles = Cloud Runner's entry/exit arrows,
chevrons = Marine deployment squares.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from engine.core import Dice
from engine.spacehulk.board.mapfile import parse_map
from engine.spacehulk.geotiles import all_geotiles, cloud_runner_board, generator_board
from engine.spacehulk.geotiles.tiles import PORT_SQUARES, STEP, Geotile

CELL = 40
COLOURS = {
    "void": (30, 30, 36),
    "corridor": (150, 150, 158),
    "room": (214, 196, 150),
    "door": (120, 72, 36),
    "cryo": (70, 140, 220),
    "crate": (140, 96, 50),
    "grid": (60, 60, 66),
    "entry": (255, 255, 255),
    "in": (40, 190, 80),
    "out": (220, 60, 60),
    "deploy": (60, 110, 230),
}


def _font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow < 10.1
        return ImageFont.load_default()


def draw_rows(rows: list[str], kinds: dict[tuple[int, int], str], title: str) -> Image.Image:
    """One map grid: `rows` of map characters, `kinds` the room/corridor class of each square."""
    height, width = len(rows), max(len(r) for r in rows)
    top = 30
    img = Image.new("RGB", (width * CELL, height * CELL + top), COLOURS["void"])
    pen = ImageDraw.Draw(img)
    pen.text((6, 6), title, fill=(240, 240, 240), font=_font(16))
    small = _font(max(12, CELL // 2))
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in " #":
                continue
            box = (x * CELL, top + y * CELL, (x + 1) * CELL - 1, top + (y + 1) * CELL - 1)
            kind = kinds.get((x, y), "corridor")
            pen.rectangle(
                box, fill=COLOURS["room" if kind == "room" else "corridor"], outline=COLOURS["grid"]
            )
            cx, cy = box[0] + CELL // 2, box[1] + CELL // 2
            if ch in "DdBH":
                vertical = (x > 0 and row[x - 1] not in " #") or (x + 1 < len(row) and row[x + 1] not in " #")
                if vertical:
                    pen.rectangle((cx - 4, box[1] + 2, cx + 4, box[3] - 2), fill=COLOURS["door"])
                else:
                    pen.rectangle((box[0] + 2, cy - 4, box[2] - 2, cy + 4), fill=COLOURS["door"])
            elif ch == "T":
                pen.ellipse((box[0] + 5, box[1] + 5, box[2] - 5, box[3] - 5), fill=COLOURS["cryo"])
            elif ch == "C":
                pen.rectangle((box[0] + 6, box[1] + 6, box[2] - 6, box[3] - 6), fill=COLOURS["crate"])
            elif ch == "R":
                for dx in (-8, 0, 8):
                    for dy in (-8, 0, 8):
                        pen.ellipse((cx + dx - 2, cy + dy - 2, cx + dx + 2, cy + dy + 2), fill=(90, 80, 70))
            elif ch in "^>v<":
                pen.text((cx, cy), ch, fill=COLOURS["deploy"], font=small, anchor="mm")
            elif ch.isalnum() and ch not in ":":
                pen.text((cx, cy), ch, fill=COLOURS["entry"], font=small, anchor="mm")
    return img


def _arrow(img: Image.Image, tile: Geotile, side: str, colour: tuple[int, int, int], inward: bool) -> None:
    pen = ImageDraw.Draw(img)
    (x, y), (dx, dy) = PORT_SQUARES[side], STEP[side]
    cx, cy = x * CELL + CELL // 2 + dx * CELL // 3, 30 + y * CELL + CELL // 2 + dy * CELL // 3
    sign = -1 if inward else 1
    tip = (cx + sign * dx * 10, cy + sign * dy * 10)
    base = [
        (cx - sign * dx * 6 + dy * 9, cy - sign * dy * 6 + dx * 9),
        (cx - sign * dx * 6 - dy * 9, cy - sign * dy * 6 - dx * 9),
    ]
    pen.polygon([tip, *base], fill=colour)


def tile_image(tile: Geotile) -> Image.Image:
    from engine.spacehulk.geotiles.tiles import square_class

    squares = tile.squares()
    kinds = {sq: square_class(squares, sq) for sq in squares}
    img = draw_rows(list(tile.rows), kinds, f"{tile.number}: {tile.name.split(', ', 1)[-1]}")
    if tile.entry_arrow:
        _arrow(img, tile, tile.entry_arrow, COLOURS["in"], inward=True)
    if tile.exit_arrow:
        _arrow(img, tile, tile.exit_arrow, COLOURS["out"], inward=False)
    return img


def board_image(map_text: str, title: str) -> Image.Image:
    board = parse_map(map_text)
    rows = map_text.split("[level 0]\n", 1)[1].split("\n[sections 0]", 1)[0].splitlines()
    kinds = {(x, y): cell.kind for (x, y, _z), cell in board.cells.items()}
    return draw_rows(rows, kinds, title)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="docs/geotiles")
    out = Path(parser.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    for tile in all_geotiles():
        tile_image(tile).save(out / f"geotile_{tile.number:02d}.png", optimize=True)
    built = generator_board(Dice(7), add_control_room=True)
    board_image(built.map_text, "Mission Generator board (seed 7, with geotile 10)").save(
        out / "sample_generator_board.png", optimize=True
    )
    runner = cloud_runner_board(Dice(3), 10)
    board_image(runner.map_text, "Cloud Runner board 10 (seed 3)").save(
        out / "sample_cloud_runner_10.png", optimize=True
    )
    print(f"wrote {len(all_geotiles()) + 2} images to {out}")


if __name__ == "__main__":
    main()
