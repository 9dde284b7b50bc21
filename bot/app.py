"""The Discord bot: wiring of store, table service, delivery worker, scheduler, translator and cogs."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import discord
import yarl
from discord.ext import commands

from .config import Settings
from .delivery import DeliveryWorker, DiscordMessenger, Messenger
from .errors import ErrorHandler
from .i18n import Translator, locale_language
from .scheduler import Scheduler
from .store import SqliteStore
from .tables import TableService

log = logging.getLogger(__name__)

# Loaded by name so that nothing in bot/ imports cogs/ (the layer rule).
EXTENSIONS = ("cogs.lobby", "cogs.play", "cogs.arkenstone")
THREAD_ARCHIVE_MINUTES = 10080  # a week: long games in a quiet thread


def apply_endpoints(settings: Settings) -> None:
    """Point discord.py at a REST / gateway proxy (or the test emulator) when configured."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


class TableroBot(commands.Bot):
    """Slash commands and persistent buttons over the table service."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Callable[[], float] = time.time,
        messenger: Callable[[discord.Client], Messenger] = DiscordMessenger,
    ) -> None:
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # no voice: no warning
        intents = discord.Intents.none()
        intents.guilds = True  # GUILD_CREATE (channels, threads); no privileged intents are needed
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            guild_ready_timeout=settings.guild_ready_timeout_s,
            chunk_guilds_at_startup=False,
            max_messages=None,
        )
        self.settings = settings
        self.clock = clock
        self.store = SqliteStore(settings.db_path, clock=clock)
        self.errors = ErrorHandler()
        self.tables = TableService(
            self.store,
            clock=clock,
            reminder_delay=settings.reminder_delay_s,
            step_cap=settings.pilot_step_cap,
            notify=self._notify,
        )
        self.delivery = DeliveryWorker(self.store, self.tables, messenger(self), clock=clock)
        self.scheduler = Scheduler(
            self.store, self.tables, clock=clock, interval=settings.scheduler_interval_s, notify=self._notify
        )
        self._locales: dict[int, str] = {}

    def _notify(self) -> None:
        self.delivery.notify()

    async def setup_hook(self) -> None:
        await self.store.open()
        await self.tree.set_translator(Translator())
        self.tree.on_error = self.errors.on_app_command_error
        for name in EXTENSIONS:
            await self.load_extension(name)
        if self.settings.sync_commands:
            await self.sync_commands()
        self.delivery.start()
        self.scheduler.start()

    async def sync_commands(self) -> None:
        """Instant sync to the dev guild when one is configured, else global (may take a while to show)."""
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d application commands", len(synced))

    async def close(self) -> None:
        await self.scheduler.stop()
        await self.delivery.stop()
        await super().close()
        await self.store.close()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every interaction (in its own task, beside the command): remember the user's locale for DMs."""
        try:
            await self.remember_locale(interaction)
        except Exception as exc:  # bookkeeping only; never disturbs the interaction
            log.warning("could not store a locale: %s", type(exc).__name__)

    async def on_ready(self) -> None:
        log.info("connected as %s to %d guild(s)", self.user, len(self.guilds))

    # --- helpers the cogs share --------------------------------------------------------------------
    async def remember_locale(self, interaction: discord.Interaction) -> None:
        """Store the user's last-seen locale (used for their DMs)."""
        locale = str(interaction.locale.value) if interaction.locale else None
        if locale and self._locales.get(interaction.user.id) != locale:
            await self.store.upsert_player(interaction.user.id, locale=locale)
            self._locales[interaction.user.id] = locale

    async def public_language(self, guild_id: int | None, guild_locale: discord.Locale | None) -> str:
        """The language of public messages: /game language, else the server's locale, else DEFAULT_LANGUAGE.

        Discord reports en-US for every server that never chose a locale, so en-US does not override
        DEFAULT_LANGUAGE; a server that wants English anyway says so with /game language.
        """
        if guild_id is not None:
            chosen = await self.store.guild_language(guild_id)
            if chosen:
                return chosen
        lang = locale_language(guild_locale)
        return lang if lang is not None and lang != "en" else self.settings.default_language

    async def open_thread(
        self, channel: discord.abc.GuildChannel | discord.Thread | None, channel_id: int, name: str
    ) -> int | None:
        """A public thread for a new table under the channel (None: post in the channel itself)."""
        if isinstance(channel, discord.Thread) or (
            channel is not None
            and getattr(channel, "type", None)
            in (discord.ChannelType.public_thread, discord.ChannelType.private_thread)
        ):
            return channel_id
        try:
            data = await self.http.start_thread_without_message(
                channel_id,
                name=name[:100],
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                type=discord.ChannelType.public_thread.value,
            )
        except discord.HTTPException as exc:
            log.warning("could not open a thread in channel %s: %s %s", channel_id, exc.status, exc.code)
            return None
        return int(data["id"])
