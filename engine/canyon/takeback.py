"""What a Canyon of Death move shows, for a take-back (issue 26; `Rules.shown_to`).

Chance is the core's (`Rules.disclosed`: a roll, a random discard, a shuffle: nobody takes it back).
Without it, a seat learns a secret when a card it could not see reaches its view:

- a Flight card played face up (DC-MAN-1/2) leaves a hidden hand: the other pilot learns it;
- the fork's other card, revealed and discarded (DC-NAV-2), was seen by the Marine only: the Ork;
- the Marine's private look at the next step (DC-NAV-1): the Marine;
- cards drawn into a hand (DC-SET-5, DC-END-3): their owner (the other sees only how many);
- a canyon card revealed (DC-MAN-7), a damage card drawn (DC-HIT-1b), Flight cards discarded from
  the deck (DC-CAN-5), the end of the game: everyone (read conservatively: nobody is asked whether
  they had seen it before).

The rest (the turn's bookkeeping, the pursuit die moved by the cards both saw, hits received, the
Stormtalon's advance) follows from what both players see. An event this list does not name counts
as shown to everyone, so a new event can only make take-backs stricter.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event, Seat

from . import events as ev
from .state import MARINE, ORK, SEATS, other

EVERYONE: frozenset[Seat] = frozenset(SEATS)
NOBODY: frozenset[Seat] = frozenset()
PUBLIC = (
    ev.TurnStarted,
    ev.PursuitChanged,
    ev.HazardResolved,
    ev.HitsReceived,
    ev.ShipDestroyed,
    ev.StormtalonAdvanced,
    ev.TurnEnded,
)


def shown(event: Event) -> frozenset[Seat]:
    """The seats that learn a secret from one event."""
    match event:
        case ev.CardPlayed(seat=seat):
            return frozenset({other(seat)})
        case ev.RouteChosen():
            return frozenset({ORK})
        case ev.CanyonPreviewed():
            return frozenset({MARINE})
        case ev.CardsDrawn(seat=seat, count=count):
            return frozenset({seat}) if count else NOBODY
        case _ if isinstance(event, PUBLIC):
            return NOBODY
    return EVERYONE


def shown_to(events: Sequence[Event]) -> frozenset[Seat]:
    """The seats that learn a secret from these events."""
    out: frozenset[Seat] = NOBODY
    for event in events:
        out |= shown(event)
    return out
