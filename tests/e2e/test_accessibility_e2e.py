"""Issue 29 end to end: every image carries its words (alt text), and `/board text` tells each reader
the whole position as they may know it, ephemeral, in their language."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest

from bot.app import TableroBot
from bot.games import presenter_for
from bot.panels import board_text_messages
from playground.emulator import Emulator
from tests.reliability.support import challenge

from .harness import World, my_hand, run, status_message, undescribed_images

pytestmark = pytest.mark.e2e
PNG = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00\x90wS\xde"
    b"\x00\x00\x00\x0cIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7V\xbd\xfa\x00\x00\x00\x00IEND\xaeB`\x82"
)


async def test_board_text_tells_each_reader_what_they_may_know(
    emu: Emulator, world: World, start: Any
) -> None:
    bot: TableroBot = await start()
    bot.tables.seeder = lambda: 6
    table, thread = await challenge(
        emu, bot, world.alice, world.bob, world.channel, game="canyon", side="marine"
    )
    loaded = await bot.tables.load(table)
    presenter = presenter_for("canyon")
    hand = loaded.state.hands["marine"]
    seen: dict[str, str] = {}
    for user, seat, lang in (
        (world.alice, "marine", "en"),
        (world.bob, "ork", "es"),
        (world.carol, None, "en"),
    ):
        replies = await run(await emu.slash(user, thread, "board text", {}))
        expected = board_text_messages(loaded.table, loaded.rules, presenter, loaded.state, seat, lang)
        assert [m.content for m in replies] == expected
        assert all(m.ephemeral and m.ephemeral_to == user for m in replies)
        assert all(len(m.content) <= 2000 for m in replies)
        seen[str(seat)] = "\n".join(m.content for m in replies)
    assert "Your hand" in seen["marine"] and "Tu mano" in seen["ork"] and "hand:" not in seen["None"]
    assert "as a spectator sees it" in seen["None"] and "The canyon: 8 steps" in seen["None"]
    assert "Paso 1:" in seen["ork"]  # Bob's client speaks Spanish
    # the Marine's own cards are named in her text only
    marine_cards = {f"{'A' if r == 1 else r}♦" for r in hand}
    assert any(card in seen["marine"] for card in marine_cards)
    assert not any(card in seen["None"].split("played")[0] for card in marine_cards)


async def test_every_image_has_its_words_and_they_tell_the_view(
    emu: Emulator, world: World, start: Any
) -> None:
    bot: TableroBot = await start()
    bot.tables.seeder = lambda: 6
    table, thread = await challenge(
        emu, bot, world.alice, world.bob, world.channel, game="canyon", side="marine"
    )
    await bot.delivery.wait_idle()
    status = status_message(emu, thread, table)
    assert status is not None and status.attachments
    public = status.attachments[0].description or ""
    # what just happened (the opening's narration), then whose turn, then the board
    news, turn = public.index("Canyon of Death: the Stormtalon dives"), public.index("Turn 1")
    assert news < turn < public.index("Step 1:") and len(public) <= 1024
    private = (await my_hand(emu, world.alice, thread, table)).attachments[0].description or ""
    assert private.startswith("Your hand:")  # the hand picture's words are the hand
    assert "hand:" not in public
    assert emu.store.message_files and not undescribed_images(emu)


async def test_the_alt_text_check_catches_an_image_without_words(emu: Emulator, world: World) -> None:
    """The check the e2e fixture runs after every test (harness.undescribed_images) can fail, and the
    emulator refuses a description over Discord's 1,024 characters like Discord does."""
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    from playground.emulator.discordpy import start_client, stop_client

    task = await start_client(emu, client)
    try:
        channel = client.get_channel(world.channel)
        assert isinstance(channel, discord.TextChannel)
        await channel.send(file=discord.File(io.BytesIO(PNG), "said.png", description="A board."))
        assert undescribed_images(emu) == []
        await channel.send(file=discord.File(io.BytesIO(PNG), "mute.png"))
        assert undescribed_images(emu) == ["mute.png"]
        with pytest.raises(discord.HTTPException) as refused:
            await channel.send(file=discord.File(io.BytesIO(PNG), "long.png", description="x" * 1025))
        assert refused.value.code == 50035
        emu.store.message_files.clear()  # this test's own images: the fixture's check is for the bot's
    finally:
        await stop_client(client, task)  # type: ignore[arg-type]


async def test_a_long_text_board_comes_in_several_messages(emu: Emulator, world: World, start: Any) -> None:
    """Sixty ClickWars units and the terrain take more than one Discord message: the first answers
    the command, the others follow it, every one ephemeral and cut between lines."""
    bot: TableroBot = await start()
    army = "[" + ",".join(['"rifleman"'] * 30) + "]"
    table, thread = await challenge(
        emu, bot, world.alice, world.bob, world.channel, game="clickwars", army_red=army, army_blue=army
    )
    loaded = await bot.tables.load(table)
    assert loaded.table.seat_of(world.carol) is None
    presenter = presenter_for("clickwars")
    expected = board_text_messages(loaded.table, loaded.rules, presenter, loaded.state, None, "en")
    assert len(expected) >= 2
    it = await emu.slash(world.carol, thread, "board text", {})
    await run(it)  # the first message answers; the others follow it
    replies = await emu.wait_for(lambda: it.messages if len(it.messages) >= len(expected) else None)
    assert [m.content for m in replies] == expected
    assert all(m.ephemeral_to == world.carol and len(m.content) <= 2000 for m in replies)
    assert "B30 Rifleman" in "\n".join(m.content for m in replies)
