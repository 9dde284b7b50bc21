"""`tablero cluster` as a process against the emulator, for the cluster tests (tests/e2e and
tests/reliability): start it, find its bot processes, stop it."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
from pathlib import Path
from typing import Any

from playground.emulator import Emulator

ROOT = Path(__file__).resolve().parents[2]
WINDOW = 0.5  # the identify window, shortened for the emulator (Discord's is 5 s)


def children(pid: int) -> dict[str, int]:
    """The supervisor's live child processes: their TABLERO_SHARD_IDS -> pid (Linux /proc)."""
    found: dict[str, int] = {}
    try:
        listed = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except FileNotFoundError:
        return found
    for child in map(int, listed):
        try:
            environ = Path(f"/proc/{child}/environ").read_bytes().split(b"\0")
        except (FileNotFoundError, ProcessLookupError):
            continue
        for entry in environ:
            if entry.startswith(b"TABLERO_SHARD_IDS="):
                found[entry.split(b"=", 1)[1].decode()] = child
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):  # (gone, or reaped while its file was read)
        return False
    return state != "Z"


class Supervisor:
    """`python -m launcher cluster ...` as a process, its output in a log file."""

    @classmethod
    def with_test_games(cls, emu: Emulator, tmp_path: Path, db: Path | str) -> Supervisor:
        """A cluster whose processes are tests/e2e/botproc.py (the test games registered, dice
        seeded 6) on the database `db` (a SQLite file or a PostgreSQL URL)."""
        cluster = cls(
            emu,
            tmp_path,
            TABLERO_CLUSTER_COMMAND=f"{sys.executable} -m tests.e2e.botproc",
            TABLERO_TEST_GAMES="1",
            TABLERO_TEST_SEED="6",
        )
        cluster.db = db
        return cluster

    def __init__(self, emu: Emulator, tmp_path: Path, **env: str) -> None:
        self.emu = emu
        self.extra = env
        self.db: Path | str = tmp_path / "tablero.db"  # or a PostgreSQL URL
        self.log = tmp_path / "cluster.log"
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self, *args: str) -> asyncio.subprocess.Process:
        env = os.environ | {
            "DISCORD_TOKEN": self.emu.token,
            "TABLERO_DB": str(self.db),
            "DISCORD_API_BASE": self.emu.api_base,
            "DISCORD_GATEWAY_URL": self.emu.gateway_url,
            "TABLERO_GUILD_READY_TIMEOUT": "0.05",
            "TABLERO_IDENTIFY_WINDOW": str(WINDOW),
            "TABLERO_WORKERS": "0",
            "LOG_LEVEL": "INFO",
            **self.extra,
        }
        out = self.log.open("ab")
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "launcher", "cluster", *args, cwd=ROOT, env=env, stdout=out, stderr=out
        )
        return self.proc

    async def wait_for(self, condition: Any, timeout: float = 30) -> Any:
        try:
            return await self.emu.wait_for(condition, timeout)
        except TimeoutError:
            raise AssertionError(f"timed out; the cluster's log:\n{self.log.read_text()}") from None

    async def stop(self) -> int:
        assert self.proc is not None
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return await asyncio.wait_for(self.proc.wait(), 20)
        except TimeoutError:
            self.proc.kill()
            raise AssertionError(f"the supervisor did not stop; its log:\n{self.log.read_text()}") from None


async def rows(db: str, sql: str) -> list[tuple[Any, ...]]:
    """A read of a SQLite file (read-only) or a PostgreSQL URL (`?schema=`) on a connection of its
    own, beside the bot processes (the cluster tests; bench/engine_ack.py)."""
    if not db.startswith("postgresql"):
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            return list(conn.execute(sql))
    import asyncpg

    from bot.store_pg import split_schema

    url, schema = split_schema(db)
    conn = await asyncpg.connect(url, server_settings={"search_path": schema or "public"})
    try:
        return [tuple(r) for r in await conn.fetch(sql)]
    finally:
        await conn.close()


def connected_shards(emu: Emulator) -> list[tuple[int, int]]:
    return sorted(s.shard for s in emu.gateway.connected)
