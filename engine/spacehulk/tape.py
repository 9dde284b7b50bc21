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

from .deathwing.solo_model import SoloDecided
from .events import Activated, AgendaPopped, AgendaPushed, AgendaUpdated, Spent, Turned
from .queries import Queries
from .state import SpaceHulkState

CALM = frozenset({AgendaPushed, AgendaPopped, AgendaUpdated, Activated, Spent, Turned, SoloDecided})
"""Events that move no model and change no door, flame, feature, board or option: the queries' cached
occupancy, doors, flames and sight blockers stay true after them (most of a game's events)."""


_POPPED = AgendaPopped()  # frozen and field-less: one instance serves every pop


class Tape(CoreTape[SpaceHulkState], Queries):  # type: ignore[misc]  # both hold the same scratch state
    """The shared tape with Space Hulk's queries over its scratch state and the agenda's push/pop."""

    def __init__(self, rules: Rules[Any], state: SpaceHulkState, dice: Dice) -> None:
        CoreTape.__init__(self, rules, state, dice)
        Queries.__init__(self, self.state)
        self._folded = 0  # events already looked at by `emitted`

    def emitted(self) -> None:
        """The scratch state changed: drop the cached occupancy, doors, flames and sight blockers,
        unless every new event is one that leaves them as they were."""
        fresh = self.events[self._folded :]
        self._folded = len(self.events)
        if all(type(e) in CALM for e in fresh):
            return
        self.invalidate()
        if self.board is not self.state.mission.board:  # Cloud Runner's next board (DW-CR-5)
            Queries.__init__(self, self.state)

    def push(self, *items: BaseModel) -> None:
        """Add steps to the agenda; the last one given runs first."""
        if items:
            self.emit(AgendaPushed(items=items))  # type: ignore[arg-type]

    def pop(self) -> None:
        self.emit(_POPPED)

    def replace_top(self, item: BaseModel) -> None:
        self.emit(AgendaUpdated(item=item))  # type: ignore[arg-type]
