"""The board model and the map format: squares, sections, doors, entry areas, exits, features, errors."""

from __future__ import annotations

import pytest

from engine.spacehulk.board import (
    FEATURES,
    chebyshev,
    facing_toward,
    parse_square,
    relative,
    square_name,
)
from engine.spacehulk.board.mapfile import MapError, load_map, parse_map

SHIPPED = ["purge", "corridor", "t_junction", "x_junction", "room_two_doors", "two_entries"]


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_maps_parse(name: str) -> None:
    board = load_map(name)
    assert board.cells and board.entries
    # SHB-1.2: every square stores its section id (the flamer's unit).
    assert all(cell.section.startswith("0:") for cell in board.cells.values())


def test_sections_come_from_the_sections_layer() -> None:
    """SHB-1.2: several printed sections per file, each square labelled with its section."""
    board = load_map("corridor")
    assert board.section_of((0, 0, 0)) == "0:A"
    assert board.section_of((6, 0, 0)) == "0:B"
    assert len(board.sections["0:A"]) == 6 and len(board.sections["0:B"]) == 7


def test_corridor_and_room_kinds() -> None:
    board = load_map("room_two_doors")
    assert board.cells[(7, 1, 0)].kind == "room"
    assert board.cells[(2, 1, 0)].kind == "corridor"


def test_walls_are_missing_squares() -> None:
    """SHB-1.3: a wall is any edge without a neighbouring square."""
    board = load_map("t_junction")
    assert (4, 1, 0) not in board and (5, 1, 0) in board
    assert {sq for _, sq in board.neighbours((5, 1, 0))} == {(4, 0, 0), (5, 0, 0), (6, 0, 0), (5, 2, 0)}


def test_doors_on_squares() -> None:
    """SHB-1.4 / Q15: doors are counters on squares, closed 'D' or open 'd'."""
    board = parse_map("[level 0]\n1.D.d.")
    assert [(d.square, d.initial) for d in board.doors] == [((2, 0, 0), "closed"), ((4, 0, 0), "open")]
    assert board.door_index[(4, 0, 0)] == 1


def test_entry_areas_and_exits() -> None:
    """SHB-1.5, SHB-1.6: entry squares per area (lurking spaces are off-board), exit squares."""
    board = load_map("purge")
    assert {k: e.square for k, e in board.entries.items()} == {
        "1": (9, 0, 0),
        "2": (0, 8, 0),
        "3": (18, 8, 0),
    }
    assert board.exits == frozenset({(9, 13, 0)})
    assert [d.facing for d in board.deployments] == ["N", "W", "E", "S"]


def test_deathwing_features_fit_the_board() -> None:
    """deathwing.md §2.3/§2.6 features parse now; their generic move/sight flags come from FEATURES."""
    board = parse_map("name: f\n[level 0]\n.PLCRTU.B.H\n[level 1]\n.P.........")
    assert board.levels == 2
    assert board.cells[(1, 0, 0)].feature == "pit" and board.cells[(1, 0, 1)].feature == "pit"
    assert (3, 0, 0) in board.static_blocks_los and (4, 0, 0) not in board.static_blocks_los
    assert (5, 0, 0) in board.static_blocks_move
    assert {d.fixed for d in board.doors} == {"bulkhead", "hatch"}
    assert set(FEATURES) == {"pit", "ladder", "crate", "rubble", "cryo", "chute"}
    assert board.section_of((1, 0, 1)).startswith("1:")


def test_default_sections_split_by_floor_character_and_doors() -> None:
    board = parse_map("[level 0]\n...D:::\n.#####:")
    sections = {board.section_of(sq) for sq in [(0, 0, 0), (1, 0, 0), (0, 1, 0)]}
    assert len(sections) == 1
    assert board.section_of((3, 0, 0)) not in sections
    assert board.section_of((4, 0, 0)) == board.section_of((6, 1, 0)) != board.section_of((3, 0, 0))
    assert board.cells[(4, 0, 0)].kind == "room"


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment"),
    [
        ("[level 0]\n..Q.", 2, 3, "unknown map character 'Q'"),
        ("name: x\n[level 0]\n1..\n..1", 4, 3, "entry area 1"),
        ("[level 0]\n...\n[sections 0]\nAA", 2, 3, "no label"),
        ("[level 0]\n...\n[sections 0]\nAAAA", 4, 4, "wall"),
        ("[level 0]\n...\n[level 0]\n...", 3, 1, "duplicate block"),
        ("[level 0]\n...\n[level 2]\n...", 3, 1, "without gaps"),
        ("[floor 0]\n...", 1, 1, "unknown block"),
        ("size 3x3\n[level 0]\n...", 1, 1, "expected"),
        ("[level 0]\n.\t.", 2, 2, "tab"),
        ("name: x", 1, 1, "no [level 0]"),
        ("[level 0]\n###", 1, 1, "no squares"),
    ],
)
def test_malformed_maps_name_line_and_column(text: str, line: int, column: int, fragment: str) -> None:
    with pytest.raises(MapError) as err:
        parse_map(text)
    assert (err.value.line, err.value.column) == (line, column)
    assert fragment in str(err.value) and str(err.value).startswith(f"line {line}, column {column}:")


def test_square_names_round_trip() -> None:
    for sq in [(0, 0, 0), (25, 9, 0), (26, 0, 0), (39, 39, 1)]:
        assert parse_square(square_name(sq)) == sq
    assert square_name((2, 3, 0)) == "C4" and square_name((26, 0, 2)) == "AA1@2"
    with pytest.raises(ValueError):
        parse_square("4C")


def test_distances_are_chebyshev() -> None:
    """SHB-1.7: a diagonal step counts as 1."""
    assert chebyshev((0, 0, 0), (3, 5, 0)) == 5
    assert chebyshev((0, 0, 0), (4, 4, 0)) == 4


def test_relative_coordinates_and_facing_toward() -> None:
    assert relative("N", (5, 5, 0), (5, 3, 0)) == (2, 0)
    assert relative("E", (5, 5, 0), (6, 6, 0)) == (1, 1)
    assert relative("S", (5, 5, 0), (4, 5, 0)) == (0, 1)
    assert facing_toward((1, 1, 0), (1, 0, 0)) == "N" and facing_toward((1, 1, 0), (2, 2, 0)) is None


def test_walking_distance_counts_diagonals_and_passes_doors() -> None:
    """SHB-10.4 / Q10: 8-way walking over passable squares; doors do not stop the count, walls do."""
    board = load_map("purge")
    dist = board.walk_distances((9, 0, 0), 6)
    assert dist[(9, 6, 0)] == 6  # the closed door square counts as passable
    assert (9, 7, 0) not in dist
    dist = board.walk_distances((9, 7, 0), 20)
    assert dist[(0, 8, 0)] == 9 and dist[(9, 0, 0)] == 7


def test_section_flood_stops_at_closed_doors() -> None:
    """SHB-9.3: a flood within the section that does not cross closed doors."""
    board = parse_map("[level 0]\n....D....\n[sections 0]\nAAAAAAAAA")
    left = board.section_flood((0, 0, 0), frozenset({(4, 0, 0)}))
    assert left == tuple((x, 0, 0) for x in range(4))
    assert len(board.section_flood((0, 0, 0), frozenset())) == 9
