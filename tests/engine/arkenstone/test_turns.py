"""The turn loop: shuffle, reference, guess, reveal, wrong guess, events, trick, action (AK-TRN-*, AK-GEN-*)."""

from __future__ import annotations

import pytest

from engine.arkenstone import RULES, Guess, MoveDirection, Pass, Trick
from engine.core import Rejected, step
from tests.engine.helpers import ScriptedDice, kinds, of_kind

from .helpers import CLUB_AT, play, table


def test_every_turn_starts_with_both_decks_shuffled() -> None:
    """AK-TRN-1 (A1): all 13 cards, turned ones included, go back before the next turn."""
    state = table(active="bilbo", reference=5, drawn={"bilbo": [9, 5], "smaug": [2]})
    after, events = play(state, "bilbo", Guess(higher=True), ScriptedDice(picks=[3, 7, 9], seed=7))
    assert kinds(events) == [
        "guessed",
        "cards_turned",
        "turn_ended",
        "turn_started",
        "decks_shuffled",
        "reference_turned",
    ]
    assert of_kind(events, "decks_shuffled")[0].reason == "turn"
    assert after.drawn == {"bilbo": [], "smaug": [9]}  # Smaug's 9 comes from a full, fresh deck
    assert after.reference == 9 and after.active == "smaug" and after.turn == 4


@pytest.mark.parametrize("rank", [1, 11, 12, 13])
def test_the_reference_card_never_triggers_an_event(rank: int) -> None:
    """AK-TRN-2 (A3)."""
    state = table(active="bilbo", reference=5)
    after, events = play(state, "bilbo", Guess(higher=False), ScriptedDice(picks=[9, 4, rank], seed=7))
    assert of_kind(events, "reference_turned")[0].rank == rank
    assert not of_kind(events, "special_event")
    assert after.active == "smaug" and after.phase == "guess" and after.special is None


def test_bilbo_has_a_free_action_after_his_reference_and_smaug_has_none() -> None:
    """AK-TRN-3 (A14): once per turn, right after the reference card."""
    state = table(active="smaug", reference=5)
    # wrong: Bilbo's turn
    after, _ = play(state, "smaug", Guess(higher=False), ScriptedDice(picks=[9, 4, 6], seed=7))
    assert after.active == "bilbo" and after.phase == "free_action"
    assert RULES.view(after, "bilbo").reference == 6
    after, events = play(after, "bilbo", MoveDirection(direction="N", distance_in=4))
    assert kinds(events) == ["figure_moved", "guess_due"] and after.phase == "guess"
    with pytest.raises(Rejected) as again:
        RULES.decide(after, "bilbo", MoveDirection(direction="N", distance_in=1), ScriptedDice(seed=7))
    assert again.value.message_id == "arkenstone.now.guess"
    # Smaug's turn opens straight on the guess.
    after, _ = play(after, "bilbo", Guess(higher=True), ScriptedDice(picks=[2, 8, 7], seed=7))
    assert after.active == "smaug" and after.phase == "guess"


def test_bilbo_may_decline_his_free_action_by_guessing_at_once() -> None:
    """AK-TRN-3, AK-TRN-4 (A13, A14): the free action is optional; a guess in its window declines it."""
    free = table(active="bilbo", phase="free_action", reference=5)
    legal = RULES.legal_actions(free, "bilbo")
    assert Pass() in legal and {Guess(higher=True), Guess(higher=False)} <= set(legal)
    assert any(isinstance(a, MoveDirection) for a in legal)  # the free actions are still on offer
    after, events = play(free, "bilbo", Guess(higher=True), ScriptedDice(picks=[9, 4], seed=7))
    assert kinds(events) == ["guessed", "cards_turned", "action_earned"]  # no pass, no second chance
    assert after.phase == "action" and after.reference == 9  # the earned action (AK-TRN-9), not the free one
    after, events = play(after, "bilbo", MoveDirection(direction="N", distance_in=4))
    assert after.phase == "guess" and Pass() not in RULES.legal_actions(after, "bilbo")
    wrong, events = play(free, "bilbo", Guess(higher=False), ScriptedDice(picks=[9, 4, 6], seed=7))
    assert of_kind(events, "turn_ended")[0].reason == "wrong_guess" and wrong.active == "smaug"
    with pytest.raises(Rejected) as refused:  # anything else in the window says what may be done
        RULES.decide(free, "bilbo", Trick(move=True), ScriptedDice(seed=7))
    assert refused.value.message_id == "arkenstone.now.free_action"
    assert refused.value.text == "Take your free action, pass, or guess higher or lower first."


def test_a_guess_comes_before_any_further_card_or_action() -> None:
    """AK-TRN-4: guessing is mandatory; the only choices are higher and lower."""
    state = table(active="smaug", reference=5)
    assert set(RULES.legal_actions(state, "smaug")) == {Guess(higher=True), Guess(higher=False)}
    for action in (Pass(), MoveDirection(direction="E", distance_in=2), Trick(move=True)):
        with pytest.raises(Rejected) as refused:
            RULES.decide(state, "smaug", action, ScriptedDice(seed=7))
        assert refused.value.message_id == "arkenstone.now.guess"
    assert RULES.legal_actions(state, "bilbo") == []


def test_both_players_turn_their_next_card() -> None:
    """AK-TRN-5: one card from each deck, never one already turned since the shuffle."""
    state = table(active="bilbo", reference=5, drawn={"bilbo": [5, 8], "smaug": [3]}, revealed=(8, 3))
    state = state.model_copy(update={"reference": 8})
    after, events = play(state, "bilbo", Guess(higher=False), ScriptedDice(picks=[6, 9], seed=7))
    turned = of_kind(events, "cards_turned")[0]
    assert (turned.rank, turned.other_rank, turned.correct) == (6, 9, True)
    assert after.drawn == {"bilbo": [5, 8, 6], "smaug": [3, 9]}
    with pytest.raises(AssertionError):  # the rigged dice may only pick cards still in the deck
        RULES.decide(state, "bilbo", Guess(higher=False), ScriptedDice(picks=[5], seed=7))


def test_a_wrong_guess_ends_the_turn_without_action() -> None:
    """AK-TRN-6."""
    state = table(active="smaug", reference=5)
    after, events = play(state, "smaug", Guess(higher=True), ScriptedDice(picks=[2, 8, 4], seed=7))
    assert of_kind(events, "turn_ended")[0].reason == "wrong_guess"
    assert not of_kind(events, "action_earned") and after.active == "bilbo"


def test_wrong_guess_with_a_face_card_has_no_event() -> None:
    """T3 (A4, AK-TRN-6): reference 8♥, guess lower, flip Q♥ → the turn ends, no event."""
    state = table(active="bilbo", reference=8)
    after, events = play(state, "bilbo", Guess(higher=False), ScriptedDice(picks=[12, 3, 4], seed=7))
    assert not of_kind(events, "special_event") and not of_kind(events, "treasure_turned")
    assert after.active == "smaug"


def test_wrong_guess_with_a_face_card_resolves_the_event_when_configured() -> None:
    """AK-TRN-7 with the A4 switch `event_requires_correct_guess=false`."""
    state = table(active="bilbo", reference=8, options={"event_requires_correct_guess": False})
    after, events = play(state, "bilbo", Guess(higher=False), ScriptedDice(picks=[12, 3], seed=7))
    assert of_kind(events, "special_event")[0].rank == 12
    assert after.phase == "turn_up" and after.turn_ups_left == 2


@pytest.mark.parametrize("rank", [11, 12, 13])
def test_a_correct_face_card_resolves_its_event_and_ends_the_turn(rank: int) -> None:
    """AK-TRN-7: J/Q/K events end the turn (here Smaug's, Bilbo far out of range)."""
    state = table(active="smaug", reference=5, bilbo=(3.0, 20.0))
    after, events = play(state, "smaug", Guess(higher=True), ScriptedDice(picks=[rank, 2, 6], seed=7))
    assert of_kind(events, "special_event")[0].rank == rank
    assert of_kind(events, "turn_ended")[0].reason == "event"
    assert after.active == "bilbo"


def test_trick_lets_the_other_player_send_the_active_figure_to_the_club() -> None:
    """T2, AK-TRN-8: Smaug 4♠ → 7♠ (higher), Bilbo turns 7♥: Bilbo's player may set Smaug on 7♣."""
    state = table(active="smaug", reference=4)
    tricked, events = play(state, "smaug", Guess(higher=True), ScriptedDice(picks=[7, 7], seed=7))
    assert of_kind(events, "trick_offered")[0].rank == 7
    assert RULES.active_seats(tricked) == {"bilbo"}  # the non-active player answers
    assert set(RULES.legal_actions(tricked, "bilbo")) == {Trick(move=True), Trick(move=False)}
    with pytest.raises(Rejected):  # Smaug is not the one to answer: the driver refuses him
        step(RULES, tricked, "smaug", Pass())
    moved, events = play(tricked, "bilbo", Trick(move=True))
    assert moved.smaug == CLUB_AT[7]
    assert of_kind(events, "figure_set")[0].cause == "trick"
    assert moved.phase == "action" and RULES.active_seats(moved) == {"smaug"}
    assert moved.reference == 7  # A2: the card just revealed is the next reference
    kept, _ = play(tricked, "bilbo", Trick(move=False))
    assert kept.smaug == state.smaug and kept.phase == "action"


def test_the_trick_needs_a_correct_number_card() -> None:
    """AK-TRN-8 (A5): same values after a wrong guess are no trick."""
    state = table(active="smaug", reference=4)
    after, events = play(state, "smaug", Guess(higher=False), ScriptedDice(picks=[7, 7], seed=7))
    assert not of_kind(events, "trick_offered") and after.active == "bilbo"


def test_a_correct_number_card_earns_one_action() -> None:
    """AK-TRN-9."""
    state = table(active="smaug", reference=4)
    after, events = play(state, "smaug", Guess(higher=True), ScriptedDice(picks=[9, 2], seed=7))
    assert of_kind(events, "action_earned")[0].then == "guess"
    assert after.phase == "action" and RULES.active_seats(after) == {"smaug"}


def test_after_the_action_the_turned_card_is_the_reference_and_play_goes_on() -> None:
    """AK-TRN-10 (A2): 5 → 9 (correct) → action → lower than 9."""
    state = table(active="smaug", reference=5)
    after, _ = play(state, "smaug", Guess(higher=True), ScriptedDice(picks=[9, 2], seed=7))
    after, events = play(after, "smaug", Pass())
    assert kinds(events) == ["passed", "guess_due"]
    assert after.reference == 9 and after.phase == "guess"
    after, events = play(after, "smaug", Guess(higher=False), ScriptedDice(picks=[3, 4], seed=7))
    assert of_kind(events, "cards_turned")[0].correct and after.phase == "action"


def test_decks_never_run_out_within_a_chain() -> None:
    """AK-TRN-11: after the nine number cards, the next card must be an A, J, Q or K."""
    numbers = list(range(2, 11))
    for seed in range(40):
        state = table(active="bilbo", reference=10, drawn={"bilbo": numbers, "smaug": numbers[:-1]})
        events = RULES.decide(state, "bilbo", Guess(higher=True), ScriptedDice(seed=seed))
        turned = of_kind(events, "cards_turned")[0]
        assert turned.rank in (1, 11, 12, 13)
        assert turned.other_rank not in numbers[:-1]


def test_aces_are_one_and_faces_eleven_to_thirteen() -> None:
    """AK-GEN-1: an Ace is lower than a 2; a King higher than a Queen."""
    low = table(active="smaug", reference=2, bilbo=(3.0, 20.0))
    _, events = play(low, "smaug", Guess(higher=False), ScriptedDice(picks=[1, 5], seed=7))
    assert of_kind(events, "cards_turned")[0].correct
    high = table(active="smaug", reference=12, bilbo=(3.0, 20.0))
    _, events = play(high, "smaug", Guess(higher=True), ScriptedDice(picks=[13, 5, 4], seed=7))
    assert of_kind(events, "cards_turned")[0].correct


def test_a_guess_never_ties() -> None:
    """AK-GEN-2: within a suit all values differ, so the next card is never the reference's value."""
    for seed in range(60):
        state = table(active="smaug", reference=7, bilbo=(3.0, 20.0))
        events = RULES.decide(state, "smaug", Guess(higher=True), ScriptedDice(seed=seed))
        assert of_kind(events, "cards_turned")[0].rank != 7
