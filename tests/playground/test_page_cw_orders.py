"""Fewer clicks per ClickWars turn (issue 27 item 3), in the playground's page in Chromium: a player
types a ClickWars order, reads its dry run (each step's result, the refused one with its reason, the
total), confirms, and the board updates; then moves a group from the panel (the multi-select of
units, the move typed in the dialog), reads that dry run and confirms it."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import dice_for
from playground.emulator import MessageRecord
from playground.runner import Playground
from renderers.i18n import t

from .browser import TIMEOUT_MS, Pane
from .test_page import browser_path, carol_opens_clickwars, context, playground, status_message

__all__ = ["browser_path", "context", "playground"]

pytestmark = [pytest.mark.e2e, pytest.mark.browser, pytest.mark.timeout(240)]

ARMIES = 'rounds=2 army_red=["rifleman","rifleman","archer","lancer","cavalry"] army_blue=["rifleman","lancer","cavalry"]'


async def to_my_movement(pg: Playground, user: int) -> str:
    """Red's set-up and deployment played as the engine's AI would (blue is the bot's AI), up to
    red's first Movement phase; the way toward the enemy ("N" or "S")."""
    assert pg.bot is not None
    for _ in range(300):
        await pg.bot.delivery.wait_idle()
        loaded = await pg.bot.tables.load(1)
        rules, state = loaded.rules, loaded.state
        if state.phase == "movement" and state.active == "red":
            return "N" if state.south == "red" else "S"
        if "red" not in rules.active_seats(state):
            continue
        legal = rules.legal_actions(state, "red")
        action = rules.pilot("red").choose(rules.view(state, "red"), legal, dice_for(state).fork("test"))
        await pg.bot.tables.submit(1, user, action, loaded.table.version)
    raise AssertionError("red's Movement phase never came")


async def newest_reply(pg: Playground, pane: Pane, after: int) -> MessageRecord:
    return await pg.emu.wait_for(
        lambda: next(
            (
                m
                for m in sorted(pg.emu.visible_to(pane.user), key=lambda m: -m.id)
                if m.ephemeral_to == pane.user and m.id > after and m.content
            ),
            None,
        )
    )


async def board_src(pane: Pane, message: MessageRecord) -> str:
    """The board image the page shows in `message`, at the message's latest edit."""
    shown = pane.root.locator(f'.msg[data-id="{message.id}"][data-rev="{message.edits}"]')
    await shown.wait_for(timeout=TIMEOUT_MS)
    img = shown.locator(".attachments img").first
    await img.wait_for(timeout=TIMEOUT_MS)
    return str(await img.get_attribute("src"))


async def test_a_typed_order_and_a_group_move_dry_run_confirm_and_the_board_updates(
    playground: Playground, context: Any
) -> None:
    pg = playground
    assert pg.bot is not None and pg.world is not None
    page, carol, thread = await carol_opens_clickwars(pg, context, ("re", "red"), ARMIES, 8)
    ahead = await to_my_movement(pg, carol.user)
    await pg.bot.delivery.wait_idle()
    await carol.open(thread)
    status = status_message(pg.emu, thread, 1)
    await carol.synced(thread)
    board_before = await board_src(carol, status)
    names_before = [a.filename for a in status.attachments]
    version = (await pg.bot.tables.get(1)).version

    # the typed order, dry run: each step's result, the refused one with its reason, the total
    mark = max(pg.emu.store.messages)
    text = f"R3 move 4 {ahead}; R4 move 40 {ahead}; R5 move 5 {ahead}"
    answer = await carol.slash("order", {"text": text, "dry_run": ("select", "true")})
    assert answer["ok"], answer
    dry = await newest_reply(pg, carol, mark)
    await carol.synced(thread)
    shown = carol.msg(dry.id)
    await shown.get_by_text("R3 moves 4 cm", exact=False).wait_for(timeout=TIMEOUT_MS)
    seen = await shown.inner_text()
    assert f"2. R4 move 40 {ahead}: refused. That path costs " in seen and "R4 may move 10 cm." in seen
    await shown.get_by_text("Total: 2 of 3 steps can be carried out now, 1 refused.", exact=False).wait_for()
    assert (await pg.bot.tables.get(1)).version == version  # nothing applied by the dry run
    [confirm] = [c for c in dry.custom_ids if c.startswith("tb:o:")]
    assert [c for c in dry.custom_ids if c.startswith("tb:oc:")]
    label = t("en", "bot.button.order_confirm")
    assert await shown.get_by_role("button", name=label).is_enabled()

    # Confirm: applied; the status message's board is drawn again
    mark = max(pg.emu.store.messages)
    clicked = await carol.click(dry.id, confirm)
    assert clicked["ok"], clicked
    done = await newest_reply(pg, carol, mark)
    assert "Your order at table #1:" in done.content
    await pg.bot.delivery.wait_idle()
    await carol.synced(thread)
    state = (await pg.bot.tables.load(1)).state
    assert state.units["R3"].moved and state.units["R5"].moved and not state.units["R4"].moved
    status = status_message(pg.emu, thread, 1)
    await pg.emu.wait_for(lambda: [a.filename for a in status.attachments] != names_before)
    board_after = await board_src(carol, status)
    assert board_after != board_before

    # Move group from the panel: tick the units, Choose, type the move in the dialog
    mark = max(pg.emu.store.messages)
    hand = await carol.click(status.id, "tb:hand:1")
    assert hand["ok"], hand
    panel = await newest_reply(pg, carol, mark)
    await carol.synced(thread)
    [pick] = [c for c in panel.custom_ids if c.startswith("tb:op:")]
    box = carol.msg(panel.id).locator(f'div.multi[data-custom-id="{pick}"]')
    await box.get_by_text(t("en", "clickwars.group.placeholder")).wait_for(timeout=TIMEOUT_MS)
    for uid in ("R1", "R2"):
        await box.locator(f'input[value="{uid}"]').check()
    async with page.expect_response("**/api/select") as chosen:
        await box.get_by_role("button", name="Choose").click()
    assert (await (await chosen.value).json())["callback"] == 9  # the dialog opens
    mark = max(pg.emu.store.messages)
    filled = await carol.fill_modal(
        {t("en", "clickwars.group.field"): f"3 {ahead}"}, t("en", "clickwars.group.title")
    )
    assert filled["ok"], filled
    group = await newest_reply(pg, carol, mark)
    await carol.synced(thread)
    shown = carol.msg(group.id)
    await shown.get_by_text(f"R1 R2 move 3 {ahead} → R1", exact=False).wait_for(timeout=TIMEOUT_MS)
    await shown.get_by_text("R2 moves 3 cm", exact=False).wait_for()
    [confirm] = [c for c in group.custom_ids if c.startswith("tb:o:")]
    names_after = [a.filename for a in status.attachments]
    clicked = await carol.click(group.id, confirm)
    assert clicked["ok"], clicked
    await pg.bot.delivery.wait_idle()
    state = (await pg.bot.tables.load(1)).state
    assert state.units["R1"].moved and state.units["R2"].moved
    await pg.emu.wait_for(lambda: [a.filename for a in status.attachments] != names_after, timeout=15)
    assert await board_src(carol, status) != board_after
    assert page.errors == []
