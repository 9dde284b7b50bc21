"""Per-table locks are kept only while used (issue 24 item 8): after many tables are touched the
service holds a lock only for the tables someone holds or waits for."""

from __future__ import annotations

import asyncio

from bot.tables import TableService
from tests.bot.duel_table import ALICE


async def test_locks_of_tables_no_one_uses_are_dropped(service: TableService) -> None:
    ids = []
    for _ in range(8):
        table = await service.create(game="duel", creator=ALICE, guild_id=1, channel_id=2, lang="en")
        ids.append((await service.open(table.id, thread_id=None)).id)
    for table_id in ids:  # a move on each: the lock taken and released
        await service.resign(table_id, ALICE)
    assert service._locks == {}


async def test_a_lock_held_or_waited_for_stays_and_is_the_same_lock(service: TableService) -> None:
    entered = asyncio.Event()
    release = asyncio.Event()
    order: list[str] = []

    async def holder() -> None:
        async with service.lock(1):
            order.append("first in")
            entered.set()
            await release.wait()
        order.append("first out")

    async def waiter() -> None:
        async with service.lock(1):
            order.append("second in")

    first = asyncio.create_task(holder())
    await entered.wait()
    second = asyncio.create_task(waiter())
    await asyncio.sleep(0)  # the waiter queues on the lock
    async with asyncio.timeout(1):
        while not service._locks[1]._users == 2:
            await asyncio.sleep(0)
    assert list(service._locks) == [1] and service.lock(1).locked()
    async with service.lock(2):
        assert sorted(service._locks) == [1, 2]
    assert list(service._locks) == [1]
    release.set()
    await asyncio.gather(first, second)
    assert order == ["first in", "first out", "second in"]
    assert service._locks == {}
