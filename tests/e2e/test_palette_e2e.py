"""Issue 29 item 3 end to end: `/settings palette:` is a player's own choice, kept in the store; the
pictures drawn for them alone (their hand, `/game status`) follow it, the public board stays in the
default palette."""

from __future__ import annotations

from typing import Any

import pytest

from bot import jobs
from bot.app import TableroBot
from playground.emulator import Emulator
from renderers.palette import DEFAULT
from tests.reliability.support import challenge

from .harness import World, my_hand, run, status_message

pytestmark = pytest.mark.e2e


async def test_a_players_palette_draws_their_own_pictures_only(
    emu: Emulator, world: World, start: Any
) -> None:
    bot: TableroBot = await start()
    bot.tables.seeder = lambda: 6
    table, thread = await challenge(
        emu, bot, world.alice, world.bob, world.channel, game="canyon", side="marine"
    )
    [reply] = await run(await emu.slash(world.alice, world.channel, "settings", {"palette": "colourblind"}))
    assert reply.ephemeral and "colour-blind safe palette: blue against vermillion" in reply.content
    player = await bot.store.get_player(world.alice)
    assert player is not None and player.palette == "colourblind"
    [spanish] = await run(await emu.slash(world.bob, world.channel, "settings", {"timezone": "UTC"}))
    assert "paleta estándar" in spanish.content  # Bob's client speaks Spanish; he chose none
    # Alice's hand is drawn in her palette; the same hand in the default palette is another picture
    loaded = await bot.tables.load(table)
    view = loaded.rules.view(loaded.state, "marine")
    hand = (await my_hand(emu, world.alice, thread, table)).attachments[0]
    assert hand.data == jobs.private_image("canyon", view, "en", "colourblind")
    assert hand.data != jobs.private_image("canyon", view, "en", DEFAULT)
    # everyone's board stays in the default palette, whatever Alice chose
    await run(await emu.slash(world.alice, world.channel, "settings", {"palette": "high-contrast"}))
    await bot.delivery.wait_idle()
    status = status_message(emu, thread, table)
    assert status is not None and status.attachments
    public = status.attachments[0].data
    assert public == jobs.status_image("canyon", loaded.rules.view(loaded.state, None), "en", None)
    player = await bot.store.get_player(world.alice)
    assert player is not None and player.palette == "high-contrast" and player.timezone is None
    # /game status shows the table's board to her alone: in her palette
    [mine] = await run(await emu.slash(world.alice, thread, "game status", {}))
    assert mine.ephemeral and mine.attachments
    assert mine.attachments[0].data == jobs.status_image(
        "canyon", loaded.rules.view(loaded.state, None), "en", None, (), "high-contrast"
    )
