"""The restart test: play, SIGKILL the bot process, start it again on the same SQLite file, finish.

Buttons sent before the restart still work, the delivery that was in flight is completed after the
restart, and no move is lost or applied twice.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
from pathlib import Path

import pytest

from playground.emulator import Emulator, MessageRecord

from .harness import World, drive, has_actions, latest_prompt, pick, run, status_message

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]


async def spawn(emu: Emulator, db_path: Path, log: Path) -> asyncio.subprocess.Process:
    env = os.environ | {
        "DISCORD_TOKEN": emu.token,
        "TABLERO_DB": str(db_path),
        "DISCORD_API_BASE": emu.api_base,
        "DISCORD_GATEWAY_URL": emu.gateway_url,
        "TABLERO_GUILD_READY_TIMEOUT": "0.05",
        "TABLERO_TEST_GAMES": "1",
        "TABLERO_TEST_SEED": "6",
        "LOG_LEVEL": "INFO",
    }
    sessions = len(emu.gateway.sessions)
    out = log.open("ab")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.e2e.botproc", cwd=ROOT, env=env, stdout=out, stderr=out
    )
    try:
        await emu.wait_for(lambda: len(emu.gateway.sessions) > sessions and emu.gateway.connected, timeout=30)
    except TimeoutError:
        proc.kill()
        raise AssertionError(log.read_text()) from None
    return proc


def latest_dm_prompt(emu: Emulator, user: int) -> MessageRecord | None:
    prompts = [m for m in emu.dm_messages(user) if has_actions(m) and not m.ephemeral]
    return prompts[-1] if prompts else None


def rows(db_path: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(db_path) as db:
        return list(db.execute(sql))


def assert_each_turn_posted_once(emu: Emulator, db_path: Path, thread: int) -> None:
    """Every turn announcement the outbox marks done is a bot post in the thread, and each post is one."""
    turn_ids = [
        m
        for (m,) in rows(db_path, "SELECT message_id FROM deliveries WHERE kind = 'turn' AND status = 'done'")
    ]
    bot_posts = [
        m.id for m in emu.messages(thread) if m.author_id == emu.bot.id and "tb:rules:1" not in m.custom_ids
    ]
    assert sorted(turn_ids) == sorted(bot_posts)


async def stop(proc: asyncio.subprocess.Process) -> None:
    """End the bot process if it still runs: terminate, then kill after 10 s."""
    if proc.returncode is None:
        proc.terminate()
        try:
            await asyncio.wait_for(proc.wait(), 10)
        except TimeoutError:
            proc.kill()


async def test_sigkill_and_restart_lose_and_double_nothing(
    emu: Emulator, world: World, db_path: Path, tmp_path: Path
) -> None:
    log = tmp_path / "bot.log"
    proc = await spawn(emu, db_path, log)
    try:
        await emu.wait_for(lambda: emu.store.command("game", None), timeout=10)
        await run(
            await emu.slash(
                world.alice, world.channel, "game new", {"game": "duel", "opponent": world.bob, "side": "red"}
            )
        )
        [thread] = emu.threads(world.channel)
        lobby = await emu.wait_for(lambda: status_message(emu, thread, 1))
        await run(await emu.click(world.bob, lobby.id, "tb:join:1"))
        await emu.wait_for(
            lambda: latest_dm_prompt(emu, world.alice) and latest_dm_prompt(emu, world.bob), timeout=10
        )
        bobs_button = latest_dm_prompt(emu, world.bob)  # drawn before the crash, clicked after it

        # Alice moves; the announcement of her move is held by a 429 (discord.py waits 30 s) ...
        emu.fail_next("POST", f"/channels/{thread}/messages", status=429, retry_after=30)
        [reply] = await run(await pick(emu, world.alice, latest_dm_prompt(emu, world.alice)))
        assert "✅" in reply.content
        await emu.wait_for(lambda: any(r.status == 429 for r in emu.requests), timeout=10)
        # ... and the bot dies hard while it waits
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        assert rows(db_path, "SELECT kind FROM events WHERE table_id = 1 ORDER BY seq") == [
            ("started",),
            ("committed",),
        ]
        pending = rows(db_path, "SELECT kind FROM deliveries WHERE status = 'pending'")
        assert ("turn",) in pending

        proc = await spawn(emu, db_path, log)
        # the delivery that was in flight is completed by the new process
        await emu.wait_for_message(thread, lambda m: "red commits a card" in m.content, since=0, timeout=10)
        # Bob's DM button from before the restart still works
        [reply] = await run(await emu.click(world.bob, bobs_button.id, bobs_button.custom_ids[0]))
        assert "✅" in reply.content, reply.content

        # finish the game through "My hand"
        applied = {"red": 1, "blue": 1}
        for _ in range(60):
            status = await emu.wait_for(lambda: status_message(emu, thread, 1))
            if "tb:rematch:1" in status.custom_ids:
                break
            for user, seat in ((world.alice, "red"), (world.bob, "blue")):
                status = status_message(emu, thread, 1)
                if "tb:hand:1" not in status.custom_ids:
                    break  # the game just ended
                [panel] = await run(await emu.click(user, status.id, "tb:hand:1"))
                if has_actions(panel):
                    [done] = await run(await pick(emu, user, panel))
                    assert "✅" in done.content
                    applied[seat] += 1
            await asyncio.sleep(0)
        else:
            await emu.wait_for(
                lambda: "tb:rematch:1" in status_message(emu, thread, 1).custom_ids, timeout=10
            )

        await emu.wait_for(
            lambda: not rows(db_path, "SELECT 1 FROM deliveries WHERE status = 'pending'"), timeout=10
        )
        actors = rows(
            db_path,
            "SELECT actor, COUNT(*) FROM events WHERE table_id = 1 AND actor IS NOT NULL GROUP BY actor",
        )
        seqs = [s for (s,) in rows(db_path, "SELECT seq FROM events WHERE table_id = 1 ORDER BY seq")]
        assert seqs == list(range(1, len(seqs) + 1))
        # every acknowledged click is in the log exactly once (each click yields one commit or boost)
        decisions = dict(
            rows(
                db_path,
                "SELECT actor, COUNT(*) FROM events WHERE table_id = 1 AND kind IN ('committed', 'boosted') GROUP BY actor",
            )
        )
        assert decisions == applied, (decisions, applied, actors)
        # every message the bot created carried a nonce with enforce_nonce (Discord dedups a resend), and
        # the announcement held before the crash was re-sent after it under the same nonce
        posts = [
            r
            for r in emu.requests
            if r.method == "POST" and r.path.endswith("/messages") and r.path.startswith("/channels/")
        ]
        assert posts and all(r.json.get("nonce") and r.json.get("enforce_nonce") is True for r in posts)
        held = next(r for r in posts if r.status == 429)
        assert [r.status for r in posts if r.json["nonce"] == held.json["nonce"]] == [429, 200]
        # every announcement was posted exactly once
        assert_each_turn_posted_once(emu, db_path, thread)
    finally:
        await stop(proc)


async def test_canyon_restart_completes_the_held_dm_and_old_buttons_work(
    emu: Emulator, world: World, db_path: Path, tmp_path: Path
) -> None:
    pytest.importorskip("renderers.canyon")
    log = tmp_path / "bot.log"
    proc = await spawn(emu, db_path, log)
    clicks = 0
    try:
        await emu.wait_for(lambda: emu.store.command("game", None), timeout=10)
        args = {"game": "canyon", "opponent": world.bob, "side": "marine"}
        await run(await emu.slash(world.alice, world.channel, "game new", args))
        [thread] = emu.threads(world.channel)
        lobby = await emu.wait_for(lambda: status_message(emu, thread, 1))
        await run(await emu.click(world.bob, lobby.id, "tb:join:1"))
        await emu.wait_for(
            lambda: latest_prompt(emu, world.alice) and emu.dm_channel_of(world.bob), timeout=10
        )
        await emu.wait_for(lambda: emu.dm_messages(world.bob), timeout=10)
        status = status_message(emu, thread, 1)  # posted before the restart

        # The Marine plays; the Ork's DM with his choices is held by a 429 and the bot is killed
        emu.fail_next(
            "POST", f"/channels/{emu.dm_channel_of(world.bob)}/messages", status=429, retry_after=30
        )
        [reply] = await run(await pick(emu, world.alice, latest_prompt(emu, world.alice)))
        assert "✅" in reply.content
        clicks += 1
        await emu.wait_for(lambda: any(r.status == 429 for r in emu.requests), timeout=10)
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        assert ("dm",) in rows(db_path, "SELECT kind FROM deliveries WHERE status = 'pending'")
        assert latest_prompt(emu, world.bob) is None

        proc = await spawn(emu, db_path, log)
        prompt = await emu.wait_for(
            lambda: latest_prompt(emu, world.bob), timeout=10
        )  # delivered after the restart
        [reply] = await run(await pick(emu, world.bob, prompt))
        assert "✅" in reply.content
        clicks += 1
        # a button sent before the restart: "My hand" on the old status message
        [panel] = await run(await emu.click(world.alice, status.id, "tb:hand:1"))
        assert "Marine" in panel.content

        async def settle() -> None:
            await emu.wait_for(
                lambda: not rows(db_path, "SELECT 1 FROM deliveries WHERE status = 'pending'"), timeout=10
            )

        clicks += await drive(emu, [world.alice, world.bob], thread, 1, settle=settle)
        await settle()
        assert rows(db_path, "SELECT status FROM tables WHERE id = 1") == [("finished",)]
        seqs = [s for (s,) in rows(db_path, "SELECT seq FROM events WHERE table_id = 1 ORDER BY seq")]
        assert seqs == list(range(1, len(seqs) + 1))
        # one transaction per accepted click (events of one submit share their timestamp): none lost, none doubled
        submits = rows(
            db_path, "SELECT COUNT(DISTINCT at) FROM events WHERE table_id = 1 AND actor IN ('marine', 'ork')"
        )
        assert submits == [(clicks,)]
        assert_each_turn_posted_once(emu, db_path, thread)
    finally:
        await stop(proc)
