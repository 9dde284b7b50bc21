"""The emulator speaks sharding (issue 25 item 6), against real discord.py clients: IDENTIFY with
`shard: [i, n]`, each guild's events on the session of shard `(guild_id >> 22) % n`, DMs and their
interactions on shard 0, `GET /gateway/bot` with `shards` and `max_concurrency`, 4011 past the guilds
a session may hold, 4010 for a shard that does not exist, and the identify rate limit per bucket."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord import app_commands

from playground.emulator import Emulator
from playground.emulator.discordpy import start_client, stop_client
from playground.emulator.gateway import SHARDING_REQUIRED, shard_of

pytestmark = pytest.mark.timeout(30)


def intents() -> discord.Intents:
    found = discord.Intents.default()
    found.message_content = True
    return found


class Sharded(discord.AutoShardedClient):
    """An AutoShardedClient with one slash command; no 5 s wait before its second shard's IDENTIFY."""

    def __init__(self, **options: Any) -> None:
        super().__init__(intents=intents(), guild_ready_timeout=0.05, **options)
        self.tree = app_commands.CommandTree(self)
        self.seen: list[discord.Message] = []

        @self.tree.command(name="where", description="Which shard serves this")
        async def where(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("here")

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py sleeps 5 s before every IDENTIFY but the first; not in tests."""

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append(message)


class OneShard(discord.Client):
    """A plain client given one shard id (two of these split a bot's guilds between them)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(intents=intents(), guild_ready_timeout=0.05, **options)
        self.seen: list[discord.Message] = []

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s wait in tests."""

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append(message)


@pytest.fixture
def split(emu: Emulator) -> dict[str, Any]:
    """Two guilds on shard 0 of 2, one on shard 1, alice in all three and in a DM with the bot."""
    guilds = [
        emu.create_guild("Zero A", shard=(0, 2)),
        emu.create_guild("One", shard=(1, 2)),
        emu.create_guild("Zero B", shard=(0, 2)),
    ]
    alice = emu.create_user("alice")
    for guild in guilds:
        emu.add_member(guild.id, alice.id)
    return {"zero": [guilds[0], guilds[2]], "one": guilds[1], "alice": alice, "dm": emu.open_dm(alice.id)}


def sequence(client: discord.AutoShardedClient, shard_id: int) -> int:
    """The last sequence number the client read on this shard's websocket (one per event it got)."""
    shard = client.get_shard(shard_id)
    assert shard is not None
    return int(shard._parent.ws.sequence or 0)


def test_created_guilds_land_on_the_shard_asked_for(emu: Emulator) -> None:
    ids = [emu.create_guild(f"g{i}", shard=(i % 3, 3)).id for i in range(6)]
    assert [shard_of(g, 3) for g in ids] == [0, 1, 2, 0, 1, 2]
    assert ids == sorted(set(ids))  # still unique and increasing snowflakes
    assert shard_of(None, 3) == 0  # no guild (a DM): shard 0


async def test_auto_sharded_client_over_two_shards_gets_each_guild_on_its_shard(
    emu: Emulator, run: Any, split: dict[str, Any]
) -> None:
    emu.shards = 2  # what GET /gateway/bot recommends
    bot = await run(Sharded())
    assert bot.shard_count == 2
    assert sorted(s.shard for s in emu.gateway.connected) == [(0, 2), (1, 2)]
    one, zero = split["one"], split["zero"]
    assert emu.gateway.sent("GUILD_CREATE", guild_id=one.id) == [(1, 2)]
    assert [emu.gateway.sent("GUILD_CREATE", guild_id=g.id) for g in zero] == [[(0, 2)], [(0, 2)]]
    assert bot.get_guild(one.id).shard_id == 1 and {bot.get_guild(g.id).shard_id for g in zero} == {0}

    # a message in the guild of shard 1 arrives on shard 1's websocket, and only there
    before = sequence(bot, 0), sequence(bot, 1)
    await emu.post_message(one.general, split["alice"].id, "hello one")
    await emu.wait_for(lambda: [m.content for m in bot.seen] == ["hello one"])
    assert (sequence(bot, 0), sequence(bot, 1)) == (before[0], before[1] + 1)
    assert emu.gateway.sent("MESSAGE_CREATE", guild_id=one.id) == [(1, 2)]

    # an interaction in a guild of shard 0 goes to shard 0, answered through it
    it = await emu.slash(split["alice"].id, zero[1].general, "where")
    assert [m.content for m in await it.wait_done()] == ["here"]
    assert emu.gateway.sent("INTERACTION_CREATE", guild_id=zero[1].id) == [(0, 2)]

    # a DM message and a DM interaction (no guild): shard 0
    before = sequence(bot, 0), sequence(bot, 1)
    await emu.post_message(split["dm"], split["alice"].id, "psst")
    it = await emu.slash(split["alice"].id, split["dm"], "where")
    assert [m.content for m in await it.wait_done()] == ["here"]
    await emu.wait_for(lambda: len(bot.seen) == 4)
    assert [(m.content, m.guild and m.guild.shard_id) for m in bot.seen] == [
        ("hello one", 1),
        ("here", 0),
        ("psst", None),
        ("here", None),
    ]
    assert emu.gateway.sent("INTERACTION_CREATE", guild_id=None)[-1:] == [(0, 2)]
    assert emu.gateway.sent("MESSAGE_CREATE", guild_id=None) == [(0, 2), (0, 2)]  # psst, then the answer
    assert sequence(bot, 1) == before[1]  # nothing of the DM reached shard 1


async def test_two_clients_with_one_shard_each_split_the_guilds(
    emu: Emulator, run: Any, split: dict[str, Any]
) -> None:
    first = await run(OneShard(shard_id=0, shard_count=2))
    second = await run(OneShard(shard_id=1, shard_count=2))
    assert {g.id for g in first.guilds} == {g.id for g in split["zero"]}
    assert {g.id for g in second.guilds} == {split["one"].id}
    assert sorted(s.shard for s in emu.gateway.connected) == [(0, 2), (1, 2)]

    await emu.post_message(split["one"].general, split["alice"].id, "to one")
    await emu.post_message(split["zero"][0].general, split["alice"].id, "to zero")
    await emu.post_message(split["dm"], split["alice"].id, "a DM")
    await emu.wait_for(lambda: len(first.seen) == 2 and len(second.seen) == 1)
    assert [m.content for m in first.seen] == ["to zero", "a DM"]
    assert [m.content for m in second.seen] == ["to one"]

    # a guild created while both are connected: GUILD_CREATE to its shard's client only
    late = emu.create_guild("Late One", shard=(1, 2))
    await emu.wait_for(lambda: second.get_guild(late.id) is not None)
    assert first.get_guild(late.id) is None and emu.gateway.sent("GUILD_CREATE", guild_id=late.id) == [(1, 2)]


async def test_a_session_past_the_guild_limit_is_closed_with_4011(
    emu: Emulator, run: Any, split: dict[str, Any]
) -> None:
    emu.gateway.max_guilds = 2  # Discord's is 2,500 per session
    lone = OneShard()
    with pytest.raises(discord.ConnectionClosed) as refused:
        await start_client(emu, lone)
    assert refused.value.code == SHARDING_REQUIRED == 4011
    assert emu.gateway.closes == [(4011, (0, 1))] and emu.gateway.sessions == {}
    await lone.close()
    # two shards: two guilds on shard 0, one on shard 1, within the limit
    await run(OneShard(shard_id=0, shard_count=2))
    await run(OneShard(shard_id=1, shard_count=2))
    assert len(emu.gateway.connected) == 2 and len(emu.gateway.closes) == 1


@pytest.mark.parametrize("shard", [(2, 2), (-1, 2)])
async def test_a_shard_that_does_not_exist_is_closed_with_4010(
    emu: Emulator, split: dict[str, Any], shard: tuple[int, int]
) -> None:
    client = OneShard(shard_id=shard[0], shard_count=shard[1])
    with pytest.raises(discord.ConnectionClosed) as refused:
        await start_client(emu, client)
    await client.close()
    assert refused.value.code == 4010 and emu.gateway.closes == [(4010, None)]


async def test_gateway_bot_tells_the_shard_count_and_max_concurrency(emu: Emulator) -> None:
    client = OneShard()
    await client.login(emu.token)
    try:
        assert (await client.http.get_bot_gateway())[0] == 1  # no guild yet: one shard
        for i in range(1001):
            emu.store.add_guild(f"g{i}", emu.owner.id, emu.bot.id, "en-US")
        emu.gateway.max_concurrency = 16
        shards, url, limits = await client.http.get_bot_gateway()
        assert (shards, url, limits["max_concurrency"]) == (2, emu.gateway_url, 16)
        emu.shards = 5
        assert (await client.http.get_bot_gateway())[0] == 5
    finally:
        await client.close()


async def test_identifies_beyond_max_concurrency_are_refused_per_bucket(
    emu: Emulator, split: dict[str, Any]
) -> None:
    emu.gateway.identify_window = 60.0  # a window no test outlives: the second IDENTIFY is too soon
    emu.gateway.max_concurrency = 2  # buckets: shard 0 -> 0, shard 1 -> 1
    clients = [OneShard(shard_id=0, shard_count=2), OneShard(shard_id=1, shard_count=2)]
    tasks = [await start_client(emu, c) for c in clients]  # two buckets: both at once
    assert emu.gateway.identify_refused == 0
    late = OneShard(shard_id=0, shard_count=2)  # bucket 0 again within the window
    await late.login(emu.token)
    task = asyncio.create_task(late.connect())
    try:
        await emu.wait_for(lambda: emu.gateway.identify_refused >= 1)
        assert not late.is_ready()
    finally:
        await late.close()
        task.cancel()
        for client, running in zip(clients, tasks, strict=True):
            await stop_client(client, running)
