"""ClickWars' "Move group" (issue 27 item 3, fewer clicks per turn): a multi-select of the units
that may still move, then one field for the move they all make ("12 N", "toward 40,60", "to B3",
"max NE"); the picks and the move are an order in the typed order language
(engine/clickwars/orders.py), shown as a dry run (each unit's move or the rule that refuses it)
with Confirm and Cancel. Three interactions move a whole group, where each unit took three."""

from __future__ import annotations

from engine.clickwars.checks import can_act
from engine.clickwars.movement import unit_order
from engine.clickwars.state import ClickWarsState
from renderers.base import Field, OrderPick
from renderers.i18n import t

from . import text

GROUP = "group"
GROUP_MAX = 25
MOVE_CHARS = 24
"""The typed move's length at most ("8 toward 120.5 60.5" is 19): with a default army's every unit
picked, the order still fits the dry run's Confirm button (its id holds the text: bot/ids.py)."""


def group_pick(s: ClickWarsState, seat: str, lang: str, row: int) -> OrderPick | None:
    """The "Move group" control in the Movement phase: the seat's units that may still move (not a
    crewman, who goes with his gun, nor one whose move is done); None when fewer than two may."""
    ready = sorted(
        (u for u in s.units.values() if u.side == seat and u.placed and not u.moved and can_act(s, u)),
        key=lambda u: unit_order(u.id),
    )
    if len(ready) < 2:
        return None
    options = tuple((f"{u.id} {text.profile(lang, u.profile)}"[:100], u.id) for u in ready[:GROUP_MAX])
    field = Field(
        "move",
        t(lang, "clickwars.group.field"),
        "text",
        t(lang, "clickwars.group.hint"),
        max_length=MOVE_CHARS,
    )
    return OrderPick(
        GROUP,
        t(lang, "clickwars.group.placeholder"),
        options,
        t(lang, "clickwars.group.title"),
        field,
        "{picked} move {typed}",
        row,
    )
