"""Deathwing multi-level play: sight and fire through holes, ladders (deathwing.md §2.3; worked example T-8).

Levels grow downwards: [level 1] lies below [level 0] (mapfile.py). Pieces are placed on explicit squares.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rejected
from engine.spacehulk import RULES
from engine.spacehulk.actions import Assault, Climb, Fire, Grenade, Jump, Move, SetFacing, Shift, Stand
from engine.spacehulk.missions import KillStealers, Mission
from engine.spacehulk.options import SpaceHulkOptions
from engine.spacehulk.queries import Queries
from engine.spacehulk.state import Piece, SpaceHulkState
from tests.engine.helpers import of_kind

from .helpers import act

PREFIX = {"marine": "m", "genestealer": "g", "blip": "b"}


def two_levels(upper: str, lower: str, *pieces: dict[str, Any], phase: str = "marine") -> SpaceHulkState:
    """A two-level map; pieces are dicts with kind, pos and the rest of their fields, numbered in order."""
    text = f"[level 0]\n{upper}\n[level 1]\n{lower}"
    mission = Mission(
        id="test",
        name="Test",
        map_name="test",
        map_text=text,
        marines=(),
        win=(KillStealers(count=99),),
        lose=(),
        reinforcements=0,
    )
    made: dict[str, Piece] = {}
    blips: dict[str, int] = {}
    for n, spec in enumerate(pieces, start=1):
        spec = dict(spec)
        pid = f"{PREFIX[spec['kind']]}{n}"
        value = spec.pop("value", None)
        made[pid] = Piece(id=pid, **spec)
        if value is not None:
            blips[pid] = value
    opts = SpaceHulkOptions(expansions=frozenset({"deathwing"}), interrupt_prompt="when_able")  # type: ignore[call-arg]
    return SpaceHulkState(
        seed=1,
        options=opts,
        mission=mission,
        pieces=made,
        next_id=len(made) + 1,
        doors=[d.initial for d in mission.board.doors],
        blips=blips,
        turn=1,
        phase=phase,  # type: ignore[arg-type]
    )


def marine(pos: tuple[int, int, int], facing: str = "N", **kw: Any) -> dict[str, Any]:
    return {"kind": "marine", "pos": pos, "facing": facing, "weapon": "storm_bolter", "ap": 4, **kw}


def stealer(pos: tuple[int, int, int], facing: str = "S", **kw: Any) -> dict[str, Any]:
    return {"kind": "genestealer", "pos": pos, "facing": facing, "ap": 6, **kw}


UPPER = ".....\n.....\n..P..\n.....\n....."
LOWER = ".....\n.....\n.....\n.....\n....."


def test_t8_looking_up_through_a_pit() -> None:
    """T-8, DW-LOS-4, A-14: a Marine below, diagonally next to the square under pit P, may target P and the
    upper square diagonally beyond P, and nothing else up there."""
    state = two_levels(UPPER, LOWER, marine((3, 3, 1), "N"))
    q = Queries(state)
    m = state.pieces["m1"]
    seen = {sq for sq in state.board.cells if sq[2] == 0 and q.sees(m, sq)}
    assert seen == {(2, 2, 0), (1, 1, 0)}
    assert q.can_target(m, (2, 2, 0), None) and q.can_target(m, (1, 1, 0), None)


def test_sight_through_a_hole_needs_the_hole_nearby_and_in_arc() -> None:
    """DW-LOS-1, DW-LOS-2, A-14: only from the hole square or next to it, with the hole in the vision arc
    (fire arc to shoot); from the hole square itself only the square directly below."""
    far = two_levels(UPPER, LOWER, marine((4, 4, 0), "N"))
    assert not any(Queries(far).sees(far.pieces["m1"], sq) for sq in far.board.cells if sq[2] == 1)
    away = two_levels(UPPER, LOWER, marine((3, 3, 0), "S"))
    assert not any(Queries(away).sees(away.pieces["m1"], sq) for sq in away.board.cells if sq[2] == 1)
    on = two_levels(UPPER, LOWER, marine((2, 2, 0), "S"))
    seen = {sq for sq in on.board.cells if sq[2] == 1 and Queries(on).sees(on.pieces["m1"], sq)}
    assert seen == {(2, 2, 1)}
    side = two_levels(UPPER, LOWER, marine((3, 2, 0), "N"))  # the pit at his left side: seen, not in fire arc
    q = Queries(side)
    assert q.sees(side.pieces["m1"], (2, 2, 1)) and not q.can_target(side.pieces["m1"], (2, 2, 1), None)


def test_a_model_on_the_upper_square_blocks_the_hole() -> None:
    """DW-LOS-3, A-14: a model on the upper square of a hole blocks sight through it (and can be seen);
    a model on the lower square blocks nothing."""
    state = two_levels(UPPER, LOWER, marine((3, 3, 1), "N"), stealer((2, 2, 0)))
    q = Queries(state)
    m = state.pieces["m1"]
    assert q.sees(m, (2, 2, 0)) and not q.sees(m, (1, 1, 0))
    state = two_levels(UPPER, LOWER, marine((3, 3, 0), "N"), stealer((2, 2, 1)))
    q = Queries(state)
    assert q.sees(state.pieces["m1"], (2, 2, 1)) and q.sees(state.pieces["m1"], (1, 1, 1))


def test_far_level_walls_block() -> None:
    """A-14: walls on the far level block the square beyond the hole."""
    state = two_levels(UPPER, ".....\n..#..\n.#...\n.....\n.....", marine((3, 3, 0), "N"))
    q = Queries(state)
    assert q.sees(state.pieces["m1"], (2, 2, 1)) and not q.sees(state.pieces["m1"], (1, 1, 1))


def test_shooting_through_a_pit() -> None:
    """DW-LVL-4: storm bolters fire up or down through a pit, overwatch included."""
    state = two_levels(UPPER, LOWER, marine((3, 3, 1), "N"), stealer((1, 1, 0), "S"))
    state, events = act(state, "marine", Fire(model="m1", at=(1, 1, 0)), rolls=[6, 2])
    assert of_kind(events, "fired")[0].hit and "g2" not in state.pieces
    state = two_levels(
        UPPER, LOWER, marine((3, 3, 1), "N", overwatch=True), stealer((0, 0, 0), "S"), phase="stealer"
    )
    state, events = act(state, "genestealer", Move(model="g2", to=(1, 1, 0)), rolls=[6, 1])
    assert of_kind(events, "fired")[0].overwatch and "g2" not in state.pieces


LADDER_UP = ".....\n..L..\n....."
LADDER_DOWN = ".....\n..L..\n....."


def test_ladders_two_ap_either_way_facing_on_arrival() -> None:
    """DW-LAD-1, DW-LAD-3: a ladder joins two levels, usable from either end for 2 AP; the owner picks
    the facing on arrival; it blocks neither movement nor sight."""
    state = two_levels(LADDER_UP, LADDER_DOWN, marine((1, 1, 0), "E"))
    state, _ = act(state, "marine", Move(model="m1", to=(2, 1, 0)))  # onto the ladder square, no risk
    assert any(x.kind == "climb" for x in RULES.legal_actions(state, "marine"))
    state, events = act(state, "marine", Climb(model="m1", facing="W"))
    m = state.pieces["m1"]
    assert (m.pos, m.facing) == ((2, 1, 1), "W") and of_kind(events, "spent")[0].ap == 2
    with pytest.raises(Rejected, match="activated|costs"):
        act(state, "marine", Climb(model="m1", facing="N"))


def test_genestealers_and_blips_climb_too() -> None:
    """DW-LAD-3, A-13: Genestealers and blips climb for 2 AP, never into an occupied square."""
    state = two_levels(
        LADDER_UP,
        LADDER_DOWN,
        stealer((2, 1, 0)),
        {"kind": "blip", "pos": (0, 0, 0), "ap": 6, "value": 1},
        phase="stealer",
    )
    state, events = act(state, "genestealer", Climb(model="g1", facing="N"))
    assert state.pieces["g1"].pos == (2, 1, 1)
    with pytest.raises(Rejected, match="no ladder"):
        act(state, "genestealer", Climb(model="b2"))


def test_close_assault_between_levels() -> None:
    """DW-LVL-1, DW-LVL-2, A-9: a Genestealer attacks a Marine directly above it through a pit; Marines never
    start a close assault with another level; the Marine attacked so cannot harm his attacker and counts
    as attacked from the rear for weapon effects."""
    state = two_levels(UPPER, LOWER, marine((2, 2, 0), "N"), stealer((2, 2, 1), "N"), phase="stealer")
    assert any(
        x.kind == "assault" and x.vertical == "up"  # type: ignore[attr-defined]
        for x in RULES.legal_actions(state, "genestealer")
    )
    won, events = act(state, "genestealer", Assault(model="g2", vertical="up"), rolls=[6, 1, 1, 5])
    assert of_kind(events, "assaulted")[0].result == "attacker" and "m1" not in won.pieces
    lost, events = act(state, "genestealer", Assault(model="g2", vertical="up"), rolls=[1, 1, 2, 6])
    assert of_kind(events, "assaulted")[0].result == "defender" and "g2" in lost.pieces  # cannot harm it
    assert lost.top().kind == "level_step"  # type: ignore[union-attr]
    stepped, _ = act(lost, "marine", Move(model="m1", to=(2, 3, 0), use="free"))
    assert (stepped.pieces["m1"].pos, stepped.pieces["m1"].facing) == ((2, 3, 0), "N")  # behind, facing kept
    marine_turn = two_levels(UPPER, LOWER, marine((2, 2, 0), "N"), stealer((2, 2, 1), "N"))
    with pytest.raises(Rejected, match="Only a Genestealer"):
        act(marine_turn, "marine", Assault(model="m1", vertical="down"))


def test_blip_on_a_hole_places_through_it() -> None:
    """DW-LVL-3: a blip converted on or under a ladder or pit may place its Genestealers on the square
    directly below or above it."""
    state = two_levels(UPPER, LOWER, marine((4, 4, 0), "N"))
    q = Queries(state)
    assert (2, 2, 1) in q.placement_squares((2, 2, 0), voluntary=False)
    assert (2, 2, 0) in q.placement_squares((2, 2, 1), voluntary=False)
    assert (1, 1, 1) not in q.placement_squares((2, 2, 0), voluntary=False)


def test_grenades_down_a_hole_only() -> None:
    """DW-LVL-5, A-7: grenades go down through a pit or ladder hole (within range, sight and arc), never up;
    one aimed at a pit square drops to the square below on 1-2."""
    captain = marine((3, 3, 0), "N", captain=True, grenades=10)
    state = two_levels(UPPER, LOWER, captain, stealer((1, 1, 1)))
    state, events = act(state, "marine", Grenade(model="m1", at=(1, 1, 1)), rolls=[4])
    assert of_kind(events, "grenade_exploded")[0].section.startswith("1:") and "g2" not in state.pieces
    state = two_levels(UPPER, LOWER, captain, stealer((2, 2, 1)))
    state, events = act(state, "marine", Grenade(model="m1", at=(2, 2, 0)), rolls=[2, 4])
    exploded = of_kind(events, "grenade_exploded")[0]
    assert exploded.drop == 2 and exploded.target == (2, 2, 1) and "g2" not in state.pieces
    below = two_levels(UPPER, LOWER, marine((3, 3, 1), "N", captain=True, grenades=10), stealer((1, 1, 0)))
    with pytest.raises(Rejected, match="never fired up"):
        act(below, "marine", Grenade(model="m1", at=(1, 1, 0)))


PITS = ".....\n.....\n..P..\n.....\n....."
DEEP_UPPER = "...\n.P.\n..."
DEEP_MIDDLE = "...\n.P.\n..."
LOWEST = "...\n...\n..."


def three_levels(*pieces: dict[str, Any], phase: str = "marine") -> SpaceHulkState:
    state = two_levels(DEEP_UPPER, DEEP_MIDDLE, *pieces, phase=phase)
    text = state.mission.map_text + f"\n[level 2]\n{LOWEST}"
    mission = state.mission.model_copy(update={"map_text": text})
    return state.model_copy(update={"mission": mission, "doors": []})


def test_marine_entering_a_pit_falls_on_a_one() -> None:
    """DW-PIT-4, DW-PIT-6, A-12: a Marine entering a pit rolls 1 D6 and falls on a 1; landing on an empty
    square he is prone on 1-4, on his feet on 5-6 facing as the Marine player chooses; he keeps his AP
    and loses overwatch."""
    state = two_levels(PITS, LOWER, marine((2, 3, 0), "N", overwatch=True))
    safe, events = act(state, "marine", Move(model="m1", to=(2, 2, 0)), rolls=[2])
    assert safe.pieces["m1"].pos == (2, 2, 0) and of_kind(events, "fall_rolled")[0].roll == 2
    fallen, events = act(state, "marine", Move(model="m1", to=(2, 2, 0)), rolls=[1, 3])
    m = fallen.pieces["m1"]
    assert (m.pos, m.prone, m.overwatch, m.ap) == ((2, 2, 1), True, False, 3)
    standing, _ = act(state, "marine", Move(model="m1", to=(2, 2, 0)), rolls=[1, 6])
    assert not standing.pieces["m1"].prone and standing.top().kind == "facing"  # type: ignore[union-attr]
    assert RULES.active_seats(standing) == frozenset({"marine"})
    standing, _ = act(standing, "marine", SetFacing(model="m1", facing="W"))
    assert standing.pieces["m1"].facing == "W"


def test_jumping_down_announced_or_later() -> None:
    """DW-PIT-5, DW-LAD-4: a jump announced on entering costs nothing extra; decided later, 1 AP; no roll to
    fall, only the landing roll; ladder holes are jumped the same way."""
    state = two_levels(PITS, LOWER, marine((2, 3, 0), "N"))
    state, events = act(state, "marine", Move(model="m1", to=(2, 2, 0), jump=True), rolls=[5])
    assert state.pieces["m1"].pos == (2, 2, 1) and of_kind(events, "spent")[0].ap == 1
    state = two_levels(PITS, LOWER, marine((2, 2, 0), "N"))
    state, events = act(state, "marine", Jump(model="m1"), rolls=[2])
    assert of_kind(events, "spent")[0].ap == 1 and state.pieces["m1"].prone
    state = two_levels(LADDER_UP, LADDER_DOWN, marine((2, 1, 0), "N"))
    state, events = act(state, "marine", Jump(model="m1"), rolls=[6])
    assert state.pieces["m1"].pos == (2, 1, 1)


def test_falling_through_pits_to_the_bottom() -> None:
    """DW-PIT-1: a faller landing on another pit falls on at once (no roll on the way) to the level below."""
    state = three_levels(marine((1, 1, 0), "N"))
    state, events = act(state, "marine", Jump(model="m1"), rolls=[6])
    assert state.pieces["m1"].pos == (1, 1, 2) and len(of_kind(events, "landed")) == 1


def test_prone_marines() -> None:
    """DW-PIT-9, A-9: prone: no sight, no move, shot or attack; 2 AP to stand facing any way; attacked in
    close assault he has -1, cannot harm the attacker, and stands and faces it free on a win or tie."""
    state = two_levels(PITS, LOWER, marine((1, 1, 1), "N", prone=True), stealer((1, 0, 1), "S"))
    assert {x.kind for x in RULES.legal_actions(state, "marine")} == {"stand", "end_turn"}
    assert not Queries(state).sees(state.pieces["m1"], (1, 0, 1))
    with pytest.raises(Rejected, match="prone"):
        act(state, "marine", Move(model="m1", to=(1, 2, 1)))
    stood, events = act(state, "marine", Stand(model="m1", facing="E"))
    assert of_kind(events, "spent")[0].ap == 2 and not stood.pieces["m1"].prone
    attacked = state.model_copy(update={"phase": "stealer"})
    after, events = act(attacked, "genestealer", Assault(model="g2"), rolls=[2, 1, 1, 4])
    assaulted = of_kind(events, "assaulted")[0]
    assert assaulted.defender_score == 3 and assaulted.result == "defender" and "g2" in after.pieces
    m = after.pieces["m1"]
    assert not m.prone and m.facing == "N"  # he stood up facing the attacker, free


def test_landing_on_a_genestealer() -> None:
    """DW-PIT-7, A-12: onto a Genestealer, the Genestealer player rolls: 1-2 it dies and the Marine is prone
    there; 3-6 it scuttles to an adjacent empty square of his choice, keeping its facing, and the Marine
    lands as DW-PIT-6."""
    base = two_levels(PITS, LOWER, marine((2, 2, 0), "N"), stealer((2, 2, 1), "E"))
    crushed, _ = act(base, "marine", Jump(model="m1"), rolls=[2])
    assert "g2" not in crushed.pieces and crushed.pieces["m1"].prone and crushed.kills == 1
    scuttle, _ = act(base, "marine", Jump(model="m1"), rolls=[5])
    assert scuttle.top().kind == "shift" and RULES.active_seats(scuttle) == {"genestealer"}  # type: ignore[union-attr]
    done, events = act(scuttle, "genestealer", Shift(square=(3, 3, 1)), rolls=[3])
    g = done.pieces["g2"]
    assert (g.pos, g.facing) == ((3, 3, 1), "E") and done.pieces["m1"].pos == (2, 2, 1)
    assert done.pieces["m1"].prone


def test_landing_on_a_marine() -> None:
    """DW-PIT-8: onto a Marine, the Marine player rolls: 1-3 the one below dies and the faller is prone
    there; 4-6 the one below is prone and the Genestealer player puts the faller prone beside him."""
    base = two_levels(PITS, LOWER, marine((2, 2, 0), "N"), marine((2, 2, 1), "E"))
    squashed, _ = act(base, "marine", Jump(model="m1"), rolls=[3])
    assert "m2" not in squashed.pieces and squashed.pieces["m1"].pos == (2, 2, 1)
    thrown, _ = act(base, "marine", Jump(model="m1"), rolls=[4])
    assert thrown.pieces["m2"].prone and thrown.top().kind == "shift"  # type: ignore[union-attr]
    placed, _ = act(thrown, "genestealer", Shift(square=(1, 2, 1)))
    assert placed.pieces["m1"].pos == (1, 2, 1) and placed.pieces["m1"].prone


def test_genestealers_cross_jump_and_climb_pits() -> None:
    """DW-PIT-10, DW-PIT-3, A-13: Genestealers cross pit squares safely, jump down (0 AP announced, 1 AP
    later, never onto a model), climb up through a pit for 3 AP and choose their facing; Marines cannot
    climb up through a pit."""
    state = two_levels(PITS, LOWER, stealer((2, 3, 0), "N"), marine((0, 0, 1), "S"), phase="stealer")
    crossed, events = act(state, "genestealer", Move(model="g1", to=(2, 2, 0)))
    assert crossed.pieces["g1"].pos == (2, 2, 0) and not of_kind(events, "fall_rolled")
    jumped, events = act(state, "genestealer", Move(model="g1", to=(2, 2, 0), jump=True))
    assert jumped.pieces["g1"].pos == (2, 2, 1) and jumped.top().kind == "facing"  # type: ignore[union-attr]
    up = two_levels(PITS, LOWER, stealer((2, 2, 1), "N"), phase="stealer")
    up, events = act(up, "genestealer", Climb(model="g1", facing="W"))
    assert up.pieces["g1"].pos == (2, 2, 0) and of_kind(events, "spent")[0].ap == 3
    blocked = two_levels(PITS, LOWER, stealer((2, 2, 0), "N"), marine((2, 2, 1), "S"), phase="stealer")
    with pytest.raises(Rejected, match="never jump onto a model"):
        act(blocked, "genestealer", Jump(model="g1"))
    marine_below = two_levels(PITS, LOWER, marine((2, 2, 1), "N"))
    with pytest.raises(Rejected, match="cannot climb up through a pit"):
        act(marine_below, "marine", Climb(model="m1", facing="N"))


def test_pits_do_not_block_sight_and_flames_stay_on_their_level() -> None:
    """DW-PIT-2: a pit does not block sight; a flamer hit affects only its own level's section."""
    state = two_levels(PITS, LOWER, marine((2, 4, 0), "N", weapon="heavy_flamer", ammo=6), stealer((2, 0, 0)))
    assert Queries(state).sees(state.pieces["m1"], (2, 0, 0))


def test_ladders_are_attacked_like_doors_and_become_pits() -> None:
    """DW-LAD-2, A-15: a ladder is attacked like a door in close assault, immune to storm bolter and assault
    cannon fire; destroyed, it becomes a pit (no climbing; a Marine entering it rolls to fall)."""
    state = two_levels(LADDER_UP, LADDER_DOWN, marine((1, 1, 0), "E"), stealer((2, 1, 1), "N"))
    assert not [x for x in RULES.legal_actions(state, "marine") if x.kind == "fire" and x.at == (2, 1, 0)]  # type: ignore[attr-defined]
    missed, events = act(state, "marine", Assault(model="m1"), rolls=[5])
    assert of_kind(events, "assaulted")[0].target == "ladder" and not missed.wrecked
    broken, _ = act(state, "marine", Assault(model="m1"), rolls=[6])
    assert broken.wrecked == [(2, 1, 0)]
    q = Queries(broken)
    assert q.feature((2, 1, 0)) == "pit" and q.ladder_end((2, 1, 1)) is None
    climber = broken.model_copy(update={"phase": "stealer"})
    climbed, events = act(climber, "genestealer", Climb(model="g2", facing="N"))
    assert of_kind(events, "spent")[0].ap == 3  # up a pit now (DW-PIT-10), no longer a 2 AP ladder
