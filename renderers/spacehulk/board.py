"""The hulk image: every level of the map on a labelled grid (columns A, B, ..., rows 1, 2, ... as in
square names, so orders can name squares), sections outlined, doors, flames, models with their facing
and ids, overwatch and jam markers, the active model's fire arc and sight, entry areas with their
lurking counts, linked pits and ladders, and a side panel with the turn, AP, CP and timer.

Pure: a per-seat view in, PNG bytes out. A blip's value is drawn only when the view carries it (the
Genestealer player's own view), so a spectator's or the Marine player's image cannot show one.

The static part (floor, walls, section outlines, entry areas, exits, grid labels) depends only on the
map text, the cell size and the language, so it is drawn once and cached; each view draws the rest
on a copy.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.spacehulk.board import VECTORS, Board, Square, col_name
from engine.spacehulk.board.los import clear, in_fire_arc, in_vision_arc
from engine.spacehulk.board.mapfile import parse_cached
from engine.spacehulk.view import PieceView, SpaceHulkView
from renderers.fonts import font
from renderers.i18n import t
from renderers.palette import Colours, ink

from . import text

Color = tuple[int, int, int]

BG: Color = (22, 24, 30)
PANEL: Color = (34, 37, 46)
VOID: Color = (30, 32, 40)
CORRIDOR: Color = (92, 96, 106)
ROOM: Color = (110, 102, 90)
GRID: Color = (70, 74, 84)
WALL: Color = (214, 218, 228)
SECTION: Color = (236, 186, 70)
LABEL: Color = (170, 176, 190)
TEXT: Color = (236, 236, 241)
MUTED: Color = (160, 164, 178)
LEADER: Color = (246, 206, 80)
# The two sides, in the palette in force (renderers/palette.py; the standard's Genestealers are
# crimson, not violet: a violet beside the Marines' blue is nearly the same colour to a protanope).
PIECE = Colours({"marine": "spacehulk/marine", "genestealer": "spacehulk/stealer"})
BLIP: Color = (66, 70, 80)
AMBUSH: Color = (96, 60, 60)
DOOR: Color = (222, 156, 52)
BULKHEAD: Color = (150, 150, 160)
DESTROYED: Color = (210, 60, 50)
FIRE_ARC: Color = (240, 214, 90)
SIGHT: Color = (120, 200, 230)
RETICLE: Color = (60, 52, 20)  # the fire arc's cross-hair (issue 29 item 3: a shape beside the tint)
FLAME: Color = (226, 92, 30)
FLAME_CORE: Color = (255, 206, 80)
ENTRY: Color = (70, 190, 110)
EXIT: Color = (90, 220, 220)
OVERWATCH: Color = (250, 220, 60)
JAM: Color = (235, 60, 60)
ACTIVE: Color = (255, 255, 255)
VALUE: Color = (250, 150, 40)
TIE: Color = (255, 110, 200)  # the candidates of a solo tie prompt (DW-SOLO-2, DW-SOLO-8)
KEEP_OFF: Color = (235, 80, 60)  # Defend Perimeter's deployment: squares no Marine may take (DW-SC3)
FEATURE: dict[str, Color] = {
    "pit": (12, 12, 14),
    "ladder": (180, 150, 100),
    "crate": (140, 100, 60),
    "rubble": (130, 124, 116),
    "cryo": (90, 170, 190),
    "chute": (60, 64, 60),
}

PANEL_W = 320
GAP = 16
TITLE_H = 22


@lru_cache(maxsize=32)
def _board(map_text: str) -> Board:
    return parse_cached(map_text)


@lru_cache(maxsize=4096)
def _glyphs(text: str, size: int, bold: bool, fill: Color, stroke: int) -> Image.Image:
    """A run of text drawn once on a transparent tile (Pillow's text rendering dominates otherwise)."""
    face = font(size, bold=bold)
    left, top, right, bottom = (int(v) for v in face.getbbox(text, stroke_width=stroke))
    tile = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(tile).text(
        (-left, -top), text, font=face, fill=fill, stroke_width=stroke, stroke_fill=(10, 10, 10)
    )
    return tile


def put(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    *,
    bold: bool = False,
    fill: Color = TEXT,
    anchor: str = "lt",
    stroke: int = 0,
) -> None:
    """Paste cached text; `anchor` as Pillow's two letters (l/m/r, t/m/b) on the text's ink box."""
    if not text:
        return
    tile = _glyphs(text, size, bold, fill, stroke)
    w, h = tile.size
    x = xy[0] - {"l": 0.0, "m": w / 2, "r": float(w)}[anchor[0]]
    y = xy[1] - {"t": 0.0, "m": h / 2, "b": float(h)}[anchor[1]]
    img.paste(tile, (round(x), round(y)), tile)


@dataclass(frozen=True)
class Frame:
    """Grid geometry: the cell size and where each level's grid sits."""

    width: int  # squares
    height: int
    levels: int
    cell: int

    @property
    def label(self) -> int:
        return max(14, self.cell * 3 // 4)

    @property
    def level_w(self) -> int:
        return self.width * self.cell + 2 * self.label

    @property
    def level_h(self) -> int:
        return self.height * self.cell + 2 * self.label + TITLE_H

    def origin(self, level: int) -> tuple[int, int]:
        """Top-left pixel of square (0, 0) of a level."""
        return (GAP + level * (self.level_w + GAP) + self.label, GAP + TITLE_H + self.label)

    def box(self, sq: Square, inset: int = 0) -> tuple[int, int, int, int]:
        ox, oy = self.origin(sq[2])
        x, y = ox + sq[0] * self.cell, oy + sq[1] * self.cell
        return (x + inset, y + inset, x + self.cell - 1 - inset, y + self.cell - 1 - inset)

    def centre(self, sq: Square) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box(sq)
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    @property
    def panel_x(self) -> int:
        return GAP + self.levels * (self.level_w + GAP)

    @property
    def size(self) -> tuple[int, int]:
        return (self.panel_x + PANEL_W, max(GAP * 2 + self.level_h, 560))


def frame_for(board: Board) -> Frame:
    """A cell size that keeps the grid near 1000 px: 36 px on small decks, 18 at least (a model's id
    must stay readable on its disc)."""
    span = max(board.width * board.levels, board.height)
    cell = max(18, min(36, 1000 // max(span, 1)))
    return Frame(board.width, board.height, board.levels, cell)


# --- the static part ------------------------------------------------------------------------------


@lru_cache(maxsize=6)
def _base(map_text: str, lang: str) -> Image.Image:
    """Floor, walls, section outlines and grid labels: once per map and language. A few only: a
    large board's layer weighs some megabytes, and every generated mission has its own map."""
    board = _board(map_text)
    f = frame_for(board)
    img = Image.new("RGB", f.size, BG)
    draw = ImageDraw.Draw(img)
    for level in range(board.levels):
        ox, oy = f.origin(level)
        draw.rectangle(
            (ox, oy, ox + board.width * f.cell - 1, oy + board.height * f.cell - 1),
            fill=VOID,
        )
        title = (
            t(lang, "spacehulk.image.level", level=level)
            if board.levels > 1
            else t(lang, "spacehulk.image.deck")
        )
        draw.text((ox - f.label, GAP), title, font=font(14, bold=True), fill=TEXT, anchor="lt")
        _labels(draw, f, board, level)
    for sq, cell in board.cells.items():
        draw.rectangle(f.box(sq), fill=ROOM if cell.kind == "room" else CORRIDOR, outline=GRID)
    for sq, cell in board.cells.items():
        x0, y0, x1, y1 = f.box(sq)
        for (dx, dy), edge in (
            ((0, -1), (x0, y0, x1, y0)),
            ((1, 0), (x1, y0, x1, y1)),
            ((0, 1), (x0, y1, x1, y1)),
            ((-1, 0), (x0, y0, x0, y1)),
        ):
            other = board.cells.get((sq[0] + dx, sq[1] + dy, sq[2]))
            if other is None:
                draw.line(edge, fill=WALL, width=3)
            elif other.section != cell.section and (dx > 0 or dy > 0):
                _dashed(draw, edge, SECTION)
    draw.rectangle((f.panel_x, 0, img.width, img.height), fill=PANEL)
    _legend(draw, f.panel_x + 12, img.height - 140, lang)
    return img


def _marks(img: Image.Image, draw: ImageDraw.ImageDraw, f: Frame, board: Board, lang: str) -> None:
    """Entry areas and exits (drawn over the sight tints)."""
    size = max(8, f.cell // 3)
    for area in board.entries.values():
        _entry_marker(img, draw, f, board, area.square, area.id, size)
    for sq in board.exits:
        x0, y0, x1, y1 = f.box(sq, inset=max(3, f.cell // 6))
        draw.rectangle((x0, y0, x1, y1), outline=EXIT, width=2)
        put(
            img,
            f.centre(sq),
            t(lang, "spacehulk.image.exit_mark"),
            max(7, f.cell // 4),
            bold=True,
            fill=EXIT,
            anchor="mm",
        )


def _labels(draw: ImageDraw.ImageDraw, f: Frame, board: Board, level: int) -> None:
    """Column letters above and below, row numbers left and right (square names, SHB-1.2 grid)."""
    ox, oy = f.origin(level)
    face = font(max(9, min(13, f.cell // 2)))
    right, bottom = ox + board.width * f.cell, oy + board.height * f.cell
    for c in range(board.width):
        x = ox + c * f.cell + f.cell / 2
        name = col_name(c)
        draw.text((x, oy - f.label / 2), name, font=face, fill=LABEL, anchor="mm")
        draw.text((x, bottom + f.label / 2), name, font=face, fill=LABEL, anchor="mm")
    for r in range(board.height):
        y = oy + r * f.cell + f.cell / 2
        draw.text((ox - 3, y), str(r + 1), font=face, fill=LABEL, anchor="rm")
        draw.text((right + 3, y), str(r + 1), font=face, fill=LABEL, anchor="lm")


def _dashed(draw: ImageDraw.ImageDraw, edge: tuple[int, int, int, int], color: Color) -> None:
    x0, y0, x1, y1 = edge
    length = max(abs(x1 - x0), abs(y1 - y0))
    step = 6
    for k in range(0, length + 1, step):
        a, b = k, min(k + step // 2, length)
        if x0 == x1:
            draw.line((x0, y0 + a, x0, y0 + b), fill=color, width=2)
        else:
            draw.line((x0 + a, y0, x0 + b, y0), fill=color, width=2)


def _entry_marker(
    img: Image.Image, draw: ImageDraw.ImageDraw, f: Frame, board: Board, sq: Square, area: str, size: int
) -> None:
    """An entry square: a green triangle pointing out of the board, with the area's number."""
    x0, y0, x1, y1 = f.box(sq, inset=2)
    out = _outward(board, sq)
    cx, cy = f.centre(sq)
    h = (x1 - x0) / 2
    tip = (cx + out[0] * h, cy + out[1] * h)
    side = (-out[1] * h, out[0] * h)
    base = (cx - out[0] * h * 0.2, cy - out[1] * h * 0.2)
    draw.polygon(
        [tip, (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1])],
        outline=ENTRY,
        width=2,
    )
    put(img, (cx - out[0] * h * 0.4, cy - out[1] * h * 0.4), area, size, bold=True, fill=ENTRY, anchor="mm")


def _outward(board: Board, sq: Square) -> tuple[int, int]:
    """The direction from an edge square toward the wall side (where its lurking space lies)."""
    for d in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        if (sq[0] + d[0], sq[1] + d[1], sq[2]) not in board.cells:
            return d
    return (0, -1)


# --- what changes ---------------------------------------------------------------------------------


def _blend(a: Color, b: Color, k: float) -> Color:
    return (int(a[0] + (b[0] - a[0]) * k), int(a[1] + (b[1] - a[1]) * k), int(a[2] + (b[2] - a[2]) * k))


def sight_squares(
    view: SpaceHulkView, board: Board, model_id: str | None = None
) -> tuple[set[Square], set[Square]]:
    """(fire arc squares in sight, other squares in sight) of the model in focus (SHB-6.2, SHB-6.3):
    a Genestealer's sight has no fire arc."""
    wanted = model_id or focus(view)
    model = next((p for p in view.pieces if p.id == wanted), None)
    if model is None or model.square is None or model.facing is None:
        return set(), set()
    blockers = _blockers(view, board)
    arc = view.options.variants.vision_arc
    origin, facing = model.square, model.facing
    fire: set[Square] = set()
    seen: set[Square] = set()
    shoots = model.kind == "marine"
    for sq in board.within(origin, max(board.width, board.height)):
        if sq == origin or not in_vision_arc(facing, origin, sq, arc):
            continue
        if clear(board, origin, sq, blockers):
            (fire if shoots and in_fire_arc(facing, origin, sq) else seen).add(sq)
    return fire, seen


def focus(view: SpaceHulkView) -> str | None:
    """The model whose sight the image shows: the active model, else the Marine a pending step is
    about (a free shot, an overwatch pick, a free turn to face the attacker)."""
    if view.active_model is not None:
        return view.active_model
    if view.prompt is not None:
        found = view.prompt.details.get("marine") or view.prompt.details.get("model")
        return found if isinstance(found, str) else None
    return None


def _blockers(view: SpaceHulkView, board: Board) -> set[Square]:
    """Squares that block sight now (SHB-6.4): models, blips, closed doors, flames, blocking features."""
    out = {p.square for p in view.pieces if p.square is not None}
    out |= {d.square for d in view.doors if d.status == "closed"}
    out |= set(view.burning)
    return out | set(board.static_blocks_los)


def _tints(draw: ImageDraw.ImageDraw, f: Frame, board: Board, view: SpaceHulkView, model: str | None) -> None:
    fire, seen = sight_squares(view, board, model)
    for squares, color, k in ((seen, SIGHT, 0.35), (fire, FIRE_ARC, 0.45)):
        for sq in squares:
            floor = ROOM if board.cells[sq].kind == "room" else CORRIDOR
            draw.rectangle(f.box(sq, inset=1), fill=_blend(floor, color, k))
    for sq in fire:  # a square in the fire arc carries a cross-hair: told from sight by shape, not tint alone
        cx, cy = f.centre(sq)
        _reticle(draw, cx, cy, max(3, f.cell // 6))


def _reticle(draw: ImageDraw.ImageDraw, cx: float, cy: float, arm: int) -> None:
    draw.line((cx - arm, cy, cx + arm, cy), fill=RETICLE, width=1)
    draw.line((cx, cy - arm, cx, cy + arm), fill=RETICLE, width=1)


def _features(img: Image.Image, draw: ImageDraw.ImageDraw, f: Frame, board: Board) -> None:
    for sq, cell in board.cells.items():
        if cell.feature is None:
            continue
        color = FEATURE[cell.feature]
        x0, y0, x1, y1 = f.box(sq, inset=max(2, f.cell // 8))
        match cell.feature:
            case "pit":
                draw.ellipse((x0, y0, x1, y1), fill=color, outline=(0, 0, 0))
            case "ladder":
                draw.line((x0 + 2, y0, x0 + 2, y1), fill=color, width=2)
                draw.line((x1 - 2, y0, x1 - 2, y1), fill=color, width=2)
                for k in range(1, 4):
                    y = y0 + (y1 - y0) * k // 4
                    draw.line((x0 + 2, y, x1 - 2, y), fill=color, width=1)
            case "crate" | "cryo":
                draw.rectangle((x0, y0, x1, y1), fill=color, outline=(20, 20, 20))
                draw.line((x0, y0, x1, y1), fill=(30, 30, 30))
            case "rubble":
                for k in range(5):
                    px = x0 + (x1 - x0) * ((k * 37) % 100) / 100
                    py = y0 + (y1 - y0) * ((k * 61 + 20) % 100) / 100
                    draw.ellipse((px - 2, py - 2, px + 2, py + 2), fill=color)
            case _:
                draw.rectangle((x0, y0, x1, y1), outline=color, width=2)
    # DW-PIT-1, DW-LAD-1: each hole and the square below it carry the same number (↓n above, ↑n below)
    holes = sorted(sq for sq in board.cells if board.hole(sq))
    for n, sq in enumerate(holes, start=1):
        for end, arrow in ((sq, "↓"), ((sq[0], sq[1], sq[2] + 1), "↑")):
            x0, y0, x1, y1 = f.box(end)
            put(img, (x1 - 1, y1 - 1), f"{arrow}{n}", max(8, f.cell // 3), bold=True, anchor="rb", stroke=2)


def _burning(draw: ImageDraw.ImageDraw, f: Frame, view: SpaceHulkView) -> None:
    for sq in view.burning:
        x0, y0, x1, y1 = f.box(sq, inset=1)
        draw.rectangle((x0, y0, x1, y1), fill=FLAME)
        cx, cy = f.centre(sq)
        r = f.cell / 4
        draw.polygon([(cx, cy - r * 1.4), (cx + r, cy + r), (cx - r, cy + r)], fill=FLAME_CORE)


def _doors(draw: ImageDraw.ImageDraw, f: Frame, board: Board, view: SpaceHulkView) -> None:
    """Closed: a bar across the square; open: the leaves slid to the walls; destroyed: a red cross."""
    for door in view.doors:
        sq = door.square
        x0, y0, x1, y1 = f.box(sq)
        cx, cy = f.centre(sq)
        across_x = (sq[0] - 1, sq[1], sq[2]) in board.cells or (sq[0] + 1, sq[1], sq[2]) in board.cells
        thick = max(3, f.cell // 5)
        color = BULKHEAD if door.fixed else DOOR
        if door.status == "closed":
            if across_x:  # the corridor runs east-west: the door is a north-south bar
                draw.rectangle((cx - thick / 2, y0, cx + thick / 2, y1), fill=color, outline=(20, 20, 20))
            else:
                draw.rectangle((x0, cy - thick / 2, x1, cy + thick / 2), fill=color, outline=(20, 20, 20))
        elif door.status == "open":
            stub = f.cell // 4
            if across_x:
                draw.rectangle((cx - thick / 2, y0, cx + thick / 2, y0 + stub), fill=color)
                draw.rectangle((cx - thick / 2, y1 - stub, cx + thick / 2, y1), fill=color)
            else:
                draw.rectangle((x0, cy - thick / 2, x0 + stub, cy + thick / 2), fill=color)
                draw.rectangle((x1 - stub, cy - thick / 2, x1, cy + thick / 2), fill=color)
        else:
            k = f.cell // 4
            draw.line((x0 + k, y0 + k, x1 - k, y1 - k), fill=DESTROYED, width=3)
            draw.line((x0 + k, y1 - k, x1 - k, y0 + k), fill=DESTROYED, width=3)


def _piece(img: Image.Image, draw: ImageDraw.ImageDraw, f: Frame, p: PieceView, active: bool) -> None:
    assert p.square is not None
    x0, y0, x1, y1 = f.box(p.square, inset=max(2, f.cell // 10))
    cx, cy = f.centre(p.square)
    r = (x1 - x0) / 2
    if p.kind == "marine":
        fill, ring = PIECE["marine"], (LEADER if p.sergeant or p.captain else (210, 220, 240))
    elif p.kind == "genestealer":
        fill, ring = PIECE["genestealer"], (230, 200, 240)
    else:
        fill, ring = (AMBUSH if p.ambush else BLIP), (200, 200, 210)
    if p.kind == "blip":  # a counter: square-ish, no facing (SHB-6.1)
        draw.rounded_rectangle((x0, y0, x1, y1), radius=max(2, f.cell // 6), fill=fill, outline=ring, width=2)
    else:
        draw.ellipse((x0, y0, x1, y1), fill=fill, outline=ring, width=2)
    if active:
        draw.rectangle(f.box(p.square), outline=ACTIVE, width=2)
    if p.facing is not None:
        dx, dy = VECTORS[p.facing]
        tip = (cx + dx * r * 1.15, cy + dy * r * 1.15)
        w = r * 0.45
        back = (cx + dx * r * 0.55, cy + dy * r * 0.55)
        draw.polygon(
            [tip, (back[0] - dy * w, back[1] + dx * w), (back[0] + dy * w, back[1] - dx * w)],
            fill=(250, 250, 250),
            outline=(20, 20, 20),
        )
    label = p.id.upper() + ("!" if p.kind == "blip" and p.ambush else "")
    size = max(8, f.cell // 3) if len(label) <= 2 else max(7, f.cell * 2 // 7)  # "M10" fits its disc
    on = (
        ink(PIECE.role(p.kind), light=TEXT) if p.kind in PIECE else TEXT
    )  # white on a dark disc, dark on a light one
    put(img, (cx, cy), label, size, bold=True, anchor="mm", fill=on)
    badge = max(5, f.cell // 5)
    if p.kind == "blip" and p.value is not None:  # the Genestealer player's own view only (SHB-10.1)
        r2 = max(6, f.cell // 4)
        draw.ellipse((x1 - r2 * 2 + 3, y1 - r2 * 2 + 3, x1 + 3, y1 + 3), fill=VALUE, outline=(0, 0, 0))
        put(
            img,
            (x1 - r2 + 3, y1 - r2 + 3),
            str(p.value),
            max(8, f.cell // 3),
            bold=True,
            fill=(0, 0, 0),
            anchor="mm",
        )
    if p.overwatch:
        draw.ellipse(
            (x0 - 1, y0 - 1, x0 - 1 + badge * 2, y0 - 1 + badge * 2), fill=OVERWATCH, outline=(0, 0, 0)
        )
    if p.jammed:
        draw.rectangle((x1 + 1 - badge * 2, y0 - 1, x1 + 1, y0 - 1 + badge * 2), fill=JAM, outline=(0, 0, 0))


def _lurkers(
    img: Image.Image, draw: ImageDraw.ImageDraw, f: Frame, board: Board, view: SpaceHulkView
) -> None:
    """Entry areas: a badge outside the entry square with how many blips and Genestealers lurk there."""
    counts: dict[str, int] = {}
    for p in view.pieces:
        if p.square is None and p.area is not None:
            counts[p.area] = counts.get(p.area, 0) + 1
    for area, n in counts.items():
        entry = board.entries.get(area)
        if entry is None:
            continue
        x0, y0, x1, y1 = f.box(entry.square)
        r = max(7, f.cell // 3)
        bx, by = x1 - r + 3, y0 + r - 3  # the square's corner: the lurking space is off the board
        draw.ellipse((bx - r, by - r, bx + r, by + r), fill=ENTRY, outline=(0, 0, 0))
        put(img, (bx, by), f"+{n}", max(9, f.cell // 3), bold=True, fill=(10, 10, 10), anchor="mm")


def _panel(img: Image.Image, f: Frame, view: SpaceHulkView, lang: str) -> None:
    """Status, Terminators and the Genestealer side, in the panel right of the levels."""
    x = f.panel_x + 12
    y = GAP + 24
    title = text.mission_name(view, lang)
    size = 15
    while size > 10 and font(size, bold=True).getlength(title) > PANEL_W - 24:
        size -= 1  # a long mission name shrinks to fit the panel
    put(img, (x, GAP), title, size, bold=True)
    limit = img.height - 150
    for line in text.panel_lines(view, lang):
        if y > limit:
            put(img, (x, y), "…", 12, fill=MUTED)
            break
        heading = line.startswith("# ")
        put(
            img,
            (x, y + 6),
            _fit(line.removeprefix("# "), 12, heading, PANEL_W - 24),
            12,
            bold=heading,
            fill=TEXT if heading else MUTED,
            anchor="lm",
        )
        y += 17 if heading else 15


@lru_cache(maxsize=1024)
def _fit(line: str, size: int, bold: bool, width: int) -> str:
    """The line, cut with an ellipsis where it would run out of the panel."""
    face = font(size, bold=bold)
    if face.getlength(line) <= width:
        return line
    while line and face.getlength(line + "…") > width:
        line = line[:-1]
    return line.rstrip() + "…"


def _legend(draw: ImageDraw.ImageDraw, x: int, y: int, lang: str) -> None:
    face = font(11)
    entries: list[tuple[str, Color, str]] = [
        ("spacehulk.legend.marine", PIECE["marine"], "disc"),
        ("spacehulk.legend.stealer", PIECE["genestealer"], "disc"),
        ("spacehulk.legend.blip", BLIP, "box"),
        ("spacehulk.legend.door", DOOR, "bar"),
        ("spacehulk.legend.fire_arc", FIRE_ARC, "reticle"),
        ("spacehulk.legend.sight", SIGHT, "box"),
        ("spacehulk.legend.burning", FLAME, "box"),
        ("spacehulk.legend.overwatch", OVERWATCH, "disc"),
        ("spacehulk.legend.jammed", JAM, "box"),
    ]
    for n, (key, color, shape) in enumerate(entries):
        col, row = n % 2, n // 2
        px, py = x + col * 150, y + row * 18
        if shape == "disc":
            draw.ellipse((px, py, px + 11, py + 11), fill=color)
        elif shape == "bar":
            draw.rectangle((px, py + 4, px + 11, py + 7), fill=color)
        elif shape == "reticle":
            draw.rectangle((px, py, px + 11, py + 11), fill=color)
            _reticle(draw, px + 5.5, py + 5.5, 3)
        else:
            draw.rectangle((px, py, px + 11, py + 11), fill=color)
        draw.text((px + 16, py + 6), t(lang, key), font=face, fill=MUTED, anchor="lm")


def render(view: SpaceHulkView, lang: str, picked: str | None = None) -> Image.Image:
    """The whole picture for a view, as an image (board_png encodes it); `picked` is the model whose
    actions the seat is looking at (its sight is drawn instead of the active model's)."""
    board = _board(view.map_text)
    f = frame_for(board)
    img = _base(view.map_text, lang).copy()
    draw = ImageDraw.Draw(img)
    focused = picked or focus(view)
    _tints(draw, f, board, view, focused)
    _marks(img, draw, f, board, lang)
    _features(img, draw, f, board)
    _burning(draw, f, view)
    _doors(draw, f, board, view)
    for p in view.pieces:
        if p.square is not None:
            _piece(img, draw, f, p, p.id == focused)
    _lurkers(img, draw, f, board, view)
    _tie_marks(draw, f, board, view)
    _keep_off_marks(draw, f, board, view)
    _panel(img, f, view, lang)
    return img


def tie_squares(view: SpaceHulkView, board: Board) -> set[Square]:
    """The squares of a pending solo tie's candidates (DW-SOLO-2, DW-SOLO-8): the tied entry areas' entry
    squares, or the tied Genestealers' squares (a lurking one: its entry area's)."""
    prompt = view.prompt
    if prompt is None or prompt.kind != "solo_tie":
        return set()
    pieces = {p.id: p for p in view.pieces}
    out: set[Square] = set()
    for candidate in prompt.details.get("candidates") or ():
        area: str | None = str(candidate)
        if prompt.details.get("tie") == "mover":
            p = pieces.get(str(candidate))
            if p is not None and p.square is not None:
                out.add(p.square)
            area = p.area if p is not None and p.square is None else None
        entry = board.entries.get(area) if area is not None else None
        if entry is not None:
            out.add(entry.square)
    return out


def _tie_marks(draw: ImageDraw.ImageDraw, f: Frame, board: Board, view: SpaceHulkView) -> None:
    """A bright frame round each candidate of a solo tie, so the ids the prompt names stand out."""
    for sq in tie_squares(view, board):
        draw.rectangle(f.box(sq), outline=TIE, width=3)


def keep_off_squares(view: SpaceHulkView, board: Board) -> set[Square]:
    """While the Marines deploy in Defend Perimeter (DW-SC3): each open entry area's entry square and
    the squares touching it, where no Marine may deploy (engine/spacehulk/deployment.py)."""
    if view.prompt is None or view.prompt.kind != "deploy":
        return set()
    out: set[Square] = set()
    for area in board.entries.values():
        if area.id in view.secured:
            continue
        x, y, z = area.square
        out |= {
            (x + dx, y + dy, z)
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if (x + dx, y + dy, z) in board.cells
        }
    return out


def _keep_off_marks(draw: ImageDraw.ImageDraw, f: Frame, board: Board, view: SpaceHulkView) -> None:
    """A red frame round every square a Marine may not deploy on (DW-SC3)."""
    for sq in keep_off_squares(view, board):
        draw.rectangle(f.box(sq), outline=KEEP_OFF, width=2)


def board_png(view: SpaceHulkView, lang: str, picked: str | None = None) -> bytes:
    """The hulk image of a view, as PNG bytes."""
    out = io.BytesIO()
    render(view, lang, picked).save(out, format="PNG", compress_level=1)
    return out.getvalue()
