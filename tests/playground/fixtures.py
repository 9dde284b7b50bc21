"""Reusable pytest fixtures: import them into a conftest (`from tests.playground.fixtures import emu, run`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import discord
import pytest

from playground.emulator import Clock, Emulator
from playground.emulator.discordpy import redirect, start_client, stop_client

ClientRunner = Callable[[discord.Client], Awaitable[discord.Client]]


@pytest.fixture
async def emu() -> AsyncIterator[Emulator]:
    """A running emulator; discord.http.Route.BASE and DEFAULT_GATEWAY point at it for the test.

    Its interaction deadlines (3 s, 15 min) run on a stopped clock: an answer is late only when the
    test made it late with `emu.advance_clock`, so a busy machine never turns a test red with 10062."""
    emulator = Emulator(deadline_clock=Clock.stopped())
    await emulator.start()
    with redirect(emulator):
        yield emulator
    await emulator.stop()
    assert emulator.internal_errors == [], "the emulator itself failed; see the log"


@pytest.fixture
async def run(emu: Emulator) -> AsyncIterator[ClientRunner]:
    """Start clients against the emulator (login + connect + ready); all are closed after the test."""
    started: list[tuple[discord.Client, object]] = []

    async def _run(client: discord.Client) -> discord.Client:
        task = await start_client(emu, client)
        started.append((client, task))
        return client

    yield _run
    for client, task in started:
        await stop_client(client, task)  # type: ignore[arg-type]
