"""What a Hunt for the Arkenstone move shows, for a take-back (issue 26; `Rules.shown_to`).

Chance is the core's (`Rules.disclosed`): every card turned from a deck is drawn from the dice (the
decks keep no order), so a guess, a reference card, a contest is never taken back. Without it, the
secrets are the face-down diamonds: a diamond turned by an event (AK-EVB-1) or by Bilbo's search
(AK-ACT-B2) is shown to everyone, as is a club card shown for a placement (AK-SET-3) and the end of
the game. A figure's move, a pass, a trick answered, a card placed (a diamond stays face down, a
club goes where everyone sees it) show nothing. An event this list does not name counts as shown to
everyone, so a new event can only make take-backs stricter.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event, Seat

from . import events as ev
from .board import SEATS

EVERYONE: frozenset[Seat] = frozenset(SEATS)
NOBODY: frozenset[Seat] = frozenset()
PUBLIC = (
    ev.FigurePlaced,
    ev.TreasurePlaced,
    ev.LocationPlaced,
    ev.TurnStarted,
    ev.Guessed,
    ev.TrickOffered,
    ev.TrickAnswered,
    ev.ActionEarned,
    ev.GuessDue,
    ev.SpecialEvent,
    ev.TurnUpsOwed,
    ev.FigureMoved,
    ev.FigureSet,
    ev.Passed,
    ev.TurnEnded,
)


def shown(event: Event) -> frozenset[Seat]:
    """The seats that learn a secret from one event."""
    if isinstance(event, ev.PlacementDue):
        return NOBODY if event.rank is None else EVERYONE
    return NOBODY if isinstance(event, PUBLIC) else EVERYONE


def shown_to(events: Sequence[Event]) -> frozenset[Seat]:
    """The seats that learn a secret from these events."""
    out: frozenset[Seat] = NOBODY
    for event in events:
        out |= shown(event)
    return out
