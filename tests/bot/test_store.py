"""The store on both engines (SQLite, PostgreSQL: tests/bot/engines.py): migrations, the optimistic
lock, outbox keys, players; SQLite's pragmas and old-file migrations."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import aiosqlite
import pytest

from bot.migrations import LATEST, MIGRATIONS
from bot.store import DatabaseRefused, NewDelivery, NewEvent, SqliteStore, StaleVersion
from tests.bot.engines import Database, duel_row, engine, raw  # noqa: F401 (engine: both engines)


async def _table(store: SqliteStore, guild_id: int | None = 1, status: str = "active") -> int:
    async with store.transaction() as tx:
        return await duel_row(tx, guild_id, status)


async def test_migrations_run_once_and_record_the_version(db_path: Path) -> None:
    store = SqliteStore(db_path)
    await store.open()
    assert await store.schema_version() == LATEST
    await store.close()
    again = SqliteStore(db_path)
    await again.open()  # must not try to re-create the tables
    assert await again.schema_version() == LATEST
    await again.close()
    async with aiosqlite.connect(db_path) as raw:
        async with raw.execute("SELECT COUNT(*) FROM schema_version") as cur:
            assert (await cur.fetchone())[0] == len(MIGRATIONS)  # one row per migration applied


async def test_a_database_newer_than_the_code_is_refused(database: Database) -> None:
    store = database.store(time.time)
    await store.open()
    await raw(store, "INSERT INTO schema_version (version) VALUES (?)", LATEST + 1)
    await store.close()
    refused = database.store(time.time)
    with pytest.raises(DatabaseRefused, match="newer") as refusal:
        await refused.open()
    [line] = refusal.value.lines()
    assert refused.path in line and "upgrade Tablero" in line
    assert not refused.is_open  # closed: no aiosqlite worker thread (or pool) left behind


@pytest.mark.parametrize("engine", ["sqlite"])
async def test_wal_full_sync(store: SqliteStore) -> None:
    async with store.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    async with store.db.execute("PRAGMA synchronous") as cur:
        assert (await cur.fetchone())[0] == 2  # FULL


async def test_foreign_keys_hold(store: SqliteStore) -> None:
    with pytest.raises(Exception, match="(?i)foreign key") as refused:
        async with store.transaction() as tx:
            await tx.append_events(999, 1, [NewEvent(kind="x", data={})])
    assert not isinstance(refused.value, StaleVersion)
    assert await store.load_events(999) == []


async def test_both_engines_know_the_same_schema_versions() -> None:
    """A migration added to bot/migrations.py needs its PostgreSQL twin in bot/pg_migrations.py."""
    from bot import pg_migrations
    from bot.migrations import MIGRATIONS

    assert pg_migrations.LATEST == LATEST
    numbers = [n for n, _ in MIGRATIONS]
    assert [n for n, _ in pg_migrations.MIGRATIONS] == numbers
    # 1, 2, 3 ... in order, none twice, none missing: a database at version N has run every one before.
    assert numbers == list(range(1, numbers[-1] + 1))


async def test_two_stores_on_one_database_write_each_seq_once(database: Database, store: SqliteStore) -> None:
    """Two processes (two stores) race for the same next event: one commits, the other is stale and
    leaves nothing behind (its outbox row neither)."""
    tid = await _table(store)
    other = database.store(time.time)
    await other.open()
    try:

        async def write(s: SqliteStore, n: int) -> str:
            try:
                async with s.transaction() as tx:
                    await tx.append_events(tid, 1, [NewEvent(kind="move", data={"by": n})])
                    await tx.add_delivery(NewDelivery(table_id=tid, version=1, kind="dm", target=f"user:{n}"))
                    await tx.update_table(tid, expected_version=0, version=1)
            except StaleVersion:
                return "stale"
            return "ok"

        results = await asyncio.gather(*(write(s, n) for n, s in enumerate([store, other] * 4)))
    finally:
        await other.close()
    assert sorted(results) == ["ok"] + ["stale"] * 7
    [event] = await store.load_events(tid)
    [row] = await store.deliveries(tid)
    assert row.target == f"user:{event.data['by']}" and (await store.get_table(tid)).version == 1


async def test_sequence_primary_key_is_the_optimistic_lock_and_rolls_back(store: SqliteStore) -> None:
    tid = await _table(store)
    async with store.transaction() as tx:
        await tx.append_events(tid, 1, [NewEvent(kind="a", data={"n": 1}), NewEvent(kind="b", data={"n": 2})])
        await tx.update_table(tid, expected_version=0, version=2)
    with pytest.raises(StaleVersion):
        async with store.transaction() as tx:
            await tx.add_delivery(NewDelivery(table_id=tid, version=3, kind="turn", target="public"))
            await tx.append_events(tid, 2, [NewEvent(kind="c", data={})])
    # the whole transaction rolled back: no delivery row, log unchanged
    assert await store.deliveries(tid) == []
    assert [e.kind for e in await store.load_events(tid)] == ["a", "b"]
    with pytest.raises(StaleVersion):
        async with store.transaction() as tx:
            await tx.update_table(tid, expected_version=0, version=3)
    assert (await store.get_table(tid)).version == 2


async def test_outbox_key_deduplicates_and_status_row_coalesces(store: SqliteStore) -> None:
    tid = await _table(store)
    row = NewDelivery(table_id=tid, version=1, kind="dm", target="user:10", payload={"seat": "red"})
    for _ in range(3):
        async with store.transaction() as tx:
            await tx.add_delivery(row)
            await tx.touch_status(tid)
    rows = await store.deliveries(tid)
    assert sorted((r.kind, r.generation) for r in rows) == [("dm", 1), ("status", 3)]
    status = next(r for r in rows if r.kind == "status")
    async with store.transaction() as tx:
        await tx.touch_status(tid)  # a change lands while the worker delivers generation 3
        assert not await tx.finish_delivery(status.id, "done", generation=3)
    assert (await store.get_delivery(status.id)).status == "pending"
    async with store.transaction() as tx:
        assert await tx.finish_delivery(status.id, "done", generation=4, message_id=77)
    done = await store.get_delivery(status.id)
    assert (done.status, done.message_id) == ("done", 77)


async def test_players_keep_their_locale_when_only_dm_status_changes(store: SqliteStore) -> None:
    await store.upsert_player(5, locale="es-ES")
    await store.upsert_player(5, dm_status="closed")
    player = await store.get_player(5)
    assert (player.locale, player.dm_status) == ("es-ES", "closed")
    await store.upsert_player(5, locale="en-US", dm_status="open")
    player = await store.get_player(5)
    assert (player.locale, player.dm_status) == ("en-US", "open")
    await store.set_guild_language(9, "es")
    assert await store.guild_language(9) == "es"


async def test_list_tables_filters_by_user_and_channel_in_sql(store: SqliteStore) -> None:
    async def table(seats: dict[str, object], invited: list[int], channel: int, thread: int | None) -> int:
        async with store.transaction() as tx:
            return await tx.insert_table(
                game="duel",
                guild_id=1,
                channel_id=channel,
                thread_id=thread,
                status="active",
                seats=seats,
                invited=invited,
                options={},
                seed=1,
                lang="en",
                created_by=10,  # type: ignore[arg-type]
            )

    mine = await table({"red": 10, "blue": "ai"}, [], 2, 20)
    invited = await table({"red": 11, "blue": None}, [10], 2, 21)
    other = await table({"red": 11, "blue": 12}, [], 3, 30)
    # A user id that is a substring of another's never matches (100 vs 10).
    await table({"red": 100, "blue": "ai"}, [], 3, 31)
    assert [t.id for t in await store.list_tables(guild_id=1, user_id=10)] == [invited, mine]
    assert [t.id for t in await store.list_tables(user_id=12)] == [other]
    assert [t.id for t in await store.list_tables(channel_id=21)] == [invited]
    assert [t.id for t in await store.list_tables(channel_id=2)] == [invited, mine]
    assert await store.list_tables(guild_id=2, user_id=10) == []
    # by game (issue 6: the start reads only the tables of games that play series)
    assert [t.id for t in await store.list_tables(games=["duel"], channel_id=2)] == [invited, mine]
    assert await store.list_tables(games=["canyon"]) == [] and await store.list_tables(games=[]) == []
    assert await store.games_of(("active",)) == ["duel"] and await store.games_of(("lobby",)) == []


async def _version_1_database(path: Path) -> None:
    """A database as the code before migration 2 left it: schema 1, tables of two servers (and one
    with no server) opened in an interleaved order, no `number` column."""
    from bot.migrations import MIGRATIONS

    async with aiosqlite.connect(path) as raw:
        await raw.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for statement in MIGRATIONS[0][1]:
            await raw.execute(statement)
        await raw.execute("INSERT INTO schema_version (version) VALUES (1)")
        for guild in (7, 8, 7, None, 8, 7):
            await raw.execute(
                "INSERT INTO tables (game, guild_id, channel_id, status, seats, options, seed, lang,"
                " created_by, created_at, updated_at) VALUES ('duel', ?, 2, 'active', '{}', '{}', 1, 'en',"
                " 10, 0, 0)",
                (guild,),
            )
        await raw.commit()


async def test_migration_4_numbers_an_old_database_s_tables_per_server(db_path: Path) -> None:
    """Issue 15 item 2: a table's number reads per server (the first table of a server is #1); the
    tables already stored are numbered in the order they were opened, and new ones follow on."""
    await _version_1_database(db_path)
    store = SqliteStore(db_path)
    await store.open()
    try:
        assert await store.schema_version() == LATEST
        numbers = {t.id: (t.guild_id, t.number) for t in await store.list_tables()}
        assert numbers == {1: (7, 1), 2: (8, 1), 3: (7, 2), 4: (None, 1), 5: (8, 2), 6: (7, 3)}
        new_id = await _table(store, guild_id=8, status="lobby")
        new = await store.get_table(new_id)
        assert new is not None and (new.id, new.number) == (7, 3)
        found = await store.table_by_number(8, 3)
        assert found is not None and found.id == new_id
        found = await store.table_by_number(None, 1)
        assert found is not None and found.id == 4
        assert await store.table_by_number(9, 1) is None and await store.table_by_number(7, 2**70) is None
        # One number per server: a duplicate is refused by the index.
        with pytest.raises(aiosqlite.IntegrityError):
            await store.db.execute("UPDATE tables SET number = 1 WHERE id = 3")
    finally:
        await store.close()


async def test_a_new_server_s_first_table_is_number_1(store: SqliteStore) -> None:
    """Issue 15 item 2: numbering starts at 1 on every server, whatever the other servers hold."""
    first = await _table(store)  # guild 1
    other = await _table(store, guild_id=2, status="lobby")
    second = await _table(store)  # guild 1 again
    rows = {t.id: t.number for t in await store.list_tables()}
    assert rows == {first: 1, other: 1, second: 2}


async def test_autocomplete_choices_come_in_the_same_order_on_both_engines(store: SqliteStore) -> None:
    """choice_tables (issue 24 item 7) on each engine: played, then waiting, then history, newest
    first; a typed number, a game, a seated user narrow them; a server of its own (or none) apart."""

    async def table(status: str, game: str = "duel", guild: int | None = 1, seats: object = None) -> int:
        async with store.transaction() as tx:
            return await tx.insert_table(
                game=game,
                guild_id=guild,
                channel_id=2,
                thread_id=None,
                status=status,  # type: ignore[arg-type]
                seats=seats or {"red": 11, "blue": "ai"},  # type: ignore[arg-type]
                invited=[],
                options={},
                seed=1,
                lang="en",
                created_by=11,
            )

    for n in range(12):
        await table("finished", game="canyon" if n % 3 else "clickwars")
    await table("active", seats={"red": 10, "blue": "ai"})
    await table("lobby")
    await table("active")
    await table("active", guild=None)
    found = await store.choice_tables(guild_id=1)
    assert [(r.status, r.number) for r in found[:4]] == [
        ("active", 15),
        ("active", 13),
        ("lobby", 14),
        ("finished", 12),
    ]
    assert len(found) == 15
    assert [r.number for r in await store.choice_tables(guild_id=1, user_id=10)] == [13]
    assert [r.number for r in await store.choice_tables(guild_id=1, number_prefix="1")][:4] == [1, 10, 11, 12]
    assert [r.number for r in await store.choice_tables(guild_id=1, games=["clickwars"])] == [10, 7, 4, 1]
    assert [r.number for r in await store.choice_tables(guild_id=None)] == [1]
    assert await store.choice_tables(guild_id=1, games=[]) == []


async def test_a_players_palette_is_kept_alike_on_both_engines(store: SqliteStore) -> None:
    """Migration 9 and its PostgreSQL twin: /settings palette: is stored per player, changed in
    place, and leaves their other settings alone (issue 29 item 3)."""
    assert await store.get_player(20) is None
    async with store.transaction() as tx:
        await tx.set_palette(20, "colourblind")
    player = await store.get_player(20)
    assert player is not None and player.palette == "colourblind" and player.dm_status == "unknown"
    async with store.transaction() as tx:
        await tx.set_quiet(20, "Europe/Madrid", "23:00-08:00")
        await tx.set_palette(20, "high-contrast")
        await tx.set_palette(21, "standard")
    player = await store.get_player(20)
    assert player is not None and player.palette == "high-contrast" and player.timezone == "Europe/Madrid"
    async with store.transaction() as tx:
        await tx.set_quiet(20, None, "")
    player, other = await store.get_player(20), await store.get_player(21)
    assert player is not None and player.palette == "high-contrast" and player.quiet is None
    assert other is not None and other.palette == "standard"


async def test_issue_26_state_is_kept_alike_on_both_engines(store: SqliteStore) -> None:
    """Migration 7 and its PostgreSQL twin: a table's settings, absence, pause and take-back; a
    player's /away, time zone and quiet hours; a server's settings; parked deadlines; held rows."""
    from bot.store import PARKED

    async with store.transaction() as tx:
        tid = await tx.insert_table(
            game="duel",
            guild_id=1,
            channel_id=2,
            thread_id=None,
            status="active",
            seats={"red": 10, "blue": 11},
            invited=[],
            options={},
            seed=5,
            lang="en",
            created_by=10,
            settings={"absent": "ai", "absent_after": 2},
            absence={"missed": {"blue": 1}},
        )
        await tx.update_table(tid, pause={"since": 100.0, "asked": ["red"]}, undo={"red": {"first": 3}})
    table = await store.get_table(tid)
    assert table is not None
    assert table.settings == {"absent": "ai", "absent_after": 2} and table.absence == {"missed": {"blue": 1}}
    assert (
        table.paused
        and table.pause == {"since": 100.0, "asked": ["red"]}
        and table.undo == {"red": {"first": 3}}
    )

    async with store.transaction() as tx:
        await tx.set_away(10, 500.0)
        await tx.set_away(11, 900.0)
        await tx.set_quiet(10, "Europe/Madrid", "23:00-08:00")
    assert await store.next_return() == 500.0
    assert await store.returns_due(600.0) == [10]
    async with store.transaction() as tx:
        await tx.set_away(10, None)
        await tx.set_quiet(10, None, "")  # None keeps the zone, "" clears the hours
    player = await store.get_player(10)
    assert player is not None and player.away_until is None
    assert player.timezone == "Europe/Madrid" and player.quiet is None
    assert await store.next_return() == 900.0 and await store.returns_due(600.0) == []

    assert (await store.server_settings(1)).channels == []  # nothing set: any channel
    async with store.transaction() as tx:
        await tx.set_server_settings(1, {"deadline_hours": 12}, [30, 20, 30])
    settings = await store.server_settings(1)
    assert settings.defaults == {"deadline_hours": 12} and settings.channels == [20, 30]

    async with store.transaction() as tx:
        await tx.add_deadline(table_id=tid, kind="reminder", seat="blue", key="k", version=0, due_at=1000.0)
        await tx.park_deadlines(tid, 400.0)
    [parked] = await store.deadlines(tid)
    assert parked.due_at == PARKED and parked.payload["left_s"] == 600.0
    async with store.transaction() as tx:
        await tx.resume_deadlines(tid, 5000.0)
    [resumed] = await store.deadlines(tid)
    assert resumed.due_at == 5600.0 and "left_s" not in resumed.payload

    async with store.transaction() as tx:
        await tx.add_delivery(NewDelivery(table_id=tid, version=0, kind="dm", target="user:10"))
    [row] = await store.deliveries(tid)
    async with store.transaction() as tx:
        await tx.retry_delivery(row.id, 9000.0, "quiet")
    assert not await store.pending_besides("quiet") and await store.pending_besides("other")


async def test_a_status_edit_reads_the_newest_turns_and_their_events_not_the_whole_log(
    store: SqliteStore, duel_game: object
) -> None:
    """issue 25 item 8 (click to board): the status message's "latest change" and "last turn" come
    from the table's newest turn announcements (`latest_turns`, newest first) and the events they
    cover (`load_events(..., since=)`), on both engines, whatever the length of the game; a long
    turn whose summary is further back than the first read is still found."""
    from bot.delivery import TURNS_READ, last_change, last_summary, recent_turns

    tid = await _table(store)
    seq = 0
    turns = [(True, 1)] + [(False, 1)] * 2 + [(True, 2)] + [(False, 1)] * (TURNS_READ + 2)  # a long last turn
    async with store.transaction() as tx:
        for version, (summary, count) in enumerate(turns, start=1):
            events = [
                NewEvent(kind="drew", data={"kind": "drew", "seat": "red", "card": seq + i + 1})
                for i in range(count)
            ]
            await tx.append_events(tid, seq + 1, events)
            payload = {"from": seq + 1, "to": seq + count, "summary": summary}
            await tx.add_delivery(
                NewDelivery(table_id=tid, version=version, kind="turn", target="public", payload=payload)
            )
            seq += count
    newest = await store.latest_turns(tid, 3)
    assert [r.version for r in newest] == [len(turns), len(turns) - 1, len(turns) - 2]
    assert [e.seq for e in await store.load_events(tid, 6, since=4)] == [4, 5, 6]
    table = await store.get_table(tid)
    assert table is not None
    records = {r.seq: r for r in await store.load_events(tid)}
    recent, last_turn = await recent_turns(store, table)
    assert [e.model_dump()["card"] for e in recent] == [seq]  # the newest change: its one event
    assert [e.model_dump()["card"] for e in last_turn] == [4, 5]  # the summary, 19 announcements back
    assert await last_change(store, table) == recent and await last_summary(store, table) == last_turn
    assert await recent_turns(store, table, summary=False) == (recent, [])  # /game status: no summary read
    assert len(records) == seq
    # the newest summary, read backwards (the next turn's summary starts after it): not the first
    summary = await store.latest_summary(tid)
    assert summary is not None and summary.version == 4 and summary.payload["to"] == 5
    assert await store.last_summary_end(tid) == 5
    assert await store.latest_summary(await _table(store)) is None  # a table with no turn yet
    assert await store.last_summary_end(await _table(store)) == 0


async def _reminders(store: SqliteStore, tid: int) -> dict[tuple[str, str], tuple[int, str, float]]:
    """(seat, key) -> (row id, status, due) of the table's deadlines."""
    return {(d.seat, d.key): (d.id, d.status, d.due_at) for d in await store.deadlines(tid)}


async def test_a_moves_reminder_is_armed_in_the_row_of_the_one_that_ends(store: SqliteStore) -> None:
    """`Tx.rearm_reminders`, both engines: red acted (its reminder ends), blue must act (its reminder
    is armed in red's row: one row rewritten, none voided and none added); with no row ending, a
    new one is written; a second ending row is voided; time limits and warnings not kept end, the
    kept ones stay; a reminder already stored under its (seat, key) stays as it is."""
    from bot.store import Reminder

    tid = await _table(store)
    async with store.transaction() as tx:
        await tx.rearm_reminders(
            tid, ended=[], armed=[Reminder(seat="red", key="v1", version=1, due_at=100.0)], keep_limits=[]
        )
        await tx.add_deadline(table_id=tid, kind="timeout", seat="red", key="t1", version=1, due_at=50.0)
        await tx.add_deadline(table_id=tid, kind="timeout", seat="red", key="t2", version=1, due_at=60.0)
        await tx.add_deadline(table_id=tid, kind="warning", seat="red", key="t1@10", version=1, due_at=40.0)
    row, status, _ = (await _reminders(store, tid))[("red", "v1")]
    assert status == "pending"
    async with store.transaction() as tx:  # red acted, blue must: red's row becomes blue's
        await tx.rearm_reminders(
            tid,
            ended=["red"],
            armed=[Reminder(seat="blue", key="v2", version=2, due_at=200.0)],
            keep_limits=["t2"],
        )
    after = await _reminders(store, tid)
    assert after[("blue", "v2")] == (row, "pending", 200.0)  # the same row, re-armed
    assert ("red", "v1") not in after
    assert after[("red", "t1")][1] == "void" and after[("red", "t1@10")][1] == "void"  # not kept
    assert after[("red", "t2")][1] == "pending"  # kept
    async with store.transaction() as tx:  # nothing ends: blue's new reminder is a row of its own
        await tx.rearm_reminders(
            tid, ended=[], armed=[Reminder(seat="red", key="v3", version=3, due_at=300.0)], keep_limits=["t2"]
        )
    assert (await _reminders(store, tid))[("red", "v3")][1] == "pending"
    assert (await _reminders(store, tid))[("blue", "v2")] == (row, "pending", 200.0)
    async with store.transaction() as tx:  # both end, one is armed: one row re-armed, one voided
        await tx.rearm_reminders(
            tid,
            ended=["red", "blue"],
            armed=[Reminder(seat="red", key="v4", version=4, due_at=400.0)],
            keep_limits=["t2"],
        )
    final = await _reminders(store, tid)
    pending = {k for k, (_, status, _) in final.items() if status == "pending" and not k[1].startswith("t")}
    assert pending == {("red", "v4")}
    assert [k for k, (_, status, _) in final.items() if status == "void" and not k[1].startswith("t")]
    async with store.transaction() as tx:  # a reminder stored under its (seat, key) stays as it is
        await tx.rearm_reminders(
            tid, ended=[], armed=[Reminder(seat="red", key="v4", version=4, due_at=999.0)], keep_limits=["t2"]
        )
    assert (await _reminders(store, tid))[("red", "v4")][2] == 400.0


async def test_a_reminder_re_armed_meanwhile_is_not_finished_by_its_old_claim(store: SqliteStore) -> None:
    """A process claimed red's due reminder; before it finishes, a move re-arms that row for blue's
    turn. The old claim's done mark names the key it read: StaleVersion, and blue's reminder is
    still pending (it must not be marked done by a reminder of red's)."""
    from bot.store import Reminder

    tid = await _table(store)
    async with store.transaction() as tx:
        await tx.rearm_reminders(
            tid, ended=[], armed=[Reminder(seat="red", key="v1", version=1, due_at=10.0)], keep_limits=[]
        )
    [claimed] = await store.claim_deadlines(
        [d.id for d in await store.deadlines(tid)], owner="a", now=20.0, until=50.0
    )
    async with store.transaction() as tx:  # the move: red acted, blue must
        await tx.rearm_reminders(
            tid,
            ended=["red"],
            armed=[Reminder(seat="blue", key="v2", version=2, due_at=900.0)],
            keep_limits=[],
        )
    with pytest.raises(StaleVersion):
        async with store.transaction() as tx:
            await tx.finish_deadline(claimed.id, "done", key=claimed.key)
    [row] = await store.deadlines(tid)
    assert (row.id, row.seat, row.key, row.status) == (claimed.id, "blue", "v2", "pending")
    [again] = await store.claim_deadlines([row.id], owner="b", now=1000.0, until=1030.0)  # its lease cleared
    assert again.key == "v2"
