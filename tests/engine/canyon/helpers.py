"""Scenario helpers: crafted decks and a one-line way to act (scripted dice: tests/engine/helpers.py)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.canyon import RULES, CanyonOptions, CanyonState
from engine.canyon.view import CanyonView
from engine.core import Action, Event, apply, dice_for, fold
from tests.engine.helpers import ScriptedDice


def complete(prefix: Sequence[int], ranks: Iterable[int]) -> list[int]:
    """A full deck order starting with `prefix`, the other ranks after it in rank order."""
    rest = [r for r in ranks if r not in prefix]
    assert len(set(prefix)) == len(prefix)
    return list(prefix) + rest


def table(
    canyon: Sequence[int] = (),
    marine: Sequence[int] = (),
    ork: Sequence[int] = (),
    damage: Sequence[int] = (),
    layout: Sequence[int] = (1, 1, 2, 1, 2, 1, 2, 1),
    hazard_order: str = "stormtalon_first",
    seed: int = 7,
) -> tuple[CanyonState, list[Event]]:
    """A new game whose decks start with the given cards (canyon in deal order; top first)."""
    options = CanyonOptions(canyon_layout=tuple(layout), hazard_order=hazard_order)  # type: ignore[arg-type]
    dice = ScriptedDice(
        shuffles=[
            complete(canyon, range(1, 14)),
            complete(damage, range(1, 14)),
            complete(marine, range(1, 11)),
            complete(ork, range(1, 11)),
        ]
    )
    events = RULES.setup(options, seed, dice)
    assert dice.done()
    return fold(RULES, events), events


def act(
    state: CanyonState, seat: str, action: Action, dice: ScriptedDice | None = None, **script: Any
) -> tuple[CanyonState, list[Event]]:
    """Decide with scripted dice (every outcome must be scripted and used) and apply."""
    dice = dice or ScriptedDice(**script)
    before = state.model_dump()
    events = RULES.decide(state, seat, action, dice)
    assert state.model_dump() == before, "decide must not mutate the state"
    assert dice.done(), f"scripted dice left unused: {dice.__dict__}"
    return apply(RULES, state.model_copy(deep=True), events), events


def view(state: CanyonState, seat: str | None) -> CanyonView:
    return RULES.view(state, seat)


def move_to_discard(state: CanyonState, seat: str, cards: Sequence[int]) -> CanyonState:
    """Test fixture surgery: move Flight cards (from deck or hand) to the discard pile."""
    s = state.model_copy(deep=True)
    for card in cards:
        if card in s.decks[seat]:
            s.decks[seat].remove(card)
        else:
            s.hands[seat].remove(card)
        s.discards[seat].append(card)
    return s


def play(state: CanyonState, seat: str, action: Action) -> CanyonState:
    """Decide with the table's own dice and apply in place (fast, for long random runs)."""
    return apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
