"""Table options: size, scenario, round limit, terrain, armies, and the two optional rules.

Defaults are §8: the 120x120 table with the §8.2 terrain, the mirrored §5.13 army, extermination
with the troops-standing count after round 8, only the active army fights (A2), no recovery of
the dead (CW-LIF-2).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .armies import DEFAULT_ARMY, check_army
from .terrain import Area, check_terrain

Scenario = Literal["extermination", "assault", "take_and_hold", "hostage_rescue", "hunt"]
SCENARIOS: tuple[str, ...] = ("extermination", "assault", "take_and_hold", "hostage_rescue", "hunt")
OBJECTIVE_SCENARIOS = ("assault", "hostage_rescue")  # the roll-off winner picks attacker or defender


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

    @model_validator(mode="after")
    def _check(self) -> Options:
        check_army(self.army_red)
        check_army(self.army_blue)
        if self.terrain is not None:
            check_terrain(self.terrain, self.width, self.height)
        return self
