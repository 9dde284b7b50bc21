"""Drawing primitives for Canyon of Death images: cards, dice, ships, text. Pillow only."""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from engine.core.cards import RANK_NAME, SUIT_SYMBOL, Suit
from renderers.fonts import font
from renderers.palette import DEFAULT, colour, current, use

Color = tuple[int, int, int]
Box = tuple[int, int, int, int]

BG: Color = (27, 29, 35)
PANEL: Color = (42, 45, 54)
PANEL_EDGE: Color = (62, 66, 78)
TEXT: Color = (236, 236, 241)
MUTED: Color = (158, 162, 176)
GOLD: Color = (245, 196, 72)
GOOD: Color = (92, 184, 92)
CARD_FACE: Color = (250, 248, 240)
CARD_EDGE: Color = (70, 70, 76)
INK_RED: Color = (196, 28, 40)
INK_BLACK: Color = (24, 24, 30)
BACK: Color = (42, 64, 122)
BACK_LINE: Color = (64, 92, 158)
CROSS: Color = (220, 40, 40)
RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)


def rank_text(rank: int) -> str:
    return RANK_NAME.get(rank, str(rank))


def text_size(text: str, fnt: ImageFont.FreeTypeFont) -> tuple[int, int]:
    left, top, right, bottom = fnt.getbbox(text)
    return int(right - left), int(bottom - top)


def text_at(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: Color,
    anchor: str = "la",
) -> None:
    draw.text(xy, text, font=fnt, fill=fill, anchor=anchor)


def shrunk(
    text: str, size: int, width: float, *, bold: bool = True, smallest: int = 9
) -> ImageFont.FreeTypeFont:
    """The largest font from `size` down to `smallest` in which `text` fits `width` pixels (a word
    is never cut: a longer translation is drawn smaller; issue 27 item 8)."""
    for points in range(size, smallest - 1, -1):
        fnt = font(points, bold=bold)
        if fnt.getlength(text) <= width:
            return fnt
    return font(smallest, bold=bold)


def fit(text: str, fnt: ImageFont.FreeTypeFont, width: int) -> str:
    """Cut `text` with an ellipsis so it fits `width` pixels."""
    if fnt.getlength(text) <= width:
        return text
    while text and fnt.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


# --- cards ---------------------------------------------------------------------------------------


def card_face(
    draw: ImageDraw.ImageDraw, box: Box, rank: int, suit: Suit, *, dim: bool = False, cross: bool = False
) -> None:
    """A face-up card: big rank and suit; corner index when there is room.

    `dim` greys it out; `cross` strikes it through under the ink, so the value stays readable.
    """
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    radius = max(3, w // 9)
    face = (200, 198, 192) if dim else CARD_FACE
    draw.rounded_rectangle(box, radius=radius, fill=face, outline=CARD_EDGE, width=1)
    if cross:
        crossed(draw, box)
    ink = INK_RED if suit in RED_SUITS else INK_BLACK
    if dim:
        ink = tuple(int(c * 0.8 + 30) for c in ink)  # type: ignore[assignment]
    label, symbol = rank_text(rank), SUIT_SYMBOL[suit]
    if w >= 44:
        corner = font(max(10, w // 5), bold=True)
        text_at(draw, (x0 + 4, y0 + 3), label, corner, ink)
        text_at(
            draw,
            (x0 + 4 + corner.getlength(label) / 2, y0 + 4 + corner.size),
            symbol,
            font(max(9, w // 6)),
            ink,
            "ma",
        )
        big = font(int(w * 0.42), bold=True)
        text_at(draw, ((x0 + x1) / 2 + w * 0.05, y0 + h * 0.55), label, big, ink, "mm")
        text_at(draw, ((x0 + x1) / 2 + w * 0.05, y0 + h * 0.83), symbol, font(int(w * 0.3)), ink, "mm")
    else:
        text_at(
            draw, ((x0 + x1) / 2, y0 + h * 0.38), label, font(max(9, int(w * 0.42)), bold=True), ink, "mm"
        )
        text_at(draw, ((x0 + x1) / 2, y0 + h * 0.74), symbol, font(max(8, int(w * 0.36))), ink, "mm")


def card_back(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A face-down card: hatched blue back with a gold frame."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    radius = max(3, w // 9)
    draw.rounded_rectangle(box, radius=radius, fill=BACK, outline=(20, 24, 40), width=1)
    inset = max(2, w // 10)
    ax, ay, bx, by = x0 + inset, y0 + inset, x1 - inset, y1 - inset
    step = max(5, w // 6)
    # 45-degree hatch clipped to the inner frame: points with x - y = c.
    for c in range(ax - by, bx - ay + 1, step):
        sx, sy = max(ax, ay + c), max(ay, ax - c)
        ex, ey = min(bx, by + c), min(by, bx - c)
        if sx <= ex:
            draw.line([(sx, sy), (ex, ey)], fill=BACK_LINE, width=1)
    draw.rectangle((ax, ay, bx, by), outline=GOLD, width=1)


def crossed(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """Cross out a card (a fork route not taken)."""
    x0, y0, x1, y1 = box
    pad = 4
    for a, b in (((x0 + pad, y0 + pad), (x1 - pad, y1 - pad)), ((x1 - pad, y0 + pad), (x0 + pad, y1 - pad))):
        draw.line([a, b], fill=CROSS, width=3)


def empty_slot(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """Where a card would be: a dashed outline."""
    x0, y0, x1, y1 = box
    for x in range(x0, x1, 8):
        draw.line([(x, y0), (min(x + 4, x1), y0)], fill=MUTED)
        draw.line([(x, y1), (min(x + 4, x1), y1)], fill=MUTED)
    for y in range(y0, y1, 8):
        draw.line([(x0, y), (x0, min(y + 4, y1))], fill=MUTED)
        draw.line([(x1, y), (x1, min(y + 4, y1))], fill=MUTED)


# --- dice ----------------------------------------------------------------------------------------

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def die(
    draw: ImageDraw.ImageDraw,
    center: tuple[float, float],
    size: int,
    value: int,
    *,
    fill: Color = (248, 248, 248),
    pip: Color = INK_BLACK,
    edge: Color = (40, 40, 40),
    bold: bool = False,
) -> None:
    """A D6 showing `value` with pips; `bold`: a thick frame (a die that scored, told apart by its
    frame's weight as well as its colour)."""
    cx, cy = center
    x0, y0 = cx - size / 2, cy - size / 2
    draw.rounded_rectangle(
        (x0, y0, x0 + size, y0 + size),
        radius=max(3, size // 6),
        fill=fill,
        outline=edge,
        width=max(3, size // 8) if bold else max(1, size // 20),
    )
    r = max(1.5, size * 0.09)
    for px, py in PIPS.get(value, []):
        x, y = x0 + px * size, y0 + py * size
        draw.ellipse((x - r, y - r, x + r, y + r), fill=pip)


# --- ships ---------------------------------------------------------------------------------------

# Silhouettes pointing along +x in a unit square centred on 0 (x forward, y to the right wing).
STORMTALON = {
    "body": [
        (0.48, 0),
        (0.3, -0.09),
        (-0.38, -0.11),
        (-0.48, -0.06),
        (-0.48, 0.06),
        (-0.38, 0.11),
        (0.3, 0.09),
    ],
    "wings": [
        (0.12, -0.09),
        (-0.14, -0.46),
        (-0.3, -0.46),
        (-0.22, -0.09),
        (-0.22, 0.09),
        (-0.3, 0.46),
        (-0.14, 0.46),
        (0.12, 0.09),
    ],
    "tail": [
        (-0.3, -0.1),
        (-0.46, -0.24),
        (-0.5, -0.24),
        (-0.44, 0),
        (-0.5, 0.24),
        (-0.46, 0.24),
        (-0.3, 0.1),
    ],
    "canopy": [(0.34, 0), (0.22, -0.05), (0.1, -0.05), (0.1, 0.05), (0.22, 0.05)],
}
DAKKAJET = {
    "body": [(0.46, 0), (0.34, -0.1), (-0.4, -0.12), (-0.5, -0.05), (-0.5, 0.05), (-0.4, 0.12), (0.34, 0.1)],
    "wings": [
        (-0.02, -0.1),
        (0.18, -0.44),
        (0.04, -0.48),
        (-0.26, -0.12),
        (-0.26, 0.12),
        (0.04, 0.48),
        (0.18, 0.44),
        (-0.02, 0.1),
    ],
    "tail": [
        (-0.32, -0.1),
        (-0.5, -0.3),
        (-0.52, -0.16),
        (-0.44, 0),
        (-0.52, 0.16),
        (-0.5, 0.3),
        (-0.32, 0.1),
    ],
    "canopy": [(0.46, 0), (0.34, -0.1), (0.3, 0), (0.34, 0.1)],
}
SHIP_STYLE = {  # the shape and the accent; the body and its edge are the palette's ("canyon/<seat>.body")
    "marine": (STORMTALON, (190, 210, 236)),
    "ork": (DAKKAJET, (250, 210, 60)),
}


def ship_sprite(seat: str, angle: int, length: int) -> Image.Image:
    """An antialiased ship icon heading `angle` degrees (0 = east, counter-clockwise), `length` px, in
    the palette in force."""
    return _ship_sprite(seat, angle, length, current())


@cache
def _ship_sprite(seat: str, angle: int, length: int, palette: str) -> Image.Image:
    shape, accent = SHIP_STYLE[seat]
    with use(palette):
        body, edge = colour(f"canyon/{seat}.body"), colour(f"canyon/{seat}.edge")
    scale = 4
    side = length * scale
    big = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)

    def pts(poly: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(side / 2 + x * side * 0.92, side / 2 + y * side * 0.92) for x, y in poly]

    shadow = [(x + 0.04, y + 0.05) for x, y in shape["wings"]]
    d.polygon(pts(shadow), fill=(0, 0, 0, 90))
    for part in ("wings", "tail", "body"):
        d.polygon(pts(shape[part]), fill=body + (255,), outline=edge + (255,), width=scale * 2)
    d.polygon(pts(shape["canopy"]), fill=accent + (255,))
    if seat == "ork":  # the Dakkajet's teeth and wing checks
        for i in range(3):
            x = 0.3 - i * 0.07
            d.polygon(pts([(x, -0.09), (x - 0.035, 0), (x - 0.07, -0.09)]), fill=(250, 250, 240, 255))
        d.line(pts([(0.1, -0.3), (-0.12, -0.12)]), fill=accent + (255,), width=scale * 3)
        d.line(pts([(0.1, 0.3), (-0.12, 0.12)]), fill=accent + (255,), width=scale * 3)
    else:  # the Stormtalon's aquila stripe
        d.line(pts([(-0.05, -0.3), (-0.05, 0.3)]), fill=accent + (255,), width=scale * 2)
    # Pillow rotates counter-clockwise; the image y axis points down, so negate for screen angles.
    turned = big.rotate(angle, resample=Image.Resampling.BICUBIC)
    return turned.resize((length, length), Image.Resampling.LANCZOS)


def sprite_box(seat: str, heading: float, length: int) -> Box:
    """The box, inside a ship's `length`-pixel sprite square, of the pixels that show."""
    return _sprite_box(seat, _angle(heading), length)


@cache
def _sprite_box(seat: str, angle: int, length: int) -> Box:  # the same shape in every palette
    box = _ship_sprite(seat, angle, length, DEFAULT).getchannel("A").getbbox()  # every pixel with any alpha
    return box or (0, 0, length, length)


def _angle(heading: float) -> int:
    # Pillow rotates counter-clockwise; the image y axis points down, so negate for screen angles.
    return int(round(-math.degrees(heading))) % 360


def paste_ship(img: Image.Image, seat: str, center: tuple[float, float], heading: float, length: int) -> None:
    """Draw a ship centred at `center`, heading `heading` radians in screen coordinates."""
    sprite = ship_sprite(seat, _angle(heading), length)
    x, y = int(round(center[0] - length / 2)), int(round(center[1] - length / 2))
    img.paste(sprite, (x, y), sprite)
