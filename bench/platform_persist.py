"""Persisting one move against a bare aiosqlite WAL insert + commit of the same bytes.

Run: python bench/platform_persist.py [--moves 300] [--game canyon]
Tablero's move transaction (bot/tables.py `_write`: the events and the actions that caused them, the table row under its version
check, the snapshot, the outbox rows and deadlines, BEGIN IMMEDIATE ... COMMIT in WAL mode with
synchronous=FULL) is timed on its own, for moves of two-player games on a file on disk. The baseline
writes the same number of bytes as one BLOB row with a bare aiosqlite connection in the same mode
(WAL, synchronous=FULL) and commits. Goal: at most 1.5x.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite
from platform_common import result, summary

from bot.store import SqliteStore, SqliteTx
from bot.tables import TableService

ALICE, BOB = 1, 2


class TimedStore(SqliteStore):
    """The real store; transactions that append events are timed (lock to COMMIT) and weighed."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.moves: list[tuple[float, int]] = []  # (seconds, bytes)
        self.statements: list[int] = []  # SQL statements per timed transaction (BEGIN and COMMIT included)
        self.scripts: list[str] = []  # each timed transaction's statements, values filled in
        self._traced: list[str] = []

    async def open(self) -> None:
        await super().open()

        await self.db.set_trace_callback(self._traced.append)

    @asynccontextmanager
    async def transaction(self) -> Any:
        weight = [0]
        async with self._lock:  # wait for the store's lock outside the timing
            pass
        start, counted = time.perf_counter(), len(self._traced)
        async with super().transaction() as tx:
            yield Weighing(tx, weight)
        if weight[0]:
            self.moves.append((time.perf_counter() - start, weight[0]))
            statements = self._traced[counted:]
            self.statements.append(len(statements))
            self.scripts.append(";\n".join(statements) + ";")


class Weighing:
    """A Tx that counts the bytes of what it writes."""

    def __init__(self, tx: SqliteTx, weight: list[int]) -> None:
        self._tx, self._weight = tx, weight

    def __getattr__(self, name: str) -> Any:
        return getattr(self._tx, name)

    async def append_events(self, table_id: int, first_seq: int, events: Any) -> None:
        self._weight[0] += sum(len(str(e.data)) for e in events)
        await self._tx.append_events(table_id, first_seq, events)

    async def append_actions(self, table_id: int, actions: Any) -> None:
        self._weight[0] += sum(len(str(a.data)) for a in actions)  # the actions recorded with them (issue 28)
        await self._tx.append_actions(table_id, actions)

    async def put_snapshot(self, table_id: int, version: int, schema_hash: str, data: str) -> None:
        self._weight[0] += len(data)
        await self._tx.put_snapshot(table_id, version, schema_hash, data)


async def play(store: Any, game: str, moves: int, timed: list[list[Any]]) -> None:
    """Moves of `game` tables through the real table service on `store` (AI-free: both seats by
    hand, the first legal choice each time) until `timed[0]` holds `moves` entries; a new table's
    opening deal is not a move, so what each list of `timed` gained with it is dropped."""
    service = TableService(store, reminder_delay=3600)
    table = None
    while len(timed[0]) < moves:
        if table is None or (await service.get(table)).status != "active":
            marks = [len(kept) for kept in timed]
            record = await service.create(
                game=game, creator=ALICE, guild_id=1, channel_id=1, lang="en", opponent=BOB
            )
            await service.open(record.id, thread_id=2)
            await service.join(record.id, BOB)
            table = record.id
            for kept, mark in zip(timed, marks, strict=True):
                del kept[mark:]
        loaded = await service.load(table)
        if loaded.table.status != "active":
            continue
        seat = sorted(loaded.rules.active_seats(loaded.state))[0]
        await service.submit(table, loaded.table.seats[seat], 0, loaded.table.version)


def report(bench: str, figures: dict[str, Any], game: str, moves: int) -> None:
    """The ratio line of a persisting benchmark, and its RESULT line."""
    t, b = figures["tablero"], figures["bare"]
    ratio = t["p50"] / b["p50"]
    print(f"ratio (p50) {ratio:.2f}x  (mean {t['mean'] / b['mean']:.2f}x); goal <= 1.5x")
    result(
        bench, {**figures, "game": game, "moves": moves, "ratio": ratio, "ratio_mean": t["mean"] / b["mean"]}
    )


async def tablero(path: Path, game: str, moves: int) -> TimedStore:
    store = TimedStore(path)
    await store.open()
    await play(store, game, moves, [store.moves])
    await store.close()
    return store


async def bare(path: Path, sizes: list[int], statements: int = 1) -> list[float]:
    """Insert each size as one BLOB row and commit; with `statements` > 1, that many statements in
    all (the rest tiny rows), to show what the statement count alone costs through aiosqlite."""
    db = await aiosqlite.connect(path)
    await db.execute("PRAGMA journal_mode = WAL")
    await db.execute("PRAGMA synchronous = FULL")
    await db.execute("CREATE TABLE IF NOT EXISTS blobs (id INTEGER PRIMARY KEY, data BLOB NOT NULL)")
    await db.commit()
    times = []
    for size in sizes:
        payload = os.urandom(size)
        start = time.perf_counter()
        await db.execute("INSERT INTO blobs (data) VALUES (?)", (payload,))
        for _ in range(statements - 1):
            await db.execute("INSERT INTO blobs (data) VALUES (?)", (b"x",))
        await db.commit()
        times.append(time.perf_counter() - start)
    await db.close()
    return times


async def one_hop(path: Path, scripts: list[str]) -> list[float]:
    """The same move transactions replayed on a copy of the database, each in ONE aiosqlite call
    (executescript): what Tablero's move would cost if the store sent its statements in one batch."""
    copy = path.with_name("replay.db")
    source = await aiosqlite.connect(path)
    await source.execute(f"VACUUM INTO '{copy}'")
    await source.close()
    db = await aiosqlite.connect(copy, isolation_level=None)
    await db.execute("PRAGMA journal_mode = WAL")
    await db.execute("PRAGMA synchronous = FULL")
    await db.execute("PRAGMA foreign_keys = OFF")  # the rows replayed out of their original order
    await db.execute("PRAGMA ignore_check_constraints = ON")
    times = []
    for script in scripts:
        script = script.replace("INSERT INTO events", "INSERT OR REPLACE INTO events")
        start = time.perf_counter()
        await db.executescript(script)
        times.append(time.perf_counter() - start)
    await db.close()
    return times


async def measure(game: str, moves: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        store = await tablero(Path(tmp) / "tablero.db", game, moves)
        timed, counts = store.moves[:moves], store.statements[:moves]
        batched = await one_hop(Path(tmp) / "tablero.db", store.scripts[:moves])
        sizes = [size for _, size in timed]
        base = await bare(Path(tmp) / "bare.db", sizes)
        # BEGIN and COMMIT are counted in `counts`; the bare loop adds its own implicit BEGIN + COMMIT
        same_count = await bare(Path(tmp) / "bare2.db", sizes, round(statistics.fmean(counts)) - 2)
    ours = [t * 1000 for t, _ in timed]
    theirs = [t * 1000 for t in base]
    return {
        "tablero": summary(ours),
        "bare": summary(theirs),
        "bare_same_statements": summary([t * 1000 for t in same_count]),
        "statements_mean": statistics.fmean(counts),
        "tablero_one_hop": summary([t * 1000 for t in batched]),
        "bytes_mean": statistics.fmean(sizes),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--game", default="canyon")
    args = parser.parse_args()
    figures = asyncio.run(measure(args.game, args.moves))
    t, b = figures["tablero"], figures["bare"]
    print(
        f"{args.moves} {args.game} moves, {figures['bytes_mean']:.0f} bytes each on average (events + snapshot)"
    )
    print(f"Tablero move transaction: p50 {t['p50']:.2f} ms  p99 {t['p99']:.2f} ms  mean {t['mean']:.2f} ms")
    print(f"bare insert + commit    : p50 {b['p50']:.2f} ms  p99 {b['p99']:.2f} ms  mean {b['mean']:.2f} ms")
    s = figures["bare_same_statements"]
    print(
        f"bare, {figures['statements_mean']:.0f} statements: p50 {s['p50']:.2f} ms  p99 {s['p99']:.2f} ms"
        f"  (Tablero's move runs {figures['statements_mean']:.1f} statements, sent to SQLite's thread in one hop)"
    )
    o = figures["tablero_one_hop"]
    print(
        f"the same transactions in one aiosqlite call: p50 {o['p50']:.2f} ms  ({o['p50'] / b['p50']:.2f}x the bare insert)"
    )
    report("persist", figures, args.game, args.moves)


if __name__ == "__main__":
    main()
