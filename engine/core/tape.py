"""The tape: `decide` writes events onto it and a scratch copy of the state follows along.

A rule that must react mid-action (an Overwatch shot while a Genestealer moves, a Jack's roll
after a canyon card is revealed) then reads as straight-line code over an up-to-date state, while
the caller's state is never touched (docs/architecture.md, "A game is a definition").

`emit` = `rules.evolve` + a version bump, exactly what `engine.core.apply` does when the events
are later folded for real, so the scratch state and the committed state cannot drift apart.
A game may subclass it to add queries over `self.state` (Space Hulk's agenda, its caches).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .dice import Dice

if TYPE_CHECKING:
    from .rules import Event, Rules, State

S = TypeVar("S", bound="State")


class Tape(Generic[S]):
    """A scratch copy of a state, the events written so far, and the decision's dice."""

    def __init__(self, rules: Rules[Any], state: S, dice: Dice) -> None:
        self.rules = rules
        self.state: S = state.model_copy(deep=True)
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        """Write events: each is evolved into the scratch state and counted in its version."""
        for event in events:
            self.state = self.rules.evolve(self.state, event)
            self.state.version += 1
            self.events.append(event)
        self.emitted()

    def emitted(self) -> None:
        """Called after every `emit`; a subclass drops what it cached about the old state."""
