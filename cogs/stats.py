"""/stats, /leaderboard and /campaign ledger (issue 28 item 4): thin adapters over bot/stats.py.

Who sees what, as a player would expect: `/stats` answers only the one who asks (looking someone up
is nobody else's business); `/leaderboard` and `/campaign ledger` are posted in the channel (a
server's table and a campaign's record are there to be talked about), one message each time they
are asked for, with mentions that ping nobody. Bad input (an unknown game or side, a table with no
ledger) is refused privately before anything is posted.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import stats
from bot.games import presenter_for
from bot.i18n import game_name, language_of
from engine.core import Rejected

from .common import L, lang_of, resolve_table, table_choices, tablero
from .lobby import TABLE, game_autocomplete, side_autocomplete

NO_MENTIONS = discord.AllowedMentions.none()


async def _server_lang(interaction: discord.Interaction) -> str:
    """A public post's language: the server's (set with /server language), else the asker's."""
    if interaction.guild_id is not None:
        chosen = await tablero(interaction).store.guild_language(interaction.guild_id)
        if chosen:
            return language_of(chosen)
    return lang_of(interaction)


async def any_table(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    return await table_choices(interaction, current, statuses=("active", "finished"), mine=False)


@app_commands.guild_only()
class StatsCog(commands.Cog):
    """A player's record and the server's ratings."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=L("stats", "cmd.stats.name"),
        description=L(
            "A player's games, wins per side, ratings and time per turn on this server",
            "cmd.stats.description",
        ),
    )
    @app_commands.rename(player=L("player", "cmd.param.player"))
    @app_commands.describe(player=L("Whose stats (empty: yours)", "cmd.param.player.description"))
    async def stats(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        user_id = (player or interaction.user).id
        bot = tablero(interaction)
        messages = await stats.stats_text(bot.store, interaction.guild_id, user_id, lang_of(interaction))
        for content in messages:
            await interaction.followup.send(content, ephemeral=True, allowed_mentions=NO_MENTIONS)

    @app_commands.command(
        name=L("leaderboard", "cmd.leaderboard.name"),
        description=L(
            "This server's ratings for a game (Glicko-2), all sides or one", "cmd.leaderboard.description"
        ),
    )
    @app_commands.rename(
        game=L("game", "cmd.param.game"), side=L("side", "cmd.param.side"), page=L("page", "cmd.param.page")
    )
    @app_commands.describe(
        game=L("Which game", "cmd.param.game.description"),
        side=L("One side's ratings (empty: the game whatever the side)", "cmd.param.board.side.description"),
        page=L("Which page of the table (15 players a page)", "cmd.param.page.description"),
    )
    @app_commands.autocomplete(game=game_autocomplete, side=side_autocomplete)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        side: str | None = None,
        page: app_commands.Range[int, 1, 1000] = 1,
    ) -> None:
        stats.check_game(game, side)  # refused privately, before anything public is posted
        await interaction.response.defer(thinking=True)
        lang = await _server_lang(interaction)
        shown = await stats.leaderboard(
            tablero(interaction).store, interaction.guild_id, game, side, page, lang
        )
        await interaction.followup.send(shown.text, allowed_mentions=NO_MENTIONS)


@app_commands.guild_only()
class CampaignCog(
    commands.GroupCog,
    group_name=L("campaign", "cmd.campaign.name"),
    group_description=L("Campaigns that run over many tables", "cmd.campaign.description"),
):
    """A campaign's record for its whole life."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=L("ledger", "cmd.ledger.name"),
        description=L(
            "A campaign's ledger: missions, casualties, torpedoes, outcome", "cmd.ledger.description"
        ),
    )
    @app_commands.rename(table=TABLE)
    @app_commands.describe(
        table=L(
            "The campaign's table number (defaults to the one in this thread)",
            "cmd.param.campaign.table.description",
        )
    )
    @app_commands.autocomplete(table=any_table)
    async def ledger(self, interaction: discord.Interaction, table: int | None = None) -> None:
        record = await resolve_table(interaction, table)
        if presenter_for(record.game).ledger_text([], "en") is None:
            raise Rejected(
                "ratings.no_ledger",
                "Table #{table} ({game}) keeps no ledger: only a campaign does.",
                table=record.number,
                game=game_name(record.game, lang_of(interaction)),
            )
        await interaction.response.defer(thinking=True)
        lang = await _server_lang(interaction)
        for content in await stats.ledger_text(tablero(interaction).store, record, lang):
            await interaction.followup.send(content, allowed_mentions=NO_MENTIONS)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StatsCog(bot))
    await bot.add_cog(CampaignCog(bot))
