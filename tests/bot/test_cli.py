"""The command line: subcommands, a refused token, no network (retried with backoff), the database check."""

from __future__ import annotations

import asyncio
import io
import os
import re
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import REFUSED, check_db, serve
from bot.config import Settings
from launcher.cli import main
from playground.emulator import Emulator

ROOT = Path(__file__).resolve().parents[2]
CLEAN = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "TABLERO_DB", "DEFAULT_LANGUAGE"}}


def settings(tmp_path: Path, api_base: str, gateway_url: str) -> Settings:
    return Settings(
        _env_file=None,
        DISCORD_API_BASE=api_base,
        DISCORD_GATEWAY_URL=gateway_url,
        TABLERO_DB=str(tmp_path / "t.db"),
        TABLERO_GUILD_READY_TIMEOUT=0.05,
    )  # type: ignore[call-arg]


def test_help_lists_the_subcommands(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "launcher", "--help"],  # what the `tablero` script runs
        cwd=tmp_path,
        env={**CLEAN, "PYTHONPATH": str(ROOT)},  # this checkout's launcher, even in an older install
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0
    listed = re.findall(r"^ {4}(\S+)", result.stdout, re.MULTILINE)
    assert listed == [
        "run",
        "cluster",
        "check-db",
        "backup",
        "migrate",
        "copy-db",
        "verify",
        "replay",
        "playground",
        "version",
    ], result.stdout


def test_plain_tablero_runs_the_bot_without_loading_the_playground(tmp_path: Path) -> None:
    """No subcommand: the bot (here it stops at once for want of a token, exit 2), and the playground's
    emulator and page are not imported on the bot's way (issue 23 item 4: the launcher above both)."""
    probe = (
        "import sys\n"
        "from launcher.cli import main\n"
        "code = main([])\n"
        "print(sorted(m for m in sys.modules if m.startswith('playground.')))\n"
        "sys.exit(code)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env={**CLEAN, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "DISCORD_TOKEN" in result.stderr
    assert result.stdout.strip() == "['playground.cli']"


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["version"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tablero ") and out.strip() != "tablero unknown"


def test_the_playground_subcommand_has_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["playground", "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for option in ("--port", "--db", "--open", "--host"):
        assert option in out


async def test_a_refused_token_says_so_and_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import discord
    import yarl
    from discord.gateway import DiscordWebSocket

    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL("wss://gateway.discord.gg/"))
    async with Emulator() as emu:  # answers 401 to any token but its own, like Discord
        out = io.StringIO()
        config = settings(tmp_path, emu.api_base, emu.gateway_url)
        code = await serve(config, "not-the-token", out=out, stop=asyncio.Event())
        assert [r.status for r in emu.requests] == [401]
    assert code == 2
    assert out.getvalue().strip() == REFUSED
    assert "not-the-token" not in out.getvalue()


async def test_no_network_is_retried_with_backoff_instead_of_stopping(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import discord
    from discord.gateway import DiscordWebSocket

    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", DiscordWebSocket.DEFAULT_GATEWAY)
    with socket.socket() as probe:  # a port nobody listens on: connection refused
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    slept: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        slept.append(seconds)

    out = io.StringIO()
    config = settings(tmp_path, f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/")
    code = await serve(config, "some-token", sleep=fake_sleep, attempts=10, out=out, stop=asyncio.Event())
    assert slept == [1, 2, 4, 8, 16, 32, 64, 128, 256]  # doubling, then capped (below)
    lines = out.getvalue().strip().splitlines()
    assert len(lines) == 10 and all("cannot reach Discord" in line for line in lines)
    assert "retrying in 1 s" in lines[0] and "giving up" in lines[-1] and code == 1

    slept.clear()
    await serve(config, "some-token", sleep=fake_sleep, attempts=12, out=io.StringIO(), stop=asyncio.Event())
    assert slept[-2:] == [300, 300]  # never more than MAX_BACKOFF_S between attempts


def test_check_db_migrates_checks_and_counts(tmp_path: Path) -> None:
    path = tmp_path / "fresh.db"
    out = io.StringIO()
    assert check_db(path, out) == 0
    text = out.getvalue()
    assert "integrity: ok" in text and "tables: 0" in text and "events: 0" in text
    with sqlite3.connect(path) as db:  # migrated: the store's tables exist
        db.execute(
            "INSERT INTO tables (game, status, seats, options, seed, lang, created_by, created_at, updated_at)"
            " VALUES ('duel', 'finished', '{}', '{}', 1, 'en', 1, 0, 0)"
        )
        db.execute("INSERT INTO events (table_id, seq, kind, data, at) VALUES (1, 1, 'Started', '{}', 0)")
    out = io.StringIO()
    assert check_db(path, out) == 0
    assert "tables: 1 (finished 1)" in out.getvalue() and "events: 1" in out.getvalue()


def test_check_db_reports_a_damaged_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.db"
    path.write_bytes(b"this is not a database" * 100)
    out = io.StringIO()
    assert check_db(path, out) == 1
    assert f"cannot use the database {path}: the file is not a SQLite database" in out.getvalue()


async def test_ctrl_c_while_waiting_to_retry_stops_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import discord
    from discord.gateway import DiscordWebSocket

    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", DiscordWebSocket.DEFAULT_GATEWAY)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    stop = asyncio.Event()

    async def long_sleep(seconds: float) -> None:
        stop.set()  # the user presses Ctrl-C during the pause
        await asyncio.Event().wait()  # a pause that would never end by itself

    config = settings(tmp_path, f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/")
    code = await asyncio.wait_for(serve(config, "t", sleep=long_sleep, out=io.StringIO(), stop=stop), 30)
    assert code == 0


def test_the_objects_of_the_imports_are_frozen_out_of_the_collectors_walk(tmp_path: Path) -> None:
    """Issue 9 item 7: a full garbage collection runs on the event loop's thread and walks every
    tracked object; what the bot's imports made is frozen at start, so it walks only what came
    after (under load the bot's full collections took 150–280 ms each, holding up interactions), and
    a full collection comes after 100 middle-generation ones, not 10 (7-15 ms each at 200 games).
    The imports run with the collector off (issue 6: the cold start)."""
    probe = (
        "import gc\n"
        "from bot.cli import freeze_startup_objects\n"
        "before, young_runs = len(gc.get_objects()), gc.get_stats()[0]['collections']\n"
        "freeze_startup_objects()\n"
        "young_runs = gc.get_stats()[0]['collections'] - young_runs\n"
        "print(before, len(gc.get_objects()), gc.get_freeze_count(), *gc.get_threshold(), young_runs, int(gc.isenabled()))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, env=CLEAN, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    before, walked, frozen, young, middle, full, young_runs, enabled = map(int, result.stdout.split())
    # the bot's modules and catalogs are loaded by the freeze itself: far more is frozen than was there
    assert frozen > 2 * before and walked < 0.01 * frozen
    # full collections of what came after are rarer than Python's default (10), the younger ones not
    assert (young, middle, full) == (700, 10, 100)
    # issue 6: no collection while the imports ran (they free nothing; the one before the freeze
    # does the work once), and the collector is on again afterwards
    assert young_runs == 0 and enabled == 1
