"""Space Hulk in Discord, end to end: a whole mission between two users, and a Marine player against
the engine's Genestealer AI, clicking only what the bot sent ("pick a model, then its action").

Seeded and deterministic: the bot's table seeds come from the fixture, the players' choices from a
seeded generator; no sleeps (every wait is on the bot's delivery going idle). The public image,
status and narration are drawn only from spectator views and events redacted for nobody, and a
blip's value or the command point chit reaches only its own player's private panel.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.app import TableroBot
from bot.games import presenter_for
from engine.spacehulk.view import SpaceHulkView
from playground.emulator import Emulator

from .harness import World, my_hand, run, spy_on, status_message
from .spacehulk_driver import play

pytestmark = pytest.mark.e2e
pytest.importorskip("renderers.spacehulk")

# A whole mission, kept short: the test mission ends (at the latest) after its third turn.
SHORT = "mission=purge turn_limit=3 timer_mode=untimed"


@pytest.fixture
async def sh_bot(start: Any) -> TableroBot:
    return await start(TABLERO_WORKERS=0)  # images drawn in-process, so the presenter spy sees them


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    return spy_on(monkeypatch, "spacehulk")


def _public_is_spectator_only(calls: list[tuple[str, Any]]) -> None:
    """Public pictures and words come from spectator views; private ones from a seat's own view."""
    public = [(n, a) for n, a in calls if n in ("status_text", "narrate")]
    assert public
    for name, arg in public:
        if name == "narrate":
            assert arg == arg.redacted_for(None) or arg.redacted_for(None) is None or arg.kind == "started"
        else:
            assert arg.seat is None and arg.cp is None and all(p.value is None for p in arg.pieces)
    boards = [a for n, a in calls if n == "board_png"]
    assert any(v.seat is None for v in boards)
    for v in boards:
        assert isinstance(v, SpaceHulkView)
        if v.seat != "genestealer":
            assert all(p.value is None for p in v.pieces) and v.bag is None


def _secret_lines(emu: Emulator, users: dict[str, int]) -> None:
    """The Genestealer player's blip panel and the Marine player's CP chit reach only their owners."""
    for message in emu.store.messages.values():
        if message.deleted or message.author_id != emu.bot.id:
            continue
        reader = (
            message.ephemeral_to
            if message.ephemeral
            else getattr(emu.store.channels[message.channel_id], "recipient_id", None)
        )
        if "Your blips:" in message.content or "Tus blips:" in message.content:
            assert reader == users["genestealer"], message.content[:200]
        if "Your command points:" in message.content or "Tus puntos de mando:" in message.content:
            assert reader == users["marine"], message.content[:200]


async def test_a_whole_mission_between_two_players(
    emu: Emulator, world: World, sh_bot: TableroBot, spy: list
) -> None:
    """Issue 12 item 7: the whole mission in async mode (`pace: async`, a deadline per prompt)."""
    args = {
        "game": "spacehulk",
        "opponent": world.bob,
        "side": "marine",
        "options": "mission=purge turn_limit=3",
        "pace": "async",
    }
    [reply] = await run(await emu.slash(world.alice, world.channel, "game new", args))
    assert "challenges" in reply.content
    [thread] = emu.threads(world.channel)
    await sh_bot.delivery.wait_idle()
    await run(await emu.click(world.bob, status_message(emu, thread, 1).id, "tb:join:1"))
    started = (await sh_bot.tables.load(1)).state
    assert started.options.variants.timer_mode == "budget"  # the async pace: per-prompt deadlines
    made = await play(emu, sh_bot, [world.alice, world.bob], thread, 1, random.Random(7))
    await sh_bot.delivery.wait_idle()
    table = await sh_bot.tables.get(1)
    assert table.status == "finished" and made >= 10
    assert table.outcome is not None and table.outcome.reason.startswith("spacehulk.")
    status = status_message(emu, thread, 1)
    assert status.attachments
    narration = "\n".join(m.content for m in emu.messages(thread))
    assert "Turn 1 begins." in narration and "The Marine action phase ends." in narration
    _public_is_spectator_only(spy)
    _secret_lines(emu, {"marine": world.alice, "genestealer": world.bob})
    assert not emu.unknown_requests


async def test_a_marine_player_against_the_genestealer_ai(
    emu: Emulator, world: World, sh_bot: TableroBot, spy: list
) -> None:
    args = {"game": "spacehulk", "side": "marine", "options": SHORT}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    made = await play(emu, sh_bot, [world.alice], thread, 1, random.Random(3))
    table = await sh_bot.tables.get(1)
    assert table.status == "finished" and table.seats["genestealer"] == "ai" and made >= 3
    narration = "\n".join(m.content for m in emu.messages(thread))
    assert "A blip arrives in entry area" in narration  # the AI's reinforcements, narrated
    _public_is_spectator_only(spy)
    _secret_lines(emu, {"marine": world.alice, "genestealer": -1})


async def test_missions_are_chosen_by_name_and_an_unknown_one_is_refused(
    emu: Emulator, world: World, sh_bot: TableroBot
) -> None:
    args = {"game": "spacehulk", "side": "marine", "options": "mission=nowhere"}
    [reply] = await run(await emu.slash(world.alice, world.channel, "game new", args))
    assert "purge" in reply.content and "deathwing_purge" in reply.content and not emu.threads(world.channel)
    args = {"game": "spacehulk", "side": "marine", "options": "mission=deathwing_purge timer_mode=untimed"}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    await sh_bot.delivery.wait_idle()
    status = status_message(emu, thread, 1)
    assert "Purge, Deathwing command squad" in status.content and status.attachments


async def test_the_options_field_suggests_missions_by_name(
    emu: Emulator, world: World, sh_bot: TableroBot
) -> None:
    typed = {"game": "spacehulk", "options": "timer_mode=untimed mission=p"}
    found = await emu.autocomplete(world.bob, world.channel, "game new", typed, focused="options")
    assert [c["value"] for c in found] == ["timer_mode=untimed mission=purge"]
    assert (
        found[0]["name"] == "timer_mode=untimed mission=purge · Purga (misión de prueba)"
    )  # bob reads Spanish


async def test_picking_a_model_shows_its_sight_in_the_private_picture(
    emu: Emulator, world: World, sh_bot: TableroBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The two-step menu: the model picked is the one whose fire arc the private image draws."""
    presenter = presenter_for("spacehulk")
    picked: list[tuple[str | None, str]] = []
    real = presenter.piece_png

    def spy(view: Any, action: Any, lang: str) -> Any:
        picked.append((view.seat, action.model))
        return real(view, action, lang)

    monkeypatch.setattr(presenter, "piece_png", spy)
    args = {"game": "spacehulk", "side": "marine", "options": SHORT}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    await sh_bot.delivery.wait_idle()
    hand = await my_hand(emu, world.alice, thread, 1)
    menu = next(c for c in hand.walk_components() if c.get("custom_id", "").startswith("tb:g:"))
    option = next(o for o in menu["options"] if o["label"].endswith("M3"))
    [panel] = await run(await emu.select(world.alice, hand.id, menu["custom_id"], [option["value"]]))
    assert picked == [("marine", "m3")] and panel.attachments


async def test_defend_perimeter_deployment_through_the_form(
    emu: Emulator, world: World, sh_bot: TableroBot
) -> None:
    """DW-SC3 in Discord: the Marine player places a Marine with the form (a typed cell and a
    facing), a wall is refused with its reason and the table unchanged, then "Deploy in the
    corridors" puts him back (narrated) and turn 1 begins."""
    from engine.spacehulk.board import square_name
    from engine.spacehulk.deployment import guard_posts

    args = {
        "game": "spacehulk",
        "side": "marine",
        "options": "mission=dw_defend_perimeter timer_mode=untimed",
    }
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    await sh_bot.delivery.wait_idle()
    loaded = await sh_bot.tables.load(1)
    state, version = loaded.state, loaded.state.version
    assert state.top().kind == "deploy"  # type: ignore[union-attr]
    post, facing = guard_posts(state, 1)[0]
    wall = next(
        (x, y, 0)
        for y in range(state.board.height)
        for x in range(state.board.width)
        if (x, y, 0) not in state.board.cells
    )

    async def place(square: tuple[int, int, int]) -> Any:
        hand = await my_hand(emu, world.alice, thread, 1)
        opened = await emu.click(
            world.alice, hand.id, f"tb:f:1:{(await sh_bot.tables.load(1)).state.version}:deploy"
        )
        kind, data = await opened.wait_response()
        assert kind == 9, (kind, data)  # the modal
        values = {"model": "M2", "square": square_name(square), "facing": facing}
        [reply] = await run(await emu.submit_modal(world.alice, hand.channel_id, data["custom_id"], values))
        await sh_bot.delivery.wait_idle()
        return reply

    refused = await place(wall)
    assert "is a wall" in refused.content
    assert (await sh_bot.tables.load(1)).state.version == version
    await place(post)
    moved = (await sh_bot.tables.load(1)).state
    assert moved.pieces["m2"].pos == post and moved.pieces["m2"].facing == facing
    hand = await my_hand(emu, world.alice, thread, 1)
    shortcut = next(c for c in hand.walk_components() if c.get("label") == "Deploy in the corridors")
    await run(await emu.click(world.alice, hand.id, shortcut["custom_id"]))
    await sh_bot.delivery.wait_idle()
    started = (await sh_bot.tables.load(1)).state
    assert started.turn == 1 and started.pieces["m2"].pos == state.pieces["m2"].pos
    narration = "\n".join(m.content for m in emu.messages(thread))
    home = square_name(state.pieces["m2"].pos)  # type: ignore[arg-type]
    assert f"M2 deploys on {home}" in narration  # the shortcut's move back, narrated
    assert "The Marines deploy in the corridors." in narration
    assert not emu.unknown_requests
