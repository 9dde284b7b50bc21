"""A Duel table between two players, opened in a thread and joined, for the platform tests."""

from __future__ import annotations

from bot.tables import TableService

ALICE, BOB = 101, 202  # Alice creates the table and plays red; Bob is named and joins as blue
THREAD = 3  # the thread the table opens in


async def duel_pvp(service: TableService, **options: object) -> int:
    """Alice's table against Bob, open in thread 3 with both seated (the game has started)."""
    table = await service.create(
        game="duel",
        creator=ALICE,
        guild_id=1,
        channel_id=2,
        lang="en",
        side="red",
        opponent=BOB,
        options=options,
    )
    await service.open(table.id, thread_id=THREAD)
    await service.join(table.id, BOB)
    return table.id
