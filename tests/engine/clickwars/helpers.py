"""Scenario helpers: a table with chosen figures where we want them, dice that roll what we say, and
the AI against a random player (the AI test and bench/clickwars.py)."""

from __future__ import annotations

import random
from typing import Any

from engine.clickwars import RULES, Options
from engine.clickwars.state import ClickWarsState
from engine.clickwars.terrain import Area
from engine.core import Action, Dice, Event, apply, dice_for, new_game, play_random
from engine.core.fast import replace
from tests.engine.helpers import ScriptedDice


def table(
    placed: dict[str, tuple[float, float]],
    *,
    terrain: list[Area] | None = None,
    phase: str = "movement",
    active: str = "red",
    turn: int = 3,
    **options: Any,
) -> ClickWarsState:
    """A game in `phase` of `active`'s turn with only the listed units on the table (others dead).

    Red holds the south edge (y <= 20) and is the first player. `terrain=[]` gives an empty table.
    """
    opts = Options(terrain=terrain if terrain is not None else None, **options)
    state, _ = new_game(RULES, opts, 1)
    if terrain is not None:
        state.terrain = list(terrain)
    state.first, state.south = "red", "red"
    state.round, state.turn, state.active = (turn + 1) // 2, turn, active
    state.phase = phase  # type: ignore[assignment]
    for uid in state.units:
        if uid in placed:
            x, y = placed[uid]
            edit_unit(state, uid, x=x, y=y)
        else:
            u = state.units[uid]
            if u.gun:
                edit_unit(state, u.gun, crew=None)
            if u.crew:
                edit_unit(state, u.crew, gun=None)
            edit_unit(state, uid, alive=False, gun=None, crew=None)
    return state


def edit_unit(state: ClickWarsState, uid: str, **changes: Any) -> None:
    """A test's set-up: unit `uid` of `state` with `changes` (units are immutable: a changed copy is
    put in its place, as the rules do)."""
    state.units[uid] = replace(state.units[uid], **changes)


def act(
    state: ClickWarsState, seat: str, action: Action, dice: Dice | None = None
) -> tuple[ClickWarsState, list[Event]]:
    """Decide with the given dice and apply; returns the new state and the events."""
    events = RULES.decide(state, seat, action, dice or ScriptedDice(seed=0))
    return apply(RULES, state.model_copy(deep=True), events), events


def random_game(seed: int, options: Options | None = None) -> tuple[ClickWarsState, int]:
    """One full game of uniformly random legal actions (setup and deployment included), the choices
    seeded by `seed`: its final state and how many actions it took (the replay test, the bench)."""
    state, _ = new_game(RULES, options, seed)
    return play_random(RULES, state, random.Random(seed))  # type: ignore[no-any-return]


def random_game_by_unit(seed: int, options: Options | None = None) -> tuple[ClickWarsState, int]:
    """One full game of a random player that plays as the controls do, "pick a unit, then its
    action": in the movement, shooting, assault and counter-attack phases it picks uniformly one of the units that
    can still act (`can_act`, the controls' menu) or "end the phase"; a unit with no legal action is
    put back (the player sees nothing to do with it) and it picks again among the rest; then one of
    that unit's legal actions uniformly (`unit_actions`: only that unit's sample is drawn). In the
    other phases, uniformly among all the legal actions, as `random_game`. Seeded by `seed`; its
    final state and how many actions it took (the bench's second figure)."""
    from engine.clickwars import actions as a
    from engine.clickwars.checks import can_act
    from engine.clickwars.legal import ready_units, unit_actions

    state, _ = new_game(RULES, options, seed)
    picker = random.Random(seed)
    n = 0
    while RULES.outcome(state) is None:
        seat = sorted(RULES.active_seats(state))[0]
        action: Action | None = None
        if state.phase in ("movement", "shooting", "assault", "counter"):
            menu: list[str | None] = [u.id for u in ready_units(state, seat) if can_act(state, u)]
            menu.append(None)  # end the phase
            while action is None:
                pick = menu.pop(picker.randrange(len(menu)))
                if pick is None:
                    action = a.EndPhase()
                else:
                    mine = unit_actions(state, seat, pick)
                    if mine:
                        action = mine[picker.randrange(len(mine))]
        else:
            legal = RULES.legal_actions(state, seat)
            action = legal[picker.randrange(len(legal))]
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
        n += 1
    return state, n


def ai_against_random(seed: int) -> str:
    """One default game, the AI on one side (red for an even seed, else blue) playing from its own
    view, the other side picking uniformly among the legal actions (seeded by `seed`): "win",
    "draw" or "loss" for the AI."""
    from engine.clickwars.view import ClickWarsView

    side = "red" if seed % 2 == 0 else "blue"
    ai = RULES.pilot(side)
    state, _ = new_game(RULES, None, seed)
    picker = random.Random(seed)
    while RULES.outcome(state) is None:
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        if seat == side:
            view = RULES.view(state, seat)
            assert isinstance(view, ClickWarsView) and view.seat == side  # its own view, nothing more
            action = ai.choose(view, legal, dice_for(state).fork("pilot"))
        else:
            action = legal[picker.randrange(len(legal))]
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
    winners = state.result.winners
    return "draw" if not winners else "win" if winners[0] == side else "loss"
