"""/game new suggests option values from each game's options model (a Space Hulk mission by name)."""

from __future__ import annotations

import pytest

from bot.lobby import SUGGESTIONS_MAX, option_suggestions, option_values
from engine.registry import GAMES
from engine.spacehulk.options import mission_ids


def test_space_hulk_missions_are_suggested_by_name() -> None:
    rules = GAMES["spacehulk"]
    assert option_values(rules)["mission"] == list(mission_ids()) and "purge" in mission_ids()
    assert option_suggestions(rules, "mis") == [f"mission={m}" for m in mission_ids()]
    assert option_suggestions(rules, "turn_limit=3 mission=deathwing") == [
        "turn_limit=3 mission=deathwing_purge"
    ]
    assert option_suggestions(rules, "mission=nowhere") == []
    assert "expansions=deathwing" in option_suggestions(rules, "")


def test_a_game_without_suggestions_for_a_key_offers_nothing_for_it() -> None:
    assert option_suggestions(GAMES["spacehulk"], "turn_limit=") == []
    assert option_suggestions(GAMES["clickwars"], "scenario=h") == [
        "scenario=hostage_rescue",
        "scenario=hunt",
    ]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_suggestions_fit_discord(game: str) -> None:
    """At most 25 choices, each at most 100 characters, each a `key=value` the game accepts."""
    rules = GAMES[game]
    for typed in ("", "a", "x" * 95 + " ", "m"):
        found = option_suggestions(rules, typed)
        assert len(found) <= SUGGESTIONS_MAX and all(len(text) <= 100 for text in found)
    for key, values in option_values(rules).items():
        for value in values:
            [text] = option_suggestions(rules, f"{key}={value}")[:1] or [""]
            assert text.startswith(f"{key}=")
