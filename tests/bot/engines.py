"""The store tests' two engines: SQLite (a file in tmp_path) and PostgreSQL (a schema of its own per test).

A test module runs against both by importing `engine` from here (`from tests.bot.engines import
engine`), which overrides conftest's SQLite-only `engine`. The PostgreSQL half needs a server: the
libpq PG* variables (`pg_virtualenv` exports them) or TABLERO_TEST_PG (a URL). Without one it skips
with one line saying how to run it; with TABLERO_REQUIRE_PG=1 (.ci/run) it fails instead.
"""

from __future__ import annotations

import atexit
import os
import uuid
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

HOW = (
    "PostgreSQL store tests not run: no server. Run them with Debian's postgresql installed:"
    " `pg_virtualenv .venv/bin/python -m pytest -m postgresql` (or set TABLERO_TEST_PG=postgresql://...)"
)


def pg_url() -> str | None:
    """The test server's URL ('postgresql://' alone: every part from the PG* variables), or None."""
    explicit = os.environ.get("TABLERO_TEST_PG", "").strip()
    if explicit:
        return explicit
    if os.environ.get("PGHOST") or os.environ.get("PGPORT") or os.environ.get("PGDATABASE"):
        return "postgresql://"
    return None


def need_pg() -> str:
    """The server's URL, or skip the test (fail it when TABLERO_REQUIRE_PG=1)."""
    url = pg_url()
    if url is None:
        if os.environ.get("TABLERO_REQUIRE_PG") == "1":
            pytest.fail(
                "TABLERO_REQUIRE_PG=1 but no PostgreSQL server is configured (PG* or TABLERO_TEST_PG)"
            )
        pytest.skip(HOW)
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest) -> str:
    """Both engines (a module imports this to run its tests on each)."""
    if request.param == "postgresql":
        need_pg()
    return str(request.param)


class Database:
    """One test's database on its engine: `open_store()` gives a new store on it (reopening = restart)."""

    def __init__(self, engine: str, target: str, schema: str | None) -> None:
        self.engine = engine
        self.target = target  # the SQLite file, or the server URL
        self.schema = schema

    def store(self, clock: Callable[[], float]) -> Any:
        if self.engine == "postgresql":
            from bot.store_pg import PostgresStore

            return PostgresStore(self.target, clock=clock, schema=self.schema, min_size=1, max_size=4)
        from bot.store import SqliteStore

        return SqliteStore(self.target, clock=clock)


_SCHEMAS: list[tuple[str, str]] = []


def pg_schema() -> str:
    """This test process's schema (one per pytest worker, emptied before each test; see
    empty_schema): migrating a fresh schema per test cost half a second a test."""
    if not _SCHEMAS:
        url = need_pg()
        _SCHEMAS.append((url, f"t_{os.getpid()}_{uuid.uuid4().hex[:8]}"))
        atexit.register(_drop_all)
    return _SCHEMAS[0][1]


def _drop_all() -> None:
    import asyncio

    for url, schema in _SCHEMAS:
        try:
            asyncio.run(drop_schema(url, schema))
        except Exception:  # the server may be gone already (pg_virtualenv drops the cluster)
            pass


async def empty_schema(url: str, schema: str) -> None:
    """Every Tablero table of the schema emptied (its counters reset), its schema version kept."""
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT tablename, pg_get_serial_sequence(quote_ident(schemaname) || '.' || quote_ident(tablename),"
            " 'id') FROM pg_tables JOIN information_schema.columns ON table_schema = schemaname"
            " AND table_name = tablename AND column_name = 'id' WHERE schemaname = $1"
            " UNION SELECT tablename, NULL FROM pg_tables WHERE schemaname = $1",
            schema,
        )
        names = sorted({row[0] for row in rows if row[0] != "schema_version"}, key=lambda n: n == "tables")
        # DELETE, not TRUNCATE: on tables this small TRUNCATE took 0.2 s (new files for every table).
        statements = [f'DELETE FROM "{schema}"."{n}"' for n in names]
        statements += [f"SELECT setval('{seq}', 1, false)" for _, seq in rows if seq]
        if "schema_version" in {row[0] for row in rows}:  # a test may have stamped a newer version
            from bot.pg_migrations import LATEST

            statements.append(f'DELETE FROM "{schema}".schema_version WHERE version > {LATEST}')
        if statements:
            await conn.execute(";".join(statements))
    finally:
        await conn.close()


async def drop_schema(url: str, schema: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


async def opened(database: Database, clock: Callable[[], float]) -> AsyncIterator[Any]:
    store = database.store(clock)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


async def raw(store: Any, sql: str, *params: Any) -> None:
    """Run one statement on the store's database outside its units of work (a test's tampering),
    written with SQLite's `?` placeholders; committed at once on either engine."""
    from bot.store import SqliteStore

    if isinstance(store, SqliteStore):
        async with store.transaction():
            await store.db.execute(sql, params)
        return
    from bot.store_pg import _q

    await store.pool.execute(_q(sql), *params)


async def duel_row(tx: Any, guild_id: int | None = 1, status: str = "active") -> int:
    """A Duel table's row as the store tests use it (Alice, user 10, against the AI; a lobby has the
    AI's seat free), inserted in `tx` on either engine: its id."""
    return int(
        await tx.insert_table(
            game="duel",
            guild_id=guild_id,
            channel_id=2,
            thread_id=None,
            status=status,
            seats={"red": 10, "blue": "ai" if status == "active" else None},
            invited=[],
            options={},
            seed=5,
            lang="en",
            created_by=10,
        )
    )
