"""Colour-blind players tell the sides apart (issue 29 item 3), in every palette.

Each game's board is drawn from a scripted position in each palette a player may pick
(renderers/palette.py), then seen through a simulated deuteranopia, protanopia and tritanopia
(Machado, Oliveira and Fernandes 2009, severity 1, applied to the picture as an RGB matrix); the
pixels each side was drawn in must stay clearly different colours (CIE76 ΔE of at least `APART`;
2.3 is a just-noticeable difference). Colour is never the only cue: every side's pieces also carry
letters or a shape (Canyon: the Stormtalon's and the Dakkajet's outlines and names; Arkenstone: B and
S; ClickWars: Blue's figures carry a pennant, and the roster's ids R1 / B1; Space Hulk: M1 / G7 on
discs, blips B5 on squares).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import pytest
from PIL import Image

from renderers import palette
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
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _sides() -> dict[str, tuple[tuple[str, int, int, str | None], Color, Color]]:
    """Per game: a scripted position (game, seed, steps, seat) and the two sides' colours as drawn
    (in the palette in force)."""
    from renderers.arkenstone.board import FIGURE_COLOR
    from renderers.canyon.board import SHIP_COLOR
    from renderers.clickwars.board import SIDE
    from renderers.spacehulk.board import PIECE

    return {
        "canyon": (("canyon", 11, 3, None), SHIP_COLOR["marine"], SHIP_COLOR["ork"]),
        "arkenstone": (("arkenstone", 11, 30, None), FIGURE_COLOR["bilbo"], FIGURE_COLOR["smaug"]),
        "clickwars": (("clickwars", 11, 12, None), SIDE["red"], SIDE["blue"]),
        "spacehulk": (("spacehulk", 11, 40, None), PIECE["marine"], PIECE["genestealer"]),
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


@pytest.mark.parametrize("name", palette.NAMES)
@pytest.mark.parametrize("game", ["canyon", "arkenstone", "clickwars", "spacehulk"])
def test_the_sides_stay_apart_under_deuteranopia_protanopia_and_tritanopia(game: str, name: str) -> None:
    with palette.use(name):
        (game_name, seed, steps, seat), one, other = _sides()[game]
        rules, state = scripted(game_name, seed, steps)
        png = get(game).board_png(rules.view(state, seat), "en")
    image = Image.open(io.BytesIO(png)).convert("RGB")
    first, second = drawn_in(image, one), drawn_in(image, other)
    assert len(first) >= 20 and len(second) >= 20, f"both sides are drawn in {name}'s colours"
    for kind in MACHADO:
        seen = simulate(image, kind)
        apart = delta_e(mean(seen, first), mean(seen, second))
        assert apart >= APART, f"{game} in {name} under {kind}: the sides are only ΔE {apart:.1f} apart"


@pytest.mark.parametrize("game", ["canyon", "arkenstone", "clickwars", "spacehulk"])
def test_each_palette_draws_its_own_picture_and_the_same_one_every_time(game: str) -> None:
    """Deterministic per palette, and no cache hands one palette's picture (or its cached layers, e.g.
    ClickWars' deployment strips, Canyon's ship sprites) to another: drawn in an interleaved order,
    each palette's bytes are the same as when drawn alone."""
    (game_name, seed, steps, seat), _, _ = _sides()[game]
    rules, state = scripted(game_name, seed, steps)
    view = rules.view(state, seat)
    first = {}
    for name in palette.NAMES:
        with palette.use(name):
            first[name] = get(game).board_png(view, "en")
    assert len(set(first.values())) == len(palette.NAMES), "every palette looks different"
    for name in reversed(palette.NAMES):
        with palette.use(name):
            assert get(game).board_png(view, "en") == first[name]
    assert get(game).board_png(view, "en") == first[palette.DEFAULT], "outside `use`: the default"


def test_a_blue_figure_carries_a_pennant_and_a_red_one_none() -> None:
    """ClickWars' sides differ in shape as well as colour: the white pennant at a Blue figure's upper
    left, none at a Red one's (renderers/clickwars/board.py)."""
    from renderers.clickwars.board import PX, Frame

    rules, state = scripted("clickwars", 11, 12)
    view = rules.view(state, None)
    image = Image.open(io.BytesIO(get("clickwars").board_png(view, "en"))).convert("RGB")
    f = Frame(view.options.width, view.options.height)

    def white_above_left(u: object) -> int:
        x, y = f.xy(u.x, u.y)  # type: ignore[attr-defined]
        r = max(u.radius * PX, 9.0)  # type: ignore[attr-defined]
        cx, cy = round(x - r * 0.75), round(y - r * 0.75)
        box = [(cx + dx, cy + dy) for dx in range(-4, 5) for dy in range(-4, 3)]  # the pennant's
        return sum(1 for p in box if min(image.getpixel(p)) >= 240)  # type: ignore[operator]

    infantry = [u for u in view.units if u.placed and not u.is_gun]
    blue = [u for u in infantry if u.side == "blue"]
    red = [u for u in infantry if u.side == "red"]
    assert blue and red
    assert all(white_above_left(u) >= 28 for u in blue)  # the pennant (about 20 pixels) and the ring's arc
    assert all(white_above_left(u) <= 18 for u in red)  # the white ring's arc alone (12 to 14)


def _pair(one: Color, other: Color) -> tuple[Image.Image, list[tuple[int, int]], list[tuple[int, int]]]:
    image = Image.new("RGB", (4, 2))
    for x in range(4):
        image.putpixel((x, 0), one)
        image.putpixel((x, 1), other)
    return image, [(x, 0) for x in range(4)], [(x, 1) for x in range(4)]


@pytest.mark.parametrize(
    ("one", "other", "confused_by"),
    [
        # Red against green, the classic confusion: far apart to most eyes (ΔE 90), not to a red-green
        # colour-blind viewer (under 15).
        ((200, 60, 40), (40, 105, 40), ("deuteranopia", "protanopia")),
        # Blue against green: far apart to most eyes (ΔE 91), not to a tritanope (15).
        ((60, 120, 220), (70, 150, 100), ("tritanopia",)),
    ],
)
def test_the_check_fails_colours_a_colour_blind_player_confuses(
    one: Color, other: Color, confused_by: tuple[str, ...]
) -> None:
    """So the test above can fail, for each simulated vision."""
    image, top, bottom = _pair(one, other)
    assert delta_e(mean(image, top), mean(image, bottom)) > 50
    for kind in confused_by:
        seen = simulate(image, kind)
        assert delta_e(mean(seen, top), mean(seen, bottom)) < APART, kind


@pytest.mark.parametrize("name", palette.NAMES)
def test_canyons_dice_say_whose_roll_and_which_scored_without_colour(name: str) -> None:
    """Canyon's "dice this turn": each ship's roll is marked by its initial (S, D) in its colour's dot,
    and a scoring die by a heavy frame as well as its tint (renderers/canyon/board.py's `_bottom`)."""
    rules, state = scripted("canyon", 4, 9)  # two wide-area rolls (a ship each), then a shot of 3 hits
    view = rules.view(state, None)
    assert [(r.seat, r.hits) for r in view.rolls or view.last_rolls] == [
        ("marine", None),
        ("ork", None),
        (None, 3),
    ]
    with palette.use(name):
        image = Image.open(io.BytesIO(get("canyon").board_png(view, "en"))).convert("RGB")
        from renderers.canyon.board import SHIP_COLOR

        dots = {seat: SHIP_COLOR[seat] for seat in ("marine", "ork")}
    top = 616 + 44  # the first roll's line (board.py: `_bottom`'s top, then 44 px), 34 px apart
    for row, seat in enumerate(("marine", "ork")):
        y = top + 34 * row
        dot = [image.getpixel((x, y + dy)) for x in range(618, 627) for dy in range(-4, 5)]
        lettered = [p for p in dot if max(abs(a - b) for a, b in zip(p, dots[seat], strict=True)) > 60]  # type: ignore[arg-type]
        assert len(lettered) >= 8, f"{seat}'s dot carries its initial"
    shot = top + 34 * 2

    def frame(x0: int) -> int:  # the die's left edge, in dark-or-red pixels across 4 columns
        return sum(1 for x in range(x0 - 1, x0 + 4) if sum(image.getpixel((x, shot))) < 400)  # type: ignore[arg-type]

    first_die_left = 622 + 13 - 13  # `x + 13` is its centre, 26 px wide
    assert frame(first_die_left) >= 3  # a scoring die: a frame 3 px wide


def test_space_hulks_fire_arc_carries_a_cross_hair_and_sight_none() -> None:
    """A picked Marine's fire arc and sight are two tints; the fire arc's squares also carry a
    cross-hair, so they are told apart by shape (renderers/spacehulk/board.py's `_tints`)."""
    from renderers.spacehulk import board

    rules, state = scripted("spacehulk", 11, 12)  # M3 picked: three open squares in its arc, seven seen only
    view = rules.view(state, "marine")
    image = Image.open(io.BytesIO(board.board_png(view, "en", "m3"))).convert("RGB")
    hulk = board._board(view.map_text)
    f = board.frame_for(hulk)
    fire, seen = board.sight_squares(view, hulk, "m3")
    occupied = {p.square for p in view.pieces} | {d.square for d in view.doors}
    sight_only = [sq for sq in seen - fire if sq not in occupied]
    aimed = [sq for sq in fire if sq not in occupied]
    assert aimed and sight_only

    def marked(sq: object) -> bool:
        cx, cy = (round(v) for v in f.centre(sq))  # type: ignore[arg-type]
        return image.getpixel((cx + 2, cy)) == board.RETICLE and image.getpixel((cx, cy + 2)) == board.RETICLE

    assert all(marked(sq) for sq in aimed)
    assert not any(marked(sq) for sq in sight_only)
