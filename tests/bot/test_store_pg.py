"""The PostgreSQL store's own faults: a server that drops the connection mid-move, a read-only
database, an unknown database. What the bot sees is the SQLite store's vocabulary (StorageUnavailable,
DatabaseRefused), never a password."""

from __future__ import annotations

import asyncio
import time

import asyncpg
import pytest

from bot import store_pg
from bot.pg_migrations import MIGRATIONS
from bot.store import DatabaseRefused, NewDelivery, NewEvent, StaleVersion, StorageUnavailable
from bot.store_pg import PostgresStore, _quoted
from bot.tables import TableService
from tests.bot.duel_table import ALICE, BOB, duel_pvp
from tests.bot.engines import drop_schema, duel_row, empty_schema, need_pg, pg_schema
from tests.games.duel import Commit

pytestmark = pytest.mark.postgresql


async def _store(**options: object) -> PostgresStore:
    url = need_pg()
    schema = pg_schema()
    await empty_schema(url, schema)
    store = PostgresStore(url, schema=schema, clock=time.time, **options)  # type: ignore[arg-type]
    await store.open()
    return store


async def _table(store: PostgresStore) -> int:
    async with store.transaction() as tx:
        return await duel_row(tx)


async def test_a_connection_dropped_mid_move_is_storage_unavailable_and_writes_nothing() -> None:
    store = await _store()
    try:
        tid = await _table(store)
        killer = await asyncpg.connect(store.url)
        try:
            with pytest.raises(StorageUnavailable) as fault:
                async with store.transaction() as tx:
                    pid = await tx._conn.fetchval("SELECT pg_backend_pid()")
                    await tx.append_events(tid, 1, [NewEvent(kind="a", data={})])
                    assert await killer.fetchval("SELECT pg_terminate_backend($1)", pid)
                    await tx.update_table(tid, expected_version=0, version=1)
        finally:
            await killer.close()
        assert fault.value.fault == "unreachable" and "cannot be reached" in str(fault.value)
        assert await store.load_events(tid) == []  # the move was rolled back with its connection
        async with store.transaction() as tx:  # and the pool serves the next move on a new one
            await tx.append_events(tid, 1, [NewEvent(kind="a", data={})])
        assert [e.kind for e in await store.load_events(tid)] == ["a"]
    finally:
        await store.close()


async def test_a_read_only_database_is_refused_at_start_with_what_to_do() -> None:
    url = need_pg()
    schema = pg_schema()
    await empty_schema(url, schema)
    ready = PostgresStore(url, schema=schema)
    await ready.open()  # migrated
    await ready.close()
    read_only = f"{url}{'&' if '?' in url else '?'}default_transaction_read_only=on"
    store = PostgresStore(read_only, schema=schema)
    with pytest.raises(DatabaseRefused) as refused:
        await store.open()
    [line] = refused.value.lines()
    assert "the database is read-only for the bot (a test write failed)" in line and not store.is_open
    assert "grant the bot's role write access" in line and "file" not in line


async def test_an_unknown_database_or_a_wrong_password_is_refused_without_the_password() -> None:
    need_pg()
    store = PostgresStore("postgresql:///no_such_database_here")
    with pytest.raises(DatabaseRefused) as refused:
        await store.open()
    assert "cannot be reached" in refused.value.lines()[0] and not store.is_open
    wrong = PostgresStore("postgresql://nobody:hunter2@127.0.0.1:1/x")
    with pytest.raises(DatabaseRefused) as refused:
        await wrong.open()
    text = " ".join(refused.value.lines())
    assert "hunter2" not in text and "nobody:***@" in text


async def test_processes_starting_at_once_on_a_new_database_migrate_it_once() -> None:
    url = need_pg()
    schema = f"m_{pg_schema()}"
    stores = [PostgresStore(url, schema=schema) for _ in range(4)]
    try:
        await asyncio.gather(*(s.open() for s in stores))
        rows = await stores[0].pool.fetch("SELECT version FROM schema_version ORDER BY version")
        assert [r[0] for r in rows] == [n for n, _ in MIGRATIONS]  # each migration once
    finally:
        for s in stores:
            await s.close()
        await drop_schema(url, schema)


async def test_lock_table_holds_the_row_until_the_unit_of_work_ends() -> None:
    """PostgresTx.lock_table (SELECT ... FOR UPDATE, the statement `PostgresStore.hold` runs for a
    whole move, issue 25 item 4): a second unit of work on the same table waits for the first to
    commit, then sees its version."""
    store = await _store()
    try:
        tid = await _table(store)
        first_in, release = asyncio.Event(), asyncio.Event()
        seen: list[int | None] = []

        async def first() -> None:
            async with store.transaction() as tx:
                seen.append(await tx.lock_table(tid))
                first_in.set()
                await release.wait()
                await tx.update_table(tid, expected_version=0, version=1)

        async def second() -> None:
            await first_in.wait()
            async with store.transaction() as tx:
                seen.append(await tx.lock_table(tid))

        one, two = asyncio.create_task(first()), asyncio.create_task(second())
        await first_in.wait()
        waiting = "SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE'"
        async with asyncio.timeout(10):  # the server itself says the second waits on the row lock
            while not await store.pool.fetchval(waiting):
                await asyncio.sleep(0.01)
        assert seen == [0] and not two.done()
        release.set()
        await asyncio.wait_for(asyncio.gather(one, two), 10)
        assert seen == [0, 1]
        async with store.transaction() as tx:
            assert await tx.lock_table(10**12) is None  # no such table
    finally:
        await store.close()


# --- issue 25 item 8: a move in few round trips ----------------------------------------------------


class _Trips:
    """Every statement asyncpg sends while it is installed (each of these calls is one round trip)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sent: list[str] = []
        for name in ("execute", "executemany", "fetch", "fetchval", "fetchrow"):
            real = getattr(asyncpg.Connection, name)

            def spy(
                conn: object, query: str, *args: object, _real: object = real, **kwargs: object
            ) -> object:
                self.sent.append(str(query))
                return _real(conn, query, *args, **kwargs)  # type: ignore[operator]

            monkeypatch.setattr(asyncpg.Connection, name, spy)


@pytest.mark.parametrize("engine", ["postgresql"])
async def test_a_move_reaches_postgresql_in_five_round_trips_its_writes_and_commit_in_one(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The row lock, the load, the turn summary's start, ONE batch with every write, the NOTIFY and
    the COMMIT, and the table read back: nothing else (no reset query when the connection goes back
    to the pool)."""
    tid = await duel_pvp(service, boost_seconds=45)  # a timer: the move writes deadlines, so NOTIFY
    loaded = await service.load(tid)
    hands = loaded.state.hands
    await service.submit(tid, ALICE, Commit(card=max(hands["red"])), loaded.table.version)
    trips = _Trips(monkeypatch)
    applied = await service.submit(tid, BOB, Commit(card=min(hands["blue"])), loaded.table.version + 1)
    sent = trips.sent
    assert len(sent) <= 5, sent
    assert sent[0].startswith("BEGIN") and sent[0].endswith("FOR UPDATE")  # held before it loads
    [batch] = [s for s in sent if "COMMIT" in s]
    statements = batch.split(";\n")
    assert statements[-2:] == [f'NOTIFY "{service.store.channel}"', "COMMIT"]  # type: ignore[attr-defined]
    # Every write by the name of a statement prepared on the connection, none planned again: the
    # fixed-shape ones prepared at the connection's first use, the others (the table row, its
    # check, the deadlines voided) by their shape, PREPAREd at the front of a batch the first
    # time the connection meets that shape (this connection met the first move's already).
    writes = [s for s in statements[:-2] if not s.startswith("PREPARE tablero_shape_")]
    assert writes and all(s.startswith("EXECUTE tablero_") for s in writes), writes
    for write in (
        "tablero_put_snapshot",
        "tablero_touch_status",
        "tablero_add_deadline",
    ):  # + the boost timer
        assert any(s.startswith("EXECUTE " + write) for s in writes), write
    assert sent.index(batch) >= len(sent) - 2 and not any("RESET ALL" in s for s in sent)
    assert applied.table.version == (await service.store.get_table(tid)).version  # type: ignore[union-attr]


@pytest.mark.parametrize("engine", ["postgresql"])
async def test_a_table_update_is_prepared_once_per_shape_and_still_checked(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 25 item 8: a table row's update (the columns a move changes vary) is PREPAREd by its
    shape the first time a connection meets it and EXECUTEd after that, planned once; its version
    check still stops a batch at a stale version (StaleVersion, nothing written)."""
    store = service.store
    assert isinstance(store, PostgresStore)
    tid = await _table(store)
    trips = _Trips(monkeypatch)
    for version in range(3):
        async with store.transaction() as tx:
            await tx.append_events(tid, version + 1, [NewEvent(kind="a", data={})])
            await tx.update_table(tid, expected_version=version, version=version + 1)
    prepares = [
        s for batch in trips.sent for s in batch.split(";\n") if s.startswith("PREPARE tablero_shape")
    ]
    connections = len(store.pool._holders)  # (each connection meets the shape once at most)
    assert 1 <= len(prepares) <= min(3, connections) and all("UPDATE tables" in p for p in prepares)
    with pytest.raises(StaleVersion):
        async with store.transaction() as tx:
            await tx.update_table(tid, expected_version=1, version=9)  # the row is at version 3
    assert (await store.get_table(tid)).version == 3  # type: ignore[union-attr]


async def test_a_shape_prepared_in_a_batch_that_failed_is_prepared_anew_under_another_name() -> None:
    """PREPARE outlives a rollback, so whether a failed batch left its new shape prepared is not
    known: the store forgets that name and never uses it again; the next batch of the same shape
    PREPAREs it under a new name and goes through (one connection, so the shape meets it twice)."""
    store = await _store(min_size=1, max_size=1)
    try:
        tid = await _table(store)
        async with store.transaction() as tx:
            await tx.append_events(tid, 1, [NewEvent(kind="a", data={})])
        with pytest.raises(StaleVersion):  # a seq taken: the batch stops after its PREPARE ran
            async with store.transaction() as tx:
                await tx.update_table(tid, expected_version=0, version=1, lang="es")
                await tx.append_events(tid, 1, [NewEvent(kind="b", data={})])
        with pytest.raises(StaleVersion):  # the update itself refused: a stale version
            async with store.transaction() as tx:
                await tx.update_table(tid, expected_version=5, version=6, lang="es")
        async with store.transaction() as tx:
            await tx.update_table(tid, expected_version=0, version=1, lang="es")
        table = await store.get_table(tid)
        assert table is not None and (table.version, table.lang) == (1, "es")
        names = {r[0] for r in await store.pool.fetch("SELECT name FROM pg_prepared_statements")}
        assert {"tablero_shape_0", "tablero_shape_1", "tablero_shape_2"} <= names  # three names, none reused
    finally:
        await store.close()


@pytest.mark.parametrize("engine", ["postgresql"])
async def test_a_move_wakes_the_other_processes_only_for_a_deadline_due_within_their_next_look(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move writes a reminder hours away: no NOTIFY (every scheduler looks at the deadlines at
    least every WAKE_HORIZON_S and finds it long before it falls due); a deadline due sooner wakes
    them (the boost timer of the test above)."""
    from bot.store import WAKE_HORIZON_S

    store = service.store
    assert isinstance(store, PostgresStore)
    tid = await _table(store)
    trips = _Trips(monkeypatch)
    now = store.clock()  # (the test's clock)
    for key, due in (("later", now + WAKE_HORIZON_S + 5), ("soon", now + WAKE_HORIZON_S - 5)):
        async with store.transaction() as tx:
            await tx.add_deadline(table_id=tid, kind="reminder", seat="red", key=key, version=0, due_at=due)
    later, soon = [s for s in trips.sent if "COMMIT" in s]
    assert "NOTIFY" not in later and f'NOTIFY "{store.channel}"' in soon


@pytest.mark.parametrize("prepared", [True, False])
async def test_values_reach_postgresql_exactly_as_written_whatever_they_hold(
    prepared: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch carries its values as literals (bot/store_pg.py's `_literal`): text that looks like
    the end of a literal, SQL, a comment, backslashes, any Unicode; numbers to the last bit. Alike
    through the statements prepared on the connection and written out in full (a connection that
    could not prepare them)."""
    if not prepared:
        monkeypatch.setattr(store_pg, "_PREPARED", {})
    store = await _store()
    try:
        tid = await _table(store)
        texts = [
            "it's",
            "$v$",
            "$v",
            "a$v1$b$v2",
            "x$",
            "$$",
            "\\",
            "\\'",
            "'); DROP TABLE events; --",
            "é ✓ 🎲 ñ",
            "line\nbreak\ttab",
        ]
        dues = [0.1 + 0.2, -1.5, 1e18, 1 / 3, float("inf"), 5e-324]
        async with store.transaction() as tx:
            for n, text in enumerate(texts):
                await tx.set_standing(tid, "red", f"k{n}", text)
            for n, due in enumerate(dues):
                await tx.add_deadline(
                    table_id=tid, kind="reminder", seat=texts[n], key=f"k{n}", version=-n, due_at=due,
                    payload={"text": texts[-n - 1], "n": -(2**62)},
                )  # fmt: skip
        assert await store.standing(tid) == {"red": {f"k{n}": text for n, text in enumerate(texts)}}
        rows = await store.deadlines(tid)
        assert [(r.seat, r.version, r.due_at) for r in rows] == [
            (texts[n], -n, due) for n, due in enumerate(dues)
        ]
        assert [r.payload for r in rows] == [{"text": texts[-n - 1], "n": -(2**62)} for n in range(len(dues))]
        with pytest.raises(ValueError):
            _quoted("a NUL \x00 would cut the message")
    finally:
        await store.close()


async def test_a_batch_stops_at_a_stale_write_and_nothing_of_it_is_written() -> None:
    """The writes that must change one row are checked in the server (migration 12): the table at
    the version read, a deadline still pending. Writes queued before and after it are undone."""
    store = await _store()
    try:
        tid = await _table(store)
        async with store.transaction() as tx:
            await tx.add_deadline(table_id=tid, kind="reminder", seat="red", key="v1", version=1, due_at=5.0)
        [deadline] = await store.deadlines(tid)
        with pytest.raises(StaleVersion):
            async with store.transaction() as tx:
                await tx.add_delivery(NewDelivery(table_id=tid, version=1, kind="turn", target="public"))
                await tx.update_table(tid, expected_version=7, version=8)  # the table is at 0
                await tx.set_standing(tid, "red", "pace", "fast")
        async with store.transaction() as tx:
            await tx.finish_deadline(deadline.id, "done")
        with pytest.raises(StaleVersion):  # done already: another process handled it
            async with store.transaction() as tx:
                await tx.append_events(tid, 1, [NewEvent(kind="a", data={})])
                await tx.finish_deadline(deadline.id, "done")
        assert await store.deliveries(tid) == [] and await store.standing(tid) == {}
        assert await store.load_events(tid) == [] and (await store.get_table(tid)).version == 0  # type: ignore[union-attr]
    finally:
        await store.close()


async def test_a_connection_prepares_a_move_s_writes_once_and_knows_which_it_has() -> None:
    """At a pooled connection's first use (once migrated) its fixed-shape writes are prepared in one
    round trip; PREPARE is not undone with a failing batch, so when one fails the connection asks
    the server which it has, and writes the others out in full."""
    store = await _store()
    try:
        names = {name for name, _ in store_pg._PREPARED.values()}
        async with store.pool.acquire() as conn:
            assert conn.tried and conn.prepared == names
            await conn.execute("DEALLOCATE tablero_put_snapshot")
            await conn.prepare_writes()  # the first PREPARE fails (it exists): none after it runs
            assert conn.prepared == names - {"tablero_put_snapshot"}
        tid = await _table(store)
        async with store.transaction() as tx:  # whichever way each is sent, the move is written
            await tx.append_events(tid, 1, [NewEvent(kind="a", data={})])
            await tx.put_snapshot(tid, 1, "h", "{}")
            await tx.update_table(tid, expected_version=0, version=1)
        assert [e.kind for e in await store.load_events(tid)] == ["a"]
        assert (await store.get_snapshot(tid)).version == 1  # type: ignore[union-attr]
    finally:
        await store.close()


async def test_a_claim_that_may_wait_waits_for_a_claim_being_written_instead_of_skipping_the_row() -> None:
    """bot/held.py's morning message gathers every row held for a player, claiming each; another
    lane of the same process may be claiming one of them at that instant (its row locked by the
    claim's UPDATE). A plain claim skips such a row (SKIP LOCKED: two processes never wait on each
    other's claims), and that lane would send a second morning message. The morning's claims wait
    instead (`wait=True`): once the other claim has committed, the row is this owner's, and claimed."""
    store = await _store()
    try:
        tid = await _table(store)
        async with store.transaction() as tx:
            await tx.add_delivery(NewDelivery(table_id=tid, version=1, kind="held", target=f"user:{BOB}"))
        [row] = [r for r in await store.deliveries(tid) if r.kind == "held"]
        now = time.time()
        other = await asyncpg.connect(store.url, server_settings={"search_path": store.schema or "public"})
        try:
            await other.execute("BEGIN")  # the other lane's claim, its UPDATE not committed yet
            await other.execute(
                "UPDATE deliveries SET lease_owner = 'me', lease_until = $1 WHERE id = $2", now + 30, row.id
            )
            assert (
                await store.claim_delivery(row.id, owner="me", now=now, until=now + 30) is not None
            )  # skipped
            waiting = asyncio.create_task(
                store.claim_delivery(row.id, owner="me", now=now, until=now + 30, wait=True)
            )
            locked = "SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE)%'"
            async with asyncio.timeout(10):  # the server says the claim waits on the row's lock
                while not await store.pool.fetchval(locked):
                    await asyncio.sleep(0.01)
            assert not waiting.done()
            await other.execute("COMMIT")
            assert await asyncio.wait_for(waiting, 10) is None  # claimed: its own lease
        finally:
            await other.close()
    finally:
        await store.close()
