"""Rulings told, the second round (issue 29 item 5, `/why`): the automated rulings the first round
left without one now carry it, written where the rule is applied: ClickWars' charge, healing,
fumble table, friendly fire and roll-off; Space Hulk's auto fire, malfunction, flamer, grenade,
block, reload, the refusals a sight line or a range made; Arkenstone's reaches refused; Canyon's
Jack, King and absorbed hit. Each test cites the rules it checks."""

from __future__ import annotations

from typing import Any

import pytest

from engine.arkenstone import RULES as ARKENSTONE
from engine.arkenstone import actions as aka
from engine.canyon import RULES as CANYON
from engine.canyon import events as dc
from engine.clickwars import actions as cwa
from engine.clickwars import events as cw
from engine.core import Rejected, Ruling, Sight, apply, dice_for, new_game
from engine.spacehulk.actions import AutoFire, Fire, Flame, Grenade, Reload
from tests.engine.clickwars.helpers import act, edit_unit, table
from tests.engine.helpers import ScriptedDice, of_kind
from tests.engine.spacehulk.helpers import B, F, G, M, scenario
from tests.engine.spacehulk.helpers import act as sh_act

DW = {"expansions": ["deathwing"]}


def _cannon(facing: str = "E", **kw: object) -> dict[str, object]:
    return M(facing, **{"weapon": "assault_cannon", "ammo": 10, "reloads": 1, **kw})


# --- Every event ruled this round keeps the bytes it was logged with --------------------------------


LOGGED_BEFORE = [
    (
        cw.Charged,
        '{"kind":"charged","unit":"R14","bearing":0,"frm":[60.0,20.0],"to":[60.0,50.0],"radius":3.0}',
    ),
    (cw.Healed, '{"kind":"healed","unit":"R3","roll":8,"life":20,"recovered":false}'),
    (cw.FumbleRolled, '{"kind":"fumble_rolled","unit":"R3","roll":5}'),
    (cw.FriendlyFire, '{"kind":"friendly_fire","roll":3,"victim":"R4"}'),
    (dc.HitAbsorbed, '{"kind":"hit_absorbed","seat":"ork","card":3}'),
]


@pytest.mark.parametrize(("cls", "logged"), LOGGED_BEFORE, ids=lambda v: getattr(v, "__name__", "json"))
def test_an_event_logged_before_its_ruling_keeps_its_bytes(cls: type, logged: str) -> None:
    """CW-CHG-4, CW-LIF-3, CW-CRT-2, CW-RNG-6, DC-HIT-1: an event of a kind that now carries a ruling,
    logged before it did, reads back with no ruling and writes the very same JSON (stored logs,
    exports and replays are unchanged)."""
    event = cls.model_validate_json(logged)
    assert event.ruling is None and event.model_dump_json() == logged


# --- ClickWars ---------------------------------------------------------------------------------


def test_a_charge_carries_its_line_corridor_and_each_impact() -> None:
    """CW-CHG-1, CW-CHG-2 (the full 30 cm straight line), CW-CHG-3 (the corridor its base sweeps),
    CW-CHG-4 (1d10+2 to each enemy in it, no to-hit, armour ignored): the line is the ruler the
    overlay draws, the corridor its width; the impact's damage ruling cites CW-CHG-4."""
    s = table({"R14": (60, 20), "B3": (60, 35)}, terrain=[], phase="movement")
    _, events = act(s, "red", cwa.Charge(unit="R14", bearing=0), ScriptedDice(rolls=[5], seed=0))
    (charged,) = of_kind(events, "charged")
    ruling = charged.ruling
    assert ruling is not None and ruling.rules == ("CW-CHG-1", "CW-CHG-2", "CW-CHG-3", "CW-CHG-4")
    assert ruling.path == (charged.frm, charged.to)
    assert ruling.numbers == {
        "charge_cm": 30.0,
        "corridor_cm": round(2 * s.units["R14"].radius, 1),
        "in_corridor": 1,
    }
    damage = of_kind(events, "damaged")[0]
    assert damage.cause == "charge" and damage.ruling is not None
    assert damage.ruling.rules[:2] == ("CW-CHG-4", "CW-DMG-1") and "CW-CRT-3" not in damage.ruling.rules
    assert damage.ruling.numbers["damage_die"] == 5 and damage.ruling.numbers["gross"] == 7


def _charge_refused() -> Rejected:
    s = table({"R14": (60, 20), "R3": (60, 35)}, terrain=[], phase="movement")
    with pytest.raises(Rejected) as no:
        act(s, "red", cwa.Charge(unit="R14", bearing=0))
    return no.value


def test_a_charge_refused_by_its_corridor_carries_the_line_and_what_was_in_the_way() -> None:
    """CW-CHG-3 (the charger passes through enemy lines only: a friend in the corridor refuses it),
    CW-CHG-2 (the 30 cm line): the refusal tells the line, the corridor and the friend R3."""
    no = _charge_refused()
    assert no.message_id == "clickwars.charge_blocked"
    assert no.ruling == Ruling(
        rules=("CW-CHG-1", "CW-CHG-2", "CW-CHG-3"),
        numbers={"charge_cm": 30.0, "corridor_cm": 6.0, "in_the_way": "R3"},
        path=((60.0, 20.0), (60.0, 50.0)),
    )


def test_healing_carries_its_die_and_its_cap() -> None:
    """CW-LIF-3 (1d10 at the start of the owner's turn, centred in its own area, capped at its
    starting life), CW-DEP-1 (the area): the die, the life before and after, the cap."""
    from engine.clickwars import RULES as CLICKWARS

    s = table({"R3": (60, 10), "B3": (60, 100)}, terrain=[], phase="assault", active="blue", turn=2)
    edit_unit(s, "R3", life=15)
    events: list[Any] = []
    for _ in range(4):
        seat = sorted(CLICKWARS.active_seats(s))[0]
        s, events = act(s, seat, cwa.EndPhase(), ScriptedDice(rolls=[8]) if seat == "blue" else None)
        if of_kind(events, "healed"):
            break
    (healed,) = of_kind(events, "healed")
    ruling = healed.ruling
    assert ruling is not None and ruling.rules == ("CW-LIF-3", "CW-DEP-1")
    assert ruling.numbers == {"heal_roll": 8, "life_before": 15, "life_now": 20, "life_max": 20}
    assert healed.life == 20


def test_a_fumble_carries_its_table_row_and_its_damage() -> None:
    """CW-CRT-2 (a 10 to hit is a fumble: 1d10 on the table; a 5 takes 1d10+2), CW-CRT-3 (no armour)."""
    s = table({"R3": (60, 30), "B3": (60, 40)}, terrain=[], phase="shooting")
    _, events = act(s, "red", cwa.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[10, 5, 4]))
    (fumbled,) = of_kind(events, "fumble_rolled")
    assert fumbled.ruling == Ruling(rules=("CW-CRT-2", "CW-CRT-3"), numbers={"fumble_roll": 5})
    hurt = of_kind(events, "damaged")[0].ruling
    assert hurt is not None and hurt.rules == ("CW-CRT-2", "CW-CRT-3")
    assert hurt.numbers == {"fumble_roll": 5, "damage_die": 4, "gross": 6, "net": 6, "life_left": 14}


def test_a_miss_into_a_melee_carries_its_odd_or_even_roll() -> None:
    """CW-RNG-6: a miss at a figure engaged with one of the shooter's own rolls 1d10; odd hits the
    friend (the ruling tells the roll), whose damage follows as usual (CW-DMG-1)."""
    s = table({"R3": (60, 20), "R4": (60, 36.5), "B3": (60, 40)}, terrain=[], phase="shooting")
    _, events = act(s, "red", cwa.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[8, 3], seed=1))
    (ff,) = of_kind(events, "friendly_fire")
    assert ff.victim == "R4"
    assert ff.ruling == Ruling(rules=("CW-RNG-6",), numbers={"melee_roll": 3})
    assert of_kind(events, "damaged")[0].unit == "R4"


def test_the_roll_off_carries_every_pair() -> None:
    """CW-DEP-3: d10 each, highest starts, a tie rolls again: every pair is told."""
    from engine.clickwars import RULES as CLICKWARS

    state, _ = new_game(CLICKWARS, None, 0)
    assert state.phase == "setup"
    state = apply(CLICKWARS, state, CLICKWARS.decide(state, "red", cwa.ConfirmSetup(), ScriptedDice()))
    events = CLICKWARS.decide(state, "blue", cwa.ConfirmSetup(), ScriptedDice(rolls=[4, 4, 9, 2]))
    (rolled,) = [e for e in events if isinstance(e, cw.RolledOff)]
    assert rolled.ruling == Ruling(rules=("CW-DEP-3",), numbers={"red_rolls": (4, 9), "blue_rolls": (4, 2)})
    assert rolled.winner == "red" and rolled.rolls == [(4, 4), (9, 2)]


# --- Space Hulk / Deathwing --------------------------------------------------------------------


def test_auto_fire_tells_each_target_its_dice_and_the_chain() -> None:
    """DW-AC-3 (3 D6 a target in arc and sight, 4+), DW-AC-4 (a target uncovered by a destroyed
    blocker is fired at too: its ruling says so), DW-AC-6 (5 bursts)."""
    state, ids = scenario("a.g.h", a=_cannon(), g=G("W"), h=G("W"), options=DW)
    _, events = sh_act(state, "marine", AutoFire(model=ids["a"]), rolls=[4, 1, 1, 2, 3, 1])
    first, second = of_kind(events, "fired")
    assert first.ruling is not None and second.ruling is not None
    assert first.ruling.rules == ("DW-AC-3",) and second.ruling.rules == ("DW-AC-3", "DW-AC-4")
    assert first.ruling.numbers == {"dice": (4, 1, 1), "needed": 4, "bursts_used": 5}
    assert second.ruling.sight == Sight(frm=(0, 0), to=(4, 0), clear=True)


def test_a_malfunction_tells_the_triple_and_each_die_around() -> None:
    """DW-AC-11 (past 10 bursts a triple malfunctions), DW-AC-12 (the firer dies; 1 D6 each around:
    Genestealer or door 4+, Marine or bulkhead 5+), DW-BLK-4."""
    diagram = "hD..\na..g\nmB.."
    state, ids = scenario(diagram, a=_cannon(bursts=10), m=M("E"), h=G("S"), g=G("W"), options=DW)
    _, events = sh_act(state, "marine", Fire(model=ids["a"], at=(3, 1, 0)), rolls=[3, 3, 3, 4, 4, 4, 5])
    ruling = of_kind(events, "malfunctioned")[0].ruling
    assert ruling is not None and ruling.rules == ("DW-AC-11", "DW-AC-12", "DW-BLK-4")
    assert ruling.numbers["triple"] == (3, 3, 3) and ruling.numbers["bursts_fired"] == 11
    assert ruling.numbers["malfunction_after"] == 10
    assert ruling.numbers["model_rolls"] == f"{ids['h']}: 4, {ids['m']}: 4"
    assert ruling.numbers["door_rolls"] == "B1: 4, B3: 5"
    assert (ruling.numbers["stealer_dies_on"], ruling.numbers["marine_dies_on"]) == (4, 5)


def test_the_flamer_tells_the_section_and_each_die_and_never_a_blip_s_contents() -> None:
    """SHB-9.2, SHB-9.3 (the section burnt), SHB-9.4 (1 D6 each, 2+), Q7 (a blip burns whole): the
    ruling names a blip by its id and its die, never what it hides (the same ruling for a blip of 1
    and of 3)."""
    told = []
    for value in (1, 3):
        state, ids = scenario("f.g.b", sections="ABBBB", f=F("E"), g=G("E"), b=B(value))
        _, events = sh_act(state, "marine", Flame(model=ids["f"], at=(2, 0, 0)), rolls=[4, 1])
        ruling = of_kind(events, "flamed")[0].ruling
        assert ruling is not None and ruling.rules == ("SHB-9.2", "SHB-9.3", "SHB-9.4")
        assert ruling.numbers == {
            "target_square": "C1",
            "squares": 4,
            "model_rolls": f"{ids['g']}: 4, {ids['b']}: 1",
            "dies_on": 2,
        }
        told.append(ruling.model_dump_json())
    assert told[0] == told[1]


def test_a_grenade_tells_the_section_and_each_die() -> None:
    """DW-GL-2 (1 D6 a figure: a Genestealer 4+, a Marine 6; a door 5+), DW-GL-4 (bulkheads untouched)."""
    diagram = "a...:::D\n....:g:m\n....:h:."
    sections = "AAAABBBC\nAAAABBBC\nAAAABBBC"
    captain = M("E", captain=True, grenades=10)
    state, ids = scenario(diagram, sections=sections, a=captain, g=G("W"), h=G("W"), m=M("W"), options=DW)
    _, events = sh_act(state, "marine", Grenade(model=ids["a"], at=(5, 1, 0)), rolls=[4, 3, 5])
    ruling = of_kind(events, "grenade_exploded")[0].ruling
    assert ruling is not None and ruling.rules == ("DW-GL-2", "DW-GL-4")
    assert ruling.numbers["model_rolls"] == f"{ids['g']}: 4, {ids['h']}: 3"
    assert ruling.numbers["door_rolls"] == "H1: 5"
    assert (ruling.numbers["stealer_dies_on"], ruling.numbers["marine_dies_on"]) == (4, 6)


def test_a_self_destruct_tells_each_bulkhead_s_die() -> None:
    """DW-TH-2, DW-TH-4, DW-BLK-4: the thunder hammer's self-destruct rolls 1 D6 per bulkhead of the
    section, destroyed on 5+; the ruling names the bulkhead by its square."""
    from engine.spacehulk.actions import SelfDestruct

    hammer = M("E", weapon=None, melee="thunder_hammer", shield=True)
    state, ids = scenario("B:::D.\n:a:g::", sections="BAAAEF\nAAAAFF", a=hammer, g=G("W"), options=DW)
    _, events = sh_act(state, "marine", SelfDestruct(model=ids["a"]), rolls=[5])
    assert of_kind(events, "self_destructed")[0].ruling == Ruling(
        rules=("DW-TH-2", "DW-TH-4", "DW-BLK-4"), numbers={"bulkhead_rolls": "A1: 5", "bulkhead_dies_on": 5}
    )


def test_a_genestealer_breaking_a_door_tells_its_dice() -> None:
    """SHB-8.13: a Genestealer breaks a closed door ahead with any 6 on its 3 D6; the ruling tells
    the dice, no modifier, the score and the 6 it needed."""
    from engine.spacehulk.actions import Assault

    state, ids = scenario("gD.", g=G("E"), phase="stealer")
    _, events = sh_act(state, "genestealer", Assault(model=ids["g"]), rolls=[2, 6, 3])
    assert of_kind(events, "assaulted")[0].ruling == Ruling(
        rules=("SHB-8.13",),
        numbers={"attacker_dice": (2, 6, 3), "attacker_modifier": 0, "attacker_score": 6, "needed": 6},
    )


def test_a_librarian_s_psychic_points_are_told_with_his_assault() -> None:
    """DW-FA-1 (+1 a point spent, beside his +1 skill, DW-LIB-1), DW-FA-2 (announced before the dice):
    the points are no roll of their own; the assault's ruling names them within his modifiers."""
    from engine.spacehulk.actions import Assault

    lib = M("E", mastery=1, psychic=10, melee="force_axe")
    state, ids = scenario("ag", a=lib, g=G("W"), options=DW)
    _, events = sh_act(state, "marine", Assault(model=ids["a"], psychic=3), rolls=[2, 6, 5, 1])
    ruling = of_kind(events, "assaulted")[0].ruling
    assert ruling is not None and ruling.rules == ("SHB-8.9", "SHB-8.10", "DW-FA-1", "DW-FA-2")
    assert ruling.numbers["psychic_points"] == 3 and ruling.numbers["attacker_modifier"] == 4


def test_a_reload_tells_the_load_and_the_spares() -> None:
    """DW-AC-8: 4 AP, full again, never partial; the rounds left are lost and one spare is used."""
    state, ids = scenario("a...g", a=_cannon(ammo=3), g=G("W"), options=DW)
    _, events = sh_act(state, "marine", Reload(model=ids["a"]))
    assert of_kind(events, "reloaded")[0].ruling == Ruling(
        rules=("DW-AC-8",), numbers={"ammo_before": 3, "ammo_now": 10, "reloads_left": 0}
    )


def test_a_shot_refused_for_sight_tells_the_arc_and_the_blocker() -> None:
    """SHB-6.3 (the fire arc), SHB-6.4 (a model on the line blocks it), SHB-8.1: the refusal of a
    shot at a Genestealer behind another carries the sight line and the square that blocked it."""
    state, ids = scenario("a.g.h", a=M("E"), g=G("W"), h=G("W"))
    with pytest.raises(Rejected) as no:
        sh_act(state, "marine", Fire(model=ids["a"], at=(4, 0, 0)))
    assert no.value.message_id == "spacehulk.fire.no_line"
    ruling = no.value.ruling
    assert ruling is not None and ruling.rules == ("SHB-6.3", "SHB-6.4", "SHB-8.1")
    assert ruling.numbers == {"distance_sq": 4, "in_arc": "yes"}
    assert ruling.sight == Sight(frm=(0, 0), to=(4, 0), clear=False, by=f"{ids['g']} (C1)", at=(2, 0))


def test_a_flame_out_of_arc_and_a_grenade_out_of_range_are_told() -> None:
    """SHB-9.2 (in arc, in sight, within 12), SHB-6.3: behind the flamer is out of its arc; DW-GL-1,
    A-6: a grenade reaches 8 squares by the shortest route."""
    state, ids = scenario("..f..", sections="AABCC", f=F("E"))
    with pytest.raises(Rejected) as no:
        sh_act(state, "marine", Flame(model=ids["f"], at=(0, 0, 0)))
    ruling = no.value.ruling
    assert no.value.message_id == "spacehulk.flame.no_line" and ruling is not None
    assert ruling.numbers == {"distance_sq": 2, "range_sq": 12, "in_arc": "no"}
    state, ids = scenario(".a........g", a=M("E", captain=True, grenades=10), g=G("W"), options=DW)
    with pytest.raises(Rejected) as no:
        sh_act(state, "marine", Grenade(model=ids["a"], at=(10, 0, 0)))
    ruling = no.value.ruling
    assert ruling is not None and ruling.rules == ("DW-GL-1", "A-6")
    assert ruling.numbers == {"route_sq": 9, "range_sq": 8, "in_arc": "yes"} and ruling.sight is None


def test_a_block_tells_the_die_rerolled() -> None:
    """DW-PS-2: the Genestealer rerolls the die the Terminator names; the new one stands."""
    from engine.spacehulk.actions import Assault, Block

    state, ids = scenario("ag", a=M("E", captain=True, melee="power_sword"), g=G("W"))
    state, _ = sh_act(state, "marine", Assault(model=ids["a"]), rolls=[3, 6, 2, 1])
    _, events = sh_act(state, "marine", Block(model=ids["a"], die=0), rolls=[1])
    ruling = of_kind(events, "blocked")[0].ruling
    assert ruling == Ruling(rules=("DW-PS-2",), numbers={"rerolled_from": 6, "rerolled_to": 1})


# --- Hunt for the Arkenstone -------------------------------------------------------------------


def _arkenstone_refusals() -> dict[str, Rejected]:
    """The first search, recover and discover refusals for reach over seeded games."""
    import random

    found: dict[str, Rejected] = {}
    asks = {
        "arkenstone.search_out_of_reach": lambda s: [aka.Search(card=f"T{n}") for n in range(1, 13)],
        "arkenstone.stone_out_of_reach": lambda s: [aka.Recover()],
        "arkenstone.discover_out_of_reach": lambda s: [aka.Discover()],
    }
    for seed in range(30):
        state, _ = new_game(ARKENSTONE, None, seed)
        rng = random.Random(seed)
        while ARKENSTONE.outcome(state) is None and len(found) < 3:
            seat = sorted(ARKENSTONE.active_seats(state))[0]
            for want, make in asks.items():
                if want in found:
                    continue
                for action in make(state):
                    try:
                        ARKENSTONE.decide(state, seat, action, dice_for(state))
                    except Rejected as no:
                        if no.message_id == want:
                            found[want] = no
                            break
            legal = ARKENSTONE.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
            state = apply(ARKENSTONE, state, ARKENSTONE.decide(state, seat, action, dice_for(state)))
        if len(found) == 3:
            break
    return found


def test_out_of_reach_refusals_carry_the_gap_and_the_ruler() -> None:
    """AK-ACT-B2 (search within 1 inch), AK-ACT-B3 (recover within 1 inch), AK-ACT-S2 (discover
    within 1 inch), AK-GEN-3: each refusal's ruling holds the gap it refused (more than the reach)
    and a ruler whose length is that gap, from Bilbo's base edge."""
    import math

    found = _arkenstone_refusals()
    rules = {
        "arkenstone.search_out_of_reach": "AK-ACT-B2",
        "arkenstone.stone_out_of_reach": "AK-ACT-B3",
        "arkenstone.discover_out_of_reach": "AK-ACT-S2",
    }
    assert "arkenstone.search_out_of_reach" in found and "arkenstone.discover_out_of_reach" in found
    for message_id, no in found.items():
        ruling = no.ruling
        assert ruling is not None and ruling.rules == (rules[message_id], "AK-GEN-3")
        gap = ruling.numbers.get("gap_in", ruling.numbers.get("card_gap_in"))
        assert isinstance(gap, float) and gap > 1.0 and ruling.numbers["reach_in"] == 1
        (x0, y0), (x1, y1) = ruling.path
        assert math.hypot(x1 - x0, y1 - y0) == pytest.approx(gap, abs=0.02)


# --- Canyon of Death ---------------------------------------------------------------------------


def test_canyon_dice_and_random_picks_all_carry_rulings() -> None:
    """DC-CAN-3 (the Jack's D6 back from the discards), DC-CAN-5 (the King's D6 off the deck),
    DC-HIT-1 (a hit absorbed by a random hand card): every event that rolls or picks at random
    carries its ruling, with the roll the event holds."""
    from tests.engine.test_rulings import _logs

    seen: set[str] = set()
    for seed in range(40):
        for event in _logs(CANYON, seed):
            if isinstance(event, dc.FlightCardsDiscarded):
                assert event.ruling is not None and event.ruling.numbers["cards_roll"] == event.roll
                assert event.ruling.numbers["discarded"] == len(event.discarded)
            elif isinstance(event, dc.HitAbsorbed):
                assert event.ruling is not None and event.ruling.numbers["card"] == event.card
            elif isinstance(event, dc.FlightCardsRecovered):
                assert event.ruling is not None
            else:
                continue
            seen |= set(event.ruling.rules)
    assert {"DC-CAN-3", "DC-CAN-5", "DC-HIT-1"} <= seen


def _solo_ambush_ruling() -> Ruling:
    from engine.spacehulk import RULES as SPACEHULK
    from engine.spacehulk.deathwing.solo_reinforcements import schedule
    from engine.spacehulk.tape import Tape as SpaceHulkTape

    state, _ = scenario("a...", a=M("E"), options=DW)
    tape = SpaceHulkTape(SPACEHULK, state, ScriptedDice(rolls=[4]))
    schedule(tape, 2)
    (rolled,) = [e for e in tape.events if e.kind == "solo_ambush_rolled"]
    assert rolled.ruling is not None
    return rolled.ruling


def test_the_solo_ambush_die_tells_the_turn_it_schedules() -> None:
    """DW-SOLO-5, DW-SOLO-7: the D6 that schedules the next ambush draw, that many turns later."""
    assert _solo_ambush_ruling() == Ruling(
        rules=("DW-SOLO-5", "DW-SOLO-7"), numbers={"ambush_roll": 4, "ambush_turn": 6}
    )


def _teleport_ruling() -> Ruling:
    from engine.spacehulk.campaign import events as cev

    for seed in range(200):
        from engine.registry import GAMES

        rules = GAMES["dw_campaign"]
        state, log = new_game(rules, None, seed)
        import random

        rng = random.Random(seed)
        for _ in range(60):
            for event in log:
                if isinstance(event, cev.TeleportRolled) and event.ruling is not None:
                    return event.ruling
            if rules.outcome(state) is not None:
                break
            seat = sorted(rules.active_seats(state))[0]
            legal = rules.legal_actions(state, seat)
            if not legal:
                break
            log = rules.decide(state, seat, legal[rng.randrange(len(legal))], dice_for(state))
            state = apply(rules, state, log)
    raise AssertionError("no teleport roll in the campaign's first steps")


def test_teleporting_in_tells_each_marine_s_dice() -> None:
    """DW-CMP-8: 2D6 per Marine teleported in; a 2 kills him: each Marine's dice are told."""
    ruling = _teleport_ruling()
    assert ruling.rules == ("DW-CMP-8",) and ruling.numbers["dies_on_total"] == 2
    assert "+" in str(ruling.numbers["teleport_rolls"])


def more_rulings() -> list[Ruling]:
    """One ruling of each kind this round added (for the catalogs' test)."""
    out: list[Ruling] = []
    s = table({"R14": (60, 20), "B3": (60, 35)}, terrain=[], phase="movement")
    _, events = act(s, "red", cwa.Charge(unit="R14", bearing=0), ScriptedDice(rolls=[5], seed=0))
    out += [e.ruling for e in events if getattr(e, "ruling", None) is not None]
    s = table({"R3": (60, 30), "B3": (60, 40)}, terrain=[], phase="shooting")
    _, events = act(s, "red", cwa.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[10, 5, 4]))
    out += [e.ruling for e in events if getattr(e, "ruling", None) is not None]
    s = table({"R3": (60, 20), "R4": (60, 36.5), "B3": (60, 40)}, terrain=[], phase="shooting")
    _, events = act(s, "red", cwa.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[8, 3], seed=1))
    out += [e.ruling for e in events if getattr(e, "ruling", None) is not None]
    out.append(Ruling(rules=("CW-DEP-3",), numbers={"red_rolls": (4,), "blue_rolls": (2,)}))
    out += [r for r in [_charge_refused().ruling] if r is not None]
    out.append(
        Ruling(
            rules=("CW-LIF-3",),
            numbers={"heal_roll": 8, "life_before": 15, "life_now": 20, "life_max": 20},
        )
    )
    diagram = "hD..\na..g\nmB.."
    state, ids = scenario(diagram, a=_cannon(bursts=10), m=M("E"), h=G("S"), g=G("W"), options=DW)
    _, events = sh_act(state, "marine", Fire(model=ids["a"], at=(3, 1, 0)), rolls=[3, 3, 3, 4, 4, 4, 5])
    out += [e.ruling for e in events if getattr(e, "ruling", None) is not None]
    state, ids = scenario("a.g.h", a=_cannon(), g=G("W"), h=G("W"), options=DW)
    _, events = sh_act(state, "marine", AutoFire(model=ids["a"]), rolls=[4, 1, 1, 2, 3, 1])
    out += [e.ruling for e in events if getattr(e, "ruling", None) is not None]
    state, ids = scenario("f.g.b", sections="ABBBB", f=F("E"), g=G("E"), b=B(2))
    _, events = sh_act(state, "marine", Flame(model=ids["f"], at=(2, 0, 0)), rolls=[4, 1])
    out += [e.ruling for e in events if getattr(e, "ruling", None) is not None]
    state, ids = scenario("a...g", a=_cannon(ammo=3), g=G("W"), options=DW)
    _, events = sh_act(state, "marine", Reload(model=ids["a"]))
    out += [e.ruling for e in events if getattr(e, "ruling", None) is not None]
    state, ids = scenario(".a........g", a=M("E", captain=True, grenades=10), g=G("W"), options=DW)
    for action in (Grenade(model=ids["a"], at=(10, 0, 0)), Fire(model=ids["a"], at=(0, 0, 0))):
        try:
            sh_act(state, "marine", action)
        except Rejected as no:
            out += [no.ruling] if no.ruling is not None else []
    out.append(Ruling(rules=("DW-PS-2",), numbers={"rerolled_from": 6, "rerolled_to": 1}))
    out.append(Ruling(rules=("DW-FA-1",), numbers={"psychic_points": 2, "defender_psychic_points": 1}))
    out.append(Ruling(rules=("DW-CMP-14",), numbers={"magi_roll": 2, "squads": 3}))
    out.append(Ruling(rules=("DW-CR-9",), numbers={"reinforcement_roll": 2}))
    out += [_solo_ambush_ruling(), _teleport_ruling()]
    out.append(
        Ruling(
            rules=("DW-GL-2",),
            numbers={"drop_roll": 1, "target_square": "B2", "door_rolls": "-", "door_dies_on": 5},
        )
    )
    out.append(Ruling(rules=("DW-TH-2",), numbers={"bulkhead_rolls": "B1: 5", "bulkhead_dies_on": 5}))
    out.append(Ruling(rules=("SHB-9.4",), numbers={"crate_rolls": "B1: 6"}))
    out += [no.ruling for no in _arkenstone_refusals().values() if no.ruling is not None]
    out.append(
        Ruling(
            rules=("DC-CAN-3",),
            numbers={"cards_roll": 3, "pile_size": 4, "recovered": 3, "discarded": 2, "hand_size": 3},
        )
    )
    return out
