"""The table service: the one place that sequences a move (see docs/architecture.md, "One move, start to finish").

submit: per-table lock -> load (snapshot or fold) -> seat of user -> game over? -> stale version ->
decide/evolve (engine.core.step) -> AI seats act (engine.core.play_pilots, step cap) -> events,
snapshot, outbox rows and deadlines in ONE transaction (the (table_id, seq) primary key is the
optimistic lock) -> wake the delivery worker. Persist first, deliver second.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from engine.core import (
    Action,
    Event,
    Outcome,
    Rejected,
    Rules,
    Seat,
    State,
    fold,
    new_game,
    play_pilots,
    step,
)
from renderers.base import Form, Presenter

from .crashpoints import crash_point
from .games import UnknownGame, presenter_for, rules_for, schema_hash
from .store import AI, NewDelivery, NewEvent, StaleVersion, Store, TableRecord

log = logging.getLogger(__name__)

SEED_BITS = 63  # fits SQLite's signed 64-bit INTEGER


def moved_on() -> Rejected:
    return Rejected("bot.table_moved_on", "The table has moved on; here is where it stands now.")


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


@dataclass
class _Change:
    """Everything one commit writes besides the events themselves."""

    deliveries: list[NewDelivery] = field(default_factory=list)
    reminders: dict[Seat, int] = field(default_factory=dict)  # seat -> version it must act at
    quiet_seats: set[Seat] = field(default_factory=set)  # reminders to void
    timeouts: list[tuple[Seat, str, float, dict[str, Any]]] = field(default_factory=list)


class TableService:
    """Creates tables, seats players, applies actions, and writes what must be delivered."""

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
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    def lock(self, table_id: int) -> asyncio.Lock:
        return self._locks[table_id]

    # --- loading ---------------------------------------------------------------------------
    async def get(self, table_id: int) -> TableRecord:
        table = await self.store.get_table(table_id)
        if table is None:
            raise Rejected("bot.no_such_table", "There is no table #{table}.", table=table_id)
        return table

    async def load(self, table_id: int) -> Loaded:
        """The table and its state: the snapshot if it is current, else a fold of the log."""
        table = await self.get(table_id)
        rules = self._rules(table.game)
        if table.status == "lobby" or table.version == 0:
            return Loaded(table, rules, None)
        snapshot = await self.store.get_snapshot(table_id)
        digest = schema_hash(rules)
        if snapshot is not None and snapshot.version == table.version and snapshot.schema_hash == digest:
            return Loaded(table, rules, rules.state_model.model_validate_json(snapshot.data))
        # Up to the version read above: a move committed meanwhile (this read holds no lock) is not ours.
        state = await self._fold(table, rules, upto=table.version)
        async with self.store.transaction() as tx:
            await tx.put_snapshot(table.id, state.version, digest, state.model_dump_json())
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

    def _rules(self, game: str) -> Rules[Any]:
        try:
            return rules_for(game)
        except UnknownGame:
            raise Rejected("bot.unknown_game", "There is no game called {game}.", game=game) from None

    # --- lobby -------------------------------------------------------------------------------
    async def create(
        self,
        *,
        game: str,
        creator: int,
        guild_id: int | None,
        channel_id: int | None,
        lang: str,
        side: str | None = None,
        opponent: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> TableRecord:
        """A new table: against the AI when there is no opponent (started at once), else a lobby."""
        rules = self._rules(game)
        try:
            presenter_for(game)
        except UnknownGame:
            raise Rejected("bot.unknown_game", "There is no game called {game}.", game=game) from None
        parsed = self.parse_options(rules, options)
        if opponent == creator:
            raise Rejected(
                "bot.self_opponent", "You cannot invite yourself; leave the opponent empty to play the AI."
            )
        my_seat = rules.seat_of_side(side) if side else rules.seats[secrets.randbelow(len(rules.seats))]
        seats: dict[str, Any] = {s: None for s in rules.seats}
        seats[my_seat] = creator
        if opponent is None:
            seats = {s: (h if h is not None else AI) for s, h in seats.items()}
        async with self.store.transaction() as tx:
            table_id = await tx.insert_table(
                game=game,
                guild_id=guild_id,
                channel_id=channel_id,
                thread_id=None,
                status="lobby",
                seats=seats,
                invited=[opponent] if opponent is not None else [],
                options=parsed.model_dump(mode="json"),
                seed=self.seeder(),
                lang=lang,
                created_by=creator,
            )
        return await self.get(table_id)

    @staticmethod
    def parse_options(rules: Rules[Any], raw: Mapping[str, Any] | None) -> BaseModel:
        try:
            return rules.parse_options(raw)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or 'options'}: {err['msg']}" for err in exc.errors()
            )
            raise Rejected(
                "bot.bad_options", "Those options do not fit this game: {problems}", problems=problems
            ) from None

    async def open(self, table_id: int, *, thread_id: int | None) -> TableRecord:
        """Record the table's thread, then start it if every seat is filled, else announce the lobby."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.status != "lobby":
                return table
            if all(h is not None for h in table.seats.values()):
                async with self.store.transaction() as tx:
                    await tx.update_table(table_id, thread_id=thread_id)
                return await self._start(await self.get(table_id))
            async with self.store.transaction() as tx:
                await tx.update_table(table_id, thread_id=thread_id)
                await tx.touch_status(table_id)
        self.notify()
        return await self.get(table_id)

    async def join(self, table_id: int, user_id: int, side: str | None = None) -> TableRecord:
        """Take a free seat (only invited users when there is an invitation); starts when full."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.status != "lobby":
                raise Rejected(
                    "bot.not_in_lobby", "Table #{table} is not waiting for players.", table=table_id
                )
            if table.seat_of(user_id) is not None:
                raise Rejected("bot.already_seated", "You already sit at table #{table}.", table=table_id)
            if table.invited and user_id not in table.invited:
                raise Rejected(
                    "bot.not_invited", "Table #{table} is waiting for an invited player.", table=table_id
                )
            free = [s for s, h in table.seats.items() if h is None]
            if side is not None:
                seat = self._rules(table.game).seat_of_side(side)
                if seat not in free:
                    raise Rejected("bot.seat_taken", "That side is already taken.")
            elif free:
                seat = free[0]
            else:
                raise Rejected("bot.table_full", "Table #{table} is full.", table=table_id)
            seats = {**table.seats, seat: user_id}
            async with self.store.transaction() as tx:
                await tx.update_table(table_id, seats=seats, expected_version=0)
                await tx.touch_status(table_id)
            table = await self.get(table_id)
            if all(h is not None for h in table.seats.values()):
                return await self._start(table)
        self.notify()
        return table

    async def start(self, table_id: int, user_id: int) -> TableRecord:
        """The creator starts a lobby now; empty seats go to the AI."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.status != "lobby":
                raise Rejected(
                    "bot.not_in_lobby", "Table #{table} is not waiting for players.", table=table_id
                )
            if user_id != table.created_by:
                raise Rejected(
                    "bot.creator_only",
                    "Only the player who opened table #{table} can start it.",
                    table=table_id,
                )
            seats = {s: (h if h is not None else AI) for s, h in table.seats.items()}
            async with self.store.transaction() as tx:
                await tx.update_table(table_id, seats=seats, expected_version=0)
            return await self._start(await self.get(table_id))

    async def _start(self, table: TableRecord) -> TableRecord:
        """Deal the opening (setup events), let AI seats act, persist; the caller holds the lock."""
        rules = self._rules(table.game)
        state, events = new_game(rules, table.options, table.seed)
        entries: list[tuple[Event, str | None]] = [(e, None) for e in events]
        state, ai_events = self._pilots(rules, table, state)
        entries += [(e, AI) for e in ai_events]
        await self._commit(table, rules, None, state, entries, actor_user=None, status="active")
        return await self.get(table.id)

    # --- playing -----------------------------------------------------------------------------
    async def submit(
        self, table_id: int, user_id: int, action: Choice, expected_version: int | None
    ) -> Applied:
        """Apply one choice (an action, an index into the seat's legal actions at `expected_version`,
        an action's data, or a form's answer)."""
        async with self.lock(table_id):
            loaded = await self.load(table_id)
            table = loaded.table
            seat = table.seat_of(user_id)
            if seat is None:
                raise Rejected("bot.not_a_player", "You are not playing at table #{table}.", table=table_id)
            return await self._submit(loaded, seat, action, expected_version, actor_user=user_id)

    async def submit_as_seat(
        self, table_id: int, seat: Seat, action: Action, expected_version: int | None
    ) -> Applied:
        """Apply an action on a seat's behalf (a timer that ran out)."""
        async with self.lock(table_id):
            loaded = await self.load(table_id)
            return await self._submit(
                loaded, seat, action, expected_version, actor_user=loaded.table.user_of(seat)
            )

    async def _submit(
        self,
        loaded: Loaded,
        seat: Seat,
        choice: Choice,
        expected: int | None,
        *,
        actor_user: int | None,
    ) -> Applied:
        table, rules, state = loaded.table, loaded.rules, loaded.state
        if table.is_over:
            raise Rejected("core.game_over", "This game is over.")
        if table.status == "lobby" or state is None:
            raise Rejected("bot.not_started", "Table #{table} has not started yet.", table=table.id)
        if expected is not None and expected != table.version:
            await self._check_stale(table, rules, state, seat, expected)
        before = rules.view(state, seat)
        action = self._resolve(table, rules, state, seat, before, choice)
        new_state, events = step(rules, state, seat, action)
        entries: list[tuple[Event, str | None]] = [(e, seat) for e in events]
        new_state, ai_events = self._pilots(rules, table, new_state)
        entries += [(e, AI) for e in ai_events]
        first_seq = table.version + 1
        after = await self._commit(table, rules, state, new_state, entries, actor_user=actor_user)
        return Applied(after, rules, seat, action, [e for e, _ in entries], new_state, first_seq, before)

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
        if not 0 <= expected < table.version:
            raise moved_on()
        since = await self.store.load_events(table.id)
        if any(r.actor == seat for r in since[expected:]):
            raise moved_on()
        old = await self._fold(table, rules, upto=expected) if expected > 0 else None
        if old is None or seat not in rules.active_seats(old) or seat not in rules.active_seats(state):
            raise moved_on()
        if rules.legal_actions(old, seat) != rules.legal_actions(state, seat):
            raise moved_on()

    def _pilots(self, rules: Rules[Any], table: TableRecord, state: Any) -> tuple[Any, list[Event]]:
        ai = table.ai_seats()
        if not ai:
            return state, []
        state, events = play_pilots(rules, state, ai, max_steps=self.step_cap)
        if (
            rules.outcome(state) is None
            and set(ai) & rules.active_seats(state)
            and not (set(rules.active_seats(state)) - set(ai))
        ):
            log.warning(
                "table %s: AI step cap (%s) reached at version %s", table.id, self.step_cap, state.version
            )
        return state, events

    async def _commit(
        self,
        table: TableRecord,
        rules: Rules[Any],
        old: Any | None,
        new: Any,
        entries: Sequence[tuple[Event, str | None]],
        *,
        actor_user: int | None,
        status: str | None = None,
    ) -> TableRecord:
        """Events + table row + snapshot + outbox + deadlines in one transaction."""
        outcome = rules.outcome(new)
        fields: dict[str, Any] = {"version": new.version}
        if status is not None:
            fields["status"] = status
        if outcome is not None:
            fields["status"] = "finished"
            fields["outcome"] = outcome.model_dump(mode="json")
        first_seq = table.version + 1
        change = self._plan(table, rules, old, new, first_seq, actor_user)
        # Serialised before taking the store's lock: the transaction holds it only to write.
        events = [NewEvent(kind=e.kind, data=e.model_dump(mode="json"), actor=actor) for e, actor in entries]
        snapshot = new.model_dump_json()
        crash_point("commit.before")
        try:
            async with self.store.transaction() as tx:
                await tx.append_events(table.id, first_seq, events)
                await tx.update_table(table.id, expected_version=table.version, **fields)
                await tx.put_snapshot(table.id, new.version, schema_hash(rules), snapshot)
                await tx.touch_status(table.id)
                for row in change.deliveries:
                    await tx.add_delivery(row)
                await self._write_deadlines(tx, table, rules, new, change, finished=outcome is not None)
                # Statements sent, COMMIT not yet: the store runs this hook in the same batch.
                tx.before_commit(lambda: crash_point("commit.inside"))
        except StaleVersion:
            raise moved_on() from None
        crash_point("commit.after")  # persisted, not yet delivered nor acknowledged
        self.notify()
        return await self.get(table.id)

    async def _write_deadlines(
        self, tx: Any, table: TableRecord, rules: Rules[Any], new: Any, change: _Change, *, finished: bool
    ) -> None:
        now = self.clock()
        if finished:
            await tx.void_deadlines(table.id)
            return
        for seat in change.quiet_seats:
            await tx.void_deadlines(table.id, kind="reminder", seat=seat)
        for seat, version in change.reminders.items():
            await tx.add_deadline(
                table_id=table.id,
                kind="reminder",
                seat=seat,
                key=f"v{version}",
                version=version,
                due_at=now + self.reminder_delay,
            )
        humans = {s for s in rules.seats if table.user_of(s) is not None}
        limits = [lim for lim in rules.time_limits(new) if lim.seat in humans]
        await tx.void_deadlines(table.id, kind="timeout", keep_keys=[lim.key for lim in limits])
        for seat, key, seconds, action in limits:
            await tx.add_deadline(
                table_id=table.id,
                kind="timeout",
                seat=seat,
                key=key,
                version=new.version,
                due_at=now + seconds,
                payload={"action": action.model_dump(mode="json")},
            )

    def _plan(
        self,
        table: TableRecord,
        rules: Rules[Any],
        old: Any | None,
        new: Any,
        first_seq: int,
        actor_user: int | None,
    ) -> _Change:
        """Which outbox rows and reminders this change needs (pings and DMs only where something is new)."""
        change = _Change()
        presenter = self.presenters(table.game)
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
            changed = old is None or self._learned(presenter, rules, old, new, seat, table.lang)
            if seat not in active_new or user == actor_user:
                change.quiet_seats.add(seat)
            if needs_act and not over:
                change.reminders[seat] = new.version
            if user == actor_user or over:
                continue
            if needs_act:
                ping.append(user)
            if needs_act or changed:
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
                payload={"from": first_seq, "to": new.version, "ping": ping},
            ),
        )
        return change

    @staticmethod
    def _private(presenter: Presenter, rules: Rules[Any], state: State, seat: Seat, lang: str) -> str | None:
        return presenter.private_text(rules.view(state, seat), lang)

    @classmethod
    def _learned(
        cls, presenter: Presenter, rules: Rules[Any], old: State, new: State, seat: Seat, lang: str
    ) -> bool:
        """Whether a seat's secrets now show something new (worth a DM). A secret that only went
        away, e.g. a preview once everyone sees the card, is no news."""
        before = (cls._private(presenter, rules, old, seat, lang) or "").splitlines()
        after = (cls._private(presenter, rules, new, seat, lang) or "").splitlines()
        return bool(set(after) - set(before))

    # --- leaving -----------------------------------------------------------------------------
    async def resign(self, table_id: int, user_id: int) -> TableRecord:
        """The user's seat concedes; every other seat wins."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise Rejected("bot.not_a_player", "You are not playing at table #{table}.", table=table_id)
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

    async def _end(self, table: TableRecord, status: str, outcome: Outcome) -> TableRecord:
        async with self.store.transaction() as tx:
            await tx.update_table(table.id, expected_version=table.version, status=status, outcome=outcome)
            await tx.void_deadlines(table.id)
            await tx.touch_status(table.id)
            await tx.add_delivery(
                NewDelivery(table_id=table.id, version=table.version, kind="end", target="public")
            )
        self.notify()
        return await self.get(table.id)

    async def rematch(self, table_id: int, user_id: int) -> tuple[TableRecord, bool]:
        """A new table with the same players, sides rotated; (table, created now?)."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.seat_of(user_id) is None:
                raise Rejected("bot.not_a_player", "You are not playing at table #{table}.", table=table_id)
            if not table.is_over:
                raise Rejected("bot.not_over", "Table #{table} is still being played.", table=table_id)
            existing = await self.store.find_rematch(table_id)
            if existing is not None:
                new_id, created = existing.id, False
            else:
                new_id, created = await self._insert_rematch(table, user_id), True
        async with self.lock(new_id):
            new = await self.get(new_id)
            if new.status == "lobby":  # just created, or a crash came between creating and starting it
                new = await self._start(new)
            return new, created

    async def _insert_rematch(self, table: TableRecord, user_id: int) -> int:
        """The rematch's row (a lobby with every seat filled, sides rotated); its id."""
        seats = list(table.seats)
        holders = [table.seats[s] for s in seats]
        rotated = dict(zip(seats, holders[-1:] + holders[:-1], strict=True))
        async with self.store.transaction() as tx:
            return await tx.insert_table(
                game=table.game,
                guild_id=table.guild_id,
                channel_id=table.channel_id,
                thread_id=table.thread_id,
                status="lobby",
                seats=rotated,
                invited=[],
                options=table.options,
                seed=self.seeder(),
                lang=table.lang,
                created_by=user_id,
                rematch_of=table.id,
            )

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
