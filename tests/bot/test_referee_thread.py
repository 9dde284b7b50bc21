"""The referee thread kept up to date every turn (issue 28 item 5, bot/delivery.py `_referee`): stored
with the table (migration 8, both engines), the same message(s) edited at every change rather than a
post per turn, through a restart; never fed once the referee holds a seat; a refusal there is not
the table's fault."""

from __future__ import annotations

from bot.delivery import DeliveryWorker, ThreadRefused
from bot.panels import Panel
from bot.store import SqliteStore
from bot.tables import TableService
from tests.bot.conftest import Clock
from tests.bot.duel_table import ALICE, BOB, duel_pvp
from tests.bot.engines import Database, engine  # noqa: F401 (both engines)
from tests.bot.test_delivery import FakeDiscord
from tests.games.duel import Commit

REFEREE = 303
REF_THREAD = 77


async def _follow(store: SqliteStore, tid: int, user: int = REFEREE) -> None:
    """What `/game referee` stores (cogs/watch.py): the thread, and the status row re-armed."""
    async with store.transaction() as tx:
        await tx.set_referee(tid, REF_THREAD, user)
        await tx.touch_status(tid)


async def _move(service: TableService, tid: int) -> None:
    loaded = await service.load(tid)
    state = loaded.state
    await service.submit(tid, ALICE, Commit(card=max(state.hands["red"])), state.version)


async def test_the_referee_thread_is_edited_at_every_change_and_survives_a_restart(
    service: TableService, store: SqliteStore, database: Database, clock: Clock
) -> None:
    discord_ = FakeDiscord()
    tid = await duel_pvp(service)
    await _follow(store, tid)
    await DeliveryWorker(store, service, discord_, clock=clock).run_once()
    posted = discord_.in_channel(REF_THREAD)
    assert posted and "as every seat sees it" in posted[0].panel.content
    referee = await store.referee_of(tid)
    assert referee is not None and referee.messages == [m.id for m in posted]
    # the Duel's secret: both hands, in the referee thread alone
    state = (await service.load(tid)).state
    assert all(str(c) in "\n".join(m.panel.content for m in posted) for c in state.hands["blue"])

    first = posted[0].panel.content
    await _move(service, tid)
    await DeliveryWorker(store, service, discord_, clock=clock).run_once()
    assert [m.id for m in discord_.in_channel(REF_THREAD)] == referee.messages  # no new post
    assert posted[0].edits == 1 and posted[0].panel.content != first

    # a restart: a new store on the same database, a new worker; the next change edits the same
    restarted = database.store(clock)
    await restarted.open()
    try:
        after = TableService(restarted, clock=clock, reminder_delay=600.0, seeder=lambda: 1)
        loaded = await after.load(tid)
        await after.submit(tid, BOB, Commit(card=min(loaded.state.hands["blue"])), loaded.state.version)
        await DeliveryWorker(restarted, after, discord_, clock=clock).run_once()
        assert [m.id for m in discord_.in_channel(REF_THREAD)] == referee.messages
        assert posted[0].edits == 2
        # someone deleted the message in the thread: it is posted again, and remembered
        del discord_.messages[referee.messages[0]]
        async with restarted.transaction() as tx:
            await tx.touch_status(tid)
        await DeliveryWorker(restarted, after, discord_, clock=clock).run_once()
        again = await restarted.referee_of(tid)
        assert again.messages[0] != referee.messages[0] and again.messages[0] in discord_.messages
    finally:
        await restarted.close()


async def test_a_referee_who_holds_a_seat_gets_nothing(
    service: TableService, store: SqliteStore, clock: Clock
) -> None:
    discord_ = FakeDiscord()
    tid = await duel_pvp(service)
    await _follow(store, tid, user=ALICE)
    await DeliveryWorker(store, service, discord_, clock=clock).run_once()
    assert discord_.in_channel(REF_THREAD) == []
    assert await store.referee_of(tid) is None  # dropped: no later change feeds it either


class RefusingThread(FakeDiscord):
    """Discord refuses the referee thread (the bot lost access to it); the table's thread is fine."""

    async def send(self, channel_id: int, panel: Panel, *, nonce: str, ping=()) -> int:  # type: ignore[override]
        if channel_id == REF_THREAD:
            raise ThreadRefused(50001)
        return await super().send(channel_id, panel, nonce=nonce, ping=ping)


async def test_a_refused_referee_thread_is_not_the_tables_fault(
    service: TableService, store: SqliteStore, clock: Clock
) -> None:
    discord_ = RefusingThread()
    tid = await duel_pvp(service)
    await _follow(store, tid)
    await DeliveryWorker(store, service, discord_, clock=clock).run_once()
    table = await store.get_table(tid)
    assert table.fault is None and table.status_message_id in discord_.messages
    assert [r.status for r in await store.deliveries(tid) if r.kind == "status"] == ["done"]
    assert (await store.referee_of(tid)).messages == []
