"""What happened (past tense). Every die is written in its event, so a log replays without dice."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.core.rules import Event, Outcome, Seat
from engine.core.ruling import RuledEvent

from .options import Options
from .state import Hostage, Order, Unit
from .terrain import Area

XY = tuple[float, float]
AttackMode = Literal["ranged", "melee", "artillery", "indirect"]
AttackResult = Literal["hit", "miss", "critical", "fumble"]


class GameStarted(Event):
    """A new table: options, terrain and both armies off the table. The seed is shown to nobody."""

    kind: Literal["game_started"] = "game_started"
    seed: int | None
    options: Options
    terrain: list[Area]
    units: list[Unit]

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self.model_copy(update={"seed": None})


class SetupConfirmed(Event):
    kind: Literal["setup_confirmed"] = "setup_confirmed"
    side: Seat


class RolledOff(RuledEvent, Event):
    """CW-DEP-3: d10 each, highest starts, ties re-rolled (every pair kept)."""

    kind: Literal["rolled_off"] = "rolled_off"
    rolls: list[tuple[int, int]]  # (red, blue) per attempt
    winner: Seat
    next_phase: str


class EdgeChosen(Event):
    kind: Literal["edge_chosen"] = "edge_chosen"
    side: Seat
    edge: Literal["south", "north"]
    next_phase: str


class RoleChosen(Event):
    kind: Literal["role_chosen"] = "role_chosen"
    side: Seat
    role: Literal["attacker", "defender"]
    next_phase: str


class QuarryNamed(Event):
    kind: Literal["quarry_named"] = "quarry_named"
    side: Seat
    quarry: str
    next_phase: str


class UnitPlaced(Event):
    """A secret placement: only its own side sees where (CW-DEP-2, §8.7)."""

    kind: Literal["unit_placed"] = "unit_placed"
    side: Seat
    unit: str
    x: float
    y: float

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self if seat == self.side else None


class DeploymentPlanned(Event):
    """A secret whole-army placement by a plan; only its own side sees it."""

    kind: Literal["deployment_planned"] = "deployment_planned"
    side: Seat
    plan: str
    positions: dict[str, XY]

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self if seat == self.side else None


class DeploymentReady(Event):
    kind: Literal["deployment_ready"] = "deployment_ready"
    side: Seat


class DeploymentRevealed(Event):
    """Both deployments, revealed together (§8.7)."""

    kind: Literal["deployment_revealed"] = "deployment_revealed"
    positions: dict[str, XY]
    hostages: list[Hostage] = []


class TurnBegan(Event):
    kind: Literal["turn_began"] = "turn_began"
    side: Seat
    round: int
    turn: int


class Healed(RuledEvent, Event):
    """CW-LIF-3: 1d10 at the start of the owner's turn inside its own area, capped."""

    kind: Literal["healed"] = "healed"
    unit: str
    roll: int
    life: int
    recovered: bool = False  # CW-LIF-2 option: a fallen figure stood up again


class Moved(RuledEvent, Event):
    """A move along `path`; `ruling` (events from issue 29 on): the ruler and the ground (`/why`)."""

    kind: Literal["moved"] = "moved"
    unit: str
    path: list[XY]
    cost: float
    fled: bool = False
    crew: str | None = None  # a gun's crewman moved along with it (CW-MOV-5)
    crew_to: XY | None = None
    hostage: str | None = None  # hostage rescue: the carried hostage (§8.6)
    hostage_to: XY | None = None


class CrewJoined(Event):
    kind: Literal["crew_joined"] = "crew_joined"
    unit: str
    gun: str


class CrewLeft(Event):
    kind: Literal["crew_left"] = "crew_left"
    unit: str
    gun: str


class Charged(RuledEvent, Event):
    kind: Literal["charged"] = "charged"
    unit: str
    bearing: int
    frm: XY
    to: XY
    radius: float


class Pushed(Event):
    """§8.4: a unit in the corridor pushed aside, just clear of it."""

    kind: Literal["pushed"] = "pushed"
    unit: str
    to: XY


class AttackRolled(RuledEvent, Event):
    """A to-hit roll; `ruling` (events from issue 29 on): the range, sight and rules applied (`/why`)."""

    kind: Literal["attack_rolled"] = "attack_rolled"
    attacker: str
    shooter: str | None = None  # the figure that made the attack (a gun's crewman)
    target: str | None
    at: XY
    mode: AttackMode
    roll: int
    need: int
    result: AttackResult
    redirected_from: str | None = None  # CW-ART-7: a gun was aimed at, its crewman is targeted


class FriendlyFire(RuledEvent, Event):
    """CW-RNG-6: a miss into a melee: odd hits the friend, even nothing."""

    kind: Literal["friendly_fire"] = "friendly_fire"
    roll: int
    victim: str | None


class Scattered(RuledEvent, Event):
    """CW-ART-4/5, §8.5: the blast deviates d10 inches along a uniform bearing."""

    kind: Literal["scattered"] = "scattered"
    frm: XY
    bearing: int
    roll: int
    distance_cm: float
    to: XY
    on_table: bool


class BlastLanded(Event):
    kind: Literal["blast_landed"] = "blast_landed"
    at: XY
    radius: float
    harms: Literal["all", "own", "none"]
    victims: list[str]


class Damaged(RuledEvent, Event):
    """CW-DMG: gross from the weapon die, minus armour and shield dice, floor 0."""

    kind: Literal["damaged"] = "damaged"
    unit: str
    cause: str
    die: int | None
    gross: int
    armour: int | None = None
    shield: int | None = None
    net: int
    life: int


class Killed(Event):
    kind: Literal["killed"] = "killed"
    unit: str
    cause: str


class FumbleRolled(RuledEvent, Event):
    kind: Literal["fumble_rolled"] = "fumble_rolled"
    unit: str
    roll: int


class WeaponBroken(Event):
    kind: Literal["weapon_broken"] = "weapon_broken"
    unit: str
    which: Literal["ranged", "melee"]


class Idled(Event):
    """Fumble 2: the unit does nothing in its army's turn `turn` (A20)."""

    kind: Literal["idled"] = "idled"
    unit: str
    turn: int


class PhaseEnded(Event):
    kind: Literal["phase_ended"] = "phase_ended"
    side: Seat
    phase: str
    next_phase: str


class UnitSelected(Event):
    """A side's controls now act on `unit` ("" = none). Not narrated."""

    kind: Literal["unit_selected"] = "unit_selected"
    side: Seat
    unit: str


class OrderPlanned(Event):
    """A side asked to see an order before confirming it (drawn on that side's own picture)."""

    kind: Literal["order_planned"] = "order_planned"
    side: Seat
    order: Order


class RoundEnded(Event):
    kind: Literal["round_ended"] = "round_ended"
    round: int
    holder: Seat | None = None
    scores: dict[Seat, int] = {}


class GameEnded(Event):
    kind: Literal["game_ended"] = "game_ended"
    outcome: Outcome


ClickWarsEvent = Annotated[
    GameStarted
    | SetupConfirmed
    | RolledOff
    | EdgeChosen
    | RoleChosen
    | QuarryNamed
    | UnitPlaced
    | DeploymentPlanned
    | DeploymentReady
    | DeploymentRevealed
    | TurnBegan
    | Healed
    | Moved
    | CrewJoined
    | CrewLeft
    | Charged
    | Pushed
    | AttackRolled
    | FriendlyFire
    | Scattered
    | BlastLanded
    | Damaged
    | Killed
    | FumbleRolled
    | WeaponBroken
    | Idled
    | PhaseEnded
    | UnitSelected
    | OrderPlanned
    | RoundEnded
    | GameEnded,
    Field(discriminator="kind"),
]
EVENT_ADAPTER: TypeAdapter[ClickWarsEvent] = TypeAdapter(ClickWarsEvent)
