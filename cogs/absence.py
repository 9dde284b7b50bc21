"""/away, /back and the "I'm back" button: thin adapters over bot.absence (issue 26 item 1)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.absence import FOREVER, parse_until
from bot.i18n import t

from .common import L, lang_of, tablero
from .play import TableItem, show_private


class BackButton(TableItem, custom=ids.BACK):
    """'I'm back': the player's seat at this table is theirs again; their private panel follows."""

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await tablero(interaction).tables.back(self.table, interaction.user.id)
        await show_private(interaction, self.table, note=_t(interaction, "absent.back_done"))


def _t(interaction: discord.Interaction, key: str, **args: object) -> str:
    return t(lang_of(interaction), key, **args)


class AbsenceCog(commands.Cog):
    """Vacation mode: the AI (or the table's wait) stands in for you at every table."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=L("away", "cmd.away.name"),
        description=L("Going away: the AI plays your seats until you return", "cmd.away.description"),
    )
    @app_commands.rename(until=L("until", "cmd.param.until"))
    @app_commands.describe(
        until=L(
            "A number of days (7) or a date (2026-12-24); empty: until /back", "cmd.param.until.description"
        )
    )
    async def away(self, interaction: discord.Interaction, until: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = tablero(interaction)
        when = parse_until(until, bot.tables.clock())
        tables = await bot.tables.away(interaction.user.id, when)
        if when is None or when >= FOREVER:
            text = _t(interaction, "absent.away_done", count=len(tables))
        else:
            text = _t(interaction, "absent.away_done_until", count=len(tables), at=f"<t:{int(when)}:R>")
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(
        name=L("back", "cmd.back.name"),
        description=L("You are back: your seats are yours again", "cmd.back.description"),
    )
    async def back(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tables = await tablero(interaction).tables.come_back(interaction.user.id)
        await interaction.followup.send(_t(interaction, "absent.back_all", count=len(tables)), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(BackButton)
    await bot.add_cog(AbsenceCog(bot))
