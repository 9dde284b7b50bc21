"""Ack p99 and click-to-board p99 on PostgreSQL against SQLite (issue 25 item 8, goal: at most 1.2x).

Run (with a server: the PG* variables, e.g. under `pg_virtualenv -t`):
    python bench/engine_ack.py [--games 200] [--rate 10] [--seconds 30]
The same load as bench/platform_ack.py's steady phase (its players, arrival times, boards and
timing are reused from there): Tablero as its own process against the emulator refereeing
`--games` Canyon of Death tables against the AI, clicks arriving at `--rate` per second in all
(Poisson, seeded), each player alternating "My hand" and the first choice it offers. Ack = from
the emulator dispatching INTERACTION_CREATE to the acknowledgement; click to board = from a
choice's click to the status message's edit with a newer board. Run once on a SQLite file and
once on a PostgreSQL schema (TABLERO_DB=postgresql://...?schema=...), one after the other in this
run; the ratios are PostgreSQL's p99 over SQLite's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cluster_moves import database_url, drop
from platform_ack import GATE, LATE, SPAWNED, Boards, Players, spawn, steady, stop
from platform_common import result, summary

from playground.emulator import Emulator


async def rows(db: str, sql: str) -> list[tuple[Any, ...]]:
    """A read beside the bot: the SQLite file read-only, or the PostgreSQL schema."""
    if not db.startswith("postgresql"):
        import sqlite3

        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            return list(con.execute(sql))
        finally:
            con.close()
    import asyncpg

    from bot.store_pg import split_schema

    url, schema = split_schema(db)
    conn = await asyncpg.connect(url, server_settings={"search_path": schema or "public"})
    try:
        return [tuple(r) for r in await conn.fetch(sql)]
    finally:
        await conn.close()


async def one_engine(db: str, games: int, rate: float, seconds: float, workdir: Path) -> dict[str, Any]:
    emu = await Emulator(history=False).start()
    guild = emu.create_guild("Bench night")
    channel = emu.create_channel(guild.id, "games")
    users = [emu.create_user(f"p{n}").id for n in range(games)]
    for user in users:
        emu.add_member(guild.id, user)
    bot = await spawn(emu, [sys.executable, "-m", "bot"], {"TABLERO_DB": db}, workdir / "tablero.log")
    try:
        await emu.wait_for(lambda: emu.store.command("game", None), timeout=30)
        gate = asyncio.Semaphore(GATE)

        async def open_table(user: int) -> None:
            async with gate:
                it = await emu.slash(user, channel, "game new", {"game": "canyon", "side": "marine"})
                await it.wait_done(60)

        started = time.perf_counter()
        await asyncio.gather(*(open_table(u) for u in users))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 300
        while await rows(db, "SELECT 1 FROM deliveries WHERE status = 'pending' LIMIT 1"):
            assert loop.time() < deadline, "the set-up's deliveries did not settle"
            await asyncio.sleep(0.1)
        setup_s = time.perf_counter() - started
        tables = {u: (t, th) for t, th, u in await rows(db, "SELECT id, thread_id, created_by FROM tables")}
        players = Players(emu, users, {u: tables[u] for u in users}, Boards(emu))
        late = len(LATE)
        await steady(players.click, rate, round(rate * seconds))
        return {
            "ack": summary(players.times),
            "to_board": summary(players.to_board),
            "setup_s": setup_s,
            "late": len(LATE) - late,
        }
    finally:
        await stop(bot)
        await emu.stop()


async def measure(games: int, rate: float, seconds: float) -> dict[str, Any]:
    url = database_url()
    from cluster_moves import prepare

    schema = await prepare(url)
    pg = f"{url}{'&' if '?' in url else '?'}schema={schema}"
    try:
        with tempfile.TemporaryDirectory() as tmp:
            sqlite = await one_engine(str(Path(tmp) / "tablero.db"), games, rate, seconds, Path(tmp))
        with tempfile.TemporaryDirectory() as tmp:
            postgresql = await one_engine(pg, games, rate, seconds, Path(tmp))
    finally:
        await drop(url, schema)
    return {"sqlite": sqlite, "postgresql": postgresql}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rate", type=float, default=10.0, help="clicks per second in all")
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    load = os.getloadavg()
    try:
        figures = asyncio.run(measure(args.games, args.rate, args.seconds))
    finally:  # a failed run must not leave a bot running (it would reconnect forever)
        for proc in SPAWNED:
            if proc.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(proc.pid, signal.SIGKILL)
    s, p = figures["sqlite"], figures["postgresql"]
    ratios = {
        "ack_p99": p["ack"]["p99"] / s["ack"]["p99"],
        "to_board_p99": p["to_board"]["p99"] / s["to_board"]["p99"],
    }
    print(f"{args.games} Canyon games, steady {args.rate:g} clicks/s for {args.seconds:g} s on each engine")
    for name, f in (("SQLite", s), ("PostgreSQL", p)):
        a, b = f["ack"], f["to_board"]
        print(
            f"  {name:<10}: ack n={a['n']} p50 {a['p50']:.1f} ms p99 {a['p99']:.1f} ms;"
            f" click to board n={b['n']} p50 {b['p50']:.0f} ms p99 {b['p99']:.0f} ms;"
            f" never answered {f['late']}"
        )
    print(
        f"ratio PostgreSQL/SQLite: ack p99 {ratios['ack_p99']:.2f}x, click to board p99"
        f" {ratios['to_board_p99']:.2f}x; goal <= 1.2x (load average before the run: {load[0]:.2f})"
    )
    result(
        "engine_ack",
        {
            **figures,
            "games": args.games,
            "rate": args.rate,
            "seconds": args.seconds,
            "ratios": ratios,
            "loadavg": load[0],
        },
    )


if __name__ == "__main__":
    main()
