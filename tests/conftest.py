"""Shared fixtures. The Duel test game (tests/games) is registered only by the fixture that asks for it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture
def duel_game() -> Iterator[object]:
    """Register the Duel test game (rules, presenter and its catalog entries) for one test."""
    from tests.games.registration import register_duel, unregister_duel

    presenter = register_duel()
    try:
        yield presenter
    finally:
        unregister_duel()
