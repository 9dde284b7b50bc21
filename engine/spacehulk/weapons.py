"""Weapon profiles: what each weapon a model carries can do (SHB-8, SHB-9, SHB-13.2).

The rules ask a model's profile (`weapon_of(piece)`), never its weapon's name, so a new weapon
(Deathwing's assault cannon, thunder hammer, lightning claws...) is a row of `WEAPONS`, not a new
`if` in the rules. A Genestealer's claws are a profile too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from .state import Piece

WeaponName = Literal["storm_bolter", "heavy_flamer"]
Parry = Literal["none", "parry", "block"]


class Weapon(BaseModel):
    """One weapon's profile. Ranged fields are None/0 for a close-combat-only weapon."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    # Aimed and overwatch fire (SHB-8.1 .. SHB-8.6)
    fire_dice: int = 0
    """Dice rolled per shot; 0 = the weapon cannot shoot."""
    kill_on: int = 6
    """A shot kills when any die, plus modifiers, reaches this."""
    range: int | None = None
    """Squares for an aimed shot (None: the table's `aimed_range`)."""
    sustained: bool = False
    """Consecutive aimed shots at the same target gain the sustained-fire bonus (SHB-8.2)."""
    overwatch: bool = False
    """May stand on overwatch (SHB-8.4)."""
    jams: bool = False
    """A double on an overwatch roll jams it (SHB-8.6)."""
    move_and_fire: bool = False
    """May fire for free after a move (SHB-8.3) or, as a variant, a turn (Q13)."""
    # Area fire (SHB-9): the whole section of the target square
    flame: bool = False
    flame_range: int = 12
    flame_kill_on: int = 2
    ammo: int | None = None
    """Shots carried (None: unlimited); the mission may set the heavy flamer's (SHB-9.1)."""
    self_destruct: bool = False
    """May be set off in its own section (Q16, a table option)."""
    # Close assault (SHB-8.9 .. SHB-8.13)
    assault_dice: int = 1
    assault_bonus: int = 0
    parry: Parry = "none"
    """Room for Deathwing: the power sword's parry and the storm shield's block (DW-ARM-*)."""


WEAPONS: dict[str, Weapon] = {
    "storm_bolter": Weapon(
        name="storm_bolter",
        fire_dice=2,  # SHB-8.1
        sustained=True,
        overwatch=True,
        jams=True,
        move_and_fire=True,
    ),
    "heavy_flamer": Weapon(name="heavy_flamer", flame=True, ammo=6, self_destruct=True),  # SHB-9.1
}
"""Terminator weapons by name (the `weapon` field of a Marine)."""

CLAWS = Weapon(name="claws", assault_dice=3)
"""A Genestealer's claws: three dice in close assault (SHB-8.9), no ranged attack."""
NO_WEAPON = Weapon(name="none", assault_dice=0)


def weapon_of(p: Piece) -> Weapon:
    """The profile a model fights with: its weapon, a Genestealer's claws, or none (a blip)."""
    if p.kind == "genestealer":
        return CLAWS
    if p.weapon is None:
        return NO_WEAPON
    return WEAPONS[p.weapon]
