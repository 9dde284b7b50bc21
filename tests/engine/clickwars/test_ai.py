"""The ClickWars AI against a uniformly random player, over a fixed set of seeds (issue 10 item 4).

The AI plays from its own view (`RULES.view`), alternating red and blue; the random player picks
uniformly among the legal actions. Deterministic: the seeds fix the dice and the random choices.
The bench (bench/clickwars.py --matches N) prints the same figure over more seeds.
"""

from __future__ import annotations

from collections import Counter

from .helpers import ai_against_random

SEEDS = range(12)


def test_the_ai_beats_a_random_player_in_a_clear_majority_of_seeded_games() -> None:
    """CW-WIN-1: more troops standing at the round limit; the AI wins at least 2 games in 3."""
    tally = Counter(ai_against_random(seed) for seed in SEEDS)  # the default game: CW-WIN-1 at round 8
    assert tally["win"] >= 2 * len(SEEDS) // 3, tally
    assert tally["win"] > 2 * tally["loss"], tally
