"""A database that cannot serve (issue 24): refused at start-up in words, reported by `tablero
check-db` without crashing, faults during play named, reads beside a blocked writer, a damaged
snapshot rebuilt from the log, and `tablero backup` while a write is in progress. Real SQLite files,
made to fail for real (tests/bot/storage_faults.py)."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import backup_db, check_db
from bot.migrations import LATEST
from bot.store import DatabaseRefused, SqliteStore, StorageUnavailable
from bot.tables import TableService
from engine.core import fold
from tests.bot.duel_table import ALICE, BOB, duel_pvp
from tests.games.duel import RULES

from .storage_faults import damage_btree, fill, make_newer, read_only, tiny_filesystem, write_lock

ROOT = Path(__file__).resolve().parents[2]


async def _played(path: Path) -> int:
    """A database with one running Duel (a move made), closed; the table's id."""
    store = SqliteStore(path)
    await store.open()
    try:
        service = TableService(store, seeder=lambda: 7)
        table = await duel_pvp(service)
        await service.submit(table, ALICE, 0, 1)
        return table
    finally:
        await store.close()


def _rows(path: Path, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(db.execute(sql, params))
    finally:
        db.close()


# --- start-up: refuse a database that cannot serve, saying why and what to do ------------------


async def _refusal(path: Path, **kwargs: int) -> list[str]:
    store = SqliteStore(path, **kwargs)
    with pytest.raises(DatabaseRefused) as refused:
        await store.open()
    assert not store.is_open  # closed: no aiosqlite worker thread left behind
    lines = refused.value.lines()
    assert all(line.startswith(f"tablero: cannot use the database {path}: ") for line in lines)
    return lines


async def test_a_read_only_file_is_refused_with_what_to_do(tmp_path: Path, duel_game: object) -> None:
    path = tmp_path / "t.db"
    await _played(path)
    with read_only(path):
        [line] = await _refusal(path)
    assert "the database file is read-only for the bot" in line and "fix the permissions" in line


async def test_a_damaged_btree_is_refused_with_what_to_do(tmp_path: Path, duel_game: object) -> None:
    path = tmp_path / "t.db"
    await _played(path)
    damage_btree(path)
    lines = await _refusal(path)
    assert "the database file is damaged" in lines[0] and "restore a backup" in lines[0]


async def test_a_newer_schema_is_refused_with_what_to_do(tmp_path: Path, duel_game: object) -> None:
    path = tmp_path / "t.db"
    await _played(path)
    make_newer(path)
    [line] = await _refusal(path)
    assert f"written by a newer Tablero (schema {LATEST + 1}; this one knows up to {LATEST})" in line
    assert "upgrade Tablero" in line


async def test_a_write_lock_held_elsewhere_is_refused_with_what_to_do(
    tmp_path: Path, duel_game: object
) -> None:
    path = tmp_path / "t.db"
    await _played(path)
    with write_lock(path):
        [line] = await _refusal(path, busy_timeout_ms=50)
    assert "another connection holds a write lock" in line and "stop the other process" in line


async def test_a_full_disk_is_refused_with_what_to_do(tmp_path: Path, duel_game: object) -> None:
    with tiny_filesystem(tmp_path / "fs") as fs:
        path = fs / "t.db"
        await _played(path)
        fill(fs)
        lines = await _refusal(path)
    assert any("the disk is full" in line and "free disk space" in line for line in lines), lines


def test_the_bot_says_why_it_will_not_start_instead_of_an_exception_name(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.execute("INSERT INTO schema_version VALUES (?)", (LATEST + 1,))
    db.close()
    result = subprocess.run(
        [sys.executable, "-m", "launcher", "run"],
        cwd=tmp_path,
        env={
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": "not-used",  # refused before any connection to Discord
            "TABLERO_DB": str(path),
            "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",  # nothing listens: it must not get there
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert f"tablero: cannot use the database {path}: it was written by a newer Tablero" in result.stderr
    assert "stopped:" not in result.stderr and "Traceback" not in result.stderr, result.stderr


# --- tablero check-db: reports, never crashes ----------------------------------------------------


async def test_check_db_of_a_healthy_database_checks_every_snapshot_against_its_log(
    tmp_path: Path, duel_game: object
) -> None:
    path = tmp_path / "t.db"
    await _played(path)
    out = io.StringIO()
    assert await asyncio.to_thread(check_db, path, out) == 0
    text = out.getvalue()
    for line in ("integrity: ok", "writable: yes", f"schema version: {LATEST}", "tables: 1 (active 1)"):
        assert line in text, text
    assert "snapshots: 1 active table(s), 1 equal to the fold of their log" in text


async def test_check_db_reports_a_snapshot_that_differs_from_its_log(
    tmp_path: Path, duel_game: object
) -> None:
    path = tmp_path / "t.db"
    table = await _played(path)
    [(data,)] = _rows(path, "SELECT data FROM snapshots WHERE table_id = ?", (table,))
    state = json.loads(data)
    state["scores"] = {seat: score + 5 for seat, score in state["scores"].items()}
    with sqlite3.connect(path) as db:
        db.execute("UPDATE snapshots SET data = ? WHERE table_id = ?", (json.dumps(state), table))
    db.close()
    out = io.StringIO()
    assert await asyncio.to_thread(check_db, path, out) == 1
    assert (
        f"table {table} (#1 of server 1, duel): its snapshot (v2) differs from the fold of its log"
        in out.getvalue()
    )


async def test_check_db_of_a_read_only_file_says_it_cannot_be_written(
    tmp_path: Path, duel_game: object
) -> None:
    path = tmp_path / "t.db"
    await _played(path)
    out = io.StringIO()
    with read_only(path):
        assert await asyncio.to_thread(check_db, path, out) == 1
    text = out.getvalue()
    assert "integrity: ok" in text
    assert (
        "writable: no: the database file is read-only for the bot" in text and "fix the permissions" in text
    )


async def test_check_db_of_a_damaged_btree_reports_it_without_a_traceback(
    tmp_path: Path, duel_game: object, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.db"
    await _played(path)
    damage_btree(path)
    out = io.StringIO()
    assert await asyncio.to_thread(check_db, path, out) == 1
    text = out.getvalue()
    assert (
        "integrity: DAMAGED" in text
        or "integrity: the check itself failed: the database file is damaged" in text
    )
    assert "what to do: restore a backup" in text, text
    assert "Traceback" not in capsys.readouterr().err


async def test_check_db_of_a_newer_schema_says_to_upgrade(tmp_path: Path, duel_game: object) -> None:
    path = tmp_path / "t.db"
    await _played(path)
    make_newer(path)
    out = io.StringIO()
    assert await asyncio.to_thread(check_db, path, out) == 1
    assert (
        f"schema version: {LATEST + 1}, newer than this Tablero ({LATEST}): upgrade Tablero" in out.getvalue()
    )


# --- faults during play: named, nothing changed --------------------------------------------------


async def test_a_move_on_a_read_only_store_is_a_named_fault_and_changes_nothing(
    service: TableService, store: SqliteStore
) -> None:
    table = await duel_pvp(service)
    before = await store.get_table(table)
    await store.db.execute("PRAGMA query_only = ON")  # SQLite refuses every write: SQLITE_READONLY
    with pytest.raises(StorageUnavailable) as fault:
        await service.submit(table, ALICE, 0, 1)
    assert fault.value.fault == "read_only" and str(fault.value).startswith("the database file is read-only")
    await store.db.execute("PRAGMA query_only = OFF")
    assert await store.get_table(table) == before
    assert len(await store.load_events(table)) == before.version


async def test_a_write_lock_held_elsewhere_is_a_named_fault(tmp_path: Path, duel_game: object) -> None:
    path = tmp_path / "t.db"
    table = await _played(path)
    store = SqliteStore(path, busy_timeout_ms=50)
    await store.open()
    try:
        with write_lock(path):
            with pytest.raises(StorageUnavailable) as fault:
                await TableService(store).submit(table, BOB, 0, 2)
        assert fault.value.fault == "locked"
    finally:
        await store.close()


async def test_a_full_disk_is_a_named_fault(tmp_path: Path, duel_game: object) -> None:
    with tiny_filesystem(tmp_path / "fs") as fs:
        path = fs / "t.db"
        table = await _played(path)
        store = SqliteStore(path)
        await store.open()
        try:
            fill(fs)
            with pytest.raises(StorageUnavailable) as fault:
                async with store.transaction() as tx:
                    for n in range(200):  # more than the WAL already holds: it must grow
                        await tx.upsert_player(n, locale="x" * 2000)
            assert fault.value.fault == "disk_full"
            assert (await store.get_table(table)) is not None  # reads go on
        finally:
            await store.close()


# --- reads never wait for a writer ----------------------------------------------------------------


async def test_reads_answer_while_a_write_waits_for_another_connections_lock(
    tmp_path: Path, duel_game: object
) -> None:
    path = tmp_path / "t.db"
    table = await _played(path)
    store = SqliteStore(path, busy_timeout_ms=120_000)  # the write waits as long as the lock is held
    await store.open()
    service = TableService(store)
    try:
        with write_lock(path):
            write = asyncio.create_task(store.upsert_player(ALICE, locale="es"))
            while not store._lock.locked():  # the write's unit of work has begun (and now waits)
                await asyncio.sleep(0)
            async with asyncio.timeout(60):  # a guard against a hang, not a measure
                loaded = await service.load(table)  # "My hand" reads the table and its snapshot
                listed = await store.list_tables(guild_id=1)
            assert loaded.table.version == 2 and [t.id for t in listed] == [table]
            assert not write.done()  # answered while the write still waited for the lock
        await write  # the lock released: the write goes through
        assert (await store.get_player(ALICE)).locale == "es"
    finally:
        await store.close()


# --- a damaged snapshot falls back to the log -------------------------------------------------------


@pytest.mark.parametrize("damage", [b"{not json", b"\xff\xfe\x00garbage", b'{"game": "duel"}'])
async def test_a_damaged_snapshot_is_rebuilt_from_the_log_with_a_warning(
    service: TableService, store: SqliteStore, caplog: pytest.LogCaptureFixture, damage: bytes
) -> None:
    table = await duel_pvp(service)
    await service.submit(table, ALICE, 0, 1)
    async with store.transaction():
        await store.db.execute("UPDATE snapshots SET data = ? WHERE table_id = ?", (damage, table))
    caplog.set_level(logging.WARNING, logger="bot.tables")
    state = (await service.load(table)).state
    assert state == fold(RULES, [RULES.parse_event(r.data) for r in await store.load_events(table)])
    [warning] = [r.getMessage() for r in caplog.records if r.name == "bot.tables"]
    assert (
        f"table {table}: its snapshot (v2) is damaged" in warning and "rebuilt from its event log" in warning
    )
    rewritten = await store.get_snapshot(table)
    assert RULES.state_model.model_validate_json(rewritten.data) == state  # the row is whole again
    await service.submit(table, BOB, 0, 2)  # and the table plays on


# --- tablero backup ---------------------------------------------------------------------------------


async def test_backup_copies_while_a_write_is_in_progress_and_the_copy_passes_check_db(
    tmp_path: Path, duel_game: object
) -> None:
    path = tmp_path / "t.db"
    table = await _played(path)
    store = SqliteStore(path)  # the bot, running
    await store.open()
    copy = tmp_path / "backups" / "copy.db"
    copy.parent.mkdir()
    try:
        with write_lock(path) as writer:  # a write under way, not committed
            writer.execute(
                "INSERT INTO players (user_id, locale, dm_status, updated_at) VALUES (999, 'es', 'open', 0)"
            )
            out = io.StringIO()
            assert await asyncio.to_thread(backup_db, path, copy, out=out) == 0
        assert f"backed up {path} to {copy}: 1 table(s), 2 event(s), integrity ok" in out.getvalue()
        assert (await store.get_table(table)).version == 2  # the bot's database goes on
    finally:
        await store.close()
    assert _rows(copy, "SELECT COUNT(*) FROM players WHERE user_id = 999") == [
        (0,)
    ]  # only what was committed
    assert _rows(copy, "SELECT version FROM tables") == [(2,)]
    checked = io.StringIO()
    assert await asyncio.to_thread(check_db, copy, checked) == 0, checked.getvalue()
    assert "1 equal to the fold of their log" in checked.getvalue()


def test_backup_keeps_an_existing_file_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, copy = tmp_path / "t.db", tmp_path / "copy.db"
    sqlite3.connect(path).close()
    copy.write_text("keep me")
    assert backup_db(path, copy) == 1
    assert "already exists (--force replaces it)" in capsys.readouterr().err and copy.read_text() == "keep me"
    assert backup_db(path, copy, force=True) == 0
    assert backup_db(path, path) == 1  # never onto the database itself


async def test_a_table_whose_snapshot_cannot_be_rewritten_is_still_read_from_its_log(
    service: TableService, store: SqliteStore
) -> None:
    table = await duel_pvp(service)
    async with store.transaction():
        await store.db.execute("DELETE FROM snapshots WHERE table_id = ?", (table,))
    await store.db.execute("PRAGMA query_only = ON")  # the cache cannot be written back
    try:
        state = (await service.load(table)).state  # "My hand" still answers, from the log
    finally:
        await store.db.execute("PRAGMA query_only = OFF")
    assert state == fold(RULES, [RULES.parse_event(r.data) for r in await store.load_events(table)])
    assert await store.get_snapshot(table) is None
