"""The generic contract (tests/engine/test_contract.py) with the Deathwing expansion on: random play with a
Deathwing force never raises or breaks an invariant, the log folds to the live state, everything
round-trips through JSON, and no view or shown event depends on another seat's secrets (deathwing.md §5)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from engine.core import Action, Dice, Event, apply, dice_for, fold, new_game
from engine.spacehulk import RULES
from engine.spacehulk.weapons import WEAPONS
from tests.engine.test_contract import leak_check

OPTIONS = {"mission": "deathwing_purge", "ambush": True}
FORCE_LIST = {**OPTIONS, "force_points": 25}
SEEDS = range(8)
STEP_CAP = 5_000


@cache
def run(seed: int, force_list: bool = False) -> tuple[list[Event], list[tuple[str, Action]], Any]:
    state, log = new_game(RULES, FORCE_LIST if force_list else OPTIONS, seed)
    log = list(log)
    actions: list[tuple[str, Action]] = []
    chooser = random.Random(seed)
    for _ in range(STEP_CAP):
        if RULES.outcome(state) is not None:
            break
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        assert legal, f"seed {seed}: {seat} is active with nothing to do"
        action = legal[chooser.randrange(len(legal))]
        events = RULES.decide(state, seat, action, dice_for(state))
        state = apply(RULES, state, events)
        _invariants(state)
        log.extend(events)
        actions.append((seat, action))
    return log, actions, state


def _invariants(state: Any) -> None:
    assert 0 <= state.cp <= 8
    for p in state.pieces.values():
        assert p.psychic >= 0 and p.ammo >= 0 and p.grenades >= 0 and p.reloads >= 0
        if p.weapon is not None and WEAPONS[p.weapon].ammo is not None:
            assert p.ammo <= WEAPONS[p.weapon].ammo


def test_random_deathwing_games_end_and_fold() -> None:
    """Random legal play with the Deathwing command squad ends; folding the log gives the live state."""
    for seed, force_list in [(s, False) for s in SEEDS] + [(s, True) for s in range(4)]:
        log, _actions, final = run(seed, force_list)
        assert final.outcome is not None, f"seed {seed} did not end"
        assert fold(RULES, log).model_dump() == final.model_dump()
        for event in log:
            assert RULES.parse_event(event.model_dump(mode="json")) == event


def test_deathwing_views_round_trip_and_do_not_leak() -> None:
    """Views round-trip; no seat's view or shown events change when what it may not know is resampled."""
    compared = 0
    for seed, force_list in ((0, False), (1, False), (2, False), (0, True)):
        _log, actions, _final = run(seed, force_list)
        state, _ = new_game(RULES, FORCE_LIST if force_list else OPTIONS, seed)
        for n, (actor, action) in enumerate(actions):
            dice = Dice(seed, 100_000 + n)
            _, state, made = leak_check(
                RULES, state, actor, action, dice, f"seed {seed} step {n}", round_trip=True
            )
            compared += made
    assert compared > 0


def test_deathwing_games_use_the_new_rules() -> None:
    """The random games above reach the Deathwing rules (so the contract covers them)."""
    seen: set[str] = set()
    for seed in SEEDS:
        log, actions, _ = run(seed)
        seen |= {e.kind for e in log}
        seen |= {f"action:{a.kind}" for _, a in actions}
    assert {"assaulted", "fired"} <= seen
    assert "blocked" in seen or "action:block" in seen or "action:pass" in seen
