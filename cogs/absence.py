"""/away, /back and the "I'm back" button (bot/absence.py, issue 26 item 1); /pause, /resume and their
buttons (bot/pause.py, item 3): thin adapters over the table service."""

from __future__ import annotations

from datetime import UTC

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.absence import FOREVER, parse_until
from bot.i18n import t
from bot.quiet import parse_quiet, zone
from bot.store import TableRecord
from renderers.palette import known

from .common import L, lang_of, palette_choices, resolve_table, tablero
from .lobby import TABLE, TABLE_HELP, is_admin, my_running_tables
from .play import TableItem, show_private


class BackButton(TableItem, custom=ids.BACK):
    """'I'm back': the player's seat at this table is theirs again; their private panel follows."""

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await tablero(interaction).tables.back(self.table, interaction.user.id)
        await show_private(interaction, self.table, note=_t(interaction, "absent.back_done"))


class PauseButton(TableItem, custom=ids.PAUSE):
    """'Pause': agree to a pause another player asked for."""

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await tablero(interaction).tables.ask_pause(
            self.table, interaction.user.id, is_admin=is_admin(interaction)
        )
        await interaction.followup.send(_paused_reply(interaction, record), ephemeral=True)


class ResumeButton(TableItem, custom=ids.RESUME):
    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await tablero(interaction).tables.resume(
            self.table, interaction.user.id, is_admin=is_admin(interaction)
        )
        await interaction.followup.send(
            _t(interaction, "absent.resumed", table=record.number), ephemeral=True
        )


class UndoYes(TableItem, custom=ids.UNDO_YES):
    """Accept a take-back another player asked for."""

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await tablero(interaction).tables.answer_take_back(
            self.table, interaction.user.id, int(self.version or 0), True
        )
        await show_private(interaction, self.table, note=_t(interaction, "absent.undo_accepted"))


class UndoNo(TableItem, custom=ids.UNDO_NO):
    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await tablero(interaction).tables.answer_take_back(
            self.table, interaction.user.id, int(self.version or 0), False
        )
        await interaction.followup.send(_t(interaction, "absent.undo_refused"), ephemeral=True)


def _paused_reply(interaction: discord.Interaction, record: TableRecord) -> str:
    key = "absent.pause_done" if record.paused else "absent.pause_waiting"
    return _t(interaction, key, table=record.number)


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
        player = await bot.store.get_player(interaction.user.id)
        tz = zone(player.timezone) if player is not None and player.timezone else UTC
        when = parse_until(until, bot.tables.clock(), tz)
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

    @app_commands.command(
        name=L("pause", "cmd.pause.name"),
        description=L("Pause a table: its deadlines stop until it resumes", "cmd.pause.description"),
    )
    @app_commands.rename(table=TABLE)
    @app_commands.describe(table=TABLE_HELP)
    @app_commands.autocomplete(table=my_running_tables)
    async def pause(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        record = await tablero(interaction).tables.ask_pause(
            record.id, interaction.user.id, is_admin=is_admin(interaction)
        )
        await interaction.followup.send(_paused_reply(interaction, record), ephemeral=True)

    @app_commands.command(
        name=L("resume", "cmd.resume.name"),
        description=L("Play on at a paused table", "cmd.resume.description"),
    )
    @app_commands.rename(table=TABLE)
    @app_commands.describe(table=TABLE_HELP)
    @app_commands.autocomplete(table=my_running_tables)
    async def resume(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        record = await tablero(interaction).tables.resume(
            record.id, interaction.user.id, is_admin=is_admin(interaction)
        )
        await interaction.followup.send(
            _t(interaction, "absent.resumed", table=record.number), ephemeral=True
        )

    @app_commands.command(
        name=L("settings", "cmd.settings.name"),
        description=L(
            "Your time zone, quiet hours (no pings then) and picture colours", "cmd.settings.description"
        ),
    )
    @app_commands.rename(
        timezone=L("timezone", "cmd.param.timezone"),
        quiet=L("quiet", "cmd.param.quiet"),
        palette=L("palette", "cmd.param.palette"),
    )
    @app_commands.describe(
        timezone=L("Your time zone, e.g. Europe/Madrid", "cmd.param.timezone.description"),
        quiet=L("Quiet hours, e.g. 23-08 (off: none)", "cmd.param.quiet.description"),
        palette=L("The colours of the pictures only you see", "cmd.param.palette.description"),
    )
    @app_commands.choices(palette=palette_choices())
    async def settings(
        self,
        interaction: discord.Interaction,
        timezone: str | None = None,
        quiet: str | None = None,
        palette: str | None = None,
    ) -> None:
        """A player's own settings: their time zone and quiet hours (bot/quiet.py), and the palette of
        the pictures drawn for them alone (renderers/palette.py: their panel, previews, a piece's
        picture; public boards stay in the default palette, which every player shares)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        store = tablero(interaction).store
        tz = None if timezone is None else zone(timezone.strip()).key
        hours = (
            None
            if quiet is None
            else ("" if quiet.strip().lower() in ("off", "no", "-") else parse_quiet(quiet))
        )
        async with store.transaction() as tx:
            await tx.set_quiet(interaction.user.id, tz, hours)
            if palette is not None:
                await tx.set_palette(interaction.user.id, palette)
        player = await store.get_player(interaction.user.id)
        shown_tz = (player.timezone if player else None) or "UTC"
        if player is not None and player.quiet:
            text = _t(interaction, "absent.settings_quiet", timezone=shown_tz, quiet=player.quiet)
        else:
            text = _t(interaction, "absent.settings_no_quiet", timezone=shown_tz)
        chosen = known(player.palette if player else None)
        text += "\n" + _t(interaction, "palette.settings", palette=chosen)
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(
        name=L("takeback", "cmd.takeback.name"),
        description=L("Take back your last move (or ask to)", "cmd.takeback.description"),
    )
    @app_commands.rename(table=TABLE)
    @app_commands.describe(table=TABLE_HELP)
    @app_commands.autocomplete(table=my_running_tables)
    async def takeback(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        record, done = await tablero(interaction).tables.take_back(record.id, interaction.user.id)
        if done:
            await show_private(interaction, record.id, note=_t(interaction, "absent.undo_done"))
        else:
            await interaction.followup.send(_t(interaction, "absent.undo_waiting"), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(BackButton, PauseButton, ResumeButton, UndoYes, UndoNo)
    await bot.add_cog(AbsenceCog(bot))
