"""The CW-* rules not already shown by the §6 scenarios: setup, deployment, sight, artillery, life, victory."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.clickwars import RULES, Options
from engine.clickwars import actions as a
from engine.clickwars.armies import DEFAULT_ARMY, LIFE
from engine.clickwars.los import line_of_sight
from engine.clickwars.terrain import Area, default_terrain
from engine.core import Rejected, dice_for, new_game, step
from engine.core.shapes import Circle, Polygon
from tests.engine.helpers import ScriptedDice, of_kind

from .helpers import act, edit_unit, table


def started(**options):
    state, _ = new_game(RULES, Options(**options), 7)
    return state


def test_armies_one_unit_per_figure_with_life_and_bases() -> None:
    """CW-GEN-1, CW-LIF-1, §5.13: 15 entries per side; infantry 20, cavalry 30, the gun 30 with its own crewman."""
    s = started()
    reds = [u for u in s.units.values() if u.side == "red"]
    assert [u.profile for u in reds] == list(DEFAULT_ARMY)
    assert {u.profile: u.max_life for u in reds} == {
        "cannon": 30,
        "gun_crew": 20,
        "rifleman": 20,
        "archer": 20,
        "axe_thrower": 20,
        "swordsman": 20,
        "lancer": 20,
        "cavalry": 30,
    }
    assert s.units["R1"].crew == "R2" and s.units["R2"].gun == "R1"
    assert LIFE == {"infantry": 20, "cavalry": 30, "artillery": 30}


def test_custom_armies_and_terrain_are_checked() -> None:
    """§8.2 option: custom armies from the profiles and custom terrain, refused with a clear reason."""
    with pytest.raises(ValidationError, match="no profile called wizard"):
        Options(army_red=["wizard"])
    with pytest.raises(ValidationError, match="at most 30 figures"):
        Options(army_blue=["rifleman"] * 31)
    with pytest.raises(ValidationError, match="needs its own gun crew"):
        Options(army_red=["cannon", "rifleman"])
    with pytest.raises(ValidationError, match="does not lie on the 120x120"):
        Options(terrain=[Area(id="X", kind="rock", going="impassable", shape=Circle(x=118, y=60, r=5))])
    assert Options(table="180x120", army_red=["cavalry", "lancer"]).width == 180


def test_default_tables_are_point_symmetric() -> None:
    """§8.2: 120x120 pieces pair up around (60, 60); 180x120 shifts them 30 cm and adds two buildings."""
    small = {a.id: a for a in default_terrain(120)}
    assert (
        small["H1"].shape.x + small["H2"].shape.x == 120 and small["H1"].shape.y + small["H2"].shape.y == 120
    )
    big = default_terrain(180)
    assert {a.id for a in big} == {*small, "B1", "B2"} and next(a for a in big if a.id == "W1").shape.x == 75


def _setup_to_deploy(state):
    for seat in ("red", "blue"):
        state, _ = step(RULES, state, seat, a.ConfirmSetup())
    return state


def test_roll_off_rerolls_ties_and_the_winner_starts() -> None:
    """CW-DEP-3: d10 each, ties rolled again; the winner takes the first turn and the y = 0 edge."""
    s = started()
    s, _ = step(RULES, s, "red", a.ConfirmSetup())
    events = RULES.decide(s, "blue", a.ConfirmSetup(), ScriptedDice(rolls=[4, 4, 2, 9]))
    (roll,) = of_kind(events, "rolled_off")
    assert roll.rolls == [(4, 4), (2, 9)] and roll.winner == "blue"


def test_custom_table_winner_picks_the_edge_and_objective_role() -> None:
    """CW-DEP-3: on a custom table the winner picks its edge; in an objective scenario, attack or defence."""
    s = started(terrain=[], scenario="assault")
    s = _setup_to_deploy(s)
    assert s.phase == "edge"
    s, _ = step(RULES, s, s.first, a.ChooseEdge(edge="north"))
    assert s.south != s.first and s.phase == "role"
    s, _ = step(RULES, s, s.first, a.ChooseRole(role="defender"))
    assert s.attacker != s.first and s.phase == "deploy"


def test_deployment_wholly_inside_the_strip() -> None:
    """CW-DEP-1, CW-DEP-2: a base of radius r may stand anywhere with y <= 20 - r (south) and nowhere else."""
    s = _setup_to_deploy(started())
    south = s.south
    s, _ = step(RULES, s, south, a.PlaceUnit(unit=f"{south[0].upper()}3", x=33, y=18.5))
    with pytest.raises(Rejected) as no:
        step(RULES, s, south, a.PlaceUnit(unit=f"{south[0].upper()}4", x=40, y=19))
    assert no.value.message_id == "clickwars.outside_area"


def test_secret_deployment_is_revealed_together() -> None:
    """§8.7, A21: placements are shown only to their side until both confirm; then both appear at once."""
    s = _setup_to_deploy(started())
    s, events = step(RULES, s, "red", a.AutoDeploy(plan="cover"))
    assert events[0].redacted_for("blue") is None and events[0].redacted_for(None) is None
    assert RULES.view(s, "blue").my_deployment == {} and RULES.view(s, "red").my_deployment
    assert all(u.x is None for u in RULES.view(s, "blue").units)
    s, _ = step(RULES, s, "red", a.ConfirmDeployment())
    s, _ = step(RULES, s, "blue", a.AutoDeploy(plan="line"))
    s, events = step(RULES, s, "blue", a.ConfirmDeployment())
    assert of_kind(events, "deployment_revealed") and all(u.x is not None for u in s.units.values())
    assert s.phase == "movement" and s.active == s.first and s.round == 1


def test_no_overlap_no_passing_through_enemies_stay_on_table() -> None:
    """CW-MOV-3: no ending on another base, no sweeping through an enemy, no leaving the table."""
    s = table({"R3": (50, 30), "R4": (50, 36), "B3": (54, 30.5), "R5": (2, 2)}, terrain=[])
    for action, why in [
        (a.Move(unit="R3", x=50, y=35), "clickwars.overlap"),
        (a.Move(unit="R3", x=58, y=30), "clickwars.through_enemy"),
        (a.Move(unit="R5", x=1, y=2), "clickwars.off_table"),
    ]:
        with pytest.raises(Rejected) as no:
            act(s, "red", action)
        assert no.value.message_id == why, action


def test_distances_edge_to_edge_moves_by_centre_path() -> None:
    """CW-GEN-4: the range counts base edge to base edge; the move's length is its centre path (waypoints add up)."""
    s = table({"R3": (50, 30), "B3": (50, 53), "R4": (20, 20)}, terrain=[], phase="shooting")
    # centres 23 apart, gap 20: in range
    act(s, "red", a.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[7]))
    s.phase = "movement"
    _, events = act(s, "red", a.Move(unit="R4", x=21, y=23, via=((24, 20), (24, 23))))
    assert of_kind(events, "moved")[0].cost == pytest.approx(10.0)


def test_gun_moves_5_cm_with_its_crewman() -> None:
    """CW-MOV-5, CW-MOV-1: the gun moves 5 cm and its crewman follows in base contact."""
    s = table({"R1": (60, 10), "R2": (60, 5.5)}, terrain=[])
    s2, _ = act(s, "red", a.Move(unit="R1", x=60, y=15))
    assert s2.units["R2"].xy == (60, 10.5) and s2.units["R1"].crew == "R2"
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Move(unit="R1", x=60, y=15.5))
    assert no.value.message_id == "clickwars.too_far"


def test_crewman_walking_away_leaves_the_gun() -> None:
    """§8.8: a crewman who ends a move out of base contact stops being the crewman."""
    s = table({"R1": (60, 10), "R2": (60, 5.5)}, terrain=[])
    s, events = act(s, "red", a.Move(unit="R2", x=70, y=5.5))
    assert of_kind(events, "crew_left") and s.units["R1"].crew is None


def test_sight_blocked_by_solid_wood_depth_and_figures() -> None:
    """CW-LOS-1, §8.3: a rock blocks at any length, a wood beyond 5 cm, a figure's base unless it is engaged with the target."""
    rock = Area(id="R", kind="rock", going="impassable", sight="solid", shape=Polygon.rect(48, 40, 52, 41))
    wood = Area(id="W", kind="wood", going="difficult", sight="wood", shape=Circle(x=80, y=40, r=3))
    s = table(
        {"R3": (50, 30), "B3": (50, 50), "R4": (80, 30), "B4": (80, 50), "R5": (20, 30), "B5": (20, 50)},
        terrain=[rock, wood],
    )
    u = s.units
    assert not line_of_sight(s, u["R3"], u["B3"])
    assert not line_of_sight(s, u["R4"], u["B4"])  # 6 cm of wood
    s.terrain[1] = Area(id="W", kind="wood", going="difficult", sight="wood", shape=Circle(x=80, y=40, r=2.4))
    assert line_of_sight(s, u["R4"], u["B4"])
    s.terrain[1] = Area(id="W", kind="wood", going="difficult", sight="wood", shape=Circle(x=80, y=40, r=2.6))
    assert not line_of_sight(s, u["R4"], u["B4"])
    edit_unit(s, "R6", x=20, y=40, alive=True)
    assert not line_of_sight(s, u["R5"], u["B5"])
    edit_unit(s, "R6", y=48.5)  # now engaged with the target: it no longer hides it
    assert line_of_sight(s, u["R5"], u["B5"])


def test_hidden_figure_only_by_indirect_fire() -> None:
    """CW-LOS-2, CW-ART-2, CW-ART-5: out of sight, a rifle may not shoot; the gun fires over troops, or indirect over rock."""
    rock = Area(id="R", kind="rock", going="impassable", sight="solid", shape=Polygon.rect(50, 25, 70, 27))
    s = table(
        {"R1": (60, 10), "R2": (60, 5.5), "R3": (60, 20), "B3": (60, 35), "B4": (40, 30), "R4": (45, 25)},
        terrain=[rock],
        phase="shooting",
    )
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Shoot(unit="R3", target="B3"))
    assert no.value.message_id == "clickwars.no_sight"
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Shoot(unit="R1", target="B3"))
    assert no.value.message_id == "clickwars.no_sight_gun"
    _, events = act(
        s, "red", a.Shoot(unit="R1", target="B3", indirect=True), ScriptedDice(rolls=[3, 2, 4], ints=[180])
    )
    (sc,) = of_kind(events, "scattered")  # A12: even a hit deviates
    assert sc.roll == 2 and sc.to == pytest.approx((60, 35 - 5.08))
    # R4 stands in between
    _, events = act(s, "red", a.Shoot(unit="R1", target="B4"), ScriptedDice(rolls=[3, 4]))
    assert of_kind(events, "blast_landed")[0].victims[0] == "B4"
    # the scatter scripted; the blast's later rolls, not the point here, come from seeded dice
    _, events = act(
        s, "red", a.ShootPoint(unit="R1", x=60, y=40), ScriptedDice(rolls=[5, 1], ints=[90], seed=0)
    )
    assert of_kind(events, "blast_landed")[0].at == pytest.approx((62.54, 40))


def test_blast_off_table_has_no_effect() -> None:
    """CW-ART-6: a blast whose centre scatters off the table does nothing."""
    s = table({"R1": (5, 10), "R2": (5, 5.5), "B3": (5, 40)}, terrain=[], phase="shooting")
    _, events = act(s, "red", a.Shoot(unit="R1", target="B3"), ScriptedDice(rolls=[8, 10], ints=[270]))
    assert not of_kind(events, "scattered")[0].on_table and not of_kind(events, "blast_landed")


def test_artillery_critical_kills_the_target_others_roll() -> None:
    """CW-ART-9: a critical lands exactly, the target dies outright, others under the template roll normally."""
    s = table(
        {"R1": (60, 10), "R2": (60, 5.5), "B10": (60, 40), "B3": (63, 40)}, terrain=[], phase="shooting"
    )
    s, events = act(s, "red", a.Shoot(unit="R1", target="B10"), ScriptedDice(rolls=[1, 2]))
    assert not s.units["B10"].alive and s.units["B3"].life == 10 and not of_kind(events, "scattered")


def test_close_combat_reach_and_to_hit() -> None:
    """CW-CC-1, CW-CC-3: in the Assault phase a unit attacks an enemy within its reach with 1d10 <= CC."""
    s = table(
        {"R10": (50, 30), "B3": (50, 34.5), "R12": (70, 30), "B4": (70, 36)}, terrain=[], phase="assault"
    )
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Fight(unit="R10", target="B3"))  # 1.5 cm gap: sword reach 1 cm
    assert no.value.message_id == "clickwars.out_of_reach"
    # lance: 3 cm, CC 6
    after, events = act(s, "red", a.Fight(unit="R12", target="B4"), ScriptedDice(rolls=[6, 5]))
    assert of_kind(events, "attack_rolled")[0].result == "hit" and after.units["B4"].life == 10
    with pytest.raises(Rejected):
        act(s, "blue", a.Fight(unit="B4", target="R12"))  # A2: only the active army attacks


def test_assault_both_sides_option() -> None:
    """A2 option: after the active army, the other army's units in reach may strike back."""
    s = table({"R10": (50, 30), "B3": (50, 33.5)}, terrain=[], phase="assault", assault_both_sides=True)
    s, _ = act(s, "red", a.EndPhase())
    assert s.phase == "counter" and RULES.active_seats(s) == {"blue"}
    s, events = act(s, "blue", a.Fight(unit="B3", target="R10"), ScriptedDice(rolls=[3, 5, 1, 1]))
    assert of_kind(events, "attack_rolled")[0].result == "hit"


def test_one_attack_per_unit_and_phase() -> None:
    """CW-GEN-2: one ranged attack per Shooting phase; results apply at once (the dead are gone, CW-GEN-3)."""
    s = table({"R3": (50, 30), "B3": (50, 45), "B4": (55, 45)}, terrain=[], phase="shooting")
    s, _ = act(s, "red", a.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[1]))
    assert not s.units["B3"].alive
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Shoot(unit="R3", target="B4"))
    assert no.value.message_id == "clickwars.already_shot"


def test_death_at_zero_life() -> None:
    """CW-GEN-3: a unit at exactly 0 life is dead and removed."""
    s = table({"R3": (50, 30), "B3": (50, 45)}, terrain=[], phase="shooting")
    edit_unit(s, "B3", life=14)
    s, events = act(s, "red", a.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[4, 7]))
    assert of_kind(events, "killed") and not s.units["B3"].placed


def test_units_in_their_area_can_be_attacked_and_the_dead_stay_dead() -> None:
    """CW-LIF-4: a unit in its own Deployment Area is attacked normally. CW-LIF-2: no recovery by default."""
    s = table({"R3": (50, 95), "B3": (50, 110), "B4": (20, 110)}, terrain=[], phase="shooting")
    s, _ = act(s, "red", a.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[1]))
    assert not s.units["B3"].alive
    s.phase, s.active = "assault", "red"
    s2, events = act(s, "red", a.EndPhase(), ScriptedDice(rolls=[5]))
    assert not s2.units["B3"].alive and not of_kind(events, "healed")


def test_recover_dead_option() -> None:
    """CW-LIF-2 (both players agreed, our reading): a fallen figure in its own area stands up with 1d10 life."""
    s = table(
        {"R3": (50, 95), "B3": (50, 110), "B4": (20, 110)}, terrain=[], phase="assault", recover_dead=True
    )
    edit_unit(s, "B3", alive=False)
    s, events = act(s, "red", a.EndPhase(), ScriptedDice(rolls=[6]))
    assert s.units["B3"].alive and s.units["B3"].life == 6


def test_extermination_wins_at_once() -> None:
    """CW-WIN-1, CW-WIN-2, §8.6: no enemy figure left (guns do not count) wins immediately."""
    s = table({"R3": (50, 30), "B3": (50, 45), "B1": (90, 110)}, terrain=[], phase="shooting")
    s, _ = act(s, "red", a.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[1]))
    assert (
        s.result is not None
        and s.result.winners == ("red",)
        and s.result.reason == "clickwars.end.extermination"
    )


def test_troops_standing_after_the_round_limit() -> None:
    """CW-WIN-1 (time limit), §8.6: after round 8 the side with more living figures wins; equal is a draw."""
    s = table(
        {"R3": (50, 30), "R4": (60, 30), "B3": (50, 90)}, terrain=[], phase="assault", active="blue", turn=16
    )
    s, _ = act(s, "blue", a.EndPhase())
    assert s.result.winners == ("red",) and s.result.params == {"red": 2, "blue": 1}


def test_take_and_hold_scores_the_sole_occupier() -> None:
    """§8.6 take and hold: the sole occupier of the centre circle at a round's end scores 1; 3 wins."""
    s = table(
        {"R3": (60, 60), "B3": (50, 90)},
        terrain=[],
        phase="assault",
        active="blue",
        turn=2,
        scenario="take_and_hold",
    )
    s.scores = {"red": 2, "blue": 0}
    s, events = act(s, "blue", a.EndPhase())
    assert of_kind(events, "round_ended")[0].holder == "red" and s.result.winners == ("red",)


def test_assault_on_a_position() -> None:
    """§8.6 assault: the attacker holding the circle 30 cm from the defender's edge alone at a round's end wins."""
    s = table(
        {"R3": (60, 90), "B3": (50, 110)},
        terrain=[],
        phase="assault",
        active="blue",
        turn=2,
        scenario="assault",
    )
    s.attacker = "red"
    s, _ = act(s, "blue", a.EndPhase())
    assert s.result.winners == ("red",) and s.result.reason == "clickwars.end.assault_taken"


def test_hunt_the_quarry() -> None:
    """§8.6 hunt: killing the enemy's named quarry (all of a type) wins."""
    s = table(
        {"R3": (50, 30), "B14": (50, 45), "B3": (80, 100)}, terrain=[], phase="shooting", scenario="hunt"
    )
    s.quarry = {"red": "rifleman", "blue": "cavalry"}
    s, _ = act(s, "red", a.Shoot(unit="R3", target="B14"), ScriptedDice(rolls=[1]))
    assert s.result.winners == ("red",) and s.result.reason == "clickwars.end.hunt"


def test_hostage_carried_home_wins() -> None:
    """§8.6 hostage rescue: an attacker unit starting in contact carries a hostage at infantry speed; home wins."""
    from engine.clickwars.state import Hostage

    s = table({"R14": (60, 25), "B3": (50, 110)}, terrain=[], scenario="hostage_rescue")
    s.attacker = "red"
    s.hostages = [Hostage(id="H1", x=60, y=29.5)]
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Move(unit="R14", x=60, y=12))
    assert no.value.message_id == "clickwars.too_far"
    s, _ = act(s, "red", a.Move(unit="R14", x=60, y=15))
    assert s.hostages[0].y == 19.5 and s.result.winners == ("red",)


def test_legal_sample_is_accepted_by_decide() -> None:
    """Every sampled action of a running game is accepted (the buttons never offer a refusal)."""
    state, _ = new_game(RULES, None, 3)
    for _ in range(60):
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        for action in legal:
            RULES.decide(state, seat, action, dice_for(state))
        state, _ = step(RULES, state, seat, legal[len(legal) // 2])


def _to_assault(s, seat: str):
    """From the start of `seat`'s turn (movement) to its Assault phase."""
    s, _ = act(s, seat, a.EndPhase())
    s, _ = act(s, seat, a.EndPhase())
    assert s.phase == "assault" and s.active == seat
    return s


def test_a_unit_that_fought_in_its_assault_counter_attacks_in_the_enemys() -> None:
    """A2, CW-GEN-2 (one CC attack per unit per phase): with `assault_both_sides`, a unit that fought in
    its own Assault phase may still strike back in the enemy's next one."""
    s = table({"R10": (50, 30), "B10": (50, 33.5)}, terrain=[], phase="assault", assault_both_sides=True)
    s, _ = act(s, "red", a.Fight(unit="R10", target="B10"), ScriptedDice(rolls=[9]))  # a miss (CC 7)
    s, _ = act(s, "red", a.EndPhase())
    s, _ = act(s, "blue", a.Fight(unit="B10", target="R10"), ScriptedDice(rolls=[9]))  # the counter-attack
    with pytest.raises(Rejected) as no:
        act(s, "blue", a.Fight(unit="B10", target="R10"))
    assert no.value.message_id == "clickwars.already_fought"  # once per phase
    s, _ = act(s, "blue", a.EndPhase())
    assert s.active == "blue" and s.phase == "movement"
    s = _to_assault(s, "blue")
    s, _ = act(s, "blue", a.Fight(unit="B10", target="R10"), ScriptedDice(rolls=[9]))
    s, _ = act(s, "blue", a.EndPhase())
    assert s.phase == "counter" and RULES.active_seats(s) == {"red"}
    assert a.Fight(unit="R10", target="B10") in RULES.legal_actions(s, "red")
    s, events = act(s, "red", a.Fight(unit="R10", target="B10"), ScriptedDice(rolls=[9]))
    assert of_kind(events, "attack_rolled")[0].attacker == "R10"


def test_a_unit_that_fled_may_counter_attack_in_the_enemys_turn() -> None:
    """CW-MOV-4: a unit that fled may not attack in that turn only («En ese turno no podrán atacar»); in
    the enemy's turn that follows, with `assault_both_sides`, it strikes back."""
    s = table({"R12": (50, 30), "B10": (50, 34.5)}, terrain=[], assault_both_sides=True)
    s, events = act(s, "red", a.Move(unit="R12", x=51, y=29.5))  # the lancer steps away, still in its reach
    assert of_kind(events, "moved")[0].fled
    s, _ = act(s, "red", a.EndPhase())
    s, _ = act(s, "red", a.EndPhase())
    with pytest.raises(Rejected) as no:  # not in that turn
        act(s, "red", a.Fight(unit="R12", target="B10"))
    assert no.value.message_id == "clickwars.fled_no_attack"
    s, _ = act(s, "red", a.EndPhase())  # the counter: blue's sword does not reach
    s, _ = act(s, "blue", a.EndPhase())
    assert s.active == "blue" and s.phase == "movement"
    s = _to_assault(s, "blue")
    s, _ = act(s, "blue", a.EndPhase())
    assert s.phase == "counter" and RULES.active_seats(s) == {"red"}
    assert a.Fight(unit="R12", target="B10") in RULES.legal_actions(s, "red")
    s, events = act(s, "red", a.Fight(unit="R12", target="B10"), ScriptedDice(rolls=[9]))
    assert of_kind(events, "attack_rolled")[0].attacker == "R12"


def test_an_uncrewed_gun_does_not_hold_the_objective() -> None:
    """§8.8: a gun piece does not count as a figure for victory, so an uncrewed gun alone in the
    objective circle does not hold it (take and hold: nobody scores)."""
    s = table(
        {"R1": (60, 60), "B3": (50, 90)},
        terrain=[],
        phase="assault",
        active="blue",
        turn=2,
        scenario="take_and_hold",
    )
    assert s.units["R1"].is_gun and s.units["R1"].crew is None
    s, events = act(s, "blue", a.EndPhase())
    assert of_kind(events, "round_ended")[0].holder is None and s.scores == {"red": 0, "blue": 0}
    s = table(
        {"R1": (60, 60), "B3": (62, 60)},
        terrain=[],
        phase="assault",
        active="blue",
        turn=2,
        scenario="take_and_hold",
    )  # the gun does not contest a figure's hold either
    s, events = act(s, "blue", a.EndPhase())
    assert of_kind(events, "round_ended")[0].holder == "blue"


def test_reading_woods_add_up() -> None:
    """§8.3, CW-LOS-1 (our reading): the cm of wood a line runs through are summed over separate woods."""
    woods = [
        Area(id=f"W{i}", kind="wood", going="difficult", sight="wood", shape=Circle(x=50, y=y, r=1.5))
        for i, y in enumerate((36, 40))
    ]  # two woods, 3 cm of line inside each: 6 cm together
    s = table({"R3": (50, 30), "B3": (50, 46)}, terrain=woods, phase="shooting")
    assert not line_of_sight(s, s.units["R3"], s.units["B3"])
    s.terrain = woods[:1]  # one of them alone: 3 cm
    assert line_of_sight(s, s.units["R3"], s.units["B3"])


def test_reading_a_points_range_is_from_the_guns_centre() -> None:
    """CW-ART-5, §8.8 (our reading): indirect fire at a point measures from the gun's centre to the
    point; at a unit on that very spot, edge to edge (CW-GEN-4)."""
    s = table({"R1": (60, 10), "R2": (60, 5.5), "B3": (60, 51)}, terrain=[], phase="shooting")
    with pytest.raises(Rejected) as no:
        act(s, "red", a.ShootPoint(unit="R1", x=60, y=51))  # 41 cm from the centre: range 40
    assert no.value.message_id == "clickwars.point_out_of_range"
    _, events = act(
        s, "red", a.Shoot(unit="R1", target="B3", indirect=True), ScriptedDice(rolls=[9], ints=[90], seed=0)
    )
    assert of_kind(events, "attack_rolled")[0].mode == "indirect"  # 36.5 cm edge to edge


def test_reading_a_gun_in_an_enemys_reach_stays() -> None:
    """CW-MOV-4, CW-MOV-5 (our reading): an enemy whose CC weapon reaches the gun piece engages it, so the
    gun cannot move although its crewman is free."""
    s = table({"R1": (60, 10), "R2": (60, 5.5), "B10": (60, 15)}, terrain=[])  # the sword 0.5 cm from the gun
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Move(unit="R1", x=60, y=8))
    assert no.value.message_id == "clickwars.engaged_cannot_move" and no.value.params["unit"] == "R1"
    edit_unit(s, "B10", y=16.5)  # 2 cm away: beyond the sword's reach
    act(s, "red", a.Move(unit="R1", x=60, y=8))
