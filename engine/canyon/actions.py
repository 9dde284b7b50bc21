"""What the Canyon of Death seats may do (imperative): pick a fork route, play a card, absorb hits."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.core import Action


class ChooseRoute(Action):
    """Marine at a fork: fly route 0 (A) or 1 (B); the other card is discarded (DC-NAV-2)."""

    kind: Literal["choose_route"] = "choose_route"
    route: int


class PlayCard(Action):
    """Play a Flight card from the hand face up (DC-MAN-1/2)."""

    kind: Literal["play_card"] = "play_card"
    card: int


class ResolveHit(Action):
    """Absorb one hit: discard a random hand card or draw a damage card (DC-HIT-1)."""

    kind: Literal["resolve_hit"] = "resolve_hit"
    choice: Literal["discard", "damage"]


class TakeAllHits(Action):
    """Take every remaining hit of the current batch as damage cards (A5 convenience)."""

    kind: Literal["take_all_hits"] = "take_all_hits"


CanyonAction = Annotated[ChooseRoute | PlayCard | ResolveHit | TakeAllHits, Field(discriminator="kind")]

ACTION_ADAPTER: TypeAdapter[CanyonAction] = TypeAdapter(CanyonAction)
