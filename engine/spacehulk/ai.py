"""Pilots: a basic greedy Genestealer player and a simple Marine player for random play and tests.

Both see only their seat's view and the legal actions. The Genestealer pilot walks every model down
the shortest path to the nearest Marine and attacks when one is directly ahead; the rules-exact
Deathwing solitaire opponent (DW-SOLO-*) is the engine itself with `solo=true` (deathwing/solo.py).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from pydantic import BaseModel

from engine.core import Action, Dice

from .actions import (
    Assault,
    Block,
    BreakTie,
    Convert,
    Door,
    Move,
    Pass,
    PlaceAmbush,
    PlaceBlip,
    PlaceStealer,
    SetFacing,
    Turn,
)
from .board import VECTORS, Board, Square, add
from .board.mapfile import parse_cached
from .view import PieceView, SpaceHulkView


def distance_field(board: Board, goals: Sequence[Square]) -> dict[Square, int]:
    """8-way walking distance from the nearest goal over board squares (doors passable)."""
    dist = {g: 0 for g in goals}
    queue = deque(goals)
    while queue:
        cur = queue.popleft()
        for _d, nxt in board.neighbours(cur):
            if nxt not in dist and nxt not in board.static_blocks_move:
                dist[nxt] = dist[cur] + 1
                queue.append(nxt)
    return dist


class GenestealerPilot:
    """Greedy: shortest path to the nearest Marine, attack when adjacent and facing (issue item 10)."""

    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        assert isinstance(view, SpaceHulkView)
        board = parse_cached(view.map_text)
        marines = [p.square for p in view.pieces if p.kind == "marine" and p.square is not None]
        dist = distance_field(board, marines) if marines else {}
        pieces = {p.id: p for p in view.pieces}
        far = 10_000

        def d(sq: Square | None) -> int:
            return dist.get(sq, far) if sq is not None else far

        def score(act: Action) -> float:
            match act:
                case Assault():
                    return 1000
                case PlaceBlip(area=area):
                    return -d(board.entries[area].square) - sum(1 for p in view.pieces if p.area == area)
                case PlaceStealer(square=sq):
                    return -d(sq)
                case PlaceAmbush(square=sq):
                    return -d(sq) - 5  # a blip is worth more than a marker that may be an echo
                case SetFacing(model=m, facing=f) | Turn(model=m, facing=f):
                    p = pieces[m]
                    if p.square is None:
                        return -5
                    ahead = _ahead_distance(board, p.square, f, d)
                    now = _ahead_distance(board, p.square, p.facing, d) if p.facing else d(p.square) + 1
                    gain = now - ahead  # only turns that point the model further down its path
                    bonus = 50 if isinstance(act, Turn) and act.use == "free" else 0
                    return gain * 10 - (0 if isinstance(act, SetFacing) else 3) + bonus + _keep(view, m)
                case Move(model=m, to=to):
                    p = pieces[m]
                    before = d(p.square) if p.square is not None else d(to) + 1
                    return (before - d(to)) * 10 + _keep(view, m) - (1 if p.kind == "genestealer" else 0)
                case Door(model=m, square=sq):
                    p = pieces[m]
                    return 8 + _keep(view, m) if d(sq) < d(p.square) else -5
                case Convert(model=m):
                    p = pieces[m]
                    return 25 if d(p.square) <= 4 else -10
                case Pass() if view.prompt is not None and view.prompt.kind == "reinforce":
                    return -1000  # DW-GEN-4 allows fewer blips; this pilot always brings them all
            return 0.5  # EndTurn, Pass and anything else: only when nothing helps

        leaders = {p.id for p in view.pieces if p.leader}
        if leaders:  # DW-CR-8: Cloud Runner's leader moves after all the others
            others = [act for act in legal if getattr(act, "model", None) not in leaders]
            if any(score(act) > 0.5 for act in others):
                legal = others
        best = max(score(act) for act in legal)
        ties = [act for act in legal if score(act) == best]
        return ties[dice.index(len(ties))] if len(ties) > 1 else ties[0]


def _ahead_distance(board: Board, sq: Square, facing: str, d: Callable[[Square | None], int]) -> int:
    ahead = add(sq, VECTORS[facing])
    return d(ahead) if ahead in board.cells else 10_000


def _keep(view: SpaceHulkView, model: str) -> int:
    """Prefer to keep acting with the active model (activating another ends it, SHB-4.2)."""
    return 3 if view.active_model == model else 0


class MarinePilot:
    """Simple: shoot and assault what it can, sometimes stand overwatch, otherwise wander."""

    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        assert isinstance(view, SpaceHulkView)
        tie = next((act for act in legal if isinstance(act, BreakTie) and act.pick is None), None)
        if tie is not None:
            return tie  # solo play's ties (DW-SOLO-2, DW-SOLO-8): left to the seeded dice, as "ties: random"
        if view.prompt is not None and view.prompt.kind == "deploy":
            # DW-SC3: every Marine still in a corridor goes to his guard post (the first offered),
            # then the deployment ends as placed
            posts = [act for act in legal if act.kind == "deploy"]
            if posts:
                return posts[0]
            return next(act for act in legal if act.kind == "end_deployment" and not act.corridors)  # type: ignore[attr-defined]
        window = any(act.kind == "pass" for act in legal)  # an interrupt window: only CP can pay
        for kinds in (("pick_target",), ("assault",), ("fire",), ("flame",)):
            found = [
                act for act in legal if act.kind in kinds and (window or getattr(act, "use", "ap") != "cp")
            ]
            if found:
                return found[dice.index(len(found))]
        blocks = [act for act in legal if isinstance(act, Block)]
        if blocks and view.prompt is not None:  # DW-PS-2: reroll the Genestealer's best die
            details = view.prompt.details
            stealer_dice = details[
                "attacker_dice" if details["defender"] == blocks[0].model else "defender_dice"
            ]
            best = max(range(len(stealer_dice)), key=lambda i: stealer_dice[i])
            return next(act for act in blocks if act.die == best)
        free_turn = [act for act in legal if isinstance(act, Turn) and act.use == "free"]
        if free_turn:
            return free_turn[0]
        if any(act.kind == "pass" for act in legal):
            return next(act for act in legal if act.kind == "pass")
        if any(act.kind == "place_stealer" for act in legal):
            return legal[dice.index(len(legal))]
        stealers_near = any(p.kind == "genestealer" and p.square is not None for p in view.pieces)
        watch = [act for act in legal if act.kind == "overwatch" and getattr(act, "use", "ap") == "ap"]
        if watch and stealers_near and dice.index(2) == 0:
            return watch[0]
        roam = [
            act for act in legal if act.kind in ("move", "turn", "door") and getattr(act, "use", "ap") == "ap"
        ]
        if roam and dice.index(4):
            return roam[dice.index(len(roam))]
        return next((act for act in legal if act.kind == "end_turn"), legal[0])


def pieces_of(view: SpaceHulkView, kind: str) -> list[PieceView]:
    return [p for p in view.pieces if p.kind == kind]


class SeatPilot:
    """The pilot of a seat: it bids while the bids are open (DW-BID-1), then plays the side its seat got
    (the view says which): the Marine or the Genestealer pilot above."""

    def __init__(self) -> None:
        self.marine = MarinePilot()
        self.stealer = GenestealerPilot()

    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        assert isinstance(view, SpaceHulkView)
        if legal and all(act.kind == "bid" for act in legal):
            return legal[dice.index(len(legal))]
        pilot = self.marine if view.side == "marine" else self.stealer
        return pilot.choose(view, legal, dice)
