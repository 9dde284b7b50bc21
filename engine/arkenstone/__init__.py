"""Hunt for the Arkenstone: Bilbo against Smaug on a measured table (docs/rules/arkenstone.md)."""

from .actions import (
    ACTION_ADAPTER,
    Discover,
    Guess,
    MoveDirection,
    MoveTo,
    MoveToward,
    Pass,
    PlaceCard,
    PlaceFigure,
    PlaceRest,
    Recover,
    Search,
    Trick,
    TurnUp,
)
from .options import ArkenstoneOptions
from .rules import RULES, ArkenstoneRules
from .state import ArkenstoneState
from .view import ArkenstoneView

__all__ = [
    "ACTION_ADAPTER",
    "RULES",
    "ArkenstoneOptions",
    "ArkenstoneRules",
    "ArkenstoneState",
    "ArkenstoneView",
    "Discover",
    "Guess",
    "MoveDirection",
    "MoveTo",
    "MoveToward",
    "Pass",
    "PlaceCard",
    "PlaceFigure",
    "PlaceRest",
    "Recover",
    "Search",
    "Trick",
    "TurnUp",
]
