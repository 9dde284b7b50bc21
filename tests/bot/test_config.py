"""Configuration: environment and .env, the token check, endpoint redirection."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest
import yarl
from discord.gateway import DiscordWebSocket

from bot.app import apply_endpoints
from bot.config import Settings

CLEAN = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "TABLERO_DB", "DEFAULT_LANGUAGE"}}


def test_without_a_token_the_bot_says_what_to_set_and_exits_2(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=CLEAN, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0]
    assert result.stdout == ""


def test_settings_come_from_a_dotenv_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("DISCORD_TOKEN", "TABLERO_DB", "DEFAULT_LANGUAGE", "DEV_GUILD_ID", "TABLERO_REMINDER_DELAY"):
        monkeypatch.delenv(key, raising=False)
    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=abc\nTABLERO_DB=/data/t.db\nDEFAULT_LANGUAGE=ES\nDEV_GUILD_ID=\nTABLERO_REMINDER_DELAY=90\n"
    )
    monkeypatch.chdir(tmp_path)
    settings = Settings()
    assert settings.token() == "abc" and str(settings.db_path) == "/data/t.db"
    assert (
        settings.default_language == "es"
        and settings.dev_guild_id is None
        and settings.reminder_delay_s == 90
    )
    assert "abc" not in repr(settings)  # the token is a secret


def test_defaults_and_validation(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for key in ("DISCORD_TOKEN", "TABLERO_DB", "DEFAULT_LANGUAGE"):
        monkeypatch.delenv(key, raising=False)
    settings = Settings()
    assert (
        settings.token() is None
        and str(settings.db_path) == "tablero.db"
        and settings.default_language == "en"
    )
    with pytest.raises(ValueError):
        Settings(DEFAULT_LANGUAGE="fr")  # type: ignore[call-arg]


def test_api_base_and_gateway_redirect_discord_py(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", DiscordWebSocket.DEFAULT_GATEWAY)
    apply_endpoints(
        Settings(
            _env_file=None, DISCORD_API_BASE="http://proxy:8080/api/v10/", DISCORD_GATEWAY_URL="ws://gw:9/"
        )  # type: ignore[call-arg]
    )
    assert discord.http.Route.BASE == "http://proxy:8080/api/v10"
    assert DiscordWebSocket.DEFAULT_GATEWAY == yarl.URL("ws://gw:9/")
