"""The table service against a real SQLite file and a real PostgreSQL (tests/bot/engines.py): seating, submit, concurrency, snapshots, outbox."""

from __future__ import annotations

import asyncio

import pytest

from bot.offload import Offload, install, uninstall
from bot.store import SqliteStore
from bot.tables import TableService
from engine.core import Rejected, fold
from tests.bot.duel_table import ALICE, BOB, duel_pvp
from tests.bot.engines import engine, raw  # noqa: F401 (engine: both engines)
from tests.games.duel import RULES, Boost, Commit

CAROL = 303


async def _state(service: TableService, table_id: int):
    return (await service.load(table_id)).state


def _rejected(exc: pytest.ExceptionInfo[Rejected]) -> str:
    return exc.value.message_id


async def test_a_named_opponent_must_join_and_then_the_game_starts(service: TableService) -> None:
    table = await service.create(
        game="duel", creator=ALICE, guild_id=1, channel_id=2, lang="en", side="red", opponent=BOB
    )
    table = await service.open(table.id, thread_id=3)
    assert (table.status, table.seats, table.thread_id) == ("lobby", {"red": ALICE, "blue": None}, 3)
    with pytest.raises(Rejected) as exc:
        await service.join(table.id, CAROL)
    assert _rejected(exc) == "bot.not_invited"
    with pytest.raises(Rejected) as exc:
        await service.start(table.id, BOB)
    assert _rejected(exc) == "bot.creator_only"
    table = await service.join(table.id, BOB)
    assert (table.status, table.seats["blue"], table.version) == ("active", BOB, 1)


async def test_no_opponent_means_the_ai_and_an_immediate_start(service: TableService) -> None:
    table = await service.create(game="duel", creator=ALICE, guild_id=1, channel_id=2, lang="en", side="blue")
    table = await service.open(table.id, thread_id=None)
    assert table.status == "active" and table.seats == {"red": "ai", "blue": ALICE}
    state = await _state(service, table.id)
    # the AI committed its card at once (simultaneous choice), only the human is left to act
    assert RULES.active_seats(state) == {"blue"} and state.committed["red"] is not None


async def test_bad_options_and_unknown_games_are_refused_in_words(service: TableService) -> None:
    with pytest.raises(Rejected) as exc:
        await service.create(
            game="duel", creator=ALICE, guild_id=1, channel_id=2, lang="en", options={"rounds": 99}
        )
    assert _rejected(exc) == "bot.bad_options" and "rounds" in exc.value.text
    with pytest.raises(Rejected) as exc:
        await service.create(game="nope", creator=ALICE, guild_id=1, channel_id=2, lang="en")
    assert _rejected(exc) == "bot.unknown_game"
    with pytest.raises(Rejected) as exc:
        await service.create(game="duel", creator=ALICE, guild_id=1, channel_id=2, lang="en", opponent=ALICE)
    assert _rejected(exc) == "bot.self_opponent"


async def test_non_players_cannot_act_and_stale_versions_are_refused(service: TableService) -> None:
    tid = await duel_pvp(service)
    with pytest.raises(Rejected) as exc:
        await service.submit(tid, CAROL, 0, 1)
    assert _rejected(exc) == "bot.not_a_player"
    applied = await service.submit(tid, ALICE, 0, 1)
    assert applied.table.version == 2
    # Alice's own old button (version 1) cannot apply again: she caused the change since
    with pytest.raises(Rejected) as exc:
        await service.submit(tid, ALICE, 0, 1)
    assert _rejected(exc) == "bot.table_moved_on"


async def test_a_simultaneous_choice_survives_the_other_seat_acting(service: TableService) -> None:
    tid = await duel_pvp(service)
    await service.submit(tid, ALICE, 0, 1)  # red commits at version 1
    # Blue's buttons were drawn at version 1; her legal actions did not change, so the click stands
    applied = await service.submit(tid, BOB, 0, 1)
    assert applied.seat == "blue" and any(e.kind == "revealed" for e in applied.events)


async def test_a_click_whose_choices_changed_is_moved_on(service: TableService) -> None:
    tid = await duel_pvp(service)
    state = await _state(service, tid)
    red, blue = max(state.hands["red"]), min(state.hands["blue"])
    await service.submit(tid, ALICE, Commit(card=red), 1)
    await service.submit(tid, BOB, Commit(card=blue), 2)  # red wins the round -> boost phase
    with pytest.raises(Rejected) as exc:
        await service.submit(tid, BOB, 0, 1)
    assert _rejected(exc) == "bot.table_moved_on"
    with pytest.raises(Rejected) as exc:
        await service.submit(tid, BOB, 0, 9)  # a version from the future
    assert _rejected(exc) == "bot.table_moved_on"
    with pytest.raises(Rejected) as exc:
        await service.submit(tid, BOB, Boost(mode="take"), None)
    assert _rejected(exc) == "core.not_your_turn"


async def test_the_stale_click_rule_holds_with_its_fold_in_a_worker_process(
    service: TableService, duel_game: object
) -> None:
    """The fold and comparison of `_check_stale` run in a worker (bot/moves.py `unchanged_for`):
    a simultaneous choice still stands, and a click whose choices changed is still moved on."""
    pool = await Offload(1).start()
    await pool.ready()
    install(pool)
    try:
        tid = await duel_pvp(service)
        state = await _state(service, tid)
        await service.submit(tid, ALICE, Commit(card=max(state.hands["red"])), 1)
        applied = await service.submit(tid, BOB, state.hands["blue"].index(min(state.hands["blue"])), 1)
        assert applied.seat == "blue" and any(e.kind == "revealed" for e in applied.events)  # drawn at 1
        with pytest.raises(Rejected) as exc:  # red won the round: blue's choices at 1 are gone now
            await service.submit(tid, BOB, 0, 1)
        assert _rejected(exc) == "bot.table_moved_on"
    finally:
        uninstall(pool)
        await pool.close()


async def test_hundred_concurrent_identical_clicks_apply_once(
    service: TableService, store: SqliteStore
) -> None:
    tid = await duel_pvp(service)
    results = await asyncio.gather(
        *(service.submit(tid, ALICE, 0, 1) for _ in range(100)), return_exceptions=True
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, Rejected)]
    assert len(applied) == 1 and len(refused) == 99
    assert {r.message_id for r in refused} == {"bot.table_moved_on"}
    events = await store.load_events(tid)
    assert [e.kind for e in events] == ["started", "committed"]
    assert (await store.get_table(tid)).version == 2


async def test_concurrent_clicks_on_two_service_instances_still_apply_once(
    service: TableService, store: SqliteStore
) -> None:
    """Two services (two locks) on one store: the (table_id, seq) key stops the second writer."""
    tid = await duel_pvp(service)
    other = TableService(store)
    results = await asyncio.gather(
        *(s.submit(tid, ALICE, 0, 1) for s in [service, other] * 10), return_exceptions=True
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(isinstance(r, Rejected) for r in results if isinstance(r, BaseException))
    assert [e.kind for e in await store.load_events(tid)] == ["started", "committed"]


async def test_snapshot_is_rebuilt_when_missing_or_of_another_schema(
    service: TableService, store: SqliteStore
) -> None:
    tid = await duel_pvp(service)
    await service.submit(tid, ALICE, 0, 1)
    live = await _state(service, tid)
    await raw(store, "UPDATE snapshots SET schema_hash = 'old', data = '{}' WHERE table_id = ?", tid)
    assert (await _state(service, tid)) == live
    assert (await store.get_snapshot(tid)).schema_hash != "old"
    await raw(store, "DELETE FROM snapshots WHERE table_id = ?", tid)
    assert (await _state(service, tid)) == live
    events = [RULES.parse_event(r.data) for r in await store.load_events(tid)]
    assert fold(RULES, events) == live


async def test_outbox_rows_are_written_with_the_events(service: TableService, store: SqliteStore) -> None:
    tid = await duel_pvp(service)
    rows = {(r.version, r.kind, r.target) for r in await store.deliveries(tid)}
    # start: a turn message, the status message, and both players' hands by DM
    assert {
        (1, "turn", "public"),
        (0, "status", "public"),
        (1, "dm", f"user:{ALICE}"),
        (1, "dm", f"user:{BOB}"),
    } <= rows
    await service.submit(tid, ALICE, 0, 1)
    rows = await store.deliveries(tid)
    turn = next(r for r in rows if (r.version, r.kind) == (2, "turn"))
    # Bob's choices did not change: no ping and no DM for him; Alice (the actor) gets her reply instead
    assert turn.payload == {"from": 2, "to": 2, "ping": [], "summary": True}
    assert not [r for r in rows if r.version == 2 and r.kind == "dm"]


async def test_the_other_player_is_pinged_and_messaged_when_it_is_their_turn(
    service: TableService, store: SqliteStore
) -> None:
    tid = await duel_pvp(service)
    state = await _state(service, tid)
    await service.submit(tid, ALICE, Commit(card=min(state.hands["red"])), 1)
    await service.submit(tid, BOB, Commit(card=max(state.hands["blue"])), 2)  # blue wins: blue must boost
    rows = await store.deliveries(tid)
    turn = next(r for r in rows if (r.version, r.kind) == (4, "turn"))
    assert turn.payload["ping"] == [] and turn.payload["from"] == 3
    # the actor is blue; red's hand did not change (no draw yet): nothing for Alice
    await service.submit(tid, BOB, Boost(mode="take"), 4)
    rows = await store.deliveries(tid)
    latest = max(r.version for r in rows)
    assert {r.target for r in rows if r.version == latest and r.kind == "dm"} == {f"user:{ALICE}"}
    assert next(r for r in rows if (r.version, r.kind) == (latest, "turn")).payload["ping"] == [ALICE]


async def test_reminders_and_time_limits_become_deadlines(
    service: TableService, store: SqliteStore, clock
) -> None:
    tid = await duel_pvp(service, boost_seconds=30)
    deadlines = await store.deadlines(tid)
    assert {(d.kind, d.seat, d.due_at - clock.now) for d in deadlines} == {
        ("reminder", "red", 600.0),
        ("reminder", "blue", 600.0),
    }
    state = await _state(service, tid)
    await service.submit(tid, ALICE, Commit(card=max(state.hands["red"])), 1)
    await service.submit(tid, BOB, Commit(card=min(state.hands["blue"])), 2)
    pending = [d for d in await store.deadlines(tid) if d.status == "pending"]
    assert {(d.kind, d.seat, d.key) for d in pending} == {
        ("reminder", "red", "v4"),
        ("timeout", "red", "boost-1"),
    }
    timeout = next(d for d in pending if d.kind == "timeout")
    assert timeout.due_at == clock.now + 30 and timeout.payload == {
        "action": {"kind": "boost", "mode": "take"}
    }


async def test_resign_abandon_and_admin_rule(service: TableService, store: SqliteStore) -> None:
    tid = await duel_pvp(service)
    with pytest.raises(Rejected) as exc:
        await service.abandon(tid, BOB, is_admin=False)
    assert _rejected(exc) == "bot.admins_only"
    table = await service.resign(tid, BOB)
    assert table.status == "finished" and table.outcome.winners == ("red",)
    with pytest.raises(Rejected) as exc:
        await service.submit(tid, ALICE, 0, table.version)
    assert _rejected(exc) == "core.game_over"
    other = await duel_pvp(service)
    table = await service.abandon(other, CAROL, is_admin=True)
    assert table.status == "abandoned" and table.outcome.winners == ()
    assert [d for d in await store.deadlines(other) if d.status == "pending"] == []


async def test_rematch_swaps_sides_once(service: TableService) -> None:
    tid = await duel_pvp(service)
    await service.resign(tid, ALICE)
    with pytest.raises(Rejected):
        await service.rematch(tid, CAROL)
    opened: list[int] = []

    async def new_thread(table: object) -> int:
        opened.append(40 + len(opened))
        return opened[-1]

    new, created = await service.rematch(tid, BOB, new_thread=new_thread)
    # by consent (issue 27 item 5): Bob sits, Alice is invited; her own Rematch press accepts
    assert new.status == "lobby" and new.seats == {"red": BOB, "blue": None} and new.invited == [ALICE]
    again, created_again = await service.rematch(tid, ALICE, new_thread=new_thread)
    assert created and not created_again and again.id == new.id
    assert again.seats == {"red": BOB, "blue": ALICE} and again.status == "active"
    assert again.thread_id == 40 and opened == [40]  # a thread of its own, opened once


async def test_log_is_redacted_for_the_requester_until_the_end(service: TableService) -> None:
    tid = await duel_pvp(service)
    state = await _state(service, tid)
    await service.submit(tid, ALICE, Commit(card=state.hands["red"][0]), 1)
    mine = await service.log_for(tid, ALICE)
    theirs = await service.log_for(tid, BOB)
    assert mine["events"][1]["event"]["card"] == state.hands["red"][0]
    assert theirs["events"][1]["event"]["card"] is None
    assert theirs["events"][0]["event"]["state"]["hands"]["red"] == [] and theirs["seed"] is None
    await service.resign(tid, BOB)
    full = await service.log_for(tid, CAROL)
    assert full["seed"] == 11 and full["events"][0]["event"]["state"]["hands"]["red"] == state.hands["red"]


async def test_players_know_a_table_by_its_server_number_never_by_its_id(service: TableService) -> None:
    """Tables are numbered per server (migration 4): the log names the number, and a table id that
    is not in the store (it comes from a button, never from the player) is refused without a number."""
    await service.create(
        game="duel", creator=ALICE, guild_id=9, channel_id=8, lang="en", side="red", opponent=BOB
    )  # id 1, on another server
    tid = await duel_pvp(service)  # id 2: the first table of server 1
    table = await service.get(tid)
    assert (table.id, table.number) == (2, 1)
    assert (await service.log_for(tid, ALICE))["number"] == 1
    with pytest.raises(Rejected) as refused:
        await service.get(99)
    assert _rejected(refused) == "bot.table_gone"
    assert refused.value.text == "That table no longer exists."
