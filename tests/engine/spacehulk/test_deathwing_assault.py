"""Deathwing close assault: flank attacks on Genestealers, shooting into a close assault, blocks and the
new close-combat weapons (deathwing.md §2.2, §2.4; worked example T-4)."""

from __future__ import annotations

from typing import Any

from engine.spacehulk import RULES
from engine.spacehulk.actions import Assault, Block, Fire, Pass, SelfDestruct
from engine.spacehulk.weapons import MELEE
from tests.engine.helpers import of_kind

from .helpers import G, M, act, kinds_without_agenda, scenario

DW = {"expansions": ["deathwing"]}


def captain(facing: str = "E", **kw: object) -> dict[str, object]:
    return M(facing, captain=True, melee="power_sword", **kw)


def test_t4_block_can_backfire() -> None:
    """T-4, DW-PS-2: the Captain rolls 3 (+2 = 5) against 2, 3, 5 (a tie); he blocks, the 5 is rerolled
    to a 6 and the Captain dies: the new result stands even if higher."""
    state, ids = scenario("ag", a=captain(), g=G("W"), options=DW)
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[3, 2, 3, 5])
    assert state.top().kind == "block" and not of_kind(events, "assaulted")  # type: ignore[union-attr]
    blocks = [x for x in RULES.legal_actions(state, "marine") if x.kind == "block"]
    assert [x.die for x in blocks] == [0, 1, 2]  # type: ignore[attr-defined]
    state, events = act(state, "marine", Block(model=ids["a"], die=2), rolls=[6])
    assert kinds_without_agenda(events)[:2] == ["blocked", "assaulted"]
    assaulted = of_kind(events, "assaulted")[0]
    assert assaulted.defender_dice == (2, 3, 6) and assaulted.attacker_score == 5
    assert ids["a"] not in state.pieces and ids["g"] in state.pieces


def test_block_wins_and_is_optional() -> None:
    """DW-PS-2, DW-PS-3: one block per close assault, optional; a reroll to 1 turns the tie into a kill."""
    state, ids = scenario("ag", a=captain(), g=G("W"), options=DW)
    state, _ = act(state, "marine", Assault(model=ids["a"]), rolls=[3, 2, 3, 5])
    state, events = act(state, "marine", Block(model=ids["a"], die=2), rolls=[1])
    assert of_kind(events, "assaulted")[0].result == "attacker" and ids["g"] not in state.pieces
    assert state.top() is None  # one block per close assault
    state, ids = scenario("ag", a=captain(), g=G("W"), options=DW)
    state, _ = act(state, "marine", Assault(model=ids["a"]), rolls=[3, 2, 3, 5])
    state, events = act(state, "marine", Pass())
    assert of_kind(events, "assaulted")[0].result == "tie"


def test_no_block_when_already_winning_or_not_facing() -> None:
    """DW-PS-3: blocking needs the Terminator to face the attacker; it is not offered when he already wins."""
    state, ids = scenario("ag", a=captain(), g=G("W"), options=DW)
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[6, 1, 2, 3])
    assert ids["g"] not in state.pieces and state.top() is None
    # attacked from his right side: a power sword cannot block
    state, ids = scenario("a.\ng.", a=captain("E"), g=G("N"), phase="stealer", options=DW)
    state, events = act(state, "genestealer", Assault(model=ids["g"]), rolls=[6, 1, 1, 1])
    assert state.top() is None or state.top().kind != "block"  # type: ignore[union-attr]


def test_power_sword_gives_no_close_assault_bonus() -> None:
    """DW-PS-1: the power sword adds nothing to the roll (a Sergeant with one keeps his own +1)."""
    assert MELEE["power_sword"].assault_bonus == 0 and MELEE["power_sword"].facing_bonus == 0
    state, ids = scenario("ag", a=M("E", sergeant=True, melee="power_sword"), g=G("W"), options=DW)
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[4, 1, 1, 2])
    assert of_kind(events, "assaulted")[0].attacker_score == 5


def stealer_attacks_hammer(state: Any, ids: dict[str, str], rolls: list[int]) -> tuple[Any, list[Any]]:
    """A Genestealer attacks a thunder hammer bearer who sees it: he declines to detonate (DW-TH-3), then the dice."""
    state, _ = act(state, "genestealer", Assault(model=ids["g"]))
    assert state.top().kind == "detonate"  # type: ignore[union-attr]
    return act(state, "marine", Pass(), rolls=rolls)


def test_storm_shield_blocks_from_the_left_too() -> None:
    """DW-SS-1: a storm shield blocks attacks from the front square and the Marine's left side."""
    shield = M("E", weapon=None, melee="thunder_hammer", shield=True)
    # the Genestealer attacks from the Marine's left (north of a Marine facing east)
    state, ids = scenario("g.\na.", a=shield, g=G("S"), phase="stealer", options=DW)
    state, _ = stealer_attacks_hammer(state, ids, [6, 1, 1, 2])
    assert state.top().kind == "block"  # type: ignore[union-attr]
    state, events = act(state, "marine", Block(model=ids["a"], die=0), rolls=[1])
    assert of_kind(events, "assaulted")[0].attacker_dice == (1, 1, 1)
    # from his right side: no block
    state, ids = scenario("a.\ng.", a=shield, g=G("N"), phase="stealer", options=DW)
    state, _ = stealer_attacks_hammer(state, ids, [6, 1, 1, 2])
    assert state.top() is None or state.top().kind != "block"  # type: ignore[union-attr]


def test_thunder_hammer_bonus_only_facing() -> None:
    """DW-TH-1: +2 while facing the opponent; no bonus defending against a side or rear attack."""
    hammer = M("E", weapon=None, melee="thunder_hammer")
    state, ids = scenario("ag", a=hammer, g=G("W"), options=DW)
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[4, 5, 1, 1])
    assert of_kind(events, "assaulted")[0].attacker_score == 6 and ids["g"] not in state.pieces
    state, ids = scenario("a.\ng.", a=hammer, g=G("N"), phase="stealer", options=DW)
    state, events = stealer_attacks_hammer(state, ids, [5, 1, 1, 4])
    assert of_kind(events, "assaulted")[0].defender_score == 4


def test_thunder_hammer_detonates_instead_of_defending() -> None:
    """DW-TH-3, A-40: attacked by a Genestealer he sees, the bearer may detonate before the dice, free:
    his whole section goes, the attacker too."""
    hammer = M("E", weapon=None, melee="thunder_hammer")
    state, ids = scenario("ag.", a=hammer, g=G("W"), phase="stealer", options=DW)
    state, _ = act(state, "genestealer", Assault(model=ids["g"]))
    assert {x.kind for x in RULES.legal_actions(state, "marine")} == {"self_destruct", "pass"}
    state, events = act(state, "marine", SelfDestruct(model=ids["a"], use="free"))
    assert not of_kind(events, "spent") and not of_kind(events, "assaulted")
    assert ids["a"] not in state.pieces and ids["g"] not in state.pieces


def test_thunder_hammer_cannot_detonate_against_an_unseen_attacker() -> None:
    """DW-TH-3, A-40: attacked from the rear he does not see the attacker: no detonation, the dice roll."""
    hammer = M("E", weapon=None, melee="thunder_hammer")
    state, ids = scenario("ga", a=hammer, g=G("E"), phase="stealer", options=DW)
    state, events = act(state, "genestealer", Assault(model=ids["g"]), rolls=[6, 1, 1, 1])
    assert of_kind(events, "assaulted") and (state.top() is None or state.top().kind != "detonate")  # type: ignore[union-attr]


def test_lightning_claws_two_dice_facing_plus_two_always() -> None:
    """DW-LC-1, DW-LC-2, A-10: 2 dice +2 facing; 1 die, still +2, against a side attack; no shooting."""
    claws = M("E", weapon=None, melee="lightning_claws")
    state, ids = scenario("ag", a=claws, g=G("W"), options=DW)
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[1, 4, 5, 5, 5])
    assaulted = of_kind(events, "assaulted")[0]
    assert assaulted.attacker_dice == (1, 4) and assaulted.attacker_score == 6
    state, ids = scenario("a.\ng.", a=claws, g=G("N"), phase="stealer", options=DW)
    state, events = act(state, "genestealer", Assault(model=ids["g"]), rolls=[5, 1, 1, 4])
    assaulted = of_kind(events, "assaulted")[0]
    assert assaulted.defender_dice == (4,) and assaulted.defender_score == 6
    state, ids = scenario("a..g", a=claws, g=G("W"), options=DW)
    legal = {x.kind for x in RULES.legal_actions(state, "marine")}
    assert "fire" not in legal and "overwatch" not in legal


def test_chainfist_has_no_close_assault_modifier() -> None:
    """DW-CF-1: the chainfist's extra damage and clumsiness cancel out: +0."""
    state, ids = scenario("ag", a=M("E", melee="chainfist"), g=G("W"), options=DW)
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[5, 4, 1, 1])
    assert of_kind(events, "assaulted")[0].attacker_score == 5


def test_genestealer_attacked_from_the_side_rolls_two_and_cannot_kill() -> None:
    """DW-CA-1, A-11: from its side or rear a Genestealer rolls 2 dice; a higher score only saves it, and
    it may then turn free to face the attacker. Without Deathwing the base rule (3 dice from the side) stands."""
    state, ids = scenario("a.\ng.", a=M("S"), g=G("E"), options=DW)
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[3, 6, 1])
    assaulted = of_kind(events, "assaulted")[0]
    assert assaulted.defender_dice == (6, 1) and assaulted.result == "defender"
    assert ids["a"] in state.pieces and state.top().kind == "face_attacker"  # type: ignore[union-attr]
    state, ids = scenario("a.\ng.", a=M("S"), g=G("E"))
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[3, 6, 1, 1])
    assert len(of_kind(events, "assaulted")[0].defender_dice) == 3


def test_overwatch_fires_into_a_close_assault() -> None:
    """DW-CA-2: a Marine on overwatch fires at a Genestealer engaged in close assault, in arc with clear LoS."""
    state, ids = scenario("ag.\n...\n...\n.b.", a=M("E"), g=G("W"), b=M("N", overwatch=True), phase="stealer")
    state, events = act(state, "genestealer", Assault(model=ids["g"]), rolls=[3, 1, 1, 3, 6, 2])
    assert (
        kinds_without_agenda(events)[:2] == ["activated", "spent"]
        and of_kind(events, "assaulted")[0].result == "tie"
    )
    assert of_kind(events, "fired")[0].model == ids["b"] and ids["g"] not in state.pieces


def test_the_marine_in_the_way_blocks_the_shot_until_he_falls() -> None:
    """DW-CA-3: a tie with the attacked Marine in the line: no shot; if the Genestealer wins, the dead
    Marine is removed and the shooter fires at once."""
    diagram = "g\na\n.\nb"
    state, ids = scenario(diagram, g=G("S"), a=M("N"), b=M("N", overwatch=True), phase="stealer")
    state, events = act(state, "genestealer", Assault(model=ids["g"]), rolls=[3, 1, 1, 3])
    assert not of_kind(events, "fired")
    state, ids = scenario(diagram, g=G("S"), a=M("N"), b=M("N", overwatch=True), phase="stealer")
    state, events = act(state, "genestealer", Assault(model=ids["g"]), rolls=[6, 1, 1, 3, 6, 2])
    assert ids["a"] not in state.pieces and of_kind(events, "fired")[0].hit and ids["g"] not in state.pieces


def test_marine_fire_at_a_genestealer_in_close_assault_is_aimed_fire_too() -> None:
    """DW-CA-2: an aimed shot may target a Genestealer adjacent to another Marine."""
    state, ids = scenario("ag\n..\n.b", a=M("E"), g=G("W"), b=M("N"))
    state, events = act(state, "marine", Fire(model=ids["b"], at=(1, 0, 0)), rolls=[6, 1])
    assert ids["g"] not in state.pieces


def test_marine_pilot_blocks_the_best_die() -> None:
    """DW-PS-2: the Marine AI, offered a block, rerolls the Genestealer's best die."""
    from engine.core import Dice

    state, ids = scenario("ag", a=captain(), g=G("W"), options=DW)
    state, _ = act(state, "marine", Assault(model=ids["a"]), rolls=[3, 2, 5, 3])
    legal = RULES.legal_actions(state, "marine")
    choice = RULES.pilot("marine").choose(RULES.view(state, "marine"), legal, Dice(1, 1))
    assert choice == Block(model=ids["a"], die=1)
