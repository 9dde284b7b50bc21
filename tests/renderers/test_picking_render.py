"""The close-up around the acting piece with its targets lettered (issue 27 item 2, issue 29 item 4):
ClickWars' picked unit (its move ends in the menus' order, its shots), from the seat's own view only."""

from __future__ import annotations

import io
import math

from PIL import Image

from engine.clickwars import RULES
from engine.clickwars import actions as a
from engine.core import apply, dice_for, new_game
from renderers.base import letter
from renderers.clickwars import controls, picking
from renderers.clickwars.board import PX
from renderers.registry import get

PRESENTER = get("clickwars")


def _play_until(state, wanted, steps: int = 400):  # type: ignore[no-untyped-def]
    """The AI plays both sides until `wanted(state, seat)` for the seat to act."""
    for _ in range(steps):
        seat = sorted(RULES.active_seats(state))[0]
        if wanted(state, seat):
            return state, seat
        action = RULES.pilot(seat).choose(
            RULES.view(state, seat), RULES.legal_actions(state, seat), dice_for(state)
        )
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
    raise AssertionError("never reached")


def _select(state, seat: str, uid: str):  # type: ignore[no-untyped-def]
    return apply(RULES, state, RULES.decide(state, seat, a.Select(unit=uid), dice_for(state)))


def test_a_picked_units_moves_are_lettered_in_the_menus_order_one_letter_per_spot() -> None:
    state, _ = new_game(RULES, None, 3)
    state, seat = _play_until(state, lambda s, _seat: s.phase == "movement")
    uid = next(u.id for u in state.units.values() if u.side == seat and u.type == "cavalry" and u.alive)
    state = _select(state, seat, uid)
    view = RULES.view(state, seat)
    legal = RULES.legal_actions(state, seat)
    pick = PRESENTER.picking(view, legal, "en")
    assert pick is not None and pick.piece == uid and pick.targets
    s, u = picking.acting_unit(view) or (None, None)
    assert u is not None
    offered = [o.choice for o in controls.toward_options(s, u, "en") + controls.direction_options(s, u, "en")]
    offered += [o.choice for o in controls.charge_options(s, u, "en")]
    moves = [t for t in pick.targets if t.kind == "move"]
    assert [t.choice for t in moves] == [c for c in offered if c in {t.choice for t in moves}]  # menus' order
    assert all(t.choice in offered for t in pick.targets)
    for i, one in enumerate(moves):
        for other in moves[i + 1 :]:
            assert math.dist(one.at, other.at) >= picking.SAME_END_CM
    lettered = [(letter(n), t) for n, t in enumerate(pick.targets[:15])]
    png = PRESENTER.picking_png(view, pick, lettered, "en")
    assert png is not None
    image = Image.open(io.BytesIO(png))
    x0, y0, x1, y1 = picking.window_cm(view, u, picking.reach_cm(view, s, u), [t.at for _, t in lettered])
    assert max(image.size) / max(x1 - x0, y1 - y0) >= picking.MIN_PX_PER_CM > PX  # zoomed: a cm reads


def test_a_shooter_gets_its_targets_in_range_lettered() -> None:
    state, _ = new_game(RULES, None, 1)

    def shooting(s, seat: str) -> bool:  # type: ignore[no-untyped-def]
        return s.phase == "shooting" and any(isinstance(x, a.Shoot) for x in RULES.legal_actions(s, seat))

    state, seat = _play_until(state, shooting)
    shot = next(x for x in RULES.legal_actions(state, seat) if isinstance(x, a.Shoot))
    state = _select(state, seat, shot.unit)
    view = RULES.view(state, seat)
    legal = RULES.legal_actions(state, seat)
    pick = PRESENTER.picking(view, legal, "en")
    assert pick is not None and pick.targets and all(t.kind == "attack" for t in pick.targets)
    shots = [i for i, x in enumerate(legal) if isinstance(x, a.Shoot) and x.unit == shot.unit]
    assert [t.choice for t in pick.targets] == shots
    assert all(" cm" in t.text for t in pick.targets)  # "… (60%) · 14 cm"


def test_nothing_is_cropped_for_a_spectator_or_during_the_secret_deployment() -> None:
    state, _ = new_game(RULES, None, 2)
    state, seat = _play_until(state, lambda s, _seat: s.phase == "deploy")
    legal = RULES.legal_actions(state, seat)
    assert PRESENTER.picking(RULES.view(state, seat), legal, "en") is None  # deployments are secret
    state, seat = _play_until(state, lambda s, _seat: s.phase == "movement")
    uid = next(u.id for u in state.units.values() if u.side == seat and u.alive)
    state = _select(state, seat, uid)
    assert PRESENTER.picking(RULES.view(state, None), RULES.legal_actions(state, seat), "en") is None
    other = "red" if seat == "blue" else "blue"
    assert PRESENTER.picking(RULES.view(state, other), RULES.legal_actions(state, seat), "en") is None


def test_space_hulk_letters_a_picked_models_squares_and_the_squares_picked_for_no_model() -> None:
    from engine.registry import get as rules_for
    from engine.spacehulk.actions import Move, PlaceAmbush, PlaceStealer, Turn

    rules = rules_for("spacehulk")
    presenter = get("spacehulk")
    state, _ = new_game(rules, {"mission": "purge", "turn_limit": 3, "timer_mode": "untimed"}, 7)
    view = rules.view(state, "marine")
    m3 = next(p for p in view.pieces if p.id == "m3")
    x, y, z = m3.square
    legal = [
        Move(model="m3", to=(x - 1, y, z)),
        Turn(model="m3", facing="N"),
        PlaceStealer(square=(x, y - 1, z)),
        PlaceAmbush(square=(x, y + 1, z)),
    ]
    picked = presenter.picking(view, legal, "en", [0, 1])
    assert picked is not None and picked.piece == "M3" and [t.choice for t in picked.targets] == [0]
    loose = presenter.picking(view, legal, "en", None)
    assert loose is not None and loose.piece == "" and [t.choice for t in loose.targets] == [2, 3]
    assert {t.kind for t in loose.targets} == {"place"}
    for pick in (picked, loose):
        png = presenter.picking_png(view, pick, [(letter(n), t) for n, t in enumerate(pick.targets)], "en")
        assert png is not None and Image.open(io.BytesIO(png)).size[0] > 0
    assert presenter.picking(view, legal[:2], "en", None) is None  # nothing to letter outside a model
