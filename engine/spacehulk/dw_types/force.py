"""The Terminator Force List's orders (deathwing.md §2.5, A-16 .. A-20): what the Marine player asks
for. The Force List itself (costs, limits, the Terminators an order fields) is ../force_list.py."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

SquadName = Literal["command", "heavy", "standard", "assault", "recon"]
SwapName = Literal["assault_cannon", "heavy_flamer", "chainfist", "lightning_claws", "thunder_hammer"]
Heavy = Literal["assault_cannon", "heavy_flamer"]


class Swap(BaseModel):
    """A per-trooper option: `member` counts the squad's troopers from 0 in the box's order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    member: int = Field(ge=0)
    option: SwapName


class SquadOrder(BaseModel):
    """One squad and its options."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    squad: SquadName
    heavy: Heavy = "assault_cannon"  # the Heavy Weapons and Standard squads' AC-or-HF trooper
    captain: bool = False  # Standard: the Sergeant becomes a Captain (3)
    sergeant_sword: bool = False  # Standard, Recon: a power sword for the Sergeant (1)
    mastery: int = Field(default=1, ge=1, le=4)  # Command: the Librarian's level (3 per level, DW-LIB-2)
    swaps: tuple[Swap, ...] = ()
    flamer_reloads: int = Field(default=0, ge=0)  # 2 each, at most 1 per heavy flamer (DW-SQ-1)
    cannon_reloads: int = Field(default=0, ge=0)  # 1 each, at most 2 per assault cannon (DW-SQ-1)


class ForceOrder(BaseModel):
    """The Marine player's whole force and the timer points bought (DW-FL-2, DW-TMR-1)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    squads: tuple[SquadOrder, ...] = Field(min_length=1)
    timer_points: int = Field(default=1, ge=1, le=5)
