"""Shards across processes (bot/shards.py, issue 25 item 3), on both engines: the shard count stored
once so every process agrees, the contiguous ranges of shards, and the identify gate that serialises
IDENTIFYs per `max_concurrency` bucket across processes (advisory locks on PostgreSQL, file locks
beside a SQLite file)."""

from __future__ import annotations

import asyncio
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from bot.shards import (
    SHARD_COUNT,
    AdvisoryLocks,
    FileLocks,
    IdentifyGate,
    agreed_shard_count,
    format_shard_ids,
    identify_gate,
    parse_shard_ids,
    shard_ranges,
    store_setting,
    stored_setting,
)
from tests.bot.engines import Database, engine  # noqa: F401 (engine: both engines)

pytestmark = pytest.mark.timeout(30)


def test_contiguous_ranges_one_per_process() -> None:
    assert shard_ranges(2, 2) == [[0], [1]]
    assert shard_ranges(5, 2) == [[0, 1, 2], [3, 4]]
    assert shard_ranges(8, 3) == [[0, 1, 2], [3, 4, 5], [6, 7]]
    assert shard_ranges(4, 1) == [[0, 1, 2, 3]]
    with pytest.raises(ValueError, match="one shard at least each"):
        shard_ranges(1, 2)
    assert [format_shard_ids(r) for r in shard_ranges(5, 2)] == ["0-2", "3-4"]
    assert format_shard_ids([3]) == "3" and format_shard_ids([0, 2]) == "0,2"
    assert parse_shard_ids("0-2") == [0, 1, 2] and parse_shard_ids("4, 0-1") == [0, 1, 4]
    for bad in ("", "2-1", "x", "-1"):
        with pytest.raises(ValueError):
            parse_shard_ids(bad)


def test_a_process_of_a_cluster_reads_its_shards_and_only_shard_zero_syncs() -> None:
    alone = Settings(_env_file=None)  # type: ignore[call-arg]
    assert alone.shards is None and alone.syncs_commands
    first = Settings(_env_file=None, TABLERO_SHARD_COUNT=4, TABLERO_SHARD_IDS="0-1")  # type: ignore[call-arg]
    second = Settings(_env_file=None, TABLERO_SHARD_COUNT=4, TABLERO_SHARD_IDS="2-3")  # type: ignore[call-arg]
    assert (first.shards, second.shards) == ([0, 1], [2, 3])
    assert first.syncs_commands and not second.syncs_commands
    everything = Settings(_env_file=None, TABLERO_SHARD_COUNT=3)  # type: ignore[call-arg]
    assert everything.shards == [0, 1, 2]
    beyond = Settings(_env_file=None, TABLERO_SHARD_COUNT=2, TABLERO_SHARD_IDS="1-2")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="names shard 2, but there are 2"):
        _ = beyond.shards
    with pytest.raises(ValueError):
        Settings(_env_file=None, TABLERO_SHARD_COUNT=2, TABLERO_SHARD_IDS="a")  # type: ignore[call-arg]


async def test_the_shard_count_is_fixed_once_and_overridden_only_on_purpose(database: Database) -> None:
    first, second = database.store(time.time), database.store(time.time)
    await first.open()
    await second.open()
    asked: list[int] = []

    def discord_says(count: int) -> Any:
        async def recommended() -> int:
            asked.append(count)
            return count

        return recommended

    try:
        assert await stored_setting(first, SHARD_COUNT) is None
        # the first start stores Discord's recommendation ...
        assert await agreed_shard_count(first, override=None, recommended=discord_says(3)) == 3
        # ... and every later start (another process, another store) agrees, whatever Discord says now
        assert await agreed_shard_count(second, override=None, recommended=discord_says(7)) == 3
        assert asked == [3]
        # two starting at once: the first to store wins, the other reads it
        assert await store_setting(second, "other", "a", replace=False) == "a"
        assert await store_setting(first, "other", "b", replace=False) == "a"
        # --shard-count replaces it, for everyone
        assert await agreed_shard_count(second, override=6, recommended=discord_says(1)) == 6
        assert await agreed_shard_count(first, override=None, recommended=discord_says(1)) == 6
        assert asked == [3]
    finally:
        await first.close()
        await second.close()


def _locks(database: Database) -> Any:
    """A new cross-process lock of the engine's kind (each like another process's: its own
    connection, its own open file)."""
    if database.engine == "postgresql":
        return AdvisoryLocks(database.target)
    return FileLocks(Path(database.target))


async def test_identify_gate_serialises_each_bucket_across_processes(database: Database) -> None:
    window = 0.3
    one, two = (
        IdentifyGate(_locks(database), window=window),
        IdentifyGate(_locks(database), window=window),
    )
    try:
        await one.hold(0)
        other_bucket = asyncio.create_task(two.hold(1))
        same_bucket = asyncio.create_task(two.hold(0))
        await asyncio.wait_for(other_bucket, 5)  # another bucket: at once
        await asyncio.wait_for(same_bucket, 5)  # the same bucket: once the window is over
        [(started, _)] = one.held
        granted = dict((bucket, at) for at, bucket in two.held)
        assert granted[0] - started >= window
        assert granted[1] < granted[0]
    finally:
        await one.close()
        await two.close()


async def test_two_shards_of_one_process_in_one_bucket_wait_for_each_other(database: Database) -> None:
    """Both locks are re-entrant for their holder; the gate's own lock keeps one process's shards apart."""
    gate = IdentifyGate(_locks(database), window=0.2)
    try:
        await gate.hold(0)
        await asyncio.wait_for(gate.hold(0), 5)
        first, second = (at for at, _ in gate.held)
        assert second - first >= 0.2
    finally:
        await gate.close()


async def test_a_closed_gate_gives_its_buckets_back(database: Database) -> None:
    """A process that stops (or dies: its connection or its file closes) frees its bucket at once."""
    one, two = (
        IdentifyGate(_locks(database), window=60),
        IdentifyGate(_locks(database), window=60),
    )
    try:
        await one.hold(0)
        waiting = asyncio.create_task(two.hold(0))
        done, _ = await asyncio.wait({waiting}, timeout=0.3)
        assert not done  # held for the (long) window
        await one.close()
        await asyncio.wait_for(waiting, 5)
    finally:
        await one.close()
        await two.close()


HOLD = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
sys.stdin.read()
"""


async def test_a_killed_process_frees_its_file_lock(tmp_path: Path) -> None:
    locks = FileLocks(tmp_path / "tablero.db")
    holder = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        HOLD,
        str(locks.path(0)),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    assert holder.stdout is not None
    assert await asyncio.wait_for(holder.stdout.readline(), 10) == b"held\n"
    gate = IdentifyGate(locks, window=0.1)
    try:
        waiting = asyncio.create_task(gate.hold(0))
        done, _ = await asyncio.wait({waiting}, timeout=0.3)
        assert not done  # the other process holds the bucket
        holder.send_signal(signal.SIGKILL)
        await holder.wait()
        await asyncio.wait_for(waiting, 5)
    finally:
        await gate.close()


def test_the_gate_follows_the_database_setting(tmp_path: Path) -> None:
    assert isinstance(identify_gate(str(tmp_path / "t.db")).shared, FileLocks)
    assert isinstance(identify_gate(f"sqlite:///{tmp_path}/t.db").shared, FileLocks)
    assert identify_gate(":memory:").shared is None
    pg = identify_gate("postgresql://u:p@h/db?schema=s", window=2).shared
    assert isinstance(pg, AdvisoryLocks) and pg.url == "postgresql://u:p@h/db"
    assert identify_gate(str(tmp_path / "t.db"), window=2).window == 2
