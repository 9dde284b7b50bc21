"""The Marine turn timer both ways (SHB-3.1, SHB-3.5, Q18) on a real SQLite file: a live turn's
deadline is stored once and fires the same whether or not the bot restarted; warnings at 30 s and
10 s; a move that arrives after the deadline finds the phase over; the status message counts down;
the async pace keeps a deadline per prompt."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.panels import status_panel
from bot.scheduler import Scheduler
from bot.store import SqliteStore
from bot.tables import TableService
from cogs.lobby import check_new
from engine.core import Rejected

from .conftest import Clock
from .spacehulk_table import spacehulk_presenter

ALICE = 101


@pytest.fixture
def hulk() -> Iterator[object]:
    with spacehulk_presenter() as presenter:
        yield presenter


def service_on(store: SqliteStore, clock: Clock) -> TableService:
    seeds = iter([4242, 4343, 4444])
    return TableService(store, clock=clock, reminder_delay=6 * 3600.0, seeder=lambda: next(seeds))


async def live_table(service: TableService) -> int:
    """Alice's Marines against the Genestealer AI, live pace (the real-time Marine turn)."""
    _, _, options = check_new("spacehulk", "marine", None, "en", "live")
    assert options == {"timer_mode": "realtime"}
    table = await service.create(
        game="spacehulk", creator=ALICE, guild_id=1, channel_id=2, lang="en", side="marine", options=options
    )
    return (await service.open(table.id, thread_id=3)).id


async def timeouts(store: SqliteStore, table: int) -> list[Any]:
    return await store.pending_deadlines(table, "timeout")


async def play_to_expiry(db_path: Path, clock: Clock, *, restart: bool) -> list[dict[str, Any]]:
    """Alice opens a door and moves, then lets the clock run out (with or without a restart in
    between); the event log from then on."""
    store = SqliteStore(db_path, clock=clock)
    await store.open()
    try:
        service = service_on(store, clock)
        table = await live_table(service)
        [limit] = await timeouts(store, table)
        # SHB-3.1: two minutes and thirty seconds per sergeant on the board (one in the purge deck)
        assert limit.due_at == clock.now + 150
        clock.advance(40)
        await service.order(table, ALICE, "M1 door F")
        [still] = await timeouts(store, table)
        assert still.due_at == limit.due_at  # stored once: acting does not restart the clock
        if restart:
            await store.close()
            store = SqliteStore(db_path, clock=clock)
            await store.open()
            service = service_on(store, clock)
        clock.advance(200)  # the deadline passed (while the bot was down, if it restarted)
        assert await Scheduler(store, service, clock=clock).tick() >= 1
        events = await store.load_events(table)
        return [r.data for r in events]
    finally:
        await store.close()


async def test_a_live_turn_ends_the_same_whether_or_not_the_bot_restarted(
    tmp_path: Path, hulk: object
) -> None:
    """SHB-3.5: the phase ends when the time is up; the engine only hears it from the platform."""
    kept = await play_to_expiry(tmp_path / "kept.db", Clock(), restart=False)
    restarted = await play_to_expiry(tmp_path / "restarted.db", Clock(), restart=True)
    assert restarted == kept
    kinds = [e["kind"] for e in kept]
    assert "timer_expired" in kinds
    ended = kinds.index("timer_expired")
    assert "marine_phase_ended" in kinds[ended:]


async def test_a_move_after_the_deadline_finds_the_phase_over(
    db_path: Path, clock: Clock, hulk: object
) -> None:
    """Right after a restart the scheduler may not have run yet: the move is refused, the turn ended."""
    store = SqliteStore(db_path, clock=clock)
    await store.open()
    try:
        service = service_on(store, clock)
        table = await live_table(service)
        clock.advance(151)
        with pytest.raises(Rejected) as refused:
            await service.order(table, ALICE, "M1 door F")
        assert refused.value.message_id == "bot.time_ran_out"
        kinds = [r.kind for r in await store.load_events(table)]
        assert "timer_expired" in kinds and "marine_phase_ended" in kinds
        state = (await service.load(table)).state
        assert state.turn == 2 and state.pieces["m1"].pos == (9, 7, 0)  # nothing of the late order
        assert await Scheduler(store, service, clock=clock).tick() == 0  # nothing left to fire
    finally:
        await store.close()


async def test_warnings_at_30_and_10_seconds_reach_the_marine_player(
    service: TableService, store: SqliteStore, clock: Clock, hulk: object
) -> None:
    table = await live_table(service)
    scheduler = Scheduler(store, service, clock=clock)
    clock.advance(119)
    assert await scheduler.tick() == 0
    clock.advance(1)  # 30 s left
    assert await scheduler.tick() == 1
    clock.advance(20)  # 10 s left
    assert await scheduler.tick() == 1
    warnings = [r for r in await store.deliveries(table) if r.kind == "warning"]
    assert [(r.target, r.payload["left"]) for r in warnings] == [
        (f"user:{ALICE}:30", 30),
        (f"user:{ALICE}:10", 10),
    ]
    # the status message counts down to the stored deadline (a Discord timestamp)
    loaded = await service.load(table)
    [limit] = await timeouts(store, table)
    panel = await status_panel(loaded.table, loaded.rules, hulk, loaded.state, (), [limit])  # type: ignore[arg-type]
    assert f"time runs out <t:{int(limit.due_at)}:R>" in panel.content


async def test_the_async_pace_keeps_a_deadline_per_prompt(
    service: TableService, store: SqliteStore, clock: Clock, hulk: object
) -> None:
    """Q18 "budget": each Marine prompt has its own deadline (a day by default), warned an hour before."""
    _, _, options = check_new("spacehulk", "marine", None, "en", "async")
    table = await service.create(
        game="spacehulk", creator=ALICE, guild_id=1, channel_id=2, lang="en", side="marine", options=options
    )
    table_id = (await service.open(table.id, thread_id=3)).id
    [first] = await timeouts(store, table_id)
    assert first.due_at == clock.now + 86_400
    clock.advance(60)
    await service.order(table_id, ALICE, "M1 door")
    [second] = await timeouts(store, table_id)
    assert second.key != first.key and second.due_at == clock.now + 86_400
    # an hour before it runs out, a warning (the first prompt's was dropped with it)
    [warning] = await store.pending_deadlines(table_id, "warning")
    assert warning.due_at == second.due_at - 3600 and warning.payload["timeout"] == second.key


async def test_the_warnings_are_posted_in_the_thread_with_a_mention(
    service: TableService, store: SqliteStore, clock: Clock, hulk: object
) -> None:
    """A live turn's warning counts seconds; it is skipped once the turn is over."""
    from bot.delivery import DeliveryWorker
    from tests.bot.test_delivery import FakeDiscord

    discord_ = FakeDiscord()
    worker = DeliveryWorker(store, service, discord_, clock=clock)
    table = await live_table(service)
    await worker.run_once()
    scheduler = Scheduler(store, service, clock=clock)
    clock.advance(120)
    assert await scheduler.tick() == 1
    await worker.run_once()
    [warning] = [m for m in discord_.in_channel(3) if "left" in m.panel.content]
    assert warning.panel.content.startswith(f"⏱ <@{ALICE}>, 30 seconds left at table #{table}")
    assert warning.ping == (ALICE,)


def test_a_game_without_a_timer_refuses_a_pace(duel_game: object) -> None:
    with pytest.raises(Rejected) as refused:
        check_new("duel", None, None, "en", "live")
    assert refused.value.message_id == "core.no_pace"
