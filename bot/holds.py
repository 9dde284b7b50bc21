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

The same file says which processes are alive (issue 25: a dead process's claims are free at once,
bot/leases.py). Each store that serves the database locks one more byte for its whole life, its
*slot*: byte `SLOTS_AT + slot`, above every table's byte. The registry table `processes`
(migration 13) names the lease owners each slot claims for. A slot whose byte nobody holds
belongs to a process that is gone (the kernel let its locks go when it died, SIGKILL included);
its number is handed to the next process that opens the database. This needs open file
description locks (Linux): elsewhere a store takes no slot, and every lease owner counts as alive
(a dead process's claims then wait out their lease, as before).
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
OFD_GETLK = getattr(fcntl, "F_OFD_GETLK", None) if fcntl is not None else None


BYTES = 1 << 62
"""The bytes of the holds file a table may lock: a table's byte is its id modulo this. Table ids are
below it; an id from a hostile or stale custom id (any integer) lands on some byte too, never on an
error (`off_t` is a signed 64-bit number), and at worst waits on a real table's hold."""


SLOTS_AT = BYTES
"""Where the processes' slots begin: slot n is byte SLOTS_AT + n, past every table's byte (a table's
is below BYTES), and far below the largest `off_t` (2^63 - 1)."""


def byte_of(table_id: int) -> int:
    """The byte of the holds file that stands for `table_id`."""
    return table_id % BYTES


def _flock(kind: int, table_id: int) -> bytes:
    """A `struct flock` for the byte of `table_id` (l_pid 0, as open file description locks want)."""
    return _range(kind, byte_of(table_id), 1)


def _range(kind: int, start: int, length: int) -> bytes:
    """A `struct flock` for `length` bytes from `start` (0: to the end of any file)."""
    return struct.pack("@hhqqi4x", kind, os.SEEK_SET, start, length, 0)


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
        self.slot: int | None = None  # this store's slot, while it holds it (`take_slot`)

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
        self.slot = None
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

    # --- which processes are alive (bot/leases.py) ----------------------------------------------
    @property
    def tells_liveness(self) -> bool:
        """Whether this file can say which processes are alive: open, with open file description
        locks (a process's own other opens must count as other processes: the tests' stores)."""
        return self._fd is not None and OFD is not None and OFD_GETLK is not None

    def take_slot(self, slot: int) -> bool:
        """Lock slot `slot`'s byte for this store's life, if nobody holds it (False: another
        process, alive, has it). Let go of by `close` (or by the kernel when the process dies)."""
        if not self.tells_liveness or self.slot is not None:
            return False
        try:
            self._fcntl(OFD, _range(fcntl.F_WRLCK, SLOTS_AT + slot, 1))
        except OSError as exc:
            if exc.errno in (errno.EACCES, errno.EAGAIN):
                return False
            raise
        self.slot = slot
        return True

    def drop_slot(self) -> None:
        """Let go of this store's slot (a registration that failed half way)."""
        if self.slot is not None and self.tells_liveness:
            self._fcntl(OFD, _range(fcntl.F_UNLCK, SLOTS_AT + self.slot, 1))
        self.slot = None

    def alive(self, slot: int) -> bool:
        """Whether the process of slot `slot` is alive: its byte is locked (by another open of the
        file; this store's own slot is alive too). One system call (F_OFD_GETLK), no waiting. True
        when this file cannot tell (not open, no OFD locks, a failing call): never free a claim on
        a guess."""
        if slot == self.slot or not self.tells_liveness:
            return True
        try:
            return self._held_by_another(SLOTS_AT + slot, 1)
        except OSError:
            return True

    def others_alive(self) -> bool:
        """Whether any other process holds a slot (one F_OFD_GETLK over every slot's byte). True when
        this file cannot tell."""
        if not self.tells_liveness:
            return True
        try:
            return self._held_by_another(SLOTS_AT, 0)
        except OSError:
            return True

    def _held_by_another(self, start: int, length: int) -> bool:
        answer = self._fcntl(OFD_GETLK, _range(fcntl.F_WRLCK, start, length))
        return int(struct.unpack("@hhqqi4x", answer)[0]) != fcntl.F_UNLCK

    def _fcntl(self, command: int | None, arg: bytes) -> bytes:
        fd = self._fd
        if fd is None or command is None:
            raise OSError(errno.EBADF, "the holds file is not open")
        return fcntl.fcntl(fd, command, arg)
