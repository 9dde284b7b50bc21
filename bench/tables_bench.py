"""Platform benchmark: the cost of a move through the table service on a real SQLite file.

Run: python bench/tables_bench.py [--moves N] [--game duel|canyon]
Prints: ms per submit (load + decide + AI + one transaction) with synchronous=FULL and NORMAL,
snapshot load vs full fold, and how long 100 concurrent identical clicks take (they apply once).
Figures only; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.store import SqliteStore  # noqa: E402
from bot.tables import TableService  # noqa: E402

ALICE, BOB = 1, 2


async def _service(path: Path, sync: str) -> tuple[SqliteStore, TableService]:
    store = SqliteStore(path)
    await store.open()
    await store.db.execute(f"PRAGMA synchronous = {sync}")
    return store, TableService(store, reminder_delay=3600)


async def _table(service: TableService, game: str, options: dict[str, object]) -> int:
    table = await service.create(
        game=game, creator=ALICE, guild_id=1, channel_id=1, lang="en", opponent=BOB, options=options
    )
    await service.open(table.id, thread_id=2)
    await service.join(table.id, BOB)
    return table.id


async def _play(
    service: TableService, game: str, moves: int, options: dict[str, object]
) -> tuple[list[float], int]:
    """Alternate the players' first legal action over fresh games until `moves` submits were timed."""
    timings: list[float] = []
    table = await _table(service, game, options)
    while len(timings) < moves:
        loaded = await service.load(table)
        if loaded.table.status != "active":
            table = await _table(service, game, options)
            continue
        seat = sorted(loaded.rules.active_seats(loaded.state))[0]
        user = loaded.table.seats[seat]
        start = time.perf_counter()
        await service.submit(table, user, 0, loaded.table.version)
        timings.append(time.perf_counter() - start)
    return timings, table


async def main(moves: int, game: str) -> None:
    options: dict[str, object] = {}
    if game == "duel":
        from tests.games.registration import register_duel

        register_duel()
        options = {"rounds": 9}
    with tempfile.TemporaryDirectory() as tmp:
        for sync in ("FULL", "NORMAL"):
            store, service = await _service(Path(tmp) / f"{sync}.db", sync)
            timings, _ = await _play(service, game, moves, options)
            await store.close()
            print(
                f"submit ({game}, synchronous={sync}): median {statistics.median(timings) * 1000:.2f} ms,"
                f" p95 {sorted(timings)[int(len(timings) * 0.95)] * 1000:.2f} ms over {len(timings)} moves"
            )
        store, service = await _service(Path(tmp) / "load.db", "FULL")
        _, table = await _play(service, game, 6, options)
        loaded = await service.load(table)
        start = time.perf_counter()
        for _ in range(200):
            await service.load(table)
        snap = (time.perf_counter() - start) / 200
        start = time.perf_counter()
        for _ in range(200):
            await service._fold(loaded.table, loaded.rules)
        folded = (time.perf_counter() - start) / 200
        print(
            f"load at version {loaded.table.version}: snapshot {snap * 1000:.2f} ms, fold {folded * 1000:.2f} ms"
        )
        table = await _table(service, game, options)
        loaded = await service.load(table)
        seat = sorted(loaded.rules.active_seats(loaded.state))[0]
        start = time.perf_counter()
        results = await asyncio.gather(
            *(service.submit(table, loaded.table.seats[seat], 0, loaded.table.version) for _ in range(100)),
            return_exceptions=True,
        )
        took = time.perf_counter() - start
        applied = sum(not isinstance(r, BaseException) for r in results)
        print(f"100 concurrent identical clicks: {took * 1000:.1f} ms, applied {applied}")
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--game", default="duel")
    args = parser.parse_args()
    asyncio.run(main(args.moves, args.game))
