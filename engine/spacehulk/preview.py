"""What a Marine's move or turn would do, before it is spent (issue 26 item 5): a pure function of
the seat's own view and one legal action, with no rule of its own.

The path is the squares the model stands on, from where it is to where it ends (one step: two
squares; a turn in place: one); the final facing is the one it would have after the action (a step
keeps the facing; a turn or an entry names its own); the cost is the action's price in the
view (`SpaceHulkView.costs`, the engine's own `action_costs`, SHB-4.3) and what pays it (AP, or CP
when the action says `use="cp"`, SHB-5.2). `decide` still has the last word when it is confirmed.

Reading: the issue asks for Marines; the Genestealer player's moves are not previewed (a Genestealer
turn is many quick steps, and a preview before each would double its clicks). Free actions (a free
turn after an interrupt, a step paid by nothing) cost nothing and are not previewed either.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Action

from . import actions as a
from .board import Facing, Square
from .legal import cost_key
from .view import SpaceHulkView


@dataclass(frozen=True)
class MovePreview:
    """A previewed move or turn: the model, its path, its final facing and its price."""

    model: str
    path: tuple[Square, ...]
    facing: Facing
    cost: int
    pay: str  # "ap" or "cp"
    turn: bool  # a turn in place (no step)


def preview(view: SpaceHulkView, action: Action) -> MovePreview | None:
    """The preview of `action` for the seat of `view`, or None when it is not a Marine's move or turn
    that costs (the platform then applies it at once)."""
    if view.seat is None or view.side != "marine" or not isinstance(action, a.Move | a.Turn):
        return None
    if action.use == "free":
        return None
    piece = next((p for p in view.pieces if p.id == action.model), None)
    if piece is None or piece.kind != "marine" or piece.square is None:
        return None
    cost = view.costs.get(cost_key(action))
    if cost is None:
        return None
    if isinstance(action, a.Turn):
        return MovePreview(action.model, (piece.square,), action.facing, cost, action.use, turn=True)
    facing = action.facing or piece.facing
    if facing is None:
        return None
    path = (piece.square, tuple(action.to))
    return MovePreview(action.model, path, facing, cost, action.use, turn=False)  # type: ignore[arg-type]
