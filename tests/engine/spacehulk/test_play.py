"""Whole games: random legal play ends, the log folds to the live state, JSON round trips, determinism,
legal_actions agree with decide, and the pilots finish the test mission."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import Rejected, apply, dice_for, fold, new_game, play_pilots, step
from engine.spacehulk import RULES
from engine.spacehulk.actions import (
    Assault,
    ClearJam,
    Convert,
    Door,
    EndTurn,
    Fire,
    Move,
    Overwatch,
    Pass,
    Turn,
)
from engine.spacehulk.board import DIRS8, FACINGS, add


def random_game(
    seed: int, *, options: dict[str, Any] | None = None, max_steps: int = 5000
) -> tuple[Any, list[Any]]:
    """Play uniformly random legal actions for both seats until the game ends."""
    rng = random.Random(seed)
    state, log = new_game(RULES, options or {}, seed)
    for _ in range(max_steps):
        if RULES.outcome(state) is not None:
            return state, log
        seat = sorted(RULES.active_seats(state))[0]
        action = rng.choice(RULES.legal_actions(state, seat))
        state, events = step(RULES, state, seat, action)
        log.extend(events)
    raise AssertionError(f"seed {seed}: no outcome after {max_steps} steps")


@pytest.mark.parametrize("seed", range(12))
def test_random_play_ends_and_folds(seed: int) -> None:
    """Random legal play ends; folding the log equals the live state; events survive JSON."""
    state, log = random_game(seed)
    assert RULES.outcome(state) is not None and not RULES.active_seats(state)
    folded = fold(RULES, log)
    assert folded.model_dump() == state.model_dump()
    for event in log:
        assert RULES.parse_event(event.model_dump(mode="json")) == event
    again = RULES.state_model.model_validate_json(state.model_dump_json())
    assert again.model_dump() == state.model_dump()


def test_same_seed_same_log() -> None:
    _, log1 = random_game(5)
    _, log2 = random_game(5)
    assert [e.model_dump() for e in log1] == [e.model_dump() for e in log2]


@pytest.mark.parametrize(
    "options",
    [
        {"vision_arc": 90, "sustained_fire": "single_step", "overwatch_persists": True},
        {"blip_draw": "with_replacement", "entry_capacity": None, "interrupt_actor": "any"},
        {"turn_and_fire": True, "flamer_self_destruct": True, "interrupt_prompt": "always", "stealer_cap": 3},
        {"stealer_flank_dice": 2, "stealer_flank_from": "side_or_rear", "jams_clear_each_turn": True},
        {"overwatch_sustained": True, "double_six": "kill_no_jam", "lurk_metric": "chebyshev"},
    ],
)
def test_random_play_with_variant_flags(options: dict[str, Any]) -> None:
    for seed in range(3):
        state, log = random_game(seed, options=options)
        assert fold(RULES, log).model_dump() == state.model_dump()


def _universe(state: Any, seat: str) -> list[Any]:
    """A broad set of candidate actions, legal or not, to compare decide with legal_actions."""
    out: list[Any] = [EndTurn(), Pass()]
    for p in state.pieces.values():
        origin = p.pos or state.board.entries[p.area].square
        for d in DIRS8:
            out += [Move(model=p.id, to=add(origin, d)), Door(model=p.id, square=add(origin, d))]
        out += [Move(model=p.id, to=origin, facing=f) for f in FACINGS]
        out += [Turn(model=p.id, facing=f) for f in FACINGS]
        out += [Overwatch(model=p.id), ClearJam(model=p.id), Assault(model=p.id), Convert(model=p.id)]
        for q in state.pieces.values():
            if q.pos is not None:
                out.append(Fire(model=p.id, at=q.pos))
    variants = []
    for action in out:
        variants.append(action)
        if "use" in type(action).model_fields:
            variants.append(action.model_copy(update={"use": "cp"}))
    return variants


@pytest.mark.parametrize("seed", range(3))
def test_legal_actions_agree_with_decide(seed: int) -> None:
    """Every legal action is accepted; every accepted candidate is legal (flames aside: one per area)."""
    rng = random.Random(seed)
    state, _ = new_game(RULES, {}, seed)
    for _ in range(90):
        if RULES.outcome(state) is not None:
            break
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        for action in legal:
            RULES.decide(state, seat, action, dice_for(state))
        for action in _universe(state, seat):
            try:
                RULES.decide(state, seat, action, dice_for(state))
            except Rejected:
                continue
            assert action in legal, f"{action!r} accepted but not listed"
        state, _ = step(RULES, state, seat, rng.choice(legal))


def test_decide_does_not_mutate_the_state() -> None:
    state, _ = new_game(RULES, {}, 2)
    for _ in range(60):
        seat = sorted(RULES.active_seats(state))[0]
        before = state.model_dump()
        action = RULES.legal_actions(state, seat)[-1 if state.phase == "marine" else 0]
        events = RULES.decide(state, seat, action, dice_for(state))
        assert state.model_dump() == before
        state = apply(RULES, state, events)
        if RULES.outcome(state):
            break


def test_pilots_finish_the_test_mission() -> None:
    """The greedy Genestealer player and the simple Marine player play the test mission to its end."""
    outcomes = set()
    for seed in range(6):
        state, _ = new_game(RULES, {}, seed)
        state, _ = play_pilots(RULES, state, RULES.seats, max_steps=5000)
        assert RULES.outcome(state) is not None
        outcomes.add(RULES.outcome(state).reason)
    assert outcomes
