"""Solo Space Hulk in Discord, end to end (deathwing.md §2.7 and §5): the engine plays the Genestealers and
asks the one player the ties the book leaves to him; he answers with a click, or a standing order answers
for him. Seeded (the fixture's table seeds) and without sleeps."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.app import TableroBot
from engine.spacehulk.dw_types.solo_model import AgSoloTie
from playground.emulator import Emulator

from .harness import World, run
from .spacehulk_driver import play, prompt_of

pytestmark = pytest.mark.e2e
pytest.importorskip("renderers.spacehulk")

SOLO = "mission=purge solo=true turn_limit=2"


@pytest.fixture
async def sh_bot(start: Any) -> TableroBot:
    return await start(TABLERO_WORKERS=0)


async def test_the_solo_player_breaks_a_tie_with_a_click_then_leaves_ties_to_the_dice(
    emu: Emulator, world: World, sh_bot: TableroBot
) -> None:
    """DW-SOLO-2, T-9: the purge mission's opening blips tie between entry areas 2 and 3; the Marine player
    is asked with one button per area (and one for the dice), clicks area 3, and the narration says the
    player chose it. The standing order "ties: random" then answers every tie (DW-SOLO-8 too), and the game
    is played to its end with clicks."""
    args = {"game": "spacehulk", "side": "marine", "options": SOLO}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    await sh_bot.delivery.wait_idle()
    state = (await sh_bot.tables.load(1)).state
    top = state.top()
    assert isinstance(top, AgSoloTie) and top.candidates == ("2", "3")
    prompt = prompt_of(emu, world.alice)
    assert prompt is not None and "Entry areas 2, 3 are equally near a Marine" in prompt.content
    buttons = {c.get("label"): c["custom_id"] for c in prompt.walk_components() if c.get("custom_id")}
    assert {"Entry area 2 gets the blip", "Entry area 3 gets the blip", "Let the dice choose"} <= set(buttons)
    await run(await emu.click(world.alice, prompt.id, buttons["Entry area 3 gets the blip"]))
    await sh_bot.delivery.wait_idle()
    [answer] = await run(
        await emu.slash(world.alice, thread, "game log", {})
    )  # the decision, with its reason
    logged = [e["event"] for e in json.loads(answer.attachments[0].data)["events"]]
    [tie] = [e for e in logged if e["kind"] == "solo_decided" and e["reason"] == "spacehulk.solo.tie_area"]
    assert tie["params"] == {"area": "3", "areas": ["2", "3"], "distance": top.distance, "by": "player"}
    assert [e["area"] for e in logged if e["kind"] == "blip_placed"][-1] == "3"
    state = (await sh_bot.tables.load(1)).state
    assert not isinstance(state.top(), AgSoloTie) or state.top().key != top.key  # type: ignore[union-attr]
    [kept] = await run(await emu.slash(world.alice, thread, "standing", {"order": "ties", "value": "random"}))
    assert kept.ephemeral and "let the dice choose" in kept.content
    made = await play(emu, sh_bot, [world.alice], thread, 1, random.Random(5))
    table = await sh_bot.tables.get(1)
    assert table.status == "finished" and made >= 1
    assert not emu.unknown_requests
