"""What happened at the canyon table (past tense); each event says what each seat may see of it."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.core import Event, RuledEvent, Seat

from .options import CanyonOptions
from .state import MARINE, Effect, HitSource, SeatName


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


class PursuitChanged(RuledEvent, Event):
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


class HazardResolved(RuledEvent, Event):
    """Each ship compared its own card with the hazard (DC-CAN-1)."""

    kind: Literal["hazard_resolved"] = "hazard_resolved"
    card: int
    marine_card: int
    ork_card: int
    marine_hits: int
    ork_hits: int


class FlightCardsRecovered(RuledEvent, Event):
    """Jack (wide area): random discards shuffled back into the Flight deck (DC-CAN-3)."""

    kind: Literal["flight_cards_recovered"] = "flight_cards_recovered"
    seat: SeatName
    roll: int
    recovered: tuple[int, ...]
    deck: tuple[int, ...] | None  # the new deck order: nobody may see it
    deck_count: int

    def redacted_for(self, seat: Seat | None) -> Event | None:
        return self.model_copy(update={"deck": None})


class FlightCardsDiscarded(RuledEvent, Event):
    """King (xenos flyers): top Flight deck cards discarded face up (DC-CAN-5)."""

    kind: Literal["flight_cards_discarded"] = "flight_cards_discarded"
    seat: SeatName
    roll: int
    discarded: tuple[int, ...]


class IcarusFired(RuledEvent, Event):
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


class HitAbsorbed(RuledEvent, Event):
    """A hit absorbed by discarding a random hand card, which goes face up (DC-HIT-1a, A11)."""

    kind: Literal["hit_absorbed"] = "hit_absorbed"
    seat: SeatName
    card: int


class DamageDrawn(RuledEvent, Event):
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


class ShotsFired(RuledEvent, Event):
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

EVENT_ADAPTER: TypeAdapter[CanyonEvent] = TypeAdapter(CanyonEvent)
