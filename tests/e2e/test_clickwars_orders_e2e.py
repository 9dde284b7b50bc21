"""ClickWars' typed orders and group moves end to end (issue 27 item 3), through the emulator and the
real bot: `/order` dry run with a refused step in the middle (its reason, the rest planned), Confirm
applying the legal part as ordinary moves in the log, a stale Confirm refused politely; the panel's
"Move group" (a multi-select, then the move in a modal) with its dry run, Cancel and Confirm."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from engine.core import dice_for
from playground.emulator import Emulator, MessageRecord

from .harness import World, my_hand, run, status_message

pytestmark = pytest.mark.e2e
pytest.importorskip("renderers.clickwars")

ARMIES = (
    'rounds=2 army_red=["rifleman","rifleman","archer","lancer","cavalry"] '
    'army_blue=["rifleman","lancer","cavalry"]'
)


def events(db_path: Path, table: int = 1) -> list[str]:
    with sqlite3.connect(db_path) as db:
        return [k for (k,) in db.execute("SELECT kind FROM events WHERE table_id = ? ORDER BY seq", (table,))]


def recorded_moves(db_path: Path, table: int = 1) -> list[dict[str, Any]]:
    """The moves recorded in the actions table (what `tablero verify` re-decides, docs/export.md)."""
    with sqlite3.connect(db_path) as db:
        rows = [
            json.loads(d)
            for (d,) in db.execute("SELECT data FROM actions WHERE table_id = ? ORDER BY id", (table,))
        ]
    return [r for r in rows if r.get("kind") == "move"]


def order_buttons(message: MessageRecord) -> tuple[str, str]:
    [confirm] = [c for c in message.custom_ids if c.startswith("tb:o:")]
    [cancel] = [c for c in message.custom_ids if c.startswith("tb:oc:")]
    return confirm, cancel


async def to_my_movement(bot: Any, user: int) -> tuple[Any, str]:
    """Play red's set-up and deployment as the engine's AI would (blue is the bot's AI) up to red's
    first Movement phase; the loaded table and the way toward the enemy ("N" or "S")."""
    for _ in range(300):
        await bot.delivery.wait_idle()
        loaded = await bot.tables.load(1)
        rules, state = loaded.rules, loaded.state
        if state.phase == "movement" and state.active == "red":
            return loaded, "N" if state.south == "red" else "S"
        seats = sorted(rules.active_seats(state))
        if "red" not in seats:
            continue
        legal = rules.legal_actions(state, "red")
        action = rules.pilot("red").choose(rules.view(state, "red"), legal, dice_for(state).fork("test"))
        await bot.tables.submit(1, user, action, loaded.table.version)
    raise AssertionError("red's Movement phase never came")


async def test_a_typed_order_with_a_refused_step_then_a_group_move_from_the_panel(
    emu: Emulator, world: World, start: Any, db_path: Path
) -> None:
    bot = await start(TABLERO_WORKERS=0)
    args = {"game": "clickwars", "side": "red", "options": ARMIES}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    loaded, ahead = await to_my_movement(bot, world.alice)
    start_version = loaded.table.version
    before = events(db_path)
    moves_before = len(recorded_moves(db_path))  # the AI's, if it played first

    # /order, dry run: R4 (a lancer) cannot go 40 cm (CW-MOV-1: infantry 10); R3 and R5 can
    text = f"R3 move 4 {ahead}; R4 move 40 {ahead}; R5 move 5 {ahead}"
    [dry] = await run(await emu.slash(world.alice, thread, "order", {"text": text, "dry_run": True}))
    assert dry.ephemeral and "nothing is applied" in dry.content
    assert f"1. `R3 move 4 {ahead}`: R3 moves 4 cm" in dry.content
    assert f"2. `R4 move 40 {ahead}`: refused. That path costs 40 cm; R4 may move 10 cm." in dry.content
    assert f"3. `R5 move 5 {ahead}`: R5 moves 5 cm" in dry.content
    assert "Total: 2 of 3 steps can be carried out now, 1 refused." in dry.content
    assert events(db_path) == before and (await bot.tables.load(1)).table.version == start_version
    confirm, _cancel = order_buttons(dry)

    # Confirm: the legal part is applied, as ordinary moves in the table's log
    [done] = await run(await emu.click(world.alice, dry.id, confirm))
    assert "Your order at table #1:" in done.content and "refused" in done.content
    assert "Total: 2 of 3 steps carried out, 1 refused and skipped." in done.content
    added = events(db_path)[len(before) :]
    assert added.count("moved") == 2
    # as ordinary actions in the log: the two moves recorded, each to be re-decided by verify
    assert [m["unit"] for m in recorded_moves(db_path)[moves_before:]] == ["R3", "R5"]
    # the same Confirm again: the table moved on, refused politely, nothing applied twice
    [stale] = await run(await emu.click(world.alice, dry.id, confirm))
    assert "The table has moved on" in stale.content
    assert events(db_path)[len(before) :].count("moved") == 2

    # the panel's Move group: pick the units, type the move, read the dry run, Cancel, then Confirm
    panel = await my_hand(emu, world.alice, thread, 1)
    [pick] = [c for c in panel.walk_components() if c.get("custom_id", "").startswith("tb:op:")]
    offered = [o["value"] for o in pick["options"]]
    assert offered == ["R1", "R2", "R4"] and pick["max_values"] == 3  # R3 and R5 have moved
    picked = ["R1", "R2"]
    opened = await emu.select(world.alice, panel.id, pick["custom_id"], picked)
    await run(opened)
    [modal_id] = [cid for (user, cid) in emu.interactions_api.modals if user == world.alice]
    submitted = await emu.submit_modal(world.alice, thread, modal_id, {"move": f"3 {ahead}"})
    [group] = await run(submitted)
    assert "nothing is applied" in group.content
    for n, uid in enumerate(picked, start=1):
        assert f"{n}. `R1 R2 move 3 {ahead} → " in group.content
        assert f"{uid} moves 3 cm" in group.content
    confirm, cancel = order_buttons(group)
    mark = len(events(db_path))
    [cancelled] = await run(await emu.click(world.alice, group.id, cancel))
    assert "Order cancelled: nothing was applied." in cancelled.content and not cancelled.custom_ids
    assert len(events(db_path)) == mark
    # Cancel edited the dry run in place; the same group again, confirmed this time
    panel = await my_hand(emu, world.alice, thread, 1)
    [pick] = [c for c in panel.walk_components() if c.get("custom_id", "").startswith("tb:op:")]
    await run(await emu.select(world.alice, panel.id, pick["custom_id"], picked))
    [modal_id] = [cid for (user, cid) in emu.interactions_api.modals if user == world.alice]
    [group] = await run(await emu.submit_modal(world.alice, thread, modal_id, {"move": f"3 {ahead}"}))
    confirm, _ = order_buttons(group)
    [applied] = await run(await emu.click(world.alice, group.id, confirm))
    assert "Your order at table #1:" in applied.content
    state = (await bot.tables.load(1)).state
    assert all(state.units[u].moved for u in ("R3", "R5", *picked)) and not state.units["R4"].moved
    assert events(db_path)[mark:].count("moved") == len(picked)
    assert status_message(emu, thread, 1) is not None
    assert not emu.unknown_requests
