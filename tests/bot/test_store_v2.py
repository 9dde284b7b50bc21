"""Migration 2 (warnings as deadlines of their own, standing orders) keeps every deadline written
before it, and the store reads and writes standing orders."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from bot.migrations import LATEST, MIGRATIONS
from bot.store import SqliteStore


async def test_migration_2_keeps_the_deadlines_and_adds_warnings_and_standing_orders(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    async with aiosqlite.connect(path) as raw:  # a database of schema 1, with a pending deadline
        await raw.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for statement in MIGRATIONS[0][1]:
            await raw.execute(statement)
        await raw.execute("INSERT INTO schema_version (version) VALUES (1)")
        await raw.execute(
            "INSERT INTO tables (game, status, seats, options, seed, lang, created_by, created_at, updated_at)"
            " VALUES ('duel', 'active', '{}', '{}', 1, 'en', 1, 0, 0)"
        )
        await raw.execute(
            "INSERT INTO deadlines (table_id, kind, seat, key, version, due_at) VALUES (1, 'timeout', 'red', 'k', 3, 99)"
        )
        await raw.commit()
    store = SqliteStore(path)
    await store.open()
    try:
        assert await store.schema_version() == LATEST  # 2, and every later one
        [kept] = await store.pending_deadlines(1, "timeout")
        assert (kept.key, kept.version, kept.due_at) == ("k", 3, 99)
        async with store.transaction() as tx:
            await tx.add_deadline(table_id=1, kind="warning", seat="red", key="k@30", version=3, due_at=69)
            await tx.set_standing(1, "red", "block", "never")
            await tx.set_standing(1, "red", "block", "ask")
        assert [d.key for d in await store.pending_deadlines(1, "warning")] == ["k@30"]
        assert await store.standing(1) == {"red": {"block": "ask"}}
    finally:
        await store.close()
