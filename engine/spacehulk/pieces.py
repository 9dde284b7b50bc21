"""Pieces' actions: what a model's action costs (SHB-4.3), how it is paid (AP, CP, free), what it does
and the steps it leaves on the agenda (overwatch fire, conversions, securing, revealed shots).

`piece_action` is the entry for every action of a Marine, Genestealer or blip (rules.py's dispatch
sends them here); a refusal names its reason before anything is written on the tape."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Ruling, Seat

from . import actions as a
from . import blips, combat
from . import events as ev
from .board import Square
from .deathwing import pits
from .legal import interrupt_eligible
from .messages import Problem, problem, refuse
from .queries import who
from .state import (
    AgConversions,
    AgFacing,
    AgFreeShot,
    AgInterrupt,
    AgOverwatch,
    AgOverwatchPick,
    AgSecure,
    Piece,
    made,
)
from .tape import Tape
from .weapons import melee_of, weapon_of


def to_square(value: Any) -> Square:
    """A square from an action field or a known position."""
    x, y, z = value
    return (x, y, z)


def piece_action(tape: Tape, seat: Seat, action: Action, interrupt: AgInterrupt | None) -> None:
    model = getattr(action, "model", None)
    p = tape.state.pieces.get(model) if isinstance(model, str) else None
    if p is None:
        raise refuse("no_model", model=str(model))
    if (p.kind == "marine") != (seat == "marine"):
        raise refuse("not_yours", name=who(p))
    cost, free_turn = _cost(tape, p, action)
    ap, cp, activate = _payment(tape, seat, p, cost, getattr(action, "use", "ap"), interrupt)
    if interrupt is not None:
        tape.pop()  # SHB-5.3: one action per triggering Stealer action
    if activate:
        tape.emit(made(ev.Activated, model=p.id))
    if ap or cp:
        tape.emit(made(ev.Spent, model=p.id, ap=ap, cp=cp))
    if p.kind == "marine" and p.overwatch and not isinstance(action, a.Overwatch):
        tape.emit(ev.OverwatchEnded(model=p.id, reason="acted"))  # SHB-8.4: any action cancels overwatch
    _push_follow_ups(tape, p, action)
    _execute(tape, tape.state.pieces[p.id], action, free_turn)


def _cost(tape: Tape, p: Piece, action: Action) -> tuple[int, Any]:
    """The AP cost of a piece action (SHB-4.3), or raise the refusal."""
    found: int | Problem | tuple[int, Any]
    if p.prone and not isinstance(action, a.Stand):
        raise refuse("prone.cannot", name=who(p))  # DW-PIT-9
    match action:
        case a.Move(to=to, fire=fire, facing=facing, jump=jump):
            found = tape.move_cost(p, to_square(to), fire=fire, facing=facing)
            if jump and not isinstance(found, Problem):
                found = tape.jump_problem(p, to_square(to)) or found  # DW-PIT-5: announced, no extra AP
        case a.Jump():
            assert p.pos is not None
            found = tape.jump_problem(p, p.pos) or 1  # DW-PIT-5, DW-PIT-10, DW-LAD-4
        case a.Stand():
            found = 2 if p.prone else problem("stand.not_prone", name=who(p))  # DW-PIT-9
        case a.Climb(facing=facing):
            found = tape.climb_cost(p, facing)
        case a.Turn(facing=facing, fire=fire):
            found = tape.turn_cost(p, facing, fire=fire)
            if not isinstance(found, Problem):
                return found
        case a.Door(square=sq):
            found = tape.door_cost(p, to_square(sq))
        case a.Fire(at=at):
            key = tape.fire_target(p, to_square(at))
            found = key if isinstance(key, Problem) else 1
        case a.Overwatch():
            found = tape.can_fire_at_all(p) or (
                problem("overwatch.already", name=who(p)) if p.overwatch else 2
            )
        case a.ClearJam():
            found = 1 if p.jammed else problem("jam.none")
        case a.Flame(at=at):
            found = tape.flame_problem(p, to_square(at)) or 2
        case a.SelfDestruct():
            found = tape.self_destruct_problem(p) or 1
        case a.Reload(into=into, weapon=asked):
            cache = tape.cache_into(p, into)  # DW-CR-6: at Cloud Runner's weapons cache
            if asked is not None and weapon_of(p).name != asked:
                found = problem("reload.own_type", name=who(p))  # DW-CR-6: own type only
            elif isinstance(cache, str):
                found = weapon_of(p).reload_ap
            elif cache is None and into == "reserve":
                found = problem("reload.reserve_cache")  # DW-CR-6: only the cache adds a spare
            else:
                found = cache or _reload_problem(p) or weapon_of(p).reload_ap
        case a.Cut():
            found = tape.cut_cost(p)
        case a.Grenade(at=at):
            found = tape.grenade_problem(p, to_square(at)) or 1  # DW-GL-1
        case a.Teleport():
            found = tape.teleport_problem(p) or 4  # DW-TEL-1, A-24: 4 AP at once
        case a.AutoFire():
            found = tape.auto_problem(p) or weapon_of(p).auto_ap
        case a.Assault(psychic=psychic, vertical=vertical):
            target = tape.assault_target(p) if vertical is None else tape.vertical_target(p, vertical)
            found = target if isinstance(target, Problem) else (_psychic_problem(p, psychic) or 1)
        case a.Exit():
            # SHB-1.6 reading: leaving costs 1 AP from an exit square
            ok = p.kind == "marine" and p.pos in tape.board.exits
            found = 1 if ok else problem("exit.not_here")
        case a.Convert():
            found = _convert_problem(p) or 0
        case _:
            raise refuse("unknown_action")
    if isinstance(found, Problem):
        aimed = getattr(action, "at", None)  # a shot, a flame, a grenade: its refusal may be ruled
        raise combat.sight_refusal(tape, p, to_square(aimed), found) if aimed is not None else found.reject()
    return found, None  # type: ignore[return-value]


def _reload_problem(p: Piece) -> Problem | None:
    """DW-AC-8, DW-HF-2: only a weapon that reloads, with a spare magazine or tank left."""
    if not weapon_of(p).reload_ap:
        return problem("reload.cannot")
    if p.reloads <= 0:
        return problem("reload.none", name=who(p))
    return None


def _psychic_problem(p: Piece, psychic: int) -> Problem | None:
    """DW-FA-1, DW-LIB-3: only a force axe adds psychic points, at most those the Librarian has left."""
    if not psychic:
        return None
    if not melee_of(p).psychic:
        return problem("assault.no_psychic")
    if psychic > p.psychic:
        return problem("assault.psychic_short", name=who(p), psychic=p.psychic)
    return None


def _convert_problem(p: Piece) -> Problem | None:
    if p.kind != "blip":
        return problem("convert.not_blip")
    if p.ambush:
        return problem("convert.ambush")  # DW-AMB-4
    if p.acted:
        return problem("convert.acted")  # SHB-10.6
    return None


def _payment(
    tape: Tape, seat: Seat, p: Piece, cost: int, use: str, interrupt: AgInterrupt | None
) -> tuple[int, int, bool]:
    """(AP, CP, activates) paid for an action (SHB-4.2, SHB-5.2, SHB-5.3), or raise.

    Readings: acting with a model activates it (there is no separate "activate" action), zero-cost
    actions (a free turn, a voluntary conversion) included. Paying with AP activates the model and
    ends the previous one's activation; paying wholly with CP never changes the active model; AP
    short of the cost are topped up with CP. A Marine whose activation ended may act on CP only.
    """
    s = tape.state
    name = who(p)
    if use == "free":
        raise refuse("pay_free")
    if seat == "genestealer":
        if s.phase != "stealer":
            raise refuse("not_stealer_phase")
        if use != "ap":
            raise refuse("pay_stealer_ap")
        if p.id != s.active and p.activated:
            raise refuse("activation_done", name=name)
        if cost > p.ap:
            raise refuse("pay_no_ap", cost=cost, name=name, ap=p.ap)
        return cost, 0, p.id != s.active
    if interrupt is not None:
        if use != "cp":
            raise refuse("pay_cp_only")
        if p.id not in {m.id for m in interrupt_eligible(tape, interrupt)}:
            raise refuse("not_witness", name=name)
    elif s.phase != "marine":
        raise refuse("not_marine_phase")
    if use == "cp" or interrupt is not None:
        if cost > s.cp:
            raise refuse("pay_no_cp", cost=cost, cp=s.cp)
        return 0, cost, False
    if p.id != s.active and p.activated:
        raise refuse(
            "activation_marine_done",
            name=name,
        )
    ap = min(p.ap, cost)
    if cost - ap > s.cp:
        raise refuse(
            "pay_short",
            cost=cost,
            name=name,
            ap=p.ap,
            cp=s.cp,
        )
    return ap, cost - ap, p.id != s.active


_CONVERSIONS = AgConversions()  # frozen and field-less: one instance serves every push


def _push_follow_ups(tape: Tape, p: Piece, action: Action) -> None:
    """Steps that run after the action, pushed first so the action's own steps land on top.

    Readings (SHB-5.3, SHB-8.3, SHB-8.4): after each Stealer-side action, once its overwatch fire,
    conversions and free turn are resolved, the Marine player gets an interrupt window if a Marine
    saw the action (see `legal.interrupt_eligible`). Overwatch follows every Genestealer action,
    entering from a lurking space and free turns included; never a blip's. A move-and-fire is a
    move followed by a free-shot prompt: the target is picked after the move and after any blip the
    move revealed has been placed. The 3e rule "no overwatch shot and CP action by one Marine for the
    same action" is not applied.
    """
    if p.kind == "marine":
        fire = bool(getattr(action, "fire", False))
        # SHB-10.7: check conversions after the move (the shot may target what it revealed) and
        # again after the free shot (a kill or a destroyed door may uncover a blip).
        secure = [AgSecure()] if tape.state.mission.securing else []  # once the action is over
        tape.push(*secure, *([AgConversions(), AgFreeShot(marine=p.id)] if fire else []), AgConversions())
        return
    door: Square | None = to_square(action.square) if isinstance(action, a.Door) else None
    watched = [sq for sq in (p.pos if p.kind == "genestealer" else None, door) if sq is not None]
    witnesses = tuple(m.id for m in tape.marines() if any(tape.sees(m, sq) for sq in watched))
    steps: list[Any] = [
        made(AgInterrupt, actor=p.id, witnesses=witnesses, door=door, since=tape.state.next_id),
        _CONVERSIONS,
    ]
    if p.kind == "genestealer":
        steps.append(made(AgOverwatch, target=p.id))  # SHB-8.4: after any action, in arc, LoS, range 12
    tape.push(*steps)


def _execute(tape: Tape, p: Piece, action: Action, free_turn: Any) -> None:
    match action:
        case a.Move(to=to, facing=facing, jump=jump):
            tape.emit(made(ev.Moved, model=p.id, frm=p.pos, to=to_square(to), facing=facing))
            if tape.board.hole(to_square(to)):
                pits.entered(tape, tape.state.pieces[p.id], jump=jump)
        case a.Jump():
            pits.fall(tape, p)
        case a.Stand(facing=facing):
            tape.emit(ev.StoodUp(model=p.id, facing=facing))
        case a.Climb(facing=facing):
            end = tape.climb_end(p)
            assert end is not None
            tape.emit(ev.Moved(model=p.id, frm=p.pos, to=end, facing=facing))
        case a.Turn(facing=facing):
            tape.emit(ev.Turned(model=p.id, facing=facing, free_turn=free_turn))
        case a.Door(square=sq):
            door = to_square(sq)
            tape.emit(
                ev.DoorChanged(
                    square=door,
                    status="open" if tape.state.door_status(door) == "closed" else "closed",
                    by=p.id,
                )
            )
        case a.Fire(at=at):
            target = tape.fire_target(p, to_square(at))
            assert isinstance(target, str)
            combat.aimed_shot(tape, p, to_square(at), target, free=False)
        case a.Overwatch():
            tape.emit(ev.OverwatchSet(model=p.id))
        case a.ClearJam():
            tape.emit(ev.JamCleared(model=p.id))
        case a.Flame(at=at):
            combat.flame(tape, p, to_square(at))
        case a.SelfDestruct():
            combat.self_destruct(tape, p)
        case a.AutoFire():
            combat.auto_fire(tape, p)
        case a.Grenade(at=at):
            combat.grenade(tape, p, to_square(at))
        case a.Teleport():
            tape.emit(ev.Teleported(model=p.id, turn=tape.state.turn))
        case a.Cut():
            ahead = tape.ahead(p)
            assert ahead is not None  # DW-CF-2, DW-CF-3: no roll; the square is clear for good
            tape.emit(ev.DoorChanged(square=ahead, status="destroyed", by=p.id))
        case a.Reload(into=into):
            # DW-AC-8, DW-HF-2: full again; unfired rounds and leftover fuel are lost
            cache = tape.cache_into(p, into)
            told = reload_ruling(p, cache)
            if cache == "reserve":  # DW-CR-6: one more spare from the cache
                tape.emit(ev.Reloaded(model=p.id, ammo=p.ammo, source="cache", into="reserve", ruling=told))
            else:
                full = weapon_of(p).ammo or 0
                if cache == "weapon":
                    tape.emit(ev.Reloaded(model=p.id, ammo=full, source="cache", ruling=told))
                else:
                    tape.emit(ev.Reloaded(model=p.id, ammo=full, ruling=told))
        case a.Assault(vertical=vertical):
            victim = tape.assault_target(p) if vertical is None else tape.vertical_target(p, vertical)
            assert isinstance(victim, str)
            combat.assault(tape, p, victim, action.psychic)
        case a.Exit():
            tape.emit(ev.Exited(model=p.id))
        case a.Convert():
            blips.convert(tape, p, voluntary=True)


def reload_ruling(p: Piece, cache: object) -> Ruling:
    """A reload told (`/why`): full again, never partial, the unfired rounds lost (DW-AC-8 for an
    assault cannon, DW-HF-2 for a heavy flamer), from the spares or Cloud Runner's cache (DW-CR-6):
    the load after it and the spares left."""
    weapon = weapon_of(p)
    rule = "DW-HF-2" if weapon.flame else "DW-AC-8"
    spares = p.reloads - (cache is None) + (cache == "reserve")
    ammo = p.ammo if cache == "reserve" else weapon.ammo or 0
    return Ruling(
        rules=(rule,) + (("DW-CR-6",) if cache is not None else ()),
        numbers={"ammo_before": p.ammo, "ammo_now": ammo, "reloads_left": spares},
    )


def free_shot(tape: Tape, top: AgFreeShot, action: a.Fire) -> None:
    m = tape.state.pieces.get(top.marine)
    if m is None or action.model != m.id:
        raise refuse("free_shot_other")
    key = tape.fire_target(m, to_square(action.at))
    if isinstance(key, Problem):
        raise combat.sight_refusal(tape, m, to_square(action.at), key)
    tape.pop()
    combat.aimed_shot(tape, m, to_square(action.at), key, free=True)


def advance_facing(tape: Tape, top: AgFacing) -> None:
    rest = top.models[1:]
    if rest:
        tape.replace_top(top.model_copy(update={"models": rest}))
    else:
        tape.pop()


def pick_shot(tape: Tape, top: AgOverwatchPick, target: str) -> None:
    m = tape.state.pieces.get(top.marine)
    if m is not None and m.overwatch and not m.jammed:
        combat.overwatch_shot(tape, m, target, top.squares[top.candidates.index(target)])
