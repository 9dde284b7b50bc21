"""The automated Genestealer player's reinforcements and ambushes (DW-SOLO-2 .. DW-SOLO-7, A-30, A-47):
the blips one per entry area, nearest a Marine first, the solo player's ties, flipped together; the
ambush draws on the turns the D6 schedules (or the mission fixes).

See deathwing/solo.py for how the player plays and the readings."""

from __future__ import annotations

from typing import Any

from engine.core import Ruling

from .. import blips
from ..board import Square
from ..dw_types.solo_model import (
    AgSoloTie,
    SoloAmbushDrawn,
    SoloAmbushRolled,
    SoloTieBroken,
    decided,
)
from ..events import BlipPlaced, ReinforcementsLost, StealerPlaced
from ..messages import refuse
from ..state import AgFacing, AgReinforce
from ..tape import Tape
from .solo_routes import FAR, field

AMBUSH_DISTANCE = 6  # DW-SOLO-6


# --- reinforcements and ambush ---------------------------------------------------------------------


def reinforce(tape: Tape, item: AgReinforce) -> None:
    """DW-SOLO-2 .. DW-SOLO-4, A-47: one blip per unsecured entry area, nearest first; the rest lost;
    never forced to lurk; then all flip together in placement order. Where equally near areas are more
    than the blips left for them, the solo player chooses (T-9): a tie prompt is pushed and the blips
    wait for its answers. Equally near areas that all get a blip take them in the seeded dice's order
    (T-9: "in any order")."""
    s = tape.state
    areas = [a for a in s.mission.usable_areas() if a not in s.secured]
    f = field(tape)
    near = {a: f.get(tape.board.entries[a].square, FAR) for a in areas}
    n = item.remaining
    key = f"area-{s.turn}-{s.next_id}"  # blips placed change next_id: stale picks never apply
    picks = s.solo.picks if s.solo.tie_key == key else ()
    tie = _area_tie(areas, near, min(n, _counters(tape)), picks, _shortage(tape))
    if tie is not None:
        group, slots, distance, short = tie
        tape.push(
            AgSoloTie(tie="area", candidates=group, distance=distance, slots=slots, key=key, short=short)
        )
        return
    tape.pop()
    shuffled = tape.dice.shuffled(sorted(areas)) if len(areas) > 1 else areas
    ordered = sorted(shuffled, key=lambda a: (near[a], picks.index(a) if a in picks else len(picks)))
    placed: list[str] = []
    for area in ordered[:n]:
        if not blips.counters_left(tape):
            break
        value, from_bag = blips._draw(tape)
        model = f"b{tape.state.next_id}"
        tape.emit(
            decided("blip", area=area, distance=near[area]),
            BlipPlaced(
                model=model,
                area=area,
                value=value,
                lurk_until=0,  # DW-SOLO-3: never forced to lurk
                from_bag=from_bag,
                owner=tape.state.seat_of("genestealer"),
            ),
        )
        placed.append(model)
    if n > len(placed):
        tape.emit(ReinforcementsLost(count=n - len(placed)))  # DW-SOLO-3: beyond the areas
    for model in placed:  # DW-SOLO-4: flipped together, figures in placement order
        blip = tape.state.pieces[model]
        blips.convert(tape, blip, voluntary=True)


def _counters(tape: Tape) -> int:
    """How many blips can still be drawn (the bag and the used pile, which refills it; Q8)."""
    if tape.opt.blip_draw == "with_replacement":
        return FAR
    return sum(tape.state.bag.values()) + sum(tape.state.used.values())


def _shortage(tape: Tape) -> Any:
    """Whether the Genestealer models may run short within the blips placed `before` a group and the
    `upto` blips that include it, so that the order of the group's blips decides whose figures are
    lost (DW-SOLO-4, DW-SOLO-2; reading in the module docstring): fewer models left than the largest
    figures `upto` blips could bring, and more than the smallest `before` blips could bring."""
    room = tape.stealer_room()
    if tape.opt.blip_draw == "with_replacement":
        composition = tape.state.mission.blip_bag or tape.opt.blip_bag  # = blips.bag_composition
        cup = sorted(v for v, n in composition.items() for _ in range(n))
        most = [max(cup, default=0)] * len(cup)
        least = [min(cup, default=0)] * len(cup)
    else:
        cup = sorted(
            v for pile in (tape.state.bag, tape.state.used) for v, n in pile.items() for _ in range(n)
        )
        most, least = cup[::-1], cup

    def short(before: int, upto: int) -> bool:
        return room is not None and sum(least[:before]) < room < sum(most[:upto])

    return short


def _area_tie(
    areas: list[str], near: dict[str, int], n: int, picks: tuple[str, ...], short: Any = None
) -> tuple[tuple[str, ...], int, int, bool] | None:
    """The tie still to be answered (DW-SOLO-2, T-9): the equally near areas not yet picked, the blips
    left for that group, its distance and whether it is asked because the models may run short; None when the nearest-first order leaves no choice that
    matters (every area of a group gets a blip and the models cannot run short among them, or none
    gets one; reading: areas that no route joins to a Marine are not "near" him at all, and their tie
    goes to the dice, as the movers' does). `short(before, upto)`: whether the models may run short
    within those blips (`_shortage`); then the order of a group that all get a blip is asked too."""
    taken = 0
    for distance in sorted(set(near.values())):
        group = [a for a in areas if near[a] == distance]
        chosen = [a for a in picks if a in group]
        if taken + len(group) <= n:
            if (
                short is not None
                and len(group) - len(chosen) > 1
                and distance < FAR - 1
                and short(taken, taken + len(group))
            ):
                left = tuple(sorted((a for a in group if a not in chosen), key=_area_order))
                return left, len(left), distance, True  # DW-SOLO-4: the order decides whose figures are lost
            taken += len(group)
            continue
        slots = n - taken
        if slots <= 0 or len(chosen) >= slots or distance >= FAR - 1:
            return None  # no blip left for the group, or the areas no route joins to a Marine: the dice
        left = tuple(sorted((a for a in group if a not in chosen), key=_area_order))
        return left, slots - len(chosen), distance, False
    return None


def _area_order(area: str) -> tuple[int, str]:
    return (int(area), area) if area.isdigit() else (FAR, area)


def break_tie(tape: Tape, top: AgSoloTie, pick: str | None) -> None:
    """The answer to a tie prompt (DW-SOLO-2, DW-SOLO-8): the player's pick, or the seeded dice's when
    he leaves it to them (the "random" standing order, deathwing.md §5). Logged with its reason."""
    by = "player"
    if pick is None:
        pick = top.candidates[tape.dice.index(len(top.candidates))]
        by = "dice"
    elif pick not in top.candidates:
        raise refuse("solo_tie.pick", pick=pick, candidates=", ".join(top.candidates))
    tape.pop()
    if top.tie == "area":
        log = decided("tie_area", area=pick, areas=list(top.candidates), distance=top.distance, by=by)
    else:
        log = decided(
            "tie_mover", pick, model=pick, models=list(top.candidates), distance=top.distance, by=by
        )
    tape.emit(log, SoloTieBroken(key=top.key, pick=pick, by=by))  # type: ignore[arg-type]


def schedule(tape: Tape, after: int) -> None:
    """DW-SOLO-5, DW-SOLO-7: roll the D6 for the next ambush draw."""
    roll = tape.dice.d6()[0]
    turn = after + roll
    told = Ruling(rules=("DW-SOLO-5", "DW-SOLO-7"), numbers={"ambush_roll": roll, "ambush_turn": turn})
    tape.emit(
        decided("ambush_roll", roll=roll, turn=turn),
        SoloAmbushRolled(roll=roll, turn=turn, ruling=told),
    )


def ambush_allowed(state: Any) -> bool:
    """The table plays with ambush markers (DW-AMB-1), the mission allows them, and it does not give its
    own (Cloud Runner rolls them on its reinforcement table, DW-CR-9)."""
    return (
        state.options.deathwing
        and state.options.variants.ambush
        and state.mission.ambush_allowed
        and state.mission.scenario != "cloud_runner"
    )


def setup(tape: Tape) -> None:
    """Before turn 1 (DW-SOLO-5); a mission that fixes the ambush turns skips the D6 (DW-SOLO-7)."""
    if ambush_allowed(tape.state) and not tape.state.mission.ambush_turns:
        schedule(tape, 0)


def ambush_due(state: Any) -> bool:
    """An ambush result is drawn at the start of this turn: one the mission fixes (DW-SOLO-7), or the
    one the last D6 scheduled (DW-SOLO-5, DW-SOLO-7)."""
    fixed = state.mission.ambush_turns
    return state.turn in fixed if fixed else state.solo.ambush_turn == state.turn


def turn_start(tape: Tape) -> None:
    """At the start of the turn, before the Marine command phase (A-30): the scheduled ambush draw."""
    s = tape.state
    if not ambush_allowed(s) or not ambush_due(s):
        return
    cup = [r for r, n in sorted(tape.opt.ambush_cup.items()) for _ in range(n)]
    result = tape.dice.choice(cup) if cup else "echo"
    square = _ambush_square(tape) if result == "genestealer" else None
    if result == "genestealer":
        reason = "ambush_stealer" if square is not None else "ambush_lost"
    else:
        reason = "ambush_echo"
    tape.emit(
        decided(reason, None, False, **({"square": square} if square else {})),
        SoloAmbushDrawn(turn=s.turn, result=result, square=square),
    )
    if square is not None and tape.stealer_room() != 0:
        model = f"g{tape.state.next_id}"
        tape.emit(StealerPlaced(model=model, square=square, ap=6, activated=False))
        tape.push(AgFacing(models=(model,), reveal=False))
    if not s.mission.ambush_turns:
        schedule(tape, s.turn)  # DW-SOLO-7: the next draw; a mission that fixes the turns rolls no D6


def _ambush_square(tape: Tape) -> Square | None:
    """DW-SOLO-6, A-30: a random empty square exactly 6 squares by the shortest route from the nearest
    Marine (no Marine nearer), which no Marine sees."""
    board = tape.board
    nearest: dict[Square, int] = {}
    for m in tape.marines():
        assert m.pos is not None
        for sq, d in board.walk_distances(m.pos, AMBUSH_DISTANCE).items():
            nearest[sq] = min(d, nearest.get(sq, d))
    spots = sorted(
        sq
        for sq, d in nearest.items()
        if d == AMBUSH_DISTANCE
        and tape.square_problem(sq, None) is None
        and sq not in board.door_index
        and not tape.marine_sees(sq)
    )
    return spots[tape.dice.index(len(spots))] if spots else None


def blips_due(state: Any, n: int) -> int:
    """DW-SOLO-5: a turn that drew an ambush result brings one blip fewer."""
    return max(0, n - 1) if state.solo.fewer_turn == state.turn and state.turn > 0 else n
