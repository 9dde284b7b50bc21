"""Space Hulk's lettered picking (issue 29 item 4): when a seat looks at one model's actions (the
"pick a model, then its action" menu), the actions aimed at a square (a step, a door, a shot, a
flamer or grenade blast) are lettered on a close-up of the seat's own hulk image around that model.
The squares chosen for no model (where a converted blip's next Genestealer goes, SHB-10.8; an
ambush marker, DW-AMB-2; where a scuttling Genestealer or a thrown faller lands, DW-PIT-7/8; the
guard posts of Defend Perimeter's deployment, DW-SC3) are lettered on a close-up of the squares
offered.
Two actions on one square (a step, and a step that fires) get a letter each, fanned out with leader
lines. Built from the seat's own view and drawn from its own image: nothing the view hides.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Action
from engine.spacehulk.actions import (
    Deploy,
    Door,
    Fire,
    Flame,
    Grenade,
    Move,
    PlaceAmbush,
    PlaceStealer,
    Shift,
)
from engine.spacehulk.board import Square
from engine.spacehulk.view import SpaceHulkView
from renderers import crop, labels
from renderers.base import Picking, Target, TargetKind

from . import board, text

AROUND = 3.5  # the close-up shows at least this many squares round the model
LONGEST_PX = 640


def square_of(action: Action) -> tuple[Square, TargetKind] | None:
    """The square an action is aimed at, and what kind of target it is."""
    match action:
        case Move(to=sq):
            return sq, "move"
        case Fire(at=sq) | Flame(at=sq) | Grenade(at=sq):
            return sq, "attack"
        case Door(square=sq):
            return sq, "other"
        case PlaceStealer(square=sq) | PlaceAmbush(square=sq) | Shift(square=sq) | Deploy(square=sq):
            return sq, "place"
    return None


def picking(
    view: SpaceHulkView, legal: Sequence[Action], lang: str, among: Sequence[int] | None
) -> Picking | None:
    """The picked model's actions aimed at a square, lettered in the menu's order (`among`); with no
    model picked, the squares chosen for no model (a piece name of "": the close-up of the squares
    offered). None when nothing offered names a square."""
    if view.seat is None:
        return None
    if among is None:
        loose = [i for i, x in enumerate(legal) if isinstance(x, PlaceStealer | PlaceAmbush | Shift | Deploy)]
        return _squares(view, legal, lang, loose, "")
    return _squares(view, legal, lang, among, None)


def _squares(
    view: SpaceHulkView, legal: Sequence[Action], lang: str, among: Sequence[int], piece: str | None
) -> Picking | None:
    """The actions `among` aimed at a square as targets; the piece is theirs (`piece` None) or `piece`."""
    f = board.frame_for(board._board(view.map_text))
    targets: list[Target] = []
    model: str | None = None
    for i in among:
        if not 0 <= i < len(legal):
            continue
        aimed = square_of(legal[i])
        if aimed is None:
            continue
        model = model or text.action_group(legal[i])
        sq, kind = aimed
        targets.append(Target(i, text.action_label(legal[i], lang, view), f.centre(sq), kind))
    if not targets:
        return None
    if piece is not None:
        return Picking(piece, tuple(targets))
    return Picking(text.model(model), tuple(targets)) if model is not None else None


def picking_png(
    view: SpaceHulkView, pick: Picking, lettered: Sequence[tuple[str, Target]], lang: str
) -> bytes | None:
    """The close-up round the picked model with its lettered squares."""
    mid = pick.piece.lower()
    piece = next((p for p in view.pieces if p.id == mid and p.square is not None), None)
    if pick.piece and (piece is None or piece.square is None):
        return None
    f = board.frame_for(board._board(view.map_text))
    image = board.render(view, lang, mid if piece is not None else None)
    spots = [target.at for _, target in lettered]
    centre = f.centre(piece.square) if piece is not None and piece.square is not None else None
    if centre is not None:
        spots.append(centre)
    if not spots:
        return None
    reach = AROUND * f.cell
    x0 = min(x for x, _ in spots) - reach
    x1 = max(x for x, _ in spots) + reach
    y0 = min(y for _, y in spots) - reach
    y1 = max(y for _, y in spots) + reach
    zoomed = crop.zoom(image, (x0, y0, x1, y1), LONGEST_PX)
    marks = [(letter, target.at, target.kind) for letter, target in lettered]
    pieces = [  # no letter over a model or blip in sight
        labels.Piece(*zoomed.xy(*f.centre(p.square)), f.cell * zoomed.scale * 0.4)
        for p in view.pieces
        if p.square is not None
    ]
    crop.draw_letters(zoomed, marks, pieces, board.BG, board.TEXT)
    return crop.png(zoomed)
