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

from engine.core import Action, Disclosed, Event, Rules, Seat, fold, new_game, pilot_steps, step
from engine.core.orders import OrderResult, answer_standing, play_order

from . import absence, notices
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
    moves: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    """The actions this commit applied, by seat (a take-back replays them: `Rules.disclosed`)."""
    blind: bool = False
    """Whether some events came from no recorded action (standing orders, a typed order)."""
    undo_seat: str | None = None
    """The seat whose own action this commit is (it may take it back: bot/takeback.py)."""
    actions: list[NewAction] = field(default_factory=list)
    """The actions that caused `events` (bot/journal.py), recorded with them."""


def pilots(
    rules: Rules[Any],
    table: TableRecord,
    state: Any,
    step_cap: int,
    played: list[tuple[str, dict[str, Any]]],
) -> tuple[Any, Entries, list[tuple[str, str]]]:
    """Let the table's AI seats and stand-ins act until a human must (at most `step_cap` actions):
    each from its seat's view only (`engine.core.pilot_steps`, as `play_pilots`). An AI seat's
    events are logged as `AI`'s, a stand-in's as `ai:<seat>` (bot/absence.py); the marks are
    (seat, turn) of each stand-in action, to count the turns it played."""
    ai = set(table.ai_seats())
    seats = ai | set(table.stand_in_seats())
    if not seats:
        return state, [], []
    entries: Entries = []
    marks: list[tuple[str, str]] = []
    last: str | None = None  # the seat that acted last here (a game without turns: a run is a turn)
    run = ""
    for taken in pilot_steps(rules, state, sorted(seats), max_steps=step_cap):
        seat = taken.seat
        if seat not in ai:
            turn = rules.turn_of(taken.before)
            if seat != last:
                run = f"v{taken.before.version}"
            marks.append((seat, f"t{turn}" if turn is not None else run))
        last = seat
        state = taken.after
        played.append((seat, taken.action.model_dump(mode="json")))
        actor = AI if seat in ai else absence.stand_in_actor(seat)
        entries += [(e, actor) for e in taken.events]
    if (
        rules.outcome(state) is None
        and seats & rules.active_seats(state)
        and not (set(rules.active_seats(state)) - seats)
    ):
        log.warning("table %s: AI step cap (%s) reached at version %s", table.id, step_cap, state.version)
    return state, entries, marks


def unseated(table: TableRecord, actor: str | None) -> str:
    """Who caused an event an engine loop (standing orders, a typed order) pairs with no seat: the
    one seat the AI plays there (an AI seat, or a stand-in), else `AI`."""
    if actor is not None:
        return actor
    seats = table.pilot_seats()
    if len(seats) == 1 and seats[0] not in table.ai_seats():
        return absence.stand_in_actor(seats[0])
    return AI


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
    absent: dict[str, Any] | None = None,
    journal: Journal | None = None,
) -> Prepared:
    """What committing `old` -> `new` writes: the table row, the outbox rows, the JSON to store, and
    the actions the `journal` saw taken (their events are `entries`); `absent`: the table's new
    absence record (bot/absence.py), if it changed."""
    outcome = rules.outcome(new)
    fields: dict[str, Any] = {"version": new.version}
    if status is not None:
        fields["status"] = status
    if outcome is not None:
        fields["status"] = "finished"
        fields["outcome"] = outcome.model_dump(mode="json")
    if absent is not None and absent != table.absence:
        fields["absence"] = absent
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
        # Who held each seat: with the absence this commit leaves (a player back in person holds
        # their seat again; a stand-in is "ai:<seat>", bot/journal.py).
        actions=journal.rows(table if absent is None else table.model_copy(update={"absence": absent}))
        if journal is not None
        else [],
    )


def _answer_all(
    rules: Rules[Any],
    table: TableRecord,
    state: Any,
    standing: Mapping[Seat, Mapping[str, str]],
    step_cap: int,
    played: list[tuple[str, dict[str, Any]]],
) -> tuple[Any, Entries, list[tuple[str, str]], bool]:
    """The AI seats and stand-ins, then the prompts standing orders answer, until neither acts;
    whether standing orders answered (their actions are not recorded)."""
    entries: Entries = []
    marks: list[tuple[str, str]] = []
    blind = False
    for _ in range(step_cap):
        state, ai_entries, ai_marks = pilots(rules, table, state, step_cap, played)
        entries += ai_entries
        marks += ai_marks
        state, answered = answer_standing(
            rules, state, standing, pilot_seats=table.ai_seats(), max_steps=step_cap
        )
        entries += [(e, actor if actor is not None else AI) for e, actor in answered]
        if not answered:
            break
        blind = True
    return state, entries, marks, blind


def advance(
    game: str,
    table: TableRecord,
    state: Any,
    seat: Seat,
    action: Action,
    standing: Mapping[Seat, Mapping[str, str]],
    step_cap: int,
    actor_user: int | None,
    by_player: bool = False,
) -> Prepared:
    """One accepted action: decide/evolve, the AI seats' answers, the prompts the seats' standing
    orders answer, and the commit's rows. `by_player`: the seat's player acted in person, so
    their missed deadlines are forgiven and a stand-in playing for them steps down."""
    journal = Journal(rules_for(game))
    rules = journal.rules
    absent = dict(table.absence)
    playing = table  # who the AI plays for from now on
    if by_player and (absence.missed(table, seat) or absence.reason(table, seat)):
        absent = absence.with_missed(absence.with_stand_in(absent, seat, None), seat, 0)
        playing = table.model_copy(update={"absence": absent})
    new_state, events = step(rules, state, seat, action)
    entries: Entries = [(e, seat) for e in events]
    played = [(seat, action.model_dump(mode="json"))]
    new_state, more, marks, blind = _answer_all(rules, playing, new_state, standing, step_cap, played)
    entries += more
    absent = absence.counted(absent, marks)
    prepared = prepare(
        table, journal.game, state, new_state, entries, actor_user=actor_user, absent=absent, journal=journal
    )
    prepared.moves, prepared.blind = played, blind
    return prepared


def relieve(game: str, table: TableRecord, state: Any, step_cap: int) -> Prepared | None:
    """A stand-in just took a seat (`table` has it): it plays now if its seat must act; None if
    nothing was played."""
    journal = Journal(rules_for(game))
    rules = journal.rules
    if rules.outcome(state) is not None:
        return None
    played: list[tuple[str, dict[str, Any]]] = []
    new_state, entries, marks, blind = _answer_all(rules, table, state, {}, step_cap, played)
    if not entries:
        return None
    absent = absence.counted(table.absence, marks)
    prepared = prepare(
        table, journal.game, state, new_state, entries, actor_user=None, absent=absent, journal=journal
    )
    prepared.moves, prepared.blind = played, blind
    return prepared


def opening(game: str, table: TableRecord, step_cap: int) -> Prepared:
    """A table's start: the setup events, then the AI seats until a human must act."""
    journal = Journal(rules_for(game))
    state, events = new_game(journal.game, table.options, table.seed)
    entries: Entries = [(e, None) for e in events]
    state, ai_entries, marks = pilots(journal.rules, table, state, step_cap, [])
    entries += ai_entries
    absent = absence.counted(table.absence, marks)
    return prepare(
        table,
        journal.game,
        None,
        state,
        entries,
        actor_user=None,
        status="active",
        absent=absent,
        journal=journal,
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
        pilot_seats=table.pilot_seats(),
        standing=standing,
        max_pilot_steps=step_cap,
        dry_run=dry_run,
    )
    if dry_run or not result.changed:
        return result, None
    entries = [(e, unseated(table, actor)) for e, actor in result.entries]
    absent = dict(table.absence)  # the player acted in person (see `advance`)
    if absence.missed(table, seat) or absence.reason(table, seat):
        absent = absence.with_missed(absence.with_stand_in(absent, seat, None), seat, 0)
    prepared = prepare(
        table,
        journal.game,
        state,
        result.state,
        entries,
        actor_user=actor_user,
        absent=absent,
        journal=journal,
    )
    prepared.blind = True  # a typed order's steps are not recorded as take-back moves: no take-back of it
    return result, prepared


def disclosed(
    game: str, logged: Sequence[Mapping[str, Any]], first: int, moves: Sequence[Sequence[Any]]
) -> Disclosed:
    """What the moves applied from event `first` on revealed, and to whom (`Rules.disclosed`: chance,
    and the game's rule), the log folded here, off the event loop (bot/takeback.py)."""
    rules = rules_for(game)
    events = [rules.parse_event(data) for data in logged]
    before = fold(rules, events[: first - 1])
    actions = [(str(who), rules.parse_action(data)) for who, data in moves]
    return rules.disclosed(before, actions, events[first - 1 :])
