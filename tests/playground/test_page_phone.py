"""Phone-first picking (issue 29 item 4) in the playground's page in Chromium at a phone's viewport
(390 x 844): a ClickWars player picks a unit; the panel shows the close-up around it with its
targets lettered; "Pick by letter" shows the lettered buttons, all on screen with no sideways
scrolling and big enough to tap; a tap on a letter plans that move, and Confirm makes it."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import dice_for
from engine.registry import get as rules_for
from playground.emulator import MessageRecord
from playground.runner import Playground
from renderers.i18n import t

from .browser import TIMEOUT_MS, Pane
from .test_page import browser_path, context, playground, screenshot, status_message, user_id

__all__ = ["browser_path", "context", "playground"]

pytestmark = [pytest.mark.e2e, pytest.mark.browser, pytest.mark.timeout(240)]

PHONE = {"width": 390, "height": 844}
SMALL = 'rounds=1 army_red=["rifleman","rifleman","cavalry"] army_blue=["rifleman","lancer","cavalry"]'


async def until_blue_moves(pg: Playground, user: int) -> None:
    """Play the table (blue's set-up choices by the game's own AI, through the service) until blue
    may move its units."""
    rules = rules_for("clickwars")
    assert pg.bot is not None
    for _ in range(200):
        await pg.bot.delivery.wait_idle()
        state = (await pg.bot.tables.load(1)).state
        if "blue" in rules.active_seats(state) and state.phase == "movement":
            return
        legal = list(rules.legal_actions(state, "blue")) if "blue" in rules.active_seats(state) else []
        assert legal, "blue must act whenever the AI has played"
        view = rules.view(state, "blue")
        action = rules.pilot("blue").choose(view, legal, dice_for(state).fork("pilot:blue"))
        await pg.bot.tables.submit(1, user, action, state.version)
    raise AssertionError("blue never got to move")


def newest_panel(pg: Playground, pane: Pane) -> MessageRecord:
    return max((m for m in pg.emu.visible_to(pane.user) if m.ephemeral_to == pane.user), key=lambda m: m.id)


async def no_sideways_scroll(page: Any, pane: Pane) -> None:
    """Neither the page nor the pane's message list is wider than the screen."""
    wide = await page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], wide
    messages = pane.root.locator(".messages")
    inner, outer = await messages.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert inner <= outer, (inner, outer)


async def test_a_phone_player_picks_a_units_move_by_letter(playground: Playground, context: Any) -> None:
    pg = playground
    assert pg.bot is not None and pg.world is not None
    pg.bot.tables.seeder = lambda: 3
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    await page.set_viewport_size(PHONE)
    await page.goto(pg.url + "?as=carol")
    carol = Pane(page, pg.emu, "carol", user_id(pg, "carol"))
    await carol.root.locator(".channel.active").wait_for()
    answer = await carol.slash(
        "game new",
        {"game": ("suggest", "click", "clickwars"), "side": ("suggest", "blu", "blue"), "options": SMALL},
    )
    assert answer["ok"], answer
    [thread] = await pg.emu.wait_for(lambda: pg.emu.threads(pg.world.games_id))
    await until_blue_moves(pg, carol.user)
    await carol.open(thread)
    assert (await carol.click(status_message(pg.emu, thread, 1).id, "tb:hand:1"))["ok"]
    await carol.synced(thread)
    panel = newest_panel(pg, carol)
    units = t("en", "clickwars.ui.units.movement")
    menu = next(c for c in panel.walk_components() if c.get("placeholder") == units)
    assert (await carol.select(panel.id, menu["custom_id"], menu["options"][0]["value"]))["ok"]
    await carol.synced(thread)
    panel = newest_panel(pg, carol)

    # the close-up is on the panel, first, described with its letters
    closeup = panel.attachments[0]
    assert closeup.filename.endswith("-closeup.png") and "A: " in (closeup.description or "")
    image = carol.msg(panel.id).locator(".attachments img").first
    await image.wait_for(timeout=TIMEOUT_MS)
    assert await image.evaluate("img => img.complete && img.naturalWidth > 0")
    box = await image.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]

    # "Pick by letter": the grid of lettered buttons
    letters = next(c for c in panel.custom_ids if c.startswith("tb:k:"))
    assert (await carol.click(panel.id, letters))["ok"]
    await carol.synced(thread)
    panel = newest_panel(pg, carol)
    grid = [c for c in panel.walk_components() if c.get("type") == 2 and len(c.get("label", "")) == 1]
    assert grid and grid[0]["label"] == "A"
    for spec in grid:
        button = carol.button(panel.id, spec["custom_id"])
        await button.scroll_into_view_if_needed()
        spot = await button.bounding_box()
        assert spot is not None, spec
        assert spot["x"] >= 0 and spot["x"] + spot["width"] <= PHONE["width"], (spec["label"], spot)
        assert spot["height"] >= 40 and spot["width"] >= 40  # a finger's size
    await no_sideways_scroll(page, carol)
    await screenshot(page, "phone-letters")

    # a tap on A plans letter A's move (previewed), and Confirm makes it
    version = (await pg.bot.tables.get(1)).version
    assert (await carol.click(panel.id, grid[0]["custom_id"]))["ok"]
    await carol.synced(thread)
    panel = newest_panel(pg, carol)
    confirm = next(c for c in panel.walk_components() if c.get("label") == t("en", "clickwars.ui.confirm"))
    assert (await carol.click(panel.id, confirm["custom_id"]))["ok"]
    await pg.bot.delivery.wait_idle()
    state = (await pg.bot.tables.load(1)).state
    assert state.version > version + 1
    assert any(u.moved for u in state.units.values() if u.side == "blue")
    assert errors == []
