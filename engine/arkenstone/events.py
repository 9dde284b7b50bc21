"""What happened in Hunt for the Arkenstone (past tense). Every drawn card is written in its event."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.core.geometry import Point
from engine.core.rules import Event, Seat
from engine.core.ruling import RuledEvent

from .board import Location
from .options import ArkenstoneOptions


class GameStarted(Event):
    """A new hunt. `treasure_ranks` (T1…T13 in placement order) and `seed` are secret from everyone.

    The figures and card spots are set only in logs from before the players placed their figures in
    the random layout (kept so those logs still replay); now they come in later events."""

    kind: Literal["game_started"] = "game_started"
    game: Literal["arkenstone"] = "arkenstone"
    seed: int | None  # None once redacted: the seed replays the diamonds' shuffle and every draw
    options: ArkenstoneOptions
    treasure_ranks: tuple[int, ...]
    smaug: Point | None = None
    bilbo: Point | None = None
    treasure_spots: tuple[Point, ...] = ()
    locations: tuple[Location, ...] = ()

    def redacted_for(self, seat: Seat | None) -> Event | None:
        # Nobody may learn which diamond lies where (AK-SET-2, §8.1), nor the seed that shuffled them.
        return self.model_copy(update={"treasure_ranks": (), "seed": None})


class PlacementDue(Event):
    """A seat must now place a figure or a card; for a club, `rank` is the card shown to it (AK-SET-3)."""

    kind: Literal["placement_due"] = "placement_due"
    seat: Seat
    item: Literal["smaug", "bilbo", "treasure", "location"]
    rank: int | None = None


class FigurePlaced(Event):
    kind: Literal["figure_placed"] = "figure_placed"
    seat: Seat
    at: Point


class TreasurePlaced(Event):
    """The next diamond of the shuffled pile went face down here (its identity stays secret)."""

    kind: Literal["treasure_placed"] = "treasure_placed"
    seat: Seat
    label: int
    at: Point


class LocationPlaced(Event):
    kind: Literal["location_placed"] = "location_placed"
    seat: Seat
    rank: int
    at: Point


class RestPlacedAtRandom(Event):
    """A seat left the rest of its layout cards to chance (its placements follow as their own events)."""

    kind: Literal["rest_placed_at_random"] = "rest_placed_at_random"
    seat: Seat


class CardsDealt(Event):
    """Quick random layout (§8.1): the bot dealt the 26 cards to random empty cells after both figures
    (AK-SET-5); the diamonds go face down as T1…T13 in `treasure_spots` order, identities unsaid."""

    kind: Literal["cards_dealt"] = "cards_dealt"
    treasure_spots: tuple[Point, ...]
    locations: tuple[Location, ...]


class TurnStarted(Event):
    kind: Literal["turn_started"] = "turn_started"
    seat: Seat
    turn: int


class DecksShuffled(Event):
    """Both players shuffled all 13 cards of their suit (AK-TRN-1, AK-EVB-A, AK-DSC-1)."""

    kind: Literal["decks_shuffled"] = "decks_shuffled"
    reason: Literal["turn", "ace", "contest"]


class ReferenceTurned(Event):
    """The active player turned their top card as the reference (AK-TRN-2)."""

    kind: Literal["reference_turned"] = "reference_turned"
    seat: Seat
    rank: int
    free_action: bool


class Guessed(Event):
    kind: Literal["guessed"] = "guessed"
    seat: Seat
    higher: bool


class CardsTurned(RuledEvent, Event):
    """Both players turned their next card (AK-TRN-5)."""

    kind: Literal["cards_turned"] = "cards_turned"
    seat: Seat
    rank: int
    other_rank: int
    correct: bool


class TrickOffered(Event):
    """Both cards show `rank`: `seat` (the non-active player) may move the rival onto that club (AK-TRN-8)."""

    kind: Literal["trick_offered"] = "trick_offered"
    seat: Seat
    rank: int


class TrickAnswered(Event):
    kind: Literal["trick_answered"] = "trick_answered"
    seat: Seat
    moved: bool


class ActionEarned(Event):
    """The active player may take one action; then guess again or reshuffle (Ace)."""

    kind: Literal["action_earned"] = "action_earned"
    seat: Seat
    then: Literal["guess", "reshuffle"]


class GuessDue(Event):
    kind: Literal["guess_due"] = "guess_due"
    seat: Seat


class SpecialEvent(Event):
    """A special event of the active card (AK-EVB / AK-EVS)."""

    kind: Literal["special_event"] = "special_event"
    seat: Seat
    rank: int


class TurnUpsOwed(Event):
    """Bilbo must choose `count` face-down cards to turn (AK-EVB-1)."""

    kind: Literal["turn_ups_owed"] = "turn_ups_owed"
    count: int


class TreasureTurned(Event):
    """A treasure card was turned face up by an event; it stays in place (AK-EVB-1)."""

    kind: Literal["treasure_turned"] = "treasure_turned"
    label: int
    rank: int


class FigureMoved(RuledEvent, Event):
    kind: Literal["figure_moved"] = "figure_moved"
    seat: Seat
    start: Point
    end: Point


class FigureSet(RuledEvent, Event):
    """A figure was placed onto a location card (trick, failed Discover, Smaug's J/Q/K; A12)."""

    kind: Literal["figure_set"] = "figure_set"
    seat: Seat
    rank: int
    start: Point
    end: Point
    cause: Literal["trick", "contest", "event"]


class TreasureSearched(Event):
    """Bilbo turned a treasure card: removed unless it is the Arkenstone (AK-ACT-B2)."""

    kind: Literal["treasure_searched"] = "treasure_searched"
    label: int
    rank: int
    removed: bool


class Passed(Event):
    kind: Literal["passed"] = "passed"
    seat: Seat


class ContestResolved(RuledEvent, Event):
    """Discover the Thief: both reshuffled and turned their top card (AK-DSC-1)."""

    kind: Literal["contest_resolved"] = "contest_resolved"
    smaug_rank: int
    bilbo_rank: int
    smaug_won: bool
    trigger: Literal["action", "event"]


class TurnEnded(Event):
    kind: Literal["turn_ended"] = "turn_ended"
    seat: Seat
    reason: Literal["wrong_guess", "event", "failed_discover"]


class GameWon(Event):
    kind: Literal["game_won"] = "game_won"
    seat: Seat
    reason: Literal["recovered", "discovered"]


ArkenstoneEvent = Annotated[
    GameStarted
    | PlacementDue
    | FigurePlaced
    | TreasurePlaced
    | LocationPlaced
    | RestPlacedAtRandom
    | CardsDealt
    | TurnStarted
    | DecksShuffled
    | ReferenceTurned
    | Guessed
    | CardsTurned
    | TrickOffered
    | TrickAnswered
    | ActionEarned
    | GuessDue
    | SpecialEvent
    | TurnUpsOwed
    | TreasureTurned
    | FigureMoved
    | FigureSet
    | TreasureSearched
    | Passed
    | ContestResolved
    | TurnEnded
    | GameWon,
    Field(discriminator="kind"),
]
EVENT_ADAPTER: TypeAdapter[ArkenstoneEvent] = TypeAdapter(ArkenstoneEvent)

LoggedEvent = Annotated[
    FigurePlaced
    | TreasurePlaced
    | LocationPlaced
    | CardsDealt
    | TurnStarted
    | ReferenceTurned
    | Guessed
    | CardsTurned
    | TrickAnswered
    | SpecialEvent
    | TreasureTurned
    | FigureMoved
    | FigureSet
    | TreasureSearched
    | Passed
    | ContestResolved
    | TurnEnded
    | GameWon,
    Field(discriminator="kind"),
]
"""The public events kept in the state's short log (all of them public; §8.4)."""
LOGGED_KINDS = frozenset(
    {
        "figure_placed",
        "treasure_placed",
        "location_placed",
        "cards_dealt",
        "turn_started",
        "reference_turned",
        "guessed",
        "cards_turned",
        "trick_answered",
        "special_event",
        "treasure_turned",
        "figure_moved",
        "figure_set",
        "treasure_searched",
        "passed",
        "contest_resolved",
        "turn_ended",
        "game_won",
    }
)
