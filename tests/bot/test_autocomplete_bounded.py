"""Autocomplete at any history (issue 24 item 7): with 10,000 stored tables the store reads at most
the 25 tables offered (and the few it filters out on the way), through an index, the tables being
played first. Bounded by counting SQLite's work and by the query plan, not by timing."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.store import CHOICES_MAX, SqliteStore, choice_queries

HISTORY = 10_000
GUILD = 1
ALICE = 10


def _fill(db: Path) -> None:
    """10,000 finished Canyon tables, 30 finished ClickWars ones among them, then 3 active and 2 lobby
    tables (Alice sits at the active ones), all on one server; and a few on another server."""
    con = sqlite3.connect(db)
    with con:
        con.execute(
            """WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
            INSERT INTO tables (game, guild_id, channel_id, status, seats, options, seed, lang,
                                created_by, created_at, updated_at, number)
            SELECT CASE WHEN i % 300 = 0 THEN 'clickwars' ELSE 'canyon' END, ?, 2, 'finished',
                   '{"red": 11, "blue": "ai"}', '{}', 5, 'en', 11, i, i, i FROM n""",
            (HISTORY, GUILD),
        )
        for n, status in enumerate(["active", "active", "lobby", "active", "lobby"], start=HISTORY + 1):
            con.execute(
                "INSERT INTO tables (game, guild_id, channel_id, status, seats, options, seed, lang,"
                " created_by, created_at, updated_at, number) VALUES ('canyon', ?, 2, ?, ?, '{}', 5, 'en',"
                " 11, 0, 0, ?)",
                (GUILD, status, '{"red": 10, "blue": "ai"}' if status == "active" else '{"red": 11}', n),
            )
        for n in range(1, 6):
            con.execute(
                "INSERT INTO tables (game, guild_id, channel_id, status, seats, options, seed, lang,"
                " created_by, created_at, updated_at, number) VALUES ('canyon', 99, 2, 'active',"
                " '{\"red\": 10}', '{}', 5, 'en', 11, 0, 0, ?)",
                (n,),
            )
    con.close()


@pytest.fixture
async def history(db_path: Path) -> Any:
    store = SqliteStore(db_path)
    await store.open()
    _fill(db_path)
    yield store
    await store.close()


def _work(db: Path, queries: list[list[tuple[str, list[Any]]]], limit: int = CHOICES_MAX) -> int:
    """SQLite's virtual-machine steps to run these queries: it grows with the rows read."""
    con = sqlite3.connect(db)
    steps = 0

    def tick() -> int:
        nonlocal steps
        steps += 1
        return 0

    con.set_progress_handler(tick, 1)
    for group in queries:
        for sql, params in group:
            con.execute(sql, [*params, limit]).fetchall()
    con.close()
    return steps


def _plans(db: Path, queries: list[list[tuple[str, list[Any]]]]) -> list[str]:
    con = sqlite3.connect(db)
    plans = [
        " | ".join(row[3] for row in con.execute(f"EXPLAIN QUERY PLAN {sql}", [*params, 25]))
        for group in queries
        for sql, params in group
    ]
    con.close()
    return plans


async def test_the_tables_being_played_come_first_then_waiting_then_history(history: SqliteStore) -> None:
    found = await history.choice_tables(guild_id=GUILD)
    assert len(found) == CHOICES_MAX
    assert [(r.status, r.number) for r in found[:5]] == [
        ("active", HISTORY + 4),
        ("active", HISTORY + 2),
        ("active", HISTORY + 1),
        ("lobby", HISTORY + 5),
        ("lobby", HISTORY + 3),
    ]
    assert [r.number for r in found[5:8]] == [HISTORY, HISTORY - 1, HISTORY - 2]
    mine = await history.choice_tables(guild_id=GUILD, statuses=("lobby", "active"), user_id=ALICE)
    assert [r.number for r in mine] == [HISTORY + 4, HISTORY + 2, HISTORY + 1]


async def test_a_typed_number_or_game_narrows_the_choices(history: SqliteStore) -> None:
    numbers = [r.number for r in await history.choice_tables(guild_id=GUILD, number_prefix="12")]
    assert numbers[:11] == [12, *range(120, 130)] and len(numbers) == CHOICES_MAX
    assert [r.number for r in await history.choice_tables(guild_id=GUILD, number_prefix="10003")] == [10003]
    clickwars = await history.choice_tables(guild_id=GUILD, games=["clickwars"])
    assert [r.number for r in clickwars] == [9900 - 300 * i for i in range(CHOICES_MAX)]
    assert await history.choice_tables(guild_id=GUILD, games=[]) == []


@pytest.mark.parametrize(
    "ask",
    [
        {},
        {"statuses": ("lobby", "active"), "user_id": ALICE},
        {"number_prefix": "1"},
        {"number_prefix": "12"},
        {"games": ["clickwars", "canyon"]},
        {"games": ["arkenstone"]},
    ],
)
async def test_each_query_reads_through_an_index_and_a_bounded_number_of_rows(
    history: SqliteStore, db_path: Path, ask: dict[str, Any]
) -> None:
    queries = choice_queries(guild_id=GUILD, **ask)
    for plan in _plans(db_path, queries):
        assert "USING INDEX" in plan or "USING COVERING INDEX" in plan, plan
        assert "TEMP B-TREE" not in plan, plan  # no sort of every matching row
    everything = [[(f"SELECT * FROM tables WHERE guild_id = {GUILD} AND ? > 0", [])]]
    whole = _work(db_path, everything)
    bounded = _work(db_path, queries)
    # Every query of every group run with the full limit (the store stops earlier): still a small
    # fraction of reading the server's history once.
    assert bounded * 20 < whole, (bounded, whole)
