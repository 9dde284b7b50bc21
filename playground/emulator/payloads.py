"""Payload factories: the JSON shapes Discord sends for users, members, channels, guilds, messages."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from .records import DM, AttachmentRecord, ChannelRecord, GuildRecord, MemberRecord, MessageRecord
from .store import Store, iso, snowflake_time

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
ATTACHMENT_DESCRIPTION_LIMIT = 1024  # an attachment's description (alt text), in characters


def member_payload(
    store: Store, member: MemberRecord, *, with_user: bool = True, permissions: bool = False
) -> dict[str, Any]:
    """A guild member object; interaction members also carry a permissions string."""
    data: dict[str, Any] = {
        "roles": [str(r) for r in member.roles],
        "joined_at": member.joined_at,
        "nick": None,
        "avatar": None,
        "banner": None,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = store.users[member.user_id].payload()
    if permissions:
        data["permissions"] = str(store.permissions(member.guild_id, member.user_id))
    return data


def channel_payload(store: Store, channel: ChannelRecord, *, for_user: int | None = None) -> dict[str, Any]:
    """A channel object (text channel, thread or DM); `for_user` adds the permissions field."""
    if channel.type == DM:
        return {
            "id": str(channel.id),
            "type": DM,
            "last_message_id": _opt(channel.last_message_id),
            "flags": 0,
            "recipients": [store.users[channel.recipient_id].payload()],  # type: ignore[index]
        }
    data: dict[str, Any] = {
        "id": str(channel.id),
        "type": channel.type,
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "last_message_id": _opt(channel.last_message_id),
        "rate_limit_per_user": 0,
        "flags": 0,
        "nsfw": False,
    }
    if channel.is_thread:
        data.update(
            parent_id=str(channel.parent_id),
            owner_id=str(channel.owner_id),
            message_count=channel.message_count,
            total_message_sent=channel.message_count,
            member_count=min(len(channel.members), 50),
            thread_metadata={
                "archived": channel.archived,
                "auto_archive_duration": channel.auto_archive_duration,
                "archive_timestamp": channel.created_at,
                "locked": channel.locked,
                "invitable": channel.invitable,
                "create_timestamp": channel.created_at,
            },
        )
    else:
        data.update(position=channel.position, permission_overwrites=[], parent_id=None, topic=None)
    if for_user is not None:
        data["permissions"] = str(store.permissions(channel.guild_id, for_user))  # type: ignore[arg-type]
    return data


def thread_member_payload(
    thread: ChannelRecord, user_id: int, when: float, guild_id: int | None = None
) -> dict[str, Any]:
    """A thread member object."""
    data: dict[str, Any] = {
        "id": str(thread.id),
        "user_id": str(user_id),
        "join_timestamp": iso(when),
        "flags": 0,
    }
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    return data


def guild_payload(store: Store, guild: GuildRecord, *, bot_id: int, all_members: bool) -> dict[str, Any]:
    """A full GUILD_CREATE payload; member_count always equals the real count."""
    members = [m for m in guild.members.values() if all_members or m.user_id == bot_id]
    channels = [store.channels[c] for c in guild.channels]
    threads = [
        c for c in store.channels.values() if c.guild_id == guild.id and c.is_thread and not c.archived
    ]
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(guild.owner_id),
        "region": None,
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "system_channel_id": str(guild.general),
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "preferred_locale": guild.locale,
        "features": [],
        "emojis": [],
        "stickers": [],
        "roles": [r.payload() for r in guild.roles.values()],
        "joined_at": guild.members[bot_id].joined_at,
        "large": False,
        "unavailable": False,
        "member_count": len(guild.members),
        "members": [member_payload(store, m) for m in members],
        "channels": [channel_payload(store, c) for c in channels],
        "threads": [channel_payload(store, t) for t in threads],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "premium_subscription_count": 0,
        "max_members": 500000,
        "max_video_channel_users": 25,
    }


def attachment_payload(
    base_url: str, channel_id: int, att: AttachmentRecord, store: Store, recipient: int | None = None
) -> dict[str, Any]:
    """An attachment object whose url the emulator itself serves, signed for `recipient` (default:
    the bot, to whom the REST API and the gateway speak); the URL serves no one else."""
    query = store.cdn_query(att.id, store.bot_id if recipient is None else recipient)
    url = f"{base_url}/attachments/{channel_id}/{att.id}/{quote(att.filename)}{query}"
    data: dict[str, Any] = {
        "id": str(att.id),
        "filename": att.filename,
        "size": att.size,
        "url": url,
        "proxy_url": url,
        "content_type": att.content_type,
        "flags": 0,
    }
    if att.description is not None:
        data["description"] = att.description
    dims = att.image_size()
    if dims is not None:
        data["width"], data["height"] = dims
    return data


def message_payload(
    store: Store, msg: MessageRecord, base_url: str, *, gateway: bool = False
) -> dict[str, Any]:
    """A message object; gateway events add guild_id/member like Discord's MESSAGE_CREATE."""
    author = store.users[msg.author_id]
    data: dict[str, Any] = {
        "id": str(msg.id),
        "channel_id": str(msg.channel_id),
        "type": msg.type,
        "content": msg.content,
        "author": author.payload(),
        "timestamp": iso(snowflake_time(msg.id)),
        "edited_timestamp": msg.edited_at,
        "tts": msg.tts,
        "mention_everyone": msg.mention_everyone,
        "mentions": [store.users[u].payload() for u in msg.mentions],
        "mention_roles": [],
        "attachments": [attachment_payload(base_url, msg.channel_id, a, store) for a in msg.attachments],
        "embeds": msg.embeds,
        "components": msg.components,
        "pinned": msg.pinned,
        "flags": msg.flags,
        "reactions": [],
    }
    if msg.webhook_id is not None:
        data["webhook_id"] = str(msg.webhook_id)
        data["application_id"] = str(msg.webhook_id)
    if msg.interaction_id is not None:
        data["interaction_metadata"] = _interaction_metadata(store, msg)
    if msg.reference is not None:
        data["message_reference"] = msg.reference
    if msg.thread_id is not None and msg.thread_id in store.channels:
        data["thread"] = channel_payload(store, store.channels[msg.thread_id])
    if gateway and msg.guild_id is not None:
        data["guild_id"] = str(msg.guild_id)
        member = store.guilds[msg.guild_id].members.get(msg.author_id)
        if member is not None and msg.webhook_id is None:
            data["member"] = member_payload(store, member, with_user=False)
    return data


def _interaction_metadata(store: Store, msg: MessageRecord) -> dict[str, Any]:
    meta = store.interaction_meta.get(msg.interaction_id, {})  # type: ignore[arg-type]
    return {
        "id": str(msg.interaction_id),
        "type": meta.get("type", 2),
        "user": store.users[meta["user_id"]].payload() if "user_id" in meta else None,
        "authorizing_integration_owners": meta.get("owners", {}),
    }


def _opt(value: int | None) -> str | None:
    return None if value is None else str(value)
