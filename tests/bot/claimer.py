"""Another bot process, for the liveness tests (tests/bot/test_liveness.py): it opens a store on the
test's database, claims what it is told to as `owner`, says so on stdout, and then lives until it is
killed (SIGKILL: nothing of ours runs after it) or its stdin closes.

    python -m tests.bot.claimer <engine> <target> <schema or -> <owner> <now> <until> [deadline:<id>] [delivery:<id>]
"""

from __future__ import annotations

import asyncio
import sys


async def main(engine: str, target: str, schema: str, owner: str, now: str, until: str, *rows: str) -> None:
    if engine == "postgresql":
        from bot.store_pg import PostgresStore

        store: object = PostgresStore(
            target, schema=None if schema == "-" else schema, min_size=1, max_size=2
        )
    else:
        from bot.store import SqliteStore

        store = SqliteStore(target)
    await store.open()  # type: ignore[attr-defined]
    claimed = []
    for row in rows:
        kind, _, number = row.partition(":")
        if kind == "deadline":
            got = await store.claim_deadlines([int(number)], owner=owner, now=float(now), until=float(until))  # type: ignore[attr-defined]
            claimed.append(f"{row}={'yes' if got else 'no'}")
        else:
            other = await store.claim_delivery(int(number), owner=owner, now=float(now), until=float(until))  # type: ignore[attr-defined]
            claimed.append(f"{row}={'yes' if other is None else 'no'}")
    print("ready", *claimed, flush=True)
    await asyncio.to_thread(sys.stdin.read)  # until killed (or told to end)
    await store.close()  # type: ignore[attr-defined]


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
