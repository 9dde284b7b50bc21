"""The automated Genestealer player's moves (DW-SOLO-8 .. DW-SOLO-10): the Genestealer turn's order
(nearest first, the solo player's ties, the leader last), each Genestealer's next step along its
route (solo_routes.py), and the answers to the prompts the Genestealer side must answer; `play`
drives them through the rules' own dispatch, as a player's clicks.

See deathwing/solo.py for how the player plays and the readings."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Rejected

from ..actions import Assault, Door, EndTurn, Pass, PlaceStealer, SetFacing, Shift, Turn
from ..board import FACINGS, VECTORS, add
from ..dw_types.solo_model import (
    AgSoloTie,
    SoloPlanned,
    decided,
)
from ..legal import choice_actions
from ..queries import Queries
from ..state import AgFaceAttacker, AgFacing, AgPlace, AgReinforce, AgShift, Piece, chooser_of
from ..tape import Tape
from .solo_routes import FAR, distance, field, plan


def on(state: Any) -> bool:
    """The engine plays the Genestealers in this game."""
    return bool(state.options.variants.solo)


# --- the driver ------------------------------------------------------------------------------------


def act(tape: Tape) -> Action | None:
    """The Genestealer side's next action (it must act now: its phase, or a prompt it answers); None
    when a tie prompt for the solo player was pushed instead (DW-SOLO-8)."""
    s = tape.state
    top = s.top()
    if top is not None:
        return _answer(tape, top)
    if s.solo.planned != s.turn and not _make_order(tape):
        return None  # DW-SOLO-8: the solo player must break a tie first (the prompt is pushed)
    for gid in s.solo.order:
        g = tape.state.pieces.get(gid)
        if g is None or gid in tape.state.solo.done:
            continue
        if g.activated and tape.state.active != gid:
            continue  # its activation ended (SHB-4.2)
        action = _next_step(tape, g)
        if action is not None:
            return action
    tape.emit(decided("end_turn"))
    return EndTurn()


def play(tape: Tape, dispatch: Any) -> None:
    """Choose the Genestealer side's next action and play it through `decide`'s own dispatch. Should
    the rules refuse a model's move (a case the search did not foresee), that model stops for the turn
    and the refusal is logged, so a solo game never stalls; a refused prompt answer is a bug and raises."""
    action = act(tape)
    if action is None:
        return  # DW-SOLO-8: a tie waits for the solo player
    try:
        dispatch(tape, "genestealer", action)
    except Rejected as refusal:
        model = getattr(action, "model", None)
        if model is None or isinstance(action, SetFacing):
            raise
        tape.emit(decided("refused", model, True, model=model, step=action.kind, why=refusal.message_id))


def _make_order(tape: Tape) -> bool:
    """DW-SOLO-8, DW-SOLO-10, A-30: the movers nearest first (the leader last), and who a Marine sees as
    the turn begins. Equally near Genestealers: the solo player chooses which moves first (a tie prompt
    is pushed and False returned until every such choice is answered); the rest of the order among
    them is the seeded dice's."""
    s = tape.state
    movers = [p for p in s.pieces.values() if p.kind == "genestealer"]
    near = {p.id: (p.leader, distance(tape, p)) for p in movers}
    key = f"mover-{s.turn}-{s.next_id}"
    picks = s.solo.picks if s.solo.tie_key == key else ()
    tie = _mover_tie(movers, near, picks)
    if tie is not None:
        group, far = tie
        tape.push(AgSoloTie(tie="mover", candidates=group, distance=far, key=key))
        return False
    shuffled = tape.dice.shuffled(sorted(movers, key=lambda p: p.number)) if len(movers) > 1 else movers
    ordered = sorted(shuffled, key=lambda p: (near[p.id], picks.index(p.id) if p.id in picks else len(picks)))
    seen = tuple(p.id for p in ordered if p.pos is not None and tape.marine_sees(p.pos))
    tape.emit(SoloPlanned(turn=s.turn, order=tuple(p.id for p in ordered), seen=seen))
    return True


def _mover_tie(
    movers: list[Piece], near: dict[str, tuple[bool, int]], picks: tuple[str, ...]
) -> tuple[tuple[str, ...], int] | None:
    """The next "which moves first?" among equally near Genestealers (DW-SOLO-8), or None.

    Reading: only ties whose order can matter are asked: Genestealers that no route brings to a Marine
    (they stay where they are) are not; Genestealers waiting in the same entry area's lurking space are
    interchangeable, so one of them stands for all (the lowest number) and the order among them is the
    dice's. Picks are asked one at a time, nearest group first, until one place is left in the group."""
    for key in sorted(set(near.values())):
        if key[1] >= FAR - 1:
            continue
        group = sorted((p for p in movers if near[p.id] == key and p.id not in picks), key=lambda p: p.number)
        places: dict[Any, str] = {}
        for p in group:
            places.setdefault(p.pos if p.pos is not None else ("area", p.area), p.id)
        if len(places) > 1:
            return tuple(places.values()), key[1]
    return None


def _next_step(tape: Tape, g: Piece) -> Action | None:
    """The next action of this Genestealer, or None once it stops. A plan is made (and logged with its
    reason) when the Genestealer starts, and again whenever the board changes under it (overwatch,
    an interrupt, a death, a door): otherwise it follows the route it chose (ties are drawn once)."""
    plans: dict[str, Any] = tape.__dict__.setdefault("_solo_plans", {})
    cached = plans.get(g.id)
    if cached is not None:
        actions, states, expect, world = cached
        if (
            actions
            and (g.pos, g.facing if expect[1] is not None else None) == expect
            and world == _world(tape, g)
        ):
            plans[g.id] = (actions[1:], states[1:], states[0], _world(tape, g, ahead=actions[0]))
            return actions[0]
    if g.ap <= 0:
        tape.emit(decided("stop_ap", g.id, True, model=g.id))
        return None
    p = plan(tape, g)
    if p.attack and not p.actions:
        tape.emit(decided(p.reason, g.id, **p.params))
        # once adjacent it spends all its AP attacking; DW-LVL-1: through a hole, up or down
        return Assault(model=g.id, vertical=p.params.get("way"))
    if not p.actions:
        tape.emit(decided(p.reason, g.id, True, **p.params))
        return None
    tape.emit(decided(p.reason, g.id, **p.params))
    plans[g.id] = (p.actions[1:], p.states[1:], p.states[0], _world(tape, g, ahead=p.actions[0]))
    return p.actions[0]


def _world(tape: Tape, g: Piece, ahead: Action | None = None) -> tuple[Any, ...]:
    """What a plan depends on besides the mover: every other model's square, facing and overwatch, the
    doors (but the one the next action opens), the flames."""
    s = tape.state
    doors = list(s.doors)
    if isinstance(ahead, Door):
        doors[tape.board.door_index[ahead.square]] = "open"
    return (
        tuple(sorted((p.id, p.pos, p.facing, p.overwatch) for p in s.pieces.values() if p.id != g.id)),
        tuple(doors),
        tuple(s.burning),
    )


def _answer(tape: Tape, top: Any) -> Action:
    """A prompt the Genestealer player answers."""
    q: Queries = tape
    match top:
        case AgFacing(models=models):
            gid = models[0]
            g = tape.state.pieces[gid]
            facing = _toward(tape, g)
            tape.emit(decided("facing", gid, model=gid, facing=facing))
            return SetFacing(model=gid, facing=facing)  # type: ignore[arg-type]
        case AgFaceAttacker(model=model, toward=toward):
            tape.emit(decided("face_attacker", model, model=model, facing=toward))
            return Turn(model=model, facing=toward, use="free")
        case AgPlace(origin=origin, voluntary=voluntary):
            options = q.placement_squares(origin, voluntary)
            f = field(q)
            best = min(options, key=lambda sq: (f.get(sq, FAR), sq))
            tape.emit(decided("place", square=best))
            return PlaceStealer(square=best)
        case AgShift(squares=squares):
            f = field(q)
            best = min(squares, key=lambda sq: (f.get(sq, FAR), sq))
            tape.emit(decided("shift", square=best))
            return Shift(square=best)
    # any other prompt (e.g. a geotile to place): a seeded pick

    offered = choice_actions(q, top)
    if not offered or any(isinstance(x, Pass) for x in offered):
        tape.emit(decided("pass", step=getattr(top, "kind", "")))
        return Pass()
    tape.emit(decided("choose", step=getattr(top, "kind", "")))
    return offered[tape.dice.index(len(offered))] if len(offered) > 1 else offered[0]


def _toward(tape: Tape, g: Piece) -> str:
    """The facing of a new Genestealer: toward its first step on the route to the nearest Marine."""
    f = field(tape)
    assert g.pos is not None
    options = []
    for facing in FACINGS:
        ahead = add(g.pos, VECTORS[facing])
        options.append((f.get(ahead, FAR), facing))
    low = min(d for d, _ in options)
    ties = [facing for d, facing in options if d == low]
    return ties[tape.dice.index(len(ties))] if len(ties) > 1 else ties[0]


def waiting(state: Any) -> bool:
    """The Genestealer side must act now (and the engine plays it)."""
    if not on(state) or state.outcome is not None:
        return False
    top = state.top()
    if top is not None:
        return chooser_of(top) == "genestealer" and not isinstance(top, AgReinforce)
    return state.phase == "stealer"
