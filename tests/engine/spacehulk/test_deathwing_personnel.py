"""Deathwing personnel: the Captain and the Librarian (deathwing.md §2.1; worked examples T-1 .. T-3)."""

from __future__ import annotations

import pytest

from engine.core import Rejected, new_game
from engine.spacehulk import RULES
from engine.spacehulk.actions import Assault, EndTurn, Overwatch, Pass
from engine.spacehulk.view import command_dice
from tests.engine.helpers import of_kind

from .helpers import G, M, act, scenario

DW = {"expansions": ["deathwing"]}


def captain(facing: str = "E", **kw: object) -> dict[str, object]:
    return M(facing, captain=True, melee="power_sword", grenades=10, **kw)


def test_t1_captain_timer() -> None:
    """T-1, DW-CAP-2: a Captain and 2 Sergeants give 2:00 + 3 x 30 s = 3:30; a Captain alone 2:30."""
    state, _ = scenario(
        "a.\nb.\nc.\nd.",
        a=captain(),
        b=M("E", sergeant=True),
        c=M("E", sergeant=True),
        d=M("E"),
        phase="stealer",
    )
    state, _ = act(state, "genestealer", EndTurn(), rolls=[3])
    assert state.timer_seconds == 210
    state, _ = scenario("a.", a=captain(), phase="stealer")
    state, _ = act(state, "genestealer", EndTurn(), rolls=[3])
    assert state.timer_seconds == 150


def test_t2_captain_command_points_shown_as_dice() -> None:
    """T-2, DW-CAP-3, A-8: base CP 5 and a Captain make 7, shown as command dice 6 + 1."""
    state, _ = scenario("a.", a=captain(), phase="stealer")
    state, events = act(state, "genestealer", EndTurn(), rolls=[5])
    assert state.cp == 7 and state.cp_bonus == 2
    view = RULES.view(state, "marine")
    assert view.cp == 7 and view.cp_dice == (6, 1)  # type: ignore[attr-defined]
    assert command_dice(8) == (6, 2) and command_dice(4) == (4,)
    assert RULES.view(state, "genestealer").cp is None  # type: ignore[attr-defined]
    drawn = of_kind(events, "cp_drawn")[0]
    assert drawn.redacted_for("genestealer").cp is None and drawn.redacted_for("genestealer").bonus == 2


def test_t3_captain_lost_mid_turn_keeps_the_unspent_bonus() -> None:
    """T-3, DW-CAP-4: the Captain dies with his 2 bonus CP unspent: they are spent this turn; next turn base CP."""
    state, ids = scenario("ag\nb.", a=captain(), g=G("W"), b=M("E"), cp=7)
    state = state.model_copy(update={"cp_bonus": 2})
    state, _ = act(state, "marine", Assault(model=ids["a"]), rolls=[1, 6, 6, 6])
    state, _ = act(state, "marine", Pass())  # no block (DW-PS-2 is optional)
    assert ids["a"] not in state.pieces and state.cp == 7
    state, _ = act(state, "marine", Overwatch(model=ids["b"], use="cp"))  # 2 of the 7 CP, bonus included
    assert state.cp == 5
    state, _ = act(state, "marine", EndTurn())
    state, _ = act(state, "genestealer", EndTurn(), rolls=[5])
    assert state.cp == 5 and state.cp_bonus == 0  # no Captain, no bonus


def test_captain_equipment_and_close_assault_bonus() -> None:
    """DW-CAP-1, DW-CAP-5: the Captain carries a storm bolter, power sword and grenade launcher; +2 in close
    assault from any direction (A-9)."""
    state, _ = new_game(RULES, {"mission": "deathwing_purge"}, 3)
    cap = next(p for p in state.pieces.values() if p.captain)
    assert (cap.weapon, cap.melee, cap.grenades) == ("storm_bolter", "power_sword", 10)
    # attacked from the side, he still adds +2: 4 + 2 = 6 beats the Genestealer's 5 (but cannot harm it)
    state, ids = scenario("a.\ng.", a=captain("E"), g=G("N"), phase="stealer", options=DW)
    state, events = act(state, "genestealer", Assault(model=ids["g"]), rolls=[5, 1, 1, 4])
    assaulted = of_kind(events, "assaulted")[0]
    assert assaulted.defender_score == 6 and assaulted.result == "defender"
    assert ids["g"] in state.pieces and ids["a"] in state.pieces


def test_one_captain_per_force_is_the_force_lists_rule() -> None:
    """DW-CAP-6: the built-in Deathwing force has exactly one Captain (the Force List validator is not built)."""
    state, _ = new_game(RULES, {"mission": "deathwing_purge"}, 1)
    assert sum(p.captain for p in state.pieces.values()) == 1


def test_librarian_psychic_points_by_mastery() -> None:
    """DW-LIB-2, DW-LIB-3: a level-2 Librarian starts with 20 psychic points; level 1-4 give 10-40."""
    state, _ = new_game(RULES, {"mission": "deathwing_purge"}, 1)
    lib = next(p for p in state.pieces.values() if p.mastery)
    assert (lib.mastery, lib.psychic, lib.melee, lib.weapon) == (2, 20, "force_axe", "storm_bolter")
    from engine.spacehulk.weapons import PSYCHIC_POINTS

    assert PSYCHIC_POINTS == {1: 10, 2: 20, 3: 30, 4: 40}


def test_librarian_skill_and_psychic_points() -> None:
    """DW-LIB-1, DW-FA-1, DW-FA-2: +1 skill, +1 per psychic point announced before the dice; spent for good."""
    lib = M("E", mastery=1, psychic=10, melee="force_axe")
    state, ids = scenario("ag", a=lib, g=G("W"), options=DW)
    state, events = act(state, "marine", Assault(model=ids["a"], psychic=3), rolls=[2, 6, 5, 1])
    assaulted = of_kind(events, "assaulted")[0]
    assert assaulted.attacker_score == 2 + 1 + 3 and assaulted.psychic == 3 and assaulted.result == "tie"
    assert state.pieces[ids["a"]].psychic == 7
    state, ids = scenario("ag", a={**lib, "psychic": 2}, g=G("W"), options=DW)
    with pytest.raises(Rejected, match="2 psychic points left"):
        act(state, "marine", Assault(model=ids["a"], psychic=3))
    state, ids = scenario("ag", a=M("E"), g=G("W"), options=DW)
    with pytest.raises(Rejected, match="force axe"):
        act(state, "marine", Assault(model=ids["a"], psychic=1))


def test_librarian_psychic_points_are_offered_as_a_sample() -> None:
    """DW-FA-2: legal_actions offers a few psychic-point amounts; decide takes any he has left."""
    state, ids = scenario("ag", a=M("E", mastery=1, psychic=10, melee="force_axe"), g=G("W"), options=DW)
    points = {x.psychic for x in RULES.legal_actions(state, "marine") if x.kind == "assault"}  # type: ignore[attr-defined]
    assert points == {0, 1, 2, 3}


def test_t7_force_list_timer() -> None:
    """T-7, DW-TMR-1, DW-TMR-2, A-16: 1.30 = 90 s; N=2, P=3: 2:00; N=4, P=5 with 3 leaders lost: 2:30;
    N=1, P=1 with the leader lost: 0:30 (the minimum)."""
    from engine.spacehulk.dw_types.timer import ForceTimer, parse_minutes, table_seconds, turn_seconds

    assert parse_minutes("1.30") == 90
    assert table_seconds(2, 3) == parse_minutes("2.00")
    assert turn_seconds(ForceTimer(leaders=4, points=5), leaders_now=1) == parse_minutes("2.30")
    assert turn_seconds(ForceTimer(leaders=1, points=1), leaders_now=0) == 30
    assert table_seconds(6, 1) == table_seconds(4, 1)  # N above 4 reads as 4


def test_force_list_timer_replaces_the_base_timer() -> None:
    """DW-TMR-1, A-16: under the Force List the table gives the turn time (the Captain's +30 s too)."""
    from engine.spacehulk.dw_types.timer import ForceTimer

    timer = ForceTimer(leaders=2, points=3)
    state, _ = scenario(
        "a.\nb.", a=captain(), b=M("E", sergeant=True), phase="stealer", mission={"force_timer": timer}
    )
    state, _ = act(state, "genestealer", EndTurn(), rolls=[3])
    assert state.timer_seconds == 120


def test_defending_librarian_announces_psychic_points() -> None:
    """DW-FA-2: attacked from the front, the Librarian announces his psychic points before any die; from the
    side he may not spend any (his +1 skill counts either way, A-9)."""
    from engine.spacehulk.actions import Psychic

    lib = M("E", mastery=1, psychic=10, melee="force_axe")
    state, ids = scenario("ag", a=lib, g=G("W"), phase="stealer", options=DW)
    state, _ = act(state, "genestealer", Assault(model=ids["g"]))
    assert state.top().kind == "psychic"  # type: ignore[union-attr]
    state, events = act(state, "marine", Psychic(model=ids["a"], points=2), rolls=[5, 1, 1, 3])
    assaulted = of_kind(events, "assaulted")[0]
    assert assaulted.defender_score == 3 + 1 + 2 and assaulted.defender_psychic == 2
    assert state.pieces[ids["a"]].psychic == 8
    state, ids = scenario("ag", a=lib, g=G("W"), phase="stealer", options=DW)
    state, _ = act(state, "genestealer", Assault(model=ids["g"]))
    state, events = act(state, "marine", Pass(), rolls=[5, 1, 1, 3])
    assert of_kind(events, "assaulted")[0].defender_score == 4
    state, ids = scenario("a.\ng.", a=lib, g=G("N"), phase="stealer", options=DW)
    state, events = act(state, "genestealer", Assault(model=ids["g"]), rolls=[5, 1, 1, 3])
    assert of_kind(events, "assaulted")[0].defender_score == 4  # from the side: no points asked
