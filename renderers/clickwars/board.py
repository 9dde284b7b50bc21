"""The ClickWars board image, to scale: a 10 cm grid with rulers, terrain by type, hills contoured,
deployment strips, numbered figures in side colours with life bars, this turn's move, lines of fire,
blast and scatter, the charge corridor, and a legend with the roster.

The static part (table, terrain, grid, rulers, strips, legend keys) depends only on the table and the
language, so it is drawn once and cached; each view draws only figures and marks on a copy. Pure:
a view in, PNG bytes out. y grows up the table (toward the north edge), so it grows up the image too.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.clickwars import ClickWarsView
from engine.clickwars import events as ev
from engine.clickwars.armies import PROFILES
from engine.clickwars.los import engaged
from engine.clickwars.state import Unit
from engine.clickwars.terrain import Area
from engine.core import Event
from engine.core.fast import replace
from engine.core.shapes import Circle, contains
from renderers.fonts import font
from renderers.i18n import t
from renderers.palette import Colours, colour, current

from .. import labels
from . import follow, text

Color = tuple[int, int, int]
Paint = tuple[int, ...]  # a colour, with or without its alpha
XY = tuple[float, float]

PX = 7  # pixels per cm
RULER = 28
PANEL_W = 330
BG: Color = (27, 29, 35)
PANEL: Color = (38, 41, 50)
FELT: Color = (92, 128, 72)
GRID: Color = (110, 146, 90)
TEXT: Color = (236, 236, 241)
MUTED: Color = (168, 172, 186)
SIDE = Colours({"red": "clickwars/red", "blue": "clickwars/blue"})  # in the palette in force
TERRAIN: dict[str, Color] = {
    "hill": (170, 150, 96),
    "wood": (34, 84, 40),
    "swamp": (74, 118, 120),
    "rock": (112, 108, 104),
    "building": (140, 96, 76),
    "other": (120, 120, 120),
}
MOVE: Color = (250, 250, 250)
MISS: Color = (200, 200, 210)
BLAST: Color = (255, 120, 30)
CORRIDOR: Color = (255, 230, 120)
ENGAGED: Color = (255, 220, 60)
PREVIEW: Color = (120, 240, 255)
FADED = 120  # the alpha of the last turn's marks, drawn under the current turn's


class Frame:
    """Table coordinates (cm, y up) to image pixels."""

    def __init__(self, width_cm: float, height_cm: float) -> None:
        self.w, self.h = width_cm, height_cm
        self.left, self.top = RULER, RULER

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return (self.left + x * PX, self.top + (self.h - y) * PX)

    @property
    def size(self) -> tuple[int, int]:
        return (int(RULER * 2 + self.w * PX + PANEL_W), int(RULER * 2 + self.h * PX))

    @property
    def panel_x(self) -> int:
        return int(RULER * 2 + self.w * PX)


def _shape_pixels(
    f: Frame, area: Area
) -> tuple[str, list[tuple[float, float]] | tuple[float, float, float, float]]:
    s = area.shape
    if isinstance(s, Circle):
        x0, y0 = f.xy(s.x - s.r, s.y + s.r)
        x1, y1 = f.xy(s.x + s.r, s.y - s.r)
        return ("circle", (x0, y0, x1, y1))
    return ("polygon", [f.xy(x, y) for x, y in s.points])


def _fill(
    draw: ImageDraw.ImageDraw, f: Frame, area: Area, fill: object, outline: object = None, width: int = 1
) -> None:
    kind, pts = _shape_pixels(f, area)
    if kind == "circle":
        draw.ellipse(pts, fill=fill, outline=outline, width=width)  # type: ignore[arg-type]
    else:
        draw.polygon(pts, fill=fill, outline=outline, width=width)  # type: ignore[arg-type]


def _draw_terrain(img: Image.Image, f: Frame, areas: list[Area]) -> None:
    overlay = Image.new("RGBA", img.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    for area in sorted(areas, key=lambda a: a.kind != "hill"):  # hills under everything else
        color = TERRAIN[area.kind]
        _fill(draw, f, area, fill=(*color, 235), outline=(*_dark(color), 255), width=2)
        if area.kind == "hill" and isinstance(area.shape, Circle):  # contour rings
            for k in (0.7, 0.4):
                c = area.shape
                x0, y0 = f.xy(c.x - c.r * k, c.y + c.r * k)
                x1, y1 = f.xy(c.x + c.r * k, c.y - c.r * k)
                draw.ellipse((x0, y0, x1, y1), outline=(*_dark(color), 255), width=2)
    img.alpha_composite(overlay)
    draw = ImageDraw.Draw(img)
    for area in areas:
        x0, y0, x1, y1 = area.shape.bbox()
        if area.kind == "wood":  # a few trees
            step = 3.0
            y = y0 + step / 2
            while y < y1:
                x = x0 + step / 2 + (step / 2 if int(y) % 2 else 0)
                while x < x1:
                    if _inside(area, x, y):
                        px, py = f.xy(x, y)
                        draw.ellipse((px - 4, py - 4, px + 4, py + 4), fill=(22, 62, 28))
                    x += step
                y += step
        elif area.going == "impassable":  # hatching
            for k in range(int((x1 - x0 + y1 - y0) / 1.5) + 1):
                d = k * 1.5
                a = (x0 + d, y0) if d <= x1 - x0 else (x1, y0 + d - (x1 - x0))
                b = (x0, y0 + d) if d <= y1 - y0 else (x0 + d - (y1 - y0), y1)
                if _inside(area, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2):
                    draw.line((*f.xy(*a), *f.xy(*b)), fill=(70, 66, 62), width=1)
        elif area.kind == "swamp":
            y = y0 + 1.0
            while y < y1:
                draw.line((*f.xy(x0 + 1, y), *f.xy(x1 - 1, y)), fill=(110, 160, 160), width=1)
                y += 2.0
        cx, cy = f.xy((x0 + x1) / 2, (y0 + y1) / 2)
        draw.text(
            (cx, cy),
            area.id,
            font=font(12, bold=True),
            fill=(250, 250, 250),
            anchor="mm",
            stroke_width=2,
            stroke_fill=(30, 30, 30),
        )


def _inside(area: Area, x: float, y: float) -> bool:
    return contains(area.shape, x, y)


def _dark(c: Color) -> Color:
    return (int(c[0] * 0.6), int(c[1] * 0.6), int(c[2] * 0.6))


@lru_cache(maxsize=16)
def _base(terrain_json: str, width: int, height: int, south: str, lang: str, palette: str) -> Image.Image:
    """Table, strips, terrain, grid, rulers and the legend keys: drawn once per table, language and
    `palette` (the strips and keys are in the sides' colours)."""
    f = Frame(width, height)
    img = Image.new("RGBA", f.size, (*BG, 255))
    draw = ImageDraw.Draw(img)
    draw.rectangle((*f.xy(0, height), *f.xy(width, 0)), fill=FELT)
    strips = Image.new("RGBA", img.size, (0, 0, 0, 0))
    sd = ImageDraw.Draw(strips)
    north = "blue" if south == "red" else "red"
    sd.rectangle((*f.xy(0, 20), *f.xy(width, 0)), fill=(*SIDE[south], 64))
    sd.rectangle((*f.xy(0, height), *f.xy(width, height - 20)), fill=(*SIDE[north], 64))
    img.alpha_composite(strips)
    draw = ImageDraw.Draw(img)
    for seat, y_line, y_label in ((south, 20, 10), (north, height - 20, height - 10)):
        left, right = f.xy(0, y_line), f.xy(width, y_line)
        _line(draw, left, right, SIDE[seat], 3, dash=True)
        draw.text(
            f.xy(3, y_label),
            t(lang, f"clickwars.side.{seat}"),
            font=font(13, bold=True),
            fill=SIDE[seat],
            anchor="lm",
            stroke_width=2,
            stroke_fill=(240, 240, 240),
        )
    areas = [Area.model_validate(a) for a in json.loads(terrain_json)]
    _draw_terrain(img, f, areas)
    draw = ImageDraw.Draw(img)
    small = font(11)
    for x in range(0, width + 1, 10):
        draw.line((*f.xy(x, 0), *f.xy(x, height)), fill=GRID if 0 < x < width else MUTED, width=1)
        draw.text((f.xy(x, 0)[0], f.top + height * PX + 14), str(x), font=small, fill=MUTED, anchor="mm")
        draw.text((f.xy(x, 0)[0], RULER - 14), str(x), font=small, fill=MUTED, anchor="mm")
    for y in range(0, height + 1, 10):
        draw.line((*f.xy(0, y), *f.xy(width, y)), fill=GRID if 0 < y < height else MUTED, width=1)
        draw.text((RULER - 4, f.xy(0, y)[1]), str(y), font=small, fill=MUTED, anchor="rm")
        draw.text((f.left + width * PX + 4, f.xy(0, y)[1]), str(y), font=small, fill=MUTED, anchor="lm")
    for x in range(0, width + 1, 1):  # 1 cm ticks on the rulers
        px = f.xy(x, 0)[0]
        tick = 6 if x % 10 == 0 else (4 if x % 5 == 0 else 2)
        draw.line((px, f.top + height * PX, px, f.top + height * PX + tick), fill=MUTED)
    draw.text(
        (f.left + width * PX + 6, f.top + height * PX + 6),
        t(lang, "clickwars.legend.cm"),
        font=small,
        fill=MUTED,
        anchor="lt",
    )
    _legend_keys(img, f, lang, areas)
    return img


def _legend_keys(img: Image.Image, f: Frame, lang: str, areas: list[Area]) -> None:
    draw = ImageDraw.Draw(img)
    x = f.panel_x + 12
    draw.rectangle((f.panel_x, 0, img.width, img.height), fill=PANEL)
    y = f.size[1] - 268
    draw.text((x, y), t(lang, "clickwars.legend.title"), font=font(14, bold=True), fill=TEXT)
    y += 22
    kinds = sorted({a.kind for a in areas}, key=list(TERRAIN).index)
    face = font(12)
    for kind in kinds:
        draw.rectangle((x, y, x + 16, y + 12), fill=TERRAIN[kind], outline=_dark(TERRAIN[kind]))
        draw.text((x + 24, y + 6), t(lang, f"clickwars.legend.{kind}"), font=face, fill=TEXT, anchor="lm")
        y += 18
    draw.rectangle((x, y, x + 8, y + 12), fill=SIDE["red"])
    draw.rectangle((x + 8, y, x + 16, y + 12), fill=SIDE["blue"])
    draw.text((x + 24, y + 6), t(lang, "clickwars.legend.strip"), font=face, fill=TEXT, anchor="lm")
    y += 18
    for key, color, dash in (
        ("move", MOVE, True),
        ("shot_hit", colour("clickwars/hit"), False),
        ("shot_miss", MISS, True),
    ):
        _line(draw, (x, y + 6), (x + 16, y + 6), color, 2, dash)
        draw.text((x + 24, y + 6), t(lang, f"clickwars.legend.{key}"), font=face, fill=TEXT, anchor="lm")
        y += 18
    draw.ellipse((x, y, x + 14, y + 14), outline=BLAST, width=2)
    draw.text((x + 24, y + 7), t(lang, "clickwars.legend.blast"), font=face, fill=TEXT, anchor="lm")
    y += 18
    draw.rectangle((x, y + 2, x + 16, y + 10), fill=_dark(CORRIDOR))
    draw.text((x + 24, y + 6), t(lang, "clickwars.legend.corridor"), font=face, fill=TEXT, anchor="lm")
    y += 18
    faded = tuple(round(c * FADED / 255 + p * (255 - FADED) / 255) for c, p in zip(MOVE, PANEL, strict=True))
    _line(draw, (x, y + 6), (x + 16, y + 6), faded, 2, dash=True)
    draw.text((x + 24, y + 6), t(lang, "clickwars.follow.legend_last"), font=face, fill=TEXT, anchor="lm")


def _line(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    color: Paint,
    width: int,
    dash: bool = False,
) -> None:
    if not dash:
        draw.line((*a, *b), fill=color, width=width)
        return
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    d = 0.0
    while d < length:
        e = min(d + 7, length)
        draw.line((a[0] + ux * d, a[1] + uy * d, a[0] + ux * e, a[1] + uy * e), fill=color, width=width)
        d += 12


def _arrow(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], color: Paint) -> None:
    _line(draw, a, b, color, 3)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    for da in (2.6, -2.6):
        draw.line((*b, b[0] + 10 * math.cos(ang + da), b[1] + 10 * math.sin(ang + da)), fill=color, width=3)


def _marks(img: Image.Image, f: Frame, view: ClickWarsView) -> None:
    m = view.marks
    overlay = Image.new("RGBA", img.size, (0, 0, 0, 0))
    od = ImageDraw.Draw(overlay)
    if m.corridor is not None:
        (ax, ay), (bx, by), r = m.corridor
        length = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / length * r, (bx - ax) / length * r
        pts = [f.xy(ax + nx, ay + ny), f.xy(bx + nx, by + ny), f.xy(bx - nx, by - ny), f.xy(ax - nx, ay - ny)]
        od.polygon(pts, fill=(*CORRIDOR, 90))
        for cx, cy in ((ax, ay), (bx, by)):
            od.ellipse((*f.xy(cx - r, cy + r), *f.xy(cx + r, cy - r)), fill=(*CORRIDOR, 90))
    if m.blast is not None:
        bx, by = m.blast
        od.ellipse(
            (*f.xy(bx - 5, by + 5), *f.xy(bx + 5, by - 5)), fill=(*BLAST, 110), outline=(*BLAST, 255), width=3
        )
    img.alpha_composite(overlay)
    draw = ImageDraw.Draw(img)
    if len(m.move) >= 2:
        pts = [f.xy(x, y) for x, y in m.move]
        for a, b in zip(pts, pts[1:], strict=False):
            _line(draw, a, b, MOVE, 2, dash=True)
        if m.move_cost is not None:
            ex, ey = pts[-1]
            draw.text(
                (ex + 10, ey - 10),
                f"{m.move_cost:.1f} cm",
                font=font(11, bold=True),
                fill=MOVE,
                stroke_width=2,
                stroke_fill=(30, 30, 30),
            )
    for s in m.shots:
        _line(draw, f.xy(*s.frm), f.xy(*s.to), colour("clickwars/hit") if s.hit else MISS, 2, dash=not s.hit)
    if m.scatter is not None:
        _arrow(draw, f.xy(*m.scatter[0]), f.xy(*m.scatter[1]), BLAST)


def _last_turn(img: Image.Image, f: Frame, view: ClickWarsView, events: Sequence[Event]) -> None:
    """The last game turn played, faded (issue 27 item 2): each path moved and charge made, each
    attack from where it was made to where it struck (a dot for a hit, a cross for a miss), and
    each blast template with its scatter; drawn first, so this turn's marks and the units cover it."""
    turn = follow.last_turn(events)
    if not turn:
        return
    overlay = Image.new("RGBA", img.size, (0, 0, 0, 0))
    od = ImageDraw.Draw(overlay)
    where: dict[str, XY] = {}

    def spot(uid: str) -> XY | None:
        u = view.unit(uid)
        if uid in where:
            return where[uid]
        return (u.x, u.y) if u is not None and u.x is not None and u.y is not None else None

    for e in turn:
        match e:
            case ev.Moved(unit=uid, path=path) if len(path) >= 2:
                pts = [f.xy(x, y) for x, y in path]
                for a, b in zip(pts, pts[1:], strict=False):
                    _line(od, a, b, (*MOVE, FADED), 2, dash=True)
                ex, ey = pts[-1]
                od.ellipse((ex - 4, ey - 4, ex + 4, ey + 4), outline=(*MOVE, FADED), width=2)
                where[uid] = path[-1]
            case ev.Charged(unit=uid, frm=frm, to=to, radius=r):
                (ax, ay), (bx, by) = frm, to
                length = math.hypot(bx - ax, by - ay) or 1.0
                nx, ny = -(by - ay) / length * r, (bx - ax) / length * r
                corners = [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)]
                od.polygon([f.xy(x, y) for x, y in corners], fill=(*CORRIDOR, 50))
                _arrow(od, f.xy(ax, ay), f.xy(bx, by), (*CORRIDOR, FADED))
                where[uid] = to
            case ev.AttackRolled(attacker=uid, at=(tx, ty), result=result):
                source = spot(uid)
                hit = result in ("hit", "critical")
                color = (*(colour("clickwars/hit") if hit else MISS), FADED)
                x, y = f.xy(tx, ty)
                if source is not None:
                    _line(od, f.xy(*source), (x, y), color, 2, dash=not hit)
                if hit:
                    od.ellipse((x - 5, y - 5, x + 5, y + 5), fill=color)
                else:
                    od.line((x - 5, y - 5, x + 5, y + 5), fill=color, width=3)
                    od.line((x - 5, y + 5, x + 5, y - 5), fill=color, width=3)
            case ev.Scattered(frm=frm, to=to):
                _arrow(od, f.xy(*frm), f.xy(*to), (*BLAST, FADED))
            case ev.BlastLanded(at=(bx, by), radius=r):
                box = (*f.xy(bx - r, by + r), *f.xy(bx + r, by - r))
                od.ellipse(box, fill=(*BLAST, 45), outline=(*BLAST, FADED), width=2)
    img.alpha_composite(overlay)


PENNANT_SIDE = "blue"
"""The side whose figures carry a pennant (a white triangle at their upper left, and before their lines
in the roster): sides are told apart by shape as well as colour, in every palette (issue 29 item 3)."""


def _pennant(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A small white triangle with its point up, centred on (x, y)."""
    draw.polygon([(x, y - 6), (x - 5, y + 3), (x + 5, y + 3)], fill=(250, 250, 250), outline=(20, 20, 24))


def _radius(u: Unit) -> float:
    """A unit's token radius in pixels (never smaller than a readable disc)."""
    return max(u.radius * PX, 9.0)


def _unit_token(draw: ImageDraw.ImageDraw, f: Frame, u: Unit) -> None:
    """The unit's figure: a disc in its side's colour (a gun: a block with its barrel). Its number,
    type letter and life are on its label (`_unit_labels`), placed where it hides nothing."""
    x, y = f.xy(u.x, u.y)  # type: ignore[arg-type]
    r = _radius(u)
    color = SIDE[u.side]
    if u.is_gun:
        draw.rounded_rectangle(
            (x - r, y - r * 0.7, x + r, y + r * 0.7), radius=4, fill=(40, 40, 44), outline=color, width=3
        )
        draw.line((x, y, x, y - r * 1.2), fill=(40, 40, 44), width=5)
    else:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=color, outline=(250, 250, 250), width=2)
    if u.side == PENNANT_SIDE:
        _pennant(draw, x - r * 0.75, y - r * 0.75)


LABEL_SIZE = 11  # the label's font size
LABEL_PAD = 3  # pixels around the label's text
LIFE_H = 3  # the life bar under the label's text


def label_text(u: Unit) -> str:
    """ "R3 L": the unit's id (its side's letter and number) and its type's letter (the key is in the legend)."""
    return f"{u.id} {u.p.letter}"


@lru_cache(maxsize=256)
def _label_size(words: str) -> tuple[float, float]:
    width = font(LABEL_SIZE, bold=True).getlength(words)
    return (width + 2 * LABEL_PAD, LABEL_SIZE + 2 * LABEL_PAD + LIFE_H)


def label_boxes(f: Frame, units: Sequence[Unit], obstacles: Sequence[XY] = ()) -> list[labels.Placed]:
    """Where each unit's label goes (renderers/labels.py): beside its token when there is room, else
    further out with a leader line; never over another label or token (nor a hostage, `obstacles`)."""
    pieces = [labels.Piece(*f.xy(u.x, u.y), _radius(u)) for u in units]  # type: ignore[arg-type]
    sizes = [_label_size(label_text(u)) for u in units]
    bounds = (float(f.left), float(f.top), f.left + f.w * PX, f.top + f.h * PX)
    blocked = [labels.Piece(x, y, 9.0) for x, y in obstacles]
    return labels.place(pieces, sizes, bounds, blocked)


def _unit_labels(draw: ImageDraw.ImageDraw, f: Frame, units: Sequence[Unit], obstacles: Sequence[XY]) -> None:
    """Each unit's label (issue 27 item 2): id, type letter and life bar in a box edged in its side's
    colour; the labels never overlap each other or hide a unit; one moved out is joined to its unit
    by a thin leader line."""
    face = font(LABEL_SIZE, bold=True)
    for u, spot in zip(units, label_boxes(f, units, [f.xy(x, y) for x, y in obstacles]), strict=True):
        x0, y0, x1, y1 = spot.box
        if spot.line is not None:
            draw.line((*spot.line[0], *spot.line[1]), fill=TEXT, width=1)
        draw.rectangle((x0, y0, x1, y1), fill=BG, outline=SIDE[u.side], width=1)
        draw.text((x0 + LABEL_PAD, y0 + LABEL_PAD - 1), label_text(u), font=face, fill=TEXT, anchor="lt")
        share = max(0.0, min(1.0, u.life / u.max_life))
        bar = (90, 210, 90) if share > 0.6 else (240, 200, 60) if share > 0.3 else (230, 70, 60)
        top = y1 - LIFE_H - 1
        draw.rectangle((x0 + 1, top, x1 - 1, y1 - 1), fill=PANEL)
        draw.rectangle((x0 + 1, top, x0 + 1 + (x1 - x0 - 2) * share, y1 - 1), fill=bar)


def _units(img: Image.Image, f: Frame, view: ClickWarsView) -> None:
    draw = ImageDraw.Draw(img)
    live = [u for u in view.units if u.placed]
    byid = {u.id: u for u in live}
    for u in view.units:  # the fallen: a small cross where they fell
        if not u.alive and u.x is not None:
            x, y = f.xy(u.x, u.y)  # type: ignore[arg-type]
            draw.line((x - 4, y - 4, x + 4, y + 4), fill=(60, 60, 60), width=2)
            draw.line((x - 4, y + 4, x + 4, y - 4), fill=(60, 60, 60), width=2)
    for u in live:  # guns linked to crews, engaged pairs linked
        if u.is_gun and u.crew in byid:
            c = byid[u.crew]  # type: ignore[index]
            draw.line((*f.xy(u.x, u.y), *f.xy(c.x, c.y)), fill=SIDE[u.side], width=3)  # type: ignore[arg-type]
    for i, a in enumerate(live):
        for b in live[i + 1 :]:
            if a.side != b.side and engaged(a, b):
                draw.line((*f.xy(a.x, a.y), *f.xy(b.x, b.y)), fill=ENGAGED, width=3)  # type: ignore[arg-type]
    if view.objective is not None:
        ox, oy = view.objective
        draw.ellipse((*f.xy(ox - 10, oy + 10), *f.xy(ox + 10, oy - 10)), outline=(255, 255, 255), width=3)
    for h in view.hostages:
        x, y = f.xy(h.x, h.y)
        draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=(250, 240, 200), outline=(60, 60, 60), width=2)
        draw.text((x, y), h.id, font=font(9, bold=True), fill=(20, 20, 20), anchor="mm")
    shown = list(live)
    if view.my_deployment and view.seat is not None:
        for key, (x, y) in view.my_deployment.items():
            mine = byid.get(key) or next((v for v in view.units if v.id == key), None)
            if mine is not None:
                shown.append(replace(mine, x=x, y=y))
    for u in shown:
        _unit_token(draw, f, u)
    _unit_labels(draw, f, shown, [(h.x, h.y) for h in view.hostages])


def _panel(img: Image.Image, f: Frame, view: ClickWarsView, lang: str) -> None:
    draw = ImageDraw.Draw(img)
    x = f.panel_x + 12
    y = 12
    draw.text((x, y), "ClickWars", font=font(18, bold=True), fill=TEXT)
    y += 28
    for line in text.status_text(view, lang).replace("**", "").splitlines()[1:]:
        draw.text((x, y), line, font=font(12), fill=TEXT)
        y += 17
    y += 6
    draw.text((x, y), t(lang, "clickwars.legend.units"), font=font(13, bold=True), fill=TEXT)
    y += 20
    face = font(11)
    limit = f.size[1] - 278
    cols = [x, x + PANEL_W // 2 - 6]
    bottom = y
    for col, seat in zip(cols, ("red", "blue"), strict=True):
        yy = y
        for u in view.units:
            if u.side != seat or yy > limit:
                continue
            color = SIDE[seat] if u.alive else (90, 90, 96)
            life = f"{max(u.life, 0)}/{u.max_life}" if u.alive else "†"
            draw.text((col, yy), f"{u.id} {u.p.letter} {life}", font=face, fill=color if u.alive else MUTED)
            if seat == PENNANT_SIDE:
                _pennant(draw, col - 7, yy + 7)
            yy += 15
        bottom = max(bottom, yy)
    _letter_key(draw, view, lang, cols, bottom + 8, limit)


def _letter_key(
    draw: ImageDraw.ImageDraw, view: ClickWarsView, lang: str, cols: list[int], y: int, limit: int
) -> None:
    """The key of the one-letter unit types on the tokens and in the roster (issue 27 item 2): the
    types in this game, two to a row, as far as the room above the legend allows."""
    present = {u.profile for u in view.units}
    profiles = [p for name, p in PROFILES.items() if name in present]
    if not profiles or y + 20 > limit:
        return
    draw.text((cols[0], y), t(lang, "clickwars.follow.letters"), font=font(13, bold=True), fill=TEXT)
    y += 20
    face = font(11)
    for n, p in enumerate(profiles):
        row_y = y + (n // 2) * 15
        if row_y > limit:
            return
        draw.text((cols[n % 2], row_y), f"{p.letter}  {text.profile(lang, p.name)}", font=face, fill=TEXT)


def _preview(img: Image.Image, f: Frame, view: ClickWarsView, lang: str) -> None:
    """A seat's own picture: the unit it picked (ringed) and the order it previews, before confirming:
    a move's path with its cost against the allowance, or a charge's corridor with the units in it."""
    draw = ImageDraw.Draw(img)
    picked = view.unit(view.order.unit if view.order else view.selected or "")
    if picked is not None and picked.placed:
        x, y = f.xy(picked.x, picked.y)  # type: ignore[arg-type]
        r = max(picked.radius * PX, 9.0) + 5
        draw.ellipse((x - r, y - r, x + r, y + r), outline=PREVIEW, width=3)
    order = view.order
    if order is None:
        return
    pts = [f.xy(px, py) for px, py in order.path]
    if order.kind == "charge" and order.radius is not None:
        (ax, ay), (bx, by) = order.path[0], order.path[-1]
        length = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / length * order.radius, (bx - ax) / length * order.radius
        overlay = Image.new("RGBA", img.size, (0, 0, 0, 0))
        od = ImageDraw.Draw(overlay)
        od.polygon(
            [f.xy(ax + nx, ay + ny), f.xy(bx + nx, by + ny), f.xy(bx - nx, by - ny), f.xy(ax - nx, ay - ny)],
            fill=(*PREVIEW, 80),
            outline=(*PREVIEW, 255),
        )
        img.alpha_composite(overlay)
        draw = ImageDraw.Draw(img)
        for vid in order.victims:
            v = view.unit(vid)
            if v is not None and v.placed:
                vx, vy = f.xy(v.x, v.y)  # type: ignore[arg-type]
                rr = max(v.radius * PX, 9.0) + 5
                draw.ellipse((vx - rr, vy - rr, vx + rr, vy + rr), outline=colour("clickwars/hit"), width=3)
        _arrow(draw, pts[0], pts[-1], PREVIEW)
        label = f"{order.bearing}° · 30 cm"
    else:
        for p, q in zip(pts, pts[1:], strict=False):
            _line(draw, p, q, PREVIEW, 3)
        ex, ey = pts[-1]
        draw.ellipse((ex - 6, ey - 6, ex + 6, ey + 6), outline=PREVIEW, width=3)
        cost, limit = order.cost or 0.0, order.allowance or 0.0
        label = t(lang, "clickwars.img.cost", cost=text.num(lang, cost), limit=text.num(lang, limit))
    ex, ey = pts[-1]
    draw.text(
        (ex + 12, ey - 12),
        label,
        font=font(13, bold=True),
        fill=PREVIEW,
        stroke_width=2,
        stroke_fill=(20, 20, 20),
    )


def board_png(view: ClickWarsView, lang: str, last_turn: Sequence[Event] = ()) -> bytes:
    """The whole picture for a view (a seat's own picture adds its picked unit and previewed order;
    `last_turn`, events redacted for nobody, draws the last turn played in them faded)."""
    out = io.BytesIO()
    board_image(view, lang, last_turn).convert("RGB").save(out, format="PNG", compress_level=3)
    return out.getvalue()


def board_image(view: ClickWarsView, lang: str, last_turn: Sequence[Event] = ()) -> Image.Image:
    """`board_png`'s picture before it is encoded (the crop around a unit is cut from it)."""
    w, h = view.options.width, view.options.height
    terrain_json = json.dumps([a.model_dump(mode="json") for a in view.terrain], sort_keys=True)
    img = _base(terrain_json, w, h, view.south, lang, current()).copy()
    f = Frame(w, h)
    if last_turn:
        _last_turn(img, f, view, last_turn)
    _marks(img, f, view)
    _units(img, f, view)
    if view.previewing:
        _preview(img, f, view, lang)
    _panel(img, f, view, lang)
    return img
