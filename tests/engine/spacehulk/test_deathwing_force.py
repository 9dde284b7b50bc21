"""The Terminator Force List: squads, options, limits and deployment (deathwing.md §2.5)."""

from __future__ import annotations

import pytest

from engine.core import Rejected, new_game
from engine.spacehulk import RULES
from engine.spacehulk.actions import BuildForce
from engine.spacehulk.dw_types.force import ForceOrder, SquadOrder, Swap
from engine.spacehulk.force_list import COSTS, build
from tests.engine.helpers import of_kind

from .helpers import act

FORCE = {"mission": "deathwing_purge", "force_points": 30}


def order(*squads: SquadOrder, timer: int = 1) -> ForceOrder:
    return ForceOrder(squads=squads, timer_points=timer)


def test_the_force_list_replaces_the_scenario_marines() -> None:
    """DW-FL-1: with the Force List the Marine player builds his force first; the Genestealers keep the
    scenario's forces."""
    state, _ = new_game(RULES, FORCE, 1)
    assert not state.marines() and state.top().kind == "build_force"  # type: ignore[union-attr]
    assert RULES.active_seats(state) == frozenset({"marine"})
    legal = RULES.legal_actions(state, "marine")
    assert legal and all(x.kind == "build_force" for x in legal)
    state, events = act(state, "marine", BuildForce(order=order(SquadOrder(squad="standard"), timer=3)))
    built = of_kind(events, "force_built")[0]
    assert built.cost == 13 and len(state.marines()) == 5
    assert state.mission.force_timer is not None and state.mission.force_timer.points == 3
    assert state.top().kind == "reinforce"  # type: ignore[union-attr]  # then the scenario's blips


def test_squad_costs_and_options() -> None:
    """DW-FL-2: squads and options from each squad's box, timer points, the total within the budget."""
    assert COSTS == {"command": 20, "heavy": 6, "standard": 10, "assault": 7, "recon": 4}
    standard = SquadOrder(
        squad="standard",
        captain=True,
        heavy="heavy_flamer",
        swaps=(Swap(member=2, option="assault_cannon"), Swap(member=3, option="chainfist")),
        flamer_reloads=1,
        cannon_reloads=2,
    )
    marines, timer, cost = build(order(standard, timer=2), 50)
    assert cost == 10 + 3 + 4 + 1 + 2 + 2 + 2
    assert marines[0].captain and marines[1].weapon == "heavy_flamer" and marines[1].reloads == 1
    assert marines[2].weapon == "assault_cannon" and marines[2].reloads == 1 + 2  # one free (DW-AC-7)
    assert marines[3].melee == "chainfist" and (timer.leaders, timer.points) == (1, 2)
    with pytest.raises(Rejected, match="costs 24 points; you have 20"):
        build(order(standard, timer=2), 20)
    lib = build(order(SquadOrder(squad="command", mastery=3)), 50)[0][1]
    assert lib.mastery == 3 and build(order(SquadOrder(squad="command", mastery=3)), 50)[2] == 20 + 6 + 1
    with pytest.raises(Rejected, match="cannot take the option"):
        build(order(SquadOrder(squad="recon", mastery=2)), 50)
    claws = build(order(SquadOrder(squad="recon", swaps=(Swap(member=1, option="lightning_claws"),))), 50)
    assert claws[0][1].weapon is None and claws[0][1].melee == "lightning_claws" and claws[2] == 5


def test_force_needs_a_leader_and_one_captain_at_most() -> None:
    """DW-FL-3, A-17: at least one Sergeant or Captain; never more than one Captain."""
    with pytest.raises(Rejected, match="Sergeant or a Captain"):
        build(order(SquadOrder(squad="heavy")), 50)
    with pytest.raises(Rejected, match="only one Captain"):
        build(order(SquadOrder(squad="command"), SquadOrder(squad="standard", captain=True)), 60)


def test_reload_and_swap_limits() -> None:
    """DW-SQ-1, A-18, A-19: one bought reload per heavy flamer, two per assault cannon; options replacing
    the same weapon exclude each other; the Assault squad's flamer swap takes both weapons."""
    with pytest.raises(Rejected, match="1 reload per heavy flamer"):
        build(
            order(
                SquadOrder(squad="heavy", heavy="heavy_flamer", flamer_reloads=2), SquadOrder(squad="recon")
            ),
            50,
        )
    with pytest.raises(Rejected, match="2 per assault cannon"):
        build(order(SquadOrder(squad="heavy", cannon_reloads=3), SquadOrder(squad="recon")), 50)
    twice = SquadOrder(
        squad="standard",
        swaps=(Swap(member=2, option="assault_cannon"), Swap(member=2, option="thunder_hammer")),
    )
    with pytest.raises(Rejected, match="already replaced"):
        build(order(twice), 50)
    flamer_fist = SquadOrder(
        squad="assault", swaps=(Swap(member=3, option="heavy_flamer"), Swap(member=3, option="chainfist"))
    )
    with pytest.raises(Rejected, match="already replaced"):
        build(order(flamer_fist), 50)
    with pytest.raises(Rejected, match="cannot take"):
        build(order(SquadOrder(squad="recon", swaps=(Swap(member=0, option="thunder_hammer"),))), 50)


def test_force_must_fit_the_deployment_squares() -> None:
    """DW-FL-2 reading: a force larger than the deployment squares is refused (no corridor extensions)."""
    state, _ = new_game(RULES, {**FORCE, "force_points": 60}, 1)
    too_many = order(SquadOrder(squad="standard"), SquadOrder(squad="recon"))
    with pytest.raises(Rejected, match="Only 6 Terminators fit"):
        act(state, "marine", BuildForce(order=too_many))
