"""The generic action UI: persistent buttons, selects and forms routed by custom_id (DynamicItem).

Every component carries the table id (and, for choices, the version it was drawn for; formats in
bot/ids.py), so it works after a restart with no per-message state. Each item is a `TableItem`
naming its id format; its `run` defers within the 3-second limit (ephemerally, before any private
follow-up), calls the table service, and answers with the player's fresh private panel. Errors go
through the bot's single error handler. A presenter's forms (modals) are in cogs/forms.py.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord
from discord.ext import commands

from bot import ids, why
from bot.aio import breathe
from bot.app import release_interaction
from bot.errors import reply
from bot.games import presenter_for
from bot.i18n import game_name, t
from bot.panels import Panel, private_panel, rules_summary
from bot.store import TableRecord
from bot.tables import Applied, Choice, moved_on
from engine.core import Rejected

from .common import lang_of, palette_of, send_panel, tablero

# Refusals after which the player is shown where the table stands now.
SHOW_STATE_AFTER = {"bot.table_moved_on", "bot.time_ran_out", "core.not_your_turn", "core.game_over"}


class TableItem(discord.ui.DynamicItem[Any], template=r"tb:(?!)"):
    """A persistent component of a table: `custom` is its id format (its verb and fields).

    Subclass with `custom=ids.SOMETHING` and write `run`; `self.ids` holds the id's fields
    (`table`, and `version` for choices). `select = True` makes it a select menu."""

    custom: ClassVar[ids.CustomId]
    select: ClassVar[bool] = False

    def __init_subclass__(cls, *, custom: ids.CustomId | None = None, template: str | None = None) -> None:
        if custom is not None:
            cls.custom = custom
        super().__init_subclass__(template=template or cls.custom.template)

    def __init__(self, **values: Any) -> None:
        custom_id = self.custom.format(**values)
        item: discord.ui.Item[Any] = (
            discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="-")])
            if self.select
            else discord.ui.Button(custom_id=custom_id)
        )
        super().__init__(item)
        self.ids = values

    @property
    def verb(self) -> str:
        return self.custom.verb

    @property
    def table(self) -> int:
        return int(self.ids["table"])

    @property
    def version(self) -> int | None:
        version = self.ids.get("version")
        return None if version is None else int(version)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableItem:
        return cls(**cls.custom.values(match))

    def picked(self) -> str:
        """The value picked in a select ("" when none)."""
        values = getattr(self.item, "values", None) or []
        return str(values[0]) if values else ""

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await guarded(interaction, self.table, self.version, lambda: self.run(interaction))
        finally:
            release_view(self.view)

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


def release_view(view: discord.ui.View | discord.ui.LayoutView | None) -> None:
    """Break the item-to-view references of the View discord.py rebuilt from the clicked message to
    run a DynamicItem (ui/view.py schedule_dynamic_item_call): with them every click left a
    reference cycle for the full collection (issue 24 item 8). The click is done with the view."""
    if view is None:
        return
    for child in list(view.walk_children()):
        child._view = None
        inner = getattr(child, "item", None)
        if isinstance(inner, discord.ui.Item):
            inner._view = None


async def guarded(interaction: discord.Interaction, table: int, version: int | None, body: Any) -> None:
    """Run a component callback; any exception takes the same path as a slash command's."""
    interaction.extras["table"] = table
    interaction.extras["version"] = version
    try:
        await body()
    except Exception as exc:
        await tablero(interaction).errors.handle(interaction, exc)
    finally:
        release_interaction(interaction)  # answered: its reference cycles broken (issue 24 item 8)


async def show_private(
    interaction: discord.Interaction,
    table_id: int,
    *,
    note: str | None = None,
    page: int = 0,
    group: int | None = None,
    preview: tuple[int, int] | None = None,
    letters: int | None = None,
) -> None:
    """The user's private panel for a table, ephemeral, built fresh from the store; `preview`
    (version, index): that legal action previewed, if the table is still at that version;
    `letters`: that page of the lettered buttons (issue 29 item 4)."""
    bot = tablero(interaction)
    loaded = await bot.tables.load(table_id)
    previewed: int | None = None
    if preview is not None:
        version, previewed = preview
        if version != loaded.table.version:  # the table moved on: its index means another action now
            previewed = None
            note = t(lang_of(interaction), "bot.preview.stale")
    await breathe()  # between loading and drawing: a click that arrived meanwhile is answered first
    interaction.extras["version"] = loaded.table.version
    seat = loaded.table.seat_of(interaction.user.id)
    if seat is None:
        raise Rejected(
            "bot.not_a_player", "You are not playing at table #{table}.", table=loaded.table.number
        )
    panel = await private_panel(
        loaded.table,
        loaded.rules,
        presenter_for(loaded.table.game),
        loaded.state,
        seat,
        lang_of(interaction),
        page=page,
        group=group,
        preview=previewed,
        letters=letters,
        note=note,
        palette=await palette_of(interaction),
    )
    await breathe()  # and between drawing and sending (see bot.aio.breathe)
    if (
        in_place(interaction)
        and interaction.response.is_done()
        and (preview is not None or letters is not None)
    ):
        await interaction.edit_original_response(
            content=panel.clipped(), attachments=panel.discord_files(), view=panel.view()
        )
        return
    await send_panel(interaction, panel)


def in_place(interaction: discord.Interaction) -> bool:
    """Whether a click is answered by updating the panel it was made on (issue 15: no new message
    per click): only a private panel (ephemeral, or in the player's DMs), never a public message."""
    message = interaction.message
    return (
        interaction.type is discord.InteractionType.component
        and message is not None
        and (message.flags.ephemeral or message.guild is None)
    )


async def act(interaction: discord.Interaction, table_id: int, version: int, choice: Choice) -> None:
    """Apply the choice (an index, an action, its data or a form's answer), then show the player's
    panel with the result, built from what `submit` returns (one load of the table per click): the
    clicked private panel is updated in place (a deferred update, then an edit of the original)."""
    update = in_place(interaction)
    if not interaction.response.is_done():
        if update:
            await interaction.response.defer()  # type 6: the panel itself becomes the answer
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
    applied = await tablero(interaction).tables.submit(table_id, interaction.user.id, choice, version)
    await answer(interaction, applied, update=update)


async def answer(interaction: discord.Interaction, applied: Applied, *, update: bool = False) -> None:
    """The player's panel after their move: the label they chose (drawn from their view before the
    move, e.g. "Fly route A: 7♠"; shown to them only), what it did (the game's `action_report` of
    its own events, e.g. a shot's roll and what it needed), then where the table stands."""
    interaction.extras["version"] = applied.table.version
    await breathe()  # the move is committed; other clicks' acknowledgements before its panel
    lang = lang_of(interaction)
    presenter = presenter_for(applied.table.game)
    label = presenter.action_label(applied.action, lang, applied.before)
    note = t(lang, "bot.you_chose", label=label)
    for typed, said, value, unit in applied.converted:  # one unit system per table: the conversion echoed
        note += " " + t(lang, "measure.converted", typed=typed, said=said, value=round(value, 2), unit=unit)
    shown = [s for e in applied.own if (s := e.redacted_for(applied.seat)) is not None]
    report = presenter.action_report(shown, lang) if shown else None
    panel = await private_panel(
        applied.table,
        applied.rules,
        presenter,
        applied.state,
        applied.seat,
        lang,
        note=f"{note}\n{report}" if report else note,
        palette=await palette_of(interaction),
    )
    if why.ruled(shown) or why.shows_ruling(applied, presenter, lang):  # issue 29 item 5
        panel = why.with_why(panel, applied.table.id, lang)  # a shot, a move, a roll: "Why?" explains it
    await breathe()
    if update:
        await interaction.edit_original_response(
            content=panel.clipped(), attachments=panel.discord_files(), view=panel.view()
        )
    else:
        await send_panel(interaction, panel)


async def refusal_with_state(interaction: discord.Interaction, error: Rejected) -> None:
    """The error handler's follow-up for refusals on a table: the reason, plus the current state."""
    note = interaction.extras.get("refusal") or error.text
    table = interaction.extras.get("table")
    bot = tablero(interaction)
    record = await bot.store.get_table(table) if table is not None else None
    if error.message_id in SHOW_STATE_AFTER and record is not None and record.seat_of(interaction.user.id):
        await show_private(interaction, record.id, note=f"**{note}**")
        return
    if error.ruling is not None and record is not None:  # a measure said no: "Why?" shows it
        await send_panel(
            interaction, Panel(note, components=[why.why_button(record.id, lang_of(interaction))])
        )
        return
    await reply(interaction, note)


# --- choices -----------------------------------------------------------------------------------------


class ActionButton(TableItem, custom=ids.ACTION):
    """One legal action, by its index at the version drawn."""

    async def run(self, interaction: discord.Interaction) -> None:
        await act(interaction, self.table, int(self.ids["version"]), int(self.ids["index"]))


class ActionJsonButton(TableItem, custom=ids.ACTION_JSON):
    """One action carried as compact JSON (a presenter's Button with an Action)."""

    async def run(self, interaction: discord.Interaction) -> None:
        data = ids.read_choice(str(self.ids["action"]))
        if not isinstance(data, dict):
            raise Rejected("bot.bad_choice", "That choice is not on offer any more.")
        await act(interaction, self.table, int(self.ids["version"]), data)


class ActionSelect(TableItem, custom=ids.SELECT):
    """A menu of choices: each value is an index or an action's JSON; an index whose action the game
    previews (Presenter.preview_text) shows its preview first, as its button would."""

    select = True

    async def run(self, interaction: discord.Interaction) -> None:
        choice = ids.read_choice(self.picked())
        if choice is None:
            raise Rejected("bot.bad_choice", "That choice is not on offer any more.")
        version = int(self.ids["version"])
        if isinstance(choice, int) and await previews(interaction, self.table, version, choice):
            await preview_choice(interaction, self.table, version, choice)
            return
        await act(interaction, self.table, version, choice)


async def previews(interaction: discord.Interaction, table_id: int, version: int, index: int) -> bool:
    """Whether the clicker's legal action `index` at `version` is one the game previews before it is spent."""
    loaded = await tablero(interaction).tables.load(table_id)
    seat = loaded.table.seat_of(interaction.user.id)
    if seat is None or loaded.state is None or loaded.table.version != version:
        return False
    if seat not in loaded.rules.active_seats(loaded.state):
        return False
    legal = loaded.rules.legal_actions(loaded.state, seat)
    if not 0 <= index < len(legal):
        return False
    view = loaded.rules.view(loaded.state, seat)
    presenter = presenter_for(loaded.table.game)
    return presenter.preview_text(view, legal[index], lang_of(interaction)) is not None


async def preview_choice(interaction: discord.Interaction, table_id: int, version: int, index: int) -> None:
    """Show a legal action's preview (what it does and costs, drawn) with Confirm and Cancel; the
    clicked private panel is updated in place. Nothing is spent (issue 26 item 5)."""
    if in_place(interaction):
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    await show_private(interaction, table_id, preview=(version, index))


class PreviewButton(TableItem, custom=ids.PREVIEW):
    """A legal action's button when the game previews it: its preview first, then Confirm or Cancel."""

    async def run(self, interaction: discord.Interaction) -> None:
        await preview_choice(interaction, self.table, int(self.ids["version"]), int(self.ids["index"]))


class GroupSelect(TableItem, custom=ids.GROUP):
    """Step one of "pick a piece, then its action": shows the picked piece's actions."""

    select = True

    async def run(self, interaction: discord.Interaction) -> None:
        picked = ids.read_choice(self.picked())
        await interaction.response.defer(ephemeral=True, thinking=True)
        await show_private(interaction, self.table, group=picked if isinstance(picked, int) else None)


class PageButton(TableItem, custom=ids.PAGE):
    """Another page of a long action list (page 0 is also "back" from a piece's actions)."""

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await show_private(interaction, self.table, page=int(self.ids["page"]))


class LetterButton(TableItem, custom=ids.LETTER):
    """A lettered target (issue 29 item 4): the legal action by its index, its preview first when the
    game previews it, as its button in the menus would."""

    async def run(self, interaction: discord.Interaction) -> None:
        version, index = int(self.ids["version"]), int(self.ids["index"])
        if await previews(interaction, self.table, version, index):
            await preview_choice(interaction, self.table, version, index)
            return
        await act(interaction, self.table, version, index)


class LettersButton(TableItem, custom=ids.LETTERS):
    """Picking by letter (issue 29 item 4): a page of the acting piece's lettered targets, on the
    panel it was clicked on (a private panel is updated in place)."""

    async def run(self, interaction: discord.Interaction) -> None:
        if in_place(interaction):
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        group = int(self.ids["group"])
        await show_private(
            interaction, self.table, group=group - 1 if group else None, letters=int(self.ids["page"])
        )


class LegacyButton(TableItem, template=ids.LEGACY):
    """A component drawn by a retired game cog ("ak:…"): the table has moved on."""

    custom = ids.CustomId("ak")

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableItem:
        made = cls.__new__(cls)
        discord.ui.DynamicItem.__init__(made, item)  # type: ignore[arg-type]
        made.ids = {"table": int(match["table"]), "version": int(match["version"])}
        return made

    async def run(self, interaction: discord.Interaction) -> None:
        raise moved_on()


# --- table buttons -----------------------------------------------------------------------------------


class HandButton(TableItem, custom=ids.HAND):
    """'My hand': the player's secrets and choices, as an ephemeral reply built from the store."""

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await show_private(interaction, self.table)


class RulesButton(TableItem, custom=ids.RULES):
    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await tablero(interaction).tables.get(self.table)
        summary = rules_summary(record.game, presenter_for(record.game), lang_of(interaction))
        await interaction.followup.send(summary, ephemeral=True)


class RematchButton(TableItem, custom=ids.REMATCH):
    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = tablero(interaction)

        async def new_thread(table: TableRecord) -> int | None:
            lang = table.lang
            name = t(lang, "bot.thread_name", game=game_name(table.game, lang), table=table.number)
            parent = table.channel_id
            return None if parent is None else await bot.open_thread(None, parent, name)

        new, created = await bot.tables.rematch(self.table, interaction.user.id, new_thread=new_thread)
        # The reply links the new thread (issue 27 item 5); the invited opponent is asked to accept.
        if new.status == "lobby":
            key = "bot.rematch_offered" if created else "bot.rematch_waiting"
        else:
            key = "bot.rematch_started" if created else "bot.rematch_on"
        where = f"<#{new.thread_id}>" if new.thread_id else ""
        await interaction.followup.send(
            t(lang_of(interaction), key, table=new.number, where=where), ephemeral=True
        )


class JoinButton(TableItem, custom=ids.JOIN):
    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await tablero(interaction).tables.join(self.table, interaction.user.id)
        # One prompt for the joiner (issue 15): their DM carries the choices (or, with closed DMs, a
        # mention sends them to "My hand"); this answer only says where they stand.
        if record.rematch_of is not None and record.status == "active":  # an accepted rematch: where it is
            where = f"<#{record.thread_id}>" if record.thread_id else ""
            text = t(lang_of(interaction), "bot.rematch_accepted", table=record.number, where=where)
        else:
            key = "bot.started" if record.status == "active" else "bot.joined_waiting"
            text = t(lang_of(interaction), key, table=record.number)
        await interaction.followup.send(text, ephemeral=True)


class StartButton(TableItem, custom=ids.START):
    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await tablero(interaction).tables.start(self.table, interaction.user.id)
        await interaction.followup.send(
            t(lang_of(interaction), "bot.started", table=record.number), ephemeral=True
        )


DYNAMIC_ITEMS: tuple[type[TableItem], ...] = (
    ActionButton,
    ActionJsonButton,
    ActionSelect,
    PreviewButton,
    GroupSelect,
    PageButton,
    LetterButton,
    LettersButton,
    LegacyButton,
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
