"""The heavy flamer (SHB-9.1 .. SHB-9.7, Q7, Q16)."""

from __future__ import annotations

import pytest

from engine.core import Rejected
from engine.spacehulk import RULES
from engine.spacehulk.actions import EndTurn, Flame, Move, Overwatch, SelfDestruct
from tests.engine.helpers import of_kind

from .helpers import B, F, G, M, act, scenario

#        columns 0123456789
CORRIDOR = "f...g.D.h."
SECTIONS = "AABBBBBBBC"


def refused(state, seat: str, action) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(Rejected) as err:
        RULES.decide(state, seat, action, None)  # type: ignore[arg-type]
    return err.value.message_id


def test_two_ap_and_six_shots() -> None:
    """SHB-9.1: firing costs 2 AP and one of 6 shots; no reloads; a mission may give another number."""
    state, ids = scenario(CORRIDOR, sections=SECTIONS, f=F("E"), g=G("W"), h=G("W"))
    assert state.pieces[ids["f"]].ammo == 6
    state, _ = act(state, "marine", Flame(model=ids["f"], at=(3, 0, 0)), rolls=[1])
    assert state.pieces[ids["f"]].ap == 2 and state.pieces[ids["f"]].ammo == 5
    state, ids = scenario(CORRIDOR, sections=SECTIONS, f=F("E", ammo=0), g=G("W"), h=G("W"))
    assert refused(state, "marine", Flame(model=ids["f"], at=(3, 0, 0))) == "spacehulk.flame.empty"


def test_mission_sets_flamer_shots(monkeypatch: pytest.MonkeyPatch) -> None:
    """SHB-9.1: Defend gives the flamers 4 shots: the mission's flamer_shots arms its flamers."""
    from engine.core import new_game
    from engine.spacehulk import missions

    assert missions.get_mission("purge").flamer_shots == 6
    state, _ = new_game(RULES, {}, 1)
    assert [p.ammo for p in state.marines() if p.weapon == "heavy_flamer"] == [6]
    defend = missions.get_mission("purge").model_copy(update={"id": "defend", "flamer_shots": 4})
    monkeypatch.setitem(missions.MISSIONS, "defend", lambda: defend)
    state, _ = new_game(RULES, {"mission": "defend"}, 1)
    assert [p.ammo for p in state.marines() if p.weapon == "heavy_flamer"] == [4]


@pytest.mark.parametrize(
    ("diagram", "sections", "target", "message"),
    [
        ("f....g", "AABBBB", (1, 0, 0), "spacehulk.flame.own_section"),
        ("f..D.g", "ABBBBB", (3, 0, 0), "spacehulk.flame.door"),
        ("f.a..g", "ABBBBB", (2, 0, 0), "spacehulk.flame.marine"),
        ("f.a..g", "ABBBCC", (4, 0, 0), "spacehulk.flame.no_line"),
        ("f" + "." * 12 + "g", "A" + "B" * 13, (13, 0, 0), "spacehulk.flame.no_line"),
    ],
)
def test_flamer_targets(diagram: str, sections: str, target: tuple[int, int, int], message: str) -> None:
    """SHB-9.2: in the fire arc with LoS within 12; never a closed door, the own section or a Marine's square."""
    state, ids = scenario(diagram, sections=sections, f=F("E"), a=M("E"), g=G("W"))
    assert refused(state, "marine", Flame(model=ids["f"], at=target)) == message


def test_a_section_holding_a_marine_may_be_flamed() -> None:
    """SHB-9.2 / SHB-9.4: the target square must not hold a Marine, but a Marine elsewhere in the section burns too."""
    state, ids = scenario("f.g.a", sections="ABBBB", f=F("E"), g=G("E"), a=M("E"))
    state, events = act(state, "marine", Flame(model=ids["f"], at=(1, 0, 0)), rolls=[4, 3])
    assert of_kind(events, "flamed")[0].rolls == {ids["g"]: 4, ids["a"]: 3}
    assert ids["g"] not in state.pieces and ids["a"] not in state.pieces and state.kills == 1


def test_flames_fill_the_section_up_to_closed_doors() -> None:
    """SHB-9.3: the whole section of the target square burns, except parts sealed off by closed doors."""
    state, ids = scenario(CORRIDOR, sections=SECTIONS, f=F("E"), g=G("W"), h=G("W"))
    state, events = act(state, "marine", Flame(model=ids["f"], at=(2, 0, 0)), rolls=[1])
    flamed = of_kind(events, "flamed")[0]
    assert flamed.squares == ((2, 0, 0), (3, 0, 0), (4, 0, 0), (5, 0, 0))
    assert flamed.section == "0:B" and state.burning == [(2, 0, 0), (3, 0, 0), (4, 0, 0), (5, 0, 0)]
    assert ids["h"] in state.pieces  # beyond the closed door, same section, untouched


def test_a_single_square_section_burns_alone() -> None:
    """SHB-9.3: only the target's section is affected, even a one-square section."""
    state, ids = scenario("f.g.", sections="ABCC", f=F("E"), g=G("W"))
    state, events = act(state, "marine", Flame(model=ids["f"], at=(1, 0, 0)))
    assert of_kind(events, "flamed")[0].squares == ((1, 0, 0),)


def test_every_model_rolls_two_plus_and_doors_survive() -> None:
    """SHB-9.4 / Q7 / SHB-10.10: every model and blip rolls; 2+ destroys; a blip dies whole; doors unharmed."""
    state, ids = scenario("f.gdb.", sections="ABBBBB", f=F("E"), g=G("W"), b=B(3), phase="marine", cp=2)
    state.burning = []
    state, events = act(state, "marine", Flame(model=ids["f"], at=(1, 0, 0)), rolls=[1, 2])
    assert ids["g"] in state.pieces and ids["b"] not in state.pieces
    assert state.kills == 3 and of_kind(events, "killed")[0].value == 3  # the blip counts its full value
    assert state.doors == ["open"]
    state, events = act(state, "marine", Flame(model=ids["f"], at=(1, 0, 0)), rolls=[6])  # again, same turn
    assert ids["g"] not in state.pieces and state.kills == 4


def test_flamer_hits_blips_flag() -> None:
    """Q7 variant: with the flag off, blips in the area are not rolled for."""
    state, ids = scenario("f..b", sections="ABBB", f=F("E"), b=B(2), options={"flamer_hits_blips": False})
    state, events = act(state, "marine", Flame(model=ids["f"], at=(1, 0, 0)))
    assert of_kind(events, "flamed")[0].rolls == {} and ids["b"] in state.pieces


def test_burning_until_the_end_phase_and_blocking_sight() -> None:
    """SHB-9.5: squares burn through the Genestealer turn and block sight; flames out reveal blips."""
    state, ids = scenario("f..b", sections="ABBC", f=F("E"), b=B(1))
    state.burning = [(1, 0, 0), (2, 0, 0)]  # flamed earlier this turn
    from engine.spacehulk.queries import Queries

    assert not Queries(state).marine_sees((3, 0, 0))  # the blip is hidden from f by the flames
    state, _ = act(state, "marine", EndTurn())
    assert state.burning == [(1, 0, 0), (2, 0, 0)] and ids["b"] in state.pieces
    state, events = act(state, "genestealer", EndTurn(), rolls=[])
    assert [e.kind for e in events][:2] == ["stealer_phase_ended", "flames_out"]
    assert of_kind(events, "blip_converted")  # f sees the blip once the flames are out
    assert state.top().kind == "facing" and RULES.active_seats(state) == {"genestealer"}


def test_no_overwatch_or_move_and_fire_with_the_flamer() -> None:
    """SHB-9.6: the heavy flamer has no overwatch and no move-and-fire."""
    state, ids = scenario("f...", f=F("E"))
    assert refused(state, "marine", Overwatch(model=ids["f"])) == "spacehulk.fire.no_bolter"
    assert (
        refused(state, "marine", Move(model=ids["f"], to=(1, 0, 0), fire=True)) == "spacehulk.fire.no_bolter"
    )
    kinds = {x.kind for x in RULES.legal_actions(state, "marine")}
    assert "overwatch" not in kinds and not any(
        getattr(x, "fire", False) for x in RULES.legal_actions(state, "marine")
    )


def test_self_destruct() -> None:
    """SHB-9.7 / Q16: off by default; with the flag, 1 AP kills every model and door in the own section."""
    state, ids = scenario("gfD.h", sections="AAABB", f=F("E"), g=G("E"), h=G("W"))
    assert refused(state, "marine", SelfDestruct(model=ids["f"])) == "spacehulk.destruct.off"
    state, ids = scenario(
        "gfD.h", sections="AAABB", f=F("E"), g=G("E"), h=G("W"), options={"flamer_self_destruct": True}
    )
    state, events = act(state, "marine", SelfDestruct(model=ids["f"]))
    assert ids["f"] not in state.pieces and ids["g"] not in state.pieces and ids["h"] in state.pieces
    assert state.doors == ["destroyed"] and state.kills == 1
