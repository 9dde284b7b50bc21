"""Register / unregister the Duel test game with the platform (also used by the bot subprocess)."""

from __future__ import annotations

from engine.registry import GAMES
from renderers import registry
from renderers.i18n import add_messages, remove_messages

from .duel import RULES
from .duel_presenter import CATALOG, DuelPresenter


def register_duel() -> DuelPresenter:
    presenter = DuelPresenter()
    GAMES[RULES.name] = RULES
    registry.register(presenter)
    for lang, entries in CATALOG.items():
        add_messages(lang, entries)
    return presenter


def unregister_duel() -> None:
    GAMES.pop(RULES.name, None)
    registry.unregister(RULES.name)
    for lang, entries in CATALOG.items():
        remove_messages(lang, entries)
