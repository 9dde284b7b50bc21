"""The table service: the one place that sequences a move (see docs/architecture.md, "One move, start to finish").

Split by responsibility: bot/lobby.py (create, open, join, start, rematch), this module (load,
submit, the stale-click rule, commit, resign and abandon), bot/notices.py (what each seat must be
told, deadlines).

submit: per-table lock (the store's hold on the table against other processes, then an asyncio lock
in this one) -> load (snapshot or fold) -> seat of user -> game over? -> stale version ->
decide/evolve (engine.core.step) -> AI seats act (engine.core.play_pilots, step cap) -> events,
snapshot, outbox rows and deadlines in ONE transaction (the (table_id, seq) primary key is the
optimistic lock) -> wake the delivery worker. Persist first, deliver second. A move that another
process committed under anyway (the version check behind the hold) is run once more on the fresh
state. Every other write of a table (resign, abandon, lobby, pause, take-back, absence) holds it too.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from engine.core import (
    Action,
    Dice,
    Event,
    Outcome,
    Rejected,
    Rules,
    Seat,
    SeriesTable,
    fold,
)
from engine.core.orders import StepResult, answer_standing
from renderers.base import Form, Presenter
from renderers.measure import reading

from . import absence, export, moves, notices, offload, replays, takeback, why
from .absence_service import Absence
from .crashpoints import armed, crash_point
from .games import UnknownGame, presenter_for, rules_for, schema_hash
from .journal import Journal
from .lobby import Lobby, parse_options
from .pause import Pause, paused_refusal
from .store import NewDelivery, StaleVersion, StorageUnavailable, Store, TableRecord, Tx
from .takeback import TakeBack

log = logging.getLogger(__name__)

SEED_BITS = 63  # fits SQLite's signed 64-bit INTEGER

Also = Callable[[Tx], Awaitable[None]]
"""More writes a caller puts into a service commit (`_write`, `_end`): they commit with it or not at all."""


def moved_on() -> Rejected:
    return Rejected("bot.table_moved_on", "The table has moved on; here is where it stands now.")


class Conflict(Rejected):
    """Another writer committed to the table between this move's load and its commit (the store's
    StaleVersion): told as "moved on" unless the move is run again (`TableService._conflicts`)."""

    def __init__(self) -> None:
        super().__init__("bot.table_moved_on", "The table has moved on; here is where it stands now.")


def table_gone() -> Rejected:
    # The id came from a button or a form, not from the player: it is not the number the server
    # shows (TableRecord.number), so the refusal names no table.
    return Rejected("bot.table_gone", "That table no longer exists.")


def time_ran_out() -> Rejected:
    return Rejected(
        "bot.time_ran_out", "Time ran out before your move arrived; here is where the table stands now."
    )


@dataclass(frozen=True)
class Loaded:
    """A table and its current state (None while in the lobby)."""

    table: TableRecord
    rules: Rules[Any]
    state: Any | None


@dataclass(frozen=True)
class FormAnswer:
    """What a player typed into a presenter's form (`Form.key`), by field key."""

    form: str
    values: Mapping[str, str]
    lang: str | None = None
    """The language of the player who typed it: its decimal mark (renderers/measure.py)."""


Choice = Action | int | Mapping[str, Any] | FormAnswer
"""What a click or a form submits: an action, an index into the seat's legal actions at the version
it was drawn for, an action's JSON data (from a control's custom_id or option), or a form's answer."""


@dataclass(frozen=True)
class Applied:
    """The result of an accepted action: what the reply needs, with no second load."""

    table: TableRecord
    rules: Rules[Any]
    seat: Seat
    action: Action
    events: list[Event]
    state: Any
    first_seq: int
    before: BaseModel
    """The seat's view before the move (the label of what it chose is drawn from it)."""
    converted: tuple[tuple[float, str, float, str], ...] = ()
    """Lengths typed in the other unit system and converted to the game's (echoed to the player)."""
    own: list[Event] = field(default_factory=list)
    """The events of the seat's own action, without the AI seats' answers after it (its panel
    reports them: `Presenter.action_report`)."""


@dataclass(frozen=True)
class OrderReport:
    """What a typed order did (or, as a dry run, would cost): the steps applied in full, the one that
    was refused (with its actions applied before the refusal, if any) and why."""

    table: TableRecord
    rules: Rules[Any]
    seat: Seat
    steps: list[StepResult]
    refusal: Rejected | None
    failed_at: int | None
    failed: StepResult | None
    dry_run: bool
    state: Any
    words: tuple[str, ...]
    """What the player typed for each step read, applied or not."""


class _TableLock:
    """One table's asyncio lock that removes itself from its registry when the last user leaves it.

    Users are counted from the moment `async with` begins (waiting included) to its end, so a lock
    someone waits for is never dropped and replaced by a second lock for the same table."""

    __slots__ = ("_lock", "_registry", "_table_id", "_users")

    def __init__(self, registry: dict[int, _TableLock], table_id: int) -> None:
        self._lock = asyncio.Lock()
        self._registry = registry
        self._table_id = table_id
        self._users = 0

    async def __aenter__(self) -> None:
        self._users += 1
        try:
            await self._lock.acquire()
        except BaseException:
            self._leave()
            raise

    async def __aexit__(self, *exc: object) -> None:
        self._lock.release()
        self._leave()

    def _leave(self) -> None:
        self._users -= 1
        if self._users == 0 and self._registry.get(self._table_id) is self:
            del self._registry[self._table_id]

    def locked(self) -> bool:
        return self._lock.locked()


class _Held:
    """One use of a table's lock (`TableService.lock`): the store's hold on the table first (against
    every process: a row lock on PostgreSQL, bot/store_pg.py; a byte lock beside the SQLite file,
    bot/holds.py), then the table's asyncio lock in
    this process. The hold first: a task waiting for a database lock then holds nothing else, and
    a task holding the asyncio lock never waits for a pooled connection."""

    __slots__ = ("_shared", "_stack", "_store", "_table_id")

    def __init__(self, shared: _TableLock, store: Store, table_id: int) -> None:
        self._shared = shared
        self._store = store
        self._table_id = table_id
        self._stack = AsyncExitStack()

    async def __aenter__(self) -> None:
        self._shared._users += 1  # counted while waiting too: the registry keeps this lock
        try:
            await self._stack.enter_async_context(self._store.hold(self._table_id))
            await self._shared._lock.acquire()
            self._stack.callback(self._shared._lock.release)
        except BaseException:
            try:
                await self._stack.aclose()
            finally:
                self._shared._leave()
            raise

    async def __aexit__(self, *exc: Any) -> None:
        try:
            await self._stack.__aexit__(*exc)
        finally:
            self._shared._leave()

    def locked(self) -> bool:
        return self._shared.locked()


class TableService(Lobby, Absence, Pause, TakeBack):
    """Loads tables, applies actions, commits them with what must be delivered (bot/notices.py);
    the lobby's part (create, open, join, start, rematch) is in bot/lobby.py."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        reminder_delay: float = 6 * 3600.0,
        step_cap: int = 500,
        notify: Callable[[], None] = lambda: None,
        seeder: Callable[[], int] = lambda: secrets.randbits(SEED_BITS),
        presenters: Callable[[str], Presenter] = presenter_for,
    ) -> None:
        self.store = store
        self.clock = clock
        self.reminder_delay = reminder_delay
        self.step_cap = step_cap
        self.notify = notify
        self.seeder = seeder
        self.presenters = presenters
        self._locks: dict[int, _TableLock] = {}
        # A series hand-over that failed after its commit is retried from here (bot/series.py).
        self.series_failed: Callable[[], None] = lambda: None

    def lock(self, table_id: int) -> _Held:
        """The table's lock, used as `async with`: the store's hold on the table (other processes,
        issue 25 item 4), then this process's asyncio lock, kept in `_locks` only while someone
        holds it or waits for it, so the dict does not keep one lock per table ever touched (issue
        24 item 8)."""
        shared = self._locks.get(table_id)
        if shared is None:
            shared = self._locks[table_id] = _TableLock(self._locks, table_id)
        return _Held(shared, self.store, table_id)

    async def _conflicts(self, move: Callable[[], Awaitable[Any]]) -> Any:
        """Run a move (lock, load, decide, commit); if another writer committed to the table between
        its load and its commit anyway (Conflict: a writer that did not hold the table, or a
        PostgreSQL hold that let go at an earlier commit of the same task), run it once more on the
        fresh state, as if it had waited for the lock.
        A click for the old version then meets the stale-click rule as usual; a second conflict is
        told "moved on"."""
        try:
            return await move()
        except Conflict:
            return await move()

    # --- loading ---------------------------------------------------------------------------
    async def get(self, table_id: int) -> TableRecord:
        table = await self.store.get_table(table_id)
        if table is None:
            raise table_gone()
        return table

    async def load(self, table_id: int) -> Loaded:
        """The table and its state: the snapshot if it is current, else a fold of the log (the table
        and its snapshot are read together: one read)."""
        table, snapshot = await self.store.table_and_snapshot(table_id)
        if table is None:
            raise table_gone()
        rules = self._rules(table.game)
        if table.status == "lobby" or table.version == 0:
            return Loaded(table, rules, None)
        digest = schema_hash(rules)
        if snapshot is not None and snapshot.version == table.version and snapshot.schema_hash == digest:
            try:
                return Loaded(table, rules, rules.state_model.model_validate_json(snapshot.data))
            except ValueError as exc:  # pydantic's ValidationError is one: a damaged row
                # The snapshot is a cache; the log is the truth (issue 24 item 10): fold it and
                # rewrite the row. The error's text is not logged (it quotes the state's secrets).
                log.warning(
                    "table %s: its snapshot (v%s) is damaged (%s); rebuilt from its event log",
                    table.id,
                    snapshot.version,
                    type(exc).__name__,
                )
        # Up to the version read above: a move committed meanwhile (this read holds no lock) is not ours.
        state = await self._fold(table, rules, upto=table.version)
        try:
            async with self.store.transaction() as tx:
                await tx.put_snapshot(table.id, state.version, digest, state.model_dump_json())
        except StorageUnavailable as exc:  # only the cache is not refreshed: the read itself stands
            log.warning("table %s: its snapshot could not be rewritten (%s)", table.id, exc.fault)
        return Loaded(table, rules, state)

    async def _fold(self, table: TableRecord, rules: Rules[Any], upto: int | None = None) -> Any:
        records = await self.store.load_events(table.id, upto)
        state = fold(rules, [rules.parse_event(r.data) for r in records])
        expected = table.version if upto is None else upto
        if state.version != expected:
            raise RuntimeError(
                f"table {table.id}: log folds to version {state.version}, table says {expected}"
            )
        return state

    def rules_of(self, table: TableRecord) -> Rules[Any]:
        """The rules a table is played by."""
        return self._rules(table.game)

    def _rules(self, game: str) -> Rules[Any]:
        try:
            return rules_for(game)
        except UnknownGame:
            raise Rejected("bot.unknown_game", "There is no game called {game}.", game=game) from None

    # --- playing -----------------------------------------------------------------------------
    async def submit(
        self, table_id: int, user_id: int, action: Choice, expected_version: int | None
    ) -> Applied:
        """Apply one choice (an action, an index into the seat's legal actions at `expected_version`,
        an action's data, or a form's answer)."""
        return await self._conflicts(lambda: self._submit_locked(table_id, user_id, action, expected_version))

    async def _submit_locked(
        self, table_id: int, user_id: int, action: Choice, expected_version: int | None
    ) -> Applied:
        async with self.lock(table_id):
            loaded = await self.load(table_id)
            if await self._run_out(loaded):
                raise time_ran_out()
            table = loaded.table
            seat = table.seat_of(user_id)
            if seat is None:
                raise Rejected(
                    "bot.not_a_player", "You are not playing at table #{table}.", table=table.number
                )
            if table.paused:
                raise paused_refusal(table)
            try:
                return await self._submit(
                    loaded, seat, action, expected_version, actor_user=user_id, by_player=True
                )
            except Rejected as no:  # a measure's no (a shot out of sight) is stored for /why
                await why.remember(self.store, table_id, user_id, table.version, no)
                raise

    async def order(
        self,
        table_id: int,
        user_id: int,
        text: str,
        *,
        dry_run: bool = False,
        expected_version: int | None = None,
    ) -> OrderReport:
        """Apply an order typed in chat (the game reads it: `Rules.read_order`), step by step, as clicks
        are applied: same checks, AI seats answering in between, one commit of everything applied.

        A text the game cannot read, or a first step refused, changes nothing and raises the
        refusal. A later refusal keeps the steps before it applied and is reported. A dry run
        applies nothing and rehearses the order on a copy of the table whose hidden things and dice
        are not the real ones (`rehearsal`), so it prices the steps without revealing a roll or a
        secret. `expected_version` (a dry run's confirm button): the order must find the table as
        it was rehearsed, else it has moved on (so a second click applies nothing twice)."""
        return await self._conflicts(
            lambda: self._order_locked(table_id, user_id, text, dry_run, expected_version)
        )

    async def _order_locked(
        self, table_id: int, user_id: int, text: str, dry_run: bool, expected_version: int | None
    ) -> OrderReport:
        async with self.lock(table_id):
            loaded = await self.load(table_id)
            if await self._run_out(loaded):
                raise time_ran_out()
            table, rules, state = loaded.table, loaded.rules, loaded.state
            if expected_version is not None and expected_version != table.version:
                raise moved_on()
            seat = table.seat_of(user_id)
            if seat is None:
                raise Rejected(
                    "bot.not_a_player", "You are not playing at table #{table}.", table=table.number
                )
            if table.is_over:
                raise Rejected("core.game_over", "This game is over.")
            if table.status == "lobby" or state is None:
                raise Rejected("bot.not_started", "Table #{table} has not started yet.", table=table.number)
            if table.paused and not dry_run:
                raise paused_refusal(table)
            start = self.rehearsal(rules, state, seat) if dry_run else state
            standing = await self._standing(table, rules)
            if dry_run:  # the other seats' standing orders are theirs to know: not probed by a rehearsal
                standing = {s: orders for s, orders in standing.items() if s == seat}
            result, prepared = await offload.run(
                moves.order,
                table.game,
                table,
                state,
                start,
                seat,
                text,
                standing,
                self.step_cap,
                user_id,
                dry_run,
            )
            if not dry_run and prepared is None:
                refusal = result.first_refusal
                assert refusal is not None
                await why.remember(self.store, table_id, user_id, table.version, refusal)  # for /why
                raise refusal
            if prepared is not None:
                table = await self._write(table, rules, prepared)
            if not dry_run:  # the latest of the steps' refusals a measure made is stored, for /why
                refused = why.latest_ruled([*(s.refusal for s in result.skipped), result.refusal])
                await why.remember(self.store, table_id, user_id, table.version, refused)
            return OrderReport(
                table,
                rules,
                seat,
                result.steps,
                result.refusal,
                result.failed_at,
                result.failed,
                dry_run,
                result.state,
                tuple(step.words for step in result.read),
            )

    # --- time limits and standing orders ---------------------------------------------------------
    async def _run_out(self, loaded: Loaded) -> bool:
        """Apply the table's time limits that ran out and that the game still declares, before a
        player's action (the lock is held); whether any was applied (the player's move then came
        too late and is refused: it was meant for a phase that is over).

        The scheduler fires them too, but may not have got to them yet (the bot just restarted, or
        the loop is busy): an action that arrives after a deadline finds the phase over, exactly
        as it would have with the scheduler on time, so the end of a timed phase is the same
        whether or not the bot restarted. A limit its seat cannot take now is left to the scheduler."""
        state = loaded.state
        if state is None or loaded.table.status != "active" or not loaded.rules.time_limits(state):
            return False  # (a stored limit the game no longer declares is not applied: no read needed)
        fired = False
        now = self.clock()
        due = [d for d in await self.store.pending_deadlines(loaded.table.id, "timeout") if d.due_at <= now]
        for deadline in due:
            current = {(lim.seat, lim.key): lim.action for lim in loaded.rules.time_limits(loaded.state)}
            action = current.get((deadline.seat, deadline.key))
            if action is None:
                continue  # no longer declared: the scheduler voids it
            try:  # the game effect and the deadline's done mark in one commit
                applied = await self._submit(
                    loaded,
                    deadline.seat,
                    action,
                    None,
                    actor_user=loaded.table.user_of(deadline.seat),
                    deadline=deadline.id,
                )
            except Conflict:
                raise  # another process moved the table: the whole move again (`_conflicts`)
            except Rejected:
                continue
            loaded = Loaded(applied.table, loaded.rules, applied.state)
            fired = True
        return fired

    async def _standing(self, table: TableRecord, rules: Rules[Any]) -> dict[Seat, dict[str, str]]:
        """The standing orders of the table's human seats that the game offers any."""
        seats = [s for s in rules.seats if table.user_of(s) is not None and rules.standing_orders(s)]
        if not seats:
            return {}
        stored = await self.store.standing(table.id)
        return {s: stored.get(s, {}) for s in seats}

    async def set_standing(
        self, table_id: int, user_id: int, name: str, value: str
    ) -> tuple[TableRecord, bool]:
        """Store one of the user's standing orders (`Rules.standing_orders`), then answer at once the
        prompt it covers if one is waiting for them: (the table, whether a prompt was answered)."""
        async with self.lock(table_id):
            loaded = await self.load(table_id)
            table, rules, state = loaded.table, loaded.rules, loaded.state
            seat = table.seat_of(user_id)
            if seat is None:
                raise Rejected(
                    "bot.not_a_player", "You are not playing at table #{table}.", table=table.number
                )
            offered = rules.standing_orders(seat)
            if name not in offered or value not in offered[name]:
                raise Rejected("bot.standing_unknown", "That standing order is not on offer at this table.")
            async with self.store.transaction() as tx:
                await tx.set_standing(table.id, seat, name, value)
            if table.status != "active" or table.is_over or state is None:
                return table, False
            journal = Journal(rules)
            new_state, answered = answer_standing(
                journal.rules,
                state,
                await self._standing(table, rules),
                pilot_seats=table.pilot_seats(),
                max_steps=self.step_cap,
            )
            if not answered:
                return table, False
            entries = [(e, moves.unseated(table, actor)) for e, actor in answered]
            prepared = moves.prepare(
                table, rules, state, new_state, entries, actor_user=user_id, journal=journal
            )
            return await self._write(table, rules, prepared), True

    def rehearsal(self, rules: Rules[Any], state: Any, seat: Seat) -> Any:
        """A copy of the table for a dry run: what `seat` may not know drawn afresh
        (`Rules.resample_hidden`) and a fresh seed, so the rehearsal's dice are not the real ones.

        Reading: a game that cannot resample its secrets rehearses on its own state with a fresh
        seed (its hidden things then stay as they are; only the dice differ)."""
        seed = secrets.randbits(SEED_BITS)  # not a table's seed: nobody can know it or replay it
        try:
            copy = rules.resample_hidden(state, seat, Dice(seed, 0))
        except NotImplementedError:
            copy = state.model_copy(deep=True)
        copy.seed = seed
        return copy

    async def submit_as_seat(
        self,
        table_id: int,
        seat: Seat,
        action: Action,
        expected_version: int | None,
        *,
        deadline: int | None = None,
        missed: bool = False,
    ) -> Applied:
        """Apply an action on a seat's behalf (a timer that ran out: `deadline`, marked done in the
        same commit, or not at all if it is not pending any more: Conflict, "moved on"). `missed`:
        the seat's player let the time run out, a missed deadline (bot/absence.py) counted in that
        same commit; if the count reaches the table's `absent_after`, its rule (a stand-in, or the
        seat forfeiting) follows at once under the same hold."""

        async def move() -> Applied:
            async with self.lock(table_id):
                loaded = await self.load(table_id)
                applied = await self._submit(
                    loaded,
                    seat,
                    action,
                    expected_version,
                    actor_user=loaded.table.user_of(seat),
                    deadline=deadline,
                    missed=missed,
                )
                if missed:
                    await self._absence_rule(applied.table, seat)
                return applied

        return await self._conflicts(move)

    async def _submit(
        self,
        loaded: Loaded,
        seat: Seat,
        choice: Choice,
        expected: int | None,
        *,
        actor_user: int | None,
        by_player: bool = False,
        deadline: int | None = None,
        missed: bool = False,
    ) -> Applied:
        """`deadline`: the time limit this action is the effect of, marked done in its commit;
        `missed`: that deadline counted against the seat in the same commit (`submit_as_seat`)."""
        table, rules, state = loaded.table, loaded.rules, loaded.state
        if table.is_over:
            raise Rejected("core.game_over", "This game is over.")
        if table.status == "lobby" or state is None:
            raise Rejected("bot.not_started", "Table #{table} has not started yet.", table=table.number)
        if expected is not None and expected != table.version:
            await self._check_stale(table, rules, state, seat, expected)
        before = rules.view(state, seat)
        typed_in = choice.lang if isinstance(choice, FormAnswer) and choice.lang else table.lang
        with reading(typed_in) as read:
            action = self._resolve(table, rules, state, seat, before, choice)
        standing = await self._standing(table, rules)
        prepared = await offload.run(
            moves.advance,
            table.game,
            table,
            state,
            seat,
            action,
            standing,
            self.step_cap,
            actor_user,
            by_player,
        )
        if by_player:  # the seat's last action, which it may take back (bot/takeback.py)
            prepared.undo_seat = seat
        if missed and "outcome" not in prepared.fields:
            kept = prepared.fields.get("absence", table.absence)  # as this commit leaves it
            if absence.counts_missed(table.model_copy(update={"absence": kept}), seat):
                prepared.fields["absence"] = absence.with_missed(
                    kept, seat, absence.missed_now(kept, seat) + 1
                )
        after = await self._write(table, rules, prepared, deadline=deadline)
        events = [e for e, _ in prepared.entries]
        own = [e for e, actor in prepared.entries if actor == seat]
        return Applied(
            after,
            rules,
            seat,
            action,
            events,
            prepared.state,
            table.version + 1,
            before,
            converted=tuple(read.converted),
            own=own,
        )

    def _resolve(
        self, table: TableRecord, rules: Rules[Any], state: Any, seat: Seat, view: BaseModel, choice: Choice
    ) -> Action:
        """The action a choice stands for (`decide` still has the last word on it)."""
        if isinstance(choice, Action):
            return choice
        if isinstance(choice, FormAnswer | int) and seat not in rules.active_seats(state):
            raise Rejected("core.not_your_turn", "It is not your turn to act.")
        if isinstance(choice, int):
            legal = rules.legal_actions(state, seat)
            if not 0 <= choice < len(legal):
                raise moved_on()
            return legal[choice]
        if isinstance(choice, FormAnswer):
            presenter = self.presenters(table.game)
            controls = presenter.controls(view, rules.legal_actions(state, seat), table.lang) or []
            form = next((c for c in controls if isinstance(c, Form) and c.key == choice.form), None)
            if form is None:
                raise Rejected("bot.form_unknown", "That form is not on offer any more.")
            return presenter.parse_form(form, choice.values, view)
        try:
            return rules.parse_action(dict(choice))
        except ValidationError:
            raise Rejected("bot.bad_choice", "That choice is not on offer any more.") from None

    async def _check_stale(
        self,
        table: TableRecord,
        rules: Rules[Any],
        state: Any,
        seat: Seat,
        expected: int,
    ) -> None:
        """A click drawn for an older version counts only if nothing it depends on has changed.

        Accepted iff the seat is active at both versions with the same legal actions, and no event
        since was caused by this seat (so a double click never applies twice). This keeps a
        simultaneous choice valid while another seat acts; anything else is "moved on".
        """
        if not 0 < expected < table.version:  # version 0 has no state to compare with
            raise moved_on()
        logged = await self.store.load_events(table.id)
        mine = {seat, absence.stand_in_actor(seat)}  # its stand-in's moves are the seat's (bot/absence.py)
        if any(r.actor in mine for r in logged if r.seq > expected):
            raise moved_on()
        # The fold and the comparison off the event loop (bot/moves.py); the log was read here.
        if not await offload.run(
            moves.unchanged_for,
            table.game,
            [r.data for r in logged if r.seq <= expected],
            expected,
            state,
            seat,
        ):
            raise moved_on()

    async def _write(
        self,
        table: TableRecord,
        rules: Rules[Any],
        prepared: moves.Prepared,
        *,
        deadline: int | None = None,
        also: Also | None = None,
        stood_in: Sequence[str] = (),
        absence_was: Mapping[str, Any] | None = None,
    ) -> TableRecord:
        """Events + table row + snapshot + outbox + deadlines in one transaction; with `deadline`
        (the time limit the move is the effect of), its done mark too: it commits with the effect or
        not at all (Conflict when another process marked it first). `also`: more writes of the
        caller's in the same commit (a reminder's done mark and message: bot/scheduler.py).
        `stood_in`: the seats whose stand-in this write changes though `table` shows it already
        (`_stand_in` passes the record with it); a stand-in the move itself ends (its player acts in
        person) is found by comparing `table` with the row committed. A round's series notes them
        (`sync_series`) before any hand-over, so the next round starts with them. `absence_was`: the
        absence record as the caller read it, when `table` carries a change of its own already
        (`_stand_in`); a new one is written as the change from it (`Tx.update_table`)."""
        new, change = prepared.state, prepared.change
        first_seq = table.version + 1
        if prepared.closes_turn:  # the public post sums up the whole turn, from the last summary on
            turn = change.deliveries[0]
            turn.payload["from"] = await self.store.last_summary_end(table.id) + 1
            turn.payload["summary"] = True
        nights = await self._nights(table)
        if "undo" not in prepared.fields:  # what each seat could take back (bot/takeback.py)
            prepared.fields["undo"] = takeback.noted(table, prepared)
        crash_point("commit.before")
        try:
            async with self.store.transaction() as tx:
                await tx.append_events(table.id, first_seq, prepared.events)
                await tx.append_actions(table.id, prepared.actions)
                await tx.update_table(
                    table.id,
                    expected_version=table.version,
                    absence_was=table.absence if absence_was is None else absence_was,
                    **prepared.fields,
                )
                await tx.put_snapshot(table.id, new.version, schema_hash(rules), prepared.snapshot)
                await tx.touch_status(table.id)
                for row in change.deliveries:
                    await tx.add_delivery(row)
                if deadline is not None:  # before write_deadlines, which voids the limits that ended
                    await tx.finish_deadline(deadline, "done")
                if also is not None:  # (before write_deadlines too: it may void a reminder marked here)
                    await also(tx)
                await notices.write_deadlines(
                    tx,
                    table,
                    rules,
                    new,
                    change,
                    finished="outcome" in prepared.fields,
                    now=self.clock(),
                    reminder_delay=absence.reminder_delay(table, self.reminder_delay),
                    nights=nights,
                )
                if table.paused:  # a commit during a pause (a series' hand-over): its deadlines wait too
                    await tx.park_deadlines(table.id, self.clock())
                # Statements sent, COMMIT not yet: the store runs this hook in the same batch
                # (only when the crash test arms it: on PostgreSQL the hook costs a round trip).
                if armed("commit.inside"):
                    tx.before_commit(lambda: crash_point("commit.inside"))
        except StaleVersion:
            raise Conflict() from None
        crash_point("commit.after")  # persisted, not yet delivered nor acknowledged
        self.notify()
        try:
            after = await self.get(table.id)
            if "absence" in prepared.fields:  # a player back in person: their stand-in stepped down
                stood_in = [
                    *stood_in,
                    *(
                        s
                        for s in after.seats
                        if s not in stood_in and absence.reason(table, s) != absence.reason(after, s)
                    ),
                ]
            if not stood_in and after.series_of is None and rules.series_table(new) is None:
                return after  # no series to hand over to, nothing else written: one read, not two
            if stood_in:
                await self.sync_series(after, stood_in)
            await self._hand_over(after, rules, new)
            return await self.get(table.id)
        except StorageUnavailable as exc:  # the move stands: the player must not read "nothing changed"
            raise StorageUnavailable(exc.fault, exc.path, saved=True) from exc

    async def _nights(self, table: TableRecord) -> dict[str, tuple[str | None, str]]:
        """The quiet hours of the table's players, if its deadlines avoid them (`quiet_deadlines`)."""
        if not table.settings.get("quiet_deadlines"):
            return {}
        nights = {}
        for seat in table.seats:
            user = table.user_of(seat)
            player = await self.store.get_player(user) if user is not None else None
            if player is not None and player.quiet:
                nights[seat] = (player.timezone, player.quiet)
        return nights

    # --- series: a game whose rounds are tables of their own (Rules.series_table) -------------------
    async def _hand_over(self, table: TableRecord, rules: Rules[Any], state: Any) -> None:
        """`_series` after a commit that stands whatever happens next: if the hand-over fails (the
        store failing, say), the move is still accepted and the series keeper (bot/series.py) tries
        the hand-over again, with back-off, until it goes through."""
        try:
            await self._series(table, rules, state)
        except Rejected:
            raise
        except Exception as exc:
            log.warning(
                "table %s: series hand-over failed (%s); the series keeper retries it",
                table.id,
                exc.fault if isinstance(exc, StorageUnavailable) else type(exc).__name__,
            )
            self.series_failed()

    async def _series(self, table: TableRecord, rules: Rules[Any], state: Any) -> None:
        """After a commit (the caller holds `table`'s lock): open the round a series now waits on, and
        feed a finished round back into its series. Both are idempotent, so `resume_series` may redo
        them after a restart."""
        wanted = rules.series_table(state) if state is not None else None
        if wanted is not None:
            await self._open_round(table, wanted)
        if state is not None and table.series_of is not None and table.is_over:
            async with self.lock(table.series_of):
                await self._feed(await self.load(table.series_of), table, state)

    async def _open_round(self, series: TableRecord, wanted: SeriesTable) -> None:
        """The round's table in the series' thread, each of its seats held by the series seat's player."""
        found = await self.store.find_in_series(series.id, wanted.key)
        if found is None:
            rules = self._rules(wanted.game)
            options = parse_options(rules, wanted.options, series.lang)
            seats = {seat: series.seats.get(holder) for seat, holder in wanted.seats.items()}
            # The series' stand-ins play on in its round (issue 26: a campaign across its missions).
            stand_ins = {
                seat: why
                for seat, holder in wanted.seats.items()
                if (why := absence.reason(series, holder)) is not None
            }
            try:
                async with self.store.transaction() as tx:
                    round_id = await tx.insert_table(
                        game=wanted.game,
                        guild_id=series.guild_id,
                        channel_id=series.channel_id,
                        thread_id=series.post_channel_id,
                        status="lobby",
                        seats=seats,
                        invited=[],
                        options=options.model_dump(mode="json"),
                        seed=self.seeder(),
                        lang=series.lang,
                        created_by=series.created_by,
                        series_of=series.id,
                        series_key=wanted.key,
                        settings=series.settings,
                        absence={"stand_ins": stand_ins} if stand_ins else {},
                    )
            except Exception:
                # Another process opened it between our look and our insert (the unique
                # (series_of, series_key) index refused ours, rolled back whole): take that one,
                # as if we had found it. Anything else is a real failure.
                found = await self.store.find_in_series(series.id, wanted.key)
                if found is None:
                    raise
            else:
                found = await self.get(round_id)
        if found.status == "lobby":
            async with self.lock(found.id):
                found = await self.get(found.id)  # read under its lock: another may have started it
                if found.status == "lobby":
                    await self._start(found)
        elif found.is_over:  # finished while the series was not told (a restart in between)
            await self._feed(await self.load(series.id), found, None)

    async def _feed(self, loaded: Loaded, round_table: TableRecord, final: Any | None) -> None:
        """Give the series its finished round (the caller holds the series' lock); once only."""
        rules, state = loaded.rules, loaded.state
        wanted = rules.series_table(state) if state is not None else None
        if wanted is None or wanted.key != round_table.series_key or loaded.table.is_over:
            return
        if final is None:
            final = (await self.load(round_table.id)).state
            if final is None:
                return  # a round abandoned in its lobby: nothing to read
        seat, action = rules.series_result(state, wanted, final)
        await self._submit(loaded, seat, action, None, actor_user=None)

    async def resume_series(self) -> None:
        """On start: every active series gets its round opened, or its finished round fed back.

        Only the active tables of games that play series are read (issue 6: the bot's cold start
        read every active table as a record, 10,000 of them in the restart benchmark, to skip all
        but a few); a game no longer known is refused as before (`_rules`)."""
        games = await self.store.games_of(("active",))
        series = [game for game in games if type(self._rules(game)).series_table is not Rules.series_table]
        for table in await self.store.list_tables(statuses=("active",), games=series):
            async with self.lock(table.id):
                loaded = await self.load(table.id)
                if loaded.state is not None and not loaded.table.is_over:
                    wanted = loaded.rules.series_table(loaded.state)
                    if wanted is not None:
                        await self._open_round(loaded.table, wanted)

    # --- leaving -----------------------------------------------------------------------------
    async def resign(self, table_id: int, user_id: int) -> TableRecord:
        """The user's seat concedes; every other seat wins."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise Rejected(
                    "bot.not_a_player", "You are not playing at table #{table}.", table=table.number
                )
            if table.is_over:
                raise Rejected("core.game_over", "This game is over.")
            winners = [s for s in table.seats if s != seat]
            outcome = Outcome(winners=tuple(winners), reason="core.resigned", params={"seat": seat})
            return await self._end(table, "finished", outcome)

    async def abandon(self, table_id: int, user_id: int, *, is_admin: bool) -> TableRecord:
        """Close a table with no winner: server admins any time, the creator while it is a lobby."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.is_over:
                raise Rejected("core.game_over", "This game is over.")
            if not is_admin and not (table.status == "lobby" and user_id == table.created_by):
                raise Rejected("bot.admins_only", "Only server admins can abandon a table.")
            outcome = Outcome(winners=(), reason="core.abandoned", params={"by": user_id})
            return await self._end(table, "abandoned", outcome)

    async def _end(
        self, table: TableRecord, status: str, outcome: Outcome, *, also: Also | None = None
    ) -> TableRecord:
        """Close the table (the caller holds its lock); `also`: more writes in the same commit."""
        async with self.store.transaction() as tx:
            if also is not None:  # before void_deadlines: it may mark a deadline done
                await also(tx)
            await tx.update_table(table.id, expected_version=table.version, status=status, outcome=outcome)
            await tx.void_deadlines(table.id)
            await tx.touch_status(table.id)
            await tx.add_delivery(
                NewDelivery(table_id=table.id, version=table.version, kind="end", target="public")
            )
        self.notify()
        after = await self.get(table.id)
        if after.series_of is not None:  # a round resigned or abandoned: its series goes on
            loaded = await self.load(table.id)
            await self._hand_over(after, loaded.rules, loaded.state)
        return await self.get(table.id)

    # --- reading for players -------------------------------------------------------------------
    async def log_for(self, table_id: int, user_id: int) -> dict[str, Any]:
        """The event log as `user_id` may see it: redacted for their seat until the game ends."""
        loaded = await self.load(table_id)
        table, rules = loaded.table, loaded.rules
        seat = table.seat_of(user_id)
        full = table.is_over
        events = []
        for record in await self.store.load_events(table_id):
            event = rules.parse_event(record.data)
            shown = event if full else event.redacted_for(seat)
            if shown is None:
                continue
            events.append({"seq": record.seq, "actor": record.actor, "event": shown.model_dump(mode="json")})
        return {
            "table": table.id,
            "number": table.number,  # the table's number on its server, as the players know it
            "game": table.game,
            "status": table.status,
            "seats": {s: h for s, h in table.seats.items()},
            "options": table.options,
            "version": table.version,
            "outcome": table.outcome.model_dump(mode="json") if table.outcome else None,
            "seed": table.seed if full else None,
            "redacted_for": None if full else (seat or "spectator"),
            "events": events,
        }

    async def export_for(self, table_id: int, user_id: int) -> dict[str, Any]:
        """The table's export (bot/export.py, docs/export.md) as `user_id` may see it: everything,
        with the seed, once the table is over; until then what their seat has seen (a spectator:
        the public view), without the seed."""
        table = (await self.load(table_id)).table
        events = await self.store.load_events(table_id, table.version)
        actions = await self.store.load_actions(table_id)
        seat = table.seat_of(user_id)
        # Parsing, redacting and folding a long log is CPU work: off the event loop.
        return await offload.run(export.document_job, table, events, actions, seat, table.is_over)

    async def verify(self, table_id: int) -> tuple[TableRecord, bool, list[tuple[str, dict[str, Any]]]]:
        """`tablero verify` of a finished table's full export, in the worker pool: (the table, whether
        it verified, the findings as catalog keys and values). Refused while the table is played."""
        loaded = await self.load(table_id)
        table = loaded.table
        if not table.is_over:
            raise Rejected(
                "aftergame.verify_not_over",
                "Table #{table} is still being played; its seed is revealed when it ends.",
                table=table.number,
            )
        doc = await self.export_for(table_id, 0)
        ok, findings = await offload.run(export.run_check, "verify", export.dumps(doc))
        return table, ok, findings

    async def replay_for(
        self, table_id: int, user_id: int, lang: str, *, spectator: bool = False
    ) -> tuple[TableRecord, Seat | None, replays.Replay]:
        """The table's game as an animated board (bot/replays.py), drawn in the worker pool: from the
        user's seat's view if they play at it (unless `spectator`), else from the spectator's. During
        the game a player sees only what their seat has seen so far, anyone else the public view."""
        table = (await self.load(table_id)).table
        if table.version == 0:
            raise Rejected("bot.not_started", "Table #{table} has not started yet.", table=table.number)
        seat = None if spectator else table.seat_of(user_id)
        events = await self.store.load_events(table_id, table.version)
        actions = await self.store.load_actions(table_id)
        replay = await offload.run(
            replays.render, table, events, actions, seat, lang, priority=offload.Priority.BACKGROUND
        )
        if len(replay.data) > replays.LIMIT_BYTES:
            raise Rejected(
                "aftergame.replay_too_big",
                "The replay of table #{table} does not fit in Discord's 10 MiB limit, even one turn at a time.",
                table=table.number,
            )
        return table, seat, replay

    async def spectator_steps(self, table_id: int, lang: str) -> tuple[TableRecord, list[replays.Step]]:
        """The table's game step by step as a spectator saw it (the playground's step-through page)."""
        table = (await self.load(table_id)).table
        events = await self.store.load_events(table_id, table.version)
        actions = await self.store.load_actions(table_id)
        found = await offload.run(
            replays.steps_of, table, events, actions, lang, priority=offload.Priority.BACKGROUND
        )
        return table, found
