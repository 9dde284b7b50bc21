"""A Marine's move or turn previewed before it is spent (issue 26 item 5): drawn on the seat's own
image (the path, a ghost of the model where it ends with its final facing, the price beside it)
and said in words (the panel's note and the image's description). What is previewed is the engine's
pure `engine.spacehulk.preview.preview` of the seat's view and the chosen action.
"""

from __future__ import annotations

import io

from PIL import ImageDraw

from engine.core import Action
from engine.spacehulk.board import VECTORS
from engine.spacehulk.board.mapfile import parse_cached
from engine.spacehulk.preview import MovePreview, preview
from engine.spacehulk.view import SpaceHulkView
from renderers.fonts import font
from renderers.i18n import t

from . import board, text

PATH: board.Color = (120, 235, 140)
GHOST: board.Color = (40, 104, 214)


def preview_text(view: SpaceHulkView, action: Action, lang: str) -> str | None:
    """The previewed move or turn in words ("M1 steps D7 → D6, ends facing north: 1 AP"), or None."""
    p = preview(view, action)
    if p is None:
        return None
    return describe(p, lang)


def describe(p: MovePreview, lang: str) -> str:
    price = t(lang, "spacehulk.price", cost=p.cost, pay=p.pay)
    if p.turn:
        return t(
            lang,
            "spacehulk.preview.turn",
            model=text.model(p.model),
            square=text.sq(p.path[0]),
            facing=text.facing(lang, p.facing),
            price=price,
        )
    return t(
        lang,
        "spacehulk.preview.move",
        model=text.model(p.model),
        path=" → ".join(text.sq(s) for s in p.path),
        facing=text.facing(lang, p.facing),
        price=price,
    )


def preview_png(view: SpaceHulkView, action: Action, lang: str) -> bytes | None:
    """The seat's image with the previewed move drawn on it, or None when there is nothing to preview."""
    p = preview(view, action)
    if p is None:
        return None
    img = board.render(view, lang, p.model)
    frame = board.frame_for(parse_cached(view.map_text))
    draw = ImageDraw.Draw(img)
    centres = [frame.centre(s) for s in p.path]
    width = max(3, frame.cell // 6)
    if len(centres) > 1:
        draw.line(centres, fill=PATH, width=width)
    end = p.path[-1]
    x0, y0, x1, y1 = frame.box(end, inset=max(2, frame.cell // 10))
    draw.ellipse((x0, y0, x1, y1), outline=PATH, width=width)
    cx, cy = centres[-1]
    r = (x1 - x0) / 2
    dx, dy = VECTORS[p.facing]
    tip = (cx + dx * r * 1.6, cy + dy * r * 1.6)
    w = r * 0.55
    back = (cx + dx * r * 0.8, cy + dy * r * 0.8)
    draw.polygon(
        [tip, (back[0] - dy * w, back[1] + dx * w), (back[0] + dy * w, back[1] - dx * w)],
        fill=PATH,
        outline=(20, 20, 20),
    )
    price = t(lang, "spacehulk.price", cost=p.cost, pay=p.pay)
    bx, by = frame.box(end)[2] + 4, frame.box(end)[1]
    size = max(11, frame.cell // 3)
    tw = font(size, bold=True).getlength(price)
    draw.rectangle((bx - 2, by - 2, bx + tw + 4, by + size + 4), fill=(20, 20, 20), outline=PATH)
    board.put(img, (bx + 1, by + 1), price, size, bold=True, fill=PATH)
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=1)
    return out.getvalue()
