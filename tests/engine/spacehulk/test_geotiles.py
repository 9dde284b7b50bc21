"""The ten geotiles of our own design (DW-GEO-1, A-33) and the board builder (DW-GEO-2, DW-GEN-3,
DW-CR-4, DW-CR-7, A-34): every built board is connected, has no overlap, and every entry area is
reachable (Hypothesis over seeds)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Dice
from engine.spacehulk.board import Board
from engine.spacehulk.board.mapfile import parse_map
from engine.spacehulk.geotiles import (
    CONTROL_ROOM,
    TILE_NUMBERS,
    all_geotiles,
    cloud_runner_board,
    compose,
    free_ports,
    generator_board,
    geotile,
    joins,
    legal_placements,
    problems,
    random_layout,
)
from engine.spacehulk.geotiles.layout import DEPLOY_LENGTH, Placement, neighbour
from engine.spacehulk.geotiles.tiles import OPPOSITE, SIDES, control_room, room_corners

ROOT = Path(__file__).resolve().parents[3]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reachable(board: Board, start: tuple[int, int, int]) -> set[tuple[int, int, int]]:
    return set(board.walk_distances(start, 10**6))


def test_ten_geotiles_each_a_sound_hulk_fragment() -> None:
    """DW-GEO-1, A-33: ten numbered tiles of our design, 9 x 9, corridors and a room, doors between
    them, open corridor ends only at the sides' middles, all floor connected."""
    tiles = all_geotiles()
    assert [t.number for t in tiles] == list(TILE_NUMBERS) == list(range(1, 11))
    for tile in tiles:
        assert problems(tile) == [], tile.name
        assert len(tile.rows) == 9 and {len(r) for r in tile.rows} == {9}
        assert ":" in "".join(tile.rows) and "D" in "".join(tile.rows)
        assert len(tile.ports) >= 2


def test_tiles_one_to_nine_carry_an_entry_and_an_exit_arrow_on_open_corridor_ends() -> None:
    """DW-CR-4: every geotile but 10 has an entry and an exit arrow."""
    for tile in all_geotiles():
        if tile.number == CONTROL_ROOM:
            assert tile.entry_arrow is None and tile.exit_arrow is None
        else:
            assert tile.entry_arrow in tile.ports and tile.exit_arrow in tile.ports
            assert tile.entry_arrow != tile.exit_arrow


def test_tile_ten_is_the_dead_end_control_room_with_the_cryo_tanks() -> None:
    """A-33: tile 10 is a dead-end control room behind one door, holding cryogenic tanks; its four
    corners are bare floor for Cloud Runner's leader and blips (DW-CR-7)."""
    tile = geotile(CONTROL_ROOM)
    room, door = control_room(tile)
    assert tile.char(*door) == "D"
    assert sum(1 for sq in room if tile.char(*sq) == "T") == 2
    assert all(tile.char(*c) == ":" for c in room_corners(room))
    broken = tile._replace(rows=tuple(r.replace("T", ":") for r in tile.rows))
    assert any("cryogenic" in p for p in problems(broken))  # the check can fail


def test_the_design_checks_catch_a_corridor_running_into_a_room() -> None:
    tile = geotile(1)
    rows = list(tile.rows)
    rows[2] = "####.####"  # the north door removed: the corridor touches the hall
    assert any("without a door" in p for p in problems(tile._replace(rows=tuple(rows))))


def test_rotation_turns_the_map_ports_and_arrows() -> None:
    """A-34: tiles rotate by 90 degrees."""
    tile = geotile(3)  # ports N and E, entry N, exit E
    turned = tile.rotated(1)
    assert set(turned.ports) == {"E", "S"} and (turned.entry_arrow, turned.exit_arrow) == ("E", "S")
    assert tile.rotated(4) == tile
    assert problems(turned) == []
    assert sorted(turned.squares().values()) == sorted(tile.squares().values())


def test_every_tile_has_its_review_image_in_the_docs() -> None:
    for n in TILE_NUMBERS:
        assert (ROOT / "docs/geotiles" / f"geotile_{n:02d}.png").is_file()
    assert "geotile_10.png" in (ROOT / "docs/geotiles.md").read_text(encoding="utf-8")


def test_a_placement_must_join_a_corridor_and_never_overlap() -> None:
    """DW-GEO-2: each new tile joins 1+ corridor of a placed tile; no overlaps; strict placements
    never leave a corridor end facing a wall."""
    one = Placement(5, 0, (0, 0))  # the chapel: ports N and S only
    options = legal_placements([one], 4)  # the twin cabins: ports W and E
    assert options and all(o.slot in ((0, -1), (0, 1)) for o in options)
    assert all(o.rotation % 2 == 1 for o in options)  # turned so a port faces the chapel
    assert legal_placements([one], 5) == []  # a tile already placed
    two = options[0]
    for o in legal_placements([one, two], 1):
        assert o.slot not in (one.slot, two.slot)


@FAST
@given(seed=SEEDS, control=st.booleans())
def test_every_generated_board_is_connected_without_overlap_and_every_entry_reachable(
    seed: int, control: bool
) -> None:
    """DW-GEO-2, DW-GEN-3, A-34: 8 random geotiles (SC4/SC5: plus 10), the two 5-square deployment
    corridors, every other open corridor end an entry area, all reachable from the deployment."""
    built = generator_board(Dice(seed), add_control_room=control)
    tiles = [p.tile for p in built.placements]
    assert len(tiles) == len(set(tiles)) == (9 if control and tiles[:8].count(CONTROL_ROOM) == 0 else 8)
    if control:
        assert CONTROL_ROOM in tiles and built.cryo and len(built.corners) == 4
    assert len({p.slot for p in built.placements}) == len(tiles)  # no overlap
    board = parse_map(built.map_text)
    assert (
        len(board.cells)
        == sum(len(p.geotile.squares()) for p in built.placements)
        + len(joins(built.placements))
        + 2 * DEPLOY_LENGTH
    )  # every square is a tile's, a join's or a corridor's: nothing overlaps
    assert len(built.corridors) == 2 and all(len(c) == DEPLOY_LENGTH for c in built.corridors)
    assert len(board.deployments) == 2 * DEPLOY_LENGTH
    reach = reachable(board, built.corridors[0][0])
    open_squares = set(board.cells) - board.static_blocks_move
    assert open_squares <= reach  # connected
    assert {e.square for e in board.entries.values()} <= reach
    assert len(board.entries) == len(free_ports(built.placements)) - 2
    for p in built.placements:  # strict: no port faces a wall
        for side in p.ports:
            other = next((q for q in built.placements if q.slot == neighbour(p.slot, side)), None)
            assert other is None or OPPOSITE[side] in other.ports


def test_random_layouts_are_deterministic_from_the_seed() -> None:
    assert random_layout(Dice(11)) == random_layout(Dice(11))
    assert random_layout(Dice(11)) != random_layout(Dice(12))


@FAST
@given(seed=SEEDS, number=st.integers(min_value=1, max_value=10))
def test_cloud_runner_boards_keep_the_arrows_open_with_entry_and_exit_corridors(
    seed: int, number: int
) -> None:
    """DW-CR-4: two different tiles (10 set aside and a third drawn when it comes up), the first's entry
    arrow and the second's exit arrow left open, 5-square entry and exit corridors. DW-CR-7: on board
    10, geotile 10 joins the second tile's exit arrow; only the entry corridor."""
    built = cloud_runner_board(Dice(seed), number)
    one, two, *rest = built.placements
    assert one.tile != two.tile and CONTROL_ROOM not in (one.tile, two.tile)
    board = parse_map(built.map_text)
    entry = built.corridors[0]
    assert len(entry) == DEPLOY_LENGTH and {d.square for d in board.deployments} == set(entry)
    reach = reachable(board, entry[0])
    assert set(board.cells) - board.static_blocks_move <= reach
    assert neighbour(one.slot, one.geotile.entry_arrow) not in {p.slot for p in built.placements}
    if number == 10:
        assert len(built.corridors) == 1 and rest[0].tile == CONTROL_ROOM
        assert rest[0].slot == neighbour(two.slot, two.geotile.exit_arrow)
        assert built.control_room and len(built.corners) == 4
    else:
        exit_ = built.corridors[1]
        assert len(exit_) == DEPLOY_LENGTH and set(exit_) <= reach
        assert all(p.tile == CONTROL_ROOM for p in rest)


def test_compose_writes_more_than_nine_entry_areas_with_letters() -> None:
    """The map format's entry marks go on past 9 with letters (a built board may open many ends)."""
    placed = [
        Placement(1, 0, (0, 0)),
        Placement(9, 0, (2, 0)),
        Placement(7, 0, (4, 0)),
        Placement(2, 0, (6, 0)),
    ]
    board = parse_map(compose(placed).map_text)
    assert len(board.entries) == sum(len(p.ports) for p in placed) > 9
    assert "a" in board.entries


@pytest.mark.parametrize("side", SIDES)
def test_every_side_of_a_four_way_tile_takes_a_neighbour(side: str) -> None:
    one = Placement(1, 0, (0, 0))
    assert any(o.slot == neighbour((0, 0), side) for o in legal_placements([one], 9))


@FAST
@given(picks=st.lists(st.integers(min_value=0, max_value=10**6), min_size=10, max_size=10), seed=SEEDS)
def test_boards_the_players_build_are_connected_too(picks: list[int], seed: int) -> None:
    """A-34's option: whatever legal placement each player picks (DW-GEO-2), the built board is
    connected, has no overlap and every entry area is reachable from the deployment corridors."""
    from engine.spacehulk.geotiles.layout import Corridor, deployment_ports, placements_for

    dice = Dice(seed)
    placed = [Placement(dice.index(10) + 1, dice.index(4), (0, 0))]
    for pick in picks:
        if len(placed) == 8:
            break
        unused = [n for n in TILE_NUMBERS if n not in {p.tile for p in placed} and placements_for(placed, n)]
        if not unused:
            break
        tile = unused[pick % len(unused)]
        options = placements_for(placed, tile)
        placed.append(options[(pick // 7) % len(options)])
    assert len({p.slot for p in placed}) == len(placed)
    built = compose(placed, [Corridor(port) for port in deployment_ports(placed, dice)])
    board = parse_map(built.map_text)
    start = built.corridors[0][0] if built.corridors else next(iter(board.entries.values())).square
    reach = reachable(board, start)
    assert set(board.cells) - board.static_blocks_move <= reach
    assert {e.square for e in board.entries.values()} <= reach
