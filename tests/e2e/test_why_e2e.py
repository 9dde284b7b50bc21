"""`/why` end to end (issue 29 item 5): after a blocked ClickWars shot and after a Space Hulk
overwatch shot, the player asks why and reads, privately and in their language, the rule IDs and
the numbers the engine used; ClickWars' answer carries the ruling drawn on the player's own view,
with its words (alt text). Both games are brought to the position through the table service, as the
engine's AI would play them; the last steps and the questions go through Discord."""

from __future__ import annotations

import math
from typing import Any

import pytest

from engine.clickwars import actions as cw
from engine.core import Action, Rejected, dice_for
from playground.emulator import Emulator

from .harness import World, my_hand, run

pytestmark = pytest.mark.e2e

WALL = '[{"id":"K1","kind":"rock","going":"impassable","sight":"solid","shape":{"points":[[0,58],[120,58],[120,62],[0,62]]}}]'
"""A rock wall across the whole table: nobody sees over it (CW-LOS-1, §8.3)."""
CW_OPTIONS = f'rounds=8 army_red=["rifleman"] army_blue=["rifleman"] terrain={WALL}'


async def _challenge(emu: Emulator, world: World, bot: Any, game: str, side: str, options: str) -> int:
    """Alice opens a table against Bob, who joins; the table's thread."""
    args = {"game": game, "opponent": world.bob, "side": side, "options": options}
    await run(await emu.slash(world.alice, world.channel, "game new", args))
    [thread] = emu.threads(world.channel)
    lobby = await emu.wait_for(
        lambda: next((m for m in emu.messages(thread) if "tb:join:1" in m.custom_ids), None)
    )
    await run(await emu.click(world.bob, lobby.id, "tb:join:1"))
    await bot.delivery.wait_idle()
    return thread


def _toward_the_wall(state: Any, seat: str) -> Action:
    """ClickWars: the side's rifleman walks straight to 5 cm from the wall (at x 60); no shots, no
    fights; every other choice (set-up, deployment) as the engine's AI makes it."""
    rules_phase = state.phase
    if rules_phase == "movement":
        u = next(u for u in state.units.values() if u.side == seat and u.placed)
        gx, gy = (60.0, 55.0) if u.y < 60 else (60.0, 65.0)
        d = math.hypot(gx - u.x, gy - u.y)
        if d > 0.3 and not u.moved:
            k = min(1.0, 9.5 / d)
            return cw.Move(unit=u.id, x=round(u.x + (gx - u.x) * k, 1), y=round(u.y + (gy - u.y) * k, 1))
        return cw.EndPhase()
    if rules_phase in ("shooting", "assault", "counter"):
        return cw.EndPhase()
    return None  # type: ignore[return-value]


async def test_why_after_a_blocked_clickwars_shot(emu: Emulator, world: World, start: Any) -> None:
    """CW-LOS-1, CW-LOS-2, CW-RNG-1, CW-GEN-4: R1 and B1 stand 5 cm either side of a rock wall; R1's
    panel says it has no target, and `/why` says which rules, how far, the range, and that the rock
    K1 blocks the line, with the line drawn on Alice's own view; Bob reads his own answer in Spanish."""
    bot = await start(TABLERO_WORKERS=0)
    bot.tables.seeder = lambda: 7
    thread = await _challenge(emu, world, bot, "clickwars", "red", CW_OPTIONS)
    users = {"red": world.alice, "blue": world.bob}
    for _ in range(200):
        await bot.delivery.wait_idle()
        loaded = await bot.tables.load(1)
        rules, state = loaded.rules, loaded.state
        [seat] = sorted(rules.active_seats(state))[:1]
        r, b = state.units["R1"], state.units["B1"]
        if (
            state.phase == "shooting"
            and seat == "red"
            and r.xy in ((60, 55), (60, 65))
            and abs(r.y - b.y) == 10
        ):
            break
        action = _toward_the_wall(state, seat)
        if action is None:
            legal = rules.legal_actions(state, seat)
            action = rules.pilot(seat).choose(rules.view(state, seat), legal, dice_for(state).fork("test"))
        await bot.tables.submit(1, users[seat], action, loaded.table.version)
    else:
        raise AssertionError("the riflemen never reached the wall")
    await bot.delivery.wait_idle()
    # Alice picks R1 with her panel's "pick a unit" form (no menu offers a unit with nothing to do):
    # it has no target, and the panel says why
    panel = await my_hand(emu, world.alice, thread, 1)
    form = next(c["custom_id"] for c in panel.walk_components() if c.get("custom_id", "").endswith(":pick"))
    kind, data = await (await emu.click(world.alice, panel.id, form)).wait_response()
    assert kind == 9, (kind, data)  # the modal
    [picked] = await run(
        await emu.submit_modal(world.alice, panel.channel_id, data["custom_id"], {"unit": "R1"})
    )
    assert "No target on offer for R1: R1 cannot see B1: it is in cover." in picked.content
    why_button = next(c["custom_id"] for c in picked.walk_components() if c.get("label") == "Why?")
    [pressed] = await run(await emu.click(world.alice, picked.id, why_button))
    assert pressed.ephemeral_to == world.alice and "CW-LOS-2" in pressed.content
    [answer] = await run(await emu.slash(world.alice, thread, "why", {}))
    assert answer.ephemeral and answer.ephemeral_to == world.alice
    text = answer.content
    assert "CW-LOS-1, CW-LOS-2" in text and "CW-RNG-1" in text and "CW-GEN-4" in text
    assert "Range of the weapon: 20 cm" in text and "Needed: 6 or less on the d10" in text
    gap = round(10 - r.radius - b.radius, 1)
    assert f"Distance, base edge to base edge: {gap:g} cm" in text
    assert "Line of sight: blocked by K1." in text
    [picture] = answer.attachments
    assert picture.filename.endswith("-why.png") and "blocked by K1" in (picture.description or "")
    # Bob's panel shows him nothing ruled; his /why is the latest ruling he saw: B1's last move
    [his] = await run(await emu.slash(world.bob, thread, "why", {}))
    assert his.ephemeral_to == world.bob and "CW-MOV-1" in his.content
    assert (
        "Medida a lo largo del camino:" in his.content and "Sin terreno difícil en el camino." in his.content
    )
    # a shot Alice tries anyway (a stale menu, a typed order) is refused with the same ruling, and a
    # "Why?" button under the refusal answers as /why does
    with pytest.raises(Rejected) as no:
        await bot.tables.submit(1, world.alice, cw.Shoot(unit="R1", target="B1"), None)
    assert no.value.message_id == "clickwars.no_sight" and no.value.ruling is not None
    assert no.value.ruling.sight is not None and no.value.ruling.sight.by == "K1"
    # the player's own way to that shot, a typed order: refused in words, nothing applied, and her
    # /why then explains that refusal (the rules, the distance, what blocked the line)
    version = (await bot.tables.load(1)).table.version
    [refused] = await run(await emu.slash(world.alice, thread, "order", {"text": "R1 fire B1"}))
    assert refused.ephemeral_to == world.alice and "R1 cannot see B1" in refused.content, refused.content
    assert (await bot.tables.load(1)).table.version == version
    [again] = await run(await emu.slash(world.alice, thread, "why", {}))
    assert again.ephemeral_to == world.alice
    assert "CW-LOS-1, CW-LOS-2" in again.content and "Line of sight: blocked by K1." in again.content


async def _overwatch_fired(bot: Any, users: dict[str, int]) -> None:
    """Space Hulk: the Marines go on overwatch where they can and end their turns, the Genestealers
    play as the engine's AI would, until an overwatch shot has been fired."""
    for _ in range(600):
        await bot.delivery.wait_idle()
        loaded = await bot.tables.load(1)
        rules, state = loaded.rules, loaded.state
        records = await bot.store.load_events(1)
        if any(r.kind == "fired" and r.data.get("overwatch") for r in records):
            return
        [seat] = sorted(rules.active_seats(state))[:1]
        legal = rules.legal_actions(state, seat)
        action = None
        if seat == "marine":
            action = next((a for a in legal if a.kind == "overwatch"), None)
            action = action or next((a for a in legal if a.kind in ("end_turn", "end_phase", "pass")), None)
        if action is None:
            action = rules.pilot(seat).choose(rules.view(state, seat), legal, dice_for(state).fork("test"))
        await bot.tables.submit(1, users[seat], action, loaded.table.version)
    raise AssertionError("no overwatch shot was fired")


async def test_why_after_a_space_hulk_overwatch_shot(emu: Emulator, world: World, start: Any) -> None:
    """SHB-8.4, SHB-8.1, SHB-8.6: a Genestealer ends an action in a Marine's arc on overwatch; Alice
    (the Marines) asks why, and reads the rules, the dice against the 6 a kill needs, the distance
    against the 12 squares of overwatch and whether the bolter jammed; Bob (the Genestealers) reads
    the same ruling in Spanish, and nothing of the Marines' command points."""
    bot = await start(TABLERO_WORKERS=0)
    thread = await _challenge(emu, world, bot, "spacehulk", "marine", "timer_mode=untimed")
    users = {"marine": world.alice, "genestealer": world.bob}
    await _overwatch_fired(bot, users)
    await bot.delivery.wait_idle()
    records = await bot.store.load_events(1)
    last = next(r for r in reversed(records) if r.data.get("ruling"))
    assert last.kind == "fired" and last.data["overwatch"]
    dice, jammed = last.data["dice"], last.data["jammed"]
    [answer] = await run(await emu.slash(world.alice, thread, "why", {}))
    text = answer.content
    assert answer.ephemeral_to == world.alice and f"(step {last.seq})" in text
    assert "Rules applied, in order: SHB-8.4, SHB-8.1, SHB-8.6" in text
    assert f"Dice: {dice[0]}, {dice[1]}" in text and "A kill needs a die of 6 or more" in text
    assert "Overwatch range: 12 squares" in text and "Distance: " in text
    assert ("The bolter jammed: yes" if jammed else "The bolter jammed: no") in text
    assert not answer.attachments  # a grid game: told in words only
    [his] = await run(await emu.slash(world.bob, thread, "why", {}))
    assert (
        his.ephemeral_to == world.bob
        and "Reglas aplicadas, en orden: SHB-8.4, SHB-8.1, SHB-8.6" in his.content
    )
    assert "Para matar hace falta un dado de 6 o más" in his.content
    assert "command point" not in his.content.lower() and "puntos de mando" not in his.content.lower()
    # /why step:N names a step: the same shot again; a step that ruled nothing is refused politely
    [again] = await run(await emu.slash(world.alice, thread, "why", {"step": last.seq}))
    assert "SHB-8.4" in again.content
    first = records[0].seq
    [none] = await run(await emu.slash(world.alice, thread, "why", {"step": first}))
    assert none.ephemeral and f"Step {first} of table #1 ruled nothing you can see" in none.content
