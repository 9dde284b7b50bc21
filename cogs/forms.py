"""The one form path: a presenter's `Form` becomes a modal; its submit becomes an action through
`Presenter.parse_form` and goes to the table service like a click (`decide` has the last word).

The button (`tb:f:{table}:{version}:{form}`) opens the modal `tb:m:{table}:{version}:{form}`; the
submit is routed by that id (a listener, not discord.py's modal store), so a modal opened before a
restart still works. Fields are laid out with the label component (type 18).
"""

from __future__ import annotations

from typing import Any, TypeVar

import discord
from discord.ext import commands

from bot import ids
from bot.games import presenter_for
from bot.tables import FormAnswer, moved_on
from engine.core import Rejected
from renderers.base import Control, Field, Form

from .common import lang_of, tablero
from .play import TableItem, act, guarded

TITLE_MAX = 45
LABEL_MAX = 45
HINT_MAX = 100


def text_input(field: Field) -> discord.ui.Label[Any]:
    """One field: its label above, the hint as placeholder."""
    style = discord.TextStyle.paragraph if field.max_length > 100 else discord.TextStyle.short
    box: discord.ui.TextInput[Any] = discord.ui.TextInput(
        custom_id=field.key,
        placeholder=field.hint[:HINT_MAX] or None,
        required=field.required,
        max_length=field.max_length,
        style=style,
    )
    return discord.ui.Label(text=field.label[:LABEL_MAX], component=box)


def modal_for(form: Form, table: int, version: int) -> discord.ui.Modal:
    modal = discord.ui.Modal(
        title=form.title[:TITLE_MAX], custom_id=ids.MODAL.format(table=table, version=version, form=form.key)
    )
    for field in form.fields[:5]:
        modal.add_item(text_input(field))
    modal.stop()  # not kept in discord.py's modal store: the submit is routed by custom_id (restart-proof)
    return modal


def modal_values(data: Any) -> dict[str, str]:
    """The text inputs of a MODAL_SUBMIT, by custom_id (in action rows or in labels)."""
    values: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("type") == 4 and "custom_id" in node:
                values[str(node["custom_id"])] = str(node.get("value") or "")
            children = list(node.get("components") or [])
            if "component" in node:
                children.append(node["component"])
            for child in children:
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk((data or {}).get("components", []))
    return values


C = TypeVar("C", bound=Control)


async def offered_control(
    interaction: discord.Interaction, table: int, version: int, kind: type[C], key: str
) -> C:
    """The presenter's control `key` (a `kind`: a Form, an OrderPick) on the user's own panel at
    `version`: refused for a non-player, "the table moved on" when the panel is stale or the control
    is no longer offered."""
    loaded = await tablero(interaction).tables.load(table)
    seat = loaded.table.seat_of(interaction.user.id)
    if seat is None:
        raise Rejected(
            "bot.not_a_player", "You are not playing at table #{table}.", table=loaded.table.number
        )
    if loaded.state is None or loaded.table.version != version or loaded.table.is_over:
        raise moved_on()
    rules = loaded.rules
    view = rules.view(loaded.state, seat)
    legal = rules.legal_actions(loaded.state, seat) if seat in rules.active_seats(loaded.state) else []
    controls = presenter_for(loaded.table.game).controls(view, legal, lang_of(interaction)) or []
    found = next((c for c in controls if isinstance(c, kind) and getattr(c, "key", None) == key), None)
    if found is None:
        raise moved_on()
    return found


class FormButton(TableItem, custom=ids.FORM):
    """Opens the form's modal (it must be the first answer to the click, so nothing is deferred)."""

    async def run(self, interaction: discord.Interaction) -> None:
        version, key = int(self.ids["version"]), str(self.ids["form"])
        form = await offered_control(interaction, self.table, version, Form, key)
        await interaction.response.send_modal(modal_for(form, self.table, version))


class FormsCog(commands.Cog):
    """Routes modal submits by custom_id to the table service."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        found = ids.MODAL.parse(str(data.get("custom_id", "")))
        if found is None:
            return
        table, version = int(found["table"]), int(found["version"])
        answer = FormAnswer(str(found["form"]), modal_values(data), lang_of(interaction))
        await guarded(interaction, table, version, lambda: act(interaction, table, version, answer))


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(FormButton)
    await bot.add_cog(FormsCog(bot))


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(FormButton)
