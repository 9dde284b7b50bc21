"""What a player and a server admin read: refusals, lists, pings, prompts and the end of a game,
checked through the real bot and the emulator in English and Spanish."""

from __future__ import annotations

import re

import pytest

from bot.app import TableroBot
from playground.emulator import Emulator

from .harness import World, drive, run, status_message

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
    assert answer.ephemeral and "Value error" not in answer.content
    assert (
        "no se acepta: el cañón admite como mucho 12 cartas, no 14" in answer.content
    )  # the reason in Spanish
    [answer] = await run(await emu.slash(world.alice, world.channel, "game new", args))
    assert answer.ephemeral and "at most 12 cards" in answer.content  # English keeps the detail
    [answer] = await run(
        await emu.slash(world.bob, world.channel, "game new", {"game": "canyon", "side": "x"})
    )
    assert answer.ephemeral and "Marine (Stormtalon), Orko (Dakkajet)" in answer.content
    assert len(emu.messages(world.channel)) == before  # nothing public for a refusal
    assert await bot.store.list_tables(guild_id=world.guild) == []
    # a game named by its shown name (any language, case or accents); an unknown one lists the games
    [answer] = await run(await emu.slash(world.bob, world.channel, "game new", {"game": "ajedrez"}))
    assert answer.ephemeral and "No hay ningún juego llamado ajedrez; los juegos son:" in answer.content
    assert "El Cañón de la Muerte" in answer.content
    args = {"game": "Canyon of Death", "options": "hazard_order"}
    [answer] = await run(await emu.slash(world.alice, world.channel, "game new", args))
    assert answer.ephemeral and answer.content.endswith(
        "key=value pairs, e.g. hazard_order=stormtalon_first."
    )
    assert "rounds" not in answer.content  # never an example from another game
    assert len(emu.messages(world.channel)) == before and await bot.store.list_tables() == []
    # the README's example options, and a side named in the player's language
    args = {"game": "el cañón de la MUERTE", "side": "orko", "options": "canyon_layout=[1,2,1,2,1]"}
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


async def test_a_canyon_duel_reads_well_from_start_to_end(
    emu: Emulator, world: World, bot: TableroBot
) -> None:
    emu.deny_dms(world.bob)
    args = {"game": "canyon", "opponent": world.bob, "side": "marine"}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    await bot.delivery.wait_idle()
    await run(await emu.click(world.bob, status_message(emu, thread, 1).id, "tb:join:1"))
    await bot.delivery.wait_idle()
    status = status_message(emu, thread, 1)
    # the status message says what just happened, then where the game stands and who acts
    assert "**Just now:**\n> Canyon of Death:" in status.content and "> — Turn 1 —" in status.content
    link = f"https://discord.com/channels/{world.guild}/{thread}/{status.id}"
    await drive(emu, [world.alice, world.bob], thread, 1, settle=bot.delivery.wait_idle)
    await bot.delivery.wait_idle()
    table = await bot.tables.get(1)
    assert table.status == "finished"
    narration = [m for m in emu.messages(thread) if m.id != status.id]
    # pings: only who must act, with a link to the status message; once the bot knows Bob's DMs
    # are closed, his pings send him to the "My hand" button only
    [notice] = [m for m in narration if "I can't send you direct messages" in m.content]
    assert notice.mentions == [world.bob] and link in notice.content
    moves = [m for m in narration if "your move" in m.content]
    assert moves and all(len(m.mentions) == 1 and link in m.content for m in moves)
    bobs = [m for m in moves if m.mentions == [world.bob] and m.id > notice.id]
    assert bobs and all("DMs" not in m.content for m in bobs)
    # the Marine's confirmation of a fork choice repeats the button's card (death_canyon §8.2)
    routes = [m.content for m in emu.visible_to(world.alice) if "✅ Fly route" in m.content]
    assert routes and all(re.search(r"✅ Fly route [AB]: (10|[2-9AJQK])♠", c) for c in routes)
    # the end: said once, naming both sides, pinging the player who did not make the last move
    final = narration[-1]
    assert final.content.count("Game over") == 1 and "won against" in final.content
    mover = [r.actor for r in await bot.store.load_events(1) if r.actor in table.seats][-1]
    assert final.mentions == [table.user_of(s) for s in table.seats if s != mover]
    status = status_message(emu, thread, 1)
    assert status.content.count("Game over") == 1 and "**Just now:**" in status.content
    quoted = [line[2:] for line in status.content.splitlines() if line.startswith("> ") and line != "> …"]
    # the final narration, without the outcome line and the seed's reveal under it (issue 28 item 3)
    *told, _outcome, reveal = final.content.splitlines()
    assert "Dice seed revealed" in reveal
    assert quoted and quoted == told[-len(quoted) :]
    # a resignation reaches the opponent
    [answer] = await run(await emu.click(world.bob, status.id, "tb:rematch:1"))
    await bot.delivery.wait_idle()
    rematch = (await bot.tables.get(2)).thread_id  # a thread of its own (issue 15)
    assert rematch is not None and rematch != thread
    # by consent (issue 27 item 5): Alice accepts the invitation in this thread
    invite = next(m for m in emu.messages(thread) if "tb:join:2" in m.custom_ids)
    await run(await emu.click(world.alice, invite.id, "tb:join:2"))
    await bot.delivery.wait_idle()
    mark = len(emu.messages(rematch))
    await run(await emu.slash(world.alice, thread, "game resign", {"table": 2}))
    await bot.delivery.wait_idle()
    [end] = [m for m in emu.messages(rematch)[mark:] if "resigned" in m.content]
    assert end.mentions == [world.bob] and "won against" in end.content


def test_a_player_is_messaged_only_when_the_events_reveal_them_something() -> None:
    """A seat is told privately what the events show it and not a spectator (the rules' redaction),
    never because a rendered text changed."""
    from bot.notices import learned
    from tests.games.duel import Committed, Drew, Revealed

    drew, revealed = Drew(seat="red", card=7), Revealed(cards={"red": 7, "blue": 3}, winner="red")
    assert learned([drew], "red") and not learned([drew], "blue")  # a card drawn: only its owner
    assert not learned([revealed], "red") and not learned([revealed], "blue")  # now public: no DM
    assert learned([revealed, Committed(seat="blue", card=3)], "blue")
    assert not learned([], "red")
