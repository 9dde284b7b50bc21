"""Hunt for the Arkenstone benchmark: random full games per second on one core, AI win rates, render time.

Run: python bench/arkenstone.py [--games N] [--matches N] [--renders N]
Prints figures only; nothing here is asserted (issue 4, items 3 and 6).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from engine.arkenstone import RULES
from engine.arkenstone.ai import BilboPilot, RandomPilot, SmaugPilot
from engine.core import Pilot, apply, dice_for, new_game


def random_game(seed: int) -> int:
    """One full game of uniformly random legal actions (default grid draft, placements included); returns
    its actions."""
    state, _ = new_game(RULES, None, seed)
    picker = random.Random(seed)
    actions = 0
    while RULES.outcome(state) is None:
        seat = next(iter(RULES.active_seats(state)))
        legal = RULES.legal_actions(state, seat)
        action = legal[picker.randrange(len(legal))]
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
        actions += 1
    return actions


def match(seed: int, pilots: dict[str, Pilot]) -> tuple[str, str, int]:
    """One game between two pilots, each seeing only its own view; returns (winner, reason, actions)."""
    state, _ = new_game(RULES, None, seed)
    actions = 0
    while RULES.outcome(state) is None:
        seat = next(iter(RULES.active_seats(state)))
        legal = RULES.legal_actions(state, seat)
        action = pilots[seat].choose(RULES.view(state, seat), legal, dice_for(state).fork(f"pilot:{seat}"))
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
        actions += 1
    return state.winner, state.win_reason or "", actions


def bench_random(games: int) -> None:
    random_game(0)  # warm-up
    start = time.perf_counter()
    lengths = sorted(random_game(seed) for seed in range(games))
    elapsed = time.perf_counter() - start
    actions = sum(lengths)
    print(
        f"random full games: {games / elapsed:,.1f} games/s on one core, {actions / elapsed:,.0f} actions/s "
        f"(actions per game: mean {actions / games:.0f}, median {lengths[games // 2]}, max {lengths[-1]})"
    )


def bench_pilots(matches: int) -> None:
    bilbo_ai, smaug_ai = BilboPilot(), SmaugPilot()
    pairings = [
        ("Bilbo AI vs random Smaug", {"bilbo": bilbo_ai, "smaug": RandomPilot("smaug")}, "bilbo"),
        ("Smaug AI vs random Bilbo", {"bilbo": RandomPilot("bilbo"), "smaug": smaug_ai}, "smaug"),
        ("Bilbo AI vs Smaug AI", {"bilbo": bilbo_ai, "smaug": smaug_ai}, "bilbo"),
        ("random vs random", {"bilbo": RandomPilot("bilbo"), "smaug": RandomPilot("smaug")}, "bilbo"),
    ]
    for label, pilots, side in pairings:
        start = time.perf_counter()
        results = [match(seed, pilots) for seed in range(matches)]
        elapsed = time.perf_counter() - start
        wins = sum(1 for winner, _, _ in results if winner == side)
        reasons = Counter(reason for _, reason, _ in results)
        detail = ", ".join(f"{k} {v}" for k, v in reasons.most_common())
        length = sum(n for _, _, n in results) / matches
        print(
            f"{label}: {side} wins {wins}/{matches} = {wins / matches:.1%}  ({detail}; "
            f"{length:.0f} actions/game, {matches / elapsed:,.1f} games/s)"
        )


def bench_render(renders: int) -> None:
    from renderers.arkenstone import PRESENTER

    state, _ = new_game(RULES, None, 3)
    pilots = {"bilbo": BilboPilot(), "smaug": SmaugPilot()}
    for _ in range(25):
        seat = next(iter(RULES.active_seats(state)))
        legal = RULES.legal_actions(state, seat)
        action = pilots[seat].choose(RULES.view(state, seat), legal, dice_for(state).fork(seat))
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
    view = RULES.view(state, None)
    PRESENTER.board_png(view, "en")  # warm-up: fonts and cached tiles
    times = []
    for _ in range(renders):
        start = time.perf_counter()
        png = PRESENTER.board_png(view, "en")
        times.append(time.perf_counter() - start)
    times.sort()
    print(
        f"board image: median {times[len(times) // 2] * 1000:.0f} ms, best {times[0] * 1000:.0f} ms, "
        f"{len(png) / 1024:.0f} KiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="random games to time")
    parser.add_argument("--matches", type=int, default=1000, help="seeded games per AI pairing")
    parser.add_argument("--renders", type=int, default=30, help="board images to time")
    args = parser.parse_args()
    if args.games > 0:
        bench_random(args.games)
    if args.matches > 0:
        bench_pilots(args.matches)
    if args.renders > 0:
        bench_render(args.renders)


if __name__ == "__main__":
    main()
