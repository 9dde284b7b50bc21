"""Apply one event to the state: mechanical, no checks, no chance.

Nothing but the dict of the units is changed in place: a changed unit, hostage or marks is a new one
(`replace`: they are frozen), a changed list or dict of the state a new one put in its place, so a
scratch copy of the state (`ClickWarsState.scratch`, the Tape's) may share them all with the state it
came from.

Every event of every game is evolved once on the tape (issue 10), so the state's fields are written
with `_put`, which is what pydantic's assignment does for this model (no validation on assignment)
without its per-call cost. The commonest events come first.
"""

from __future__ import annotations

from typing import Any

from engine.core.fast import replace
from engine.core.rules import Event

from . import events as e
from .state import NO_MARKS, ClickWarsState, Shot


def evolve(state: ClickWarsState | None, event: Event) -> ClickWarsState:
    if isinstance(event, e.GameStarted):
        return ClickWarsState(
            seed=event.seed or 0,
            options=event.options,
            terrain=list(event.terrain),
            units={u.id: u for u in event.units},
        )
    assert state is not None
    units = state.units
    match event:
        case e.Moved(unit=uid, path=path, fled=fled):
            u = units[uid]
            x, y = path[-1]
            units[uid] = replace(u, x=x, y=y, moved=True, fled=u.fled or fled)
            crew, crew_to = event.crew, event.crew_to
            if crew is not None and crew_to is not None:
                units[crew] = replace(units[crew], x=crew_to[0], y=crew_to[1], moved=True)
            hostage, hostage_to = event.hostage, event.hostage_to
            if hostage is not None and hostage_to is not None:
                hx, hy = hostage_to
                _put(
                    state, hostages=[replace(h, x=hx, y=hy) if h.id == hostage else h for h in state.hostages]
                )
            _put(state, marks=replace(state.marks, move=tuple(path), move_cost=event.cost))
            _done(state, u.side)
        case e.PhaseEnded(next_phase=phase):
            _put(state, phase=phase, selected={}, orders={})
        case e.TurnBegan(side=side, round=rnd, turn=turn):
            # A unit's marks are of one turn (CW-GEN-2: one attack per unit and phase; CW-MOV-4: a unit
            # that fled may not attack in that turn only), so every unit's are cleared: the other
            # side's too, whose units may strike back in this turn's counter-assault (A2).
            for uid, u in units.items():
                if u.moved or u.shot or u.fought or u.fled:
                    units[uid] = replace(u, moved=False, shot=False, fought=False, fled=False)
            _put(
                state,
                round=rnd,
                turn=turn,
                active=side,
                phase="movement",
                marks=NO_MARKS,
                selected={},
                orders={},
            )
        case e.Healed(unit=uid, life=life, recovered=recovered):
            if recovered:
                units[uid] = replace(units[uid], life=life, alive=True)
            else:
                units[uid] = replace(units[uid], life=life)
        case e.AttackRolled(attacker=att, shooter=shooter, mode=mode):
            a = units[att]
            _done(state, a.side)
            if mode == "melee":
                units[att] = replace(a, fought=True)
            else:
                units[att] = replace(a, shot=True)
                if shooter is not None:
                    units[shooter] = replace(units[shooter], shot=True)
                shot = Shot(frm=a.xy, to=event.at, hit=event.result in ("hit", "critical"))
                marks = state.marks
                _put(state, marks=replace(marks, shots=(*marks.shots, shot)))
        case e.Damaged(unit=uid, life=life):
            units[uid] = replace(units[uid], life=life)
        case e.Killed(unit=uid):
            u = units[uid]
            if u.gun is not None:
                units[u.gun] = replace(units[u.gun], crew=None)
            if u.crew is not None:
                units[u.crew] = replace(units[u.crew], gun=None)
            units[uid] = replace(u, alive=False, gun=None, crew=None)
        case e.Charged(unit=uid, frm=frm, to=to, radius=radius):
            u = units[uid] = replace(units[uid], x=to[0], y=to[1], moved=True, charged_turn=state.turn)
            _put(
                state, marks=replace(state.marks, corridor=(frm, to, radius), move=(frm, to), move_cost=None)
            )
            _done(state, u.side)
        case e.Pushed(unit=uid, to=to):
            units[uid] = replace(units[uid], x=to[0], y=to[1])
        case e.Scattered(frm=frm, to=to):
            _put(state, marks=replace(state.marks, scatter=(frm, to)))
        case e.BlastLanded(at=at, harms=harms):
            _put(state, marks=replace(state.marks, blast=at, blast_hit=harms == "all"))
        case e.WeaponBroken(unit=uid, which=which):
            if which == "ranged":
                units[uid] = replace(units[uid], ranged_broken=True)
            else:
                units[uid] = replace(units[uid], melee_broken=True)
        case e.Idled(unit=uid, turn=turn):
            units[uid] = replace(units[uid], idle_turn=turn)
        case e.CrewJoined(unit=uid, gun=gun):
            units[uid] = replace(units[uid], gun=gun)
            units[gun] = replace(units[gun], crew=uid)
            _done(state, units[uid].side)
        case e.CrewLeft(unit=uid, gun=gun):
            units[uid] = replace(units[uid], gun=None)
            units[gun] = replace(units[gun], crew=None)
        case e.UnitSelected(side=side, unit=uid):
            orders, selected = dict(state.orders), dict(state.selected)
            orders.pop(side, None)
            if uid:
                selected[side] = uid
            else:
                selected.pop(side, None)
            _put(state, orders=orders, selected=selected)
        case e.OrderPlanned(side=side, order=order):
            _put(state, orders={**state.orders, side: order})
        case e.RoundEnded(scores=scores):
            if scores:
                _put(state, scores=dict(scores))
        case e.GameEnded(outcome=outcome):
            _put(state, result=outcome, phase="over", active=None)
        case e.SetupConfirmed(side=side):
            _put(state, confirmed=[*state.confirmed, side])
        case e.RolledOff(winner=winner, next_phase=phase):
            # §8.1: the first player's edge is y = 0 unless it picks north
            _put(state, first=winner, south=winner, phase=phase)
        case e.EdgeChosen(side=side, edge=edge, next_phase=phase):
            _put(state, south=side if edge == "south" else _other(side), phase=phase)
        case e.RoleChosen(side=side, role=role, next_phase=phase):
            _put(state, attacker=side if role == "attacker" else _other(side), phase=phase)
        case e.QuarryNamed(side=side, quarry=quarry, next_phase=phase):
            _put(state, quarry={**state.quarry, side: quarry}, phase=phase)
        case e.UnitPlaced(side=side, unit=uid, x=x, y=y):
            pending = dict(state.pending)
            pending[side] = {**pending[side], uid: (x, y)}
            _put(state, pending=pending)
        case e.DeploymentPlanned(side=side, positions=positions):
            pending = dict(state.pending)
            pending[side] = dict(positions)
            _put(state, pending=pending)
        case e.DeploymentReady(side=side):
            _put(state, ready=[*state.ready, side])
        case e.DeploymentRevealed(positions=positions, hostages=hostages):
            for uid, (x, y) in positions.items():
                units[uid] = replace(units[uid], x=x, y=y)
            _put(state, hostages=list(hostages), pending={"red": {}, "blue": {}})
        case _:
            pass  # FriendlyFire, FumbleRolled: narration only
    return state


def _other(side: str) -> str:
    return "blue" if side == "red" else "red"


def _put(state: ClickWarsState, **fields: Any) -> None:
    """`state.name = value` for each field, as pydantic's assignment does it for this model (no
    validation on assignment: the value stored, the name counted as set), without its per-call cost."""
    state.__dict__.update(fields)
    state.__pydantic_fields_set__.update(fields)


def _done(state: ClickWarsState, side: str) -> None:
    """A unit acted: its side's controls go back to the list of units (no selection, no preview).
    A dict that changes is a new one (a scratch copy may share the old)."""
    selected = state.selected
    if side in selected:
        selected = dict(selected)
        del selected[side]
        _put(state, selected=selected)
    orders = state.orders
    if side in orders:
        orders = dict(orders)
        del orders[side]
        _put(state, orders=orders)
