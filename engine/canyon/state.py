"""The Canyon of Death table (secrets included), its seats, cards and numbers from the rulebook.

Cards are stored as ranks (1 = Ace .. 13 = King) because every pile holds a single suit
(DC-SET-1): the canyon is spades, the Damage deck hearts, the Stormtalon's Flight deck diamonds and
the Dakkajet's clubs. Piles are lists whose index 0 is the top card.
"""

from __future__ import annotations

from typing import Any, Literal

from engine.core import Model, State
from engine.core.cards import JACK, KING, QUEEN, Suit

from .options import CanyonOptions

SeatName = Literal["marine", "ork"]
MARINE: Literal["marine"] = "marine"
ORK: Literal["ork"] = "ork"
SEATS: tuple[SeatName, SeatName] = (MARINE, ORK)

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
    # The previous turn's dice and played cards: the board keeps them in sight until this turn's
    # replace them (issue 15 item 7). Public facts (§1: played cards and rolls are face up).
    last_rolls: list[Roll] = []
    last_played: dict[str, int | None] = {MARINE: None, ORK: None}
    winners: list[SeatName] = []
    reason: str | None = None

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> CanyonState:
        """A deep copy that shares the frozen pieces (options, rolls, ints, strings) and copies every
        container: a true deep copy, several times faster than pydantic's generic one (core.step and
        the tape copy the state on every move)."""
        new = self.model_copy()
        d = new.__dict__
        for name in ("canyon_deck", "removed", "damage_deck", "pending", "rolls", "last_rolls", "winners"):
            d[name] = list(d[name])
        d["canyon"] = [list(row) for row in self.canyon]
        d["slots"] = [list(row) for row in self.slots]
        for name in ("hands", "decks", "discards", "damage_cards"):
            d[name] = {seat: list(cards) for seat, cards in d[name].items()}
        for name in ("played", "last_played", "damage"):
            d[name] = dict(d[name])
        return new
