"""Real SQLite made to fail, for the storage tests: a read-only file, a damaged b-tree, a newer
schema, a write lock held by another connection, a full disk (a tiny file system)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.migrations import LATEST


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """The file read-only for this process: its mode (0444), or for root (whom modes do not stop)
    the immutable attribute; skipped where neither is possible."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        try:
            yield
        finally:
            path.chmod(0o644)
        return
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot make a file read-only as root here: {done.stderr.decode().strip()}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def damage_btree(path: Path, table: str = "events") -> None:
    """Overwrite the root page of `table`'s b-tree with garbage (the file is closed)."""
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        [(root,)] = db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,))
        [(page_size,)] = db.execute("PRAGMA page_size")
    db.close()
    with path.open("r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(bytes([0xFF, 0x13, 0x37, 0x00] * (page_size // 4)))


def make_newer(path: Path) -> None:
    """Mark the database as written by a newer Tablero."""
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO schema_version (version) VALUES (?)", (LATEST + 1,))
    db.close()


@contextlib.contextmanager
def write_lock(path: Path) -> Iterator[sqlite3.Connection]:
    """Another connection holding the database's write lock (BEGIN IMMEDIATE) until the block ends."""
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield other
    finally:
        other.execute("ROLLBACK")
        other.close()


@contextlib.contextmanager
def tiny_filesystem(where: Path, size_kib: int = 1024) -> Iterator[Path]:
    """A tmpfs of `size_kib` mounted at `where` (skipped where mounting is not allowed): room for a
    played table's database and its WAL (schema 7), which `fill` then fills."""
    where.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size_kib}k", "tmpfs", str(where)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tiny file system here: {done.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(where: Path) -> None:
    """Fill the file system holding `where` to the last byte."""
    fd = os.open(where / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError:
        pass
    try:
        while True:
            os.write(fd, b"\0")
    except OSError:
        pass
    os.close(fd)
