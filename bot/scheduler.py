"""Deadlines polled from SQLite: turn reminders and time-expired actions. They survive restarts.

Reminders: when a human seat must act, the service stores a deadline `reminder_delay` later; if
the seat still has not acted when it falls due, the player is pinged in the game thread.
Timers: a game may declare `time_limits(state)` -> [(seat, key, seconds, action)]; the service
stores each new key once, and when it falls due while the game still declares that key, the
action is applied for the seat. The engine never reads the clock; time is an input here.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from engine.core import Rejected

from .errors import log_failure
from .store import DeadlineRecord, NewDelivery, Store
from .tables import TableService, time_limits

log = logging.getLogger(__name__)


class Scheduler:
    """Polls due deadlines every `interval` seconds; `tick()` does one pass (tests call it directly)."""

    def __init__(
        self,
        store: Store,
        service: TableService,
        *,
        clock: Callable[[], float] = time.time,
        interval: float = 30.0,
        notify: Callable[[], None] = lambda: None,
    ) -> None:
        self.store = store
        self.service = service
        self.clock = clock
        self.interval = interval
        self.notify = notify
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._loop(), name="tablero-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None

    async def _loop(self) -> None:
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log_failure(log, exc, "scheduler pass failed", table=None, version=None)
            await asyncio.sleep(self.interval)

    async def tick(self) -> int:
        """Handle every due deadline once; returns how many fired (not voided)."""
        fired = 0
        for deadline in await self.store.due_deadlines(self.clock()):
            try:
                ok = await (self._remind(deadline) if deadline.kind == "reminder" else self._expire(deadline))
            except Exception as exc:
                log_failure(
                    log,
                    exc,
                    "deadline %s failed",
                    deadline.id,
                    table=deadline.table_id,
                    version=deadline.version,
                )
                ok = False
            fired += ok
        return fired

    async def _finish(
        self, deadline: DeadlineRecord, status: str, delivery: NewDelivery | None = None
    ) -> None:
        async with self.store.transaction() as tx:
            await tx.set_deadline_status(deadline.id, status)
            if delivery is not None:
                await tx.add_delivery(delivery)
        if delivery is not None:
            self.notify()

    async def _remind(self, deadline: DeadlineRecord) -> bool:
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
        since = await self.store.load_events(table.id)
        if any(r.actor == deadline.seat for r in since[deadline.version :]):
            await self._finish(
                deadline, "void"
            )  # they acted (and a newer reminder exists if they must again)
            return False
        row = NewDelivery(table_id=table.id, version=table.version, kind="reminder", target=f"user:{user}")
        await self._finish(deadline, "done", row)
        return True

    async def _expire(self, deadline: DeadlineRecord) -> bool:
        loaded = await self.service.load(deadline.table_id)
        table, rules, state = loaded.table, loaded.rules, loaded.state
        current = (
            {(seat, key): action for seat, key, _, action in time_limits(rules, state)}
            if state is not None
            else {}
        )
        action = current.get((deadline.seat, deadline.key))
        if table.status != "active" or action is None:
            await self._finish(deadline, "void")
            return False
        try:
            await self.service.submit_as_seat(table.id, deadline.seat, action, None)
        except Rejected as exc:
            # e.g. an interrupt window has the seat waiting: the time limit still stands, so the
            # action is tried again on the next pass; anything else voids the deadline.
            if exc.message_id != "core.not_your_turn":
                await self._finish(deadline, "void")
            return False
        await self._finish(deadline, "done")
        return True
