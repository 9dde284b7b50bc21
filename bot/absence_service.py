"""The table service's part for absent players (issue 26 item 1): missed deadlines, stand-ins,
"I'm back", /away. The rules of it (settings, the absence record, dates) are in bot/absence.py."""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any

from engine.core import Outcome, Rejected

from . import moves, offload
from .absence import (
    FOREVER,
    after,
    counts_missed,
    missed,
    missed_now,
    reason,
    rule,
    with_missed,
    with_stand_in,
)
from .service_part import ServicePart
from .store import NewDelivery, TableRecord, Tx

Also = Callable[[Tx], Awaitable[None]]
"""More writes the caller puts into the same commit (as bot/tables.py's `Also`)."""


class Absence(ServicePart):
    """The absent players' part of the table service (mixed into TableService)."""

    # --- missed deadlines ----------------------------------------------------------------------
    async def deadline_missed(
        self, table_id: int, seat: str, *, also: Also | None = None, again: Also | None = None
    ) -> bool:
        """A deadline of `seat` passed without its player acting: count it and apply the table's
        rule when the count reaches `absent_after`. Whether the seat must be reminded again (the
        rule is not `wait`, and nothing was decided yet). See `_deadline_missed`."""
        async with self.lock(table_id):
            return await self._deadline_missed(await self.get(table_id), seat, also=also, again=again)

    async def _deadline_missed(
        self, table: TableRecord, seat: str, *, also: Also | None = None, again: Also | None = None
    ) -> bool:
        """`deadline_missed` with the table's lock held. `also`: the caller's writes (a reminder's
        done mark and message, bot/scheduler.py), committed in the SAME commit as the count, or as
        the stand-in or the forfeit the count brings, or alone when nothing is counted: a process
        killed at any point has either written both or neither (issue 25 item 5). `again`: what
        reminds the seat again, written in that commit too when the seat must be."""
        if not counts_missed(table, seat):
            if also is not None:
                async with self.store.transaction() as tx:
                    await also(tx)
            return False
        count = missed(table, seat) + 1
        absence = with_missed(table.absence, seat, count)
        if count < after(table):
            async with self.store.transaction() as tx:
                if also is not None:
                    await also(tx)
                await tx.update_table(table.id, absence=absence, absence_was=table.absence)
                if again is not None:
                    await again(tx)
            return True
        if rule(table) == "forfeit":
            await self._forfeit_absent(table, seat, count, also=also)
            return False
        await self._stand_in(table, seat, "missed", absence, also=also)
        return False

    async def _absence_rule(self, table: TableRecord, seat: str) -> None:
        """The table's rule for a seat whose missed deadlines reached `absent_after` (the caller holds
        the lock; the count is committed already, e.g. with a timer's effect): a stand-in, or the
        seat forfeits. Nothing when the count is short of it or the rule already applied."""
        if counts_missed(table, seat) and missed(table, seat) >= after(table):
            if rule(table) == "forfeit":
                await self._forfeit_absent(table, seat, missed(table, seat))
            else:
                await self._stand_in(table, seat, "missed", table.absence)

    async def seat_absent(
        self, table_id: int, seat: str, *, when_wait: str = "wait", gone: str | None = None
    ) -> None:
        """A seat whose player is gone for good: the table's `absent=` rule decides at once (ai: a
        stand-in plays on for them; forfeit: the seat forfeits; wait: what `when_wait` says, "wait"
        by default — a caller that must not leave a table waiting on a departed member passes
        "forfeit" or "ai"). A seat a stand-in already plays for keeps it. `gone` words the forfeit
        (default: by the deadlines missed, or "Blue's player is gone").

        The one path of a member who left the server (bot/faults.py, `Faults.member_left`): the
        scheduler calls it at the table's deadline with when_wait="forfeit" and
        gone="bot.forfeit_absent" ("Blue left the server")."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.status != "active" or table.user_of(seat) is None or reason(table, seat):
                return
            what = rule(table)
            if what == "wait":
                what = when_wait
            if what == "forfeit":
                await self._forfeit_absent(table, seat, missed(table, seat), gone=gone)
            elif what == "ai":
                await self._stand_in(table, seat, "missed", table.absence)

    async def _forfeit_absent(
        self, table: TableRecord, seat: str, count: int, *, gone: str | None = None, also: Also | None = None
    ) -> TableRecord:
        """The seat forfeits (the caller holds the lock): every other seat wins, as when a player
        resigns. Worded by `gone` if given, else by the deadlines it missed (none: the player is gone)."""
        winners = tuple(s for s in table.seats if s != seat)
        why = gone or ("absent.forfeited" if count else "absent.forfeited_gone")
        outcome = Outcome(winners=winners, reason=why, params={"seat": seat, "count": count})
        return await self._end(table, "finished", outcome, also=also)

    async def _stand_in(
        self,
        table: TableRecord,
        seat: str,
        why: str,
        absence: Mapping[str, Any],
        *,
        until: float | None = None,
        also: Also | None = None,
    ) -> TableRecord:
        """The AI takes `seat` (the caller holds the lock): the table row notes it, the stand-in plays
        at once if the seat must act, and the table's thread is told once. `also`: the caller's
        writes, in the same commit."""
        absence = with_stand_in(absence, seat, why)
        user = table.user_of(seat)
        loaded = await self.load(table.id)
        rules, state = loaded.rules, loaded.state
        updated = table.model_copy(update={"absence": absence})
        rows = []
        if user is not None:
            rows.append(
                NewDelivery(
                    table_id=table.id,
                    version=table.version,
                    kind="stand_in",
                    target=f"user:{user}:{why}",
                    payload={"seat": seat, "reason": why, "count": missed_now(absence, seat), "until": until},
                )
            )
        prepared = None
        if state is not None and not table.paused:  # a paused table: the stand-in plays on resume
            prepared = await offload.run(moves.relieve, table.game, updated, state, self.step_cap)
        if prepared is None:  # nothing to play now: the row alone
            async with self.store.transaction() as tx:
                if also is not None:
                    await also(tx)
                await tx.update_table(
                    table.id, expected_version=table.version, absence=absence, absence_was=table.absence
                )
                await tx.touch_status(table.id)
                for row in rows:
                    await tx.add_delivery(row)
            self.notify()
            after = await self.get(table.id)
            await self.sync_series(after, [seat])
            return after
        prepared.change.deliveries.extend(rows)
        return await self._write(
            updated, rules, prepared, also=also, stood_in=[seat], absence_was=table.absence
        )

    async def sync_series(self, table: TableRecord, seats: Iterable[str]) -> None:
        """A round of a series (a campaign's mission) changed who stands in at `seats`: its series
        notes it, for the series seat each of those players holds, so the next round starts the
        same way. Only those series seats are written: the round's change, nothing it did not change.

        Safe across processes without the series' lock (issue 25): the caller holds the round's, and
        a round commit may run under the series' own (`_series` opens the next round, and starts it,
        holding the series), so waiting here for the series' lock could deadlock against a process
        that holds the series and waits for this round. Instead the seats are merged into the
        series' absence record as it is when the statement runs, in ONE statement
        (`Tx.merge_stand_ins`: SQLite's json_patch, PostgreSQL's jsonb `||`, each under the
        database's own write or row lock). Two rounds of the same series changing stand-ins at once
        on two processes both keep their change, in either order; a change the series made
        meanwhile to another seat is kept too. Two changes of the SAME seat at the same instant: the
        later statement's stands."""
        if table.series_of is None:
            return
        series = await self.get(table.series_of)
        changes: dict[str, str | None] = {}
        for seat in seats:
            user = table.user_of(seat)
            held = series.seat_of(user) if user is not None else None
            if held is not None:
                changes[held] = reason(table, seat)
        if changes:
            async with self.store.transaction() as tx:
                await tx.merge_stand_ins(series.id, changes)

    # --- back ----------------------------------------------------------------------------------
    async def back(self, table_id: int, user_id: int) -> TableRecord:
        """ "I'm back": the user's seat at this table is theirs again (their /away, if any, ends)."""
        player = await self.store.get_player(user_id)
        if player is not None and player.away_until is not None:
            async with self.store.transaction() as tx:
                await tx.set_away(user_id, None)
        async with self.lock(table_id):
            table = await self.get(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise Rejected(
                    "bot.not_a_player", "You are not playing at table #{table}.", table=table.number
                )
            if reason(table, seat) is None and not missed(table, seat):
                raise Rejected(
                    "absent.not_absent", "Nobody plays for you at table #{table}.", table=table.number
                )
            return await self._hand_back(table, seat)

    async def _hand_back(self, table: TableRecord, seat: str) -> TableRecord:
        absence = with_missed(with_stand_in(table.absence, seat, None), seat, 0)
        user = table.user_of(seat)
        loaded = await self.load(table.id)
        must_act = loaded.state is not None and seat in loaded.rules.active_seats(loaded.state)
        async with self.store.transaction() as tx:
            await tx.update_table(table.id, absence=absence, absence_was=table.absence)
            await tx.touch_status(table.id)
            if user is not None and table.status == "active" and must_act:  # their choices, by DM
                await tx.add_delivery(
                    NewDelivery(
                        table_id=table.id,
                        version=table.version,
                        kind="dm",
                        target=f"user:{user}:back",  # not the DM of this version, which was the AI's
                        payload={"seat": seat},
                    )
                )
        self.notify()
        after = await self.get(table.id)
        await self.sync_series(after, [seat])
        return after

    # --- /away ---------------------------------------------------------------------------------
    async def away(self, user_id: int, until: float | None) -> list[TableRecord]:
        """Vacation mode: the user's seats at every running table are played by a stand-in (or wait,
        as each table says) until `until` (None: until they return). The tables touched."""
        when = FOREVER if until is None else until
        if not math.isfinite(when) or when <= self.clock():
            raise Rejected("absent.away_past", "That date has already passed.")
        async with self.store.transaction() as tx:
            await tx.set_away(user_id, when)
        touched = []
        for table in await self.store.list_tables(user_id=user_id, statuses=("active",)):
            seat = table.seat_of(user_id)
            if seat is None:
                continue
            async with self.lock(table.id):
                table = await self.get(table.id)
                if table.status != "active" or reason(table, seat) == "away":
                    continue
                if rule(table) == "wait":
                    await self._away_notice(table, user_id, seat, when)
                else:
                    await self._stand_in(table, seat, "away", table.absence, until=when)
                touched.append(await self.get(table.id))
        self.notify()
        return touched

    async def _away_notice(self, table: TableRecord, user_id: int, seat: str, until: float) -> None:
        """A `wait` table: the others are told the player is away; the table waits."""
        async with self.store.transaction() as tx:
            await tx.add_delivery(
                NewDelivery(
                    table_id=table.id,
                    version=table.version,
                    kind="stand_in",
                    target=f"user:{user_id}:away",
                    payload={"seat": seat, "reason": "away", "wait": True, "until": until},
                )
            )

    async def come_back(self, user_id: int) -> list[TableRecord]:
        """/back (or the /away date passing): every seat a stand-in plays for this user is theirs again."""
        async with self.store.transaction() as tx:
            await tx.set_away(user_id, None)
        handed = []
        for table in await self.store.list_tables(user_id=user_id, statuses=("active",)):
            seat = table.seat_of(user_id)
            if seat is None:
                continue
            async with self.lock(table.id):
                table = await self.get(table.id)
                if reason(table, seat) is not None or missed(table, seat):
                    handed.append(await self._hand_back(table, seat))
        return handed

    async def returns(self) -> int:
        """Hand back the seats of every player whose /away ran out (the scheduler calls this)."""
        users = await self.store.returns_due(self.clock())
        for user in users:
            await self.come_back(user)
        return len(users)

    async def away_seats(self, table: TableRecord) -> dict[str, Any]:
        """A table about to start (a new mission of a campaign, a rematch): the absence record with
        a stand-in for each seat whose player is away (unless the table waits)."""
        absence = dict(table.absence)
        if rule(table) == "wait":
            return absence
        now = self.clock()
        for seat in table.seats:
            user = table.user_of(seat)
            if user is None or reason(table, seat):
                continue
            player = await self.store.get_player(user)
            if player is not None and player.away_until is not None and player.away_until > now:
                absence = with_stand_in(absence, seat, "away")
        return absence
