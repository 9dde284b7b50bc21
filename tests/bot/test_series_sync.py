"""A series' stand-ins copied from its rounds (bot/absence_service.py `sync_series`) on two processes
at once, on both engines (issue 25's gap): each round writes only the series seats it changes, in
one statement that merges them into the row as it is then, so neither change is lost, and no lock
of the series is waited for (none to deadlock on)."""

from __future__ import annotations

import asyncio
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bot import absence
from bot.store_shared import merge_patch
from bot.tables import TableService
from engine.spacehulk.campaign.actions import BuyForce
from tests.bot.conftest import Clock
from tests.bot.duel_table import ALICE, BOB, two_players
from tests.bot.engines import Database, engine  # noqa: F401 (engine: both engines)
from tests.bot.test_cluster_writes import gate, waits_for_hold
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


async def test_a_campaigns_own_absence_write_keeps_a_rounds_copy_made_meanwhile(
    database: Database, service: TableService, clock: Clock
) -> None:
    """The campaign table itself rewrites its absence record (its Marines taken by a stand-in)
    while, on another process, a round copies its own stand-in (the mission's Genestealers) into
    that record. On SQLite the copy commits between the campaign's read and its write (a table's
    hold there does not lock its row); on PostgreSQL it waits for the campaign's row lock and lands
    after. Either way both stand: the campaign's write is its change, merged into the record as it
    is then (`Tx.update_table`'s `absence_was`), not the whole record it read."""
    tid, mission, duel = await _campaign_with_two_rounds(service)
    arrived, go = gate(service.store)  # A: the campaign's write, after its read of the record
    a = asyncio.create_task(service.seat_absent(tid, "marine"))
    async with asyncio.timeout(20):
        await asyncio.wait({a, asyncio.create_task(arrived.wait())}, return_when=asyncio.FIRST_COMPLETED)
    assert arrived.is_set(), a.exception() if a.done() else "A never reached its write"
    async with process(database, clock) as other:
        b = asyncio.create_task(other.seat_absent(mission, "genestealer"))  # B: the round and its copy
        async with asyncio.timeout(20):
            if database.engine == "postgresql":
                await waits_for_hold(other.store, tid)  # B's copy waits for the campaign's row
            else:
                await b  # B's copy committed in A's window
                assert absence.reason(await service.get(tid), "genestealer") == "missed"
            go.set()
            await asyncio.gather(a, b)
    series = await service.get(tid)
    assert absence.reason(series, "marine") == "missed"  # A's change
    assert absence.reason(series, "genestealer") == "missed"  # B's copy, kept
    assert sorted(series.stand_in_seats()) == ["genestealer", "marine"]


async def test_an_absence_write_is_the_writers_change_on_both_engines(service: TableService) -> None:
    """`update_table(absence=new, absence_was=read)` writes the change from `read` to `new` into the
    record as it is: a seat another writer changed meanwhile keeps its change, a seat this writer
    removed is removed, a count it raised is raised, and a write that changes nothing leaves the
    record alone."""
    tid, mission, duel = await _campaign_with_two_rounds(service)
    read = absence.with_missed(absence.with_stand_in({}, "marine", "away"), "marine", 1)
    async with service.store.transaction() as tx:
        await tx.update_table(tid, absence=read)
    async with service.store.transaction() as tx:  # another writer, after the read below was taken
        await tx.merge_stand_ins(tid, {"genestealer": "missed"})
    new = absence.with_missed(absence.with_stand_in(read, "marine", None), "marine", 2)
    async with service.store.transaction() as tx:
        await tx.update_table(tid, absence=new, absence_was=read)
    record = (await service.get(tid)).absence
    assert record["stand_ins"] == {"genestealer": "missed"}
    assert record["missed"] == {"marine": 2}
    async with service.store.transaction() as tx:  # nothing changed from what was read: untouched
        await tx.merge_stand_ins(tid, {"marine": "away"})
        await tx.update_table(tid, absence=new, absence_was=new)
    assert (await service.get(tid)).absence["stand_ins"] == {"genestealer": "missed", "marine": "away"}


def _applied(target: Any, patch: Any) -> Any:
    """RFC 7396's own algorithm (section 2), to check `merge_patch` against."""
    if not isinstance(patch, dict):
        return patch
    out = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = _applied(out.get(key), value)
    return out


_JSON = st.recursive(
    st.one_of(st.integers(-3, 3), st.text(max_size=3), st.booleans()),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from("abcd"), inner, max_size=4),
    max_leaves=12,
)
_RECORDS = st.dictionaries(st.sampled_from(["stand_ins", "missed", "turns", "x"]), _JSON, max_size=4)


@given(old=_RECORDS, new=_RECORDS)
def test_a_merge_patch_turns_what_was_read_into_what_is_written(
    old: dict[str, Any], new: dict[str, Any]
) -> None:
    """For any two null-free JSON objects, the patch applied to the first gives the second (and the
    patch of an object to itself is empty: nothing is written)."""
    assert _applied(old, merge_patch(old, new)) == new
    assert merge_patch(new, new) == {}
