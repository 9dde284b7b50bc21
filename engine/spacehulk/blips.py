"""Blips: the bag, reinforcements, lurking and conversion into Genestealers (SHB-10).

Readings:
- A blip is drawn only when it can be placed: when every usable entry area is full (or no counter is
  left anywhere) the arriving blips are lost, not drawn (SHB-10.3, Q9).
- The bag is refilled with the used (revealed) counters only when a draw finds it empty (Q8). In
  Deathwing solo play a revealed counter goes straight back into the bag (DW-SOLO-4), so the used
  pile holds only counters removed unrevealed (a blip killed as a blip).
- Genestealers from an involuntary conversion of a blip that had not yet been activated this turn
  keep a full 6 AP and may act later in the phase; those of a blip that was active or already done
  get none (Q11 covers the acting blip).
- A lurking blip's voluntary conversion puts its Genestealers in the same lurking space (they
  inherit its forced-lurk turn) with no facing; each chooses its facing when it enters (SHB-10.6).
- Lurking Genestealers do not count towards the area's 3-blip capacity.
- Overwatch against revealed Genestealers (SHB-10.8) happens in the Genestealer turn only; in the
  Marine turn nothing triggers overwatch.
- Forced placement: when the free squares are no more than the Genestealers to place, they are
  filled without asking; the chooser is asked only when there is a real choice.
"""

from __future__ import annotations

from . import combat
from .board import Square
from .events import (
    AmbushPlaced,
    AmbushRevealed,
    BagRefilled,
    BlipConverted,
    BlipPlaced,
    Killed,
    ReinforcementsLost,
    StealerPlaced,
    StealersLost,
)
from .queries import Queries
from .state import AgFacing, AgPlace, AgReinforce, AgRevealShots, Piece
from .tape import Tape


def bag_composition(tape: Tape) -> dict[int, int]:
    """The mission's blip bag or the option's (SHB-10.2, Q8)."""
    return dict(tape.state.mission.blip_bag or tape.opt.blip_bag)


def areas_with_room(tape: Queries) -> list[str]:
    secured = tape.state.secured  # DW-SEC-3: no reinforcements use a secured area
    return [a for a in tape.state.mission.usable_areas() if a not in secured and tape.area_has_room(a)]


def counters_left(tape: Tape) -> bool:
    if tape.opt.blip_draw == "with_replacement":
        return True
    return sum(tape.state.bag.values()) + sum(tape.state.used.values()) > 0


def resolve_reinforce(tape: Tape, item: AgReinforce) -> bool:
    """Auto part of a reinforcement step; True when it made progress without a choice."""
    if item.remaining <= 0:
        tape.pop()
        return True
    areas = areas_with_room(tape)
    if not areas or not counters_left(tape):
        tape.emit(ReinforcementsLost(count=item.remaining))
        tape.pop()
        return True
    if len(areas) == 1 and not tape.ambush_open():
        place_blip(tape, item, areas[0])
        return True
    return False


def place_ambush(tape: Tape, item: AgReinforce, sq: Square) -> None:
    """DW-AMB-2, A-22: an ambush marker takes this reinforcement slot (not the blip total)."""
    tape.emit(AmbushPlaced(model=f"b{tape.state.next_id}", square=sq, turn=tape.state.turn))
    if item.remaining > 1:
        tape.replace_top(AgReinforce(remaining=item.remaining - 1))
    else:
        tape.pop()


def spring_ambush(tape: Tape, marker: Piece) -> None:
    """DW-AMB-5 .. DW-AMB-8: draw a result from the cup at once (it goes back afterwards). A Genestealer
    stands in its place with the marker's AP left and chooses its facing (in the Genestealer turn
    Marines on overwatch fire at it as at a converted blip, SHB-10.8 reading); any other result is
    removed, after the Marines on overwatch with it in arc and sight fire at it automatically."""
    cup = [r for r, n in sorted(tape.opt.ambush_cup.items()) for _ in range(n)]
    result = tape.dice.choice(cup) if cup else "echo"
    assert marker.pos is not None
    sq = marker.pos
    tape.emit(AmbushRevealed(model=marker.id, result=result))
    if result == "genestealer":
        tape.emit(Killed(model=marker.id, kills=0))
        model = f"g{tape.state.next_id}"
        tape.emit(StealerPlaced(model=model, square=sq, ap=marker.ap, activated=False))
        reveal = tape.state.phase == "stealer"
        tape.push(
            *([AgRevealShots(models=(model,))] if reveal else []), AgFacing(models=(model,), reveal=reveal)
        )
        return
    rng = tape.opt.overwatch_range
    for m in sorted(tape.marines(), key=lambda p: p.number):
        if m.overwatch and tape.can_fire_at_all(m) is None and tape.can_target(m, sq, rng):
            combat.overwatch_shot(tape, m, marker.id, sq)  # DW-AMB-7: doubles jam, ammunition is spent
    if marker.id in tape.state.pieces:
        tape.emit(Killed(model=marker.id, kills=0))


def place_blip(tape: Tape, item: AgReinforce, area: str) -> None:
    """Draw a counter and put it in the area's lurking space, forced to lurk if a Marine is near (SHB-10.4).

    Reading: blips of a mission's opening are placed before turn 1 and, if forced, lurk through turn 1.
    """
    value, from_bag = _draw(tape)
    forced = tape.marine_near_entry(area)
    tape.emit(
        BlipPlaced(
            model=f"b{tape.state.next_id}",
            area=area,
            value=value,
            lurk_until=max(tape.state.turn, 1) if forced else 0,
            from_bag=from_bag,
            owner=tape.state.seat_of("genestealer"),
        )
    )
    if item.remaining > 1:
        tape.replace_top(AgReinforce(remaining=item.remaining - 1))
    else:
        tape.pop()


def _draw(tape: Tape) -> tuple[int, bool]:
    if tape.opt.blip_draw == "with_replacement":
        pool = [v for v, n in sorted(bag_composition(tape).items()) for _ in range(n)]
        return tape.dice.choice(pool), False
    if sum(tape.state.bag.values()) == 0:
        tape.emit(BagRefilled(counts=dict(tape.state.used), owner=tape.state.seat_of("genestealer")))  # Q8
    pool = [v for v, n in sorted(tape.state.bag.items()) for _ in range(n)]
    return tape.dice.choice(pool), True


def convert(tape: Tape, blip: Piece, *, voluntary: bool) -> None:
    """Turn a blip face up and start placing its Genestealers (SHB-10.6 .. SHB-10.9)."""
    value = tape.state.blips[blip.id]
    if voluntary:
        fresh = tape.opt.voluntary_conversion_acts  # Q11
    else:
        fresh = not blip.activated
    # DW-SOLO-4: «Devuelve los marcadores de contacto a su taza una vez hayan sido reemplazados por
    # figuras»: in solo play a flipped counter goes back into the cup (drawn with replacement there
    # is no cup to return it to: every draw is from the whole composition).
    to_cup = tape.opt.solo and tape.opt.blip_draw == "without_replacement"
    tape.emit(BlipConverted(model=blip.id, value=value, voluntary=voluntary, to_cup=to_cup))
    ap = 6 if fresh else 0
    if blip.pos is None:
        _convert_lurking(tape, blip, value, ap, fresh)
        return
    room = tape.stealer_room()
    if room == 0:
        tape.emit(StealersLost(blip=blip.id, count=value, reason="cap"))
        return
    first = f"g{tape.state.next_id}"
    tape.emit(StealerPlaced(model=first, square=blip.pos, ap=ap, activated=not fresh))
    tape.push(
        AgPlace(
            blip=blip.id,
            origin=blip.pos,
            remaining=value - 1,
            chooser="genestealer" if voluntary else "marine",  # SHB-10.8
            voluntary=voluntary,
            fresh=fresh,
            placed=(first,),
        )
    )


def _convert_lurking(tape: Tape, blip: Piece, value: int, ap: int, fresh: bool) -> None:
    room = tape.stealer_room()
    count = value if room is None else min(value, room)
    for _ in range(count):
        tape.emit(
            StealerPlaced(
                model=f"g{tape.state.next_id}",
                square=None,
                area=blip.area,
                ap=ap,
                activated=not fresh,
                lurk_until=blip.lurk_until,
            )
        )
    if count < value:
        tape.emit(StealersLost(blip=blip.id, count=value - count, reason="cap"))


def resolve_place(tape: Tape, item: AgPlace) -> bool:
    """Auto part of a placement step: finish, or fill forced squares; False when the chooser must pick."""
    room = tape.stealer_room()
    if item.remaining > 0 and room == 0:
        tape.emit(StealersLost(blip=item.blip, count=item.remaining, reason="cap"))  # SHB-10.9
        item = item.model_copy(update={"remaining": 0})
    if item.remaining <= 0:
        _finish_place(tape, item)
        return True
    options = tape.placement_squares(item.origin, item.voluntary)
    if len(options) > item.remaining:
        return False
    for sq in options:
        item = _put(tape, item, sq)
        if tape.stealer_room() == 0:
            break
    if item.remaining > 0:  # SHB-10.8: lost, not kills
        if tape.stealer_room() == 0:
            tape.emit(StealersLost(blip=item.blip, count=item.remaining, reason="cap"))
        else:
            tape.emit(StealersLost(blip=item.blip, count=item.remaining, reason="no_room"))
    _finish_place(tape, item.model_copy(update={"remaining": 0}))
    return True


def place_stealer(tape: Tape, item: AgPlace, sq: object) -> None:
    """The chooser put the next Genestealer on sq (already validated)."""
    tape.replace_top(_put(tape, item, sq))  # type: ignore[arg-type]


def _put(tape: Tape, item: AgPlace, sq: tuple[int, int, int]) -> AgPlace:
    model = f"g{tape.state.next_id}"
    tape.emit(StealerPlaced(model=model, square=sq, ap=6 if item.fresh else 0, activated=not item.fresh))
    return item.model_copy(update={"remaining": item.remaining - 1, "placed": (*item.placed, model)})


def _finish_place(tape: Tape, item: AgPlace) -> None:
    tape.pop()
    alive = tuple(m for m in item.placed if m in tape.state.pieces)
    if not alive:
        return
    reveal = not item.voluntary and tape.state.phase == "stealer"
    # The facing is chosen first (top), then overwatch against the revealed models (SHB-10.8).
    tape.push(*([AgRevealShots(models=alive)] if reveal else []), AgFacing(models=alive, reveal=reveal))
