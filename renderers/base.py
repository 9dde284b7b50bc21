"""What the platform needs from each game's presentation layer (one PRESENTER per game).

Everything here receives views (already redacted for a seat) or events already passed through
`event.redacted_for(seat)`, never the full state, so a presentation bug cannot leak a secret.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pydantic import BaseModel

from engine.core import Action, Event


class Presenter(Protocol):
    game: str

    def board_png(self, view: BaseModel, lang: str) -> bytes:
        """The public board image for a view (spectator view for the public message)."""
        ...

    def private_png(self, view: BaseModel, lang: str) -> bytes | None:
        """An image of a seat's secrets (its hand, its preview), or None if it has none."""
        ...

    def status_text(self, view: BaseModel, lang: str) -> str:
        """A short public status line or paragraph (markdown) for the status message."""
        ...

    def private_text(self, view: BaseModel, lang: str) -> str | None:
        """A seat's secrets as text (its hand, its preview), or None."""
        ...

    def action_label(self, action: Action, lang: str, view: BaseModel | None = None) -> str:
        """A button/select label for one legal action (≤ 80 characters).

        `view` is the view of the seat the label is shown to, when known: a private label may name
        what only that seat sees (e.g. the canyon card on a fork route)."""
        ...

    def action_prompt(self, view: BaseModel, actions: Sequence[Action], lang: str) -> str:
        """One sentence asking a seat to choose among `actions`."""
        ...

    def narrate(self, event: Event, lang: str) -> str | None:
        """One line of narration for a (redacted) event, or None for events that need no line."""
        ...
