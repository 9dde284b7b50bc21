"""Persisting one move on PostgreSQL against a bare asyncpg insert + commit of the same bytes.

Run: pg_virtualenv -t .venv/bin/python bench/pg_persist.py [--moves 300] [--game canyon] [--fsync on|off]
The PostgreSQL twin of bench/platform_persist.py (issue 6's measure on SQLite; issue 25 item 8's
third ratio): moves of two-player games played through the real table service on a PostgreSQL
schema (`TABLERO_DB=postgresql://`), each move's transaction (bot/tables.py `_write`: its events and
the actions that caused them, the table row under its version check, the snapshot, the outbox rows
and deadlines, and COMMIT) timed as the service commits it: inside the move's hold on its table,
whose connection and BEGIN (sent with the row lock, one round trip before the move's load) are the
cross-process lock of item 4, not the persisting. Right after each move, on a connection of its own,
the baseline: asyncpg's `conn.transaction()` (BEGIN, one INSERT of as many bytes as the move wrote
as one `bytea` row, COMMIT), so the machine's load weighs on both alike. `--fsync on` turns the
throw-away cluster's fsync on first (as a production server runs: both sides then wait for the
disk); pg_virtualenv's default, off, shows what the store itself costs. Figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from platform_common import summary  # noqa: E402
from platform_persist import Weighing, play, report  # noqa: E402

from bot.store_pg import PostgresStore  # noqa: E402

ALICE, BOB = 1, 2


class TimedPg(PostgresStore):
    """The real store; a transaction that appends events (a move) is timed and weighed, and the
    bare insert of its bytes is timed right after it."""

    def __init__(self, url: str, schema: str) -> None:
        super().__init__(url, schema=schema)
        self.moves: list[tuple[float, int]] = []  # (seconds, bytes)
        self.bare: list[float] = []
        self.trips: list[int] = []
        self._bare: asyncpg.Connection | None = None
        self._count = [0]

    async def open(self, *, check: bool = True) -> None:
        await super().open(check=check)
        self._bare = await asyncpg.connect(self.url, server_settings={"search_path": self.schema or "public"})
        await self._bare.execute("CREATE TABLE bare (id BIGSERIAL PRIMARY KEY, data BYTEA NOT NULL)")
        counted = self._count
        for name in ("execute", "executemany", "fetch", "fetchval", "fetchrow"):
            original = getattr(asyncpg.Connection, name)

            def wrapped(conn: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
                counted[0] += 1
                return _original(conn, *args, **kwargs)

            setattr(asyncpg.Connection, name, wrapped)

    async def close(self) -> None:
        if self._bare is not None:
            await self._bare.close()
        await super().close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Any]:
        written: list[Any] = []
        sent = self._count[0]
        start = time.perf_counter()
        async with super().transaction() as tx:
            yield _Noting(tx, written)
        spent = time.perf_counter() - start
        weight = [0]  # weighed after the timing, as bench/platform_persist.py weighs (its Weighing)
        for method, args in written:
            await getattr(Weighing(_Nothing(), weight), method)(*args)
        if weight[0]:
            self.moves.append((spent, weight[0]))
            self.trips.append(self._count[0] - sent)
            self.bare.append(await self._insert(weight[0]))

    async def _insert(self, size: int) -> float:
        assert self._bare is not None
        payload = os.urandom(size)
        start = time.perf_counter()
        async with self._bare.transaction():
            await self._bare.execute("INSERT INTO bare (data) VALUES ($1)", payload)
        return time.perf_counter() - start


class _Noting:
    """A Tx that notes what it is asked to write (to weigh it after the timing), and writes it."""

    def __init__(self, tx: Any, written: list[Any]) -> None:
        self._tx, self._written = tx, written

    def __getattr__(self, name: str) -> Any:
        return getattr(self._tx, name)

    async def append_events(self, *args: Any) -> None:
        self._written.append(("append_events", args))
        await self._tx.append_events(*args)

    async def append_actions(self, *args: Any) -> None:
        self._written.append(("append_actions", args))
        await self._tx.append_actions(*args)

    async def put_snapshot(self, *args: Any) -> None:
        self._written.append(("put_snapshot", args))
        await self._tx.put_snapshot(*args)


class _Nothing:
    """Writes nothing (Weighing's inner Tx, when only the weighing is wanted)."""

    def __getattr__(self, name: str) -> Any:
        async def nothing(*args: Any) -> None:
            return None

        return nothing


async def measure(game: str, moves: int, fsync: str | None) -> dict[str, Any]:
    url = os.environ.get("TABLERO_TEST_PG") or "postgresql://"
    if fsync is not None:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(f"ALTER SYSTEM SET fsync = {'on' if fsync == 'on' else 'off'}")
            await conn.execute("SELECT pg_reload_conf()")
        finally:
            await conn.close()
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    store = TimedPg(url, schema)
    await store.open()
    try:
        server = {
            "fsync": await store.pool.fetchval("SHOW fsync"),
            "synchronous_commit": await store.pool.fetchval("SHOW synchronous_commit"),
        }
        await play(store, game, moves, [store.moves, store.bare, store.trips])
    finally:
        await store.pool.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await store.close()
    ours = [t * 1000 for t, _ in store.moves[:moves]]
    theirs = [t * 1000 for t in store.bare[:moves]]
    return {
        "tablero": summary(ours),
        "bare": summary(theirs),
        "bytes_mean": sum(size for _, size in store.moves[:moves]) / len(ours),
        "round_trips_mean": sum(store.trips[:moves]) / len(ours),
        "server": server,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--game", default="canyon")
    parser.add_argument("--fsync", choices=("on", "off"), help="set the server's fsync first (ALTER SYSTEM)")
    args = parser.parse_args()
    load = os.getloadavg()
    figures = asyncio.run(measure(args.game, args.moves, args.fsync))
    t, b = figures["tablero"], figures["bare"]
    server = figures["server"]
    print(
        f"{args.moves} {args.game} moves on PostgreSQL (fsync {server['fsync']}, synchronous_commit"
        f" {server['synchronous_commit']}), {figures['bytes_mean']:.0f} bytes each on average"
        f" (events + snapshot + actions); load average before the run {load[0]:.2f}"
    )
    print(
        f"Tablero move's writes + COMMIT, in its hold: p50 {t['p50']:.2f} ms  p99 {t['p99']:.2f} ms"
        f"  ({figures['round_trips_mean']:.1f} round trips)"
    )
    print(
        f"bare insert + commit of the same bytes  : p50 {b['p50']:.2f} ms  p99 {b['p99']:.2f} ms  (3 round trips)"
    )
    report("pg_persist", figures, args.game, args.moves)


if __name__ == "__main__":
    main()
