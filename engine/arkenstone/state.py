"""The whole game state (server side) and the per-seat view (what a seat may know)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from engine.core.geometry import Point
from engine.core.rules import Model, Seat, State

from .events import LoggedEvent
from .model import (
    ArkenstoneOptions,
    Contest,
    Location,
    MoveTrace,
    Phase,
    Treasure,
    TreasureView,
)

LOG_LENGTH = 8


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
    winner: Seat | None = None
    win_reason: Literal["recovered", "discovered"] | None = None
    recent: list[LoggedEvent] = Field(default_factory=list)

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
        return new


class ArkenstoneView(Model):
    """One seat's knowledge (None = spectator). Nothing is private to one player, so only the
    identities of face-down diamonds and the order of the decks are missing (§1)."""

    game: Literal["arkenstone"] = "arkenstone"
    seat: Seat | None
    version: int
    options: ArkenstoneOptions
    phase: Phase
    turn: int
    active: Seat
    acting: tuple[Seat, ...]
    bilbo: Point | None
    smaug: Point | None
    treasures: tuple[TreasureView, ...]
    treasures_to_place: int
    locations: tuple[Location, ...]
    next_location: int | None
    reference: int | None
    guess: bool | None
    revealed: tuple[int, int] | None
    drawn: dict[str, tuple[int, ...]]
    after_action: Literal["guess", "reshuffle"]
    trick_rank: int | None
    turn_ups_left: int
    special: int | None
    last_move: MoveTrace | None
    last_contest: Contest | None
    winner: Seat | None
    win_reason: Literal["recovered", "discovered"] | None
    recent: tuple[LoggedEvent, ...]
