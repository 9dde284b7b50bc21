"""The Last Battle of Cloud Runner (DW-CR-1 .. DW-CR-10, A-32): ten boards in one game, survivors carried
over, the leader's room on board 10, the reinforcement D6, the results table, and seeded whole runs
that end."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rejected, dice_for, fold, new_game, step
from engine.spacehulk import RULES
from engine.spacehulk.actions import EndTurn, Move
from engine.spacehulk.board import chebyshev
from engine.spacehulk.cloud_runner import REINFORCEMENT_D6, force, reinforce
from engine.spacehulk.combat import _dice_count
from engine.spacehulk.missions import result_of
from engine.spacehulk.state import Piece, SpaceHulkState
from engine.spacehulk.tape import Tape
from tests.engine.helpers import ScriptedDice

from .runner_pilot import choose


def game(seed: int = 1) -> SpaceHulkState:
    state, _ = new_game(RULES, {"mission": "dw_cloud_runner", "timer_mode": "untimed"}, seed)
    return state


def with_(state: SpaceHulkState, **changes: Any) -> SpaceHulkState:
    s = state.clone()
    for key, value in changes.items():
        setattr(s, key, value)
    return s


def test_cloud_runners_force() -> None:
    """DW-CR-1: Cloud Runner (Captain: storm bolter, power sword, grenade launcher), Weasel-Fierce
    (Sergeant), Lame Bear (Sergeant, assault cannon with 3 reloads, chainfist), Bloody Moon (Sergeant,
    heavy flamer with 1 reload, chainfist), Wisdom Keeper (Librarian level 1, force axe)."""
    men = {m.name: m for m in force()}
    assert list(men) == ["Cloud Runner", "Weasel-Fierce", "Lame Bear", "Bloody Moon", "Wisdom Keeper"]
    assert men["Cloud Runner"].captain and men["Cloud Runner"].melee == "power_sword"
    assert men["Cloud Runner"].grenades == 10
    assert men["Lame Bear"].weapon == "assault_cannon" and men["Lame Bear"].reloads == 3
    assert men["Lame Bear"].melee == men["Bloody Moon"].melee == "chainfist"
    assert men["Bloody Moon"].weapon == "heavy_flamer" and men["Bloody Moon"].reloads == 1
    assert men["Wisdom Keeper"].mastery == 1 and men["Wisdom Keeper"].melee == "force_axe"
    assert sum(m.sergeant for m in men.values()) == 3


def test_board_one_starts_in_the_entry_corridor_with_no_genestealer() -> None:
    """DW-CR-2, DW-CR-4, DW-CR-5, DW-CR-9: the squad in the entry corridor, no Genestealer on board,
    an exit corridor to reach, and the Marine may secure any entry area."""
    state = game(3)
    m = state.mission
    assert m.scenario == "cloud_runner" and m.securing and m.reinforcements == 0
    assert len(state.marines()) == 5 and {p.pos for p in state.marines()} == set(m.marine_corridors[0])
    assert not [p for p in state.pieces.values() if p.kind != "marine"]
    assert len(m.objective) == 5 and not set(m.objective) & set(m.marine_corridors[0])


def _into_exit(state: SpaceHulkState) -> tuple[SpaceHulkState, Move]:
    """Four Marines already in the exit corridor, the fifth one step short of it."""
    exit_ = state.mission.objective
    marines = sorted(state.marines(), key=lambda p: p.number)
    pieces = dict(state.pieces)
    for p, sq in zip(marines[:4], exit_[1:], strict=True):
        pieces[p.id] = p.model_copy(update={"pos": sq})
    last = marines[4]
    e0, e1 = exit_[0], exit_[1]
    outside = (2 * e0[0] - e1[0], 2 * e0[1] - e1[1], 0)  # the exit arrow's corridor end, next to it
    facing = {(0, -1): "N", (1, 0): "E", (0, 1): "S", (-1, 0): "W"}[(e0[0] - outside[0], e0[1] - outside[1])]
    pieces[last.id] = last.model_copy(update={"pos": outside, "facing": facing})
    return with_(state, pieces=pieces), Move(model=last.id, to=exit_[0])


def test_the_board_ends_when_every_survivor_is_in_the_exit_corridor() -> None:
    """DW-CR-5, A-32: the moment every surviving Marine stands in the exit corridor, every figure is
    removed (Genestealers and blips discarded, not kills), the next board is built and the survivors
    stand in its entry corridor keeping ammunition, reloads, psychic points, bursts and the turn count."""
    state = game(4)
    state, move = _into_exit(state)
    lame_bear = next(p for p in state.marines() if p.name == "Lame Bear")
    worn = lame_bear.model_copy(update={"ammo": 3, "reloads": 1, "bursts": 7})
    far = next(sq for sq in state.board.cells if all(chebyshev(sq, m.pos) > 3 for m in state.marines()))
    pieces = {
        **state.pieces,
        worn.id: worn,
        "g90": Piece(id="g90", kind="genestealer", pos=far, facing="N", ap=6),
    }
    pieces["b91"] = Piece(id="b91", kind="blip", area="1", ap=6)
    state = with_(state, pieces=pieces, next_id=92, blips={"b91": 2}, kills=7, tally={"board": 1})
    before = state.turn
    after, events = step(RULES, state, "marine", move)
    entered = [e for e in events if e.kind == "board_entered"]
    assert len(entered) == 1 and entered[0].board == 2 and set(entered[0].removed) == {"g90", "b91"}
    assert after.kills == 7 and after.tally["board"] == 2  # discarded, not kills
    assert after.turn == before + 1 and after.phase == "marine"  # a new turn on the new board
    assert "b91" not in after.blips and after.bag.get(2, 0) == state.bag.get(2, 0) + 1
    assert {p.pos for p in after.marines()} == set(after.mission.marine_corridors[0])
    assert not [p for p in after.pieces.values() if p.kind != "marine"]
    kept = after.pieces[worn.id]
    assert (kept.ammo, kept.reloads, kept.bursts) == (3, 1, 7)
    assert after.mission.name.endswith("board 2") and after.mission.map_text != state.mission.map_text


def test_board_ten_holds_the_leader_and_three_converted_blips_in_the_control_room() -> None:
    """DW-CR-7, A-32: geotile 10 joins the second tile's exit arrow; the leader in a corner farthest
    from the door, Genestealers of a converted blip in each other corner; no exit corridor."""
    state = game(5)
    state, move = _into_exit(state)
    state = with_(state, tally={"board": 9})
    after, _ = step(RULES, state, "marine", move)
    m = after.mission
    assert after.tally["board"] == 10 and m.objective == ()
    stealers = [p for p in after.pieces.values() if p.kind == "genestealer"]
    leader = [p for p in stealers if p.leader]
    assert len(leader) == 1 and len(stealers) >= 4
    room = set(after.board.sections[after.board.cells[leader[0].pos].section])
    assert all(p.pos in room for p in stealers)
    door = next(sq for sq in after.board.door_index if any(chebyshev(sq, r) == 1 for r in room))
    dist = after.board.walk_distances(door, 100)
    corners = [sq for sq in room if sum(1 for n in room if chebyshev(sq, n) == 1) == 3]
    assert len(corners) == 4
    assert dist[leader[0].pos] == max(dist[c] for c in corners)
    for corner in corners:
        assert corner in {p.pos for p in stealers}


def test_the_leader_has_nine_ap_and_four_attack_dice() -> None:
    """DW-CR-8, A-32: the leader has 9 AP and rolls 4 dice in every close assault, 3 from side or rear."""
    state = game(5)
    state, move = _into_exit(state)
    state = with_(state, tally={"board": 9})
    after, _ = step(RULES, state, "marine", move)
    leader = next(p for p in after.pieces.values() if p.leader)
    assert leader.ap == 9
    from renderers.spacehulk.text import panel_lines

    seen = [p for p in RULES.view(after, "marine").pieces if p.leader]
    assert [p.id for p in seen] == [leader.id]  # public: the marked leader
    assert any(
        leader.id.upper() in line and "9 AP" in line for line in panel_lines(RULES.view(after, None), "en")
    )
    other = next(p for p in after.pieces.values() if p.kind == "genestealer" and not p.leader)
    assert other.ap == 6
    tape = Tape(RULES, after, ScriptedDice())
    marine = after.marines()[0]
    front = marine.model_copy(update={"pos": (leader.pos[0], leader.pos[1] - 1, 0)})
    behind_facing = {"N": "S", "S": "N", "E": "W", "W": "E"}
    assert _dice_count(tape, leader, marine, attacking=True) == 4
    faced = leader.model_copy(update={"facing": "N"})
    assert _dice_count(tape, faced, front, attacking=False) == 4
    rear = faced.model_copy(update={"facing": behind_facing["N"]})
    assert _dice_count(tape, rear, front, attacking=False) == 3


@pytest.mark.parametrize("roll", range(1, 7))
def test_the_reinforcement_d6(roll: int) -> None:
    """DW-CR-9: 1 none, 2 one ambush marker, 3-4 one blip, 5 two, 6 three."""
    assert (
        REINFORCEMENT_D6[roll]
        == {1: (0, False), 2: (0, True), 3: (1, False), 4: (1, False), 5: (2, False), 6: (3, False)}[roll]
    )
    state = game(6)
    dice = [roll] + ([1] if roll == 2 else [])  # a 2 draws from the cup: index 1 is an echo
    tape = Tape(RULES, state.clone(), ScriptedDice(dice))
    assert reinforce(tape) == REINFORCEMENT_D6[roll][0]
    rolled = [e for e in tape.events if e.kind == "reinforcement_rolled"]
    assert rolled and rolled[0].roll == roll


def test_an_ambush_roll_places_a_genestealer_six_squares_out_of_sight_or_costs_a_command_point() -> None:
    """DW-CR-9, A-32, DW-SOLO-6: a rolled ambush marker is resolved at once: a Genestealer on a square
    exactly 6 from the nearest Marine that no Marine sees, or (echo) -1 CP next command phase."""
    state = game(6)
    cup = sorted(r for r, n in state.options.variants.ambush_cup.items() for _ in range(n))
    tape = Tape(RULES, state.clone(), ScriptedDice([2, cup.index("genestealer"), 0]))
    reinforce(tape)
    placed = [e for e in tape.events if e.kind == "stealer_placed"]
    if placed:
        sq = placed[0].square
        nearest = min(
            tape.board.walk_distances(m.pos, 20).get(sq, 99) for m in state.marines() if m.pos is not None
        )
        assert nearest == 6 and not tape.marine_sees(sq)
    else:
        assert [e for e in tape.events if e.kind == "reinforcement_rolled"][0].square is None
    echo = Tape(RULES, state.clone(), ScriptedDice([2, cup.index("echo")]))
    reinforce(echo)
    assert echo.state.cp_penalty == 1
    tape = Tape(RULES, echo.state, ScriptedDice([4]))
    from engine.spacehulk.turn import begin_turn

    begin_turn(tape)
    drawn = [e for e in tape.events if e.kind == "cp_drawn"][0]
    assert drawn.cp == 4 + drawn.bonus - 1 and tape.state.cp_penalty == 0


def test_the_results_table_by_kills() -> None:
    """DW-CR-10, A-32: 0-20, 21-50, 51-75, 76-99, 100+, shown win or lose."""
    assert [result_of(k) for k in (0, 20, 21, 50, 51, 75, 76, 99, 100, 250)] == [
        "incompetence",
        "incompetence",
        "badly",
        "badly",
        "ordinary",
        "ordinary",
        "famous",
        "famous",
        "heroic",
        "heroic",
    ]
    state = game(2)
    won = with_(state, kills=80, tally={"leader": 1, "board": 10})
    outcome = state.mission.check(won, "immediate", None)  # type: ignore[arg-type]
    assert outcome is not None and outcome.reason == "spacehulk.win.leader"  # DW-CR-3: kill the leader
    assert outcome.params == {"kills": 80, "result": "famous", "board": 10}
    lost = with_(state, pieces={}, kills=30, tally={"board": 4})
    outcome = state.mission.check(lost, "immediate", None)  # type: ignore[arg-type]
    assert outcome is not None and outcome.winners == ("genestealer",)
    assert outcome.params == {"kills": 30, "result": "badly", "board": 4}


def run(seed: int, max_steps: int = 30_000) -> tuple[SpaceHulkState, list[Any]]:
    """A whole run: the test's runner pilot for the Marines, the engine's Genestealer pilot."""
    state, log = new_game(RULES, {"mission": "dw_cloud_runner", "timer_mode": "untimed"}, seed)
    stealers = RULES.pilot("genestealer")
    for _ in range(max_steps):
        if RULES.outcome(state) is not None:
            return state, log
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        dice = dice_for(state).fork(f"pilot:{seat}")
        if seat == "marine":
            action = choose(state, legal, dice)
        else:
            action = stealers.choose(RULES.view(state, seat), legal, dice)
        state, events = step(RULES, state, seat, action)
        log.extend(events)
    raise AssertionError(f"seed {seed}: the run did not end")


@pytest.mark.parametrize("seed", [0, 1])
def test_a_seeded_whole_run_ends(seed: int) -> None:
    """DW-CR-3 .. DW-CR-10: a seeded run crosses boards in one game and ends (a win on seed 0); the log
    folds back to the live state."""
    state, log = run(seed)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.params["board"] >= 2
    assert sum(1 for e in log if e.kind == "board_entered") == outcome.params["board"] - 1
    assert fold(RULES, log).model_dump() == state.model_dump()
    if seed == 0:
        assert outcome.reason == "spacehulk.win.leader" and outcome.params["board"] == 10


def _at_cache(state: SpaceHulkState, name: str, **carried: Any) -> tuple[SpaceHulkState, str]:
    """The named Marine on a free square with a cache tank directly ahead."""
    board = state.board
    tank = state.mission.cache[0]
    taken = {p.pos for p in state.pieces.values()}
    vectors = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
    facing, sq = next(
        (f, (tank[0] - dx, tank[1] - dy, 0))
        for f, (dx, dy) in vectors.items()
        if (tank[0] - dx, tank[1] - dy, 0) in board.cells
        and (tank[0] - dx, tank[1] - dy, 0) not in board.static_blocks_move
        and (tank[0] - dx, tank[1] - dy, 0) not in taken
    )
    man = next(p for p in state.marines() if p.name == name)
    man = man.model_copy(update={"pos": sq, "facing": facing, **carried})
    return with_(state, pieces={**state.pieces, man.id: man}), man.id


def test_the_weapons_cache_on_boards_one_to_nine() -> None:
    """DW-CR-6: a heavy flamer or assault cannon Marine with the cache in a front square takes 1 reload
    per 4 AP, into the weapon or the reserve, at most 1 heavy-flamer or 3 assault-cannon reloads."""
    from engine.spacehulk.actions import Reload

    state = game(8)
    assert state.mission.cache and all(state.board.cells[sq].feature == "cryo" for sq in state.mission.cache)
    full, lame = _at_cache(state, "Lame Bear", ammo=10, reloads=1)
    after, _ = step(RULES, full, "marine", Reload(model=lame))
    assert (after.pieces[lame].ammo, after.pieces[lame].reloads, after.pieces[lame].ap) == (10, 2, 0)
    empty, lame = _at_cache(state, "Lame Bear", ammo=0, reloads=3)
    after, _ = step(RULES, empty, "marine", Reload(model=lame))
    assert (after.pieces[lame].ammo, after.pieces[lame].reloads) == (10, 3)  # into the weapon
    capped, lame = _at_cache(state, "Lame Bear", ammo=10, reloads=3)
    with pytest.raises(Rejected) as refused:
        step(RULES, capped, "marine", Reload(model=lame))
    assert refused.value.message_id == "spacehulk.reload.cache_full"
    flamer, moon = _at_cache(state, "Bloody Moon", ammo=6, reloads=1)
    with pytest.raises(Rejected):
        step(RULES, flamer, "marine", Reload(model=moon))  # the heavy flamer carries 1 at most
    bolter, weasel = _at_cache(state, "Weasel-Fierce")
    assert Reload(model=weasel) not in RULES.legal_actions(bolter, "marine")
    gone, lame = _at_cache(state, "Lame Bear", ammo=10, reloads=0)
    wrecked = with_(gone, wrecked=list(state.mission.cache))
    with pytest.raises(Rejected):
        step(RULES, wrecked, "marine", Reload(model=lame))  # a destroyed tank is no cache: no spare left


def test_the_alternative_force_is_a_force_list_squad_of_up_to_twenty_points() -> None:
    """DW-CR-1: instead of Cloud Runner's five, one Force List force of up to 20 points (the table's
    force_points, capped at 20), built in the entry corridor; it crosses the boards as his would. A force
    of two squads is refused even when it fits the corridor and the 20 points ("one squad")."""
    from engine.spacehulk.actions import BuildForce
    from engine.spacehulk.dw_types.force import ForceOrder, SquadOrder

    state, _ = new_game(RULES, {"mission": "dw_cloud_runner", "timer_mode": "untimed", "force_points": 50}, 3)
    assert state.top().kind == "build_force" and state.options.variants.force_points == 20
    command = BuildForce(order=ForceOrder(squads=(SquadOrder(squad="command"),)))
    with pytest.raises(Rejected) as refused:
        step(RULES, state, "marine", command)  # 20 + 1 timer point
    assert refused.value.message_id == "spacehulk.force.budget"
    two = BuildForce(order=ForceOrder(squads=(SquadOrder(squad="standard"), SquadOrder(squad="recon"))))
    with pytest.raises(Rejected) as refused:
        step(RULES, state, "marine", two)  # 15 points, but 8 men for 5 squares
    assert refused.value.message_id == "spacehulk.force.room"
    pair = (SquadOrder(squad="heavy", heavy="heavy_flamer"), SquadOrder(squad="recon"))
    with pytest.raises(Rejected) as refused:
        step(RULES, state, "marine", BuildForce(order=ForceOrder(squads=pair)))  # 10 points, 5 men, 2 squads
    assert refused.value.message_id == "spacehulk.force.one_squad" and refused.value.params == {"count": 2}
    legal = RULES.legal_actions(state, "marine")
    assert legal and all(len(a.order.squads) == 1 for a in legal if isinstance(a, BuildForce))
    order = BuildForce(order=ForceOrder(squads=(SquadOrder(squad="standard"),)))
    after, _ = step(RULES, state, "marine", order)
    assert len(after.marines()) == 5
    assert {p.pos for p in after.marines()} == set(after.mission.marine_corridors[0])


def test_the_genestealer_pilot_moves_the_leader_after_the_others() -> None:
    """DW-CR-8: the marked leader moves like the others but after all of them (the engine's pilot)."""
    state = game(5)
    state, move = _into_exit(state)
    state = with_(state, tally={"board": 9})
    state, _ = step(RULES, state, "marine", move)
    state, _ = step(RULES, state, "marine", EndTurn())
    pilot = RULES.pilot("genestealer")
    leader = next(p.id for p in state.pieces.values() if p.leader)
    moved: list[str] = []
    for _ in range(400):
        if state.phase != "stealer" or RULES.outcome(state) is not None:
            break
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        action = (
            pilot.choose(RULES.view(state, seat), legal, dice_for(state).fork("t"))
            if seat == "genestealer"
            else legal[0]
        )
        model = getattr(action, "model", None)
        if (
            seat == "genestealer"
            and isinstance(model, str)
            and model.startswith("g")
            and action.kind == "move"
        ):
            moved.append(model)
        state, _ = step(RULES, state, seat, action)
    assert leader in moved and len(set(moved)) > 1
    first = moved.index(leader)
    assert all(m == leader for m in moved[first:])  # once the leader moves, nobody else does
