"""The page's controls behave as Discord's (issue 27 items 1 and 4), in a real headless Chromium.

A component is disabled only while its own interaction waits for an answer and is usable again when
any answer comes: an ephemeral reply, a form (modal), the bot's refusal, the page's own refusal, no
answer at all, or an edit of the message. Before, every control of a message stayed disabled after
any private answer until the page was reloaded. Refusals are sentences from the catalogs, never an
exception's text.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from playground.emulator import MessageRecord
from playground.runner import Playground
from renderers.i18n import t

from .browser import TIMEOUT_MS, Pane
from .test_page import browser_path, context, open_page, playground, status_message

__all__ = ["browser_path", "context", "playground"]  # the fixtures, used by name

pytestmark = [pytest.mark.e2e, pytest.mark.browser, pytest.mark.timeout(240)]

# What an exception's or a status code's text looks like; no error the page shows may match.
INTERNAL = re.compile(
    r"invalid literal|Traceback|Exception|Error\b|HTTP \d|has no such component|custom_id|'tb:|tb:\w+:\d|"
    r"\[\]|\{|\}|None\b|user \d+|message \d+"
)


expect = pytest.importorskip("playwright.async_api").expect  # (the page tests skip without it)


async def usable(pane: Pane, message_id: int) -> list[str]:
    """Every control of the message enabled (waits for the page to draw it so); their custom ids."""
    controls = pane.msg(message_id).locator("button.btn[data-custom-id], select[data-custom-id]")
    await controls.first.wait_for(timeout=TIMEOUT_MS)
    ids = []
    for i in range(await controls.count()):
        control = controls.nth(i)
        # through the locator, found again at each look: the page may draw the message anew meanwhile
        # (a form's answer reloads it), and a node taken before that stays disabled, detached
        await expect(control).to_be_enabled(timeout=TIMEOUT_MS)
        ids.append(await control.get_attribute("data-custom-id"))
    return ids


def private(pg: Playground, pane: Pane, table: int) -> list[MessageRecord]:
    """The ephemeral replies this user got in the table's thread, oldest first."""
    return [m for m in pg.emu.visible_to(pane.user) if m.ephemeral_to == pane.user and m.guild_id is not None]


async def shown_errors(pane: Pane) -> list[str]:
    texts = await pane.root.locator(".failed, .composer-error, .form-error").all_inner_texts()
    return [x for x in texts if x.strip()]


async def test_every_kind_of_private_answer_leaves_the_controls_usable_without_a_reload(
    playground: Playground, context: Any
) -> None:
    pg = playground
    assert pg.bot is not None
    pg.bot.tables.seeder = lambda: 8
    page, panes = await open_page(pg, context, "alice")
    alice = panes["alice"]

    # The page's own refusal of a typed option: a table number that is not a number (issue 27 item 4).
    answer = await alice.slash("game status", {"table": "abc"})
    refusal = t("en", "playground.not_whole", option="table", value="abc")
    assert answer == {"ok": False, "error": refusal, "reason": "playground.not_whole"}, answer
    assert await alice.root.locator(".composer-error").inner_text() == refusal
    await alice.root.locator(".command-form .close").click()

    answer = await alice.slash(
        "game new", {"game": ("suggest", "ark", "arkenstone"), "side": ("suggest", "bil", "bilbo")}
    )
    assert answer["ok"], answer
    [thread] = await pg.emu.wait_for(lambda: pg.emu.threads(pg.world.games_id))
    await pg.bot.delivery.wait_idle()
    await alice.open(thread)
    status = status_message(pg.emu, thread, 1)
    assert {"tb:hand:1", "tb:rules:1"} <= set(await usable(alice, status.id))

    # 1. an ephemeral reply: the same button works again at once, and so do the others
    for n in (1, 2):
        answer = await alice.click(status.id, "tb:rules:1")
        assert answer["ok"], answer
        await alice.synced(thread)
        await usable(alice, status.id)
        assert len(private(pg, alice, 1)) == n

    # 2. the private panel (an ephemeral reply with the choices)
    answer = await alice.click(status.id, "tb:hand:1")
    assert answer["ok"], answer
    await alice.synced(thread)
    panel = private(pg, alice, 1)[-1]
    form = next(c for c in panel.custom_ids if c.startswith("tb:f:"))
    assert form in await usable(alice, panel.id)
    assert {"tb:hand:1", "tb:rules:1"} <= set(await usable(alice, status.id))

    # 3. a form: opened, cancelled; its button works again and opens it again
    lang, figure = "en", t("en", "arkenstone.seat.bilbo")
    title = t(lang, "arkenstone.ui.place_title", figure=figure)
    for _ in range(2):
        opened = await alice.click(panel.id, form)
        assert opened["ok"] and opened["callback"] == 9, opened
        dialog = alice.root.locator("dialog.modal[open]")
        await dialog.locator(".modal-title", has_text=title).wait_for()
        await dialog.get_by_role("button", name="Cancel").click()
        await dialog.wait_for(state="detached")
        await usable(alice, panel.id)

    # 4. the bot's refusal: a cell that is not on the board, typed in the form
    opened = await alice.click(panel.id, form)
    assert opened["ok"], opened
    before = len(private(pg, alice, 1))
    answer = await alice.fill_modal(
        {t(lang, "arkenstone.ui.field.x"): "ZZ99", t(lang, "arkenstone.ui.field.y"): ""}, title
    )
    assert answer["ok"], answer
    await pg.emu.wait_for(lambda: len(private(pg, alice, 1)) > before)
    refused = private(pg, alice, 1)[-1]
    await alice.synced(thread)
    assert form in await usable(alice, panel.id)
    assert (await pg.bot.tables.get(1)).version == (await pg.bot.tables.load(1)).table.version
    assert not INTERNAL.search(refused.content), refused.content

    # 5. no answer at all (the bot's acknowledgement is lost): Discord's words, and usable again
    pg.emu.fail_next("POST", "/interactions/*/*/callback", status=404, code=10062, count=1)
    answer = await alice.click(status.id, "tb:rules:1")
    assert not answer["ok"] and answer["error"] in {
        t("en", "playground.no_response"),
        t("en", "playground.failed"),
    }, answer
    assert "tb:rules:1" in await usable(alice, status.id)
    await alice.msg(status.id).locator(".failed", has_text=answer["error"]).wait_for()

    # 6. an edit: a choice on the panel updates it in place; its new controls are usable
    choice = next(c for c in panel.custom_ids if c.startswith(("tb:a:", "tb:s:")))
    edits, drawn = panel.edits, list(panel.custom_ids)
    stale_page = await context.new_page()  # a second tab that misses every update
    stale_page.errors = []
    stale_page.on("pageerror", lambda exc: stale_page.errors.append(str(exc)))
    await stale_page.route("**/api/events", lambda route: route.abort())
    await stale_page.goto(pg.url + "?as=alice")
    stale = Pane(stale_page, pg.emu, "alice", alice.user)
    await stale.root.locator(".channel.active").wait_for()
    await stale.open(thread)
    await stale.msg(panel.id).wait_for()
    if choice.startswith("tb:a:"):
        answer = await alice.click(panel.id, choice)
    else:
        menu = panel.component(choice)
        assert menu is not None
        answer = await alice.select(panel.id, choice, menu["options"][0]["value"])
    assert answer["ok"], answer
    edited = await pg.emu.wait_for(
        lambda: (m := pg.emu.store.messages[panel.id]).edits > edits and m.custom_ids != drawn and m
    )
    await (
        alice.msg(panel.id)
        .locator(f'[data-rev="{edited.edits}"]')
        .or_(alice.root.locator(f'.msg[data-id="{panel.id}"][data-rev="{edited.edits}"]'))
        .first.wait_for()
    )
    await usable(alice, panel.id)

    # 7. a tab that missed the edit: its old control is refused in words, the message drawn anew
    old = next(c for c in drawn if c not in edited.custom_ids and c.startswith(("tb:a:", "tb:s:")))
    if old.startswith("tb:a:"):
        async with stale_page.expect_response("**/api/click") as response:
            await stale.msg(panel.id).locator(f'button[data-custom-id="{old}"]').click()
    else:
        menu = stale.msg(panel.id).locator(f'select[data-custom-id="{old}"]')
        value = await menu.locator("option:not([disabled])").first.get_attribute("value")
        async with stale_page.expect_response("**/api/select") as response:
            await menu.select_option(value=value)
    data = await (await response.value).json()
    assert data["error"] == t("en", "playground.stale") and data.get("stale"), data
    await stale.root.locator(f'.msg[data-id="{panel.id}"][data-rev="{edited.edits}"]').wait_for()
    await stale.msg(panel.id).locator(".failed", has_text=data["error"]).wait_for()
    await usable(stale, panel.id)

    for pane in (alice, stale):
        for text in await shown_errors(pane):
            assert not INTERNAL.search(text), text
    assert page.errors == [] and stale_page.errors == []
