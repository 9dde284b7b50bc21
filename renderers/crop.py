"""A zoomed crop of a board around the acting piece, with its legal targets lettered (issue 27 item 2,
issue 29 item 4): the part of a game's picture a phone can read, and the letters its buttons name.

Pure: a board picture (Pillow image) and pixel positions in, a picture out. A game's presenter
chooses the window and draws its own marks (a range, a scale bar) through `Zoom.xy`; `draw_letters`
then puts each target's letter in a badge (dark letter on a light badge with a dark rim, so it
reads on any ground; its shape tells the kind: a circle for a move, a diamond for an attack, a
square for anything else), placed by renderers/labels.py so that no two badges overlap and none
hides a target or the piece; a badge moved out is joined to its target by a leader line.
Colours come from the game's own palette (`ink`, `paper`), never new ones here.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import labels
from .base import TargetKind
from .fonts import font

XY = tuple[float, float]
Paint = tuple[int, ...]

BADGE = 34  # a one-letter badge is this many pixels across
LETTER_SIZE = 22
MARK_R = 6.0  # the ring drawn on a target's point


@dataclass(frozen=True)
class Zoom:
    """A window of a source picture scaled up: `xy` maps a source pixel to the zoomed picture."""

    image: Image.Image
    left: float
    top: float
    scale: float

    def xy(self, x: float, y: float) -> XY:
        return ((x - self.left) * self.scale, (y - self.top) * self.scale)


def zoom(source: Image.Image, window: tuple[float, float, float, float], longest: int) -> Zoom:
    """The `window` (x0, y0, x1, y1 in source pixels, kept inside the picture) scaled so that its
    longer side is `longest` pixels."""
    x0, y0 = max(0.0, window[0]), max(0.0, window[1])
    x1, y1 = min(float(source.width), window[2]), min(float(source.height), window[3])
    x1, y1 = max(x1, x0 + 1), max(y1, y0 + 1)
    scale = longest / max(x1 - x0, y1 - y0)
    size = (max(1, round((x1 - x0) * scale)), max(1, round((y1 - y0) * scale)))
    box = (round(x0), round(y0), round(x1), round(y1))
    image = source.crop(box).resize(size, Image.Resampling.BICUBIC)
    return Zoom(image.convert("RGBA"), box[0], box[1], size[0] / max(1, box[2] - box[0]))


def _badge_size(letter: str) -> XY:
    width = max(BADGE, font(LETTER_SIZE, bold=True).getlength(letter) + 12)
    return (float(width), float(BADGE))


def _badge(draw: ImageDraw.ImageDraw, box: labels.Box, kind: TargetKind, ink: Paint, paper: Paint) -> None:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if kind == "move":
        draw.ellipse(box, fill=paper, outline=ink, width=3)
    elif kind == "attack":
        w, h = (x1 - x0) / 2 + 3, (y1 - y0) / 2 + 3
        draw.polygon(
            [(cx, cy - h), (cx + w, cy), (cx, cy + h), (cx - w, cy)], fill=paper, outline=ink, width=3
        )
    else:
        draw.rectangle(box, fill=paper, outline=ink, width=3)


def draw_letters(
    zoomed: Zoom,
    marks: Sequence[tuple[str, XY, TargetKind]],
    keep_clear: Sequence[labels.Piece],
    ink: Paint,
    paper: Paint,
    taken: Sequence[labels.Box] = (),
) -> None:
    """Each target's letter in its badge (`marks`: letter, source pixel, kind), its point ringed, a
    leader line when the badge stands away; no badge covers a disc of `keep_clear` (zoomed pixels:
    the acting piece, the other pieces in sight, the targets' own figures) nor a box `taken` (the
    ruler's caption)."""
    img = zoomed.image
    draw = ImageDraw.Draw(img)
    points = [zoomed.xy(*at) for _, at, _ in marks]
    pieces = [labels.Piece(x, y, MARK_R) for x, y in points]
    sizes = [_badge_size(letter) for letter, _, _ in marks]
    bounds = (2.0, 2.0, img.width - 2.0, img.height - 2.0)
    placed = labels.place(pieces, sizes, bounds, keep_clear, taken)
    for (x, y), spot in zip(points, placed, strict=True):  # the rings and lines first, under every badge
        draw.ellipse((x - MARK_R, y - MARK_R, x + MARK_R, y + MARK_R), outline=ink, width=4)
        draw.ellipse((x - MARK_R + 2, y - MARK_R + 2, x + MARK_R - 2, y + MARK_R - 2), outline=paper, width=2)
        if spot.line is not None:
            draw.line((*spot.line[0], *spot.line[1]), fill=ink, width=4)
            draw.line((*spot.line[0], *spot.line[1]), fill=paper, width=2)
    face = font(LETTER_SIZE, bold=True)
    for (letter, _, kind), spot in zip(marks, placed, strict=True):
        _badge(draw, spot.box, kind, ink, paper)
        x0, y0, x1, y1 = spot.box
        draw.text(((x0 + x1) / 2, (y0 + y1) / 2), letter, font=face, fill=ink, anchor="mm")


def scale_bar(
    zoomed: Zoom,
    px_per_unit: float,
    length: int,
    words: str,
    ink: Paint,
    paper: Paint,
    note: str | None = None,
    avoid: Sequence[XY] = (),
) -> labels.Box:
    """A ruler of `length` units (source `px_per_unit` pixels each), a tick per unit, with its
    caption (`words`: "5 cm") and a line above it (`note`: what a ring means), in the corner that
    hides fewest of the points to `avoid` (source pixels: the targets), bottom left first. Its box,
    for the letters to keep clear of."""
    img = zoomed.image
    draw = ImageDraw.Draw(img)
    step = px_per_unit * zoomed.scale
    caption = font(13, bold=True)
    width = max(step * length, caption.getlength(words), caption.getlength(note) if note else 0.0) + 12
    height = 50.0 if note else 32.0
    corners = [
        (6.0, img.height - 6 - height),
        (img.width - 6 - width, img.height - 6 - height),
        (6.0, 6.0),
        (img.width - 6 - width, 6.0),
    ]
    points = [zoomed.xy(*at) for at in avoid]

    def hidden(corner: XY) -> int:
        x, y = corner
        return sum(1 for px, py in points if x - 8 <= px <= x + width + 8 and y - 8 <= py <= y + height + 8)

    left, top = min(corners, key=hidden)  # the first of the least covering corners
    box = (left, top, left + width, top + height)
    draw.rectangle(box, fill=paper)
    x0, y = left + 6, top + height - 8
    draw.line((x0, y, x0 + step * length, y), fill=ink, width=3)
    for n in range(length + 1):
        tall = 8 if n in (0, length) else 4
        draw.line((x0 + n * step, y - tall, x0 + n * step, y), fill=ink, width=2)
    draw.text((x0, y - 10), words, font=caption, fill=ink, anchor="lb")
    if note:
        draw.text((x0, y - 28), note, font=caption, fill=ink, anchor="lb")
    return box


def png(zoomed: Zoom) -> bytes:
    out = io.BytesIO()
    zoomed.image.convert("RGB").save(out, format="PNG", compress_level=3)
    return out.getvalue()
