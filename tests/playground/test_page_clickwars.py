"""ClickWars you can follow, seen in the playground's page in Chromium (issue 27 item 2 and its
acceptance: "the summary and overlay after an AI turn"; and "in the playground, a click on an image
opens it full size").

Carol plays Blue against the AI (her choices by the game's own AI, through the table service); when
her turn begins after the AI's, the page shows the one post that sums up the AI's turn (its moves,
in words) and the table's board with that turn drawn over it (the paths, shots and blasts, faded on
the next turn): the very picture `Presenter.turn_board_png` draws, fetched by the page itself. A
click on the board opens it at its full size in a dialog; Escape closes it and the keyboard's focus
is back on the picture; the keyboard alone (Tab's focus, Enter) opens it too.
"""

from __future__ import annotations

import base64
from typing import Any

import pytest

from bot import jobs
from bot.delivery import last_summary
from engine.core import dice_for
from engine.registry import get as rules_for
from playground.runner import Playground

from .browser import TIMEOUT_MS
from .test_page import browser_path, carol_opens_clickwars, context, playground, status_message

__all__ = ["browser_path", "context", "playground"]

pytestmark = [pytest.mark.e2e, pytest.mark.browser, pytest.mark.timeout(240)]

OPTIONS = 'rounds=2 army_red=["rifleman","rifleman","cavalry"] army_blue=["rifleman","lancer","cavalry"]'
FETCH = """async (src) => {
  const bytes = new Uint8Array(await (await fetch(src)).arrayBuffer());
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}"""


async def until_blue_follows_reds_turn(pg: Playground, thread: int, user: int) -> None:
    """Play Blue (its AI's choices, through the table service) until Blue must act after a turn of
    Red's that the thread has summed up."""
    rules = rules_for("clickwars")
    assert pg.bot is not None
    for _ in range(400):
        await pg.bot.delivery.wait_idle()
        loaded = await pg.bot.tables.load(1)
        state = loaded.state
        active = rules.active_seats(state)
        posts = [m.content for m in pg.emu.messages(thread)]
        if "blue" in active and any("Red's turn:**" in p for p in posts) and state.phase != "deploy":
            return
        assert loaded.table.status == "active", "the game ended before Red played a turn"
        legal = list(rules.legal_actions(state, "blue"))
        view = rules.view(state, "blue")
        action = rules.pilot("blue").choose(view, legal, dice_for(state).fork("pilot:blue"))
        await pg.bot.tables.submit(1, user, action, state.version)
    raise AssertionError("Red never played a turn")


async def test_the_ai_turn_is_summed_up_drawn_on_the_board_and_the_board_opens_full_size(
    playground: Playground, context: Any
) -> None:
    pg = playground
    assert pg.bot is not None and pg.world is not None
    page, carol, thread = await carol_opens_clickwars(pg, context, ("blu", "blue"), OPTIONS, 3)
    await until_blue_follows_reds_turn(pg, thread, carol.user)
    await pg.bot.delivery.wait_idle()
    await carol.open(thread)

    # the summary of the AI's turn: one post, its moves in words
    summary = [m for m in pg.emu.messages(thread) if "Red's turn:**" in m.content][-1]
    shown = await carol.msg(summary.id).inner_text()
    assert "Red's turn:" in shown and "• Moved" in shown, shown

    # the board with the AI's turn drawn over it, as the page shows it
    table = await pg.bot.tables.get(1)
    loaded = await pg.bot.tables.load(1)
    last_turn = await last_summary(pg.bot.store, table)
    assert last_turn, "the newest summary has events to draw"
    spectator = loaded.rules.view(loaded.state, None)
    overlaid = jobs.status_image("clickwars", spectator, "en", None, last_turn)
    assert overlaid != jobs.status_image("clickwars", spectator, "en", None), "the overlay draws something"
    status = status_message(pg.emu, thread, 1)
    picture = carol.msg(status.id).locator(".attachments img").first
    await picture.wait_for()
    await page.wait_for_function(
        "(img) => img.complete && img.naturalWidth > 0", arg=await picture.element_handle()
    )
    src = await picture.get_attribute("src")
    assert base64.b64decode(await page.evaluate(FETCH, src)) == overlaid
    width, height = status.attachments[0].image_size() or (0, 0)
    in_chat = await picture.bounding_box()
    assert in_chat is not None and in_chat["width"] < width  # shown smaller than it is in the chat

    # a click opens it full size, in a dialog named for what it is; Escape closes it
    opener = carol.msg(status.id).locator("button.image-open").first
    assert await opener.get_attribute("aria-haspopup") == "dialog"
    await picture.click()
    viewer = page.locator("dialog#image-viewer[open]")
    await viewer.wait_for(timeout=TIMEOUT_MS)
    assert await viewer.get_attribute("aria-label") == "The picture, full size"
    full = viewer.locator("img.full")
    await page.wait_for_function(
        "(img) => img.complete && img.naturalWidth > 0", arg=await full.element_handle()
    )
    box = await full.bounding_box()
    assert box is not None and (round(box["width"]), round(box["height"])) == (width, height)
    assert await full.get_attribute("alt") == status.attachments[0].description
    assert await page.evaluate("document.activeElement.classList.contains('close')")  # focus in the dialog
    await page.keyboard.press("Escape")
    await page.locator("dialog#image-viewer").wait_for(state="hidden")
    assert await page.evaluate(
        "document.activeElement.classList.contains('image-open')"
    )  # back on the picture

    # by keyboard alone: Enter on the focused picture opens it; its close button closes it
    await opener.focus()
    await page.keyboard.press("Enter")
    await viewer.wait_for(timeout=TIMEOUT_MS)
    await viewer.get_by_role("button", name="Close the picture").click()
    await page.locator("dialog#image-viewer").wait_for(state="hidden")
    assert page.errors == []
