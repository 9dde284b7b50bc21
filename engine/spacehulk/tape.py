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

from .events import AgendaPopped, AgendaPushed, AgendaUpdated
from .queries import Queries
from .state import SpaceHulkState


class Tape(CoreTape[SpaceHulkState], Queries):  # type: ignore[misc]  # both hold the same scratch state
    """The shared tape with Space Hulk's queries over its scratch state and the agenda's push/pop."""

    def __init__(self, rules: Rules[Any], state: SpaceHulkState, dice: Dice) -> None:
        CoreTape.__init__(self, rules, state, dice)
        Queries.__init__(self, self.state)

    def emitted(self) -> None:
        """The scratch state changed: drop the cached occupancy, doors, flames and sight blockers."""
        self.invalidate()
        if self.board is not self.state.mission.board:  # Cloud Runner's next board (DW-CR-5)
            Queries.__init__(self, self.state)

    def push(self, *items: BaseModel) -> None:
        """Add steps to the agenda; the last one given runs first."""
        if items:
            self.emit(AgendaPushed(items=items))  # type: ignore[arg-type]

    def pop(self) -> None:
        self.emit(AgendaPopped())

    def replace_top(self, item: BaseModel) -> None:
        self.emit(AgendaUpdated(item=item))  # type: ignore[arg-type]
