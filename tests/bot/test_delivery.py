"""The outbox worker with a fake Discord: exactly-once effect, resume after a crash, DMs closed, retries."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from bot.delivery import DeliveryWorker, DmClosed, MessageGone, Transient
from bot.panels import Panel
from bot.store import SqliteStore
from bot.tables import TableService
from tests.games.duel import RULES, Boost, Commit

ALICE, BOB = 101, 202
THREAD = 3


class Crash(BaseException):
    """The process dies right after Discord accepted a message (before the outbox row is updated)."""


@dataclass
class Sent:
    channel: int
    panel: Panel
    nonce: str | None
    ping: tuple[int, ...]
    id: int
    edits: int = 0


@dataclass
class FakeDiscord:
    """Channel messages and DMs; like Discord with enforce_nonce, a repeated nonce returns the same message."""

    messages: dict[int, Sent] = field(default_factory=dict)
    by_nonce: dict[tuple[int, str], int] = field(default_factory=dict)
    closed_dms: set[int] = field(default_factory=set)
    fail: list[Exception] = field(default_factory=list)
    crash_after_send: bool = False
    ids: itertools.count = field(default_factory=lambda: itertools.count(1000))

    def _post(self, channel: int, panel: Panel, nonce: str, ping: Sequence[int]) -> int:
        if self.fail:
            raise self.fail.pop(0)
        key = (channel, nonce)
        if key not in self.by_nonce:
            message = Sent(channel, panel, nonce, tuple(ping), next(self.ids))
            self.messages[message.id] = message
            self.by_nonce[key] = message.id
        if self.crash_after_send:
            self.crash_after_send = False
            raise Crash
        return self.by_nonce[key]

    async def send(self, channel_id: int, panel: Panel, *, nonce: str, ping: Sequence[int] = ()) -> int:
        return self._post(channel_id, panel, nonce, ping)

    async def edit(self, channel_id: int, message_id: int, panel: Panel) -> None:
        if self.fail:
            raise self.fail.pop(0)
        if message_id not in self.messages:
            raise MessageGone("10008")
        self.messages[message_id].panel = panel
        self.messages[message_id].edits += 1

    async def send_dm(self, user_id: int, panel: Panel, *, nonce: str) -> int:
        if user_id in self.closed_dms:
            raise DmClosed("50007")
        return self._post(-user_id, panel, nonce, ())

    async def edit_dm(self, user_id: int, message_id: int, panel: Panel) -> None:
        await self.edit(-user_id, message_id, panel)

    def in_channel(self, channel: int) -> list[Sent]:
        return [m for m in self.messages.values() if m.channel == channel]

    def dms(self, user: int) -> list[Sent]:
        return self.in_channel(-user)


@pytest.fixture
def discord_() -> FakeDiscord:
    return FakeDiscord()


@pytest.fixture
def worker(store: SqliteStore, service: TableService, discord_: FakeDiscord, clock) -> DeliveryWorker:
    return DeliveryWorker(store, service, discord_, clock=clock)


async def _pvp(service: TableService) -> int:
    table = await service.create(
        game="duel", creator=ALICE, guild_id=1, channel_id=2, lang="en", side="red", opponent=BOB
    )
    await service.open(table.id, thread_id=THREAD)
    await service.join(table.id, BOB)
    return table.id


async def _round(service: TableService, tid: int) -> None:
    """Red commits its highest card, blue its lowest; red boosts; both draw."""
    state = (await service.load(tid)).state
    version = state.version
    await service.submit(tid, ALICE, Commit(card=max(state.hands["red"])), version)
    table = await service.submit(tid, BOB, Commit(card=min(state.hands["blue"])), version)
    if table.state.round_winner == "red":
        await service.submit(tid, ALICE, Boost(mode="take"), table.table.version)


async def test_a_change_is_delivered_once_and_status_edits_coalesce(
    service: TableService, worker: DeliveryWorker, discord_: FakeDiscord, store: SqliteStore
) -> None:
    tid = await _pvp(service)
    await worker.run_once()
    thread = discord_.in_channel(THREAD)
    status = (await store.get_table(tid)).status_message_id
    assert [m.id for m in thread][0] == status and len(thread) == 2  # status + "the duel begins"
    assert len(discord_.dms(ALICE)) == 1 and len(discord_.dms(BOB)) == 1
    assert await worker.run_once() == 0  # nothing left: no duplicate on a second pass
    await service.submit(tid, ALICE, 0, 1)
    await service.submit(tid, BOB, 0, 1)
    await worker.run_once()
    assert (
        discord_.messages[status].edits == 1
    )  # two changes, one edit (the row was re-armed, not duplicated)
    # One public summary per turn (issue 15): the Duel has no turn counter, so a change that hands
    # over to other seats closes a turn; the second change leaves the same seat to act: no post.
    assert len(discord_.in_channel(THREAD)) == 3
    assert all(r.status != "pending" for r in await store.deliveries(tid))


async def test_a_crash_after_sending_is_resumed_without_a_duplicate(
    service: TableService, store: SqliteStore, discord_: FakeDiscord, clock
) -> None:
    tid = await _pvp(service)
    first = DeliveryWorker(store, service, discord_, clock=clock)
    discord_.crash_after_send = True
    with pytest.raises(Crash):
        await first.run_once()
    crashed = [r for r in await store.deliveries(tid) if r.attempts == 1 and r.status == "pending"]
    assert len(crashed) == 1  # the row was attempted, the message exists, the outbox does not know
    restarted = DeliveryWorker(store, service, discord_, clock=clock)
    await restarted.run_once()
    assert all(r.status in ("done", "skipped") for r in await store.deliveries(tid))
    nonces = [m.nonce for m in discord_.messages.values()]
    assert len(nonces) == len(set(nonces)) == len(discord_.messages)
    assert len(discord_.in_channel(THREAD)) == 2


async def test_closed_dms_are_recorded_and_announced_once(
    service: TableService, worker: DeliveryWorker, discord_: FakeDiscord, store: SqliteStore
) -> None:
    discord_.closed_dms.add(BOB)
    tid = await _pvp(service)
    await worker.run_once()
    await worker.run_once()  # the notice row was added by the first pass
    assert (await store.get_player(BOB)).dm_status == "closed"
    notices = [m for m in discord_.in_channel(THREAD) if m.ping == (BOB,)]
    assert len(notices) == 1 and "My hand" in notices[0].panel.content
    await _round(service, tid)  # Bob draws a card: a new DM for him fails again
    await worker.run_once()
    await worker.run_once()
    dm_rows = [r for r in await store.deliveries(tid) if r.kind == "dm" and r.target == f"user:{BOB}"]
    assert len(dm_rows) == 2 and {r.last_error for r in dm_rows} == {"dm_closed"}
    assert len([m for m in discord_.in_channel(THREAD) if "direct messages" in m.panel.content]) == 1
    assert (await store.get_table(tid)).status == "active"  # the game never blocked


async def test_transient_failures_retry_later(
    service: TableService, worker: DeliveryWorker, discord_: FakeDiscord, store: SqliteStore, clock
) -> None:
    await _pvp(service)
    discord_.fail = [Transient("http 503")]
    await worker.run_once()
    waiting = [r for r in await store.deliveries(1) if r.status == "pending"]
    assert len(waiting) == 1 and waiting[0].last_error == "http 503" and waiting[0].not_before > clock.now
    assert await worker.run_once() == 0  # not due yet
    clock.advance(60)
    assert await worker.run_once() == 1
    assert not [r for r in await store.deliveries(1) if r.status == "pending"]


async def test_a_deleted_status_message_is_posted_again(
    service: TableService, worker: DeliveryWorker, discord_: FakeDiscord, store: SqliteStore
) -> None:
    tid = await _pvp(service)
    await worker.run_once()
    old = (await store.get_table(tid)).status_message_id
    del discord_.messages[old]
    await service.submit(tid, ALICE, 0, 1)
    await worker.run_once()
    new = (await store.get_table(tid)).status_message_id
    assert new != old and new in discord_.messages


async def test_a_status_edit_drawn_after_a_newer_change_settles_it_with_one_drawing(
    service: TableService, worker: DeliveryWorker, discord_: FakeDiscord, store: SqliteStore
) -> None:
    """Issue 9 item 7 (coalescing): the worker read the pending rows, then another change landed
    before the status message was drawn. The drawing shows the newest version, so the row is done
    after one edit; it is not left pending to be drawn a second time for nothing."""
    tid = await _pvp(service)
    await worker.run_once()
    status_id = (await store.get_table(tid)).status_message_id
    await service.submit(tid, ALICE, 0, 1)
    listed = next(r for r in await store.pending_deliveries(1e12, tid) if r.kind == "status")
    await service.submit(tid, BOB, 0, 1)  # re-arms the status row past the listed generation
    await worker.deliver(listed)
    row = next(r for r in await store.deliveries(tid) if r.kind == "status")
    version = (await store.get_table(tid)).version
    assert row.status == "done" and row.generation == listed.generation + 1
    edited = discord_.messages[status_id]
    assert edited.edits == 1 and [f.name for f in edited.panel.files] == [f"table-{tid}-v{version}.png"]


class HeldMessages(FakeDiscord):
    """Posts and DMs wait while `held` is set (a slow upload, a DM's picture drawn last in the
    pool's order); status edits go through and are announced."""

    def __init__(self) -> None:
        super().__init__()
        self.held = False
        self.release = asyncio.Event()
        self.waiting = asyncio.Event()
        self.edited = asyncio.Event()

    async def _hold(self) -> None:
        if self.held:
            self.waiting.set()
            await self.release.wait()

    async def send(self, channel_id: int, panel: Panel, *, nonce: str, ping: Sequence[int] = ()) -> int:
        await self._hold()
        return await super().send(channel_id, panel, nonce=nonce, ping=ping)

    async def send_dm(self, user_id: int, panel: Panel, *, nonce: str) -> int:
        await self._hold()
        return await super().send_dm(user_id, panel, nonce=nonce)

    async def edit(self, channel_id: int, message_id: int, panel: Panel) -> None:
        await super().edit(channel_id, message_id, panel)
        self.edited.set()


async def test_a_status_edit_never_waits_behind_the_tables_own_dms(
    service: TableService, store: SqliteStore, clock
) -> None:
    """Issue 9 item 7: while a table's DM is still on its way, a newer change's status edit is
    delivered anyway (the status message has its own lane); nothing is lost once the DM goes."""
    held = HeldMessages()
    worker = DeliveryWorker(store, service, held, clock=clock)
    tid = await _pvp(service)
    await worker.run_once()  # the status message exists, the opening DMs are sent
    status_id = (await store.get_table(tid)).status_message_id
    held.held = True
    worker.start()
    try:
        await service.submit(tid, ALICE, 0, 1)  # Bob is told by DM: that DM hangs
        worker.notify()
        await asyncio.wait_for(held.waiting.wait(), 30)
        version = (await service.submit(tid, BOB, 0, 1)).table.version  # a newer change
        worker.notify()
        newest = [f"table-{tid}-v{version}.png"]
        while True:  # each edit until the newest board, all before the held DM went out
            held.edited.clear()
            if [f.name for f in held.messages[status_id].panel.files] == newest:
                break
            await asyncio.wait_for(held.edited.wait(), 30)
        assert not held.release.is_set()
        held.release.set()
        await worker.wait_idle(30)
    finally:
        await worker.stop()
    assert all(r.status != "pending" for r in await store.deliveries(tid))


class HeldEdits(FakeDiscord):
    """Status edits wait while `held` is set (a board still drawing); posts and DMs are recorded as
    they go (`dm_sent`: either went out)."""

    def __init__(self) -> None:
        super().__init__()
        self.held = False
        self.release = asyncio.Event()
        self.editing = asyncio.Event()
        self.dm_sent = asyncio.Event()
        self.order: list[str] = []

    async def edit(self, channel_id: int, message_id: int, panel: Panel) -> None:
        if self.held:
            self.editing.set()
            await self.release.wait()
        await super().edit(channel_id, message_id, panel)
        self.order.append("edit")

    async def send(self, channel_id: int, panel: Panel, *, nonce: str, ping: Sequence[int] = ()) -> int:
        message_id = await super().send(channel_id, panel, nonce=nonce, ping=ping)
        self.order.append("post")
        self.dm_sent.set()
        return message_id

    async def send_dm(self, user_id: int, panel: Panel, *, nonce: str) -> int:
        message_id = await super().send_dm(user_id, panel, nonce=nonce)
        self.order.append("dm")
        self.dm_sent.set()
        return message_id


async def test_a_changes_posts_and_dms_follow_its_status_edit_already_under_way(
    service: TableService, store: SqliteStore, clock
) -> None:
    """A player told by DM or by the thread's post that it is their turn finds the board already
    showing it: a change's posts and DMs wait for its status edit once that is under way (the edit
    itself never waits for them). The Duel's move hands over with a turn post."""
    held = HeldEdits()
    worker = DeliveryWorker(store, service, held, clock=clock)
    tid = await _pvp(service)
    await worker.run_once()  # the status message exists, the opening DMs are sent
    held.held, held.order = True, []
    held.dm_sent.clear()
    worker.start()
    try:
        await service.submit(tid, ALICE, 0, 1)  # a status edit, and the turn's post
        worker.notify()
        await asyncio.wait_for(held.editing.wait(), 30)
        with pytest.raises(TimeoutError):  # bounded: without the rule the DM goes at once
            await asyncio.wait_for(held.dm_sent.wait(), 1.0)
        held.release.set()
        await asyncio.wait_for(held.dm_sent.wait(), 30)
        await worker.wait_idle(30)
    finally:
        await worker.stop()
    assert held.order[:2] == ["edit", "post"]
    assert all(r.status != "pending" for r in await store.deliveries(tid))


async def test_superseded_dms_are_skipped(
    service: TableService, worker: DeliveryWorker, discord_: FakeDiscord, store: SqliteStore
) -> None:
    tid = await _pvp(service)
    state = (await service.load(tid)).state
    # two turns pass before the worker runs: Alice gets one DM (the latest), not one per turn
    await service.submit(tid, ALICE, 0, 1)
    await service.submit(tid, BOB, state.hands["blue"].index(max(state.hands["blue"])), 1)
    await worker.run_once()
    rows = [r for r in await store.deliveries(tid) if r.kind == "dm" and r.target == f"user:{ALICE}"]
    assert [r.status for r in rows][-1] == "done"
    assert all(r.status == "skipped" for r in rows[:-1]) and len(discord_.dms(ALICE)) == 1


async def test_public_messages_are_built_only_from_what_spectators_may_see(
    service: TableService, worker: DeliveryWorker, discord_: FakeDiscord, duel_game
) -> None:
    tid = await _pvp(service)
    await service.submit(tid, ALICE, 0, 1)
    duel_game.calls.clear()
    await worker.run_once()
    public = [(name, arg) for name, arg in duel_game.calls if name in ("board_png", "status_text", "narrate")]
    assert public
    for name, arg in public:
        if name == "narrate":
            assert arg == arg.redacted_for(None)
        else:
            assert arg.seat is None and arg.hand == () and arg.my_commit is None
    hands = (await service.load(tid)).state.hands
    secret = {f"gem-{c:02d}" for seat in hands for c in hands[seat]}
    for message in discord_.in_channel(THREAD):
        assert not secret & set(message.panel.content.split()), message.panel.content
    assert RULES.name == "duel" and tid


async def test_a_dm_panel_offers_why_where_a_row_is_free_and_the_status_never(
    service: TableService, worker: DeliveryWorker, discord_: FakeDiscord, store: SqliteStore
) -> None:
    """Issue 29 item 5: the private panel sent by DM carries "Why?" (the same answer as `/why`, for
    the turn the player did not watch) after its own components; the public status message, shared
    by everyone, never does (`/why` answers privately anyway)."""
    tid = await _pvp(service)
    await worker.run_once()
    status = (await store.get_table(tid)).status_message_id
    for user in (ALICE, BOB):
        (dm,) = discord_.dms(user)
        whys = [c for c in dm.panel.components if c.custom_id == f"tb:why:{tid}"]
        assert len(whys) == 1 and whys[0].label == "Why?"
        assert dm.panel.components[-1] is whys[0]  # the game's own choices first, untouched
    assert all(c.custom_id != f"tb:why:{tid}" for c in discord_.messages[status].panel.components)
