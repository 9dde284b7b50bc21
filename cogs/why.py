"""/why and the "Why?" button: the latest automated ruling a player saw, explained (issue 29 item 5).

A thin adapter: bot/why.py finds the ruling (the player's own refusal, their panel's, or the newest
event they may see) and words and draws it from their own view; the reply is ephemeral.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids, why

from .common import L, lang_of, resolve_table, send_panel, tablero
from .lobby import TABLE, TABLE_HELP, any_tables
from .play import TableItem


class WhyButton(TableItem, custom=ids.WHY):
    """'Why?' under a ruling: the same answer as `/why` for that table."""

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        panel = await why.explain(
            tablero(interaction).tables, self.table, interaction.user.id, lang_of(interaction)
        )
        await send_panel(interaction, panel)


class Why(commands.Cog):
    """The /why command."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=L("why", "cmd.why.name"),
        description=L(
            "Why the rules decided as they did: the rules, the numbers (only you see it)",
            "cmd.why.description",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(table=TABLE, step=L("step", "cmd.why.event.name"))
    @app_commands.describe(
        table=TABLE_HELP,
        step=L(
            "A step's number (as /why shows it); the latest ruling you saw when left out",
            "cmd.why.event.description",
        ),
    )
    @app_commands.autocomplete(table=any_tables)
    async def why(
        self,
        interaction: discord.Interaction,
        table: int | None = None,
        step: app_commands.Range[int, 1, 1_000_000] | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        panel = await why.explain(
            tablero(interaction).tables, record.id, interaction.user.id, lang_of(interaction), step
        )
        await send_panel(interaction, panel)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(WhyButton)
    await bot.add_cog(Why(bot))
