"""Start the local Discord, the real bot against it (the production code path) and the web page."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.app import TableroBot
from bot.cli import serve
from bot.config import Settings
from bot.store import DatabaseRefused

from .emulator import Clock, Emulator
from .web import Page
from .world import World

log = logging.getLogger("playground")
SAVE_DELAY_S = 1.0  # coalesce world saves: at most one per second while things happen


class Playground:
    """The emulator (on a private port), the bot (`bot.cli.serve`) and the page (on `port`)."""

    def __init__(
        self,
        db: Path,
        *,
        host: str = "127.0.0.1",
        port: int = 8765,
        history: bool = False,
        settings: dict[str, Any] | None = None,
        on_bot: Callable[[TableroBot], None] | None = None,
        deadline_clock: Clock | None = None,
        cluster: int = 0,
    ) -> None:
        self.db = Path(db)
        self.host, self.port = host, port
        # deadline_clock: the interactions' 3 s / 15 min clock (wall time, like Discord, unless a test
        # injects a stopped one: see playground/emulator/README.md)
        self.emu = Emulator(history=history, deadline_clock=deadline_clock)
        self.world: World | None = None
        self.page: Page | None = None
        self.bot: TableroBot | None = None
        self._extra = settings or {}
        self._on_bot = on_bot
        self._bot_task: asyncio.Task[int] | None = None
        self._save_task: asyncio.Task[None] | None = None
        self._dirty = asyncio.Event()
        self._stop_bot = asyncio.Event()
        # cluster > 0: the bot runs as `tablero cluster --processes N --shard-count N`, N processes
        # of one shard each (issue 25 item 6), instead of in this process; the page reads the
        # tables (the step-through replay) through a table service of its own on the same file.
        self.cluster = cluster
        self.cluster_proc: asyncio.subprocess.Process | None = None
        self._reader: Any = None

    @property
    def url(self) -> str:
        """The page's address."""
        assert self.page is not None
        return self.page.url

    async def start(self) -> Playground:
        """Everything up; returns once the bot is connected and its commands are registered."""
        await self.emu.start()
        self.db.parent.mkdir(parents=True, exist_ok=True)
        self.world = await asyncio.to_thread(World.open, self.emu, self.db)
        self.settings = Settings(
            _env_file=None,  # the playground never reads a .env (and never a real token)
            **{
                "DISCORD_TOKEN": self.emu.token,
                "TABLERO_DB": str(self.db),
                "DISCORD_API_BASE": self.emu.api_base,
                "DISCORD_GATEWAY_URL": self.emu.gateway_url,
                "TABLERO_GUILD_READY_TIMEOUT": 0.05,
                **self._extra,
            },
        )  # type: ignore[call-arg]
        if self.cluster:
            self._bot_task = asyncio.create_task(self._run_cluster(), name="playground-cluster")
        else:
            # bot.cli.serve, as `tablero run` does, with the stop event ours (the page's Ctrl-C owns
            # the signals; no watchdog may end this process)
            self._bot_task = asyncio.create_task(
                serve(self.settings, self.emu.token, stop=self._stop_bot, started=self._started),
                name="playground-bot",
            )
        ready = asyncio.create_task(self.emu.wait_for(self._bot_ready, timeout=60))
        done, _ = await asyncio.wait({ready, self._bot_task}, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            failure = self._bot_task.exception()
            if isinstance(failure, DatabaseRefused):  # what is wrong with the file, and what to do
                raise RuntimeError("\n".join(failure.lines())) from failure
            if failure is not None:
                raise RuntimeError(f"the bot stopped before it was ready: {failure!r}") from failure
            raise RuntimeError(f"the bot stopped before it was ready (exit {self._bot_task.result()})")
        ready.result()
        if self.cluster:  # the page's own reader, once the cluster has migrated the database
            # the store and the table service load only for a playground running a cluster
            from bot.stores import make_store
            from bot.tables import TableService

            store = make_store(self.settings.db)
            await store.open()
            self._reader = TableService(store)
        self.emu.listeners.append(self._changed)
        self._save_task = asyncio.create_task(self._saver(), name="playground-save")
        self.page = Page(
            self.emu,
            self.world,
            host=self.host,
            port=self.port,
            on_change=self.mark_changed,
            tables=self._tables,
        )
        await self.page.start()
        return self

    def _tables(self) -> Any:
        """The table service the page reads: the bot's, or (a cluster) the page's own."""
        return self.bot.tables if self.bot is not None else self._reader

    async def _run_cluster(self) -> int:
        """`tablero cluster` as a child process against the emulator, until `stop`; its exit code."""
        env = os.environ | {
            "DISCORD_TOKEN": self.emu.token,
            "TABLERO_DB": str(self.db),
            "DISCORD_API_BASE": self.emu.api_base,
            "DISCORD_GATEWAY_URL": self.emu.gateway_url,
            "TABLERO_GUILD_READY_TIMEOUT": "0.05",
            # the emulator does not limit IDENTIFYs unless told to: no need for Discord's 5 s
            "TABLERO_IDENTIFY_WINDOW": "0.2",
            **{k: str(v) for k, v in self._extra.items()},
        }
        count = str(self.cluster)
        self.cluster_proc = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "launcher", "cluster", "--processes", count, "--shard-count", count),
            env=env,
        )
        waiter = asyncio.create_task(self.cluster_proc.wait())
        stopped = asyncio.create_task(self._stop_bot.wait())
        try:
            await asyncio.wait({waiter, stopped}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopped.cancel()
            if self.cluster_proc.returncode is None:
                self.cluster_proc.send_signal(signal.SIGTERM)  # the cluster stops its processes
            code = await waiter
        return code

    def _started(self, bot: TableroBot) -> None:
        self.bot = bot
        if self._on_bot is not None:
            self._on_bot(bot)

    def _bot_ready(self) -> bool:
        """Connected (READY processed) and the slash commands registered (a cluster: every process
        connected)."""
        if self.cluster:
            commands = self.emu.store.global_commands or self.emu.store.guild_commands
            return len(self.emu.gateway.connected) == self.cluster and bool(commands)
        return bool(self.bot is not None and self.bot.is_ready() and self.emu.store.global_commands) or bool(
            self.bot is not None and self.bot.is_ready() and self.emu.store.guild_commands
        )

    async def stop(self) -> None:
        """Page first (no new clicks), then the bot (it finishes what it is doing), then save, then Discord."""
        if self.page is not None:
            await self.page.stop()
        self._stop_bot.set()  # the bot closes (bounded, bot/lifecycle.py) and serve returns
        if self._bot_task is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self._bot_task, 15)
        if self._reader is not None:
            await self._reader.store.close()
        if self._save_task is not None:
            self._save_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._save_task
        if self.world is not None:
            await self._save()
        await self.emu.stop()

    async def __aenter__(self) -> Playground:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # ---- persistence -------------------------------------------------------------------------
    def _changed(self, kind: str, record: Any) -> None:
        self._dirty.set()

    def mark_changed(self) -> None:
        """Something outside the message flow changed (a user added, a language chosen)."""
        self._dirty.set()

    async def _saver(self) -> None:
        while True:
            await self._dirty.wait()
            await asyncio.sleep(SAVE_DELAY_S)  # coalescing window, not a wait for anything
            self._dirty.clear()
            try:
                await self._save()
            except Exception:
                log.exception("could not save the playground's Discord state")

    async def _save(self) -> None:
        assert self.world is not None
        blob, files = self.world.snapshot()
        await asyncio.to_thread(self.world.write, self.db, blob, files)
