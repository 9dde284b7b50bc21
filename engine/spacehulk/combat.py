"""Storm bolter fire, overwatch, the heavy flamer and close assault (SHB-8, SHB-9).

Readings:
- Sustained fire (SHB-8.2) needs the same target on the same square: a target that moved is a new
  aim. The bonus also ends with the turn (the end phase resets every Marine's aim).
- A move-and-fire (or 3e turn-and-fire) shot never gets the bonus but does start a sustained
  sequence: an aimed shot right after it at the same target gets +1 (SHB-8.3).
- Several Marines on overwatch all fire, in model order, at the model that acted, even once it is
  dead: each roll can still jam (SHB-8.5); a dead target is simply not killed again.
- A sergeant's +1 (SHB-3.4) also applies when he attacks a door (he needs 5+ on his die, SHB-8.13).
- A Genestealer's reduced dice from the flank (Q6) apply only when a Marine attacks it; a Genestealer
  attacking always faces its target. "rear" = outside its front 180 degrees (Sulk); "side_or_rear"
  is the DW-CA-1 variant.
- The defender's free turn after a tie or a lost attack from the side (SHB-8.10, Q19) is a prompt to
  its owner, not offered when it already faces the attacker.
- Overwatch against Genestealers revealed by a conversion: see blips.py.
"""

from __future__ import annotations

from .board import VECTORS, Square, add, facing_toward, relative
from .events import (
    Assaulted,
    DoorChanged,
    Fired,
    Flamed,
    Killed,
    OverwatchEnded,
    SelfDestructed,
)
from .state import AgFaceAttacker, Aim, Piece
from .tape import Tape
from .weapons import weapon_of


def kill(tape: Tape, model: str) -> None:
    """Remove a model or blip, counting kills for the Marines (SHB-10.10)."""
    p = tape.state.pieces.get(model)
    if p is None:
        return
    if p.kind == "blip":
        value = tape.state.blips[model]
        tape.emit(Killed(model=model, kills=value, value=value))
    else:
        tape.emit(Killed(model=model, kills=1 if p.kind == "genestealer" else 0))


def sustained_bonus(tape: Tape, m: Piece, key: str, at: Square) -> tuple[int, int]:
    """(bonus, consecutive shots so far) for an aimed shot (SHB-8.2, Q2)."""
    aim = m.aim
    if aim is None or aim.target != key or aim.square != at or not weapon_of(m).sustained:
        return 0, 0
    if tape.opt.sustained_fire == "single_step":
        return 1, aim.shots
    return min(aim.shots, tape.opt.sustained_cap), aim.shots


def aimed_shot(tape: Tape, m: Piece, at: Square, key: str, *, free: bool) -> None:
    """SHB-8.1 .. SHB-8.3, SHB-8.8: the profile's dice (2D6), a hit on any die reaching its kill roll
    (6); aimed shots never jam."""
    weapon = weapon_of(m)
    bonus, shots = (0, 0) if free else sustained_bonus(tape, m, key, at)
    dice = tuple(tape.dice.d6(weapon.fire_dice))
    hit = max(dice) + bonus >= weapon.kill_on
    aim = None if hit else Aim(target=key, square=at, shots=(1 if free else shots + 1))
    tape.emit(
        Fired(
            model=m.id,
            target=key,
            square=at,
            dice=dice,
            bonus=bonus,
            needed=weapon.kill_on,
            hit=hit,
            overwatch=False,
            jammed=False,
            aim=aim,
        )
    )
    if hit:
        _destroy_target(tape, key, at)


def _destroy_target(tape: Tape, key: str, at: Square) -> None:
    if key == "door":
        tape.emit(DoorChanged(square=at, status="destroyed"))
    elif key in tape.state.pieces:
        kill(tape, key)


def overwatch_shooters(tape: Tape, target: Piece) -> list[Piece]:
    """Marines on overwatch with the target in arc, in LoS and within range (SHB-8.4)."""
    if target.pos is None or target.kind != "genestealer":
        return []
    rng = tape.opt.overwatch_range
    return [
        m
        for m in sorted(tape.marines(), key=lambda p: p.number)
        if m.overwatch and not m.jammed and tape.can_target(m, target.pos, rng)
    ]


def overwatch_shot(tape: Tape, m: Piece, target: str, at: Square) -> None:
    """SHB-8.4 .. SHB-8.6: a free 2D6 shot; any double jams (after the kill is resolved, Q5)."""
    m = tape.state.pieces[m.id]
    weapon = weapon_of(m)
    bonus = 0
    aim = m.aim
    if tape.opt.overwatch_sustained and aim is not None and aim.target == target and aim.square == at:
        bonus = 1  # 3e variant: later overwatch shots at the same target kill on 5+
    dice = tuple(tape.dice.d6(weapon.fire_dice))
    hit = max(dice) + bonus >= weapon.kill_on
    double = len(set(dice)) < len(dice)
    jammed = weapon.jams and double and not (dice == (6, 6) and tape.opt.double_six == "kill_no_jam")
    new_aim = Aim(target=target, square=at, shots=1) if tape.opt.overwatch_sustained and not hit else None
    alive = target in tape.state.pieces
    tape.emit(
        Fired(
            model=m.id,
            target=target,
            square=at,
            dice=dice,
            bonus=bonus,
            needed=weapon.kill_on,
            hit=hit and alive,
            overwatch=True,
            jammed=jammed,
            aim=new_aim,
        )
    )
    if hit and alive:
        kill(tape, target)


def flame(tape: Tape, m: Piece, at: Square) -> None:
    """SHB-9.3, SHB-9.4: the section area burns; every model in it dies on 2+ (blips whole, Q7)."""
    kill_on = weapon_of(m).flame_kill_on
    area = tape.flame_area(at)
    in_area = set(area)
    victims = sorted(
        (
            p
            for p in tape.state.pieces.values()
            if p.pos in in_area and (p.kind != "blip" or tape.opt.flamer_hits_blips)
        ),
        key=lambda p: p.number,
    )
    rolls = {p.id: tape.dice.d6()[0] for p in victims}
    tape.emit(Flamed(model=m.id, target=at, section=tape.board.section_of(at), squares=area, rolls=rolls))
    for pid, roll in rolls.items():
        if roll >= kill_on:
            kill(tape, pid)


def self_destruct(tape: Tape, m: Piece) -> None:
    """SHB-9.7 (Q16): every model and door in the flamer's own section is destroyed, no roll.

    Reading: the whole section (closed doors ignored); blips count their value as kills.
    """
    assert m.pos is not None
    section = tape.board.section_of(m.pos)
    squares = set(tape.board.sections[section])
    tape.emit(SelfDestructed(model=m.id, section=section))
    for p in sorted(tape.state.pieces.values(), key=lambda p: p.number):
        if p.pos in squares:
            kill(tape, p.id)
    for door in tape.board.doors:
        if door.square in squares and tape.state.door_status(door.square) != "destroyed":
            tape.emit(DoorChanged(square=door.square, status="destroyed"))


def assault(tape: Tape, p: Piece, key: str) -> None:
    """SHB-8.9, SHB-8.10, SHB-8.13: close assault on the model or door directly ahead."""
    ahead = tape.ahead(p)
    assert ahead is not None
    if key == "door":
        _assault_door(tape, p, ahead)
        return
    d = tape.state.pieces[key]
    if d.kind == "marine" and d.overwatch:
        tape.emit(OverwatchEnded(model=d.id, reason="assaulted"))  # SHB-8.11
    a_dice = tuple(tape.dice.d6(_dice_count(tape, p, d, attacking=True)))
    d_dice = tuple(tape.dice.d6(_dice_count(tape, d, p, attacking=False)))
    a_score = max(a_dice) + (1 if p.sergeant else 0)  # SHB-3.4
    d_score = max(d_dice) + (1 if d.sergeant else 0)
    result = "attacker" if a_score > d_score else ("defender" if d_score > a_score else "tie")
    tape.emit(
        Assaulted(
            model=p.id,
            target=d.id,
            square=ahead,
            attacker_dice=a_dice,
            defender_dice=d_dice,
            attacker_score=a_score,
            defender_score=d_score,
            result=result,  # type: ignore[arg-type]
        )
    )
    assert p.pos is not None and d.pos is not None
    if result == "attacker":
        kill(tape, d.id)
        return
    attacker_in_front = d.facing is not None and add(d.pos, VECTORS[d.facing]) == p.pos
    if result == "defender" and attacker_in_front:
        kill(tape, p.id)
        return
    if result == "tie" and not tape.opt.defender_turns_on_tie:
        return  # Q19 variant
    toward = facing_toward(d.pos, p.pos)
    if toward is not None and toward != d.facing:
        tape.push(
            AgFaceAttacker(
                model=d.id, toward=toward, chooser="marine" if d.kind == "marine" else "genestealer"
            )
        )


def _dice_count(tape: Tape, p: Piece, opponent: Piece, *, attacking: bool) -> int:
    dice = weapon_of(p).assault_dice  # SHB-8.9: a Terminator 1, a Genestealer 3
    if p.kind == "marine":
        return dice
    if attacking or p.facing is None or p.pos is None or opponent.pos is None:
        return dice
    forward, side = relative(p.facing, p.pos, opponent.pos)
    flank = forward < 0 or (forward == 0 and tape.opt.stealer_flank_from == "side_or_rear")
    return min(dice, tape.opt.stealer_flank_dice) if flank else dice  # SHB-8.12, Q6


def _assault_door(tape: Tape, p: Piece, sq: Square) -> None:
    """SHB-8.13: a Marine needs 6 on 1D6 (sergeant +1); a Genestealer any 6 on 3D6."""
    dice = tuple(tape.dice.d6(weapon_of(p).assault_dice))
    score = max(dice) + (1 if p.sergeant else 0)
    success = score >= 6
    tape.emit(
        Assaulted(
            model=p.id,
            target="door",
            square=sq,
            attacker_dice=dice,
            defender_dice=(),
            attacker_score=score,
            defender_score=6,
            result="attacker" if success else "defender",
        )
    )
    if success:
        tape.emit(DoorChanged(square=sq, status="destroyed", by=p.id))
