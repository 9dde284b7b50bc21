"""Background work across bot processes on one database (issue 25 item 5), on both engines: a
missed reminder's count committed with the reminder, whatever point a process dies at; series
hand-overs raced by two processes.

A process "dies" here by raising `Killed` (a BaseException, as nothing of ours catches it) at the
start of a unit of work: like SIGKILL, nothing from that point on is written, and the lease it
held is left to run out (tests/reliability kills real processes the same way at bot/crashpoints.py).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from bot import absence
from bot.leases import LEASE_S
from bot.scheduler import Scheduler
from bot.tables import TableService
from tests.bot.conftest import Clock
from tests.bot.duel_table import ALICE, BOB, duel_pvp
from tests.bot.engines import Database, engine  # noqa: F401 (engine: both engines)
from tests.bot.test_cluster_writes import gate, race
from tests.bot.test_processes import process
from tests.games.duel import Commit

DELAY = 600.0  # the services' reminder delay (tests/bot/test_processes.py `process`)


class Killed(BaseException):
    """The process dies here."""


def dies_after(store: Any, commits: int) -> None:
    """`store`'s process dies as it starts its unit of work after `commits` committed ones."""
    real = store.transaction
    done = 0

    @asynccontextmanager
    async def transaction() -> AsyncIterator[Any]:
        nonlocal done
        if done >= commits:
            raise Killed
        async with real() as tx:
            yield tx
        done += 1

    store.transaction = transaction


@pytest.mark.parametrize("commits", [0, 1, 2])
async def test_a_missed_reminder_is_counted_once_wherever_its_process_dies(
    database: Database, service: TableService, clock: Clock, commits: int
) -> None:
    """Bob's reminder falls due at a table with absent=ai after 2: process B claims it and dies
    after `commits` commits. Another process then finishes whatever is left. Whatever B did, Bob
    is reminded once, the missed deadline counted once, and a next reminder waits for him (before,
    a death right after the reminder's commit lost the count and the next reminder)."""
    tid = await duel_pvp(service, absent="ai", absent_after=2)
    await service.submit(tid, ALICE, 0, 1)  # Bob must act now
    clock.advance(DELAY + 1)
    async with process(database, clock) as b:
        dies_after(b.store, commits)
        try:
            await Scheduler(b.store, b, clock=clock, owner="b").tick()
        except* Killed:
            pass
    clock.advance(LEASE_S + 1)  # whatever B claimed is free again
    a = Scheduler(service.store, service, clock=clock, owner="a")
    await a.tick()
    table = await service.get(tid)
    assert absence.missed(table, "blue") == 1
    reminders = [r for r in await service.store.deliveries(tid) if r.kind == "reminder"]
    assert len(reminders) == 1
    following = [
        d for d in await service.store.deadlines(tid) if d.kind == "reminder" and d.status == "pending"
    ]
    assert len(following) == 1 and following[0].key.endswith("+")


@pytest.mark.parametrize("commits", [0, 1])
async def test_a_timer_that_ran_out_is_counted_with_its_effect_wherever_its_process_dies(
    database: Database, service: TableService, clock: Clock, commits: int
) -> None:
    """Alice won the round and lets her 45 s boost timer run out (absent=ai after 3): the timer's
    action, its done mark and her missed deadline are one commit. A process dying before it leaves
    all to another; after it, nothing is left to lose (before, the count was a second commit)."""
    tid = await duel_pvp(service, boost_seconds=45, absent="ai", absent_after=3)
    hands = (await service.load(tid)).state.hands
    await service.submit(tid, ALICE, Commit(card=max(hands["red"])), 1)
    await service.submit(tid, BOB, Commit(card=min(hands["blue"])), 1)
    clock.advance(46)
    async with process(database, clock) as b:
        dies_after(b.store, commits)
        try:
            await Scheduler(b.store, b, clock=clock, owner="b").tick()
        except* Killed:
            pass
    clock.advance(LEASE_S + 1)
    await Scheduler(service.store, service, clock=clock, owner="a").tick()
    log = await service.store.load_events(tid)
    assert sum(e.kind == "boosted" for e in log) == 1
    assert absence.missed(await service.get(tid), "red") == 1


async def test_a_timer_missed_once_too_often_hands_the_seat_to_a_stand_in(
    database: Database, service: TableService, clock: Clock
) -> None:
    """absent=ai after 1: the count the timer's commit makes reaches the rule, which follows at once
    under the same hold (the seat is the AI's, its player told)."""
    tid = await duel_pvp(service, boost_seconds=45, absent="ai", absent_after=1)
    hands = (await service.load(tid)).state.hands
    await service.submit(tid, ALICE, Commit(card=max(hands["red"])), 1)
    await service.submit(tid, BOB, Commit(card=min(hands["blue"])), 1)
    clock.advance(46)
    await Scheduler(service.store, service, clock=clock, owner="a").tick()
    table = await service.get(tid)
    assert absence.reason(table, "red") == "missed" and absence.missed(table, "red") == 1
    assert [r.payload["seat"] for r in await service.store.deliveries(tid) if r.kind == "stand_in"] == ["red"]


async def test_two_processes_reminding_one_seat_count_it_once(
    database: Database, service: TableService, clock: Clock
) -> None:
    tid = await duel_pvp(service, absent="ai", absent_after=3)
    await service.submit(tid, ALICE, 0, 1)
    clock.advance(DELAY + 1)
    async with process(database, clock) as b:
        [due] = [d for d in await service.store.due_deadlines(clock()) if d.kind == "reminder"]
        one = Scheduler(service.store, service, clock=clock, owner="a")
        two = Scheduler(b.store, b, clock=clock, owner="b")
        # both got past the claim (a lease that ran out under a slow process): the done mark decides
        fired = await asyncio.gather(one._remind(due), two._remind(due))
    assert sorted(fired) == [False, True]
    assert absence.missed(await service.get(tid), "blue") == 1
    assert len([r for r in await service.store.deliveries(tid) if r.kind == "reminder"]) == 1


async def test_a_live_timer_written_by_one_process_fires_on_time_in_another(
    database: Database, duel_game: object
) -> None:
    """Real time: process A (no scheduler of its own running) starts a boost timer of 0.5 s; process
    B's scheduler loop, asleep with nothing due, must learn of it and fire it. Without a wake-up
    across processes B would sleep its full `max_sleep` (60 s) first. The lateness is printed,
    not asserted (speed is measured, not asserted); the timeout only catches a missing wake-up."""
    a_store, b_store = database.store(time.time), database.store(time.time)
    await a_store.open()
    await b_store.open()
    a = TableService(a_store, reminder_delay=3600.0, seeder=lambda: 99)
    b = TableService(b_store, reminder_delay=3600.0, seeder=lambda: 99)
    scheduler = Scheduler(b_store, b, owner="b")
    scheduler.start()
    try:
        tid = await duel_pvp(a, boost_seconds=0.5)
        hands = (await a.load(tid)).state.hands
        await a.submit(tid, ALICE, Commit(card=max(hands["red"])), 1)
        await a.submit(tid, BOB, Commit(card=min(hands["blue"])), 1)
        [timer] = await a_store.pending_deadlines(tid, "timeout")
        async with asyncio.timeout(15):
            while not any(e.kind == "boosted" for e in await a_store.load_events(tid)):
                await asyncio.sleep(0.02)
        fired_at = time.time()
        print(f"\nlive timer fired {fired_at - timer.due_at:.2f} s after it fell due, by the other process")
        [done] = [d for d in await a_store.deadlines(tid) if d.id == timer.id]
        assert done.status == "done"
    finally:
        await scheduler.stop()
        await a_store.close()
        await b_store.close()


# --- series hand-overs ------------------------------------------------------------------------


async def _mission_due(service: TableService, monkeypatch: pytest.MonkeyPatch) -> int:
    """A Deathwing campaign whose first mission is due but not opened (its hand-over failed right
    after the commit that called for it, as when a process dies there); the campaign's id."""
    from tests.bot.test_series import ORDER, BuyForce, FieldSquads, two_players

    series = await two_players(service, "dw_campaign", side="marine", options={"force_points": 60})
    await service.submit(series, ALICE, BuyForce(order=ORDER), (await service.get(series)).version)

    async def dies(*_: object) -> None:
        raise ConnectionError("the process died here")

    with monkeypatch.context() as patch:
        patch.setattr(service, "_open_round", dies)
        for _ in range(5):
            loaded = await service.load(series)
            if loaded.state.phase == "mission":
                break
            squad = loaded.state.available_squads()[0]
            await service.submit(series, ALICE, FieldSquads(squads=(squad,)), loaded.table.version)
    assert (await service.load(series)).state.phase == "mission"
    assert await service.store.find_in_series(series, "mission-1") is None
    return series


async def test_two_processes_opening_one_round_open_it_once_with_no_fault(
    database: Database,
    service: TableService,
    clock: Clock,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Every process runs the series keeper (at start, and after a failed hand-over): two of them
    open the same due mission at once. The series' hold makes the second wait and then find the
    round open: one round, started once, and nothing logged or retried for the loser."""
    series = await _mission_due(service, monkeypatch)
    async with process(database, clock) as b:
        failed: list[str] = []
        service.series_failed = lambda: failed.append("a")
        b.series_failed = lambda: failed.append("b")
        caplog.clear()
        caplog.set_level(logging.WARNING)
        await race(b, service, series, b.resume_series, service.resume_series)
    found = await service.store.find_in_series(series, "mission-1")
    assert found is not None and found.status == "active"
    rounds = [t for t in await service.store.list_tables() if t.series_of == series]
    assert len(rounds) == 1
    assert failed == [] and [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


async def test_a_round_opened_by_another_process_meanwhile_is_a_clean_no_op(
    database: Database,
    service: TableService,
    clock: Clock,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The round's own guard, under the series' hold: a process that found no round and then met
    the one another process inserted (the unique (series_of, series_key) index) takes that one, as
    if it had found it, instead of failing."""
    series = await _mission_due(service, monkeypatch)
    async with process(database, clock) as b:
        loaded = await b.load(series)
        wanted = loaded.rules.series_table(loaded.state)
        caplog.clear()
        caplog.set_level(logging.WARNING)
        # B looked (no round yet) and stops before inserting; A opens the round meanwhile
        arrived, go = gate(b.store)
        opening = asyncio.create_task(b._open_round(loaded.table, wanted))
        async with asyncio.timeout(10):
            await arrived.wait()
        await service._open_round(loaded.table, wanted)
        go.set()
        async with asyncio.timeout(10):
            await opening
    rounds = [t for t in await service.store.list_tables() if t.series_of == series]
    assert len(rounds) == 1 and rounds[0].status == "active"
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
