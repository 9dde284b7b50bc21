"""The engine's fast paths (issue 11 item 9, issue 13 item 8) give exactly what the plain queries give:
the step costs of legal actions against `move_cost`, the copy of a piece against pydantic's
`model_copy`, the sight memo against a fresh look, and the hole lookups against the cells."""

from __future__ import annotations

import random
from typing import Any

from engine.core import apply, dice_for, new_game
from engine.spacehulk import RULES
from engine.spacehulk.board.board import DIRS8, add
from engine.spacehulk.queries import Queries
from engine.spacehulk.state import Piece, updated

DEATHWING = {"mission": "deathwing_purge", "ambush": True}


def _states(options: dict[str, Any], seed: int, steps: int) -> list[Any]:
    """The states of a seeded random game, one every few actions."""
    state, _ = new_game(RULES, options, seed)
    rng = random.Random(seed)
    out = []
    for n in range(steps):
        if RULES.outcome(state) is not None:
            break
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        state = apply(RULES, state, RULES.decide(state, seat, rng.choice(legal), dice_for(state)))
        if n % 3 == 0:
            out.append(state)
    return out


def _movers(state: Any) -> list[Piece]:
    return [
        p
        for p in state.pieces.values()
        if p.pos is not None and not p.prone and (p.facing is not None or p.kind == "blip")
    ]


def test_step_costs_are_move_cost() -> None:
    """SHB-7.1, SHB-7.3, SHB-10.5, DW-RUB-1: the legal moves' costs are move_cost's, square for square."""
    checked = 0
    for seed in range(3):
        for state in _states(DEATHWING, seed, 150):
            q = Queries(state)
            for p in _movers(state):
                plain = [
                    (to, cost)
                    for _d, to in q.board.neighbours(p.pos)  # type: ignore[arg-type]
                    for cost in [q.move_cost(p, to)]
                    if isinstance(cost, int)
                ]
                assert q.step_costs(p) == plain, (seed, p)
                checked += 1
    assert checked > 300


def test_step_costs_count_rubble_and_wrecked_crates() -> None:
    """DW-RUB-1, DW-CRT-1: entering the map's rubble or a destroyed crate costs 1 AP more."""
    state = _states(DEATHWING, 0, 3)[0]
    q = Queries(state)
    rubble = next(sq for sq, cell in q.board.cells.items() if cell.feature == "rubble")
    assert rubble in q.rubble and q.feature(rubble) == "rubble"
    crate = next((sq for sq, cell in q.board.cells.items() if cell.feature == "crate"), None)
    if crate is not None:
        wrecked = state.model_copy(update={"wrecked": [crate]})
        assert crate in Queries(wrecked).rubble and Queries(wrecked).feature(crate) == "rubble"


def test_updated_is_model_copy() -> None:
    piece = Piece(id="g7", kind="genestealer", pos=(1, 2, 0), facing="N", ap=6)
    changes = {"pos": (2, 2, 0), "facing": "E", "acted": True}
    fast, slow = updated(piece, changes), piece.model_copy(update=changes)
    assert fast == slow and fast.__dict__ == slow.__dict__
    assert list(fast.__dict__) == list(slow.__dict__)
    assert fast.model_fields_set == slow.model_fields_set
    assert fast.model_dump_json() == slow.model_dump_json()
    assert piece.pos == (1, 2, 0)  # the original is untouched


def test_sight_memo_matches_a_fresh_look() -> None:
    """SHB-6.2, SHB-6.4, DW-LOS-1: a remembered answer is the one a fresh query gives."""
    for seed in range(2):
        for state in _states(DEATHWING, seed, 90):
            q = Queries(state)
            marines = [m for m in q.marines() if m.facing is not None]
            targets = [p.pos for p in state.pieces.values() if p.pos is not None]
            for m in marines:
                for sq in targets:
                    first = q.sees(m, sq)
                    assert q.sees(m, sq) == first == Queries(state)._sees(m, sq, None)


def test_holes_are_the_cells_that_open_below() -> None:
    """DW-PIT-1, DW-LAD-1: a pit or ladder square with a square under it."""
    board = _states(DEATHWING, 0, 3)[0].mission.board
    plain = {
        sq
        for sq, cell in board.cells.items()
        if cell.feature in ("pit", "ladder") and (sq[0], sq[1], sq[2] + 1) in board.cells
    }
    assert plain and board.holes == plain
    for sq in board.cells:
        near = {add(sq, d) for d in DIRS8} | {sq}
        assert set(board.holes_around(*sq)) == near & plain


def _log(options: dict[str, Any], seed: int) -> list[str]:
    state, log = new_game(RULES, options, seed)
    rng = random.Random(seed)
    out = [e.model_dump_json() for e in log]
    while RULES.outcome(state) is None:
        seat = sorted(RULES.active_seats(state))[0]
        events = RULES.decide(state, seat, rng.choice(RULES.legal_actions(state, seat)), dice_for(state))
        out += [e.model_dump_json() for e in events]
        state = apply(RULES, state, events)
    return out


def test_remembered_checks_and_caches_change_no_game(monkeypatch: Any) -> None:
    """The mission checks skipped after agenda and payment events, and the caches kept across them,
    give the same games as checking and recomputing after every event (SHB-12, DW-SC1)."""
    from engine.spacehulk.tape import Tape

    fast = [_log(DEATHWING, seed) for seed in range(3)]
    monkeypatch.setattr(Tape, "unchanged_since_check", lambda self: False)
    monkeypatch.setattr(Tape, "emitted", lambda self: self.invalidate())
    assert [_log(DEATHWING, seed) for seed in range(3)] == fast


def test_made_is_the_validated_model() -> None:
    """The engine's unvalidated events and agenda steps equal the validated ones, field for field."""
    from engine.spacehulk import events as ev
    from engine.spacehulk.state import AgConversions, AgInterrupt, AgOverwatch, made

    steps = (made(AgInterrupt, actor="g4", witnesses=("m1",), door=None, since=9), AgConversions())
    cases = [
        (ev.Moved, {"model": "g4", "frm": (1, 2, 0), "to": (2, 2, 0), "facing": None}),
        (ev.Moved, {"model": "g4", "frm": None, "to": (2, 2, 0), "facing": "N"}),
        (ev.Spent, {"model": "g4", "ap": 1, "cp": 0}),
        (ev.Activated, {"model": "m1"}),
        (AgInterrupt, {"actor": "g4", "witnesses": ("m1", "m2"), "door": (3, 4, 1), "since": 12}),
        (AgOverwatch, {"target": "g4"}),
        (ev.AgendaPushed, {"items": steps}),
    ]
    for cls, fields in cases:
        fast, slow = made(cls, **fields), cls(**fields)  # type: ignore[arg-type]
        assert fast == slow and list(fast.__dict__.items()) == list(slow.__dict__.items())
        assert fast.model_fields_set == slow.model_fields_set
        assert fast.model_dump_json() == slow.model_dump_json()
