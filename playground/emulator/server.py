"""The Emulator: an aiohttp server on 127.0.0.1 (REST under /api/v10, gateway at /) plus a control API."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any, TypeVar

from aiohttp import web

from .commands import LOCALES, CommandRoutes, SlashBuilder
from .core import CoreRoutes
from .gateway import (
    GUILD_MEMBERS,
    GUILDS,
    MAX_GUILDS_PER_SESSION,
    PRIVILEGED,
    RESUMABLE_CLOSE,
    Gateway,
)
from .http import API_PREFIX, Api, guard
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    COMPONENT,
    MODAL_SUBMIT,
    InteractionFailed,
    InteractionRecord,
    Interactions,
)
from .messages import Messages
from .payloads import channel_payload, member_payload
from .records import (
    BUTTON,
    LABEL,
    SELECT_TYPES,
    STRING_SELECT,
    TEXT_INPUT,
    AttachmentRecord,
    FailRule,
    GuildRecord,
    MemberRecord,
    MessageRecord,
    RequestRecord,
    UserRecord,
)
from .store import Clock, Store

T = TypeVar("T")
log = logging.getLogger("playground.emulator")


class Emulator:
    """A local Discord that a real, unmodified discord.py client talks to over HTTP and websocket."""

    def __init__(
        self,
        *,
        token: str | None = None,
        strict_commands: bool = True,
        privileged_intents: int = PRIVILEGED,
        rate_limit: tuple[int, float] = (50, 1.0),
        response_window: float = 3.0,
        history: bool = True,
        deadline_clock: Clock | None = None,
        shards: int | None = None,
        max_concurrency: int = 1,
        max_guilds_per_session: int = MAX_GUILDS_PER_SESSION,
        identify_window: float | None = None,
    ) -> None:
        self.clock = Clock()
        # The clock of the interaction deadlines (the 3 s initial response, the 15 min token): the
        # emulator's clock (wall time) unless a test injects its own, e.g. `Clock.stopped()`, so that an
        # answer is late only when the test advanced it (`advance_clock`), never because the machine is busy.
        self.deadlines = deadline_clock if deadline_clock is not None else self.clock
        self.store = Store(self.clock)
        self.token = token or f"emulator.{secrets.token_urlsafe(24)}"
        self.bot = self.store.add_user("Tablero", bot=True)
        self.store.bot_id = self.bot.id
        self.owner = self.store.add_user("owner")
        self.application_id = self.bot.id
        self.requests: list[RequestRecord] = []
        self.internal_errors: list[Exception] = []
        self.message_log: list[tuple[str, MessageRecord]] = []
        # False for long-lived use (the playground): no request log and no message snapshots, which
        # would otherwise grow with every image the bot uploads.
        self.history = history
        # Called with (kind, record) on every message create/edit/delete ("message") and every modal
        # the bot opens ("modal"): the playground's live page listens here.
        self.listeners: list[Callable[[str, Any], None]] = []
        self.port: int | None = None
        self.host = "127.0.0.1"
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.gateway = Gateway(
            self,
            privileged_intents=privileged_intents,
            max_guilds=max_guilds_per_session,
            max_concurrency=max_concurrency,
            identify_window=identify_window,
        )
        self.shards = shards
        """The shard count `GET /gateway/bot` recommends (None: one per 1,000 guilds, at least one)."""
        self.api = Api(self)
        self.api.rate_limits.default = rate_limit
        self.messages_api = Messages(self)
        self.interactions_api = Interactions(self)
        self.interactions_api.response_window = response_window
        self.slash_builder = SlashBuilder(self.store, "", strict=strict_commands)
        for routes in (CoreRoutes(self), CommandRoutes(self), self.messages_api, self.interactions_api):
            routes.register(self.api)

    # ---- lifecycle ----------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> Emulator:
        """Bind and serve (port 0 picks a free port)."""
        self.host = host
        app = web.Application(
            client_max_size=64 * 1024 * 1024, middlewares=[guard(lambda: (self.host, self.port))]
        )
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self.api.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._cdn)
        app.router.add_get("/", self.gateway.handle)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.slash_builder.base_url = self.base_url
        return self

    async def stop(self) -> None:
        """Close every socket and stop serving."""
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Emulator:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        """http://127.0.0.1:<port>"""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """The value for discord.http.Route.BASE."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """The value for DiscordWebSocket.DEFAULT_GATEWAY (also READY's resume_gateway_url)."""
        return f"ws://127.0.0.1:{self.port}/"

    @property
    def recommended_shards(self) -> int:
        """What `GET /gateway/bot` answers as `shards`: `shards` if set, else one per 1,000 guilds."""
        if self.shards is not None:
            return self.shards
        return max(1, -(-len(self.store.guilds) // 1000))

    @property
    def bot_user(self) -> dict[str, Any]:
        """The bot's user object."""
        return self.bot.payload()

    # ---- world building -----------------------------------------------------------------------
    def create_user(self, name: str, *, locale: str = "en-US") -> UserRecord:
        """A new user (not yet in any guild)."""
        return self.store.add_user(name, locale=locale)

    def create_guild(
        self, name: str, *, locale: str = "en-US", shard: tuple[int, int] | None = None
    ) -> GuildRecord:
        """A guild with #general, the bot and its owner as members; GUILD_CREATE if a bot is connected
        (to the session of the guild's shard). `shard=(i, n)` picks an id that shard i of n serves."""
        guild = self.store.add_guild(name, self.owner.id, self.bot.id, locale, shard=shard)
        self.store.add_member(guild.id, self.owner.id)
        self.gateway.dispatch(
            "GUILD_CREATE",
            None,
            intent=GUILDS,
            guild_id=guild.id,
            data_for=lambda session: self.gateway.guild_create(guild.id, session),
        )
        return guild

    def create_channel(self, guild_id: int, name: str) -> int:
        """A new text channel (CHANNEL_CREATE); returns its id."""
        channel = self.store.add_text_channel(guild_id, name)
        self.gateway.dispatch(
            "CHANNEL_CREATE", channel_payload(self.store, channel), intent=GUILDS, guild_id=guild_id
        )
        return channel.id

    def add_member(self, guild_id: int, user_id: int, *, admin: bool = False) -> MemberRecord:
        """Join a user to a guild (GUILD_MEMBER_ADD); admin=True grants ADMINISTRATOR through a role."""
        event = (
            "GUILD_MEMBER_UPDATE" if user_id in self.store.guilds[guild_id].members else "GUILD_MEMBER_ADD"
        )
        member = self.store.add_member(guild_id, user_id, admin=admin)
        data = member_payload(self.store, member) | {"guild_id": str(guild_id)}
        self.gateway.dispatch(event, data, intent=GUILD_MEMBERS, guild_id=guild_id)
        return member

    def remove_member(self, guild_id: int, user_id: int) -> None:
        """A user leaves (or is kicked from) a guild: GUILD_MEMBER_REMOVE (members intent)."""
        self.store.guilds[guild_id].members.pop(user_id, None)
        data = {"guild_id": str(guild_id), "user": self.store.users[user_id].payload()}
        self.gateway.dispatch("GUILD_MEMBER_REMOVE", data, intent=GUILD_MEMBERS, guild_id=guild_id)

    def remove_bot(self, guild_id: int) -> None:
        """The bot is removed from a guild: GUILD_DELETE (no `unavailable`: removed, not an
        outage); its requests to the guild's channels then get 403 Missing Access (50001)."""
        self.store.guilds[guild_id].members.pop(self.bot.id, None)
        self.gateway.dispatch("GUILD_DELETE", {"id": str(guild_id)}, intent=GUILDS, guild_id=guild_id)

    def delete_channel(self, channel_id: int) -> None:
        """Someone deletes a channel or thread: THREAD_DELETE or CHANNEL_DELETE; the bot's requests
        to it then get 404 Unknown Channel (10003). A channel's threads go with it."""
        channel = self.store.channels.pop(channel_id)
        for thread in [c for c in self.store.channels.values() if c.parent_id == channel_id]:
            self.delete_channel(thread.id)
        if channel.is_thread:
            data = {
                "id": str(channel.id),
                "guild_id": str(channel.guild_id),
                "parent_id": str(channel.parent_id),
                "type": channel.type,
            }
            self.gateway.dispatch("THREAD_DELETE", data, intent=GUILDS, guild_id=channel.guild_id)
        else:
            data = channel_payload(self.store, channel)
            self.gateway.dispatch("CHANNEL_DELETE", data, intent=GUILDS, guild_id=channel.guild_id)

    def archive_thread(self, thread_id: int, *, locked: bool = False) -> None:
        """Someone archives (and perhaps locks) a thread: THREAD_UPDATE."""
        thread = self.store.channels[thread_id]
        thread.archived, thread.locked = True, locked
        data = channel_payload(self.store, thread)
        self.gateway.dispatch("THREAD_UPDATE", data, intent=GUILDS, guild_id=thread.guild_id)

    def deny_bot(self, channel_id: int, denied: bool = True) -> None:
        """An admin denies (or gives back) the bot's Send Messages and Manage Threads in a channel
        (and its threads): its posts, edits and new threads there get 403 Missing Permissions (50013)."""
        self.store.channels[channel_id].bot_denied = denied

    def open_dm(self, user_id: int) -> int:
        """The user opens a DM with the bot (to run commands there); returns the DM channel id."""
        return self.store.dm_channel(user_id).id

    def deny_dms(self, user_id: int) -> None:
        """The user closes DMs: bot DMs fail with 403 / 50007."""
        self.store.users[user_id].dms_open = False

    def allow_dms(self, user_id: int) -> None:
        """The user opens DMs again."""
        self.store.users[user_id].dms_open = True

    async def post_message(
        self,
        channel_id: int,
        author_id: int,
        content: str = "",
        *,
        embeds: list[dict[str, Any]] | None = None,
        components: list[dict[str, Any]] | None = None,
    ) -> MessageRecord:
        """A message written by a user (or seeded as the bot's, e.g. "posted before the restart")."""
        payload: dict[str, Any] = {"content": content, "embeds": embeds or [], "components": components or []}
        return self.messages_api.create(self.store.channels[channel_id], author_id, payload, {})

    # ---- acting as a user ---------------------------------------------------------------------
    async def slash(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        locale: str | None = None,
    ) -> InteractionRecord:
        """Run a registered chat-input command ("game new" = group/subcommand) as a user."""
        self._check_locale(user_id, locale)
        guild_id = self.store.channels[channel_id].guild_id
        data = self.slash_builder.build(command, options or {}, user_id=user_id, guild_id=guild_id)
        return self.interactions_api.start(APPLICATION_COMMAND, user_id, channel_id, data, locale=locale)

    async def autocomplete(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: dict[str, Any],
        *,
        focused: str,
        locale: str | None = None,
        timeout: float = 5,
    ) -> list[dict[str, Any]]:
        """Type into an autocomplete option; returns the bot's choices."""
        self._check_locale(user_id, locale)
        guild_id = self.store.channels[channel_id].guild_id
        data = self.slash_builder.build(command, options, user_id=user_id, guild_id=guild_id, focused=focused)
        it = self.interactions_api.start(AUTOCOMPLETE, user_id, channel_id, data, locale=locale)
        try:
            await self.wait_for(lambda: it.callback_type is not None or it.errors, timeout)
        except TimeoutError:
            raise TimeoutError(f"no autocomplete answer within {timeout}s for {it!r}") from None
        if it.callback_type is None:
            raise InteractionFailed(it)
        return it.choices or []

    async def click(
        self, user_id: int, message_id: int, custom_id: str, *, locale: str | None = None
    ) -> InteractionRecord:
        """Press a button on a message the user can see."""
        self._check_locale(user_id, locale)
        msg, component = self._component(user_id, message_id, custom_id, (BUTTON,))
        data = {"custom_id": custom_id, "component_type": BUTTON}
        return self.interactions_api.start(
            COMPONENT, user_id, msg.channel_id, data, locale=locale, message=msg
        )

    async def select(
        self, user_id: int, message_id: int, custom_id: str, values: list[Any], *, locale: str | None = None
    ) -> InteractionRecord:
        """Pick values in a select menu (string selects check the values exist and the count)."""
        self._check_locale(user_id, locale)
        msg, component = self._component(user_id, message_id, custom_id, SELECT_TYPES)
        values = [str(v) for v in values]
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"select {custom_id} takes {low}..{high} values, got {len(values)}")
        if component["type"] == STRING_SELECT:
            allowed = [o["value"] for o in component.get("options", [])]
            if not set(values) <= set(allowed):
                raise ValueError(f"values {values} not among the options {allowed}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"], "values": values}
        return self.interactions_api.start(
            COMPONENT, user_id, msg.channel_id, data, locale=locale, message=msg
        )

    async def submit_modal(
        self,
        user_id: int,
        channel_id: int,
        custom_id: str,
        values: dict[str, Any],
        *,
        message_id: int | None = None,
        locale: str | None = None,
    ) -> InteractionRecord:
        """Submit a modal the bot showed this user (type 9), mirroring its layout."""
        self._check_locale(user_id, locale)
        shown = self.interactions_api.modals.get((user_id, custom_id))
        if shown is None:
            raise ValueError(f"no modal {custom_id!r} is open for user {user_id}")
        modal, source = shown
        if message_id is None and source.type == COMPONENT:
            message_id = source.source_message_id
        data = {"custom_id": custom_id, "components": _modal_answers(modal, values)}
        del self.interactions_api.modals[(user_id, custom_id)]  # submitted: the modal closes
        msg = self.store.messages[message_id] if message_id is not None else None
        return self.interactions_api.start(
            MODAL_SUBMIT, user_id, channel_id, data, locale=locale, message=msg
        )

    def _check_locale(self, user_id: int, locale: str | None) -> None:
        if (locale or self.store.users[user_id].locale) not in LOCALES:
            raise ValueError(f"{locale!r} is not a Discord locale (e.g. en-US, en-GB, es-ES, es-419)")

    def _component(
        self, user_id: int, message_id: int, custom_id: str, kinds: tuple[int, ...]
    ) -> tuple[MessageRecord, dict[str, Any]]:
        msg = self.store.messages.get(message_id)
        if msg is None or not self.store.can_see(user_id, msg):
            raise ValueError(f"user {user_id} cannot see message {message_id}")
        component = msg.component(custom_id)
        if component is None or component.get("type") not in kinds:
            raise ValueError(
                f"message {message_id} has no such component {custom_id!r}; it has {msg.custom_ids}"
            )
        if component.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        return msg, component

    # ---- scripted trouble ---------------------------------------------------------------------
    def fail_next(
        self,
        method: str,
        path: str,
        *,
        status: int,
        code: int = 0,
        retry_after: float = 0.05,
        via: bool = True,
        count: int = 1,
        message: str | None = None,
    ) -> None:
        """The next `count` requests matching METHOD + path glob (`*` = one segment) fail this way."""
        self.api.fail_rules.append(
            FailRule(method.upper(), path, status, code, retry_after, via, count, message)
        )

    def set_rate_limit(self, method: str, path: str, *, limit: int, window: float) -> None:
        """Enforce a real per-route bucket (429 with Via and retry_after when exceeded)."""
        self.api.rate_limits.set(method, path, limit, window)

    async def disconnect(self, code: int = RESUMABLE_CLOSE) -> None:
        """Drop the bot's socket with a resumable close code; events meanwhile are replayed on RESUME."""
        await self.gateway.disconnect(code)

    async def invalidate(self) -> None:
        """INVALID_SESSION (not resumable): the client must IDENTIFY again."""
        await self.gateway.invalidate()

    async def wait_connected(self, timeout: float = 10) -> None:
        """Until some bot session has an open websocket (e.g. after starting a bot subprocess)."""
        await self.wait_for(lambda: self.gateway.connected, timeout)

    def advance_clock(self, seconds: float) -> None:
        """Age everything (3 s response window, 15 min tokens, nonces, snowflakes) without sleeping."""
        self.clock.advance(seconds)
        if self.deadlines is not self.clock:
            self.deadlines.advance(seconds)
        self.notify()

    # ---- observing ----------------------------------------------------------------------------
    @property
    def interactions(self) -> list[InteractionRecord]:
        """Every interaction started, oldest first."""
        return list(self.interactions_api.records.values())

    @property
    def unknown_requests(self) -> list[RequestRecord]:
        """Requests to routes the emulator does not implement (tests usually assert this is empty)."""
        return [r for r in self.requests if r.unknown]

    @property
    def identify_count(self) -> int:
        """How many IDENTIFY frames arrived."""
        return self.gateway.count(2)

    @property
    def resume_count(self) -> int:
        """How many RESUME frames arrived."""
        return self.gateway.count(6)

    def messages(self, channel_id: int, *, include_ephemeral: bool = False) -> list[MessageRecord]:
        """Current messages of a channel/thread/DM, oldest first (edits applied, deleted removed)."""
        return [m for m in self.store.channel_messages_of(channel_id) if include_ephemeral or not m.ephemeral]

    def dm_channel_of(self, user_id: int) -> int | None:
        """The bot's DM channel with this user, if the bot opened one."""
        return self.store.dm_channels.get(user_id)

    def dm_messages(self, user_id: int) -> list[MessageRecord]:
        """Messages in the bot's DM with this user."""
        channel = self.dm_channel_of(user_id)
        return [] if channel is None else self.messages(channel, include_ephemeral=True)

    def threads(self, channel_id: int) -> list[int]:
        """Ids of threads created under a channel."""
        return [c.id for c in self.store.channels.values() if c.parent_id == channel_id]

    def thread_members(self, thread_id: int) -> set[int]:
        """User ids that joined a thread."""
        return set(self.store.channels[thread_id].members)

    def visible_to(self, user_id: int) -> list[MessageRecord]:
        """Every message this user can see: guild channels, their DM, ephemerals addressed to them."""
        return [m for m in self.store.messages.values() if self.store.can_see(user_id, m)]

    def mark(self) -> int:
        """A position in the message log, for wait_for_message(since=...)."""
        return len(self.message_log)

    async def wait_for_message(
        self,
        channel_id: int,
        predicate: Callable[[MessageRecord], bool] | None = None,
        *,
        timeout: float = 5,
        since: int | None = None,
    ) -> MessageRecord:
        """The next message created or edited in the channel (after `since`, default now) that matches."""
        start = self.mark() if since is None else since

        def find() -> MessageRecord | None:
            for kind, snap in self.message_log[start:]:
                if (
                    kind != "delete"
                    and snap.channel_id == channel_id
                    and (predicate is None or predicate(snap))
                ):
                    return snap
            return None

        return await self.wait_for(find, timeout=timeout)

    async def wait_for(self, condition: Callable[[], T], timeout: float = 5, *, poll: float = 0.01) -> T:
        """Re-check `condition` on every emulator state change (and every `poll` s, for client-side state)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not (result := condition()):
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"condition not met within {timeout}s")
            try:
                await asyncio.wait_for(self._changed.wait(), min(remaining, poll))
            except TimeoutError:
                pass
        return result

    # ---- internals ----------------------------------------------------------------------------
    def notify(self) -> None:
        """Wake every wait_for (called on each request, frame, dispatch and message change)."""
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    def record_message(self, kind: str, msg: MessageRecord) -> None:
        """Log a message create/edit/delete (snapshot) for wait_for_message."""
        if self.history:
            self.message_log.append((kind, msg.snapshot()))
        self.announce("message", msg)
        self.notify()

    def announce(self, kind: str, record: Any) -> None:
        """Tell the listeners about a change."""
        for listener in list(self.listeners):
            try:
                listener(kind, record)
            except Exception:  # a listener's bug must not break the emulated Discord
                log.exception("emulator listener failed")

    async def _cdn(self, request: web.Request) -> web.StreamResponse:
        """Serve attachment bytes so Attachment.read() works, like Discord's CDN with signed URLs: the
        URL (`ex`, `u`, `hm`) must be one the emulator made for a recipient, unexpired, and that
        recipient must still see the message (issue 24 item 9). Anything else is 404, as an unknown
        file is, so nothing tells a guess from a miss."""
        try:
            att_id = int(request.match_info["attachment_id"])
        except ValueError:
            return web.Response(status=404, text="not found")
        recipient = self.store.cdn_reader(att_id, request.query)
        if recipient is None:
            return web.Response(status=404, text="not found")
        found = self._attachment(att_id, recipient)
        if found is None:
            return web.Response(status=404, text="not found")
        return web.Response(
            body=found.data,
            content_type=found.content_type or "application/octet-stream",
            headers={"Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff"},
        )

    def _attachment(self, att_id: int, recipient: int) -> AttachmentRecord | None:
        """The attachment if `recipient` may read it: on a message they see, or (the bot) an upload
        given to a slash command."""
        for msg in self.store.messages.values():
            for att in msg.attachments:
                if att.id == att_id:
                    # The bot reads what it was sent and what it sent (its DMs and replies too).
                    sees = not msg.deleted if recipient == self.bot.id else self.store.can_see(recipient, msg)
                    return att if sees else None
        upload = self.store.uploads.get(att_id)
        return upload if upload is not None and recipient == self.bot.id else None


def _modal_answers(modal: dict[str, Any], values: dict[str, Any]) -> list[dict[str, Any]]:
    """MODAL_SUBMIT components in the layout the modal was shown with (rows or labels)."""
    remaining = dict(values)
    out: list[dict[str, Any]] = []
    for row in modal.get("components", []):
        if row.get("type") == LABEL:
            out.append({"type": LABEL, "component": _answer(row["component"], remaining)})
        else:
            out.append(
                {
                    "type": row["type"],
                    "components": [_answer(c, remaining) for c in row.get("components", [])],
                }
            )
    if remaining:
        raise ValueError(f"the modal has no fields {sorted(remaining)}")
    return out


def _answer(item: dict[str, Any], remaining: dict[str, Any]) -> dict[str, Any]:
    custom_id = item.get("custom_id", "")
    value = remaining.pop(custom_id, None)
    if item.get("type") == TEXT_INPUT:
        text = "" if value is None else str(value)
        if item.get("required", True) and not text:
            raise ValueError(f"modal field {custom_id!r} is required")
        if text and not item.get("min_length", 0) <= len(text) <= item.get("max_length", 4000):
            raise ValueError(f"modal field {custom_id!r} length out of range")
        return {"type": TEXT_INPUT, "id": item.get("id", 0), "custom_id": custom_id, "value": text}
    if item.get("type") in SELECT_TYPES:
        picked = [str(v) for v in (value or [])]
        return {"type": item["type"], "id": item.get("id", 0), "custom_id": custom_id, "values": picked}
    return {k: v for k, v in item.items() if k in ("type", "id")}


__all__ = ["AttachmentRecord", "Emulator"]
