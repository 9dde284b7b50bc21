"""A ruling's reasons, as the engine applied them (issue 29 item 5, `/why`).

When a rule is applied automatically (a shot's range and line of sight, a measured move, a close
assault, an overwatch shot and its jam), the code that decides it writes what it used into a
`Ruling`: the rule IDs, the numbers (named, with their units in the name: `distance_cm`,
`range_sq`), the sight line and what blocked it, the ruler's path and the difficult ground it
crossed. It travels in the event that carries the ruling (an optional `ruling` field, absent from
events logged before it existed and from events that rule nothing: `RuledEvent`), or in the
refusal (`Rejected.ruling`) when the ruling was a no. The presentation layer only words it: what a
player is told is exactly what the engine used, never a second computation.

A ruling holds what the event's seat may see of it: it is written into an event that is redacted
like the rest of that event, and names pieces and terrain as the board shows them.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer

XY = tuple[float, float]
Number = int | float | str | tuple[int, ...]
"""A ruling's number: a count or a length, a roll's dice, or a name (a piece, a terrain piece)."""


class Sight(BaseModel):
    """A line of sight as the rules traced it: from `frm` to `to` (the table's coordinates: a
    measured game's cm or inches, a grid game's squares), `clear` or blocked `by` a piece or a
    terrain piece (its name on the board), near `at` on the line."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    frm: XY
    to: XY
    clear: bool
    by: str | None = None
    at: XY | None = None


class Ruling(BaseModel):
    """What the engine applied: `rules` (IDs from the rules specs, in the order applied), `numbers`
    (each name is a catalog message `why-n-<name>`, told in the catalog's order: a stored event's
    keys may come back sorted), the `sight` line, the ruler's `path`
    (a measured move or distance, in the table's unit) and the difficult `ground` it crossed (terrain
    pieces' names)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    rules: tuple[str, ...]
    numbers: dict[str, Number] = {}
    sight: Sight | None = None
    path: tuple[XY, ...] = ()
    ground: tuple[str, ...] = ()

    def adding(self, rules: tuple[str, ...] = (), **numbers: Number) -> Ruling:
        """This ruling with more rules (each once, in order) and more numbers after its own."""
        more = tuple(r for r in rules if r not in self.rules)
        return self.model_copy(update={"rules": self.rules + more, "numbers": {**self.numbers, **numbers}})


class RuledEvent(BaseModel):
    """A mixin for the events that may carry a ruling (put it before `Event` among the bases). The
    field is left out of the JSON while it is None, so the events logged before it existed, and the
    events of a ruling nobody asked about, keep their exact bytes (stored logs, exports, replays)."""

    ruling: Ruling | None = None

    @model_serializer(mode="wrap")
    def _without_empty_ruling(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if self.ruling is None and isinstance(data, dict):
            data.pop("ruling", None)
        return data
