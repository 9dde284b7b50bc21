"""Every refusal of Hunt for the Arkenstone: catalog id -> English text (renderers/locales/*/arkenstone.json)."""

from __future__ import annotations

from typing import Any

from engine.core.rules import Rejected

MESSAGES: dict[str, str] = {
    "arkenstone.bad_distance": "Give a distance greater than 0 inches.",
    "arkenstone.bilbo_only": "Only Bilbo can do that.",
    "arkenstone.card_off_table": "A card at ({x}, {y}) would not lie fully on the table.",
    "arkenstone.cell_taken": "Cell {cell} is not empty.",
    "arkenstone.discover_out_of_reach": "Bilbo is {distance} inches from Smaug; Smaug can discover him only within 1 inch.",
    "arkenstone.move_too_far": "That point is {distance} inches away; {figure} moves at most {limit} inches.",
    "arkenstone.no_closer": "{figure} cannot get any closer to {target}.",
    "arkenstone.no_move": "That move would leave {figure} where he stands; to stay put, pass.",
    "arkenstone.no_room": "{figure} cannot move {direction} from here.",
    "arkenstone.not_a_cell": "In the grid draft a card goes in the centre of a cell; ({x}, {y}) is not one.",
    "arkenstone.not_face_down": "{card} is not a face-down treasure card.",
    "arkenstone.now.action": "Take an action or pass first.",
    "arkenstone.now.free_action": "Take your free action, pass, or guess higher or lower first.",
    "arkenstone.now.guess": "Guess higher or lower first.",
    "arkenstone.now.place_card": "Place the next card first.",
    "arkenstone.now.place_figure": "Place your figure first.",
    "arkenstone.now.trick": "Answer the trick first.",
    "arkenstone.now.turn_up": "Choose a face-down card to turn up first.",
    "arkenstone.off_table": "{figure}'s base would leave the table at ({x}, {y}).",
    "arkenstone.overlap": "{figure} would end overlapping {other}'s base.",
    "arkenstone.search_out_of_reach": "{card} is {distance} inches from Bilbo; he can search only within 1 inch.",
    "arkenstone.smaug_only": "Only Smaug can do that.",
    "arkenstone.stone_hidden": "The Arkenstone has not been turned face up yet.",
    "arkenstone.stone_out_of_reach": "The Arkenstone is {distance} inches from Bilbo; he must be within 1 inch.",
    "arkenstone.unknown_target": "There is nothing called {target} to move toward.",
}


def refuse(message_id: str, **params: Any) -> Rejected:
    """The Rejected for a catalog id, worded in English with its numbers."""
    return Rejected(message_id, MESSAGES[message_id], **params)
