"""The SQLite store (the default engine): tables, the append-only event log, snapshots, outbox, deadlines, players.

Behind two small interfaces (`Store` for reads, `Tx` for one atomic unit of writes) so a
PostgreSQL backend can be added for multi-process deployments. What the rest of the bot sees of a
failing database is backend-neutral too: `StorageUnavailable` (with a `fault`: disk full, locked,
read-only, damaged...) for a fault during play, `DatabaseRefused` (its `problems`, each what is wrong
and what to do) at start-up, and `Health` from `health()`; SQLite's own errors stay in here. SQLite runs in WAL mode with
`synchronous=FULL`: every commit is a move a player was told was accepted, and at human click
rates the fsync per commit costs little (see bench/tables_bench.py) while surviving power loss too.

Split from bot/store.py (issue 25 item 1), which still re-exports every name here.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import secrets
import shutil
import sqlite3
import time
from collections.abc import (
    AsyncIterator,
    Awaitable,
    Callable,
    Collection,
    Iterator,
    Mapping,
    Sequence,
)
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, Literal

import aiosqlite

from .holds import TableHolds
from .leases import PEERS_LOOK_S
from .migrations import LATEST, MIGRATIONS
from .records import (
    _DEADLINE_COLUMNS,
    _DELIVERY_COLUMNS,
    _DELIVERY_KIND,
    _DELIVERY_TABLE,
    _TABLE_COLUMNS,
    FAULT_ADVICE,
    PARKED,
    DatabaseRefused,
    DeadlineRecord,
    DeliveryRecord,
    Fault,
    Health,
    JournalRecord,
    NewAction,
    NewDelivery,
    NewEvent,
    Problem,
    RefereeRecord,
    Reminder,
    ResultRecord,
    SeatHolder,
    ServerSettings,
    StaleVersion,
    StorageUnavailable,
    TableRecord,
    TableStatus,
    _deadline,
    _delivery,
    _dumps,
    _referee,
    _result,
    _table,
    fault_problem,
)
from .store_shared import SharedReads, table_update

log = logging.getLogger(__name__)


_FAULT_OF_CODE: dict[int, Fault] = {
    3: "read_only",  # SQLITE_PERM
    5: "locked",  # SQLITE_BUSY (the busy timeout ran out)
    6: "locked",  # SQLITE_LOCKED
    8: "read_only",  # SQLITE_READONLY
    10: "io",  # SQLITE_IOERR (a full disk too, often: see storage_fault)
    11: "corrupt",  # SQLITE_CORRUPT
    13: "disk_full",  # SQLITE_FULL
    14: "cannot_open",  # SQLITE_CANTOPEN
    26: "not_a_database",  # SQLITE_NOTADB
}
LOW_DISK_BYTES = 1 << 20
"""Free space under which an I/O error is read as a full disk (SQLite reports a full disk while
growing its shared-memory file as SQLITE_IOERR_SHMSIZE, not SQLITE_FULL)."""


def free_bytes(path: str) -> int | None:
    """Free space on the file system that holds `path` (None if unknown)."""
    try:
        return shutil.disk_usage(Path(path).resolve().parent).free
    except OSError:
        return None


def storage_fault(exc: BaseException, path: str = "") -> Fault | None:
    """The fault behind a SQLite error, or None when it is not one (a bug: bad SQL, a constraint)."""
    if not isinstance(exc, sqlite3.OperationalError | sqlite3.DatabaseError) or isinstance(
        exc, sqlite3.IntegrityError | sqlite3.ProgrammingError | sqlite3.InterfaceError
    ):
        return None
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None:
        return "corrupt" if "malformed" in str(exc) else None
    fault = _FAULT_OF_CODE.get(code & 0xFF)
    if fault == "io" and path and path != ":memory:":
        free = free_bytes(path)
        if free is not None and free < LOW_DISK_BYTES:
            return "disk_full"
    return fault


@contextmanager
def storage_faults(path: str) -> Iterator[None]:
    """Turn a SQLite error that is a storage fault into StorageUnavailable (others pass unchanged)."""
    try:
        yield
    except sqlite3.Error as exc:
        fault = storage_fault(exc, path)
        if fault is None:
            raise
        raise StorageUnavailable(fault, path) from exc


CHOICES_MAX = 25  # Discord shows at most 25 autocomplete choices
CHOICE_ORDER = ("active", "lobby", "finished", "abandoned")
"""Autocomplete offers the tables being played first, then those waiting for players, then history."""
_NUMBER_DIGITS = 9  # table numbers a server reaches (a prefix is widened up to this many digits)

Query = tuple[str, list[Any]]


def choice_queries(
    *,
    guild_id: int | None,
    statuses: Sequence[str] = (),
    user_id: int | None = None,
    number_prefix: str | None = None,
    games: Sequence[str] | None = None,
) -> list[list[Query]]:
    """The queries behind `choice_tables`, in the order their rows are offered, grouped (a group's
    rows are merged newest first); each takes one more parameter, its LIMIT.

    - No number typed: per status (CHOICE_ORDER), the newest first, through `tables_by_guild`
      (guild, status; an index's rows are in rowid order within equal keys, so no sort), or through
      `tables_by_game` (guild, game, status) per game when a game's name was typed.
    - A number typed ("12"): that table first, then the numbers it begins (120-129, 1200-1299, ...)
      in order, through `tables_by_number`. Rows read stay within the limit and the statuses
      filtered out on the way.
    - `user_id`: only tables where that user is seated or invited (read from the seats of the rows
      the indexes give; callers ask this for running tables only, which are few beside history).
    """
    wanted = [s for s in CHOICE_ORDER if not statuses or s in statuses]
    mine = ""
    mine_params: list[Any] = []
    if user_id is not None:
        mine = (
            " AND (EXISTS (SELECT 1 FROM json_each(tables.seats) WHERE json_each.value = ?)"
            " OR EXISTS (SELECT 1 FROM json_each(tables.invited) WHERE json_each.value = ?))"
        )
        mine_params = [user_id, user_id]
    head = f"SELECT {_TABLE_COLUMNS} FROM tables"
    if number_prefix is not None:
        if (
            not number_prefix.isdigit()
            or number_prefix.startswith("0")
            or len(number_prefix) > _NUMBER_DIGITS
        ):
            return []
        first = int(number_prefix)
        status_filter = f" AND status IN ({', '.join('?' * len(wanted))})"
        groups: list[list[Query]] = [
            [
                (
                    f"{head} WHERE guild_id IS ? AND number = ?{status_filter}{mine} LIMIT ?",
                    [guild_id, first, *wanted, *mine_params],
                )
            ]
        ]
        for width in range(1, _NUMBER_DIGITS - len(number_prefix) + 1):
            low, high = first * 10**width, (first + 1) * 10**width - 1
            groups.append(
                [
                    (
                        f"{head} WHERE guild_id IS ? AND number BETWEEN ? AND ?{status_filter}{mine}"
                        " ORDER BY number LIMIT ?",
                        [guild_id, low, high, *wanted, *mine_params],
                    )
                ]
            )
        return groups
    if games is not None and not games:
        return []
    groups = []
    for status in wanted:
        if games is None:
            groups.append(
                [
                    (
                        f"{head} INDEXED BY tables_by_guild WHERE guild_id IS ? AND status = ?{mine}"
                        " ORDER BY id DESC LIMIT ?",
                        [guild_id, status, *mine_params],
                    )
                ]
            )
        else:
            groups.append(
                [
                    (
                        f"{head} INDEXED BY tables_by_game WHERE guild_id IS ? AND game = ? AND status = ?{mine}"
                        " ORDER BY id DESC LIMIT ?",
                        [guild_id, game, status, *mine_params],
                    )
                    for game in games
                ]
            )
    return groups


_Check = Literal["none", "one_row", "seq"]  # what a queued statement must achieve, else StaleVersion
_Statement = tuple[str, Any, bool, _Check, int]  # sql, params, executemany?, check, table id


def _run(conn: sqlite3.Connection, statements: Sequence[_Statement]) -> sqlite3.Cursor | None:
    """Run queued statements on the connection's thread; the last cursor (None if there were none)."""
    cursor = None
    for sql, params, many, check, table_id in statements:
        try:
            cursor = conn.executemany(sql, params) if many else conn.execute(sql, params)
        except sqlite3.IntegrityError as exc:  # the (table_id, seq) primary key is the optimistic lock
            if check == "seq" and ("UNIQUE" in str(exc) or "PRIMARY KEY" in str(exc)):
                raise StaleVersion(table_id) from exc
            raise
        if check == "one_row" and cursor.rowcount != 1:
            raise StaleVersion(table_id)
    return cursor


def _rollback(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:  # SQLite may have rolled back by itself (a full disk, an I/O error)
            if conn.in_transaction:
                raise


class SqliteTx:
    """The writes of one SQLite transaction (BEGIN IMMEDIATE ... COMMIT), sent in as few hops as it can.

    Every aiosqlite await is a round trip to the connection's thread, so writes whose result is not
    needed are queued and `commit` runs BEGIN IMMEDIATE, the queue (with its version checks), the
    before-commit hooks and COMMIT in ONE call on that thread. A write whose result is needed now
    (insert_table's row id, finish_delivery's outcome) sends the queue along with it, opening the
    transaction. Raw `store.db` statements inside the block are NOT part of the transaction.
    """

    def __init__(self, db: aiosqlite.Connection, clock: Callable[[], float]) -> None:
        self._db = db
        self._now = clock()
        self._pending: list[_Statement] = []
        self._hooks: list[Callable[[], None]] = []
        self._begun = False

    def before_commit(self, hook: Callable[[], None]) -> None:
        """Run `hook` on the connection's thread once every statement is sent, right before COMMIT."""
        self._hooks.append(hook)

    def _queue(
        self, sql: str, params: Any, *, many: bool = False, check: _Check = "none", table_id: int = 0
    ) -> None:
        self._pending.append((sql, params, many, check, table_id))

    def _take(self) -> list[_Statement]:
        """The queued statements, preceded by BEGIN IMMEDIATE if the transaction is not open yet."""
        statements, self._pending = self._pending, []
        if not self._begun:
            statements.insert(0, ("BEGIN IMMEDIATE", (), False, "none", 0))
            self._begun = True  # set before the hop: a cancelled await may still have begun it
        return statements

    async def _now_run(self, sql: str, params: Sequence[Any]) -> sqlite3.Cursor:
        """Send the queue plus one statement whose cursor is needed now (one hop)."""
        statements = [*self._take(), (sql, params, False, "none", 0)]

        def work() -> sqlite3.Cursor:
            try:
                cursor = _run(self._db._conn, statements)
            except BaseException:
                _rollback(self._db._conn)
                raise
            assert cursor is not None
            return cursor

        return await self._db._execute(work)  # aiosqlite's own hop to its thread (no public batch API)

    async def commit(self) -> None:
        """BEGIN (if needed), the queue, the hooks and COMMIT in one hop; rolled back on any error."""
        statements, hooks = self._take(), list(self._hooks)

        def work() -> None:
            conn = self._db._conn
            try:
                _run(conn, statements)
                for hook in hooks:  # e.g. crash point commit.inside: statements sent, COMMIT not
                    hook()
                conn.execute("COMMIT")
            except BaseException:
                _rollback(conn)
                raise

        await self._db._execute(work)

    async def rollback(self) -> None:
        """Undo whatever was sent (queued statements are simply dropped)."""
        self._pending = []
        if self._begun:
            await self._db._execute(_rollback, self._db._conn)

    async def insert_table(
        self,
        *,
        game: str,
        guild_id: int | None,
        channel_id: int | None,
        thread_id: int | None,
        status: TableStatus,
        seats: dict[str, SeatHolder],
        invited: Sequence[int],
        options: dict[str, Any],
        seed: int,
        lang: str,
        created_by: int,
        rematch_of: int | None = None,
        series_of: int | None = None,
        series_key: str | None = None,
        settings: dict[str, Any] | None = None,
        absence: dict[str, Any] | None = None,
    ) -> int:
        cursor = await self._now_run(
            "INSERT INTO tables (game, guild_id, channel_id, thread_id, status, seats, invited, options, seed,"
            " version, lang, created_by, rematch_of, created_at, updated_at, series_of, series_key,"
            " settings, absence, number, salt)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
            " (SELECT COALESCE(MAX(number), 0) + 1 FROM tables WHERE guild_id IS ?), ?)",
            (
                game,
                guild_id,
                channel_id,
                thread_id,
                status,
                _dumps(seats),
                _dumps(list(invited)),
                _dumps(options),
                seed,
                lang,
                created_by,
                rematch_of,
                self._now,
                self._now,
                series_of,
                series_key,
                _dumps(settings or {}),
                _dumps(absence or {}),
                guild_id,
                secrets.token_hex(16),  # the commitment's salt (bot/export.py), drawn with the seed
            ),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def update_table(
        self,
        table_id: int,
        *,
        expected_version: int | None = None,
        absence_was: Mapping[str, Any] | None = None,
        **fields: Any,
    ) -> None:
        sql, params = table_update(table_id, self._now, expected_version, fields, absence_was=absence_was)
        self._queue(sql, params, check="one_row", table_id=table_id)

    async def append_events(self, table_id: int, first_seq: int, events: Sequence[NewEvent]) -> None:
        self._queue(
            "INSERT INTO events (table_id, seq, kind, data, actor, at) VALUES (?, ?, ?, ?, ?, ?)",
            [
                (table_id, first_seq + i, e.kind, _dumps(e.data), e.actor, self._now)
                for i, e in enumerate(events)
            ],
            many=True,
            check="seq",
            table_id=table_id,
        )

    async def append_actions(self, table_id: int, actions: Sequence[NewAction]) -> None:
        if actions:
            self._queue(
                "INSERT INTO actions (table_id, version, seat, holder, data, events, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (table_id, a.version, a.seat, _dumps(a.holder), _dumps(a.data), a.events, self._now)
                    for a in actions
                ],
                many=True,
            )

    async def put_snapshot(self, table_id: int, version: int, schema_hash: str, data: str) -> None:
        self._queue(
            "INSERT INTO snapshots (table_id, version, schema_hash, data) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(table_id) DO UPDATE SET version = excluded.version,"
            " schema_hash = excluded.schema_hash, data = excluded.data"
            " WHERE excluded.version >= snapshots.version",  # a slow reader never rolls the cache back
            (table_id, version, schema_hash, data),
        )

    async def add_delivery(self, row: NewDelivery) -> None:
        self._queue(
            "INSERT INTO deliveries (table_id, version, kind, target, payload, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(table_id, version, kind, target) DO NOTHING",
            (row.table_id, row.version, row.kind, row.target, _dumps(row.payload), self._now, self._now),
        )

    async def touch_status(self, table_id: int) -> None:
        # One row per table for its status message, re-armed on every change: edits coalesce. The
        # re-arm frees the row's lease: a claim left by a process that died mid-edit would otherwise
        # hold the table's board back for the lease's 30 s (the new change is drawn by whoever
        # claims it next; the generation check keeps a slower, older edit from closing the row).
        self._queue(
            "INSERT INTO deliveries (table_id, version, kind, target, payload, created_at, updated_at)"
            " VALUES (?, 0, 'status', 'public', '{}', ?, ?)"
            " ON CONFLICT(table_id, version, kind, target) DO UPDATE SET status = 'pending',"
            " generation = generation + 1, attempts = 0, not_before = 0, last_error = NULL,"
            " lease_owner = NULL, lease_until = NULL, updated_at = excluded.updated_at",
            (table_id, self._now, self._now),
        )

    async def finish_delivery(
        self,
        delivery_id: int,
        status: str,
        *,
        generation: int | None = None,
        message_id: int | None = None,
        error: str | None = None,
    ) -> bool:
        sql = (
            "UPDATE deliveries SET status = ?, message_id = COALESCE(?, message_id), last_error = ?,"
            " updated_at = ? WHERE id = ?"
        )
        params: list[Any] = [status, message_id, error, self._now, delivery_id]
        if generation is not None:  # a newer change re-armed the row meanwhile: leave it pending
            sql += " AND generation = ?"
            params.append(generation)
        cursor = await self._now_run(sql, params)
        return cursor.rowcount == 1

    async def retry_delivery(self, delivery_id: int, not_before: float, error: str) -> None:
        self._queue(  # the lease given up: whichever process is free when it falls due sends it
            "UPDATE deliveries SET not_before = ?, last_error = ?, updated_at = ?, lease_until = NULL"
            " WHERE id = ?",
            (not_before, error, self._now, delivery_id),
        )

    async def add_deadline(
        self,
        *,
        table_id: int,
        kind: str,
        seat: str,
        key: str,
        version: int,
        due_at: float,
        payload: dict[str, Any] | None = None,
    ) -> None:
        self._queue(
            "INSERT INTO deadlines (table_id, kind, seat, key, version, due_at, payload)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(table_id, kind, seat, key) DO NOTHING",
            (table_id, kind, seat, key, version, due_at, _dumps(payload or {})),
        )

    async def set_deadline_status(self, deadline_id: int, status: str) -> None:
        self._queue("UPDATE deadlines SET status = ? WHERE id = ?", (status, deadline_id))

    async def finish_deadline(self, deadline_id: int, status: str, *, key: str | None = None) -> None:
        self._queue(
            "UPDATE deadlines SET status = ? WHERE id = ? AND status = 'pending'"
            + (" AND key = ?" if key is not None else ""),
            (status, deadline_id) if key is None else (status, deadline_id, key),
            check="one_row",
        )

    async def release_deadline(self, deadline_id: int) -> None:
        self._queue(
            "UPDATE deadlines SET lease_owner = NULL, lease_until = NULL WHERE id = ?", (deadline_id,)
        )

    async def void_deadlines(self, table_id: int) -> None:
        self._queue(
            "UPDATE deadlines SET status = 'void' WHERE table_id = ? AND status = 'pending'", (table_id,)
        )

    async def rearm_reminders(
        self,
        table_id: int,
        *,
        ended: Collection[str],
        armed: Sequence[Reminder],
        keep_limits: Collection[str],
    ) -> None:
        seats, keys, keep = sorted(ended), [r.key for r in armed], sorted(keep_limits)
        for r in armed:  # in the row of an ending reminder, else of a finished one, else a new row
            self._queue(
                "UPDATE deadlines SET seat = ?, key = ?, version = ?, due_at = ?, status = 'pending',"
                " payload = '{}', lease_owner = NULL, lease_until = NULL WHERE id = (SELECT id FROM deadlines"
                " WHERE table_id = ? AND kind = 'reminder' AND key NOT IN"
                f" ({_marks(keys)}) AND (status != 'pending' OR seat IN ({_marks(seats)}))"
                " ORDER BY status = 'pending' DESC, id LIMIT 1) AND NOT EXISTS (SELECT 1 FROM deadlines"
                " WHERE table_id = ? AND kind = 'reminder' AND seat = ? AND key = ?)",
                (r.seat, r.key, r.version, r.due_at, table_id, *keys, *seats, table_id, r.seat, r.key),
            )
            await self.add_deadline(  # (where no row was rewritten into it)
                table_id=table_id, kind="reminder", seat=r.seat, key=r.key, version=r.version, due_at=r.due_at
            )
        ending = (
            f"(kind = 'reminder' AND seat IN ({_marks(seats)}) AND key NOT IN ({_marks(keys)})) OR "
            if seats
            else ""
        )
        self._queue(
            "UPDATE deadlines SET status = 'void' WHERE table_id = ? AND status = 'pending'"
            f" AND ({ending}(kind IN ('timeout', 'warning') AND key NOT IN ({_marks(keep)})))",
            (table_id, *((*seats, *keys) if seats else ()), *keep),
        )

    async def upsert_player(
        self, user_id: int, *, locale: str | None = None, dm_status: str | None = None
    ) -> None:
        self._queue(
            "INSERT INTO players (user_id, locale, dm_status, updated_at) VALUES (?, ?, COALESCE(?, 'unknown'), ?)"
            " ON CONFLICT(user_id) DO UPDATE SET locale = COALESCE(excluded.locale, players.locale),"
            " dm_status = COALESCE(?, players.dm_status), updated_at = excluded.updated_at",
            (user_id, locale, dm_status, self._now, dm_status),
        )

    async def set_server_settings(
        self,
        guild_id: int,
        defaults: dict[str, Any],
        channels: list[int],
        *,
        expected: ServerSettings | None = None,
    ) -> None:
        sql = (
            "INSERT INTO server_settings (guild_id, defaults, channels, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(guild_id) DO UPDATE SET defaults = excluded.defaults,"
            " channels = excluded.channels, updated_at = excluded.updated_at"
        )
        params: list[Any] = [guild_id, _dumps(defaults), _dumps(sorted(set(channels))), self._now]
        if expected is None:
            self._queue(sql, params)
            return
        # as read: the same canonical JSON text the settings were written as (records._dumps)
        sql += " WHERE server_settings.defaults = ? AND server_settings.channels = ?"
        params += [_dumps(expected.defaults), _dumps(sorted(set(expected.channels)))]
        self._queue(sql, params, check="one_row")

    async def park_deadlines(self, table_id: int, now: float) -> None:
        """A table is paused: each pending deadline keeps what was left (`payload.left_s`) and falls
        due never (bot/pause.py)."""
        self._queue(
            "UPDATE deadlines SET payload = json_set(payload, '$.left_s', MAX(due_at - ?, 0)), due_at = ?"
            " WHERE table_id = ? AND status = 'pending' AND json_extract(payload, '$.left_s') IS NULL",
            (now, PARKED, table_id),
        )

    async def resume_deadlines(self, table_id: int, now: float) -> None:
        """A paused table plays on: each parked deadline falls due after what was left."""
        self._queue(
            "UPDATE deadlines SET due_at = ? + json_extract(payload, '$.left_s'),"
            " payload = json_remove(payload, '$.left_s')"
            " WHERE table_id = ? AND status = 'pending' AND json_extract(payload, '$.left_s') IS NOT NULL",
            (now, table_id),
        )

    async def set_quiet(self, user_id: int, timezone: str | None, quiet: str | None) -> None:
        """/settings: the player's time zone and quiet hours ("" clears a value; None keeps it)."""
        self._queue(
            "INSERT INTO players (user_id, dm_status, updated_at, timezone, quiet)"
            " VALUES (?, 'unknown', ?, NULLIF(?, ''), NULLIF(?, ''))"
            " ON CONFLICT(user_id) DO UPDATE SET"
            " timezone = CASE WHEN ? IS NULL THEN players.timezone ELSE NULLIF(?, '') END,"
            " quiet = CASE WHEN ? IS NULL THEN players.quiet ELSE NULLIF(?, '') END,"
            " updated_at = excluded.updated_at",
            (user_id, self._now, timezone, quiet, timezone, timezone, quiet, quiet),
        )

    async def set_palette(self, user_id: int, palette: str) -> None:
        """/settings palette: the palette of the pictures drawn for this player alone."""
        self._queue(
            "INSERT INTO players (user_id, dm_status, updated_at, palette) VALUES (?, 'unknown', ?, ?)"
            " ON CONFLICT(user_id) DO UPDATE SET palette = excluded.palette, updated_at = excluded.updated_at",
            (user_id, self._now, palette),
        )

    async def set_away(self, user_id: int, until: float | None) -> None:
        """/away until `until` (epoch seconds), or back (None)."""
        self._queue(
            "INSERT INTO players (user_id, dm_status, updated_at, away_until) VALUES (?, 'unknown', ?, ?)"
            " ON CONFLICT(user_id) DO UPDATE SET away_until = excluded.away_until,"
            " updated_at = excluded.updated_at",
            (user_id, self._now, until),
        )

    async def set_guild_language(self, guild_id: int, language: str) -> None:
        self._queue(
            "INSERT INTO guild_settings (guild_id, language, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT(guild_id) DO UPDATE SET language = excluded.language, updated_at = excluded.updated_at",
            (guild_id, language, self._now),
        )

    async def set_standing(self, table_id: int, seat: str, name: str, value: str) -> None:
        self._queue(
            "INSERT INTO standing_orders (table_id, seat, name, value, updated_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT(table_id, seat, name) DO UPDATE SET value = excluded.value,"
            " updated_at = excluded.updated_at",
            (table_id, seat, name, value, self._now),
        )

    # --- issue 28 items 4-5: the referee thread (results: written by migration 8's trigger) ---
    async def set_referee(self, table_id: int, thread_id: int, user_id: int) -> None:
        self._queue(
            "INSERT INTO referee_threads (table_id, thread_id, user_id, messages, updated_at)"
            " VALUES (?, ?, ?, '[]', ?) ON CONFLICT(table_id) DO UPDATE SET thread_id = excluded.thread_id,"
            " user_id = excluded.user_id, messages = '[]', updated_at = excluded.updated_at",
            (table_id, thread_id, user_id, self._now),
        )

    async def set_referee_messages(self, table_id: int, messages: Sequence[int]) -> None:
        self._queue(
            "UPDATE referee_threads SET messages = ?, updated_at = ? WHERE table_id = ?",
            (_dumps(list(messages)), self._now, table_id),
        )

    async def drop_referee(self, table_id: int) -> None:
        self._queue("DELETE FROM referee_threads WHERE table_id = ?", (table_id,))

    # --- issue 25's gaps: /why's refusals, a series' stand-ins ----------------------------------
    async def put_refusal(
        self, table_id: int, user_id: int, version: int, message_id: str, params: dict[str, Any], ruling: str
    ) -> None:
        self._queue(_PUT_REFUSAL, (table_id, user_id, version, message_id, _dumps(params), ruling, self._now))

    async def merge_stand_ins(self, table_id: int, changes: Mapping[str, str | None]) -> None:
        if changes:  # one statement: a merge patch (RFC 7396; null removes the seat's stand-in)
            self._queue(
                "UPDATE tables SET absence = json_patch(absence, ?), updated_at = ? WHERE id = ?",
                (_dumps({"stand_ins": dict(changes)}), self._now, table_id),
            )


def _marks(values: Sequence[Any]) -> str:
    """As many `?` as `values`, comma-separated (an empty `IN ()` is SQLite's empty list)."""
    return ", ".join("?" * len(values))


_PUT_REFUSAL = (
    "INSERT INTO refusals (table_id, user_id, version, message_id, params, ruling, at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, user_id) DO UPDATE SET version = excluded.version,"
    " message_id = excluded.message_id, params = excluded.params, ruling = excluded.ruling, at = excluded.at"
    " WHERE excluded.version >= refusals.version"  # another process's older refusal never wins
)


def _probe_write(conn: sqlite3.Connection) -> None:
    """A committed write that changes nothing: the file header's user_version rewritten with its own
    value. A read-only file, a full disk or another writer's lock make it fail as any write would."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(f"PRAGMA user_version = {version}")
        conn.execute("COMMIT")
    except BaseException:
        _rollback(conn)
        raise


def _backup(source: str, dest: str) -> None:
    """Copy `source` to `dest` with SQLite's backup API, through a file beside `dest` renamed at the end."""
    partial = Path(dest + ".partial")
    partial.unlink(missing_ok=True)
    # mode=rw: never creates a missing source; its own connection, so the bot's writes go on
    src = sqlite3.connect(Path(source).resolve().as_uri() + "?mode=rw", uri=True, isolation_level=None)
    try:
        src.execute("PRAGMA query_only = ON")
        dst = sqlite3.connect(partial, isolation_level=None)
        try:
            # All pages in one step: one read transaction, so the copy is the database as of one
            # commit; in WAL mode the bot keeps writing beside it (a stepwise copy would restart on
            # every commit made meanwhile by another connection).
            src.backup(dst, pages=-1)
            dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, no -wal beside it
        finally:
            dst.close()
    finally:
        src.close()
    with partial.open("rb+") as copy:
        os.fsync(copy.fileno())
    os.replace(partial, dest)


WAKE_POLL_S = 0.2
"""How often a process looks whether another one committed to the file (`listen_deadlines`), while
another process serves the file (alone, it does not look at all)."""


async def _no_listener() -> Callable[[], Awaitable[None]]:
    async def stop() -> None:
        return None

    return stop


class SqliteStore(SharedReads):
    """The SQLite implementation: one writer connection, whose units of work an asyncio lock
    serialises, and one reader connection beside it. In WAL mode readers never wait for the writer,
    so a write held up by another process's lock (or a slow disk) stalls no "My hand", `/game list`
    or autocomplete (issue 24 item 6); a read sees every commit that finished before it began."""

    _SNAPSHOT_DATA = (
        "CAST(data AS BLOB)"  # as bytes, decoded by store_shared._snapshot (damage reads as text)
    )

    def __init__(
        self, path: str | Path, *, clock: Callable[[], float] = time.time, busy_timeout_ms: int = 5000
    ) -> None:
        self.path = str(path)
        self.clock = clock
        self.busy_timeout_ms = busy_timeout_ms
        self._db: aiosqlite.Connection | None = None
        self._read: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self.holds = TableHolds(self.path)  # one table held against the other processes (bot/holds.py)
        self._owners: set[str] = set()  # lease owners this store's slot is registered for
        self.peers: frozenset[int] | None = None  # the other live processes' slots, as last seen
        self.peers_looked = asyncio.Event()  # set at each look at them (tests, diagnostics)

    # --- lifecycle ----------------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        return self._db is not None

    async def open(self, *, check: bool = True) -> None:
        """Connect, make sure the database can serve, migrate it, and open the reader.

        `check` (start-up): a quick integrity check, the schema version and a test write
        (`health`); any failure raises DatabaseRefused naming each problem and what to do, before
        anything is changed. Without it (`tablero check-db`, which reports instead of refusing) the
        store is connected only: no migration, no reader (reads share the writer)."""
        self._db = await self._connect()
        try:
            if not check:
                return
            problems = (await self.health()).problems(self.path)
            if problems:
                raise DatabaseRefused(self.path, problems)
            try:
                await self.migrate()
            except StorageUnavailable as exc:
                raise DatabaseRefused(self.path, [fault_problem(exc.fault, "upgrading its schema")]) from exc
            if self.path != ":memory:":  # a second connection to :memory: would be another database
                self._read = await self._connect(reader=True)
                self.holds.open()
                await self._register()
        except BaseException:
            # A refused database must not leave aiosqlite's non-daemon worker thread running: the
            # process could never exit.
            await self.close()
            raise

    async def _connect(self, *, reader: bool = False) -> aiosqlite.Connection:
        if self.path != ":memory:" and not reader:
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                what = f"its directory cannot be created ({exc.strerror})"
                raise DatabaseRefused(
                    self.path, [Problem(what=what, advice=FAULT_ADVICE["cannot_open"])]
                ) from exc
        try:
            db = await aiosqlite.connect(self.path, isolation_level=None)
        except sqlite3.Error as exc:
            raise self._refused(exc, "opening it") from exc
        try:
            if reader:
                await db.execute("PRAGMA query_only = ON")  # reads only, whatever a caller sends
            else:
                await db.execute("PRAGMA journal_mode = WAL")
                await db.execute("PRAGMA synchronous = FULL")
                await db.execute("PRAGMA foreign_keys = ON")
            await db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
        except BaseException as exc:
            # Not a database (or a damaged one): close it here, since nobody else holds it.
            # aiosqlite's worker thread is not a daemon: left open, it keeps the process alive.
            await db.close()
            if isinstance(exc, sqlite3.Error):
                raise self._refused(exc, "opening it") from exc
            raise
        return db

    def _refused(self, exc: sqlite3.Error, doing: str) -> DatabaseRefused:
        fault = storage_fault(exc, self.path)
        if fault is not None:
            return DatabaseRefused(self.path, [fault_problem(fault, doing)])
        what = f"SQLite refused it while {doing} ({type(exc).__name__}: {exc})"
        return DatabaseRefused(self.path, [Problem(what=what, advice="run `tablero check-db` for details")])

    async def close(self) -> None:
        self.holds.close()  # lets go of this store's slot too: its claims are free at once
        self._owners.clear()
        read, self._read = self._read, None
        if read is not None:
            await read.close()
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> aiosqlite.Connection:
        """The writer connection (raw statements here are NOT part of any transaction)."""
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    async def health(self, *, full: bool = False) -> Health:
        """Whether the database can serve: integrity (`PRAGMA quick_check`, or the slower and
        thorough `integrity_check` when `full`), the schema version, and whether a write gets
        through (`_probe_write`: the database is left as it was). Reports faults, never raises them."""
        async with self._lock:
            db = self.db
            integrity: list[str] = ["ok"]
            integrity_fault: Fault | None = None
            try:
                rows = await db.execute_fetchall(f"PRAGMA {'integrity_check' if full else 'quick_check'}(20)")
                integrity = [str(row[0]) for row in rows] or ["ok"]
            except sqlite3.Error as exc:
                integrity_fault = storage_fault(exc, self.path) or "corrupt"
                integrity = [str(exc)]
            schema: int | None = None
            schema_fault: Fault | None = None
            try:
                known = await db.execute_fetchall("SELECT 1 FROM sqlite_master WHERE name = 'schema_version'")
                if known:
                    [(stored,)] = list(await db.execute_fetchall("SELECT MAX(version) FROM schema_version"))
                    schema = int(stored or 0)
                else:
                    schema = 0
            except sqlite3.Error as exc:
                schema_fault = storage_fault(exc, self.path) or "corrupt"
            write_fault: Fault | None = None
            try:
                await db._execute(_probe_write, db._conn)
            except sqlite3.Error as exc:
                write_fault = storage_fault(exc, self.path) or "io"
        return Health(
            integrity=integrity,
            integrity_fault=integrity_fault,
            writable=write_fault is None,
            write_fault=write_fault,
            schema_version=schema,
            schema_fault=schema_fault,
        )

    async def migrate(self) -> None:
        """Apply every migration newer than the stored schema version, each in its own transaction."""
        async with self._lock:
            with storage_faults(self.path):
                await self.db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                current = await self._scalar("SELECT MAX(version) FROM schema_version") or 0
                if current > LATEST:
                    raise DatabaseRefused(
                        self.path,
                        Health(integrity=["ok"], writable=True, schema_version=current).problems(self.path),
                    )
                for number, statements in MIGRATIONS:
                    if number <= current:
                        continue
                    await self.db.execute("BEGIN IMMEDIATE")
                    try:
                        for statement in statements:
                            await self.db.execute(statement)
                        await self.db.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))
                    except BaseException:
                        await self.db._execute(_rollback, self.db._conn)
                        raise
                    await self.db.execute("COMMIT")

    async def backup(self, dest: str | Path) -> None:
        """An online, consistent copy of the database at `dest` (SQLite's backup API, on a connection
        of its own: whoever writes the database goes on meanwhile). Needs no `open`."""
        with storage_faults(self.path):
            await asyncio.to_thread(_backup, self.path, str(dest))

    @asynccontextmanager
    async def hold(self, table_id: int) -> AsyncIterator[None]:
        """A table's move, or any read-modify-write of its row, against the other processes on this
        file: a lock on the table alone (bot/holds.py: a kernel byte-range lock on a file beside the
        database), held from before the table is read to after its commit. SQLite's own write lock
        is never held that long: it is the whole database's, and only each commit takes it
        (BEGIN IMMEDIATE), so a move that decides holds up no other table. A click on the same
        table in another process waits here, then reads what was committed. The table row's version
        check and the (table_id, seq) key still refuse a writer that did not hold the table
        (StaleVersion; the service runs a move once more on the fresh state, `_conflicts`)."""
        async with self.holds.hold(table_id):
            yield

    # --- which processes are alive (bot/leases.py) --------------------------------------------
    async def _register(self) -> None:
        """Take a slot in the holds file for this store's life and write it in the registry
        (`processes`, migration 13), in one write transaction: the lowest slot nobody holds (a
        dead process's is reused; its rows go), the rows of every other dead slot deleted with it.
        Then `tablero_alive(slot)` is known to both connections. Where the holds file cannot tell
        liveness (no OFD locks, not opened), or this fails, the store goes on without a slot:
        every lease owner then counts as alive (the lease alone frees a claim, as before)."""
        holds = self.holds
        if not holds.tells_liveness:
            return

        def work(conn: sqlite3.Connection) -> None:
            conn.execute("BEGIN IMMEDIATE")  # registrations and claims one at a time
            try:
                known = [int(r[0]) for r in conn.execute("SELECT DISTINCT slot FROM processes")]
                gone = [slot for slot in known if not holds.alive(slot)]
                mine = next(slot for slot in itertools.count() if holds.take_slot(slot))
                marks = ", ".join("?" * (len(gone) + 1))
                conn.execute(f"DELETE FROM processes WHERE slot IN ({marks})", [*gone, mine])
                conn.execute(
                    "INSERT INTO processes (slot, owner, pid, since) VALUES (?, '', ?, ?)",
                    (mine, os.getpid(), self.clock()),
                )
                conn.execute("COMMIT")
            except BaseException:
                holds.drop_slot()
                _rollback(conn)
                raise

        def alive(slot: Any) -> int:
            return int(holds.alive(int(slot)))

        try:
            with storage_faults(self.path):
                async with self._lock:
                    await self.db._execute(work, self.db._conn)
            for conn in (self.db, self._read):
                if conn is not None:
                    await conn.create_function("tablero_alive", 1, alive)
        except (StorageUnavailable, OSError, sqlite3.Error) as exc:
            holds.drop_slot()
            log.warning(
                "this process's claims are freed only by their lease: no slot in %s (%s)", holds.path, exc
            )

    def _free(self, table: str) -> str:
        """The claim's condition that a row's lease leaves it free for the owner `?` at the time `?`:
        none, run out, the claimant's own, or its owner's process is gone (no live slot claims for
        that owner). The last only with a slot of our own (the holds file tells liveness)."""
        free = "lease_until IS NULL OR lease_until <= ? OR lease_owner = ?"
        if self.holds.slot is not None:
            free += f" OR NOT {self._alive(table)}"
        return f"({free})"

    @staticmethod
    def _alive(table: str) -> str:
        """Whether the owner of a row's lease is alive: a slot registered for it is locked."""
        return (
            f"EXISTS (SELECT 1 FROM processes p WHERE p.owner = {table}.lease_owner"
            " AND tablero_alive(p.slot))"
        )

    def _owning(self, owner: str) -> list[_Statement]:
        """Registers `owner` under this store's slot, with its first claim (in the same write)."""
        slot = self.holds.slot
        if slot is None or owner in self._owners:
            return []
        sql = "INSERT OR IGNORE INTO processes (slot, owner, pid, since) VALUES (?, ?, ?, ?)"
        return [(sql, (slot, owner, os.getpid(), self.clock()), False, "none", 0)]

    async def register_owner(self, owner: str) -> None:
        if self.holds.slot is None or owner in self._owners:
            return
        [(sql, params, *_)] = self._owning(owner)
        await self._write_returning(sql + " RETURNING slot", params)
        self._owners.add(owner)

    async def _dead_claims(self) -> frozenset[tuple[str, int]]:
        """The running claims (lease not run out) of owners whose process is gone: the work a dead
        process left, free now. Two reads of the `*_leased` indexes (migration 13), few rows."""
        if self.holds.slot is None:
            return frozenset()
        now = self.clock()
        rows = await self._all(
            "SELECT 'deadline', id FROM deadlines"
            f" WHERE status = 'pending' AND lease_until > ? AND NOT {self._alive('deadlines')}"
            " UNION ALL SELECT 'delivery', id FROM deliveries"
            f" WHERE status = 'pending' AND lease_until > ? AND NOT {self._alive('deliveries')}",
            (now, now),
        )
        return frozenset((str(kind), int(i)) for kind, i in rows)

    async def _peers(self) -> frozenset[int] | None:
        """The slots of the other live processes on this file; None when it cannot be told. When no
        other slot is locked (one system call) the registry is not read at all."""
        holds = self.holds
        if holds.slot is None:
            return None
        if not holds.others_alive():
            return frozenset()
        rows = await self._all("SELECT DISTINCT slot FROM processes")
        return frozenset(int(r[0]) for r in rows if int(r[0]) != holds.slot and holds.alive(int(r[0])))

    async def claim_deadlines(
        self, ids: Collection[int], *, owner: str, now: float, until: float
    ) -> list[DeadlineRecord]:
        """A pending, due deadline is claimed when its lease is free (`_free`): a dead process's is at
        once, a live one's when it runs out."""
        wanted = list(ids)
        if not wanted:
            return []
        sql = (
            f"UPDATE deadlines SET lease_owner = ?, lease_until = ? WHERE id IN ({', '.join('?' * len(wanted))})"
            f" AND status = 'pending' AND due_at <= ? AND {self._free('deadlines')}"
            f" RETURNING {_DEADLINE_COLUMNS}"
        )
        rows = await self._write_returning(sql, [owner, until, *wanted, now, now, owner], self._owning(owner))
        self._owners.add(owner)
        return sorted((_deadline(r) for r in rows), key=lambda d: (d.due_at, d.id))

    async def claim_delivery(
        self, delivery_id: int, *, owner: str, now: float, until: float, wait: bool = False
    ) -> float | None:
        # (`wait` changes nothing here: SQLite's writes take turns, no claim is ever skipped)
        rows = await self._write_returning(
            "UPDATE deliveries SET lease_owner = ?, lease_until = ?, attempts = attempts + 1, updated_at = ?"
            f" WHERE id = ? AND status = 'pending' AND {self._free('deliveries')}"
            " RETURNING id",
            [owner, until, now, delivery_id, now, owner],
            self._owning(owner),
        )
        self._owners.add(owner)
        if rows:
            return None
        found = await self._all("SELECT status, lease_until FROM deliveries WHERE id = ?", (delivery_id,))
        if not found or found[0][0] != "pending" or found[0][1] is None:
            return 0.0
        return float(found[0][1])

    async def listen_deadlines(
        self, wake: Callable[[], None], departed: Callable[[], None] | None = None
    ) -> Callable[[], Awaitable[None]]:
        """SQLite has no notifications, so the processes on one file watch it, but only while there
        are several: every `PEERS_LOOK_S` this process looks which other processes hold a slot in
        the holds file (one system call while it is alone; bot/holds.py). While another does,
        every `WAKE_POLL_S` the reader connection reads `PRAGMA data_version`, which changes when
        any other connection (another process's, or this one's writer) has committed to the file.
        A few microseconds, with no disk read while nothing changes. When it changed, the earliest
        pending deadline and the next /away return are read again (two indexed reads), and `wake`
        runs if either moved: a live timer another process wrote fires here at most WAKE_POLL_S
        plus the scheduler's reaction late. A process alone on its file reads no `data_version` (it
        learns of its own deadlines from its own commits); its look is one system call (and, with
        `departed`, the read below) every PEERS_LOOK_S, and it starts watching within PEERS_LOOK_S
        of a second process opening the file.

        `departed` runs when a look finds claims of a process that is gone (SIGKILL included; its
        claims are free now, bot/leases.py) that it did not find before, so the caller looks at its
        work again: two reads of the claims still running (`*_leased` indexes, few rows).
        A failing read is logged once and tried again at the next poll; the scheduler's `max_sleep`
        look stays as the safety net. Where the holds file cannot tell who is alive, it watches
        `data_version` always, as if another process were there."""
        read = self._read
        if read is None:  # :memory: (one connection, one process) or not opened for serving
            return await _no_listener()

        async def version() -> Any:
            async with read.execute("PRAGMA data_version") as cursor:
                row = await cursor.fetchone()
            return None if row is None else row[0]

        async def soonest() -> tuple[Any, Any]:
            rows = await self._all(
                "SELECT (SELECT MIN(MAX(due_at, COALESCE(lease_until, 0))) FROM deadlines WHERE status = 'pending'),"
                " (SELECT MIN(away_until) FROM players)"
            )
            return (rows[0][0], rows[0][1]) if rows else (None, None)

        left: frozenset[tuple[str, int]] = frozenset()

        async def look() -> None:
            nonlocal left
            self.peers = await self._peers()
            if departed is not None:
                dead = await self._dead_claims()
                if dead - left:
                    departed()
                left = dead
            self.peers_looked.set()

        async def watch() -> None:
            seen = (None, (None, None))
            failed = False
            look_at = float("-inf")
            while True:
                try:
                    if time.monotonic() >= look_at:
                        look_at = time.monotonic() + PEERS_LOOK_S
                        await look()
                    if self.peers is None or self.peers:  # not alone (or cannot tell)
                        now = await version()
                        if now != seen[0]:
                            first = seen[0] is None
                            times = await soonest()
                            if times != seen[1] and not first:
                                wake()
                            seen = (now, times)
                    failed = False
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # the file unreadable for a moment: the next poll tries again
                    if not failed:
                        log.warning(
                            "watching the database for other processes' deadlines failed (%s)",
                            type(exc).__name__,
                        )
                    failed = True
                alone = self.peers is not None and not self.peers
                await asyncio.sleep(max(0.0, look_at - time.monotonic()) if alone else WAKE_POLL_S)

        task = asyncio.create_task(watch(), name="tablero-deadline-watch")

        async def stop() -> None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

        return stop

    async def _write_returning(
        self, sql: str, params: Sequence[Any], before: Sequence[_Statement] = ()
    ) -> list[Any]:
        """One statement with RETURNING in its own BEGIN IMMEDIATE ... COMMIT (one hop): the rows.
        `before`: statements sent first in the same transaction."""

        def work(conn: sqlite3.Connection) -> list[Any]:
            conn.execute("BEGIN IMMEDIATE")
            try:
                _run(conn, before)
                rows = conn.execute(sql, params).fetchall()
                conn.execute("COMMIT")
            except BaseException:
                _rollback(conn)
                raise
            return rows

        with storage_faults(self.path):
            async with self._lock:
                return await self.db._execute(work, self.db._conn)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTx]:
        """One atomic unit of writes, sent at the end of the block in one hop; rolled back if the
        block raises. A storage fault raises StorageUnavailable, with nothing written."""
        async with self._lock:
            tx = SqliteTx(self.db, self.clock)
            with storage_faults(self.path):
                try:
                    yield tx
                except BaseException:
                    await tx.rollback()
                    raise
                await tx.commit()

    # --- reads -------------------------------------------------------------------------------
    async def _scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        async with self.db.execute(sql, params) as cursor:
            row = await cursor.fetchone()
        return None if row is None else row[0]

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        # One trip to SQLite's thread (execute and fetch together), not three (execute, fetch,
        # close the cursor): each trip is a hand-off to that thread and back through the event
        # loop, and a click reads the table and its snapshot (issue 9 item 7).
        with storage_faults(self.path):
            if self._read is not None:  # beside the writer: never waits for a unit of work
                return list(await self._read.execute_fetchall(sql, params))
            async with self._lock:
                return list(await self.db.execute_fetchall(sql, params))

    async def table_by_number(self, guild_id: int | None, number: int) -> TableRecord | None:
        """The table a server knows as #`number` (None: no such table on that server)."""
        if not -(2**63) <= number < 2**63:  # beyond SQLite's INTEGER: no such table
            return None
        rows = await self._all(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE guild_id IS ? AND number = ?", (guild_id, number)
        )
        return _table(rows[0]) if rows else None

    async def list_tables(
        self,
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
        statuses: Sequence[str] = (),
        channel_id: int | None = None,
        games: Sequence[str] | None = None,
    ) -> list[TableRecord]:
        """Tables, newest first, filtered in SQL (a busy server may hold thousands): by server, status,
        a user seated or invited, the channel or thread the table is played in, and the game (None:
        any game; empty: none)."""
        sql = f"SELECT {_TABLE_COLUMNS} FROM tables WHERE 1 = 1"
        params: list[Any] = []
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        if statuses:
            sql += f" AND status IN ({', '.join('?' * len(statuses))})"
            params.extend(statuses)
        if games is not None:
            if not games:
                return []
            sql += f" AND game IN ({', '.join('?' * len(games))})"
            params.extend(games)
        if channel_id is not None:
            sql += " AND (thread_id = ? OR channel_id = ?)"
            params.extend((channel_id, channel_id))
        if user_id is not None:
            sql += (
                " AND (EXISTS (SELECT 1 FROM json_each(tables.seats) WHERE json_each.value = ?)"
                " OR EXISTS (SELECT 1 FROM json_each(tables.invited) WHERE json_each.value = ?))"
            )
            params.extend((user_id, user_id))
        sql += " ORDER BY id DESC"
        return [_table(row) for row in await self._all(sql, params)]

    async def choice_tables(
        self,
        *,
        guild_id: int | None,
        statuses: Sequence[str] = (),
        user_id: int | None = None,
        number_prefix: str | None = None,
        games: Sequence[str] | None = None,
        limit: int = CHOICES_MAX,
    ) -> list[TableRecord]:
        """At most `limit` tables for autocomplete, read through indexes so the cost does not grow
        with a server's history (issue 24 item 7); `choice_queries` says in which order."""
        found: dict[int, TableRecord] = {}
        for group in choice_queries(
            guild_id=guild_id, statuses=statuses, user_id=user_id, number_prefix=number_prefix, games=games
        ):
            left = limit - len(found)
            if left <= 0:
                break
            rows: list[TableRecord] = []
            for sql, params in group:
                rows += [_table(row) for row in await self._all(sql, [*params, left])]
            if len(group) > 1:  # one query per game: newest first across them
                rows.sort(key=lambda r: -r.id)
            for record in rows:
                if len(found) < limit:
                    found.setdefault(record.id, record)
        return list(found.values())

    async def games_of(self, statuses: Sequence[str]) -> list[str]:
        """The games of the tables in these statuses, each once, in name order (no record is read)."""
        rows = await self._all(
            f"SELECT DISTINCT game FROM tables WHERE status IN ({', '.join('?' * len(statuses))}) ORDER BY game",
            list(statuses),
        )
        return [row[0] for row in rows]

    async def pending_deliveries(
        self, now: float, table_id: int | None = None, *, skip: Callable[[int, str], bool] | None = None
    ) -> list[DeliveryRecord]:
        """The rows due by `now` (of one table, if given), by table and id. `skip(table_id, kind)`
        leaves rows out before they are decoded: the delivery worker lists every pending row on
        each pass but starts only the lanes not already running, and decoding a backlog of rows
        (JSON payloads, records) it would drop took milliseconds on the event loop."""
        sql = f"SELECT {_DELIVERY_COLUMNS} FROM deliveries WHERE status = 'pending' AND not_before <= ?"
        params: list[Any] = [now]
        if table_id is not None:
            sql += " AND table_id = ?"
            params.append(table_id)
        rows = await self._all(sql + " ORDER BY table_id, id", params)
        if skip is not None:
            rows = [r for r in rows if not skip(r[_DELIVERY_TABLE], r[_DELIVERY_KIND])]
        return [_delivery(r) for r in rows]

    _SUMMARY = "COALESCE(json_extract(payload, '$.summary'), 1)"
    """A turn announcement that sums up a whole game turn (a row before that flag counts as one)."""

    async def next_wakeup(self) -> float | None:
        """When the earliest deferred (retrying) delivery becomes due, if any."""
        rows = await self._all(  # a row leased to another process: when its lease runs out
            "SELECT MIN(MAX(not_before, COALESCE(lease_until, 0))) FROM deliveries WHERE status = 'pending'"
        )
        return rows[0][0] if rows else None

    async def pending_besides(self, held: str) -> bool:
        """Whether a pending delivery exists that is not held with `held` as its reason (the quiet
        hours' hold, bot/quiet.py: the worker is idle while only those wait)."""
        rows = await self._all(
            "SELECT 1 FROM deliveries WHERE status = 'pending' AND last_error IS NOT ? LIMIT 1", (held,)
        )
        return bool(rows)

    async def due_deadlines(self, now: float) -> list[DeadlineRecord]:
        rows = await self._all(
            f"SELECT {_DEADLINE_COLUMNS} FROM deadlines WHERE status = 'pending' AND due_at <= ? ORDER BY due_at, id",
            (now,),
        )
        return [_deadline(r) for r in rows]

    async def next_deadline(self, exclude: Collection[int] = ()) -> float | None:
        """When the earliest pending deadline (other than the `exclude`d ids) falls due, if any."""
        # a deadline another process holds a lease on is due for this one when the lease runs out
        sql = "SELECT MIN(MAX(due_at, COALESCE(lease_until, 0))) FROM deadlines WHERE status = 'pending'"
        params = list(exclude)
        if params:
            sql += f" AND id NOT IN ({', '.join('?' * len(params))})"
        rows = await self._all(sql, params)
        return rows[0][0] if rows else None

    async def returns_due(self, now: float) -> list[int]:
        """The players whose /away ran out by `now` (bot/absence.py hands their seats back)."""
        rows = await self._all(
            "SELECT user_id FROM players WHERE away_until IS NOT NULL AND away_until <= ? ORDER BY user_id",
            (now,),
        )
        return [row[0] for row in rows]

    async def next_return(self) -> float | None:
        """When the next /away runs out (None: nobody is away with a date)."""
        value = await self._scalar("SELECT MIN(away_until) FROM players")
        return None if value is None else float(value)

    # --- single-write conveniences -----------------------------------------------------------
    # --- issue 28 items 4-5: results for the ratings, the referee thread ---------------------
    async def results(self, guild_id: int | None, game: str | None = None) -> list[ResultRecord]:
        """The server's finished tables (of one game, or all), in the order they finished."""
        sql = (
            "SELECT r.table_id, t.number, r.game, t.seats, t.outcome, r.finished_at,"
            " (SELECT group_concat(DISTINCT e.actor) FROM events e"
            "  WHERE e.table_id = r.table_id AND e.actor LIKE 'ai:%'),"
            " EXISTS (SELECT 1 FROM tables s WHERE s.series_of = r.table_id)"
            " FROM results r JOIN tables t ON t.id = r.table_id WHERE r.guild_id IS ?"
        )
        params: list[Any] = [guild_id]
        if game is not None:
            sql += " AND r.game = ?"
            params.append(game)
        rows = await self._all(sql + " ORDER BY r.finished_at, r.table_id", params)
        return [_result(row) for row in rows]

    async def turn_journal(self, guild_id: int | None, user_id: int) -> list[JournalRecord]:
        """See Store.turn_journal: one query, the user's started tables found by their seats (the
        holder is JSON text: the user's id is its digits)."""
        sql = (
            "WITH mine AS (SELECT id FROM tables WHERE status <> 'lobby'"
            + (" AND guild_id = ?" if guild_id is not None else "")
            + " AND EXISTS (SELECT 1 FROM json_each(tables.seats) WHERE json_each.value = ?))"
            " SELECT a.table_id, a.seat, CASE WHEN a.holder = ? THEN ? END, a.at, e.at FROM mine"
            " JOIN actions a ON a.table_id = mine.id"
            " LEFT JOIN events e ON e.table_id = mine.id AND e.seq = 1"
            " ORDER BY a.table_id, a.id"
        )
        params = [*([guild_id] if guild_id is not None else []), user_id, str(int(user_id)), user_id]
        return [JournalRecord._make(row) for row in await self._all(sql, params)]

    async def referee_of(self, table_id: int) -> RefereeRecord | None:
        rows = await self._all(
            "SELECT table_id, thread_id, user_id, messages, updated_at FROM referee_threads WHERE table_id = ?",
            (table_id,),
        )
        return _referee(rows[0]) if rows else None
