"""Bot-side language helpers: texts with a fallback for refusals, game and seat names, and the
app-command Translator. Reading a locale and the catalogs themselves live in renderers.i18n."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from engine.core import Rejected
from renderers.i18n import DEFAULT_LANGUAGE, LANGUAGES, has, language_of, locale_language, preload, t

__all__ = [
    "LANGUAGES",
    "Translator",
    "game_name",
    "language_of",
    "locale_language",
    "preload",
    "rejected_text",
    "seat_name",
    "t",
    "text",
]

log = logging.getLogger(__name__)


def text(lang: str | None, key: str, default: str | None = None, /, **params: Any) -> str:
    """Like `t`, but a key missing from every catalog gives `default` (or the key) instead of raising."""
    if has(key):
        return t(lang, key, **params)
    log.warning("missing catalog key %s", key)
    template = default if default is not None else key
    try:
        return template.format(**params) if params else template
    except (KeyError, IndexError, ValueError):
        return template


def rejected_text(lang: str | None, exc: Rejected) -> str:
    """A rules refusal worded in `lang` (falls back to the refusal's own English text)."""
    return text(lang, exc.message_id, exc.default, **exc.params)


def game_name(game: str, lang: str | None) -> str:
    key = f"{game}.name"
    return t(lang, key) if has(key) else game.replace("_", " ").title()


def seat_name(game: str, seat: str, lang: str | None) -> str:
    key = f"{game}.seat.{seat}"
    return t(lang, key) if has(key) else seat.replace("_", " ").title()


class Translator(app_commands.Translator):
    """Command names, descriptions and choices from the catalogs (keys "cmd.*"), served to Discord
    for each Spanish locale; English is the default text written in the code (`locale_str`)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        lang = locale_language(locale)
        if not key or lang is None or lang == DEFAULT_LANGUAGE:
            return None
        return t(lang, key) if has(key, lang) else None
