"""Hunt for the Arkenstone in Discord, end to end through the emulator (issue 4, items 4 and 5).

The players here click only what the bot sent them. Each turn a script decides what a sensible
player would do (the game's own AI, from that seat's view; Bilbo's player also skips his first free
action by guessing at once, A13) and then finds that choice among the components of the player's
panel: the move selects, the Search / Recover / Discover / Pass buttons, Higher / Lower (with the
free-action controls too), the trick, the turn-ups, the free-cell pickers, or one of the modals (a set
distance, exact coordinates, a cell) typed like a player would. Every panel is also checked to
offer only what the engine accepts now.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

from bot.app import TableroBot
from bot.games import presenter_for
from engine.arkenstone import (
    RULES,
    ArkenstoneView,
    Guess,
    MoveDirection,
    MoveToward,
    Pass,
    PlaceCard,
    PlaceFigure,
)
from engine.arkenstone.ai import guess_higher
from engine.arkenstone.board import CELL_BY_NAME, cell_at, resolve_move
from engine.core import Action, Rejected, dice_for
from engine.core.geometry import Point
from playground.emulator import Emulator, MessageRecord
from renderers.i18n import t

from .harness import World, my_hand, public_calls, run, spy_on, start_spied, status_message

pytestmark = pytest.mark.e2e

DRAWN_FOR = re.compile(r"^tb:[asfj]:(\d+):(\d+)")
PILOTS = {seat: RULES.pilot(seat) for seat in RULES.seats}


@pytest.fixture
async def ark_bot(start: Any, request: pytest.FixtureRequest) -> TableroBot:
    return await start_spied(start, request)


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """Record what the presenter is asked to draw or narrate (public_calls: the public board and status)."""
    return spy_on(monkeypatch, "arkenstone")


# --- reading what the bot sent ---------------------------------------------------------------------------


def drawn_for(message: MessageRecord, table: int, version: int) -> bool:
    """True if the message offers choices drawn for this table at this version."""
    for cid in message.custom_ids:
        match = DRAWN_FOR.match(cid)
        if match and (int(match[1]), int(match[2])) == (table, version):
            return True
    return False


async def panel_for(emu: Emulator, user: int, thread: int, table: int, version: int) -> MessageRecord:
    """The user's newest private panel for this version (a DM or an ephemeral reply), else "My hand"."""
    mine = [
        m
        for m in emu.visible_to(user)
        if (m.ephemeral_to == user or m.guild_id is None) and drawn_for(m, table, version)
    ]
    if mine:
        return max(mine, key=lambda m: m.id)
    reply = await my_hand(emu, user, thread, table)
    assert drawn_for(reply, table, version), reply.content
    return reply


def component(message: MessageRecord, prefix: str) -> dict[str, Any] | None:
    return next((c for c in message.walk_components() if c.get("custom_id", "").startswith(prefix)), None)


def offered(option: dict[str, Any]) -> Action | None:
    """The action a menu option carries as JSON (None for an index into the legal actions)."""
    value = option["value"]
    return RULES.parse_action(json.loads(value)) if value.startswith("{") else None


def menu(message: MessageRecord, kind: type[Action]) -> dict[str, Any] | None:
    """The menu whose options carry actions of this kind (the "toward" or the "direction" menu)."""
    for c in message.walk_components():
        if c.get("custom_id", "").startswith("tb:s:") and any(
            isinstance(offered(o), kind) for o in c.get("options", [])
        ):
            return c
    return None


def form_id(table: int, version: int, form: str) -> str:
    return f"tb:f:{table}:{version}:{form}"


def check_offers(message: MessageRecord, view: ArkenstoneView, legal: list[Action]) -> None:
    """The panel offers only what is legal now: every move option resolves, every index is in range."""
    seat = view.seat
    assert seat is not None
    for c in message.walk_components():
        cid = c.get("custom_id", "")
        if cid.startswith("tb:a:"):
            assert int(cid.rsplit(":", 1)[1]) < len(legal)
        elif cid.startswith("tb:s:"):
            for option in c["options"]:
                action = offered(option)
                if isinstance(action, MoveToward | MoveDirection):
                    resolve_move(view, seat, action)  # raises if refused
                else:
                    assert action is None and int(option["value"]) < len(legal)
    if view.phase in ("action", "free_action"):  # the forms and Pass are always there
        ids = " ".join(message.custom_ids)
        assert ":move_by" in ids and ":move_to" in ids and f":{legal.index(Pass())}" in ids
    guesses = (
        [f":{legal.index(Guess(higher=h))}" for h in (True, False)] if Guess(higher=True) in legal else []
    )
    if view.phase == "free_action":  # A13: Higher / Lower come with the free-action controls
        assert guesses and all(
            any(c.endswith(g) for c in message.custom_ids if c.startswith("tb:a:")) for g in guesses
        )


# --- choosing like a player -------------------------------------------------------------------------------


async def via_modal(
    emu: Emulator, user: int, message: MessageRecord, button: str, values: dict[str, str]
) -> MessageRecord:
    """Press a button that opens a modal, fill it in, submit it; the reply."""
    opened = await emu.click(user, message.id, button)
    kind, data = await opened.wait_response()
    assert kind == 9, (kind, data)  # MODAL
    submitted = await emu.submit_modal(user, message.channel_id, data["custom_id"], values)
    [reply] = await run(submitted)
    return reply


async def choose(
    emu: Emulator,
    user: int,
    message: MessageRecord,
    view: ArkenstoneView,
    legal: list[Action],
    action: Action,
    used: Counter[str],
) -> tuple[MessageRecord, str]:
    """Make `action` through the panel's components (moves alternate between the selects and the
    modals); returns the reply and which control was used."""
    table, version = next(
        (int(m[1]), int(m[2])) for m in map(DRAWN_FOR.match, message.custom_ids) if m is not None
    )
    seat = view.seat
    assert seat is not None
    match action:
        case MoveToward(target=target, distance_in=None) if (
            used["select: toward"] > 2 * used["modal: toward"]
        ):
            reply = await via_modal(
                emu, user, message, form_id(table, version, "move_by"), {"target": target, "distance": ""}
            )
            return reply, "modal: toward"
        case MoveToward(target=target, distance_in=None):
            select = menu(message, MoveToward)
            assert select is not None
            [value] = [o["value"] for o in select["options"] if offered(o) == action]
            [reply] = await run(await emu.select(user, message.id, select["custom_id"], [value]))
            return reply, "select: toward"
        case MoveDirection() if used["select: direction"] > used["modal: point"]:
            end = resolve_move(view, seat, action)
            values = {"x": repr(end.x), "y": repr(end.y)}
            button = form_id(table, version, "move_to")
            return await via_modal(emu, user, message, button, values), "modal: point"
        case MoveDirection():
            select = menu(message, MoveDirection)
            assert select is not None
            [value] = [o["value"] for o in select["options"] if offered(o) == action]
            [reply] = await run(await emu.select(user, message.id, select["custom_id"], [value]))
            return reply, "select: direction"
        case PlaceFigure(x=x, y=y) if seat == "bilbo":  # Bilbo's player types the cell
            cell = cell_at(Point(x=x, y=y))
            assert cell is not None
            button = form_id(table, version, "place")
            return await via_modal(emu, user, message, button, {"x": cell, "y": ""}), "modal: cell"
    index = legal.index(action)
    button = f"tb:a:{table}:{version}:{index}"
    if button in message.custom_ids:
        [reply] = await run(await emu.click(user, message.id, button))
        skipped = isinstance(action, Guess) and view.phase == "free_action"
        return reply, "button: guess (free action)" if skipped else f"button: {action.kind}"
    for c in message.walk_components():
        if c.get("custom_id", "").startswith("tb:s:") and str(index) in [o["value"] for o in c["options"]]:
            [reply] = await run(await emu.select(user, message.id, c["custom_id"], [str(index)]))
            kind = "picker: cell" if isinstance(action, PlaceCard | PlaceFigure) else "select"
            return reply, f"{kind}"
    raise AssertionError(f"{action!r} is not offered in {message.custom_ids}")


async def play_out(
    bot: TableroBot,
    emu: Emulator,
    thread: int,
    table: int,
    users: dict[str, int],
    limit: int = 300,
    *,
    settle: bool = False,
) -> Counter[str]:
    """Play the table to its end through the UI, as the seats' AI would; which controls were used.
    `settle`: wait for every delivery before each choice (players who read what they were sent)."""
    used: Counter[str] = Counter()
    for _ in range(limit):
        if settle:
            await bot.delivery.wait_idle()
        loaded = await bot.tables.load(table)
        if loaded.table.status != "active":
            return used
        state = loaded.state
        [seat] = RULES.active_seats(state)
        view = RULES.view(state, seat)
        legal = RULES.legal_actions(state, seat)
        action = PILOTS[seat].choose(view, legal, dice_for(state).fork(f"pilot:{seat}"))
        if view.phase == "free_action" and not used["button: guess (free action)"]:
            action = Guess(higher=guess_higher(view, seat))  # A13: skip the first free action
        message = await panel_for(emu, users[seat], thread, table, state.version)
        check_offers(message, view, legal)
        reply, how = await choose(emu, users[seat], message, view, legal, action, used)
        assert "\n✅ " in reply.content, reply.content
        used[how] += 1
    raise AssertionError(f"table {table} did not end within {limit} choices")


def assert_public_is_spectator_only(calls: list[tuple[str, Any]]) -> None:
    public = public_calls(calls)
    assert all(view.seat is None for _, view in public)
    for _, view in public:  # nobody sees a face-down diamond's identity (§1)
        assert all(tr.rank is None for tr in view.treasures if not tr.face_up)


# --- the tests ---------------------------------------------------------------------------------------------


async def test_a_whole_game_between_two_players_with_manual_placement(
    emu: Emulator, world: World, ark_bot: TableroBot, spy: list[tuple[str, Any]]
) -> None:
    """AK-SET-1..5 by the grid draft (the default layout, §8.1), then the turn loop to the end, every
    choice made in Discord."""
    ark_bot.tables.seeder = lambda: 77  # Bilbo wins: moves, a trick, turn-ups, searches, Smaug's discover
    sides = await emu.autocomplete(
        world.alice, world.channel, "game new", {"game": "arkenstone", "side": ""}, focused="side"
    )
    assert {c["value"] for c in sides} == {"bilbo", "smaug"}
    args = {"game": "arkenstone", "opponent": world.bob, "side": "smaug"}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    await ark_bot.delivery.wait_idle()
    await run(await emu.click(world.bob, status_message(emu, thread, 1).id, "tb:join:1"))
    loaded = await ark_bot.tables.load(1)
    assert loaded.state.options.layout == "draft" and loaded.state.phase == "place_smaug"
    assert loaded.table.seats == {"smaug": world.alice, "bilbo": world.bob}
    await ark_bot.delivery.wait_idle()
    # Smaug's player is asked by DM to set Smaug: a picker of free cells, and exact coordinates
    dm = emu.dm_messages(world.alice)[-1]
    assert "tb:f:1:" in " ".join(dm.custom_ids) and ":place" in " ".join(dm.custom_ids)
    cells = [
        o for c in dm.walk_components() if c.get("custom_id", "").startswith("tb:s:") for o in c["options"]
    ]
    assert len(cells) == 49 and "A1" in cells[0]["label"]

    used = await play_out(ark_bot, emu, thread, 1, {"smaug": world.alice, "bilbo": world.bob})
    await ark_bot.delivery.wait_idle()

    table = await ark_bot.tables.get(1)
    assert table.status == "finished" and table.outcome.winners == ("bilbo",)
    assert {"picker: cell", "modal: cell", "select: toward", "modal: toward", "button: guess"} <= set(used)
    assert used["button: guess (free action)"] == 1 and used["picker: cell"] == 1 + 26
    assert {
        "button: search",
        "button: recover",
        "button: trick",
        "button: turn_up",
        "button: discover",
    } <= set(used)
    assert {"select: direction", "modal: point"} <= set(used)
    assert sum(used.values()) >= 60
    status = status_message(emu, thread, 1)
    assert status.attachments and "tb:rematch:1" in status.custom_ids and "Bilbo" in status.content
    narration = "\n".join(m.content for m in emu.messages(thread))
    assert "T1" in narration and "recovered the Arkenstone" in narration  # the thread speaks English
    assert_public_is_spectator_only(spy)
    assert not emu.unknown_requests


async def test_a_whole_game_against_the_ai(
    emu: Emulator, world: World, ark_bot: TableroBot, spy: list[tuple[str, Any]]
) -> None:
    """Quick random layout (§8.1): Smaug's AI places Smaug, Bilbo's player places Bilbo (AK-SET-1), the
    bot deals the cards (AK-SET-5); then to the end."""
    ark_bot.tables.seeder = lambda: 8
    args = {"game": "arkenstone", "side": "bilbo", "options": "layout=random"}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    opening = (await ark_bot.tables.load(1)).state
    assert opening.phase == "place_bilbo" and opening.smaug is not None and not opening.treasures
    used = await play_out(ark_bot, emu, thread, 1, {"bilbo": world.alice})
    table = await ark_bot.tables.get(1)
    assert table.status == "finished" and table.seats["smaug"] == "ai"
    assert used["modal: cell"] == 1 and "picker: cell" not in used  # Bilbo only; the bot dealt the cards
    assert {"select: toward", "modal: toward", "button: guess", "button: search"} <= set(used)
    assert used["button: guess (free action)"] == 1
    assert {"select: direction", "modal: point"} & set(used)
    await ark_bot.delivery.wait_idle()
    assert "tb:rematch:1" in status_message(emu, thread, 1).custom_ids
    assert_public_is_spectator_only(spy)


async def test_a_move_out_of_range_typed_in_a_modal_is_refused_politely(
    emu: Emulator, world: World, ark_bot: TableroBot
) -> None:
    """AK-ACT-B1: Bilbo moves at most 4 inches; a typed point farther away, or where he stands, changes
    nothing."""
    ark_bot.tables.seeder = lambda: 16
    panel = await bilbo_set_on(emu, world, ark_bot, world.bob, "A1")
    before = (await ark_bot.tables.load(1)).state
    assert before.phase == "free_action" and before.bilbo == CELL_BY_NAME["A1"]
    assert "Moverse a unas coordenadas…" in str(panel.components)  # Bob reads Spanish
    version = before.version
    x = before.bilbo.x + (10.0 if before.bilbo.x < 20 else -10.0)

    opened = await emu.click(world.bob, panel.id, form_id(1, version, "move_to"))
    kind, modal = await opened.wait_response()
    assert kind == 9 and modal["title"] == "Mover a Bilbo a un punto"
    values = {"x": repr(x).replace(".", ","), "y": repr(before.bilbo.y)}  # a decimal comma is fine
    [reply] = await run(await emu.submit_modal(world.bob, panel.channel_id, modal["custom_id"], values))
    expected = t("es", "arkenstone.move_too_far", distance="10", figure="Bilbo", limit="4")
    assert reply.ephemeral and expected in reply.content, reply.content
    assert "Ese punto está a 10 pulgadas" in reply.content

    typed = {"x": "doce", "y": "3"}
    [reply] = await run(
        await _reopen_and_submit(emu, world.bob, panel, form_id(1, version, "move_to"), typed)
    )
    assert reply.ephemeral and "«doce» no es un número de pulgadas." in reply.content

    here = {"x": "A1", "y": ""}  # where Bilbo stands: a move that goes nowhere
    [reply] = await run(await _reopen_and_submit(emu, world.bob, panel, form_id(1, version, "move_to"), here))
    assert reply.ephemeral and "Ese movimiento dejaría a Bilbo donde está; para quedarte quieto, pasa." in (
        reply.content
    )

    after = (await ark_bot.tables.load(1)).state
    assert after.version == version and after.bilbo == before.bilbo and after.phase == "free_action"

    # the same move within reach, typed the same way, is carried out
    near = before.bilbo.x + (2.5 if before.bilbo.x < 20 else -2.5)
    [reply] = await run(
        await _reopen_and_submit(
            emu, world.bob, panel, form_id(1, version, "move_to"), {"x": f"{near} {before.bilbo.y}"}
        )
    )
    assert "✅ Moverse a (" in reply.content, reply.content
    moved = (await ark_bot.tables.load(1)).state
    assert moved.bilbo == Point(x=near, y=before.bilbo.y) and moved.version > version


async def bilbo_set_on(emu: Emulator, world: World, bot: TableroBot, user: int, cell: str) -> MessageRecord:
    """A quick random table against Smaug's AI: the player sets Bilbo on `cell` with the panel's cell
    picker (AK-SET-1) and the bot deals (AK-SET-5); the panel of Bilbo's free action."""
    args = {"game": "arkenstone", "side": "bilbo", "options": "layout=random"}
    await run(await emu.slash(user, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    state = (await bot.tables.load(1)).state
    assert state.phase == "place_bilbo"
    at = CELL_BY_NAME[cell]
    index = str(RULES.legal_actions(state, "bilbo").index(PlaceFigure(x=at.x, y=at.y)))
    panel = await my_hand(emu, user, thread, 1)
    picker = next(
        c
        for c in panel.walk_components()
        if c.get("custom_id", "").startswith("tb:s:") and index in [o["value"] for o in c["options"]]
    )
    [reply] = await run(await emu.select(user, panel.id, picker["custom_id"], [index]))
    assert "✅" in reply.content, reply.content
    return await my_hand(emu, user, thread, 1)


async def _reopen_and_submit(
    emu: Emulator, user: int, panel: MessageRecord, button: str, values: dict[str, str]
) -> Any:
    opened = await emu.click(user, panel.id, button)
    _, modal = await opened.wait_response()
    return await emu.submit_modal(user, panel.channel_id, modal["custom_id"], values)


async def test_an_english_player_reads_the_refusal_in_english(
    emu: Emulator, world: World, ark_bot: TableroBot
) -> None:
    """A compass move typed beyond the reach: the numbers, in the player's language; nothing changes."""
    ark_bot.tables.seeder = lambda: 16
    panel = await bilbo_set_on(emu, world, ark_bot, world.alice, "C2")
    state = (await ark_bot.tables.load(1)).state
    version = state.version
    values = {"target": "north-east", "distance": "7.5 in"}
    [reply] = await run(
        await _reopen_and_submit(emu, world.alice, panel, form_id(1, version, "move_by"), values)
    )
    assert reply.ephemeral and "That point is 7.5 inches away; Bilbo moves at most 4 inches." in reply.content
    here = {"x": f"{state.bilbo.x} {state.bilbo.y}", "y": ""}
    [reply] = await run(
        await _reopen_and_submit(emu, world.alice, panel, form_id(1, version, "move_to"), here)
    )
    assert (
        reply.ephemeral and "That move would leave Bilbo where he stands; to stay put, pass." in reply.content
    )
    assert (await ark_bot.tables.get(1)).version == version

    # A13: Higher / Lower sit with the free-action controls; guessing at once declines the free action.
    legal = RULES.legal_actions(state, "bilbo")
    higher = f"tb:a:1:{version}:{legal.index(Guess(higher=True))}"
    assert higher in panel.custom_ids and f"tb:a:1:{version}:{legal.index(Pass())}" in panel.custom_ids
    [reply] = await run(await emu.click(world.alice, panel.id, higher))
    assert "✅ Higher" in reply.content, reply.content
    after = (await ark_bot.tables.load(1)).state
    assert after.version > version and after.bilbo == state.bilbo
    await ark_bot.delivery.wait_idle()
    [thread] = emu.threads(world.channel)
    narration = "\n".join(m.content for m in emu.messages(thread))
    assert "Bilbo guesses higher" in narration and "Bilbo passes" not in narration


def test_typed_inputs_parse_like_a_player_writes_them() -> None:
    """Decimal commas, units, Spanish compass codes, cells; and refusals with catalog texts in both languages."""
    from renderers.arkenstone.controls import MESSAGES, parse_at, parse_move_by
    from renderers.measure import MESSAGES as MEASURES
    from renderers.measure import parse_length

    def parse_inches(text: str) -> float:
        return parse_length(text, "in")

    parse_point = parse_at
    assert parse_inches("2,5") == parse_inches('2.5"') == parse_inches("2.5 pulgadas") == 2.5
    assert parse_inches("2.54 cm") == pytest.approx(1.0) and parse_length("2 in", "cm") == 5.08
    assert parse_move_by("bilbo", "NO", "") == MoveDirection(direction="NW", distance_in=4.0)
    assert parse_move_by("smaug", "sudoeste", "3") == MoveDirection(direction="SW", distance_in=3.0)
    assert parse_move_by("smaug", "T5", "") == MoveToward(target="T5")
    assert parse_point("D4", "") == (3.5 * 6.75, 3.5 * 6.75)
    assert parse_point("12 30", "") == (12.0, 30.0)
    with pytest.raises(Rejected) as refused:
        parse_point("12", "")
    assert refused.value.message_id == "arkenstone.ui.need_both"
    with pytest.raises(Rejected):
        parse_inches("nan")
    for key, english in (MESSAGES | MEASURES).items():
        assert t("en", key, text="x") == english.format(text="x")
        assert t("es", key, text="x") != english.format(text="x")


async def test_a_modal_opened_before_a_restart_is_still_answered(
    emu: Emulator, world: World, start: Any
) -> None:
    """Modal submits are routed by their custom_id, not by memory of the process that opened them."""
    first = await start()
    first.tables.seeder = lambda: 16
    panel = await bilbo_set_on(emu, world, first, world.alice, "G7")
    version = (await first.tables.get(1)).version
    toward = offered(menu(panel, MoveToward)["options"][0])
    assert isinstance(toward, MoveToward)
    target = toward.target
    opened = await emu.click(world.alice, panel.id, form_id(1, version, "move_by"))
    _, modal = await opened.wait_response()
    await first.close()
    second = await start()
    values = {"target": target, "distance": "1.5"}
    [reply] = await run(await emu.submit_modal(world.alice, panel.channel_id, modal["custom_id"], values))
    assert f"✅ Move 1.5 in toward {target}" in reply.content, reply.content
    assert (await second.tables.get(1)).version > version


def test_the_picker_always_fits_discord_and_offers_only_accepted_moves() -> None:
    """Over random games in every layout: ≤ 5 rows, a select alone in its row, ≤ 25 options, short labels,
    and every move option accepted by the engine from that seat's view."""
    from bot.panels import Panel, SelectSpec, control_components
    from engine.arkenstone.ai import RandomPilot
    from engine.core import new_game, step

    presenter = presenter_for("arkenstone")
    checked = 0
    for seed, layout in [(s, lay) for s in range(2) for lay in ("random", "draft", "free")]:
        state, _ = new_game(RULES, {"layout": layout}, seed)
        pilots = {seat: RandomPilot(seat) for seat in RULES.seats}
        for _ in range(70):
            if RULES.outcome(state) is not None:
                break
            [seat] = RULES.active_seats(state)
            view, legal = RULES.view(state, seat), RULES.legal_actions(state, seat)
            for lang in ("en", "es"):
                controls = presenter.controls(view, legal, lang)
                if controls is None:
                    assert view.phase not in ("action", "free_action") and not view.phase.startswith("place")
                    continue
                specs = control_components(1, state.version, controls)
                checked += 1
                rows = Counter(s.row for s in specs)
                assert max(s.row for s in specs) <= 4  # type: ignore[operator]
                for s in specs:
                    if isinstance(s, SelectSpec):
                        assert rows[s.row] == 1 and 1 <= len(s.options) <= 25
                        assert all(len(label) <= 100 for label, _ in s.options)
                    else:
                        assert len(s.label) <= 80 and rows[s.row] <= 5
                Panel("", components=specs).view()  # discord.py accepts the layout
                check_offers(_as_message(specs), view, legal)
            state, _ = step(RULES, state, seat, pilots[seat].choose(view, legal, dice_for(state)))
    assert checked > 250, checked


def _as_message(specs: list[Any]) -> Any:
    """The picker's specs shaped like a received message (for check_offers)."""
    from bot.panels import SelectSpec

    components = [
        {"custom_id": s.custom_id, "options": [{"label": lbl, "value": v} for lbl, v in s.options]}
        if isinstance(s, SelectSpec)
        else {"custom_id": s.custom_id}
        for s in specs
    ]

    class _Message:
        custom_ids = [c["custom_id"] for c in components]

        def walk_components(self) -> list[dict[str, Any]]:
            return components

    return _Message()
