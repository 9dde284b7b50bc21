"""The public board image: the 120 cm table to scale, cards, figures, reach rings and a side panel.

Drawn at twice the size and reduced, so circles and text come out smooth. Pure: a view in, PNG out.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable
from functools import cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.arkenstone import ArkenstoneView
from engine.arkenstone import events as ev
from engine.arkenstone.board import (
    BILBO,
    BILBO_MOVE_IN,
    CARD_HEIGHT_IN,
    CARD_WIDTH_IN,
    CELL_IN,
    CELLS,
    COLUMNS,
    DISCOVER_REACH_IN,
    GRID_CELLS,
    SEARCH_REACH_IN,
    SMAUG,
    SMAUG_MOVE_IN,
    TABLE_IN,
    cell_is_free,
    radius,
    rank_text,
)
from engine.arkenstone.state import ARKENSTONE, JACK, KING, QUEEN, SMAUG_EVENT_RANGE_IN
from engine.core.geometry import Point
from renderers.fonts import font
from renderers.i18n import t
from renderers.palette import Colours

from . import text

Color = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

SS = 2  # supersampling factor
PX_PER_IN = 18  # final pixels per inch
RULER = 30
PANEL_W = 370
TABLE_PX = round(TABLE_IN * PX_PER_IN)
WIDTH = RULER + TABLE_PX + RULER + PANEL_W
HEIGHT = RULER + TABLE_PX + RULER

BG: Color = (27, 29, 35)
PANEL: Color = (38, 41, 50)
PANEL_EDGE: Color = (62, 66, 78)
FELT: Color = (36, 82, 58)
INCH_LINE: Color = (50, 104, 76)
CELL_LINE: Color = (66, 118, 88)
TEXT: Color = (236, 236, 241)
MUTED: Color = (158, 162, 176)
GOLD: Color = (245, 196, 72)
CARD_FACE: Color = (250, 248, 240)
CARD_EDGE: Color = (60, 60, 66)
INK_RED: Color = (196, 28, 40)
INK_BLACK: Color = (24, 24, 30)
BACK: Color = (118, 32, 40)
BACK_LINE: Color = (150, 52, 60)
SPENT_FACE: Color = (214, 210, 200)
STONE_FACE: Color = (255, 240, 190)
FIGURE_COLOR = Colours({BILBO: "arkenstone/bilbo", SMAUG: "arkenstone/smaug"})  # in the palette in force
RIGHT: Color = (112, 200, 112)
SHADOW: Color = (22, 52, 36)


def _mix(a: Color, b: Color, share: float) -> Color:
    """`share` of colour b over colour a."""
    return (
        round(a[0] + (b[0] - a[0]) * share),
        round(a[1] + (b[1] - a[1]) * share),
        round(a[2] + (b[2] - a[2]) * share),
    )


WRONG: Color = (232, 96, 84)


class Canvas:
    """A supersampled drawing surface in table inches (origin bottom-left, y up) and panel pixels."""

    def __init__(self, base: Image.Image | None = None) -> None:
        self.image = base if base is not None else Image.new("RGB", (WIDTH * SS, HEIGHT * SS), BG)
        self.draw = ImageDraw.Draw(self.image)
        # Translucent rings, paths and the figures: over the table and its rulers only (not the panel).
        self.overlay = Image.new("RGBA", ((RULER + TABLE_PX + RULER) * SS, HEIGHT * SS), (0, 0, 0, 0))
        self.glass = ImageDraw.Draw(self.overlay)

    @staticmethod
    def px(x_in: float, y_in: float) -> tuple[float, float]:
        """Supersampled pixel of a table point."""
        return ((RULER + x_in * PX_PER_IN) * SS, (RULER + (TABLE_IN - y_in) * PX_PER_IN) * SS)

    @staticmethod
    def s(pixels: float) -> float:
        """Final pixels → supersampled pixels."""
        return pixels * SS

    @staticmethod
    def w(pixels: float) -> int:
        """A line width or corner radius in supersampled pixels (whole, at least 1)."""
        return max(1, round(pixels * SS))

    @staticmethod
    def inch(length_in: float) -> float:
        return length_in * PX_PER_IN * SS

    def text(
        self,
        xy: tuple[float, float],
        words: str,
        size: int,
        fill: Color,
        *,
        bold: bool = False,
        anchor: str = "la",
    ) -> None:
        self.draw.text(
            (xy[0] * SS, xy[1] * SS), words, font=font(size * SS, bold=bold), fill=fill, anchor=anchor
        )

    def compose(self) -> None:
        """Lay the translucent layer onto the table (once, after the figures), clipped to the table."""
        clear = (0, 0, 0, 0)
        edge, far = RULER * SS, (RULER + TABLE_PX) * SS
        size = self.overlay.size
        for box in (
            (0, 0, size[0], edge),
            (0, far, size[0], size[1]),
            (0, 0, edge, size[1]),
            (far, 0, size[0], size[1]),
        ):
            self.overlay.paste(clear, box)
        self.image.paste(self.overlay, (0, 0), self.overlay)

    def flatten(self) -> bytes:
        # 256 colours are plenty for flat felt and cards; halves the bytes and the encoding time.
        final = self.image.reduce(SS).quantize(
            256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
        out = io.BytesIO()
        final.save(out, format="PNG", compress_level=3)
        return out.getvalue()


# --- the table --------------------------------------------------------------------------------


def _table(c: Canvas) -> None:
    x0, y1 = c.px(0, 0)
    x1, y0 = c.px(TABLE_IN, TABLE_IN)
    c.draw.rectangle((x0, y0, x1, y1), fill=FELT)
    for i in range(1, int(TABLE_IN) + 1):  # the inch grid
        gx, _ = c.px(i, 0)
        _, gy = c.px(0, i)
        c.draw.line((gx, y0, gx, y1), fill=INCH_LINE, width=1)
        c.draw.line((x0, gy, x1, gy), fill=INCH_LINE, width=1)
    for i in range(1, GRID_CELLS):  # the grid-draft cells (§8.1)
        gx, _ = c.px(i * CELL_IN, 0)
        _, gy = c.px(0, i * CELL_IN)
        c.draw.line((gx, y0, gx, y1), fill=CELL_LINE, width=c.w(1))
        c.draw.line((x0, gy, x1, gy), fill=CELL_LINE, width=c.w(1))
    c.draw.rectangle((x0, y0, x1, y1), outline=(20, 44, 30), width=c.w(2))
    _rulers(c)


def _rulers(c: Canvas) -> None:
    """Inch rulers on the left and bottom edges; cell letters on top, cell numbers on the right."""
    left, bottom = RULER * SS, (RULER + TABLE_PX) * SS
    right, top = (RULER + TABLE_PX) * SS, RULER * SS
    for i in range(int(TABLE_IN) + 1):
        long = i % 6 == 0
        tick = c.s(9 if long else (6 if i % 3 == 0 else 4))
        x, _ = c.px(i, 0)
        _, y = c.px(0, i)
        c.draw.line((x, bottom, x, bottom + tick), fill=MUTED, width=c.w(1))
        c.draw.line((left - tick, y, left, y), fill=MUTED, width=c.w(1))
        if long:
            c.text((x / SS, RULER + TABLE_PX + 11), str(i), 11, TEXT, anchor="mt")
            c.text((RULER - 11, y / SS), str(i), 11, TEXT, anchor="rm")
    for i in range(GRID_CELLS):
        mid = (i + 0.5) * CELL_IN
        x, _ = c.px(mid, 0)
        _, y = c.px(0, mid)
        c.text((x / SS, RULER / 2), COLUMNS[i], 13, MUTED, bold=True, anchor="mm")
        c.text((RULER + TABLE_PX + RULER / 2, y / SS), str(i + 1), 13, MUTED, bold=True, anchor="mm")
    del right, top


# --- cards ------------------------------------------------------------------------------------


def _card_box(c: Canvas, at: Point) -> tuple[float, float, float, float]:
    x0, y0 = c.px(at.x - CARD_WIDTH_IN / 2, at.y + CARD_HEIGHT_IN / 2)
    x1, y1 = c.px(at.x + CARD_WIDTH_IN / 2, at.y - CARD_HEIGHT_IN / 2)
    return (x0, y0, x1, y1)


def _shadow(c: Canvas, box: tuple[float, float, float, float]) -> None:
    off = c.s(2)
    c.draw.rounded_rectangle(
        (box[0] + off, box[1] + off, box[2] + off, box[3] + off), radius=c.w(4), fill=SHADOW
    )


TILE_W, TILE_H = round(CARD_WIDTH_IN * PX_PER_IN * SS), round(CARD_HEIGHT_IN * PX_PER_IN * SS)


@cache
def _tile(kind: str, label: str, tag: str = "") -> Image.Image:
    """A card as an RGBA tile with rounded corners: "back" (label T5), "club", "spent" or "stone"."""
    tile = Image.new("RGBA", (TILE_W, TILE_H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    box = (0, 0, TILE_W - 1, TILE_H - 1)
    corner = 4 * SS
    if kind == "back":
        draw.rounded_rectangle(box, radius=corner, fill=BACK, outline=(60, 14, 20), width=SS)
        inner = (4 * SS, 4 * SS, TILE_W - 1 - 4 * SS, TILE_H - 1 - 4 * SS)
        span = inner[3] - inner[1]
        for k in range(-span, inner[2] - inner[0], 9 * SS):  # a diagonal lattice inside the frame
            for seg in (
                (inner[0] + k, inner[1], inner[0] + k + span, inner[3]),
                (inner[2] - k, inner[1], inner[2] - k - span, inner[3]),
            ):
                clipped = _clip_segment(seg, inner)
                if clipped:
                    draw.line(clipped, fill=BACK_LINE, width=SS)
        draw.rounded_rectangle(inner, radius=2 * SS, outline=GOLD, width=SS)
        cx, cy = TILE_W / 2, TILE_H / 2
        draw.rounded_rectangle(
            (cx - 14 * SS, cy - 9 * SS, cx + 14 * SS, cy + 9 * SS), radius=3 * SS, fill=(70, 16, 22)
        )
        draw.text((cx, cy), label, font=font(12 * SS, bold=True), fill=GOLD, anchor="mm")
        return tile
    fill, ink = {
        "club": (CARD_FACE, INK_BLACK),
        "spent": (SPENT_FACE, (170, 90, 96)),
        "stone": (STONE_FACE, INK_RED),
    }[kind]
    draw.rounded_rectangle(box, radius=corner, fill=fill, outline=CARD_EDGE, width=SS)
    rank, suit = label[:-1], label[-1]
    draw.text((TILE_W / 2, TILE_H / 2 - 8 * SS), rank, font=font(20 * SS, bold=True), fill=ink, anchor="mm")
    draw.text((TILE_W / 2, TILE_H / 2 + 14 * SS), suit, font=font(17 * SS), fill=ink, anchor="mm")
    if tag:
        draw.text((3 * SS, 2 * SS), tag, font=font(9 * SS), fill=MUTED, anchor="la")
    return tile


def _lay(c: Canvas, at: Point, tile: Image.Image) -> None:
    """Put a card tile centred at a table point, over its shadow."""
    x0, y0, _, _ = _card_box(c, at)
    x, y = round(x0), round(y0)
    mask = tile.getchannel("A")
    c.image.paste(SHADOW, (x + SS * 2, y + SS * 2), mask)
    c.image.paste(tile, (x, y), tile)


def _clip_segment(
    seg: tuple[float, float, float, float], box: tuple[float, float, float, float]
) -> tuple[float, float, float, float] | None:
    """Liang–Barsky clipping of a segment to a box."""
    x0, y0, x1, y1 = seg
    dx, dy = x1 - x0, y1 - y0
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            lo = max(lo, r)
        else:
            hi = min(hi, r)
    if lo > hi:
        return None
    return (x0 + dx * lo, y0 + dy * lo, x0 + dx * hi, y0 + dy * hi)


def _cards(c: Canvas, view: ArkenstoneView) -> None:
    for loc in view.locations:
        _lay(c, loc.at, _tile("club", text.card(loc.rank, "location")))
    for tr in view.treasures:
        if tr.removed:
            continue  # searched non-Aces leave the table (AK-ACT-B2)
        if not tr.face_up:
            _lay(c, tr.at, _tile("back", f"T{tr.label}"))
        elif tr.rank == ARKENSTONE:
            cx, cy = c.px(tr.at.x, tr.at.y)
            for k, share in ((2.6, 0.16), (2.1, 0.24), (1.7, 0.36)):  # a glow under the Arkenstone
                r = c.inch(k)
                c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=_mix(FELT, GOLD, share))
            _lay(c, tr.at, _tile("stone", text.card(ARKENSTONE, "treasure"), f"T{tr.label}"))
        else:
            _lay(c, tr.at, _tile("spent", text.card(tr.rank or 1, "treasure"), f"T{tr.label}"))


def _free_cells(c: Canvas, view: ArkenstoneView) -> None:
    """During the card draft, outline where the next card may go."""
    if view.phase not in ("place_treasure", "place_location") or view.options.layout != "draft":
        return
    for _, at in CELLS:
        if cell_is_free(view, at):
            c.glass.rounded_rectangle(
                _card_box(c, at), radius=c.w(4), outline=(255, 255, 255, 90), width=c.w(1)
            )


# --- keeping what the figures stand on readable ------------------------------------------------

Box = tuple[float, float, float, float]  # final pixels: left, top, right, bottom
FIGURE_EXTRA_PX = 5.0  # the white halo (2 px) and the drop shadow (2, 3) around a base


class Disc(NamedTuple):
    x: float
    y: float
    r: float


class CardLabel(NamedTuple):
    """A small copy of a card's face, drawn clear of the figures standing on that card."""

    words: str
    kind: str  # "club", "back", "spent" or "stone": the card's own colours
    box: Box


def final_px(at: Point) -> tuple[float, float]:
    """The final-image pixel of a table point."""
    x, y = Canvas.px(at.x, at.y)
    return x / SS, y / SS


def card_box(at: Point) -> Box:
    """A card's box in final pixels."""
    x, y = final_px(at)
    hw, hh = CARD_WIDTH_IN * PX_PER_IN / 2, CARD_HEIGHT_IN * PX_PER_IN / 2
    return (x - hw, y - hh, x + hw, y + hh)


def figure_discs(view: ArkenstoneView) -> list[Disc]:
    """The pixels each figure covers: its base to scale plus halo and shadow (final pixels)."""
    out = []
    for at, r_in in ((view.smaug, view.options.smaug_radius_in), (view.bilbo, view.options.bilbo_radius_in)):
        if at is not None:
            x, y = final_px(at)
            out.append(Disc(x, y, r_in * PX_PER_IN + FIGURE_EXTRA_PX))
    return out


def _hits_disc(box: Box, disc: Disc) -> bool:
    nx = min(max(disc.x, box[0]), box[2])
    ny = min(max(disc.y, box[1]), box[3])
    return math.hypot(disc.x - nx, disc.y - ny) < disc.r


def _on_table(box: Box) -> bool:
    return box[0] >= RULER and box[1] >= RULER and box[2] <= RULER + TABLE_PX and box[3] <= RULER + TABLE_PX


def _table_cards(view: ArkenstoneView) -> list[tuple[Point, str, str]]:
    """Every card on the table: where, its face as words, and its tile kind."""
    out = [(loc.at, text.card(loc.rank, "location"), "club") for loc in view.locations]
    for tr in view.treasures:
        if tr.removed:
            continue
        if not tr.face_up:
            out.append((tr.at, f"T{tr.label}", "back"))
        else:
            kind = "stone" if tr.rank == ARKENSTONE else "spent"
            out.append((tr.at, text.card(tr.rank or 1, "treasure"), kind))
    return out


LABEL_H = 15.0


def card_labels(view: ArkenstoneView) -> list[CardLabel]:
    """Issue 15 item 7: a figure standing on a card must not hide it. Figures stay exactly where
    they are (their bases are to scale and distances matter), so each card a figure touches gets
    a label with its face ("7♣", "T5", "A♦") in the first spot clear of every figure: a corner
    of the card, else just outside it."""
    discs = figure_discs(view)
    if not discs:
        return []
    out = []
    for at, words, kind in _table_cards(view):
        box = card_box(at)
        if not any(_hits_disc(box, d) for d in discs):
            continue
        w = font(11, bold=True).getlength(words) + 8
        h = LABEL_H
        x0, y0, x1, y1 = box
        cx = (x0 + x1) / 2
        spots = [
            (x0 + 1, y0 + 1),
            (x1 - 1 - w, y0 + 1),
            (x0 + 1, y1 - 1 - h),
            (x1 - 1 - w, y1 - 1 - h),
            (cx - w / 2, y0 - h - 2),
            (cx - w / 2, y1 + 2),
            (x0 - w - 2, (y0 + y1) / 2 - h / 2),
            (x1 + 2, (y0 + y1) / 2 - h / 2),
            (x0 - w - 2, y0 - h - 2),
            (x1 + 2, y0 - h - 2),
            (x0 - w - 2, y1 + 2),
            (x1 + 2, y1 + 2),
        ]
        for lx, ly in spots:
            spot = (lx, ly, lx + w, ly + h)
            if _on_table(spot) and not any(_hits_disc(spot, d) for d in discs):
                out.append(CardLabel(words, kind, spot))
                break
    return out


LABEL_STYLE = {
    "club": (CARD_FACE, INK_BLACK, CARD_EDGE),
    "back": (BACK, GOLD, (60, 14, 20)),
    "spent": (SPENT_FACE, (150, 70, 76), CARD_EDGE),
    "stone": (STONE_FACE, INK_RED, GOLD),
}


def _card_labels(c: Canvas, view: ArkenstoneView) -> list[CardLabel]:
    labels = card_labels(view)
    for label in labels:
        fill, ink, edge = LABEL_STYLE[label.kind]
        x0, y0, x1, y1 = (v * SS for v in label.box)
        c.draw.rounded_rectangle((x0, y0, x1, y1), radius=c.w(4), fill=fill, outline=edge, width=c.w(1))
        c.text(
            ((label.box[0] + label.box[2]) / 2, (label.box[1] + label.box[3]) / 2),
            label.words,
            11,
            ink,
            bold=True,
            anchor="mm",
        )
    return labels


# --- rings, paths, figures --------------------------------------------------------------------


def _ring(
    c: Canvas, at: Point, r_in: float, color: RGBA, *, width: float = 1.5, dash: float | None = None
) -> None:
    cx, cy = c.px(at.x, at.y)
    r = c.inch(r_in)
    box = (cx - r, cy - r, cx + r, cy + r)
    if dash is None:
        c.glass.ellipse(box, outline=color, width=c.w(width))
        return
    n = max(8, min(40, int(math.pi * r_in / dash)))
    for i in range(n):  # short chords: far cheaper than Pillow arcs and the same to the eye
        pts = [
            (cx + r * math.cos(a), cy + r * math.sin(a))
            for a in (2 * math.pi * i / n, 2 * math.pi * (i + 0.25) / n, 2 * math.pi * (i + 0.5) / n)
        ]
        c.glass.line(pts, fill=color, width=c.w(width))


def _sensed_rank(view: ArkenstoneView) -> int | None:
    """The J/Q/K Smaug just resolved (its range applies around where he stands), if any."""
    for event in reversed(view.recent):
        if isinstance(event, ev.SpecialEvent):
            return event.rank if event.seat == SMAUG and event.rank in (JACK, QUEEN, KING) else None
        if isinstance(event, ev.FigureMoved) and event.seat == SMAUG:
            return None
        if isinstance(event, ev.TurnStarted) and event.seat == SMAUG:
            return None
    return None


def _rings(c: Canvas, view: ArkenstoneView) -> None:
    o = view.options
    acting = view.phase in ("free_action", "action")
    if acting and view.smaug is not None and view.active == SMAUG:
        _reach(c, view.smaug, SMAUG_MOVE_IN, FIGURE_COLOR[SMAUG])  # first: the rings stay visible on top
    if view.smaug is not None:
        sensed = _sensed_rank(view)
        for rank, reach in SMAUG_EVENT_RANGE_IN.items():
            hot = rank == sensed
            color = (255, 120, 90, 230) if hot else (240, 130, 100, 95)
            _ring(c, view.smaug, o.smaug_radius_in + reach, color, width=2.5 if hot else 1, dash=0.5)
        _ring(c, view.smaug, o.smaug_radius_in + DISCOVER_REACH_IN, (255, 90, 70, 220), width=1.5, dash=0.35)
        for tag in sense_tags(view):  # small tags on the rings, where they hide no card
            x0, y0, x1, y1 = (v * SS for v in tag.box)
            c.glass.rounded_rectangle((x0, y0, x1, y1), radius=c.w(3), fill=(20, 40, 28, 210))
            c.glass.text(
                ((x0 + x1) / 2, (y0 + y1) / 2),
                tag.words,
                font=font(9 * SS),
                fill=(250, 170, 150, 255),
                anchor="mm",
            )
    if view.bilbo is not None:
        if acting and view.active == BILBO:
            _reach(c, view.bilbo, BILBO_MOVE_IN, FIGURE_COLOR[BILBO])
        _ring(c, view.bilbo, o.bilbo_radius_in + SEARCH_REACH_IN, (255, 222, 120, 240), width=1.5, dash=0.3)


TAG_ANGLES = (90, 60, 120, 30, 150, 0, 180, -30, -150, -60, -120, -90, 75, 105, 45, 135, -45, -135)
TAG_H = 12.0
TAG_GAP = 3.0  # final pixels kept clear around a tag


class SenseTag(NamedTuple):
    words: str
    box: Box


def sense_tags(view: ArkenstoneView) -> list[SenseTag]:
    """The J/Q/K range tags of Smaug's senses rings (AK-EVS-J/Q/K), each at the first point of its
    ring (top first) where it overlaps no card, no figure, no card label and no other tag (issue
    15 item 7); a ring with no such point goes without its tag (the legend names the ranges)."""
    if view.smaug is None:
        return []
    cx, cy = final_px(view.smaug)
    blocked = [card_box(at) for at, _, _ in _table_cards(view)] + [label.box for label in card_labels(view)]
    discs = figure_discs(view)
    out: list[SenseTag] = []
    for rank, reach in SMAUG_EVENT_RANGE_IN.items():
        words = f'{rank_text(rank)} {reach:g}"'
        w = max(30.0, font(9).getlength(words) + 8)
        r = (view.options.smaug_radius_in + reach) * PX_PER_IN
        for angle in TAG_ANGLES:
            a = math.radians(angle)
            x, y = cx + r * math.cos(a), cy - r * math.sin(a)
            box = (x - w / 2, y - TAG_H / 2, x + w / 2, y + TAG_H / 2)
            wide = (box[0] - TAG_GAP, box[1] - TAG_GAP, box[2] + TAG_GAP, box[3] + TAG_GAP)
            if (
                _on_table(wide)
                and not any(_boxes_meet(wide, b) for b in blocked)
                and not any(_hits_disc(wide, d) for d in discs)
            ):
                out.append(SenseTag(words, box))
                blocked.append(box)
                break
    return out


def _boxes_meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _reach(c: Canvas, at: Point, r_in: float, color: Color) -> None:
    cx, cy = c.px(at.x, at.y)
    r = c.inch(r_in)
    c.glass.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=(*color, 34), outline=(*color, 170), width=c.w(1.5)
    )


def _path(c: Canvas, view: ArkenstoneView) -> None:
    move = view.last_move
    if move is None:
        return
    color = FIGURE_COLOR[move.seat]
    ax, ay = c.px(move.start.x, move.start.y)
    bx, by = c.px(move.end.x, move.end.y)
    length = math.hypot(bx - ax, by - ay)
    if length < c.s(2):
        return
    r = c.inch(radius(view.options, move.seat))
    c.glass.ellipse((ax - r, ay - r, ax + r, ay + r), outline=(*color, 160), width=c.w(1.5))
    ux, uy = (bx - ax) / length, (by - ay) / length
    tip = (bx - ux * r, by - uy * r)
    if move.forced:
        n = max(2, int(length / c.s(10)))
        for i in range(n):
            if i % 2 == 0:
                s0, s1 = i / n, min(1.0, (i + 1) / n)
                c.glass.line(
                    (
                        ax + (tip[0] - ax) * s0,
                        ay + (tip[1] - ay) * s0,
                        ax + (tip[0] - ax) * s1,
                        ay + (tip[1] - ay) * s1,
                    ),
                    fill=(*color, 230),
                    width=c.w(2.5),
                )
    else:
        c.glass.line((ax, ay, tip[0], tip[1]), fill=(*color, 230), width=c.w(3))
    head = c.s(10)
    left = (tip[0] - ux * head - uy * head * 0.55, tip[1] - uy * head + ux * head * 0.55)
    right = (tip[0] - ux * head + uy * head * 0.55, tip[1] - uy * head - ux * head * 0.55)
    c.glass.polygon([tip, left, right], fill=(*color, 240))


def _figure(c: Canvas, at: Point, r_in: float, color: Color, letter: str, ink: Color) -> None:
    """A figure's round base to scale, with a drop shadow and its initial (on the top layer)."""
    cx, cy = c.px(at.x, at.y)
    r = c.inch(r_in)
    c.glass.ellipse((cx - r + c.s(2), cy - r + c.s(3), cx + r + c.s(2), cy + r + c.s(3)), fill=(0, 0, 0, 120))
    halo = c.s(2)
    c.glass.ellipse((cx - r - halo, cy - r - halo, cx + r + halo, cy + r + halo), fill=(250, 250, 250, 255))
    c.glass.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=(*color, 255), outline=(20, 20, 24, 255), width=c.w(1.5)
    )
    size = max(9, round(r_in * PX_PER_IN * 1.15))
    c.glass.text((cx, cy), letter, font=font(size * SS, bold=True), fill=(*ink, 255), anchor="mm")


def _figures(c: Canvas, view: ArkenstoneView) -> None:
    o = view.options
    if view.smaug is not None:
        _figure(c, view.smaug, o.smaug_radius_in, FIGURE_COLOR[SMAUG], "S", (255, 240, 230))
    if view.bilbo is not None:
        _figure(c, view.bilbo, o.bilbo_radius_in, FIGURE_COLOR[BILBO], "B", INK_BLACK)


BANNER_HALF = 46.0  # final pixels


def banner_box(view: ArkenstoneView) -> Box | None:
    """Where the game-over banner goes across the table: clear of both figures (issue 15 item 7),
    over as few cards as possible (the Arkenstone counts five), nearest the middle."""
    if view.winner is None:
        return None
    discs = figure_discs(view)
    cards = _table_cards(view)
    left, right = float(RULER), float(RULER + TABLE_PX)
    middle = RULER + TABLE_PX / 2
    best: tuple[float, float, Box] | None = None
    top = RULER
    while top + 2 * BANNER_HALF <= RULER + TABLE_PX:
        box = (left, float(top), right, top + 2 * BANNER_HALF)
        if not any(_hits_disc(box, d) for d in discs):
            hidden = sum(
                5 if kind == "stone" else 1
                for at, _, kind in cards
                if card_box(at)[1] < box[3] and box[1] < card_box(at)[3]
            )
            key = (hidden, abs(top + BANNER_HALF - middle))
            if best is None or key < best[:2]:
                best = (*key, box)
        top += 6
    if best is None:  # cannot happen with two figures on a table this size; keep the middle
        return (left, middle - BANNER_HALF, right, middle + BANNER_HALF)
    return best[2]


def _banner(c: Canvas, view: ArkenstoneView, lang: str) -> Box | None:
    box = banner_box(view)
    if box is None or view.winner is None:
        return None
    x0, y0, x1, y1 = box
    c.draw.rectangle((x0 * SS, y0 * SS, x1 * SS, y1 * SS), fill=(16, 18, 22))
    cx, mid = (x0 + x1) / 2, (y0 + y1) / 2
    c.text(
        (cx, mid - 12),
        t(lang, "arkenstone.img.winner", figure=text.figure(lang, view.winner)),
        30,
        FIGURE_COLOR[view.winner],
        bold=True,
        anchor="mm",
    )
    c.text((cx, mid + 22), text.phase_line(view, lang), 16, TEXT, anchor="mm")
    return box


# --- the side panel ---------------------------------------------------------------------------


def _wrap(words: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    fnt = font(size, bold=bold)
    lines: list[str] = []
    line = ""
    for word in words.split():
        trial = f"{line} {word}".strip()
        if fnt.getlength(trial) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _panel_card(c: Canvas, x: float, y: float, w: float, label: str, *, red: bool) -> None:
    """A card drawn in the panel at final-pixel coordinates (top-left x, y; width w; ratio 5:7)."""
    h = w * 1.4
    c.draw.rounded_rectangle(
        (x * SS, y * SS, (x + w) * SS, (y + h) * SS),
        radius=c.w(5),
        fill=CARD_FACE,
        outline=CARD_EDGE,
        width=c.w(1),
    )
    ink = INK_RED if red else INK_BLACK
    c.text((x + w / 2, y + h * 0.42), label[:-1], round(w * 0.42), ink, bold=True, anchor="mm")
    c.text((x + w / 2, y + h * 0.75), label[-1], round(w * 0.32), ink, anchor="mm")


def _last_turned(view: ArkenstoneView) -> ev.CardsTurned | None:
    """The pair turned last (AK-TRN-5): it stays in the panel until the next pair replaces it,
    across the change of turn (issue 15 item 7)."""
    return view.last_turned


def _panel(c: Canvas, view: ArkenstoneView, lang: str) -> None:
    x0 = RULER + TABLE_PX + RULER
    c.draw.rectangle((x0 * SS, 0, WIDTH * SS, HEIGHT * SS), fill=PANEL)
    c.draw.line((x0 * SS, 0, x0 * SS, HEIGHT * SS), fill=PANEL_EDGE, width=c.w(2))
    x, width = x0 + 18, PANEL_W - 36
    y = 16.0
    title = t(lang, "arkenstone.name")
    size = 19
    while size > 12 and font(size, bold=True).getlength(title) > width:
        size -= 1
    c.text((x, y), title, size, GOLD, bold=True)
    y += 32
    if view.turn:
        turn = t(lang, "arkenstone.img.turn", turn=view.turn)
        c.text((x, y), turn, 16, TEXT, bold=True)
        dot = x + font(16, bold=True).getlength(turn) + 12
        c.draw.ellipse(
            (dot * SS, (y + 2) * SS, (dot + 14) * SS, (y + 16) * SS), fill=FIGURE_COLOR[view.active]
        )
        c.text((dot + 20, y), text.figure(lang, view.active), 16, FIGURE_COLOR[view.active], bold=True)
    else:
        c.text((x, y), t(lang, "arkenstone.img.setup"), 16, TEXT, bold=True)
    y += 26
    for line in _wrap(text.phase_line(view, lang), 14, width):
        c.text((x, y), line, 14, MUTED)
        y += 19
    y += 8
    if view.turn == 0:
        y = _setup_block(c, view, lang, x, y)
    else:
        y = _cards_block(c, view, lang, x, y, width)
    y += 6
    down = sum(1 for tr in view.treasures if not tr.face_up)
    gone = sum(1 for tr in view.treasures if tr.removed)
    up = len(view.treasures) - down - gone
    for line in _wrap(t(lang, "arkenstone.img.treasure", down=down, up=up, gone=gone), 13, width):
        c.text((x, y), line, 13, TEXT)
        y += 18
    y += 10
    c.draw.line((x * SS, y * SS, (x + width) * SS, y * SS), fill=PANEL_EDGE, width=c.w(1))
    y += 8
    c.text((x, y), t(lang, "arkenstone.img.log"), 13, GOLD, bold=True)
    y += 20
    _log(c, view, lang, x, y, width, bottom=HEIGHT - 128)
    _legend(c, lang, x, HEIGHT - 112, width)


def _setup_block(c: Canvas, view: ArkenstoneView, lang: str, x: float, y: float) -> float:
    left = 13 - len(view.locations) - (1 if view.next_location is not None else 0)
    line = t(
        lang,
        "arkenstone.img.to_place",
        treasure=view.treasures_to_place,
        location=max(0, left + (1 if view.next_location else 0)),
    )
    c.text((x, y), line, 13, TEXT)
    y += 24
    if view.next_location is not None:
        c.text((x, y), t(lang, "arkenstone.img.next_location"), 13, MUTED)
        _panel_card(c, x + 170, y - 4, 48, text.card(view.next_location, "location"), red=False)
        y += 74
    return y


def _cards_block(c: Canvas, view: ArkenstoneView, lang: str, x: float, y: float, width: float) -> float:
    c.text((x, y), t(lang, "arkenstone.img.reference"), 13, MUTED)
    c.text((x + 110, y), t(lang, "arkenstone.img.guess"), 13, MUTED)
    y += 20
    if view.reference is not None:
        _panel_card(c, x, y, 70, text.card(view.reference, view.active), red=view.active == BILBO)
    if view.guess is None:
        c.text((x + 110, y + 30), t(lang, "arkenstone.img.no_guess"), 15, MUTED)
    else:
        arrow = "▲" if view.guess else "▼"
        word = t(lang, "arkenstone.guess.higher" if view.guess else "arkenstone.guess.lower")
        c.text((x + 110, y + 22), f"{arrow} {word}", 20, GOLD, bold=True)
    y += 108
    turned = _last_turned(view)
    if turned is not None:
        c.text((x, y), t(lang, "arkenstone.img.last_turned"), 13, MUTED)
        y += 20
        rival = SMAUG if turned.seat == BILBO else BILBO
        _panel_card(c, x, y, 44, text.card(turned.rank, turned.seat), red=turned.seat == BILBO)
        c.text((x + 52, y + 8), text.figure(lang, turned.seat), 13, FIGURE_COLOR[turned.seat], bold=True)
        c.text(
            (x + 52, y + 28),
            "✓" if turned.correct else "✗",
            18,
            RIGHT if turned.correct else WRONG,
            bold=True,
        )
        _panel_card(c, x + 150, y, 44, text.card(turned.other_rank, rival), red=rival == BILBO)
        c.text((x + 202, y + 8), text.figure(lang, rival), 13, FIGURE_COLOR[rival], bold=True)
        y += 70
    if view.last_contest is not None:
        contest = view.last_contest
        c.text((x, y), t(lang, "arkenstone.img.contest"), 13, MUTED)
        y += 19
        result = t(lang, "arkenstone.img.contest_won" if contest.smaug_won else "arkenstone.img.contest_lost")
        line = (
            f"{text.card(contest.smaug_rank, SMAUG)}  vs  {text.card(contest.bilbo_rank, BILBO)}   {result}"
        )
        c.text((x, y), line, 14, WRONG if contest.smaug_won else RIGHT, bold=True)
        y += 24
    return y


def _log(
    c: Canvas, view: ArkenstoneView, lang: str, x: float, y: float, width: float, *, bottom: float
) -> None:
    lines: list[list[str]] = []
    for event in view.recent:
        said = text.narrate(event, lang)
        if said:
            lines.append(_wrap(said, 12, int(width)))
    shown: list[list[str]] = []
    room = (bottom - y) // 16
    for entry in reversed(lines):  # newest last, keep as many recent ones as fit
        if sum(len(e) for e in shown) + len(entry) > room:
            break
        shown.insert(0, entry)
    for i, entry in enumerate(shown):
        shade = TEXT if i == len(shown) - 1 else MUTED
        for line in entry:
            c.text((x, y), line, 12, shade)
            y += 16
        y += 2


def _legend(c: Canvas, lang: str, x: float, y: float, width: float) -> None:
    c.draw.line((x * SS, (y - 8) * SS, (x + width) * SS, (y - 8) * SS), fill=PANEL_EDGE, width=c.w(1))
    rows: Iterable[tuple[str, Color, bool]] = (
        ("arkenstone.img.legend_move", (200, 200, 210), False),
        ("arkenstone.img.legend_search", (255, 222, 120), True),
        ("arkenstone.img.legend_senses", (240, 130, 100), True),
        ("arkenstone.img.legend_path", FIGURE_COLOR[BILBO], False),
    )
    for key, color, dashed in rows:
        cy = y + 9
        if dashed:
            for k in range(3):
                c.draw.line(
                    ((x + k * 8) * SS, cy * SS, (x + k * 8 + 4) * SS, cy * SS), fill=color, width=c.w(2)
                )
        else:
            c.draw.line((x * SS, cy * SS, (x + 20) * SS, cy * SS), fill=color, width=c.w(2))
        label = _wrap(t(lang, key), 11, int(width - 30))[0]
        c.text((x + 30, y + 2), label, 11, MUTED)
        y += 24


# --- entry point -----------------------------------------------------------------------------


@cache
def _base() -> Image.Image:
    """The table, its grid and rulers: the same in every image, drawn once."""
    c = Canvas()
    _table(c)
    return c.image


def board_png(view: ArkenstoneView, lang: str) -> bytes:
    """The whole public image for a view."""
    return _drawn(view, lang).flatten()


def board_image(view: ArkenstoneView, lang: str) -> Image.Image:
    """`board_png`'s picture at its final size, before it is encoded (a close-up is cut from it)."""
    return _drawn(view, lang).image.reduce(SS)


def _drawn(view: ArkenstoneView, lang: str) -> Canvas:
    c = Canvas(_base().copy())
    c.text(
        (RULER / 2, RULER + TABLE_PX + RULER / 2 + 4), t(lang, "arkenstone.img.inches"), 9, MUTED, anchor="mm"
    )
    _free_cells(c, view)
    _cards(c, view)
    _rings(c, view)
    _path(c, view)
    _figures(c, view)
    c.compose()
    _card_labels(c, view)
    _banner(c, view, lang)
    _panel(c, view, lang)
    return c
