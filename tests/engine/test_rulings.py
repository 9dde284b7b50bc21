"""Rulings told (issue 29 item 5, `/why`): the rules and numbers the engine applied travel in its
events (or in its refusal), written where the ruling is made, in every game; an event that carries
none keeps the bytes it was logged with."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.arkenstone import RULES as ARKENSTONE
from engine.arkenstone import events as ak
from engine.canyon import RULES as CANYON
from engine.canyon import events as dc
from engine.clickwars import RULES as CLICKWARS
from engine.clickwars import actions as cwa
from engine.clickwars import events as cw
from engine.clickwars.los import line_of_sight, sight_line
from engine.clickwars.terrain import Area
from engine.core import Event, Rejected, RuledEvent, Ruling, Sight, new_game, step
from engine.core.shapes import Circle, Polygon
from engine.spacehulk import events as sh
from engine.spacehulk.actions import Fire, Turn
from engine.spacehulk.campaign import events as campaign
from engine.spacehulk.dw_types import solo_model
from tests.engine.clickwars.helpers import act, random_game, table
from tests.engine.helpers import ScriptedDice, of_kind
from tests.engine.spacehulk.helpers import G, M, scenario
from tests.engine.spacehulk.helpers import act as sh_act

ROCK = Area(id="K1", kind="rock", going="impassable", sight="solid", shape=Polygon.rect(50, 38, 70, 40))


def test_a_shot_blocked_by_rock_is_refused_with_its_ruling() -> None:
    """CW-LOS-1, CW-LOS-2, CW-RNG-1, CW-GEN-4: the refusal carries the distance edge to edge, the
    range, and the sight line with what blocked it (the rock K1), near where."""
    s = table({"R3": (60, 30), "B3": (60, 48)}, terrain=[ROCK], phase="shooting")
    with pytest.raises(Rejected) as no:
        act(s, "red", cwa.Shoot(unit="R3", target="B3"))
    assert no.value.message_id == "clickwars.no_sight"
    ruling = no.value.ruling
    assert ruling is not None
    assert ruling.rules == ("CW-GEN-4", "CW-RNG-1", "CW-RNG-3", "CW-LOS-1", "CW-LOS-2")
    gap = 18 - s.units["R3"].radius - s.units["B3"].radius
    assert ruling.numbers == {"distance_cm": round(gap, 1), "range_cm": 20.0, "need": 6}
    assert ruling.sight == Sight(frm=(60, 30), to=(60, 48), clear=False, by="K1", at=(60, 39))


def test_a_shot_out_of_range_is_refused_with_the_distance_and_the_range() -> None:
    """CW-RNG-1, CW-RNG-3: 30 cm away from a 20 cm rifle; the sight itself was clear."""
    s = table({"R3": (60, 10), "B3": (60, 42)}, terrain=[], phase="shooting")
    with pytest.raises(Rejected) as no:
        act(s, "red", cwa.Shoot(unit="R3", target="B3"))
    assert no.value.message_id == "clickwars.out_of_range"
    ruling = no.value.ruling
    assert ruling is not None and ruling.numbers["range_cm"] == 20.0
    assert ruling.numbers["distance_cm"] > 20 and ruling.sight is not None and ruling.sight.clear


def test_a_ruled_refusal_crosses_from_a_worker_process_whole() -> None:
    """CW-LOS-2: a refusal decided in a worker process (bot/offload.py) is pickled with its ruling."""
    import pickle

    s = table({"R3": (60, 30), "B3": (60, 48)}, terrain=[ROCK], phase="shooting")
    with pytest.raises(Rejected) as no:
        act(s, "red", cwa.Shoot(unit="R3", target="B3"))
    again = pickle.loads(pickle.dumps(no.value))
    assert again.message_id == no.value.message_id and again.text == no.value.text
    assert again.ruling == no.value.ruling is not None


def test_a_refusal_no_measure_made_carries_no_ruling() -> None:
    """CW-GEN-2: a unit that already shot is refused for that alone, with nothing measured."""
    s = table({"R3": (60, 30), "B3": (60, 40)}, terrain=[], phase="shooting")
    s2, _ = act(s, "red", cwa.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[8]))
    with pytest.raises(Rejected) as no:
        act(s2, "red", cwa.Shoot(unit="R3", target="B3"))
    assert no.value.message_id == "clickwars.already_shot" and no.value.ruling is None


def test_a_shot_carries_its_range_sight_roll_and_need() -> None:
    """CW-RNG-4: 1d10 <= DI; the event's ruling adds the roll and the need to the range and sight,
    and a hill's 10 cm (CW-RNG-3) and the wood crossed are named."""
    hill = Area(id="H9", kind="hill", elevated=True, shape=Circle(x=60, y=30, r=5))
    wood = Area(id="W9", kind="wood", going="difficult", sight="wood", shape=Circle(x=60, y=40, r=2))
    s = table({"R3": (60, 30), "B3": (60, 48)}, terrain=[hill, wood], phase="shooting")
    _, events = act(s, "red", cwa.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[7, 3]))
    (shot,) = of_kind(events, "attack_rolled")
    ruling = shot.ruling
    assert ruling is not None and shot.roll == 7 and shot.result == "miss"
    assert ruling.rules[-1] == "CW-RNG-4" and "CW-LOS-2" not in ruling.rules
    assert ruling.numbers["range_cm"] == 30.0 and ruling.numbers["hill_bonus_cm"] == 10.0
    assert ruling.numbers["wood_cm"] == 4.0 and ruling.numbers["roll"] == 7 and ruling.numbers["need"] == 6
    assert ruling.sight is not None and ruling.sight.clear


def test_damage_and_a_blast_s_deviation_carry_their_rolls() -> None:
    """CW-DMG-1 (the die with the rifle's x2), CW-DMG-2 (net, life left), CW-ART-5 (a gun fires at a
    point within its range; the blast deviates d10 inches, drawn from the point)."""
    s = table({"R3": (60, 30), "B3": (60, 40)}, terrain=[], phase="shooting")
    _, events = act(s, "red", cwa.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[3, 4], seed=0))
    damage = of_kind(events, "damaged")[0].ruling
    assert damage is not None and damage.rules[:2] == ("CW-DMG-1", "CW-DMG-2")
    assert damage.numbers == {"damage_die": 4, "gross": 8, "net": 8, "life_left": 12}
    s = table({"R1": (60, 10), "R2": (60, 5.5), "B3": (60, 35)}, terrain=[], phase="shooting")
    _, events = act(
        s, "red", cwa.ShootPoint(unit="R1", x=60, y=40), ScriptedDice(rolls=[5, 2], ints=[90], seed=0)
    )
    aimed = of_kind(events, "attack_rolled")[0].ruling
    assert (
        aimed is not None and aimed.numbers["point_distance_cm"] == 30.0 and aimed.numbers["range_cm"] == 40.0
    )
    assert aimed.path == ((60, 10), (60, 40))
    scatter = of_kind(events, "scattered")[0].ruling
    assert scatter is not None and scatter.rules == ("CW-ART-5",) and scatter.numbers["scatter_cm"] == 5.08
    assert scatter.path == ((60, 40), (65.08, 40))
    with pytest.raises(Rejected) as no:
        act(s, "red", cwa.ShootPoint(unit="R1", x=60, y=60))
    assert no.value.ruling is not None and no.value.ruling.numbers["point_distance_cm"] == 50.0


def test_a_close_combat_attack_carries_its_reach() -> None:
    """CW-CC-1, CW-CC-2, CW-CC-3: the gap against the weapon's reach, 1d10 <= CC; a 1 is a critical
    (CW-CRT-1)."""
    s = table({"R3": (60, 30), "B3": (60, 33.5)}, terrain=[], phase="assault")
    _, events = act(s, "red", cwa.Fight(unit="R3", target="B3"), ScriptedDice(rolls=[1]))
    ruling = of_kind(events, "attack_rolled")[0].ruling
    assert ruling is not None and ruling.rules[:4] == ("CW-GEN-4", "CW-CC-1", "CW-CC-2", "CW-CC-3")
    assert (
        ruling.rules[-1] == "CW-CRT-1" and ruling.numbers["reach_cm"] == 1.0 and ruling.numbers["roll"] == 1
    )


def test_a_move_through_a_swamp_carries_its_ruler_and_ground() -> None:
    """CW-MOV-1, CW-MOV-2, CW-GEN-4: the ruler along the centre's path, its cost doubled in the
    difficult ground it crossed (named), against the allowance."""
    swamp = Area(id="S9", kind="swamp", going="difficult", shape=Polygon.rect(40, 33, 80, 35))
    s = table({"R3": (60, 30)}, terrain=[swamp])
    _, events = act(s, "red", cwa.Move(unit="R3", x=60, y=37))
    (moved,) = of_kind(events, "moved")
    ruling = moved.ruling
    assert ruling is not None and ruling.ground == ("S9",) and ruling.path == ((60, 30), (60, 37))
    assert ruling.numbers == {"length_cm": 7.0, "cost_cm": 9.0, "allowance_cm": 10.0}
    assert ruling.rules[:3] == ("CW-GEN-4", "CW-MOV-1", "CW-MOV-2")


def test_a_move_s_ruling_built_unvalidated_is_the_validated_one() -> None:
    """CW-MOV-1: at every move of a seeded game, the ruling built without validation (checks.move_ruling,
    at every move of every game) is pydantic's, field for field and type for type."""
    from engine.core import apply, dice_for, new_game

    state, _ = new_game(CLICKWARS, None, 4)
    rng = random.Random(4)
    seen = 0
    while CLICKWARS.outcome(state) is None:
        seat = sorted(CLICKWARS.active_seats(state))[0]
        legal = CLICKWARS.legal_actions(state, seat)
        events = CLICKWARS.decide(state, seat, legal[rng.randrange(len(legal))], dice_for(state))
        for event in events:
            if isinstance(event, cw.Moved) and event.ruling is not None:
                slow = Ruling(**{k: getattr(event.ruling, k) for k in Ruling.model_fields})
                assert repr(event.ruling) == repr(
                    slow
                ) and event.ruling.model_fields_set <= slow.model_fields_set | {"sight"}
                assert event.ruling.model_dump_json() == slow.model_dump_json()
                seen += 1
        state = apply(CLICKWARS, state, events)
    assert seen > 20


def test_the_told_sight_is_the_judged_sight() -> None:
    """CW-LOS-1, §8.3: over the positions of seeded games, `sight_line` says clear exactly when
    `line_of_sight` does (the explanation is never a second opinion)."""
    state, _ = random_game(3)
    units = [u for u in state.units.values() if u.placed]
    rng = random.Random(5)
    for _ in range(300):
        a, b = rng.sample(units, 2)
        assert sight_line(state, a, b)[0].clear == line_of_sight(state, a, b)


def test_an_overwatch_shot_carries_its_rules_dice_and_jam() -> None:
    """SHB-8.4, SHB-8.1, SHB-8.6: the free shot's dice against the 6 it needed, the distance against
    the 12 squares of overwatch, and whether a double jammed the bolter."""
    state, ids = scenario("a.....g", a=M("E", overwatch=True), g=G("W"), phase="stealer")
    _, events = sh_act(state, "genestealer", Turn(model=ids["g"], facing="N"), rolls=[3, 3])
    (fired,) = of_kind(events, "fired")
    ruling = fired.ruling
    assert fired.overwatch and fired.jammed and ruling is not None
    assert ruling.rules == ("SHB-8.4", "SHB-8.1", "SHB-8.6")
    assert ruling.numbers == {
        "dice": (3, 3),
        "needed": 6,
        "distance_sq": 6,
        "range_sq": 12,
        "double": "yes",
        "jammed": "yes",
    }
    assert ruling.sight == Sight(frm=(0, 0), to=(6, 0), clear=True)


def test_an_aimed_shot_carries_its_sustained_bonus() -> None:
    """SHB-8.1, SHB-8.2: a second aimed shot at the same target gets +1; aimed shots never jam."""
    state, ids = scenario("a.....g", a=M("E"), g=G("W"))
    state, _ = sh_act(state, "marine", Fire(model=ids["a"], at=(6, 0, 0)), rolls=[2, 2])
    _, events = sh_act(state, "marine", Fire(model=ids["a"], at=(6, 0, 0)), rolls=[4, 3])
    ruling = of_kind(events, "fired")[0].ruling
    assert ruling is not None and ruling.rules == ("SHB-8.1", "SHB-8.2")
    assert ruling.numbers == {"dice": (4, 3), "needed": 6, "bonus": 1}


def _logs(rules: Any, seed: int) -> list[Event]:
    """Every event of one game of seeded random legal play."""
    state, log = new_game(rules, None, seed)
    rng = random.Random(seed)
    while rules.outcome(state) is None:
        seat = sorted(rules.active_seats(state))[0]
        legal = rules.legal_actions(state, seat)
        state, events = step(rules, state, seat, legal[rng.randrange(len(legal))])
        log += events
    return log


def test_canyon_rulings_say_what_the_events_did() -> None:
    """DC-HIT-2, DC-HIT-4 (a face card doubles the next numbered card), DC-HIT-3 (destroyed at
    20), DC-CAN-1, DC-SHO-2, DC-MAN-3: over seeded games every ruling's numbers are its event's."""
    seen: set[str] = set()
    for seed in range(6):
        for event in _logs(CANYON, seed):
            ruling = getattr(event, "ruling", None)
            if isinstance(event, dc.DamageDrawn):
                assert ruling is not None and ruling.numbers["card"] == event.card
                assert ruling.numbers["damage"] == event.damage and ruling.numbers["total"] == event.total
                assert ("DC-HIT-4" in ruling.rules) == (event.card > 10 or event.multiplier > 1)
                assert ("DC-HIT-3" in ruling.rules) == (event.total >= 20 and event.damage > 0)
            elif isinstance(event, dc.HazardResolved):
                assert ruling is not None and ruling.numbers["marine_hits"] == event.marine_hits
            elif isinstance(event, dc.ShotsFired):
                assert ruling is not None and ruling.numbers["dice"] == event.dice
                assert sum(d >= event.pursuit for d in event.dice) == ruling.numbers["hits"] == event.hits
            elif isinstance(event, dc.PursuitChanged):
                assert ruling is not None and ruling.numbers["pursuit_after"] == event.after
            seen |= set(ruling.rules) if ruling is not None else set()
    assert {"DC-HIT-2", "DC-HIT-4", "DC-CAN-1", "DC-SHO-2", "DC-MAN-3"} <= seen


def test_arkenstone_rulings_say_what_the_events_did() -> None:
    """AK-ACT-B1 (Bilbo's 4 inches), AK-ACT-S1 (Smaug's 6), AK-TRN-6 (a wrong guess ends the turn),
    AK-TRN-9 (a right one earns an action), AK-DSC-3: over seeded games every move's ruler is within
    the allowance and every guess names the rule its result led to."""
    seen: set[str] = set()
    for seed in range(4):
        for event in _logs(ARKENSTONE, seed):
            ruling = getattr(event, "ruling", None)
            if isinstance(event, ak.FigureMoved):
                assert ruling is not None and ruling.numbers["length_in"] <= ruling.numbers["allowance_in"]  # type: ignore[operator]
                assert ruling.path == ((event.start.x, event.start.y), (event.end.x, event.end.y))
            elif isinstance(event, ak.CardsTurned):
                assert ruling is not None and ruling.numbers["card"] == event.rank
                assert ruling.numbers["correct"] == ("yes" if event.correct else "no")
                assert ("AK-TRN-6" in ruling.rules) <= (not event.correct)
            elif isinstance(event, ak.ContestResolved):
                assert ruling is not None and ("AK-DSC-2" in ruling.rules) == event.smaug_won
            seen |= set(ruling.rules) if ruling is not None else set()
    assert {"AK-ACT-B1", "AK-ACT-S1", "AK-TRN-6", "AK-TRN-9"} <= seen


def test_an_event_without_a_ruling_keeps_its_logged_bytes() -> None:
    """CW-GEN-1: an event logged before rulings existed (no `ruling` key) reads back and writes the
    same JSON; with a ruling the key is there and reads back equal."""
    logged = '{"kind":"moved","unit":"R3","path":[[60.0,30.0],[60.0,37.0]],"cost":7.0,"fled":false,"crew":null,"crew_to":null,"hostage":null,"hostage_to":null}'
    event = cw.EVENT_ADAPTER.validate_json(logged)
    assert event.model_dump_json() == logged and event.ruling is None  # type: ignore[union-attr]
    ruled = event.model_copy(update={"ruling": Ruling(rules=("CW-MOV-1",), numbers={"length_cm": 7.0})})
    assert cw.EVENT_ADAPTER.validate_json(ruled.model_dump_json()) == ruled


RULED = [
    cls
    for module in (cw, sh, dc, ak, campaign, solo_model)
    for cls in vars(module).values()
    if isinstance(cls, type) and issubclass(cls, RuledEvent) and issubclass(cls, Event)
]


REDACTED_BESIDE_ITS_RULING = {dc.FlightCardsRecovered: "deck"}
"""The ruled events that hide one field (named) from every seat: the ruling stays whole and says
nothing of that field (DC-CAN-3: the new deck's order is nobody's; the ruling counts cards)."""


@pytest.mark.parametrize("cls", RULED, ids=lambda c: f"{c.__module__.split('.')[1]}.{c.__name__}")
def test_a_ruled_event_is_public_as_a_whole(cls: type[Event]) -> None:
    """No secret through a ruling: every event that carries one is shown whole to every seat (the
    default `redacted_for`), so its ruling holds nothing a seat's own redacted events would not."""
    if cls in REDACTED_BESIDE_ITS_RULING:
        return  # held by the test below
    assert cls.redacted_for is Event.redacted_for


def test_a_jack_s_recovery_tells_the_die_and_never_the_deck() -> None:
    """DC-CAN-3: the Jack's ruling (its D6, the pile, the cards shuffled back) is the same for every
    seat and holds no card of the reshuffled deck, the one field the event hides."""
    found = 0
    for seed in range(40):
        for event in _logs(CANYON, seed):
            if not isinstance(event, dc.FlightCardsRecovered):
                continue
            found += 1
            ruling = event.ruling
            assert ruling is not None and ruling.rules == ("DC-CAN-3",)
            assert ruling.numbers["cards_roll"] == event.roll
            assert ruling.numbers["recovered"] == len(event.recovered) <= event.roll
            for seat in (None, "marine", "ork"):
                shown = event.redacted_for(seat)
                assert isinstance(shown, dc.FlightCardsRecovered) and shown.deck is None
                assert shown.ruling == ruling
            hidden = REDACTED_BESIDE_ITS_RULING[dc.FlightCardsRecovered]
            assert hidden not in ruling.model_dump_json() and all(
                not isinstance(v, tuple) for v in ruling.numbers.values()
            )
    assert found
