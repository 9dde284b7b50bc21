"""The store's two interfaces: `Store` (reads, plus `transaction()`) and `Tx` (one atomic unit of
writes). Two implementations: SQLite (bot/store_sqlite.py) and PostgreSQL (bot/store_pg.py); bot/stores.py
makes the one TABLERO_DB names.

Split from bot/store.py (issue 25 item 1), which still re-exports every name here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from .records import (
    ActionRecord,
    Counts,
    DeadlineRecord,
    DeliveryRecord,
    EventRecord,
    Health,
    JournalRecord,
    NewAction,
    NewDelivery,
    NewEvent,
    PlayerRecord,
    RefereeRecord,
    RefusalRecord,
    Reminder,
    ResultRecord,
    SeatHolder,
    ServerSettings,
    SnapshotRecord,
    TableRecord,
    TableStatus,
)


class Tx(Protocol):
    """One atomic unit of writes.

    A backend may defer the writes to the end of the block (SQLite sends them in one batch), so
    errors such as StaleVersion can surface when the block exits rather than at the call.
    """

    def before_commit(self, hook: Callable[[], None]) -> None:
        """Run `hook` once every write has been sent and checked, just before COMMIT."""
        ...

    async def insert_table(
        self,
        *,
        game: str,
        guild_id: int | None,
        channel_id: int | None,
        thread_id: int | None,
        status: TableStatus,
        seats: dict[str, SeatHolder],
        invited: Sequence[int],
        options: dict[str, Any],
        seed: int,
        lang: str,
        created_by: int,
        rematch_of: int | None = None,
        series_of: int | None = None,
        series_key: str | None = None,
        settings: dict[str, Any] | None = None,
        absence: dict[str, Any] | None = None,
    ) -> int: ...

    async def update_table(
        self,
        table_id: int,
        *,
        expected_version: int | None = None,
        absence_was: Mapping[str, Any] | None = None,
        **fields: Any,
    ) -> None:
        """Change the table row's `fields` (at `expected_version` only, if given: else StaleVersion
        when the batch runs). `absence_was`: the absence record as the writer read it; a new
        `absence` is then written as the change from it, merged into the record as it is when the
        statement runs (bot/store_shared.py's `table_update`)."""

    async def append_events(self, table_id: int, first_seq: int, events: Sequence[NewEvent]) -> None: ...

    async def append_actions(self, table_id: int, actions: Sequence[NewAction]) -> None: ...

    async def put_snapshot(self, table_id: int, version: int, schema_hash: str, data: str) -> None: ...

    async def add_delivery(self, row: NewDelivery) -> None: ...

    async def touch_status(self, table_id: int) -> None: ...

    async def finish_delivery(
        self,
        delivery_id: int,
        status: str,
        *,
        generation: int | None = None,
        message_id: int | None = None,
        error: str | None = None,
    ) -> bool: ...

    async def retry_delivery(self, delivery_id: int, not_before: float, error: str) -> None: ...

    async def add_deadline(
        self,
        *,
        table_id: int,
        kind: str,
        seat: str,
        key: str,
        version: int,
        due_at: float,
        payload: dict[str, Any] | None = None,
    ) -> None: ...

    async def set_deadline_status(self, deadline_id: int, status: str) -> None: ...

    async def finish_deadline(self, deadline_id: int, status: str, *, key: str | None = None) -> None:
        """Mark a pending deadline `status` ("done", "void"); StaleVersion if it is not pending any
        more (another process handled it: this unit of work, its effect included, is rolled back).
        `key`: the key the caller read it with; StaleVersion too if the row holds another one now
        (a reminder's row re-armed for a later turn meanwhile: `rearm_reminders`)."""
        ...

    async def release_deadline(self, deadline_id: int) -> None:
        """Give up this process's lease on a deadline (it stays pending; any process may claim it)."""
        ...

    async def void_deadlines(self, table_id: int) -> None:
        """Every pending deadline of the table ends ("void"): the game is over. A move's own
        reminders and time limits end through `rearm_reminders`."""
        ...

    async def rearm_reminders(
        self,
        table_id: int,
        *,
        ended: Collection[str],
        armed: Sequence[Reminder],
        keep_limits: Collection[str],
    ) -> None:
        """A move's deadlines (bot/notices.py's `write_deadlines`), in two statements a reminder
        armed and one for all that ends: the turn reminders of the seats in `ended` end, the `armed` ones are
        written, and the running time limits and their warnings (kinds "timeout", "warning") whose
        keys are not in `keep_limits` end. An armed reminder takes the row of an ending one where
        one is left, else the row of one that ended before (done or void), else a new row (its
        seat, key, version and time rewritten, its lease cleared): a table keeps as many reminder
        rows as it ever had seats to remind at once, however long its game (a move's voids no
        longer look through its history), and a move rewrites one row instead of voiding one and
        writing another (bench/README.md). A reminder whose (seat, key) is already stored is kept
        as it is. A done or void reminder is therefore not kept as history (the reminder's message
        is, in the outbox)."""
        ...

    async def upsert_player(
        self, user_id: int, *, locale: str | None = None, dm_status: str | None = None
    ) -> None: ...

    async def set_guild_language(self, guild_id: int, language: str) -> None: ...

    async def set_away(self, user_id: int, until: float | None) -> None: ...

    async def set_quiet(self, user_id: int, timezone: str | None, quiet: str | None) -> None: ...

    async def set_palette(self, user_id: int, palette: str) -> None: ...

    async def park_deadlines(self, table_id: int, now: float) -> None: ...

    async def set_server_settings(
        self,
        guild_id: int,
        defaults: dict[str, Any],
        channels: list[int],
        *,
        expected: ServerSettings | None = None,
    ) -> None:
        """Store a server's settings; with `expected` (what they were read as), only if they still are
        (StaleVersion: another process changed them since; bot/server.py `change_settings` reads
        them again and retries)."""
        ...

    async def resume_deadlines(self, table_id: int, now: float) -> None: ...

    async def set_standing(self, table_id: int, seat: str, name: str, value: str) -> None: ...

    # --- issue 28 items 4-5: the referee thread (results are written by the schema's trigger) ---
    async def set_referee(self, table_id: int, thread_id: int, user_id: int) -> None:
        """The table's referee thread is `thread_id`, opened for `user_id` (its messages start afresh)."""
        ...

    async def set_referee_messages(self, table_id: int, messages: Sequence[int]) -> None: ...

    async def drop_referee(self, table_id: int) -> None: ...

    # --- issue 25's gaps: /why's refusals, a series' stand-ins ----------------------------------
    async def put_refusal(
        self, table_id: int, user_id: int, version: int, message_id: str, params: dict[str, Any], ruling: str
    ) -> None:
        """The user's latest ruled refusal at the table (`ruling`: the Ruling's JSON), replacing the
        one before unless that one was refused at a newer version (bot/why.py)."""
        ...

    async def merge_stand_ins(self, table_id: int, changes: Mapping[str, str | None]) -> None:
        """Set (a reason) or remove (None) the stand-in of each seat in `changes` in the table's
        absence record, in ONE statement that reads the row as it is at that moment: what another
        writer did to the other seats, committed or about to be, is kept (bot/absence_service.py's
        `sync_series`, which holds no lock on the table)."""
        ...


class Store(Protocol):
    """Reads, plus `transaction()` for writes."""

    async def open(self, *, check: bool = True) -> None:
        """Connect and migrate; with `check`, refuse (DatabaseRefused) a database that cannot serve."""
        ...

    async def close(self) -> None: ...
    def transaction(self) -> Any: ...
    def hold(self, table_id: int) -> Any:
        """`async with store.hold(table_id)`: one table's move, load-decide-commit, against every
        other process on the database (see each engine for how; the table service's lock takes it)."""
        ...

    async def claim_deadlines(
        self, ids: Collection[int], *, owner: str, now: float, until: float
    ) -> list[DeadlineRecord]:
        """Lease the pending, due deadlines among `ids` that no other process holds a live lease on
        to `owner` until `until`; the ones claimed, by due time. Two processes never both get one. A
        lease is live while it has not run out and its owner's process is alive (bot/leases.py):
        a dead process's is free at once. The first claim for `owner` registers it as this
        process's, alive as long as the store is open."""
        ...

    async def claim_delivery(
        self, delivery_id: int, *, owner: str, now: float, until: float, wait: bool = False
    ) -> float | None:
        """Lease one pending outbox row to `owner` until `until`, counting a delivery attempt: None
        when claimed; else when to look again (another process's lease ends then; 0.0: the row is not
        pending any more). One write per row sent. A row another claim is writing at this instant
        is skipped (PostgreSQL's SKIP LOCKED); with `wait`, the claim waits for that one to end and
        then decides (the morning message, bot/held.py, gathers rows this process may be claiming
        in another lane)."""
        ...

    async def register_owner(self, owner: str) -> None:
        """This process claims as `owner`: counted alive by the others from now until the store
        closes (bot/leases.py). A claim registers its owner itself; registering at start lets the
        other processes see this one before its first claim, so they notice its death even if it
        dies right after that claim."""
        ...

    async def listen_deadlines(
        self, wake: Callable[[], None], departed: Callable[[], None] | None = None
    ) -> Callable[[], Awaitable[None]]:
        """Call `wake` whenever any process commits a new or moved deadline (PostgreSQL's
        LISTEN/NOTIFY; SQLite: the file's data_version, watched while another process serves it),
        and `departed` when another process of the database is gone (its claims are free now;
        bot/leases.py); returns what stops listening."""
        ...

    async def schema_version(self) -> int: ...
    async def health(self, *, full: bool = False) -> Health:
        """Integrity, writability and schema version, reported (never raised)."""
        ...

    async def backup(self, dest: str | Path) -> None:
        """An online, consistent copy of the database (needs no `open`)."""
        ...

    async def counts(self) -> Counts: ...

    async def get_table(self, table_id: int) -> TableRecord | None: ...
    async def table_by_number(self, guild_id: int | None, number: int) -> TableRecord | None: ...
    async def find_rematch(self, table_id: int) -> TableRecord | None: ...
    async def find_in_series(self, series_of: int, key: str) -> TableRecord | None: ...
    async def list_tables(
        self,
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
        statuses: Sequence[str] = (),
        channel_id: int | None = None,
        games: Sequence[str] | None = None,
    ) -> list[TableRecord]: ...
    async def choice_tables(
        self,
        *,
        guild_id: int | None,
        statuses: Sequence[str] = (),
        user_id: int | None = None,
        number_prefix: str | None = None,
        games: Sequence[str] | None = None,
        limit: int = 25,
    ) -> list[TableRecord]: ...
    async def games_of(self, statuses: Sequence[str]) -> list[str]: ...
    async def load_events(
        self, table_id: int, upto: int | None = None, *, since: int | None = None
    ) -> list[EventRecord]:
        """The table's events in order, up to `upto` and from `since` (sequence numbers, both kept)."""
        ...

    async def load_actions(self, table_id: int) -> list[ActionRecord]: ...
    async def get_snapshot(self, table_id: int) -> SnapshotRecord | None: ...
    async def table_and_snapshot(self, table_id: int) -> tuple[TableRecord | None, SnapshotRecord | None]:
        """A table and its snapshot in one read (None, None: no such table)."""
        ...

    async def pending_deliveries(
        self, now: float, table_id: int | None = None, *, skip: Callable[[int, str], bool] | None = None
    ) -> list[DeliveryRecord]: ...
    async def get_delivery(self, delivery_id: int) -> DeliveryRecord | None: ...
    async def deliveries(self, table_id: int, *, target: str | None = None) -> list[DeliveryRecord]:
        """The table's outbox rows in order; with `target`, only those for it ("user:<id>", ...)."""
        ...

    async def latest_turns(self, table_id: int, limit: int) -> list[DeliveryRecord]:
        """The table's newest `limit` turn announcements (outbox rows of kind "turn"), newest first:
        what its latest change and its latest turn summary cover, read without its whole outbox."""
        ...

    async def newer_delivery_exists(self, row: DeliveryRecord) -> bool: ...
    async def latest_summary(self, table_id: int) -> DeliveryRecord | None:
        """The table's newest public turn summary (a "turn" outbox row summing up a whole game
        turn), read backwards from the newest announcement, not through the whole outbox."""
        ...

    async def last_summary_end(self, table_id: int) -> int:
        """The last event a public turn summary of this table covers (0 before the first)."""
        ...

    async def next_wakeup(self) -> float | None: ...
    async def pending_besides(self, held: str) -> bool: ...
    async def due_deadlines(self, now: float) -> list[DeadlineRecord]: ...
    async def next_deadline(self, exclude: Collection[int] = ()) -> float | None: ...
    async def deadlines(self, table_id: int) -> list[DeadlineRecord]: ...
    async def standing(self, table_id: int) -> dict[str, dict[str, str]]: ...
    async def pending_deadlines(self, table_id: int, kind: str) -> list[DeadlineRecord]: ...
    async def get_player(self, user_id: int) -> PlayerRecord | None: ...
    async def guild_language(self, guild_id: int) -> str | None: ...
    async def returns_due(self, now: float) -> list[int]: ...
    async def server_settings(self, guild_id: int) -> ServerSettings: ...
    async def next_return(self) -> float | None: ...
    async def upsert_player(
        self, user_id: int, *, locale: str | None = None, dm_status: str | None = None
    ) -> None: ...

    # --- issue 28 items 4-5: results for the ratings, the referee thread ---------------------
    async def results(self, guild_id: int | None, game: str | None = None) -> list[ResultRecord]:
        """The server's finished tables (of one game, or all), in the order they finished."""
        ...

    async def referee_of(self, table_id: int) -> RefereeRecord | None: ...

    # --- issue 25's gaps: /why's refusals, /stats's journal in one read -----------------------
    async def refusal(self, table_id: int, user_id: int) -> RefusalRecord | None:
        """The user's latest ruled refusal at the table (None: none stored)."""
        ...

    async def record_refusal(
        self, table_id: int, user_id: int, version: int, message_id: str, params: dict[str, Any], ruling: str
    ) -> None:
        """`Tx.put_refusal` as its own small unit of work."""
        ...

    async def turn_journal(self, guild_id: int | None, user_id: int) -> list[JournalRecord]:
        """The action journal of every table of the server (None: any) that `user_id` sits at and
        that has started, in ONE query whatever the number of tables: each action's table, seat,
        holder and time, with its table's start (its first event's time), by table then action."""
        ...
