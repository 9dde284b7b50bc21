"""A cluster loses a process (issue 25 item 7, first part): `tablero cluster` of two processes, one
shard each, on one SQLite file; a Duel on a server of shard 1, its hands played from DM buttons,
which Discord sends to shard 0. The process of shard 1 is SIGKILLed mid-game and kept from
reconnecting: the survivor (shard 0) serves the dead process's table at once, DM clicks and the
announcements in the server's thread included. Then shard 1's process is back (restarted by the
supervisor), an old DM button from before the kill still plays, the game is finished through both
processes, and nothing acknowledged is lost, nothing applied twice, every turn posted once.

Kills at seeded points of play across both processes, a live timer and a campaign hand-over, on
PostgreSQL: tests/reliability/test_cluster_chaos.py (the rest of item 7)."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from bot.leases import LEASE_S
from playground.emulator import Emulator, MessageRecord
from tests.bot.engines import empty_schema, engine, need_pg, pg_schema  # noqa: F401 (engine: both engines)
from tests.e2e.cluster_harness import WINDOW, Supervisor, alive, children, connected_shards, rows
from tests.e2e.harness import has_actions, pick, run, status_message

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]


@pytest.fixture
async def database(engine: str, tmp_path: Path) -> str:  # noqa: F811 (the fixture imported above)
    """The cluster's database: a SQLite file, or this worker's PostgreSQL schema (emptied)."""
    if engine == "sqlite":
        return str(tmp_path / "tablero.db")
    url, schema = need_pg(), pg_schema()
    await empty_schema(url, schema)
    return f"{url}{'&' if '?' in url else '?'}schema={schema}"


def latest_dm_prompt(emu: Emulator, user: int) -> MessageRecord | None:
    prompts = [m for m in emu.dm_messages(user) if has_actions(m) and not m.ephemeral]
    return prompts[-1] if prompts else None


async def test_the_survivor_serves_a_dead_processs_table_and_nothing_is_lost(
    emu: Emulator, tmp_path: Path, database: str
) -> None:
    emu.gateway.identify_window = WINDOW
    guild = emu.create_guild("Shard one", shard=(1, 2))
    channel = emu.create_channel(guild.id, "games")
    alice, bob = emu.create_user("alice").id, emu.create_user("bob").id
    for user in (alice, bob):
        emu.add_member(guild.id, user)
    cluster = Supervisor.with_test_games(emu, tmp_path, database)
    proc = await cluster.start("--processes", "2", "--shard-count", "2")
    try:
        await cluster.wait_for(
            lambda: connected_shards(emu) == [(0, 2), (1, 2)] and emu.store.global_commands
        )
        args = {"game": "duel", "opponent": bob, "side": "red"}
        await run(await emu.slash(alice, channel, "game new", args), timeout=20)
        [thread] = emu.threads(channel)
        lobby = await emu.wait_for(lambda: status_message(emu, thread, 1), timeout=15)
        await run(await emu.click(bob, lobby.id, "tb:join:1"), timeout=20)
        await emu.wait_for(lambda: latest_dm_prompt(emu, alice) and latest_dm_prompt(emu, bob), timeout=20)
        bobs_button = latest_dm_prompt(emu, bob)  # drawn before the kill, clicked after it
        assert bobs_button is not None

        # shard 1's process dies hard, and Discord lets no new session of its bucket in for now
        pids = children(proc.pid)
        emu.gateway.identify_window = 3600.0
        os.kill(pids["1"], signal.SIGKILL)
        await cluster.wait_for(lambda: not alive(pids["1"]) and (1, 2) not in connected_shards(emu))

        # Alice's DM click goes to shard 0: the survivor plays it and announces it in the thread
        prompt = latest_dm_prompt(emu, alice)
        assert prompt is not None
        [reply] = await run(await pick(emu, alice, prompt), timeout=20)
        assert "✅" in reply.content
        await emu.wait_for_message(thread, lambda m: "red commits a card" in m.content, since=0, timeout=20)
        assert (1, 2) not in connected_shards(emu)  # all of it without the guild's own process
        assert emu.gateway.sent("INTERACTION_CREATE", guild_id=None)[-1] == (0, 2)

        # shard 1 may connect again: the supervisor's restarted process gets in
        emu.gateway.identify_window = WINDOW
        await cluster.wait_for(lambda: connected_shards(emu) == [(0, 2), (1, 2)], timeout=60)
        restarted = children(proc.pid)
        assert restarted["1"] != pids["1"] and restarted["0"] == pids["0"]

        # Bob's DM button from before the kill still plays
        [reply] = await run(await emu.click(bob, bobs_button.id, bobs_button.custom_ids[0]), timeout=20)
        assert "✅" in reply.content, reply.content

        # the rest of the game through "My hand" in the thread: shard 1's restarted process
        applied = {"red": 1, "blue": 1}
        for _ in range(60):
            status = await emu.wait_for(lambda: status_message(emu, thread, 1))
            if "tb:rematch:1" in status.custom_ids:
                break
            for user, seat in ((alice, "red"), (bob, "blue")):
                status = status_message(emu, thread, 1)
                if status is None or "tb:hand:1" not in status.custom_ids:
                    break
                [panel] = await run(await emu.click(user, status.id, "tb:hand:1"), timeout=20)
                if has_actions(panel):
                    [done] = await run(await pick(emu, user, panel), timeout=20)
                    assert "✅" in done.content, done.content
                    applied[seat] += 1
        await emu.wait_for(lambda: "tb:rematch:1" in status_message(emu, thread, 1).custom_ids, timeout=20)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 20
        while await rows(database, "SELECT 1 FROM deliveries WHERE status = 'pending'"):
            assert loop.time() < deadline, "deliveries left pending"
            await asyncio.sleep(0.05)  # polling the database (no event to wait on across processes)

        db = database
        seqs = [s for (s,) in await rows(db, "SELECT seq FROM events WHERE table_id = 1 ORDER BY seq")]
        assert seqs == list(range(1, len(seqs) + 1))
        decisions = dict(
            await rows(
                db,
                "SELECT actor, COUNT(*) FROM events WHERE table_id = 1 AND kind IN ('committed', 'boosted')"
                " GROUP BY actor",
            )
        )
        assert decisions == applied  # every acknowledged click once, none lost
        turns = sorted(
            m
            for (m,) in await rows(
                db, "SELECT message_id FROM deliveries WHERE kind = 'turn' AND status = 'done'"
            )
        )
        posts = sorted(
            m.id
            for m in emu.messages(thread)
            if m.author_id == emu.bot.id and "tb:rules:1" not in m.custom_ids
        )
        assert turns == posts  # every announcement posted exactly once, by whichever process
        assert "ERROR" not in cluster.log.read_text().replace("exited -9", "")
    finally:
        assert await cluster.stop() == 0


async def test_a_post_a_killed_process_had_claimed_goes_out_from_the_survivor_at_once(
    emu: Emulator, tmp_path: Path, database: str
) -> None:
    """Shard 1's process starts a Duel and is caught mid-send: Discord rate-limits its first post
    for a minute, so it sleeps holding the claim on it (and its table's later messages wait behind
    it, in order). It is SIGKILLed there, and its supervisor is stopped (SIGSTOP), so no restarted
    successor takes its claims back: the survivor (shard 0) notices the death and sends the post
    and the messages after it well before the claim's 30 s lease would have run out (bot/leases.py:
    a dead process's claims are free at once). Each goes out once."""
    guild = emu.create_guild("Shard one", shard=(1, 2))
    channel = emu.create_channel(guild.id, "games")
    alice, bob = emu.create_user("alice").id, emu.create_user("bob").id
    for user in (alice, bob):
        emu.add_member(guild.id, user)
    emu.gateway.identify_window = WINDOW
    cluster = Supervisor.with_test_games(emu, tmp_path, database)
    proc = await cluster.start("--processes", "2", "--shard-count", "2")
    stopped = killed = False
    try:
        await cluster.wait_for(lambda: connected_shards(emu) == [(0, 2), (1, 2)])
        args = {"game": "duel", "opponent": bob, "side": "red"}
        await run(await emu.slash(alice, channel, "game new", args), timeout=20)
        [thread] = emu.threads(channel)
        lobby = await emu.wait_for(lambda: status_message(emu, thread, 1), timeout=15)
        emu.fail_next("POST", "/channels/*/messages", status=429, retry_after=60.0)
        await run(await emu.click(bob, lobby.id, "tb:join:1"), timeout=20)  # shard 1's process
        await cluster.wait_for(lambda: any(r.status == 429 for r in emu.requests))
        held = "SELECT id FROM deliveries WHERE status = 'pending' AND lease_owner LIKE '%:proc-1'"
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 20
        while not await rows(database, held):
            assert loop.time() < deadline, "shard 1's process holds no claim"
            await asyncio.sleep(0.05)  # polling the database (no event to wait on across processes)

        pids = children(proc.pid)
        os.kill(proc.pid, signal.SIGSTOP)  # no restart: the survivor alone may take the work over
        stopped = True
        # Frozen first, so that what it claims now is what it leaves: a claim it held a moment ago
        # on another lane (its status edit) may have been done by it meanwhile, and stays its own.
        # Frozen, it is still alive (its claims held); killed, they are free.
        os.kill(pids["1"], signal.SIGSTOP)
        claimed = await rows(database, held)
        assert claimed, "shard 1's process left no claim"
        os.kill(pids["1"], signal.SIGKILL)
        killed = True
        await cluster.wait_for(lambda: not alive(pids["1"]))
        killed_at = loop.time()
        try:
            await emu.wait_for(
                lambda: latest_dm_prompt(emu, alice) and latest_dm_prompt(emu, bob), timeout=15
            )
        except TimeoutError:
            found = await rows(
                database, "SELECT id, kind, status, lease_owner, lease_until, attempts FROM deliveries"
            )
            raise AssertionError(f"{found}\n{cluster.log.read_text()[-6000:]}") from None
        assert loop.time() - killed_at < LEASE_S / 2
        taken = dict(await rows(database, "SELECT id, lease_owner FROM deliveries WHERE status = 'done'"))
        assert all(taken[i].endswith(":proc-0") for (i,) in claimed)  # the survivor sent it
        for user in (alice, bob):  # one hand each: nothing sent twice
            assert len([m for m in emu.dm_messages(user) if has_actions(m) and not m.ephemeral]) == 1
    finally:
        if stopped:
            os.kill(proc.pid, signal.SIGCONT)
        if killed:  # the supervisor notices the process killed while it was stopped, before its own
            # stop (told at once, it would report that process's -9 as an unclean end: exit 1)
            await cluster.wait_for(lambda: "exited -9" in cluster.log.read_text())
        assert await cluster.stop() == 0
