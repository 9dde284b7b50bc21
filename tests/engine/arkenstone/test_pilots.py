"""The AI of each side beats a random player in a clear majority (bench/arkenstone.py runs 1,000)."""

from __future__ import annotations

import pytest

from engine.arkenstone import RULES, Guess, Pass
from engine.arkenstone.ai import MIDDLE, BilboPilot, RandomPilot, SmaugPilot, guess_higher
from engine.arkenstone.board import figures_gap
from engine.core import Dice, apply, dice_for, new_game
from engine.core.geometry import distance

from .helpers import table

GAMES = 40


def winner(seed: int, pilots: dict) -> str:
    state, _ = new_game(RULES, {}, seed)
    for _ in range(20_000):
        if RULES.outcome(state) is not None:
            return state.winner
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        action = pilots[seat].choose(RULES.view(state, seat), legal, dice_for(state).fork("pilot"))
        assert action in legal
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
    raise AssertionError("game did not end")


@pytest.mark.parametrize(
    ("side", "pilots"),
    [
        ("bilbo", {"bilbo": BilboPilot(), "smaug": RandomPilot("smaug")}),
        ("smaug", {"bilbo": RandomPilot("bilbo"), "smaug": SmaugPilot()}),
    ],
)
def test_each_ai_beats_a_random_player(side: str, pilots: dict) -> None:
    wins = sum(winner(seed, pilots) == side for seed in range(GAMES))
    assert wins >= 0.75 * GAMES


def test_guesses_follow_the_odds_of_the_cards_left() -> None:
    view = RULES.view(table(active="bilbo", reference=4), "bilbo")
    assert guess_higher(view, "bilbo")  # 9 of 12 left are higher than 4
    view = RULES.view(table(active="bilbo", reference=9), "bilbo")
    assert not guess_higher(view, "bilbo")
    # With 10, J, Q, K gone, every card left is lower than the 9.
    view = RULES.view(
        table(active="bilbo", reference=9, drawn={"bilbo": [9, 10, 11, 12], "smaug": []}), "bilbo"
    )
    assert not guess_higher(view, "bilbo")
    view = RULES.view(
        table(active="bilbo", reference=7, drawn={"bilbo": [1, 2, 3, 4, 7], "smaug": []}), "bilbo"
    )
    assert guess_higher(view, "bilbo")


def test_bilbo_searches_and_recovers_when_he_can_and_smaug_discovers() -> None:
    treasures = {1: (10.0, 10.0, 1), 2: (40.0, 3.0, 9)}
    state = table(active="bilbo", phase="action", bilbo=(10.0, 13.0), treasures=treasures)
    legal = RULES.legal_actions(state, "bilbo")
    assert BilboPilot().choose(RULES.view(state, "bilbo"), legal, Dice(1)).kind == "search"
    up = table(active="bilbo", phase="action", bilbo=(10.0, 13.0), treasures=treasures, face_up=[1])
    legal = RULES.legal_actions(up, "bilbo")
    assert BilboPilot().choose(RULES.view(up, "bilbo"), legal, Dice(1)).kind == "recover"
    hunt = table(active="smaug", phase="action", bilbo=(20.0, 20.0), smaug=(22.0, 20.0))
    legal = RULES.legal_actions(hunt, "smaug")
    assert SmaugPilot().choose(RULES.view(hunt, "smaug"), legal, Dice(1)).kind == "discover"
    chase = table(active="smaug", phase="action", bilbo=(20.0, 20.0), smaug=(30.0, 20.0))
    legal = RULES.legal_actions(chase, "smaug")
    move = SmaugPilot().choose(RULES.view(chase, "smaug"), legal, Dice(1))
    after = apply(RULES, chase.model_copy(deep=True), RULES.decide(chase, "smaug", move, Dice(1)))
    assert after.smaug.x == pytest.approx(24.0)
    guess = BilboPilot().choose(
        RULES.view(table(reference=2), "bilbo"), [Guess(higher=True), Guess(higher=False)], Dice(1)
    )
    assert guess == Guess(higher=True)


def test_bilbo_guesses_at_once_when_his_free_action_would_not_help() -> None:
    """A13: with nothing worth doing he declines the free action by guessing (a pass only when he must)."""
    spent = range(1, 14)  # every diamond searched away: no spot is better than another
    free = table(active="bilbo", phase="free_action", reference=3, removed=spent)
    legal = RULES.legal_actions(free, "bilbo")
    assert BilboPilot().choose(RULES.view(free, "bilbo"), legal, Dice(1)) == Guess(higher=True)
    earned = table(active="bilbo", phase="action", reference=3, removed=spent)
    legal = RULES.legal_actions(earned, "bilbo")
    assert BilboPilot().choose(RULES.view(earned, "bilbo"), legal, Dice(1)) == Pass()
    near = table(active="bilbo", phase="free_action", bilbo=(10.0, 13.0), treasures={1: (10.0, 10.0, 4)})
    legal = RULES.legal_actions(near, "bilbo")
    assert BilboPilot().choose(RULES.view(near, "bilbo"), legal, Dice(1)).kind == "search"


def test_the_ais_set_up_the_table_like_players_would() -> None:
    """AK-SET-1..3 by the AI (default grid draft): Smaug near the middle, Bilbo far from him, each
    lays the treasure nearer himself than his rival; the dice vary the table from seed to seed."""
    pilots = {"bilbo": BilboPilot(), "smaug": SmaugPilot()}
    layouts = set()
    for seed in range(6):
        state, _ = new_game(RULES, {}, seed)
        placed: dict[str, list] = {"bilbo": [], "smaug": []}
        while state.phase.startswith("place"):
            [seat] = RULES.active_seats(state)
            legal = RULES.legal_actions(state, seat)
            action = pilots[seat].choose(RULES.view(state, seat), legal, dice_for(state).fork("pilot"))
            events = RULES.decide(state, seat, action, dice_for(state))
            state = apply(RULES, state, events)
            placed[seat] += [e.at for e in events if e.kind == "treasure_placed"]
        assert distance(state.smaug, MIDDLE) <= 6.75 * 1.5  # one of the cells around the middle
        assert figures_gap(state) >= 2 * 6.75
        for seat, rival in (("bilbo", "smaug"), ("smaug", "bilbo")):
            mine = [distance(at, getattr(state, seat)) for at in placed[seat]]
            theirs = [distance(at, getattr(state, rival)) for at in placed[seat]]
            assert sum(mine) < sum(theirs), (seed, seat)
        assert state.phase == "free_action" and len(state.locations) == 13
        layouts.add(tuple(t.at for t in state.treasures))
    assert len(layouts) == 6
