"""The game state: pieces, doors, flames, the blip bag, command points and the agenda.

Secrets live in obviously named fields: `blips` (each blip's hidden value) and `bag` (the counters
left in the bag) are the Genestealer player's; `cp` and `cp_drawn` (the command point chit) are the
Marine player's. Everything else is public.

The `agenda` is a stack of pending steps (top = last). Automatic steps (overwatch fire, conversion
checks, the end phase) run inside `decide`; choice steps (placing revealed Genestealers, choosing a
facing, an interrupt window, a free shot) make their chooser the active seat until answered.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Outcome, Seat, State
from engine.core.fast import built

from .board import Board, DoorStatus, Facing, Square
from .dw_types.bids import AgBids
from .dw_types.solo_model import AgSoloTie, SoloState
from .missions import Mission
from .options import SpaceHulkOptions
from .weapons import MeleeName, WeaponName

PieceKind = Literal["marine", "genestealer", "blip"]
MARINE_AP, STEALER_AP, BLIP_AP = 4, 6, 6  # SHB-4.1


M = TypeVar("M", bound=BaseModel)


_LAYOUTS: dict[type[BaseModel], tuple[tuple[str, Any], ...]] = {}


def made(cls: type[M], **fields: Any) -> M:
    """`cls(**fields)` without validation, for the engine's own events and agenda steps in a step's
    hot path: every value already has its field's type (squares as tuples of ints, ids, counts, models
    taken from validated state) and the class's defaults are immutable. The same model as `cls(...)`:
    fields in declaration order, the given ones counted as set."""
    layout = _LAYOUTS.get(cls)
    if layout is None:
        layout = tuple(
            (name, None if info.is_required() else info.get_default())
            for name, info in cls.model_fields.items()
        )
        _LAYOUTS[cls] = layout
    values = {name: fields[name] if name in fields else default for name, default in layout}
    return built(cls, values, set(fields))


def updated(model: M, changes: dict[str, Any]) -> M:
    """`model.model_copy(update=changes)` without pydantic's per-call overhead (the same result: no
    validation, the changed fields counted as set)."""
    values = model.__dict__.copy()
    values.update(changes)
    return built(type(model), values, model.__pydantic_fields_set__ | changes.keys())


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Any:
        return self  # immutable: sharing keeps copies of the state cheap


class Aim(_Frozen):
    """Sustained fire (SHB-8.2): the Marine's last target, where it stood, and how many shots in a row."""

    target: str  # a piece id, or "door" for a door square
    square: Square
    shots: int


class Piece(_Frozen):
    """A Terminator, a Genestealer or a blip. `pos` is None while lurking off-board in `area`."""

    id: str
    kind: PieceKind
    pos: Square | None = None
    area: str | None = None
    facing: Facing | None = None  # blips have none (SHB-6.1)
    ap: int = 0
    activated: bool = False  # has been activated this turn (SHB-4.2)
    acted: bool = False  # has spent AP or acted this turn (a blip may then not convert, SHB-10.6)
    lurk_until: int = 0  # may not enter the board while turn <= lurk_until (SHB-10.4)
    # Marines
    name: str = ""
    weapon: WeaponName | None = None
    sergeant: bool = False
    squad: str = ""
    overwatch: bool = False
    jammed: bool = False
    ammo: int = 0  # shots left: heavy flamer (SHB-9.1), assault cannon bursts in the magazine (DW-AC-5)
    aim: Aim | None = None
    # Deathwing (deathwing.md §2.1, §2.2)
    captain: bool = False  # DW-CAP-1 .. DW-CAP-6
    mastery: int = 0  # a Librarian's mastery level 1-4; 0 = not a Librarian (DW-LIB-2)
    psychic: int = 0  # psychic points left for the mission (DW-LIB-3)
    melee: MeleeName | None = None  # the close-combat weapon; None = power glove
    shield: bool = False  # storm shield (DW-SS-1)
    grenades: int = 0  # grenade launcher shots left (DW-GL-3)
    reloads: int = 0  # spare magazines or tanks (DW-AC-7, DW-HF-1)
    bursts: int = 0  # assault cannon bursts fired this mission (DW-AC-11, A-3)
    prone: bool = False  # a fallen Terminator: no sight, no move, shot or attack until he stands (DW-PIT-9)
    ambush: bool = False  # a blip-like ambush marker: no value until it converts (DW-AMB-1, DW-AMB-4)
    # Genestealers: direction of the last free 90-degree turn, until another action (SHB-4.4)
    free_turn: Literal["left", "right"] | None = None
    leader: bool = False  # Cloud Runner's Genestealer leader: 9 AP, 4 attack dice (DW-CR-8, A-32)

    @property
    def number(self) -> int:
        return int(self.id[1:])


# --- agenda steps ---------------------------------------------------------------------------


class AgOverwatch(_Frozen):
    """Auto: every Marine on overwatch who can shoot the model that just acted fires (SHB-8.4, SHB-8.5)."""

    kind: Literal["overwatch"] = "overwatch"
    target: str


class AgConversions(_Frozen):
    """Auto: any blip a Marine can see converts, one at a time, then check again (SHB-10.7)."""

    kind: Literal["conversions"] = "conversions"


class AgPlace(_Frozen):
    """Choice: where the next Genestealer of a converted blip goes (SHB-10.8)."""

    kind: Literal["place"] = "place"
    blip: str
    origin: Square
    remaining: int
    chooser: Seat
    voluntary: bool
    fresh: bool  # the new Genestealers may act this phase (Q11)
    placed: tuple[str, ...] = ()


class AgFacing(_Frozen):
    """Choice (Genestealer player): the facing of each newly placed Genestealer (SHB-10.8)."""

    kind: Literal["facing"] = "facing"
    models: tuple[str, ...]
    reveal: bool  # follow with overwatch against them (involuntary conversion in the Stealer turn)
    chooser: Seat = (
        "genestealer"  # a Marine landing on his feet faces as the Marine player chooses (DW-PIT-6)
    )


class AgShift(_Frozen):
    """Choice: where a scuttling Genestealer (then `faller` lands on `landing`, DW-PIT-7) or a thrown
    faller (prone, DW-PIT-8) goes."""

    kind: Literal["shift"] = "shift"
    model: str
    squares: tuple[Square, ...]
    chooser: Seat
    faller: str | None
    landing: Square


class AgRevealShots(_Frozen):
    """Auto: overwatch against newly revealed Genestealers, each Marine picking one (SHB-10.8)."""

    kind: Literal["reveal_shots"] = "reveal_shots"
    models: tuple[str, ...]


class AgOverwatchPick(_Frozen):
    """Choice (Marine player): which revealed Genestealer this overwatching Marine shoots."""

    kind: Literal["overwatch_pick"] = "overwatch_pick"
    marine: str
    candidates: tuple[str, ...]
    squares: tuple[Square, ...]  # where each candidate stood when revealed


class AgFaceAttacker(_Frozen):
    """Choice (defender's owner): turn free to face the attacker, or not (SHB-8.10, Q19)."""

    kind: Literal["face_attacker"] = "face_attacker"
    model: str
    toward: Facing
    chooser: Seat


class AgBlock(_Frozen):
    """Choice (Marine player): block with a power sword or storm shield, i.e. make the Genestealer
    reroll one die, or not (DW-PS-2, DW-SS-1). Holds the rolled, not yet resolved, close assault."""

    kind: Literal["block"] = "block"
    attacker: str
    defender: str
    square: Square
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    attacker_mod: int
    defender_mod: int
    psychic: int = 0
    defender_psychic: int = 0


class AgDetonate(_Frozen):
    """Choice (Marine player): a thunder hammer bearer attacked by a Genestealer he sees may detonate
    instead of defending, before the dice (DW-TH-3, A-40)."""

    kind: Literal["detonate"] = "detonate"
    attacker: str
    defender: str


class AgPsychic(_Frozen):
    """Choice (Marine player): the psychic points a Librarian facing his attacker adds, before the dice
    (DW-FA-1, DW-FA-2)."""

    kind: Literal["psychic"] = "psychic"
    attacker: str
    defender: str


class AgLevelStep(_Frozen):
    """Choice (Marine player): after surviving an attack through a hole, step free to the square in front
    or behind, keeping his facing, or stay (DW-LVL-2)."""

    kind: Literal["level_step"] = "level_step"
    model: str
    squares: tuple[Square, ...]


class AgBuildForce(_Frozen):
    """Choice (Marine player): build the force from the Force List within the table's points (DW-FL-2)."""

    kind: Literal["build_force"] = "build_force"


class AgDeploy(_Frozen):
    """Choice (Marine player): Defend Perimeter's deployment: each Marine on an empty floor square of
    his choice with a facing, and the 4 entry areas secured before play (DW-SC3; `pick` False when a
    campaign carries them from Establish Perimeter, DW-CMP-11, A-45). deployment.py."""

    kind: Literal["deploy"] = "deploy"
    pick: bool = True


class AgFreeShot(_Frozen):
    """Choice (Marine player): the free shot of a move-and-fire (SHB-8.3) or turn-and-fire (Q13)."""

    kind: Literal["free_shot"] = "free_shot"
    marine: str


class AgInterrupt(_Frozen):
    """Choice (Marine player): spend CP on one action after a Stealer action (SHB-5.3)."""

    kind: Literal["interrupt"] = "interrupt"
    actor: str
    witnesses: tuple[str, ...]  # Marines who saw the actor or door before the action
    door: Square | None = None
    since: int  # Genestealers numbered from here on were revealed by this action


class AgReinforce(_Frozen):
    """Choice (Genestealer player): the entry area of each arriving blip (SHB-10.3)."""

    kind: Literal["reinforce"] = "reinforce"
    remaining: int


class AgSecure(_Frozen):
    """Auto: after a Marine action, secure every entry area a Marine now covers (DW-SEC-2, A-23)."""

    kind: Literal["secure"] = "secure"


class AgPlaceTile(_Frozen):
    """Choice (the players in turn): where the drawn geotile goes (DW-GEO-2, A-34's option)."""

    kind: Literal["place_tile"] = "place_tile"
    tile: int
    chooser: Seat


class AgEndPhase(_Frozen):
    """Auto: the rest of the end phase after flames went out (SHB-2.4)."""

    kind: Literal["end_phase"] = "end_phase"


class AgBeginTurn(_Frozen):
    """Auto: a new game turn starts with the Marine command phase (SHB-2.1, SHB-2.2)."""

    kind: Literal["begin_turn"] = "begin_turn"


AgendaItem = Annotated[
    AgOverwatch
    | AgConversions
    | AgPlace
    | AgFacing
    | AgRevealShots
    | AgOverwatchPick
    | AgFaceAttacker
    | AgBlock
    | AgDetonate
    | AgPsychic
    | AgLevelStep
    | AgShift
    | AgBuildForce
    | AgDeploy
    | AgFreeShot
    | AgInterrupt
    | AgReinforce
    | AgSecure
    | AgPlaceTile
    | AgEndPhase
    | AgBeginTurn
    | AgBids
    | AgSoloTie,
    Field(discriminator="kind"),
]
AUTO_STEPS = frozenset({"overwatch", "conversions", "reveal_shots", "end_phase", "begin_turn", "secure"})
MARINE_CHOICES = frozenset(
    {
        "overwatch_pick",
        "free_shot",
        "interrupt",
        "block",
        "detonate",
        "psychic",
        "level_step",
        "build_force",
        "solo_tie",  # DW-SOLO-2, DW-SOLO-8: the solo player plays the Marines
        "deploy",
    }
)


def chooser_of(item: BaseModel) -> Seat | None:
    """The seat that must answer an agenda step (None for automatic steps)."""
    kind = item.kind  # type: ignore[attr-defined]
    if kind in AUTO_STEPS or kind == "bids":  # bids: both seats at once (rules.active_seats)
        return None
    if kind in MARINE_CHOICES:
        return "marine"
    if kind in ("place", "face_attacker", "facing", "shift", "place_tile"):
        return item.chooser  # type: ignore[attr-defined]
    return "genestealer"


Phase = Literal["setup", "marine", "stealer", "end"]


class SpaceHulkState(State):
    """Everything about one Space Hulk game."""

    game: str = "spacehulk"
    options: SpaceHulkOptions
    mission: Mission
    turn: int = 0
    phase: Phase = "setup"
    pieces: dict[str, Piece] = {}
    next_id: int = 1
    doors: list[DoorStatus] = []  # aligned with board.doors
    burning: list[Square] = []
    blips: dict[str, int] = {}  # SECRET (Genestealer player): blip id -> hidden value
    bag: dict[int, int] = {}  # SECRET: counters left in the bag, by value
    used: dict[int, int] = {}  # counters revealed and out of play (public), refill an empty bag
    cp: int = 0  # SECRET (Marine player): command points left this turn
    cp_drawn: int = 0  # SECRET: this turn's chit
    cp_spent: int = 0  # public: spending is announced
    cp_bonus: int = 0  # public: this turn's Captains' bonus, included in cp_drawn (DW-CAP-3)
    active: str | None = None
    agenda: list[AgendaItem] = []
    timer_seconds: int | None = None
    time_up: bool = False
    kills: int = 0
    escaped: list[str] = []
    teleported: list[str] = []  # Marines teleported out: gone for good, not casualties (DW-TEL-2)
    teleport_turn: int = 0  # the last turn a Marine teleported out (at most 1 per turn, DW-TEL-1)
    secured: list[str] = []  # secured entry areas (DW-SEC-3, DW-SEC-5)
    ambush_turn: int = 0  # the last turn an ambush marker was placed (one a turn, DW-AMB-2)
    wrecked: list[Square] = []  # destroyed crates (now rubble, DW-CRT-1) and cryo tanks (DW-CRY-1)
    flamed_sections: list[str] = []
    # Public counts the generator scenarios read (scenarios.py): "blips" drawn, "ambushes" placed,
    # "stealers" placed, "marines_lost", "seen" (1 once a Marine saw a Genestealer, DW-SC1, A-35).
    tally: dict[str, int] = {}
    cp_penalty: int = 0  # CP lost in the next Marine command phase (an ambush echo, DW-SOLO-6, DW-CR-9)
    outcome: Outcome | None = None
    # Which seat plays each side (public). The seats are the platform's two players; the bids
    # (DW-BID-1) may give the Marines to the seat named "genestealer". Every rule speaks of sides.
    sides: dict[str, Seat] = {"marine": "marine", "genestealer": "genestealer"}
    bids: dict[Seat, int] = {}  # SECRET (each seat its own) until both are in (DW-BID-1)
    solo: SoloState = SoloState()  # the automated Genestealer player's memory (DW-SOLO-5, DW-SOLO-8)

    def seat_of(self, side: str) -> Seat:
        """The seat that plays `side`."""
        return self.sides.get(side, side)

    def side_of(self, seat: Seat | None) -> str | None:
        """The side `seat` plays (None for a spectator or an unknown seat)."""
        for side, holder in self.sides.items():
            if holder == seat:
                return side
        return None

    @property
    def board(self) -> Board:
        return self.mission.board

    def clone(self) -> SpaceHulkState:
        """A copy safe to mutate: containers copied, frozen pieces and steps shared."""
        return updated(
            self,
            {
                "pieces": dict(self.pieces),
                "doors": list(self.doors),
                "burning": list(self.burning),
                "blips": dict(self.blips),
                "bag": dict(self.bag),
                "used": dict(self.used),
                "agenda": list(self.agenda),
                "escaped": list(self.escaped),
                "teleported": list(self.teleported),
                "secured": list(self.secured),
                "wrecked": list(self.wrecked),
                "flamed_sections": list(self.flamed_sections),
                "tally": dict(self.tally),
                "sides": dict(self.sides),
                "bids": dict(self.bids),
            },
        )

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> SpaceHulkState:
        return self.clone()

    def door_status(self, sq: Square) -> DoorStatus | None:
        i = self.board.door_index.get(sq)
        return None if i is None else self.doors[i]

    def closed_doors(self) -> set[Square]:
        board = self.board
        return {d.square for d, st in zip(board.doors, self.doors, strict=True) if st == "closed"}

    def occupancy(self) -> dict[Square, str]:
        return {p.pos: p.id for p in self.pieces.values() if p.pos is not None}

    def marines(self) -> list[Piece]:
        return [p for p in self.pieces.values() if p.kind == "marine"]

    def top(self) -> BaseModel | None:
        return self.agenda[-1] if self.agenda else None


def redact_state(s: SpaceHulkState, seat: Seat | None) -> SpaceHulkState:
    """A copy of the state without the secrets `seat` may not know (for the opening event).

    The seed is blanked for every seat: with it, Dice(seed, version) replays every CP chit and blip draw.
    """
    out = s.clone()
    out.seed = 0
    side = s.side_of(seat)
    if side != "genestealer":
        out.blips, out.bag = {}, {}
    if side != "marine":
        out.cp = out.cp_drawn = 0
    out.bids = {k: v for k, v in s.bids.items() if k == seat}  # DW-BID-1: each seat its own bid
    return out
