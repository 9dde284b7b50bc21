"""Concurrency through the emulator: many simultaneous clicks and commands against the real bot.

100 clicks of the same button at once (by one player; by a hundred users), Join and Rematch
pressed by many at once, and one move on each of many tables at once: every legal action is
applied exactly once, every click gets an answer, and a table that is stuck (its lock held, its
board render hanging) does not hold up any other table.
"""

from __future__ import annotations

import asyncio
import threading
from collections import Counter

import pytest

from bot.app import TableroBot
from playground.emulator import Emulator, InteractionRecord, MessageRecord
from tests.e2e.harness import World, action_ids, has_actions, my_hand, run, status_message

from .support import BROKE, challenge, says

pytestmark = pytest.mark.e2e

CROWD = 100


def crowd(emu: Emulator, world: World, size: int) -> list[int]:
    """`size` more members of the server."""
    users = []
    for n in range(size):
        user = emu.create_user(f"fan{n}", locale="en-US" if n % 2 else "es-ES")
        emu.add_member(world.guild, user.id)
        users.append(user.id)
    return users


async def answers(interactions: list[InteractionRecord], timeout: float = 30) -> list[MessageRecord]:
    """The final message of every interaction (each must get one)."""
    done = await asyncio.gather(*(it.wait_done(timeout) for it in interactions))
    return [messages[-1] for messages in done]


def assert_no_bug(replies: list[MessageRecord]) -> None:
    """Every answer is private and none is the "something broke" of an unexpected error."""
    for reply in replies:
        assert reply.ephemeral and not says(reply, BROKE), reply.content


async def test_a_hundred_clicks_of_one_button_by_its_player_apply_once(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    table, thread = await challenge(emu, tablero, world.alice, world.bob, world.channel)
    panel = await my_hand(emu, world.alice, thread, table)
    button = action_ids(panel)[0]
    before = (await tablero.tables.get(table)).version
    clicks = [await emu.click(world.alice, panel.id, button) for _ in range(CROWD)]
    replies = await answers(clicks)
    assert_no_bug(replies)
    assert sum("✅" in r.content for r in replies) == 1
    assert all("✅" in r.content or says(r, "bot.table_moved_on") for r in replies)
    log = await tablero.store.load_events(table)
    assert [e.kind for e in log[before:]] == ["committed"]  # one card committed, once


async def test_a_hundred_users_on_one_forged_action_button_give_one_move(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    """Everyone can press a public component: an action button copied onto the public status message
    is pressed by the seat's player and 99 others at once; only the player's press counts."""
    fans = crowd(emu, world, CROWD - 2)
    table, thread = await challenge(emu, tablero, world.alice, world.bob, world.channel)
    version = (await tablero.tables.get(table)).version
    status = status_message(emu, thread, table)
    forged = f"tb:a:{table}:{version}:0"
    status.components.append(
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": forged}]}
    )
    users = [world.alice, world.bob, *fans]  # bob (the other seat) too: his index 0 is his own card
    clicks = [await emu.click(user, status.id, forged) for user in users]
    replies = await answers(clicks)
    assert_no_bug(replies)
    by_user = dict(zip(users, replies, strict=True))
    assert "✅" in by_user[world.alice].content and "✅" in by_user[world.bob].content
    assert all("✅" not in by_user[f].content for f in fans)
    assert all(says(by_user[f], "bot.not_a_player", table=table) for f in fans)
    log = (await tablero.store.load_events(table))[version:]
    assert Counter(e.actor for e in log if e.kind == "committed") == {"red": 1, "blue": 1}


async def test_a_hundred_users_press_join_at_once_and_only_the_invited_one_sits(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    fans = crowd(emu, world, CROWD - 1)
    await run(
        await emu.slash(world.alice, world.channel, "game new", {"game": "duel", "opponent": world.bob})
    )
    record = (await tablero.store.list_tables())[0]
    lobby = await emu.wait_for(lambda: status_message(emu, record.thread_id, record.id))
    users = [*fans[:50], world.bob, *fans[50:]]
    replies = await answers([await emu.click(u, lobby.id, f"tb:join:{record.id}") for u in users])
    assert_no_bug(replies)
    table = await tablero.tables.get(record.id)
    assert table.status == "active" and sorted(table.human_users()) == sorted([world.alice, world.bob])
    by_user = dict(zip(users, replies, strict=True))
    assert says(by_user[world.bob], "bot.started", table=record.id)
    refused = [by_user[f] for f in fans]
    assert all(
        says(r, "bot.not_invited", table=record.id) or says(r, "bot.not_in_lobby", table=record.id)
        for r in refused
    )


async def test_both_players_pressing_rematch_many_times_open_one_table(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    table, thread = await challenge(emu, tablero, world.alice, world.bob, world.channel, rounds=1)
    await tablero.tables.resign(table, world.bob)
    await tablero.delivery.wait_idle()
    status = await emu.wait_for(lambda: status_message(emu, thread, table))
    await emu.wait_for(lambda: f"tb:rematch:{table}" in status.custom_ids)
    users = [world.alice, world.bob] * (CROWD // 2)
    replies = await answers([await emu.click(u, status.id, f"tb:rematch:{table}") for u in users])
    assert_no_bug(replies)
    rematches = [t for t in await tablero.store.list_tables() if t.rematch_of == table]
    assert len(rematches) == 1 and rematches[0].status == "active"
    new = rematches[0].id
    # issue 27 item 5: the first click asks, the other player's first click accepts (consent)
    kinds = ("bot.rematch_offered", "bot.rematch_started", "bot.rematch_waiting", "bot.rematch_on")
    assert all(any(says(r, key, table=new) for key in kinds) for r in replies)
    created = ("bot.rematch_offered", "bot.rematch_started")
    assert sum(any(says(r, key, table=new) for key in created) for r in replies) == 1


async def test_one_move_on_each_of_many_tables_at_once(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    players = crowd(emu, world, 40)
    for user in players:
        await run(await emu.slash(user, world.channel, "game new", {"game": "duel", "side": "red"}))
    await tablero.delivery.wait_idle()
    tables = {t.created_by: t for t in await tablero.store.list_tables()}
    panels = {}
    for user in players:
        table = tables[user]
        panels[user] = await my_hand(emu, user, table.thread_id, table.id)
    clicks = [await emu.click(u, panels[u].id, action_ids(panels[u])[0]) for u in players]
    replies = await answers(clicks)
    assert all("✅" in r.content for r in replies), [r.content for r in replies if "✅" not in r.content]
    for user in players:
        table = tables[user]
        log = await tablero.store.load_events(table.id)
        assert sum(e.kind == "committed" and e.actor == "red" for e in log) == 1


async def test_a_stuck_table_does_not_hold_up_the_others(
    emu: Emulator, world: World, start, duel_game
) -> None:
    """Table A's lock is held (a move being sequenced) and its board render hangs: moves on the other
    tables are still acknowledged, and their messages still delivered, meanwhile."""
    tablero = await start(TABLERO_WORKERS=0)  # jobs in-process: the patched render below must run
    players = crowd(emu, world, 6)
    for user in players:
        await run(await emu.slash(user, world.channel, "game new", {"game": "duel", "side": "red"}))
    await tablero.delivery.wait_idle()
    tables = {t.created_by: t for t in await tablero.store.list_tables()}
    stuck, *others = players
    panels = {u: await my_hand(emu, u, tables[u].thread_id, tables[u].id) for u in players}

    # 1. the service: table A's lock is held
    async with tablero.tables.lock(tables[stuck].id):
        waiting = await emu.click(stuck, panels[stuck].id, action_ids(panels[stuck])[0])
        replies = await answers([await emu.click(u, panels[u].id, action_ids(panels[u])[0]) for u in others])
        assert all("✅" in r.content for r in replies)
        assert not waiting.done
    [reply] = await waiting.wait_done(10)
    assert "✅" in reply.content
    await tablero.delivery.wait_idle()

    # 2. delivery: the next board render (table A's status message) hangs until released
    release, hanging = threading.Event(), threading.Event()
    render = duel_game.board_png

    def slow_board(view, lang):
        if not hanging.is_set():
            hanging.set()
            release.wait(20)
        return render(view, lang)

    duel_game.board_png = slow_board
    try:
        panel = await my_hand(emu, stuck, tables[stuck].thread_id, tables[stuck].id)
        if has_actions(panel):
            await run(await emu.click(stuck, panel.id, action_ids(panel)[0]))
        await emu.wait_for(hanging.is_set, timeout=10)
        for user in others:
            table = tables[user]
            mark = emu.mark()
            panel = await my_hand(emu, user, table.thread_id, table.id)
            [done] = await run(await emu.click(user, panel.id, action_ids(panel)[0]))
            assert "✅" in done.content
            await emu.wait_for_message(
                table.thread_id, lambda m: "red" in m.content.lower(), since=mark, timeout=10
            )
    finally:
        release.set()
        duel_game.board_png = render
    await tablero.delivery.wait_idle()
