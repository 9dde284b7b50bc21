"""A ClickWars ruling drawn on the seat's own view of the table (issue 29 item 5, `/why`): the sight
line (green when clear, red when blocked, with a cross where it is blocked and the blocker named and
ringed), the ruler along a move's path with its length in cm, a charge's corridor (the band its base
sweeps along the 30 cm line, §8.4), and the difficult ground it crossed outlined. Everything else is the seat's board as `board_png` draws it (terrain, figures, panel).

Pure: a view and the engine's ruling in, PNG bytes out. The ruling names only what the table shows
(after the reveal nothing is hidden in ClickWars; a ruling is read from the seat's own events).
"""

from __future__ import annotations

import io
import json

from PIL import Image, ImageDraw

from engine.clickwars import ClickWarsView
from engine.core import Ruling
from renderers.fonts import font
from renderers.i18n import t
from renderers.palette import current

from . import board, text

CLEAR = (90, 230, 110)
BLOCKED = (240, 60, 60)
RULER = (255, 214, 64)
GROUND = (255, 150, 40)
CORRIDOR = (255, 214, 64, 90)


def why_png(view: ClickWarsView, ruling: Ruling, lang: str) -> bytes:
    """The seat's view with the ruling drawn on it: ground crossed, then figures, then the ruler and
    the sight line on top, and the usual side panel."""
    w, h = view.options.width, view.options.height
    terrain_json = json.dumps([a.model_dump(mode="json") for a in view.terrain], sort_keys=True)
    img = board._base(terrain_json, w, h, view.south, lang, current()).copy()
    f = board.Frame(w, h)
    draw = ImageDraw.Draw(img)
    crossed = set(ruling.ground)
    sight = ruling.sight
    for area in view.terrain:
        if area.id in crossed:
            board._fill(draw, f, area, None, GROUND, 4)
        elif sight is not None and not sight.clear and area.id in (sight.by or "").split(", "):
            board._fill(draw, f, area, None, BLOCKED, 4)
    corridor = ruling.numbers.get("corridor_cm")
    if len(ruling.path) >= 2 and isinstance(corridor, int | float) and corridor > 0:
        img = _corridor(img, [f.xy(x, y) for x, y in ruling.path], float(corridor) * board.PX)
    board._units(img, f, view)
    draw = ImageDraw.Draw(img)
    label = font(13, bold=True)
    if len(ruling.path) >= 2:
        pts = [f.xy(x, y) for x, y in ruling.path]
        for a, b in zip(pts, pts[1:], strict=False):
            board._line(draw, a, b, RULER, 4)
        for x, y in pts:
            draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=RULER)
        length = next(
            (
                ruling.numbers[k]
                for k in ("length_cm", "charge_cm", "point_distance_cm", "scatter_cm")
                if k in ruling.numbers
            ),
            None,
        )
        if isinstance(length, int | float):
            ex, ey = pts[-1]
            said = t(lang, "why.img.ruler", length=text.num(lang, float(length)), unit="cm")
            draw.text(
                (ex + 12, ey - 14), said, font=label, fill=RULER, stroke_width=2, stroke_fill=(20, 20, 20)
            )
    if sight is not None:
        a, b = f.xy(*sight.frm), f.xy(*sight.to)
        board._line(draw, a, b, CLEAR if sight.clear else BLOCKED, 3, dash=not sight.clear)
        for x, y in (a, b):
            draw.ellipse((x - 5, y - 5, x + 5, y + 5), outline=CLEAR if sight.clear else BLOCKED, width=2)
        if sight.clear:
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            said = t(lang, "why.img.clear")
            draw.text((mx + 10, my), said, font=label, fill=CLEAR, stroke_width=2, stroke_fill=(20, 20, 20))
        else:
            x, y = f.xy(*(sight.at or sight.to))
            draw.line((x - 9, y - 9, x + 9, y + 9), fill=BLOCKED, width=4)
            draw.line((x - 9, y + 9, x + 9, y - 9), fill=BLOCKED, width=4)
            blocker = view.unit(sight.by or "")
            if blocker is not None and blocker.placed:
                bx, by = f.xy(blocker.x, blocker.y)  # type: ignore[arg-type]
                r = max(blocker.radius * board.PX, 9.0) + 5
                draw.ellipse((bx - r, by - r, bx + r, by + r), outline=BLOCKED, width=3)
            said = t(lang, "why.img.blocked", by=sight.by or "?")
            draw.text(
                (x + 12, y - 14), said, font=label, fill=BLOCKED, stroke_width=2, stroke_fill=(20, 20, 20)
            )
    board._panel(img, f, view, lang)
    out = io.BytesIO()
    img.convert("RGB").save(out, format="PNG", compress_level=3)
    return out.getvalue()


def _corridor(img: Image.Image, pts: list[tuple[float, float]], width_px: float) -> Image.Image:
    """A charge's corridor (§8.4): the charger's base swept along its line, a translucent band under
    the figures, its two ends rounded as the base is."""
    overlay = Image.new("RGBA", img.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    width = max(2, round(width_px))
    for a, b in zip(pts, pts[1:], strict=False):
        draw.line((a, b), fill=CORRIDOR, width=width)
    half = width / 2
    for x, y in (pts[0], pts[-1]):
        draw.ellipse((x - half, y - half, x + half, y + half), fill=CORRIDOR)
    return Image.alpha_composite(img.convert("RGBA"), overlay)
