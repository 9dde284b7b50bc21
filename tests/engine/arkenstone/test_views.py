"""Hidden information and the log: views, redaction, resampling, replay, JSON (§1, §8.1)."""

from __future__ import annotations

import pytest

from engine.arkenstone import RULES, ArkenstoneState
from engine.arkenstone.ai import RandomPilot
from engine.core import Dice, dice_for, fold, new_game, step

SEATS = ("bilbo", "smaug", None)


def played(seed: int, steps: int, layout: str = "random"):
    state, log = new_game(RULES, {"layout": layout}, seed)
    log = list(log)
    pilots = {s: RandomPilot(s) for s in RULES.seats}
    for _ in range(steps):
        if RULES.outcome(state) is not None:
            break
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        action = pilots[seat].choose(RULES.view(state, seat), legal, dice_for(state).fork("t"))
        state, events = step(RULES, state, seat, action)
        log.extend(events)
    return state, log


@pytest.mark.parametrize("seed", range(6))
def test_views_hide_face_down_identities_from_everyone(seed: int) -> None:
    state, _ = played(seed, 150)
    for seat in SEATS:
        view = RULES.view(state, seat)
        for seen, real in zip(view.treasures, state.treasures, strict=True):
            assert seen.rank == (real.rank if real.face_up else None)
        assert "treasure_pile" not in view.model_dump()
    # Nothing is private to one player (§1): the views differ only in who is looking.
    dumps = [RULES.view(state, s).model_dump(exclude={"seat"}) for s in SEATS]
    assert dumps[0] == dumps[1] == dumps[2]


@pytest.mark.parametrize(("seed", "layout"), [(s, lay) for s in range(5) for lay in ("random", "draft")])
def test_resampling_hidden_things_changes_no_view(seed: int, layout: str) -> None:
    state, _ = played(seed, 40 + 10 * seed, layout)
    changed = False
    for k in range(6):
        for seat in SEATS:
            other = RULES.resample_hidden(state, seat, Dice(seed, k))
            assert RULES.view(other, seat) == RULES.view(state, seat)
            ranks = [t.rank for t in other.treasures] + other.treasure_pile
            assert sorted(ranks) == list(range(1, 14))
            changed |= [t.rank for t in other.treasures] != [t.rank for t in state.treasures]
    assert changed or all(t.face_up for t in state.treasures)


def test_events_hide_the_treasure_order_and_the_opening_event_alone_carries_it() -> None:
    state, log = played(4, 200)
    opening = log[0]
    assert sorted(opening.treasure_ranks) == list(range(1, 14))
    for seat in SEATS:
        assert opening.redacted_for(seat).treasure_ranks == ()
        for event in log[1:]:
            assert event.redacted_for(seat) == event
            assert "treasure_ranks" not in event.model_dump()


@pytest.mark.parametrize("layout", ["random", "draft", "free"])
def test_log_replays_and_everything_round_trips_through_json(layout: str) -> None:
    state, log = played(9, 300, layout)
    assert fold(RULES, log).model_dump() == state.model_dump()
    again = ArkenstoneState.model_validate_json(state.model_dump_json())
    assert again.model_dump() == state.model_dump()
    for event in log:
        assert RULES.parse_event(event.model_dump(mode="json")) == event
    view = RULES.view(state, "bilbo")
    assert RULES.view_adapter.validate_json(view.model_dump_json()) == view
    for action in (
        RULES.legal_actions(state, sorted(RULES.active_seats(state))[0]) if RULES.active_seats(state) else []
    ):
        assert RULES.parse_action(action.model_dump(mode="json")) == action


def test_same_seed_same_log() -> None:
    assert played(21, 120)[1] == played(21, 120)[1]


@pytest.mark.parametrize("layout", ["random", "draft"])
def test_the_opening_event_never_shows_the_seed(layout: str) -> None:
    """AK-SET-2, §8.1: the seed replays the diamonds' shuffle (and every later draw), so nobody is shown it."""
    seed = 424242
    state, log = played(seed, 40, layout)
    # Why it matters: the seed alone tells where the Arkenstone lies.
    ranks = [t.rank for t in state.treasures] + state.treasure_pile
    assert Dice(seed, 0).shuffled(range(1, 14)) == ranks
    for seat in SEATS:
        red = log[0].redacted_for(seat)
        assert red is not None and red.seed is None
        assert str(seed) not in red.model_dump_json()
        assert RULES.parse_event(red.model_dump(mode="json")) == red
