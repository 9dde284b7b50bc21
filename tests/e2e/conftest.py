"""E2E fixtures: the emulator, a small world, and the real bot started with bot.start() against it."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.app import TableroBot
from playground.emulator import Emulator
from tests.playground.fixtures import emu  # noqa: F401  (fixture)

from .harness import World, build_world, settings_for, start_bot, stop_bot, undescribed_images

pytestmark = pytest.mark.e2e


@pytest.fixture
def world(emu: Emulator) -> World:  # noqa: F811
    return build_world(emu)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tablero.db"


BotStarter = Callable[..., Awaitable[TableroBot]]


@pytest.fixture
async def start(emu: Emulator, db_path: Path) -> AsyncIterator[BotStarter]:  # noqa: F811
    """Start the bot (several times for restart tests); every bot is closed after the test, and every
    image it sent must have carried a description (alt text, issue 29 item 1)."""
    running: list[tuple[TableroBot, Any]] = []

    async def _start(clock: Callable[[], float] | None = None, **extra: Any) -> TableroBot:
        kwargs = {} if clock is None else {"clock": clock}  # a test's clock, shared across restarts
        bot, task = await start_bot(emu, settings_for(emu, db_path, **extra), **kwargs)
        seeds = itertools.count(1000 + 7919 * len(running))
        bot.tables.seeder = lambda: next(seeds)  # deterministic games in tests
        running.append((bot, task))
        return bot

    yield _start
    for bot, task in running:
        await stop_bot(bot, task)
    assert not undescribed_images(emu), f"images sent without a description: {undescribed_images(emu)[:5]}"


@pytest.fixture
async def tablero(start: BotStarter, duel_game: object) -> TableroBot:
    return await start()
