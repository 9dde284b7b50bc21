"""Plain records the emulator keeps: users, guilds, channels, messages, attachments, requests."""

from __future__ import annotations

import copy
import struct
from dataclasses import dataclass, field
from typing import Any

# Message flags (Discord API "Message Flags").
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

# Channel types.
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Component types.
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
SELECT_TYPES = (3, 5, 6, 7, 8)
LABEL = 18


@dataclass
class UserRecord:
    """A Discord user (a player or the bot)."""

    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    dms_open: bool = True

    def payload(self) -> dict[str, Any]:
        """The user object as Discord sends it."""
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": None if self.bot else self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
        }


@dataclass
class MemberRecord:
    """A user's membership of a guild."""

    guild_id: int
    user_id: int
    roles: list[int]
    joined_at: str
    admin: bool = False


@dataclass
class RoleRecord:
    """A guild role."""

    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        """The role object as Discord sends it."""
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class GuildRecord:
    """A guild: its channels (ids), roles and members."""

    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    channels: list[int] = field(default_factory=list)
    roles: dict[int, RoleRecord] = field(default_factory=dict)
    members: dict[int, MemberRecord] = field(default_factory=dict)
    admin_role_id: int = 0
    bot_role_id: int = 0

    @property
    def general(self) -> int:
        """The default text channel every new guild gets."""
        return self.channels[0]


@dataclass
class ChannelRecord:
    """A text channel, a thread or a DM channel."""

    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient_id: int | None = None
    position: int = 0
    members: set[int] = field(default_factory=set)
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    created_at: str = ""
    last_message_id: int | None = None
    message_count: int = 0
    # A permission overwrite denying the bot Send Messages (and Manage Threads): the bot's posts,
    # edits and threads here get 403 50013 (`Emulator.deny_bot`).
    bot_denied: bool = False

    @property
    def is_thread(self) -> bool:
        """True for public and private threads."""
        return self.type in THREAD_TYPES


@dataclass
class AttachmentRecord:
    """An uploaded file with its bytes."""

    filename: str
    data: bytes
    id: int = 0
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        """Size in bytes."""
        return len(self.data)

    def image_size(self) -> tuple[int, int] | None:
        """(width, height) for PNG data, else None."""
        if self.data[:8] == b"\x89PNG\r\n\x1a\n" and len(self.data) >= 24:
            width, height = struct.unpack(">II", self.data[16:24])
            return width, height
        return None


@dataclass
class MessageRecord:
    """A message as the emulator stores it (live: edits update it in place)."""

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[AttachmentRecord] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    guild_id: int | None = None
    ephemeral_to: int | None = None
    interaction_id: int | None = None
    webhook_id: int | None = None
    mentions: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    pinned: bool = False
    edits: int = 0
    edited_at: str | None = None
    deleted: bool = False
    thread_id: int | None = None
    reference: dict[str, Any] | None = None
    tts: bool = False

    @property
    def ephemeral(self) -> bool:
        """Whether only one user can see this message."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is a deferred "thinking..." placeholder."""
        return bool(self.flags & LOADING)

    def walk_components(self) -> list[dict[str, Any]]:
        """Every component, depth first (rows, containers, sections, labels included)."""
        out: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for item in items:
                out.append(item)
                walk(item.get("components", []))
                if "component" in item:
                    walk([item["component"]])
                if "accessory" in item:
                    walk([item["accessory"]])

        walk(self.components)
        return out

    def component(self, custom_id: str) -> dict[str, Any] | None:
        """The interactive component with this custom_id, if any."""
        for item in self.walk_components():
            if item.get("custom_id") == custom_id:
                return item
        return None

    @property
    def custom_ids(self) -> list[str]:
        """custom_ids of all interactive components, in order."""
        return [c["custom_id"] for c in self.walk_components() if "custom_id" in c]

    def attachment(self, filename: str) -> AttachmentRecord | None:
        """The attachment with this filename, if any."""
        return next((a for a in self.attachments if a.filename == filename), None)

    def snapshot(self) -> MessageRecord:
        """A frozen-in-time copy (later edits do not change it)."""
        return copy.deepcopy(self)


@dataclass
class RequestRecord:
    """One REST request the client made, and how the emulator answered it."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[AttachmentRecord]
    headers: dict[str, str]
    time: float
    status: int = 0
    code: int | None = None
    unknown: bool = False
    route: str | None = None

    def __repr__(self) -> str:
        return f"<RequestRecord {self.method} {self.path} -> {self.status}{'' if self.code is None else f' ({self.code})'}>"


@dataclass
class FailRule:
    """A scripted failure: the next `count` requests matching method+path get this answer."""

    method: str
    pattern: str
    status: int
    code: int
    retry_after: float
    via: bool
    count: int
    message: str | None = None
