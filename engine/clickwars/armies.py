"""Army sheets as data: weapons, the profiles of §5.13, troop types, bases, and the default army.

A custom army is a list of profile names (CW-GEN-1: one figure per entry); `build_army` checks it and
gives each figure its id (side letter + number, "R1", "B7"), its life (CW-LIF-1) and base (§8.1).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

TroopType = Literal["infantry", "cavalry", "artillery"]
Formula = Literal["x1", "x2", "x5", "+2", "-2"]


class Weapon(BaseModel):
    """A weapon: range (0 for CC weapons), damage formula on 1d10 (CW-DMG-1), CC reach (CW-CC-2)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    range_cm: float = 0.0
    formula: Formula
    reach_cm: float = 1.0
    blast: bool = False


class Profile(BaseModel):
    """One line of the army sheet (§5.13)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    letter: str
    type: TroopType
    di: int
    cc: int
    ranged: Weapon | None
    melee: Weapon | None
    armour: bool = False
    shield: bool = False
    lancer: bool = False
    crew: bool = False


RIFLE = Weapon(name="rifle", range_cm=20, formula="x2")
BOW = Weapon(name="bow", range_cm=20, formula="x2")
PISTOL = Weapon(name="pistol", range_cm=20, formula="x2")
THROWN_AXES = Weapon(name="thrown_axes", range_cm=10, formula="x2")  # A7: as the axe in CC
CANNON = Weapon(name="cannon", range_cm=40, formula="x5", blast=True)
BAYONET = Weapon(name="bayonet", formula="x2")
DAGGER = Weapon(name="dagger", formula="x1")
AXE = Weapon(name="axe", formula="x2")
SWORD = Weapon(name="sword", formula="x2")
LANCE = Weapon(name="lance", formula="x2", reach_cm=3.0)  # A8: lances reach 3 cm
KNIFE = Weapon(name="knife", formula="x1")
FISTS = Weapon(name="fists", formula="-2")  # CW-CC-4
CHARGE_FORMULA: Formula = "+2"  # CW-CHG-4: 1d10+2

PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        Profile(name="rifleman", letter="R", type="infantry", di=6, cc=4, ranged=RIFLE, melee=BAYONET),
        Profile(name="archer", letter="A", type="infantry", di=6, cc=3, ranged=BOW, melee=DAGGER),
        Profile(name="axe_thrower", letter="X", type="infantry", di=5, cc=5, ranged=THROWN_AXES, melee=AXE),
        Profile(
            name="swordsman",
            letter="S",
            type="infantry",
            di=3,
            cc=7,
            ranged=None,
            melee=SWORD,
            armour=True,
            shield=True,
        ),
        Profile(
            name="lancer",
            letter="L",
            type="infantry",
            di=3,
            cc=6,
            ranged=None,
            melee=LANCE,
            shield=True,
            lancer=True,
        ),
        Profile(
            name="cavalry", letter="C", type="cavalry", di=4, cc=6, ranged=PISTOL, melee=SWORD, armour=True
        ),
        Profile(
            name="gun_crew", letter="K", type="infantry", di=6, cc=3, ranged=None, melee=KNIFE, crew=True
        ),
        # CW-ART-1/8: the gun fires with its crewman's DI; it has no CC of its own.
        Profile(name="cannon", letter="G", type="artillery", di=0, cc=0, ranged=CANNON, melee=None),
    )
}

MOVE_CM: dict[str, float] = {"cavalry": 20.0, "infantry": 10.0, "artillery": 5.0}  # CW-MOV-1
CHARGE_CM = 30.0  # CW-CHG-2
LIFE: dict[str, int] = {"infantry": 20, "cavalry": 30, "artillery": 30}  # CW-LIF-1, CW-ART-7
RADIUS_CM: dict[str, float] = {"infantry": 1.5, "cavalry": 3.0, "artillery": 3.0}  # §8.1

DEFAULT_ARMY: tuple[str, ...] = (
    "cannon",
    "gun_crew",
    "rifleman",
    "rifleman",
    "rifleman",
    "rifleman",
    "archer",
    "archer",
    "axe_thrower",
    "swordsman",
    "swordsman",
    "lancer",
    "lancer",
    "cavalry",
    "cavalry",
)
"""§5.13: 1 cannon + 1 gun crew, 4 riflemen, 2 archers, 1 axe thrower, 2 swordsmen, 2 lancers, 2 cavalry."""

MAX_FIGURES = 30
"""Most entries one custom army may list (a sanity bound so the table stays playable)."""


class ArmyError(ValueError):
    """A custom army that cannot be played; `message_id` and `params` word it for the player."""

    def __init__(self, message_id: str, default: str, **params: object) -> None:
        super().__init__(default.format(**params))
        self.message_id = message_id
        self.params = params


def check_army(names: tuple[str, ...] | list[str]) -> None:
    """Raise ArmyError unless every name is a known profile, there are not too many, and guns have crews."""
    if not names:
        raise ArmyError("clickwars.army_empty", "An army needs at least one figure.")
    if len(names) > MAX_FIGURES:
        raise ArmyError(
            "clickwars.army_too_big",
            "An army may have at most {limit} figures; this one has {count}.",
            limit=MAX_FIGURES,
            count=len(names),
        )
    for name in names:
        if name not in PROFILES:
            raise ArmyError(
                "clickwars.army_unknown_profile",
                "There is no profile called {name}; choose from {known}.",
                name=name,
                known=", ".join(PROFILES),
            )
    guns = sum(1 for n in names if PROFILES[n].type == "artillery")
    crews = sum(1 for n in names if PROFILES[n].crew)
    if crews < guns:
        raise ArmyError(
            "clickwars.army_gun_without_crew",
            "Each gun needs its own gun crew: {guns} guns, {crews} crews.",
            guns=guns,
            crews=crews,
        )
    if not any(PROFILES[n].type != "artillery" for n in names):
        raise ArmyError("clickwars.army_empty", "An army needs at least one figure.")


GUN_PROFILES = frozenset(name for name, p in PROFILES.items() if p.type == "artillery")  # Unit.is_gun, inline
