"""A local Discord emulator for end-to-end tests with a real discord.py client (see README.md)."""

from .commands import CommandUnavailable
from .interactions import InteractionFailed, InteractionRecord
from .records import (
    AttachmentRecord,
    ChannelRecord,
    GuildRecord,
    MemberRecord,
    MessageRecord,
    RequestRecord,
    UserRecord,
)
from .server import Emulator
from .store import Clock

__all__ = [
    "AttachmentRecord",
    "ChannelRecord",
    "Clock",
    "CommandUnavailable",
    "Emulator",
    "GuildRecord",
    "InteractionFailed",
    "InteractionRecord",
    "MemberRecord",
    "MessageRecord",
    "RequestRecord",
    "UserRecord",
]
