"""The spec's acceptance scenarios T1-T12 (death_canyon.md §6), each a scripted table."""

from __future__ import annotations

from engine.canyon.actions import ChooseRoute, PlayCard, ResolveHit, TakeAllHits
from tests.engine.canyon.helpers import act, move_to_discard, table, view
from tests.engine.helpers import ScriptedDice, kinds, of_kind


def test_t1_single_card_navigation() -> None:
    """T1 (DC-NAV-3, DC-MAN-4, DC-CAN-1, DC-SHO-2): 4 vs 2 under a 5: no hits, pursuit 5, needs 5+."""
    s, _ = table(canyon=[5], marine=[4, 1, 2], ork=[2, 1, 3])
    assert s.pursuit == 4
    assert view(s, "marine").preview == (5,)
    assert view(s, "ork").steps[0].slots[0].status == "hidden"
    s, _ = act(s, "marine", PlayCard(card=4))
    s, ev = act(s, "ork", PlayCard(card=2), rolls=[4, 4, 5])
    assert s.pursuit == 5
    assert of_kind(ev, "canyon_revealed")[0].card == 5
    hazard = of_kind(ev, "hazard_resolved")[0]
    assert (hazard.marine_hits, hazard.ork_hits) == (0, 0)
    assert of_kind(ev, "stormtalon_advanced")[0].step == 1
    assert of_kind(ev, "shots_fired")[0].hits == 1  # only the 5 hits at pursuit 5
    assert s.pending == [("marine", 1, "shoot")]


def test_t2_fork() -> None:
    """T2 (DC-NAV-2, DC-MAN-3, DC-HIT-6): choose the 7, the 2 is discarded; 10 vs 7 gives 3 hits."""
    s, _ = table(canyon=[7, 2, 9], marine=[7, 1, 2], ork=[10, 1, 3], damage=[1, 2, 3], layout=[2, 1])
    s.pursuit = 5
    assert view(s, "marine").preview == (7, 2)
    assert s.phase == "navigate"
    s, ev = act(s, "marine", ChooseRoute(route=0))
    assert of_kind(ev, "route_chosen")[0].discarded == 2
    ork_view = view(s, "ork")
    assert [(x.status, x.value) for x in ork_view.steps[0].slots] == [("hidden", None), ("discarded", 2)]
    assert view(s, "marine").preview == (7,)
    s, _ = act(s, "marine", PlayCard(card=7))
    s, ev = act(s, "ork", PlayCard(card=10))
    changes = [(e.before, e.after, e.reason) for e in of_kind(ev, "pursuit_changed")]
    assert changes == [(5, 4, "ork_higher"), (4, 5, "dakkajet_hit")]
    hazard = of_kind(ev, "hazard_resolved")[0]
    assert (hazard.marine_hits, hazard.ork_hits) == (0, 3)
    assert s.phase == "hits" and s.pending == [("ork", 3, "hazard")]
    s, _ = act(s, "ork", ResolveHit(choice="damage"))
    s, _ = act(s, "ork", ResolveHit(choice="damage"))
    s, ev = act(s, "ork", ResolveHit(choice="damage"), rolls=[5, 6, 1])
    assert s.damage["ork"] == 6
    assert of_kind(ev, "shots_fired")[0].hits == 2  # the Dakkajet survives and shoots normally


def test_t3_shooting() -> None:
    """T3 (DC-SHO-2, DC-HIT-1, DC-HIT-2): pursuit 5, dice 3 4 5 -> 1 hit; draw damage 8."""
    s, _ = table(canyon=[10], marine=[3, 1, 2], ork=[2, 1, 3], damage=[8])
    s, _ = act(s, "marine", PlayCard(card=3))
    s, ev = act(s, "ork", PlayCard(card=2), rolls=[3, 4, 5])
    assert s.pursuit == 5 and of_kind(ev, "shots_fired")[0].hits == 1
    s, ev = act(s, "marine", ResolveHit(choice="damage"))
    assert of_kind(ev, "damage_drawn")[0].card == 8
    assert s.damage["marine"] == 8 and s.phase != "over"
    assert s.phase == "marine_play" and s.turn == 2


def test_t4_hazard_hits_with_discard_and_face_card() -> None:
    """T4 (DC-CAN-1, DC-HIT-1, DC-HIT-4, DC-HIT-6, DC-HIT-7): 3 hits, 1 discard, damage 3 then Jack."""
    s, _ = table(canyon=[4], marine=[2, 1, 3], ork=[7, 5, 6], damage=[3, 11])
    s, _ = act(s, "marine", PlayCard(card=2))
    s, ev = act(s, "ork", PlayCard(card=7))
    assert of_kind(ev, "hits_received")[0].hits == 3
    pursuit_after_maneuver = 3  # Ork higher: 4 -> 3
    assert s.pursuit == pursuit_after_maneuver + 1
    s, ev = act(s, "ork", ResolveHit(choice="discard"), indices=[0])
    assert of_kind(ev, "hit_absorbed")[0].card == 5 and s.discards["ork"] == [5]
    s, _ = act(s, "ork", ResolveHit(choice="damage"))
    s, ev = act(s, "ork", ResolveHit(choice="damage"), rolls=[1, 1, 1])
    assert s.damage["ork"] == 3
    assert view(s, None).ork.pending_multiplier == 2
    assert not of_kind(ev, "pursuit_changed")  # +1 once only, at the hazard
    assert s.pursuit == 4


def test_t5_pursuit_die_clamps() -> None:
    """T5 (DC-GEN-2, DC-MAN-3, DC-MAN-4): 1 stays 1 when the Ork is higher, 6 stays 6 when lower."""
    s, _ = table(canyon=[10], marine=[2, 1, 3], ork=[5, 1, 6])
    s.pursuit = 1
    s1, _ = act(s, "marine", PlayCard(card=2))
    s1, _ = act(s1, "ork", PlayCard(card=5), rolls=[2, 3, 4])
    assert s1.pursuit == 1
    s.pursuit = 6
    s2, _ = act(s, "marine", PlayCard(card=2))
    s2, _ = act(s2, "ork", PlayCard(card=1), rolls=[1, 2, 3])
    assert s2.pursuit == 6


def test_t6_compounding_face_cards_destroy_at_20() -> None:
    """T6 (DC-HIT-4, DC-HIT-3, DC-SHO-3, DC-WIN-2): J, Q, then 5 -> 5 x 4 = 20, destroyed."""
    s, _ = table(canyon=[10], marine=[2, 1, 3], ork=[2, 1, 3], damage=[11, 12, 5])
    s, _ = act(s, "marine", PlayCard(card=2))
    s, _ = act(s, "ork", PlayCard(card=2), rolls=[6, 6, 6])
    s, _ = act(s, "marine", ResolveHit(choice="damage"))
    assert view(s, None).marine.pending_multiplier == 2
    s, _ = act(s, "marine", ResolveHit(choice="damage"))
    assert view(s, None).marine.pending_multiplier == 4
    s, ev = act(s, "marine", ResolveHit(choice="damage"))
    drawn = of_kind(ev, "damage_drawn")[0]
    assert (drawn.card, drawn.multiplier, drawn.damage, drawn.total) == (5, 4, 20, 20)
    assert kinds(ev)[-2:] == ["ship_destroyed", "game_ended"]
    assert s.winners == ["ork"] and s.reason == "canyon.end.stormtalon_destroyed"


def test_t7_marine_hand_empty_at_maneuver() -> None:
    """T7 (DC-MAN-6, DC-WIN-2): no card to play -> the Stormtalon crashes, the Ork wins."""
    s, _ = table(canyon=[10, 9], marine=[4, 1, 2], ork=[2, 1, 3])
    # The Marine holds its last card and has nothing left to draw.
    s = move_to_discard(s, "marine", [c for c in range(1, 11) if c != 4])
    s, _ = act(s, "marine", PlayCard(card=4))
    s, ev = act(s, "ork", PlayCard(card=1), rolls=[1, 1, 1])
    assert kinds(ev)[-2:] == ["turn_started", "game_ended"]
    assert s.winners == ["ork"] and s.reason == "canyon.end.marine_crashed"


def test_t8_escape_after_the_last_step() -> None:
    """T8 (DC-END-1, DC-ADV-2, DC-WIN-1): last card passed, Shoot survived -> Marine wins before refill."""
    s, _ = table(canyon=[10], marine=[3, 1, 2], ork=[2, 1, 4], layout=[1])
    s, _ = act(s, "marine", PlayCard(card=3))
    s, ev = act(s, "ork", PlayCard(card=2), rolls=[1, 2, 3])
    assert of_kind(ev, "stormtalon_advanced")[0].out
    assert "cards_drawn" not in kinds(ev) and "turn_ended" not in kinds(ev)
    assert s.winners == ["marine"] and s.reason == "canyon.end.escaped"
    assert len(s.hands["marine"]) == 2  # no refill


def test_t9_queen_icarus_battery() -> None:
    """T9 (DC-CAN-4, DC-HIT-6): dice 5 6 2 1 -> 2 hits on the Dakkajet, pursuit +1."""
    s, _ = table(canyon=[12], marine=[3, 1, 2], ork=[3, 1, 4], damage=[1, 2])
    s, _ = act(s, "marine", PlayCard(card=3))
    s, ev = act(s, "ork", PlayCard(card=3), rolls=[5, 6, 2, 1])
    icarus = of_kind(ev, "icarus_fired")[0]
    assert icarus.dice == (5, 6, 2, 1) and icarus.hits == 2
    assert s.pending == [("ork", 2, "icarus")] and s.pursuit == 5
    s, ev = act(s, "ork", TakeAllHits(), rolls=[1, 1, 1])
    assert s.damage["ork"] == 3 and "shots_fired" in kinds(ev)


def test_t10_king_with_a_short_deck() -> None:
    """T10 (DC-CAN-5, DC-HIT-7): roll 6 with 2 cards left -> both discarded, hand unchanged."""
    s, _ = table(canyon=[13], marine=[3, 1, 2, 9, 10], ork=[3, 1, 4, 5, 6])
    s = move_to_discard(s, "marine", [4, 5, 6, 7, 8])
    assert s.decks["marine"] == [9, 10]
    s, _ = act(s, "marine", PlayCard(card=3))
    hand_before = list(s.hands["marine"])
    s, ev = act(s, "ork", PlayCard(card=3), rolls=[6, 1, 1, 1, 1])
    king = of_kind(ev, "flight_cards_discarded")
    assert [(k.seat, k.roll, k.discarded) for k in king] == [("marine", 6, (9, 10)), ("ork", 1, (5,))]
    assert s.hands["marine"] == hand_before and s.decks["marine"] == []
    assert s.discards["marine"] == [4, 5, 6, 7, 8, 9, 10, 3]  # King's discards, then the played 3


def test_t11_jack_recovers_discards() -> None:
    """T11 (DC-CAN-3): roll 4 with 2 discards -> both back, deck reshuffled; played card not in pile."""
    s, _ = table(canyon=[11], marine=[3, 1, 2], ork=[3, 1, 4])
    s = move_to_discard(s, "marine", [9, 10])
    s, _ = act(s, "marine", PlayCard(card=3))
    deck = s.decks["marine"]
    new_order = [10, 9] + deck
    dice = ScriptedDice(
        rolls=[4, 2, 1, 1, 1], samples=[[9, 10], []], shuffles=[new_order, list(s.decks["ork"])]
    )
    s, ev = act(s, "ork", PlayCard(card=3), dice=dice)
    jack = of_kind(ev, "flight_cards_recovered")[0]
    assert jack.roll == 4 and sorted(jack.recovered) == [9, 10] and jack.deck == tuple(new_order)
    # A9: the pick was made from the pile as it stood: this turn's 3 was not in it yet.
    assert ("sample", (4, (9, 10))) in dice.asked
    assert kinds(ev).index("flight_cards_recovered") < kinds(ev).index("turn_ended")
    assert s.discards["marine"] == [3]
    assert s.hands["marine"] == [1, 2, 10]  # refilled from the top of the reshuffled deck
    assert s.decks["marine"] == new_order[1:]


def test_t12_equal_cards_leave_the_pursuit_die() -> None:
    """T12 (DC-MAN-5): equal played cards -> pursuit unchanged."""
    s, _ = table(canyon=[10], marine=[5, 1, 2], ork=[5, 1, 3])
    s, _ = act(s, "marine", PlayCard(card=5))
    s, ev = act(s, "ork", PlayCard(card=5), rolls=[1, 1, 1])
    assert s.pursuit == 4
    assert [(e.before, e.after, e.reason) for e in of_kind(ev, "pursuit_changed")] == [(4, 4, "equal")]
