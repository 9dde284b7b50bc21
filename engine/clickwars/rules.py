"""decide / legal actions / active seats / outcome for ClickWars (every CW-* rule; how to play: docs/rules/clickwars.md).

`decide` checks an action, writes its events on the shared tape (engine.core.Tape), then `_settle`
runs what follows by itself: the reveal, the next turn with its healing, the round's end, victory.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, TypeAdapter

from engine.core import Action, Dice, Event, OrderStep, Outcome, Pilot, Rejected, Rules, Ruling, Seat, Tape
from engine.core.fast import built, replace
from engine.core.ruling import Number
from engine.core.shapes import snap

from . import actions as a
from . import events as e
from . import orders
from .ai import ClickWarsPilot
from .armies import CHARGE_CM, LIFE, PROFILES, RADIUS_CM
from .checks import (
    MEASURED_SHOT,
    check_fight,
    check_point_shot,
    check_shot,
    fight_ruling,
    free_infantryman,
    move_ruling,
    shot_ruling,
)
from .checks import enemy_unit as _enemy
from .checks import in_phase as _phase
from .checks import own_unit as _own
from .checks import selectable as _selectable
from .combat import charge_damage, gun_attack, melee_attack, ranged_attack
from .commands import charge_order, move_order, resolve_move
from .deploy import check_placement, pieces_to_place, placements_ok, plan
from .evolve import evolve as _evolve
from .legal import legal_actions
from .los import CONTACT_CM, gap
from .messages import refuse
from .movement import MovePlan, charge_end, check_charge, check_move, overlaps_any, push_spot, unit_order
from .options import OBJECTIVE_SCENARIOS, Options
from .state import SEATS, ClickWarsState, Hostage, Unit, deployment_bounds, in_own_area, other
from .terrain import default_terrain
from .victory import instant_result, round_end
from .view import ClickWarsView, make_view

SIDE_LETTER = {"red": "R", "blue": "B"}


def build_units(options: Options) -> list[Unit]:
    """CW-GEN-1, CW-LIF-1, §8.1: one unit per army entry; each gun gets the next free gun crew."""
    units: list[Unit] = []
    for side, army in (("red", options.army_red), ("blue", options.army_blue)):
        mine: list[Unit] = []
        for n, name in enumerate(army, start=1):
            t = PROFILES[name].type
            mine.append(
                Unit(
                    id=f"{SIDE_LETTER[side]}{n}",
                    side=side,
                    profile=name,
                    life=LIFE[t],
                    max_life=LIFE[t],
                    radius=RADIUS_CM[t],
                )
            )
        crews = [i for i, u in enumerate(mine) if u.p.crew]
        for i, g in enumerate(mine):
            if g.is_gun:
                c = crews.pop(0)
                mine[i] = replace(g, crew=mine[c].id)
                mine[c] = replace(mine[c], gun=g.id)
        units += mine
    return units


class ClickWarsRules(Rules[ClickWarsState]):
    """ClickWars: two toy-soldier armies on a measured table."""

    name = "clickwars"
    seats = SEATS
    options_model = Options
    state_model = ClickWarsState
    action_adapter = a.ACTION_ADAPTER
    event_adapter = e.EVENT_ADAPTER
    view_adapter = TypeAdapter(ClickWarsView)

    def setup(self, options: BaseModel, seed: int, dice: Dice) -> list[Event]:
        assert isinstance(options, Options)
        terrain = list(options.terrain) if options.terrain is not None else default_terrain(options.width)
        return [e.GameStarted(seed=seed, options=options, terrain=terrain, units=build_units(options))]

    def decide(self, state: ClickWarsState, seat: Seat, action: Action, dice: Dice) -> list[Event]:
        # Game over and turn order are checked before this runs (engine.core.rules.turn_checked).
        return self.play(state, seat, action, dice)[0]

    def play(
        self, state: ClickWarsState, seat: Seat, action: Action, dice: Dice, *, reuse: bool = False
    ) -> tuple[list[Event], ClickWarsState]:
        """The tape's scratch copy is the state after the events (`Rules.play`): it shares the units
        it did not change with `state`, which is safe because nothing changes a unit in place
        (`evolve` replaces the ones it changes), and `state` itself is left untouched."""
        tape = _Tape(self, state, dice, _evolve)
        _dispatch(tape, seat, action)
        _settle(tape)
        return tape.events, tape.state

    def evolve(self, state: ClickWarsState | None, event: Event) -> ClickWarsState:
        return _evolve(state, event)

    def legal_actions(self, state: ClickWarsState, seat: Seat) -> list[Action]:
        if seat not in self.active_seats(state):
            return []
        return legal_actions(state, seat)

    def active_seats(self, state: ClickWarsState) -> frozenset[Seat]:
        match state.phase:
            case "movement" | "shooting" | "assault":  # asked at every step: the answers are constants
                return _ALONE.get(state.active, _NOBODY)  # type: ignore[arg-type]
            case "counter":
                return _ALONE[other(state.active)] if state.active else _NOBODY
            case "setup":
                return frozenset(s for s in SEATS if s not in state.confirmed)
            case "edge" | "role":
                return _ALONE.get(state.first, _NOBODY)  # type: ignore[arg-type]
            case "quarry":
                return frozenset(s for s in SEATS if s not in state.quarry)
            case "deploy":
                return frozenset(s for s in SEATS if s not in state.ready)
        return _NOBODY

    def turn_of(self, state: ClickWarsState) -> int | None:
        """The army turn being played (one public summary each, issue 27 item 2: a counter-assault
        is part of the turn it answers); 0 for the whole set-up and deployment (one post too)."""
        return state.turn

    def view(self, state: ClickWarsState, seat: Seat | None) -> BaseModel:
        return make_view(state, seat, self.active_seats(state))

    def outcome(self, state: ClickWarsState) -> Outcome | None:
        return state.result

    # --- orders typed in chat (orders.py): fewer clicks per turn, issue 27 item 3 ----------------
    def read_order(self, text: str, seat: Seat) -> list[OrderStep]:
        return list(orders.read(text))

    def order_steps(self, state: ClickWarsState, seat: Seat, steps: Sequence[OrderStep]) -> list[OrderStep]:
        return list(orders.expand(state, seat, [s for s in steps if isinstance(s, orders.CwStep)]))

    def order_goes_on(self) -> bool:
        """Each unit's step stands on its own: a refused one is skipped and the rest go on."""
        return True

    def order_action(self, state: ClickWarsState, seat: Seat, step: OrderStep, done: int) -> Action | None:
        if not isinstance(step, orders.CwStep):
            raise refuse("clickwars.unknown_action")
        return orders.next_action(state, seat, step, done)

    def order_hold(
        self, state: ClickWarsState, seat: Seat, action: Action
    ) -> tuple[tuple[str, dict[str, Any]], ClickWarsState] | None:
        if state.result is not None:  # the checks `play` makes before `decide`
            raise Rejected.game_over()
        if seat not in self.active_seats(state):
            raise Rejected.not_your_turn()
        return orders.hold(state, seat, action)

    def order_price(self, seat: Seat, events: Sequence[Event]) -> tuple[str, dict[str, Any]] | None:
        """What a step did, as its line of the order's report (all of it public)."""
        return orders.result_of(events)

    def pilot(self, seat: Seat) -> Pilot:
        return ClickWarsPilot()

    def resample_hidden(self, state: ClickWarsState, seat: Seat | None, dice: Dice) -> ClickWarsState:
        """Re-place every deployment `seat` may not see (anywhere in its owner's strip)."""
        new = state.model_copy(deep=True)
        if state.phase != "deploy":
            return new
        for side in SEATS:
            if side == seat:
                continue
            lo, hi = deployment_bounds(state, side)
            fresh = {}
            for key in state.pending[side]:
                if key.startswith("H"):
                    fresh[key] = (snap(dice.uniform(2, state.width - 2)), snap(dice.uniform(25, 95)))
                    continue
                r = state.units[key].radius
                fresh[key] = (snap(dice.uniform(r, state.width - r)), snap(dice.uniform(lo + r, hi - r)))
            new.pending[side] = fresh
        return new


_ALONE: dict[Seat, frozenset[Seat]] = {seat: frozenset({seat}) for seat in SEATS}
_NOBODY: frozenset[Seat] = frozenset()


class _Tape(Tape[ClickWarsState]):
    """The core Tape over a scratch copy that shares the units until `evolve` replaces them."""

    def scratch(self, state: ClickWarsState) -> ClickWarsState:
        return state.scratch()


RULES = ClickWarsRules()


# --- dispatch -------------------------------------------------------------------------------------


def _dispatch(t: Tape[ClickWarsState], seat: Seat, action: Action) -> None:
    s = t.state
    match action:
        case a.Move(unit=uid, x=x, y=y, via=via):  # the commonest actions first (a random game's)
            _phase(s, "movement")
            u = _own(s, seat, uid)
            mp = check_move(s, u, (x, y), via)
            t.emit(_moved(uid, mp, move_ruling(s, u, mp)))
            if mp.crew_leaves and u.gun:
                t.emit(e.CrewLeft(unit=uid, gun=u.gun))
        case a.EndPhase():
            _phase(s, "movement", "shooting", "assault", "counter")
            _end_phase(t, seat)
        case a.ConfirmSetup():
            _phase(s, "setup")
            t.emit(e.SetupConfirmed(side=seat))
            if len(t.state.confirmed) == 2:
                _roll_off(t)
        case a.ChooseEdge(edge=edge):
            _phase(s, "edge")
            t.emit(e.EdgeChosen(side=seat, edge=edge, next_phase=_after_edge(s)))
        case a.ChooseRole(role=role):
            _phase(s, "role")
            t.emit(e.RoleChosen(side=seat, role=role, next_phase="deploy"))
        case a.NameQuarry(quarry=quarry):
            _phase(s, "quarry")
            _check_quarry(s, seat, quarry)
            done = len(s.quarry) + 1 == 2
            t.emit(e.QuarryNamed(side=seat, quarry=quarry, next_phase="deploy" if done else "quarry"))
        case a.PlaceUnit(unit=uid, x=x, y=y):
            _phase(s, "deploy")
            if uid not in pieces_to_place(s, seat):
                raise refuse("clickwars.not_yours", unit=uid)
            x, y = snap(x), snap(y)
            check_placement(s, seat, uid, x, y)
            t.emit(e.UnitPlaced(side=seat, unit=uid, x=x, y=y))
        case a.AutoDeploy(plan=kind):
            _phase(s, "deploy")
            t.emit(e.DeploymentPlanned(side=seat, plan=kind, positions=plan(s, seat, kind)))
        case a.ConfirmDeployment():
            _phase(s, "deploy")
            _confirm_deployment(t, seat)
        case a.Charge(unit=uid, bearing=bearing):
            _phase(s, "movement")
            _charge(t, _own(s, seat, uid), bearing)
        case a.Crew(unit=uid, gun=gid):
            _phase(s, "movement")
            _crew(t, seat, _own(s, seat, uid), gid)
        case a.Shoot(unit=uid, target=tid, indirect=indirect):
            _phase(s, "shooting")
            _shoot(t, _own(s, seat, uid), _enemy(s, seat, tid), indirect)
        case a.ShootPoint(unit=uid, x=x, y=y):
            _phase(s, "shooting")
            _shoot_point(t, _own(s, seat, uid), (x, y))
        case a.Fight(unit=uid, target=tid):
            _phase(s, "assault", "counter")
            _fight(t, _own(s, seat, uid), _enemy(s, seat, tid))
        case a.Select(unit=uid):
            _phase(s, "movement", "shooting", "assault", "counter")
            if uid:
                _selectable(s, _own(s, seat, uid))
            t.emit(e.UnitSelected(side=seat, unit=uid))
        case a.PlanMove(unit=uid, x=x, y=y, toward=toward, bearing=bearing, distance=distance):
            _phase(s, "movement")
            u = _own(s, seat, uid)
            mp = resolve_move(s, u, x=x, y=y, toward=toward, bearing=bearing, distance=distance)
            t.emit(e.OrderPlanned(side=seat, order=move_order(s, u, mp)))
        case a.PlanCharge(unit=uid, bearing=bearing):
            _phase(s, "movement")
            t.emit(e.OrderPlanned(side=seat, order=charge_order(s, _own(s, seat, uid), bearing)))
        case a.Confirm():
            _phase(s, "movement")
            order = s.orders.get(seat)
            if order is None:
                raise refuse("clickwars.nothing_to_confirm")
            if order.kind == "charge":
                _dispatch(t, seat, a.Charge(unit=order.unit, bearing=order.bearing or 0))
            else:
                (x, y), via = order.path[-1], tuple(order.path[1:-1])
                _dispatch(t, seat, a.Move(unit=order.unit, x=x, y=y, via=via))
        case _:
            raise refuse("clickwars.unknown_action")


_MOVED_SET = ("unit", "path", "cost", "fled", "crew", "crew_to", "hostage", "hostage_to")  # all but kind


def _moved(uid: str, mp: MovePlan, ruling: Ruling | None = None) -> e.Moved:
    """`e.Moved(unit=uid, path=mp.path, ...)` of a checked move, built without validation when its
    values already have their types: a validated `Moved` costs about 25,000 machine instructions at
    every move of every game, this about 10,000. The path's points after the first are snapped
    floats (`snap`), the cost a rounded float, the crewman's and hostage's spots floats; the first
    point is the unit's place, a float unless a test wrote an int into the unit (then the validated
    event, which makes it a float). tests/engine/clickwars/test_speed_paths.py checks that it is
    the validated event, field for field, at every move of seeded games."""
    x0, y0 = mp.path[0]
    if type(x0) is float and type(y0) is float:
        values = {
            "kind": "moved",
            "unit": uid,
            "path": mp.path,
            "cost": mp.cost,
            "fled": mp.fled,
            "crew": mp.crew,
            "crew_to": mp.crew_to,
            "hostage": mp.hostage,
            "hostage_to": mp.hostage_to,
        }
        values = {"kind": "moved", "ruling": ruling, **values}  # the fields in the model's order
        return built(e.Moved, values, set(_MOVED_SET) | ({"ruling"} if ruling is not None else set()))
    return e.Moved(
        unit=uid,
        path=mp.path,
        cost=mp.cost,
        fled=mp.fled,
        crew=mp.crew,
        crew_to=mp.crew_to,
        hostage=mp.hostage,
        hostage_to=mp.hostage_to,
        ruling=ruling,
    )


def _after_edge(s: ClickWarsState) -> str:
    if s.options.scenario in OBJECTIVE_SCENARIOS:
        return "role"
    return "quarry" if s.options.scenario == "hunt" else "deploy"


def _roll_off(t: Tape[ClickWarsState]) -> None:
    """CW-DEP-3: d10 each, highest starts, ties re-rolled."""
    rolls = []
    while True:
        r, b = t.dice.roll(10, 2)
        rolls.append((r, b))
        if r != b:
            break
    winner = "red" if rolls[-1][0] > rolls[-1][1] else "blue"
    s = t.state
    nxt = "edge" if s.options.terrain is not None else _after_edge(s)
    told = Ruling(  # `/why`: every pair rolled, the last one decided
        rules=("CW-DEP-3",),
        numbers={"red_rolls": tuple(r for r, _ in rolls), "blue_rolls": tuple(b for _, b in rolls)},
    )
    t.emit(e.RolledOff(rolls=rolls, winner=winner, next_phase=nxt, ruling=told))


def _check_quarry(s: ClickWarsState, seat: Seat, quarry: str) -> None:
    """§8.6 hunt: an own figure (by id) or an own profile (all of that type); never a gun."""
    mine = [u for u in s.units.values() if u.side == seat and not u.is_gun]
    if any(u.id == quarry for u in mine) or any(u.profile == quarry for u in mine):
        return
    raise refuse("clickwars.bad_quarry", quarry=quarry)


def _confirm_deployment(t: Tape[ClickWarsState], seat: Seat) -> None:
    s = t.state
    placed = s.pending[seat]
    missing = [k for k in pieces_to_place(s, seat) if k not in placed]
    if missing:
        raise refuse("clickwars.deploy_missing", units=", ".join(missing))
    if not placements_ok(s, seat):  # the same answer for all at once; per piece to name the refusal
        for key, (x, y) in placed.items():
            check_placement(s, seat, key, x, y)
    for g in (u for u in s.units.values() if u.side == seat and u.is_gun and u.crew):
        gx, gy = placed[g.id]
        c = s.units[g.crew]  # type: ignore[index]
        cx, cy = placed[c.id]
        if math.hypot(gx - cx, gy - cy) - g.radius - c.radius > CONTACT_CM + 1e-9:
            raise refuse("clickwars.crew_contact", unit=c.id, gun=g.id)
    t.emit(e.DeploymentReady(side=seat))
    if len(t.state.ready) == 2:
        positions: dict[str, tuple[float, float]] = {}
        hostages = []
        for side in SEATS:
            for key, xy in t.state.pending[side].items():
                if key.startswith("H"):
                    hostages.append(Hostage(id=key, x=float(xy[0]), y=float(xy[1])))
                else:
                    positions[key] = xy
        t.emit(e.DeploymentRevealed(positions=positions, hostages=hostages))
        _begin_turn(t, t.state.first or "red", 1, 1)


def _begin_turn(t: Tape[ClickWarsState], side: Seat, rnd: int, turn: int) -> None:
    t.emit(e.TurnBegan(side=side, round=rnd, turn=turn))
    s = t.state
    # CW-LIF-3 (A19): at the start of the owner's turn, each wounded unit centred in its own area heals 1d10.
    # Its own figures only, in the army's order; sorted are only those that may heal (wounded, or
    # fallen when the dead may be recovered: what the loop asks first, and no other unit's healing
    # changes it).
    recover = s.options.recover_dead
    mine = [
        u
        for u in s.units.values()
        if u.side == side
        and not u.is_gun
        and u.x is not None
        and (u.life < u.max_life if u.alive else recover)
    ]
    for u in sorted(mine, key=lambda u: unit_order(u.id)):
        if u.alive and u.life < u.max_life and in_own_area(s, u):
            roll = t.dice.roll(10)[0]
            life = min(u.max_life, u.life + roll)
            told = Ruling(
                rules=("CW-LIF-3", "CW-DEP-1"),
                numbers={"heal_roll": roll, "life_before": u.life, "life_now": life, "life_max": u.max_life},
            )
            t.emit(e.Healed(unit=u.id, roll=roll, life=life, ruling=told))
        elif not u.alive and s.options.recover_dead and in_own_area(s, u):
            if overlaps_any(s, u.x, u.y, u.radius, {u.id}) is None:  # type: ignore[arg-type]
                roll = t.dice.roll(10)[0]
                life = min(u.max_life, roll)
                told = Ruling(
                    rules=("CW-LIF-2", "CW-LIF-3", "CW-DEP-1"),
                    numbers={"heal_roll": roll, "life_now": life, "life_max": u.max_life},
                )
                t.emit(e.Healed(unit=u.id, roll=roll, life=life, recovered=True, ruling=told))


CHARGE_MEASURED = {
    # a charge refused by its line or its corridor -> the rule that refused it, what stood in the way
    "clickwars.charge_short": ("CW-CHG-2", None),
    "clickwars.charge_terrain": ("CW-CHG-1", "area"),
    "clickwars.charge_end_occupied": ("CW-CHG-2", "other"),
    "clickwars.charge_blocked": ("CW-CHG-3", "other"),
    "clickwars.charge_lancer": ("CW-CHG-7", "other"),
}
"""The refusals of a charge that its 30 cm line or its corridor made: they carry the line (`/why`)."""


def charge_refusal_ruling(u: Unit, bearing: int, no: Rejected) -> Ruling | None:
    """What a refused charge was measured on (`/why`): the straight 30 cm line and the corridor its
    base would sweep (§8.4), and what stood in the way (a base, a terrain piece), by name."""
    known = CHARGE_MEASURED.get(no.message_id)
    if known is None:
        return None
    rule, key = known
    numbers: dict[str, Number] = {"charge_cm": CHARGE_CM, "corridor_cm": round(2 * u.radius, 1)}
    if key is not None and no.params.get(key) not in (None, "?"):
        numbers["in_the_way"] = str(no.params[key])
    rules = ("CW-CHG-1", "CW-CHG-2") + (() if rule in ("CW-CHG-1", "CW-CHG-2") else (rule,))
    return Ruling(rules=rules, numbers=numbers, path=(u.xy, charge_end(u, bearing)))


def _charge(t: Tape[ClickWarsState], u: Unit, bearing: int) -> None:
    try:
        plan_ = check_charge(t.state, u, bearing)
    except Rejected as no:  # the line or its corridor said no: the measure is told (`/why`)
        raise no.ruled(charge_refusal_ruling(u, bearing, no)) from None
    told = Ruling(  # `/why`: the 30 cm straight line, the corridor the base sweeps, who is in it
        rules=("CW-CHG-1", "CW-CHG-2", "CW-CHG-3", "CW-CHG-4") if plan_.victims else ("CW-CHG-1", "CW-CHG-2"),
        numbers={
            "charge_cm": CHARGE_CM,
            "corridor_cm": round(2 * u.radius, 1),
            "in_corridor": len(plan_.victims),
        },
        path=(plan_.start, plan_.end),
    )
    t.emit(e.Charged(unit=u.id, bearing=bearing, frm=plan_.start, to=plan_.end, radius=u.radius, ruling=told))
    for vid in plan_.victims:
        charge_damage(t, vid)
        v = t.state.units[vid]
        if v.alive:
            spot = push_spot(t.state, v, plan_.start, plan_.end, u.radius)
            if spot != v.xy:
                t.emit(e.Pushed(unit=vid, to=spot))
            v = t.state.units[vid]
            if v.gun is not None:
                g = t.state.units[v.gun]
                if gap(v, g) > CONTACT_CM + 1e-9:
                    t.emit(e.CrewLeft(unit=vid, gun=g.id))


def _crew(t: Tape[ClickWarsState], seat: Seat, u: Unit, gid: str) -> None:
    """CW-ART-8: an infantryman in base contact with an uncrewed friendly gun becomes its crewman."""
    s = t.state
    g = s.units.get(gid)
    if g is None or not g.is_gun or g.side != seat or not g.placed:
        raise refuse("clickwars.not_a_gun", unit=gid)
    if g.crew is not None:
        raise refuse("clickwars.gun_has_crew", unit=gid, crew=g.crew)
    if not free_infantryman(u):
        raise refuse("clickwars.cannot_crew", unit=u.id)
    if gap(u, g) > CONTACT_CM + 1e-9:
        raise refuse("clickwars.not_in_contact", unit=u.id, gun=gid, gap=round(gap(u, g), 1))
    t.emit(e.CrewJoined(unit=u.id, gun=gid))


MEASURED = MEASURED_SHOT | {"clickwars.out_of_reach"}
"""The refusals of a shot or a fight that a measure made: they carry its ruling (`/why`)."""


def _shoot(t: Tape[ClickWarsState], u: Unit, target: Unit, indirect: bool) -> None:
    s = t.state
    try:
        target, aimed = check_shot(s, u, target, indirect)
    except Rejected as no:  # out of range or out of sight: the measures said no (`/why`)
        raise no.ruled(shot_ruling(s, u, target, indirect) if no.message_id in MEASURED else None) from None
    ruling = shot_ruling(s, u, aimed or target, indirect)
    if u.is_gun:
        gun_attack(t, u, s.units[u.crew], target, target.xy, indirect, ruling)  # type: ignore[index]
        return
    w = u.ranged()
    assert w is not None
    ranged_attack(t, u, target, w, aimed.id if aimed else None, ruling)


def _shoot_point(t: Tape[ClickWarsState], u: Unit, point: tuple[float, float]) -> None:
    s = t.state
    crew, x, y, ruling = check_point_shot(s, u, point)
    gun_attack(t, u, crew, None, (x, y), True, ruling)


def _fight(t: Tape[ClickWarsState], u: Unit, target: Unit) -> None:
    try:
        target, aimed = check_fight(t.state, u, target)
    except Rejected as no:  # out of reach: the measure said no (`/why`)
        raise no.ruled(fight_ruling(t.state, u, target) if no.message_id in MEASURED else None) from None
    melee_attack(t, u, target, aimed.id if aimed else None, fight_ruling(t.state, u, aimed or target))


def _end_phase(t: Tape[ClickWarsState], seat: Seat) -> None:
    s = t.state
    nxt = {"movement": "shooting", "shooting": "assault"}.get(s.phase)
    if nxt is None:
        nxt = "counter" if s.phase == "assault" and s.options.assault_both_sides else "end"
    t.emit(e.PhaseEnded(side=seat, phase=s.phase, next_phase=nxt))
    if nxt != "end":
        return
    s = t.state
    active = s.active or "red"
    if active == s.first:
        _begin_turn(t, other(active), s.round, s.turn + 1)
        return
    done = round_end(t)  # the second player's turn closes the round (A1)
    if not done:
        _begin_turn(t, s.first or "red", s.round + 1, s.turn + 1)


def _settle(t: Tape[ClickWarsState]) -> None:
    """Instant victories (extermination, the hunt, a rescued hostage) after every decision."""
    s = t.state
    if s.result is None and s.phase in ("movement", "shooting", "assault", "counter", "end"):
        result = instant_result(s)
        if result is not None:
            t.emit(e.GameEnded(outcome=result))
