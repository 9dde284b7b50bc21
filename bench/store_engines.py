"""Store benchmark: a move through the table service on SQLite against the same on PostgreSQL, and
PostgreSQL's store against a bare asyncpg insert + commit (issue 25 item 8's third ratio).

Run: pg_virtualenv .venv/bin/python bench/store_engines.py [--moves N]
(any PostgreSQL server works: the PG* variables, or TABLERO_TEST_PG=postgresql://...; the
benchmark works in a schema of its own and drops it.)
Prints: ms per submit (load + decide + one transaction) on each engine, the statements a submit
sends PostgreSQL (each one round trip: asyncpg's execute/fetch calls, counted), one transaction of
the store's writes for a move on PostgreSQL, a bare asyncpg INSERT + COMMIT, and the ratios of one run.
Figures only; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.store import NewDelivery, NewEvent, SqliteStore  # noqa: E402
from bot.store_pg import PostgresStore  # noqa: E402
from bot.tables import TableService  # noqa: E402

ALICE, BOB = 1, 2


class RoundTrips:
    """Counts the statements asyncpg sends (each of these calls is one round trip to the server)."""

    def __init__(self) -> None:
        import asyncpg

        self.count = 0
        self.submitted = 0  # those sent inside the timed submits
        for name in ("execute", "executemany", "fetch", "fetchval", "fetchrow"):
            original = getattr(asyncpg.Connection, name)

            def counted(
                conn: object, *args: object, _original: object = original, **kwargs: object
            ) -> object:
                self.count += 1
                return _original(conn, *args, **kwargs)  # type: ignore[operator]

            setattr(asyncpg.Connection, name, counted)


async def _submits(service: TableService, moves: int, trips: RoundTrips | None = None) -> list[float]:
    """Alternate the players' first legal action over fresh Duel tables: the time of each submit."""

    async def table() -> int:
        made = await service.create(
            game="duel",
            creator=ALICE,
            guild_id=1,
            channel_id=1,
            lang="en",
            opponent=BOB,
            options={"rounds": 9},
        )
        await service.open(made.id, thread_id=2)
        await service.join(made.id, BOB)
        return made.id

    timings: list[float] = []
    current = await table()
    while len(timings) < moves:
        loaded = await service.load(current)
        if loaded.table.status != "active":
            current = await table()
            continue
        seat = sorted(loaded.rules.active_seats(loaded.state))[0]
        sent = trips.count if trips is not None else 0
        start = time.perf_counter()
        await service.submit(current, loaded.table.seats[seat], 0, loaded.table.version)
        timings.append(time.perf_counter() - start)
        if trips is not None:
            trips.submitted += trips.count - sent
    return timings


async def _store_writes(store: PostgresStore, moves: int) -> list[float]:
    """One move's writes alone (two events, the table row, a snapshot, two outbox rows) per transaction."""
    async with store.transaction() as tx:
        tid = await tx.insert_table(
            game="duel", guild_id=9, channel_id=1, thread_id=None, status="active",
            seats={"red": 1, "blue": 2}, invited=[], options={}, seed=1, lang="en", created_by=1,
        )  # fmt: skip
    timings = []
    for version in range(moves):
        start = time.perf_counter()
        async with store.transaction() as tx:
            await tx.append_events(
                tid, 2 * version + 1, [NewEvent(kind="a", data={"n": version}), NewEvent(kind="b", data={})]
            )
            await tx.update_table(tid, expected_version=version, version=version + 1)
            await tx.put_snapshot(tid, version + 1, "h", f'{{"v": {version}}}')
            await tx.add_delivery(
                NewDelivery(table_id=tid, version=version + 1, kind="turn", target="public")
            )
            await tx.touch_status(tid)
        timings.append(time.perf_counter() - start)
    return timings


async def _bare(url: str, schema: str, moves: int) -> list[float]:
    import asyncpg

    conn = await asyncpg.connect(url, server_settings={"search_path": schema})
    await conn.execute("CREATE TABLE bare (id BIGINT PRIMARY KEY, data JSONB NOT NULL)")
    timings = []
    for n in range(moves):
        start = time.perf_counter()
        async with conn.transaction():
            await conn.execute("INSERT INTO bare (id, data) VALUES ($1, $2)", n, '{"n": 1}')
        timings.append(time.perf_counter() - start)
    await conn.close()
    return timings


def _line(what: str, timings: list[float]) -> float:
    median = statistics.median(timings) * 1000
    p95 = sorted(timings)[int(len(timings) * 0.95)] * 1000
    print(f"{what}: median {median:.2f} ms, p95 {p95:.2f} ms over {len(timings)}")
    return median


async def main(moves: int) -> None:
    from tests.games.registration import register_duel

    register_duel()
    url = os.environ.get("TABLERO_TEST_PG") or "postgresql://"
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory() as tmp:
        lite = SqliteStore(Path(tmp) / "bench.db")
        await lite.open()
        on_sqlite = _line("submit on SQLite (synchronous=FULL)", await _submits(TableService(lite), moves))
        await lite.close()
    pg = PostgresStore(url, schema=schema)
    await pg.open()
    try:
        trips = RoundTrips()
        on_pg = _line("submit on PostgreSQL", await _submits(TableService(pg), moves, trips))
        print(f"statements (round trips) per submit on PostgreSQL: {trips.submitted / moves:.1f}")
        writes = _line("a move's writes in one PostgreSQL transaction", await _store_writes(pg, moves))
        bare = _line("bare asyncpg INSERT + COMMIT", await _bare(pg.url, schema, moves))
        print(f"ratio submit PostgreSQL / SQLite: {on_pg / on_sqlite:.2f}x")
        print(f"ratio a move's writes / bare insert+commit: {writes / bare:.2f}x")
    finally:
        await pg.pool.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await pg.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    asyncio.run(main(parser.parse_args().moves))
