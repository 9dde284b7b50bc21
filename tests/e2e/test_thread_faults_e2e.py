"""A table never loses its way forward (issue 24 item 5), through the real bot and the emulator:
Discord refusing the table's thread (50013, 50083, 10003, 50001), the thread deleted, the bot removed
from the server, a player leaving it."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from bot.app import TableroBot
from playground.emulator import Emulator, MessageRecord

from .conftest import BotStarter
from .harness import World, my_hand, pick, run, status_message, table_row

pytestmark = pytest.mark.e2e


async def _vs_ai(emu: Emulator, world: World, bot: TableroBot) -> int:
    await run(await emu.slash(world.alice, world.channel, "game new", {"game": "duel"}))
    [thread] = emu.threads(world.channel)
    await bot.delivery.wait_idle()
    return thread


async def _move(emu: Emulator, user: int, thread: int) -> None:
    """The player makes a move through "My hand" (the status message is to be edited after it)."""
    panel = await my_hand(emu, user, thread, 1)
    await run(await pick(emu, user, panel))


def _fault_dms(emu: Emulator, user: int) -> list[MessageRecord]:
    return [
        m
        for m in emu.dm_messages(user)
        if "#1" in m.content and ("stopped" in m.content or "detenido" in m.content)
    ]


def _fault(db: Path) -> str | None:
    return table_row(db, 1)["fault"]


async def test_missing_permissions_are_told_once_by_dm_and_to_admins_then_the_board_resumes(
    emu: Emulator, world: World, tablero: TableroBot, db_path: Path
) -> None:
    thread = await _vs_ai(emu, world, tablero)
    emu.deny_bot(world.channel)  # an admin takes Send Messages away (its threads inherit it)
    await _move(emu, world.alice, thread)
    await emu.wait_for(lambda: _fault(db_path) == "missing_permissions", timeout=10)
    [told] = await emu.wait_for(lambda: _fault_dms(emu, world.alice), timeout=10)
    assert "Send Messages in Threads" in told.content and f"<#{thread}>" in told.content
    refused = sum(r.code == 50013 for r in emu.requests)
    await _move(emu, world.alice, thread)  # still stopped: refused again, and no second DM
    await emu.wait_for(lambda: sum(r.code == 50013 for r in emu.requests) > refused, timeout=10)
    assert len(_fault_dms(emu, world.alice)) == 1

    [admin_list] = await run(await emu.slash(world.admin, world.channel, "game list", {}))
    assert "⚠️" in admin_list.content and "Manage Threads" in admin_list.content
    [player_list] = await run(await emu.slash(world.carol, world.channel, "game list", {}))
    assert "⚠️" not in player_list.content  # only those who can fix it

    emu.deny_bot(world.channel, False)  # fixed
    before = status_message(emu, thread, 1)
    assert before is not None
    edits = before.edits
    await _move(emu, world.alice, thread)
    await emu.wait_for(lambda: _fault(db_path) is None, timeout=15)
    assert status_message(emu, thread, 1).edits > edits  # the board moves again


async def test_an_archived_locked_thread_is_reopened_and_the_board_edited(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    thread = await _vs_ai(emu, world, tablero)
    edits = status_message(emu, thread, 1).edits
    emu.archive_thread(thread, locked=True)
    await _move(emu, world.alice, thread)  # the edit gets 50083; the bot may reopen it
    await emu.wait_for(lambda: status_message(emu, thread, 1).edits > edits, timeout=10)
    assert not emu.store.channels[thread].archived
    assert _fault_dms(emu, world.alice) == []


async def test_a_deleted_thread_is_opened_again_with_the_current_board(
    emu: Emulator, world: World, tablero: TableroBot, db_path: Path
) -> None:
    thread = await _vs_ai(emu, world, tablero)
    emu.delete_channel(thread)  # THREAD_DELETE
    new = await emu.wait_for(lambda: [t for t in emu.threads(world.channel) if t != thread], timeout=10)
    [again] = new
    board = await emu.wait_for(lambda: status_message(emu, again, 1), timeout=10)
    assert board.attachments  # the current board, drawn afresh
    assert table_row(db_path, 1)["thread_id"] == again and _fault(db_path) is None
    await _move(emu, world.alice, again)  # the game goes on there


async def test_a_post_to_a_deleted_thread_opens_it_again_even_without_the_event(
    emu: Emulator, world: World, tablero: TableroBot, db_path: Path
) -> None:
    thread = await _vs_ai(emu, world, tablero)
    emu.store.channels.pop(thread)  # gone while the bot was away: no THREAD_DELETE
    # A change to show (Alice resigns from the channel): the status edit and the post get 10003.
    await run(await emu.slash(world.alice, world.channel, "game resign", {"table": 1}))
    await emu.wait_for(lambda: table_row(db_path, 1)["thread_id"] != thread, timeout=10)
    again = table_row(db_path, 1)["thread_id"]
    await emu.wait_for(lambda: status_message(emu, again, 1), timeout=10)


async def test_a_thread_that_cannot_be_opened_again_is_told(
    emu: Emulator, world: World, tablero: TableroBot, db_path: Path
) -> None:
    thread = await _vs_ai(emu, world, tablero)
    emu.deny_bot(world.channel)  # no new thread may be opened there either
    emu.delete_channel(thread)
    await emu.wait_for(lambda: _fault(db_path) == "deleted", timeout=10)
    [told] = await emu.wait_for(lambda: _fault_dms(emu, world.alice), timeout=10)
    assert "Create Public Threads" in told.content


async def test_the_bot_removed_from_the_server_tells_the_players(
    emu: Emulator, world: World, tablero: TableroBot, db_path: Path
) -> None:
    await _vs_ai(emu, world, tablero)
    other = emu.create_guild("Another server")  # a bot may DM only users it shares a server with
    emu.add_member(other.id, world.alice)
    emu.remove_bot(world.guild)  # GUILD_DELETE
    await emu.wait_for(lambda: _fault(db_path) == "removed", timeout=10)
    [told] = await emu.wait_for(lambda: _fault_dms(emu, world.alice), timeout=10)
    assert "removed" in told.content and "invite me again" in told.content


async def test_a_player_who_leaves_the_server_forfeits_at_the_tables_deadline(
    emu: Emulator, world: World, start: BotStarter, db_path: Path, duel_game: object
) -> None:
    now = [time.time()]
    bot = await start(clock=lambda: now[0], TABLERO_MEMBERS_INTENT=True, TABLERO_REMINDER_DELAY=600)
    await run(
        await emu.slash(world.alice, world.channel, "game new", {"game": "duel", "opponent": world.bob})
    )
    [thread] = emu.threads(world.channel)
    await bot.delivery.wait_idle()
    lobby = status_message(emu, thread, 1)
    await run(await emu.click(world.bob, lobby.id, "tb:join:1"))
    await bot.delivery.wait_idle()
    assert table_row(db_path, 1)["status"] == "active"

    emu.remove_member(world.guild, world.bob)  # GUILD_MEMBER_REMOVE

    def absent() -> list[tuple[str, float]]:
        with sqlite3.connect(db_path) as db:
            return db.execute("SELECT key, due_at FROM deadlines WHERE key LIKE 'absent:%'").fetchall()

    [(key, due)] = await emu.wait_for(absent, timeout=10)
    assert key.startswith(f"absent:{world.bob}:") and due == pytest.approx(now[0] + 600, abs=5)
    now[0] += 601  # the table's deadline (here the reminder delay: duel declares no time limit) passed
    bot.scheduler.notify()
    await emu.wait_for(lambda: table_row(db_path, 1)["status"] == "finished", timeout=10)
    outcome = table_row(db_path, 1)["outcome"]
    assert "bot.forfeit_absent" in outcome
    await bot.delivery.wait_idle()
    assert any(
        "left the server" in m.content or "dejó el servidor" in m.content for m in emu.messages(thread)
    )


async def test_a_player_who_leaves_a_table_with_stand_ins_gets_one_at_the_deadline(
    emu: Emulator, world: World, start: BotStarter, db_path: Path, duel_game: object
) -> None:
    """The member-left path goes through the table's absence rule (bot/absence.py): absent=ai, the
    game's AI plays the departed player's seat to the end instead of a forfeit."""
    now = [time.time()]
    bot = await start(clock=lambda: now[0], TABLERO_MEMBERS_INTENT=True, TABLERO_REMINDER_DELAY=600)
    args = {"game": "duel", "opponent": world.bob, "side": "red", "options": "absent=ai"}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    await bot.delivery.wait_idle()
    await run(await emu.click(world.bob, status_message(emu, thread, 1).id, "tb:join:1"))
    await bot.delivery.wait_idle()
    assert table_row(db_path, 1)["status"] == "active"

    emu.remove_member(world.guild, world.bob)
    await emu.wait_for(lambda: "absent:" in str(_deadline_keys(db_path)), timeout=10)
    now[0] += 601
    bot.scheduler.notify()
    await emu.wait_for(lambda: '"blue"' in (table_row(db_path, 1)["absence"] or ""), timeout=10)
    row = table_row(db_path, 1)
    assert row["status"] == "active" and row["outcome"] is None  # no forfeit: the AI plays for Blue
    await _move(emu, world.alice, thread)  # Alice plays; the stand-in answers for Blue
    await emu.wait_for(lambda: _actors(db_path) & {"ai:blue"}, timeout=10)


def _deadline_keys(db_path: Path) -> list[str]:
    with sqlite3.connect(db_path) as db:
        return [k for (k,) in db.execute("SELECT key FROM deadlines")]


def _actors(db_path: Path) -> set[str]:
    with sqlite3.connect(db_path) as db:
        return {a for (a,) in db.execute("SELECT actor FROM events WHERE actor IS NOT NULL")}


async def test_a_player_back_in_time_keeps_the_seat(
    emu: Emulator, world: World, start: BotStarter, db_path: Path, duel_game: object
) -> None:
    now = [time.time()]
    bot = await start(clock=lambda: now[0], TABLERO_MEMBERS_INTENT=True, TABLERO_REMINDER_DELAY=600)
    await run(
        await emu.slash(world.alice, world.channel, "game new", {"game": "duel", "opponent": world.bob})
    )
    [thread] = emu.threads(world.channel)
    await bot.delivery.wait_idle()
    await run(await emu.click(world.bob, status_message(emu, thread, 1).id, "tb:join:1"))
    await bot.delivery.wait_idle()
    emu.remove_member(world.guild, world.bob)

    def pending() -> int:
        with sqlite3.connect(db_path) as db:
            return db.execute(
                "SELECT COUNT(*) FROM deadlines WHERE key LIKE 'absent:%' AND status = 'pending'"
            ).fetchone()[0]

    await emu.wait_for(lambda: pending() == 1, timeout=10)
    emu.add_member(world.guild, world.bob)  # GUILD_MEMBER_ADD: back
    await emu.wait_for(lambda: pending() == 0, timeout=10)
    now[0] += 601
    bot.scheduler.notify()
    await bot.delivery.wait_idle()
    assert table_row(db_path, 1)["status"] == "active"


async def test_missing_access_is_told_in_the_players_language(
    emu: Emulator, world: World, tablero: TableroBot, db_path: Path
) -> None:
    await run(
        await emu.slash(world.bob, world.channel, "game new", {"game": "duel"})
    )  # Bob's client is in Spanish: his DMs too
    [thread] = emu.threads(world.channel)
    await tablero.delivery.wait_idle()
    emu.fail_next("PATCH", f"/channels/{thread}/messages/*", status=403, code=50001, count=50)
    emu.fail_next("POST", f"/channels/{thread}/messages", status=403, code=50001, count=50)
    await _move(emu, world.bob, thread)
    await emu.wait_for(lambda: _fault(db_path) == "missing_access", timeout=10)
    [told] = await emu.wait_for(lambda: _fault_dms(emu, world.bob), timeout=10)
    assert "ya no puedo ver su hilo" in told.content and "Ver canal" in told.content
