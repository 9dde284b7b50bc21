"""ClickWars' "Move group" control and the clicks per movement phase (issue 27 item 3: "3 clicks per
unit move, about 30 per movement phase"). The figures are printed (`pytest -s`), measured by playing
a default army's whole movement phase through the panel's controls, then by the typed order and by
the group control; the assertions are about behaviour (the same units end where the order sends
them), never about a figure."""

from __future__ import annotations

from bot import ids
from bot.panels import SelectSpec, control_components
from engine.clickwars import RULES, ClickWarsView
from engine.clickwars import actions as a
from engine.clickwars.checks import can_act
from engine.core import dice_for, new_game, step
from engine.core.orders import play_order
from renderers.base import Button, Menu, OrderPick
from renderers.clickwars import PRESENTER
from renderers.i18n import t
from tests.engine.clickwars.helpers import table


def controls_of(state, seat: str = "red", lang: str = "en") -> list:
    view = RULES.view(state, seat)
    assert isinstance(view, ClickWarsView)
    return PRESENTER.controls(view, RULES.legal_actions(state, seat), lang) or []


def group_of(controls: list) -> OrderPick | None:
    return next((c for c in controls if isinstance(c, OrderPick)), None)


def test_the_group_control_lists_the_units_that_may_move_as_a_multi_select() -> None:
    """The gun's crewman goes with his gun (CW-MOV-5) and a unit whose move is done is left out; the
    Discord component is one select taking several values, drawn for the table's version."""
    s = table({"R1": (20, 10), "R2": (23, 10), "R3": (40, 10), "R4": (50, 10), "B3": (40, 80)}, terrain=[])
    for lang in ("en", "es"):
        group = group_of(controls_of(s, lang=lang))
        assert group is not None and group.placeholder == t(lang, "clickwars.group.placeholder")
        assert [value for _, value in group.options] == ["R1", "R3", "R4"]
    group = group_of(controls_of(s))
    assert group is not None
    [spec] = [c for c in control_components(7, s.version, [group]) if isinstance(c, SelectSpec)]
    assert spec.max_values == 3 and ids.ORDER_PICK.parse(spec.custom_id) == {
        "table": 7,
        "version": s.version,
        "key": "group",
    }
    # the picks and the typed move are an order; played, each picked unit moves
    text = group.order.format(picked="R3 R4", typed="6 N")
    result = play_order(RULES, s, "red", text)
    assert [(result.state.units[u].x, result.state.units[u].y) for u in ("R3", "R4")] == [(40, 16), (50, 16)]
    moved, _ = step(RULES, s, "red", a.Move(unit="R3", x=40, y=20))
    later = group_of(controls_of(moved))
    assert later is not None and [v for _, v in later.options] == ["R1", "R4"]
    alone = table({"R3": (40, 10), "B3": (40, 80)}, terrain=[])
    assert group_of(controls_of(alone)) is None  # one unit: nothing to group


def first_movement(seed: int) -> tuple[object, str]:
    """A default game (the full armies, §5.13) played by the AI up to the first Movement phase."""
    state, _ = new_game(RULES, None, seed)
    for _ in range(500):
        if state.phase == "movement":
            return state, state.active
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        action = RULES.pilot(seat).choose(RULES.view(state, seat), legal, dice_for(state).fork(seat))
        state, _ = step(RULES, state, seat, action)
    raise AssertionError("no movement phase")


def clicks_through_the_panel(state, seat: str) -> tuple[int, int]:
    """Every unit moved as the panel offers it: pick it in the units menu, pick a move in its
    direction menu (the first: as far as allowed that way), Confirm; a unit offered no move costs
    its pick and the click back; then End phase. (clicks, units moved)."""
    clicks = moved = 0
    skipped: set[str] = set()
    while True:
        units = next(
            (
                c
                for c in controls_of(state, seat)
                if isinstance(c, Menu) and isinstance(c.options[0].choice, a.Select)
            ),
            None,
        )
        ready = [o.choice for o in (units.options if units else ()) if o.choice.unit not in skipped]
        ready = [x for x in ready if not state.units[x.unit].moved]
        if not ready:
            break
        state, _ = step(RULES, state, seat, ready[0])
        clicks += 1
        plans = [
            o.choice
            for c in controls_of(state, seat)
            if isinstance(c, Menu)
            for o in c.options
            if isinstance(o.choice, a.PlanMove) and o.choice.bearing is not None
        ]
        if not plans:
            state, _ = step(RULES, state, seat, a.Select(unit=""))
            clicks += 1
            skipped.add(ready[0].unit)
            continue
        state, _ = step(RULES, state, seat, plans[0])
        [confirm] = [c for c in controls_of(state, seat) if isinstance(c, Button) and c.label == "Confirm"]
        state, _ = step(RULES, state, seat, RULES.legal_actions(state, seat)[confirm.choice])
        clicks += 2
        moved += 1
    return clicks + 1, moved  # + End phase


def test_clicks_per_movement_phase_before_and_after() -> None:
    """Measured, printed: the panel's three clicks per unit against one typed order (the /order
    dry run and its Confirm) and the group control (My hand, the multi-select, the modal, Confirm)."""
    state, seat = first_movement(5)
    ready = [u for u in state.units.values() if u.side == seat and can_act(state, u) and not u.moved]
    before, moved = clicks_through_the_panel(state, seat)
    heading = "N" if seat == state.south else "S"
    order = f"all move max {heading}; end"
    typed = play_order(RULES, state, seat, order, dry_run=True)
    real = play_order(RULES, state, seat, order)
    typed_moved = sum(1 for s in real.steps if s.step.verb == "move" and s.refusal is None)
    group = group_of(controls_of(state, seat))
    assert group is not None
    grouped = play_order(
        RULES,
        state,
        seat,
        group.order.format(picked=" ".join(v for _, v in group.options), typed=f"max {heading}"),
    )
    group_moved = sum(1 for s in grouped.steps if s.refusal is None)
    print(
        f"\nclicks per movement phase ({len(ready)} units may move): panel {before} ({moved} moved); "
        f"typed order 2 (/order dry run + Confirm, {typed_moved} moved); "
        f"Move group 4 (My hand, multi-select, modal, Confirm; {group_moved} moved)"
    )
    assert moved >= 10 and typed_moved >= moved - 2 and group_moved == typed_moved
    # every unit of the default army picked, and the longest move the dialog takes: Confirm fits
    longest = group.order.format(
        picked=" ".join(v for _, v in group.options), typed="x" * group.field.max_length
    )
    assert ids.ORDER.parse(ids.ORDER.format(table=9999, version=99999, text=longest)) is not None
    assert len(typed.steps) == len(real.steps) and not any(x.refusal for x in typed.steps[-1:])
    assert before >= 3 * moved
