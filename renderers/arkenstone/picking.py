"""Hunt for the Arkenstone's lettered picking (issue 29 item 4): in the action phase (and Bilbo's
free action) the seat's figure's moves its menus offer (toward a card or the other figure, in a
compass direction at full reach, half reach or 1 inch) are lettered where each would end, on a
close-up of the table around the figure with its reach ringed and a ruler in inches. Moves that end
on (nearly) the same spot share one letter, the first. Nothing is secret at this table (§1); the
close-up is drawn from the seat's own view all the same. During manual placement (AK-SET-1..4) the
free cells the menus offer are lettered on a close-up of the part of the table they lie in (a
figure's or a card's cell: no piece acts yet, so the close-up is of the places offered).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from engine.arkenstone import ArkenstoneView, actions
from engine.arkenstone.board import BILBO, MOVE_IN, SMAUG, position, resolve_move
from engine.core import Action, Rejected
from engine.core.geometry import Point
from renderers import crop, labels
from renderers.base import Picking, Target
from renderers.i18n import t

from . import board, controls, text

SAME_END_IN = 0.3  # move ends closer than this to an earlier one share its letter
MARGIN_IN = 1.5
LONGEST_PX = 640


def picking(view: ArkenstoneView, legal: Sequence[Action], lang: str) -> Picking | None:
    """The seat's figure and the ends of the moves its menus offer, in the menus' order."""
    seat = view.seat
    if seat not in (BILBO, SMAUG) or not legal:
        return None
    if view.phase in controls.PLACING:
        spots = controls._indexed(legal, (actions.PlaceFigure, actions.PlaceCard))
        cells = [
            Target(i, text.action_label(x, lang), (x.x, x.y), "place")  # type: ignore[attr-defined]
            for i, x in spots
        ]
        return Picking("", tuple(cells)) if cells else None
    if view.phase not in controls.ACTING or view.bilbo is None or view.smaug is None:
        return None
    targets: list[Target] = []
    ends: list[tuple[float, float]] = []
    for option in [*controls.toward_choices(view, seat, lang), *controls.direction_choices(view, seat, lang)]:
        try:
            end = resolve_move(view, seat, option.choice)  # type: ignore[arg-type]
        except Rejected:
            continue
        if any(math.hypot(end.x - x, end.y - y) < SAME_END_IN for x, y in ends):
            continue
        ends.append((end.x, end.y))
        targets.append(Target(option.choice, option.label, (end.x, end.y), "move"))
    return Picking(t(lang, f"arkenstone.seat.{seat}"), tuple(targets))


def picking_png(
    view: ArkenstoneView, pick: Picking, lettered: Sequence[tuple[str, Target]], lang: str
) -> bytes | None:
    """The close-up round the seat's figure: its reach, a ruler in inches, the lettered ends (in
    placement: round the lettered cells)."""
    seat = view.seat
    if not pick.piece:
        return _cells_png(view, lettered, lang)
    if seat not in (BILBO, SMAUG) or view.bilbo is None or view.smaug is None:
        return None
    here = position(view, seat)
    reach = MOVE_IN[seat]
    cx, cy = board.final_px(here)
    half = (reach + MARGIN_IN) * board.PX_PER_IN
    zoomed = crop.zoom(
        board.board_image(view, lang), (cx - half, cy - half, cx + half, cy + half), LONGEST_PX
    )
    draw = ImageDraw.Draw(zoomed.image)
    px, py = zoomed.xy(cx, cy)
    r = reach * board.PX_PER_IN * zoomed.scale
    draw.ellipse((px - r, py - r, px + r, py + r), outline=board.GOLD, width=3)
    note = t(lang, "pick.ring_move_in", reach=reach)
    marks = [(letter, board.final_px(_point(target)), target.kind) for letter, target in lettered]
    figures = [labels.Piece(*zoomed.xy(d.x, d.y), d.r * zoomed.scale) for d in board.figure_discs(view)]
    ruler = t(lang, "pick.ruler_in", length=2)
    caption = crop.scale_bar(
        zoomed, board.PX_PER_IN, 2, ruler, board.BG, board.TEXT, note, [m[1] for m in marks]
    )
    crop.draw_letters(zoomed, marks, figures, board.BG, board.TEXT, [caption])
    return crop.png(zoomed)


def _cells_png(view: ArkenstoneView, lettered: Sequence[tuple[str, Target]], lang: str) -> bytes | None:
    """The part of the table holding the lettered free cells, each cell's centre lettered."""
    if not lettered:
        return None
    spots = [board.final_px(_point(target)) for _, target in lettered]
    margin = MARGIN_IN * board.PX_PER_IN
    window = (
        min(x for x, _ in spots) - margin,
        min(y for _, y in spots) - margin,
        max(x for x, _ in spots) + margin,
        max(y for _, y in spots) + margin,
    )
    zoomed = crop.zoom(board.board_image(view, lang), window, LONGEST_PX)
    marks = [(letter, spot, target.kind) for (letter, target), spot in zip(lettered, spots, strict=True)]
    ruler = t(lang, "pick.ruler_in", length=2)
    caption = crop.scale_bar(zoomed, board.PX_PER_IN, 2, ruler, board.BG, board.TEXT, None, spots)
    figures = [labels.Piece(*zoomed.xy(d.x, d.y), d.r * zoomed.scale) for d in board.figure_discs(view)]
    crop.draw_letters(zoomed, marks, figures, board.BG, board.TEXT, [caption])
    return crop.png(zoomed)


def _point(target: Target) -> Point:
    return Point(x=target.at[0], y=target.at[1])
