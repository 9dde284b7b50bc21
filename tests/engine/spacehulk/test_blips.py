"""Blips and Genestealer reinforcements (SHB-10.1 .. SHB-10.10, Q7 .. Q11, Q17)."""

from __future__ import annotations

import pytest

from engine.core import Rejected
from engine.spacehulk import RULES
from engine.spacehulk.actions import (
    Assault,
    Convert,
    EndTurn,
    Fire,
    Flame,
    Move,
    PickTarget,
    PlaceBlip,
    PlaceStealer,
    SetFacing,
    Turn,
)
from tests.engine.helpers import of_kind

from .helpers import B, F, G, M, act, kinds_without_agenda, scenario


def refused(state, seat: str, action) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(Rejected) as err:
        RULES.decide(state, seat, action, None)  # type: ignore[arg-type]
    return err.value.message_id


def test_only_the_stealer_player_knows_blip_values() -> None:
    """SHB-10.1: a blip is worth 1-3; the Stealer player may examine it, the Marine player never."""
    state, ids = scenario("a.#..b", a=M("E"), b=B(3))
    assert [p.value for p in RULES.view(state, "genestealer").pieces if p.kind == "blip"] == [3]
    assert [p.value for p in RULES.view(state, "marine").pieces if p.kind == "blip"] == [None]
    assert [p.value for p in RULES.view(state, None).pieces if p.kind == "blip"] == [None]


def test_bag_without_replacement_and_refill() -> None:
    """SHB-10.2 / Q8: 8 ones, 4 twos, 9 threes drawn without replacement; used counters refill an empty bag."""
    from engine.spacehulk.options import SpaceHulkOptions

    assert SpaceHulkOptions().variants.blip_bag == {1: 8, 2: 4, 3: 9}
    state, ids = scenario(
        """
        1.........
        2.........
        """,
        mission={"reinforcements": 1},
        bag={1: 1, 2: 0, 3: 0},
    )
    state.used = {3: 2}
    state, events = act(state, "marine", EndTurn())
    assert state.top().kind == "reinforce"
    state, events = act(state, "genestealer", PlaceBlip(area="2"), rolls=[0])
    assert of_kind(events, "blip_placed")[0].value == 1 and state.bag == {1: 0, 2: 0, 3: 0}
    state.phase, state.turn = "marine", 2
    state, events = act(state, "marine", EndTurn())
    state, events = act(state, "genestealer", PlaceBlip(area="1"), rolls=[1])
    assert of_kind(events, "bag_refilled")[0].counts == {3: 2}
    assert of_kind(events, "blip_placed")[0].value == 3 and state.bag == {3: 1} and state.used == {}


def test_bag_variants() -> None:
    """SHB-10.2 / Q8: the mission may override the bag; 'with replacement' never empties it."""
    state, _ = scenario(
        "1.......",
        mission={"reinforcements": 1, "blip_bag": {2: 1}},
        options={"blip_draw": "with_replacement"},
    )
    state, events = act(state, "marine", EndTurn(), rolls=[0])
    assert (
        of_kind(events, "blip_placed")[0].value == 2 and of_kind(events, "blip_placed")[0].from_bag is False
    )
    assert state.bag == {1: 8, 2: 4, 3: 9}


def test_reinforcements_per_mission_and_capacity() -> None:
    """SHB-10.3 / Q9: blips per the mission into usable areas; at most 3 lurking per area; the rest are lost."""
    state, ids = scenario(
        """
        1........
        2........
        3........
        """,
        mission={"reinforcements": 3, "entry_areas": ("1", "2")},
        lurking={"1": [B(1), B(1), B(1)]},
    )
    state, events = act(state, "marine", EndTurn(), rolls=[0, 0, 0])
    # area 1 is full and area 3 is not usable: all three go to area 2 without asking
    assert [e.area for e in of_kind(events, "blip_placed")] == ["2", "2", "2"]
    state.phase, state.turn = "marine", 2
    state, events = act(state, "marine", EndTurn())
    assert of_kind(events, "reinforcements_lost")[0].count == 3


def test_choice_of_entry_area() -> None:
    """SHB-10.3: with several usable areas the Stealer player chooses for each blip."""
    state, _ = scenario("1......\n2......", mission={"reinforcements": 1})
    state, _ = act(state, "marine", EndTurn())
    assert RULES.legal_actions(state, "genestealer") == [PlaceBlip(area="1"), PlaceBlip(area="2")]


def test_forced_lurking_within_six_squares() -> None:
    """SHB-10.4 / Q10: a Marine within 6 walking squares of the entry square forces a whole turn of lurking."""
    state, ids = scenario("1.....a", a=M("E"), mission={"reinforcements": 1})
    state, events = act(state, "marine", EndTurn(), rolls=[0])
    blip = of_kind(events, "blip_placed")[0]
    assert blip.lurk_until == 1
    assert refused(state, "genestealer", Move(model=blip.model, to=(0, 0, 0))) == "spacehulk.move.must_lurk"
    state, ids = scenario("1......a", a=M("E"), mission={"reinforcements": 1})
    state, events = act(state, "marine", EndTurn(), rolls=[0])
    assert of_kind(events, "blip_placed")[0].lurk_until == 0  # 7 squares: free to enter


def test_lurk_distance_walks_round_walls() -> None:
    """Q10: walking distance, walls block; Chebyshev with the flag."""
    diagram = """
    1.#a
    ..#.
    ....
    """
    state, ids = scenario(diagram, a=M("E"), mission={"reinforcements": 1})
    state, events = act(state, "marine", EndTurn(), rolls=[0])
    assert of_kind(events, "blip_placed")[0].lurk_until == 1  # 4 squares round the wall
    state, ids = scenario(diagram, a=M("E"), mission={"reinforcements": 1}, options={"lurk_distance": 3})
    state, events = act(state, "marine", EndTurn(), rolls=[0])
    assert of_kind(events, "blip_placed")[0].lurk_until == 0
    state, ids = scenario(
        diagram,
        a=M("E"),
        mission={"reinforcements": 1},
        options={"lurk_distance": 3, "lurk_metric": "chebyshev"},
    )
    state, events = act(state, "marine", EndTurn(), rolls=[0])
    assert of_kind(events, "blip_placed")[0].lurk_until == 1


def test_entering_and_voluntary_lurking() -> None:
    """SHB-10.4: entering from the lurking space is a 1 AP move; a blip may also stay there."""
    state, ids = scenario("1......", phase="stealer", lurking={"1": [B(2), B(1)]})
    first, second = ids["1.0"], ids["1.1"]
    state, _ = act(state, "genestealer", Move(model=first, to=(0, 0, 0)))
    assert state.pieces[first].pos == (0, 0, 0) and state.pieces[first].ap == 5
    state, _ = act(state, "genestealer", EndTurn(), rolls=[1])
    assert state.pieces[second].area == "1" and state.pieces[second].pos is None


def test_blip_movement() -> None:
    """SHB-10.5: 6 AP, 1 AP a square in any direction; never into Marine sight nor next to a Marine."""
    state, ids = scenario(
        """
        #####.
        a.....
        ####.b
        ####..
        """,
        a=M("E"),
        b=B(1),
        phase="stealer",
    )
    assert refused(state, "genestealer", Move(model=ids["b"], to=(5, 1, 0))) == "spacehulk.move.blip_seen"
    state, _ = act(state, "genestealer", Move(model=ids["b"], to=(4, 3, 0)))  # diagonal, out of sight
    assert state.pieces[ids["b"]].ap == 5
    state, ids = scenario("a.b..", a=M("W"), b=B(1), phase="stealer")
    assert refused(state, "genestealer", Move(model=ids["b"], to=(1, 0, 0))) == "spacehulk.move.blip_adjacent"


def test_blips_cannot_attack_or_be_shot() -> None:
    """SHB-10.5: a blip cannot attack and cannot be shot or assaulted."""
    state, ids = scenario("ba", b=B(1), a=M("E"), phase="stealer")
    assert refused(state, "genestealer", Assault(model=ids["b"])) == "spacehulk.assault.blip"
    state, ids = scenario("a#b", a=M("E"), b=B(1))
    assert refused(state, "marine", Fire(model=ids["a"], at=(2, 0, 0))) == "spacehulk.fire.no_target"


def test_voluntary_conversion() -> None:
    """SHB-10.6 / SHB-10.8 / Q11: 0 AP, only before the blip acts; the Genestealer player places them out of
    sight; they act this phase with 6 AP each."""
    state, ids = scenario(
        """
        a.....
        ...g..
        ....b.
        """,
        a=M("E"),
        g=G("W"),
        b=B(2),
        phase="stealer",
    )
    state, events = act(state, "genestealer", Convert(model=ids["b"]))
    assert of_kind(events, "blip_converted")[0].voluntary and state.top().kind == "place"
    assert RULES.active_seats(state) == {"genestealer"}
    squares = {x.square for x in RULES.legal_actions(state, "genestealer")}
    assert squares == {(4, 1, 0), (5, 1, 0), (5, 2, 0)}  # (3, 2) is in the Marine's sight
    state, _ = act(state, "genestealer", PlaceStealer(square=(5, 1, 0)))
    first, second = (p for p in state.pieces.values() if p.kind == "genestealer" and p.id != ids["g"])
    assert first.pos == (4, 2, 0) and second.pos == (5, 1, 0) and first.ap == 6 and not first.activated
    state, _ = act(state, "genestealer", SetFacing(model=first.id, facing="W"))
    state, _ = act(state, "genestealer", SetFacing(model=second.id, facing="S"))
    state, _ = act(state, "genestealer", Move(model=second.id, to=(5, 2, 0)))
    assert state.pieces[second.id].ap == 5


def test_no_conversion_after_acting_and_q11_variant() -> None:
    """SHB-10.6: a blip that moved may not convert; Q11 off: new Genestealers get no AP this phase."""
    state, ids = scenario("b....", b=B(1), phase="stealer")
    state, _ = act(state, "genestealer", Move(model=ids["b"], to=(1, 0, 0)))
    assert refused(state, "genestealer", Convert(model=ids["b"])) == "spacehulk.convert.acted"
    state, ids = scenario("b....", b=B(1), phase="stealer", options={"voluntary_conversion_acts": False})
    state, _ = act(state, "genestealer", Convert(model=ids["b"]))
    assert [p.ap for p in state.pieces.values()] == [0]


def test_lurking_conversion_keeps_them_lurking() -> None:
    """SHB-10.6: a blip converted in its lurking space gives lurking Genestealers, forced if it was forced."""
    state, ids = scenario("1....", phase="stealer", lurking={"1": [B(3, lurk_until=1)]})
    state, events = act(state, "genestealer", Convert(model=ids["1.0"]))
    stealers = [p for p in state.pieces.values() if p.kind == "genestealer"]
    assert len(stealers) == 3 and all(
        p.area == "1" and p.lurk_until == 1 and p.facing is None for p in stealers
    )
    assert (
        refused(state, "genestealer", Move(model=stealers[0].id, to=(0, 0, 0), facing="E"))
        == "spacehulk.move.must_lurk"
    )


def test_involuntary_conversion_marine_places_stealer_faces() -> None:
    """SHB-10.7 / SHB-10.8: a Marine turning to see a blip reveals it at once; the Marine player places
    the others next to it, the Genestealer player chooses every facing."""
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
    state, events = act(state, "marine", Turn(model=ids["a"], facing="N"))
    assert (
        of_kind(events, "blip_converted")[0].value == 3 and not of_kind(events, "blip_converted")[0].voluntary
    )
    assert state.top().kind == "place" and RULES.active_seats(state) == {"marine"}
    assert len(RULES.legal_actions(state, "marine")) == 8
    state, _ = act(state, "marine", PlaceStealer(square=(2, 2, 0)))
    state, _ = act(state, "marine", PlaceStealer(square=(4, 3, 0)))
    assert state.top().kind == "facing" and RULES.active_seats(state) == {"genestealer"}
    for model in list(state.top().models):
        state, _ = act(state, "genestealer", SetFacing(model=model, facing="W"))
    stealers = {p.pos: p.facing for p in state.pieces.values() if p.kind == "genestealer"}
    assert stealers == {(3, 2, 0): "W", (2, 2, 0): "W", (4, 3, 0): "W"}
    assert RULES.active_seats(state) == {"marine"} and state.top() is None


def test_conversion_when_a_blocking_model_dies() -> None:
    """SHB-10.7: a blocking model that dies uncovers the blip behind it."""
    state, ids = scenario("a.g.b", a=M("E"), g=G("W"), b=B(1))
    state, events = act(state, "marine", Fire(model=ids["a"], at=(2, 0, 0)), rolls=[6, 1])
    assert kinds_without_agenda(events)[-4:] == ["fired", "killed", "blip_converted", "stealer_placed"]


def test_placement_cannot_fit_and_model_cap() -> None:
    """SHB-10.8 / SHB-10.9 / Q17: Genestealers that cannot be placed, or exceed the cap, are lost, not kills."""
    state, ids = scenario("ba.", b=B(3), a=M("E"))
    state, events = act(state, "marine", Turn(model=ids["a"], facing="N"))
    assert (
        of_kind(events, "stealers_lost")[0].count == 2
        and of_kind(events, "stealers_lost")[0].reason == "no_room"
    )
    assert state.kills == 0 and sum(p.kind == "genestealer" for p in state.pieces.values()) == 1
    state, ids = scenario("g.#b..", g=G("E"), b=B(3), phase="stealer", options={"stealer_cap": 2})
    state, events = act(state, "genestealer", Convert(model=ids["b"]))
    assert sum(p.kind == "genestealer" for p in state.pieces.values()) == 2
    assert of_kind(events, "stealers_lost")[0].reason == "cap"


def test_overwatch_after_revealed_stealers_are_placed() -> None:
    """SHB-10.8: overwatch against revealed Genestealers comes after placement; each Marine picks one."""
    state, ids = scenario(
        """
        a.g.b.
        ......
        """,
        a=M("E", overwatch=True),
        g=G("S"),
        b=B(2),
        phase="stealer",
    )
    state, events = act(state, "genestealer", Move(model=ids["g"], to=(2, 1, 0)), rolls=[1, 2])
    assert kinds_without_agenda(events)[-3:] == ["fired", "blip_converted", "stealer_placed"]
    assert RULES.active_seats(state) == {"marine"}  # the Marine player places the second one
    state, _ = act(state, "marine", PlaceStealer(square=(5, 1, 0)))
    for model in list(state.top().models):
        state, _ = act(state, "genestealer", SetFacing(model=model, facing="W"))
    assert state.top().kind == "overwatch_pick" and RULES.active_seats(state) == {"marine"}
    assert set(state.top().candidates) == {"g4", "g5"}
    state, events = act(state, "marine", PickTarget(model=ids["a"], target="g4"), rolls=[6, 1])
    assert "g4" not in state.pieces and "g5" in state.pieces
    assert state.pieces["g5"].ap == 6  # reading: the blip had not been activated, so they may still act


def test_blips_killed_as_blips_count_full_value() -> None:
    """SHB-10.10: a blip destroyed by the flamer counts its hidden value as kills."""
    state, ids = scenario("f.b", sections="ABB", f=F("E"), b=B(2))
    state.burning = [(1, 0, 0)]  # hides the blip: it is not converted before the flames hit it
    state, events = act(state, "marine", Flame(model=ids["f"], at=(1, 0, 0)), rolls=[4])
    assert of_kind(events, "killed")[0].value == 2 and state.kills == 2 and state.used == {2: 1}
