"""A test-only Marine pilot for Cloud Runner runs: it shoots and attacks what it can, otherwise walks
the Terminators down the shortest route to the exit corridor (on board 10: to the Genestealer leader)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Action, Dice
from engine.spacehulk.actions import Assault, Door, EndTurn, Fire, Move, Pass, Turn
from engine.spacehulk.ai import distance_field
from engine.spacehulk.board import VECTORS, add
from engine.spacehulk.state import SpaceHulkState


def goals(state: SpaceHulkState) -> list[Any]:
    exit_ = list(state.mission.objective)
    if exit_:
        return exit_[-1:]  # the far end, so the file walks in behind the leader
    return [p.pos for p in state.pieces.values() if p.leader and p.pos is not None] or [
        p.pos for p in state.pieces.values() if p.kind == "genestealer" and p.pos is not None
    ]


def choose(state: SpaceHulkState, legal: Sequence[Action], dice: Dice) -> Action:
    ap = [a for a in legal if getattr(a, "use", "ap") == "ap"]
    attacks = [a for a in ap if isinstance(a, Assault | Fire)]
    if attacks:
        return attacks[dice.index(len(attacks))]
    if any(isinstance(a, Pass) for a in legal):
        return next(a for a in legal if isinstance(a, Pass))
    board = state.board
    target = goals(state)
    dist = distance_field(board, target) if target else {}
    far = 10**6

    def d(sq: Any) -> int:
        return dist.get(sq, far)

    best: tuple[float, Action] | None = None
    for a in ap:
        score = None
        if isinstance(a, Move) and not a.fire:
            p = state.pieces[a.model]
            score = d(p.pos) - d(tuple(a.to))
        elif isinstance(a, Turn) and a.use != "free":
            p = state.pieces[a.model]
            ahead = add(p.pos, VECTORS[a.facing])
            now = add(p.pos, VECTORS[p.facing]) if p.facing else p.pos
            score = (d(now) - d(ahead)) - 0.5 if ahead in board.cells else None
        elif isinstance(a, Door):
            p = state.pieces[a.model]
            if state.door_status(tuple(a.square)) == "closed" and d(tuple(a.square)) < d(p.pos):
                score = 1.5
        if score is not None and score > 0:
            score += 0.25 if state.active == getattr(a, "model", None) else 0
            if best is None or score > best[0]:
                best = (score, a)
    if best is not None:
        return best[1]
    end = [a for a in legal if isinstance(a, EndTurn)]
    if end:
        return end[0]
    return legal[dice.index(len(legal))]
