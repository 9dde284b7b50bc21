"""The Mission Generator's scenarios as missions (DW-GEN-1 .. DW-GEN-7, DW-SC1 .. DW-SC6, A-34, A-35):
the D6 tables, the generated board and force, each scenario's special rules and end states, and
seeded full games of every scenario that end."""

from __future__ import annotations

import os
from typing import Any

import pytest

from engine.core import Dice, Rejected, fold, new_game, play_pilots, step
from engine.spacehulk import RULES
from engine.spacehulk.actions import EndTurn, Teleport
from engine.spacehulk.board.mapfile import parse_cached
from engine.spacehulk.corridors import nearest_areas
from engine.spacehulk.missions import GENERATED, SCENARIO_D6, ScenarioGoal, goal_met, held_turn
from engine.spacehulk.scenarios import AMBUSH_LIMIT, FORCE_D6, build
from engine.spacehulk.state import AgBuildForce, AgReinforce, Piece, SpaceHulkState

SLOW = os.environ.get("TABLERO_SLOW") == "1"


def game(mission: str, seed: int = 1, **options: Any) -> SpaceHulkState:
    state, _ = new_game(RULES, {"mission": mission, "timer_mode": "untimed", **options}, seed)
    return state


def with_(state: SpaceHulkState, **changes: Any) -> SpaceHulkState:
    s = state.clone()
    for key, value in changes.items():
        setattr(s, key, value)
    return s


def test_the_scenario_d6_and_the_genestealer_force_d6() -> None:
    """DW-GEN-1: D6 -> scenario; DW-GEN-4: 1-2 -> 2 a turn / 20, 3-4 -> 2 / 25, 5-6 -> 3 / 30."""
    assert SCENARIO_D6 == {
        1: "reconnaissance",
        2: "establish_perimeter",
        3: "defend_perimeter",
        4: "raid",
        5: "escape",
        6: "search_and_destroy",
    }
    assert [FORCE_D6[n] for n in range(1, 7)] == [(2, 20), (2, 20), (2, 25), (2, 25), (3, 30), (3, 30)]
    seen = set()
    for seed in range(40):
        mission = build("dw_generator", Dice(seed))
        assert mission.scenario == SCENARIO_D6[mission.rolls["scenario"]]
        per_turn, total = FORCE_D6[mission.rolls["force"]]
        if mission.scenario != "escape":
            assert mission.reinforcements == per_turn
        extra = 10 if mission.scenario == "defend_perimeter" else 0
        assert mission.blip_total == total + extra
        seen.add(mission.scenario)
    assert seen == set(SCENARIO_D6.values())
    assert set(GENERATED) >= {f"dw_{name}" for name in SCENARIO_D6.values()}


def test_the_same_seed_builds_the_same_mission() -> None:
    assert build("dw_generator", Dice(9)) == build("dw_generator", Dice(9))
    assert game("dw_raid", 4).mission == game("dw_raid", 4).mission


def test_generated_board_deploys_each_squad_whole_in_its_corridor_leader_in_front() -> None:
    """DW-GEN-3: two 5-square corridors joined to the board, every other open end an entry area;
    DW-GEN-6: each squad whole in one area; DW-GEN-7: leaders in front, no Genestealer starts on
    the board."""
    state = game("dw_search_and_destroy", 3)
    corridors = state.mission.marine_corridors
    assert len(corridors) == 2 and [len(c) for c in corridors] == [5, 5]
    marines = sorted(state.marines(), key=lambda p: p.number)
    squads = list(dict.fromkeys(m.squad for m in marines))
    assert len(squads) == 2
    for squad, run in zip(squads, corridors, strict=True):
        men = [m for m in marines if m.squad == squad]
        assert {m.pos for m in men} == set(run)
        assert men[0].sergeant and men[0].pos == run[0]  # the leader nearest the board
    assert not [p for p in state.pieces.values() if p.kind != "marine"]  # DW-GEN-7
    assert state.mission.start_blips == 0
    board = parse_cached(state.mission.map_text)
    assert len(board.entries) >= 1 and not set(board.entry_of_square) & {sq for c in corridors for sq in c}


def test_the_force_list_replaces_the_standard_force() -> None:
    """DW-GEN-2: with the table's Force List points the Marine player builds his force first."""
    state = game("dw_raid", 2, force_points=50)
    assert isinstance(state.top(), AgBuildForce) and not state.marines()


def test_reinforcements_stop_at_the_scenario_total() -> None:
    """DW-GEN-4: the D6's total caps the blips for the whole scenario (ambush markers outside it)."""
    state = game("dw_search_and_destroy", 5)
    total = state.mission.blip_total
    assert total is not None
    near_end = with_(state, tally={"blips": total - 1})
    after, events = step(RULES, near_end, "marine", EndTurn())
    placed = [e for e in events if e.kind == "blip_placed"]
    top = after.top()
    left = top.remaining if isinstance(top, AgReinforce) else 0
    assert len(placed) + left == 1
    spent = with_(state, tally={"blips": total})
    after, events = step(RULES, spent, "marine", EndTurn())
    assert not isinstance(after.top(), AgReinforce) and not [e for e in events if e.kind == "blip_placed"]


def test_ambush_markers_at_most_four_and_none_in_defend_perimeter() -> None:
    """DW-GEN-5: up to 4 ambush markers per scenario where allowed; DW-SC3: no ambush."""
    from engine.spacehulk.queries import Queries

    state = game("dw_raid", 1, ambush=True)
    stealer_turn = with_(state, phase="stealer", turn=2, ambush_turn=1)
    assert Queries(stealer_turn).ambush_open()
    assert not Queries(with_(stealer_turn, tally={"ambushes": AMBUSH_LIMIT})).ambush_open()
    defend = with_(game("dw_defend_perimeter", 1, ambush=True), phase="stealer", turn=2, ambush_turn=1)
    assert not Queries(defend).ambush_open()


def _stealer(state: SpaceHulkState, pid: str, pos: Any) -> dict[str, Piece]:
    pieces = dict(state.pieces)
    pieces[pid] = Piece(id=pid, kind="genestealer", pos=pos, facing="N", ap=6)
    return pieces


def test_reconnaissance_teleport_waits_for_the_fifth_genestealer() -> None:
    """DW-SC1, A-35: teleporting out unlocks after the 5th Genestealer is placed, or once the blip
    total is spent with nothing Genestealer on the board."""
    state = game("dw_reconnaissance", 2)
    assert len(state.marines()) == 5 and not state.mission.securing
    with pytest.raises(Rejected) as refused:
        step(RULES, state, "marine", Teleport(model="m1"))
    assert refused.value.message_id == "spacehulk.teleport.locked"
    unlocked = with_(state, tally={"stealers": 5})
    after, _ = step(RULES, unlocked, "marine", Teleport(model="m1"))
    assert "m1" in after.teleported
    total = state.mission.blip_total
    spent = with_(state, tally={"blips": total, "stealers": 2})
    after, _ = step(RULES, spent, "marine", Teleport(model="m1"))
    assert "m1" in after.teleported


def test_reconnaissance_teleport_unlocks_after_the_genestealers_last_turn() -> None:
    """DW-SC1, A-35, our reading beside DW-SC3's last turn: a Genestealer side that passes its
    reinforcements (DW-GEN-4) and keeps its blips lurking (SHB-10.4) cannot keep the Marines in for
    ever; once the turn by which the whole total could have arrived and walked in is over
    (`held_turn`), they may teleport out (with no Genestealer seen: a draw, A-35)."""
    state = game("dw_reconnaissance", 2)
    last = held_turn(state.mission)
    assert last is not None
    lurking = {**state.pieces, "b9": Piece(id="b9", kind="blip", area="1", ap=6)}
    held_back = with_(state, turn=last, tally={"blips": 3, "stealers": 0}, pieces=lurking)
    with pytest.raises(Rejected) as refused:
        step(RULES, held_back, "marine", Teleport(model="m1"))
    assert refused.value.message_id == "spacehulk.teleport.locked" and refused.value.params["turn"] == last
    after, _ = step(RULES, with_(held_back, turn=last + 1), "marine", Teleport(model="m1"))
    assert "m1" in after.teleported


def test_reconnaissance_end_states() -> None:
    """DW-SC1, A-35: the Marine wins by seeing a Genestealer and teleporting all survivors out losing
    at most 1; the Genestealers win on the 2nd kill; otherwise a draw."""
    state = game("dw_reconnaissance", 2)
    out = with_(state, pieces={}, teleported=["m1", "m2", "m3", "m4"], tally={"seen": 1, "marines_lost": 1})
    assert goal_met(ScenarioGoal(goal="recon_out"), out)
    unseen = with_(out, tally={"marines_lost": 1})
    assert not goal_met(ScenarioGoal(goal="recon_out"), unseen)
    assert goal_met(ScenarioGoal(goal="recon_draw"), unseen)
    two_dead = with_(state, tally={"marines_lost": 2, "seen": 1})
    assert goal_met(ScenarioGoal(goal="recon_kills", count=2), two_dead)
    outcome = state.mission.check(out, "immediate", None)  # type: ignore[arg-type]
    assert outcome is not None and outcome.reason == "spacehulk.win.recon_out"
    outcome = state.mission.check(unseen, "immediate", None)  # type: ignore[arg-type]
    assert outcome is not None and outcome.reason == "spacehulk.draw.recon_draw" and outcome.winners == ()


def test_reconnaissance_logs_the_first_genestealer_a_marine_sees() -> None:
    """DW-SC1, A-35: "seen" = a Genestealer figure in any Marine's sight at any time."""
    state = game("dw_reconnaissance", 2)
    m1 = state.pieces["m1"]
    ahead = (
        m1.pos[0] + {"N": 0, "E": 1, "S": 0, "W": -1}[m1.facing],
        m1.pos[1] + {"N": -1, "E": 0, "S": 1, "W": 0}[m1.facing],
        0,
    )
    board = parse_cached(state.mission.map_text)
    far = ahead
    for _ in range(3):  # a few squares ahead, still in the corridor's line
        nxt = (far[0] + ahead[0] - m1.pos[0], far[1] + ahead[1] - m1.pos[1], 0)
        if nxt in board.cells:
            far = nxt
    seen = with_(state, pieces=_stealer(state, "g99", far), next_id=100)
    after, events = step(RULES, seen, "marine", EndTurn())
    assert any(e.kind == "stealer_sighted" for e in events) and after.tally.get("seen") == 1


def test_establish_perimeter_secures_the_four_nearest_areas() -> None:
    """DW-SC2, A-35: the 4 entry areas nearest the deployment squares by the shortest route, named
    before play; securing them wins."""
    state = game("dw_establish_perimeter", 6)
    m = state.mission
    board = parse_cached(m.map_text)
    starts = [sq for c in m.marine_corridors for sq in c]
    assert m.securing and m.perimeter == nearest_areas(board, starts, tuple(board.entries), 4)
    assert len(m.perimeter) == min(4, len(board.entries))
    far = 10**9
    dist = {
        a: min(board.walk_distances(s, far).get(board.entries[a].square, far) for s in starts)
        for a in board.entries
    }
    assert max(dist[a] for a in m.perimeter) <= min(
        (dist[a] for a in board.entries if a not in m.perimeter), default=far
    )
    won = with_(state, secured=list(m.perimeter))
    outcome = m.check(won, "immediate", None)  # type: ignore[arg-type]
    assert outcome is not None and outcome.reason == "spacehulk.win.perimeter"
    assert m.check(with_(state, secured=list(m.perimeter[:-1])), "immediate", None) is None  # type: ignore[arg-type]


def test_defend_perimeter_pre_secures_four_areas_and_loses_a_corridor() -> None:
    """DW-SC3, A-35: 4 areas secured before play, no more securing, no ambush, +10 blips; a
    Genestealer or a blip in a Marine entry corridor loses; the total spent and none left wins."""
    state = game("dw_defend_perimeter", 6)
    m = state.mission
    assert state.secured == list(m.secured_start) and len(m.secured_start) == min(4, len(state.board.entries))
    assert not m.securing and not m.ambush_allowed
    square = m.marine_corridors[0][-1]
    pieces = {k: v for k, v in state.pieces.items() if v.pos != square}
    pieces["b99"] = Piece(id="b99", kind="blip", pos=square, ap=6)
    lost = m.check(with_(state, pieces=pieces), "immediate", None)  # type: ignore[arg-type]
    assert lost is not None and lost.reason == "spacehulk.lose.corridor"
    wiped = with_(state, tally={"blips": m.blip_total})
    assert m.check(wiped, "immediate", None).reason == "spacehulk.win.wiped"  # type: ignore[arg-type, union-attr]
    lurking = with_(wiped, pieces={**state.pieces, "g9": Piece(id="g9", kind="genestealer", area="1", ap=6)})
    assert m.check(lurking, "immediate", None) is None  # type: ignore[arg-type]


def test_defend_perimeter_is_held_at_the_end_of_the_genestealers_last_turn() -> None:
    """DW-SC3 "Marine wins by preventing it", our reading beside A-35 (SHB-12.6's Defend is bounded
    by turns; SHB-10.4 lets blips lurk for ever; DW-GEN-4 lets the Genestealers pass): the Marine
    wins at the end of the turn by which the whole total could have arrived at the D6's rate, plus
    the walk of a blip from the farthest entry area to the nearest corridor square (1 AP to come on,
    1 a square, 6 a turn, SHB-10.5), plus one; lurking blips and an unspent total do not put it off."""
    for seed in (1, 6):
        state = game("dw_defend_perimeter", seed)
        m, board = state.mission, state.board
        corridor = {sq for run in m.marine_corridors for sq in run}
        walks = []
        for area in m.usable_areas():
            dist = board.walk_distances(board.entries[area].square, 10**9)
            walks += [min(dist[sq] for sq in corridor if sq in dist)] if corridor & set(dist) else []
        last = held_turn(m)
        assert last == -(-m.blip_total // m.reinforcements) + -(-(1 + max(walks)) // 6) + 1  # type: ignore[operator]
        assert RULES.view(state, "marine").held_turn == last  # public, shown in the status
        lurking = with_(
            state, turn=last, pieces={**state.pieces, "b9": Piece(id="b9", kind="blip", area="1", ap=6)}
        )
        assert m.check(with_(lurking, turn=last - 1), "end_phase", None) is None  # type: ignore[arg-type]
        assert m.check(lurking, "immediate", None) is None  # type: ignore[arg-type]
        held = m.check(lurking, "end_phase", None)  # type: ignore[arg-type]
        assert held is not None and held.reason == "spacehulk.win.held" and held.winners == ("marine",)
        # a Genestealer in a Marine entry corridor at that end phase is the Genestealers' win, not held
        corridor = {sq for run in m.marine_corridors for sq in run}
        mid, marine = next((k, p) for k, p in lurking.pieces.items() if p.pos in corridor)
        inside = {k: p for k, p in lurking.pieces.items() if k != mid}
        inside["g9"] = marine.model_copy(update={"id": "g9", "kind": "genestealer"})
        lost = m.check(with_(lurking, pieces=inside), "end_phase", None)  # type: ignore[arg-type]
        assert lost is not None and lost.reason == "spacehulk.lose.corridor", lost
    assert held_turn(game("dw_establish_perimeter", 1).mission) is not None  # a function of any total
    assert RULES.view(game("dw_establish_perimeter", 1), "marine").held_turn is None  # not its end


BOUND = 2_000  # steps; see below


def test_random_legal_play_of_defend_perimeter_always_ends() -> None:
    """DW-SC3, A-35: uniformly random legal play (the Genestealers passing, lurking, wandering) ends
    by the Genestealers' last turn at the latest. Measured over seeds 0-99: 874 steps at most (median
    497, turn 30 at most, every one held); before the last turn existed 7 of seeds 0-7 ran past
    6,000 steps. BOUND leaves room for other seeds."""
    import random

    from engine.core import play_random

    for seed in range(30 if SLOW else 6):
        state = game("dw_defend_perimeter", seed)
        last = held_turn(state.mission)
        state, steps = play_random(RULES, state, random.Random(seed), max_steps=BOUND)
        outcome = RULES.outcome(state)
        assert outcome is not None and steps < BOUND, (seed, state.turn, last)
        assert state.turn <= last  # type: ignore[operator]


def test_raid_adds_the_control_room_and_wins_on_its_tanks() -> None:
    """DW-SC4, A-34, A-35: geotile 10 on the board; destroying every cryo tank in it wins."""
    for seed in range(4):
        state = game("dw_raid", seed)
        m = state.mission
        assert len(m.objective) == 2 and all(state.board.cells[sq].feature == "cryo" for sq in m.objective)
        assert m.securing
        assert m.check(with_(state, wrecked=[m.objective[0]]), "immediate", None) is None  # type: ignore[arg-type]
        won = m.check(with_(state, wrecked=list(m.objective)), "immediate", None)  # type: ignore[arg-type]
        assert won is not None and won.reason == "spacehulk.win.tanks"


def test_escape_teleports_only_from_the_control_room_and_needs_half() -> None:
    """DW-SC5: teleport only from inside the control room; 1 blip a turn; half the force (rounded
    up) teleported wins, otherwise the Genestealers win."""
    state = game("dw_escape", 3)
    m = state.mission
    assert m.reinforcements == 1 and m.teleport and m.teleport_squares == m.objective
    with pytest.raises(Rejected) as refused:
        step(RULES, state, "marine", Teleport(model="m1"))
    assert refused.value.message_id == "spacehulk.teleport.room"
    room = m.teleport_squares[0]
    inside = with_(state, pieces={**state.pieces, "m1": state.pieces["m1"].model_copy(update={"pos": room})})
    after, _ = step(RULES, inside, "marine", Teleport(model="m1"))
    assert after.teleported == ["m1"]
    marines = sorted(state.pieces)
    half = with_(state, pieces={k: state.pieces[k] for k in marines[5:]}, teleported=marines[:5])
    assert m.check(half, "immediate", None).reason == "spacehulk.win.escaped_half"  # type: ignore[arg-type, union-attr]
    short = with_(state, pieces={k: state.pieces[k] for k in marines[:4]}, tally={"marines_lost": 6})
    assert m.check(short, "immediate", None).reason == "spacehulk.lose.escape_failed"  # type: ignore[arg-type, union-attr]


def test_search_and_destroy_wins_by_securing_every_area_or_wiping_out() -> None:
    """DW-SC6, A-35: securing every Genestealer entry area, or the total spent and the board empty."""
    state = game("dw_search_and_destroy", 4)
    m = state.mission
    assert m.securing
    secured = with_(state, secured=list(m.usable_areas()))
    assert m.check(secured, "immediate", None).reason == "spacehulk.win.all_secured"  # type: ignore[arg-type, union-attr]
    wiped = with_(state, tally={"blips": m.blip_total})
    assert m.check(wiped, "immediate", None).reason == "spacehulk.win.wiped"  # type: ignore[arg-type, union-attr]
    dead = with_(state, pieces={})
    assert m.check(dead, "immediate", None).reason == "spacehulk.lose.all_dead"  # type: ignore[arg-type, union-attr]


@pytest.mark.parametrize("scenario", sorted(SCENARIO_D6.values()))
def test_a_seeded_full_game_of_every_scenario_ends(scenario: str) -> None:
    """DW-SC1 .. DW-SC6: the pilots (the engine's greedy Genestealer AI and the simple Marine) play a
    whole game of each scenario to its end; the log folds back to the live state."""
    for seed in range(3 if SLOW else 1):
        state, log = new_game(RULES, {"mission": f"dw_{scenario}", "timer_mode": "untimed"}, seed)
        state, events = play_pilots(RULES, state, RULES.seats, max_steps=20_000)
        assert RULES.outcome(state) is not None, (scenario, seed, state.turn)
        assert fold(RULES, [*log, *events]).model_dump() == state.model_dump()


def test_the_players_place_the_geotiles_in_turn() -> None:
    """DW-GEO-2, A-34's option: with board_builder=alternate the players draw and place tiles in turn,
    the Genestealer player first, each tile joining a corridor without overlap, until 8 are placed;
    then the deployment corridors are joined and the Marines deploy (DW-GEN-3)."""
    from engine.spacehulk.actions import PlaceTile

    state, log = new_game(
        RULES, {"mission": "dw_raid", "board_builder": "alternate", "timer_mode": "untimed"}, 5
    )
    assert not state.marines() and RULES.active_seats(state) == {"genestealer"}
    assert len(state.mission.layout) == 1
    seats = []
    while state.top() is not None and state.top().kind == "place_tile":
        seat = next(iter(RULES.active_seats(state)))
        seats.append(seat)
        legal = RULES.legal_actions(state, seat)
        assert legal and all(isinstance(a, PlaceTile) and a.tile == state.top().tile for a in legal)
        if len(seats) == 1:
            with pytest.raises(Rejected) as refused:
                step(RULES, state, seat, legal[0].model_copy(update={"slot": (40, 40)}))
            assert refused.value.message_id == "spacehulk.tile.where"
        state, events = step(RULES, state, seat, legal[-1])
        log.extend(events)
    assert seats == ["genestealer", "marine"] * 3 + ["genestealer"]
    tiles = [t for t, *_ in state.mission.layout]
    assert len(tiles) == len(set(tiles)) >= 8 and 10 in tiles  # Raid adds geotile 10 if absent
    assert len(state.marines()) == 10 and state.phase == "marine" and state.turn == 1
    assert fold(RULES, log).model_dump() == state.model_dump()
    board = parse_cached(state.mission.map_text)
    reach = board.walk_distances(state.mission.marine_corridors[0][0], 10**6)
    assert {e.square for e in board.entries.values()} <= set(reach)


def test_the_blip_log_and_the_perimeter_are_public() -> None:
    """DW-GEN-4 (the Marine logs the blips used), DW-SC2 (the perimeter announced before play): both in
    every seat's view and status."""
    from renderers.spacehulk.text import status_text

    state = game("dw_establish_perimeter", 3)
    state = with_(state, tally={"blips": 7})
    for seat in ("marine", "genestealer", None):
        view = RULES.view(state, seat)
        assert view.blip_total == state.mission.blip_total and view.tally["blips"] == 7
        assert view.perimeter == state.mission.perimeter
    text = status_text(RULES.view(state, "marine"), "en")
    assert f"7 of {state.mission.blip_total}" in text and ", ".join(state.mission.perimeter) in text


def test_the_genestealer_player_may_bring_fewer_blips() -> None:
    """DW-GEN-4: the D6 gives the most blips a turn; fewer or none are allowed (the rest stay in the
    total). The built-in missions keep the base game's rule: every arriving blip is placed."""
    from engine.spacehulk.actions import Pass

    for seed in range(10):
        state = game("dw_search_and_destroy", seed)
        after, _ = step(RULES, state, "marine", EndTurn())
        if isinstance(after.top(), AgReinforce):
            break
    else:
        raise AssertionError("no seed left a reinforcement choice")
    assert Pass() in RULES.legal_actions(after, "genestealer")
    declined, _ = step(RULES, after, "genestealer", Pass())
    assert not isinstance(declined.top(), AgReinforce)
    assert declined.tally.get("blips", 0) == after.tally.get("blips", 0)
    purge, _ = new_game(RULES, {"timer_mode": "untimed"}, 1)
    assert isinstance(purge.top(), AgReinforce) and Pass() not in RULES.legal_actions(purge, "genestealer")
    with pytest.raises(Rejected):
        step(RULES, purge, "genestealer", Pass())


def _corridor_of(state: SpaceHulkState) -> dict[str, set[int]]:
    runs = state.mission.marine_corridors
    where: dict[str, set[int]] = {}
    for p in state.marines():
        where.setdefault(p.squad, set()).update(i for i, run in enumerate(runs) if p.pos in run)
    return where


def test_a_force_list_force_deploys_each_squad_whole_in_one_corridor() -> None:
    """DW-GEN-6: with the table's Force List points each squad stands whole in one deployment
    corridor, leader in front (DW-GEN-7), even when the squads' order would split one (3 + 2 + 5
    men: the 5 must have a corridor to itself); squads no placement fits grow a corridor (DW-GEN-7)."""
    from engine.spacehulk.actions import BuildForce
    from engine.spacehulk.dw_types.force import ForceOrder, SquadOrder

    state = game("dw_raid", 2, force_points=50)
    assert [len(run) for run in state.mission.marine_corridors] == [5, 5]
    squads = (
        SquadOrder(squad="recon"),
        SquadOrder(squad="heavy", heavy="heavy_flamer"),
        SquadOrder(squad="assault"),
    )
    for order in (squads, squads[::-1], (squads[1], squads[2], squads[0])):
        after, events = step(RULES, state, "marine", BuildForce(order=ForceOrder(squads=order)))
        assert not [e for e in events if e.kind == "corridors_extended"]  # they fit: nothing grows
        where = _corridor_of(after)
        assert len(after.marines()) == 10 and all(len(c) == 1 for c in where.values()), where
        for p in after.marines():
            run = next(r for r in after.mission.marine_corridors if p.pos in r)
            leaders = [q for q in after.marines() if q.squad == p.squad and (q.sergeant or q.captain)]
            if leaders:  # the leader stands on his squad's square nearest the board
                assert run.index(leaders[0].pos) <= run.index(p.pos)
    three = BuildForce(order=ForceOrder(squads=(SquadOrder(squad="recon"),) * 3))  # 9 men, 3 + 3 + 3
    after, events = step(RULES, state, "marine", three)
    assert [e.added for e in events if e.kind == "corridors_extended"] == [1]  # DW-GEN-7: one square
    assert sorted(len(run) for run in after.mission.marine_corridors) == [5, 6]
    assert all(len(c) == 1 for c in _corridor_of(after).values())


def _walls_intact(state: SpaceHulkState) -> None:
    """Every corridor square touches only its own corridor's squares and walls (no opening into the
    hulk but at its own open end) and stands on the board's floor."""
    board = state.board
    runs = state.mission.marine_corridors
    for run in runs:
        mine = set(run)
        for i, (x, y, z) in enumerate(run):
            assert (x, y, z) in board.cells
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    near = (x + dx, y + dy, z)
                    if near in board.cells and near not in mine:
                        assert i == 0, (run, near)  # only the first square meets the hulk (its open end)


def test_a_large_force_list_force_grows_the_corridors_with_straight_sections() -> None:
    """DW-GEN-7: 36 Terminators (twelve 3-man Recon squads, 48 points of the 50, DW-GEN-2) do not fit
    the two 5-square corridors: the corridors grow, straight out from the hulk, until every squad
    stands whole in one, leader in front, facing the board; the new squares are floor on the map
    (the image draws the map), the entry areas stay the same, the log replays."""
    from engine.spacehulk.actions import BuildForce
    from engine.spacehulk.dw_types.force import ForceOrder, SquadOrder

    state, log = new_game(RULES, {"mission": "dw_raid", "timer_mode": "untimed", "force_points": 50}, 2)
    order = BuildForce(order=ForceOrder(squads=(SquadOrder(squad="recon"),) * 12))
    after, events = step(RULES, state, "marine", order)
    runs = after.mission.marine_corridors
    assert [len(run) for run in runs] == [18, 18]
    assert [e.added for e in events if e.kind == "corridors_extended"] == [26]
    for run in runs:  # straight sections: one row or one column
        assert len({sq[0] for sq in run}) == 1 or len({sq[1] for sq in run}) == 1
    _walls_intact(after)
    assert set(after.board.entries) == set(state.board.entries)
    assert (
        after.board.entries["1"] != state.board.entries["1"]
        or runs[0][0] == state.mission.marine_corridors[0][0]
    )
    assert len(after.marines()) == 36 and all(len(c) == 1 for c in _corridor_of(after).values())
    for p in after.marines():
        run = next(r for r in runs if p.pos in r)
        i = run.index(p.pos)
        ahead = run[i - 1] if i else None
        if ahead is not None:  # facing the square ahead, toward the board
            assert (ahead[0] - p.pos[0], ahead[1] - p.pos[1]) == {
                "N": (0, -1),
                "E": (1, 0),
                "S": (0, 1),
                "W": (-1, 0),
            }[p.facing]
        if p.sergeant:
            assert all(run.index(q.pos) > i for q in after.marines() if q.squad == p.squad and q.id != p.id)
    cryo = [sq for sq, cell in after.board.cells.items() if cell.feature == "cryo"]
    assert sorted(after.mission.objective) == sorted(cryo)  # the squares the mission names moved with the map
    assert fold(RULES, [*log, *events]).model_dump() == after.model_dump()


def test_an_extended_corridor_turns_a_corner_where_a_geotile_stands_in_line() -> None:
    """DW-GEN-7: "else use imaginary linked corridors with leaders in front": where the straight line
    is taken (here by the other corridor) the corridor turns a corner and goes on (how we draw the
    imaginary linked corridor), walls intact, each squad whole, leader in front."""
    from engine.spacehulk.actions import BuildForce
    from engine.spacehulk.dw_types.force import ForceOrder, SquadOrder

    state = game("dw_generator", 0, force_points=50)
    after, _ = step(
        RULES, state, "marine", BuildForce(order=ForceOrder(squads=(SquadOrder(squad="recon"),) * 12))
    )
    bent = [
        run
        for run in after.mission.marine_corridors
        if len({sq[0] for sq in run}) > 1 and len({sq[1] for sq in run}) > 1
    ]
    assert len(bent) == 1
    _walls_intact(after)
    assert all(len(c) == 1 for c in _corridor_of(after).values())


def test_corridors_that_cannot_grow_refuse_the_force() -> None:
    """DW-GEN-7: a board without geotile ports to grow from (a kept map) cannot extend its corridors:
    a force that does not fit is refused with the squads' and corridors' sizes."""
    from engine.spacehulk.corridors import extend_corridors, fits
    from engine.spacehulk.dw_types.force import ForceOrder, SquadOrder
    from engine.spacehulk.force_list import build as build_force

    state = game("dw_raid", 2, force_points=50)
    men, _t, _c = build_force(ForceOrder(squads=(SquadOrder(squad="recon"),) * 3), 50)
    assert fits(state.mission, men)
    kept = state.mission.model_copy(update={"corridor_ports": ()})
    assert extend_corridors(kept, men) is None and not fits(kept, men)
    from engine.spacehulk.actions import BuildForce

    with pytest.raises(Rejected) as refused:
        step(
            RULES,
            with_(state, mission=kept),
            "marine",
            BuildForce(order=ForceOrder(squads=(SquadOrder(squad="recon"),) * 3)),
        )
    assert refused.value.message_id == "spacehulk.force.squads"
    assert refused.value.params == {"sizes": "3, 3, 3", "rooms": "5, 5"}


def test_the_force_list_points_of_a_generated_mission_are_at_most_the_bid_maximum() -> None:
    """DW-GEN-2: the Marine force comes from the Force List with a bid maximum of 50: a table budget
    above it is refused at setup, naming the option, its value and the accepted range."""
    for mission in ("dw_generator", "dw_raid"):
        with pytest.raises(Rejected) as refused:
            game(mission, 2, force_points=51)
        assert refused.value.message_id == "spacehulk.option.force_points"
        assert refused.value.params == {"option": "force_points", "value": 51, "low": 5, "high": 50}
        assert "force_points" in str(refused.value) and "51" in str(refused.value)
    assert isinstance(game("dw_raid", 2, force_points=50).top(), AgBuildForce)


def test_a_campaign_sized_force_grows_the_corridors_and_a_misfit_is_refused_at_once() -> None:
    """DW-GEN-6, DW-GEN-7 at the campaign's scale (125 points: up to 31 three-man Recon squads): the
    corridors grow to hold all 93 whole squads; squads that cannot be packed into given corridors
    (93 men in fives into 46 and 47 squares) are refused without trying every way (a plain
    depth-first search would take hours)."""
    from engine.spacehulk.corridors import extend_corridors, place_squads
    from engine.spacehulk.missions import MarineSpec

    state = game("dw_raid", 2, force_points=50)
    men = [MarineSpec(name=f"x{i}", squad=f"s{i // 3}", sergeant=i % 3 == 0) for i in range(93)]
    grown = extend_corridors(state.mission, men)
    assert grown is not None and sum(len(r) for r in grown.marine_corridors) == 93
    placed = place_squads(men, grown.marine_corridors)
    assert placed is not None and len({m.square for m in placed}) == 93
    fives = [MarineSpec(name=f"y{i}", squad=f"t{i // 5}") for i in range(93)]
    rows = [tuple((k, 0, 0) for k in range(46)), tuple((k, 2, 0) for k in range(47))]
    assert place_squads(fives, rows) is None


def test_reconnaissance_with_no_last_turn_names_only_the_fifth_genestealer() -> None:
    """DW-SC1: a mission with no blip total has no last turn to reckon (`held_turn` is None): the
    refusal names the 5th Genestealer only, never a "turn 0"."""
    state = game("dw_reconnaissance", 2)
    mission = state.mission.model_copy(update={"blip_total": None})
    assert held_turn(mission) is None
    with pytest.raises(Rejected) as refused:
        step(RULES, with_(state, mission=mission), "marine", Teleport(model="m1"))
    assert refused.value.message_id == "spacehulk.teleport.locked_count"
    assert refused.value.params == {"count": 5}
