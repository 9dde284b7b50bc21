"""Faults through the emulator: DMs closed, 429s with and without retry headers, 5xx, expired
interaction tokens (10062 on the first answer, 50027 on a late follow-up), a gateway disconnect
and resume, a board render that hangs. Each time the game goes on to its end and nothing is lost:
every acknowledged click is in the log once, the log folds to the stored state, and every outbox
row was delivered.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from pathlib import Path

import pytest

from bot.app import TableroBot
from engine.core import fold
from playground.emulator import Emulator
from tests.e2e.harness import World, action_ids, drive, my_hand, run, status_message
from tests.games.duel import RULES as DUEL

from .support import BROKE, challenge, rows, says

pytestmark = pytest.mark.e2e


@pytest.fixture(autouse=True)
def no_errors_logged(caplog: pytest.LogCaptureFixture):
    """A fault is weather, not a bug: nothing is logged at ERROR (a bug would be)."""
    caplog.set_level(logging.WARNING)
    yield
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert not errors, [f"{r.name}: {r.getMessage()}" for r in errors]


def decisions(db_path: Path, table: int) -> int:
    """Commits and boosts in the log: one per accepted click in a Duel between two players."""
    return rows(
        db_path,
        "SELECT COUNT(*) FROM events WHERE table_id = ? AND kind IN ('committed', 'boosted')"
        " AND json_extract(data, '$.seat') = actor",
        (table,),
    )[0][0]


async def nothing_lost(tablero: TableroBot, db_path: Path, table: int, accepted: int) -> None:
    """The game ended; every accepted click is in the log once; state = fold(log); outbox done."""
    await tablero.delivery.wait_idle(20)
    record = await tablero.tables.get(table)
    assert record.status == "finished"
    assert decisions(db_path, table) == accepted
    log = await tablero.store.load_events(table)
    state = fold(DUEL, [DUEL.parse_event(e.data) for e in log])
    assert state.model_dump() == (await tablero.tables.load(table)).state.model_dump()
    assert [e.seq for e in log] == list(range(1, record.version + 1))
    assert not rows(db_path, "SELECT id FROM deliveries WHERE table_id = ? AND status = 'pending'", (table,))


async def play(emu: Emulator, world: World, tablero: TableroBot, thread: int, table: int) -> int:
    return await drive(emu, [world.alice, world.bob], thread, table, settle=tablero.delivery.wait_idle)


async def test_closed_dms_do_not_stop_the_game(
    emu: Emulator, world: World, tablero: TableroBot, db_path
) -> None:
    emu.deny_dms(world.alice)
    emu.deny_dms(world.bob)
    table, thread = await challenge(emu, tablero, world.alice, world.bob, world.channel)
    accepted = await play(emu, world, tablero, thread, table)
    await nothing_lost(tablero, db_path, table, accepted)
    notices = [m for m in emu.messages(thread) if says(m, "bot.dm_closed")]
    assert sorted(m.mentions[0] for m in notices) == sorted([world.alice, world.bob])  # once each
    assert emu.dm_messages(world.alice) == emu.dm_messages(world.bob) == []


async def test_rate_limits_and_server_errors_delay_but_lose_nothing(
    emu: Emulator, world: World, tablero: TableroBot, db_path
) -> None:
    tablero.delivery.retry_base = 0.2  # the worker's own back-off (0.2 s, 0.04 s, ...) instead of 2 s, 4 s
    table, thread = await challenge(emu, tablero, world.alice, world.bob, world.channel)
    posts = f"/channels/{thread}/messages"
    # 429 with Retry-After/Via: discord.py waits and retries by itself
    emu.fail_next("POST", posts, status=429, retry_after=0.05, via=True, count=2)
    # 429 without Via (Cloudflare's answer): discord.py raises; the outbox retries later
    emu.fail_next("POST", posts, status=429, retry_after=0.05, via=False, count=1)
    # 502 and 500 on the status message's edits, and on DMs
    emu.fail_next("PATCH", f"/channels/{thread}/messages/*", status=502)
    emu.fail_next("POST", "/channels/*/messages", status=500)
    accepted = await play(emu, world, tablero, thread, table)
    await nothing_lost(tablero, db_path, table, accepted)
    refused = [r.status for r in emu.requests if r.status in (429, 500, 502)]
    assert sorted(set(refused)) == [429, 500, 502]
    # every posted notification exists once (the nonce makes a retried POST a no-op on Discord)
    turns = rows(db_path, "SELECT message_id FROM deliveries WHERE table_id = ? AND kind = 'turn'", (table,))
    posted = [
        m.id for m in emu.messages(thread) if m.interaction_id is None and "tb:rules" not in str(m.custom_ids)
    ]
    assert sorted(m for (m,) in turns if m) == sorted(posted)


async def test_an_expired_interaction_applies_nothing_and_the_retry_applies_once(
    emu: Emulator, world: World, tablero: TableroBot, db_path
) -> None:
    table, thread = await challenge(emu, tablero, world.alice, world.bob, world.channel)
    panel = await my_hand(emu, world.alice, thread, table)
    button = action_ids(panel)[0]
    it = await emu.click(world.alice, panel.id, button)  # awaits nothing: the bot has not seen it yet
    assert it.callback_type is None and not it.errors
    emu.advance_clock(3.5)  # the interaction reaches the bot 3.5 s old: its first answer is too late
    await emu.wait_for(lambda: (404, 10062) in it.errors, timeout=30)
    await tablero.delivery.wait_idle()
    assert decisions(db_path, table) == 0  # the bot stops before the move when it cannot answer
    # the deadline clock is stopped (tests/playground/fixtures.py): the retry is in time however busy
    [reply] = await run(await emu.click(world.alice, panel.id, button))
    assert "✅" in reply.content and decisions(db_path, table) == 1
    accepted = 1 + await play(emu, world, tablero, thread, table)
    await nothing_lost(tablero, db_path, table, accepted)


async def test_a_follow_up_after_the_token_expired_loses_no_move(
    emu: Emulator, world: World, start, db_path, duel_game
) -> None:
    """The move is stored before the answer: when the answer comes too late (50027, token older
    than 15 minutes) the player sees no ✅, yet the move stands and the thread and DMs show it."""
    tablero = await start(TABLERO_WORKERS=0)  # jobs in-process: the patched render below must run
    table, thread = await challenge(emu, tablero, world.alice, world.bob, world.channel)
    panel = await my_hand(emu, world.alice, thread, table)
    release, hanging = threading.Event(), threading.Event()
    private = duel_game.private_png

    def slow_private(view, lang):  # the player's panel after the move is drawn very slowly
        hanging.set()
        release.wait(20)
        return private(view, lang)

    duel_game.private_png = slow_private
    mark = emu.mark()
    try:
        it = await emu.click(world.alice, panel.id, action_ids(panel)[0])
        await emu.wait_for(hanging.is_set, timeout=10)
        emu.advance_clock(16 * 60)
    finally:
        release.set()
    await emu.wait_for(lambda: (401, 50027) in it.errors, timeout=10)
    duel_game.private_png = private
    assert decisions(db_path, table) == 1
    await emu.wait_for_message(thread, lambda m: "red" in m.content.lower(), since=mark, timeout=10)
    accepted = 1 + await play(emu, world, tablero, thread, table)
    await nothing_lost(tablero, db_path, table, accepted)


async def test_a_gateway_disconnect_and_resume_lose_no_click(
    emu: Emulator, world: World, tablero: TableroBot, db_path
) -> None:
    table, thread = await challenge(emu, tablero, world.alice, world.bob, world.channel)
    panel = await my_hand(emu, world.alice, thread, table)
    identified = emu.identify_count
    await emu.disconnect()
    it = await emu.click(world.alice, panel.id, action_ids(panel)[0])  # sent while the bot is away
    [reply] = await it.wait_done(15)
    assert "✅" in reply.content and emu.resume_count >= 1 and emu.identify_count == identified
    assert emu.gateway.replayed
    accepted = 1 + await play(emu, world, tablero, thread, table)
    await nothing_lost(tablero, db_path, table, accepted)


async def test_a_hanging_board_render_delays_only_the_picture(
    emu: Emulator, world: World, tablero: TableroBot, db_path, duel_game
) -> None:
    table, thread = await challenge(emu, tablero, world.alice, world.bob, world.channel)
    release = threading.Event()
    board = duel_game.board_png

    def slow_board(view, lang):
        release.wait(20)
        return board(view, lang)

    duel_game.board_png = slow_board
    try:
        panel = await my_hand(emu, world.alice, thread, table)
        [reply] = await run(await emu.click(world.alice, panel.id, action_ids(panel)[0]))
        assert "✅" in reply.content and not says(reply, BROKE)
        panel = await my_hand(emu, world.bob, thread, table)  # the other player plays on meanwhile
        [reply] = await run(await emu.click(world.bob, panel.id, action_ids(panel)[0]))
        assert "✅" in reply.content
    finally:
        release.set()
        await asyncio.sleep(0)
    duel_game.board_png = board
    accepted = 2 + await play(emu, world, tablero, thread, table)
    await nothing_lost(tablero, db_path, table, accepted)
    status = status_message(emu, thread, table)
    version = (await tablero.tables.get(table)).version
    assert status.attachments[0].filename == f"table-{table}-v{version}.png"
