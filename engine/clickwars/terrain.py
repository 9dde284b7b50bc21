"""Terrain as data: areas with a movement type and a sight effect, and the default tables of §8.2.

`Area.kind` says what the piece is (hill, wood, swamp, rock, building) for the picture; `going`
(normal / difficult / impassable, CW-MOV-2) and `sight` (none / solid / wood, §8.3) and `elevated`
(a hill, CW-RNG-3) say what the rules do with it. A custom table is a list of areas, checked by
`check_terrain` (every piece on the table; ids unique).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

from engine.core.shapes import Circle, Polygon

Going = Literal["normal", "difficult", "impassable"]
Sight = Literal["none", "solid", "wood"]
Kind = Literal["hill", "wood", "swamp", "rock", "building", "other"]

WOOD_SEE_DEPTH_CM = 5.0  # §8.3: sight runs at most 5 cm inside a wood


class ReadOf(Protocol):
    """What is read once of a terrain list and kept (`per_list`): the list itself and its pieces."""

    terrain: list[Area]
    areas: list[Area]


R = TypeVar("R", bound=ReadOf)


def per_list(cache: dict[int, R], terrain: list[Area], read: Callable[[list[Area]], R], most: int) -> R:
    """What `read` made of this terrain list, kept in `cache` by the list's id while it is that list
    (held by what was read, so its id is not reused) and holds the same pieces: a game's list is
    shared by every copy of its state and its pieces are frozen, but a list may be changed in place
    (a test does), and then it is read again. The pieces are compared identity first, so this costs
    little. Past `most` lists the cache starts afresh. Shared by threads: what is read never changes
    (two threads may each read one: the same)."""
    found = cache.get(id(terrain))
    if found is None or found.terrain is not terrain or found.areas != terrain:
        if len(cache) >= most:
            cache.clear()
        found = cache[id(terrain)] = read(terrain)
    return found


class Area(BaseModel):
    """One terrain piece."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    kind: Kind
    going: Going = "normal"
    sight: Sight = "none"
    elevated: bool = False
    shape: Circle | Polygon


def _rect(x0: float, y0: float, x1: float, y1: float) -> Polygon:
    return Polygon.rect(x0, y0, x1, y1)


def default_terrain(width: int) -> list[Area]:
    """§8.2: the point-symmetric default table; 180x120 shifts it 30 cm and adds two buildings."""
    dx = 30.0 if width == 180 else 0.0
    areas = [
        Area(id="H1", kind="hill", elevated=True, shape=Circle(x=25 + dx, y=58, r=12)),
        Area(id="H2", kind="hill", elevated=True, shape=Circle(x=95 + dx, y=62, r=12)),
        Area(id="W1", kind="wood", going="difficult", sight="wood", shape=Circle(x=45 + dx, y=42, r=9)),
        Area(id="W2", kind="wood", going="difficult", sight="wood", shape=Circle(x=75 + dx, y=78, r=9)),
        Area(id="S1", kind="swamp", going="difficult", shape=_rect(90 + dx, 30, 110 + dx, 40)),
        Area(id="S2", kind="swamp", going="difficult", shape=_rect(10 + dx, 80, 30 + dx, 90)),
        Area(id="R1", kind="rock", going="impassable", sight="solid", shape=_rect(68 + dx, 42, 78 + dx, 50)),
        Area(id="R2", kind="rock", going="impassable", sight="solid", shape=_rect(42 + dx, 70, 52 + dx, 78)),
    ]
    if width == 180:
        areas += [
            Area(id="B1", kind="building", going="impassable", sight="solid", shape=_rect(10, 50, 22, 60)),
            Area(id="B2", kind="building", going="impassable", sight="solid", shape=_rect(158, 60, 170, 70)),
        ]
    return areas


class TerrainError(ValueError):
    """A custom table that cannot be played; `message_id` and `params` word it for the player."""

    def __init__(self, message_id: str, default: str, **params: object) -> None:
        super().__init__(default.format(**params))
        self.message_id = message_id
        self.params = params


def check_terrain(areas: list[Area], width: float, height: float) -> None:
    """Raise TerrainError unless every piece lies on the table and ids are unique."""
    seen: set[str] = set()
    for area in areas:
        if area.id in seen:
            raise TerrainError(
                "clickwars.terrain_duplicate", "Two terrain pieces are called {id}.", id=area.id
            )
        seen.add(area.id)
        x0, y0, x1, y1 = area.shape.bbox()
        if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
            raise TerrainError(
                "clickwars.terrain_off_table",
                "Terrain piece {id} does not lie on the {width}x{height} cm table.",
                id=area.id,
                width=int(width),
                height=int(height),
            )
