"""Running the bot until SIGTERM/SIGINT, and a shutdown that is orderly and bounded.

On a signal the bot stops taking interactions, lets the ones in flight finish briefly, leaves
unsent deliveries in the outbox (a send stuck in a rate-limit retry is cancelled, not waited for),
closes the gateway, HTTP and SQLite (TableroBot.close: at most about 3 s, usually milliseconds)
and the process exits 0. The promise: the process has exited 5 s after the signal. A watchdog
armed by the signal keeps it whatever hangs (a thread stuck in a render, a task that will not end,
a worker pool still starting): at SHUTDOWN_S it ends the process, with 0 if SQLite was already
closed (every commit on disk), otherwise 1 (every commit is a whole transaction, so even then
nothing is torn).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any

from .aio import stop_tasks
from .config import Settings

log = logging.getLogger("tablero")

SHUTDOWN_S = 4.5
"""From the signal to the process's exit, at the latest (the promise is 5 s)."""


def arm_watchdog(
    seconds: float,
    clean: threading.Event,
    *,
    timer: Callable[[float, Callable[[], None]], threading.Timer] = threading.Timer,
    exit: Callable[[int], object] = os._exit,
) -> threading.Timer:
    """Exit the process `seconds` from now if it has not exited by itself: 0 if `clean` is set by
    then (SQLite closed), else 1. `timer` and `exit` are for tests (a timer fired by hand, an exit
    that records its code)."""

    def fire() -> None:
        log.error("shutdown overran %.1f s; exiting now", seconds)
        for handler in logging.getLogger().handlers:
            handler.flush()
        sys.stdout.flush()
        sys.stderr.flush()
        exit(0 if clean.is_set() else 1)

    watchdog = timer(seconds, fire)
    watchdog.daemon = True
    watchdog.start()
    return watchdog


async def serve(
    settings: Settings,
    token: str,
    *,
    stop: asyncio.Event | None = None,
    started: Callable[[Any], object] | None = None,
) -> None:
    """Run the bot until the connection ends or SIGTERM/SIGINT arrives, then close it (bounded).

    With `stop` given, the caller owns the signals (and the process): no handler, no watchdog; the
    bot closes when the event is set. `started(bot)` sees each bot before it logs in.
    """
    # Imported when the bot starts: the app (discord.py, the cogs' host, the games) takes about a
    # second to import.
    from .app import apply_endpoints, make_bot

    apply_endpoints(settings)
    bot = make_bot(settings)  # in a cluster, an AutoShardedBot over this process's shards
    # Before logging in: a database that cannot serve (damaged, read-only, full disk, newer schema)
    # stops the start with DatabaseRefused, each problem in words (bot/cli.py prints them).
    await bot.store.open()
    if started is not None:
        started(bot)
    own = stop is None
    if stop is None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
    # bot.start() runs setup_hook itself; no `async with bot`, whose exit would wait on discord.py's
    # own closing task again even after close() gave up on it.
    runner = asyncio.create_task(bot.start(token), name="tablero-bot")
    signalled = asyncio.create_task(stop.wait(), name="tablero-signal")
    await asyncio.wait({runner, signalled}, return_when=asyncio.FIRST_COMPLETED)
    if stop.is_set():
        log.info("shutting down")
        if own:
            arm_watchdog(SHUTDOWN_S, bot.sqlite_closed)  # set by close() as soon as SQLite is closed
    await bot.close()
    await stop_tasks([runner, signalled], 1.0, what="shutdown")
    if runner.done() and not runner.cancelled() and runner.exception() is not None:
        raise runner.exception()  # type: ignore[misc]  # e.g. LoginFailure: main() reports it
