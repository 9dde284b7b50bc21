"""Hunt for the Arkenstone's typed input and menus (issue 15 item 5): the coordinate hint typed back is
no move, a typed distance that went less far is confirmed with the distance actually moved, and the
cell menus are titled by the cells they really hold."""

from __future__ import annotations

import re

import pytest

from engine.arkenstone import RULES, MoveDirection, MoveTo, MoveToward, PlaceCard, PlaceFigure
from engine.arkenstone.board import cell_at
from engine.core import Dice, Rejected, apply, dice_for, new_game
from engine.core.geometry import Point
from renderers.arkenstone import PRESENTER, controls
from renderers.base import Menu
from tests.engine.arkenstone.helpers import table


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_coordinate_hint_typed_back_is_refused_as_no_move(lang: str) -> None:
    """AK-ACT-B1 (§8.1 precision): the move-to form shows where the figure stands, rounded; typing
    those numbers back asks to stay put, which the engine refuses as no move (nothing changes)."""
    state = table(active="bilbo", phase="action", bilbo=(20.3456, 17.8856))
    view = RULES.view(state, "bilbo")
    form = controls.move_to_form(view, "bilbo", lang)
    shown = [re.search(r"= ([0-9.,]+)$", field.hint).group(1) for field in form.fields]  # type: ignore[union-attr]
    action = PRESENTER.parse_form(form, {"x": shown[0], "y": shown[1]}, view)
    assert action == MoveTo(x=20.35, y=17.89)
    before = state.model_dump()
    with pytest.raises(Rejected) as info:
        RULES.decide(state, "bilbo", action, dice_for(state))
    assert info.value.message_id == "arkenstone.no_move" and state.model_dump() == before


def test_a_typed_distance_beyond_the_reach_is_refused_with_the_maximum() -> None:
    """AK-ACT-B1 (§8.3): one rule for over-long moves in every game (issue 27 item 7): a "toward"
    or compass distance beyond the reach is refused with the maximum (as ClickWars refuses a path
    longer than the move); a move that went the whole way reads as asked; a move the table edge
    stopped short is confirmed with the distance moved."""
    state = table(active="bilbo", phase="action", bilbo=(20.0, 20.0), smaug=(40.0, 40.0))
    view = RULES.view(state, "bilbo")
    with pytest.raises(Rejected) as refused:
        RULES.decide(state, "bilbo", MoveToward(target="Smaug", distance_in=10), dice_for(state))
    assert refused.value.message_id == "arkenstone.move_too_far" and refused.value.params["limit"] == "4"
    whole = MoveToward(target="Smaug", distance_in=2.5)
    assert PRESENTER.action_label(whole, "en", view) == "Move 2.5 in toward Smaug"
    with pytest.raises(Rejected) as info:
        RULES.decide(state, "bilbo", MoveDirection(direction="N", distance_in=6), dice_for(state))
    assert info.value.message_id == "arkenstone.move_too_far" and info.value.params["limit"] == "4"
    # At the table edge a compass move stops short: the confirmation says so.
    edge = table(active="bilbo", phase="action", bilbo=(20.0, 1.5), smaug=(40.0, 40.0))
    label = PRESENTER.action_label(
        MoveDirection(direction="S", distance_in=3), "en", RULES.view(edge, "bilbo")
    )
    assert label.startswith("Move 1 in south:") and "you asked for 3 in" in label, label


def _rows(title: str) -> set[int]:
    """The grid rows a menu title names ("… rows 1–3", "… row 7", or the cells themselves)."""
    if m := re.search(r"(\d+)–(\d+)", title):
        return set(range(int(m.group(1)), int(m.group(2)) + 1))
    cells = re.findall(r"\b[A-G](\d)\b", title)
    if cells:
        return {int(r) for r in cells}
    return {int(re.findall(r"\d+", title)[-1])}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_cell_menus_are_titled_by_the_cells_they_really_hold(lang: str) -> None:
    """AK-SET-1..4 (§8.1 grid draft): every placement's cell menus hold whole grid rows, each title
    names exactly the rows (or the cells) of its options and its number of cells, every free cell is
    offered once, and no menu has more than 25 options."""
    state, _ = new_game(RULES, {"layout": "draft"}, 5)
    dice = Dice(5, 1)
    seen = 0
    while state.phase.startswith("place_"):
        seat = next(iter(RULES.active_seats(state)))
        legal = RULES.legal_actions(state, seat)
        menus = [
            c for c in PRESENTER.controls(RULES.view(state, seat), legal, lang) or [] if isinstance(c, Menu)
        ]
        offered = [o.choice for m in menus for o in m.options]
        assert sorted(offered) == [i for i, a in enumerate(legal) if isinstance(a, PlaceFigure | PlaceCard)]
        for menu in menus:
            assert 0 < len(menu.options) <= 25
            cells = [cell_at(Point(x=legal[o.choice].x, y=legal[o.choice].y)) for o in menu.options]  # type: ignore[attr-defined]
            rows = {int(c[1:]) for c in cells if c}
            assert _rows(menu.placeholder) == rows, (menu.placeholder, cells)
            if not re.search(r"\b[A-G]\d\b", menu.placeholder):  # rows named: their count of cells too
                assert re.match(rf"{len(menu.options)}\b", menu.placeholder), menu.placeholder
            seen += 1
        state = apply(RULES, state, RULES.decide(state, seat, legal[dice.index(len(legal))], dice_for(state)))
    assert seen > 20
