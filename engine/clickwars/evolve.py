"""Apply one event to the state: mechanical, no checks, no chance.

A unit or hostage is never changed in place: the changed copy replaces it (`edit`), so a scratch
copy of the state (`CwState.scratch`, the Tape's) may share them with the state it came from.
"""

from __future__ import annotations

from engine.core.rules import Event

from . import events as e
from .state import CwState, Shot, edit


def evolve(state: CwState | None, event: Event) -> CwState:
    if isinstance(event, e.GameStarted):
        return CwState(
            seed=event.seed or 0,
            options=event.options,
            terrain=list(event.terrain),
            units={u.id: u.model_copy() for u in event.units},
        )
    assert state is not None
    units = state.units
    match event:
        case e.SetupConfirmed(side=side):
            state.confirmed.append(side)
        case e.RolledOff(winner=winner, next_phase=nxt):
            state.first = winner
            state.south = winner  # §8.1: the first player's edge is y = 0 unless it picks north
            state.phase = nxt  # type: ignore[assignment]
        case e.EdgeChosen(side=side, edge=edge, next_phase=nxt):
            state.south = side if edge == "south" else ("blue" if side == "red" else "red")
            state.phase = nxt  # type: ignore[assignment]
        case e.RoleChosen(side=side, role=role, next_phase=nxt):
            state.attacker = side if role == "attacker" else ("blue" if side == "red" else "red")
            state.phase = nxt  # type: ignore[assignment]
        case e.QuarryNamed(side=side, quarry=quarry, next_phase=nxt):
            state.quarry[side] = quarry
            state.phase = nxt  # type: ignore[assignment]
        case e.UnitPlaced(side=side, unit=uid, x=x, y=y):
            state.pending[side][uid] = (x, y)
        case e.DeploymentPlanned(side=side, positions=positions):
            state.pending[side] = dict(positions)
        case e.DeploymentReady(side=side):
            state.ready.append(side)
        case e.DeploymentRevealed(positions=positions, hostages=hostages):
            for uid, (x, y) in positions.items():
                units[uid] = edit(units[uid], x=x, y=y)
            state.hostages = [h.model_copy() for h in hostages]
            state.pending = {"red": {}, "blue": {}}
        case e.TurnBegan(side=side, round=rnd, turn=turn):
            state.round, state.turn, state.active = rnd, turn, side
            state.phase = "movement"
            for uid, u in units.items():
                if u.side == side:
                    units[uid] = edit(u, moved=False, shot=False, fought=False, fled=False)
            state.marks = type(state.marks)()
            state.selected, state.orders = {}, {}
        case e.Healed(unit=uid, life=life, recovered=recovered):
            units[uid] = edit(units[uid], life=life, alive=True) if recovered else edit(units[uid], life=life)
        case e.Moved(unit=uid, path=path, cost=cost, fled=fled, crew=crew, crew_to=crew_to):
            u = units[uid]
            x, y = path[-1]
            u = units[uid] = edit(u, x=x, y=y, moved=True, fled=u.fled or fled)
            if crew is not None and crew_to is not None:
                units[crew] = edit(units[crew], x=crew_to[0], y=crew_to[1], moved=True)
            if event.hostage is not None and event.hostage_to is not None:
                hx, hy = event.hostage_to
                state.hostages = [edit(h, x=hx, y=hy) if h.id == event.hostage else h for h in state.hostages]
            state.marks.move = list(path)
            state.marks.move_cost = cost
            _done(state, u.side)
        case e.CrewJoined(unit=uid, gun=gun):
            units[uid] = edit(units[uid], gun=gun)
            units[gun] = edit(units[gun], crew=uid)
            _done(state, units[uid].side)
        case e.CrewLeft(unit=uid, gun=gun):
            units[uid] = edit(units[uid], gun=None)
            units[gun] = edit(units[gun], crew=None)
        case e.Charged(unit=uid, frm=frm, to=to, radius=radius):
            u = units[uid] = edit(units[uid], x=to[0], y=to[1], moved=True, charged_turn=state.turn)
            state.marks.corridor = (frm, to, radius)
            state.marks.move = [frm, to]
            state.marks.move_cost = None
            _done(state, u.side)
        case e.Pushed(unit=uid, to=to):
            units[uid] = edit(units[uid], x=to[0], y=to[1])
        case e.AttackRolled(attacker=att, shooter=shooter, mode=mode, at=at, result=result):
            a = units[att]
            _done(state, a.side)
            if mode == "melee":
                units[att] = edit(a, fought=True)
            else:
                units[att] = edit(a, shot=True)
                if shooter is not None:
                    units[shooter] = edit(units[shooter], shot=True)
                state.marks.shots.append(Shot(frm=a.xy, to=at, hit=result in ("hit", "critical")))
        case e.Scattered(frm=frm, to=to):
            state.marks.scatter = (frm, to)
        case e.BlastLanded(at=at, harms=harms):
            state.marks.blast = at
            state.marks.blast_hit = harms == "all"
        case e.Damaged(unit=uid, life=life):
            units[uid] = edit(units[uid], life=life)
        case e.Killed(unit=uid):
            u = units[uid]
            if u.gun is not None:
                units[u.gun] = edit(units[u.gun], crew=None)
            if u.crew is not None:
                units[u.crew] = edit(units[u.crew], gun=None)
            units[uid] = edit(u, alive=False, gun=None, crew=None)
        case e.WeaponBroken(unit=uid, which=which):
            if which == "ranged":
                units[uid] = edit(units[uid], ranged_broken=True)
            else:
                units[uid] = edit(units[uid], melee_broken=True)
        case e.Idled(unit=uid, turn=turn):
            units[uid] = edit(units[uid], idle_turn=turn)
        case e.PhaseEnded(next_phase=nxt):
            state.phase = nxt  # type: ignore[assignment]
            state.selected, state.orders = {}, {}
        case e.UnitSelected(side=side, unit=uid):
            state.orders.pop(side, None)
            if uid:
                state.selected[side] = uid
            else:
                state.selected.pop(side, None)
        case e.OrderPlanned(side=side, order=order):
            state.orders[side] = order
        case e.RoundEnded(scores=scores):
            if scores:
                state.scores = dict(scores)
        case e.GameEnded(outcome=outcome):
            state.result = outcome
            state.phase = "over"
            state.active = None
        case _:
            pass  # FriendlyFire, FumbleRolled: narration only
    return state


def _done(state: CwState, side: str) -> None:
    """A unit acted: its side's controls go back to the list of units (no selection, no preview)."""
    state.selected.pop(side, None)  # type: ignore[call-overload]
    state.orders.pop(side, None)  # type: ignore[call-overload]
