"""Whole games clicked through the playground's page in a real headless Chromium.

The test is each player's brain (the game's own AI picks from that seat's view, like
tests/e2e/test_arkenstone_e2e.py); the hands are the page's: the slash-command box with autocomplete,
the sidebar, buttons, select menus and the bot's modals as dialogs. Nothing is sent to the emulator
except by the page.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import discord
import pytest
import yarl
from discord.gateway import DiscordWebSocket

from engine.core import dice_for
from engine.registry import get as rules_for
from playground.emulator import Clock, Emulator, MessageRecord
from playground.runner import Playground
from renderers.i18n import t

from .browser import Pane, launch, require_browser

pytestmark = [pytest.mark.e2e, pytest.mark.browser, pytest.mark.timeout(240)]

DRAWN_FOR = re.compile(r"^tb:[asfj]:(\d+):(\d+)")  # bot/ids.py: the ids drawn for a table's version
SELECT_ID = re.compile(r"tb:s:\d+:\d+:\d+")
FORM_ID = re.compile(r"tb:f:\d+:\d+:[a-z0-9_]+")


@pytest.fixture
def browser_path() -> str:
    return require_browser()


@pytest.fixture
async def playground(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Playground]:
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL("wss://gateway.discord.gg/"))
    # deadlines on a stopped clock: a busy machine never makes a click "late" (10062)
    pg = Playground(tmp_path / "playground.db", port=0, history=True, deadline_clock=Clock.stopped())
    await pg.start()
    yield pg
    await pg.stop()
    assert pg.emu.internal_errors == []


@pytest.fixture
async def context(browser_path: str) -> AsyncIterator[Any]:
    async for ctx in launch(browser_path):
        yield ctx


def user_id(pg: Playground, name: str) -> int:
    assert pg.world is not None
    return next(u.id for u in pg.world.users if u.name == name)


async def open_page(pg: Playground, context: Any, *names: str) -> tuple[Any, dict[str, Pane]]:
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    await page.goto(pg.url + "?as=" + ",".join(names))
    panes = {n: Pane(page, pg.emu, n, user_id(pg, n)) for n in names}
    for pane in panes.values():
        await pane.root.locator(".channel.active").wait_for()
    return page, panes


async def carol_opens_clickwars(
    pg: Playground, context: Any, side: tuple[str, str], options: str, seed: int
) -> tuple[Any, Pane, int]:
    """Carol's page, and a ClickWars table she opens against the AI from it with `/game new` (the
    side as typed and as suggested, e.g. ("blu", "blue"); the dice from `seed`): the page, her pane,
    the table's thread."""
    assert pg.bot is not None and pg.world is not None
    pg.bot.tables.seeder = lambda: seed
    page, panes = await open_page(pg, context, "carol")
    carol = panes["carol"]
    answer = await carol.slash(
        "game new",
        {"game": ("suggest", "click", "clickwars"), "side": ("suggest", *side), "options": options},
    )
    assert answer["ok"], answer
    games = pg.world.games_id
    [thread] = await pg.emu.wait_for(lambda: pg.emu.threads(games))
    return page, carol, thread


async def screenshot(page: Any, name: str) -> None:
    """Kept where TABLERO_SCREENSHOTS points (to look at the page while changing it)."""
    folder = os.environ.get("TABLERO_SCREENSHOTS")
    if folder:
        await page.screenshot(path=str(Path(folder) / f"{name}.png"))


def drawn_for(message: MessageRecord, table: int, version: int) -> bool:
    for cid in message.custom_ids:
        match = DRAWN_FOR.match(cid)
        if match and (int(match[1]), int(match[2])) == (table, version):
            return True
    return False


def status_message(emu: Emulator, thread: int, table: int) -> MessageRecord:
    return next(m for m in emu.messages(thread) if f"tb:rules:{table}" in m.custom_ids)


async def panel_for(pg: Playground, pane: Pane, thread: int, table: int, version: int) -> MessageRecord:
    """The player's newest private panel for this version (a DM or an ephemeral reply); else they press
    "My hand" on the table's status message, in the page."""
    emu = pg.emu

    def newest() -> MessageRecord | None:
        mine = [
            m
            for m in emu.visible_to(pane.user)
            if (m.ephemeral_to == pane.user or m.guild_id is None) and drawn_for(m, table, version)
        ]
        return max(mine, key=lambda m: m.id) if mine else None

    found = newest()
    if found is None:
        await pane.open(thread)
        answer = await pane.click(status_message(emu, thread, table).id, f"tb:hand:{table}")
        assert answer["ok"], answer
        found = await emu.wait_for(newest)
    return found


def menu_offering(rules: Any, panel: MessageRecord, action: Any, index: int | None) -> tuple[str, str] | None:
    """The select (a `tb:s:` id) with an option for this action (its index in the legal actions, or the
    action itself as JSON), and that option's value."""
    for c in panel.walk_components():
        if not SELECT_ID.fullmatch(c.get("custom_id", "")):
            continue
        for option in c.get("options", []):
            value = option["value"]
            if value == str(index) or (
                value.startswith("{") and rules.parse_action(json.loads(value)) == action
            ):
                return c["custom_id"], value
    return None


async def via_form(pane: Pane, panel: MessageRecord, label: str, fields: dict[str, str], title: str) -> None:
    """Press the form's button found by its visible label, check the dialog's title, fill each field
    found by its visible label and submit: a `tb:f:` button opens the bot's modal (callback 9)."""
    button = pane.msg(panel.id).get_by_role("button", name=label, exact=True)
    custom_id = await button.get_attribute("data-custom-id")
    assert custom_id is not None and FORM_ID.fullmatch(custom_id), custom_id
    opened = await pane.click(panel.id, custom_id)
    assert opened["ok"] and opened["callback"] == 9, opened
    answer = await pane.fill_modal(fields, title)
    assert answer["ok"], answer


async def act(
    pane: Pane, rules: Any, seat: str, panel: MessageRecord, legal: list[Any], action: Any, used: Counter[str]
) -> None:
    """Make `action` with the panel's controls, in the page: the declarative controls (bot/ids.py: one
    `tb:a:` button per action, `tb:s:` menus of actions, `tb:f:` forms opening the bot's modals)."""
    table, version = next(
        (int(m[1]), int(m[2])) for m in map(DRAWN_FOR.match, panel.custom_ids) if m is not None
    )
    await pane.open(panel.channel_id)
    kind = getattr(action, "kind", "")
    lang = pane.lang
    if kind == "move_toward" and action.distance_in is None and not used["modal: toward"]:
        # once through the "set distance" dialog, typed like a player (an empty distance: all the way)
        fields = {
            t(lang, "arkenstone.ui.field.target"): action.target,
            t(lang, "arkenstone.ui.field.distance"): "",
        }
        title = t(lang, "arkenstone.ui.move_by_title", figure=t(lang, f"arkenstone.seat.{seat}"))
        await via_form(pane, panel, t(lang, "arkenstone.ui.move_by"), fields, title)
        used["modal: toward"] += 1
        return
    if kind == "place_figure":
        # typed as a cell in the bot's dialog, as a player who knows where they want to stand
        from engine.arkenstone.board import cell_at
        from engine.core.geometry import Point

        cell = cell_at(Point(x=action.x, y=action.y))
        assert cell is not None, action
        fields = {t(lang, "arkenstone.ui.field.x"): cell, t(lang, "arkenstone.ui.field.y"): ""}
        title = t(lang, "arkenstone.ui.place_title", figure=t(lang, f"arkenstone.seat.{seat}"))
        await via_form(pane, panel, t(lang, "arkenstone.ui.place_at"), fields, title)
        used["modal: cell"] += 1
        return
    index = legal.index(action) if action in legal else None
    button = f"tb:a:{table}:{version}:{index}"
    if button in panel.custom_ids:
        answer = await pane.click(panel.id, button)
        assert answer["ok"], answer
        used[f"button: {kind}"] += 1
        return
    found = menu_offering(rules, panel, action, index)
    if found is not None:
        answer = await pane.select(panel.id, *found)
        assert answer["ok"], answer
        used[f"select: {kind}"] += 1
        return
    raise AssertionError(f"{action!r} is not offered in {panel.custom_ids}")


async def play_out(
    pg: Playground, game: str, table: int, thread: int, panes: dict[str, Pane], limit: int = 400
) -> Counter[str]:
    """Play the table to its end through the page: each turn the acting seat's AI decides, the page acts."""
    rules = rules_for(game)
    bot = pg.bot
    assert bot is not None
    used: Counter[str] = Counter()
    for _ in range(limit):
        await bot.delivery.wait_idle()
        loaded = await bot.tables.load(table)
        if loaded.table.status != "active":
            return used
        state = loaded.state
        seat = sorted(rules.active_seats(state))[0]
        view = rules.view(state, seat)
        legal = list(rules.legal_actions(state, seat))
        action = rules.pilot(seat).choose(view, legal, dice_for(state).fork(f"pilot:{seat}"))
        pane = panes[seat]
        panel = await panel_for(pg, pane, thread, table, state.version)
        await act(pane, rules, seat, panel, legal, action, used)
    raise AssertionError(f"table {table} did not end within {limit} choices")


class ShownTo:
    """Every message id the page was given for each user (from its /api/channels answers)."""

    def __init__(self, page: Any) -> None:
        self.ids: dict[int, set[int]] = {}
        self.pending: list[Any] = []
        page.on("response", self._on_response)

    def _on_response(self, response: Any) -> None:
        url = urlparse(response.url)
        if url.path.startswith("/api/channels/") and response.status == 200:
            self.pending.append(response)

    async def collect(self) -> dict[int, set[int]]:
        for response in self.pending:
            user = int(parse_qs(urlparse(response.url).query)["user"][0])
            data = await response.json()
            self.ids.setdefault(user, set()).update(int(m["id"]) for m in data["messages"])
        self.pending.clear()
        return self.ids


def private_to(emu: Emulator, user: int) -> set[int]:
    """Messages only this user may see: their DMs with the bot and the ephemeral replies they got."""
    dm = emu.dm_channel_of(user)
    return {
        m.id
        for m in emu.store.messages.values()
        if m.ephemeral_to == user or (dm is not None and m.channel_id == dm)
    }


# ---- the games ------------------------------------------------------------------------------------------------


async def test_canyon_between_two_users_side_by_side_and_nobody_sees_the_others_secrets(
    playground: Playground, context: Any
) -> None:
    pg = playground
    assert pg.bot is not None
    pg.bot.tables.seeder = lambda: 6  # a long game: forks, hits of both kinds (tests/e2e seed)
    started = time.monotonic()
    page, panes = await open_page(pg, context, "alice", "bob")
    shown = ShownTo(page)
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
    # Bob sees the new thread appear in his sidebar (live), opens it and joins from the status message
    await bob.root.locator(f'.channel[data-channel="{thread}"]').wait_for()
    await bob.open(thread)
    joined = await bob.click(status_message(pg.emu, thread, 1).id, "tb:join:1")
    assert joined["ok"], joined

    used = await play_out(pg, "canyon", 1, thread, {"marine": alice, "ork": bob})
    await pg.bot.delivery.wait_idle()
    table = await pg.bot.tables.get(1)
    assert table.status == "finished" and sum(used.values()) >= 15, used
    # the end shows in the page: the status message offers a rematch, with the final board
    await alice.open(thread)
    status = status_message(pg.emu, thread, 1)
    await alice.msg(status.id).locator('button[data-custom-id="tb:rematch:1"]').wait_for()
    assert await alice.msg(status.id).locator(".attachments img").count() >= 1
    await screenshot(page, "canyon-duel")

    # Each private message reached its own user's page and no other's (views, DMs, ephemerals, images).
    ids = await shown.collect()
    for me, other in ((alice, bob), (bob, alice)):
        mine, theirs = private_to(pg.emu, me.user), private_to(pg.emu, other.user)
        assert ids[me.user] & mine, f"{me.name} never saw their own private messages"
        assert not ids[me.user] & theirs, f"{me.name}'s page showed {other.name}'s private messages"
    bob_dm = pg.emu.dm_channel_of(bob.user)
    bob_image = next(a for m in pg.emu.dm_messages(bob.user) for a in m.attachments)
    for path in (f"api/channels/{bob_dm}?user={alice.user}", f"files/{bob_image.id}/x.png?user={alice.user}"):
        response = await page.request.get(pg.url + path)
        assert response.status == 404, path
    response = await page.request.get(pg.url + f"files/{bob_image.id}/x.png?user={bob.user}")
    assert response.status == 200 and (await response.body())[:4] == b"\x89PNG"
    assert page.errors == []
    print(
        f"\ncanyon duel through the page: {sum(used.values())} choices in {time.monotonic() - started:.1f} s"
    )


async def test_arkenstone_against_the_ai_with_dialogs_in_spanish(
    playground: Playground, context: Any
) -> None:
    pg = playground
    assert pg.bot is not None
    pg.bot.tables.seeder = lambda: 8  # tests/e2e's AI game
    started = time.monotonic()
    page, panes = await open_page(pg, context, "carol")
    carol = panes["carol"]
    # carol reads Spanish: her client sends es-ES, the bot answers her in Spanish
    async with page.expect_response("**/language"):
        await carol.root.locator(".lang-select").select_option("es")
    carol.lang = "es"
    await carol.root.locator(".command-item, .command-input").first.wait_for()
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
    used = await play_out(pg, "arkenstone", 1, thread, {"bilbo": carol})
    table = await pg.bot.tables.get(1)
    assert table.status == "finished" and table.seats["smaug"] == "ai"
    assert used["modal: cell"] == 1 and used["modal: toward"] == 1, used  # two dialogs filled in
    assert {"select: move_toward", "button: guess", "button: search"} <= set(used), used
    await pg.bot.delivery.wait_idle()
    dm = pg.emu.dm_channel_of(carol.user)
    await carol.open(dm)
    assert "Bilbo" in await carol.root.locator(".messages").inner_text()
    you_play_es = t("es", "bot.you_play", seat="|").split("|")[0]
    assert any(you_play_es in m.content for m in pg.emu.dm_messages(carol.user)), "carol reads Spanish"
    await carol.open(thread)
    status = status_message(pg.emu, thread, 1)
    await carol.msg(status.id).locator('button[data-custom-id="tb:rematch:1"]').wait_for()
    await screenshot(page, "arkenstone-ai")
    assert page.errors == []
    print(
        f"\narkenstone vs AI through the page: {sum(used.values())} choices in {time.monotonic() - started:.1f} s"
        f" ({dict(used)})"
    )
