"""Messages, DMs and threads: shared create/edit/delete logic and the channel REST routes."""

from __future__ import annotations

import mimetypes
from typing import TYPE_CHECKING, Any

from . import validate
from .gateway import DIRECT_MESSAGES, GUILD_MEMBERS, GUILD_MESSAGES, GUILDS, MESSAGE_CONTENT, Session
from .http import Api, ApiError, Call, form_error
from .payloads import (
    ATTACHMENT_DESCRIPTION_LIMIT,
    ATTACHMENT_SIZE_LIMIT,
    channel_payload,
    message_payload,
    thread_member_payload,
)
from .records import (
    DM,
    EPHEMERAL,
    GUILD_TEXT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    AttachmentRecord,
    ChannelRecord,
    MessageRecord,
)
from .store import iso

if TYPE_CHECKING:
    from .server import Emulator

SETTABLE_FLAGS = (1 << 2) | (1 << 12) | (1 << 15)  # suppress embeds, suppress notifications, components v2
THREAD_CREATED = 18
REPLY = 19


NONCE_WINDOW_S = 300.0  # Discord: "checked for uniqueness in the past few minutes"


class Messages:
    """Creates, edits and deletes messages and dispatches MESSAGE_* like Discord does."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.store = emu.store
        # enforce_nonce: (channel, author, nonce) -> (message id, emulator time it was created)
        self.nonces: dict[tuple[int, int, str], tuple[int, float]] = {}

    # ---- shared operations ------------------------------------------------------------------
    def create(
        self,
        channel: ChannelRecord,
        author_id: int,
        payload: dict[str, Any],
        files: dict[int, AttachmentRecord],
        *,
        ephemeral_to: int | None = None,
        msg_type: int = 0,
        interaction_id: int | None = None,
        extra_flags: int = 0,
    ) -> MessageRecord:
        """Validate and store a new message, then dispatch MESSAGE_CREATE (never for ephemerals)."""
        validate.message(payload)
        flags = (int(payload.get("flags") or 0) & SETTABLE_FLAGS) | extra_flags
        if ephemeral_to is not None:
            flags |= EPHEMERAL
        msg = MessageRecord(
            id=self.store.ids.next(),
            channel_id=channel.id,
            author_id=author_id,
            guild_id=channel.guild_id,
            flags=flags,
            type=msg_type,
            ephemeral_to=ephemeral_to,
            interaction_id=interaction_id,
            webhook_id=self.emu.application_id if interaction_id is not None else None,
            tts=bool(payload.get("tts")),
        )
        self._apply(msg, payload, files, new=True)
        reference = payload.get("message_reference")
        if reference and reference.get("message_id"):
            msg.reference = {
                "type": 0,
                "message_id": str(reference["message_id"]),
                "channel_id": str(channel.id),
            }
            if channel.guild_id is not None:
                msg.reference["guild_id"] = str(channel.guild_id)
            msg.type = REPLY if msg_type == 0 else msg_type
        if not msg.flags & (1 << 7) and not _has_body(msg):
            raise ApiError(400, 50006)
        self.store.add_message(msg)
        self.emu.record_message("create", msg)
        if not msg.ephemeral:
            self._dispatch("MESSAGE_CREATE", msg)
        self._join_mentioned(channel, msg)
        return msg

    def edit(
        self,
        msg: MessageRecord,
        payload: dict[str, Any],
        files: dict[int, AttachmentRecord],
        *,
        clear_loading: bool = False,
    ) -> MessageRecord:
        """Apply an edit (only fields present change) and dispatch MESSAGE_UPDATE."""
        validate.message(payload | {"flags": payload.get("flags", msg.flags)})
        self._apply(msg, payload, files, new=False)
        if "flags" in payload:
            keep = msg.flags & ~SETTABLE_FLAGS
            msg.flags = keep | (int(payload["flags"] or 0) & SETTABLE_FLAGS)
        if clear_loading:
            msg.flags &= ~(1 << 7)
        if not msg.loading and not _has_body(msg):
            raise ApiError(400, 50006)
        msg.edits += 1
        msg.edited_at = iso(self.emu.clock.now())
        self.emu.record_message("edit", msg)
        if not msg.ephemeral:
            self._dispatch("MESSAGE_UPDATE", msg)
        return msg

    def delete(self, msg: MessageRecord) -> None:
        """Mark a message deleted and dispatch MESSAGE_DELETE."""
        msg.deleted = True
        self.emu.record_message("delete", msg)
        if not msg.ephemeral:
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id is not None:
                data["guild_id"] = str(msg.guild_id)
            self._dispatch("MESSAGE_DELETE", msg, data=data)

    def payload(self, msg: MessageRecord) -> dict[str, Any]:
        """The REST representation of a message."""
        return message_payload(self.store, msg, self.emu.base_url)

    def _apply(
        self, msg: MessageRecord, payload: dict[str, Any], files: dict[int, AttachmentRecord], *, new: bool
    ) -> None:
        if "content" in payload or new:
            msg.content = payload.get("content") or ""
            msg.mentions = self.store.mentioned_ids(msg.content, payload.get("allowed_mentions"))
            parse = (payload.get("allowed_mentions") or {"parse": ["everyone"]}).get("parse", [])
            msg.mention_everyone = "everyone" in parse and (
                "@everyone" in msg.content or "@here" in msg.content
            )
        if "embeds" in payload or new:
            msg.embeds = [_embed_defaults(e) for e in payload.get("embeds") or []]
        if "components" in payload or new:
            msg.components = list(payload.get("components") or [])
        if "attachments" in payload or files or new:
            before = {a.id for a in msg.attachments} if not new else set()
            msg.attachments = self._attachments(payload, files, [] if new else msg.attachments, new=new)
            self.store.message_files += [(msg.id, a) for a in msg.attachments if a.id not in before]

    def _attachments(
        self,
        payload: dict[str, Any],
        files: dict[int, AttachmentRecord],
        existing: list[AttachmentRecord],
        *,
        new: bool,
    ) -> list[AttachmentRecord]:
        """Discord's keep-list: listed existing ids stay, {"id": n} entries upload files[n].

        On an edit with an `attachments` list the message keeps only what the list names (API v10:
        "the attachments array must contain all attachments that should be present after edit,
        including retained and new attachments"); an upload it does not list is not attached. Without
        the list, uploads are appended. Every upload needs a filename (its part's or its entry's)."""
        entries = payload.get("attachments")
        by_id = {a.id: a for a in existing}
        used: set[int] = set()
        out: list[AttachmentRecord] = [] if entries is not None else list(existing)
        for i, entry in enumerate(entries or []):
            key = int(entry["id"])
            if key in files:
                used.add(key)
                out.append(self._upload(key, files[key], entry.get("filename"), entry.get("description")))
            elif key in by_id:
                out.append(by_id[key])
            else:
                raise form_error(f"attachments.{i}.id", "Unknown attachment id.", "ATTACHMENT_NOT_FOUND")
        if new or entries is None:
            out += [self._upload(k, f, None, None) for k, f in sorted(files.items()) if k not in used]
        if sum(a.size for a in out) > ATTACHMENT_SIZE_LIMIT:
            raise ApiError(413, 40005, "Request entity too large")
        if len(out) > 10:
            raise form_error("attachments", "Must be 10 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
        return out

    def _upload(
        self, key: int, file: AttachmentRecord, filename: str | None, description: str | None
    ) -> AttachmentRecord:
        name = filename or file.filename
        if not name:  # neither the multipart part nor its attachments entry names the file
            raise form_error(f"attachments.{key}.filename", "This field is required", "BASE_TYPE_REQUIRED")
        if description is not None and len(description) > ATTACHMENT_DESCRIPTION_LIMIT:
            raise form_error(
                f"attachments.{key}.description",
                f"Must be {ATTACHMENT_DESCRIPTION_LIMIT} or fewer in length.",
                "BASE_TYPE_MAX_LENGTH",
            )
        record = AttachmentRecord(
            name,
            file.data,
            id=self.store.ids.unguessable(),
            content_type=file.content_type if file.filename else _content_type(name),
            description=description,
        )
        return record

    def _dispatch(self, event: str, msg: MessageRecord, *, data: dict[str, Any] | None = None) -> None:
        full = data or message_payload(self.store, msg, self.emu.base_url, gateway=True)
        intent = DIRECT_MESSAGES if msg.guild_id is None else GUILD_MESSAGES

        def for_session(session: Session) -> dict[str, Any]:
            # Without MESSAGE_CONTENT, guild messages from others arrive without content (privileged intent).
            hidden = (
                msg.guild_id is not None
                and msg.author_id != self.emu.bot.id
                and self.emu.bot.id not in msg.mentions
                and not session.intents & MESSAGE_CONTENT
            )
            if hidden and data is None:
                return full | {"content": "", "embeds": [], "attachments": [], "components": []}
            return full

        self.emu.gateway.dispatch(event, full, intent=intent, guild_id=msg.guild_id, data_for=for_session)

    def _join_mentioned(self, channel: ChannelRecord, msg: MessageRecord) -> None:
        """Mentioning a guild member in a thread adds them to it, as in the Discord client."""
        if not channel.is_thread:
            return
        guild = self.store.guilds[channel.guild_id]  # type: ignore[index]
        for user_id in msg.mentions:
            if user_id in guild.members and user_id not in channel.members:
                self.add_thread_member(channel, user_id)

    def add_thread_member(self, thread: ChannelRecord, user_id: int) -> None:
        """Add a member to a thread and dispatch THREAD_MEMBERS_UPDATE."""
        thread.members.add(user_id)
        now = self.emu.clock.now()
        data = {
            "id": str(thread.id),
            "guild_id": str(thread.guild_id),
            "member_count": min(len(thread.members), 50),
            "added_members": [thread_member_payload(thread, user_id, now)],
        }
        intent = GUILDS if user_id == self.emu.bot.id else GUILD_MEMBERS
        self.emu.gateway.dispatch("THREAD_MEMBERS_UPDATE", data, intent=intent, guild_id=thread.guild_id)

    # ---- routes -------------------------------------------------------------------------------
    def register(self, api: Api) -> None:
        """Add the channel/message/DM/thread routes."""
        api.add("POST", "/users/@me/channels", self.open_dm)
        api.add("GET", "/channels/{channel_id}", self.get_channel)
        api.add("PATCH", "/channels/{channel_id}", self.patch_channel)
        api.add("GET", "/channels/{channel_id}/messages", self.list_messages)
        api.add("POST", "/channels/{channel_id}/messages", self.post_message)
        api.add("GET", "/channels/{channel_id}/messages/pins", self.list_pins)
        api.add("GET", "/channels/{channel_id}/pins", self.list_pins)
        for prefix in ("/channels/{channel_id}/messages/pins", "/channels/{channel_id}/pins"):
            api.add("PUT", prefix + "/{message_id}", self.pin)
            api.add("DELETE", prefix + "/{message_id}", self.pin)
        api.add("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        api.add("PATCH", "/channels/{channel_id}/messages/{message_id}", self.patch_message)
        api.add("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        api.add("POST", "/channels/{channel_id}/typing", self.no_op)
        for method in ("PUT", "DELETE"):
            api.add(
                method, "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/{who}", self.no_op
            )
        api.add("POST", "/channels/{channel_id}/threads", self.start_thread)
        api.add("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.start_thread)
        api.add("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.join_thread)
        api.add("GET", "/channels/{channel_id}/thread-members", self.thread_members)

    def channel(self, call: Call) -> ChannelRecord:
        """The channel named in the path, or 404 Unknown Channel (deleted); 403 Missing Access when
        the bot is no longer in its server (removed)."""
        channel = self.store.channels.get(call.int("channel_id"))
        if channel is None:
            raise ApiError(404, 10003)
        if (
            channel.guild_id is not None
            and self.emu.bot.id not in self.store.guilds[channel.guild_id].members
        ):
            raise ApiError(403, 50001)
        return channel

    def writable(self, channel: ChannelRecord) -> ChannelRecord:
        """The channel, if the bot may write in it: 403 Missing Permissions when an overwrite on it
        (or on a thread's parent) denies the bot (`Emulator.deny_bot`)."""
        parent = self.store.channels.get(channel.parent_id) if channel.parent_id is not None else None
        if channel.bot_denied or (parent is not None and parent.bot_denied):
            raise ApiError(403, 50013)
        return channel

    def message(self, call: Call, channel: ChannelRecord) -> MessageRecord:
        """The (non-ephemeral, live) message named in the path, or 404 Unknown Message."""
        msg = self.store.messages.get(call.int("message_id"))
        if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
            raise ApiError(404, 10008)
        return msg

    async def no_op(self, call: Call) -> None:
        """Typing and reactions: accepted, recorded, no state."""
        self.channel(call)

    async def open_dm(self, call: Call) -> dict[str, Any]:
        """POST /users/@me/channels: the DM channel exists even when the user's DMs are closed."""
        user_id = int((call.json or {}).get("recipient_id", 0))
        if user_id not in self.store.users:
            raise ApiError(
                400,
                50035,
                "Invalid Form Body",
                errors={"recipient_id": {"_errors": [{"code": "USER_NOT_FOUND", "message": "Unknown user"}]}},
            )
        return channel_payload(self.store, self.store.dm_channel(user_id))

    async def get_channel(self, call: Call) -> dict[str, Any]:
        """GET a channel or thread."""
        return channel_payload(self.store, self.channel(call), for_user=None)

    async def patch_channel(self, call: Call) -> dict[str, Any]:
        """PATCH a thread: name, archived, locked (THREAD_UPDATE)."""
        channel = self.channel(call)
        body = call.json or {}
        if not channel.is_thread:
            if "name" in body:
                channel.name = body["name"]
            return channel_payload(self.store, channel)
        if channel.archived and body.get("archived") is False:
            self.writable(channel)  # reopening needs the bot's permissions there (Manage Threads if locked)
        channel.name = body.get("name", channel.name)
        channel.auto_archive_duration = validate.archive_duration(body) or channel.auto_archive_duration
        channel.archived = bool(body.get("archived", channel.archived))
        channel.locked = bool(body.get("locked", channel.locked))
        data = channel_payload(self.store, channel)
        self.emu.gateway.dispatch("THREAD_UPDATE", data, intent=GUILDS, guild_id=channel.guild_id)
        return data

    async def list_messages(self, call: Call) -> list[dict[str, Any]]:
        """GET messages, newest first, honouring limit/before/after."""
        channel = self.channel(call)
        items = [m for m in self.store.channel_messages_of(channel.id) if not m.ephemeral]
        if "before" in call.query:
            items = [m for m in items if m.id < int(call.query["before"])]
        if "after" in call.query:
            items = [m for m in items if m.id > int(call.query["after"])]
        limit = int(call.query.get("limit", 50))
        return [self.payload(m) for m in reversed(items)][:limit]

    async def get_message(self, call: Call) -> dict[str, Any]:
        """GET one message."""
        channel = self.channel(call)
        return self.payload(self.message(call, channel))

    async def post_message(self, call: Call) -> dict[str, Any]:
        """POST a message (JSON or multipart); DMs to users who closed them fail with 50007."""
        channel = self.writable(self.channel(call))
        if channel.type == DM:
            user = self.store.users[channel.recipient_id]  # type: ignore[index]
            if not user.dms_open or user.bot or not self.store.shares_guild(user.id):
                raise ApiError(403, 50007)
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise ApiError(400, 50083)
            self._unarchive(channel)
        payload = call.json or {}
        key = self._nonce_key(channel, payload)
        if key is not None and key in self.nonces:
            message_id, created = self.nonces[key]
            earlier = self.store.messages.get(message_id)
            if earlier is not None and self.emu.clock.now() - created <= NONCE_WINDOW_S:
                return self.payload(earlier)  # Discord returns the earlier message, creates nothing
        msg = self.create(channel, self.emu.bot.id, payload, call.files)
        if key is not None:
            self.nonces[key] = (msg.id, self.emu.clock.now())
        return self.payload(msg)

    def _nonce_key(self, channel: ChannelRecord, payload: dict[str, Any]) -> tuple[int, int, str] | None:
        """The dedup key when the message asks Discord to enforce its nonce."""
        nonce = payload.get("nonce")
        if nonce is None or not payload.get("enforce_nonce"):
            return None
        return (channel.id, self.emu.bot.id, str(nonce))

    def _unarchive(self, thread: ChannelRecord) -> None:
        """Sending to an archived, unlocked thread reopens it (THREAD_UPDATE), as on Discord."""
        thread.archived = False
        data = channel_payload(self.store, thread)
        self.emu.gateway.dispatch("THREAD_UPDATE", data, intent=GUILDS, guild_id=thread.guild_id)

    async def patch_message(self, call: Call) -> dict[str, Any]:
        """PATCH a message the bot wrote (attachments keep-list semantics)."""
        channel = self.writable(self.channel(call))
        msg = self.message(call, channel)
        if msg.author_id != self.emu.bot.id:
            raise ApiError(403, 50005)
        if channel.is_thread and channel.archived:
            raise ApiError(400, 50083)  # Discord: no edits in an archived thread until it is reopened
        return self.payload(self.edit(msg, call.json or {}, call.files))

    async def delete_message(self, call: Call) -> None:
        """DELETE a message."""
        channel = self.channel(call)
        self.delete(self.message(call, channel))

    async def list_pins(self, call: Call) -> Any:
        """GET pins (both the new and the legacy route shape)."""
        channel = self.channel(call)
        pinned = [m for m in self.store.channel_messages_of(channel.id) if m.pinned]
        if call.path.endswith("/messages/pins"):
            return {
                "items": [
                    {"pinned_at": m.edited_at or iso(self.emu.clock.now()), "message": self.payload(m)}
                    for m in pinned
                ],
                "has_more": False,
            }
        return [self.payload(m) for m in pinned]

    async def pin(self, call: Call) -> None:
        """PUT/DELETE a pin."""
        channel = self.channel(call)
        self.message(call, channel).pinned = call.method == "PUT"

    async def start_thread(self, call: Call) -> dict[str, Any]:
        """Create a thread (from a message: same id as the message) and dispatch THREAD_CREATE."""
        parent = self.writable(self.channel(call))
        body = call.json or {}
        if parent.type != GUILD_TEXT:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        name = body.get("name") or ""
        if not 1 <= len(name) <= 100:
            raise form_error("name", "Must be between 1 and 100 in length.", "BASE_TYPE_BAD_LENGTH")
        starter = self.message(call, parent) if "message_id" in call.params else None
        # from a message: always public (no type field); else the type asked for (Discord's default: private)
        kind = (
            PUBLIC_THREAD if starter is not None else validate.thread_type(body, parent.type, PRIVATE_THREAD)
        )
        archive = validate.archive_duration(body)
        if starter is not None and starter.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        thread = self.store.add_thread(
            parent,
            name,
            kind,
            self.emu.bot.id,
            thread_id=starter.id if starter else None,
            invitable=bool(body.get("invitable", True)),
            auto_archive=archive or 1440,
        )
        data = channel_payload(self.store, thread)
        member = thread_member_payload(thread, self.emu.bot.id, self.emu.clock.now())
        self.emu.gateway.dispatch(
            "THREAD_CREATE",
            data | {"newly_created": True, "member": member},
            intent=GUILDS,
            guild_id=thread.guild_id,
        )
        if starter is not None:
            starter.thread_id = thread.id
            self.emu.record_message("edit", starter)
            self._dispatch("MESSAGE_UPDATE", starter)
        elif kind == PUBLIC_THREAD:
            notice = {"content": name, "message_reference": None}
            self.create(parent, self.emu.bot.id, notice, {}, msg_type=THREAD_CREATED)
        self.emu.notify()
        return data | {"member": member}

    async def join_thread(self, call: Call) -> None:
        """PUT thread-members/@me or /{user_id}."""
        thread = self.channel(call)
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        who = call.params["user_id"]
        user_id = self.emu.bot.id if who == "@me" else call.int("user_id")
        if user_id not in self.store.guilds[thread.guild_id].members:  # type: ignore[index]
            raise ApiError(404, 10007, "Unknown Member")
        if user_id not in thread.members:
            self.add_thread_member(thread, user_id)

    async def thread_members(self, call: Call) -> list[dict[str, Any]]:
        """GET thread members."""
        thread = self.channel(call)
        now = self.emu.clock.now()
        return [thread_member_payload(thread, u, now) for u in sorted(thread.members)]


def _content_type(filename: str) -> str:
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


def _has_body(msg: MessageRecord) -> bool:
    return bool(msg.content.strip() or msg.embeds or msg.attachments or msg.components)


def _embed_defaults(embed: dict[str, Any]) -> dict[str, Any]:
    """Discord fills in the embed type ("rich") and keeps everything else as sent."""
    return {"type": "rich", **embed}
