"""Memory that stays flat (issue 24 item 8): what the bot makes for an interaction is freed when the
interaction is done, by reference counting, not left in reference cycles for the full collection
(discord.py's interaction and its response, a message's view and its buttons, a file's stream
holding a board picture)."""

from __future__ import annotations

import gc
import io
from collections import Counter

import discord
import pytest

from bot.app import TableroBot
from bot.panels import AcyclicFile
from playground.emulator import Emulator

from .harness import World, my_hand, run

WATCHED = {
    "discord.interactions.Interaction",
    "discord.interactions.InteractionResponse",
    "discord.ui.view.View",
    "discord.ui.button.Button",
    "_io.BytesIO",
}


def _cyclic(before: Counter[str] | None = None) -> Counter[str]:
    """The watched objects a full collection finds unreachable (only cycles keep such objects)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        found = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.collect()  # now free them for real (kept, they would be found again)
    return Counter({k: v for k, v in found.items() if k in WATCHED})


def test_a_closed_file_leaves_no_cycle_holding_its_bytes() -> None:
    gc.collect()
    gc.disable()
    try:
        plain = discord.File(io.BytesIO(b"png" * 10_000), filename="board.png")
        plain.close()
        del plain
        assert _cyclic()["_io.BytesIO"] == 1  # discord.py's own File: the stream refers to itself
        mine = AcyclicFile(io.BytesIO(b"png" * 10_000), filename="board.png")
        mine.close()
        del mine
        assert _cyclic()["_io.BytesIO"] == 0
    finally:
        gc.enable()


async def test_interactions_leave_nothing_for_the_full_collection(
    emu: Emulator, world: World, tablero: TableroBot
) -> None:
    await run(await emu.slash(world.alice, world.channel, "game new", {"game": "duel"}))
    [thread] = emu.threads(world.channel)
    await my_hand(emu, world.alice, thread, 1)  # warm: first-use caches made
    gc.collect()
    gc.disable()
    try:
        for _ in range(5):
            await run(await emu.slash(world.alice, thread, "game status", {}))  # a command, a board picture
            await my_hand(emu, world.alice, thread, 1)  # a button, a private panel with its view
        await emu.wait_for(lambda: True)
        left = _cyclic()
    finally:
        gc.enable()
    assert left == Counter(), left


pytestmark = pytest.mark.e2e
