"""The emulator against a bare, unmodified discord.py client: login, commands, components, files, failures."""

from __future__ import annotations

import asyncio
import io
import re
import sys
from json import dumps as json_dumps
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from playground.emulator import CommandUnavailable, Emulator, InteractionFailed, MessageRecord

pytestmark = pytest.mark.timeout(30)

PNG = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x03\x00\x00\x00\x02\x08\x02\x00\x00\x00"
    b"\x12\x16\xf1M\x00\x00\x00\x00IEND\xaeB`\x82"
)


class PersistentView(discord.ui.View):
    """A persistent view: timeout None and explicit custom_ids."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Press", custom_id="persist:press")
    async def press(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content=f"pressed by {interaction.user.name}")

    @discord.ui.button(label="Ask", custom_id="persist:ask")
    async def ask(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_modal(AskModal())


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"hand:(?P<table>\d+)"):
    """A DynamicItem rebuilt from its custom_id on every click."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label="My hand", custom_id=f"hand:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(f"hand of table {self.table}")


class PickView(discord.ui.View):
    """A select answered with a deferred update (type 6) and an @original edit."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="pick", max_values=2, options=[discord.SelectOption(label=x, value=x) for x in "abc"]
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="picked " + ",".join(select.values))


class AskModal(discord.ui.Modal, title="Question"):
    answer = discord.ui.TextInput(label="Answer", custom_id="answer")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"you said {self.answer.value}", ephemeral=True)


class Bot(discord.Client):
    """A minimal bot exercising every path the platform uses."""

    def __init__(self, **options: Any) -> None:
        intents = discord.Intents.default()
        intents.members = True
        super().__init__(intents=intents, guild_ready_timeout=0.05, **options)
        self.tree = app_commands.CommandTree(self)
        self.seen: list[tuple[str, Any]] = []
        self.gate = asyncio.Event()
        self.errors: list[BaseException] = []
        self._commands()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py sleeps 5 s before every re-IDENTIFY by default; tests need not wait."""

    async def setup_hook(self) -> None:
        self.add_view(PersistentView())
        self.add_view(PickView())
        self.add_dynamic_items(HandButton)
        self.synced = await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append(("message", message))

    async def on_message_edit(self, before: discord.Message, after: discord.Message) -> None:
        self.seen.append(("edit", after))

    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        self.seen.append(("raw_edit", payload.message_id))

    async def on_thread_create(self, thread: discord.Thread) -> None:
        self.seen.append(("thread", thread))

    async def on_resumed(self) -> None:
        self.seen.append(("resumed", None))

    def _commands(self) -> None:
        game = app_commands.Group(name="game", description="Games")

        @game.command(name="new", description="Open a game")
        async def new(
            interaction: discord.Interaction, game: str, opponent: discord.Member | None = None
        ) -> None:
            vs = opponent.display_name if opponent else "the AI"
            perms = interaction.permissions.administrator
            await interaction.response.send_message(
                f"{game} vs {vs} (admin={perms}, {interaction.locale.value})"
            )

        @new.autocomplete("game")
        async def game_choices(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            names = ["canyon", "arkenstone", "clickwars", "spacehulk"]
            return [app_commands.Choice(name=n.title(), value=n) for n in names if n.startswith(current)]

        self.tree.add_command(game)

        @self.tree.command(name="many", description="Too many choices")
        async def many(interaction: discord.Interaction, item: str) -> None:
            await interaction.response.send_message(item)

        @many.autocomplete("item")
        async def many_choices(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=f"n{i}", value=f"v{i}") for i in range(30)]

        @self.tree.command(name="panel", description="Post the persistent panel")
        async def panel(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("panel", view=PersistentView())

        @self.tree.command(name="private", description="Defer ephemerally, then follow up twice")
        async def private(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send("secret")  # not ephemeral=True: the defer decides
            await interaction.followup.send("public news")

        @self.tree.command(name="dm", description="DM the caller")
        async def dm(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            try:
                await interaction.user.send("your hand")
            except discord.Forbidden as exc:
                self.errors.append(exc)
                await interaction.followup.send(f"DMs closed ({exc.code})")
            else:
                await interaction.followup.send("sent")

        @self.tree.command(name="slow", description="Answer only when the test opens the gate")
        async def slow(interaction: discord.Interaction) -> None:
            await self.gate.wait()
            try:
                await interaction.response.send_message("late")
            except discord.HTTPException as exc:
                self.errors.append(exc)

        @self.tree.command(name="later", description="Defer, then follow up when the gate opens")
        async def later(interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            await self.gate.wait()
            try:
                await interaction.followup.send("much later")
            except discord.HTTPException as exc:
                self.errors.append(exc)

        @self.tree.command(name="twice", description="Respond twice")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("once")
            try:
                adapter = discord.webhook.async_.async_context.get()
                await adapter.create_interaction_response(
                    interaction.id,
                    interaction.token,
                    session=interaction._session,
                    params=discord.webhook.async_.interaction_response_params(4, {"content": "twice"}),
                )
            except discord.HTTPException as exc:
                self.errors.append(exc)

        @self.tree.command(name="thread", description="Open a game thread")
        async def thread(interaction: discord.Interaction, opponent: discord.Member) -> None:
            await interaction.response.defer(ephemeral=True)
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            created = await channel.create_thread(name="canyon-1", type=discord.ChannelType.public_thread)
            await created.add_user(opponent)
            await created.send(f"{interaction.user.mention} vs {opponent.mention}")
            await interaction.followup.send(f"thread {created.id}")

        @self.tree.command(name="board", description="Send the board image, then a deferred one")
        async def board(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("now", file=discord.File(io.BytesIO(PNG), "now.png"))
            sent = await interaction.followup.send(
                "log", file=discord.File(io.BytesIO(b"log"), "log.txt"), wait=True
            )
            await sent.edit(content="log v2")

        @self.tree.command(name="abandon", description="Admins only")
        @app_commands.default_permissions(administrator=True)
        @app_commands.guild_only()
        async def abandon(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("abandoned")

        @self.tree.command(name="where", description="Say where we are")
        async def where(interaction: discord.Interaction) -> None:
            channel = interaction.channel
            await interaction.response.send_message(
                f"{type(channel).__name__}:{getattr(channel, 'name', None)}"
            )


@pytest.fixture
def world(emu: Emulator) -> dict[str, Any]:
    """A guild with #games, alice (admin, Spanish client), bob and a DM-less carol."""
    guild = emu.create_guild("Test Guild")
    games = emu.create_channel(guild.id, "games")
    alice = emu.create_user("alice", locale="es-ES")
    bob = emu.create_user("bob")
    carol = emu.create_user("carol")
    for user in (alice, bob, carol):
        emu.add_member(guild.id, user.id, admin=user is alice)
    return {"guild": guild, "games": games, "alice": alice, "bob": bob, "carol": carol}


async def test_login_ready_and_guild_create(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    bot = await run(Bot())
    guild = bot.get_guild(world["guild"].id)
    assert guild is not None and guild.name == "Test Guild"
    assert {c.name for c in guild.text_channels} == {"general", "games"}
    assert guild.member_count == len(guild.members) == 5  # bot, owner, alice, bob, carol
    assert guild.chunked
    assert guild.get_member(world["alice"].id).guild_permissions.administrator
    assert not guild.get_member(world["bob"].id).guild_permissions.administrator
    routes = [r.route for r in emu.requests]
    assert routes[:2] == ["GET /users/@me", "GET /oauth2/applications/@me"]
    assert "PUT /applications/{app_id}/commands" in routes
    assert emu.identify_count == 1 and emu.unknown_requests == []


async def test_command_sync_echoes_ids(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    bot = await run(Bot())
    synced = {c.name: c.id for c in bot.synced}
    assert set(synced) == {
        "game",
        "many",
        "panel",
        "private",
        "dm",
        "slow",
        "later",
        "twice",
        "thread",
        "board",
        "abandon",
        "where",
    }
    assert all(len(str(cmd_id)) >= 17 for cmd_id in synced.values())  # real snowflakes
    fetched = {c.name: c.id for c in await bot.tree.fetch_commands()}
    assert fetched == synced
    again = {c.name: c.id for c in await bot.tree.sync()}
    assert again == synced  # bulk overwrite keeps ids of surviving names
    guild_cmds = await bot.tree.sync(guild=discord.Object(world["guild"].id))
    assert guild_cmds == []


async def test_slash_group_subcommand_with_member_option(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    bot = await run(Bot())
    it = await emu.slash(
        world["alice"].id, world["games"], "game new", {"game": "canyon", "opponent": world["bob"].id}
    )
    messages = await it.wait_done()
    assert it.callback_type == 4 and not it.ephemeral
    assert [m.content for m in messages] == ["canyon vs bob (admin=True, es-ES)"]
    assert messages[0].type == 20 and messages[0].interaction_id == it.id
    assert "members" in it.data["resolved"] and str(world["bob"].id) in it.data["resolved"]["users"]
    await emu.wait_for(
        lambda: any(kind == "message" for kind, _ in bot.seen)
    )  # MESSAGE_CREATE for its own reply
    it2 = await emu.slash(world["bob"].id, world["games"], "game new", {"game": "canyon"}, locale="en-GB")
    assert [m.content for m in await it2.wait_done()] == ["canyon vs the AI (admin=False, en-GB)"]


async def test_unregistered_or_invalid_commands_are_refused(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    await run(Bot())
    with pytest.raises(CommandUnavailable, match="not registered"):
        await emu.slash(world["alice"].id, world["games"], "nope")
    with pytest.raises(CommandUnavailable, match="subcommand"):
        await emu.slash(world["alice"].id, world["games"], "game old", {"game": "x"})
    with pytest.raises(ValueError, match="required"):
        await emu.slash(world["alice"].id, world["games"], "game new", {})
    with pytest.raises(ValueError, match="unknown options"):
        await emu.slash(world["alice"].id, world["games"], "game new", {"game": "x", "colour": "red"})


async def test_persistent_view_button_on_a_message_from_before_a_restart(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    button = {"type": 2, "style": 1, "label": "Press", "custom_id": "persist:press"}
    old = await emu.post_message(
        world["games"], emu.bot.id, "panel", components=[{"type": 1, "components": [button]}]
    )
    bot = await run(Bot())
    it = await emu.click(world["bob"].id, old.id, "persist:press")
    messages = await it.wait_done()
    assert it.callback_type == 7 and messages == [old]
    assert emu.messages(world["games"])[-1].content == "pressed by bob"
    await emu.wait_for(lambda: ("raw_edit", old.id) in bot.seen)  # MESSAGE_UPDATE dispatched
    with pytest.raises(ValueError, match="no such component"):
        await emu.click(world["bob"].id, old.id, "persist:missing")


async def test_dynamic_item_click_answers_ephemerally(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    button = {"type": 2, "style": 2, "label": "My hand", "custom_id": "hand:42"}
    msg = await emu.post_message(
        world["games"], emu.bot.id, "table 42", components=[{"type": 1, "components": [button]}]
    )
    await run(Bot())
    it = await emu.click(world["bob"].id, msg.id, "hand:42")
    [reply] = await it.wait_done()
    assert it.callback_type == 5 and it.ephemeral and reply.ephemeral and not reply.loading
    assert reply.content == "hand of table 42" and reply.ephemeral_to == world["bob"].id
    assert reply in emu.visible_to(world["bob"].id)
    assert reply not in emu.visible_to(world["alice"].id)
    assert reply not in emu.messages(world["games"])


async def test_select_with_deferred_update_and_original_edit(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    select = {
        "type": 3,
        "custom_id": "pick",
        "min_values": 1,
        "max_values": 2,
        "options": [{"label": x, "value": x} for x in "abc"],
    }
    msg = await emu.post_message(
        world["games"], emu.bot.id, "choose", components=[{"type": 1, "components": [select]}]
    )
    await run(Bot())
    with pytest.raises(ValueError, match="not among the options"):
        await emu.select(world["bob"].id, msg.id, "pick", ["z"])
    it = await emu.select(world["bob"].id, msg.id, "pick", ["a", "c"])
    await it.wait_done()
    assert it.callback_type == 6
    assert emu.messages(world["games"])[-1].content == "picked a,c"


async def test_modal_roundtrip(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    bot = await run(Bot())
    panel = await emu.slash(world["bob"].id, world["games"], "panel")
    [msg] = await panel.wait_done()
    assert msg.custom_ids == ["persist:press", "persist:ask"]
    opened = await emu.click(world["bob"].id, msg.id, "persist:ask")
    kind, data = await opened.wait_response()
    assert kind == 9 and data["title"] == "Question"
    with pytest.raises(ValueError, match="required"):
        await emu.submit_modal(world["bob"].id, world["games"], data["custom_id"], {"answer": ""})
    it = await emu.submit_modal(world["bob"].id, world["games"], data["custom_id"], {"answer": "forty-two"})
    [reply] = await it.wait_done()
    assert reply.content == "you said forty-two" and reply.ephemeral
    assert it.payload["message"]["id"] == str(msg.id)  # submitted from a component: carries the message
    assert bot.is_ready()


async def test_autocomplete_returns_choices_and_enforces_25(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    await run(Bot())
    choices = await emu.autocomplete(
        world["bob"].id, world["games"], "game new", {"game": "c"}, focused="game"
    )
    assert choices == [{"name": "Canyon", "value": "canyon"}, {"name": "Clickwars", "value": "clickwars"}]
    it = emu.interactions[-1]
    assert it.data["options"][0]["options"][0] == {"name": "game", "type": 3, "value": "c", "focused": True}
    with pytest.raises(InteractionFailed) as info:
        await emu.autocomplete(world["bob"].id, world["games"], "many", {"item": ""}, focused="item")
    assert info.value.record.error == (400, 50035) and info.value.record.choices is None


async def test_defer_then_followups_first_edits_loading_message(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    await run(Bot())
    it = await emu.slash(world["bob"].id, world["games"], "private")
    [first] = await it.wait_done()
    assert it.callback_type == 5 and it.ephemeral
    assert first.content == "secret" and first.ephemeral and not first.loading
    assert first.id == it.original_id  # the loading message itself was edited
    await emu.wait_for(lambda: len(it.messages) == 2)
    second = it.messages[1]
    assert second.content == "public news" and not second.ephemeral
    assert [m.content for m in emu.messages(world["games"])] == ["public news"]


async def test_multipart_upload_edit_keep_list_and_cdn(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    bot = await run(Bot())
    channel = bot.get_channel(world["games"])
    sent = await channel.send(
        "board",
        files=[discord.File(io.BytesIO(PNG), "board.png"), discord.File(io.BytesIO(b"log"), "log.txt")],
    )
    record = emu.messages(world["games"])[-1]
    assert [(a.filename, a.data) for a in record.attachments] == [("board.png", PNG), ("log.txt", b"log")]
    assert (sent.attachments[0].width, sent.attachments[0].height) == (3, 2)
    assert await sent.attachments[1].read() == b"log"
    edited = await sent.edit(attachments=[sent.attachments[0], discord.File(io.BytesIO(b"v2"), "log.txt")])
    assert [a.filename for a in edited.attachments] == ["board.png", "log.txt"]
    assert [a.data for a in record.attachments] == [PNG, b"v2"] and record.edits == 1
    request = [r for r in emu.requests if r.method == "PATCH"][-1]
    assert [int(a["id"]) for a in request.json["attachments"]] == [
        sent.attachments[0].id,
        0,
    ]  # keep + files[0]
    assert [f.filename for f in request.files] == ["log.txt"]
    await sent.edit(content="text only")
    assert [a.filename for a in record.attachments] == ["board.png", "log.txt"]  # no attachments key: kept


async def test_dm_and_closed_dms(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    bot = await run(Bot())
    it = await emu.slash(world["bob"].id, world["games"], "dm")
    assert [m.content for m in await it.wait_done()] == ["sent"]
    assert [m.content for m in emu.dm_messages(world["bob"].id)] == ["your hand"]
    emu.deny_dms(world["carol"].id)
    it = await emu.slash(world["carol"].id, world["games"], "dm")
    assert [m.content for m in await it.wait_done()] == ["DMs closed (50007)"]
    assert isinstance(bot.errors[-1], discord.Forbidden) and bot.errors[-1].status == 403
    assert emu.dm_channel_of(world["carol"].id) is not None and emu.dm_messages(world["carol"].id) == []
    emu.allow_dms(world["carol"].id)
    await bot.get_user(world["carol"].id).send("now open")
    assert [m.content for m in emu.dm_messages(world["carol"].id)] == ["now open"]


async def test_enforced_nonce_creates_one_message(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    bot = await run(Bot())
    channel = bot.get_channel(world["games"])
    first = await channel.send("turn 3", nonce="outbox-17")  # discord.py sends enforce_nonce with a nonce
    again = await channel.send("turn 3", nonce="outbox-17")
    other = await channel.send("turn 4", nonce="outbox-18")
    assert again.id == first.id and other.id != first.id
    assert [m.content for m in emu.messages(world["games"]) if m.author_id == emu.bot.id] == [
        "turn 3",
        "turn 4",
    ]
    emu.advance_clock(301)  # outside Discord's "past few minutes" window the nonce is free again
    late = await channel.send("turn 3", nonce="outbox-17")
    assert late.id != first.id


async def test_dm_to_user_sharing_no_guild_fails(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    bot = await run(Bot())
    stranger = emu.create_user("stranger")
    user = await bot.fetch_user(stranger.id)
    with pytest.raises(discord.Forbidden) as info:
        await user.send("hi")
    assert info.value.code == 50007


async def test_rate_limited_with_via_is_retried(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    bot = await run(Bot())
    emu.fail_next("POST", "/channels/*/messages", status=429, retry_after=0.05, via=True)
    await bot.get_channel(world["games"]).send("after a retry")
    posts = [r for r in emu.requests if r.route == "POST /channels/{channel_id}/messages"]
    assert [r.status for r in posts] == [429, 200]
    assert [m.content for m in emu.messages(world["games"])] == ["after a retry"]


async def test_rate_limited_without_via_raises(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    bot = await run(Bot())
    emu.fail_next("POST", "/channels/*/messages", status=429, via=False)
    with pytest.raises(discord.HTTPException) as info:
        await bot.get_channel(world["games"]).send("never")
    assert info.value.status == 429
    assert emu.messages(world["games"]) == []


async def test_route_bucket_headers_make_the_client_wait(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    bot = await run(Bot())
    emu.set_rate_limit("POST", "/channels/*/messages", limit=2, window=0.2)
    channel = bot.get_channel(world["games"])
    for n in range(3):
        await channel.send(f"m{n}")
    posts = [r for r in emu.requests if r.route == "POST /channels/{channel_id}/messages"]
    assert [r.status for r in posts] == [200, 200, 200]  # X-RateLimit-Remaining: 0 made discord.py pause
    assert posts[2].time - posts[0].time >= 0.15


async def test_route_bucket_is_enforced_with_429(emu: Emulator, world: dict[str, Any]) -> None:
    emu.set_rate_limit("POST", "/channels/*/messages", limit=1, window=5)
    url = f"{emu.api_base}/channels/{world['games']}/messages"
    headers = {"Authorization": f"Bot {emu.token}"}
    async with aiohttp.ClientSession() as session:
        async with session.post(url, json={"content": "a"}, headers=headers) as first:
            assert first.status == 200 and first.headers["X-RateLimit-Remaining"] == "0"
        async with session.post(url, json={"content": "b"}, headers=headers) as second:
            body = await second.json()
            assert second.status == 429 and second.headers["Via"] and 0 < body["retry_after"] <= 5
        async with session.post(url, json={"content": "c"}) as anonymous:
            assert anonymous.status == 401


async def test_late_initial_response_is_unknown_interaction(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    """Late on the emulator's deadline clock (stopped in tests), not on the wall clock: deterministic."""
    bot = await run(Bot())
    it = await emu.slash(world["bob"].id, world["games"], "slow")
    emu.advance_clock(2.9)
    assert it.age == pytest.approx(2.9)  # still in time: only advance_clock moves the deadline clock
    emu.advance_clock(0.6)
    bot.gate.set()
    # the emulator answers before the client reads it
    await emu.wait_for(lambda: it.error and bot.errors, timeout=30)
    assert it.error == (404, 10062) and it.callback_type is None
    assert isinstance(bot.errors[-1], discord.NotFound) and bot.errors[-1].code == 10062


async def test_followup_after_fifteen_minutes_is_refused(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    bot = await run(Bot())
    it = await emu.slash(world["bob"].id, world["games"], "later")
    await it.wait_response()
    emu.advance_clock(15 * 60 + 1)
    bot.gate.set()
    # the emulator answers before the client reads it
    await emu.wait_for(lambda: it.error and bot.errors, timeout=30)
    assert it.error == (401, 50027) and not it.done
    assert bot.errors[-1].status == 401


async def test_second_initial_response_is_refused(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    bot = await run(Bot())
    it = await emu.slash(world["bob"].id, world["games"], "twice")
    await it.wait_done()
    await emu.wait_for(lambda: bot.errors)
    assert bot.errors[-1].code == 40060 and [m.content for m in it.messages] == ["once"]


async def test_disconnect_then_resume_replays_missed_events(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    bot = await run(Bot())
    await emu.disconnect()
    assert emu.gateway.connected == []
    it = await emu.slash(world["bob"].id, world["games"], "game new", {"game": "canyon"})
    assert [m.content for m in await it.wait_done()] == ["canyon vs the AI (admin=False, en-US)"]
    await emu.wait_for(lambda: ("resumed", None) in bot.seen)
    assert emu.identify_count == 1 and emu.resume_count == 1
    assert emu.gateway.replayed == ["INTERACTION_CREATE"]


async def test_invalid_session_makes_the_client_identify_again(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    await run(Bot())
    await emu.invalidate()
    await emu.wait_for(lambda: emu.identify_count == 2 and emu.gateway.connected)
    it = await emu.slash(world["bob"].id, world["games"], "game new", {"game": "x"})
    assert len(await it.wait_done()) == 1


async def test_thread_creation_members_and_interaction_inside(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    bot = await run(Bot())
    it = await emu.slash(world["alice"].id, world["games"], "thread", {"opponent": world["bob"].id})
    [reply] = await it.wait_done()
    [thread_id] = emu.threads(world["games"])
    assert reply.content == f"thread {thread_id}" and reply.ephemeral
    assert emu.thread_members(thread_id) == {emu.bot.id, world["bob"].id, world["alice"].id}
    await emu.wait_for(lambda: any(kind == "thread" for kind, _ in bot.seen))
    assert [m.type for m in emu.messages(world["games"])] == [18]  # "started a thread" notice
    assert [m.mentions for m in emu.messages(thread_id)] == [[world["alice"].id, world["bob"].id]]
    where = await emu.slash(world["bob"].id, thread_id, "where")
    assert [m.content for m in await where.wait_done()] == ["Thread:canyon-1"]


async def test_unknown_route_is_404_and_recorded(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    bot = await run(Bot())
    with pytest.raises(discord.NotFound):
        await bot.http.request(discord.http.Route("GET", "/voice/regions"))
    [unknown] = emu.unknown_requests
    assert (unknown.method, unknown.path, unknown.status) == ("GET", "/voice/regions", 404)


async def test_invalid_message_bodies_are_rejected_like_discord(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    bot = await run(Bot())
    channel = bot.get_channel(world["games"])
    with pytest.raises(discord.HTTPException) as info:
        await channel.send("x" * 2001)
    assert info.value.code == 50035 and "2000" in info.value.text
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="a", custom_id="same"))
    view.add_item(discord.ui.Button(label="b", custom_id="same"))
    with pytest.raises(discord.HTTPException, match="duplicated"):
        await channel.send("dup", view=view)
    with pytest.raises(discord.HTTPException) as info:
        await channel.send("")
    assert info.value.code == 50006
    assert emu.messages(world["games"]) == []


async def test_wait_for_message_sees_edits(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    bot = await run(Bot())
    channel = bot.get_channel(world["games"])
    sent = await channel.send("turn 1")
    waiter = asyncio.create_task(emu.wait_for_message(world["games"], lambda m: "2" in m.content))
    await sent.edit(content="turn 2")
    snap: MessageRecord = await waiter
    assert snap.content == "turn 2" and snap.edits == 1
    await sent.edit(content="turn 3")
    assert snap.content == "turn 2"  # a snapshot, not the live record


async def test_user_messages_without_message_content_intent_arrive_empty(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    bot = await run(Bot())
    await emu.post_message(world["games"], world["bob"].id, "hello bot")
    await emu.wait_for(lambda: any(kind == "message" for kind, _ in bot.seen))
    message = next(m for kind, m in bot.seen if kind == "message")
    assert message.author.id == world["bob"].id and message.content == ""


async def test_thread_from_a_message_reuses_its_id_and_reopens_when_archived(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    bot = await run(Bot())
    channel = bot.get_channel(world["games"])
    starter = await channel.send("game 7")
    thread = await starter.create_thread(name="game-7")
    assert thread.id == starter.id and emu.threads(world["games"]) == [starter.id]
    assert emu.messages(world["games"])[0].thread_id == thread.id
    await thread.edit(archived=True)
    assert emu.store.channels[thread.id].archived
    await thread.send("move")
    assert not emu.store.channels[thread.id].archived  # sending reopened it
    assert [m.content for m in emu.messages(thread.id)] == ["move"]


async def test_fetch_history_pins_and_typing(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    bot = await run(Bot())
    channel = bot.get_channel(world["games"])
    first = await channel.send("one")
    await channel.send("two")
    async with channel.typing():
        pass
    assert (await channel.fetch_message(first.id)).content == "one"
    assert [m.content async for m in channel.history(limit=10)] == ["two", "one"]
    await first.pin()
    assert [m.id async for m in channel.pins()] == [first.id]
    fetched = await bot.fetch_channel(world["games"])
    assert fetched.name == "games"
    await first.delete()
    assert [m.content for m in emu.messages(world["games"])] == ["two"]
    assert emu.unknown_requests == []


async def test_button_in_a_dm(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    bot = await run(Bot())
    user = await bot.fetch_user(world["bob"].id)
    await user.send("route?", view=PersistentView())
    [dm] = emu.dm_messages(world["bob"].id)
    it = await emu.click(world["bob"].id, dm.id, "persist:press")
    await it.wait_done()
    assert it.payload["context"] == 1 and "user" in it.payload and "guild_id" not in it.payload
    assert [m.content for m in emu.dm_messages(world["bob"].id)] == ["pressed by bob"]
    with pytest.raises(ValueError, match="cannot see"):
        await emu.click(world["alice"].id, dm.id, "persist:press")


async def test_scripted_callback_failure_is_seen_by_bot_and_record(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    await run(Bot())
    emu.fail_next("POST", "/interactions/*/*/callback", status=404, code=10062)
    it = await emu.slash(world["bob"].id, world["games"], "panel")
    await emu.wait_for(lambda: it.error)
    assert it.error == (404, 10062) and it.callback_type is None and emu.messages(world["games"]) == []
    it2 = await emu.slash(world["bob"].id, world["games"], "panel")
    assert [m.content for m in await it2.wait_done()] == ["panel"]  # only the next one failed


async def test_heartbeats_are_acknowledged(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    bot = await run(Bot())
    await emu.wait_for(lambda: bot.latency != float("inf"))
    assert emu.gateway.count(1) >= 1 and bot.latency < 5


async def test_auto_sharded_client_uses_gateway_bot(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    intents = discord.Intents.default()
    bot = await run(discord.AutoShardedClient(intents=intents, guild_ready_timeout=0.05))
    assert bot.shard_count == 1 and bot.get_guild(world["guild"].id) is not None
    assert "GET /gateway/bot" in [r.route for r in emu.requests]
    guild = bot.get_guild(world["guild"].id)
    assert guild.member_count == 5 and len(guild.members) == 1  # without GUILD_MEMBERS only the bot is sent


async def test_files_in_the_initial_response_and_in_follow_ups(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    await run(Bot())
    it = await emu.slash(world["bob"].id, world["games"], "board")
    await emu.wait_for(lambda: len(it.messages) == 2 and it.messages[1].edits == 1)
    first, second = it.messages
    assert (first.content, [(a.filename, a.data) for a in first.attachments]) == ("now", [("now.png", PNG)])
    assert (second.content, [(a.filename, a.data) for a in second.attachments]) == (
        "log v2",
        [("log.txt", b"log")],
    )
    callback = next(r for r in emu.requests if r.route and r.route.endswith("/callback"))
    assert callback.json["type"] == 4 and [f.filename for f in callback.files] == ["now.png"]


async def test_command_permissions_and_contexts_are_enforced(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    await run(Bot())
    with pytest.raises(CommandUnavailable, match="permissions"):
        await emu.slash(world["bob"].id, world["games"], "abandon")
    it = await emu.slash(world["alice"].id, world["games"], "abandon")
    assert [m.content for m in await it.wait_done()] == ["abandoned"]
    dm = emu.open_dm(world["bob"].id)
    with pytest.raises(CommandUnavailable, match="DMs"):
        await emu.slash(world["bob"].id, dm, "abandon")
    where = await emu.slash(world["bob"].id, dm, "where")
    assert [m.content for m in await where.wait_done()] == ["DMChannel:None"]


class SpanishTranslator(app_commands.Translator):
    """Translates command names to Spanish; `bad` produces a name Discord rejects."""

    def __init__(self, bad: bool) -> None:
        self.bad = bad

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        if (
            locale is not discord.Locale.spain_spanish
            or context.location is not app_commands.TranslationContextLocation.command_name
        ):
            return None
        return "Nueva Partida" if self.bad else "nueva"


@pytest.mark.parametrize("bad", [False, True])
async def test_localized_command_names_are_validated_on_sync(
    emu: Emulator, world: dict[str, Any], bad: bool
) -> None:
    client = discord.Client(intents=discord.Intents.default())
    tree = app_commands.CommandTree(client)

    @tree.command(name=app_commands.locale_str("new", key="cmd.new"), description="New game")
    async def new(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok")

    await client.login(emu.token)
    await tree.set_translator(SpanishTranslator(bad))
    try:
        if bad:
            with pytest.raises(discord.HTTPException) as info:
                await tree.sync()
            assert info.value.code == 50035 and "name_localizations" in info.value.text
        else:
            [cmd] = await tree.sync()
            assert cmd.name_localizations == {discord.Locale.spain_spanish: "nueva"}
    finally:
        await client.close()
    with pytest.raises(ValueError, match="not a Discord locale"):
        await emu.slash(world["alice"].id, world["games"], "new", locale="es")


BOT_SCRIPT = """
import asyncio, sys
import discord, yarl
from discord import app_commands

discord.http.Route.BASE = sys.argv[1]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])


class Panel(discord.ui.View):
    def __init__(self):
        super().__init__(timeout=None)

    @discord.ui.button(label="Press", custom_id="persist:press")
    async def press(self, interaction, button):
        await interaction.response.edit_message(content="pressed after restart " + sys.argv[4])


class Bot(discord.Client):
    def __init__(self):
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)

        @self.tree.command(name="panel", description="Post the panel")
        async def panel(interaction):
            await interaction.response.send_message("panel", view=Panel())

    async def setup_hook(self):
        self.add_view(Panel())
        await self.tree.sync()


asyncio.run(Bot().start(sys.argv[3]))
"""


async def test_bot_process_killed_hard_and_restarted(emu: Emulator, world: dict[str, Any]) -> None:
    async def spawn(generation: str) -> asyncio.subprocess.Process:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            BOT_SCRIPT,
            emu.api_base,
            emu.gateway_url,
            emu.token,
            generation,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )

    first = await spawn("1")
    try:
        await emu.wait_for(lambda: emu.gateway.connected and emu.store.global_commands, timeout=20)
        it = await emu.slash(world["bob"].id, world["games"], "panel")
        [panel] = await it.wait_done(timeout=10)
    finally:
        first.kill()  # SIGKILL: no close frame, no cleanup
        await first.wait()
    await emu.wait_for(lambda: not emu.gateway.connected)
    second = await spawn("2")
    try:
        await emu.wait_for(lambda: emu.identify_count == 2 and emu.gateway.connected, timeout=20)
        await emu.wait_for(lambda: len([r for r in emu.requests if r.method == "PUT"]) == 2, timeout=20)
        click = await emu.click(world["alice"].id, panel.id, "persist:press")
        await click.wait_done(timeout=10)
        assert emu.messages(world["games"])[-1].content == "pressed after restart 2"
    finally:
        second.kill()
        await second.wait()


async def test_an_emulator_bug_fails_fast_and_is_reported(emu: Emulator) -> None:
    async def broken(call: Any) -> None:
        raise KeyError("oops")

    route = next(r for r in emu.api.routes if r.template == "/gateway")
    route.handler = broken
    async with aiohttp.ClientSession() as session, session.get(f"{emu.api_base}/gateway") as response:
        assert response.status == 400 and "emulator internal error" in (await response.json())["message"]
    assert [type(e) for e in emu.internal_errors] == [KeyError]
    emu.internal_errors.clear()  # the fixture asserts none are left


# --- what Discord documents and the bot relies on (issue 15 item 10) ----------------------------------------


async def raw(
    emu: Emulator, method: str, path: str, *, json: Any = None, data: Any = None, auth: bool = True
) -> tuple[int, dict[str, Any]]:
    """One request as any client could send it (discord.py never sends some of these bodies)."""
    headers = {"Authorization": f"Bot {emu.token}"} if auth else {}
    async with aiohttp.ClientSession() as session:
        async with session.request(method, emu.api_base + path, json=json, data=data, headers=headers) as r:
            return r.status, (await r.json() if r.status != 204 else {})


def form_errors(body: dict[str, Any], *path: str) -> list[dict[str, str]]:
    """The `_errors` of an Invalid Form Body (400 50035) at a field path."""
    assert body["code"] == 50035 and body["message"] == "Invalid Form Body", body
    node = body["errors"]
    for part in path:
        node = node[part]
    return node["_errors"]


async def test_a_deferred_response_accepts_only_the_ephemeral_flag(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    """Discord: a type-5 (deferred) callback's data may set only EPHEMERAL (64); anything else is a 400."""
    bot = await run(Bot())
    it = await emu.slash(world["bob"].id, world["games"], "slow")  # the bot waits: the test answers
    callback = f"/interactions/{it.id}/{it.token}/callback"
    for flags in (1 << 2, 1 << 12, 64 | (1 << 15)):  # suppress embeds, suppress notifications, v2
        status, body = await raw(
            emu, "POST", callback, json={"type": 5, "data": {"flags": flags}}, auth=False
        )
        assert status == 400 and form_errors(body, "data", "flags")[0]["message"].startswith(
            "Only the EPHEMERAL"
        )
    assert it.callback_type is None and it.errors[-1] == (400, 50035)
    status, _ = await raw(emu, "POST", callback, json={"type": 5, "data": {"flags": 64}}, auth=False)
    assert status in (200, 204) and it.callback_type == 5 and it.ephemeral and it.messages[0].loading
    bot.gate.set()
    await emu.wait_for(lambda: bot.errors)  # the bot's own late answer: already acknowledged
    assert bot.errors[-1].code == 40060


async def test_thread_types_and_archive_durations_are_checked(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    """Discord: auto_archive_duration is one of 60, 1440, 4320, 10080 minutes; a thread started without
    a message is 11 (public) or 12 (private) in a text channel (10 only in announcement channels)."""
    bot = await run(Bot())
    games = world["games"]
    for minutes in (60, 1440, 4320, 10080):
        data = await bot.http.start_thread_without_message(
            games, name=f"t{minutes}", auto_archive_duration=minutes, type=11
        )
        assert data["thread_metadata"]["auto_archive_duration"] == minutes and data["type"] == 11
    for bad in (0, 30, 1000, 10081):
        status, body = await raw(
            emu,
            "POST",
            f"/channels/{games}/threads",
            json={"name": "x", "type": 11, "auto_archive_duration": bad},
        )
        assert status == 400
        [error] = form_errors(body, "auto_archive_duration")
        assert error["code"] == "BASE_TYPE_CHOICES" and "60, 1440, 4320, 10080" in error["message"]
    for kind in (0, 10, 13, 15):  # a text channel, an announcement thread here, not threads at all
        status, body = await raw(emu, "POST", f"/channels/{games}/threads", json={"name": "x", "type": kind})
        assert status == 400 and form_errors(body, "type")[0]["code"] == "BASE_TYPE_CHOICES"
    with pytest.raises(discord.HTTPException) as info:  # what discord.py raises for it
        await bot.http.start_thread_without_message(games, name="x", auto_archive_duration=42, type=11)
    assert info.value.status == 400 and info.value.code == 50035
    status, private = await raw(emu, "POST", f"/channels/{games}/threads", json={"name": "p"})
    assert status == 200 and private["type"] == 12  # no type: Discord's default is a private thread
    starter = await bot.get_channel(games).send("start here")
    status, body = await raw(
        emu,
        "POST",
        f"/channels/{games}/messages/{starter.id}/threads",
        json={"name": "m", "auto_archive_duration": 7},
    )
    assert status == 400 and form_errors(body, "auto_archive_duration")
    thread = int(private["id"])
    status, body = await raw(emu, "PATCH", f"/channels/{thread}", json={"auto_archive_duration": 2})
    assert status == 400 and form_errors(body, "auto_archive_duration")
    status, body = await raw(emu, "PATCH", f"/channels/{thread}", json={"auto_archive_duration": 4320})
    assert status == 200 and body["thread_metadata"]["auto_archive_duration"] == 4320
    assert len(emu.threads(games)) == 5  # the four durations and the private one; nothing refused was made


async def test_allowed_mentions_parse_users_and_a_users_list_are_mutually_exclusive(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    await run(Bot())
    bob = world["bob"].id
    path = f"/channels/{world['games']}/messages"
    for kind, ids in (("users", [str(bob)]), ("roles", [str(world["guild"].id)])):
        status, body = await raw(
            emu, "POST", path, json={"content": f"<@{bob}>", "allowed_mentions": {"parse": [kind], kind: ids}}
        )
        assert status == 400
        [error] = form_errors(body, "allowed_mentions")
        assert error == {
            "code": "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
            "message": f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.',
        }
    assert emu.messages(world["games"]) == []
    # Discord: an empty list (or null) beside parse is no error; the explicit list alone pings its users
    status, _ = await raw(
        emu,
        "POST",
        path,
        json={"content": f"<@{bob}>", "allowed_mentions": {"parse": ["users"], "users": []}},
    )
    status2, _ = await raw(
        emu, "POST", path, json={"content": f"<@{bob}>", "allowed_mentions": {"users": [str(bob)]}}
    )
    assert (status, status2) == (200, 200)
    assert [m.mentions for m in emu.messages(world["games"])] == [[bob], [bob]]
    it = await emu.slash(world["bob"].id, world["games"], "slow")
    status, body = await raw(
        emu,
        "POST",
        f"/interactions/{it.id}/{it.token}/callback",
        json={
            "type": 4,
            "data": {"content": "x", "allowed_mentions": {"parse": ["users"], "users": [str(bob)]}},
        },
        auth=False,
    )
    assert status == 400 and form_errors(body, "data", "allowed_mentions")  # in interaction answers too


async def test_a_nonce_longer_than_25_characters_is_refused(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    bot = await run(Bot())
    channel = bot.get_channel(world["games"])
    with pytest.raises(discord.HTTPException) as info:
        await channel.send("turn 3", nonce="n" * 26)
    assert info.value.status == 400 and info.value.code == 50035
    status, body = await raw(
        emu, "POST", f"/channels/{world['games']}/messages", json={"content": "x", "nonce": "n" * 26}
    )
    assert status == 400 and form_errors(body, "nonce") == [
        {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 25 or fewer in length."}
    ]
    assert emu.messages(world["games"]) == []
    sent = await channel.send("turn 3", nonce="n" * 25)
    assert [m.id for m in emu.messages(world["games"])] == [sent.id]


async def test_every_uploaded_file_needs_a_filename(emu: Emulator, run: Any, world: dict[str, Any]) -> None:
    await run(Bot())
    path = f"/channels/{world['games']}/messages"

    def form(payload: dict[str, Any], filename: str | None) -> aiohttp.MultipartWriter:
        """multipart/form-data by hand: aiohttp's FormData names a bytes part after its field."""
        writer = aiohttp.MultipartWriter("form-data")
        writer.append_json(payload).set_content_disposition("form-data", name="payload_json")
        part = writer.append(PNG, {"Content-Type": "image/png"})
        named = {"filename": filename} if filename else {}
        part.set_content_disposition("form-data", name="files[0]", **named)
        return writer

    status, body = await raw(emu, "POST", path, data=form({"content": "board"}, None))
    assert (
        status == 400 and form_errors(body, "attachments", "0", "filename")[0]["code"] == "BASE_TYPE_REQUIRED"
    )
    entry = {"content": "board", "attachments": [{"id": 0, "filename": "board.png"}]}
    status, body = await raw(emu, "POST", path, data=form(entry, None))  # named by its attachments entry
    assert status == 200 and [a["filename"] for a in body["attachments"]] == ["board.png"]
    assert body["attachments"][0]["content_type"] == "image/png"
    status, body = await raw(emu, "POST", path, data=form({"content": "board"}, "b.png"))  # by its part
    assert status == 200 and [a["filename"] for a in body["attachments"]] == ["b.png"]
    assert len(emu.messages(world["games"])) == 2


async def test_an_edit_keeps_only_the_attachments_it_lists(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    """Discord (API v10): an edit's `attachments` array is everything the message keeps, old and new; an
    upload it does not list is not attached; without the field, uploads are appended."""
    bot = await run(Bot())
    channel = bot.get_channel(world["games"])
    sent = await channel.send(
        "board", files=[discord.File(io.BytesIO(PNG), "a.png"), discord.File(io.BytesIO(b"log"), "b.txt")]
    )
    record = emu.messages(world["games"])[-1]
    a, b = (att.id for att in sent.attachments)
    path = f"/channels/{world['games']}/messages/{sent.id}"

    def form(payload: dict[str, Any]) -> aiohttp.FormData:
        data = aiohttp.FormData()
        data.add_field("payload_json", json_dumps(payload), content_type="application/json")
        data.add_field("files[0]", b"new", filename="c.txt", content_type="text/plain")
        data.add_field("files[1]", b"unlisted", filename="d.txt", content_type="text/plain")
        return data

    status, body = await raw(emu, "PATCH", path, data=form({"attachments": [{"id": str(a)}, {"id": 0}]}))
    assert status == 200 and [x["filename"] for x in body["attachments"]] == ["a.png", "c.txt"]
    assert [x.filename for x in record.attachments] == ["a.png", "c.txt"]  # b dropped, d never attached
    assert b not in [x.id for x in record.attachments]
    status, body = await raw(emu, "PATCH", path, data=form({"content": "more"}))  # no list: appended
    assert [x["filename"] for x in body["attachments"]] == ["a.png", "c.txt", "c.txt", "d.txt"]
    edited = await sent.edit(attachments=[])  # discord.py's way to remove them all
    assert edited.attachments == [] and record.attachments == []


async def test_a_modal_laid_out_with_label_components_round_trips(
    emu: Emulator, run: Any, world: dict[str, Any]
) -> None:
    """discord.ui.Label (type 18, discord.py >= 2.6): a label with a description above each input."""

    class Labelled(discord.ui.Modal, title="Move"):
        target = discord.ui.Label(
            text="Toward",
            description="A card or a figure",
            component=discord.ui.TextInput(custom_id="target"),
        )

        async def on_submit(self, interaction: discord.Interaction) -> None:
            box = self.target.component
            assert isinstance(box, discord.ui.TextInput)
            await interaction.response.send_message(f"toward {box.value}", ephemeral=True)

    bot = await run(Bot())

    @bot.tree.command(name="labelled", description="Open a modal of labels")
    async def labelled(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Labelled())

    await bot.tree.sync()
    opened = await emu.slash(world["bob"].id, world["games"], "labelled")
    kind, data = await opened.wait_response()
    assert kind == 9 and data["components"][0]["type"] == 18
    assert (
        data["components"][0]["label"] == "Toward"
        and data["components"][0]["description"] == "A card or a figure"
    )
    it = await emu.submit_modal(world["bob"].id, world["games"], data["custom_id"], {"target": "T5"})
    [reply] = await it.wait_done()
    assert reply.content == "toward T5" and it.payload["data"]["components"][0]["type"] == 18


def test_a_form_body_is_split_into_the_parts_aiohttp_reads() -> None:
    """The emulator's fast multipart path (issue 9 item 7: aiohttp's Content-Disposition parsing cost
    ~0.5 ms a part on the emulator's loop) gives each part's name, filename and bytes exactly; a
    part whose header it does not fully understand sends the whole body to aiohttp's reader."""
    from playground.emulator.http import _split_multipart

    png = b"\x89PNG\r\n\r\n" + bytes(range(256)) * 4

    def body(disposition: str) -> bytes:
        return (
            b"--xyz\r\nContent-Type: application/json\r\n"
            b'Content-Disposition: form-data; name="payload_json"\r\n\r\n{"content": "a\\r\\n--x"}\r\n'
            b"--xyz\r\nContent-Type: application/octet-stream\r\n"
            b"Content-Disposition: " + disposition.encode() + b"\r\n\r\n" + png + b"\r\n--xyz--\r\n"
        )

    parts = _split_multipart(
        'multipart/form-data; boundary="xyz"', body('form-data; name="files[0]"; filename="b é.png"')
    )
    assert parts == [("payload_json", None, b'{"content": "a\\r\\n--x"}'), ("files[0]", "b é.png", png)]
    assert (
        _split_multipart(
            "multipart/form-data; boundary=xyz", body("form-data; name=\"files[0]\"; filename*=utf-8''b.png")
        )
        is None
    )
    assert (
        _split_multipart("multipart/form-data; boundary=xyz", body('form-data; name="files[0]"')[:-9]) is None
    )
    # a header that is not UTF-8 (a Latin-1 file name) is aiohttp's to judge too, not an error here
    latin = body('form-data; name="files[0]"; filename="b_.png"').replace(b'"b_.png"', b'"b\xe9.png"')
    assert _split_multipart("multipart/form-data; boundary=xyz", latin) is None
