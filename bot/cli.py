"""The bot's part of the `tablero` command line (launcher/cli.py): `run` (the default), `check-db`,
and `verify` / `replay` of an exported table (bot/aftergame_cli.py).

`run` with DISCORD_TOKEN set runs the bot. Without a token it says what to set and exits 2; a token
Discord refuses exits 2 as well; no network is retried with backoff. A new subcommand of the bot goes
in `add_commands` with its handler; the launcher lists it without a change.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import signal
import socket
import sqlite3
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pydantic import ValidationError

from .config import Settings

REFUSED = "Discord refused the token: check DISCORD_TOKEN"
NO_TOKEN = "tablero: set DISCORD_TOKEN (environment or .env) to your bot token to start the bot."
# No network: wait 1, 2, 4 ... seconds between attempts, never more than this.
MAX_BACKOFF_S = 300.0

Sleep = Callable[[float], Awaitable[object]]
if TYPE_CHECKING:
    Commands = argparse._SubParsersAction[argparse.ArgumentParser]  # what `add_subparsers` returns


def add_commands(sub: Commands) -> None:
    """The bot's subcommands, each with its `handler(args) -> exit code` (launcher/cli.py calls it)."""
    sub.add_parser("run", help="run the bot on Discord (needs DISCORD_TOKEN; the default)").set_defaults(
        handler=lambda args: run()
    )
    check = sub.add_parser(
        "check-db",
        help="open the database, run its migrations, check its integrity and count tables and events",
    )
    check.add_argument("--db", type=Path, default=None, help="the SQLite file (default: TABLERO_DB)")
    check.set_defaults(handler=lambda args: check_db(args.db))
    from . import aftergame_cli  # verify, replay: an exported table checked offline

    aftergame_cli.add_commands(sub)


def load_settings(out: TextIO = sys.stderr) -> Settings | None:
    try:
        return Settings()
    except ValidationError as exc:
        first = exc.errors()[0]
        print(
            f"tablero: bad configuration: {first['loc'][0] if first['loc'] else ''}: {first['msg']}",
            file=out,
        )
        return None


def configure_logging(settings: Settings) -> None:
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )


GC_YOUNG, GC_MIDDLE = gc.get_threshold()[:2]  # Python's defaults (700, 10)
GC_FULL = 100
"""A full collection after this many middle-generation ones (Python's default: 10). What the bot
keeps after start-up (discord.py's channel and thread caches, the tables' records) grows with the
tables and outlives every collection; a full collection walks all of it, on the event loop's thread:
7-15 ms each in the acknowledgement benchmark (issue 9 item 7; 200 games, `platform_ack.py
--trace`), about one every 30 s at 10 clicks/s, each one an acknowledgement held up if a click
arrives meanwhile. At 100 it comes about ten times less often; the cyclic garbage it alone would
find (objects in reference cycles that lived through two younger collections) waits that much
longer to be freed. The younger generations keep Python's thresholds: their pauses were 1-8 ms."""


def freeze_startup_objects() -> None:
    """Move everything the imports made (discord.py, pydantic's schemas, the game catalogue, the
    renderers) out of the cyclic garbage collector's sight for good (`gc.freeze`).

    A full collection walks every tracked object and runs on the event loop's thread, so it holds
    up every interaction: in the acknowledgement benchmark (200 games, issue 9 item 7) the bot's
    full collections took 150–280 ms each under load, a few per minute, and an acknowledgement
    that arrived meanwhile waited for it. What the imports made lives as long as the process, so
    walking it again finds nothing; frozen, a full collection walks only what came after. So the
    bot's modules are imported and the message catalogs read here, before the freeze (the bot
    would do both at its start anyway; `setup_hook`'s preload then finds them read). A message is
    parsed at its first use (renderers/i18n.py: parsing all of them took 0.6-0.9 s of the cold
    start, issue 6), so the few hundred the bot comes to use are made after the freeze and stay in
    the collector's sight: small beside what is frozen. Full collections of what comes after are
    made rarer (`GC_FULL`).

    The collector is off while the imports run: they make tens of thousands of objects that all
    live on, and the collections they would trigger meanwhile (young ones by the hundred, and a
    full one) find nothing to free; the one collection below, before the freeze, does it once
    (about 0.05-0.1 s of CPU less on the cold start, issue 6)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        from renderers.i18n import preload

        from . import app  # noqa: F401  (imported for its objects: discord.py, the games, the renderers)

        preload()
    finally:
        if enabled:
            gc.enable()
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, GC_MIDDLE, GC_FULL)


def run() -> int:
    settings = load_settings()
    if settings is None:
        return 2
    token = settings.token()
    if token is None:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    configure_logging(settings)
    freeze_startup_objects()
    try:
        return asyncio.run(serve(settings, token))
    except KeyboardInterrupt:
        return 0
    except Exception as exc:  # one line, no token echo
        logging.getLogger("tablero").error("stopped: %s", type(exc).__name__)
        return 1


async def serve(
    settings: Settings,
    token: str,
    *,
    stop: asyncio.Event | None = None,
    sleep: Sleep = asyncio.sleep,
    attempts: int | None = None,
    out: TextIO = sys.stderr,
    started: Callable[[Any], object] | None = None,
) -> int:
    """Log in and stay connected until the connection ends, a signal or `stop` (bot/lifecycle.py).

    A refused token exits 2; an unreachable Discord is retried with backoff. Once connected,
    discord.py reconnects by itself: only the first login can fail for want of a network.
    `stop` given: no signal handlers are installed (the caller owns them, e.g. the playground).
    `attempts` bounds the tries (None: forever) and `sleep` is injected so tests never wait;
    `started(bot)` is called with each new bot before it logs in.
    """
    import aiohttp
    import discord

    from .lifecycle import serve as run_until_stopped

    delay, tried = 1.0, 0
    while True:
        try:
            await run_until_stopped(settings, token, stop=stop, started=started)
            return 0
        except discord.LoginFailure:
            print(REFUSED, file=out)
            return 2
        except (
            aiohttp.ClientConnectionError,  # refused, DNS failure, reset (ClientConnectorError and kin)
            ConnectionError,
            socket.gaierror,
            discord.GatewayNotFound,
            discord.DiscordServerError,  # Discord answering 5xx (after discord.py's own retries)
            TimeoutError,
        ) as exc:
            tried += 1
            reason = type(exc).__name__
            if attempts is not None and tried >= attempts:
                print(f"tablero: cannot reach Discord ({reason}); giving up after {tried} attempts", file=out)
                return 1
            print(f"tablero: cannot reach Discord ({reason}); retrying in {delay:g} s", file=out, flush=True)
            if await _interrupted(sleep(delay), stop):
                return 0
            delay = min(delay * 2, MAX_BACKOFF_S)


async def _interrupted(pause: Awaitable[object], stop: asyncio.Event | None) -> bool:
    """Wait out the pause; True if SIGINT/SIGTERM (or `stop`) came first."""
    loop = asyncio.get_running_loop()
    own = stop is None
    event = asyncio.Event() if stop is None else stop
    if own:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, event.set)
    waiting = asyncio.ensure_future(pause)
    stopped = asyncio.ensure_future(event.wait())
    try:
        await asyncio.wait({waiting, stopped}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (waiting, stopped):
            task.cancel()
        if own:
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.remove_signal_handler(sig)
    return event.is_set()


def check_db(path: Path | None, out: TextIO = sys.stdout) -> int:
    """Open the database (creating it if new), run the migrations, check integrity, print counts."""
    if path is None:
        settings = load_settings()
        if settings is None:
            return 2
        path = settings.db_path
    return asyncio.run(_check_db(Path(path), out))


async def _check_db(path: Path, out: TextIO) -> int:
    from .store import SqliteStore

    store = SqliteStore(path)
    try:
        await store.open()  # runs the migrations
        schema = await store.schema_version()
    except Exception as exc:
        print(f"tablero: cannot open {path}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    finally:
        await store.close()
    with sqlite3.connect(path) as db:
        integrity = [row[0] for row in db.execute("PRAGMA integrity_check")]
        tables = db.execute("SELECT COUNT(*) FROM tables").fetchone()[0]
        by_status = db.execute(
            "SELECT status, COUNT(*) FROM tables GROUP BY status ORDER BY status"
        ).fetchall()
        events = db.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    ok = integrity == ["ok"]
    print(f"database: {path}", file=out)
    print(f"schema version: {schema}", file=out)
    print(f"integrity: {'ok' if ok else '; '.join(integrity[:5])}", file=out)
    detail = ", ".join(f"{status} {count}" for status, count in by_status)
    print(f"tables: {tables}" + (f" ({detail})" if detail else ""), file=out)
    print(f"events: {events}", file=out)
    return 0 if ok else 1
