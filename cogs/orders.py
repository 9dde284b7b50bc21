"""/order (an order typed in chat, read by the game) and /standing (standing orders): thin
adapters over bot.tables. Which words an order takes, and which standing orders exist, is the
game's business (`Rules.read_order`, `Rules.standing_orders`); a game without them refuses."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.games import presenter_for
from bot.i18n import t
from bot.orders import order_text
from bot.panels import ButtonSpec, Panel, private_panel
from bot.tables import OrderReport
from engine.core import Rejected

from .common import L, lang_of, palette_of, resolve_table, send_panel, tablero
from .lobby import TABLE, TABLE_HELP, my_running_tables
from .play import TableItem


async def show_order(interaction: discord.Interaction, report: OrderReport, text: str) -> None:
    """The order's report: after a dry run with a button to give the order for real (when the
    text fits a button's id), else above the player's fresh private panel."""
    lang = lang_of(interaction)
    interaction.extras["version"] = report.table.version
    note = order_text(report, lang)
    if report.dry_run:
        panel = Panel(note)
        try:
            custom_id = ids.ORDER.format(
                table=report.table.id, version=report.table.version, text=text.strip()
            )
        except ValueError:
            custom_id = None
        if custom_id is not None and ids.ORDER.parse(custom_id) is not None:
            label = t(lang, "bot.button.order_confirm")
            panel.components.append(ButtonSpec(custom_id, label, style="primary"))
        await send_panel(interaction, panel)
        return
    panel = await private_panel(
        report.table,
        report.rules,
        presenter_for(report.table.game),
        report.state,
        report.seat,
        lang,
        note=note,
        palette=await palette_of(interaction),
    )
    await send_panel(interaction, panel)


class OrderConfirm(TableItem, custom=ids.ORDER):
    """Give an order after its dry run, if the table has not moved on since."""

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = str(self.ids["text"])
        report = await tablero(interaction).tables.order(
            self.table, interaction.user.id, text, expected_version=self.version
        )
        await show_order(interaction, report, text)


class Orders(commands.Cog):
    """Orders typed in chat, and standing orders."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=L("order", "cmd.order.name"),
        description=L("Give your models an order in words, e.g. M1 F F L fire", "cmd.order.description"),
    )
    @app_commands.rename(
        text=L("text", "cmd.param.order_text"), dry_run=L("dry_run", "cmd.param.dry_run"), table=TABLE
    )
    @app_commands.describe(
        text=L("The order, e.g. M1 F F L fire or M1 move D7 overwatch", "cmd.param.order_text.description"),
        dry_run=L("Show what it costs first; nothing is applied", "cmd.param.dry_run.description"),
        table=TABLE_HELP,
    )
    @app_commands.autocomplete(table=my_running_tables)
    async def order(
        self,
        interaction: discord.Interaction,
        text: str,
        dry_run: bool = False,
        table: int | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        report = await tablero(interaction).tables.order(
            record.id, interaction.user.id, text, dry_run=dry_run
        )
        await show_order(interaction, report, text)

    @app_commands.command(
        name=L("standing", "cmd.standing.name"),
        description=L(
            "Answers given in advance to prompts, so an async game need not wait", "cmd.standing.description"
        ),
    )
    @app_commands.rename(
        name=L("order", "cmd.param.standing_name"), value=L("value", "cmd.param.standing_value"), table=TABLE
    )
    @app_commands.describe(
        name=L("Which standing order (empty: show yours)", "cmd.param.standing_name.description"),
        value=L("Its new value", "cmd.param.standing_value.description"),
        table=TABLE_HELP,
    )
    @app_commands.autocomplete(table=my_running_tables)
    async def standing(
        self,
        interaction: discord.Interaction,
        name: str | None = None,
        value: str | None = None,
        table: int | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await resolve_table(interaction, table)
        lang = lang_of(interaction)
        bot = tablero(interaction)
        seat = record.seat_of(interaction.user.id)
        offered = bot.tables.rules_of(record).standing_orders(seat) if seat else {}
        if not offered:
            raise Rejected("bot.standing_none", "This game takes no standing orders from your side.")
        lines: list[str] = []
        if name and value:
            record, answered = await bot.tables.set_standing(record.id, interaction.user.id, name, value)
            lines.append(
                t(
                    lang,
                    "bot.standing_set",
                    name=_name(record.game, name, lang),
                    value=_value(record.game, name, value, lang),
                )
            )
            if answered:
                lines.append(t(lang, "bot.standing_answered"))
        mine = (await bot.store.standing(record.id)).get(seat or "", {})
        lines.append(t(lang, "bot.standing_header", table=record.number))
        for key, values in offered.items():
            current = mine.get(key, values[0])
            lines.append(
                t(
                    lang,
                    "bot.standing_line",
                    name=_name(record.game, key, lang),
                    value=_value(record.game, key, current, lang),
                )
            )
        await send_panel(interaction, Panel("\n".join(lines)))

    @standing.autocomplete("name")
    async def _names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=_name(game, key, lang_of(interaction))[:100], value=key)
            for game, key, _values in await _offered(interaction)
            if current.lower() in key
        ][:25]

    @standing.autocomplete("value")
    async def _values(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        wanted = getattr(interaction.namespace, "name", None)
        return [
            app_commands.Choice(name=_value(game, key, value, lang_of(interaction))[:100], value=value)
            for game, key, values in await _offered(interaction)
            if key == wanted
            for value in values
        ][:25]


def _name(game: str, key: str, lang: str) -> str:
    return t(lang, f"{game}.standing.{key}")


def _value(game: str, key: str, value: str, lang: str) -> str:
    return t(lang, f"{game}.standing.{key}.{value}")


async def _offered(interaction: discord.Interaction) -> list[tuple[str, str, tuple[str, ...]]]:
    """(game, name, values) of the standing orders the user may give at the table in the command."""
    try:
        record = await resolve_table(interaction, getattr(interaction.namespace, "table", None))
    except Rejected:
        return []
    seat = record.seat_of(interaction.user.id)
    if seat is None:
        return []
    offered = tablero(interaction).tables.rules_of(record).standing_orders(seat)
    return [(record.game, key, values) for key, values in offered.items()]


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(OrderConfirm)
    await bot.add_cog(Orders(bot))
