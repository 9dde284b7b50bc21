"""Actions: what a seat wants to do (imperative). Costs are in rules.py (SHB-4.3).

`use` says how an action is paid (SHB-5.2): "ap" with the model's own AP, topped up with CP when
short (activating the model if it is not the active one); "cp" entirely with command points, which
never changes the active model (the only payment in a Genestealer-turn interrupt, SHB-5.3); "free"
for the free shot of a move-and-fire and the free turn to face an attacker.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.core import Action

from .board import Facing, Square
from .dw_types.bids import Bid
from .dw_types.force import ForceOrder
from .weapons import WeaponName

Use = Literal["ap", "cp", "free"]


class Move(Action):
    """Move one square (SHB-7.1); `fire` adds the move-and-fire shot (SHB-8.3); `facing` when entering from lurk."""

    kind: Literal["move"] = "move"
    model: str
    to: Square
    fire: bool = False
    facing: Facing | None = None
    use: Use = "ap"
    jump: bool = False  # announced on entering a pit or ladder hole: down at no extra AP (DW-PIT-5)


class Climb(Action):
    """Climb a ladder to its other end, 2 AP, choosing the facing on arrival (DW-LAD-3); blips have none."""

    kind: Literal["climb"] = "climb"
    model: str
    facing: Facing | None = None
    use: Use = "ap"


class Jump(Action):
    """Jump down the pit or ladder hole the model stands on: 1 AP (DW-PIT-5, DW-PIT-10, DW-LAD-4)."""

    kind: Literal["jump"] = "jump"
    model: str
    use: Use = "ap"


class Stand(Action):
    """A prone Terminator stands up facing any way: 2 AP (DW-PIT-9)."""

    kind: Literal["stand"] = "stand"
    model: str
    facing: Facing
    use: Use = "ap"


class Shift(Action):
    """Where the scuttling Genestealer or the thrown faller goes (DW-PIT-7, DW-PIT-8)."""

    kind: Literal["shift"] = "shift"
    square: Square


class Turn(Action):
    """Turn to a facing (90 or 180 degrees); `fire` is the 3e turn-and-fire variant (Q13)."""

    kind: Literal["turn"] = "turn"
    model: str
    facing: Facing
    fire: bool = False
    use: Use = "ap"


class Door(Action):
    """Open a closed door or close an open one (SHB-11.1, SHB-11.2)."""

    kind: Literal["door"] = "door"
    model: str
    square: Square
    use: Use = "ap"


class Fire(Action):
    """Storm bolter shot at a Genestealer or a closed door on `at` (SHB-8.1, SHB-8.8)."""

    kind: Literal["fire"] = "fire"
    model: str
    at: Square
    use: Use = "ap"


class AutoFire(Action):
    """Assault cannon auto fire: 2 AP, 5 bursts, 3 D6 at every target in arc and sight (DW-AC-3 .. DW-AC-6)."""

    kind: Literal["auto_fire"] = "auto_fire"
    model: str
    use: Use = "ap"


class Overwatch(Action):
    kind: Literal["overwatch"] = "overwatch"
    model: str
    use: Use = "ap"


class ClearJam(Action):
    kind: Literal["clear_jam"] = "clear_jam"
    model: str
    use: Use = "ap"


class Flame(Action):
    """Heavy flamer shot at a square; the whole section burns (SHB-9)."""

    kind: Literal["flame"] = "flame"
    model: str
    at: Square
    use: Use = "ap"


class Reload(Action):
    """Reload an assault cannon or heavy flamer: 4 AP at once, AP and/or CP, any time (DW-AC-8, DW-HF-2).

    At Cloud Runner's weapons cache (DW-CR-6) the reload goes `into` the weapon or the Marine's
    reserve, as he chooses; None: the weapon when it is empty or the reserve is full, else the reserve
    (so no round left in the weapon is thrown away unasked). Away from the cache a reload always comes
    from the reserve into the weapon. `weapon`: the reload asked for (an order may name it); it must
    be the bearer's own type (DW-CR-6: "own type only")."""

    kind: Literal["reload"] = "reload"
    model: str
    use: Use = "ap"
    into: Literal["weapon", "reserve"] | None = None
    weapon: WeaponName | None = None


class Cut(Action):
    """Chainfist: cut through the closed door (1 AP) or bulkhead (2 AP) in front, no roll (DW-CF-2, DW-CF-3)."""

    kind: Literal["cut"] = "cut"
    model: str
    use: Use = "ap"


class Grenade(Action):
    """The Captain's grenade launcher: 1 AP, a plasma grenade at a square within 8 in sight and arc (DW-GL-1)."""

    kind: Literal["grenade"] = "grenade"
    model: str
    at: Square
    use: Use = "ap"


class SelfDestruct(Action):
    kind: Literal["self_destruct"] = "self_destruct"
    model: str
    use: Use = "ap"


class Assault(Action):
    """Close assault on the model or closed door directly ahead (SHB-8.9, SHB-8.13); a Librarian
    announces the psychic points he adds with his force axe (DW-FA-2)."""

    kind: Literal["assault"] = "assault"
    model: str
    use: Use = "ap"
    psychic: int = Field(default=0, ge=0)
    vertical: Literal["up", "down"] | None = None  # a Genestealer's attack through a hole (DW-LVL-1)


class Psychic(Action):
    """A defending Librarian's psychic points, announced before the dice (DW-FA-2); Pass spends none."""

    kind: Literal["psychic"] = "psychic"
    model: str
    points: int = Field(ge=1)


class BuildForce(Action):
    """The Marine player's Force List order (DW-FL-2): squads, options, reloads and timer points."""

    kind: Literal["build_force"] = "build_force"
    order: ForceOrder


class Block(Action):
    """Make the Genestealer reroll its die number `die` (0-based) with a power sword or storm shield (DW-PS-2)."""

    kind: Literal["block"] = "block"
    model: str
    die: int = Field(ge=0)


class Exit(Action):
    """Leave the board from an exit square (SHB-1.6)."""

    kind: Literal["exit"] = "exit"
    model: str
    use: Use = "ap"


class Teleport(Action):
    """Teleport out: 4 AP at once, AP and/or CP, in the Marine turn, where the mission allows it (DW-TEL-1, A-24)."""

    kind: Literal["teleport"] = "teleport"
    model: str
    use: Use = "ap"


class Convert(Action):
    """Voluntary blip conversion (SHB-10.6)."""

    kind: Literal["convert"] = "convert"
    model: str


class PlaceTile(Action):
    """Place the drawn geotile (DW-GEO-2, A-34): `rotation` quarter turns clockwise, in grid `slot`."""

    kind: Literal["place_tile"] = "place_tile"
    tile: int
    rotation: int
    slot: tuple[int, int]


class Deploy(Action):
    """Defend Perimeter's deployment (DW-SC3): put Marine `model` on `square`, facing `facing`."""

    kind: Literal["deploy"] = "deploy"
    model: str
    square: Square
    facing: Facing


class PickPerimeter(Action):
    """Defend Perimeter (DW-SC3): the 4 entry areas secured before play."""

    kind: Literal["pick_perimeter"] = "pick_perimeter"
    areas: tuple[str, ...]


class EndDeployment(Action):
    """End Defend Perimeter's deployment as placed; `corridors`: first put every Marine back in the
    deployment corridors, each squad whole, leader in front (DW-GEN-6, the shortcut)."""

    kind: Literal["end_deployment"] = "end_deployment"
    corridors: bool = False


class PlaceBlip(Action):
    """Put an arriving blip in an entry area's lurking space (SHB-10.3)."""

    kind: Literal["place_blip"] = "place_blip"
    area: str


class PlaceAmbush(Action):
    """An ambush marker instead of the next reinforcement blip (DW-AMB-2, DW-AMB-3)."""

    kind: Literal["place_ambush"] = "place_ambush"
    square: Square


class PlaceStealer(Action):
    """Put the next Genestealer of a converted blip on a square (SHB-10.8)."""

    kind: Literal["place_stealer"] = "place_stealer"
    square: Square


class SetFacing(Action):
    kind: Literal["set_facing"] = "set_facing"
    model: str
    facing: Facing


class BreakTie(Action):
    """The solo player's answer to a tie the book leaves to him (DW-SOLO-2, DW-SOLO-8): the entry area
    or Genestealer `pick`, or None to let the seeded dice choose."""

    kind: Literal["break_tie"] = "break_tie"
    pick: str | None = None


class PickTarget(Action):
    """Which newly revealed Genestealer an overwatching Marine shoots (SHB-10.8)."""

    kind: Literal["pick_target"] = "pick_target"
    model: str
    target: str


class Pass(Action):
    """Decline an optional step: an interrupt window, a free shot, a free turn."""

    kind: Literal["pass"] = "pass"


class EndTurn(Action):
    """Declare the action phase over (SHB-2.2, SHB-2.3)."""

    kind: Literal["end_turn"] = "end_turn"


class TimeExpired(Action):
    """Submitted by the platform when the Marine timer runs out (SHB-3.5); never in legal_actions."""

    kind: Literal["time_expired"] = "time_expired"


SpaceHulkAction = Annotated[
    Move
    | Climb
    | Jump
    | Stand
    | Shift
    | Turn
    | Door
    | Fire
    | AutoFire
    | Overwatch
    | ClearJam
    | Flame
    | Reload
    | Cut
    | Grenade
    | SelfDestruct
    | Assault
    | Block
    | BuildForce
    | Deploy
    | PickPerimeter
    | EndDeployment
    | Psychic
    | Exit
    | Teleport
    | Convert
    | PlaceBlip
    | PlaceTile
    | PlaceAmbush
    | PlaceStealer
    | SetFacing
    | PickTarget
    | BreakTie
    | Pass
    | EndTurn
    | TimeExpired
    | Bid,
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[SpaceHulkAction] = TypeAdapter(SpaceHulkAction)
