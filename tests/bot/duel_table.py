"""Two-player tables opened in a thread and joined, for the platform tests (a Duel table, or any game)."""

from __future__ import annotations

from bot.tables import TableService

ALICE, BOB = 101, 202  # Alice creates the table and plays red; Bob is named and joins as blue
THREAD = 3  # the thread the table opens in


async def duel_pvp(service: TableService, **options: object) -> int:
    """Alice's table against Bob, open in thread 3 with both seated (the game has started)."""
    return await two_players(service, "duel", side="red", options=options)


async def two_players(
    service: TableService,
    game: str,
    *,
    side: str,
    options: dict[str, object],
    creator: int = ALICE,
    opponent: int = BOB,
    lang: str = "en",
) -> int:
    """`creator`'s table of `game` (playing `side`) against `opponent`, who is named and joins: open
    in thread 3 with both seated, in server 1's channel 2."""
    table = await service.create(
        game=game,
        creator=creator,
        guild_id=1,
        channel_id=2,
        lang=lang,
        side=side,
        opponent=opponent,
        options=options,
    )
    await service.open(table.id, thread_id=THREAD)
    await service.join(table.id, opponent)
    return table.id
