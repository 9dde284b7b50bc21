"""Picking by letter on the platform (issue 29 item 4, bot/panels.py): the letters' pages, the grid's
rows within Discord's limits, the close-up's alt text, and "Pick by letter" placed where a row has room."""

from __future__ import annotations

from bot.panels import (
    LETTERS_PER_PAGE,
    ButtonSpec,
    Panel,
    SelectSpec,
    _free_row,
    letter_key,
    letter_page,
    picking_alt,
    with_letters_button,
)
from renderers.base import ALT_LIMIT, Picking, Target, letter


def _picking(n: int) -> Picking:
    return Picking("R3", tuple(Target(i, f"target number {i} " + "·" * 40, (i, i), "move") for i in range(n)))


def test_letters_run_a_to_z_then_two_letters() -> None:
    assert [letter(n) for n in (0, 1, 25, 26, 27, 51, 52)] == ["A", "B", "Z", "AA", "AB", "AZ", "BA"]


def test_letters_come_fifteen_a_page_and_run_on_across_pages() -> None:
    pick = _picking(33)
    first, second, last = letter_page(pick, 0), letter_page(pick, 1), letter_page(pick, 9)
    assert LETTERS_PER_PAGE == 15 and first.pages == 3 and first.count == 33
    assert [x for x, _ in first.lettered] == [letter(n) for n in range(15)]
    assert second.lettered[0][0] == "P" and second.lettered[0][1] is pick.targets[15]
    assert last.page == 2 and [x for x, _ in last.lettered] == ["AE", "AF", "AG"]  # kept in range


def test_the_alt_text_names_the_piece_and_each_letter_within_discords_limit() -> None:
    pick = _picking(15)
    said = picking_alt(pick, letter_page(pick, 0), "en")
    lines = said.splitlines()
    assert lines[0] == "Close-up around R3: 15 targets lettered." and lines[1].startswith(
        "A: target number 0"
    )
    assert len(said) <= ALT_LIMIT
    spanish = picking_alt(_picking(1), letter_page(_picking(1), 0), "es")
    assert spanish.splitlines()[0] == "Detalle alrededor de R3: 1 objetivo con letra."
    key = letter_key(letter_page(pick, 0), "en")
    assert key[0] == "Tap a letter on the close-up to pick its target (A–O of 15):" and key[1].startswith(
        "**A** · "
    )


def test_pick_by_letter_goes_in_the_first_free_row_and_never_a_sixth() -> None:
    shown = letter_page(_picking(4), 0)
    menus: list[ButtonSpec | SelectSpec] = [
        SelectSpec(f"s{n}", "menu", (("a", "0"),), row=n) for n in range(3)
    ]
    menus.append(ButtonSpec("end", "End", row=3))
    added = with_letters_button(menus, 7, 3, shown, None, "en")
    assert (
        added[-1].custom_id == "tb:k:7:3:0:0"
        and added[-1].row == 4
        and added[-1].label == "Pick by letter (4)"
    )
    full: list[ButtonSpec | SelectSpec] = [
        SelectSpec(f"s{n}", "menu", (("a", "0"),), row=n) for n in range(5)
    ]
    assert with_letters_button(full, 7, 3, shown, None, "en") == full  # no room: the menus alone
    unrowed: list[ButtonSpec | SelectSpec] = [ButtonSpec(f"b{n}", "x") for n in range(12)]  # rows 0, 1, 2
    assert _free_row(unrowed) == 3
    in_group = with_letters_button(unrowed, 7, 3, shown, 2, "en")
    assert in_group[-1].custom_id == "tb:k:7:3:3:0"  # the piece of the two-step menu, kept
    assert Panel("x", components=in_group).view() is not None  # discord.py accepts the layout


def test_letters_that_fit_under_the_menus_come_inline_with_ids_of_their_own() -> None:
    from bot.panels import with_letters
    from tests.games.duel import Commit

    legal = [Commit(card=n + 1) for n in range(12)]
    menus: list[ButtonSpec | SelectSpec] = [SelectSpec("tb:s:7:3:0", "menu", (("a", "0"),), row=0)]
    menus += [ButtonSpec(f"tb:a:7:3:{n}", f"card {n}", row=1) for n in range(4)]
    few = Picking("R3", tuple(Target(n, f"card {n}", (n, n)) for n in range(4)))
    specs, inline = with_letters(menus, 7, 3, legal, "en", letter_page(few, 0), None)
    letters = specs[len(menus) :]
    assert inline and [s.label for s in letters] == ["A", "B", "C", "D"] and {s.row for s in letters} == {2}
    assert [s.custom_id for s in letters] == [f"tb:l:7:3:{n}" for n in range(4)]  # not the menus' tb:a ids
    assert len({s.custom_id for s in specs}) == len(specs)
    assert Panel("x", components=specs).view() is not None
    many = Picking("R3", tuple(Target(n, f"card {n}", (n, n)) for n in range(12)))
    crowded = [*menus, SelectSpec("tb:s:7:3:1", "menu", (("a", "0"),), row=2)]
    specs, inline = with_letters(crowded, 7, 3, legal, "en", letter_page(many, 0), None)
    assert not inline and specs[-1].custom_id == "tb:k:7:3:0:0"  # 12 letters, 2 free rows: the button
