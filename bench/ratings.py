"""Ratings recomputed from the results (issue 28 item 4, bot/ratings.py): how long `compute` takes for
a server's whole history, since nothing rated is stored (every /leaderboard and /stats recomputes).

Run: python bench/ratings.py [--games N] [--players N] [--seed N]
Random two-seat results among `--players` players of four games; prints the time of one `compute`
over all of them (best of 5) and per game. Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import time

from bot import ratings
from bot.records import ResultRecord
from engine.core import Outcome

GAMES = ("g1", "g2", "g3", "g4")


def results(games: int, players: int, seed: int) -> list[ResultRecord]:
    rng = random.Random(seed)
    out = []
    for n in range(1, games + 1):
        a, b = rng.sample(range(1, players + 1), 2)
        winners = rng.choice([("red",), ("blue",), ("red",), ("blue",), ()])
        out.append(
            ResultRecord(
                table_id=n,
                number=n,
                game=rng.choice(GAMES),
                seats={"red": a, "blue": b},
                outcome=Outcome(winners=winners, reason="x"),
                finished_at=float(n),
            )
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    history = results(args.games, args.players, args.seed)
    best = float("inf")
    for _ in range(5):
        began = time.perf_counter()
        ratings.compute(history)
        best = min(best, time.perf_counter() - began)
    print(f"compute over {args.games} games, {args.players} players: {best * 1000:.1f} ms")
    print(f"  per game: {best / args.games * 1e6:.1f} µs (two pools, two players each)")


if __name__ == "__main__":
    main()
