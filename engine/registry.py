"""Every registered game, by name. Add a game by importing its RULES here."""

from __future__ import annotations

import importlib
from typing import Any

from .core import Rules

GAME_PACKAGES: tuple[str, ...] = (
    "canyon",
    "arkenstone",
    "spacehulk",
    "clickwars",
    "spacehulk.campaign",  # the Deathwing campaign: its missions are spacehulk tables
)  # add "arkenstone", "spacehulk" as each lands
GAMES: dict[str, Rules[Any]] = {}


def register(rules: Rules[Any]) -> Rules[Any]:
    GAMES[rules.name] = rules
    return rules


def get(name: str) -> Rules[Any]:
    return GAMES[name]


def _load() -> None:
    # The whole catalogue: each name is a package engine.<name> exporting RULES.
    for name in GAME_PACKAGES:
        register(importlib.import_module(f"engine.{name}").RULES)


_load()
