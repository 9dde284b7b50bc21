"""The pilots: a greedy Genestealer player and a simple Marine player, both playing from their views."""

from __future__ import annotations

from engine.core import Dice
from engine.spacehulk import RULES
from engine.spacehulk.actions import Assault, EndTurn, Move, PlaceBlip
from engine.spacehulk.ai import GenestealerPilot, MarinePilot

from .helpers import G, M, act, scenario


def choose(state, seat: str):  # type: ignore[no-untyped-def]
    pilot = GenestealerPilot() if seat == "genestealer" else MarinePilot()
    return pilot.choose(RULES.view(state, seat), RULES.legal_actions(state, seat), Dice(1, 1))


def test_genestealer_attacks_when_a_marine_is_ahead() -> None:
    state, ids = scenario("ga..", g=G("E"), a=M("E"), phase="stealer")
    assert choose(state, "genestealer") == Assault(model=ids["g"])


def test_genestealer_walks_the_shortest_path() -> None:
    state, ids = scenario(
        """
        g.#....
        ..#.##.
        ....#.a
        """,
        g=G("S"),
        a=M("W"),
        phase="stealer",
    )
    for _ in range(3):
        action = choose(state, "genestealer")
        assert action.kind in ("move", "turn")
        state, _ = act(state, "genestealer", action)
    assert state.pieces[ids["g"]].pos in {(2, 2, 0), (3, 1, 0), (3, 2, 0)}


def test_genestealer_sends_blips_to_the_nearest_area() -> None:
    state, ids = scenario("1.......a..2", a=M("E"), mission={"reinforcements": 1})
    state, _ = act(state, "marine", EndTurn())
    assert choose(state, "genestealer") == PlaceBlip(area="2")


def test_marine_pilot_shoots_what_it_sees() -> None:
    state, ids = scenario("a...g", a=M("E"), g=G("W"))
    action = choose(state, "marine")
    assert action.kind == "fire" and action.at == (4, 0, 0)


def test_marine_pilot_interrupts_with_a_shot() -> None:
    state, ids = scenario("a.....g", a=M("E"), g=G("W"), phase="stealer", cp=2)
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(5, 0, 0)))
    action = choose(state, "marine")
    assert action.kind == "fire" and action.use == "cp"
