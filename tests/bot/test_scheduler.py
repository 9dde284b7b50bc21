"""Deadlines from SQLite: reminders ping whoever must act; declared time limits apply their action."""

from __future__ import annotations

from bot.scheduler import Scheduler
from bot.store import SqliteStore
from bot.tables import TableService
from tests.games.duel import Commit

ALICE, BOB = 101, 202


async def _pvp(service: TableService, **options: object) -> int:
    table = await service.create(
        game="duel",
        creator=ALICE,
        guild_id=1,
        channel_id=2,
        lang="en",
        side="red",
        opponent=BOB,
        options=options,
    )
    await service.open(table.id, thread_id=3)
    await service.join(table.id, BOB)
    return table.id


def _reminders(rows: list) -> list[str]:
    return sorted(r.target for r in rows if r.kind == "reminder")


async def test_idle_players_are_reminded_once_after_the_delay(
    service: TableService, store: SqliteStore, clock
) -> None:
    tid = await _pvp(service)
    scheduler = Scheduler(store, service, clock=clock)
    clock.advance(599)
    assert await scheduler.tick() == 0
    await service.submit(tid, ALICE, 0, 1)  # Alice acts in time; Bob does not
    clock.advance(2)
    assert await scheduler.tick() == 1
    assert _reminders(await store.deliveries(tid)) == [f"user:{BOB}"]
    clock.advance(10_000)
    assert await scheduler.tick() == 0  # once per wait, not every pass


async def test_deadlines_survive_a_restart(service: TableService, store: SqliteStore, clock, db_path) -> None:
    tid = await _pvp(service)
    await store.close()
    reopened = SqliteStore(db_path, clock=clock)
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
    tid = await _pvp(service, boost_seconds=45)
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
    tid = await _pvp(service, boost_seconds=45)
    state = (await service.load(tid)).state
    await service.submit(tid, ALICE, Commit(card=max(state.hands["red"])), 1)
    applied = await service.submit(tid, BOB, Commit(card=min(state.hands["blue"])), 1)
    await service.submit(tid, ALICE, 1, applied.table.version)  # red boosts in time ("take" is index 1)
    clock.advance(100)
    await Scheduler(store, service, clock=clock).tick()
    assert [e.kind for e in await store.load_events(tid)].count("boosted") == 1
    assert {d.status for d in await store.deadlines(tid) if d.kind == "timeout"} == {"void"}
