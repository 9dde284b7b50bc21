"""Quiet hours (issue 26 item 2, bot/held.py): every ping and DM to a player is held during their
quiet hours, and everything held for them, at every table, goes out as one message when they end,
across a restart too. The outbox worker with a fake Discord (tests/bot/test_delivery.py's), a real
SQLite store, a clock the test moves."""

from __future__ import annotations

from typing import Any

import pytest

from bot.delivery import DeliveryWorker
from bot.held import NOTIFYING_KINDS, QUIET, SILENT_KINDS
from bot.quiet import quiet_end
from bot.store import NewDelivery, SqliteStore
from bot.tables import TableService
from tests.bot.conftest import Clock
from tests.bot.duel_table import ALICE, BOB, THREAD, duel_pvp
from tests.bot.engines import engine  # noqa: F401 (both engines: the hold reads the outbox of either)
from tests.bot.test_delivery import FakeDiscord

QUIET_HOURS = "13:00-15:00"  # the test clock starts at 1970-01-12 13:46:40 UTC: inside


@pytest.fixture
def discord_() -> FakeDiscord:
    return FakeDiscord()


def new_worker(
    store: SqliteStore, service: TableService, discord_: FakeDiscord, clock: Clock
) -> DeliveryWorker:
    return DeliveryWorker(store, service, discord_, clock=clock)


async def settle(worker: DeliveryWorker) -> None:
    """Every row due now, handled (a post held for someone writes a row, handled in the next pass)."""
    for _ in range(20):
        if not await worker.run_once():
            return
    raise AssertionError("the outbox does not settle")


async def bob_sleeps(store: SqliteStore) -> None:
    async with store.transaction() as tx:
        await tx.set_quiet(BOB, "UTC", QUIET_HOURS)


def pings_to(discord_: FakeDiscord, user: int) -> list[Any]:
    """Every message that notified `user`: a post that pinged them, or a DM."""
    return [m for m in discord_.messages.values() if user in m.ping or m.channel == -user]


async def all_rows(store: SqliteStore) -> list[Any]:
    rows = []
    for table in await store.list_tables():
        rows += await store.deliveries(table.id)
    return rows


async def morning(clock: Clock) -> None:
    end = quiet_end(clock(), "UTC", QUIET_HOURS)
    assert end is not None
    clock.advance(end - clock() + 1)


# --- each kind of notification -----------------------------------------------------------------


async def _row(
    service: TableService, store: SqliteStore, tid: int, kind: str, target: str, **payload: Any
) -> None:
    table = await service.get(tid)
    async with store.transaction() as tx:
        await tx.add_delivery(
            NewDelivery(table_id=tid, version=table.version, kind=kind, target=target, payload=payload)
        )


async def make(kind: str, service: TableService, store: SqliteStore, clock: Clock) -> int:
    """A table where a row of `kind` pings Bob (or reaches his DMs), made as the service makes it
    where that is short, else written as the service writes it. The table."""
    settings = {"absent": "ai", "absent_after": 1} if kind == "stand_in" else {}
    tid = await duel_pvp(service, rounds=3, **settings)
    if kind == "dm":
        pass  # the game's start: his turn's DM is in the outbox already
    elif kind == "fault":
        async with store.transaction() as tx:
            await tx.update_table(tid, fault="missing_access")
        await _row(service, store, tid, "fault", f"user:{BOB}")
    elif kind == "turn":
        await store.upsert_player(BOB, dm_status="closed")  # his turn is then a mention in the thread
        table = await service.get(tid)
        await _row(
            service,
            store,
            tid,
            "turn",
            "public",
            ping=[BOB],
            summary=True,
            **{"from": 1, "to": table.version},
        )
    elif kind == "end":
        await service.resign(tid, ALICE)  # Bob is told the game is over
    elif kind == "reminder":
        await _row(service, store, tid, "reminder", f"user:{BOB}")
    elif kind == "warning":
        end = quiet_end(clock(), "UTC", QUIET_HOURS)
        assert end is not None  # a time limit that runs out after his night (one during it is moot)
        await _row(service, store, tid, "warning", f"user:{BOB}:w", due=end + 600, left=600)
    elif kind == "dm_notice":
        await _row(service, store, tid, "dm_notice", f"user:{BOB}")
    elif kind == "invite":
        await service.resign(tid, ALICE)
        await service.rematch(tid, ALICE)  # Bob is invited, in the finished table's thread
    elif kind == "stand_in":
        await service.deadline_missed(tid, "blue")  # absent=ai after one: the AI takes his seat
    elif kind == "pause":
        await service.ask_pause(tid, ALICE, is_admin=False)  # Bob is asked to agree
    elif kind == "undo":
        async with store.transaction() as tx:  # as bot/takeback.py asks (its rule is tested there)
            await tx.update_table(tid, undo={"asked": "red", "by_seat": {"red": {"from": 2, "moves": []}}})
        await _row(service, store, tid, "undo", f"asked:{ALICE}", event="asked", by=ALICE, asked=[BOB])
        await _row(service, store, tid, "undo", f"refused:{ALICE}", event="refused", by=ALICE, asked=[BOB])
    else:
        raise AssertionError(f"no scenario for {kind}: add one")
    return tid


async def test_the_worker_handles_exactly_the_known_kinds(
    store: SqliteStore, service: TableService, discord_: FakeDiscord, clock: Clock
) -> None:
    """Every kind of outbox row is classed as one that pings or DMs a player (then held in their
    quiet hours: the test below has a scenario for each) or as a silent one: a new kind fails here
    until it is classed."""
    worker = new_worker(store, service, discord_, clock)
    assert set(worker._handlers) == NOTIFYING_KINDS | SILENT_KINDS
    assert not NOTIFYING_KINDS & SILENT_KINDS


SAYS = {
    "dm": ["it is your turn"],
    "fault": ["has stopped"],
    "turn": ["it is your turn"],
    "end": ["the game is over"],
    "reminder": ["it is your turn"],
    "warning": ["your time runs out"],
    "dm_notice": ["direct messages"],
    "invite": ["invites you to a rematch"],
    "stand_in": ["you missed a deadline"],
    "pause": ["asks to pause"],
    "undo": ["asks to take back", "refused your take-back"],
}
"""What the morning message says of each kind."""


@pytest.mark.parametrize("kind", sorted(NOTIFYING_KINDS))
async def test_each_notification_is_held_in_quiet_hours_and_sent_once_at_their_end(
    kind: str, store: SqliteStore, service: TableService, discord_: FakeDiscord, clock: Clock
) -> None:
    """Pause, resume, take-back asked/refused, stand-ins, reminders, time warnings, rematch
    invitations, the end of a game, a turn by DM or by mention, a fault's DM: none pings Bob or
    reaches his DMs in his quiet hours (a post still goes out, for the others, without his ping);
    at their end he gets one DM that says what it was, with a link."""
    await bob_sleeps(store)
    await make(kind, service, store, clock)
    worker = new_worker(store, service, discord_, clock)
    await settle(worker)
    assert pings_to(discord_, BOB) == [], kind
    held = [
        r for t in await store.list_tables() for r in await store.deliveries(t.id) if r.last_error == QUIET
    ]
    assert held and all(r.status == "pending" for r in held), kind
    await morning(clock)
    await settle(worker)
    [told] = pings_to(discord_, BOB)
    closed = kind == "turn"  # his DMs are closed: one mention in the channel instead
    assert told.channel == (THREAD if closed else -BOB)
    assert "quiet hours" in told.panel.content, told.panel.content
    for words in SAYS[kind]:
        assert words in told.panel.content, told.panel.content
    assert all(r.status != "pending" for r in await all_rows(store))


# --- one message for every table ------------------------------------------------------------------


async def test_everything_held_at_every_table_goes_out_as_one_message_across_a_restart(
    store: SqliteStore, service: TableService, discord_: FakeDiscord, clock: Clock
) -> None:
    """Issue 26 item 2 ("merged into one message"): Bob sleeps while three tables want him (his
    turn at one, a pause asked at another, a take-back asked at a third); the bot restarts in his
    night; at its end he gets ONE DM, a line per table with a link to each table's message and
    to each request's post."""
    await bob_sleeps(store)
    turn = await duel_pvp(service, rounds=3)
    paused = await make("pause", service, store, clock)
    asked = await make("undo", service, store, clock)  # asked, and an earlier one refused
    await settle(new_worker(store, service, discord_, clock))
    assert pings_to(discord_, BOB) == []
    await morning(clock)
    await settle(new_worker(store, service, discord_, clock))  # a new worker: the restart
    [dm] = pings_to(discord_, BOB)
    text = dm.panel.content
    assert dm.channel == -BOB
    for tid in (turn, paused, asked):
        table = await service.get(tid)
        assert f"table #{table.number}**" in text, text
    assert "asks to pause the table" in text and "asks to take back their last move" in text
    links = [w for w in text.split() if w.startswith("https://discord.com/channels/1/")]
    assert len(links) >= 5, text  # three tables' messages, and the two requests' posts
    assert all(r.status != "pending" for r in await all_rows(store))
    await settle(new_worker(store, service, discord_, clock))
    assert len(pings_to(discord_, BOB)) == 1  # once


async def test_with_dms_closed_the_morning_message_is_one_mention_per_channel(
    store: SqliteStore, service: TableService, discord_: FakeDiscord, clock: Clock
) -> None:
    """A player whose DMs are closed can only be reached by a mention in a channel: what was held at
    two tables of the same channel is one post there, pinging him once (bot/held.py's reading)."""
    await bob_sleeps(store)
    await store.upsert_player(BOB, dm_status="closed")
    first = await make("pause", service, store, clock)
    second = await make("reminder", service, store, clock)
    worker = new_worker(store, service, discord_, clock)
    await settle(worker)
    assert pings_to(discord_, BOB) == []
    await morning(clock)
    await settle(worker)
    [post] = pings_to(discord_, BOB)
    assert post.channel == THREAD and post.ping == (BOB,)
    for tid in (first, second):
        assert f"table #{(await service.get(tid)).number}**" in post.panel.content


async def test_a_player_awake_at_a_table_is_pinged_there(
    store: SqliteStore, service: TableService, discord_: FakeDiscord, clock: Clock
) -> None:
    """Reading (bot/quiet.py): a player who acted at a table in the last half hour is awake there
    (a live game at night); the others' requests reach him at once."""
    await bob_sleeps(store)
    tid = await duel_pvp(service, rounds=3)
    state = (await service.load(tid)).state
    await service.submit(tid, BOB, 0, state.version)  # Bob plays, in his quiet hours
    await service.ask_pause(tid, ALICE, is_admin=False)
    await settle(new_worker(store, service, discord_, clock))
    asked = [m for m in pings_to(discord_, BOB) if m.channel == THREAD]
    assert asked and "asks to pause" in asked[-1].panel.content
