"""Bounded input through the real bot (issue 24 item 4): a deeply nested or oversized option is refused
privately, in the player's language, naming the option; the bot goes on answering."""

from __future__ import annotations

import pytest

from bot.app import TableroBot
from playground.emulator import Emulator

from .harness import World, run

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    ("game", "options", "english", "spanish"),
    [
        ("duel", "terrain=" + "[" * 1000 + "]" * 1000, "The option terrain nests", "La opción terrain anida"),
        (
            "duel",
            '{"brief": ' + "[" * 1000 + "]" * 1000 + "}",
            "The option brief nests",
            "La opción brief anida",
        ),
        (
            "clickwars",
            "terrain=["
            + ",".join(f'{{"id":"W{i}","kind":"wood","shape":{{"x":50,"y":50,"r":2}}}}' for i in range(45))
            + "]",
            "at most 40 terrain pieces, not 45",
            "como mucho 40 piezas de escenografía, no 45",
        ),
    ],
)
async def test_nested_and_huge_options_are_refused_privately_in_the_players_language(
    emu: Emulator, world: World, tablero: TableroBot, game: str, options: str, english: str, spanish: str
) -> None:
    for user, words in ((world.alice, english), (world.bob, spanish)):  # Bob's client is in Spanish
        [answer] = await run(
            await emu.slash(user, world.channel, "game new", {"game": game, "options": options})
        )
        assert answer.ephemeral and words in answer.content
    assert emu.threads(world.channel) == []  # nothing was opened
    [fine] = await run(await emu.slash(world.alice, world.channel, "game new", {"game": "duel"}))
    assert not fine.ephemeral
