"""Special events of both sides (AK-EVB-*, AK-EVS-*), with the spec's T4, T7 and T8."""

from __future__ import annotations

import pytest

from engine.arkenstone import RULES, Discover, Guess, MoveDirection, MoveTo, Pass, TurnUp
from engine.core import Rejected
from tests.engine.helpers import ScriptedDice, kinds, of_kind

from .helpers import CLUB_AT, play, table


def test_bilbo_ace_master_thief_gives_an_action_then_a_fresh_reference() -> None:
    """AK-EVB-A, T8 (A14): ref 6♥, lower, A♥ → action, both reshuffle, new reference, no free action."""
    state = table(active="bilbo", reference=6, drawn={"bilbo": [6], "smaug": []})
    after, events = play(state, "bilbo", Guess(higher=False), ScriptedDice(picks=[1, 9], seed=7))
    assert of_kind(events, "special_event")[0].rank == 1
    assert after.phase == "action" and after.after_action == "reshuffle"
    after, events = play(
        after, "bilbo", MoveDirection(direction="N", distance_in=3), ScriptedDice(picks=[6], seed=7)
    )
    assert kinds(events) == ["figure_moved", "decks_shuffled", "reference_turned"]
    ref = of_kind(events, "reference_turned")[0]
    assert ref.rank == 6 and not ref.free_action  # the 6 is back in the reshuffled deck
    assert after.drawn == {"bilbo": [6], "smaug": []}
    assert after.phase == "guess"  # no second free action
    with pytest.raises(Rejected):
        RULES.decide(after, "bilbo", Pass(), ScriptedDice(seed=7))
    after, events = play(after, "bilbo", Guess(higher=True), ScriptedDice(picks=[8, 2], seed=7))
    assert of_kind(events, "cards_turned")[0].correct and after.phase == "action"


@pytest.mark.parametrize(("rank", "count"), [(11, 1), (12, 2), (13, 3)])
def test_bilbo_jack_queen_king_turn_up_cards_of_his_choice(rank: int, count: int) -> None:
    """AK-EVB-J, AK-EVB-Q, AK-EVB-K, AK-EVB-1, T7: any face-down cards, no range; they stay face up."""
    state = table(active="bilbo", reference=5)
    after, events = play(state, "bilbo", Guess(higher=True), ScriptedDice(picks=[rank, 3], seed=7))
    assert after.phase == "turn_up" and after.turn_ups_left == count
    assert RULES.active_seats(after) == {"bilbo"}
    chosen = [13, 1, 7][:count]  # T13 is the A♦ in the default table, far across the table
    for i, label in enumerate(chosen):
        after, events = play(after, "bilbo", TurnUp(card=f"T{label}"), ScriptedDice(picks=[4], seed=7))
        turned = {t.label: t for t in after.treasures}[label]
        assert turned.face_up and not turned.removed
        assert RULES.view(after, "smaug").treasures[label - 1].rank == turned.rank
        if i < count - 1:
            assert after.phase == "turn_up"
            with pytest.raises(Rejected) as twice:
                RULES.decide(after, "bilbo", TurnUp(card=f"T{label}"), ScriptedDice(seed=7))
            assert twice.value.message_id == "arkenstone.not_face_down"
    assert of_kind(events, "turn_ended")[0].reason == "event"
    assert after.active == "smaug"
    assert RULES.outcome(after) is None  # turning up the Arkenstone does not win (AK-EVB-1)
    assert sum(t.face_up for t in after.treasures) == count


def test_bilbo_turn_ups_take_all_when_fewer_remain() -> None:
    """AK-EVB-1: a King with only two face-down cards left turns both, no choice needed."""
    state = table(active="bilbo", reference=5, removed=range(1, 12))
    after, events = play(state, "bilbo", Guess(higher=True), ScriptedDice(picks=[13, 3], seed=7))
    assert [e.label for e in of_kind(events, "treasure_turned")] == [12, 13]
    assert after.active == "smaug"
    # A Queen with exactly two left: nothing to choose, both turn at once.
    two = table(active="bilbo", reference=5, removed=range(1, 12))
    after, events = play(two, "bilbo", Guess(higher=True), ScriptedDice(picks=[12, 3], seed=7))
    assert [e.label for e in of_kind(events, "treasure_turned")] == [12, 13]
    assert not of_kind(events, "turn_ups_owed") and after.active == "smaug"
    # A Queen with three face-down cards left: Bilbo chooses two, one stays face down.
    three = table(active="bilbo", reference=5, removed=range(1, 11))
    after, _ = play(three, "bilbo", Guess(higher=True), ScriptedDice(picks=[12, 3], seed=7))
    assert after.phase == "turn_up" and after.turn_ups_left == 2
    assert {a.card for a in RULES.legal_actions(after, "bilbo")} == {"T11", "T12", "T13"}
    after, _ = play(after, "bilbo", TurnUp(card="T12"))
    after, _ = play(after, "bilbo", TurnUp(card="T11"))
    assert [t.label for t in after.treasures if not t.face_up] == [13] and after.active == "smaug"


def test_smaug_ace_gives_an_action_and_a_failed_discover_ends_the_turn() -> None:
    """AK-EVS-A (A15): the action may be a Discover; if it fails the turn ends (AK-DSC-3)."""
    state = table(active="smaug", reference=6, bilbo=(20.0, 20.0), smaug=(22.5, 20.0))
    after, events = play(state, "smaug", Guess(higher=False), ScriptedDice(picks=[1, 9], seed=7))
    assert of_kind(events, "special_event")[0].rank == 1 and after.after_action == "reshuffle"
    after, events = play(after, "smaug", Discover(), ScriptedDice(picks=[4, 4, 8], seed=7))
    assert of_kind(events, "contest_resolved")[0].smaug_won is False
    assert of_kind(events, "turn_ended")[0].reason == "failed_discover"
    assert after.active == "bilbo" and after.bilbo == CLUB_AT[4]
    # A move instead: both reshuffle and Smaug guesses again from a new reference.
    moved, _ = play(state, "smaug", Guess(higher=False), ScriptedDice(picks=[1, 9], seed=7))
    moved, events = play(moved, "smaug", MoveTo(x=25.0, y=20.0), ScriptedDice(picks=[10], seed=7))
    assert kinds(events)[-2:] == ["decks_shuffled", "reference_turned"]
    assert moved.reference == 10 and moved.phase == "guess" and moved.active == "smaug"


@pytest.mark.parametrize(("rank", "reach"), [(11, 3.0), (12, 6.0), (13, 9.0)])
def test_smaug_senses_move_him_onto_the_club_and_discover_in_range(rank: int, reach: float) -> None:
    """AK-EVS-J, AK-EVS-Q, AK-EVS-K, AK-EVS-1: mandatory move onto the club; automatic Discover."""
    club = CLUB_AT[rank]
    inside = (club.x - 1.0 - 0.5 - reach, club.y)  # gap exactly `reach`
    state = table(active="smaug", reference=5, bilbo=inside, smaug=(3.0, 3.0))
    after, events = play(state, "smaug", Guess(higher=True), ScriptedDice(picks=[rank, 2, 9, 3], seed=7))
    assert after.smaug == club
    assert of_kind(events, "figure_set")[0].cause == "event"
    assert of_kind(events, "contest_resolved")[0].trigger == "event"
    assert RULES.outcome(after).winners == ("smaug",)
    assert events[-1].kind == "game_won" and RULES.active_seats(after) == frozenset()  # AK-GEN-4
    outside = (club.x - 1.0 - 0.5 - reach - 0.01, club.y)
    state = table(active="smaug", reference=5, bilbo=outside, smaug=(3.0, 3.0))
    after, events = play(state, "smaug", Guess(higher=True), ScriptedDice(picks=[rank, 2, 9, 3], seed=7))
    assert after.smaug == club and not of_kind(events, "contest_resolved")
    assert of_kind(events, "turn_ended")[0].reason == "event" and after.active == "bilbo"


def test_smaug_king_example() -> None:
    """T4: ref 10♠, higher, K♠ → Smaug onto K♣; Bilbo 8.5 in away → Discover 6♠ vs 6♥ → tie, Bilbo
    onto 6♣ and the turn ends; at 9.5 in there is no Discover."""
    king = CLUB_AT[13]
    state = table(active="smaug", reference=10, bilbo=(king.x - 10.0, king.y), smaug=(3.0, 3.0))
    after, events = play(state, "smaug", Guess(higher=True), ScriptedDice(picks=[13, 4, 6, 6], seed=7))
    contest = of_kind(events, "contest_resolved")[0]
    assert (contest.smaug_rank, contest.bilbo_rank, contest.smaug_won) == (6, 6, False)
    assert after.bilbo == CLUB_AT[6] and after.smaug == king
    assert of_kind(events, "decks_shuffled")[0].reason == "contest"
    assert after.active == "bilbo" and RULES.outcome(after) is None
    far = table(active="smaug", reference=10, bilbo=(king.x - 11.0, king.y), smaug=(3.0, 3.0))
    after, events = play(far, "smaug", Guess(higher=True), ScriptedDice(picks=[13, 4], seed=7))
    assert not of_kind(events, "contest_resolved") and after.active == "bilbo"
