"""Canyon of Death rules, one test (or a few) per DC-* rule ID."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.canyon import RULES, CanyonOptions
from engine.canyon.actions import ChooseRoute, PlayCard, ResolveHit, TakeAllHits
from engine.core import Dice, Rejected, new_game, step
from tests.engine.canyon.helpers import act, move_to_discard, play, table, view
from tests.engine.helpers import kinds, of_kind


def rejected(state, seat, action) -> Rejected:  # type: ignore[no-untyped-def]
    # Through the driver: `core.step` refuses a finished game or a seat out of turn before `decide`.
    with pytest.raises(Rejected) as info:
        step(RULES, state, seat, action)
    return info.value


# --- general ---------------------------------------------------------------------------------


def test_aces_count_one_as_canyon_and_damage_card() -> None:
    """DC-GEN-1: a canyon Ace is a hazard of 1; a damage Ace adds 1."""
    s, _ = table(canyon=[1], marine=[2, 3, 4], ork=[1, 5, 6], damage=[1])
    s, _ = act(s, "marine", PlayCard(card=2))
    s, ev = act(s, "ork", PlayCard(card=1))
    hazard = of_kind(ev, "hazard_resolved")[0]
    assert (hazard.marine_hits, hazard.ork_hits) == (1, 0)
    s, ev = act(s, "marine", ResolveHit(choice="damage"), rolls=[1, 1, 1])
    assert s.damage["marine"] == 1


def test_game_ends_immediately_when_a_win_condition_is_met() -> None:
    """DC-GEN-3: the Dakkajet destroyed by a hazard: no Advance, no Shoot, nothing after."""
    s, _ = table(canyon=[1], marine=[1, 2, 3], ork=[10, 5, 6], damage=[10, 9, 8])
    s, _ = act(s, "marine", PlayCard(card=1))
    s, _ = act(s, "ork", PlayCard(card=10))
    s, _ = act(s, "ork", ResolveHit(choice="damage"))
    s, _ = act(s, "ork", ResolveHit(choice="damage"))
    s, ev = act(s, "ork", ResolveHit(choice="damage"))
    assert kinds(ev) == ["damage_drawn", "ship_destroyed", "game_ended"]
    assert s.winners == ["marine"] and s.reason == "canyon.end.dakkajet_destroyed"
    assert RULES.active_seats(s) == frozenset() and RULES.outcome(s) is not None
    assert rejected(s, "marine", PlayCard(card=2)).message_id == "core.game_over"


# --- setup -----------------------------------------------------------------------------------


def test_setup_decks() -> None:
    """DC-SET-1: 13 spades in the canyon, 13 hearts of damage, A-10 of each Flight suit."""
    s, _ = new_game(RULES, None, 3)
    canyon = [c for row in s.canyon for c in row] + s.removed
    assert sorted(canyon) == list(range(1, 14))
    assert sorted(s.damage_deck) == list(range(1, 14))
    for seat in ("marine", "ork"):
        assert sorted(s.hands[seat] + s.decks[seat]) == list(range(1, 11))


def test_setup_removes_unused_canyon_cards_unseen() -> None:
    """DC-SET-2: only the layout's 11 slots are dealt; 2 removed, in no view; the layout is validated."""
    s, events = new_game(RULES, None, 5)
    assert [len(row) for row in s.canyon] == [1, 1, 2, 1, 2, 1, 2, 1] and len(s.removed) == 2
    for seat in (None, "marine", "ork"):
        v = view(s, seat)
        assert v.removed_unseen == 2
        shown = {x.value for st in v.steps for x in st.slots if x.value is not None}
        assert not shown & set(s.removed)
        created = events[0].redacted_for(seat)
        assert created is not None and created.canyon_deck is None  # the deal order stays secret
    assert of_kind(events, "canyon_dealt")[0].model_dump() == {
        "kind": "canyon_dealt",
        "layout": (1, 1, 2, 1, 2, 1, 2, 1),
        "removed": 2,
    }
    for bad in ([1, 3], [], [2] * 7, [0, 1], [2] * 6 + [1]):  # 13 cards would leave none unseen
        with pytest.raises(ValidationError):
            CanyonOptions(canyon_layout=bad)
    assert CanyonOptions(canyon_layout=[2] * 6).canyon_layout == (2,) * 6


def test_setup_pursuit_die_and_distance() -> None:
    """DC-SET-3: pursuit die 4, Dakkajet 4 inches behind."""
    s, _ = new_game(RULES, None, 1)
    assert s.pursuit == 4 and view(s, None).dakkajet_distance_in == 4


def test_damage_deck_shuffled_and_shared() -> None:
    """DC-SET-4: one shuffled Damage deck; both ships draw from its top in turn."""
    orders = {tuple(new_game(RULES, None, seed)[0].damage_deck) for seed in range(5)}
    assert len(orders) > 1
    s, _ = table(canyon=[1], marine=[3, 1, 2], ork=[2, 4, 5], damage=[4, 6, 7])
    s, _ = act(s, "marine", PlayCard(card=3))
    s, _ = act(s, "ork", PlayCard(card=2))  # both hit by the Ace: Marine 2, Ork 1
    s, _ = act(s, "marine", ResolveHit(choice="damage"))
    s, _ = act(s, "marine", ResolveHit(choice="damage"))
    s, _ = act(s, "ork", ResolveHit(choice="damage"), rolls=[1, 1, 1])
    assert s.damage_cards == {"marine": [4, 6], "ork": [7]}


def test_hands_of_three_hidden_from_the_opponent() -> None:
    """DC-SET-5: each player draws a hidden hand of 3 from a shuffled Flight deck."""
    s, events = new_game(RULES, None, 9)
    assert len(s.hands["marine"]) == len(s.hands["ork"]) == 3
    assert view(s, "marine").hand == tuple(sorted(s.hands["marine"]))
    assert view(s, "ork").hand == tuple(sorted(s.hands["ork"]))
    assert view(s, "ork").marine.hand_count == 3 and view(s, None).hand is None
    drawn = of_kind(events, "cards_drawn")
    assert drawn[0].redacted_for("ork").cards is None and drawn[0].redacted_for("marine").cards is not None


# --- navigate --------------------------------------------------------------------------------


def test_marine_looks_at_the_next_step_only() -> None:
    """DC-NAV-1: the Marine sees the next card, nobody else does, and not the steps beyond."""
    s, events = table(canyon=[6, 8], marine=[1, 2, 3], ork=[1, 2, 3])
    marine = view(s, "marine")
    assert marine.preview == (6,)
    assert marine.steps[0].slots[0].status == "previewed" and marine.steps[1].slots[0].status == "hidden"
    for seat in ("ork", None):
        v = view(s, seat)
        assert v.preview is None and v.steps[0].slots[0].value is None
    preview = of_kind(events, "canyon_previewed")[0]
    assert preview.redacted_for("marine").cards == (6,)
    assert preview.redacted_for("ork").cards is None and preview.redacted_for(None).cards is None


def test_fork_choice_discards_the_other_card_publicly() -> None:
    """DC-NAV-2: both fork cards seen by the Marine; the other revealed and discarded; chosen stays hidden."""
    s, _ = table(canyon=[4, 9, 3], marine=[1, 2, 3], ork=[1, 2, 3], layout=[2, 1])
    assert s.phase == "navigate" and RULES.legal_actions(s, "marine") == [
        ChooseRoute(route=0),
        ChooseRoute(route=1),
    ]
    refusal = rejected(s, "marine", PlayCard(card=1))  # the refusal says what to do instead
    assert refusal.message_id == "canyon.now.route" and "route A or route B" in refusal.text
    assert rejected(s, "marine", ChooseRoute(route=2)).message_id == "canyon.bad_route"
    assert rejected(s, "ork", ChooseRoute(route=0)).message_id == "core.not_your_turn"
    s, ev = act(s, "marine", ChooseRoute(route=1))
    assert of_kind(ev, "route_chosen")[0].discarded == 4
    for seat in ("ork", None):
        slots = view(s, seat).steps[0].slots
        assert (slots[0].status, slots[0].value) == ("discarded", 4) and slots[1].status == "hidden"
    assert view(s, "marine").preview == (9,) and view(s, None).steps[0].route == 1
    assert rejected(s, "marine", ChooseRoute(route=0)).message_id == "canyon.no_fork"
    # Two forks in a row: each step keeps the route flown there.
    s, _ = table(canyon=[4, 9, 8, 3], marine=[1, 2, 3], ork=[1, 2, 3], layout=[2, 2])
    s, _ = act(s, "marine", ChooseRoute(route=1))
    s, _ = act(s, "marine", PlayCard(card=1))
    s, _ = act(s, "ork", PlayCard(card=1), rolls=[1, 1, 1])
    s, _ = act(s, "marine", ChooseRoute(route=0))
    for seat in ("marine", "ork", None):
        assert [st.route for st in view(s, seat).steps] == [1, 0]


def test_single_card_needs_no_choice() -> None:
    """DC-NAV-3: one card ahead: the Marine just looks and goes straight to Maneuver."""
    s, _ = table(canyon=[4], marine=[1, 2, 3], ork=[1, 2, 3])
    assert s.phase == "marine_play" and view(s, "marine").preview == (4,)
    assert all(isinstance(a, PlayCard) for a in RULES.legal_actions(s, "marine"))


# --- maneuver --------------------------------------------------------------------------------


def test_marine_plays_one_card_from_hand_first() -> None:
    """DC-MAN-1: exactly one card from the Marine's hand, face up; the Ork waits."""
    s, _ = table(canyon=[9], marine=[1, 2, 3], ork=[4, 5, 6])
    assert RULES.active_seats(s) == {"marine"}
    assert RULES.legal_actions(s, "marine") == [PlayCard(card=1), PlayCard(card=2), PlayCard(card=3)]
    assert RULES.legal_actions(s, "ork") == []
    err = rejected(s, "marine", PlayCard(card=7))
    assert err.message_id == "canyon.not_in_hand" and "7♦" in err.text
    assert rejected(s, "ork", PlayCard(card=4)).message_id == "core.not_your_turn"
    s, ev = act(s, "marine", PlayCard(card=2))
    assert kinds(ev) == ["card_played"] and s.hands["marine"] == [1, 3]
    assert view(s, None).marine.played == 2


def test_ork_plays_having_seen_the_marine_card() -> None:
    """DC-MAN-2: after the Marine's card is public the Ork plays one of its own."""
    s, _ = table(canyon=[9], marine=[1, 2, 3], ork=[4, 5, 6])
    s, _ = act(s, "marine", PlayCard(card=3))
    assert RULES.active_seats(s) == {"ork"} and view(s, "ork").marine.played == 3
    assert rejected(s, "ork", PlayCard(card=1)).message_id == "canyon.not_in_hand"
    assert rejected(s, "marine", PlayCard(card=1)).message_id == "core.not_your_turn"
    s, ev = act(s, "ork", PlayCard(card=5), rolls=[1, 1, 1])
    assert of_kind(ev, "card_played")[0].card == 5


@pytest.mark.parametrize(
    ("marine", "ork", "after", "reason", "rule"),
    [
        (3, 5, 3, "ork_higher", "DC-MAN-3"),
        (5, 3, 5, "ork_lower", "DC-MAN-4"),
        (4, 4, 4, "equal", "DC-MAN-5"),
    ],
)
def test_pursuit_die_after_maneuver(marine: int, ork: int, after: int, reason: str, rule: str) -> None:
    """DC-MAN-3 (Ork higher -1), DC-MAN-4 (Ork lower +1), DC-MAN-5 (equal: no change)."""
    s, _ = table(canyon=[10], marine=[marine, 1, 2], ork=[ork, 1, 2])
    s, _ = act(s, "marine", PlayCard(card=marine))
    s, ev = act(s, "ork", PlayCard(card=ork), rolls=[1, 1, 1])
    change = of_kind(ev, "pursuit_changed")[0]
    assert (change.before, change.after, change.reason) == (4, after, reason) and s.pursuit == after


def test_ork_crashes_without_cards() -> None:
    """DC-MAN-6, DC-WIN-1: the Ork must play after the Marine but has no card: the Marine wins."""
    s, _ = table(canyon=[10, 9], marine=[4, 1, 2], ork=[3, 1, 2])
    s = move_to_discard(s, "ork", [c for c in range(1, 11) if c != 3])
    s, _ = act(s, "marine", PlayCard(card=4))
    s, _ = act(s, "ork", PlayCard(card=3), rolls=[1, 1, 1])
    assert s.phase == "marine_play"
    s, ev = act(s, "marine", PlayCard(card=1))
    assert kinds(ev) == ["card_played", "game_ended"]
    assert s.winners == ["marine"] and s.reason == "canyon.end.ork_crashed"


def test_marine_crash_checked_first() -> None:
    """DC-MAN-6: both hands empty -> the Marine is checked first, so the Ork wins."""
    s, _ = table(canyon=[10, 9], marine=[4, 1, 2], ork=[3, 1, 2])
    s = move_to_discard(s, "ork", [c for c in range(1, 11) if c != 3])
    s = move_to_discard(s, "marine", [c for c in range(1, 11) if c != 4])
    s, _ = act(s, "marine", PlayCard(card=4))
    s, _ = act(s, "ork", PlayCard(card=3), rolls=[1, 1, 1])
    assert s.winners == ["ork"] and s.reason == "canyon.end.marine_crashed"


def test_canyon_card_revealed_after_the_pursuit_change() -> None:
    """DC-MAN-7: pursuit die first, then the canyon card is revealed to both and resolved."""
    s, _ = table(canyon=[9], marine=[1, 2, 3], ork=[4, 5, 6])
    s, _ = act(s, "marine", PlayCard(card=1))
    s, ev = act(s, "ork", PlayCard(card=4), rolls=[1, 1, 1])
    assert kinds(ev)[:4] == ["card_played", "pursuit_changed", "canyon_revealed", "hazard_resolved"]
    for seat in ("ork", None, "marine"):
        assert view(s, seat).steps[0].slots[0].model_dump() == {"status": "revealed", "value": 9}


# --- canyon cards ----------------------------------------------------------------------------


def test_hazard_hits_each_ship_by_its_own_card() -> None:
    """DC-CAN-1: hits = played - canyon for each ship; equal or lower is safe."""
    s, _ = table(canyon=[5], marine=[5, 1, 2], ork=[8, 1, 2])
    s, _ = act(s, "marine", PlayCard(card=5))
    s, ev = act(s, "ork", PlayCard(card=8))
    hazard = of_kind(ev, "hazard_resolved")[0]
    assert (hazard.marine_hits, hazard.ork_hits) == (0, 3)
    assert [(h.seat, h.hits, h.source) for h in of_kind(ev, "hits_received")] == [("ork", 3, "hazard")]


def test_stormtalon_resolves_hazard_hits_first() -> None:
    """DC-CAN-2: Stormtalon first; destroyed -> the Ork wins and the Dakkajet's hits are dropped."""
    s, _ = table(canyon=[1], marine=[10, 2, 3], ork=[9, 2, 3], damage=[10, 9, 8])
    s.damage["marine"] = 1
    s, _ = act(s, "marine", PlayCard(card=10))
    s, ev = act(s, "ork", PlayCard(card=9))
    assert s.pending == [("marine", 9, "hazard"), ("ork", 8, "hazard")]
    assert RULES.active_seats(s) == {"marine"}
    assert RULES.legal_actions(s, "ork") == []
    s, _ = act(s, "marine", ResolveHit(choice="damage"))
    s, ev = act(s, "marine", ResolveHit(choice="damage"))
    assert s.damage["marine"] == 20 and s.winners == ["ork"]
    assert s.damage["ork"] == 0 and s.pending == []


def test_hazard_order_flag_swaps_the_order() -> None:
    """DC-CAN-2 (A6 flag): with hazard_order=dakkajet_first the Ork resolves first."""
    s, _ = table(canyon=[1], marine=[10, 2, 3], ork=[9, 2, 3], hazard_order="dakkajet_first")
    s, _ = act(s, "marine", PlayCard(card=10))
    s, _ = act(s, "ork", PlayCard(card=9))
    assert s.pending == [("ork", 8, "hazard"), ("marine", 9, "hazard")]
    assert RULES.active_seats(s) == {"ork"}


def test_jack_wide_area_for_each_player() -> None:
    """DC-CAN-3: each player rolls, recovers that many random discards, reshuffles the whole deck."""
    s, _ = table(canyon=[11], marine=[3, 1, 2], ork=[3, 1, 2])
    s = move_to_discard(s, "marine", [8, 9, 10])
    s = move_to_discard(s, "ork", [10])
    s, _ = act(s, "marine", PlayCard(card=3))
    m_order, o_order = [9, 4, 5, 6, 7, 8], [4, 5, 6, 7, 8, 9, 10]
    s, ev = act(
        s, "ork", PlayCard(card=3), rolls=[2, 5, 1, 1, 1], samples=[[9, 8], [10]], shuffles=[m_order, o_order]
    )
    jack = of_kind(ev, "flight_cards_recovered")
    assert [(j.seat, j.roll, j.recovered, j.deck_count) for j in jack] == [
        ("marine", 2, (9, 8), 6),
        ("ork", 5, (10,), 7),
    ]
    assert "hits_received" not in kinds(ev)
    assert jack[0].redacted_for("marine").deck is None  # nobody sees a deck order
    assert s.discards["marine"] == [10, 3]


def test_queen_icarus_can_destroy_the_dakkajet() -> None:
    """DC-CAN-4 (A16): Icarus hits destroy the Dakkajet: the Marine wins before Advance and Shoot."""
    s, _ = table(canyon=[12], marine=[3, 1, 2], ork=[3, 1, 2], damage=[10, 9])
    s.damage["ork"] = 5
    s, _ = act(s, "marine", PlayCard(card=3))
    s, ev = act(s, "ork", PlayCard(card=3), rolls=[5, 5, 4, 4])
    assert "hazard_resolved" not in kinds(ev)
    s, ev = act(s, "ork", TakeAllHits())
    assert kinds(ev) == ["damage_drawn", "damage_drawn", "ship_destroyed", "game_ended"]
    assert s.winners == ["marine"] and s.step == 0


def test_queen_without_hits_changes_nothing() -> None:
    """DC-CAN-4: no 5+ -> no hit and no pursuit change from DC-HIT-6."""
    s, _ = table(canyon=[12], marine=[3, 1, 2], ork=[3, 1, 2])
    s, _ = act(s, "marine", PlayCard(card=3))
    s, ev = act(s, "ork", PlayCard(card=3), rolls=[4, 4, 1, 2, 1, 1, 1])
    assert of_kind(ev, "icarus_fired")[0].hits == 0 and len(of_kind(ev, "pursuit_changed")) == 1


def test_king_discards_from_the_flight_decks() -> None:
    """DC-CAN-5: each rolls and discards that many cards from the top of the Flight deck."""
    s, _ = table(canyon=[13], marine=[3, 1, 2, 4, 5, 6], ork=[3, 1, 2, 7, 8])
    s, _ = act(s, "marine", PlayCard(card=3))
    s, ev = act(s, "ork", PlayCard(card=3), rolls=[3, 2, 1, 1, 1])
    king = of_kind(ev, "flight_cards_discarded")
    assert [(k.seat, k.discarded) for k in king] == [("marine", (4, 5, 6)), ("ork", (7, 8))]
    assert s.discards["marine"] == [4, 5, 6, 3] and s.discards["ork"] == [7, 8, 3]


@pytest.mark.parametrize("face", [11, 12, 13])
def test_face_canyon_cards_never_cause_hazard_hits(face: int) -> None:
    """DC-CAN-6: J/Q/K cause no hazard hits whatever was played; the pursuit change still applies."""
    s, _ = table(canyon=[face], marine=[10, 1, 2], ork=[9, 1, 2])
    s, _ = act(s, "marine", PlayCard(card=10))
    rolls = {11: [1, 1, 1, 1, 1], 12: [1, 1, 1, 1, 1, 1, 1], 13: [1, 1, 1, 1, 1]}[face]
    s, ev = act(
        s,
        "ork",
        PlayCard(card=9),
        rolls=rolls,
        samples=[[], []] if face == 11 else [],
        shuffles=[list(s.decks["marine"]), list(s.decks["ork"])] if face == 11 else [],
    )
    assert "hazard_resolved" not in kinds(ev)
    assert not [h for h in of_kind(ev, "hits_received") if h.source == "hazard"]
    assert of_kind(ev, "pursuit_changed")[0].reason == "ork_lower" and s.pursuit == 5


# --- advance and shoot -----------------------------------------------------------------------


def test_advance_to_the_next_step() -> None:
    """DC-ADV-1: after resolution the Stormtalon moves to the next step; its preview ends there."""
    s, _ = table(canyon=[9, 2, 5, 6], marine=[1, 2, 3], ork=[1, 2, 3], layout=[1, 2, 1])
    s, ev = act(s, "marine", PlayCard(card=1))
    s, ev = act(s, "ork", PlayCard(card=1), rolls=[1, 1, 1])
    assert of_kind(ev, "stormtalon_advanced")[0].step == 1 and s.step == 1
    assert view(s, "marine").preview == (2, 5) and s.phase == "navigate"  # next turn's Navigate
    # Shot at after advancing: the resolved step's preview is over, the next one not yet looked at.
    s, _ = table(canyon=[9, 2, 5, 6], marine=[1, 2, 3], ork=[1, 2, 3], layout=[1, 2, 1])
    s, _ = act(s, "marine", PlayCard(card=1))
    s, _ = act(s, "ork", PlayCard(card=1), rolls=[6, 1, 1])
    assert s.phase == "hits" and s.step == 1
    assert s.previewed is None and view(s, "marine").preview is None
    assert [x.status for x in view(s, "marine").steps[1].slots] == ["hidden", "hidden"]


def test_leaving_the_canyon_still_faces_the_shoot() -> None:
    """DC-ADV-2, DC-SHO-1, DC-SHO-3: out of the canyon, shot down in that turn's Shoot -> Ork wins."""
    s, _ = table(canyon=[10], marine=[3, 1, 2], ork=[3, 1, 2], damage=[10, 9], layout=[1])
    s.damage["marine"] = 5
    s, _ = act(s, "marine", PlayCard(card=3))
    s, ev = act(s, "ork", PlayCard(card=3), rolls=[6, 5, 1])
    assert of_kind(ev, "stormtalon_advanced")[0].out and of_kind(ev, "shots_fired")[0].hits == 2
    s, _ = act(s, "marine", ResolveHit(choice="damage"))
    s, ev = act(s, "marine", ResolveHit(choice="damage"))
    assert s.winners == ["ork"] and s.reason == "canyon.end.stormtalon_destroyed"


def test_dakkajet_distance_follows_the_pursuit_die() -> None:
    """DC-ADV-3: the Dakkajet sits pursuit-die inches behind the Stormtalon."""
    s, _ = table(canyon=[10], marine=[6, 1, 2], ork=[3, 1, 2])
    s, _ = act(s, "marine", PlayCard(card=6))
    s, _ = act(s, "ork", PlayCard(card=3), rolls=[1, 1, 1])
    assert view(s, None).dakkajet_distance_in == s.pursuit == 5


@pytest.mark.parametrize(
    ("pursuit", "dice", "hits"), [(1, [1, 1, 2], 3), (6, [5, 6, 5], 1), (3, [2, 3, 4], 2), (4, [1, 2, 3], 0)]
)
def test_shoot_hits_on_dice_at_or_above_the_pursuit_die(pursuit: int, dice: list[int], hits: int) -> None:
    """DC-SHO-1 (3 dice), DC-SHO-2 (each die >= pursuit is a hit)."""
    s, _ = table(canyon=[10], marine=[3, 1, 2], ork=[3, 1, 2])
    s.pursuit = pursuit
    s, _ = act(s, "marine", PlayCard(card=3))
    s, ev = act(s, "ork", PlayCard(card=3), rolls=dice)
    shot = of_kind(ev, "shots_fired")[0]
    assert shot.dice == tuple(dice) and shot.hits == hits and len(shot.dice) == 3
    assert s.pending == ([("marine", hits, "shoot")] if hits else [])


# --- hits and damage -------------------------------------------------------------------------


def test_each_hit_is_the_owners_choice() -> None:
    """DC-HIT-1: per hit, the owner discards a random hand card or draws damage; one decision each."""
    s, _ = table(canyon=[10], marine=[3, 1, 2], ork=[3, 1, 2], damage=[2, 3])
    s, _ = act(s, "marine", PlayCard(card=3))
    s, _ = act(s, "ork", PlayCard(card=3), rolls=[6, 6, 1])
    assert RULES.active_seats(s) == {"marine"}
    assert RULES.legal_actions(s, "marine") == [
        ResolveHit(choice="discard"),
        ResolveHit(choice="damage"),
        TakeAllHits(),
    ]
    assert rejected(s, "ork", ResolveHit(choice="damage")).message_id == "core.not_your_turn"
    early = rejected(s, "marine", PlayCard(card=1))  # no card play before the hits are resolved
    assert early.message_id == "canyon.now.hits" and early.params == {"hits": 2}
    assert early.text == "First resolve the hits on your ship: 2 left."
    s, ev = act(s, "marine", ResolveHit(choice="discard"), indices=[1])
    assert of_kind(ev, "hit_absorbed")[0].card == 2 and s.hands["marine"] == [1]
    assert RULES.legal_actions(s, "marine") == [ResolveHit(choice="discard"), ResolveHit(choice="damage")]
    s2 = move_to_discard(s, "marine", [1])
    assert RULES.legal_actions(s2, "marine") == [ResolveHit(choice="damage")]
    assert rejected(s2, "marine", ResolveHit(choice="discard")).message_id == "canyon.hand_empty"
    s, ev = act(s, "marine", ResolveHit(choice="damage"))
    assert s.damage["marine"] == 2 and s.turn == 2
    assert rejected(s, "marine", ResolveHit(choice="damage")).message_id == "canyon.no_hits"
    assert rejected(s, "marine", TakeAllHits()).message_id == "canyon.no_hits"


def test_numbered_damage_adds_its_value() -> None:
    """DC-HIT-2: a numbered card adds its value (times any pending multiplier)."""
    s, _ = table(canyon=[10], marine=[3, 1, 2], ork=[3, 1, 2], damage=[7, 4])
    s, _ = act(s, "marine", PlayCard(card=3))
    s, _ = act(s, "ork", PlayCard(card=3), rolls=[6, 6, 1])
    s, ev = act(s, "marine", TakeAllHits(), rolls=[])
    assert [(d.card, d.damage, d.total) for d in of_kind(ev, "damage_drawn")] == [(7, 7, 7), (4, 4, 11)]


def test_destroyed_at_twenty_and_remaining_hits_ignored() -> None:
    """DC-HIT-3: 10 + 9 + 3 = 22 after 3 of 5 hits: destroyed, the other 2 hits are ignored."""
    s, _ = table(canyon=[2], marine=[1, 2, 3], ork=[7, 1, 2], damage=[10, 9, 3, 4, 5])
    s, _ = act(s, "marine", PlayCard(card=1))
    s, _ = act(s, "ork", PlayCard(card=7))
    assert s.pending == [("ork", 5, "hazard")]
    s, ev = act(s, "ork", TakeAllHits())
    assert [d.card for d in of_kind(ev, "damage_drawn")] == [10, 9, 3]
    assert s.damage["ork"] == 22 and s.pending == [] and s.winners == ["marine"]
    assert view(s, None).ork.destroyed


def test_face_damage_waits_for_a_later_hit() -> None:
    """DC-HIT-4, DC-HIT-5: a face card doubles only later numbered cards, even a turn later."""
    s, _ = table(canyon=[10, 10 - 1], marine=[3, 1, 2], ork=[3, 1, 2], damage=[13, 6])
    s, _ = act(s, "marine", PlayCard(card=3))
    s, _ = act(s, "ork", PlayCard(card=3), rolls=[6, 1, 1])
    s, ev = act(s, "marine", ResolveHit(choice="damage"))
    assert of_kind(ev, "damage_drawn")[0].multiplier == 2 and s.damage["marine"] == 0
    assert len(s.damage_deck) == 12  # no extra card drawn to use it up
    assert view(s, "ork").marine.pending_multiplier == 2
    s, _ = act(s, "marine", PlayCard(card=1))
    s, _ = act(s, "ork", PlayCard(card=1), rolls=[6, 1, 1])
    s, ev = act(s, "marine", ResolveHit(choice="damage"))
    assert of_kind(ev, "damage_drawn")[0].damage == 12 and view(s, None).marine.pending_multiplier == 1


def test_three_face_cards_compound_to_times_eight() -> None:
    """DC-HIT-4 (A8): doubling compounds: J, Q, K pending make the next numbered card x8 (2 -> 16)."""
    s, _ = table(canyon=[1], marine=[5, 2, 3], ork=[1, 2, 3], damage=[11, 12, 13, 2])
    s, _ = act(s, "marine", PlayCard(card=5))
    s, _ = act(s, "ork", PlayCard(card=1))
    assert s.pending == [("marine", 4, "hazard")]
    s, ev = act(s, "marine", TakeAllHits(), rolls=[1, 1, 1])
    assert [(d.card, d.multiplier, d.damage) for d in of_kind(ev, "damage_drawn")] == [
        (11, 2, 0),
        (12, 4, 0),
        (13, 8, 0),
        (2, 8, 16),
    ]
    assert s.damage["marine"] == 16 and view(s, None).marine.pending_multiplier == 1


def test_dakkajet_hit_raises_the_pursuit_die_once_per_occasion() -> None:
    """DC-HIT-6 (A7): +1 once per hazard, even if every hit is absorbed by discards; none for the Marine."""
    s, _ = table(canyon=[1], marine=[3, 1, 2], ork=[4, 5, 6])
    s, _ = act(s, "marine", PlayCard(card=3))
    s, ev = act(s, "ork", PlayCard(card=4))  # Ork higher: 4 -> 3; then 3 hits on the Ork: +1 -> 4
    changes = [(c.before, c.after, c.reason) for c in of_kind(ev, "pursuit_changed")]
    assert changes == [(4, 3, "ork_higher"), (3, 4, "dakkajet_hit")]
    assert s.pending == [("marine", 2, "hazard"), ("ork", 3, "hazard")]
    s, _ = act(s, "marine", ResolveHit(choice="discard"), indices=[0])
    s, ev = act(s, "marine", ResolveHit(choice="discard"), indices=[0])
    assert not of_kind(ev, "pursuit_changed")  # hits on the Stormtalon never move the die
    s, _ = act(s, "ork", ResolveHit(choice="discard"), indices=[0])
    s, _ = act(s, "ork", ResolveHit(choice="discard"), indices=[0])
    s, ev = act(s, "ork", TakeAllHits(), rolls=[1, 1, 1])
    assert s.pursuit == 4 and not of_kind(ev, "pursuit_changed")
    s.pursuit = 6
    s2, _ = table(canyon=[1], marine=[1, 2, 3], ork=[2, 5, 6])
    s2.pursuit = 6
    s2, _ = act(s2, "marine", PlayCard(card=1))
    s2, ev = act(s2, "ork", PlayCard(card=2))
    assert [(c.before, c.after) for c in of_kind(ev, "pursuit_changed")] == [(6, 5), (5, 6)]


def test_discarded_and_played_cards_go_face_up_to_their_owners_pile() -> None:
    """DC-HIT-7: hit discards, King discards and played cards are public, in the owner's pile."""
    s, _ = table(canyon=[13, 10], marine=[3, 1, 2, 7], ork=[3, 1, 2, 8])
    s, _ = act(s, "marine", PlayCard(card=3))
    s, _ = act(s, "ork", PlayCard(card=3), rolls=[1, 1, 6, 6, 1])
    assert s.discards == {"marine": [7], "ork": [8]}
    s, _ = act(s, "marine", ResolveHit(choice="discard"), indices=[0])
    s, _ = act(s, "marine", ResolveHit(choice="discard"), indices=[0])
    assert s.discards["marine"] == [7, 1, 2, 3] and s.discards["ork"] == [8, 3]
    assert view(s, "ork").marine.discard == (7, 1, 2, 3) and view(s, None).ork.discard == (8, 3)


def test_damage_deck_never_runs_dry_while_both_survive() -> None:
    """DC-HIT-8: numbered total 55 > 2 x 19, so a numbered damage card always remains."""
    for seed in range(300):
        s, _ = new_game(RULES, None, seed)
        dice = Dice(seed, 1)
        while RULES.outcome(s) is None:
            seat = next(iter(RULES.active_seats(s)))
            legal = RULES.legal_actions(s, seat)
            damage = ResolveHit(choice="damage")
            action = damage if damage in legal else legal[dice.index(len(legal))]
            s = play(s, seat, action)
            if max(s.damage.values()) < 20:
                assert any(c <= 10 for c in s.damage_deck)


# --- end of turn -----------------------------------------------------------------------------


def test_end_of_turn_discards_played_cards_and_refills() -> None:
    """DC-END-2, DC-END-3: played cards to the discard piles, hands back to 3 (or what is left)."""
    s, _ = table(canyon=[10, 9], marine=[3, 1, 2, 4], ork=[3, 1, 2, 5])
    s = move_to_discard(s, "ork", [6, 7, 8, 9, 10, 4])
    assert s.decks["ork"] == [5]
    s, _ = act(s, "marine", PlayCard(card=3))
    s, ev = act(s, "ork", PlayCard(card=3), rolls=[6, 6, 1])
    s, _ = act(s, "marine", ResolveHit(choice="discard"), indices=[0])
    s, ev = act(s, "marine", ResolveHit(choice="discard"), indices=[0])
    ended = of_kind(ev, "turn_ended")[0]
    assert (ended.marine_card, ended.ork_card) == (3, 3)
    assert s.discards["marine"] == [1, 2, 3]
    drawn = {d.seat: d.count for d in of_kind(ev, "cards_drawn")}
    assert drawn == {"marine": 3, "ork": 1}
    assert len(s.hands["marine"]) == 3 and s.hands["ork"] == [1, 2, 5] and s.decks["ork"] == []


def test_escape_wins_at_end_of_turn() -> None:
    """DC-END-1, DC-WIN-1: no card ahead after surviving the Shoot: the Marine escapes."""
    s, _ = table(canyon=[10, 9], marine=[3, 1, 2], ork=[3, 1, 2], layout=[1, 1])
    s, _ = act(s, "marine", PlayCard(card=3))
    s, _ = act(s, "ork", PlayCard(card=3), rolls=[1, 1, 1])
    assert s.phase == "marine_play"
    s, _ = act(s, "marine", PlayCard(card=1))
    s, _ = act(s, "ork", PlayCard(card=2), rolls=[6, 1, 1])
    s, ev = act(s, "marine", ResolveHit(choice="discard"), indices=[0])
    assert kinds(ev)[-1] == "game_ended" and s.winners == ["marine"] and s.reason == "canyon.end.escaped"


def test_every_game_has_exactly_one_winner() -> None:
    """DC-WIN-1, DC-WIN-2, DC-WIN-3: random games end with one winner and a known reason, never a draw."""
    reasons = {
        "marine": {"canyon.end.escaped", "canyon.end.dakkajet_destroyed", "canyon.end.ork_crashed"},
        "ork": {"canyon.end.stormtalon_destroyed", "canyon.end.marine_crashed"},
    }
    seen = set()
    for seed in range(400):
        s, _ = new_game(RULES, None, seed)
        dice = Dice(seed, 99)
        while RULES.outcome(s) is None:
            seat = next(iter(RULES.active_seats(s)))
            legal = RULES.legal_actions(s, seat)
            s = play(s, seat, legal[dice.index(len(legal))])
        out = RULES.outcome(s)
        assert out is not None and len(out.winners) == 1
        assert out.reason in reasons[out.winners[0]]
        seen.add(out.reason)
        assert not (s.damage["marine"] >= 20 and s.damage["ork"] >= 20)
    assert len(seen) >= 4
