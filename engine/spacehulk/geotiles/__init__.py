"""The Deathwing Mission Generator's geotiles (DW-GEO-1, A-33) and the board builder (DW-GEO-2,
DW-GEN-3, DW-CR-4, DW-CR-7, A-34): `tiles` holds the ten tiles of our own design, `layout` places
them and writes the built board as one map text."""

from .layout import (
    BuiltBoard,
    Corridor,
    Placement,
    cloud_runner_board,
    compose,
    free_ports,
    generator_board,
    joins,
    legal_placements,
    random_layout,
)
from .tiles import CONTROL_ROOM, TILE_NUMBERS, Geotile, all_geotiles, geotile, problems

__all__ = [
    "CONTROL_ROOM",
    "TILE_NUMBERS",
    "BuiltBoard",
    "Corridor",
    "Geotile",
    "Placement",
    "all_geotiles",
    "cloud_runner_board",
    "compose",
    "free_ports",
    "generator_board",
    "geotile",
    "joins",
    "legal_placements",
    "problems",
    "random_layout",
]
