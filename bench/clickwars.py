"""ClickWars benchmark: random full games per second on one core, line-of-sight checks per second,
AI win rates against a random player, and the board render against the PNG-encode floor.

Run: python bench/clickwars.py [--games N] [--los N] [--matches N] [--renders N]
Prints figures only; nothing here is asserted (issue 10, items 4 and 8). Times are the process's CPU
time (`time.process_time`), i.e. one core's work, so a busy shared machine does not halve them.
Goals: >= 20 random games/s; >= 20,000 LoS checks/s (120x120 default table, 30 figures); render <= 2x encode.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from collections import Counter
from pathlib import Path

from engine.clickwars import RULES
from engine.clickwars.los import line_of_sight
from engine.core import apply, dice_for, new_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root: its tests package


def random_game(seed: int) -> int:
    """One full game of uniformly random legal actions (setup and deployment included); returns its actions."""
    from tests.engine.clickwars.helpers import random_game as play  # the replay test's own loop

    return play(seed)[1]


def deployed(seed: int = 1):
    """A default game right after the reveal (30 figures on the 120x120 table), AI-deployed."""
    state, _ = new_game(RULES, None, seed)
    pilot = RULES.pilot("red")
    while state.phase != "movement":
        seat = sorted(RULES.active_seats(state))[0]
        action = pilot.choose(RULES.view(state, seat), RULES.legal_actions(state, seat), dice_for(state))
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
    return state


def midgame(seed: int = 1, steps: int = 220):
    state, _ = new_game(RULES, None, seed)
    pilot = RULES.pilot("red")
    for _ in range(steps):
        if RULES.outcome(state) is not None:
            break
        seat = sorted(RULES.active_seats(state))[0]
        action = pilot.choose(RULES.view(state, seat), RULES.legal_actions(state, seat), dice_for(state))
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
    return state


def bench_random(games: int) -> None:
    random_game(0)
    start = time.process_time()
    lengths = sorted(random_game(seed) for seed in range(1, games + 1))
    elapsed = time.process_time() - start
    print(
        f"random full games: {games / elapsed:,.2f} games/s on one core, {sum(lengths) / elapsed:,.0f} actions/s "
        f"(actions per game: mean {sum(lengths) / games:.0f}, max {lengths[-1]})"
    )


def bench_los(checks: int) -> None:
    state = deployed()
    # spread the armies over the table so lines cross terrain and figures (the deployed strips are far apart)
    rng = random.Random(5)
    for u in state.units.values():
        u.x, u.y = rng.uniform(5, 115), rng.uniform(5, 115)
    units = [u for u in state.units.values() if u.placed]
    pairs = [(a, b) for a in units for b in units if a.id != b.id]
    start = time.process_time()
    seen = 0
    for i in range(checks):
        a, b = pairs[i % len(pairs)]
        seen += line_of_sight(state, a, b)
    elapsed = time.process_time() - start
    print(
        f"line of sight: {checks / elapsed:,.0f} checks/s ({len(units)} figures, {seen / checks:.0%} clear)"
    )


def bench_pilots(matches: int) -> None:
    from tests.engine.clickwars.helpers import ai_against_random  # the AI test's own loop

    start = time.process_time()
    tally = Counter(ai_against_random(seed) for seed in range(matches))
    elapsed = time.process_time() - start
    print(
        f"AI vs random ({matches} seeded games, AI alternating red/blue): wins {tally['win']}, "
        f"draws {tally['draw']}, losses {tally['loss']} = {tally['win'] / matches:.0%} won "
        f"({elapsed / matches:.1f} s/game)"
    )


def bench_render(renders: int) -> None:
    from PIL import Image

    from renderers.clickwars import board

    state = midgame()
    view = RULES.view(state, None)
    board.board_png(view, "en")  # warm the cached base
    start = time.process_time()
    for _ in range(renders):
        png = board.board_png(view, "en")
    render = (time.process_time() - start) / renders
    img = Image.open(io.BytesIO(png)).convert("RGB")
    start = time.process_time()
    for _ in range(renders):
        out = io.BytesIO()
        img.save(out, format="PNG", compress_level=3)
    encode = (time.process_time() - start) / renders
    print(
        f"board render: {render * 1000:.1f} ms vs PNG encode of the same {img.size[0]}x{img.size[1]} image "
        f"{encode * 1000:.1f} ms = {render / encode:.2f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--los", type=int, default=50_000)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--renders", type=int, default=20)
    args = parser.parse_args()
    bench_los(args.los)
    bench_render(args.renders)
    bench_random(args.games)
    if args.matches:
        bench_pilots(args.matches)


if __name__ == "__main__":
    main()
