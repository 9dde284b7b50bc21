"""Space Hulk's typed orders, live timer and reactive windows end to end, through the emulator and
the real bot: `/order` with an illegal third step, a live Marine turn that runs out while the bot is
down, and an interrupt prompt that reaches only the Marine player (SHB-3.5, SHB-5.3, SHB-7.3)."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from engine.core import dice_for
from engine.spacehulk.state import AgInterrupt
from playground.emulator import Emulator

from .harness import World, run, status_message

pytestmark = pytest.mark.e2e
pytest.importorskip("renderers.spacehulk")


class Clock:
    """The bot's clock: the wall clock plus what the test adds (time passing while the bot is down)."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


def kinds(db_path: Path, table: int = 1) -> list[str]:
    with sqlite3.connect(db_path) as db:
        return [k for (k,) in db.execute("SELECT kind FROM events WHERE table_id = ? ORDER BY seq", (table,))]


async def new_table(emu: Emulator, world: World, **args: Any) -> int:
    await run(await emu.slash(world.alice, world.channel, "game new", {"game": "spacehulk", **args}))
    [thread] = emu.threads(world.channel)
    await emu.wait_for(lambda: status_message(emu, thread, 1), timeout=10)
    return thread


async def test_an_order_with_an_illegal_third_step(
    emu: Emulator, world: World, start: Any, db_path: Path
) -> None:
    """The door opens and M1 steps into it; FR runs into the wall at K6 (SHB-7.3): the player reads
    the reason in his language, and the first two steps stay applied."""
    bot = await start(TABLERO_WORKERS=0)
    thread = await new_table(emu, world, side="marine", options="timer_mode=untimed")
    await bot.delivery.wait_idle()
    before = kinds(db_path)
    [reply] = await run(await emu.slash(world.alice, thread, "order", {"text": "M1 door F FR F"}))
    assert reply.ephemeral
    assert "1. `door`: 1 AP, 0 CP" in reply.content and "2. `F`: 1 AP, 0 CP" in reply.content
    assert "3. `FR`: refused. K6 is a wall." in reply.content
    assert "The steps before it stay applied." in reply.content
    added = kinds(db_path)[len(before) :]
    assert "door_changed" in added and "moved" in added
    # a dry run shows the price and applies nothing; the same text with a typo changes nothing either
    n = len(kinds(db_path))
    [dry] = await run(await emu.slash(world.alice, thread, "order", {"text": "M1 F L", "dry_run": True}))
    assert "nothing is applied" in dry.content and "1. `F`: 1 AP, 0 CP" in dry.content
    [typo] = await run(await emu.slash(world.alice, thread, "order", {"text": "M1 L zap"}))
    assert "I do not know the order word zap." in typo.content
    assert len(kinds(db_path)) == n


async def test_a_live_turn_runs_out_while_the_bot_is_down(
    emu: Emulator, world: World, start: Any, db_path: Path
) -> None:
    """SHB-3.1, SHB-3.5: the deadline is stored when the Marine turn begins; the bot is stopped, the
    time passes, and the restarted bot ends the phase at once, from the stored deadline."""
    clock = Clock()
    bot = await start(clock=clock, TABLERO_WORKERS=0)
    thread = await new_table(emu, world, side="marine", pace="live")
    await bot.delivery.wait_idle()
    with sqlite3.connect(db_path) as db:
        [(due,)] = db.execute("SELECT due_at FROM deadlines WHERE kind = 'timeout' AND status = 'pending'")
    status = status_message(emu, thread, 1)
    assert f"<t:{int(due)}:R>" in status.content  # the countdown in the status message
    [reply] = await run(await emu.slash(world.alice, thread, "order", {"text": "M1 door"}))
    assert "1. `door`: 1 AP, 0 CP" in reply.content
    await bot.delivery.wait_idle()
    await bot.close()  # the bot goes down ...
    assert "timer_expired" not in kinds(db_path)
    clock.offset += due - clock() + 5  # ... and the turn's time runs out meanwhile
    await start(clock=clock, TABLERO_WORKERS=0)
    await emu.wait_for(lambda: "marine_phase_ended" in kinds(db_path), timeout=15)
    log = kinds(db_path)
    assert log.count("timer_expired") == 1
    assert log.index("timer_expired") < log.index("marine_phase_ended")
    # The expiry's own commit voids the limit the game no longer declares; the scheduler then marks
    # it done (fired), a step after the events are visible: wait for that, not for the outbox.
    await emu.wait_for(lambda: timeout_status(db_path, "marine-turn-1") == "done", timeout=15)


def timeout_status(db_path: Path, key: str) -> str | None:
    with sqlite3.connect(db_path) as db:
        return dict(db.execute("SELECT key, status FROM deadlines WHERE kind = 'timeout'")).get(key)


async def test_an_interrupt_prompt_reaches_only_the_marine_player(
    emu: Emulator, world: World, start: Any, db_path: Path
) -> None:
    """SHB-5.3: a Genestealer action a Marine sees opens the Marine player's interrupt window: his
    prompt comes to him alone; the Genestealer player is told nothing of his command points."""
    bot = await start(TABLERO_WORKERS=0)
    args = {"side": "marine", "opponent": world.bob, "options": "timer_mode=untimed"}
    thread = await new_table(emu, world, **args)
    lobby = status_message(emu, thread, 1)
    await run(await emu.click(world.bob, lobby.id, "tb:join:1"))
    users = {"marine": world.alice, "genestealer": world.bob}
    # Both sides play as the engine's AI would, through the table service, up to the Genestealer
    # action that opens the window; that last action is Bob's typed order through Discord.
    for _ in range(400):
        await bot.delivery.wait_idle()
        loaded = await bot.tables.load(1)
        rules, state = loaded.rules, loaded.state
        [seat] = sorted(rules.active_seats(state))
        legal = rules.legal_actions(state, seat)
        action = rules.pilot(seat).choose(rules.view(state, seat), legal, dice_for(state).fork("test"))
        word = _word(state, action) if seat == "genestealer" else None
        if word is not None and await _opens_window(bot, seat, action):
            break
        await bot.tables.submit(1, users[seat], action, loaded.table.version)
    else:
        raise AssertionError("no interrupt window came up")
    marks = {user: len(emu.dm_messages(user)) for user in (world.alice, world.bob)}
    posts = len(emu.messages(thread))
    [reply] = await run(await emu.slash(world.bob, thread, "order", {"text": f"{action.model} {word}"}))
    assert f"1. `{word}`: 1 PA, 0 PM" in reply.content  # Bob reads Spanish
    await bot.delivery.wait_idle()
    state = (await bot.tables.load(1)).state
    assert isinstance(state.top(), AgInterrupt)
    alice_new = emu.dm_messages(world.alice)[marks[world.alice] :]
    assert alice_new and any(m.custom_ids for m in alice_new)  # her prompt, with its choices
    assert emu.dm_messages(world.bob)[marks[world.bob] :] == []  # nothing for Bob
    # and no mention in the thread either: her DMs are open, so the prompt went there only
    assert all(f"<@{world.alice}>" not in m.content for m in emu.messages(thread)[posts:])
    # a standing order given now answers the waiting prompt at once, and is kept for the next ones
    args = {"order": "interrupt", "value": "overwatch_only"}
    [kept] = await run(await emu.slash(world.alice, thread, "standing", args))
    assert kept.ephemeral and "It answered the prompt that was waiting for you." in kept.content
    assert "overwatch shots only (never interrupt)" in kept.content
    assert not isinstance((await bot.tables.load(1)).state.top(), AgInterrupt)


async def _opens_window(bot: Any, seat: str, action: Any) -> bool:
    """Whether this action, applied now, would open the Marine player's interrupt window (a pure
    probe on the loaded state: nothing is committed)."""
    from engine.core import step

    loaded = await bot.tables.load(1)
    try:
        after, _ = step(loaded.rules, loaded.state, seat, action)
    except Exception:
        return False
    return isinstance(after.top(), AgInterrupt)


WORDS = {(1, 0): "F", (-1, 0): "B", (1, -1): "FL", (1, 1): "FR", (-1, -1): "BL", (-1, 1): "BR"}
WORDS |= {(0, -1): "SL", (0, 1): "SR"}


def _word(state: Any, action: Any) -> str | None:
    """The order word for a Genestealer's one-square move on the board (None for anything else)."""
    from engine.spacehulk.board.board import relative

    if action.kind != "move" or action.facing is not None or action.jump or action.fire:
        return None
    piece = state.pieces[action.model]
    if piece.kind != "genestealer" or piece.pos is None:
        return None
    return WORDS.get(relative(piece.facing, piece.pos, tuple(action.to)))
