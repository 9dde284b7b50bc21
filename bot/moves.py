"""The CPU part of a move, run off the event loop (a job of bot/offload.py).

A click costs the rules (`decide`/`evolve`), the AI seats answering, and the planning of what each
seat must be told (`notices.plan`, which compares legal actions and redacted events per seat), plus
the JSON of the events and the snapshot. On the event loop that work holds up every other table's
acknowledgements (an AI turn of a big board game takes tens of milliseconds), so the table service
sends it here whole — one crossing per click — and keeps only the database work and the lock.

Everything here is module-level and takes and returns picklable data: the game's name (each worker
has the catalogue), the table's record, pydantic states, actions and events. What it returns is
exactly what `TableService._write` needs to commit.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import Action, Event, Rules, Seat, fold, new_game, play_pilots, step
from engine.core.orders import OrderResult, answer_standing, play_order

from . import notices
from .games import rules_for
from .journal import Journal
from .store import AI, NewAction, NewEvent, TableRecord

log = logging.getLogger(__name__)

Entries = list[tuple[Event, str | None]]
"""Events with who caused each: a seat, `AI` (an AI seat answering) or None (the setup)."""


@dataclass
class Prepared:
    """A move computed and ready to commit: the new state, its events, and every row to write."""

    state: Any
    entries: Entries
    fields: dict[str, Any]
    """The table row's new values (version, status, outcome)."""
    change: notices.Change
    closes_turn: bool
    """Whether the public turn post is a summary (its first event is read from the store)."""
    events: list[NewEvent] = field(default_factory=list)
    snapshot: str = ""
    actions: list[NewAction] = field(default_factory=list)
    """The actions that caused `events` (bot/journal.py), recorded with them."""


def pilots(rules: Rules[Any], table: TableRecord, state: Any, step_cap: int) -> tuple[Any, list[Event]]:
    """Let the table's AI seats act until a human must (at most `step_cap` actions)."""
    ai = table.ai_seats()
    if not ai:
        return state, []
    state, events = play_pilots(rules, state, ai, max_steps=step_cap)
    if (
        rules.outcome(state) is None
        and set(ai) & rules.active_seats(state)
        and not (set(rules.active_seats(state)) - set(ai))
    ):
        log.warning("table %s: AI step cap (%s) reached at version %s", table.id, step_cap, state.version)
    return state, events


def unchanged_for(
    game: str, logged: Sequence[Mapping[str, Any]], expected: int, state: Any, seat: Seat
) -> bool:
    """The stale-click rule's CPU part (`TableService._check_stale`): whether `seat` is active both
    at version `expected` (the state folded from the first `expected` logged events, as the store
    holds them) and now, with the same legal actions. A fold of a long game's log costs
    milliseconds (~600 events: ~5 ms plus their parsing), so it runs here, off the loop."""
    rules = rules_for(game)
    old = fold(rules, [rules.parse_event(data) for data in logged])
    if old.version != expected:
        raise RuntimeError(f"the log folds to version {old.version}, not {expected}")
    return (
        seat in rules.active_seats(old)
        and seat in rules.active_seats(state)
        and rules.legal_actions(old, seat) == rules.legal_actions(state, seat)
    )


def prepare(
    table: TableRecord,
    rules: Rules[Any],
    old: Any | None,
    new: Any,
    entries: Sequence[tuple[Event, str | None]],
    *,
    actor_user: int | None,
    status: str | None = None,
    journal: Journal | None = None,
) -> Prepared:
    """What committing `old` -> `new` writes: the table row, the outbox rows, the JSON to store, and
    the actions the `journal` saw taken (their events are `entries`)."""
    outcome = rules.outcome(new)
    fields: dict[str, Any] = {"version": new.version}
    if status is not None:
        fields["status"] = status
    if outcome is not None:
        fields["status"] = "finished"
        fields["outcome"] = outcome.model_dump(mode="json")
    if journal is not None:
        caused = sum(d.events for d in journal.decisions)
        if caused != sum(1 for _, actor in entries if actor is not None):  # the setup's events have none
            # The engine decided without `Rules.play` (bot/journal.py): `tablero verify` would find
            # events no recorded action caused. The move is kept; the gap is named here.
            log.error(
                "table %s: %s events recorded as caused by actions, %s logged", table.id, caused, len(entries)
            )
    closes = notices.closes_turn(rules, old, new)
    change = notices.plan(
        table, rules, old, new, [e for e, _ in entries], table.version + 1, actor_user, summary_from=None
    )
    return Prepared(
        state=new,
        entries=list(entries),
        fields=fields,
        change=change,
        closes_turn=closes,
        events=[NewEvent(kind=e.kind, data=e.model_dump(mode="json"), actor=a) for e, a in entries],
        snapshot=new.model_dump_json(),
        actions=journal.rows(table) if journal is not None else [],
    )


def advance(
    game: str,
    table: TableRecord,
    state: Any,
    seat: Seat,
    action: Action,
    standing: Mapping[Seat, Mapping[str, str]],
    step_cap: int,
    actor_user: int | None,
) -> Prepared:
    """One accepted action: decide/evolve, the AI seats' answers, the prompts the seats' standing
    orders answer, and the commit's rows."""
    journal = Journal(rules_for(game))
    rules = journal.rules
    new_state, events = step(rules, state, seat, action)
    entries: Entries = [(e, seat) for e in events]
    new_state, ai_events = pilots(rules, table, new_state, step_cap)
    entries += [(e, AI) for e in ai_events]
    new_state, answered = answer_standing(
        rules, new_state, standing, pilot_seats=table.ai_seats(), max_steps=step_cap
    )
    entries += [(e, actor if actor is not None else AI) for e, actor in answered]
    return prepare(table, journal.game, state, new_state, entries, actor_user=actor_user, journal=journal)


def opening(game: str, table: TableRecord, step_cap: int) -> Prepared:
    """A table's start: the setup events, then the AI seats until a human must act."""
    journal = Journal(rules_for(game))
    state, events = new_game(journal.game, table.options, table.seed)
    entries: Entries = [(e, None) for e in events]
    state, ai_events = pilots(journal.rules, table, state, step_cap)
    entries += [(e, AI) for e in ai_events]
    return prepare(
        table, journal.game, None, state, entries, actor_user=None, status="active", journal=journal
    )


def order(
    game: str,
    table: TableRecord,
    state: Any,
    start: Any,
    seat: Seat,
    text: str,
    standing: Mapping[Seat, Mapping[str, str]],
    step_cap: int,
    actor_user: int,
    dry_run: bool,
) -> tuple[OrderResult, Prepared | None]:
    """A typed order read and applied from `start` (the table's state, or a dry run's rehearsal
    copy); the commit's rows when something was applied for real."""
    journal = Journal(rules_for(game))
    result = play_order(
        journal.rules,
        start,
        seat,
        text,
        pilot_seats=table.ai_seats(),
        standing=standing,
        max_pilot_steps=step_cap,
    )
    if dry_run or not result.changed:
        return result, None
    entries = [(e, actor if actor is not None else AI) for e, actor in result.entries]
    return result, prepare(
        table, journal.game, state, result.state, entries, actor_user=actor_user, journal=journal
    )
