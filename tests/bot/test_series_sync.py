"""A series' stand-ins copied from its rounds (bot/absence_service.py `sync_series`) on two processes
at once, on both engines (issue 25's gap): each round writes only the series seats it changes, in
one statement that merges them into the row as it is then, so neither change is lost, and no lock
of the series is waited for (none to deadlock on)."""

from __future__ import annotations

import asyncio
from typing import Any

from bot import absence
from bot.tables import TableService
from engine.spacehulk.campaign.actions import BuyForce
from tests.bot.conftest import Clock
from tests.bot.duel_table import ALICE, BOB, two_players
from tests.bot.engines import Database, engine  # noqa: F401 (engine: both engines)
from tests.bot.test_cluster_writes import gate
from tests.bot.test_processes import process
from tests.bot.test_series import ORDER, _field_until_a_round


async def _campaign_with_two_rounds(service: TableService) -> tuple[int, int, int]:
    """A Deathwing campaign (Alice the Marines, Bob the Genestealers, stand-ins by the AI) with its
    first mission open, and a second round of the same series running beside it (a Duel table of
    the same two players: Alice red, Bob blue). The campaign's, the mission's and the Duel's ids."""
    tid = await two_players(
        service, "dw_campaign", side="marine", options={"force_points": 60, "absent": "ai"}, lang="es"
    )
    await service.submit(tid, ALICE, BuyForce(order=ORDER), (await service.get(tid)).version)
    mission = await _field_until_a_round(service, service.store, tid)
    async with service.store.transaction() as tx:
        duel = await tx.insert_table(
            game="duel",
            guild_id=1,
            channel_id=2,
            thread_id=3,
            status="lobby",
            seats={"red": ALICE, "blue": BOB},
            invited=[],
            options={},
            seed=5,
            lang="en",
            created_by=ALICE,
            series_of=tid,
            series_key="beside",
            settings={"absent": "ai"},
        )
    await service.start(duel, ALICE)
    return tid, mission, duel


async def test_two_rounds_change_their_series_stand_ins_at_once_on_two_processes(
    database: Database, service: TableService, clock: Clock
) -> None:
    """Process B's round (the Duel: Alice's red seat taken by a stand-in) has read the series and is
    about to write its copy when process A's round (the mission: Bob's Genestealers taken) copies
    its own; both are kept: the campaign's Marines and Genestealers both have their stand-in."""
    tid, mission, duel = await _campaign_with_two_rounds(service)
    assert (await service.get(tid)).stand_in_seats() == []
    async with process(database, clock) as other:
        arrived, go = gate(other.store, skip=1)  # B's second unit of work: the copy to the series
        b = asyncio.create_task(other.seat_absent(duel, "red"))
        async with asyncio.timeout(20):
            await asyncio.wait({b, asyncio.create_task(arrived.wait())}, return_when=asyncio.FIRST_COMPLETED)
        assert arrived.is_set(), b.exception() if b.done() else "B never reached its copy"
        # B's round has its stand-in, B has read the series, and its copy is not written yet
        assert absence.reason(await service.get(duel), "red") == "missed"
        assert absence.reason(await service.get(tid), "marine") is None
        async with asyncio.timeout(20):
            await service.seat_absent(mission, "genestealer")  # A's round copies meanwhile
        assert absence.reason(await service.get(tid), "genestealer") == "missed"
        go.set()
        async with asyncio.timeout(20):
            await b
    series = await service.get(tid)
    assert absence.reason(series, "marine") == "missed"  # B's copy
    assert absence.reason(series, "genestealer") == "missed"  # A's, kept
    assert sorted(series.stand_in_seats()) == ["genestealer", "marine"]


async def test_a_round_copies_only_the_seats_it_changes(service: TableService) -> None:
    """A round's player back (their stand-in gone) clears that series seat alone; a stand-in the
    series holds for the other seat, set meanwhile by another writer, stays."""
    tid, mission, duel = await _campaign_with_two_rounds(service)
    await service.seat_absent(mission, "genestealer")
    async with service.store.transaction() as tx:  # another writer: the Marines' seat on the series
        await tx.merge_stand_ins(tid, {"marine": "away"})
    series = await service.get(tid)
    assert absence.reason(series, "marine") == "away" and absence.reason(series, "genestealer") == "missed"
    await service.back(mission, BOB)  # Bob plays his mission again: the series' Genestealers too
    series = await service.get(tid)
    assert absence.reason(series, "genestealer") is None and absence.reason(series, "marine") == "away"
    untouched: dict[str, Any] = {k: v for k, v in series.absence.items() if k != "stand_ins"}
    assert "stand_ins" not in untouched


async def test_a_player_back_in_person_in_a_round_is_back_in_the_series(service: TableService) -> None:
    """A round's stand-in that steps down because its player acts in person (the move ends it, not
    "I'm back") is copied to the series too: the campaign's next mission starts with the player."""
    tid, mission, duel = await _campaign_with_two_rounds(service)
    table = await service.get(duel)
    # Bob's Duel seat noted as stood in for, the AI not having played yet; the series knows it
    async with service.store.transaction() as tx:
        await tx.update_table(duel, absence=absence.with_stand_in(table.absence, "blue", "missed"))
        await tx.merge_stand_ins(tid, {"genestealer": "missed"})
    loaded = await service.load(duel)
    assert "blue" in loaded.rules.active_seats(loaded.state)
    await service.submit(duel, BOB, 0, loaded.table.version)  # Bob plays his card himself
    assert absence.reason(await service.get(duel), "blue") is None
    assert absence.reason(await service.get(tid), "genestealer") is None
