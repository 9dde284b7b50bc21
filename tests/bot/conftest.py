"""Fixtures for the platform tests: a real SQLite file in tmp_path, a hand-driven clock, the service."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import SqliteStore
from bot.tables import TableService


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
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tablero.db"


@pytest.fixture
async def store(db_path: Path, clock: Clock) -> AsyncIterator[SqliteStore]:
    s = SqliteStore(db_path, clock=clock)
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
