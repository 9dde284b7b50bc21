"""/board text: the whole position in words, for a screen reader (issue 29 item 2).

A thin adapter: the words come from the game's presenter (`Presenter.board_text`), packed into
messages by bot/panels.py; the view is the caller's own seat's, or the spectators' for anyone else.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import presenter_for
from bot.panels import Panel, board_text_messages

from .common import L, lang_of, resolve_table, send_panel, tablero
from .lobby import TABLE, TABLE_HELP, any_tables


@app_commands.guild_only()
class Board(
    commands.GroupCog,
    group_name=L("board", "cmd.board.name"),
    group_description=L("A table's board in other forms", "cmd.board.description"),
):
    """The board in other forms than the picture."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=L("text", "cmd.board_text.name"),
        description=L(
            "The whole board as text, for a screen reader (only you see it)", "cmd.board_text.description"
        ),
    )
    @app_commands.rename(table=TABLE)
    @app_commands.describe(table=TABLE_HELP)
    @app_commands.autocomplete(table=any_tables)
    async def text(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        loaded = await tablero(interaction).tables.load(record.id)
        seat = loaded.table.seat_of(interaction.user.id)
        messages = board_text_messages(
            loaded.table,
            loaded.rules,
            presenter_for(loaded.table.game),
            loaded.state,
            seat,
            lang_of(interaction),
        )
        for content in messages:  # the first answers the command; the rest follow it, ephemeral too
            await send_panel(interaction, Panel(content))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Board(bot))
