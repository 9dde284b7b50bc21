"""The whole game state. Secret only before the reveal: each side's planned deployment (`pending`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, with_config

from engine.core.fast import built
from engine.core.rules import Outcome, Seat, State

from .armies import GUN_PROFILES, PROFILES, Profile, Weapon
from .options import Options
from .terrain import Area

Phase = Literal[
    "setup", "edge", "role", "quarry", "deploy", "movement", "shooting", "assault", "counter", "end", "over"
]
SEATS: tuple[Seat, ...] = ("red", "blue")
XY = tuple[float, float]


def other(seat: Seat) -> Seat:
    return "blue" if seat == "red" else "red"


@with_config(ConfigDict(extra="forbid"))
@dataclass(frozen=True, slots=True, kw_only=True)
class Unit:
    """One figure or gun piece (CW-GEN-1). Position is None until the deployment is revealed.

    Immutable: a change is a new unit put in the state's place of the old (`replace`), so a unit that
    is the same object as before has the same fields (the move sample's memo relies on it)."""

    id: str
    side: Seat
    profile: str
    x: float | None = None
    y: float | None = None
    life: int
    max_life: int
    radius: float
    alive: bool = True
    crew: str | None = None  # on a gun: its crewman's id (CW-ART-8)
    gun: str | None = None  # on a crewman: the gun he serves
    ranged_broken: bool = False  # fumble 4 (CW-CRT-2)
    melee_broken: bool = False
    moved: bool = False  # this turn's marks, every unit's cleared when a turn begins
    shot: bool = False
    fought: bool = False
    fled: bool = False  # disengaged this turn (CW-MOV-4): no attacks in this turn
    charged_turn: int | None = None  # the turn number of its last charge (CW-CHG-5, CW-CHG-6)
    idle_turn: int | None = None  # fumble 2: the owner's turn in which it does nothing (A20)

    @property
    def p(self) -> Profile:
        return PROFILES[self.profile]

    @property
    def type(self) -> str:
        return PROFILES[self.profile].type

    @property
    def is_gun(self) -> bool:
        return self.profile in GUN_PROFILES

    @property
    def placed(self) -> bool:
        return self.alive and self.x is not None

    @property
    def xy(self) -> XY:
        assert self.x is not None and self.y is not None
        return (self.x, self.y)

    def ranged(self) -> Weapon | None:
        return None if self.ranged_broken else PROFILES[self.profile].ranged

    def __copy__(self) -> Unit:
        return self  # immutable, its fields too

    def __deepcopy__(self, memo: dict[int, Any]) -> Unit:
        return self


@with_config(ConfigDict(extra="forbid"))
@dataclass(frozen=True, slots=True)
class Hostage:
    """Hostage rescue (§8.6): an unarmed, unattackable figure; `carrier` moves it."""

    id: str
    x: float
    y: float

    def __copy__(self) -> Hostage:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Hostage:
        return self


@with_config(ConfigDict(extra="forbid"))
@dataclass(frozen=True, slots=True)
class Shot:
    """A line of fire drawn on this turn's picture."""

    frm: XY
    to: XY
    hit: bool

    def __copy__(self) -> Shot:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Shot:
        return self


@with_config(ConfigDict(extra="forbid"))
@dataclass(frozen=True, slots=True)
class Marks:
    """What the picture shows of the current turn: last move, lines of fire, blast, scatter, corridor."""

    move: tuple[XY, ...] = ()
    move_cost: float | None = None
    shots: tuple[Shot, ...] = ()
    blast: XY | None = None
    blast_hit: bool = False
    scatter: tuple[XY, XY] | None = None
    corridor: tuple[XY, XY, float] | None = None

    def __copy__(self) -> Marks:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Marks:
        return self


NO_MARKS = Marks()


class Order(BaseModel):
    """A move or charge a side has asked to see before it confirms it (the preview of §8.7's prompts).

    Not a rule of the game: the controls' "preview, then confirm" step kept in the state so that the
    seat's own view (and its private image) can show the path, its cost and the charge corridor."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    unit: str
    kind: Literal["move", "charge"]
    path: tuple[XY, ...]
    cost: float | None = None  # a move's cost through terrain (CW-MOV-2)
    allowance: float | None = None
    bearing: int | None = None  # a charge's bearing
    radius: float | None = None  # a charge's corridor half-width (the charger's base)
    victims: tuple[str, ...] = ()  # enemies in the corridor, nearest first (§8.4)


def _no_pending() -> dict[Seat, dict[str, XY]]:
    return {"red": {}, "blue": {}}


class ClickWarsState(State):
    """The full state; `pending` holds the sides' secret deployments until both are ready."""

    game: str = "clickwars"
    options: Options
    terrain: list[Area]
    units: dict[str, Unit]
    phase: Phase = "setup"
    confirmed: list[Seat] = Field(default_factory=list)
    first: Seat | None = None
    south: Seat = "red"  # whose edge is y = 0 (§8.1: the first player's, unless it chose north)
    attacker: Seat | None = None
    quarry: dict[Seat, str] = Field(default_factory=dict)
    pending: dict[Seat, dict[str, XY]] = Field(default_factory=lambda: _no_pending())
    ready: list[Seat] = Field(default_factory=list)
    hostages: list[Hostage] = Field(default_factory=list)
    round: int = 0
    turn: int = 0
    active: Seat | None = None
    scores: dict[Seat, int] = Field(default_factory=lambda: {"red": 0, "blue": 0})
    marks: Marks = NO_MARKS
    result: Outcome | None = None
    selected: dict[Seat, str] = Field(default_factory=dict)  # the unit a side's controls act on
    orders: dict[Seat, Order] = Field(default_factory=dict)  # a side's previewed, unconfirmed order

    @property
    def width(self) -> float:
        return float(self.options.width)

    @property
    def height(self) -> float:
        return float(self.options.height)

    def living(self, side: Seat | None = None) -> list[Unit]:
        return [u for u in self.units.values() if u.placed and (side is None or u.side == side)]

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> ClickWarsState:
        """Copies every mutable container; shares the units, hostages and marks (immutable) and the
        frozen options and terrain."""
        values = self.__dict__.copy()
        values["units"] = dict(values["units"])
        values["confirmed"] = list(values["confirmed"])
        values["quarry"] = dict(values["quarry"])
        values["pending"] = {k: dict(v) for k, v in values["pending"].items()}
        values["ready"] = list(values["ready"])
        values["hostages"] = list(values["hostages"])
        values["scores"] = dict(values["scores"])
        values["selected"] = dict(values["selected"])
        values["orders"] = dict(values["orders"])
        return built(type(self), values, self.__pydantic_fields_set__.copy())

    def scratch(self) -> ClickWarsState:
        """A copy that `evolve` may change without touching this state: a new dict of the units and
        the rest shared (the units, hostages, marks, lists and dicts), because `evolve` never changes
        any of them in place: it puts a changed copy in its place (`replace`, a new list or dict),
        the units in the copy's own dict. The Tape's copy at every decision (a unit copy per
        event instead of thirty, and no container copied that the decision leaves alone)."""
        values = self.__dict__.copy()
        values["units"] = dict(values["units"])
        return built(type(self), values, self.__pydantic_fields_set__.copy())


_SIZES: dict[str, tuple[float, float]] = {}


def table_size(state: ClickWarsState) -> tuple[float, float]:
    """(state.width, state.height), kept per table option (the two properties cost about 6,700
    machine instructions together, this about a fifth: `check_move` asks at every move)."""
    opts = state.options
    table = opts.table
    size = _SIZES.get(table)
    if size is None:
        size = _SIZES[table] = (float(opts.width), float(opts.height))  # what the properties give
    return size


def deployment_bounds(state: ClickWarsState, seat: Seat) -> tuple[float, float]:
    """The y range of a side's Deployment Area (CW-DEP-1): the 20 cm strip along its own edge."""
    if seat == state.south:
        return (0.0, 20.0)
    return (state.height - 20.0, state.height)


def in_own_area(state: ClickWarsState, unit: Unit) -> bool:
    """CW-LIF-3: the unit's centre lies inside its own Deployment Area."""
    lo, hi = deployment_bounds(state, unit.side)
    return unit.y is not None and lo <= unit.y <= hi
