"""Restart time with 10,000 stored tables, until the bot serves them.

Run: python bench/platform_restart.py [--tables 10000] [--runs 3]
A database with `--tables` active Canyon tables (each a game in progress against the AI: its event
log, snapshot, outbox rows delivered, reminder deadlines) is built once (cloned from one real game).
Then the bot is started cold, as its own process (`python -m bot`), and timed from the spawn to
(a) its gateway session being up and (b) a stored table's "My hand" button, on a message posted
before the restart, being answered. The same with an empty database shows what the tables cost.
Goal: under 2 s.

The bot starts as an installed one does: from compiled bytecode. pip compiles every module when it
installs the package (the Docker image has them), but a checkout run with PYTHONDONTWRITEBYTECODE=1
(as this project's shells set it) compiles every module of the checkout from source at every start,
0.4-0.5 s of CPU on the benchmark machine that no installed bot pays. So the bot is given a bytecode
cache in a temporary folder (PYTHONPYCACHEPREFIX), written by one start before the timed ones;
`--no-bytecode` times the starts without it, as the figures before 2026-12-02 04:00 UTC were taken.

Beside the wall-clock figures, the CPU time the bot's process had used when its answer arrived
(Linux: /proc): on a shared machine the wall clock says as much about the other processes as about
the bot, the CPU time much less.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from platform_common import ROOT, result

from bot.store import SqliteStore
from bot.tables import TableService
from playground.emulator import Emulator


async def template(db: Path, user: int, guild: int, channel: int) -> int:
    """One real Canyon table in progress against the AI, written by the table service."""
    store = SqliteStore(db)
    await store.open()
    service = TableService(store)
    table = await service.create(
        game="canyon", creator=user, guild_id=guild, channel_id=channel, lang="en", side="marine"
    )
    await service.open(table.id, thread_id=None)
    for _ in range(6):
        loaded = await service.load(table.id)
        if loaded.table.status != "active" or not loaded.rules.active_seats(loaded.state):
            break
        await service.submit(table.id, user, 0, loaded.table.version)
    await store.close()
    return table.id


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux), else NaN."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def clone(db: Path, source: int, count: int) -> None:
    """`count` - 1 more tables exactly like `source` (rows copied with new ids and, as a server
    numbers its tables, new numbers), every outbox row done."""
    con = sqlite3.connect(db)
    with con:
        columns = [r[1] for r in con.execute("PRAGMA table_info(tables)") if r[1] not in ("id", "number")]
        cols = ", ".join(columns)
        for n in range(2, count + 1):
            con.execute(
                f"INSERT INTO tables (id, number, {cols}) SELECT ?, ?, {cols} FROM tables WHERE id = ?",
                (n, n, source),
            )
        con.execute(
            "INSERT INTO events (table_id, seq, kind, data, actor, at)"
            " SELECT t.id, e.seq, e.kind, e.data, e.actor, e.at FROM events e, tables t WHERE e.table_id = ? AND t.id != ?",
            (source, source),
        )
        con.execute(
            "INSERT INTO snapshots (table_id, version, schema_hash, data)"
            " SELECT t.id, s.version, s.schema_hash, s.data FROM snapshots s, tables t WHERE s.table_id = ? AND t.id != ?",
            (source, source),
        )
        con.execute(
            "INSERT INTO deliveries (table_id, version, kind, target, payload, status, generation, attempts,"
            " not_before, message_id, last_error, created_at, updated_at)"
            " SELECT t.id, d.version, d.kind, d.target, d.payload, 'done', d.generation, 1, 0, 1, NULL, d.created_at,"
            " d.updated_at FROM deliveries d, tables t WHERE d.table_id = ? AND t.id != ?",
            (source, source),
        )
        con.execute("UPDATE deliveries SET status = 'done', message_id = 1 WHERE table_id = ?", (source,))
        con.execute(
            "INSERT INTO deadlines (table_id, kind, seat, key, version, due_at, status, payload)"
            " SELECT t.id, d.kind, d.seat, d.key, d.version, d.due_at + 86400, d.status, d.payload"
            " FROM deadlines d, tables t WHERE d.table_id = ? AND t.id != ?",
            (source, source),
        )
        con.execute("UPDATE deadlines SET due_at = due_at + 86400")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


async def start_and_serve(
    emu: Emulator, db: Path, user: int, channel: int, table: int, log: Path, pycache: Path | None
) -> tuple[float, float, float]:
    """Spawn the bot cold; seconds until connected, and until a stored table's button is answered,
    and the CPU seconds the bot's process had used by then."""
    button = {
        "type": 1,
        "components": [{"type": 2, "style": 1, "label": "My hand", "custom_id": f"tb:hand:{table}"}],
    }
    message = await emu.post_message(channel, emu.bot.id, "posted before the restart", components=[button])
    sessions = len(emu.gateway.sessions)
    env = os.environ | {
        "DISCORD_TOKEN": emu.token,
        "DISCORD_API_BASE": emu.api_base,
        "DISCORD_GATEWAY_URL": emu.gateway_url,
        "TABLERO_DB": str(db),
        "TABLERO_GUILD_READY_TIMEOUT": "0.05",
        "LOG_LEVEL": "WARNING",
    }
    if pycache is not None:  # bytecode cached as in an installed bot (see the module's docstring)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    with log.open("ab") as out:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=out, stderr=out
        )
    await emu.wait_for(
        lambda: len(emu.gateway.sessions) > sessions and emu.gateway.connected, timeout=60, poll=0.002
    )
    connected = time.perf_counter() - start
    it = await emu.click(user, message.id, f"tb:hand:{table}")
    await it.wait_done(30)
    served = time.perf_counter() - start
    cpu = cpu_seconds(proc.pid)
    assert "Marine" in it.messages[-1].content, it.messages[-1].content
    proc.terminate()
    await proc.wait()
    return connected, served, cpu


async def measure(tables: int, runs: int, workdir: Path, bytecode: bool = True) -> dict[str, object]:
    emu = await Emulator().start()
    guild = emu.create_guild("Restart night")
    channel = emu.create_channel(guild.id, "games")
    alice = emu.create_user("alice").id
    emu.add_member(guild.id, alice)
    full, empty = workdir / "full.db", workdir / "empty.db"
    built = time.perf_counter()
    source = await template(full, alice, guild.id, channel)
    clone(full, source, tables)
    built = time.perf_counter() - built
    await template(empty, alice, guild.id, channel)  # one table, so the button has something to serve
    pycache = workdir / "pycache" if bytecode else None
    if pycache is not None:  # one start, not timed, writes the bytecode cache of every module it imports
        await start_and_serve(emu, empty, alice, channel, 1, workdir / "bot.log", pycache)
    figures: dict[str, list[float]] = {
        "full_connected": [],
        "full_served": [],
        "empty_connected": [],
        "empty_served": [],
        "full_cpu": [],
        "empty_cpu": [],
    }
    for _ in range(runs):
        for name, db, table in (("full", full, tables // 2 + 7), ("empty", empty, 1)):
            connected, served, cpu = await start_and_serve(
                emu, db, alice, channel, table, workdir / "bot.log", pycache
            )
            figures[f"{name}_connected"].append(connected)
            figures[f"{name}_served"].append(served)
            figures[f"{name}_cpu"].append(cpu)
    await emu.stop()
    size = full.stat().st_size + (
        full.with_name(full.name + "-wal").stat().st_size
        if full.with_name(full.name + "-wal").exists()
        else 0
    )
    return {k: statistics.median(v) for k, v in figures.items()} | {
        "db_mb": size / 2**20,
        "build_s": built,
        "bytecode": bytecode,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="no bytecode cache: the checkout's modules are compiled at every start (see the docstring)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        f = asyncio.run(measure(args.tables, args.runs, Path(tmp), bytecode=not args.no_bytecode))
    print(
        f"{args.tables} stored tables ({f['db_mb']:.0f} MB database, built in {f['build_s']:.1f} s); median of {args.runs} cold starts"
    )
    print(
        f"with {args.tables} tables: connected {f['full_connected']:.2f} s, first stored table served {f['full_served']:.2f} s"
        f" (the bot's CPU time by then {f['full_cpu']:.2f} s)"
    )
    print(
        f"with 1 table     : connected {f['empty_connected']:.2f} s, served {f['empty_served']:.2f} s"
        f" (CPU {f['empty_cpu']:.2f} s)"
    )
    print(
        "bytecode: "
        + (
            "cached, as installed"
            if f["bytecode"]
            else "none: every module of the checkout compiled at each start"
        )
    )
    print("goal: served in under 2 s")
    result("restart", {**f, "tables": args.tables, "runs": args.runs})


if __name__ == "__main__":
    main()
