"""The test scenarios T1-T13 of the spec (§6), as acceptance tests: a chosen table, a short script, one assertion."""

from __future__ import annotations

import pytest

from engine.clickwars import actions as a
from engine.clickwars.combat import gross_damage, to_hit
from engine.clickwars.terrain import Area
from engine.core import Rejected
from engine.core.shapes import Polygon
from tests.engine.helpers import ScriptedDice, of_kind

from .helpers import act, edit_unit, table


def test_t1_to_hit_di_6() -> None:
    """T1, CW-RNG-4 (<= DI), CW-CRT-1 (1 kills), CW-CRT-2 (10 fumbles, even when DI or CC is 10)."""
    assert [to_hit(r, 6) for r in (6, 7, 1, 10)] == ["hit", "miss", "critical", "fumble"]
    assert to_hit(10, 10) == "fumble"
    s = table({"R3": (50, 30), "B3": (50, 45)}, terrain=[], phase="shooting")
    after, events = act(s, "red", a.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[1]))
    assert not after.units["B3"].alive and not of_kind(events, "damaged")  # no damage roll on a critical


def test_t2_damage_armour_shield_and_fists() -> None:
    """T2, CW-DMG-1, CW-DMG-2, CW-RNG-5: rifle 7 -> 14, armour 3 and shield 4 -> 7; fists 1 -> -1 -> 0."""
    s = table({"R3": (50, 30), "B10": (50, 45)}, terrain=[], phase="shooting")
    after, events = act(s, "red", a.Shoot(unit="R3", target="B10"), ScriptedDice(rolls=[5, 7, 3, 4]))
    (dmg,) = of_kind(events, "damaged")
    assert (dmg.gross, dmg.armour, dmg.shield, dmg.net, after.units["B10"].life) == (14, 3, 4, 7, 13)
    assert gross_damage(1, "-2") == -1
    s = table({"R3": (50, 30), "B3": (50, 33.5)}, terrain=[], phase="assault")
    edit_unit(s, "R3", melee_broken=True)  # CW-CC-4: no usable CC weapon, so fists
    after, events = act(s, "red", a.Fight(unit="R3", target="B3"), ScriptedDice(rolls=[2, 1]))
    (dmg,) = of_kind(events, "damaged")
    assert (dmg.gross, dmg.net, after.units["B3"].life) == (-1, 0, 20)


def test_damage_dice_never_crit_or_fumble() -> None:
    """CW-DMG-3: a 10 or a 1 on a damage or armour die is just a number."""
    s = table({"R3": (50, 30), "B10": (50, 45)}, terrain=[], phase="shooting")
    after, events = act(s, "red", a.Shoot(unit="R3", target="B10"), ScriptedDice(rolls=[5, 10, 1, 10]))
    assert not of_kind(events, "fumble_rolled") and after.units["B10"].life == 20 - (20 - 1 - 10)


def test_t3_elevation_adds_10_cm() -> None:
    """T3, CW-RNG-3, CW-RNG-1: on hill H1 a rifle reaches 30 cm; the same shot from flat ground is out of range."""
    hill = Area(id="H", kind="hill", elevated=True, shape=Polygon.rect(15, 48, 35, 68))
    s = table({"R3": (25, 58), "B3": (25, 89)}, terrain=[hill], phase="shooting")
    after, _ = act(s, "red", a.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[7]))
    assert after.units["R3"].shot
    flat = table({"R3": (25, 58), "B3": (25, 89)}, terrain=[], phase="shooting")
    with pytest.raises(Rejected) as no:
        act(flat, "red", a.Shoot(unit="R3", target="B3"))
    assert no.value.message_id == "clickwars.out_of_range" and "28.0 cm" in no.value.text


def test_t4_shooting_into_close_combat() -> None:
    """T4, CW-RNG-6: a miss at an engaged enemy: odd hits the engaged friend with normal damage, even nothing."""
    placed = {"R3": (50, 30), "B3": (50, 45), "R10": (50, 48.5)}
    s = table(placed, terrain=[], phase="shooting")
    after, events = act(s, "red", a.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[8, 3, 7, 2, 2]))
    assert of_kind(events, "friendly_fire")[0].victim == "R10" and after.units["R10"].life == 20 - (14 - 4)
    after, events = act(s, "red", a.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[8, 4]))
    assert of_kind(events, "friendly_fire")[0].victim is None and not of_kind(events, "damaged")


GUN = {"R1": (60, 10), "R2": (60, 5.5)}


def test_t5_artillery_miss_harms_only_own_units() -> None:
    """T5, CW-ART-1, CW-ART-4, §8.5: DI 6 rolls 9; scatter 4 inches = 10.16 cm; the enemy under it is unharmed."""
    s = table({**GUN, "B3": (60, 40), "B4": (60, 50), "R3": (62, 52)}, terrain=[], phase="shooting")
    after, events = act(s, "red", a.Shoot(unit="R1", target="B3"), ScriptedDice(rolls=[9, 4, 3], ints=[0]))
    (sc,) = of_kind(events, "scattered")
    assert sc.distance_cm == 10.16 and sc.to == pytest.approx((60, 50.16))
    assert after.units["B4"].life == 20 and after.units["R3"].life == 20 - 15


def test_t6_artillery_hit_rolls_each_victim() -> None:
    """T6, CW-ART-3: a direct hit on B3 covers B3, B4 and the friendly R3: three separate 1d10x5 rolls."""
    s = table({**GUN, "B3": (60, 40), "B4": (63, 40), "R3": (57, 40)}, terrain=[], phase="shooting")
    after, events = act(s, "red", a.Shoot(unit="R1", target="B3"), ScriptedDice(rolls=[4, 2, 3, 1]))
    assert [(d.unit, d.gross) for d in of_kind(events, "damaged")] == [("B3", 10), ("B4", 15), ("R3", 5)]
    assert not of_kind(events, "scattered")


def test_t7_only_guns_harm_guns() -> None:
    """T7, CW-ART-7: a rifleman aiming at a gun shoots its crewman; a cannon blast on the enemy gun damages its 30 life."""
    s = table({**GUN, "R3": (50, 30), "B1": (50, 45), "B2": (50, 49.5)}, terrain=[], phase="shooting")
    _, events = act(s, "red", a.Shoot(unit="R3", target="B1"), ScriptedDice(rolls=[5, 3]))
    (att,) = of_kind(events, "attack_rolled")
    assert (att.target, att.redirected_from) == ("B2", "B1")
    after, events = act(s, "red", a.Shoot(unit="R1", target="B1"), ScriptedDice(rolls=[4, 2, 1]))
    assert after.units["B1"].life == 30 - 10 and after.units["B1"].max_life == 30
    edit_unit(s, "B2", alive=False)
    edit_unit(s, "B1", crew=None)
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Shoot(unit="R3", target="B1"))
    assert no.value.message_id == "clickwars.gun_immune"


def test_t8_crew_replacement_fires_with_own_di() -> None:
    """T8, CW-ART-8, CW-MOV-5: the crewman dead, the gun cannot fire; a swordsman touching it takes over with DI 3."""
    s = table({"R1": (60, 10), "R10": (60, 20), "B3": (60, 40)}, terrain=[], phase="shooting")
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Shoot(unit="R1", target="B3"))
    assert no.value.message_id == "clickwars.gun_uncrewed"
    s.phase = "movement"
    s, _ = act(s, "red", a.Move(unit="R10", x=60, y=14.5))
    s, events = act(s, "red", a.Crew(unit="R10", gun="R1"))
    assert s.units["R1"].crew == "R10"
    s, _ = act(s, "red", a.EndPhase())
    s, events = act(s, "red", a.Shoot(unit="R1", target="B3"), ScriptedDice(rolls=[4, 5, 5], ints=[90]))
    (att,) = of_kind(events, "attack_rolled")
    assert (att.need, att.result, att.shooter) == (3, "miss", "R10")


def test_t9_cavalry_charge() -> None:
    """T9, CW-CHG-1, CW-CHG-2, CW-CHG-3, CW-CHG-4, CW-CHG-5, CW-CHG-6, §8.4: 30 cm straight through two riflemen; each takes 1d10+2 ignoring armour, pushed aside."""
    s = table({"R14": (60, 20), "B3": (60, 30), "B4": (61, 40), "B10": (90, 90)}, terrain=[])
    s, events = act(s, "red", a.Charge(unit="R14", bearing=0), ScriptedDice(rolls=[5, 9]))
    assert s.units["R14"].xy == (60, 50)
    assert [(d.unit, d.gross, d.net) for d in of_kind(events, "damaged")] == [("B3", 7, 7), ("B4", 11, 11)]
    assert s.units["B3"].xy == (64.5, 30) and s.units["B4"].xy == (64.5, 40)  # on the line: to the right
    s.phase = "shooting"
    with pytest.raises(Rejected) as no:  # CW-CHG-5: no ranged attack in the charge turn
        act(s, "red", a.Shoot(unit="R14", target="B4"))
    assert no.value.message_id == "clickwars.charge_no_shooting"
    s.phase = "assault"
    edit_unit(s, "B4", x=60, y=54.5)
    act(s, "red", a.Fight(unit="R14", target="B4"), ScriptedDice(rolls=[3, 2, 1]))  # CC allowed
    s.turn, s.phase = s.turn + 2, "movement"  # CW-CHG-6: the army's next turn
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Move(unit="R14", x=60, y=45))
    assert no.value.message_id == "clickwars.after_charge_no_move"


@pytest.mark.parametrize(
    ("placed", "terrain", "bearing", "why"),
    [
        (
            {"R14": (60, 20)},
            [Area(id="S", kind="swamp", going="difficult", shape=Polygon.rect(50, 30, 70, 35))],
            0,
            "clickwars.charge_terrain",
        ),
        ({"R14": (60, 20), "B12": (60, 35)}, [], 0, "clickwars.charge_lancer"),  # CW-CHG-7
        ({"R14": (60, 100)}, [], 0, "clickwars.charge_short"),  # CW-CHG-2: under 30 cm on the table
        ({"R14": (60, 20), "R3": (61, 30)}, [], 0, "clickwars.charge_blocked"),  # A17: friends
    ],
)
def test_t9_illegal_charges(placed: dict, terrain: list, bearing: int, why: str) -> None:
    """T9: a path through a swamp, touching a lancer, under 30 cm, or through a friend is refused."""
    s = table(placed, terrain=terrain)
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Charge(unit="R14", bearing=bearing))
    assert no.value.message_id == why


def test_t10_engagement() -> None:
    """T10, CW-CC-2, CW-MOV-4, CW-RNG-2: an engaged rifleman can neither move nor shoot; a lancer may flee but not attack."""
    s = table({"R3": (50, 30), "B10": (50, 33.5), "R12": (70, 30), "B11": (70, 35)}, terrain=[])
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Move(unit="R3", x=50, y=22))
    assert no.value.message_id == "clickwars.engaged_cannot_move"
    s, events = act(s, "red", a.Move(unit="R12", x=70, y=22))
    assert of_kind(events, "moved")[0].fled
    s.phase = "shooting"
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Shoot(unit="R3", target="B10"))
    assert no.value.message_id == "clickwars.engaged_no_shooting"
    s.phase = "assault"
    edit_unit(s, "B11", y=24.5)
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Fight(unit="R12", target="B11"))
    assert no.value.message_id == "clickwars.fled_no_attack"


def test_t10_closing_in_is_not_fleeing() -> None:
    """CW-MOV-4 (OUR RESOLUTION): a swordsman in a lance's 3 cm reach may step in and strike."""
    s = table({"R10": (50, 30), "B12": (50, 35.5)}, terrain=[])
    s, events = act(s, "red", a.Move(unit="R10", x=50, y=32))
    assert not of_kind(events, "moved")[0].fled


@pytest.mark.parametrize(("roll", "life"), [(5, 17), (9, 20)])
def test_t11_healing_in_own_area(roll: int, life: int) -> None:
    """T11, CW-LIF-3: 12/20 centred in its own area at the start of its turn heals 1d10, capped at 20."""
    s = table({"R3": (50, 10), "B3": (50, 110)}, terrain=[], phase="assault", active="blue", turn=2)
    edit_unit(s, "R3", life=12)
    s, events = act(s, "blue", a.EndPhase(), ScriptedDice(rolls=[roll]))
    assert of_kind(events, "healed")[0].roll == roll and s.units["R3"].life == life


def _fumble(roll: int, extra: list[int]):
    s = table({"R3": (50, 30), "B3": (50, 45), "R4": (54, 30), "R5": (40, 30)}, terrain=[], phase="shooting")
    return act(s, "red", a.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[10, roll, *extra]))


def test_t12_fumble_table() -> None:
    """T12, CW-CRT-2, CW-CRT-3: 2 idles the unit next turn; 4 breaks the weapon; 6 hurts the nearest friend; 10 kills."""
    s, _ = _fumble(2, [])
    assert s.units["R3"].idle_turn == s.turn + 2
    s, _ = _fumble(4, [])
    assert s.units["R3"].ranged() is None
    s, events = _fumble(6, [7])
    assert [(d.unit, d.net) for d in of_kind(events, "damaged")] == [("R4", 7)]  # nearest comrade, no armour
    s, _ = _fumble(10, [])
    assert not s.units["R3"].alive
    s, events = _fumble(8, [3, 4])
    assert [d.unit for d in of_kind(events, "damaged")] == ["R4", "R5"]
    s, events = _fumble(7, [5])
    assert s.units["R3"].life == 20 - 8


def test_t12_fumble_2_skips_the_next_turn() -> None:
    """A20: the unit that dropped its weapon does nothing in its army's next turn."""
    s, _ = _fumble(2, [])
    s.turn += 2
    s.phase = "movement"
    edit_unit(s, "R3", shot=False)
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Move(unit="R3", x=50, y=25))
    assert no.value.message_id == "clickwars.idle"


def test_t13_difficult_terrain_costs_double_and_impassable_refuses() -> None:
    """T13, CW-MOV-1, CW-MOV-2: 4 cm of swamp cost 8 of the 10 cm; a path into impassable terrain is refused."""
    swamp = Area(id="S", kind="swamp", going="difficult", shape=Polygon.rect(40, 30, 60, 34))
    rock = Area(id="R", kind="rock", going="impassable", sight="solid", shape=Polygon.rect(70, 30, 80, 34))
    s = table({"R3": (50, 28), "R4": (75, 26)}, terrain=[swamp, rock])
    after, events = act(s, "red", a.Move(unit="R3", x=50, y=34))
    assert of_kind(events, "moved")[0].cost == pytest.approx(10.0)
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Move(unit="R3", x=50, y=34.5))
    assert no.value.message_id == "clickwars.too_far"
    with pytest.raises(Rejected) as no:
        act(s, "red", a.Move(unit="R4", x=75, y=32))
    assert no.value.message_id == "clickwars.impassable"
