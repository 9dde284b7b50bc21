"""Small helpers the cogs share: localised command strings, replies with panels, table lookup."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.games import playable_games
from bot.i18n import LANGUAGES, game_name, language_of, seat_name, t
from bot.panels import Panel
from bot.store import AI, CHOICE_ORDER, CHOICES_MAX, TableRecord
from engine.core import Rejected
from renderers.palette import NAMES

if TYPE_CHECKING:
    from bot.app import TableroBot


def L(default: str, key: str) -> app_commands.locale_str:  # noqa: N802 - reads like a marker
    """A command string translated through the catalogs ("cmd.*"); `default` is the English text."""
    return app_commands.locale_str(default, key=key)


def tablero(interaction: discord.Interaction) -> TableroBot:
    return cast("TableroBot", interaction.client)


def lang_of(interaction: discord.Interaction) -> str:
    """The language for replies only this user sees: their client's locale."""
    return language_of(interaction.locale)


async def palette_of(interaction: discord.Interaction) -> str | None:
    """The palette of the pictures only this user sees (their /settings palette:; None: the default)."""
    player = await tablero(interaction).store.get_player(interaction.user.id)
    return player.palette if player else None


async def send_panel(
    interaction: discord.Interaction, panel: Panel, *, ephemeral: bool = True, **kwargs: Any
) -> None:
    """Send a panel as the interaction's reply: after a "thinking" defer, by editing the original
    response (Discord's documented route; it keeps the defer's visibility, so callers defer
    ephemerally for anything private), else as a new (follow-up) message."""
    payload: dict[str, Any] = {"content": panel.clipped(), "ephemeral": ephemeral, **kwargs}
    files = panel.discord_files()
    if files:
        payload["files"] = files
    view = panel.view()
    if view is not None:
        payload["view"] = view
    thinking = interaction.response.type is discord.InteractionResponseType.deferred_channel_message
    if thinking and ephemeral and not interaction.extras.get("answered") and not kwargs:
        interaction.extras["answered"] = True
        await interaction.edit_original_response(content=payload["content"], attachments=files, view=view)
    elif interaction.response.is_done():
        await interaction.followup.send(**payload)
    else:
        await interaction.response.send_message(**payload)


async def resolve_table(interaction: discord.Interaction, table: int | None) -> TableRecord:
    """The table named, else the one being played in this thread (the newest if several)."""
    bot = tablero(interaction)
    if table is not None:
        # The number a server shows (#1 is its first table), not the store's global id.
        found = await bot.store.table_by_number(interaction.guild_id, table)
        if found is None:
            raise Rejected("bot.no_such_table", "There is no table #{table}.", table=table)
        record = found
    else:
        channel = interaction.channel_id
        here = (
            []
            if channel is None
            else await bot.store.list_tables(guild_id=interaction.guild_id, channel_id=channel)
        )
        here.sort(key=lambda r: (r.is_over, r.thread_id != interaction.channel_id, -r.id))
        if not here:
            raise Rejected(
                "bot.which_table", "Which table? Give its number, or use the command in the game's thread."
            )
        record = here[0]
    interaction.extras["table"] = record.id
    interaction.extras["version"] = record.version
    return record


def table_label(table: TableRecord, lang: str, viewer: int | None = None) -> str:
    """A plain-text line for autocomplete (no mentions render there): '#3 <game> · playing · <seat>: you, <seat>: AI'."""

    def holder(h: object) -> str:
        if h == AI:
            return t(lang, "bot.seat_ai")
        if h is None:
            return t(lang, "bot.seat_open")
        return t(lang, "bot.seat_you") if h == viewer else t(lang, "bot.seat_player")

    seats = ", ".join(f"{seat_name(table.game, s, lang)}: {holder(h)}" for s, h in table.seats.items())
    status = t(lang, f"bot.status.{table.status}")
    return f"#{table.number} {game_name(table.game, lang)} · {status} · {seats}"[:100]


async def table_choices(
    interaction: discord.Interaction, current: str, *, statuses: tuple[str, ...], mine: bool = True
) -> list[app_commands.Choice[int]]:
    """Autocomplete: the user's tables (or any) in this server, the ones being played first, at most
    25, read through the store's indexes (`Store.choice_tables`) so a keystroke costs the same at
    any history (issue 24 item 7). What is typed narrows them: a number (with or without "#") to
    the tables whose number begins so, else a game's or a status's shown name in the user's
    language (or a game's id)."""
    bot = tablero(interaction)
    lang = lang_of(interaction)
    typed = _folded(current).lstrip("#").strip()
    number_prefix: str | None = None
    games: list[str] | None = None
    wanted = statuses
    if typed.isdigit():
        number_prefix = typed
    elif typed:
        games = [g for g in playable_games() if typed in g or typed in _folded(game_name(g, lang))]
        if not games:
            games = None
            wanted = tuple(
                s for s in (statuses or CHOICE_ORDER) if typed in _folded(t(lang, f"bot.status.{s}"))
            )
            if not wanted:
                return []
    tables = await bot.store.choice_tables(
        guild_id=interaction.guild_id,
        statuses=wanted,
        user_id=interaction.user.id if mine else None,
        number_prefix=number_prefix,
        games=games,
        limit=CHOICES_MAX,
    )
    return [
        app_commands.Choice(name=table_label(record, lang, interaction.user.id), value=record.number)
        for record in tables
    ]


def _folded(text: str) -> str:
    """Typed text compared without case or accents ("Cañón" finds "canon")."""
    plain = unicodedata.normalize("NFKD", text)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold().strip()


def palette_choices() -> list[app_commands.Choice[str]]:
    """The palettes a player may draw their private pictures in (`/settings palette:`)."""
    return [
        app_commands.Choice(name=L(DEFAULT_NAMES[name], f"cmd.choice.palette.{name}"), value=name)
        for name in NAMES
    ]


DEFAULT_NAMES = {"standard": "Standard", "colourblind": "Colour-blind safe", "high-contrast": "High contrast"}
"""The English names of the palettes' choices (the catalogs' `cmd.choice.palette.*` translate them)."""


def language_choices() -> list[app_commands.Choice[str]]:
    """The server languages as a slash option's choices (`/game language`, `/server language`)."""
    return [app_commands.Choice(name=L(code, f"cmd.choice.{code}"), value=code) for code in LANGUAGES]
