"""The shared engine core: rules surface, dice, cards, geometry."""

from .dice import Dice
from .rules import (
    Action,
    Event,
    Model,
    OrderStep,
    Outcome,
    Pilot,
    Rejected,
    Rules,
    Seat,
    SeriesTable,
    State,
    TimeLimit,
    apply,
    attempt,
    dice_for,
    fold,
    new_game,
    play_pilots,
    step,
)
from .tape import Tape

__all__ = [
    "Action",
    "Dice",
    "Event",
    "Model",
    "OrderStep",
    "Outcome",
    "Pilot",
    "Rejected",
    "Rules",
    "Seat",
    "SeriesTable",
    "State",
    "Tape",
    "TimeLimit",
    "apply",
    "attempt",
    "dice_for",
    "fold",
    "new_game",
    "play_pilots",
    "step",
]
