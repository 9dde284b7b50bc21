"""Longer sequences where several rules meet: interrupts that reveal blips, entries under overwatch, timers."""

from __future__ import annotations

from engine.spacehulk import RULES
from engine.spacehulk.actions import Fire, Move, PlaceStealer, SetFacing, TimeExpired, Turn
from tests.engine.helpers import of_kind

from .helpers import B, G, M, act, kinds_without_agenda, scenario


def test_interrupt_move_and_fire() -> None:
    """SHB-5.3 / SHB-8.3: a CP interrupt may be a move-and-fire; its free shot follows, then the window closes."""
    state, ids = scenario("a......g", a=M("E"), g=G("W"), phase="stealer", cp=2)
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(6, 0, 0)))
    state, _ = act(state, "marine", Move(model=ids["a"], to=(1, 0, 0), fire=True, use="cp"))
    assert state.cp == 1 and state.top().kind == "free_shot"
    state, events = act(state, "marine", Fire(model=ids["a"], at=(6, 0, 0), use="free"), rolls=[6, 4])
    assert ids["g"] not in state.pieces and state.top() is None
    assert RULES.active_seats(state) == {"genestealer"}


def test_interrupt_turn_reveals_a_blip_and_overwatch_fires() -> None:
    """SHB-10.7 / SHB-10.8: a Marine's CP turn in the Genestealer turn reveals a blip; the Marine player
    places the second Genestealer where an overwatching Marine sees it, and he shoots it once it is faced."""
    state, ids = scenario(
        """
        ...a..g
        .......
        ..b....
        .#.....
        o......
        """,
        a=M("E"),
        o=M("E", overwatch=True),
        g=G("W"),
        b=B(2),
        phase="stealer",
        cp=1,
    )
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(5, 0, 0)))
    assert state.top().kind == "interrupt"
    state, events = act(state, "marine", Turn(model=ids["a"], facing="S", use="cp"))
    assert of_kind(events, "blip_converted") and state.top().kind == "place"
    state, _ = act(state, "marine", PlaceStealer(square=(3, 3, 0)))
    first, second = state.top().models
    state, _ = act(state, "genestealer", SetFacing(model=first, facing="N"))
    state, events = act(state, "genestealer", SetFacing(model=second, facing="N"), rolls=[6, 3])
    assert (
        kinds_without_agenda(events)[-2:] == ["fired", "killed"]
        and of_kind(events, "fired")[0].model == ids["o"]
    )
    assert second not in state.pieces and first in state.pieces


def test_genestealer_entering_under_overwatch() -> None:
    """SHB-10.4 / SHB-8.4: entering the board is a move that ends in the overwatcher's arc."""
    state, ids = scenario("1....a", a=M("W", overwatch=True), phase="stealer", lurking={"1": [G()]})
    gid = ids["1.0"]
    state, events = act(state, "genestealer", Move(model=gid, to=(0, 0, 0), facing="E"), rolls=[2, 2])
    assert state.pieces[gid].pos == (0, 0, 0) and state.pieces[gid].facing == "E"
    assert of_kind(events, "fired")[0].jammed and state.pieces[ids["a"]].jammed


def test_timer_expires_while_the_stealer_faces_a_revealed_model() -> None:
    """SHB-3.5: the timer may run out while the Genestealer player answers; the phase ends after."""
    state, ids = scenario("a..b.", a=M("W"), b=B(1))
    state, _ = act(state, "marine", Turn(model=ids["a"], facing="E"))
    assert RULES.active_seats(state) == {"genestealer"}
    state, _ = act(state, "genestealer", TimeExpired())
    assert state.phase == "marine" and state.time_up
    assert all(x.kind == "set_facing" for x in RULES.legal_actions(state, "genestealer"))
    state, events = act(state, "genestealer", SetFacing(model=state.top().models[0], facing="W"))
    assert of_kind(events, "marine_phase_ended")[0].reason == "time" and state.phase == "stealer"


def test_sustained_aim_is_lost_when_the_target_moves() -> None:
    """SHB-8.2 reading: a target that moved is a new aim."""
    state, ids = scenario(
        "a....g.", a=M("E"), g=G("W"), phase="stealer", cp=2, options={"interrupt_prompt": "always"}
    )
    state.pieces[ids["a"]] = state.pieces[ids["a"]].model_copy(update={"aim": None})
    state, _ = act(state, "genestealer", Turn(model=ids["g"], facing="N"))
    state, _ = act(state, "marine", Fire(model=ids["a"], at=(5, 0, 0), use="cp"), rolls=[1, 1])
    assert state.pieces[ids["a"]].aim.shots == 1
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(6, 0, 0)))
    state, events = act(state, "marine", Fire(model=ids["a"], at=(6, 0, 0), use="cp"), rolls=[1, 1])
    assert of_kind(events, "fired")[0].bonus == 0
