"""The picked unit's zoomed crop and its lettered targets (issue 27 item 2, issue 29 item 4).

When a seat has picked a unit to act with, its panel shows a crop of its own board around that unit,
scaled up so a centimetre reads clearly (a ruler with a tick per cm), with the unit's reach drawn
(its move allowance in Movement, its weapon's range in Shooting, its reach in Assault) and each
target it may pick now lettered: in Movement the ends of the moves its menus offer (toward a unit,
in a compass direction) and, for cavalry, the charges that strike someone (lettered at the first
unit struck); in Shooting and Assault the enemies it may attack. Each letter is the same order as
the menus', so a letter and a menu entry are one choice.

Built from the seat's own view only (`orders.state_of`: after the reveal nothing is hidden on the
table; before it no unit acts), and drawn from the seat's own board picture.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from engine.clickwars import ClickWarsView
from engine.clickwars import actions as a
from engine.clickwars.checks import can_act, limit_of
from engine.clickwars.commands import state_of
from engine.clickwars.los import melee_weapon, weapon_range
from engine.clickwars.state import ClickWarsState, Unit
from engine.core import Action
from renderers import crop, labels
from renderers.base import Picking, Target
from renderers.i18n import t

from . import board, controls

SAME_END_CM = 2.0  # move ends closer than this to an earlier one get no letter of their own
MIN_HALF_CM = 12.0  # the crop shows at least this far around the unit
MARGIN_CM = 5.0  # and this much beyond its reach and its farthest target
LONGEST_PX = 720  # the crop's longer side
MIN_PX_PER_CM = 10.0  # never less than this: a whole-table crop grows instead (up to the table's size)


def acting_unit(view: ClickWarsView) -> tuple[ClickWarsState, Unit] | None:
    """The unit this seat picked and may still act with, in a playing phase, with no order previewed."""
    if view.seat is None or view.seat not in view.acting or view.order is not None:
        return None
    if view.phase not in controls.PLAYING or not view.selected:
        return None
    s = state_of(view)
    u = s.units.get(view.selected)
    if u is None or not u.placed or u.side != view.seat or not can_act(s, u):
        return None
    return s, u


def picking(view: ClickWarsView, legal: Sequence[Action], lang: str) -> Picking | None:
    """The picked unit and its targets, in the menus' order (None when no unit is picked)."""
    acting = acting_unit(view)
    if acting is None:
        return None
    s, u = acting
    targets: list[Target] = []
    if view.phase == "movement" and not u.moved:
        moves = [*controls.toward_ends(s, u, lang), *controls.direction_ends(s, u, lang)]
        ends: list[tuple[float, float]] = []
        for option, (x, y) in moves:
            if not option.label.strip() or any(math.hypot(x - ex, y - ey) < SAME_END_CM for ex, ey in ends):
                continue  # menu entries that end on (nearly) the same spot: one letter, the first
            ends.append((x, y))
            targets.append(Target(option.choice, option.label, (x, y), "move"))
        if u.type == "cavalry":
            for option, at in controls.charge_ends(s, u, lang):
                targets.append(Target(option.choice, option.label, at, "attack"))
    elif view.phase in ("shooting", "assault", "counter"):
        kind: type[a.Shoot] | type[a.Fight] = a.Shoot if view.phase == "shooting" else a.Fight
        for i, attack in enumerate(legal):
            if isinstance(attack, a.Shoot | a.Fight) and isinstance(attack, kind) and attack.unit == u.id:
                o = s.units[attack.target]
                label = controls._attack_label(view, s, attack, lang)
                targets.append(Target(i, label, (o.x, o.y), "attack"))  # type: ignore[arg-type]
    return Picking(u.id, tuple(targets))


def reach_cm(view: ClickWarsView, s: ClickWarsState, u: Unit) -> float | None:
    """The distance drawn round the unit: its move allowance, its weapon's range, or its reach."""
    if view.phase == "movement":
        return limit_of(s, u)
    if view.phase == "shooting":
        w = u.ranged()
        return weapon_range(s, u, w) if w is not None else None
    w = melee_weapon(u)
    return u.radius + (w.reach_cm or 0.0) if w is not None else None


def window_cm(
    view: ClickWarsView, u: Unit, reach: float | None, spots: Sequence[tuple[float, float]]
) -> tuple[float, ...]:
    """The part of the table the crop shows (x0, y0, x1, y1 in cm): the unit, its reach and its
    targets, with a margin, inside the table."""
    x, y = u.x or 0.0, u.y or 0.0
    half = max(MIN_HALF_CM, (reach or 0.0) + MARGIN_CM)
    far = max((math.hypot(px - x, py - y) for px, py in spots), default=0.0) + MARGIN_CM
    half = min(max(half, far), max(view.options.width, view.options.height) / 2 + MARGIN_CM)
    return (
        max(0.0, x - half),
        max(0.0, y - half),
        min(float(view.options.width), x + half),
        min(float(view.options.height), y + half),
    )


def picking_png(
    view: ClickWarsView, pick: Picking, lettered: Sequence[tuple[str, Target]], lang: str
) -> bytes | None:
    """The crop around the picked unit: its reach ringed, a ruler, the lettered targets."""
    acting = acting_unit(view)
    if acting is None:
        return None
    s, u = acting
    image = board.board_image(view, lang)
    f = board.Frame(view.options.width, view.options.height)
    reach = reach_cm(view, s, u)
    x0, y0, x1, y1 = window_cm(view, u, reach, [target.at for _, target in lettered])
    (px0, py0), (px1, py1) = f.xy(x0, y1), f.xy(x1, y0)
    side_cm = max(x1 - x0, y1 - y0)
    longest = max(LONGEST_PX, min(round(side_cm * MIN_PX_PER_CM), round(120 * MIN_PX_PER_CM)))
    zoomed = crop.zoom(image, (px0, py0, px1, py1), longest)
    draw = ImageDraw.Draw(zoomed.image)
    cx, cy = zoomed.xy(*f.xy(u.x, u.y))  # type: ignore[arg-type]
    note = None
    if reach is not None:
        r = reach * board.PX * zoomed.scale
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=board.PREVIEW, width=3)
        ring = {"movement": "move", "shooting": "range"}.get(view.phase, "reach")
        note = t(lang, f"pick.ring_{ring}", reach=round(reach, 1))
    radius = max(u.radius * board.PX, 9.0) * zoomed.scale
    draw.ellipse(
        (cx - radius - 5, cy - radius - 5, cx + radius + 5, cy + radius + 5), outline=board.PREVIEW, width=4
    )
    units = [
        labels.Piece(*zoomed.xy(*f.xy(o.x, o.y)), max(o.radius * board.PX, 9.0) * zoomed.scale)  # type: ignore[arg-type]
        for o in view.units
        if o.placed and o.id != u.id
    ]
    marks = [(letter, f.xy(*target.at), target.kind) for letter, target in lettered]
    ruler = t(lang, "pick.ruler_cm", length=5)
    caption = crop.scale_bar(zoomed, board.PX, 5, ruler, board.BG, board.TEXT, note, [m[1] for m in marks])
    keep_clear = [labels.Piece(cx, cy, radius + 5), *units]
    crop.draw_letters(zoomed, marks, keep_clear, board.BG, board.TEXT, [caption])
    return crop.png(zoomed)
