"""Every registered game's presenter, by the game's name. Add a game by adding its package here.

Each name is a package `renderers.<name>` exporting `PRESENTER`, registered under `PRESENTER.game`,
which is the game's `Rules.name` (engine/registry.py): the two registries list the same games, in
the same order (tests/renderers/test_registry.py holds them to it). A test game registers its own
presenter with `register` (tests/games/registration.py).
"""

from __future__ import annotations

import importlib

from .base import Presenter

PRESENTER_PACKAGES: tuple[str, ...] = (
    "canyon",
    "arkenstone",
    "spacehulk",
    "clickwars",
    "spacehulk.campaign",  # the Deathwing campaign's presenter, beside Space Hulk's
)
PRESENTERS: dict[str, Presenter] = {}


def register(presenter: Presenter) -> Presenter:
    PRESENTERS[presenter.game] = presenter
    return presenter


def unregister(game: str) -> None:
    PRESENTERS.pop(game, None)


def get(game: str) -> Presenter:
    return PRESENTERS[game]


def _load() -> None:
    for name in PRESENTER_PACKAGES:
        register(importlib.import_module(f"{__package__}.{name}").PRESENTER)


_load()
