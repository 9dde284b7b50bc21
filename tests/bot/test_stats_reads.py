"""/stats's journal read in one query (issue 25's gap; bot/stats.py `player_stats`,
`Store.turn_journal`), on both engines: for many tables, the same turn times as each table's own
journal read one by one gives, whatever the table (a lobby, a seat only invited to, another
server, a table without actions or without its first event, stand-ins and the AI holding seats);
and on SQLite a fixed number of statements whatever the number of tables."""

from __future__ import annotations

import random
from typing import Any

from bot import ratings, stats
from bot.records import NewAction, NewEvent
from engine.core import Outcome
from tests.bot.conftest import Clock
from tests.bot.engines import engine  # noqa: F401 (engine: both engines)

ME, YOU, GUILD = 101, 202, 1


async def _table(store: Any, *, guild: int | None = GUILD, status: str = "active", **row: Any) -> int:
    async with store.transaction() as tx:
        fields: dict[str, Any] = {
            "game": "duel",
            "guild_id": guild,
            "channel_id": 2,
            "thread_id": None,
            "status": status,
            "seats": {"red": ME, "blue": YOU},
            "invited": [],
            "options": {},
            "seed": 5,
            "lang": "en",
            "created_by": ME,
        }
        fields.update(row)
        return int(await tx.insert_table(**fields))


async def _played(
    store: Any, clock: Clock, rng: random.Random, tid: int, actions: int, *, start: bool = True
) -> None:
    """`actions` actions at `tid` at random moments, by runs of one seat; its first event first."""
    if start:
        clock.advance(rng.randint(1, 50))
        async with store.transaction() as tx:
            await tx.append_events(tid, 1, [NewEvent(kind="setup", data={"kind": "setup"})])
    seat = "red"
    for n in range(actions):
        if rng.random() < 0.5:
            seat = "blue" if seat == "red" else "red"
        holder: int | str | None = ME if seat == "red" else rng.choice([YOU, "ai", None])
        if seat == "red" and rng.random() < 0.2:
            holder = "ai"  # a stand-in played Alice's turn: not hers
        clock.advance(rng.randint(1, 900))
        async with store.transaction() as tx:
            await tx.append_actions(tid, [NewAction(version=n, seat=seat, holder=holder, data={}, events=1)])


async def _one_by_one(store: Any, guild: int | None, user: int) -> list[float]:
    """The turn times as /stats read them before: each of the user's tables and its journal apart."""
    times: list[float] = []
    for table in await store.list_tables(guild_id=guild, user_id=user):
        if table.status == "lobby" or table.seat_of(user) is None:
            continue
        actions = await store.load_actions(table.id)
        if not actions:
            continue
        first = await store.load_events(table.id, upto=1)
        times += ratings.turn_times(actions, first[0].at if first else actions[0].at, user)
    return times


async def test_the_journal_of_many_tables_reads_as_table_by_table(store: Any, clock: Clock) -> None:
    rng = random.Random(25)
    for n in range(40):
        tid = await _table(store, seats={"red": ME, "blue": YOU} if n % 3 else {"blue": YOU, "red": ME})
        await _played(store, clock, rng, tid, rng.randint(0, 12), start=n % 7 != 0)
        if n % 4 == 0:
            async with store.transaction() as tx:
                await tx.update_table(tid, status="finished", outcome=Outcome(winners=("red",), reason="x"))
    await _table(store, status="lobby", seats={"red": ME, "blue": None})  # a lobby: not played
    invited = await _table(store, seats={"red": YOU, "blue": "ai"}, invited=[ME])  # only invited
    await _played(store, clock, rng, invited, 5)
    elsewhere = await _table(store, guild=2)  # another server
    await _played(store, clock, rng, elsewhere, 6)
    dm = await _table(store, guild=None)  # a table in DMs (no server)
    await _played(store, clock, rng, dm, 4)

    for guild, user in ((GUILD, ME), (GUILD, YOU), (2, ME), (None, ME), (GUILD, 999)):
        expected = await _one_by_one(store, guild, user)
        record = await stats.player_stats(store, guild, user)
        assert record.turns == len(expected), (guild, user)
        assert record.median_turn_s == ratings.median(expected), (guild, user)
        journal = await store.turn_journal(guild, user)
        times: list[float] = []
        for tid in sorted({row.table_id for row in journal}, reverse=True):  # as list_tables: newest first
            rows = [row for row in journal if row.table_id == tid]
            started = rows[0].started_at if rows[0].started_at is not None else rows[0].at
            times += ratings.turn_times(rows, started, user)
        assert times == expected, (guild, user)  # the same turns, in the same order
    assert (await stats.player_stats(store, GUILD, ME)).turns > 40
    assert invited not in {row.table_id for row in await store.turn_journal(GUILD, ME)}
    assert {row.holder for row in await store.turn_journal(GUILD, ME)} == {ME, None}


async def test_stats_sends_the_same_statements_for_ten_tables_as_for_sixty(store: Any, clock: Clock) -> None:
    """On SQLite, counted by the connections' trace callbacks: the statements of one /stats read
    do not grow with the number of tables (before: two per table)."""
    if not hasattr(store, "db"):
        return  # PostgreSQL: the same result is checked above; the count is SQLite's trace
    rng = random.Random(3)
    sent: list[str] = []
    for conn in (store.db, store._read):
        if conn is not None:
            await conn.set_trace_callback(sent.append)

    async def statements() -> int:
        sent.clear()
        await stats.player_stats(store, GUILD, ME)
        return len(sent)

    for _ in range(10):
        await _played(store, clock, rng, await _table(store), 3)
    ten = await statements()
    for _ in range(50):
        await _played(store, clock, rng, await _table(store), 3)
    assert await statements() == ten <= 3
