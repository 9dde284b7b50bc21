"""Crash consistency: play through the emulator while the bot process is SIGKILLed again and again.

The bot runs as its own process on one SQLite file. Each "life" is armed with a kill point: a
named place of the move pipeline (bot/crashpoints.py: before/inside/after the commit, i.e. also
between the database commit and the delivery; before a delivery, after Discord accepted it but
before the outbox knows, after the outbox row is closed) reached for the n-th time, or a SIGKILL
from outside after a random number of requests. Players keep clicking the panels the bot sent
them; a click that got no answer because the bot died is clicked again after the restart, like a
player who saw "This interaction failed" would.

At the end (one more restart without a kill point): no acknowledged move is lost, none is applied
twice, every table's state equals the fold of its event log, every outbox row written with a
commit was delivered, and every delivered message exists exactly once on Discord.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engine.core import fold
from playground.emulator import Emulator, MessageRecord
from tests.e2e.harness import ACTION, World, status_message
from tests.games.duel import RULES as DUEL
from tests.games.duel import Boost, Commit

from .support import BotProcess, rows, scale

pytestmark = pytest.mark.e2e

POINTS = (
    "commit.before",
    "commit.inside",
    "commit.after",
    "delivery.before",
    "delivery.sent",
    "delivery.after",
)
KINDS = (*POINTS, "external")
KILLS = scale(64, 400)
STEPS_PER_LIFE = 10
SELECT = "tb:s:"


@dataclass
class Click:
    """One action click a player made, and what became of it."""

    table: int
    user: int
    seat: str
    message: int
    custom_id: str
    value: str | None  # the select value, for selects
    version: int
    index: int
    result: str = "pending"  # ack | refused | lost


MOOT_AFTER_A_CRASH = frozenset({"dm", "invite", "reminder", "warning"})
"""The outbox kinds a retry may find moot (bot/delivery.py skips them): one of these sent just
before a crash may stand beside a row marked skipped."""


def kill_plan(rng: random.Random, kills: int) -> list[str]:
    """Every kind of kill point at least kills // len(KINDS) times, in a seeded order."""
    plan = list(KINDS) * (kills // len(KINDS)) + rng.sample(KINDS, kills % len(KINDS))
    rng.shuffle(plan)
    return plan


class Players:
    """The scripted players: open "My hand", pick an action at random, retry what was lost."""

    def __init__(
        self, emu: Emulator, world: World, bot: BotProcess, db_path: Path, rng: random.Random
    ) -> None:
        self.emu, self.world, self.bot, self.db, self.rng = emu, world, bot, db_path, rng
        self.clicks: list[Click] = []
        self.retry: list[Click] = []
        self.hand_panels = 0

    def running(self) -> list[tuple[int, int, dict[str, Any]]]:
        """(table, thread, seats) of the active tables."""
        found = rows(self.db, "SELECT id, thread_id, seats FROM tables WHERE status = 'active' ORDER BY id")
        return [(t, th, json.loads(s)) for t, th, s in found]

    async def step(self) -> None:
        """One player's move: a retry of a lost click, or a fresh one from their "My hand" panel."""
        if self.retry and self.rng.random() < 0.7:
            await self._click(self.retry.pop(0), again=True)
            return
        running = self.running()
        if not running:
            await self._rematch()
            await asyncio.sleep(0.01)  # let the bot catch up (no progress without it)
            return
        table, thread, seats = self.rng.choice(running)
        seat, user = self.rng.choice(sorted((s, u) for s, u in seats.items() if isinstance(u, int)))
        status = status_message(self.emu, thread, table)
        if status is None or f"tb:hand:{table}" not in status.custom_ids:
            await asyncio.sleep(0.01)  # its status message is on its way (a delivery the crash interrupted)
            return
        it = await self.emu.click(user, status.id, f"tb:hand:{table}")
        if not await self.bot.finished(it):
            return
        panel = it.messages[-1]
        self.hand_panels += 1
        click = self._choose(panel, table, user, seat)
        if click is not None:
            await self._click(click)

    def _choose(self, panel: MessageRecord, table: int, user: int, seat: str) -> Click | None:
        for component in panel.walk_components():
            cid = component.get("custom_id", "")
            if cid.startswith(SELECT):
                value = self.rng.choice(component["options"])["value"]
                _, _, _, version, _ = cid.split(":")
                return Click(table, user, seat, panel.id, cid, value, int(version), int(value))
        ids = [c for c in panel.custom_ids if ACTION.match(c)]
        if not ids:
            return None
        cid = self.rng.choice(ids)
        _, version, index = ACTION.match(cid).groups()  # type: ignore[union-attr]
        return Click(table, user, seat, panel.id, cid, None, int(version), int(index))

    async def _click(self, click: Click, *, again: bool = False) -> None:
        if again:  # the same button once more: a new entry, judged on its own
            click = Click(**{**click.__dict__, "result": "pending"})
        try:
            if click.value is not None:
                it = await self.emu.select(click.user, click.message, click.custom_id, [click.value])
            else:
                it = await self.emu.click(click.user, click.message, click.custom_id)
        except ValueError:
            return  # the button is gone (a DM whose buttons were stripped): nothing was sent
        self.clicks.append(click)
        if not await self.bot.finished(it):
            click.result = "lost"
            self.retry.append(click)
            return
        click.result = "ack" if "✅" in it.messages[-1].content else "refused"

    async def _rematch(self) -> None:
        """Every table is over: a player of the newest finished table asks for a rematch."""
        finished = rows(self.db, "SELECT id FROM tables WHERE status = 'finished' ORDER BY id DESC LIMIT 1")
        if finished:
            await self.rematch(finished[0][0])

    async def rematch(self, table: int) -> None:
        """The players press Rematch on the table's status message: the first asks, the others
        accept (issue 27 item 5: a rematch by consent; a no-op once it exists and has started)."""
        [(thread, seats)] = rows(self.db, "SELECT thread_id, seats FROM tables WHERE id = ?", (table,))
        status = status_message(self.emu, thread, table)
        users = [u for u in json.loads(seats).values() if isinstance(u, int)]
        if status is not None and f"tb:rematch:{table}" in status.custom_ids:
            for user in dict.fromkeys(users):
                await self.bot.finished(await self.emu.click(user, status.id, f"tb:rematch:{table}"))


async def open_tables(emu: Emulator, world: World, bot: BotProcess) -> None:
    """Three Duel tables and one Canyon table, each between two players (before any kill point)."""
    dave = emu.create_user("dave", locale="es-ES").id
    emu.add_member(world.guild, dave)
    await emu.wait_for(lambda: emu.store.command("game", None), timeout=10)
    games = [
        ("duel", world.alice, world.bob, "rounds=5"),
        ("duel", world.carol, dave, "rounds=5"),
        ("duel", world.bob, world.carol, "rounds=5"),
        ("canyon", dave, world.alice, ""),
    ]
    for number, (game, creator, opponent, options) in enumerate(games, start=1):
        args = {"game": game, "opponent": opponent} | ({"options": options} if options else {})
        assert await bot.finished(await emu.slash(creator, world.channel, "game new", args))
        thread = emu.threads(world.channel)[-1]
        lobby = await emu.wait_for(lambda t=thread, n=number: status_message(emu, t, n), timeout=10)
        assert await bot.finished(await emu.click(opponent, lobby.id, f"tb:join:{number}"))
    await settled(emu, bot)


async def settled(emu: Emulator, bot: BotProcess) -> None:
    """Until the outbox has nothing left to do."""
    await emu.wait_for(
        lambda: not rows(bot.db_path, "SELECT 1 FROM deliveries WHERE status = 'pending' LIMIT 1"), timeout=30
    )


# --- the checks ------------------------------------------------------------------------------


def table_log(db_path: Path, table: int) -> list[tuple[int, str, dict[str, Any], str | None, float]]:
    return [
        (seq, kind, json.loads(data), actor, at)
        for seq, kind, data, actor, at in rows(
            db_path, "SELECT seq, kind, data, actor, at FROM events WHERE table_id = ? ORDER BY seq", (table,)
        )
    ]


def check_state_is_the_fold_of_the_log(db_path: Path, table: int, game: str, version: int) -> None:
    from engine.registry import GAMES

    rules = DUEL if game == "duel" else GAMES[game]
    log = table_log(db_path, table)
    assert [seq for seq, *_ in log] == list(range(1, version + 1)), f"table {table}: gaps or extra events"
    state = fold(rules, [rules.parse_event(data) for _, _, data, _, _ in log])
    [(snap_version, data)] = rows(db_path, "SELECT version, data FROM snapshots WHERE table_id = ?", (table,))
    assert snap_version == version == state.version
    assert rules.state_model.model_validate_json(data).model_dump() == state.model_dump(), f"table {table}"


def duel_signature(kind: str, data: dict[str, Any]) -> tuple[str, Any]:
    return ("commit", data["card"]) if kind == "committed" else ("boost", data["mode"])


def check_duel_clicks(db_path: Path, table: int, clicks: list[Click]) -> None:
    """Per seat, the decisions in the log are exactly the acknowledged clicks plus some lost ones,
    in order: no acknowledged move lost, no click applied twice, no refused click applied."""
    log = table_log(db_path, table)
    events = [DUEL.parse_event(data) for _, _, data, _, _ in log]
    for seat in DUEL.seats:
        decisions = [
            duel_signature(kind, data)
            for _, kind, data, actor, _ in log
            if kind in ("committed", "boosted") and actor == seat and data["seat"] == seat
        ]
        mine = [c for c in clicks if c.table == table and c.seat == seat]
        wanted = []
        for click in mine:
            state = fold(DUEL, events[: click.version])
            legal = DUEL.legal_actions(state, seat)
            action = legal[click.index] if 0 <= click.index < len(legal) else None
            match action:
                case Commit(card=card):
                    wanted.append((click.result, ("commit", card)))
                case Boost(mode=mode):
                    wanted.append((click.result, ("boost", mode)))
                case _:
                    assert click.result != "ack", f"table {table}: an impossible click was acknowledged"
                    wanted.append((click.result, None))
        assert explains(wanted, decisions), (table, seat, wanted, decisions)


def explains(clicks: list[tuple[str, Any]], decisions: list[Any]) -> bool:
    """Whether the decisions are the acknowledged clicks plus a subset of the lost ones, in order."""
    reachable = {0}  # how many decisions the clicks so far can account for
    for result, signature in clicks:
        nxt: set[int] = set()
        for done in reachable:
            applies = done < len(decisions) and decisions[done] == signature
            if result == "ack":
                if applies:
                    nxt.add(done + 1)
            elif result == "lost":
                nxt.add(done)
                if applies:
                    nxt.add(done + 1)
            else:
                nxt.add(done)
        reachable = nxt
    return len(decisions) in reachable


def check_counted_clicks(db_path: Path, table: int, clicks: list[Click], seats: dict[str, Any]) -> None:
    """Any game: per seat, acknowledged <= transactions in the log <= acknowledged + lost."""
    log = table_log(db_path, table)
    for seat in seats:
        transactions = {at for _, _, _, actor, at in log if actor == seat}
        mine = [c for c in clicks if c.table == table and c.seat == seat]
        acked = sum(c.result == "ack" for c in mine)
        lost = sum(c.result == "lost" for c in mine)
        assert acked <= len(transactions) <= acked + lost, (table, seat, acked, lost, len(transactions))


def check_outbox(db_path: Path, table: int) -> None:
    """Every commit wrote one turn row ending with its events: a turn's summary covers every event
    since the previous summary, any other row exactly its commit's; nothing is left pending."""
    log = table_log(db_path, table)
    commits: dict[float, list[int]] = {}
    for seq, _, _, _, at in log:
        commits.setdefault(at, []).append(seq)
    first_of = {max(s): min(s) for s in commits.values()}
    turns = sorted(
        (
            json.loads(p)
            for (p,) in rows(
                db_path, "SELECT payload FROM deliveries WHERE table_id = ? AND kind = 'turn'", (table,)
            )
        ),
        key=lambda p: p["to"],
    )
    assert [p["to"] for p in turns] == sorted(first_of), f"table {table}"
    summarised = 0
    for p in turns:
        if p.get("summary", True):
            assert p["from"] == summarised + 1, (table, p)
            summarised = p["to"]
        else:
            assert p["from"] == first_of[p["to"]], (table, p)
    statuses = Counter(
        s for (s,) in rows(db_path, "SELECT status FROM deliveries WHERE table_id = ?", (table,))
    )
    assert statuses.keys() <= {"done", "skipped"}, (table, statuses)


def check_discord(emu: Emulator, db_path: Path, world: World) -> None:
    """Each delivered row is one message on Discord, and every bot message there is one delivered row."""
    delivered = rows(
        db_path,
        "SELECT id, table_id, kind, target, message_id FROM deliveries WHERE status = 'done'"
        " AND message_id IS NOT NULL",
    )
    assert not rows(db_path, "SELECT id FROM deliveries WHERE status = 'done' AND message_id IS NULL")
    by_message: dict[int, list[tuple[Any, ...]]] = {}
    for row in delivered:
        by_message.setdefault(row[4], []).append(row)
    for message_id, owners in by_message.items():
        message = emu.store.messages.get(message_id)
        assert message is not None and not message.deleted and message.author_id == emu.bot.id, owners
        kinds = [kind for _, _, kind, _, _ in owners]
        # only the status row edits one message, and a DM's later edits (its panel brought up to date)
        edits_of_a_dm = kinds.count("dm") == 1 and set(kinds) == {"dm", "dm_edit"}
        assert len(owners) == 1 or set(kinds) == {"status"} or edits_of_a_dm, owners
    threads = {th for (th,) in rows(db_path, "SELECT DISTINCT thread_id FROM tables")}
    dm_channels = {emu.dm_channel_of(u) for u in emu.store.users} - {None}
    nonces = {m: nonce for (_, _, nonce), (m, _) in emu.messages_api.nonces.items()}
    outbox = {
        i: (kind, status, message_id)
        for i, kind, status, message_id in rows(
            db_path, "SELECT id, kind, status, message_id FROM deliveries"
        )
    }
    for channel in threads | dm_channels:
        for message in emu.messages(channel):
            if message.author_id != emu.bot.id or message.interaction_id is not None:
                continue
            if nonces[message.id].startswith("tbs"):  # the status message: one nonce per table
                assert message.id in by_message, ("status", message.id, message.content[:200])
                continue
            # each message the worker posted carries its outbox row's nonce (Discord dedups by it)
            kind, status, message_id = outbox[int(nonces[message.id][2:].split("g")[0])]
            if status == "skipped":  # sent just before a crash, then found moot on the retry: a DM
                # superseded by a newer one, an invitation answered, a reminder or a time warning the
                # table has moved past (the worker skips those rather than post them late)
                assert kind in MOOT_AFTER_A_CRASH, (kind, message.id, message.content[:200])
            else:
                assert message.id in by_message, (kind, status, message.id, message.content[:200])
    for table, status_id, version, status in rows(
        db_path, "SELECT id, status_message_id, version, status FROM tables"
    ):
        [thread] = [th for (th,) in rows(db_path, "SELECT thread_id FROM tables WHERE id = ?", (table,))]
        posted = [m for m in emu.messages(thread) if f"tb:rules:{table}" in m.custom_ids]
        assert [m.id for m in posted] == [status_id], f"table {table}: one status message"
        if status in ("active", "finished"):
            assert posted[0].attachments[0].filename == f"table-{table}-v{version}.png", (
                "status shows the end"
            )


async def test_sigkill_at_many_points_loses_and_doubles_nothing(
    emu: Emulator, world: World, db_path: Path, tmp_path: Path
) -> None:
    pytest.importorskip("renderers.canyon")
    rng = random.Random(20261129)
    log = tmp_path / "bot.log"
    # Jobs in-process (threads): this suite is about the store and the outbox across kills, and a
    # worker pool per life (a forkserver importing the catalogue each time) would multiply its
    # cost; the pool is exercised by the e2e suites and by tests/e2e/test_shutdown_e2e.py.
    bot = BotProcess(emu, db_path, log, TABLERO_WORKERS="0")
    players = Players(emu, world, bot, db_path, rng)
    kills: Counter[str] = Counter()
    try:
        await bot.start(seed=1)
        await open_tables(emu, world, bot)
        await bot.stop()
        for life, kind in enumerate(kill_plan(rng, KILLS), start=1):
            if kind == "external":
                await bot.start(seed=life * 1000)
                budget = rng.randrange(3, 40)  # requests until the SIGKILL from outside
                floor = len(emu.requests)
                for _ in range(STEPS_PER_LIFE):
                    if len(emu.requests) - floor >= budget:
                        break
                    await players.step()
                await bot.kill()
            else:
                await bot.start(kill_at=f"{kind}:{rng.choice((1, 2, 3))}", seed=life * 1000)
                for _ in range(STEPS_PER_LIFE * 3):
                    if not bot.alive:
                        break
                    await players.step()
                if bot.alive:  # the point was not reached in this life: kill it anyway
                    await bot.kill()
                    kind = "external"
            assert bot.returncode == -9, bot.returncode
            kills[kind] += 1

        await bot.start(seed=99_000)  # the last life: no kill point
        while players.retry:
            await players.step()
        await settled(emu, bot)
        # a player whose Rematch click died with the bot presses it again
        for (original,) in rows(db_path, "SELECT rematch_of FROM tables WHERE rematch_of IS NOT NULL"):
            await players.rematch(original)
        await settled(emu, bot)
        assert not rows(db_path, "SELECT id FROM tables WHERE status = 'lobby'"), "a rematch never started"

        assert sum(kills.values()) >= KILLS and all(kills[p] >= 1 for p in POINTS), kills
        assert sum(c.result == "ack" for c in players.clicks) >= 10, "the players got somewhere"
        tables = rows(db_path, "SELECT id, game, version, seats FROM tables ORDER BY id")
        for table, game, version, seats in tables:
            check_state_is_the_fold_of_the_log(db_path, table, game, version)
            check_outbox(db_path, table)
            if game == "duel":
                check_duel_clicks(db_path, table, players.clicks)
            check_counted_clicks(db_path, table, players.clicks, json.loads(seats))
        check_discord(emu, db_path, world)
        # a crash leaves nothing for the next process to trip over
        assert not [line for line in log.read_text().splitlines() if " ERROR " in line or "Traceback" in line]
    finally:
        await bot.close()


class Crash(BaseException):
    """The process dies here."""


async def test_a_rematch_cut_short_by_a_crash_starts_on_the_next_click(
    tmp_path: Path, duel_game: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the test above: a crash between creating a rematch and starting it left a lobby
    nobody could see or start; pressing Rematch again now starts it."""
    from bot.store import SqliteStore
    from bot.tables import TableService

    store = SqliteStore(tmp_path / "t.db")
    await store.open()
    try:
        service = TableService(store, seeder=lambda: 7)
        table = await service.create(game="duel", creator=1, guild_id=9, channel_id=8, lang="en")
        await service.open(table.id, thread_id=None)
        await service.resign(table.id, 1)
        start = service._start

        async def crash(_table: object) -> None:
            raise Crash

        monkeypatch.setattr(service, "_start", crash)
        with pytest.raises(Crash):
            await service.rematch(table.id, 1)
        stuck = await store.find_rematch(table.id)
        assert stuck is not None and stuck.status == "lobby"
        monkeypatch.setattr(service, "_start", start)
        again, created = await service.rematch(table.id, 1)
        assert (again.id, again.status, created) == (stuck.id, "active", False)
        assert again.version > 0
    finally:
        await store.close()
