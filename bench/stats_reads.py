"""/stats's reads (bot/stats.py `player_stats`): how long a player's record takes to read, and how
many statements it sends, as the number of tables they played grows (issue 25's gap: the journal
was read table by table; `Store.turn_journal` reads it in one query).

Run: python bench/stats_reads.py [--tables 10,100,1000] [--actions 20] [--db postgresql://...]
Each size gets a fresh database (a SQLite file in a temporary folder, or a schema of its own on the
PostgreSQL server named by --db; `pg_virtualenv python bench/stats_reads.py --db postgresql://` uses
the PG* variables), filled with that many finished tables of one server where the player sits, each
with `--actions` actions of two seats. Prints the best of 5 reads in ms and, on SQLite, the
statements one read sends (PostgreSQL: the queries, counted through asyncpg's query logger).
Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from bot import stats
from bot.records import NewAction, NewEvent
from engine.core import Outcome

USER, OTHER, GUILD = 101, 202, 1


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        self.now += 7.0
        return self.now


async def fill(store: Any, tables: int, actions: int) -> None:
    for n in range(tables):
        async with store.transaction() as tx:
            tid = await tx.insert_table(
                game="duel",
                guild_id=GUILD,
                channel_id=2,
                thread_id=None,
                status="active",
                seats={"red": USER, "blue": OTHER if n % 2 else "ai"},
                invited=[],
                options={},
                seed=n,
                lang="en",
                created_by=USER,
            )
            await tx.append_events(tid, 1, [NewEvent(kind="setup", data={"kind": "setup"})])
        for a in range(actions):  # one unit of work per action: each has its own time
            async with store.transaction() as tx:
                seat = "red" if a % 2 == 0 else "blue"
                holder = USER if seat == "red" else (OTHER if n % 2 else "ai")
                await tx.append_actions(
                    tid, [NewAction(version=a, seat=seat, holder=holder, data={"kind": "x"}, events=1)]
                )
        async with store.transaction() as tx:  # finished: its result row written (the ratings' input)
            await tx.update_table(tid, status="finished", outcome=Outcome(winners=("red",), reason="x"))


async def measure(store: Any) -> tuple[float, int, str]:
    """Best of 5 `player_stats` in ms, the statements of one, and what it found."""
    counted: list[str] = []
    if hasattr(store, "pool"):
        conns = [await store.pool.acquire() for _ in range(store.pool.get_max_size())]
        for conn in conns:
            conn.add_query_logger(lambda record: counted.append(record.query))
        for conn in conns:
            await store.pool.release(conn)
    else:
        for conn in (store.db, store._read):  # the writer's connection and the reader beside it
            if conn is not None:
                await conn.set_trace_callback(counted.append)
    best = float("inf")
    found = ""
    for round_ in range(5):
        before = len(counted)
        start = time.perf_counter()
        record = await stats.player_stats(store, GUILD, USER)
        best = min(best, time.perf_counter() - start)
        if round_ == 0:
            statements = len(counted) - before
        found = f"{record.games} games, {record.turns} turns, median {record.median_turn_s}"
    return best * 1000, statements, found


async def one(size: int, actions: int, db: str | None) -> None:
    clock = Clock()
    if db:
        from bot.store_pg import PostgresStore

        schema = f"bench_{uuid.uuid4().hex[:8]}"
        store: Any = PostgresStore(db, clock=clock, schema=schema, min_size=1, max_size=2)
    else:
        folder = tempfile.mkdtemp(prefix="tablero-stats-")
        from bot.store import SqliteStore

        store = SqliteStore(str(Path(folder) / "stats.db"), clock=clock)
    await store.open()
    try:
        await fill(store, size, actions)
        ms, statements, found = await measure(store)
        print(f"{size:6d} tables x {actions} actions: {ms:9.1f} ms, {statements:5d} statements  ({found})")
    finally:
        if db:
            await store.pool.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="10,100,1000")
    parser.add_argument("--actions", type=int, default=20)
    parser.add_argument("--db", default=None, help="a PostgreSQL URL (default: a SQLite file)")
    args = parser.parse_args()
    print(f"/stats reads on {'PostgreSQL' if args.db else 'SQLite'}")
    for size in (int(n) for n in args.tables.split(",")):
        await one(size, args.actions, args.db)


if __name__ == "__main__":
    asyncio.run(main())
