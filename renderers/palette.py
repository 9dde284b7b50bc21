"""Palettes: the colours a picture's sides and markers are drawn in (issue 29 item 3).

A player picks one privately with `/settings palette:` (stored with their other settings); every
picture drawn for that player alone (their private panel's picture, a piece's picture, a preview)
is drawn in it, and every public picture (the status board, the turn summary's board, replays) in
`DEFAULT`, which is already safe for the common colour vision deficiencies.

- `standard`: the pictures as they always were. Each game's two sides differ in lightness as well as
  hue, so they stay apart under deuteranopia, protanopia and tritanopia (tests/renderers/
  test_colour_blind.py holds every palette to it).
- `colourblind`: the Okabe-Ito colours, chosen to be told apart by every kind of colour vision:
  blue against vermillion for the two sides of every game (Arkenstone: yellow Bilbo, vermillion
  Smaug), hits in yellow.
- `high-contrast`: the two sides as far apart in lightness as they can be while keeping their labels
  legible: bright orange against deep blue (Arkenstone: yellow against deep red), hits in pure yellow.

Colour is never the only cue, in any palette: every side's pieces carry a shape or a letter (Canyon:
the ships' outlines and names, a roll's S or D; Arkenstone: B and S; ClickWars: Blue's figures carry
a pennant; Space Hulk: M1/G7 on discs, blips B5 on squares); ClickWars' hits are solid lines and
misses dashed, Canyon's scoring dice have a heavy frame, Space Hulk's fire arc a cross-hair.

How a renderer reads it: drawing code asks `colour(role)` (a role: "clickwars/red",
"canyon/marine.body"), or indexes a `Colours` mapping, which asks it on every lookup, instead of
holding a colour constant; and the palette in force is set
around the drawing with `with use(name): ...` (bot/jobs.py does, inside the worker process, so the
name travels as a plain argument and is part of the render cache's key). Renderers stay pure and
deterministic: the same view, language and palette give the same bytes. A renderer cache that
holds side colours must take `current()` as part of its key.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

Color = tuple[int, int, int]

DEFAULT = "standard"
NAMES: tuple[str, ...] = ("standard", "colourblind", "high-contrast")
"""Every palette a player may pick, `DEFAULT` first (the order of `/settings palette:`'s choices)."""

STANDARD: dict[str, Color] = {
    "canyon/marine": (70, 126, 200),
    "canyon/ork": (196, 58, 46),
    "canyon/marine.body": (64, 110, 178),
    "canyon/marine.edge": (28, 48, 90),
    "canyon/ork.body": (186, 48, 38),
    "canyon/ork.edge": (80, 20, 16),
    "arkenstone/bilbo": (250, 206, 72),
    "arkenstone/smaug": (206, 56, 42),
    "clickwars/red": (214, 52, 48),
    "clickwars/blue": (44, 108, 220),
    "clickwars/hit": (255, 160, 40),
    "spacehulk/marine": (40, 104, 214),
    # Crimson, not violet: a violet beside the Marines' blue is nearly the same colour to a protanope.
    "spacehulk/stealer": (176, 48, 96),
}

_BLUE: Color = (0, 114, 178)  # Okabe-Ito blue
_VERMILLION: Color = (213, 94, 0)  # Okabe-Ito vermillion
_YELLOW: Color = (240, 228, 66)  # Okabe-Ito yellow
_HC_ORANGE: Color = (255, 140, 0)
_HC_BLUE: Color = (0, 60, 220)


def _darker(c: Color, k: float = 0.42) -> Color:
    return (round(c[0] * k), round(c[1] * k), round(c[2] * k))


def _sides(a: Color, b: Color, bilbo: Color, smaug: Color, hit: Color) -> dict[str, Color]:
    """A palette from its pair of side colours (`a`: Marines, Blue; `b`: Orks, Red, Genestealers)."""
    return {
        "canyon/marine": a,
        "canyon/ork": b,
        "canyon/marine.body": a,
        "canyon/marine.edge": _darker(a),
        "canyon/ork.body": b,
        "canyon/ork.edge": _darker(b),
        "arkenstone/bilbo": bilbo,
        "arkenstone/smaug": smaug,
        "clickwars/red": b,
        "clickwars/blue": a,
        "clickwars/hit": hit,
        "spacehulk/marine": a,
        "spacehulk/stealer": b,
    }


PALETTES: dict[str, dict[str, Color]] = {
    "standard": STANDARD,
    "colourblind": _sides(_BLUE, _VERMILLION, _YELLOW, _VERMILLION, _YELLOW),
    "high-contrast": _sides(_HC_BLUE, _HC_ORANGE, (255, 221, 0), (200, 0, 30), (255, 255, 0)),
}
assert tuple(PALETTES) == NAMES and all(p.keys() == STANDARD.keys() for p in PALETTES.values())

_current: ContextVar[str] = ContextVar("palette", default=DEFAULT)


def known(name: str | None) -> str:
    """`name` if it is a palette, else `DEFAULT` (a stored name from a newer Tablero, or none)."""
    return name if name in PALETTES else DEFAULT


@contextmanager
def use(name: str | None) -> Iterator[None]:
    """Draw in palette `name` (unknown or None: `DEFAULT`) until the block ends."""
    token = _current.set(known(name))
    try:
        yield
    finally:
        _current.reset(token)


def current() -> str:
    """The name of the palette pictures are drawn in now."""
    return _current.get()


def colour(role: str) -> Color:
    """The colour of `role` (e.g. "clickwars/red") in the palette in force."""
    return PALETTES[_current.get()][role]


def ink(role: str, light: Color = (255, 255, 255), dark: Color = (24, 24, 30)) -> Color:
    """Text drawn on a `role`-coloured fill: `dark` on a light fill, `light` on a dark one."""
    r, g, b = colour(role)
    return dark if 0.2126 * r + 0.7152 * g + 0.0722 * b > 150 else light


class Colours(Mapping[str, Color]):
    """A mapping of keys (a side, a seat) to roles, read in the palette in force at each lookup: a
    drawing's `SIDE[unit.side]` follows the player's palette with no change to the drawing."""

    def __init__(self, roles: Mapping[str, str]) -> None:
        self._roles = dict(roles)

    def __getitem__(self, key: str) -> Color:
        return colour(self._roles[key])

    def role(self, key: str) -> str:
        """The role `key` is drawn in (for `ink`)."""
        return self._roles[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._roles)

    def __len__(self) -> int:
        return len(self._roles)
