"""AI pilots for Canyon of Death: each reads only its own view and the legal actions.

Marine: at a fork it flies the route it can take most safely (an Icarus Queen first); it plays
the highest card at or under the canyon value it previewed (face cards: its highest card, since
no hazard can hurt it), else its lowest. Ork: it reads the Marine's card, estimates the hidden
canyon card from the spades not yet seen (revealed and discarded fork cards are public), and
weighs the pursuit die against expected hazard hits. Both decide per hit between losing a random
hand card and drawing damage from the card budget (cards needed for the rest of the canyon) and
the risk of the next damage card (the Damage deck's composition is public).
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from engine.core import Action, Dice

from .actions import ChooseRoute, PlayCard, ResolveHit, TakeAllHits
from .state import DESTROYED_AT, MARINE, ORK, effect_of
from .view import CanyonView

PURSUIT_WEIGHT = 0.6  # value of one pursuit-die step, in hits the Stormtalon takes or avoids


def unseen_canyon(view: CanyonView) -> list[int]:
    """Spades the viewer has not seen anywhere (candidates for a hidden canyon card)."""
    seen = {slot.value for st in view.steps for slot in st.slots if slot.value is not None}
    return [rank for rank in range(1, 14) if rank not in seen]


def remaining_damage(view: CanyonView) -> list[int]:
    """Hearts still in the Damage deck (all damage cards drawn are public)."""
    drawn = set(view.marine.damage_cards) | set(view.ork.damage_cards)
    return [rank for rank in range(1, 14) if rank not in drawn]


def plays_needed(view: CanyonView) -> int:
    """Cards the viewer must still play after the current turn's card (one per step left)."""
    left = len(view.steps) - view.stormtalon_step
    batch = view.pending_hits[0] if view.pending_hits else None
    if batch is not None and batch.source != "shoot":
        left -= 1  # the Stormtalon has not advanced past this turn's card yet
    return max(0, left)


def kill_chance(view: CanyonView, seat: str) -> float:
    """Probability that the next damage card destroys `seat`'s ship (DC-HIT-2..4)."""
    ship = view.ship(seat)
    deck = remaining_damage(view)
    if not deck:
        return 0.0
    need = DESTROYED_AT - ship.damage
    return sum(1 for c in deck if c <= 10 and c * ship.pending_multiplier >= need) / len(deck)


def choose_hit(view: CanyonView, legal: Sequence[Action]) -> Action:
    """Discard a random hand card while the card budget allows it, else draw damage."""
    seat = view.seat
    assert seat is not None
    ship = view.ship(seat)
    can_discard = any(isinstance(a, ResolveHit) and a.choice == "discard" for a in legal)
    slack = ship.hand_count + ship.deck_count - plays_needed(view)
    risk = kill_chance(view, seat)
    # A spare card (slack) is cheaper than damage; with no spare, only a likely kill justifies a
    # discard (the crash comes later, and may never come if the game ends first).
    discard = can_discard and (slack >= 1 or (slack >= 0 and risk >= 0.75))
    return ResolveHit(choice="discard") if discard else ResolveHit(choice="damage")


def _only_plays(legal: Sequence[Action]) -> list[int]:
    return [a.card for a in legal if isinstance(a, PlayCard)]


class MarinePilot:
    """The Stormtalon's AI."""

    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        assert isinstance(view, CanyonView) and view.seat == MARINE
        if view.phase == "navigate":
            return self._route(view, legal)
        if view.phase == "marine_play":
            return PlayCard(card=self._card(view, _only_plays(legal)))
        if view.phase == "hits":
            return choose_hit(view, legal)
        return legal[dice.index(len(legal))]

    def _card(self, view: CanyonView, hand: list[int]) -> int:
        value = view.preview[0] if view.preview else None
        return best_card(hand, value)

    def _route(self, view: CanyonView, legal: Sequence[Action]) -> Action:
        assert view.preview is not None and view.hand is not None
        scores = [route_score(list(view.hand), value, len(view.marine.discard)) for value in view.preview]
        route = 0 if scores[0] >= scores[1] else 1
        return next(a for a in legal if isinstance(a, ChooseRoute) and a.route == route)


def best_card(hand: list[int], canyon: int | None) -> int:
    """The Marine's card against a canyon card it can see."""
    if canyon is None or effect_of(canyon) != "hazard":
        return max(hand)  # no hazard: the highest card best raises the pursuit die (DC-MAN-4)
    safe = [c for c in hand if c <= canyon]
    return max(safe) if safe else min(hand)


def route_score(hand: list[int], canyon: int, discards: int) -> float:
    """How good flying this canyon card is for the Marine."""
    effect = effect_of(canyon)
    if effect == "icarus":
        return 4.0
    if effect == "wide_area":
        return 1.0 + 0.3 * min(discards, 3.5)
    if effect == "xenos":
        return 0.8
    card = best_card(hand, canyon)
    if card > canyon:
        return -float(card - canyon)
    return 0.5 + card / 5


class OrkPilot:
    """The Dakkajet's AI."""

    def choose(self, view: BaseModel, legal: Sequence[Action], dice: Dice) -> Action:
        assert isinstance(view, CanyonView) and view.seat == ORK
        if view.phase == "ork_play":
            return PlayCard(card=self._card(view, _only_plays(legal)))
        if view.phase == "hits":
            return choose_hit(view, legal)
        options = [a for a in legal if not isinstance(a, TakeAllHits)] or list(legal)
        return options[dice.index(len(options))]

    def _card(self, view: CanyonView, hand: list[int]) -> int:
        marine = view.marine.played
        assert marine is not None
        unseen = unseen_canyon(view)
        # A sensible Marine keeps its card at or under the canyon value: weigh such cards double.
        weights = {v: (2.0 if v >= marine or v > 10 else 1.0) for v in unseen}
        total = sum(weights.values())
        best, best_score = hand[0], float("-inf")
        for card in sorted(hand):
            hits = sum(w * max(0, card - v) for v, w in weights.items() if v <= 10) / total
            p_hit = sum(w for v, w in weights.items() if v <= 10 and card > v) / total
            change = -1 if card > marine else (1 if card < marine else 0)
            die = min(6, max(1, view.pursuit + change))
            score = -PURSUIT_WEIGHT * (die - view.pursuit) - hits - PURSUIT_WEIGHT * p_hit
            score -= 0.02 * card  # keep high cards for later when it costs nothing
            if score > best_score:
                best, best_score = card, score
        return best
