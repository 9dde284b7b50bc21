"""ClickWars in Discord, end to end: two players (secret deployment kept private), and a player against the AI.

Short games (one round, small armies) through ClickWars' own declarative controls (pick a unit from
a menu, preview its move on the private picture, confirm; the shots and fights menus); every image
and narration line the public sees comes from spectator views.
"""

from __future__ import annotations

import random

import pytest

from bot.app import TableroBot
from bot.games import presenter_for
from playground.emulator import Emulator

from .harness import World, drive, event_kinds, run, status_message

pytestmark = pytest.mark.e2e
pytest.importorskip("renderers.clickwars")

SMALL = (
    'rounds=1 army_red=["cannon","gun_crew","rifleman","cavalry"] army_blue=["rifleman","lancer","cavalry"]'
)


@pytest.fixture
async def cw_bot(start) -> TableroBot:
    return await start()


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, object]]:
    presenter = presenter_for("clickwars")
    calls: list[tuple[str, object]] = []
    for name in ("board_png", "status_text", "narrate", "private_png", "private_text"):
        original = getattr(presenter, name)

        def wrapped(arg, lang, _original=original, _name=name):
            calls.append((_name, arg))
            return _original(arg, lang)

        monkeypatch.setattr(presenter, name, wrapped)
    return calls


def _public_is_spectator_only(calls: list[tuple[str, object]]) -> None:
    public = [(n, a) for n, a in calls if n in ("board_png", "status_text", "narrate")]
    assert public
    for name, arg in public:
        if name == "narrate":
            assert arg == arg.redacted_for(None), arg
        elif arg.seat is not None:  # the same drawing serves a side's private deployment picture
            assert name == "board_png" and arg.my_deployment
        else:
            assert not arg.my_deployment


async def test_a_whole_clickwars_game_between_two_players(
    emu: Emulator, world: World, cw_bot: TableroBot, spy: list, db_path
) -> None:
    args = {"game": "clickwars", "opponent": world.bob, "side": "red", "options": SMALL}
    [reply] = await run(await emu.slash(world.alice, world.channel, "game new", args))
    assert "challenges" in reply.content
    [thread] = emu.threads(world.channel)
    await cw_bot.delivery.wait_idle()
    await run(await emu.click(world.bob, status_message(emu, thread, 1).id, "tb:join:1"))
    rng = random.Random(4)
    made = await drive(
        emu, [world.alice, world.bob], thread, 1, settle=cw_bot.delivery.wait_idle, choose=rng.choice
    )
    await cw_bot.delivery.wait_idle()
    table = await cw_bot.tables.get(1)
    assert table.status == "finished" and made >= 8
    status = status_message(emu, thread, 1)
    assert status.attachments
    narration = "\n".join(m.content for m in emu.messages(thread))
    assert "Roll-off (d10)" in narration and "Both deployments are revealed." in narration
    kinds = [k for _, k in event_kinds(db_path, 1)]
    # the players went through the controls: a unit picked, a move previewed, then confirmed
    # (the controls offer no move without its preview, so a move here was previewed and confirmed)
    assert "unit_selected" in kinds and "order_planned" in kinds and ("moved" in kinds or "charged" in kinds)
    _public_is_spectator_only(spy)
    assert not emu.unknown_requests


async def test_a_whole_clickwars_game_against_the_ai(
    emu: Emulator, world: World, cw_bot: TableroBot, spy: list
) -> None:
    args = {"game": "clickwars", "side": "blue", "options": SMALL}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    made = await drive(emu, [world.alice], thread, 1, settle=cw_bot.delivery.wait_idle)
    table = await cw_bot.tables.get(1)
    assert table.status == "finished" and table.seats["red"] == "ai" and made >= 3
    _public_is_spectator_only(spy)
