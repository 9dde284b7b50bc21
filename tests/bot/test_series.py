"""A series: a table whose rounds are tables of their own (Rules.series_table / series_result), here
the Deathwing campaign whose missions are Space Hulk tables in the campaign's thread. The series
survives a restart, including one between a round's end and the series hearing of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.store import SqliteStore
from bot.tables import TableService
from engine.spacehulk.campaign.actions import BuyForce, FieldSquads
from engine.spacehulk.dw_types.force import ForceOrder, SquadOrder

from .duel_table import ALICE, BOB, two_players

ORDER = ForceOrder(squads=tuple(SquadOrder(squad=b) for b in ("standard", "standard", "standard", "recon")))  # type: ignore[arg-type]


def _service(store: SqliteStore, clock: object, seeds: list[int]) -> TableService:
    pool = iter(seeds)
    return TableService(store, clock=clock, reminder_delay=600.0, seeder=lambda: next(pool))  # type: ignore[arg-type]


async def _campaign(service: TableService) -> int:
    table = await service.get(
        await two_players(service, "dw_campaign", side="marine", options={"force_points": 60}, lang="es")
    )
    await service.submit(table.id, ALICE, BuyForce(order=ORDER), table.version)
    return table.id


async def _field_until_a_round(service: TableService, store: SqliteStore, series: int) -> int:
    """Field the first available squad until a mission table opens; its id."""
    for _ in range(5):
        loaded = await service.load(series)
        state = loaded.state
        if state.phase == "mission":
            found = await store.find_in_series(series, f"mission-{state.number}")
            assert found is not None
            return found.id
        squad = state.available_squads()[0]
        await service.submit(series, ALICE, FieldSquads(squads=(squad,)), loaded.table.version)
    raise AssertionError("no mission table opened")


async def test_a_campaign_plays_three_missions_as_tables_across_a_restart(
    db_path: Path, clock: object, seeds: list[int], duel_game: object
) -> None:
    store = SqliteStore(db_path, clock=clock)  # type: ignore[arg-type]
    await store.open()
    try:
        service = _service(store, clock, seeds)
        series = await _campaign(service)
        first = await _field_until_a_round(service, store, series)
        mission = await service.get(first)
        assert mission.game == "spacehulk" and mission.status == "active"
        assert mission.thread_id == 3 and mission.seats == {"marine": ALICE, "genestealer": BOB}
        assert mission.series_of == series and mission.lang == "es"
        assert (await service.load(first)).state.mission.blip_total == 125  # DW-CMP-5
        await service.resign(first, ALICE)
        campaign = (await service.load(series)).state
        assert len(campaign.history) == 1 and campaign.phase == "choose"
        second = await _field_until_a_round(service, store, series)
        assert second != first
    finally:
        await store.close()

    # a restart: a new store and service over the same file
    store = SqliteStore(db_path, clock=clock)  # type: ignore[arg-type]
    await store.open()
    try:
        service = _service(store, clock, [900 + n for n in range(8)])
        await service.resume_series()
        assert (await service.load(series)).state.phase == "mission"
        # the round ends while the series is not told (as if the bot stopped right after its commit)
        round_two = await service.load(second)
        async with store.transaction() as tx:
            await tx.update_table(second, expected_version=round_two.table.version, status="finished")
        await service.resume_series()
        campaign = (await service.load(series)).state
        assert len(campaign.history) == 2
        await service.resume_series()  # idempotent: fed once
        assert len((await service.load(series)).state.history) == 2
        third = await _field_until_a_round(service, store, series)
        await service.resign(third, BOB)
        campaign = (await service.load(series)).state
        assert len(campaign.history) == 3
        assert (await service.get(series)).status == "active"
    finally:
        await store.close()


async def test_migration_3_adds_the_series_columns_to_old_tables(tmp_path: Path) -> None:
    """Tables written before migration 3 belong to no series."""
    import aiosqlite

    from bot.migrations import LATEST, MIGRATIONS

    path = tmp_path / "old.db"
    async with aiosqlite.connect(path) as raw:  # a database of schema 2 with one table
        await raw.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for _, statements in MIGRATIONS[:2]:
            for statement in statements:
                await raw.execute(statement)
        await raw.execute("INSERT INTO schema_version (version) VALUES (1), (2)")
        await raw.execute(
            "INSERT INTO tables (game, status, seats, options, seed, lang, created_by, created_at, updated_at)"
            " VALUES ('duel', 'active', '{}', '{}', 1, 'en', 1, 0, 0)"
        )
        await raw.commit()
    store = SqliteStore(path)
    await store.open()
    try:
        assert await store.schema_version() == LATEST  # 3, and every later one
        old = await store.get_table(1)
        assert old is not None and old.series_of is None and old.series_key is None
        assert await store.find_in_series(1, "x") is None
    finally:
        await store.close()


async def test_a_restart_reads_only_the_active_tables_of_games_that_play_series(
    db_path: Path, clock: object, seeds: list[int], duel_game: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 6: `resume_series` at the bot's start read every active table as a record (10,000 in
    the restart benchmark) to skip those of games without series; it reads only the series' games'."""
    store = SqliteStore(db_path, clock=clock)  # type: ignore[arg-type]
    await store.open()
    try:
        service = _service(store, clock, seeds)
        await two_players(service, "duel", side="red", options={})
        series = await _campaign(service)
        assert await store.games_of(("active",)) == ["duel", "dw_campaign"]
        read: list[str] = []
        list_tables = store.list_tables

        async def reading(**filters: Any) -> list[Any]:
            found = await list_tables(**filters)
            read.extend(table.game for table in found)
            return found

        monkeypatch.setattr(store, "list_tables", reading)
        await service.resume_series()
        assert read == ["dw_campaign"]
        assert (await service.load(series)).state.phase == "choose"  # nothing to resume yet
    finally:
        await store.close()
