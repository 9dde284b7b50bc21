"""Discover the Thief and the end of the game (AK-DSC-*, AK-WIN-2, AK-GEN-4, T5)."""

from __future__ import annotations

import pytest

from engine.arkenstone import RULES, Discover, Guess, Pass
from engine.core import Rejected, step
from tests.engine.helpers import ScriptedDice, kinds, of_kind

from .helpers import CLUB_AT, play, table


def contact(**kw):
    return table(active="smaug", phase="action", bilbo=(20.0, 20.0), smaug=(22.0, 20.0), **kw)


def test_both_reshuffle_and_turn_their_top_card() -> None:
    """AK-DSC-1: the contest draws from full decks, whatever was turned this turn."""
    state = contact(drawn={"smaug": [5, 9], "bilbo": [2]})
    after, events = play(state, "smaug", Discover(), ScriptedDice(picks=[9, 2, 7], seed=7))
    assert kinds(events)[:2] == ["decks_shuffled", "contest_resolved"]
    contest = of_kind(events, "contest_resolved")[0]
    assert (contest.smaug_rank, contest.bilbo_rank) == (9, 2)


def test_discover_win() -> None:
    """T5, AK-DSC-2, AK-WIN-2: Smaug 9♠ vs Bilbo 3♥ → Smaug wins."""
    after, events = play(contact(), "smaug", Discover(), ScriptedDice(picks=[9, 3], seed=7))
    assert kinds(events)[-1] == "game_won"
    outcome = RULES.outcome(after)
    assert outcome.winners == ("smaug",) and outcome.reason == "arkenstone.outcome.discovered"
    assert after.last_contest.smaug_won


@pytest.mark.parametrize(("smaug", "bilbo"), [(3, 9), (6, 6), (1, 13), (12, 12)])
def test_lower_or_equal_sends_bilbo_to_his_club_and_ends_smaugs_turn(smaug: int, bilbo: int) -> None:
    """AK-DSC-3 (A7 ties favour Bilbo, A12 placement at any distance)."""
    after, events = play(contact(), "smaug", Discover(), ScriptedDice(picks=[smaug, bilbo, 8], seed=7))
    assert after.bilbo == CLUB_AT[bilbo]
    placed = of_kind(events, "figure_set")[0]
    assert placed.cause == "contest" and placed.rank == bilbo
    assert of_kind(events, "turn_ended")[0].reason == "failed_discover"
    assert after.active == "bilbo" and RULES.outcome(after) is None


def test_bilbo_may_be_set_onto_a_club_under_smaug() -> None:
    """AK-DSC-3 / A12: a forced placement may overlap Smaug; then every range includes Bilbo."""
    club = CLUB_AT[4]
    state = table(active="smaug", phase="action", bilbo=(club.x + 2.0, club.y), smaug=(club.x, club.y))
    after, _ = play(state, "smaug", Discover(), ScriptedDice(picks=[2, 4, 5], seed=7))
    assert after.bilbo == after.smaug == CLUB_AT[4]


def test_the_game_ends_the_instant_a_win_is_met() -> None:
    """AK-GEN-4: nothing follows the winning event; nobody may act any more."""
    after, events = play(contact(), "smaug", Discover(), ScriptedDice(picks=[13, 1], seed=7))
    assert events[-1].kind == "game_won" and not of_kind(events, "turn_ended")
    assert RULES.active_seats(after) == frozenset()
    assert RULES.legal_actions(after, "bilbo") == [] and RULES.legal_actions(after, "smaug") == []
    for seat, action in (("bilbo", Guess(higher=True)), ("smaug", Pass())):
        with pytest.raises(Rejected) as over:  # the driver refuses a finished game before `decide`
            step(RULES, after, seat, action)
        assert over.value.message_id == "core.game_over"
