"""A cluster on PostgreSQL loses its processes again and again, mid-play (issue 25 item 7).

`tablero cluster --processes 2 --shard-count 2` against the emulator, on a real PostgreSQL (this
worker's schema; under `pg_virtualenv -t`, and in CI's README command, which runs under
pg_virtualenv with TABLERO_REQUIRE_PG=1; without a server the test skips with one line). Three
games at once:
- a Canyon of Death table on a server of shard 1, its hands played from DM buttons (Discord sends
  DM interactions to shard 0, so every hand click crosses to the other process);
- a Space Hulk table on a server of shard 0 with a live Marine turn timer (3 s): its deadline is
  stored with the move, fired by whichever process claims it;
- a Deathwing campaign on shard 0's server, whose mission is resigned so that the campaign
  records it and opens the next one (the series hand-over).

A seeded plan SIGKILLs the processes, two times each, at seeded points: between two clicks, or
with a click (or the campaign's resignation) in flight, after a seeded number of requests of it
reached Discord. While a killed process is kept out (the emulator refuses its IDENTIFY, as Discord
does within a bucket's window) the survivor must serve the dead process's tables at once: with
shard 1's process down, an OLD DM button of the Canyon table (drawn before the kill) plays; with
shard 0's process down, the Space Hulk timer fires on the survivor and the board it changed reaches
shard 0's server (this found a bug: a status edit the dead process had claimed held the board for
the whole lease; the next change now frees it). Then the supervisor's restarted process
is let in, and play goes on. A click that died with its process is clicked again later, as a player
who saw "This interaction failed" would.

At the end: every acknowledged click is in the log (per player and table, acknowledged <= recorded
actions <= acknowledged + lost), no event sequence has a gap, every message of a delivery was posted
once (each done outbox row is one message on Discord and each of the bot's posts in a thread or DM
belongs to one row; no two consecutive posts alike), nothing is left pending, every timeout
deadline that came due is done and fired exactly once (one `timer_expired` per Marine turn), the
campaign recorded its first mission once and opened its next exactly once, and no ERROR is logged.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from playground.emulator import Emulator, InteractionRecord, MessageRecord
from tests.bot.engines import empty_schema, need_pg, pg_schema
from tests.e2e.cluster_harness import WINDOW, Supervisor, alive, children, connected_shards, rows
from tests.e2e.harness import ACTION, has_actions, pick, status_message

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.postgresql,
    pytest.mark.timeout(240),
]

SEED = 25
TIMER_S = 3  # the Marine turn's live timer (timer_base_s, no extra per sergeant)
CANYON, SPACEHULK, CAMPAIGN = (
    1,
    2,
    3,
)  # tables opened in this order (TABLERO_TEST_SEED makes their seeds fixed)


@dataclass
class Click:
    table: int
    user: int
    message: int
    custom_id: str
    value: str | None
    result: str = "pending"  # ack | refused | lost


class Play:
    """The players and the kills: what was clicked, what became of it."""

    def __init__(self, emu: Emulator, cluster: Supervisor, db: str, rng: random.Random) -> None:
        self.emu, self.cluster, self.db, self.rng = emu, cluster, db, rng
        self.clicks: list[Click] = []
        self.retry: list[Click] = []
        self.answered: dict[int, int] = {}  # user -> the table version of the last DM prompt they answered

    # --- processes ---------------------------------------------------------------------------
    def pids(self) -> dict[str, int]:
        assert self.cluster.proc is not None
        return children(self.cluster.proc.pid)

    async def both_up(self) -> None:
        self.emu.gateway.identify_window = WINDOW
        await self.cluster.wait_for(
            lambda: connected_shards(self.emu) == [(0, 2), (1, 2)] and len(self.pids()) == 2, timeout=60
        )

    async def kill(self, shard: int) -> None:
        """SIGKILL the process of `shard` and keep it out (its restarted successor's IDENTIFY is
        refused) until `both_up`."""
        pid = self.pids()[str(shard)]
        self.emu.gateway.identify_window = 3600.0
        os.kill(pid, signal.SIGKILL)
        await self.cluster.wait_for(lambda: not alive(pid) and (shard, 2) not in connected_shards(self.emu))

    # --- clicks ------------------------------------------------------------------------------
    async def press(self, click: Click) -> InteractionRecord:
        if click.value is not None:
            return await self.emu.select(click.user, click.message, click.custom_id, [click.value])
        return await self.emu.click(click.user, click.message, click.custom_id)

    async def judge(self, click: Click, it: InteractionRecord, timeout: float = 20) -> None:
        """Wait for the click's answer; none (its process died) makes it lost, to be clicked again."""
        try:
            await it.wait_done(timeout)
        except TimeoutError:
            click.result = "lost"
            self.retry.append(Click(click.table, click.user, click.message, click.custom_id, click.value))
            return
        click.result = "ack" if any("✅" in m.content for m in it.messages) else "refused"

    def choose(self, table: int, user: int, message: MessageRecord) -> Click | None:
        for component in message.walk_components():
            cid = component.get("custom_id", "")
            if cid.startswith("tb:s:"):
                return Click(table, user, message.id, cid, self.rng.choice(component["options"])["value"])
        ids = [c for c in message.custom_ids if ACTION.match(c)]
        return Click(table, user, message.id, self.rng.choice(ids), None) if ids else None

    def dm_prompt(self, user: int, *, answered: bool = True) -> MessageRecord | None:
        """The user's newest DM offering choices of the Canyon table that they have not answered yet."""
        prompts = [
            m
            for m in self.emu.dm_messages(user)
            if not m.ephemeral
            and any(
                ((a := ACTION.match(c)) and int(a[1]) == CANYON) or c.startswith(f"tb:s:{CANYON}:")
                for c in m.custom_ids
            )
        ]
        if not prompts or (answered and version_of(prompts[-1]) <= self.answered.get(user, 0)):
            return None
        return prompts[-1]

    async def canyon_click(self, players: list[int], thread: int) -> Click | None:
        """One Canyon choice from a player's DM hand (through shard 0); "My hand" in the thread
        (shard 1) when neither has an unanswered DM. None if the game is over."""
        if self.retry and self.rng.random() < 0.5:
            return self.retry.pop(0)
        for user in self.rng.sample(players, len(players)):
            prompt = self.dm_prompt(user)
            if prompt is not None:
                self.answered[user] = version_of(prompt)
                return self.choose(CANYON, user, prompt)
        status = status_message(self.emu, thread, CANYON)
        if status is None or f"tb:hand:{CANYON}" not in status.custom_ids:
            return None
        user = self.rng.choice(players)
        it = await self.emu.click(user, status.id, f"tb:hand:{CANYON}")
        panel = (await it.wait_done(20))[-1]
        return self.choose(CANYON, user, panel)

    async def click(self, click: Click) -> None:
        try:
            it = await self.press(click)
        except ValueError:
            return  # the button is gone (a prompt whose buttons were taken off): nothing was sent
        self.clicks.append(click)
        await self.judge(click, it)


def version_of(message: MessageRecord) -> int:
    """The table version a message's choices were drawn at (prompts are edited in place)."""
    found = [int(m[2]) for c in message.custom_ids if (m := ACTION.match(c))]
    found += [int(c.split(":")[3]) for c in message.custom_ids if c.startswith("tb:s:")]
    return max(found, default=0)


def status_of(emu: Emulator, thread: int, table: int) -> Callable[[], MessageRecord | None]:
    return lambda: status_message(emu, thread, table)


def done_or(emu: Emulator, it: InteractionRecord, requests: int) -> Callable[[], bool]:
    """The interaction answered, or Discord reached by `requests` requests in all."""
    return lambda: it.done or len(emu.requests) >= requests


def prompt_for(emu: Emulator, user: int, table: int) -> MessageRecord | None:
    """The newest private message (a DM or an ephemeral reply) offering `user` choices of `table`."""
    found = [
        m
        for m in emu.visible_to(user)
        if (m.ephemeral_to == user or m.guild_id is None)
        and any(
            (match := ACTION.match(c)) and int(match[1]) == table or c.startswith(f"tb:s:{table}:")
            for c in m.custom_ids
        )
    ]
    return max(found, key=lambda m: m.id) if found else None


async def database() -> str:
    url, schema = need_pg(), pg_schema()
    await empty_schema(url, schema)
    return f"{url}{'&' if '?' in url else '?'}schema={schema}"


async def one(db: str, sql: str) -> Any:
    found = await rows(db, sql)
    return found[0][0] if found else None


class Campaign:
    """Table #3: Alice fields her squads until its first mission table opens; the mission is resigned
    (the hand-over: the campaign records it and opens the next)."""

    def __init__(self, play: Play, alice: int, thread: int) -> None:
        self.play, self.alice, self.thread = play, alice, thread
        self.mission: int | None = None

    async def open_rounds(self) -> list[int]:
        return [
            i
            for (i,) in await rows(
                self.play.db,
                f"SELECT id FROM tables WHERE series_of = {CAMPAIGN} AND status = 'active' ORDER BY id",
            )
        ]

    async def missions(self) -> int:
        return int(
            await one(
                self.play.db,
                f"SELECT COUNT(*) FROM events WHERE table_id = {CAMPAIGN} AND kind = 'mission_recorded'",
            )
        )

    async def opened(self) -> int:
        return int(
            await one(
                self.play.db,
                f"SELECT COUNT(*) FROM events WHERE table_id = {CAMPAIGN} AND kind = 'mission_opened'",
            )
        )

    async def to_first_mission(self) -> None:
        """Alice's choices (the fullest squad first) until the first mission table opens."""
        emu = self.play.emu
        most = lambda buttons: max(buttons, key=lambda b: b.get("label", "").count(","))  # noqa: E731
        for _ in range(8):
            rounds = await self.open_rounds()
            if rounds:
                [mission] = rounds
                self.mission = mission
                await emu.wait_for(status_of(emu, self.thread, mission), timeout=20)
                return
            assert await self.missions() == 0, "the first mission was decided without a table"
            found = await emu.wait_for(lambda: prompt_for(emu, self.alice, CAMPAIGN), timeout=20)
            assert found is not None
            prompt = found
            version = max(int(m[2]) for c in prompt.custom_ids if (m := ACTION.match(c)))
            [reply] = await (await pick(emu, self.alice, prompt, most)).wait_done(20)
            assert "✅" in reply.content, reply.content
            await wait_db(emu, lambda v=version: self._moved_on(v), 20)
        raise AssertionError("no mission table opened")

    async def _moved_on(self, answered: int) -> bool:
        """Whether a round opened or Alice was offered choices of a version after `answered`."""
        latest = prompt_for(self.play.emu, self.alice, CAMPAIGN)
        versions = [int(m[2]) for c in (latest.custom_ids if latest else []) if (m := ACTION.match(c))]
        return bool(await self.open_rounds()) or any(v > answered for v in versions)

    async def resign(self) -> InteractionRecord:
        """`/game resign` of the mission table (by its number in its server)."""
        assert self.mission is not None
        number = await one(self.play.db, f"SELECT number FROM tables WHERE id = {self.mission}")
        return await self.play.emu.slash(self.alice, self.thread, "game resign", {"table": number})

    async def finish(self) -> None:
        """The resigned mission is recorded and the next one opened (resigning again if the first
        resignation died with its process); `check` sees both happened once."""
        assert self.mission is not None
        if await one(self.play.db, f"SELECT status FROM tables WHERE id = {self.mission}") == "active":
            await (await self.resign()).wait_done(20)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while not (await self.missions() == 1 and await self.opened() == 2):
            if loop.time() > deadline:
                found = await rows(self.play.db, "SELECT table_id, seq, kind FROM events WHERE table_id >= 3")
                tables = await rows(self.play.db, "SELECT id, status, series_of FROM tables")
                raise AssertionError(f"the campaign did not hand over to its next mission: {found} {tables}")
            await asyncio.sleep(0.05)  # polling the database (no event to wait on across processes)


async def settled(db: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    while await rows(db, "SELECT 1 FROM deliveries WHERE status = 'pending'"):
        assert loop.time() < deadline, "deliveries left pending"
        await asyncio.sleep(0.05)  # polling the database (no event to wait on across processes)


async def no_pending(db: str, table: int | None) -> bool:
    which = "" if table is None else f" AND table_id = {table}"
    return not await rows(db, f"SELECT 1 FROM deliveries WHERE status = 'pending'{which}")


async def board_done(db: str) -> bool:
    return bool(
        await rows(
            db,
            f"SELECT 1 FROM deliveries WHERE table_id = {SPACEHULK} AND kind = 'status' AND status = 'done'",
        )
    )


async def timer_fired(db: str) -> bool:
    return bool(
        await rows(
            db,
            f"SELECT 1 FROM deadlines WHERE table_id = {SPACEHULK} AND kind = 'timeout' AND status = 'done'",
        )
    )


async def wait_db(emu: Emulator, check: Any, timeout: float, db: str | None = None) -> None:
    """Until `check()` (a read of the database) is true; on a time-out, the log tails of every table."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await check():
        if loop.time() > deadline:
            found = (
                await rows(db, "SELECT table_id, seq, kind FROM events ORDER BY table_id, seq") if db else []
            )
            due = await rows(db, "SELECT *, EXTRACT(EPOCH FROM now()) FROM deadlines") if db else []
            sql = "SELECT id, table_id, kind, attempts, not_before, last_error, lease_owner, lease_until"
            sql += " FROM deliveries WHERE status = 'pending'"
            out = await rows(db, sql) if db else []
            raise AssertionError(f"timed out; the logs: {found}; the deadlines: {due}; the outbox: {out}")
        await asyncio.sleep(0.05)  # polling the database (no event to wait on across processes)


async def test_sigkills_across_two_processes_lose_nothing_and_post_nothing_twice(
    emu: Emulator, tmp_path: Path
) -> None:
    db = await database()
    rng = random.Random(SEED)
    emu.gateway.identify_window = WINDOW
    zero, one_ = emu.create_guild("Shard zero", shard=(0, 2)), emu.create_guild("Shard one", shard=(1, 2))
    ch0, ch1 = emu.create_channel(zero.id, "games"), emu.create_channel(one_.id, "games")
    alice, bob, carol = (emu.create_user(n).id for n in ("alice", "bob", "carol"))
    for guild in (zero, one_):
        for user in (alice, bob, carol):
            emu.add_member(guild.id, user)
    cluster = Supervisor.with_test_games(emu, tmp_path, db)
    await cluster.start("--processes", "2", "--shard-count", "2")
    play = Play(emu, cluster, db, rng)
    try:
        await cluster.wait_for(
            lambda: connected_shards(emu) == [(0, 2), (1, 2)] and emu.store.global_commands
        )
        sh_options = f"mission=purge timer_base_s={TIMER_S} timer_per_leader_s=0"
        threads: dict[int, int] = {}
        for number, channel, creator, args, joiner in (
            (CANYON, ch1, alice, {"game": "canyon", "opponent": bob, "side": "marine"}, bob),
            (
                SPACEHULK,
                ch0,
                alice,
                {"game": "spacehulk", "opponent": carol, "side": "genestealer", "options": sh_options},
                carol,
            ),
            (
                CAMPAIGN,
                ch0,
                alice,
                {"game": "dw_campaign", "opponent": bob, "side": "marine", "options": "force_points=60"},
                bob,
            ),
        ):
            await (await emu.slash(creator, channel, "game new", args)).wait_done(20)
            thread = emu.threads(channel)[-1]
            lobby = await emu.wait_for(status_of(emu, thread, number), timeout=20)
            assert lobby is not None
            if number == SPACEHULK:
                continue  # joined below, just before shard 0's first kill: its timer starts then
            await (await emu.click(joiner, lobby.id, f"tb:join:{number}")).wait_done(20)
            threads[number] = thread
        threads[SPACEHULK] = emu.threads(ch0)[0]
        campaign = Campaign(play, alice, threads[CAMPAIGN])
        await campaign.to_first_mission()
        await emu.wait_for(lambda: play.dm_prompt(alice) or play.dm_prompt(bob), timeout=20)

        kills = [0, 0, 1, 1]
        rng.shuffle(kills)
        first_zero, second_zero = [i for i, k in enumerate(kills) if k == 0]
        players = [alice, bob]
        survived: list[Click] = []  # old DM buttons pressed while shard 1's process was down
        for round_, victim in enumerate(kills):
            for _ in range(rng.randint(1, 3)):  # some Canyon clicks between two kills
                click = await play.canyon_click(players, threads[CANYON])
                if click is not None:
                    await play.click(click)
            if round_ == first_zero:
                # Carol joins the Space Hulk table: Alice's Marine turn starts with its live timer
                lobby = status_message(emu, threads[SPACEHULK], SPACEHULK)
                assert lobby is not None
                [joined] = await (await emu.click(carol, lobby.id, f"tb:join:{SPACEHULK}")).wait_done(20)
                assert "started" in joined.content, joined.content
                await until_timer(play, [alice, carol], threads[SPACEHULK])
            # the kill: with something in flight on the victim (at a seeded number of its requests
            # reaching Discord), or between two clicks
            flying: tuple[Click | None, InteractionRecord] | None = None
            if round_ == second_zero:
                flying = (None, await campaign.resign())  # the hand-over's commit in flight
            elif victim == 1:
                # between two clicks, once a player holds a current DM button (pressed during the kill)
                for _ in range(8):
                    await wait_db(emu, lambda: no_pending(db, None), 30, db)
                    if await current_dm_button(play, players) is not None:
                        break
                    click = await play.canyon_click(players, threads[CANYON])
                    assert click is not None, "the Canyon game ended before the kills were done"
                    await play.click(click)
            elif rng.random() < 0.6:
                click = await victims_click(play, victim, players, threads[CANYON])
                if click is not None:
                    play.clicks.append(click)
                    flying = (click, await play.press(click))
            if flying is not None:
                await emu.wait_for(done_or(emu, flying[1], len(emu.requests) + rng.randint(0, 3)), timeout=20)
            await play.kill(victim)
            if flying is not None and flying[0] is not None:
                await play.judge(flying[0], flying[1], timeout=20 if flying[1].done else 0.2)

            # the survivor serves the dead process's tables at once
            if victim == 1:
                # an old DM button of shard 1's Canyon table, drawn before the kill, plays on shard 0
                # and is announced in shard 1's server
                found = await current_dm_button(play, players)
                assert found is not None
                user, prompt = found
                play.answered[user] = version_of(prompt)
                click = play.choose(CANYON, user, prompt)
                assert click is not None
                await play.click(click)
                assert click.result == "ack", click
                survived.append(click)
                assert (1, 2) not in connected_shards(emu)
            elif round_ == first_zero:
                # shard 0's Space Hulk timer fires on shard 1's process, announced in shard 0's server
                await wait_db(emu, lambda: timer_fired(db), TIMER_S + 20, db)
                # and the board it changed reaches shard 0's server from shard 1's process, even
                # though the dead process had claimed that table's status edit mid-send
                await wait_db(emu, lambda: board_done(db), 10, db)
                assert (0, 2) not in connected_shards(emu)
            await play.both_up()
            # what the survivor's moves have to say goes out (a row the dead process had claimed
            # mid-send holds its table's lane until its restarted successor takes its claims back)
            await wait_db(emu, lambda: no_pending(db, None), 30, db)
            if round_ == second_zero:
                await campaign.finish()

        assert survived, "no old DM button was pressed while shard 1's process was down"
        while play.retry:  # the clicks lost with a process, clicked again
            await play.click(play.retry.pop(0))
        await settled(db)
        await check(play, emu, db, threads)
        # the hand-over happened once: the mission recorded once, the next one opened once
        assert (await campaign.missions(), await campaign.opened()) == (1, 2)
        assert await one(db, f"SELECT status FROM tables WHERE id = {campaign.mission}") == "finished"
        log = cluster.log.read_text()
        assert "ERROR" not in log, log[-3000:]
    finally:
        assert await cluster.stop() == 0


async def current_dm_button(play: Play, players: list[int]) -> tuple[int, MessageRecord] | None:
    """A player and a message in their DM channel offering choices of the Canyon table at its
    current version (Discord sends DM interactions to shard 0), if any."""
    version = await one(play.db, f"SELECT version FROM tables WHERE id = {CANYON}")
    for user in players:
        channel = play.emu.dm_channel_of(user)
        if channel is None:
            continue
        for message in reversed(play.emu.messages(channel, include_ephemeral=True)):
            mine = message.ephemeral_to in (None, user)
            if mine and version_of(message) == version and play.choose(CANYON, user, message) is not None:
                if any(c.startswith((f"tb:a:{CANYON}:", f"tb:s:{CANYON}:")) for c in message.custom_ids):
                    return user, message
    return None


async def until_timer(play: Play, players: list[int], thread: int) -> None:
    """The Space Hulk set-up choices (the first offered, from "My hand") until the Marine turn's
    live timer is stored."""
    emu = play.emu
    timer = (
        f"SELECT 1 FROM deadlines WHERE table_id = {SPACEHULK} AND kind = 'timeout' AND status = 'pending'"
    )
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    while loop.time() < deadline:
        for user in players:
            if await rows(play.db, timer):
                return
            status = status_message(emu, thread, SPACEHULK)
            if status is None or f"tb:hand:{SPACEHULK}" not in status.custom_ids:
                continue
            [panel] = await (await emu.click(user, status.id, f"tb:hand:{SPACEHULK}")).wait_done(20)
            if has_actions(panel) or any(c.startswith("tb:s:") for c in panel.custom_ids):
                await (await pick(emu, user, panel)).wait_done(20)
        await asyncio.sleep(0.05)  # polling the database (no event to wait on across processes)
    found = await rows(play.db, f"SELECT seq, kind FROM events WHERE table_id = {SPACEHULK} ORDER BY seq")
    raise AssertionError(f"no live timer on the Space Hulk table: {found}")


async def victims_click(play: Play, victim: int, players: list[int], thread: int) -> Click | None:
    """A Canyon click that reaches the victim: a DM hand button (shard 0), or a choice on the
    "My hand" panel opened in shard 1's server."""
    if victim == 0:
        for user in play.rng.sample(players, 2):
            prompt = play.dm_prompt(user)
            if prompt is not None:
                play.answered[user] = version_of(prompt)
                return play.choose(CANYON, user, prompt)
        return None
    status = status_message(play.emu, thread, CANYON)
    if status is None or f"tb:hand:{CANYON}" not in status.custom_ids:
        return None
    user = play.rng.choice(players)
    panel = (await (await play.emu.click(user, status.id, f"tb:hand:{CANYON}")).wait_done(20))[-1]
    return play.choose(CANYON, user, panel)


async def check(play: Play, emu: Emulator, db: str, threads: dict[int, int]) -> None:
    # nothing acknowledged lost, nothing applied twice: per player, acknowledged <= recorded <= + lost
    for user in {c.user for c in play.clicks}:
        mine = [c for c in play.clicks if c.user == user and c.table == CANYON]
        acked = sum(c.result == "ack" for c in mine)
        lost = sum(c.result == "lost" for c in mine)
        recorded = await one(
            db, f"SELECT COUNT(*) FROM actions WHERE table_id = {CANYON} AND holder = '{user}'::jsonb"
        )
        assert acked <= recorded <= acked + lost, (user, acked, lost, recorded, mine)
    assert sum(c.result == "ack" for c in play.clicks) >= 3
    # every table's log without a gap
    for table, count, top in await rows(
        db, "SELECT table_id, COUNT(*), MAX(seq) FROM events GROUP BY table_id"
    ):
        assert count == top, f"table {table}: a gap in its log"
    # every deadline that came due fired once: done, one timer_expired per Marine turn
    due = await rows(
        db,
        "SELECT table_id, key, status FROM deadlines WHERE kind = 'timeout'"
        " AND due_at < EXTRACT(EPOCH FROM now()) - 2 ORDER BY id",
    )
    assert due and all(status == "done" for _, _, status in due), due
    expired = await one(
        db, f"SELECT COUNT(*) FROM events WHERE table_id = {SPACEHULK} AND kind = 'timer_expired'"
    )
    assert expired == len([k for t, k, _ in due if t == SPACEHULK]) >= 1
    # each turn announcement is its own message (a status row edits the one status message; a
    # re-sent row carries the same nonce, which Discord drops), and each of the bot's posts in a
    # thread or DM is the message of a done outbox row
    turns = [
        m
        for (m,) in await rows(
            db,
            "SELECT message_id FROM deliveries WHERE kind = 'turn' AND status = 'done' AND message_id IS NOT NULL",
        )
    ]
    assert len(turns) == len(set(turns))
    delivered = {
        m
        for (m,) in await rows(
            db, "SELECT message_id FROM deliveries WHERE status = 'done' AND message_id IS NOT NULL"
        )
    }
    channels = list(threads.values()) + [c for c in (emu.dm_channel_of(u) for u in emu.store.users) if c]
    posts = [
        m
        for channel in channels
        for m in emu.messages(channel)
        if m.author_id == emu.bot.id and m.interaction_id is None and not m.ephemeral
    ]
    assert {m.id for m in posts} <= delivered  # every post of the bot is one done outbox row
    for channel in channels:
        said = [m.content for m in emu.messages(channel) if m.author_id == emu.bot.id and m.content]
        assert all(a != b for a, b in zip(said, said[1:], strict=False)), (channel, said)
