"""Defend Perimeter's Marine deployment (DW-SC3): "Marines deploy anywhere. He picks 4 entry areas
pre-secured"; in the campaign the 4 areas carried from Establish Perimeter replace the pick
(DW-CMP-11, A-45). The readings are in engine/spacehulk/deployment.py."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rejected, fold, new_game, play_pilots, step
from engine.spacehulk import RULES
from engine.spacehulk.actions import Deploy, EndDeployment, EndTurn, PickPerimeter
from engine.spacehulk.board import square_name
from engine.spacehulk.board.board import chebyshev
from engine.spacehulk.campaign.state import MissionBrief
from engine.spacehulk.deployment import guard_posts, home, open_entries
from engine.spacehulk.missions import MarineSpec
from engine.spacehulk.state import AgDeploy, SpaceHulkState


def game(seed: int = 6, **options: Any) -> tuple[SpaceHulkState, list[Any]]:
    return new_game(RULES, {"mission": "dw_defend_perimeter", "timer_mode": "untimed", **options}, seed)


def refused(state: SpaceHulkState, action: Any) -> Rejected:
    with pytest.raises(Rejected) as caught:
        step(RULES, state, "marine", action)
    return caught.value


def test_defend_perimeter_opens_with_the_marine_deployment() -> None:
    """DW-SC3: before turn 1 the Marine player deploys; the Marines start in the corridors (the
    placement the shortcut keeps) and the 4 nearest areas stand pre-secured until he picks others.
    Other scenarios have no such step."""
    state, _ = game()
    assert isinstance(state.top(), AgDeploy) and state.top().pick  # type: ignore[union-attr]
    assert RULES.active_seats(state) == frozenset({"marine"}) and state.turn == 0
    corridors = {sq for run in state.mission.marine_corridors for sq in run}
    assert {p.pos for p in state.marines()} <= corridors
    assert state.secured == list(state.mission.secured_start) and len(state.secured) == 4
    legal = RULES.legal_actions(state, "marine")
    assert legal[0] == EndDeployment()  # a deadline takes the first: what is placed stays
    assert EndDeployment(corridors=True) in legal and any(isinstance(a, PickPerimeter) for a in legal)
    assert len(legal) < 60  # a sample, not every square x facing
    for other in ("dw_establish_perimeter", "dw_raid"):
        s, _ = new_game(RULES, {"mission": other, "timer_mode": "untimed"}, 6)
        assert not isinstance(s.top(), AgDeploy)


def test_a_marine_deploys_on_any_empty_floor_square_with_a_facing_seen_by_both() -> None:
    """DW-SC3: "Marines deploy anywhere": a floor square far from the corridors, any facing; the
    Genestealer player sees him there (Marines are public), and he may be placed again."""
    state, log = game()
    far = next(
        sq
        for sq in sorted(
            state.board.cells, key=lambda sq: -min(chebyshev(sq, p.pos) for p in state.marines())
        )  # type: ignore[arg-type]
        if not refused_quietly(state, Deploy(model="m1", square=sq, facing="W"))
    )
    after, events = step(RULES, state, "marine", Deploy(model="m1", square=far, facing="W"))
    assert [e.kind for e in events] == ["deployed"]
    assert after.pieces["m1"].pos == far and after.pieces["m1"].facing == "W"
    seen = RULES.view(after, "genestealer")
    assert next(p for p in seen.pieces if p.id == "m1").square == far  # type: ignore[attr-defined]
    again, _ = step(RULES, after, "marine", Deploy(model="m1", square=state.pieces["m1"].pos, facing="N"))  # type: ignore[arg-type]
    assert again.pieces["m1"].pos == state.pieces["m1"].pos and again.pieces["m1"].facing == "N"
    assert fold(RULES, [*log, *events]).model_dump() == after.model_dump()


def refused_quietly(state: SpaceHulkState, action: Any) -> bool:
    try:
        step(RULES, state, "marine", action)
    except Rejected:
        return True
    return False


def test_a_placement_on_a_wall_off_the_board_taken_or_at_an_open_entry_area_is_refused() -> None:
    """DW-SC3 reading of "anywhere": walls, squares off the board, door squares, squares a crate or
    cryo tank bars, squares another model holds, and an open entry area's entry square and the 8
    around it are refused, each with its reason and square."""
    state, _ = game()
    board = state.board
    wall = next(
        (x, y, 0) for y in range(board.height) for x in range(board.width) if (x, y, 0) not in board.cells
    )
    cases: list[tuple[tuple[int, int, int], str, dict[str, Any]]] = [
        (wall, "spacehulk.deploy.wall", {"square": square_name(wall)}),
        ((-1, 0, 0), "spacehulk.deploy.off_board", {}),
        ((board.width, 2, 0), "spacehulk.deploy.off_board", {}),
        (state.pieces["m2"].pos, "spacehulk.deploy.occupied", {"other": state.pieces["m2"].name}),  # type: ignore[list-item]
        (board.doors[0].square, "spacehulk.deploy.door", {}),
    ]
    barred = [sq for sq, cell in board.cells.items() if cell.feature in ("crate", "cryo")]
    cases.append((barred[0], "spacehulk.deploy.feature", {}))
    area, entry = next(iter(open_entries(state).items()))
    beside = next(sq for _d, sq in board.neighbours(entry) if sq not in board.door_index)
    cases += [
        (entry, "spacehulk.deploy.entry", {"area": area}),
        (beside, "spacehulk.deploy.entry", {"area": area, "square": square_name(beside)}),
    ]
    for square, message_id, params in cases:
        why = refused(state, Deploy(model="m1", square=square, facing="N"))
        assert why.message_id == message_id, (square, why)
        assert params.items() <= why.params.items(), why.params
        assert str(why)  # a sentence for the player
    assert (
        refused(state, Deploy(model="m99", square=wall, facing="N")).message_id
        == "spacehulk.deploy.not_marine"
    )
    secured = state.secured[0]
    near_secured = board.entries[secured].square
    ok = next(
        (
            sq
            for _d, sq in board.neighbours(near_secured)
            if not refused_quietly(state, Deploy(model="m1", square=sq, facing="N"))
        ),
        None,
    )
    assert ok is not None  # beside a pre-secured area's entry square he may stand


def test_the_marine_player_picks_exactly_four_entry_areas() -> None:
    """DW-SC3: "He picks 4 entry areas pre-secured": exactly 4 different areas the Genestealers may
    use; the pick replaces the nearest four; a pick leaving a Marine at an open area is refused."""
    state, _ = game()
    usable = state.mission.usable_areas()
    assert len(usable) >= 5
    pick = tuple(usable[-4:])
    assert refused(state, PickPerimeter(areas=pick[:3])).message_id == "spacehulk.deploy.areas"
    assert refused(state, PickPerimeter(areas=(*pick[:3], pick[0]))).message_id == "spacehulk.deploy.areas"
    assert refused(state, PickPerimeter(areas=(*pick, usable[0]))).message_id == "spacehulk.deploy.areas"
    assert (
        refused(state, PickPerimeter(areas=(*pick[:3], "zz"))).message_id == "spacehulk.deploy.unknown_area"
    )
    after, events = step(RULES, state, "marine", PickPerimeter(areas=pick))
    assert after.secured == list(pick) and [e.kind for e in events] == ["perimeter_picked"]
    # a Marine beside a pre-secured area pins it: a pick without that area is refused
    area = after.secured[0]
    entry = after.board.entries[area].square
    beside = next(
        sq
        for _d, sq in after.board.neighbours(entry)
        if not refused_quietly(after, Deploy(model="m1", square=sq, facing="N"))
    )
    pinned, _ = step(RULES, after, "marine", Deploy(model="m1", square=beside, facing="N"))
    others = tuple(a for a in usable if a != area)[:4]
    why = refused(pinned, PickPerimeter(areas=others))
    assert why.message_id == "spacehulk.deploy.pick_blocked" and why.params["area"] == area


def test_the_shortcut_puts_every_marine_back_in_the_corridors_and_turn_one_begins() -> None:
    """DW-SC3 with DW-GEN-6: "deploy in the corridors" (the placement every generated mission starts
    from: each squad whole, leader in front) ends the step; then turn 1 begins with the Marines."""
    state, _ = game()
    start = {p.id: (p.pos, p.facing) for p in state.marines()}
    assert {k: (v[0], v[1]) for k, v in home(state).items()} == start
    post, facing = guard_posts(state, 1)[0]
    moved, _ = step(RULES, state, "marine", Deploy(model="m3", square=post, facing=facing))
    back, events = step(RULES, moved, "marine", EndDeployment(corridors=True))
    assert {p.id: (p.pos, p.facing) for p in back.marines()} == start
    assert "deployment_ended" in [e.kind for e in events]
    assert not isinstance(back.top(), AgDeploy) and back.turn == 1 and back.phase == "marine"
    kept, _ = step(RULES, moved, "marine", EndDeployment())
    assert kept.pieces["m3"].pos == post and kept.turn == 1
    with pytest.raises(Rejected) as late:
        step(RULES, kept, "marine", Deploy(model="m3", square=start["m3"][0], facing="N"))  # type: ignore[arg-type]
    assert late.value.message_id == "spacehulk.deploy.none"
    assert EndTurn() in RULES.legal_actions(kept, "marine")


def test_the_pilot_and_random_play_deploy_and_the_game_ends() -> None:
    """DW-SC3: the Marine pilot sends each Marine to a guard post facing an open area, then ends the
    step; every post it is offered is legal; a whole seeded game ends and replays."""
    state, log = game(2)
    for action in RULES.legal_actions(state, "marine"):
        step(RULES, state, "marine", action)  # every offered answer is accepted
    after, events = play_pilots(RULES, state, RULES.seats, max_steps=20_000)
    deployed = {e.model for e in events if e.kind == "deployed"}
    assert deployed == {p.id for p in state.marines()}
    assert after.outcome is not None
    assert fold(RULES, [*log, *events]).model_dump() == after.model_dump()


def _brief(secured: tuple[str, ...]) -> dict[str, Any]:
    marines = tuple(MarineSpec(name=f"a{i}", squad="standard-1", sergeant=i == 0) for i in range(5)) + tuple(
        MarineSpec(name=f"b{i}", squad="standard-2", sergeant=i == 0) for i in range(5)
    )
    brief = MissionBrief(
        scenario="defend_perimeter",
        number=3,
        attempt=1,
        squads=("standard-1", "standard-2"),
        marines=marines,
        blips_left=100,
        turn_seconds=180,
        secured=secured,
    )
    return brief.model_dump(mode="json")


def test_the_campaign_carries_the_four_areas_but_the_marines_still_deploy_anywhere() -> None:
    """DW-CMP-11, A-45: in the campaign the 4 areas whose securing won Establish Perimeter stay
    secured in place of the pick (PickPerimeter is refused), and DW-SC3's "deploy anywhere" holds."""
    plain, _ = game(8)
    carried = tuple(plain.mission.usable_areas()[-4:])
    state, _ = new_game(
        RULES, {"mission": "dw_defend_perimeter", "timer_mode": "untimed", "brief": _brief(carried)}, 8
    )
    top = state.top()
    assert isinstance(top, AgDeploy) and not top.pick
    assert tuple(state.secured) == carried
    legal = RULES.legal_actions(state, "marine")
    assert not any(isinstance(a, PickPerimeter) for a in legal)
    assert refused(state, PickPerimeter(areas=carried)).message_id == "spacehulk.deploy.carried"
    post = next(a for a in legal if isinstance(a, Deploy))
    after, _ = step(RULES, state, "marine", post)
    assert after.pieces[post.model].pos == post.square
    uncarried, _ = new_game(
        RULES, {"mission": "dw_defend_perimeter", "timer_mode": "untimed", "brief": _brief(())}, 8
    )
    assert uncarried.top().pick  # type: ignore[union-attr]  # nothing carried: he picks (A-45's fallback)


def test_the_order_language_deploys_picks_and_ends() -> None:
    """DW-SC3 by `/order`: `M1 deploy D7 N` places a Marine, `perimeter ...` picks the 4 areas, `end`
    ends the deployment as placed (`corridors` takes the shortcut); a bad square stops the order
    with the rules' own reason, the steps before it kept."""
    from engine.core.orders import play_order
    from engine.spacehulk.orders import read

    state, _ = game()
    post, facing = guard_posts(state, 1)[0]
    usable = state.mission.usable_areas()
    text = f"M2 deploy {square_name(post)} {facing} perimeter {' '.join(usable[-4:])} end"
    result = play_order(RULES, state, "marine", text)
    after = result.state
    assert after.pieces["m2"].pos == post and after.pieces["m2"].facing == facing
    assert after.secured == list(usable[-4:]) and not isinstance(after.top(), AgDeploy) and after.turn == 1
    wall = next(
        (x, y, 0)
        for y in range(state.board.height)
        for x in range(state.board.width)
        if (x, y, 0) not in state.board.cells
    )
    stopped = play_order(
        RULES, state, "marine", f"M2 deploy {square_name(post)} S M3 desplegar {square_name(wall)} O"
    )
    assert (
        stopped.state.pieces["m2"].facing == "S" and stopped.state.pieces["m3"].pos == state.pieces["m3"].pos
    )
    assert stopped.refusal is not None and stopped.refusal.message_id == "spacehulk.deploy.wall"
    assert stopped.failed_at == 1
    back = play_order(RULES, stopped.state, "marine", "pasillos").state
    assert {p.id: p.pos for p in back.marines()} == {p.id: p.pos for p in state.marines()}
    with pytest.raises(Rejected) as unread:
        read("M1 deploy D7")
    assert unread.value.message_id == "spacehulk.order.deploy_needed"


def test_a_deadline_ends_the_deployment_as_placed() -> None:
    """DW-SC3 at the asynchronous pace: the Marine prompt's deadline ends the deployment keeping the
    Marines where the player put them (no placement lost)."""
    state, _ = game(timer_mode="budget")
    post, facing = guard_posts(state, 1)[0]
    placed, _ = step(RULES, state, "marine", Deploy(model="m4", square=post, facing=facing))
    [limit] = RULES.time_limits(placed)
    assert limit.action == EndDeployment()
    after, _ = step(RULES, placed, "marine", limit.action)
    assert after.pieces["m4"].pos == post and after.turn == 1
