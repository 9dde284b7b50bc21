"""Shards across processes (issue 25 item 3): the shard count every process agrees on, the ranges of
shards each process runs, Discord's `GET /gateway/bot`, and the identify gate.

**The shard count** is fixed once and kept in the database (`cluster_settings`, migration 10, both
engines), so every process of a cluster (and every restart) uses the same one: the first
`tablero cluster` stores Discord's recommendation (`GET /gateway/bot` `shards`), and `--shard-count N`
overrides it and is stored. Discord routes a guild to `(guild_id >> 22) % N`: two processes with two
different counts would both miss some guilds' events and get others twice.

**The identify gate.** Discord allows `max_concurrency` IDENTIFYs per 5 s, one per bucket
(`shard_id % max_concurrency`); going over it invalidates the session, and 1,000 a day resets the
token. discord.py waits 5 s between the shards of one process only, so the processes of a cluster
take a lock per bucket in `before_identify_hook` (bot/app.py) and hold it for the 5 s window after
the IDENTIFY: a restart of every process never trips the limit.
- PostgreSQL: the advisory lock `(IDENTIFY_LOCK, bucket)` (`pg_try_advisory_lock`, tried every 50 ms)
  on a connection of its own: a session-level lock, released by `pg_advisory_unlock` after the
  window, or by the server if the process dies (its connection closes). Any machine that reaches the database takes part.
- SQLite (the processes are on the database's machine): an exclusive `flock` on a file beside the
  database, `<db>.identify-<bucket>.lock`, released after the window, or by the kernel if the process
  dies. `flock` on a network file system is not reliable; SQLite itself says the same of WAL there.
Within one process an asyncio lock per bucket comes first: both kinds of lock are re-entrant for
their holder (the same connection, the same open file), so two shards of one process in one bucket
would otherwise both pass at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import asyncpg

    from .store import SqliteStore
    from .store_pg import PostgresStore

    AnyStore = SqliteStore | PostgresStore

log = logging.getLogger(__name__)

REFUSED = "Discord refused the token: check DISCORD_TOKEN"
# No network: wait 1, 2, 4 ... seconds between attempts, never more than this (`run` and `cluster`).
MAX_BACKOFF_S = 300.0
SHARD_COUNT = "shard_count"
IDENTIFY_WINDOW_S = 5.0
IDENTIFY_LOCK = 0x7AB1  # the advisory lock class (pg_advisory_lock(int, int)): Tablero's identify gate
DISCORD_API = "https://discord.com/api/v10"
POLL_S = 0.05  # how often a file lock is tried again while another process holds it


# --- the stored settings ------------------------------------------------------------------------


async def stored_setting(store: AnyStore, name: str) -> str | None:
    """A cluster setting (None: never stored)."""
    # each engine's driver (aiosqlite, asyncpg) loads only when a store of it is made or read
    from .store import SqliteStore

    if isinstance(store, SqliteStore):
        rows = await store._all("SELECT value FROM cluster_settings WHERE name = ?", (name,))
    else:
        rows = await store._all("SELECT value FROM cluster_settings WHERE name = $1", (name,))
    return str(rows[0][0]) if rows else None


async def store_setting(
    store: AnyStore, name: str, value: str, *, replace: bool, now: float | None = None
) -> str:
    """Store a cluster setting and return what is stored now: `value`, or with `replace=False` the
    value stored before it, if any (the first process to store one wins; the others read it)."""
    # each engine's driver (aiosqlite, asyncpg) loads only when a store of it is made or read
    from .store import SqliteStore, storage_faults
    from .store_pg import pg_faults

    at = time.time() if now is None else now
    conflict = (
        "DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at" if replace else "DO NOTHING"
    )
    if isinstance(store, SqliteStore):
        sql = f"INSERT INTO cluster_settings (name, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(name) {conflict}"
        with storage_faults(store.path):
            async with store._lock:
                await store.db.execute("BEGIN IMMEDIATE")
                try:
                    await store.db.execute(sql, (name, value, at))
                except BaseException:
                    await store.db.execute("ROLLBACK")
                    raise
                await store.db.execute("COMMIT")
    else:
        sql = (
            "INSERT INTO cluster_settings (name, value, updated_at) VALUES ($1, $2, $3)"
            f" ON CONFLICT (name) {conflict}"
        )
        with pg_faults(store.path):
            await store.pool.execute(sql, name, value, at)
    stored = await stored_setting(store, name)
    assert stored is not None
    return stored


async def agreed_shard_count(store: AnyStore, *, override: int | None, recommended: Callable[[], Any]) -> int:
    """The cluster's shard count: `override` (stored, replacing any other), else the stored one,
    else Discord's recommendation (awaited from `recommended()` only then), stored."""
    if override is not None:
        return int(await store_setting(store, SHARD_COUNT, str(override), replace=True))
    known = await stored_setting(store, SHARD_COUNT)
    if known is not None:
        return int(known)
    return int(await store_setting(store, SHARD_COUNT, str(int(await recommended())), replace=False))


# --- which shards each process runs -------------------------------------------------------------


def shard_ranges(shard_count: int, processes: int) -> list[list[int]]:
    """Contiguous ranges of shard ids, one per process, the first ones one longer when the count does
    not divide: 5 shards over 2 processes are [0, 1, 2] and [3, 4]."""
    if processes < 1 or shard_count < processes:
        raise ValueError(
            f"{processes} process(es) cannot share {shard_count} shard(s): one shard at least each"
        )
    size, extra = divmod(shard_count, processes)
    ranges, start = [], 0
    for index in range(processes):
        end = start + size + (1 if index < extra else 0)
        ranges.append(list(range(start, end)))
        start = end
    return ranges


def format_shard_ids(ids: list[int]) -> str:
    """`0-3` for a contiguous range, else `0,2,5`."""
    if ids and ids == list(range(ids[0], ids[-1] + 1)) and len(ids) > 1:
        return f"{ids[0]}-{ids[-1]}"
    return ",".join(str(i) for i in ids)


def parse_shard_ids(text: str) -> list[int]:
    """`0-3`, `0,2,5` or a mix (`0-1,4`): the shard ids, sorted (ValueError if malformed)."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        low, dash, high = part.partition("-")
        first, last = int(low), int(high) if dash else int(low)
        if first < 0 or last < first:
            raise ValueError(f"bad shard range {part!r}")
        ids.update(range(first, last + 1))
    if not ids:
        raise ValueError("no shard ids")
    return sorted(ids)


# --- Discord's GET /gateway/bot -------------------------------------------------------------------


@dataclass(frozen=True)
class GatewayInfo:
    """What `GET /gateway/bot` says: the recommended shard count and the identify concurrency."""

    shards: int
    max_concurrency: int


class TokenRefused(Exception):
    """Discord answered 401: the token is wrong."""


async def fetch_gateway(token: str, api_base: str | None = None) -> GatewayInfo:
    """`GET /gateway/bot` with the bot token (TokenRefused on 401; aiohttp errors as they come)."""
    # aiohttp loads only for the cluster's supervisor (a bot process has it through discord.py)
    import aiohttp

    url = (api_base or DISCORD_API).rstrip("/") + "/gateway/bot"
    headers = {"Authorization": f"Bot {token}", "User-Agent": "DiscordBot (Tablero cluster, 1)"}
    async with aiohttp.ClientSession() as session, session.get(url, headers=headers) as response:
        if response.status == 401:
            raise TokenRefused()
        response.raise_for_status()
        data = await response.json()
    limit = data.get("session_start_limit") or {}
    return GatewayInfo(shards=int(data["shards"]), max_concurrency=int(limit.get("max_concurrency") or 1))


# --- the identify gate ----------------------------------------------------------------------------


class CrossProcessLock(Protocol):
    """A lock per bucket that other processes respect (acquire waits; release gives it back)."""

    async def acquire(self, bucket: int) -> None: ...
    async def release(self, bucket: int) -> None: ...
    async def close(self) -> None: ...


class IdentifyGate:
    """`hold(bucket)` returns once this process may IDENTIFY a shard of that bucket; the bucket then
    stays taken (in this process and, through `shared`, in every other) for `window` seconds."""

    def __init__(self, shared: CrossProcessLock | None, *, window: float = IDENTIFY_WINDOW_S) -> None:
        self.shared = shared
        self.window = window
        self._local: dict[int, asyncio.Lock] = {}
        self._releases: set[asyncio.Task[None]] = set()
        self.held: list[tuple[float, int]] = []
        """(monotonic time, bucket) of each hold granted, for the log and the tests."""

    async def hold(self, bucket: int) -> None:
        local = self._local.setdefault(bucket, asyncio.Lock())
        await local.acquire()
        try:
            if self.shared is not None:
                await self.shared.acquire(bucket)
        except BaseException:
            local.release()
            raise
        self.held.append((time.monotonic(), bucket))
        task = asyncio.create_task(self._release_later(bucket, local), name=f"tablero-identify-{bucket}")
        self._releases.add(task)
        task.add_done_callback(self._releases.discard)

    async def _release_later(self, bucket: int, local: asyncio.Lock) -> None:
        try:
            await asyncio.sleep(self.window)  # the identify window itself: Discord counts 5 s
        finally:
            try:
                if self.shared is not None:
                    await asyncio.shield(self.shared.release(bucket))
            finally:
                local.release()

    async def close(self) -> None:
        """Give every bucket back now (the process is stopping) and close the shared lock."""
        for task in list(self._releases):
            task.cancel()
        await asyncio.gather(*self._releases, return_exceptions=True)
        if self.shared is not None:
            await self.shared.close()


class FileLocks:
    """SQLite's gate: an exclusive `flock` on `<db>.identify-<bucket>.lock` (same machine only)."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self._files: dict[int, int] = {}

    def path(self, bucket: int) -> Path:
        return self.database.with_name(f"{self.database.name}.identify-{bucket}.lock")

    async def acquire(self, bucket: int) -> None:
        fd = os.open(self.path(bucket), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    await asyncio.sleep(POLL_S)  # another process holds the bucket's window
        except BaseException:
            os.close(fd)
            raise
        self._files[bucket] = fd

    async def release(self, bucket: int) -> None:
        fd = self._files.pop(bucket, None)
        if fd is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    async def close(self) -> None:
        for bucket in list(self._files):
            await self.release(bucket)


class AdvisoryLocks:
    """PostgreSQL's gate: the advisory lock `(IDENTIFY_LOCK, bucket)` on one connection of its own."""

    def __init__(self, url: str) -> None:
        # asyncpg (under store_pg) loads only when the database is PostgreSQL
        from .store_pg import split_schema

        self.url = split_schema(url)[0]
        self._conn: asyncpg.Connection | None = None
        self._use = asyncio.Lock()  # one query at a time on the connection

    async def _connection(self) -> asyncpg.Connection:
        # asyncpg loads only when the database is PostgreSQL
        import asyncpg

        if self._conn is None or self._conn.is_closed():
            self._conn = await asyncpg.connect(self.url)
        return self._conn

    async def acquire(self, bucket: int) -> None:
        # pg_try_advisory_lock, tried again while another process holds the bucket: a blocking
        # pg_advisory_lock would keep the connection busy, and this process's own release of
        # another bucket would wait behind it (two processes could then wait on each other).
        while True:
            async with self._use:
                conn = await self._connection()
                if await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", IDENTIFY_LOCK, bucket):
                    return
            await asyncio.sleep(POLL_S)

    async def release(self, bucket: int) -> None:
        async with self._use:
            if self._conn is not None and not self._conn.is_closed():
                await self._conn.execute("SELECT pg_advisory_unlock($1, $2)", IDENTIFY_LOCK, bucket)

    async def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                await conn.close(timeout=1.0)


def identify_gate(db: str, *, window: float = IDENTIFY_WINDOW_S) -> IdentifyGate:
    """The gate for the database TABLERO_DB names: advisory locks on PostgreSQL, file locks beside
    a SQLite file (an in-memory SQLite database has no other process to share with)."""
    # bot/stores.py names the engine; imported when a bot of a cluster is made
    from .stores import parse_db

    engine, target = parse_db(db)
    if engine == "postgresql":
        return IdentifyGate(AdvisoryLocks(target), window=window)
    if target == ":memory:":
        return IdentifyGate(None, window=window)
    return IdentifyGate(FileLocks(Path(target)), window=window)
