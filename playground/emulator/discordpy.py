"""Point a real discord.py client at the emulator (two class attributes, nothing patched inside the library)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

import discord
import yarl
from discord.gateway import DiscordWebSocket

from .server import Emulator


@contextlib.contextmanager
def redirect(emu: Emulator) -> Iterator[None]:
    """Set discord.http.Route.BASE and DiscordWebSocket.DEFAULT_GATEWAY to the emulator, then restore them."""
    old_base, old_gateway = discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = emu.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(emu.gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway


async def start_client(emu: Emulator, client: discord.Client, *, timeout: float = 10) -> asyncio.Task[None]:
    """Log in, connect in a background task and wait until READY has been processed (on_ready)."""
    await client.login(emu.token)
    task = asyncio.create_task(client.connect(reconnect=True), name="emulator-client-connect")
    ready = asyncio.create_task(client.wait_until_ready())
    done, _ = await asyncio.wait({task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    if ready not in done:
        ready.cancel()
        if task in done:
            task.result()  # re-raise the connection error
        raise TimeoutError("the client did not become ready")
    return task


async def stop_client(client: discord.Client, task: asyncio.Task[None]) -> None:
    """Close the client and wait for its connection task to end."""
    await client.close()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await asyncio.wait_for(task, 5)
