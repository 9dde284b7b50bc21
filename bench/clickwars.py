"""ClickWars benchmark: random full games per second on one core, line-of-sight checks per second,
AI win rates against a random player, and the board render against the PNG-encode floor.

Run: python bench/clickwars.py [--games N] [--los N] [--matches N] [--renders N] (0 skips a part)
     [--python PATH]: the same run under another interpreter of the same Python version (e.g. the
     system's optimised build), importing this environment's packages; see `interpreter()`.
Prints figures only; nothing here is asserted (issue 10, items 4 and 8). Times are the process's CPU
time (`time.process_time`), i.e. one core's work, so a busy shared machine does not halve them (it
still slows them: note the load average printed at the start and the end). Each figure is printed
with its goal and whether this run met it: >= 20 random games/s; >= 20,000 LoS checks/s (120x120
default table, 30 figures); render <= 2x encode; the AI wins a clear majority against a random
player, printed per side. Figures and their reading: bench/README.md, "Issue 10".
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import random
import site
import subprocess
import sys
import sysconfig
import time
from collections import Counter
from pathlib import Path

from engine.clickwars import RULES
from engine.clickwars.los import line_of_sight
from engine.core import apply, dice_for, new_game
from engine.core.fast import replace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root: its tests package


def random_game(seed: int) -> int:
    """One full game of uniformly random legal actions (setup and deployment included); returns its actions."""
    from tests.engine.clickwars.helpers import random_game as play  # the replay test's own loop

    return play(seed)[1]


def random_game_by_unit(seed: int) -> int:
    """One full game of the random player that picks a unit, then one of its legal actions (the
    controls' way); returns its actions. A second figure beside `random_game`'s, not instead of it."""
    from tests.engine.clickwars.helpers import random_game_by_unit as play

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


def goal(met: bool) -> str:
    return "goal met" if met else "goal NOT met"


def warm_tables() -> None:
    """The per-table caches a running bot has after its first games on the default table: the terrain
    index and the deployment plans of both sides from either edge (the "cover" plan looks at the
    table from the enemy's strip once per table, about 50 ms a side)."""
    from engine.clickwars.deploy import plan
    from engine.clickwars.legal import PLANS

    state, _ = new_game(RULES, None, 0)
    for south in ("red", "blue"):
        state.south = south
        for seat in ("red", "blue"):
            for kind in PLANS:
                plan(state, seat, kind)


PACE_LOOPS = 300_000


def pace() -> float:
    """Thousands of loops per second of CPU time of a fixed pure-Python workload (tuple items, float
    arithmetic, a call, a dict): how fast this host runs Python at this moment. The games figure
    moves with it: on 2026-12-02 the same code and interpreter gave 13.6 and 28 games/s an hour apart
    on this machine (its host's load), while the instructions a game takes stayed the same
    (bench/clickwars_instructions.sh, the measure of a change). Printed before and after the games."""

    def step(row: tuple[float, float, str], k: float) -> float:
        return row[0] * k + row[1]

    row, names = (1.5, 2.5, "a"), {"a": 1.0}
    acc = 0.0
    start = time.process_time()
    for i in range(PACE_LOOPS):
        acc += step(row, i * 0.5) + names[row[2]]
    return PACE_LOOPS / (time.process_time() - start) / 1000


def bench_random(games: int) -> None:
    warm_tables()
    random_game(0)
    before = pace()
    start = time.process_time()
    lengths = sorted(random_game(seed) for seed in range(1, games + 1))
    elapsed = time.process_time() - start
    rate = games / elapsed
    print(
        f"random full games: {rate:,.2f} games/s on one core, {sum(lengths) / elapsed:,.0f} actions/s "
        f"(actions per game: mean {sum(lengths) / games:.0f}, max {lengths[-1]}); goal >= 20: {goal(rate >= 20)}"
    )
    print(f"host pace (see `pace`): {before:,.0f} k loops/s before the games, {pace():,.0f} k after")
    # A second, different figure (not the goal's): a random player that picks uniformly a unit that
    # can still act (or "end the phase"), then one of that unit's legal actions, as the controls do;
    # it draws only that unit's sample. Other games (other choices), so other lengths.
    random_game_by_unit(0)
    start = time.process_time()
    lengths = sorted(random_game_by_unit(seed) for seed in range(1, games + 1))
    elapsed = time.process_time() - start
    print(
        f"random full games, picking a unit then its action (a second figure, not the goal's): "
        f"{games / elapsed:,.2f} games/s on one core, {sum(lengths) / elapsed:,.0f} actions/s "
        f"(actions per game: mean {sum(lengths) / games:.0f}, max {lengths[-1]})"
    )


def bench_los(checks: int) -> None:
    state = deployed()
    # spread the armies over the table so lines cross terrain and figures (the deployed strips are far apart)
    rng = random.Random(5)
    for uid, u in state.units.items():
        state.units[uid] = replace(u, x=rng.uniform(5, 115), y=rng.uniform(5, 115))
    units = [u for u in state.units.values() if u.placed]
    pairs = [(a, b) for a in units for b in units if a.id != b.id]
    start = time.process_time()
    seen = 0
    for i in range(checks):
        a, b = pairs[i % len(pairs)]
        seen += line_of_sight(state, a, b)
    elapsed = time.process_time() - start
    rate = checks / elapsed
    print(
        f"line of sight: {rate:,.0f} checks/s ({len(units)} figures, {seen / checks:.0%} clear); "
        f"goal >= 20,000: {goal(rate >= 20_000)}"
    )


def bench_pilots(matches: int) -> None:
    from tests.engine.clickwars.helpers import ai_against_random  # the AI test's own loop

    start = time.process_time()
    results = {seed: ai_against_random(seed) for seed in range(matches)}
    elapsed = time.process_time() - start
    for side, parity in (("red", 0), ("blue", 1)):  # the AI plays red for even seeds, blue for odd ones
        tally = Counter(r for seed, r in results.items() if seed % 2 == parity)
        n = sum(tally.values())
        print(
            f"AI as {side} vs random ({n} seeded games): wins {tally['win']}, draws {tally['draw']}, "
            f"losses {tally['loss']} = {tally['win'] / max(n, 1):.0%} won"
        )
    tally = Counter(results.values())
    print(
        f"AI vs random, both sides ({matches} games): wins {tally['win']}, draws {tally['draw']}, "
        f"losses {tally['loss']} = {tally['win'] / matches:.0%} won ({elapsed / matches:.1f} s/game)"
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
        f"{encode * 1000:.1f} ms = {render / encode:.2f}x; goal <= 2x: {goal(render <= 2 * encode)}"
    )


def bench_labels(rounds: int) -> None:
    """Label placement (renderers/labels.py, issue 27 item 2): the midgame's units, and a crowd of 30
    units in a 25 x 25 cm patch (most labels moved out on leader lines)."""
    from renderers.clickwars import board

    view = RULES.view(midgame(), None)
    f = board.Frame(view.options.width, view.options.height)
    live = [u for u in view.units if u.placed]
    crowd = [replace(u, x=40.0 + 5 * (n % 6), y=40.0 + 5 * (n // 6)) for n, u in enumerate(view.units[:30])]
    for name, units in (("midgame", live), ("crowd of 30", crowd)):
        start = time.process_time()
        for _ in range(rounds):
            placed = board.label_boxes(f, units)
        spent = (time.process_time() - start) / rounds
        moved = sum(p.line is not None for p in placed)
        print(f"label placement, {name} ({len(units)} units, {moved} on leader lines): {spent * 1000:.2f} ms")
    bench_closeup(max(1, rounds // 5))


def bench_closeup(rounds: int) -> None:
    """A picked unit's lettered targets and its close-up (issue 27 item 2, issue 29 item 4): the work a
    panel adds when a unit is picked, beside the board render above."""
    from engine.clickwars import actions as a
    from renderers.base import letter
    from renderers.registry import get

    presenter = get("clickwars")
    state = deployed()
    seat = sorted(RULES.active_seats(state))[0]
    uid = next(u.id for u in state.units.values() if u.side == seat and u.type == "cavalry")
    state = apply(RULES, state, RULES.decide(state, seat, a.Select(unit=uid), dice_for(state)))
    view, legal = RULES.view(state, seat), RULES.legal_actions(state, seat)
    start = time.process_time()
    for _ in range(rounds):
        pick = presenter.picking(view, legal, "en")
    targets = (time.process_time() - start) / rounds
    assert pick is not None
    lettered = [(letter(n), t) for n, t in enumerate(pick.targets[:15])]
    start = time.process_time()
    for _ in range(rounds):
        png = presenter.picking_png(view, pick, lettered, "en")
    drawn = (time.process_time() - start) / rounds
    print(
        f"close-up of a picked cavalryman: {len(pick.targets)} targets found in {targets * 1000:.1f} ms, "
        f"drawn in {drawn * 1000:.1f} ms ({len(png or b'') // 1024} KiB)"
    )


def interpreter() -> str:
    """How this Python was built, which moves every figure here by about a third: a CPython built
    from source without `--enable-optimizations --with-lto` and with libpython as a separate shared
    object (pyenv's default: this machine's `.venv`) runs the engine about 1.3x slower than an
    optimised build (profile-guided and link-time optimised: Debian's /usr/bin/python3.11, whose
    executable holds libpython and which does not record its PGO/LTO flags in sysconfig, and the
    python:3.11-slim image our Dockerfile ships, built --enable-optimizations --with-lto)."""
    args = sysconfig.get_config_var("CONFIG_ARGS") or ""
    flags = [f for f in ("--enable-optimizations", "--with-lto") if f in args]
    try:
        separate = "libpython" in Path("/proc/self/maps").read_text()
        linked = "libpython loaded as a shared object" if separate else "libpython in the executable"
    except OSError:
        linked = "libpython: ?"
    recorded = ", ".join(flags) if flags else "no --enable-optimizations/--with-lto recorded"
    return f"{sys.executable}, Python {platform.python_version()} ({recorded}; {linked})"


def rerun_under(python: str) -> int:
    """Run this benchmark with the same arguments under `python`, which must be the same X.Y version
    (the compiled packages of this environment, pydantic's core, are built for it), with this
    environment's packages and the repository on its path."""
    theirs = subprocess.run(
        [python, "-c", "import sys; print('{}.{}'.format(*sys.version_info[:2]))"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    ours = "{}.{}".format(*sys.version_info[:2])
    if theirs != ours:
        print(f"{python} is Python {theirs or '?'}, not {ours}: it cannot import this environment's packages")
        return 2
    root = str(Path(__file__).resolve().parents[1])
    path = os.pathsep.join([root, *site.getsitepackages()])
    argv = [a for i, a in enumerate(sys.argv[1:]) if a != "--python" and sys.argv[i] != "--python"]
    argv = [a for a in argv if not a.startswith("--python=")]
    env = dict(os.environ, PYTHONPATH=path, PYTHONNOUSERSITE="1")
    return subprocess.run([python, str(Path(__file__).resolve()), *argv], env=env).returncode


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--los", type=int, default=50_000)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--renders", type=int, default=20)
    parser.add_argument("--labels", type=int, default=50)
    parser.add_argument("--python", help="run under this interpreter (same X.Y) instead")
    args = parser.parse_args()
    if args.python:
        raise SystemExit(rerun_under(args.python))
    cpu = (
        next(
            (
                ln.split(":", 1)[1].strip()
                for ln in Path("/proc/cpuinfo").read_text().splitlines()
                if ln.startswith("model name")
            ),
            "?",
        )
        if Path("/proc/cpuinfo").exists()
        else "?"
    )
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(
        f"machine: {os.cpu_count()} cores, {cpu}, Python {platform.python_version()}; load average at start {load}"
    )
    print(f"interpreter: {interpreter()}")
    if args.los:  # each part is skipped with 0
        bench_los(args.los)
    if args.renders:
        bench_render(args.renders)
    if args.labels:
        bench_labels(args.labels)
    if args.games:
        bench_random(args.games)
    if args.matches:
        bench_pilots(args.matches)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"load average at the end {load}")


if __name__ == "__main__":
    main()
