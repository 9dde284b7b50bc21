"""The ClickWars AI (placeholder until the scoring pilot lands): picks the first legal action."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from engine.core import Action, Dice


class ClickWarsPilot:
    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        return legal[0]
