"""Rematch by consent (issue 27 item 5), clicked through the playground's page in Chromium: the
player who asks is told where the new table is (a link to its thread); the opponent is not put into
a new game without asking: they get an invitation with an Accept button in the finished table's
thread, and the game starts when they accept, sides swapped."""

from __future__ import annotations

from typing import Any

import pytest

from playground.runner import Playground
from renderers.i18n import t

from .browser import Pane
from .test_page import browser_path, context, open_page, playground, status_message

__all__ = ["browser_path", "context", "playground"]

pytestmark = [pytest.mark.e2e, pytest.mark.browser, pytest.mark.timeout(240)]


def newest_private(pg: Playground, pane: Pane) -> Any:
    return max((m for m in pg.emu.visible_to(pane.user) if m.ephemeral_to == pane.user), key=lambda m: m.id)


async def test_a_rematch_is_offered_accepted_and_linked(playground: Playground, context: Any) -> None:
    pg = playground
    assert pg.bot is not None and pg.world is not None
    page, panes = await open_page(pg, context, "alice", "bob")
    alice, bob = panes["alice"], panes["bob"]
    answer = await alice.slash(
        "game new",
        {
            "game": ("suggest", "can", "canyon"),
            "opponent": ("select", bob.user),
            "side": ("suggest", "mar", "marine"),
        },
    )
    assert answer["ok"], answer
    [thread] = await pg.emu.wait_for(lambda: pg.emu.threads(pg.world.games_id))
    await pg.bot.delivery.wait_idle()
    await bob.open(thread)
    assert (await bob.click(status_message(pg.emu, thread, 1).id, "tb:join:1"))["ok"]
    await pg.bot.delivery.wait_idle()
    await pg.bot.tables.resign(1, bob.user)  # the game ends (Bob resigns)
    await pg.bot.delivery.wait_idle()
    old = await pg.bot.tables.get(1)
    assert old.status == "finished"

    # Alice asks: her answer links the new thread; Bob is invited, not seated
    await alice.open(thread)
    status = status_message(pg.emu, thread, 1)
    await alice.msg(status.id).locator('button[data-custom-id="tb:rematch:1"]').wait_for()
    assert (await alice.click(status.id, "tb:rematch:1"))["ok"]
    await pg.bot.delivery.wait_idle()
    new = await pg.bot.tables.get(2)
    assert new.status == "lobby" and new.rematch_of == 1 and new.invited == [bob.user]
    assert new.seat_of(alice.user) == "ork" and new.seat_of(bob.user) is None  # sides rotated
    assert new.thread_id is not None and new.thread_id != thread
    reply = newest_private(pg, alice)
    assert reply.content == t("en", "bot.rematch_offered", table=new.number, where=f"<#{new.thread_id}>")
    await alice.synced(thread)
    link = alice.msg(reply.id).locator(f'.channel-link[data-channel="{new.thread_id}"]')
    await link.wait_for()

    # Bob's invitation, in the finished table's thread: a mention and an Accept button
    invite = await pg.emu.wait_for(
        lambda: next((m for m in pg.emu.messages(thread) if "tb:join:2" in m.custom_ids), None)
    )
    assert bob.user in invite.mentions and f"<#{new.thread_id}>" in invite.content
    await bob.open(thread)
    accept = bob.msg(invite.id).get_by_role("button", name=t("en", "bot.button.accept_rematch"), exact=True)
    await accept.wait_for()
    assert (await bob.click(invite.id, "tb:join:2"))["ok"]
    await pg.bot.delivery.wait_idle()
    started = await pg.bot.tables.get(2)
    assert started.status == "active"
    assert (started.seat_of(alice.user), started.seat_of(bob.user)) == ("ork", "marine")
    accepted = newest_private(pg, bob)
    assert accepted.content == t(
        "en", "bot.rematch_accepted", table=started.number, where=f"<#{new.thread_id}>"
    )
    # the link opens the new thread in Bob's page
    await bob.synced(thread)
    await bob.msg(accepted.id).locator(f'.channel-link[data-channel="{new.thread_id}"]').click()
    await bob.root.locator(f'.channel.active[data-channel="{new.thread_id}"]').wait_for()
    # a second press of the invitation: the table has moved on, said in words
    again = await pg.emu.click(bob.user, invite.id, "tb:join:2")
    await again.wait_done(10)
    assert again.messages[-1].content == t("en", "bot.not_in_lobby", table=2), again.messages[-1].content
    assert page.errors == []
