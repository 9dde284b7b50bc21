"""A Space Hulk table for platform tests: the game's own presenter once it lands
(renderers/spacehulk), else a plain stand-in that draws nothing and words actions by their kind."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from pydantic import BaseModel

from bot.games import UnknownGame, presenter_for
from engine.core import Action, Event
from renderers import registry
from renderers.base import Presenter


class StandIn(Presenter):
    game = "spacehulk"

    def board_png(self, view: BaseModel, lang: str) -> bytes:
        return b""

    def private_png(self, view: BaseModel, lang: str) -> bytes | None:
        return None

    def status_text(self, view: BaseModel, lang: str) -> str:
        return f"turn {getattr(view, 'turn', '?')}"

    def private_text(self, view: BaseModel, lang: str) -> str | None:
        return None

    def action_label(self, action: Action, lang: str, view: BaseModel | None = None) -> str:
        return action.kind

    def action_prompt(self, view: BaseModel, actions: Sequence[Action], lang: str) -> str:
        return "?"

    def narrate(self, event: Event, lang: str) -> str | None:
        return None


@contextmanager
def spacehulk_presenter() -> Iterator[Presenter]:
    """The Space Hulk presenter for the duration of a test (a stand-in until the real one lands)."""
    try:
        presenter, stand_in = presenter_for("spacehulk"), False
    except UnknownGame:
        presenter, stand_in = StandIn(), True
        registry.PRESENTERS["spacehulk"] = presenter
    try:
        yield presenter
    finally:
        if stand_in:
            registry.PRESENTERS.pop("spacehulk", None)
