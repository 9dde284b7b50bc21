"""decide / evolve / legal_actions / active_seats / view / outcome for Space Hulk (1st edition).

`decide` validates an action with the shared queries, writes its events on a tape, then `_settle`
runs the agenda's automatic steps (overwatch fire, conversions, the end phase, the next turn) until a
seat must choose. Mission predicates are checked after every decision ("immediate"), at the end of
the Marine action phase and in the end phase (SHB-12.7).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, TypeAdapter

from engine.core import Action, Dice, Event, Outcome, Pilot, Rejected, Rules, Seat

from . import actions as a
from . import blips, combat
from .actions import ACTION_ADAPTER
from .board import Square
from .events import (
    EVENT_ADAPTER,
    Activated,
    CommandPointsDiscarded,
    CommandPointsDrawn,
    DoorChanged,
    Exited,
    FacingSet,
    FlamesOut,
    GameEnded,
    GameStarted,
    JamCleared,
    JamsCleared,
    MarinePhaseEnded,
    Moved,
    OverwatchCleared,
    OverwatchEnded,
    OverwatchSet,
    Spent,
    StealerPhaseEnded,
    TimerExpired,
    TurnBegan,
    Turned,
)
from .evolve import evolve as _evolve
from .legal import choice_actions, interrupt_eligible, marine_actions, stealer_actions
from .missions import Checks, Moment, get_mission
from .options import Options
from .queries import Problem, Q, problem, who
from .state import (
    MARINE_AP,
    AgBeginTurn,
    AgConversions,
    AgEndPhase,
    AgFaceAttacker,
    AgFacing,
    AgFreeShot,
    AgInterrupt,
    AgOverwatch,
    AgOverwatchPick,
    AgPlace,
    AgReinforce,
    AgRevealShots,
    Piece,
    ShState,
    chooser_of,
)
from .tape import Tape
from .views import ShView, make_view

SEATS = ("marine", "genestealer")
OPTIONAL_STEPS = (AgInterrupt, AgFreeShot, AgFaceAttacker)


class SpaceHulkRules(Rules[ShState]):
    """Space Hulk, 1st edition, with an edition flag for every open question of the digest."""

    name = "spacehulk"
    seats = SEATS
    options_model = Options
    state_model = ShState
    action_adapter = ACTION_ADAPTER
    event_adapter = EVENT_ADAPTER
    view_adapter = TypeAdapter(ShView)

    # --- setup -------------------------------------------------------------------------------
    def setup(self, options: BaseModel, seed: int, dice: Dice) -> list[Event]:
        assert isinstance(options, Options)
        mission = get_mission(options.mission)
        board = mission.board
        pieces: dict[str, Piece] = {}
        for i, spec in enumerate(mission.marines):
            deploy = board.deployments[i] if i < len(board.deployments) else None
            pos = spec.square or (deploy.square if deploy else None)
            facing = spec.facing or (deploy.facing if deploy else "N")
            if pos is None:
                raise ValueError(f"mission {mission.id}: no square for Marine {spec.name}")
            pid = f"m{i + 1}"
            pieces[pid] = Piece(
                id=pid,
                kind="marine",
                pos=pos,
                facing=facing,
                ap=MARINE_AP,
                name=spec.name,
                weapon=spec.weapon,
                sergeant=spec.sergeant,
                squad=spec.squad,
                ammo=mission.flamer_shots if spec.weapon == "heavy_flamer" else 0,
            )
        agenda: list[Any] = [AgBeginTurn()]
        if mission.start_blips:
            agenda.append(AgReinforce(remaining=mission.start_blips))  # SHB-10.3: blips at the start
        state = ShState(
            seed=seed,
            options=options,
            mission=mission,
            pieces=pieces,
            next_id=len(pieces) + 1,
            doors=[d.initial for d in board.doors],
            bag=dict(mission.blip_bag or options.blip_bag),
            agenda=agenda,
        )
        tape = Tape(state, dice)
        _settle(tape)
        return [GameStarted(state=state), *tape.events]

    # --- the rules ---------------------------------------------------------------------------
    def decide(self, state: ShState, seat: Seat, action: Action, dice: Dice) -> list[Event]:
        if state.outcome is not None:
            raise Rejected("spacehulk.game_over", "This game is over.")
        if seat not in self.active_seats(state):
            raise Rejected("spacehulk.not_your_turn", "It is not your turn to act.")
        tape = Tape(state, dice)
        _dispatch(tape, seat, action)
        _settle(tape)
        return tape.events

    def evolve(self, state: ShState | None, event: Event) -> ShState:
        return _evolve(state, event)

    def legal_actions(self, state: ShState, seat: Seat) -> list[Action]:
        if seat not in self.active_seats(state):
            return []
        q = Q(state)
        top = state.top()
        if top is not None:
            return choice_actions(q, top)
        if state.phase == "marine":
            return [*marine_actions(q), a.EndTurn()]
        if state.phase == "stealer":
            return [*stealer_actions(q), a.EndTurn()]
        return []

    def active_seats(self, state: ShState) -> frozenset[Seat]:
        if state.outcome is not None:
            return frozenset()
        top = state.top()
        if top is not None:
            chooser = chooser_of(top)
            return frozenset({chooser}) if chooser else frozenset()
        if state.phase == "marine":
            return frozenset({"marine"})
        if state.phase == "stealer":
            return frozenset({"genestealer"})
        return frozenset()

    def view(self, state: ShState, seat: Seat | None) -> BaseModel:
        return make_view(state, seat, self.active_seats(state))

    def outcome(self, state: ShState) -> Outcome | None:
        return state.outcome

    def pilot(self, seat: Seat) -> Pilot:
        from .ai import GenestealerPilot, MarinePilot

        return MarinePilot() if seat == "marine" else GenestealerPilot()

    def time_limits(self, state: ShState) -> list[tuple[Seat, str, float, Action]]:
        """Deadlines for the platform (the engine never reads a clock; SHB-3.1, SHB-3.5, Q18).

        Real time: the Marine action phase lasts `timer_seconds`, then TimeExpired. Budget: each Marine
        prompt has `timer_budget_s`; on expiry the phase ends, an optional step is passed, or a required
        choice takes its first legal answer. Untimed: none.
        """
        if state.outcome is not None or "marine" not in self.active_seats(state):
            return []
        mode = state.options.timer_mode
        if mode == "realtime" and state.phase == "marine" and not state.time_up and state.timer_seconds:
            return [("marine", f"marine-turn-{state.turn}", float(state.timer_seconds), a.TimeExpired())]
        if mode == "budget":
            top = state.top()
            if top is None:
                action: Action = a.TimeExpired()
            elif isinstance(top, OPTIONAL_STEPS):
                action = a.Pass()
            else:
                action = self.legal_actions(state, "marine")[0]
            return [("marine", f"prompt-{state.version}", float(state.options.timer_budget_s), action)]
        return []

    def resample_hidden(self, state: ShState, seat: Seat | None, dice: Dice) -> ShState:
        """Re-randomize everything `seat` may not know: blip values and the bag; the CP chit."""
        s = state.clone()
        if seat != "genestealer":
            _resample_blips(s, dice)
        if seat != "marine":
            _resample_cp(s, dice)
        return s


def _resample_blips(s: ShState, dice: Dice) -> None:
    in_play = sorted(s.blips, key=lambda b: int(b[1:]))
    if s.options.blip_draw == "with_replacement":
        pool = [v for v, n in sorted((s.mission.blip_bag or s.options.blip_bag).items()) for _ in range(n)]
        for b in in_play:
            s.blips[b] = dice.choice(pool)
        return
    pool = [s.blips[b] for b in in_play] + [v for v, n in sorted(s.bag.items()) for _ in range(n)]
    pool = dice.shuffled(pool)
    for b, v in zip(in_play, pool, strict=False):
        s.blips[b] = v
    bag: dict[int, int] = {v: 0 for v in s.bag}
    for v in pool[len(in_play) :]:
        bag[v] = bag.get(v, 0) + 1
    s.bag = bag


def _resample_cp(s: ShState, dice: Dice) -> None:
    if s.turn >= 1 and s.phase in ("marine", "stealer"):
        drawn = dice.randint(max(1, s.cp_spent), max(6, s.cp_spent))
        s.cp_drawn, s.cp = drawn, drawn - s.cp_spent


# --- dispatch ------------------------------------------------------------------------------------


def _dispatch(tape: Tape, seat: Seat, action: Action) -> None:
    top = tape.s.top()
    match action:
        case a.TimeExpired():
            _time_expired(tape)
        case a.Pass():
            if not isinstance(top, OPTIONAL_STEPS):
                raise Rejected("spacehulk.nothing_to_pass", "There is nothing to pass.")
            tape.pop()
        case a.PlaceBlip(area=area):
            if not isinstance(top, AgReinforce):
                raise _pending(top)
            if area not in blips.areas_with_room(tape):
                raise Rejected("spacehulk.area_full", "Entry area {area} cannot take a blip.", area=area)
            blips.place_blip(tape, top, area)
        case a.PlaceStealer(square=sq):
            if not isinstance(top, AgPlace):
                raise _pending(top)
            if tuple(sq) not in tape.placement_squares(top.origin, top.voluntary):
                raise Rejected("spacehulk.place_bad", "A Genestealer cannot be placed there.")
            blips.place_stealer(tape, top, tuple(sq))
        case a.SetFacing(model=model, facing=facing):
            if not isinstance(top, AgFacing) or top.models[0] != model:
                raise _pending(top)
            tape.emit(FacingSet(model=model, facing=facing))
            _advance_facing(tape, top)
        case a.PickTarget(model=model, target=target):
            if not isinstance(top, AgOverwatchPick) or top.marine != model or target not in top.candidates:
                raise _pending(top)
            tape.pop()
            _pick_shot(tape, top, target)
        case a.EndTurn():
            if top is not None:
                raise _pending(top)
            if tape.s.phase == "marine":
                _end_marine_phase(tape, "declared")
            else:
                _end_stealer_phase(tape)
        case a.Fire(use="free") if isinstance(top, AgFreeShot):
            _free_shot(tape, top, action)
        case a.Turn(use="free") if isinstance(top, AgFaceAttacker):
            if action.model != top.model or action.facing != top.toward:
                raise Rejected("spacehulk.face_only", "The free turn can only face the attacker.")
            if action.fire:
                raise Rejected(
                    "spacehulk.face_no_fire", "The free turn to face the attacker carries no shot."
                )
            tape.pop()
            tape.emit(Turned(model=top.model, facing=top.toward))
        case _:
            if top is not None and not (seat == "marine" and isinstance(top, AgInterrupt)):
                raise _pending(top)
            _piece_action(tape, seat, action, top if isinstance(top, AgInterrupt) else None)


def _sq(value: Any) -> Square:
    """A square from an action field or a known position."""
    x, y, z = value
    return (x, y, z)


def _pending(top: Any) -> Rejected:
    step = getattr(top, "kind", "none")
    return Rejected("spacehulk.pending", "Answer the pending step first ({step}).", step=step)


def _time_expired(tape: Tape) -> None:
    if tape.s.phase != "marine" or tape.s.time_up or tape.opt.timer_mode == "untimed":
        raise Rejected("spacehulk.no_timer", "No Marine timer is running.")  # Q18: untimed has none
    tape.emit(TimerExpired())  # SHB-3.5: the phase ends once the action in progress resolves


# --- piece actions -------------------------------------------------------------------------------


def _piece_action(tape: Tape, seat: Seat, action: Action, interrupt: AgInterrupt | None) -> None:
    model = getattr(action, "model", None)
    p = tape.s.pieces.get(model) if isinstance(model, str) else None
    if p is None:
        raise Rejected("spacehulk.no_model", "There is no model {model}.", model=str(model))
    if (p.kind == "marine") != (seat == "marine"):
        raise Rejected("spacehulk.not_yours", "{name} is not yours.", name=who(p))
    cost, free_turn = _cost(tape, p, action)
    ap, cp, activate = _payment(tape, seat, p, cost, getattr(action, "use", "ap"), interrupt)
    if interrupt is not None:
        tape.pop()  # SHB-5.3: one action per triggering Stealer action
    if activate:
        tape.emit(Activated(model=p.id))
    if ap or cp:
        tape.emit(Spent(model=p.id, ap=ap, cp=cp))
    if p.kind == "marine" and p.overwatch and not isinstance(action, a.Overwatch):
        tape.emit(OverwatchEnded(model=p.id, reason="acted"))  # SHB-8.4: any action cancels overwatch
    _push_follow_ups(tape, p, action)
    _execute(tape, tape.s.pieces[p.id], action, free_turn)


def _cost(tape: Tape, p: Piece, action: Action) -> tuple[int, Any]:
    """The AP cost of a piece action (SHB-4.3), or raise the refusal."""
    found: int | Problem | tuple[int, Any]
    match action:
        case a.Move(to=to, fire=fire, facing=facing):
            found = tape.move_cost(p, _sq(to), fire=fire, facing=facing)
        case a.Turn(facing=facing, fire=fire):
            found = tape.turn_cost(p, facing, fire=fire)
            if not isinstance(found, Problem):
                return found
        case a.Door(square=sq):
            found = tape.door_cost(p, _sq(sq))
        case a.Fire(at=at):
            key = tape.fire_target(p, _sq(at))
            found = key if isinstance(key, Problem) else 1
        case a.Overwatch():
            found = tape.can_fire_at_all(p) or (
                problem("overwatch.already", "{name} is already on overwatch.", name=who(p))
                if p.overwatch
                else 2
            )
        case a.ClearJam():
            found = 1 if p.jammed else problem("jam.none", "The storm bolter is not jammed.")
        case a.Flame(at=at):
            found = tape.flame_problem(p, _sq(at)) or 2
        case a.SelfDestruct():
            found = _self_destruct_problem(tape, p) or 1
        case a.Assault():
            target = tape.assault_target(p)
            found = target if isinstance(target, Problem) else 1
        case a.Exit():
            ok = p.kind == "marine" and p.pos in tape.board.exits
            found = (
                1 if ok else problem("exit.not_here", "Only a Marine on an exit square can leave the board.")
            )
        case a.Convert():
            found = _convert_problem(p) or 0
        case _:
            raise Rejected("spacehulk.unknown_action", "That action is not part of this game.")
    if isinstance(found, Problem):
        raise found.reject()
    return found, None  # type: ignore[return-value]


def _self_destruct_problem(tape: Tape, p: Piece) -> Problem | None:
    if not tape.opt.flamer_self_destruct:
        return problem("destruct.off", "Heavy flamer self-destruct is not used in this game.")  # Q16
    if p.weapon != "heavy_flamer" or p.ammo <= 0:
        return problem("destruct.no_fuel", "Only a heavy flamer with a shot left can self-destruct.")
    return None


def _convert_problem(p: Piece) -> Problem | None:
    if p.kind != "blip":
        return problem("convert.not_blip", "Only a blip can convert.")
    if p.acted:
        return problem("convert.acted", "A blip that moved or acted this turn cannot convert.")  # SHB-10.6
    return None


def _payment(
    tape: Tape, seat: Seat, p: Piece, cost: int, use: str, interrupt: AgInterrupt | None
) -> tuple[int, int, bool]:
    """(AP, CP, activates) paid for an action (SHB-4.2, SHB-5.2, SHB-5.3), or raise."""
    s = tape.s
    name = who(p)
    if use == "free":
        raise Rejected("spacehulk.pay_free", "Only a free shot or a free turn is taken without paying.")
    if seat == "genestealer":
        if s.phase != "stealer":
            raise Rejected("spacehulk.not_stealer_phase", "Genestealers act only in their action phase.")
        if use != "ap":
            raise Rejected("spacehulk.pay_stealer_ap", "Genestealers pay with their own action points.")
        if p.id != s.active and p.activated:
            raise Rejected(
                "spacehulk.activation_done", "{name} has already been activated this turn.", name=name
            )
        if cost > p.ap:
            raise Rejected(
                "spacehulk.pay_no_ap", "That costs {cost} AP; {name} has {ap}.", cost=cost, name=name, ap=p.ap
            )
        return cost, 0, p.id != s.active
    if interrupt is not None:
        if use != "cp":
            raise Rejected("spacehulk.pay_cp_only", "In the Genestealer turn only command points can pay.")
        if p.id not in {m.id for m in interrupt_eligible(tape, interrupt)}:
            raise Rejected("spacehulk.not_witness", "{name} did not see that action.", name=name)
    elif s.phase != "marine":
        raise Rejected(
            "spacehulk.not_marine_phase", "Marines act now only by interrupting with command points."
        )
    if use == "cp" or interrupt is not None:
        if cost > s.cp:
            raise Rejected("spacehulk.pay_no_cp", "That costs {cost} CP; you have {cp}.", cost=cost, cp=s.cp)
        return 0, cost, False
    if p.id != s.active and p.activated:
        raise Rejected(
            "spacehulk.activation_marine_done",
            "{name} has already been activated this turn; only command points can pay for it now.",
            name=name,
        )
    ap = min(p.ap, cost)
    if cost - ap > s.cp:
        raise Rejected(
            "spacehulk.pay_short",
            "That costs {cost} AP; {name} has {ap} AP and you have {cp} CP.",
            cost=cost,
            name=name,
            ap=p.ap,
            cp=s.cp,
        )
    return ap, cost - ap, p.id != s.active


def _push_follow_ups(tape: Tape, p: Piece, action: Action) -> None:
    """Steps that run after the action, pushed first so the action's own steps land on top."""
    if p.kind == "marine":
        fire = bool(getattr(action, "fire", False))
        # SHB-10.7: check conversions after the move (the shot may target what it revealed) and
        # again after the free shot (a kill or a destroyed door may uncover a blip).
        tape.push(*([AgConversions(), AgFreeShot(marine=p.id)] if fire else []), AgConversions())
        return
    door: Square | None = _sq(action.square) if isinstance(action, a.Door) else None
    watched = [sq for sq in (p.pos if p.kind == "genestealer" else None, door) if sq is not None]
    witnesses = tuple(m.id for m in tape.marines() if any(tape.sees(m, sq) for sq in watched))
    steps: list[Any] = [
        AgInterrupt(actor=p.id, witnesses=witnesses, door=door, since=tape.s.next_id),
        AgConversions(),
    ]
    if p.kind == "genestealer":
        steps.append(AgOverwatch(target=p.id))  # SHB-8.4: after any action, in arc, LoS, range 12
    tape.push(*steps)


def _execute(tape: Tape, p: Piece, action: Action, free_turn: Any) -> None:
    match action:
        case a.Move(to=to, facing=facing):
            tape.emit(Moved(model=p.id, frm=p.pos, to=_sq(to), facing=facing))
        case a.Turn(facing=facing):
            tape.emit(Turned(model=p.id, facing=facing, free_turn=free_turn))
        case a.Door(square=sq):
            door = _sq(sq)
            tape.emit(
                DoorChanged(
                    square=door, status="open" if tape.s.door_status(door) == "closed" else "closed", by=p.id
                )
            )
        case a.Fire(at=at):
            target = tape.fire_target(p, _sq(at))
            assert isinstance(target, str)
            combat.aimed_shot(tape, p, _sq(at), target, free=False)
        case a.Overwatch():
            tape.emit(OverwatchSet(model=p.id))
        case a.ClearJam():
            tape.emit(JamCleared(model=p.id))
        case a.Flame(at=at):
            combat.flame(tape, p, _sq(at))
        case a.SelfDestruct():
            combat.self_destruct(tape, p)
        case a.Assault():
            victim = tape.assault_target(p)
            assert isinstance(victim, str)
            combat.assault(tape, p, victim)
        case a.Exit():
            tape.emit(Exited(model=p.id))
        case a.Convert():
            blips.convert(tape, p, voluntary=True)


def _free_shot(tape: Tape, top: AgFreeShot, action: a.Fire) -> None:
    m = tape.s.pieces.get(top.marine)
    if m is None or action.model != m.id:
        raise Rejected("spacehulk.free_shot_other", "The free shot belongs to the Marine who moved.")
    key = tape.fire_target(m, _sq(action.at))
    if isinstance(key, Problem):
        raise key.reject()
    tape.pop()
    combat.aimed_shot(tape, m, _sq(action.at), key, free=True)


def _advance_facing(tape: Tape, top: AgFacing) -> None:
    rest = top.models[1:]
    if rest:
        tape.replace_top(top.model_copy(update={"models": rest}))
    else:
        tape.pop()


def _pick_shot(tape: Tape, top: AgOverwatchPick, target: str) -> None:
    m = tape.s.pieces.get(top.marine)
    if m is not None and m.overwatch and not m.jammed:
        combat.overwatch_shot(tape, m, target, top.squares[top.candidates.index(target)])


# --- phases --------------------------------------------------------------------------------------


def _end_marine_phase(tape: Tape, reason: str) -> None:
    tape.emit(MarinePhaseEnded(reason=reason))  # type: ignore[arg-type]
    if _check(tape, "marine_phase_end"):
        return
    n = tape.s.mission.reinforcements_for(tape.s.turn)
    if n > 0:
        tape.push(AgReinforce(remaining=n))  # SHB-2.3: the reinforcement phase opens the Stealer turn


def _end_stealer_phase(tape: Tape) -> None:
    tape.emit(StealerPhaseEnded())
    if tape.s.burning:
        tape.emit(FlamesOut(squares=tuple(tape.s.burning)))  # SHB-2.4, SHB-9.5
    if not tape.opt.overwatch_persists:
        on = tuple(m.id for m in tape.marines() if m.overwatch)
        if on:
            tape.emit(OverwatchCleared(models=on))  # SHB-2.4, SHB-8.7, Q4
    tape.push(AgEndPhase(), AgConversions())  # flames out may reveal blips (SHB-10.7)


def _begin_turn(tape: Tape) -> None:
    s = tape.s
    opt = tape.opt
    timer = None
    if opt.timer_mode == "realtime":
        leaders = sum(1 for m in tape.marines() if m.sergeant)  # SHB-3.1, SHB-3.2
        timer = opt.timer_base_s + opt.timer_per_leader_s * leaders
    tape.emit(TurnBegan(turn=s.turn + 1, timer_seconds=timer))
    if opt.jams_clear_each_turn:
        jammed = tuple(m.id for m in tape.marines() if m.jammed)
        if jammed:
            tape.emit(JamsCleared(models=jammed))
    tape.emit(CommandPointsDrawn(cp=tape.dice.randint(1, 6)))  # SHB-5.1


def _check(tape: Tape, moment: Moment) -> bool:
    """Evaluate the mission's predicates; end the game if one is met."""
    if tape.s.outcome is not None:
        return True
    found = tape.s.mission.check(tape.s, moment, Checks(sealed=tape.sealed))
    if found is not None:
        tape.emit(GameEnded(outcome=found))
        return True
    return False


# --- the agenda ----------------------------------------------------------------------------------


def _settle(tape: Tape) -> None:
    """Run automatic steps until a seat must choose, the phase waits for a seat, or the game ends."""
    for _ in range(10_000):
        if _check(tape, "immediate"):
            return
        top = tape.s.top()
        if top is None:
            if tape.s.phase == "marine" and tape.s.time_up:
                _end_marine_phase(tape, "time")
                continue
            return
        if not _step(tape, top):
            return
    raise RuntimeError("agenda did not settle")


def _step(tape: Tape, top: Any) -> bool:
    """Run or auto-resolve the top step; False when its chooser must answer."""
    match top:
        case AgOverwatch(target=target):
            tape.pop()
            t = tape.s.pieces.get(target)
            if t is not None and t.pos is not None:
                sq = t.pos
                for m in combat.overwatch_shooters(tape, t):
                    combat.overwatch_shot(tape, m, target, sq)
        case AgConversions():
            seen = [b for b in _board_blips(tape) if b.pos is not None and tape.marine_sees(b.pos)]
            if seen:
                blips.convert(tape, seen[0], voluntary=False)  # SHB-10.7; this step stays to re-check
            else:
                tape.pop()
        case AgRevealShots(models=models):
            tape.pop()
            _reveal_shots(tape, models)
        case AgEndPhase():
            tape.pop()
            if not _check(tape, "end_phase"):
                tape.emit(CommandPointsDiscarded(cp=tape.s.cp))  # SHB-5.4
                tape.push(AgBeginTurn())
        case AgBeginTurn():
            tape.pop()
            _begin_turn(tape)
        case AgReinforce():
            return blips.resolve_reinforce(tape, top)
        case AgPlace():
            return blips.resolve_place(tape, top)
        case _:
            return _auto_choice(tape, top)
    return True


def _auto_choice(tape: Tape, top: Any) -> bool:
    """Drop choice steps that no longer offer a choice; False when the chooser must answer."""
    s = tape.s
    match top:
        case AgFacing(models=models):
            if models[0] in s.pieces:
                return False
            _advance_facing(tape, top)
        case AgOverwatchPick(marine=marine, candidates=candidates):
            m = s.pieces.get(marine)
            alive = [c for c in candidates if c in s.pieces]
            if m is not None and m.overwatch and not m.jammed and len(alive) > 1:
                return False
            tape.pop()
            _pick_shot(tape, top, alive[0] if alive else candidates[0])
        case AgFaceAttacker(model=model, toward=toward):
            d = s.pieces.get(model)
            if d is not None and d.facing != toward:
                return False
            tape.pop()
        case AgFreeShot(marine=marine):
            m = s.pieces.get(marine)
            if m is not None and tape.fire_targets(m):
                return False
            tape.pop()
        case AgInterrupt():
            if _interrupt_open(tape, top):
                return False
            tape.pop()
        case _:
            raise AssertionError(f"unknown agenda step {top!r}")
    return True


def _interrupt_open(tape: Tape, top: AgInterrupt) -> bool:
    eligible = interrupt_eligible(tape, top)
    if not eligible:
        return False
    if tape.opt.interrupt_prompt == "always":
        return True
    return tape.s.cp > 0 and bool(marine_actions(tape, eligible, first_only=True))


def _board_blips(tape: Tape) -> list[Piece]:
    return sorted(
        (p for p in tape.s.pieces.values() if p.kind == "blip" and p.pos is not None), key=lambda p: p.number
    )


def _reveal_shots(tape: Tape, models: tuple[str, ...]) -> None:
    """SHB-10.8: after placement, each overwatching Marine shoots one revealed Genestealer."""
    rng = tape.opt.overwatch_range
    picks = []
    for m in sorted(tape.marines(), key=lambda p: p.number):
        if not m.overwatch or m.jammed:
            continue
        targets = [
            g
            for g in (tape.s.pieces.get(mid) for mid in models)
            if g is not None and g.pos is not None and tape.can_target(m, g.pos, rng)
        ]
        if targets:
            picks.append(
                AgOverwatchPick(
                    marine=m.id,
                    candidates=tuple(g.id for g in targets),
                    squares=tuple(_sq(g.pos) for g in targets),
                )
            )
    tape.push(*reversed(picks))


RULES = SpaceHulkRules()
