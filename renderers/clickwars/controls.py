"""ClickWars' controls, as data (renderers.base): pick a unit, then its orders; moves and charges are
previewed on the seat's own picture and confirmed; forms for exact points, bearings and distances.

- Deployment: the plan buttons and "confirm" (from `legal_actions`) and a form to place one unit.
- Movement / Shooting / Assault, no unit picked: a menu of the units that can still act, a form to
  pick one by its number, End phase.
- A unit picked: in Movement, menus "toward a unit" and "in a direction" and, for cavalry, "charge"
  (only orders the movement rules accept from here, each with its length and cost), a move form
  (to coordinates, toward a unit, or a compass direction, with a distance) and a charge form (a
  bearing); a crew button beside a gun. In Shooting, a menu of the targets in range and sight with
  the to-hit chance, and for a gun a form to fire at a point; in Assault, the enemies in reach.
- A move or charge previewed: Confirm, choose again, back to the units.
- No menu lists an entry twice or an empty one, and no charge strikes nobody (a charge at empty
  ground is still one bearing away in the charge form); when the picked unit's kind has an order
  the menus do not offer (a cavalryman's charge, a shooter's or fighter's targets), its panel says
  why in the rules' own words (`withheld`, issue 27 item 3).
Built from the seat's own view (`orders.state_of`: no secret is on the table after the reveal);
`decide` has the last word. Every die is rolled by the bot and narrated.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from engine.clickwars import ClickWarsView
from engine.clickwars import actions as a
from engine.clickwars.checks import (
    can_act,
    fight_problem,
    limit_of,
    shooter_problem,
    shot_problem,
    told_fight_problem,
    told_shot_problem,
)
from engine.clickwars.commands import COMPASS, charge_order, resolve_move, state_of
from engine.clickwars.los import CONTACT_CM, gap
from engine.clickwars.movement import unit_order
from engine.clickwars.state import ClickWarsState, Unit
from engine.core import Action, Rejected
from engine.core.shapes import bearing_of
from renderers.base import Button, Control, Field, Form, Menu, Option
from renderers.i18n import LANGUAGES, has, t
from renderers.measure import coordinate_parts, length_or_none

from . import text
from .group import group_pick

SELECT_OPTIONS = 25
PLAYING = ("movement", "shooting", "assault", "counter")
PICK, PLACE, MOVE, CHARGE, POINT = "pick", "place", "move", "charge", "point"
CHARGE_REACH_CM = 36.0  # enemies this close are offered as charge bearings (30 cm plus bases)

# Refusals of what a player typed: catalog id -> English text (renderers/locales/*/clickwars.ftl).
MESSAGES: dict[str, str] = {
    "clickwars.ui.bad_unit": "Unit: “{value}” is not a unit on the table. Type its number as on the board, for example “{example}”.",
    "clickwars.ui.bad_to": "To: “{value}” is neither a point, a unit nor a direction. Type coordinates in cm, a unit or a direction (degrees or N, NE…), for example “40 35”, “{example}” or “NE”.",
    "clickwars.ui.bad_distance": "Distance: “{value}” is not a length. Type centimetres above 0, for example “7.5” or “7.5 cm” (inches only with their unit: “3 in”), or leave it empty to go as far as allowed.",
    "clickwars.ui.bad_bearing": "Bearing: “{value}” is not a compass bearing. Type whole degrees from 0 to 359 (0 = north, 90 = east) or a direction such as NE, for example “45”.",
    "clickwars.ui.bad_x": "X: “{value}” is not a length in cm. Type a number from 0 to {limit}, for example “40” or “40.5” (inches only with their unit: “16 in”).",
    "clickwars.ui.bad_y": "Y: “{value}” is not a length in cm. Type a number from 0 to {limit}, for example “35” or “35.5”.",
    "clickwars.ui.need_both": "X: “{value}” gives one coordinate; type both in cm, x and y, for example “40 35” (or x here and y below).",
    "clickwars.ui.bad_choice": "That choice is not on offer any more.",
}


def refuse(message_id: str, **params: Any) -> Rejected:
    return Rejected(message_id, MESSAGES[message_id], **params)


# --- reading what players type ---------------------------------------------------------------------


def _number(raw: str) -> float | None:
    """A length in cm as typed: the game's unit; inches only with their suffix ("9 in", "9 inches",
    '9"'), converted (renderers/measure.py: one unit system per table, issue 27 item 7)."""
    value = length_or_none(raw, "cm")
    return value if value is not None and math.isfinite(value) else None


def _directions() -> dict[str, int]:
    """Compass words in every language ("NO" / "noroeste" = NW = 315°)."""
    names = {d.lower(): b for d, b in COMPASS.items()} | {"o": 270, "no": 315, "so": 225}
    for lang in LANGUAGES:
        for d, b in COMPASS.items():
            names[t(lang, f"clickwars.dir.{d}").lower()] = b
    return names


DIRECTIONS = _directions()


def parse_bearing(raw: str) -> int | None:
    """ "45", "45°", "NE", "noreste" -> 45; None if it is none of those."""
    word = raw.strip().lower().rstrip("°º").strip()
    if word in DIRECTIONS:
        return DIRECTIONS[word]
    if re.fullmatch(r"[0-9]{1,3}", word) and int(word) < 360:
        return int(word)
    return None


def parse_unit(raw: str, view: ClickWarsView, own: bool) -> str:
    """ "R3", "r3", or "3" (the seat's own letter) -> "R3"; refused unless that unit stands on the table."""
    word = raw.strip().upper().replace(" ", "")
    mine = "R" if view.seat == "red" else "B"
    if word.isdigit():
        word = mine + word
    u = view.unit(word)
    if u is None or not u.placed and view.phase != "deploy" or own and u.side != view.seat:
        example = next((x.id for x in view.units if x.side == view.seat and x.alive), f"{mine}1")
        raise refuse("clickwars.ui.bad_unit", value=raw.strip()[:24], example=example)
    return word


def parse_length(raw: str, key: str, limit: float) -> float:
    value = _number(raw)
    if value is None or not 0 <= value <= limit:
        raise refuse(f"clickwars.ui.bad_{key}", value=raw.strip()[:24], limit=int(limit))
    return value


def parse_point(x_text: str, y_text: str, view: ClickWarsView) -> tuple[float, float]:
    """(x, y) in cm from two fields, or "x y" / "x; y" in the first."""
    w, h = float(view.options.width), float(view.options.height)
    if not y_text.strip():
        parts = coordinate_parts(x_text)
        if len(parts) != 2:
            if len(parts) == 1 and _number(parts[0]) is not None:
                raise refuse("clickwars.ui.need_both", value=x_text.strip()[:24])
            raise refuse("clickwars.ui.bad_x", value=x_text.strip()[:24], limit=int(w))
        x_text, y_text = parts
    return parse_length(x_text, "x", w), parse_length(y_text, "y", h)


def parse_move(view: ClickWarsView, unit: str, to: str, distance: str) -> a.PlanMove:
    """The move form: to coordinates, toward a unit, or along a direction; an optional distance."""
    dist = None
    if distance.strip():
        dist = _number(distance)
        if dist is None or dist <= 0:
            raise refuse("clickwars.ui.bad_distance", value=distance.strip()[:24])
    bearing = parse_bearing(to)
    if bearing is not None and len(coordinate_parts(to)) != 2:
        return a.PlanMove(unit=unit, bearing=bearing, distance=dist)
    parts = coordinate_parts(to)
    if len(parts) == 2 and all(_number(p) is not None for p in parts):
        x, y = parse_point(parts[0], parts[1], view)
        return a.PlanMove(unit=unit, x=x, y=y)
    try:
        return a.PlanMove(unit=unit, toward=parse_unit(to, view, own=False), distance=dist)
    except Rejected:
        example = next((u.id for u in view.units if u.side != view.seat and u.placed), "B1")
        raise refuse("clickwars.ui.bad_to", value=to.strip()[:24], example=example) from None


def parse_form(form: Form, values: Mapping[str, str], view: ClickWarsView) -> Action:
    """The action a submitted form asks for; `decide` still checks it."""
    get = lambda key: values.get(key, "")  # noqa: E731
    if form.key == PICK:
        return a.Select(unit=parse_unit(get("unit"), view, own=True))
    if form.key == PLACE:
        uid = parse_unit(get("unit"), view, own=True)
        x, y = parse_point(get("x"), get("y"), view)
        return a.PlaceUnit(unit=uid, x=x, y=y)
    if view.selected is None:
        raise refuse("clickwars.ui.bad_choice")
    if form.key == MOVE:
        return parse_move(view, view.selected, get("to"), get("distance"))
    if form.key == CHARGE:
        bearing = parse_bearing(get("bearing"))
        if bearing is None:
            raise refuse("clickwars.ui.bad_bearing", value=get("bearing").strip()[:24])
        return a.PlanCharge(unit=view.selected, bearing=bearing)
    if form.key == POINT:
        x, y = parse_point(get("x"), get("y"), view)
        return a.ShootPoint(unit=view.selected, x=x, y=y)
    raise refuse("clickwars.ui.bad_choice")


# --- the forms -------------------------------------------------------------------------------------


def _xy_fields(view: ClickWarsView, lang: str) -> tuple[Field, Field]:
    w, h = view.options.width, view.options.height
    return (
        Field(
            "x",
            t(lang, "clickwars.ui.field.x"),
            "point",
            t(lang, "clickwars.ui.field.x_hint", limit=w),
            unit="cm",
        ),
        _optional_cm("y", lang, limit=h),
    )


def _optional_cm(key: str, lang: str, **hint: Any) -> Field:
    """A length in cm that may be left empty (y when x holds "x y"; a move's distance)."""
    label, hint_text = t(lang, f"clickwars.ui.field.{key}"), t(lang, f"clickwars.ui.field.{key}_hint", **hint)
    return Field(key, label, "length", hint_text, required=False, unit="cm")


def _unit_field(lang: str) -> Field:
    return Field(
        "unit",
        t(lang, "clickwars.ui.field.unit"),
        "text",
        t(lang, "clickwars.ui.field.unit_hint"),
        max_length=8,
    )


def pick_form(lang: str, row: int) -> Form:
    return Form(
        PICK, t(lang, "clickwars.ui.pick"), t(lang, "clickwars.ui.pick_title"), (_unit_field(lang),), row=row
    )


def place_form(view: ClickWarsView, lang: str, row: int) -> Form:
    return Form(
        PLACE,
        t(lang, "clickwars.ui.place"),
        t(lang, "clickwars.ui.place_title"),
        (_unit_field(lang), *_xy_fields(view, lang)),
        row=row,
    )


def move_form(u: Unit, limit: float, lang: str, row: int) -> Form:
    return Form(
        MOVE,
        t(lang, "clickwars.ui.move"),
        t(lang, "clickwars.ui.move_title", unit=u.id),
        (
            Field("to", t(lang, "clickwars.ui.field.to"), "text", t(lang, "clickwars.ui.field.to_hint")),
            _optional_cm("distance", lang, limit=limit),
        ),
        row=row,
    )


def charge_form(u: Unit, lang: str, row: int) -> Form:
    field = Field(
        "bearing", t(lang, "clickwars.ui.field.bearing"), "number", t(lang, "clickwars.ui.field.bearing_hint")
    )
    return Form(
        CHARGE,
        t(lang, "clickwars.ui.charge"),
        t(lang, "clickwars.ui.charge_title", unit=u.id),
        (field,),
        row=row,
    )


def point_form(view: ClickWarsView, u: Unit, lang: str, row: int) -> Form:
    title = t(lang, "clickwars.ui.point_title", unit=u.id)
    return Form(POINT, t(lang, "clickwars.ui.point"), title, _xy_fields(view, lang), row=row)


# --- menus of orders the rules accept from here ---------------------------------------------------


def _who(lang: str, u: Unit) -> str:
    return f"{u.id} {text.profile(lang, u.profile)}"


def _cm(lang: str, value: float) -> str:
    return text.num(lang, round(value, 1))


def toward_options(s: ClickWarsState, u: Unit, lang: str) -> list[Option]:
    """Every unit `u` can move toward from here: enemies nearest first, then friends (≤ 25)."""
    return [option for option, _ in toward_ends(s, u, lang)]


def toward_ends(s: ClickWarsState, u: Unit, lang: str) -> list[tuple[Option, tuple[float, float]]]:
    """`toward_options`, each with where the move would end (cm)."""
    others = sorted(
        (o for o in s.units.values() if o.placed and o.id != u.id),
        key=lambda o: (o.side == u.side, gap(u, o), unit_order(o.id)),
    )
    out = []
    for o in others:
        if gap(u, o) <= CONTACT_CM + 1e-9:
            continue  # already in base contact
        try:
            plan = resolve_move(s, u, toward=o.id)
        except Rejected:
            continue
        length = math.hypot(plan.path[-1][0] - u.x, plan.path[-1][1] - u.y)  # type: ignore[operator]
        label = t(
            lang,
            "clickwars.ui.toward_option",
            target=_who(lang, o),
            length=_cm(lang, length),
            cost=_cm(lang, plan.cost),
        )
        out.append((Option(label[:80], a.PlanMove(unit=u.id, toward=o.id)), plan.path[-1]))
        if len(out) == SELECT_OPTIONS:
            break
    return out


def direction_options(s: ClickWarsState, u: Unit, lang: str) -> list[Option]:
    """The eight compass directions, as far as allowed and half that (≤ 16)."""
    return [option for option, _ in direction_ends(s, u, lang)]


def direction_ends(s: ClickWarsState, u: Unit, lang: str) -> list[tuple[Option, tuple[float, float]]]:
    """`direction_options`, each with where the move would end (cm)."""
    limit = limit_of(s, u)
    out = []
    ends: set[tuple[float, float]] = set()
    for name, bearing in COMPASS.items():
        for distance in (None, limit / 2):
            try:
                plan = resolve_move(s, u, bearing=bearing, distance=distance)
            except Rejected:
                continue
            length = math.hypot(plan.path[-1][0] - u.x, plan.path[-1][1] - u.y)  # type: ignore[operator]
            if distance is not None and length > limit / 2 + 0.5:
                continue
            end = (round(plan.path[-1][0], 1), round(plan.path[-1][1], 1))
            if end in ends:
                continue  # blocked short of half the allowance: the same move as the full one
            ends.add(end)
            label = t(
                lang,
                "clickwars.ui.direction_option",
                direction=t(lang, f"clickwars.dir.{name}"),
                bearing=bearing,
                length=_cm(lang, length),
                cost=_cm(lang, plan.cost),
            )
            option = Option(label[:80], a.PlanMove(unit=u.id, bearing=bearing, distance=distance))
            out.append((option, plan.path[-1]))
    return out[:SELECT_OPTIONS]


def charge_options(s: ClickWarsState, u: Unit, lang: str) -> list[Option]:
    """Charge bearings the rules accept that strike someone: toward each enemy within reach, then
    the compass; one bearing per set of victims, the first found (aimed at the nearest enemy), and
    none through nobody (a charge at empty ground stays possible by the charge form) (≤ 25)."""
    return [option for option, _ in charge_ends(s, u, lang)]


def charge_ends(s: ClickWarsState, u: Unit, lang: str) -> list[tuple[Option, tuple[float, float]]]:
    """`charge_options`, each with the first unit it strikes (where its letter goes, cm)."""
    bearings: list[int] = []
    for o in sorted(s.living(), key=lambda o: (gap(u, o), unit_order(o.id))):
        if o.side != u.side and gap(u, o) <= CHARGE_REACH_CM:
            bearings.append(round(bearing_of(u.x, u.y, o.x, o.y)) % 360)  # type: ignore[arg-type]
    bearings += list(COMPASS.values())
    out, seen = [], set()
    struck: set[tuple[str, ...]] = set()
    for bearing in bearings:
        if bearing in seen:
            continue
        seen.add(bearing)
        try:
            order = charge_order(s, u, bearing)
        except Rejected:
            continue
        if not order.victims or order.victims in struck:
            continue
        struck.add(order.victims)
        label = t(lang, "clickwars.ui.charge_option", bearing=bearing, victims=", ".join(order.victims))
        first = s.units[order.victims[0]]
        out.append(
            (Option(label[:80], a.PlanCharge(unit=u.id, bearing=bearing)), (first.x or 0.0, first.y or 0.0))
        )
    return out[:SELECT_OPTIONS]


def unique(options: Sequence[Option]) -> tuple[Option, ...]:
    """A menu's options with no label twice (the first kept) and none empty (issue 27 item 3)."""
    seen: set[str] = set()
    out = []
    for option in options:
        if option.label.strip() and option.label not in seen:
            seen.add(option.label)
            out.append(option)
    return tuple(out)


def _indexed(legal: Sequence[Action], kind: type[Action], uid: str | None = None) -> list[tuple[int, Action]]:
    return [
        (i, x)
        for i, x in enumerate(legal)
        if isinstance(x, kind) and (uid is None or getattr(x, "unit", None) == uid)
    ]


def _end(legal: Sequence[Action], lang: str, row: int) -> list[Control]:
    return [Button(text.action_label(x, lang), i, "danger", row) for i, x in _indexed(legal, a.EndPhase)]


# --- the controls --------------------------------------------------------------------------------


def unit_menu(view: ClickWarsView, s: ClickWarsState, legal: Sequence[Action], lang: str) -> list[Control]:
    """No unit picked: the units that can still act, a form to pick one by number, End phase."""
    seat = view.seat
    if view.phase == "movement":
        ready = [u for u in s.units.values() if u.side == seat and can_act(s, u)]
    else:
        acting = {getattr(x, "unit", None) for x in legal}
        ready = [
            u
            for u in s.units.values()
            if u.id in acting or u.is_gun and u.side == seat and can_act(s, u) and u.crew
        ]
    ready.sort(key=lambda u: unit_order(u.id))
    controls: list[Control] = []
    row = 0
    if ready:
        options = tuple(
            Option(
                t(
                    lang,
                    "clickwars.ui.unit_option",
                    unit=_who(lang, u),
                    life=max(u.life, 0),
                    max=u.max_life,
                    x=text.num(lang, u.x or 0),
                    y=text.num(lang, u.y or 0),
                )[:80],
                a.Select(unit=u.id),
            )
            for u in ready[:SELECT_OPTIONS]
        )
        controls.append(Menu(t(lang, f"clickwars.ui.units.{view.phase}"), unique(options), row))
        row += 1
    if view.phase == "movement" and seat is not None:  # several units moved alike at once (group.py)
        group = group_pick(s, seat, lang, row)
        if group is not None:
            controls.append(group)
            row += 1
    controls.append(pick_form(lang, row))
    controls += _end(legal, lang, row)
    return controls


def unit_orders(
    view: ClickWarsView, s: ClickWarsState, u: Unit, legal: Sequence[Action], lang: str
) -> list[Control]:
    """A unit picked: what it may do in this phase."""
    controls: list[Control] = []
    row = 0
    if view.phase == "movement" and u.moved:  # only crewing is left to him (CW-ART-8)
        controls += [
            Button(text.action_label(x, lang, view), i, "success", row)
            for i, x in _indexed(legal, a.Crew, u.id)
        ][:2]
    elif view.phase == "movement":
        for build, key in ((toward_options, "toward"), (direction_options, "direction")):
            options = build(s, u, lang)
            if options:
                controls.append(Menu(t(lang, f"clickwars.ui.{key}", unit=u.id), unique(options), row))
                row += 1
        cavalry = u.type == "cavalry"
        if cavalry:
            options = charge_options(s, u, lang)
            if options:
                controls.append(Menu(t(lang, "clickwars.ui.charges", unit=u.id), unique(options), row))
                row += 1
        controls.append(move_form(u, limit_of(s, u), lang, row))
        if cavalry:
            controls.append(charge_form(u, lang, row))
        controls += [
            Button(text.action_label(x, lang, view), i, "success", row)
            for i, x in _indexed(legal, a.Crew, u.id)
        ][:2]
    else:
        kind = a.Shoot if view.phase == "shooting" else a.Fight
        attacks = _indexed(legal, kind, u.id)
        if attacks:
            shots = tuple(
                Option(_attack_label(view, s, x, lang)[:80], i) for i, x in attacks[:SELECT_OPTIONS]
            )
            controls.append(
                Menu(t(lang, f"clickwars.ui.attacks.{view.phase}", unit=u.id), unique(shots), row)
            )
            row += 1
        if u.is_gun and view.phase == "shooting":
            controls.append(point_form(view, u, lang, row))
    controls.append(Button(t(lang, "clickwars.ui.back"), a.Select(unit=""), "secondary", row))
    return controls + _end(legal, lang, row)


def withheld(view: ClickWarsView, lang: str) -> list[str]:
    """Why the picked unit's panel lacks an order its kind has (issue 27 item 3: a control that is
    not offered says why): no charge for a cavalryman, no target for a shooter or a fighter. The
    reason is the rules' own refusal for the nearest enemy (out of range, no sight, engaged…), or
    that no enemy is near enough; nothing when the order is on offer."""
    found = withheld_problem(view, lang)
    return [] if found is None else [found[0]]


def withheld_problem(view: ClickWarsView, lang: str) -> tuple[str, Rejected | None] | None:
    """`withheld`'s line and the refusal it words (None when no enemy is near enough), whose
    ruling, when a measure made it (out of range, out of sight, out of reach), `/why` explains."""
    if view.seat is None or view.seat not in view.acting or view.order is not None:
        return None
    if view.phase not in PLAYING:
        return None
    s = state_of(view)
    u = s.units.get(view.selected or "")
    if u is None or not u.placed or not can_act(s, u):
        return None
    enemies = sorted((o for o in s.living() if o.side != u.side), key=lambda o: (gap(u, o), unit_order(o.id)))
    if view.phase == "movement":
        if u.type != "cavalry" or u.moved or charge_options(s, u, lang):
            return None
        near = [o for o in enemies if gap(u, o) <= CHARGE_REACH_CM]
        if not near:
            why = t(lang, "clickwars.follow.none_near", reach=int(CHARGE_REACH_CM))
            return t(lang, "clickwars.follow.no_charge", unit=u.id, why=why), None
        o = near[0]
        problem = _charge_problem(s, u, o)
        why = _why(lang, problem) or t(lang, "clickwars.follow.misses", unit=o.id)
        return t(lang, "clickwars.follow.no_charge", unit=u.id, why=why), problem
    if view.phase == "shooting":
        problem = shooter_problem(s, u)
        if problem is None:
            live = [o for o in enemies if shot_problem(s, u, o, False) is None]
            if live or u.is_gun and any(shot_problem(s, u, o, True) is None for o in enemies):
                return None
            problem = told_shot_problem(s, u, enemies[0], False) if enemies else None
    else:
        if any(fight_problem(s, u, o) is None for o in enemies):
            return None
        problem = told_fight_problem(s, u, enemies[0]) if enemies else None
    why = _why(lang, problem) or t(lang, "clickwars.follow.no_enemy")
    return t(lang, "clickwars.follow.no_target", unit=u.id, why=why), problem


def _charge_problem(s: ClickWarsState, u: Unit, o: Unit) -> Rejected | None:
    try:
        charge_order(s, u, round(bearing_of(u.x, u.y, o.x, o.y)) % 360)  # type: ignore[arg-type]
    except Rejected as r:
        return r
    return None


def _why(lang: str, problem: Rejected | None) -> str | None:
    """A refusal in the reader's language (the rules' catalog entry, else its English text)."""
    if problem is None:
        return None
    return t(lang, problem.message_id, **problem.params) if has(problem.message_id) else problem.text


def _attack_label(view: ClickWarsView, s: ClickWarsState, action: Action, lang: str) -> str:
    """ "R3 shoots B7 Lancer (60%) · 14 cm" : the to-hit chance and the distance."""
    label = text.action_label(action, lang, view)
    assert isinstance(action, a.Shoot | a.Fight)
    uid, tid = action.unit, action.target
    return f"{label} · {_cm(lang, gap(s.units[uid], s.units[tid]))} cm"


def preview_controls(view: ClickWarsView, legal: Sequence[Action], lang: str) -> list[Control]:
    """A move or charge previewed: Confirm, choose again, back to the units."""
    order = view.order
    assert order is not None
    controls: list[Control] = [
        Button(t(lang, "clickwars.ui.confirm"), i, "success", 0) for i, _ in _indexed(legal, a.Confirm)
    ]
    controls.append(Button(t(lang, "clickwars.ui.again"), a.Select(unit=order.unit), "primary", 0))
    controls.append(Button(t(lang, "clickwars.ui.back"), a.Select(unit=""), "secondary", 0))
    return controls  # no End phase here: confirm, or step back first


def controls(view: ClickWarsView, legal: Sequence[Action], lang: str) -> list[Control] | None:
    """This game's controls for a seat that must act; None = the generic buttons (setup, roll-off)."""
    if view.seat is None or not legal:
        return None
    if view.phase == "deploy":
        buttons: list[Control] = [
            Button(text.action_label(x, lang, view), i, "primary", 0) for i, x in enumerate(legal)
        ]
        return [*buttons[:5], place_form(view, lang, 1)]
    if view.phase not in PLAYING:
        return None
    if view.order is not None:
        return preview_controls(view, legal, lang)
    s = state_of(view)
    u = s.units.get(view.selected or "")
    if u is not None and u.placed:
        return unit_orders(view, s, u, legal, lang)
    return unit_menu(view, s, legal, lang)
