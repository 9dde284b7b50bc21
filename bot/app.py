"""The Discord bot: wiring of store, table service, delivery worker, scheduler, translator and cogs."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import discord
import yarl
from discord.ext import commands

from .aio import stop_tasks
from .config import Settings
from .delivery import DeliveryWorker, DiscordMessenger, Messenger
from .errors import ErrorHandler
from .faults import Faults, ThreadKeeper
from .i18n import Translator, locale_language, preload
from .leases import owner_id
from .offload import Offload, install, uninstall
from .scheduler import Scheduler
from .series import SeriesKeeper
from .stores import make_store
from .tables import TableService

log = logging.getLogger(__name__)

# Loaded by name so that nothing in bot/ imports cogs/ (the layer rule).
EXTENSIONS = (
    "cogs.lobby",
    "cogs.play",
    "cogs.forms",
    "cogs.orders",
    "cogs.absence",
    "cogs.server",
    "cogs.board",
    "cogs.stats",
    "cogs.why",
)
THREAD_ARCHIVE_MINUTES: Literal[60, 1440, 4320, 10080] = 10080  # a week: long games in a quiet thread
# Shutdown budget (TableroBot.close), about 4 s in all, so the process exits within 5 s of SIGTERM.
STOP_WORKERS_S = 0.5  # scheduler and delivery worker (side by side with the drain)
DRAIN_S = 1.5  # interactions in flight (a move being committed and answered) may finish
CLOSE_S = 1.0  # gateway and HTTP session
# discord.py's names for the tasks that run an interaction's callbacks (app_commands/tree.py, ui/view.py)
INTERACTION_TASKS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-dynamic-item-",
    "discord-ui-modal",
)


INTERACTION_CACHES = ("_cs_response", "_cs_followup", "_cs_namespace", "_cs_command")
"""discord.py's cached parts of an Interaction; the response (and the follow-up webhook) refer back
to the interaction, so an answered interaction was a reference cycle left for the full collection."""


def release_interaction(interaction: discord.Interaction) -> None:
    """Break the reference cycles of an interaction that is completely handled (its callback and its
    error handling done), so it is freed at once rather than at the next full collection (issue 24
    item 8). Called last, when nothing will answer it again: a response read afterwards would be
    a new, unanswered one."""
    for slot in INTERACTION_CACHES:
        try:
            delattr(interaction, slot)
        except AttributeError:
            pass


class TableroTree(discord.app_commands.CommandTree[Any]):
    """The command tree, releasing each interaction once its command and error handler are done."""

    def _from_interaction(self, interaction: discord.Interaction) -> None:
        # discord.py's own body (app_commands/tree.py), with the release added after it.
        async def wrapper() -> None:
            try:
                await self._call(interaction)
            except discord.app_commands.AppCommandError as e:
                await self._dispatch_error(interaction, e)
            finally:
                release_interaction(interaction)

        self.client.loop.create_task(wrapper(), name="CommandTree-invoker")


def channel_of(channel: object | None, channel_id: int) -> int:
    """The text channel tables are opened under: a thread's parent, else the channel itself."""
    threads = (discord.ChannelType.public_thread, discord.ChannelType.private_thread)
    parent = getattr(channel, "parent_id", None)
    if parent is not None and (
        isinstance(channel, discord.Thread) or getattr(channel, "type", None) in threads
    ):
        return int(parent)
    return channel_id


def apply_endpoints(settings: Settings) -> None:
    """Point discord.py at a REST / gateway proxy (or the test emulator) when configured."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


class KeepAlive(discord.gateway.KeepAliveHandler):
    """discord.py's gateway keep-alive, stamping a heartbeat's send time before it is sent.

    discord.py's thread records `_last_send` only once the loop has finished sending; a HEARTBEAT_ACK
    that the loop reads in between is then measured against the previous heartbeat, one interval
    earlier, and logs "Can't keep up, shard ID None websocket is 41.3s behind." (exactly one interval,
    also while idle; a local gateway answers fast enough to hit it about every fifth heartbeat).
    """

    def get_payload(self) -> dict[str, Any]:
        self._last_send = time.perf_counter()  # before the send: an ACK can only come after it
        return super().get_payload()


def install_keep_alive() -> None:
    """Make discord.py's websocket use `KeepAlive` (it builds its handler from the module's name)."""
    discord.gateway.KeepAliveHandler = KeepAlive  # type: ignore[misc]


class TableroBot(commands.Bot):
    """Slash commands and persistent buttons over the table service."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Callable[[], float] = time.time,
        messenger: Callable[[discord.Client], Messenger] = DiscordMessenger,
        **client_options: Any,
    ) -> None:
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # no voice: no warning
        install_keep_alive()
        intents = discord.Intents.none()
        intents.guilds = True  # GUILD_CREATE (channels, threads); no privileged intents are needed
        # ... unless the operator granted the Server Members intent: players leaving (bot/faults.py)
        intents.members = settings.members_intent
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            guild_ready_timeout=settings.guild_ready_timeout_s,
            chunk_guilds_at_startup=False,
            max_messages=None,
            tree_cls=TableroTree,
            **client_options,
        )
        self.settings = settings
        self.clock = clock
        self.store = make_store(settings.db, clock=clock)
        self.errors = ErrorHandler()
        self.tables = TableService(
            self.store,
            clock=clock,
            reminder_delay=settings.reminder_delay_s,
            step_cap=settings.pilot_step_cap,
            notify=self._notify,
        )
        self.faults = Faults(self.store, clock=clock, notify=self._notify)
        sender = messenger(self)
        self.keeper = sender if isinstance(sender, ThreadKeeper) else None
        owner = owner_id(settings.owner)  # this process's name on its leases (bot/leases.py)
        self.delivery = DeliveryWorker(
            self.store, self.tables, sender, clock=clock, faults=self.faults, keeper=self.keeper, owner=owner
        )
        self.scheduler = Scheduler(
            self.store, self.tables, clock=clock, notify=self.delivery.notify, owner=owner
        )
        self.series = SeriesKeeper(self.tables)
        self._locales: dict[int, str] = {}
        self.offload = Offload(settings.worker_count())  # started in setup_hook
        # Set the moment close() has closed SQLite (a threading.Event: the shutdown watchdog, a
        # thread, reads it to exit 0 even if what comes after hangs).
        self.sqlite_closed = threading.Event()

    def _notify(self) -> None:
        """A commit wrote outbox rows and perhaps deadlines: deliver them, and look at the deadlines again."""
        self.delivery.notify()
        self.scheduler.notify()

    async def setup_hook(self) -> None:
        if not self.store.is_open:  # bot/lifecycle.py opens (and checks) it before logging in
            await self.store.open()
        await asyncio.to_thread(preload)  # the catalog files read: not in a first interaction
        await self.tree.set_translator(Translator())
        self.tree.error(self.errors.on_app_command_error)
        for name in EXTENSIONS:
            await self.load_extension(name)
        if self.settings.syncs_commands:  # in a cluster, only the process holding shard 0
            await self.sync_commands()
        # after the extensions: each worker starts from this process's registrations
        install(await self.offload.start())
        # a round that finished (or was due) while the bot was down; retried with back-off if it fails
        if not await self.series.run_once():
            self.series.notify()
        self.series.start()
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
        """Orderly and bounded by its work, not by the sum of every timeout: stop taking interactions;
        at once and side by side, stop the scheduler and the delivery worker (unsent rows stay in the
        outbox for the next start; a send stuck in a 429 retry is cancelled, not waited for) and let
        the interactions in flight finish for up to DRAIN_S (then cancel them: a move not yet
        committed never happened, one committed is in the log); then, side by side, close the
        gateway and HTTP (at most CLOSE_S) and SQLite; last the worker processes, without waiting
        for them (bot/offload.py). At most about STOP_WORKERS_S + DRAIN_S + CLOSE_S (3 s) in all."""
        self._stop_taking_interactions()
        await asyncio.gather(
            self.scheduler.stop(STOP_WORKERS_S),
            self.delivery.stop(STOP_WORKERS_S),
            self.series.stop(STOP_WORKERS_S),
            self._drain_interactions(DRAIN_S),
        )
        await asyncio.gather(self._close_connection(), self._close_store(), self._close_gate())
        uninstall(self.offload)
        await self.offload.close()  # last: a render that hangs is stopped here

    @property
    def closed_cleanly(self) -> bool:
        """Whether close() has closed SQLite (every commit is then on disk, the WAL checkpointed)."""
        return self.sqlite_closed.is_set()

    async def _close_connection(self) -> None:
        """The gateway and the HTTP session (discord.py's close), at most CLOSE_S."""
        try:
            async with asyncio.timeout(CLOSE_S):
                await super().close()
        except TimeoutError:
            log.warning("closing the gateway and HTTP session took over %.1f s; going on", CLOSE_S)

    async def _close_gate(self) -> None:
        gate = getattr(self, "identify_gate", None)
        if gate is not None:
            await gate.close()

    async def _close_store(self) -> None:
        await self.store.close()
        self.sqlite_closed.set()

    def _stop_taking_interactions(self) -> None:
        """From now on INTERACTION_CREATE is dropped (Discord shows the user that it failed; a
        restarted bot answers the next click), so nothing new starts while we drain."""
        parsers: dict[str, Any] = self._connection.parsers  # the gateway's dispatch table (shared dict)

        def ignore(data: Any) -> None:
            log.info("interaction ignored: shutting down")

        parsers["INTERACTION_CREATE"] = ignore

    async def _drain_interactions(self, timeout: float) -> None:
        current = asyncio.current_task()
        running = [
            task
            for task in asyncio.all_tasks()
            if task is not current and not task.done() and task.get_name().startswith(INTERACTION_TASKS)
        ]
        if not running:
            return
        _, late = await asyncio.wait(running, timeout=timeout)
        if late:
            log.warning("%d interaction(s) still running at shutdown; cancelled", len(late))
            await stop_tasks(late, 0.5, what="interactions")

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every interaction (in its own task, beside the command): remember the user's locale for DMs."""
        try:
            await self.remember_locale(interaction)
        except Exception as exc:  # bookkeeping only; never disturbs the interaction
            log.warning("could not store a locale: %s", type(exc).__name__)

    # --- a table never loses its way forward (issue 24 item 5; bot/faults.py) --------------------------
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A table's thread was deleted: a new one in its channel, with the board."""
        if self.keeper is not None:
            await self.faults.thread_deleted(payload.guild_id, payload.thread_id, self.keeper)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from a server (not an outage: discord.py reports those apart)."""
        await self.faults.guild_removed(guild.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.faults.guild_joined(guild.id)

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A player left the server (the members intent): absent, forfeit at the table's deadline."""
        await self.faults.member_left(self.tables, payload.guild_id, payload.user.id)

    async def on_member_join(self, member: discord.Member) -> None:
        await self.faults.member_back(member.guild.id, member.id)

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
        """A public thread of its own for a new table (issue 15: one thread per table): under the
        channel, or under the thread's channel when asked inside a thread (None: post in the
        channel itself)."""
        parent = channel_of(channel, channel_id)
        try:
            data = await self.http.start_thread_without_message(
                parent,
                name=name[:100],
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                type=discord.ChannelType.public_thread.value,
            )
        except discord.HTTPException as exc:
            log.warning("could not open a thread in channel %s: %s %s", parent, exc.status, exc.code)
            return None
        return int(data["id"])


class ShardedTableroBot(TableroBot, commands.AutoShardedBot):
    """One process of a cluster (`tablero cluster`, issue 25 item 3): the same bot over the shards
    TABLERO_SHARD_IDS names, of TABLERO_SHARD_COUNT. Its IDENTIFYs go through the identify gate
    (bot/shards.py): the bucket `shard_id % max_concurrency` is taken across every process of the
    cluster for the 5 s window, so a restart of every process never trips Discord's identify limit."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        # bot/shards.py holds the gate; imported here, when the bot is one process of a cluster
        from .shards import identify_gate

        shards = settings.shards
        assert shards is not None and settings.shard_count is not None
        super().__init__(settings, shard_count=settings.shard_count, shard_ids=shards, **options)
        self.identify_gate = identify_gate(settings.db, window=settings.identify_window_s)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Wait for the shard's bucket (discord.py's own hook only sleeps 5 s, in this process)."""
        bucket = (shard_id or 0) % self.settings.max_concurrency
        await self.identify_gate.hold(bucket)
        log.info("identifying shard %s of %s (bucket %d)", shard_id, self.shard_count, bucket)

    async def on_ready(self) -> None:
        """Every shard of this process is ready: say so (and tell `tablero cluster`, which waits
        for it in a rolling restart)."""
        log.info(
            "connected as %s to %d guild(s) on shard(s) %s of %s",
            self.user,
            len(self.guilds),
            ",".join(str(s) for s in sorted(self.shards)),
            self.shard_count,
        )
        if self.settings.ready_file:
            try:
                Path(self.settings.ready_file).touch()
            except OSError as exc:
                log.warning("could not write the ready file: %s", exc.strerror)


def make_bot(settings: Settings, **options: Any) -> TableroBot:
    """The bot the settings ask for: one process (TableroBot), or one process of a cluster."""
    if settings.shard_count is not None:
        return ShardedTableroBot(settings, **options)
    return TableroBot(settings, **options)
