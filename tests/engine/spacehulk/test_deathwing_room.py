"""The base engine leaves room for Deathwing (SHB-13.x): the hooks it will build on behave as the base rules say.

Deathwing content itself (captains, new weapons, ambush markers, pits, ladders, geotiles) is a later issue.
"""

from __future__ import annotations

from engine.spacehulk import RULES
from engine.spacehulk.actions import EndTurn, Turn
from engine.spacehulk.board import FACINGS
from engine.spacehulk.board.los import clear
from engine.spacehulk.board.mapfile import parse_map
from engine.spacehulk.events import CommandPointsDrawn

from .helpers import B, G, M, act, scenario


def test_leaders_timer_and_command_points_are_parameters() -> None:
    """SHB-13.1: captains add 30 s and 2 CP: the timer counts leaders by a setting, CP are any integer."""
    state, _ = scenario(
        "a.\nb.",
        a=M("E", sergeant=True),
        b=M("E", sergeant=True),
        phase="stealer",
        options={"timer_per_leader_s": 45},
    )
    state, events = act(state, "genestealer", EndTurn(), rolls=[6])
    assert state.timer_seconds == 120 + 2 * 45
    state = RULES.evolve(state, CommandPointsDrawn(cp=8))  # Deathwing A-8: 0-8 with a captain
    assert state.cp == 8


def test_weapons_are_per_model() -> None:
    """SHB-13.2: new weapons modify SHB-8; each Terminator carries a named weapon its actions depend on."""
    state, ids = scenario("ag", a=M("E", weapon="heavy_flamer", ammo=1), g=G("W"))
    kinds = {x.kind for x in RULES.legal_actions(state, "marine")}
    assert "fire" not in kinds and "overwatch" not in kinds and "assault" in kinds


def test_blip_rules_are_reusable_for_ambush_markers() -> None:
    """SHB-13.3: ambush markers reuse blip movement and conversion: those rules do not read the value."""
    for value in (1, 3):
        state, ids = scenario("a.b..", a=M("W"), b=B(value), phase="stealer")
        legal = {x.to for x in RULES.legal_actions(state, "genestealer") if x.kind == "move"}
        assert legal == {(3, 0, 0)}  # never next to a Marine, whatever the marker hides


def test_per_square_flags_from_the_start() -> None:
    """SHB-13.4: every square has section and level; features carry move/sight blocking flags."""
    board = parse_map("[level 0]\n..C..\n..R..\n[level 1]\n..P..\n..L..")
    assert {sq[2] for sq in board.cells} == {0, 1}
    assert board.section_of((2, 0, 1)).startswith("1:")
    assert not clear(board, (0, 0, 0), (4, 0, 0), board.static_blocks_los)  # the crate blocks sight
    assert clear(board, (0, 1, 0), (4, 1, 0), board.static_blocks_los)  # rubble does not
    assert (2, 0, 0) in board.static_blocks_move and (2, 1, 0) not in board.static_blocks_move
    assert not clear(board, (0, 0, 0), (0, 0, 1), set())  # no sight between levels until Deathwing holes


def test_geotiles_fit_the_map_format() -> None:
    """SHB-13.5: a geotile is data: squares with section, doors, entry area, ladder or pit, and level."""
    tile = """
name: placeholder geotile 10 (dead-end control room)
[level 0]
1...D::::
####.::T:
####L::::
[sections 0]
AAAABRRRR
####BRRRR
####BRRRR
[level 1]
####L####
"""
    board = parse_map(tile)
    assert board.entries["1"].square == (0, 0, 0) and board.doors[0].square == (4, 0, 0)
    assert board.cells[(4, 2, 0)].feature == "ladder" and board.cells[(4, 0, 1)].feature == "ladder"
    assert board.cells[(7, 1, 0)].feature == "cryo" and board.cells[(6, 0, 0)].kind == "room"


def test_models_face_one_of_four_directions() -> None:
    """SHB-6.1: models face N, E, S or W; blips have no facing."""
    state, ids = scenario("a.g.b", a=M("E"), g=G("W"), b=B(1))
    assert {p.facing for p in state.pieces.values()} == {"E", "W", None}
    assert set(FACINGS) == {"N", "E", "S", "W"}
    import pytest
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        Turn(model=ids["a"], facing="NE")  # type: ignore[arg-type]
