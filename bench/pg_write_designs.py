"""What a move's writes would cost on PostgreSQL in other shapes of the schema: the server's part alone.

Run: pg_virtualenv -t .venv/bin/python bench/pg_write_designs.py [--moves 1500] [--tables 50]
Issue 25 item 8's third goal (a move's writes at most 1.5x a bare asyncpg insert + commit) is
missed (bench/pg_persist.py; bench/README.md, "Reading the figures"). This script says what would
meet it: the same Canyon-sized move (two events of ~150 bytes, a ~1 kB snapshot, the turn post and
a DM, the next reminder) written as ONE batch of prepared statements in one trip, as
bot/store_pg.py's PostgresTx sends it, in six shapes of the schema, against the bare insert of
`pg_persist.py` (BEGIN, one INSERT of 1,300 bytes, COMMIT, on a connection of its own) right
after each move. No Python of the
store is in the timing (the statements are built before it): what is measured is the trip and the
server's work on the rows, which is what the shapes change.

The shapes (the schema is the real one, bot/pg_migrations.py, changed as each says):
- `before`: the statements of a move before this session (the mover's reminder voided, the next
  one written as a new row, the time limits and warnings voided in two statements, each outbox
  row its own statement).
- `now`: as bot/store_pg.py writes a move today (`Tx.rearm_reminders`: the next reminder in the
  row of the one that ends, what ends in one statement).
- `no_fk`: `now` without the foreign keys of the tables a move writes (events, actions,
  deliveries, deadlines, snapshots).
- `lean`: `no_fk` with the action in its first event's row and the snapshot in the table row: a
  move writes its events, the table row, the status row, the outbox rows and the reminder.
- `least`: one event, the table's version and one outbox row: the least a move could write and
  still be a transactional outbox with an optimistic lock.
`--tables`: the moves are spread over this many tables in turn (a Canyon game is ~30 moves);
`--tables 1` plays them all at one table (a long campaign: the `before` shape's voids then look
through the table's whole history of reminders). Figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from platform_common import result, summary  # noqa: E402

from bot import store_pg  # noqa: E402  (the store's own statements, where a shape writes as it does)
from bot.store_pg import PostgresStore, _literal  # noqa: E402

EVENT = json.dumps(
    {"kind": "played", "seat": "stormtalon", "card": {"id": 17, "speed": 3}, "hand": list(range(9))}
)
SNAPSHOT = json.dumps({"cards": [{"id": i, "name": f"card {i}"} for i in range(40)]})[:1000]
ACTION = json.dumps({"type": "play", "card": 17})
UNDO = json.dumps({"stormtalon": {"version": 5}})
TURN = json.dumps({"from": 1, "to": 2, "ping": [], "summary": False})

_EVENTS = "INSERT INTO events (table_id, seq, kind, data, actor, at) VALUES ($1, $2, $3, $4, $5, $6), ($7, $8, $3, $9, $5, $6)"
_TABLE = (
    "WITH changed AS (UPDATE tables SET updated_at = $1, version = $2, undo = $3 WHERE id = $4 AND version = $5"
    " RETURNING 1) SELECT tablero_one_row(COUNT(*), $4) FROM changed"
)
_VOID_SEAT = "UPDATE deadlines SET status = 'void' WHERE table_id = $1 AND status = 'pending' AND kind = $2 AND seat = $3"
_VOID_KIND = (
    "UPDATE deadlines SET status = 'void' WHERE table_id = $1 AND status = 'pending' AND kind = $2"
    " AND NOT (key = ANY($3::text[]))"
)
# the lean shapes' own (the action in its first event's row, the snapshot in the table row)
_LEAN_EVENTS = (
    "INSERT INTO events (table_id, seq, kind, data, actor, at, action)"
    " VALUES ($1, $2, $3, $4, $5, $6, $10), ($7, $8, $3, $9, $5, $6, NULL)"
)
_LEAN_TABLE = (
    "WITH changed AS (UPDATE tables SET updated_at = $1, version = $2, undo = $3, snapshot = $6 WHERE id = $4"
    " AND version = $5 RETURNING 1) SELECT tablero_one_row(COUNT(*), $4) FROM changed"
)
_ONE_EVENT = "INSERT INTO events (table_id, seq, kind, data, actor, at) VALUES ($1, $2, $3, $4, $5, $6)"

STATEMENTS = {
    "events": _EVENTS,
    "action": store_pg._ADD_ACTION,
    "table_row": _TABLE,
    "snapshot": store_pg._PUT_SNAPSHOT,
    "status": store_pg._TOUCH_STATUS,
    "outbox_row": store_pg._ADD_DELIVERY,
    "void_seat": _VOID_SEAT,
    "add_deadline": store_pg._ADD_DEADLINE,
    "void_kind": _VOID_KIND,
    "rearm": store_pg._REARM,
    "end_deadlines": store_pg._END_DEADLINES,
    "lean_events": _LEAN_EVENTS,
    "lean_table": _LEAN_TABLE,
    "one_event": _ONE_EVENT,
}
SHAPES = ("before", "now", "no_fk", "lean", "least")


def _execute(name: str, *params: Any) -> str:
    return f"EXECUTE {name}({', '.join(_literal(p) for p in params)})"


def batch(shape: str, table: int, version: int, mover: str, other: str) -> tuple[list[str], int]:
    """The statements of one move at `table` (at `version`, `mover` acted, `other` must act) and
    the version it leaves."""
    v, at, due = version, time.time(), time.time() + 21600.0
    if shape == "least":
        return [
            _execute("one_event", table, v + 1, "played", EVENT, mover, at),
            _execute("table_row", at, v + 1, UNDO, table, v),
            _execute("outbox_row", table, v + 1, "turn", "public", TURN, at),
        ], v + 1
    events = (table, v + 1, "played", EVENT, mover, at, table, v + 2, EVENT)
    common = [_execute("status", table, at)]
    if shape in ("before", "now", "no_fk"):
        head = [
            _execute("events", *events),
            _execute("action", table, v, mover, None, ACTION, 2, at),
            _execute("table_row", at, v + 2, UNDO, table, v),
            _execute("snapshot", table, v + 2, "hash", SNAPSHOT),
        ]
    else:  # lean
        head = [
            _execute("lean_events", *events, ACTION),
            _execute("lean_table", at, v + 2, UNDO, table, v, SNAPSHOT),
        ]
    if shape == "before":
        tail = [
            _execute("outbox_row", table, v + 2, "turn", "public", TURN, at),
            _execute("outbox_row", table, v + 2, "dm", f"user:{other}", "{}", at),
            _execute("void_seat", table, "reminder", mover),
            _execute("add_deadline", table, "reminder", other, f"v{v + 2}", v + 2, due, "{}"),
            _execute("void_kind", table, "timeout", []),
            _execute("void_kind", table, "warning", []),
        ]
    else:
        tail = [
            _execute("outbox_row", table, v + 2, "turn", "public", TURN, at),
            _execute("outbox_row", table, v + 2, "dm", f"user:{other}", "{}", at),
            _execute("rearm", other, f"v{v + 2}", v + 2, due, table, [mover], [f"v{v + 2}"]),
            _execute("end_deadlines", table, [mover], [f"v{v + 2}"], []),
        ]
    return head + common + tail, v + 2


async def _schema(url: str, shape: str, tables: int) -> tuple[str, asyncpg.Connection, list[int]]:
    """A schema of the real migrations, changed as `shape` says, with `tables` Canyon tables."""
    schema = f"designs_{uuid.uuid4().hex[:8]}"
    store = PostgresStore(url, schema=schema)
    await store.open()
    ids = []
    async with store.transaction() as tx:
        for _ in range(tables):
            ids.append(
                await tx.insert_table(
                    game="canyon",
                    guild_id=1,
                    channel_id=1,
                    thread_id=2,
                    status="active",
                    seats={"stormtalon": 1, "orks": 2},
                    invited=[],
                    options={"variant": "standard"},
                    seed=1,
                    lang="en",
                    created_by=1,
                )
            )
    await store.close()
    conn = await asyncpg.connect(url, server_settings={"search_path": schema})
    if shape in ("no_fk", "lean", "least"):
        for name in ("events", "actions", "deliveries", "deadlines", "snapshots"):
            for (constraint,) in await conn.fetch(
                "SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f'", name
            ):
                await conn.execute(f'ALTER TABLE {name} DROP CONSTRAINT "{constraint}"')
    if shape == "lean":
        await conn.execute("ALTER TABLE events ADD COLUMN action JSONB")
        await conn.execute("ALTER TABLE tables ADD COLUMN snapshot TEXT")
    for table in ids:  # a table in play: its status row drawn, the first seat reminded
        await conn.execute(
            "INSERT INTO deliveries (table_id, version, kind, target, payload, status, created_at, updated_at)"
            " VALUES ($1, 0, 'status', 'public', '{}', 'done', 0, 0)",
            table,
        )
        await conn.execute(
            "INSERT INTO deadlines (table_id, kind, seat, key, version, due_at) VALUES ($1, 'reminder', 'orks', 'v0', 0, 1e12)",
            table,
        )
    await conn.execute("CREATE TABLE bare (id BIGSERIAL PRIMARY KEY, data BYTEA NOT NULL)")
    for name, sql in STATEMENTS.items():
        try:
            await conn.execute(f"PREPARE {name} AS {sql}")
        except asyncpg.UndefinedColumnError:
            pass  # (a lean statement on a schema without its column: not used there)
    return schema, conn, ids


async def measure(url: str, shape: str, moves: int, tables: int) -> dict[str, Any]:
    schema, conn, ids = await _schema(url, shape, tables)
    own = await asyncpg.connect(
        url, server_settings={"search_path": schema}
    )  # the bare insert's, as pg_persist
    versions = dict.fromkeys(ids, 0)
    ours, bare = [], []
    try:
        for n in range(moves):
            table = ids[n % len(ids)]
            mover, other = (
                ("orks", "stormtalon") if (versions[table] // 2) % 2 == 0 else ("stormtalon", "orks")
            )
            statements, after = batch(shape, table, versions[table], mover, other)
            text = ";\n".join([*statements, "COMMIT"])
            await conn.execute(f"BEGIN; SELECT 1 FROM tables WHERE id = {table} FOR UPDATE")  # the hold
            start = time.perf_counter()
            await conn.execute(text)
            ours.append((time.perf_counter() - start) * 1000)
            versions[table] = after
            # between moves the board is redrawn (the status row done), as in play
            await conn.execute(
                f"UPDATE deliveries SET status = 'done' WHERE table_id = {table} AND kind = 'status'"
            )
            payload = os.urandom(1300)
            start = time.perf_counter()
            async with own.transaction():
                await own.execute("INSERT INTO bare (data) VALUES ($1)", payload)
            bare.append((time.perf_counter() - start) * 1000)
    finally:
        await own.close()
        await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await conn.close()
    return {"tablero": summary(ours), "bare": summary(bare)}


async def main(moves: int, tables: int, rounds: int) -> None:
    url = os.environ.get("TABLERO_TEST_PG") or "postgresql://"
    figures: dict[str, list[float]] = {shape: [] for shape in SHAPES}
    for _ in range(rounds):  # the shapes in turns, so that the machine's drift weighs on all
        for shape in SHAPES:
            got = await measure(url, shape, moves, tables)
            ratio = got["tablero"]["p50"] / got["bare"]["p50"]
            figures[shape].append(ratio)
            print(
                f"{shape:7s} batch p50 {got['tablero']['p50']:.3f} ms  bare {got['bare']['p50']:.3f} ms"
                f"  ratio {ratio:.2f}x"
            )
    print(
        f"{moves} moves over {tables} table(s), {rounds} rounds; the ratio's median by shape: "
        + ", ".join(f"{s} {sorted(r)[len(r) // 2]:.2f}x" for s, r in figures.items())
    )
    result(
        "pg_write_designs",
        {"moves": moves, "tables": tables, "ratios": {s: sorted(r)[len(r) // 2] for s, r in figures.items()}},
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1500)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(main(args.moves, args.tables, args.rounds))
