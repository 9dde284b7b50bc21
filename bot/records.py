"""What the store hands out and takes in, on either engine: the records (frozen pydantic rows), the
storage faults in words (StorageUnavailable, DatabaseRefused, Health), and how a row of the tables
becomes a record (`_reader`: the same columns on SQLite and PostgreSQL).

Split from bot/store.py (issue 25 item 1), which still re-exports every name here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Literal, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Outcome

from .migrations import LATEST

TableStatus = Literal["lobby", "active", "finished", "abandoned"]
SeatHolder = int | Literal["ai"] | None
AI = "ai"
PARKED = 1e18
"""The due time of a paused table's deadlines (never, until it is resumed)."""

WAKE_HORIZON_S = 60.0
"""Every process's scheduler looks at the stored deadlines at least this often (bot/scheduler.py
`MAX_SLEEP_S`). A deadline written due later than this from now therefore needs no wake-up of the
other processes (PostgreSQL's NOTIFY, bot/store_pg.py): each finds it at its next look, before it
falls due. A move's reminder, hours away, sends none; a live timer's second does."""


class Record(BaseModel):
    """Base of the rows the store hands out: frozen, no unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class TableRecord(Record):
    """One game table: who sits where, where it is shown, and how far the log has gone."""

    id: int
    number: int  # the table's number on its server (#1 is the server's first table); `id` is global
    game: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    status: TableStatus
    seats: dict[str, SeatHolder]
    invited: list[int]
    options: dict[str, Any]
    seed: int = Field(repr=False)
    version: int
    lang: str
    status_message_id: int | None
    created_by: int
    outcome: Outcome | None
    rematch_of: int | None
    created_at: float
    updated_at: float
    series_of: int | None = None  # the series table this one is a round of (Rules.series_table)
    series_key: str | None = None  # its key in that series
    settings: dict[str, Any] = {}  # the table's platform settings (bot/absence.py: absent=, absent_after=)
    absence: dict[str, Any] = {}  # missed deadlines, stand-ins and their turns (bot/absence.py)
    pause: dict[str, Any] = {}  # who asked to pause, and since when it is paused (bot/pause.py)
    undo: dict[str, Any] = {}  # the last player action that may be taken back (bot/takeback.py)

    @property
    def paused(self) -> bool:
        return self.pause.get("since") is not None

    fault: str | None = None  # why Discord refuses the table's thread (bot/faults.py); None: it does not
    # The secret half of the seed's commitment (bot/export.py), never shown before the end: kept out
    # of the record's repr, as the seed is, so no log line or error text that shows a record shows it.
    salt: str | None = Field(default=None, repr=False)

    def seat_of(self, user_id: int) -> str | None:
        """The seat this user holds, if any."""
        for seat, holder in self.seats.items():
            if holder == user_id:
                return seat
        return None

    def user_of(self, seat: str) -> int | None:
        """The human user in a seat, or None for an AI or empty seat."""
        holder = self.seats.get(seat)
        return holder if isinstance(holder, int) else None

    def ai_seats(self) -> list[str]:
        return [seat for seat, holder in self.seats.items() if holder == AI]

    def stand_in_seats(self) -> list[str]:
        """Human seats the game's AI plays for while their player is absent (bot/absence.py)."""
        stand_ins = self.absence.get("stand_ins") or {}
        return [seat for seat in self.seats if seat in stand_ins and self.user_of(seat) is not None]

    def pilot_seats(self) -> list[str]:
        """Every seat the AI plays: AI seats and the stand-ins of absent players."""
        return [*self.ai_seats(), *self.stand_in_seats()]

    def human_users(self) -> list[int]:
        return [holder for holder in self.seats.values() if isinstance(holder, int)]

    @property
    def post_channel_id(self) -> int | None:
        """Where public messages go: the game's thread, else the channel it was created in."""
        return self.thread_id or self.channel_id

    @property
    def is_over(self) -> bool:
        return self.status in ("finished", "abandoned")


class EventRecord(Record):
    """One logged event, as stored (data is the event's JSON)."""

    table_id: int
    seq: int
    kind: str
    data: dict[str, Any]
    actor: str | None
    at: float


class ActionRecord(Record):
    """One accepted action, as stored: decided at state `version`, it caused `events` events (the
    log's seq version + 1 onwards). `holder` is who held the seat then: a user id, "ai", or None."""

    id: int
    table_id: int
    version: int
    seat: str
    holder: int | str | None
    data: dict[str, Any]
    events: int
    at: float


class NewAction(Record):
    """An action about to be recorded with the events it caused (see ActionRecord)."""

    version: int
    seat: str
    holder: int | str | None
    data: dict[str, Any]
    events: int


class SnapshotRecord(Record):
    table_id: int
    version: int
    schema_hash: str
    data: str


class DeliveryRecord(Record):
    """One outbox row: something to show on Discord because of a table change."""

    id: int
    table_id: int
    version: int
    kind: str
    target: str
    payload: dict[str, Any]
    status: Literal["pending", "done", "failed", "skipped"]
    generation: int
    attempts: int
    not_before: float
    message_id: int | None
    last_error: str | None


class DeadlineRecord(Record):
    id: int
    table_id: int
    kind: Literal["reminder", "timeout", "warning"]
    seat: str
    key: str
    version: int
    due_at: float
    status: Literal["pending", "done", "void"]
    payload: dict[str, Any]


class PlayerRecord(Record):
    user_id: int
    locale: str | None
    dm_status: Literal["unknown", "open", "closed"]
    updated_at: float
    away_until: float | None = None  # /away: on holiday until then (bot/absence.py)
    timezone: str | None = None  # IANA name, /settings (bot/quiet.py)
    quiet: str | None = None  # quiet hours "HH:MM-HH:MM" in that zone (bot/quiet.py)
    palette: str | None = None  # /settings palette: their private pictures' (renderers/palette.py)


class RefusalRecord(Record):
    """A player's latest refusal that a measure made, at one table (`/why`, bot/why.py): the refusal's
    catalog key and parameters, the ruling (engine/core/ruling.py's `Ruling`, as JSON) and the
    table's version when it was refused. The acting player's own: only `/why` reads it, for them."""

    table_id: int
    user_id: int
    version: int
    message_id: str
    params: dict[str, Any]
    ruling: dict[str, Any]
    at: float


class JournalRecord(NamedTuple):
    """One action of the journal as /stats reads it (`Store.turn_journal`): its table, the seat, the
    player asked about when they held the seat then (None: someone else, a stand-in or the AI),
    when, and when the table started (its first event; None: no event stored). A plain tuple, not a
    validated Record: a busy player's journal is tens of thousands of rows, read as the database
    typed them (validating and decoding each row took two thirds of the read)."""

    table_id: int
    seat: str
    holder: int | None
    at: float
    started_at: float | None


class ServerSettings(Record):
    """A server's defaults for new tables and the channels games may be opened in (bot/server.py)."""

    guild_id: int
    defaults: dict[str, Any] = {}
    channels: list[int] = []


class ResultRecord(Record):
    """A finished table's result as the ratings read it (bot/ratings.py): who sat where, who won,
    when it finished (the `results` row, migration 8), the seats a stand-in played for at some point
    (events journalled by `ai:<seat>`), and whether it is a series (a campaign: its rounds are tables
    of their own, rated as such)."""

    table_id: int
    number: int
    game: str
    seats: dict[str, SeatHolder]
    outcome: Outcome | None
    finished_at: float
    stand_ins: list[str] = []
    series: bool = False

    def user_of(self, seat: str) -> int | None:
        holder = self.seats.get(seat)
        return holder if isinstance(holder, int) else None

    def seat_of(self, user_id: int) -> str | None:
        return next((seat for seat, holder in self.seats.items() if holder == user_id), None)


class RefereeRecord(Record):
    """A table's referee thread (`/game referee`): the private thread, the referee it was opened for,
    and the bot's messages there that hold the whole position, edited every turn (bot/watch.py)."""

    table_id: int
    thread_id: int
    user_id: int
    messages: list[int] = []
    updated_at: float


class NewEvent(Record):
    """An event about to be appended: its kind, JSON data, and the seat whose action caused it."""

    kind: str
    data: dict[str, Any]
    actor: str | None = None


class NewDelivery(Record):
    """An outbox row about to be written (ignored if the same key already exists)."""

    table_id: int
    version: int
    kind: str
    target: str
    payload: dict[str, Any] = {}


class Reminder(Record):
    """A seat's turn reminder about to be armed (`Tx.rearm_reminders`)."""

    seat: str
    key: str
    version: int
    due_at: float


class StaleVersion(Exception):
    """Another writer appended to this table first (the optimistic lock fired)."""


# --- storage faults --------------------------------------------------------------------------

Fault = Literal[
    "disk_full", "locked", "read_only", "corrupt", "not_a_database", "cannot_open", "io", "unreachable"
]

FAULT_WORDS: dict[str, str] = {
    "disk_full": "the disk is full",
    "locked": "another connection holds a write lock on the database",
    "read_only": "the database file is read-only for the bot",
    "corrupt": "the database file is damaged",
    "not_a_database": "the file is not a SQLite database (or it is encrypted or damaged)",
    "cannot_open": "the database file cannot be opened",
    "io": "the disk reported an input/output error",
    "unreachable": "the database server cannot be reached (or it refused the connection)",
}
"""A fault in plain English, for the operator's log (never anything from a game)."""

FAULT_ADVICE: dict[str, str] = {
    "disk_full": "free disk space, then start again",
    "locked": "stop the other process that writes this file (another Tablero?) or let it finish, then start again",
    "read_only": "fix the permissions (the bot's user must be able to write the file and its directory),"
    " or point TABLERO_DB to a writable copy",
    "corrupt": "restore a backup (see README.md, 'Backup and restore'); `tablero check-db` shows the damage",
    "not_a_database": "point TABLERO_DB to Tablero's database, or restore a backup",
    "cannot_open": "check that its directory exists and that the bot's user may read and write it",
    "io": "check the disk (dmesg), then restore a backup if the file is damaged",
    "unreachable": "check that PostgreSQL is running and that TABLERO_DB (host, port, user, password,"
    " database) is right; see docs/operations.md",
}
"""What an operator can do about each fault."""


class StorageUnavailable(Exception):
    """The database cannot serve right now (disk full, locked, read-only, damaged): the unit of work
    was rolled back, nothing was changed. `fault` names the kind (a key of FAULT_WORDS); the text
    says it in words and never carries anything from a game. `saved`: the move itself had been
    committed before a later read failed (the player is told it was saved)."""

    def __init__(self, fault: Fault, path: str = "", *, saved: bool = False) -> None:
        super().__init__(FAULT_WORDS[fault] + (f" ({path})" if path else ""))
        self.fault: Fault = fault
        self.path = path
        self.saved = saved


class Problem(Record):
    """Why a database cannot serve: what is wrong, in words, and what to do about it."""

    what: str
    advice: str


class Counts(Record):
    """How much a database holds (for `tablero check-db` and `tablero backup`)."""

    tables: int
    tables_by_status: dict[str, int]
    events: int


class DatabaseRefused(Exception):
    """The database failed a start-up check; `problems` say why and what to do, one line each."""

    def __init__(self, path: str, problems: Sequence[Problem]) -> None:
        self.path = path
        self.problems = list(problems)
        super().__init__("; ".join(p.what for p in self.problems))

    def lines(self) -> list[str]:
        return [f"tablero: cannot use the database {self.path}: {p.what}; {p.advice}." for p in self.problems]


def fault_problem(fault: Fault, doing: str = "") -> Problem:
    what = FAULT_WORDS[fault] + (f" ({doing})" if doing else "")
    return Problem(what=what, advice=FAULT_ADVICE[fault])


class Health(Record):
    """What a database check found (SqliteStore.health)."""

    integrity: list[str]  # ["ok"], or the check's first findings
    integrity_fault: str | None = None  # the check itself could not run (its fault)
    writable: bool
    write_fault: str | None = None  # why not writable
    schema_version: int | None  # None: unreadable
    schema_fault: str | None = None

    @property
    def intact(self) -> bool:
        return self.integrity == ["ok"]

    def problems(self, path: str) -> list[Problem]:
        """The start-up refusals this health calls for (empty: the database can serve)."""
        found: list[Problem] = []
        if self.integrity_fault is not None:
            found.append(fault_problem(self.integrity_fault, "running its integrity check"))  # type: ignore[arg-type]
        elif not self.intact:
            found.append(
                Problem(
                    what=f"the database file is damaged (integrity check: {self.integrity[0][:200]})",
                    advice=FAULT_ADVICE["corrupt"],
                )
            )
        if self.schema_fault is not None and self.integrity_fault is None:
            found.append(fault_problem(self.schema_fault, "reading its schema version"))  # type: ignore[arg-type]
        elif self.schema_version is not None and self.schema_version > LATEST:
            found.append(
                Problem(
                    what=f"it was written by a newer Tablero (schema {self.schema_version}; this one knows up to {LATEST})",
                    advice="upgrade Tablero (install the newer release, or pull the newer image), or restore a backup"
                    " made by this version",
                )
            )
        if not self.writable and self.write_fault is not None:
            found.append(fault_problem(self.write_fault, "a test write failed"))  # type: ignore[arg-type]
        return found


_UPDATABLE = {
    "status",
    "seats",
    "invited",
    "thread_id",
    "version",
    "lang",
    "status_message_id",
    "outcome",
    "options",
    "fault",
    "settings",
    "absence",
    "pause",
    "undo",
}


_dumps: Callable[[Any], str] = json.JSONEncoder(separators=(",", ":"), sort_keys=True).encode
"""A value as the stores' JSON text: compact, keys sorted (json.dumps with these arguments, whose
encoder is made once here, not at every call: a move writes some ten of these)."""


_R = TypeVar("_R", bound=Record)


def _reader(record: type[_R], *json_columns: str) -> tuple[str, Callable[[Sequence[Any]], _R]]:
    """The columns to select for a record (its field names, in order) and the reader of such a row:
    the JSON columns are decoded (an empty one is None)."""
    names = tuple(record.model_fields)

    def read(row: Sequence[Any]) -> _R:
        values = dict(zip(names, row, strict=True))
        for name in json_columns:
            values[name] = json.loads(values[name]) if values[name] else None
        return record(**values)

    return ", ".join(names), read


_TABLE_COLUMNS, _table = _reader(
    TableRecord, "seats", "invited", "options", "outcome", "settings", "absence", "pause", "undo"
)
_EVENT_COLUMNS, _event = _reader(EventRecord, "data")
_ACTION_COLUMNS, _action = _reader(ActionRecord, "holder", "data")
_DELIVERY_COLUMNS, _delivery = _reader(DeliveryRecord, "payload")
_DELIVERY_TABLE = list(DeliveryRecord.model_fields).index("table_id")
_DELIVERY_KIND = list(DeliveryRecord.model_fields).index("kind")
_DEADLINE_COLUMNS, _deadline = _reader(DeadlineRecord, "payload")
_PLAYER_COLUMNS, _player = _reader(PlayerRecord)
_REFUSAL_COLUMNS, _refusal = _reader(RefusalRecord, "params", "ruling")


def _result(row: Sequence[Any]) -> ResultRecord:
    """A row of the stores' `results` query (the same columns on SQLite and PostgreSQL): table id,
    number, game, seats (JSON), outcome (JSON), finished at, the stand-ins' actors ("ai:<seat>",
    comma-joined, or NULL), and whether the table is a series."""
    table_id, number, game, seats, outcome, finished_at, actors, series = row
    stand_ins = sorted({a[3:] for a in (actors or "").split(",") if a.startswith("ai:")})
    return ResultRecord(
        table_id=table_id,
        number=number,
        game=game,
        seats=json.loads(seats),
        outcome=json.loads(outcome) if outcome else None,
        finished_at=float(finished_at),
        stand_ins=stand_ins,
        series=bool(series),
    )


def _referee(row: Sequence[Any]) -> RefereeRecord:
    table_id, thread_id, user_id, messages, updated_at = row
    return RefereeRecord(
        table_id=table_id,
        thread_id=thread_id,
        user_id=user_id,
        messages=json.loads(messages) if messages else [],
        updated_at=float(updated_at),
    )
