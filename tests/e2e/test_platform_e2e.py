"""Platform paths end to end (Duel test game): two players, DMs closed, stale and foreign clicks, admin,
languages, logs, autocomplete, the error path and hidden information."""

from __future__ import annotations

import json
import logging

import pytest

from bot.app import TableroBot
from playground.emulator import Emulator, MessageRecord

from .harness import World, action_ids, has_actions, my_hand, pick, run, status_message

pytestmark = pytest.mark.e2e


async def _challenge(emu: Emulator, world: World, bot: TableroBot, **options: str) -> int:
    """Alice challenges Bob; Bob accepts with the Join button on the lobby message. Returns the thread."""
    args = {"game": "duel", "opponent": world.bob, "side": "red"} | options
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    await bot.delivery.wait_idle()
    lobby = status_message(emu, thread, 1)
    assert lobby is not None and "tb:join:1" in lobby.custom_ids and f"<@{world.bob}>" in lobby.content
    [answer] = await run(await emu.click(world.bob, lobby.id, "tb:join:1"))
    assert answer.ephemeral and "ha empezado" in answer.content  # Bob's client is in Spanish
    await bot.delivery.wait_idle()
    return thread


def _latest_dm_with_actions(emu: Emulator, user: int) -> MessageRecord | None:
    prompts = [m for m in emu.dm_messages(user) if has_actions(m) and not m.ephemeral]
    return prompts[-1] if prompts else None


async def _play_out(emu: Emulator, bot: TableroBot, world: World, thread: int, table: int = 1) -> None:
    """Both players act until the game ends, each pressing "My hand" and the first choice offered."""
    for _ in range(60):
        await bot.delivery.wait_idle()
        status = status_message(emu, thread, table)
        if f"tb:rematch:{table}" in status.custom_ids:
            return
        acted = False
        for user in (world.alice, world.bob):
            if f"tb:hand:{table}" not in status_message(emu, thread, table).custom_ids:
                return  # the game just ended
            panel = await my_hand(emu, user, thread, table)
            if has_actions(panel):
                await run(await pick(emu, user, panel))
                acted = True
        assert acted, status.content
    raise AssertionError("the game did not end")


async def test_two_players_with_pings_only_for_who_must_act(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    thread = await _challenge(emu, world, tablero)
    assert (
        "Juegas con Azul" in _latest_dm_with_actions(emu, world.bob).content
    )  # DMs in Bob's last-seen locale
    assert "You play Red" in _latest_dm_with_actions(emu, world.alice).content
    # both must commit: each is told once, by the DM (issue 15), not also by a mention in the thread
    assert not [m for m in emu.messages(thread) if m.mentions]
    # Alice plays from her DM; Bob's choices did not change, so nobody is pinged
    mark = len(emu.messages(thread))
    await run(await pick(emu, world.alice, _latest_dm_with_actions(emu, world.alice)))
    await tablero.delivery.wait_idle()
    assert all(not m.mentions for m in emu.messages(thread)[mark:])
    # Bob's DM buttons were drawn before Alice acted and still work (a simultaneous choice)
    dm = _latest_dm_with_actions(emu, world.bob)
    [reply] = await run(await pick(emu, world.bob, dm))
    assert reply.id == dm.id and "✅" in reply.content  # the clicked DM is updated in place
    await _play_out(emu, tablero, world, thread)
    status = status_message(emu, thread, 1)
    assert "Game over" in status.content
    for message in emu.messages(thread):
        assert set(message.mentions) <= {world.alice, world.bob}
        assert not message.mention_everyone
    assert not emu.unknown_requests


async def test_closed_dms_fall_back_to_the_my_hand_button(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    emu.deny_dms(world.bob)
    thread = await _challenge(emu, world, tablero)
    notices = [m for m in emu.messages(thread) if "direct messages" in m.content]
    assert len(notices) == 1 and notices[0].mentions == [world.bob]
    assert emu.dm_messages(world.bob) == []
    await _play_out(emu, tablero, world, thread)  # Bob plays through "My hand" only
    assert len([m for m in emu.messages(thread) if "direct messages" in m.content]) == 1


async def test_a_stale_button_answers_with_the_current_state(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    thread = await _challenge(emu, world, tablero)
    old = _latest_dm_with_actions(emu, world.alice)
    panel = await my_hand(emu, world.alice, thread, 1)
    await run(await pick(emu, world.alice, panel))  # she acts from the ephemeral panel instead
    await tablero.delivery.wait_idle()
    [answer] = await run(await emu.click(world.alice, old.id, action_ids(old)[1]))
    assert answer.ephemeral and "moved on" in answer.content and "Your hand" in answer.content
    status = status_message(emu, thread, 1)
    events = [m for m in emu.messages(thread) if "red commits" in m.content and m.id != status.id]
    assert len(events) == 1  # applied once (narrated once; the status message quotes the latest change)


async def test_non_players_cannot_act(emu: Emulator, world: World, tablero: TableroBot) -> None:
    thread = await _challenge(emu, world, tablero)
    [answer] = await run(await emu.click(world.carol, status_message(emu, thread, 1).id, "tb:hand:1"))
    assert answer.ephemeral and "not playing" in answer.content and not has_actions(answer)
    [answer] = await run(await emu.slash(world.carol, thread, "game resign", {}))
    assert answer.ephemeral and "not playing" in answer.content
    # Carol replays Alice's action click on a message she can see (the emulator lets anyone press a
    # public component): even a forged click on a real custom_id is refused
    status = status_message(emu, thread, 1)
    forged = dict(status.components[0]["components"][0], custom_id="tb:a:1:1:0")
    status.components[0]["components"].append(forged)
    [answer] = await run(await emu.click(world.carol, status.id, "tb:a:1:1:0"))
    assert "not playing" in answer.content
    assert (await tablero.tables.load(1)).table.version == 1


async def test_admins_abandon_and_others_are_refused(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    thread = await _challenge(emu, world, tablero)
    [answer] = await run(await emu.slash(world.bob, thread, "game abandon", {}))
    assert answer.ephemeral and "administradores" in answer.content  # Bob reads Spanish
    [answer] = await run(await emu.slash(world.admin, world.channel, "game abandon", {"table": 1}))
    assert "abandoned" in answer.content
    await tablero.delivery.wait_idle()
    status = status_message(emu, thread, 1)
    assert "abandoned" in status.content and "tb:hand:1" not in status.custom_ids
    [answer] = await run(await emu.slash(world.bob, world.channel, "game language", {"language": "es"}))
    assert answer.ephemeral and "administradores" in answer.content
    assert await tablero.store.guild_language(world.guild) is None


async def test_server_language_and_command_localisations(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    puts = [r for r in emu.requests if r.method == "PUT" and r.path.endswith("/commands")]
    game = next(c for c in puts[-1].json if c["name"] == "game")
    assert game["name_localizations"]["es-ES"] == "partida"
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["name_localizations"]["es-ES"] == "nueva" and new["description_localizations"]["es-ES"]
    [answer] = await run(await emu.slash(world.admin, world.channel, "game language", {"language": "es"}))
    # confirmed in the admin's own language (en-US), naming the server's (issue 27 item 8)
    assert "Spanish" in answer.content and "español" not in answer.content
    [reply] = await run(await emu.slash(world.alice, world.channel, "game new", {"game": "duel"}))
    assert "contra la IA" in reply.content  # public: the server's language
    [thread] = emu.threads(world.channel)
    await tablero.delivery.wait_idle()
    assert "mesa n.º 1" in status_message(emu, thread, 1).content
    panel = await my_hand(emu, world.alice, thread, 1)
    assert "You play" in panel.content  # ephemeral: Alice's own locale


async def test_log_is_redacted_until_the_end(emu: Emulator, world: World, tablero: TableroBot) -> None:
    thread = await _challenge(emu, world, tablero)
    [answer] = await run(await emu.slash(world.bob, thread, "game log", {}))
    log = json.loads(answer.attachments[0].data)
    assert log["redacted_for"] == "blue" and log["seed"] is None
    assert log["events"][0]["event"]["state"]["hands"]["red"] == []
    await _play_out(emu, tablero, world, thread)
    [answer] = await run(await emu.slash(world.carol, thread, "game log", {}))
    log = json.loads(answer.attachments[0].data)
    assert (
        log["redacted_for"] is None
        and log["seed"] is not None
        and log["events"][0]["event"]["state"]["hands"]["red"]
    )


async def test_autocomplete_offers_games_sides_and_my_tables(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    games = await emu.autocomplete(world.alice, world.channel, "game new", {"game": "du"}, focused="game")
    assert {"name": "Duel", "value": "duel"} in games
    sides = await emu.autocomplete(
        world.bob, world.channel, "game new", {"game": "duel", "side": ""}, focused="side"
    )
    assert [c["name"] for c in sides] == ["Rojo", "Azul"]
    await _challenge(emu, world, tablero)
    mine = await emu.autocomplete(world.bob, world.channel, "game resign", {"table": ""}, focused="table")
    assert [c["value"] for c in mine] == [1]
    theirs = await emu.autocomplete(world.carol, world.channel, "game resign", {"table": ""}, focused="table")
    assert theirs == []
    # /game status offers any table (issue 24 item 7): narrowed by a number or a game's shown name.
    for typed, expected in (("", [1]), ("#1", [1]), ("du", [1]), ("7", []), ("zzz", [])):
        found = await emu.autocomplete(
            world.carol, world.channel, "game status", {"table": typed}, focused="table"
        )
        assert [c["value"] for c in found] == expected, typed


async def test_many_choices_become_select_menus(emu: Emulator, world: World, tablero: TableroBot) -> None:
    await run(
        await emu.slash(
            world.alice, world.channel, "game new", {"game": "duel", "options": "hand_size=30 rounds=1"}
        )
    )
    [thread] = emu.threads(world.channel)
    panel = await my_hand(emu, world.alice, thread, 1)
    selects = [c for c in panel.walk_components() if c.get("custom_id", "").startswith("tb:s:")]
    assert [len(s["options"]) for s in selects] == [25, 5]
    [reply] = await run(
        await emu.select(world.alice, panel.id, selects[1]["custom_id"], [selects[1]["options"][-1]["value"]])
    )
    assert "✅" in reply.content


async def test_a_bug_says_the_table_is_unchanged_and_logs_no_secret(
    emu: Emulator, world: World, tablero: TableroBot, duel_game, caplog: pytest.LogCaptureFixture, monkeypatch
) -> None:
    thread = await _challenge(emu, world, tablero)
    hand = (await tablero.tables.load(1)).state.hands["red"]

    def broken(view, lang):
        raise RuntimeError(f"hand={hand!r}")

    monkeypatch.setattr(duel_game, "private_text", broken)
    caplog.set_level(logging.ERROR, logger="tablero.errors")
    [answer] = await run(await emu.click(world.alice, status_message(emu, thread, 1).id, "tb:hand:1"))
    assert answer.content == "Something broke; the table is unchanged."
    record = next(r for r in caplog.records if r.name == "tablero.errors")
    logged = caplog.text
    assert "table 1 v1" in record.getMessage() and "RuntimeError" in logged
    assert repr(hand) not in logged and "message withheld" in logged


async def test_hidden_information_never_reaches_a_public_message(
    emu: Emulator, world: World, start, duel_game
) -> None:
    tablero = await start(TABLERO_WORKERS=0)  # jobs in-process: duel_game.calls sees the boards drawn
    thread = await _challenge(emu, world, tablero)
    await _play_out(emu, tablero, world, thread)
    log = await tablero.tables.log_for(1, world.carol)  # full log after the end
    played = {e["event"]["card"] for e in log["events"] if e["event"]["kind"] == "committed"}
    start = log["events"][0]["event"]["state"]
    drawn = {e["event"]["card"] for e in log["events"] if e["event"]["kind"] == "drew"}
    never_shown = (set(start["hands"]["red"]) | set(start["hands"]["blue"]) | drawn) - played
    assert never_shown
    public = [m for m in emu.messages(world.channel) + emu.messages(thread)]
    for message in public:
        for card in never_shown:
            assert f"gem-{card:02d}" not in message.content
    for name, arg in duel_game.calls:
        if name in ("board_png", "status_text"):
            assert arg.seat is None and arg.hand == ()
        if name == "narrate":
            assert arg == arg.redacted_for(None)


async def test_a_spanish_server_gets_spanish_public_messages(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    guild = emu.create_guild("Noche de juegos", locale="es-ES")
    channel = emu.create_channel(guild.id, "partidas")
    emu.add_member(guild.id, world.alice)
    await emu.wait_for(lambda: tablero.get_guild(guild.id))
    [reply] = await run(await emu.slash(world.alice, channel, "game new", {"game": "duel"}))
    assert "contra la IA" in reply.content
    [thread] = emu.threads(channel)
    await tablero.delivery.wait_idle()
    assert "Mi mano" in str(status_message(emu, thread, 1).components)


async def test_an_idle_player_is_reminded_in_the_thread(
    emu: Emulator, world: World, start, duel_game
) -> None:
    bot = await start(TABLERO_REMINDER_DELAY=0.2)
    await run(await emu.slash(world.alice, world.channel, "game new", {"game": "duel"}))
    [thread] = emu.threads(world.channel)
    reminder = await emu.wait_for_message(
        thread, lambda m: "waiting for your move" in m.content, since=0, timeout=10
    )
    assert reminder.mentions == [world.alice]
    link = f"https://discord.com/channels/{world.guild}/{thread}/{status_message(emu, thread, 1).id}"
    assert f"Press **My hand** on [the table message]({link})" in reminder.content  # where to act
    assert [d.status for d in await bot.store.deadlines(1) if d.kind == "reminder"] == ["done"]


async def test_table_numbers_read_per_server_and_the_list_links_each_table_s_own_thread(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    """Issue 15 item 2: the first table of each server is #1 (in its thread's name, its messages, the
    list and the `table` argument), and /game list shows every table with a link to its own thread."""
    other = emu.create_guild("Other server")
    other_channel = emu.create_channel(other.id, "games")
    emu.add_member(other.id, world.alice)
    await emu.wait_for(lambda: tablero.get_guild(other.id))
    await run(await emu.slash(world.alice, world.channel, "game new", {"game": "duel"}))  # id 1, here #1
    [reply] = await run(await emu.slash(world.alice, other_channel, "game new", {"game": "duel"}))  # id 2
    assert "(table #1)" in reply.content  # the other server's first table
    await run(await emu.slash(world.alice, world.channel, "game new", {"game": "duel"}))  # id 3, here #2
    await tablero.delivery.wait_idle()
    [there] = emu.threads(other_channel)
    assert emu.store.channels[there].name.endswith("#1")
    here = emu.threads(world.channel)
    assert sorted(emu.store.channels[t].name[-2:] for t in here) == ["#1", "#2"]
    [listing] = await run(await emu.slash(world.alice, world.channel, "game list", {}))
    lines = listing.content.splitlines()[1:]
    assert [line.split("**")[1] for line in lines] == ["#2", "#1"]  # newest first
    by_name = {emu.store.channels[t].name[-2:]: t for t in here}
    assert f"<#{by_name['#2']}>" in lines[0] and f"<#{by_name['#1']}>" in lines[1]  # each its own thread
    [listing] = await run(await emu.slash(world.alice, other_channel, "game list", {}))
    assert listing.content.splitlines()[1].startswith("**#1**") and f"<#{there}>" in listing.content
    # A typed number means this server's table: #1 on the other server is the table with id 2.
    [status] = await run(await emu.slash(world.alice, other_channel, "game status", {"table": 1}))
    assert "table #1" in status.content
    [answer] = await run(await emu.slash(world.alice, other_channel, "game status", {"table": 2}))
    assert answer.ephemeral and "There is no table #2" in answer.content  # #2 lives on the first server
    choices = await emu.autocomplete(
        world.alice, other_channel, "game status", {"table": ""}, focused="table"
    )
    assert [c["value"] for c in choices] == [1]
