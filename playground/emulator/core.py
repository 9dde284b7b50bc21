"""Login and lookup routes: gateway URL, users, application info, guilds, members."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .http import Api, ApiError, Call
from .payloads import channel_payload, guild_payload, member_payload

if TYPE_CHECKING:
    from .server import Emulator


class CoreRoutes:
    """What discord.py calls around login and for fetch_* lookups."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.store = emu.store

    def register(self, api: Api) -> None:
        """Add the routes."""
        api.add("GET", "/gateway", self.gateway, auth=False)
        api.add("GET", "/gateway/bot", self.gateway_bot)
        api.add("GET", "/users/@me", self.me)
        api.add("GET", "/users/{user_id}", self.user)
        api.add("GET", "/oauth2/applications/@me", self.application)
        api.add("GET", "/applications/@me", self.application)
        api.add("GET", "/guilds/{guild_id}", self.guild)
        api.add("GET", "/guilds/{guild_id}/channels", self.guild_channels)
        api.add("GET", "/guilds/{guild_id}/members", self.members)
        api.add("GET", "/guilds/{guild_id}/members/{user_id}", self.member)
        api.add("GET", "/guilds/{guild_id}/threads/active", self.active_threads)

    async def gateway(self, call: Call) -> dict[str, Any]:
        """GET /gateway."""
        return {"url": self.emu.gateway_url}

    async def gateway_bot(self, call: Call) -> dict[str, Any]:
        """GET /gateway/bot: the recommended shard count (AutoShardedClient reads it, and the url)
        and the session start limit, whose `max_concurrency` says how many IDENTIFYs per 5 s."""
        identified = self.emu.identify_count
        return {
            "url": self.emu.gateway_url,
            "shards": self.emu.recommended_shards,
            "session_start_limit": {
                "total": 1000,
                "remaining": max(0, 1000 - identified),
                "reset_after": 86_400_000,
                "max_concurrency": self.emu.gateway.max_concurrency,
            },
        }

    async def me(self, call: Call) -> dict[str, Any]:
        """GET /users/@me: the bot user (static_login)."""
        return self.emu.bot.payload() | {
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
            "email": None,
            "locale": "en-US",
            "premium_type": 0,
        }

    async def user(self, call: Call) -> dict[str, Any]:
        """GET /users/{id}."""
        user = self.store.users.get(call.int("user_id"))
        if user is None:
            raise ApiError(404, 10013)
        return user.payload()

    async def application(self, call: Call) -> dict[str, Any]:
        """GET /oauth2/applications/@me: AppInfo needs these keys; no interactions endpoint URL."""
        return {
            "id": str(self.emu.application_id),
            "name": self.emu.bot.name,
            "icon": None,
            "description": "Local Discord emulator application",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.emu.owner.payload(),
            "verify_key": "0" * 64,
            "team": None,
            "flags": 0,
            "bot": self.emu.bot.payload(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
            "approximate_guild_count": len(self.store.guilds),
        }

    def _guild(self, call: Call) -> Any:
        guild = self.store.guilds.get(call.int("guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    async def guild(self, call: Call) -> dict[str, Any]:
        """GET /guilds/{id} (REST guilds carry no members/channels)."""
        data = guild_payload(self.store, self._guild(call), bot_id=self.emu.bot.id, all_members=False)
        for key in (
            "members",
            "channels",
            "threads",
            "voice_states",
            "presences",
            "joined_at",
            "large",
            "member_count",
            "unavailable",
        ):
            data.pop(key, None)
        return data

    async def guild_channels(self, call: Call) -> list[dict[str, Any]]:
        """GET /guilds/{id}/channels."""
        guild = self._guild(call)
        return [channel_payload(self.store, self.store.channels[c]) for c in guild.channels]

    async def members(self, call: Call) -> list[dict[str, Any]]:
        """GET /guilds/{id}/members (needs the GUILD_MEMBERS intent on real Discord)."""
        guild = self._guild(call)
        limit = int(call.query.get("limit", 1))
        after = int(call.query.get("after", 0))
        members = sorted((m for m in guild.members.values() if m.user_id > after), key=lambda m: m.user_id)
        return [member_payload(self.store, m) for m in members[:limit]]

    async def member(self, call: Call) -> dict[str, Any]:
        """GET /guilds/{id}/members/{user}."""
        member = self._guild(call).members.get(call.int("user_id"))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return member_payload(self.store, member)

    async def active_threads(self, call: Call) -> dict[str, Any]:
        """GET /guilds/{id}/threads/active."""
        guild = self._guild(call)
        threads = [
            c
            for c in self.store.channels.values()
            if c.guild_id == guild.id and c.is_thread and not c.archived
        ]
        return {"threads": [channel_payload(self.store, t) for t in threads], "members": []}
