"""A long-lived emulator + real bot in a background event loop, for Hypothesis tests (which are sync).

`Arena` owns a thread running an event loop with the emulator and the bot started in it, a small
world (players, a spectator, an admin, a member of another server, a user in no server) and
tables in every state (lobby, active Duel/Canyon/Arkenstone, finished, another server's). Tests
call `arena.run(coro)` to act as users; `fingerprint()` is what a refusal must leave unchanged.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from bot.app import TableroBot
from playground.emulator import Clock, Emulator
from playground.emulator.discordpy import redirect
from tests.e2e.harness import run, settings_for, start_bot, status_message, stop_bot

T = TypeVar("T")


class ErrorLog(logging.Handler):
    """Collects every ERROR (or worse) log record of the process."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class Arena:
    db_path: Path
    loop: asyncio.AbstractEventLoop = field(default_factory=asyncio.new_event_loop)
    emu: Emulator | None = None
    bot: TableroBot | None = None
    users: dict[str, int] = field(default_factory=dict)
    tables: dict[str, int] = field(default_factory=dict)
    channels: dict[str, int] = field(default_factory=dict)
    errors: ErrorLog = field(default_factory=ErrorLog)

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 60) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def __enter__(self) -> Arena:
        threading.Thread(target=self.loop.run_forever, name="arena", daemon=True).start()
        self.run(self._open())
        logging.getLogger().addHandler(self.errors)
        return self

    def __exit__(self, *exc: object) -> None:
        logging.getLogger().removeHandler(self.errors)
        self.run(self._close())
        self.loop.call_soon_threadsafe(self.loop.stop)

    async def _open(self) -> None:
        # deadlines on a stopped clock, as in the emu fixture: a busy machine never makes an answer late
        self.emu = emu = await Emulator(deadline_clock=Clock.stopped()).start()
        self._redirect = redirect(emu)
        self._redirect.__enter__()
        self.bot, self._task = await start_bot(emu, settings_for(emu, self.db_path))
        seeds = iter(range(500, 10_000))
        self.bot.tables.seeder = lambda: next(seeds)
        guild = emu.create_guild("Game night")
        other = emu.create_guild("Elsewhere")
        self.channels = {"games": emu.create_channel(guild.id, "games"), "elsewhere": other.general}
        for name, locale in (("alice", "en-US"), ("bob", "es-ES"), ("carol", "en-GB"), ("dave", "es-419")):
            self.users[name] = emu.create_user(name, locale=locale).id
            emu.add_member(guild.id, self.users[name])
        self.users["admin"] = emu.create_user("mod").id
        emu.add_member(guild.id, self.users["admin"], admin=True)
        self.users["outsider"] = emu.create_user("outsider", locale="es-ES").id
        emu.add_member(other.id, self.users["outsider"])
        self.users["stranger"] = emu.create_user("stranger").id  # in no server the bot shares
        self.users["bot"] = emu.bot.id
        await emu.wait_for(lambda: self.bot.get_guild(guild.id) and self.bot.get_guild(other.id))
        await self._tables()

    async def _new(self, user: str, channel: str, *, join: str | None = None, **args: Any) -> int:
        """A table opened with /game new (and joined with the lobby's Join button by `join`)."""
        emu, bot = self.emu, self.bot
        assert emu is not None and bot is not None
        await run(await emu.slash(self.users[user], self.channels[channel], "game new", args))
        table = (await bot.store.list_tables())[0]
        if join is not None:
            lobby = await emu.wait_for(lambda: status_message(emu, table.thread_id, table.id))
            await run(await emu.click(self.users[join], lobby.id, f"tb:join:{table.id}"))
        return table.id

    async def _make(self, name: str) -> None:
        u = self.users
        if name == "duel":
            self.tables[name] = await self._new(
                "alice", "games", join="bob", game="duel", opponent=u["bob"], side="red"
            )
        elif name == "canyon":
            self.tables[name] = await self._new(
                "carol", "games", join="dave", game="canyon", opponent=u["dave"], side="marine"
            )
        elif name == "lobby":
            self.tables[name] = await self._new("alice", "games", game="duel", opponent=u["carol"])
        elif name == "finished":
            self.tables[name] = await self._new("bob", "games", game="duel", options="rounds=1")
            assert self.bot is not None
            await self.bot.tables.resign(self.tables[name], u["bob"])
        elif name == "elsewhere":
            self.tables[name] = await self._new("outsider", "elsewhere", game="duel")
        elif name == "arkenstone":
            try:
                self.tables[name] = await self._new("dave", "games", game="arkenstone")
            except Exception:  # the game may be missing from a checkout; the rest still runs
                pass

    async def _tables(self) -> None:
        for name in ("duel", "canyon", "lobby", "finished", "elsewhere", "arkenstone"):
            await self._make(name)
        assert self.bot is not None
        await self.bot.delivery.wait_idle()

    async def _heal(self) -> None:
        """Replace the tables a fuzzed command ended (resigned, abandoned, started) by fresh ones."""
        assert self.bot is not None
        wanted = {"duel": "active", "canyon": "active", "arkenstone": "active", "lobby": "lobby"}
        # issue 26: a fuzzed /pause, /away or /server channels would refuse every later move or table
        for table in await self.bot.store.list_tables(statuses=("active",)):
            if table.paused:
                await self.bot.tables.resume(table.id, 0, is_admin=True)
            for user in table.human_users():
                await self.bot.tables.come_back(user)
        async with self.bot.store.transaction() as tx:
            for guild in {t.guild_id for t in await self.bot.store.list_tables() if t.guild_id is not None}:
                await tx.set_server_settings(guild, {}, [])
        for name, status in wanted.items():
            if name in self.tables and (await self.bot.tables.get(self.tables[name])).status != status:
                await self._make(name)
        await self.bot.delivery.wait_idle()

    def heal(self) -> None:
        self.run(self._heal())

    async def _close(self) -> None:
        assert self.emu is not None and self.bot is not None
        await stop_bot(self.bot, self._task)
        self._redirect.__exit__(None, None, None)
        await self.emu.stop()

    def fingerprint(self) -> tuple[Any, ...]:
        """Everything a refused command must leave as it was (the players' locale cache aside)."""
        db = sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True)
        try:
            return (
                list(db.execute("SELECT * FROM tables ORDER BY id")),
                db.execute("SELECT COUNT(*), MAX(seq), SUM(seq) FROM events").fetchone(),
                db.execute("SELECT COUNT(*), MAX(id), SUM(generation) FROM deliveries").fetchone(),
                list(db.execute("SELECT * FROM deadlines ORDER BY id")),
                list(db.execute("SELECT guild_id, language FROM guild_settings ORDER BY guild_id")),
            )
        finally:
            db.close()
