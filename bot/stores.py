"""Which store a setting names, and copying a whole database from one store to another.

`TABLERO_DB` (or `--db`, `--from`, `--to`) is one of:
- a file path (`./tablero.db`, `/var/lib/tablero/tablero.db`) or `sqlite:///path` (`sqlite:////abs/path`
  for an absolute one, as SQLAlchemy spells it): the SQLite store (bot/store_sqlite.py), the default;
- `postgresql://user:password@host:port/database` (or `postgres://`): the PostgreSQL store
  (bot/store_pg.py). Parts left out come from libpq's PG* variables (PGHOST, PGUSER, PGPASSWORD...), so
  `postgresql://` alone uses them all. `?schema=NAME` keeps Tablero's tables in that PostgreSQL schema
  (created if missing) instead of the server's default (`public`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from .store import SqliteStore
    from .store_pg import PostgresStore

Engine = Literal["sqlite", "postgresql"]


def parse_db(value: str | Path) -> tuple[Engine, str]:
    """The engine a setting names and its target: the SQLite file's path, or the PostgreSQL URL."""
    text = str(value).strip()
    if text.startswith(("postgresql://", "postgres://")):
        return "postgresql", text
    if text.startswith("sqlite://"):
        rest = text[len("sqlite://") :]
        return "sqlite", rest[1:] if rest.startswith("/") else rest
    return "sqlite", text


def describe(value: str | Path) -> str:
    """The setting as it may be shown (a PostgreSQL URL without its password)."""
    engine, target = parse_db(value)
    if engine == "postgresql":
        # each engine's driver (aiosqlite, asyncpg) loads only when a store of it is made or read
        from .store_pg import where

        return where(target)
    return target


def make_store(
    value: str | Path, *, clock: Callable[[], float] = time.time, **options: Any
) -> SqliteStore | PostgresStore:
    """The store a setting names (not opened)."""
    engine, target = parse_db(value)
    if engine == "postgresql":
        # each engine's driver (aiosqlite, asyncpg) loads only when a store of it is made or read
        from .store_pg import PostgresStore

        return PostgresStore(target, clock=clock, **options)
    # each engine's driver (aiosqlite, asyncpg) loads only when a store of it is made or read
    from .store import SqliteStore

    return SqliteStore(target, clock=clock, **options)


# --- copy-db ------------------------------------------------------------------------------------

FIRST = ("tables",)
"""Copied before the others: every other table refers to `tables` (and its own references point
to lower ids, so rows copied in id order always find what they refer to)."""

RUNTIME = ("processes",)
"""Not copied: which processes serve the source right now (SQLite's registry of slots, migration
13), which means nothing for another database."""


async def table_names(store: SqliteStore | PostgresStore) -> list[str]:
    """The store's tables (schema_version aside), `tables` first, the rest by name."""
    # each engine's driver (aiosqlite, asyncpg) loads only when a store of it is made or read
    from .store import SqliteStore

    if isinstance(store, SqliteStore):
        rows = await store._all(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " AND name != 'schema_version' ORDER BY name"
        )
        names = [row[0] for row in rows]
    else:
        names = await store.table_names()
    names = [n for n in names if n not in RUNTIME]
    return [n for n in FIRST if n in names] + [n for n in names if n not in FIRST]


async def export_rows(
    store: SqliteStore | PostgresStore, name: str
) -> tuple[list[str], list[tuple[Any, ...]]]:
    # each engine's driver (aiosqlite, asyncpg) loads only when a store of it is made or read
    from .store import SqliteStore

    if not isinstance(store, SqliteStore):
        return await store.export_rows(name)
    columns = [row[1] for row in await store._all(f'PRAGMA table_info("{name}")')]
    order = "id" if "id" in columns else ", ".join(f'"{c}"' for c in columns[:2])
    quoted = ", ".join(f'"{c}"' for c in columns)
    rows = await store._all(f'SELECT {quoted} FROM "{name}" ORDER BY {order}')
    return columns, [tuple(r) for r in rows]


async def import_rows(
    store: SqliteStore | PostgresStore, name: str, columns: list[str], rows: list[tuple[Any, ...]]
) -> None:
    # each engine's driver (aiosqlite, asyncpg) loads only when a store of it is made or read
    from .store import SqliteStore, storage_faults

    if not isinstance(store, SqliteStore):
        await store.import_rows(name, columns, rows)
        return
    if not rows:
        return
    quoted = ", ".join(f'"{c}"' for c in columns)
    sql = f'INSERT INTO "{name}" ({quoted}) VALUES ({", ".join("?" * len(columns))})'
    with storage_faults(store.path):
        async with store._lock:
            db = store.db
            await db.execute("BEGIN IMMEDIATE")
            try:
                await db.executemany(sql, rows)
            except BaseException:
                await db.execute("ROLLBACK")
                raise
            await db.execute("COMMIT")


class CopyRefused(Exception):
    """copy-db will not copy: the target holds tables already, or the two schemas differ."""


async def copy_db(
    source: SqliteStore | PostgresStore,
    target: SqliteStore | PostgresStore,
    *,
    report: Callable[[str], None] = lambda line: None,
) -> dict[str, int]:
    """Copy every row of every table of `source` into the empty `target` (both open and migrated to
    the same schema version), ids kept; then count both sides table by table. Returns the counts.
    Raises CopyRefused before writing anything if the target holds a game table already, if the
    schema versions differ, or if the target lacks a table the source has (nothing is left behind)."""
    version, target_version = await source.schema_version(), await target.schema_version()
    if version != target_version:
        raise CopyRefused(f"the schema versions differ (source {version}, target {target_version})")
    names = await table_names(source)
    missing = sorted(set(names) - set(await table_names(target)))
    if missing:
        raise CopyRefused(f"the target has no table {', '.join(missing)} (is it an older Tablero?)")
    held = (await target.counts()).tables
    if held:
        raise CopyRefused(f"the target holds {held} table(s) already: copy-db copies into an empty database")
    counts: dict[str, int] = {}
    for name in names:
        columns, rows = await export_rows(source, name)
        await import_rows(target, name, columns, rows)
        counts[name] = len(rows)
        report(f"{name}: {len(rows)} row(s)")
    for name in names:
        _, copied = await export_rows(target, name)
        if len(copied) != counts[name]:
            raise CopyRefused(f"{name}: {counts[name]} row(s) read, {len(copied)} found in the target")
    return counts
