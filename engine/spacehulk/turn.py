"""The turn (SHB-2, SHB-12.7): its phases, the mission checks after every decision and at the phase
ends, and the agenda's automatic steps (overwatch fire, conversions, securing, the end phase, the next
turn), run by `settle` until a seat must choose.

`settle` takes the dispatch of actions (rules.py) as a parameter: the automated Genestealer player
(deathwing/solo.py) acts through it, as a player's click does, without this module importing the
dispatch that imports it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Action, Ruling, Seat

from . import blips, cloud_runner, combat
from . import events as ev
from .deathwing import solo
from .dw_types.bids import AgBids
from .dw_types.timer import turn_seconds
from .legal import interrupt_eligible, marine_actions
from .messages import refuse
from .missions import Checks, Moment
from .pieces import advance_facing, pick_shot, to_square
from .state import (
    AgBeginTurn,
    AgBlock,
    AgBuildForce,
    AgConversions,
    AgDeploy,
    AgDetonate,
    AgEndPhase,
    AgFaceAttacker,
    AgFacing,
    AgFreeShot,
    AgInterrupt,
    AgLevelStep,
    AgOverwatch,
    AgOverwatchPick,
    AgPlace,
    AgPlaceTile,
    AgPsychic,
    AgReinforce,
    AgRevealShots,
    AgSecure,
    AgShift,
    AgSoloTie,
    Piece,
)
from .tape import Tape


def time_expired(tape: Tape) -> None:
    if tape.state.phase != "marine" or tape.state.time_up or tape.opt.timer_mode == "untimed":
        raise refuse("no_timer")  # Q18: untimed has none
    tape.emit(ev.TimerExpired())  # SHB-3.5: the phase ends once the action in progress resolves


def end_marine_phase(tape: Tape, reason: str) -> None:
    """SHB-2.2, SHB-2.3. Reading: unspent Marine AP are lost (set to 0), so Genestealer-turn actions
    are paid with CP only."""
    tape.emit(ev.MarinePhaseEnded(reason=reason))  # type: ignore[arg-type]
    if check(tape, "marine_phase_end"):
        return
    n = tape.state.mission.reinforcements_for(tape.state.turn)
    if tape.state.mission.scenario == "cloud_runner":
        n = cloud_runner.reinforce(tape)  # DW-CR-9: the D6 table
    if solo.on(tape.state):
        n = solo.blips_due(tape.state, n)  # DW-SOLO-5: one blip fewer on an ambush draw's turn
    total = tape.state.mission.blip_total
    if total is not None:  # DW-GEN-4: the scenario's total; ambush markers do not count (DW-GEN-5)
        n = min(n, max(0, total - tape.state.tally.get("blips", 0)))
    if n > 0:
        tape.push(AgReinforce(remaining=n))  # SHB-2.3: the reinforcement phase opens the Stealer turn


def end_stealer_phase(tape: Tape) -> None:
    tape.emit(ev.StealerPhaseEnded())
    if tape.state.burning:
        tape.emit(ev.FlamesOut(squares=tuple(tape.state.burning)))  # SHB-2.4, SHB-9.5
    if not tape.opt.overwatch_persists:
        on = tuple(m.id for m in tape.marines() if m.overwatch)
        if on:
            tape.emit(ev.OverwatchCleared(models=on))  # SHB-2.4, SHB-8.7, Q4
    tape.push(AgEndPhase(), AgConversions())  # flames out may reveal blips (SHB-10.7)


def begin_turn(tape: Tape) -> None:
    """SHB-2.1, SHB-3.1, SHB-5.1. Reading: the timer is fixed when the Marine turn begins (120 s + 30 s
    per living sergeant or Captain on the board, DW-CAP-2); a leader dying mid-turn does not shorten
    the running turn.

    DW-CAP-3: +2 CP per Captain on the board, counted here; so a Captain lost mid-turn leaves his
    bonus in this turn's pool (DW-CAP-4) and gives none from the next turn on. CP are one integer,
    0-8 (A-8); `view.command_dice` shows it as dice.
    """
    s = tape.state
    opt = tape.opt
    timer = None
    if opt.timer_mode == "realtime":
        leaders = sum(1 for m in tape.marines() if m.sergeant or m.captain)  # SHB-3.1, SHB-3.2, DW-CAP-2
        timer = opt.timer_base_s + opt.timer_per_leader_s * leaders
        if s.mission.force_timer is not None:  # the Force List table replaces it (and DW-CAP-2)
            timer = turn_seconds(s.mission.force_timer, leaders)
        timer = max(30, timer - s.mission.timer_cut_s) if s.mission.timer_cut_s else timer  # DW-CMP-16
    tape.emit(ev.TurnBegan(turn=s.turn + 1, timer_seconds=timer))
    if solo.on(s):
        solo.turn_start(tape)  # DW-SOLO-5, A-30: the ambush draw comes before the command phase
    if opt.jams_clear_each_turn:
        jammed = tuple(m.id for m in tape.marines() if m.jammed)
        if jammed:
            tape.emit(ev.JamsCleared(models=jammed))
    bonus = 2 * sum(1 for m in tape.marines() if m.captain)  # DW-CAP-3
    cp = max(0, tape.dice.randint(1, 6) + bonus - s.cp_penalty - s.mission.cp_penalty)  # DW-SOLO-6, DW-CMP-16
    tape.emit(ev.CommandPointsDrawn(cp=cp, bonus=bonus, owner=s.seat_of("marine")))  # SHB-5.1


def _chutes(tape: Tape) -> None:
    """DW-CHT-2 .. DW-CHT-4, A-29: when a chute's hatch falls, every Marine inside escapes (not a loss)
    and every Genestealer inside falls into space (a kill); a Genestealer left inside with no Marine
    is removed as killed."""
    for hatch, squares in tape.board.chutes:
        inside = sorted((p for p in tape.state.pieces.values() if p.pos in squares), key=lambda p: p.number)
        if not inside:
            continue
        fallen = tape.state.door_status(hatch) == "destroyed"
        marines = [p for p in inside if p.kind == "marine"]
        for p in inside:
            if fallen and p.kind == "marine":
                tape.emit(ev.Exited(model=p.id))
            elif p.kind != "marine" and (fallen or not marines):
                combat.kill(tape, p.id)


_NO_FORCE_YET = frozenset({AgBuildForce, AgPlaceTile, AgBids, AgDeploy})


def check(tape: Tape, moment: Moment) -> bool:
    """Evaluate the mission's predicates; end the game if one is met."""
    if tape.state.outcome is not None:
        return True
    if type(tape.state.top()) in _NO_FORCE_YET:  # final classes: a set, not ABC isinstance checks
        return False  # no force yet: no mission predicate applies (DW-FL-1, DW-BID-1)
    if moment == "immediate" and tape.unchanged_since_check():
        return False  # nothing the predicates read changed since they were last found unmet
    if tape.board.chutes and tape.state.options.deathwing:
        _chutes(tape)
    if tape.state.mission.scenario == "reconnaissance" and not tape.state.tally.get("seen"):
        _sighting(tape)
    if tape.state.mission.magi_squads and "magi" not in tape.state.tally:
        _magi(tape)
    if (
        moment == "immediate"
        and tape.state.mission.scenario == "cloud_runner"
        and cloud_runner.cleared(tape.state)
    ):
        cloud_runner.next_board(tape)  # DW-CR-5: the board ends at once; a new turn on the next one
        return False
    found = tape.state.mission.check(tape.state, moment, Checks(sealed=tape.sealed))
    if found is not None:
        winners = tuple(tape.state.seat_of(side) for side in found.winners)  # sides to seats (DW-BID-1)
        tape.emit(ev.GameEnded(outcome=found.model_copy(update={"winners": winners})))
        return True
    if moment == "immediate":
        tape.checked()
    return False


def _sighting(tape: Tape) -> None:
    """DW-SC1, A-35: the first time any Marine has a Genestealer figure in sight, it is logged."""
    for g in sorted(tape.state.pieces.values(), key=lambda p: p.number):
        if g.kind == "genestealer" and g.pos is not None and tape.marine_sees(g.pos):
            tape.emit(ev.StealerSighted(model=g.id))
            return


def _magi(tape: Tape) -> None:
    """DW-CMP-14: «lanza 1D6 cuando un Marine vea los tanques criogénicos por primera vez»: the first time
    any Marine has a cryo-tank square in sight (line of sight, SHB-6.2; the tanks block it, so he sees
    the tank's face as he sees a door), the Magi D6 is rolled and the Marine player is told at once.

    Reading: tanks destroyed before any Marine saw them (a grenade's or a self-destruct's section)
    took the Magi with them: no roll, the Magi cannot escape."""
    s = tape.state
    tanks = [sq for sq in s.mission.objective if sq not in s.wrecked]
    for m in sorted(tape.marines(), key=lambda p: p.number):
        if m.pos is not None and any(tape.sees(m, sq) for sq in tanks):
            roll = tape.dice.d6()[0]
            squads = s.mission.magi_squads
            told = Ruling(rules=("DW-CMP-14", "DW-CMP-15"), numbers={"magi_roll": roll, "squads": squads})
            tape.emit(
                ev.MagiRolled(model=m.id, roll=roll, squads=squads, escaped=roll < squads, ruling=told)
            )
            return


def settle(tape: Tape, dispatch: Callable[[Tape, Seat, Action], None]) -> None:
    """Run automatic steps until a seat must choose, the phase waits for a seat, or the game ends."""
    for _ in range(10_000):
        if check(tape, "immediate"):
            return
        top = tape.state.top()
        if top is None:
            if tape.state.phase == "marine" and tape.state.time_up:
                end_marine_phase(tape, "time")
                continue
            if solo.waiting(tape.state):
                solo.play(tape, dispatch)  # DW-SOLO-8: the engine plays the Genestealers
                continue
            return
        if not _step(tape, top):
            if solo.waiting(tape.state):
                solo.play(tape, dispatch)
                continue
            return
    raise RuntimeError("agenda did not settle")


def _step(tape: Tape, top: Any) -> bool:
    """Run or auto-resolve the top step; False when its chooser must answer."""
    match top:
        case AgOverwatch(target=target):
            tape.pop()
            t = tape.state.pieces.get(target)
            if t is not None and t.pos is not None:
                sq = t.pos
                for m in combat.overwatch_shooters(tape, t):
                    combat.overwatch_shot(tape, m, target, sq)
        case AgConversions():
            # SHB-10.7 reading: conversions are checked after every decision, one blip at a time in
            # model order, until no blip is seen.
            seen = [b for b in _board_blips(tape) if b.pos is not None and _revealed(tape, b)]
            if seen and seen[0].ambush:
                blips.spring_ambush(tape, seen[0])  # DW-AMB-5; this step stays to re-check
            elif seen:
                blips.convert(tape, seen[0], voluntary=False)  # SHB-10.7; this step stays to re-check
            else:
                tape.pop()
        case AgSecure():
            tape.pop()
            for area in tape.securable():
                lost = tuple(q.id for q in tape.state.pieces.values() if q.area == area and q.pos is None)
                tape.emit(ev.AreaSecured(area=area, lost=lost))  # DW-SEC-2 .. DW-SEC-5
        case AgRevealShots(models=models):
            tape.pop()
            _reveal_shots(tape, models)
        case AgEndPhase():
            tape.pop()
            if not check(tape, "end_phase"):
                tape.emit(
                    ev.CommandPointsDiscarded(cp=tape.state.cp, owner=tape.state.seat_of("marine"))
                )  # SHB-5.4
                tape.push(AgBeginTurn())
        case AgBeginTurn():
            tape.pop()
            begin_turn(tape)
        case AgReinforce() if solo.on(tape.state):
            solo.reinforce(tape, top)  # DW-SOLO-2 .. DW-SOLO-4
        case AgReinforce():
            return blips.resolve_reinforce(tape, top)
        case AgPlace():
            return blips.resolve_place(tape, top)
        case _:
            return _auto_choice(tape, top)
    return True


def _auto_choice(tape: Tape, top: Any) -> bool:
    """Drop choice steps that no longer offer a choice; False when the chooser must answer."""
    s = tape.state
    match top:
        case AgFacing(models=models):
            if models[0] in s.pieces:
                return False
            advance_facing(tape, top)
        case AgOverwatchPick(marine=marine, candidates=candidates):
            m = s.pieces.get(marine)
            alive = [c for c in candidates if c in s.pieces]
            if m is not None and m.overwatch and not m.jammed and len(alive) > 1:
                return False
            tape.pop()
            pick_shot(tape, top, alive[0] if alive else candidates[0])
        case (
            AgBlock()
            | AgDetonate()
            | AgPsychic()
            | AgLevelStep()
            | AgShift()
            | AgBuildForce()
            | AgDeploy()
            | AgPlaceTile()
            | AgBids()
            | AgSoloTie()
        ):
            return False  # the attacker and defender both stand until it is resolved
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
    """Whether the interrupt window prompts the Marine player (SHB-5.3).

    Reading: by default ("always") after every witnessed action, which reveals nothing about the
    secret chit; "when_able" prompts only with CP left and an affordable action (fewer prompts, but
    the Genestealer player learns that CP remain).
    """
    eligible = interrupt_eligible(tape, top)
    if not eligible:
        return False
    if tape.opt.interrupt_prompt == "always":
        return True
    return tape.state.cp > 0 and bool(marine_actions(tape, eligible, first_only=True))


def _revealed(tape: Tape, b: Piece) -> bool:
    """A blip converts when a Marine sees it (SHB-10.7); an ambush marker also when next to a Marine,
    seen or not, in either turn (DW-AMB-5, A-22)."""
    assert b.pos is not None
    return tape.marine_sees(b.pos) or (b.ambush and tape.marine_adjacent(b.pos))


def _board_blips(tape: Tape) -> list[Piece]:
    return sorted(
        (p for p in tape.state.pieces.values() if p.kind == "blip" and p.pos is not None),
        key=lambda p: p.number,
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
            for g in (tape.state.pieces.get(mid) for mid in models)
            if g is not None and g.pos is not None and tape.can_target(m, g.pos, rng)
        ]
        if targets:
            picks.append(
                AgOverwatchPick(
                    marine=m.id,
                    candidates=tuple(g.id for g in targets),
                    squares=tuple(to_square(g.pos) for g in targets),
                )
            )
    tape.push(*reversed(picks))
