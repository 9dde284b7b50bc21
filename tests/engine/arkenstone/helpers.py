"""Scenario helpers: a chosen table, one step at a time (scripted card draws: tests/engine/helpers.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.arkenstone import RULES, ArkenstoneOptions, ArkenstoneState
from engine.arkenstone.board import Location, Treasure, cell_centre
from engine.core import Action, Dice, Event, apply
from engine.core.geometry import Point
from tests.engine.helpers import ScriptedDice

# Clubs lie across the top two rows of cells: A♣..7♣ in row 7, 8♣..K♣ in row 6 (x = 3.375 + 6.75·i).
CLUB_AT = {rank: cell_centre((rank - 1) % 7, 6 if rank <= 7 else 5) for rank in range(1, 14)}


def table(
    *,
    bilbo: tuple[float, float] = (20.0, 20.0),
    smaug: tuple[float, float] = (40.0, 20.0),
    treasures: dict[int, tuple[float, float, int]] | None = None,
    face_up: Iterable[int] = (),
    removed: Iterable[int] = (),
    phase: str = "guess",
    active: str = "bilbo",
    reference: int | None = 5,
    drawn: dict[str, list[int]] | None = None,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> ArkenstoneState:
    """A state in play: treasures {label: (x, y, rank)} (default: T1..T13 along the bottom, A♦ = T13)."""
    if treasures is None:
        treasures = {n: (3.375 + 3.4 * (n - 1), 3.0, 14 - n) for n in range(1, 14)}
    up, gone = set(face_up), set(removed)
    return ArkenstoneState(
        game="arkenstone",
        seed=11,
        version=100,
        options=ArkenstoneOptions(**(options or {})),
        phase=phase,  # type: ignore[arg-type]
        turn=3,
        active=active,
        bilbo=Point(x=bilbo[0], y=bilbo[1]),
        smaug=Point(x=smaug[0], y=smaug[1]),
        treasures=[
            Treasure(label=n, at=Point(x=x, y=y), rank=r, face_up=n in up or n in gone, removed=n in gone)
            for n, (x, y, r) in sorted(treasures.items())
        ],
        locations=[Location(rank=r, at=at) for r, at in CLUB_AT.items()],
        reference=reference,
        drawn=drawn
        if drawn is not None
        else {active: [reference] if reference else [], "smaug" if active == "bilbo" else "bilbo": []},
        **fields,
    )


def play(
    state: ArkenstoneState, seat: str, action: Action, dice: Dice | None = None
) -> tuple[ArkenstoneState, list[Event]]:
    """Decide and apply one action; also checks that `decide` left the input state untouched."""
    before = state.model_dump()
    events = RULES.decide(state, seat, action, dice or ScriptedDice(seed=7))
    assert state.model_dump() == before, "decide mutated the state"
    return apply(RULES, state.model_copy(deep=True), events), events
