"""A dead process's claims are free at once (issue 25: "a dead process's lease expires and another
finishes its work"; bot/leases.py), on both engines, with real processes: another process
(tests/bot/claimer.py) claims a deadline or an outbox row and is SIGKILLed. A live process keeps
its claims until their lease runs out, however long it takes; a dead one's are taken over at once,
and the survivor's scheduler is woken by the death. On SQLite a process alone on its file does not
watch it for other processes' deadlines, and starts to when a second one opens it.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

import bot.store_pg
import bot.store_sqlite
from bot.leases import LEASE_S, OWNER_LOCKS
from bot.scheduler import Scheduler
from bot.store import NewDelivery
from bot.tables import TableService
from tests.bot.conftest import Clock
from tests.bot.engines import Database, engine  # noqa: F401 (engine: both engines)
from tests.bot.test_processes import _timer

ROOT = Path(__file__).resolve().parents[2]
LOOK_S = 0.05  # the processes' look at each other, shortened (bot/leases.py PEERS_LOOK_S)


@pytest.fixture(autouse=True)
def quick_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.store_sqlite, "PEERS_LOOK_S", LOOK_S, raising=False)
    monkeypatch.setattr(bot.store_sqlite, "WAKE_POLL_S", 0.01)
    monkeypatch.setattr(bot.store_pg, "PEERS_LOOK_S", LOOK_S, raising=False)


class Other:
    """The other process: what it said once its claims were made, and how to kill it."""

    def __init__(self, proc: asyncio.subprocess.Process, said: list[str]) -> None:
        self.proc = proc
        self.said = said

    async def kill(self) -> None:
        self.proc.kill()  # SIGKILL
        assert await self.proc.wait() == -signal.SIGKILL


async def _due_timer_and_dm(service: TableService, clock: Clock) -> tuple[int, int, float]:
    """A live timer fallen due and a DM row of its table, to be claimed: (deadline, delivery, now)."""
    deadline = await _timer(service)
    clock.advance(46)
    tid = (await service.store.list_tables())[0].id
    return deadline, await _dm(service, tid), clock()


@asynccontextmanager
async def other_process(
    database: Database, owner: str, now: float, *rows: str, until: float | None = None
) -> AsyncIterator[Other]:
    """A real second process on the test's database that claims `rows` ("deadline:<id>",
    "delivery:<id>") as `owner` at `now`, until `until` (a lease of LEASE_S by default)."""
    until = now + LEASE_S if until is None else until
    args = [database.engine, database.target, database.schema or "-", owner, repr(now), repr(until), *rows]
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.bot.claimer",
        *args,
        cwd=ROOT,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        env=os.environ,
    )
    try:
        assert proc.stdout is not None
        line = await asyncio.wait_for(proc.stdout.readline(), 60)
        said = line.decode().split()
        assert said[:1] == ["ready"], line
        yield Other(proc, said[1:])
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def gone(database: Database, store: Any, owner: str) -> None:
    """Until the server has ended a killed process's session (PostgreSQL notices the closed socket
    in a moment): its liveness lock taken exclusively, which waits for exactly that, then given
    back. SQLite needs nothing: the kernel dropped the dead process's locks as it died."""
    if database.engine != "postgresql":
        return
    key = f"hashtext(current_schema() || ':' || '{owner}')"
    async with store.pool.acquire() as conn:
        await conn.execute(f"SELECT pg_advisory_lock({OWNER_LOCKS}, {key})", timeout=10)
        await conn.execute(f"SELECT pg_advisory_unlock({OWNER_LOCKS}, {key})")


async def _dm(service: TableService, tid: int) -> int:
    async with service.store.transaction() as tx:
        await tx.add_delivery(NewDelivery(table_id=tid, version=1, kind="dm", target="user:7"))
    [row] = [r for r in await service.store.deliveries(tid) if r.target == "user:7"]
    return row.id


async def test_a_killed_processs_claims_are_taken_over_at_once(
    database: Database, service: TableService, clock: Clock
) -> None:
    """The other process claims a due timer and a DM, for 30 s, and is SIGKILLed: both are claimed
    here at once, with no time passed (before, both waited out the 30 s lease)."""
    deadline, dm, now = await _due_timer_and_dm(service, clock)
    async with other_process(database, "gone", now, f"deadline:{deadline}", f"delivery:{dm}") as other:
        assert other.said == [f"deadline:{deadline}=yes", f"delivery:{dm}=yes"]
        assert await service.store.claim_deadlines([deadline], owner="here", now=now, until=now + 30) == []
        assert await service.store.claim_delivery(dm, owner="here", now=now, until=now + 30) == now + LEASE_S
        await other.kill()
        await gone(database, service.store, "gone")
        [taken] = await service.store.claim_deadlines([deadline], owner="here", now=now, until=now + 30)
        assert taken.id == deadline
        assert await service.store.claim_delivery(dm, owner="here", now=now, until=now + 30) is None


async def test_a_live_process_keeps_its_claims_until_their_lease_runs_out(
    database: Database, service: TableService, clock: Clock
) -> None:
    """The other process is alive (slow, or stuck): its claims are refused here until their lease
    runs out, to the second, and taken then; its being alive never shortens its lease."""
    deadline, dm, now = await _due_timer_and_dm(service, clock)
    async with other_process(database, "slow", now, f"deadline:{deadline}", f"delivery:{dm}") as other:
        assert other.said == [f"deadline:{deadline}=yes", f"delivery:{dm}=yes"]
        later = now + LEASE_S - 1
        assert (
            await service.store.claim_deadlines([deadline], owner="here", now=later, until=later + 30) == []
        )
        assert (
            await service.store.claim_delivery(dm, owner="here", now=later, until=later + 30) == now + LEASE_S
        )
        ran_out = now + LEASE_S
        [taken] = await service.store.claim_deadlines(
            [deadline], owner="here", now=ran_out, until=ran_out + 30
        )
        assert taken.id == deadline
        assert await service.store.claim_delivery(dm, owner="here", now=ran_out, until=ran_out + 30) is None
        assert other.proc.returncode is None  # it lived throughout


async def test_a_closed_store_frees_its_claims_at_once(
    database: Database, service: TableService, clock: Clock
) -> None:
    """A process that stops (its store closed: on PostgreSQL its connection ends) leaves its claims
    free at once, as one that is killed; while open, its claims hold."""
    deadline = await _timer(service)
    clock.advance(46)
    now = clock()
    other = database.store(clock)
    await other.open()
    try:
        assert len(await other.claim_deadlines([deadline], owner="other", now=now, until=now + 30)) == 1
        assert await service.store.claim_deadlines([deadline], owner="here", now=now, until=now + 30) == []
    finally:
        await other.close()
    [taken] = await service.store.claim_deadlines([deadline], owner="here", now=now, until=now + 30)
    assert taken.id == deadline


async def looked(store: Any, times: int = 2) -> None:
    """Until `store` has looked at the other processes `times` more times (the first may have begun
    before the caller's change)."""
    for _ in range(times):
        store.peers_looked.clear()
        await asyncio.wait_for(store.peers_looked.wait(), 10)


async def test_the_survivors_scheduler_fires_a_killed_processs_timer_at_once(
    database: Database, service: TableService, clock: Clock
) -> None:
    """The running scheduler (its loop, real waits) finds the timer leased to a live process, and
    would look again only when the lease runs out: 30 s of the test's clock, which never pass. The
    other process is killed: the look at who is alive sees it gone and wakes the scheduler and the
    delivery worker (`departed`), and the timer fires."""
    deadline = await _timer(service)
    clock.advance(46)
    tid = (await service.store.list_tables())[0].id
    fired, outbox = asyncio.Event(), asyncio.Event()
    mine = TableService(service.store, clock=clock, reminder_delay=600.0, seeder=lambda: 99, notify=fired.set)
    scheduler = Scheduler(service.store, mine, clock=clock, owner="here", notify=outbox.set)
    async with other_process(database, "gone", clock(), f"deadline:{deadline}") as other:
        scheduler.start()
        try:
            await looked(service.store)  # it has seen the other process alive, and left its timer
            assert await service.store.next_deadline() == clock() + LEASE_S
            assert not fired.is_set() and not outbox.is_set()
            await other.kill()
            await asyncio.wait_for(outbox.wait(), 20)  # the death woke the delivery worker too
            await asyncio.wait_for(fired.wait(), 20)  # and the scheduler, which fired the timer
        finally:
            await scheduler.stop()
    assert [d.status for d in await service.store.deadlines(tid) if d.id == deadline] == ["done"]


async def test_a_process_alone_on_its_sqlite_file_does_not_watch_it(tmp_path: Path, clock: Clock) -> None:
    """Alone on its file a process reads no `PRAGMA data_version` at all (it learns of its own
    deadlines from its own commits); it starts when a second process opens the file, and stops
    again when that one is killed (which left no claim to take over: nothing is woken)."""
    path = tmp_path / "tablero.db"
    store = bot.store_sqlite.SqliteStore(path, clock=clock)
    await store.open()
    loop = asyncio.get_running_loop()
    reads: list[str] = []
    polled, departed = asyncio.Event(), asyncio.Event()

    def trace(sql: str) -> None:  # on SQLite's thread
        if "data_version" in sql:
            reads.append(sql)
            loop.call_soon_threadsafe(polled.set)

    stop = None
    try:
        assert store._read is not None
        await store._read.set_trace_callback(trace)
        stop = await store.listen_deadlines(lambda: None, departed.set)
        await looked(store, 3)
        assert store.peers == frozenset() and reads == []
        async with other_process(Database("sqlite", str(path), None), "other", clock()) as other:
            await asyncio.wait_for(polled.wait(), 10)
            assert store.peers  # the other process's slot, alive
            await other.kill()
        for _ in range(100):  # until a look has found it gone
            if not store.peers:
                break
            await looked(store, 1)
        seen = len(reads)
        await looked(store, 3)
        assert store.peers == frozenset() and len(reads) == seen
        assert not departed.is_set()  # it had claimed nothing: no work of its to take over
    finally:
        if stop is not None:
            await stop()
        await store.close()


@pytest.mark.parametrize("engine", ["postgresql"])
async def test_a_process_whose_connection_is_cut_counts_as_gone_until_it_connects_again(
    database: Database, service: TableService, clock: Clock
) -> None:
    """PostgreSQL: the connection that keeps a process alive is cut from the server's side (as a
    network cut or an administrator would): its claims are free at once, as a dead process's. It
    opens the connection again at its next look or claim, its liveness lock with it, and counts as
    alive again."""
    deadline = await _timer(service)
    clock.advance(46)
    now = clock()
    key = f"hashtext(current_schema() || ':' || 'other')::oid AND classid = {OWNER_LOCKS}"
    held = f"SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = {key}"
    other = database.store(clock)
    await other.open()
    try:
        assert len(await other.claim_deadlines([deadline], owner="other", now=now, until=now + 30)) == 1
        assert await service.store.pool.fetchval(held) == 1
        await service.store.pool.execute(
            f"SELECT pg_terminate_backend(pid) FROM pg_locks WHERE objid = {key}"
        )
        await gone(database, service.store, "other")
        [taken] = await service.store.claim_deadlines([deadline], owner="here", now=now, until=now + 30)
        assert taken.id == deadline
        stop = await other.listen_deadlines(lambda: None, lambda: None)  # its connection, opened again
        try:
            assert await service.store.pool.fetchval(held) == 1
        finally:
            await stop()
    finally:
        await other.close()
