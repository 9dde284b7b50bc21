"""Helpers shared by the reliability suites: the opt-in slow flag, a bot subprocess, read-only SQL."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import sys
from pathlib import Path
from typing import Any

from playground.emulator import Emulator, InteractionRecord

ROOT = Path(__file__).resolve().parents[2]
SLOW = os.environ.get("TABLERO_SLOW", "") not in ("", "0")


def scale(default: int, slow: int) -> int:
    """How much of something to do: `slow` with TABLERO_SLOW=1, else `default`."""
    return slow if SLOW else default


def rows(db_path: Path, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """A read-only query on a separate connection (WAL lets us read while the bot writes)."""
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        return list(db.execute(sql, params))
    finally:
        db.close()


class Zygote:
    """tests/reliability/zygote.py as a subprocess: forks bot processes on request, reports their exits."""

    def __init__(self) -> None:
        self.proc: asyncio.subprocess.Process | None = None
        self.exits: dict[int, int] = {}
        self._pids: asyncio.Queue[int] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None
        self.changed = asyncio.Event()

    async def spawn(self, env: dict[str, str], log: Path) -> int:
        if self.proc is None:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.reliability.zygote",
                cwd=ROOT,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
            )
            self._reader = asyncio.create_task(self._read(), name="zygote-reader")
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps({"env": env, "log": str(log)}) + "\n").encode())
        await self.proc.stdin.drain()
        return await asyncio.wait_for(self._pids.get(), 30)

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        async for line in self.proc.stdout:
            message = json.loads(line)
            if "pid" in message:
                self._pids.put_nowait(message["pid"])
            else:
                self.exits[message["exit"]] = message["status"]

    async def close(self) -> None:
        if self.proc is not None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
            if self._reader is not None:
                self._reader.cancel()
            self.proc = None


class BotProcess:
    """The real bot (tests/e2e/botproc.py) as its own process against the emulator, restartable.

    Processes are forked from a zygote that imported the bot once (restarts in ~0.3 s instead of
    ~1 s); each is a separate OS process, killed with a real SIGKILL.
    """

    def __init__(self, emu: Emulator, db_path: Path, log: Path, **env: str) -> None:
        self.emu, self.db_path, self.log, self.env = emu, db_path, log, env
        self.zygote = Zygote()
        self.pid: int | None = None
        self.starts = 0

    @property
    def alive(self) -> bool:
        return self.pid is not None and self.pid not in self.zygote.exits

    @property
    def returncode(self) -> int | None:
        return None if self.pid is None else self.zygote.exits.get(self.pid)

    async def start(self, *, kill_at: str | None = None, seed: int = 1) -> None:
        """Spawn the bot (optionally armed with a crash point) and wait until it is connected."""
        assert not self.alive, "one bot process at a time"
        env = dict(os.environ) | {
            "DISCORD_TOKEN": self.emu.token,
            "TABLERO_DB": str(self.db_path),
            "DISCORD_API_BASE": self.emu.api_base,
            "DISCORD_GATEWAY_URL": self.emu.gateway_url,
            "TABLERO_GUILD_READY_TIMEOUT": "0.05",
            "TABLERO_TEST_GAMES": "1",
            "TABLERO_TEST_SEED": str(seed),
            "LOG_LEVEL": "INFO",
            **self.env,
        }
        env.pop("TABLERO_TEST_KILL_AT", None)
        if kill_at:
            env["TABLERO_TEST_KILL_AT"] = kill_at
        with self.log.open("ab") as out:
            out.write(f"--- start {self.starts} kill_at={kill_at}\n".encode())
        sessions = len(self.emu.gateway.sessions)
        self.pid = await self.zygote.spawn(env, self.log)
        self.starts += 1
        try:
            await self.emu.wait_for(
                lambda: (
                    not self.alive
                    or (len(self.emu.gateway.sessions) > sessions and self.emu.gateway.connected)
                ),
                timeout=30,
            )
        except TimeoutError:
            await self.kill()
            raise AssertionError(self.log.read_text()[-4000:]) from None

    async def _signal(self, signum: int, timeout: float) -> bool:
        if self.alive:
            assert self.pid is not None
            try:
                os.kill(self.pid, signum)
            except ProcessLookupError:
                pass
        try:
            await self.emu.wait_for(lambda: not self.alive, timeout=timeout)
        except TimeoutError:
            return False
        return True

    async def kill(self) -> None:
        """SIGKILL (no clean-up of any kind), and wait until it is gone."""
        assert await self._signal(signal.SIGKILL, 10), "a SIGKILLed process did not end"

    async def stop(self) -> None:
        """SIGTERM (orderly shutdown), then SIGKILL if it hangs."""
        if not await self._signal(signal.SIGTERM, 10):
            await self.kill()

    async def close(self) -> None:
        """Stop the bot and the zygote."""
        await self.stop()
        await self.zygote.close()

    async def finished(self, it: InteractionRecord, timeout: float = 15) -> bool:
        """Wait until the interaction produced its final message (True) or the bot died (False)."""
        await self.emu.wait_for(lambda: it.done or not self.alive, timeout=timeout)
        return it.done


async def challenge(
    emu: Emulator,
    bot: Any,
    creator: int,
    opponent: int,
    channel: int,
    *,
    game: str = "duel",
    side: str | None = None,
    **options: Any,
) -> tuple[int, int]:
    """`creator` opens a table against `opponent`, who joins with the lobby's Join button; (table, thread)."""
    from tests.e2e.harness import run, status_message

    args: dict[str, Any] = {"game": game, "opponent": opponent} | ({"side": side} if side else {})
    if options:
        args["options"] = " ".join(f"{k}={v}" for k, v in options.items())
    known = {t.id for t in await bot.store.list_tables()}
    [reply] = await run(await emu.slash(creator, channel, "game new", args))
    [record] = [t for t in await bot.store.list_tables() if t.id not in known] or [None]
    assert record is not None, reply.content
    lobby = await emu.wait_for(lambda: status_message(emu, record.thread_id, record.id))
    await run(await emu.click(opponent, lobby.id, f"tb:join:{record.id}"))
    await bot.delivery.wait_idle()
    return record.id, record.thread_id


def says(message: Any, key: str, **params: Any) -> bool:
    """Whether a message carries the catalog text `key` (English or Spanish); placeholders not given
    in `params` match anything."""
    import re

    from renderers.i18n import catalog

    for lang in ("en", "es"):
        template = catalog(lang).get(key)
        if template is None:
            continue
        pieces = re.split(r"(\{\w+\})", template)
        pattern = "".join(
            (re.escape(str(params[p[1:-1]])) if p[1:-1] in params else ".*?")
            if p.startswith("{") and p.endswith("}")
            else re.escape(p)
            for p in pieces
        )
        if re.search(pattern, message.content, re.S):
            return True
    return False


BROKE = "core.something_broke"
