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

from collections.abc import Iterable

from engine.core import Rejected, Ruling, Sight
from engine.core.ruling import Number

from .board import VECTORS, Square, add, chebyshev, facing_toward, relative, square_name
from .board.los import in_fire_arc, traverse
from .board.los import plan as los_plan
from .events import (
    Assaulted,
    AutoFired,
    Blocked,
    DoorChanged,
    FeatureWrecked,
    Fired,
    Flamed,
    GrenadeExploded,
    Killed,
    Malfunctioned,
    OverwatchEnded,
    SelfDestructed,
    StoodUp,
)
from .messages import Problem
from .state import AgBlock, AgDetonate, AgFaceAttacker, AgLevelStep, AgPsychic, Aim, Piece
from .tape import Tape
from .weapons import GRENADE_KILL_ON, Side, Weapon, block_sides, melee_of, weapon_of


def kill(tape: Tape, model: str) -> None:
    """Remove a model or blip, counting kills for the Marines (SHB-10.10)."""
    p = tape.state.pieces.get(model)
    if p is None:
        return
    if p.kind == "blip" and p.ambush:
        tape.emit(Killed(model=model, kills=0))  # an ambush marker hides no count (DW-AMB-1)
    elif p.kind == "blip":
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
    bulkhead = key == "door" and _is_bulkhead(tape, at)
    bonus, shots = (0, 0) if free or bulkhead else sustained_bonus(tape, m, key, at)
    dice = tuple(tape.dice.d6(weapon.fire_dice))
    needed = 6 if bulkhead else weapon.kill_on  # DW-BLK-3, A-28: a natural 6, no sustained fire
    hit = _hits(weapon, dice, bonus, needed)
    deflected = deflection(tape, m.pos, at) if hit and m.pos is not None else ()
    hit = hit and not any(d >= 5 for d in deflected)
    aim = None if hit else Aim(target=key, square=at, shots=(1 if free else shots + 1))
    rules = ["SHB-8.1"] + (["SHB-8.3"] if free else []) + (["SHB-8.2"] if bonus else [])
    rules += ["SHB-8.8"] if key == "door" else []
    rules += ["DW-BLK-3"] if bulkhead else []
    tape.emit(
        Fired(
            model=m.id,
            target=key,
            square=at,
            dice=dice,
            bonus=bonus,
            needed=needed,
            hit=hit,
            overwatch=False,
            jammed=False,
            aim=aim,
            bursts=1 if weapon.ammo is not None else 0,
            deflection=deflected,
            ruling=shot_ruling(m, at, rules, dice, needed, bonus, deflected),
        )
    )
    if hit:
        _destroy_target(tape, key, at)
    _check_malfunction(tape, m.id, [dice])


def auto_fire(tape: Tape, m: Piece) -> None:
    """DW-AC-3, DW-AC-4, A-4: 3 D6 at each target in sight, nearest first, 4+ destroys it; a target
    uncovered by a destroyed blocker becomes a target too; a triple anywhere malfunctions the cannon
    after the whole attack. Blips revealed convert afterwards, out of this attack (A-46)."""
    weapon = weapon_of(m)
    tape.emit(AutoFired(model=m.id, bursts=weapon.auto_bursts))
    done: set[str] = set()
    first = {key for key, _ in tape.auto_targets(tape.state.pieces[m.id], done)}  # in sight at once
    rolls: list[tuple[int, ...]] = []
    while True:
        targets = tape.auto_targets(tape.state.pieces[m.id], done)
        if not targets:
            break
        key, sq = targets[0]
        done.add(key)
        dice = tuple(tape.dice.d6(weapon.auto_dice))
        rolls.append(dice)
        hit = max(dice) >= weapon.auto_kill_on
        target = key.split("@")[0] if "@" in key else key
        deflected = deflection(tape, m.pos, sq) if hit and m.pos is not None else ()
        hit = hit and not any(d >= 5 for d in deflected)
        # DW-AC-3 each target in arc and sight, 3 D6, 4+; DW-AC-4 one uncovered by a destroyed blocker
        rules = ["DW-AC-3"] + (["DW-AC-4"] if key not in first else [])
        told = shot_ruling(m, sq, rules, dice, weapon.auto_kill_on, 0, deflected)
        told = told.adding(bursts_used=weapon.auto_bursts) if told is not None else None
        tape.emit(
            Fired(
                model=m.id,
                target=target,
                square=sq,
                dice=dice,
                bonus=0,
                needed=weapon.auto_kill_on,
                hit=hit,
                overwatch=False,
                jammed=False,
                aim=None,
                deflection=deflected,
                ruling=told,
            )
        )
        if hit:
            _destroy_target(tape, target, sq)
    _check_malfunction(tape, m.id, rolls)


def grenade(tape: Tape, m: Piece, at: Square) -> None:
    """DW-GL-2, DW-GL-4, A-5, A-42: the target square's whole section, at once and with no lasting
    effect: 1 D6 per figure in it (the firer too; blips are immune): a Genestealer dies on 4+, a Marine
    on 6; 1 D6 per door of the section (A-42): destroyed on 5+; bulkheads are unaffected.

    DW-LVL-5, A-7: a grenade aimed at a pit or ladder square drops to the square below on 1-2 (1 D6)
    and hits the section there."""
    drop = None
    if tape.board.hole(at):
        drop = tape.dice.d6()[0]
        if drop <= 2:
            at = (at[0], at[1], at[2] + 1)
    section = tape.board.section_of(at)
    doors = [sq for sq in tape.section_doors(section) if not tape.is_bulkhead(sq)]
    reach = set(tape.board.sections[section]) | set(doors)
    victims = sorted(
        (p for p in tape.state.pieces.values() if p.pos in reach and p.kind != "blip"), key=lambda p: p.number
    )
    rolls = {p.id: tape.dice.d6()[0] for p in victims}
    features = _crates_in(tape, reach) + [
        sq for sq in sorted(reach) if tape.feature(sq) == "cryo" or tape.intact_ladder(sq)
    ]
    door_rolls = tuple((sq, tape.dice.d6()[0]) for sq in [*doors, *features])
    told = Ruling(  # `/why`: the section hit, each figure's and door's die against what it needed
        rules=("DW-GL-2", "DW-GL-4") + (("DW-LVL-5",) if drop is not None else ()),
        numbers={
            **({"drop_roll": drop} if drop is not None else {}),
            "target_square": square_name(at),
            "model_rolls": each_roll(tape, rolls),
            "door_rolls": square_rolls(door_rolls),
            "stealer_dies_on": GRENADE_KILL_ON["genestealer"],
            "marine_dies_on": GRENADE_KILL_ON["marine"],
            "door_dies_on": GRENADE_KILL_ON["door"],
        },
    )
    tape.emit(
        GrenadeExploded(
            model=m.id, target=at, section=section, rolls=rolls, doors=door_rolls, drop=drop, ruling=told
        )
    )
    for pid, roll in rolls.items():
        p = tape.state.pieces.get(pid)
        if p is not None and roll >= GRENADE_KILL_ON[p.kind]:
            kill(tape, pid)
    for sq, roll in door_rolls:
        if sq in tape.board.door_index and roll >= GRENADE_KILL_ON["door"]:
            tape.emit(DoorChanged(square=sq, status="destroyed"))
        elif tape.feature(sq) == "crate" and roll >= 6:  # crates die on 6 (the flamer's)
            wreck(tape, sq)
        elif tape.feature(sq) == "cryo" and roll >= 5:  # A-5: cryo tanks on 5+ (the doors')
            wreck(tape, sq)
        elif tape.intact_ladder(sq) and roll >= 5:  # a ladder as a door; it becomes a pit
            tape.emit(FeatureWrecked(squares=(sq,)))


def _hits(weapon: Weapon, dice: tuple[int, ...], bonus: int, needed: int) -> bool:
    """Any die plus the bonus reaches the kill roll (SHB-8.1); an assault cannon's three 1s always miss (DW-AC-2)."""
    if weapon.all_ones_miss and all(d == 1 for d in dice):
        return False
    return max(dice) + bonus >= needed


def _is_bulkhead(tape: Tape, sq: Square) -> bool:
    i = tape.board.door_index.get(sq)
    return i is not None and tape.board.doors[i].fixed == "bulkhead"


def _check_malfunction(tape: Tape, model: str, rolls: list[tuple[int, ...]]) -> None:
    """DW-AC-11, A-3, A-4: a shot that takes the cannon past its bursts, or any later one, malfunctions
    when its 3 dice show a triple; the shot (or the whole auto attack) is resolved first."""
    m = tape.state.pieces.get(model)
    if m is None:
        return
    limit = weapon_of(m).malfunction_after
    if limit is None or m.bursts <= limit:
        return
    triple = next((dice for dice in rolls if len(dice) == 3 and len(set(dice)) == 1), None)
    if triple is not None:
        malfunction(tape, m, triple, limit)


def each_roll(tape: Tape, rolls: dict[str, int]) -> str:
    """Each model's die of an area effect, as "name: roll" in model order (`/why`): the models as the
    board names them; a blip by its id alone, never what it hides."""
    pieces = tape.state.pieces
    return ", ".join(f"{_named(pieces.get(pid), pid)}: {roll}" for pid, roll in rolls.items()) or "-"


def _named(p: Piece | None, pid: str) -> str:
    return p.name or pid if p is not None and p.kind == "marine" else pid


def square_rolls(rolls: Iterable[tuple[Square, int]]) -> str:
    """Each door's (or crate's, or bulkhead's) die, as "square: roll" (`/why`)."""
    return ", ".join(f"{square_name(sq)}: {roll}" for sq, roll in rolls) or "-"


def malfunction(tape: Tape, m: Piece, triple: tuple[int, ...] = (), limit: int | None = None) -> None:
    """DW-AC-12, A-2: the firer dies; 1 D6 for each model, door and bulkhead on the 8 squares around him:
    a Genestealer or door is destroyed on 4+, a Marine or bulkhead on 5+."""
    assert m.pos is not None
    around = [sq for _d, sq in tape.board.neighbours(m.pos)]
    victims = sorted((p for p in tape.state.pieces.values() if p.pos in around), key=lambda p: p.number)
    doors = [sq for sq in around if sq in tape.board.door_index and tape.state.door_status(sq) != "destroyed"]
    rolls = {p.id: tape.dice.d6()[0] for p in victims if p.kind != "blip"}
    door_rolls = tuple((sq, tape.dice.d6()[0]) for sq in doors)
    numbers: dict[str, Number] = {"triple": triple} if triple else {}
    if limit is not None:
        numbers |= {"bursts_fired": m.bursts, "malfunction_after": limit}
    numbers |= {
        "model_rolls": each_roll(tape, rolls),
        "door_rolls": square_rolls(door_rolls),
        "stealer_dies_on": 4,
        "marine_dies_on": 5,
        "door_dies_on": 4,
        "bulkhead_dies_on": 5,
    }
    told = Ruling(rules=("DW-AC-11", "DW-AC-12", "DW-BLK-4"), numbers=numbers)
    tape.emit(Malfunctioned(model=m.id, rolls=rolls, doors=door_rolls, ruling=told))
    kill(tape, m.id)
    for pid, roll in rolls.items():
        p = tape.state.pieces.get(pid)
        if p is not None and roll >= (5 if p.kind == "marine" else 4):
            kill(tape, pid)
    for sq, roll in door_rolls:
        if roll >= (5 if _is_bulkhead(tape, sq) else 4):
            tape.emit(DoorChanged(square=sq, status="destroyed"))


def _destroy_target(tape: Tape, key: str, at: Square) -> None:
    if key == "door":
        tape.emit(DoorChanged(square=at, status="destroyed"))
    elif key == "feature":
        wreck(tape, at)
    elif key in tape.state.pieces:
        kill(tape, key)


def wreck(tape: Tape, at: Square) -> None:
    """A crate turns into rubble, all its squares (DW-CRT-1, A-26); a cryo tank is flipped (DW-CRY-1)."""
    if tape.attackable_feature(at):
        tape.emit(FeatureWrecked(squares=tape.feature_squares(at)))


def deflection(tape: Tape, frm: Square, to: Square) -> tuple[int, ...]:
    """DW-RUB-2, DW-RUB-3, A-27: 1 D6 per rubble square a hit crosses (between the shooter and the
    target, and the target's own square); grazing a rubble square diagonally rolls only when the
    other square of that corner blocks too. Same level only (no rubble rolls through holes)."""
    if not tape.state.options.deathwing or frm[2] != to[2]:
        return ()
    cells, pairs = traverse(frm, to)
    rubble = [sq for sq in [*cells, to] if tape.feature(sq) == "rubble"]
    for a, b in pairs:
        for one, other in ((a, b), (b, a)):
            if tape.feature(one) == "rubble" and (other not in tape.board.cells or other in tape.blockers):
                rubble.append(one)
    return tuple(tape.dice.d6(len(rubble))) if rubble else ()


def overwatch_shooters(tape: Tape, target: Piece) -> list[Piece]:
    """Marines on overwatch with the target in arc, in LoS and within range (SHB-8.4)."""
    if target.pos is None or target.kind != "genestealer":
        return []
    rng = tape.opt.overwatch_range
    return [
        m
        for m in sorted(tape.marines(), key=lambda p: p.number)
        if m.overwatch and tape.can_fire_at_all(m) is None and tape.can_target(m, target.pos, rng)
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
    hit = _hits(weapon, dice, bonus, weapon.kill_on)
    alive = target in tape.state.pieces
    deflected = deflection(tape, m.pos, at) if hit and alive and m.pos is not None else ()
    hit = hit and not any(d >= 5 for d in deflected)
    double = len(set(dice)) < len(dice)
    jammed = weapon.jams and double and not (dice == (6, 6) and tape.opt.double_six == "kill_no_jam")
    new_aim = Aim(target=target, square=at, shots=1) if tape.opt.overwatch_sustained and not hit else None
    # SHB-8.4 the free shot (in arc, in sight, within range), SHB-8.1 its dice, SHB-8.6 any double jams
    ruling = shot_ruling(m, at, ["SHB-8.4", "SHB-8.1", "SHB-8.6"], dice, weapon.kill_on, bonus, deflected)
    if ruling is not None and m.pos is not None and m.pos[2] == at[2]:
        ruling = ruling.adding(distance_sq=chebyshev(m.pos, at), range_sq=tape.opt.overwatch_range)
    if ruling is not None and weapon.jams:
        ruling = ruling.adding(double="yes" if double else "no", jammed="yes" if jammed else "no")
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
            bursts=1 if weapon.ammo is not None else 0,  # DW-AC-9: overwatch uses ammunition
            deflection=deflected,
            ruling=ruling,
        )
    )
    if hit and alive:
        kill(tape, target)
    _check_malfunction(tape, m.id, [dice])


def shot_ruling(
    m: Piece,
    at: Square,
    rules: list[str],
    dice: tuple[int, ...],
    needed: int,
    bonus: int,
    deflected: tuple[int, ...],
) -> Ruling | None:
    """A storm bolter shot's ruling (`/why`): the rules applied, the dice against what each needed
    (a kill on any die plus the bonus reaching `needed`, SHB-8.1), the rubble's deflection rolls
    (DW-RUB-2: a 5 or 6 turns the hit aside), and the sight line from square to square."""
    if m.pos is None:
        return None
    numbers: dict[str, Number] = {"dice": dice, "needed": needed}
    if bonus:
        numbers["bonus"] = bonus
    if deflected:
        rules = [*rules, "DW-RUB-2"]
        numbers["deflection"] = deflected
    same_level = m.pos[2] == at[2]
    sight = Sight(frm=(m.pos[0], m.pos[1]), to=(at[0], at[1]), clear=True) if same_level else None
    return Ruling(rules=tuple(rules), numbers=numbers, sight=sight)


SIGHT_REFUSALS = {
    # the refusal a measure or a sight line made -> (the rules it applied, the range it allowed)
    "fire.no_line": (("SHB-6.3", "SHB-6.4", "SHB-8.1"), None),
    "flame.no_line": (("SHB-6.3", "SHB-6.4", "SHB-9.2"), 12),
    "grenade.no_line": (("SHB-6.3", "SHB-6.4", "DW-GL-1"), None),
    "grenade.range": (("DW-GL-1", "A-6"), 8),
}
"""The Marines' refusals that a fire arc, a line of sight or a range made: they carry a ruling."""


def sight_refusal(tape: Tape, p: Piece, at: Square, found: Problem) -> Rejected:
    """`found` as a refusal, with its ruling when a measure made it (`/why`): the distance in squares
    against the range, whether the square is in the fire arc (SHB-6.3), and the sight line with the
    square that blocks it (SHB-6.4: a model or blip, a closed door, flames; a wall when none is
    named). Only the Marine player is refused so, and everything named is on his board."""
    refusal = found.reject()
    known = SIGHT_REFUSALS.get(found.id)
    if known is None or p.pos is None or p.facing is None:
        return refusal
    rules, reach = known
    if found.id == "fire.no_line":
        reach = tape.opt.aimed_range
    pos = p.pos
    numbers: dict[str, Number] = {}
    sight = None
    if pos[2] == at[2]:
        if found.id == "grenade.range":
            walked = tape.board.walk_distances(pos, 99).get(at)
            numbers["route_sq"] = walked if walked is not None else "-"
        else:
            numbers["distance_sq"] = chebyshev(pos, at)
        if reach is not None:
            numbers["range_sq"] = reach
        numbers["in_arc"] = "yes" if in_fire_arc(p.facing, pos, at) else "no"
        if found.id != "grenade.range":
            sight = _told_sight(tape, pos, at)
    return refusal.ruled(Ruling(rules=rules, numbers=numbers, sight=sight))


def _told_sight(tape: Tape, a: Square, b: Square) -> Sight:
    """The sight line from square `a` to `b` as `clear` judges it, and the first square blocking it."""
    frm, to = (float(a[0]), float(a[1])), (float(b[0]), float(b[1]))
    plan_ = los_plan(tape.board, a, b)
    if plan_ is None:
        return Sight(frm=frm, to=to, clear=False)  # a wall (or the board's edge) is on the line
    must, either = plan_
    blockers = tape.blockers
    hit = next((sq for sq in must if sq in blockers), None)
    if hit is None:
        hit = next((p1 for p1, p2 in either if p1 in blockers and p2 in blockers), None)
    if hit is None:
        return Sight(frm=frm, to=to, clear=True)
    occupant = tape.occ.get(hit)
    by = (
        square_name(hit)
        if occupant is None
        else f"{_named(tape.state.pieces.get(occupant), occupant)} ({square_name(hit)})"
    )
    return Sight(frm=frm, to=to, clear=False, by=by, at=(float(hit[0]), float(hit[1])))


def flame(tape: Tape, m: Piece, at: Square) -> None:
    """SHB-9.3, SHB-9.4: the section area burns; every model in it dies on 2+ (blips whole, Q7)."""
    kill_on = weapon_of(m).flame_kill_on
    area = tape.flame_area(at)
    in_area = set(area)
    victims = sorted(
        (
            p
            for p in tape.state.pieces.values()
            if p.pos in in_area and (p.kind != "blip" or (tape.opt.flamer_hits_blips and not p.ambush))
        ),
        key=lambda p: p.number,
    )
    rolls = {p.id: tape.dice.d6()[0] for p in victims}
    crates = _crates_in(tape, area)  # DW-CRT-2: 1 D6 per crate, destroyed on 6
    crate_rolls = tuple((sq, tape.dice.d6()[0]) for sq in crates)
    section = tape.board.section_of(at)
    told = Ruling(  # `/why`: the area burnt (the target's section), each model's die against the 2+
        rules=("SHB-9.2", "SHB-9.3", "SHB-9.4") + (("DW-CRT-2",) if crate_rolls else ()),
        numbers={
            "target_square": square_name(at),
            "squares": len(area),
            "model_rolls": each_roll(tape, rolls),
            "dies_on": kill_on,
            **({"crate_rolls": square_rolls(crate_rolls)} if crate_rolls else {}),
        },
    )
    tape.emit(
        Flamed(
            model=m.id, target=at, section=section, squares=area, rolls=rolls, crates=crate_rolls, ruling=told
        )
    )
    for pid, roll in rolls.items():
        if roll >= kill_on:
            kill(tape, pid)
    for sq, roll in crate_rolls:
        if roll >= 6:
            wreck(tape, sq)


def _crates_in(tape: Tape, squares: Iterable[Square]) -> list[Square]:
    """One square per intact crate among `squares` (a crate of several squares is one crate)."""
    found: list[Square] = []
    seen: set[Square] = set()
    for sq in sorted(squares):
        if sq not in seen and tape.attackable_feature(sq) and tape.feature(sq) == "crate":
            seen.update(tape.feature_squares(sq))
            found.append(sq)
    return found


def self_destruct(tape: Tape, m: Piece) -> None:
    """SHB-9.7 (Q16): every model and door in the flamer's own section is destroyed, no roll.

    Reading: the whole section (closed doors ignored); blips count their value as kills.
    """
    assert m.pos is not None
    section = tape.board.section_of(m.pos)
    squares = set(tape.board.sections[section])
    if tape.state.options.deathwing:
        _self_destruct_deathwing(tape, m, section)
        return
    tape.emit(SelfDestructed(model=m.id, section=section))
    for p in sorted(tape.state.pieces.values(), key=lambda p: p.number):
        if p.pos in squares:
            kill(tape, p.id)
    for door in tape.board.doors:
        if door.square in squares and tape.state.door_status(door.square) != "destroyed":
            tape.emit(DoorChanged(square=door.square, status="destroyed"))


def _self_destruct_deathwing(tape: Tape, m: Piece, section: str) -> None:
    """DW-TH-2, A-37, A-42, DW-BLK-4: every figure, blip and door of the bearer's section goes, the
    bearer included; the section's doors are those touching it (A-42), and a model in such a doorway
    goes too; a bulkhead there is destroyed on 5+ (1 D6 each)."""
    doors = tape.section_doors(section)
    reach = set(tape.board.sections[section]) | {sq for sq in doors if not tape.is_bulkhead(sq)}
    bulkheads = [sq for sq in doors if tape.is_bulkhead(sq)]
    rolls = tuple((sq, tape.dice.d6()[0]) for sq in bulkheads)
    told = (
        Ruling(  # a thunder hammer's (DW-TH-2, DW-TH-4) or a heavy flamer's: bulkheads on 5+
            rules=(("DW-TH-2", "DW-TH-4") if melee_of(m).self_destruct else ("SHB-9.7", "A-37"))
            + ("DW-BLK-4",),
            numbers={"bulkhead_rolls": square_rolls(rolls), "bulkhead_dies_on": 5},
        )
        if rolls
        else None
    )
    tape.emit(SelfDestructed(model=m.id, section=section, bulkheads=rolls, ruling=told))
    for p in sorted(tape.state.pieces.values(), key=lambda p: p.number):
        if p.pos in reach:
            kill(tape, p.id)
    for sq in doors:
        if not tape.is_bulkhead(sq):
            tape.emit(DoorChanged(square=sq, status="destroyed"))
    for sq, roll in rolls:
        if roll >= 5:
            tape.emit(DoorChanged(square=sq, status="destroyed"))
    for sq in tape.board.sections[section]:
        wreck(tape, sq)  # crates and cryo tanks go as doors
        if tape.intact_ladder(sq):
            tape.emit(FeatureWrecked(squares=(sq,)))  # removed, a pit now


def assault(tape: Tape, p: Piece, key: str, psychic: int = 0) -> None:
    """SHB-8.9, SHB-8.10, SHB-8.13: close assault on the model or door directly ahead.

    Both sides roll; a Terminator with a power sword or storm shield may then make the Genestealer
    reroll one die (DW-PS-2): the assault waits on that choice (`AgBlock`) before it is resolved.
    `psychic`: the Librarian's psychic points, announced before the dice (DW-FA-2).
    """
    if key in ("door", "feature", "ladder"):
        ahead = tape.ahead(p)
        assert ahead is not None
        _assault_door(tape, p, ahead, psychic, key)
        return
    d = tape.state.pieces[key]
    if d.kind == "marine" and d.overwatch:
        tape.emit(OverwatchEnded(model=d.id, reason="assaulted"))  # SHB-8.11
    if d.kind == "marine" and melee_of(d).self_destruct and p.pos is not None and tape.sees(d, p.pos):
        tape.push(AgDetonate(attacker=p.id, defender=d.id))  # DW-TH-3: declared before the dice
        return
    if d.kind == "marine" and melee_of(d).psychic and d.psychic > 0 and facing_opponent(d, p):
        tape.push(AgPsychic(attacker=p.id, defender=d.id))  # DW-FA-2: announced before any die
        return
    roll_assault(tape, p, d, psychic)


def roll_assault(tape: Tape, p: Piece, d: Piece, psychic: int = 0, defender_psychic: int = 0) -> None:
    """Both sides roll (SHB-8.9); then a possible block (DW-PS-2), then the result."""
    assert d.pos is not None
    ahead = d.pos  # directly ahead, or above or below through a hole (DW-LVL-1)
    a_dice = tuple(tape.dice.d6(_dice_count(tape, p, d, attacking=True)))
    d_dice = tuple(tape.dice.d6(_dice_count(tape, d, p, attacking=False)))
    pending = AgBlock(
        attacker=p.id,
        defender=d.id,
        square=ahead,
        attacker_dice=a_dice,
        defender_dice=d_dice,
        attacker_mod=_modifier(p, d, attacking=True, psychic=psychic),
        defender_mod=_modifier(d, p, attacking=False, psychic=defender_psychic),
        psychic=psychic,
        defender_psychic=defender_psychic,
    )
    if _may_block(tape, pending):
        tape.push(pending)
        return
    resolve_assault(tape, pending)


def facing_opponent(p: Piece, opponent: Piece) -> bool:
    """Whether `opponent` stands in p's front square (an attacker always faces its target, SHB-8.9); a
    prone Terminator faces nobody (DW-PIT-9, A-9)."""
    return (
        not p.prone
        and p.facing is not None
        and p.pos is not None
        and add(p.pos, VECTORS[p.facing]) == opponent.pos
    )


def _modifier(p: Piece, opponent: Piece, *, attacking: bool, psychic: int = 0) -> int:
    """What a model adds to its best close-assault die.

    Personal skills count from any direction (A-9): a Sergeant +1 (SHB-3.4), a Captain +2
    (DW-CAP-5), a Librarian +1 (DW-LIB-1). Weapon effects follow their own facing limits: lightning
    claws +2 always (DW-LC-1, A-10), a thunder hammer +2 only facing the opponent (DW-TH-1), psychic
    points only facing the opponent (DW-FA-2).
    """
    if p.kind != "marine":
        return 0
    weapon = melee_of(p)
    facing = attacking or facing_opponent(p, opponent)
    mod = (1 if p.sergeant else 0) + (2 if p.captain else 0) + (1 if p.mastery else 0) + weapon.assault_bonus
    if p.prone:
        mod -= 1  # DW-PIT-9
    if facing:
        mod += weapon.facing_bonus + (psychic if weapon.psychic else 0)
    return mod


def _block_side(marine: Piece, stealer: Piece) -> Side | None:
    """Where the Genestealer stands as the Terminator sees it: "front", "left", or None (elsewhere)."""
    assert marine.facing is not None and marine.pos is not None and stealer.pos is not None
    forward, right = relative(marine.facing, marine.pos, stealer.pos)
    if (forward, right) == (1, 0):
        return "front"
    if (forward, right) == (0, -1):
        return "left"
    return None


def _may_block(tape: Tape, item: AgBlock) -> bool:
    """DW-PS-2, DW-PS-3, DW-SS-1: a Terminator able to block, with the Genestealer in a blocking square.

    Reading: the block is offered only when the Terminator is not already winning (a reroll could
    only make the Genestealer's score better or leave it).
    """
    marine, stealer = _sides(tape, item)
    if marine is None or stealer is None or marine.prone:  # no block while prone
        return False
    side = _block_side(marine, stealer)
    if side is None or side not in block_sides(marine):
        return False
    m_score, g_score = _scores(item, marine.id)
    return m_score <= g_score


def _sides(tape: Tape, item: AgBlock) -> tuple[Piece | None, Piece | None]:
    a, d = tape.state.pieces[item.attacker], tape.state.pieces[item.defender]
    if a.kind == "marine" and d.kind == "genestealer":
        return a, d
    if d.kind == "marine" and a.kind == "genestealer":
        return d, a
    return None, None


def _scores(item: AgBlock, marine: str) -> tuple[int, int]:
    """(the Terminator's score, the Genestealer's score) of a pending assault."""
    a_score = max(item.attacker_dice) + item.attacker_mod
    d_score = max(item.defender_dice) + item.defender_mod
    return (a_score, d_score) if item.attacker == marine else (d_score, a_score)


def block(tape: Tape, item: AgBlock, die: int) -> None:
    """DW-PS-2: the Genestealer rerolls its die number `die`; the new result stands, even if higher."""
    stealer_attacks = tape.state.pieces[item.attacker].kind == "genestealer"
    dice = list(item.attacker_dice if stealer_attacks else item.defender_dice)
    old = dice[die]
    dice[die] = tape.dice.d6()[0]
    told = Ruling(rules=("DW-PS-2",), numbers={"rerolled_from": old, "rerolled_to": dice[die]})
    tape.emit(
        Blocked(
            model=item.defender if stealer_attacks else item.attacker,
            die=die,
            old=old,
            new=dice[die],
            ruling=told,
        )
    )
    field = "attacker_dice" if stealer_attacks else "defender_dice"
    resolve_assault(tape, item.model_copy(update={field: tuple(dice)}))


def resolve_assault(tape: Tape, item: AgBlock) -> None:
    """SHB-8.10: the higher score kills the loser; a defender attacked from the side or rear cannot
    harm its attacker (DW-CA-1, A-11), and after a tie or such a win it may turn to face it (Q19)."""
    p, d = tape.state.pieces[item.attacker], tape.state.pieces[item.defender]
    a_score = max(item.attacker_dice) + item.attacker_mod
    d_score = max(item.defender_dice) + item.defender_mod
    result = "attacker" if a_score > d_score else ("defender" if d_score > a_score else "tie")
    ruling = Ruling(  # SHB-8.9 the dice, SHB-8.10 the highest die plus modifiers, the higher kills
        rules=("SHB-8.9", "SHB-8.10"),
        numbers={
            "attacker_dice": item.attacker_dice,
            "attacker_modifier": item.attacker_mod,
            "attacker_score": a_score,
            "defender_dice": item.defender_dice,
            "defender_modifier": item.defender_mod,
            "defender_score": d_score,
        },
    )
    if item.psychic or item.defender_psychic:  # DW-FA-1/2: a Librarian's points, no roll of their own
        spent = {"psychic_points": item.psychic} if item.psychic else {}
        spent |= {"defender_psychic_points": item.defender_psychic} if item.defender_psychic else {}
        ruling = ruling.adding(("DW-FA-1", "DW-FA-2"), **spent)
    tape.emit(
        Assaulted(
            model=p.id,
            target=d.id,
            square=item.square,
            attacker_dice=item.attacker_dice,
            defender_dice=item.defender_dice,
            attacker_score=a_score,
            defender_score=d_score,
            result=result,  # type: ignore[arg-type]
            psychic=item.psychic,
            defender_psychic=item.defender_psychic,
            ruling=ruling,
        )
    )
    assert p.pos is not None and d.pos is not None
    if result == "attacker":
        kill(tape, d.id)
        return
    if d.prone:  # DW-PIT-9: cannot harm; on a win or tie he stands and faces, free
        toward = facing_toward(d.pos, p.pos) or d.facing
        assert toward is not None
        tape.emit(StoodUp(model=d.id, facing=toward))
        return
    attacker_in_front = d.facing is not None and add(d.pos, VECTORS[d.facing]) == p.pos
    if result == "defender" and attacker_in_front:
        kill(tape, p.id)
        return
    if d.kind == "marine" and d.pos[2] != p.pos[2]:
        _level_step(tape, d)  # DW-LVL-2
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


def _level_step(tape: Tape, m: Piece) -> None:
    """DW-LVL-2: a Marine who wins or ties against an attack through a hole may step, free, to the square
    in front of or behind him, keeping his facing."""
    assert m.pos is not None and m.facing is not None
    fx, fy = VECTORS[m.facing]
    squares = tuple(
        sq for sq in (add(m.pos, (fx, fy)), add(m.pos, (-fx, -fy))) if tape.square_problem(sq, m) is None
    )
    if squares:
        tape.push(AgLevelStep(model=m.id, squares=squares))


def _dice_count(tape: Tape, p: Piece, opponent: Piece, *, attacking: bool) -> int:
    """SHB-8.9: a Terminator 1 die (lightning claws 2 when facing, DW-LC-2), a Genestealer 3; a
    Genestealer defending from its flank fewer (SHB-8.12, Q6; in Deathwing games 2 from the side or
    rear, DW-CA-1, whatever the Q6 flags say)."""
    weapon = melee_of(p)
    if p.kind == "marine":
        facing = attacking or facing_opponent(p, opponent)
        return weapon.facing_dice if facing and weapon.facing_dice else weapon.assault_dice
    extra = 1 if p.leader else 0  # DW-CR-8, A-32: Cloud Runner's leader rolls 4 dice, 3 from side or rear
    dice = weapon.assault_dice + extra
    if attacking or p.facing is None or p.pos is None or opponent.pos is None:
        return dice
    deathwing = tape.state.options.deathwing
    flank_from = "side_or_rear" if deathwing else tape.opt.stealer_flank_from
    flank_dice = (2 if deathwing else tape.opt.stealer_flank_dice) + extra
    forward, side = relative(p.facing, p.pos, opponent.pos)
    flank = forward < 0 or (forward == 0 and flank_from == "side_or_rear")
    return min(dice, flank_dice) if flank else dice


def _assault_door(tape: Tape, p: Piece, sq: Square, psychic: int = 0, key: str = "door") -> None:
    """SHB-8.13: a Marine needs 6 on 1D6 (sergeant +1); a Genestealer any 6 on 3D6.

    Reading (DW-BLK-2): a Terminator attacks a door or bulkhead with all his close-assault
    modifiers, as against a model he faces (claws: 2 dice +2; thunder hammer +2; psychic points).
    The psychic points are spent as against a model (DW-LIB-3): `Assaulted.psychic` takes them off.
    """
    dice = tuple(tape.dice.d6(melee_of(p).facing_dice or melee_of(p).assault_dice))
    score = max(dice) + (_modifier(p, p, attacking=True, psychic=psychic) if p.kind == "marine" else 0)
    success = score >= 6
    tape.emit(
        Assaulted(
            model=p.id,
            target=key,
            square=sq,
            attacker_dice=dice,
            defender_dice=(),
            attacker_score=score,
            defender_score=6,
            result="attacker" if success else "defender",
            psychic=psychic if p.kind == "marine" else 0,  # DW-BLK-2, DW-LIB-3: spent, as on a model
            ruling=Ruling(
                rules=("SHB-8.13",),
                numbers={
                    "attacker_dice": dice,
                    "attacker_modifier": score - max(dice),
                    "attacker_score": score,
                    "needed": 6,
                },
            ),
        )
    )
    if success and key == "ladder":
        tape.emit(FeatureWrecked(squares=(sq,)))  # a destroyed ladder becomes a pit
    elif success and key == "feature":
        wreck(tape, sq)  # DW-CRT-1, DW-CRY-1: attacked like a door
    elif success:
        tape.emit(DoorChanged(square=sq, status="destroyed", by=p.id))
