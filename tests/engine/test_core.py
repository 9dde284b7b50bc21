"""Core helpers: dice determinism, cards."""

from __future__ import annotations

import random

from engine.core import Dice
from engine.core.cards import Card, Suit, full_deck


def test_dice_same_seed_and_version_same_outcomes() -> None:
    a, b = Dice(42, 7), Dice(42, 7)
    assert a.d6(20) == b.d6(20)
    assert a.shuffled(range(30)) == b.shuffled(range(30))


def test_dice_ignore_global_random() -> None:
    random.seed(1)
    first = Dice(5, 1).d6(10)
    random.seed(999)
    random.random()
    assert Dice(5, 1).d6(10) == first


def test_dice_versions_differ() -> None:
    assert Dice(1, 1).d6(30) != Dice(1, 2).d6(30)


def test_d6_in_range() -> None:
    assert set(Dice(3).d6(600)) == {1, 2, 3, 4, 5, 6}


def test_deck_has_52_unique_cards_and_codes_round_trip() -> None:
    deck = full_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    for card in deck:
        assert Card.parse(card.code) == card
    assert Card.parse("10h") == Card(suit=Suit.HEARTS, rank=10)
    assert Card(suit=Suit.SPADES, rank=1).value == 1
    assert Card(suit=Suit.SPADES, rank=12).value is None
