"""Back off, never spin (issue 24 item 1): each loop that retries storage work (the delivery worker
and its lanes, the scheduler, the series keeper) driven against real SQLite that refuses writes
(`PRAGMA query_only`: SQLITE_READONLY, what a read-only file gives) for ten minutes of simulated
time (or whose write lock another connection holds): its CPU and its log lines stay bounded; once the fault clears it catches up, and then runs at
full speed (no simulated time passes before a new change is handled).

Deterministic: the loops' clock and waits are injected (`Simulated`: a wait that times out moves
the clock instead of sleeping), their jitter is drawn from a seeded Random, and what is asserted
are counts, never durations.
"""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
import time
from collections.abc import Awaitable, Callable

import pytest

from bot.backoff import Backoff, FaultLog
from bot.delivery import DeliveryWorker
from bot.scheduler import Scheduler
from bot.series import SeriesKeeper
from bot.store import SqliteStore, StorageUnavailable
from bot.tables import TableService
from engine.spacehulk.campaign.actions import FieldSquads
from tests.bot.conftest import Clock
from tests.bot.duel_table import ALICE, duel_pvp
from tests.bot.test_delivery import FakeDiscord

from .test_series import _campaign, _field_until_a_round

MINUTES = 10
WAITS = 5_000  # far more than ten minutes of backing off needs; a spinning loop gets there at once


class Spinning(AssertionError):
    """The loop waited thousands of times without the clock moving on: it spins."""


async def nothing() -> None:
    return None


class Simulated:
    """The loops' `wait`: a wait that times out moves the shared clock forward instead of sleeping,
    up to a horizon the test sets; at the horizon the loop rests (for real) until woken or the
    horizon moves. `settle` lets work in flight finish before time moves (the delivery lanes)."""

    def __init__(self, clock: Clock, settle: Callable[[], Awaitable[None]] = nothing) -> None:
        self.clock = clock
        self.settle = settle
        self.horizon = clock.now
        self.waits = 0
        self.resting = asyncio.Event()
        self._moved = asyncio.Event()

    async def wait(self, event: asyncio.Event, timeout: float) -> bool:
        self.waits += 1
        if self.waits > WAITS:
            self.resting.set()
            raise Spinning(f"{self.waits} waits, clock at {self.clock.now}")
        await self.settle()
        due = self.clock.now + timeout
        while not event.is_set():
            if due <= self.horizon:
                self.clock.now = max(self.clock.now, due)
                return event.is_set()
            self.resting.set()  # nothing to do before the horizon
            self._moved.clear()
            woken = asyncio.ensure_future(event.wait())
            moved = asyncio.ensure_future(self._moved.wait())
            try:
                await asyncio.wait({woken, moved}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                woken.cancel()
                moved.cancel()
        return True

    async def run_to(self, horizon: float) -> None:
        """Let the loop run until it rests with nothing to do before `horizon`."""
        self.horizon = horizon
        self.resting.clear()
        self._moved.set()
        async with asyncio.timeout(120):  # a guard against a hang, not a measure
            await self.resting.wait()
        self.waits = 0  # the spin guard counts per span


def failures_logged(caplog: pytest.LogCaptureFixture, logger: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == logger and "failed" in r.getMessage()]


class StoreFault:
    """A real SQLite failure, switched on and off: "read_only" (the writer connection refuses every
    write: SQLITE_READONLY, as with a read-only file) or "locked" (another connection holds the
    write lock; the store's busy timeout lowered to 10 ms, so that each try fails at once)."""

    def __init__(self, store: SqliteStore, kind: str) -> None:
        self.store = store
        self.kind = kind
        self._other: sqlite3.Connection | None = None

    async def on(self) -> None:
        if self.kind == "read_only":
            await self.store.db.execute("PRAGMA query_only = ON")
        else:
            await self.store.db.execute("PRAGMA busy_timeout = 10")
            self._other = sqlite3.connect(self.store.path, isolation_level=None, check_same_thread=False)
            self._other.execute("BEGIN IMMEDIATE")

    async def off(self) -> None:
        if self.kind == "read_only":
            await self.store.db.execute("PRAGMA query_only = OFF")
        elif self._other is not None:
            self._other.execute("ROLLBACK")
            self._other.close()
            self._other = None


FAULTS = pytest.mark.parametrize("kind", ["read_only", "locked"])


def read_only(store: SqliteStore, on: bool) -> Awaitable[object]:
    """SQLite refuses every write on the store's writer connection (SQLITE_READONLY), or no longer."""
    return store.db.execute(f"PRAGMA query_only = {'ON' if on else 'OFF'}")


async def _ten_minutes_failing(sim: Simulated, clock: Clock) -> float:
    """Run the loop for MINUTES of simulated time; the process's CPU seconds it took."""
    cpu = time.process_time()
    await sim.run_to(clock.now + MINUTES * 60)
    return time.process_time() - cpu


def test_backoff_doubles_with_jitter_up_to_its_cap_and_resets() -> None:
    backoff = Backoff(base=1.0, cap=8.0, rng=random.Random(3))
    delays = [backoff.failed() for _ in range(6)]
    for delay, step in zip(delays, [1, 2, 4, 8, 8, 8], strict=True):
        assert step / 2 <= delay <= step  # equal jitter: never under half the step
    assert len(set(delays)) == len(delays)  # jittered
    backoff.succeeded()
    assert backoff.failed() <= 1.0


def test_the_fault_log_says_each_kind_once_a_minute_with_a_count(caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock(0.0)
    faults = FaultLog(logging.getLogger("tablero.test"), "delivery", clock=clock)
    caplog.set_level(logging.INFO, logger="tablero.test")
    for _ in range(100):
        faults.failed(StorageUnavailable("disk_full"), 1.0)
        clock.advance(1.3)  # 130 s of failures
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 3
    assert lines[0] == "delivery failed (storage unavailable: the disk is full); retrying in 1.0 s"
    assert "47 failures of this kind in the last 61 s" in lines[1]
    faults.succeeded()
    assert caplog.records[-1].getMessage() == "delivery works again after 100 failure(s)"


@FAULTS
async def test_the_delivery_worker_backs_off_on_a_failing_store_and_catches_up(
    store: SqliteStore, service: TableService, clock: Clock, caplog: pytest.LogCaptureFixture, kind: str
) -> None:
    caplog.set_level(logging.INFO, logger="bot.delivery")
    discord = FakeDiscord()
    worker: DeliveryWorker

    async def lanes_done() -> None:
        while busy := worker.busy():
            await asyncio.wait(busy)

    sim = Simulated(clock, lanes_done)
    worker = DeliveryWorker(store, service, discord, clock=clock, wait=sim.wait, rng=random.Random(1))
    service.notify = worker.notify
    table = await duel_pvp(service)  # a status message, a turn post and two DMs wait in the outbox
    fault = StoreFault(store, kind)
    await fault.on()
    worker.start()
    try:
        cpu = await _ten_minutes_failing(sim, clock)
        assert not discord.messages  # nothing is sent that the outbox cannot record
        # a try at most every 30-60 s once backed off, by each of the table's two lanes
        assert worker.fault_log.total <= 2 * (6 + MINUTES * 2)
        assert len(failures_logged(caplog, "bot.delivery")) <= MINUTES + 1  # one line per kind per minute
        assert cpu < 5.0, cpu  # it used to spin: 19.7 CPU-s in 20 s

        await fault.off()  # the fault clears
        cleared = clock.now
        await sim.run_to(clock.now + 61)  # the pause in progress runs out, and the outbox is delivered
        assert not [r for r in await store.deliveries(table) if r.status == "pending"]
        assert len(discord.in_channel(3)) >= 2 and discord.dms(ALICE)
        assert any("delivery works again" in r.getMessage() for r in caplog.records)

        # full speed again: a new move is delivered with no simulated time passing
        await sim.run_to(clock.now)
        now, sent = clock.now, len(discord.messages)
        await service.submit(table, ALICE, 0, 1)
        await sim.run_to(now)
        assert clock.now == now and len(discord.messages) > sent
        assert not [r for r in await store.deliveries(table) if r.status == "pending"]
        assert cleared < now
    finally:
        await fault.off()
        await worker.stop()


@FAULTS
async def test_the_scheduler_backs_off_on_a_failing_store_and_catches_up(
    store: SqliteStore, service: TableService, clock: Clock, caplog: pytest.LogCaptureFixture, kind: str
) -> None:
    caplog.set_level(logging.INFO, logger="bot.scheduler")
    sim = Simulated(clock)
    scheduler = Scheduler(store, service, clock=clock, wait=sim.wait, rng=random.Random(2))
    table = await duel_pvp(service)  # both players must commit: a reminder each, due in 600 s
    clock.advance(601)
    fault = StoreFault(store, kind)
    await fault.on()
    scheduler.start()
    try:
        cpu = await _ten_minutes_failing(sim, clock)
        assert not [r for r in await store.deliveries(table) if r.kind == "reminder"]
        assert scheduler.fault_log.total <= 6 + MINUTES * 2
        assert len(failures_logged(caplog, "bot.scheduler")) <= MINUTES + 1
        assert cpu < 5.0, cpu

        await fault.off()
        await sim.run_to(clock.now + 61)
        assert len([r for r in await store.deliveries(table) if r.kind == "reminder"]) == 2
        assert any("scheduler works again" in r.getMessage() for r in caplog.records)

        # full speed again: the next table's reminders fire the moment they are due
        other = await duel_pvp(service)
        scheduler.notify()
        due = clock.now + 600
        await sim.run_to(due)
        assert clock.now == due
        assert len([r for r in await store.deliveries(other) if r.kind == "reminder"]) == 2
    finally:
        await fault.off()
        await scheduler.stop()


async def test_the_series_keeper_backs_off_on_a_read_only_store_and_hands_over_once_it_clears(
    store: SqliteStore, clock: Clock, seeds: list[int], duel_game: object, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.series")
    pool = iter([*seeds, *range(500, 520)])
    service = TableService(store, clock=clock, reminder_delay=600.0, seeder=lambda: next(pool))
    series = await _campaign(service)
    mission = await _field_until_a_round(service, store, series)
    # the round ends while the series is not told (the bot stopped right after the round's commit)
    round_table = await service.get(mission)
    async with store.transaction() as tx:
        await tx.update_table(mission, expected_version=round_table.version, status="finished")
    await read_only(store, True)
    sim = Simulated(clock)
    keeper = SeriesKeeper(service, clock=clock, wait=sim.wait, rng=random.Random(4))
    keeper.notify()
    keeper.start()
    try:
        cpu = await _ten_minutes_failing(sim, clock)
        assert len((await service.load(series)).state.history) == 0  # not fed: the store refuses
        assert keeper.fault_log.total <= 6 + MINUTES * 2
        assert len(failures_logged(caplog, "bot.series")) <= MINUTES + 1
        assert cpu < 5.0, cpu

        await read_only(store, False)
        await sim.run_to(clock.now + 61)
        assert len((await service.load(series)).state.history) == 1  # fed, once
        assert any("series hand-over works again" in r.getMessage() for r in caplog.records)
    finally:
        await keeper.stop()


async def test_a_hand_over_that_fails_after_its_commit_keeps_the_move_and_the_keeper_finishes_it(
    store: SqliteStore, clock: Clock, seeds: list[int], duel_game: object, caplog: pytest.LogCaptureFixture
) -> None:
    """The commit that calls for a round goes through; right after it another connection takes the
    write lock, so opening the round fails: the move is still accepted, and the keeper opens the
    round once the lock is gone."""
    caplog.set_level(logging.INFO, logger="bot.tables")
    pool = iter([*seeds, *range(500, 520)])
    service = TableService(store, clock=clock, reminder_delay=600.0, seeder=lambda: next(pool))
    series = await _campaign(service)
    await store.db.execute("PRAGMA busy_timeout = 10")
    sim = Simulated(clock)
    keeper = SeriesKeeper(service, clock=clock, wait=sim.wait, rng=random.Random(5))
    other = sqlite3.connect(store.path, isolation_level=None, check_same_thread=False)
    service.notify = lambda: other.execute("BEGIN IMMEDIATE")  # called right after each commit
    try:
        for _ in range(5):
            loaded = await service.load(series)
            squad = loaded.state.available_squads()[0]
            applied = await service.submit(series, ALICE, FieldSquads(squads=(squad,)), loaded.table.version)
            other.execute("ROLLBACK")
            assert applied.table.version > loaded.table.version  # accepted, whatever came after
            state = (await service.load(series)).state
            if state.phase == "mission":
                break
    finally:
        service.notify = lambda: None
        if other.in_transaction:
            other.execute("ROLLBACK")
        other.close()
    assert state.phase == "mission"
    assert await store.find_in_series(series, f"mission-{state.number}") is None  # the hand-over failed
    assert any("series hand-over failed (locked)" in r.getMessage() for r in caplog.records)
    keeper.start()
    try:
        await sim.run_to(clock.now)  # asked by the failed hand-over: it runs at once
        opened = await store.find_in_series(series, f"mission-{state.number}")
        assert opened is not None and opened.status == "active"
    finally:
        await keeper.stop()
