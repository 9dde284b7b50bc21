"""Deathwing new rules: securing entry areas and teleporting out (deathwing.md §2.4)."""

from __future__ import annotations

import pytest

from engine.core import Rejected
from engine.spacehulk import RULES
from engine.spacehulk.actions import Convert, EndTurn, Move, PlaceAmbush, Teleport, Turn
from engine.spacehulk.state import AgReinforce
from tests.engine.helpers import of_kind

from .helpers import B, G, M, act, scenario

DW = {"expansions": ["deathwing"]}


def test_securing_needs_the_mission() -> None:
    """DW-SEC-1: without the mission's leave, standing next to the entry square secures nothing."""
    state, ids = scenario("1.a", a=M("W"), options=DW, lurking={"1": [B(2)]})
    state, events = act(state, "marine", Move(model=ids["a"], to=(1, 0, 0)))
    assert not of_kind(events, "area_secured") and state.secured == []


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
    secured = of_kind(events, "area_secured")[0]
    assert secured.area == "1" and set(secured.lost) == {ids["1.0"], ids["1.1"]}
    assert state.secured == ["1"] and state.kills == 0
    assert not any(p.area == "1" for p in state.pieces.values())
    assert of_kind(events, "spent")[0].ap == 1  # only the move's cost
    shown = secured.redacted_for("marine")
    assert "value" not in shown.model_dump()  # the lost blips are not revealed
    state, events = act(state, "marine", EndTurn())
    assert of_kind(events, "reinforcements_lost")  # the only area is secured: the blips cannot arrive


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
    assert not of_kind(events, "area_secured")  # he now faces away: the entry square is behind him
    state, ids = scenario(".1a", a=M("N"), options=DW, mission={"securing": True})
    state, events = act(state, "marine", Turn(model=ids["a"], facing="W"))
    assert of_kind(events, "area_secured")  # the same square in front of him: secured
    state, ids = scenario("1.a", a=M("W"), options=DW, mission={"securing": True})
    held = state.model_copy(deep=True)
    from engine.spacehulk.state import Piece

    held.pieces["g9"] = Piece(id="g9", kind="genestealer", pos=(0, 0, 0), facing="E", ap=6)
    held, events = act(held, "marine", Move(model=ids["a"], to=(1, 0, 0)))
    assert not of_kind(events, "area_secured")


def test_teleport_out() -> None:
    """DW-TEL-1, DW-TEL-2, A-24: 4 AP (AP and/or CP) in the Marine turn where the mission allows it, one
    Marine a turn; he is gone for good and is not a casualty."""
    state, ids = scenario("a.b", a=M("E"), b=M("W"), options=DW, mission={"teleport": True}, cp=1)
    state, events = act(state, "marine", Teleport(model=ids["a"]))
    assert (
        of_kind(events, "spent")[0].ap == 4
        and ids["a"] not in state.pieces
        and state.teleported == [ids["a"]]
    )
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


AMBUSH = {**DW, "ambush": True}


def ambush_marker(**kw: object) -> dict[str, object]:
    return {"kind": "blip", "ap": 6, "ambush": True, **kw}


def test_ambush_markers_need_agreement() -> None:
    """DW-AMB-1: ambush markers are used only if both players agreed (a table option)."""
    state, ids = scenario("a..........", a=M("W"), phase="stealer", options=DW, mission={"reinforcements": 1})
    state = state.model_copy(update={"agenda": [AgReinforce(remaining=1)]})
    assert not [x for x in RULES.legal_actions(state, "genestealer") if x.kind == "place_ambush"]


def test_ambush_placement() -> None:
    """DW-AMB-2, DW-AMB-3, A-22: instead of one reinforcement blip, an empty square at least 6 squares from
    the nearest Marine and out of all Marine sight; one a turn, at most 2 in play."""
    state, ids = scenario(
        "1.....\n.....a\n#.####\n#.####\n#.####\n#.####\n#.####", a=M("E"), phase="stealer", options=AMBUSH
    )
    state = state.model_copy(update={"agenda": [AgReinforce(remaining=2)]})
    legal = {x.square for x in RULES.legal_actions(state, "genestealer") if x.kind == "place_ambush"}  # type: ignore[attr-defined]
    assert legal and all(sq[1] >= 4 for sq in legal)  # 6 or more squares by route, out of sight
    with pytest.raises(Rejected, match="within 6 squares"):
        act(state, "genestealer", PlaceAmbush(square=(1, 2, 0)))
    state, events = act(state, "genestealer", PlaceAmbush(square=(1, 6, 0)), rolls=[0])
    marker = of_kind(events, "ambush_placed")[0].model
    assert state.pieces[marker].ambush and state.pieces[marker].pos == (1, 6, 0)
    assert len(of_kind(events, "blip_placed")) == 1  # it took one of the two reinforcement slots
    state = state.model_copy(update={"agenda": [AgReinforce(remaining=1)]})
    assert not [
        x for x in RULES.legal_actions(state, "genestealer") if x.kind == "place_ambush"
    ]  # one a turn


def test_ambush_marker_moves_like_a_blip_into_sight_and_converts() -> None:
    """DW-AMB-4, DW-AMB-5, DW-AMB-6, DW-AMB-8: 6 AP, moves like a blip but may enter a Marine's sight, which
    converts it at once: a Genestealer result becomes a figure with the AP left; never converted by choice."""
    state, ids = scenario(
        "a.....\n######\n#....b", a=M("E"), b=ambush_marker(), phase="stealer", options=AMBUSH
    )
    with pytest.raises(Rejected, match="never converts by choice"):
        act(state, "genestealer", Convert(model=ids["b"]))
    state, ids = scenario("a...\n###b", a=M("E"), b=ambush_marker(), phase="stealer", options=AMBUSH)
    state, events = act(state, "genestealer", Move(model=ids["b"], to=(3, 0, 0)), rolls=[0])
    assert of_kind(events, "ambush_revealed")[0].result == "echo"  # the cup sorted: echo x3, genestealer x3
    assert ids["b"] not in state.pieces and state.kills == 0
    state, ids = scenario("a...\n###b", a=M("E"), b=ambush_marker(), phase="stealer", options=AMBUSH)
    state, events = act(state, "genestealer", Move(model=ids["b"], to=(3, 0, 0)), rolls=[3])
    placed = of_kind(events, "stealer_placed")[0]
    assert of_kind(events, "ambush_revealed")[0].result == "genestealer"
    assert placed.square == (3, 0, 0) and placed.ap == 5  # DW-AMB-6: the AP left
    assert state.top().kind == "facing"  # type: ignore[union-attr]


def test_ambush_marker_converts_next_to_a_marine_even_unseen() -> None:
    """DW-AMB-5, A-22: entering a square next to a Marine converts it, even out of his sight."""
    state, ids = scenario("a..b", a=M("W"), b=ambush_marker(), phase="stealer", options=AMBUSH)
    state, events = act(state, "genestealer", Move(model=ids["b"], to=(2, 0, 0)))
    assert not of_kind(events, "ambush_revealed")  # behind him, two squares away: unseen
    state, events = act(state, "genestealer", Move(model=ids["b"], to=(1, 0, 0)), rolls=[0])
    assert of_kind(events, "ambush_revealed")


def test_false_echo_draws_overwatch_fire() -> None:
    """DW-AMB-7: any other result is removed at once, unless Marines on overwatch have it in arc and sight:
    they fire at it automatically, rolling normally (a double jams), then it is removed."""
    state, ids = scenario(
        "a...\n###b", a=M("E", overwatch=True), b=ambush_marker(), phase="stealer", options=AMBUSH
    )
    state, events = act(state, "genestealer", Move(model=ids["b"], to=(3, 0, 0)), rolls=[0, 3, 3])
    fired = of_kind(events, "fired")[0]
    assert fired.overwatch and fired.jammed and state.pieces[ids["a"]].jammed
    assert ids["b"] not in state.pieces and state.kills == 0
