"""SQLite's table holds across processes (bot/holds.py), with a real second process: a table held
there makes ours wait (and give up as `locked` past the wait), other tables never wait, and a
process killed with SIGKILL lets its tables go at once."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.holds import TableHolds
from bot.records import StorageUnavailable

HOLDER = """
import asyncio, sys
from bot.holds import TableHolds

async def main():
    holds = TableHolds(sys.argv[1])
    holds.open()
    async with holds.hold(7):
        print("held", flush=True)
        await asyncio.sleep(3600)

asyncio.run(main())
"""

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="no fcntl: one process per database")


async def test_a_table_held_by_a_killed_process_is_free_at_once(tmp_path: Path) -> None:
    database = str(tmp_path / "tablero.db")
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, database],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    holds = TableHolds(database, wait_s=0.05)
    holds.open()
    try:
        assert child.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(child.stdout.readline), 30)
        assert line.strip() == "held"
        with pytest.raises(StorageUnavailable) as refused:  # table 7 is the other process's
            async with holds.hold(7):
                pass
        assert refused.value.fault == "locked"
        async with holds.hold(8):  # another table never waits
            pass
        os.kill(child.pid, signal.SIGKILL)
        await asyncio.to_thread(child.wait, 30)
        async with holds.hold(7):  # the kernel let it go with the process
            pass
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        holds.close()


async def test_tasks_of_one_process_share_its_hold_and_let_it_go_with_the_last(tmp_path: Path) -> None:
    database = str(tmp_path / "tablero.db")
    ours, theirs = TableHolds(database), TableHolds(database, wait_s=0.05)
    ours.open()
    theirs.open()
    try:
        async with ours.hold(3):
            async with ours.hold(3):  # a second task (or a nested hold) of this process rides on it
                pass
            with pytest.raises(StorageUnavailable):  # still held: the first user has not left
                async with theirs.hold(3):
                    pass
        async with theirs.hold(3):  # the last user left: free
            pass
    finally:
        ours.close()
        theirs.close()


async def test_any_integer_id_is_held_without_error(tmp_path: Path) -> None:
    """A custom id may name any integer (a hostile or stale click): its hold is taken and let go
    like any table's, never an error before the table is even read (the fuzz test's finding)."""
    holds = TableHolds(str(tmp_path / "tablero.db"))
    holds.open()
    try:
        for table_id in (2**64, 10**25, -3, 2**63 - 1):
            async with holds.hold(table_id):
                pass
    finally:
        holds.close()
