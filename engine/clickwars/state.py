"""The whole game state. Secret only before the reveal: each side's planned deployment (`pending`)."""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from engine.core.fast import built
from engine.core.rules import Outcome, Seat, State

from .armies import PROFILES, Profile, Weapon
from .options import Options
from .terrain import Area

Phase = Literal[
    "setup", "edge", "role", "quarry", "deploy", "movement", "shooting", "assault", "counter", "end", "over"
]
SEATS: tuple[Seat, ...] = ("red", "blue")
XY = tuple[float, float]


def other(seat: Seat) -> Seat:
    return "blue" if seat == "red" else "red"


class Unit(BaseModel):
    """One figure or gun piece (CW-GEN-1). Position is None until the deployment is revealed."""

    model_config = ConfigDict(extra="forbid")
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
        return PROFILES[self.profile].type == "artillery"

    @property
    def placed(self) -> bool:
        return self.alive and self.x is not None

    @property
    def xy(self) -> XY:
        assert self.x is not None and self.y is not None
        return (self.x, self.y)

    def ranged(self) -> Weapon | None:
        return None if self.ranged_broken else self.p.ranged

    def __setattr__(self, name: str, value: Any) -> None:
        """An assignment to a unit in place (a test's or a tool's set-up: the rules never do it, they
        replace the unit, `edit`) is counted (`in_place_edits`): the move sample's memo takes a unit
        that is the same object as at its last call for an unchanged one, unless the count moved."""
        _IN_PLACE[0] += 1
        super().__setattr__(name, value)


_IN_PLACE = [0]


def in_place_edits() -> int:
    """How many times any unit was changed in place (`Unit.__setattr__`) since the start. Not game
    state: a change counter for caches that know a unit by its identity (legal.py's `_Memo`)."""
    return _IN_PLACE[0]


class Hostage(BaseModel):
    """Hostage rescue (§8.6): an unarmed, unattackable figure; `carrier` moves it."""

    model_config = ConfigDict(extra="forbid")
    id: str
    x: float
    y: float


class Shot(BaseModel):
    """A line of fire drawn on this turn's picture."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    frm: XY
    to: XY
    hit: bool


class Marks(BaseModel):
    """What the picture shows of the current turn: last move, lines of fire, blast, scatter, corridor."""

    model_config = ConfigDict(extra="forbid")
    move: list[XY] = Field(default_factory=list)
    move_cost: float | None = None
    shots: list[Shot] = Field(default_factory=list)
    blast: XY | None = None
    blast_hit: bool = False
    scatter: tuple[XY, XY] | None = None
    corridor: tuple[XY, XY, float] | None = None


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
    marks: Marks = Field(default_factory=Marks)
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
        """Copies every mutable container, unit and hostage; shares frozen options and terrain."""
        sd = self.__dict__  # its fields, read once each (a model's attribute costs about twice a dict's item)
        marks = sd["marks"]
        md = marks.__dict__.copy()
        md["move"] = list(md["move"])
        md["shots"] = list(md["shots"])
        values = sd.copy()
        values["units"] = {k: _clone(u) for k, u in sd["units"].items()}
        values["confirmed"] = list(sd["confirmed"])
        values["quarry"] = dict(sd["quarry"])
        values["pending"] = {k: dict(v) for k, v in sd["pending"].items()}
        values["ready"] = list(sd["ready"])
        values["hostages"] = [_clone(h) for h in sd["hostages"]]
        values["scores"] = dict(sd["scores"])
        values["selected"] = dict(sd["selected"])
        values["orders"] = dict(sd["orders"])
        values["marks"] = built(type(marks), md, marks.__pydantic_fields_set__.copy())
        return built(type(self), values, self.__pydantic_fields_set__.copy())

    def scratch(self) -> ClickWarsState:
        """A copy that `evolve` may change without touching this state: a new dict of the units and
        the rest shared (the units, hostages, marks, lists and dicts), because `evolve` never changes
        any of them in place: it puts a changed copy in its place (`edit`, `built`, a new list or
        dict), the units in the copy's own dict. The Tape's copy at every decision (a unit copy per
        event instead of thirty, and no container copied that the decision leaves alone)."""
        values = self.__dict__.copy()
        values["units"] = dict(values["units"])
        return built(type(self), values, self.__pydantic_fields_set__.copy())


M = TypeVar("M", bound=BaseModel)


def _clone(u: M) -> M:
    """A shallow copy of a model whose fields are immutable values (a unit, a hostage) or are
    replaced right after (the state, its marks): pydantic's copy without its overhead."""
    return built(type(u), u.__dict__.copy(), u.__pydantic_fields_set__.copy())


def edit(u: M, **changes: Any) -> M:
    """A copy of a unit or hostage with some fields changed (what pydantic's assignment would do,
    without its overhead and without touching `u`, which a scratch copy may share)."""
    values = u.__dict__.copy()
    values.update(changes)
    return built(type(u), values, u.__pydantic_fields_set__ | changes.keys())


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
