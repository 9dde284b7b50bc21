"""Hunt for the Arkenstone's controls, as data (renderers.base): the many moves grouped, typed moves by form.

The generic buttons already do Higher / Lower, the trick's Yes / No and the turn-ups. During the
action phase (and Bilbo's free action) a seat gets instead:
- a menu "move toward a card or figure" (full reach) and a menu "move in a direction" (full, half or
  1 inch), each offering only moves the engine accepts from here;
- the Search / Recover / Discover buttons (a menu when more than five), Pass, and in the free-action
  window Higher / Lower too (a guess declines the free action, A13);
- forms for a move of a chosen distance (toward a card, a figure or a compass direction) and for a
  move to exact coordinates or a cell (§8.3).
During manual placement (AK-SET-1..4): menus of the free cells (named by their cells, from
legal_actions) and, for figures or in the free layout, a form for exact coordinates.
Everything is built from the seat's own view (never the state); `decide` has the last word.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from engine.arkenstone import ArkenstoneView, actions
from engine.arkenstone.board import (
    BILBO,
    MOVE_IN,
    SMAUG,
    TABLE_IN,
    cell_at,
    inches,
    location_code,
    parse_cell,
    position,
    resolve_move,
)
from engine.arkenstone.state import ARKENSTONE
from engine.core import Action, Rejected
from engine.core.geometry import Point, distance
from renderers.base import Button, Control, Field, Form, Menu, Option
from renderers.i18n import LANGUAGES, t
from renderers.measure import parse_length, parse_point

from . import text

SELECT_OPTIONS = 25
ROW_BUTTONS = 5
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
PLACING = ("place_smaug", "place_bilbo", "place_treasure", "place_location")
FIGURES = ("place_smaug", "place_bilbo")
ACTING = ("free_action", "action")
MOVE_BY, MOVE_TO, PLACE = "move_by", "move_to", "place"

# Refusals of what a player typed in a form: catalog id -> English text (renderers/locales/*/arkenstone.json).
MESSAGES: dict[str, str] = {
    "arkenstone.ui.need_both": "Give both coordinates (x and y), or a cell such as D4.",
    "arkenstone.ui.bad_choice": "That choice is not on offer any more.",
}


def refuse(message_id: str, **params: Any) -> Rejected:
    return Rejected(message_id, MESSAGES[message_id], **params)


# --- menus of moves the engine accepts ----------------------------------------------------------


def _accepted(view: ArkenstoneView, seat: str, action: actions.MoveToward | actions.MoveDirection) -> bool:
    """True if the engine would carry out this move from here (the same measuring as `decide`)."""
    try:
        resolve_move(view, seat, action)
    except Rejected:
        return False
    return True


def toward_choices(view: ArkenstoneView, seat: str, lang: str) -> list[Option]:
    """Every card or figure the seat's figure can move toward now, nearest first: treasure still on
    the table and the rival first, then the clubs (≤ 25 in all)."""
    here = position(view, seat)
    rival = SMAUG if seat == BILBO else BILBO
    first: list[tuple[float, str]] = [
        (distance(here, tr.at), f"T{tr.label}") for tr in view.treasures if not tr.removed
    ]
    first.append((distance(here, position(view, rival)), rival))
    clubs = [(distance(here, loc.at), location_code(loc.rank)) for loc in view.locations]
    choices = []
    for dist, target in sorted(first) + sorted(clubs):
        action = actions.MoveToward(target=target)
        if not _accepted(view, seat, action):
            continue
        label = t(lang, "arkenstone.action.move_toward", target=_target_text(view, target, lang))
        choices.append(
            Option(t(lang, "arkenstone.ui.toward_option", label=label, distance=inches(dist)), action)
        )
    return choices[:SELECT_OPTIONS]


def _target_text(view: ArkenstoneView, target: str, lang: str) -> str:
    """'T5', 'T5 (A♦)' for the face-up Arkenstone, '7♣', 'Smaug'."""
    if target in (BILBO, SMAUG):
        return t(lang, f"arkenstone.seat.{target}")
    if target.startswith("T"):
        card = next(tr for tr in view.treasures if f"T{tr.label}" == target)
        return f"{target} (A♦)" if card.face_up and card.rank == ARKENSTONE else target
    return target[:-1] + "♣"


def direction_choices(view: ArkenstoneView, seat: str, lang: str) -> list[Option]:
    """Every compass move at full reach, half reach and 1 inch that goes anywhere."""
    limit = MOVE_IN[seat]
    choices = []
    for direction in DIRECTIONS:
        for length in (limit, limit / 2, 1.0):
            action = actions.MoveDirection(direction=direction, distance_in=length)  # type: ignore[arg-type]
            if _accepted(view, seat, action):
                choices.append(Option(text.action_label(action, lang), action))
    return choices[:SELECT_OPTIONS]


def _indexed(legal: Sequence[Action], kinds: tuple[type[Action], ...]) -> list[tuple[int, Action]]:
    return [(i, a) for i, a in enumerate(legal) if isinstance(a, kinds)]


# --- the controls --------------------------------------------------------------------------------


def action_controls(view: ArkenstoneView, legal: Sequence[Action], lang: str) -> list[Control]:
    """The action phase: move menus, the search / recover / discover buttons, the forms, Pass; in the
    free-action window also Higher / Lower (a guess declines the free action, A13)."""
    seat = view.seat
    assert seat is not None
    controls: list[Control] = []
    row = 0
    toward = toward_choices(view, seat, lang)
    if toward:
        controls.append(
            Menu(t(lang, "arkenstone.ui.toward", limit=inches(MOVE_IN[seat])), tuple(toward), row)
        )
        row += 1
    compass = direction_choices(view, seat, lang)
    if compass:
        controls.append(Menu(t(lang, "arkenstone.ui.direction"), tuple(compass), row))
        row += 1
    deeds = _indexed(legal, (actions.Search, actions.Recover, actions.Discover))
    if len(deeds) > ROW_BUTTONS:
        options = tuple(Option(text.action_label(a, lang), i) for i, a in deeds[:SELECT_OPTIONS])
        controls.append(Menu(t(lang, "arkenstone.ui.deeds"), options, row))
        row += 1
    elif deeds:
        controls += [Button(text.action_label(a, lang), i, "success", row) for i, a in deeds]
        row += 1
    controls.append(move_by_form(view, seat, lang, row))
    controls.append(move_to_form(view, seat, lang, row))
    controls += [
        Button(text.action_label(a, lang), i, "secondary", row) for i, a in _indexed(legal, (actions.Pass,))
    ]
    # At most the fifth row: the rows above are ≤ 4.
    controls += [
        Button(text.action_label(a, lang), i, "primary", row + 1)
        for i, a in _indexed(legal, (actions.Guess,))
    ]
    return controls


def placement_controls(view: ArkenstoneView, legal: Sequence[Action], lang: str) -> list[Control]:
    """Manual placement (AK-SET-1..4): menus of the free cells, and exact coordinates where allowed."""
    controls: list[Control] = []
    for n, chunk in enumerate(cell_menus(_indexed(legal, (actions.PlaceFigure, actions.PlaceCard)))):
        options = tuple(Option(text.action_label(a, lang), i) for i, a in chunk)
        controls.append(Menu(cells_title(chunk, lang), options, row=n))
    if view.phase in FIGURES or view.options.layout == "free":  # figures anywhere; cards only in "free"
        controls.append(place_form(view, lang, row=len(controls)))
    # "Place my remaining cards at random" (issue 15 item 1): one click ends this seat's part.
    rest = _indexed(legal, (actions.PlaceRest,))
    controls += [Button(text.action_label(a, lang), i, "secondary", len(controls)) for i, a in rest]
    return controls


def controls(view: ArkenstoneView, legal: Sequence[Action], lang: str) -> list[Control] | None:
    """This game's controls for a seat that must act; None = the generic buttons do the job."""
    if view.seat not in (BILBO, SMAUG) or not legal:
        return None
    if view.phase in ACTING and view.bilbo is not None and view.smaug is not None:
        return action_controls(view, legal, lang)
    if view.phase in PLACING:
        return placement_controls(view, legal, lang)
    return None  # Higher / Lower, the trick, the turn-ups: a few plain buttons


def _cell_of(action: Action) -> str:
    assert isinstance(action, actions.PlaceFigure | actions.PlaceCard)
    return cell_at(Point(x=action.x, y=action.y)) or "?"


def _grid_row(action: Action) -> str:
    """The row number of a placement's cell ("4" for D4)."""
    return _cell_of(action)[1:]


def cell_menus(spots: Sequence[tuple[int, Action]]) -> list[list[tuple[int, Action]]]:
    """The free cells in menus of whole grid rows (≤ 25 options each, a row never split: 7 cells), in
    the order the engine lists them, so that each menu holds exactly the rows its title names."""
    menus: list[list[tuple[int, Action]]] = []
    rows: dict[str, list[tuple[int, Action]]] = {}
    for spot in spots:
        rows.setdefault(_grid_row(spot[1]), []).append(spot)
    for cells in rows.values():
        if menus and len(menus[-1]) + len(cells) <= SELECT_OPTIONS:
            menus[-1].extend(cells)
        else:
            menus.append(list(cells))
    return menus


def cells_title(chunk: Sequence[tuple[int, Action]], lang: str) -> str:
    """A menu's title naming the cells it really holds (issue 15 item 5): its rows ("Free cells in rows
    1–3") and, when few, the cells themselves."""
    rows = sorted({int(_grid_row(a)) for _, a in chunk})
    cells = ", ".join(_cell_of(a) for _, a in chunk)
    if len(chunk) <= 4:
        return t(lang, "arkenstone.ui.cells_few", cells=cells, count=len(chunk))
    if len(rows) == 1:
        return t(lang, "arkenstone.ui.cells_row", row=rows[0], count=len(chunk))
    return t(lang, "arkenstone.ui.cells_rows", first=rows[0], last=rows[-1], count=len(chunk))


# --- the forms -------------------------------------------------------------------------------------


def move_by_form(view: ArkenstoneView, seat: str, lang: str, row: int | None = None) -> Form:
    figure = t(lang, f"arkenstone.seat.{seat}")
    return Form(
        MOVE_BY,
        t(lang, "arkenstone.ui.move_by"),
        t(lang, "arkenstone.ui.move_by_title", figure=figure),
        (
            Field(
                "target",
                t(lang, "arkenstone.ui.field.target"),
                "text",
                t(lang, "arkenstone.ui.field.target_hint"),
            ),
            Field(
                "distance",
                t(lang, "arkenstone.ui.field.distance"),
                "length",
                t(lang, "arkenstone.ui.field.distance_hint", limit=inches(MOVE_IN[seat])),
                required=False,
                unit="in",
            ),
        ),
        row=row,
    )


def _point_fields(lang: str, here: Point | None) -> tuple[Field, Field]:
    size = inches(TABLE_IN)
    x_hint = t(lang, "arkenstone.ui.field.x_hint", size=size)
    y_hint = t(lang, "arkenstone.ui.field.y_hint", size=size)
    if here is not None:
        x_hint = t(lang, "arkenstone.ui.field.x_hint_here", size=size, value=inches(here.x))
        y_hint = t(lang, "arkenstone.ui.field.y_hint_here", size=size, value=inches(here.y))
    return (
        Field("x", t(lang, "arkenstone.ui.field.x"), "point", x_hint, unit="in"),
        Field("y", t(lang, "arkenstone.ui.field.y"), "length", y_hint, required=False, unit="in"),
    )


def move_to_form(view: ArkenstoneView, seat: str, lang: str, row: int | None = None) -> Form:
    here = view.bilbo if seat == BILBO else view.smaug
    figure = t(lang, f"arkenstone.seat.{seat}")
    title = t(lang, "arkenstone.ui.move_to_title", figure=figure)
    return Form(MOVE_TO, t(lang, "arkenstone.ui.move_to"), title, _point_fields(lang, here), row=row)


def place_form(view: ArkenstoneView, lang: str, row: int | None = None) -> Form:
    figure = t(lang, f"arkenstone.seat.{view.seat}")
    title = t(lang, "arkenstone.ui.place_title", figure=figure)
    return Form(PLACE, t(lang, "arkenstone.ui.place_at"), title, _point_fields(lang, None), row=row)


# --- what players type ----------------------------------------------------------------------------


def _direction_names() -> dict[str, str]:
    """Compass codes and the catalogs' direction words in every language ("NO" / "noroeste" = NW)."""
    names = {d.lower(): d for d in DIRECTIONS} | {"o": "W", "no": "NW", "so": "SW"}
    for lang in LANGUAGES:
        for d in DIRECTIONS:
            names[t(lang, f"arkenstone.dir.{d}").lower()] = d
    return names


DIRECTION_NAMES = _direction_names()


def parse_move_by(seat: str, target: str, distance_text: str) -> actions.MoveToward | actions.MoveDirection:
    """ "T5" / "7C" / "Smaug" / "NE" / "noroeste" and an optional distance (empty: as far as allowed)."""
    wanted = parse_length(distance_text, "in") if distance_text.strip() else None
    direction = DIRECTION_NAMES.get(re.sub(r"[\s_]+", "-", target.strip().lower()))
    if direction is not None:
        length = MOVE_IN[seat] if wanted is None else wanted
        return actions.MoveDirection(direction=direction, distance_in=length)  # type: ignore[arg-type]
    return actions.MoveToward(target=target.strip(), distance_in=wanted)


def _cell(name: str) -> tuple[float, float] | None:
    at = parse_cell(name)
    return None if at is None else (at.x, at.y)


def parse_at(x_text: str, y_text: str) -> tuple[float, float]:
    """Coordinates in inches from two fields, "x y" in the first, or a cell name such as "D4"."""
    return parse_point(x_text, y_text, "in", cell=_cell, need_both=refuse("arkenstone.ui.need_both"))


def parse_form(form: Form, values: Mapping[str, str], view: ArkenstoneView) -> Action:
    """The action a submitted form asks for; `decide` still checks it."""
    seat = view.seat
    if seat not in (BILBO, SMAUG):
        raise refuse("arkenstone.ui.bad_choice")
    if form.key == MOVE_BY:
        return parse_move_by(seat, values.get("target", ""), values.get("distance", ""))
    x, y = parse_at(values.get("x", ""), values.get("y", ""))
    if form.key == MOVE_TO:
        return actions.MoveTo(x=x, y=y)
    if form.key == PLACE:
        return actions.PlaceFigure(x=x, y=y) if view.phase in FIGURES else actions.PlaceCard(x=x, y=y)
    raise refuse("arkenstone.ui.bad_choice")
