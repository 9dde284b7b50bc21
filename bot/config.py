"""Settings from the environment and `.env` (pydantic-settings)."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from renderers.i18n import LANGUAGES


class Settings(BaseSettings):
    """Everything the bot reads from its environment; see the README's configuration table."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    # The database: a SQLite file's path or sqlite:///path (the default), or postgresql://... (bot/stores.py).
    db: str = Field(default="./tablero.db", validation_alias="TABLERO_DB")
    api_base: str | None = Field(default=None, validation_alias="DISCORD_API_BASE")
    gateway_url: str | None = Field(default=None, validation_alias="DISCORD_GATEWAY_URL")
    log_level: str = Field(default="INFO", validation_alias="LOG_LEVEL")
    default_language: str = Field(default="en", validation_alias="DEFAULT_LANGUAGE")
    dev_guild_id: int | None = Field(default=None, validation_alias="DEV_GUILD_ID")
    sync_commands: bool = Field(default=True, validation_alias="TABLERO_SYNC_COMMANDS")
    members_intent: bool = Field(default=False, validation_alias="TABLERO_MEMBERS_INTENT")
    """Ask Discord for the (privileged) Server Members intent, to learn that a player left the server
    (their seat then forfeits at the table's deadline, bot/faults.py). Turn it on in the Developer
    Portal first: Discord refuses a bot that asks for a privileged intent it was not granted."""
    reminder_delay_s: float = Field(
        default=6 * 3600.0,
        validation_alias=AliasChoices("TABLERO_REMINDER_DELAY", "REMINDER_DELAY"),
        ge=0,
    )
    guild_ready_timeout_s: float = Field(default=2.0, validation_alias="TABLERO_GUILD_READY_TIMEOUT", ge=0)
    pilot_step_cap: int = Field(default=500, validation_alias="TABLERO_PILOT_STEP_CAP", ge=1)
    workers: int | None = Field(default=None, validation_alias="TABLERO_WORKERS", ge=0)
    # One process of a cluster (`tablero cluster` sets these for each process it starts; bot/shards.py):
    shard_count: int | None = Field(default=None, validation_alias="TABLERO_SHARD_COUNT", ge=1)
    """The cluster's shard count (None: one process, not sharded, as `tablero run` always was)."""
    shard_ids: str | None = Field(default=None, validation_alias="TABLERO_SHARD_IDS")
    """The shards this process runs, `0-3` or `0,2` (None with a shard count: all of them)."""
    max_concurrency: int = Field(default=1, validation_alias="TABLERO_MAX_CONCURRENCY", ge=1)
    """Discord's `session_start_limit.max_concurrency`: IDENTIFYs allowed per 5 s, one per bucket."""
    ready_file: str | None = Field(default=None, validation_alias="TABLERO_READY_FILE")
    """A file the bot creates once every shard of it is ready (`tablero cluster` waits on it in a
    rolling restart)."""
    identify_window_s: float = Field(default=5.0, validation_alias="TABLERO_IDENTIFY_WINDOW", gt=0)
    """How long a bucket stays taken after an IDENTIFY: Discord's 5 s (only a local emulator differs)."""
    owner: str | None = Field(default=None, validation_alias="TABLERO_OWNER", max_length=100)
    """This process's name on the deadlines and outbox rows it claims (bot/leases.py); default the
    host's name. Each process of a cluster on one machine needs its own (`host:proc-1`, ...)."""

    @field_validator("default_language")
    @classmethod
    def _known_language(cls, value: str) -> str:
        value = value.lower()
        if value not in LANGUAGES:
            raise ValueError(f"DEFAULT_LANGUAGE must be one of {', '.join(LANGUAGES)}")
        return value

    @property
    def db_engine(self) -> str:
        """Which store TABLERO_DB names: "sqlite" or "postgresql"."""
        # bot/stores.py names the engine; imported here when asked, as the settings load first
        from .stores import parse_db

        return parse_db(self.db)[0]

    @property
    def db_path(self) -> Path:
        """The SQLite file TABLERO_DB names (ValueError for a PostgreSQL URL, which names no file)."""
        # bot/stores.py names the engine; imported here when asked, as the settings load first
        from .stores import parse_db

        engine, target = parse_db(self.db)
        if engine != "sqlite":
            raise ValueError("TABLERO_DB names a PostgreSQL database, not a file")
        return Path(target)

    def worker_count(self) -> int:
        """Worker processes for CPU-bound work: TABLERO_WORKERS, else one per core; 0 runs it inline."""
        return self.workers if self.workers is not None else max(1, os.cpu_count() or 1)

    @field_validator("shard_ids")
    @classmethod
    def _shard_ids(cls, value: str | None) -> str | None:
        if value is None:
            return None
        # bot/shards.py reads the ranges; imported here when one is set
        from .shards import parse_shard_ids

        parse_shard_ids(value)  # ValueError: said as a bad setting
        return value

    @property
    def shards(self) -> list[int] | None:
        """The shard ids this process runs (None: not sharded)."""
        if self.shard_count is None:
            return None
        # bot/shards.py reads the ranges; imported here when one is set
        from .shards import parse_shard_ids

        ids = parse_shard_ids(self.shard_ids) if self.shard_ids else list(range(self.shard_count))
        if ids[-1] >= self.shard_count:
            raise ValueError(f"TABLERO_SHARD_IDS names shard {ids[-1]}, but there are {self.shard_count}")
        return ids

    @property
    def syncs_commands(self) -> bool:
        """Whether this process syncs the application commands: TABLERO_SYNC_COMMANDS, and in a
        cluster only the process that holds shard 0 (one sync, not one per process)."""
        shards = self.shards
        return self.sync_commands and (shards is None or 0 in shards)

    @field_validator(
        "dev_guild_id",
        "workers",
        "api_base",
        "gateway_url",
        "shard_count",
        "shard_ids",
        "ready_file",
        mode="before",
    )
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level")
    @classmethod
    def _upper(cls, value: str) -> str:
        return value.upper()

    def token(self) -> str | None:
        """The bot token, or None when it is unset or blank."""
        if self.discord_token is None:
            return None
        return self.discord_token.get_secret_value().strip() or None
