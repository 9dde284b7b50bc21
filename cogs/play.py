"""The generic action UI: persistent buttons and selects routed by custom_id (DynamicItem).

Every component carries the table id (and, for actions, the version it was drawn for), so it
works after a restart with no per-message state. Each callback defers within the 3-second limit
(ephemerally, before any private follow-up), calls the table service, and answers with the
player's fresh private panel. Errors go through the bot's single error handler.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ext import commands

from bot.games import presenter_for
from bot.i18n import t
from bot.panels import private_panel, rules_summary
from engine.core import Action, Rejected

from .common import lang_of, send_panel, tablero

# Refusals after which the player is shown where the table stands now.
SHOW_STATE_AFTER = {"bot.table_moved_on", "core.not_your_turn", "core.game_over"}


async def _guarded(interaction: discord.Interaction, table: int, version: int | None, body: Any) -> None:
    """Run a component callback; any exception takes the same path as a slash command's."""
    interaction.extras["table"] = table
    interaction.extras["version"] = version
    try:
        await body()
    except Exception as exc:
        await tablero(interaction).errors.handle(interaction, exc)


async def show_private(
    interaction: discord.Interaction, table_id: int, *, note: str | None = None, page: int = 0
) -> None:
    """The user's private panel for a table, ephemeral, built fresh from the store."""
    bot = tablero(interaction)
    loaded = await bot.tables.load(table_id)
    interaction.extras["version"] = loaded.table.version
    seat = loaded.table.seat_of(interaction.user.id)
    if seat is None:
        raise Rejected("bot.not_a_player", "You are not playing at table #{table}.", table=table_id)
    panel = await private_panel(
        loaded.table,
        loaded.rules,
        presenter_for(loaded.table.game),
        loaded.state,
        seat,
        lang_of(interaction),
        page=page,
        note=note,
    )
    await send_panel(interaction, panel)


async def act(interaction: discord.Interaction, table_id: int, version: int, choice: int | Action) -> None:
    """Apply the chosen action (an index into the legal actions, or a typed Action from a game's own
    picker or modal), then show the player's panel with the result."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = tablero(interaction)
    # The confirmation repeats the label the player clicked, drawn from their view before the move
    # (e.g. "Fly route A: 7♠"); it is shown to them only.
    before = await bot.tables.load(table_id)
    seat = before.table.seat_of(interaction.user.id)
    view = before.rules.view(before.state, seat) if before.state is not None and seat else None
    applied = await bot.tables.submit(table_id, interaction.user.id, choice, version)
    lang = lang_of(interaction)
    label = presenter_for(applied.table.game).action_label(applied.action, lang, view)
    await show_private(interaction, table_id, note=t(lang, "bot.you_chose", label=label))
    message = interaction.message
    if message is not None and not message.flags.ephemeral and message.guild is None:
        try:  # a DM with spent buttons: strip them (best effort, the click is already applied)
            await message.edit(view=None)
        except discord.HTTPException:
            pass


async def refusal_with_state(interaction: discord.Interaction, error: Rejected) -> None:
    """The error handler's follow-up for refusals on a table: the reason, plus the current state."""
    note = interaction.extras.get("refusal") or error.text
    table = interaction.extras.get("table")
    bot = tablero(interaction)
    record = await bot.store.get_table(table) if table is not None else None
    if error.message_id in SHOW_STATE_AFTER and record is not None and record.seat_of(interaction.user.id):
        await show_private(interaction, record.id, note=f"**{note}**")
        return
    from bot.errors import reply

    await reply(interaction, note)


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"tb:a:(?P<table>\d+):(?P<version>\d+):(?P<index>\d+)"
):
    def __init__(self, table: int, version: int, index: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"tb:a:{table}:{version}:{index}"))
        self.table, self.version, self.index = table, version, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        return cls(int(match["table"]), int(match["version"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(
            interaction,
            self.table,
            self.version,
            lambda: act(interaction, self.table, self.version, self.index),
        )


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select], template=r"tb:s:(?P<table>\d+):(?P<version>\d+):(?P<n>\d+)"
):
    def __init__(self, table: int, version: int, n: int) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"tb:s:{table}:{version}:{n}", options=[discord.SelectOption(label="-")]
            )
        )
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        return cls(int(match["table"]), int(match["version"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        index = int(values[0]) if values and values[0].isdigit() else -1
        await _guarded(
            interaction, self.table, self.version, lambda: act(interaction, self.table, self.version, index)
        )


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"tb:p:(?P<table>\d+):(?P<version>\d+):(?P<page>\d+)"
):
    def __init__(self, table: int, version: int, page: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"tb:p:{table}:{version}:{page}"))
        self.table, self.version, self.page = table, version, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        return cls(int(match["table"]), int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await show_private(interaction, self.table, page=self.page)

        await _guarded(interaction, self.table, self.version, body)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tb:hand:(?P<table>\d+)"):
    """'My hand': the player's secrets and choices, as an ephemeral reply built from the store."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"tb:hand:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await show_private(interaction, self.table)

        await _guarded(interaction, self.table, None, body)


class RulesButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tb:rules:(?P<table>\d+)"):
    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"tb:rules:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RulesButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            record = await tablero(interaction).tables.get(self.table)
            summary = rules_summary(record.game, presenter_for(record.game), lang_of(interaction))
            await interaction.followup.send(summary, ephemeral=True)

        await _guarded(interaction, self.table, None, body)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tb:rematch:(?P<table>\d+)"):
    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"tb:rematch:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            new, created = await tablero(interaction).tables.rematch(self.table, interaction.user.id)
            key = "bot.rematch_created" if created else "bot.rematch_exists"
            await interaction.followup.send(t(lang_of(interaction), key, table=new.id), ephemeral=True)

        await _guarded(interaction, self.table, None, body)


class JoinButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tb:join:(?P<table>\d+)"):
    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"tb:join:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> JoinButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            record = await tablero(interaction).tables.join(self.table, interaction.user.id)
            if record.status == "active":
                await show_private(
                    interaction, record.id, note=t(lang_of(interaction), "bot.started", table=record.id)
                )
            else:
                await interaction.followup.send(
                    t(lang_of(interaction), "bot.joined_waiting", table=record.id), ephemeral=True
                )

        await _guarded(interaction, self.table, None, body)


class StartButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tb:start:(?P<table>\d+)"):
    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"tb:start:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StartButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            record = await tablero(interaction).tables.start(self.table, interaction.user.id)
            await show_private(
                interaction, record.id, note=t(lang_of(interaction), "bot.started", table=record.id)
            )

        await _guarded(interaction, self.table, None, body)


DYNAMIC_ITEMS = (
    ActionButton,
    ActionSelect,
    PageButton,
    HandButton,
    RulesButton,
    RematchButton,
    JoinButton,
    StartButton,
)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    errors = getattr(bot, "errors", None)
    if errors is not None:
        errors.follow_up = refusal_with_state
