"""The presenter registry (renderers/registry.py) beside the rules' (engine/registry.py), issue 23 item 6."""

from __future__ import annotations

from engine.registry import GAME_PACKAGES, GAMES
from renderers.registry import PRESENTER_PACKAGES, PRESENTERS


def test_the_two_registries_list_the_same_games() -> None:
    assert PRESENTER_PACKAGES == GAME_PACKAGES
    shipped = {name: PRESENTERS[name] for name in PRESENTERS if name in GAMES}
    assert sorted(shipped) == sorted(GAMES), "every game has a presenter, and every presenter a game"
    for name, presenter in shipped.items():
        assert presenter.game == GAMES[name].name == name
