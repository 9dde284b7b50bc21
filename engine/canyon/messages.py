"""Every refusal of Canyon of Death: catalog id -> English default (renderers/locales/*/canyon.json)."""

from __future__ import annotations

from typing import Any

from engine.core import Rejected

MESSAGES: dict[str, str] = {
    "canyon.no_fork": "There is no fork ahead to choose a route at right now.",
    "canyon.bad_route": "Choose route A or route B.",
    "canyon.now.route": "Choose your route at the fork first: route A or route B.",
    "canyon.now.hits": "First resolve the hits on your ship: {hits} left.",
    "canyon.not_in_hand": "You do not have the {card} in your hand.",
    "canyon.no_hits": "You have no hits to resolve right now.",
    "canyon.hand_empty": "Your hand is empty, so you cannot discard: draw a damage card instead.",
    "canyon.unknown_action": "That is not a move in Canyon of Death.",
}


def refuse(message_id: str, **params: Any) -> Rejected:
    """The Rejected for a catalog id, worded in English with its numbers."""
    return Rejected(message_id, MESSAGES[message_id], **params)
