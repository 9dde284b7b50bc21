"""Attacks on the tape: to-hit, damage, criticals, fumbles, friendly fire, blasts (CW-RNG, CW-CC, CW-DMG, CW-ART, CW-CRT).

Every die is rolled here in the order of §8.8 and written into the event that uses it.
"""

from __future__ import annotations

import math
from typing import Any, Literal

from engine.core import Ruling, Tape
from engine.core.ruling import Number
from engine.core.shapes import bearing_offset

from . import events as e
from .armies import CHARGE_FORMULA, Formula, Weapon
from .los import engaged, gap, melee_weapon
from .movement import unit_order
from .state import ClickWarsState, Unit

XY = tuple[float, float]
BLAST_RADIUS_CM = 5.0  # A11
INCH_CM = 2.54  # A10: the deviation is in inches


def gross_damage(die: int, formula: Formula) -> int:
    """CW-DMG-1: 1d10 then the weapon modifier."""
    match formula:
        case "x1":
            return die
        case "x2":
            return die * 2
        case "x5":
            return die * 5
        case "+2":
            return die + 2
        case "-2":
            return die - 2
    raise AssertionError(formula)


def to_hit(die: int, need: int) -> Literal["hit", "miss", "critical", "fumble"]:
    """CW-RNG-4, CW-CC-3, CW-CRT-1/2: 1 is a critical, 10 a fumble, else hit when die <= need."""
    if die == 1:
        return "critical"
    if die == 10:
        return "fumble"
    return "hit" if die <= need else "miss"


def d10(t: Tape[Any]) -> int:
    return t.dice.roll(10)[0]


def deal(t: Tape[Any], uid: str, formula: Formula, cause: str, *, armour: bool = True) -> None:
    """Roll damage for one victim: damage die, then armour, then shield (§8.8); net floor 0 (CW-DMG-2)."""
    u: Unit = t.state.units[uid]
    die = d10(t)
    gross = gross_damage(die, formula)
    arm = d10(t) if armour and u.p.armour else None
    shd = d10(t) if armour and u.p.shield else None
    net = max(0, gross - (arm or 0) - (shd or 0))
    life = u.life - net
    numbers: dict[str, Number] = {"damage_die": die, "gross": gross}
    numbers |= {"armour_roll": arm} if arm is not None else {}
    numbers |= {"shield_roll": shd} if shd is not None else {}
    numbers |= {"net": net, "life_left": life}
    rules = ("CW-DMG-1", "CW-DMG-2", "CW-DMG-3") if armour else UNARMOURED.get(cause, ("CW-DMG-1",))
    ruling = Ruling(rules=rules + (("CW-GEN-3",) if life <= 0 else ()), numbers=numbers)
    t.emit(
        e.Damaged(
            unit=uid,
            cause=cause,
            die=die,
            gross=gross,
            armour=arm,
            shield=shd,
            net=net,
            life=life,
            ruling=ruling,
        )
    )
    if life <= 0:  # CW-GEN-3
        t.emit(e.Killed(unit=uid, cause=cause))


UNARMOURED = {
    "charge": ("CW-CHG-4", "CW-DMG-1"),  # 1d10+2, armour and shields ignored, no to-hit
    "fumble_comrade": ("CW-CRT-2", "CW-CRT-3", "CW-DMG-1"),  # the fumble table's 6 or 8
}
"""The rules of damage that ignores armour and shields, by its cause (`/why`)."""


def kill(t: Tape[Any], uid: str, cause: str) -> None:
    t.emit(e.Killed(unit=uid, cause=cause))


def comrades(state: ClickWarsState, u: Unit, n: int, t: Tape[Any]) -> list[str]:
    """CW-CRT-3: the n nearest friendly figures by edge distance (never a gun); ties broken by the dice."""
    friends = [
        o for o in state.units.values() if o.placed and o.side == u.side and o.id != u.id and not o.is_gun
    ]
    friends.sort(key=lambda o: (round(gap(u, o), 6), unit_order(o.id)))
    out: list[str] = []
    while friends and len(out) < n:
        best = round(gap(u, friends[0]), 6)
        tied = [o for o in friends if round(gap(u, o), 6) == best]
        pick = tied[0] if len(tied) == 1 else t.dice.choice(tied)
        out.append(pick.id)
        friends.remove(pick)
    return out


def next_own_turn(state: ClickWarsState, side: str) -> int:
    return state.turn + 2 if side == state.active else state.turn + 1


def fumble(t: Tape[Any], uid: str, which: str, gun: str | None = None) -> None:
    """CW-CRT-2 table on the attacker; fumble damage ignores armour (CW-CRT-3)."""
    roll = d10(t)
    told = Ruling(rules=("CW-CRT-2", "CW-CRT-3"), numbers={"fumble_roll": roll})  # `/why`: the table's row
    t.emit(e.FumbleRolled(unit=uid, roll=roll, ruling=told))
    state: ClickWarsState = t.state
    u = state.units[uid]
    match roll:
        case 1 | 3 | 5 | 7 | 9:
            die = d10(t)
            gross = die + (roll - 1) // 2  # 1: 1d10, 3: +1, 5: +2, 7: +3, 9: +4
            life = u.life - gross
            hurt = Ruling(
                rules=("CW-CRT-2", "CW-CRT-3") + (("CW-GEN-3",) if life <= 0 else ()),
                numbers={
                    "fumble_roll": roll,
                    "damage_die": die,
                    "gross": gross,
                    "net": gross,
                    "life_left": life,
                },
            )
            t.emit(
                e.Damaged(unit=uid, cause="fumble", die=die, gross=gross, net=gross, life=life, ruling=hurt)
            )
            if life <= 0:
                kill(t, uid, "fumble")
        case 2:
            turn = next_own_turn(state, u.side)
            t.emit(e.Idled(unit=uid, turn=turn))
            if gun is not None:
                t.emit(e.Idled(unit=gun, turn=turn))
        case 4:
            if gun is not None:
                t.emit(e.WeaponBroken(unit=gun, which="ranged"))
            else:
                t.emit(e.WeaponBroken(unit=uid, which=which))  # type: ignore[arg-type]
        case 6 | 8:
            for friend in comrades(state, u, 1 if roll == 6 else 2, t):
                deal(t, friend, "x1", "fumble_comrade", armour=False)
        case 10:
            kill(t, uid, "fumble_self")


def ranged_attack(
    t: Tape[Any],
    shooter: Unit,
    target: Unit,
    weapon: Weapon,
    aimed_at: str | None,
    ruling: Ruling | None = None,
) -> None:
    """A non-artillery ranged attack (CW-RNG-1..6): the shooter is in range and sight (checked by the caller)."""
    state: ClickWarsState = t.state
    result = _strike(t, shooter, target, weapon, "ranged", shooter.p.di, aimed_at, ruling)
    if result == "miss":
        friends = [
            o
            for o in state.units.values()
            if o.placed and o.side == shooter.side and not o.is_gun and engaged(o, target)
        ]
        if friends:  # CW-RNG-6: shooting into a melee
            ff = d10(t)
            friends.sort(key=lambda o: (gap(shooter, o), unit_order(o.id)))
            victim = friends[0].id if ff % 2 == 1 else None
            told = Ruling(rules=("CW-RNG-6",), numbers={"melee_roll": ff})  # odd hits the nearest friend
            t.emit(e.FriendlyFire(roll=ff, victim=victim, ruling=told))
            if victim is not None:
                deal(t, victim, weapon.formula, "friendly_fire")


def melee_attack(
    t: Tape[Any], attacker: Unit, target: Unit, aimed_at: str | None, ruling: Ruling | None = None
) -> None:
    """CW-CC-1..4: 1d10 <= CC, damage with the CC weapon (fists when none)."""
    weapon = melee_weapon(attacker)
    assert weapon is not None
    _strike(t, attacker, target, weapon, "melee", attacker.p.cc, aimed_at, ruling)


def _strike(
    t: Tape[Any],
    attacker: Unit,
    target: Unit,
    weapon: Weapon,
    mode: str,
    need: int,
    aimed_at: str | None,
    ruling: Ruling | None = None,
) -> str:
    """One to-hit roll of a figure's weapon (1d10 <= need: CW-RNG-4, CW-CC-3) and what it does: a
    critical kills (CW-CRT-1), a hit deals the weapon's damage (CW-DMG), a fumble rolls on the
    table (CW-CRT-2). Returns the result; a plain miss is the caller's (shooting into a melee)."""
    die = d10(t)
    result = to_hit(die, need)
    t.emit(
        e.AttackRolled(
            attacker=attacker.id,
            target=target.id,
            at=target.xy,
            mode=mode,  # type: ignore[arg-type]
            roll=die,
            need=need,
            result=result,
            redirected_from=aimed_at,  # type: ignore[arg-type]
            ruling=rolled(ruling, die, need, result, "CW-RNG-4" if mode == "ranged" else "CW-CC-3"),
        )
    )
    if result == "critical":
        kill(t, target.id, "critical")
    elif result == "hit":
        deal(t, target.id, weapon.formula, weapon.name)
    elif result == "fumble":
        fumble(t, attacker.id, mode)
    return result


def rolled(ruling: Ruling | None, die: int, need: int, result: str, rule: str) -> Ruling | None:
    """The ruling of an attack with its to-hit roll: the roll, what it needed (`rule`), and the
    critical or fumble rule when the die was a 1 or a 10 (CW-CRT-1, CW-CRT-2)."""
    if ruling is None:
        return None
    special = {"critical": ("CW-CRT-1",), "fumble": ("CW-CRT-2",)}.get(result, ())
    return ruling.adding((rule, *special), roll=die, need=need)


def gun_attack(
    t: Tape[Any],
    gun: Unit,
    crew: Unit,
    target: Unit | None,
    point: XY,
    indirect: bool,
    ruling: Ruling | None = None,
) -> None:
    """CW-ART-1..9: to-hit with the crewman's DI; blast of 5 cm; scatter d10 inches on misses and indirect hits."""
    state: ClickWarsState = t.state
    die = d10(t)
    need = crew.p.di  # CW-ART-8: the original crewman's Gun crew DI, a replacement's own
    result = to_hit(die, need)
    t.emit(
        e.AttackRolled(
            attacker=gun.id,
            shooter=crew.id,
            target=target.id if target else None,
            at=point,
            mode="indirect" if indirect else "artillery",
            roll=die,
            need=need,
            result=result,  # type: ignore[arg-type]
            ruling=rolled(ruling, die, need, result, "CW-ART-1"),
        )
    )
    if result == "fumble":
        fumble(t, crew.id, "ranged", gun=gun.id)  # CW-CRT-3: the weapon is the gun; no blast (CW-ART-4)
        return
    centre = point
    if result == "miss" or (result == "hit" and indirect):
        bearing = t.dice.randint(0, 359)  # §8.5: a uniform angle replaces the pencil spin
        roll = d10(t)
        dist = roll * INCH_CM
        to = bearing_offset(point[0], point[1], bearing, dist)
        on = 0 <= to[0] <= state.width and 0 <= to[1] <= state.height
        scatter = Ruling(
            rules=("CW-ART-5" if indirect else "CW-ART-4",) + (() if on else ("CW-ART-6",)),
            numbers={"scatter_roll": roll, "scatter_cm": round(dist, 2), "bearing": bearing},
            path=(point, to),
        )
        t.emit(
            e.Scattered(
                frm=point,
                bearing=bearing,
                roll=roll,
                distance_cm=round(dist, 2),
                to=to,
                on_table=on,
                ruling=scatter,
            )
        )
        centre = to
        if not on:
            return  # CW-ART-6: off the table, no effect
    harms = "own" if result == "miss" else "all"
    victims = under_blast(state, gun, centre, harms)
    t.emit(e.BlastLanded(at=centre, radius=BLAST_RADIUS_CM, harms=harms, victims=victims))  # type: ignore[arg-type]
    for vid in victims:
        if not t.state.units[vid].alive:
            continue
        if result == "critical" and target is not None and vid == target.id:
            kill(t, vid, "critical")  # CW-ART-9, §8.8: a critical on a gun piece destroys it
        else:
            deal(t, vid, "x5", "blast")


def under_blast(state: ClickWarsState, gun: Unit, centre: XY, harms: str) -> list[str]:
    """§8.5: every base overlapping the template, nearest the centre first; never the firing gun itself.

    CW-ART-4: a failed blast harms only the firer's own units. CW-ART-7: guns are hit only by blasts,
    and never by their own.
    """
    hits: list[tuple[float, tuple[str, int], str]] = []
    for o in state.units.values():
        if not o.placed or o.id == gun.id:
            continue
        if harms == "own" and o.side != gun.side:
            continue
        d = math.hypot(o.x - centre[0], o.y - centre[1])  # type: ignore[operator]
        if d < BLAST_RADIUS_CM + o.radius - 1e-9:
            hits.append((d, unit_order(o.id), o.id))
    hits.sort()
    return [h[2] for h in hits]


def charge_damage(t: Tape[Any], uid: str) -> None:
    """CW-CHG-4: 1d10+2, no to-hit, armour and shields ignored."""
    deal(t, uid, CHARGE_FORMULA, "charge", armour=False)
