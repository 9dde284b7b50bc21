"""Space Hulk's tape: the shared tape (engine/core/tape.py) plus the queries and the agenda.

`decide` writes events on it; the scratch state follows along, so a rule that must react
mid-action (overwatch fire while a Genestealer moves, conversions after a door opens) reads as
straight-line code over an up-to-date state.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.core import Dice, Rules
from engine.core.tape import Tape as CoreTape

from .dw_types.solo_model import SoloDecided
from .events import Activated, AgendaPopped, AgendaPushed, AgendaUpdated, Moved, Spent, Turned
from .evolve import evolve
from .queries import Queries
from .state import SpaceHulkState, made

CALM = frozenset({AgendaPushed, AgendaPopped, AgendaUpdated, Activated, Spent, Turned, SoloDecided})
"""Events that move no model and change no door, flame, feature, board or option: the queries' cached
occupancy, doors, flames and sight blockers stay true after them (most of a game's events)."""

STEPS = CALM | {Moved}
"""Events after which the doors, flames and features are as they were (a model may have moved)."""

UNCHECKED = frozenset({AgendaPushed, AgendaPopped, AgendaUpdated, Activated, Spent, SoloDecided})
"""Events that change nothing a mission predicate, the chutes or the first sighting reads (those read
models' squares, facings, kinds and ammunition, doors, the tally, kills, turns; never AP, CP, the
agenda, activations or the solo player's memory): a mission found unfinished stays so after them."""


_POPPED = AgendaPopped()  # frozen and field-less: one instance serves every pop


class Tape(CoreTape[SpaceHulkState], Queries):  # type: ignore[misc]  # both hold the same scratch state
    """The shared tape with Space Hulk's queries over its scratch state and the agenda's push/pop."""

    def __init__(self, rules: Rules[Any], state: SpaceHulkState, dice: Dice) -> None:
        CoreTape.__init__(self, rules, state, dice, evolve)
        Queries.__init__(self, self.state)
        self._folded = 0  # events already looked at by `emitted`
        self._checked: int | None = None  # len(events) when the mission was last found unfinished

    def emitted(self) -> None:
        """The scratch state changed: drop the cached occupancy, doors, flames and sight blockers,
        unless every new event is one that leaves them as they were."""
        fresh = self.events[self._folded :]
        self._folded = len(self.events)
        kinds = {type(e) for e in fresh}
        if kinds <= CALM:
            return
        if kinds <= STEPS:  # models moved: occupancy and sight only
            self.moved([(e.model, e.frm, e.to) for e in fresh if type(e) is Moved])  # type: ignore[attr-defined]
            return
        self.invalidate()
        if self.board is not self.state.mission.board:  # Cloud Runner's next board (DW-CR-5)
            Queries.__init__(self, self.state)

    def unchanged_since_check(self) -> bool:
        """The mission was found unfinished and only `UNCHECKED` events came since."""
        if self._checked is None:
            return False
        return all(type(e) in UNCHECKED for e in self.events[self._checked :])

    def checked(self) -> None:
        """The mission has just been found unfinished."""
        self._checked = len(self.events)

    def push(self, *items: BaseModel) -> None:
        """Add steps to the agenda; the last one given runs first."""
        if items:
            self.emit(made(AgendaPushed, items=items))

    def pop(self) -> None:
        self.emit(_POPPED)

    def replace_top(self, item: BaseModel) -> None:
        self.emit(AgendaUpdated(item=item))  # type: ignore[arg-type]
