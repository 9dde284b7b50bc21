"""Canyon of Death data: options, state, actions, events and views (pydantic).

Cards are stored as ranks (1 = Ace .. 13 = King) because every pile holds a single suit
(DC-SET-1): the canyon is spades, the Damage deck hearts, the Stormtalon's Flight deck diamonds and
the Dakkajet's clubs. Piles are lists whose index 0 is the top card.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from engine.core import Action, Event, Model, Seat, State
from engine.core.cards import JACK, KING, QUEEN, Suit

SeatName = Literal["marine", "ork"]
MARINE: Literal["marine"] = "marine"
ORK: Literal["ork"] = "ork"
SEATS: tuple[SeatName, SeatName] = (MARINE, ORK)

DEFAULT_LAYOUT: tuple[int, ...] = (1, 1, 2, 1, 2, 1, 2, 1)
MAX_CANYON_CARDS = 12  # DC-SET-2: at least one of the 13 spades is removed unseen
DESTROYED_AT = 20  # DC-HIT-3
HAND_SIZE = 3  # DC-SET-5, DC-END-3
START_PURSUIT = 4  # DC-SET-3
SHOOT_DICE = 3  # DC-SHO-1
ICARUS_DICE = 4  # DC-CAN-4
ICARUS_HITS_ON = 5  # DC-CAN-4

CANYON_RANKS = tuple(range(1, 14))  # 13 spades
DAMAGE_RANKS = tuple(range(1, 14))  # 13 hearts
FLIGHT_RANKS = tuple(range(1, 11))  # A-10; J, Q, K removed

# Which suit each pile holds (for renderers and narration).
CANYON_SUIT = Suit.SPADES
DAMAGE_SUIT = Suit.HEARTS
FLIGHT_SUIT: dict[str, Suit] = {MARINE: Suit.DIAMONDS, ORK: Suit.CLUBS}

Phase = Literal["setup", "navigate", "marine_play", "ork_play", "hits", "over"]
Effect = Literal["hazard", "wide_area", "icarus", "xenos"]
HitSource = Literal["hazard", "icarus", "shoot"]
Batch = tuple[SeatName, int, HitSource]
SlotStatus = Literal["down", "revealed", "discarded"]

EFFECT_OF_FACE: dict[int, Effect] = {JACK: "wide_area", QUEEN: "icarus", KING: "xenos"}


def effect_of(rank: int) -> Effect:
    """What a canyon card does when revealed (DC-CAN-1, DC-CAN-3..5)."""
    return EFFECT_OF_FACE.get(rank, "hazard")


def other(seat: str) -> SeatName:
    """The opposing seat."""
    return ORK if seat == MARINE else MARINE


# --- options ---------------------------------------------------------------------------------


class CanyonOptions(Model):
    """Table options: the canyon layout (A1, §8.1) and who resolves hazard hits first (A6)."""

    canyon_layout: tuple[int, ...] = DEFAULT_LAYOUT
    hazard_order: Literal["stormtalon_first", "dakkajet_first"] = "stormtalon_first"

    @field_validator("canyon_layout")
    @classmethod
    def _layout_fits(cls, layout: tuple[int, ...]) -> tuple[int, ...]:
        if not layout:
            raise ValueError("the canyon needs at least one step")
        if any(width not in (1, 2) for width in layout):
            raise ValueError("each canyon step holds 1 card or a fork of 2 cards")
        if sum(layout) > MAX_CANYON_CARDS:
            raise ValueError(f"the canyon may hold at most {MAX_CANYON_CARDS} cards (DC-SET-2)")
        return layout


# --- state -----------------------------------------------------------------------------------


class Roll(Model):
    """Dice rolled this turn, kept for the board image."""

    kind: Literal["shoot", "icarus", "wide_area", "xenos"]
    seat: SeatName | None = None
    dice: tuple[int, ...]
    hits: int | None = None


class CanyonState(State):
    """The whole table, secrets included. Only evolve writes it."""

    game: Literal["canyon"] = "canyon"
    options: CanyonOptions
    phase: Phase = "setup"
    turn: int = 0
    canyon_deck: list[int]
    canyon: list[list[int]] = []
    slots: list[list[SlotStatus]] = []
    removed: list[int] = []
    step: int = 0  # index of the step in front of the Stormtalon; len(canyon) once it is out
    previewed: int | None = None  # step the Marine has looked at (DC-NAV-1)
    route: int | None = None  # slot of the current step the Stormtalon flies (0 unless a fork)
    pursuit: int = START_PURSUIT
    hands: dict[str, list[int]]
    decks: dict[str, list[int]]
    discards: dict[str, list[int]]
    played: dict[str, int | None]
    damage_deck: list[int]
    damage_cards: dict[str, list[int]]
    damage: dict[str, int]
    pending: list[Batch] = []  # (seat, hits left, source); the first is resolved now
    rolls: list[Roll] = []
    winners: list[SeatName] = []
    reason: str | None = None


# --- actions ---------------------------------------------------------------------------------


class ChooseRoute(Action):
    """Marine at a fork: fly route 0 (A) or 1 (B); the other card is discarded (DC-NAV-2)."""

    kind: Literal["choose_route"] = "choose_route"
    route: int


class PlayCard(Action):
    """Play a Flight card from the hand face up (DC-MAN-1/2)."""

    kind: Literal["play_card"] = "play_card"
    card: int


class ResolveHit(Action):
    """Absorb one hit: discard a random hand card or draw a damage card (DC-HIT-1)."""

    kind: Literal["resolve_hit"] = "resolve_hit"
    choice: Literal["discard", "damage"]


class TakeAllHits(Action):
    """Take every remaining hit of the current batch as damage cards (A5 convenience)."""

    kind: Literal["take_all_hits"] = "take_all_hits"


CanyonAction = Annotated[ChooseRoute | PlayCard | ResolveHit | TakeAllHits, Field(discriminator="kind")]


# --- events ----------------------------------------------------------------------------------


class GameCreated(Event):
    """Decks split and shuffled (DC-SET-1/4/5). Nobody sees any deck order, nor the seed."""

    kind: Literal["game_created"] = "game_created"
    game: Literal["canyon"] = "canyon"
    seed: int | None  # None once redacted: the seed replays every shuffle and roll (§1 Hidden)
    options: CanyonOptions
    canyon_deck: tuple[int, ...] | None
    damage_deck: tuple[int, ...] | None
    marine_deck: tuple[int, ...] | None
    ork_deck: tuple[int, ...] | None

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self.model_copy(
            update={
                "seed": None,
                "canyon_deck": None,
                "damage_deck": None,
                "marine_deck": None,
                "ork_deck": None,
            }
        )


class CanyonDealt(Event):
    """The canyon dealt face down from the top of the canyon deck; the rest removed unseen (DC-SET-2)."""

    kind: Literal["canyon_dealt"] = "canyon_dealt"
    layout: tuple[int, ...]
    removed: int


class CardsDrawn(Event):
    """Flight cards drawn into a hand; only the owner learns which (DC-SET-5, DC-END-3)."""

    kind: Literal["cards_drawn"] = "cards_drawn"
    seat: SeatName
    count: int
    cards: tuple[int, ...] | None

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self if seat == self.seat else self.model_copy(update={"cards": None})


class TurnStarted(Event):
    """A new turn begins with Navigate."""

    kind: Literal["turn_started"] = "turn_started"
    turn: int
    step: int


class CanyonPreviewed(Event):
    """The Marine looks at the card(s) of the next step (DC-NAV-1); only the Marine sees them."""

    kind: Literal["canyon_previewed"] = "canyon_previewed"
    step: int
    count: int
    cards: tuple[int, ...] | None

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self if seat == MARINE else self.model_copy(update={"cards": None})


class RouteChosen(Event):
    """The Marine picked a route at a fork; the other card is revealed and discarded (DC-NAV-2)."""

    kind: Literal["route_chosen"] = "route_chosen"
    step: int
    route: int
    discarded: int


class CardPlayed(Event):
    """A Flight card played face up (DC-MAN-1/2)."""

    kind: Literal["card_played"] = "card_played"
    seat: SeatName
    card: int


class PursuitChanged(Event):
    """The pursuit die after Maneuver (DC-MAN-3..5) or a hit on the Dakkajet (DC-HIT-6)."""

    kind: Literal["pursuit_changed"] = "pursuit_changed"
    before: int
    after: int
    reason: Literal["ork_higher", "ork_lower", "equal", "dakkajet_hit"]


class CanyonRevealed(Event):
    """The canyon card in front of the Stormtalon revealed (DC-MAN-7)."""

    kind: Literal["canyon_revealed"] = "canyon_revealed"
    step: int
    route: int
    card: int
    effect: Effect


class HazardResolved(Event):
    """Each ship compared its own card with the hazard (DC-CAN-1)."""

    kind: Literal["hazard_resolved"] = "hazard_resolved"
    card: int
    marine_card: int
    ork_card: int
    marine_hits: int
    ork_hits: int


class FlightCardsRecovered(Event):
    """Jack (wide area): random discards shuffled back into the Flight deck (DC-CAN-3)."""

    kind: Literal["flight_cards_recovered"] = "flight_cards_recovered"
    seat: SeatName
    roll: int
    recovered: tuple[int, ...]
    deck: tuple[int, ...] | None  # the new deck order: nobody may see it
    deck_count: int

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self.model_copy(update={"deck": None})


class FlightCardsDiscarded(Event):
    """King (xenos flyers): top Flight deck cards discarded face up (DC-CAN-5)."""

    kind: Literal["flight_cards_discarded"] = "flight_cards_discarded"
    seat: SeatName
    roll: int
    discarded: tuple[int, ...]


class IcarusFired(Event):
    """Queen (Icarus battery): 4 dice at the Dakkajet, each 5+ a hit (DC-CAN-4)."""

    kind: Literal["icarus_fired"] = "icarus_fired"
    dice: tuple[int, ...]
    hits: int


class HitsReceived(Event):
    """A ship received hits; its owner resolves them one by one (DC-HIT-1)."""

    kind: Literal["hits_received"] = "hits_received"
    seat: SeatName
    hits: int
    source: HitSource


class HitAbsorbed(Event):
    """A hit absorbed by discarding a random hand card, which goes face up (DC-HIT-1a, A11)."""

    kind: Literal["hit_absorbed"] = "hit_absorbed"
    seat: SeatName
    card: int


class DamageDrawn(Event):
    """A hit taken as the top damage card (DC-HIT-1b, DC-HIT-2/4)."""

    kind: Literal["damage_drawn"] = "damage_drawn"
    seat: SeatName
    card: int
    multiplier: int  # for a numbered card: the 2^n it was multiplied by; for a face: the new pending one
    damage: int
    total: int


class ShipDestroyed(Event):
    """A ship reached 20 damage (DC-HIT-3); its remaining hits are ignored."""

    kind: Literal["ship_destroyed"] = "ship_destroyed"
    seat: SeatName
    total: int


class StormtalonAdvanced(Event):
    """The Stormtalon moved past the resolved card (DC-ADV-1/2)."""

    kind: Literal["stormtalon_advanced"] = "stormtalon_advanced"
    step: int
    out: bool


class ShotsFired(Event):
    """The Dakkajet shot 3 dice; each die >= the pursuit die is a hit (DC-SHO-1/2)."""

    kind: Literal["shots_fired"] = "shots_fired"
    dice: tuple[int, ...]
    pursuit: int
    hits: int


class TurnEnded(Event):
    """Played cards go to their owners' discard piles (DC-END-2)."""

    kind: Literal["turn_ended"] = "turn_ended"
    turn: int
    marine_card: int | None
    ork_card: int | None


class GameEnded(Event):
    """Somebody won (DC-WIN-1/2); `reason` is a catalog id."""

    kind: Literal["game_ended"] = "game_ended"
    winners: tuple[SeatName, ...]
    reason: str


CanyonEvent = Annotated[
    GameCreated
    | CanyonDealt
    | CardsDrawn
    | TurnStarted
    | CanyonPreviewed
    | RouteChosen
    | CardPlayed
    | PursuitChanged
    | CanyonRevealed
    | HazardResolved
    | FlightCardsRecovered
    | FlightCardsDiscarded
    | IcarusFired
    | HitsReceived
    | HitAbsorbed
    | DamageDrawn
    | ShipDestroyed
    | StormtalonAdvanced
    | ShotsFired
    | TurnEnded
    | GameEnded,
    Field(discriminator="kind"),
]


# --- views -----------------------------------------------------------------------------------


class SlotView(Model):
    """One canyon card as a seat sees it.

    `status`: "hidden" (face down, unknown to this seat), "previewed" (face down on the table but
    this seat looked at it: the Marine's Navigate), "revealed" (face up: flown and resolved),
    "discarded" (the route not taken at a fork, shown and crossed out).
    """

    status: Literal["hidden", "previewed", "revealed", "discarded"]
    value: int | None = None


class StepView(Model):
    """One step of the canyon: 1 card, or a fork of 2."""

    number: int  # 1-based, as printed on the board
    width: int
    slots: tuple[SlotView, ...]
    route: int | None = None  # slot the Stormtalon flew / will fly, once known to this seat


class ShipView(Model):
    """A ship's public facts, and the hand if the viewer owns it."""

    seat: SeatName
    damage: int
    damage_cards: tuple[int, ...]
    pending_multiplier: int  # 2^n for n face damage cards waiting (DC-HIT-4); 1 = none
    hand_count: int
    deck_count: int
    discard: tuple[int, ...]
    played: int | None
    destroyed: bool


class PendingHits(Model):
    """A batch of hits waiting for its ship's owner (the first batch is resolved now)."""

    seat: SeatName
    hits: int
    source: HitSource


class CanyonView(BaseModel):
    """What one seat (or a spectator, seat None) may know, plus what a renderer needs."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    game: Literal["canyon"] = "canyon"
    seat: SeatName | None
    turn: int
    phase: Phase
    active: tuple[SeatName, ...]
    steps: tuple[StepView, ...]
    stormtalon_step: int  # 0-based index of the step in front; len(steps) once out of the canyon
    removed_unseen: int
    pursuit: int
    dakkajet_distance_in: int  # DC-ADV-3: the Dakkajet flies pursuit-die inches behind
    marine: ShipView
    ork: ShipView
    hand: tuple[int, ...] | None  # the viewer's own hand
    preview: tuple[int, ...] | None  # canyon values the Marine sees now (Marine only)
    damage_deck_count: int
    pending_hits: tuple[PendingHits, ...]
    rolls: tuple[Roll, ...]
    winners: tuple[SeatName, ...]
    reason: str | None

    def ship(self, seat: str) -> ShipView:
        """The ShipView of a seat."""
        return self.marine if seat == MARINE else self.ork


ACTION_ADAPTER: TypeAdapter[CanyonAction] = TypeAdapter(CanyonAction)
EVENT_ADAPTER: TypeAdapter[CanyonEvent] = TypeAdapter(CanyonEvent)
VIEW_ADAPTER: TypeAdapter[CanyonView] = TypeAdapter(CanyonView)
