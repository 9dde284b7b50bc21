"""ClickWars' declarative controls: pick a unit, preview a move or charge on the seat's own picture,
confirm; shots and fights with their to-hit chance; forms that refuse bad input with a sentence
naming the field, the value, what is accepted and an example, in English and Spanish."""

from __future__ import annotations

import pytest

from bot.panels import control_components
from engine.clickwars import RULES, ClickWarsView
from engine.clickwars import actions as a
from engine.clickwars.terrain import Area
from engine.core import Rejected, dice_for, new_game
from engine.core.shapes import Polygon
from renderers.base import Button, Field, Form, Menu
from renderers.clickwars import PRESENTER
from renderers.clickwars.controls import MESSAGES, parse_form
from renderers.i18n import t
from tests.engine.clickwars.helpers import act, table
from tests.engine.helpers import of_kind


def view_of(state, seat: str = "red") -> ClickWarsView:
    v = RULES.view(state, seat)
    assert isinstance(v, ClickWarsView)
    return v


def controls_of(state, seat: str = "red", lang: str = "en") -> list:
    return PRESENTER.controls(view_of(state, seat), RULES.legal_actions(state, seat), lang) or []


def menus(controls: list) -> dict[str, Menu]:
    return {c.placeholder: c for c in controls if isinstance(c, Menu)}


def form(controls: list, key: str) -> Form:
    return next(c for c in controls if isinstance(c, Form) and c.key == key)


def submit(state, seat: str, choice, legal=None):
    action = choice if not isinstance(choice, int) else (legal or RULES.legal_actions(state, seat))[choice]
    return act(state, seat, action)


def test_pick_a_unit_preview_the_move_then_confirm() -> None:
    """CW-MOV-1: the move is shown (path, cost of the allowance) on the seat's own picture first."""
    s = table({"R3": (30, 10), "R4": (50, 10), "B3": (30, 60)}, terrain=[])
    units = menus(controls_of(s))["Pick a unit to move…"]
    assert [o.choice.unit for o in units.options] == ["R3", "R4"]  # those that can still act
    s, events = submit(s, "red", a.Select(unit="R3"))
    assert of_kind(events, "unit_selected") and view_of(s).selected == "R3"
    assert RULES.view(s, "blue").selected is None and RULES.view(s, None).order is None  # the seat's own
    toward = menus(controls_of(s))["Move R3 toward a unit…"]
    first = toward.options[0]
    assert first.choice == a.PlanMove(unit="R3", toward="B3") and "10 cm (cost 10)" in first.label
    public = PRESENTER.board_png(RULES.view(s, None), "en")
    s, _ = submit(s, "red", first.choice)
    v = view_of(s)
    assert v.order is not None and v.order.path[-1] == (30.0, 20.0) and v.order.cost == 10.0
    assert "costs 10 of its 10 cm" in (PRESENTER.private_text(v, "en") or "")
    assert PRESENTER.private_png(v, "en") not in (None, public)
    preview = controls_of(s)
    [confirm] = [c for c in preview if isinstance(c, Button) and c.label == "Confirm"]
    assert RULES.legal_actions(s, "red")[confirm.choice] == a.Confirm()
    s, events = submit(s, "red", confirm.choice)
    assert of_kind(events, "moved")[0].path[-1] == (30.0, 20.0)
    assert s.units["R3"].xy == (30.0, 20.0) and view_of(s).selected is None and view_of(s).order is None
    assert "R3" not in [o.choice.unit for o in menus(controls_of(s))["Pick a unit to move…"].options]


def test_moves_by_direction_distance_and_through_difficult_ground() -> None:
    """CW-MOV-2: "as far as allowed" stops where difficult ground has spent the allowance."""
    swamp = Area(id="S", kind="swamp", going="difficult", shape=Polygon.rect(0, 14, 120, 40))
    s = table({"R3": (30, 10), "B3": (90, 100)}, terrain=[swamp])
    s, _ = submit(s, "red", a.Select(unit="R3"))
    s, _ = submit(s, "red", a.PlanMove(unit="R3", bearing=0))
    order = view_of(s).order
    assert order is not None and order.path[-1] == (30.0, 17.0) and order.cost == 10.0  # 4 + 2 x 3
    s, _ = submit(s, "red", a.PlanMove(unit="R3", bearing=90, distance=4))
    assert view_of(s).order.path[-1] == (34.0, 10.0)  # type: ignore[union-attr]
    with pytest.raises(Rejected) as refused:
        submit(s, "red", a.PlanMove(unit="R3", bearing=0, distance=9))
    assert refused.value.message_id == "clickwars.too_far"
    s, _ = submit(s, "red", a.PlanMove(unit="R3", x=25, y=12))
    s, events = submit(s, "red", a.Confirm())
    assert s.units["R3"].xy == (25.0, 12.0)


def test_charge_corridor_is_previewed_then_confirmed() -> None:
    """CW-CHG-2, CW-CHG-4, §8.4: the corridor and the units in it, before the charge is made."""
    s = table({"R14": (30, 10), "B3": (30, 25), "B12": (80, 80)}, terrain=[])
    s, _ = submit(s, "red", a.Select(unit="R14"))
    charges = menus(controls_of(s))["Charge with R14…"]
    assert charges.options[0].choice == a.PlanCharge(unit="R14", bearing=0)
    assert "B3" in charges.options[0].label
    s, _ = submit(s, "red", charges.options[0].choice)
    order = view_of(s).order
    assert order is not None and order.kind == "charge" and order.victims == ("B3",)
    assert "B3" in (PRESENTER.private_text(view_of(s), "en") or "")
    s, events = submit(s, "red", a.Confirm())
    assert of_kind(events, "charged") and any(d.unit == "B3" for d in of_kind(events, "damaged"))


def test_shots_offer_only_targets_in_range_and_sight_with_the_chance() -> None:
    """CW-RNG-1, CW-RNG-4: the menu lists targets in range and sight, with the to-hit chance."""
    rock = Area(id="R", kind="rock", going="impassable", sight="solid", shape=Polygon.rect(40, 20, 50, 30))
    s = table(
        {"R3": (45, 10), "R1": (80, 10), "R2": (80, 14), "B3": (45, 40), "B4": (60, 25), "B5": (45, 90)},
        terrain=[rock],
        phase="shooting",
    )
    assert [o.choice.unit for o in menus(controls_of(s))["Pick a unit to shoot…"].options] == ["R1", "R3"]
    s, _ = submit(s, "red", a.Select(unit="R3"))
    cs = controls_of(s)
    [shots] = [c for c in cs if isinstance(c, Menu)]
    legal = RULES.legal_actions(s, "red")
    assert [legal[o.choice].target for o in shots.options] == ["B4"]  # B3 behind the rock, B5 too far
    assert "(60%)" in shots.options[0].label
    s, events = submit(s, "red", shots.options[0].choice, legal)
    assert of_kind(events, "attack_rolled")
    s, _ = submit(s, "red", a.Select(unit="R1"))
    point = form(controls_of(s), "point")
    assert parse_form(point, {"x": "45 60", "y": ""}, view_of(s)) == a.ShootPoint(unit="R1", x=45, y=60)


def test_fights_and_the_deployment_form() -> None:
    """CW-CC-1, CW-DEP-2: fights from the legal actions; one unit placed by typed coordinates."""
    s = table({"R10": (30, 30), "B3": (30, 33.5)}, terrain=[], phase="assault")
    s, _ = submit(s, "red", a.Select(unit="R10"))
    [fights] = [c for c in controls_of(s) if isinstance(c, Menu)]
    assert "(70%)" in fights.options[0].label
    state, _ = new_game(RULES, None, 5)
    while state.phase != "deploy":
        seat = sorted(RULES.active_seats(state))[0]
        state, _ = act(state, seat, RULES.legal_actions(state, seat)[0])
    seat = sorted(RULES.active_seats(state))[0]
    place = form(controls_of(state, seat), "place")
    action = parse_form(
        place, {"unit": "3", "x": "40", "y": "10" if state.south == seat else "110"}, view_of(state, seat)
    )
    state, events = act(state, seat, action)
    assert of_kind(events, "unit_placed")


@pytest.mark.parametrize(
    ("key", "values", "message", "english", "spanish"),
    [
        ("pick", {"unit": "Z9"}, "clickwars.ui.bad_unit", "Unit: “Z9” is not a unit", "Unidad: «Z9» no es"),
        (
            "move",
            {"to": "over there", "distance": ""},
            "clickwars.ui.bad_to",
            "To: “over there”",
            "Destino: «over there»",
        ),
        (
            "move",
            {"to": "NE", "distance": "far"},
            "clickwars.ui.bad_distance",
            "Distance: “far”",
            "Distancia: «far»",
        ),
        ("charge", {"bearing": "400"}, "clickwars.ui.bad_bearing", "Bearing: “400”", "Rumbo: «400»"),
        ("place", {"unit": "R14", "x": "lots", "y": "3"}, "clickwars.ui.bad_x", "X: “lots”", "X: «lots»"),
        ("place", {"unit": "R14", "x": "4", "y": "500"}, "clickwars.ui.bad_y", "Y: “500”", "Y: «500»"),
        (
            "place",
            {"unit": "R14", "x": "4", "y": ""},
            "clickwars.ui.need_both",
            "X: “4” gives one",
            "X: «4» da",
        ),
    ],
)
def test_bad_form_input_is_refused_naming_field_value_and_example(
    key, values, message, english, spanish
) -> None:
    s = table({"R14": (30, 10), "B3": (30, 60)}, terrain=[])
    s, _ = submit(s, "red", a.Select(unit="R14"))
    v = view_of(s)
    fields = {
        "pick": ("unit",),
        "move": ("to", "distance"),
        "charge": ("bearing",),
        "place": ("unit", "x", "y"),
    }
    f = Form(key, key, key, tuple(Field(k, k) for k in fields[key]))
    with pytest.raises(Rejected) as refused:
        parse_form(f, values, v)
    r = refused.value
    assert r.message_id == message and r.message_id in MESSAGES
    en, es = t("en", r.message_id, **r.params), t("es", r.message_id, **r.params)
    assert en.startswith(english) and es.startswith(spanish)
    assert ("example" in en or "for example" in en) and "ejemplo" in es


def test_typed_moves_read_points_units_and_directions() -> None:
    s = table({"R14": (30, 10), "B3": (30, 60)}, terrain=[])
    s, _ = submit(s, "red", a.Select(unit="R14"))
    v = view_of(s)
    f = form(controls_of(s), "move")
    read = lambda to, d="": parse_form(f, {"to": to, "distance": d}, v)  # noqa: E731
    assert read("40 35") == a.PlanMove(unit="R14", x=40, y=35)
    assert read("b3", "7,5 cm") == a.PlanMove(unit="R14", toward="B3", distance=7.5)
    assert read("noreste") == read("NE") == read("45°") == a.PlanMove(unit="R14", bearing=45)
    assert parse_form(form(controls_of(s), "charge"), {"bearing": "SO"}, v) == a.PlanCharge(
        unit="R14", bearing=225
    )
    with pytest.raises(Rejected) as refused:
        submit(s, "red", a.Select(unit="B3"))
    assert refused.value.message_id == "clickwars.not_yours"
    with pytest.raises(Rejected) as refused:
        submit(s, "red", a.Confirm())
    assert refused.value.message_id == "clickwars.nothing_to_confirm"


def test_every_offered_order_is_accepted_and_fits_discord() -> None:
    """The menus offer only orders `decide` accepts; every control set fits Discord's limits."""
    state, _ = new_game(RULES, None, 11)
    pilot = RULES.pilot("red")
    checked = 0
    for n in range(400):
        if RULES.outcome(state) is not None:
            break
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        if state.phase in ("movement", "shooting", "assault") and n % 7 == 0:
            cs = PRESENTER.controls(view_of(state, seat), legal, "es") or []
            specs = control_components(1, state.version, cs)  # raises if a choice is too long
            assert len({c.row for c in cs}) <= 5 and len(specs) <= 25
            [units] = [c for c in cs if isinstance(c, Menu)] or [None]
            if units is not None:
                picked, _ = act(state, seat, units.options[0].choice)
                for c in (
                    PRESENTER.controls(view_of(picked, seat), RULES.legal_actions(picked, seat), "es") or []
                ):
                    for o in c.options if isinstance(c, Menu) else ():
                        assert len(o.label) <= 80
                        if not isinstance(o.choice, int):
                            act(picked, seat, o.choice)  # accepted (a Rejected fails the test)
                            checked += 1
        action = pilot.choose(RULES.view(state, seat), legal, dice_for(state).fork(seat))
        state, _ = act(state, seat, action)
    assert checked > 20


def test_the_controls_offer_crewing_after_the_move() -> None:
    """CW-ART-8, T8: a human's swordsman whose move ended touching the uncrewed gun is still in the
    list of units that can act, and picked, offers only the crew button (no more moves)."""
    gun, blue = "R1", {"B3": (50, 48), "B4": (56, 50)}
    s = table({gun: (60, 10), "R10": (60, 17), **blue}, terrain=[])
    s, _ = act(s, "red", a.Move(unit="R10", x=60, y=14.5))
    view = RULES.view(s, "red")
    assert isinstance(view, ClickWarsView)
    units = [
        c for c in PRESENTER.controls(view, RULES.legal_actions(s, "red"), "en") or [] if isinstance(c, Menu)
    ]
    assert [o.choice.unit for o in units[0].options] == ["R10"]
    s, _ = act(s, "red", a.Select(unit="R10"))
    view = RULES.view(s, "red")
    assert isinstance(view, ClickWarsView)
    legal_now = RULES.legal_actions(s, "red")
    controls = PRESENTER.controls(view, legal_now, "en") or []
    assert not [c for c in controls if isinstance(c, (Menu, Form))]
    crew = [
        c
        for c in controls
        if isinstance(c, Button)
        and isinstance(c.choice, int)
        and legal_now[c.choice] == a.Crew(unit="R10", gun=gun)
    ]
    assert len(crew) == 1
    s, _ = act(s, "red", legal_now[crew[0].choice])
    assert s.units[gun].crew == "R10"


def test_menus_have_no_duplicate_or_empty_entries() -> None:
    """Issue 27 item 3: in a swamp the farthest move is half the allowance, so "as far as allowed"
    and "half" were the same move twice, in all eight directions; now each move once."""
    swamp = Area(id="S", kind="swamp", going="difficult", shape=Polygon.rect(0, 0, 120, 120))
    s = table({"R3": (60, 60), "B3": (60, 110)}, terrain=[swamp])
    s, _ = submit(s, "red", a.Select(unit="R3"))
    for menu in menus(controls_of(s)).values():
        labels = [o.label for o in menu.options]
        assert len(labels) == len(set(labels)) and all(label.strip() for label in labels), labels
    directions = menus(controls_of(s))["Move R3 in a direction…"]
    ends = [(o.choice.bearing, o.choice.distance) for o in directions.options]
    assert len(ends) == 8 and all(d is None for _, d in ends)  # the full move only: it is the half one


def test_charges_through_nobody_are_not_offered_and_the_panel_says_why() -> None:
    """Issue 27 item 3, CW-CHG-2: the charge menu lists only charges that strike someone, each set
    of victims once; with none, the picked cavalryman's panel says why, in both languages."""
    s = table({"R14": (30, 10), "B3": (30, 25), "B12": (100, 100)}, terrain=[])
    s, _ = submit(s, "red", a.Select(unit="R14"))
    charges = menus(controls_of(s))["Charge with R14…"]
    victims = [o.label.split("through: ")[1] for o in charges.options]
    assert victims == ["B3"]  # the compass bearings through nobody are gone, 0° through B3 once
    assert "No charge on offer" not in (PRESENTER.private_text(view_of(s), "en") or "")
    far = table({"R14": (30, 10), "B12": (100, 100)}, terrain=[])
    far, _ = submit(far, "red", a.Select(unit="R14"))
    assert "Charge with R14…" not in menus(controls_of(far))
    assert form(controls_of(far), "charge")  # a charge at empty ground: still by its bearing
    en = PRESENTER.private_text(view_of(far), "en") or ""
    es = PRESENTER.private_text(view_of(far), "es") or ""
    assert "No charge on offer for R14: no enemy within 36 cm." in en
    assert "R14 no tiene carga posible: ningún enemigo a 36 cm o menos." in es


def test_a_shooter_with_no_target_says_why() -> None:
    """Issue 27 item 3, CW-RNG-1: no shots menu for a rifleman with every enemy out of range, and
    the rules' reason for the nearest one on the panel; a rifleman in range says nothing of it."""
    s = table({"R3": (45, 10), "R4": (45, 80), "B5": (45, 100)}, terrain=[], phase="shooting")
    s, _ = submit(s, "red", a.Select(unit="R3"))
    assert not menus(controls_of(s))
    text = PRESENTER.private_text(view_of(s), "en") or ""
    assert "No target on offer for R3: B5 is 87 cm from R3; the range is 20 cm." in text
    s, _ = submit(s, "red", a.Select(unit="R4"))
    assert menus(controls_of(s)) and "No target" not in (PRESENTER.private_text(view_of(s), "en") or "")
