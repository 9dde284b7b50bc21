"""The cluster's supervisor (bot/cluster.py, issue 25 item 3) without bot processes: what it refuses
before starting anything, how it restarts a process that dies (back-off), the exits that stop the
whole cluster, and a process that does not stop in time. The real cluster against the emulator is
tests/e2e/test_cluster_e2e.py."""

from __future__ import annotations

import asyncio
import io
import sys
from pathlib import Path
from typing import Any

import pytest

from bot import cluster
from bot.cluster import Cluster, start
from bot.config import Settings
from bot.shards import SHARD_COUNT, store_setting, stored_setting
from bot.store import SqliteStore
from playground.emulator import Emulator

pytestmark = pytest.mark.timeout(30)


def settings(tmp_path: Path, emu: Emulator | None = None) -> Settings:
    values: dict[str, Any] = {"TABLERO_DB": str(tmp_path / "t.db")}
    if emu is not None:
        values |= {"DISCORD_API_BASE": emu.api_base, "DISCORD_GATEWAY_URL": emu.gateway_url}
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


@pytest.fixture
async def emu() -> Any:
    emulator = Emulator()
    await emulator.start()
    yield emulator
    await emulator.stop()


async def run_start(tmp_path: Path, emu: Emulator, token: str, **kwargs: Any) -> tuple[int, str]:
    out = io.StringIO()
    stop = asyncio.Event()
    stop.set()  # whatever starts, stops at once
    code = await start(settings(tmp_path, emu), token, stop=stop, out=out, **kwargs)
    return code, out.getvalue()


async def test_it_refuses_what_cannot_work_before_starting_anything(tmp_path: Path, emu: Emulator) -> None:
    assert await run_start(tmp_path, emu, emu.token, processes=0, shard_count=None) == (
        2,
        "tablero cluster: --processes must be at least 1\n",
    )
    code, said = await run_start(tmp_path, emu, emu.token, processes=3, shard_count=2)
    assert code == 2 and "3 processes need at least 3 shards" in said
    code, said = await run_start(tmp_path, emu, "not-the-token", processes=1, shard_count=None)
    assert code == 2 and "Discord refused the token" in said
    # a shard count stored before (here 1) is kept: more processes than shards is refused, saying how
    store = SqliteStore(tmp_path / "t.db")
    await store.open()
    await store_setting(store, SHARD_COUNT, "1", replace=True)
    await store.close()
    code, said = await run_start(tmp_path, emu, emu.token, processes=2, shard_count=None)
    assert code == 2 and "stored shard count is 1, fewer than 2 processes; pass --shard-count 2" in said


async def test_the_first_start_stores_discords_count_at_least_one_per_process(
    tmp_path: Path, emu: Emulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the processes: `python -c pass`, which end at once (the cluster stops as soon as it starts)
    monkeypatch.setenv("TABLERO_CLUSTER_COMMAND", f"{sys.executable} -c pass")
    emu.shards = 1
    assert (await run_start(tmp_path, emu, emu.token, processes=2, shard_count=None))[0] == 0
    store = SqliteStore(tmp_path / "t.db")
    await store.open()
    try:
        assert await stored_setting(store, SHARD_COUNT) == "2"  # Discord said 1; two processes need 2
        emu.shards = 5
        assert (await run_start(tmp_path, emu, emu.token, processes=2, shard_count=None))[0] == 0
        assert await stored_setting(store, SHARD_COUNT) == "2"  # kept: every process must agree
        assert (await run_start(tmp_path, emu, emu.token, processes=2, shard_count=4))[0] == 0
        assert await stored_setting(store, SHARD_COUNT) == "4"  # --shard-count replaces it
    finally:
        await store.close()


async def test_no_discord_is_retried_then_given_up(tmp_path: Path) -> None:
    out = io.StringIO()
    base = settings(tmp_path).model_copy(update={"api_base": "http://127.0.0.1:9/api/v10"})
    code = await start(
        base, "token", processes=1, shard_count=None, out=out, attempts=1, stop=asyncio.Event()
    )
    assert code == 1 and "cannot reach Discord" in out.getvalue()


def python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


async def test_a_process_that_dies_is_restarted_with_back_off(tmp_path: Path) -> None:
    die = python("raise SystemExit(1)")
    group = Cluster(settings(tmp_path), [[0], [1]], shard_count=2, max_concurrency=1, command=die)
    stop = asyncio.Event()
    running = asyncio.create_task(group.run(stop))
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20
    while not all(len(p.exits) >= 2 for p in group.processes):  # started, died, restarted, died
        assert loop.time() < deadline, [p.exits for p in group.processes]
        await asyncio.wait({running}, timeout=0.05)
    stop.set()
    assert await asyncio.wait_for(running, 10) == 0  # the processes ended as asked (or had died)
    for process in group.processes:
        assert process.exits[:2] == [1, 1] and process.starts >= 2
        assert process.backoff.failures >= 2  # the delays grew: 0.5-1 s, then 1-2 s


@pytest.mark.parametrize("code", [2, 3])
async def test_an_exit_that_a_restart_would_repeat_stops_the_cluster(tmp_path: Path, code: int) -> None:
    lasting = python("import time; time.sleep(60)")
    group = Cluster(settings(tmp_path), [[0], [1]], shard_count=2, max_concurrency=1, command=lasting)
    group.command = lasting
    first, second = group.processes

    async def spawn(process: Any) -> None:  # process 1 fails for good; process 0 runs on
        command = lasting if process is first else python(f"raise SystemExit({code})")
        process.proc = await asyncio.create_subprocess_exec(*command)
        process.starts += 1
        process.started_at = 0.0

    group._spawn = spawn  # type: ignore[method-assign]
    assert await asyncio.wait_for(group.run(asyncio.Event()), 20) == code
    assert (first.starts, second.starts) == (1, 1)  # never restarted
    assert first.proc is not None and first.proc.returncode == -15  # the other one got SIGTERM


async def test_a_process_that_ignores_sigterm_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster, "STOP_S", 0.5)
    up = tmp_path / "up"
    stubborn = python(
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN);"
        f" open({str(up)!r}, 'w').close(); time.sleep(60)"
    )
    group = Cluster(settings(tmp_path), [[0]], shard_count=1, max_concurrency=1, command=stubborn)
    stop = asyncio.Event()
    running = asyncio.create_task(group.run(stop))
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while not up.exists():  # SIGTERM is ignored from now on
        assert loop.time() < deadline
        await asyncio.wait({running}, timeout=0.05)
    stop.set()
    assert await asyncio.wait_for(running, 10) == 1  # not a clean stop
    assert group.processes[0].proc is not None and group.processes[0].proc.returncode == -9


async def test_a_command_that_cannot_run_stops_the_cluster(tmp_path: Path) -> None:
    missing = [str(tmp_path / "no-such-python"), "-m", "bot"]
    group = Cluster(settings(tmp_path), [[0], [1]], shard_count=2, max_concurrency=1, command=missing)
    assert await asyncio.wait_for(group.run(asyncio.Event()), 10) == 1
    assert [p.starts for p in group.processes] == [0, 0]


def test_each_process_of_a_cluster_has_its_own_name_on_its_leases(tmp_path: Path) -> None:
    """bot/leases.py: processes on one machine sharing a lease owner would take each other's claims
    for their own; the supervisor names each process apart, the same name across its restarts."""
    group = Cluster(
        settings(tmp_path), [[0], [1], [2]], shard_count=3, max_concurrency=1, env={"TABLERO_OWNER": "box"}
    )
    names = [group.environment(p)["TABLERO_OWNER"] for p in group.processes]
    assert names == ["box:proc-0", "box:proc-1", "box:proc-2"]
    assert [group.environment(p)["TABLERO_OWNER"] for p in group.processes] == names
