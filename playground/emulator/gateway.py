"""The gateway: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats, dispatch with sequence numbers, RESUME."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from types import EllipsisType
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .payloads import guild_payload, member_payload

if TYPE_CHECKING:
    from .server import Emulator

log = logging.getLogger("playground.emulator.gateway")

GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15
PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT
HEARTBEAT_INTERVAL_MS = 41250
RESUMABLE_CLOSE = 4000  # "Unknown error": discord.py reconnects and RESUMEs.
INVALID_SHARD = 4010  # "You sent an invalid shard when identifying."
SHARDING_REQUIRED = 4011  # "The session would have handled too many guilds"
MAX_GUILDS_PER_SESSION = 2500  # Discord's limit per shard (gateway.mdx: "a maximum of 2500 guilds")
IDENTIFY_WINDOW_S = 5.0  # max_concurrency identifies per bucket per 5 s
BUFFER_LIMIT = 5000


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard a guild's events go to: `(guild_id >> 22) % shard_count`; none (DMs) to shard 0."""
    return ((guild_id or 0) >> 22) % shard_count


@dataclass(eq=False)
class Connection:
    """One websocket and the ordered queue of frames its writer sends."""

    ws: web.WebSocketResponse
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)


@dataclass
class Session:
    """A gateway session: survives disconnects; keeps sent events for RESUME."""

    id: str
    intents: int
    shard: tuple[int, int]
    seq: int = 0
    buffer: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=BUFFER_LIMIT))
    conn: Connection | None = None

    def send(self, event: str, data: Any) -> None:
        """Sequence, buffer (for replay) and queue a DISPATCH frame."""
        self.seq += 1
        frame = json.dumps({"op": 0, "t": event, "s": self.seq, "d": data})
        self.buffer.append((self.seq, frame))
        if self.conn is not None:
            self.conn.queue.put_nowait(frame)


@dataclass
class GatewayLogEntry:
    """A gateway frame seen by the emulator (op, event name, sequence, direction)."""

    direction: str
    op: int
    event: str | None = None
    seq: int | None = None
    shard: tuple[int, int] | None = None
    """The session's `[shard_id, num_shards]` (events sent and replayed)."""
    guild_id: int | None = None
    """The guild the event belongs to (None: no guild, e.g. a DM)."""


class Gateway:
    """Serves the websocket at "/" and fans dispatches out to every live session."""

    def __init__(
        self,
        emu: Emulator,
        *,
        privileged_intents: int = PRIVILEGED,
        max_guilds: int = MAX_GUILDS_PER_SESSION,
        max_concurrency: int = 1,
        identify_window: float | None = None,
    ) -> None:
        self.emu = emu
        self.sessions: dict[str, Session] = {}
        self.log: list[GatewayLogEntry] = []
        self.privileged_intents = privileged_intents
        self.max_guilds = max_guilds
        """A session that would hold more guilds than this is closed with 4011 (Sharding required)."""
        self.max_concurrency = max_concurrency
        """IDENTIFYs allowed per rate-limit bucket (`shard_id % max_concurrency`) per window."""
        self.identify_window = identify_window
        """None: IDENTIFYs are not rate limited (the default: tests restart bots at will). A number of
        seconds: more than `max_concurrency` IDENTIFYs of one bucket within it get INVALID_SESSION
        (op 9), as on Discord; `identify_refused` counts them."""
        self.identify_times: list[tuple[float, tuple[int, int]]] = []
        """(monotonic time, shard) of every accepted IDENTIFY, in order."""
        self.identify_refused = 0
        self.closes: list[tuple[int, tuple[int, int] | None]] = []
        """(close code, shard asked for) of every session the gateway refused with 4010 or 4011."""
        self.heartbeat_interval_ms = HEARTBEAT_INTERVAL_MS
        """What HELLO announces (a test shortens it to watch several heartbeats quickly)."""
        self._connections: set[Connection] = set()

    # ---- public -------------------------------------------------------------------------------
    @property
    def connected(self) -> list[Session]:
        """Sessions with an open websocket."""
        return [s for s in self.sessions.values() if s.conn is not None]

    def count(self, op: int) -> int:
        """How many client frames with this opcode arrived (2 = IDENTIFY, 6 = RESUME)."""
        return sum(1 for e in self.log if e.direction == "recv" and e.op == op)

    @property
    def replayed(self) -> list[str]:
        """Event names re-sent on RESUME, in order."""
        return [e.event or "" for e in self.log if e.direction == "replay"]

    def dispatch(
        self,
        event: str,
        data: Any,
        *,
        intent: int = 0,
        guild_id: int | None = None,
        data_for: Callable[[Session], Any] | None = None,
    ) -> None:
        """Send an event to every session subscribed to `intent` (and owning the guild's shard)."""
        for session in list(self.sessions.values()):
            if intent and not session.intents & intent:
                continue
            if not self._owns(session, guild_id):  # events without a guild go to shard 0
                continue
            payload = data_for(session) if data_for is not None else data
            session.send(event, payload)
            self.log.append(GatewayLogEntry("send", 0, event, session.seq, session.shard, guild_id))
        self.emu.notify()

    async def disconnect(self, code: int = RESUMABLE_CLOSE) -> None:
        """Close every open socket with a resumable code; sessions stay resumable and buffer events."""
        for session in self.sessions.values():
            session.conn = None  # from now on events only go to the buffer, replayed on RESUME
        for conn in list(self._connections):
            await conn.ws.close(code=code, message=b"emulator disconnect")

    async def invalidate(self) -> None:
        """Send INVALID_SESSION (not resumable) to every connection; clients IDENTIFY again."""
        for session in self.connected:
            session.conn.queue.put_nowait(json.dumps({"op": 9, "d": False}))  # type: ignore[union-attr]
            del self.sessions[session.id]

    async def close(self) -> None:
        """Close all sockets (server shutdown)."""
        for conn in list(self._connections):
            conn.queue.put_nowait(None)
            await conn.ws.close(code=1001, message=b"emulator stopping")

    # ---- websocket handler --------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        """One client connection: HELLO first, then IDENTIFY or RESUME, then heartbeats."""
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws)
        self._connections.add(conn)
        writer = asyncio.create_task(self._writer(conn), name="emulator-gateway-writer")
        conn.queue.put_nowait(json.dumps({"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}))
        session: Session | None = None
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    await ws.close(code=4002, message=b"Error while decoding payload.")
                    break
                frame = json.loads(msg.data)
                op = frame.get("op")
                self.log.append(GatewayLogEntry("recv", op))
                session = await self._on_frame(conn, session, op, frame.get("d"))
                self.emu.notify()
        finally:
            if session is not None and session.conn is conn:
                session.conn = None
            self._connections.discard(conn)
            conn.queue.put_nowait(None)
            await writer
            self.emu.notify()
        return ws

    async def _writer(self, conn: Connection) -> None:
        while (frame := await conn.queue.get()) is not None:
            try:
                await conn.ws.send_str(frame)
            except (ConnectionError, RuntimeError):
                return

    async def _on_frame(
        self, conn: Connection, session: Session | None, op: int, data: Any
    ) -> Session | None:
        if op == 1:  # HEARTBEAT
            conn.queue.put_nowait(json.dumps({"op": 11}))
        elif op == 2:  # IDENTIFY
            if session is not None:
                await conn.ws.close(code=4005, message=b"Already authenticated.")
                return session
            return await self._identify(conn, data)
        elif op == 6:  # RESUME
            return self._resume(conn, data)
        elif op == 8 and session is not None:  # REQUEST_GUILD_MEMBERS
            self._members_chunk(session, data)
        elif op not in (3, 4):  # presence/voice updates are accepted and ignored
            await conn.ws.close(code=4001, message=b"Unknown opcode.")
        return session

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self.emu.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return None
        intents = data.get("intents")
        if intents is None:
            await conn.ws.close(code=4013, message=b"Invalid intent(s).")
            return None
        if intents & PRIVILEGED & ~self.privileged_intents:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return None
        shard = _shard(data.get("shard") if data.get("shard") is not None else [0, 1])
        if shard is None:
            self.closes.append((INVALID_SHARD, None))
            await conn.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return None
        guilds = [g for g in self.emu.store.guilds.values() if shard_of(g.id, shard[1]) == shard[0]]
        if len(guilds) > self.max_guilds:
            self.closes.append((SHARDING_REQUIRED, shard))
            await conn.ws.close(code=SHARDING_REQUIRED, message=b"Sharding required.")
            return None
        if not self._identify_allowed(shard):
            self.identify_refused += 1
            conn.queue.put_nowait(json.dumps({"op": 9, "d": False}))
            return None
        session = Session(id=secrets.token_hex(16), intents=intents, shard=shard, conn=conn)
        self.sessions[session.id] = session
        session.send("READY", self._ready_payload(session, [g.id for g in guilds]))
        for guild in guilds:
            session.send("GUILD_CREATE", self.guild_create(guild.id, session))
        self.log.append(GatewayLogEntry("send", 0, "READY", 1, shard))
        self.log += [
            GatewayLogEntry("send", 0, "GUILD_CREATE", 2 + i, shard, g.id) for i, g in enumerate(guilds)
        ]
        return session

    def _identify_allowed(self, shard: tuple[int, int]) -> bool:
        """Within the identify rate limit (when one is set): at most `max_concurrency` IDENTIFYs of
        the shard's bucket (`shard_id % max_concurrency`) in `identify_window` seconds."""
        now = time.monotonic()
        if self.identify_window is not None:
            bucket = shard[0] % self.max_concurrency
            recent = [
                s
                for t, s in self.identify_times
                if now - t < self.identify_window and s[0] % self.max_concurrency == bucket
            ]
            if recent:
                return False
        self.identify_times.append((now, shard))
        return True

    def _resume(self, conn: Connection, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self.emu.token:
            conn.queue.put_nowait(json.dumps({"op": 9, "d": False}))
            return None
        if session.conn is not None and session.conn is not conn:
            session.conn.queue.put_nowait(None)
        session.conn = conn
        last = data.get("seq") or 0
        for seq, frame in list(session.buffer):
            if seq > last:
                conn.queue.put_nowait(frame)
                self.log.append(GatewayLogEntry("replay", 0, json.loads(frame)["t"], seq, session.shard))
        session.send("RESUMED", {})
        return session

    def _members_chunk(self, session: Session, data: dict[str, Any]) -> None:
        guild = self.emu.store.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        members = [m for m in guild.members.values() if not wanted or m.user_id in wanted]
        session.send(
            "GUILD_MEMBERS_CHUNK",
            {
                "guild_id": str(guild.id),
                "members": [member_payload(self.emu.store, m) for m in members],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [],
                "nonce": data.get("nonce"),
            },
        )

    # ---- payloads -----------------------------------------------------------------------------
    def _owns(self, session: Session, guild_id: int | None) -> bool:
        shard_id, count = session.shard
        return shard_of(guild_id, count) == shard_id

    def sessions_of(self, shard_id: int, shard_count: int | None = None) -> list[Session]:
        """The sessions identified as this shard (of any count, or of `shard_count`)."""
        return [
            s
            for s in self.sessions.values()
            if s.shard[0] == shard_id and (shard_count is None or s.shard[1] == shard_count)
        ]

    def sent(self, event: str, *, guild_id: int | None | EllipsisType = ...) -> list[tuple[int, int]]:
        """The shards (`[shard_id, num_shards]`) each copy of an event went to, in order; with
        `guild_id`, only that guild's copies (`guild_id=None`: the events without a guild, e.g. DMs)."""
        return [
            e.shard
            for e in self.log
            if e.direction == "send"
            and e.event == event
            and e.shard is not None
            and (guild_id is ... or e.guild_id == guild_id)
        ]

    def guild_create(self, guild_id: int, session: Session) -> dict[str, Any]:
        """GUILD_CREATE as this session sees it (all members only with the GUILD_MEMBERS intent)."""
        guild = self.emu.store.guilds[guild_id]
        return guild_payload(
            self.emu.store, guild, bot_id=self.emu.bot.id, all_members=bool(session.intents & GUILD_MEMBERS)
        )

    def _ready_payload(self, session: Session, guild_ids: list[int]) -> dict[str, Any]:
        user = self.emu.bot.payload() | {"verified": True, "mfa_enabled": False, "flags": 0, "email": None}
        return {
            "v": 10,
            "user": user,
            "guilds": [{"id": str(g), "unavailable": True} for g in guild_ids],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.emu.gateway_url,
            "shard": list(session.shard),
            "application": {"id": str(self.emu.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
        }


def _shard(value: Any) -> tuple[int, int] | None:
    """IDENTIFY's `shard` as (shard_id, num_shards), or None when Discord would refuse it (4010):
    not two integers, no shards, or an id outside 0..num_shards-1."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    shard_id, count = value
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (shard_id, count)):
        return None
    if count < 1 or not 0 <= shard_id < count:
        return None
    return (shard_id, count)
