"""Table options: size, scenario, round limit, terrain, armies, and the two optional rules.

Defaults are §8: the 120x120 table with the §8.2 terrain, the mirrored §5.13 army, extermination
with the troops-standing count after round 8, only the active army fights (A2), no recovery of
the dead (CW-LIF-2).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from .armies import DEFAULT_ARMY, check_army
from .terrain import Area, check_terrain

Scenario = Literal["extermination", "assault", "take_and_hold", "hostage_rescue", "hunt"]
SCENARIOS: tuple[str, ...] = ("extermination", "assault", "take_and_hold", "hostage_rescue", "hunt")
OBJECTIVE_SCENARIOS = ("assault", "hostage_rescue")  # the roll-off winner picks attacker or defender
MAX_TERRAIN_PIECES = 40
"""A custom table's most pieces: the §8.2 tables have 10 and 12. Every line of sight and move is
checked against each piece, so an unbounded list would make every click slow (issue 24 item 4)."""
MAX_PIECE_CORNERS = 32
"""A polygon piece's most corners."""


class Options(BaseModel):
    """Options of a ClickWars table (CW-WIN, §8.2, §8.6)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    table: Literal["120x120", "180x120"] = "120x120"
    scenario: Scenario = "extermination"
    rounds: int = Field(8, ge=1, le=30)
    """The round limit (§8.6): after it the troops-standing count (or the scenario) decides."""
    terrain: list[Area] | None = None
    """None: the default table of §8.2 for the size; else custom pieces (the roll-off winner picks the edge)."""
    army_red: list[str] = Field(default_factory=lambda: list(DEFAULT_ARMY))
    army_blue: list[str] = Field(default_factory=lambda: list(DEFAULT_ARMY))
    assault_both_sides: bool = False
    """A2: False = only the active army attacks in the Assault phase."""
    recover_dead: bool = False
    """CW-LIF-2: both players agreed that the dead may be recovered (healing in the own area)."""

    @property
    def width(self) -> int:
        return 180 if self.table == "180x120" else 120

    @property
    def height(self) -> int:
        return 120

    @field_validator("terrain", mode="before")
    @classmethod
    def _terrain_bounded(cls, value: Any) -> Any:
        """Count the pieces (and each polygon's corners) before any is read, so an oversized table
        costs nothing to refuse."""
        if isinstance(value, list | tuple):
            if len(value) > MAX_TERRAIN_PIECES:
                raise PydanticCustomError(
                    "terrain_too_many",
                    "a custom table holds at most {max} terrain pieces, not {pieces}",
                    {"max": MAX_TERRAIN_PIECES, "pieces": len(value)},
                )
            for piece in value:
                shape = piece.get("shape") if isinstance(piece, dict) else None
                corners = shape.get("points") if isinstance(shape, dict) else None
                if isinstance(corners, list | tuple) and len(corners) > MAX_PIECE_CORNERS:
                    raise PydanticCustomError(
                        "terrain_corners",
                        "a terrain piece has at most {max} corners, not {corners}",
                        {"max": MAX_PIECE_CORNERS, "corners": len(corners)},
                    )
        return value

    @model_validator(mode="after")
    def _check(self) -> Options:
        check_army(self.army_red)
        check_army(self.army_blue)
        if self.terrain is not None:
            check_terrain(self.terrain, self.width, self.height)
        return self
