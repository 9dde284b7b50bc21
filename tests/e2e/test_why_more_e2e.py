"""`/why` end to end, the rulings of the second round (issue 29 item 5): in every game, one ruling the
first round left unexplained is asked about through Discord and answered privately with its rule
IDs and numbers: ClickWars' roll-off (from the "Why?" button of the player's DM panel), a Space
Hulk flamer refused out of its arc, Arkenstone's Discover refused out of reach (with the ruler drawn
on the table), and a Canyon of Death roll or random pick named by its step. Positions are reached
through the table service, as the engine's AI plays; the questions go through the emulator."""

from __future__ import annotations

from typing import Any

import pytest

from engine.arkenstone import actions as ak
from engine.arkenstone.board import figures_gap
from engine.clickwars import actions as cw
from engine.core import Rejected, dice_for
from engine.spacehulk.actions import Flame
from engine.spacehulk.board import chebyshev
from engine.spacehulk.board.los import in_fire_arc
from engine.spacehulk.weapons import weapon_of
from playground.emulator import Emulator

from .harness import World, run
from .test_why_e2e import CW_OPTIONS, _challenge

pytestmark = pytest.mark.e2e


async def _ai_step(bot: Any, users: dict[str, int]) -> tuple[Any, Any, str]:
    """One move of whoever must act, as the engine's AI would play it; (rules, state, seat) before it."""
    await bot.delivery.wait_idle()
    loaded = await bot.tables.load(1)
    rules, state = loaded.rules, loaded.state
    [seat] = sorted(rules.active_seats(state))[:1]
    legal = rules.legal_actions(state, seat)
    action = rules.pilot(seat).choose(rules.view(state, seat), legal, dice_for(state).fork("test"))
    await bot.tables.submit(1, users[seat], action, loaded.table.version)
    return rules, state, seat


async def test_why_from_the_dm_panel_after_the_clickwars_roll_off(
    emu: Emulator, world: World, start: Any
) -> None:
    """CW-DEP-3: both agree the set-up; the d10 roll-off decides who starts. The player who must act
    next finds "Why?" on the panel sent to their DMs, and pressing it tells the rule and both
    sides' dice; the shared status message offers no "Why?"."""
    bot = await start(TABLERO_WORKERS=0)
    thread = await _challenge(emu, world, bot, "clickwars", "red", CW_OPTIONS)
    await bot.tables.submit(1, world.alice, cw.ConfirmSetup(), None)
    await bot.tables.submit(1, world.bob, cw.ConfirmSetup(), None)
    await bot.delivery.wait_idle()
    records = await bot.store.load_events(1)
    (rolled,) = [r for r in records if r.kind == "rolled_off"]
    pairs = rolled.data["rolls"]
    loaded = await bot.tables.load(1)
    [seat] = sorted(loaded.rules.active_seats(loaded.state))[:1]
    user = {"red": world.alice, "blue": world.bob}[seat]
    dm = emu.dm_messages(user)[-1]
    why = next(c["custom_id"] for c in dm.walk_components() if c.get("label") in ("Why?", "¿Por qué?"))
    assert why == "tb:why:1"
    [answer] = await run(await emu.click(user, dm.id, why))
    reds = ", ".join(str(r) for r, _ in pairs)
    blues = ", ".join(str(b) for _, b in pairs)
    said = {  # Alice reads English, Bob Spanish
        world.alice: (
            "Rule applied: CW-DEP-3",
            f"Red's roll-off dice: {reds}",
            f"Blue's roll-off dice: {blues}",
        ),
        world.bob: (
            "Regla aplicada: CW-DEP-3",
            f"Dados del rojo en la tirada inicial: {reds}",
            f"Dados del azul en la tirada inicial: {blues}",
        ),
    }[user]
    assert answer.ephemeral_to == user and all(line in answer.content for line in said), answer.content
    status = [m for m in emu.messages(thread) if "tb:hand:1" in m.custom_ids]
    assert status and all("tb:why:1" not in m.custom_ids for m in status)


async def test_why_after_a_clickwars_charge_draws_its_corridor(
    emu: Emulator, world: World, start: Any
) -> None:
    """CW-CHG-1, CW-CHG-2, §8.4: Red's cavalryman charges its full 30 cm in a straight line; Alice's
    `/why` tells the rules, the line and the corridor its base sweeps, with the ruling drawn on her
    own view (the corridor as a band, the ruler labelled) and described in its alt text."""
    bot = await start(TABLERO_WORKERS=0)
    options = 'rounds=8 army_red=["cavalry"] army_blue=["rifleman"] terrain=[]'
    thread = await _challenge(emu, world, bot, "clickwars", "red", options)
    users = {"red": world.alice, "blue": world.bob}
    charged = None
    for _ in range(200):
        await bot.delivery.wait_idle()
        loaded = await bot.tables.load(1)
        rules, state = loaded.rules, loaded.state
        [seat] = sorted(rules.active_seats(state))[:1]
        if state.phase == "movement" and seat == "red":
            horse = next(u for u in state.units.values() if u.side == "red" and u.placed)
            toward = 0 if state.south == "red" else 180  # away from Red's own edge
            for bearing in (toward, toward + 30, toward - 30, toward + 60, toward - 60):
                try:
                    await bot.tables.submit(
                        1, world.alice, cw.Charge(unit=horse.id, bearing=bearing % 360), None
                    )
                except Rejected:
                    continue
                charged = horse
                break
            if charged is not None:
                break
        await _ai_step(bot, users)
    assert charged is not None, "the cavalryman never charged"
    await bot.delivery.wait_idle()
    [answer] = await run(await emu.slash(world.alice, thread, "why", {}))
    text = answer.content
    assert answer.ephemeral_to == world.alice and "CW-CHG-1, CW-CHG-2" in text
    assert "The charge's straight line: 30 cm, all of it" in text
    assert f"The corridor its base sweeps: {2 * charged.radius:g} cm wide" in text
    [picture] = answer.attachments
    assert picture.filename.endswith("-why.png") and "30 cm" in (picture.description or "")


async def test_why_after_a_flame_refused_out_of_its_arc(emu: Emulator, world: World, start: Any) -> None:
    """SHB-9.2, SHB-6.3: the heavy flamer's Marine aims behind himself; the refusal carries what was
    measured, and Alice's `/why` tells the rules, the distance against the 12 squares and that the
    square is not in the fire arc."""
    bot = await start(TABLERO_WORKERS=0)
    thread = await _challenge(emu, world, bot, "spacehulk", "marine", "timer_mode=untimed")
    users = {"marine": world.alice, "genestealer": world.bob}
    refused: Rejected | None = None
    distance = 0
    for _ in range(300):
        await bot.delivery.wait_idle()
        loaded = await bot.tables.load(1)
        rules, state = loaded.rules, loaded.state
        [seat] = sorted(rules.active_seats(state))[:1]
        flamer = next((p for p in state.marines() if weapon_of(p).flame and p.pos and p.facing), None)
        if seat == "marine" and flamer is not None and state.top() is None:
            board = state.mission.board
            own = board.section_of(flamer.pos)
            behind = sorted(
                (chebyshev(flamer.pos, sq), sq)
                for sq in board.cells
                if sq[2] == flamer.pos[2]
                and board.section_of(sq) != own
                and not in_fire_arc(flamer.facing, flamer.pos, sq)
                and sq not in board.door_index
                and all(p.pos != sq for p in state.marines())
            )
            if behind:
                try:
                    await bot.tables.submit(1, world.alice, Flame(model=flamer.id, at=behind[0][1]), None)
                except Rejected as no:
                    if no.message_id == "spacehulk.flame.no_line":
                        refused, distance = no, behind[0][0]
                        break
        await _ai_step(bot, users)
    assert refused is not None and refused.ruling is not None, "no flame behind the flamer was tried"
    [answer] = await run(await emu.slash(world.alice, thread, "why", {}))
    text = answer.content
    assert answer.ephemeral_to == world.alice
    assert "Rules applied, in order: SHB-6.3, SHB-6.4, SHB-9.2" in text
    assert f"Distance: {distance} square" in text and "Overwatch range: 12 squares" in text
    assert "In the fire arc (the front 90°): no" in text


async def test_why_after_a_discover_refused_out_of_reach(emu: Emulator, world: World, start: Any) -> None:
    """AK-ACT-S2, AK-GEN-3: Smaug tries Discover the Thief with Bilbo more than 1 inch away; his `/why`
    tells the gap against the 1-inch reach and draws the ruler along that gap on the table."""
    bot = await start(TABLERO_WORKERS=0)
    thread = await _challenge(emu, world, bot, "arkenstone", "bilbo", "")
    users = {"bilbo": world.alice, "smaug": world.bob}
    refused: Rejected | None = None
    for _ in range(300):
        await bot.delivery.wait_idle()
        loaded = await bot.tables.load(1)
        rules, state = loaded.rules, loaded.state
        [seat] = sorted(rules.active_seats(state))[:1]
        if (
            seat == "smaug"
            and state.bilbo is not None
            and state.smaug is not None
            and figures_gap(state) > 1.5
        ):
            try:
                await bot.tables.submit(1, world.bob, ak.Discover(), None)
            except Rejected as no:
                if no.message_id == "arkenstone.discover_out_of_reach":
                    refused = no
                    break
        await _ai_step(bot, users)
    assert refused is not None and refused.ruling is not None, "Smaug never tried out of reach"
    gap = refused.ruling.numbers["gap_in"]
    [answer] = await run(await emu.slash(world.bob, thread, "why", {}))
    assert answer.ephemeral_to == world.bob
    said = str(gap).replace(".", ",")  # Bob reads Spanish
    assert "Reglas aplicadas, en orden: AK-ACT-S2, AK-GEN-3" in answer.content
    assert f"Separación entre Bilbo y Smaug: {said} pulgadas" in answer.content
    assert "Alcance: 1 pulgada\n" in answer.content and "terreno difícil" not in answer.content
    [picture] = answer.attachments
    assert picture.filename.endswith("-why.png") and "AK-ACT-S2" in (picture.description or "")


async def test_why_names_a_canyon_roll_or_random_pick_by_its_step(
    emu: Emulator, world: World, start: Any
) -> None:
    """DC-CAN-3 (Jack), DC-CAN-5 (King), DC-HIT-1 (a hit absorbed by a random hand card): played as the
    AI plays until one happens; `/why step:N` tells the rule and its numbers to either player."""
    bot = await start(TABLERO_WORKERS=0)
    thread = await _challenge(emu, world, bot, "canyon", "marine", "")
    users = {"marine": world.alice, "ork": world.bob}
    wanted = {
        "flight_cards_recovered": "DC-CAN-3",
        "flight_cards_discarded": "DC-CAN-5",
        "hit_absorbed": "DC-HIT-1",
    }
    found = None
    for _ in range(400):
        records = await bot.store.load_events(1)
        found = next((r for r in records if r.kind in wanted), None)
        loaded = await bot.tables.load(1)
        if found is not None or loaded.table.is_over:
            break
        await _ai_step(bot, users)
    assert found is not None, "no Jack, King or absorbed hit in this game"
    [answer] = await run(await emu.slash(world.alice, thread, "why", {"step": found.seq}))
    assert answer.ephemeral_to == world.alice and f"(step {found.seq})" in answer.content
    assert f"Rule applied: {wanted[found.kind]}" in answer.content
    if found.kind != "hit_absorbed":
        assert f"The die: {found.data['roll']}" in answer.content
    else:
        assert "Cards in the hand, one picked at random:" in answer.content
