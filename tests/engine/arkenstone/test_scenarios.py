"""The spec's acceptance scenarios read as scripts (T1, T6; T2–T5, T7–T9 live beside their rules)."""

from __future__ import annotations

from engine.arkenstone import RULES, Guess, MoveTo, MoveToward, Pass, Recover, Search
from engine.arkenstone.board import bilbo_card_gap, in_reach
from engine.core import Rejected
from tests.engine.helpers import ScriptedDice, kinds, of_kind

from .helpers import play, table


def test_t1_the_texts_example() -> None:
    """T1 (AK-TRN-3, AK-ACT-B1, AK-ACT-B2, AK-TRN-9, AK-TRN-6, AK-TRN-1, AK-TRN-4)."""
    treasures = {1: (10.0, 10.0, 3), 2: (40.0, 3.0, 1)}
    state = table(active="bilbo", phase="free_action", reference=5, bilbo=(10.0, 17.25), treasures=treasures)
    # Free action: 4 inches toward T1, ending within 1 inch of it.
    state, _ = play(state, "bilbo", MoveToward(target="T1"))
    assert abs(state.bilbo.y - 13.25) < 1e-9 and in_reach(bilbo_card_gap(state, state.treasures[0].at), 1.0)
    # Higher: Bilbo 9♥, Smaug any spade but 9 → correct, no event, no trick, an action.
    state, events = play(state, "bilbo", Guess(higher=True), ScriptedDice(picks=[9, 4], seed=7))
    assert kinds(events) == ["guessed", "cards_turned", "action_earned"]
    # He searches T1: the 3♦, removed from the board.
    state, events = play(state, "bilbo", Search(card="T1"))
    assert of_kind(events, "treasure_searched")[0].rank == 3 and state.treasures[0].removed
    # Lower than 9, flips 10♥: the turn ends.
    state, events = play(state, "bilbo", Guess(higher=False), ScriptedDice(picks=[10, 2, 8], seed=7))
    assert of_kind(events, "turn_ended")[0].reason == "wrong_guess"
    # Smaug's turn: decks reshuffled, reference turned, he must guess before any action.
    assert of_kind(events, "decks_shuffled")[0].reason == "turn"
    assert state.active == "smaug" and state.reference == 8 and state.drawn["smaug"] == [8]
    assert state.phase == "guess"
    try:
        RULES.decide(state, "smaug", Pass(), ScriptedDice(seed=7))
    except Rejected as refused:
        assert refused.message_id == "arkenstone.now.guess"
    else:  # pragma: no cover - the assertion above is the point
        raise AssertionError("Smaug acted before guessing")


def test_t6_search_finds_the_ace_and_a_later_recover_wins() -> None:
    """T6 (AK-ACT-B2, AK-ACT-B3, AK-WIN-1, A8)."""
    treasures = {1: (10.0, 10.0, 1), 2: (40.0, 3.0, 9)}
    state = table(active="bilbo", phase="action", reference=5, bilbo=(10.0, 13.0), treasures=treasures)
    state, events = play(state, "bilbo", Search(card="T1"))
    assert RULES.outcome(state) is None and state.treasures[0].face_up and not state.treasures[0].removed
    assert RULES.view(state, None).treasures[0].rank == 1
    state, _ = play(state, "bilbo", Guess(higher=True), ScriptedDice(picks=[7, 2], seed=7))
    state, _ = play(state, "bilbo", MoveTo(x=13.0, y=13.0))  # step away…
    state, _ = play(state, "bilbo", Guess(higher=True), ScriptedDice(picks=[8, 3], seed=7))
    assert Recover() not in RULES.legal_actions(state, "bilbo")
    state, _ = play(state, "bilbo", MoveToward(target="T1"))  # …and back
    state, _ = play(state, "bilbo", Guess(higher=True), ScriptedDice(picks=[9, 4], seed=7))
    state, events = play(state, "bilbo", Recover())
    assert RULES.outcome(state).winners == ("bilbo",)
