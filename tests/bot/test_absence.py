"""Stand-ins for absent players (issue 26 item 1, bot/absence.py) on a real SQLite file: the table's
absent= rule after missed deadlines (wait, ai, forfeit), the stand-in's moves marked in the log and
the result, a stand-in that sees only its seat's view, "I'm back", /away and its date, and a player
back in person."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bot import absence, export
from bot.panels import narration_lines, outcome_text
from bot.scheduler import Scheduler
from bot.store import SqliteStore
from bot.tables import TableService
from engine.core import Disclosed, Rejected
from tests.bot.conftest import Clock
from tests.bot.duel_table import ALICE, BOB, duel_pvp, two_players
from tests.bot.engines import engine  # noqa: F401 (both engines: migration 7 and its PostgreSQL twin)
from tests.games.duel_presenter import DuelPresenter

DELAY = 600.0  # the service fixture's reminder delay


async def miss(scheduler: Scheduler, clock: Clock) -> int:
    """One deadline passes for whoever has not acted."""
    clock.advance(DELAY + 1)
    return await scheduler.tick()


async def actors(store: SqliteStore, tid: int) -> list[str | None]:
    return [r.actor for r in await store.load_events(tid)]


async def test_absent_wait_reminds_once_and_never_stands_in(
    service: TableService, store: SqliteStore, clock: Clock
) -> None:
    tid = await duel_pvp(service)  # absent= not given: wait, the behaviour before issue 26
    scheduler = Scheduler(store, service, clock=clock)
    await service.submit(tid, ALICE, 0, 1)
    for _ in range(4):
        await miss(scheduler, clock)
    table = await service.get(tid)
    assert table.absence == {} and table.stand_in_seats() == []
    assert [r.target for r in await store.deliveries(tid) if r.kind == "reminder"] == [f"user:{BOB}"]


async def test_absent_ai_takes_the_seat_after_n_misses_and_marks_its_moves(
    service: TableService, store: SqliteStore, clock: Clock
) -> None:
    tid = await duel_pvp(service, absent="ai", absent_after=2, rounds=3)
    assert (await service.get(tid)).settings == {"absent": "ai", "absent_after": 2}
    scheduler = Scheduler(store, service, clock=clock)
    await service.submit(tid, ALICE, 0, 1)
    await miss(scheduler, clock)
    table = await service.get(tid)
    assert absence.missed(table, "blue") == 1 and table.stand_in_seats() == []
    await miss(scheduler, clock)  # the second deadline in a row: the AI stands in and plays at once
    table = await service.get(tid)
    assert table.stand_in_seats() == ["blue"] and absence.reason(table, "blue") == "missed"
    assert "ai:blue" in await actors(store, tid)
    notices = [r for r in await store.deliveries(tid) if r.kind == "stand_in"]
    assert [(n.payload["seat"], n.payload["count"]) for n in notices] == [("blue", 2)]
    # Round 2: Alice plays, the stand-in answers in the same commit
    applied = await service.submit(tid, ALICE, 0, table.version)
    assert (await actors(store, tid))[-len(applied.events) :].count("ai:blue") >= 1
    table = await service.get(tid)
    assert absence.turns(table) == {"blue": 2}
    # "I'm back": the seat is Bob's again; round 3 waits for him
    table = await service.back(tid, BOB)
    assert table.stand_in_seats() == [] and absence.missed(table, "blue") == 0
    await service.submit(tid, ALICE, 0, table.version)
    state = (await service.load(tid)).state
    assert "blue" in service.rules_of(table).active_seats(state)
    await service.submit(tid, BOB, 0, (await service.get(tid)).version)
    table = await service.get(tid)
    assert table.is_over
    text = outcome_text(table, "en")
    assert text is not None and "with 2 turns played by the AI." in text
    assert "2 turnos jugados por la IA." in (outcome_text(table, "es") or "")
    # the narration of the stand-in's moves names it
    records = await store.load_events(tid)
    rules = service.rules_of(table)
    lines = narration_lines(
        DuelPresenter(),
        [rules.parse_event(r.data) for r in records],
        "en",
        actors=[r.actor for r in records],
        table=table,
    )
    assert any("(the AI for Blue)" in line for line in lines)
    # the log shows who played: the stand-in's events are its own, never Bob's
    log = await service.log_for(tid, ALICE)
    assert {e["actor"] for e in log["events"]} >= {"red", "blue", "ai:blue"}
    # the journal (bot/journal.py, docs/export.md) records who held the seat: the stand-in, then Bob
    holders = [(a.seat, a.holder) for a in await store.load_actions(tid)]
    assert ("blue", "ai:blue") in holders and ("blue", BOB) in holders and ("red", ALICE) in holders
    assert all(h in (ALICE,) for seat, h in holders if seat == "red")
    _, ok, findings = await service.verify(tid)  # `tablero verify` re-decides the stand-in's moves too
    assert ok and findings[0][0] == "aftergame.verify_ok", findings


async def test_absent_forfeit_ends_the_game_after_n_misses(
    service: TableService, store: SqliteStore, clock: Clock
) -> None:
    tid = await duel_pvp(service, absent="forfeit", absent_after=2)
    scheduler = Scheduler(store, service, clock=clock)
    await service.submit(tid, ALICE, 0, 1)
    await miss(scheduler, clock)
    assert not (await service.get(tid)).is_over
    await miss(scheduler, clock)
    table = await service.get(tid)
    assert table.status == "finished" and table.outcome is not None
    assert table.outcome.winners == ("red",) and table.outcome.reason == "absent.forfeited"
    assert "Blue missed 2 deadlines in a row and forfeits" in (outcome_text(table, "en") or "")


async def test_a_move_in_person_forgives_missed_deadlines(
    service: TableService, store: SqliteStore, clock: Clock
) -> None:
    tid = await duel_pvp(service, absent="ai", absent_after=2)
    scheduler = Scheduler(store, service, clock=clock)
    await service.submit(tid, ALICE, 0, 1)
    await miss(scheduler, clock)
    assert absence.missed(await service.get(tid), "blue") == 1
    await service.submit(tid, BOB, 0, 1)
    assert absence.missed(await service.get(tid), "blue") == 0  # not "in a row" any more


async def test_the_stand_in_plays_from_its_seats_view_only(
    service: TableService, store: SqliteStore, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stand-in is the game's pilot given `Rules.view(state, seat)`, like an AI seat: what it
    is handed equals the view of its seat, so it cannot know the other hand."""
    tid = await duel_pvp(service, absent="ai", absent_after=1)
    rules = service.rules_of(await service.get(tid))
    seen: list[Any] = []
    pilot_type = type(rules.pilot("blue"))
    original = pilot_type.choose

    def spy(self: Any, view: Any, legal: Any, dice: Any) -> Any:
        seen.append(view)
        return original(self, view, legal, dice)

    monkeypatch.setattr(pilot_type, "choose", spy)
    scheduler = Scheduler(store, service, clock=clock)
    await service.submit(tid, ALICE, 0, 1)
    state_before = (await service.load(tid)).state
    await miss(scheduler, clock)
    assert seen, "the stand-in did not play"
    assert seen[0] == rules.view(state_before, "blue")
    assert "hands" not in seen[0].model_dump() or set(seen[0].model_dump()["hands"]) <= {"blue"}


async def test_away_until_a_date_and_back(service: TableService, store: SqliteStore, clock: Clock) -> None:
    tid = await duel_pvp(service, absent="ai")
    scheduler = Scheduler(store, service, clock=clock)
    until = absence.parse_until("3", clock())
    assert until == clock() + 3 * 86400
    touched = await service.away(BOB, until)
    assert [t.id for t in touched] == [tid]
    table = await service.get(tid)
    assert absence.reason(table, "blue") == "away"
    assert "ai:blue" in await actors(store, tid)  # the AI committed Bob's card at once
    [notice] = [r for r in await store.deliveries(tid) if r.kind == "stand_in"]
    assert notice.payload["reason"] == "away" and notice.payload["until"] == until
    # the date passes: the scheduler hands the seat back
    clock.advance(3 * 86400 + 1)
    await scheduler.tick()
    table = await service.get(tid)
    assert table.stand_in_seats() == []
    player = await store.get_player(BOB)
    assert player is not None and player.away_until is None


async def test_away_at_a_wait_table_waits_and_tells_the_others(
    service: TableService, store: SqliteStore, clock: Clock
) -> None:
    tid = await duel_pvp(service)
    await service.away(BOB, None)
    table = await service.get(tid)
    assert table.stand_in_seats() == [] and "ai:blue" not in await actors(store, tid)
    [notice] = [r for r in await store.deliveries(tid) if r.kind == "stand_in"]
    assert notice.payload["wait"] is True
    assert [t.id for t in await service.come_back(BOB)] == []  # nothing was played for him


async def test_a_table_started_while_away_has_its_stand_in_from_the_start(
    service: TableService, store: SqliteStore, clock: Clock
) -> None:
    await service.away(BOB, None)
    tid = await duel_pvp(service, absent="ai")
    table = await service.get(tid)
    assert absence.reason(table, "blue") == "away"
    assert "ai:blue" in await actors(store, tid)
    handed = await service.come_back(BOB)
    assert [t.id for t in handed] == [tid]
    assert (await service.get(tid)).stand_in_seats() == []


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("0", "absent.away_days"),
        ("400", "absent.away_days"),
        ("1999-01-01", "absent.away_past"),
        ("soon", "absent.away_syntax"),
    ],
)
def test_away_dates_are_refused_politely(typed: str, key: str) -> None:
    with pytest.raises(Rejected) as refused:
        absence.parse_until(typed, 1_790_000_000.0)  # December 2026
    assert refused.value.message_id == key


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        ({"absent": "maybe"}, "absent.bad_rule"),
        ({"absent_after": 0}, "absent.bad_after"),
        ({"absent_after": "x"}, "absent.bad_after"),
    ],
)
def test_bad_settings_are_refused(raw: dict[str, Any], key: str) -> None:
    with pytest.raises(Rejected) as refused:
        absence.split_settings(raw)
    assert refused.value.message_id == key


def test_settings_are_split_from_the_games_options() -> None:
    settings, options = absence.split_settings({"absent": "AI", "absent_after": 3, "rounds": 2})
    assert settings == {"absent": "ai", "absent_after": 3} and options == {"rounds": 2}


async def test_a_campaign_keeps_its_stand_ins_across_missions(
    service: TableService, store: SqliteStore, clock: Clock
) -> None:
    """Issue 26: a stand-in plays on across a campaign's missions (each mission is a table of its
    own); the player's return hands back the campaign and the mission being played."""
    from engine.spacehulk.campaign.actions import BuyForce
    from tests.bot.test_series import ORDER, _field_until_a_round

    tid = await two_players(
        service, "dw_campaign", side="marine", options={"force_points": 60, "absent": "ai"}, lang="es"
    )
    table = await service.get(tid)
    assert table.settings == {"absent": "ai"}
    await service.submit(tid, ALICE, BuyForce(order=ORDER), table.version)
    await service.away(BOB, None)  # the Genestealer player goes on holiday
    assert absence.reason(await service.get(tid), "genestealer") == "away"
    first = await _field_until_a_round(service, store, tid)
    mission = await service.get(first)
    assert mission.settings == {"absent": "ai"} and absence.reason(mission, "genestealer") == "away"
    loaded = await service.load(first)
    # the AI plays the Genestealers from the start: whenever they must act, it has acted
    assert "genestealer" not in loaded.rules.active_seats(loaded.state)
    assert mission.stand_in_seats() == ["genestealer"]
    await service.resign(first, ALICE)
    second = await _field_until_a_round(service, store, tid)
    assert absence.reason(await service.get(second), "genestealer") == "away"
    handed = {t.id for t in await service.come_back(BOB)}
    assert second in handed  # (the campaign is handed back through it)
    assert (await service.get(second)).stand_in_seats() == []
    assert (await service.get(tid)).stand_in_seats() == []


async def test_a_stand_in_taken_in_a_mission_carries_to_the_next(
    service: TableService, store: SqliteStore, clock: Clock
) -> None:
    from engine.spacehulk.campaign.actions import BuyForce
    from tests.bot.test_series import ORDER, _field_until_a_round

    tid = await two_players(
        service,
        "dw_campaign",
        side="marine",
        options={"force_points": 60, "absent": "ai", "absent_after": 1},
        lang="es",
    )
    await service.submit(tid, ALICE, BuyForce(order=ORDER), (await service.get(tid)).version)
    first = await _field_until_a_round(service, store, tid)
    await service.seat_absent(first, "genestealer")  # e.g. the player left the server
    assert absence.reason(await service.get(first), "genestealer") == "missed"
    assert absence.reason(await service.get(tid), "genestealer") == "missed"  # the campaign knows
    await service.resign(first, ALICE)
    second = await _field_until_a_round(service, store, tid)
    assert absence.reason(await service.get(second), "genestealer") == "missed"


# --- pause (issue 26 item 3, bot/pause.py) ---------------------------------------------------------


async def test_both_players_pause_and_the_deadlines_resume_with_what_was_left(
    service: TableService, store: SqliteStore, clock: Clock
) -> None:
    tid = await duel_pvp(service, boost_seconds=45)
    await service.submit(tid, ALICE, 0, 1)
    await service.submit(tid, BOB, 0, 2)  # the boost phase: a 45 s time limit for one of them
    scheduler = Scheduler(store, service, clock=clock)
    [limit] = await store.pending_deadlines(tid, "timeout")
    clock.advance(20)  # 25 s left
    table = await service.ask_pause(tid, ALICE, is_admin=False)
    assert not table.paused and table.pause["asked"] == [ALICE]
    with pytest.raises(Rejected) as twice:
        await service.ask_pause(tid, ALICE, is_admin=False)
    assert twice.value.message_id == "absent.pause_asked"
    table = await service.ask_pause(tid, BOB, is_admin=False)
    assert table.paused
    events = len(await store.load_events(tid))
    clock.advance(10_000)  # the pause lasts: nothing falls due, nobody may move
    assert await scheduler.tick() == 0
    assert len(await store.load_events(tid)) == events
    seat_user = table.user_of(limit.seat)
    assert seat_user is not None
    with pytest.raises(Rejected) as refused:
        await service.submit(tid, seat_user, 0, table.version)
    assert refused.value.message_id == "absent.paused"
    await service.resume(tid, BOB, is_admin=False)
    [resumed] = await store.pending_deadlines(tid, "timeout")
    assert resumed.due_at == pytest.approx(clock() + 25)  # what was left, from now
    clock.advance(24)
    assert await scheduler.tick() == 0
    clock.advance(2)
    assert await scheduler.tick() == 1  # it fires after the 25 s that were left
    kinds = [r.target for r in await store.deliveries(tid) if r.kind == "pause"]
    assert kinds == [f"asked:0:{ALICE}", "paused:1", "resumed:1"]


async def test_an_admin_pauses_alone_and_others_may_not(service: TableService, store: SqliteStore) -> None:
    tid = await duel_pvp(service)
    with pytest.raises(Rejected) as refused:
        await service.ask_pause(tid, 999, is_admin=False)
    assert refused.value.message_id == "bot.not_a_player"
    table = await service.ask_pause(tid, 999, is_admin=True)
    assert table.paused
    with pytest.raises(Rejected):
        await service.resume(tid, 998, is_admin=False)
    assert not (await service.resume(tid, ALICE, is_admin=False)).paused


async def test_a_departed_player_follows_the_tables_rule(service: TableService, store: SqliteStore) -> None:
    """The hook for a member who left the server (bot-discord): the table's absent= rule decides;
    a `wait` table waits unless the caller says what to do instead."""
    waiting = await duel_pvp(service)
    await service.seat_absent(waiting, "blue")
    assert not (await service.get(waiting)).is_over and (await service.get(waiting)).stand_in_seats() == []
    await service.seat_absent(waiting, "blue", when_wait="forfeit")
    gone = await service.get(waiting)
    assert gone.outcome is not None and gone.outcome.reason == "absent.forfeited_gone"
    assert "Blue's player is gone; Blue forfeits" in (outcome_text(gone, "en") or "")
    stood_in = await duel_pvp(service, absent="ai")
    await service.seat_absent(stood_in, "blue")
    assert absence.reason(await service.get(stood_in), "blue") == "missed"


# --- take-backs by consent (bot/takeback.py, engine/core Rules.disclosed) --------------------------


async def kinds_of(store: SqliteStore, tid: int) -> list[str]:
    return [r.kind for r in await store.load_events(tid)]


async def test_a_move_is_taken_back_at_once_while_nothing_was_revealed(
    service: TableService, store: SqliteStore
) -> None:
    tid = await duel_pvp(service, rounds=2)
    before = (await service.load(tid)).state
    await service.submit(tid, ALICE, 0, 1)  # Alice commits a card; Bob has not answered
    table, now = await service.take_back(tid, ALICE)
    assert now and (await kinds_of(store, tid))[-1] == "rewound"  # the log keeps both
    state = (await service.load(tid)).state
    assert state.hands == before.hands and state.committed == before.committed
    assert state.version == table.version == 3
    with pytest.raises(Rejected) as twice:
        await service.take_back(tid, ALICE)
    assert twice.value.message_id == "absent.undo_nothing"
    await service.submit(tid, ALICE, 1, table.version)  # she plays another card instead
    # `tablero verify` (docs/export.md) accepts the take-back: the state it went back to is the one
    # the log had at that version, and the actions after it are re-decided from there
    while not (table := await service.get(tid)).is_over:
        seat = next(iter(service.rules_of(table).active_seats((await service.load(tid)).state)))
        await service.submit(tid, table.seats[seat], 0, table.version)  # type: ignore[arg-type]
    _, ok, findings = await service.verify(tid)
    assert ok and findings[0][0] == "aftergame.verify_ok", findings
    doc = await service.export_for(tid, 0)  # a take-back to a state the log never had is caught
    rewound = next(e for e in doc["events"] if e["kind"] == "rewound")
    rewound["data"]["state"]["scores"]["red"] += 1
    ok, findings = export.run_check("verify", export.dumps(doc))
    assert not ok and findings[0] == ("aftergame.rewound_differs", {"seq": rewound["seq"], "version": 1})


async def test_no_take_back_once_the_cards_are_revealed(service: TableService, store: SqliteStore) -> None:
    tid = await duel_pvp(service, rounds=2)
    await service.submit(tid, ALICE, 0, 1)
    await service.submit(tid, BOB, 0, 2)  # both cards turn over
    for user in (ALICE, BOB):
        with pytest.raises(Rejected) as refused:
            await service.take_back(tid, user)
        assert refused.value.message_id == "absent.undo_revealed"
    assert "rewound" not in await kinds_of(store, tid)


def test_a_die_roll_counts_as_revealed_and_a_plain_choice_does_not() -> None:
    """Rules.disclosed (chance is the core's: any draw from the dice): a boost rolled with a die
    cannot be taken back; the same boost taken as a flat +2 can (nothing the player did not know)."""
    from engine.core import new_game, step
    from tests.games.duel import RULES, Boost
    from tests.games.registration import register_duel, unregister_duel

    register_duel()
    try:
        state, _events = new_game(RULES, {"rounds": 1}, 5)
        state, _ = step(RULES, state, "red", RULES.legal_actions(state, "red")[0])
        state, _ = step(RULES, state, "blue", RULES.legal_actions(state, "blue")[0])
        [winner] = RULES.active_seats(state)
        for mode, revealed in (("take", False), ("roll", True)):
            _, events = step(RULES, state, winner, Boost(mode=mode))
            shown = RULES.disclosed(state, [(winner, Boost(mode=mode))], events)
            assert shown.chance is revealed and shown.to(winner) is revealed
            assert shown.nothing is not revealed
    finally:
        unregister_duel()


async def test_a_take_back_by_consent_accepted_and_refused(
    service: TableService, store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the other player has acted, a take-back is asked for; refused, the move stands; accepted,
    the table goes back to before it. (The Duel reveals both cards whenever the second player
    acts, so its rule is replaced here by one that reveals nothing, to reach the consent path.)"""
    rules = type(service.rules_of(await service.get(await duel_pvp(service, rounds=2))))
    monkeypatch.setattr(rules, "disclosed", lambda self, *args, **kwargs: Disclosed(False, frozenset()))
    tid = await duel_pvp(service, rounds=2)
    start = (await service.load(tid)).state
    await service.submit(tid, ALICE, 0, 1)
    await service.submit(tid, BOB, 0, 2)
    table, now = await service.take_back(tid, ALICE)
    assert not now and table.undo["asked"] == "red"
    [asked] = [r for r in await store.deliveries(tid) if r.kind == "undo"]
    assert asked.payload["asked"] == [BOB]
    with pytest.raises(Rejected) as not_hers:
        await service.answer_take_back(tid, ALICE, table.version, True)
    assert not_hers.value.message_id == "absent.undo_not_yours"
    await service.answer_take_back(tid, BOB, table.version, False)  # refused: the move stands
    assert "rewound" not in await kinds_of(store, tid)
    with pytest.raises(Rejected):
        await service.take_back(tid, ALICE)  # asked once
    # Bob's own move was the last one: he takes it back at once (nobody acted since)
    table, now = await service.take_back(tid, BOB)
    assert now and (await kinds_of(store, tid))[-1] == "rewound"
    state = (await service.load(tid)).state
    assert state.committed["blue"] is None and state.committed["red"] is not None
    # another table: Alice asks, Bob accepts; back to before her move (and his)
    other = await duel_pvp(service, rounds=2)
    start = (await service.load(other)).state
    await service.submit(other, ALICE, 0, 1)
    await service.submit(other, BOB, 0, 2)
    table, now = await service.take_back(other, ALICE)
    assert not now
    await service.answer_take_back(other, BOB, table.version, True)
    state = (await service.load(other)).state
    assert state.committed == start.committed and state.hands == start.hands
    assert (await kinds_of(store, other)).count("rewound") == 1


async def test_a_hidden_hand_move_is_taken_back_by_the_consent_of_the_seat_that_saw_it(
    service: TableService, store: SqliteStore
) -> None:
    """Issue 26 item 4 in a game with hidden hands (engine/canyon/takeback.py): the Marine's card,
    played face up (DC-MAN-1), was seen by the Ork, so it is not taken back at once: the Ork is
    asked, and accepts; the Marine's hand is whole again. Once the Ork has answered with its own
    card (DC-MAN-2: the Marine has seen it), no take-back."""
    from engine.canyon.actions import PlayCard

    tid = await two_players(service, "canyon", side="marine", options={})

    async def marine_plays() -> Any:
        while True:
            loaded = await service.load(tid)
            legal = loaded.rules.legal_actions(loaded.state, "marine")
            play = next((a for a in legal if isinstance(a, PlayCard)), None)
            if play is not None:
                await service.submit(tid, ALICE, play, loaded.table.version)
                return loaded.state
            await service.submit(tid, ALICE, legal[0], loaded.table.version)  # a fork's route

    before = await marine_plays()
    table, now = await service.take_back(tid, ALICE)
    assert not now and table.undo["asked"] == "marine"  # the Ork saw the card: asked, not at once
    [asked] = [r for r in await store.deliveries(tid) if r.kind == "undo"]
    assert asked.payload["asked"] == [BOB]
    await service.answer_take_back(tid, BOB, table.version, True)
    state = (await service.load(tid)).state
    assert state.hands == before.hands and state.phase == "marine_play"
    await marine_plays()
    loaded = await service.load(tid)
    await service.submit(tid, BOB, loaded.rules.legal_actions(loaded.state, "ork")[0], loaded.table.version)
    with pytest.raises(Rejected) as refused:
        await service.take_back(tid, ALICE)
    assert refused.value.message_id == "absent.undo_revealed"


def test_away_dates_are_read_in_the_players_time_zone() -> None:
    """Issue 26 item 2: a date typed to /away is the player's own (their /settings time zone):
    "until 2026-12-24" in Madrid ends at midnight in Madrid, an hour before midnight UTC; a day on
    which the clocks change is 23 hours long, and the end of it is still the next midnight."""
    madrid = ZoneInfo("Europe/Madrid")
    now = datetime(2026, 12, 6, tzinfo=UTC).timestamp()
    assert absence.parse_until("2026-12-24", now, madrid) == datetime(2026, 12, 25, tzinfo=madrid).timestamp()
    assert absence.parse_until("2026-12-24", now) == datetime(2026, 12, 25, tzinfo=UTC).timestamp()
    assert absence.parse_until("2026-12-24", now, madrid) == absence.parse_until("2026-12-24", now) - 3600
    at = absence.parse_until("2026-12-24 08:30", now, madrid)
    assert at == datetime(2026, 12, 24, 7, 30, tzinfo=UTC).timestamp()
    # 2027-03-28: summer time begins in Madrid, the day has 23 hours; its end is 22:00 UTC
    end = absence.parse_until("2027-03-28", now, madrid)
    assert end == datetime(2027, 3, 28, 22, 0, tzinfo=UTC).timestamp()
