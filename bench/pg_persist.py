"""Persisting one move on PostgreSQL against a bare asyncpg insert + commit of the same bytes.

Run: pg_virtualenv -t .venv/bin/python bench/pg_persist.py [--moves 300] [--game canyon] [--fsync on|off]
The PostgreSQL twin of bench/platform_persist.py (issue 6's measure on SQLite; issue 25 item 8's
third ratio): moves of two-player games played through the real table service on a PostgreSQL
schema (`TABLERO_DB=postgresql://`), each move's transaction (bot/tables.py `_write`: its events and
the actions that caused them, the table row under its version check, the snapshot, the outbox rows
and deadlines, and COMMIT) timed as the service commits it: inside the move's hold on its table,
whose connection and BEGIN (sent with the row lock, one round trip before the move's load) are the
cross-process lock of item 4, not the persisting. Right after each move, on a connection of its own,
the baseline: asyncpg's `conn.transaction()` (BEGIN, one INSERT of as many bytes as the move wrote
as one `bytea` row, COMMIT), so the machine's load weighs on both alike. `--fsync on` turns the
throw-away cluster's fsync on first (as a production server runs: both sides then wait for the
disk); pg_virtualenv's default, off, shows what the store itself costs. Figures only.

A third figure, the same rows by hand: once the moves are played (so that its writes do not weigh on
them), each move's own writes (every `Tx` call it made, with the same values), in order, written
again by hand with asyncpg into a twin schema
(the same migrations: the same tables, indexes, foreign keys and functions), as one would write
them without Tablero's store: `conn.transaction()`, then each write as its own `execute` (asyncpg's
prepared-statement cache, binary parameters; a write of several rows as one `executemany`), the
version check read from the status, COMMIT; a bare insert right after each again. Its ratio says
what the store's own way of writing
costs (or saves: its one round trip), apart from how many rows a move writes; the goal's ratio
against the single-row insert says both at once (bench/README.md, "Reading the figures").
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from platform_common import summary  # noqa: E402
from platform_persist import Weighing, play, report  # noqa: E402

from bot.store_pg import (  # noqa: E402
    _ADD_ACTION,
    _ADD_DEADLINE,
    _ADD_DELIVERY,
    _ADD_EVENT,
    _END_DEADLINES,
    _PUT_SNAPSHOT,
    _REARM,
    _TOUCH_STATUS,
    _VOID_DEADLINES,
    PostgresStore,
    PostgresTx,
    _json,
    _q,
)
from bot.store_shared import table_update  # noqa: E402

ALICE, BOB = 1, 2


class TimedPg(PostgresStore):
    """The real store; a transaction that appends events (a move) is timed and weighed, and the
    bare insert of its bytes is timed right after it."""

    def __init__(self, url: str, schema: str) -> None:
        super().__init__(url, schema=schema)
        self.moves: list[tuple[float, int]] = []  # (seconds, bytes)
        self.bare: list[float] = []
        self.by_hand: list[float] = []
        self.bare_by_hand: list[float] = []  # the bare insert again, beside each by-hand move
        self.kept: list[list[Any]] = []  # each timed move's writes (dropped with it, as the timings)
        self.every: list[list[Any]] = []  # every unit of work's writes, for the twin, in order
        self.trips: list[int] = []
        self.hand_failed = 0  # moves whose writes the hand-written twin could not repeat (none, so far)
        self._bare: asyncpg.Connection | None = None
        self._hand: asyncpg.Connection | None = None
        self._count = [0]

    async def open(self, *, check: bool = True) -> None:
        await super().open(check=check)
        self._bare = await asyncpg.connect(self.url, server_settings={"search_path": self.schema or "public"})
        await self._bare.execute("CREATE TABLE bare (id BIGSERIAL PRIMARY KEY, data BYTEA NOT NULL)")
        twin = PostgresStore(self.url, schema=f"{self.schema}_hand")  # the same migrations
        await twin.open()
        await twin.close()
        self._hand = await asyncpg.connect(self.url, server_settings={"search_path": f"{self.schema}_hand"})
        _note_writes()
        counted = self._count
        for name in ("execute", "executemany", "fetch", "fetchval", "fetchrow"):
            original = getattr(asyncpg.Connection, name)

            def wrapped(conn: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
                counted[0] += 1
                return _original(conn, *args, **kwargs)

            setattr(asyncpg.Connection, name, wrapped)

    async def close(self) -> None:
        if self._bare is not None:
            await self._bare.close()
        if self._hand is not None:
            await self._hand.execute(f'DROP SCHEMA "{self.schema}_hand" CASCADE')
            await self._hand.close()
        await super().close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Any]:
        written: list[Any] = []
        sent = self._count[0]
        start = time.perf_counter()
        async with super().transaction() as tx:
            _NOTING.append(written)
            try:
                yield tx
            finally:
                _NOTING.pop()
        spent = time.perf_counter() - start
        weight = await _weight(written)  # weighed after the timing
        if weight:
            self.moves.append((spent, weight))
            self.trips.append(self._count[0] - sent)
            self.bare.append(await self._insert(weight))
            self.kept.append(written)
            self.every.append(written)

    async def repeat_by_hand(self, moves: int) -> None:
        """After the play (not between its moves, where the twin's writes would weigh on the
        moves measured): every unit of work's writes again, by hand, into the twin, in order; each
        measured move's timed, with a bare insert right after it."""
        measured = {id(w) for w in self.kept[:moves]}
        for written in self.every:
            spent = await self._by_hand(written)
            if id(written) in measured:
                self.by_hand.append(spent)
                self.bare_by_hand.append(await self._insert(await _weight(written)))

    async def _insert(self, size: int) -> float:
        assert self._bare is not None
        payload = os.urandom(size)
        start = time.perf_counter()
        async with self._bare.transaction():
            await self._bare.execute("INSERT INTO bare (data) VALUES ($1)", payload)
        return time.perf_counter() - start

    async def _by_hand(self, written: list[Any]) -> float:
        """The move's writes again, by hand, into the twin schema (see the module's doc): the
        seconds from BEGIN to COMMIT; NaN (left out of the figures) for a move whose writes the
        twin cannot repeat."""
        assert self._hand is not None
        conn = self._hand
        for name, (table_id, *_), kwargs in written:
            if name != "update_table":
                continue
            # untimed: the twin's table row as the move found it (its version check then holds)
            expected = kwargs.get("expected_version")
            await conn.execute(
                f'INSERT INTO tables SELECT * FROM "{self.schema}".tables WHERE id = $1 ON CONFLICT DO NOTHING',
                table_id,
            )
            if expected is not None:
                await conn.execute("UPDATE tables SET version = $1 WHERE id = $2", expected, table_id)
        now = time.time()
        start = time.perf_counter()
        try:
            async with conn.transaction():
                for name, args, kwargs in written:
                    await _HAND[name](conn, now, *args, **kwargs)
        except (KeyError, asyncpg.PostgresError, AssertionError):
            self.hand_failed += 1
            return float("nan")
        return time.perf_counter() - start


async def _weight(written: list[Any]) -> int:
    """The bytes a unit of work wrote, weighed as bench/platform_persist.py weighs (its Weighing):
    its events, actions and snapshot (0: it wrote none, it is not a move)."""
    weight = [0]
    for method, args, _ in written:
        if method in ("append_events", "append_actions", "put_snapshot"):
            await getattr(Weighing(_Nothing(), weight), method)(*args)
    return weight[0]


async def _events(conn: Any, now: float, table_id: int, first_seq: int, events: Any) -> None:
    rows = [(table_id, first_seq + i, e.kind, _json(e.data), e.actor, now) for i, e in enumerate(events)]
    await (conn.execute(_ADD_EVENT, *rows[0]) if len(rows) == 1 else conn.executemany(_ADD_EVENT, rows))


async def _actions(conn: Any, now: float, table_id: int, actions: Any) -> None:
    rows = [(table_id, a.version, a.seat, _json(a.holder), _json(a.data), a.events, now) for a in actions]
    if rows:
        await (conn.execute(_ADD_ACTION, *rows[0]) if len(rows) == 1 else conn.executemany(_ADD_ACTION, rows))


async def _update(
    conn: Any,
    now: float,
    table_id: int,
    *,
    expected_version: int | None = None,
    absence_was: Any = None,
    **fields: Any,
) -> None:
    sql, params = table_update(
        table_id,
        now,
        expected_version,
        fields,
        absence_was=absence_was,
        patch="tablero_merge_patch(absence, ?::jsonb)",
    )
    status = await conn.execute(_q(sql), *params)
    assert expected_version is None or status == "UPDATE 1", status  # the version check, by hand


async def _void(conn: Any, now: float, table_id: int) -> None:
    await conn.execute(_VOID_DEADLINES, table_id)


async def _deadline(conn: Any, now: float, **d: Any) -> None:
    await conn.execute(
        _ADD_DEADLINE,
        d["table_id"],
        d["kind"],
        d["seat"],
        d["key"],
        d["version"],
        float(d["due_at"]),
        _json(d.get("payload") or {}),
    )


async def _rearm(conn: Any, now: float, table_id: int, *, ended: Any, armed: Any, keep_limits: Any) -> None:
    seats, keys = sorted(ended), [r.key for r in armed]
    for r in armed:  # the store's statements, one execute each
        await conn.execute(_REARM, r.seat, r.key, r.version, float(r.due_at), table_id, seats, keys)
        await conn.execute(
            _ADD_DEADLINE, table_id, "reminder", r.seat, r.key, r.version, float(r.due_at), "{}"
        )
    await conn.execute(_END_DEADLINES, table_id, seats, keys, sorted(keep_limits))


_HAND: dict[str, Any] = {
    "append_events": _events,
    "append_actions": _actions,
    "update_table": _update,
    "put_snapshot": lambda conn, now, *a: conn.execute(_PUT_SNAPSHOT, *a),
    "touch_status": lambda conn, now, table_id: conn.execute(_TOUCH_STATUS, table_id, now),
    "add_delivery": lambda conn, now, r: conn.execute(
        _ADD_DELIVERY, r.table_id, r.version, r.kind, r.target, _json(r.payload), now
    ),
    "void_deadlines": _void,
    "add_deadline": _deadline,
    "rearm_reminders": _rearm,
}
"""The writes a move of the measured games makes, each as asyncpg by hand (a write not here: the
move is left out of the by-hand figure, counted in `hand_failed`)."""


_NOTING: list[list[Any]] = []
"""The writes of the unit of work being timed (a stack: the bench plays in one task)."""

_WRITES = frozenset(
    name
    for name, f in vars(PostgresTx).items()
    if not name.startswith("_") and asyncio.iscoroutinefunction(f)
) - {"commit", "flush", "lock_table"}
"""The store's writes, noted as the service calls them (a write that another calls, as
`rearm_reminders` calls `add_deadline`, is noted once, as the outer call)."""


def _note_writes() -> None:
    """Wrap each of PostgresTx's writes, once per process: a call from outside another write is
    noted in the unit of work being timed (one function call more a write, nothing created)."""
    if getattr(PostgresTx, "_noted", False):
        return
    depth = [0]
    for name in _WRITES:
        original = getattr(PostgresTx, name)

        async def noted(
            tx: Any, *args: Any, _name: str = name, _original: Any = original, **kwargs: Any
        ) -> Any:
            if _NOTING and not depth[0]:
                _NOTING[-1].append((_name, args, kwargs))
            depth[0] += 1
            try:
                return await _original(tx, *args, **kwargs)
            finally:
                depth[0] -= 1

        setattr(PostgresTx, name, noted)
    PostgresTx._noted = True  # type: ignore[attr-defined]


class _Nothing:
    """Writes nothing (Weighing's inner Tx, when only the weighing is wanted)."""

    def __getattr__(self, name: str) -> Any:
        async def nothing(*args: Any) -> None:
            return None

        return nothing


async def measure(game: str, moves: int, fsync: str | None) -> dict[str, Any]:
    url = os.environ.get("TABLERO_TEST_PG") or "postgresql://"
    if fsync is not None:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(f"ALTER SYSTEM SET fsync = {'on' if fsync == 'on' else 'off'}")
            await conn.execute("SELECT pg_reload_conf()")
        finally:
            await conn.close()
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    store = TimedPg(url, schema)
    await store.open()
    try:
        server = {
            "fsync": await store.pool.fetchval("SHOW fsync"),
            "synchronous_commit": await store.pool.fetchval("SHOW synchronous_commit"),
        }
        await play(store, game, moves, [store.moves, store.bare, store.trips, store.kept])
        await store.repeat_by_hand(moves)
    finally:
        await store.pool.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await store.close()
    ours = [t * 1000 for t, _ in store.moves[:moves]]
    theirs = [t * 1000 for t in store.bare[:moves]]
    hand = [t * 1000 for t in store.by_hand[:moves] if t == t]  # (NaN: a move not repeated by hand)
    return {
        "tablero": summary(ours),
        "bare": summary(theirs),
        "by_hand": summary(hand),
        "bare_by_hand": summary([t * 1000 for t in store.bare_by_hand]),
        "by_hand_left_out": len(ours) - len(hand),
        "bytes_mean": sum(size for _, size in store.moves[:moves]) / len(ours),
        "round_trips_mean": sum(store.trips[:moves]) / len(ours),
        "server": server,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--game", default="canyon")
    parser.add_argument("--fsync", choices=("on", "off"), help="set the server's fsync first (ALTER SYSTEM)")
    args = parser.parse_args()
    load = os.getloadavg()
    figures = asyncio.run(measure(args.game, args.moves, args.fsync))
    t, b = figures["tablero"], figures["bare"]
    server = figures["server"]
    print(
        f"{args.moves} {args.game} moves on PostgreSQL (fsync {server['fsync']}, synchronous_commit"
        f" {server['synchronous_commit']}), {figures['bytes_mean']:.0f} bytes each on average"
        f" (events + snapshot + actions); load average before the run {load[0]:.2f}"
    )
    print(
        f"Tablero move's writes + COMMIT, in its hold: p50 {t['p50']:.2f} ms  p99 {t['p99']:.2f} ms"
        f"  ({figures['round_trips_mean']:.1f} round trips)"
    )
    print(
        f"bare insert + commit of the same bytes  : p50 {b['p50']:.2f} ms  p99 {b['p99']:.2f} ms  (3 round trips)"
    )
    h = figures["by_hand"]
    print(
        f"the same rows by hand (asyncpg, a statement each): p50 {h['p50']:.2f} ms  p99 {h['p99']:.2f} ms"
        f"  ({h['n']} moves, {figures['by_hand_left_out']} left out; the bare insert beside them"
        f" p50 {figures['bare_by_hand']['p50']:.2f} ms); Tablero against it: {t['p50'] / h['p50']:.2f}x (p50)"
    )
    report("pg_persist", figures, args.game, args.moves)


if __name__ == "__main__":
    main()
