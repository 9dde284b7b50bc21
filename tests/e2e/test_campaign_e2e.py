"""The Deathwing campaign through Discord: a campaign table whose missions open as Space Hulk tables
in its thread, each one's end fed back into the campaign; three missions with a restart of the bot
between the first and the second (the campaign is one record in SQLite that outlives the process)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.app import TableroBot
from playground.emulator import Emulator

from .harness import World, latest_prompt, pick, run, status_message

pytestmark = pytest.mark.e2e


def _rows(db_path: Path, sql: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db_path) as db:
        return list(db.execute(sql))


def _missions(db_path: Path) -> int:
    return _rows(db_path, "SELECT COUNT(*) FROM events WHERE table_id = 1 AND kind = 'mission_recorded'")[0][
        0
    ]


def _open_rounds(db_path: Path) -> list[int]:
    return [i for (i,) in _rows(db_path, "SELECT id FROM tables WHERE series_of = 1 AND status = 'active'")]


async def _next_mission(emu: Emulator, world: World, bot: TableroBot, db_path: Path, thread: int) -> None:
    """Alice fields her first available squad until a mission table opens; then she concedes it."""
    done = _missions(db_path)
    for _ in range(6):
        await bot.delivery.wait_idle()
        rounds = _open_rounds(db_path)
        if rounds:
            [table] = rounds
            await emu.wait_for(lambda t=table: status_message(emu, thread, t), timeout=10)
            row = _rows(db_path, f"SELECT game, seats, thread_id FROM tables WHERE id = {table}")[0]
            assert row[0] == "spacehulk" and row[2] == thread
            await run(await emu.slash(world.alice, thread, "game resign", {"table": table}))
            await bot.delivery.wait_idle()
            assert _rows(db_path, f"SELECT status FROM tables WHERE id = {table}") == [("finished",)]
            break
        if _missions(db_path) > done:
            return  # decided without a table (Reconnaissance's teleport rolls)
        prompt = await emu.wait_for(lambda: latest_prompt(emu, world.alice), timeout=10)
        [reply] = await run(await pick(emu, world.alice, prompt))
        assert "✅" in reply.content, reply.content
    await emu.wait_for(lambda: _missions(db_path) > done, timeout=10)


async def test_a_campaign_of_three_missions_across_a_restart(
    emu: Emulator, world: World, start: Any, db_path: Path
) -> None:
    bot = await start(TABLERO_WORKERS=0)
    args = {"game": "dw_campaign", "opponent": world.bob, "side": "marine", "options": "force_points=60"}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    await bot.delivery.wait_idle()
    await run(await emu.click(world.bob, status_message(emu, thread, 1).id, "tb:join:1"))
    await bot.delivery.wait_idle()
    prompt = await emu.wait_for(lambda: latest_prompt(emu, world.alice), timeout=10)
    most = lambda buttons: max(buttons, key=lambda b: b.get("label", "").count(","))  # noqa: E731
    [reply] = await run(await pick(emu, world.alice, prompt, most))
    assert "✅" in reply.content, reply.content
    status = await emu.wait_for(lambda: status_message(emu, thread, 1))
    assert status.attachments  # the squad sheets

    await _next_mission(emu, world, bot, db_path, thread)
    assert _missions(db_path) == 1
    await bot.close()

    bot = await start(TABLERO_WORKERS=0)
    for n in (2, 3):
        await _next_mission(emu, world, bot, db_path, thread)
        assert _missions(db_path) == n
    await bot.delivery.wait_idle()
    assert _rows(db_path, "SELECT status FROM tables WHERE id = 1") == [("active",)]
    rounds = _rows(db_path, "SELECT COUNT(*) FROM tables WHERE series_of = 1")[0][0]
    assert 2 <= rounds <= 3

    # the campaign's ledger (issue 28 item 4), built from its stored events after the restart: every
    # mission with its result, the torpedoes, the totals, and the round tables it opened; posted
    # in the channel for anyone to read
    replies = await run(await emu.slash(world.carol, world.channel, "campaign ledger", {"table": 1}))
    ledger = "\n".join(m.content for m in replies)
    assert all(m.ephemeral_to is None for m in replies)
    assert "Ledger of table #1 (Deathwing campaign)" in ledger
    assert "3 missions played" in ledger and "Mission 1: Reconnaissance" in ledger
    assert "boarding torpedo" in ledger and "The campaign goes on." in ledger
    assert "Its tables: #2 (finished)" in ledger
    # a mission table keeps no ledger: refused privately
    [refused] = await run(await emu.slash(world.carol, world.channel, "campaign ledger", {"table": 2}))
    assert refused.ephemeral_to == world.carol and "keeps no ledger" in refused.content
    # its missions are rated as games of their own (the campaign table is not): Bob won them all
    [board] = await run(
        await emu.slash(
            world.carol, world.channel, "leaderboard", {"game": "spacehulk", "side": "genestealer"}
        )
    )
    assert board.content.splitlines()[1].startswith(f"1. <@{world.bob}>")

    assert not emu.unknown_requests
