"""Close assault (SHB-3.4, SHB-8.9 .. SHB-8.13, Q6, Q19)."""

from __future__ import annotations

import pytest

from engine.core import Rejected
from engine.spacehulk import RULES
from engine.spacehulk.actions import Assault, Pass, Turn
from tests.engine.helpers import of_kind

from .helpers import G, M, act, scenario


def refused(state, seat: str, action) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(Rejected) as err:
        RULES.decide(state, seat, action, None)  # type: ignore[arg-type]
    return err.value.message_id


def test_assault_target_is_directly_ahead() -> None:
    """SHB-8.9: only the square directly ahead (orthogonal); 1 AP; Genestealers never attack each other."""
    state, ids = scenario("...\n.a.\ng..", a=M("N"), g=G("N"))
    assert refused(state, "marine", Assault(model=ids["a"])) == "spacehulk.assault.nothing"
    state, ids = scenario("gh.", g=G("E"), h=G("W"), phase="stealer")
    assert refused(state, "genestealer", Assault(model=ids["g"])) == "spacehulk.assault.friend"


def test_highest_die_wins_and_several_attacks() -> None:
    """SHB-8.9 / SHB-8.10: Marine 1D6 against 3D6, best die each; attacker higher kills; attack again."""
    state, ids = scenario("ag.", a=M("E"), g=G("E"))
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[5, 2, 4, 1])
    fight = of_kind(events, "assaulted")[0]
    assert (fight.attacker_score, fight.defender_score, fight.result) == (5, 4, "attacker")
    assert ids["g"] not in state.pieces and state.pieces[ids["a"]].ap == 3
    state, ids = scenario("ag.", a=M("E"), g=G("E"))
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[3, 3, 1, 1])  # a tie
    state, _ = act(state, "genestealer", Pass())
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[6, 1, 1, 1])
    assert ids["g"] not in state.pieces and state.pieces[ids["a"]].ap == 2


def test_defender_in_front_kills_the_attacker() -> None:
    """SHB-8.10: the defender rolls higher and the attacker stands in its front square: attacker dies."""
    state, ids = scenario("ga", g=G("E"), a=M("W"), phase="stealer")
    state, events = act(state, "genestealer", Assault(model=ids["g"]), rolls=[1, 2, 3, 4])
    assert of_kind(events, "assaulted")[0].result == "defender" and ids["g"] not in state.pieces


def test_flank_attack_cannot_be_punished_but_defender_may_turn() -> None:
    """SHB-8.10: a defender winning against a side or rear attack only survives, then may turn free."""
    state, ids = scenario("ga", g=G("E"), a=M("N"), phase="stealer")
    state, events = act(state, "genestealer", Assault(model=ids["g"]), rolls=[1, 2, 3, 6])
    assert of_kind(events, "assaulted")[0].result == "defender" and ids["g"] in state.pieces
    assert state.top().kind == "face_attacker" and RULES.active_seats(state) == {"marine"}
    assert RULES.legal_actions(state, "marine") == [
        Turn(model=ids["a"], facing="W", use="free"),
        Pass(),
    ]
    state, _ = act(state, "marine", Turn(model=ids["a"], facing="W", use="free"))
    assert state.pieces[ids["a"]].facing == "W" and state.pieces[ids["a"]].ap == 4


def test_tie_both_survive_and_defender_may_turn() -> None:
    """SHB-8.10 / Q19: on a tie both survive; the defender may turn free (optional, and off by flag)."""
    state, ids = scenario("ag", a=M("E"), g=G("N"))
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[4, 4, 1, 2])
    assert of_kind(events, "assaulted")[0].result == "tie" and state.top().kind == "face_attacker"
    state, _ = act(state, "genestealer", Pass())
    assert state.pieces[ids["g"]].facing == "N"
    state, ids = scenario("ag", a=M("E"), g=G("N"), options={"defender_turns_on_tie": False})
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[4, 4, 1, 2])
    assert state.top() is None


def test_overwatch_lost_when_assaulted() -> None:
    """SHB-8.11: a Marine on overwatch who is attacked in close assault loses overwatch."""
    state, ids = scenario("ga", g=G("E"), a=M("W", overwatch=True), phase="stealer")
    state, events = act(state, "genestealer", Assault(model=ids["g"]), rolls=[1, 2, 3, 3])
    assert of_kind(events, "overwatch_ended")[0].reason == "assaulted"
    assert not state.pieces[ids["a"]].overwatch


@pytest.mark.parametrize(
    ("options", "marine_at", "dice"),
    [
        ({}, "rear", 3),
        ({"stealer_flank_dice": 2}, "rear", 2),
        ({"stealer_flank_dice": 2}, "side", 3),
        ({"stealer_flank_dice": 2, "stealer_flank_from": "side_or_rear"}, "side", 2),
    ],
)
def test_stealer_dice_from_the_flank(options: dict, marine_at: str, dice: int) -> None:
    """SHB-8.12 / Q6: a Genestealer attacked from outside its front rolls 3 dice, or 2 with the Sulk flag."""
    facing = {"rear": "E", "side": "N"}[marine_at]  # the Marine stands west of the Genestealer
    state, ids = scenario("ag", a=M("E"), g=G(facing), options=options)
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[6] + [1] * dice)
    assert len(of_kind(events, "assaulted")[0].defender_dice) == dice


def test_attacking_doors() -> None:
    """SHB-8.13: a Marine needs a 6 on 1D6 (a sergeant 5+), a Genestealer a 6 on any of 3D6."""
    state, ids = scenario("aD.", a=M("E"))
    state, _ = act(state, "marine", Assault(model=ids["a"]), rolls=[5])
    assert state.doors == ["closed"]
    state, ids = scenario("aD.", a=M("E", sergeant=True))
    state, _ = act(state, "marine", Assault(model=ids["a"]), rolls=[5])
    assert state.doors == ["destroyed"]
    state, ids = scenario("gD.", g=G("E"), phase="stealer")
    state, _ = act(state, "genestealer", Assault(model=ids["g"]), rolls=[1, 6, 2])
    assert state.doors == ["destroyed"]


def test_sergeant_bonus() -> None:
    """SHB-3.4: a sergeant adds +1 to his close-assault die, attacking or defending."""
    state, ids = scenario("ag", a=M("E", sergeant=True), g=G("W"))
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[5, 5, 1, 1])
    assert of_kind(events, "assaulted")[0].attacker_score == 6 and ids["g"] not in state.pieces
    state, ids = scenario("ga", g=G("E"), a=M("W", sergeant=True), phase="stealer")
    state, events = act(state, "genestealer", Assault(model=ids["g"]), rolls=[5, 1, 1, 5])
    assert of_kind(events, "assaulted")[0].result == "defender" and ids["g"] not in state.pieces


def test_marine_who_turns_to_face_may_then_spend_cp() -> None:
    """SHB-8.10 [3e clarification]: a Marine attacked from the rear who survives and turns may then use CP."""
    state, ids = scenario("ga", g=G("E"), a=M("E"), phase="stealer", cp=1)
    state, events = act(state, "genestealer", Assault(model=ids["g"]), rolls=[1, 2, 3, 3])  # a tie
    assert state.top().kind == "face_attacker"
    state, _ = act(state, "marine", Turn(model=ids["a"], facing="W", use="free"))
    assert state.top().kind == "interrupt"  # he did not see the attack coming, but sees the attacker now
    state, events = act(state, "marine", Assault(model=ids["a"], use="cp"), rolls=[6, 1, 1, 1])
    assert ids["g"] not in state.pieces and state.cp == 0


def test_free_turn_to_face_carries_no_shot() -> None:
    """SHB-8.10 / SHB-4.3: the defender's free turn is only a turn; it cannot be a turn and fire."""
    state, ids = scenario("ga", g=G("E"), a=M("N"), phase="stealer", options={"turn_and_fire": True})
    state, _ = act(state, "genestealer", Assault(model=ids["g"]), rolls=[1, 2, 3, 6])
    assert state.top().kind == "face_attacker"
    free_fire = Turn(model=ids["a"], facing="W", fire=True, use="free")
    assert refused(state, "marine", free_fire) == "spacehulk.face_no_fire"
