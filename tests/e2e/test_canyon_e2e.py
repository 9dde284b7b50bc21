"""Canyon of Death in Discord, end to end: two players, a player against the AI, secrets kept private."""

from __future__ import annotations

import random

import pytest

from bot.app import TableroBot
from playground.emulator import Emulator

from .harness import World, drive, public_calls, run, spy_on, start_spied, status_message

pytestmark = pytest.mark.e2e
pytest.importorskip("renderers.canyon")


@pytest.fixture
async def canyon_bot(start, request: pytest.FixtureRequest) -> TableroBot:
    return await start_spied(start, request)


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, object]]:
    """Record what the canyon presenter is asked to draw or narrate."""
    return spy_on(monkeypatch, "canyon")


def _assert_public_is_spectator_only(calls: list[tuple[str, object]]) -> None:
    for _, arg in public_calls(calls):
        assert arg.seat is None and arg.hand is None and arg.preview is None
        assert all(slot.status != "previewed" for step in arg.steps for slot in step.slots)


async def test_a_whole_canyon_game_between_two_players(
    emu: Emulator, world: World, canyon_bot: TableroBot, spy: list
) -> None:
    canyon_bot.tables.seeder = lambda: 6  # a long game (21 choices, forks, hits of both kinds)
    args = {"game": "canyon", "opponent": world.bob, "side": "marine"}
    [reply] = await run(await emu.slash(world.alice, world.channel, "game new", args))
    assert "challenges" in reply.content
    [thread] = emu.threads(world.channel)
    await canyon_bot.delivery.wait_idle()
    await run(await emu.click(world.bob, status_message(emu, thread, 1).id, "tb:join:1"))
    await canyon_bot.delivery.wait_idle()
    marine_dm = emu.dm_messages(world.alice)[-1]
    assert marine_dm.custom_ids and marine_dm.attachments  # the hand (and preview) as an image, with choices
    rng = random.Random(3)
    made = await drive(
        emu, [world.alice, world.bob], thread, 1, settle=canyon_bot.delivery.wait_idle, choose=rng.choice
    )
    await canyon_bot.delivery.wait_idle()
    table = await canyon_bot.tables.get(1)
    assert table.status == "finished" and made >= 15
    status = status_message(emu, thread, 1)
    assert "tb:rematch:1" in status.custom_ids and status.attachments and status.edits >= made // 2
    narration = "\n".join(m.content for m in emu.messages(thread))
    assert narration.count("\n") > made  # every turn narrated
    _assert_public_is_spectator_only(spy)
    # the rematch swaps the sides, by consent (issue 27 item 5): Bob asks, Alice is invited and accepts
    [answer] = await run(await emu.click(world.bob, status.id, "tb:rematch:1"))
    assert "2" in answer.content and "Revancha" in answer.content  # Bob reads Spanish
    offered = await canyon_bot.tables.get(2)
    assert offered.status == "lobby" and offered.seats == {"marine": world.bob, "ork": None}
    assert f"<#{offered.thread_id}>" in answer.content  # the answer links the new thread
    await canyon_bot.delivery.wait_idle()
    invite = next(m for m in emu.messages(thread) if "tb:join:2" in m.custom_ids)
    assert world.alice in invite.mentions
    await run(await emu.click(world.alice, invite.id, "tb:join:2"))
    rematch = await canyon_bot.tables.get(2)
    assert rematch.status == "active" and rematch.seats == {"marine": world.bob, "ork": world.alice}
    # one thread per table (issue 15): the rematch opens its own, under the same channel
    assert rematch.thread_id != thread and rematch.thread_id in emu.threads(world.channel)
    await canyon_bot.delivery.wait_idle()
    assert status_message(emu, rematch.thread_id, 2) is not None and status_message(emu, thread, 2) is None
    # a new game asked for inside a game's thread opens its own thread too
    args = {"game": "canyon"}
    await run(await emu.slash(world.alice, thread, "game new", args))
    assert len(emu.threads(world.channel)) == 3 and (await canyon_bot.tables.get(3)).thread_id not in (
        thread,
        rematch.thread_id,
    )
    assert not emu.unknown_requests


async def test_a_whole_canyon_game_against_the_ai(
    emu: Emulator, world: World, canyon_bot: TableroBot, spy: list
) -> None:
    args = {"game": "canyon", "side": "ork"}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    made = await drive(emu, [world.alice], thread, 1, settle=canyon_bot.delivery.wait_idle)
    table = await canyon_bot.tables.get(1)
    assert table.status == "finished" and table.seats["marine"] == "ai" and made >= 1
    await canyon_bot.delivery.wait_idle()
    assert "Rematch" in str(status_message(emu, thread, 1).components)
    _assert_public_is_spectator_only(spy)
