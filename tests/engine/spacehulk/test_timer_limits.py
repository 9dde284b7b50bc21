"""The Marine turn's time limit as the platform sees it (SHB-3.1, SHB-3.5, Q18)."""

from __future__ import annotations

from engine.spacehulk import RULES
from engine.spacehulk.actions import PlaceStealer, SetFacing, TimeExpired, Turn

from .helpers import B, M, act, scenario


def test_the_live_turn_runs_on_while_the_genestealer_player_faces_revealed_stealers() -> None:
    """SHB-3.1: the real-time limit stays declared (same key) while the Genestealer player answers a
    step of the Marine turn; the platform's stored deadline is never dropped; with 30 s and 10 s
    warnings. SHB-3.5: once the step is answered, the expiry ends the phase."""
    state, ids = scenario(
        """
        .....
        .....
        a..b.
        .....
        """,
        a=M("W"),
        b=B(3),
    )
    state.timer_seconds = 150
    [limit] = RULES.time_limits(state)
    assert (limit.seat, limit.action, limit.warnings) == ("marine", TimeExpired(), (30.0, 10.0))
    state, _ = act(state, "marine", Turn(model=ids["a"], facing="N"))
    state, _ = act(state, "marine", PlaceStealer(square=(2, 2, 0)))
    state, _ = act(state, "marine", PlaceStealer(square=(4, 3, 0)))
    assert RULES.active_seats(state) == {"genestealer"}
    assert [lim.key for lim in RULES.time_limits(state)] == [limit.key]
    for model in list(state.top().models):
        state, _ = act(state, "genestealer", SetFacing(model=model, facing="W"))
    state, events = act(state, "marine", TimeExpired())
    assert [e.kind for e in events][:2] == ["timer_expired", "marine_phase_ended"]
    assert RULES.time_limits(state) == []


def test_an_untimed_game_declares_no_limit() -> None:
    """Q18 untimed: no deadline at all."""
    state, _ = scenario("a..", a=M("E"), options={"timer_mode": "untimed"})
    state.timer_seconds = 150
    assert RULES.time_limits(state) == []
