"""The bot's part of the `tablero` command line (launcher/cli.py): `run` (the default), `cluster`
(bot/cluster.py), `check-db`, `backup`, `migrate`, `copy-db`, and `verify` / `replay` of an exported
table (bot/aftergame_cli.py).

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
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pydantic import ValidationError

from .config import Settings
from .shards import MAX_BACKOFF_S, REFUSED  # said once, for `run` and `cluster`

__all__ = ["MAX_BACKOFF_S", "REFUSED"]
SHARDING_REQUIRED = 4011
SHARDS_WANTED = (
    "tablero: Discord closed the gateway with 4011 (sharding required): a shard may serve at most 2,500"
    " servers and this bot's {count} shard(s) are not enough; run `tablero cluster --processes K"
    " --shard-count N` with a larger N (docs/operations.md, shard counts)"
)
NO_TOKEN = "tablero: set DISCORD_TOKEN (environment or .env) to your bot token to start the bot."

Sleep = Callable[[float], Awaitable[object]]
if TYPE_CHECKING:
    from .store import SqliteStore
    from .store_pg import PostgresStore

    AnyStore = SqliteStore | PostgresStore
    Commands = argparse._SubParsersAction[argparse.ArgumentParser]  # what `add_subparsers` returns


DB_FORMS = "a SQLite file, sqlite:///path or postgresql://user:password@host:port/database"
DB_HELP = f"the database: {DB_FORMS} (default: TABLERO_DB)"


def add_commands(sub: Commands) -> None:
    """The bot's subcommands, each with its `handler(args) -> exit code` (launcher/cli.py calls it)."""
    sub.add_parser("run", help="run the bot on Discord (needs DISCORD_TOKEN; the default)").set_defaults(
        handler=lambda args: run()
    )
    cluster = sub.add_parser(
        "cluster",
        help="run the bot as K processes, each over its range of the shards; restarts a process that"
        " dies (docs/operations.md)",
    )
    cluster.add_argument("--processes", type=int, required=True, metavar="K", help="how many bot processes")
    cluster.add_argument(
        "--shard-count",
        type=int,
        default=None,
        metavar="N",
        help="the number of shards, stored in the database for every later start (default: the stored"
        " one, else Discord's recommendation, at least K)",
    )
    cluster.set_defaults(handler=lambda args: run_cluster(args.processes, args.shard_count))
    check = sub.add_parser(
        "check-db",
        help="check the database: integrity, writability, schema version (migrating it), counts, and each"
        " active table's snapshot against its log",
    )
    check.add_argument("--db", default=None, help=DB_HELP)
    check.set_defaults(handler=lambda args: check_db(args.db))
    backup = sub.add_parser(
        "backup", help="copy the database to PATH, consistently, also while the bot runs (restore: README.md)"
    )
    backup.add_argument("path", type=Path, help="the copy's file (or a directory to put a dated copy in)")
    backup.add_argument("--db", default=None, help=DB_HELP)
    backup.add_argument("--force", action="store_true", help="replace PATH if it exists")
    backup.set_defaults(handler=lambda args: backup_db(args.db, args.path, force=args.force))
    migrate = sub.add_parser(
        "migrate", help="bring the database's schema up to this Tablero's (the bot also does it at start)"
    )
    migrate.add_argument("--db", default=None, help=DB_HELP)
    migrate.set_defaults(handler=lambda args: migrate_db(args.db))
    copy = sub.add_parser(
        "copy-db",
        help="copy every table of one database into another, empty one (e.g. SQLite to PostgreSQL);"
        " stop the bot first",
    )
    copy.add_argument("--from", dest="source", required=True, help="the database to copy (" + DB_FORMS + ")")
    copy.add_argument(
        "--to", dest="target", required=True, help="the empty database to fill (" + DB_FORMS + ")"
    )
    copy.set_defaults(handler=lambda args: copy_db(args.source, args.target))
    # verify, replay: an exported table checked offline (its module loads the games only when asked)
    from . import aftergame_cli

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
    # a process of a cluster says which shards it runs on every line (the processes share one log)
    where = f"[shards {settings.shard_ids}] " if settings.shard_ids else ""
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        format=f"%(asctime)s %(levelname)s {where}%(name)s: %(message)s",
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
longer to be freed. The younger generations keep Python's thresholds: their pauses were 1-8 ms.

What each interaction made used to be such garbage: discord.py's interaction and its response refer to
each other, a message's view and its buttons too, and a sent file's stream to itself, holding the
board picture; live data grew ~0.5 KiB and raw RSS ~105 KiB per table between full collections
(issue 24 item 8). Those cycles are now broken when the interaction is done (bot/app.py
`release_interaction`, cogs/play.py `release_view`, bot/panels.py `AcyclicFile`), so reference
counting frees them at once and the rare full collection finds little (tests/e2e/test_memory_e2e.py)."""


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
        # Imported here, with the collector off (the docstring says why).
        from renderers.i18n import preload

        from . import app  # noqa: F401  (imported for its objects: discord.py, the games, the renderers)

        preload()
    finally:
        if enabled:
            gc.enable()
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, GC_MIDDLE, GC_FULL)


def _configured() -> tuple[Settings, str] | None:
    """The settings and the token of a bot that is to run, logging configured; None (the reason
    printed) when either is missing."""
    settings = load_settings()
    if settings is None:
        return None
    token = settings.token()
    if token is None:
        print(NO_TOKEN, file=sys.stderr)
        return None
    configure_logging(settings)
    return settings, token


def run() -> int:
    configured = _configured()
    if configured is None:
        return 2
    settings, token = configured
    freeze_startup_objects()
    # the store (aiosqlite) loads after the start-up objects are frozen, as the bot's other modules
    from .store import DatabaseRefused, StorageUnavailable

    try:
        return asyncio.run(serve(settings, token))
    except KeyboardInterrupt:
        return 0
    except DatabaseRefused as exc:  # one line per problem: the file, what is wrong, what to do
        for line in exc.lines():
            print(line, file=sys.stderr)
        return 1
    except StorageUnavailable as exc:
        print(f"tablero: stopped: the database {exc.path} failed: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # one line, no token echo
        if getattr(exc, "code", None) == SHARDING_REQUIRED and type(exc).__name__ == "ConnectionClosed":
            print(SHARDS_WANTED.format(count=settings.shard_count or 1), file=sys.stderr)
            return 3
        logging.getLogger("tablero").error("stopped: %s", type(exc).__name__)
        return 1


def run_cluster(processes: int, shard_count: int | None) -> int:
    """`tablero cluster`: the supervisor of K bot processes (bot/cluster.py)."""
    configured = _configured()
    if configured is None:
        return 2
    settings, token = configured
    # the supervisor (and the stores it opens) loads only when a cluster is what runs
    from .cluster import start

    try:
        return asyncio.run(start(settings, token, processes=processes, shard_count=shard_count))
    except KeyboardInterrupt:
        return 0


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
    # Imported when the bot runs: discord.py, aiohttp and the bot's app take about a second to
    # import, which `tablero check-db` and `tablero --help` should not pay.
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


def _db_path(path: str | Path | None) -> str | None:
    """The database a command works on: `--db`, else TABLERO_DB (None: the settings are bad)."""
    if path is not None:
        return str(path)
    settings = load_settings()
    return None if settings is None else settings.db


def check_db(path: str | Path | None, out: TextIO = sys.stdout) -> int:
    """Report on the database (creating it if new) and never crash: integrity, whether the bot can
    write it, the schema version (migrated when older and writable), counts, and whether each active
    table's snapshot equals the fold of its log. 0 when the bot could serve it as it is, else 1."""
    found = _db_path(path)
    if found is None:
        return 2
    return asyncio.run(_check_db(found, out))


async def _check_db(path: str, out: TextIO) -> int:
    # the store (aiosqlite or asyncpg) loads only when the database is checked
    from .store import DatabaseRefused, StorageUnavailable
    from .stores import describe, make_store

    print(f"database: {describe(path)}", file=out)
    store = make_store(path)
    try:
        await store.open(check=False)
    except DatabaseRefused as exc:
        for line in exc.lines():
            print(line, file=out)
        return 1
    try:
        return 0 if await _report(store, out) else 1
    except StorageUnavailable as exc:  # what the report could not read, said in words
        print(f"could not finish the check: {exc}", file=out)
        return 1
    finally:
        await store.close()


def migrate_db(path: str | Path | None, out: TextIO = sys.stdout) -> int:
    """`tablero migrate`: check the database and apply the migrations it lacks (what the bot does at
    start; run it alone before starting several processes of a new version). 0 when up to date."""
    found = _db_path(path)
    if found is None:
        return 2
    return asyncio.run(_migrate(found, out))


async def _migrate(path: str, out: TextIO) -> int:
    # the stores (aiosqlite, asyncpg) load only for the commands that open a database
    from .store import DatabaseRefused
    from .stores import describe, make_store

    store = make_store(path)
    try:
        await store.open(check=False)
        before = (await store.health()).schema_version
        await store.close()
        await store.open()  # the start-up checks, then the migrations
        after = await store.schema_version()
    except DatabaseRefused as exc:
        for line in exc.lines():
            print(line, file=sys.stderr)
        return 1
    finally:
        await store.close()
    change = f"migrated from {before} to {after}" if before != after else f"already at {after}"
    print(f"database {describe(path)}: schema {change}", file=out)
    return 0


def copy_db(source: str, target: str, out: TextIO = sys.stdout) -> int:
    """`tablero copy-db --from A --to B`: every row of every table of A into the empty B, ids kept,
    both brought to this Tablero's schema first; the row counts compared table by table after.
    The bot must be stopped meanwhile (what it wrote during the copy could be left behind)."""
    return asyncio.run(_copy_db(source, target, out))


async def _copy_db(source: str, target: str, out: TextIO) -> int:
    # the stores (aiosqlite, asyncpg) load only for the commands that open a database
    from .store import DatabaseRefused, StorageUnavailable
    from .stores import CopyRefused, describe, make_store, parse_db
    from .stores import copy_db as copy_rows

    if parse_db(source) == parse_db(target):
        print("tablero: --from and --to name the same database", file=sys.stderr)
        return 1
    if parse_db(source)[0] == "sqlite" and not Path(parse_db(source)[1]).is_file():
        print(f"tablero: no database at {describe(source)}", file=sys.stderr)
        return 1
    origin, destination = make_store(source), make_store(target)
    try:
        await origin.open()
        await destination.open()
        counts = await copy_rows(origin, destination, report=lambda line: print(f"  {line}", file=out))
    except DatabaseRefused as exc:
        for line in exc.lines():
            print(line, file=sys.stderr)
        return 1
    except (CopyRefused, StorageUnavailable) as exc:
        print(f"tablero: copy-db refused: {exc}", file=sys.stderr)
        return 1
    finally:
        await origin.close()
        await destination.close()
    print(
        f"copied {describe(source)} to {describe(target)}: {counts.get('tables', 0)} table(s),"
        f" {counts.get('events', 0)} event(s), {sum(counts.values())} row(s) in {len(counts)} tables;"
        " every count matches",
        file=out,
    )
    return 0


async def _report(store: AnyStore, out: TextIO) -> bool:
    """Print the check's lines; whether everything is fine."""
    # the store loads only for the commands that open the database (`tablero --help` does not)
    from .migrations import LATEST
    from .store import FAULT_ADVICE, FAULT_WORDS, StorageUnavailable

    health = await store.health(full=True)
    ok = True
    if health.integrity_fault is not None:
        print(f"integrity: the check itself failed: {FAULT_WORDS[health.integrity_fault]}", file=out)
        print(f"  what to do: {FAULT_ADVICE[health.integrity_fault]}", file=out)
        ok = False
    elif health.intact:
        print("integrity: ok", file=out)
    else:
        ok = False
        print(f"integrity: DAMAGED: {'; '.join(health.integrity[:5])}", file=out)
        print(f"  what to do: {FAULT_ADVICE['corrupt']}", file=out)
    if health.writable:
        print("writable: yes", file=out)
    else:
        ok = False
        fault = health.write_fault or "io"
        print(f"writable: no: {FAULT_WORDS[fault]}", file=out)
        print(f"  what to do: {FAULT_ADVICE[fault]}", file=out)
    schema = health.schema_version
    if schema is None:
        words = FAULT_WORDS[health.schema_fault or "corrupt"]
        print(f"schema version: unreadable: {words}", file=out)
        return False
    if schema > LATEST:
        print(f"schema version: {schema}, newer than this Tablero ({LATEST}): upgrade Tablero", file=out)
        return False
    if schema < LATEST and health.writable and health.intact:
        await store.migrate()
        print(f"schema version: {LATEST} (migrated from {schema})", file=out)
    elif schema < LATEST:
        print(f"schema version: {schema} (this Tablero migrates it to {LATEST} at start)", file=out)
        return False
    else:
        print(f"schema version: {schema}", file=out)
    try:
        counts = await store.counts()
    except StorageUnavailable as exc:
        print(f"tables: unreadable: {exc}", file=out)
        return False
    detail = ", ".join(f"{status} {count}" for status, count in counts.tables_by_status.items())
    print(f"tables: {counts.tables}" + (f" ({detail})" if detail else ""), file=out)
    print(f"events: {counts.events}", file=out)
    return await _check_snapshots(store, out) and ok


async def _check_snapshots(store: AnyStore, out: TextIO) -> bool:
    """Each active table: its log folds to its version, and its snapshot (if current) equals that fold."""
    # the games' rules load only when check-db folds the tables (the other commands never need them)
    from engine.core import fold

    from .games import UnknownGame, rules_for, schema_hash
    from .store import StorageUnavailable

    active = await store.list_tables(statuses=("active",))
    matching, stale, bad = 0, 0, []
    for table in active:
        where = f"table {table.id} (#{table.number} of server {table.guild_id}, {table.game})"
        try:
            rules = rules_for(table.game)
        except UnknownGame:
            bad.append(f"{where}: this Tablero does not know the game")
            continue
        try:
            state = fold(rules, [rules.parse_event(r.data) for r in await store.load_events(table.id)])
        except StorageUnavailable:
            raise
        except Exception as exc:  # the type only: an event's text may carry secrets
            bad.append(f"{where}: its log does not fold ({type(exc).__name__})")
            continue
        if state.version != table.version:
            bad.append(f"{where}: its log folds to version {state.version}, the table says {table.version}")
            continue
        snapshot = await store.get_snapshot(table.id)
        if (
            snapshot is None
            or snapshot.version != table.version
            or snapshot.schema_hash != schema_hash(rules)
        ):
            stale += 1  # a cache: rebuilt from the log when the table is next loaded
            continue
        try:
            cached = rules.state_model.model_validate_json(snapshot.data)
        except ValueError:
            bad.append(
                f"{where}: its snapshot is damaged (the bot rebuilds it from the log when it loads the table)"
            )
            continue
        if cached.model_dump() != state.model_dump():
            bad.append(f"{where}: its snapshot (v{snapshot.version}) differs from the fold of its log")
            continue
        matching += 1
    line = f"snapshots: {len(active)} active table(s), {matching} equal to the fold of their log"
    if stale:
        line += f", {stale} missing or out of date (rebuilt from the log when next loaded)"
    print(line, file=out)
    for problem in bad:
        print(f"  {problem}", file=out)
    return not bad


def backup_db(path: str | Path | None, dest: Path, *, force: bool = False, out: TextIO = sys.stdout) -> int:
    """`tablero backup DEST`: an online, consistent copy of the database (the bot may be running),
    checked after the copy. DEST a directory: a file named after the database and the time in it.
    SQLite: SQLite's backup API, the copy a database file. PostgreSQL: `pg_dump --format=custom`
    (restore with pg_restore), the copy's table of contents read back with `pg_restore --list`."""
    source = _db_path(path)
    if source is None:
        return 2
    # the stores (aiosqlite, asyncpg) load only for the commands that open a database
    from .stores import parse_db

    engine, target = parse_db(source)
    if engine == "postgresql":
        return asyncio.run(_backup_pg(target, Path(dest), force, out))
    return asyncio.run(_backup(Path(target), Path(dest), force, out))


async def _backup_pg(url: str, dest: Path, force: bool, out: TextIO) -> int:
    # the stores (aiosqlite, asyncpg) load only for the commands that open a database
    import shutil
    import subprocess
    import time

    from .store_pg import BackupImpossible, PostgresStore, where

    if dest.is_dir():
        dest = dest / f"tablero-{time.strftime('%Y%m%d-%H%M%S')}.dump"
    if dest.exists() and not force:
        print(f"tablero: {dest} already exists (--force replaces it)", file=sys.stderr)
        return 1
    store = PostgresStore(url)
    try:
        await store.backup(dest)
    except BackupImpossible as exc:
        print(f"tablero: the backup of {where(url)} failed: {exc}", file=sys.stderr)
        return 1
    pg_restore = shutil.which("pg_restore")
    listed = ""
    if pg_restore is not None:
        toc = subprocess.run([pg_restore, "--list", str(dest)], capture_output=True, text=True, check=False)
        if toc.returncode != 0 or "TABLE DATA" not in toc.stdout or " events " not in toc.stdout:
            print(
                f"tablero: the copy at {dest} does not read back: {toc.stderr.strip()[:300]}", file=sys.stderr
            )
            return 1
        listed = f", {toc.stdout.count('TABLE DATA')} tables' data listed by pg_restore"
    print(f"backed up {where(url)} to {dest} (pg_dump custom format{listed})", file=out)
    print(f"  restore: pg_restore --clean --if-exists --no-owner -d <database> {dest}", file=out)
    return 0


async def _backup(source: Path, dest: Path, force: bool, out: TextIO) -> int:
    # the store loads only for the commands that open the database (`tablero --help` does not)
    from .store import DatabaseRefused, SqliteStore, StorageUnavailable

    if not source.is_file():
        print(f"tablero: no database at {source} (set TABLERO_DB or --db)", file=sys.stderr)
        return 1
    if dest.is_dir():
        dest = dest / f"{source.stem}-{time.strftime('%Y%m%d-%H%M%S')}{source.suffix or '.db'}"
    if dest.resolve() == source.resolve():
        print("tablero: the backup must go to another file than the database", file=sys.stderr)
        return 1
    if dest.exists() and not force:
        print(f"tablero: {dest} already exists (--force replaces it)", file=sys.stderr)
        return 1
    try:
        await SqliteStore(source).backup(dest)
    except (StorageUnavailable, sqlite3.Error, OSError) as exc:
        reason = str(exc) if isinstance(exc, StorageUnavailable) else f"{type(exc).__name__}: {exc}"
        print(f"tablero: the backup of {source} failed: {reason}", file=sys.stderr)
        return 1
    copy = SqliteStore(dest)
    held = ""
    try:
        await copy.open(check=False)
        health = await copy.health(full=True)
        try:
            counts = await copy.counts()
            held = f": {counts.tables} table(s), {counts.events} event(s)"
        except (StorageUnavailable, sqlite3.Error):
            held = " (not a Tablero database: nothing counted)"
    except DatabaseRefused as exc:
        print(f"tablero: the copy at {dest} does not open: {exc}", file=sys.stderr)
        return 1
    finally:
        await copy.close()
    if not health.intact:
        print(
            f"tablero: the copy at {dest} failed its integrity check: {health.integrity[0]}", file=sys.stderr
        )
        return 1
    print(f"backed up {source} to {dest}{held}, integrity ok", file=out)
    return 0
