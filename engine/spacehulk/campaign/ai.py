"""A campaign pilot: it bids, buys and fields from the legal sample (a seeded choice).

Preferences keep an automated campaign moving: field rather than disband, attack rather than hold."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from engine.core import Action, Dice

from .actions import ChooseStance, FieldSquads


class CampaignPilot:
    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        fields = [a for a in legal if isinstance(a, FieldSquads)]
        if fields:
            return max(fields, key=lambda a: len(a.squads))
        attack = [a for a in legal if isinstance(a, ChooseStance) and a.attack]
        if attack:
            return attack[0]
        return legal[dice.index(len(legal))]
