"""One table held against the other processes on one SQLite file (issue 25 item 4, SQLite's half).

SQLite locks the whole database for a writer, never one table, so its write lock cannot hold a
table while a move decides (every other table, in every process, would wait). The processes of a
cluster on one SQLite file run on one machine (SQLite's own locks need that), so the kernel can
hold a table for them instead: a byte-range lock on byte `table_id` of a file beside the database
(`<database>-holds`, empty; it may be deleted while no process runs). On Linux it is an open file
description lock (`F_OFD_SETLK`), owned by the store's own open of that file, so two stores in
one process (the tests' "processes") exclude each other too; elsewhere a POSIX lock (`lockf`),
owned by the process.

- Holding table 7 locks byte 7 only: other tables, in any process, never wait for it.
- A process that dies (even SIGKILL) loses its locks at once: the kernel drops them with it.
- The lock belongs to the store (its file), not to a task: inside a process, the first task that
  holds a table takes the byte, the others ride on it (the table service's asyncio lock orders
  them), and the byte is let go when the last of them leaves.
- A hold waits at most `wait_s` (15 s, as on PostgreSQL) for another process; past that the move
  is refused as the storage being unavailable (the `locked` fault). Only a frozen (stopped)
  process keeps a table that long.
- Where `fcntl` does not exist (Windows), holds do nothing: one process per database there.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import struct
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: one process per database
    fcntl = None  # type: ignore[assignment]

from .records import StorageUnavailable

log = logging.getLogger(__name__)

WAIT_S = 15.0
"""How long a hold waits for another process's (LOCK_WAIT_S in bot/store_pg.py)."""
POLL_S = (0.001, 0.02)
"""A hold another process keeps is tried again after 1 ms, doubling up to 20 ms: a move holds its
table for a few milliseconds, and a wait in a thread would tie up a thread per waiting click."""


OFD = getattr(fcntl, "F_OFD_SETLK", None) if fcntl is not None else None


BYTES = 1 << 62
"""The bytes of the holds file a table may lock: a table's byte is its id modulo this. Table ids are
below it; an id from a hostile or stale custom id (any integer) lands on some byte too, never on an
error (`off_t` is a signed 64-bit number), and at worst waits on a real table's hold."""


def byte_of(table_id: int) -> int:
    """The byte of the holds file that stands for `table_id`."""
    return table_id % BYTES


def _flock(kind: int, table_id: int) -> bytes:
    """A `struct flock` for the byte of `table_id` (l_pid 0, as open file description locks want)."""
    return struct.pack("@hhqqi4x", kind, os.SEEK_SET, byte_of(table_id), 1, 0)


@dataclass
class _Entry:
    users: int = 0
    locked: bool = False  # this process holds the table's byte
    waiting: bool = False  # ... or waits for another process to let it go
    gate: asyncio.Lock = field(default_factory=asyncio.Lock)


class TableHolds:
    """The per-table holds of one SQLite database (`SqliteStore.hold`)."""

    def __init__(self, database: str, *, wait_s: float = WAIT_S) -> None:
        self.path = f"{database}-holds"
        self.database = database
        self.wait_s = wait_s
        self._fd: int | None = None
        self._entries: dict[int, _Entry] = {}

    def open(self) -> None:
        """Open (create) the holds file. If it cannot be (a read-only directory), say so and go on
        without holds: one process serves the database as before, several would meet conflicts
        (each told "the table has moved on")."""
        if fcntl is None or self._fd is not None:
            return
        try:
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            log.warning(
                "tables are not held across processes: %s cannot be opened (%s)", self.path, exc.strerror
            )

    def close(self) -> None:
        fd, self._fd = self._fd, None
        self._entries.clear()
        if fd is not None:
            os.close(fd)  # drops every lock this process holds on the file

    def contended(self, table_id: int) -> bool:
        """Whether a task here waits for another process to let `table_id` go (tests, diagnostics)."""
        entry = self._entries.get(table_id)
        return entry is not None and entry.waiting

    @asynccontextmanager
    async def hold(self, table_id: int) -> AsyncIterator[None]:
        if self._fd is None:
            yield
            return
        entry = self._entries.get(table_id)
        if entry is None:
            entry = self._entries[table_id] = _Entry()
        entry.users += 1
        try:
            async with entry.gate:  # one task of this process takes the byte; the others ride on it
                if not entry.locked:
                    await self._take(table_id, entry)
            yield
        finally:
            entry.users -= 1
            if entry.users == 0:
                if self._entries.get(table_id) is entry:
                    del self._entries[table_id]
                if entry.locked and self._fd is not None:
                    self._lock(table_id, take=False)

    def _lock(self, table_id: int, *, take: bool) -> None:
        """Take (without waiting: OSError EAGAIN/EACCES if another holds it) or let go of the byte."""
        assert self._fd is not None
        if OFD is not None:
            kind = fcntl.F_WRLCK if take else fcntl.F_UNLCK
            fcntl.fcntl(self._fd, OFD, _flock(kind, table_id))
        else:
            mode = (fcntl.LOCK_EX | fcntl.LOCK_NB) if take else fcntl.LOCK_UN
            fcntl.lockf(self._fd, mode, 1, byte_of(table_id))

    async def _take(self, table_id: int, entry: _Entry) -> None:
        assert self._fd is not None
        give_up = time.monotonic() + self.wait_s
        pause = POLL_S[0]
        try:
            while True:
                try:
                    self._lock(table_id, take=True)
                except OSError as exc:
                    if exc.errno not in (errno.EACCES, errno.EAGAIN):
                        raise StorageUnavailable("io", self.database) from exc
                else:
                    entry.locked = True
                    return
                if time.monotonic() >= give_up:
                    raise StorageUnavailable("locked", self.database)
                entry.waiting = True
                await asyncio.sleep(pause)
                pause = min(pause * 2, POLL_S[1])
        finally:
            entry.waiting = False
