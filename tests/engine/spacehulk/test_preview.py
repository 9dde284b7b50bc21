"""engine/spacehulk/preview.py (issue 26 item 5): a Marine's move or turn previewed from the seat's
own view, a pure function with no rule of its own: the path, the final facing and the same price the
engine then charges (SHB-4.3), paid in AP or CP (SHB-5.2); nothing else is previewed."""

from __future__ import annotations

from engine.core import apply, dice_for, new_game
from engine.spacehulk import RULES
from engine.spacehulk import actions as a
from engine.spacehulk import events as ev
from engine.spacehulk.preview import preview
from engine.spacehulk.state import SpaceHulkState
from engine.spacehulk.view import SpaceHulkView


def opening(seed: int = 3) -> SpaceHulkState:
    state, _ = new_game(RULES, {"mission": "purge"}, seed)
    pilot = RULES.pilot("genestealer")
    while "genestealer" in RULES.active_seats(state):
        legal = RULES.legal_actions(state, "genestealer")
        action = pilot.choose(RULES.view(state, "genestealer"), legal, dice_for(state).fork("p"))
        state = apply(RULES, state, RULES.decide(state, "genestealer", action, dice_for(state)))
    return state


def test_every_marine_move_and_turn_is_previewed_at_the_price_the_engine_charges() -> None:
    state = opening()
    view = RULES.view(state, "marine")
    assert isinstance(view, SpaceHulkView)
    seen = 0
    for action in RULES.legal_actions(state, "marine"):
        shown = preview(view, action)
        if not isinstance(action, a.Move | a.Turn):
            assert shown is None
            continue
        assert shown is not None and shown.model == action.model and shown.pay == action.use
        events = RULES.decide(state, "marine", action, dice_for(state))
        spent = next(e for e in events if isinstance(e, ev.Spent))
        assert (spent.cp if action.use == "cp" else spent.ap) == shown.cost
        after = apply(RULES, state.model_copy(deep=True), events).pieces[action.model]
        assert tuple(after.pos) == tuple(shown.path[-1]) and after.facing == shown.facing
        assert shown.turn == isinstance(action, a.Turn) and len(shown.path) == (1 if shown.turn else 2)
        seen += 1
    assert seen >= 8


def test_nothing_is_previewed_for_a_spectator_or_the_genestealer_player() -> None:
    state = opening()
    move = next(x for x in RULES.legal_actions(state, "marine") if isinstance(x, a.Move))
    for seat in (None, "genestealer"):
        view = RULES.view(state, seat)
        assert isinstance(view, SpaceHulkView)
        assert preview(view, move) is None
    free = move.model_copy(update={"use": "free"})
    assert preview(RULES.view(state, "marine"), free) is None  # type: ignore[arg-type]
