"""`tablero cluster` (issue 25 item 3) against the emulator, as an operator runs it: the supervisor
process starts 2 bot processes with one shard each; each connects with its shard id and gets its
half of the guilds; only shard 0's process syncs the commands; their IDENTIFYs are spaced by the
identify gate (a file lock beside the SQLite database); a process killed with SIGKILL is started
again and serves its guilds; SIGTERM to the supervisor stops every process and it exits 0."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from playground.emulator import Emulator
from playground.emulator.gateway import shard_of
from tests.bot.engines import empty_schema, need_pg, pg_schema

from .cluster_harness import WINDOW, Supervisor, alive, children, connected_shards

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(90)]
SYNC = "PUT /applications/{app_id}/commands"


@pytest.fixture
def guilds(emu: Emulator) -> dict[str, Any]:
    """Two guilds on each shard of 2, and a player in each."""
    emu.gateway.identify_window = WINDOW  # a second IDENTIFY of a bucket within it is refused (op 9)
    player = emu.create_user("alice")
    made = [emu.create_guild(f"g{i}", shard=(i % 2, 2)) for i in range(4)]
    for guild in made:
        emu.add_member(guild.id, player.id)
    return {"all": made, "player": player.id}


@pytest.fixture
async def supervisor(emu: Emulator, tmp_path: Path) -> Any:
    running = Supervisor(emu, tmp_path)
    yield running
    if running.proc is not None and running.proc.returncode is None:
        running.proc.kill()
        await running.proc.wait()


async def test_two_processes_split_the_guilds_and_stop_on_sigterm(
    emu: Emulator, guilds: dict[str, Any], supervisor: Supervisor
) -> None:
    proc = await supervisor.start("--processes", "2", "--shard-count", "2")
    await supervisor.wait_for(lambda: connected_shards(emu) == [(0, 2), (1, 2)] and emu.store.global_commands)
    pids = await supervisor.wait_for(lambda: (found := children(proc.pid)) and len(found) == 2 and found)
    assert set(pids) == {"0", "1"}

    # each guild's GUILD_CREATE went to the session of its shard, and only there
    for guild in guilds["all"]:
        assert emu.gateway.sent("GUILD_CREATE", guild_id=guild.id) == [(shard_of(guild.id, 2), 2)]
    # the process holding shard 0 synced the commands; the other did not
    assert [r.route for r in emu.requests].count(SYNC) == 1
    # one bucket (max_concurrency 1): the second IDENTIFY waited for the first one's window
    (first, _), (second, _) = emu.gateway.identify_times
    assert second - first >= WINDOW and emu.gateway.identify_refused == 0
    # the shard count is stored for every later start
    with sqlite3.connect(supervisor.db) as db:
        assert db.execute("SELECT value FROM cluster_settings WHERE name = 'shard_count'").fetchall() == [
            ("2",)
        ]

    # a command in a guild of shard 1 is answered by the process of shard 1
    shard_one = next(g for g in guilds["all"] if shard_of(g.id, 2) == 1)
    it = await emu.slash(guilds["player"], shard_one.general, "game list")
    await it.wait_done(timeout=15)
    assert emu.gateway.sent("INTERACTION_CREATE", guild_id=shard_one.id) == [(1, 2)]

    assert await supervisor.stop() == 0
    assert not any(alive(pid) for pid in pids.values())
    log = supervisor.log.read_text()
    assert "every process stopped" in log and "restarted" not in log


async def test_a_killed_process_is_restarted_and_serves_its_guilds_again(
    emu: Emulator, guilds: dict[str, Any], supervisor: Supervisor
) -> None:
    proc = await supervisor.start("--processes", "2", "--shard-count", "2")
    await supervisor.wait_for(lambda: connected_shards(emu) == [(0, 2), (1, 2)])
    pids = await supervisor.wait_for(lambda: (found := children(proc.pid)) and len(found) == 2 and found)
    [old_session] = [s.id for s in emu.gateway.connected if s.shard == (1, 2)]

    os.kill(pids["1"], signal.SIGKILL)
    # the supervisor starts it again (after a back-off of 0.5-1 s); it IDENTIFYs as shard 1 again
    await supervisor.wait_for(
        lambda: any(s.shard == (1, 2) and s.id != old_session for s in emu.gateway.connected)
    )
    restarted = await supervisor.wait_for(
        lambda: (found := children(proc.pid)).get("1") not in (None, pids["1"]) and found
    )
    assert restarted["0"] == pids["0"]  # the other process went on undisturbed
    assert [s for _, s in emu.gateway.identify_times].count((1, 2)) == 2
    assert emu.gateway.identify_refused == 0
    assert [r.route for r in emu.requests].count(SYNC) == 1  # the restarted process holds no shard 0

    shard_one = next(g for g in guilds["all"] if shard_of(g.id, 2) == 1)
    it = await emu.slash(guilds["player"], shard_one.general, "game list")
    await it.wait_done(timeout=15)

    assert await supervisor.stop() == 0
    assert not any(alive(pid) for pid in restarted.values())
    assert "exited -9; restarting it" in supervisor.log.read_text()


@pytest.mark.postgresql
async def test_a_cluster_on_postgresql_serialises_identifies_with_an_advisory_lock(
    emu: Emulator, guilds: dict[str, Any], supervisor: Supervisor
) -> None:
    import asyncpg

    url, schema = need_pg(), pg_schema()
    await empty_schema(url, schema)
    supervisor.db = f"{url}{'&' if '?' in url else '?'}schema={schema}"
    proc = await supervisor.start("--processes", "2")  # the count from Discord: 1, raised to 2
    await supervisor.wait_for(lambda: connected_shards(emu) == [(0, 2), (1, 2)])
    (first, _), (second, _) = emu.gateway.identify_times
    assert second - first >= WINDOW and emu.gateway.identify_refused == 0
    conn = await asyncpg.connect(url, server_settings={"search_path": schema})
    try:
        assert await conn.fetchval("SELECT value FROM cluster_settings WHERE name = 'shard_count'") == "2"
    finally:
        await conn.close()
    pids = children(proc.pid)
    assert await supervisor.stop() == 0
    assert not any(alive(pid) for pid in pids.values())


async def test_too_many_guilds_for_the_shards_stops_the_cluster_saying_so(
    emu: Emulator, guilds: dict[str, Any], supervisor: Supervisor
) -> None:
    emu.gateway.max_guilds = 3  # four guilds: one shard is refused with 4011, two would do
    proc = await supervisor.start("--processes", "1", "--shard-count", "1")
    code = await asyncio.wait_for(proc.wait(), 60)
    log = supervisor.log.read_text()
    assert code == 3, log
    assert emu.gateway.closes == [(4011, (0, 1))]
    assert "Discord closed the gateway with 4011 (sharding required)" in log
    assert "exited 3: Discord asks for more shards (close 4011); stopping the cluster" in log
    assert "restarting" not in log


async def test_sighup_restarts_the_processes_one_after_another(
    emu: Emulator, guilds: dict[str, Any], supervisor: Supervisor
) -> None:
    """The rolling restart of an upgrade: each process is stopped only once the one restarted
    before it has its shard ready, so the other shard is served all the while."""
    proc = await supervisor.start("--processes", "2", "--shard-count", "2")
    await supervisor.wait_for(lambda: connected_shards(emu) == [(0, 2), (1, 2)])
    pids = await supervisor.wait_for(lambda: (found := children(proc.pid)) and len(found) == 2 and found)
    sessions = {s.shard: s.id for s in emu.gateway.connected}
    # watch which shards have a live session at every emulator change until the restart is done
    seen: list[list[tuple[int, int]]] = []
    proc.send_signal(signal.SIGHUP)

    def done() -> bool:
        seen.append(connected_shards(emu))
        now = {s.shard: s.id for s in emu.gateway.connected}
        return (
            len(now) == 2
            and all(now[k] != sessions[k] for k in now)
            and "rolling restart done" in (supervisor.log.read_text())
        )

    await supervisor.wait_for(done, timeout=60)
    assert all(shards for shards in seen)  # never were both shards away at once
    restarted = children(proc.pid)
    assert set(restarted) == {"0", "1"} and not set(restarted.values()) & set(pids.values())
    log = supervisor.log.read_text()
    order = [
        line
        for line in log.splitlines()
        if "tablero.cluster" in line and ("restarted" in line or " ready" in line)
    ]
    assert [
        ("restarted" if "restarted" in line else "ready", line.split("process ")[1][0]) for line in order
    ] == [
        ("restarted", "0"),
        ("ready", "0"),
        ("restarted", "1"),
        ("ready", "1"),
    ], log
    assert emu.gateway.identify_refused == 0
    assert await supervisor.stop() == 0


async def test_a_killed_supervisor_leaves_no_process_behind(
    emu: Emulator, guilds: dict[str, Any], supervisor: Supervisor
) -> None:
    """SIGKILL to the supervisor (no chance to forward anything): the kernel sends each process
    SIGTERM (PR_SET_PDEATHSIG) and they stop by themselves."""
    proc = await supervisor.start("--processes", "2", "--shard-count", "2")
    await supervisor.wait_for(lambda: connected_shards(emu) == [(0, 2), (1, 2)])
    pids = await supervisor.wait_for(lambda: (found := children(proc.pid)) and len(found) == 2 and found)
    proc.kill()
    await proc.wait()
    await supervisor.wait_for(lambda: not emu.gateway.connected and not any(alive(p) for p in pids.values()))
    assert supervisor.log.read_text().count("tablero: shutting down") == 2  # each stopped in order
