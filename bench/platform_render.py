"""Board render time per game against PNG-encoding an image of the same size.

Run: python bench/platform_render.py [--views 60]
For every game with a presenter: public board images (spectator views) of positions from seeded
random games. The baseline decodes each rendered PNG and PNG-encodes the same picture as an RGB
image of the same size with Pillow's default settings (what encoding any board of that size
costs). Also shown: re-encoding the very pixels the renderer produced with its own settings (a
renderer that quantises to a palette makes that much cheaper). Goal: render at most 2x the encode.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time

from PIL import Image
from platform_common import result

from bot.games import playable_games, presenter_for
from engine.core import apply, dice_for, new_game
from engine.registry import GAMES


def positions(game: str, count: int) -> list[object]:
    """Spectator views at random moments of seeded random games."""
    rules = GAMES[game]
    views: list[object] = []
    seed = 0
    while len(views) < count:
        rng = random.Random(seed)
        state, _ = new_game(rules, None, seed)
        states = [state]
        while rules.outcome(state) is None and len(states) < 400:
            seat = next(s for s in sorted(rules.active_seats(state)) if rules.legal_actions(state, s))
            legal = rules.legal_actions(state, seat)
            state = apply(
                rules,
                state.model_copy(deep=True),
                rules.decide(state, seat, rng.choice(legal), dice_for(state)),
            )
            states.append(state)
        for chosen in rng.sample(states, min(5, len(states))):
            views.append(rules.view(chosen, None))
        seed += 1
    return views[:count]


def best_of(repeat: int, fn) -> float:  # type: ignore[no-untyped-def]
    """The fastest of `repeat` runs, seconds (the least disturbed by other processes)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def measure(game: str, count: int) -> dict[str, float]:
    presenter = presenter_for(game)
    render, encode, native, sizes = [], [], [], set()
    for view in positions(game, count):
        png = presenter.board_png(view, "en")
        image = Image.open(io.BytesIO(png))
        image.load()
        sizes.add(image.size)
        render.append(best_of(3, lambda v=view: presenter.board_png(v, "en")))
        rgb = image.convert("RGB")
        encode.append(best_of(3, lambda i=rgb: i.save(io.BytesIO(), format="PNG")))
        native.append(best_of(3, lambda i=image: i.save(io.BytesIO(), format="PNG", compress_level=3)))
    r, e, n = (statistics.fmean(v) * 1000 for v in (render, encode, native))
    size = "/".join(f"{w}x{h}" for w, h in sorted(sizes))
    print(
        f"{game:11s} {size:>9s} ({image.mode})  render {r:6.1f} ms  RGB encode {e:6.1f} ms  ratio {r / e:4.2f}x"
        f"   (its own pixels re-encoded: {n:5.1f} ms, {r / n:4.1f}x)"
    )
    return {
        "render_ms": r,
        "encode_ms": e,
        "native_encode_ms": n,
        "ratio": r / e,
        "size": size,
        "views": len(render),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=60)
    args = parser.parse_args()
    figures = {game: measure(game, args.views) for game in playable_games()}
    print("goal: render <= 2x the PNG encode of the same image")
    result("render", {"games": figures})


if __name__ == "__main__":
    main()
