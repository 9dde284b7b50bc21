"""A server's settings for its admins (issue 26 item 6): its default language (`guild_settings`,
also `/game language`), the defaults of its new tables (pace, deadline_hours, absent, absent_after)
and the channels games may be opened in.

Who may change them is Discord's business, not ours: the `/server` commands are registered with
`default_member_permissions` = Manage Server, so only admins see them at first, and a server owner
can give them to any role or member (or take them away) in Server Settings → Integrations. There
is no role system of our own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Rejected

from .absence import split_settings
from .store import ServerSettings, StaleVersion, Store

TRIES = 5
"""How often a change of a server's settings is tried on a fresh read when another process (or
task) changed them meanwhile; each try is one read and one write."""


async def change_settings(
    store: Store,
    guild_id: int,
    change: Callable[[ServerSettings], tuple[dict[str, Any], list[int]]],
) -> ServerSettings:
    """Read a server's settings, apply `change` (new defaults, new channels) and write them back
    only if nobody changed them since the read (`expected`); else read them again and apply the
    change to what the other wrote. Two admins changing one server's settings at once, on one
    process or two, both get their change (issue 25 item 4). `change` may refuse (Rejected)."""
    for _ in range(TRIES):
        current = await store.server_settings(guild_id)
        defaults, channels = change(current)
        try:
            async with store.transaction() as tx:
                await tx.set_server_settings(guild_id, defaults, channels, expected=current)
        except StaleVersion:
            continue
        return await store.server_settings(guild_id)
    raise Rejected(
        "absent.server_busy",
        "Other changes to this server's settings kept arriving at the same moment; nothing of yours"
        " was saved. Please try again.",
    )


PACES = ("live", "async")


def defaults_from(current: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """A server's defaults with what an admin just gave (None: unchanged; "" or 0: removed),
    checked as a table's settings are; refused politely when one does not fit."""
    out = dict(current)
    for key, value in given.items():
        if value is None:
            continue
        if value in ("", 0, "none"):
            out.pop(key, None)
            continue
        if key == "pace":
            if value not in PACES:
                raise Rejected("absent.bad_pace", "The pace is live or async.")
            out["pace"] = value
            continue
        settings, _ = split_settings({key: value})
        out.update(settings)
    return out


def check_channel(settings: ServerSettings, channel_id: int) -> None:
    """Refuse a game opened outside the channels the server allows (none listed: any channel)."""
    if settings.channels and channel_id not in settings.channels:
        raise Rejected(
            "absent.channel_not_allowed",
            "Games are opened in {channels} on this server.",
            channels=", ".join(f"<#{c}>" for c in settings.channels),
        )
