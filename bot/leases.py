"""Leases: how several bot processes on one database share the background work with no leader
(issue 25 item 5).

Every process runs the scheduler (bot/scheduler.py) and the delivery worker (bot/delivery.py). Before
it handles a due deadline or sends an outbox row, a process claims it: the row gets the process's
owner id and a time its claim runs out (`lease_owner`, `lease_until`; migration 11). The claim is
one statement that two processes cannot both win (`UPDATE ... RETURNING` inside BEGIN IMMEDIATE on
SQLite; `FOR UPDATE SKIP LOCKED` on PostgreSQL).

A claim is free for another process when (checked inside that one statement):
- it has run out (`lease_until` passed): the fallback, for a process that hangs without dying;
- or the process that holds it is gone: free AT ONCE, whatever its `lease_until` says. A live
  process keeps its claims for the whole lease however slow it is; only death frees them early.
  Liveness is a lock that the process holds for its whole life and that the operating system or the
  server lets go of the moment it dies (SIGKILL included), never a heartbeat it writes:
  - PostgreSQL: a session-level advisory lock per lease owner, `pg_advisory_lock_shared(OWNER_LOCKS,
    hashtext(<schema>:<owner>))`, taken on the process's own long-lived connection (the one its
    scheduler LISTENs on) before its first claim. A claim counts an owner alive while `pg_locks`
    shows that lock granted to any session. The server ends a killed process's connection, and its
    locks with it. Shared, so two processes given one name by mistake both keep it alive.
  - SQLite: the holds file beside the database (bot/holds.py): each process locks one byte there,
    its slot, for its life (an open file description lock, dropped by the kernel when the process
    dies), and the registry table `processes` (migration 13) says which owners each slot claims
    for. A claim counts an owner alive while a slot registered for it is locked (F_OFD_GETLK,
    through the SQL function `tablero_alive`). Where the file cannot tell (no OFD locks: not
    Linux), every owner counts as alive and only the lease frees a claim.
  An owner that never registered (a row claimed by a release older than this one) counts as gone.

A claim freed by a death must also be noticed by someone: every `PEERS_LOOK_S` each process looks
through the claims still running (the `*_leased` indexes of migration 13: few rows) for ones whose
owner is gone; when it finds ones it had not found before, it wakes its scheduler and delivery
worker (`Store.listen_deadlines(departed=...)`), which claim that work then. So a dead process's
deadline or message is taken over within about PEERS_LOOK_S, not LEASE_S, even if it died an
instant after its claim; and a process restarted under the same name takes its own claims back at
its first pass. Each process registers its owner when its scheduler starts (`Store.register_owner`),
so the others count it alive from then, not only from its first claim.

A lease only decides who tries; it is not what makes the work happen once:
- a deadline's effect commits with its done mark, and only while the deadline is still pending
  (`Tx.finish_deadline`), so a lease that ran out under a slow process cannot make it fire twice;
- a message is sent at least once, with its nonce, so Discord drops a second send of it.
"""

from __future__ import annotations

import socket

LEASE_S = 30.0
"""How long a claim lasts: a process that hangs (alive, but stuck) holding one delays that work by at
most this long; one that dies frees it at once. Handling a deadline or sending a message takes well
under a second; one that outlives its lease is at worst sent again under its nonce (Discord drops
the duplicate) or refused by the done mark."""

PEERS_LOOK_S = 2.0
"""How often each process looks for claims left by a dead process (one indexed read of the claims
still running): that work is taken over within about this long. On SQLite the look also says
whether other processes share the file, which starts and stops the watch for their deadlines
(bot/store_sqlite.py `listen_deadlines`): a process alone on its file reads no `data_version`."""

OWNER_LOCKS = 0x54424C45
"""The first key of PostgreSQL's liveness advisory locks ("TBLE"); the second is the hash of the
schema and the owner. Tablero's other advisory locks take one bigint key, so they never meet these."""


def owner_id(setting: str | None = None) -> str:
    """This process's name on its claims: the TABLERO_OWNER setting if given, else the host's name.

    The name is stable across restarts on purpose: a process restarted after a crash takes back at
    once the work its predecessor had claimed (a message caught mid-send, a timer mid-fire); the
    other processes take it over at once too, since its predecessor is no longer alive. Each
    process of a cluster on one machine needs its own name (`TABLERO_OWNER=host:proc-1`, ...;
    docs/operations.md). Two processes that share one by mistake may both try the same row, and
    one's death is not seen while the other lives; what makes the work happen once still holds
    (the done mark, the nonce): they only duplicate the effort."""
    return (setting or "").strip() or socket.gethostname()[:60] or "tablero"
