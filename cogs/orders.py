"""/order (an order typed in chat, read by the game) and /standing (standing orders): thin
adapters over bot.tables. Which words an order takes, and which standing orders exist, is the
game's business (`Rules.read_order`, `Rules.standing_orders`); a game without them refuses."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.games import presenter_for
from bot.i18n import t
from bot.orders import order_text
from bot.panels import ButtonSpec, Panel, private_panel
from bot.tables import OrderReport, moved_on
from engine.core import Rejected
from renderers.base import OrderPick

from .common import L, lang_of, palette_of, resolve_table, send_panel, tablero
from .forms import TITLE_MAX, modal_values, offered_control, text_input
from .lobby import TABLE, TABLE_HELP, my_running_tables
from .play import TableItem, guarded, in_place

ORDER_TEXT_MAX = 80
"""The longest order a dry run's Confirm button can carry (its id holds the text: bot/ids.py)."""


async def show_order(interaction: discord.Interaction, report: OrderReport, text: str) -> None:
    """The order's report: after a dry run with Confirm (give the order for real, when the text fits
    a button's id; else the report says to give it again without the dry run) and Cancel; after the
    real order, above the player's fresh private panel."""
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
            cancel = ids.ORDER_CANCEL.format(table=report.table.id)
            panel.components.append(ButtonSpec(cancel, t(lang, "bot.button.order_cancel"), style="secondary"))
        else:
            panel.content += "\n" + t(lang, "bot.order.no_button", count=ORDER_TEXT_MAX)
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


class OrderCancel(TableItem, custom=ids.ORDER_CANCEL):
    """Drop an order after its dry run: nothing was applied; the dry run's message says so, without
    its buttons."""

    async def run(self, interaction: discord.Interaction) -> None:
        note = t(lang_of(interaction), "bot.order.cancelled")
        if in_place(interaction):  # the player's own dry run (ephemeral, or in a DM): edited in place
            await interaction.response.edit_message(content=note, view=None)
        else:
            await interaction.response.send_message(note, ephemeral=True)


async def order_pick(interaction: discord.Interaction, table: int, version: int, key: str) -> OrderPick:
    """The presenter's OrderPick `key` on the user's panel at `version`, or "the table moved on"."""
    return await offered_control(interaction, table, version, OrderPick, key)


class OrderPickSelect(TableItem, custom=ids.ORDER_PICK):
    """The picks of an OrderPick (e.g. the units to move as a group): opens its form's modal,
    whose id carries the picks (so it works after a restart). The modal must be the first answer."""

    select = True

    async def run(self, interaction: discord.Interaction) -> None:
        version, key = int(self.ids["version"]), str(self.ids["key"])
        pick = await order_pick(interaction, self.table, version, key)
        offered = {value for _, value in pick.options}
        picked = [v for v in (getattr(self.item, "values", None) or []) if v in offered]
        if not picked:
            raise moved_on()
        try:
            custom_id = ids.ORDER_MODAL.format(
                table=self.table, version=version, key=key, picked=".".join(picked)
            )
        except ValueError:
            raise moved_on() from None
        modal = discord.ui.Modal(title=pick.title[:TITLE_MAX], custom_id=custom_id)
        modal.add_item(text_input(pick.field))
        modal.stop()  # routed by custom_id (Orders.on_interaction), not by discord.py's modal store
        await interaction.response.send_modal(modal)


class Orders(commands.Cog):
    """Orders typed in chat, and standing orders."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=L("order", "cmd.order.name"),
        description=L(
            "Give an order in words, e.g. M1 F F L fire or R1 move 12 N; R3 fire B3",
            "cmd.order.description",
        ),
    )
    @app_commands.rename(
        text=L("text", "cmd.param.order_text"), dry_run=L("dry_run", "cmd.param.dry_run"), table=TABLE
    )
    @app_commands.describe(
        text=L(
            "The order, e.g. M1 move D7 overwatch or R1 move 12 N; R3 fire B3",
            "cmd.param.order_text.description",
        ),
        dry_run=L(
            "Show each step first, with Confirm and Cancel; nothing is applied",
            "cmd.param.dry_run.description",
        ),
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

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """An OrderPick's modal submitted: its picks and the typed answer as an order, dry run first."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        found = ids.ORDER_MODAL.parse(str(data.get("custom_id", "")))
        if found is None:
            return
        table, version, key = int(found["table"]), int(found["version"]), str(found["key"])
        picked = str(found["picked"]).split(".")
        typed = " ".join(modal_values(data).values()).strip()

        async def rehearse() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            pick = await order_pick(interaction, table, version, key)
            text = pick.order.format(picked=" ".join(picked), typed=typed)
            report = await tablero(interaction).tables.order(
                table, interaction.user.id, text, dry_run=True, expected_version=version
            )
            await show_order(interaction, report, text)

        await guarded(interaction, table, version, rehearse)

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
    bot.add_dynamic_items(OrderConfirm, OrderCancel, OrderPickSelect)
    await bot.add_cog(Orders(bot))
