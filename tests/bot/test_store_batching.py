"""SqliteTx batching: a move's whole transaction in one hop to SQLite's thread, still atomic."""

from __future__ import annotations

from typing import Any

import pytest

from bot.store import NewDelivery, NewEvent, SqliteStore, StaleVersion
from bot.tables import TableService
from tests.bot.duel_table import ALICE, duel_pvp
from tests.bot.engines import duel_row


def _count_hops(store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the calls aiosqlite sends to its thread (every await on the connection is one)."""
    hops = [0]
    real = store.db._execute

    async def counting(fn: Any, *args: Any, **kwargs: Any) -> Any:
        hops[0] += 1
        return await real(fn, *args, **kwargs)

    monkeypatch.setattr(store.db, "_execute", counting)
    return hops


async def _insert(tx: Any) -> int:
    return await duel_row(tx)


async def test_a_move_is_persisted_in_one_hop(
    service: TableService, store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = await duel_pvp(service)
    per_transaction: list[int] = []  # hops from entering each transaction to leaving it
    original = store.transaction

    def spying() -> Any:
        class Spy:
            async def __aenter__(self) -> Any:
                self.cm, self.start = original(), hops[0]
                return await self.cm.__aenter__()

            async def __aexit__(self, *exc: Any) -> Any:
                result = await self.cm.__aexit__(*exc)
                per_transaction.append(hops[0] - self.start)
                return result

        return Spy()

    hops = _count_hops(store, monkeypatch)
    monkeypatch.setattr(store, "transaction", spying)
    before = len(await store.load_events(tid))
    await service.submit(tid, ALICE, 0, 1)
    monkeypatch.undo()
    # BEGIN IMMEDIATE, events, version check, snapshot, outbox, deadlines, COMMIT: one hop in all
    assert per_transaction and all(n == 1 for n in per_transaction), per_transaction
    assert len(await store.load_events(tid)) > before


async def test_a_stale_version_in_the_batch_rolls_back_every_statement(store: SqliteStore) -> None:
    async with store.transaction() as tx:
        tid = await _insert(tx)
        await tx.append_events(tid, 1, [NewEvent(kind="a", data={})])
        await tx.update_table(tid, expected_version=0, version=1)
    with pytest.raises(StaleVersion):
        async with store.transaction() as tx:
            other = await _insert(tx)  # sent at once (its id is needed): still inside this transaction
            await tx.append_events(tid, 2, [NewEvent(kind="b", data={})])
            await tx.add_delivery(NewDelivery(table_id=tid, version=2, kind="turn", target="public"))
            await tx.update_table(tid, expected_version=0, version=2)  # stale: the table is at 1
    assert await store.get_table(other) is None
    assert [e.kind for e in await store.load_events(tid)] == ["a"]
    assert await store.deliveries(tid) == []
    assert (await store.get_table(tid)).version == 1


async def test_before_commit_hook_runs_after_the_statements_and_only_if_they_all_passed(
    store: SqliteStore,
) -> None:
    calls: list[str] = []
    async with store.transaction() as tx:
        tid = await _insert(tx)
    with pytest.raises(StaleVersion):
        async with store.transaction() as tx:
            await tx.update_table(tid, expected_version=7, version=8)
            tx.before_commit(lambda: calls.append("stale"))
    assert calls == []

    def boom() -> None:
        raise RuntimeError("crash before COMMIT")

    with pytest.raises(RuntimeError, match="crash before COMMIT"):
        async with store.transaction() as tx:
            await tx.append_events(tid, 1, [NewEvent(kind="a", data={})])
            tx.before_commit(boom)
    assert await store.load_events(tid) == []  # the statements were sent, COMMIT never came
    async with store.transaction() as tx:
        await tx.append_events(tid, 1, [NewEvent(kind="a", data={})])
        tx.before_commit(lambda: calls.append("ok"))
    assert calls == ["ok"] and [e.kind for e in await store.load_events(tid)] == ["a"]


async def test_a_block_that_raises_sends_nothing(store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    async with store.transaction() as tx:
        tid = await _insert(tx)
    hops = _count_hops(store, monkeypatch)
    with pytest.raises(ValueError, match="oops"):
        async with store.transaction() as tx:
            await tx.append_events(tid, 1, [NewEvent(kind="a", data={})])
            raise ValueError("oops")
    assert hops[0] == 0
    monkeypatch.undo()
    assert await store.load_events(tid) == []
