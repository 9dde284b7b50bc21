"""Benchmark: one automated Genestealer turn (the Deathwing solo player, engine/spacehulk/deathwing/solo.py)
with 20 Genestealers, beside a plain breadth-first search over the same board as its floor.

Goal (issue 13 item 8): at most 50 ms for the turn on a ten-geotile board. Two boards are measured:
the ten-geotile board of the Mission Generator (geotiles/layout.py; about 40 x 50 squares of which
about 290 are floor) and a denser synthetic 40 x 40 hulk built here (rooms joined by doors and
corridors, about 1,100 floor squares), which is the harder case.

Printed per board: the player's own time (its route fields, searches and sight checks: what the goal
is about), the whole turn through `decide` (the engine moving the 20 models, overwatch and the
interrupt checks, the events), and the floors: one plain BFS from the Marines over the board, and 20
of them (one per Genestealer, what a naive player would do).

Run: python bench/spacehulk_solo.py [turns]   (CPU time of this process; the median of the turns)
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import Dice, apply  # noqa: E402
from engine.spacehulk import RULES  # noqa: E402
from engine.spacehulk.actions import EndTurn  # noqa: E402
from engine.spacehulk.board import FACINGS, Board  # noqa: E402
from engine.spacehulk.board.mapfile import parse_map  # noqa: E402
from engine.spacehulk.deathwing import solo_moves  # noqa: E402
from engine.spacehulk.geotiles.layout import generator_board  # noqa: E402
from engine.spacehulk.missions import KillStealers, Mission  # noqa: E402
from engine.spacehulk.options import SpaceHulkOptions  # noqa: E402
from engine.spacehulk.state import MARINE_AP, STEALER_AP, Piece, SpaceHulkState  # noqa: E402

STEALERS = 20
MARINES = 5


def synthetic_hulk(size: int = 40) -> str:
    """A size x size hulk: 3 x 3 rooms on a 5-square grid, joined by doors, with corridors between."""
    rows = [["#"] * size for _ in range(size)]
    for y in range(1, size - 1):
        for x in range(1, size - 1):
            if y % 5 == 0 and x % 5 == 0:
                continue  # pillars at the grid crossings
            if y % 5 == 0 or x % 5 == 0:
                rows[y][x] = "."  # corridors
            else:
                rows[y][x] = ":"  # rooms
    for y in range(1, size - 1):
        for x in range(1, size - 1):
            if (y % 5 == 0) != (x % 5 == 0) and (x + y) % 5 == 2:
                rows[y][x] = "d"  # open doors on some corridor squares
    rows[1][1] = "1"
    rows[1][size - 2] = "2"
    rows[size - 2][1] = "3"
    text = "\n".join("".join(r) for r in rows)
    return f"name: Synthetic hulk\n[level 0]\n{text}\n"


def geotile_hulk(seed: int = 2) -> str:
    return generator_board(Dice(seed, 0), count=10).map_text


def walk(board: Board, goals: list[tuple[int, int, int]]) -> dict[tuple[int, int, int], int]:
    """The floor: a plain 8-way breadth-first search from the goals over the board."""
    dist = {g: 0 for g in goals}
    queue = deque(goals)
    while queue:
        cur = queue.popleft()
        for _d, nxt in board.neighbours(cur):
            if nxt not in dist:
                dist[nxt] = dist[cur] + 1
                queue.append(nxt)
    return dist


def turn_state(map_text: str, seed: int) -> SpaceHulkState:
    """Marines around the board's middle, 20 Genestealers 6+ squares from them, the Marine turn ending."""
    board = parse_map(map_text)
    dice = Dice(seed, 1)
    floor = sorted(sq for sq in board.cells if sq not in board.door_index)
    mid = (board.width // 2, board.height // 2)
    floor.sort(key=lambda sq: abs(sq[0] - mid[0]) + abs(sq[1] - mid[1]))
    pieces: dict[str, Piece] = {}
    n = 0
    for sq in floor[: MARINES * 3 : 3]:
        n += 1
        pieces[f"m{n}"] = Piece(
            id=f"m{n}",
            kind="marine",
            pos=sq,
            facing=dice.choice(FACINGS),
            ap=MARINE_AP,
            weapon="storm_bolter",
        )
    near = walk(board, [p.pos for p in pieces.values() if p.pos is not None])
    far = [sq for sq in floor if near.get(sq, 99) >= 6]
    for sq in dice.sample(far, STEALERS):
        n += 1
        pieces[f"g{n}"] = Piece(
            id=f"g{n}", kind="genestealer", pos=sq, facing=dice.choice(FACINGS), ap=STEALER_AP
        )
    options = SpaceHulkOptions(
        expansions=frozenset({"deathwing"}),
        variants={
            "solo": True,
            "timer_mode": "untimed",
            "interrupt_prompt": "when_able",
            "stealer_cap": None,
        },
    )
    mission = Mission(
        id="bench",
        name="Bench",
        map_name="bench",
        map_text=map_text,
        marines=(),
        win=(KillStealers(count=999),),
        lose=(),
        reinforcements=0,
    )
    return SpaceHulkState(
        seed=seed,
        options=options,
        mission=mission,
        pieces=pieces,
        next_id=n + 1,
        doors=[d.initial for d in board.doors],
        turn=1,
        phase="marine",
    )


def measure(name: str, map_text: str, turns: int) -> None:
    board = parse_map(map_text)
    player: list[float] = []
    whole: list[float] = []
    moved: list[int] = []
    act = solo_moves.act
    spent = [0.0]

    def timed(tape):  # type: ignore[no-untyped-def]
        t0 = time.process_time()
        try:
            return act(tape)
        finally:
            spent[0] += time.process_time() - t0

    solo_moves.act = timed  # type: ignore[assignment]
    try:
        for seed in range(turns):
            state = turn_state(map_text, seed)
            spent[0] = 0.0
            count = 0
            action = EndTurn()
            t0 = time.process_time()
            while True:  # the Genestealer turn, the Marine answering its prompts (free turns, blocks)
                events = RULES.decide(state, "marine", action, Dice(seed, state.version))
                state = apply(RULES, state, events)
                count += sum(1 for e in events if e.kind == "moved")
                if state.outcome is not None or state.turn > 1 or not state.pieces:
                    break
                legal = RULES.legal_actions(state, "marine")
                action = next((a for a in legal if a.kind == "pass"), legal[0])
            whole.append(time.process_time() - t0)
            player.append(spent[0])
            moved.append(count)
    finally:
        solo_moves.act = act  # type: ignore[assignment]
    goals = [sq for sq in sorted(board.cells)][:MARINES]
    t0 = time.process_time()
    for _ in range(20):
        walk(board, goals)
    bfs = (time.process_time() - t0) / 20
    ms = 1000.0
    print(
        f"{name}: {board.width}x{board.height} squares, {len(board.cells)} floor; {STEALERS} Genestealers, "
        f"{MARINES} Marines; median of {turns} turns ({statistics.median(moved):.0f} moves a turn)"
    )
    print(f"  solo player's decisions: {statistics.median(player) * ms:6.1f} ms a turn (goal <= 50 ms)")
    print(
        f"  whole turn via decide  : {statistics.median(whole) * ms:6.1f} ms a turn (engine moves, overwatch, events)"
    )
    print(
        f"  floor: one plain BFS   : {bfs * ms:6.2f} ms; 20 BFS (one per Genestealer): {20 * bfs * ms:6.1f} ms"
    )


def main() -> None:
    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    measure("ten-geotile board", geotile_hulk(), turns)
    measure("synthetic 40x40 hulk", synthetic_hulk(), turns)


if __name__ == "__main__":
    main()
