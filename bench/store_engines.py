"""Store benchmark: a move through the table service on SQLite against the same on PostgreSQL, and
PostgreSQL's store against a bare asyncpg insert + commit (issue 25 item 8's third ratio).

Run: pg_virtualenv .venv/bin/python bench/store_engines.py [--moves N]
(any PostgreSQL server works: the PG* variables, or TABLERO_TEST_PG=postgresql://...; the
benchmark works in a schema of its own and drops it.)
Prints: the load average, ms per submit (load + decide + one transaction) on each engine, the
statements a submit sends PostgreSQL (each one round trip: asyncpg's execute/fetch calls, counted),
one transaction of the store's writes for a move on PostgreSQL against a bare asyncpg INSERT +
COMMIT (and the statements each sends), and the ratios of one run. The two sides of each ratio are
measured in turns (a SQLite submit, a PostgreSQL submit, ...), so a shared machine's load weighs on
both alike; still, compare the medians of several runs. Figures only; nothing here is asserted.
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


class _Mover:
    """Submits the players' first legal action over fresh Duel tables of one service, one at a time."""

    def __init__(self, service: TableService, trips: RoundTrips | None = None) -> None:
        self.service = service
        self.trips = trips
        self.current: int | None = None

    async def _table(self) -> int:
        made = await self.service.create(
            game="duel",
            creator=ALICE,
            guild_id=1,
            channel_id=1,
            lang="en",
            opponent=BOB,
            options={"rounds": 9},
        )
        await self.service.open(made.id, thread_id=2)
        await self.service.join(made.id, BOB)
        return made.id

    async def move(self) -> float:
        """The time of one submit (load + decide + commit)."""
        while True:
            if self.current is None:
                self.current = await self._table()
            loaded = await self.service.load(self.current)
            if loaded.table.status == "active":
                break
            self.current = None
        seat = sorted(loaded.rules.active_seats(loaded.state))[0]
        sent = self.trips.count if self.trips is not None else 0
        start = time.perf_counter()
        await self.service.submit(self.current, loaded.table.seats[seat], 0, loaded.table.version)
        spent = time.perf_counter() - start
        if self.trips is not None:
            self.trips.submitted += self.trips.count - sent
        return spent


class _Writes:
    """One move's writes alone (two events, the table row, a snapshot, an outbox row, the status row)
    in one transaction of the store, on a table of their own."""

    def __init__(self, store: PostgresStore) -> None:
        self.store = store
        self.tid = 0
        self.version = 0

    async def setup(self) -> None:
        async with self.store.transaction() as tx:
            self.tid = await tx.insert_table(
                game="duel", guild_id=9, channel_id=1, thread_id=None, status="active",
                seats={"red": 1, "blue": 2}, invited=[], options={}, seed=1, lang="en", created_by=1,
            )  # fmt: skip

    async def once(self, *, held: bool = False) -> float:
        """One move's writes and COMMIT: in a transaction of their own (a pooled connection taken,
        BEGIN, the writes, COMMIT), or with `held` as a move commits them (bot/tables.py `_write`):
        inside the move's hold on its table, whose connection and BEGIN (sent with the row lock,
        one round trip before the move's load) are not timed."""
        if not held:
            return await self._timed()
        async with self.store.hold(self.tid):
            return await self._timed()

    async def _timed(self) -> float:
        tid, version = self.tid, self.version
        # the move's records are made before its commit (bot/moves.py), as the bare insert's values are
        events = [NewEvent(kind="a", data={"n": version}), NewEvent(kind="b", data={})]
        snapshot = f'{{"v": {version}}}'
        turn = NewDelivery(table_id=tid, version=version + 1, kind="turn", target="public")
        start = time.perf_counter()
        async with self.store.transaction() as tx:
            await tx.append_events(tid, 2 * version + 1, events)
            await tx.update_table(tid, expected_version=version, version=version + 1)
            await tx.put_snapshot(tid, version + 1, "h", snapshot)
            await tx.add_delivery(turn)
            await tx.touch_status(tid)
        self.version += 1
        return time.perf_counter() - start


class _Bare:
    """A bare asyncpg INSERT + COMMIT (`conn.transaction()`: BEGIN, INSERT, COMMIT) on a connection."""

    def __init__(self, url: str, schema: str) -> None:
        self.url, self.schema = url, schema
        self.n = 0

    async def setup(self) -> None:
        import asyncpg

        self.conn = await asyncpg.connect(self.url, server_settings={"search_path": self.schema})
        await self.conn.execute("CREATE TABLE bare (id BIGINT PRIMARY KEY, data JSONB NOT NULL)")

    async def once(self) -> float:
        start = time.perf_counter()
        async with self.conn.transaction():
            await self.conn.execute("INSERT INTO bare (id, data) VALUES ($1, $2)", self.n, '{"n": 1}')
        self.n += 1
        return time.perf_counter() - start


def _line(what: str, timings: list[float]) -> float:
    median = statistics.median(timings) * 1000
    p95 = sorted(timings)[int(len(timings) * 0.95)] * 1000
    print(f"{what}: median {median:.2f} ms, p95 {p95:.2f} ms over {len(timings)}")
    return median


async def main(moves: int) -> None:
    """Each pair measured in turns (one SQLite submit, one PostgreSQL submit, ...; one move's writes,
    one bare insert, ...), so the load of a shared machine weighs on both sides of a ratio alike."""
    from tests.games.registration import register_duel

    register_duel()
    print(
        f"machine: nproc {os.cpu_count()}, load average {' '.join(open('/proc/loadavg').read().split()[:3])}"
    )
    url = os.environ.get("TABLERO_TEST_PG") or "postgresql://"
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    pg = PostgresStore(url, schema=schema)
    await pg.open()
    try:
        fsync = await pg.pool.fetchval("SHOW fsync")
        commit = await pg.pool.fetchval("SHOW synchronous_commit")
        # pg_virtualenv's throw-away cluster runs with fsync off: its commits skip the disk that
        # SQLite's synchronous=FULL waits for (run `ALTER SYSTEM SET fsync = on` there to compare alike)
        print(f"PostgreSQL server: fsync {fsync}, synchronous_commit {commit}")
        with tempfile.TemporaryDirectory() as tmp:
            lite = SqliteStore(Path(tmp) / "bench.db")
            await lite.open()
            trips = RoundTrips()
            on_lite, on_pg = _Mover(TableService(lite)), _Mover(TableService(pg), trips)
            lite_times, pg_times = [], []
            for _ in range(moves):
                lite_times.append(await on_lite.move())
                pg_times.append(await on_pg.move())
            await lite.close()
        sqlite_ms = _line("submit on SQLite (synchronous=FULL)", lite_times)
        pg_ms = _line("submit on PostgreSQL", pg_times)
        print(f"statements (round trips) per submit on PostgreSQL: {trips.submitted / moves:.1f}")
        writes, bare = _Writes(pg), _Bare(pg.url, schema)
        await writes.setup()
        await bare.setup()
        sent = trips.count
        write_times, held_times, bare_times = [], [], []
        for _ in range(moves):
            write_times.append(await writes.once())
            bare_times.append(await bare.once())
        per_write = (trips.count - sent) / moves - 3  # the bare insert's BEGIN, INSERT and COMMIT
        for _ in range(moves):
            held_times.append(await writes.once(held=True))
            bare_times.append(await bare.once())
        await bare.conn.close()
        writes_ms = _line("a move's writes in one PostgreSQL transaction of their own", write_times)
        held_ms = _line("a move's writes and COMMIT in its hold (as a move commits)", held_times)
        bare_ms = _line("bare asyncpg INSERT + COMMIT", bare_times)
        print(f"statements (round trips) per move's writes: {per_write:.1f} (the bare insert: 3)")
        print(f"ratio submit PostgreSQL / SQLite: {pg_ms / sqlite_ms:.2f}x")
        print(
            f"ratio a move's writes / bare insert+commit: {writes_ms / bare_ms:.2f}x (own transaction),"
            f" {held_ms / bare_ms:.2f}x (in the move's hold)"
        )
    finally:
        await pg.pool.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await pg.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    asyncio.run(main(parser.parse_args().moves))
