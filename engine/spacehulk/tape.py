"""The tape: `decide` writes events onto it and a scratch copy of the state follows along.

So a rule that must react mid-action (overwatch fire while a Genestealer moves, conversions after a
door opens) reads as straight-line code over an up-to-date state, and the caller's state is never
touched (ARCHITECTURE.md, "One surface for every game").
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Dice, Event

from .events import AgendaPopped, AgendaPushed, AgendaUpdated
from .evolve import evolve
from .queries import Q
from .state import ShState


class Tape(Q):
    """Queries over a scratch state plus the events written so far and the decision's dice."""

    def __init__(self, state: ShState, dice: Dice) -> None:
        super().__init__(state.clone())
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        for event in events:
            self.s = evolve(self.s, event)
            self.s.version += 1
            self.events.append(event)
        self.invalidate()

    def push(self, *items: BaseModel) -> None:
        """Add steps to the agenda; the last one given runs first."""
        if items:
            self.emit(AgendaPushed(items=items))  # type: ignore[arg-type]

    def pop(self) -> None:
        self.emit(AgendaPopped())

    def replace_top(self, item: BaseModel) -> None:
        self.emit(AgendaUpdated(item=item))  # type: ignore[arg-type]
