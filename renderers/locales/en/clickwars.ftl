# clickwars (en). Project Fluent syntax: see renderers/locales/README.md.

clickwars-action-charge = Charge with { $unit } at { $bearing }°
clickwars-action-confirm_deployment = Confirm deployment
clickwars-action-confirm_setup = Confirm table and armies
clickwars-action-crew = { $unit } crews gun { $gun }
clickwars-action-deploy_cover = Deploy behind cover
clickwars-action-deploy_line = Deploy in a line
clickwars-action-deploy_spread = Deploy spread out
clickwars-action-edge_north = Take the north edge (y = 120)
clickwars-action-edge_south = Take the south edge (y = 0)
clickwars-action-end_phase = End phase
clickwars-action-fight = { $unit } fights { $target } ({ $chance }%)
clickwars-action-move = Move { $unit } to ({ $x }, { $y })
clickwars-action-place = Place { $unit } at ({ $x }, { $y })
clickwars-action-quarry = Name { $quarry } as quarry
clickwars-action-role_attacker = Attack
clickwars-action-role_defender = Defend
clickwars-action-shoot = { $unit } shoots { $target } ({ $chance }%)
clickwars-action-shoot_indirect = { $unit } fires indirectly at { $target } ({ $chance }%)
clickwars-action-shoot_point = { $unit } fires at ({ $x }, { $y })
clickwars-action-unknown = Unknown action

clickwars-after_charge_no_move = { $unit } charged last turn and cannot move, flee or charge this turn.

clickwars-already_fought = { $unit } has already fought this turn.

clickwars-already_moved = { $unit } has already moved this turn.

clickwars-already_shot = { $unit } has already made its ranged attack this turn.

clickwars-army_empty = An army needs at least one figure.

clickwars-army_gun_without_crew = Each gun needs its own gun crew: { $guns } guns, { $crews } crews.

clickwars-army_too_big = An army may have at most { $limit } figures; this one has { $count }.

clickwars-army_unknown_profile = There is no profile called { $name }; choose from { $known }.

clickwars-bad_quarry = { $quarry } is neither one of your figures nor a profile in your army.

clickwars-cannot_crew = { $unit } cannot crew a gun: only an infantryman who serves no other gun can.

clickwars-cause-axe = axe
clickwars-cause-bayonet = bayonet
clickwars-cause-blast = blast
clickwars-cause-bow = bow
clickwars-cause-cannon = cannon
clickwars-cause-charge = charge
clickwars-cause-critical = critical
clickwars-cause-dagger = dagger
clickwars-cause-fists = fists
clickwars-cause-friendly_fire = friendly fire
clickwars-cause-fumble = fumble
clickwars-cause-fumble_comrade = a comrade's fumble
clickwars-cause-fumble_self = fumble
clickwars-cause-knife = knife
clickwars-cause-lance = lance
clickwars-cause-pistol = pistol
clickwars-cause-rifle = rifle
clickwars-cause-sword = sword
clickwars-cause-thrown_axes = thrown axe

clickwars-charge_blocked = The charge of { $unit } would run into { $other }: friends, guns and hostages cannot be charged through.

clickwars-charge_cavalry_only = Only cavalry can charge; { $unit } is not cavalry.

clickwars-charge_end_occupied = { $unit } would end its charge on top of { $other }.

clickwars-charge_engaged = { $unit } is engaged in close combat and cannot charge.

clickwars-charge_lancer = Cavalry cannot charge lancers, and { $other } stands in the path of { $unit }.

clickwars-charge_no_shooting = { $unit } charged and cannot make ranged attacks this turn or the next.

clickwars-charge_short = { $unit } cannot complete the full 30 cm of the charge on the table that way.

clickwars-charge_terrain = A charge needs normal ground all the way; that path crosses { $area }.

clickwars-crew_blocked = { $crew } cannot follow { $unit } there.

clickwars-crew_contact = Place { $unit } in base contact with its gun { $gun }.

clickwars-deploy_missing = Place these pieces first: { $units }.

clickwars-end-assault_taken = the attacker took the position
clickwars-end-both_quarries = both quarries fell
clickwars-end-defended = the defender held out to the last round
clickwars-end-extermination = the enemy army was exterminated
clickwars-end-held = the objective was held (Red { $red }, Blue { $blue } points)
clickwars-end-held_draw = the objective points are tied (Red { $red }, Blue { $blue })
clickwars-end-hunt = the quarry ({ $quarry }) was hunted down
clickwars-end-mutual_destruction = both armies fell
clickwars-end-rescued = a hostage was brought home
clickwars-end-standing = more troops standing after the last round (Red { $red }, Blue { $blue })
clickwars-end-standing_draw = as many troops standing on each side (Red { $red }, Blue { $blue })

clickwars-engaged_cannot_move = { $unit } is engaged with { $enemy }: only lancers and cavalry may flee, others may only close in.

clickwars-engaged_no_shooting = { $unit } is engaged in close combat and cannot shoot.

clickwars-fled_no_attack = { $unit } fled from close combat this turn and cannot attack.


clickwars-gun_has_crew = { $unit } already has a crewman, { $crew }.

clickwars-gun_immune = The gun { $target } has no crewman, and only a gun can harm a gun.

clickwars-gun_no_cc = A gun piece does not fight in close combat; its crewman does.

clickwars-gun_uncrewed = { $unit } has no crewman and can neither move nor fire.

clickwars-hostage_spot = A hostage goes in your half, at least 30 cm from the enemy's area; ({ $x }, { $y }) is not.

clickwars-idle = { $unit } dropped its weapon and does nothing this turn.

clickwars-impassable = { $unit } cannot enter or stand on impassable terrain.

clickwars-indirect_guns_only = Only a gun can fire indirectly; { $unit } is not a gun.

clickwars-legend-blast = Blast (5 cm) and scatter
clickwars-legend-building = Building: impassable, blocks sight
clickwars-legend-cm = cm
clickwars-legend-corridor = Charge corridor
clickwars-legend-hill = Hill (+10 cm range)
clickwars-legend-move = Last move
clickwars-legend-objective = Objective
clickwars-legend-other = Other terrain
clickwars-legend-rock = Rock: impassable, blocks sight
clickwars-legend-shot_hit = Shot that hit
clickwars-legend-shot_miss = Shot that missed
clickwars-legend-strip = Deployment areas (20 cm)
clickwars-legend-swamp = Swamp: difficult
clickwars-legend-title = Legend
clickwars-legend-units = Units (id, type, life)
clickwars-legend-wood = Wood: difficult, hides beyond 5 cm
clickwars-legend-your_plan = Your secret deployment

clickwars-mode-artillery = fires
clickwars-mode-indirect = fires indirectly
clickwars-mode-melee = strikes
clickwars-mode-ranged = shoots

clickwars-name = ClickWars

clickwars-no_move = { $unit } would stay where it is; to leave it, end the phase.

clickwars-no_ranged_weapon = { $unit } has no ranged weapon.

clickwars-no_sight = { $unit } cannot see { $target }: it is in cover.

clickwars-no_sight_gun = { $unit } cannot see { $target }; fire indirectly instead.

clickwars-not_a_gun = { $unit } is not one of your guns.

clickwars-not_enemy = { $unit } is one of yours.

clickwars-not_in_contact = { $unit } is { $gap } cm from { $gun }; it must be in base contact.


clickwars-not_yours = { $unit } is not one of yours.

clickwars-now-assault = It is the Assault phase: fight or end the phase.
clickwars-now-counter = It is the counter-assault: fight or end the phase.
clickwars-now-deploy = Deploy your army first.
clickwars-now-edge = The roll-off winner must choose an edge first.
clickwars-now-end = The turn is ending.
clickwars-now-movement = It is the Movement phase: move, charge, crew a gun or end the phase.
clickwars-now-over = This game is over.
clickwars-now-quarry = Name your quarry first.
clickwars-now-role = The roll-off winner must choose to attack or defend first.
clickwars-now-setup = Both players must confirm the table and armies first.
clickwars-now-shooting = It is the Shooting phase: shoot or end the phase.

clickwars-off_table = { $unit } would leave the table at ({ $x }, { $y }).

clickwars-out_of_range = { $target } is { $distance } cm from { $unit }; the range is { $range } cm.

clickwars-out_of_reach = { $target } is { $distance } cm from { $unit }; its reach is { $reach } cm.

clickwars-outside_area = { $unit } at ({ $x }, { $y }) would not lie wholly inside your area (y { $lo } to { $hi } cm).

clickwars-overlap = { $unit } would overlap { $other }.

clickwars-phase-assault = Assault
clickwars-phase-counter = Counter-assault
clickwars-phase-deploy = Secret deployment
clickwars-phase-edge = Choosing the edges
clickwars-phase-end = End of turn
clickwars-phase-movement = Movement
clickwars-phase-over = Game over
clickwars-phase-quarry = Naming the quarries
clickwars-phase-role = Choosing attacker and defender
clickwars-phase-setup = Setting up the table
clickwars-phase-shooting = Shooting

clickwars-point_off_table = ({ $x }, { $y }) is off the table.

clickwars-point_out_of_range = That point is { $distance } cm from { $unit }; the range is { $range } cm.

clickwars-private-deployment = Your planned deployment (secret until both confirm): { $spots }

clickwars-profile-archer = Archer
clickwars-profile-axe_thrower = Axe thrower
clickwars-profile-cannon = Cannon
clickwars-profile-cavalry = Cavalry
clickwars-profile-gun_crew = Gun crew
clickwars-profile-lancer = Lancer
clickwars-profile-rifleman = Rifleman
clickwars-profile-swordsman = Swordsman

clickwars-prompt-assault = Assault: pick a unit and the enemy it fights, or end the phase.
clickwars-prompt-counter = Counter-assault: strike back, or end the phase.
clickwars-prompt-deploy = Deploy your army in your 20 cm strip; nobody sees it until both confirm.
clickwars-prompt-edge = You won the roll-off: choose your edge.
clickwars-prompt-movement = Movement: pick a unit to move, charge or crew a gun, or end the phase.
clickwars-prompt-over = The game is over.
clickwars-prompt-quarry = Name your quarry: the figure or type the enemy must hunt.
clickwars-prompt-role = You won the roll-off: attack or defend?
clickwars-prompt-setup = Check the table and both armies, then confirm.
clickwars-prompt-shooting = Shooting: pick a unit and a target, or end the phase.

clickwars-rules =
    Two armies of toy soldiers on a 120x120 cm table; every distance in cm, every roll a d10.
    • **Turn**: wounded units in their own 20 cm area heal 1d10, then **Movement** (cavalry 20 cm, infantry 10, artillery 5; difficult ground costs double; impassable cannot be entered), **Shooting** (one ranged attack per unit: rifles, bows, pistols 20 cm, thrown axes 10, cannon 40 with a 5 cm blast; +10 cm from a hill), **Assault** (close combat within reach: 1 cm, lances 3 cm).
    • **To hit**: d10 ≤ DI (ranged) or CC (melee). A 1 kills outright, a 10 is a fumble.
    • **Damage**: d10 with the weapon's modifier, minus d10 for armour and d10 for a shield.
    • **Cavalry charge**: 30 cm straight over normal ground; every enemy in the corridor takes 1d10+2 and is pushed aside. No charge through lancers.
    • **Artillery**: only guns harm guns; a miss scatters d10 × 2.54 cm and harms only the firer's own units; indirect fire reaches what the gun cannot see.
    • **Victory**: exterminate the enemy, or have more figures standing after round 8 (or win the chosen scenario).

clickwars-say-armour = , armour save −{ $roll }
clickwars-say-attack_critical = { $unit } { $how } at { $target }: d10 = 1, critical!
clickwars-say-attack_fumble = { $unit } { $how } at { $target }: d10 = 10, fumble!
clickwars-say-attack_hit = { $unit } { $how } at { $target }: d10 = { $roll } (needs { $need } or less), hit.
clickwars-say-attack_miss = { $unit } { $how } at { $target }: d10 = { $roll } (needs { $need } or less), miss.
clickwars-say-blast_all = Under the blast: { $units }.
clickwars-say-blast_empty = The blast lands on nobody.
clickwars-say-blast_none = The blast lands on nobody.
clickwars-say-blast_own = A failed blast: only the firer's own units suffer ({ $units }).
clickwars-say-charged = { $unit } charges 30 cm at { $bearing }°!
clickwars-say-confirmed = { $side } confirms the table and armies.
clickwars-say-crew_joined = { $unit } now crews gun { $gun }.
clickwars-say-crew_left = { $unit } no longer crews gun { $gun }.
clickwars-say-damaged = { $unit } takes { $cause } damage: d10 = { $die } → { $gross }{ $saves } → { $net }; life { $life }.
clickwars-say-edge_north = { $side } takes the north edge.
clickwars-say-edge_south = { $side } takes the south edge.
clickwars-say-ff_hit = Shooting into the melee: d10 = { $roll } (odd), the shot hits { $unit }.
clickwars-say-ff_none = Shooting into the melee: d10 = { $roll } (even), no friend is hit.
clickwars-say-fled = { $unit } flees from close combat ({ $cost } cm).
clickwars-say-fumble_1 = Fumble table d10 = 1: { $unit } hurts itself (1d10).
clickwars-say-fumble_10 = Fumble table d10 = 10: { $unit } wounds itself and dies.
clickwars-say-fumble_2 = Fumble table d10 = 2: { $unit } drops its weapon and loses its next turn.
clickwars-say-fumble_3 = Fumble table d10 = 3: { $unit } hurts itself (1d10+1).
clickwars-say-fumble_4 = Fumble table d10 = 4: the weapon of { $unit } breaks.
clickwars-say-fumble_5 = Fumble table d10 = 5: { $unit } hurts itself (1d10+2).
clickwars-say-fumble_6 = Fumble table d10 = 6: { $unit } hits the nearest comrade (1d10).
clickwars-say-fumble_7 = Fumble table d10 = 7: { $unit } hurts itself (1d10+3).
clickwars-say-fumble_8 = Fumble table d10 = 8: { $unit } hits the two nearest comrades (1d10 each).
clickwars-say-fumble_9 = Fumble table d10 = 9: { $unit } hurts itself (1d10+4).
clickwars-say-healed = { $unit } heals in its area: d10 = { $roll }, life { $life }.
clickwars-say-idled = { $unit } will do nothing in its army's next turn.
clickwars-say-killed = { $unit } falls ({ $cause }).
clickwars-say-moved = { $unit } moves ({ $cost } cm of allowance).
clickwars-say-phase_ended = { $side } ends the { $phase } phase.
clickwars-say-pushed = { $unit } is pushed aside to ({ $x }, { $y }).
clickwars-say-quarry = { $side } names its quarry: { $quarry }.
clickwars-say-ready = { $side } has deployed.
clickwars-say-recovered = { $unit } stands up again: d10 = { $roll }, life { $life }.
clickwars-say-revealed = Both deployments are revealed.
clickwars-say-role_attacker = { $side } attacks.
clickwars-say-role_defender = { $side } defends.
clickwars-say-roll_pair = Red { $red }, Blue { $blue }
clickwars-say-rolled_off = Roll-off (d10): { $rolls }. { $side } starts.
clickwars-say-round_ended = Round { $round } ends.
clickwars-say-round_held = Round { $round } ends; { $side } holds the objective.
clickwars-say-scattered = The blast deviates { $distance } cm (d10 = { $roll }, × 2.54 cm) at { $bearing }°.
clickwars-say-scattered_off = The blast deviates { $distance } cm (d10 = { $roll }, × 2.54 cm) at { $bearing }°, off the table: no effect.
clickwars-say-shield = , shield save −{ $roll }
clickwars-say-the_point = the point
clickwars-say-turn = Round { $round }: { $side }'s turn.
clickwars-say-weapon_broken = The weapon of { $unit } is broken for the rest of the game.

clickwars-scenario-assault = Assault on a position
clickwars-scenario-extermination = Extermination
clickwars-scenario-hostage_rescue = Hostage rescue
clickwars-scenario-hunt = Hunt
clickwars-scenario-take_and_hold = Take and hold

clickwars-seat-blue = Blue
clickwars-seat-red = Red

clickwars-side-blue = Blue
clickwars-side-red = Red

clickwars-status-attacker = Attacker: { $side }
clickwars-status-scores = Points: Red { $red }, Blue { $blue }
clickwars-status-standing = Figures standing: Red { $red }, Blue { $blue }
clickwars-status-title = **ClickWars** · { $scenario }
clickwars-status-turn = Round { $round }/{ $rounds } · { $side }'s turn · { $phase }

clickwars-terrain_duplicate = Two terrain pieces are called { $id }.

clickwars-terrain_off_table = Terrain piece { $id } does not lie on the { $width }x{ $height } cm table.

clickwars-through_enemy = { $unit } cannot move through { $enemy }.

clickwars-too_far = That path costs { $cost } cm; { $unit } may move { $limit } cm.

clickwars-unit_dead = { $unit } is not on the table.

clickwars-unknown_action = That is not a ClickWars action.

clickwars-unknown_unit = There is no unit called { $unit }.

clickwars-weapon_broken = The weapon of { $unit } is broken.

# The controls: pick a unit, preview, confirm (renderers/clickwars/controls.py).
clickwars-crew_stays = { $unit } serves the gun { $gun } and moves with it: pick the gun to move them both.
clickwars-nothing_to_confirm = There is no move or charge to confirm: choose one first.
clickwars-action-select = Pick { $unit }
clickwars-action-plan_move = Preview a move of { $unit }
clickwars-action-plan_charge = Preview a charge of { $unit } at { $bearing }°
clickwars-dir-N = north
clickwars-dir-NE = northeast
clickwars-dir-E = east
clickwars-dir-SE = southeast
clickwars-dir-S = south
clickwars-dir-SW = southwest
clickwars-dir-W = west
clickwars-dir-NW = northwest
clickwars-img-cost = cost { $cost } of { $limit } cm
clickwars-private-selected = Picked: { $unit }, life { $life }/{ $max }, at ({ $x }, { $y }).
clickwars-private-move_preview = Preview: { $unit } moves { $length } cm to ({ $x }, { $y }); it costs { $cost } of its { $limit } cm. Confirm, or choose again.
clickwars-private-charge_preview = Preview: { $unit } charges 30 cm at { $bearing }° to ({ $x }, { $y }); in the corridor: { $victims } (each takes 1d10+2, armour ignored). Confirm, or choose again.
clickwars-ui-bad_unit = Unit: “{ $value }” is not a unit on the table. Type its number as on the board, for example “{ $example }”.
clickwars-ui-bad_to = To: “{ $value }” is neither a point, a unit nor a direction. Type coordinates in cm, a unit or a direction (degrees or N, NE…), for example “40 35”, “{ $example }” or “NE”.
clickwars-ui-bad_distance = Distance: “{ $value }” is not a length. Type centimetres above 0, for example “7.5” or “7.5 cm” (inches only with their unit: “3 in”), or leave it empty to go as far as allowed.
clickwars-ui-bad_bearing = Bearing: “{ $value }” is not a compass bearing. Type whole degrees from 0 to 359 (0 = north, 90 = east) or a direction such as NE, for example “45”.
clickwars-ui-bad_x = X: “{ $value }” is not a length in cm. Type a number from 0 to { $limit }, for example “40” or “40.5” (inches only with their unit: “16 in”).
clickwars-ui-bad_y = Y: “{ $value }” is not a length in cm. Type a number from 0 to { $limit }, for example “35” or “35.5”.
clickwars-ui-need_both = X: “{ $value }” gives one coordinate; type both in cm, x and y, for example “40 35” (or x here and y below).
clickwars-ui-bad_choice = That choice is not on offer any more.
clickwars-ui-field-unit = Unit
clickwars-ui-field-unit_hint = Its number on the board: R3, B7, or just 3
clickwars-ui-field-x = X (cm), or “x y”
clickwars-ui-field-x_hint = 0 to { $limit } cm from the west edge, e.g. 40 or 40 35
clickwars-ui-field-y = Y (cm)
clickwars-ui-field-y_hint = 0 to { $limit } cm from the south edge, e.g. 35
clickwars-ui-field-to = To: a point, a unit or a direction
clickwars-ui-field-to_hint = 40 35 · B7 · NE · 45
clickwars-ui-field-distance = Distance (cm)
clickwars-ui-field-distance_hint = Empty: as far as allowed (up to { $limit } cm)
clickwars-ui-field-bearing = Bearing (degrees or N, NE…)
clickwars-ui-field-bearing_hint = 0 = north (toward y = 120), 90 = east; e.g. 45
clickwars-ui-pick = Pick by number
clickwars-ui-pick_title = Pick a unit
clickwars-ui-place = Place a unit
clickwars-ui-place_title = Place a unit in your strip
clickwars-ui-move = Move to…
clickwars-ui-move_title = Move { $unit }
clickwars-ui-charge = Charge at a bearing…
clickwars-ui-charge_title = Charge with { $unit }
clickwars-ui-point = Fire at a point…
clickwars-ui-point_title = { $unit }: indirect fire at a point
clickwars-ui-toward_option = Toward { $target }: { $length } cm (cost { $cost })
clickwars-ui-direction_option = { $direction } ({ $bearing }°): { $length } cm (cost { $cost })
clickwars-ui-charge_option = Charge at { $bearing }° through: { $victims }
clickwars-ui-nobody = nobody
clickwars-ui-unit_option = { $unit } · { $life }/{ $max } · ({ $x }, { $y })
clickwars-ui-units-movement = Pick a unit to move…
clickwars-ui-units-shooting = Pick a unit to shoot…
clickwars-ui-units-assault = Pick a unit to fight…
clickwars-ui-units-counter = Pick a unit to strike back…
clickwars-ui-toward = Move { $unit } toward a unit…
clickwars-ui-direction = Move { $unit } in a direction…
clickwars-ui-charges = Charge with { $unit }…
clickwars-ui-attacks-shooting = { $unit } shoots at… (to-hit chance)
clickwars-ui-attacks-assault = { $unit } fights… (to-hit chance)
clickwars-ui-attacks-counter = { $unit } strikes back at… (to-hit chance)
clickwars-ui-back = Back to the units
clickwars-ui-confirm = Confirm
clickwars-ui-again = Choose again
