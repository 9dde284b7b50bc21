"""Fixtures: a started emulator with discord.py redirected to it, and a client runner that cleans up."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import discord
import pytest

from tests.emulator import Emulator
from tests.emulator.discordpy import redirect, start_client, stop_client


@pytest.fixture
async def emu() -> AsyncIterator[Emulator]:
    """A running emulator; discord.http.Route.BASE and DEFAULT_GATEWAY point at it."""
    emulator = Emulator()
    await emulator.start()
    with redirect(emulator):
        yield emulator
    await emulator.stop()


@pytest.fixture
async def run(emu: Emulator) -> AsyncIterator[Callable[[discord.Client], Awaitable[discord.Client]]]:
    """Start clients against the emulator (login + connect + ready); all are closed after the test."""
    started: list[tuple[discord.Client, object]] = []

    async def _run(client: discord.Client) -> discord.Client:
        task = await start_client(emu, client)
        started.append((client, task))
        return client

    yield _run
    for client, task in started:
        await stop_client(client, task)  # type: ignore[arg-type]
