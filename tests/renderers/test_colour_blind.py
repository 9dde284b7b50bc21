"""Colour-blind players tell the sides apart (issue 29 item 3, the default palette).

Each game's board is drawn from a scripted position, then seen through a simulated deuteranopia
and protanopia (Machado, Oliveira and Fernandes 2009, severity 1, applied to the picture as an RGB
matrix); the pixels each side was drawn in must stay clearly different colours (CIE76 ΔE of at
least `APART`; 2.3 is a just-noticeable difference). Colour is never the only cue: every side's
pieces also carry letters (Canyon: STORMTALON / DAKKAJET; Arkenstone: B and S; ClickWars and Space
Hulk: the unit ids R1 / B1, M1 / G7 / B5).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import pytest
from PIL import Image

from renderers.registry import get
from tests.renderers.test_board_text import scripted

Color = tuple[int, int, int]
APART = 25.0
MACHADO = {
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.01182, 0.04294, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
}


def _sides() -> dict[str, tuple[tuple[str, int, int, str | None], Color, Color]]:
    """Per game: a scripted position (game, seed, steps, seat) and the two sides' colours as drawn."""
    from renderers.arkenstone.board import BILBO_COLOR, SMAUG_COLOR
    from renderers.canyon.board import SHIP_COLOR
    from renderers.clickwars.board import SIDE
    from renderers.spacehulk.board import MARINE, STEALER

    return {
        "canyon": (("canyon", 11, 3, None), SHIP_COLOR["marine"], SHIP_COLOR["ork"]),
        "arkenstone": (("arkenstone", 11, 30, None), BILBO_COLOR, SMAUG_COLOR),
        "clickwars": (("clickwars", 11, 12, None), SIDE["red"], SIDE["blue"]),
        "spacehulk": (("spacehulk", 11, 40, None), MARINE, STEALER),
    }


def simulate(image: Image.Image, kind: str) -> Image.Image:
    """The picture as a viewer with this colour vision deficiency sees it."""
    m = MACHADO[kind]
    matrix = (*m[0], 0.0, *m[1], 0.0, *m[2], 0.0)
    return image.convert("RGB", matrix)


def _lab(c: Sequence[float]) -> tuple[float, float, float]:
    lin = [(v / 255) / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c]
    rows = ((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505))
    x, y, z = (sum(r[i] * lin[i] for i in range(3)) for r in rows)
    f = [v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116 for v in (x / 0.95047, y, z / 1.08883)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def delta_e(a: Sequence[float], b: Sequence[float]) -> float:
    return sum((p - q) ** 2 for p, q in zip(_lab(a), _lab(b), strict=True)) ** 0.5


def drawn_in(image: Image.Image, color: Color, tolerance: int = 12) -> list[tuple[int, int]]:
    """Where the picture has this colour, give or take the smoothing of edges (sampled on a grid of
    every other pixel, enough to find every piece)."""
    rgb = image.convert("RGB")
    w, h = rgb.size
    return [
        (x, y)
        for y in range(0, h, 2)
        for x in range(0, w, 2)
        if max(abs(a - b) for a, b in zip(rgb.getpixel((x, y)), color, strict=True)) <= tolerance  # type: ignore[arg-type]
    ]


def mean(image: Image.Image, where: list[tuple[int, int]]) -> tuple[float, float, float]:
    pixels = [image.getpixel(p) for p in where]
    return tuple(sum(p[i] for p in pixels) / len(pixels) for i in range(3))  # type: ignore[return-value]


@pytest.mark.parametrize("game", ["canyon", "arkenstone", "clickwars", "spacehulk"])
def test_the_sides_stay_apart_under_deuteranopia_and_protanopia(game: str) -> None:
    (name, seed, steps, seat), one, other = _sides()[game]
    rules, state = scripted(name, seed, steps)
    image = Image.open(io.BytesIO(get(game).board_png(rules.view(state, seat), "en"))).convert("RGB")
    first, second = drawn_in(image, one), drawn_in(image, other)
    assert len(first) >= 20 and len(second) >= 20, "both sides are drawn in their colours"
    for kind in MACHADO:
        seen = simulate(image, kind)
        apart = delta_e(mean(seen, first), mean(seen, second))
        assert apart >= APART, f"{game} under {kind}: the sides are only ΔE {apart:.1f} apart"


def test_the_check_fails_colours_a_colour_blind_player_confuses() -> None:
    """Red against green, the classic confusion: far apart to most eyes (ΔE 90), not under the
    simulation (under 15), so the test above can fail."""
    image = Image.new("RGB", (4, 2))
    for x in range(4):
        image.putpixel((x, 0), (200, 60, 40))
        image.putpixel((x, 1), (40, 105, 40))
    top, bottom = [(x, 0) for x in range(4)], [(x, 1) for x in range(4)]
    assert delta_e(mean(image, top), mean(image, bottom)) > 50
    assert all(
        delta_e(mean(simulate(image, k), top), mean(simulate(image, k), bottom)) < APART for k in MACHADO
    )
