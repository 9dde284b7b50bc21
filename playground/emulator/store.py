"""In-memory state of the emulated Discord: clock, snowflakes, users, guilds, channels, messages."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

from .records import (
    DM,
    GUILD_TEXT,
    PRIVATE_THREAD,
    AttachmentRecord,
    ChannelRecord,
    GuildRecord,
    MemberRecord,
    MessageRecord,
    RoleRecord,
    UserRecord,
)

DISCORD_EPOCH_MS = 1420070400000
ADMINISTRATOR = 1 << 3
# Everything discord.py 2.7 knows (Permissions.all()); admins get this in interaction payloads.
ALL_PERMISSIONS = 8866461766385663
# @everyone defaults: view, send, embed, attach, history, reactions, app commands, threads.
EVERYONE_PERMISSIONS = 380175240257
# The bot's managed role adds manage messages/threads and mention everyone.
BOT_PERMISSIONS = 397355248705
MENTION_RE = re.compile(r"<@!?(\d+)>")
CDN_URL_TTL_S = 24 * 3600  # Discord's signed attachment URLs last about a day


class Clock:
    """The emulator's notion of now: a wall clock (`time.time` unless one is injected) plus an offset
    tests can advance."""

    def __init__(self, wall: Callable[[], float] = time.time) -> None:
        self.wall = wall
        self.offset = 0.0

    @classmethod
    def stopped(cls, at: float | None = None) -> Clock:
        """A clock that moves only when advanced: what happens "late" is what a test made late, never
        what a busy machine happened to delay."""
        start = time.time() if at is None else at
        return cls(lambda: start)

    def now(self) -> float:
        """Seconds since the Unix epoch, shifted by advance()."""
        return self.wall() + self.offset

    def advance(self, seconds: float) -> None:
        """Move the emulator's clock forward (tokens and deadlines age, nothing sleeps)."""
        self.offset += seconds


def iso(seconds: float) -> str:
    """ISO-8601 timestamp as Discord writes it."""
    return dt.datetime.fromtimestamp(seconds, dt.UTC).isoformat()


def snowflake_time(snowflake: int) -> float:
    """Creation time (seconds) encoded in a snowflake."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000.0


class Snowflakes:
    """Mints real-time, strictly increasing snowflakes from the emulator clock."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.last = 0

    def next(self) -> int:
        """A new unique id whose timestamp is the emulator's now."""
        ms = int(self.clock.now() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (1 << 17) | (1 << 12)
        self.last = max(value, self.last + 1)
        return self.last

    def on_shard(self, shard_id: int, shard_count: int) -> int:
        """A new id (as `next`) whose guild would be served by this shard: `(id >> 22) % count ==
        shard_id`, the timestamp moved on by at most `shard_count - 1` ms."""
        ms = max(int(self.clock.now() * 1000) - DISCORD_EPOCH_MS, (self.last >> 22) + 1)
        ms += (shard_id - ms) % shard_count
        self.last = (ms << 22) | (1 << 17) | (1 << 12)
        return self.last

    def unguessable(self) -> int:
        """A snowflake whose 22 low bits are random (not worker, process and a counter): an
        attachment's id cannot be guessed from another one's (issue 24 item 9)."""
        ms = int(self.clock.now() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | secrets.randbits(22)


class Store:
    """All entities, indexed by id; no I/O, no gateway (the emulator wires those)."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.ids = Snowflakes(clock)
        # Signs attachment URLs (`cdn_url`): each URL is good for one recipient until it expires.
        self.cdn_key = secrets.token_bytes(32)
        self.bot_id = 0  # the bot user: the recipient of what the REST API and the gateway send
        # Files given to a slash command's attachment option (in no message): id -> record.
        self.uploads: dict[int, AttachmentRecord] = {}
        # Every file a message was sent or edited with, in order (an edit's replaced files too): the
        # e2e tests check that each image carried a description (alt text, issue 29).
        self.message_files: list[tuple[int, AttachmentRecord]] = []  # (message id, file)
        self.users: dict[int, UserRecord] = {}
        self.guilds: dict[int, GuildRecord] = {}
        self.channels: dict[int, ChannelRecord] = {}
        self.messages: dict[int, MessageRecord] = {}
        self.channel_messages: dict[int, list[int]] = {}
        self.dm_channels: dict[int, int] = {}
        self.global_commands: dict[str, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[str, dict[str, Any]]] = {}
        # interaction id -> {"type", "user_id", "owners"} for messages' interaction_metadata.
        self.interaction_meta: dict[int, dict[str, Any]] = {}

    # ---- attachments (the CDN) -------------------------------------------------------------
    def cdn_signature(self, attachment_id: int, recipient: int, expires: int) -> str:
        """The `hm` of a signed attachment URL (like Discord's CDN: `ex`, `is`, `hm`), bound to one recipient."""
        text = f"{attachment_id}:{recipient}:{expires}".encode()
        return hmac.new(self.cdn_key, text, hashlib.sha256).hexdigest()

    def cdn_query(self, attachment_id: int, recipient: int) -> str:
        """`?ex=..&is=..&u=..&hm=..`: good for `recipient` for CDN_URL_TTL_S from now."""
        issued = int(self.clock.now())
        expires = issued + CDN_URL_TTL_S
        hm = self.cdn_signature(attachment_id, recipient, expires)
        return f"?ex={expires:x}&is={issued:x}&u={recipient}&hm={hm}"

    def cdn_reader(self, attachment_id: int, query: Mapping[str, str]) -> int | None:
        """The recipient a signed URL was made for, if its signature holds and it has not expired."""
        try:
            expires = int(query["ex"], 16)
            recipient = int(query["u"])
            given = query["hm"]
        except (KeyError, ValueError):
            return None
        if expires < self.clock.now():
            return None
        if not hmac.compare_digest(given, self.cdn_signature(attachment_id, recipient, expires)):
            return None
        return recipient

    # ---- creation -------------------------------------------------------------------------
    def add_user(self, name: str, *, locale: str = "en-US", bot: bool = False) -> UserRecord:
        """Create a user."""
        user = UserRecord(id=self.ids.next(), name=name, locale=locale, bot=bot)
        self.users[user.id] = user
        return user

    def add_guild(
        self, name: str, owner_id: int, bot_id: int, locale: str, *, shard: tuple[int, int] | None = None
    ) -> GuildRecord:
        """Create a guild with @everyone, Admin and bot roles, a #general channel and the bot as member
        (`shard=(i, n)`: an id that shard i of n serves)."""
        guild_id = self.ids.next() if shard is None else self.ids.on_shard(*shard)
        guild = GuildRecord(id=guild_id, name=name, owner_id=owner_id, locale=locale)
        guild.roles[guild.id] = RoleRecord(guild.id, "@everyone", EVERYONE_PERMISSIONS)
        admin = RoleRecord(self.ids.next(), "Admin", ADMINISTRATOR, position=1)
        bot_role = RoleRecord(self.ids.next(), "Tablero", BOT_PERMISSIONS, position=2, managed=True)
        guild.roles[admin.id] = admin
        guild.roles[bot_role.id] = bot_role
        guild.admin_role_id, guild.bot_role_id = admin.id, bot_role.id
        self.guilds[guild.id] = guild
        self.add_member(guild.id, bot_id, roles=[bot_role.id])
        self.add_text_channel(guild.id, "general")
        return guild

    def add_member(
        self, guild_id: int, user_id: int, *, admin: bool = False, roles: list[int] | None = None
    ) -> MemberRecord:
        """Add (or update) a guild member."""
        guild = self.guilds[guild_id]
        role_ids = list(roles or [])
        if admin:
            role_ids.append(guild.admin_role_id)
        member = MemberRecord(guild_id, user_id, role_ids, iso(self.clock.now()), admin=admin)
        guild.members[user_id] = member
        return member

    def add_text_channel(self, guild_id: int, name: str) -> ChannelRecord:
        """Create a text channel in a guild."""
        guild = self.guilds[guild_id]
        channel = ChannelRecord(
            id=self.ids.next(), type=GUILD_TEXT, name=name, guild_id=guild_id, position=len(guild.channels)
        )
        guild.channels.append(channel.id)
        return self._register(channel)

    def add_thread(
        self,
        parent: ChannelRecord,
        name: str,
        kind: int,
        owner_id: int,
        *,
        thread_id: int | None = None,
        invitable: bool = True,
        auto_archive: int = 1440,
    ) -> ChannelRecord:
        """Create a thread under a text channel (id may equal the starter message id)."""
        thread = ChannelRecord(
            id=thread_id or self.ids.next(),
            type=kind,
            name=name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=owner_id,
            members={owner_id},
            invitable=invitable,
            auto_archive_duration=auto_archive,
        )
        return self._register(thread)

    def dm_channel(self, user_id: int) -> ChannelRecord:
        """The DM channel with a user, created on first use."""
        if user_id not in self.dm_channels:
            channel = ChannelRecord(id=self.ids.next(), type=DM, recipient_id=user_id)
            self._register(channel)
            self.dm_channels[user_id] = channel.id
        return self.channels[self.dm_channels[user_id]]

    def _register(self, channel: ChannelRecord) -> ChannelRecord:
        channel.created_at = iso(self.clock.now())
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []
        return channel

    def add_message(self, message: MessageRecord) -> MessageRecord:
        """Store a new message at the end of its channel."""
        self.messages[message.id] = message
        self.channel_messages[message.channel_id].append(message.id)
        channel = self.channels[message.channel_id]
        channel.last_message_id = message.id
        channel.message_count += 1
        return message

    # ---- queries --------------------------------------------------------------------------
    def permissions(self, guild_id: int, user_id: int) -> int:
        """Guild-level permissions of a member (no channel overwrites are emulated)."""
        guild = self.guilds[guild_id]
        member = guild.members.get(user_id)
        if member is None:
            return 0
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        value = guild.roles[guild.id].permissions
        for role_id in member.roles:
            value |= guild.roles[role_id].permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value

    def shares_guild(self, user_id: int) -> bool:
        """Whether the user is in a guild the bot is in (a bot may DM only such users; the bot
        removed from a user's only server cannot DM them: 50007)."""
        return any(user_id in g.members and self.bot_id in g.members for g in self.guilds.values())

    def channel_messages_of(self, channel_id: int) -> list[MessageRecord]:
        """Live (not deleted) messages of a channel, oldest first."""
        return [
            self.messages[m]
            for m in self.channel_messages.get(channel_id, [])
            if not self.messages[m].deleted
        ]

    def can_see(self, user_id: int, message: MessageRecord) -> bool:
        """Whether a user can see a message (ephemeral, DM, guild membership, private threads)."""
        if message.deleted:
            return False
        if message.ephemeral_to is not None:
            return message.ephemeral_to == user_id
        return self.can_view(user_id, self.channels[message.channel_id])

    def can_view(self, user_id: int, channel: ChannelRecord) -> bool:
        """Whether a user can see a channel: their DM, or guild membership (+ membership of private threads)."""
        if channel.type == DM:
            return channel.recipient_id == user_id
        guild = self.guilds[channel.guild_id]  # type: ignore[index]
        if user_id not in guild.members:
            return False
        if channel.type == PRIVATE_THREAD:
            return user_id in channel.members or bool(self.permissions(guild.id, user_id) & ADMINISTRATOR)
        return True

    def mentioned_ids(self, content: str | None, allowed: dict[str, Any] | None) -> list[int]:
        """User ids a message pings, honouring allowed_mentions like Discord does."""
        found = [int(m) for m in MENTION_RE.findall(content or "")]
        found = list(dict.fromkeys(u for u in found if u in self.users))
        if allowed is None:
            return found
        parse = allowed.get("parse", [])
        listed = {int(u) for u in allowed.get("users", [])}
        return [u for u in found if "users" in parse or u in listed]

    def command(self, name: str, guild_id: int | None) -> dict[str, Any] | None:
        """A registered chat-input command: guild command first, then global."""
        if guild_id is not None:
            cmd = self.guild_commands.get(guild_id, {}).get(name)
            if cmd is not None:
                return cmd
        return self.global_commands.get(name)
