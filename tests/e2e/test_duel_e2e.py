"""The platform end to end with the Duel test game: the real bot, the emulator, clicks on what it sent."""

from __future__ import annotations

import pytest

from bot.app import TableroBot
from playground.emulator import Emulator

from .harness import World, has_actions, pick, run, status_message

pytestmark = pytest.mark.e2e


async def test_a_game_against_the_ai_from_slash_command_to_rematch(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    it = await emu.slash(
        world.alice, world.channel, "game new", {"game": "duel", "side": "red", "options": "rounds=2"}
    )
    [reply] = await run(it)
    assert not reply.ephemeral and "against the AI" in reply.content
    [thread] = emu.threads(world.channel)
    assert f"<#{thread}>" in reply.content
    await tablero.delivery.wait_idle()
    status = status_message(emu, thread, 1)
    assert status is not None and status.attachments and status.attachments[0].filename.endswith(".png")
    assert "tb:hand:1" in status.custom_ids and "tb:a:" not in " ".join(status.custom_ids)
    [dm] = [m for m in emu.dm_messages(world.alice) if has_actions(m)]
    assert "Your hand" in dm.content
    prompt = dm
    for _ in range(20):
        clicked = prompt.id
        [prompt] = await run(await pick(emu, world.alice, prompt))
        assert prompt.id == clicked and prompt.guild_id is None  # the DM is updated in place (issue 15)
        if not has_actions(prompt):
            break
    await tablero.delivery.wait_idle()
    status = status_message(emu, thread, 1)
    assert "Game over" in status.content and "tb:rematch:1" in status.custom_ids
    assert status.edits >= 2
