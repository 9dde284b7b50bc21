"""Deathwing new rules: securing entry areas and teleporting out (deathwing.md §2.4)."""

from __future__ import annotations

import pytest

from engine.core import Rejected
from engine.spacehulk import RULES
from engine.spacehulk.actions import EndTurn, Move, Teleport, Turn

from .helpers import B, G, M, act, of, scenario

DW = {"expansions": ["deathwing"]}


def test_securing_needs_the_mission() -> None:
    """DW-SEC-1: without the mission's leave, standing next to the entry square secures nothing."""
    state, ids = scenario("1.a", a=M("W"), options=DW, lurking={"1": [B(2)]})
    state, events = act(state, "marine", Move(model=ids["a"], to=(1, 0, 0)))
    assert not of(events, "area_secured") and state.secured == []


def test_securing_an_entry_area() -> None:
    """DW-SEC-2, DW-SEC-3, DW-SEC-4, A-23: a Marine adjacent to the empty entry square with it in sight secures the
    area at the end of his action (0 AP); what lurks beyond is lost, not killed; no reinforcement uses it."""
    state, ids = scenario(
        "1.a",
        a=M("W"),
        options=DW,
        lurking={"1": [B(2), G()]},
        mission={"securing": True, "reinforcements": 2},
    )
    state, events = act(state, "marine", Move(model=ids["a"], to=(1, 0, 0)))
    secured = of(events, "area_secured")[0]
    assert secured.area == "1" and set(secured.lost) == {ids["1.0"], ids["1.1"]}
    assert state.secured == ["1"] and state.kills == 0
    assert not any(p.area == "1" for p in state.pieces.values())
    assert of(events, "spent")[0].ap == 1  # only the move's cost
    shown = secured.redacted_for("marine")
    assert "value" not in shown.model_dump()  # the lost blips are not revealed
    state, events = act(state, "marine", EndTurn())
    assert of(events, "reinforcements_lost")  # the only area is secured: the blips cannot arrive


def test_secured_area_stays_secured() -> None:
    """DW-SEC-5: the area stays secured after the Marine leaves."""
    state, ids = scenario("1.a.", a=M("W"), options=DW, mission={"securing": True})
    state, _ = act(state, "marine", Move(model=ids["a"], to=(1, 0, 0)))
    state, _ = act(state, "marine", Move(model=ids["a"], to=(2, 0, 0)))
    assert state.secured == ["1"]


def test_no_securing_while_the_entry_square_is_held_or_unseen() -> None:
    """DW-SEC-2: anything on the entry square or in the way must go first; the Marine must see it."""
    state, ids = scenario(".1a", a=M("N"), options=DW, mission={"securing": True})
    state, events = act(state, "marine", Turn(model=ids["a"], facing="E"))
    assert not of(events, "area_secured")  # he now faces away: the entry square is behind him
    state, ids = scenario(".1a", a=M("N"), options=DW, mission={"securing": True})
    state, events = act(state, "marine", Turn(model=ids["a"], facing="W"))
    assert of(events, "area_secured")  # the same square in front of him: secured
    state, ids = scenario("1.a", a=M("W"), options=DW, mission={"securing": True})
    held = state.model_copy(deep=True)
    from engine.spacehulk.state import Piece

    held.pieces["g9"] = Piece(id="g9", kind="genestealer", pos=(0, 0, 0), facing="E", ap=6)
    held, events = act(held, "marine", Move(model=ids["a"], to=(1, 0, 0)))
    assert not of(events, "area_secured")


def test_teleport_out() -> None:
    """DW-TEL-1, DW-TEL-2, A-24: 4 AP (AP and/or CP) in the Marine turn where the mission allows it, one
    Marine a turn; he is gone for good and is not a casualty."""
    state, ids = scenario("a.b", a=M("E"), b=M("W"), options=DW, mission={"teleport": True}, cp=1)
    state, events = act(state, "marine", Teleport(model=ids["a"]))
    assert of(events, "spent")[0].ap == 4 and ids["a"] not in state.pieces and state.teleported == [ids["a"]]
    with pytest.raises(Rejected, match="one Marine"):
        act(state, "marine", Teleport(model=ids["b"]))
    assert not [x for x in RULES.legal_actions(state, "marine") if x.kind == "teleport"]
    state, ids = scenario("a.", a=M("E"), options=DW)
    with pytest.raises(Rejected, match="does not allow"):
        act(state, "marine", Teleport(model=ids["a"]))


def test_teleport_never_in_the_genestealer_turn() -> None:
    """DW-TEL-1: never in the Genestealer turn, not even with command points."""
    state, ids = scenario("a...\n....\n...g", a=M("E"), g=G("W"), phase="stealer", cp=6, options=DW)
    state = state.model_copy(update={"mission": state.mission.model_copy(update={"teleport": True})})
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(2, 2, 0)))
    assert state.top().kind == "interrupt"  # type: ignore[union-attr]
    with pytest.raises(Rejected, match="own turn"):
        act(state, "marine", Teleport(model=ids["a"], use="cp"))


def test_teleported_leaders_shorten_the_timer_and_end_the_captains_bonus() -> None:
    """DW-TEL-3: a teleported Sergeant or Captain costs 30 s from the next turn; a Captain's +2 CP ends."""
    state, ids = scenario(
        "a.\nb.", a=M("E", captain=True), b=M("E", sergeant=True), options=DW, mission={"teleport": True}
    )
    state, _ = act(state, "marine", Teleport(model=ids["a"]))
    state, _ = act(state, "marine", EndTurn())
    state, _ = act(state, "genestealer", EndTurn(), rolls=[4])
    assert state.timer_seconds == 150 and state.cp == 4
