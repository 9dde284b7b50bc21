"""/server show|defaults|channels|language: a server's settings for its admins (bot/server.py).

The group carries `default_member_permissions` = Manage Server: Discord shows it to admins only,
and a server owner can hand it to other roles or members in Server Settings → Integrations."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.server import PACES, change_settings, defaults_from
from bot.store import ServerSettings
from engine.core import Rejected

from .common import L, lang_of, language_choices, tablero


def _guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise Rejected("absent.server_only", "Server settings are set in a server, not in direct messages.")
    return interaction.guild_id


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Server(
    commands.GroupCog,
    group_name=L("server", "cmd.server.name"),
    group_description=L("Server settings for admins", "cmd.server.description"),
):
    """A server's defaults and channels (its admins; see the module's doc)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def _show(self, interaction: discord.Interaction, guild: int, first: str | None = None) -> None:
        bot = tablero(interaction)
        lang = lang_of(interaction)
        settings = await bot.store.server_settings(guild)
        language = await bot.public_language(guild, interaction.guild_locale)
        d = settings.defaults
        lines = [first] if first else []
        lines.append(
            t(
                lang,
                "absent.server_show",
                language=language,
                pace=d.get("pace", "-"),
                hours=d.get("deadline_hours", bot.tables.reminder_delay / 3600.0),
                absent=d.get("absent", "wait"),
                after=d.get("absent_after", 2),
                channels=", ".join(f"<#{c}>" for c in settings.channels)
                or t(lang, "absent.server_any_channel"),
            )
        )
        await interaction.followup.send("\n".join(lines), ephemeral=True)

    @app_commands.command(
        name=L("show", "cmd.server_show.name"),
        description=L("This server's settings", "cmd.server_show.description"),
    )
    async def show(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._show(interaction, _guild(interaction))

    @app_commands.command(
        name=L("defaults", "cmd.server_defaults.name"),
        description=L(
            "Defaults of new tables: pace, deadline, absent players", "cmd.server_defaults.description"
        ),
    )
    @app_commands.rename(
        pace=L("pace", "cmd.param.pace"),
        deadline_hours=L("deadline_hours", "cmd.param.deadline_hours"),
        absent=L("absent", "cmd.param.absent"),
        absent_after=L("absent_after", "cmd.param.absent_after"),
    )
    @app_commands.describe(
        pace=L("Live or async (games with a timer)", "cmd.param.server_pace.description"),
        deadline_hours=L(
            "Hours a player has to move before a reminder", "cmd.param.deadline_hours.description"
        ),
        absent=L("wait, ai or forfeit: what happens to an absent player", "cmd.param.absent.description"),
        absent_after=L("Deadlines missed in a row before that", "cmd.param.absent_after.description"),
    )
    @app_commands.choices(
        pace=[app_commands.Choice(name=p, value=p) for p in PACES],
        absent=[app_commands.Choice(name=a, value=a) for a in ("wait", "ai", "forfeit")],
    )
    async def defaults(
        self,
        interaction: discord.Interaction,
        pace: str | None = None,
        deadline_hours: float | None = None,
        absent: str | None = None,
        absent_after: int | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild = _guild(interaction)
        store = tablero(interaction).store
        given = {
            "pace": pace,
            "deadline_hours": deadline_hours,
            "absent": absent,
            "absent_after": absent_after,
        }
        await change_settings(store, guild, lambda now: (defaults_from(now.defaults, given), now.channels))
        await self._show(interaction, guild, t(lang_of(interaction), "absent.server_saved"))

    @app_commands.command(
        name=L("channels", "cmd.server_channels.name"),
        description=L("Channels games may be opened in (none: any)", "cmd.server_channels.description"),
    )
    @app_commands.rename(add=L("add", "cmd.param.add"), remove=L("remove", "cmd.param.remove"))
    @app_commands.describe(
        add=L("Allow games in this channel", "cmd.param.add.description"),
        remove=L("No longer allow games in this channel", "cmd.param.remove.description"),
    )
    async def channels(
        self,
        interaction: discord.Interaction,
        add: discord.TextChannel | None = None,
        remove: discord.TextChannel | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild = _guild(interaction)
        store = tablero(interaction).store

        def changed(now: ServerSettings) -> tuple[dict[str, Any], list[int]]:
            channels = set(now.channels)
            if add is not None:
                channels.add(add.id)
            if remove is not None:
                channels.discard(remove.id)
            return now.defaults, sorted(channels)

        await change_settings(store, guild, changed)
        await self._show(interaction, guild, t(lang_of(interaction), "absent.server_saved"))

    @app_commands.command(
        name=L("language", "cmd.server_language.name"),
        description=L("Language of this server's public game messages", "cmd.server_language.description"),
    )
    @app_commands.rename(language=L("language", "cmd.param.language"))
    @app_commands.describe(language=L("The language", "cmd.param.language.description"))
    @app_commands.choices(language=language_choices())
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild = _guild(interaction)
        # The same setting as /game language: running tables speak it from their next message, and
        # the confirmation is in the language of the admin who reads it.
        running = await tablero(interaction).tables.set_server_language(guild, language)
        text = t(lang_of(interaction), "bot.server_language", language=language, count=running)
        await self._show(interaction, guild, text)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Server(bot))
