"""The whole Hunt for the Arkenstone table (server side, secrets included) and the cards' numbers."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from engine.core.geometry import Point
from engine.core.rules import Model, Seat, State

from .board import BREATH_IN, FEEL_IN, SMELL_IN, Location, Treasure
from .events import CardsTurned, LoggedEvent
from .options import ArkenstoneOptions

# --- cards (§2, AK-GEN-1) ------------------------------------------------------------------------
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANKS: tuple[int, ...] = tuple(range(1, 14))
ARKENSTONE = ACE
"""The Arkenstone is the Ace of diamonds among the treasure cards."""
SPECIAL_RANKS = frozenset({ACE, JACK, QUEEN, KING})
TURN_UPS = {JACK: 1, QUEEN: 2, KING: 3}  # AK-EVB-J/Q/K
SMAUG_EVENT_RANGE_IN = {JACK: SMELL_IN, QUEEN: BREATH_IN, KING: FEEL_IN}  # AK-EVS-J/Q/K

Phase = Literal[
    "setup",
    "place_smaug",
    "place_bilbo",
    "place_treasure",
    "place_location",
    "starting",
    "free_action",
    "guess",
    "revealing",
    "trick",
    "action",
    "turn_up",
    "turn_over",
    "over",
]

LOG_LENGTH = 8
"""How many public events the state keeps for the board's short log (§8.4)."""


class MoveTrace(Model):
    """The last change of a figure's place, for the board image (`forced` for A12 placements)."""

    seat: str
    start: Point
    end: Point
    forced: bool


class Contest(Model):
    """The last Discover the Thief contest (AK-DSC)."""

    smaug_rank: int
    bilbo_rank: int
    smaug_won: bool
    trigger: Literal["action", "event"]


def _no_draws() -> dict[str, list[int]]:
    """No card turned yet in either deck."""
    return {"bilbo": [], "smaug": []}


class ArkenstoneState(State):
    """Everything, including the secret identities of face-down diamonds (`treasures`, `treasure_pile`)."""

    game: str = "arkenstone"
    options: ArkenstoneOptions
    phase: Phase = "setup"
    turn: int = 0
    active: Seat = "smaug"
    bilbo: Point | None = None
    smaug: Point | None = None
    treasure_pile: list[int] = Field(default_factory=list)
    treasures: list[Treasure] = Field(default_factory=list)
    locations: list[Location] = Field(default_factory=list)
    next_location: int | None = None
    reference: int | None = None
    guess: bool | None = None
    revealed: tuple[int, int] | None = None
    drawn: dict[str, list[int]] = Field(default_factory=lambda: _no_draws())
    after_action: Literal["guess", "reshuffle"] = "guess"
    trick_rank: int | None = None
    turn_ups_left: int = 0
    special: int | None = None
    last_move: MoveTrace | None = None
    last_contest: Contest | None = None
    # The cards turned last (AK-TRN-5), kept in sight on the board until the next pair replaces
    # them, across turns (issue 15 item 7); public, as every turned card is.
    last_turned: CardsTurned | None = None
    winner: Seat | None = None
    win_reason: Literal["recovered", "discovered"] | None = None
    recent: list[LoggedEvent] = Field(default_factory=list)
    # The seats that left the rest of their layout cards to chance (PlaceRest): public.
    random_placers: list[Seat] = Field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> ArkenstoneState:
        """A deep copy that shares the frozen pieces (points, cards, events) and copies every container.

        Everything mutable in the state is a list or dict of frozen models, so this is a true deep
        copy, about thirty times faster than pydantic's generic one (core.step copies every move)."""
        new = self.model_copy()
        new.treasure_pile = list(self.treasure_pile)
        new.treasures = list(self.treasures)
        new.locations = list(self.locations)
        new.drawn = {seat: list(cards) for seat, cards in self.drawn.items()}
        new.recent = list(self.recent)
        new.random_placers = list(self.random_placers)
        return new
