"""Events: what happened, past tense. Every die and every draw is written into its event.

Redaction (`redacted_for`): the Marine player and spectators never see a blip's value before it is
revealed, nor the bag; the Genestealer player and spectators never see the command point chit.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.core import Event, Outcome, RuledEvent, Seat

from .board import DoorStatus, Facing, Square
from .dw_types.bids import BidMade, BidsRevealed, SidesChosen
from .dw_types.solo_model import SoloAmbushDrawn, SoloAmbushRolled, SoloDecided, SoloPlanned, SoloTieBroken
from .dw_types.timer import ForceTimer
from .missions import Mission
from .state import AgendaItem, Aim, Piece, SpaceHulkState, redact_state


class GameStarted(Event):
    """The whole opening state (mission, forces, options); evolve(None, this) creates the state."""

    kind: Literal["started"] = "started"
    state: SpaceHulkState

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self.model_copy(update={"state": redact_state(self.state, seat)})


class TurnBegan(Event):
    """A game turn starts: AP refreshed, the Marine command phase opens (SHB-2.1, SHB-2.2, SHB-3.1)."""

    kind: Literal["turn_began"] = "turn_began"
    turn: int
    timer_seconds: int | None


class CommandPointsDrawn(Event):
    """The Marine player's secret command point chit (SHB-5.1). `cp` is None for other seats.

    `cp` includes the public Captains' bonus `bonus` (DW-CAP-3). `owner`: the seat playing the Marines
    (the bids may give them to either seat, DW-BID-1)."""

    kind: Literal["cp_drawn"] = "cp_drawn"
    cp: int | None
    bonus: int = 0
    owner: Seat = "marine"

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self if seat == self.owner else self.model_copy(update={"cp": None})


class JamsCleared(Event):
    """3rd-edition variant: jams cleared at the start of the Marine turn (SHB-8.6)."""

    kind: Literal["jams_cleared"] = "jams_cleared"
    models: tuple[str, ...]


class TimerExpired(Event):
    """The platform reported the Marine timer ran out (SHB-3.5)."""

    kind: Literal["timer_expired"] = "timer_expired"


class MarinePhaseEnded(Event):
    """The Marine action phase is over; unspent AP are lost (SHB-2.2)."""

    kind: Literal["marine_phase_ended"] = "marine_phase_ended"
    reason: Literal["declared", "time"]


class StealerPhaseEnded(Event):
    """The Genestealer action phase is over; the end phase begins (SHB-2.4)."""

    kind: Literal["stealer_phase_ended"] = "stealer_phase_ended"


class FlamesOut(Event):
    """End phase: the flame markers are removed (SHB-2.4, SHB-9.5)."""

    kind: Literal["flames_out"] = "flames_out"
    squares: tuple[Square, ...]


class OverwatchCleared(Event):
    """End phase: overwatch markers removed (SHB-2.4, SHB-8.7)."""

    kind: Literal["overwatch_cleared"] = "overwatch_cleared"
    models: tuple[str, ...]


class CommandPointsDiscarded(Event):
    """End phase: unspent CP are lost (SHB-2.4, SHB-5.4). `cp` is None for other seats."""

    kind: Literal["cp_discarded"] = "cp_discarded"
    cp: int | None
    owner: Seat = "marine"  # the seat playing the Marines

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self if seat == self.owner else self.model_copy(update={"cp": None})


class GameEnded(Event):
    kind: Literal["game_ended"] = "game_ended"
    outcome: Outcome


class AgendaPushed(Event):
    """Steps added on top of the agenda (the last one runs first)."""

    kind: Literal["agenda_pushed"] = "agenda_pushed"
    items: tuple[AgendaItem, ...]


class AgendaPopped(Event):
    kind: Literal["agenda_popped"] = "agenda_popped"


class AgendaUpdated(Event):
    """The top step changed (e.g. one Genestealer of a blip placed)."""

    kind: Literal["agenda_updated"] = "agenda_updated"
    item: AgendaItem


class Activated(Event):
    """A model becomes the active one; the previous one cannot be activated again (SHB-4.2)."""

    kind: Literal["activated"] = "activated"
    model: str


class Spent(Event):
    """AP and/or CP paid for an action (SHB-4.3, SHB-5.2)."""

    kind: Literal["spent"] = "spent"
    model: str
    ap: int
    cp: int


class Moved(Event):
    """A model moved one square (or entered from its lurking space when `frm` is None)."""

    kind: Literal["moved"] = "moved"
    model: str
    frm: Square | None
    to: Square
    facing: Facing | None = None


class Turned(Event):
    kind: Literal["turned"] = "turned"
    model: str
    facing: Facing
    free_turn: Literal["left", "right"] | None = None


class DoorChanged(Event):
    kind: Literal["door_changed"] = "door_changed"
    square: Square
    status: DoorStatus
    by: str | None = None


class OverwatchSet(Event):
    kind: Literal["overwatch_set"] = "overwatch_set"
    model: str


class OverwatchEnded(Event):
    kind: Literal["overwatch_ended"] = "overwatch_ended"
    model: str
    reason: Literal["acted", "jammed", "assaulted"]


class JamCleared(Event):
    kind: Literal["jam_cleared"] = "jam_cleared"
    model: str


class Fired(RuledEvent, Event):
    """A storm bolter shot: 2D6, a hit if either die plus the bonus reaches `needed` (SHB-8.1).
    `ruling` (events from issue 29 on): the rules applied and the numbers, for `/why`."""

    kind: Literal["fired"] = "fired"
    model: str
    target: str  # piece id or "door"
    square: Square
    dice: tuple[int, ...]  # the profile's fire dice (2 for a storm bolter)
    deflection: tuple[int, ...] = ()  # rubble rolls of a hit (DW-RUB-2); any 5-6 deflected it
    bonus: int
    needed: int
    hit: bool
    overwatch: bool
    jammed: bool
    aim: Aim | None  # the shooter's sustained-fire record after this shot
    bursts: int = 0  # assault cannon bursts used (DW-AC-5, DW-AC-9)


class AutoFired(Event):
    """Assault cannon auto fire began: `bursts` used (DW-AC-6); one Fired event per target follows."""

    kind: Literal["auto_fired"] = "auto_fired"
    model: str
    bursts: int


class Teleported(Event):
    """A Marine teleported out: removed for good, not a casualty (DW-TEL-1, DW-TEL-2)."""

    kind: Literal["teleported"] = "teleported"
    model: str
    turn: int


class BoardEntered(Event):
    """Cloud Runner: every surviving Marine reached the exit corridor, so the board ends at once; every
    Genestealer and blip on it is discarded (`removed`, not kills) and the survivors stand in the next
    board's entry corridor with what they carry (DW-CR-5, A-32). A new game turn follows."""

    kind: Literal["board_entered"] = "board_entered"
    board: int
    mission: Mission
    marines: tuple[Piece, ...]
    removed: tuple[str, ...]


class ReinforcementRolled(RuledEvent, Event):
    """Cloud Runner's reinforcement D6 at the start of the Genestealer turn (DW-CR-9): `blips` arrive;
    a 2 draws one ambush result, resolved at once (A-32, DW-SOLO-6): a Genestealer on `square`, lost
    (`square` None), or any other result: -1 CP in the next Marine command phase."""

    kind: Literal["reinforcement_rolled"] = "reinforcement_rolled"
    roll: int
    blips: int
    ambush: str | None = None
    square: Square | None = None


class TilePlaced(Event):
    """A geotile placed by a player (DW-GEO-2, A-34); `mission` holds the board so far."""

    kind: Literal["tile_placed"] = "tile_placed"
    tile: int
    rotation: int
    slot: tuple[int, int]
    by: Seat | None = None
    mission: Mission


class BoardBuilt(Event):
    """The players' geotile board is complete: the deployment corridors joined, the scenario's mission
    and its Marines (none when the Force List follows) (DW-GEN-3, A-34)."""

    kind: Literal["board_built"] = "board_built"
    mission: Mission
    marines: tuple[Piece, ...]


class CorridorsExtended(Event):
    """The deployment corridors grew so that every squad of the force fits whole (DW-GEN-7): the
    mission on the new board and how many squares were added."""

    kind: Literal["corridors_extended"] = "corridors_extended"
    mission: Mission
    added: int


class Deployed(Event):
    """A Marine was placed during Defend Perimeter's deployment (DW-SC3); public, as every Marine."""

    kind: Literal["deployed"] = "deployed"
    model: str
    square: Square
    facing: Facing


class PerimeterPicked(Event):
    """The Marine player chose the entry areas secured before play (DW-SC3)."""

    kind: Literal["perimeter_picked"] = "perimeter_picked"
    areas: tuple[str, ...]


class DeploymentEnded(Event):
    """Defend Perimeter's deployment is over (DW-SC3); `corridors`: the Marines took the corridors."""

    kind: Literal["deployment_ended"] = "deployment_ended"
    corridors: bool


class StealerSighted(Event):
    """A Marine saw a Genestealer for the first time this game (DW-SC1, A-35: "seen" at any time)."""

    kind: Literal["stealer_sighted"] = "stealer_sighted"
    model: str


class MagiRolled(RuledEvent, Event):
    """DW-CMP-14: a Marine (`model`) saw the Raid's cryo tanks for the first time: the Magi D6 (`roll`).
    Lower than the squads fielded (`squads`; A-41: literal), the Magi have escaped (`escaped`) and
    the Raid is lost at once, though play goes on until every Marine is dead or teleported
    (DW-CMP-15, A-44). Public: the Marine player is told at once."""

    kind: Literal["magi_rolled"] = "magi_rolled"
    model: str
    roll: int
    squads: int
    escaped: bool


class AreaSecured(Event):
    """An entry area is secured for the rest of the game (DW-SEC-2 .. DW-SEC-5); `lost`: the blips and
    Genestealers lurking beyond it, removed without counting as kills and without being revealed."""

    kind: Literal["area_secured"] = "area_secured"
    area: str
    lost: tuple[str, ...]


class GrenadeExploded(RuledEvent, Event):
    """A plasma grenade hit a section (DW-GL-2): 1 D6 per figure (`rolls`) and per door (`doors`) in it."""

    kind: Literal["grenade_exploded"] = "grenade_exploded"
    model: str
    target: Square
    section: str
    rolls: dict[str, int]
    doors: tuple[tuple[Square, int], ...]
    drop: int | None = None  # aimed at a hole: 1-2 dropped it to the level below (DW-LVL-5)


class FeatureWrecked(Event):
    """A crate destroyed (its squares become rubble, DW-CRT-1, A-26) or a cryo tank (flipped, DW-CRY-1)."""

    kind: Literal["feature_wrecked"] = "feature_wrecked"
    squares: tuple[Square, ...]


class AmbushPlaced(Event):
    """An ambush marker instead of a reinforcement blip (DW-AMB-2, DW-AMB-3)."""

    kind: Literal["ambush_placed"] = "ambush_placed"
    model: str
    square: Square
    turn: int


class AmbushRevealed(Event):
    """An ambush marker converted: the result drawn from the cup (DW-AMB-5); it goes back (DW-AMB-8)."""

    kind: Literal["ambush_revealed"] = "ambush_revealed"
    model: str
    result: str


class FallRolled(RuledEvent, Event):
    """A pit roll (DW-PIT-4: entering, `against` None) or a landing roll against the model below (DW-PIT-7, DW-PIT-8)."""

    kind: Literal["fall_rolled"] = "fall_rolled"
    model: str
    against: str | None
    roll: int


class Fell(Event):
    """A model falls or jumps down a hole towards `landing` (DW-PIT-1); it loses overwatch and aim (A-12)."""

    kind: Literal["fell"] = "fell"
    model: str
    landing: Square


class Landed(RuledEvent, Event):
    """Where the faller ends, prone or on his feet (DW-PIT-6 .. DW-PIT-8); `roll` of DW-PIT-6 if made."""

    kind: Literal["landed"] = "landed"
    model: str
    square: Square
    roll: int | None
    prone: bool


class Shifted(Event):
    """A model pushed aside by a faller (DW-PIT-7 scuttle, DW-PIT-8 prone below), keeping its facing."""

    kind: Literal["shifted"] = "shifted"
    model: str
    square: Square
    prone: bool


class StoodUp(Event):
    """A prone Terminator stands and faces (DW-PIT-9)."""

    kind: Literal["stood_up"] = "stood_up"
    model: str
    facing: Facing


class ForceBuilt(Event):
    """The Force List force deployed (DW-FL-2), its timer (DW-TMR-1) and its price."""

    kind: Literal["force_built"] = "force_built"
    marines: tuple[Piece, ...]
    timer: ForceTimer
    cost: int


class Malfunctioned(RuledEvent, Event):
    """An assault cannon blew up (DW-AC-12): its bearer dies; `rolls` per adjacent model, `doors` per adjacent door."""

    kind: Literal["malfunctioned"] = "malfunctioned"
    model: str
    rolls: dict[str, int]
    doors: tuple[tuple[Square, int], ...]


class Reloaded(RuledEvent, Event):
    """A reload: the weapon is full again and one spare is used (DW-AC-8, DW-HF-2)."""

    kind: Literal["reloaded"] = "reloaded"
    model: str
    ammo: int
    source: Literal["reserve", "cache"] = "reserve"  # DW-CR-6: Cloud Runner's weapons cache
    into: Literal["weapon", "reserve"] = "weapon"


class Flamed(RuledEvent, Event):
    """A heavy flamer shot on a section (SHB-9.2 .. SHB-9.5); `rolls` per model in the area."""

    kind: Literal["flamed"] = "flamed"
    model: str
    target: Square
    section: str
    squares: tuple[Square, ...]
    rolls: dict[str, int]
    crates: tuple[tuple[Square, int], ...] = ()  # 1 D6 per crate in the area (DW-CRT-2)


class Assaulted(RuledEvent, Event):
    """A close assault (SHB-8.9, SHB-8.10, SHB-8.13)."""

    kind: Literal["assaulted"] = "assaulted"
    model: str
    target: str  # piece id or "door"
    square: Square
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    attacker_score: int
    defender_score: int
    result: Literal["attacker", "defender", "tie"]
    psychic: int = 0  # psychic points the attacking Librarian spent (DW-FA-1)
    defender_psychic: int = 0  # psychic points the defending Librarian spent (DW-FA-2)


class Blocked(RuledEvent, Event):
    """A power sword or storm shield block: the Genestealer rerolled one die (DW-PS-2, DW-SS-1)."""

    kind: Literal["blocked"] = "blocked"
    model: str  # the blocking Terminator
    die: int
    old: int
    new: int


class SelfDestructed(RuledEvent, Event):
    """A heavy flamer (SHB-9.7, A-37) or thunder hammer (DW-TH-2) self-destruct; `bulkheads`: 1 D6 each (DW-BLK-4)."""

    kind: Literal["self_destructed"] = "self_destructed"
    model: str
    section: str
    bulkheads: tuple[tuple[Square, int], ...] = ()


class Killed(Event):
    """A model or blip removed; `kills` is what it counts for the Marines (SHB-10.10); blips reveal `value`."""

    kind: Literal["killed"] = "killed"
    model: str
    kills: int
    value: int | None = None


class Exited(Event):
    """A Marine left through an exit and cannot return (SHB-1.6)."""

    kind: Literal["exited"] = "exited"
    model: str


class BlipPlaced(Event):
    """A blip drawn from the bag into a lurking space (SHB-10.3). `value` is None for the Marine/spectator."""

    kind: Literal["blip_placed"] = "blip_placed"
    model: str
    area: str
    value: int | None
    lurk_until: int
    from_bag: bool = True
    owner: Seat = "genestealer"  # the seat playing the Genestealers

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self if seat == self.owner else self.model_copy(update={"value": None})


class BagRefilled(Event):
    """The empty bag refilled with the used counters (SHB-10.2, Q8). Secret like the bag."""

    kind: Literal["bag_refilled"] = "bag_refilled"
    counts: dict[int, int] | None
    owner: Seat = "genestealer"  # the seat playing the Genestealers

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self if seat == self.owner else self.model_copy(update={"counts": None})


class ReinforcementsLost(Event):
    """Blips that could not be placed (every usable area full, or no counter left)."""

    kind: Literal["reinforcements_lost"] = "reinforcements_lost"
    count: int


class BlipConverted(Event):
    """A blip turned face up (SHB-10.6, SHB-10.7): its value is now public. Its counter goes to the
    used pile, or, in solo play (`to_cup`), back into the cup it was drawn from (DW-SOLO-4)."""

    kind: Literal["blip_converted"] = "blip_converted"
    model: str
    value: int
    voluntary: bool
    to_cup: bool = False


class StealerPlaced(Event):
    """A Genestealer model placed from a converted blip (SHB-10.8); facing chosen later when None."""

    kind: Literal["stealer_placed"] = "stealer_placed"
    model: str
    square: Square | None
    area: str | None = None
    ap: int
    activated: bool
    lurk_until: int = 0
    leader: bool = False  # Cloud Runner's Genestealer leader (DW-CR-7, DW-CR-8)


class StealersLost(Event):
    """Genestealers that could not be placed, or beyond the model cap; they are not kills (SHB-10.8, SHB-10.9)."""

    kind: Literal["stealers_lost"] = "stealers_lost"
    blip: str
    count: int
    reason: Literal["no_room", "cap"]


class FacingSet(Event):
    kind: Literal["facing_set"] = "facing_set"
    model: str
    facing: Facing


ShEvent = Annotated[
    GameStarted
    | TurnBegan
    | CommandPointsDrawn
    | JamsCleared
    | TimerExpired
    | MarinePhaseEnded
    | StealerPhaseEnded
    | FlamesOut
    | OverwatchCleared
    | CommandPointsDiscarded
    | GameEnded
    | AgendaPushed
    | AgendaPopped
    | AgendaUpdated
    | Activated
    | Spent
    | Moved
    | Turned
    | DoorChanged
    | OverwatchSet
    | OverwatchEnded
    | JamCleared
    | Fired
    | Flamed
    | Assaulted
    | Blocked
    | AutoFired
    | ForceBuilt
    | FallRolled
    | Fell
    | Landed
    | Shifted
    | StoodUp
    | AmbushPlaced
    | AmbushRevealed
    | FeatureWrecked
    | GrenadeExploded
    | Teleported
    | AreaSecured
    | StealerSighted
    | MagiRolled
    | TilePlaced
    | BoardBuilt
    | CorridorsExtended
    | Deployed
    | PerimeterPicked
    | DeploymentEnded
    | BoardEntered
    | ReinforcementRolled
    | Malfunctioned
    | Reloaded
    | SelfDestructed
    | Killed
    | Exited
    | BlipPlaced
    | BagRefilled
    | ReinforcementsLost
    | BlipConverted
    | StealerPlaced
    | StealersLost
    | FacingSet
    | BidMade
    | BidsRevealed
    | SidesChosen
    | SoloDecided
    | SoloPlanned
    | SoloTieBroken
    | SoloAmbushRolled
    | SoloAmbushDrawn,
    Field(discriminator="kind"),
]
EVENT_ADAPTER: TypeAdapter[ShEvent] = TypeAdapter(ShEvent)
