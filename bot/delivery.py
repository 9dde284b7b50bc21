"""The outbox worker: turns pending `deliveries` rows into Discord messages, exactly once in effect.

Persist first, deliver second: the table service writes outbox rows in the same transaction as the
events they announce; this worker delivers them afterwards and resumes whatever is still pending
after a crash or restart. Edits are idempotent (the status message is re-rendered from the store);
new messages carry a nonce derived from the row (Discord's `enforce_nonce` returns the already
created message instead of a duplicate when a resend follows a crash) and their id is recorded.
A closed DM (403, code 50007) is recorded on the player and announced once in the game thread;
it never blocks the game.

Several processes (issue 25 item 5): each runs this worker. Before a row is sent it is claimed with
a lease (bot/leases.py): a process that finds a lane's next row leased by another leaves that lane
to it until the lease runs out (so a lane's rows still go out in order), and takes it over then if
the other hangs. If the other died, its claim is free at once: the death wakes this worker
(`notify`, from the scheduler's look at who is alive) and the lane is taken over then. A message is sent at least once, always with its nonce (discord.py adds
`enforce_nonce`), so a second send after a lost lease or a crash is dropped by Discord.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Literal, Protocol

import aiohttp
import discord

from engine.core import Event, Rules
from renderers.i18n import language_of

from . import absence, ids, watch, why
from .aio import breathe, stop_tasks, wait_event
from .backoff import Backoff, FaultLog
from .crashpoints import crash_point
from .errors import log_failure
from .export import fairness_line
from .faults import REFUSALS, Faults, ThreadKeeper, fault_dm_text
from .games import presenter_for, rules_for
from .held import DIRECT_KINDS, QUIET, Hold, message_link
from .i18n import game_name, t
from .leases import LEASE_S, owner_id
from .offload import Priority
from .panels import (
    ButtonSpec,
    Panel,
    mention,
    narration_lines,
    outcome_text,
    pause_notice,
    private_panel,
    stand_in_notice,
    status_link,
    status_panel,
    status_ref,
    turn_content,
    undo_notice,
)
from .store import DeliveryRecord, NewDelivery, RefereeRecord, StorageUnavailable, Store, TableRecord
from .tables import TableService

log = logging.getLogger(__name__)


MAX_ATTEMPTS = 8
BACKOFF_CAP_S = 60.0
"""Longest wait between two tries while the store keeps failing (or a lane keeps failing)."""

Wait = Callable[[asyncio.Event, float], Awaitable[bool]]
THREAD_ARCHIVE_MINUTES: Literal[60, 1440, 4320, 10080] = 10080  # as bot/app.py opens a table's thread
PRIVATE_KINDS = ("dm", "fault")  # delivered by DM, not in the table's thread
ARCHIVED = 50083
"""Discord's code for a thread that is archived (a message there needs it reopened first)."""


class DeliveryError(Exception):
    """Base of the outcomes a messenger reports."""


class Transient(DeliveryError):
    """Worth retrying later (5xx, network, timeouts)."""


class Permanent(DeliveryError):
    """Retrying will not help (missing permissions, unknown channel)."""


class ThreadRefused(Permanent):
    """Discord refuses the table's channel or thread: missing permissions (50013), missing access
    (50001), archived (50083), deleted (10003). bot/faults.py decides what to do."""

    def __init__(self, code: int) -> None:
        super().__init__(f"thread refused {code}")
        self.code = code


class DmClosed(DeliveryError):
    """The user does not accept DMs from the bot (403, code 50007)."""


class LeasedElsewhere(Exception):
    """Another process holds the row's lease (bot/leases.py) until `until`: its lane is left to it."""

    def __init__(self, until: float) -> None:
        super().__init__(f"leased elsewhere until {until}")
        self.until = until


class MessageGone(DeliveryError):
    """The message to edit no longer exists (404, code 10008)."""


class Messenger(Protocol):
    """What the worker needs from Discord."""

    async def send(self, channel_id: int, panel: Panel, *, nonce: str, ping: Sequence[int] = ()) -> int: ...
    async def edit(self, channel_id: int, message_id: int, panel: Panel) -> None: ...
    async def send_dm(self, user_id: int, panel: Panel, *, nonce: str) -> int: ...
    async def edit_dm(self, user_id: int, message_id: int, panel: Panel) -> None: ...


def _classify(exc: BaseException) -> DeliveryError:
    if isinstance(exc, discord.HTTPException) and exc.code in REFUSALS:
        return ThreadRefused(exc.code)
    if isinstance(exc, discord.Forbidden):
        return DmClosed(str(exc.code)) if exc.code == 50007 else Permanent(f"forbidden {exc.code}")
    if isinstance(exc, discord.NotFound):
        return MessageGone("10008") if exc.code == 10008 else Permanent(f"not found {exc.code}")
    if isinstance(exc, discord.HTTPException):
        if exc.status >= 500 or exc.status == 429:
            return Transient(f"http {exc.status}")
        return Permanent(f"http {exc.status} code {exc.code}")
    if isinstance(exc, discord.RateLimited | aiohttp.ClientError | asyncio.TimeoutError | OSError):
        return Transient(type(exc).__name__)
    raise exc


class DiscordMessenger:
    """The Messenger over a discord.py client (REST only; no gateway cache needed)."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._dm_channels: dict[int, int] = {}

    async def send(self, channel_id: int, panel: Panel, *, nonce: str, ping: Sequence[int] = ()) -> int:
        channel = self.client.get_partial_messageable(channel_id)
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in ping]
        )
        try:
            message = await channel.send(**self._kwargs(panel), nonce=nonce, allowed_mentions=mentions)
        except Exception as exc:
            raise _classify(exc) from exc
        return message.id

    async def edit(self, channel_id: int, message_id: int, panel: Panel) -> None:
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        kwargs = self._kwargs(panel)
        try:
            await message.edit(
                content=kwargs.get("content"),
                attachments=kwargs.get("files", []),
                view=kwargs.get("view"),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except Exception as exc:
            raise _classify(exc) from exc

    async def _dm_channel(self, user_id: int) -> int:
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            channel_id = (await self.client.create_dm(discord.Object(user_id))).id
            self._dm_channels[user_id] = channel_id
        return channel_id

    async def edit_dm(self, user_id: int, message_id: int, panel: Panel) -> None:
        """Edit a DM the bot sent this user (their private panel, brought up to date)."""
        try:
            channel_id = await self._dm_channel(user_id)
        except Exception as exc:
            raise _classify(exc) from exc
        await self.edit(channel_id, message_id, panel)

    async def send_dm(self, user_id: int, panel: Panel, *, nonce: str) -> int:
        try:
            channel_id = await self._dm_channel(user_id)
            channel = self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
            message = await channel.send(
                **self._kwargs(panel), nonce=nonce, allowed_mentions=discord.AllowedMentions.none()
            )
        except Exception as exc:
            raise _classify(exc) from exc
        return message.id

    async def open_thread(self, channel_id: int, name: str) -> int | None:
        """A public thread in the channel (a table's thread opened again), or None if refused."""
        try:
            data = await self.client.http.start_thread_without_message(
                channel_id,
                name=name[:100],
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                type=discord.ChannelType.public_thread.value,
            )
        except discord.HTTPException as exc:
            log.warning("could not open a thread in channel %s: %s %s", channel_id, exc.status, exc.code)
            return None
        return int(data["id"])

    async def reopen_thread(self, thread_id: int) -> bool:
        """Unarchive a thread (False when the bot may not: a locked thread needs Manage Threads)."""
        try:
            await self.client.http.edit_channel(thread_id, archived=False)
        except discord.HTTPException as exc:
            log.warning("could not reopen thread %s: %s %s", thread_id, exc.status, exc.code)
            return False
        return True

    @staticmethod
    def _kwargs(panel: Panel) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"content": panel.clipped()}
        files = panel.discord_files()
        if files:
            kwargs["files"] = files
        view = panel.view()
        if view is not None:
            kwargs["view"] = view
        return kwargs


TURNS_READ = 16
"""How many of a table's newest turn announcements `recent_turns` reads at first (a turn summary is
nearly always among them; if not, it reads on)."""


async def recent_turns(
    store: Store, table: TableRecord, *, summary: bool = True
) -> tuple[list[Event], list[Event]]:
    """The events of the table's latest change (the range its newest turn announcement covers) and
    of its newest public turn summary (the last whole game turn or turns): two reads whatever the
    length of the game, its newest announcements and the events they cover (not its whole outbox
    and log, as these once were read for every edit of the status message); a third for a game
    turn of more than TURNS_READ announcements, back to its summary. `summary=False`: the latest
    change alone (its summary is neither looked for nor read: [] in its place)."""
    turns = await store.latest_turns(table.id, TURNS_READ if summary else 1)
    if not turns:
        return [], []
    found = next((r for r in turns if r.payload.get("summary", True)), None) if summary else None
    if summary and found is None and len(turns) == TURNS_READ:  # a long turn: its summary is further back
        found = await store.latest_summary(table.id)
    newest = turns[0]
    spans = [(newest.payload["from"], newest.payload["to"])]
    if found is not None:
        spans.append((found.payload["from"], found.payload["to"]))
    records = await store.load_events(
        table.id, max(last for _, last in spans), since=min(first for first, _ in spans)
    )
    rules = rules_for(table.game)
    parsed = {r.seq: rules.parse_event(r.data) for r in records}

    def span(first: int, last: int) -> list[Event]:
        return [parsed[seq] for seq in sorted(parsed) if first <= seq <= last]

    return span(*spans[0]), (span(*spans[1]) if found is not None else [])


async def last_change(store: Store, table: TableRecord) -> list[Event]:
    """The events of the table's latest change: the range its newest turn announcement covers (one
    announcement and its events read, no summary: `/game status`)."""
    return (await recent_turns(store, table, summary=False))[0]


async def last_summary(store: Store, table: TableRecord) -> list[Event]:
    """The events of the table's newest public turn summary (the last whole game turn or turns)."""
    return (await recent_turns(store, table))[1]


def _lane_of(kind: str) -> str:
    """Which of a table's two delivery lanes a row of this kind goes in (see DeliveryWorker._dispatch)."""
    return "status" if kind == "status" else "messages"


def nonce_for(row: DeliveryRecord) -> str:
    """Stable per outbox row and generation (≤ 25 characters, as Discord requires)."""
    return f"tb{row.id}g{row.generation}"[:25]


def status_nonce(table: TableRecord, replacing: int | None = None) -> str:
    """The status message's nonce: one per table (and per deleted message it replaces), not per
    generation, so a post that reached Discord just before a crash is never posted a second time
    when a newer change re-armed the row before the retry."""
    return f"tbs{table.id}" if replacing is None else f"tbs{table.id}r{replacing % 10**9}"


class DeliveryWorker:
    """Delivers pending outbox rows: one task per table lane at a time (its status message; the
    rest), rows of a lane in order."""

    def __init__(
        self,
        store: Store,
        service: TableService,
        messenger: Messenger,
        *,
        clock: Callable[[], float] = time.time,
        poll_interval: float = 30.0,
        retry_base: float = 2.0,
        wait: Wait = wait_event,
        rng: random.Random | None = None,
        faults: Faults | None = None,
        keeper: ThreadKeeper | None = None,
        owner: str | None = None,
        lease: float = LEASE_S,
    ) -> None:
        self.owner = owner or owner_id()  # this process's name on the rows it claims
        self.lease = lease
        # lanes whose next row another process holds a lease on: left to it until then
        self._elsewhere: dict[tuple[int, str], float] = {}
        self.faults = faults  # Discord refusing a table's thread (bot/faults.py); None: plain failures
        self.keeper = keeper
        self.store = store
        self.service = service
        self.messenger = messenger
        self.clock = clock
        self.poll_interval = poll_interval
        self.retry_base = retry_base
        self._wait = wait  # tests inject one that moves their clock instead of sleeping
        self._wake = asyncio.Event()
        # Back off, never spin (issue 24 item 1): a failing store pauses every lane (`_paused_until`;
        # a commit elsewhere, `notify`, ends the pause early: the store writes again); a lane that
        # fails for another reason (a bug) is held alone (`_held`), the other tables go on.
        self._backoff = Backoff(base=0.5, cap=BACKOFF_CAP_S, rng=rng)
        self._lane_backoff: dict[tuple[int, str], Backoff] = {}
        self._held: dict[tuple[int, str], float] = {}
        self._paused_until = float("-inf")
        self._committed = asyncio.Event()
        self._rng = rng
        self._jitter = rng or random.Random()
        self.fault_log = FaultLog(log, "delivery", clock=clock)
        self._task: asyncio.Task[None] | None = None
        # The running delivery task of each table's lane: "status" (its status message) and
        # "messages" (everything else, in order), so a status edit never waits behind a DM.
        self._tables: dict[tuple[int, str], asyncio.Task[int]] = {}
        self._idle = asyncio.Event()
        self._handlers: dict[
            str, Callable[[DeliveryRecord, TableRecord], Awaitable[tuple[str, int | None, str | None]]]
        ] = {
            "status": self._status,
            "turn": self._turn,
            "dm": self._dm,
            "dm_notice": self._dm_notice,
            "dm_edit": self._dm_edit,
            "invite": self._invite,
            "end": self._end,
            "reminder": self._reminder,
            "warning": self._warning,
            "stand_in": self._stand_in,
            "pause": self._pause,
            "undo": self._undo,
            "fault": self._fault,
            "held": self._held_line,
        }
        # Every ping and DM goes through the quiet hours' hold (bot/held.py, issue 26 item 2).
        self.hold = Hold(
            store, service, self._dm_or_none, self._send_pinged, clock, owner=self.owner, lease=self.lease
        )

    # --- lifecycle ---------------------------------------------------------------------------
    def notify(self) -> None:
        """Something was written: deliver it soon. Lanes left to another process's lease are looked
        at again too: this commit may have re-armed a table's status row, which frees the claim on
        it (a process that died mid-edit; the store's `touch_status`); a lane still leased is left
        again at once by its claim (one statement)."""
        self._elsewhere.clear()
        self._idle.clear()
        self._committed.set()
        self._wake.set()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._loop(), name="tablero-delivery")

    async def stop(self, timeout: float = 2.0) -> None:
        """Stop delivering within `timeout` s: rows not yet sent stay pending in the outbox (the next
        start delivers them); a row caught mid-send is at worst sent again under its nonce."""
        await stop_tasks([self._task, *self._tables.values()], timeout, what="delivery worker")
        self._task = None
        self._tables.clear()

    def busy(self) -> list[asyncio.Task[int]]:
        """The lanes being delivered now (tests that drive the worker's clock settle them first)."""
        return list(self._tables.values())

    async def wait_idle(self, timeout: float = 10.0) -> None:
        """Until nothing is pending (for tests and orderly shutdown); TimeoutError after `timeout` s."""
        if not await wait_event(self._idle, timeout):
            raise TimeoutError(f"deliveries still pending after {timeout} s")

    async def _loop(self) -> None:
        while True:
            pause = self._paused_until - self.clock()
            if pause > 0:  # the store failed: wait, unless a commit shows it works again
                self._committed.clear()
                await self._wait(self._committed, pause)
                self._paused_until = float("-inf")
            self._wake.clear()
            try:
                started = await self._dispatch()
                soonest = await self.store.next_wakeup()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._failed(exc)
                continue
            if not started and soonest is None and not self._tables:
                self._succeeded()  # nothing left to deliver: nothing failing either
            now = self.clock()
            timeout = self.poll_interval
            if soonest is not None and soonest > now:
                timeout = max(0.05, min(timeout, soonest - now))
            if self._held:
                timeout = max(0.05, min(timeout, min(self._held.values()) - now))
            if self._elsewhere:
                timeout = max(0.05, min(timeout, min(self._elsewhere.values()) - now))

            # rows due now all belong to tables being delivered: their tasks wake us when done.
            # Idle only if nothing runs, nothing is held and no row waits: the last is read only
            # when the others say idle (a busy pass sends one query fewer), and they are looked at
            # again after it (a commit meanwhile has woken us and cleared the idle mark).
            if self._quiet() and not (soonest is not None and await self._waiting()) and self._quiet():
                self._idle.set()  # (rows held through a player's quiet hours wait on their own)
            await self._wait(self._wake, timeout)  # not asyncio.wait_for: see bot/aio.py

    def _quiet(self) -> bool:
        """No wake-up pending, no lane running, none held back."""
        return not self._wake.is_set() and not self._tables and not self._held

    async def _waiting(self) -> bool:
        """Whether a row is pending besides those held through quiet hours."""
        try:
            return await self.store.pending_besides(QUIET)
        except Exception:  # the pass's own read worked a moment ago; count it as busy
            return True

    def _failed(self, exc: BaseException, key: tuple[int, str] | None = None) -> None:
        """A pass or a lane failed: a storage fault pauses them all, anything else holds its lane;
        either way with a growing, jittered delay, and a log line per kind per minute."""
        if isinstance(exc, StorageUnavailable) or key is None:
            delay = self._backoff.failed()
            self._paused_until = max(self._paused_until, self.clock() + delay)
        else:
            backoff = self._lane_backoff.setdefault(key, Backoff(base=0.5, cap=BACKOFF_CAP_S, rng=self._rng))
            delay = backoff.failed()
            self._held[key] = self.clock() + delay
        self.fault_log.failed(exc, delay, "" if key is None else f" of table {key[0]} ({key[1]})")

    def _succeeded(self, key: tuple[int, str] | None = None) -> None:
        """Work went through: back to full speed."""
        self._backoff.succeeded()
        if key is not None:
            self._lane_backoff.pop(key, None)
            self._held.pop(key, None)
        self.fault_log.succeeded()

    async def run_once(self) -> int:
        """Deliver every due row once; returns how many rows were handled."""
        counts = await asyncio.gather(*await self._dispatch())
        return sum(counts)

    async def _dispatch(self) -> list[asyncio.Task[int]]:
        """Start delivering each table lane that has due rows and no running task: tables never wait
        on each other (a slow render or a rate-limited channel holds up only its own table), and a
        table's status message never waits behind its own DMs and posts (issue 9 item 7: a DM's
        picture is drawn last in the worker pool's order, and the board is the table's news)."""
        running, now = self._tables, self.clock()
        self._held = {key: until for key, until in self._held.items() if until > now}
        self._elsewhere = {key: until for key, until in self._elsewhere.items() if until > now}
        held, elsewhere = self._held, self._elsewhere
        rows = await self.store.pending_deliveries(
            now,
            skip=lambda table, kind: (
                (table, _lane_of(kind)) in running
                or (table, _lane_of(kind)) in held
                or (table, _lane_of(kind)) in elsewhere
            ),
        )
        lanes: dict[tuple[int, str], list[DeliveryRecord]] = {}
        for row in rows:  # by table and id: a table's status row (its first) opens its lanes
            lanes.setdefault((row.table_id, _lane_of(row.kind)), []).append(row)
        started = []
        for key, lane_rows in lanes.items():
            if key in self._tables:
                continue  # its task looks again when it is done
            status = self._tables.get((key[0], "status")) if key[1] == "messages" else None
            task = asyncio.create_task(
                self._run_lane(lane_rows, status), name=f"tablero-delivery-{key[0]}-{key[1]}"
            )
            self._tables[key] = task
            task.add_done_callback(functools.partial(self._table_done, key))
            started.append(task)
        return started

    def _table_done(self, key: tuple[int, str], task: asyncio.Task[int]) -> None:
        self._tables.pop(key, None)
        if not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            assert exc is not None
            self._failed(exc, key)  # logged there, at most once a minute per kind
        self._wake.set()  # rows may have arrived for this table meanwhile

    async def _run_lane(self, rows: list[DeliveryRecord], status: asyncio.Task[int] | None) -> int:
        """Deliver a lane's rows in order. The status lane never waits for the other; the other
        starts after a status edit already under way: a table's thread opens with its status
        message (posts link to it), and a player told by DM that it is their turn finds the board
        already showing that turn (a DM that overtook its edit sent them to the lobby's buttons,
        or to the last board). A status edit that starts later does not hold the DMs up."""
        if status is not None and not status.done():
            await asyncio.wait([status])
        for count, row in enumerate(rows):
            key = (row.table_id, _lane_of(row.kind))
            try:
                await self.deliver(row)
            except LeasedElsewhere as exc:  # another process sends this lane: the rest wait for it
                self._elsewhere[key] = exc.until
                return count
            self._succeeded(key)
        return len(rows)

    # --- one row -----------------------------------------------------------------------------
    async def deliver(self, row: DeliveryRecord) -> None:
        if row.kind == "status":
            # The status message is drawn from the table as it is now, so it settles the generation
            # read now, not the one of the pass's list: a change committed after the list was read
            # is in this drawing and needs no second one. Read before the table (a change committed
            # in between re-arms the row past this generation, and it stays pending: never lost).
            fresh = await self.store.get_delivery(row.id)
            if fresh is None or fresh.status != "pending":
                return
            row = fresh
        table = await self.store.get_table(row.table_id)
        if table is None:
            return
        if row.kind in DIRECT_KINDS and row.target.startswith("user:"):
            held = await self.hold.until(table, int(row.target.split(":")[1]))
            if held is not None:  # the player's quiet hours (bot/held.py): held until they end
                async with self.store.transaction() as tx:
                    await tx.retry_delivery(row.id, held, QUIET)
                return
            morning = row.kind == "held" or row.last_error == QUIET  # their end: everything held, at once
        else:
            morning = False
        # The attempt counted and the row claimed for this process (bot/leases.py), in one write.
        now = self.clock()
        other = await self.store.claim_delivery(row.id, owner=self.owner, now=now, until=now + self.lease)
        if other is not None:
            if other > 0:
                raise LeasedElsewhere(other)
            return  # sent (or given up) by another process meanwhile
        crash_point("delivery.before")
        try:
            if morning:
                status, message_id, error = await self.hold.morning(row)
            else:
                status, message_id, error = await self._handlers[row.kind](row, table)
            crash_point("delivery.sent")  # Discord has it; the outbox row does not know yet
        except Transient as exc:
            await self._retry(row, str(exc))
            return
        except StorageUnavailable:
            raise  # not the row's fault: the lane stops and the worker backs off (nothing counted)
        except ThreadRefused as exc:
            if self.faults is None or self.keeper is None or row.kind in PRIVATE_KINDS:
                status, message_id, error = "failed", None, f"{type(exc).__name__}: {exc}"
            else:
                fixed = await self.faults.refused(table, exc.code, self.keeper)
                if fixed:  # a new thread, or reopened: again now (a status row was re-armed)
                    async with self.store.transaction() as tx:
                        await tx.retry_delivery(row.id, self.clock(), str(exc))
                    self.notify()
                else:  # marked and told; tried again with back-off, in case an admin fixes it
                    await self._retry(row, str(exc))
                return
        except (Permanent, MessageGone, DmClosed) as exc:
            log.warning(
                "delivery %s (%s, table %s v%s) failed: %s", row.id, row.kind, row.table_id, row.version, exc
            )
            status, message_id, error = "failed", None, f"{type(exc).__name__}: {exc}"
        except Exception as exc:  # a bug: log where, never what (no secrets), retry a few times
            log_failure(
                log, exc, "delivery %s (%s) failed", row.id, row.kind, table=row.table_id, version=row.version
            )
            if row.attempts + 1 >= 3:
                status, message_id, error = "failed", None, type(exc).__name__
            else:
                await self._retry(row, type(exc).__name__)
                return
        async with self.store.transaction() as tx:
            await tx.finish_delivery(
                row.id,
                status,
                generation=row.generation if row.kind == "status" else None,
                message_id=message_id,
                error=error,
            )
        crash_point("delivery.after")
        if (
            self.faults is not None
            and table.fault is not None
            and status == "done"
            and row.kind not in PRIVATE_KINDS
        ):
            await self.faults.clear(table)  # the thread takes posts again

    async def _retry(self, row: DeliveryRecord, error: str) -> None:
        attempts = row.attempts + 1
        async with self.store.transaction() as tx:
            if attempts >= MAX_ATTEMPTS:
                await tx.finish_delivery(row.id, "failed", error=error)
            else:
                # Discord's 5xx/429/network: the row's own back-off, with jitter (rows that failed
                # together do not come back together)
                delay = min(self.retry_base**attempts, 300.0) * (0.5 + 0.5 * self._jitter.random())
                await tx.retry_delivery(row.id, self.clock() + delay, error)
        log.info("delivery %s (%s, table %s) will retry: %s", row.id, row.kind, row.table_id, error)

    # --- kinds -------------------------------------------------------------------------------
    async def _status(self, row: DeliveryRecord, table: TableRecord) -> tuple[str, int | None, str | None]:
        channel = table.post_channel_id
        if channel is None:
            return "skipped", None, "no channel"
        # The reads at once, not one after another: on PostgreSQL each is a round trip on a pooled
        # connection of its own (one wait instead of four; on SQLite they queue on its reader as
        # before). A change committed meanwhile re-armed this row: it is drawn again after.
        loaded, (recent, last_turn), deadlines, referee = await asyncio.gather(
            self.service.load(table.id),
            recent_turns(self.store, table),
            self.store.pending_deadlines(table.id, "timeout"),
            self.store.referee_of(table.id),
        )
        table = loaded.table  # the record the state belongs to (its version names the image)
        panel = await status_panel(
            table, loaded.rules, presenter_for(table.game), loaded.state, recent, deadlines, last_turn
        )
        await breathe()  # between the texts and the upload's request (see bot.aio.breathe)
        message_id = await self._status_message(channel, table, panel)
        # the referee thread follows every change the status message shows (bot/watch.py)
        await self._referee(table, loaded.rules, loaded.state, referee)
        return "done", message_id, None

    async def _status_message(self, channel: int, table: TableRecord, panel: Panel) -> int:
        """Edit the table's status message, or post it (again, when someone deleted it)."""
        replacing = None
        if table.status_message_id is not None:
            try:
                await self.messenger.edit(channel, table.status_message_id, panel)
                return table.status_message_id
            except MessageGone:
                replacing = table.status_message_id  # deleted by someone: post a fresh one below
        message_id = await self.messenger.send(channel, panel, nonce=status_nonce(table, replacing))
        async with self.store.transaction() as tx:
            await tx.update_table(table.id, status_message_id=message_id)
        return message_id

    async def _referee(
        self, table: TableRecord, rules: Rules[Any], state: Any | None, referee: RefereeRecord | None
    ) -> None:
        """The table's referee thread (`/game referee`), if it has one: the whole position as every
        seat knows it, kept in the same message(s) there, edited at every change (the quiet rule:
        never a new post per turn). A referee who has taken a seat since gets nothing more (a player
        never reads the full view); a thread Discord refuses is logged and left, never the table's
        fault (its own thread is fine). `referee`: the table's, as read with the status message's
        other reads."""
        if referee is None:
            return
        if table.seat_of(referee.user_id) is not None or referee.user_id in table.invited:
            async with self.store.transaction() as tx:
                await tx.drop_referee(table.id)
            log.warning("table %s: its referee took a seat; the referee thread is no longer fed", table.id)
            return
        texts = watch.referee_messages(table, rules, presenter_for(table.game), state, table.lang)
        spare = t(table.lang, "watch.referee_spare")
        kept = list(referee.messages)
        try:
            try:
                ids = await self._referee_messages(referee.thread_id, kept, texts, spare, table)
            except ThreadRefused as exc:
                keeper = self.keeper
                if (
                    exc.code != ARCHIVED
                    or keeper is None
                    or not await keeper.reopen_thread(referee.thread_id)
                ):
                    raise
                ids = await self._referee_messages(referee.thread_id, kept, texts, spare, table)
        except Permanent as exc:  # ThreadRefused included: not the table's thread, so no fault
            log.warning("table %s: referee thread %s refused the view: %s", table.id, referee.thread_id, exc)
            return
        if ids != kept:
            async with self.store.transaction() as tx:
                await tx.set_referee_messages(table.id, ids)

    async def _referee_messages(
        self, thread_id: int, kept: list[int], texts: list[str], spare: str, table: TableRecord
    ) -> list[int]:
        """Edit the kept messages to `texts` (posting those missing or deleted); the ids now."""
        ids: list[int] = []
        for i, text in enumerate(texts):
            if i < len(kept):
                try:
                    await self.messenger.edit(thread_id, kept[i], Panel(text))
                    ids.append(kept[i])
                    continue
                except MessageGone:
                    pass  # deleted in the thread: posted again
            nonce = f"tbr{table.id}v{table.version}n{i}"
            ids.append(await self.messenger.send(thread_id, Panel(text), nonce=nonce))
        for extra in kept[len(texts) :]:  # the position got shorter: the spare messages say so
            try:
                await self.messenger.edit(thread_id, extra, Panel(spare))
                ids.append(extra)
            except MessageGone:
                pass
        return ids

    async def _turn(self, row: DeliveryRecord, table: TableRecord) -> tuple[str, int | None, str | None]:
        channel = table.post_channel_id
        if channel is None:
            return "skipped", None, "no channel"
        rules = rules_for(table.game)
        records = await self.store.load_events(table.id, row.payload["to"], since=row.payload["from"])
        events: list[Event] = [rules.parse_event(r.data) for r in records]
        presenter = presenter_for(table.game)
        actors = [r.actor for r in records]
        lines = narration_lines(presenter, events, table.lang, actors=actors, table=table)
        stood_in = any(absence.stand_in_of(a) for a in actors)
        # A whole turn: the game's own summary, if it writes one; a turn a stand-in played in keeps
        # the narration line by line, each of its moves marked "(the AI for Blue)" (bot/absence.py).
        if row.payload.get("summary", True) and not stood_in:
            shown = [s for e in events if (s := e.redacted_for(None)) is not None]
            lines = presenter.turn_summary(shown, table.lang) or lines
        current = table.version == row.version
        final = current and table.status == "finished"
        to_act = row.payload.get("ping", []) if current and table.status == "active" else []
        # A hand-over notifies each player once (issue 15): their DM of this change carries the
        # choices and is the ping; a mention here only when their DMs are known to be closed.
        ping = [u for u in to_act if (p := await self.store.get_player(u)) and p.dm_status == "closed"]
        if not row.payload.get("summary", True):  # within a turn: no post, unless someone needs a mention
            if not ping:
                return "skipped", None, "within a turn"
            lines = []
        # The opening post carries the seed's commitment, the final one reveals the seed (bot/export.py).
        opening = row.payload.get("from") == 1 and row.payload.get("summary", True)
        footer = fairness_line(table, table.lang) if opening or final else None
        content = turn_content(
            table, lines, ping, table.lang, final=final, link=status_link(table), dms=False, footer=footer
        )
        if not content:
            return "skipped", None, None
        if final:  # the players who did not make the last move learn the game is over (named in it)
            movers = {r.actor for r in records[-1:]}  # the seat whose move ended it
            ping = [u for s in table.seats if (u := table.user_of(s)) is not None and s not in movers]
        what = "quiet.part_end" if final else "quiet.part_turn"
        message_id = await self._posted(row, table, channel, Panel(content), ping, what, {})
        return "done", message_id, None

    async def _dm(self, row: DeliveryRecord, table: TableRecord) -> tuple[str, int | None, str | None]:
        if table.status != "active" or await self.store.newer_delivery_exists(row):
            return "skipped", None, "superseded"
        user_id = int(row.target.split(":")[1])  # "user:<id>", or "user:<id>:back" (bot/absence.py)
        seat = table.seat_of(user_id)
        if seat is None:
            return "skipped", None, "no seat"
        player = await self.store.get_player(user_id)
        lang = language_of(player.locale if player else None, table.lang)
        loaded = await self.service.load(table.id)
        panel = await private_panel(
            table,
            loaded.rules,
            presenter_for(table.game),
            loaded.state,
            seat,
            lang,
            link=True,
            priority=Priority.BACKGROUND,  # behind the clicks' jobs and the public boards
            palette=player.palette if player else None,
        )
        panel = why.with_why(panel, table.id, lang)  # issue 29 item 5: what ruled the turn they missed
        try:
            message_id = await self.messenger.send_dm(user_id, panel, nonce=nonce_for(row))
        except DmClosed:
            async with self.store.transaction() as tx:
                await tx.upsert_player(user_id, dm_status="closed")
                # once per table and player: tell them in the thread to use the "My hand" button
                await tx.add_delivery(
                    NewDelivery(table_id=table.id, version=0, kind="dm_notice", target=row.target)
                )
            self.notify()
            return "failed", None, "dm_closed"
        if player is None or player.dm_status != "open":
            await self.store.upsert_player(user_id, dm_status="open")
        return "done", message_id, None

    async def _fault(self, row: DeliveryRecord, table: TableRecord) -> tuple[str, int | None, str | None]:
        """Tell a player by DM, once, why the table's board stopped and what the bot needs."""
        if table.fault is None:
            return "skipped", None, "fixed meanwhile"
        user_id = int(row.target.split(":", 1)[1])
        player = await self.store.get_player(user_id)
        lang = language_of(player.locale if player else None, table.lang)
        content = fault_dm_text(table, lang)
        try:
            message_id = await self.messenger.send_dm(user_id, Panel(content), nonce=nonce_for(row))
        except DmClosed:
            return "failed", None, "dm_closed"
        return "done", message_id, None

    async def _dm_edit(self, row: DeliveryRecord, table: TableRecord) -> tuple[str, int | None, str | None]:
        """Bring the player's last private panel (their newest DM of this table) up to date, with no
        new message (issue 27 items 6 and 9): at the end of the game (the final state, no stale
        "Waiting for ..."), or when a waiting seat learned something it needs no prompt for (new
        cards dealt between turns): quiet, and their panel never lies."""
        rows = await self.store.deliveries(table.id, target=row.target)
        if any(
            r.target == row.target and r.kind in ("dm", "dm_edit") and r.version > row.version
            for r in rows
            if r.status != "skipped"
        ):
            return "skipped", None, "superseded"
        sent = [
            r
            for r in rows
            if r.kind == "dm" and r.target == row.target and r.status == "done" and r.message_id
        ]
        user_id = int(row.target.split(":", 1)[1])
        seat = table.seat_of(user_id)
        if not sent or seat is None:
            return "skipped", None, "no panel"  # "My hand" shows it, fresh, whenever asked
        message_id = sent[-1].message_id
        assert message_id is not None
        player = await self.store.get_player(user_id)
        lang = language_of(player.locale if player else None, table.lang)
        loaded = await self.service.load(table.id)
        panel = await private_panel(
            loaded.table,
            loaded.rules,
            presenter_for(table.game),
            loaded.state,
            seat,
            lang,
            link=True,
            priority=Priority.BACKGROUND,
            palette=player.palette if player else None,
        )
        panel = why.with_why(panel, table.id, lang)  # as the DM it edits (the final blow, at the end)
        try:
            await self.messenger.edit_dm(user_id, message_id, panel)
        except (MessageGone, DmClosed):
            return "skipped", None, "panel gone"
        return "done", message_id, None

    async def _invite(self, row: DeliveryRecord, table: TableRecord) -> tuple[str, int | None, str | None]:
        """A rematch's invitation (issue 27 item 5): in the finished table's thread, the invited
        player mentioned, an "Accept" button (Join on the new table) and a link to its thread."""
        user_id = int(row.target.split(":", 1)[1])
        channel = row.payload.get("channel")
        if table.status != "lobby" or table.seat_of(user_id) is not None or not isinstance(channel, int):
            return "skipped", None, "answered"
        lang = table.lang
        by = row.payload.get("by")
        content = t(
            lang,
            "bot.rematch_invite",
            mention=mention(user_id),
            by=mention(by) if isinstance(by, int) else "",
            game=game_name(table.game, lang),
            table=table.number,
            where=f"<#{table.thread_id}>" if table.thread_id else "",
        )
        accept = ButtonSpec(ids.JOIN.format(table=table.id), t(lang, "bot.button.accept_rematch"), "success")
        params = {"player": mention(by) if isinstance(by, int) else "", "game": game_name(table.game, lang)}
        message_id = await self._posted(
            row, table, channel, Panel(content, [], [accept]), [user_id], "quiet.part_invite", params
        )
        return "done", message_id, None

    async def _dm_notice(self, row: DeliveryRecord, table: TableRecord) -> tuple[str, int | None, str | None]:
        user_id = int(row.target.split(":", 1)[1])
        where = status_ref(table.lang, status_link(table))
        content = t(table.lang, "bot.dm_closed", mention=mention(user_id), status=where)
        return await self._public(row, table, content, [user_id], what="quiet.part_dm_closed")

    async def _end(self, row: DeliveryRecord, table: TableRecord) -> tuple[str, int | None, str | None]:
        content = outcome_text(table, table.lang)
        if not content:
            return "skipped", None, None
        # a resignation reaches the other players (named in the outcome); an abandon pings nobody
        params = table.outcome.params if table.outcome is not None else {}
        resigned = table.user_of(params["seat"]) if isinstance(params.get("seat"), str) else None
        ping = [u for u in table.human_users() if u != resigned] if table.status == "finished" else []
        reveal = fairness_line(table, table.lang)  # the table's last public post opens its commitment
        text = f"**{content}**" + (f"\n{reveal}" if reveal else "")
        return await self._public(row, table, text, ping, what="quiet.part_end")

    async def _reminder(self, row: DeliveryRecord, table: TableRecord) -> tuple[str, int | None, str | None]:
        if table.status != "active" or table.version != row.version:
            return "skipped", None, "moved on"
        user_id = int(row.target.split(":", 1)[1])
        where = status_ref(table.lang, status_link(table))
        content = t(table.lang, "bot.reminder", mention=mention(user_id), table=table.number, status=where)
        return await self._public(row, table, content, [user_id], what="quiet.part_reminder")

    async def _warning(self, row: DeliveryRecord, table: TableRecord) -> tuple[str, int | None, str | None]:
        """A running time limit is about to run out: a mention in the table's thread (the time is
        public; a live player watches the thread), skipped once the limit has fired or gone."""
        due = float(row.payload.get("due", 0))
        if table.status != "active" or due <= self.clock():
            return "skipped", None, "moved on"
        user_id = int(row.target.split(":")[1])
        left = float(row.payload.get("left", 0))
        minutes = left >= 120  # an asynchronous deadline's warning counts minutes, a live turn's seconds
        content = t(
            table.lang,
            "bot.time_warning_minutes" if minutes else "bot.time_warning",
            mention=mention(user_id),
            count=round(left / 60) if minutes else round(left),
            table=table.number,
            at=f"<t:{int(due)}:R>",
        )
        params = {"at": f"<t:{int(due)}:R>"}
        return await self._public(
            row, table, content, [user_id], what="quiet.part_warning", params=params, expires=due
        )

    async def _stand_in(self, row: DeliveryRecord, table: TableRecord) -> tuple[str, int | None, str | None]:
        """A stand-in took a seat, or a player went away (bot/absence.py): one post in the table's
        thread. A player who missed their deadlines is mentioned, with an "I'm back" button; a
        player away on holiday is named without a ping (the others are told, once)."""
        if table.status != "active":
            return "skipped", None, "over"
        content, buttons, ping = stand_in_notice(table, row.payload, int(row.target.split(":")[1]))
        count = int(row.payload.get("count") or 0)
        return await self._public(
            row, table, content, ping, buttons, what="quiet.part_stand_in", params={"count": count}
        )

    async def _pause(self, row: DeliveryRecord, table: TableRecord) -> tuple[str, int | None, str | None]:
        """A pause asked, begun or ended (bot/pause.py): one post in the table's thread."""
        if table.status != "active":
            return "skipped", None, "over"
        content, buttons, ping = pause_notice(table, row.payload)
        by = {"player": mention(int(row.payload.get("by", 0)))}
        what = f"quiet.part_pause_{row.payload.get('event')}"
        return await self._public(row, table, content, ping, buttons, what=what, params=by)

    async def _undo(self, row: DeliveryRecord, table: TableRecord) -> tuple[str, int | None, str | None]:
        """A take-back asked, refused or done (bot/takeback.py): one post in the table's thread; a
        request whose table has moved on since is not posted (its buttons would be stale)."""
        if table.status != "active" or (row.payload.get("event") == "asked" and table.version != row.version):
            return "skipped", None, "moved on"
        content, buttons, ping = undo_notice(table, row.payload)
        by = {"player": mention(int(row.payload.get("by", 0)))}
        what = f"quiet.part_undo_{row.payload.get('event')}"
        return await self._public(row, table, content, ping, buttons, what=what, params=by)

    async def _public(
        self,
        row: DeliveryRecord,
        table: TableRecord,
        content: str,
        ping: Sequence[int],
        buttons: Sequence[ButtonSpec] = (),
        *,
        what: str,
        params: dict[str, Any] | None = None,
        expires: float | None = None,
    ) -> tuple[str, int | None, str | None]:
        channel = table.post_channel_id
        if channel is None:
            return "skipped", None, "no channel"
        panel = Panel(content, [], list(buttons))
        message_id = await self._posted(row, table, channel, panel, ping, what, params or {}, expires)
        return "done", message_id, None

    async def _posted(
        self,
        row: DeliveryRecord,
        table: TableRecord,
        channel: int,
        panel: Panel,
        ping: Sequence[int],
        what: str,
        params: dict[str, Any],
        expires: float | None = None,
    ) -> int:
        """A post in a table's channel that pings `ping`: a player in their quiet hours is not
        pinged by it, and is told when they end instead (`what`: the catalog id of the line that
        says what it was, with `params`; bot/held.py). Every post that pings goes through here."""
        now, held = await self.hold.split(table, ping)
        message_id = await self.messenger.send(channel, panel, nonce=nonce_for(row), ping=now)
        if held:
            link = message_link(table, channel, message_id)
            await self.hold.keep(
                table,
                held,
                link,
                what,
                params,
                key=row.id,
                source=row.kind,
                version=row.version,
                expires=expires,
            )
            self.notify()
        return message_id

    async def _held_line(self, row: DeliveryRecord, table: TableRecord) -> tuple[str, int | None, str | None]:
        """A line held for a player through their quiet hours: with everything else held for them."""
        return await self.hold.morning(row)

    async def _dm_or_none(self, user_id: int, panel: Panel, nonce: str) -> int | None:
        """The hold's DM (its morning message); None when the player's DMs are closed."""
        try:
            return await self.messenger.send_dm(user_id, panel, nonce=nonce)
        except DmClosed:
            return None

    async def _send_pinged(self, channel: int, panel: Panel, nonce: str, ping: Sequence[int]) -> int:
        """The hold's post (its morning message when the player's DMs are closed)."""
        return await self.messenger.send(channel, panel, nonce=nonce, ping=ping)
