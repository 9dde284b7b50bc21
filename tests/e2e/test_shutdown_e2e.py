"""SIGTERM with moves in flight: the real bot process stops taking interactions, does not wait for a
delivery stuck in a 30 s rate-limit retry, leaves what it has not delivered in the outbox, closes
SQLite and exits 0; a restart delivers the rest.

The 5 s promise itself (bot/lifecycle.py) is the watchdog's, proven without a clock in
tests/bot/test_lifecycle.py; here the bound is far from the 30 s retry and far from the 5 s, so a
loaded machine's slowness fails nothing, while waiting for the retry would."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import pytest

from playground.emulator import Emulator, MessageRecord

from .harness import World, run, status_message
from .test_restart_e2e import latest_dm_prompt, rows, spawn

pytestmark = pytest.mark.e2e

RETRY_S = 30  # the 429's retry_after: discord.py would sleep this long before sending again
NOT_WAITING_FOR_THE_RETRY_S = RETRY_S / 2


async def test_sigterm_with_moves_in_flight_exits_0_within_5_s_and_a_restart_delivers_the_rest(
    emu: Emulator, world: World, db_path: Path, tmp_path: Path
) -> None:
    log = tmp_path / "bot.log"
    proc = await spawn(emu, db_path, log)
    try:
        await emu.wait_for(lambda: emu.store.command("game", None), timeout=10)
        # The promise is for a bot at work, not one still booting: its worker pool's forkserver
        # imports the whole catalogue (seconds of CPU on a loaded machine) right after login.
        await emu.wait_for(lambda: "worker process(es) started" in log.read_text(), timeout=60, poll=0.1)
        args = {"game": "duel", "opponent": world.bob, "side": "red"}
        await run(await emu.slash(world.alice, world.channel, "game new", args))
        [thread] = emu.threads(world.channel)
        lobby = await emu.wait_for(lambda: status_message(emu, thread, 1))
        await run(await emu.click(world.bob, lobby.id, "tb:join:1"))
        await emu.wait_for(
            lambda: latest_dm_prompt(emu, world.alice) and latest_dm_prompt(emu, world.bob), timeout=10
        )
        # Alice moves; the announcement of her move is held by a 429 (discord.py waits 30 s in it)
        emu.fail_next("POST", f"/channels/{thread}/messages", status=429, retry_after=RETRY_S)
        prompt = latest_dm_prompt(emu, world.alice)
        [reply] = await run(await emu.click(world.alice, prompt.id, prompt.custom_ids[0]))
        assert "✅" in reply.content
        await emu.wait_for(lambda: any(r.status == 429 for r in emu.requests), timeout=10)

        # Bob's move and Alice's "My hand" are in flight when SIGTERM arrives
        bobs = latest_dm_prompt(emu, world.bob)
        in_flight = [
            await emu.click(world.bob, bobs.id, bobs.custom_ids[0]),
            await emu.click(world.alice, status_message(emu, thread, 1).id, "tb:hand:1"),
        ]
        signalled = time.monotonic()
        os.kill(proc.pid, signal.SIGTERM)
        code = await asyncio.wait_for(proc.wait(), 15)
        elapsed = time.monotonic() - signalled
        text = log.read_text()
        assert code == 0, text[-3000:]  # SQLite closed before anything could make the watchdog fire
        assert elapsed < NOT_WAITING_FOR_THE_RETRY_S, (elapsed, text[-3000:])
        # on a loaded machine the watchdog may end a clean process (exit 0 above); nothing else is an error
        errors = [line for line in text.splitlines() if " ERROR " in line and "shutdown overran" not in line]
        assert "shutting down" in text and not errors, errors
        # SQLite was closed: the last connection to close checkpoints and removes the WAL file
        assert not Path(f"{db_path}-wal").exists()
        assert ("turn",) in rows(db_path, "SELECT kind FROM deliveries WHERE status = 'pending'")
        # a move that was acknowledged is in the log; one that was not is not half there
        bob_acked = any("✅" in m.content for m in in_flight[0].messages)
        blue = rows(
            db_path,
            "SELECT COUNT(*) FROM events WHERE table_id = 1 AND actor = 'blue' AND kind = 'committed'",
        )[0][0]
        assert blue == 1 if bob_acked else blue <= 1
        seqs = [s for (s,) in rows(db_path, "SELECT seq FROM events WHERE table_id = 1 ORDER BY seq")]
        assert seqs == list(range(1, len(seqs) + 1))

        def announcement(message: MessageRecord) -> bool:  # the held turn message (not the status message)
            return "red commits a card" in message.content and "tb:rules:1" not in message.custom_ids

        assert not any(announcement(m) for m in emu.messages(thread))
        proc = await spawn(emu, db_path, log)
        # what was left in the outbox is delivered by the new process, once
        await emu.wait_for_message(thread, announcement, since=0, timeout=10)
        await emu.wait_for(
            lambda: not rows(db_path, "SELECT 1 FROM deliveries WHERE status = 'pending'"), timeout=10
        )
        assert len([m for m in emu.messages(thread) if announcement(m)]) == 1
        os.kill(proc.pid, signal.SIGTERM)
        assert await asyncio.wait_for(proc.wait(), 15) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
