"""Canyon of Death evolve: one mechanical function per event kind (no checks, no chance)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event

from . import events as ev
from .state import MARINE, ORK, CanyonState, Roll


def _set(s: CanyonState, **fields: Any) -> None:
    """Plain field writes (evolve is the hot path; pydantic's per-assignment bookkeeping is not needed)."""
    s.__dict__.update(fields)


def _created(_: Any, e: ev.GameCreated) -> CanyonState:
    assert e.seed is not None and e.canyon_deck is not None and e.damage_deck is not None
    assert e.marine_deck is not None and e.ork_deck is not None
    return CanyonState(
        seed=e.seed,
        options=e.options,
        canyon_deck=list(e.canyon_deck),
        hands={MARINE: [], ORK: []},
        decks={MARINE: list(e.marine_deck), ORK: list(e.ork_deck)},
        discards={MARINE: [], ORK: []},
        played={MARINE: None, ORK: None},
        damage_deck=list(e.damage_deck),
        damage_cards={MARINE: [], ORK: []},
        damage={MARINE: 0, ORK: 0},
    )


def _dealt(s: CanyonState, e: ev.CanyonDealt) -> CanyonState:
    deck, canyon, at = s.canyon_deck, [], 0
    for width in e.layout:
        canyon.append(deck[at : at + width])
        at += width
    s.canyon, s.slots = canyon, [["down"] * len(cards) for cards in canyon]
    s.removed, s.canyon_deck = deck[at:], []
    return s


def _drawn(s: CanyonState, e: ev.CardsDrawn) -> CanyonState:
    deck = s.decks[e.seat]
    s.hands[e.seat].extend(deck[: e.count])
    s.decks[e.seat] = deck[e.count :]
    return s


def _turn_started(s: CanyonState, e: ev.TurnStarted) -> CanyonState:
    _set(
        s,
        turn=e.turn,
        rolls=[],
        last_rolls=list(s.rolls),  # kept in sight until this turn rolls (issue 15 item 7)
        route=None,
        previewed=None,
        played={MARINE: None, ORK: None},
    )
    return s


def _previewed(s: CanyonState, e: ev.CanyonPreviewed) -> CanyonState:
    if e.count == 1:
        _set(s, previewed=e.step, route=0, phase="marine_play")
    else:
        _set(s, previewed=e.step, phase="navigate")
    return s


def _route(s: CanyonState, e: ev.RouteChosen) -> CanyonState:
    _set(s, route=e.route, phase="marine_play")
    s.slots[e.step][1 - e.route] = "discarded"
    return s


def _played(s: CanyonState, e: ev.CardPlayed) -> CanyonState:
    s.hands[e.seat].remove(e.card)
    s.played[e.seat] = e.card
    if e.seat == MARINE:
        _set(s, phase="ork_play")
    return s


def _pursuit(s: CanyonState, e: ev.PursuitChanged) -> CanyonState:
    _set(s, pursuit=e.after)
    return s


def _revealed(s: CanyonState, e: ev.CanyonRevealed) -> CanyonState:
    s.slots[e.step][e.route] = "revealed"
    return s


def _nothing(s: CanyonState, e: Event) -> CanyonState:
    return s


def _recovered(s: CanyonState, e: ev.FlightCardsRecovered) -> CanyonState:
    pile = s.discards[e.seat]
    for card in e.recovered:
        pile.remove(card)
    assert e.deck is not None
    s.decks[e.seat] = list(e.deck)
    s.rolls.append(Roll(kind="wide_area", seat=e.seat, dice=(e.roll,)))
    return s


def _king(s: CanyonState, e: ev.FlightCardsDiscarded) -> CanyonState:
    n = len(e.discarded)
    s.discards[e.seat].extend(s.decks[e.seat][:n])
    s.decks[e.seat] = s.decks[e.seat][n:]
    s.rolls.append(Roll(kind="xenos", seat=e.seat, dice=(e.roll,)))
    return s


def _icarus(s: CanyonState, e: ev.IcarusFired) -> CanyonState:
    s.rolls.append(Roll(kind="icarus", dice=e.dice, hits=e.hits))
    return s


def _hits(s: CanyonState, e: ev.HitsReceived) -> CanyonState:
    s.pending.append((e.seat, e.hits, e.source))
    _set(s, phase="hits")
    return s


def _consume_hit(s: CanyonState) -> None:
    seat, left, source = s.pending[0]
    if left <= 1:
        s.pending.pop(0)
    else:
        s.pending[0] = (seat, left - 1, source)


def _absorbed(s: CanyonState, e: ev.HitAbsorbed) -> CanyonState:
    s.hands[e.seat].remove(e.card)
    s.discards[e.seat].append(e.card)
    _consume_hit(s)
    return s


def _damage(s: CanyonState, e: ev.DamageDrawn) -> CanyonState:
    s.damage_cards[e.seat].append(s.damage_deck.pop(0))
    s.damage[e.seat] = e.total
    _consume_hit(s)
    return s


def _destroyed(s: CanyonState, e: ev.ShipDestroyed) -> CanyonState:
    _set(s, pending=[])  # DC-HIT-3: remaining hits are ignored
    return s


def _advanced(s: CanyonState, e: ev.StormtalonAdvanced) -> CanyonState:
    # Reading (DC-NAV-1 "the next step only"): once the Stormtalon advances, the Marine's preview of
    # the resolved step ends; it looks at the next step only at the next Navigate.
    _set(s, step=e.step, route=None, previewed=None)
    return s


def _shots(s: CanyonState, e: ev.ShotsFired) -> CanyonState:
    s.rolls.append(Roll(kind="shoot", dice=e.dice, hits=e.hits))
    return s


def _turn_ended(s: CanyonState, e: ev.TurnEnded) -> CanyonState:
    for seat, card in ((MARINE, e.marine_card), (ORK, e.ork_card)):
        if card is not None:
            s.discards[seat].append(card)
    _set(s, played={MARINE: None, ORK: None}, last_played={MARINE: e.marine_card, ORK: e.ork_card})
    return s


def _ended(s: CanyonState, e: ev.GameEnded) -> CanyonState:
    _set(s, winners=list(e.winners), reason=e.reason, phase="over", pending=[])
    return s


EVOLVE: dict[str, Callable[[Any, Any], CanyonState]] = {
    "game_created": _created,
    "canyon_dealt": _dealt,
    "cards_drawn": _drawn,
    "turn_started": _turn_started,
    "canyon_previewed": _previewed,
    "route_chosen": _route,
    "card_played": _played,
    "pursuit_changed": _pursuit,
    "canyon_revealed": _revealed,
    "hazard_resolved": _nothing,
    "flight_cards_recovered": _recovered,
    "flight_cards_discarded": _king,
    "icarus_fired": _icarus,
    "hits_received": _hits,
    "hit_absorbed": _absorbed,
    "damage_drawn": _damage,
    "ship_destroyed": _destroyed,
    "stormtalon_advanced": _advanced,
    "shots_fired": _shots,
    "turn_ended": _turn_ended,
    "game_ended": _ended,
}


def evolve(state: CanyonState | None, event: Event) -> CanyonState:
    """Apply one event (no checks, no chance)."""
    return EVOLVE[event.kind](state, event)
