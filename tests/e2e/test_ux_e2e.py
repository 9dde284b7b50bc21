"""What a player and a server admin read: refusals, lists, pings, prompts and the end of a game,
checked through the real bot and the emulator in English and Spanish."""

from __future__ import annotations

import pytest

from bot.app import TableroBot
from tests.emulator import Emulator

from .harness import World, run

pytestmark = pytest.mark.e2e
pytest.importorskip("renderers.canyon")


@pytest.fixture
async def bot(start) -> TableroBot:
    return await start()


def test_options_keep_list_values_and_accept_spaces_around_equals() -> None:
    from cogs.lobby import parse_options

    # the README's own example: the commas inside [...] belong to the value
    assert parse_options("canyon_layout=[1,2,1,2,1]") == {"canyon_layout": [1, 2, 1, 2, 1]}
    assert parse_options("canyon_layout = [1, 2, 1], hazard_order=ork_first") == {
        "canyon_layout": [1, 2, 1],
        "hazard_order": "ork_first",
    }
    assert parse_options('name="a b" rounds=5') == {"name": "a b", "rounds": 5}


async def test_refusals_of_game_new_are_private_and_in_the_players_language(
    emu: Emulator, world: World, bot: TableroBot
) -> None:
    before = len(emu.messages(world.channel))
    args = {"game": "canyon", "options": "foo=1"}
    [answer] = await run(await emu.slash(world.bob, world.channel, "game new", args))
    assert answer.ephemeral and "foo no es una opción" in answer.content
    assert "canyon_layout" in answer.content and "Extra inputs" not in answer.content
    args = {"game": "canyon", "options": "canyon_layout=[2,2,2,2,2,2,2]"}
    [answer] = await run(await emu.slash(world.bob, world.channel, "game new", args))
    assert answer.ephemeral and "no acepta" in answer.content and "Value error" not in answer.content
    [answer] = await run(await emu.slash(world.alice, world.channel, "game new", args))
    assert answer.ephemeral and "at most 12 cards" in answer.content  # English keeps the detail
    [answer] = await run(
        await emu.slash(world.bob, world.channel, "game new", {"game": "canyon", "side": "x"})
    )
    assert answer.ephemeral and "Marine (Stormtalon), Orko (Dakkajet)" in answer.content
    assert len(emu.messages(world.channel)) == before  # nothing public for a refusal
    assert await bot.store.list_tables(guild_id=world.guild) == []
    # the README's example options, and a side named in the player's language
    args = {"game": "canyon", "side": "orko", "options": "canyon_layout=[1,2,1,2,1]"}
    [reply] = await run(await emu.slash(world.bob, world.channel, "game new", args))
    assert not reply.ephemeral and "against the AI" in reply.content  # public: the server's language
    table = await bot.tables.get(1)
    assert table.seats["ork"] == world.bob and table.options["canyon_layout"] == [1, 2, 1, 2, 1]


async def test_game_list_and_autocomplete_speak_the_players_language(
    emu: Emulator, world: World, bot: TableroBot
) -> None:
    args = {"game": "canyon", "side": "marine", "opponent": world.bob}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    await run(await emu.slash(world.carol, world.channel, "game new", {"game": "canyon", "side": "ork"}))
    await bot.delivery.wait_idle()
    [answer] = await run(await emu.slash(world.bob, world.channel, "game list", {}))
    text = answer.content
    assert answer.ephemeral and text.startswith("Mesas en este servidor (2):")
    assert "player" not in text and "waiting" not in text
    assert f"<@{world.alice}>" in text and f"<@{world.carol}>" in text and "IA" in text
    assert "Le toca a: IA" not in text and f"Le toca a: <@{world.carol}>" in text  # the AI Marine moved
    choices = await emu.autocomplete(world.bob, world.channel, "game join", {"table": ""}, focused="table")
    assert [c["value"] for c in choices] == [1]
    assert "jugador" in choices[0]["name"] and "player" not in choices[0]["name"]
    mine = await emu.autocomplete(world.carol, world.channel, "game resign", {"table": ""}, focused="table")
    assert mine[0]["name"].endswith("Ork (Dakkajet): you")


async def test_a_long_game_list_fits_one_message(emu: Emulator, world: World, bot: TableroBot) -> None:
    for _ in range(24):  # lobbies waiting for Bob: no board to draw
        args = {"game": "canyon", "opponent": world.bob}
        await run(await emu.slash(world.alice, world.channel, "game new", args))
    await bot.delivery.wait_idle()
    [answer] = await run(await emu.slash(world.alice, world.channel, "game list", {}))
    assert len(answer.content) <= 2000 and answer.content.rstrip().endswith("more.")
