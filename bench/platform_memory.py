"""Memory per active table in the bot process.

Run: python bench/platform_memory.py [--tables 1000]
The bot runs as its own process on a database of stored Canyon games in progress (cloned like in
bench/platform_restart.py). After warming up on 50 tables (fonts, renderers, caches loaded), its
resident set size is read from /proc; then `--tables` more tables are made active — their player
opens "My hand" and makes a move, so each table has been loaded, rendered, committed, and
delivered (a status message posted, a turn message sent) — and the RSS is read again once the
outbox is empty. Memory per active table = the growth / `--tables`.

Raw RSS counts garbage waiting for the cycle collector too (discord.py's interaction objects refer to
each other), so the bot runs under bench/memory_probe.py, which on SIGUSR1 runs a full collection and
reports what it freed, the live objects the collector tracks (count and shallow size) and the RSS
after it (issue 24 item 8): the per-table figures are given for each.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from platform_common import ROOT, result, rss_kib
from platform_restart import clone, template

from playground.emulator import Emulator
from tests.e2e.harness import action_ids

WARM_UP = 50
GATE = 20


async def probe(emu: Emulator, pid: int, path: Path) -> dict[str, float]:
    """Ask the bot (bench/memory_probe.py) for its figures after a full collection."""
    seen = len(path.read_text().splitlines()) if path.exists() else 0
    os.kill(pid, signal.SIGUSR1)
    await emu.wait_for(
        lambda: path.exists() and len(path.read_text().splitlines()) > seen, timeout=120, poll=0.1
    )
    return json.loads(path.read_text().splitlines()[-1])


def pending(db: Path) -> int:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return con.execute("SELECT COUNT(*) FROM deliveries WHERE status = 'pending'").fetchone()[0]
    finally:
        con.close()


async def activate(emu: Emulator, user: int, channel: int, tables: range, db: Path) -> None:
    gate = asyncio.Semaphore(GATE)

    async def one(table: int) -> None:
        async with gate:
            button = {
                "type": 1,
                "components": [{"type": 2, "style": 1, "label": "hand", "custom_id": f"tb:hand:{table}"}],
            }
            message = await emu.post_message(channel, emu.bot.id, "·", components=[button])
            it = await emu.click(user, message.id, f"tb:hand:{table}")
            panel = (await it.wait_done(60))[-1]
            ids = action_ids(panel)
            if ids:
                await (await emu.click(user, panel.id, ids[0])).wait_done(60)

    await asyncio.gather(*(one(t) for t in tables))
    await emu.wait_for(lambda: pending(db) == 0, timeout=600, poll=0.2)


async def measure(tables: int, workdir: Path) -> dict[str, float]:
    emu = await Emulator().start()
    guild = emu.create_guild("Memory night")
    channel = emu.create_channel(guild.id, "games")
    alice = emu.create_user("alice").id
    emu.add_member(guild.id, alice)
    db = workdir / "tablero.db"
    source = await template(db, alice, guild.id, channel)
    clone(db, source, WARM_UP + tables + 1)
    env = os.environ | {
        "DISCORD_TOKEN": emu.token,
        "DISCORD_API_BASE": emu.api_base,
        "DISCORD_GATEWAY_URL": emu.gateway_url,
        "TABLERO_DB": str(db),
        "TABLERO_GUILD_READY_TIMEOUT": "0.05",
        "LOG_LEVEL": "WARNING",
        "TABLERO_MEMORY_PROBE": str(workdir / "probe.jsonl"),
    }
    with (workdir / "bot.log").open("ab") as out:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, str(ROOT / "bench" / "memory_probe.py"), cwd=ROOT, env=env, stdout=out, stderr=out
        )
    await emu.wait_for(lambda: emu.gateway.connected, timeout=60)
    idle = rss_kib(proc.pid)
    await activate(emu, alice, channel, range(2, 2 + WARM_UP), db)
    warm = rss_kib(proc.pid)
    warm_probe = await probe(emu, proc.pid, workdir / "probe.jsonl")
    started = time.perf_counter()
    await activate(emu, alice, channel, range(2 + WARM_UP, 2 + WARM_UP + tables), db)
    took = time.perf_counter() - started
    after = rss_kib(proc.pid)
    after_probe = await probe(emu, proc.pid, workdir / "probe.jsonl")
    proc.terminate()
    await proc.wait()
    await emu.stop()
    return {
        "idle_mib": idle / 1024,
        "warm_mib": warm / 1024,
        "after_mib": after / 1024,
        "per_table_kib": (after - warm) / tables,
        "activate_s": took,
        "collected_objects": after_probe["collected"],
        "live_objects_per_table": (after_probe["tracked_objects"] - warm_probe["tracked_objects"]) / tables,
        "live_per_table_kib": (after_probe["tracked_kib"] - warm_probe["tracked_kib"]) / tables,
        "collected_rss_after_mib": after_probe["rss_after_collect_kib"] / 1024,
        "collected_rss_per_table_kib": (
            after_probe["rss_after_collect_kib"] - warm_probe["rss_after_collect_kib"]
        )
        / tables,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        f = asyncio.run(measure(args.tables, Path(tmp)))
    print(
        f"bot RSS: idle {f['idle_mib']:.1f} MiB, after {WARM_UP} warm-up tables {f['warm_mib']:.1f} MiB,"
        f" after {args.tables} more active tables {f['after_mib']:.1f} MiB ({f['activate_s']:.0f} s to play them)"
    )
    print(f"memory per active table: {f['per_table_kib']:.1f} KiB (raw RSS)")
    print(
        f"after a full collection (which freed {f['collected_objects']} objects left in reference cycles):"
        f" RSS {f['collected_rss_after_mib']:.1f} MiB, {f['collected_rss_per_table_kib']:.1f} KiB per table;"
        f" live objects the collector tracks: {f['live_objects_per_table']:.1f} per table,"
        f" {f['live_per_table_kib']:.2f} KiB per table (shallow sizes)"
    )
    result("memory", {**f, "tables": args.tables, "warm_up": WARM_UP})


if __name__ == "__main__":
    main()
