"""Durable state: tables, the append-only event log, snapshots, outbox, deadlines, players.

The store is split in three (issue 25 item 1), and this module gathers their names so that
`from bot.store import ...` keeps working:
- bot/records.py: the records the store hands out and takes in, and the storage faults in words
  (StorageUnavailable, DatabaseRefused, Health), shared by both engines;
- bot/store_api.py: the `Store` (reads, plus `transaction()`) and `Tx` (one atomic unit of writes)
  interfaces;
- bot/store_sqlite.py: the SQLite implementation (the default), WAL mode with `synchronous=FULL`;
- bot/store_shared.py: what both implementations write alike (most reads, the table row's UPDATE).
The PostgreSQL implementation is bot/store_pg.py; bot/stores.py makes the one TABLERO_DB names.
"""

from __future__ import annotations

from .records import (
    AI,
    FAULT_ADVICE,
    FAULT_WORDS,
    PARKED,
    WAKE_HORIZON_S,
    ActionRecord,
    Counts,
    DatabaseRefused,
    DeadlineRecord,
    DeliveryRecord,
    EventRecord,
    Fault,
    Health,
    JournalRecord,
    NewAction,
    NewDelivery,
    NewEvent,
    PlayerRecord,
    Problem,
    Record,
    RefereeRecord,
    RefusalRecord,
    Reminder,
    ResultRecord,
    SeatHolder,
    ServerSettings,
    SnapshotRecord,
    StaleVersion,
    StorageUnavailable,
    TableRecord,
    TableStatus,
    fault_problem,
)
from .store_api import (
    Store,
    Tx,
)
from .store_sqlite import (
    CHOICE_ORDER,
    CHOICES_MAX,
    LOW_DISK_BYTES,
    Query,
    SqliteStore,
    SqliteTx,
    choice_queries,
    free_bytes,
    storage_fault,
    storage_faults,
)

__all__ = [
    "ActionRecord",
    "NewAction",
    "AI",
    "CHOICES_MAX",
    "CHOICE_ORDER",
    "Counts",
    "DatabaseRefused",
    "DeadlineRecord",
    "DeliveryRecord",
    "EventRecord",
    "FAULT_ADVICE",
    "FAULT_WORDS",
    "Fault",
    "Health",
    "LOW_DISK_BYTES",
    "NewDelivery",
    "NewEvent",
    "PlayerRecord",
    "PARKED",
    "WAKE_HORIZON_S",
    "ServerSettings",
    "RefereeRecord",
    "RefusalRecord",
    "Reminder",
    "JournalRecord",
    "ResultRecord",
    "Problem",
    "Query",
    "Record",
    "SeatHolder",
    "SnapshotRecord",
    "SqliteStore",
    "SqliteTx",
    "StaleVersion",
    "StorageUnavailable",
    "Store",
    "TableRecord",
    "TableStatus",
    "Tx",
    "choice_queries",
    "fault_problem",
    "free_bytes",
    "storage_fault",
    "storage_faults",
]
