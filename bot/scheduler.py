"""Deadlines stored in SQLite, fired on time: turn reminders and time-expired actions. They survive restarts.

Reminders: when a human seat must act, the service stores a deadline `reminder_delay` later; if
the seat still has not acted when it falls due, the player is pinged in the game thread.
Timers: a game may declare `time_limits(state)` -> [TimeLimit(seat, key, seconds, action)]; the service
stores each new key once, and when it falls due while the game still declares that key, the
action is applied for the seat. The engine never reads the clock; time is an input here.

The scheduler sleeps until the earliest pending deadline (one indexed query) and is woken by
`notify()` whenever a commit may have written an earlier one, so a deadline fires as soon as the
event loop gets to it (a real-time turn needs the second, not a 30-second poll). After a
restart the first pass fires whatever fell due while the bot was down. `MAX_SLEEP_S` is only a
safety net (a wall-clock jump, a missed wake-up).

Several processes (issue 25 item 5): every process runs this loop, with no leader. A due deadline
is claimed with a lease first (bot/leases.py), so one process handles it; if that process dies,
its claim is free at once and another claims it when it notices the death (within PEERS_LOOK_S;
the lease's end is the fallback for a process that hangs). A timer's effect commits with the deadline's done mark
(`TableService.submit_as_seat(deadline=...)`), a reminder's outbox row with its own, each only if the
deadline is still pending: a deadline fires once however many processes look. Every process's
scheduler is woken by a deadline another process writes (`Store.listen_deadlines`: PostgreSQL's
NOTIFY; on SQLite the file's `PRAGMA data_version`, looked at every 0.2 s while another process
serves the file), so a live timer fires on
time (within the loop's reaction, well under a second) whichever process wrote it.

Back off, never spin (issue 24 item 1): a failing store pauses the scheduler with a growing,
jittered delay (bot/backoff.py; a commit elsewhere ends the pause early: the store works again), a
deadline whose handling fails for another reason is held alone with its own delay, and each kind
of failure is logged once a minute with a count.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable

from engine.core import Rejected

from .absence import reminder_delay, stand_in_actor
from .aio import stop_tasks, wait_event
from .backoff import Backoff, FaultLog
from .faults import absent_user, is_absence
from .leases import LEASE_S, owner_id
from .store import WAKE_HORIZON_S, DeadlineRecord, NewDelivery, StaleVersion, StorageUnavailable, Store, Tx
from .tables import Conflict, TableService

log = logging.getLogger(__name__)

MAX_SLEEP_S = WAKE_HORIZON_S
"""Longest sleep between two looks at the stored deadlines, whatever else happens. Other processes
are woken only for deadlines due sooner than this (bot/records.py `WAKE_HORIZON_S`): a longer sleep
would find the others late."""
RETRY_S = 1.0
"""A timer whose seat cannot act right now (an interrupt window) is tried again after a commit, at
most this often; with no commit it backs off (1, 2, 4 … s, up to MAX_SLEEP_S)."""

Wait = Callable[[asyncio.Event, float], Awaitable[bool]]


class Scheduler:
    """Fires due deadlines; `tick()` does one pass (tests call it directly), `start()` runs the loop."""

    def __init__(
        self,
        store: Store,
        service: TableService,
        *,
        clock: Callable[[], float] = time.time,
        notify: Callable[[], None] = lambda: None,
        wait: Wait = wait_event,
        max_sleep: float = MAX_SLEEP_S,
        rng: random.Random | None = None,
        owner: str | None = None,
        lease: float = LEASE_S,
    ) -> None:
        self.store = store
        self.owner = owner or owner_id()  # this process's name on the deadlines it claims
        self.lease = lease
        self.service = service
        self.clock = clock
        self.outbox_written = notify  # wakes the delivery worker after a reminder row is written
        self.max_sleep = max_sleep
        self._wait = wait  # tests inject one that returns when the test says, with no real sleeping
        self._wake = asyncio.Event()
        self._woken_at = float("-inf")
        self._held: dict[int, tuple[float, int]] = {}  # deadline id -> (last try, tries): refused timers
        self._task: asyncio.Task[None] | None = None
        self._rng = rng
        self._backoff = Backoff(base=0.5, cap=max_sleep, rng=rng)  # the store failing: everything waits
        self._paused_until = float("-inf")
        self._failing: dict[int, tuple[float, Backoff]] = {}  # deadline id -> (retry at, its back-off)
        self._failed_now = False  # a failure in the current pass
        self.fault_log = FaultLog(log, "scheduler", clock=clock)
        self._unlisten: Callable[[], Awaitable[None]] | None = None

    # --- lifecycle ---------------------------------------------------------------------------
    def notify(self) -> None:
        """Deadlines may have changed (a commit wrote or voided some): look again now."""
        self._woken_at = self.clock()
        self._wake.set()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._loop(), name="tablero-scheduler")

    async def stop(self, timeout: float = 1.0) -> None:
        """Stop within `timeout` s; a deadline not fired yet stays pending in the store for the next
        start (or another process: its lease, if this one held it, runs out)."""
        await stop_tasks([self._task], timeout, what="scheduler")
        self._task = None
        unlisten, self._unlisten = self._unlisten, None
        if unlisten is not None:
            await unlisten()

    async def listen(self) -> None:
        """Be woken by the deadlines other processes write (PostgreSQL's NOTIFY; SQLite's data_version),
        and by another process's death (`departed`: its claims are free at once, bot/leases.py; this
        scheduler and the delivery worker then take its deadlines and messages over). Without it
        (the listening connection refused), the `max_sleep` look still finds them."""
        if self._unlisten is not None:
            return

        def departed() -> None:
            self.notify()
            self.outbox_written()  # the delivery worker: lanes it left to the dead process

        try:
            await self.store.register_owner(self.owner)  # alive for the others from the start
            self._unlisten = await self.store.listen_deadlines(self.notify, departed)
        except Exception as exc:
            log.warning("scheduler: not woken by other processes' deadlines (%s)", type(exc).__name__)

    async def _loop(self) -> None:
        await self.listen()
        while True:
            pause = self._paused_until - self.clock()
            if pause > 0:  # the store failed: wait, unless a commit (notify) shows it works again
                self._wake.clear()
                await self._wait(self._wake, pause)
                self._paused_until = float("-inf")
            self._wake.clear()
            try:
                await self.tick()
                delay = await self.delay()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._store_failed(exc)
                continue
            if self._paused_until > self.clock():
                continue  # a deadline's handling met a storage fault: the pause above
            await self._wait(self._wake, delay)

    def _store_failed(self, exc: BaseException) -> None:
        delay = self._backoff.failed()
        self._paused_until = max(self._paused_until, self.clock() + delay)
        self.fault_log.failed(exc, delay)

    async def delay(self) -> float:
        """Seconds until the next deadline is due (0 if one is due now), at most `max_sleep`."""
        now = self.clock()
        times = [now + self.max_sleep, *(self._retry_at(tried) for tried in self._held.values())]
        times.extend(at for at, _ in self._failing.values())
        soonest = await self.store.next_deadline(exclude={*self._held, *self._failing})
        if soonest is not None:
            times.append(soonest)
        back = await self.store.next_return()
        if back is not None:
            times.append(back)
        return max(0.0, min(times) - now)

    def _retry_at(self, tried: tuple[float, int]) -> float:
        at, tries = tried
        if self._woken_at > at:  # something was committed since: the window may have closed
            return at + RETRY_S
        return at + min(self.max_sleep, RETRY_S * 2**tries)

    # --- one pass ----------------------------------------------------------------------------
    async def tick(self) -> int:
        """Handle every due deadline once; returns how many fired (not voided).

        Tables are handled side by side (one waiting on its table's lock holds up no other);
        the deadlines of one table in the order they fall due.
        """
        now = self.clock()
        await self.service.returns()  # players whose /away ran out take their seats back (bot/absence.py)
        due = await self.store.due_deadlines(now)
        pending = {d.id for d in due}
        self._held = {i: tried for i, tried in self._held.items() if i in pending}
        self._failing = {i: failing for i, failing in self._failing.items() if i in pending}
        ready = []
        for deadline in due:
            tried = self._held.get(deadline.id)
            failing = self._failing.get(deadline.id)
            if (tried is None or self._retry_at(tried) <= now) and (failing is None or failing[0] <= now):
                ready.append(deadline.id)
        # the ones no other process is handling, now ours for `lease` s (bot/leases.py)
        claimed = await self.store.claim_deadlines(ready, owner=self.owner, now=now, until=now + self.lease)
        by_table: dict[int, list[DeadlineRecord]] = {}
        for deadline in claimed:
            by_table.setdefault(deadline.table_id, []).append(deadline)
        self._failed_now = False
        counts = await asyncio.gather(*(self._table(deadlines) for deadlines in by_table.values()))
        if by_table and not self._failed_now:
            self._backoff.succeeded()
            self.fault_log.succeeded()
        return sum(counts)

    async def _table(self, deadlines: list[DeadlineRecord]) -> int:
        fired = 0
        for deadline in deadlines:
            try:
                handler = {"reminder": self._remind, "warning": self._warn}.get(deadline.kind, self._expire)
                if deadline.kind == "timeout" and is_absence(deadline.key):
                    handler = self._forfeit  # a player who left the server (bot/faults.py)
                ok = await handler(deadline)
            except Exception as exc:
                self._failed_now = True
                if isinstance(exc, StorageUnavailable):  # every deadline would fail alike: pause them all
                    self._store_failed(exc)
                    return fired
                # this deadline alone (a bug): held with its own back-off, the others go on
                _, backoff = self._failing.get(deadline.id, (0.0, None))
                backoff = backoff or Backoff(base=RETRY_S, cap=self.max_sleep, rng=self._rng)
                delay = backoff.failed()
                self._failing[deadline.id] = (self.clock() + delay, backoff)
                self.fault_log.failed(exc, delay, f" of deadline {deadline.id} [table {deadline.table_id}]")
                await self._release(deadline)
                continue
            self._failing.pop(deadline.id, None)
            fired += ok
        return fired

    async def _finish(
        self, deadline: DeadlineRecord, status: str, delivery: NewDelivery | None = None
    ) -> bool:
        """Mark the deadline `status`, with its outbox row, in one commit; False (nothing written)
        when it is not pending any more: another process handled it (its lease had run out)."""
        self._held.pop(deadline.id, None)
        try:
            async with self.store.transaction() as tx:
                await tx.finish_deadline(deadline.id, status, key=deadline.key)
                if delivery is not None:
                    await tx.add_delivery(delivery)
        except StaleVersion:
            return False
        if delivery is not None:
            self.outbox_written()
        return True

    async def _release(self, deadline: DeadlineRecord) -> None:
        """Give the deadline's lease up (held for a retry, or failing): whichever process is ready
        first tries it next. A store that fails here leaves the lease to run out."""
        try:
            async with self.store.transaction() as tx:
                await tx.release_deadline(deadline.id)
        except StorageUnavailable:
            pass

    async def _remind(self, deadline: DeadlineRecord) -> bool:
        """A seat has not acted by its reminder's time: ping its player, and count the missed
        deadline against the seat (bot/absence.py), which may hand it to a stand-in or forfeit it.
        All of it, with the reminder's done mark and the next reminder, in ONE commit under the
        table's lock (`TableService._deadline_missed`): a process killed at any point has reminded
        and counted, or neither, and another process then does both."""
        self._held.pop(deadline.id, None)
        async with self.service.lock(deadline.table_id):
            loaded = await self.service.load(deadline.table_id)
            table, rules, state = loaded.table, loaded.rules, loaded.state
            user = table.user_of(deadline.seat)
            if (
                table.status != "active"
                or state is None
                or user is None
                or deadline.seat not in rules.active_seats(state)
            ):
                await self._finish(deadline, "void")
                return False
            since = await self.store.load_events(table.id, since=deadline.version + 1)  # (not the whole log)
            mine = {deadline.seat, stand_in_actor(deadline.seat)}  # a stand-in's move is the seat's
            if any(r.actor in mine for r in since):
                await self._finish(
                    deadline, "void"
                )  # they acted (a newer reminder exists if they must again)
                return False
            row = NewDelivery(
                table_id=table.id, version=table.version, kind="reminder", target=f"user:{user}"
            )

            async def reminded(tx: Tx) -> None:
                # StaleVersion: another process did it (or re-armed the row for a later turn)
                await tx.finish_deadline(deadline.id, "done", key=deadline.key)
                await tx.add_delivery(row)

            async def again(tx: Tx) -> None:  # absent=ai or forfeit, nothing decided yet: remind later
                await tx.add_deadline(
                    table_id=table.id,
                    kind="reminder",
                    seat=deadline.seat,
                    key=f"{deadline.key}+",
                    version=deadline.version,
                    due_at=self.clock() + reminder_delay(table, self.service.reminder_delay),
                )

            try:
                await self.service._deadline_missed(table, deadline.seat, also=reminded, again=again)
            except (StaleVersion, Conflict):
                return False  # reminded by another process already: nothing of this was written
        self.outbox_written()
        self.notify()
        return True

    async def _warn(self, deadline: DeadlineRecord) -> bool:
        """A running time limit is about to run out (a live turn's 30 s and 10 s): tell its seat,
        if the limit still runs (the game still declares it and it has not fired)."""
        loaded = await self.service.load(deadline.table_id)
        table, rules, state = loaded.table, loaded.rules, loaded.state
        timeout = str(deadline.payload.get("timeout", ""))
        user = table.user_of(deadline.seat)
        declared = state is not None and any(
            lim.seat == deadline.seat and lim.key == timeout for lim in rules.time_limits(state)
        )
        running = [
            d
            for d in await self.store.pending_deadlines(table.id, "timeout")
            if d.key == timeout and d.seat == deadline.seat
        ]
        if table.status != "active" or user is None or not declared or not running:
            await self._finish(deadline, "void")
            return False
        left = float(deadline.payload.get("left", 0))
        row = NewDelivery(
            table_id=table.id,
            version=table.version,
            kind="warning",
            target=f"user:{user}:{left:g}",  # one row per warning, even at one version
            payload={"left": left, "due": running[0].due_at, "key": deadline.key},
        )
        return await self._finish(deadline, "done", row)

    async def _forfeit(self, deadline: DeadlineRecord) -> bool:
        """A player who left the server (bot/faults.py) still holds their seat at the table's
        deadline: the table's absence rule decides (`TableService.seat_absent`, bot/absence.py):
        absent=ai, the game's AI stands in for them to the end; forfeit, or wait (nobody is coming
        back to a table that waits), the seat forfeits, worded "Blue left the server"."""
        table = await self.store.get_table(deadline.table_id)
        if (
            table is None
            or table.status != "active"
            or table.user_of(deadline.seat) != absent_user(deadline.key)
        ):
            await self._finish(deadline, "void")
            return False
        await self.service.seat_absent(
            table.id, deadline.seat, when_wait="forfeit", gone="bot.forfeit_absent"
        )
        await self._finish(deadline, "done")
        return True

    async def _expire(self, deadline: DeadlineRecord) -> bool:
        loaded = await self.service.load(deadline.table_id)
        table, rules, state = loaded.table, loaded.rules, loaded.state
        current = (
            {(lim.seat, lim.key): lim.action for lim in rules.time_limits(state)} if state is not None else {}
        )
        action = current.get((deadline.seat, deadline.key))
        if table.status != "active" or action is None:
            await self._finish(deadline, "void")
            return False
        try:  # the action, the deadline's done mark and the seat's missed count commit together
            await self.service.submit_as_seat(
                table.id, deadline.seat, action, None, deadline=deadline.id, missed=True
            )
        except Rejected as exc:
            # e.g. an interrupt window has the seat waiting: the time limit still stands, so the
            # action is tried again (after the next commit, or with back-off); the table moved on
            # under another process (or it fired the deadline): looked at afresh next pass;
            # anything else voids it.
            if exc.message_id == "bot.table_moved_on":
                await self._release(deadline)
            elif exc.message_id != "core.not_your_turn":
                await self._finish(deadline, "void")
            else:
                _, tries = self._held.get(deadline.id, (0.0, 0))
                self._held[deadline.id] = (self.clock(), tries + 1)
                await self._release(deadline)
            return False
        self._held.pop(deadline.id, None)
        return True
