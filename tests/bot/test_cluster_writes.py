"""Writes outside a move, raced between two bot processes on one database (issue 25 item 4), on
both engines: resign, abandon, a lobby's joins and start, pause and resume, a take-back, /away and
"I'm back", a missed deadline's count, a server's language.

Each race is made deterministic: process B runs its write up to the commit (it has read the table
and holds it) and waits there; process A then runs its own write on the same table. A must wait
for B's hold (on PostgreSQL the row lock, on SQLite the table's byte lock: bot/holds.py) and then
work on what B committed. Without a real hold (SQLite before), A commits in between and B's commit
meets a state it did not read: a raw StaleVersion ("Something broke") or a lost update.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest

from bot import absence
from bot.records import StaleVersion
from bot.tables import TableService
from engine.core import Rejected
from tests.bot.conftest import Clock
from tests.bot.duel_table import ALICE, BOB, THREAD, duel_pvp
from tests.bot.engines import Database, engine  # noqa: F401 (engine: both engines)
from tests.bot.test_processes import process


def gate(store: Any, skip: int = 0) -> tuple[asyncio.Event, asyncio.Event]:
    """Stop `store`'s (skip+1)-th unit of work at its start: (it has arrived, let it go)."""
    arrived, go = asyncio.Event(), asyncio.Event()
    real = store.transaction
    calls = 0

    @asynccontextmanager
    async def transaction() -> AsyncIterator[Any]:
        nonlocal calls
        calls += 1
        if calls == skip + 1:
            arrived.set()
            await go.wait()
        async with real() as tx:
            yield tx

    store.transaction = transaction
    return arrived, go


async def waits_for_hold(store: Any, table_id: int) -> None:
    """Returns once a task of `store`'s process waits for another process's hold on the table."""
    while True:
        if hasattr(store, "pool"):  # PostgreSQL: a session waits for a row lock
            if await store._all(
                "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"
            ):
                return
        else:
            holds = getattr(store, "holds", None)
            if holds is not None and holds.contended(table_id):
                return
        await asyncio.sleep(0.005)


async def race(
    b: TableService,
    a: TableService,
    table_id: int,
    first: Callable[[], Awaitable[Any]],
    second: Callable[[], Awaitable[Any]],
    *,
    skip: int = 0,
) -> tuple[Any, Any]:
    """B's `first` stopped at its commit, A's `second` meanwhile; both results (or exceptions)."""
    arrived, go = gate(b.store, skip)
    x = asyncio.create_task(first())
    async with asyncio.timeout(10):
        await asyncio.wait({x, asyncio.create_task(arrived.wait())}, return_when=asyncio.FIRST_COMPLETED)
    assert arrived.is_set(), x.exception() if x.done() else "B never reached its commit"
    y = asyncio.create_task(second())
    probe = asyncio.create_task(waits_for_hold(a.store, table_id))
    await asyncio.wait({y, probe}, timeout=10, return_when=asyncio.FIRST_COMPLETED)
    probe.cancel()
    go.set()
    async with asyncio.timeout(20):
        done = await asyncio.gather(x, y, return_exceptions=True)
    for result in done:  # a conflict is never a bug
        assert not isinstance(result, StaleVersion), "a raw StaleVersion reached the player"
        assert isinstance(result, Rejected) or not isinstance(result, BaseException), repr(result)
    return done[0], done[1]


def refused(result: Any, key: str) -> bool:
    return isinstance(result, Rejected) and result.message_id == key


async def test_resign_races_a_move(database: Database, service: TableService, clock: Clock) -> None:
    tid = await duel_pvp(service)
    async with process(database, clock) as other:
        resigned, moved = await race(
            other, service, tid, lambda: other.resign(tid, BOB), lambda: service.submit(tid, ALICE, 0, 1)
        )
    assert resigned.status == "finished" and resigned.outcome.winners == ("red",)
    assert refused(moved, "core.game_over")


async def test_abandon_races_a_resign(database: Database, service: TableService, clock: Clock) -> None:
    tid = await duel_pvp(service)
    await service.submit(tid, ALICE, 0, 1)
    async with process(database, clock) as other:
        abandoned, resigned = await race(
            other,
            service,
            tid,
            lambda: other.abandon(tid, 999, is_admin=True),
            lambda: service.resign(tid, ALICE),
        )
    assert abandoned.status == "abandoned" and refused(resigned, "core.game_over")
    assert (await service.get(tid)).status == "abandoned"


async def test_two_joins_of_one_lobby(database: Database, service: TableService, clock: Clock) -> None:
    """Bob's Join button clicked twice, each click reaching another process: seated once, the game
    started once, the second click told the table is not waiting any more."""
    table = await service.create(
        game="duel", creator=ALICE, guild_id=1, channel_id=2, lang="en", side="red", opponent=BOB, options={}
    )
    await service.open(table.id, thread_id=THREAD)
    async with process(database, clock) as other:
        joined, again = await race(
            other, service, table.id, lambda: other.join(table.id, BOB), lambda: service.join(table.id, BOB)
        )
    assert joined.status == "active" and joined.seats == {"red": ALICE, "blue": BOB}
    # SQLite holds the table through the join and its start; PostgreSQL's hold lets go at each
    # commit (bot/store_pg.py `hold`), so the second click may see Bob seated in the full lobby
    assert any(refused(again, key) for key in ("bot.not_in_lobby", "bot.already_seated")), again
    log = await service.store.load_events(table.id)
    assert [r.seq for r in log] == list(range(1, len(log) + 1)) and (
        await service.get(table.id)
    ).version == len(log)


async def test_start_races_a_join(database: Database, service: TableService, clock: Clock) -> None:
    table = await service.create(
        game="duel", creator=ALICE, guild_id=1, channel_id=2, lang="en", side="red", opponent=BOB, options={}
    )
    await service.open(table.id, thread_id=THREAD)
    async with process(database, clock) as other:
        started, joined = await race(
            other,
            service,
            table.id,
            lambda: other.start(table.id, ALICE),
            lambda: service.join(table.id, BOB),
        )
    assert started.status == "active" and started.seats["blue"] == "ai"
    assert any(refused(joined, key) for key in ("bot.not_in_lobby", "bot.table_full")), joined
    assert (await service.get(table.id)).seats["blue"] == "ai"


async def test_two_pause_requests(database: Database, service: TableService, clock: Clock) -> None:
    """Both players ask to pause at once, on two processes: both asked, so the table is paused (a
    lost update would leave one request and a table still running)."""
    tid = await duel_pvp(service)
    async with process(database, clock) as other:
        await race(
            other,
            service,
            tid,
            lambda: other.ask_pause(tid, BOB, is_admin=False),
            lambda: service.ask_pause(tid, ALICE, is_admin=False),
        )
    assert (await service.get(tid)).paused


async def test_resume_races_a_pause_request(database: Database, service: TableService, clock: Clock) -> None:
    tid = await duel_pvp(service)
    await service.ask_pause(tid, 999, is_admin=True)
    async with process(database, clock) as other:
        resumed, asked = await race(
            other,
            service,
            tid,
            lambda: other.resume(tid, BOB, is_admin=False),
            lambda: service.ask_pause(tid, ALICE, is_admin=False),
        )
    assert not resumed.paused
    assert not isinstance(asked, BaseException)
    table = await service.get(tid)
    assert not table.paused and table.pause["asked"] == [ALICE] and table.pause["n"] == 1


async def test_a_take_back_races_a_move(database: Database, service: TableService, clock: Clock) -> None:
    """Alice takes her card back on one process while Bob plays his on another: either order is a
    game, never a broken one (Bob's move is judged on the table as the take-back left it)."""
    tid = await duel_pvp(service)
    await service.submit(tid, ALICE, 0, 1)
    version = (await service.get(tid)).version
    async with process(database, clock) as other:
        taken, moved = await race(
            other,
            service,
            tid,
            lambda: other.take_back(tid, ALICE),
            lambda: service.submit(tid, BOB, 0, version),
        )
    assert taken[1] is True  # nothing was revealed: taken back at once
    log = await service.store.load_events(tid)
    assert (await service.get(tid)).version == log[-1].seq
    assert not isinstance(moved, BaseException) or refused(moved, "bot.table_moved_on")


async def test_away_and_back_race_a_move(database: Database, service: TableService, clock: Clock) -> None:
    tid = await duel_pvp(service, absent="ai")
    async with process(database, clock) as other:
        # /away writes the player's row first (its own unit of work), then holds each table
        touched, moved = await race(
            other,
            service,
            tid,
            lambda: other.away(BOB, clock() + 86_400),
            lambda: service.submit(tid, ALICE, 0, 1),
            skip=1,
        )
        assert [t.id for t in touched] == [tid] and not isinstance(moved, BaseException)
        table = await service.get(tid)
        assert absence.reason(table, "blue") == "away"
        back, moved = await race(
            other,
            service,
            tid,
            lambda: other.back(tid, BOB),
            lambda: service.submit(tid, ALICE, 0, table.version),
            skip=1,  # "I'm back" ends the /away first (the player's row)
        )
    assert absence.reason(await service.get(tid), "blue") is None
    assert not isinstance(back, BaseException)


async def test_two_missed_deadline_counts(database: Database, service: TableService, clock: Clock) -> None:
    """Two of a seat's deadlines missed at once, counted on two processes: counted twice (a lost
    update would count one)."""
    tid = await duel_pvp(service, absent="ai", absent_after=3)
    async with process(database, clock) as other:
        await race(
            other,
            service,
            tid,
            lambda: other.deadline_missed(tid, "blue"),
            lambda: service.deadline_missed(tid, "blue"),
        )
    assert absence.missed(await service.get(tid), "blue") == 2


async def test_a_server_language_change_races_a_move(
    database: Database, service: TableService, clock: Clock
) -> None:
    tid = await duel_pvp(service)
    async with process(database, clock) as other:
        # the server's row first, then each running table held in turn
        await race(
            other,
            service,
            tid,
            lambda: other.set_server_language(1, "es"),
            lambda: service.submit(tid, ALICE, 0, 1),
            skip=1,
        )
    table = await service.get(tid)
    assert table.lang == "es" and table.version == len(await service.store.load_events(tid))


@pytest.mark.parametrize("engine", ["sqlite"], indirect=True)
async def test_a_stale_version_is_told_as_the_table_moving_on(service: TableService) -> None:
    """The last line (bot/errors.py): a StaleVersion that still reaches the error path is answered
    "the table has moved on", never "Something broke"."""
    from bot.errors import ErrorHandler

    answers: list[str] = []

    class Response:
        def is_done(self) -> bool:
            return False

        async def send_message(self, content: str, **_: Any) -> None:
            answers.append(content)

    class Interaction:
        locale = "en-US"
        extras: dict[str, Any] = {}
        response = Response()
        command = None
        data = {"custom_id": "resign:1"}

    await ErrorHandler().handle(Interaction(), StaleVersion(1))  # type: ignore[arg-type]
    assert answers and "moved on" in answers[0]


async def test_two_admins_change_one_servers_settings_at_once(
    database: Database, service: TableService, clock: Clock
) -> None:
    """`/server channels add:` by two admins at once on two processes: both channels are allowed
    (each change is written only over what it read, else read again: bot/server.py)."""
    from bot.server import change_settings

    def adding(channel: int) -> Callable[[Any], tuple[dict[str, Any], list[int]]]:
        return lambda now: (now.defaults, sorted({*now.channels, channel}))

    await change_settings(service.store, 1, lambda now: ({"pace": "async"}, []))
    async with process(database, clock) as other:
        arrived, go = gate(other.store)
        first = asyncio.create_task(change_settings(other.store, 1, adding(5)))
        async with asyncio.timeout(10):
            await arrived.wait()  # B read the settings and is about to write them
        await change_settings(service.store, 1, adding(6))  # A reads and writes meanwhile
        go.set()
        async with asyncio.timeout(10):
            await first
    stored = await service.store.server_settings(1)
    assert stored.channels == [5, 6] and stored.defaults == {"pace": "async"}
