"""Refusals: every id the Space Hulk rules refuse with, its English default, and one way to build one.

The catalogs (renderers/locales/<lang>/spacehulk.json) word each id as "spacehulk.<id>" in the
player's language; the English here is the default. `refuse(id, **params)` builds the `Rejected`
raised at once; a query returns a `Problem` (`problem(id, **params)`) that `decide` raises and
`legal_actions` simply skips.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.core import Rejected

from .board import square_name

MESSAGES: dict[str, str] = {
    "bid.pending": "There is no bid to make now.",
    "bid.twice": "You have already bid this round; wait for the other player.",
    "bid.range": "Bid a whole number of points from {low} to {high}.",
    "not_a_seat": "You do not play a side in this game.",
    "activation_done": "{name} has already been activated this turn.",
    "activation_marine_done": "{name} has already been activated this turn; only command points can pay for it now.",
    "area_full": "Entry area {area} cannot take a blip.",
    "assault.blip": "Blips cannot attack.",
    "assault.blip_target": "Blips cannot be attacked.",
    "assault.friend": "You cannot attack your own side.",
    "assault.no_psychic": "Only a Librarian's force axe can add psychic points.",
    "assault.psychic_short": "{name} has {psychic} psychic points left.",
    "block.no_die": "There is no die {die} to reroll; the Genestealer rolled {count}.",
    "block.none": "There is no close assault to block.",
    "assault.nothing": "There is nothing to attack directly ahead.",
    "assault.off_board": "Only a model on the board can attack.",
    "convert.acted": "A blip that moved or acted this turn cannot convert.",
    "convert.not_blip": "Only a blip can convert.",
    "destruct.no_fuel": "Only a heavy flamer with a shot left, or a thunder hammer, can self-destruct.",
    "destruct.off": "Heavy flamer self-destruct is not used in this game.",
    "door.blocked": "A door cannot close on a model.",
    "door.destroyed": "That door is destroyed.",
    "door.fixed": "That door cannot be opened by hand.",
    "door.none": "There is no door on {square}.",
    "door.not_adjacent": "The door on {square} is not adjacent.",
    "door.not_in_front": "The door on {square} is not in your front three squares.",
    "door.off_board": "Only a model on the board can work a door.",
    "exit.not_here": "Only a Marine on an exit square can leave the board.",
    "face_no_fire": "The free turn to face the attacker carries no shot.",
    "face_only": "The free turn can only face the attacker.",
    "auto.no_cannon": "Only an assault cannon can fire on auto.",
    "auto.ammo": "Auto fire needs {bursts} bursts; {left} are left.",
    "auto.no_target": "There is nothing in your fire arc and sight to fire at.",
    "cut.no_chainfist": "Only a chainfist can cut through a door.",
    "cut.no_door": "There is no closed door or bulkhead in the square in front.",
    "teleport.off": "This mission does not allow teleporting out.",
    "teleport.marines": "Only a Marine on the board can teleport out.",
    "teleport.own_turn": "Marines teleport out only in their own turn.",
    "teleport.one_a_turn": "Only one Marine may teleport out each turn.",
    "reload.cache_full": "{name} carries all the reloads the cache allows.",
    "reload.weapon_full": "{name}'s weapon is full: the cache reload can only go into his reserve.",
    "reload.own_type": "That is not {name}'s weapon: he takes reloads for his own weapon only.",
    "reload.reserve_cache": "Only the weapons cache adds a reload to the reserve.",
    "solo_tie.none": "No tie is waiting for your choice.",
    "solo_tie.pick": "{pick} is not one of the tied choices ({candidates}).",
    "tile.none": "No geotile is waiting to be placed.",
    "tile.where": "Geotile {tile} cannot go there: it must join a corridor of the board without overlapping.",
    "teleport.locked": "Teleporting out waits until {count} Genestealers have been placed, or until turn {turn} is over.",
    "teleport.locked_count": "Teleporting out waits until {count} Genestealers have been placed.",
    "teleport.room": "In this scenario Marines teleport out only from inside the control room.",
    "grenade.none": "Only a grenade launcher with grenades left can fire one.",
    "grenade.range": "{square} is more than {range} squares away.",
    "grenade.no_line": "{square} is not in your fire arc with a clear line of sight.",
    "detonate.other": "Only the thunder hammer bearer under attack can detonate now.",
    "climb.no_ladder": "There is no ladder here.",
    "climb.facing": "Choose a facing on arrival (blips have none).",
    "move.chute_full": "A Genestealer is already in that chute.",
    "ambush.closed": "No ambush marker can be placed now.",
    "ambush.square": "{square} cannot take an ambush marker.",
    "ambush.near": "{square} is within 6 squares of a Marine.",
    "ambush.seen": "A Marine can see {square}.",
    "convert.ambush": "An ambush marker never converts by choice.",
    "psychic.none": "No Librarian is choosing psychic points now.",
    "assault.levels": "Only a Genestealer attacks another level, through a hole.",
    "assault.no_marine_through": "There is no Marine through a hole directly above or below.",
    "level_step.where": "Step to the square in front of or behind you, or pass.",
    "grenade.up": "Grenades are never fired up through a hole.",
    "prone.cannot": "{name} is prone: he must stand up first (2 AP).",
    "stand.not_prone": "{name} is not prone.",
    "jump.no_hole": "There is no pit or ladder hole here to jump down.",
    "jump.occupied": "Genestealers and blips never jump onto a model.",
    "climb.marines_pit": "Marines cannot climb up through a pit.",
    "shift.where": "That square is not one of the choices.",
    "force.option": "The {squad} squad cannot take the option {option}.",
    "force.swap": "The {squad} squad's trooper {member} cannot take {option}.",
    "force.swap_twice": "The {squad} squad's trooper {member} already replaced that weapon.",
    "force.reloads": "The {squad} squad may buy 1 reload per heavy flamer ({flamers}) and 2 per assault cannon ({cannons}).",
    "force.no_leader": "Your force needs a Sergeant or a Captain.",
    "force.captains": "Your force may have only one Captain; it has {count}.",
    "force.budget": "That force costs {cost} points; you have {budget}.",
    "force.room": "Only {room} Terminators fit the deployment squares; your force has {count}.",
    "option.force_points": "The option {option} is {value}; a generated mission takes {low} to {high} Force List points.",
    "force.one_squad": "This mission takes one Force List squad; your force has {count}.",
    "force.squads": "Each squad must stand whole in one deployment corridor: squads of {sizes} Terminators do not fit corridors of {rooms} squares.",
    "force.none": "There is no force to build now.",
    "deploy.none": "There is no deployment to make now.",
    "deploy.not_marine": "{model} is not one of your Marines.",
    "deploy.off_board": "{square} is off the board.",
    "deploy.wall": "{square} is a wall: deploy on a floor square.",
    "deploy.door": "{square} holds a door: deploy on a floor square without one.",
    "deploy.feature": "{square} is not open floor (a crate, cryogenic tank, pit, ladder or chute is there).",
    "deploy.occupied": "{square} is taken by {other}.",
    "deploy.entry": "{square} is at entry area {area}, which is not secured: deploy at least 2 squares from its entry square.",
    "deploy.carried": "The 4 areas secured in Establish Perimeter stay secured: there is no area to pick.",
    "deploy.areas": "Pick exactly {count} different entry areas; you named {given}.",
    "deploy.unknown_area": "There is no entry area {area} the Genestealers may use.",
    "deploy.pick_blocked": "{model} stands at entry area {area}: keep it secured or move him first.",
    "fire.empty": "The assault cannon is empty; reload it first.",
    "fire.bulkhead": "Only an assault cannon burst can damage a bulkhead.",
    "reload.none": "{name} has no reload left for that weapon.",
    "reload.cannot": "That weapon is not reloaded.",
    "fire.jammed": "The storm bolter is jammed; clear it first.",
    "fire.no_bolter": "Only a storm bolter can fire.",
    "fire.no_line": "{square} is not in your fire arc with a clear line of sight.",
    "fire.no_target": "There is no Genestealer or closed door on {square}.",
    "flame.door": "You cannot flame a closed door square.",
    "flame.empty": "The heavy flamer has no shots left.",
    "flame.marine": "You cannot target a square holding a Marine.",
    "flame.no_flamer": "Only a heavy flamer can flame.",
    "flame.no_line": "{square} is not in your fire arc with a clear line of sight within 12 squares.",
    "flame.own_section": "You cannot flame your own section.",
    "flame.wall": "{square} is a wall.",
    "free_shot_other": "The free shot belongs to the Marine who moved.",
    "jam.none": "The storm bolter is not jammed.",
    "move.blip_adjacent": "A blip cannot move next to a Marine.",
    "move.blip_facing": "Blips have no facing.",
    "move.blip_seen": "A blip cannot move into a square a Marine can see.",
    "move.burning": "{square} is burning.",
    "move.closed_door": "The door on {square} is closed.",
    "move.door_corner": "A diagonal move may not cut the corner of a closed door.",
    "move.entry_facing": "Choose the facing of the Genestealer entering the board.",
    "move.entry_only": "From the lurking space you can only move onto {square}.",
    "move.feature": "{square} cannot be entered.",
    "move.keep_facing": "A move keeps the model's facing; turn separately.",
    "move.must_lurk": "It must lurk this turn: a Marine was within {distance} squares when it arrived.",
    "move.no_sidestep": "Terminators cannot side-step.",
    "move.not_adjacent": "You can only move to an adjacent square.",
    "move.not_yours": "Marines cannot enter a lurking space.",
    "move.occupied": "{square} is occupied.",
    "move.squeeze": "You cannot squeeze diagonally between two blocked squares.",
    "move.wall": "{square} is a wall.",
    "no_model": "There is no model {model}.",
    "no_timer": "No Marine timer is running.",
    "not_marine_phase": "Marines act now only by interrupting with command points.",
    "not_stealer_phase": "Genestealers act only in their action phase.",
    "not_witness": "{name} did not see that action.",
    "not_yours": "{name} is not yours.",
    "nothing_to_pass": "There is nothing to pass.",
    "overwatch.already": "{name} is already on overwatch.",
    "pay_cp_only": "In the Genestealer turn only command points can pay.",
    "pay_free": "Only a free shot or a free turn is taken without paying.",
    "pay_no_ap": "That costs {cost} AP; {name} has {ap}.",
    "pay_no_cp": "That costs {cost} CP; you have {cp}.",
    "pay_short": "That costs {cost} AP; {name} has {ap} AP and you have {cp} CP.",
    "pay_stealer_ap": "Genestealers pay with their own action points.",
    "pending": "Answer the pending step first ({step}).",
    "place_bad": "A Genestealer cannot be placed there.",
    "turn.blip": "Blips have no facing.",
    "turn.fire_90": "Turn and fire allows a 90-degree turn only.",
    "turn.no_turn_and_fire": "Turn and fire is not allowed in this edition.",
    "turn.off_board": "Only a model on the board can turn.",
    "turn.same": "It already faces {facing}.",
    "unknown_action": "That action is not part of this game.",
    "order.bad_square": "{word} is not a square; squares are named like D7 (column letter, row number).",
    "order.cp_first": "Write {word} after the step it pays for, e.g. F cp.",
    "order.facing_needed": "{word} needs a facing: N, E, S or W.",
    "order.model_needed": "{word} needs a Genestealer, e.g. {word} G9.",
    "order.no_door": "There is no door in the three squares in front; name it, e.g. door D7.",
    "order.no_path": "There is no open way to {square}.",
    "order.no_target": "There is nothing in the fire arc and sight to shoot; name the square, e.g. fire D7.",
    "order.not_lurking": "{model} is not in a lurking space.",
    "order.number_needed": "{word} needs a number, e.g. {word} 1.",
    "order.off_board": "{model} is not on the board.",
    "order.place_needed": "{word} needs an entry area or a square.",
    "order.deploy_needed": "{word} needs a square and a facing, e.g. M1 {word} D7 N.",
    "order.areas_needed": "{word} needs the entry areas, e.g. {word} 1 3 5 7.",
    "order.square_needed": "{word} needs a square, e.g. {word} D7.",
    "order.too_long": "An order has at most {count} characters.",
    "order.too_many": "An order has at most {count} steps.",
    "order.which_door": "Which door: {squares}?",
    "order.which_model": "Name the model first, e.g. M1 F F.",
    "order.which_target": "Which target: {squares}?",
    "order.word": "I do not know the order word {word}. Try F, B, L, R, move D7, fire, overwatch, door, pass or end.",
}


def refuse(message_id: str, **params: Any) -> Rejected:
    """The refusal `message_id` with its English default; squares in params are named ("C3")."""
    named = {k: square_name(v) if _is_square(v) else v for k, v in params.items()}
    return Rejected(f"spacehulk.{message_id}", MESSAGES[message_id], **named)


def _is_square(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value)


class Problem(NamedTuple):
    """Why an action would be refused: a message id and its params (squares stay tuples until raised)."""

    id: str
    params: dict[str, Any] = {}

    @property
    def text(self) -> str:
        return MESSAGES[self.id]

    def reject(self) -> Rejected:
        return refuse(self.id, **self.params)


def problem(message_id: str, **params: Any) -> Problem:
    """A refusal found by a query (`legal_actions` never names its squares, so this stays cheap)."""
    assert message_id in MESSAGES, message_id
    return Problem(message_id, params)
