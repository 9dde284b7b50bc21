"""Deathwing ranged weapons: the assault cannon and heavy flamer ammunition (deathwing.md §2.2, §2.4;
worked examples T-5, T-6)."""

from __future__ import annotations

import pytest

from engine.core import Rejected
from engine.spacehulk import RULES
from engine.spacehulk.actions import (
    Assault,
    AutoFire,
    Cut,
    Fire,
    Flame,
    Grenade,
    Move,
    Overwatch,
    Reload,
    SelfDestruct,
)
from engine.spacehulk.weapons import WEAPONS
from tests.engine.helpers import of_kind

from .helpers import G, M, act, kinds_without_agenda, scenario

DW = {"expansions": ["deathwing"]}


def cannon(facing: str = "E", **kw: object) -> dict[str, object]:
    return M(facing, **{"weapon": "assault_cannon", "ammo": 10, "reloads": 1, **kw})


def test_burst_three_dice_five_up_with_sustained_fire() -> None:
    """DW-AC-1, DW-AC-2, A-1: a burst costs 1 AP like a storm bolter, 3 D6, any 5+ kills; sustained fire
    gives +1 for the next burst at the same target (5+, then 4+)."""
    state, ids = scenario("a...g", a=cannon(), g=G("W"), options=DW)
    state, events = act(state, "marine", Fire(model=ids["a"], at=(4, 0, 0)), rolls=[4, 3, 1])
    fired = of_kind(events, "fired")[0]
    assert fired.needed == 5 and not fired.hit and fired.bursts == 1 and of_kind(events, "spent")[0].ap == 1
    state, events = act(state, "marine", Fire(model=ids["a"], at=(4, 0, 0)), rolls=[4, 3, 1])
    assert of_kind(events, "fired")[0].bonus == 1 and ids["g"] not in state.pieces
    assert state.pieces[ids["a"]].ammo == 8 and state.pieces[ids["a"]].bursts == 2


def test_three_ones_always_miss() -> None:
    """DW-AC-2: three 1s miss whatever the sustained-fire bonus (a +4 cap would otherwise reach 5)."""
    state, ids = scenario("a...g", a=cannon(), g=G("W"), options={**DW, "sustained_cap": 5})
    from engine.spacehulk.state import Aim

    aimed = state.pieces[ids["a"]].model_copy(update={"aim": Aim(target=ids["g"], square=(4, 0, 0), shots=4)})
    state = state.model_copy(update={"pieces": {**state.pieces, ids["a"]: aimed}})
    state, events = act(state, "marine", Fire(model=ids["a"], at=(4, 0, 0)), rolls=[1, 1, 1])
    assert not of_kind(events, "fired")[0].hit and ids["g"] in state.pieces


def test_t5_auto_fire_needs_five_bursts() -> None:
    """T-5, DW-AC-6: with 4 bursts left auto fire is refused; with 5 it leaves 0."""
    state, ids = scenario("a...g", a=cannon(ammo=4), g=G("W"), options=DW)
    with pytest.raises(Rejected, match="needs 5 bursts; 4 are left"):
        act(state, "marine", AutoFire(model=ids["a"]))
    assert "auto_fire" not in {x.kind for x in RULES.legal_actions(state, "marine")}
    state, ids = scenario("a...g", a=cannon(ammo=5), g=G("W"), options=DW)
    state, events = act(state, "marine", AutoFire(model=ids["a"]), rolls=[4, 1, 1])
    assert state.pieces[ids["a"]].ammo == 0 and of_kind(events, "spent")[0].ap == 2
    assert ids["g"] not in state.pieces  # DW-AC-3: any die at 4+ destroys


def test_auto_fire_hits_every_target_in_sight_and_chains() -> None:
    """DW-AC-3, DW-AC-4, A-4: every Genestealer, Marine and door in arc and sight, nearest first; a target
    behind a destroyed blocker becomes a target; blips are not targets; no sustained fire."""
    state, ids = scenario(
        "a.g.h.b\n...m...", a=cannon(), g=G("W"), h=G("W"), b={"kind": "blip", "value": 2, "ap": 6}, m=M("N")
    )
    state = state.model_copy(
        update={"options": state.options.model_copy(update={"expansions": frozenset({"deathwing"})})}
    )
    # nearest first: g (2 squares) and m (diagonal, 2 squares: the Marine is a target too) then h behind g
    state, events = act(state, "marine", AutoFire(model=ids["a"]), rolls=[4, 1, 1, 1, 2, 3, 6, 1, 1])
    fired = of_kind(events, "fired")
    assert [f.target for f in fired] == [ids["g"], ids["m"], ids["h"]]
    assert all(f.needed == 4 and f.bonus == 0 and f.aim is None for f in fired)
    assert ids["g"] not in state.pieces and ids["m"] in state.pieces and ids["h"] not in state.pieces
    assert ids["b"] in state.pieces or "blip_converted" in kinds_without_agenda(events)


def test_auto_fire_stops_at_a_surviving_blocker() -> None:
    """DW-AC-4: the chain stops when a blocker survives."""
    state, ids = scenario("a.g.h", a=cannon(), g=G("W"), h=G("W"), options=DW)
    state, events = act(state, "marine", AutoFire(model=ids["a"]), rolls=[3, 2, 1])
    assert [f.target for f in of_kind(events, "fired")] == [ids["g"]] and ids["h"] in state.pieces


def test_magazine_reload_and_empty_cannon() -> None:
    """DW-AC-5, DW-AC-7, DW-AC-8: 10 bursts a magazine; empty it cannot fire; a reload costs 4 AP at once,
    AP and/or CP, and unfired rounds are lost."""
    assert WEAPONS["assault_cannon"].ammo == 10 and WEAPONS["assault_cannon"].reload_ap == 4
    state, ids = scenario("a...g", a=cannon(ammo=0), g=G("W"), options=DW, cp=2)
    with pytest.raises(Rejected, match="empty"):
        act(state, "marine", Fire(model=ids["a"], at=(4, 0, 0)))
    state = state.model_copy(
        update={"pieces": {**state.pieces, ids["a"]: state.pieces[ids["a"]].model_copy(update={"ap": 2})}}
    )
    state, events = act(state, "marine", Reload(model=ids["a"]))
    spent = of_kind(events, "spent")[0]
    assert (spent.ap, spent.cp) == (2, 2)  # AP topped up with CP
    a = state.pieces[ids["a"]]
    assert (a.ammo, a.reloads) == (10, 0)
    with pytest.raises(Rejected, match="no reload left"):
        act(state, "marine", Reload(model=ids["a"], use="cp"))


def test_reload_in_the_genestealer_turn_with_command_points() -> None:
    """DW-AC-8: a reload can be paid with CP in the Genestealer turn (an interrupt)."""
    state, ids = scenario("a...\n....\n...g", a=cannon(ammo=0), g=G("W"), phase="stealer", cp=4, options=DW)
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(2, 2, 0)))
    assert state.top().kind == "interrupt"  # type: ignore[union-attr]
    state, _ = act(state, "marine", Reload(model=ids["a"], use="cp"))
    assert state.pieces[ids["a"]].ammo == 10 and state.cp == 0


def test_overwatch_bursts_use_ammunition_and_never_jam() -> None:
    """DW-AC-9, DW-AC-10: overwatch fires bursts (3 D6, 5+) using ammunition; a double never jams."""
    state, ids = scenario("a...\n....\n...g", a=cannon(), g=G("W"), options=DW)
    state, _ = act(state, "marine", Overwatch(model=ids["a"]))
    state = state.model_copy(update={"phase": "stealer"})
    state, events = act(state, "genestealer", Move(model=ids["g"], to=(2, 2, 0)), rolls=[3, 3, 1])
    fired = of_kind(events, "fired")[0]
    assert fired.overwatch and fired.bursts == 1 and not fired.jammed and not fired.hit
    a = state.pieces[ids["a"]]
    assert a.ammo == 9 and a.overwatch and not a.jammed


def test_t6_malfunction_after_ten_bursts() -> None:
    """T-6, DW-AC-11, DW-AC-12, A-2, A-3, A-4: with 10 bursts fired, the next burst rolling 3-3-3 is resolved
    (a miss), then the firer dies; around him Genestealers and doors die on 4+, Marines and bulkheads on 5+."""
    diagram = "hD..\na..g\nmB.."
    state, ids = scenario(diagram, a=cannon(bursts=10), m=M("E"), h=G("S"), g=G("W"), options=DW)
    state, events = act(state, "marine", Fire(model=ids["a"], at=(3, 1, 0)), rolls=[3, 3, 3, 4, 4, 4, 5])
    assert kinds_without_agenda(events)[2:4] == ["fired", "malfunctioned"]
    malfunction = of_kind(events, "malfunctioned")[0]
    assert malfunction.rolls == {ids["h"]: 4, ids["m"]: 4}
    assert dict(malfunction.doors) == {(1, 0, 0): 4, (1, 2, 0): 5}
    assert ids["a"] not in state.pieces and ids["h"] not in state.pieces  # 4+ for a Genestealer
    assert ids["m"] in state.pieces  # a Marine needs 5+
    assert state.door_status((1, 0, 0)) == "destroyed" and state.door_status((1, 2, 0)) == "destroyed"
    assert ids["g"] in state.pieces


def test_no_malfunction_within_ten_bursts() -> None:
    """DW-AC-11, A-3: a triple within the first 10 bursts does nothing special."""
    state, ids = scenario("a...g", a=cannon(bursts=9), g=G("W"), options=DW)
    state, events = act(state, "marine", Fire(model=ids["a"], at=(4, 0, 0)), rolls=[3, 3, 3])
    assert not of_kind(events, "malfunctioned") and ids["a"] in state.pieces


def test_bulkheads_only_yield_to_a_natural_six_burst() -> None:
    """DW-BLK-3, A-28: only an assault cannon burst, 3 D6, destroys a bulkhead on a natural 6; no sustained fire."""
    state, ids = scenario("a.B", a=cannon(), options=DW)
    state, events = act(state, "marine", Fire(model=ids["a"], at=(2, 0, 0)), rolls=[5, 5, 1])
    assert not of_kind(events, "fired")[0].hit and of_kind(events, "fired")[0].needed == 6
    state, events = act(state, "marine", Fire(model=ids["a"], at=(2, 0, 0)), rolls=[6, 1, 1])
    assert of_kind(events, "fired")[0].bonus == 0 and state.door_status((2, 0, 0)) == "destroyed"
    state, ids = scenario("a.B", a=M("E"), options=DW)
    with pytest.raises(Rejected, match="bulkhead"):
        act(state, "marine", Fire(model=ids["a"], at=(2, 0, 0)))
    assert not [x for x in RULES.legal_actions(state, "marine") if x.kind == "fire"]


def test_heavy_flamer_ammunition_and_reload() -> None:
    """DW-HF-1, DW-HF-2: 6 shots; a reload (4 AP) fills it back to 6, the leftover fuel is lost."""
    assert WEAPONS["heavy_flamer"].ammo == 6
    state, ids = scenario(
        "a..:::", sections="AAABBB", a=M("E", weapon="heavy_flamer", ammo=2, reloads=1), options=DW
    )
    state, _ = act(state, "marine", Flame(model=ids["a"], at=(4, 0, 0)))
    assert state.pieces[ids["a"]].ammo == 1
    state = state.model_copy(update={"burning": []})
    state = state.model_copy(
        update={"pieces": {**state.pieces, ids["a"]: state.pieces[ids["a"]].model_copy(update={"ap": 4})}}
    )
    state, events = act(state, "marine", Reload(model=ids["a"]))
    assert of_kind(events, "reloaded")[0].ammo == 6 and state.pieces[ids["a"]].reloads == 0


def test_chainfist_cuts_doors_and_bulkheads() -> None:
    """DW-CF-2, DW-CF-3, DW-BLK-2: a chainfist cuts the closed door in front for 1 AP, a bulkhead for 2 AP,
    no roll; the square is clear for good."""
    state, ids = scenario("aD", a=M("E", melee="chainfist"), options=DW)
    state, events = act(state, "marine", Cut(model=ids["a"]))
    assert of_kind(events, "spent")[0].ap == 1 and state.door_status((1, 0, 0)) == "destroyed"
    state, ids = scenario("aB", a=M("E", melee="chainfist"), options=DW)
    assert any(x.kind == "cut" for x in RULES.legal_actions(state, "marine"))
    state, events = act(state, "marine", Cut(model=ids["a"]))
    assert of_kind(events, "spent")[0].ap == 2 and state.door_status((1, 0, 0)) == "destroyed"
    state, ids = scenario("aD", a=M("E"), options=DW)
    with pytest.raises(Rejected, match="chainfist"):
        act(state, "marine", Cut(model=ids["a"]))


def test_bulkhead_close_assault_needs_six_with_bonuses() -> None:
    """DW-BLK-1, DW-BLK-2: a bulkhead never opens; a Marine attacks it in close assault and destroys it on 6+
    with his bonuses; a Genestealer needs a 6."""
    state, ids = scenario("aB", a=M("E", captain=True), options=DW)
    assert not [x for x in RULES.legal_actions(state, "marine") if x.kind == "door"]
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[4])
    assert of_kind(events, "assaulted")[0].attacker_score == 6 and state.door_status((1, 0, 0)) == "destroyed"


def test_thunder_hammer_self_destruct_clears_the_section() -> None:
    """DW-TH-2, DW-TH-4, DW-BLK-4, A-42: 1 AP; every figure, blip and door of the bearer's section goes, the bearer
    too; doors touching the section count (A-42); a bulkhead there falls on 5+."""
    hammer = M("E", weapon=None, melee="thunder_hammer", shield=True)
    diagram = "B:::D.\n:a:g::"
    state, ids = scenario(diagram, sections="BAAAEF\nAAAAFF", a=hammer, g=G("W"), options=DW)
    state, events = act(state, "marine", SelfDestruct(model=ids["a"]), rolls=[5])
    assert of_kind(events, "spent")[0].ap == 1
    assert ids["a"] not in state.pieces and ids["g"] not in state.pieces
    assert state.door_status((4, 0, 0)) == "destroyed" and state.door_status((0, 0, 0)) == "destroyed"
    assert of_kind(events, "self_destructed")[0].bulkheads == (((0, 0, 0), 5),)


def test_heavy_flamer_self_destruct_is_on_in_deathwing_games() -> None:
    """A-37: Deathwing games switch the heavy flamer self-destruct on (SHB-9.7), 1 shot left needed."""
    flamer = M("E", weapon="heavy_flamer", ammo=1)
    state, ids = scenario("a.g", a=flamer, g=G("W"), options=DW)
    assert any(x.kind == "self_destruct" for x in RULES.legal_actions(state, "marine"))
    state, ids = scenario("a.g", a=flamer, g=G("W"))
    assert not any(x.kind == "self_destruct" for x in RULES.legal_actions(state, "marine"))


def test_grenade_hits_the_whole_section() -> None:
    """DW-GL-1, DW-GL-2, A-5, A-42: 1 AP, a square within 8 in sight and arc; 1 D6 per figure of its section:
    a Genestealer dies on 4+, a Marine on 6; its doors on 5+; blips are immune."""
    diagram = "a...:::D\n....:g:m\n....:h:."
    sections = "AAAABBBC\nAAAABBBC\nAAAABBBC"
    captain = M("E", captain=True, grenades=10)
    state, ids = scenario(diagram, sections=sections, a=captain, g=G("W"), h=G("W"), m=M("W"), options=DW)
    state, events = act(state, "marine", Grenade(model=ids["a"], at=(5, 1, 0)), rolls=[4, 3, 5])
    exploded = of_kind(events, "grenade_exploded")[0]
    assert exploded.rolls == {ids["g"]: 4, ids["h"]: 3} and exploded.doors == (((7, 0, 0), 5),)
    assert ids["g"] not in state.pieces and ids["h"] in state.pieces and ids["m"] in state.pieces
    assert state.door_status((7, 0, 0)) == "destroyed" and state.pieces[ids["a"]].grenades == 9
    assert of_kind(events, "spent")[0].ap == 1


def test_grenade_range_and_own_section() -> None:
    """DW-GL-1, A-5, A-6: 8 squares by the shortest route; the firer's own section may be hit (he rolls too)."""
    state, ids = scenario(".a........g", a=M("E", captain=True, grenades=10), g=G("W"), options=DW)
    with pytest.raises(Rejected, match="more than 8 squares"):
        act(state, "marine", Grenade(model=ids["a"], at=(10, 0, 0)))
    state, events = act(state, "marine", Grenade(model=ids["a"], at=(9, 0, 0)), rolls=[6, 4])
    assert of_kind(events, "grenade_exploded")[0].rolls == {ids["a"]: 6, ids["g"]: 4}
    assert ids["a"] not in state.pieces and ids["g"] not in state.pieces


def test_grenades_run_out_and_spare_bulkheads() -> None:
    """DW-GL-3, DW-GL-4, DW-BLK-5: 10 grenades a mission, then none; bulkheads are unaffected."""
    state, ids = scenario("a..:::B", sections="AAABBBB", a=M("E", captain=True, grenades=1), options=DW)
    state, events = act(state, "marine", Grenade(model=ids["a"], at=(4, 0, 0)))
    assert of_kind(events, "grenade_exploded")[0].doors == () and state.door_status((6, 0, 0)) == "closed"
    with pytest.raises(Rejected, match="grenades left"):
        act(state, "marine", Grenade(model=ids["a"], at=(4, 0, 0)))
    assert not [x for x in RULES.legal_actions(state, "marine") if x.kind == "grenade"]
