"""Standard 52-card deck helpers. Ace counts 1; J, Q, K are faces (11, 12, 13 as ranks)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
RANK_NAME = {1: "A", 11: "J", 12: "Q", 13: "K"}
JACK, QUEEN, KING = 11, 12, 13


class Card(BaseModel):
    """One playing card. `rank` is 1 (Ace) .. 13 (King)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    suit: Suit
    rank: int

    @property
    def is_face(self) -> bool:
        return self.rank >= JACK

    @property
    def value(self) -> int | None:
        """Numeric value (A=1 .. 10), or None for a face card."""
        return None if self.is_face else self.rank

    @property
    def label(self) -> str:
        return f"{RANK_NAME.get(self.rank, str(self.rank))}{SUIT_SYMBOL[self.suit]}"

    @property
    def code(self) -> str:
        """Compact id such as 'AS', '10H', 'QD'."""
        return f"{RANK_NAME.get(self.rank, str(self.rank))}{self.suit.value}"

    @classmethod
    def parse(cls, code: str) -> Card:
        """Parse a code such as 'AS', '10H', 'qd'."""
        code = code.strip().upper()
        if len(code) < 2 or code[-1] not in {s.value for s in Suit}:
            raise ValueError(f"not a card code: {code!r}")
        rank_txt, suit = code[:-1], Suit(code[-1])
        inverse = {v: k for k, v in RANK_NAME.items()}
        rank = inverse.get(rank_txt) or (int(rank_txt) if rank_txt.isdigit() else 0)
        if not 1 <= rank <= 13:
            raise ValueError(f"not a card code: {code!r}")
        return cls(suit=suit, rank=rank)

    def __str__(self) -> str:
        return self.label


def suit_cards(suit: Suit, ranks: range | list[int] = range(1, 14)) -> list[Card]:
    """The cards of one suit with the given ranks, in rank order."""
    return [Card(suit=suit, rank=r) for r in ranks]


def full_deck() -> list[Card]:
    """The 52 cards, no jokers, in a fixed order."""
    return [c for s in Suit for c in suit_cards(s)]
