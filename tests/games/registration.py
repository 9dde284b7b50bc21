"""Register / unregister the Duel test game with the platform (also used by the bot subprocess)."""

from __future__ import annotations

from bot import games
from engine.registry import GAMES
from renderers.i18n import add_messages, remove_messages

from .duel import RULES
from .duel_presenter import CATALOG, DuelPresenter


def register_duel() -> DuelPresenter:
    presenter = DuelPresenter()
    GAMES[RULES.name] = RULES
    games.PRESENTERS[RULES.name] = presenter
    for lang, entries in CATALOG.items():
        add_messages(lang, entries)
    return presenter


def unregister_duel() -> None:
    GAMES.pop(RULES.name, None)
    games.PRESENTERS.pop(RULES.name, None)
    for lang, entries in CATALOG.items():
        remove_messages(lang, entries)
