"""Space Hulk benchmark: random full games of the test mission per second, pilot games, and the cost of a
full line-of-sight sweep on a 40x40 map.

Run: python bench/spacehulk.py [--games N] [--matches N] [--sweeps N]
Prints figures only; nothing here is asserted (issue 5, item 12).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from engine.core import apply, dice_for, new_game, play_random
from engine.spacehulk import RULES
from engine.spacehulk.board import Board
from engine.spacehulk.board.los import visible_squares
from engine.spacehulk.board.mapfile import parse_map

DEATHWING = {"mission": "deathwing_purge", "ambush": True}
"""The Deathwing command squad on the two-level test decks, ambush markers on (issue 11, item 9)."""


def random_game(seed: int, *, copy_state: bool = False, options: dict[str, object] | None = None) -> int:
    """One full game of uniformly random legal actions; returns its number of actions.

    With copy_state the state is copied before each step (as core.step does), as the table service would.
    """
    state, _ = new_game(RULES, options, seed)
    return play_random(RULES, state, random.Random(seed), copy_state=copy_state)[1]  # engine.core's loop


def bench_random(games: int) -> None:
    random_game(0)  # warm-up: parses the map, fills the sight caches
    for copy_state in (False, True):
        start = time.process_time()
        lengths = sorted(random_game(seed, copy_state=copy_state) for seed in range(games))
        elapsed = time.process_time() - start
        actions = sum(lengths)
        how = "via core.step (state copied each action)" if copy_state else "decide + apply in place"
        print(
            f"random full games of the test mission, {how}: {games / elapsed:,.1f} games/s on one core (CPU time), "
            f"{actions / elapsed:,.0f} actions/s (actions per game: mean {actions / games:.0f}, "
            f"median {lengths[games // 2]}, max {lengths[-1]})"
        )


def bench_deathwing(games: int) -> None:
    random_game(0, options=DEATHWING)
    start = time.process_time()
    lengths = sorted(random_game(seed, options=DEATHWING) for seed in range(games))
    elapsed = time.process_time() - start
    actions = sum(lengths)
    print(
        f"random full games, Deathwing command squad on two levels (ambush markers on), decide + apply in "
        f"place: {games / elapsed:,.1f} games/s on one core (CPU time), {actions / elapsed:,.0f} actions/s "
        f"(actions per game: mean {actions / games:.0f}, max {lengths[-1]})"
    )


def bench_pilots(matches: int) -> None:
    pilots = {seat: RULES.pilot(seat) for seat in RULES.seats}
    outcomes: Counter[str] = Counter()
    start = time.perf_counter()
    total = 0
    for seed in range(matches):
        state, _ = new_game(RULES, None, seed)
        while RULES.outcome(state) is None:
            seat = sorted(RULES.active_seats(state))[0]
            legal = RULES.legal_actions(state, seat)
            action = pilots[seat].choose(
                RULES.view(state, seat), legal, dice_for(state).fork(f"pilot:{seat}")
            )
            state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
            total += 1
        outcomes[state.outcome.reason] += 1
    elapsed = time.perf_counter() - start
    print(
        f"pilot games (greedy Genestealers vs simple Marines): {matches / elapsed:,.1f} games/s, {total / matches:.0f} actions/game"
    )
    for reason, count in outcomes.most_common():
        print(f"  {reason}: {count}")


def map_40x40() -> str:
    """A 40x40 deck: open floor with a lattice of wall pillars and a few corridor walls."""
    rows = []
    for y in range(40):
        row = []
        for x in range(40):
            pillar = x % 6 == 3 and y % 6 == 3
            wall = (y == 20 and x % 10 != 5) or (x == 13 and y % 8 != 4)
            row.append("#" if pillar or wall else ".")
        rows.append("".join(row))
    return "[level 0]\n" + "\n".join(rows)


def bench_sweep(sweeps: int) -> None:
    text = map_40x40()
    rng = random.Random(1)
    blockers_board = parse_map(text)
    floor = sorted(blockers_board.cells)
    blockers = set(rng.sample(floor, 40))  # forty models and blips scattered about
    origins = [sq for sq in rng.sample(floor, sweeps) if sq not in blockers]

    def sweep(board: Board, origin: tuple[int, int, int], facing: str | None) -> int:
        return sum(1 for _ in visible_squares(board, origin, facing, blockers))

    cold = 0.0
    seen = 0
    for origin in origins:
        board = parse_map(text)  # fresh board: no cached sight lines
        start = time.perf_counter()
        seen += sweep(board, origin, None)
        cold += time.perf_counter() - start
    warm_board = parse_map(text)
    for origin in origins:
        sweep(warm_board, origin, None)
    start = time.perf_counter()
    for origin in origins:
        sweep(warm_board, origin, None)
    warm = time.perf_counter() - start
    start = time.perf_counter()
    for origin in origins:
        sweep(warm_board, origin, "N")
    arc = time.perf_counter() - start
    n = len(origins)
    print(
        f"line-of-sight sweep, one square to all {len(floor)} squares of a 40x40 map: "
        f"{cold / n * 1000:.1f} ms cold (exact traversal of every line), {warm / n * 1000:.2f} ms warm "
        f"(walls cached, dynamic blockers checked), {arc / n * 1000:.2f} ms warm within a 180-degree arc; "
        f"{seen / n:.0f} squares seen on average"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--sweeps", type=int, default=20)
    args = parser.parse_args()
    bench_random(args.games)
    bench_deathwing(args.games)
    bench_pilots(args.matches)
    bench_sweep(args.sweeps)


if __name__ == "__main__":
    main()
