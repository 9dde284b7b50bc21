"""`tablero copy-db`, `migrate`, `check-db` and `backup` across the two engines (SQLite and PostgreSQL):
a played game goes SQLite -> PostgreSQL -> SQLite with no row lost or changed, and plays on after."""

from __future__ import annotations

import asyncio
import io
import json
import shutil
from pathlib import Path

import pytest

from bot.cli import backup_db, check_db, copy_db, migrate_db
from bot.scheduler import Scheduler
from bot.store import SqliteStore
from bot.stores import describe, export_rows, make_store, parse_db, table_names
from bot.tables import TableService
from tests.bot.duel_table import ALICE, BOB, duel_pvp
from tests.bot.engines import empty_schema, need_pg, pg_schema
from tests.games.duel import Commit


def test_one_setting_names_the_engine() -> None:
    assert parse_db("./tablero.db") == ("sqlite", "./tablero.db")
    assert parse_db("sqlite:///data/t.db") == ("sqlite", "data/t.db")
    assert parse_db("sqlite:////var/lib/t.db") == ("sqlite", "/var/lib/t.db")
    assert parse_db("postgresql://u:pw@db:5432/tablero") == (
        "postgresql",
        "postgresql://u:pw@db:5432/tablero",
    )
    assert parse_db("postgres://db/t")[0] == "postgresql"
    assert describe("postgresql://u:secret@db:5432/tablero") == "postgresql://u:***@db:5432/tablero"
    assert type(make_store("x.db")).__name__ == "SqliteStore"
    store = make_store("postgresql://u:secret@db/t?schema=game&sslmode=disable")
    assert type(store).__name__ == "PostgresStore" and store.schema == "game"  # type: ignore[union-attr]
    assert "secret" not in store.path and "schema=" not in store.url  # type: ignore[union-attr]


async def _played(path: Path) -> int:
    """A Duel table on SQLite, two moves in, with deadlines, outbox rows, players and a setting."""
    now = [1_000_000.0]
    store = SqliteStore(path, clock=lambda: now[0])
    await store.open()
    try:
        service = TableService(store, clock=lambda: now[0], reminder_delay=600.0, seeder=lambda: 7)
        tid = await duel_pvp(service, boost_seconds=45)
        state = (await service.load(tid)).state
        await service.submit(tid, ALICE, Commit(card=max(state.hands["red"])), 1)
        await service.submit(tid, BOB, Commit(card=min(state.hands["blue"])), 1)
        await store.upsert_player(ALICE, locale="es-ES")
        await store.set_guild_language(1, "es")
        async with store.transaction() as tx:
            await tx.set_standing(tid, "red", "block", "never")
        ruling = '{"rules":["CW-LOS-2"],"numbers":{"distance_cm":7.5}}'  # a /why refusal (migration 14)
        await store.record_refusal(tid, ALICE, 2, "duel.x", {"unit": "R1", "n": 3}, ruling)
        return tid
    finally:
        await store.close()


def _decoded(value: object) -> object:
    """A cell as compared across engines: JSON text decoded (JSONB re-spaces it)."""
    if isinstance(value, str) and value[:1] in "{[":
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


async def _rows(setting: str) -> dict[str, list[tuple[object, ...]]]:
    store = make_store(setting)
    await store.open()
    try:
        found = {}
        for name in await table_names(store):
            columns, rows = await export_rows(store, name)
            found[name] = sorted((tuple(_decoded(v) for v in row) for row in rows), key=repr)
        return found
    finally:
        await store.close()


@pytest.mark.postgresql
async def test_copy_db_sqlite_to_postgresql_and_back_loses_nothing(tmp_path: Path, duel_game: object) -> None:
    url = need_pg()
    schema = pg_schema()
    await empty_schema(url, schema)
    pg = f"{url}{'&' if '?' in url else '?'}schema={schema}"
    old, back = tmp_path / "old.db", tmp_path / "back.db"
    tid = await _played(old)
    out = io.StringIO()
    assert await asyncio.to_thread(copy_db, f"sqlite:///{old}", pg, out) == 0, out.getvalue()
    assert "every count matches" in out.getvalue() and "events:" in out.getvalue()
    # a second copy into the now full database is refused, before anything is written
    assert await asyncio.to_thread(copy_db, str(old), pg, io.StringIO()) == 1
    assert await asyncio.to_thread(copy_db, pg, str(back), io.StringIO()) == 0
    original, there, returned = await _rows(str(old)), await _rows(pg), await _rows(str(back))
    assert set(original) >= {
        "tables",
        "events",
        "snapshots",
        "deadlines",
        "deliveries",
        "players",
        "guild_settings",
        "standing_orders",
        "refusals",
    }
    assert there == original and returned == original
    assert len(original["events"]) >= 4 and original["deadlines"] and original["deliveries"]
    assert len(original["refusals"]) == 1

    # The game plays on from PostgreSQL: its log loads, its deadline fires, new rows get new ids.
    store = make_store(pg, clock=lambda: 1_000_000.0 + 50)
    await store.open()
    try:
        service = TableService(store, clock=lambda: 1_000_000.0 + 50, reminder_delay=600.0, seeder=lambda: 8)
        loaded = await service.load(tid)
        assert loaded.table.version == (await make_version(old, tid))
        fired = await Scheduler(store, service, clock=lambda: 1_000_000.0 + 50).tick()
        assert fired >= 1  # the 45 s boost limit ran out while the database moved
        other = await duel_pvp(service)
        assert other > tid
        assert (await store.get_table(other)).number == 2  # type: ignore[union-attr]
    finally:
        await store.close()


async def make_version(path: Path, tid: int) -> int:
    store = SqliteStore(path)
    await store.open()
    try:
        table = await store.get_table(tid)
        assert table is not None
        return table.version
    finally:
        await store.close()


@pytest.mark.postgresql
async def test_migrate_check_db_and_backup_on_postgresql(tmp_path: Path, duel_game: object) -> None:
    url = need_pg()
    schema = pg_schema()
    await empty_schema(url, schema)
    pg = f"{url}{'&' if '?' in url else '?'}schema={schema}"
    out = io.StringIO()
    assert await asyncio.to_thread(migrate_db, pg, out) == 0
    assert "schema already at" in out.getvalue() or "migrated" in out.getvalue()
    old = tmp_path / "old.db"
    await _played(old)
    assert await asyncio.to_thread(copy_db, str(old), pg, io.StringIO()) == 0
    checked = io.StringIO()
    assert await asyncio.to_thread(check_db, pg, checked) == 0, checked.getvalue()
    report = checked.getvalue()
    assert "integrity: ok" in report and "writable: yes" in report and "tables: 1 (active 1)" in report
    assert "1 equal to the fold of their log" in report
    if shutil.which("pg_dump") is None:
        pytest.skip(
            "pg_dump is not installed (Debian: postgresql-client): tablero backup on PostgreSQL needs it"
        )
    dump, said = tmp_path / "t.dump", io.StringIO()
    assert await asyncio.to_thread(backup_db, pg, dump, out=said) == 0, said.getvalue()
    assert dump.stat().st_size > 0 and "pg_restore" in said.getvalue()


async def test_check_db_names_a_server_that_cannot_be_reached(tmp_path: Path) -> None:
    out = io.StringIO()
    # port 1 on localhost: nothing listens; the password never shows
    assert await asyncio.to_thread(check_db, "postgresql://u:hunter2@127.0.0.1:1/none", out) == 1
    said = out.getvalue()
    assert "cannot be reached" in said and "hunter2" not in said and "Traceback" not in said
