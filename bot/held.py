"""Quiet hours' holding (issue 26 item 2, bot/quiet.py): every ping and every DM to a player goes
through it, and what it held goes out as one message when their quiet hours end.

The delivery worker (bot/delivery.py) sends two sorts of rows that reach a player:

- **direct** rows, a DM to one player (`dm`: their turn's private panel, or their choices when a
  stand-in hands the seat back; `fault`: what the bot needs to draw a table again). During the
  player's quiet hours the row itself waits (`not_before` = their end, `last_error` = `QUIET`).
- **posts** in a table's thread that mention players (`NOTIFYING_KINDS`: a reminder, a time
  warning, a stand-in taking a seat, a pause or a take-back asked, a take-back refused, a rematch
  invitation, a player's turn when their DMs are closed, the end of the game), and the one ping
  that is not the worker's: `/game new`'s answer challenging an opponent (cogs/lobby.py). The post goes out at
  once, for everyone else, but a player in their quiet hours is not pinged by it (Discord's allowed
  mentions: the name is shown, no notification); instead a `held` row is written for them, with a
  line saying what it was and a jump link to the post, waiting like a DM.

When the quiet hours end, the first held row that falls due gathers **every** row held for that
player, at every table (and across a restart: they are outbox rows), into one message: by DM, one
line per table (its game and number, a link to its status message) with what happened there, each
with its link. A turn that is no longer theirs, a table that ended meanwhile or a take-back already
answered are left out. When everything held is a single table where it is now their turn, that one
message is their private panel (choices and picture), with the lines above it.

Reading, for a player whose DMs are closed: a bot can only reach them by a mention in a channel, and
one message cannot be in two channels, so the morning message is one post per channel (each table
has its own thread: one per table), mentioning them once there. Unavoidable; the issue's "merged into
one message" holds per channel.

A player who acted at a table in the last `AWAKE_S` seconds (bot/quiet.py) is awake there: a live
game at night is not held. The status message is edited, never posted anew, and edits ping nobody.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from renderers.i18n import language_of

from .absence import reason
from .faults import fault_dm_text
from .games import presenter_for
from .i18n import game_name, t
from .offload import Priority
from .panels import Panel, mention, private_panel, status_link
from .quiet import AWAKE_S, quiet_end
from .store import DeliveryRecord, NewDelivery, Store, TableRecord

TURN = "\x00turn"  # a held turn DM's line: the table's own line says it is their turn
QUIET = "quiet hours"
"""The `last_error` of a row held through its player's quiet hours (not an error: a hold)."""

DIRECT_KINDS = frozenset({"dm", "fault", "held"})
"""Rows addressed to one player (target `user:<id>...`), delivered by DM."""
NOTIFYING_KINDS = frozenset(
    {"dm", "fault", "turn", "end", "reminder", "warning", "dm_notice", "invite", "stand_in", "pause", "undo"}
)
"""Every kind of row that may ping a player or reach their DMs: all go through the hold."""
SILENT_KINDS = frozenset({"status", "dm_edit", "held"})
"""The rest: the status message and a DM brought up to date are edits (no ping), and `held` is the
hold's own row (it is sent only when the quiet hours are over)."""


def user_of(row: DeliveryRecord) -> int:
    """The player a direct row is for ("user:<id>", "user:<id>:back")."""
    return int(row.target.split(":")[1])


def message_link(table: TableRecord, channel: int, message_id: int) -> str | None:
    if table.guild_id is None:
        return None
    return f"https://discord.com/channels/{table.guild_id}/{channel}/{message_id}"


class Hold:
    """The worker's part that holds pings and DMs through quiet hours and sends the morning message."""

    def __init__(
        self,
        store: Store,
        service: Any,
        send_dm: Callable[[int, Panel, str], Awaitable[int | None]],
        send: Callable[[int, Panel, str, Sequence[int]], Awaitable[int]],
        clock: Callable[[], float],
        *,
        owner: str = "",
        lease: float = 30.0,
    ) -> None:
        self.store = store
        self.service = service
        self._send_dm = send_dm
        self._send = send
        self.clock = clock
        self.owner = owner  # the worker's name on the rows it claims (bot/leases.py)
        self.lease = lease
        self._locks: dict[int, asyncio.Lock] = {}

    # --- holding ---------------------------------------------------------------------------------
    async def until(self, table: TableRecord, user: int) -> float | None:
        """When `user`'s quiet hours end, if they hold a ping or a DM of this table now; None: now."""
        player = await self.store.get_player(user)
        if player is None or not player.quiet:
            return None
        now = self.clock()
        end = quiet_end(now, player.timezone, player.quiet)
        seat = table.seat_of(user)
        if end is None:
            return None
        if seat is not None and any(
            r.actor == seat and r.at >= now - AWAKE_S for r in await self.store.load_events(table.id)
        ):
            return None  # awake: playing at this table now
        return end

    async def split(self, table: TableRecord, users: Sequence[int]) -> tuple[list[int], list[int]]:
        """(who a post may ping now, who it must not: in their quiet hours)."""
        now: list[int] = []
        held: list[int] = []
        for user in users:
            (held if await self.until(table, user) is not None else now).append(user)
        return now, held

    async def keep(
        self,
        table: TableRecord,
        users: Sequence[int],
        link: str | None,
        what: str,
        params: dict[str, Any],
        *,
        key: int,
        source: str,
        version: int,
        expires: float | None = None,
    ) -> None:
        """A post went out without pinging `users`: a held row for each (`what`: the catalog id of
        its line, `params` its values, `link` the post, `source` its kind, `version` the table's
        version it was about, `expires` when it is moot). Written once per post and player (`key`:
        the post's outbox row; 0 for the challenge that opened a table), so a resend after a crash
        writes nothing twice."""
        async with self.store.transaction() as tx:
            for user in users:
                await tx.add_delivery(
                    NewDelivery(
                        table_id=table.id,
                        version=key,
                        kind="held",
                        target=f"user:{user}",
                        payload={
                            "what": what,
                            "params": params,
                            "link": link,
                            "from": source,
                            "version": version,
                            "expires": expires,
                        },
                    )
                )

    # --- the morning -----------------------------------------------------------------------------
    async def morning(self, row: DeliveryRecord) -> tuple[str, int | None, str | None]:
        """`row` was held and its player's quiet hours are over: everything held for them, at every
        table, in one message (see the module's docstring). The other rows it covers are finished
        here; `row`'s outcome is returned (the worker records it, as any row's)."""
        user = user_of(row)
        lock = self._locks.setdefault(user, asyncio.Lock())
        async with lock:
            fresh = await self.store.get_delivery(row.id)
            if fresh is None or fresh.status != "pending":  # another table's row took it along
                return (
                    (fresh.status, fresh.message_id, fresh.last_error) if fresh else ("skipped", None, None)
                )
            rows = [
                r
                for r in await self.store.pending_deliveries(self.clock())
                if r.kind in DIRECT_KINDS
                and (r.last_error == QUIET or r.kind == "held")
                and user_of(r) == user
            ]
            # The other rows are claimed for this process too (bot/leases.py): one another process
            # holds is its to send (its own morning message), never a line of two messages. A row
            # this process is claiming at this instant in another lane (another table's held row
            # falling due at the same time) is waited for, not skipped: skipped, that lane would
            # send a second morning message (its morning then finds the row done, and sends none).
            now = self.clock()
            rows = [
                r
                for r in rows
                if r.id == row.id
                or await self.store.claim_delivery(
                    r.id, owner=self.owner, now=now, until=now + self.lease, wait=True
                )
                is None
            ]
            if all(r.id != row.id for r in rows):
                rows.append(fresh)
            player = await self.store.get_player(user)
            tables: dict[int, TableRecord] = {}
            for r in rows:
                if r.table_id not in tables and (table := await self.store.get_table(r.table_id)) is not None:
                    tables[r.table_id] = table
            home = tables[row.table_id].lang if row.table_id in tables else "en"
            lang = language_of(player.locale if player else None, home)
            lines: dict[int, list[str]] = {}
            turns: list[int] = []
            used: list[int] = []
            for r in sorted(rows, key=lambda r: r.id):
                table = tables.get(r.table_id)
                said = None if table is None else await self._line(r, table, user, lang)
                if said is None:
                    continue
                used.append(r.id)
                if said == TURN:
                    if r.table_id not in turns:
                        turns.append(r.table_id)
                    lines.setdefault(r.table_id, [])
                elif said not in lines.setdefault(r.table_id, []):
                    lines[r.table_id].append(said)
            message_id = None
            if lines:
                nonce = f"tbq{min(used)}"  # the same rows, the same nonce: a resend is not a second message
                message_id = await self._deliver(nonce, user, lang, player, tables, lines, turns)
            async with self.store.transaction() as tx:
                for r in rows:
                    if r.id == row.id:
                        continue
                    if r.id in used:
                        await tx.finish_delivery(r.id, "done", message_id=message_id)
                    else:
                        await tx.finish_delivery(r.id, "skipped", error="moved on")
            if row.id in used:
                return "done", message_id, None
            return "skipped", None, "moved on"

    async def _line(self, row: DeliveryRecord, table: TableRecord, user: int, lang: str) -> str | None:
        """What one held row says now (`TURN` for a turn that is still theirs), or None if nothing."""
        if row.kind == "dm":
            return TURN if await self._their_turn(table, user) else None
        if row.kind == "fault":
            if table.fault is None:
                return None
            return fault_dm_text(table, lang)
        what = str(row.payload.get("what", ""))
        source = row.payload.get("from")
        if source != "end" and table.status not in ("active", "lobby"):
            return None  # the table ended meanwhile: its requests and reminders are moot
        if source == "reminder" or what == "quiet.part_turn":  # the table's line says it is their turn
            return TURN if await self._their_turn(table, user) else None
        if source in ("invite", "challenge") and (table.status != "lobby" or table.seat_of(user) is not None):
            return None  # answered: the rematch started, or they joined
        if source == "stand_in" and (seat := table.seat_of(user)) is not None and not reason(table, seat):
            return None  # they are back already
        expires = row.payload.get("expires")
        if isinstance(expires, int | float) and expires <= self.clock():
            return None  # a time warning whose time is up
        if (
            source == "undo"
            and what == "quiet.part_undo_asked"
            and (not table.undo.get("asked") or table.version != row.payload.get("version"))
        ):
            return None  # answered, or the table moved on (its buttons are stale)
        if what == "quiet.part_pause_asked" and (table.paused or not table.pause.get("asked")):
            return None  # paused meanwhile, or the request is gone
        link = row.payload.get("link") or status_link(table) or ""
        return t(lang, what, link=link, **dict(row.payload.get("params") or {}))

    async def _their_turn(self, table: TableRecord, user: int) -> bool:
        seat = table.seat_of(user)
        if table.status != "active" or seat is None:
            return False
        loaded = await self.service.load(table.id)
        return loaded.state is not None and seat in loaded.rules.active_seats(loaded.state)

    async def _deliver(
        self,
        nonce: str,
        user: int,
        lang: str,
        player: Any,
        tables: dict[int, TableRecord],
        lines: dict[int, list[str]],
        turns: list[int],
    ) -> int:
        """The one message: by DM (the private panel when it is all one table's turn), else one post
        per channel with a mention. `nonce`: the same for the same rows, so a resend after a crash
        is not a second message."""
        blocks = {tid: self._block(tables[tid], tid in turns, lines[tid], lang) for tid in lines}
        closed = player is not None and player.dm_status == "closed"
        if not closed:
            head = t(lang, "quiet.digest_head")
            if len(blocks) == 1 and turns:  # one table, their turn: its private panel is the message
                [tid] = list(blocks)
                table = tables[tid]
                loaded = await self.service.load(tid)
                panel = await private_panel(
                    table,
                    loaded.rules,
                    presenter_for(table.game),
                    loaded.state,
                    table.seat_of(user),
                    lang,
                    note="\n".join([head, t(lang, "quiet.digest_your_turn"), *lines[tid]]),
                    link=True,
                    priority=Priority.BACKGROUND,
                )
            else:
                panel = Panel("\n".join([head, *blocks.values()]))
            sent = await self._send_dm(user, panel, nonce)  # None: their DMs are closed
            if sent is not None:
                return sent
            async with self.store.transaction() as tx:
                await tx.upsert_player(user, dm_status="closed")
        by_channel: dict[int, list[int]] = {}
        for tid in blocks:
            channel = tables[tid].post_channel_id
            if channel is not None:
                by_channel.setdefault(channel, []).append(tid)
        first = 0
        for channel, tids in sorted(by_channel.items()):
            table_lang = tables[tids[0]].lang
            text = "\n".join(
                [
                    t(table_lang, "quiet.digest_mention", player=mention(user)),
                    *(self._block(tables[tid], tid in turns, lines[tid], table_lang) for tid in tids),
                ]
            )
            sent = await self._send(channel, Panel(text), f"{nonce}c{channel % 10**6}", [user])
            first = first or sent
        return first

    @staticmethod
    def _block(table: TableRecord, turn: bool, lines: list[str], lang: str) -> str:
        head = t(
            lang,
            "quiet.digest_table_turn" if turn else "quiet.digest_table",
            game=game_name(table.game, lang),
            table=table.number,
            link=status_link(table) or "",
        )
        return "\n".join([head, *lines])
