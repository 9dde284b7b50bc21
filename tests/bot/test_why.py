"""`/why` in the table service (bot/why.py), on a real SQLite store: which ruling a player is told
(their own measured refusal while the table has not moved, else the newest ruled event they may
see, or the step they name), and the "Why?" button's place. The refusals stored, across processes
and restarts: tests/bot/test_why_store.py."""

from __future__ import annotations

import math
from typing import Any

import pytest

from bot import why
from bot.panels import ButtonSpec, Panel, SelectSpec
from bot.tables import TableService
from engine.clickwars import actions as cw
from engine.core import Rejected, dice_for

from .duel_table import ALICE, BOB, two_players

WALL = [
    {
        "id": "K1",
        "kind": "rock",
        "going": "impassable",
        "sight": "solid",
        "shape": {"points": [[0, 58], [120, 58], [120, 62], [0, 62]]},
    }
]


async def _at_the_wall(service: TableService) -> int:
    """A ClickWars table whose two riflemen stand 5 cm either side of a rock wall, in Red's shooting
    phase (both sides played through the service; set-up and deployment as the AI plays them)."""
    options: dict[str, Any] = {
        "rounds": 8,
        "army_red": ["rifleman"],
        "army_blue": ["rifleman"],
        "terrain": WALL,
    }
    table = await two_players(service, "clickwars", side="red", options=options)
    users = {"red": ALICE, "blue": BOB}
    for _ in range(200):
        loaded = await service.load(table)
        rules, state = loaded.rules, loaded.state
        [seat] = sorted(rules.active_seats(state))[:1]
        r, b = state.units["R1"], state.units["B1"]
        if state.phase == "shooting" and seat == "red" and abs(r.y - b.y) == 10 and r.x == b.x == 60:
            return table
        action: Any
        if state.phase == "movement":
            u = next(u for u in state.units.values() if u.side == seat and u.placed)
            gx, gy = (60.0, 55.0) if u.y < 60 else (60.0, 65.0)
            d = math.hypot(gx - u.x, gy - u.y)
            k = min(1.0, 9.5 / d) if d > 0.3 else 0.0
            step = cw.Move(unit=u.id, x=round(u.x + (gx - u.x) * k, 1), y=round(u.y + (gy - u.y) * k, 1))
            action = step if k and not u.moved else cw.EndPhase()
        elif state.phase in ("shooting", "assault", "counter"):
            action = cw.EndPhase()
        else:
            legal = rules.legal_actions(state, seat)
            action = rules.pilot(seat).choose(rules.view(state, seat), legal, dice_for(state).fork("t"))
        await service.submit(table, users[seat], action, loaded.table.version)
    raise AssertionError("the riflemen never reached the wall")


@pytest.fixture
def seeds() -> list[int]:
    return [7]


async def test_a_refused_shot_is_explained_until_the_table_moves(service: TableService) -> None:
    """CW-LOS-2, CW-MOV-1: the refused shot's ruling is Alice's latest until an event she sees rules
    something after it; Bob, who was refused nothing, reads the newest ruling he saw (B1's move); a
    step she names is that event's ruling, and a step that ruled nothing is refused politely."""
    table = await _at_the_wall(service)
    version = (await service.get(table)).version
    with pytest.raises(Rejected) as no:
        await service.submit(table, ALICE, cw.Shoot(unit="R1", target="B1"), version)
    assert no.value.ruling is not None and (await service.get(table)).version == version  # nothing changed
    told = await why.explain(service, table, ALICE, "en")
    assert told.content.startswith("**Why:** R1 cannot see B1: it is in cover.")
    assert "CW-LOS-2" in told.content and "Line of sight: blocked by K1." in told.content
    [image] = told.files
    assert image.description.startswith("The ruling drawn on your view of the board.")
    his = await why.explain(service, table, BOB, "es")
    assert "CW-MOV-1" in his.content and "CW-LOS-2" not in his.content and "(paso " in his.content
    await service.submit(table, ALICE, cw.EndPhase(), version)  # the table moves, nothing ruled since
    assert "CW-LOS-2" in (await why.explain(service, table, ALICE, "en")).content
    for _ in range(6):  # to Blue's movement phase, where B1 steps aside: a ruling newer than the refusal
        loaded = await service.load(table)
        state = loaded.state
        if state.active == "blue" and state.phase == "movement":
            b = state.units["B1"]
            await service.submit(table, BOB, cw.Move(unit="B1", x=b.x + 1, y=b.y), loaded.table.version)
            break
        seat = sorted(loaded.rules.active_seats(state))[0]
        await service.submit(table, {"red": ALICE, "blue": BOB}[seat], cw.EndPhase(), loaded.table.version)
    later = await why.explain(service, table, ALICE, "en")
    assert "CW-LOS-2" not in later.content and "CW-MOV-1" in later.content
    assert "Ruler along the path: 1 cm" in later.content
    step = int(later.content.split("(step ")[1].split(")")[0])
    again = await why.explain(service, table, ALICE, "en", step=step)
    assert again.content == later.content
    with pytest.raises(Rejected) as nothing:
        await why.explain(service, table, ALICE, "en", step=1)
    assert nothing.value.message_id == "why.no_step"


async def test_nothing_ruled_yet_is_said_politely(service: TableService) -> None:
    """Before any ruling, `/why` says there is nothing to explain yet (a refusal, not a blank)."""
    options: dict[str, Any] = {"army_red": ["rifleman"], "army_blue": ["rifleman"]}
    table = await two_players(service, "clickwars", side="red", options=options)
    with pytest.raises(Rejected) as no:
        await why.explain(service, table, ALICE, "es")
    assert no.value.message_id == "why.none"


def test_the_why_button_goes_where_a_row_is_free() -> None:
    """After rowed components, in the next row; among loose ones, only when they leave room; a
    panel of five full rows keeps its choices."""
    rowed = Panel("x", components=[ButtonSpec("a", "A", row=0), ButtonSpec("b", "B", row=2)])
    assert why.with_why(rowed, 9, "en").components[-1] == ButtonSpec("tb:why:9", "Why?", "secondary", row=3)
    full = Panel("x", components=[ButtonSpec(str(i), "B", row=i) for i in range(5)])
    assert len(why.with_why(full, 9, "en").components) == 5
    loose = Panel("x", components=[SelectSpec(str(i), "p", (("a", "0"),)) for i in range(4)])
    assert why.with_why(loose, 9, "es").components[-1].label == "¿Por qué?"
    crowded = Panel(
        "x",
        components=[
            *[SelectSpec(str(i), "p", (("a", "0"),)) for i in range(4)],
            *[ButtonSpec(str(i), "B") for i in range(5)],
        ],
    )
    assert len(why.with_why(crowded, 9, "en").components) == 9
