"""Issue 26 item 5 end to end: a Space Hulk Marine's move is previewed on the player's own image
(path, final facing, AP cost) and spent only when confirmed; a cancelled preview spends nothing;
turning in place is its own entry of the model menu, apart from the steps. Seeded, no sleeps."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.app import TableroBot
from playground.emulator import Emulator, MessageRecord

from .harness import World, my_hand, run

pytestmark = pytest.mark.e2e
pytest.importorskip("renderers.spacehulk")

SHORT = "mission=purge turn_limit=3 timer_mode=untimed"
PREVIEW = re.compile(r"^tb:v:\d+:\d+:\d+$")


@pytest.fixture
async def sh_bot(start: Any) -> TableroBot:
    return await start(TABLERO_WORKERS=0)


def _buttons(message: MessageRecord) -> list[dict[str, Any]]:
    return [c for c in message.walk_components() if c.get("type") == 2]


async def _model_menu(emu: Emulator, user: int, panel: MessageRecord, label: str) -> MessageRecord:
    """Pick one entry ("Terminator M1", "Terminator M1: turn in place") of the model menu."""
    [menu] = [c for c in panel.walk_components() if c.get("custom_id", "").startswith("tb:g:")]
    option = next(o for o in menu["options"] if o["label"] == label)
    [shown] = await run(await emu.select(user, panel.id, menu["custom_id"], [option["value"]]))
    return shown


async def _marine(bot: TableroBot, mid: str) -> Any:
    state = (await bot.tables.load(1)).state
    return state, state.pieces[mid]


async def test_a_marine_move_is_previewed_then_confirmed_and_one_cancelled_spends_nothing(
    emu: Emulator, world: World, sh_bot: TableroBot
) -> None:
    await run(
        await emu.slash(
            world.alice, world.channel, "game new", {"game": "spacehulk", "side": "marine", "options": SHORT}
        )
    )
    [thread] = emu.threads(world.channel)
    await sh_bot.delivery.wait_idle()
    panel = await my_hand(emu, world.alice, thread, 1)
    [menu] = [c for c in panel.walk_components() if c.get("custom_id", "").startswith("tb:g:")]
    entries = [o["label"] for o in menu["options"]]
    assert (
        "Terminator M1" in entries and "Terminator M1: turn in place" in entries
    )  # a turn is its own control

    # M1's steps: every move and turn is a preview button, never spent by one click
    steps = await _model_menu(emu, world.alice, panel, "Terminator M1")
    labels = [b["label"] for b in _buttons(steps)]
    assert not any(": turn " in label for label in labels), labels  # no turn among the steps
    move = next(b for b in _buttons(steps) if b["label"] == "M1: move to J9 · 2 AP")
    assert PREVIEW.match(move["custom_id"])
    before, m1 = await _marine(sh_bot, "m1")
    assert m1.ap == 4 and tuple(m1.pos) == (9, 7, 0)

    # previewed: the path, the final facing and the price, in words and drawn (with its description)
    [shown] = await run(await emu.click(world.alice, steps.id, move["custom_id"]))
    assert "Preview: M1 moves J8 → J9 and ends facing north. It costs 2 AP." in shown.content
    assert "Nothing is spent until you confirm." in shown.content
    assert shown.attachments and "M1 moves J8 → J9" in (shown.attachments[0].description or "")
    confirm, cancel = _buttons(shown)
    assert (confirm["label"], cancel["label"]) == ("Confirm", "Cancel")
    still, m1 = await _marine(sh_bot, "m1")
    assert still.version == before.version and m1.ap == 4 and tuple(m1.pos) == (9, 7, 0)  # nothing spent

    # cancelled: nothing spent, the choices again
    [back] = await run(await emu.click(world.alice, shown.id, cancel["custom_id"]))
    assert any(c.get("custom_id", "").startswith("tb:g:") for c in back.walk_components())
    still, m1 = await _marine(sh_bot, "m1")
    assert still.version == before.version and m1.ap == 4 and tuple(m1.pos) == (9, 7, 0)

    # previewed again, then confirmed: the move is made and its price paid
    steps = await _model_menu(emu, world.alice, back, "Terminator M1")
    move = next(b for b in _buttons(steps) if b["label"] == "M1: move to J9 · 2 AP")
    [shown] = await run(await emu.click(world.alice, steps.id, move["custom_id"]))
    confirm = next(b for b in _buttons(shown) if b["label"] == "Confirm")
    [done] = await run(await emu.click(world.alice, shown.id, confirm["custom_id"]))
    assert "M1: move to J9" in done.content
    after, m1 = await _marine(sh_bot, "m1")
    assert after.version > before.version and tuple(m1.pos) == (9, 8, 0) and m1.facing == "N" and m1.ap == 2


async def test_a_turn_in_place_is_previewed_in_spanish(
    emu: Emulator, world: World, sh_bot: TableroBot
) -> None:
    emu.store.users[world.alice].locale = "es-ES"
    await run(
        await emu.slash(
            world.alice, world.channel, "game new", {"game": "spacehulk", "side": "marine", "options": SHORT}
        )
    )
    [thread] = emu.threads(world.channel)
    await sh_bot.delivery.wait_idle()
    panel = await my_hand(emu, world.alice, thread, 1)
    [menu] = [c for c in panel.walk_components() if c.get("custom_id", "").startswith("tb:g:")]
    label = "Exterminador M1: girar sin moverse"
    assert label in [o["label"] for o in menu["options"]]
    turns = await _model_menu(emu, world.alice, panel, label)
    east = next(
        b for b in _buttons(turns) if b["label"].startswith("M1:") and "1 " in b["label"].split("·")[-1]
    )
    assert PREVIEW.match(east["custom_id"])
    [shown] = await run(await emu.click(world.alice, turns.id, east["custom_id"]))
    assert "Vista previa: M1 gira sin moverse en J8 para mirar al " in shown.content, shown.content
    assert "Cuesta 1 PA." in shown.content and "No se gasta nada hasta que confirmes." in shown.content
    confirm = _buttons(shown)[0]
    await run(await emu.click(world.alice, shown.id, confirm["custom_id"]))
    _, m1 = await _marine(sh_bot, "m1")
    assert tuple(m1.pos) == (9, 7, 0) and m1.ap == 3 and m1.facing in ("E", "W")  # turned, not stepped


async def test_a_multi_step_order_shows_the_whole_plan_and_its_total_before_it_runs(
    emu: Emulator, world: World, sh_bot: TableroBot
) -> None:
    await run(
        await emu.slash(
            world.alice, world.channel, "game new", {"game": "spacehulk", "side": "marine", "options": SHORT}
        )
    )
    [thread] = emu.threads(world.channel)
    await sh_bot.delivery.wait_idle()
    before, m1 = await _marine(sh_bot, "m1")
    [dry] = await run(await emu.slash(world.alice, thread, "order", {"text": "M1 L R", "dry_run": True}))
    assert "1. `L`: 1 AP, 0 CP" in dry.content and "2. `R`: 1 AP, 0 CP" in dry.content
    assert "Total: 2 AP, 0 CP" in dry.content and "nothing is applied" in dry.content
    still, m1 = await _marine(sh_bot, "m1")
    assert still.version == before.version and m1.ap == 4  # the plan priced, nothing spent
    [give] = [b for b in _buttons(dry) if b.get("custom_id", "").startswith("tb:o:")]
    [done] = await run(await emu.click(world.alice, dry.id, give["custom_id"]))
    assert "Total:" not in done.content  # the order given: its steps' prices, no plan total
    after, m1 = await _marine(sh_bot, "m1")
    assert after.version > before.version and m1.ap == 2 and m1.facing == "N"


async def test_a_preview_confirmed_after_the_table_moved_on_spends_nothing(
    emu: Emulator, world: World, sh_bot: TableroBot
) -> None:
    """The Confirm of a preview is the action at the version previewed: once the table has moved on
    (here a typed order), it is refused as any stale click and nothing is spent twice."""
    await run(
        await emu.slash(
            world.alice, world.channel, "game new", {"game": "spacehulk", "side": "marine", "options": SHORT}
        )
    )
    [thread] = emu.threads(world.channel)
    await sh_bot.delivery.wait_idle()
    panel = await my_hand(emu, world.alice, thread, 1)
    steps = await _model_menu(emu, world.alice, panel, "Terminator M1")
    move = next(b for b in _buttons(steps) if b["label"] == "M1: move to J9 · 2 AP")
    [shown] = await run(await emu.click(world.alice, steps.id, move["custom_id"]))
    confirm = next(b for b in _buttons(shown) if b["label"] == "Confirm")
    await run(await emu.slash(world.alice, thread, "order", {"text": "M1 L"}))
    moved, m1 = await _marine(sh_bot, "m1")
    assert m1.facing == "W" and m1.ap == 3
    await run(await emu.click(world.alice, shown.id, confirm["custom_id"]))
    after, m1 = await _marine(sh_bot, "m1")
    assert after.version == moved.version and tuple(m1.pos) == (9, 7, 0) and m1.ap == 3
