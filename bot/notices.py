"""What each seat must be told after a change: the outbox rows (the public turn post, private
messages) and the deadlines (reminders, a game's time limits), decided before the commit and
written in the same transaction.

A seat is told something privately when it must act now (a new choice): a new DM, which is the
notification. When the change's events only reveal something to a seat that does not act now
(`event.redacted_for(seat) != event.redacted_for(None)`: the rules' own redaction decides, never
the wording of a rendered text), its last private panel is edited instead ("dm_edit"): no DM that
offers no choice (issue 27 item 9; a waiting player's new cards). When the game ends, every
player's last private panel is edited to the final state (issue 27 item 6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import Event, Rules, Seat

from .quiet import out_of_quiet
from .store import NewDelivery, Reminder, TableRecord


@dataclass
class Change:
    """Everything one commit writes besides the events themselves."""

    deliveries: list[NewDelivery] = field(default_factory=list)
    reminders: dict[Seat, int] = field(default_factory=dict)  # seat -> version it must act at
    quiet_seats: set[Seat] = field(default_factory=set)  # reminders to void


def learned(events: Sequence[Event], seat: Seat) -> bool:
    """Whether these events reveal to `seat` something a spectator does not see."""
    return any(event.redacted_for(seat) != event.redacted_for(None) for event in events)


def closes_turn(rules: Rules[Any], old: Any | None, new: Any) -> bool:
    """Whether the public summary is due after this change: the game starts or ends, or a new game
    turn begins (`Rules.turn_of`; for games without turns, whenever the seats to act change)."""
    if old is None or rules.outcome(new) is not None:
        return True
    turn_old, turn_new = rules.turn_of(old), rules.turn_of(new)
    if turn_old is None or turn_new is None:
        return rules.active_seats(old) != rules.active_seats(new)
    return turn_old != turn_new


def plan(
    table: TableRecord,
    rules: Rules[Any],
    old: Any | None,
    new: Any,
    events: Sequence[Event],
    first_seq: int,
    actor_user: int | None,
    *,
    summary_from: int | None = None,
) -> Change:
    """Which outbox rows and reminders this change needs (pings and DMs only where something is new).

    The public "turn" row is a summary of events `summary_from`.. when this change closes a turn
    (`summary_from` given), else only a possible mention for players whose DMs are closed."""
    change = Change()
    over = rules.outcome(new) is not None
    active_new = rules.active_seats(new)
    active_old = rules.active_seats(old) if old is not None else frozenset()
    ping: list[int] = []
    for seat in rules.seats:
        user = table.user_of(seat)
        if user is None:
            continue
        needs_act = seat in active_new and (
            seat not in active_old or rules.legal_actions(old, seat) != rules.legal_actions(new, seat)
        )
        if seat not in active_new or user == actor_user:
            change.quiet_seats.add(seat)
        if needs_act and not over:
            change.reminders[seat] = new.version
        if over:
            change.deliveries.append(  # the final state on their panel, the mover's too
                NewDelivery(table_id=table.id, version=new.version, kind="dm_edit", target=f"user:{user}")
            )
            continue
        if user == actor_user:
            continue
        if needs_act:
            ping.append(user)
        if not (needs_act or old is None) and learned(events, seat):
            change.deliveries.append(
                NewDelivery(table_id=table.id, version=new.version, kind="dm_edit", target=f"user:{user}")
            )
        elif needs_act or old is None:
            change.deliveries.append(
                NewDelivery(
                    table_id=table.id,
                    version=new.version,
                    kind="dm",
                    target=f"user:{user}",
                    payload={"seat": seat},
                )
            )
    change.deliveries.insert(
        0,
        NewDelivery(
            table_id=table.id,
            version=new.version,
            kind="turn",
            target="public",
            payload={
                "from": first_seq if summary_from is None else summary_from,
                "to": new.version,
                "ping": ping,
                "summary": summary_from is not None,
            },
        ),
    )
    return change


async def write_deadlines(
    tx: Any,
    table: TableRecord,
    rules: Rules[Any],
    new: Any,
    change: Change,
    *,
    finished: bool,
    now: float,
    reminder_delay: float,
    nights: dict[Seat, tuple[str | None, str]] | None = None,
) -> None:
    """Reminders for seats that must act, the game's running time limits; none once it is over.
    `nights`: the (time zone, quiet hours) of the seats whose deadlines avoid their quiet hours (a
    table's `quiet_deadlines`, bot/quiet.py): a deadline that would end in them moves to their end."""
    nights = nights or {}

    def due(seat: Seat, at: float) -> float:
        return out_of_quiet(at, *nights[seat]) if seat in nights else at

    if finished:
        await tx.void_deadlines(table.id)
        return
    humans = {s for s in rules.seats if table.user_of(s) is not None}
    limits = [lim for lim in rules.time_limits(new) if lim.seat in humans]
    warnings = [(lim, left) for lim in limits for left in lim.warnings if 0 < left < lim.seconds]
    # The seats that need not act any more end their reminders, those that must now get one (in
    # the row of one that ended, where there is one), and the time limits that stopped running end
    # with their warnings (`Tx.rearm_reminders`: two statements a reminder armed, one for the rest).
    await tx.rearm_reminders(
        table.id,
        ended=change.quiet_seats,
        armed=[
            Reminder(seat=seat, key=f"v{version}", version=version, due_at=due(seat, now + reminder_delay))
            for seat, version in change.reminders.items()
        ],
        keep_limits=[lim.key for lim in limits] + [warning_key(lim.key, s) for lim, s in warnings],
    )
    for lim in limits:
        # Written once per key (a row that exists is kept): the deadline runs from when the limit
        # first appeared, whatever is committed meanwhile, and survives a restart as it is.
        await tx.add_deadline(
            table_id=table.id,
            kind="timeout",
            seat=lim.seat,
            key=lim.key,
            version=new.version,
            due_at=due(lim.seat, now + lim.seconds),
            payload={"action": lim.action.model_dump(mode="json")},
        )
    for lim, left in warnings:
        await tx.add_deadline(
            table_id=table.id,
            kind="warning",
            seat=lim.seat,
            key=warning_key(lim.key, left),
            version=new.version,
            due_at=due(lim.seat, now + lim.seconds) - left,
            payload={"timeout": lim.key, "left": left},
        )


def warning_key(timeout_key: str, left: float) -> str:
    """The key of the warning `left` seconds before the time limit `timeout_key` runs out."""
    return f"{timeout_key}@{left:g}"
