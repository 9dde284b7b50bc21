"""Weapon profiles: what each weapon a model carries can do (SHB-8, SHB-9, SHB-13.2, deathwing.md §2.2).

The rules ask a model's profiles, never its weapons' names, so a new weapon is a row of `WEAPONS`,
not a new `if` in the rules. A Terminator carries a ranged weapon (`Piece.weapon`: storm bolter,
heavy flamer, assault cannon, or none for lightning claws and the thunder hammer), a close-combat
weapon (`Piece.melee`: the power glove unless named) and maybe a storm shield (`Piece.shield`).
A Genestealer's claws are a profile too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from .state import Piece

WeaponName = Literal["storm_bolter", "heavy_flamer", "assault_cannon"]
RELOAD_WORDS: dict[str, WeaponName] = {  # an order's words for the reload it asks for (DW-CR-6)
    "cannon": "assault_cannon",
    "ac": "assault_cannon",
    "canon": "assault_cannon",
    "cañon": "assault_cannon",
    "flamer": "heavy_flamer",
    "hf": "heavy_flamer",
    "lanzallamas": "heavy_flamer",
}
MeleeName = Literal[
    "power_glove", "power_sword", "chainfist", "thunder_hammer", "lightning_claws", "force_axe"
]
Side = Literal["front", "left"]


class Weapon(BaseModel):
    """One weapon's profile. Ranged fields are 0/None for a close-combat weapon and vice versa."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    # Aimed and overwatch fire (SHB-8.1 .. SHB-8.6; DW-AC-2, DW-AC-9)
    fire_dice: int = 0
    """Dice rolled per shot; 0 = the weapon cannot shoot."""
    kill_on: int = 6
    """A shot kills when any die, plus modifiers, reaches this."""
    range: int | None = None
    """Squares for an aimed shot (None: the table's `aimed_range`)."""
    sustained: bool = False
    """Consecutive aimed shots at the same target gain the sustained-fire bonus (SHB-8.2, A-1)."""
    overwatch: bool = False
    """May stand on overwatch (SHB-8.4)."""
    jams: bool = False
    """A double on an overwatch roll jams it (SHB-8.6); the assault cannon never jams (DW-AC-10)."""
    move_and_fire: bool = False
    """May fire for free after a move (SHB-8.3) or, as a variant, a turn (Q13)."""
    hits_bulkheads: bool = False
    """Its aimed bursts can destroy a bulkhead on a natural 6 (assault cannon, DW-BLK-3)."""
    all_ones_miss: bool = False
    """All dice showing 1 always miss, whatever the bonus (DW-AC-2)."""
    # Ammunition (DW-AC-5 .. DW-AC-8, DW-HF-1, DW-HF-2)
    ammo: int | None = None
    """Shots (bursts) per magazine or tank; None: unlimited. The mission may set the flamer's (SHB-9.1)."""
    reload_ap: int = 0
    """AP (or CP) for a reload, paid at once; 0 = the weapon is never reloaded."""
    # The assault cannon's auto mode and malfunction (DW-AC-3, DW-AC-6, DW-AC-11, DW-AC-12)
    auto_dice: int = 0
    auto_kill_on: int = 4
    auto_ap: int = 2
    auto_bursts: int = 5
    malfunction_after: int | None = None
    """Bursts a weapon may fire in a mission before a triple malfunctions it (A-3)."""
    # Area fire (SHB-9): the whole section of the target square
    flame: bool = False
    flame_range: int = 12
    flame_kill_on: int = 2
    self_destruct: bool = False
    """May be set off to clear its own section (heavy flamer: Q16, A-37; thunder hammer: DW-TH-2)."""
    # Close assault (SHB-8.9 .. SHB-8.13; deathwing.md §2.2)
    assault_dice: int = 1
    assault_bonus: int = 0
    """Added to the best die in every close assault (lightning claws +2, DW-LC-1)."""
    facing_dice: int | None = None
    """Dice when facing the opponent (lightning claws 2, DW-LC-2); None: `assault_dice`."""
    facing_bonus: int = 0
    """Added only when facing the opponent (thunder hammer +2, DW-TH-1)."""
    psychic: bool = False
    """Psychic points may be added when facing the opponent (force axe, DW-FA-1, DW-FA-2)."""
    block: tuple[Side, ...] = ()
    """Where an attacker must stand for a block (power sword front, DW-PS-3; storm shield front and left, DW-SS-1)."""
    cuts_door_ap: int | None = None
    """AP to cut through a closed door in front, no roll (chainfist 1, DW-CF-3)."""
    cuts_bulkhead_ap: int | None = None
    """AP to cut through a bulkhead in front (chainfist 2, DW-CF-2)."""


WEAPONS: dict[str, Weapon] = {
    "storm_bolter": Weapon(
        name="storm_bolter",
        fire_dice=2,  # SHB-8.1
        sustained=True,
        overwatch=True,
        jams=True,
        move_and_fire=True,
    ),
    "heavy_flamer": Weapon(
        name="heavy_flamer", flame=True, ammo=6, self_destruct=True, reload_ap=4
    ),  # SHB-9.1, DW-HF-1, DW-HF-2
    "assault_cannon": Weapon(
        name="assault_cannon",
        fire_dice=3,  # DW-AC-2: 3 D6, any die at 5+ (A-1)
        kill_on=5,
        sustained=True,
        overwatch=True,  # DW-AC-9: bursts only
        jams=False,  # DW-AC-10
        move_and_fire=True,  # DW-AC-2: "same conditions as a storm bolter"
        all_ones_miss=True,
        hits_bulkheads=True,
        ammo=10,  # DW-AC-5: 500 rounds = 10 bursts
        reload_ap=4,  # DW-AC-8
        auto_dice=3,  # DW-AC-3
        auto_kill_on=4,
        auto_ap=2,
        auto_bursts=5,  # DW-AC-6
        malfunction_after=10,  # DW-AC-11, A-3
    ),
}
"""Ranged weapons by name (the `weapon` field of a Terminator)."""

MELEE: dict[str, Weapon] = {
    "power_glove": Weapon(name="power_glove"),  # SHB-8.9: 1 D6
    "power_sword": Weapon(name="power_sword", block=("front",)),  # DW-PS-1 .. DW-PS-3
    "chainfist": Weapon(name="chainfist", cuts_door_ap=1, cuts_bulkhead_ap=2),  # DW-CF-1 .. DW-CF-3
    "thunder_hammer": Weapon(name="thunder_hammer", facing_bonus=2, self_destruct=True),  # DW-TH-1, DW-TH-2
    "lightning_claws": Weapon(name="lightning_claws", assault_bonus=2, facing_dice=2),  # DW-LC-1, DW-LC-2
    "force_axe": Weapon(name="force_axe", psychic=True),  # DW-FA-1, DW-FA-2
}
"""Close-combat weapons by name (the `melee` field of a Terminator)."""

STORM_SHIELD = Weapon(name="storm_shield", block=("front", "left"))  # DW-SS-1
CLAWS = Weapon(name="claws", assault_dice=3)
"""A Genestealer's claws: three dice in close assault (SHB-8.9), no ranged attack."""
NO_WEAPON = Weapon(name="none", assault_dice=0)

GRENADE_RANGE = 8  # DW-GL-1
GRENADE_KILL_ON = {"genestealer": 4, "door": 5, "marine": 6}  # DW-GL-2
GRENADES = 10  # DW-GL-3
PSYCHIC_POINTS = {1: 10, 2: 20, 3: 30, 4: 40}  # DW-LIB-3


def weapon_of(p: Piece) -> Weapon:
    """The ranged profile a model shoots with: its weapon, or one that cannot shoot."""
    if p.kind == "genestealer":
        return CLAWS
    if p.weapon is None:
        return NO_WEAPON
    return WEAPONS[p.weapon]


def melee_of(p: Piece) -> Weapon:
    """The close-assault profile: a Genestealer's claws, a Terminator's melee weapon (power glove)."""
    if p.kind == "genestealer":
        return CLAWS
    if p.kind != "marine":
        return NO_WEAPON
    return MELEE[p.melee or "power_glove"]


def block_sides(p: Piece) -> tuple[Side, ...]:
    """Where an attacker may stand for this Terminator to block (DW-PS-3, DW-SS-1)."""
    sides = set(melee_of(p).block) | (set(STORM_SHIELD.block) if p.shield else set())
    order: tuple[Side, ...] = ("front", "left")
    return tuple(s for s in order if s in sides)
