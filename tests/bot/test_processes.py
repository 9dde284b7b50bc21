"""Several bot processes on one database (issue 25 items 4 and 5), on both engines: each "process"
is a store of its own (its own connections or pool) with its own table service, scheduler and
delivery worker, on the same SQLite file or PostgreSQL schema.

Item 4: a click that reaches two processes applies once, a stale one is told so; simultaneous
choices both count. Item 5: a due deadline or an outbox row is claimed by one process only, a dead
process's lease is taken over when it runs out, a deadline fires once, and on PostgreSQL a new
deadline wakes the other processes' schedulers.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from bot.delivery import DeliveryWorker
from bot.scheduler import Scheduler
from bot.store import NewDelivery
from bot.tables import Applied, Conflict, TableService
from engine.core import Rejected
from tests.bot.conftest import Clock
from tests.bot.duel_table import ALICE, BOB, duel_pvp
from tests.bot.engines import Database, engine, raw  # noqa: F401 (engine: both engines)
from tests.bot.test_delivery import FakeDiscord
from tests.games.duel import Commit


@asynccontextmanager
async def process(database: Database, clock: Clock) -> AsyncIterator[TableService]:
    """A second bot process on the test's database: a store of its own and a table service on it."""
    store = database.store(clock)
    await store.open()
    try:
        yield TableService(store, clock=clock, reminder_delay=600.0, seeder=lambda: 99)
    finally:
        await store.close()


def committed(log: list[Any], seat: str) -> int:
    return sum(e.kind == "committed" and e.actor == seat for e in log)


# --- item 4: any process may serve any table ----------------------------------------------------


async def test_one_click_reaching_two_processes_applies_once(
    database: Database, service: TableService, clock: Clock
) -> None:
    tid = await duel_pvp(service)
    card = max((await service.load(tid)).state.hands["red"])
    async with process(database, clock) as other:
        results = await asyncio.gather(
            service.submit(tid, ALICE, Commit(card=card), 1),
            other.submit(tid, ALICE, Commit(card=card), 1),
            return_exceptions=True,
        )
    applied = [r for r in results if isinstance(r, Applied)]
    refused = [r for r in results if isinstance(r, Rejected)]
    assert len(applied) == 1 and len(refused) == 1, results
    assert refused[0].message_id == "bot.table_moved_on"  # the stale click is told so, as in one process
    log = await service.store.load_events(tid)
    assert committed(log, "red") == 1
    assert (await service.store.get_table(tid)).version == log[-1].seq


async def test_simultaneous_choices_on_two_processes_both_count(
    database: Database, service: TableService, clock: Clock
) -> None:
    """Alice's and Bob's cards, each clicked for version 1, reach two processes at once: whichever
    commits second finds the table moved on under it and is judged by the stale-click rule on the
    fresh state (Bob's legal actions did not change), so both apply."""
    tid = await duel_pvp(service)
    hands = (await service.load(tid)).state.hands
    async with process(database, clock) as other:
        red, blue = await asyncio.gather(
            service.submit(tid, ALICE, Commit(card=max(hands["red"])), 1),
            other.submit(tid, BOB, Commit(card=min(hands["blue"])), 1),
        )
    log = await service.store.load_events(tid)
    assert committed(log, "red") == 1 and committed(log, "blue") == 1
    assert {red.seat, blue.seat} == {"red", "blue"}


async def test_a_move_committed_under_another_process_is_run_again_on_the_fresh_state(
    database: Database, service: TableService, clock: Clock
) -> None:
    """The second process read the table, then the first committed: its commit is refused whole
    (Conflict: the store's version check), and `_conflicts` runs the move once more on what the
    first committed, where the stale-click rule accepts Bob's still-valid choice."""
    tid = await duel_pvp(service)
    hands = (await service.load(tid)).state.hands
    async with process(database, clock) as other:
        stale = await other.load(tid)
        await service.submit(tid, ALICE, Commit(card=max(hands["red"])), 1)
        tries = 0

        async def move() -> Applied:
            nonlocal tries
            tries += 1
            async with other.lock(tid):
                loaded = stale if tries == 1 else await other.load(tid)
                return await other._submit(
                    loaded, "blue", Commit(card=min(hands["blue"])), 1, actor_user=BOB, by_player=True
                )

        with pytest.raises(Conflict):
            await move()  # alone: the stale commit is refused and leaves nothing behind
        assert committed(await service.store.load_events(tid), "blue") == 0
        tries = 0
        applied = await other._conflicts(move)
    assert tries == 2 and applied.seat == "blue"
    assert committed(await service.store.load_events(tid), "blue") == 1


async def test_a_move_waits_for_the_process_holding_its_table(
    database: Database, service: TableService, clock: Clock
) -> None:
    """The table's hold (PostgreSQL: SELECT ... FOR UPDATE; SQLite: the table's byte lock beside the
    file, bot/holds.py) is kept for the whole load-decide-commit: a click on another process waits
    for it, then loads what was committed."""
    tid = await duel_pvp(service)
    card = max((await service.load(tid)).state.hands["red"])
    async with process(database, clock) as other:
        async with service.lock(tid):
            waiting = asyncio.create_task(other.submit(tid, ALICE, Commit(card=card), 1))
            async with asyncio.timeout(10):  # until the other process is seen waiting for the hold
                while not (
                    await service.store._all(
                        "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                        " AND datname = current_database()"
                    )
                    if database.engine == "postgresql"
                    else other.store.holds.contended(tid)
                ):
                    await asyncio.sleep(0.01)
            assert not waiting.done()
            await service._submit(
                await service.load(tid), "red", Commit(card=card), 1, actor_user=ALICE, by_player=True
            )
        with pytest.raises(Rejected) as refused:
            await waiting
    assert refused.value.message_id == "bot.table_moved_on"
    assert committed(await service.store.load_events(tid), "red") == 1


async def test_a_commit_inside_a_held_move_is_seen_by_the_other_processes_at_once(
    database: Database, service: TableService, clock: Clock
) -> None:
    """The hold does not defer what the move commits (persist first, deliver second): a unit of work
    inside it is committed when its block ends, for every process to read."""
    tid = await duel_pvp(service)
    async with process(database, clock) as other:
        async with service.lock(tid):
            async with service.store.transaction() as tx:
                await tx.set_standing(tid, "red", "pace", "fast")
            assert await other.store.standing(tid) == {"red": {"pace": "fast"}}
            async with service.store.transaction() as tx:  # a second one in the same move
                await tx.set_standing(tid, "blue", "pace", "slow")
            assert (await other.store.standing(tid))["blue"] == {"pace": "slow"}


# --- item 5: background work claimed with leases ------------------------------------------------


async def _timer(service: TableService) -> int:
    """A table whose boost timer (45 s) runs; its deadline's id."""
    tid = await duel_pvp(service, boost_seconds=45)
    hands = (await service.load(tid)).state.hands
    await service.submit(tid, ALICE, Commit(card=max(hands["red"])), 1)
    await service.submit(tid, BOB, Commit(card=min(hands["blue"])), 1)
    [deadline] = await service.store.pending_deadlines(tid, "timeout")
    return deadline.id


async def test_two_processes_claim_a_due_deadline_once_and_take_over_an_expired_lease(
    database: Database, service: TableService, clock: Clock
) -> None:
    deadline = await _timer(service)
    clock.advance(46)
    now = clock()
    async with process(database, clock) as other:
        claims = await asyncio.gather(
            *(
                s.store.claim_deadlines([deadline], owner=name, now=now, until=now + 30)
                for s, name in [(service, "one"), (other, "two")] * 3
            )
        )
        # one process wins it (its own later claims renew it); the other gets nothing
        owners = {name for name, claim in zip(["one", "two"] * 3, claims, strict=True) if claim}
        assert len(owners) == 1
        winner = owners.pop()
        loser = "two" if winner == "one" else "one"
        assert not any(c for name, c in zip(["one", "two"] * 3, claims, strict=True) if name == loser)
        assert await other.store.claim_deadlines([deadline], owner=loser, now=now + 29, until=now + 59) == []
        # the winner's own claim may be renewed; the other's only once the lease has run out
        assert (
            len(await service.store.claim_deadlines([deadline], owner=winner, now=now + 1, until=now + 31))
            == 1
        )
        [taken] = await other.store.claim_deadlines([deadline], owner=loser, now=now + 31, until=now + 61)
        assert taken.id == deadline


async def test_two_schedulers_fire_a_timer_once(
    database: Database, service: TableService, clock: Clock
) -> None:
    await _timer(service)
    tid = (await service.store.list_tables())[0].id
    version = (await service.store.get_table(tid)).version
    clock.advance(46)
    async with process(database, clock) as other:
        one = Scheduler(service.store, service, clock=clock, owner="one")
        two = Scheduler(other.store, other, clock=clock, owner="two")
        fired = await asyncio.gather(one.tick(), two.tick(), one.tick(), two.tick())
    assert sum(fired) == 1
    log = await service.store.load_events(tid)
    assert sum(e.kind == "boosted" for e in log[version:]) == 1
    assert [d.status for d in await service.store.deadlines(tid) if d.kind == "timeout"][0] == "done"


async def test_a_dead_processes_deadline_is_fired_by_another_when_its_lease_runs_out(
    database: Database, service: TableService, clock: Clock
) -> None:
    deadline = await _timer(service)
    clock.advance(46)
    # process one claims the timer and dies before firing it (nothing but its lease is written)
    [claimed] = await service.store.claim_deadlines([deadline], owner="one", now=clock(), until=clock() + 30)
    async with process(database, clock) as other:
        two = Scheduler(other.store, other, clock=clock, owner="two")
        assert await two.tick() == 0  # leased to a process that may still be at it
        assert await two.delay() == pytest.approx(30.0)  # it looks again when the lease runs out
        clock.advance(30)
        assert await two.tick() == 1
    assert [d.status for d in await service.store.deadlines(claimed.table_id) if d.id == deadline] == ["done"]


async def test_a_deadline_another_process_fired_has_no_second_effect(
    database: Database, service: TableService, clock: Clock
) -> None:
    """The lease ran out under a slow process and another fired the timer meanwhile: the slow one's
    action is refused with the deadline's done mark (one commit), nothing applied twice."""
    deadline = await _timer(service)
    tid = (await service.store.list_tables())[0].id
    clock.advance(46)
    [record] = await service.store.claim_deadlines([deadline], owner="slow", now=clock(), until=clock() + 30)
    await raw(service.store, "UPDATE deadlines SET status = 'done' WHERE id = ?", deadline)
    version = (await service.store.get_table(tid)).version
    slow = Scheduler(service.store, service, clock=clock, owner="slow")
    assert await slow._expire(record) is False
    assert (await service.store.get_table(tid)).version == version


async def test_two_processes_claim_an_outbox_row_once(
    database: Database, service: TableService, clock: Clock
) -> None:
    tid = await duel_pvp(service)
    async with service.store.transaction() as tx:
        await tx.add_delivery(NewDelivery(table_id=tid, version=1, kind="dm", target="user:7"))
    [row] = [r for r in await service.store.deliveries(tid) if r.target == "user:7"]
    now = clock()
    async with process(database, clock) as other:
        claims = await asyncio.gather(
            *(
                s.store.claim_delivery(row.id, owner=name, now=now, until=now + 30)
                for s, name in [(service, "one"), (other, "two")] * 3
            )
        )
        names = ["one", "two"] * 3
        owners = {name for name, claim in zip(names, claims, strict=True) if claim is None}
        assert len(owners) == 1  # one process wins it (its own later claims renew it)
        winner = owners.pop()
        loser = "two" if winner == "one" else "one"
        assert all(c == now + 30 for name, c in zip(names, claims, strict=True) if name == loser)
        # the other process may take it only when the lease has run out
        assert await other.store.claim_delivery(row.id, owner=loser, now=now + 29, until=now + 59) == now + 30
        assert await other.store.claim_delivery(row.id, owner=loser, now=now + 30, until=now + 60) is None
        async with service.store.transaction() as tx:
            await tx.finish_delivery(row.id, "done")
        assert await service.store.claim_delivery(row.id, owner=winner, now=now + 31, until=now + 61) == 0.0
    [after] = [r for r in await service.store.deliveries(tid) if r.id == row.id]
    assert after.attempts == claims.count(None) + 1  # each claim that won counted one attempt


async def test_two_delivery_workers_send_each_message_once(
    database: Database, service: TableService, clock: Clock
) -> None:
    tid = await duel_pvp(service)
    hands = (await service.load(tid)).state.hands
    await service.submit(tid, ALICE, Commit(card=max(hands["red"])), 1)
    discord = FakeDiscord()
    async with process(database, clock) as other:
        one = DeliveryWorker(service.store, service, discord, clock=clock, owner="one")
        two = DeliveryWorker(other.store, other, discord, clock=clock, owner="two")
        for _ in range(3):
            await asyncio.gather(one.run_once(), two.run_once())
    rows = await service.store.deliveries(tid)
    assert rows and all(r.status in ("done", "skipped") for r in rows)
    nonces = [m.nonce for m in discord.messages.values()]
    assert len(nonces) == len(set(nonces))  # no message posted twice


async def test_a_lane_leased_by_a_dead_process_waits_then_goes_out_in_order(
    database: Database, service: TableService, clock: Clock
) -> None:
    """Process one claimed the first message of a table's lane and died. Process two sends none of
    that lane's messages meanwhile (they would overtake it), then all of them, in order, once the
    lease has run out."""
    tid = await duel_pvp(service)
    async with service.store.transaction() as tx:
        for n in (1, 2):
            await tx.add_delivery(NewDelivery(table_id=tid, version=9, kind="invite", target=f"user:{n}"))
    lane = [r for r in await service.store.deliveries(tid) if r.kind != "status"]
    first = lane[0]
    assert await service.store.claim_delivery(first.id, owner="dead", now=clock(), until=clock() + 30) is None
    discord = FakeDiscord()
    async with process(database, clock) as other:
        worker = DeliveryWorker(other.store, other, discord, clock=clock, owner="two")
        await worker.run_once()
        assert all(r.status == "pending" for r in await other.store.deliveries(tid) if r.kind != "status")
        clock.advance(31)
        await worker.run_once()
        await worker.run_once()
    rows = [r for r in await service.store.deliveries(tid) if r.kind != "status"]
    assert {r.status for r in rows} <= {"done", "skipped"} and rows[0].status == "done"
    sent = [r.message_id for r in rows if r.message_id is not None]
    assert len(sent) >= 3 and sent == sorted(sent)  # posted in the lane's order, the first first


async def test_a_new_change_frees_the_status_edit_a_dead_process_had_claimed(
    database: Database, service: TableService, clock: Clock
) -> None:
    """Process one claimed a table's status edit and died mid-edit. A move on process two re-arms
    that row (one per table, re-armed by every change): the new board is drawn by process two at
    once, not after the dead process's 30 s lease (found by tests/reliability/test_cluster_chaos.py:
    a live timer fired on the survivor and its board waited the lease out)."""
    tid = await duel_pvp(service)
    [status] = [r for r in await service.store.deliveries(tid) if r.kind == "status"]
    assert (
        await service.store.claim_delivery(status.id, owner="dead", now=clock(), until=clock() + 30) is None
    )
    discord = FakeDiscord()
    async with process(database, clock) as other:
        hands = (await other.load(tid)).state.hands
        await other.submit(tid, ALICE, Commit(card=max(hands["red"])), 1)  # the change re-arms it
        worker = DeliveryWorker(other.store, other, discord, clock=clock, owner="two")
        await worker.run_once()  # no time has passed: the dead claim would still hold
    [after] = [r for r in await service.store.deliveries(tid) if r.id == status.id]
    assert after.status == "done"


async def test_a_new_deadline_wakes_the_other_processes_scheduler(
    database: Database, service: TableService, clock: Clock
) -> None:
    """A commit that writes a deadline on one process wakes the scheduler of another at once (a live
    timer fires on time whichever process holds it): PostgreSQL's LISTEN/NOTIFY; on SQLite the
    file's `PRAGMA data_version`, watched every 0.2 s (SqliteStore.listen_deadlines). PostgreSQL
    NOTIFYs only for a deadline due within WAKE_HORIZON_S (every scheduler looks again that often
    anyway): a table's first reminder, hours away, needs none; a live timer does."""
    async with process(database, clock) as other:
        woken = asyncio.Event()
        stop = await other.store.listen_deadlines(woken.set)
        try:
            await duel_pvp(service)  # opening the table writes its first reminder deadline
            if database.engine == "sqlite":  # (any commit changes the file's data_version)
                async with asyncio.timeout(5):
                    await woken.wait()
                woken.clear()
            await _timer(service)  # a live timer on another table: a wake
            async with asyncio.timeout(5):
                await woken.wait()
        finally:
            await stop()
