"""The playground's Discord world: a server with #games and three users, kept in the SQLite file.

The bot's tables name users, threads and messages by id, so the emulated Discord must come back with the
same ids after a restart for the games to go on: its whole state is saved (as compressed JSON, in one
row of its own table in the same SQLite file as the games) and restored before the bot connects.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import zlib
from pathlib import Path
from typing import Any

from .emulator import Emulator
from .emulator.records import (
    AttachmentRecord,
    ChannelRecord,
    GuildRecord,
    MemberRecord,
    MessageRecord,
    RoleRecord,
    UserRecord,
)

GUILD_NAME = "Tablero playground"
GAMES_CHANNEL = "games"
DEFAULT_USERS = ("alice", "bob", "carol")
LANGUAGES = {"en": "en-US", "es": "es-ES"}  # the page's language choice -> the Discord locale sent
TABLE = "playground_world"
FILES = "playground_files"  # attachment bytes, written once each (a world save is then small)
FORMAT = 1


def language_of(locale: str) -> str:
    """en or es for a Discord locale."""
    return "es" if locale.startswith("es") else "en"


class World:
    """The one guild the page shows, and its #games channel."""

    def __init__(self, emu: Emulator, guild_id: int, games_id: int) -> None:
        self.emu = emu
        self.guild_id = guild_id
        self.games_id = games_id
        self._saved_files: set[int] = set()

    @classmethod
    def create(cls, emu: Emulator) -> World:
        """A fresh world: the server, #games, alice, bob and carol (alice is an admin)."""
        guild = emu.create_guild(GUILD_NAME)
        games = emu.create_channel(guild.id, GAMES_CHANNEL)
        world = cls(emu, guild.id, games)
        for name in DEFAULT_USERS:
            world.add_user(name, admin=name == DEFAULT_USERS[0])
        return world

    @classmethod
    def open(cls, emu: Emulator, path: Path) -> World:
        """The world saved in this file, or a fresh one."""
        saved = load(path)
        if saved is None:
            return cls.create(emu)
        restore(emu, saved["store"], saved["files"])
        world = cls(emu, saved["guild_id"], saved["games_id"])
        world._saved_files = set(saved["files"])
        return world

    def snapshot(self) -> tuple[bytes, list[AttachmentRecord]]:
        """The world as one compressed blob plus the files not written yet (call on the event loop)."""
        data = {"format": FORMAT, "guild_id": self.guild_id, "games_id": self.games_id}
        data["store"] = dump(self.emu)
        blob = zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 6)
        files = [
            a
            for m in self.emu.store.messages.values()
            if not m.deleted
            for a in m.attachments
            if a.id not in self._saved_files
        ]
        return blob, files

    def save(self, path: Path) -> None:
        """Write the whole emulated Discord into the file (blocking; see snapshot/write for a thread)."""
        self.write(path, *self.snapshot())

    def write(self, path: Path, blob: bytes, files: list[AttachmentRecord]) -> None:
        """Store a snapshot: the world row replaced, new files added, one transaction."""
        db = sqlite3.connect(path, timeout=10)
        try:
            with db:
                db.execute(
                    f"CREATE TABLE IF NOT EXISTS {TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), data BLOB)"
                )
                db.execute(f"CREATE TABLE IF NOT EXISTS {FILES} (id INTEGER PRIMARY KEY, data BLOB NOT NULL)")
                db.executemany(
                    f"INSERT OR IGNORE INTO {FILES} (id, data) VALUES (?, ?)", [(a.id, a.data) for a in files]
                )
                db.execute(f"INSERT OR REPLACE INTO {TABLE} (id, data) VALUES (1, ?)", (blob,))
        finally:
            db.close()
        self._saved_files.update(a.id for a in files)

    # ---- users ----------------------------------------------------------------------------------
    @property
    def users(self) -> list[UserRecord]:
        """The people of the server (not the bot, not the emulator's synthetic owner), oldest first."""
        guild = self.emu.store.guilds[self.guild_id]
        store = self.emu.store
        return [
            store.users[u] for u in sorted(guild.members) if not store.users[u].bot and u != self.emu.owner.id
        ]

    def add_user(self, name: str, *, admin: bool = False, language: str = "en") -> UserRecord:
        """A new member of the server."""
        user = self.emu.create_user(name, locale=LANGUAGES[language])
        self.emu.add_member(self.guild_id, user.id, admin=admin)
        return user

    def set_language(self, user_id: int, language: str) -> None:
        """The user's Discord client language (sent as the interaction locale)."""
        self.emu.store.users[user_id].locale = LANGUAGES[language]


# ---- (de)serialising the emulator's store ------------------------------------------------------------
def load(path: Path) -> dict[str, Any] | None:
    """The saved world in the file, if any."""
    if not Path(path).exists():
        return None
    db = sqlite3.connect(path, timeout=10)
    try:
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if TABLE not in names or FILES not in names:
            return None
        row = db.execute(f"SELECT data FROM {TABLE} WHERE id = 1").fetchone()
        if row is None:
            return None
        data = json.loads(zlib.decompress(row[0]))
        data["files"] = dict(db.execute(f"SELECT id, data FROM {FILES}").fetchall())
    finally:
        db.close()
    return data if data.get("format") == FORMAT else None


def dump(emu: Emulator) -> dict[str, Any]:
    """Everything of the store that outlives a restart, as JSON-ready data."""
    store = emu.store
    return {
        "last_id": store.ids.last,
        "bot_id": emu.bot.id,
        "owner_id": emu.owner.id,
        "users": [dataclasses.asdict(u) for u in store.users.values()],
        "guilds": [_guild(g) for g in store.guilds.values()],
        "channels": [_channel(c) for c in store.channels.values()],
        "messages": [_message(m) for m in store.messages.values() if not m.deleted],
        "dm_channels": {str(k): v for k, v in store.dm_channels.items()},
        "interaction_meta": {str(k): v for k, v in store.interaction_meta.items()},
    }


def restore(emu: Emulator, data: dict[str, Any], files: dict[int, bytes]) -> None:
    """Replace the emulator's fresh store with the saved one (before any client connects)."""
    store = emu.store
    store.users = {u["id"]: UserRecord(**u) for u in data["users"]}
    store.guilds = {g["id"]: _guild_from(g) for g in data["guilds"]}
    store.channels = {}
    store.channel_messages = {}
    for c in data["channels"]:
        channel = ChannelRecord(**(c | {"members": set(c["members"])}))
        store.channels[channel.id] = channel
        store.channel_messages[channel.id] = []
    store.messages = {}
    for m in sorted(data["messages"], key=lambda m: m["id"]):
        attachments = [AttachmentRecord(**(a | {"data": files.get(a["id"], b"")})) for a in m["attachments"]]
        message = MessageRecord(**(m | {"attachments": attachments}))
        store.messages[message.id] = message
        store.channel_messages[message.channel_id].append(message.id)
    store.dm_channels = {int(k): v for k, v in data["dm_channels"].items()}
    store.interaction_meta = {int(k): v for k, v in data["interaction_meta"].items()}
    store.ids.last = max(store.ids.last, data["last_id"])
    # The bot user and the synthetic owner keep their saved ids (the bot's own messages name them).
    emu.bot = store.users[data["bot_id"]]
    store.bot_id = emu.bot.id  # whom attachment URLs are signed for, who shares a guild with whom
    emu.owner = store.users[data["owner_id"]]
    emu.application_id = emu.bot.id


def _guild(guild: GuildRecord) -> dict[str, Any]:
    data = dataclasses.asdict(guild)
    data["roles"] = list(data["roles"].values())
    data["members"] = list(data["members"].values())
    return data


def _guild_from(data: dict[str, Any]) -> GuildRecord:
    roles = {r["id"]: RoleRecord(**r) for r in data["roles"]}
    members = {m["user_id"]: MemberRecord(**m) for m in data["members"]}
    return GuildRecord(**(data | {"roles": roles, "members": members}))


def _channel(channel: ChannelRecord) -> dict[str, Any]:
    data = dataclasses.asdict(channel)
    data["members"] = sorted(data["members"])
    return data


def _message(message: MessageRecord) -> dict[str, Any]:
    fields = {
        f.name: getattr(message, f.name) for f in dataclasses.fields(message) if f.name != "attachments"
    }
    data = json.loads(json.dumps(fields))  # a deep copy without the attachment bytes
    data["attachments"] = [
        {"filename": a.filename, "id": a.id, "content_type": a.content_type, "description": a.description}
        for a in message.attachments
    ]
    return data
