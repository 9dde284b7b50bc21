"""What both store engines write alike, written once: the reads (and two one-write conveniences)
whose SQL they speak alike, and the table row's UPDATE.

Both stores inherit the reads (bot/store_sqlite.py, bot/store_pg.py). The SQL is written with SQLite's `?`
placeholders; each store's `_all` runs it (PostgreSQL's numbers them `$1, $2, ...`) and `transaction`
gives the unit of work. Reads that differ between the engines (JSON, arrays, NULL comparisons,
casts) stay in each store.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Outcome

from .records import (
    _ACTION_COLUMNS,
    _DEADLINE_COLUMNS,
    _DELIVERY_COLUMNS,
    _EVENT_COLUMNS,
    _PLAYER_COLUMNS,
    _REFUSAL_COLUMNS,
    _TABLE_COLUMNS,
    _UPDATABLE,
    ActionRecord,
    Counts,
    DeadlineRecord,
    DeliveryRecord,
    EventRecord,
    PlayerRecord,
    RefusalRecord,
    ServerSettings,
    SnapshotRecord,
    TableRecord,
    _action,
    _deadline,
    _delivery,
    _dumps,
    _event,
    _player,
    _refusal,
    _table,
)

JSON_COLUMNS = ("seats", "invited", "outcome", "options", "settings", "absence", "pause", "undo")
"""The table row's columns stored as JSON text (jsonb on PostgreSQL, which takes the same text)."""


def table_update(
    table_id: int,
    now: float,
    expected_version: int | None,
    fields: dict[str, Any],
    *,
    absence_was: Mapping[str, Any] | None = None,
    patch: str = "json_patch(absence, ?)",
) -> tuple[str, list[Any]]:
    """`Tx.update_table`'s statement (`?` placeholders) and its parameters; ValueError for a column
    that may not be updated. With `expected_version`, it changes the row only at that version.

    With `absence_was` (the absence record as the writer read it), a new `absence` is written as
    the writer's CHANGE to it, not whole: the RFC 7396 merge patch from what it read to what it
    wants (`merge_patch`), applied in the statement to the record as it is then (`patch`: the
    engine's merge function, SQLite's json_patch, PostgreSQL's tablero_merge_patch). A round of a
    series copies its stand-ins into the series' record without the series' hold
    (bot/absence_service.py's `sync_series`); on SQLite, whose table holds do not lock the row, such
    a copy could commit between a campaign table's read of its record and its write, and a whole
    write would then drop it. As a change, both stand (the same key changed by both: the later
    write's). Nothing to change: the column is left as it is."""
    unknown = set(fields) - _UPDATABLE
    if unknown:
        raise ValueError(f"cannot update table columns {sorted(unknown)}")
    sets: list[str] = ["updated_at = ?"]
    params: list[Any] = [now]
    for name, value in fields.items():
        if name == "absence" and absence_was is not None and not _holds_null(value):
            change = merge_patch(absence_was, value)
            if change:
                sets.append(f"absence = {patch}")
                params.append(_dumps(change))
            continue
        sets.append(f"{name} = ?")
        if isinstance(value, Outcome):
            value = value.model_dump(mode="json")
        params.append(_dumps(value) if name in JSON_COLUMNS and value is not None else value)
    sql = f"UPDATE tables SET {', '.join(sets)} WHERE id = ?"
    params.append(table_id)
    if expected_version is not None:
        sql += " AND version = ?"
        params.append(expected_version)
    return sql, params


def merge_patch(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """The RFC 7396 merge patch that turns the JSON object `old` into `new`: a key gone is null (the
    patch removes it), a nested object changed is its own patch, any other value changed is the
    new value. Exact for objects that hold no null (`_holds_null`), as the absence record
    (bot/absence.py removes a seat's entry, it never sets it to null)."""
    change: dict[str, Any] = {key: None for key in old if key not in new}
    for key, value in new.items():
        before = old.get(key)
        if isinstance(value, Mapping) and isinstance(before, Mapping):
            inner = merge_patch(before, value)
            if inner:
                change[key] = inner
        elif key not in old or before != value:
            change[key] = value
    return change


def _holds_null(value: Any) -> bool:
    """Whether a JSON value holds a null anywhere (a merge patch could not write it: it would remove
    the key instead)."""
    if value is None:
        return True
    if isinstance(value, Mapping):
        return any(_holds_null(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_holds_null(v) for v in value)
    return False


_TABLE_OF_JOIN = ", ".join(f"tables.{name}" for name in _TABLE_COLUMNS.split(", "))


class SharedReads:
    """Mixed into both stores; they provide `_all` (rows of one query) and `transaction`."""

    _SNAPSHOT_DATA = "data"
    """How a snapshot's data is read (SQLite's store reads it as bytes: see there)."""

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        raise NotImplementedError

    def transaction(self) -> Any:
        raise NotImplementedError

    async def schema_version(self) -> int:
        rows = await self._all("SELECT MAX(version) FROM schema_version")
        return int(rows[0][0] or 0) if rows else 0

    async def counts(self) -> Counts:
        by_status = await self._all("SELECT status, COUNT(*) FROM tables GROUP BY status ORDER BY status")
        events = await self._all("SELECT COUNT(*) FROM events")
        return Counts(
            tables=sum(int(count) for _, count in by_status),
            tables_by_status={status: int(count) for status, count in by_status},
            events=int(events[0][0]),
        )

    async def get_table(self, table_id: int) -> TableRecord | None:
        if not -(2**63) <= table_id < 2**63:  # beyond a 64-bit integer: no such table (a forged id)
            return None
        rows = await self._all(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        return _table(rows[0]) if rows else None

    async def get_snapshot(self, table_id: int) -> SnapshotRecord | None:
        rows = await self._all(
            f"SELECT table_id, version, schema_hash, {self._SNAPSHOT_DATA} FROM snapshots WHERE table_id = ?",
            (table_id,),
        )
        return _snapshot(*rows[0]) if rows else None

    async def table_and_snapshot(self, table_id: int) -> tuple[TableRecord | None, SnapshotRecord | None]:
        """A table and its snapshot (None: none stored) in one read, as a move loads them."""
        if not -(2**63) <= table_id < 2**63:
            return None, None
        rows = await self._all(
            f"SELECT {_TABLE_OF_JOIN}, snapshots.version, snapshots.schema_hash,"
            f" {self._SNAPSHOT_DATA.replace('data', 'snapshots.data')}"
            " FROM tables LEFT JOIN snapshots ON snapshots.table_id = tables.id WHERE tables.id = ?",
            (table_id,),
        )
        if not rows:
            return None, None
        row = tuple(rows[0])
        table = _table(row[:-3])
        version, digest, data = row[-3:]
        return table, None if version is None else _snapshot(table.id, version, digest, data)

    async def find_rematch(self, table_id: int) -> TableRecord | None:
        rows = await self._all(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE rematch_of = ?", (table_id,))
        return _table(rows[0]) if rows else None

    async def find_in_series(self, series_of: int, key: str) -> TableRecord | None:
        rows = await self._all(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE series_of = ? AND series_key = ?", (series_of, key)
        )
        return _table(rows[0]) if rows else None

    async def load_events(
        self, table_id: int, upto: int | None = None, *, since: int | None = None
    ) -> list[EventRecord]:
        sql = f"SELECT {_EVENT_COLUMNS} FROM events WHERE table_id = ?"
        params: list[Any] = [table_id]
        if upto is not None:
            sql += " AND seq <= ?"
            params.append(upto)
        if since is not None:  # (the primary key's range: only the rows wanted are read)
            sql += " AND seq >= ?"
            params.append(since)
        rows = await self._all(sql + " ORDER BY seq", params)
        return [_event(r) for r in rows]

    async def load_actions(self, table_id: int) -> list[ActionRecord]:
        """The table's recorded actions, in the order they were taken."""
        rows = await self._all(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE table_id = ? ORDER BY id", (table_id,)
        )
        return [_action(r) for r in rows]

    async def get_delivery(self, delivery_id: int) -> DeliveryRecord | None:
        rows = await self._all(f"SELECT {_DELIVERY_COLUMNS} FROM deliveries WHERE id = ?", (delivery_id,))
        return _delivery(rows[0]) if rows else None

    async def deliveries(self, table_id: int, *, target: str | None = None) -> list[DeliveryRecord]:
        if target is None:
            rows = await self._all(
                f"SELECT {_DELIVERY_COLUMNS} FROM deliveries WHERE table_id = ? ORDER BY id", (table_id,)
            )
        else:
            rows = await self._all(
                f"SELECT {_DELIVERY_COLUMNS} FROM deliveries WHERE table_id = ? AND target = ? ORDER BY id",
                (table_id, target),
            )
        return [_delivery(r) for r in rows]

    async def latest_turns(self, table_id: int, limit: int) -> list[DeliveryRecord]:
        # one turn row per version (its unique key leads with table_id, version): read backwards
        rows = await self._all(
            f"SELECT {_DELIVERY_COLUMNS} FROM deliveries WHERE table_id = ? AND kind = 'turn'"
            " ORDER BY version DESC, id DESC LIMIT ?",
            (table_id, limit),
        )
        return [_delivery(r) for r in rows]

    _SUMMARY: str
    """(Each store's: SQL that is true of a turn announcement summing up a whole game turn.)"""

    async def latest_summary(self, table_id: int) -> DeliveryRecord | None:
        # backwards along the (table_id, version, kind, target) unique key (one public turn row a
        # version), to the first summary: as many rows as the newest game turn has announcements,
        # whatever the length of the game
        rows = await self._all(
            f"SELECT {_DELIVERY_COLUMNS} FROM deliveries WHERE table_id = ? AND kind = 'turn'"
            f" AND {self._SUMMARY} ORDER BY version DESC LIMIT 1",
            (table_id,),
        )
        return _delivery(rows[0]) if rows else None

    async def last_summary_end(self, table_id: int) -> int:
        # a summary covers up to its own version (`to`): the newest is the furthest
        summary = await self.latest_summary(table_id)
        return int(summary.payload.get("to", 0)) if summary is not None else 0

    async def newer_delivery_exists(self, row: DeliveryRecord) -> bool:
        rows = await self._all(
            "SELECT 1 FROM deliveries WHERE table_id = ? AND kind = ? AND target = ? AND version > ?"
            " AND status != 'skipped' LIMIT 1",
            (row.table_id, row.kind, row.target, row.version),
        )
        return bool(rows)

    async def deadlines(self, table_id: int) -> list[DeadlineRecord]:
        rows = await self._all(
            f"SELECT {_DEADLINE_COLUMNS} FROM deadlines WHERE table_id = ? ORDER BY id", (table_id,)
        )
        return [_deadline(r) for r in rows]

    async def pending_deadlines(self, table_id: int, kind: str) -> list[DeadlineRecord]:
        """A table's pending deadlines of one kind (its running time limits: "timeout"), soonest first."""
        rows = await self._all(
            f"SELECT {_DEADLINE_COLUMNS} FROM deadlines WHERE table_id = ? AND kind = ? AND status = 'pending'"
            " ORDER BY due_at, id",
            (table_id, kind),
        )
        return [_deadline(r) for r in rows]

    async def standing(self, table_id: int) -> dict[str, dict[str, str]]:
        """The standing orders of a table's seats: seat -> name -> value."""
        rows = await self._all(
            "SELECT seat, name, value FROM standing_orders WHERE table_id = ? ORDER BY seat, name",
            (table_id,),
        )
        found: dict[str, dict[str, str]] = {}
        for seat, name, value in rows:
            found.setdefault(seat, {})[name] = value
        return found

    async def get_player(self, user_id: int) -> PlayerRecord | None:
        rows = await self._all(f"SELECT {_PLAYER_COLUMNS} FROM players WHERE user_id = ?", (user_id,))
        return _player(rows[0]) if rows else None

    async def guild_language(self, guild_id: int) -> str | None:
        rows = await self._all("SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return rows[0][0] if rows else None

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """A server's defaults and allowed channels (none set: no defaults, any channel)."""
        rows = await self._all(
            "SELECT defaults, channels FROM server_settings WHERE guild_id = ?", (guild_id,)
        )
        if not rows:
            return ServerSettings(guild_id=guild_id)
        return ServerSettings(
            guild_id=guild_id, defaults=json.loads(rows[0][0]), channels=json.loads(rows[0][1])
        )

    async def upsert_player(
        self, user_id: int, *, locale: str | None = None, dm_status: str | None = None
    ) -> None:
        async with self.transaction() as tx:
            await tx.upsert_player(user_id, locale=locale, dm_status=dm_status)

    async def set_guild_language(self, guild_id: int, language: str) -> None:
        async with self.transaction() as tx:
            await tx.set_guild_language(guild_id, language)

    async def refusal(self, table_id: int, user_id: int) -> RefusalRecord | None:
        """The user's latest ruled refusal at the table (bot/why.py; their own: read for them alone)."""
        rows = await self._all(
            f"SELECT {_REFUSAL_COLUMNS} FROM refusals WHERE table_id = ? AND user_id = ?", (table_id, user_id)
        )
        return _refusal(rows[0]) if rows else None

    async def record_refusal(
        self, table_id: int, user_id: int, version: int, message_id: str, params: dict[str, Any], ruling: str
    ) -> None:
        async with self.transaction() as tx:
            await tx.put_refusal(table_id, user_id, version, message_id, params, ruling)


def _snapshot(table_id: int, version: int, digest: str, data: Any) -> SnapshotRecord:
    """A snapshot row as read: bytes (SQLite's) decoded here, so a damaged row (bytes that are not
    UTF-8) reads as text that fails validation, and the table is rebuilt from its log
    (TableService.load), instead of the read itself failing."""
    text = bytes(data).decode("utf-8", "replace") if isinstance(data, bytes | memoryview) else data or ""
    return SnapshotRecord(table_id=table_id, version=version, schema_hash=digest, data=text)
