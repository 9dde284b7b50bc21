"""Phone-first picking (issue 29 item 4) and the close-up around the acting piece (issue 27 item 2),
end to end through the emulator: in ClickWars, Space Hulk and Hunt for the Arkenstone a piece's
legal targets are lettered on a close-up of the board (its alt text lists the letters and what each
is), "Pick by letter" shows a grid of lettered buttons (at most 3 rows of 5, with the game's own
buttons and the pages below), and a letter makes the move."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from typing import Any

import pytest

from bot.app import TableroBot
from playground.emulator import Emulator
from playground.emulator.records import MessageRecord

from .harness import World, latest_prompt, my_hand, pick, run, status_message

pytestmark = pytest.mark.e2e

LETTER = re.compile(r"^[A-Z]{1,2}$")
SMALL = 'rounds=1 army_red=["rifleman","rifleman","cavalry"] army_blue=["rifleman","lancer","cavalry"]'


def closeup(message: MessageRecord) -> Any:
    return next((a for a in message.attachments if a.filename.endswith("-closeup.png")), None)


def letters_button(message: MessageRecord) -> str | None:
    return next((c for c in message.custom_ids if c.startswith("tb:k:")), None)


def lettered(message: MessageRecord) -> list[dict[str, Any]]:
    return [c for c in message.walk_components() if c.get("type") == 2 and LETTER.match(c.get("label", ""))]


def rows_fit(message: MessageRecord) -> None:
    """Discord's limits: at most 5 rows, 5 buttons a row."""
    rows = [c for c in message.components if c.get("type") == 1]
    assert len(rows) <= 5
    assert all(len(r["components"]) <= 5 for r in rows)


async def until(
    emu: Emulator,
    bot: TableroBot,
    user: int,
    thread: int,
    wanted: Callable[[MessageRecord], bool],
    limit: int = 80,
) -> MessageRecord:
    """Click the first choice of the user's newest prompt until one is `wanted`."""
    for _ in range(limit):
        await bot.delivery.wait_idle()
        prompt = latest_prompt(emu, user)
        if prompt is None:
            status = status_message(emu, thread, 1)
            assert status is not None
            await run(await emu.click(user, status.id, "tb:hand:1"))
            continue
        if wanted(prompt):
            return prompt
        await run(await pick(emu, user, prompt))
    raise AssertionError("never reached the wanted prompt")


async def letters_panel(emu: Emulator, user: int, panel: MessageRecord) -> MessageRecord:
    """The panel with the lettered buttons: this one when they fit under its menus (then "Pick by
    letter" is not needed), else the one "Pick by letter" turns it into (updated in place)."""
    if lettered(panel):
        assert letters_button(panel) is None and "**A** · " in panel.content
        return panel
    cid = letters_button(panel)
    assert cid is not None, panel.custom_ids
    replies = await run(await emu.click(user, panel.id, cid))
    return replies[-1] if replies else panel  # a record is live: an edit in place updates it


def check_closeup(message: MessageRecord, piece: str) -> list[str]:
    """The close-up is first, described: around which piece, then "A: …" per letter. Its letters."""
    image = closeup(message)
    assert image is not None and message.attachments[0] is image
    described = image.description or ""
    assert piece in described.splitlines()[0]
    letters = [line.split(":")[0] for line in described.splitlines()[1:]]
    assert letters and letters[0] == "A" and all(LETTER.match(x) for x in letters)
    return letters


@pytest.fixture
async def bot(start) -> TableroBot:
    return await start()


async def test_clickwars_a_picked_unit_gets_a_closeup_and_a_letter_moves_it(
    emu: Emulator, world: World, bot: TableroBot, db_path
) -> None:
    args = {"game": "clickwars", "side": "blue", "options": SMALL}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    units = "Pick a unit to move"
    panel = await until(
        emu,
        bot,
        world.alice,
        thread,
        lambda m: any(units in (c.get("placeholder") or "") for c in m.walk_components()),
    )
    menu = next(c for c in panel.walk_components() if units in (c.get("placeholder") or ""))
    [picked] = await run(
        await emu.select(world.alice, panel.id, menu["custom_id"], [menu["options"][0]["value"]])
    )
    uid = re.match(r"[RB]\d+", menu["options"][0]["label"])[0]
    letters = check_closeup(picked, uid)
    assert closeup(picked).image_size()[0] >= 600  # zoomed: a long side of at least 600 px
    assert "cm" in closeup(picked).description
    rows_fit(picked)
    grid = await letters_panel(emu, world.alice, picked)
    buttons = lettered(grid)
    assert [b["label"] for b in buttons] == letters[: len(buttons)] and 1 <= len(buttons) <= 15
    assert "**A** · " in grid.content  # the key: what each letter picks
    rows_fit(grid)
    labels = " ".join(str(c.get("label")) for c in grid.walk_components() if c.get("type") == 2)
    assert "End phase" in labels  # the game's own buttons stay
    if grid is not picked:  # the grid of its own: back to the menus in one tap
        assert "Menus" in labels
    moves = moved(db_path)
    [previewed] = await run(await emu.click(world.alice, grid.id, buttons[0]["custom_id"]))
    assert "(cost" in previewed.content or "cm" in previewed.content  # letter A's move, previewed
    confirm = next(c for c in previewed.walk_components() if c.get("label") == "Confirm")
    await run(await emu.click(world.alice, previewed.id, confirm["custom_id"]))
    await bot.delivery.wait_idle()
    assert moved(db_path) == moves + 1  # the unit moved where letter A said


def moved(db_path: Any) -> int:
    with sqlite3.connect(db_path) as db:
        return db.execute(
            "SELECT COUNT(*) FROM events WHERE table_id = 1 AND kind IN ('moved', 'charged')"
        ).fetchone()[0]


async def test_spacehulk_a_picked_models_squares_are_lettered_and_a_letter_steps_there(
    emu: Emulator, world: World, start: Any, db_path: Any
) -> None:
    bot = await start()
    args = {"game": "spacehulk", "side": "marine", "options": "mission=purge turn_limit=3 timer_mode=untimed"}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    await bot.delivery.wait_idle()
    hand = await my_hand(emu, world.alice, thread, 1)
    menu = next(c for c in hand.walk_components() if c.get("custom_id", "").startswith("tb:g:"))
    option = next(o for o in menu["options"] if o["label"].endswith("M3"))
    [panel] = await run(await emu.select(world.alice, hand.id, menu["custom_id"], [option["value"]]))
    letters = check_closeup(panel, "M3")
    rows_fit(panel)
    grid = await letters_panel(emu, world.alice, panel)
    buttons = lettered(grid)
    assert [b["label"] for b in buttons] == letters[: len(buttons)]
    rows_fit(grid)
    key = {line.split(" · ", 1)[0].strip("*"): line for line in grid.content.splitlines() if " · " in line}
    step = next(b for b in buttons if ": move to " in key.get(b["label"], ""))
    before = events(db_path, "moved")
    [shown] = await run(await emu.click(world.alice, grid.id, step["custom_id"]))
    confirm = next((c for c in shown.walk_components() if c.get("label") == "Confirm"), None)
    if confirm is not None:  # a Marine's step is previewed with its price first (issue 26 item 5)
        await run(await emu.click(world.alice, shown.id, confirm["custom_id"]))
    assert events(db_path, "moved") == before + 1


def events(db_path: Any, kind: str, where: str = "") -> int:
    """How many events of this kind the table logged (with `where` in their data)."""
    with sqlite3.connect(db_path) as db:
        return db.execute(
            "SELECT COUNT(*) FROM events WHERE table_id = 1 AND kind = ? AND instr(data, ?) > 0",
            (kind, where),
        ).fetchone()[0]


async def test_arkenstone_the_figures_moves_are_lettered_and_a_letter_moves_it(
    emu: Emulator, world: World, bot: TableroBot, db_path: Any
) -> None:
    args = {"game": "arkenstone", "side": "bilbo", "options": "layout=random"}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    # setting Bilbo: the free cells lettered on a close-up of the places offered (AK-SET-1..4)
    placing = await until(emu, bot, world.alice, thread, lambda m: closeup(m) is not None)
    head = closeup(placing).description.splitlines()
    assert head[0].startswith("Close-up of the places to pick from:") and head[1].startswith(
        "A: Set your figure at "
    )
    cells = await letters_panel(emu, world.alice, placing)
    rows_fit(cells)
    before = events(db_path, "figure_placed", '"seat":"bilbo"')
    await run(await emu.click(world.alice, cells.id, lettered(cells)[0]["custom_id"]))
    assert events(db_path, "figure_placed", '"seat":"bilbo"') == before + 1

    # moving: the ends of Bilbo's moves lettered round him
    def moving(m: MessageRecord) -> bool:
        image = closeup(m)
        return image is not None and "Close-up around" in (image.description or "")

    panel = await until(emu, bot, world.alice, thread, moving)
    letters = check_closeup(panel, "Bilbo")
    assert "in" in closeup(panel).description  # the moves in the table's unit
    rows_fit(panel)
    grid = await letters_panel(emu, world.alice, panel)
    buttons = lettered(grid)
    assert [b["label"] for b in buttons] == letters[: len(buttons)] and len(buttons) <= 15
    rows_fit(grid)
    pages = [c for c in grid.walk_components() if c.get("custom_id", "").startswith("tb:k:")]
    if len(letters) > 15:  # more letters than a grid holds: the next page has the rest
        assert [c["label"] for c in pages] == ["More ▸"]
        [second] = await run(await emu.click(world.alice, grid.id, pages[0]["custom_id"]))
        assert lettered(second)[0]["label"] == "P" and "**P** · " in second.content
        grid = second
        buttons = lettered(grid)
    before = events(db_path, "figure_moved", '"seat":"bilbo"')
    await run(await emu.click(world.alice, grid.id, buttons[0]["custom_id"]))
    await bot.delivery.wait_idle()
    assert events(db_path, "figure_moved", '"seat":"bilbo"') == before + 1


async def test_spacehulk_defend_perimeters_guard_posts_are_lettered_and_a_letter_deploys_there(
    emu: Emulator, world: World, bot: TableroBot, db_path: Any
) -> None:
    """DW-SC3: the guard posts of the menu, lettered on a close-up of the squares offered."""
    args = {
        "game": "spacehulk",
        "side": "marine",
        "options": "mission=dw_defend_perimeter timer_mode=untimed",
    }
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    await bot.delivery.wait_idle()
    hand = await my_hand(emu, world.alice, thread, 1)
    head = closeup(hand).description.splitlines()
    assert head[0].startswith("Close-up of the places to pick from:") and head[1].startswith("A: ")
    rows_fit(hand)
    grid = await letters_panel(emu, world.alice, hand)
    buttons = lettered(grid)
    assert buttons and buttons[0]["label"] == "A"
    rows_fit(grid)
    [shown] = await run(await emu.click(world.alice, grid.id, buttons[0]["custom_id"]))
    confirm = next((c for c in shown.walk_components() if c.get("label") == "Confirm"), None)
    if confirm is not None:
        await run(await emu.click(world.alice, shown.id, confirm["custom_id"]))
    assert events(db_path, "deployed") == 1
