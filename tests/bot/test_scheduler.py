"""Deadlines from the store (SQLite and PostgreSQL): reminders ping whoever must act; declared time limits apply their action."""

from __future__ import annotations

import asyncio

import pytest

from bot.scheduler import Scheduler
from bot.store import SqliteStore
from bot.tables import TableService
from tests.bot.duel_table import ALICE, BOB, duel_pvp
from tests.bot.engines import engine  # noqa: F401 (both engines)
from tests.games.duel import Commit

HOUR = 3600.0  # the loop tests' safety-net sleep (the default, a minute, would cap the 600 s ones)


def _reminders(rows: list) -> list[str]:
    return sorted(r.target for r in rows if r.kind == "reminder")


async def test_idle_players_are_reminded_once_after_the_delay(
    service: TableService, store: SqliteStore, clock
) -> None:
    tid = await duel_pvp(service)
    scheduler = Scheduler(store, service, clock=clock)
    clock.advance(599)
    assert await scheduler.tick() == 0
    await service.submit(tid, ALICE, 0, 1)  # Alice acts in time; Bob does not
    clock.advance(2)
    assert await scheduler.tick() == 1
    assert _reminders(await store.deliveries(tid)) == [f"user:{BOB}"]
    clock.advance(10_000)
    assert await scheduler.tick() == 0  # once per wait, not every pass


async def test_deadlines_survive_a_restart(
    service: TableService, store: SqliteStore, clock, database
) -> None:
    tid = await duel_pvp(service)
    await store.close()
    reopened = database.store(clock)
    await reopened.open()
    try:
        clock.advance(601)
        fired = await Scheduler(reopened, TableService(reopened, clock=clock), clock=clock).tick()
        assert fired == 2
        assert _reminders(await reopened.deliveries(tid)) == [f"user:{ALICE}", f"user:{BOB}"]
    finally:
        await reopened.close()
        await store.open()  # the fixture closes it again


async def test_a_declared_time_limit_applies_its_action_when_it_runs_out(
    service: TableService, store: SqliteStore, clock
) -> None:
    tid = await duel_pvp(service, boost_seconds=45)
    state = (await service.load(tid)).state
    await service.submit(tid, ALICE, Commit(card=max(state.hands["red"])), 1)
    await service.submit(tid, BOB, Commit(card=min(state.hands["blue"])), 1)
    scheduler = Scheduler(store, service, clock=clock)
    clock.advance(44)
    assert await scheduler.tick() == 0
    clock.advance(2)
    assert await scheduler.tick() == 1
    events = await store.load_events(tid)
    boost = next(e for e in events if e.kind == "boosted")
    assert boost.data["mode"] == "take" and boost.actor == "red"


async def test_a_time_limit_is_void_once_the_player_acted(
    service: TableService, store: SqliteStore, clock
) -> None:
    tid = await duel_pvp(service, boost_seconds=45)
    state = (await service.load(tid)).state
    await service.submit(tid, ALICE, Commit(card=max(state.hands["red"])), 1)
    applied = await service.submit(tid, BOB, Commit(card=min(state.hands["blue"])), 1)
    await service.submit(tid, ALICE, 1, applied.table.version)  # red boosts in time ("take" is index 1)
    clock.advance(100)
    await Scheduler(store, service, clock=clock).tick()
    assert [e.kind for e in await store.load_events(tid)].count("boosted") == 1
    assert {d.status for d in await store.deadlines(tid) if d.kind == "timeout"} == {"void"}


# --- the loop: sleeps until the next deadline, woken early by a commit --------------------------
class Sleeps:
    """Stands in for the scheduler's timed wait: records each requested delay and returns when the
    test releases it (or when the scheduler is notified), so nothing sleeps in real time."""

    def __init__(self) -> None:
        self.requests: asyncio.Queue[float] = asyncio.Queue()
        self._release = asyncio.Event()

    async def __call__(self, wake: asyncio.Event, timeout: float) -> bool:
        self._release.clear()
        await self.requests.put(timeout)
        waiters = [asyncio.ensure_future(wake.wait()), asyncio.ensure_future(self._release.wait())]
        try:
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiter in waiters:
                waiter.cancel()
        return wake.is_set()

    async def next(self) -> float:
        """The delay the scheduler asks for next (it has finished its pass by then)."""
        return await asyncio.wait_for(self.requests.get(), 5)

    def elapse(self, clock, seconds: float) -> None:
        clock.advance(seconds)
        self._release.set()


@pytest.fixture
async def sleeps() -> Sleeps:
    return Sleeps()


async def _running(scheduler: Scheduler):
    scheduler.start()
    return scheduler


async def test_the_scheduler_sleeps_until_the_next_deadline_and_fires_it_on_time(
    service: TableService, store: SqliteStore, clock, sleeps: Sleeps
) -> None:
    tid = await duel_pvp(service)  # both seats must act: reminders due in 600 s
    scheduler = await _running(Scheduler(store, service, clock=clock, wait=sleeps, max_sleep=HOUR))
    try:
        assert await sleeps.next() == pytest.approx(600)  # not a 30-second poll
        sleeps.elapse(clock, 599.5)
        assert await sleeps.next() == pytest.approx(0.5)  # woke a little early: nothing yet
        assert _reminders(await store.deliveries(tid)) == []
        sleeps.elapse(clock, 0.5)
        assert await sleeps.next() == pytest.approx(HOUR)  # nothing left: only the safety net
        assert _reminders(await store.deliveries(tid)) == [f"user:{ALICE}", f"user:{BOB}"]
    finally:
        await scheduler.stop()


async def test_a_new_earlier_deadline_wakes_the_scheduler(
    service: TableService, store: SqliteStore, clock, sleeps: Sleeps
) -> None:
    tid = await duel_pvp(service, boost_seconds=45)
    scheduler = await _running(Scheduler(store, service, clock=clock, wait=sleeps, max_sleep=HOUR))
    service.notify = scheduler.notify  # as the bot wires it: every commit
    try:
        assert await sleeps.next() == pytest.approx(600)
        state = (await service.load(tid)).state
        await service.submit(tid, ALICE, Commit(card=max(state.hands["red"])), 1)
        await service.submit(tid, BOB, Commit(card=min(state.hands["blue"])), 1)
        # the boost timer (45 s) was written by the last commit, which woke the scheduler
        delay = await sleeps.next()
        while delay > 45:  # a wake per commit: the first commits wrote only reminders
            delay = await sleeps.next()
        assert delay == pytest.approx(45)
        sleeps.elapse(clock, 45)
        # a wake that came before the elapse may have queued one more request of the same 45 s
        # (a commit's notice can arrive after the pass it caused): read requests until the pass
        # after the elapse has fired the timer, a bounded number of them
        for _ in range(5):
            await sleeps.next()
            boost = [e for e in await store.load_events(tid) if e.kind == "boosted"]
            if boost:
                break
        assert [(e.data["mode"], e.actor) for e in boost] == [("take", "red")]
    finally:
        await scheduler.stop()


async def test_after_a_restart_the_scheduler_sleeps_until_the_stored_deadline(
    service: TableService, store: SqliteStore, clock, database, sleeps: Sleeps
) -> None:
    tid = await duel_pvp(service)
    await store.close()
    clock.advance(200)  # the bot was down for a while
    reopened = database.store(clock)
    await reopened.open()
    scheduler = await _running(
        Scheduler(reopened, TableService(reopened, clock=clock), clock=clock, wait=sleeps, max_sleep=HOUR)
    )
    try:
        assert await sleeps.next() == pytest.approx(400)
        sleeps.elapse(clock, 1000)  # and a deadline missed while down fires on the first pass
        await sleeps.next()
        assert _reminders(await reopened.deliveries(tid)) == [f"user:{ALICE}", f"user:{BOB}"]
    finally:
        await scheduler.stop()
        await reopened.close()
        await store.open()  # the fixture closes it again


async def test_the_scheduler_stops_promptly_and_leaves_its_deadlines_stored(
    service: TableService, store: SqliteStore, clock
) -> None:
    tid = await duel_pvp(service)
    scheduler = await _running(Scheduler(store, service, clock=clock))  # the real timed wait
    await asyncio.sleep(0)
    await asyncio.wait_for(scheduler.stop(), 2)
    assert {d.status for d in await store.deadlines(tid)} == {"pending"}


async def test_a_long_game_keeps_one_reminder_row_a_seat(service: TableService, store: SqliteStore) -> None:
    """Each move re-arms the reminders in the rows of those that end (`Tx.rearm_reminders`), so a
    table's deadline rows do not grow with its length: after nine rounds (27 moves) of a Duel, at
    most one row a seat, and the seats that must act have a pending reminder at the current
    version (before, every move voided one row and wrote another: each later move's voids looked
    through that whole history)."""
    tid = await duel_pvp(service, rounds=9)
    moves = 0
    while True:
        loaded = await service.load(tid)
        if loaded.table.status != "active":
            break
        seat = sorted(loaded.rules.active_seats(loaded.state))[0]
        await service.submit(tid, loaded.table.seats[seat], 0, loaded.table.version)
        moves += 1
        if loaded.table.status == "active" and moves % 4 == 0:
            table = await service.get(tid)
            reminders = [d for d in await store.deadlines(tid) if d.kind == "reminder"]
            assert len(reminders) <= 2, reminders  # red's and blue's, whatever the number of moves
            due = {d.seat for d in reminders if d.status == "pending"}
            state = (await service.load(tid)).state
            assert due == set(loaded.rules.active_seats(state)), (due, table.version)
    assert moves >= 27
