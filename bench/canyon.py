"""Canyon of Death benchmark: random full games per second on one core, and AI win rates.

Run: python bench/canyon.py [--games N] [--matches N]
Prints figures only; nothing here is asserted (issue 2, item 7).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Sequence

from pydantic import BaseModel

from engine.canyon import RULES
from engine.core import Action, Dice, Pilot, apply, dice_for, new_game


class RandomPilot:
    """Uniformly random among the legal actions."""

    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        return legal[dice.index(len(legal))]


def random_game(seed: int) -> int:
    """One full game of uniformly random legal actions; returns the number of actions."""
    state, _ = new_game(RULES, None, seed)
    picker = Dice(seed, -1)
    actions = 0
    while RULES.outcome(state) is None:
        seat = next(iter(RULES.active_seats(state)))
        legal = RULES.legal_actions(state, seat)
        action = legal[picker.index(len(legal))]
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
        actions += 1
    return actions


def match(seed: int, pilots: dict[str, Pilot]) -> tuple[str, str]:
    """One game between two pilots (each sees only its own view); returns (winner, reason)."""
    state, _ = new_game(RULES, None, seed)
    while RULES.outcome(state) is None:
        seat = next(iter(RULES.active_seats(state)))
        legal = RULES.legal_actions(state, seat)
        action = pilots[seat].choose(RULES.view(state, seat), legal, dice_for(state).fork(f"pilot:{seat}"))
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
    return state.winners[0], state.reason or ""


def bench_random(games: int) -> None:
    random_game(0)  # warm-up
    start = time.perf_counter()
    actions = sum(random_game(seed) for seed in range(games))
    elapsed = time.perf_counter() - start
    print(
        f"random full games: {games / elapsed:,.0f} games/s on one core ({actions / games:.1f} actions/game)"
    )


def bench_pilots(matches: int) -> None:
    marine_ai, ork_ai, rnd = RULES.pilot("marine"), RULES.pilot("ork"), RandomPilot()
    pairings = [
        ("Marine AI vs random Ork", {"marine": marine_ai, "ork": rnd}, "marine"),
        ("Ork AI vs random Marine", {"marine": rnd, "ork": ork_ai}, "ork"),
        ("Marine AI vs Ork AI", {"marine": marine_ai, "ork": ork_ai}, "marine"),
        ("random vs random", {"marine": rnd, "ork": rnd}, "marine"),
    ]
    for label, pilots, side in pairings:
        results = [match(seed, pilots) for seed in range(matches)]
        wins = sum(1 for winner, _ in results if winner == side)
        reasons = Counter(reason.removeprefix("canyon.end.") for _, reason in results)
        detail = ", ".join(f"{k} {v}" for k, v in reasons.most_common())
        print(f"{label}: {side} wins {wins}/{matches} = {wins / matches:.1%}  ({detail})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5000, help="random games to time")
    parser.add_argument("--matches", type=int, default=1000, help="seeded games per AI pairing")
    args = parser.parse_args()
    bench_random(args.games)
    if args.matches > 0:
        bench_pilots(args.matches)


if __name__ == "__main__":
    main()
