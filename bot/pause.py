"""Pause (issue 26 item 3): both players — every player seated at the table — or a server admin can
pause a table; its deadlines stop and, when it resumes, run again with what was left.

A player asks with `/pause` (or the **Pause** button on the request); the table is paused once
every player at it has asked (a table against the AI: at once), or at once when a server admin
asks. While it is paused nobody moves (a move is refused politely, as when the game is over),
the scheduler fires none of its deadlines (each keeps the seconds it had left, `PARKED` as its due
time) and the status message says since when it is paused. `/resume` (or **Resume**) — any player
at the table, or an admin — gives each deadline back what was left. Reading: a pause is a
courtesy between the players, so one of them may end it alone, as at a real table.

Everything is in the table row (`pause`: who asked; since when) and the deadline rows, so a pause
holds across restarts.
"""

from __future__ import annotations

from typing import Any

from engine.core import Rejected

from . import moves, offload
from .service_part import ServicePart
from .store import NewDelivery, TableRecord


def paused_refusal(table: TableRecord) -> Rejected:
    return Rejected("absent.paused", "Table #{table} is paused; use /resume to play on.", table=table.number)


class Pause(ServicePart):
    """The pause's part of the table service (mixed into TableService)."""

    async def ask_pause(self, table_id: int, user_id: int, *, is_admin: bool) -> TableRecord:
        """`user_id` asks to pause; the table is paused once every player asked, or an admin did."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.status != "active":
                raise Rejected(
                    "absent.pause_not_running", "Table #{table} is not being played.", table=table.number
                )
            if table.paused:
                raise Rejected(
                    "absent.already_paused", "Table #{table} is already paused.", table=table.number
                )
            seated = table.seat_of(user_id) is not None
            if not seated and not is_admin:
                raise Rejected(
                    "bot.not_a_player", "You are not playing at table #{table}.", table=table.number
                )
            count = int(table.pause.get("n", 0))
            asked = set(table.pause.get("asked", [])) | ({user_id} if seated else set())
            humans = set(table.human_users())
            now = self.clock()
            if is_admin or asked >= humans:
                pause: dict[str, Any] = {"since": now, "by": user_id, "n": count + 1}
                row = NewDelivery(
                    table_id=table.id,
                    version=table.version,
                    kind="pause",
                    target=f"paused:{count + 1}",
                    payload={"event": "paused", "by": user_id},
                )
            else:
                if user_id in set(table.pause.get("asked", [])):
                    raise Rejected(
                        "absent.pause_asked",
                        "You have asked already; the others must agree.",
                    )
                pause = {"asked": sorted(asked), "n": count}
                row = NewDelivery(
                    table_id=table.id,
                    version=table.version,
                    kind="pause",
                    target=f"asked:{count}:{user_id}",
                    payload={"event": "asked", "by": user_id, "others": sorted(humans - asked)},
                )
            async with self.store.transaction() as tx:
                await tx.update_table(table.id, pause=pause)
                if "since" in pause:
                    await tx.park_deadlines(table.id, now)
                await tx.touch_status(table.id)
                await tx.add_delivery(row)
            self.notify()
            return await self.get(table.id)

    async def resume(self, table_id: int, user_id: int, *, is_admin: bool) -> TableRecord:
        """A player at the table (or an admin) resumes it: the deadlines run again with what was left,
        and a stand-in whose seat must act plays."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if not table.paused:
                raise Rejected("absent.not_paused", "Table #{table} is not paused.", table=table.number)
            if table.seat_of(user_id) is None and not is_admin:
                raise Rejected(
                    "bot.not_a_player", "You are not playing at table #{table}.", table=table.number
                )
            count = int(table.pause.get("n", 0))
            async with self.store.transaction() as tx:
                await tx.update_table(table.id, pause={"n": count})
                await tx.resume_deadlines(table.id, self.clock())
                await tx.touch_status(table.id)
                await tx.add_delivery(
                    NewDelivery(
                        table_id=table.id,
                        version=table.version,
                        kind="pause",
                        target=f"resumed:{count}",
                        payload={"event": "resumed", "by": user_id},
                    )
                )
            self.notify()
            table = await self.get(table.id)
            loaded = await self.load(table.id)
            if table.stand_in_seats() and loaded.state is not None:
                prepared = await offload.run(moves.relieve, table.game, table, loaded.state, self.step_cap)
                if prepared is not None:
                    table = await self._write(table, loaded.rules, prepared)
            return table
