"""One unit system per table (issue 27 item 7), typed into the bot's form in the playground's page in
Chromium: Arkenstone reads inches; centimetres typed with their suffix are converted and the
conversion is echoed with the choice; a move longer than the maximum is refused with the maximum
(the rule of every game); the decimal mark follows the reader's language (English refuses "1,5"
with the reason, Spanish reads it as one and a half)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.arkenstone.actions import MoveToward
from engine.core import dice_for
from engine.registry import get as rules_for
from playground.emulator import MessageRecord
from playground.runner import Playground
from renderers.i18n import t

from .browser import Pane
from .test_page import browser_path, context, open_page, playground, status_message

__all__ = ["browser_path", "context", "playground"]

pytestmark = [pytest.mark.e2e, pytest.mark.browser, pytest.mark.timeout(240)]


async def until_bilbo_may_move(pg: Playground, user: int) -> MoveToward:
    """Play the table (the human's choices by the game's own AI, through the service) until Bilbo
    may move toward a card; that move."""
    rules = rules_for("arkenstone")
    assert pg.bot is not None
    for _ in range(200):
        await pg.bot.delivery.wait_idle()
        loaded = await pg.bot.tables.load(1)
        state = loaded.state
        legal = list(rules.legal_actions(state, "bilbo")) if "bilbo" in rules.active_seats(state) else []
        toward = [a for a in legal if isinstance(a, MoveToward) and a.target.startswith("T")]
        if toward:
            return toward[0]
        view = rules.view(state, "bilbo")
        action = rules.pilot("bilbo").choose(view, legal, dice_for(state).fork("pilot:bilbo"))
        await pg.bot.tables.submit(1, user, action, state.version)
    raise AssertionError("Bilbo was never offered a move")


async def typed(pg: Playground, pane: Pane, thread: int, target: str, distance: str) -> MessageRecord:
    """Press My hand, open the "move by" form, type the target and the distance; the answer."""
    lang = pane.lang
    status = status_message(pg.emu, thread, 1)
    assert (await pane.click(status.id, "tb:hand:1"))["ok"]
    await pane.synced(thread)
    panel = max((m for m in pg.emu.visible_to(pane.user) if m.ephemeral_to == pane.user), key=lambda m: m.id)
    form = pane.msg(panel.id).get_by_role("button", name=t(lang, "arkenstone.ui.move_by"), exact=True)
    custom_id = await form.get_attribute("data-custom-id")
    assert custom_id is not None
    opened = await pane.click(panel.id, custom_id)
    assert opened["ok"] and opened["callback"] == 9, opened
    before = max(m.id for m in pg.emu.store.messages.values())
    title = t(lang, "arkenstone.ui.move_by_title", figure=t(lang, "arkenstone.seat.bilbo"))
    fields = {
        t(lang, "arkenstone.ui.field.target"): target,
        t(lang, "arkenstone.ui.field.distance"): distance,
    }
    answer = await pane.fill_modal(fields, title)
    assert answer["ok"], answer
    await pg.bot.delivery.wait_idle()
    return await pg.emu.wait_for(
        lambda: next(
            (
                m
                for m in pg.emu.visible_to(pane.user)
                if m.ephemeral_to == pane.user and m.id > before and m.content
            ),
            None,
        )
    )


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_lengths_are_read_in_the_games_unit_and_the_other_with_its_suffix(
    playground: Playground, context: Any, lang: str
) -> None:
    pg = playground
    assert pg.bot is not None and pg.world is not None
    pg.bot.tables.seeder = lambda: 8
    page, panes = await open_page(pg, context, "carol")
    carol = panes["carol"]
    if lang == "es":
        async with page.expect_response("**/language"):
            await carol.root.locator(".lang-select").select_option("es")
        carol.lang = "es"
    answer = await carol.slash(
        "game new",
        {
            "game": ("suggest", "ark", "arkenstone"),
            "side": ("suggest", "bil", "bilbo"),
            "options": "layout=random",
        },
    )
    assert answer["ok"], answer
    [thread] = await pg.emu.wait_for(lambda: pg.emu.threads(pg.world.games_id))
    toward = await until_bilbo_may_move(pg, carol.user)
    await carol.open(thread)
    version = (await pg.bot.tables.get(1)).version

    # over the maximum: refused with the maximum (20 cm = 7.87 inches; Bilbo moves 4)
    refused = await typed(pg, carol, thread, toward.target, "20 cm")
    limit = t(lang, "arkenstone.move_too_far", distance="7.87", figure="Bilbo", limit="4")
    assert limit in refused.content, refused.content
    assert (await pg.bot.tables.get(1)).version == version
    # the decimal mark of the reader's language
    comma = await typed(pg, carol, thread, toward.target, "1,5")
    if lang == "en":
        assert t("en", "measure.decimal_point", text="1,5") in comma.content, comma.content
        assert (await pg.bot.tables.get(1)).version == version
        # centimetres with their suffix: converted, and the conversion echoed with the choice
        moved = await typed(pg, carol, thread, toward.target, "5 cm")
        echo = t("en", "measure.converted", typed=5.0, said="cm", value=1.97, unit="in")
        assert echo == "(5 cm = 1.97 inches)" and echo in moved.content, moved.content
    else:
        assert "✅" in comma.content and "1,5" in comma.content, comma.content
        assert "=" not in comma.content  # inches typed in an inch game: nothing converted
    assert (await pg.bot.tables.get(1)).version > version
    assert page.errors == []
