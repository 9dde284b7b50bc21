"""The Last Battle of Cloud Runner (deathwing.md §2.8): ten boards in one game (DW-CR-1 .. DW-CR-10,
A-32).

One game holds the whole run. The mission in the state is the current board's (its map, entry and
exit corridors, its number in `tally["board"]`); the moment every surviving Marine stands in the
exit corridor (`cleared`), `next_board` discards every Genestealer and blip (not kills), builds the
next board with the game's seeded dice (geotiles/layout.py, DW-CR-4, DW-CR-7) and stands the
survivors in its entry corridor with their ammunition, reloads, psychic points and burst counts, and
the game turn count goes on (A-32); a new game turn starts there. On board 10 the Genestealer leader
and three converted blips wait in the control room's corners (DW-CR-7); killing the leader wins
(DW-CR-10); the Marines lose when none is left. Win or lose, the outcome carries the kills and the
results-table row (DW-CR-10, A-32).

Readings:
- The three corner blips of board 10 convert at setup (A-32): each is a counter drawn from the
  mission's bag (the bag keeps it: the draw is with replacement), its Genestealers on the corner and
  the nearest free room squares, all facing the door's side of the room.
- The reinforcement D6 (DW-CR-9) is rolled where the base game's reinforcement phase opens the
  Genestealer turn; a 2 draws one ambush result at once (A-32, DW-SOLO-6): a Genestealer goes on a
  random square exactly 6 squares by the shortest route from the nearest Marine that no Marine sees
  (else it is lost), any other result costs 1 CP in the next Marine command phase.
- Cloud Runner is a Deathwing solo mission: with the table option `solo=true` (untimed, DW-SOLO-1)
  the automated Genestealer player of deathwing/solo.py plays the Genestealer side by DW-SOLO-8..10
  and moves the leader after every other Genestealer (DW-CR-8); without it a person (or the
  engine's Genestealer pilot on an AI seat) plays that side.
- The alternative force (DW-CR-1: "one Force List squad of up to 20 points") is the table's
  `force_points`, capped at 20; the 5 entry-corridor squares hold at most 5 Terminators, and a force of
  more than one squad is refused (setup.build_force).
- The weapons cache (DW-CR-6) is taken with the reload order (4 AP, as a reload): facing an intact
  tank in a front square, the reload goes into the weapon or into the Marine's reserve (up to the
  cap), as the player chooses (`Reload.into`); an order that does not say puts it into the weapon
  only when the weapon is empty or the reserve is full, so no round is thrown away unasked
  (queries.cache_into).
"""

from __future__ import annotations

from typing import get_args

from engine.core import Dice, Ruling

from .board import Square, chebyshev
from .board.mapfile import parse_cached
from .dw_types.force import Heavy
from .events import BoardEntered, FacingSet, ReinforcementRolled, StealerPlaced
from .geotiles import BuiltBoard, cloud_runner_board
from .missions import MarineSpec, Mission, ScenarioGoal
from .state import AgFacing, Piece, SpaceHulkState
from .tape import Tape

BOARDS = 10  # DW-CR-3
REINFORCEMENT_D6: dict[int, tuple[int, bool]] = {
    1: (0, False),
    2: (0, True),
    3: (1, False),
    4: (1, False),
    5: (2, False),
    6: (3, False),
}  # DW-CR-9: (blips, an ambush marker)
AMBUSH_DISTANCE = 6  # DW-SOLO-6


def force() -> tuple[MarineSpec, ...]:
    """DW-CR-1: Cloud Runner's five Terminators."""
    cannon, flamer = get_args(Heavy)
    return (
        MarineSpec(name="Cloud Runner", captain=True, melee="power_sword", grenades=10, squad="CR"),
        MarineSpec(name="Weasel-Fierce", sergeant=True, squad="CR"),
        MarineSpec(name="Lame Bear", sergeant=True, weapon=cannon, reloads=3, melee="chainfist", squad="CR"),
        MarineSpec(
            name="Bloody Moon", sergeant=True, weapon=flamer, reloads=1, melee="chainfist", squad="CR"
        ),
        MarineSpec(name="Wisdom Keeper", mastery=1, melee="force_axe", squad="CR"),
    )


def _facing(run: tuple[Square, ...]) -> str:
    dx, dy = run[0][0] - run[1][0], run[0][1] - run[1][1]
    return {(0, -1): "N", (1, 0): "E", (0, 1): "S", (-1, 0): "W"}[(dx, dy)]


def board_mission(number: int, dice: Dice) -> tuple[Mission, BuiltBoard]:
    """Board `number` (DW-CR-4, DW-CR-7): no Genestealer starts on boards 1-9 (DW-CR-2); the Marine
    may secure any entry area (DW-CR-9); killing the leader wins (DW-CR-3, DW-CR-10)."""
    built = cloud_runner_board(dice, number)
    entry = built.corridors[0]
    exit_ = built.corridors[1] if len(built.corridors) > 1 else ()
    marines = tuple(
        spec.model_copy(update={"square": sq, "facing": _facing(entry)})
        for spec, sq in zip(force(), entry, strict=False)
    )
    mission = Mission(
        id="dw_cloud_runner",
        name=f"The Last Battle of Cloud Runner, board {number}",
        map_name="geotiles",
        map_text=built.map_text,
        marines=marines,
        reinforcements=0,  # DW-CR-9 rolls them
        deathwing=True,
        securing=True,
        scenario="cloud_runner",
        marine_corridors=(entry,),
        objective=exit_,  # boards 1-9: the exit corridor (DW-CR-5); board 10: none
        cache=built.cryo if number < BOARDS else (),  # DW-CR-6: boards 1-9 only (DW-CR-7: no cache)
        win=(ScenarioGoal(goal="leader"),),
        lose=(ScenarioGoal(goal="fallen"),),
    )
    return mission, built


def first_mission(dice: Dice) -> Mission:
    """Board 1 (DW-CR-4): the squad starts in the entry corridor (DW-CR-5)."""
    return board_mission(1, dice)[0]


def cleared(state: SpaceHulkState) -> bool:
    """DW-CR-5: boards 1-9 end the moment every surviving Marine is in the exit corridor."""
    exit_ = set(state.mission.objective)
    marines = [p for p in state.pieces.values() if p.kind == "marine"]
    return bool(exit_) and bool(marines) and all(p.pos in exit_ for p in marines)


def next_board(tape: Tape) -> None:
    """DW-CR-5, A-32: discard the board's Genestealers and blips, build the next board and stand the
    survivors in its entry corridor (leader first, nearest the board), keeping what they carry."""
    s = tape.state
    number = s.tally.get("board", 1) + 1
    mission, built = board_mission(number, tape.dice)
    entry = built.corridors[0]
    survivors = sorted((p for p in s.pieces.values() if p.kind == "marine"), key=lambda p: p.number)
    survivors.sort(key=lambda p: not (p.captain or p.sergeant))  # leaders in front (DW-GEN-7 spirit)
    marines = tuple(
        p.model_copy(
            update={
                "pos": sq,
                "area": None,
                "facing": _facing(entry),
                "overwatch": False,
                "prone": False,
                "aim": None,
                "activated": False,
                "acted": False,
            }
        )
        for p, sq in zip(survivors, entry, strict=False)
    )
    removed = tuple(sorted((p.id for p in s.pieces.values() if p.kind != "marine"), key=lambda i: int(i[1:])))
    tape.emit(BoardEntered(board=number, mission=mission, marines=marines, removed=removed))
    if number >= BOARDS:
        _leader_room(tape, built)


def _leader_room(tape: Tape, built: BuiltBoard) -> None:
    """DW-CR-7, A-32: the leader in a corner farthest from the door, one converted blip in each other
    corner."""
    board = parse_cached(tape.state.mission.map_text)
    door = built.control_door
    assert door is not None
    dist = board.walk_distances(door, 10**6)
    corners = sorted(built.corners, key=lambda c: (-dist.get(c, 0), c[1], c[0]))
    far = [c for c in corners if dist.get(c, 0) == dist.get(corners[0], 0)]
    leader_corner = far[tape.dice.index(len(far))]
    facing = _toward(leader_corner, door)
    taken: set[Square] = set()
    _place(tape, leader_corner, facing, leader=True)
    taken.add(leader_corner)
    pool = [v for v, n in sorted(tape.state.bag.items()) for _ in range(n)] or [1]
    room = [sq for sq in built.control_room if sq not in board.static_blocks_move]
    for corner in corners:
        if corner == leader_corner:
            continue
        value = tape.dice.choice(pool)
        spots = sorted(
            (sq for sq in room if sq not in taken), key=lambda sq: (chebyshev(sq, corner), sq[1], sq[0])
        )
        for sq in spots[:value]:
            taken.add(sq)
            _place(tape, sq, _toward(sq, door), leader=False)


def _toward(sq: Square, target: Square) -> str:
    dx, dy = target[0] - sq[0], target[1] - sq[1]
    if abs(dy) >= abs(dx):
        return "S" if dy > 0 else "N"
    return "E" if dx > 0 else "W"


def _place(tape: Tape, sq: Square, facing: str, *, leader: bool) -> None:
    model = f"g{tape.state.next_id}"
    tape.emit(StealerPlaced(model=model, square=sq, ap=0, activated=False, leader=leader))
    tape.emit(FacingSet(model=model, facing=facing))  # type: ignore[arg-type]


def reinforce(tape: Tape) -> int:
    """DW-CR-9: roll the D6 at the start of the Genestealer turn; the blips that arrive."""
    roll = tape.dice.d6()[0]
    blips, ambush = REINFORCEMENT_D6[roll]
    told = Ruling(
        rules=("DW-CR-9",) + (("A-32", "DW-SOLO-6") if ambush else ()), numbers={"reinforcement_roll": roll}
    )
    if not ambush:
        tape.emit(ReinforcementRolled(roll=roll, blips=blips, ruling=told))
        return blips
    cup = [r for r, n in sorted(tape.opt.ambush_cup.items()) for _ in range(n)]
    result = tape.dice.choice(cup) if cup else "echo"
    square = _ambush_square(tape) if result == "genestealer" else None
    tape.emit(ReinforcementRolled(roll=roll, blips=0, ambush=result, square=square, ruling=told))
    if square is not None:
        model = f"g{tape.state.next_id}"
        tape.emit(StealerPlaced(model=model, square=square, ap=6, activated=False))
        tape.push(AgFacing(models=(model,), reveal=False))
    return 0


def _ambush_square(tape: Tape) -> Square | None:
    """DW-SOLO-6, A-30: a random empty square exactly 6 squares by the shortest route from the nearest
    Marine, which no Marine can see; None when there is none."""
    board = tape.board
    marines = [m for m in tape.marines() if m.pos is not None]
    nearest: dict[Square, int] = {}
    for m in marines:
        assert m.pos is not None
        for sq, d in board.walk_distances(m.pos, AMBUSH_DISTANCE).items():
            nearest[sq] = min(d, nearest.get(sq, d))
    occupied = tape.state.occupancy()
    spots = sorted(
        sq
        for sq, d in nearest.items()
        if d == AMBUSH_DISTANCE
        and sq not in occupied
        and not tape.marine_sees(sq)
        and sq not in board.door_index
    )
    return spots[tape.dice.index(len(spots))] if spots else None


def leader_of(state: SpaceHulkState) -> Piece | None:
    return next((p for p in state.pieces.values() if p.leader), None)
