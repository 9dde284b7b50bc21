"""/order through the table service on a real SQLite file: the steps are applied as clicks are
(one commit, the same checks, AI seats answering), a refused step keeps the steps before it, a
refusal of the first step or of the text changes nothing, and a dry run applies nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.orders import order_text
from bot.store import SqliteStore
from bot.tables import TableService
from engine.core import Rejected

from .spacehulk_table import spacehulk_presenter

ALICE = 101


@pytest.fixture
def hulk() -> Iterator[object]:
    with spacehulk_presenter() as presenter:
        yield presenter


async def marine_table(service: TableService, **options: object) -> int:
    """Alice plays the Marines against the Genestealer AI, which has placed its blips: her turn."""
    table = await service.create(
        game="spacehulk", creator=ALICE, guild_id=1, channel_id=2, lang="en", side="marine", options=options
    )
    table = await service.open(table.id, thread_id=3)
    assert table.status == "active"
    loaded = await service.load(table.id)
    assert loaded.rules.active_seats(loaded.state) == {"marine"}
    return table.id


async def test_an_order_with_an_illegal_third_step_keeps_the_first_two(
    service: TableService, store: SqliteStore, hulk: object
) -> None:
    """SHB-7.3 (no side-step into the wall at K6) stops the order; the door and the move stay."""
    table = await marine_table(service)
    before = (await service.get(table)).version
    report = await service.order(table, ALICE, "M1 door F FR F")
    assert [s.step.words for s in report.steps] == ["door", "F"]
    assert report.failed_at == 2 and report.refusal is not None
    assert report.refusal.message_id == "spacehulk.move.wall"
    # persisted: the events are in the log, the table moved on, the snapshot agrees with a fold
    after = await service.get(table)
    assert after.version > before
    assert [r.actor for r in (await store.load_events(table))[before:]] == ["marine"] * (
        after.version - before
    )
    state = (await service.load(table)).state
    assert state.pieces["m1"].pos == (9, 6, 0)
    words = order_text(report, "en")
    assert "1. `door`: 1 AP, 0 CP" in words and "3. `FR`: refused. K6 is a wall." in words
    assert "The steps before it stay applied." in words
    assert "3. `FR`: rechazado. K6 es una pared." in order_text(report, "es")


async def test_a_refused_first_step_or_an_unreadable_text_changes_nothing(
    service: TableService, store: SqliteStore, hulk: object
) -> None:
    table = await marine_table(service)
    version = (await service.get(table)).version
    for text, key in (("M1 F", "spacehulk.move.closed_door"), ("M1 door zap", "spacehulk.order.word")):
        with pytest.raises(Rejected) as refused:
            await service.order(table, ALICE, text)
        assert refused.value.message_id == key
        assert (await service.get(table)).version == version
        assert len(await store.load_events(table)) == version


async def test_a_dry_run_prices_the_steps_and_applies_nothing(service: TableService, hulk: object) -> None:
    table = await marine_table(service)
    version = (await service.get(table)).version
    report = await service.order(table, ALICE, "M1 door F F", dry_run=True)
    assert report.dry_run and report.refusal is None
    assert [s.price for s in report.steps] == [("spacehulk.order.price", {"ap": 1, "cp": 0})] * 3
    assert (await service.get(table)).version == version
    assert "nothing is applied" in order_text(report, "en")
    # confirmed at the version it was rehearsed on: applied; a second click has moved on
    done = await service.order(table, ALICE, "M1 door F F", expected_version=version)
    assert not done.dry_run and (await service.get(table)).version > version
    with pytest.raises(Rejected) as refused:
        await service.order(table, ALICE, "M1 door F F", expected_version=version)
    assert refused.value.message_id == "bot.table_moved_on"


async def test_a_game_without_typed_orders_refuses_them(service: TableService) -> None:
    table = await service.create(game="duel", creator=ALICE, guild_id=1, channel_id=2, lang="en", side="red")
    await service.open(table.id, thread_id=None)
    with pytest.raises(Rejected) as refused:
        await service.order(table.id, ALICE, "anything")
    assert refused.value.message_id == "core.no_orders"


WORDS = [
    "M1",
    "M2",
    "G9",
    "F",
    "B",
    "L",
    "R",
    "FR",
    "door",
    "move",
    "D7",
    "J6",
    "fire",
    "cp",
    "end",
    "zz",
    "ñ",
]


async def test_random_orders_through_the_service_refuse_or_apply_and_never_break(
    service: TableService, store: SqliteStore, hulk: object
) -> None:
    """Seeded random texts: a refusal leaves the store exactly as it was; an accepted order is in
    the log in full; no other exception ("something broke") ever comes out."""
    import random

    rng = random.Random(12)
    table = await marine_table(service, timer_mode="untimed")
    seen = {"refused": 0, "applied": 0, "rehearsed": 0}
    for _ in range(40):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6)))
        before = await service.get(table)
        events = len(await store.load_events(table))
        try:
            report = await service.order(table, ALICE, text, dry_run=rng.random() < 0.2)
        except Rejected:
            assert (await service.get(table)).version == before.version
            assert len(await store.load_events(table)) == events
            seen["refused"] += 1
            continue
        after = await service.get(table)
        seen["rehearsed" if report.dry_run else "applied"] += 1
        if report.dry_run:
            assert after.version == before.version
        else:
            assert after.version > before.version == events
            assert (await service.load(table)).state.model_dump() == report.state.model_dump()
        if after.is_over:
            break
    assert all(seen.values()), seen
