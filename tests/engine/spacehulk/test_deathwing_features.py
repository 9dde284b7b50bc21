"""Deathwing features: crates, rubble and cryogenic tanks (deathwing.md §2.6)."""

from __future__ import annotations

import pytest

from engine.core import Rejected
from engine.spacehulk import RULES
from engine.spacehulk.actions import Assault, AutoFire, Fire, Flame, Move
from engine.spacehulk.queries import Queries
from tests.engine.helpers import of_kind

from .helpers import G, M, act, scenario

DW = {"expansions": ["deathwing"]}


def test_crates_block_and_become_rubble() -> None:
    """DW-CRT-1, A-26: an intact crate blocks sight and movement and is attacked like a door; destroyed,
    all its squares become rubble (sight passes, +1 AP to enter)."""
    state, ids = scenario("aC.g\n.C..", a=M("E"), g=G("W"), options=DW)
    q = Queries(state)
    assert not q.sees(state.pieces[ids["a"]], (3, 0, 0))
    with pytest.raises(Rejected):
        act(state, "marine", Move(model=ids["a"], to=(1, 0, 0)))
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[6])
    assert of_kind(events, "assaulted")[0].target == "feature"
    assert set(state.wrecked) == {(1, 0, 0), (1, 1, 0)}  # the whole crate
    q = Queries(state)
    assert q.feature((1, 1, 0)) == "rubble" and q.sees(state.pieces[ids["a"]], (3, 0, 0))


def test_crates_shot_like_doors_and_by_auto_fire() -> None:
    """DW-CRT-1, A-26: a storm bolter shoots a crate as a door; auto fire attacks it too."""
    state, ids = scenario("a.C", a=M("E"), options=DW)
    assert (2, 0, 0) in {x.at for x in RULES.legal_actions(state, "marine") if x.kind == "fire"}  # type: ignore[attr-defined]
    state, events = act(state, "marine", Fire(model=ids["a"], at=(2, 0, 0)), rolls=[6, 1])
    assert of_kind(events, "fired")[0].target == "feature" and state.wrecked == [(2, 0, 0)]
    state, ids = scenario("a.C", a=M("E", weapon="assault_cannon", ammo=10), options=DW)
    state, events = act(state, "marine", AutoFire(model=ids["a"]), rolls=[4, 1, 1])
    assert state.wrecked == [(2, 0, 0)]


def test_flamer_destroys_crates_on_six() -> None:
    """DW-CRT-2: a flamer hit rolls 1 D6 per crate in the section: destroyed on 6."""
    state, ids = scenario("a..:C:C", sections="AAABBBB", a=M("E", weapon="heavy_flamer", ammo=6), options=DW)
    state, events = act(state, "marine", Flame(model=ids["a"], at=(3, 0, 0)), rolls=[6, 5])
    assert of_kind(events, "flamed")[0].crates == (((4, 0, 0), 6), ((6, 0, 0), 5))
    assert state.wrecked == [(4, 0, 0)]


def test_rubble_costs_one_more_ap() -> None:
    """DW-RUB-1: rubble does not block sight; entering it costs +1 AP (a Marine's forward step costs 2)."""
    state, ids = scenario("aR.g", a=M("E"), g=G("W"), options=DW)
    assert Queries(state).sees(state.pieces[ids["a"]], (3, 0, 0))
    state, events = act(state, "marine", Move(model=ids["a"], to=(1, 0, 0)))
    assert of_kind(events, "spent")[0].ap == 2


def test_rubble_deflects_hits() -> None:
    """DW-RUB-2, A-27: a hit on a target in or beyond rubble rolls 1 D6 per rubble square crossed,
    the target's square included; any 5-6 deflects it."""
    state, ids = scenario("a.R.g", a=M("E"), g=G("W"), options=DW)
    state, events = act(state, "marine", Fire(model=ids["a"], at=(4, 0, 0)), rolls=[6, 1, 5])
    fired = of_kind(events, "fired")[0]
    assert fired.deflection == (5,) and not fired.hit and ids["g"] in state.pieces
    state, events = act(state, "marine", Fire(model=ids["a"], at=(4, 0, 0)), rolls=[6, 1, 4])
    assert of_kind(events, "fired")[0].hit and ids["g"] not in state.pieces
    state, ids = scenario("a...g", a=M("E"), g=G("W"), options=DW)  # no rubble, no roll
    state, events = act(state, "marine", Fire(model=ids["a"], at=(4, 0, 0)), rolls=[6, 1])
    assert of_kind(events, "fired")[0].deflection == ()


def test_grazing_rubble_diagonally_rolls_only_when_the_other_side_blocks() -> None:
    """DW-RUB-3, A-27: no roll when the shot passes diagonally beside a rubble square, unless the other
    diagonal square is also blocked; rubble has no effect on other attacks (close assault)."""
    state, ids = scenario("a.\n.R\n..g", a=M("S"), g=G("N"), options=DW)
    state, events = act(state, "marine", Fire(model=ids["a"], at=(2, 2, 0)), rolls=[6, 1, 4])
    assert of_kind(events, "fired")[0].deflection == (4,)  # the line crosses the rubble square itself
    state, ids = scenario("aR\n.g", a=M("E"), g=G("W"), options=DW)
    state, events = act(state, "marine", Fire(model=ids["a"], at=(1, 1, 0)), rolls=[6, 1])
    assert of_kind(events, "fired")[0].deflection == ()  # grazing the rubble corner, the other side open
    state, ids = scenario("aR\n#g", a=M("E"), g=G("W"), options=DW)
    state, events = act(state, "marine", Fire(model=ids["a"], at=(1, 1, 0)), rolls=[6, 1, 5])
    # the other side a wall
    assert of_kind(events, "fired")[0].deflection == (5,) and ids["g"] in state.pieces
    state, ids = scenario("aR", a=M("E"), options=DW)
    from engine.spacehulk.state import Piece

    state.pieces["g9"] = Piece(id="g9", kind="genestealer", pos=(1, 0, 0), facing="W", ap=6)
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[6, 1, 1, 1])
    assert "g9" not in state.pieces  # close assault: no rubble roll


def test_cryo_tanks_block_even_when_destroyed() -> None:
    """DW-CRY-1: cryo tanks block sight and movement even destroyed; attacked like doors; flipped."""
    state, ids = scenario("aT.g", a=M("E"), g=G("W"), options=DW)
    state, events = act(state, "marine", Fire(model=ids["a"], at=(1, 0, 0)), rolls=[6, 1])
    assert state.wrecked == [(1, 0, 0)]
    q = Queries(state)
    assert q.feature((1, 0, 0)) == "wrecked_cryo" and not q.sees(state.pieces[ids["a"]], (3, 0, 0))
    with pytest.raises(Rejected):
        act(state, "marine", Assault(model=ids["a"]))  # nothing left to attack


def test_disposal_chute_escape() -> None:
    """DW-CHT-1, DW-CHT-2, DW-CHT-4, A-29: the hatch never opens by hand but is attacked like a door; when
    it falls every Marine in the chute escapes (gone for good, not a loss)."""
    state, ids = scenario(".aUUH", a=M("E"), options=DW)
    assert not [x for x in RULES.legal_actions(state, "marine") if x.kind == "door"]
    state, _ = act(state, "marine", Move(model=ids["a"], to=(2, 0, 0)))
    state, _ = act(state, "marine", Move(model=ids["a"], to=(3, 0, 0)))
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[6])
    assert state.door_status((4, 0, 0)) == "destroyed"
    assert ids["a"] not in state.pieces and state.escaped == [ids["a"]]


def test_genestealers_in_a_chute() -> None:
    """DW-CHT-3, DW-CHT-4, A-29: one Genestealer at a time may follow into the chute; when the hatch falls
    it goes into space as a kill; left inside with no Marine it is removed as killed."""
    from engine.spacehulk.state import Piece

    state, ids = scenario("gUUUH", g=G("E"), phase="stealer", options=DW)
    state.pieces["m9"] = Piece(id="m9", kind="marine", pos=(3, 0, 0), facing="E", ap=4, weapon="storm_bolter")
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(1, 0, 0)))
    assert ids["g"] in state.pieces  # a Marine is inside with it
    state = state.model_copy(update={"phase": "marine"})
    state, events = act(state, "marine", Assault(model="m9"), rolls=[6])
    assert "m9" not in state.pieces and state.escaped == ["m9"]
    assert ids["g"] not in state.pieces and state.kills == 1
    state, ids = scenario("gUUH", g=G("E"), phase="stealer", options=DW)
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(1, 0, 0)))
    assert ids["g"] not in state.pieces and state.kills == 1
    state, ids = scenario(".hUUUH", h=G("E"), phase="stealer", options=DW)
    state.pieces["m9"] = Piece(id="m9", kind="marine", pos=(4, 0, 0), facing="W", ap=4, weapon="storm_bolter")
    state.pieces["g8"] = Piece(id="g8", kind="genestealer", pos=(3, 0, 0), facing="E", ap=6)
    with pytest.raises(Rejected, match="already in that chute"):
        act(state, "genestealer", Move(model=ids["h"], to=(2, 0, 0)))
