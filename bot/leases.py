"""Leases: how several bot processes on one database share the background work with no leader
(issue 25 item 5).

Every process runs the scheduler (bot/scheduler.py) and the delivery worker (bot/delivery.py). Before
it handles a due deadline or sends an outbox row, a process claims it: the row gets the process's
owner id and a time its claim runs out (`lease_owner`, `lease_until`; migration 10). The claim is
one statement that two processes cannot both win (`UPDATE ... RETURNING` inside BEGIN IMMEDIATE on
SQLite; `FOR UPDATE SKIP LOCKED` on PostgreSQL). The others skip the row until the lease runs out:
if its process died (or hangs), another takes the work over then.

A lease only decides who tries; it is not what makes the work happen once:
- a deadline's effect commits with its done mark, and only while the deadline is still pending
  (`Tx.finish_deadline`), so a lease that ran out under a slow process cannot make it fire twice;
- a message is sent at least once, with its nonce, so Discord drops a second send of it.
"""

from __future__ import annotations

import socket

LEASE_S = 30.0
"""How long a claim lasts: a process that dies holding one delays that work by at most this long.
Handling a deadline or sending a message takes well under a second; one that outlives its lease is
at worst sent again under its nonce (Discord drops the duplicate) or refused by the done mark."""


def owner_id(setting: str | None = None) -> str:
    """This process's name on its claims: the TABLERO_OWNER setting if given, else the host's name.

    The name is stable across restarts on purpose: a process restarted after a crash takes back at
    once the work its predecessor had claimed (a message caught mid-send, a timer mid-fire) instead
    of waiting out the lease. Each process of a cluster on one machine needs its own name
    (`TABLERO_OWNER=host:proc-1`, ...; docs/operations.md). Two processes that share one by mistake
    may both try the same row; what makes the work happen once still holds (the done mark, the
    nonce): they only duplicate the effort."""
    return (setting or "").strip() or socket.gethostname()[:60] or "tablero"
