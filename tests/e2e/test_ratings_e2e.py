"""Ratings end to end (issue 28 item 4's acceptance: "ratings after a handful of games match a hand
computation"): four finished games between three players and one against the AI, through Discord;
/leaderboard (public) shows the table Glickman's steps give by hand, per game and per side; /stats
(private) counts the AI game apart; a bad side is refused privately and nothing is posted."""

from __future__ import annotations

from typing import Any

import pytest

from playground.emulator import Emulator
from tests.bot.test_ratings import hand_glicko2
from tests.reliability.support import challenge

from .harness import World, run

pytestmark = pytest.mark.e2e

START = (1500.0, 350.0, 0.06)


async def _game(emu: Emulator, bot: Any, world: World, red: int, blue: int, loser: int) -> None:
    table, thread = await challenge(emu, bot, red, blue, world.channel, side="red")
    number = (await bot.tables.get(table)).number
    await run(await emu.slash(loser, thread, "game resign", {"table": number}))
    await bot.delivery.wait_idle()
    assert (await bot.tables.get(table)).status == "finished"


async def test_a_handful_of_games_gives_the_hand_computed_table(
    emu: Emulator, world: World, start: Any, duel_game: object
) -> None:
    bot = await start()
    alice, bob, carol = world.alice, world.bob, world.carol
    await _game(emu, bot, world, alice, bob, loser=bob)  # 1. Alice (red) beats Bob (blue)
    await _game(emu, bot, world, bob, carol, loser=carol)  # 2. Bob (red) beats Carol (blue)
    await _game(emu, bot, world, carol, alice, loser=alice)  # 3. Carol (red) beats Alice (blue)
    await _game(emu, bot, world, bob, alice, loser=bob)  # 4. Alice (blue) beats Bob (red)
    # 5. against the AI: counted apart, rates nobody
    known = {t.id for t in await bot.store.list_tables()}
    await run(await emu.slash(alice, world.channel, "game new", {"game": "duel", "side": "red"}))
    [ai_table] = [t for t in await bot.store.list_tables() if t.id not in known]
    await run(await emu.slash(alice, ai_table.thread_id, "game resign", {"table": ai_table.number}))
    await bot.delivery.wait_idle()

    # the hand computation: each game one rating period, against the opponent's rating before it
    a, b, c = START, START, START
    a, b = hand_glicko2(*a, [(b[0], b[1], 1.0)]), hand_glicko2(*b, [(a[0], a[1], 0.0)])
    b, c = hand_glicko2(*b, [(c[0], c[1], 1.0)]), hand_glicko2(*c, [(b[0], b[1], 0.0)])
    c, a = hand_glicko2(*c, [(a[0], a[1], 1.0)]), hand_glicko2(*a, [(c[0], c[1], 0.0)])
    a, b = hand_glicko2(*a, [(b[0], b[1], 1.0)]), hand_glicko2(*b, [(a[0], a[1], 0.0)])
    records = {alice: (3, 2, 1), bob: (3, 1, 2), carol: (2, 1, 1)}
    rows = sorted(((alice, a), (bob, b), (carol, c)), key=lambda row: -row[1][0])
    expected = [
        f"{rank}. <@{user}> — {round(r[0])} ±{round(r[1])} · {records[user][0]} games: "
        f"{records[user][1]} W, {records[user][2]} L, 0 D"
        for rank, (user, r) in enumerate(rows, 1)
    ]

    before = len(emu.messages(world.channel))
    [board] = await run(await emu.slash(carol, world.channel, "leaderboard", {"game": "duel"}))
    assert board.ephemeral_to is None  # the server's table, posted in the channel
    lines = board.content.splitlines()
    assert "Duel" in lines[0] and "all sides" in lines[0] and "page 1 of 1" in lines[0]
    assert lines[1:] == expected

    # per side: the red pool met the blue pool (game 1: Alice red v Bob blue, new to both pools...)
    ra, rb, rc = START, START, START  # red ratings
    ba, bb, bc = START, START, START  # blue ratings
    ra, bb = hand_glicko2(*ra, [(bb[0], bb[1], 1.0)]), hand_glicko2(*bb, [(ra[0], ra[1], 0.0)])
    rb, bc = hand_glicko2(*rb, [(bc[0], bc[1], 1.0)]), hand_glicko2(*bc, [(rb[0], rb[1], 0.0)])
    rc, ba = hand_glicko2(*rc, [(ba[0], ba[1], 1.0)]), hand_glicko2(*ba, [(rc[0], rc[1], 0.0)])
    rb, ba = hand_glicko2(*rb, [(ba[0], ba[1], 0.0)]), hand_glicko2(*ba, [(rb[0], rb[1], 1.0)])
    red = sorted(((alice, ra, 1, 1), (bob, rb, 2, 1), (carol, rc, 1, 1)), key=lambda row: -row[1][0])
    [side] = await run(await emu.slash(carol, world.channel, "leaderboard", {"game": "duel", "side": "red"}))
    assert side.content.splitlines()[1:] == [
        f"{rank}. <@{user}> — {round(r[0])} ±{round(r[1])} · {games} game{'s' if games > 1 else ''}: "
        f"{wins} W, {games - wins} L, 0 D"
        for rank, (user, r, games, wins) in enumerate(red, 1)
    ]

    # /stats: private, the AI game on its own line, wins per side
    [mine] = await run(await emu.slash(alice, world.channel, "stats", {}))
    assert mine.ephemeral_to == alice
    assert "4 games finished: 3 rated, 1 against the AI" in mine.content
    assert "Red: 1 game, 1 win" in mine.content and "Blue: 2 games, 1 win" in mine.content
    assert f"all sides: {round(a[0])} ±{round(a[1])}" in mine.content
    assert "Against the AI (not rated): 1 game, 0 wins" in mine.content

    # a side the game does not have: refused privately, nothing public
    posted = len(emu.messages(world.channel))
    [refused] = await run(
        await emu.slash(carol, world.channel, "leaderboard", {"game": "duel", "side": "green"})
    )
    assert refused.ephemeral_to == carol and "has no side called green" in refused.content
    assert len(emu.messages(world.channel)) == posted == before + 2
    assert not emu.unknown_requests
