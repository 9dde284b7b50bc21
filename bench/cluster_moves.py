"""Moves per second of a cluster: 2 processes each pinned to one core against 1 process pinned to one
core, on one PostgreSQL (issue 25 item 8, goal: at least 1.7x).

Run (with a server: the PG* variables, e.g. under `pg_virtualenv -t`):
    python bench/cluster_moves.py [--seconds 20] [--tables 20] [--game canyon]
A "move" is what a click costs the bot process past Discord: the table's move through the real
service (bot/tables.py: load, decide, commit under the table's row lock, the outbox rows and
deadlines written with it) followed by drawing the board image the status message would carry
(the public view, renderers, PNG): the CPU a cluster spreads over cores. Each worker process plays
its own `--tables` two-player tables (human seats, the first legal choice of the seat to act;
a finished table is replaced) for `--seconds` and reports its moves. The 1-process run is pinned
with `taskset -c 0`, the 2-process run with `taskset -c 0` and `taskset -c 1`, at the same time on
the same database (PostgreSQL itself runs unpinned); the single process runs before and after the
pair. Ratio = moves/s of both together over the mean moves/s of the one alone. No Discord and no emulator: on a 2-core machine those would take the cores away
from the processes measured.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import time
import uuid
from typing import Any

from platform_common import ROOT, result

ALICE, BOB = 1, 2


def database_url() -> str:
    url = os.environ.get("TABLERO_TEST_PG", "").strip()
    if url:
        return url
    if os.environ.get("PGHOST") or os.environ.get("PGPORT") or os.environ.get("PGDATABASE"):
        return "postgresql://"
    sys.exit("cluster_moves: no PostgreSQL server (run under `pg_virtualenv -t`, or set TABLERO_TEST_PG)")


async def worker(url: str, schema: str, seconds: float, tables: int, game: str, index: int) -> dict[str, Any]:
    from bot.games import presenter_for
    from bot.store_pg import PostgresStore
    from bot.tables import TableService

    store = PostgresStore(url, schema=schema, min_size=1, max_size=4)
    await store.open()
    service = TableService(store, reminder_delay=3600)
    presenter = presenter_for(game)
    players = (ALICE + 10 * index, BOB + 10 * index)

    async def new_table() -> int:
        record = await service.create(
            game=game, creator=players[0], guild_id=1, channel_id=1, lang="en", opponent=players[1]
        )
        await service.open(record.id, thread_id=2)
        await service.join(record.id, players[1])
        return record.id

    ids = [await new_table() for _ in range(tables)]
    moves, drawn_ms, start = 0, 0.0, time.perf_counter()
    turn = 0
    while time.perf_counter() - start < seconds:
        slot = turn % len(ids)
        turn += 1
        loaded = await service.load(ids[slot])
        if loaded.table.status != "active":
            ids[slot] = await new_table()
            continue
        seat = sorted(loaded.rules.active_seats(loaded.state))[0]
        await service.submit(ids[slot], loaded.table.seats[seat], 0, loaded.table.version)
        after = await service.load(ids[slot])
        began = time.perf_counter()
        presenter.board_png(after.rules.view(after.state, None), "en")
        drawn_ms += (time.perf_counter() - began) * 1000
        moves += 1
    elapsed = time.perf_counter() - start
    await store.close()
    return {"moves": moves, "seconds": elapsed, "draw_ms_mean": drawn_ms / max(moves, 1)}


def spawn(core: int, url: str, schema: str, args: argparse.Namespace, index: int) -> subprocess.Popen[str]:
    argv = [
        sys.executable,
        str(ROOT / "bench" / "cluster_moves.py"),
        "--worker",
        str(index),
        "--schema",
        schema,
    ]
    argv += ["--seconds", str(args.seconds), "--tables", str(args.tables), "--game", args.game]
    taskset = shutil.which("taskset")
    if taskset is None:
        sys.exit("cluster_moves: taskset (util-linux) is needed to pin the processes")
    env = os.environ | {"TABLERO_TEST_PG": url}
    return subprocess.Popen(
        [taskset, "-c", str(core), *argv], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )


def collect(procs: list[subprocess.Popen[str]]) -> list[dict[str, Any]]:
    out = []
    for proc in procs:
        stdout, _ = proc.communicate()
        if proc.returncode != 0:
            sys.exit(f"cluster_moves: a worker failed ({proc.returncode})")
        out.append(json.loads(stdout.strip().splitlines()[-1]))
    return out


async def prepare(url: str) -> str:
    """A fresh schema, migrated once (before the workers start, as `tablero cluster` does)."""
    from bot.store_pg import PostgresStore

    schema = f"bench_{uuid.uuid4().hex[:8]}"
    store = PostgresStore(url, schema=schema, min_size=1, max_size=2)
    await store.open()
    await store.close()
    return schema


async def drop(url: str, schema: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--tables", type=int, default=20, help="tables per worker process")
    parser.add_argument("--game", default="canyon")
    parser.add_argument("--worker", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--schema", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    url = database_url()
    if args.worker is not None:
        figures = asyncio.run(worker(url, args.schema, args.seconds, args.tables, args.game, args.worker))
        print(json.dumps(figures))
        return
    load = os.getloadavg()
    schema = asyncio.run(prepare(url))
    try:
        # 1, 2, 1: the single process before and after the pair, so that a burst of other load on
        # the machine during one of them shows (as the spread of the two) instead of skewing the ratio
        [before] = collect([spawn(0, url, schema, args, 0)])
        two = collect([spawn(0, url, schema, args, 1), spawn(1, url, schema, args, 2)])
        [after] = collect([spawn(0, url, schema, args, 3)])
    finally:
        asyncio.run(drop(url, schema))
    singles = [w["moves"] / w["seconds"] for w in (before, after)]
    single = sum(singles) / 2
    one = before
    pair = sum(w["moves"] / w["seconds"] for w in two)
    ratio = pair / single
    print(f"{args.game}: a move through the service plus its board image, {args.tables} tables per process")
    print(
        f"1 process on core 0      : {single:.1f} moves/s (before the pair {singles[0]:.1f}, after it"
        f" {singles[1]:.1f}; board {one['draw_ms_mean']:.1f} ms each)"
    )
    print(
        "2 processes, cores 0 + 1 : "
        + " + ".join(f"{w['moves'] / w['seconds']:.1f}" for w in two)
        + f" = {pair:.1f} moves/s"
    )
    print(f"ratio {ratio:.2f}x; goal >= 1.7x (load average before the run: {load[0]:.2f})")
    result(
        "cluster_moves",
        {
            "game": args.game,
            "seconds": args.seconds,
            "tables": args.tables,
            "one": [before, after],
            "two": two,
            "moves_per_s_one": single,
            "moves_per_s_two": pair,
            "ratio": ratio,
            "loadavg": load[0],
        },
    )


if __name__ == "__main__":
    main()
