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


def test_attempt_is_step_without_applying() -> None:
    """core.attempt runs the driver's checks and the decision (what the secrets scan compares) and
    gives the events `step` applies; a finished game and a seat out of turn are refused first."""
    from engine.core import Rejected, attempt, new_game, step
    from engine.registry import GAMES

    rules = GAMES["canyon"]
    state, _ = new_game(rules, None, 5)
    before = state.model_dump()
    seat = sorted(rules.active_seats(state))[0]
    action = rules.legal_actions(state, seat)[0]
    assert attempt(rules, state, seat, action) == step(rules, state, seat, action)[1]
    assert state.model_dump() == before
    idle = next(s for s in rules.seats if s not in rules.active_seats(state))
    for who, finished, refusal in ((idle, state, "core.not_your_turn"), (seat, None, "core.game_over")):
        if finished is None:
            finished = state.model_copy(update={"phase": "over", "reason": "x"})
        try:
            attempt(rules, finished, who, action)
        except Rejected as exc:
            assert exc.message_id == refusal
        else:
            raise AssertionError(f"{refusal} expected")
