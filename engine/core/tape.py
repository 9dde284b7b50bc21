"""The tape: `decide` writes events onto it and a scratch copy of the state follows along.

A rule that must react mid-action (an Overwatch shot while a Genestealer moves, a Jack's roll
after a canyon card is revealed) then reads as straight-line code over an up-to-date state, while
the caller's state is never touched (docs/architecture.md, "A game is a definition").

`emit` = `rules.evolve` + a version bump, exactly what `engine.core.apply` does when the events
are later folded for real, so the scratch state and the committed state cannot drift apart.
A game may subclass it to add queries over `self.state` (Space Hulk's agenda, its caches), pass
its own `evolve` function (called directly: every event of every game passes here) and copy the
state its own way (`scratch`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .dice import Dice

if TYPE_CHECKING:
    from .rules import Event, Rules, State

S = TypeVar("S", bound="State")


class Tape(Generic[S]):
    """A scratch copy of a state, the events written so far, and the decision's dice."""

    def __init__(
        self, rules: Rules[Any], state: S, dice: Dice, evolve: Callable[[S, Event], S] | None = None
    ) -> None:
        self.rules = rules
        self.evolve: Callable[[S, Event], S] = evolve if evolve is not None else rules.evolve
        self.state: S = self.scratch(state)
        self.dice = dice
        self.events: list[Event] = []

    def scratch(self, state: S) -> S:
        """The copy the tape writes on (the caller's state is never touched): a deep copy unless a
        game knows a cheaper one that is as safe."""
        return state.model_copy(deep=True)

    def emit(self, *events: Event) -> None:
        """Write events: each is evolved into the scratch state and counted in its version (written
        as `state.version += 1` writes it: states take no validation on assignment)."""
        state = self.state
        evolve = self.evolve
        for event in events:
            state = evolve(state, event)
            state.__dict__["version"] += 1
            state.__pydantic_fields_set__.add("version")
            self.events.append(event)
        self.state = state
        self.emitted()

    def emitted(self) -> None:
        """Called after every `emit`; a subclass drops what it cached about the old state."""
