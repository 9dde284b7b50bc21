"""Refusals of the Deathwing campaign: every id, its English default, and one way to build one.

The catalogs word each id as "spacehulk.campaign.<id>" (renderers/locales/<lang>/spacehulk_campaign.ftl).
"""

from __future__ import annotations

from typing import Any

from engine.core import Rejected

MESSAGES: dict[str, str] = {
    "phase": "The campaign is not waiting for that now.",
    "bid.twice": "You have already bid this round.",
    "bid.range": "Bid a whole number of points from {low} to {high}.",
    "squad.unknown": "There is no squad {squad} on your roster.",
    "squad.unavailable": "Squad {squad} cannot play this mission: it is spent, guarding the perimeter, or one of its Marines played the last mission.",
    "field.none": "Choose at least one squad; you have {count} available.",
    "field.twice": "You named squad {squad} twice.",
    "field.torpedoes": "Those squads need {needed} boarding torpedoes; {left} are left.",
    "disband.empty": "Squad {squad} has no Marine left to move.",
    "disband.unplaced": "Every surviving Marine of squad {squad} must join another squad.",
    "disband.member": "{member} is not a surviving Marine of squad {squad}.",
    "disband.target": "Squad {target} cannot take Marines: only a squad that has lost Marines can.",
    "disband.full": "Squad {target} would have {count} Marines; a squad has at most 5.",
    "report.dead": "{member} did not play this mission.",
    "report.blips": "The mission used {blips} blips; only {left} are left of the campaign's 125.",
    "deploy.room": "{count} Marines do not fit the {room} squares of the deployment corridors.",
    "lose.choice": "Squad {squad} cannot be the one lost: choose a squad that did not play this mission.",
}


def refuse(message_id: str, **params: Any) -> Rejected:
    """The refusal `message_id` with its English default."""
    return Rejected(f"spacehulk.campaign.{message_id}", MESSAGES[message_id], **params)
