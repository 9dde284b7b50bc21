"""/game watch and /game referee (issue 28 item 5): thin adapters, called by the /game group (cogs/lobby.py).

How players are kept out of the referee thread: it is a *private* thread (Discord type 12) opened by
the bot in the table's channel with `invitable=False`, so only moderators (Manage Threads: the bot
needs it, with Create Private Threads) may add members; the bot adds only the user the admin names, and refuses anyone who holds (or is invited to)
a seat at the table. The bot never mentions anyone in it (a mention would add them). Discord lets
users with Manage Threads (and administrators) see every private thread: a server admin who also
plays can always read it, and this cannot be prevented by a bot; the bot refuses to post the full
view on such a player's request all the same.
"""

from __future__ import annotations

import discord

from bot import watch
from bot.i18n import t
from bot.panels import Panel
from bot.store import TableRecord
from engine.core import Rejected

from .common import lang_of, resolve_table, send_panel, tablero

THREAD_ARCHIVE_MINUTES = 10080  # as the table's own thread


def _is_admin(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return perms.administrator or perms.manage_guild


def _plays(record: TableRecord, user_id: int) -> bool:
    return record.seat_of(user_id) is not None or user_id in record.invited


async def watch_table(interaction: discord.Interaction, table: int | None) -> None:
    """Add the user to the table's public thread: the board and the narration, nothing secret."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    record = await resolve_table(interaction, table)
    lang = lang_of(interaction)
    if _plays(record, interaction.user.id):
        raise Rejected(
            "watch.you_play", "You play at table #{table}: its thread is already yours.", table=record.number
        )
    if record.thread_id is None:
        raise Rejected("watch.no_thread", "Table #{table} has no thread to watch.", table=record.number)
    try:
        await tablero(interaction).http.add_user_to_thread(record.thread_id, interaction.user.id)
    except discord.HTTPException as exc:
        raise Rejected(
            "watch.cannot_add",
            "Discord would not let me add you to table #{table}'s thread.",
            table=record.number,
        ) from exc
    await send_panel(
        interaction, Panel(t(lang, "watch.watching", table=record.number, thread=f"<#{record.thread_id}>"))
    )


async def _follow(
    interaction: discord.Interaction, record: TableRecord, thread_id: int, user_id: int
) -> None:
    """Make `thread_id` the table's referee thread, kept up to date at every change by the delivery
    worker (bot/delivery.py `_referee`): stored with the table (it survives a restart), and the
    status row re-armed in the same transaction so the whole position is posted there now."""
    bot = tablero(interaction)
    async with bot.store.transaction() as tx:
        await tx.set_referee(record.id, thread_id, user_id)
        await tx.touch_status(record.id)
    bot.tables.notify()


async def _refresh(interaction: discord.Interaction, record: TableRecord) -> None:
    """Draw the referee thread's messages again now (deleted ones are posted again)."""
    bot = tablero(interaction)
    async with bot.store.transaction() as tx:
        await tx.touch_status(record.id)
    bot.tables.notify()


def _cannot_open(record: TableRecord) -> Rejected:
    return Rejected(
        "watch.cannot_open",
        "Discord would not let me open a referee thread for table #{table}: I need Create Private "
        "Threads and Manage Threads in its channel.",
        table=record.number,
    )


async def referee(interaction: discord.Interaction, table: int | None, user: discord.Member | None) -> None:
    """With `user` (admins): open a private "sees everything" thread for them in the table's channel.
    Without: post the current full view again, in the referee thread the command is used in."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    record = await resolve_table(interaction, table)
    lang = lang_of(interaction)
    bot = tablero(interaction)
    if user is None:
        here = interaction.channel
        ours = (
            isinstance(here, discord.Thread)
            and here.type is discord.ChannelType.private_thread
            and bot.user is not None
            and here.owner_id == bot.user.id
            and here.parent_id == record.channel_id
        )
        if not ours or here is None:
            raise Rejected(
                "watch.refresh_where",
                "Use this in table #{table}'s referee thread, or name the referee to open one.",
                table=record.number,
            )
        if _plays(record, interaction.user.id):
            raise Rejected(
                "watch.referee_is_player",
                "A player of table #{table} cannot see everything.",
                table=record.number,
            )
        referee = await bot.store.referee_of(record.id)
        if referee is None or referee.thread_id != here.id:  # an older referee thread: this one again
            await _follow(interaction, record, here.id, interaction.user.id)
        else:
            await _refresh(interaction, record)
        await send_panel(interaction, Panel(t(lang, "watch.refreshed", table=record.number)))
        return
    if not _is_admin(interaction):
        raise Rejected("watch.admin_only", "Only a server admin may open a referee thread.")
    if _plays(record, user.id):
        raise Rejected(
            "watch.referee_is_player",
            "A player of table #{table} cannot see everything.",
            table=record.number,
        )
    if record.channel_id is None:
        raise Rejected("watch.no_thread", "Table #{table} has no thread to watch.", table=record.number)
    try:
        data = await bot.http.start_thread_without_message(
            record.channel_id,
            name=watch.thread_name(record, record.lang),
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            type=discord.ChannelType.private_thread.value,
            invitable=False,
        )
    except discord.HTTPException as exc:
        raise _cannot_open(record) from exc
    thread_id = int(data["id"])
    try:
        await bot.http.add_user_to_thread(thread_id, user.id)
    except discord.HTTPException as exc:
        try:  # an empty referee thread helps nobody: take it away again
            await bot.http.delete_channel(thread_id)
        except discord.HTTPException:
            pass
        raise _cannot_open(record) from exc
    await _follow(interaction, record, thread_id, user.id)
    await send_panel(
        interaction, Panel(t(lang, "watch.referee_opened", table=record.number, thread=f"<#{thread_id}>"))
    )
