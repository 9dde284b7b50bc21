"""Every refusal of ClickWars: catalog id -> English text (renderers/locales/*/clickwars.json)."""

from __future__ import annotations

from typing import Any

from engine.core.rules import Rejected

MESSAGES: dict[str, str] = {
    "clickwars.after_charge_no_move": "{unit} charged last turn and cannot move, flee or charge this turn.",
    "clickwars.already_fought": "{unit} has already fought this turn.",
    "clickwars.already_moved": "{unit} has already moved this turn.",
    "clickwars.already_shot": "{unit} has already made its ranged attack this turn.",
    "clickwars.bad_quarry": "{quarry} is neither one of your figures nor a profile in your army.",
    "clickwars.cannot_crew": "{unit} cannot crew a gun: only an infantryman who serves no other gun can.",
    "clickwars.charge_blocked": "The charge of {unit} would run into {other}: friends, guns and hostages cannot be charged through.",
    "clickwars.charge_cavalry_only": "Only cavalry can charge; {unit} is not cavalry.",
    "clickwars.charge_end_occupied": "{unit} would end its charge on top of {other}.",
    "clickwars.charge_engaged": "{unit} is engaged in close combat and cannot charge.",
    "clickwars.charge_lancer": "Cavalry cannot charge lancers, and {other} stands in the path of {unit}.",
    "clickwars.charge_no_shooting": "{unit} charged and cannot make ranged attacks this turn or the next.",
    "clickwars.charge_short": "{unit} cannot complete the full 30 cm of the charge on the table that way.",
    "clickwars.charge_terrain": "A charge needs normal ground all the way; that path crosses {area}.",
    "clickwars.crew_blocked": "{crew} cannot follow {unit} there.",
    "clickwars.crew_stays": "{unit} serves the gun {gun} and moves with it: pick the gun to move them both.",
    "clickwars.crew_contact": "Place {unit} in base contact with its gun {gun}.",
    "clickwars.deploy_missing": "Place these pieces first: {units}.",
    "clickwars.engaged_cannot_move": "{unit} is engaged with {enemy}: only lancers and cavalry may flee, others may only close in.",
    "clickwars.engaged_no_shooting": "{unit} is engaged in close combat and cannot shoot.",
    "clickwars.fled_no_attack": "{unit} fled from close combat this turn and cannot attack.",
    "clickwars.gun_has_crew": "{unit} already has a crewman, {crew}.",
    "clickwars.gun_immune": "The gun {target} has no crewman, and only a gun can harm a gun.",
    "clickwars.gun_no_cc": "A gun piece does not fight in close combat; its crewman does.",
    "clickwars.gun_uncrewed": "{unit} has no crewman and can neither move nor fire.",
    "clickwars.hostage_spot": "A hostage goes in your half, at least 30 cm from the enemy's area; ({x}, {y}) is not.",
    "clickwars.idle": "{unit} dropped its weapon and does nothing this turn.",
    "clickwars.impassable": "{unit} cannot enter or stand on impassable terrain.",
    "clickwars.indirect_guns_only": "Only a gun can fire indirectly; {unit} is not a gun.",
    "clickwars.nothing_to_confirm": "There is no move or charge to confirm: choose one first.",
    "clickwars.no_move": "{unit} would stay where it is; to leave it, end the phase.",
    "clickwars.no_ranged_weapon": "{unit} has no ranged weapon.",
    "clickwars.no_sight": "{unit} cannot see {target}: it is in cover.",
    "clickwars.no_sight_gun": "{unit} cannot see {target}; fire indirectly instead.",
    "clickwars.not_a_gun": "{unit} is not one of your guns.",
    "clickwars.not_enemy": "{unit} is one of yours.",
    "clickwars.not_in_contact": "{unit} is {gap} cm from {gun}; it must be in base contact.",
    "clickwars.not_yours": "{unit} is not one of yours.",
    "clickwars.now.assault": "It is the Assault phase: fight or end the phase.",
    "clickwars.now.counter": "It is the counter-assault: fight or end the phase.",
    "clickwars.now.deploy": "Deploy your army first.",
    "clickwars.now.edge": "The roll-off winner must choose an edge first.",
    "clickwars.now.end": "The turn is ending.",
    "clickwars.now.movement": "It is the Movement phase: move, charge, crew a gun or end the phase.",
    "clickwars.now.over": "This game is over.",
    "clickwars.now.quarry": "Name your quarry first.",
    "clickwars.now.role": "The roll-off winner must choose to attack or defend first.",
    "clickwars.now.setup": "Both players must confirm the table and armies first.",
    "clickwars.now.shooting": "It is the Shooting phase: shoot or end the phase.",
    "clickwars.off_table": "{unit} would leave the table at ({x}, {y}).",
    "clickwars.out_of_range": "{target} is {distance} cm from {unit}; the range is {range} cm.",
    "clickwars.out_of_reach": "{target} is {distance} cm from {unit}; its reach is {reach} cm.",
    "clickwars.outside_area": "{unit} at ({x}, {y}) would not lie wholly inside your area (y {lo} to {hi} cm).",
    "clickwars.overlap": "{unit} would overlap {other}.",
    "clickwars.point_off_table": "({x}, {y}) is off the table.",
    "clickwars.point_out_of_range": "That point is {distance} cm from {unit}; the range is {range} cm.",
    "clickwars.through_enemy": "{unit} cannot move through {enemy}.",
    "clickwars.too_far": "That path costs {cost} cm; {unit} may move {limit} cm.",
    "clickwars.unit_dead": "{unit} is not on the table.",
    "clickwars.unknown_action": "That is not a ClickWars action.",
    "clickwars.unknown_unit": "There is no unit called {unit}.",
    "clickwars.weapon_broken": "The weapon of {unit} is broken.",
}


def refuse(message_id: str, **params: Any) -> Rejected:
    """The Rejected for a catalog id, worded in English with its numbers."""
    return Rejected(message_id, MESSAGES[message_id], **params)
