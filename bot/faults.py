"""A table never loses its way forward (issue 24 item 5): what the bot does when Discord refuses a
table's thread, when the thread is deleted, when the bot leaves a server and when a player does.

- Refused (50013 missing permissions, 50001 missing access, 50083 archived, 10003 deleted): a deleted
  thread is opened again in the table's channel and the board posted there afresh; an archived one is
  reopened when the bot may. Otherwise the table is marked with the fault (`tables.fault`), its
  players are told once by DM why the board stopped and what permission the bot needs, and the
  server's admins see it in `/game list`; the board's delivery keeps retrying with back-off and the
  mark is cleared by the first post that gets through. Moves go on all the while (buttons already
  shown, `/game status`).
- The bot removed from a server (GUILD_DELETE that is no outage): its running tables are marked
  "removed" and their players told; an invitation back clears the mark and redraws the boards.
- A player who leaves the server (GUILD_MEMBER_REMOVE, the members intent) is absent: their seat
  forfeits when the table's deadline has passed, unless they come back first. Reading, until the
  issue "Tables that outlive absent players" gives seats a choice (wait, the AI, forfeit): the
  table's deadline is the longest time limit the game now declares for that seat (an asynchronous
  table's deadline per prompt), else the reminder delay (TABLERO_REMINDER_DELAY, 6 h by default) —
  the time after which a table that waits on a player reminds them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from .i18n import game_name, t
from .store import NewDelivery, Store, TableRecord

if TYPE_CHECKING:
    from .tables import TableService

log = logging.getLogger(__name__)

REFUSALS = {
    50013: "missing_permissions",
    50001: "missing_access",
    50083: "archived",
    10003: "deleted",
}
"""Discord's error codes for a thread the bot cannot post in, and the fault each one marks."""
REMOVED = "removed"
ABSENT_KEY = "absent"
"""Deadline key prefix (kind "timeout") of an absent player's forfeit; the scheduler fires it."""
RUNNING = ("lobby", "active")


@runtime_checkable
class ThreadKeeper(Protocol):
    """What fixing a thread needs from Discord (the delivery's Messenger)."""

    async def open_thread(self, channel_id: int, name: str) -> int | None: ...
    async def reopen_thread(self, thread_id: int) -> bool: ...


class Faults:
    """Marks, tells and clears the tables' Discord faults; keeps absent players' forfeits."""

    def __init__(self, store: Store, *, clock: Callable[[], float], notify: Callable[[], None]) -> None:
        self.store = store
        self.clock = clock
        self.notify = notify  # the outbox (and deadlines) were written: deliver, look again
        self._reopening = asyncio.Lock()

    # --- refusals ----------------------------------------------------------------------------
    async def refused(self, table: TableRecord, code: int, keeper: ThreadKeeper) -> bool:
        """Discord refused the table's thread with `code`: fix what the bot may (True: post again
        now), else mark the table and tell its players (False: the post waits and retries)."""
        fault = REFUSALS.get(code, "missing_permissions")
        if fault == "deleted" and await self._reopen_elsewhere(table, keeper):
            return True
        if (
            fault == "archived"
            and table.thread_id is not None
            and await keeper.reopen_thread(table.thread_id)
        ):
            log.info("table %s: its archived thread was reopened", table.id)
            return True
        await self.mark(table, fault)
        return False

    async def _reopen_elsewhere(self, table: TableRecord, keeper: ThreadKeeper) -> bool:
        """A new thread in the table's channel, the board to be posted there afresh. Once: the
        table's two delivery lanes and THREAD_DELETE may all find the thread gone at once."""
        if table.channel_id is None or table.thread_id is None:
            return False
        async with self._reopening:
            fresh = await self.store.get_table(table.id)
            if fresh is None:
                return False
            if fresh.thread_id != table.thread_id:
                return True  # opened again meanwhile
            name = t(
                table.lang, "bot.thread_name", game=game_name(table.game, table.lang), table=table.number
            )
            thread_id = await keeper.open_thread(table.channel_id, name)
            if thread_id is None:
                return False
            async with self.store.transaction() as tx:
                await tx.update_table(table.id, thread_id=thread_id, status_message_id=None, fault=None)
                await tx.touch_status(table.id)  # the current board, posted in the new thread
        log.info("table %s: its thread was deleted; opened %s", table.id, thread_id)
        self.notify()
        return True

    async def mark(self, table: TableRecord, fault: str) -> None:
        """Mark the table with `fault` and, the first time (the mark was not already set), tell each
        of its players by DM (one outbox row each)."""
        if table.fault == fault:
            return
        async with self.store.transaction() as tx:
            await tx.update_table(table.id, fault=fault)
            if table.fault is None:
                for user in dict.fromkeys(table.human_users()):
                    await tx.add_delivery(
                        NewDelivery(
                            table_id=table.id,
                            version=table.version,
                            kind="fault",
                            target=f"user:{user}",
                            payload={"fault": fault},
                        )
                    )
        log.warning("table %s: Discord refuses its thread (%s); players told", table.id, fault)
        self.notify()

    async def clear(self, table: TableRecord) -> None:
        """A post got through: the table's fault is over."""
        if table.fault is None:
            return
        async with self.store.transaction() as tx:
            await tx.update_table(table.id, fault=None)
        log.info("table %s: its thread takes posts again", table.id)

    # --- gateway events ----------------------------------------------------------------------
    async def thread_deleted(self, guild_id: int | None, thread_id: int, keeper: ThreadKeeper) -> None:
        """THREAD_DELETE: each running table played there gets a new thread with its board."""
        for table in await self._running(guild_id, thread_id):
            if table.thread_id == thread_id:
                await self.refused(table, 10003, keeper)

    async def guild_removed(self, guild_id: int) -> None:
        """The bot left or was removed from a server: its running tables cannot be shown."""
        for table in await self.store.list_tables(guild_id=guild_id, statuses=RUNNING):
            await self.mark(table, REMOVED)

    async def guild_joined(self, guild_id: int) -> None:
        """Back in a server: the boards of its marked tables are drawn again (and the marks cleared
        when they get through)."""
        touched = False
        for table in await self.store.list_tables(guild_id=guild_id, statuses=RUNNING):
            if table.fault is not None:
                async with self.store.transaction() as tx:
                    await tx.touch_status(table.id)
                touched = True
        if touched:
            self.notify()

    async def member_left(self, service: TableService, guild_id: int, user_id: int) -> None:
        """A player left the server: each seat they hold at a running table of it forfeits at the
        table's deadline (see the module docstring), unless they come back first."""
        now = self.clock()
        for table in await self.store.list_tables(guild_id=guild_id, statuses=("active",), user_id=user_id):
            seat = table.seat_of(user_id)
            if seat is None:
                continue
            loaded = await service.load(table.id)
            limits: Sequence[float] = (
                [lim.seconds for lim in loaded.rules.time_limits(loaded.state) if lim.seat == seat]
                if loaded.state is not None
                else []
            )
            wait = max(limits) if limits else service.reminder_delay
            async with self.store.transaction() as tx:
                await tx.add_deadline(
                    table_id=table.id,
                    kind="timeout",
                    seat=seat,
                    key=f"{ABSENT_KEY}:{user_id}:{now:.0f}",
                    version=table.version,
                    due_at=now + wait,
                )
            log.info("table %s: the player of %s left the server; forfeit in %.0f s", table.id, seat, wait)
        self.notify()

    async def member_back(self, guild_id: int, user_id: int) -> None:
        """The player joined the server again before their forfeit: it is called off."""
        for table in await self.store.list_tables(guild_id=guild_id, statuses=("active",), user_id=user_id):
            seat = table.seat_of(user_id)
            for deadline in await self.store.pending_deadlines(table.id, "timeout"):
                if deadline.seat == seat and deadline.key.startswith(f"{ABSENT_KEY}:{user_id}:"):
                    async with self.store.transaction() as tx:
                        await tx.set_deadline_status(deadline.id, "void")

    async def _running(self, guild_id: int | None, channel_id: int) -> list[TableRecord]:
        return await self.store.list_tables(guild_id=guild_id, statuses=RUNNING, channel_id=channel_id)


def is_absence(key: str) -> bool:
    """Whether a timeout deadline is an absent player's forfeit (Faults.member_left)."""
    return key.startswith(f"{ABSENT_KEY}:")


def absent_user(key: str) -> int:
    return int(key.split(":")[1])


def fault_dm_text(table: TableRecord, lang: str) -> str:
    """The DM that tells a table's players what Discord refused it (`table.fault` set), with where to
    look: sent by the delivery worker, or as a line of the morning message after quiet hours."""
    assert table.fault is not None
    return t(
        lang,
        f"bot.fault_dm.{table.fault}",
        table=table.number,
        game=game_name(table.game, lang),
        thread=f"<#{table.thread_id}>" if table.thread_id else "—",
        channel=f"<#{table.channel_id}>" if table.channel_id else "—",
    )
