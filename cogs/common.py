"""Small helpers the cogs share: localised command strings, replies with panels, table lookup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.i18n import game_name, language_of, seat_name, t
from bot.panels import Panel
from bot.store import AI, TableRecord
from engine.core import Rejected

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
    """Autocomplete: the user's tables (or any joinable ones) in this server, newest first."""
    bot = tablero(interaction)
    lang = lang_of(interaction)
    tables = await bot.store.list_tables(
        guild_id=interaction.guild_id, statuses=statuses, user_id=interaction.user.id if mine else None
    )
    choices = []
    for record in tables:
        label = table_label(record, lang, interaction.user.id)
        if current and current.lower() not in label.lower():
            continue
        choices.append(app_commands.Choice(name=label, value=record.number))
    return choices[:25]
