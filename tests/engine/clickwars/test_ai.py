"""The ClickWars AI against a uniformly random player, over a fixed set of seeds (issue 10 item 4).

The AI plays from its own view (`RULES.view`), alternating red and blue; the random player picks
uniformly among the legal actions. Deterministic: the seeds fix the dice and the random choices.
The bench (bench/clickwars.py --matches N) prints the same figure over more seeds.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.clickwars import RULES
from engine.clickwars.view import CwView
from engine.core import apply, dice_for, new_game

SEEDS = range(12)


def play(seed: int) -> str:
    """One default game (CW-WIN-1: troops standing after round 8), the AI on one side."""
    side = "red" if seed % 2 == 0 else "blue"
    ai = RULES.pilot(side)
    state, _ = new_game(RULES, None, seed)
    picker = random.Random(seed)
    while RULES.outcome(state) is None:
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        if seat == side:
            view = RULES.view(state, seat)
            assert isinstance(view, CwView) and view.seat == side  # its own view, nothing more
            action = ai.choose(view, legal, dice_for(state).fork("pilot"))
        else:
            action = legal[picker.randrange(len(legal))]
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
    winners = state.result.winners
    return "draw" if not winners else "win" if winners[0] == side else "loss"


def test_the_ai_beats_a_random_player_in_a_clear_majority_of_seeded_games() -> None:
    """CW-WIN-1: more troops standing at the round limit; the AI wins at least 2 games in 3."""
    tally = Counter(play(seed) for seed in SEEDS)
    assert tally["win"] >= 2 * len(SEEDS) // 3, tally
    assert tally["win"] > 2 * tally["loss"], tally
