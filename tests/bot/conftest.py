"""Fixtures for the platform tests: a real SQLite file in tmp_path (or, in the modules that import
`engine` from tests/bot/engines.py, also a PostgreSQL schema), a hand-driven clock, the service."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import SqliteStore
from bot.tables import TableService
from tests.bot.engines import Database, empty_schema, need_pg, pg_schema


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def engine() -> str:
    """SQLite only; a module that imports `engine` from tests/bot/engines.py runs on both engines."""
    return "sqlite"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tablero.db"


@pytest.fixture
async def database(engine: str, db_path: Path) -> AsyncIterator[Database]:
    """The test's database: the SQLite file, or on PostgreSQL a schema of its own, dropped after."""
    if engine == "sqlite":
        yield Database("sqlite", str(db_path), None)
        return
    url = need_pg()
    schema = pg_schema()
    await empty_schema(url, schema)
    yield Database("postgresql", url, schema)


@pytest.fixture
async def store(database: Database, clock: Clock) -> AsyncIterator[SqliteStore]:
    s = database.store(clock)
    await s.open()
    try:
        yield s
    finally:
        await s.close()


@pytest.fixture
def seeds() -> list[int]:
    """Seeds handed out to new tables, in order (deterministic tests)."""
    return [11, 22, 33, 44, 55, 66, 77, 88]


@pytest.fixture
async def service(store: SqliteStore, clock: Clock, seeds: list[int], duel_game: object) -> TableService:
    pool = iter(seeds)
    return TableService(store, clock=clock, reminder_delay=600.0, seeder=lambda: next(pool))
