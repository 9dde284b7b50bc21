"""The static board of Space Hulk: squares and sections (`board`), the map text format (`mapfile`),
line of sight and arcs (`los`), and the shipped maps (`maps/`).

The names of `board.board` are re-exported here, so `from engine.spacehulk.board import Square` reads
as the rulebook's "the board".
"""

from .board import (
    DIRS4,
    DIRS8,
    FACINGS,
    FEATURES,
    VECTORS,
    Board,
    Cell,
    Deployment,
    Door,
    DoorStatus,
    EntryArea,
    Facing,
    FeatureSpec,
    Kind,
    Square,
    add,
    chebyshev,
    col_name,
    facing_toward,
    parse_square,
    relative,
    square_name,
    turn_cost_steps,
)

__all__ = [
    "DIRS4",
    "DIRS8",
    "FACINGS",
    "FEATURES",
    "VECTORS",
    "Board",
    "Cell",
    "Deployment",
    "Door",
    "DoorStatus",
    "EntryArea",
    "Facing",
    "FeatureSpec",
    "Kind",
    "Square",
    "add",
    "chebyshev",
    "col_name",
    "facing_toward",
    "parse_square",
    "relative",
    "square_name",
    "turn_cost_steps",
]
