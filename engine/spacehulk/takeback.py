"""What a Space Hulk move shows, for a take-back (issue 26; `Rules.shown_to`).

Chance is the core's (`Rules.disclosed`): a die rolled (a shot, an assault, the command point chit)
or a blip drawn from the bag is never taken back. Without it, the secrets are the blips' values and
the bag (the Genestealer player's), the command point chit (the Marine player's, SHB-5.1) and the
Deathwing bids and ambushes:

- a blip converted (SHB-10.6, SHB-10.7: voluntarily, or by a Marine's sight or a door opened) and
  its Genestealers placed or lost: the other side (the Genestealer player knew the blip's value);
- an ambush revealed, the end of the game: everyone;
- command points spent (SHB-5.2): the other side learns the chit held at least that many (read
  strictly: a bound on a secret is a secret shown);
- a blip placed or the bag refilled: their owner (the others see a blip, not its value).

A model's activation, its moves, turns, a door opened or closed, overwatch set or ended, the
phases' and the agenda's bookkeeping show nothing. An event this list does not name counts as shown
to everyone, so a new event can only make take-backs stricter.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event, Seat

from . import events as ev
from .state import SpaceHulkState

NOBODY: frozenset[Seat] = frozenset()
PUBLIC = (
    ev.TurnBegan,
    ev.JamsCleared,
    ev.TimerExpired,
    ev.MarinePhaseEnded,
    ev.StealerPhaseEnded,
    ev.FlamesOut,
    ev.OverwatchCleared,
    ev.CommandPointsDiscarded,
    ev.AgendaPushed,
    ev.AgendaPopped,
    ev.AgendaUpdated,
    ev.Activated,
    ev.Moved,
    ev.Turned,
    ev.DoorChanged,
    ev.OverwatchSet,
    ev.OverwatchEnded,
    ev.JamCleared,
    ev.Deployed,
    ev.PerimeterPicked,
    ev.DeploymentEnded,
    ev.StealerSighted,
    ev.Exited,
    ev.FacingSet,
)


def shown(state: SpaceHulkState, seats: Sequence[Seat], event: Event) -> frozenset[Seat]:
    """The seats that learn a secret from one event (`state`: the table before the moves; only its
    sides, which are public and fixed once play starts, are read)."""
    everyone = frozenset(seats)
    match event:
        case ev.Spent(cp=cp):
            return frozenset(s for s in seats if state.side_of(s) != "marine") if cp else NOBODY
        case ev.BlipPlaced(owner=owner) | ev.BagRefilled(owner=owner):
            return frozenset({owner})
        case ev.BlipConverted() | ev.StealerPlaced() | ev.StealersLost():
            return frozenset(s for s in seats if state.side_of(s) != "genestealer")
        case _ if isinstance(event, PUBLIC):
            return NOBODY
    return everyone


def shown_to(state: SpaceHulkState, seats: Sequence[Seat], events: Sequence[Event]) -> frozenset[Seat]:
    """The seats that learn a secret from these events."""
    out: frozenset[Seat] = NOBODY
    for event in events:
        out |= shown(state, seats, event)
    return out
