"""AI pilots: legal choices from their own view, and clearly better than a random opponent."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from engine.canyon import RULES
from engine.canyon.view import CanyonView
from engine.core import Action, Dice, apply, dice_for, new_game


class RandomPilot:
    """Uniformly random among the legal actions."""

    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        return legal[dice.index(len(legal))]


class Recording:
    """Wraps a pilot and checks it is handed only its own view and picks a legal action."""

    def __init__(self, seat: str) -> None:
        self.seat, self.inner, self.calls = seat, RULES.pilot(seat), 0

    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        assert isinstance(view, CanyonView) and view.seat == self.seat
        action = self.inner.choose(view, legal, dice)
        assert action in legal
        self.calls += 1
        return action


def winner(seed: int, pilots: dict[str, object]) -> str:
    state, _ = new_game(RULES, None, seed)
    while RULES.outcome(state) is None:
        seat = next(iter(RULES.active_seats(state)))
        legal = RULES.legal_actions(state, seat)
        pilot = pilots[seat]
        action = pilot.choose(RULES.view(state, seat), legal, dice_for(state).fork(f"pilot:{seat}"))  # type: ignore[attr-defined]
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
    return state.winners[0]


def test_marine_pilot_beats_random() -> None:
    """DC-WIN-1: the Marine AI wins clearly more than 60% of 200 seeded games against random."""
    pilot = Recording("marine")
    wins = sum(winner(seed, {"marine": pilot, "ork": RandomPilot()}) == "marine" for seed in range(200))
    assert wins > 120 and pilot.calls > 0


def test_ork_pilot_beats_random() -> None:
    """DC-WIN-2: the Ork AI wins clearly more than 60% of 200 seeded games against random."""
    pilot = Recording("ork")
    wins = sum(winner(seed, {"marine": RandomPilot(), "ork": pilot}) == "ork" for seed in range(200))
    assert wins > 120 and pilot.calls > 0


def test_pilots_are_deterministic() -> None:
    """Same seed, same pilots: the same game."""
    pilots = {"marine": RULES.pilot("marine"), "ork": RULES.pilot("ork")}
    assert [winner(s, pilots) for s in range(30)] == [winner(s, pilots) for s in range(30)]


def test_marine_pilot_flies_the_safer_fork_and_keeps_under_the_canyon() -> None:
    """DC-NAV-2: with 2 3 9 in hand it takes the 5 over the Ace, then plays 3 (at or under 5)."""
    from tests.engine.canyon.helpers import act, table

    s, _ = table(canyon=[1, 5, 9], marine=[2, 3, 9], ork=[1, 2, 3], layout=[2, 1])
    pilot = RULES.pilot("marine")
    action = pilot.choose(RULES.view(s, "marine"), RULES.legal_actions(s, "marine"), Dice(1))
    assert action.model_dump() == {"kind": "choose_route", "route": 1}
    s, _ = act(s, "marine", action)
    action = pilot.choose(RULES.view(s, "marine"), RULES.legal_actions(s, "marine"), Dice(1))
    assert action.model_dump() == {"kind": "play_card", "card": 3}
